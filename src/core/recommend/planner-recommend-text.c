/* planner-recommend-text.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The words of a recommendation: a reason per degree, what each
 * alternative trades, the shell block, and the text form (the JSON form
 * is planner-recommend-json.c).
 * Every figure here is relative: never a time, a duration or a cost. */

#define G_LOG_DOMAIN "planner-recommend"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include <math.h>
#include <string.h>

#include "planner-recommend-private.h"
#include "planner-release.h"

#define GIB PLANNER_GIB
/* A well-tuned run spends about this fraction of its step in useful
 * compute; the published MFU ranges are for such runs. */
#define TUNED_COMPUTE_FRACTION 0.85

/* ---- Words ---- */

/* The names are JSON member names too: N_() keeps them English there, and
 * the text translates them where it shows them. */
const PlannerRecommendComponent planner_recommend_components[PLANNER_RECOMMEND_N_COMPONENTS] = {
  { N_("compute"), "compute", G_STRUCT_OFFSET (PlannerStepTime, compute) },
  { N_("recompute"), "recompute", G_STRUCT_OFFSET (PlannerStepTime, recompute) },
  { N_("TP communication"), "tp_comm", G_STRUCT_OFFSET (PlannerStepTime, tp_comm) },
  { N_("CP ring exchange"), "cp_comm", G_STRUCT_OFFSET (PlannerStepTime, cp_comm) },
  { N_("EP all-to-all"), "ep_comm", G_STRUCT_OFFSET (PlannerStepTime, ep_comm) },
  { N_("pipeline sends"), "pp_comm", G_STRUCT_OFFSET (PlannerStepTime, pp_comm) },
  { N_("pipeline bubble"), "bubble", G_STRUCT_OFFSET (PlannerStepTime, bubble) },
  { N_("data-parallel gradient reduction"), "dp_comm", G_STRUCT_OFFSET (PlannerStepTime, dp_comm) },
};

double
planner_recommend_component_per_sequence (const PlannerRecommendCandidate *c,
                                          guint                            i)
{
  return G_STRUCT_MEMBER (double, &c->time, planner_recommend_components[i].offset) / (double) c->global_batch_size;
}

/* "9% slower: more pipeline bubble (+7% of the best's step), less TP communication (−3%)" */
char *
planner_recommend_describe_trade (const PlannerRecommendCandidate *c,
                const PlannerRecommendCandidate *best)
{
  GString *out = g_string_new (NULL);
  double ref = best->seconds_per_sequence;
  double slower = (c->seconds_per_sequence / ref - 1.0) * 100.0;
  guint n = 0;

  if (slower < 0.5)
    g_string_append (out, _("about as fast by the model"));
  else if (slower < 100.0)
    g_string_append_printf (out, _("about %.0f%% slower"), slower);
  else
    g_string_append_printf (out, _("about %.1f times as slow"), 1.0 + slower / 100.0);
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < G_N_ELEMENTS (planner_recommend_components); i++)
      {
        double delta = (planner_recommend_component_per_sequence (c, i) -
                        planner_recommend_component_per_sequence (best, i)) / ref * 100.0;

        if ((pass == 0 && delta < 1.0) || (pass == 1 && delta > -1.0) || n >= 3)
          continue;
        g_string_append (out, n == 0 ? ": " : ", ");
        /* Translators: “more TP communication (+5%)”; %s is a part of the step (compute, pipeline bubble…) */
        g_string_append_printf (out, delta > 0 ? _("more %s (%+.0f%%)") : _("less %s (%+.0f%%)"),
                                _(planner_recommend_components[i].name), delta);
        n++;
      }
  {
    g_autofree char *mine = g_strdup_printf ("%.1f", c->peak_bytes / GIB);
    g_autofree char *theirs = g_strdup_printf ("%.1f", best->peak_bytes / GIB);

    /* Equal once rounded: "57.3 instead of 57.3" would read as a slip. */
    if (g_strcmp0 (mine, theirs) == 0)
      g_string_append_printf (out, _("; the same %.1f GiB per GPU"), c->peak_bytes / GIB);
    else
      g_string_append_printf (out, _("; %.1f GiB per GPU instead of %.1f GiB"), c->peak_bytes / GIB,
                              best->peak_bytes / GIB);
  }
  return g_string_free (out, FALSE);
}

static void
add_reason (PlannerRecommendation *r,
            const char            *degree,
            guint64                value,
            char                  *reason)
{
  PlannerRecommendReason *reason_entry = g_new0 (PlannerRecommendReason, 1);

  static const struct { const char *degree, *field; } fields[] = {
    { "TP", "parallelism.tp" }, { "PP", "parallelism.pp" }, { "VPP", "parallelism.vpp" },
    { "CP", "parallelism.cp" }, { "EP", "parallelism.ep" }, { "ETP", "parallelism.etp" },
    { "MICRO_BATCH", "training.micro_batch_size" }, { "GLOBAL_BATCH", "training.global_batch_size" },
    { "PRECISION", "training.precision" },
  };

  reason_entry->degree = degree;
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (g_str_equal (fields[i].degree, degree))
      reason_entry->field = fields[i].field;
  reason_entry->value = value;
  /* A reason without a comparison ends in ". ": trim it. */
  reason_entry->reason = g_strchomp (reason);
  g_ptr_array_add (r->reasons, reason_entry);
}

static guint32
layout_degree (const PlannerRecommendCandidate *c,
               const char                      *degree)
{
  if (g_str_equal (degree, "TP"))
    return c->layout.tp;
  if (g_str_equal (degree, "PP"))
    return c->layout.pp;
  if (g_str_equal (degree, "VPP"))
    return c->layout.vpp;
  if (g_str_equal (degree, "CP"))
    return c->layout.cp;
  if (g_str_equal (degree, "EP"))
    return c->layout.ep;
  return c->layout.etp;
}

/* How the best differs from the best layout with another value of
 * @degree: the evidence for the choice. */
static char *
compare_degree (const GArray                    *all,
                const PlannerRecommendCandidate *best,
                const char                      *degree)
{
  guint32 mine = layout_degree (best, degree);
  const PlannerRecommendCandidate *lower = NULL, *higher = NULL;
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < all->len; i++)
    {
      const PlannerRecommendCandidate *c = &g_array_index (all, PlannerRecommendCandidate, i);
      guint32 v = layout_degree (c, degree);

      if (v < mine && lower == NULL)
        lower = c;
      if (v > mine && higher == NULL)
        higher = c;
    }
  if (lower == NULL && mine > 1)
    /* Translators: %s is a degree: TP, PP, VPP, CP, EP or ETP */
    g_string_append_printf (out, _("No layout with a smaller %s fits in memory."), degree);
  else if (lower != NULL)
    {
      g_autofree char *trade = planner_recommend_describe_trade (lower, best);

      /* Translators: “The best with TP 4 is about 9% slower: more pipeline bubble (+7%); 40.1 GiB per GPU instead of 50.7 GiB.” */
      g_string_append_printf (out, _("The best with %s %u is %s."), degree, layout_degree (lower, degree), trade);
    }
  if (higher != NULL)
    {
      g_autofree char *trade = planner_recommend_describe_trade (higher, best);

      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append_printf (out, _("The best with %s %u is %s."), degree, layout_degree (higher, degree), trade);
    }
  return g_string_free (out, FALSE);
}

void
planner_recommend_explain (PlannerRecommendation        *r,
                           const PlannerRecommendSearch *s,
                           const GArray                 *all)
{
  const PlannerRecommendCandidate *b = &r->best;
  const PlannerLayout *l = &b->layout;
  g_autofree char *tp_cmp = compare_degree (all, b, "TP");
  g_autofree char *pp_cmp = compare_degree (all, b, "PP");
  g_autofree char *cp_cmp = compare_degree (all, b, "CP");
  g_autofree char *vpp_cmp = compare_degree (all, b, "VPP");
  guint32 per_stage = planner_recommend_max_stage_layers (b, r->num_layers);

  if (l->tp == 1)
    add_reason (r, "TP", 1, g_strdup_printf (_("no tensor parallelism: each layer fits on one GPU and needs no per-layer "
                                               "all-gather/reduce-scatter. %s"), tp_cmp));
  else
    add_reason (r, "TP", l->tp,
                g_strdup_printf (b->tp_comm_overlap
                                 ? _("each layer split %u ways inside one NVLink domain (%u GPUs), with sequence "
                                     "parallelism and --tp-comm-overlap (Transformer Engine userbuffers hide "
                                     "most of the all-gathers and reduce-scatters behind the GEMMs). %s")
                                 : _("each layer split %u ways inside one NVLink domain (%u GPUs), with sequence "
                                     "parallelism. %s"), l->tp, r->nvlink_domain, tp_cmp));
  if (l->pp == 1)
    add_reason (r, "PP", 1, g_strdup_printf (_("no pipeline: no bubble. %s"), pp_cmp));
  else
    add_reason (r, "PP", l->pp,
                /* Translators: the first %s is nothing or one of the parenthesised ways the layers are split */
                g_strdup_printf (_("%u stages of at most %u layers%s; bubble (p−1)/(v·m) = %u/(%u·%" PRIu64
                                   ") = %.1f%%. %s"),
                                 l->pp, per_stage,
                                 b->split == PLANNER_SPLIT_ACCOUNT_BOTH ? _(" (embedding and loss each counted as a layer)") :
                                 b->split == PLANNER_SPLIT_ACCOUNT_LOSS ? _(" (the loss counted as a layer)") :
                                 b->split == PLANNER_SPLIT_UNEVEN ? _(" (lighter first and last stages)") :
                                 b->split == PLANNER_SPLIT_LAYOUT ? _(" (a pipeline layout: lighter first and last "
                                                                      "virtual stages, the MTP layers and the loss in "
                                                                      "the last)") : "",
                                 l->pp - 1, l->vpp, b->num_microbatches,
                                 100.0 * (l->pp - 1) / ((double) l->vpp * (double) b->num_microbatches), pp_cmp));
  if (l->pp > 1)
    add_reason (r, "VPP", l->vpp,
                l->vpp > 1 ? g_strdup_printf (_("%u virtual stages per rank divide the bubble by %u at the cost of %u× the "
                                                "pipeline sends. %s"), l->vpp, l->vpp, l->vpp, vpp_cmp)
                           : g_strdup_printf (_("no interleaving. %s"), vpp_cmp));
  else
    add_reason (r, "VPP", 1, g_strdup (_("a virtual pipeline needs PP > 1")));
  if (l->cp == 1 && r->seq_length > 8192)
    /* The rule of thumb (CP over 8K) is broken here: say so, and why. */
    add_reason (r, "CP", 1,
                l->tp > 1 && b->sequence_parallel
                ? g_strdup_printf (_("the rule of thumb splits sequences over 8K tokens with CP, but here the %u-token "
                                     "sequence stays whole: TP %u with sequence parallelism already splits its "
                                     "activations %u ways, and the stage needs %.1f of %.1f GiB. %s"),
                                   r->seq_length, l->tp, l->tp, b->peak_bytes / GIB, b->capacity_bytes / GIB, cp_cmp)
                : g_strdup_printf (_("the rule of thumb splits sequences over 8K tokens with CP, but here the %u-token "
                                     "sequence stays whole: its activations fit (%.1f of %.1f GiB) and CP would add "
                                     "the ring exchange of K and V. %s"),
                                   r->seq_length, b->peak_bytes / GIB, b->capacity_bytes / GIB, cp_cmp));
  else if (l->cp == 1)
    add_reason (r, "CP", 1, g_strdup_printf (_("the %u-token sequence needs no splitting. %s"), r->seq_length, cp_cmp));
  else
    add_reason (r, "CP", l->cp,
                g_strdup_printf (_("each %u-token sequence split into %u chunks of %u tokens (ring exchange of K and V). %s"),
                                 r->seq_length, l->cp, r->seq_length / l->cp, cp_cmp));
  add_reason (r, "DP", l->dp,
              g_strdup_printf (b->distributed_optimizer && l->dp * l->cp > 1
                               ? g_dngettext (GETTEXT_PACKAGE,
                                              "what is left: %" PRIu64 " / (TP %u × CP %u × PP %u) = %u replica, "
                                              "optimizer state sharded over DP×CP",
                                              "what is left: %" PRIu64 " / (TP %u × CP %u × PP %u) = %u replicas, "
                                              "optimizer state sharded over DP×CP", l->dp)
                               : g_dngettext (GETTEXT_PACKAGE,
                                              "what is left: %" PRIu64 " / (TP %u × CP %u × PP %u) = %u replica",
                                              "what is left: %" PRIu64 " / (TP %u × CP %u × PP %u) = %u replicas", l->dp),
                               r->num_gpus, l->tp, l->cp, l->pp, l->dp));
  if (r->num_experts > 0)
    {
      g_autofree char *ep_cmp = compare_degree (all, b, "EP");
      g_autofree char *etp_cmp = compare_degree (all, b, "ETP");

      add_reason (r, "EP", l->ep,
                  /* Translators: the first %s says where the all-to-all runs (“inside the NVLink domain”), the
                   * next two are nothing or clauses about the dispatcher and the overlap, the last a comparison */
                  g_strdup_printf (_("%u of %u experts per GPU (EP divides the expert count; expert weights, gradients "
                                     "and optimizer state shrink by EP), all-to-all %s%s%s. %s"),
                                   r->num_experts / l->ep, r->num_experts,
                                   planner_recommend_in_domain ((guint64) l->etp * l->ep, s->domain)
                                     ? _("inside the NVLink domain") : _("across NVLink domains"),
                                   b->dispatcher == PLANNER_DISPATCHER_FLEX_HYBRIDEP
                                     ? _(" with the flex dispatcher (HybridEP: each token crosses to each remote domain "
                                         "once; it needs DeepEP's package, and --fake-process-group refuses it: the "
                                         "single-GPU memory check needs --moe-token-dispatcher-type alltoall)")
                                     : "",
                                   b->moe_ep_overlap ? _(", overlapped with another micro-batch's compute "
                                                         "(--overlap-moe-expert-parallel-comm --delay-wgrad-compute)")
                                   : b->shared_expert_overlap ? _(", the shared experts computed meanwhile "
                                                                  "(--moe-shared-expert-overlap)")
                                                              : "",
                                   ep_cmp));
      add_reason (r, "ETP", l->etp,
                  g_strdup_printf ("%s. %s", l->etp > 1 ? _("each expert split over ETP ranks")
                                             : s->base.add_bias_linear
                                             ? _("experts are not tensor-split (ETP 1: whole experts per GPU; the "
                                                 "model's linear biases need it in Megatron's MoE layers)")
                                             : _("experts are not tensor-split (ETP 1: whole experts per GPU)"),
                                   etp_cmp));
    }
  else
    add_reason (r, "EP", 1, g_strdup (_("dense model: no experts")));
  add_reason (r, "MICRO_BATCH", b->micro_batch_size,
              /* Translators: “the fastest that fits, with selective recompute (the lightest recompute that fits)” */
              g_strdup_printf (_("%s, %s%s"),
                               r->user_micro_batch > 0 ? _("yours (fixed)") : _("the fastest that fits"),
                               b->recompute == PLANNER_RECOMPUTE_NONE ? _("with no recompute")
                               : b->recompute == PLANNER_RECOMPUTE_FULL ? _("with full recompute")
                                                                         : _("with selective recompute"),
                               r->recompute_policy != PLANNER_RECOMPUTE_POLICY_ANY ? _(" (your recompute policy)")
                               : b->recompute == PLANNER_RECOMPUTE_NONE ? _(" (nothing to recompute: it fits without)")
                                                                         : _(" (the lightest recompute that fits)")));
  add_reason (r, "GLOBAL_BATCH", b->global_batch_size,
              /* Translators: the first %s describes the batch, the last is nothing or how it was rounded */
              g_strdup_printf (_("%s; %" PRIu64 " microbatches of %u × DP %u%s"), r->batch_text,
                               b->num_microbatches, b->micro_batch_size, l->dp,
                               r->user_global_batch ? ""
                               : l->vpp > 1 ? _(", rounded to a multiple of micro × DP with microbatches a multiple of PP "
                                                "(interleaving)")
                               : l->pp > 1 ? _(", rounded to a multiple of micro × DP with at least PP microbatches")
                                           : _(", rounded to a multiple of micro × DP")));
  add_reason (r, "PRECISION", r->fp8 ? 8 : 16,
              r->fp8 ? g_strdup_printf (b->fp8_param_gather
                                        ? _("FP8 (%s recipe, hybrid format) through Transformer Engine, parameters "
                                            "gathered in FP8 (--fp8-param-gather); BF16 master weights and attention")
                                        : _("FP8 (%s recipe, hybrid format) through Transformer Engine; BF16 master "
                                            "weights and attention"), planner_recommend_fp8_recipe_name (r))
                     : g_strdup (r->gpu->supports_bf16 ? _("BF16 mixed precision") : _("FP16 mixed precision (no BF16 on "
                                                                                     "this GPU)")));
}

static const char *
short_reason (const PlannerRecommendation *r,
              const char                  *degree)
{
  for (guint i = 0; i < r->reasons->len; i++)
    {
      const PlannerRecommendReason *reason = g_ptr_array_index (r->reasons, i);

      if (g_str_equal (reason->degree, degree))
        return reason->reason;
    }
  return "";
}

/* The first sentence of a reason, for a one-line shell comment. */
static char *
first_sentence (const char *text)
{
  const char *end = strstr (text, ". ");
  gsize length = end != NULL ? (gsize) (end - text) : strlen (text);

  if (end == NULL && length > 0 && text[length - 1] == '.')
    length--;
  return g_strndup (text, length);
}

void
planner_recommend_build_shell (PlannerRecommendation *r)
{
  const PlannerRecommendCandidate *b = &r->best;
  const PlannerLayout *l = &b->layout;
  GString *out = g_string_new (NULL);
  static const char *degrees[] = { "TP", "PP", "VPP", "CP", "DP", "EP", "ETP", "MICRO_BATCH", "GLOBAL_BATCH" };
  static const struct
  {
    const char *dest, *flag;
  } dropouts[] = {
    { "hidden_dropout", "--hidden-dropout" },
    { "attention_dropout", "--attention-dropout" },
  };
  guint64 values[G_N_ELEMENTS (degrees)] = {
    l->tp, l->pp, l->vpp, l->cp, l->dp, l->ep, r->num_experts > 0 ? l->etp : l->tp,
    b->micro_batch_size, b->global_batch_size,
  };

  g_string_append_printf (out, "# Launch Planner recommendation for Megatron-Core %s: a DRAFT until you approve it.\n"
                               "# %s on %" G_GUINT64_FORMAT " × %s (%u per node), sequence length %u.\n",
                          r->megatron_version, r->model_name, r->num_gpus, r->gpu->name, r->gpus_per_node, r->seq_length);
  for (guint i = 0; i < G_N_ELEMENTS (degrees); i++)
    {
      g_autofree char *assignment = g_strdup_printf ("%s=%" G_GUINT64_FORMAT, degrees[i], values[i]);
      g_autofree char *comment = NULL;

      if (g_str_equal (degrees[i], "ETP") && r->num_experts == 0)
        comment = g_strdup ("dense model: expert TP follows TP (unused)");
      else
        comment = first_sentence (short_reason (r, degrees[i]));
      g_string_append_printf (out, "%-18s # %s\n", assignment, comment);
    }
  g_string_append (out, "# Ranked by the modelled step plus half its uncertainty; the text and JSON forms list the "
                        "alternatives and the ties.\n");
  g_string_append_printf (out, "# TP × CP × DP × PP = %u × %u × %u × %u = %" G_GUINT64_FORMAT " GPUs\n",
                          l->tp, l->cp, l->dp, l->pp, r->num_gpus);
  if (r->num_experts > 0)
    g_string_append_printf (out, "# ETP × EP × EDP × PP = %u × %u × %u × %u = %" G_GUINT64_FORMAT " GPUs "
                                 "(EP is carved out of the data-parallel ranks)\n",
                            l->etp, l->ep, l->expert_dp, l->pp, r->num_gpus);
  /* validate_args (0.20), Hopper and older with TP or CP: FSDP refuses
   * CUDA_DEVICE_MAX_CONNECTIONS=1; with the EP all-to-all overlap either 1
   * or more is accepted (1 favours TP, more the overlap); otherwise 1 is
   * required. */
  if ((l->tp > 1 || l->cp > 1) && r->gpu->compute_capability_major < 10)
    {
      if (b->fsdp)
        g_string_append (out, "export CUDA_DEVICE_MAX_CONNECTIONS=32  # Megatron-FSDP refuses 1\n");
      else if (b->moe_ep_overlap)
        g_string_append (out, "export CUDA_DEVICE_MAX_CONNECTIONS=1   # TP on this GPU wants 1; the EP all-to-all "
                              "overlap prefers more (32): Megatron accepts either\n");
      else
        g_string_append (out, "export CUDA_DEVICE_MAX_CONNECTIONS=1   # Megatron requires it for TP or CP on this GPU\n");
    }

  g_string_append (out, "PARALLEL_ARGS=(\n"
                        "  --tensor-model-parallel-size \"$TP\"\n"
                        "  --pipeline-model-parallel-size \"$PP\"\n");
  /* A pipeline layout sets the virtual stages itself (below). */
  if (l->vpp > 1 && b->split != PLANNER_SPLIT_LAYOUT)
    g_string_append (out, "  --num-virtual-stages-per-pipeline-rank \"$VPP\"\n");
  g_string_append (out, "  --context-parallel-size \"$CP\"\n");
  if (r->num_experts > 0)
    g_string_append (out, "  --expert-model-parallel-size \"$EP\"\n"
                          "  --expert-tensor-parallel-size \"$ETP\"\n");
  g_string_append (out, "  --micro-batch-size \"$MICRO_BATCH\"\n"
                        "  --global-batch-size \"$GLOBAL_BATCH\"\n");
  if (b->sequence_parallel)
    g_string_append (out, "  --sequence-parallel\n");
  if (b->tp_comm_overlap)
    g_string_append (out, "  --tp-comm-overlap\n");
  if (b->distributed_optimizer)
    g_string_append (out, "  --use-distributed-optimizer\n");
  if (b->param_gather_overlap)
    g_string_append (out, "  --overlap-param-gather\n");
  if (b->grad_reduce_overlap)
    g_string_append (out, "  --overlap-grad-reduce\n");
  if (b->recompute == PLANNER_RECOMPUTE_SELECTIVE)
    {
      const char *names[8];

      g_string_append (out, "  --recompute-granularity selective\n");
      if (planner_recommend_module_names (b->recompute_modules, names) > 0)
        {
          g_autofree char *list = g_strjoinv (" ", (char **) names);

          g_string_append_printf (out, "  --recompute-modules %s\n", list);
        }
    }
  if (b->fsdp && !planner_release_at_least (r->megatron_version, "0.14.0"))
    /* Before 0.14 Megatron FSDP was the custom FSDP: no checkpoint format
     * of its own, and sharded gradients without the fused accumulation. */
    g_string_append (out, "  --use-custom-fsdp\n  --data-parallel-sharding-strategy optim_grads_params\n"
                          "  --no-gradient-accumulation-fusion\n");
  else if (b->fsdp)
    g_string_append (out, "  --use-megatron-fsdp\n  --data-parallel-sharding-strategy optim_grads_params\n"
                          "  --ckpt-format fsdp_dtensor\n");
  else if (b->recompute == PLANNER_RECOMPUTE_FULL && b->recompute_block > 0)
    g_string_append_printf (out, "  --recompute-granularity full\n  --recompute-method block\n"
                                 "  --recompute-num-layers %u\n", b->recompute_block);
  else if (b->recompute == PLANNER_RECOMPUTE_FULL)
    g_string_append (out, "  --recompute-granularity full\n  --recompute-method uniform\n  --recompute-num-layers 1\n");
  if (b->split == PLANNER_SPLIT_ACCOUNT_BOTH || b->split == PLANNER_SPLIT_ACCOUNT_EMBEDDING)
    g_string_append (out, "  --account-for-embedding-in-pipeline-split\n");
  if (b->split == PLANNER_SPLIT_ACCOUNT_BOTH || b->split == PLANNER_SPLIT_ACCOUNT_LOSS)
    g_string_append (out, "  --account-for-loss-in-pipeline-split\n");
  if (b->split == PLANNER_SPLIT_UNEVEN)
    g_string_append_printf (out, "  --decoder-first-pipeline-num-layers %u\n  --decoder-last-pipeline-num-layers %u\n",
                            b->first_stage_layers, b->last_stage_layers);
  if (b->split == PLANNER_SPLIT_LAYOUT)
    {
      g_autofree char *layout = planner_recommend_layout_string (r, b);

      g_string_append_printf (out, "  --pipeline-model-parallel-layout '%s'\n", layout);
    }
  if (r->num_experts > 0)
    {
      gboolean sigmoid = planner_recommend_is_sigmoid_router (r->model_args);

      g_string_append_printf (out, "  --num-experts %u\n  --moe-router-topk %" G_GINT64_FORMAT "\n"
                                   "  --moe-router-load-balancing-type %s\n  --moe-aux-loss-coeff %s\n",
                              r->num_experts, planner_args_get_int (r->model_args, "moe_router_topk", 2),
                              sigmoid ? "seq_aux_loss" : "aux_loss", sigmoid ? "1e-4" : "1e-2");
      if (sigmoid)
        g_string_append (out, "  --moe-router-enable-expert-bias\n");
      if (b->dispatcher == PLANNER_DISPATCHER_FLEX_HYBRIDEP)
        g_string_append (out, "  --moe-token-dispatcher-type flex\n  --moe-flex-dispatcher-backend hybridep\n");
      else
        g_string_append (out, "  --moe-token-dispatcher-type alltoall\n");
      if (b->shared_expert_overlap)
        g_string_append (out, "  --moe-shared-expert-overlap\n");
      if (r->gpu->compute_capability_major >= 8)
        g_string_append (out, "  --moe-grouped-gemm\n");
      if (b->moe_ep_overlap)
        g_string_append (out, "  --overlap-moe-expert-parallel-comm\n  --delay-wgrad-compute\n");
    }
  /* The dropout the model was published to train with (none for most),
   * which the search sized the activations with: Megatron's default of
   * 0.1 keeps a mask per dropout, and the block would need more memory
   * than the recommendation says. */
  for (guint i = 0; i < G_N_ELEMENTS (dropouts); i++)
    if (planner_args_is_set (r->model_args, dropouts[i].dest))
      g_string_append_printf (out, "  %s %s\n", dropouts[i].flag,
                              planner_args_get_string (r->model_args, dropouts[i].dest, "0"));
  g_string_append (out, r->gpu->supports_bf16 ? "  --bf16\n" : "  --fp16\n");
  if (planner_args_get_bool (r->model_args, "grad_reduce_in_bf16", FALSE))
    g_string_append (out, "  --grad-reduce-in-bf16\n");
  if (r->fp8)
    {
      g_string_append_printf (out, "  --fp8-format hybrid\n  --fp8-recipe %s\n", planner_recommend_fp8_recipe_name (r));
      if (b->fp8_param_gather)
        g_string_append (out, "  --fp8-param-gather\n");
    }
  g_string_append (out, ")\n");
  r->shell = g_string_free (out, FALSE);
}

void
planner_recommend_explain_moe (PlannerRecommendation        *r,
                               const PlannerRecommendSearch *s)
{
  const PlannerLayout *l = &r->best.layout;
  PlannerConfig cfg;
  PlannerMemoryEstimate mem;
  gboolean sigmoid = planner_recommend_is_sigmoid_router (r->model_args);
  guint64 topk = (guint64) planner_args_get_int (r->model_args, "moe_router_topk", 2);
  GString *out = g_string_new (NULL);

  planner_recommend_fill_config (s, &r->best, &cfg);
  planner_memory_estimate (&cfg, s->gpu, &mem);
  r->expert_bytes = mem.stages[mem.worst].expert_params * 2.0;
  r->expert_bytes_ep1 = r->expert_bytes * (double) l->ep;

  r->expert_check = g_strdup_printf (
    _("ETP %u × EP %u × EDP %u × PP %u = %" PRIu64 ". In Megatron-Core expert parallelism is carved out of "
      "the data-parallel ranks: the expert layers see the same %" PRIu64 " GPUs as TP × CP × DP × PP, "
      "regrouped. A guide that multiplies TP × PP × DP × EP describes the same %" PRIu64
      " GPUs with DP counted as expert-DP (EDP %u); EP is never an extra factor of the world size."),
    l->etp, l->ep, l->expert_dp, l->pp, r->num_gpus, r->num_gpus, r->num_gpus, l->expert_dp);

  if (l->ep > 1)
    g_string_append_printf (out, _("EP %u keeps %u of %u experts per GPU: %.0f%% less expert-weight memory "
                                   "(bf16 expert weights on the most loaded stage: %.2f GiB → %.2f GiB per GPU).\n"),
                            l->ep, r->num_experts / l->ep, r->num_experts, 100.0 * (1.0 - 1.0 / l->ep),
                            r->expert_bytes_ep1 / GIB, r->expert_bytes / GIB);
  else
    g_string_append_printf (out, _("EP 1 keeps all %u experts on every GPU (%.2f GiB of bf16 expert weights on the most "
                                   "loaded stage).\n"), r->num_experts, r->expert_bytes / GIB);
  g_string_append_printf (out, _("Router top-k %" PRIu64 "; load balancing %s with coefficient %s%s.\n"), topk,
                          sigmoid ? "seq_aux_loss" : "aux_loss", sigmoid ? "1e-4" : "1e-2",
                          sigmoid ? _(" plus the expert bias (the model's sigmoid router)") : "");
  if (r->best.dispatcher == PLANNER_DISPATCHER_FLEX_HYBRIDEP)
    g_string_append (out, _("Token dispatcher flex with HybridEP (the expert group spans NVLink domains: each token "
                            "crosses to each remote domain once and fans out over NVLink there; needs DeepEP's "
                            "package).\n"));
  else
    g_string_append (out, _("Token dispatcher alltoall (sends each token only to the GPUs holding its experts).\n"));
  if (r->best.shared_expert_overlap)
    g_string_append (out, _("--moe-shared-expert-overlap: the shared experts run while tokens are dispatched.\n"));
  if (s->gpu->compute_capability_major >= 8)
    g_string_append (out, _("Grouped GEMM on: one kernel for all local experts.\n"));
  else
    g_string_append (out, _("Grouped GEMM off: Megatron refuses it below compute capability 8.\n"));
  if (s->base.add_bias_linear)
    g_string_append (out, _("ETP 1: the model has linear biases, which Megatron supports in MoE layers only with "
                            "ETP 1.\n"));
  r->moe_summary = g_string_free (out, FALSE);
}

void
planner_recommend_explain_mfu (PlannerRecommendation        *r,
                               const PlannerRecommendSearch *s)
{
  const PlannerMfuRange *published = s->moe ? (r->fp8 ? &s->gpu->mfu_moe_fp8 : &s->gpu->mfu_moe_bf16)
                                             : (r->fp8 ? &s->gpu->mfu_dense_fp8 : &s->gpu->mfu_dense_bf16);
  const PlannerStepTime *t = &r->best.time;
  double useful = t->total > 0 ? t->compute / t->total : 0.0;
  double factor = MIN (1.0, useful / TUNED_COMPUTE_FRACTION);

  r->mfu.low = published->low * factor;
  r->mfu.high = published->high * factor;
  r->mfu.source = published->source;
  r->mfu_text = g_strdup_printf (_("Expected MFU %.0f–%.0f%% (of the %s peak): published runs on %s (%s, %s) reach "
                                   "%.0f–%.0f%%; this layout's modelled step is %.0f%% useful compute (well-tuned runs: "
                                   "about %.0f%%)."),
                                 r->mfu.low * 100, r->mfu.high * 100, r->fp8 ? "FP8" : "BF16", s->gpu->name,
                                 s->moe ? "MoE" : "dense", r->fp8 ? "FP8" : "BF16",
                                 published->low * 100, published->high * 100, useful * 100,
                                 TUNED_COMPUTE_FRACTION * 100);
}

/* Translators: the clauses below end a candidate's line: “TP 8 × CP 1 ×
 * DP 16 × PP 4, micro 1, global 512, recompute none, distributed
 * optimizer, loss counted as a layer” */
static const char *
split_words (const PlannerRecommendCandidate *c)
{
  switch (c->split)
    {
    case PLANNER_SPLIT_ACCOUNT_BOTH:
      return _(", embedding and loss counted as layers");
    case PLANNER_SPLIT_ACCOUNT_EMBEDDING:
      return _(", embedding counted as a layer");
    case PLANNER_SPLIT_ACCOUNT_LOSS:
      return _(", loss counted as a layer");
    case PLANNER_SPLIT_UNEVEN:
      return _(", uneven first/last stages");
    case PLANNER_SPLIT_LAYOUT:
      return _(", pipeline layout with lighter first/last virtual stages");
    case PLANNER_SPLIT_EVEN:
    default:
      return "";
    }
}

static void
append_candidate_line (GString                         *out,
                       const PlannerRecommendCandidate *c,
                       gboolean                         moe)
{
  g_string_append_printf (out, _("TP %u × CP %u × DP %u × PP %u"), c->layout.tp, c->layout.cp, c->layout.dp,
                          c->layout.pp);
  if (c->layout.vpp > 1)
    g_string_append_printf (out, " (VPP %u)", c->layout.vpp);
  if (moe)
    g_string_append_printf (out, _(", EP %u, ETP %u"), c->layout.ep, c->layout.etp);
  g_string_append_printf (out, _(", micro %u, global %" PRIu64 ", recompute %s%s%s"), c->micro_batch_size,
                          c->global_batch_size, planner_recompute_to_string (c->recompute),
                          c->distributed_optimizer ? _(", distributed optimizer") : "", split_words (c));
  if (c->tp_comm_overlap)
    g_string_append (out, _(", TP overlap"));
  if (c->moe_ep_overlap)
    g_string_append (out, _(", EP all-to-all overlap"));
}

char *
planner_recommendation_to_text (const PlannerRecommendation *r)
{
  GString *out = g_string_new (NULL);
  g_autofree char *experts = NULL;

  g_return_val_if_fail (r != NULL, NULL);

  experts = r->num_experts > 0 ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, ", %u expert", ", %u experts", r->num_experts),
                                                    r->num_experts) : g_strdup ("");
  g_string_append_printf (out, _("Recommendation for Megatron-Core %s (a draft until you approve it)\n"
                                 "Model        %s (%.1fB parameters, %u layers%s)\n"
                                 "Cluster      %" PRIu64 " × %s, %u per node, NVLink domain %u\n"
                                 "Sequence     %u tokens\n"
                                 "Precision    %s\n"
                                 "Batch        %s\n"),
                          r->megatron_version, r->model_name, r->total_params / 1e9, r->num_layers,
                          experts,
                          r->num_gpus, r->gpu->name, r->gpus_per_node, r->nvlink_domain, r->seq_length,
                          r->fp8 ? (g_str_equal (planner_recommend_fp8_recipe_name (r), "mxfp8") ? _("FP8 (mxfp8 recipe)")
                                    : g_str_equal (planner_recommend_fp8_recipe_name (r), "blockwise") ? _("FP8 (blockwise recipe)")
                                    : g_str_equal (planner_recommend_fp8_recipe_name (r), "delayed") ? _("FP8 (delayed recipe)")
                                                                                                   : _("FP8 (tensorwise recipe)"))
                                 : r->gpu->supports_bf16 ? "BF16" : "FP16",
                          r->batch_text);
  if (!r->fits)
    {
      g_string_append_printf (out, "\n%s\n", r->nothing_fits);
    }
  else
    {
      const PlannerRecommendCandidate *b = &r->best;

      g_string_append (out, _("\nBest         "));
      append_candidate_line (out, b, r->num_experts > 0);
      g_string_append_printf (out, _("\nMemory       %.1f of %.1f GiB per GPU on the most loaded stage ✓\n"),
                              b->peak_bytes / GIB, b->capacity_bytes / GIB);
      /* Translators: headings of recommend's text; keep the values in one column */
      g_string_append_printf (out, _("Check        %s\n"), r->product_check);
      if (r->expert_check != NULL)
        g_string_append_printf (out, _("Experts      %s\n"), r->expert_check);
      g_string_append_printf (out, _("MFU          %s\n"), r->mfu_text);
      g_string_append (out, _("\nWhy each degree\n"));
      for (guint i = 0; i < r->reasons->len; i++)
        {
          const PlannerRecommendReason *reason = g_ptr_array_index (r->reasons, i);

          g_string_append_printf (out, "  %-13s %-6" G_GUINT64_FORMAT " %s\n", reason->degree, reason->value,
                                  reason->reason);
        }
      if (r->moe_summary != NULL)
        g_string_append_printf (out, _("\nMixture of experts\n%s"), r->moe_summary);
      g_string_append_printf (out, _("\nRanking      %s %" PRIu64 " layouts fit.\n"), r->ranking_text,
                              r->n_layouts);
      if (r->alternatives->len > 0)
        {
          g_string_append (out, _("\nAlternatives (the next distinct layouts)\n"));
          for (guint i = 0; i < r->alternatives->len; i++)
            {
              const PlannerRecommendCandidate *c = &g_array_index (r->alternatives, PlannerRecommendCandidate, i);

              g_string_append_printf (out, "  %u. ", i + 1);
              append_candidate_line (out, c, r->num_experts > 0);
              g_string_append_printf (out, "\n     %s%s\n", c->trade,
                                      c->tie ? _(" — a tie: within what the model cannot resolve") : "");
            }
        }
    }
  g_string_append (out, _("\nRules of thumb\n"));
  for (guint i = 0; i < r->rules->len; i++)
    g_string_append_printf (out, "  - %s\n", (const char *) g_ptr_array_index (r->rules, i));
  if (r->rule_comparison != NULL)
    g_string_append_printf (out, "  %s\n", r->rule_comparison);
  if (r->diagnostics->len > 0)
    {
      g_string_append (out, _("\nMegatron's checks on the best layout (paths and tokenizer come later, from you)\n"));
      for (guint i = 0; i < r->diagnostics->len; i++)
        {
          const PlannerDiagnostic *d = g_ptr_array_index (r->diagnostics, i);

          g_string_append_printf (out, "  %s %s: %s\n", planner_severity_to_string (d->severity), d->code, d->message);
        }
    }
  if (r->fits)
    g_string_append_printf (out, "\n%s", r->shell);
  return g_string_free (out, FALSE);
}

