/* test-import.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-import.h"

#include <string.h>

static PlannerImport *
import_ok (const char *text)
{
  g_autoptr(GError) error = NULL;
  PlannerImport *import = planner_import_script (text, strlen (text), &error);

  g_assert_no_error (error);
  g_assert_nonnull (import);
  return import;
}

static PlannerDiagnostic *
find (PlannerImport *import,
      const char    *code,
      const char    *flag)
{
  for (guint i = 0; i < import->diagnostics->len; i++)
    {
      PlannerDiagnostic *d = g_ptr_array_index (import->diagnostics, i);

      if (strcmp (d->code, code) == 0 && (flag == NULL || g_strv_contains ((const char *const *) d->flags, flag)))
        return d;
    }
  return NULL;
}

static void
dump (PlannerImport *import)
{
  for (guint i = 0; i < import->diagnostics->len; i++)
    {
      PlannerDiagnostic *d = g_ptr_array_index (import->diagnostics, i);

      g_test_message ("%u %s %s: %s (%s)", d->line, planner_severity_to_string (d->severity), d->code,
                      d->message, d->fix ? d->fix : "");
    }
}

static void
test_bare (void)
{
  const char *argv[] = {
    "--num-layers", "32", "--hidden-size=4096", "--disable-bias-linear", "--swiglu",
    "--data-path", "0.5", "/data/a", "0.5", "/data/b c", "--lr", "1e-4", "--no-rl-use-sequence-packing",
    "--num-layers", "40", "--moe-aux-loss-coeff", "1e-2", "--seed", "-1", NULL
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerImport) import = planner_import_argv (argv, &error);
  const char *const *list;

  g_assert_no_error (error);
  dump (import);
  g_assert_cmpuint (import->diagnostics->len, ==, 0);
  g_assert_cmpint (import->launcher, ==, PLANNER_LAUNCHER_NONE);
  g_assert_null (import->script);
  g_assert_cmpuint (import->nnodes, ==, 0);
  /* Repeated: the last one wins, in the first one's place. */
  g_assert_cmpint (planner_args_get_int (import->args, "num_layers", 0), ==, 40);
  g_assert_cmpstr (planner_args_get_dest_at (import->args, 0), ==, "num_layers");
  g_assert_cmpint (planner_args_get_int (import->args, "hidden_size", 0), ==, 4096);
  g_assert_false (planner_args_get_bool (import->args, "add_bias_linear", TRUE));
  g_assert_cmpstr (planner_args_get_flag (import->args, "add_bias_linear"), ==, "--disable-bias-linear");
  g_assert_true (planner_args_get_bool (import->args, "swiglu", FALSE));
  g_assert_false (planner_args_get_bool (import->args, "rl_use_sequence_packing", TRUE));
  list = planner_args_get_list (import->args, "data_path");
  g_assert_cmpuint (g_strv_length ((char **) list), ==, 4);
  g_assert_cmpstr (list[3], ==, "/data/b c");
  g_assert_cmpstr (planner_args_get_list (import->args, "moe_aux_loss_coeff")[0], ==, "1e-2");
  g_assert_cmpint (planner_args_get_int (import->args, "seed", 0), ==, -1);
  g_assert_cmpfloat_with_epsilon (planner_args_get_double (import->args, "lr", 0), 1e-4, 1e-12);
}

static void
test_torchrun_line (void)
{
  g_autoptr(PlannerImport) import =
    import_ok ("torchrun --nproc_per_node 8 --nnodes=2 --node_rank 0 --master-addr host pretrain_gpt.py \\\n"
               "  --tensor-model-parallel-size 4 --num-layer 32 --fp8-hybrid --use-flash-attn \\\n"
               "  --checkpoint-activations --attention-backend FLASH --micro-batch-size abc \\\n"
               "  --swiglu=yes --micro-batch 2 --lr nan 7 --seq-length\n");
  PlannerDiagnostic *d;

  dump (import);
  g_assert_cmpint (import->launcher, ==, PLANNER_LAUNCHER_TORCHRUN);
  g_assert_cmpstr (import->script, ==, "pretrain_gpt.py");
  g_assert_cmpuint (import->nnodes, ==, 2);
  g_assert_cmpuint (import->nproc_per_node, ==, 8);
  g_assert_cmpuint (import->line, ==, 1);
  g_assert_cmpint (planner_args_get_int (import->args, "tensor_model_parallel_size", 0), ==, 4);

  d = find (import, "flag.unknown", "--num-layer");
  g_assert_nonnull (d);
  g_assert_cmpint (d->severity, ==, PLANNER_SEVERITY_ERROR);
  g_assert_cmpuint (d->line, ==, 2);
  g_assert_nonnull (strstr (d->fix, "--num-layers"));
  /* allow_abbrev=False: a prefix of a real flag is unknown too. */
  d = find (import, "flag.unknown", "--micro-batch");
  g_assert_nonnull (d);
  g_assert_nonnull (strstr (d->fix, "--micro-batch-size"));

  d = find (import, "flag.removed", "--fp8-hybrid");
  g_assert_nonnull (d);
  g_assert_cmpint (d->severity, ==, PLANNER_SEVERITY_ERROR);
  g_assert_nonnull (strstr (d->fix, "--fp8-format hybrid"));

  d = find (import, "flag.dead", "--use-flash-attn");
  g_assert_nonnull (d);
  g_assert_cmpint (d->severity, ==, PLANNER_SEVERITY_WARNING);
  g_assert_nonnull (strstr (d->fix, "--attention-backend flash"));

  d = find (import, "flag.fatal", "--checkpoint-activations");
  g_assert_nonnull (d);
  g_assert_cmpint (d->severity, ==, PLANNER_SEVERITY_ERROR);
  g_assert_cmpuint (d->line, ==, 3);

  d = find (import, "flag.bad-value", "--attention-backend");
  g_assert_nonnull (d);
  g_assert_nonnull (strstr (d->message, "flash, fused, unfused, local, auto"));
  g_assert_nonnull (find (import, "flag.bad-value", "--micro-batch-size"));
  g_assert_nonnull (find (import, "flag.bad-value", "--swiglu"));
  g_assert_nonnull (find (import, "flag.bad-value", "--lr"));
  g_assert_nonnull (find (import, "flag.stray-value", NULL));
  d = find (import, "flag.missing-value", "--seq-length");
  g_assert_nonnull (d);
  g_assert_cmpuint (d->line, ==, 4);
}

static void
test_torch_distributed_run (void)
{
  g_autoptr(PlannerImport) import =
    import_ok ("python3 -m torch.distributed.run --nproc-per-node=4 --nnodes 1:4 --rdzv-endpoint h:29500 \\\n"
               "    pretrain_gpt.py --num-layers 2 --hidden-size 64 --num-attention-heads 4\n");

  dump (import);
  g_assert_cmpint (import->launcher, ==, PLANNER_LAUNCHER_TORCH_DISTRIBUTED_RUN);
  g_assert_cmpuint (import->nproc_per_node, ==, 4);
  g_assert_cmpuint (import->nnodes, ==, 4);
  g_assert_nonnull (find (import, "import.elastic-nnodes", NULL));
  g_assert_cmpint (planner_args_get_int (import->args, "num_attention_heads", 0), ==, 4);
  g_assert_cmpuint (planner_diagnostics_count (import->diagnostics, PLANNER_SEVERITY_ERROR), ==, 0);
}

static void
test_srun (void)
{
  const char *argv[] = {
    "srun", "--nodes=2", "--ntasks-per-node=8", "--gpus-per-node", "8", "-A", "acct", "--exclusive",
    "--container-image", "nvcr.io/nvidia/pytorch:25.01-py3", "python", "-u", "pretrain_gpt.py",
    "--num-layers", "2", NULL
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerImport) import = planner_import_argv (argv, &error);

  g_assert_no_error (error);
  g_assert_cmpint (import->launcher, ==, PLANNER_LAUNCHER_SRUN);
  g_assert_true (import->under_srun);
  g_assert_cmpstr (import->script, ==, "pretrain_gpt.py");
  g_assert_cmpuint (import->nnodes, ==, 2);
  g_assert_cmpuint (import->nproc_per_node, ==, 8);
  g_assert_cmpint (planner_args_get_int (import->args, "num_layers", 0), ==, 2);
}

static void
test_env_prefix (void)
{
  const char *argv[] = { "CUDA_DEVICE_MAX_CONNECTIONS=1", "env", "NVTE_FLASH_ATTN=0", "torchrun",
                         "--nproc-per-node", "2", "pretrain_gpt.py", "--bf16", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerImport) import = planner_import_argv (argv, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (g_hash_table_lookup (import->env, "CUDA_DEVICE_MAX_CONNECTIONS"), ==, "1");
  g_assert_cmpstr (g_hash_table_lookup (import->env, "NVTE_FLASH_ATTN"), ==, "0");
  /* torchrun's --nnodes defaults to 1. */
  g_assert_cmpuint (import->nnodes, ==, 1);
  g_assert_cmpuint (import->nproc_per_node, ==, 2);
}

/* A SLURM script in the style of NVIDIA's examples. */
static const char sbatch_script[] =
  "#!/bin/bash\n"                                                   /* 1 */
  "#SBATCH --job-name=gpt\n"                                        /* 2 */
  "#SBATCH --nodes=4\n"                                             /* 3 */
  "#SBATCH --ntasks-per-node=1\n"                                   /* 4 */
  "#SBATCH --gpus-per-node=8\n"                                     /* 5 */
  "set -euo pipefail\n"                                             /* 6 */
  "export CUDA_DEVICE_MAX_CONNECTIONS=1\n"                          /* 7 */
  "export NVTE_FWD_LAYERNORM_SM_MARGIN=16 NCCL_DEBUG=WARN\n"        /* 8 */
  "NCCL_IB_TIMEOUT=19   # set but never exported\n"                 /* 9 */
  "GPUS_PER_NODE=8\n"                                               /* 10 */
  "NNODES=$SLURM_NNODES\n"                                          /* 11 */
  "WORLD=$(( GPUS_PER_NODE * NNODES ))\n"                           /* 12 */
  "TP=4; PP=$(( WORLD / GPUS_PER_NODE / 2 ))\n"                     /* 13 */
  "MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n" /* 14 */
  "GPT_MODEL_ARGS=(\n"                                              /* 15 */
  "    --num-layers 24\n"                                           /* 16 */
  "    --hidden-size 2048 # width\n"                                /* 17 */
  "    --num-attention-heads 16\n"                                  /* 18 */
  "    --seq-length 4096 --max-position-embeddings 4096\n"          /* 19 */
  ")\n"                                                             /* 20 */
  "TRAINING_ARGS=(\n"                                               /* 21 */
  "    --micro-batch-size 1\n"                                      /* 22 */
  "    --global-batch-size $(( 32 * WORLD / TP / PP ))\n"           /* 23 */
  "    --lr 3.0e-4 --use-flash-attn\n"                              /* 24 */
  "    --data-path \"$DATA_PATH\"\n"                                /* 25 */
  ")\n"                                                             /* 26 */
  "PARALLEL_ARGS=\"--tensor-model-parallel-size $TP --pipeline-model-parallel-size $PP\"\n" /* 27 */
  "echo \"launching on $WORLD GPUs\"\n"                             /* 28 */
  "python tools/preprocess_data.py --input x.json --workers 8\n"    /* 29 */
  "srun --container-image=img bash -c 'nvidia-smi' \n"              /* 30 */
  "srun torchrun --nproc_per_node $GPUS_PER_NODE --nnodes $NNODES \\\n" /* 31 */
  "    --rdzv_endpoint $MASTER_ADDR:29500 --rdzv_backend c10d \\\n" /* 32 */
  "    /workspace/megatron/pretrain_gpt.py \\\n"                    /* 33 */
  "    \"${GPT_MODEL_ARGS[@]}\" \"${TRAINING_ARGS[@]}\" $PARALLEL_ARGS \\\n" /* 34 */
  "    --bf16 2>&1 | tee log.txt\n";                                /* 35 */

static void
test_sbatch_script (void)
{
  g_autoptr(PlannerImport) import = import_ok (sbatch_script);
  PlannerDiagnostic *d;

  dump (import);
  g_assert_cmpint (import->launcher, ==, PLANNER_LAUNCHER_TORCHRUN);
  g_assert_true (import->under_srun);
  g_assert_cmpstr (import->script, ==, "/workspace/megatron/pretrain_gpt.py");
  g_assert_cmpuint (import->line, ==, 31);
  /* $SLURM_NNODES comes from #SBATCH --nodes=4. */
  g_assert_cmpuint (import->nnodes, ==, 4);
  g_assert_cmpuint (import->nproc_per_node, ==, 8);
  g_assert_cmpint (planner_args_get_int (import->args, "num_layers", 0), ==, 24);
  g_assert_cmpint (planner_args_get_int (import->args, "hidden_size", 0), ==, 2048);
  g_assert_cmpint (planner_args_get_int (import->args, "tensor_model_parallel_size", 0), ==, 4);
  /* PP = 32 / 8 / 2 = 2; global batch = 32 * 32 / 4 / 2 = 128. */
  g_assert_cmpint (planner_args_get_int (import->args, "pipeline_model_parallel_size", 0), ==, 2);
  g_assert_cmpint (planner_args_get_int (import->args, "global_batch_size", 0), ==, 128);
  g_assert_true (planner_args_get_bool (import->args, "bf16", FALSE));
  g_assert_cmpstr (planner_args_get_list (import->args, "data_path")[0], ==, "$DATA_PATH");

  g_assert_cmpstr (g_hash_table_lookup (import->env, "CUDA_DEVICE_MAX_CONNECTIONS"), ==, "1");
  g_assert_cmpstr (g_hash_table_lookup (import->env, "NCCL_DEBUG"), ==, "WARN");
  g_assert_null (g_hash_table_lookup (import->env, "NCCL_IB_TIMEOUT"));
  g_assert_nonnull (find (import, "import.not-exported", NULL));

  d = find (import, "flag.dead", "--use-flash-attn");
  g_assert_nonnull (d);
  g_assert_cmpuint (d->line, ==, 24);
  d = find (import, "import.unknown-variable", NULL);
  g_assert_nonnull (d);
  g_assert_nonnull (strstr (d->message, "DATA_PATH"));
  g_assert_cmpuint (d->line, ==, 25);
  d = find (import, "import.command-substitution", NULL);
  g_assert_nonnull (d);
  g_assert_cmpuint (d->line, ==, 14);
  g_assert_null (find (import, "flag.unknown", NULL));
  g_assert_cmpuint (planner_diagnostics_count (import->diagnostics, PLANNER_SEVERITY_ERROR), ==, 0);
}

/* facts.md §6: examples/llama/train_llama3_8b_h100_fp8.sh, mock data. */
static const char llama_script[] =
  "#!/bin/bash\n"
  "export CUDA_DEVICE_MAX_CONNECTIONS=1\n"
  "CHECKPOINT_PATH=${1:-\"checkpoints/llama3_8b_fp8\"}\n"
  "GPUS_PER_NODE=8\n"
  "NUM_NODES=1\n"
  "MASTER_ADDR=${MASTER_ADDR:-localhost}\n"
  "MASTER_PORT=${MASTER_PORT:-6000}\n"
  "NODE_RANK=${NODE_RANK:-0}\n"
  "SEQ_LENGTH=8192\n"
  "DISTRIBUTED_ARGS=(\n"
  "    --nproc_per_node $GPUS_PER_NODE\n"
  "    --nnodes $NUM_NODES\n"
  "    --node_rank $NODE_RANK\n"
  "    --master_addr $MASTER_ADDR\n"
  "    --master_port $MASTER_PORT\n"
  ")\n"
  "MODEL_ARGS=(\n"
  "    --use-mcore-models\n"
  "    --num-layers 32 --hidden-size 4096 --ffn-hidden-size 14336 --num-attention-heads 32\n"
  "    --group-query-attention --num-query-groups 8 --kv-channels 128\n"
  "    --seq-length $SEQ_LENGTH --max-position-embeddings $SEQ_LENGTH\n"
  "    --position-embedding-type rope --rotary-base 1000000 --rotary-percent 1.0\n"
  "    --attention-dropout 0.0 --hidden-dropout 0.0 --swiglu --init-method-std 0.0134\n"
  "    --attention-backend fused --apply-layernorm-1p --untie-embeddings-and-output-weights\n"
  "    --disable-bias-linear --normalization RMSNorm\n"
  ")\n"
  "TRAINING_ARGS=(\n"
  "    --micro-batch-size 1 --global-batch-size 128\n"
  "    --train-samples 1953125000 --lr-decay-samples 1949218748 --lr-warmup-samples 3906252\n"
  "    --lr 0.00015 --min-lr 0.00001 --lr-decay-style cosine\n"
  "    --bf16 --grad-reduce-in-bf16 --cross-entropy-loss-fusion --calculate-per-token-loss --manual-gc\n"
  ")\n"
  "DTYPE_ARGS=()\n"
  "DTYPE_ARGS+=(\n"
  "    \"--fp8-format hybrid\"\n"
  "    \"--fp8-amax-history-len 1024\"\n"
  "    \"--fp8-amax-compute-algo max\"\n"
  "    \"--fp8-param-gather\"\n"
  ")\n"
  "MODEL_PARALLEL_ARGS=(\n"
  "    --tensor-model-parallel-size 1 --context-parallel-size 1\n"
  "    --sequence-parallel\n"
  ")\n"
  "DDP_ARGS=( --use-distributed-optimizer --overlap-grad-reduce --overlap-param-gather )\n"
  "TRAINING_ARGS+=(\"${DDP_ARGS[@]}\")\n"
  "DATA_ARGS=( --mock-data --tokenizer-type NullTokenizer --vocab-size 128256 --split '99,1,0' )\n"
  "EVAL_AND_LOGGING_ARGS=(\n"
  "    --log-interval 1 --eval-iters 32 --eval-interval 100 --save-interval 1000\n"
  "    --ckpt-format torch_dist --distributed-timeout-minutes 60\n"
  "    --save \"$CHECKPOINT_PATH\" --load \"$CHECKPOINT_PATH\"\n"
  ")\n"
  "torchrun ${DISTRIBUTED_ARGS[@]} pretrain_gpt.py \\\n"
  "    ${MODEL_ARGS[@]} ${TRAINING_ARGS[@]} ${DTYPE_ARGS[@]} \\\n"
  "    ${MODEL_PARALLEL_ARGS[@]} ${DATA_ARGS[@]} ${EVAL_AND_LOGGING_ARGS[@]}\n";

/* Issue 14 #1: a lone "-" in an #SBATCH line was read as a short option
 * and the byte after its end taken for a value (ASan: heap overflow). */
static void
test_sbatch_lone_dash (void)
{
  g_autoptr(PlannerImport) import =
    import_ok ("#SBATCH -\n#SBATCH -N 2 -\n#SBATCH --\n#SBATCH --gpus-per-node=8\n"
               "torchrun pretrain_gpt.py --num-layers 2\n");

  g_assert_cmpuint (import->nnodes, ==, 2);
  g_assert_cmpuint (import->nproc_per_node, ==, 8);
  g_assert_cmpint (planner_args_get_int (import->args, "num_layers", 0), ==, 2);
}

/* Issue 14 #12: what the importer cannot read is said, and the rest of
 * the line is still read. */
static void
test_unreadable_parts (void)
{
  {
    g_autoptr(PlannerImport) import =
      import_ok ("torchrun --nproc-per-node 8 pretrain_gpt.py --data-path <(cat /x) --split 98,2,0 --num-layers 2\n");

    dump (import);
    g_assert_cmpstr (planner_args_get_list (import->args, "data_path")[0], ==, "<(cat /x)");
    g_assert_cmpstr (planner_args_get_string (import->args, "split", NULL), ==, "98,2,0");
    g_assert_cmpint (planner_args_get_int (import->args, "num_layers", 0), ==, 2);
    g_assert_nonnull (find (import, "import.process-substitution", NULL));
  }
  {
    g_autoptr(PlannerImport) import =
      import_ok ("TP=4\neval \"TP=8\"\ntorchrun pretrain_gpt.py --tensor-model-parallel-size $TP\n");
    PlannerDiagnostic *d = find (import, "import.eval", NULL);

    dump (import);
    g_assert_nonnull (d);
    g_assert_nonnull (strstr (d->message, "TP=8"));
    g_assert_cmpint (d->severity, ==, PLANNER_SEVERITY_WARNING);
  }
}

/* Wrappers with options of their own before the launcher. */
static void
test_wrapper_options (void)
{
  g_autoptr(PlannerImport) import =
    import_ok ("exec -a train nice -n 10 stdbuf -o L env -u OLD -i A=1 numactl --cpunodebind 0 "
               "torchrun --nproc-per-node 8 pretrain_gpt.py --num-layers 2\n");

  dump (import);
  g_assert_cmpint (import->launcher, ==, PLANNER_LAUNCHER_TORCHRUN);
  g_assert_cmpuint (import->nproc_per_node, ==, 8);
  g_assert_cmpstr (g_hash_table_lookup (import->env, "A"), ==, "1");
  g_assert_cmpint (planner_args_get_int (import->args, "num_layers", 0), ==, 2);
}

static void
test_llama_example (void)
{
  g_autoptr(PlannerImport) import = import_ok (llama_script);
  PlannerArgs *a;
  PlannerDiagnostic *d;

  dump (import);
  a = import->args;
  g_assert_cmpint (import->launcher, ==, PLANNER_LAUNCHER_TORCHRUN);
  g_assert_cmpuint (import->nnodes, ==, 1);
  g_assert_cmpuint (import->nproc_per_node, ==, 8);
  g_assert_cmpstr (g_hash_table_lookup (import->env, "CUDA_DEVICE_MAX_CONNECTIONS"), ==, "1");
  g_assert_cmpint (planner_args_get_int (a, "num_layers", 0), ==, 32);
  g_assert_cmpint (planner_args_get_int (a, "ffn_hidden_size", 0), ==, 14336);
  g_assert_cmpint (planner_args_get_int (a, "num_query_groups", 0), ==, 8);
  g_assert_cmpint (planner_args_get_int (a, "seq_length", 0), ==, 8192);
  g_assert_cmpint (planner_args_get_int (a, "max_position_embeddings", 0), ==, 8192);
  g_assert_true (planner_args_get_bool (a, "group_query_attention", FALSE));
  g_assert_cmpstr (planner_args_get_string (a, "position_embedding_type", NULL), ==, "rope");
  g_assert_cmpint (planner_args_get_int (a, "rotary_base", 0), ==, 1000000);
  g_assert_cmpstr (planner_args_get_string (a, "normalization", NULL), ==, "RMSNorm");
  g_assert_false (planner_args_get_bool (a, "add_bias_linear", TRUE));
  g_assert_true (planner_args_get_bool (a, "layernorm_zero_centered_gamma", FALSE));
  g_assert_cmpstr (planner_args_get_string (a, "fp8", NULL), ==, "hybrid");
  g_assert_cmpstr (planner_args_get_string (a, "fp8_amax_compute_algo", NULL), ==, "max");
  g_assert_true (planner_args_get_bool (a, "use_distributed_optimizer", FALSE));
  g_assert_true (planner_args_get_bool (a, "overlap_param_gather", FALSE));
  g_assert_true (planner_args_get_bool (a, "sequence_parallel", FALSE));
  g_assert_cmpint (planner_args_get_int (a, "vocab_size", 0), ==, 128256);
  g_assert_cmpstr (planner_args_get_string (a, "split", NULL), ==, "99,1,0");
  g_assert_cmpstr (planner_args_get_string (a, "save", NULL), ==, "checkpoints/llama3_8b_fp8");
  g_assert_cmpint (planner_args_get_int (a, "distributed_timeout_minutes", 0), ==, 60);

  /* --use-mcore-models is a no-op: a note, not an error. */
  d = find (import, "flag.dead", "--use-mcore-models");
  g_assert_nonnull (d);
  g_assert_cmpint (d->severity, ==, PLANNER_SEVERITY_INFO);
  g_assert_cmpuint (d->line, ==, 18);
  g_assert_cmpuint (planner_diagnostics_count (import->diagnostics, PLANNER_SEVERITY_ERROR), ==, 0);
  g_assert_cmpuint (planner_diagnostics_count (import->diagnostics, PLANNER_SEVERITY_WARNING), ==, 0);
}

/* facts.md §6: examples/mixtral/train_mixtral_8x7b_distributed.sh. */
static void
test_mixtral_example (void)
{
  g_autoptr(PlannerImport) import =
    import_ok ("#!/bin/bash\n"
               "export CUDA_DEVICE_MAX_CONNECTIONS=1\n"
               "GPUS_PER_NODE=8\n"
               "NNODES=${SLURM_NNODES:-\"1\"}\n"
               "NODE_RANK=${RANK:-\"0\"}\n"
               "CHECKPOINT_PATH=$1\n"
               "TOKENIZER_MODEL=$2\n"
               "DATA_PATH=$3\n"
               "DISTRIBUTED_ARGS=( --nproc_per_node $GPUS_PER_NODE --nnodes $NNODES --node_rank $NODE_RANK )\n"
               "MODEL_ARGS=( --disable-bias-linear --seq-length 4096 --max-position-embeddings 32768\n"
               "  --num-layers 32 --hidden-size 4096 --ffn-hidden-size 14336 --num-attention-heads 32\n"
               "  --init-method-std 0.01 --attention-dropout 0.0 --hidden-dropout 0.0 --normalization RMSNorm\n"
               "  --position-embedding-type rope --swiglu --untie-embeddings-and-output-weights\n"
               "  --group-query-attention --num-query-groups 8 --no-masked-softmax-fusion\n"
               "  --no-position-embedding --rotary-base 1000000 )\n"
               "MOE_ARGS=( --num-experts 8 --moe-router-topk 2 --moe-router-load-balancing-type aux_loss\n"
               "  --moe-aux-loss-coeff 1e-2 --moe-grouped-gemm --moe-token-dispatcher-type alltoall )\n"
               "DATA_ARGS=( --tokenizer-type Llama2Tokenizer --tokenizer-model ${TOKENIZER_MODEL}\n"
               "  --data-path $DATA_PATH --split 99990,8,2 )\n"
               "TRAINING_ARGS=( --micro-batch-size 1 --global-batch-size 256 --lr 1e-4 --train-iters 500000\n"
               "  --lr-decay-iters 320000 --lr-decay-style cosine --min-lr 1.0e-5 --weight-decay 0.1\n"
               "  --lr-warmup-iters 500 --clip-grad 1.0 --bf16 )\n"
               "MODEL_PARALLEL_ARGS=( --tensor-model-parallel-size 1 --pipeline-model-parallel-size 4\n"
               "  --expert-model-parallel-size 8 --use-distributed-optimizer --sequence-parallel )\n"
               "torchrun ${DISTRIBUTED_ARGS[@]} pretrain_gpt.py ${MODEL_ARGS[@]} ${MOE_ARGS[@]} \\\n"
               "  ${DATA_ARGS[@]} ${TRAINING_ARGS[@]} ${MODEL_PARALLEL_ARGS[@]} \\\n"
               "  --save $CHECKPOINT_PATH --load $CHECKPOINT_PATH\n");
  PlannerArgs *a = import->args;
  PlannerDiagnostic *d;

  dump (import);
  g_assert_cmpuint (import->nnodes, ==, 1);
  g_assert_cmpuint (import->nproc_per_node, ==, 8);
  g_assert_cmpint (planner_args_get_int (a, "num_experts", 0), ==, 8);
  g_assert_cmpint (planner_args_get_int (a, "expert_model_parallel_size", 0), ==, 8);
  g_assert_cmpint (planner_args_get_int (a, "pipeline_model_parallel_size", 0), ==, 4);
  g_assert_cmpstr (planner_args_get_list (a, "moe_aux_loss_coeff")[0], ==, "1e-2");
  g_assert_cmpstr (planner_args_get_list (a, "moe_router_load_balancing_type")[0], ==, "aux_loss");
  g_assert_false (planner_args_get_bool (a, "add_position_embedding", TRUE));
  g_assert_false (planner_args_get_bool (a, "masked_softmax_fusion", TRUE));
  /* TOKENIZER_MODEL=$2: the script argument, kept as written. */
  g_assert_cmpstr (planner_args_get_string (a, "tokenizer_model", NULL), ==, "$2");

  d = find (import, "flag.deprecated", "--no-position-embedding");
  g_assert_nonnull (d);
  g_assert_cmpint (d->severity, ==, PLANNER_SEVERITY_WARNING);
  g_assert_cmpuint (d->line, ==, 15);
  /* $1..$3 are the script's arguments. */
  g_assert_nonnull (find (import, "import.unknown-variable", NULL));
  g_assert_cmpuint (planner_diagnostics_count (import->diagnostics, PLANNER_SEVERITY_ERROR), ==, 0);
}

/* facts.md §6: examples/gpt3/train_gpt3_175b_distributed.sh. */
static void
test_gpt3_example (void)
{
  g_autoptr(PlannerImport) import =
    import_ok ("#!/bin/bash\n"
               "export CUDA_DEVICE_MAX_CONNECTIONS=1\n"
               "GPUS_PER_NODE=8\n"
               "MASTER_ADDR=localhost\n"
               "NUM_NODES=1\n"
               "DISTRIBUTED_ARGS=(\n"
               "    --nproc_per_node $GPUS_PER_NODE --nnodes $NUM_NODES\n"
               "    --master_addr $MASTER_ADDR --master_port 6000\n"
               ")\n"
               "GPT_MODEL_ARGS=( --num-layers 96 --hidden-size 12288 --num-attention-heads 96\n"
               "    --seq-length 2048 --max-position-embeddings 2048 --attention-backend auto )\n"
               "TRAINING_ARGS=( --micro-batch-size 1 --global-batch-size 1536\n"
               "    --step-batch-size-schedule \"0:16 1000:1536\" --train-iters 500000 --weight-decay 0.1\n"
               "    --adam-beta1 0.9 --adam-beta2 0.95 --init-method-std 0.006 --clip-grad 1.0 --fp16\n"
               "    --lr 6.0e-5 --lr-decay-style cosine --min-lr 6.0e-6 --lr-warmup-fraction .001\n"
               "    --lr-decay-iters 430000 )\n"
               "MODEL_PARALLEL_ARGS=( --tensor-model-parallel-size 8 --pipeline-model-parallel-size 16 )\n"
               "DATA_ARGS=( --data-path /data/my-gpt3_00_text_document --vocab-file /data/gpt2-vocab.json\n"
               "    --merge-file /data/gpt2-merges.txt --split 949,50,1 )\n"
               "torchrun ${DISTRIBUTED_ARGS[@]} pretrain_gpt.py \\\n"
               "    ${GPT_MODEL_ARGS[@]} ${TRAINING_ARGS[@]} ${MODEL_PARALLEL_ARGS[@]} ${DATA_ARGS[@]}\n");
  PlannerArgs *a = import->args;

  dump (import);
  /* ${TRAINING_ARGS[@]} unquoted splits "0:16 1000:1536" as bash does,
   * and argparse rejects the second half. */
  g_assert_cmpuint (import->diagnostics->len, ==, 1);
  g_assert_nonnull (find (import, "flag.stray-value", NULL));
  g_assert_cmpuint (((PlannerDiagnostic *) g_ptr_array_index (import->diagnostics, 0))->line, ==, 13);
  g_assert_cmpint (planner_args_get_int (a, "global_batch_size", 0), ==, 1536);
  g_assert_cmpstr (planner_args_get_string (a, "step_batch_size_schedule", NULL), ==, "0:16");
  g_assert_cmpfloat_with_epsilon (planner_args_get_double (a, "lr_warmup_fraction", 0), 0.001, 1e-12);
  g_assert_true (planner_args_get_bool (a, "fp16", FALSE));
  g_assert_cmpstr (planner_args_get_list (a, "data_path")[0], ==, "/data/my-gpt3_00_text_document");
  g_assert_cmpstr (planner_args_get_string (a, "split", NULL), ==, "949,50,1");
}

static void
test_choose_command (void)
{
  {
    g_autoptr(PlannerImport) import =
      import_ok ("python train.py --num-layers 2 --hidden-size 8\n"
                 "python tools/checkpoint/convert.py --model-type GPT\n");

    g_assert_cmpint (import->launcher, ==, PLANNER_LAUNCHER_PYTHON);
    g_assert_cmpstr (import->script, ==, "train.py");
    g_assert_cmpuint (import->line, ==, 1);
  }
  {
    g_autoptr(PlannerImport) import = import_ok ("  --num-layers 4 \\\n  --hidden-size 64\n");

    g_assert_cmpint (import->launcher, ==, PLANNER_LAUNCHER_NONE);
    g_assert_cmpint (planner_args_get_int (import->args, "hidden_size", 0), ==, 64);
  }
  {
    g_autoptr(PlannerImport) import =
      import_ok ("CUDA_DEVICE_MAX_CONNECTIONS=1 python pretrain_gpt.py --rampup-batch-size 16 16\n");

    g_assert_cmpstr (g_hash_table_lookup (import->env, "CUDA_DEVICE_MAX_CONNECTIONS"), ==, "1");
    g_assert_nonnull (find (import, "flag.missing-value", "--rampup-batch-size"));
    g_assert_nonnull (find (import, "flag.dead", "--rampup-batch-size"));
  }
  {
    const char *argv[] = { "torchrun --nproc-per-node 8 pretrain_gpt.py --num-layers 3", NULL };
    g_autoptr(GError) error = NULL;
    g_autoptr(PlannerImport) import = planner_import_argv (argv, &error);

    g_assert_no_error (error);
    g_assert_cmpint (planner_args_get_int (import->args, "num_layers", 0), ==, 3);
  }
}

static void
test_errors (void)
{
  GError *error = NULL;
  g_autofree char *big = NULL;
  gsize big_size = 9 * 1024 * 1024;

  g_assert_null (planner_import_script ("", 0, &error));
  g_assert_error (error, PLANNER_IMPORT_ERROR, PLANNER_IMPORT_ERROR_EMPTY);
  g_clear_error (&error);

  g_assert_null (planner_import_script (" \n\t\n", 4, &error));
  g_assert_error (error, PLANNER_IMPORT_ERROR, PLANNER_IMPORT_ERROR_EMPTY);
  g_clear_error (&error);

  g_assert_null (planner_import_script ("\x7f" "ELF\0\0\0", 7, &error));
  g_assert_error (error, PLANNER_IMPORT_ERROR, PLANNER_IMPORT_ERROR_BINARY);
  g_clear_error (&error);

  big = g_malloc (big_size);
  memset (big, '#', big_size);
  g_assert_null (planner_import_script (big, big_size, &error));
  g_assert_error (error, PLANNER_IMPORT_ERROR, PLANNER_IMPORT_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "9.4 MB"));
  g_assert_nonnull (strstr (error->message, "at most 8 MiB"));
  g_clear_error (&error);

  g_assert_null (planner_import_script ("echo hello\nls -l\n", 17, &error));
  g_assert_error (error, PLANNER_IMPORT_ERROR, PLANNER_IMPORT_ERROR_NO_COMMAND);
  g_clear_error (&error);

  {
    const char *text = "A=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"
                       "A=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\n"
                       "A=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\n"
                       "A=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\nA=$A$A\n"
                       "python pretrain_gpt.py $A\n";

    g_assert_null (planner_import_script (text, strlen (text), &error));
    g_assert_error (error, PLANNER_IMPORT_ERROR, PLANNER_IMPORT_ERROR_LIMIT);
    g_clear_error (&error);
  }

  {
    const char *none[] = { NULL };
    const char *not_megatron[] = { "ls", "-l", NULL };

    g_assert_null (planner_import_argv (none, &error));
    g_assert_error (error, PLANNER_IMPORT_ERROR, PLANNER_IMPORT_ERROR_EMPTY);
    g_clear_error (&error);
    g_assert_null (planner_import_argv (not_megatron, &error));
    g_assert_error (error, PLANNER_IMPORT_ERROR, PLANNER_IMPORT_ERROR_NO_COMMAND);
    g_clear_error (&error);
  }

  /* Invalid UTF-8 is repaired, not refused. */
  {
    const char *text = "python pretrain_gpt.py --data-path /d\xff\xfe --num-layers 2\n";
    g_autoptr(PlannerImport) import = planner_import_script (text, strlen (text), &error);

    g_assert_no_error (error);
    g_assert_true (g_utf8_validate (planner_args_get_list (import->args, "data_path")[0], -1, NULL));
  }
  g_assert_cmpstr (planner_launcher_to_string (PLANNER_LAUNCHER_SRUN), ==, "srun");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/import/bare", test_bare);
  g_test_add_func ("/planner/import/torchrun-line", test_torchrun_line);
  g_test_add_func ("/planner/import/torch-distributed-run", test_torch_distributed_run);
  g_test_add_func ("/planner/import/srun", test_srun);
  g_test_add_func ("/planner/import/env-prefix", test_env_prefix);
  g_test_add_func ("/planner/import/sbatch-script", test_sbatch_script);
  g_test_add_func ("/planner/import/sbatch-lone-dash", test_sbatch_lone_dash);
  g_test_add_func ("/planner/import/unreadable-parts", test_unreadable_parts);
  g_test_add_func ("/planner/import/wrapper-options", test_wrapper_options);
  g_test_add_func ("/planner/import/llama-example", test_llama_example);
  g_test_add_func ("/planner/import/mixtral-example", test_mixtral_example);
  g_test_add_func ("/planner/import/gpt3-example", test_gpt3_example);
  g_test_add_func ("/planner/import/choose-command", test_choose_command);
  g_test_add_func ("/planner/import/errors", test_errors);

  return g_test_run ();
}
