/* test-config.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-test-util.h"

#include <string.h>

#include "planner-config.h"

static PlannerArgs *
base_args (void)
{
  PlannerArgs *args = planner_args_new ();

  planner_args_set (args, "num_layers", "--num-layers", "32");
  planner_args_set (args, "hidden_size", "--hidden-size", "4096");
  planner_args_set (args, "num_attention_heads", "--num-attention-heads", "32");
  planner_args_set (args, "seq_length", "--seq-length", "4096");
  planner_args_set (args, "max_position_embeddings", "--max-position-embeddings", "4096");
  planner_args_set (args, "micro_batch_size", "--micro-batch-size", "2");
  return args;
}

static void
test_defaults (void)
{
  g_autoptr(PlannerArgs) args = base_args ();
  PlannerLayout layout = planner_test_layout (16, 2, 2, 1, 1, 0, 1);
  PlannerConfig config;
  g_autoptr(GError) error = NULL;

  /* Ignored without --group-query-attention (facts §2.1). */
  planner_args_set (args, "num_query_groups", "--num-query-groups", "8");
  planner_args_set_bool (args, "sequence_parallel", "--sequence-parallel", TRUE);
  planner_args_set_bool (args, "recompute_activations", "--recompute-activations", TRUE);
  g_assert_true (planner_config_init_from_args (&config, args, &layout, 0, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (config.ffn_hidden_size, ==, 4 * 4096);
  g_assert_cmpuint (config.kv_channels, ==, 128);
  g_assert_cmpuint (config.num_query_groups, ==, 32);
  g_assert_false (config.group_query_attention);
  /* GPT2BPETokenizer, pretrain_gpt's default: 50257 padded to 128·2. */
  g_assert_cmpuint (config.vocab_size, ==, 50257);
  g_assert_cmpuint (config.padded_vocab_size, ==, 50432);
  /* dp = 16 / (2·2) = 4; the global batch defaults to micro × dp. */
  g_assert_cmpuint (config.global_batch_size, ==, 8);
  g_assert_cmpuint (config.num_microbatches, ==, 1);
  g_assert_true (config.sequence_parallel);
  g_assert_cmpint (config.recompute, ==, PLANNER_RECOMPUTE_SELECTIVE);
  g_assert_cmpint (config.precision, ==, PLANNER_PRECISION_FP32);
  g_assert_true (config.add_bias_linear);
  g_assert_false (config.rmsnorm);
  g_assert_true (config.flash_attention);
  g_assert_null (config.moe_layer_pattern);
  planner_config_clear (&config);
}

static void
test_swiglu_gqa (void)
{
  g_autoptr(PlannerArgs) args = base_args ();
  PlannerLayout layout = planner_test_layout (8, 1, 1, 1, 1, 0, 1);
  PlannerConfig config, copy;
  g_autoptr(GError) error = NULL;

  planner_args_set_bool (args, "swiglu", "--swiglu", TRUE);
  planner_args_set_bool (args, "group_query_attention", "--group-query-attention", TRUE);
  planner_args_set (args, "num_query_groups", "--num-query-groups", "8");
  planner_args_set (args, "global_batch_size", "--global-batch-size", "128");
  planner_args_set_bool (args, "sequence_parallel", "--sequence-parallel", TRUE);
  planner_args_set (args, "recompute_granularity", "--recompute-granularity", "full");
  planner_args_set (args, "recompute_method", "--recompute-method", "uniform");
  planner_args_set (args, "recompute_num_layers", "--recompute-num-layers", "1");
  planner_args_set_bool (args, "bf16", "--bf16", TRUE);
  planner_args_set (args, "normalization", "--normalization", "RMSNorm");
  planner_args_set_bool (args, "add_bias_linear", "--disable-bias-linear", FALSE);
  planner_args_set (args, "vocab_size", "--vocab-size", "128256");
  planner_args_set (args, "tokenizer_type", "--tokenizer-type", "NullTokenizer");
  g_assert_true (planner_config_init_from_args (&config, args, &layout, 0, &error));
  g_assert_no_error (error);

  /* int((4·4096·2/3)/64)·64 = int(170.67)·64 = 10880 */
  g_assert_cmpuint (config.ffn_hidden_size, ==, 10880);
  g_assert_cmpuint (config.num_query_groups, ==, 8);
  g_assert_cmpuint (config.padded_vocab_size, ==, 128256);
  /* 128 / (2 · 8) = 8 microbatches */
  g_assert_cmpuint (config.num_microbatches, ==, 8);
  /* Auto-off at tp 1 (facts §2.3). */
  g_assert_false (config.sequence_parallel);
  g_assert_cmpint (config.recompute, ==, PLANNER_RECOMPUTE_FULL);
  g_assert_cmpint (config.recompute_method, ==, PLANNER_RECOMPUTE_METHOD_UNIFORM);
  g_assert_cmpint (config.precision, ==, PLANNER_PRECISION_BF16);
  g_assert_true (config.rmsnorm);
  g_assert_false (config.add_bias_linear);

  planner_config_copy (&copy, &config);
  g_assert_cmpuint (copy.ffn_hidden_size, ==, 10880);
  planner_config_clear (&copy);
  planner_config_clear (&config);
}

static void
test_padded_vocab (void)
{
  /* facts §2.9 [ran] */
  g_assert_cmpuint (planner_padded_vocab_size (128256, 128, 1), ==, 128256);
  g_assert_cmpuint (planner_padded_vocab_size (128256, 128, 2), ==, 128256);
  g_assert_cmpuint (planner_padded_vocab_size (128256, 128, 4), ==, 128512);
  g_assert_cmpuint (planner_padded_vocab_size (128256, 128, 8), ==, 129024);
  /* facts §6: GPT-2 */
  g_assert_cmpuint (planner_padded_vocab_size (50257, 128, 1), ==, 50304);
  g_assert_cmpuint (planner_padded_vocab_size (50257, 128, 8), ==, 51200);
  g_assert_cmpuint (planner_padded_vocab_size (1, 0, 0), ==, 1);
}

static void
test_moe_pattern (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *p = NULL;
  static const guint8 k2[] = { 1, 0, 1, 0, 1 };
  static const guint8 repeat[] = { 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0 };

  p = planner_parse_moe_layer_freq ("2", 5, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (p, 5, k2, 5);
  g_clear_pointer (&p, g_free);

  p = planner_parse_moe_layer_freq ("([0]*3+[1]*58)", 61, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 61; i++)
    g_assert_cmpuint (p[i], ==, (i < 3 ? 0u : 1u));
  g_clear_pointer (&p, g_free);

  p = planner_parse_moe_layer_freq ("([1]*3+[0]*1)*3", 12, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (p, 12, repeat, 12);
  g_clear_pointer (&p, g_free);

  p = planner_parse_moe_layer_freq (" [1, 1, 0,] ", 3, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (p[0] + p[1] + p[2], ==, 2);
  g_clear_pointer (&p, g_free);

  p = planner_parse_moe_layer_freq ("2*[0]+[1]", 3, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (p[2], ==, 1);
  g_clear_pointer (&p, g_free);

  {
    static const char *bad[] = {
      "([0]*3+[1]*57)", "([0]*3+", "[2]", "0", "-1", "abc", "[1]*99999999999",
      "[1]*4294967295*4294967295", "[1]+1", "[1]*[1]", "(((((((((((((((((((((([1])))))))))))))))))))))",
      "[1,,1]", "[1]]", "",
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(GError) local = NULL;

        p = planner_parse_moe_layer_freq (bad[i], 61, &local);
        g_assert_null (p);
        g_assert_error (local, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID);
        g_assert_nonnull (strstr (local->message, "--moe-layer-freq"));
      }
  }
}

static void
test_moe_config (void)
{
  g_autoptr(PlannerArgs) args = base_args ();
  PlannerLayout layout = planner_test_layout (8, 1, 1, 1, 1, 0, 1);
  PlannerConfig config;
  g_autoptr(GError) error = NULL;

  planner_args_set (args, "num_layers", "--num-layers", "4");
  planner_args_set (args, "num_experts", "--num-experts", "8");
  planner_args_set (args, "moe_layer_freq", "--moe-layer-freq", "2");
  g_assert_true (planner_config_init_from_args (&config, args, &layout, 32000, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (config.moe_ffn_hidden_size, ==, config.ffn_hidden_size);
  g_assert_cmpuint (config.moe_router_topk, ==, 2);
  g_assert_cmpuint (planner_config_count_moe_layers (&config), ==, 2);
  g_assert_cmpuint (config.vocab_size, ==, 32000);
  planner_config_clear (&config);
}

static void
expect_error (PlannerArgs *args,
              int          code,
              const char  *flag)
{
  PlannerLayout layout = planner_test_layout (8, 1, 1, 1, 1, 0, 1);
  PlannerConfig config;
  g_autoptr(GError) error = NULL;

  g_assert_false (planner_config_init_from_args (&config, args, &layout, 0, &error));
  g_assert_error (error, PLANNER_CONFIG_ERROR, code);
  if (strstr (error->message, flag) == NULL)
    g_error ("“%s” does not name %s", error->message, flag);
}

static void
test_errors (void)
{
  static const struct { const char *dest; const char *flag; } required[] = {
    { "num_layers", "--num-layers" },
    { "hidden_size", "--hidden-size" },
    { "num_attention_heads", "--num-attention-heads" },
    { "seq_length", "--seq-length" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (required); i++)
    {
      g_autoptr(PlannerArgs) args = base_args ();

      planner_args_unset (args, required[i].dest);
      expect_error (args, PLANNER_CONFIG_ERROR_MISSING, required[i].flag);
    }

  {
    static const struct { const char *dest; const char *flag; const char *value; } bad[] = {
      { "num_layers", "--num-layers", "0" },
      { "num_layers", "--num-layers", "10001" },
      { "num_layers", "--num-layers", "-3" },
      { "num_layers", "--num-layers", "many" },
      { "hidden_size", "--hidden-size", "2097152" },
      { "vocab_size", "--vocab-size", "0" },
      { "micro_batch_size", "--micro-batch-size", "0" },
      { "seq_length", "--seq-length", "99999999999" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(PlannerArgs) args = base_args ();

        planner_args_set (args, bad[i].dest, bad[i].flag, bad[i].value);
        expect_error (args, PLANNER_CONFIG_ERROR_INVALID, bad[i].flag);
      }
  }

  {
    g_autoptr(PlannerArgs) args = base_args ();

    planner_args_set (args, "num_attention_heads", "--num-attention-heads", "30");
    expect_error (args, PLANNER_CONFIG_ERROR_INVALID, "--kv-channels");
  }
  {
    g_autoptr(PlannerArgs) args = base_args ();

    planner_args_set (args, "tokenizer_type", "--tokenizer-type", "HuggingFaceTokenizer");
    expect_error (args, PLANNER_CONFIG_ERROR_MISSING, "--vocab-size");
  }
  {
    g_autoptr(PlannerArgs) args = base_args ();

    planner_args_set (args, "num_experts", "--num-experts", "4");
    planner_args_set (args, "moe_layer_freq", "--moe-layer-freq", "[1,0]");
    expect_error (args, PLANNER_CONFIG_ERROR_INVALID, "--moe-layer-freq");
  }
}

/* --pipeline-model-parallel-layout in Megatron's syntax: the
 * first/middle/last form is read (and written back the same way); any
 * other form is left alone. */
static void
test_layout_string (void)
{
  static const struct
  {
    const char *text;
    guint32     mtp;
    gboolean    ok;
    guint32     stages, first, middle, last;
  } cases[] = {
    { "Et*4|(t*4|)*14tmL", 1, TRUE, 16, 4, 4, 1 },
    { "Et*3|(tt|)*29,m|L", 1, FALSE, 0, 0, 0, 0 },      /* the MTP layer in a stage of its own */
    { "Ettt|(tt|)*29tt|L", 0, TRUE, 32, 3, 2, 0 },
    { "E|t*8|t*8|t*8L", 0, TRUE, 4, 0, 8, 8 },
    { "Et*2|t*3|t*2|t*2L", 0, FALSE, 0, 0, 0, 0 },     /* middles differ */
    { "Et*2|t|t*2L", 1, FALSE, 0, 0, 0, 0 },            /* the MTP layer missing */
    { "Et*2|Lt", 0, FALSE, 0, 0, 0, 0 },
    { "tE|tL", 0, FALSE, 0, 0, 0, 0 },
    { "Et*2|x|tL", 0, FALSE, 0, 0, 0, 0 },
    { "(Et|)*99999999999", 0, FALSE, 0, 0, 0, 0 },
    { "Et*99999999|tL", 0, FALSE, 0, 0, 0, 0 },
    { "((t|)*2)*2", 0, FALSE, 0, 0, 0, 0 },
    { "", 0, FALSE, 0, 0, 0, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      guint32 stages, first, middle, last;
      gboolean ok = planner_config_parse_layout (cases[i].text, cases[i].mtp, &stages, &first, &middle, &last);

      g_test_message ("%s", cases[i].text);
      g_assert_cmpint (ok, ==, cases[i].ok);
      if (!ok)
        continue;
      g_assert_cmpuint (stages, ==, cases[i].stages);
      g_assert_cmpuint (first, ==, cases[i].first);
      g_assert_cmpuint (middle, ==, cases[i].middle);
      g_assert_cmpuint (last, ==, cases[i].last);
      {
        g_autofree char *again = planner_config_layout_string (stages, first, middle, last, cases[i].mtp);
        guint32 s2, f2, m2, l2;

        g_assert_true (planner_config_parse_layout (again, cases[i].mtp, &s2, &f2, &m2, &l2));
        g_assert_cmpuint (s2, ==, stages);
        g_assert_cmpuint (f2, ==, first);
        g_assert_cmpuint (m2, ==, middle);
        g_assert_cmpuint (l2, ==, last);
      }
    }
}

/* One reader of --pipeline-model-parallel-layout for the validator and the
 * estimate, with Megatron-Core 0.20's verdict on each string
 * (PipelineParallelLayerLayout.parse_str_to_list at d98e8a64dd, run on
 * these strings).  The two readers before it disagreed on most of these:
 * the validator's took spaces, any letter, nesting and "(…)" without a
 * count and refused "t*,2" and "(…)*2*2"; the estimate's took spaces and
 * "()*2" and refused "(…)*0" and "(…),*2". */
static void
test_layout_string_megatron (void)
{
  static const struct
  {
    const char *text;
    guint       stages;   /* 0: Megatron refuses the string */
  } cases[] = {
    { "Et*3|(tt|)*29,m|L", 32 },
    { "E t|tL", 0 },              /* no spaces in Megatron's characters */
    { "Et|(tt|)tL", 0 },          /* parentheses without a count stay, and are no layer */
    { "Ex|tL", 0 },               /* only E, t, m and L */
    { "Et|((t|)*2)*1tL", 0 },     /* no nesting */
    { "Et|(t|),*2tL", 4 },        /* commas go first, wherever they are */
    { "Et*,2|tL", 2 },
    { "Et|()*2|tL", 0 },          /* "(…)" holds at least one character */
    { "Et|(t|)*0tL", 2 },         /* zero repeats */
    { "Et|(t|)*2*2tL", 5 },       /* "x*n" after "(…)*n" repeats the group's last character */
    { "E|t*2*3|L", 0 },
    { "", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GArray) stages = planner_layout_string_parse (cases[i].text);

      g_test_message ("%s", cases[i].text);
      if (cases[i].stages == 0)
        g_assert_null (stages);
      else
        {
          g_assert_nonnull (stages);
          g_assert_cmpuint (stages->len, ==, cases[i].stages);
        }
    }

  /* The estimate reads the same strings the same way. */
  {
    guint32 stages, first, middle, last;

    g_assert_true (planner_config_parse_layout ("Et|(t|),*2tL", 0, &stages, &first, &middle, &last));
    g_assert_cmpuint (stages, ==, 4);
    g_assert_true (planner_config_parse_layout ("Et*2|(t|)*0tL", 0, &stages, &first, &middle, &last));
    g_assert_cmpuint (stages, ==, 2);
    g_assert_cmpuint (first, ==, 2);
    g_assert_false (planner_config_parse_layout ("E t|tL", 0, &stages, &first, &middle, &last));
    g_assert_false (planner_config_parse_layout ("Et|()*2|tL", 0, &stages, &first, &middle, &last));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/config/defaults", test_defaults);
  g_test_add_func ("/planner/config/swiglu-gqa", test_swiglu_gqa);
  g_test_add_func ("/planner/config/padded-vocab", test_padded_vocab);
  g_test_add_func ("/planner/config/moe-pattern", test_moe_pattern);
  g_test_add_func ("/planner/config/moe", test_moe_config);
  g_test_add_func ("/planner/config/errors", test_errors);
  g_test_add_func ("/planner/config/layout-string", test_layout_string);
  g_test_add_func ("/planner/config/layout-string-megatron", test_layout_string_megatron);

  return g_test_run ();
}
