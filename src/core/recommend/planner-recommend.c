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

#include "planner-flag-catalog.h"
#include "planner-flops.h"
#include "planner-recommend-private.h"
#include "planner-release.h"
#include "planner-validate.h"

/* The recommendation as data: the request checked and resolved into a
 * model's Megatron arguments, a candidate's arguments, and the result's
 * lifetime.  planner-recommend-run.c drives the search and makes the
 * words (planner-recommend-text.c) from what this file holds; neither is
 * called from here. */

#define MAX_EXPERTS       4096
#define MAX_SEQ_LENGTH    (1u << 20)
#define MAX_GLOBAL_BATCH  ((guint64) 1 << 32)

G_DEFINE_QUARK (planner-recommend-error-quark, planner_recommend_error)

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

/* Sets @error to "NAME: message", the option named in @req's words
 * (planner_recommend_option_name). */
static void set_option_error (const PlannerRecommendRequest *req,
                              GError                       **error,
                              PlannerRecommendError          code,
                              const char                    *option,
                              const char                    *format,
                              ...) G_GNUC_PRINTF (5, 6);

static void
set_option_error (const PlannerRecommendRequest *req,
                  GError                       **error,
                  PlannerRecommendError          code,
                  const char                    *option,
                  const char                    *format,
                  ...)
{
  g_autofree char *name = planner_recommend_option_name (req, option);
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: a setting ("--gpu", "GPU Type"), then what is wrong with its value */
  g_set_error (error, PLANNER_RECOMMEND_ERROR, code, _("%s: %s"), name, message);
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

/* ---- The request ---- */

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
      set_option_error (req, error, PLANNER_RECOMMEND_ERROR_INVALID, "--precision",
                        _("the %s has no FP8 tensor cores; use --precision bf16"), gpu->name);
      return FALSE;
    }
  r->fp8_recipe = req->fp8_recipe != NULL ? req->fp8_recipe : blackwell ? "mxfp8" : "tensorwise";
  if (!recipe_known (r->fp8_recipe))
    {
      set_option_error (req, error, PLANNER_RECOMMEND_ERROR_INVALID, "--fp8-recipe",
                        _("“%s” is not one of tensorwise, delayed, mxfp8, blockwise"),
                        r->fp8_recipe);
      return FALSE;
    }
  if (g_str_equal (r->fp8_recipe, "mxfp8") && !blackwell)
    {
      set_option_error (req, error, PLANNER_RECOMMEND_ERROR_INVALID, "--fp8-recipe",
                        _("mxfp8 needs Blackwell (compute capability 10); the %s is %u.%u: use "
                          "tensorwise or blockwise"),
                        gpu->name, gpu->compute_capability_major, gpu->compute_capability_minor);
      return FALSE;
    }
  if (g_str_equal (r->fp8_recipe, "blockwise") && gpu->compute_capability_major < 9)
    {
      set_option_error (req, error, PLANNER_RECOMMEND_ERROR_INVALID, "--fp8-recipe", "%s",
                        _("blockwise needs Hopper or newer; use tensorwise"));
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
              set_option_error (req, error, PLANNER_RECOMMEND_ERROR_UNKNOWN_MODEL, "--model",
                                _("unknown model “%s”; known models: llama2-7b llama2-13b "
                                  "llama2-70b llama3-8b llama3-70b llama3.1-405b mixtral-8x7b "
                                  "mixtral-8x22b gpt3-175b nemotron4-15b nemotron4-340b "
                                  "deepseek-v3 qwen3-30b-a3b qwen3-235b-a22b gpt2-tiny "
                                  "gpt2-small gpt2-medium"), req->model_id);
              return NULL;
            }
        }
      else
        {
          if (!(req->params_b >= 0.01 && req->params_b <= 100000.0))
            {
              set_option_error (req, error, PLANNER_RECOMMEND_ERROR_INVALID, "--params-b", "%s",
                                _("give the model size in billions of parameters, between 0.01 "
                                  "and 100000"));
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
              set_option_error (req, error, PLANNER_RECOMMEND_ERROR_INVALID, "--seq-length",
                                _("%s has learned positions for at most %u tokens; give at most %u"),
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
      set_option_error (req, error, PLANNER_RECOMMEND_ERROR_UNKNOWN_GPU, "--gpu",
                        _("unknown GPU “%s”; known GPUs: a100-40gb a100-80gb h100-sxm h100-pcie "
                          "h200 b200 gb200 l40s v100"), req->gpu_id != NULL ? req->gpu_id : "");
      return FALSE;
    }
  if (req->num_gpus == 0 || req->num_gpus > PLANNER_MAX_WORLD_SIZE)
    {
      set_option_error (req, error, PLANNER_RECOMMEND_ERROR_INVALID, "--gpus",
                        _("give between 1 and %u GPUs"), PLANNER_MAX_WORLD_SIZE);
      return FALSE;
    }
  if (req->gpus_per_node > 4096)
    {
      set_option_error (req, error, PLANNER_RECOMMEND_ERROR_INVALID, "--gpus-per-node", "%s",
                        _("give between 1 and 4096"));
      return FALSE;
    }
  if (req->seq_length > MAX_SEQ_LENGTH || req->num_experts > MAX_EXPERTS ||
      req->global_batch_size > MAX_GLOBAL_BATCH)
    {
      if (req->seq_length > MAX_SEQ_LENGTH)
        set_option_error (req, error, PLANNER_RECOMMEND_ERROR_INVALID, "--seq-length", "%s",
                          _("give at most 1048576 tokens"));
      else if (req->num_experts > MAX_EXPERTS)
        g_set_error_literal (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID,
                             _("--num-experts: give at most 4096 experts"));
      else
        set_option_error (req, error, PLANNER_RECOMMEND_ERROR_INVALID, "--global-batch-size",
                          "%s", _("give at most 4294967296 sequences"));
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
  r->megatron_version = req->megatron_version != NULL ? planner_release_resolve (req->megatron_version, NULL) : NULL;
  if (r->megatron_version == NULL)
    r->megatron_version = planner_megatron_get_default_release ();
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
      if (planner_words_get_kind (req->words) == PLANNER_WORDS_FORM)
        r->batch_text = g_strdup_printf (_("assumed: about %.1fM tokens (%" PRIu64 " sequences of %u tokens), "
                                           "%s, for a %.0fB-parameter model; a smaller batch would make the "
                                           "pipeline bubble cost more, a larger one would hide it. Give yours in "
                                           "Global Batch Size on the Training page"),
                                         (double) tokens / (1 << 20), s->target_global, seq, why, params.total / 1e9);
      else
        r->batch_text = g_strdup_printf (_("assumed: about %.1fM tokens (%" PRIu64 " sequences of %u tokens), "
                                           "%s, for a %.0fB-parameter model; a smaller batch would make the "
                                           "pipeline bubble cost more, a larger one would hide it. Give yours with "
                                           "--global-batch-size or --global-batch-tokens"),
                                         (double) tokens / (1 << 20), s->target_global, seq, why, params.total / 1e9);
    }
  return TRUE;
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

void
planner_recommend_reason_free (gpointer data)
{
  PlannerRecommendReason *reason = data;

  g_free (reason->reason);
  g_free (reason);
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

