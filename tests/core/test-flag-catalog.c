/* test-flag-catalog.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-flag-catalog.h"
#include "planner-release.h"

#include <string.h>

static void
test_version (void)
{
  g_assert_cmpstr (planner_flag_catalog_get_megatron_version (), ==, "0.20.0");
  g_assert_cmpstr (planner_flag_catalog_get_megatron_commit (), ==, "d98e8a6");
  /* facts.md: 876 options in the 0.20.0 parser. */
  g_assert_cmpuint (planner_flag_catalog_get_n_flags (), ==, 876);
  g_assert_nonnull (planner_flag_catalog_get_flag_at (0));
  g_assert_null (planner_flag_catalog_get_flag_at (876));
}

static void
test_lookup (void)
{
  const PlannerFlagInfo *info = planner_flag_catalog_lookup ("--num-layers");

  g_assert_nonnull (info);
  g_assert_cmpstr (info->flag, ==, "--num-layers");
  g_assert_cmpstr (info->dest, ==, "num_layers");
  g_assert_cmpint (info->action, ==, PLANNER_FLAG_ACTION_STORE);
  g_assert_cmpint (info->type, ==, PLANNER_FLAG_TYPE_INT);
  g_assert_cmpint (info->nargs, ==, PLANNER_FLAG_NARGS_SINGLE);
  g_assert_null (info->default_value);
  g_assert_null (info->choices);
  g_assert_cmpint (info->status, ==, PLANNER_FLAG_STATUS_OK);
  g_assert_true (planner_flag_info_takes_value (info));

  /* allow_abbrev=False: no prefixes, no other spellings. */
  g_assert_null (planner_flag_catalog_lookup ("--num-layer"));
  g_assert_null (planner_flag_catalog_lookup ("--num_layers"));
  g_assert_null (planner_flag_catalog_lookup ("num-layers"));
  g_assert_null (planner_flag_catalog_lookup (""));
  g_assert_null (planner_flag_catalog_lookup (NULL));

  info = planner_flag_catalog_lookup ("--fp8-format");
  g_assert_cmpstr (info->dest, ==, "fp8");
  g_assert_cmpuint (g_strv_length ((char **) info->choices), ==, 2);
  g_assert_cmpstr (info->choices[0], ==, "e4m3");
  g_assert_cmpstr (info->choices[1], ==, "hybrid");

  info = planner_flag_catalog_lookup ("--distributed-timeout-minutes");
  g_assert_cmpstr (info->default_value, ==, "10");
  info = planner_flag_catalog_lookup ("--init-method-std");
  g_assert_cmpstr (info->default_value, ==, "0.02");
  info = planner_flag_catalog_lookup ("--cp-comm-type");
  g_assert_cmpstr (info->default_value, ==, "p2p");
  g_assert_cmpint (info->nargs, ==, PLANNER_FLAG_NARGS_ONE_OR_MORE);
  info = planner_flag_catalog_lookup ("--attention-backend");
  g_assert_cmpstr (info->default_value, ==, "auto");
  g_assert_true (g_strv_contains (info->choices, "flash"));
  g_assert_cmpint (info->type, ==, PLANNER_FLAG_TYPE_OTHER);

  g_assert_cmpint (planner_flag_catalog_lookup ("--data-path")->nargs, ==, PLANNER_FLAG_NARGS_ANY);
  info = planner_flag_catalog_lookup ("--rampup-batch-size");
  g_assert_cmpint (info->nargs, ==, PLANNER_FLAG_NARGS_FIXED);
  g_assert_cmpuint (info->nargs_count, ==, 3);

  g_assert_cmpstr (planner_flag_catalog_lookup_dest ("tensor_model_parallel_size")->flag, ==,
                   "--tensor-model-parallel-size");
  g_assert_null (planner_flag_catalog_lookup_dest ("no_such_dest"));
}

static void
test_aliases (void)
{
  const PlannerFlagInfo *a = planner_flag_catalog_lookup ("--save-interval");
  const PlannerFlagInfo *b = planner_flag_catalog_lookup ("--persistent-save-interval");

  g_assert_nonnull (a);
  g_assert_nonnull (b);
  g_assert_cmpstr (a->dest, ==, "save_interval");
  g_assert_cmpstr (b->dest, ==, "save_interval");
  g_assert_true (g_strv_contains (a->aliases, "--persistent-save-interval"));

  /* store_false with a --no- alias */
  a = planner_flag_catalog_lookup ("--disable-pad-vocab-size");
  b = planner_flag_catalog_lookup ("--no-pad-vocab-size");
  g_assert_cmpstr (a->dest, ==, b->dest);
  g_assert_false (planner_flag_info_switch_value (a, "--disable-pad-vocab-size"));
  g_assert_false (planner_flag_info_switch_value (b, "--no-pad-vocab-size"));

  a = planner_flag_catalog_lookup ("--disable-bias-linear");
  g_assert_cmpstr (a->dest, ==, "add_bias_linear");
  g_assert_cmpint (a->action, ==, PLANNER_FLAG_ACTION_STORE_FALSE);
  g_assert_false (planner_flag_info_switch_value (a, "--disable-bias-linear"));
  g_assert_false (planner_flag_info_takes_value (a));

  a = planner_flag_catalog_lookup ("--swiglu");
  g_assert_true (planner_flag_info_switch_value (a, "--swiglu"));

  /* BooleanOptionalAction, both ways round in the catalog. */
  a = planner_flag_catalog_lookup ("--rl-use-sequence-packing");
  b = planner_flag_catalog_lookup ("--no-rl-use-sequence-packing");
  g_assert_cmpint (a->action, ==, PLANNER_FLAG_ACTION_BOOLEAN_OPTIONAL);
  g_assert_cmpstr (a->dest, ==, b->dest);
  g_assert_true (planner_flag_info_switch_value (a, "--rl-use-sequence-packing"));
  g_assert_false (planner_flag_info_switch_value (b, "--no-rl-use-sequence-packing"));
  a = planner_flag_catalog_lookup ("--inference-wandb-logging");
  b = planner_flag_catalog_lookup ("--no-inference-wandb-logging");
  g_assert_true (planner_flag_info_switch_value (a, "--inference-wandb-logging"));
  g_assert_false (planner_flag_info_switch_value (b, "--no-inference-wandb-logging"));

  /* --no-overlap-p2p-communication is a plain store_false. */
  a = planner_flag_catalog_lookup ("--no-overlap-p2p-communication");
  g_assert_cmpstr (a->dest, ==, "overlap_p2p_comm");
  g_assert_false (planner_flag_info_switch_value (a, "--no-overlap-p2p-communication"));
}

static void
test_removed (void)
{
  const PlannerRemovedFlag *r;

  r = planner_flag_catalog_lookup_removed ("--fp8-hybrid");
  g_assert_nonnull (r);
  g_assert_cmpstr (r->replacement, ==, "--fp8-format hybrid");
  g_assert_null (planner_flag_catalog_lookup ("--fp8-hybrid"));

  r = planner_flag_catalog_lookup_removed ("--cpu-optimizer");
  g_assert_cmpstr (r->replacement, ==, "--optimizer-cpu-offload");
  g_assert_nonnull (strstr (r->note, "--use-precision-aware-optimizer"));

  r = planner_flag_catalog_lookup_removed ("--use-legacy-models");
  g_assert_nonnull (r);
  g_assert_null (r->replacement);

  g_assert_cmpstr (planner_flag_catalog_lookup_removed ("--overlap-p2p-communication")->replacement, ==,
                   "--no-overlap-p2p-communication");
  g_assert_cmpstr (planner_flag_catalog_lookup_removed ("--use-custom-fsdp")->replacement, ==,
                   "--use-megatron-fsdp");
  g_assert_cmpstr (planner_flag_catalog_lookup_removed ("--standalone-embedding-stage")->replacement, ==,
                   "--account-for-embedding-in-pipeline-split");
  g_assert_null (planner_flag_catalog_lookup_removed ("--num-layers"));
}

static void
test_dead (void)
{
  const PlannerFlagInfo *info;

  info = planner_flag_catalog_lookup ("--use-flash-attn");
  g_assert_cmpint (info->status, ==, PLANNER_FLAG_STATUS_DEAD);
  g_assert_cmpint (info->severity, ==, PLANNER_SEVERITY_WARNING);
  g_assert_cmpstr (info->replacement, ==, "--attention-backend flash");

  info = planner_flag_catalog_lookup ("--checkpoint-activations");
  g_assert_cmpint (info->status, ==, PLANNER_FLAG_STATUS_FATAL);
  g_assert_cmpint (info->severity, ==, PLANNER_SEVERITY_ERROR);
  g_assert_nonnull (strstr (info->note, "status 0"));

  info = planner_flag_catalog_lookup ("--use-mcore-models");
  g_assert_cmpint (info->status, ==, PLANNER_FLAG_STATUS_DEAD);
  g_assert_cmpint (info->severity, ==, PLANNER_SEVERITY_INFO);

  for (guint i = 0; i < 3; i++)
    {
      const char *fatal[] = { "--batch-size", "--warmup", "--model-parallel-size" };
      const char *replacement[] = { "--micro-batch-size", "--lr-warmup-fraction", "--tensor-model-parallel-size" };

      info = planner_flag_catalog_lookup (fatal[i]);
      g_assert_cmpint (info->status, ==, PLANNER_FLAG_STATUS_FATAL);
      g_assert_cmpstr (info->replacement, ==, replacement[i]);
    }

  g_assert_cmpint (planner_flag_catalog_lookup ("--moe-router-padding-for-fp8")->status, ==,
                   PLANNER_FLAG_STATUS_DEPRECATED);
  g_assert_cmpint (planner_flag_catalog_lookup ("--rampup-batch-size")->status, ==, PLANNER_FLAG_STATUS_DEAD);
  g_assert_cmpint (planner_flag_catalog_lookup ("--num-layers")->status, ==, PLANNER_FLAG_STATUS_OK);
  g_assert_cmpstr (planner_flag_status_to_string (PLANNER_FLAG_STATUS_FATAL), ==, "fatal");
}

static void
test_suggest (void)
{
  g_assert_cmpstr (planner_flag_catalog_suggest ("--num-layer"), ==, "--num-layers");
  g_assert_cmpstr (planner_flag_catalog_suggest ("--tensor-parallel-size"), ==, "--tensor-model-parallel-size");
  g_assert_cmpstr (planner_flag_catalog_suggest ("--pipeline-parallel-size"), ==, "--pipeline-model-parallel-size");
  g_assert_cmpstr (planner_flag_catalog_suggest ("--num_layers"), ==, "--num-layers");
  g_assert_cmpstr (planner_flag_catalog_suggest ("--NUM-LAYERS"), ==, "--num-layers");
  g_assert_cmpstr (planner_flag_catalog_suggest ("--seq-len"), ==, "--seq-length");
  g_assert_cmpstr (planner_flag_catalog_suggest ("--global-batch"), ==, "--global-batch-size");
  g_assert_cmpstr (planner_flag_catalog_suggest ("--hiden-size"), ==, "--hidden-size");
  g_assert_cmpstr (planner_flag_catalog_suggest ("--sequence-parallelism"), ==, "--sequence-parallel");
  g_assert_null (planner_flag_catalog_suggest ("--zzqx-frobnicate-everything"));
  g_assert_null (planner_flag_catalog_suggest ("--"));
  g_assert_null (planner_flag_catalog_suggest (""));
  g_assert_null (planner_flag_catalog_suggest (NULL));
}

static void
check_ok (const char *flag,
          const char *value)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (planner_flag_catalog_check_value (planner_flag_catalog_lookup (flag), value, &error));
  g_assert_no_error (error);
}

static char *
check_bad (const char *flag,
           const char *value)
{
  GError *error = NULL;
  char *message;

  g_assert_false (planner_flag_catalog_check_value (planner_flag_catalog_lookup (flag), value, &error));
  g_assert_error (error, PLANNER_FLAG_CATALOG_ERROR, PLANNER_FLAG_CATALOG_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (error->message, flag));
  message = g_strdup (error->message);
  g_error_free (error);
  return message;
}

static void
test_check_value (void)
{
  g_autofree char *m = NULL;

  check_ok ("--num-layers", "32");
  check_ok ("--num-layers", " 32 ");
  check_ok ("--num-layers", "1_024");
  check_ok ("--num-layers", "-1");
  g_free (check_bad ("--num-layers", "abc"));
  g_free (check_bad ("--num-layers", "3.5"));
  g_free (check_bad ("--num-layers", ""));
  g_free (check_bad ("--num-layers", "0x10"));
  g_free (check_bad ("--num-layers", "1__0"));
  m = check_bad ("--num-layers", "99999999999999999999");
  g_assert_nonnull (strstr (m, "out of range"));
  g_clear_pointer (&m, g_free);

  check_ok ("--lr", "1e-4");
  check_ok ("--lr", ".001");
  check_ok ("--lr", "3");
  g_free (check_bad ("--lr", "nan"));
  g_free (check_bad ("--lr", "inf"));
  g_free (check_bad ("--lr", "-Infinity"));
  g_free (check_bad ("--lr", "1e999"));
  g_free (check_bad ("--lr", "0x1p3"));
  g_free (check_bad ("--lr", "1e-4x"));

  check_ok ("--attention-backend", "flash");
  m = check_bad ("--attention-backend", "FLASH");
  g_assert_nonnull (strstr (m, "flash, fused, unfused, local, auto"));
  g_clear_pointer (&m, g_free);
  check_ok ("--normalization", "RMSNorm");
  g_free (check_bad ("--normalization", "rmsnorm"));
  check_ok ("--flash-attention-version", "3");
  g_free (check_bad ("--flash-attention-version", "5"));
  /* A converter with numeric choices takes signal names. */
  check_ok ("--exit-signal", "SIGTERM");
  check_ok ("--data-path", "/data/my corpus_text_document");
  check_ok ("--tokenizer-model", "");
}

/* Each release's own parser (../shared/megatron/versions/README.md). */
static void
test_releases (void)
{
  static const struct { const char *version; guint n_flags; } expected[] = {
    { "0.12.0", 456 }, { "0.13.1", 502 }, { "0.14.0", 514 }, { "0.15.3", 575 }, { "0.16.1", 680 },
    { "0.17.1", 735 }, { "0.18.2", 785 }, { "0.19.0", 845 }, { "0.20.0", 876 },
  };

  g_assert_cmpuint (planner_megatron_get_n_releases (), ==, G_N_ELEMENTS (expected));
  g_assert_cmpstr (planner_megatron_get_default_release (), ==, "0.20.0");
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const PlannerFlagInfo *previous = NULL;

      g_assert_cmpstr (planner_megatron_get_release (i), ==, expected[i].version);
      g_assert_cmpuint (planner_flag_catalog_get_n_flags_in (expected[i].version), ==, expected[i].n_flags);
      /* One row per option, in option order, as the lookups assume. */
      for (guint j = 0; j < expected[i].n_flags; j++)
        {
          const PlannerFlagInfo *info = planner_flag_catalog_get_flag_at_in (expected[i].version, j);

          g_assert_nonnull (info);
          if (previous != NULL)
            g_assert_cmpint (strcmp (previous->flag, info->flag), <, 0);
          g_assert_true (planner_flag_catalog_lookup_in (expected[i].version, info->flag) == info);
          previous = info;
        }
    }
  g_assert_null (planner_megatron_get_release (G_N_ELEMENTS (expected)));
  g_assert_cmpstr (planner_flag_catalog_get_megatron_commit_in ("0.14.0"), ==, "23e00ed096");
  g_assert_cmpstr (planner_flag_catalog_get_megatron_commit_in ("0.20.0"), ==, "d98e8a6");
}

static void
test_release_spellings (void)
{
  const PlannerFlagInfo *info;

  /* Megatron FSDP was the custom FSDP before 0.14. */
  g_assert_nonnull (planner_flag_catalog_lookup_in ("0.13.1", "--use-custom-fsdp"));
  g_assert_null (planner_flag_catalog_lookup_in ("0.13.1", "--use-megatron-fsdp"));
  g_assert_null (planner_flag_catalog_lookup_removed_in ("0.13.1", "--use-custom-fsdp"));
  g_assert_nonnull (planner_flag_catalog_lookup_in ("0.14.0", "--use-megatron-fsdp"));
  g_assert_nonnull (planner_flag_catalog_lookup_removed_in ("0.14.0", "--use-custom-fsdp"));
  g_assert_nonnull (planner_flag_catalog_lookup_removed ("--use-custom-fsdp"));
  g_assert_cmpstr (planner_flag_catalog_first_release_of ("--use-megatron-fsdp"), ==, "0.14.0");
  g_assert_cmpstr (planner_flag_catalog_first_release_of ("--moe-flex-dispatcher-backend"), ==, "0.16.1");
  g_assert_null (planner_flag_catalog_first_release_of ("--no-such-flag"));
  /* The writer finds an older release's spelling too. */
  g_assert_cmpstr (planner_flag_catalog_lookup_any ("--use-custom-fsdp")->dest, ==, "use_custom_fsdp");
  g_assert_true (planner_flag_catalog_lookup_any ("--bf16") == planner_flag_catalog_lookup ("--bf16"));
  g_assert_null (planner_flag_catalog_lookup_any ("--no-such-flag"));

  /* fsdp_dtensor is a checkpoint format from 0.14 on. */
  info = planner_flag_catalog_lookup_in ("0.13.1", "--ckpt-format");
  g_assert_nonnull (info);
  g_assert_false (g_strv_contains (info->choices, "fsdp_dtensor"));
  g_assert_true (g_strv_contains (info->choices, "zarr"));
  info = planner_flag_catalog_lookup_in ("0.14.0", "--ckpt-format");
  g_assert_true (g_strv_contains (info->choices, "fsdp_dtensor"));

  /* The sharding default changed in 0.18. */
  info = planner_flag_catalog_lookup_in ("0.17.1", "--data-parallel-sharding-strategy");
  g_assert_cmpstr (info->default_value, ==, "no_shard");
  info = planner_flag_catalog_lookup_in ("0.18.2", "--data-parallel-sharding-strategy");
  g_assert_cmpstr (info->default_value, ==, "optim_grads_params");

  /* Suggestions come from the release's own options. */
  g_assert_cmpstr (planner_flag_catalog_suggest_in ("0.12.0", "--use_custom_fsdp"), ==, "--use-custom-fsdp");
  g_assert_cmpstr (planner_flag_catalog_suggest_in ("0.20.0", "--use_megatron_fsdp"), ==, "--use-megatron-fsdp");
}

static void
test_release_resolve (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (planner_release_resolve ("0.14.0", NULL), ==, "0.14.0");
  g_assert_cmpstr (planner_release_resolve ("0.14", NULL), ==, "0.14.0");
  g_assert_cmpstr (planner_release_resolve ("0.16", NULL), ==, "0.16.1");
  g_assert_cmpstr (planner_release_resolve ("0.20", NULL), ==, "0.20.0");
  g_assert_null (planner_release_resolve ("0.16.0", NULL));
  g_assert_null (planner_release_resolve ("0.16.x", NULL));
  g_assert_null (planner_release_resolve ("0", NULL));
  g_assert_null (planner_release_resolve ("", NULL));
  g_assert_null (planner_release_resolve (NULL, NULL));
  g_assert_null (planner_release_resolve ("0.11", &error));
  g_assert_error (error, PLANNER_RELEASE_ERROR, PLANNER_RELEASE_ERROR_UNKNOWN);
  g_assert_nonnull (strstr (error->message, "0.12.0, 0.13.1, 0.14.0"));
  g_assert_nonnull (strstr (error->message, "0.20.0"));

  g_assert_cmpint (planner_release_compare ("0.9.0", "0.14.0"), <, 0);
  g_assert_cmpint (planner_release_compare ("0.16.1", "0.16.1"), ==, 0);
  g_assert_cmpint (planner_release_compare ("0.20.0", "0.16.1"), >, 0);
  g_assert_true (planner_release_at_least (NULL, "0.16.1"));
  g_assert_false (planner_release_at_least ("0.15.3", "0.16.1"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/flag-catalog/version", test_version);
  g_test_add_func ("/planner/flag-catalog/lookup", test_lookup);
  g_test_add_func ("/planner/flag-catalog/aliases", test_aliases);
  g_test_add_func ("/planner/flag-catalog/removed", test_removed);
  g_test_add_func ("/planner/flag-catalog/dead", test_dead);
  g_test_add_func ("/planner/flag-catalog/suggest", test_suggest);
  g_test_add_func ("/planner/flag-catalog/check-value", test_check_value);
  g_test_add_func ("/planner/flag-catalog/releases", test_releases);
  g_test_add_func ("/planner/flag-catalog/release-spellings", test_release_spellings);
  g_test_add_func ("/planner/flag-catalog/release-resolve", test_release_resolve);

  return g_test_run ();
}
