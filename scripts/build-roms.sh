#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Build the finished video BIOS of every model with one: build/roms/
# vgabios-MODEL.bin, 64 KiB, SeaBIOS's VGA BIOS (scripts/build-vgabios.sh)
# with the NVIDIA tables added by roms/mkvbios (roms/README.md).  Later
# runs rebuild only what changed and take well under a second.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

MODELS=(nv20 nv25 nv30 nv34 nv40 nv43 nv44)
build=$NV_TOP/build
x86=$NV_CACHE/vgabios

if ! command -v meson >/dev/null || ! command -v ninja >/dev/null; then
    "$NV_TOP/scripts/install-deps.sh"
fi
if [ ! -f "$build/build.ninja" ]; then
    meson setup "$build" "$NV_TOP" >/dev/null
fi
ninja -C "$build" roms/mkvbios >/dev/null ||
    nv_die "building roms/mkvbios failed (ninja -C $build roms/mkvbios)"
"$NV_TOP/scripts/build-vgabios.sh" "$x86"

mkdir -p "$build/roms"
for m in "${MODELS[@]}"; do
    out=$build/roms/vgabios-$m.bin
    # Write to a temporary file so a failure never leaves a partial image.
    "$build/roms/mkvbios" "$m" "$out.tmp" "$x86/seavgabios-$m.bin" ||
        nv_die "mkvbios $m failed"
    if cmp -s "$out.tmp" "$out"; then
        rm -f "$out.tmp"
    else
        mv "$out.tmp" "$out"
        nv_log "wrote $out"
    fi
done
