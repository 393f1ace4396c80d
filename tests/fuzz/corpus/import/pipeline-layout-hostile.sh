#!/bin/bash
# Layout strings a parser must refuse without exploding
python pretrain_gpt.py --num-layers 8 --hidden-size 64 --num-attention-heads 4 --seq-length 128 \
  --max-position-embeddings 128 --micro-batch-size 1 --global-batch-size 8 \
  --pipeline-model-parallel-size 2 \
  --pipeline-model-parallel-layout '(((Et|)*999999999)*999999999|L' \
  --pipeline-model-parallel-layout 'Et*18446744073709551617|tL' \
  --pipeline-model-parallel-layout '(Et|)*|(|)*0|*3|t**|)(|L' \
  --tokenizer-type NullTokenizer --vocab-size 1000
