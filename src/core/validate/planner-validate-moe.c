/* planner-validate-moe.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-validate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "planner-validate-private.h"

#include "planner-release.h"

#include <string.h>

/* TransformerConfig's "mixed model": --moe-layer-freq leaves some layers
 * dense (an integer above 1, or a list with a 0 in it). */
static gboolean
moe_layer_freq_mixed (const PlannerCheck *c)
{
  const char *const *list = planner_args_get_list (c->args, "moe_layer_freq");
  g_autofree char *joined = list != NULL ? g_strjoinv ("", (char **) list) : NULL;
  const char *text = joined != NULL ? joined : arg_str (c->args, "moe_layer_freq", "1");
  g_autofree guint8 *pattern = NULL;

  if (text == NULL || strchr (text, '[') == NULL)
    return arg_int (c->args, "moe_layer_freq", 1) > 1;
  if (c->num_layers == 0 || c->num_layers > G_MAXUINT32)
    return strstr (text, "[0") != NULL || strstr (text, ",0") != NULL || strstr (text, " 0") != NULL;
  pattern = planner_parse_moe_layer_freq (text, (guint32) c->num_layers, NULL);
  if (pattern == NULL)
    return FALSE;
  return memchr (pattern, 0, c->num_layers) != NULL;
}

/* The experts' weights: counts, grouped GEMM and grouped tensors. */
static void
check_moe_grouped_weights (PlannerCheck *c)
{
  gboolean grouped_gemm = ON ("moe_grouped_gemm");
  gboolean single_weight = ON ("moe_single_grouped_weight");
  gboolean single_bias = ON ("moe_single_grouped_bias");

  if (GIVEN ("num_experts") && arg_int (c->args, "num_experts", 0) < 0)
    ADD (ERROR, "moe.num-experts-negative", FLAGS (F ("num_experts")),
         _("Give the number of experts as a positive number, or drop the flag for a dense model."),
         _("%s %" PRId64 " is negative: a mixture-of-experts model needs at least one expert."),
         N ("num_experts"), arg_int (c->args, "num_experts", 0));

  if (GIVEN ("moe_ffn_hidden_size") && c->num_experts == 0)
    {
      if (!moe_layer_freq_mixed (c))
        ADD (ERROR, "moe.ffn-without-experts", FLAGS (F ("moe_ffn_hidden_size"), F ("num_experts")),
             _("Add {--num-experts} for a mixture-of-experts model, or drop {--moe-ffn-hidden-size}."),
             _("%s is set but the model has no experts (%s is not given): Megatron refuses an expert FFN "
               "size without experts."), N ("moe_ffn_hidden_size"), N ("num_experts"));
    }

  if (ON ("moe_use_grouped_tensor") && !grouped_gemm)
    ADD (ERROR, "moe.grouped-tensor-needs-grouped-gemm",
         FLAGS (F ("moe_use_grouped_tensor"), F ("moe_grouped_gemm")),
         _("Add {--moe-grouped-gemm}, or drop --moe-use-grouped-tensor."),
         _("%s works only with %s."), N ("moe_use_grouped_tensor"), N ("moe_grouped_gemm"));

  if ((single_weight || single_bias) && !grouped_gemm)
    ADD (ERROR, "moe.single-grouped-needs-grouped-gemm",
         FLAGS (F (single_weight ? "moe_single_grouped_weight" : "moe_single_grouped_bias"), F ("moe_grouped_gemm")),
         _("Add {--moe-grouped-gemm}."),
         _("%s needs %s: the single grouped parameters belong to the grouped GEMM."),
         N (single_weight ? "moe_single_grouped_weight" : "moe_single_grouped_bias"), N ("moe_grouped_gemm"));
  if (single_weight)
    {
      if ((c->fp8 && !str_is (c->fp8_recipe, "mxfp8"))
          || (c->fp4 && !str_is (arg_str (c->args, "fp4_recipe", "nvfp4"), "nvfp4")))
        ADD (ERROR, "moe.single-grouped-weight-precision",
             FLAGS (F ("moe_single_grouped_weight"), F (c->fp8 ? "fp8_recipe" : "fp4_recipe")),
             c->fp8 ? _("Use {--fp8-recipe} mxfp8, or drop --moe-single-grouped-weight.") : _("Use --fp4-recipe nvfp4."),
             _("%s supports BF16/FP16 weights, the mxfp8 FP8 recipe or the nvfp4 FP4 recipe only; this launch uses "
               "the %s recipe."), N ("moe_single_grouped_weight"),
             c->fp8 ? c->fp8_recipe : arg_str (c->args, "fp4_recipe", "nvfp4"));
      if (c->fp4 && !ON ("fp4_param_gather"))
        ADD (ERROR, "moe.single-grouped-weight-fp4-param",
             FLAGS (F ("moe_single_grouped_weight"), F ("fp4_param_gather")),
             _("Add --fp4-param-gather."),
             _("%s with FP4 compute needs %s."), N ("moe_single_grouped_weight"), N ("fp4_param_gather"));
    }
  if ((single_weight || single_bias) && !c->grouped_tensor)
    ADD (ERROR, "moe.single-grouped-needs-grouped-tensor",
         FLAGS (F (single_weight ? "moe_single_grouped_weight" : "moe_single_grouped_bias"), F ("moe_use_grouped_tensor")),
         _("Add --moe-use-grouped-tensor (or --use-transformer-engine-op-fuser, which turns it on with grouped GEMM)."),
         _("%s needs the grouped-tensor parameter layout (%s)."),
         N (single_weight ? "moe_single_grouped_weight" : "moe_single_grouped_bias"), N ("moe_use_grouped_tensor"));
  if (single_bias && !c->add_bias)
    ADD (ERROR, "moe.single-grouped-bias-needs-bias",
         FLAGS (F ("moe_single_grouped_bias"), F ("add_bias_linear")),
         _("Drop --moe-single-grouped-bias, or drop {--disable-bias-linear}."),
         _("%s needs linear-layer biases, which %s removes."), N ("moe_single_grouped_bias"), N ("add_bias_linear"));
}

/* The token dispatcher and its flex backends. */
static void
check_moe_dispatch (PlannerCheck *c)
{
  const char *dispatcher = c->dispatcher;
  const char *backend = c->flex_backend;
  gboolean grouped_gemm = ON ("moe_grouped_gemm");
  gboolean fuser = ON ("use_transformer_engine_op_fuser");

  if (ON ("moe_enable_deepep"))
    {
      if (!str_is (dispatcher, "flex"))
        ADD (ERROR, "moe.deepep-needs-flex", FLAGS (F ("moe_enable_deepep"), F ("moe_token_dispatcher_type")),
             _("Add {--moe-token-dispatcher-type} flex."),
             _("%s needs {--moe-token-dispatcher-type} flex; the dispatcher is %s."), N ("moe_enable_deepep"), dispatcher);
      if (str_is (arg_str (c->args, "moe_flex_dispatcher_backend", "deepep"), "hybridep"))
        ADD (ERROR, "moe.deepep-hybridep",
             FLAGS (F ("moe_enable_deepep"), F ("moe_flex_dispatcher_backend")),
             _("Drop --moe-enable-deepep (deprecated) and keep --moe-flex-dispatcher-backend hybridep, or the reverse."),
             _("%s asks for the DeepEP backend while %s asks for hybridep; the flex dispatcher takes one backend."),
             N ("moe_enable_deepep"), N ("moe_flex_dispatcher_backend"));
    }
  if (str_is (dispatcher, "flex") && ON ("moe_pad_expert_input_to_capacity") && str_is (backend, "deepep"))
    ADD (ERROR, "moe.flex-deepep-pad",
         FLAGS (F ("moe_pad_expert_input_to_capacity"), F ("moe_flex_dispatcher_backend")),
         _("Drop --moe-pad-expert-input-to-capacity, or use --moe-flex-dispatcher-backend hybridep."),
         _("The flex dispatcher with the DeepEP backend (the default backend) cannot pad expert inputs to capacity (%s)."),
         N ("moe_pad_expert_input_to_capacity"));
  if (str_is (backend, "ncclep"))
    {
      if (!str_is (dispatcher, "flex"))
        ADD (ERROR, "moe.ncclep-needs-flex",
             FLAGS (F ("moe_flex_dispatcher_backend"), F ("moe_token_dispatcher_type")),
             _("Add {--moe-token-dispatcher-type} flex."),
             _("%s ncclep needs {--moe-token-dispatcher-type} flex; the dispatcher is %s."),
             N ("moe_flex_dispatcher_backend"), dispatcher);
      if (c->grouped_tensor && !fuser)
        ADD (ERROR, "moe.ncclep-grouped-tensor",
             FLAGS (F ("moe_flex_dispatcher_backend"), F ("moe_use_grouped_tensor"), F ("use_transformer_engine_op_fuser")),
             _("Add --use-transformer-engine-op-fuser, or drop --moe-use-grouped-tensor, or pick another backend."),
             _("The ncclep backend does not yet take grouped-tensor expert weights without %s."),
             N ("use_transformer_engine_op_fuser"));
    }
  if (!str_is (arg_str (c->args, "moe_dispatch_fwd_dtype", "bf16"), "bf16")
      || !str_is (arg_str (c->args, "moe_combine_bwd_dtype", "bf16"), "bf16"))
    {
      const char *flag = F (str_is (arg_str (c->args, "moe_dispatch_fwd_dtype", "bf16"), "bf16")
                            ? "moe_combine_bwd_dtype" : "moe_dispatch_fwd_dtype");

      if (!str_is (dispatcher, "flex") || !str_is (backend, "ncclep"))
        ADD (ERROR, "moe.dispatch-dtype-ncclep",
             FLAGS (flag, F ("moe_token_dispatcher_type"), F ("moe_flex_dispatcher_backend")),
             _("Use {--moe-token-dispatcher-type} flex --moe-flex-dispatcher-backend ncclep, or keep bf16."),
             _("%s other than bf16 needs the flex dispatcher with the ncclep backend."), planner_words_name (WORDS, flag));
      if (!fuser || !grouped_gemm)
        ADD (ERROR, "moe.dispatch-dtype-fuser",
             FLAGS (flag, F ("use_transformer_engine_op_fuser"), F ("moe_grouped_gemm")),
             _("Add --use-transformer-engine-op-fuser and {--moe-grouped-gemm}, or keep bf16."),
             _("%s mxfp8 needs both %s and %s."), planner_words_name (WORDS, flag), N ("use_transformer_engine_op_fuser"), N ("moe_grouped_gemm"));
    }
  if (GIVEN ("moe_deepep_num_sms") && GIVEN ("moe_hybridep_num_sms") && !GIVEN ("moe_flex_dispatcher_num_sms")
      && arg_int (c->args, "moe_deepep_num_sms", 0) != arg_int (c->args, "moe_hybridep_num_sms", 0))
    ADD (ERROR, "moe.num-sms-conflict",
         FLAGS (F ("moe_deepep_num_sms"), F ("moe_hybridep_num_sms"), F ("moe_flex_dispatcher_num_sms")),
         _("Replace both with one --moe-flex-dispatcher-num-sms."),
         _("%s and %s (both deprecated) disagree; Megatron needs one SM count, %s."),
         N ("moe_deepep_num_sms"), N ("moe_hybridep_num_sms"), N ("moe_flex_dispatcher_num_sms"));
}

/* Shared experts, capacity, padding and paged stashing. */
static void
check_moe_capacity (PlannerCheck *c)
{
  const char *dispatcher = c->dispatcher;
  const char *backend = c->flex_backend;
  gboolean fuser = ON ("use_transformer_engine_op_fuser");
  const char *release = c->context != NULL ? c->context->megatron_version : NULL;

  if (GIVEN ("moe_shared_expert_intermediate_size"))
    {
      if (arg_int (c->args, "moe_shared_expert_intermediate_size", 0) <= 0)
        ADD (ERROR, "moe.shared-expert-size", FLAGS (F ("moe_shared_expert_intermediate_size")),
             _("Give the shared experts' total FFN size (shared experts × FFN size of each)."),
             _("%s must be positive."), N ("moe_shared_expert_intermediate_size"));
      /* Up to 0.17.1 only alltoall overlaps the shared experts; 0.18.2 added flex. */
      if (ON ("moe_shared_expert_overlap") && !str_is (dispatcher, "alltoall")
          && !planner_release_at_least (release, "0.18.2"))
        ADD (ERROR, "moe.shared-expert-overlap-dispatcher",
             FLAGS (F ("moe_shared_expert_overlap"), F ("moe_token_dispatcher_type")),
             _("Use {--moe-token-dispatcher-type} alltoall."),
             _("Megatron-Core %s overlaps the shared experts (%s) only with the alltoall token dispatcher; "
               "the dispatcher is %s."), release, N ("moe_shared_expert_overlap"), dispatcher);
      else if (ON ("moe_shared_expert_overlap") && !str_is (dispatcher, "alltoall") && !str_is (dispatcher, "flex"))
        ADD (ERROR, "moe.shared-expert-overlap-dispatcher",
             FLAGS (F ("moe_shared_expert_overlap"), F ("moe_token_dispatcher_type")),
             _("Use {--moe-token-dispatcher-type} alltoall (or flex)."),
             _("%s needs the alltoall or flex token dispatcher; the dispatcher is %s."),
             N ("moe_shared_expert_overlap"), dispatcher);
    }

  {
    guint n_types = arg_list_length (c->args, "moe_router_load_balancing_type");
    guint n_coeffs = GIVEN ("moe_aux_loss_coeff") ? arg_list_length (c->args, "moe_aux_loss_coeff") : 1;

    /* A one-element list is unwrapped first; a longer list of types
     * needs a list of coefficients of the same length. */
    if (n_types > 1 && n_coeffs != n_types)
      ADD (ERROR, "moe.balancing-coeff-length",
           FLAGS (F ("moe_router_load_balancing_type"), F ("moe_aux_loss_coeff")),
           _("Give one {--moe-aux-loss-coeff} value per load-balancing type."),
           g_dngettext (GETTEXT_PACKAGE, "%u load-balancing types but %u auxiliary-loss coefficient.",
                        "%u load-balancing types but %u auxiliary-loss coefficients.", n_coeffs),
           n_types, n_coeffs);
  }

  if (GIVEN ("moe_expert_capacity_factor"))
    {
      static const char *const dropping[] = { "aux_loss", "seq_aux_loss", "global_aux_loss", "none", NULL };
      const char *const *types = planner_args_get_list (c->args, "moe_router_load_balancing_type");
      const char *single = arg_str (c->args, "moe_router_load_balancing_type", "aux_loss");
      const char *bad = NULL;

      if (planner_args_get_double (c->args, "moe_expert_capacity_factor", -1.0) < 0.0)
        ADD (WARNING, "moe.capacity-factor-negative", FLAGS (F ("moe_expert_capacity_factor")), NULL,
             _("A negative %s is turned into \"no capacity limit\" (no token dropping)."),
             N ("moe_expert_capacity_factor"));
      for (guint i = 0; types != NULL && types[i] != NULL && bad == NULL; i++)
        if (!g_strv_contains (dropping, types[i]))
          bad = types[i];
      if (types == NULL && !g_strv_contains (dropping, single))
        bad = single;
      if (bad != NULL)
        ADD (ERROR, "moe.capacity-factor-balancing",
             FLAGS (F ("moe_expert_capacity_factor"), F ("moe_router_load_balancing_type")),
             _("Use {--moe-router-load-balancing-type} aux_loss, seq_aux_loss, global_aux_loss or none."),
             _("Token dropping with %s works only with the aux_loss, seq_aux_loss, global_aux_loss or none "
               "load balancing, not %s."), N ("moe_expert_capacity_factor"), bad);
    }
  if (ON ("moe_pad_expert_input_to_capacity")
      && planner_args_get_double (c->args, "moe_expert_capacity_factor", -1.0) < 0.0)
    ADD (ERROR, "moe.pad-needs-capacity",
         FLAGS (F ("moe_pad_expert_input_to_capacity"), F ("moe_expert_capacity_factor")),
         _("Add a non-negative --moe-expert-capacity-factor, or drop the padding flag."),
         _("%s needs %s (a negative factor counts as none)."),
         N ("moe_pad_expert_input_to_capacity"), N ("moe_expert_capacity_factor"));

  if (GIVEN ("moe_expert_rank_capacity_factor"))
    {
      if (!str_is (backend, "hybridep") && !str_is (backend, "ncclep"))
        ADD (ERROR, "moe.rank-capacity-backend",
             FLAGS (F ("moe_expert_rank_capacity_factor"), F ("moe_flex_dispatcher_backend")),
             _("Add --moe-flex-dispatcher-backend hybridep (or ncclep)."),
             _("%s needs the hybridep or ncclep flex backend; the backend is %s."),
             N ("moe_expert_rank_capacity_factor"), backend);
      else if (str_is (backend, "hybridep") && !fuser && !c->grouped_tensor)
        ADD (ERROR, "moe.rank-capacity-hybridep",
             FLAGS (F ("moe_expert_rank_capacity_factor"), F ("use_transformer_engine_op_fuser"),
                    F ("moe_use_grouped_tensor")),
             _("Add --use-transformer-engine-op-fuser or --moe-use-grouped-tensor."),
             _("%s with the hybridep backend needs %s or %s."), N ("moe_expert_rank_capacity_factor"),
             N ("use_transformer_engine_op_fuser"), N ("moe_use_grouped_tensor"));
    }

  if (ON ("moe_paged_stash"))
    {
      static const char *const inside[] = { "expert_fc1", "moe_act", "fused_group_mlp" };

      if (c->cpu_offloading)
        ADD (ERROR, "moe.paged-stash-cpu-offloading",
             FLAGS (F ("moe_paged_stash"), F ("cpu_offloading_num_layers")),
             _("Use one of the two."), _("%s cannot be combined with CPU activation offloading (%s)."),
             N ("moe_paged_stash"), N ("cpu_offloading_num_layers"));
      if (!GIVEN ("moe_expert_rank_capacity_factor"))
        ADD (ERROR, "moe.paged-stash-rank-capacity",
             FLAGS (F ("moe_paged_stash"), F ("moe_expert_rank_capacity_factor")),
             _("Add --moe-expert-rank-capacity-factor, or drop --moe-paged-stash."),
             _("%s is useful only with %s, and Megatron requires it."),
             N ("moe_paged_stash"), N ("moe_expert_rank_capacity_factor"));
      for (guint i = 0; i < G_N_ELEMENTS (inside); i++)
        if (planner_check_offload_module (c, inside[i]))
          {
            ADD (ERROR, "moe.paged-stash-offload-modules",
                 FLAGS (F ("moe_paged_stash"), F ("offload_modules")),
                 _("Remove expert_fc1, moe_act and fused_group_mlp from --offload-modules."),
                 _("%s already keeps the expert activations; offloading %s as well is refused."),
                 N ("moe_paged_stash"), inside[i]);
            break;
          }
    }
}

/* The router, grouped GEMM's hardware, latent experts and upcycling. */
static void
check_moe_router (PlannerCheck *c)
{
  const char *dispatcher = c->dispatcher;
  gboolean grouped_gemm = ON ("moe_grouped_gemm");

  if (ON ("moe_router_enable_expert_bias")
      && !str_is (arg_str (c->args, "moe_router_score_function", "softmax"), "sigmoid")
      && !str_is (arg_str (c->args, "moe_router_score_function", "softmax"), "sqrtsoftplus"))
    ADD (ERROR, "moe.expert-bias-needs-sigmoid",
         FLAGS (F ("moe_router_enable_expert_bias"), F ("moe_router_score_function")),
         _("Add {--moe-router-score-function} sigmoid."),
         _("%s works only with sigmoid or sqrtsoftplus router scores, not softmax."), N ("moe_router_enable_expert_bias"));

  if (ON ("moe_router_padding_for_quantization") || ON ("moe_router_padding_for_fp8"))
    {
      const char *flag = F (ON ("moe_router_padding_for_fp8") ? "moe_router_padding_for_fp8"
                                                             : "moe_router_padding_for_quantization");

      if (!c->fp8 && !c->fp4)
        ADD (ERROR, "moe.padding-for-quantization-needs-fp8", FLAGS (flag, F ("fp8")),
             _("Add {--fp8-format} (or --fp4-format), or drop the padding flag."),
             _("%s pads the routing map for FP8/FP4 GEMMs and is refused without {--fp8-format} or --fp4-format."), planner_words_name (WORDS, flag));
      if (str_is (dispatcher, "allgather") || str_is (dispatcher, "alltoall_seq"))
        ADD (ERROR, "moe.padding-for-quantization-allgather", FLAGS (flag, F ("moe_token_dispatcher_type")),
             _("Use {--moe-token-dispatcher-type} alltoall or flex."),
             GIVEN ("moe_token_dispatcher_type")
             ? _("%s is refused with the %s token dispatcher.")
             : _("%s is refused with the %s token dispatcher (the default)."), planner_words_name (WORDS, flag), dispatcher);
    }

  if (arg_int (c->args, "moe_router_topk", 2) == 1
      && str_is (arg_str (c->args, "moe_router_score_function", "softmax"), "softmax")
      && !ON ("moe_router_pre_softmax")
      && !(arg_list_length (c->args, "moe_router_load_balancing_type") <= 1
           && str_is (arg_str (c->args, "moe_router_load_balancing_type", "aux_loss"), "sinkhorn")))
    ADD (ERROR, "moe.topk1-needs-pre-softmax", FLAGS (F ("moe_router_topk"), F ("moe_router_pre_softmax")),
         _("Add --moe-router-pre-softmax."),
         _("Top-1 routing with softmax scores needs %s (softmax over a single expert has a zero gradient)."),
         N ("moe_router_pre_softmax"));

  if (arg_int (c->args, "moe_router_group_topk", 0) != 0)
    {
      gint64 groups = arg_int (c->args, "moe_router_num_groups", 0);
      gint64 group_topk = arg_int (c->args, "moe_router_group_topk", 0);

      if (groups == 0)
        ADD (ERROR, "moe.router-group-topk-needs-groups",
             FLAGS (F ("moe_router_group_topk"), F ("moe_router_num_groups")),
             _("Add --moe-router-num-groups (for example the number of EP ranks or nodes)."),
             _("Group-limited routing (%s) needs %s."), N ("moe_router_group_topk"), N ("moe_router_num_groups"));
      else if (groups < 0 || c->num_experts == 0 || c->num_experts % (guint64) groups != 0 || group_topk > groups)
        ADD (ERROR, "moe.router-groups",
             FLAGS (F ("moe_router_num_groups"), F ("moe_router_group_topk"), F ("num_experts")),
             _("Use a group count that divides the experts and a group top-k no larger than it."),
             _("Group-limited routing needs the %" PRIu64 " experts to split evenly into %s (%"
               PRId64 ") groups and %s (%" PRId64 ") ≤ the number of groups."),
             c->num_experts, N ("moe_router_num_groups"), groups, N ("moe_router_group_topk"), group_topk);
    }

  if (grouped_gemm && c->context != NULL
      && c->context->compute_capability_major != 0 && c->context->compute_capability_major < 8)
    ADD (ERROR, "moe.grouped-gemm-cc", FLAGS (F ("moe_grouped_gemm")),
         _("Drop {--moe-grouped-gemm} on this GPU, or use an Ampere or newer GPU."),
         _("%s needs a GPU of compute capability 8.0 or newer; this one is %u.x."),
         N ("moe_grouped_gemm"), c->context->compute_capability_major);

  if (GIVEN ("moe_latent_size"))
    {
      if (arg_int (c->args, "moe_latent_size", 0) <= 0)
        ADD (ERROR, "moe.latent-size-positive", FLAGS (F ("moe_latent_size")),
             _("Give a positive latent dimension, or drop the flag."),
             _("%s must be greater than zero."), N ("moe_latent_size"));
      if (c->num_experts == 0)
        ADD (ERROR, "moe.latent-needs-experts", FLAGS (F ("moe_latent_size"), F ("num_experts")),
             _("Add {--num-experts}, or drop --moe-latent-size."),
             _("%s projects tokens into a latent space for the experts; the model has no experts."),
             N ("moe_latent_size"));
    }

  if (ON ("moe_use_upcycling") && !GIVEN ("save"))
    ADD (ERROR, "moe.upcycling-needs-save", FLAGS (F ("moe_use_upcycling"), F ("save")),
         _("Add {--save} with the directory for the upcycled checkpoint."),
         _("%s writes the upcycled MoE checkpoint and needs %s."), N ("moe_use_upcycling"), N ("save"));
}

/* Rules of TransformerConfig that hold whether or not the model has
 * experts: the dispatcher, router and grouped-GEMM switches are checked
 * at start-up even for a dense model. */
static void
check_moe_switches (PlannerCheck *c)
{
  check_moe_grouped_weights (c);
  check_moe_dispatch (c);
  check_moe_capacity (c);
  check_moe_router (c);
}

/* What --overlap-moe-expert-parallel-comm needs (TransformerConfig), in
 * the order the refusal lists them: each bit with the words of the
 * refusal.  "EP > 1" is not translated, as it never was. */
static const struct
{
  PlannerEpOverlapNeed need;
  const char          *text;
  gboolean             translate;
} overlap_needs[] = {
  { PLANNER_EP_OVERLAP_NEEDS_EP, "EP > 1", FALSE },
  { PLANNER_EP_OVERLAP_NEEDS_DISPATCHER, N_("the alltoall or flex dispatcher"), TRUE },
  { PLANNER_EP_OVERLAP_NEEDS_HALF_PRECISION, N_("{--bf16} or {--fp16}"), TRUE },
  { PLANNER_EP_OVERLAP_NO_FULL_RECOMPUTE, N_("no full recompute"), TRUE },
  { PLANNER_EP_OVERLAP_NO_RECOMPUTE_METHOD, N_("no {--recompute-method}"), TRUE },
  { PLANNER_EP_OVERLAP_NO_RECOMPUTE_NUM_LAYERS, N_("no {--recompute-num-layers}"), TRUE },
  { PLANNER_EP_OVERLAP_NO_MOE_RECOMPUTE, N_("no \"moe\" in {--recompute-modules}"), TRUE },
  { PLANNER_EP_OVERLAP_NO_SHARED_EXPERT_OVERLAP, N_("no --moe-shared-expert-overlap"), TRUE },
  { PLANNER_EP_OVERLAP_AT_MOST_ONE_MTP_LAYER, N_("at most one MTP layer"), TRUE },
  { PLANNER_EP_OVERLAP_NEEDS_VPP, N_("a virtual pipeline when PP > 1"), TRUE },
  { PLANNER_EP_OVERLAP_NO_NCCLEP_FC1_OFFLOAD, N_("no expert_fc1 offloading with the ncclep backend"), TRUE },
  { PLANNER_EP_OVERLAP_NO_TE_GRAPH_MOE,
    N_("no moe or mlp in --cuda-graph-modules with Transformer Engine CUDA graphs"), TRUE },
};

PlannerEpOverlapNeed
planner_check_ep_overlap_unmet (const PlannerCheck *c)
{
  PlannerEpOverlapNeed unmet = 0;

  if (c->d.ep <= 1)
    unmet |= PLANNER_EP_OVERLAP_NEEDS_EP;
  if (!str_is (c->dispatcher, "alltoall") && !str_is (c->dispatcher, "flex"))
    unmet |= PLANNER_EP_OVERLAP_NEEDS_DISPATCHER;
  if (!ON ("bf16") && !ON ("fp16"))
    unmet |= PLANNER_EP_OVERLAP_NEEDS_HALF_PRECISION;
  if (str_is (c->recompute, "full"))
    unmet |= PLANNER_EP_OVERLAP_NO_FULL_RECOMPUTE;
  if (GIVEN ("recompute_method"))
    unmet |= PLANNER_EP_OVERLAP_NO_RECOMPUTE_METHOD;
  if (GIVEN ("recompute_num_layers"))
    unmet |= PLANNER_EP_OVERLAP_NO_RECOMPUTE_NUM_LAYERS;
  if (planner_check_recompute_module (c, "moe")
      && planner_release_at_least (c->context != NULL ? c->context->megatron_version : NULL, "0.17.1"))
    unmet |= PLANNER_EP_OVERLAP_NO_MOE_RECOMPUTE;
  if (ON ("moe_shared_expert_overlap"))
    unmet |= PLANNER_EP_OVERLAP_NO_SHARED_EXPERT_OVERLAP;
  if (arg_int (c->args, "mtp_num_layers", 0) > 1)
    unmet |= PLANNER_EP_OVERLAP_AT_MOST_ONE_MTP_LAYER;
  if (c->d.pp > 1 && c->d.vpp <= 1)
    unmet |= PLANNER_EP_OVERLAP_NEEDS_VPP;
  if (str_is (c->dispatcher, "flex") && str_is (c->flex_backend, "ncclep")
      && ON ("fine_grained_activation_offloading") && planner_check_offload_module (c, "expert_fc1"))
    unmet |= PLANNER_EP_OVERLAP_NO_NCCLEP_FC1_OFFLOAD;
  if (str_is (c->cuda_graph_impl, "transformer_engine")
      && (planner_check_graph_module (c, "moe") || planner_check_graph_module (c, "mlp")))
    unmet |= PLANNER_EP_OVERLAP_NO_TE_GRAPH_MOE;
  return unmet;
}

/* The expert-parallel overlap and its companions (TransformerConfig). */
static void
check_moe_overlap (PlannerCheck *c)
{
  gboolean overlap = ON ("overlap_moe_expert_parallel_comm");

  if (overlap)
    {
      PlannerEpOverlapNeed unmet = planner_check_ep_overlap_unmet (c);
      g_autoptr(GPtrArray) why = g_ptr_array_new_with_free_func (g_free);

      /* Each need a template, named in the message's words. */
      for (guint i = 0; i < G_N_ELEMENTS (overlap_needs); i++)
        {
          if (unmet & overlap_needs[i].need)
            g_ptr_array_add (why, planner_words_fill (WORDS, overlap_needs[i].translate ? _(overlap_needs[i].text)
                                                                                         : overlap_needs[i].text,
                                                      FALSE));
        }
      if (why->len > 0)
        {
          g_autofree char *list = join_list (why);

          ADD (ERROR, "moe.overlap-ep-comm", FLAGS (F ("overlap_moe_expert_parallel_comm")),
               _("Meet the requirements, or drop the flag."),
               _("%s needs: %s."), N ("overlap_moe_expert_parallel_comm"), list);
        }
    }

  /* From 0.14.0; 0.13.1 refuses it with --overlap-grad-reduce instead (planner_check_release). */
  if (ON ("delay_wgrad_compute") && !overlap
      && planner_release_at_least (c->context != NULL ? c->context->megatron_version : NULL, "0.14.0"))
    ADD (ERROR, "wgrad.delay-needs-ep-overlap",
         FLAGS (F ("delay_wgrad_compute"), F ("overlap_moe_expert_parallel_comm")),
         _("Add {--overlap-moe-expert-parallel-comm} (with its requirements), or drop --delay-wgrad-compute."),
         _("%s is part of the expert-parallel overlap and is refused without %s."),
         N ("delay_wgrad_compute"), N ("overlap_moe_expert_parallel_comm"));

  if (ON ("overlap_dispatch_backward_with_experts_wgrad"))
    {
      if (overlap)
        ADD (ERROR, "moe.overlap-dispatch-wgrad-ep-overlap",
             FLAGS (F ("overlap_dispatch_backward_with_experts_wgrad"), F ("overlap_moe_expert_parallel_comm")),
             _("Keep one of the two overlaps."),
             _("%s cannot be combined with %s."), N ("overlap_dispatch_backward_with_experts_wgrad"),
             N ("overlap_moe_expert_parallel_comm"));
      if (ON ("delay_wgrad_compute"))
        ADD (ERROR, "moe.overlap-dispatch-wgrad-delay",
             FLAGS (F ("overlap_dispatch_backward_with_experts_wgrad"), F ("delay_wgrad_compute")),
             _("Keep one of the two."), _("%s and %s are mutually exclusive."),
             N ("overlap_dispatch_backward_with_experts_wgrad"), N ("delay_wgrad_compute"));
    }

  if (ON ("ep_overlap_early_attn_memory_release") && !overlap)
    ADD (ERROR, "moe.early-attn-release-needs-overlap",
         FLAGS (F ("ep_overlap_early_attn_memory_release"), F ("overlap_moe_expert_parallel_comm")),
         _("Add {--overlap-moe-expert-parallel-comm}, or drop the flag."),
         _("%s only works together with %s."), N ("ep_overlap_early_attn_memory_release"),
         N ("overlap_moe_expert_parallel_comm"));
}

/* Rules older releases hold that 0.20.0 dropped (issue 20). */
static void
check_moe_release (PlannerCheck *c)
{
  const char *release = c->context != NULL ? c->context->megatron_version : NULL;

  if (release == NULL)
    return;
  /* model_parallel_config.py up to 0.14.0. */
  if (!planner_release_at_least (release, "0.15.3") && c->d.ep > 1 && c->d.tp > 1 && !ON ("sequence_parallel"))
    ADD (ERROR, "moe.ep-tp-needs-sequence-parallel",
         FLAGS (F ("expert_model_parallel_size"), F ("tensor_model_parallel_size"), F ("sequence_parallel")),
         _("Add {--sequence-parallel}, or plan for Megatron-Core 0.15 or newer."),
         _("Megatron-Core %s refuses expert parallelism (EP %" PRIu64 ") with tensor parallelism (TP %" PRIu64 ") "
           "unless %s is on."), release, c->d.ep, c->d.tp, N ("sequence_parallel"));
  /* transformer_config of 0.13.1 and 0.14.0: no linear biases in a MoE model at all. */
  if (planner_release_at_least (release, "0.13.1") && !planner_release_at_least (release, "0.15.3")
      && arg_bool (c->args, "add_bias_linear", TRUE))
    {
      g_autofree char *fix = g_strdup_printf (_("Turn the linear biases off (%s), or plan for Megatron-Core 0.15 or "
                                                "newer."), N ("add_bias_linear"));

      ADD (ERROR, "moe.bias-unsupported", FLAGS (F ("add_bias_linear"), F ("num_experts")), fix,
           _("Megatron-Core %s does not support linear biases in MoE models. This model has linear biases."),
           release);
    }
  /* validate_args up to 0.15.3. */
  if (!planner_release_at_least (release, "0.16.1") && c->d.ep > 1 && ON ("fp16"))
    ADD (ERROR, "moe.ep-fp16", FLAGS (F ("expert_model_parallel_size"), F ("fp16")),
         _("Train in bf16, use EP 1, or plan for Megatron-Core 0.16 or newer."),
         _("Megatron-Core %s refuses expert parallelism (EP %" PRIu64 ") with %s."), release, c->d.ep, N ("fp16"));
  /* TransformerConfig of 0.16.1 and 0.17.1: the expert-parallel overlap
   * with one MTP layer needs pipeline parallelism. */
  if (planner_release_at_least (release, "0.16.1") && !planner_release_at_least (release, "0.18.2")
      && ON ("overlap_moe_expert_parallel_comm") && arg_int (c->args, "mtp_num_layers", 0) == 1 && c->d.pp <= 1)
    ADD (ERROR, "moe.overlap-ep-comm-mtp-pp",
         FLAGS (F ("overlap_moe_expert_parallel_comm"), F ("mtp_num_layers"), F ("pipeline_model_parallel_size")),
         _("Use PP above 1, drop the overlap, or plan for Megatron-Core 0.18 or newer."),
         _("Megatron-Core %s runs %s with one MTP layer only with pipeline parallelism (PP above 1)."), release,
         N ("overlap_moe_expert_parallel_comm"));
  /* validate_args up to 0.15.3. */
  if (!planner_release_at_least (release, "0.16.1") && ON ("moe_grouped_gemm") && !ON ("bf16"))
    ADD (ERROR, "moe.grouped-gemm-needs-bf16", FLAGS (F ("moe_grouped_gemm"), F ("bf16")),
         _("Train in bf16 (with or without FP8), drop {--moe-grouped-gemm}, or plan for Megatron-Core 0.16 or newer."),
         _("Megatron-Core %s runs %s only with %s."), release, N ("moe_grouped_gemm"), N ("bf16"));
}

guint64
planner_check_ep_fit (const PlannerCheck *c)
{
  return c->world != 0 && c->world % (c->d.etp * c->d.pp) == 0 ? c->world / (c->d.etp * c->d.pp) : 0;
}

void
planner_check_moe (PlannerCheck *c)
{
  check_moe_switches (c);
  check_moe_overlap (c);
  if (c->num_experts > 0)
    check_moe_release (c);

  if (GIVEN ("num_experts") && arg_int (c->args, "num_experts", 0) == 0)
    ADD (WARNING, "moe.num-experts-zero", FLAGS (F ("num_experts")),
         _("Drop {--num-experts} for a dense model."),
         _("%s 0 is turned into \"no experts\": the model is dense."), N ("num_experts"));

  if (c->d.ep > 1 && c->num_experts == 0)
    {
      ADD (ERROR, "moe.ep-without-experts", FLAGS (F ("expert_model_parallel_size"), F ("num_experts")),
           _("Drop {--expert-model-parallel-size}, or add {--num-experts}."),
           _("%s %" PRIu64 " needs a mixture-of-experts model, but %s is not set."),
           N ("expert_model_parallel_size"), c->d.ep, N ("num_experts"));
      return;
    }
  if (c->num_experts == 0)
    return;
  if (c->num_experts % c->d.ep != 0)
    {
      g_autofree char *choices = format_divisors (c->num_experts, planner_check_ep_fit (c));
      guint64 fit = planner_check_ep_fit (c);

      ADD (ERROR, "moe.experts-not-divisible-by-ep", FLAGS (F ("num_experts"), F ("expert_model_parallel_size")),
           _("Pick an expert-parallel size that divides the number of experts."),
           /* Megatron's words on the command line, the form's in the window. */
           planner_words_get_kind (WORDS) == PLANNER_WORDS_FORM
           ? (fit != 0
              ? _("Number of experts should be a multiple of the expert-parallel size: %" PRIu64
                  " experts over EP %" PRIu64 ". Valid %s values that fit the GPUs: %s.")
              : _("Number of experts should be a multiple of the expert-parallel size: %" PRIu64
                  " experts over EP %" PRIu64 ". Valid %s values: %s."))
           : fit != 0
           ? _("Number of experts should be a multiple of expert model parallel_size: %" PRIu64
               " experts over EP %" PRIu64 ". Valid %s values that fit the GPUs: %s.")
           : _("Number of experts should be a multiple of expert model parallel_size: %" PRIu64
               " experts over EP %" PRIu64 ". Valid %s values: %s."),
           c->num_experts, c->d.ep, N ("expert_model_parallel_size"),
           /* translators: in place of a list of valid values */
           choices != NULL ? choices : _("none"));
    }

  /* 0.12.0 has no such rule; 0.13.1 and 0.14.0 refuse any bias (check_moe_release). */
  if (arg_bool (c->args, "add_bias_linear", TRUE) && c->d.etp != 1
      && planner_release_at_least (c->context != NULL ? c->context->megatron_version : NULL, "0.15.3"))
    {
      /* transformer_config:2613.  Worded so that it reads right both with
       * flags and with the form's labels (N). */
      g_autofree char *fix = g_strdup_printf (_("Set %s to 1 (whole experts per GPU), or turn the linear biases off "
                                                "(%s)."),
                                              N ("expert_tensor_parallel_size"), N ("add_bias_linear"));

      ADD (ERROR, "moe.bias-needs-etp-1",
           FLAGS (F ("add_bias_linear"), F ("expert_tensor_parallel_size"), F ("tensor_model_parallel_size")), fix,
           c->d.etp_given
           ? _("Megatron supports linear biases in MoE layers only when %s is 1, and it is %" PRIu64 ". This model "
               "has linear biases.")
           : _("Megatron supports linear biases in MoE layers only when %s is 1, and it is %" PRIu64 " (it defaults "
               "to TP). This model has linear biases."),
           N ("expert_tensor_parallel_size"), c->d.etp);
    }
  else if (!c->d.etp_given && c->d.tp > 1)
    ADD (INFO, "moe.etp-defaults-to-tp", FLAGS (F ("expert_tensor_parallel_size"), F ("tensor_model_parallel_size")),
         _("Set {--expert-tensor-parallel-size} 1 to keep experts whole (often faster with EP)."),
         _("Expert tensor parallelism is not given, so it defaults to TP %" PRIu64 ": every expert is split "
           "over %" PRIu64 " GPUs."), c->d.tp, c->d.tp);

  if (!has_value (c->args, "moe_ffn_hidden_size"))
    ADD (INFO, "moe.ffn-default", FLAGS (F ("moe_ffn_hidden_size"), F ("ffn_hidden_size")),
         NULL, _("%s is not given, so each expert uses the dense FFN size (%s)."),
         N ("moe_ffn_hidden_size"), N ("ffn_hidden_size"));

  {
    guint64 moe_ffn = c->config != NULL ? c->config->moe_ffn_hidden_size : arg_pos (c->args, "moe_ffn_hidden_size");

    if (moe_ffn != 0 && moe_ffn % c->d.etp != 0)
      ADD (ERROR, "moe.ffn-not-divisible-by-etp",
           FLAGS (F ("moe_ffn_hidden_size"), F ("expert_tensor_parallel_size")),
           _("Pick an ETP that divides the expert FFN size."),
           _("The expert FFN size %" PRIu64 " is not divisible by ETP %" PRIu64
             ": the job dies when the model is built."), moe_ffn, c->d.etp);
  }

  {
    gint64 topk = arg_int (c->args, "moe_router_topk", 2);

    if (topk <= 0 || (guint64) topk > c->num_experts)
      ADD (ERROR, "moe.topk-range", FLAGS (F ("moe_router_topk"), F ("num_experts")),
           _("Route each token to between 1 and the number of experts."),
           _("%s %" PRId64 " must be between 1 and the %" PRIu64 " experts."),
           N ("moe_router_topk"), topk, c->num_experts);
  }
}
