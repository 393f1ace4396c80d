/* planner-field.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-field"

#include "config.h"

#include "planner-field.h"
#include "planner-tokenizer-names.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "planner-flag-catalog.h"
#include "planner-flag-info.h"
#include "planner-format-double.h"
#include "planner-job-model.h"

#define FLAGS(...) ((const char *const []) { __VA_ARGS__, NULL })
#define NO_FLAGS   ((const char *const []) { NULL })

/* Every job field, in file order (tests check it against the job's own
 * list).  Pages and groups are the window's: the launch details sit in a
 * group on the Cluster page, checkpoints and logging on the Data page. */
static const PlannerField fields[] = {
  { "model.model_id", "model-id", N_("Model"), "model", NULL,
    FLAGS ("--num-layers", "--hidden-size", "--num-attention-heads", "--group-query-attention", "--num-query-groups", "--kv-channels", "--ffn-hidden-size", "--swiglu", "--squared-relu", "--normalization", "--qk-layernorm", "--position-embedding-type", "--rotary-base", "--untie-embeddings-and-output-weights", "--disable-bias-linear", "--max-position-embeddings", "--vocab-size", "--num-experts", "--moe-router-topk", "--moe-ffn-hidden-size", "--moe-shared-expert-intermediate-size", "--moe-layer-freq", "--moe-router-score-function", "--multi-latent-attention", "--q-lora-rank", "--kv-lora-rank", "--qk-head-dim", "--qk-pos-emb-head-dim", "--v-head-dim", "--mtp-num-layers"), FALSE },
  { "model.params_b", "params-b", N_("Size in Billions"), "model", NULL,
    FLAGS ("--num-layers", "--hidden-size", "--num-attention-heads", "--group-query-attention", "--num-query-groups", "--kv-channels", "--ffn-hidden-size", "--swiglu", "--squared-relu", "--normalization", "--qk-layernorm", "--position-embedding-type", "--rotary-base", "--untie-embeddings-and-output-weights", "--disable-bias-linear", "--max-position-embeddings", "--vocab-size", "--num-experts", "--moe-router-topk", "--moe-ffn-hidden-size", "--moe-shared-expert-intermediate-size", "--moe-layer-freq", "--moe-router-score-function", "--multi-latent-attention", "--q-lora-rank", "--kv-lora-rank", "--qk-head-dim", "--qk-pos-emb-head-dim", "--v-head-dim", "--mtp-num-layers"), FALSE },
  { "model.hf_config", "hf-config", N_("Hugging Face Config"), "model", N_("Architecture"),
    NO_FLAGS, FALSE },
  { "model.hf_config_sha256", "hf-config-sha256", N_("Hugging Face Config Digest"), "model", N_("Architecture"),
    NO_FLAGS, FALSE },
  { "model.num_layers", "num-layers", N_("Layers"), "model", N_("Architecture"),
    FLAGS ("--num-layers"), FALSE },
  { "model.hidden_size", "hidden-size", N_("Hidden Size"), "model", N_("Architecture"),
    FLAGS ("--hidden-size"), FALSE },
  { "model.num_attention_heads", "num-attention-heads", N_("Attention Heads"), "model", N_("Architecture"),
    FLAGS ("--num-attention-heads"), FALSE },
  { "model.num_query_groups", "num-query-groups", N_("Query Groups"), "model", N_("Architecture"),
    FLAGS ("--num-query-groups", "--group-query-attention"), FALSE },
  { "model.kv_channels", "kv-channels", N_("KV Channels"), "model", N_("Architecture"),
    FLAGS ("--kv-channels"), FALSE },
  { "model.ffn_hidden_size", "ffn-hidden-size", N_("FFN Size"), "model", N_("Architecture"),
    FLAGS ("--ffn-hidden-size"), FALSE },
  { "model.vocab_size", "vocab-size", N_("Vocabulary Size"), "model", N_("Architecture"),
    FLAGS ("--vocab-size"), FALSE },
  { "model.max_position_embeddings", "max-position-embeddings", N_("Max Position Embeddings"), "model", N_("Architecture"),
    FLAGS ("--max-position-embeddings"), FALSE },
  { "model.position_embedding_type", "position-embedding-type", N_("Position Embeddings"), "model", N_("Architecture"),
    FLAGS ("--position-embedding-type"), FALSE },
  { "model.rotary_base", "rotary-base", N_("Rotary Base"), "model", N_("Architecture"),
    FLAGS ("--rotary-base"), FALSE },
  { "model.normalization", "normalization", N_("Normalization"), "model", N_("Architecture"),
    FLAGS ("--normalization"), FALSE },
  { "model.activation", "activation", N_("Activation"), "model", N_("Architecture"),
    FLAGS ("--swiglu", "--squared-relu"), FALSE },
  { "model.untie_embeddings_and_output_weights", "untie-embeddings-and-output-weights", N_("Untied Embeddings"), "model", N_("Architecture"),
    FLAGS ("--untie-embeddings-and-output-weights"), FALSE },
  { "model.add_bias_linear", "add-bias-linear", N_("Linear Bias"), "model", N_("Architecture"),
    FLAGS ("--disable-bias-linear"), FALSE },
  { "model.qk_layernorm", "qk-layernorm", N_("QK Layer Norm"), "model", N_("Architecture"),
    FLAGS ("--qk-layernorm"), FALSE },
  { "model.num_experts", "num-experts", N_("Experts"), "model", N_("Mixture of Experts"),
    FLAGS ("--num-experts"), FALSE },
  { "model.moe_router_topk", "moe-router-topk", N_("Experts per Token"), "model", N_("Mixture of Experts"),
    FLAGS ("--moe-router-topk"), FALSE },
  { "model.moe_ffn_hidden_size", "moe-ffn-hidden-size", N_("Expert FFN Size"), "model", N_("Mixture of Experts"),
    FLAGS ("--moe-ffn-hidden-size"), FALSE },
  { "model.moe_shared_expert_intermediate_size", "moe-shared-expert-intermediate-size", N_("Shared Expert Size"), "model", N_("Mixture of Experts"),
    FLAGS ("--moe-shared-expert-intermediate-size"), FALSE },
  { "model.moe_layer_freq", "moe-layer-freq", N_("MoE Layer Pattern"), "model", N_("Mixture of Experts"),
    FLAGS ("--moe-layer-freq"), FALSE },
  { "model.moe_router_score_function", "moe-router-score-function", N_("Router Score Function"), "model", N_("Mixture of Experts"),
    FLAGS ("--moe-router-score-function"), FALSE },
  { "model.multi_latent_attention", "multi-latent-attention", N_("Multi-Latent Attention"), "model", N_("Multi-Latent Attention"),
    FLAGS ("--multi-latent-attention"), FALSE },
  { "model.q_lora_rank", "q-lora-rank", N_("Query Compression Rank"), "model", N_("Multi-Latent Attention"),
    FLAGS ("--q-lora-rank"), FALSE },
  { "model.kv_lora_rank", "kv-lora-rank", N_("KV Compression Rank"), "model", N_("Multi-Latent Attention"),
    FLAGS ("--kv-lora-rank"), FALSE },
  { "model.qk_head_dim", "qk-head-dim", N_("QK Head Size"), "model", N_("Multi-Latent Attention"),
    FLAGS ("--qk-head-dim"), FALSE },
  { "model.qk_pos_emb_head_dim", "qk-pos-emb-head-dim", N_("QK Rotary Head Size"), "model", N_("Multi-Latent Attention"),
    FLAGS ("--qk-pos-emb-head-dim"), FALSE },
  { "model.v_head_dim", "v-head-dim", N_("Value Head Size"), "model", N_("Multi-Latent Attention"),
    FLAGS ("--v-head-dim"), FALSE },
  { "model.mtp_num_layers", "mtp-num-layers", N_("Multi-Token Prediction Layers"), "model", N_("Architecture"),
    FLAGS ("--mtp-num-layers"), FALSE },
  { "model.norm_epsilon", "norm-epsilon", N_("Norm Epsilon"), "model", N_("Architecture"),
    FLAGS ("--norm-epsilon"), FALSE },
  { "model.add_qkv_bias", "add-qkv-bias", N_("Query, Key and Value Biases"), "model", N_("Architecture"),
    FLAGS ("--add-qkv-bias"), FALSE },
  { "model.use_rope_scaling", "use-rope-scaling", N_("Llama 3 RoPE Scaling"), "model", N_("Architecture"),
    FLAGS ("--use-rope-scaling"), FALSE },
  { "model.rope_scaling_factor", "rope-scaling-factor", N_("RoPE Scaling Factor"), "model", N_("Architecture"),
    FLAGS ("--rope-scaling-factor"), FALSE },
  { "model.window_size", "window-size", N_("Attention Window"), "model", N_("Architecture"),
    FLAGS ("--window-size"), FALSE },
  { "model.window_attn_skip_freq", "window-attn-skip-freq", N_("Full-Attention Layers"), "model", N_("Architecture"),
    FLAGS ("--window-attn-skip-freq"), FALSE },
  { "model.softmax_type", "softmax-type", N_("Attention Sinks"), "model", N_("Architecture"),
    FLAGS ("--softmax-type"), FALSE },
  { "model.moe_router_enable_expert_bias", "moe-router-enable-expert-bias", N_("Router Expert Bias"), "model", N_("Mixture of Experts"),
    FLAGS ("--moe-router-enable-expert-bias"), FALSE },
  { "model.moe_router_num_groups", "moe-router-num-groups", N_("Router Expert Groups"), "model", N_("Mixture of Experts"),
    FLAGS ("--moe-router-num-groups"), FALSE },
  { "model.moe_router_group_topk", "moe-router-group-topk", N_("Expert Groups per Token"), "model", N_("Mixture of Experts"),
    FLAGS ("--moe-router-group-topk"), FALSE },
  { "model.moe_router_topk_scaling_factor", "moe-router-topk-scaling-factor", N_("Router Weight Scale"), "model", N_("Mixture of Experts"),
    FLAGS ("--moe-router-topk-scaling-factor"), FALSE },
  { "model.moe_router_pre_softmax", "moe-router-pre-softmax", N_("Router Softmax before Top-k"), "model", N_("Mixture of Experts"),
    FLAGS ("--moe-router-pre-softmax"), FALSE },
  { "model.rope_type", "rope-type", N_("Rotary Embedding Type"), "model", N_("Architecture"),
    FLAGS ("--rope-type"), FALSE },
  { "model.rotary_scaling_factor", "rotary-scaling-factor", N_("YaRN Scaling Factor"), "model", N_("Architecture"),
    FLAGS ("--rotary-scaling-factor"), FALSE },
  { "model.mscale", "mscale", N_("YaRN Attention Scale"), "model", N_("Architecture"),
    FLAGS ("--mscale"), FALSE },
  { "model.mscale_all_dim", "mscale-all-dim", N_("YaRN Scale over All Dimensions"), "model", N_("Architecture"),
    FLAGS ("--mscale-all-dim"), FALSE },
  { "model.yarn_original_max_position_embeddings", "yarn-original-max-position-embeddings", N_("YaRN Original Context"), "model", N_("Architecture"),
    FLAGS ("--yarn-original-max-position-embeddings"), FALSE },
  { "model.yarn_beta_fast", "yarn-beta-fast", N_("YaRN Fast Correction"), "model", N_("Architecture"),
    FLAGS ("--yarn-beta-fast"), FALSE },
  { "model.yarn_beta_slow", "yarn-beta-slow", N_("YaRN Slow Correction"), "model", N_("Architecture"),
    FLAGS ("--yarn-beta-slow"), FALSE },
  { "model.yarn_correction_range_round_to_int", "yarn-correction-range-round-to-int", N_("YaRN Rounded Correction Range"), "model", N_("Architecture"),
    FLAGS ("--no-yarn-correction-range-round-to-int"), FALSE },
  { "cluster.gpu_id", "gpu-id", N_("GPU Type"), "cluster", NULL,
    NO_FLAGS, FALSE },
  { "cluster.nodes", "nodes", N_("Nodes"), "cluster", NULL,
    FLAGS ("--nnodes"), FALSE },
  { "cluster.gpus_per_node", "gpus-per-node", N_("GPUs per Node"), "cluster", NULL,
    FLAGS ("--nproc-per-node"), FALSE },
  { "parallelism.tp", "tp", N_("Tensor Parallel"), "parallelism", NULL,
    FLAGS ("--tensor-model-parallel-size"), FALSE },
  { "parallelism.pp", "pp", N_("Pipeline Parallel"), "parallelism", NULL,
    FLAGS ("--pipeline-model-parallel-size"), FALSE },
  { "parallelism.cp", "cp", N_("Context Parallel"), "parallelism", NULL,
    FLAGS ("--context-parallel-size"), FALSE },
  { "parallelism.ep", "ep", N_("Expert Parallel"), "parallelism", NULL,
    FLAGS ("--expert-model-parallel-size"), FALSE },
  { "parallelism.etp", "etp", N_("Expert Tensor Parallel"), "parallelism", NULL,
    FLAGS ("--expert-tensor-parallel-size"), FALSE },
  { "parallelism.vpp", "vpp", N_("Virtual Pipeline Stages"), "parallelism", NULL,
    FLAGS ("--num-virtual-stages-per-pipeline-rank", "--num-layers-per-virtual-pipeline-stage"), FALSE },
  { "parallelism.use_tp_pp_dp_mapping", "use-tp-pp-dp-mapping", N_("Pipeline Inside Data Parallel"), "parallelism", NULL,
    FLAGS ("--use-tp-pp-dp-mapping"), FALSE },
  { "parallelism.pipeline_split", "pipeline-split", N_("Pipeline Split"), "parallelism", NULL,
    FLAGS ("--account-for-embedding-in-pipeline-split", "--account-for-loss-in-pipeline-split"), FALSE },
  { "parallelism.first_stage_layers", "first-stage-layers", N_("First Stage Layers"), "parallelism", NULL,
    FLAGS ("--decoder-first-pipeline-num-layers"), FALSE },
  { "parallelism.last_stage_layers", "last-stage-layers", N_("Last Stage Layers"), "parallelism", NULL,
    FLAGS ("--decoder-last-pipeline-num-layers"), FALSE },
  { "parallelism.pipeline_layout", "pipeline-layout", N_("Pipeline Layout"), "parallelism", NULL,
    FLAGS ("--pipeline-model-parallel-layout"), FALSE },
  { "training.seq_length", "seq-length", N_("Sequence Length"), "training", N_("Batch"),
    FLAGS ("--seq-length"), FALSE },
  { "training.micro_batch_size", "micro-batch-size", N_("Micro-Batch Size"), "training", N_("Batch"),
    FLAGS ("--micro-batch-size"), FALSE },
  { "training.global_batch_size", "global-batch-size", N_("Global Batch Size"), "training", N_("Batch"),
    FLAGS ("--global-batch-size"), FALSE },
  { "training.precision", "precision", N_("Precision"), "training", N_("Precision"),
    FLAGS ("--bf16", "--fp16", "--fp8-format"), FALSE },
  { "training.recompute", "recompute", N_("Activation Recompute"), "training", N_("Memory"),
    FLAGS ("--recompute-granularity"), FALSE },
  { "training.distributed_optimizer", "distributed-optimizer", N_("Distributed Optimizer"), "training", N_("Memory"),
    FLAGS ("--use-distributed-optimizer"), FALSE },
  { "training.sequence_parallel", "sequence-parallel", N_("Sequence Parallel"), "training", N_("Communication"),
    FLAGS ("--sequence-parallel"), FALSE },
  { "training.train_iters", "train-iters", N_("Training Iterations"), "training", N_("Schedule"),
    FLAGS ("--train-iters"), FALSE },
  { "training.lr", "lr", N_("Learning Rate"), "training", N_("Schedule"),
    FLAGS ("--lr"), FALSE },
  { "training.min_lr", "min-lr", N_("Minimum Learning Rate"), "training", N_("Schedule"),
    FLAGS ("--min-lr"), FALSE },
  { "training.lr_decay_style", "lr-decay-style", N_("Decay Style"), "training", N_("Schedule"),
    FLAGS ("--lr-decay-style"), FALSE },
  { "training.lr_warmup_iters", "lr-warmup-iters", N_("Warm-up Iterations"), "training", N_("Schedule"),
    FLAGS ("--lr-warmup-iters"), FALSE },
  { "training.weight_decay", "weight-decay", N_("Weight Decay"), "training", N_("Schedule"),
    FLAGS ("--weight-decay"), FALSE },
  { "training.clip_grad", "clip-grad", N_("Gradient Clipping"), "training", N_("Schedule"),
    FLAGS ("--clip-grad"), FALSE },
  { "training.init_method_std", "init-method-std", N_("Initialisation Std"), "training", N_("Schedule"),
    FLAGS ("--init-method-std"), FALSE },
  { "training.fp8_recipe", "fp8-recipe", N_("FP8 Recipe"), "training", N_("Precision"),
    FLAGS ("--fp8-recipe"), FALSE },
  { "training.attention_backend", "attention-backend", N_("Attention Backend"), "training", N_("Precision"),
    FLAGS ("--attention-backend"), FALSE },
  { "training.overlap_grad_reduce", "overlap-grad-reduce", N_("Overlap Gradient Reduce"), "training", N_("Communication"),
    FLAGS ("--overlap-grad-reduce"), FALSE },
  { "training.overlap_param_gather", "overlap-param-gather", N_("Overlap Parameter Gather"), "training", N_("Communication"),
    FLAGS ("--overlap-param-gather"), FALSE },
  { "training.recompute_method", "recompute-method", N_("Recompute Method"), "training", N_("Memory"),
    FLAGS ("--recompute-method"), FALSE },
  { "training.recompute_num_layers", "recompute-num-layers", N_("Recompute Layers"), "training", N_("Memory"),
    FLAGS ("--recompute-num-layers"), FALSE },
  { "training.recompute_modules", "recompute-modules", N_("Recompute Modules"), "training", N_("Memory"),
    FLAGS ("--recompute-modules"), FALSE },
  { "training.tp_comm_overlap", "tp-comm-overlap", N_("Overlap Tensor-Parallel Communication"), "training", N_("Communication"),
    FLAGS ("--tp-comm-overlap"), FALSE },
  { "training.overlap_moe_comm", "overlap-moe-comm", N_("Overlap Expert-Parallel Communication"), "experts", NULL,
    FLAGS ("--overlap-moe-expert-parallel-comm"), FALSE },
  { "training.fsdp", "fsdp", N_("Fully Sharded Data Parallel"), "training", N_("Memory"),
    FLAGS ("--use-megatron-fsdp", "--use-torch-fsdp2", "--data-parallel-sharding-strategy", "--ckpt-format", "--no-gradient-accumulation-fusion"), FALSE },
  { "training.precision_aware_optimizer", "precision-aware-optimizer", N_("BF16 Optimizer Moments"), "training", N_("Memory"),
    FLAGS ("--use-precision-aware-optimizer", "--exp-avg-dtype", "--exp-avg-sq-dtype"), FALSE },
  { "training.optimizer_offload_fraction", "optimizer-offload-fraction", N_("Optimizer Offload Fraction"), "training", N_("Memory"),
    FLAGS ("--optimizer-cpu-offload", "--optimizer-offload-fraction"), FALSE },
  { "training.activation_offload_layers", "activation-offload-layers", N_("Offloaded Activation Layers"), "training", N_("Memory"),
    FLAGS ("--cpu-offloading-num-layers"), FALSE },
  { "training.fp8_param_gather", "fp8-param-gather", N_("FP8 Parameter Gather"), "training", N_("Precision"),
    FLAGS ("--fp8-param-gather"), FALSE },
  { "training.lr_decay_iters", "lr-decay-iters", N_("Decay Iterations"), "training", N_("Schedule"),
    FLAGS ("--lr-decay-iters"), FALSE },
  { "training.lr_wsd_decay_iters", "lr-wsd-decay-iters", N_("WSD Decay Iterations"), "training", N_("Schedule"),
    FLAGS ("--lr-wsd-decay-iters"), FALSE },
  { "training.lr_warmup_init", "lr-warmup-init", N_("Warm-up Start Rate"), "training", N_("Schedule"),
    FLAGS ("--lr-warmup-init"), FALSE },
  { "training.train_samples", "train-samples", N_("Training Samples"), "training", N_("Schedule"),
    FLAGS ("--train-samples"), FALSE },
  { "training.lr_decay_samples", "lr-decay-samples", N_("Decay Samples"), "training", N_("Schedule"),
    FLAGS ("--lr-decay-samples"), FALSE },
  { "training.lr_warmup_samples", "lr-warmup-samples", N_("Warm-up Samples"), "training", N_("Schedule"),
    FLAGS ("--lr-warmup-samples"), FALSE },
  { "moe.moe_router_load_balancing_type", "moe-router-load-balancing-type", N_("Load Balancing"), "experts", NULL,
    FLAGS ("--moe-router-load-balancing-type"), FALSE },
  { "moe.moe_aux_loss_coeff", "moe-aux-loss-coeff", N_("Auxiliary Loss Coefficient"), "experts", NULL,
    FLAGS ("--moe-aux-loss-coeff"), FALSE },
  { "moe.moe_token_dispatcher_type", "moe-token-dispatcher-type", N_("Token Dispatcher"), "experts", NULL,
    FLAGS ("--moe-token-dispatcher-type"), FALSE },
  { "moe.moe_grouped_gemm", "moe-grouped-gemm", N_("Grouped GEMM"), "experts", NULL,
    FLAGS ("--moe-grouped-gemm"), FALSE },
  { "data.data_path", "data-path", N_("Data Path"), "data", NULL,
    FLAGS ("--data-path"), TRUE },
  { "data.split", "split", N_("Split"), "data", NULL,
    FLAGS ("--split"), FALSE },
  { "data.tokenizer_type", "tokenizer-type", N_("Tokenizer Type"), "data", N_("Tokenizer"),
    FLAGS ("--tokenizer-type"), FALSE },
  { "data.tokenizer_model", "tokenizer-model", N_("Tokenizer Model"), "data", N_("Tokenizer"),
    FLAGS ("--tokenizer-model"), TRUE },
  { "data.vocab_file", "vocab-file", N_("Vocabulary File"), "data", N_("Tokenizer"),
    FLAGS ("--vocab-file"), TRUE },
  { "data.merge_file", "merge-file", N_("Merge File"), "data", N_("Tokenizer"),
    FLAGS ("--merge-file"), TRUE },
  { "data.mock_data", "mock-data", N_("Mock Data"), "data", NULL,
    FLAGS ("--mock-data"), FALSE },
  { "checkpoint.save_dir", "save-dir", N_("Save Directory"), "data", N_("Checkpoints"),
    FLAGS ("--save"), TRUE },
  { "checkpoint.load_dir", "load-dir", N_("Load Directory"), "data", N_("Checkpoints"),
    FLAGS ("--load"), TRUE },
  { "checkpoint.save_interval", "save-interval", N_("Save Interval"), "data", N_("Checkpoints"),
    FLAGS ("--save-interval"), FALSE },
  { "logging.log_interval", "log-interval", N_("Log Interval"), "data", N_("Logging"),
    FLAGS ("--log-interval"), FALSE },
  { "logging.eval_interval", "eval-interval", N_("Evaluation Interval"), "data", N_("Logging"),
    FLAGS ("--eval-interval"), FALSE },
  { "logging.eval_iters", "eval-iters", N_("Evaluation Iterations"), "data", N_("Logging"),
    FLAGS ("--eval-iters"), FALSE },
  { "logging.tensorboard_dir", "tensorboard-dir", N_("TensorBoard Directory"), "data", N_("Logging"),
    FLAGS ("--tensorboard-dir"), TRUE },
  { "launch.megatron_dir", "megatron-dir", N_("Megatron-LM Checkout"), "cluster", N_("Launch"),
    NO_FLAGS, TRUE },
  { "launch.rdzv_port", "rdzv-port", N_("Rendezvous Port"), "cluster", N_("Launch"),
    FLAGS ("--master-port", "--rdzv-endpoint"), FALSE },
  { "launch.slurm_partition", "slurm-partition", N_("SLURM Partition"), "cluster", N_("Launch"),
    NO_FLAGS, FALSE },
  { "launch.slurm_account", "slurm-account", N_("SLURM Account"), "cluster", N_("Launch"),
    NO_FLAGS, FALSE },
  { "launch.slurm_time", "slurm-time", N_("Time Limit"), "cluster", N_("Launch"),
    NO_FLAGS, FALSE },
  { "launch.slurm_cpus_per_task", "slurm-cpus-per-task", N_("CPUs per Task"), "cluster", N_("Launch"),
    NO_FLAGS, FALSE },
  { "launch.slurm_job_name", "slurm-job-name", N_("SLURM Job Name"), "cluster", N_("Launch"),
    NO_FLAGS, FALSE },
  { "launch.megatron_version", "megatron-version", N_("Megatron-Core Release"), "cluster", N_("Launch"),
    NO_FLAGS, FALSE },
  { "advanced.extra_args", "extra-args", N_("Extra Arguments"), "cluster", N_("Advanced"),
    NO_FLAGS, FALSE },
  { "advanced.recommended_args", "recommended-args", N_("Recommended Arguments"), "cluster", N_("Advanced"),
    NO_FLAGS, FALSE },
};

static const PlannerField *field_pointers[G_N_ELEMENTS (fields) + 1];

const PlannerField *const *
planner_field_list (guint *n_fields)
{
  static gsize initialised = 0;

  if (g_once_init_enter (&initialised))
    {
      for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
        field_pointers[i] = &fields[i];
      field_pointers[G_N_ELEMENTS (fields)] = NULL;
      g_once_init_leave (&initialised, 1);
    }
  if (n_fields != NULL)
    *n_fields = G_N_ELEMENTS (fields);
  return field_pointers;
}

const PlannerField *
planner_field_lookup (const char *key_or_property)
{
  g_return_val_if_fail (key_or_property != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      if (g_str_equal (fields[i].key, key_or_property) || g_str_equal (fields[i].property, key_or_property))
        return &fields[i];
    }
  return NULL;
}

const char *
planner_field_get_label (const PlannerField *field)
{
  g_return_val_if_fail (field != NULL, NULL);
  return g_dgettext (GETTEXT_PACKAGE, field->label);
}

static gboolean
is (const PlannerField *field,
    const char         *property)
{
  return g_str_equal (field->property, property);
}

static gboolean
is_one_of (const PlannerField *field,
           const char *const  *properties)
{
  return g_strv_contains (properties, field->property);
}

gboolean
planner_field_applies (const PlannerField *field,
                       PlannerJob         *job)
{
  static const char *const moe_arch[] = {
    "moe-router-topk", "moe-ffn-hidden-size", "moe-shared-expert-intermediate-size", "moe-layer-freq",
    "moe-router-score-function", "moe-router-enable-expert-bias", "moe-router-num-groups", "moe-router-group-topk",
    "moe-router-topk-scaling-factor", "moe-router-pre-softmax", NULL
  };
  static const char *const mla[] = {
    "q-lora-rank", "kv-lora-rank", "qk-head-dim", "qk-pos-emb-head-dim", "v-head-dim", NULL
  };
  static const char *const yarn[] = {
    "rotary-scaling-factor", "mscale", "mscale-all-dim", "yarn-original-max-position-embeddings", "yarn-beta-fast",
    "yarn-beta-slow", "yarn-correction-range-round-to-int", NULL
  };
  static const char *const moe_training[] = {
    "moe-router-load-balancing-type", "moe-aux-loss-coeff", "moe-token-dispatcher-type", "moe-grouped-gemm",
    "overlap-moe-comm", NULL
  };
  PlannerJobModelKind kind;
  const char *recompute;

  g_return_val_if_fail (field != NULL, FALSE);

  if (job == NULL)
    return TRUE;

  kind = planner_job_get_model_kind (job);
  recompute = planner_job_get_string (job, "recompute");

  if (is (field, "model-id"))
    return kind == PLANNER_JOB_MODEL_CATALOG || kind == PLANNER_JOB_MODEL_NONE;
  if (is (field, "params-b"))
    return kind == PLANNER_JOB_MODEL_SIZE;
  /* The rest of the model section is the custom architecture. */
  if (g_str_has_prefix (field->key, "model."))
    {
      if (kind != PLANNER_JOB_MODEL_CUSTOM)
        return FALSE;
      if (is_one_of (field, moe_arch))
        return planner_job_get_uint (job, "num-experts") > 0;
      if (is_one_of (field, mla))
        return planner_job_get_bool (job, "multi-latent-attention");
      if (is (field, "rotary-base"))
        return g_str_equal (planner_job_get_string (job, "position-embedding-type"), "rope");
      if (is (field, "num-query-groups"))
        return !planner_job_get_bool (job, "multi-latent-attention");
      if (is (field, "rope-scaling-factor"))
        return planner_job_get_bool (job, "use-rope-scaling");
      /* YaRN's settings with YaRN: the position embeddings', or the
       * rotary type multi-latent attention takes. */
      if (is_one_of (field, yarn))
        return g_str_equal (planner_job_get_string (job, "position-embedding-type"), "yarn") ||
               g_str_equal (planner_job_get_string (job, "rope-type"), "yarn") ||
               planner_job_get_bool (job, "multi-latent-attention");
      if (is (field, "window-attn-skip-freq"))
        return *planner_job_get_string (job, "window-size") != '\0';
      return TRUE;
    }
  if (is_one_of (field, moe_training))
    return planner_job_model_is_moe (job);
  if (is (field, "recompute-method") || is (field, "recompute-num-layers"))
    return g_str_equal (recompute, "full");
  if (is (field, "recompute-modules"))
    return g_str_equal (recompute, "selective");
  if (is (field, "fp8-recipe") || is (field, "fp8-param-gather"))
    return g_str_equal (planner_job_get_string (job, "precision"), "fp8");
  if (is (field, "data-path") || is (field, "split"))
    return !planner_job_get_bool (job, "mock-data");
  if (is (field, "save-interval"))
    return *planner_job_get_string (job, "save-dir") != '\0';
  if (is (field, "first-stage-layers") || is (field, "last-stage-layers"))
    return g_str_equal (planner_job_get_string (job, "pipeline-split"), "first-last");
  if (is (field, "pipeline-layout"))
    return g_str_equal (planner_job_get_string (job, "pipeline-split"), "layout");
  if (is (field, "lr-wsd-decay-iters"))
    return g_str_equal (planner_job_get_string (job, "lr-decay-style"), "WSD");
  return TRUE;
}

GStrv
planner_field_keys_for_flags (PlannerJob        *job,
                              const char *const *flags)
{
  g_autoptr(GStrvBuilder) keys = g_strv_builder_new ();

  for (guint i = 0; flags != NULL && i < G_N_ELEMENTS (fields); i++)
    {
      gboolean hit = FALSE;

      for (guint f = 0; !hit && flags[f] != NULL; f++)
        hit = g_strv_contains (fields[i].flags, flags[f]);
      if (hit && planner_field_applies (&fields[i], job))
        g_strv_builder_add (keys, fields[i].key);
    }
  return g_strv_builder_end (keys);
}

gboolean
planner_field_is_read_only (const PlannerField *field,
                            PlannerJob         *job)
{
  PlannerJobModelKind kind;

  g_return_val_if_fail (field != NULL, FALSE);

  if (job == NULL || !g_str_has_prefix (field->key, "model.") || is (field, "model-id") || is (field, "params-b"))
    return FALSE;
  /* A catalogue model or a size shows its dimensions as it uses them. */
  kind = planner_job_get_model_kind (job);
  return kind == PLANNER_JOB_MODEL_CATALOG || kind == PLANNER_JOB_MODEL_SIZE;
}

static guint
count_flags (const PlannerField *field)
{
  return g_strv_length ((char **) field->flags);
}

/* The field that writes @flag with the fewest other flags: Max Position
 * Embeddings before Model, which writes every dimension of a catalogue
 * model. */
static const PlannerField *
most_specific (const char *flag)
{
  const PlannerField *best = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (g_strv_contains (fields[i].flags, flag) && (best == NULL || count_flags (&fields[i]) < count_flags (best)))
      best = &fields[i];
  return best;
}

static void
add_key (GPtrArray  *keys,
         const char *key)
{
  if (!g_ptr_array_find_with_equal_func (keys, key, g_str_equal, NULL))
    g_ptr_array_add (keys, (gpointer) key);
}

GStrv
planner_field_keys_for_diagnostic (const char        *code,
                                   const char *const *flags)
{
  /* Where a diagnostic's flags list the cause before the field to change:
   * an expert-parallel error on a MoE model is fixed at Expert Parallel,
   * not at the experts the model has or the pipeline. */
  static const struct
  {
    const char *code;
    const char *keys[3];
  } by_code[] = {
    { "layout.expert-world-not-divisible", { "parallelism.ep", "parallelism.etp", "parallelism.pp" } },
    { "moe.experts-not-divisible-by-ep", { "parallelism.ep", "model.num_experts", NULL } },
    { "moe.ep-without-experts", { "parallelism.ep", "model.num_experts", NULL } },
    { "model.max-position-below-seq", { "model.max_position_embeddings", "training.seq_length", NULL } },
  };
  /* What a rule also reads that no flag names (the GPUs are nodes × GPUs
   * per node), after the flags' fields: every field whose change makes
   * the error is one the link can reach (issue 23 #8). */
  static const struct
  {
    const char *code;
    const char *keys[4];
  } also[] = {
    { "layout.world-not-divisible", { "cluster.nodes", "cluster.gpus_per_node", NULL } },
    { "layout.expert-world-not-divisible", { "parallelism.tp", "cluster.nodes", "cluster.gpus_per_node", NULL } },
    { "batch.global-not-divisible", { "cluster.nodes", "cluster.gpus_per_node", NULL } },
    { "pipeline.layers-not-divisible", { "parallelism.pipeline_split", NULL } },
    { "sp.seq-not-divisible", { "parallelism.cp", NULL } },
    { "training.iters-with-sample-lr", { "training.lr_warmup_samples", NULL } },
  };
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; code != NULL && i < G_N_ELEMENTS (by_code); i++)
    if (g_str_equal (code, by_code[i].code))
      for (guint k = 0; k < G_N_ELEMENTS (by_code[i].keys) && by_code[i].keys[k] != NULL; k++)
        add_key (keys, by_code[i].keys[k]);

  /* The field of each flag in the diagnostic's order, then the fields
   * that also write them (Model, for a catalogue model's dimensions). */
  for (guint f = 0; flags != NULL && flags[f] != NULL; f++)
    {
      const PlannerField *field = most_specific (flags[f]);

      if (field != NULL)
        add_key (keys, field->key);
    }
  for (guint f = 0; flags != NULL && flags[f] != NULL; f++)
    for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
      if (g_strv_contains (fields[i].flags, flags[f]))
        add_key (keys, fields[i].key);
  for (guint i = 0; code != NULL && i < G_N_ELEMENTS (also); i++)
    if (g_str_equal (code, also[i].code))
      for (guint k = 0; k < G_N_ELEMENTS (also[i].keys) && also[i].keys[k] != NULL; k++)
        add_key (keys, also[i].keys[k]);

  for (guint i = 0; i < keys->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (keys, i));
  return g_strv_builder_end (builder);
}

const PlannerField *
planner_field_for_diagnostic (PlannerJob              *job,
                              const PlannerDiagnostic *diagnostic)
{
  g_return_val_if_fail (diagnostic != NULL, NULL);

  /* The first field the form shows for @job: editable, or read-only
   * until Customise. */
  for (guint i = 0; diagnostic->fields[i] != NULL; i++)
    {
      const PlannerField *field = planner_field_lookup (diagnostic->fields[i]);

      if (field != NULL && (planner_field_applies (field, job) || planner_field_is_read_only (field, job)))
        return field;
    }
  return NULL;
}

/* The label that names @name for the job in @words: a job key by its
 * field; a flag by the field that holds it when the form shows that
 * field (Max Position Embeddings, even read-only), else by the first
 * field that writes it and applies; NULL when no field does (a flag no
 * field writes stays as Megatron spells it). */
static const char *
words_label_for (const PlannerWords *words,
                 const char         *name)
{
  PlannerJob *job = (PlannerJob *) words->data;
  const PlannerField *own;

  if (!g_str_has_prefix (name, "--") && strchr (name, '.') == NULL)
    {
      const PlannerFlagInfo *info = planner_flag_catalog_lookup_dest (name);

      return info != NULL ? words_label_for (words, info->flag) : NULL;
    }
  if (!g_str_has_prefix (name, "--"))
    {
      const PlannerField *field = planner_field_lookup (name);

      return field != NULL && g_str_equal (field->key, name) ? planner_field_get_label (field) : NULL;
    }
  own = most_specific (name);
  if (own != NULL && (planner_field_applies (own, job) || planner_field_is_read_only (own, job)))
    return planner_field_get_label (own);
  for (guint j = 0; j < G_N_ELEMENTS (fields); j++)
    if (planner_field_applies (&fields[j], job) && g_strv_contains (fields[j].flags, name))
      return planner_field_get_label (&fields[j]);
  return NULL;
}

void
planner_field_words_init (PlannerWords *words,
                          PlannerJob   *job)
{
  g_return_if_fail (words != NULL);
  g_return_if_fail (job == NULL || PLANNER_IS_JOB (job));

  words->kind = PLANNER_WORDS_FORM;
  words->label_for = words_label_for;
  words->data = job;
}

/* The form's words for the choices (the combo rows and the rows of a
 * change read them alike). */
const char *
planner_field_choice_label (const char *property,
                            const char *id)
{
  static const struct { const char *id, *label; } labels[] = {
    { "constant", N_("Constant") }, { "linear", N_("Linear") }, { "cosine", N_("Cosine") },
    { "inverse-square-root", N_("Inverse Square Root") }, { "WSD", N_("Warm-up, Stable, Decay") },
    { "flash", N_("Flash") }, { "fused", N_("Fused") }, { "unfused", N_("Unfused") }, { "local", N_("Local") },
    { "auto", N_("Automatic") }, { "bf16", "BF16" }, { "fp8", N_("FP8 (Hybrid)") }, { "fp16", "FP16" },
    { "fp32", "FP32" }, { "delayed", N_("Delayed Scaling") }, { "tensorwise", N_("Tensor-wise") },
    { "mxfp8", "MXFP8" }, { "blockwise", N_("Block-wise") }, { "none", N_("None") },
    { "selective", N_("Selective") }, { "full", N_("Full") }, { "uniform", N_("Uniform") },
    { "block", N_("Block") }, { "megatron", N_("Megatron FSDP") }, { "torch", N_("PyTorch FSDP2") },
    { "learned_absolute", N_("Learned Absolute") }, { "rope", "RoPE" }, { "yarn", "YaRN" },
    { "mrope", N_("Multimodal RoPE") }, { "relative", N_("Relative") }, { "swiglu", "SwiGLU" },
    { "gelu", "GeLU" }, { "squared_relu", N_("Squared ReLU") }, { "softmax", N_("Softmax") },
    { "even", N_("Even") },
    { "embedding-loss", N_("Count Embedding and Loss") }, { "embedding", N_("Count Embedding") },
    { "loss", N_("Count Loss") }, { "first-last", N_("First and Last Stages") }, { "layout", N_("Layout") },
    { "sigmoid", N_("Sigmoid") },
    { "vanilla", N_("None") }, { "off-by-one", N_("Off by One") }, { "learnable", N_("Learned per Head") },
  };

  g_return_val_if_fail (property != NULL && id != NULL, NULL);

  if (g_str_equal (property, "tokenizer-type") && *id != '\0')
    return planner_tokenizer_name (id);
  if (*id == '\0')
    {
      if (g_str_equal (property, "tokenizer-type"))
        return _("The Model’s Own");
      if (g_str_equal (property, "fp8-recipe"))
        return _("Suits the GPU");
      return _("Megatron’s Default");
    }
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      if (g_str_equal (labels[i].id, id))
        return _(labels[i].label);
    }
  return id;
}

static char *
format_value (PlannerJob         *job,
              const PlannerField *field)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (job), field->property);
  g_auto(GValue) value = G_VALUE_INIT;

  g_value_init (&value, pspec->value_type);
  g_object_get_property (G_OBJECT (job), field->property, &value);
  switch (pspec->value_type)
    {
    case G_TYPE_UINT:
      return g_strdup_printf ("%u", g_value_get_uint (&value));
    case G_TYPE_DOUBLE:
      return planner_format_double (g_value_get_double (&value));
    case G_TYPE_BOOLEAN:
      return g_strdup (g_value_get_boolean (&value) ? _("on") : _("off"));
    case G_TYPE_STRING:
      {
        const char *text = g_value_get_string (&value) != NULL ? g_value_get_string (&value) : "";
        g_auto(GStrv) choices = NULL;

        /* A choice reads as its row does ("Count Embedding and Loss");
         * the modules list is free text over choices, and stays quoted. */
        if (!g_str_equal (field->property, "recompute-modules"))
          choices = planner_job_dup_choices (field->property);
        if (choices != NULL && g_strv_contains ((const char * const *) choices, text))
          return g_strdup (planner_field_choice_label (field->property, text));
        return g_strdup_printf ("“%s”", text);
      }
    default:
      g_return_val_if_reached (g_strdup ("?"));
    }
}

void
planner_field_change_free (PlannerFieldChange *change)
{
  if (change == NULL)
    return;
  g_free (change->before);
  g_free (change->after);
  g_free (change);
}

/* The value as the form shows it: a catalogue model's or a size's
 * dimension the job never gave (0) reads as the model's own ("Layers:
 * 80", never "0 → 80", issue 23 #9), or as not given when the model
 * does not say either.  @args caches the model's arguments. */
static char *
format_shown_value (PlannerJob         *job,
                    const PlannerField *field,
                    PlannerArgs       **args)
{
  const PlannerFlagInfo *info = field->flags[0] != NULL ? planner_flag_catalog_lookup (field->flags[0]) : NULL;
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (job), field->property);

  if (info != NULL && info->dest != NULL && pspec->value_type == G_TYPE_UINT &&
      planner_job_get_uint (job, field->property) == 0 && planner_field_is_read_only (field, job))
    {
      if (*args == NULL)
        {
          *args = planner_args_new ();
          planner_job_model_to_args (job, *args);
        }
      if (planner_args_is_set (*args, info->dest))
        return g_strdup (planner_args_get_string (*args, info->dest, "0"));
      /* Translators: a value the job never gave and its model does not say (a vocabulary from the tokenizer) */
      return g_strdup (_("not given"));
    }
  return format_value (job, field);
}

GPtrArray *
planner_job_diff_fields (PlannerJob *before,
                         PlannerJob *after)
{
  g_autoptr(PlannerArgs) before_args = NULL;
  g_autoptr(PlannerArgs) after_args = NULL;
  GPtrArray *changes;

  g_return_val_if_fail (PLANNER_IS_JOB (before), NULL);
  g_return_val_if_fail (PLANNER_IS_JOB (after), NULL);

  changes = g_ptr_array_new_with_free_func ((GDestroyNotify) planner_field_change_free);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      g_autofree char *old_value = format_value (before, &fields[i]);
      g_autofree char *new_value = format_value (after, &fields[i]);
      PlannerFieldChange *change;

      /* Only a value given on one side reads the other's from its model:
       * a change of model alone lists the model, not every dimension. */
      if (!g_str_equal (old_value, new_value) && g_str_equal (old_value, "0"))
        {
          g_free (old_value);
          old_value = format_shown_value (before, &fields[i], &before_args);
        }
      else if (!g_str_equal (old_value, new_value) && g_str_equal (new_value, "0"))
        {
          g_free (new_value);
          new_value = format_shown_value (after, &fields[i], &after_args);
        }

      if (g_str_equal (old_value, new_value))
        continue;
      change = g_new0 (PlannerFieldChange, 1);
      change->field = &fields[i];
      change->before = g_steal_pointer (&old_value);
      change->after = g_steal_pointer (&new_value);
      g_ptr_array_add (changes, change);
    }
  return changes;
}

GStrv
planner_job_list_changes_labelled (PlannerJob *before,
                                   PlannerJob *after)
{
  g_autoptr(GStrvBuilder) lines = g_strv_builder_new ();
  g_autoptr(GPtrArray) changes = NULL;

  g_return_val_if_fail (PLANNER_IS_JOB (before), NULL);
  g_return_val_if_fail (PLANNER_IS_JOB (after), NULL);

  changes = planner_job_diff_fields (before, after);
  for (guint i = 0; i < changes->len; i++)
    {
      const PlannerFieldChange *change = g_ptr_array_index (changes, i);
      g_autofree char *line = NULL;

      /* TRANSLATORS: a change to a job field: "Tensor Parallel: 4 → 8" */
      line = g_strdup_printf (_("%s: %s → %s"), planner_field_get_label (change->field), change->before,
                              change->after);
      g_strv_builder_add (lines, line);
    }
  return g_strv_builder_end (lines);
}
