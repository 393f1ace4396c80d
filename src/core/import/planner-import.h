/* planner-import.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "planner-args.h"
#include "planner-diagnostic.h"

G_BEGIN_DECLS

#define PLANNER_IMPORT_ERROR (planner_import_error_quark ())

typedef enum
{
  PLANNER_IMPORT_ERROR_EMPTY,
  PLANNER_IMPORT_ERROR_TOO_LARGE,
  PLANNER_IMPORT_ERROR_BINARY,
  PLANNER_IMPORT_ERROR_LIMIT,
  PLANNER_IMPORT_ERROR_NO_COMMAND,
} PlannerImportError;

#define PLANNER_IMPORT_MAX_BYTES (8 * 1024 * 1024)

typedef enum
{
  PLANNER_LAUNCHER_NONE = 0,               /* bare arguments */
  PLANNER_LAUNCHER_TORCHRUN,
  PLANNER_LAUNCHER_TORCH_DISTRIBUTED_RUN,  /* python -m torch.distributed.run / .launch */
  PLANNER_LAUNCHER_SRUN,                   /* srun python script.py */
  PLANNER_LAUNCHER_PYTHON,                 /* python script.py */
} PlannerLauncher;

/* What an existing launch script or command line asks Megatron for. */
typedef struct
{
  PlannerArgs     *args;            /* Megatron arguments by dest, argparse semantics */
  GHashTable      *env;             /* name → value: exported and prefixed variables */
  PlannerLauncher  launcher;
  gboolean         under_srun;      /* the launcher runs inside srun */
  char            *script;          /* "pretrain_gpt.py" as written, or NULL */
  guint            nnodes;          /* 0 when unknown */
  guint            nproc_per_node;  /* 0 when unknown */
  guint            master_port;     /* torchrun's --master-port or --rdzv-endpoint's port; 0 when
                                     * not given or not known */
  gboolean         master_port_unknown; /* given, but as a value the script does not set */
  guint            line;            /* line of the command read, 0 for argv */
  GPtrArray       *diagnostics;     /* PlannerDiagnostic */
} PlannerImport;

GQuark         planner_import_error_quark (void);

PlannerImport *planner_import_script      (const char          *text,
                                           gsize                length,
                                           GError             **error);
/* Bare Megatron arguments, or a launcher command line, already split into
 * words (one element holding a whole command line is read as a script). */
PlannerImport *planner_import_argv        (const char *const   *argv,
                                           GError             **error);
/* The same, read with @release's parser (a release held, or NULL for the
 * default): its options, its removed ones, its suggestions. */
PlannerImport *planner_import_script_for  (const char          *release,
                                           const char          *text,
                                           gsize                length,
                                           GError             **error);
PlannerImport *planner_import_argv_for    (const char          *release,
                                           const char *const   *argv,
                                           GError             **error);
void           planner_import_free        (PlannerImport       *import);
const char    *planner_launcher_to_string (PlannerLauncher      launcher);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerImport, planner_import_free)

G_END_DECLS
