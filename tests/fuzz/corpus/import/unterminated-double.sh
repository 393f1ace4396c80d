echo "unterminated
python pretrain_gpt.py --num-layers 2
