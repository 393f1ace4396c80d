N=4
G=8
W=$((N*G))
X=$((W/0))
Y=$((9223372036854775807+1))
Z=$(( (N+1)*(G-1) % 5 ))
torchrun --nproc-per-node $G --nnodes $N pretrain_gpt.py --micro-batch-size $Z --global-batch-size $((W*4)) $X $Y
