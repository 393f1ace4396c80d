torchrun --nproc-per-node 8 pretrain_gpt.py --num-layers 2 --bad-[31mred --tensor-model-parallel-size 2 ]0;pwned
