/* planner-field-check.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-field-check"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-field-check.h"

#include <string.h>

#include "planner-catalog.h"
#include "planner-config.h"
#include "planner-job-args.h"
#include "planner-job-model.h"
#include "planner-words.h"

/* The rules are written once, as templates naming each field by its job
 * key in braces ("{model.hidden_size}"): filled in the reader's words when
 * each problem is made, the key for the command line, the label for the
 * window. */

void
planner_field_problem_free (PlannerFieldProblem *problem)
{
  if (problem == NULL)
    return;
  g_free (problem->message);
  g_free (problem);
}

typedef struct
{
  PlannerJob         *job;
  GPtrArray          *problems;
  const PlannerWords *words;   /* the form's: a field by its label, a tokenizer by its choice name */
} Check;

/* A tokenizer as the person reads it: the form's choice name ("GPT-2
 * BPE") for the window, the class a job file holds for the CLI. */
static const char *
tokenizer_words (Check      *check,
                 const char *type)
{
  return planner_words_get_kind (check->words) == PLANNER_WORDS_FORM ? planner_field_choice_label ("tokenizer-type", type)
                                                                     : type;
}

static void G_GNUC_PRINTF (5, 6)
add (Check           *check,
     const char      *property,
     PlannerSeverity  severity,
     gboolean         missing,
     const char      *format,
     ...)
{
  PlannerFieldProblem *problem = g_new0 (PlannerFieldProblem, 1);
  g_autofree char *filled = planner_words_fill (check->words, format, TRUE);
  va_list args;

  problem->field = planner_field_lookup (property);
  g_assert (problem->field != NULL);
  problem->key = problem->field->key;
  problem->label = planner_field_get_label (problem->field);
  problem->severity = severity;
  problem->missing = missing;
  va_start (args, format);
  /* The filled format is the literal with only names put in (a '%' in
   * one doubled): its directives are still the literal's. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  problem->message = g_strdup_vprintf (filled, args);
#pragma GCC diagnostic pop
  va_end (args);
  g_ptr_array_add (check->problems, problem);
}

/* @format, a template, filled in the check's words, then printed. */
static char * G_GNUC_PRINTF (2, 3)
say (Check      *check,
     const char *format,
     ...)
{
  g_autofree char *filled = planner_words_fill (check->words, format, TRUE);
  va_list args;
  char *text;

  va_start (args, format);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  text = g_strdup_vprintf (filled, args);
#pragma GCC diagnostic pop
  va_end (args);
  return text;
}

#define ERROR(property, ...)   add (check, property, PLANNER_SEVERITY_ERROR, FALSE, __VA_ARGS__)
#define MISSING(property, ...) add (check, property, PLANNER_SEVERITY_ERROR, TRUE, __VA_ARGS__)
#define WARNING(property, ...) add (check, property, PLANNER_SEVERITY_WARNING, FALSE, __VA_ARGS__)

/* The field of @property as the check's reader names it. */
static const char *
name_of (Check      *check,
         const char *property)
{
  return planner_words_name (check->words, planner_field_lookup (property)->key);
}

/* A path the user typed: absolute, one line, and not a placeholder.  The
 * planner never fills one in.  @missing, when the path is required, is the
 * whole sentence that says so, made in the check's words. */
static void
check_path (Check      *check,
            const char *property,
            gboolean    required,
            const char *missing)
{
  const char *path = planner_job_get_string (check->job, property);
  g_autofree char *why = NULL;

  if (*path == '\0')
    {
      if (required)
        MISSING (property, "%s", missing);
      return;
    }
  why = planner_field_check_path (name_of (check, property), path);
  if (why != NULL)
    ERROR (property, "%s", why);
}

/* A value that goes after "#SBATCH --x=": sbatch reads these lines itself,
 * without a shell, so only plain words are allowed. */
static void
check_sbatch_value (Check      *check,
                    const char *property,
                    const char *allowed)
{
  const char *value = planner_job_get_string (check->job, property);

  for (const char *p = value; *p != '\0'; p++)
    {
      if (!g_ascii_isalnum (*p) && strchr (allowed, *p) == NULL)
        {
          ERROR (property, _("%s is “%s”: use only ASCII letters (a–z, A–Z), digits and “%s”"),
                 name_of (check, property), value, allowed);
          return;
        }
    }
}

static const char *
effective_tokenizer (PlannerJob         *job,
                     const PlannerModel *model)
{
  const char *type = planner_job_get_string (job, "tokenizer-type");

  if (*type != '\0')
    return type;
  if (model != NULL && model->tokenizer_type != NULL)
    return model->tokenizer_type;
  /* pretrain_gpt.py's own default. */
  return "GPT2BPETokenizer";
}

/* Megatron reads --window-size as a tuple of whole numbers
 * (arguments.py's tuple_type), the left and right reach; -1 is unbounded. */
static gboolean
window_is_valid (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);

  if (g_strv_length (parts) != 2)
    return FALSE;
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *part = g_strstrip (g_strdup (parts[i]));
      gint64 value;

      if (!g_ascii_string_to_signed (part, 10, -1, G_MAXINT32, &value, NULL))
        return FALSE;
    }
  return TRUE;
}

/* The attention window and which layers skip it (issue 21). */
static void
check_window (Check *check)
{
  PlannerJob *job = check->job;
  const char *window = planner_job_get_string (job, "window-size");
  const char *skip = planner_job_get_string (job, "window-attn-skip-freq");
  guint layers = planner_job_get_uint (job, "num-layers");

  if (*window == '\0')
    return;
  if (!window_is_valid (window))
    {
      ERROR ("window-size", _("{model.window_size} is “%s”: give the tokens before and after each token it "
                              "attends to as two whole numbers, “left,right” (4096,0; -1 is unbounded)"), window);
      return;
    }
  if (*skip != '\0' && layers > 0)
    {
      g_autoptr(GError) error = NULL;
      g_autofree guint8 *pattern = planner_parse_moe_layer_freq (skip, layers, &error);

      /* The same syntax as --moe-layer-freq (moe_freq_type); its
       * parser's words name that flag, so the message is this field's. */
      if (pattern == NULL)
        ERROR ("window-attn-skip-freq", _("{model.window_attn_skip_freq} is “%s”: give N (every Nth layer attends "
                                          "fully) or a list of {model.num_layers} (%u) entries, 1 windowed and 0 "
                                          "full, such as “[1,1,0]*4”"), skip, layers);
    }
}

static void
check_model (Check              *check,
             const PlannerModel *model,
             const GError       *model_error)
{
  PlannerJob *job = check->job;
  PlannerJobModelKind kind = planner_job_get_model_kind (job);
  guint hidden, heads, groups, experts;

  if (kind == PLANNER_JOB_MODEL_NONE)
    {
      MISSING ("model-id", _("{model.model_id} is empty: choose a catalog model, give a size in billions "
                 "({model.params_b}) or the dimensions ({model.num_layers}, …)"));
      return;
    }
  if (model == NULL)
    {
      ERROR (kind == PLANNER_JOB_MODEL_SIZE ? "params-b" : "model-id", "%s", model_error->message);
      return;
    }
  if (kind != PLANNER_JOB_MODEL_CUSTOM)
    return;

  hidden = planner_job_get_uint (job, "hidden-size");
  heads = planner_job_get_uint (job, "num-attention-heads");
  groups = planner_job_get_uint (job, "num-query-groups");
  experts = planner_job_get_uint (job, "num-experts");

  if (hidden == 0)
    MISSING ("hidden-size", _("{model.hidden_size} is 0: give the model's hidden size"));
  if (heads == 0)
    MISSING ("num-attention-heads", _("{model.num_attention_heads} is 0: give the number of attention heads"));
  if (hidden > 0 && heads > 0 && planner_job_get_uint (job, "kv-channels") == 0 && hidden % heads != 0)
    ERROR ("num-attention-heads", _("{model.num_attention_heads} is %u, which does not divide {model.hidden_size} "
             "(%u): Megatron then needs {model.kv_channels}, or choose a divisor"), heads, hidden);
  if (groups > 0 && heads > 0 && (groups > heads || heads % groups != 0))
    ERROR ("num-query-groups", _("{model.num_query_groups} is %u: it must divide {model.num_attention_heads} (%u)"),
           groups, heads);
  if (groups > 0 && planner_job_get_bool (job, "multi-latent-attention"))
    WARNING ("num-query-groups", _("{model.num_query_groups} is ignored with multi-latent attention: set it to 0"));
  if (planner_job_get_uint (job, "vocab-size") == 0)
    MISSING ("vocab-size", _("{model.vocab_size} is 0: give the tokenizer's vocabulary size "
               "(the planner needs it for the embedding)"));
  if (planner_job_get_uint (job, "max-position-embeddings") == 0)
    MISSING ("max-position-embeddings", _("{model.max_position_embeddings} is 0: Megatron requires it; "
               "give at least the sequence length (%u)"), planner_job_get_uint (job, "seq-length"));
  else if (planner_job_get_uint (job, "max-position-embeddings") < planner_job_get_uint (job, "seq-length"))
    ERROR ("max-position-embeddings", _("{model.max_position_embeddings} is %u, less than {training.seq_length} "
             "(%u): Megatron refuses that; raise it or shorten the sequence"),
           planner_job_get_uint (job, "max-position-embeddings"), planner_job_get_uint (job, "seq-length"));
  check_window (check);
  if (planner_job_get_bool (job, "use-rope-scaling") &&
      !g_str_equal (planner_job_get_string (job, "position-embedding-type"), "rope"))
    ERROR ("use-rope-scaling", _("{model.use_rope_scaling} scales rotary embeddings, but "
             "{model.position_embedding_type} is “%s”: choose rope or turn the scaling off"),
           planner_job_get_string (job, "position-embedding-type"));
  /* pretrain_gpt.py (gpt_builders.py from 0.15) hands the model only
   * --use-rope-scaling in every release held, never the factor. */
  if (planner_job_get_bool (job, "use-rope-scaling") && planner_job_get_double (job, "rope-scaling-factor") > 0 &&
      planner_job_get_double (job, "rope-scaling-factor") != 8.0)
    WARNING ("rope-scaling-factor", _("{model.rope_scaling_factor} is %g, but pretrain_gpt.py passes only "
               "{model.use_rope_scaling} to the model, which then scales by 8: the flag is written, and the "
               "trained model's RoPE differs from it"), planner_job_get_double (job, "rope-scaling-factor"));
  if (experts > 0)
    {
      guint topk = planner_job_get_uint (job, "moe-router-topk");
      const char *freq = planner_job_get_string (job, "moe-layer-freq");

      if (topk > experts)
        ERROR ("moe-router-topk", _("{model.moe_router_topk} is %u, more than the %u experts: choose at most %u"),
               topk, experts, experts);
      if (*freq != '\0' && planner_job_get_uint (job, "num-layers") > 0)
        {
          g_autoptr(GError) error = NULL;
          g_autofree guint8 *pattern = planner_parse_moe_layer_freq (freq, planner_job_get_uint (job, "num-layers"),
                                                                     &error);

          planner_words_fill_error (check->words, error);
          if (pattern == NULL)
            ERROR ("moe-layer-freq", "{model.moe_layer_freq} is “%s”: %s", freq, error->message);
        }
    }
}

static void
check_training (Check            *check,
                const PlannerGpu *gpu)
{
  PlannerJob *job = check->job;
  const char *precision = planner_job_get_string (job, "precision");
  const char *recipe = planner_job_get_string (job, "fp8-recipe");
  const char *fsdp = planner_job_get_string (job, "fsdp");
  const char *recompute = planner_job_get_string (job, "recompute");
  g_autoptr(GError) error = NULL;
  guint tp = planner_job_get_uint (job, "tp");
  gboolean distopt = planner_job_get_bool (job, "distributed-optimizer");

  if (!planner_job_check_choice_in ("precision", precision, check->words, &error))
    ERROR ("precision", "%s", error->message);
  else if (gpu != NULL && g_str_equal (precision, "bf16") && !gpu->supports_bf16)
    ERROR ("precision", _("{training.precision} is bf16, but the %s has no BF16: choose fp16"), gpu->name);
  else if (gpu != NULL && g_str_equal (precision, "fp8") && !gpu->supports_fp8)
    ERROR ("precision", _("{training.precision} is fp8, but the %s has no FP8 (Hopper, Ada or Blackwell needed): "
             "choose %s"), gpu->name, gpu->supports_bf16 ? "bf16" : "fp16");
  g_clear_error (&error);

  if (!planner_job_check_choice_in ("recompute", recompute, check->words, &error))
    ERROR ("recompute", "%s", error->message);
  g_clear_error (&error);

  if (planner_job_get_uint (job, "train-iters") == 0 && planner_job_get_uint (job, "train-samples") == 0)
    MISSING ("train-iters", _("{training.train_iters} is 0: choose how many iterations to train"));

  if (planner_job_get_double (job, "min-lr") > planner_job_get_double (job, "lr"))
    ERROR ("min-lr", _("{training.min_lr} is above {training.lr}: Megatron refuses that; lower it"));
  if (planner_job_get_uint (job, "lr-warmup-iters") > 0 && planner_job_get_uint (job, "train-iters") > 0 &&
      planner_job_get_uint (job, "lr-warmup-iters") >= planner_job_get_uint (job, "train-iters"))
    WARNING ("lr-warmup-iters", _("{training.lr_warmup_iters} (%u) is not below {training.train_iters} (%u): "
               "the learning rate would never decay"), planner_job_get_uint (job, "lr-warmup-iters"),
             planner_job_get_uint (job, "train-iters"));

  if (!planner_job_check_choice_in ("fp8-recipe", recipe, check->words, &error))
    ERROR ("fp8-recipe", "%s", error->message);
  else if (gpu != NULL && g_str_equal (recipe, "mxfp8") && gpu->compute_capability_major < 10)
    ERROR ("fp8-recipe", _("{training.fp8_recipe} is mxfp8, which needs Blackwell; the %s takes delayed or tensorwise"),
           gpu->name);
  g_clear_error (&error);

  if (planner_job_get_bool (job, "fp8-param-gather") && g_str_equal (precision, "fp8") &&
      !distopt && g_str_equal (fsdp, "none"))
    ERROR ("fp8-param-gather", _("{training.fp8_param_gather} needs {training.distributed_optimizer} or FSDP: "
             "turn one on, or this off"));

  if (planner_job_get_bool (job, "tp-comm-overlap") && (tp <= 1 || !planner_job_get_bool (job, "sequence-parallel")))
    ERROR ("tp-comm-overlap", _("{training.tp_comm_overlap} needs sequence parallel, so TP above 1 and "
             "{training.sequence_parallel} on: turn those on, or this off"));

  if (g_str_equal (fsdp, "torch"))
    {
      if (distopt)
        ERROR ("fsdp", _("{training.fsdp} is torch, which cannot run with {training.distributed_optimizer} "
                 "(FSDP2 shards the optimizer itself): turn the distributed optimizer off"));
      if (planner_job_get_uint (job, "pp") > 1 || planner_job_get_uint (job, "ep") > 1)
        ERROR ("fsdp", _("{training.fsdp} is torch, which Megatron allows only with PP 1 and EP 1: "
                 "choose megatron, or change the layout"));
    }

  if (planner_job_get_double (job, "optimizer-offload-fraction") > 0 &&
      !planner_job_get_bool (job, "precision-aware-optimizer"))
    ERROR ("optimizer-offload-fraction", _("{training.optimizer_offload_fraction} needs "
             "{training.precision_aware_optimizer} (Megatron's CPU offload runs through it): turn that on"));

  if (planner_job_get_uint (job, "activation-offload-layers") > 0)
    {
      g_autoptr(PlannerModel) model = planner_job_dup_model (job, NULL);

      if (!g_str_equal (recompute, "none"))
        ERROR ("activation-offload-layers", _("{training.activation_offload_layers} cannot be combined with "
                 "recompute: choose one (set {training.recompute} to none, or this to 0)"));
      if (planner_job_get_uint (job, "pp") > 1)
        ERROR ("activation-offload-layers", _("{training.activation_offload_layers} does not work with "
                 "pipeline parallelism: use PP 1, or set this to 0"));
      if (model != NULL && planner_job_get_uint (job, "activation-offload-layers") >= model->num_layers)
        ERROR ("activation-offload-layers", _("{training.activation_offload_layers} is %u: it must be below "
                 "the model's %u layers"), planner_job_get_uint (job, "activation-offload-layers"), model->num_layers);
    }
  if (!planner_job_check_choice_in ("recompute-modules", planner_job_get_string (job, "recompute-modules"),
                                    check->words, &error))
    ERROR ("recompute-modules", "%s", error->message);
  g_clear_error (&error);
}

static void
check_data (Check              *check,
            const PlannerModel *model,
            gboolean            extra_data)
{
  PlannerJob *job = check->job;
  const char *tokenizer = effective_tokenizer (job, model);
  static const char *const model_file_tokenizers[] = {
    "HuggingFaceTokenizer", "SentencePieceTokenizer", "GPTSentencePieceTokenizer",
    "Llama2Tokenizer", "TikTokenizer", NULL
  };

  if (planner_job_get_bool (job, "mock-data"))
    {
      if (*planner_job_get_string (job, "data-path") != '\0')
        ERROR ("mock-data", _("{data.mock_data} is on and {data.data_path} is set: Megatron takes one data source; "
                 "clear one of them"));
    }
  else
    {
      g_autofree char *why_data = say (check, _("{data.data_path} is empty: give the absolute path of your "
                                                "preprocessed data prefix (the .bin/.idx files without "
                                                "extension), or turn on {data.mock_data}"));

      check_path (check, "data-path", !extra_data, why_data);
    }

  if (g_str_equal (tokenizer, "GPT2BPETokenizer"))
    {
      /* Translators: %s is the tokenizer, "GPT-2 BPE" */
      g_autofree char *why_vocab = say (check, _("{data.vocab_file} is empty: give the absolute path of your GPT-2 "
                                                 "vocab file (%s needs it)"), tokenizer_words (check, tokenizer));
      /* Translators: %s is the tokenizer, "GPT-2 BPE" */
      g_autofree char *why_merge = say (check, _("{data.merge_file} is empty: give the absolute path of your GPT-2 "
                                                 "merges file (%s needs it)"), tokenizer_words (check, tokenizer));

      check_path (check, "vocab-file", TRUE, why_vocab);
      check_path (check, "merge-file", TRUE, why_merge);
    }
  else
    {
      check_path (check, "vocab-file", FALSE, NULL);
      check_path (check, "merge-file", FALSE, NULL);
    }
  if (g_strv_contains (model_file_tokenizers, tokenizer))
    {
      g_autofree char *why = say (check, _("{data.tokenizer_model} is empty: give the absolute path of your "
                                           "tokenizer (%s needs it)"), tokenizer_words (check, tokenizer));

      check_path (check, "tokenizer-model", TRUE, why);
    }
  else
    check_path (check, "tokenizer-model", FALSE, NULL);
}

/* The pipeline split's own fields; what Megatron asks of the split once
 * written (layers left for the middle stages, the layout's layers) is the
 * validator's, named by these fields through their flags. */
static void
check_pipeline_split (Check *check)
{
  PlannerJob *job = check->job;
  const char *split = planner_job_get_string (job, "pipeline-split");
  g_autoptr(GError) error = NULL;

  if (!planner_job_check_choice_in ("pipeline-split", split, check->words, &error))
    {
      ERROR ("pipeline-split", "%s", error->message);
      return;
    }
  if (g_str_equal (split, "first-last") &&
      planner_job_get_uint (job, "first-stage-layers") == 0 && planner_job_get_uint (job, "last-stage-layers") == 0)
    MISSING ("first-stage-layers", _("{parallelism.first_stage_layers} and {parallelism.last_stage_layers} are both 0: "
               "give the layers of the first stage, the last stage or both, or choose another "
               "{parallelism.pipeline_split}"));
  if (g_str_equal (split, "layout"))
    {
      const char *layout = planner_job_get_string (job, "pipeline-layout");
      g_autoptr(GArray) stages = NULL;
      guint pp = planner_job_get_uint (job, "pp");
      guint vpp = planner_job_get_uint (job, "vpp");

      if (*layout == '\0')
        {
          MISSING ("pipeline-layout", _("{parallelism.pipeline_layout} is empty: write the stages in Megatron’s "
                     "syntax (E the embedding, t a decoder layer, m an MTP layer, L the loss, | between stages, "
                     "for example “Et*4|(t*4|)*14tL”), or choose another {parallelism.pipeline_split}"));
          return;
        }
      stages = planner_layout_string_parse (layout);
      if (stages == NULL)
        {
          ERROR ("pipeline-layout", _("{parallelism.pipeline_layout} “%s” is not a layout Megatron reads: use only "
                   "E, t, m and L, | between stages, x*n and (…)*n repeats"), layout);
          return;
        }
      /* The layout sets the virtual stages; the job's must agree, or the
       * schedule and memory would show another pipeline than Megatron runs. */
      if (pp > 0 && stages->len % pp == 0 && stages->len / pp != vpp)
        ERROR ("pipeline-layout", _("{parallelism.pipeline_layout} has %u stages, %u per pipeline rank at PP %u, "
                 "but {parallelism.vpp} is %u: set {parallelism.vpp} to %u, or change the layout"),
               stages->len, stages->len / pp, pp, vpp, stages->len / pp);
    }
}

/* Every problem, made in @words, in file order. */
static GPtrArray *
check_all (PlannerJob         *job,
           const PlannerWords *words)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) planner_field_problem_free);
  g_autoptr(PlannerModel) model = NULL;
  g_autoptr(PlannerArgs) extra = NULL;
  g_autoptr(GError) model_error = NULL;
  g_autoptr(GError) extra_error = NULL;
  g_autoptr(PlannerArgs) recommended = NULL;
  g_autoptr(GError) recommended_error = NULL;
  const PlannerGpu *gpu = planner_gpu_lookup (planner_job_get_gpu_id (job));
  Check check_data_ = { job, problems, words };
  Check *check = &check_data_;

  model = planner_job_dup_model_in (job, words, &model_error);
  extra = planner_job_parse_extra_args_in (job, words, &extra_error);
  recommended = planner_job_parse_recommended_args_in (job, words, &recommended_error);

  check_model (check, model, model_error);
  if (gpu == NULL)
    ERROR ("gpu-id", _("{cluster.gpu_id} is “%s”, not a GPU in the catalog"), planner_job_get_gpu_id (job));
  check_pipeline_split (check);
  check_training (check, gpu);
  check_data (check, model, extra != NULL && planner_args_is_set (extra, "data_path"));

  check_path (check, "save-dir", FALSE, NULL);
  check_path (check, "load-dir", FALSE, NULL);
  check_path (check, "tensorboard-dir", FALSE, NULL);
  check_path (check, "megatron-dir", FALSE, NULL);

  check_sbatch_value (check, "slurm-partition", "_.,-");
  check_sbatch_value (check, "slurm-account", "_.-");
  check_sbatch_value (check, "slurm-time", ":-");
  check_sbatch_value (check, "slurm-job-name", "_.-");

  if (extra == NULL)
    ERROR ("extra-args", "%s", extra_error->message);
  if (recommended == NULL)
    ERROR ("recommended-args", "%s", recommended_error->message);

  /* File order, whatever order the rules ran in. */
  {
    guint n_fields;
    const PlannerField *const *fields = planner_field_list (&n_fields);
    GPtrArray *sorted = g_ptr_array_new_with_free_func ((GDestroyNotify) planner_field_problem_free);

    for (guint f = 0; f < n_fields; f++)
      for (guint i = 0; i < problems->len; i++)
        {
          PlannerFieldProblem *problem = g_ptr_array_index (problems, i);

          if (problem != NULL && problem->field == fields[f])
            g_ptr_array_add (sorted, g_steal_pointer (&problems->pdata[i]));
        }
    return sorted;
  }
}

GPtrArray *
planner_field_check_in (PlannerJob         *job,
                        const char         *key_or_property,
                        const PlannerWords *words)
{
  g_autoptr(GPtrArray) all = NULL;
  const PlannerField *only = NULL;
  GPtrArray *out;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  if (key_or_property != NULL)
    {
      only = planner_field_lookup (key_or_property);
      g_return_val_if_fail (only != NULL, g_ptr_array_new ());
    }

  all = check_all (job, words);
  out = g_ptr_array_new_with_free_func ((GDestroyNotify) planner_field_problem_free);
  for (guint i = 0; i < all->len; i++)
    {
      PlannerFieldProblem *problem = g_ptr_array_index (all, i);

      if (problem == NULL || (only != NULL && problem->field != only))
        continue;
      g_ptr_array_add (out, g_steal_pointer (&all->pdata[i]));
    }
  return out;
}

GPtrArray *
planner_field_check (PlannerJob *job,
                     const char *key_or_property)
{
  PlannerWords form;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  planner_field_words_init (&form, job);
  return planner_field_check_in (job, key_or_property, &form);
}

GPtrArray *
planner_field_check_keys (PlannerJob *job,
                          const char *key_or_property)
{
  return planner_field_check_in (job, key_or_property, planner_words_job ());
}
