#!/bin/bash
# DeepSeek-V3-shaped job with a pipeline layout (first/middle/last form)
torchrun --nproc-per-node 8 --nnodes 8 pretrain_gpt.py \
  --num-layers 61 --hidden-size 7168 --num-attention-heads 128 --multi-latent-attention \
  --kv-lora-rank 512 --q-lora-rank 1536 --qk-head-dim 128 --qk-pos-emb-head-dim 64 --v-head-dim 128 \
  --ffn-hidden-size 18432 --num-experts 256 --moe-router-topk 8 --moe-ffn-hidden-size 2048 \
  --moe-shared-expert-intermediate-size 2048 --moe-layer-freq "([0]*3+[1]*58)" --mtp-num-layers 1 \
  --moe-router-num-groups 8 --moe-router-group-topk 4 \
  --moe-token-dispatcher-type flex --moe-flex-dispatcher-backend hybridep --moe-grouped-gemm \
  --tensor-model-parallel-size 1 --pipeline-model-parallel-size 4 --expert-model-parallel-size 16 \
  --pipeline-model-parallel-layout 'Et*4|(t*4|)*14tmL' \
  --seq-length 4096 --max-position-embeddings 4096 --micro-batch-size 1 --global-batch-size 256 \
  --bf16 --use-distributed-optimizer --use-precision-aware-optimizer --exp-avg-dtype bf16 --exp-avg-sq-dtype bf16 \
  --tp-comm-overlap --overlap-moe-expert-parallel-comm --delay-wgrad-compute \
  --tokenizer-type NullTokenizer --vocab-size 129280 --mock-data
