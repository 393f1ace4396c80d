/* planner-draft-env.c: the environment the planner's own drafts export
 *
 * One table for the script drafts and for the analysis of a job, so the
 * analysis knows what its own draft sets (issue 22 #4).  In the job area:
 * analyze (above) and script (above) both read it.
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-draft-env.h"
#include "planner-release.h"

GHashTable *
planner_draft_env (const PlannerArgs *args,
                          const PlannerGpu  *gpu,
                          const char        *release)
{
  GHashTable *env;
  gboolean max_connections;
  gboolean expandable_segments;

  /* Not with FSDP, which needs more than one connection, nor with the
   * expert-parallel overlap, which Megatron exempts.  The condition itself
   * changed between releases (planner_release_needs_max_connections). */
  max_connections = gpu != NULL &&
                    planner_release_needs_max_connections (release,
                                                           planner_args_get_int (args, "tensor_model_parallel_size", 1),
                                                           planner_args_get_int (args, "context_parallel_size", 1),
                                                           gpu->compute_capability_major) &&
                    !planner_args_get_bool (args, "use_megatron_fsdp", FALSE) &&
                    !planner_args_get_bool (args, "use_custom_fsdp", FALSE) &&
                    !planner_args_get_bool (args, "use_torch_fsdp2", FALSE) &&
                    !planner_args_get_bool (args, "overlap_moe_expert_parallel_comm", FALSE);
  /* Megatron refuses expandable segments with NCCL user buffers (before
   * torch 2.11) and with Transformer Engine's CUDA graphs unless
   * NCCL_GRAPH_REGISTER=0, and Megatron FSDP's double buffers do not work
   * with them: those jobs keep PyTorch's default. */
  expandable_segments = !planner_args_get_bool (args, "nccl_ub", FALSE) &&
                        !planner_args_get_bool (args, "fsdp_double_buffer", FALSE) &&
                        !planner_args_get_bool (args, "enable_cuda_graph", FALSE) &&
                        g_strcmp0 (planner_args_get_string (args, "cuda_graph_impl", "none"), "none") == 0;
  env = g_hash_table_new (g_str_hash, g_str_equal);
  if (max_connections)
    g_hash_table_insert (env, (gpointer) "CUDA_DEVICE_MAX_CONNECTIONS", (gpointer) "1");
  if (expandable_segments)
    g_hash_table_insert (env, (gpointer) "PYTORCH_CUDA_ALLOC_CONF", (gpointer) "expandable_segments:True");
  return env;
}
