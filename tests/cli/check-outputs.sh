#!/usr/bin/env bash
# Output targets (issue 14 #5–#8): one rule for `script --output` and
# `optimize/troubleshoot --apply N --output`: a fifo, device or folder is
# never replaced, not even with --force; a symbolic link (dangling or not)
# is refused without --force and, with it, replaced itself, never written
# through, unless it points to a fifo, device or folder (/dev/stdout, a
# link to /dev/null), which is refused like the thing itself; writing over
# the job file read says so.
#   check-outputs.sh CLI JOB LOG
set -u
cli=$1 job=$2 log=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
n=0 failed=0
ok () { n=$((n + 1)); echo "ok $n $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n $1"; }
run () { timeout 20 "$@" >"$dir/out" 2>"$dir/err"; }
script_to () { run "$cli" script "$job" --approve --approved-at 2026-05-01T12:00:00Z --output "$@"; }
apply_to () { run "$cli" troubleshoot --symptom oom "$job" --apply 1 --output "$@"; }

echo "1..13"

# 5. A fifo stays a fifo, with or without --force, for both commands.
mkfifo "$dir/fifo"
script_to "$dir/fifo" --force; s1=$?
apply_to "$dir/fifo" --force; s2=$?
if [[ $s1 == 2 && $s2 == 2 && -p $dir/fifo ]] && grep -q "named pipe" "$dir/err"; then
  ok "a fifo is never replaced (script and --apply, with --force)"
else
  not_ok "fifo: script $s1, apply $s2, still a fifo: $([[ -p $dir/fifo ]] && echo yes || echo no); $(cat "$dir/err")"
fi
apply_to "$dir" --force; s=$?
if [[ $s == 2 && -d $dir ]] && grep -q "is a folder" "$dir/err"; then ok "a folder is refused"; else not_ok "folder: $s $(cat "$dir/err")"; fi

# 7. A dangling symlink: refused the same way by both, without --force.
ln -s "$dir/nowhere" "$dir/dangling"
script_to "$dir/dangling"; s1=$?
apply_to "$dir/dangling"; s2=$?
if [[ $s1 == 2 && $s2 == 2 && -L $dir/dangling && ! -e $dir/nowhere ]] && grep -q "symbolic link" "$dir/err"; then
  ok "a dangling symlink is refused without --force by script and --apply"
else
  not_ok "dangling: script $s1, apply $s2; $(cat "$dir/err")"
fi
# …and with --force the link itself is replaced, never its target.
echo theirs >"$dir/target"
ln -s "$dir/target" "$dir/link"
apply_to "$dir/link" --force; s=$?
if [[ $s == 0 && ! -L $dir/link && -f $dir/link && $(cat "$dir/target") == theirs ]]; then
  ok "--force replaces the link, not what it points to"
else
  not_ok "link with --force: status $s, target now: $(head -c 40 "$dir/target")"
fi

# A link to a device, a fifo or a folder is that thing: never replaced,
# not even with --force (red team, round 2: /dev/stdout is such a link).
ln -s /dev/null "$dir/to-null" && ln -s "$dir/fifo" "$dir/to-fifo" && mkdir "$dir/folder" && ln -s "$dir/folder" "$dir/to-folder"
script_to "$dir/to-null" --force; s1=$?
apply_to "$dir/to-fifo" --force; s2=$?
script_to "$dir/to-folder" --force; s3=$?
if [[ $s1 == 2 && $s2 == 2 && $s3 == 2 && -L $dir/to-null && -L $dir/to-fifo && -L $dir/to-folder && -c /dev/null ]] \
   && grep -q "symbolic link to a folder" "$dir/err"; then
  ok "a link to a device, fifo or folder is never replaced, not even with --force"
else
  not_ok "links to special files: script $s1, apply $s2, script $s3; $(cat "$dir/err")"
fi

# An existing file: refused without --force, with a hint; replaced with it.
echo mine >"$dir/existing.json"
apply_to "$dir/existing.json"; s=$?
if [[ $s == 2 && $(cat "$dir/existing.json") == mine ]] && grep -q -- "--force" "$dir/err"; then
  ok "an existing file is kept without --force, and the message says how"
else
  not_ok "existing: status $s; $(cat "$dir/err")"
fi

# 8. --apply onto the job file read: it says what happened.
cp "$job" "$dir/job.json"
run "$cli" troubleshoot --symptom oom "$dir/job.json" --apply 1 --output "$dir/job.json" --force; s=$?
if [[ $s == 0 ]] && grep -q "Replaced" "$dir/out" && ! grep -q "unchanged" "$dir/out" && ! cmp -s "$job" "$dir/job.json"; then
  ok "replacing the input says so"
else
  not_ok "onto the input: status $s; $(cat "$dir/out")"
fi
cp "$job" "$dir/job.json"
run "$cli" troubleshoot --symptom oom "$dir/job.json" --apply 1 --output "$dir/new.json"; s=$?
if [[ $s == 0 ]] && grep -q "the original is unchanged" "$dir/out" && cmp -s "$job" "$dir/job.json"; then
  ok "a new file leaves the original unchanged, and says so"
else
  not_ok "new file: status $s; $(cat "$dir/out")"
fi

# The log that was read is never written over, whatever names it: the
# same name, a hard link or a symbolic link to it (red team, round 3 #4).
statuses=""
for target in RUN.log hard.log soft.log; do
  rm -f "$dir/RUN.log" "$dir/hard.log" "$dir/soft.log"
  cp "$log" "$dir/RUN.log" && ln "$dir/RUN.log" "$dir/hard.log" && ln -s "$dir/RUN.log" "$dir/soft.log"
  run "$cli" troubleshoot --log "$dir/RUN.log" --apply 1 --output "$dir/$target" --force; statuses+=" $?"
done
if [[ $statuses == " 2 2 2" ]] && cmp -s "$log" "$dir/RUN.log" && cmp -s "$log" "$dir/hard.log" && [[ -L $dir/soft.log ]] \
   && grep -q "is the log read" "$dir/err" && ! grep -q "unchanged" "$dir/out"; then
  ok "--apply --output --force never replaces the log read"
else
  not_ok "onto the log: statuses$statuses; $(cat "$dir/out" "$dir/err")"
fi
run "$cli" troubleshoot --log "$dir/RUN.log" --apply 1 --output "$dir/job.json" --force; s=$?
if [[ $s == 0 ]] && grep -q "Wrote the new job" "$dir/out"; then ok "…another name is written"; else not_ok "other name: $s $(cat "$dir/err")"; fi

# --force alone, and options given twice, are errors.
run "$cli" troubleshoot --symptom oom "$job" --force; s=$?
if [[ $s == 2 ]] && grep -q -- "--force needs --output" "$dir/err"; then ok "--force without --output"; else not_ok "--force alone: $s"; fi
run "$cli" script "$job" --approve --output "$dir/a.sh" --output "$dir/b.sh"; s=$?
if [[ $s == 2 && ! -e $dir/a.sh && ! -e $dir/b.sh ]] && grep -q "given twice" "$dir/err"; then
  ok "--output twice is refused, nothing written"
else
  not_ok "--output twice: $s; $(cat "$dir/err")"
fi

# No temporary file is left behind by any of the refusals.
leftovers=$(find "$dir" -name '.*.??????' | wc -l)
if [[ $leftovers == 0 ]]; then ok "no temporary files left"; else not_ok "$leftovers temporary files left"; fi
exit $failed
