#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Run every test: the card library's unit tests, the qtests against the
# real QEMU binary, and the guest boot tests.  Sets everything up first
# (apt packages, QEMU source, build).  Each suite speaks TAP; the last line
# is the tally over every test that ran: "N passed, N failed[, N skipped]".
# NV_GUEST_X=all runs the X.org tests (tests/guest/x-test.sh) on every
# NV2x+ model rather than on nv40 only; NV_GUEST_X=0 skips them.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

logdir=$NV_TOP/build/test-logs
passed=0 failed=0 skipped=0

"$NV_TOP/scripts/build-qemu.sh"

nv_log "building the card library and unit tests"
if [ ! -f "$NV_TOP/build/build.ninja" ]; then
    meson setup "$NV_TOP/build" "$NV_TOP" >/dev/null
fi
ninja -C "$NV_TOP/build" >/dev/null

mkdir -p "$logdir"

# run_tap NAME CMD...: run one TAP producer, echo its results, tally them.
# A producer that exits non-zero without reporting a failure (a crash, a
# bail-out) counts as one failed test.
run_tap() {
    local name=$1 log=$logdir/$1.log rc=0 ok nok skip
    shift
    "$@" >"$log" 2>&1 </dev/null || rc=$?
    ok=$(grep -acE '^ok [0-9]+' "$log" | tr -d ' ' || true)
    skip=$(grep -acE '^ok [0-9]+.*# *SKIP' "$log" || true)
    nok=$(grep -acE '^not ok [0-9]+' "$log" || true)
    grep -aE '^(not )?ok [0-9]+' "$log" | sed "s|^|$name: |" || true
    if [ "$rc" -ne 0 ] && [ "$nok" -eq 0 ]; then
        echo "$name: not ok - exited with status $rc (see $log)"
        grep -aE 'ERROR|Bail out|Assertion' "$log" | head -5 | sed 's/^/#   /'
        nok=1
    fi
    if [ "$nok" -ne 0 ]; then
        grep -a -B2 -A8 '^not ok' "$log" | grep '^#' | head -20 || true
    fi
    passed=$((passed + ok - skip))
    skipped=$((skipped + skip))
    failed=$((failed + nok))
}

# The unit tests meson knows ("project:suite / name" or just "name").
for t in $(cd "$NV_TOP/build" &&
           meson test --list --no-rebuild --suite unit 2>/dev/null |
           grep -v '^ninja' | sed 's|.* / ||'); do
    run_tap "unit-$t" "$NV_TOP/build/tests/unit/test-$t" --tap
done

# The same unit tests under AddressSanitizer and UndefinedBehaviorSanitizer
# (any report aborts the test binary, which counts as a failure).
nv_log "building the unit tests with ASan and UBSan"
if [ ! -f "$NV_TOP/build-asan/build.ninja" ]; then
    meson setup "$NV_TOP/build-asan" "$NV_TOP" -Db_sanitize=address,undefined \
        -Db_lundef=false -Dbuildtype=debug >/dev/null
fi
ninja -C "$NV_TOP/build-asan" >/dev/null
for t in $(cd "$NV_TOP/build-asan" &&
           meson test --list --no-rebuild --suite unit 2>/dev/null |
           grep -v '^ninja' | sed 's|.* / ||'); do
    run_tap "asan-unit-$t" env UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        ASAN_OPTIONS=detect_leaks=1 "$NV_TOP/build-asan/tests/unit/test-$t" --tap
done

run_tap qtest-nv-gpu env QTEST_QEMU_BINARY="$NV_QEMU" \
    "$NV_QEMU_BUILD/tests/qtest/nv-gpu-test" --tap

run_tap guest-boot "$NV_TOP/tests/guest/boot-test.sh"
run_tap guest-draw "$NV_TOP/tests/guest/draw-test.sh"
run_tap guest-nouveau "$NV_TOP/tests/guest/nouveau-test.sh"
# With acceleration, every NV2x+ model: fbcon draws through PFIFO and
# PGRAPH's 2D classes, the same picture as the run above.
run_tap guest-nouveau-accel env NV_NOUVEAU_ACCEL=1 \
    "$NV_TOP/tests/guest/nouveau-test.sh"
# X.org with the nouveau DDX, booting the Debian root filesystem
# (scripts/make-rootfs.sh; its first build about a minute), without and
# then with acceleration (whose desktop must match the first run's): about
# 50 s a boot, so on nv40 by default (Kelvin's 2D is in the fbcon test
# above); NV_GUEST_X=all runs every NV2x+ model, NV_GUEST_X=0 none.
case ${NV_GUEST_X:-default} in
    0) x_models=() ;;
    all) x_models=(nv20 nv25 nv30 nv34 nv40 nv43 nv44) ;;
    *) x_models=(nv40) ;;
esac
if ((${#x_models[@]})); then
    run_tap guest-x "$NV_TOP/tests/guest/x-test.sh" "${x_models[@]}"
    run_tap guest-x-accel env NV_X_ACCEL=1 \
        "$NV_TOP/tests/guest/x-test.sh" "${x_models[@]}"
fi
run_tap guest-vgabios "$NV_TOP/tests/guest/vgabios-test.sh"
run_tap fuzz "$NV_TOP/tests/fuzz/run.sh"
run_tap qemu-fuzz "$NV_TOP/tests/fuzz/qemu-run.sh"
# The qtests again against the ASan/UBSan QEMU qemu-run.sh has just built
# (scripts/build-qemu-fuzz.sh); a report aborts QEMU, which fails the test.
run_tap asan-qtest-nv-gpu env UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    ASAN_OPTIONS=detect_leaks=1 \
    QTEST_QEMU_BINARY="$NV_CACHE/qemu-fuzz/qemu-system-x86_64" \
    "$NV_CACHE/qemu-fuzz/tests/qtest/nv-gpu-test" --tap
run_tap static "$NV_TOP/tests/static/no-assert.sh"
run_tap vmstate "$NV_TOP/tests/static/vmstate-complete.py"
run_tap fuzz-corpus "$NV_TOP/tests/static/fuzz-corpus.sh"

if [ "$skipped" -ne 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
