/* planner-args.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* Megatron's argument namespace: what argparse would hold after parsing,
 * keyed by dest ("num_layers", "add_bias_linear"), each entry remembering
 * the flag as it was written ("--disable-bias-linear") so messages can
 * name it.  Only what was given is stored; getters take the fallback the
 * caller knows to be Megatron's default.  Order of first appearance is
 * kept so the arguments can be written back out. */
typedef struct _PlannerArgs PlannerArgs;

#define PLANNER_TYPE_ARGS (planner_args_get_type ())

GType              planner_args_get_type        (void) G_GNUC_CONST;
PlannerArgs       *planner_args_new             (void);
PlannerArgs       *planner_args_ref             (PlannerArgs       *args);
void               planner_args_unref           (PlannerArgs       *args);
PlannerArgs       *planner_args_copy            (const PlannerArgs *args);

/* value NULL stores argparse's None. */
void               planner_args_set             (PlannerArgs       *args,
                                                 const char        *dest,
                                                 const char        *flag,
                                                 const char        *value);
void               planner_args_set_bool        (PlannerArgs       *args,
                                                 const char        *dest,
                                                 const char        *flag,
                                                 gboolean           value);
void               planner_args_set_list        (PlannerArgs       *args,
                                                 const char        *dest,
                                                 const char        *flag,
                                                 const char *const *values);
void               planner_args_unset           (PlannerArgs       *args,
                                                 const char        *dest);
/* @dest stored as @new_dest (unset before), in the same place. */
void               planner_args_rename          (PlannerArgs       *args,
                                                 const char        *dest,
                                                 const char        *new_dest);

gboolean           planner_args_is_set          (const PlannerArgs *args,
                                                 const char        *dest);
/* The flag as written for @dest, or NULL when it was not given. */
const char        *planner_args_get_flag        (const PlannerArgs *args,
                                                 const char        *dest);
const char        *planner_args_get_string      (const PlannerArgs *args,
                                                 const char        *dest,
                                                 const char        *fallback);
gint64             planner_args_get_int         (const PlannerArgs *args,
                                                 const char        *dest,
                                                 gint64             fallback);
double             planner_args_get_double      (const PlannerArgs *args,
                                                 const char        *dest,
                                                 double             fallback);
gboolean           planner_args_get_bool        (const PlannerArgs *args,
                                                 const char        *dest,
                                                 gboolean           fallback);
/* NULL when not set; a one-element list for a single value. */
const char *const *planner_args_get_list        (const PlannerArgs *args,
                                                 const char        *dest);

guint              planner_args_get_n_entries   (const PlannerArgs *args);
/* Entries in order of first appearance. */
const char        *planner_args_get_dest_at     (const PlannerArgs *args,
                                                 guint              index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerArgs, planner_args_unref)

G_END_DECLS

G_BEGIN_DECLS

/* Copies into @args every entry of @defaults that @args does not set, so
 * a catalog model can fill in what a command line leaves out. */
void               planner_args_merge_missing   (PlannerArgs       *args,
                                                 const PlannerArgs *defaults);

/* The global batch a --step-batch-size-schedule starts with ("0:768
 * 250B:1536" gives 768): the batch of its lowest threshold.  0 when there
 * is no schedule or it cannot be read. */
guint64            planner_args_step_schedule_start (const PlannerArgs *args);

G_END_DECLS
