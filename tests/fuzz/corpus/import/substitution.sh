HOST=$(hostname)
D=`date +%s`
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
torchrun --rdzv-endpoint $MASTER_ADDR:29500 pretrain_gpt.py --save /ckpt/$D --load "$(cat last)"
