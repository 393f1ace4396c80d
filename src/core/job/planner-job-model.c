/* planner-job-model.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-job-model"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-job-model.h"
#include "planner-job-model-options.h"

#include "planner-memory.h"
#include "planner-import.h"
#include "planner-shell.h"

PlannerJobModelKind
planner_job_get_model_kind (PlannerJob *job)
{
  g_return_val_if_fail (PLANNER_IS_JOB (job), PLANNER_JOB_MODEL_NONE);

  if (*planner_job_get_model_id (job) != '\0')
    return PLANNER_JOB_MODEL_CATALOG;
  if (planner_job_get_double (job, "params-b") > 0)
    return PLANNER_JOB_MODEL_SIZE;
  if (planner_job_get_uint (job, "num-layers") > 0)
    return PLANNER_JOB_MODEL_CUSTOM;
  return PLANNER_JOB_MODEL_NONE;
}

gboolean
planner_job_model_is_moe (PlannerJob *job)
{
  const PlannerModel *model;

  g_return_val_if_fail (PLANNER_IS_JOB (job), FALSE);

  switch (planner_job_get_model_kind (job))
    {
    case PLANNER_JOB_MODEL_CATALOG:
      model = planner_model_lookup (planner_job_get_model_id (job));
      return model != NULL && planner_model_is_moe (model);
    case PLANNER_JOB_MODEL_CUSTOM:
      return planner_job_get_uint (job, "num-experts") > 0;
    case PLANNER_JOB_MODEL_SIZE:
    case PLANNER_JOB_MODEL_NONE:
    default:
      return FALSE;
    }
}

static char *
dup_or_null (const char *text)
{
  return text != NULL && *text != '\0' ? g_strdup (text) : NULL;
}

static PlannerModel *
model_from_fields (PlannerJob *job)
{
  PlannerModel *model = g_new0 (PlannerModel, 1);
  const char *activation = planner_job_get_string (job, "activation");

  model->id = NULL;
  model->name = g_strdup (_("Custom architecture"));
  model->family = g_strdup ("custom");
  model->source = g_strdup (_("the job's own dimensions"));
  model->num_layers = planner_job_get_uint (job, "num-layers");
  model->hidden_size = planner_job_get_uint (job, "hidden-size");
  model->num_attention_heads = planner_job_get_uint (job, "num-attention-heads");
  model->num_query_groups = planner_job_get_uint (job, "num-query-groups");
  model->kv_channels = planner_job_get_uint (job, "kv-channels");
  model->ffn_hidden_size = planner_job_get_uint (job, "ffn-hidden-size");
  model->swiglu = g_str_equal (activation, "swiglu");
  model->squared_relu = g_str_equal (activation, "squared_relu");
  model->rmsnorm = g_str_equal (planner_job_get_string (job, "normalization"), "RMSNorm");
  model->add_bias_linear = planner_job_get_bool (job, "add-bias-linear");
  model->qk_layernorm = planner_job_get_bool (job, "qk-layernorm");
  model->untie_embeddings_and_output_weights = planner_job_get_bool (job, "untie-embeddings-and-output-weights");
  model->position_embedding_type = g_strdup (planner_job_get_string (job, "position-embedding-type"));
  model->rotary_base = planner_job_get_uint (job, "rotary-base");
  model->vocab_size = planner_job_get_uint (job, "vocab-size");
  /* The tokenizer is the job's (data.tokenizer_type), not the model's. */
  model->tokenizer_type = NULL;
  model->max_position_embeddings = planner_job_get_uint (job, "max-position-embeddings");
  model->seq_length = planner_job_get_uint (job, "seq-length");
  model->num_experts = planner_job_get_uint (job, "num-experts");
  model->moe_router_topk = planner_job_get_uint (job, "moe-router-topk");
  model->moe_ffn_hidden_size = planner_job_get_uint (job, "moe-ffn-hidden-size");
  model->moe_shared_expert_intermediate_size = planner_job_get_uint (job, "moe-shared-expert-intermediate-size");
  model->moe_layer_freq = dup_or_null (planner_job_get_string (job, "moe-layer-freq"));
  model->moe_router_score_function = dup_or_null (planner_job_get_string (job, "moe-router-score-function"));
  model->multi_latent_attention = planner_job_get_bool (job, "multi-latent-attention");
  model->q_lora_rank = planner_job_get_uint (job, "q-lora-rank");
  model->kv_lora_rank = planner_job_get_uint (job, "kv-lora-rank");
  model->qk_head_dim = planner_job_get_uint (job, "qk-head-dim");
  model->qk_pos_emb_head_dim = planner_job_get_uint (job, "qk-pos-emb-head-dim");
  model->v_head_dim = planner_job_get_uint (job, "v-head-dim");
  model->mtp_num_layers = planner_job_get_uint (job, "mtp-num-layers");
  return model;
}

static PlannerModel *
copy_model (const PlannerModel *from)
{
  PlannerModel *model = g_new0 (PlannerModel, 1);

  *model = *from;
  model->id = g_strdup (from->id);
  model->name = g_strdup (from->name);
  model->family = g_strdup (from->family);
  model->source = g_strdup (from->source);
  model->position_embedding_type = g_strdup (from->position_embedding_type);
  model->tokenizer_type = g_strdup (from->tokenizer_type);
  model->tokenizer_model_hint = g_strdup (from->tokenizer_model_hint);
  model->moe_layer_freq = g_strdup (from->moe_layer_freq);
  model->moe_router_score_function = g_strdup (from->moe_router_score_function);
  model->assumed = g_strdupv (from->assumed);
  model->extra_args = g_strdupv (from->extra_args);
  model->hf_config = g_strdup (from->hf_config);
  return model;
}

PlannerModel *
planner_job_dup_model (PlannerJob  *job,
                       GError     **error)
{
  return planner_job_dup_model_in (job, NULL, error);
}

PlannerModel *
planner_job_dup_model_in (PlannerJob          *job,
                          const PlannerWords  *words,
                          GError             **error)
{
  const PlannerModel *model;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  switch (planner_job_get_model_kind (job))
    {
    case PLANNER_JOB_MODEL_CATALOG:
      model = planner_model_lookup (planner_job_get_model_id (job));
      if (model == NULL)
        {
          g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                       /* Translators: the first %s is the setting (Model), the second its value */
                       _("%s is “%s”, which is not in the catalog: choose a catalog model, give a size in billions "
                         "or the model's dimensions"), planner_words_name (words, "model.model_id"),
                       planner_job_get_model_id (job));
          return NULL;
        }
      return copy_model (model);

    case PLANNER_JOB_MODEL_SIZE:
      {
        g_autoptr(GError) local_error = NULL;
        PlannerModel *sized = planner_model_new_from_size (planner_job_get_double (job, "params-b"),
                                                           planner_job_get_uint (job, "seq-length"), 0,
                                                           &local_error);

        if (sized == NULL)
          /* Translators: a setting (Size in Billions), then what is wrong with its value */
          g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD, _("%s: %s"),
                       planner_words_name (words, "model.params_b"), local_error->message);
        return sized;
      }

    case PLANNER_JOB_MODEL_CUSTOM:
      return model_from_fields (job);

    case PLANNER_JOB_MODEL_NONE:
    default:
      g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                   /* Translators: the %s are settings: Model, Size in Billions, Layers */
                   _("model: no model yet: choose a catalog model (%s), give a size in billions (%s) or the "
                     "dimensions (%s, …)"), planner_words_name (words, "model.model_id"),
                   planner_words_name (words, "model.params_b"), planner_words_name (words, "model.num_layers"));
      return NULL;
    }
}

static const PlannerJobModelOption *
option_for_flag (const char *flag)
{
  guint n = 0;
  const PlannerJobModelOption *options = planner_job_model_options (&n);

  for (guint i = 0; i < n; i++)
    if (g_str_equal (options[i].flag, flag))
      return &options[i];
  return NULL;
}

/* What the catalogue entry says beyond the fields (QKV biases, RoPE
 * scaling, windows, …) goes to the job's extra arguments, before the
 * user's own, so the custom copy writes the same flags; a flag the user's
 * extra arguments give already stays theirs. */
static void
carry_extra_args (PlannerJob         *job,
                  const PlannerModel *model)
{
  const char *own = planner_job_get_string (job, "extra-args");
  g_autoptr(GString) text = g_string_new (NULL);
  g_auto(GStrv) own_words = NULL;

  if (model->extra_args == NULL || model->extra_args[0] == NULL)
    return;
  if (own != NULL && *own != '\0' && !g_shell_parse_argv (own, NULL, &own_words, NULL))
    own_words = NULL;
  for (guint i = 0; model->extra_args[i] != NULL; i++)
    {
      const char *word = model->extra_args[i];
      gboolean is_flag = g_str_has_prefix (word, "--");
      gboolean theirs = is_flag && own_words != NULL && g_strv_contains ((const char *const *) own_words, word);
      gboolean takes_value = is_flag && model->extra_args[i + 1] != NULL &&
                             !g_str_has_prefix (model->extra_args[i + 1], "--");

      /* An option with a field of its own went there (customise). */
      if (theirs || (is_flag && option_for_flag (word) != NULL))
        {
          i += takes_value ? 1 : 0;
          continue;
        }
      {
        g_autofree char *quoted = planner_shell_quote (word);

        if (text->len > 0)
          g_string_append_c (text, ' ');
        g_string_append (text, quoted);
      }
    }
  if (own != NULL && *own != '\0')
    g_string_append_printf (text, text->len > 0 ? " %s" : "%s", own);
  g_object_set (job, "extra-args", text->str, NULL);
}

gboolean
planner_job_customise (PlannerJob  *job,
                       GError     **error)
{
  g_autoptr(PlannerModel) model = NULL;
  const char *activation = "gelu";

  g_return_val_if_fail (PLANNER_IS_JOB (job), FALSE);

  if (planner_job_get_model_kind (job) == PLANNER_JOB_MODEL_CUSTOM)
    return TRUE;
  model = planner_job_dup_model (job, error);
  if (model == NULL)
    return FALSE;

  if (model->swiglu)
    activation = "swiglu";
  else if (model->squared_relu)
    activation = "squared_relu";

  g_object_freeze_notify (G_OBJECT (job));
  g_object_set (job,
                "num-layers", model->num_layers,
                "hidden-size", (guint) model->hidden_size,
                "num-attention-heads", model->num_attention_heads,
                /* The catalog writes no groups with MLA, so neither does the copy. */
                "num-query-groups", model->multi_latent_attention ? 0 : model->num_query_groups,
                "kv-channels", (guint) model->kv_channels,
                "ffn-hidden-size", (guint) model->ffn_hidden_size,
                "vocab-size", (guint) model->vocab_size,
                "max-position-embeddings", model->max_position_embeddings,
                "position-embedding-type", model->position_embedding_type != NULL
                                           ? model->position_embedding_type : "learned_absolute",
                "rotary-base", g_strcmp0 (model->position_embedding_type, "rope") == 0
                               ? (guint) model->rotary_base : 0u,
                "normalization", model->rmsnorm ? "RMSNorm" : "LayerNorm",
                "activation", activation,
                "untie-embeddings-and-output-weights", model->untie_embeddings_and_output_weights,
                "add-bias-linear", model->add_bias_linear,
                "qk-layernorm", model->qk_layernorm,
                "num-experts", model->num_experts,
                "moe-router-topk", model->num_experts > 0 ? model->moe_router_topk : 2u,
                "moe-ffn-hidden-size", model->num_experts > 0 ? (guint) model->moe_ffn_hidden_size : 0u,
                "moe-shared-expert-intermediate-size", model->num_experts > 0
                                                       ? (guint) model->moe_shared_expert_intermediate_size : 0u,
                "moe-layer-freq", model->num_experts > 0 && model->moe_layer_freq != NULL
                                  ? model->moe_layer_freq : "",
                "moe-router-score-function", model->num_experts > 0 && model->moe_router_score_function != NULL
                                             ? model->moe_router_score_function : "",
                "multi-latent-attention", model->multi_latent_attention,
                "q-lora-rank", model->multi_latent_attention ? (guint) model->q_lora_rank : 0u,
                "kv-lora-rank", model->multi_latent_attention ? (guint) model->kv_lora_rank : 0u,
                "qk-head-dim", model->multi_latent_attention ? (guint) model->qk_head_dim : 0u,
                "qk-pos-emb-head-dim", model->multi_latent_attention ? (guint) model->qk_pos_emb_head_dim : 0u,
                "v-head-dim", model->multi_latent_attention ? (guint) model->v_head_dim : 0u,
                "mtp-num-layers", model->mtp_num_layers,
                NULL);
  if (*planner_job_get_string (job, "tokenizer-type") == '\0' && model->tokenizer_type != NULL)
    g_object_set (job, "tokenizer-type", model->tokenizer_type, NULL);
  {
    /* The entry's options (its norm epsilon, RoPE scaling, windows, …)
     * into their fields, as its arguments say them. */
    g_autoptr(PlannerArgs) own = planner_args_new ();

    planner_model_apply_to_args (model, own);
    if (!planner_job_model_options_from_args (job, own, NULL, NULL))
      g_warning ("the catalogue's options for %s do not fit their fields", model->id);
  }
  carry_extra_args (job, model);
  g_object_set (job, "model-id", "", "params-b", 0.0, NULL);
  g_object_thaw_notify (G_OBJECT (job));
  return TRUE;
}

static void
set_count (PlannerArgs *args,
           const char  *dest,
           const char  *flag,
           guint        value)
{
  char text[16];

  g_snprintf (text, sizeof text, "%u", value);
  planner_args_set (args, dest, flag, text);
}

void
planner_job_model_to_args (PlannerJob  *job,
                           PlannerArgs *args)
{
  g_autoptr(PlannerModel) model = NULL;

  g_return_if_fail (PLANNER_IS_JOB (job));
  g_return_if_fail (args != NULL);

  model = planner_job_dup_model (job, NULL);
  if (model == NULL)
    return;
  /* The catalog's own writer, so a customised model writes exactly the
   * flags its catalog entry wrote. */
  planner_model_apply_to_args (model, args);
  if (planner_job_get_model_kind (job) != PLANNER_JOB_MODEL_CUSTOM)
    return;

  /* 0 in these fields is "not given": Megatron then uses its default
   * (or, for the position embeddings, refuses and the checks say so). */
  if (model->ffn_hidden_size == 0)
    planner_args_unset (args, "ffn_hidden_size");
  if (model->max_position_embeddings == 0)
    planner_args_unset (args, "max_position_embeddings");
  if (model->num_experts > 0 && model->moe_ffn_hidden_size == 0)
    planner_args_unset (args, "moe_ffn_hidden_size");
  if (model->multi_latent_attention)
    {
      static const char *const mla[] = { "kv_lora_rank", "qk_head_dim", "qk_pos_emb_head_dim", "v_head_dim" };
      const guint64 values[] = { model->kv_lora_rank, model->qk_head_dim, model->qk_pos_emb_head_dim,
                                 model->v_head_dim };

      for (guint i = 0; i < G_N_ELEMENTS (mla); i++)
        if (values[i] == 0)
          planner_args_unset (args, mla[i]);
    }
  planner_job_model_options_to_args (job, args);
  /* The sequence length is the job's (training.seq_length). */
  planner_args_unset (args, "seq_length");
  /* The planner needs the vocabulary for the model math; Megatron uses the
   * flag with NullTokenizer and TikTokenizer and reads the size from the
   * tokenizer's files otherwise. */
  if (model->vocab_size > 0)
    set_count (args, "vocab_size", "--vocab-size", (guint) model->vocab_size);
}

/* A custom architecture keeps what its fields cannot say (a gated
 * quick-GELU, biases, MTP, …) in the extra arguments: the count reads
 * them too.  Extra arguments that do not parse count nothing here (the
 * job's checks name them). */
static void
add_model_extra_args (PlannerJob  *job,
                      PlannerArgs *args)
{
  const char *text = planner_job_get_string (job, "extra-args");
  g_auto(GStrv) words = NULL;
  g_autoptr(GPtrArray) argv = NULL;
  g_autoptr(PlannerImport) import = NULL;

  if (text == NULL || *text == '\0' || !g_shell_parse_argv (text, NULL, &words, NULL))
    return;
  argv = g_ptr_array_new ();
  g_ptr_array_add (argv, (gpointer) "pretrain_gpt.py");
  for (guint i = 0; words[i] != NULL; i++)
    g_ptr_array_add (argv, words[i]);
  g_ptr_array_add (argv, NULL);
  import = planner_import_argv ((const char *const *) argv->pdata, NULL);
  if (import == NULL)
    return;
  for (guint i = 0; i < planner_args_get_n_entries (import->args); i++)
    {
      const char *dest = planner_args_get_dest_at (import->args, i);

      if (!planner_args_is_set (args, dest))
        planner_args_set_list (args, dest, planner_args_get_flag (import->args, dest),
                               planner_args_get_list (import->args, dest));
    }
}

gboolean
planner_job_count_params (PlannerJob          *job,
                          PlannerModelParams  *params,
                          GError             **error)
{
  g_autoptr(PlannerModel) model = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (PLANNER_IS_JOB (job), FALSE);
  g_return_val_if_fail (params != NULL, FALSE);

  model = planner_job_dup_model (job, error);
  if (model == NULL)
    return FALSE;
  if (planner_job_get_model_kind (job) == PLANNER_JOB_MODEL_CUSTOM)
    {
      /* Count what the script would say: the zeros that mean "Megatron's
       * default" resolved by planner-config as Megatron resolves them. */
      g_autoptr(PlannerArgs) args = planner_args_new ();
      PlannerLayout layout = { 0, };
      PlannerConfig config;

      layout.world_size = layout.tp = layout.pp = layout.cp = layout.dp = 1;
      layout.ep = layout.etp = layout.expert_dp = layout.vpp = 1;
      layout.num_distributed_optimizer_instances = 1;
      planner_job_model_to_args (job, args);
      add_model_extra_args (job, args);
      set_count (args, "seq_length", "--seq-length", MAX (planner_job_get_uint (job, "seq-length"), 1));
      if (!planner_config_init_from_args (&config, args, &layout, model->vocab_size, &local_error))
        {
          planner_words_fill_error (NULL, local_error);
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      planner_config_count_params (&config, params);
      planner_config_clear (&config);
      return TRUE;
    }
  return planner_model_count_params (model, params, error);
}

/* The same walk as planner-memory.c's MoE layer count: with an even
 * interleaved split, virtual chunk j of rank i holds layers from
 * (j·pp + i)·chunk; otherwise a rank's layers are contiguous. */
static gboolean
layer_is_moe (const PlannerConfig *c,
              guint32              layer)
{
  return c->num_experts > 0 && c->moe_layer_pattern != NULL &&
         layer < c->num_layers && c->moe_layer_pattern[layer] != 0;
}

static guint32
stage_moe_layers (const PlannerConfig *c,
                  guint32              stage,
                  guint32              n_layers)
{
  guint32 pp = MAX (c->layout.pp, 1);
  guint32 vpp = MAX (c->layout.vpp, 1);
  guint32 count = 0;
  guint32 first = 0;

  if (c->num_experts == 0 || c->moe_layer_pattern == NULL)
    return 0;
  if (vpp > 1 && c->decoder_first_pipeline_num_layers == 0 && c->decoder_last_pipeline_num_layers == 0 &&
      !c->account_for_embedding_in_pipeline_split && !c->account_for_loss_in_pipeline_split &&
      c->num_layers % (pp * vpp) == 0)
    {
      guint32 chunk = c->num_layers / (pp * vpp);

      for (guint32 j = 0; j < vpp; j++)
        for (guint32 l = 0; l < chunk; l++)
          count += layer_is_moe (c, (j * pp + stage) * chunk + l) ? 1 : 0;
      return count;
    }
  for (guint32 i = 0; i < stage; i++)
    first += planner_memory_stage_layers (c, i);
  for (guint32 l = 0; l < n_layers; l++)
    count += layer_is_moe (c, first + l) ? 1 : 0;
  return count;
}

gboolean
planner_config_count_stage_params (const PlannerConfig *config,
                                   guint32              stage,
                                   PlannerStageParams  *out)
{
  PlannerModelParams p;
  guint32 pp;
  double all_layers, tail;
  guint32 n_moe_total;

  g_return_val_if_fail (config != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  pp = MAX (config->layout.pp, 1);
  if (stage >= pp)
    return FALSE;

  planner_config_count_params (config, &p);
  n_moe_total = planner_config_count_moe_layers (config);
  all_layers = p.per_layer_dense * (double) (config->num_layers - n_moe_total) +
               p.per_layer_moe * (double) n_moe_total;
  /* What the total holds besides the layers and the embeddings: the final
   * norm and the MTP block, both on the last stage. */
  tail = p.total - all_layers - p.embedding - p.output_layer;

  out->stage = stage;
  out->num_layers = planner_memory_stage_layers (config, stage);
  out->num_moe_layers = stage_moe_layers (config, stage, out->num_layers);
  out->params = p.per_layer_dense * (double) (out->num_layers - out->num_moe_layers) +
                p.per_layer_moe * (double) out->num_moe_layers;
  if (stage == 0)
    out->params += p.embedding;
  if (stage == pp - 1)
    {
      out->params += tail;
      if (config->untie_embeddings_and_output_weights)
        out->params += p.output_layer;
      else if (pp > 1)
        out->params += p.embedding;
    }
  return TRUE;
}
