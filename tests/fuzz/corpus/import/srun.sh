#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=8
#SBATCH --gres=gpu:8
srun --mpi=pmix -l python -u pretrain_gpt.py --num-layers 2 --no-rl-use-sequence-packing --disable-bias-linear
