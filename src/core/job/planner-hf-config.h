/* planner-hf-config.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "planner-args.h"
#include "planner-job.h"

G_BEGIN_DECLS

/* A Hugging Face config.json is read at most this large (real ones are a
 * few kilobytes). */
#define PLANNER_HF_CONFIG_MAX_BYTES (1024 * 1024)

#define PLANNER_HF_CONFIG_ERROR (planner_hf_config_error_quark ())

typedef enum
{
  PLANNER_HF_CONFIG_ERROR_IO,           /* the file or folder cannot be read */
  PLANNER_HF_CONFIG_ERROR_NOT_JSON,     /* not JSON, or not an object */
  PLANNER_HF_CONFIG_ERROR_ARCHITECTURE, /* no architectures, or one no family maps */
  PLANNER_HF_CONFIG_ERROR_KEY,          /* a key missing, of the wrong type or absurd */
} PlannerHfConfigError;

/* What a config.json says, as Megatron-Core 0.20 arguments that
 * pretrain_gpt.py passes to the model, with what the flags cannot carry
 * and what the config left to defaults.  Immutable once made. */
typedef struct _PlannerHfConfig PlannerHfConfig;

GQuark             planner_hf_config_error_quark       (void);

/* @data is the file's bytes; @folder_name (may be NULL) names the model
 * when the config has no _name_or_path. */
PlannerHfConfig   *planner_hf_config_new_from_data     (const char          *data,
                                                        gsize                length,
                                                        const char          *folder_name,
                                                        GError             **error);
/* A config.json, or a folder holding one; read bounded, never followed
 * into a device or a fifo. */
PlannerHfConfig   *planner_hf_config_new_from_file     (const char          *path,
                                                        GError             **error);
void               planner_hf_config_free              (PlannerHfConfig     *config);

/* architectures[0], e.g. "LlamaForCausalLM". */
const char        *planner_hf_config_get_architecture  (const PlannerHfConfig *config);
/* The family table that mapped it, e.g. "llama". */
const char        *planner_hf_config_get_family        (const PlannerHfConfig *config);
/* The Megatron-Bridge file the family's mapping follows. */
const char        *planner_hf_config_get_bridge        (const PlannerHfConfig *config);
/* _name_or_path, else the folder's name, else the architecture. */
const char        *planner_hf_config_get_name          (const PlannerHfConfig *config);
/* The SHA-256 of the file's bytes (hex): what a job keeps to tell, at
 * its next load, whether the file changed since it was read. */
const char        *planner_hf_config_get_digest        (const PlannerHfConfig *config);
/* The arguments by dest, in the order a draft writes them. */
const PlannerArgs *planner_hf_config_get_args          (const PlannerHfConfig *config);
/* The same as words ("--num-layers", "32", "--swiglu", …). */
char             **planner_hf_config_dup_words         (const PlannerHfConfig *config);
/* The config key (or keys) a dest's value came from; NULL when the
 * family's bridge fixes it whatever the config says. */
const char        *planner_hf_config_get_source        (const PlannerHfConfig *config,
                                                        const char            *dest);
guint              planner_hf_config_get_n_unsupported (const PlannerHfConfig *config);
void               planner_hf_config_get_unsupported   (const PlannerHfConfig *config,
                                                        guint                  index,
                                                        const char           **key,
                                                        const char           **why);
/* NULL-terminated; owned by @config. */
const char *const *planner_hf_config_get_notes         (const PlannerHfConfig *config);

/* Makes @config's model the job's custom architecture: the dimensions in
 * the model fields, the options no field holds yet (windows, sinks, RoPE
 * scaling, …) in the job's extra arguments, everything else of the job
 * kept, and the file's digest in model.hf_config_sha256 (the caller
 * sets model.hf_config).  Fails, changing nothing, naming what could not
 * be held. */
gboolean           planner_hf_config_apply_to_job      (const PlannerHfConfig *config,
                                                        PlannerJob            *job,
                                                        GError               **error);

/* A job that names a config (model.hf_config, an absolute path) at load.
 * The architecture was read at import and is kept in the job's custom
 * fields, so the job is complete without the file: a job that holds a
 * custom architecture keeps it, edits and all, and the file is never
 * read over it.  *warning (may be NULL) names the file when it cannot
 * be read now, or when it changed since it was read (its digest,
 * model.hf_config_sha256, differs).  A job that names a config and holds
 * no architecture (written by hand) is imported now; the load fails
 * naming model.hf_config when the file cannot give it one.  TRUE and
 * nothing changed for a job with no model.hf_config. */
gboolean           planner_hf_config_load_into_job     (PlannerJob            *job,
                                                        char                 **warning,
                                                        GError               **error);

/* {"architecture", "arguments", "unsupported": [{"key", "why"}], "notes"}. */
JsonNode          *planner_hf_config_to_json           (const PlannerHfConfig *config);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerHfConfig, planner_hf_config_free)

G_END_DECLS
