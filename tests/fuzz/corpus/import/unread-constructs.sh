#!/bin/bash
TP=4
eval "TP=8"
(( PP = TP * 2 )); ((VPP++)); let CP=2
read -r MBS GBS <<< "1 256"
mapfile -t NODES < <(scontrol show hostnames)
printf -v SEQ %d 4096
trap 'echo done' EXIT
exec > >(tee -a train.log) 2>&1
ARGS=(--data-path <(zcat /data/list.gz) --split 99,1,0)
exec -a train nice -n 10 env -u OLD torchrun --nproc-per-node 8 pretrain_gpt.py \
  --tensor-model-parallel-size $TP --pipeline-model-parallel-size $PP "${ARGS[@]}" \
  --vocab-file=<(echo v) --seq-length $SEQ >(cat) 2>(cat >&2)
