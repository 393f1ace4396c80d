/* planner-recommend.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-recommend"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "planner-flops.h"
#include "planner-recommend-private.h"
#include "planner-validate.h"

/* The entry point of the recommendation: the request resolved into a
 * model's Megatron arguments, the search (planner-recommend-search.c)
 * ranked by the step model (planner-recommend-step.c), Megatron's own
 * checks on the front-runners, and the words (planner-recommend-text.c). */

#define GIB PLANNER_GIB
#define MAX_EXPERTS       4096
#define MAX_SEQ_LENGTH    (1u << 20)
#define MAX_GLOBAL_BATCH  ((guint64) 1 << 32)
/* Front-runners put through Megatron's full checks. */
#define N_VALIDATE        24

G_DEFINE_QUARK (planner-recommend-error-quark, planner_recommend_error)

typedef PlannerRecommendSearch Search;

const char *
planner_recompute_to_string (PlannerRecompute recompute)
{
  switch (recompute)
    {
    case PLANNER_RECOMPUTE_NONE:
      return "none";
    case PLANNER_RECOMPUTE_SELECTIVE:
      return "selective";
    case PLANNER_RECOMPUTE_FULL:
      return "full";
    default:
      return "unknown";
    }
}

/* ---- Arguments of a candidate ---- */

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

gboolean
planner_recommend_is_sigmoid_router (const PlannerArgs *args)
{
  return g_strcmp0 (planner_args_get_string (args, "moe_router_score_function", NULL), "sigmoid") == 0;
}

const char *
planner_recommend_fp8_recipe_name (const PlannerRecommendation *r)
{
  return r->fp8_recipe != NULL ? r->fp8_recipe : "tensorwise";
}

guint
planner_recommend_module_names (guint32     modules,
                                const char *names[8])
{
  static const struct
  {
    guint32     bit;
    const char *name;
  } known[] = {
    { PLANNER_RECOMPUTE_MODULE_CORE_ATTN, "core_attn" },
    { PLANNER_RECOMPUTE_MODULE_MOE_ACT, "moe_act" },
    { PLANNER_RECOMPUTE_MODULE_LAYERNORM, "layernorm" },
    { PLANNER_RECOMPUTE_MODULE_MLA_UP_PROJ, "mla_up_proj" },
    { PLANNER_RECOMPUTE_MODULE_MLP, "mlp" },
    { PLANNER_RECOMPUTE_MODULE_MOE, "moe" },
    { PLANNER_RECOMPUTE_MODULE_SHARED_EXPERTS, "shared_experts" },
  };
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    if (modules & known[i].bit)
      names[n++] = known[i].name;
  names[n] = NULL;
  return n;
}

/* What a job's own arguments may say about the layout and its knobs: the
 * candidate says all of it again, so none of the person's survives. */
static const char *const layout_dests[] = {
  "tensor_model_parallel_size", "pipeline_model_parallel_size", "context_parallel_size",
  "expert_model_parallel_size", "expert_tensor_parallel_size", "num_layers_per_virtual_pipeline_stage",
  "num_virtual_stages_per_pipeline_rank", "virtual_pipeline_model_parallel_size", "pipeline_model_parallel_layout",
  "decoder_first_pipeline_num_layers", "decoder_last_pipeline_num_layers", "account_for_embedding_in_pipeline_split",
  "account_for_loss_in_pipeline_split", "micro_batch_size", "sequence_parallel", "use_distributed_optimizer",
  "overlap_grad_reduce", "overlap_param_gather", "recompute_granularity", "recompute_method",
  "recompute_num_layers", "recompute_activations", "tp_comm_overlap", "overlap_moe_expert_parallel_comm",
  "delay_wgrad_compute", "fp8_param_gather", "use_tp_pp_dp_mapping", "moe_shared_expert_overlap",
  "recompute_modules", "use_megatron_fsdp", "use_torch_fsdp2", "data_parallel_sharding_strategy",
  "moe_token_dispatcher_type", "moe_flex_dispatcher_backend", "moe_enable_deepep",
};

static void
clear_layout_args (PlannerArgs *args)
{
  for (guint i = 0; i < G_N_ELEMENTS (layout_dests); i++)
    planner_args_unset (args, layout_dests[i]);
}

char *
planner_recommend_layout_string (const PlannerRecommendation     *r,
                                 const PlannerRecommendCandidate *c)
{
  guint32 stages = c->layout.pp * c->layout.vpp;
  guint32 middle = stages > 2 ? (r->num_layers - c->first_stage_layers - c->last_stage_layers) / (stages - 2) : 0;

  return planner_config_layout_string (stages, c->first_stage_layers, middle, c->last_stage_layers,
                                       (guint32) planner_args_get_int (r->model_args, "mtp_num_layers", 0));
}

PlannerArgs *
planner_recommendation_candidate_args (const PlannerRecommendation     *r,
                                       const PlannerRecommendCandidate *c)
{
  PlannerArgs *args;
  const PlannerLayout *l = &c->layout;

  g_return_val_if_fail (r != NULL && c != NULL, NULL);

  args = planner_args_copy (r->model_args);
  clear_layout_args (args);
  set_uint (args, "tensor_model_parallel_size", "--tensor-model-parallel-size", l->tp);
  set_uint (args, "pipeline_model_parallel_size", "--pipeline-model-parallel-size", l->pp);
  if (c->split == PLANNER_SPLIT_LAYOUT)
    {
      /* The layout sets the virtual stages itself (one VPP source only). */
      g_autofree char *text = planner_recommend_layout_string (r, c);

      planner_args_set (args, "pipeline_model_parallel_layout", "--pipeline-model-parallel-layout", text);
    }
  else if (l->vpp > 1)
    set_uint (args, "num_virtual_stages_per_pipeline_rank", "--num-virtual-stages-per-pipeline-rank", l->vpp);
  set_uint (args, "context_parallel_size", "--context-parallel-size", l->cp);
  if (r->num_experts > 0)
    {
      gboolean sigmoid = planner_recommend_is_sigmoid_router (args);

      set_uint (args, "expert_model_parallel_size", "--expert-model-parallel-size", l->ep);
      set_uint (args, "expert_tensor_parallel_size", "--expert-tensor-parallel-size", l->etp);
      if (l->etp > 1)
        planner_args_set_bool (args, "add_bias_linear", "--disable-bias-linear", FALSE);
      if (!planner_args_is_set (args, "moe_router_load_balancing_type"))
        planner_args_set (args, "moe_router_load_balancing_type", "--moe-router-load-balancing-type",
                          sigmoid ? "seq_aux_loss" : "aux_loss");
      if (!planner_args_is_set (args, "moe_aux_loss_coeff"))
        planner_args_set (args, "moe_aux_loss_coeff", "--moe-aux-loss-coeff", sigmoid ? "1e-4" : "1e-2");
      if (sigmoid)
        planner_args_set_bool (args, "moe_router_enable_expert_bias", "--moe-router-enable-expert-bias", TRUE);
      if (c->dispatcher == PLANNER_DISPATCHER_FLEX_HYBRIDEP)
        {
          planner_args_set (args, "moe_token_dispatcher_type", "--moe-token-dispatcher-type", "flex");
          planner_args_set (args, "moe_flex_dispatcher_backend", "--moe-flex-dispatcher-backend", "hybridep");
        }
      else
        planner_args_set (args, "moe_token_dispatcher_type", "--moe-token-dispatcher-type", "alltoall");
      if (c->shared_expert_overlap)
        planner_args_set_bool (args, "moe_shared_expert_overlap", "--moe-shared-expert-overlap", TRUE);
      if (r->gpu->compute_capability_major >= 8)
        planner_args_set_bool (args, "moe_grouped_gemm", "--moe-grouped-gemm", TRUE);
      if (c->moe_ep_overlap)
        {
          planner_args_set_bool (args, "overlap_moe_expert_parallel_comm", "--overlap-moe-expert-parallel-comm", TRUE);
          planner_args_set_bool (args, "delay_wgrad_compute", "--delay-wgrad-compute", TRUE);
        }
    }
  set_uint (args, "micro_batch_size", "--micro-batch-size", c->micro_batch_size);
  set_uint (args, "global_batch_size", "--global-batch-size", c->global_batch_size);
  if (c->sequence_parallel)
    planner_args_set_bool (args, "sequence_parallel", "--sequence-parallel", TRUE);
  if (c->tp_comm_overlap)
    planner_args_set_bool (args, "tp_comm_overlap", "--tp-comm-overlap", TRUE);
  if (c->distributed_optimizer)
    {
      planner_args_set_bool (args, "use_distributed_optimizer", "--use-distributed-optimizer", TRUE);
      if (c->param_gather_overlap)
        planner_args_set_bool (args, "overlap_param_gather", "--overlap-param-gather", TRUE);
    }
  if (c->grad_reduce_overlap)
    planner_args_set_bool (args, "overlap_grad_reduce", "--overlap-grad-reduce", TRUE);
  if (c->fp8)
    {
      if (!planner_args_is_set (args, "fp8"))
        planner_args_set (args, "fp8", "--fp8-format", "hybrid");
      planner_args_set (args, "fp8_recipe", "--fp8-recipe", planner_recommend_fp8_recipe_name (r));
      if (c->fp8_param_gather)
        planner_args_set_bool (args, "fp8_param_gather", "--fp8-param-gather", TRUE);
    }
  if (c->recompute == PLANNER_RECOMPUTE_SELECTIVE)
    {
      const char *names[8];

      planner_args_set (args, "recompute_granularity", "--recompute-granularity", "selective");
      if (planner_recommend_module_names (c->recompute_modules, names) > 0)
        planner_args_set_list (args, "recompute_modules", "--recompute-modules", names);
    }
  else if (c->recompute == PLANNER_RECOMPUTE_FULL)
    {
      planner_args_set (args, "recompute_granularity", "--recompute-granularity", "full");
      planner_args_set (args, "recompute_method", "--recompute-method", c->recompute_block > 0 ? "block" : "uniform");
      set_uint (args, "recompute_num_layers", "--recompute-num-layers", c->recompute_block > 0 ? c->recompute_block : 1);
    }
  if (c->fsdp)
    {
      planner_args_set_bool (args, "use_megatron_fsdp", "--use-megatron-fsdp", TRUE);
      planner_args_set (args, "data_parallel_sharding_strategy", "--data-parallel-sharding-strategy",
                        "optim_grads_params");
      planner_args_set (args, "ckpt_format", "--ckpt-format", "fsdp_dtensor");
    }
  if (c->split == PLANNER_SPLIT_ACCOUNT_BOTH || c->split == PLANNER_SPLIT_ACCOUNT_EMBEDDING)
    planner_args_set_bool (args, "account_for_embedding_in_pipeline_split",
                           "--account-for-embedding-in-pipeline-split", TRUE);
  if (c->split == PLANNER_SPLIT_ACCOUNT_BOTH || c->split == PLANNER_SPLIT_ACCOUNT_LOSS)
    planner_args_set_bool (args, "account_for_loss_in_pipeline_split", "--account-for-loss-in-pipeline-split", TRUE);
  if (c->split == PLANNER_SPLIT_UNEVEN)
    {
      set_uint (args, "decoder_first_pipeline_num_layers", "--decoder-first-pipeline-num-layers",
                c->first_stage_layers);
      set_uint (args, "decoder_last_pipeline_num_layers", "--decoder-last-pipeline-num-layers", c->last_stage_layers);
    }
  return args;
}

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
  PlannerValidateContext context = { 0 };
  PlannerLayout layout;
  PlannerConfig config;
  PlannerMemoryEstimate mem;
  gboolean ok = TRUE;

  if (!planner_validate_resolve_layout (args, r->num_gpus, &layout, diagnostics))
    return FALSE;
  if (!planner_config_init_from_args (&config, args, &layout, r->vocab_size, NULL))
    return FALSE;
  context.world_size = r->num_gpus;
  context.vocab_size = r->vocab_size;
  context.compute_capability_major = r->gpu->compute_capability_major;
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

/* ---- The entry point ---- */

static gboolean
recipe_known (const char *recipe)
{
  static const char *const recipes[] = { "tensorwise", "delayed", "mxfp8", "blockwise" };

  for (guint i = 0; i < G_N_ELEMENTS (recipes); i++)
    if (g_strcmp0 (recipe, recipes[i]) == 0)
      return TRUE;
  return FALSE;
}

/* The precision flags of the job: BF16 (FP16 on GPUs without BF16), and
 * FP8 through Transformer Engine with a recipe the GPU has. */
static gboolean
apply_precision (const PlannerRecommendRequest *req,
                 PlannerRecommendation         *r,
                 PlannerArgs                   *args,
                 gboolean                       keep_job,
                 GError                       **error)
{
  const PlannerGpu *gpu = r->gpu;
  gboolean blackwell = gpu->compute_capability_major >= 10;

  /* Ranking a job: its own precision, gradient and FP8 settings stay. */
  if (keep_job)
    {
      r->fp8 = planner_args_get_string (args, "fp8", NULL) != NULL && gpu->supports_fp8;
      if (r->fp8)
        r->fp8_recipe = g_intern_string (planner_args_get_string (args, "fp8_recipe", "delayed"));
      return TRUE;
    }

  if (gpu->supports_bf16)
    {
      planner_args_unset (args, "fp16");
      planner_args_set_bool (args, "bf16", "--bf16", TRUE);
    }
  else
    {
      planner_args_unset (args, "bf16");
      planner_args_set_bool (args, "fp16", "--fp16", TRUE);
    }
  /* Gradients reduced in BF16, as NVIDIA's performance recipes and
   * Megatron's own Llama example do: half the reduce-scatter and half the
   * gradient buffer. */
  if (!planner_args_is_set (args, "grad_reduce_in_bf16"))
    planner_args_set_bool (args, "grad_reduce_in_bf16", "--grad-reduce-in-bf16", TRUE);
  if (req->precision != PLANNER_TRAIN_PRECISION_FP8)
    {
      if (req->precision == PLANNER_TRAIN_PRECISION_BF16)
        {
          planner_args_unset (args, "fp8");
          planner_args_unset (args, "fp8_recipe");
          planner_args_unset (args, "fp8_param_gather");
        }
      r->fp8 = planner_args_get_string (args, "fp8", NULL) != NULL && gpu->supports_fp8;
      if (r->fp8)
        r->fp8_recipe = g_intern_string (planner_args_get_string (args, "fp8_recipe", "delayed"));
      return TRUE;
    }
  if (!gpu->supports_fp8 || !(gpu->peak_fp8_tflops > 0))
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                   _("--precision: the %s has no FP8 tensor cores; use --precision bf16"), gpu->name);
      return FALSE;
    }
  r->fp8_recipe = req->fp8_recipe != NULL ? req->fp8_recipe : blackwell ? "mxfp8" : "tensorwise";
  if (!recipe_known (r->fp8_recipe))
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                   _("--fp8-recipe: “%s” is not one of tensorwise, delayed, mxfp8, blockwise"), r->fp8_recipe);
      return FALSE;
    }
  if (g_str_equal (r->fp8_recipe, "mxfp8") && !blackwell)
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                   _("--fp8-recipe: mxfp8 needs Blackwell (compute capability 10); the %s is %u.%u: use "
                     "tensorwise or blockwise"), gpu->name, gpu->compute_capability_major, gpu->compute_capability_minor);
      return FALSE;
    }
  if (g_str_equal (r->fp8_recipe, "blockwise") && gpu->compute_capability_major < 9)
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                   _("--fp8-recipe: blockwise needs Hopper or newer; use tensorwise"));
      return FALSE;
    }
  /* Static strings only: the recommendation outlives the request. */
  r->fp8_recipe = g_intern_string (r->fp8_recipe);
  r->fp8 = TRUE;
  planner_args_set (args, "fp8", "--fp8-format", "hybrid");
  planner_args_set (args, "fp8_recipe", "--fp8-recipe", r->fp8_recipe);
  return TRUE;
}

static PlannerArgs *
model_args_for (const PlannerRecommendRequest *req,
                PlannerRecommendation         *r,
                gboolean                       keep_job,
                guint64                       *vocab,
                GError                       **error)
{
  g_autoptr(PlannerModel) custom = NULL;
  const PlannerModel *model = NULL;
  g_autoptr(PlannerArgs) args = NULL;
  guint32 max_positions;
  gboolean rope;

  if (req->model_args != NULL)
    {
      /* A model given by its own arguments: the window's custom
       * architecture, or a job being ranked. */
      args = planner_args_copy (req->model_args);
      clear_layout_args (args);
      *vocab = req->vocab_size;
      r->model_id = g_strdup ("custom");
      r->model_name = g_strdup (req->model_name != NULL ? req->model_name : _("the model of these arguments"));
      r->num_layers = (guint32) planner_args_get_int (args, "num_layers", 0);
      max_positions = (guint32) planner_args_get_int (args, "max_position_embeddings", 0);
      rope = g_strcmp0 (planner_args_get_string (args, "position_embedding_type", "learned_absolute"), "rope") == 0;
    }
  else
    {
      if (req->model_id != NULL)
        {
          model = planner_model_lookup (req->model_id);
          if (model == NULL)
            {
              g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_UNKNOWN_MODEL,
                           _("--model: unknown model “%s”; known models: llama2-7b llama2-13b llama2-70b llama3-8b "
                             "llama3-70b llama3.1-405b mixtral-8x7b mixtral-8x22b gpt3-175b nemotron4-15b "
                             "nemotron4-340b deepseek-v3 qwen3-30b-a3b qwen3-235b-a22b gpt2-tiny gpt2-small "
                             "gpt2-medium"), req->model_id);
              return NULL;
            }
        }
      else
        {
          if (!(req->params_b >= 0.01 && req->params_b <= 100000.0))
            {
              g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                           _("--params-b: give the model size in billions of parameters, between 0.01 and 100000"));
              return NULL;
            }
          custom = planner_model_new_from_size (req->params_b, req->seq_length, 0, error);
          if (custom == NULL)
            return NULL;
          model = custom;
          /* Say which dimensions were assumed for a bare size. */
          if (custom->assumed != NULL)
            {
              g_autofree char *list = g_strjoinv (", ", custom->assumed);

              g_ptr_array_add (r->rules, g_strdup_printf (_("A %.1fB model given by size: LLaMA-style dimensions "
                                                            "assumed (%s)."), req->params_b, list));
            }
        }
      args = planner_args_new ();
      planner_model_apply_to_args (model, args);
      /* As the model was published to train (no dropout for most): the
       * candidates' memory and their shell blocks say so. */
      planner_model_apply_training_to_args (model, args);
      *vocab = model->vocab_size;
      r->model_id = g_strdup (model->id);
      r->model_name = g_strdup (model->name);
      r->num_layers = model->num_layers;
      max_positions = model->max_position_embeddings;
      rope = g_strcmp0 (model->position_embedding_type, "rope") == 0;
    }

  /* The search sizes weights, gradients and activations in the precision
   * the job will train in (the same one the shell block writes). */
  if (!apply_precision (req, r, args, keep_job, error))
    return NULL;

  if (req->seq_length > 0)
    {
      set_uint (args, "seq_length", "--seq-length", req->seq_length);
      if (req->seq_length > max_positions)
        {
          if (!rope)
            {
              g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                           _("--seq-length: %s has learned positions for at most %u tokens; give at most %u"),
                           r->model_name, max_positions, max_positions);
              return NULL;
            }
          set_uint (args, "max_position_embeddings", "--max-position-embeddings", req->seq_length);
        }
    }
  if (req->num_experts > 0)
    {
      guint64 model_experts = (guint64) planner_args_get_int (args, "num_experts", 0);
      guint64 model_topk = (guint64) planner_args_get_int (args, "moe_router_topk", 2);
      guint64 topk = model_experts > 0 ? MIN (model_topk, req->num_experts) : MIN (2, req->num_experts);

      if (model_experts == 0)
        set_uint (args, "moe_ffn_hidden_size", "--moe-ffn-hidden-size",
                  (guint64) planner_args_get_int (args, "ffn_hidden_size", 0));
      set_uint (args, "num_experts", "--num-experts", req->num_experts);
      set_uint (args, "moe_router_topk", "--moe-router-topk", topk);
      /* Top-1 softmax routing needs the pre-softmax (Megatron refuses it otherwise). */
      if (topk == 1)
        planner_args_set_bool (args, "moe_router_pre_softmax", "--moe-router-pre-softmax", TRUE);
    }
  return g_steal_pointer (&args);
}

static gboolean
check_request (const PlannerRecommendRequest *req,
               const PlannerGpu             **gpu,
               GError                       **error)
{
  const PlannerRecommendPins *p = &req->pins;
  const guint32 pins[] = { p->tp, p->pp, p->cp, p->dp, p->ep, p->etp, p->vpp };
  static const char *const names[] = { "tp", "pp", "cp", "dp", "ep", "etp", "vpp" };

  if (req->gpu_id == NULL || (*gpu = planner_gpu_lookup (req->gpu_id)) == NULL)
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_UNKNOWN_GPU,
                   _("--gpu: unknown GPU “%s”; known GPUs: a100-40gb a100-80gb h100-sxm h100-pcie h200 b200 gb200 "
                     "l40s v100"), req->gpu_id != NULL ? req->gpu_id : "");
      return FALSE;
    }
  if (req->num_gpus == 0 || req->num_gpus > PLANNER_MAX_WORLD_SIZE)
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                   _("--gpus: give between 1 and %u GPUs"), PLANNER_MAX_WORLD_SIZE);
      return FALSE;
    }
  if (req->gpus_per_node > 4096)
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                   _("--gpus-per-node: give between 1 and 4096"));
      return FALSE;
    }
  if (req->seq_length > MAX_SEQ_LENGTH || req->num_experts > MAX_EXPERTS ||
      req->global_batch_size > MAX_GLOBAL_BATCH)
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID, "%s",
                   req->seq_length > MAX_SEQ_LENGTH ? _("--seq-length: give at most 1048576 tokens")
                   : req->num_experts > MAX_EXPERTS ? _("--num-experts: give at most 4096 experts")
                                                    : _("--global-batch-size: give at most 4294967296 sequences"));
      return FALSE;
    }
  if (req->global_batch_size > 0 && req->global_batch_tokens > 0)
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                   _("--global-batch-tokens: give the global batch once, in sequences (--global-batch-size) or in "
                     "tokens, not both"));
      return FALSE;
    }
  if (req->micro_batch_size > 4096)
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                   _("--micro-batch-size: give between 1 and 4096 sequences"));
      return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (pins); i++)
    if (pins[i] > req->num_gpus)
      {
        g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                     _("--pin: %s=%u is larger than the %" PRIu64 " GPUs"), names[i], pins[i], req->num_gpus);
        return FALSE;
      }
  if (p->vpp > 1 && p->pp == 1)
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                   _("--pin: vpp=%u needs a pipeline (pp > 1); pin pp too, or leave vpp free"), p->vpp);
      return FALSE;
    }
  return TRUE;
}

static PlannerRecommendation *
recommendation_new (const PlannerRecommendRequest *req,
                    const PlannerGpu              *gpu)
{
  PlannerRecommendation *r = g_new0 (PlannerRecommendation, 1);

  r->alternatives = g_array_new (FALSE, FALSE, sizeof (PlannerRecommendCandidate));
  r->reasons = g_ptr_array_new_with_free_func (planner_recommend_reason_free);
  r->rules = g_ptr_array_new_with_free_func (g_free);
  r->diagnostics = planner_diagnostics_new ();
  r->gpu = gpu;
  r->num_gpus = req->num_gpus;
  r->user_micro_batch = req->micro_batch_size;
  r->recompute_policy = req->recompute;
  r->pins = req->pins;
  return r;
}

/* The global batch in sequences: the person's (in sequences or tokens),
 * else a batch typical of the model's size, stated in tokens with why. */
static gboolean
resolve_batch (const PlannerRecommendRequest *req,
               PlannerRecommendation         *r,
               PlannerRecommendSearch        *s,
               PlannerRecommendRequest       *resolved,
               GError                       **error)
{
  guint32 seq = s->base.seq_length;

  *resolved = *req;
  if (req->global_batch_tokens > 0)
    {
      if (req->global_batch_tokens % seq != 0)
        {
          g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                       _("--global-batch-tokens: %" PRIu64 " is not a whole number of %u-token sequences; "
                         "give a multiple of %u (for example %" PRIu64 ")"),
                       req->global_batch_tokens, seq, seq,
                       MAX (req->global_batch_tokens / seq, 1) * (guint64) seq);
          return FALSE;
        }
      resolved->global_batch_size = req->global_batch_tokens / seq;
    }
  if (resolved->global_batch_size > MAX_GLOBAL_BATCH)
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                   _("--global-batch-tokens: give at most 4294967296 sequences' worth"));
      return FALSE;
    }
  s->user_global = resolved->global_batch_size;
  r->user_global_batch = resolved->global_batch_size > 0;
  if (r->user_global_batch)
    r->batch_text = g_strdup_printf (_("yours: %" PRIu64 " sequences of %u tokens (%.2fM tokens); fixed"),
                                     resolved->global_batch_size, seq,
                                     (double) resolved->global_batch_size * seq / (1 << 20));
  else
    {
      PlannerModelParams params;
      const char *why = NULL;
      guint64 tokens;

      planner_config_count_params (&s->base, &params);
      tokens = planner_recommend_typical_tokens (params.total, &why);
      r->batch_text = g_strdup_printf (_("assumed: about %.1fM tokens (%" PRIu64 " sequences of %u tokens), "
                                         "%s, for a %.0fB-parameter model; a smaller batch would make the pipeline "
                                         "bubble cost more, a larger one would hide it. Give yours with "
                                         "--global-batch-size or --global-batch-tokens"),
                                       (double) tokens / (1 << 20), s->target_global, seq, why, params.total / 1e9);
    }
  return TRUE;
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

/* Everything before the search: the request checked, the model's
 * arguments, the search set up with the batch resolved.  @keep_job keeps
 * the precision and gradient settings of @req->model_args (ranking a
 * job).  On success the caller owns @s (planner_recommend_search_clear). */
PlannerRecommendation *
planner_recommend_prepare (const PlannerRecommendRequest *req,
                           gboolean                       keep_job,
                           PlannerRecommendSearch        *s,
                           PlannerRecommendRequest       *resolved,
                           GError                       **error)
{
  g_autoptr(PlannerRecommendation) r = NULL;
  const PlannerGpu *gpu = NULL;
  guint64 vocab = 0;

  if (!check_request (req, &gpu, error))
    return NULL;
  r = recommendation_new (req, gpu);
  r->model_args = model_args_for (req, r, keep_job, &vocab, error);
  if (r->model_args == NULL)
    return NULL;
  r->vocab_size = vocab;
  if (!planner_recommend_search_init (s, req, gpu, r->model_args, vocab, req->num_gpus, error))
    return NULL;
  if (!resolve_batch (req, r, s, resolved, error))
    {
      planner_recommend_search_clear (s);
      return NULL;
    }

  r->gpus_per_node = s->gpn;
  r->nvlink_domain = s->domain;
  r->seq_length = s->base.seq_length;
  r->num_experts = s->base.num_experts;
  if (r->num_layers == 0)
    r->num_layers = s->base.num_layers;
  {
    PlannerModelParams params;

    planner_config_count_params (&s->base, &params);
    r->total_params = params.total;
  }
  r->ranking_text = g_strdup (planner_recommend_ranking_rule ());
  return g_steal_pointer (&r);
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

void
planner_recommendation_free (PlannerRecommendation *r)
{
  if (r == NULL)
    return;
  g_free (r->model_id);
  g_free (r->model_name);
  g_free (r->best.trade);
  g_free (r->rule.trade);
  if (r->alternatives != NULL)
    {
      for (guint i = 0; i < r->alternatives->len; i++)
        g_free (g_array_index (r->alternatives, PlannerRecommendCandidate, i).trade);
      g_array_unref (r->alternatives);
    }
  g_clear_pointer (&r->reasons, g_ptr_array_unref);
  g_clear_pointer (&r->rules, g_ptr_array_unref);
  g_clear_pointer (&r->diagnostics, g_ptr_array_unref);
  g_free (r->rule_comparison);
  g_free (r->product_check);
  g_free (r->expert_check);
  g_free (r->moe_summary);
  g_free (r->mfu_text);
  g_free (r->shell);
  g_free (r->nothing_fits);
  g_free (r->batch_text);
  g_free (r->ranking_text);
  g_clear_pointer (&r->model_args, planner_args_unref);
  g_free (r);
}

