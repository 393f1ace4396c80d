#!/bin/bash
# A launch script in the shape of NVIDIA's Megatron-LM examples (written
# here): defaults from positional arguments, arrays, an if on the precision
# and a mock-or-real data block.  The importer reads the branches the
# script's own values select.
export CUDA_DEVICE_MAX_CONNECTIONS=${CUDA_DEVICE_MAX_CONNECTIONS:-1}

TOKENIZER_ARG=${1:-"MOCK"}
DATA_ARG=${2:-"MOCK"}
MASTER_ADDR=${MASTER_ADDR:-localhost}
MASTER_PORT=6000
PRECISION="fp8"

LAUNCH=(--nproc_per_node 8 --nnodes 1 --master_addr $MASTER_ADDR --master_port $MASTER_PORT)
MODEL=(
    --num-layers 32 --hidden-size 4096 --ffn-hidden-size 14336 --num-attention-heads 32
    --group-query-attention --num-query-groups 8 --kv-channels 128
    --seq-length 8192 --max-position-embeddings 8192 --position-embedding-type rope --rotary-base 500000
    --attention-dropout 0.0 --hidden-dropout 0.0 --swiglu --normalization RMSNorm
    --untie-embeddings-and-output-weights --disable-bias-linear
)
TRAIN=(
    --micro-batch-size 1 --global-batch-size 128
    --train-samples 1953125000 --lr-decay-samples 1949218748 --lr-warmup-samples 3906252
    --lr 0.00015 --min-lr 0.00001 --lr-decay-style cosine --bf16 --grad-reduce-in-bf16
    --cross-entropy-loss-fusion --use-distributed-optimizer --overlap-grad-reduce --overlap-param-gather
)
PRECISION_ARGS=()
if [[ "$PRECISION" == "fp8" ]]; then
    PRECISION_ARGS+=(--fp8-format hybrid --fp8-param-gather)
fi
PARALLEL=(--tensor-model-parallel-size 1 --context-parallel-size 2)
DATA=()
if [[ "$TOKENIZER_ARG" == "MOCK" ]] || [[ "$DATA_ARG" == "MOCK" ]] || [[ -z "$TOKENIZER_ARG" ]]; then
    DATA+=(--mock-data --tokenizer-type NullTokenizer --vocab-size 128256)
else
    DATA+=(--data-path "$DATA_ARG" --tokenizer-type HuggingFaceTokenizer --tokenizer-model "$TOKENIZER_ARG")
fi
if [ ! -f pretrain_gpt.py ]; then
    echo "run this from Megatron-LM"
    exit 1
fi

torchrun ${LAUNCH[@]} pretrain_gpt.py ${MODEL[@]} ${TRAIN[@]} ${PRECISION_ARGS[@]} ${PARALLEL[@]} ${DATA[@]}
