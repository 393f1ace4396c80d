python pretrain_gpt.py --num-layers 2 2>&1 | tee log.txt; echo done && ls > out || true &
exec python3.12 -u pretrain_bert.py --num-layers 4 >> log 2>/dev/null
