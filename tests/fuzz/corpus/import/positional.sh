CKPT=${1:-/ckpt}
DATA=${2:?need data}
python pretrain_gpt.py --save $CKPT --data-path $DATA "$@" $3 ${4:+--bf16}
