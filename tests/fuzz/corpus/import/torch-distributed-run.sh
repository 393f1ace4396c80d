python -m torch.distributed.run --nproc-per-node=4 --nnodes 1:4 pretrain_gpt.py --data-path 0.3 /a 0.7 /b --rampup-batch-size 16 16 1000
