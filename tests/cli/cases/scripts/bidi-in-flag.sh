torchrun --nproc-per-node 8 pretrain_gpt.py --tensor-model-parallel-size 2 --num-layers 2 --hidden-size 64 \
  --num-attention-heads 4 --seq-length 128 --max-position-embeddings 128 --micro-batch-size 1 \
  --global-batch-size 8 --vocab-size 1000 --mock-data --frobnicate‮⁦nruter⁩​ 3
