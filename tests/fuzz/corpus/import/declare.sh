declare -a ARR=( [0]=--num-layers [1]=2 )
local X=3
readonly Y=4
ARR[2]=--hidden-size
ARR[3]=$X$Y
typeset -x Z=1
python pretrain_gpt.py "${ARR[@]}"
