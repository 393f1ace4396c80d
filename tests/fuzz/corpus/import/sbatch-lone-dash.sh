#SBATCH -
#SBATCH -N 2 -
#SBATCH --
#SBATCH --gpus-per-node=8
torchrun --nproc-per-node 8 pretrain_gpt.py --num-layers 2
