/* planner-validate-parallel.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-validate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "planner-config.h"
#include "planner-validate-private.h"

#include "planner-release.h"

#include <string.h>

void
planner_check_parallel (PlannerCheck *c)
{
  gboolean sp_flag = arg_bool (c->args, "sequence_parallel", FALSE);

  if (sp_flag && c->d.tp == 1)
    ADD (WARNING, "parallel.sp-auto-off", FLAGS (F ("sequence_parallel"), F ("tensor_model_parallel_size")),
         _("Drop {--sequence-parallel} at TP 1 (or raise TP)."),
         _("%s is turned off because TP is 1: sequence parallelism splits activations over the TP group."),
         N ("sequence_parallel"));

  if (c->d.ep > 1 && c->d.tp > 1 && !sp_flag)
    ADD (WARNING, "parallel.sp-required-with-ep",
         FLAGS (F ("sequence_parallel"), F ("expert_model_parallel_size"), F ("tensor_model_parallel_size")),
         _("Add {--sequence-parallel}."),
         _("With expert parallelism and TP %" PRIu64 ", Megatron says sequence parallelism must be used."),
         c->d.tp);

  if (arg_bool (c->args, "tp_comm_overlap", FALSE) && !c->sp)
    ADD (ERROR, "parallel.tp-comm-overlap-needs-sp", FLAGS (F ("tp_comm_overlap"), F ("sequence_parallel")),
         c->d.tp == 1 ? _("Drop {--tp-comm-overlap} at TP 1.") : _("Add {--sequence-parallel}."),
         c->d.tp == 1
         ? _("%s works only when sequence parallelism is enabled, and at TP 1 sequence parallelism is turned off.")
         : _("%s works only when sequence parallelism is enabled."), N ("tp_comm_overlap"));

  if (c->sp && c->seq != 0)
    {
      gboolean bad = c->seq % c->d.cp != 0 || (c->seq / c->d.cp) % c->d.tp != 0;

      if (bad)
        ADD (ERROR, "sp.seq-not-divisible", FLAGS (F ("seq_length"), F ("tensor_model_parallel_size")),
             _("Use a sequence length that is a multiple of TP × CP."),
             _("With sequence parallelism each TP rank holds 1/TP of the sequence chunk: %" PRIu64
               " tokens / CP %" PRIu64 " is not divisible by TP %" PRIu64
               ". The job dies at the first step."), c->seq, c->d.cp, c->d.tp);
    }

  if (c->d.cp > 1)
    {
      if (c->seq != 0 && c->seq % (2 * c->d.cp) != 0)
        {
          guint64 fit = c->world != 0 && c->world % (c->d.tp * c->d.pp) == 0 ? c->world / (c->d.tp * c->d.pp) : 0;
          g_autofree char *choices = c->seq >= 2 ? format_divisors (c->seq / 2, fit) : NULL;

          ADD (ERROR, "cp.seq-not-divisible", FLAGS (F ("seq_length"), F ("context_parallel_size")),
               _("Pick a CP size for which the sequence is a multiple of 2 × CP."),
               _("seq-length should be a multiple of 2 * context-parallel-size (%" PRIu64
                 " is not a multiple of %" PRIu64 "). Valid %s values: %s."),
               c->seq, 2 * c->d.cp, N ("context_parallel_size"),
               /* translators: in place of a list of valid values */
               choices != NULL ? choices : _("none"));
        }
      if (str_is (arg_str (c->args, "transformer_impl", "transformer_engine"), "local"))
        ADD (ERROR, "cp.local-impl", FLAGS (F ("context_parallel_size"), F ("transformer_impl")),
             _("Use --transformer-impl transformer_engine, or CP 1."),
             _("Context parallelism is only supported by TEDotProductAttention: with %s local the job dies "
               "when the model is built."), N ("transformer_impl"));
    }

  {
    const char *const *comm = planner_args_get_list (c->args, "cp_comm_type");
    gboolean a2a_p2p = FALSE;

    for (guint i = 0; comm != NULL && comm[i] != NULL; i++)
      if (g_str_equal (comm[i], "a2a+p2p"))
        a2a_p2p = TRUE;
    if (comm == NULL && str_is (arg_str (c->args, "cp_comm_type", NULL), "a2a+p2p"))
      a2a_p2p = TRUE;

    if (a2a_p2p && !has_value (c->args, "hierarchical_context_parallel_sizes"))
      ADD (ERROR, "cp.a2a-p2p-needs-hierarchical",
           FLAGS (F ("cp_comm_type"), F ("hierarchical_context_parallel_sizes")),
           _("Add --hierarchical-context-parallel-sizes (for example the a2a size and the p2p size)."),
           _("%s a2a+p2p needs %s."), N ("cp_comm_type"), N ("hierarchical_context_parallel_sizes"));
  }

  if (has_value (c->args, "hierarchical_context_parallel_sizes"))
    {
      const char *const *sizes = planner_args_get_list (c->args, "hierarchical_context_parallel_sizes");
      guint64 product = 1;
      gboolean readable = TRUE;

      for (guint i = 0; sizes != NULL && sizes[i] != NULL && readable; i++)
        {
          guint64 value = 0;

          if (!g_ascii_string_to_unsigned (sizes[i], 10, 1, PLANNER_MAX_WORLD_SIZE, &value, NULL))
            readable = FALSE;
          else
            product = mul_or_zero (product, value);
        }
      if (sizes != NULL && readable && product != c->d.cp)
        ADD (ERROR, "cp.hierarchical-sizes",
             FLAGS (F ("hierarchical_context_parallel_sizes"), F ("context_parallel_size")),
             _("Make the product of the hierarchical sizes equal the CP size."),
             _("The product of %s must equal CP %" PRIu64 "."),
             N ("hierarchical_context_parallel_sizes"), c->d.cp);
    }

  if (c->d.cp > 1 && arg_list_length (c->args, "cp_comm_type") > 1 && c->num_layers != 0
      && arg_list_length (c->args, "cp_comm_type") != c->num_layers)
    ADD (ERROR, "cp.comm-type-per-layer", FLAGS (F ("cp_comm_type"), F ("num_layers")),
         _("Give one communication type for all layers, or exactly one per layer."),
         _("%s lists %u types; a list must have one entry for each of the %" PRIu64 " layers."),
         N ("cp_comm_type"), arg_list_length (c->args, "cp_comm_type"), c->num_layers);

  if (ON ("use_sharp") && str_is (arg_str (c->args, "sharp_enabled_group", NULL), "dp_replica")
      && c->d.instances <= 1)
    ADD (ERROR, "parallel.sharp-dp-replica",
         FLAGS (F ("sharp_enabled_group"), F ("num_distributed_optimizer_instances")),
         _("Use --sharp-enabled-group dp, or more than one distributed-optimizer instance."),
         _("%s dp_replica needs %s > 1."), N ("sharp_enabled_group"), N ("num_distributed_optimizer_instances"));
  if (!ON ("use_sharp") && GIVEN ("sharp_enabled_group"))
    ADD (ERROR, "parallel.sharp-group-without-sharp", FLAGS (F ("sharp_enabled_group"), F ("use_sharp")),
         _("Add --use-sharp, or drop --sharp-enabled-group."),
         _("%s only applies with %s."), N ("sharp_enabled_group"), N ("use_sharp"));
  if (ON ("fake_process_group") && str_is (c->dispatcher, "flex"))
    ADD (ERROR, "parallel.fake-pg-flex", FLAGS (F ("fake_process_group"), F ("moe_token_dispatcher_type")),
         _("Use the alltoall dispatcher for a fake-process-group run."),
         _("%s does not support the flex token dispatcher."), N ("fake_process_group"));

  if (arg_bool (c->args, "hybrid_context_parallel", FALSE))
    {
      g_autoptr(GPtrArray) why = g_ptr_array_new ();
      const char *loader = arg_str (c->args, "dataloader_type", "single");

      if (c->d.pp > 1)
        g_ptr_array_add (why, (gpointer) "PP 1");
      /* Only the deprecated switch is tested (--cuda-graph-impl is not). */
      if (arg_bool (c->args, "enable_cuda_graph", FALSE))
        g_ptr_array_add (why, (gpointer) _("no --enable-cuda-graph"));
      if (arg_bool (c->args, "use_megatron_fsdp", FALSE))
        g_ptr_array_add (why, (gpointer) _("no Megatron FSDP"));
      if (loader != NULL && !g_str_equal (loader, "single"))
        g_ptr_array_add (why, (gpointer) _("the single data loader"));
      if (!arg_bool (c->args, "calculate_per_token_loss", FALSE))
        g_ptr_array_add (why, (gpointer) "--calculate-per-token-loss");
      if (c->dp != 0 && (c->dp * c->d.cp) % 2 != 0)
        g_ptr_array_add (why, (gpointer) _("an even data-parallel × context-parallel size"));
      if (why->len > 0)
        {
          g_autofree char *list = join_list (why);

          ADD (ERROR, "cp.hybrid", FLAGS (F ("hybrid_context_parallel")),
               _("Meet the requirements, or drop --hybrid-context-parallel."),
               _("%s needs: %s."), N ("hybrid_context_parallel"), list);
        }
    }
}

void
planner_check_env (PlannerCheck *c)
{
  GHashTable *env = c->context != NULL ? c->context->env : NULL;
  guint cc = c->context != NULL ? c->context->compute_capability_major : 0;
  const char *release = c->context != NULL ? c->context->megatron_version : NULL;

  if (planner_release_needs_max_connections (release, (guint) MIN (c->d.tp, G_MAXUINT), (guint) MIN (c->d.cp, G_MAXUINT), cc)
      && !planner_check_fsdp (c)
      && !arg_bool (c->args, "overlap_moe_expert_parallel_comm", FALSE))
    {
      const char *value = env != NULL ? g_hash_table_lookup (env, "CUDA_DEVICE_MAX_CONNECTIONS") : NULL;

      if (cc >= 10 && (env == NULL || !str_is (value, "1")))
        /* 0.12 asks for it with TP on Blackwell too. */
        planner_diagnostics_add (c->diagnostics, env == NULL ? PLANNER_SEVERITY_WARNING : PLANNER_SEVERITY_ERROR,
             "env.cuda-device-max-connections", FLAGS ("CUDA_DEVICE_MAX_CONNECTIONS"),
             _("Export CUDA_DEVICE_MAX_CONNECTIONS=1 in the launch script."),
             _("With TP %" PRIu64 ", Megatron-Core %s stops on every GPU, Blackwell included, "
               "unless CUDA_DEVICE_MAX_CONNECTIONS=1 is exported."),
             c->d.tp, release);
      else if (env == NULL)
        ADD (WARNING, "env.cuda-device-max-connections", FLAGS ("CUDA_DEVICE_MAX_CONNECTIONS"),
             _("Export CUDA_DEVICE_MAX_CONNECTIONS=1 in the launch script."),
             _("With TP %" PRIu64 " and CP %" PRIu64 " on a GPU older than Blackwell, Megatron stops "
               "unless CUDA_DEVICE_MAX_CONNECTIONS=1 is exported; the environment of this launch is not known."),
             c->d.tp, c->d.cp);
      else if (!str_is (value, "1"))
        ADD (ERROR, "env.cuda-device-max-connections", FLAGS ("CUDA_DEVICE_MAX_CONNECTIONS"),
             _("Export CUDA_DEVICE_MAX_CONNECTIONS=1 in the launch script."),
             value != NULL
             /* translators: the last %s is the value the launch exports */
             ? _("With TP %" PRIu64 " and CP %" PRIu64 " on a GPU older than Blackwell, Megatron "
                 "stops unless CUDA_DEVICE_MAX_CONNECTIONS=1 is exported (it is \"%s\"), so that communication and "
                 "computation kernels are ordered.")
             : _("With TP %" PRIu64 " and CP %" PRIu64 " on a GPU older than Blackwell, Megatron "
                 "stops unless CUDA_DEVICE_MAX_CONNECTIONS=1 is exported (it is not set), so that communication and "
                 "computation kernels are ordered."),
             c->d.tp, c->d.cp, value);
    }

  /* FSDP wants more than one hardware queue: the opposite of TP. */
  if (env != NULL && planner_check_fsdp (c)
      && str_is (g_hash_table_lookup (env, "CUDA_DEVICE_MAX_CONNECTIONS"), "1"))
    ADD (ERROR, "fsdp.cuda-device-max-connections",
         FLAGS (F (ON ("use_torch_fsdp2") ? "use_torch_fsdp2" : "use_megatron_fsdp"), "CUDA_DEVICE_MAX_CONNECTIONS"),
         _("Remove the CUDA_DEVICE_MAX_CONNECTIONS=1 export (or set it above 1)."),
         _("%s needs CUDA_DEVICE_MAX_CONNECTIONS unset or above 1; the launch exports 1, so Megatron stops."),
         N (ON ("use_torch_fsdp2") ? "use_torch_fsdp2" : "use_megatron_fsdp"));
  if (env != NULL && str_is (arg_str (c->args, "pipeline_model_parallel_comm_backend", NULL), "ucc")
      && str_is (g_hash_table_lookup (env, "CUDA_DEVICE_MAX_CONNECTIONS"), "1"))
    ADD (ERROR, "parallel.ucc-cuda-connections",
         FLAGS (F ("pipeline_model_parallel_comm_backend"), "CUDA_DEVICE_MAX_CONNECTIONS"),
         _("Remove the CUDA_DEVICE_MAX_CONNECTIONS=1 export, or use the nccl backend."),
         _("The ucc pipeline backend needs CUDA_DEVICE_MAX_CONNECTIONS above 1; the launch exports 1."));

  /* --attention-backend sets the NVTE_* switches and asserts that the
   * environment does not already say otherwise (facts §2.9). */
  if (env != NULL)
    {
      static const char *const names[] = { "NVTE_FLASH_ATTN", "NVTE_FUSED_ATTN", "NVTE_UNFUSED_ATTN" };
      const char *backend = arg_str (c->args, "attention_backend", "auto");
      static const struct
      {
        const char *backend;
        const char *values[3];
      } settings[] = {
        { "auto", { "1", "1", "1" } },
        { "flash", { "1", "0", "0" } },
        { "fused", { "0", "1", "0" } },
        { "unfused", { "0", "0", "1" } },
        { "local", { "0", "0", "0" } },
      };
      const char *const *expected = NULL;

      for (guint i = 0; i < G_N_ELEMENTS (settings); i++)
        if (str_is (backend, settings[i].backend))
          expected = settings[i].values;
      if (expected == NULL)
        return;

      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          const char *value = g_hash_table_lookup (env, names[i]);

          if (value != NULL && !g_str_equal (value, expected[i]))
            ADD (ERROR, "attention.backend-env-conflict", FLAGS (F ("attention_backend"), names[i]),
                 _("Remove the NVTE_* export and choose the kernel with {--attention-backend} only."),
                 _("The environment sets %s=%s but %s %s needs %s=%s: Megatron stops when it builds the model."),
                 names[i], value, N ("attention_backend"), backend, names[i], expected[i]);
        }
    }
}

/* How the layers split over the stages: a layout string, uneven first and last stages, or an even split. */

/* Layer counts above this are refused elsewhere or absurd; it keeps the
 * signed arithmetic below far from overflow. */
#define MAX_STAGE_LAYERS ((gint64) 1 << 40)

/* Python's % and //, which round towards minus infinity (@b != 0). */
static gint64
py_mod (gint64 a,
        gint64 b)
{
  gint64 r = a % b;

  return r != 0 && ((r < 0) != (b < 0)) ? r + b : r;
}

static gint64
py_div (gint64 a,
        gint64 b)
{
  return (a - py_mod (a, b)) / b;
}

static void
check_pipeline_split (PlannerCheck *c)
{
  guint64 layers = pipeline_layers (c->args);
  gboolean uneven = has_uneven_stages (c->args);
  gboolean account = arg_bool (c->args, "account_for_embedding_in_pipeline_split", FALSE)
                     || arg_bool (c->args, "account_for_loss_in_pipeline_split", FALSE);
  gboolean layout_string = has_value (c->args, "pipeline_model_parallel_layout");
  gboolean per_stage = has_value (c->args, "num_layers_per_virtual_pipeline_stage");
  gboolean per_rank = has_value (c->args, "num_virtual_stages_per_pipeline_rank");
  guint64 pp = c->d.pp;
  guint64 vpp = c->d.vpp;

  /* TransformerConfig counts the layout's 'm' layers against
   * --mtp-num-layers (validate_layer_layout at d98e8a64dd): say which of
   * the two to change. */
  if (layout_string)
    {
      const char *release = c->context != NULL ? c->context->megatron_version : NULL;
      guint32 decoder = 0, mtp = 0;
      gint64 mtp_layers = arg_int (c->args, "mtp_num_layers", 0);
      gboolean counted = planner_config_layout_counts (arg_str (c->args, "pipeline_model_parallel_layout", ""),
                                                       &decoder, &mtp);

      /* 0.13 parses 'm' but raises NotImplementedError for it in
       * PipelineParallelLayerLayout (ea651a3b7); 0.14 places MTP layers
       * and counts them against --mtp-num-layers. */
      if (counted && mtp > 0 && !planner_release_at_least (release, "0.14.0"))
        ADD (ERROR, "pipeline.layout-mtp",
             FLAGS (F ("pipeline_model_parallel_layout"), F ("mtp_num_layers")),
             _("Choose another pipeline split, or a release from 0.14.0 on."),
             _("Megatron-Core %s cannot place multi-token-prediction layers ('m') in a pipeline layout; "
               "it stops when it builds the transformer configuration."), release);
      else if (counted && (gint64) mtp != mtp_layers && planner_release_at_least (release, "0.14.0"))
        ADD (ERROR, "pipeline.layout-mtp",
             FLAGS (F ("pipeline_model_parallel_layout"), F ("mtp_num_layers")),
             mtp == 0
             ? _("Put the MTP layer in the last stage of the layout (an 'm' before the 'L'), or set the MTP layers to 0.")
             : _("Write as many 'm' in the layout as there are MTP layers, or set the MTP layers to the layout's count."),
             /* Translators: the numbers are layer counts */
             _("The pipeline layout holds %u multi-token-prediction layers but the model has %" PRId64
               "; Megatron stops when it builds the transformer configuration."),
             mtp, mtp_layers);
    }

  if (layout_string && (uneven || account))
    ADD (ERROR, "pipeline.layout-conflict",
         FLAGS (F ("pipeline_model_parallel_layout"),
                F (uneven ? "decoder_first_pipeline_num_layers" : "account_for_embedding_in_pipeline_split")),
         _("Describe the stages in the layout string only."),
         _("%s cannot be combined with uneven first/last stages or the account-for-embedding/loss flags."),
         N ("pipeline_model_parallel_layout"));
  else if (uneven)
    {
      gboolean first_given = has_value (c->args, "decoder_first_pipeline_num_layers");
      gboolean last_given = has_value (c->args, "decoder_last_pipeline_num_layers");
      gint64 first = first_given ? arg_int (c->args, "decoder_first_pipeline_num_layers", 0) : 0;
      gint64 last = last_given ? arg_int (c->args, "decoder_last_pipeline_num_layers", 0) : 0;
      const char *first_flag = F ("decoder_first_pipeline_num_layers");
      const char *last_flag = F ("decoder_last_pipeline_num_layers");

      if (account)
        ADD (ERROR, "pipeline.uneven-account",
             FLAGS (first_given ? first_flag : last_flag, F ("account_for_embedding_in_pipeline_split"),
                    F ("account_for_loss_in_pipeline_split")),
             _("Use either uneven stages or the account-for flags."),
             /* The form has one field, Pipeline Split, for both flags. */
             planner_words_get_kind (WORDS) == PLANNER_WORDS_FORM
             ? _("Uneven first/last pipeline stages cannot be combined with "
                 "{--account-for-embedding-in-pipeline-split}.")
             : _("Uneven first/last pipeline stages cannot be combined with "
                 "{--account-for-embedding-in-pipeline-split} / {--account-for-loss-in-pipeline-split}."));

      if ((first_given && first <= 0) || (last_given && last <= 0))
        {
          ADD (ERROR, "pipeline.uneven-positive", FLAGS (first_given ? first_flag : last_flag),
               _("Give a positive number of layers."),
               _("%s and %s must be positive."), planner_words_name (WORDS, first_flag), planner_words_name (WORDS, last_flag));
          return;
        }
      if (vpp > 1 && ((first_given && first % (gint64) vpp != 0) || (last_given && last % (gint64) vpp != 0)))
        ADD (ERROR, "pipeline.uneven-vpp",
             FLAGS (first_given ? first_flag : last_flag, F ("num_virtual_stages_per_pipeline_rank")),
             _("Make the first and last stage layer counts multiples of the virtual pipeline size."),
             _("With %" PRIu64 " virtual stages per rank, the first (%" PRId64 ") and last (%"
               PRId64 ") stage layer counts must be divisible by %" PRIu64 "."),
             vpp, first, last, vpp);

      if (c->num_layers != 0)
        {
          /* TransformerConfig.__post_init__ at d98e8a64dd, in Python's
           * integers: the middle layer count may go negative and the
           * middle stage count is -1 with PP 1 and both ends given, and
           * Python's % and // round towards minus infinity.  Counts past
           * MAX_STAGE_LAYERS are nonsense anyway; they only get the warning. */
          gint64 n_ends = (first_given ? 1 : 0) + (last_given ? 1 : 0);
          gint64 stages_left = (gint64) pp - n_ends;
          gboolean huge = first > MAX_STAGE_LAYERS || last > MAX_STAGE_LAYERS || c->num_layers > MAX_STAGE_LAYERS;
          gint64 layers_left = huge ? 0 : (gint64) c->num_layers - first - last;

          if (!huge && ((stages_left != 0) != (layers_left != 0)
                        || (stages_left != 0 && py_mod (layers_left, stages_left) != 0)))
            ADD (ERROR, "pipeline.uneven-middle",
                 FLAGS (first_given ? first_flag : last_flag, F ("num_layers"), F ("pipeline_model_parallel_size")),
                 _("Choose first/last counts so the remaining layers split evenly over the middle stages."),
                 _("%" PRIu64 " layers minus the first (%" PRId64 ") and last (%" PRId64
                   ") stages leaves %s%" PRIu64 " layers for %" PRIu64 " middle stages: they must "
                   "split evenly, and there must be layers exactly when there are middle stages."),
                 c->num_layers, first, last, layers_left < 0 ? "-" : "",
                 (guint64) ABS (layers_left), (guint64) MAX (stages_left, 0));
          else if (!huge && vpp > 1 && stages_left > 0 && py_mod (py_div (layers_left, stages_left), (gint64) vpp) != 0)
            ADD (ERROR, "pipeline.uneven-vpp",
                 FLAGS (F ("num_virtual_stages_per_pipeline_rank"), F ("num_layers")),
                 _("Make the middle stages' layer count a multiple of the virtual pipeline size."),
                 _("Each middle stage holds %" PRIu64 " layers, which is not divisible by the %"
                   PRIu64 " virtual stages per rank."), (guint64) ABS (py_div (layers_left, stages_left)), vpp);
          else if (huge || layers_left < 0 || stages_left < 0)
            /* Megatron starts, but builds the first and last counts and a
             * negative share for each middle stage: not --num-layers. */
            ADD (WARNING, "pipeline.uneven-layer-count",
                 FLAGS (first_given ? first_flag : last_flag, F ("num_layers"), F ("pipeline_model_parallel_size")),
                 _("Make the first and last stage layer counts add up to no more than the number of layers, "
                   "with PP above the number of stages given, and the rest splitting evenly over the middle stages."),
                 /* Translators: the numbers are layer counts and the pipeline size */
                 _("The first (%" PRId64 ") and last (%" PRId64 ") stage layer counts do not fit %" PRIu64
                   " layers over PP %" PRIu64 ". Megatron 0.20 accepts this at start-up, but the layers it "
                   "builds per stage do not add up to %" PRIu64 ": the model is not the one the arguments describe."),
                 first, last, c->num_layers, pp, c->num_layers);
        }
    }
  else if (!layout_string && !per_stage && layers != 0 && layers % pp != 0)
    {
      guint64 fit = c->world != 0 && c->world % (c->d.tp * c->d.cp) == 0 ? c->world / (c->d.tp * c->d.cp) : 0;
      g_autofree char *choices = format_divisors (layers, fit);
      gboolean plus_two = !account && (layers + 2) % pp == 0;

      ADD (ERROR, "pipeline.layers-not-divisible",
           FLAGS (F ("num_layers"), F ("pipeline_model_parallel_size")),
           /* The form has one field, Pipeline Split, for both flags. */
           plus_two && planner_words_get_kind (WORDS) == PLANNER_WORDS_FORM
           ? _("Add {--account-for-embedding-in-pipeline-split}, use uneven first/last stages, or change PP.")
           : plus_two ? _("Add {--account-for-embedding-in-pipeline-split} {--account-for-loss-in-pipeline-split}, "
                        "use uneven first/last stages, or change PP.")
                    : _("Change PP, or use {--decoder-first-pipeline-num-layers} / {--decoder-last-pipeline-num-layers}."),
           /* translators: the %s at the end is empty or a further sentence */
           fit != 0
           ? _("Number of layers should be divisible by the pipeline-model-parallel size: %" PRIu64
               " layers over PP %" PRIu64 ". Valid %s values that fit the GPUs: %s.%s")
           : _("Number of layers should be divisible by the pipeline-model-parallel size: %" PRIu64
               " layers over PP %" PRIu64 ". Valid %s values: %s.%s"),
           layers, pp, N ("pipeline_model_parallel_size"),
           /* translators: in place of a list of valid values */
           choices != NULL ? choices : _("none"),
           /* translators: a sentence appended to another; the leading space
            * separates them (drop it where sentences need none) */
           plus_two ? _(" Accounting for the embedding and loss as layers would also make it divide.") : "");
    }
  else if (per_rank && !layout_string && vpp > 1 && layers != 0 && layers % pp == 0 && (layers / pp) % vpp != 0)
    {
      g_autofree char *choices = format_divisors (layers / pp, 0);

      ADD (ERROR, "pipeline.vpp-layers",
           FLAGS (F ("num_virtual_stages_per_pipeline_rank"), F ("num_layers")),
           _("Pick a number of virtual stages that divides the layers per pipeline rank."),
           _("Each pipeline rank holds %" PRIu64 " layers, which cannot be split into %" PRIu64
             " virtual stages: the job dies when the model is built. Valid values: %s."),
           layers / pp, vpp,
           /* translators: in place of a list of valid values */
           choices != NULL ? choices : _("none"));
    }
}

/* What Megatron's PipelineParallelLayerLayout.validate_layer_layout (at
 * d98e8a64dd) asks of a layout string once it is read: the embedding
 * first and the loss last, each once, as many decoder layers as
 * --num-layers, and the MTP layers after every decoder layer. */
static void
check_layout_layers (PlannerCheck *c)
{
  const char *text = arg_str (c->args, "pipeline_model_parallel_layout", "");
  g_autoptr(GArray) stages = planner_layout_string_parse (text);
  const PlannerLayoutStage *first = NULL, *last = NULL;
  guint64 embedding = 0, decoder = 0, loss = 0;
  gboolean mtp_seen = FALSE, decoder_after_mtp = FALSE, in_order = TRUE;

  if (stages == NULL)
    return;
  for (guint i = 0; i < stages->len; i++)
    {
      const PlannerLayoutStage *s = &g_array_index (stages, PlannerLayoutStage, i);

      if (s->embedding + s->decoder + s->mtp + s->loss == 0)
        continue;
      if (first == NULL)
        first = s;
      last = s;
      embedding += s->embedding;
      decoder += s->decoder;
      loss += s->loss;
      in_order = in_order && s->in_order;
      if (mtp_seen && s->decoder > 0)
        decoder_after_mtp = TRUE;
      if (s->mtp > 0)
        mtp_seen = TRUE;
    }

  if (embedding != 1 || loss != 1 || first == NULL || first->embedding == 0 || last->loss == 0 ||
      (first == last ? !in_order : !first->in_order || !last->in_order))
    ADD (ERROR, "pipeline.layout-ends",
         FLAGS (F ("pipeline_model_parallel_layout")),
         _("Begin the layout with one E (the embedding) and end it with one L (the loss)."),
         _("The pipeline layout “%s” must start with the embedding (E) and end with the loss (L), each "
           "written once; Megatron stops when it builds the model."), text);
  if (c->num_layers != 0 && decoder != c->num_layers)
    ADD (ERROR, "pipeline.layout-layers",
         FLAGS (F ("pipeline_model_parallel_layout"), F ("num_layers")),
         _("Write as many t in the layout as the model has layers."),
         /* Translators: the numbers are layer counts */
         _("The pipeline layout holds %" PRIu64 " decoder layers (t) but the model has %" PRIu64
           "; Megatron stops when it builds the model."), decoder, c->num_layers);
  if (decoder_after_mtp)
    ADD (ERROR, "pipeline.layout-mtp-order",
         FLAGS (F ("pipeline_model_parallel_layout"), F ("mtp_num_layers")),
         _("Move the MTP layers (m) after the last decoder layer (t)."),
         _("The pipeline layout places decoder layers after the multi-token-prediction layers; "
           "Megatron stops when it builds the model."));
}

/* The virtual pipeline and the pipeline's communication overlaps. */
static void
check_pipeline_overlaps (PlannerCheck *c)
{
  guint64 pp = c->d.pp;
  guint64 vpp = c->d.vpp;

  if (vpp > 1)
    {
      if (!arg_bool (c->args, "overlap_p2p_comm", TRUE) && pp <= 2)
        ADD (ERROR, "pipeline.interleave-needs-pp",
             FLAGS (F ("overlap_p2p_comm"), F ("pipeline_model_parallel_size")),
             _("Keep the default p2p overlap, or use PP > 2."),
             _("The interleaved schedule without p2p overlap needs PP > 2 (PP is %" PRIu64 ")."), pp);

      if (c->num_microbatches != 0)
        {
          guint64 group = arg_pos (c->args, "microbatch_group_size_per_vp_stage");
          guint64 m = c->num_microbatches;
          guint64 remainder;

          if (group == 0)
            group = pp;
          remainder = m % group;
          if (m < pp || (remainder != 0 && remainder < pp))
            {
              guint64 better = (m + pp - 1) / pp * pp;
              guint64 unit = mul_or_zero (arg_pos (c->args, "micro_batch_size"), c->dp);

              ADD (ERROR, "pipeline.interleave-microbatches",
                   FLAGS (F ("global_batch_size"), F ("pipeline_model_parallel_size")),
                   _("Raise the global batch so the number of microbatches is a multiple of PP."),
                   _("The interleaved schedule needs at least PP (%" PRIu64 ") microbatches and a multiple "
                     "of PP; this job has %" PRIu64 ". The job dies at the first step. A global batch of %"
                     PRIu64 " would give %" PRIu64 " microbatches."),
                   pp, m, mul_or_zero (better, unit), better);
            }
        }
    }
  else if (pp > 1 && arg_bool (c->args, "overlap_p2p_comm", TRUE))
    {
      ADD (INFO, "pipeline.overlap-p2p-off", FLAGS (F ("pipeline_model_parallel_size")), NULL,
           _("Without a virtual pipeline, Megatron turns p2p communication overlap off."));
    }

  if (arg_bool (c->args, "overlap_param_gather_with_optimizer_step", FALSE))
    {
      g_autoptr(GPtrArray) why = g_ptr_array_new ();

      if (!arg_bool (c->args, "use_distributed_optimizer", FALSE))
        g_ptr_array_add (why, (gpointer) "--use-distributed-optimizer");
      if (!arg_bool (c->args, "overlap_param_gather", FALSE))
        g_ptr_array_add (why, (gpointer) "--overlap-param-gather");
      if (vpp <= 1)
        g_ptr_array_add (why, (gpointer) _("an interleaved (virtual) pipeline"));
      if (!str_is (arg_str (c->args, "ckpt_format", "torch_dist"), "torch"))
        g_ptr_array_add (why, (gpointer) "--ckpt-format torch");
      if (why->len > 0)
        {
          g_autofree char *list = join_list (why);

          ADD (ERROR, "pipeline.overlap-param-gather-with-optimizer-step",
               FLAGS (F ("overlap_param_gather_with_optimizer_step")),
               _("Meet the requirements, or drop the flag."), _("%s needs: %s."),
               N ("overlap_param_gather_with_optimizer_step"), list);
        }
    }

  if (ON ("defer_embedding_wgrad_compute"))
    {
      if (pp == 1)
        ADD (ERROR, "pipeline.defer-embedding-wgrad-pp",
             FLAGS (F ("defer_embedding_wgrad_compute"), F ("pipeline_model_parallel_size")),
             _("Drop --defer-embedding-wgrad-compute at PP 1."),
             _("%s only applies with pipeline parallelism."), N ("defer_embedding_wgrad_compute"));
      if (!arg_bool (c->args, "gradient_accumulation_fusion", TRUE))
        ADD (ERROR, "pipeline.defer-embedding-wgrad-fusion",
             FLAGS (F ("defer_embedding_wgrad_compute"), F ("gradient_accumulation_fusion")),
             _("Drop {--no-gradient-accumulation-fusion}, or the deferral."),
             _("%s needs gradient accumulation fusion, which %s turns off."),
             N ("defer_embedding_wgrad_compute"), N ("gradient_accumulation_fusion"));
      if (arg_int (c->args, "wgrad_deferral_limit", 0) < 0)
        ADD (ERROR, "pipeline.wgrad-deferral-limit", FLAGS (F ("wgrad_deferral_limit")),
             _("Give 0 or a positive limit."), _("%s must not be negative."), N ("wgrad_deferral_limit"));
    }
  /* Megatron turns the p2p overlap off without a virtual pipeline. */
  if (ON ("overlap_p2p_comm_warmup_flush") && (vpp <= 1 || !arg_bool (c->args, "overlap_p2p_comm", TRUE)))
    ADD (ERROR, "pipeline.p2p-warmup-flush",
         FLAGS (F ("overlap_p2p_comm_warmup_flush"), F ("num_virtual_stages_per_pipeline_rank")),
         _("Use an interleaved (virtual) pipeline with p2p overlap, or drop the flag."),
         vpp <= 1
         ? _("%s needs the p2p overlap, which exists only with an interleaved pipeline and this launch has none.")
         : _("%s needs the p2p overlap, which exists only with an interleaved pipeline; "
             "--no-overlap-p2p-communication turns it off."),
         N ("overlap_p2p_comm_warmup_flush"));
}

void
planner_check_pipeline (PlannerCheck *c)
{
  check_pipeline_split (c);
  if (has_value (c->args, "pipeline_model_parallel_layout"))
    check_layout_layers (c);
  check_pipeline_overlaps (c);
}
