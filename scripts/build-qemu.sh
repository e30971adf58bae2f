#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Set everything up and build qemu-system-x86_64 with the nv-gpu device:
# apt dependencies, Debian's QEMU source (once), the graft, configure (once),
# and an incremental ninja build.  Safe to run any number of times.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

"$NV_TOP/scripts/install-deps.sh"
"$NV_TOP/scripts/fetch-qemu.sh"
[ "${NV_NO_GRAFT:-}" ] || "$NV_TOP/scripts/graft.sh"

if [ ! -f "$NV_QEMU_BUILD/build.ninja" ]; then
    nv_log "configuring QEMU in $NV_QEMU_BUILD"
    rm -rf "$NV_QEMU_BUILD"
    mkdir -p "$NV_QEMU_BUILD"
    (cd "$NV_QEMU_BUILD" && "$NV_QEMU_SRC/configure" \
        --meson=/usr/bin/meson \
        --target-list=x86_64-softmmu \
        --without-default-features \
        --enable-tcg --enable-slirp --enable-fdt=system \
        --disable-docs --disable-install-blobs \
        --firmwarepath=/usr/share/seabios:/usr/share/qemu \
        >"$NV_QEMU_BUILD/configure.log" 2>&1) ||
        { tail -30 "$NV_QEMU_BUILD/configure.log"; nv_die "configure failed"; }
fi

"$NV_TOP/scripts/build-roms.sh"

targets=(qemu-system-x86_64)
[ "${NV_NO_GRAFT:-}" ] || targets+=(tests/qtest/nv-gpu-test)
nv_log "building ${targets[*]}"
ninja -C "$NV_QEMU_BUILD" "${targets[@]}" >"$NV_CACHE/build.log" 2>&1 ||
    { grep -B5 -A20 -m3 'error' "$NV_CACHE/build.log" | head -80; nv_die "build failed (see $NV_CACHE/build.log)"; }
# After the build: its install-to-bundle step owns qemu-bundle/.
nv_link_firmware "$NV_QEMU_BUILD"
