/* planner-validate.c
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

#include <string.h>

/* A flag named in a message, in the words it is made for (issue 19). */
#define NAME_OF(dest) planner_words_name (words, flag_for (args, (dest)))

/* ------------------------------------------------------------------ */
/* Degrees and the virtual pipeline                                     */
/* ------------------------------------------------------------------ */

/* NULL @diagnostics mutes every message: planner_validate re-resolves the
 * degrees silently when it has no layout. */
static gboolean
read_degree (const PlannerArgs *args,
             const char        *dest,
             guint64            fallback,
             guint64           *out,
             const PlannerWords *words,
             GPtrArray         *diagnostics)
{
  gint64 value = arg_int (args, dest, (gint64) fallback);

  if (value >= 1 && (guint64) value <= PLANNER_MAX_WORLD_SIZE)
    {
      *out = (guint64) value;
      return TRUE;
    }

  *out = 1;
  if (diagnostics != NULL)
    planner_diagnostics_add_in (diagnostics, words, PLANNER_SEVERITY_ERROR, "layout.invalid-degree",
                             FLAGS (flag_for (args, dest)),
                             _("Give a whole number of at least 1."),
                             _("%s is %" PRId64 ": a parallel size must be between 1 and %u."),
                             NAME_OF (dest), value, (guint) PLANNER_MAX_WORLD_SIZE);
  return FALSE;
}

/* The virtual pipeline size from whichever source is given (facts §2.4). */
static void
resolve_vpp (const PlannerArgs  *args,
             Degrees            *d,
             const PlannerWords *words,
             GPtrArray          *diagnostics)
{
  gboolean per_stage = has_value (args, "num_layers_per_virtual_pipeline_stage");
  gboolean per_rank = has_value (args, "num_virtual_stages_per_pipeline_rank");
  gboolean layout = has_value (args, "pipeline_model_parallel_layout");
  guint64 layers = pipeline_layers (args);
  guint64 vpp = 1;

  d->vpp = 1;

  if (per_stage + per_rank + layout > 1)
    {
      if (diagnostics != NULL)
        planner_diagnostics_add_in (diagnostics, words, PLANNER_SEVERITY_ERROR, "pipeline.vpp-sources",
                                 FLAGS (flag_for (args, "num_layers_per_virtual_pipeline_stage"),
                                        flag_for (args, "num_virtual_stages_per_pipeline_rank"),
                                        flag_for (args, "pipeline_model_parallel_layout")),
                                 _("Keep only one; {--num-virtual-stages-per-pipeline-rank} is the simplest."),
                                 _("Megatron accepts at most one of %s, %s and %s: each one sets the virtual pipeline size."),
                                 NAME_OF ("num_layers_per_virtual_pipeline_stage"),
                                 NAME_OF ("num_virtual_stages_per_pipeline_rank"),
                                 NAME_OF ("pipeline_model_parallel_layout"));
      return;
    }

  if (per_stage)
    {
      const char *flag = flag_for (args, "num_layers_per_virtual_pipeline_stage");
      guint64 n = arg_pos (args, "num_layers_per_virtual_pipeline_stage");

      if (n == 0)
        {
          if (diagnostics != NULL)
            planner_diagnostics_add_in (diagnostics, words, PLANNER_SEVERITY_ERROR, "pipeline.vpp-layers",
                                     FLAGS (flag), _("Give a positive number of layers."),
                                     _("%s must be a positive number of layers."), planner_words_name (words, flag));
          return;
        }
      if (has_uneven_stages (args))
        {
          if (diagnostics != NULL)
            planner_diagnostics_add_in (diagnostics, words, PLANNER_SEVERITY_ERROR, "pipeline.vpp-layers",
                                     FLAGS (flag, flag_for (args, has_value (args, "decoder_first_pipeline_num_layers")
                                                                  ? "decoder_first_pipeline_num_layers"
                                                                  : "decoder_last_pipeline_num_layers")),
                                     _("Use {--num-virtual-stages-per-pipeline-rank} instead."),
                                     _("%s cannot be combined with uneven first or last pipeline stages; "
                                       "Megatron asks for {--num-virtual-stages-per-pipeline-rank}."), planner_words_name (words, flag));
          return;
        }
      if (layers == 0)
        return;
      if (layers % d->pp != 0 || (layers / d->pp) % n != 0)
        {
          g_autofree char *choices = layers % d->pp == 0 ? format_divisors (layers / d->pp, 0) : NULL;

          if (diagnostics != NULL)
            planner_diagnostics_add_in (diagnostics, words, PLANNER_SEVERITY_ERROR, "pipeline.vpp-layers",
                                     FLAGS (flag, flag_for (args, "num_layers"),
                                            flag_for (args, "pipeline_model_parallel_size")),
                                     _("Pick a layer count per virtual stage that divides the layers per pipeline rank."),
                                     _("%" PRIu64 " layers (counting the embedding and loss when accounted for) "
                                       "must split evenly over PP %" PRIu64 " and then into virtual stages of "
                                       "%" PRIu64 " layers. Valid %s values: %s."),
                                     layers, d->pp, n, planner_words_name (words, flag),
                                     /* translators: in place of a list of valid values */
                                     choices != NULL ? choices : _("none for this PP"));
          return;
        }
      vpp = (layers / d->pp) / n;
    }
  else if (per_rank)
    {
      const char *flag = flag_for (args, "num_virtual_stages_per_pipeline_rank");

      vpp = arg_pos (args, "num_virtual_stages_per_pipeline_rank");
      if (vpp == 0 || vpp > G_MAXUINT32)
        {
          if (diagnostics != NULL)
            planner_diagnostics_add_in (diagnostics, words, PLANNER_SEVERITY_ERROR, "pipeline.vpp-layers",
                                     FLAGS (flag), _("Give a positive number of virtual stages."),
                                     _("%s must be a positive number of virtual stages."), planner_words_name (words, flag));
          return;
        }
    }
  else if (layout)
    {
      const char *flag = flag_for (args, "pipeline_model_parallel_layout");
      const char *text = arg_str (args, "pipeline_model_parallel_layout", "");
      guint64 stages = 0;

      if (!layout_string_stages (text, &stages))
        {
          if (diagnostics != NULL)
            planner_diagnostics_add_in (diagnostics, words, PLANNER_SEVERITY_WARNING, "pipeline.layout-unreadable",
                                     FLAGS (flag), NULL,
                                     _("The planner cannot read the pipeline layout \"%s\"; it assumes no virtual pipeline."),
                                     text);
          return;
        }
      if (stages % d->pp != 0)
        {
          if (diagnostics != NULL)
            planner_diagnostics_add_in (diagnostics, words, PLANNER_SEVERITY_ERROR, "pipeline.layout-stages",
                                     FLAGS (flag, flag_for (args, "pipeline_model_parallel_size")),
                                     _("Write a layout whose number of '|'-separated stages is a multiple of PP."),
                                     _("The pipeline layout has %" PRIu64 " stages, which is not a multiple of "
                                       "PP %" PRIu64 "."), stages, d->pp);
          return;
        }
      vpp = stages / d->pp;
    }

  if (vpp > 1 && d->pp == 1)
    {
      if (diagnostics != NULL)
        planner_diagnostics_add_in (diagnostics, words, PLANNER_SEVERITY_ERROR, "layout.vpp-needs-pp",
                                 FLAGS (flag_for (args, per_stage ? "num_layers_per_virtual_pipeline_stage"
                                                  : per_rank ? "num_virtual_stages_per_pipeline_rank"
                                                  : "pipeline_model_parallel_layout"),
                                        flag_for (args, "pipeline_model_parallel_size")),
                                 _("Raise {--pipeline-model-parallel-size} above 1, or drop the virtual pipeline."),
                                 _("A virtual (interleaved) pipeline of %" PRIu64 " stages needs pipeline "
                                   "parallelism: with PP 1 Megatron stops with \"pipeline-model-parallel size should be "
                                   "greater than 1 with interleaved schedule\"."), vpp);
      return;
    }

  d->vpp = vpp;
}

static gboolean
resolve_degrees (const PlannerArgs  *args,
                 Degrees            *d,
                 const PlannerWords *words,
                 GPtrArray          *diagnostics)
{
  gboolean ok = TRUE;

  memset (d, 0, sizeof *d);
  ok &= read_degree (args, "tensor_model_parallel_size", 1, &d->tp, words, diagnostics);
  ok &= read_degree (args, "pipeline_model_parallel_size", 1, &d->pp, words, diagnostics);
  ok &= read_degree (args, "context_parallel_size", 1, &d->cp, words, diagnostics);
  ok &= read_degree (args, "expert_model_parallel_size", 1, &d->ep, words, diagnostics);
  ok &= read_degree (args, "num_distributed_optimizer_instances", 1, &d->instances, words, diagnostics);
  d->etp_given = has_value (args, "expert_tensor_parallel_size");
  if (d->etp_given)
    ok &= read_degree (args, "expert_tensor_parallel_size", d->tp, &d->etp, words, diagnostics);
  else
    d->etp = d->tp;
  d->order = arg_bool (args, "use_tp_pp_dp_mapping", FALSE)
             ? PLANNER_RANK_ORDER_TP_CP_EP_PP_DP
             : PLANNER_RANK_ORDER_TP_CP_EP_DP_PP;
  resolve_vpp (args, d, words, diagnostics);
  return ok;
}

static GArray *
nearest_layouts (const PlannerArgs *args,
                 guint64            world,
                 const Degrees     *d)
{
  guint64 experts = arg_pos (args, "num_experts");

  return planner_layout_nearest_valid_full (world, d->tp, d->pp, d->cp, d->ep,
                                            d->etp_given ? d->etp : 0, d->vpp, d->order,
                                            (guint) MIN (experts, G_MAXUINT), MAX_NEAREST);
}

GArray *
planner_validate_nearest_layouts (const PlannerArgs *args,
                                  guint64            world_size)
{
  g_autoptr(GPtrArray) ignored = planner_diagnostics_new ();
  Degrees d;

  g_return_val_if_fail (args != NULL, NULL);

  if (world_size == 0 || world_size > PLANNER_MAX_WORLD_SIZE || !resolve_degrees (args, &d, NULL, ignored))
    return NULL;
  return nearest_layouts (args, world_size, &d);
}

/* "TP 4 × CP 1 × DP 2 × PP 1 = 8 GPUs (ETP 1 × EP 8 × EDP 1 × PP 1); …" */
static char *
nearest_layouts_text (const PlannerArgs *args,
                      guint64            world,
                      const Degrees     *d)
{
  g_autoptr(GArray) nearest = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  nearest = nearest_layouts (args, world, d);
  if (nearest == NULL || nearest->len == 0)
    return NULL;

  for (guint i = 0; i < nearest->len && i < MAX_NEAREST; i++)
    {
      const PlannerLayout *layout = &g_array_index (nearest, PlannerLayout, i);
      g_autofree char *dense = planner_layout_describe (layout);

      if (i > 0)
        g_string_append (text, "; ");
      g_string_append (text, dense);
      if (layout->ep > 1 || layout->etp != layout->tp)
        {
          g_autofree char *expert = planner_layout_describe_expert (layout);

          g_string_append_printf (text, " (%s)", expert);
        }
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The smallest multiples of both grid sizes around @world. */
static char *
needed_world_text (guint64 world,
                   guint64 dense,
                   guint64 expert)
{
  guint64 lcm = mul_or_zero (dense / gcd64 (dense, expert), expert);

  if (lcm == 0)
    return g_strdup ("");
  if (world < lcm)
    /* translators: a sentence appended to another; the leading space
     * separates it from the one before (drop it where sentences need none) */
    return g_strdup_printf (_(" These degrees need a multiple of %" PRIu64 " GPUs (at least %" PRIu64 ")."),
                            lcm, lcm);
  /* translators: a sentence appended to another; the leading space
   * separates it from the one before (drop it where sentences need none) */
  return g_strdup_printf (_(" These degrees need a multiple of %" PRIu64 " GPUs, such as %" PRIu64
                            " or %" PRIu64 "."), lcm, world / lcm * lcm, mul_or_zero (world / lcm + 1, lcm));
}

gboolean
planner_validate_resolve_layout (const PlannerArgs *args,
                                 guint64            world_size,
                                 PlannerLayout     *layout,
                                 GPtrArray         *diagnostics)
{
  return planner_validate_resolve_layout_in (args, world_size, NULL, layout, diagnostics);
}

gboolean
planner_validate_resolve_layout_in (const PlannerArgs  *args,
                                    guint64             world_size,
                                    const PlannerWords *words,
                                    PlannerLayout      *layout,
                                    GPtrArray          *diagnostics)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *nearest = NULL;
  g_autofree char *needed = NULL;
  Degrees d;
  guint64 dense;
  guint64 expert;
  gboolean divisible = TRUE;

  g_return_val_if_fail (args != NULL, FALSE);
  g_return_val_if_fail (layout != NULL, FALSE);
  g_return_val_if_fail (diagnostics != NULL, FALSE);

  memset (layout, 0, sizeof *layout);

  if (!resolve_degrees (args, &d, words, diagnostics))
    return FALSE;

  if (world_size == 0)
    {
      if (!planner_diagnostics_has_code (diagnostics, "layout.world-size-unknown"))
        planner_diagnostics_add_in (diagnostics, words, PLANNER_SEVERITY_INFO, "layout.world-size-unknown",
                                 FLAGS ("--nnodes", "--nproc-per-node"),
                                 _("Give --world-size, or {--nnodes} and {--nproc-per-node} in the launcher line."),
                                 _("The number of GPUs is unknown, so the checks that need the data-parallel size "
                                   "(world divisibility, batch sizes, microbatches) were skipped."));
      return FALSE;
    }
  if (world_size > PLANNER_MAX_WORLD_SIZE)
    {
      planner_diagnostics_add_in (diagnostics, words, PLANNER_SEVERITY_ERROR, "layout.world-too-large",
                               FLAGS ("--nnodes", "--nproc-per-node"),
                               _("Give the real number of GPUs."),
                               _("%" PRIu64 " GPUs is more than the planner accepts (%u)."),
                               world_size, (guint) PLANNER_MAX_WORLD_SIZE);
      return FALSE;
    }

  /* Degrees are ≤ 2^20 each, so these products fit. */
  dense = d.tp * d.pp * d.cp;
  expert = d.etp * d.ep * d.pp;

  if (world_size % dense != 0 || world_size % expert != 0)
    {
      g_autofree char *layouts = nearest_layouts_text (args, world_size, &d);
      g_autofree char *need = needed_world_text (world_size, dense, expert);

      /* translators: a sentence appended to another (the leading space
       * separates them); %s is a list of layouts such as
       * "TP 4 × CP 1 × DP 2 × PP 1 = 8 GPUs; …" */
      nearest = layouts != NULL ? g_strdup_printf (_(" Nearest valid layouts for this world: %s"), layouts)
                                : g_strdup ("");
      needed = g_strconcat (need, nearest, NULL);
    }

  if (world_size % dense != 0)
    {
      divisible = FALSE;
      planner_diagnostics_add_in (diagnostics, words, PLANNER_SEVERITY_ERROR, "layout.world-not-divisible",
                               FLAGS (flag_for (args, "tensor_model_parallel_size"),
                                      flag_for (args, "pipeline_model_parallel_size"),
                                      flag_for (args, "context_parallel_size")),
                               _("Change TP, PP or CP so that TP × PP × CP divides the number of GPUs, or change the number of GPUs."),
                               /* Megatron's own name for the number of GPUs, on the command line only. */
                               planner_words_get_kind (words) == PLANNER_WORDS_FORM
                               /* translators: %s at the end is zero or more further sentences */
                               ? _("The number of GPUs (%" PRIu64 ") is not divisible by TP %" PRIu64
                                   " × PP %" PRIu64 " × CP %" PRIu64 " = %" PRIu64
                                   ": Megatron needs a whole number of data-parallel replicas.%s")
                               /* translators: %s at the end is zero or more further sentences */
                               : _("world_size (%" PRIu64 ") is not divisible by TP %" PRIu64
                                   " × PP %" PRIu64 " × CP %" PRIu64 " = %" PRIu64
                                   ": Megatron needs a whole number of data-parallel replicas.%s"),
                               world_size, d.tp, d.pp, d.cp, dense, needed);
    }
  if (world_size % expert != 0)
    {
      divisible = FALSE;
      planner_diagnostics_add_in (diagnostics, words, PLANNER_SEVERITY_ERROR, "layout.expert-world-not-divisible",
                               FLAGS (flag_for (args, "expert_tensor_parallel_size"),
                                      flag_for (args, "expert_model_parallel_size"),
                                      flag_for (args, "pipeline_model_parallel_size")),
                               _("Lower EP, ETP or PP, or use more GPUs: EP is carved out of TP × CP × DP, it is not an extra factor."),
                               /* translators: the %s after ETP is empty or " (defaults to TP)";
                                * the %s at the end is zero or more further sentences */
                               planner_words_get_kind (words) == PLANNER_WORDS_FORM
                               ? _("The number of GPUs (%" PRIu64 ") is not divisible by the GPUs one expert "
                                   "layout takes (%" PRIu64 "): ETP %" PRIu64 "%s × EP %" PRIu64 " × PP %" PRIu64
                                   ".%s")
                               : _("world_size (%" PRIu64 ") is not divisible by "
                                   "expert_tensor_model_pipeline_parallel size (%" PRIu64
                                   "): ETP %" PRIu64 "%s × EP %" PRIu64 " × PP %" PRIu64 ".%s"),
                               world_size, expert, d.etp,
                               /* translators: after "ETP 4" when the job does not set ETP */
                               d.etp_given ? "" : _(" (defaults to TP)"), d.ep, d.pp, needed);
    }
  if (!divisible)
    return FALSE;

  if (d.order == PLANNER_RANK_ORDER_TP_CP_EP_PP_DP && d.pp > 1
      && world_size / expert != world_size / dense)
    {
      planner_diagnostics_add_in (diagnostics, words, PLANNER_SEVERITY_ERROR, "layout.mapping-expert-dp",
                               FLAGS (flag_for (args, "use_tp_pp_dp_mapping"),
                                      flag_for (args, "expert_tensor_parallel_size"),
                                      flag_for (args, "expert_model_parallel_size")),
                               _("Drop {--use-tp-pp-dp-mapping}, or make ETP × EP equal TP × CP."),
                               _("With %s and PP %" PRIu64 ", the data-parallel size of the attention layers (%"
                                 PRIu64 ") and of the expert layers (%" PRIu64 ") must be equal, "
                                 "which needs ETP × EP (%" PRIu64 ") = TP × CP (%" PRIu64 ")."),
                               NAME_OF ("use_tp_pp_dp_mapping"), d.pp, world_size / dense,
                               world_size / expert, d.etp * d.ep, d.tp * d.cp);
      return FALSE;
    }

  if (!planner_layout_init (layout, world_size, d.tp, d.pp, d.cp, d.ep,
                            d.etp_given ? d.etp : 0, d.vpp, d.order, &error))
    {
      planner_diagnostics_add_in (diagnostics, words, PLANNER_SEVERITY_ERROR, "layout.invalid",
                               FLAGS (flag_for (args, "tensor_model_parallel_size"),
                                      flag_for (args, "pipeline_model_parallel_size")),
                               _("Change the parallel sizes."),
                               _("%s"), error->message);
      memset (layout, 0, sizeof *layout);
      return FALSE;
    }

  layout->num_distributed_optimizer_instances = (guint32) d.instances;
  if (d.instances > 1
      && ((guint64) layout->dp * layout->cp % d.instances != 0 || layout->expert_dp % d.instances != 0))
    {
      planner_diagnostics_add_in (diagnostics, words, PLANNER_SEVERITY_ERROR, "layout.dist-opt-instances",
                               FLAGS (flag_for (args, "num_distributed_optimizer_instances")),
                               _("Pick a number of instances that divides both DP × CP and the expert DP."),
                               _("%s %" PRIu64 " must divide DP × CP (%" PRIu64
                                 ") and the expert data-parallel size (%u)."),
                               NAME_OF ("num_distributed_optimizer_instances"), d.instances,
                               (guint64) layout->dp * layout->cp, layout->expert_dp);
    }

  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The semantic checks                                                  */
/* ------------------------------------------------------------------ */

/* The check's arguments and the launch, resolved once as validate_args
 * and TransformerConfig see them.  @diagnostics may be NULL (a check that
 * only reads the resolution). */
static void
check_init (PlannerCheck                 *c,
            const PlannerArgs            *args,
            const PlannerValidateContext *context,
            const PlannerLayout          *layout,
            const PlannerConfig          *config,
            GPtrArray                    *diagnostics)
{
  memset (c, 0, sizeof *c);
  c->args = args;
  c->context = context;
  c->config = config;
  c->diagnostics = diagnostics;

  resolve_degrees (args, &c->d, NULL, NULL);
  if (layout != NULL && layout->world_size != 0)
    {
      c->d.tp = layout->tp;
      c->d.pp = layout->pp;
      c->d.cp = layout->cp;
      c->d.ep = layout->ep;
      c->d.etp = layout->etp;
      c->d.vpp = MAX (layout->vpp, 1);
      c->world = layout->world_size;
      c->dp = layout->dp;
      c->expert_dp = layout->expert_dp;
    }
  else if (diagnostics != NULL && context != NULL && context->world_size == 0
           && !planner_diagnostics_has_code (diagnostics, "layout.world-size-unknown"))
    {
      planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_INFO, "layout.world-size-unknown",
                               FLAGS ("--nnodes", "--nproc-per-node"),
                               _("Give --world-size, or --nnodes and --nproc-per-node in the launcher line."),
                               _("The number of GPUs is unknown, so the checks that need the data-parallel size "
                                 "(world divisibility, batch sizes, microbatches) were skipped."));
    }

  c->sp = arg_bool (args, "sequence_parallel", FALSE) && c->d.tp > 1;
  c->num_layers = arg_pos (args, "num_layers");
  c->hidden = arg_pos (args, "hidden_size");
  c->heads = arg_pos (args, "num_attention_heads");
  c->seq = has_value (args, "seq_length") ? arg_pos (args, "seq_length") : arg_pos (args, "encoder_seq_length");
  c->num_experts = arg_pos (args, "num_experts");
  c->recompute = arg_bool (args, "recompute_activations", FALSE)
                 ? "selective" : arg_str (args, "recompute_granularity", NULL);
  c->fp8 = has_value (args, "fp8");
  c->fp4 = has_value (args, "fp4");
  c->fp8_recipe = arg_str (args, "fp8_recipe", "delayed");
  c->dispatcher = arg_str (args, "moe_token_dispatcher_type", "allgather");
  /* The deprecated DeepEP switch selects the deepep backend. */
  c->flex_backend = arg_bool (args, "moe_enable_deepep", FALSE)
                    ? "deepep" : arg_str (args, "moe_flex_dispatcher_backend", "deepep");
  c->add_bias = arg_bool (args, "add_bias_linear", TRUE);
  c->grouped_tensor = arg_bool (args, "moe_use_grouped_tensor", FALSE)
                      || (arg_bool (args, "use_transformer_engine_op_fuser", FALSE)
                          && arg_bool (args, "moe_grouped_gemm", FALSE));
  c->cpu_offloading = arg_int (args, "cpu_offloading_num_layers", 0) > 0;
  c->position = arg_bool (args, "use_rotary_position_embeddings", FALSE)
                ? "rope" : arg_str (args, "position_embedding_type", "learned_absolute");
  /* --enable-cuda-graph and --external-cuda-graph are the old spellings
   * of --cuda-graph-impl local and transformer_engine; a deprecated
   * "full_iteration" module selects the full-iteration implementation. */
  c->cuda_graph_impl = arg_str (args, "cuda_graph_impl", "none");
  if (arg_bool (args, "enable_cuda_graph", FALSE))
    c->cuda_graph_impl = "local";
  else if (arg_bool (args, "external_cuda_graph", FALSE))
    c->cuda_graph_impl = "transformer_engine";
  if (arg_list_contains (args, "cuda_graph_modules", "full_iteration"))
    c->cuda_graph_impl = "full_iteration";
  c->rope_fusion = arg_bool (args, "apply_rope_fusion", TRUE) && str_is (c->position, "rope");
  c->gated_linear_unit = arg_bool (args, "swiglu", FALSE) || arg_bool (args, "quick_geglu", FALSE);
}

PlannerEpOverlapNeed
planner_validate_ep_overlap_unmet (const PlannerArgs   *args,
                                   const PlannerLayout *layout)
{
  PlannerCheck check;

  g_return_val_if_fail (args != NULL, 0);

  check_init (&check, args, NULL, layout, NULL, NULL);
  return planner_check_ep_overlap_unmet (&check);
}

GArray *
planner_validate_ep_choices (const PlannerArgs   *args,
                             const PlannerLayout *layout)
{
  PlannerCheck check;

  g_return_val_if_fail (args != NULL, NULL);

  check_init (&check, args, NULL, layout, NULL, NULL);
  if (check.num_experts == 0)
    return NULL;
  return planner_validate_divisors (check.num_experts, planner_check_ep_fit (&check));
}

void
planner_validate (const PlannerArgs            *args,
                  const PlannerValidateContext *context,
                  const PlannerLayout          *layout,
                  const PlannerConfig          *config,
                  GPtrArray                    *diagnostics)
{
  PlannerCheck check;
  PlannerCheck *c = &check;

  g_return_if_fail (args != NULL);
  g_return_if_fail (diagnostics != NULL);

  check_init (c, args, context, layout, config, diagnostics);
  planner_check_required (c);
  planner_check_model (c);
  planner_check_moe (c);
  planner_check_parallel (c);
  planner_check_env (c);
  planner_check_attention (c);
  planner_check_precision (c);
  planner_check_batch (c);
  planner_check_pipeline (c);
  planner_check_recompute (c);
  planner_check_offloading (c);
  planner_check_cuda_graphs (c);
  planner_check_experimental (c);
  planner_check_weight_shards (c);
  planner_check_batch_invariant (c);
  planner_check_requirements (c);
  planner_check_optimizer (c);
  planner_check_release (c);
  planner_check_data (c);
  planner_check_tokenizer (c);
  planner_check_vocab (c);
  planner_check_training (c);
}
