torchrun --nproc_per_node 8 --nnodes=2 pretrain_gpt.py --tensor-model-parallel-size 4 --num-layer 32 --fp8-hybrid --use-flash-attn --checkpoint-activations --attention-backend FLASH --lr nan
