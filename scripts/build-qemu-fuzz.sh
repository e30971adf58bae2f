#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Build QEMU's libFuzzer target (qemu-fuzz-x86_64) with clang, ASan and
# UBSan, with nv-gpu grafted in and its generic-fuzz configuration
# ("generic-fuzz-nv-gpu": an nv1 and an nv43 on q35), and from the same
# objects qemu-system-x86_64 and the nv-gpu qtest.  A separate build tree
# in the cache; the same source tree as build-qemu.sh.
# Usage: scripts/build-qemu-fuzz.sh   then e.g.
#   $NV_CACHE/qemu-fuzz/qemu-fuzz-x86_64 --fuzz-target=generic-fuzz-nv-gpu \
#       -max_total_time=120
set -euo pipefail
. "$(dirname "$0")/lib.sh"

build=$NV_CACHE/qemu-fuzz
"$NV_TOP/scripts/install-deps.sh"
"$NV_TOP/scripts/fetch-qemu.sh"
"$NV_TOP/scripts/graft.sh"
if [ ! -f "$build/build.ninja" ]; then
    nv_log "configuring the fuzzing QEMU in $build"
    rm -rf "$build"
    mkdir -p "$build"
    (cd "$build" && CC=clang-14 CXX=clang++-14 "$NV_QEMU_SRC/configure" \
        --meson=/usr/bin/meson --cc=clang-14 --cxx=clang++-14 \
        --target-list=x86_64-softmmu --without-default-features \
        --enable-tcg --enable-fuzzing --enable-sanitizers \
        --enable-fdt=system --disable-docs --disable-install-blobs \
        --firmwarepath=/usr/share/seabios:/usr/share/qemu \
        >"$build/configure.log" 2>&1) ||
        { tail -30 "$build/configure.log"; nv_die "configure failed"; }
fi
# The same tree also gives a sanitizer qemu-system-x86_64 for the qtests
# (tests/qtest/nv-gpu-test under ASan and UBSan): it shares every object.
nv_log "building qemu-fuzz-x86_64 and the sanitizer qemu-system-x86_64"
ninja -C "$build" qemu-fuzz-x86_64 qemu-system-x86_64 tests/qtest/nv-gpu-test \
    >"$build/build.log" 2>&1 ||
    { grep -B5 -A20 -m3 'error' "$build/build.log" | head -60; nv_die "build failed"; }
nv_link_firmware "$build"
