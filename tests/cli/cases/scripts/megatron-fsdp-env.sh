#!/bin/bash
# A Megatron-FSDP launch that keeps the TP-era export CUDA_DEVICE_MAX_CONNECTIONS=1, which FSDP
# refuses, and a few more start-up rules issue 12 added (checkpoint formats, optimizer offload,
# save/retain intervals, weight-decay styles, position embeddings).
export CUDA_DEVICE_MAX_CONNECTIONS=1
torchrun --nproc_per_node 8 --nnodes 2 pretrain_gpt.py \
  --use-megatron-fsdp --ckpt-format torch_dcp --optimizer-cpu-offload \
  --num-layers 32 --hidden-size 4096 --ffn-hidden-size 14336 --num-attention-heads 32 \
  --group-query-attention --num-query-groups 8 --seq-length 8192 --max-position-embeddings 4096 \
  --swiglu --normalization RMSNorm --position-embedding-type mrope --disable-bias-linear \
  --micro-batch-size 1 --global-batch-size 128 --bf16 \
  --weight-decay-incr-style linear --start-weight-decay 0.01 \
  --save /checkpoints/run1 --save-interval 500 --save-retain-interval 750 \
  --tokenizer-type HuggingFaceTokenizer --tokenizer-model /models/llama3 \
  --data-path /data/llama3/text_document --split 99,1,0
