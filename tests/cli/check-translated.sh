#!/usr/bin/env bash
# The CLI speaks Simplified Chinese when asked (issue 14, shipping), run
# from the build folder: PLANNER_LOCALEDIR points gettext at the .mo files
# meson builds under BUILD/po/<lang>/LC_MESSAGES.  Skipped (77) while
# po/LINGUAS does not list zh_CN.
#   check-translated.sh CLI LINGUAS LOCALEDIR SCRIPT
set -u
cli=$1 linguas=$2 localedir=$3 script=$4
if ! grep -v '^#' "$linguas" | grep -qw 'zh_CN'; then
  echo "1..0 # SKIP zh_CN is not in po/LINGUAS yet"
  exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
n=0 failed=0
ok () { n=$((n + 1)); echo "ok $n $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n $1"; }
han='[\x{4e00}-\x{9fff}]'

echo "1..3"
if [[ -f "$localedir/zh_CN/LC_MESSAGES/launch-planner.mo" ]]; then
  ok "zh_CN .mo built in the build folder"
else
  not_ok "no $localedir/zh_CN/LC_MESSAGES/launch-planner.mo"
fi
PLANNER_LOCALEDIR=$localedir LANGUAGE=zh_CN LC_ALL=C.UTF-8 \
  "$cli" analyze --gpu h100-sxm --vocab-size 128256 "$script" >"$dir/zh" 2>&1
if grep -qP "$han" "$dir/zh"; then
  ok "analyze with LANGUAGE=zh_CN prints Chinese"
else
  not_ok "analyze with LANGUAGE=zh_CN printed no Chinese: $(head -c 300 "$dir/zh")"
fi
# The same run without LANGUAGE stays English: the .mo is what changed it.
PLANNER_LOCALEDIR=$localedir LANGUAGE= LC_ALL=C.UTF-8 \
  "$cli" analyze --gpu h100-sxm --vocab-size 128256 "$script" >"$dir/en" 2>&1
if ! grep -qP "$han" "$dir/en" && [[ -s "$dir/en" ]]; then
  ok "analyze without LANGUAGE prints English"
else
  not_ok "analyze without LANGUAGE printed Chinese or nothing"
fi
exit $failed
