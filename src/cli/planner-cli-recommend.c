/* planner-cli-recommend.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-cli-private.h"
#include "planner-hf-config.h"
#include "planner-recommend-job.h"
#include "planner-recommend.h"

#define COMMAND "recommend"

/* "tp=8,pp=4": the degrees a person fixes.  FALSE (after printing the
 * usage error) on anything else. */
static gboolean
parse_pins (const char           *text,
            guint64               num_gpus,
            PlannerRecommendPins *pins)
{
  g_auto(GStrv) items = g_strsplit (text, ",", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      g_auto(GStrv) pair = g_strsplit (g_strstrip (items[i]), "=", 2);
      guint32 *slot = NULL;
      guint64 value = 0;
      g_autofree char *option = NULL;

      if (pair[0] == NULL || pair[1] == NULL)
        {
          planner_cli_usage_error (COMMAND, _("--pin: “%s” is not DEGREE=VALUE; give for example --pin tp=8,pp=4"),
                                   items[i]);
          return FALSE;
        }
      if (g_str_equal (pair[0], "tp"))
        slot = &pins->tp;
      else if (g_str_equal (pair[0], "pp"))
        slot = &pins->pp;
      else if (g_str_equal (pair[0], "cp"))
        slot = &pins->cp;
      else if (g_str_equal (pair[0], "dp"))
        slot = &pins->dp;
      else if (g_str_equal (pair[0], "ep"))
        slot = &pins->ep;
      else if (g_str_equal (pair[0], "etp"))
        slot = &pins->etp;
      else if (g_str_equal (pair[0], "vpp"))
        slot = &pins->vpp;
      if (slot == NULL)
        {
          planner_cli_usage_error (COMMAND, _("--pin: “%s” is not a degree; use tp, pp, cp, dp, ep, etp or vpp"), pair[0]);
          return FALSE;
        }
      if (*slot != 0)
        {
          planner_cli_usage_error (COMMAND, _("--pin: %s is given twice; give each degree once"), pair[0]);
          return FALSE;
        }
      option = g_strdup_printf ("--pin %s", pair[0]);
      if (!planner_cli_parse_count (COMMAND, option, pair[1], MAX (num_gpus, 1), &value))
        return FALSE;
      *slot = (guint32) value;
    }
  return TRUE;
}

static void
print_json (const PlannerRecommendation *r)
{
  g_autoptr(JsonNode) root = planner_recommendation_to_json (r);

  planner_cli_print_json (root);
}

/* What the person fixes besides the batch: precision and its FP8 recipe,
 * the micro-batch, the recompute policy and the pinned degrees: PLANNER_EXIT_OK, or the usage
 * error's status after printing why. */
static int
read_policies (PlannerRecommendRequest *request,
               const char              *precision,
               const char              *recipe,
               const char              *micro_text,
               const char              *recompute,
               const char              *pin_text)
{
  guint64 value = 0;

  /* The release: the job's (which --megatron-version overrode when it
   * was loaded), else --megatron-version, else the default. */
  if (request->megatron_version == NULL)
    request->megatron_version = planner_cli_get_megatron_version ();
  if (precision != NULL)
    {
      request->fp8_recipe = NULL;
      if (g_str_equal (precision, "bf16"))
        request->precision = PLANNER_TRAIN_PRECISION_BF16;
      else if (g_str_equal (precision, "fp8"))
        request->precision = PLANNER_TRAIN_PRECISION_FP8;
      else
        return planner_cli_usage_error (COMMAND, _("--precision: “%s” is not one of bf16, fp8"), precision);
    }
  if (recipe != NULL)
    {
      if (request->precision != PLANNER_TRAIN_PRECISION_FP8)
        return planner_cli_usage_error (COMMAND, _("--fp8-recipe: only with --precision fp8"));
      request->fp8_recipe = recipe;
    }
  if (micro_text != NULL)
    {
      if (!planner_cli_parse_count (COMMAND, "--micro-batch-size", micro_text, 4096, &value))
        return PLANNER_EXIT_USAGE;
      request->micro_batch_size = (guint32) value;
    }
  if (recompute != NULL)
    {
      if (g_str_equal (recompute, "any"))
        request->recompute = PLANNER_RECOMPUTE_POLICY_ANY;
      else if (g_str_equal (recompute, "none"))
        request->recompute = PLANNER_RECOMPUTE_POLICY_NONE;
      else if (g_str_equal (recompute, "selective"))
        request->recompute = PLANNER_RECOMPUTE_POLICY_SELECTIVE;
      else if (g_str_equal (recompute, "full"))
        request->recompute = PLANNER_RECOMPUTE_POLICY_FULL;
      else
        return planner_cli_usage_error (COMMAND, _("--recompute: “%s” is not one of any, none, selective, full"),
                                        recompute);
    }
  if (pin_text != NULL && !parse_pins (pin_text, request->num_gpus, &request->pins))
    return PLANNER_EXIT_USAGE;
  return PLANNER_EXIT_OK;
}

/* The recommendation in the format asked for; its exit status. */
static int
print_recommendation (PlannerRecommendation *r,
                      const char            *format)
{
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
  g_autofree char *tokens_text = NULL;
  g_autofree char *precision = NULL;
  g_autofree char *recipe = NULL;
  g_autofree char *micro_text = NULL;
  g_autofree char *recompute = NULL;
  g_autofree char *pin_text = NULL;
  g_autofree char *format = NULL;
  g_autofree char *job_path = NULL;
  g_autofree char *hf_path = NULL;
  g_autoptr(PlannerHfConfig) hf_config = NULL;
  g_auto(GStrv) rest = NULL;
  g_autoptr(PlannerJob) job = NULL;
  g_autoptr(PlannerArgs) job_model_args = NULL;
  g_autoptr(GPtrArray) given = g_ptr_array_new ();
  PlannerRecommendRequest request = { 0 };
  guint64 value = 0;
  int status;
  const GOptionEntry entries[] = {
    { "gpus", 0, 0, G_OPTION_ARG_STRING, &gpus_text, N_("Number of GPUs"), "N" },
    { "gpu", 0, 0, G_OPTION_ARG_STRING, &gpu_id, N_("GPU type from the catalog"), "TYPE" },
    { "model", 0, 0, G_OPTION_ARG_STRING, &model_id, N_("Model preset from the catalog"), "PRESET" },
    { "params-b", 0, 0, G_OPTION_ARG_STRING, &params_text, N_("Or: model size in billions (LLaMA-style shape)"), "B" },
    { "hf-config", 0, 0, G_OPTION_ARG_FILENAME, &hf_path,
      N_("Or: the model of a Hugging Face config.json (or its folder); overrides --model and --params-b"), N_("FILE") },
    { "seq-length", 0, 0, G_OPTION_ARG_STRING, &seq_text, N_("Sequence length (default: the model's)"), "S" },
    { "num-experts", 0, 0, G_OPTION_ARG_STRING, &experts_text, N_("Experts per MoE layer (default: the model's)"), "E" },
    { "gpus-per-node", 0, 0, G_OPTION_ARG_STRING, &per_node_text, N_("GPUs per node (default 8; 4 for GB200)"), "G" },
    { "global-batch-size", 0, 0, G_OPTION_ARG_STRING, &global_text,
      N_("Global batch in sequences, fixed (default: a batch typical of the model size, stated in tokens)"), "B" },
    { "global-batch-tokens", 0, 0, G_OPTION_ARG_STRING, &tokens_text,
      N_("Or: the global batch in tokens, a multiple of the sequence length"), "T" },
    { "precision", 0, 0, G_OPTION_ARG_STRING, &precision, N_("bf16 (default) or fp8 (Transformer Engine)"), "PRECISION" },
    { "fp8-recipe", 0, 0, G_OPTION_ARG_STRING, &recipe,
      N_("With --precision fp8: tensorwise, delayed, mxfp8 (Blackwell) or blockwise (default: mxfp8 on Blackwell, "
         "else tensorwise)"), "RECIPE" },
    { "micro-batch-size", 0, 0, G_OPTION_ARG_STRING, &micro_text, N_("Micro-batch in sequences, fixed (default: searched)"),
      "M" },
    { "recompute", 0, 0, G_OPTION_ARG_STRING, &recompute,
      N_("Recompute policy, fixed: none, selective or full (default any: the search chooses)"), "POLICY" },
    { "pin", 0, 0, G_OPTION_ARG_STRING, &pin_text,
      N_("Degrees to keep fixed, e.g. tp=8,pp=4 (tp pp cp dp ep etp vpp); the rest vary"), "DEGREE=N,..." },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_("Output: text (default), shell or json"), "FORMAT" },
    { "job", 0, 0, G_OPTION_ARG_FILENAME, &job_path,
      N_("Or: the model, cluster, sequence length, global batch and precision of a job file (its model may be a "
         "custom architecture); the other options override the job's values"), "JOB.json" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, NULL },
    { NULL }
  };
  g_auto(GStrv) args = g_strdupv (argv);

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context,
                                N_("Recommend a Megatron-Core 0.20.0 parallelism layout (TP, PP, VPP, CP, EP, ETP, "
                                   "micro-batch, recompute, distributed optimizer, overlaps) for a model on a cluster, "
                                   "with a reason for every degree, as a shell block to approve. What you give (batch, "
                                   "precision, micro-batch, recompute, pinned degrees) stays fixed; the JSON form ranks "
                                   "the top layouts with their modelled components, all relative.\n"
                                   "Exit status: 0 a layout fits, 1 nothing fits (the output says why), 2 bad invocation."));
  if (!planner_cli_parse_options (COMMAND, context, entries, &args))
    return PLANNER_EXIT_USAGE;
  if (rest != NULL && rest[0] != NULL)
    return planner_cli_usage_error (COMMAND, _("unexpected argument “%s”"), rest[0]);

  /* A job gives the model and what it fixes; options beside it override
   * its values, except the model, which is the job's. */
  if (job_path != NULL)
    {
      if (model_id != NULL || params_text != NULL || experts_text != NULL)
        return planner_cli_usage_error (COMMAND, _("--job: the job file names the model; leave out --model, "
                                                   "--params-b and --num-experts (or change the job's model keys)"));
      job = planner_cli_load_job (job_path, &error);
      if (job == NULL)
        return planner_cli_usage_error (COMMAND, "%s", error->message);
      if (!planner_recommend_request_from_job (job, &request, &job_model_args, &error))
        return planner_cli_usage_error (COMMAND, "%s: %s", job_path, error->message);
      /* A batch given here replaces the job's, in whichever unit. */
      if (global_text != NULL || tokens_text != NULL)
        request.global_batch_size = 0;
      if (precision != NULL)
        request.fp8_recipe = NULL;
    }
#define GIVEN(text, option) G_STMT_START { if ((text) != NULL) g_ptr_array_add (given, (gpointer) (option)); } G_STMT_END
  GIVEN (gpus_text, "--gpus");
  GIVEN (gpu_id, "--gpu");
  GIVEN (per_node_text, "--gpus-per-node");
  GIVEN (seq_text, "--seq-length");
  GIVEN (global_text, "--global-batch-size");
  GIVEN (precision, "--precision");
  GIVEN (recipe, "--fp8-recipe");
#undef GIVEN
  g_ptr_array_add (given, NULL);
  /* The job's values are named by its keys; an option given beside it by the option. */
  request.options_given = (const char *const *) given->pdata;

  if (gpus_text == NULL && job == NULL)
    return planner_cli_usage_error (COMMAND, _("--gpus: give the number of GPUs"));
  if (gpus_text != NULL &&
      !planner_cli_parse_count (COMMAND, "--gpus", gpus_text, PLANNER_MAX_WORLD_SIZE, &request.num_gpus))
    return PLANNER_EXIT_USAGE;
  if (gpu_id == NULL && job == NULL)
    return planner_cli_usage_error (COMMAND, _("--gpu: give the GPU type (a100-40gb a100-80gb h100-sxm h100-pcie "
                                               "h200 b200 gb200 l40s v100)"));
  if (gpu_id != NULL)
    request.gpu_id = gpu_id;

  if (hf_path != NULL)
    {
      if (job != NULL)
        return planner_cli_usage_error (COMMAND, _("--job: the job file names the model; leave out --hf-config"));
      hf_config = planner_hf_config_new_from_file (hf_path, &error);
      if (hf_config == NULL)
        return planner_cli_usage_error (COMMAND, "--hf-config: %s", error->message);
      /* The config's model, whatever --model or --params-b say. */
      request.model_args = planner_hf_config_get_args (hf_config);
      request.model_name = planner_hf_config_get_name (hf_config);
      g_clear_pointer (&model_id, g_free);
      g_clear_pointer (&params_text, g_free);
      /* A config gives the longest sequence, not the one to train with. */
      if (seq_text == NULL)
        {
          gint64 longest = planner_args_get_int (request.model_args, "max_position_embeddings", 4096);

          request.seq_length = (guint32) CLAMP (longest, 1, 4096);
          g_printerr (_("launch-planner-cli %s: --seq-length not given: %u assumed (give the sequence you train "
                        "with)\n"), COMMAND, request.seq_length);
        }
    }
  else if (job == NULL && (model_id == NULL) == (params_text == NULL))
    return planner_cli_usage_error (COMMAND, _("give exactly one of --model PRESET, --params-b B, --hf-config FILE "
                                               "or --job JOB.json"));
  if (job == NULL)
    request.model_id = model_id;
  if (params_text != NULL &&
      !planner_cli_parse_positive (COMMAND, "--params-b", params_text, 100000.0, &request.params_b))
    return PLANNER_EXIT_USAGE;
  if (params_text != NULL && !(request.params_b >= 0.01 && request.params_b <= 100000.0))
    return planner_cli_usage_error (COMMAND, _("--params-b: %s is out of range; give between 0.01 and 100000 billion"),
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
  if (tokens_text != NULL &&
      !planner_cli_parse_count (COMMAND, "--global-batch-tokens", tokens_text, (guint64) 1 << 52,
                                &request.global_batch_tokens))
    return PLANNER_EXIT_USAGE;
  if (global_text != NULL && tokens_text != NULL)
    return planner_cli_usage_error (COMMAND, _("give the global batch once: --global-batch-size (sequences) or "
                                               "--global-batch-tokens (tokens)"));
  status = read_policies (&request, precision, recipe, micro_text, recompute, pin_text);
  if (status != PLANNER_EXIT_OK)
    return status;
  if (format != NULL && !g_str_equal (format, "text") && !g_str_equal (format, "shell") &&
      !g_str_equal (format, "json"))
    return planner_cli_usage_error (COMMAND, _("--format: “%s” is not one of shell, json, text"), format);

  r = planner_recommend (&request, &error);
  if (r == NULL)
    {
      if (job != NULL)
        return planner_cli_usage_error (COMMAND, "%s: %s", job_path, error->message);
      return planner_cli_usage_error (COMMAND, "%s", error->message);
    }

  return print_recommendation (r, format);
}
