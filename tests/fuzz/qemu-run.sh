#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Fuzz the whole device inside QEMU (the glue too) with QEMU's own
# generic-fuzz target and our configuration "generic-fuzz-nv-gpu" (an nv1
# and an nv43 on q35), built with ASan and UBSan by
# scripts/build-qemu-fuzz.sh, for NV_QEMU_FUZZ_SECONDS (default 60).  TAP.
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

secs=${NV_QEMU_FUZZ_SECONDS:-60}
work=$NV_TOP/build/qemu-fuzz
rm -rf "$work"
mkdir -p "$work"
echo "1..1"
if ! "$NV_TOP/scripts/build-qemu-fuzz.sh" >"$work/build.log" 2>&1; then
    echo "not ok 1 - fuzz/qemu-generic-fuzz-nv-gpu: build failed"
    tail -20 "$work/build.log" | sed 's/^/# /'
    exit 1
fi
rc=0
(cd "$work" && "$NV_CACHE/qemu-fuzz/qemu-fuzz-x86_64" \
    --fuzz-target=generic-fuzz-nv-gpu -max_total_time="$secs" \
    -rss_limit_mb=8192 -timeout=20) >"$work/fuzz.log" 2>&1 || rc=$?
runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$work/fuzz.log")
if [ "$rc" -eq 0 ]; then
    echo "ok 1 - fuzz/qemu-generic-fuzz-nv-gpu (${secs}s, ${runs:-?} runs)"
else
    echo "not ok 1 - fuzz/qemu-generic-fuzz-nv-gpu: exit status $rc (see $work)"
    grep -E 'ERROR|SUMMARY|runtime error' "$work/fuzz.log" | head -10 | sed 's/^/# /'
    exit 1
fi
