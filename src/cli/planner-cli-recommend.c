/* planner-cli-recommend.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-cli"

#include "config.h"

#include "planner-cli-private.h"
#include "planner-recommend.h"

#define COMMAND "recommend"

static void
print_json (const PlannerRecommendation *r)
{
  g_autoptr(JsonNode) root = planner_recommendation_to_json (r);

  planner_cli_print_json (root);
}

int
planner_cli_recommend (int    argc,
                       char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerRecommendation) r = NULL;
  g_autofree char *gpus_text = NULL;
  g_autofree char *gpu_id = NULL;
  g_autofree char *model_id = NULL;
  g_autofree char *params_text = NULL;
  g_autofree char *seq_text = NULL;
  g_autofree char *experts_text = NULL;
  g_autofree char *per_node_text = NULL;
  g_autofree char *global_text = NULL;
  g_autofree char *format = NULL;
  g_auto(GStrv) rest = NULL;
  PlannerRecommendRequest request = { 0 };
  guint64 value = 0;
  const GOptionEntry entries[] = {
    { "gpus", 0, 0, G_OPTION_ARG_STRING, &gpus_text, "Number of GPUs", "N" },
    { "gpu", 0, 0, G_OPTION_ARG_STRING, &gpu_id, "GPU type from the catalog", "TYPE" },
    { "model", 0, 0, G_OPTION_ARG_STRING, &model_id, "Model preset from the catalog", "PRESET" },
    { "params-b", 0, 0, G_OPTION_ARG_STRING, &params_text, "Or: model size in billions (LLaMA-style shape)", "B" },
    { "seq-length", 0, 0, G_OPTION_ARG_STRING, &seq_text, "Sequence length (default: the model's)", "S" },
    { "num-experts", 0, 0, G_OPTION_ARG_STRING, &experts_text, "Experts per MoE layer (default: the model's)", "E" },
    { "gpus-per-node", 0, 0, G_OPTION_ARG_STRING, &per_node_text, "GPUs per node (default 8; 4 for GB200)", "G" },
    { "global-batch-size", 0, 0, G_OPTION_ARG_STRING, &global_text, "Global batch in sequences (default: chosen)", "B" },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, "Output: text (default), shell or json", "FORMAT" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &rest, NULL, NULL },
    { NULL }
  };
  g_auto(GStrv) args = g_strdupv (argv);

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context,
                                "Recommend a Megatron-Core 0.20.0 parallelism layout (TP, PP, VPP, CP, EP, ETP, "
                                "micro-batch, recompute, distributed optimizer) for a model on a cluster, with a "
                                "reason for every degree, as a shell block to approve.\n"
                                "Exit status: 0 a layout fits, 1 nothing fits (the output says why), 2 bad invocation.");
  if (!planner_cli_parse_options (COMMAND, context, entries, &args))
    return PLANNER_EXIT_USAGE;
  if (rest != NULL && rest[0] != NULL)
    return planner_cli_usage_error (COMMAND, "unexpected argument “%s”", rest[0]);

  if (gpus_text == NULL)
    return planner_cli_usage_error (COMMAND, "--gpus: give the number of GPUs");
  if (!planner_cli_parse_count (COMMAND, "--gpus", gpus_text, PLANNER_MAX_WORLD_SIZE, &request.num_gpus))
    return PLANNER_EXIT_USAGE;
  if (gpu_id == NULL)
    return planner_cli_usage_error (COMMAND, "--gpu: give the GPU type (a100-40gb a100-80gb h100-sxm h100-pcie "
                                             "h200 b200 gb200 l40s v100)");
  request.gpu_id = gpu_id;

  if ((model_id == NULL) == (params_text == NULL))
    return planner_cli_usage_error (COMMAND, "give exactly one of --model PRESET or --params-b B");
  request.model_id = model_id;
  if (params_text != NULL &&
      !planner_cli_parse_positive (COMMAND, "--params-b", params_text, 100000.0, &request.params_b))
    return PLANNER_EXIT_USAGE;
  if (params_text != NULL && !(request.params_b >= 0.01 && request.params_b <= 100000.0))
    return planner_cli_usage_error (COMMAND, "--params-b: %s is out of range; give between 0.01 and 100000 billion",
                                    params_text);

  if (seq_text != NULL)
    {
      if (!planner_cli_parse_count (COMMAND, "--seq-length", seq_text, 1u << 20, &value))
        return PLANNER_EXIT_USAGE;
      request.seq_length = (guint32) value;
    }
  if (experts_text != NULL)
    {
      if (!planner_cli_parse_count (COMMAND, "--num-experts", experts_text, 4096, &value))
        return PLANNER_EXIT_USAGE;
      request.num_experts = (guint32) value;
    }
  if (per_node_text != NULL)
    {
      if (!planner_cli_parse_count (COMMAND, "--gpus-per-node", per_node_text, 4096, &value))
        return PLANNER_EXIT_USAGE;
      request.gpus_per_node = (guint32) value;
    }
  if (global_text != NULL &&
      !planner_cli_parse_count (COMMAND, "--global-batch-size", global_text, (guint64) 1 << 32,
                                &request.global_batch_size))
    return PLANNER_EXIT_USAGE;
  if (format != NULL && !g_str_equal (format, "text") && !g_str_equal (format, "shell") &&
      !g_str_equal (format, "json"))
    return planner_cli_usage_error (COMMAND, "--format: “%s” is not one of shell, json, text", format);

  r = planner_recommend (&request, &error);
  if (r == NULL)
    return planner_cli_usage_error (COMMAND, "%s", error->message);

  if (format != NULL && g_str_equal (format, "json"))
    print_json (r);
  else if (format != NULL && g_str_equal (format, "shell"))
    {
      if (r->fits)
        g_print ("%s", r->shell);
      else
        {
          g_autofree char *comment = g_strdup (r->nothing_fits);

          /* Still valid shell: the explanation as comments, no variables. */
          g_strdelimit (comment, "\n", ' ');
          g_print ("# %s\n", comment);
        }
    }
  else
    {
      g_autofree char *text = planner_recommendation_to_text (r);

      g_print ("%s", text);
    }
  return r->fits ? PLANNER_EXIT_OK : PLANNER_EXIT_JOB_ERRORS;
}
