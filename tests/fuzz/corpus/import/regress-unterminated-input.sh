echo hep=$A$A
A=$A$A
B=(${A} "${A[@]}}")
B+=("${B[@]}")
echo ${B[@]} ${#B[@]} ${B[0]:--num-layers1:2}
p]:--num-layers1:2}
python pretrainA$A$$A
B=(${A} "${A}""
B+=("${B[@]}=)
echo ${B[_gptgpt.--num-layers
