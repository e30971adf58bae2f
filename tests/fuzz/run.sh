#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Fuzz the card library for a bounded time (NV_FUZZ_SECONDS, default 60)
# from the committed starting corpus, under ASan and UBSan.  TAP: one test,
# failed by any crash, sanitizer report, leak or timeout.
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

secs=${NV_FUZZ_SECONDS:-60}
work=$NV_TOP/build/fuzz
rm -rf "$work"
mkdir -p "$work/corpus"
cp "$NV_TOP"/tests/fuzz/corpus/* "$work/corpus/"

echo "1..1"
if ! "$NV_TOP/tools/fuzz/build.sh" "$work/fuzz-card" >"$work/build.log" 2>&1; then
    echo "not ok 1 - fuzz/card: build failed"
    sed 's/^/# /' "$work/build.log" | tail -20
    exit 1
fi
rc=0
(cd "$work" && ./fuzz-card -max_total_time="$secs" -timeout=10 \
    -rss_limit_mb=4096 -print_final_stats=1 corpus) >"$work/fuzz.log" 2>&1 || rc=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/fuzz.log")
cov=$(grep -o 'cov: [0-9]*' "$work/fuzz.log" | tail -n 1)
if [ "$rc" -eq 0 ]; then
    echo "ok 1 - fuzz/card (${secs}s, ${runs:-?} runs, ${cov:-cov: ?} edges)"
else
    echo "not ok 1 - fuzz/card: exit status $rc (crash input in $work)"
    grep -E 'ERROR|SUMMARY|runtime error' "$work/fuzz.log" | head -10 | sed 's/^/# /'
    exit 1
fi
