/* test-hf-config.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hugging Face configs (tests/core/hf-configs, sources in its README) as
 * Megatron arguments: the expected words were read from each family's
 * Megatron-Bridge bridge, and the expected unsupported keys are what
 * pretrain_gpt.py's flags cannot carry.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "planner-catalog.h"
#include "planner-flag-catalog.h"
#include "planner-analyze.h"
#include "planner-hf-config.h"
#include "planner-hf-release.h"
#include "planner-job-model.h"

typedef struct
{
  const char *file;
  const char *architecture;
  /* "--flag value" or "--switch", each of which must be in the words */
  const char *const *has;
  /* flags that must not be there */
  const char *const *lacks;
  /* the unsupported keys, all of them, in order */
  const char *const *unsupported;
} Golden;

#define L(...) ((const char *const[]) { __VA_ARGS__, NULL })
#define NONE   ((const char *const[]) { NULL })

static const Golden goldens[] = {
  /* llama_bridge.py: RMSNorm, gated SiLU, no biases; rope_scaling llama3 turns --use-rope-scaling on. */
  { "llama-3.1-8b.json", "LlamaForCausalLM",
    L ("--num-layers 32", "--hidden-size 4096", "--ffn-hidden-size 14336", "--num-attention-heads 32",
       "--group-query-attention", "--num-query-groups 8", "--kv-channels 128", "--swiglu", "--normalization RMSNorm",
       "--norm-epsilon 1e-05", "--position-embedding-type rope", "--rotary-base 500000", "--use-rope-scaling",
       "--rope-scaling-factor 8.0", "--untie-embeddings-and-output-weights", "--disable-bias-linear",
       "--max-position-embeddings 131072", "--vocab-size 128256", "--padded-vocab-size 128256"),
    L ("--add-qkv-bias", "--qk-layernorm", "--num-experts"), NONE },
  { "llama-3.1-70b.json", "LlamaForCausalLM",
    L ("--num-layers 80", "--hidden-size 8192", "--ffn-hidden-size 28672", "--num-attention-heads 64",
       "--num-query-groups 8", "--use-rope-scaling", "--rotary-base 500000"), NONE, NONE },
  { "llama-3.1-405b.json", "LlamaForCausalLM",
    L ("--num-layers 126", "--hidden-size 16384", "--ffn-hidden-size 53248", "--num-attention-heads 128"), NONE,
    NONE },
  /* Llama 3.2: factor 32, which the bridge sets and 0.20's pretrain_gpt.py does not pass on (named);
   * tied embeddings; head_dim given. */
  { "llama-3.2-1b.json", "LlamaForCausalLM",
    L ("--num-layers 16", "--hidden-size 2048", "--ffn-hidden-size 8192", "--kv-channels 64", "--use-rope-scaling",
       "--rope-scaling-factor 32.0"),
    L ("--untie-embeddings-and-output-weights"), L ("rope_scaling.factor") },
  { "llama-3.2-3b.json", "LlamaForCausalLM",
    L ("--num-layers 28", "--hidden-size 3072", "--num-attention-heads 24", "--kv-channels 128"),
    L ("--untie-embeddings-and-output-weights"), L ("rope_scaling.factor") },
  { "llama-2-7b.json", "LlamaForCausalLM",
    L ("--num-layers 32", "--ffn-hidden-size 11008", "--num-query-groups 32", "--rotary-base 10000",
       "--max-position-embeddings 4096", "--vocab-size 32000", "--padded-vocab-size 32000"),
    L ("--use-rope-scaling", "--rope-scaling-factor"), NONE },
  /* qwen2_bridge.py: Llama's shape with q, k, v biases. */
  { "qwen2.5-7b.json", "Qwen2ForCausalLM",
    L ("--num-layers 28", "--hidden-size 3584", "--ffn-hidden-size 18944", "--num-attention-heads 28",
       "--num-query-groups 4", "--kv-channels 128", "--add-qkv-bias", "--disable-bias-linear",
       "--rotary-base 1000000", "--norm-epsilon 1e-06", "--vocab-size 152064",
       "--untie-embeddings-and-output-weights"),
    L ("--qk-layernorm", "--window-size"), NONE },
  { "qwen2.5-72b.json", "Qwen2ForCausalLM",
    L ("--num-layers 80", "--hidden-size 8192", "--ffn-hidden-size 29568", "--num-attention-heads 64",
       "--num-query-groups 8", "--add-qkv-bias", "--norm-epsilon 1e-05"), L ("--window-size"), NONE },
  /* qwen3_bridge.py: QK layernorm, no QKV bias, head_dim 128 whatever hidden / heads is. */
  { "qwen3-8b.json", "Qwen3ForCausalLM",
    L ("--num-layers 36", "--hidden-size 4096", "--ffn-hidden-size 12288", "--num-query-groups 8",
       "--kv-channels 128", "--qk-layernorm", "--max-position-embeddings 40960", "--vocab-size 151936"),
    L ("--add-qkv-bias"), NONE },
  { "qwen3-32b.json", "Qwen3ForCausalLM",
    L ("--num-layers 64", "--hidden-size 5120", "--ffn-hidden-size 25600", "--num-attention-heads 64",
       "--kv-channels 128", "--qk-layernorm"), L ("--add-qkv-bias"), NONE },
  /* qwen3_moe_bridge.py: experts on every layer, norm_topk_prob true (no pre-softmax). */
  { "qwen3-30b-a3b.json", "Qwen3MoeForCausalLM",
    L ("--num-layers 48", "--hidden-size 2048", "--num-query-groups 4", "--kv-channels 128", "--qk-layernorm",
       "--num-experts 128", "--moe-router-topk 8", "--moe-ffn-hidden-size 768"),
    L ("--moe-layer-freq", "--moe-router-pre-softmax", "--moe-shared-expert-intermediate-size"), NONE },
  { "qwen3-235b-a22b.json", "Qwen3MoeForCausalLM",
    L ("--num-layers 94", "--hidden-size 4096", "--num-attention-heads 64", "--num-query-groups 4",
       "--num-experts 128", "--moe-ffn-hidden-size 1536"), L ("--moe-layer-freq"), NONE },
  /* mistral_bridge.py: sliding_window W is (W - 1, 0). */
  { "mistral-7b-v0.1.json", "MistralForCausalLM",
    L ("--num-layers 32", "--hidden-size 4096", "--ffn-hidden-size 14336", "--num-query-groups 8",
       "--window-size 4095,0", "--rotary-base 10000", "--vocab-size 32000"),
    L ("--window-attn-skip-freq"), NONE },
  { "mistral-7b-v0.3.json", "MistralForCausalLM",
    L ("--rotary-base 1000000", "--vocab-size 32768"), L ("--window-size"), NONE },
  /* mixtral_bridge.py and mixtral_provider.py: experts of intermediate_size on every layer, top 2,
   * softmax over every expert before the top-k (the provider's moe_router_pre_softmax). */
  { "mixtral-8x7b.json", "MixtralForCausalLM",
    L ("--num-layers 32", "--hidden-size 4096", "--ffn-hidden-size 14336", "--num-experts 8",
       "--moe-router-topk 2", "--moe-ffn-hidden-size 14336", "--rotary-base 1000000", "--norm-epsilon 1e-05",
       "--moe-router-pre-softmax"),
    L ("--window-size", "--moe-layer-freq"), NONE },
  { "mixtral-8x22b.json", "MixtralForCausalLM",
    L ("--num-layers 56", "--hidden-size 6144", "--num-attention-heads 48", "--moe-ffn-hidden-size 16384",
       "--max-position-embeddings 65536", "--moe-router-pre-softmax"), NONE, NONE },
  /* deepseek_v2_bridge.py: MLA, dense first layers, shared experts, softmax before top-k, YaRN. */
  { "deepseek-v2-lite.json", "DeepseekV2ForCausalLM",
    L ("--num-layers 27", "--hidden-size 2048", "--ffn-hidden-size 10944", "--num-attention-heads 16",
       "--multi-latent-attention", "--kv-lora-rank 512", "--qk-head-dim 128", "--qk-pos-emb-head-dim 64",
       "--v-head-dim 128", "--qk-layernorm", "--num-experts 64", "--moe-router-topk 6",
       "--moe-ffn-hidden-size 1408", "--moe-shared-expert-intermediate-size 2816",
       "--moe-layer-freq ([0]*1+[1]*26)", "--moe-router-pre-softmax", "--rotary-scaling-factor 40.0",
       "--mscale 0.707", "--mscale-all-dim 0.707", "--vocab-size 102400", "--rope-type yarn",
       "--position-embedding-type rope", "--moe-router-score-function softmax", "--moe-router-num-groups 1",
       "--moe-router-group-topk 1", "--moe-router-topk-scaling-factor 1.0"),
    L ("--q-lora-rank", "--group-query-attention", "--kv-channels", "--mtp-num-layers",
       "--moe-router-enable-expert-bias"), NONE },
  /* group_limited_greedy ranks a group by its best expert, Megatron by the sum of its top k / groups. */
  { "deepseek-v2.json", "DeepseekV2ForCausalLM",
    L ("--num-layers 60", "--q-lora-rank 1536", "--num-experts 160", "--moe-router-num-groups 8",
       "--moe-router-group-topk 3", "--moe-router-topk-scaling-factor 16.0",
       "--moe-shared-expert-intermediate-size 3072"),
    L ("--moe-router-enable-expert-bias"), L ("topk_method") },
  /* deepseek_v3_bridge.py: sigmoid scores with expert bias, 8 groups of which 4, MTP. */
  { "deepseek-v3.json", "DeepseekV3ForCausalLM",
    L ("--num-layers 61", "--hidden-size 7168", "--ffn-hidden-size 18432", "--num-attention-heads 128",
       "--multi-latent-attention", "--q-lora-rank 1536", "--kv-lora-rank 512", "--num-experts 256",
       "--moe-router-topk 8", "--moe-ffn-hidden-size 2048", "--moe-shared-expert-intermediate-size 2048",
       "--moe-layer-freq ([0]*3+[1]*58)", "--moe-router-score-function sigmoid",
       "--moe-router-enable-expert-bias", "--moe-router-num-groups 8", "--moe-router-group-topk 4",
       "--moe-router-topk-scaling-factor 2.5", "--mtp-num-layers 1", "--rotary-scaling-factor 40.0",
       "--vocab-size 129280"),
    L ("--group-query-attention"), NONE },
  /* gpt_oss_bridge.py: quick-GeGLU with offset and clamp, sinks, alternating windows, YaRN, biases. */
  { "gpt-oss-20b.json", "GptOssForCausalLM",
    L ("--num-layers 24", "--hidden-size 2880", "--ffn-hidden-size 2880", "--num-attention-heads 64",
       "--num-query-groups 8", "--kv-channels 64", "--quick-geglu", "--glu-linear-offset 1.0",
       "--activation-func-clamp-value 7.0", "--softmax-type learnable", "--window-size 127,0",
       "--window-attn-skip-freq 2", "--position-embedding-type yarn", "--rotary-scaling-factor 32.0",
       "--yarn-original-max-position-embeddings 4096", "--yarn-beta-fast 32.0", "--yarn-beta-slow 1.0",
       "--no-yarn-correction-range-round-to-int", "--rotary-base 150000", "--add-qkv-bias", "--num-experts 32",
       "--moe-router-topk 4", "--moe-ffn-hidden-size 2880", "--vocab-size 201088"),
    L ("--disable-bias-linear", "--swiglu"), NONE },
  { "gpt-oss-120b.json", "GptOssForCausalLM",
    L ("--num-layers 36", "--num-experts 128", "--window-attn-skip-freq 2", "--softmax-type learnable"),
    L ("--disable-bias-linear"), NONE },
  /* gemma2_bridge.py: what it keeps (windows, (1 + w) norms) and what the flags drop. */
  { "gemma-2-9b.json", "Gemma2ForCausalLM",
    L ("--num-layers 42", "--hidden-size 3584", "--kv-channels 256", "--window-size 4095,0",
       "--window-attn-skip-freq 2", "--apply-layernorm-1p"),
    L ("--untie-embeddings-and-output-weights"),
    L ("hidden_activation", "hidden_size", "architectures", "attn_logit_softcapping", "final_logit_softcapping") },
  { "gemma-3-1b.json", "Gemma3ForCausalLM",
    L ("--num-layers 26", "--hidden-size 1152", "--num-query-groups 1", "--qk-layernorm", "--window-size 511,0",
       "--window-attn-skip-freq 6", "--rotary-base 1000000"),
    NONE, L ("hidden_activation", "hidden_size", "architectures", "rope_local_base_freq") },
};

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "core", "hf-configs", name, NULL);
}

/* "--flag value" present as consecutive words, or "--switch" alone. */
static gboolean
words_have (char       **words,
            const char  *want)
{
  g_auto(GStrv) parts = g_strsplit (want, " ", 2);

  for (guint i = 0; words[i] != NULL; i++)
    if (g_str_equal (words[i], parts[0]))
      {
        if (parts[1] == NULL)
          return words[i + 1] == NULL || g_str_has_prefix (words[i + 1], "--");
        return words[i + 1] != NULL && g_str_equal (words[i + 1], parts[1]);
      }
  return FALSE;
}

static void
test_goldens (void)
{
  for (guint g = 0; g < G_N_ELEMENTS (goldens); g++)
    {
      const Golden *golden = &goldens[g];
      g_autofree char *path = fixture (golden->file);
      g_autoptr(GError) error = NULL;
      g_autoptr(PlannerHfConfig) config = planner_hf_config_new_from_file (path, &error);
      g_auto(GStrv) words = NULL;
      guint n;

      g_test_message ("%s", golden->file);
      g_assert_no_error (error);
      g_assert_nonnull (config);
      g_assert_cmpstr (planner_hf_config_get_architecture (config), ==, golden->architecture);
      words = planner_hf_config_dup_words (config);
      for (guint i = 0; golden->has[i] != NULL; i++)
        if (!words_have (words, golden->has[i]))
          g_error ("%s: no %s in %s", golden->file, golden->has[i], g_strjoinv (" ", words));
      for (guint i = 0; golden->lacks[i] != NULL; i++)
        for (guint w = 0; words[w] != NULL; w++)
          if (g_str_equal (words[w], golden->lacks[i]))
            g_error ("%s: %s should not be written", golden->file, golden->lacks[i]);
      n = planner_hf_config_get_n_unsupported (config);
      g_assert_cmpuint (n, ==, g_strv_length ((char **) golden->unsupported));
      for (guint i = 0; i < n; i++)
        {
          const char *key, *why;

          planner_hf_config_get_unsupported (config, i, &key, &why);
          g_assert_cmpstr (key, ==, golden->unsupported[i]);
          g_assert_true (why != NULL && *why != '\0');
        }
      /* Every word is one Megatron 0.20 spells: each flag is in its
       * parser, with a value its parser converts. */
      g_assert_true (g_str_has_prefix (words[0], "--"));
      for (guint w = 0; words[w] != NULL; w++)
        {
          const PlannerFlagInfo *info = planner_flag_catalog_lookup (words[w]);

          if (info == NULL)
            g_error ("%s: %s is not a flag of Megatron-Core 0.20", golden->file, words[w]);
          if (planner_flag_info_takes_value (info))
            {
              g_autoptr(GError) value_error = NULL;

              g_assert_nonnull (words[w + 1]);
              if (!planner_flag_catalog_check_value (info, words[w + 1], &value_error))
                g_error ("%s: %s %s: %s", golden->file, words[w], words[w + 1], value_error->message);
              w++;
            }
        }
    }
}

/* A catalogue entry made from a config writes what the mapping writes:
 * every dimension and option, the same values. */
static void
test_catalogue_matches_configs (void)
{
  static const char *const training[] = {
    "attention_dropout", "hidden_dropout", "init_method_std", "seq_length", "tokenizer_type",
    /* The catalogue lets Megatron pad the tokenizer's vocabulary, as for
     * every entry; the mapping keeps the config's rows. */
    "padded_vocab_size", NULL,
  };
  const PlannerModel *const *models = planner_model_list (NULL);
  guint checked = 0;

  for (guint m = 0; models[m] != NULL; m++)
    {
      g_autofree char *path = NULL;
      g_autoptr(PlannerHfConfig) config = NULL;
      g_autoptr(PlannerArgs) mine = planner_args_new ();
      g_autoptr(GError) error = NULL;
      const PlannerArgs *theirs;

      if (models[m]->hf_config == NULL)
        continue;
      g_test_message ("%s from %s", models[m]->id, models[m]->hf_config);
      path = fixture (models[m]->hf_config);
      config = planner_hf_config_new_from_file (path, &error);
      g_assert_no_error (error);
      theirs = planner_hf_config_get_args (config);
      planner_model_apply_to_args (models[m], mine);
      planner_model_apply_training_to_args (models[m], mine);
      for (guint i = 0; i < planner_args_get_n_entries (theirs); i++)
        {
          const char *dest = planner_args_get_dest_at (theirs, i);
          g_autofree char *want = NULL;
          g_autofree char *have = NULL;

          if (g_strv_contains (training, dest))
            continue;
          /* The catalogue keeps the vocabulary as data (Megatron reads it
           * from the tokenizer); it must be the config's. */
          if (g_str_equal (dest, "vocab_size"))
            {
              g_assert_cmpint (planner_args_get_int (theirs, dest, 0), ==, (gint64) models[m]->vocab_size);
              continue;
            }
          want = g_strjoinv (" ", (char **) planner_args_get_list (theirs, dest));
          if (!planner_args_is_set (mine, dest))
            g_error ("%s: the catalogue does not write %s (the config gives %s)", models[m]->id,
                     planner_args_get_flag (theirs, dest), want);
          have = g_strjoinv (" ", (char **) planner_args_get_list (mine, dest));
          if (!g_str_equal (want, have))
            g_error ("%s: the catalogue writes %s %s, the config %s", models[m]->id,
                     planner_args_get_flag (theirs, dest), have, want);
        }
      for (guint i = 0; i < planner_args_get_n_entries (mine); i++)
        {
          const char *dest = planner_args_get_dest_at (mine, i);

          if (!g_strv_contains (training, dest) && !planner_args_is_set (theirs, dest))
            g_error ("%s: the catalogue writes %s, which the config does not give", models[m]->id,
                     planner_args_get_flag (mine, dest));
        }
      checked++;
    }
  /* The seven entries of issue 21, and the nine older ones now made from
   * their configs (Llama 3.1, Qwen3, Mixtral). */
  g_assert_cmpuint (checked, >=, 16);
}

static char *
job_with_hf_config (const char *path)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, "launch-planner-job");
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "model");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "hf_config");
  json_builder_add_string_value (b, path);
  json_builder_end_object (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  return json_generator_to_data (gen, NULL);
}

/* What the estimates leave out of gpt-oss is said: windows counted as
 * full attention in the FLOPs, sinks and biases not in the memory; a
 * model with none of them gets none of these notes. */
static void
test_estimate_notes (void)
{
  static const struct { const char *file; gboolean windows, sinks, biases; } cases[] = {
    { "gpt-oss-20b.json", TRUE, TRUE, TRUE },
    { "mistral-7b-v0.1.json", TRUE, FALSE, FALSE },
    { "llama-2-7b.json", FALSE, FALSE, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = fixture (cases[i].file);
      g_autoptr(GError) error = NULL;
      g_autoptr(PlannerHfConfig) config = planner_hf_config_new_from_file (path, &error);
      const char *const *notes;
      gboolean windows = FALSE, sinks = FALSE, biases = FALSE;

      g_assert_no_error (error);
      notes = planner_hf_config_get_notes (config);
      for (guint n = 0; notes[n] != NULL; n++)
        {
          windows |= strstr (notes[n], "windowed layers as full attention") != NULL;
          sinks |= strstr (notes[n], "softmax sinks") != NULL && strstr (notes[n], "not counted") != NULL;
          biases |= strstr (notes[n], "biases are not counted") != NULL;
        }
      g_assert_cmpint (windows, ==, cases[i].windows);
      g_assert_cmpint (sinks, ==, cases[i].sinks);
      g_assert_cmpint (biases, ==, cases[i].biases);
    }
}

/* model.hf_config: read at load into the custom fields, which then hold
 * the model without the file. */
static void
test_job_hf_config (void)
{
  g_autofree char *path = fixture ("gpt-oss-20b.json");
  g_autofree char *text = job_with_hf_config (path);
  g_autoptr(PlannerJob) job = planner_job_new ();
  g_autoptr(PlannerJob) again = planner_job_new ();
  g_autoptr(PlannerJob) later = planner_job_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *warning = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *moved = NULL;
  gsize length = 0;

  g_assert_true (planner_job_load_from_data (job, text, -1, &error));
  g_assert_no_error (error);
  g_assert_true (planner_hf_config_load_into_job (job, &warning, &error));
  g_assert_no_error (error);
  g_assert_null (warning);
  g_assert_cmpint (planner_job_get_model_kind (job), ==, PLANNER_JOB_MODEL_CUSTOM);
  g_assert_cmpuint (planner_job_get_uint (job, "num-layers"), ==, 24);
  g_assert_cmpuint (planner_job_get_uint (job, "hidden-size"), ==, 2880);
  g_assert_cmpuint (planner_job_get_uint (job, "num-experts"), ==, 32);
  g_assert_cmpstr (planner_job_get_string (job, "hf-config"), ==, path);
  /* The options with fields of their own are in them (issue 21), the
   * rest in the extra arguments. */
  g_assert_cmpstr (planner_job_get_string (job, "softmax-type"), ==, "learnable");
  g_assert_cmpstr (planner_job_get_string (job, "window-size"), ==, "127,0");
  g_assert_cmpstr (planner_job_get_string (job, "window-attn-skip-freq"), ==, "2");
  g_assert_true (planner_job_get_bool (job, "add-qkv-bias"));
  g_assert_cmpfloat (planner_job_get_double (job, "norm-epsilon"), ==, 1e-5);
  g_assert_null (strstr (planner_job_get_string (job, "extra-args"), "--softmax-type"));
  g_assert_null (strstr (planner_job_get_string (job, "extra-args"), "--window-size"));
  g_assert_null (strstr (planner_job_get_string (job, "extra-args"), "--norm-epsilon"));
  g_assert_nonnull (strstr (planner_job_get_string (job, "extra-args"), "--quick-geglu"));
  /* YaRN's settings too. */
  g_assert_cmpfloat (planner_job_get_double (job, "rotary-scaling-factor"), ==, 32.0);
  g_assert_cmpuint (planner_job_get_uint (job, "yarn-original-max-position-embeddings"), ==, 4096);
  g_assert_cmpfloat (planner_job_get_double (job, "yarn-beta-fast"), ==, 32.0);
  g_assert_cmpfloat (planner_job_get_double (job, "yarn-beta-slow"), ==, 1.0);
  g_assert_false (planner_job_get_bool (job, "yarn-correction-range-round-to-int"));
  g_assert_null (strstr (planner_job_get_string (job, "extra-args"), "yarn"));
  g_assert_null (strstr (planner_job_get_string (job, "extra-args"), "--rotary-scaling-factor"));

  /* Saved, then read again: the same job, whether the file is there ... */
  saved = planner_job_to_data (job, &length);
  g_assert_true (planner_job_load_from_data (again, saved, (gssize) length, &error));
  g_assert_true (planner_hf_config_load_into_job (again, &warning, &error));
  g_assert_no_error (error);
  g_assert_true (planner_job_equal (job, again));

  /* ... or not: the saved architecture stands in, and says so. */
  {
    g_autofree char *needle = g_strdup_printf ("\"%s\"", path);
    g_autofree char *missing = g_strdup_printf ("\"%s/gone/config.json\"", g_get_tmp_dir ());
    g_auto(GStrv) parts = g_strsplit (saved, needle, -1);

    moved = g_strjoinv (missing, parts);
  }
  g_assert_true (planner_job_load_from_data (later, moved, -1, &error));
  g_assert_true (planner_hf_config_load_into_job (later, &warning, &error));
  g_assert_no_error (error);
  g_assert_nonnull (warning);
  g_assert_nonnull (strstr (warning, "/gone/config.json"));
  g_assert_cmpuint (planner_job_get_uint (later, "num-layers"), ==, 24);
  g_assert_cmpstr (planner_job_get_string (later, "extra-args"), ==, planner_job_get_string (job, "extra-args"));
}

/* Issue 21: a reopened job keeps what the person made of the imported
 * architecture; a config that changed since is named, never read over
 * the fields. */
static void
test_job_hf_config_edits_kept (void)
{
  g_autofree char *source = fixture ("qwen3-8b.json");
  g_autofree char *tmp = g_dir_make_tmp ("planner-hf-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (tmp, "config.json", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *text = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *warning = NULL;
  g_autofree char *digest = NULL;
  g_autoptr(PlannerJob) job = planner_job_new ();
  g_autoptr(PlannerJob) again = planner_job_new ();
  g_autoptr(PlannerJob) changed = planner_job_new ();
  g_autoptr(GError) error = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (source, &contents, &length, &error));
  g_assert_true (g_file_set_contents (path, contents, (gssize) length, &error));
  text = job_with_hf_config (path);

  /* A job naming only the config: imported at load, with the digest. */
  g_assert_true (planner_job_load_from_data (job, text, -1, &error));
  g_assert_true (planner_hf_config_load_into_job (job, &warning, &error));
  g_assert_no_error (error);
  g_assert_null (warning);
  g_assert_cmpuint (planner_job_get_uint (job, "num-layers"), ==, 36);
  digest = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) contents, length);
  g_assert_cmpstr (planner_job_get_string (job, "hf-config-sha256"), ==, digest);

  /* The person edits the architecture, saves, reopens: the edits stay. */
  g_object_set (job, "num-layers", 30, "rotary-base", 500000, "qk-layernorm", FALSE, NULL);
  saved = planner_job_to_data (job, &length);
  g_assert_nonnull (strstr (saved, "\"hf_config_sha256\""));
  g_assert_true (planner_job_load_from_data (again, saved, (gssize) length, &error));
  g_assert_true (planner_hf_config_load_into_job (again, &warning, &error));
  g_assert_no_error (error);
  g_assert_null (warning);
  g_assert_cmpuint (planner_job_get_uint (again, "num-layers"), ==, 30);
  g_assert_cmpuint (planner_job_get_uint (again, "rotary-base"), ==, 500000);
  g_assert_false (planner_job_get_bool (again, "qk-layernorm"));
  g_assert_true (planner_job_equal (job, again));

  /* The file changes afterwards: said, naming it; the fields stay. */
  {
    g_autofree char *edited = g_strconcat (contents, "\n", NULL);
    g_auto(GStrv) parts = g_strsplit (edited, "\"num_hidden_layers\": 36", 2);

    g_assert_nonnull (parts[1]);
    g_free (edited);
    edited = g_strjoinv ("\"num_hidden_layers\": 40", parts);
    g_assert_true (g_file_set_contents (path, edited, -1, &error));
  }
  g_assert_true (planner_job_load_from_data (changed, saved, -1, &error));
  g_assert_true (planner_hf_config_load_into_job (changed, &warning, &error));
  g_assert_no_error (error);
  g_assert_nonnull (warning);
  g_assert_nonnull (strstr (warning, path));
  g_assert_nonnull (strstr (warning, "changed"));
  g_assert_null (strstr (warning, "model."));
  g_assert_cmpuint (planner_job_get_uint (changed, "num-layers"), ==, 30);
  g_assert_true (planner_job_equal (job, changed));

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (tmp), ==, 0);
}

/* The unsupported entry of @root under @key whose why holds @says. */
static gboolean
json_has_unsupported (JsonNode   *root,
                      const char *key,
                      const char *says)
{
  JsonArray *unsupported = json_object_get_array_member (json_node_get_object (root), "unsupported");

  for (guint i = 0; i < json_array_get_length (unsupported); i++)
    {
      JsonObject *u = json_array_get_object_element (unsupported, i);

      if (g_str_equal (json_object_get_string_member (u, "key"), key) &&
          strstr (json_object_get_string_member (u, "why"), says) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* Issue 21: DeepSeek-V3's YaRN is written as Megatron 0.20 takes it
 * (--rope-type yarn, from 0.14.0 on); a release without the flag has it
 * named in the mapping, and a job planned for it gets an error naming
 * the release that added it. */
static void
test_release_lacks_flag (void)
{
  g_autofree char *path = fixture ("deepseek-v3.json");
  g_autoptr(PlannerHfConfig) config = planner_hf_config_new_from_file (path, NULL);
  g_auto(GStrv) words = NULL;
  g_autoptr(JsonNode) latest = NULL;
  g_autoptr(JsonNode) old = NULL;
  g_autoptr(JsonNode) enough = NULL;
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autofree char *latest_text = NULL;
  g_autofree char *enough_text = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_nonnull (config);
  words = planner_hf_config_dup_words (config);
  g_assert_true (words_have (words, "--multi-latent-attention"));
  g_assert_true (words_have (words, "--rope-type yarn"));
  g_assert_true (words_have (words, "--rotary-scaling-factor 40.0"));
  g_assert_true (words_have (words, "--mscale 1.0"));
  g_assert_true (words_have (words, "--mscale-all-dim 1.0"));

  /* 0.12.0 has no --rope-type (0.14.0).  Nor --padded-vocab-size, but
   * --make-vocab-size-divisible-by of the vocabulary / TP gives the same
   * rows there: not missing. */
  old = planner_hf_config_to_json_for_release (config, "0.12.0");
  g_assert_true (json_has_unsupported (old, "rope_scaling.type", "--rope-type (it came in 0.14.0)"));
  g_assert_false (json_has_unsupported (old, "vocab_size", "--padded-vocab-size"));
  lines = planner_hf_config_dup_release_lines (config, "0.12.0");
  g_assert_nonnull (lines);
  g_assert_cmpuint (g_strv_length (lines), ==, 1);
  /* 0.14.0 has them: the same mapping as the default release's. */
  latest = planner_hf_config_to_json_for_release (config, NULL);
  enough = planner_hf_config_to_json_for_release (config, "0.14.0");
  json_generator_set_root (gen, latest);
  latest_text = json_generator_to_data (gen, NULL);
  json_generator_set_root (gen, enough);
  enough_text = json_generator_to_data (gen, NULL);
  g_assert_cmpstr (latest_text, ==, enough_text);
  g_assert_false (json_has_unsupported (latest, "rope_scaling.type", "--rope-type"));
  g_assert_null (planner_hf_config_dup_release_lines (config, "0.14.0"));

  /* A job from the config, planned for each release. */
  {
    static const struct { const char *release; gboolean refused; } cases[] = {
      { "0.12.0", TRUE }, { "0.13.1", TRUE }, { "0.14.0", FALSE }, { "0.20.0", FALSE },
    };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autofree char *text = job_with_hf_config (path);
        g_autoptr(PlannerJob) job = planner_job_new ();
        g_autoptr(PlannerReport) report = NULL;
        g_autoptr(GError) error = NULL;
        GPtrArray *diagnostics;
        gboolean rope = FALSE, padded = FALSE;

        g_assert_true (planner_job_load_from_data (job, text, -1, &error));
        g_assert_true (planner_hf_config_load_into_job (job, NULL, &error));
        g_assert_no_error (error);
        g_object_set (job, "megatron-version", cases[i].release, NULL);
        report = planner_analyze_job_for_form (job);
        diagnostics = planner_report_get_diagnostics (report);
        for (guint k = 0; k < diagnostics->len; k++)
          {
            const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, k);

            if (!g_str_equal (d->code, "model.hf-flag-not-in-release"))
              continue;
            g_assert_cmpint (d->severity, ==, PLANNER_SEVERITY_ERROR);
            g_assert_nonnull (strstr (d->message, cases[i].release));
            g_assert_nonnull (strstr (d->message, "Megatron-Core 0.14.0"));
            g_assert_nonnull (strstr (d->fix, "Megatron-Core Release"));
            /* The form's words: labels, never the job file's keys. */
            g_assert_null (strstr (d->message, "launch."));
            g_assert_null (strstr (d->message, "advanced."));
            g_assert_null (strstr (d->fix, "launch."));
            g_assert_cmpstr (d->fields[0], ==, "launch.megatron_version");
            rope = rope || g_strv_contains ((const char *const *) d->flags, "--rope-type");
            padded = padded || g_strv_contains ((const char *const *) d->flags, "--padded-vocab-size");
          }
        g_assert_cmpint (rope, ==, cases[i].refused);
        g_assert_false (padded);
      }
  }
}

static void
test_job_hf_config_refusals (void)
{
  struct { const char *path; const char *says; } cases[] = {
    { "config.json", "absolute path" },
    { "/nonexistent/launch-planner/config.json", "model.hf_config" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = job_with_hf_config (cases[i].path);
      g_autoptr(PlannerJob) job = planner_job_new ();
      g_autoptr(GError) error = NULL;

      g_assert_true (planner_job_load_from_data (job, text, -1, &error));
      /* A job with no custom architecture has nothing to fall back on. */
      g_assert_false (planner_hf_config_load_into_job (job, NULL, &error));
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, cases[i].says));
    }
  /* No model.hf_config: nothing to do. */
  {
    g_autoptr(PlannerJob) job = planner_job_new_example ();
    g_autoptr(PlannerJob) copy = planner_job_copy (job);

    g_assert_true (planner_hf_config_load_into_job (job, NULL, NULL));
    g_assert_true (planner_job_equal (job, copy));
  }
}

static void
test_sources (void)
{
  g_autofree char *path = fixture ("deepseek-v3.json");
  g_autoptr(PlannerHfConfig) config = planner_hf_config_new_from_file (path, NULL);
  const PlannerArgs *args;

  g_assert_nonnull (config);
  g_assert_cmpstr (planner_hf_config_get_source (config, "num_layers"), ==, "num_hidden_layers");
  g_assert_cmpstr (planner_hf_config_get_source (config, "moe_layer_freq"), ==, "first_k_dense_replace");
  g_assert_cmpstr (planner_hf_config_get_source (config, "qk_head_dim"), ==, "qk_nope_head_dim");
  /* Fixed by the bridge, not read from the config. */
  g_assert_null (planner_hf_config_get_source (config, "multi_latent_attention"));
  g_assert_cmpstr (planner_hf_config_get_family (config), ==, "deepseek-v3");
  g_assert_true (g_str_has_suffix (planner_hf_config_get_bridge (config), "deepseek_v3_bridge.py"));
  args = planner_hf_config_get_args (config);
  g_assert_cmpint (planner_args_get_int (args, "num_experts", 0), ==, 256);
}

static void
test_name (void)
{
  g_autofree char *path = fixture ("llama-2-7b.json");
  g_autofree char *other = fixture ("qwen3-8b.json");
  g_autoptr(PlannerHfConfig) named = planner_hf_config_new_from_file (path, NULL);
  g_autoptr(PlannerHfConfig) unnamed = planner_hf_config_new_from_file (other, NULL);
  g_autofree char *dir = g_dir_make_tmp ("hf-config-XXXXXX", NULL);
  g_autofree char *model = g_build_filename (dir, "Qwen3-8B", NULL);
  g_autofree char *inside = g_build_filename (model, "config.json", NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr(PlannerHfConfig) folder = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (planner_hf_config_get_name (named), ==, "meta-llama/Llama-2-7b-hf");
  g_assert_cmpstr (planner_hf_config_get_name (unnamed), ==, "qwen3-8b");

  /* A model folder: its config.json, named by the folder. */
  g_assert_true (g_file_get_contents (other, &contents, &length, NULL));
  g_assert_cmpint (g_mkdir (model, 0700), ==, 0);
  g_assert_true (g_file_set_contents (inside, contents, (gssize) length, NULL));
  folder = planner_hf_config_new_from_file (model, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (planner_hf_config_get_name (folder), ==, "Qwen3-8B");
  g_assert_cmpint (g_remove (inside), ==, 0);
  /* A folder without one is refused, naming the file. */
  g_clear_pointer (&folder, planner_hf_config_free);
  folder = planner_hf_config_new_from_file (model, &error);
  g_assert_null (folder);
  g_assert_error (error, PLANNER_HF_CONFIG_ERROR, PLANNER_HF_CONFIG_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "config.json"));
  g_assert_cmpint (g_rmdir (model), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
refused (const char *text,
         int         code,
         const char *names)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerHfConfig) config = planner_hf_config_new_from_data (text, strlen (text), NULL, &error);

  g_assert_null (config);
  g_assert_error (error, PLANNER_HF_CONFIG_ERROR, code);
  if (names != NULL && strstr (error->message, names) == NULL)
    g_error ("“%s” does not name %s", error->message, names);
}

#define LLAMA_HEAD "{\"architectures\": [\"LlamaForCausalLM\"], "

static void
test_refusals (void)
{
  refused ("not json", PLANNER_HF_CONFIG_ERROR_NOT_JSON, "not JSON");
  refused ("[1, 2]", PLANNER_HF_CONFIG_ERROR_NOT_JSON, "object");
  refused ("{\"hidden_size\": 4096}", PLANNER_HF_CONFIG_ERROR_ARCHITECTURE, "architectures");
  refused ("{\"architectures\": [\"BertForMaskedLM\"]}", PLANNER_HF_CONFIG_ERROR_ARCHITECTURE, "BertForMaskedLM");
  refused (LLAMA_HEAD "\"hidden_size\": 4096}", PLANNER_HF_CONFIG_ERROR_KEY, "num_hidden_layers");
  refused (LLAMA_HEAD "\"num_hidden_layers\": 32, \"hidden_size\": 1e12, \"intermediate_size\": 1, "
           "\"num_attention_heads\": 1, \"vocab_size\": 1}", PLANNER_HF_CONFIG_ERROR_KEY, "hidden_size");
  refused (LLAMA_HEAD "\"num_hidden_layers\": -3, \"hidden_size\": 64, \"intermediate_size\": 1, "
           "\"num_attention_heads\": 1, \"vocab_size\": 1}", PLANNER_HF_CONFIG_ERROR_KEY, "num_hidden_layers");
  refused (LLAMA_HEAD "\"num_hidden_layers\": 2.5, \"hidden_size\": 64, \"intermediate_size\": 1, "
           "\"num_attention_heads\": 1, \"vocab_size\": 1}", PLANNER_HF_CONFIG_ERROR_KEY, "num_hidden_layers");
  refused (LLAMA_HEAD "\"num_hidden_layers\": 2, \"hidden_size\": \"64\", \"intermediate_size\": 1, "
           "\"num_attention_heads\": 1, \"vocab_size\": 1}", PLANNER_HF_CONFIG_ERROR_KEY, "hidden_size");
  refused (LLAMA_HEAD "\"num_hidden_layers\": 2, \"hidden_size\": 64, \"intermediate_size\": 128, "
           "\"num_attention_heads\": 8, \"num_key_value_heads\": 3, \"vocab_size\": 100}",
           PLANNER_HF_CONFIG_ERROR_KEY, "num_key_value_heads");
  refused (LLAMA_HEAD "\"num_hidden_layers\": 2, \"hidden_size\": 60, \"intermediate_size\": 128, "
           "\"num_attention_heads\": 8, \"vocab_size\": 100}", PLANNER_HF_CONFIG_ERROR_KEY, "head_dim");
  refused (LLAMA_HEAD "\"num_hidden_layers\": 2, \"hidden_size\": 64, \"intermediate_size\": 128, "
           "\"num_attention_heads\": 8, \"vocab_size\": 100, \"tie_word_embeddings\": 1}",
           PLANNER_HF_CONFIG_ERROR_KEY, "tie_word_embeddings");
  refused ("{\"architectures\": [\"MixtralForCausalLM\"], \"num_hidden_layers\": 2, \"hidden_size\": 64, "
           "\"intermediate_size\": 128, \"num_attention_heads\": 8, \"vocab_size\": 100, \"num_local_experts\": 4, "
           "\"num_experts_per_tok\": 9}", PLANNER_HF_CONFIG_ERROR_KEY, "num_experts_per_tok");
  /* Nesting past the bound is refused before it is parsed. */
  {
    GString *deep = g_string_new ("{\"a\": ");

    for (guint i = 0; i < 200; i++)
      g_string_append_c (deep, '[');
    for (guint i = 0; i < 200; i++)
      g_string_append_c (deep, ']');
    g_string_append_c (deep, '}');
    refused (deep->str, PLANNER_HF_CONFIG_ERROR_NOT_JSON, NULL);
    g_string_free (deep, TRUE);
  }
}

/* A key no mapping knows is named, never dropped. */
static void
test_unknown_key (void)
{
  const char *text = LLAMA_HEAD "\"num_hidden_layers\": 2, \"hidden_size\": 64, \"intermediate_size\": 128, "
                     "\"num_attention_heads\": 8, \"vocab_size\": 100, \"logit_scale\": 0.5, "
                     "\"rope_scaling\": {\"rope_type\": \"linear\", \"factor\": 4.0}, \"hidden_act\": \"gelu\"}";
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerHfConfig) config = planner_hf_config_new_from_data (text, strlen (text), NULL, &error);
  g_autoptr(GHashTable) keys = g_hash_table_new (g_str_hash, g_str_equal);
  const char *const *notes;

  g_assert_no_error (error);
  for (guint i = 0; i < planner_hf_config_get_n_unsupported (config); i++)
    {
      const char *key;

      planner_hf_config_get_unsupported (config, i, &key, NULL);
      g_hash_table_add (keys, (gpointer) key);
    }
  g_assert_true (g_hash_table_contains (keys, "logit_scale"));
  g_assert_true (g_hash_table_contains (keys, "rope_scaling"));
  g_assert_true (g_hash_table_contains (keys, "hidden_act"));
  /* What the config left out is said. */
  notes = planner_hf_config_get_notes (config);
  g_assert_nonnull (notes[0]);
}

/* The config's keys are never interned: an interned string stays for the
 * life of the process, so every config read would grow it (found by
 * fuzz-hf-config as memory unreachable at exit, GLib's old quark tables). */
static void
test_keys_not_interned (void)
{
  const char *text = LLAMA_HEAD "\"num_hidden_layers\": 2, \"hidden_size\": 64, \"intermediate_size\": 128, "
                     "\"num_attention_heads\": 8, \"vocab_size\": 100, \"zq_never_a_key_5e1c\": 1}";
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerHfConfig) config = planner_hf_config_new_from_data (text, strlen (text), NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (config);
  g_assert_cmpuint (g_quark_try_string ("zq_never_a_key_5e1c"), ==, 0);
  g_assert_cmpuint (g_quark_try_string ("num_hidden_layers"), ==, 0);
}

static void
test_json (void)
{
  g_autofree char *path = fixture ("llama-3.2-1b.json");
  g_autoptr(PlannerHfConfig) config = planner_hf_config_new_from_file (path, NULL);
  g_autoptr(JsonNode) root = planner_hf_config_to_json (config);
  JsonObject *o = json_node_get_object (root);
  JsonArray *unsupported;
  g_auto(GStrv) words = planner_hf_config_dup_words (config);

  g_assert_cmpstr (json_object_get_string_member (o, "architecture"), ==, "LlamaForCausalLM");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "arguments")), ==,
                    g_strv_length (words));
  unsupported = json_object_get_array_member (o, "unsupported");
  g_assert_cmpuint (json_array_get_length (unsupported), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (unsupported, 0), "key"), ==,
                   "rope_scaling.factor");
  g_assert_true (json_array_get_length (json_object_get_array_member (o, "notes")) > 0);
  g_assert_cmpuint (json_object_get_size (o), ==, 4);
}

/* Issue 21: a config whose dimensions are a catalogue entry's
 * (DeepSeek-V2-Lite) is customised from it; what it says beyond the entry
 * still lands in the fields that hold it, not in the extra arguments. */
static void
test_catalogue_match_options (void)
{
  g_autofree char *path = fixture ("deepseek-v2-lite.json");
  g_autoptr(PlannerHfConfig) config = NULL;
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(GError) error = NULL;
  const char *extra;

  config = planner_hf_config_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_true (planner_hf_config_apply_to_job (config, job, &error));
  g_assert_no_error (error);
  g_assert_cmpint (planner_job_get_model_kind (job), ==, PLANNER_JOB_MODEL_CUSTOM);
  g_assert_cmpfloat (planner_job_get_double (job, "norm-epsilon"), ==, 1e-6);
  g_assert_cmpuint (planner_job_get_uint (job, "moe-router-num-groups"), ==, 1);
  g_assert_cmpuint (planner_job_get_uint (job, "moe-router-group-topk"), ==, 1);
  g_assert_cmpfloat (planner_job_get_double (job, "moe-router-topk-scaling-factor"), ==, 1.0);
  g_assert_true (planner_job_get_bool (job, "moe-router-pre-softmax"));
  g_assert_cmpstr (planner_job_get_string (job, "moe-router-score-function"), ==, "softmax");
  extra = planner_job_get_string (job, "extra-args");
  g_assert_null (strstr (extra, "--norm-epsilon"));
  g_assert_null (strstr (extra, "--moe-router-"));
  g_assert_cmpstr (planner_job_get_string (job, "rope-type"), ==, "yarn");
  g_assert_cmpfloat (planner_job_get_double (job, "rotary-scaling-factor"), ==, 40.0);
  g_assert_cmpfloat (planner_job_get_double (job, "mscale"), ==, 0.707);
  g_assert_cmpfloat (planner_job_get_double (job, "mscale-all-dim"), ==, 0.707);
  g_assert_null (strstr (extra, "--rope-type"));
  g_assert_null (strstr (extra, "--mscale"));
  g_assert_nonnull (strstr (extra, "--padded-vocab-size"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hf-config/goldens", test_goldens);
  g_test_add_func ("/hf-config/sources", test_sources);
  g_test_add_func ("/hf-config/catalogue", test_catalogue_matches_configs);
  g_test_add_func ("/hf-config/job", test_job_hf_config);
  g_test_add_func ("/hf-config/job-edits-kept", test_job_hf_config_edits_kept);
  g_test_add_func ("/hf-config/release-lacks-flag", test_release_lacks_flag);
  g_test_add_func ("/hf-config/estimate-notes", test_estimate_notes);
  g_test_add_func ("/hf-config/job-refusals", test_job_hf_config_refusals);
  g_test_add_func ("/hf-config/name", test_name);
  g_test_add_func ("/hf-config/refusals", test_refusals);
  g_test_add_func ("/hf-config/unknown-key", test_unknown_key);
  g_test_add_func ("/hf-config/keys-not-interned", test_keys_not_interned);
  g_test_add_func ("/hf-config/json", test_json);
  g_test_add_func ("/hf-config/catalogue-match-options", test_catalogue_match_options);
  return g_test_run ();
}
