A=1
export CUDA_DEVICE_MAX_CONNECTIONS=1
python pretrain_gpt.py --num-layers $A
