/* planner-recommend-run.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The entry point of the recommendation: the request resolved into a
 * model's Megatron arguments (planner-recommend.c), the search
 * (planner-recommend-search.c) ranked by the step model
 * (planner-recommend-step.c), Megatron's own checks on the front-runners,
 * the rules of thumb, and last the words made from the answer
 * (planner-recommend-text.c).  The units below never call this one. */

#define G_LOG_DOMAIN "planner-recommend"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "planner-flops.h"
#include "planner-recommend-private.h"
#include "planner-draft-env.h"
#include "planner-validate.h"

#define GIB PLANNER_GIB
/* Front-runners put through Megatron's full checks. */
#define N_VALIDATE        24

typedef PlannerRecommendSearch Search;

/* Megatron's checks on the full arguments.  Paths and tokenizer files
 * are the user's to give (never invented here), so "data." and
 * "tokenizer." findings are left to the script step; every other error
 * rejects the candidate.  The memory of the real configuration must
 * agree with the fast path's verdict. */
static gboolean
validate_candidate (const PlannerRecommendation     *r,
                    const PlannerRecommendCandidate *c,
                    GPtrArray                       *keep)
{
  g_autoptr(PlannerArgs) args = planner_recommendation_candidate_args (r, c);
  g_autoptr(GPtrArray) diagnostics = planner_diagnostics_new ();
  g_autoptr(GHashTable) env = NULL;
  PlannerValidateContext context = { 0 };
  PlannerLayout layout;
  PlannerConfig config;
  PlannerMemoryEstimate mem;
  gboolean ok = TRUE;

  if (!planner_validate_resolve_layout (args, r->num_gpus, &layout, diagnostics))
    return FALSE;
  if (!planner_config_init_from_args (&config, args, &layout, r->vocab_size, NULL))
    return FALSE;
  config.megatron_version = r->megatron_version;
  context.world_size = r->num_gpus;
  context.vocab_size = r->vocab_size;
  context.compute_capability_major = r->gpu->compute_capability_major;
  /* The recommendation's shell block and every draft made from it export
   * what Megatron needs (CUDA_DEVICE_MAX_CONNECTIONS): check with that
   * environment, so the planner never warns about its own draft. */
  env = planner_draft_env (args, r->gpu, r->megatron_version);
  context.env = env;
  planner_validate (args, &context, &layout, &config, diagnostics);
  planner_memory_estimate (&config, r->gpu, &mem);
  planner_config_clear (&config);
  if (!mem.fits)
    return FALSE;

  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (g_str_has_prefix (d->code, "data.") || g_str_has_prefix (d->code, "tokenizer."))
        continue;
      if (d->severity == PLANNER_SEVERITY_ERROR)
        {
          g_debug ("candidate rejected: %s: %s", d->code, d->message);
          ok = FALSE;
        }
      else if (keep != NULL && d->severity == PLANNER_SEVERITY_WARNING)
        g_ptr_array_add (keep, planner_diagnostic_copy (d));
    }
  return ok;
}

/* ---- The rules of thumb ----
 * "Over 70B" means over 72B: the 70B class (69.0B, 70.6B) is the table's 70B. */

typedef struct
{
  double  params_b;
  guint64 gpus;
  guint32 tp, pp, cp;
} TableRow;

static const TableRow reference_table[] = {
  { 7, 8, 1, 1, 1 },
  { 13, 8, 2, 1, 1 },
  { 70, 64, 4, 4, 1 },
  { 405, 128, 8, 8, 2 },
};

static guint32
largest_divisor_at_most (guint64 n,
                         guint32 cap,
                         gboolean (*ok) (const PlannerConfig *, guint32),
                         const PlannerConfig *b)
{
  for (guint32 v = MAX (cap, 1); v > 1; v--)
    {
      if (n % v == 0 && (ok == NULL || ok (b, v)))
        return v;
    }
  return 1;
}

static gboolean
pp_ok (const PlannerConfig *b,
       guint32              pp)
{
  PlannerRecommendCandidate c = { 0 };

  return planner_recommend_choose_split (b->num_layers, b->mtp_num_layers, pp, 1, &c);
}

static void
apply_rules (PlannerRecommendation *r,
             Search                *s)
{
  double billions = r->total_params / 1e9;
  const PlannerConfig *b = &s->base;
  guint32 tp = 1, pp = 1, cp = 1, ep = 1;
  PlannerRecommendCandidate proto = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (reference_table); i++)
    {
      const TableRow *row = &reference_table[i];

      if (r->num_experts == 0 && r->num_gpus == row->gpus && billions >= row->params_b * 0.9 &&
          billions <= row->params_b * 1.1)
        {
          tp = row->tp;
          pp = row->pp;
          cp = row->cp;
          r->rule_from_table = TRUE;
          g_ptr_array_add (r->rules, g_strdup_printf (
            _("Reference table: %.0fB on %" PRIu64 " GPUs → TP %u, PP %u%s, DP %" PRIu64 " (applies: "
              "this is a %.1fB model).%s"), row->params_b, row->gpus, tp, pp, cp > 1 ? ", CP 2" : "",
            row->gpus / ((guint64) tp * pp * cp), billions,
            cp > 1 ? _(" The version of this row often quoted with DP 2 multiplies to 256 GPUs, not 128.") : ""));
          break;
        }
    }
  if (!r->rule_from_table)
    {
      guint32 want_tp = billions < 10 ? 1 : billions < 30 ? 2 : billions < 150 ? 4 : 8;
      guint32 want_pp = billions <= 72 ? 1 : billions <= 200 ? 4 : billions <= 500 ? 8 : 16;

      cp = r->seq_length > 8192 ? MIN (r->seq_length / 8192, 16) : 1;
      while (cp > 1 && r->num_gpus % cp != 0)
        cp /= 2;
      tp = largest_divisor_at_most (r->num_gpus / cp, MIN (want_tp, s->domain), planner_recommend_heads_allow_tp, b);
      pp = largest_divisor_at_most (r->num_gpus / ((guint64) cp * tp), want_pp, pp_ok, b);
      g_ptr_array_add (r->rules, g_strdup (_("Reference table: no row for this model size and GPU count.")));
    }
  g_ptr_array_add (r->rules, g_strdup_printf (billions > 72
                                              ? _("Pipeline parallelism for models over 70B: applies (%.1fB).")
                                              : _("Pipeline parallelism for models over 70B: does not apply (70B-class "
                                                  "models count as 70B) (%.1fB)."), billions));
  g_ptr_array_add (r->rules, g_strdup_printf (r->seq_length > 8192
                                              ? _("Context parallelism for sequences over 8K: applies (%u tokens).")
                                              : _("Context parallelism for sequences over 8K: does not apply (%u tokens)."),
                                              r->seq_length));
  g_ptr_array_add (r->rules, g_strdup_printf (r->fits && r->best.tp_in_nvlink
                                              ? _("TP no larger than the NVLink domain (%u GPUs): kept.")
                                              : r->fits
                                              ? _("TP no larger than the NVLink domain (%u GPUs): broken: nothing fits "
                                                  "otherwise.")
                                              : _("TP no larger than the NVLink domain (%u GPUs): kept where possible."),
                                              r->nvlink_domain));
  g_ptr_array_add (r->rules, g_strdup (_("Data parallelism fills the rest: DP = N / (TP × CP × PP).")));
  if (r->num_experts > 0)
    {
      guint64 room = r->num_gpus / pp;

      for (guint32 v = MIN (r->num_experts, s->domain); v >= 1; v--)
        {
          if (r->num_experts % v == 0 && room % v == 0)
            {
              ep = v;
              break;
            }
        }
      g_ptr_array_add (r->rules, g_strdup_printf (_("Expert parallelism from the expert count and the GPUs: EP %u "
                                                    "(divides %u experts, keeps the all-to-all inside %u GPUs)."),
                                                  ep, r->num_experts, s->domain));
    }

  proto.layout.tp = tp;
  proto.layout.pp = pp;
  proto.layout.cp = cp;
  proto.layout.vpp = 1;
  r->rule_valid = planner_recommend_choose_split (b->num_layers, b->mtp_num_layers, pp, 1, &proto) && planner_recommend_heads_allow_tp (b, tp) &&
                  (cp == 1 || b->seq_length % (2 * cp) == 0) &&
                  planner_layout_init (&proto.layout, r->num_gpus, tp, pp, cp, ep, r->num_experts > 0 ? 1 : 0, 1,
                                       PLANNER_RANK_ORDER_TP_CP_EP_DP_PP, NULL);
  if (!r->rule_valid)
    {
      r->rule_comparison = g_strdup_printf (_("The rule-of-thumb layout TP %u, PP %u, CP %u is not valid for this model "
                                              "and GPU count."), tp, pp, cp);
      return;
    }
  if (!planner_recommend_evaluate_layout (s, &proto, &r->rule))
    {
      r->rule = proto;
      r->rule.fits = FALSE;
      r->rule_comparison = g_strdup_printf (r->fits
                                            ? _("The rule-of-thumb layout TP %u, PP %u, CP %u, DP %u does not fit in "
                                                "%s memory by the estimate, with any micro-batch or recompute; the "
                                                "search found one that does.")
                                            : _("The rule-of-thumb layout TP %u, PP %u, CP %u, DP %u does not fit in "
                                                "%s memory by the estimate, with any micro-batch or recompute."),
                                            tp, pp, cp, proto.layout.dp, s->gpu->name);
      return;
    }
  if (!r->fits)
    return;
  if (r->rule.layout.tp == r->best.layout.tp && r->rule.layout.pp == r->best.layout.pp &&
      r->rule.layout.cp == r->best.layout.cp && r->rule.layout.ep == r->best.layout.ep &&
      r->rule.layout.vpp == r->best.layout.vpp)
    r->rule_comparison = g_strdup (_("The search agrees with the rule of thumb."));
  else
    {
      g_autofree char *trade = planner_recommend_describe_trade (&r->rule, &r->best);
      g_autofree char *ep_text = r->num_experts > 0 ? g_strdup_printf (", EP %u", r->rule.layout.ep) : g_strdup ("");

      double faster = (r->rule.seconds_per_sequence / r->best.seconds_per_sequence - 1.0) * 100.0;

      if (faster >= 0.5)
        r->rule_comparison = g_strdup_printf (_("The search beats the rule-of-thumb layout (TP %u, PP %u, CP %u, DP %u%s): "
                                                "the chosen layout is about %.0f%% faster by the model; the rule's layout "
                                                "is %s."), r->rule.layout.tp, r->rule.layout.pp, r->rule.layout.cp,
                                              r->rule.layout.dp, ep_text, faster, trade);
      else
        r->rule_comparison = g_strdup_printf (_("The search ranks its layout above the rule-of-thumb layout (TP %u, PP %u, "
                                                "CP %u, DP %u%s), which the model finds about as fast: the rule's step "
                                                "rests more on what the model cannot resolve (or on less memory "
                                                "headroom); it is %s."), r->rule.layout.tp, r->rule.layout.pp,
                                              r->rule.layout.cp, r->rule.layout.dp, ep_text, trade);
    }
}

/* ---- Nothing fits ---- */

static gboolean
fits_anywhere (const PlannerRecommendRequest *req,
               const PlannerGpu              *gpu,
               const PlannerArgs             *args,
               guint64                        vocab,
               guint64                        n)
{
  Search s;
  gboolean found;

  if (!planner_recommend_search_init (&s, req, gpu, args, vocab, n, NULL))
    return FALSE;
  s.first_fit = TRUE;
  planner_recommend_search_run (&s);
  found = s.found;
  planner_recommend_search_clear (&s);
  return found;
}

static void
explain_nothing_fits (PlannerRecommendation         *r,
                      const PlannerRecommendRequest *req,
                      const Search                  *s)
{
  GString *out = g_string_new (NULL);
  guint n_gpus = 0;
  const PlannerGpu *const *gpus = planner_gpu_list (&n_gpus);
  guint64 step = MAX (r->gpus_per_node, 1);

  g_string_append_printf (out, _("Nothing fits: no valid layout of %s on %" PRIu64 " × %s fits in %.1f GiB per "
                                 "GPU by the memory estimate, even with the lightest recompute and micro-batch you allow, the "
                                 "distributed optimizer and TP (inside the NVLink domain), PP, CP%s as large as the "
                                 "model allows."),
                          r->model_name, r->num_gpus, s->gpu->name, (double) s->gpu->memory_bytes / GIB,
                          r->num_experts > 0 ? ", EP" : "");
  if (r->user_global_batch)
    g_string_append_printf (out, _(" (Your global batch %" PRIu64 " also has to divide by micro × DP.)"),
                            req->global_batch_size);

  /* Whole nodes, doubling: the smallest power-of-two count of nodes that fits. */
  for (guint64 n = step; n <= PLANNER_MAX_WORLD_SIZE; n *= 2)
    {
      if (n <= r->num_gpus)
        continue;
      if (fits_anywhere (req, s->gpu, r->model_args, r->vocab_size, n))
        {
          r->gpus_needed = n;
          break;
        }
    }
  if (r->gpus_needed > 0)
    g_string_append_printf (out, _(" With %" PRIu64 " GPUs (%" PRIu64 " nodes of %u) a layout fits: "
                                   "run recommend with --gpus %" PRIu64 "."),
                            r->gpus_needed, r->gpus_needed / step, r->gpus_per_node, r->gpus_needed);
  else
    g_string_append (out, _(" No GPU count up to the planner's limit makes it fit."));

  for (guint i = 0; i < n_gpus; i++)
    {
      if (gpus[i]->memory_bytes <= s->gpu->memory_bytes || gpus[i] == s->gpu)
        continue;
      if (fits_anywhere (req, gpus[i], r->model_args, r->vocab_size, r->num_gpus))
        g_string_append_printf (out, _(" On %" PRIu64 " × %s (%.0f GiB) it fits."), r->num_gpus, gpus[i]->name,
                                (double) gpus[i]->memory_bytes / GIB);
    }
  if (r->user_global_batch && fits_anywhere (&(PlannerRecommendRequest) { .gpus_per_node = req->gpus_per_node },
                                             s->gpu, r->model_args, r->vocab_size, r->num_gpus))
    g_string_append (out, _(" Without your global batch size it fits: let the planner choose it."));
  r->nothing_fits = g_string_free (out, FALSE);
}

/* Megatron's own checks on the front-runners: the first that passes is
 * the answer; the next distinct layouts (TP, PP, CP, EP) that pass are
 * the alternatives. */
static void
pick_answers (PlannerRecommendation        *r,
              const PlannerRecommendSearch *s,
              guint                         max_alt)
{
  guint validated = 0;

  for (guint i = 0; i < s->results->len && validated < N_VALIDATE; i++)
    {
      PlannerRecommendCandidate *c = &g_array_index (s->results, PlannerRecommendCandidate, i);
      gboolean seen = r->fits && planner_recommend_same_tuple (c, &r->best);

      g_autoptr(GPtrArray) warnings = planner_diagnostics_new ();

      for (guint j = 0; j < r->alternatives->len && !seen; j++)
        seen = planner_recommend_same_tuple (c, &g_array_index (r->alternatives, PlannerRecommendCandidate, j));
      if (seen)
        continue;
      validated++;
      if (!validate_candidate (r, c, warnings))
        continue;
      if (!r->fits)
        {
          g_ptr_array_extend_and_steal (r->diagnostics, g_steal_pointer (&warnings));
          r->best = *c;
          r->best.speedup = 1.0;
          r->fits = TRUE;
          continue;
        }
      if (r->alternatives->len >= max_alt)
        break;
      c->speedup = r->best.seconds_per_sequence / c->seconds_per_sequence;
      c->tie = c->seconds_per_sequence - r->best.seconds_per_sequence <
               0.5 * MAX (c->time.uncertainty / (double) c->global_batch_size,
                          r->best.time.uncertainty / (double) r->best.global_batch_size);
      c->trade = planner_recommend_describe_trade (c, &r->best);
      g_array_append_val (r->alternatives, *c);
    }
}

PlannerRecommendation *
planner_recommend (const PlannerRecommendRequest *req,
                   GError                       **error)
{
  return planner_recommend_with_constants (req, NULL, error);
}

PlannerRecommendation *
planner_recommend_with_constants (const PlannerRecommendRequest *req,
                                  const PlannerStepConstants    *constants,
                                  GError                       **error)
{
  g_autoptr(PlannerRecommendation) r = NULL;
  PlannerRecommendRequest resolved;
  Search s;

  g_return_val_if_fail (req != NULL, NULL);

  r = planner_recommend_prepare (req, FALSE, &s, &resolved, error);
  if (r == NULL)
    return NULL;
  if (constants != NULL)
    {
      s.k = constants;
      planner_recommend_step_init (&s);
    }

  planner_recommend_search_run (&s);
  r->n_evaluated = s.evaluated;
  r->n_layouts = s.results->len;
  pick_answers (r, &s, req->max_alternatives > 0 ? req->max_alternatives : 4);

  if (r->fits)
    {
      planner_recommend_explain (r, &s, s.results);
      planner_recommend_build_shell (r);
      if (r->num_experts > 0)
        planner_recommend_explain_moe (r, &s);
      planner_recommend_explain_mfu (r, &s);
      r->product_check = g_strdup_printf (_("TP %u × CP %u × DP %u × PP %u = %" PRIu64 " GPUs"),
                                          r->best.layout.tp, r->best.layout.cp, r->best.layout.dp,
                                          r->best.layout.pp, r->num_gpus);
    }
  else
    explain_nothing_fits (r, &resolved, &s);
  apply_rules (r, &s);
  r->n_evaluated = s.evaluated;
  planner_recommend_search_clear (&s);
  return g_steal_pointer (&r);
}
