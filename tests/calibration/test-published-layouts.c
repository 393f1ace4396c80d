/* test-published-layouts.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The calibration of `recommend` against layouts NVIDIA and model authors
 * published and really ran (published-layouts.txt, each row with its
 * source).  For every row the search gets what the run fixed (model, GPU
 * type and count, sequence length, global batch, precision) and nothing
 * else; the test prints and checks how often each degree lands within 2×
 * of the published one, how often the published layout is in the top 5,
 * and how often the published layout fits by the memory estimate.  The
 * rules and reasons are fitted, never the rows: no model is special. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "planner-analyze.h"
#include "planner-recommend-job.h"
#include "planner-recommend-private.h"

/* The targets of issue 11 (on a held-back set of the same kind); the
 * test asserts them on this set.  The cross-validated figures it prints
 * (PLANNER_TEST_CROSS_VALIDATE=1) say how much of that is this set's own. */
#define TARGET_WITHIN_2X 0.80
#define TARGET_TOP5      0.70
#define TARGET_FITS      0.90

typedef struct
{
  char    *model;
  char    *gpu;
  guint64  gpus;
  guint32  seq;
  guint64  gbs;
  guint32  mbs;        /* 0: not stated */
  char    *precision;
  guint32  tp, pp, cp;
  guint32  vpp;        /* 0: not stated */
  guint32  ep;
  guint32  etp;        /* 0: Megatron's default (= TP) */
  char    *recompute;
  gboolean fsdp;
  char    *source;
  guint    line;
} Row;

static void
row_clear (Row *row)
{
  g_free (row->model);
  g_free (row->gpu);
  g_free (row->precision);
  g_free (row->recompute);
  g_free (row->source);
}

static guint32
parse_degree (const char *text)
{
  if (g_str_equal (text, "?") || g_str_equal (text, "-"))
    return 0;
  return (guint32) g_ascii_strtoull (text, NULL, 10);
}

static GArray *
load_rows (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "calibration", "published-layouts.txt", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (Row));

  g_array_set_clear_func (rows, (GDestroyNotify) row_clear);
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = NULL;
      g_auto(GStrv) parts = NULL;
      Row row = { 0 };
      char *bar;
      guint n = 0;

      if (lines[i][0] == '#' || g_strstrip (lines[i])[0] == '\0')
        continue;
      bar = strchr (lines[i], '|');
      g_assert_nonnull (bar);
      *bar = '\0';
      parts = g_strsplit_set (lines[i], " \t", -1);
      fields = g_new0 (char *, g_strv_length (parts) + 1);
      for (guint j = 0; parts[j] != NULL; j++)
        if (parts[j][0] != '\0')
          fields[n++] = g_strdup (parts[j]);
      if (n != 15)
        g_error ("published-layouts.txt:%u: %u columns, expected 15", i + 1, n);
      row.model = g_strdup (fields[0]);
      row.gpu = g_strdup (fields[1]);
      row.gpus = g_ascii_strtoull (fields[2], NULL, 10);
      row.seq = (guint32) g_ascii_strtoull (fields[3], NULL, 10);
      row.gbs = g_ascii_strtoull (fields[4], NULL, 10);
      row.mbs = parse_degree (fields[5]);
      row.precision = g_strdup (fields[6]);
      row.tp = parse_degree (fields[7]);
      row.pp = parse_degree (fields[8]);
      row.cp = parse_degree (fields[9]);
      row.vpp = parse_degree (fields[10]);
      row.ep = parse_degree (fields[11]);
      row.etp = parse_degree (fields[12]);
      row.recompute = g_strdup (fields[13]);
      row.fsdp = g_str_equal (fields[14], "1");
      row.source = g_strdup (g_strstrip (bar + 1));
      row.line = i + 1;
      g_assert_nonnull (planner_gpu_lookup (row.gpu));
      g_assert_cmpuint (row.tp * row.pp * row.cp, >, 0);
      g_assert_cmpuint (row.gpus % ((guint64) row.tp * row.pp * row.cp), ==, 0);
      g_assert_cmpstr (row.source, !=, "");
      g_array_append_val (rows, row);
    }
  return rows;
}

/* A GPT-2-style model of the given size ("gpt:LAYERS:HIDDEN:HEADS"), as
 * the SC21 scripts build it: GPT-3 175B's architecture, resized. */
static PlannerArgs *
custom_model_args (const char *spec)
{
  g_auto(GStrv) parts = g_strsplit (spec, ":", -1);
  PlannerArgs *args = planner_args_new ();
  g_autofree char *ffn = NULL;

  g_assert_cmpuint (g_strv_length (parts), ==, 4);
  planner_model_apply_to_args (planner_model_lookup ("gpt3-175b"), args);
  planner_args_set (args, "num_layers", "--num-layers", parts[1]);
  planner_args_set (args, "hidden_size", "--hidden-size", parts[2]);
  planner_args_set (args, "num_attention_heads", "--num-attention-heads", parts[3]);
  ffn = g_strdup_printf ("%" G_GUINT64_FORMAT, 4 * g_ascii_strtoull (parts[2], NULL, 10));
  planner_args_set (args, "ffn_hidden_size", "--ffn-hidden-size", ffn);
  planner_args_unset (args, "kv_channels");
  return args;
}

static void
fill_request (const Row               *row,
              PlannerRecommendRequest *request,
              PlannerArgs            **custom)
{
  memset (request, 0, sizeof *request);
  *custom = NULL;
  if (g_str_has_prefix (row->model, "gpt:"))
    {
      *custom = custom_model_args (row->model);
      request->model_args = *custom;
      request->vocab_size = 50257;
    }
  else
    request->model_id = row->model;
  request->gpu_id = row->gpu;
  request->num_gpus = row->gpus;
  request->seq_length = row->seq;
  request->global_batch_size = row->gbs;
  request->max_alternatives = 4;
  if (g_str_equal (row->precision, "bf16"))
    request->precision = PLANNER_TRAIN_PRECISION_BF16;
  else
    {
      request->precision = PLANNER_TRAIN_PRECISION_FP8;
      request->fp8_recipe = g_str_equal (row->precision, "mxfp8")       ? "mxfp8"
                            : g_str_equal (row->precision, "fp8-block") ? "blockwise"
                                                                        : "tensorwise";
    }
}

static gboolean
within_2x (guint32 published,
           guint32 found)
{
  return found <= 2 * published && published <= 2 * found;
}

static gboolean
same_as_published (const Row                       *row,
                   const PlannerRecommendCandidate *c)
{
  return c->layout.tp == row->tp && c->layout.pp == row->pp && c->layout.cp == row->cp &&
         c->layout.ep == MAX (row->ep, 1);
}

static void
set_u (PlannerArgs *args,
       const char  *dest,
       const char  *flag,
       guint64      value)
{
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, value);

  planner_args_set (args, dest, flag, text);
}

/* The published layout with the row's own knobs, through the whole
 * analysis: does the memory estimate say it fits?  Unstated knobs take
 * the lightest setting the run could have used. */
static gboolean
published_fits (const Row                   *row,
                const PlannerRecommendation *r,
                double                      *peak,
                double                      *capacity)
{
  const char *recomputes[] = { "none", "selective", "full" };
  guint first = 0, last = 0;
  gboolean any = FALSE;

  *peak = INFINITY;
  *capacity = 0;
  if (g_str_equal (row->recompute, "?"))
    last = 2;
  for (guint k = first; k <= last; k++)
    {
      g_autoptr(PlannerArgs) args = planner_args_copy (r->model_args);
      g_autoptr(PlannerReport) report = NULL;
      g_autoptr(GError) error = NULL;
      PlannerRecommendCandidate split = { 0 };
      PlannerAnalyzeOptions options = { 0 };
      const PlannerMemoryEstimate *estimate;
      const char *recompute = g_str_equal (row->recompute, "?") ? recomputes[k] : row->recompute;
      guint32 vpp = row->vpp > 0 ? row->vpp : 1;
      guint32 mtp = (guint32) planner_args_get_int (r->model_args, "mtp_num_layers", 0);

      /* NVIDIA's recipes (NeMo, Megatron-Bridge, Megatron-LM's Llama
       * example) reduce gradients in BF16; the SC21 runs and the papers
       * do not say, so they get Megatron's FP32 default. */
      if (!g_str_has_prefix (row->source, "NeMo") && !g_str_has_prefix (row->source, "Bridge") &&
          !g_str_has_prefix (row->source, "MLM"))
        planner_args_unset (args, "grad_reduce_in_bf16");
      else
        {
          /* Their other memory-relevant defaults: no dropout (Megatron's
           * Llama example and the recipes' model configs), and NeMo's and
           * Bridge's fused cross-entropy (Transformer Engine's). */
          planner_args_set (args, "hidden_dropout", "--hidden-dropout", "0");
          planner_args_set (args, "attention_dropout", "--attention-dropout", "0");
          if (!g_str_has_prefix (row->source, "MLM"))
            {
              planner_args_set_bool (args, "cross_entropy_loss_fusion", "--cross-entropy-loss-fusion", TRUE);
              planner_args_set (args, "cross_entropy_fusion_impl", "--cross-entropy-fusion-impl", "te");
            }
        }
      set_u (args, "tensor_model_parallel_size", "--tensor-model-parallel-size", row->tp);
      set_u (args, "pipeline_model_parallel_size", "--pipeline-model-parallel-size", row->pp);
      set_u (args, "context_parallel_size", "--context-parallel-size", row->cp);
      if (row->ep > 0 && r->num_experts > 0)
        {
          set_u (args, "expert_model_parallel_size", "--expert-model-parallel-size", row->ep);
          set_u (args, "expert_tensor_parallel_size", "--expert-tensor-parallel-size", row->etp > 0 ? row->etp : row->tp);
          planner_args_set (args, "moe_token_dispatcher_type", "--moe-token-dispatcher-type", "alltoall");
          planner_args_set_bool (args, "moe_grouped_gemm", "--moe-grouped-gemm", TRUE);
        }
      set_u (args, "micro_batch_size", "--micro-batch-size", row->mbs > 0 ? row->mbs : 1);
      set_u (args, "global_batch_size", "--global-batch-size", row->gbs);
      if (row->tp > 1)
        planner_args_set_bool (args, "sequence_parallel", "--sequence-parallel", TRUE);
      if (row->fsdp)
        {
          planner_args_set_bool (args, "use_megatron_fsdp", "--use-megatron-fsdp", TRUE);
          planner_args_set (args, "data_parallel_sharding_strategy", "--data-parallel-sharding-strategy",
                            "optim_grads_params");
        }
      planner_args_set_bool (args, "use_distributed_optimizer", "--use-distributed-optimizer", TRUE);
      if (r->fp8)
        planner_args_set_bool (args, "fp8_param_gather", "--fp8-param-gather", TRUE);
      /* The split: the published VPP when Megatron's even or account-for
       * splits allow it, else uneven first/last stages without VPP. */
      if (row->pp > 1 && !planner_recommend_choose_split (r->num_layers, mtp, row->pp, vpp, &split))
        {
          vpp = 1;
          if (!planner_recommend_choose_split (r->num_layers, mtp, row->pp, 1, &split))
            return FALSE;
        }
      if (split.split == PLANNER_SPLIT_LAYOUT)
        {
          g_autofree char *layout = planner_recommend_layout_string (r, &split);

          planner_args_set (args, "pipeline_model_parallel_layout", "--pipeline-model-parallel-layout", layout);
        }
      else if (vpp > 1)
        set_u (args, "num_virtual_stages_per_pipeline_rank", "--num-virtual-stages-per-pipeline-rank", vpp);
      if (split.split == PLANNER_SPLIT_ACCOUNT_BOTH || split.split == PLANNER_SPLIT_ACCOUNT_EMBEDDING)
        planner_args_set_bool (args, "account_for_embedding_in_pipeline_split",
                               "--account-for-embedding-in-pipeline-split", TRUE);
      if (split.split == PLANNER_SPLIT_ACCOUNT_BOTH || split.split == PLANNER_SPLIT_ACCOUNT_LOSS)
        planner_args_set_bool (args, "account_for_loss_in_pipeline_split", "--account-for-loss-in-pipeline-split",
                               TRUE);
      if (split.split == PLANNER_SPLIT_UNEVEN)
        {
          set_u (args, "decoder_first_pipeline_num_layers", "--decoder-first-pipeline-num-layers",
                 split.first_stage_layers);
          set_u (args, "decoder_last_pipeline_num_layers", "--decoder-last-pipeline-num-layers",
                 split.last_stage_layers);
        }
      if (g_str_equal (recompute, "selective"))
        planner_args_set (args, "recompute_granularity", "--recompute-granularity", "selective");
      else if (g_str_has_prefix (recompute, "sel:"))
        {
          g_auto(GStrv) modules = g_strsplit (recompute + 4, "+", -1);

          planner_args_set (args, "recompute_granularity", "--recompute-granularity", "selective");
          planner_args_set_list (args, "recompute_modules", "--recompute-modules", (const char *const *) modules);
        }
      else if (g_str_equal (recompute, "full"))
        {
          planner_args_set (args, "recompute_granularity", "--recompute-granularity", "full");
          planner_args_set (args, "recompute_method", "--recompute-method", "uniform");
          set_u (args, "recompute_num_layers", "--recompute-num-layers", 1);
        }
      else if (g_str_has_prefix (recompute, "full:"))
        {
          planner_args_set (args, "recompute_granularity", "--recompute-granularity", "full");
          planner_args_set (args, "recompute_method", "--recompute-method", "block");
          planner_args_set (args, "recompute_num_layers", "--recompute-num-layers", recompute + 5);
        }
      else if (g_str_has_prefix (recompute, "off:"))
        planner_args_set (args, "cpu_offloading_num_layers", "--cpu-offloading-num-layers", recompute + 4);

      options.world_size = row->gpus;
      options.vocab_size = r->vocab_size;
      options.gpu_id = row->gpu;
      report = planner_analyze_args (args, NULL, &options, &error);
      g_assert_no_error (error);
      estimate = planner_report_get_memory_estimate (report);
      if (estimate == NULL || estimate->n_stages == 0)
        continue;
      if (estimate->stages[estimate->worst].total_bytes < *peak)
        {
          *peak = estimate->stages[estimate->worst].total_bytes;
          *capacity = estimate->capacity_bytes;
        }
      any |= estimate->fits;
    }
  return any;
}

typedef struct
{
  guint rows;
  guint tp, pp, cp, all3, exact, top5, fits, vpp_agree, vpp_rows;
} Score;

static void
score_rows (GArray  *rows,
            gboolean fixed_micro,
            Score   *score,
            GString *misses)
{
  memset (score, 0, sizeof *score);
  for (guint i = 0; i < rows->len; i++)
    {
      const Row *row = &g_array_index (rows, Row, i);
      g_autoptr(PlannerArgs) custom = NULL;
      g_autoptr(PlannerRecommendation) r = NULL;
      g_autoptr(GError) error = NULL;
      PlannerRecommendRequest request;
      const PlannerRecommendCandidate *b;
      gboolean tp_ok, pp_ok, cp_ok, top5 = FALSE, fits;
      double peak = 0, capacity = 0;
      guint place = 0;

      fill_request (row, &request, &custom);
      if (fixed_micro)
        request.micro_batch_size = row->mbs;
      r = planner_recommend_with_constants (&request, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (r);
      score->rows++;
      fits = !fixed_micro && published_fits (row, r, &peak, &capacity);
      score->fits += fits;
      if (!r->fits)
        {
          g_string_append_printf (misses, "  line %u %s on %" G_GUINT64_FORMAT " %s: NOTHING FITS%s\n", row->line,
                                  row->model, row->gpus, row->gpu, fits ? "" : " (nor the published layout)");
          continue;
        }
      b = &r->best;
      tp_ok = within_2x (row->tp, b->layout.tp);
      pp_ok = within_2x (row->pp, b->layout.pp);
      cp_ok = within_2x (row->cp, b->layout.cp);
      score->tp += tp_ok;
      score->pp += pp_ok;
      score->cp += cp_ok;
      score->all3 += tp_ok && pp_ok && cp_ok;
      score->exact += same_as_published (row, b);
      if (same_as_published (row, b))
        place = 1;
      for (guint j = 0; j < r->alternatives->len && place == 0; j++)
        if (same_as_published (row, &g_array_index (r->alternatives, PlannerRecommendCandidate, j)))
          place = j + 2;
      top5 = place > 0;
      score->top5 += top5;
      if (row->vpp > 0 && row->pp > 1)
        {
          score->vpp_rows++;
          score->vpp_agree += (row->vpp > 1) == (b->layout.vpp > 1);
        }
      /* How far the model puts the published layout: its best variant's
       * score against the best's. */
      if (!top5 && !fixed_micro)
        {
          PlannerRecommendRequest pinned = request;
          g_autoptr(PlannerRecommendation) p = NULL;

          pinned.pins.tp = row->tp;
          pinned.pins.pp = row->pp;
          pinned.pins.cp = row->cp;
          pinned.pins.ep = MAX (row->ep, 1);
          p = planner_recommend (&pinned, NULL);
          if (p != NULL && p->fits)
            g_string_append_printf (misses, "  line %u: the published layout scores %+.1f%% against the best "
                                    "(memory %.0f%% against %.0f%%)\n", row->line,
                                    (p->best.score / b->score - 1.0) * 100.0, p->best.memory_use * 100,
                                    b->memory_use * 100);
          else
            g_string_append_printf (misses, "  line %u: the published layout does not fit the search\n", row->line);
        }
      if (!(tp_ok && pp_ok && cp_ok) || !top5 || (!fits && !fixed_micro))
        {
          g_autofree char *fit_text = fixed_micro || fits ? g_strdup ("")
                                      : g_strdup_printf ("; published does not fit: %.1f of %.1f GiB",
                                                         peak / PLANNER_GIB, capacity / PLANNER_GIB);

          g_string_append_printf (misses,
                                "  line %u %s on %" G_GUINT64_FORMAT " %s seq %u gbs %" G_GUINT64_FORMAT " %s: "
                                "published TP %u PP %u CP %u EP %u VPP %u; best TP %u PP %u CP %u EP %u VPP %u mbs %u "
                                "%s%s%s%s\n",
                                row->line, row->model, row->gpus, row->gpu, row->seq, row->gbs, row->precision,
                                row->tp, row->pp, row->cp, MAX (row->ep, 1), row->vpp, b->layout.tp, b->layout.pp,
                                b->layout.cp, b->layout.ep, b->layout.vpp, b->micro_batch_size,
                                planner_recompute_to_string (b->recompute),
                                top5 ? "" : "; not in top 5",
                                !(tp_ok && pp_ok && cp_ok) ? "; a degree off by more than 2×" : "", fit_text);
        }
    }
}

/* ---- Generalisation ----
 *
 * The step model's constants (planner-recommend-step.c) were chosen by
 * hand while looking at these rows.  Two measures of how much that
 * flatters the figures above:
 *  - the metrics per model family and per source, with the shipped
 *    constants (every run);
 *  - cross-validation (PLANNER_TEST_CROSS_VALIDATE=1; a minute, so not in
 *    build-aux/test): a grid of values for the five constants that were chosen by
 *    hand and move the ranking most; for each family (and each source)
 *    left out, the grid point that scores best on the other rows is
 *    chosen, and the left-out rows are scored with it.  Each row is scored
 *    once, by constants chosen without it. */

static const char *
row_family (const Row *row)
{
  static const struct
  {
    const char *prefix, *family;
  } families[] = {
    { "gpt:", "GPT (SC21 sizes)" }, { "gpt3", "GPT-3" }, { "llama", "Llama 3" }, { "mixtral", "Mixtral" },
    { "nemotron", "Nemotron-4" }, { "deepseek", "DeepSeek-V3" }, { "qwen3", "Qwen3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (families); i++)
    if (g_str_has_prefix (row->model, families[i].prefix))
      return families[i].family;
  return "other";
}

static const char *
row_source (const Row *row)
{
  static const char *const sources[] = { "NeMo", "Bridge", "SC21", "MLM" };

  for (guint i = 0; i < G_N_ELEMENTS (sources); i++)
    if (g_str_has_prefix (row->source, sources[i]))
      return sources[i];
  return "papers";
}

typedef struct
{
  gboolean fits;     /* ran the recommendation and something fits */
  gboolean all3;
  gboolean top5;
} RowOutcome;

/* The ranking of one row with the given constants (NULL: the shipped ones). */
static void
rank_row (const Row                  *row,
          const PlannerStepConstants *k,
          RowOutcome                 *out)
{
  g_autoptr(PlannerArgs) custom = NULL;
  g_autoptr(PlannerRecommendation) r = NULL;
  PlannerRecommendRequest request;
  const PlannerRecommendCandidate *b;

  memset (out, 0, sizeof *out);
  fill_request (row, &request, &custom);
  r = planner_recommend_with_constants (&request, k, NULL);
  if (r == NULL || !r->fits)
    return;
  b = &r->best;
  out->fits = TRUE;
  out->all3 = within_2x (row->tp, b->layout.tp) && within_2x (row->pp, b->layout.pp) && within_2x (row->cp, b->layout.cp);
  out->top5 = same_as_published (row, b);
  for (guint j = 0; j < r->alternatives->len && !out->top5; j++)
    out->top5 = same_as_published (row, &g_array_index (r->alternatives, PlannerRecommendCandidate, j));
}

/* The metrics of the shipped constants, per group. */
static void
print_groups (GArray        *rows,
              const gboolean *fits,
              const RowOutcome *shipped,
              const char    *title,
              const char *(*name_of) (const Row *))
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < rows->len; i++)
    {
      const char *name = name_of (&g_array_index (rows, Row, i));

      if (!g_ptr_array_find_with_equal_func (names, name, g_str_equal, NULL))
        g_ptr_array_add (names, (gpointer) name);
    }
  for (guint n = 0; n < names->len; n++)
    {
      guint count = 0, all3 = 0, top5 = 0, fit = 0;

      for (guint i = 0; i < rows->len; i++)
        if (g_str_equal (name_of (&g_array_index (rows, Row, i)), g_ptr_array_index (names, n)))
          {
            count++;
            all3 += shipped[i].all3;
            top5 += shipped[i].top5;
            fit += fits[i];
          }
      g_string_append_printf (text, "\n  %-18s %3u rows: all three within 2x %3.0f%%, top 5 %3.0f%%, fits %3.0f%%",
                              (const char *) g_ptr_array_index (names, n), count, 100.0 * all3 / count,
                              100.0 * top5 / count, 100.0 * fit / count);
    }
  g_test_message ("%s (the shipped constants):%s", title, text->str);
}

#define GRID_AXES   5
#define GRID_POINTS 3

/* The grid point @index as constants: each axis takes half, the shipped
 * value, or about twice (bounded where a fraction must stay one). */
static void
grid_constants (guint                 index,
                PlannerStepConstants *k)
{
  const PlannerStepConstants *d = planner_recommend_step_defaults ();
  static const double scale[GRID_POINTS] = { 0.5, 1.0, 2.0 };
  guint digit[GRID_AXES];

  for (guint a = 0; a < GRID_AXES; a++)
    {
      digit[a] = index % GRID_POINTS;
      index /= GRID_POINTS;
    }
  *k = *d;
  k->gemm_half = d->gemm_half * scale[digit[0]];
  k->ep_overlap_residual = MIN (d->ep_overlap_residual * scale[digit[1]], 1.0);
  k->tp_exposed_plain = MIN (d->tp_exposed_plain * (digit[2] == 0 ? 0.7 : digit[2] == 1 ? 1.0 : 1.0 / 0.85), 1.0);
  k->u_memory = d->u_memory * scale[digit[3]];
  k->memory_safe = d->memory_safe + (digit[4] == 0 ? -0.1 : digit[4] == 1 ? 0.0 : 0.15);
}

static guint
grid_size (void)
{
  guint n = 1;

  for (guint a = 0; a < GRID_AXES; a++)
    n *= GRID_POINTS;
  return n;
}

/* Leave each group out in turn, choose the grid point on the rest (the
 * published layout in the top 5 first, all three within 2x next; the
 * shipped point on a tie), and score the left-out rows with it. */
static void
cross_validate (GArray           *rows,
                const gboolean   *fits,
                RowOutcome      **grid,
                const char       *title,
                const char     *(*name_of) (const Row *))
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GString) text = g_string_new (NULL);
  guint shipped = 0, n_points = grid_size ();
  guint held_all3 = 0, held_top5 = 0, held_fits = 0;

  /* The shipped constants are the grid's centre. */
  for (guint a = 0, w = 1; a < GRID_AXES; a++, w *= GRID_POINTS)
    shipped += w;
  for (guint i = 0; i < rows->len; i++)
    {
      const char *name = name_of (&g_array_index (rows, Row, i));

      if (!g_ptr_array_find_with_equal_func (names, name, g_str_equal, NULL))
        g_ptr_array_add (names, (gpointer) name);
    }
  for (guint n = 0; n < names->len; n++)
    {
      const char *left_out = g_ptr_array_index (names, n);
      guint best = shipped;
      double best_score = -1.0;
      guint count = 0, all3 = 0, top5 = 0;

      for (guint g = 0; g < n_points; g++)
        {
          double score = 0.0;

          for (guint i = 0; i < rows->len; i++)
            if (!g_str_equal (name_of (&g_array_index (rows, Row, i)), left_out))
              score += 2.0 * grid[g][i].top5 + grid[g][i].all3;
          if (score > best_score + 1e-9 || (fabs (score - best_score) < 1e-9 && g == shipped))
            {
              best = g;
              best_score = score;
            }
        }
      for (guint i = 0; i < rows->len; i++)
        if (g_str_equal (name_of (&g_array_index (rows, Row, i)), left_out))
          {
            count++;
            all3 += grid[best][i].all3;
            top5 += grid[best][i].top5;
            held_fits += fits[i];
          }
      held_all3 += all3;
      held_top5 += top5;
      {
        PlannerStepConstants k;

        grid_constants (best, &k);
        g_string_append_printf (text, "\n  without %-18s %3u held-out rows: all three within 2x %3.0f%%, top 5 %3.0f%% "
                                "(chosen: gemm_half %.0fK, ep_overlap_residual %.2f, tp_exposed_plain %.2f, "
                                "u_memory %.2f, memory_safe %.2f)",
                                left_out, count, 100.0 * all3 / count, 100.0 * top5 / count, k.gemm_half / 1024.0,
                                k.ep_overlap_residual, k.tp_exposed_plain, k.u_memory, k.memory_safe);
      }
    }
  g_test_message ("cross-validated, %s left out in turn (%u grid points):%s\n  pooled over the %u held-out rows: "
                  "all three within 2x %.0f%%, published in the top 5 %.0f%%, published fits %.0f%% (the memory "
                  "estimate has no constant fitted here)",
                  title, n_points, text->str, rows->len, 100.0 * held_all3 / rows->len, 100.0 * held_top5 / rows->len,
                  100.0 * held_fits / rows->len);
}

static void
print_score (const char  *title,
             const Score *s,
             gboolean     with_fits)
{
  g_autofree char *fits = with_fits ? g_strdup_printf ("; published fits by the estimate %.0f%%",
                                                      100.0 * s->fits / s->rows) : g_strdup ("");

  g_test_message ("%s: %u rows; TP within 2x %.0f%%, PP %.0f%%, CP %.0f%%, all three %.0f%%; exact TP/PP/CP/EP %.0f%%; "
                  "published in the top 5 %.0f%%%s; VPP on/off agrees %u of %u",
                  title, s->rows, 100.0 * s->tp / s->rows, 100.0 * s->pp / s->rows, 100.0 * s->cp / s->rows,
                  100.0 * s->all3 / s->rows, 100.0 * s->exact / s->rows, 100.0 * s->top5 / s->rows,
                  fits, s->vpp_agree, s->vpp_rows);
}

static void
test_published_layouts (void)
{
  g_autoptr(GArray) rows = load_rows ();
  g_autoptr(GString) misses = g_string_new (NULL);
  g_autoptr(GString) misses_micro = g_string_new (NULL);
  Score score, micro;

  g_assert_cmpuint (rows->len, >=, 60);
  score_rows (rows, FALSE, &score, misses);
  g_test_message ("rows off target (batch and precision fixed):\n%s", misses->str);
  print_score ("batch and precision fixed", &score, TRUE);

  score_rows (rows, TRUE, &micro, misses_micro);
  print_score ("batch, precision and the published micro-batch fixed", &micro, FALSE);

  /* Per family and per source, and the cross-validation. */
  {
    g_autofree gboolean *fits = g_new0 (gboolean, rows->len);
    g_autofree RowOutcome *shipped = g_new0 (RowOutcome, rows->len);

    for (guint i = 0; i < rows->len; i++)
      {
        const Row *row = &g_array_index (rows, Row, i);
        g_autoptr(PlannerArgs) custom = NULL;
        g_autoptr(PlannerRecommendation) r = NULL;
        PlannerRecommendRequest request;
        double peak, capacity;

        rank_row (row, NULL, &shipped[i]);
        fill_request (row, &request, &custom);
        r = planner_recommend (&request, NULL);
        fits[i] = r != NULL && published_fits (row, r, &peak, &capacity);
      }
    print_groups (rows, fits, shipped, "per model family", row_family);
    print_groups (rows, fits, shipped, "per source", row_source);

    if (g_getenv ("PLANNER_TEST_CROSS_VALIDATE") != NULL)
      {
        guint n_points = grid_size ();
        RowOutcome **grid = g_new0 (RowOutcome *, n_points);

        for (guint g = 0; g < n_points; g++)
          {
            PlannerStepConstants k;

            grid_constants (g, &k);
            grid[g] = g_new0 (RowOutcome, rows->len);
            for (guint i = 0; i < rows->len; i++)
              rank_row (&g_array_index (rows, Row, i), &k, &grid[g][i]);
          }
        cross_validate (rows, fits, grid, "each model family", row_family);
        cross_validate (rows, fits, grid, "each source", row_source);
        for (guint g = 0; g < n_points; g++)
          g_free (grid[g]);
        g_free (grid);
      }
    else
      g_test_message ("cross-validation: set PLANNER_TEST_CROSS_VALIDATE=1 to run it");
  }

  g_assert_cmpfloat ((double) score.all3 / score.rows, >=, TARGET_WITHIN_2X);
  g_assert_cmpfloat ((double) score.top5 / score.rows, >=, TARGET_TOP5);
  g_assert_cmpfloat ((double) score.fits / score.rows, >=, TARGET_FITS);
}

/* ---- One estimate ----
 *
 * Issue 22 §2: the bytes per stage the search ranked a layout with are
 * the bytes the analysis of that layout gives, wherever it is analysed:
 * the job Use Recommended makes (planner_recommendation_to_job, then
 * planner_analyze_job, as the window and `draw memory` do), the
 * candidate's own arguments (planner_analyze_args, as `analyze` reads a
 * script), and the shell block `recommend` prints, read back as a script
 * with the catalogue model filled in (`analyze --model`).  Every layout
 * recommend returns for the calibration rows (the best and the
 * alternatives) is checked. */

/* The row as the job a person would make in the window. */
static PlannerJob *
row_job (const Row *row)
{
  const PlannerGpu *gpu = planner_gpu_lookup (row->gpu);
  guint gpn = gpu->nvlink_domain_size > 8 ? 4 : 8;
  PlannerJob *job = planner_job_new ();

  if (row->gpus < gpn)
    gpn = (guint) row->gpus;
  g_assert_cmpuint (row->gpus % gpn, ==, 0);
  g_object_set (job, "gpu-id", row->gpu, "nodes", (guint) (row->gpus / gpn), "gpus-per-node", gpn,
                "seq-length", row->seq, "global-batch-size", (guint) row->gbs, "mock-data", TRUE,
                "precision", g_str_equal (row->precision, "bf16") ? "bf16" : "fp8", NULL);
  if (!g_str_equal (row->precision, "bf16"))
    g_object_set (job, "fp8-recipe", g_str_equal (row->precision, "mxfp8")       ? "mxfp8"
                                     : g_str_equal (row->precision, "fp8-block") ? "blockwise"
                                                                                 : "tensorwise", NULL);
  if (g_str_has_prefix (row->model, "gpt:"))
    {
      g_auto(GStrv) parts = g_strsplit (row->model, ":", -1);
      guint hidden = (guint) g_ascii_strtoull (parts[2], NULL, 10);

      /* GPT-3's architecture, resized (as custom_model_args). */
      g_object_set (job, "num-layers", (guint) g_ascii_strtoull (parts[1], NULL, 10), "hidden-size", hidden,
                    "num-attention-heads", (guint) g_ascii_strtoull (parts[3], NULL, 10),
                    "ffn-hidden-size", 4 * hidden, "vocab-size", 50257u, "max-position-embeddings", row->seq,
                    "position-embedding-type", "learned_absolute", "normalization", "LayerNorm",
                    "activation", "gelu", "untie-embeddings-and-output-weights", FALSE,
                    "add-bias-linear", TRUE, NULL);
    }
  else
    g_object_set (job, "model-id", row->model, NULL);
  return job;
}

/* Largest |analysis − search| over the stages the search reported, in bytes. */
static double
stage_difference (const PlannerRecommendCandidate *c,
                  const PlannerReport             *report,
                  GString                         *why)
{
  const PlannerMemoryEstimate *e = planner_report_get_memory_estimate (report);
  double worst = 0.0;

  if (e == NULL || e->n_stages != c->n_stages)
    {
      g_string_append_printf (why, " (%u stages analysed, %u searched)", e != NULL ? e->n_stages : 0, c->n_stages);
      return INFINITY;
    }
  for (guint i = 0; i < c->n_stages; i++)
    {
      double d = e->stages[i].total_bytes - c->stage_bytes[i];

      g_assert_cmpuint (e->stages[i].stage, ==, c->stage_rank[i]);
      if (fabs (d) > fabs (worst))
        worst = d;
    }
  return worst;
}

typedef struct
{
  guint  layouts[3];
  guint  differ[3];      /* job, arguments, shell block */
  double worst[3];
  double sum[3];
} Agreement;

static void
add_difference (Agreement  *a,
                guint       path,
                double      d,
                const char *what,
                GString    *lines)
{
  /* The same configuration gives the same double; allow for the last
   * bits of a different order of the same sums. */
  a->layouts[path]++;
  if (fabs (d) > 1.0)
    {
      a->differ[path]++;
      g_string_append_printf (lines, "  %s: %+.3f GiB\n", what, d / PLANNER_GIB);
    }
  if (fabs (d) > fabs (a->worst[path]))
    a->worst[path] = d;
  a->sum[path] += isfinite (d) ? fabs (d) : 0.0;
}

static void
test_one_estimate (void)
{
  g_autoptr(GArray) rows = load_rows ();
  g_autoptr(GString) lines = g_string_new (NULL);
  Agreement a = { 0 };
  static const char *const paths[] = { "job (to_job, analyze_job)", "arguments (analyze_args)",
                                       "shell block (analyze --model)" };

  for (guint i = 0; i < rows->len; i++)
    {
      const Row *row = &g_array_index (rows, Row, i);
      g_autoptr(PlannerJob) job = row_job (row);
      g_autoptr(PlannerArgs) model_args = NULL;
      g_autoptr(PlannerRecommendation) r = NULL;
      g_autoptr(GError) error = NULL;
      PlannerRecommendRequest request = { 0 };

      g_assert_true (planner_recommend_request_from_job (job, &request, &model_args, &error));
      g_assert_no_error (error);
      request.max_alternatives = 4;
      r = planner_recommend (&request, &error);
      g_assert_no_error (error);
      if (!r->fits)
        continue;
      for (gint k = -1; k < (gint) r->alternatives->len; k++)
        {
          const PlannerRecommendCandidate *c = k < 0 ? &r->best
                                                     : &g_array_index (r->alternatives, PlannerRecommendCandidate, k);
          g_autoptr(PlannerJob) after = planner_recommendation_to_job (r, c, job);
          g_autoptr(PlannerReport) from_job = planner_analyze_job (after);
          g_autoptr(PlannerArgs) args = planner_recommendation_candidate_args (r, c);
          g_autoptr(PlannerReport) from_args = NULL;
          g_autofree char *what = g_strdup_printf ("line %u %s on %" G_GUINT64_FORMAT " %s, TP %u PP %u VPP %u CP %u "
                                                   "EP %u micro %u", row->line, row->model, row->gpus, row->gpu,
                                                   c->layout.tp, c->layout.pp, c->layout.vpp, c->layout.cp,
                                                   c->layout.ep, c->micro_batch_size);
          g_autofree char *job_what = g_strconcat (what, ", job", NULL);
          g_autofree char *args_what = g_strconcat (what, ", arguments", NULL);
          PlannerAnalyzeOptions options = { 0 };
          g_autoptr(GString) why = g_string_new (NULL);

          add_difference (&a, 0, stage_difference (c, from_job, why), job_what, lines);
          options.world_size = r->num_gpus;
          options.vocab_size = r->vocab_size;
          options.gpu_id = row->gpu;
          from_args = planner_analyze_args (args, NULL, &options, &error);
          g_assert_no_error (error);
          add_difference (&a, 1, stage_difference (c, from_args, why), args_what, lines);

          /* The best's shell block, as a person pastes it after the
           * model's own flags and the sequence length. */
          if (k < 0 && !g_str_has_prefix (row->model, "gpt:"))
            {
              g_autofree char *script = g_strdup_printf ("%s\npython pretrain_gpt.py \"${PARALLEL_ARGS[@]}\" "
                                                         "--seq-length %u --max-position-embeddings %u\n",
                                                         r->shell, row->seq,
                                                         MAX (row->seq, planner_model_lookup (row->model)
                                                                          ->max_position_embeddings));
              g_autoptr(PlannerImport) import = planner_import_script (script, strlen (script), &error);
              g_autoptr(PlannerReport) from_shell = NULL;
              g_autofree char *shell_what = g_strconcat (what, ", shell block", NULL);

              g_assert_no_error (error);
              options.model_id = row->model;
              from_shell = planner_analyze_import (import, &options, &error);
              g_assert_no_error (error);
              add_difference (&a, 2, stage_difference (c, from_shell, why), shell_what, lines);
            }
          if (why->len > 0)
            g_test_message ("%s:%s", what, why->str);
        }
    }
  g_test_message ("layouts whose analysis differs from the search by more than a byte:\n%s", lines->str);
  for (guint p = 0; p < G_N_ELEMENTS (paths); p++)
    g_test_message ("%s: %u of %u layouts differ; largest difference %+.3f GiB (%.0f bytes), mean |difference| %.3f GiB",
                    paths[p], a.differ[p], a.layouts[p], a.worst[p] / PLANNER_GIB, a.worst[p],
                    a.sum[p] / MAX (a.layouts[p], 1) / PLANNER_GIB);
  g_assert_cmpuint (a.layouts[0], >=, 300);
  g_assert_cmpuint (a.layouts[2], >=, 60);
  for (guint p = 0; p < G_N_ELEMENTS (paths); p++)
    g_assert_cmpuint (a.differ[p], ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/calibration/published-layouts", test_published_layouts);
  g_test_add_func ("/calibration/one-estimate", test_one_estimate);

  return g_test_run ();
}
