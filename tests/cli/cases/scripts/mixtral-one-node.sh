#!/bin/bash
# The Mixtral example run on a single 8-GPU node: Megatron refuses it (facts §1.6).
torchrun --nproc_per_node 8 --nnodes 1 pretrain_gpt.py \
  --tensor-model-parallel-size 1 --pipeline-model-parallel-size 4 --expert-model-parallel-size 8 \
  --num-layers 32 --hidden-size 4096 --ffn-hidden-size 14336 --num-attention-heads 32 \
  --group-query-attention --num-query-groups 8 --seq-length 4096 --max-position-embeddings 32768 \
  --swiglu --normalization RMSNorm --position-embedding-type rope --rotary-base 1000000 \
  --untie-embeddings-and-output-weights --disable-bias-linear \
  --num-experts 8 --moe-router-topk 2 --moe-router-load-balancing-type aux_loss --moe-aux-loss-coeff 1e-2 \
  --moe-grouped-gemm --moe-token-dispatcher-type alltoall \
  --micro-batch-size 1 --global-batch-size 256 --bf16 --use-distributed-optimizer \
  --tokenizer-type Llama2Tokenizer --tokenizer-model /models/mixtral/tokenizer.model \
  --data-path /data/mixtral/text_document --split 99990,8,2
