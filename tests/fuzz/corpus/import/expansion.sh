A=x
A=$A$A
A=$A$A
A=$A$A
B=(${A} "${A}")
B+=("${B[@]}")
echo ${B[@]} ${#B[@]} ${B[0]:1:2}
python pretrain_gpt.py ${B[*]}
