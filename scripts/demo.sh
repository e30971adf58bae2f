#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The main demo: build QEMU with nv-gpu, boot a Debian kernel with a busybox
# initramfs on one emulated card, and show what the guest saw.
# Usage: scripts/demo.sh [MODEL]   (default nv40)
# With nv1 the guest also draws a test picture through the 2D engine
# (fills, pattern, ROP3, blit with colour key, cliprects) and the
# screenshot is saved as build/guest/demo-nv1.png.
set -euo pipefail
. "$(dirname "$0")/../tests/guest/lib.sh"

model=${1:-nv40}
declare -A names=(
    [nv1]='NV1 (STG-2000 / Edge 3D)'
    [nv20]='GeForce3'
    [nv25]='GeForce4 Ti 4600'
    [nv30]='GeForce FX 5800 Ultra'
    [nv34]='GeForce FX 5200'
    [nv40]='GeForce 6800 Ultra'
    [nv43]='GeForce 6600 GT'
    [nv44]='GeForce 6200 TurboCache'
)
if [ -z "${names[$model]:-}" ]; then
    nv_die "unknown model '$model' (one of: $(printf '%s\n' "${!names[@]}" | sort -V | xargs))"
fi

"$NV_TOP/scripts/build-qemu.sh"
initrd=$(nv_guest_initramfs)
log=$NV_GUEST_OUT/demo-$model.log
nv_log "booting a Debian kernel on -device $(nv_guest_device "$model") (TCG, ~10-20 s)"
if [ "$model" = nv1 ]; then
    # NV1 also draws a test picture with its 2D engine; we save a screenshot.
    png=$NV_GUEST_OUT/demo-nv1.png
    nv_guest_draw "$model" "$initrd" "$log" "$NV_GUEST_OUT/demo-nv1.ppm" "$png"
else
    nv_guest_boot "$model" "$initrd" "$log"
fi

card=$(nv_guest_cards "$log" | head -n 1)
boot0=$(nv_guest_field "$card" boot0)
if [ -z "$card" ] || [ "$card" = none ] || [[ ! $boot0 =~ ^0x[0-9a-f]{8}$ ]]; then
    nv_guest_tail "$log" '  | ' >&2
    nv_die "the guest did not report the card (serial log: $log)"
fi
vendor=$(nv_guest_field "$card" vendor)
device=$(nv_guest_field "$card" device)
echo "NV-CARD: $card"
echo "The guest saw an NVIDIA ${names[$model]} (${vendor#0x}:${device#0x}), BOOT_0 = $boot0"
if [ "$model" = nv1 ]; then
    [ -s "$png" ] || nv_die "the guest did not finish drawing (serial log: $log)"
    echo "It drew a test picture with the NV1 2D engine: $png"
fi
