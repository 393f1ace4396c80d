#!/bin/bash
#SBATCH --job-name=gpt
#SBATCH --nodes=4
#SBATCH --gpus-per-node=8
set -euo pipefail
export CUDA_DEVICE_MAX_CONNECTIONS=1
export NVTE_FWD_LAYERNORM_SM_MARGIN=16 NCCL_DEBUG=WARN
NCCL_IB_TIMEOUT=19
GPUS_PER_NODE=8
NNODES=$SLURM_NNODES
WORLD=$(( GPUS_PER_NODE * NNODES ))
TP=4; PP=$(( WORLD / GPUS_PER_NODE / 2 ))
GPT_MODEL_ARGS=(
    --num-layers 24
    --hidden-size 2048 # width
    --num-attention-heads 16
    --seq-length 4096 --max-position-embeddings 4096
)
TRAINING_ARGS=(
    --micro-batch-size 1
    --global-batch-size $(( 32 * WORLD / TP / PP ))
    --lr 3.0e-4 --use-flash-attn
    --data-path "$DATA_PATH"
)
PARALLEL_ARGS="--tensor-model-parallel-size $TP --pipeline-model-parallel-size $PP"
srun torchrun --nproc_per_node $GPUS_PER_NODE --nnodes $NNODES \
    /workspace/megatron/pretrain_gpt.py \
    "${GPT_MODEL_ARGS[@]}" "${TRAINING_ARGS[@]}" $PARALLEL_ARGS \
    --bf16 2>&1 | tee log.txt
