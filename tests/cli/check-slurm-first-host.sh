#!/usr/bin/env bash
# Issue 14 #17: the SLURM draft must reach srun however long the host list.
# It runs under "set -euo pipefail"; "scontrol show hostnames | head -n 1"
# let head leave early, scontrol died of SIGPIPE on a long list and the
# script stopped before srun.  Here the exported draft runs for real, with
# stand-ins for scontrol and srun on PATH (nothing else is run: srun only
# records that it was reached and with which rendezvous host), at 4, 600
# and 16,384 hosts, several times each.
#   check-slurm-first-host.sh CLI JOB
set -u
cli=$1 job=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
n=0 failed=0
ok () { n=$((n + 1)); echo "ok $n $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n $1"; }

echo "1..4"

mkdir "$dir/bin"
# scontrol show hostnames LIST: one host per line, as many as FAKE_HOSTS,
# written in small pieces as the real one writes them.
cat >"$dir/bin/scontrol" <<'SH'
#!/usr/bin/env bash
[[ $1 == show && $2 == hostnames ]] || exit 2
for ((i = 1; i <= FAKE_HOSTS; i++)); do printf 'gpu-node-%05d\n' "$i"; done
SH
# srun: records its rendezvous endpoint and stops; nothing is launched.
cat >"$dir/bin/srun" <<'SH'
#!/usr/bin/env bash
for arg in "$@"; do
  case $arg in *:[0-9]*) echo "$arg" >"$FAKE_SRUN_LOG" ;; esac
done
exit 0
SH
chmod +x "$dir/bin/scontrol" "$dir/bin/srun"

if "$cli" script --launcher slurm --approve --output "$dir/run.sh" "$job" >"$dir/out" 2>&1; then
  ok "exported a SLURM draft"
else
  not_ok "export failed: $(cat "$dir/out")"
fi

for hosts in 4 600 16384; do
  bad=""
  for run in 1 2 3 4 5; do
    rm -f "$dir/srun.log"
    if ! PATH="$dir/bin:$PATH" FAKE_HOSTS=$hosts FAKE_SRUN_LOG="$dir/srun.log" \
         SLURM_JOB_NODELIST="gpu-node-[00001-$hosts]" SLURM_JOB_ID=42 \
         bash "$dir/run.sh" >"$dir/run.out" 2>&1; then
      bad="$bad run $run: exit $? ($(tail -n 2 "$dir/run.out" | tr '\n' ' '))"
    elif [[ ! -f $dir/srun.log ]]; then
      bad="$bad run $run: srun not reached"
    elif [[ $(cat "$dir/srun.log") != gpu-node-00001:* ]]; then
      bad="$bad run $run: rendezvous at $(cat "$dir/srun.log")"
    fi
  done
  if [[ -z $bad ]]; then
    ok "$hosts hosts: srun reached 5 of 5 times, rendezvous at the first host"
  else
    not_ok "$hosts hosts:$bad"
  fi
done
exit $failed
