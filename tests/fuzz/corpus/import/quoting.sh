python pretrain_gpt.py --data-path 'it'\''s here' "a \"b\" \$c" $'tab\there' --split "949,50,1" --tokenizer-model ''
