echo ${A:-${B:-${C:-${D:-${E:-${F:-x}}}}}} ${A%%.*} ${#A} ${A/x/y} ${
python pretrain_gpt.py
