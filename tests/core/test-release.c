/* test-release.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Planning for an older Megatron-Core release (issue 20): what is written
 * in its spellings, what the recommendation and the advice may propose
 * (only flags the release parses), and telling the release from a
 * Megatron-LM checkout's package_info.py or a log's argument block.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "planner-advise.h"
#include "planner-flag-catalog.h"
#include "planner-job.h"
#include "planner-log-args.h"
#include "planner-log-release.h"
#include "planner-log.h"
#include "planner-recommend.h"
#include "planner-release-move.h"
#include "planner-release-args.h"
#include "planner-release-checkout.h"
#include "planner-words.h"

/* ---- spellings ---- */

static void
test_respell_fsdp (void)
{
  g_autoptr(PlannerArgs) args = planner_args_new ();
  g_autofree char *missing = NULL;
  guint n = 99;

  planner_args_set_bool (args, "use_megatron_fsdp", "--use-megatron-fsdp", TRUE);
  planner_args_set (args, "data_parallel_sharding_strategy", "--data-parallel-sharding-strategy", "optim_grads_params");
  planner_args_set (args, "ckpt_format", "--ckpt-format", "fsdp_dtensor");

  /* The default release keeps 0.20.0's spelling. */
  planner_release_respell_args (args, "0.20.0");
  g_assert_true (planner_args_get_bool (args, "use_megatron_fsdp", FALSE));
  g_assert_cmpstr (planner_args_get_string (args, "ckpt_format", NULL), ==, "fsdp_dtensor");

  planner_release_respell_args (args, "0.12.0");
  g_assert_false (planner_args_is_set (args, "use_megatron_fsdp"));
  g_assert_true (planner_args_get_bool (args, "use_custom_fsdp", FALSE));
  g_assert_cmpstr (planner_args_get_flag (args, "use_custom_fsdp"), ==, "--use-custom-fsdp");
  g_assert_false (planner_args_is_set (args, "ckpt_format"));
  g_assert_false (planner_args_get_bool (args, "gradient_accumulation_fusion", TRUE));
  missing = planner_release_dup_missing (args, "0.12.0", &n);
  g_assert_null (missing);
  g_assert_cmpuint (n, ==, 0);
}

static void
test_missing_offloading (void)
{
  g_autoptr(PlannerArgs) args = planner_args_new ();
  g_autofree char *missing = NULL;
  guint n = 0;

  planner_args_set (args, "cpu_offloading_num_layers", "--cpu-offloading-num-layers", "4");
  g_assert_true (planner_release_has_flag ("0.16.1", "--cpu-offloading-num-layers"));
  g_assert_false (planner_release_has_flag ("0.14.0", "--cpu-offloading-num-layers"));
  missing = planner_release_dup_missing (args, "0.14.0", &n);
  g_assert_cmpuint (n, ==, 1);
  /* A template, filled in its reader's words by the draft that refuses. */
  g_assert_cmpstr (missing, ==, "{--cpu-offloading-num-layers} (Megatron-Core 0.16.1 or newer)");
  {
    g_autofree char *flags = planner_words_fill (NULL, missing, FALSE);

    g_assert_cmpstr (flags, ==, "--cpu-offloading-num-layers (Megatron-Core 0.16.1 or newer)");
  }
  g_assert_null (planner_release_dup_missing (args, "0.16.1", NULL));
}

/* ---- the recommendation ---- */

/* The flags of @r's best candidate and its shell block that @release
 * does not parse, " "-joined ("" for none). */
static char *
recommendation_lacks (const PlannerRecommendation *r,
                      const char                  *release)
{
  g_autoptr(PlannerArgs) args = planner_recommendation_candidate_args (r, &r->best);
  g_autofree char *shell = g_strdup (r->shell != NULL ? r->shell : "");
  g_autoptr(GString) lacking = g_string_new (NULL);
  g_auto(GStrv) lines = g_strsplit (shell, "\n", -1);

  for (guint i = 0; i < planner_args_get_n_entries (args); i++)
    {
      const char *flag = planner_args_get_flag (args, planner_args_get_dest_at (args, i));

      if (flag != NULL && !planner_release_has_flag (release, flag) && strstr (lacking->str, flag) == NULL)
        g_string_append_printf (lacking, "%s ", flag);
    }
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) words = NULL;

      if (lines[i][0] == '#')
        continue;
      if (strchr (lines[i], '#') != NULL)
        *strchr (lines[i], '#') = '\0';
      words = g_strsplit_set (lines[i], " \t", -1);
      for (guint w = 0; words[w] != NULL; w++)
        if (g_str_has_prefix (words[w], "--") && !planner_release_has_flag (release, words[w]) &&
            strstr (lacking->str, words[w]) == NULL)
          g_string_append_printf (lacking, "%s ", words[w]);
    }
  return g_string_free (g_steal_pointer (&lacking), FALSE);
}

static PlannerRecommendation *
recommend_deepseek (const char *release)
{
  PlannerRecommendRequest request = { 0 };
  g_autoptr(GError) error = NULL;
  PlannerRecommendation *r;

  /* NVIDIA's H100 DeepSeek-V3 layout: 61 layers, EP across nodes. */
  request.model_id = "deepseek-v3";
  request.gpu_id = "h100-sxm";
  request.num_gpus = 1024;
  request.seq_length = 4096;
  request.global_batch_size = 8192;
  request.megatron_version = release;
  r = planner_recommend (&request, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

static void
test_recommend_release (void)
{
  g_autoptr(PlannerRecommendation) newest = recommend_deepseek (NULL);
  g_autoptr(PlannerRecommendation) old = recommend_deepseek ("0.12.0");
  g_autofree char *newest_lacks = recommendation_lacks (newest, "0.12.0");
  g_autofree char *old_lacks = recommendation_lacks (old, "0.12.0");
  g_autoptr(JsonNode) json = planner_recommendation_to_json (old);
  g_autofree char *text = planner_recommendation_to_text (old);

  /* 0.20.0's recommendation uses what 0.12 lacks (the test can fail)... */
  g_assert_cmpstr (newest->megatron_version, ==, "0.20.0");
  g_assert_nonnull (strstr (newest_lacks, "--overlap-moe-expert-parallel-comm"));
  /* ... 0.12.0's none of it. */
  g_assert_cmpstr (old->megatron_version, ==, "0.12.0");
  g_assert_cmpstr (old_lacks, ==, "");
  g_assert_true (old->fits);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (json), "megatron_core"), ==, "0.12.0");
  g_assert_nonnull (strstr (text, "Megatron-Core 0.12.0"));
}

/* ---- the advice ---- */

static void
test_advise_release (void)
{
  g_autoptr(PlannerJob) job = planner_job_new ();

  g_object_set (job, "model-id", "mixtral-8x7b", "gpu-id", "h100-sxm", "nodes", 8, "gpus-per-node", 8,
                "tp", 1, "pp", 4, "ep", 8, "megatron-version", "0.12.0", NULL);
  for (int s = PLANNER_SYMPTOM_NONE; s <= PLANNER_SYMPTOM_HANG; s++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PlannerPlan) plan = planner_advise_job (job, (PlannerSymptom) s, 0.2, 0, 0, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (plan->megatron_version, ==, "0.12.0");
      for (guint i = 0; i < plan->suggestions->len; i++)
        {
          const PlannerSuggestion *suggestion = g_ptr_array_index (plan->suggestions, i);

          for (guint c = 0; c < suggestion->changes->len; c++)
            {
              const PlannerChange *change = g_ptr_array_index (suggestion->changes, c);

              if (change->target == PLANNER_CHANGE_TARGET_FLAG && change->action != PLANNER_CHANGE_REMOVE)
                g_assert_true (planner_release_has_flag ("0.12.0", change->flag));
            }
          for (guint c = 0; c < suggestion->checks->len; c++)
            if (strstr (g_ptr_array_index (suggestion->checks, c), "flags exist") != NULL)
              g_assert_nonnull (strstr (g_ptr_array_index (suggestion->checks, c), "0.12.0"));
        }
    }
}

/* ---- a log's argument block ---- */

/* Megatron's block for @release: every option, printed as _print_args
 * does, without @skip of them, plus what validate_args adds. */
static PlannerLogRecord *
argument_block (const char *release,
                guint       skip,
                guint       limit)
{
  g_autoptr(PlannerLogReader) reader = planner_log_reader_new ();
  g_autoptr(GString) block = g_string_new ("------------------------ arguments ------------------------\n");
  g_autoptr(GPtrArray) dests = g_ptr_array_new ();

  for (guint i = 0; i < planner_flag_catalog_get_n_flags_in (release); i++)
    {
      const char *dest = planner_flag_catalog_get_flag_at_in (release, i)->dest;
      gboolean seen = FALSE;

      for (guint d = 0; d < dests->len && !seen; d++)
        seen = g_str_equal (g_ptr_array_index (dests, d), dest);
      if (!seen)
        g_ptr_array_add (dests, (gpointer) dest);
    }
  g_ptr_array_add (dests, (gpointer) "world_size");
  g_ptr_array_add (dests, (gpointer) "data_parallel_size");
  for (guint d = skip; d < dests->len && d < limit; d++)
    {
      const char *dest = g_ptr_array_index (dests, d);
      const char *value = g_str_equal (dest, "world_size") ? "8" : g_str_equal (dest, "num_layers") ? "12" : "None";
      gsize dots = strlen (dest) < 48 ? 48 - strlen (dest) : 1;
      g_autofree char *pad = g_strnfill (dots, '.');

      g_string_append_printf (block, "  %s %s %s\n", dest, pad, value);
    }
  g_string_append (block, "-------------------- end of arguments ---------------------\n");
  planner_log_reader_feed (reader, block->str, block->len);
  return planner_log_reader_finish (g_steal_pointer (&reader));
}

static void
test_log_release (void)
{
  const char *releases[] = { "0.12.0", "0.14.0", "0.16.1", "0.20.0" };

  for (guint i = 0; i < G_N_ELEMENTS (releases); i++)
    {
      g_autoptr(PlannerLogRecord) record = argument_block (releases[i], 0, G_MAXUINT);
      guint differences = 99;

      g_assert_cmpstr (planner_log_record_detect_release (record, &differences), ==, releases[i]);
      g_assert_cmpuint (differences, ==, 0);
    }

  {
    /* A few lines lost to the log's cut still tell. */
    g_autoptr(PlannerLogRecord) record = argument_block ("0.14.0", 3, G_MAXUINT);
    g_autoptr(GPtrArray) assumptions = g_ptr_array_new_with_free_func (g_free);
    g_autoptr(PlannerJob) job = NULL;
    guint differences = 0;
    gboolean said = FALSE;

    g_assert_cmpstr (planner_log_record_detect_release (record, &differences), ==, "0.14.0");
    g_assert_cmpuint (differences, ==, 3);
    job = planner_log_record_to_job (record, "h100-sxm", 8, assumptions, NULL);
    g_assert_nonnull (job);
    g_assert_cmpstr (planner_job_get_string (job, "megatron-version"), ==, "0.14.0");
    for (guint i = 0; i < assumptions->len; i++)
      said |= strstr (g_ptr_array_index (assumptions, i), "Megatron-Core 0.14.0") != NULL;
    g_assert_true (said);
  }
  {
    /* A handful of pasted lines tells nothing. */
    g_autoptr(PlannerLogRecord) record = argument_block ("0.14.0", 0, 30);

    g_assert_null (planner_log_record_detect_release (record, NULL));
  }
}

/* ---- a Megatron-LM checkout ---- */

static char *
make_checkout (const char *contents)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("lp-release-XXXXXX", &error);
  g_autofree char *core = NULL;
  g_autofree char *path = NULL;

  g_assert_no_error (error);
  core = g_build_filename (dir, "megatron", "core", NULL);
  g_assert_cmpint (g_mkdir_with_parents (core, 0700), ==, 0);
  path = g_build_filename (core, "package_info.py", NULL);
  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  return dir;
}

static void
remove_checkout (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "megatron", "core", "package_info.py", NULL);
  g_autofree char *core = g_build_filename (dir, "megatron", "core", NULL);
  g_autofree char *megatron = g_build_filename (dir, "megatron", NULL);

  g_remove (path);
  g_rmdir (core);
  g_rmdir (megatron);
  g_rmdir (dir);
}

static void
test_checkout (void)
{
  /* 0.12's file, as the core_r0.12.0 branch has it (double quotes). */
  g_autofree char *dir = make_checkout ("# Copyright (c) 2023, NVIDIA CORPORATION.\n\n\nMAJOR = 0\nMINOR = 12\n"
                                        "PATCH = 4\nPRE_RELEASE = \"\"\n\n"
                                        "VERSION = (MAJOR, MINOR, PATCH, PRE_RELEASE)\n");
  g_autofree char *bad = make_checkout ("__version__ = get_version()\n");
  g_autofree char *pre = make_checkout ("MAJOR = 0\nMINOR = 15\nPATCH = 0\nPRE_RELEASE = 'rc4'\n");
  g_autoptr(PlannerJob) job = planner_job_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *version = planner_release_read_checkout (dir, &error);
  g_autofree char *pre_version = planner_release_read_checkout (pre, NULL);
  g_autofree char *none = planner_release_read_checkout (bad, &error);
  g_autofree char *sentence = NULL;
  g_autofree char *same = NULL;
  const char *detected = NULL;
  gboolean matches = TRUE;

  g_assert_cmpstr (version, ==, "0.12.4");
  g_assert_cmpstr (pre_version, ==, "0.15.0rc4");
  g_assert_null (none);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);

  /* No directory, or one not here: nothing to say. */
  g_assert_null (planner_release_describe_checkout (job, NULL, NULL));
  g_object_set (job, "megatron-dir", "/nonexistent/Megatron-LM", NULL);
  g_assert_null (planner_release_describe_checkout (job, NULL, NULL));

  g_object_set (job, "megatron-dir", dir, NULL);
  sentence = planner_release_describe_checkout (job, &matches, &detected);
  g_assert_false (matches);
  g_assert_cmpstr (detected, ==, "0.12.0");
  g_assert_nonnull (strstr (sentence, "Megatron-Core 0.12.4"));
  g_assert_nonnull (strstr (sentence, "set the release to 0.12.0"));

  g_object_set (job, "megatron-version", "0.12.0", NULL);
  same = planner_release_describe_checkout (job, &matches, &detected);
  g_assert_true (matches);
  g_assert_null (strstr (same, "set the release"));

  remove_checkout (dir);
  remove_checkout (bad);
  remove_checkout (pre);
}

static gboolean
move_lists (GPtrArray  *lines,
            const char *text)
{
  for (guint i = 0; i < lines->len; i++)
    if (strstr (g_ptr_array_index (lines, i), text) != NULL)
      return TRUE;
  return FALSE;
}

static gboolean
move_has_code (GPtrArray  *diagnostics,
               const char *code)
{
  return planner_diagnostics_has_code (diagnostics, code);
}

static gboolean
move_respells (const PlannerReleaseMove *move,
               const char               *flag,
               const char               *spelling)
{
  for (guint i = 0; i < move->flag_changes->len; i++)
    {
      const PlannerReleaseFlagChange *change = g_ptr_array_index (move->flag_changes, i);

      if (g_str_equal (change->flag, flag) && g_strcmp0 (change->spelling, spelling) == 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
move_default (const PlannerReleaseMove *move,
              const char               *flag,
              const char               *before,
              const char               *after)
{
  for (guint i = 0; i < move->default_changes->len; i++)
    {
      const PlannerReleaseDefaultChange *change = g_ptr_array_index (move->default_changes, i);

      if (g_str_equal (change->flag, flag) && g_strcmp0 (change->before, before) == 0
          && g_strcmp0 (change->after, after) == 0)
        return TRUE;
    }
  return FALSE;
}

/* analyze --to: the renamed option, the default that moved, and the
 * start-up checks that change, both ways (issue 20). */
static void
test_move (void)
{
  static const char *const argv[] = {
    "--num-layers", "24", "--hidden-size", "2048", "--num-attention-heads", "16",
    "--seq-length", "2048", "--max-position-embeddings", "4096", "--micro-batch-size", "1",
    "--global-batch-size", "64", "--tokenizer-type", "NullTokenizer", "--vocab-size", "32000",
    "--mock-data", "--lr", "3e-4", "--train-iters", "100", "--bf16", "--use-custom-fsdp",
    "--cross-entropy-loss-fusion", "--cross-entropy-fusion-impl", "te", NULL,
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerImport) import = planner_import_argv_for ("0.13.1", argv, &error);
  PlannerAnalyzeOptions options = { .world_size = 8, .gpu_id = "h100-sxm", .megatron_version = "0.13.1" };
  g_autoptr(PlannerReport) old = NULL;
  g_autoptr(PlannerReport) now = NULL;
  g_autoptr(PlannerReleaseMove) up = NULL;
  g_autoptr(PlannerReleaseMove) down = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  old = planner_analyze_import (import, &options, &error);
  g_assert_no_error (error);
  options.megatron_version = "0.20.0";
  now = planner_analyze_import (import, &options, &error);
  g_assert_no_error (error);

  up = planner_release_move_new (old, now);
  g_assert_cmpstr (up->from, ==, "0.13.1");
  g_assert_cmpstr (up->to, ==, "0.20.0");
  g_assert_true (move_lists (up->flags, "--use-custom-fsdp: Megatron-Core 0.20.0 spells it --use-megatron-fsdp"));
  /* From the two catalogues: no_shard up to 0.17.1, optim_grads_params from 0.18.2. */
  g_assert_true (move_lists (up->defaults, "--data-parallel-sharding-strategy: no_shard in Megatron-Core 0.13.1, "
                                           "optim_grads_params in 0.20.0"));
  g_assert_false (move_lists (up->defaults, "--wandb-project"));
  g_assert_true (move_has_code (up->refuses, "loss.cross-entropy-te"));
  g_assert_false (move_has_code (up->accepts, "loss.cross-entropy-te"));

  down = planner_release_move_new (now, old);
  g_assert_true (move_has_code (down->accepts, "loss.cross-entropy-te"));
  g_assert_false (move_has_code (down->refuses, "loss.cross-entropy-te"));

  text = planner_release_move_to_text (up);
  g_assert_nonnull (strstr (text, "Moving from Megatron-Core 0.13.1 to 0.20.0"));

  /* The same changes as data, for the window to word. */
  g_assert_cmpuint (up->flag_changes->len, ==, up->flags->len);
  g_assert_cmpuint (up->default_changes->len, ==, up->defaults->len);
  g_assert_true (move_respells (up, "--use-custom-fsdp", "--use-megatron-fsdp"));
  g_assert_true (move_default (up, "--data-parallel-sharding-strategy", "no_shard", "optim_grads_params"));
}

static PlannerReleaseMove *
move_argv (const char        *from,
           const char        *to,
           const char *const *argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerImport) import = planner_import_argv_for (from, argv, &error);
  PlannerAnalyzeOptions options = { .world_size = 64, .gpu_id = "h100-sxm", .megatron_version = from };
  g_autoptr(PlannerReport) before = NULL;
  g_autoptr(PlannerReport) after = NULL;

  g_assert_no_error (error);
  before = planner_analyze_import (import, &options, &error);
  g_assert_no_error (error);
  options.megatron_version = to;
  after = planner_analyze_import (import, &options, &error);
  g_assert_no_error (error);
  return planner_release_move_new (before, after);
}

static gboolean
move_offers (const PlannerReleaseMove *move,
             const char               *flag)
{
  g_assert_cmpuint (move->feature_changes->len, ==, move->features->len);
  for (guint i = 0; i < move->feature_changes->len; i++)
    {
      const PlannerReleaseFeature *feature = g_ptr_array_index (move->feature_changes, i);

      if (g_str_equal (feature->flag, flag))
        {
          g_assert_true (g_str_has_prefix (g_ptr_array_index (move->features, i), flag));
          return TRUE;
        }
    }
  return FALSE;
}

/* Only the defaults that concern the job, and what the newer release
 * would let the planner add for it. */
static void
test_move_relevant (void)
{
#define DENSE "--num-layers", "24", "--hidden-size", "2048", "--num-attention-heads", "16", \
              "--seq-length", "4096", "--max-position-embeddings", "4096", "--micro-batch-size", "1", \
              "--global-batch-size", "256", "--tokenizer-type", "NullTokenizer", "--vocab-size", "32000", \
              "--mock-data", "--lr", "3e-4", "--train-iters", "100", "--bf16", "--use-distributed-optimizer"
  static const char *const dense[] = { DENSE, NULL };
  static const char *const moe[] = {
    DENSE, "--num-experts", "64", "--moe-router-topk", "8", "--expert-model-parallel-size", "8",
    "--moe-token-dispatcher-type", "alltoall", "--moe-grouped-gemm", "--disable-bias-linear",
    "--pipeline-model-parallel-size", "2", NULL,
  };
  static const char *const flex[] = {
    DENSE, "--num-experts", "64", "--moe-router-topk", "8", "--expert-model-parallel-size", "8",
    "--moe-token-dispatcher-type", "flex", "--moe-enable-deepep", "--moe-grouped-gemm", "--disable-bias-linear",
    NULL,
  };
#undef DENSE
  g_autoptr(PlannerReleaseMove) plain = move_argv ("0.13.1", "0.20.0", dense);
  g_autoptr(PlannerReleaseMove) experts = move_argv ("0.12.0", "0.20.0", moe);
  g_autoptr(PlannerReleaseMove) later = move_argv ("0.16.1", "0.20.0", moe);
  g_autoptr(PlannerReleaseMove) deepep = move_argv ("0.14.0", "0.20.0", flex);
  g_autoptr(PlannerReleaseMove) down = move_argv ("0.20.0", "0.13.1", moe);
  g_autofree char *text = planner_release_move_to_text (experts);

  /* An option the planner writes (--eval-interval: 1000, then unset) stays ... */
  g_assert_true (move_default (plain, "--eval-interval", "1000", NULL));
  /* ... one of a feature the job does not use, or one the planner never writes, goes. */
  g_assert_false (move_lists (plain->defaults, "--data-parallel-sharding-strategy"));
  g_assert_false (move_lists (plain->defaults, "--mscale-all-dim"));
  g_assert_false (move_lists (plain->defaults, "--rerun-mode"));
  g_assert_false (move_lists (plain->defaults, "--moe-deepep-num-sms"));
  g_assert_false (move_lists (experts->defaults, "--moe-deepep-num-sms"));
  g_assert_true (move_lists (deepep->defaults, "--moe-deepep-num-sms"));

  /* A dense job on one pipeline stage: nothing of the experts' or the pipeline's. */
  g_assert_false (move_offers (plain, "--moe-flex-dispatcher-backend"));
  g_assert_false (move_offers (plain, "--overlap-moe-expert-parallel-comm"));
  g_assert_false (move_offers (plain, "--pipeline-model-parallel-layout"));
  g_assert_true (move_offers (plain, "--cpu-offloading-num-layers"));
  g_assert_true (move_offers (plain, "--fake-process-group"));
  /* EP 8 over two stages from 0.12.0: everything came later. */
  g_assert_true (move_offers (experts, "--pipeline-model-parallel-layout"));
  g_assert_true (move_offers (experts, "--overlap-moe-expert-parallel-comm"));
  g_assert_true (move_offers (experts, "--delay-wgrad-compute"));
  g_assert_true (move_offers (experts, "--moe-flex-dispatcher-backend"));
  g_assert_nonnull (strstr (text, "Features the job could now use:"));
  g_assert_nonnull (strstr (text, "--overlap-moe-expert-parallel-comm (from Megatron-Core 0.14.0)"));
  /* From 0.16.1 the release already had them all. */
  g_assert_cmpuint (later->features->len, ==, 0);
  /* Nothing to gain going down. */
  g_assert_cmpuint (down->features->len, ==, 0);
}

/* The window's form of --to: a job, left as it is (issue 20). */
static void
test_move_job (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerReleaseMove) move = NULL;
  g_autoptr(PlannerReleaseMove) none = NULL;
  g_autoptr(GError) error = NULL;

  /* Mixtral in FP16 with grouped GEMM: 0.12-0.15 want --bf16 for it. */
  g_object_set (job, "model-id", "mixtral-8x7b", "nodes", 4, "tp", 2, "pp", 2, "ep", 8, "etp", 1,
                "moe-grouped-gemm", TRUE, "precision", "fp16", "fsdp", "megatron", NULL);
  move = planner_release_move_new_for_job (job, "0.13", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (move->from, ==, "0.20.0");
  g_assert_cmpstr (move->to, ==, "0.13.1");
  g_assert_true (move_respells (move, "--use-megatron-fsdp", "--use-custom-fsdp"));
  g_assert_true (move_has_code (move->refuses, "moe.grouped-gemm-needs-bf16"));
  g_assert_cmpstr (planner_job_get_string (job, "megatron-version"), ==, "0.20.0");

  none = planner_release_move_new_for_job (job, "0.3", &error);
  g_assert_null (none);
  g_assert_nonnull (error);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/release/respell-fsdp", test_respell_fsdp);
  g_test_add_func ("/release/missing-offloading", test_missing_offloading);
  g_test_add_func ("/release/recommend", test_recommend_release);
  g_test_add_func ("/release/advise", test_advise_release);
  g_test_add_func ("/release/log", test_log_release);
  g_test_add_func ("/release/checkout", test_checkout);
  g_test_add_func ("/release/move", test_move);
  g_test_add_func ("/release/move-job", test_move_job);
  g_test_add_func ("/release/move-relevant", test_move_relevant);

  return g_test_run ();
}
