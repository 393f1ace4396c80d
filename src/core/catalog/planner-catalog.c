/* planner-catalog.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-catalog"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-catalog.h"

#include "planner-flag-catalog.h"

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>


#define CATALOG_PATH "/io/github/launchplanner/LaunchPlanner/catalog/"

G_DEFINE_QUARK (planner-catalog-error-quark, planner_catalog_error)

typedef struct
{
  GPtrArray *models;   /* PlannerModel, NULL-terminated */
  GPtrArray *gpus;     /* PlannerGpu, NULL-terminated */
  GPtrArray *strings;  /* owns the GPU strings */
} Catalog;

static JsonNode *
load_resource (const char *name)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_strconcat (CATALOG_PATH, name, NULL);
  gsize size = 0;
  const char *data;

  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL)
    {
      g_critical ("Catalog %s is missing: %s", path, error->message);
      return NULL;
    }
  data = g_bytes_get_data (bytes, &size);
  if (!json_parser_load_from_data (parser, data, (gssize) size, &error))
    {
      g_critical ("Catalog %s is malformed: %s", path, error->message);
      return NULL;
    }
  return json_node_copy (json_parser_get_root (parser));
}

static guint64
member_uint (JsonObject *object,
             const char *name)
{
  gint64 value;

  if (!json_object_has_member (object, name))
    return 0;
  value = json_object_get_int_member (object, name);
  return value > 0 ? (guint64) value : 0;
}

static double
member_double (JsonObject *object,
               const char *name)
{
  if (!json_object_has_member (object, name))
    return 0.0;
  return json_object_get_double_member (object, name);
}

static gboolean
member_bool (JsonObject *object,
             const char *name,
             gboolean    fallback)
{
  if (!json_object_has_member (object, name))
    return fallback;
  return json_object_get_boolean_member (object, name);
}

static char *
member_strdup (JsonObject *object,
               const char *name)
{
  if (!json_object_has_member (object, name))
    return NULL;
  return g_strdup (json_object_get_string_member (object, name));
}

static PlannerModel *
model_from_json (JsonObject *o)
{
  PlannerModel *m = g_new0 (PlannerModel, 1);
  g_autofree char *norm = member_strdup (o, "normalization");
  g_autofree char *activation = member_strdup (o, "activation");

  m->id = member_strdup (o, "id");
  m->name = member_strdup (o, "name");
  m->family = member_strdup (o, "family");
  m->source = member_strdup (o, "source");
  m->num_layers = (guint32) member_uint (o, "num_layers");
  m->hidden_size = member_uint (o, "hidden_size");
  m->num_attention_heads = (guint32) member_uint (o, "num_attention_heads");
  m->num_query_groups = (guint32) member_uint (o, "num_query_groups");
  m->kv_channels = member_uint (o, "kv_channels");
  m->ffn_hidden_size = member_uint (o, "ffn_hidden_size");
  m->swiglu = member_bool (o, "swiglu", FALSE);
  m->squared_relu = g_strcmp0 (activation, "squared-relu") == 0;
  m->rmsnorm = g_strcmp0 (norm, "RMSNorm") == 0;
  m->add_bias_linear = member_bool (o, "add_bias_linear", TRUE);
  m->qk_layernorm = member_bool (o, "qk_layernorm", FALSE);
  m->untie_embeddings_and_output_weights = member_bool (o, "untie_embeddings_and_output_weights", FALSE);
  m->position_embedding_type = member_strdup (o, "position_embedding_type");
  m->rotary_base = member_uint (o, "rotary_base");
  m->vocab_size = member_uint (o, "vocab_size");
  m->tokenizer_type = member_strdup (o, "tokenizer_type");
  m->tokenizer_model_hint = member_strdup (o, "tokenizer_model_hint");
  m->max_position_embeddings = (guint32) member_uint (o, "max_position_embeddings");
  m->seq_length = (guint32) member_uint (o, "seq_length");
  m->num_experts = (guint32) member_uint (o, "num_experts");
  m->moe_router_topk = (guint32) member_uint (o, "moe_router_topk");
  m->moe_ffn_hidden_size = member_uint (o, "moe_ffn_hidden_size");
  m->moe_shared_expert_intermediate_size = member_uint (o, "moe_shared_expert_intermediate_size");
  m->moe_layer_freq = member_strdup (o, "moe_layer_freq");
  m->moe_router_score_function = member_strdup (o, "moe_router_score_function");
  m->multi_latent_attention = member_bool (o, "multi_latent_attention", FALSE);
  m->q_lora_rank = member_uint (o, "q_lora_rank");
  m->kv_lora_rank = member_uint (o, "kv_lora_rank");
  m->qk_head_dim = member_uint (o, "qk_head_dim");
  m->qk_pos_emb_head_dim = member_uint (o, "qk_pos_emb_head_dim");
  m->v_head_dim = member_uint (o, "v_head_dim");
  m->mtp_num_layers = (guint32) member_uint (o, "mtp_num_layers");
  m->moe_router_num_groups = (guint32) member_uint (o, "moe_router_num_groups");
  m->moe_router_group_topk = (guint32) member_uint (o, "moe_router_group_topk");
  m->dropout_given = json_object_has_member (o, "hidden_dropout") || json_object_has_member (o, "attention_dropout");
  m->hidden_dropout = json_object_has_member (o, "hidden_dropout") ? member_double (o, "hidden_dropout") : 0.1;
  m->attention_dropout = json_object_has_member (o, "attention_dropout") ? member_double (o, "attention_dropout") : 0.1;
  m->hf_config = member_strdup (o, "hf_config");
  if (json_object_has_member (o, "extra_args"))
    {
      JsonArray *words = json_object_get_array_member (o, "extra_args");
      GPtrArray *list = g_ptr_array_new ();

      for (guint i = 0; words != NULL && i < json_array_get_length (words); i++)
        g_ptr_array_add (list, g_strdup (json_array_get_string_element (words, i)));
      g_ptr_array_add (list, NULL);
      m->extra_args = (char **) g_ptr_array_free (list, FALSE);
    }
  m->dropout_source = json_object_has_member (o, "dropout_source")
                      ? g_intern_string (json_object_get_string_member (o, "dropout_source")) : NULL;
  return m;
}

static const char *
keep_string (Catalog    *catalog,
             JsonObject *object,
             const char *name)
{
  char *value = member_strdup (object, name);

  if (value == NULL)
    value = g_strdup ("");
  g_ptr_array_add (catalog->strings, value);
  return value;
}

static void
mfu_from_json (Catalog         *catalog,
               JsonObject      *mfu,
               const char      *name,
               PlannerMfuRange *range)
{
  JsonObject *o;

  if (mfu == NULL || !json_object_has_member (mfu, name))
    {
      range->source = "";
      return;
    }
  o = json_object_get_object_member (mfu, name);
  range->low = member_double (o, "low");
  range->high = member_double (o, "high");
  range->source = keep_string (catalog, o, "source");
}

static PlannerGpu *
gpu_from_json (Catalog    *catalog,
               JsonObject *o)
{
  PlannerGpu *g = g_new0 (PlannerGpu, 1);
  JsonObject *mfu = json_object_has_member (o, "mfu") ? json_object_get_object_member (o, "mfu") : NULL;
  const char *cc = keep_string (catalog, o, "compute_capability");
  const char *dot = strchr (cc, '.');

  g->id = keep_string (catalog, o, "id");
  g->name = keep_string (catalog, o, "name");
  g->architecture = keep_string (catalog, o, "architecture");
  g->memory_bytes = member_uint (o, "memory_bytes");
  g->memory_marketed_gb = member_double (o, "memory_marketed_gb");
  g->peak_bf16_tflops = member_double (o, "peak_bf16_tflops");
  g->peak_fp16_tflops = member_double (o, "peak_fp16_tflops");
  g->peak_fp8_tflops = member_double (o, "peak_fp8_tflops");
  g->supports_bf16 = member_bool (o, "supports_bf16", FALSE);
  g->supports_fp8 = member_bool (o, "supports_fp8", FALSE);
  g->compute_capability_major = (guint32) g_ascii_strtoull (cc, NULL, 10);
  g->compute_capability_minor = dot ? (guint32) g_ascii_strtoull (dot + 1, NULL, 10) : 0;
  g->nvlink_domain_size = (guint32) member_uint (o, "nvlink_domain_size");
  g->intra_node_gbps = member_double (o, "intra_node_gbps");
  g->inter_node_gbps = member_double (o, "inter_node_gbps");
  mfu_from_json (catalog, mfu, "dense_bf16", &g->mfu_dense_bf16);
  mfu_from_json (catalog, mfu, "dense_fp8", &g->mfu_dense_fp8);
  mfu_from_json (catalog, mfu, "moe_bf16", &g->mfu_moe_bf16);
  mfu_from_json (catalog, mfu, "moe_fp8", &g->mfu_moe_fp8);
  g->source = keep_string (catalog, o, "source");
  return g;
}

static gpointer
catalog_load (gpointer data)
{
  Catalog *catalog = g_new0 (Catalog, 1);
  g_autoptr(JsonNode) models = load_resource ("models.json");
  g_autoptr(JsonNode) gpus = load_resource ("gpus.json");

  catalog->models = g_ptr_array_new ();
  catalog->gpus = g_ptr_array_new ();
  catalog->strings = g_ptr_array_new ();

  if (models != NULL && JSON_NODE_HOLDS_OBJECT (models))
    {
      JsonArray *array = json_object_get_array_member (json_node_get_object (models), "models");

      for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
        g_ptr_array_add (catalog->models, model_from_json (json_array_get_object_element (array, i)));
    }
  if (gpus != NULL && JSON_NODE_HOLDS_OBJECT (gpus))
    {
      JsonArray *array = json_object_get_array_member (json_node_get_object (gpus), "gpus");

      for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
        g_ptr_array_add (catalog->gpus, gpu_from_json (catalog, json_array_get_object_element (array, i)));
    }
  g_ptr_array_add (catalog->models, NULL);
  g_ptr_array_add (catalog->gpus, NULL);

  return catalog;
}

/* Loaded once and kept for the life of the process. */
static Catalog *
catalog_get (void)
{
  static GOnce once = G_ONCE_INIT;

  return g_once (&once, catalog_load, NULL);
}

const PlannerModel *
planner_model_lookup (const char *id)
{
  Catalog *catalog = catalog_get ();

  if (id == NULL)
    return NULL;
  for (guint i = 0; i + 1 < catalog->models->len; i++)
    {
      const PlannerModel *model = g_ptr_array_index (catalog->models, i);

      if (g_strcmp0 (model->id, id) == 0)
        return model;
    }
  return NULL;
}

const PlannerModel *const *
planner_model_list (guint *n_models)
{
  Catalog *catalog = catalog_get ();

  if (n_models != NULL)
    *n_models = catalog->models->len - 1;
  return (const PlannerModel *const *) catalog->models->pdata;
}

const PlannerGpu *
planner_gpu_lookup (const char *id)
{
  Catalog *catalog = catalog_get ();

  if (id == NULL)
    return NULL;
  for (guint i = 0; i + 1 < catalog->gpus->len; i++)
    {
      const PlannerGpu *gpu = g_ptr_array_index (catalog->gpus, i);

      if (g_strcmp0 (gpu->id, id) == 0)
        return gpu;
    }
  return NULL;
}

const PlannerGpu *const *
planner_gpu_list (guint *n_gpus)
{
  Catalog *catalog = catalog_get ();

  if (n_gpus != NULL)
    *n_gpus = catalog->gpus->len - 1;
  return (const PlannerGpu *const *) catalog->gpus->pdata;
}

void
planner_model_free (PlannerModel *model)
{
  if (model == NULL)
    return;
  g_free (model->id);
  g_free (model->name);
  g_free (model->family);
  g_free (model->source);
  g_free (model->position_embedding_type);
  g_free (model->tokenizer_type);
  g_free (model->tokenizer_model_hint);
  g_free (model->moe_layer_freq);
  g_free (model->moe_router_score_function);
  g_strfreev (model->assumed);
  g_strfreev (model->extra_args);
  g_free (model->hf_config);
  g_free (model);
}


gboolean
planner_model_is_moe (const PlannerModel *model)
{
  g_return_val_if_fail (model != NULL, FALSE);

  return model->num_experts > 0;
}

static void
set_uint (PlannerArgs *args,
          const char  *dest,
          const char  *flag,
          guint64      value)
{
  char text[32];

  g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT, value);
  planner_args_set (args, dest, flag, text);
}

/* The entry's own words, each flag as Megatron 0.20's parser has it; a
 * word the parser does not know is skipped (the data test checks there
 * is none). */
static void
apply_extra_args (const PlannerModel *model,
                  PlannerArgs        *args)
{
  for (guint i = 0; model->extra_args != NULL && model->extra_args[i] != NULL; i++)
    {
      const char *flag = model->extra_args[i];
      const PlannerFlagInfo *info = planner_flag_catalog_lookup (flag);

      if (info == NULL)
        continue;
      if (planner_flag_info_takes_value (info))
        {
          if (model->extra_args[i + 1] == NULL)
            break;
          planner_args_set (args, info->dest, flag, model->extra_args[++i]);
        }
      else
        planner_args_set_bool (args, info->dest, flag, planner_flag_info_switch_value (info, flag));
    }
}

void
planner_model_apply_to_args (const PlannerModel *model,
                             PlannerArgs        *args)
{
  g_return_if_fail (model != NULL);
  g_return_if_fail (args != NULL);

  set_uint (args, "num_layers", "--num-layers", model->num_layers);
  set_uint (args, "hidden_size", "--hidden-size", model->hidden_size);
  set_uint (args, "num_attention_heads", "--num-attention-heads", model->num_attention_heads);
  if (model->num_query_groups > 0 && !model->multi_latent_attention)
    {
      planner_args_set_bool (args, "group_query_attention", "--group-query-attention", TRUE);
      set_uint (args, "num_query_groups", "--num-query-groups", model->num_query_groups);
    }
  if (model->kv_channels > 0)
    set_uint (args, "kv_channels", "--kv-channels", model->kv_channels);
  set_uint (args, "ffn_hidden_size", "--ffn-hidden-size", model->ffn_hidden_size);
  if (model->swiglu)
    planner_args_set_bool (args, "swiglu", "--swiglu", TRUE);
  if (model->squared_relu)
    planner_args_set_bool (args, "squared_relu", "--squared-relu", TRUE);
  planner_args_set (args, "normalization", "--normalization", model->rmsnorm ? "RMSNorm" : "LayerNorm");
  if (model->qk_layernorm)
    planner_args_set_bool (args, "qk_layernorm", "--qk-layernorm", TRUE);
  if (model->position_embedding_type != NULL)
    planner_args_set (args, "position_embedding_type", "--position-embedding-type",
                      model->position_embedding_type);
  if (g_strcmp0 (model->position_embedding_type, "rope") == 0 && model->rotary_base > 0)
    set_uint (args, "rotary_base", "--rotary-base", model->rotary_base);
  if (model->untie_embeddings_and_output_weights)
    planner_args_set_bool (args, "untie_embeddings_and_output_weights",
                           "--untie-embeddings-and-output-weights", TRUE);
  if (!model->add_bias_linear)
    /* store_false: the flag sets add_bias_linear to False. */
    planner_args_set_bool (args, "add_bias_linear", "--disable-bias-linear", FALSE);
  set_uint (args, "max_position_embeddings", "--max-position-embeddings", model->max_position_embeddings);
  set_uint (args, "seq_length", "--seq-length", model->seq_length);
  if (model->tokenizer_type != NULL)
    planner_args_set (args, "tokenizer_type", "--tokenizer-type", model->tokenizer_type);
  /* The vocabulary size is data for the planner; with a real tokenizer
   * Megatron reads it from the tokenizer, so only NullTokenizer needs the flag. */
  if (g_strcmp0 (model->tokenizer_type, "NullTokenizer") == 0)
    set_uint (args, "vocab_size", "--vocab-size", model->vocab_size);

  if (model->num_experts > 0)
    {
      set_uint (args, "num_experts", "--num-experts", model->num_experts);
      set_uint (args, "moe_router_topk", "--moe-router-topk", model->moe_router_topk);
      set_uint (args, "moe_ffn_hidden_size", "--moe-ffn-hidden-size", model->moe_ffn_hidden_size);
      if (model->moe_shared_expert_intermediate_size > 0)
        set_uint (args, "moe_shared_expert_intermediate_size", "--moe-shared-expert-intermediate-size",
                  model->moe_shared_expert_intermediate_size);
      if (model->moe_layer_freq != NULL)
        planner_args_set (args, "moe_layer_freq", "--moe-layer-freq", model->moe_layer_freq);
      if (model->moe_router_score_function != NULL)
        planner_args_set (args, "moe_router_score_function", "--moe-router-score-function",
                          model->moe_router_score_function);
    }
  if (model->multi_latent_attention)
    {
      planner_args_set_bool (args, "multi_latent_attention", "--multi-latent-attention", TRUE);
      if (model->q_lora_rank > 0)
        set_uint (args, "q_lora_rank", "--q-lora-rank", model->q_lora_rank);
      set_uint (args, "kv_lora_rank", "--kv-lora-rank", model->kv_lora_rank);
      set_uint (args, "qk_head_dim", "--qk-head-dim", model->qk_head_dim);
      set_uint (args, "qk_pos_emb_head_dim", "--qk-pos-emb-head-dim", model->qk_pos_emb_head_dim);
      set_uint (args, "v_head_dim", "--v-head-dim", model->v_head_dim);
    }
  if (model->mtp_num_layers > 0)
    set_uint (args, "mtp_num_layers", "--mtp-num-layers", model->mtp_num_layers);
  apply_extra_args (model, args);
}

/* How the model was published to train, beyond the dimensions a job
 * holds: group-limited routing (DeepSeek-V3: 8 groups, 4 per token), and
 * no dropout for the models NVIDIA's recipes and the models' own configs
 * train without (Megatron's default of 0.1 adds two one-byte masks per
 * layer, about 7% of the activations).  Only what @args does not say
 * already; kept apart from the dimensions so that arguments which say
 * nothing about them still match the model, and jobs (which have no field
 * for them yet) write the same flags as their catalogue model. */
void
planner_model_apply_training_to_args (const PlannerModel *model,
                                      PlannerArgs        *args)
{
  char value[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_if_fail (model != NULL);
  g_return_if_fail (args != NULL);

  if (model->num_experts > 0 && model->moe_router_num_groups > 0 && model->moe_router_group_topk > 0 &&
      !planner_args_is_set (args, "moe_router_num_groups") && !planner_args_is_set (args, "moe_router_group_topk"))
    {
      set_uint (args, "moe_router_num_groups", "--moe-router-num-groups", model->moe_router_num_groups);
      set_uint (args, "moe_router_group_topk", "--moe-router-group-topk", model->moe_router_group_topk);
    }
  if (!model->dropout_given)
    return;
  if (!planner_args_is_set (args, "hidden_dropout"))
    {
      g_ascii_formatd (value, sizeof value, "%g", model->hidden_dropout);
      planner_args_set (args, "hidden_dropout", "--hidden-dropout", value);
    }
  if (!planner_args_is_set (args, "attention_dropout"))
    {
      g_ascii_formatd (value, sizeof value, "%g", model->attention_dropout);
      planner_args_set (args, "attention_dropout", "--attention-dropout", value);
    }
}

/* LLaMA-style shape for a size.  Heads of 128 channels, 8 KV groups, SwiGLU
 * with the ffn ≈ 3.5h rounded to 256, as in Llama 3. */
PlannerModel *
planner_model_new_from_size (double    params_b,
                             guint32   seq_length,
                             guint64   vocab_size,
                             GError  **error)
{
  g_autoptr(PlannerModel) model = NULL;
  g_autoptr(GPtrArray) assumed = g_ptr_array_new ();
  double target, per_layer, embedding;
  guint64 hidden;
  guint64 layers;

  if (!(params_b >= 0.01 && params_b <= 100000.0))
    {
      g_set_error (error, PLANNER_CATALOG_ERROR, PLANNER_CATALOG_ERROR_INVALID,
                   _("--params-b must be between 0.01 and 100000 (billions of parameters)"));
      return NULL;
    }
  if (seq_length == 0)
    {
      seq_length = 4096;
      g_ptr_array_add (assumed, g_strdup ("seq_length 4096"));
    }
  if (vocab_size == 0)
    {
      vocab_size = 128256;
      g_ptr_array_add (assumed, g_strdup (_("vocab_size 128256 (Llama 3 tokenizer)")));
    }

  target = params_b * 1e9;
  /* Widths of the Llama 2/3 family by size; depth takes the rest. */
  {
    static const struct { double below_b; guint64 hidden; } widths[] = {
      { 0.5, 1024 }, { 1.5, 2048 }, { 4.0, 3072 }, { 10.0, 4096 }, { 20.0, 5120 },
      { 45.0, 6144 }, { 100.0, 8192 }, { 200.0, 12288 }, { 600.0, 16384 },
    };

    hidden = 20480;
    for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
      if (params_b < widths[i].below_b)
        {
          hidden = widths[i].hidden;
          break;
        }
  }

  model = g_new0 (PlannerModel, 1);
  model->hidden_size = hidden;
  model->num_attention_heads = (guint32) (hidden / 128);
  model->num_query_groups = 8;
  model->kv_channels = 128;
  model->ffn_hidden_size = ((hidden * 7 / 2 + 255) / 256) * 256;
  model->swiglu = TRUE;
  model->rmsnorm = TRUE;
  model->add_bias_linear = FALSE;
  model->untie_embeddings_and_output_weights = TRUE;

  embedding = 2.0 * (double) hidden * (double) vocab_size;
  per_layer = 2.0 * (double) hidden * (double) hidden * (1.0 + 8.0 / (double) model->num_attention_heads) +
              3.0 * (double) hidden * (double) model->ffn_hidden_size + 2.0 * (double) hidden;
  layers = (guint64) llround (MAX (target - embedding, per_layer) / per_layer);
  layers = CLAMP (layers, 1, 1000);

  model->num_layers = (guint32) layers;
  model->id = g_strdup_printf ("custom-%gb", params_b);
  model->name = g_strdup_printf (_("Custom %g B (LLaMA-style)"), params_b);
  model->family = g_strdup ("custom");
  model->source = g_strdup ("planner_model_new_from_size: LLaMA-style proportions");
  model->position_embedding_type = g_strdup ("rope");
  model->rotary_base = 500000;
  model->vocab_size = vocab_size;
  model->tokenizer_type = g_strdup ("HuggingFaceTokenizer");
  model->seq_length = seq_length;
  model->max_position_embeddings = seq_length;

  g_ptr_array_add (assumed, g_strdup_printf ("hidden_size %" G_GUINT64_FORMAT, hidden));
  g_ptr_array_add (assumed, g_strdup_printf ("num_layers %u", model->num_layers));
  g_ptr_array_add (assumed, g_strdup_printf (_("num_attention_heads %u (128 channels each)"),
                                             model->num_attention_heads));
  g_ptr_array_add (assumed, g_strdup ("num_query_groups 8"));
  g_ptr_array_add (assumed, g_strdup_printf ("ffn_hidden_size %" G_GUINT64_FORMAT " (SwiGLU)",
                                             model->ffn_hidden_size));
  g_ptr_array_add (assumed, g_strdup (_("RMSNorm, RoPE base 500000, untied embeddings, no bias")));
  g_ptr_array_add (assumed, NULL);
  model->assumed = (char **) g_ptr_array_free (g_steal_pointer (&assumed), FALSE);

  return g_steal_pointer (&model);
}
