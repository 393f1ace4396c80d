cat <<EOF > /tmp/x
--num-layers 1
EOF
cat <<-END
	ignored
	END
if [ -z "$X" ]; then
  X=5
elif true; then X=6; fi
for i in 1 2; do echo $i; done
case $X in 5) echo five;; esac
python pretrain_gpt.py --num-layers $X
