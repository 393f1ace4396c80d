python pretrain_gpt.py --data-path /dÿþÃ --num-layers 2 --tokenizer-type Llama2Tokenizer
