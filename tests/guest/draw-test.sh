#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Guest test: Debian's kernel boots on model nv1, the guest program
# tests/guest/nv1-draw draws a test picture with the NV1 2D engine, and a
# QMP screendump must show it.  Expected colours worked out by hand from
# nv1-draw (A8R8G8B8 sources, 32 bpp with CLUT bypass: each 8-bit
# component c is stored as c << 2 and shown as (c << 2) >> 2 = c).  TAP.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

run=$NV_GUEST_OUT/draw-test
rm -rf "$run"
mkdir -p "$run"
NV_GUEST_OUT=$run
initrd=$(nv_guest_initramfs)
nv_guest_draw nv1 "$initrd" "$run/nv1.log" "$run/nv1.ppm"

# x y expected-rgb why
checks=(
    "60 80 ff0000 red colour bar"
    "20 160 ff8000 PATCOPY: (20&7)=4, bit 4 of 0x55 is 1: orange"
    "21 160 ffffff PATCOPY: bit 5 is 0: white"
    "330 160 7f0080 P^D: orange (3fc,200,0) ^ grey (200,200,200) = (1fc,0,200)"
    "331 160 7f7f7f P^D: white 3fc ^ grey 200 = 1fc per component"
    "60 320 203040 blit with red as colour key: red bar not copied"
    "150 320 00ff00 blit: green bar copied"
    "50 390 ffff00 inside cliprect 0"
    "320 390 203040 between the cliprects"
    "350 440 ffff00 inside cliprect 1"
    "350 400 203040 outside both cliprects"
)

echo "1..1"
reason=
if [ ! -s "$run/nv1.ppm" ]; then
    reason="no screendump (qemu exit status $NV_GUEST_RC)"
else
    for c in "${checks[@]}"; do
        read -r x y want why <<<"$c"
        # PPM P6 640x480: a 15-byte header, then 3 bytes a pixel.
        got=$(od -An -tx1 -j $((15 + (y * 640 + x) * 3)) -N3 "$run/nv1.ppm" |
              tr -d ' \n')
        if [ "$got" != "$want" ]; then
            reason="pixel ($x,$y) is $got, want $want ($why)"
            break
        fi
    done
    head -c 15 "$run/nv1.ppm" | grep -q '^P6' || reason="not a 640x480 PPM"
fi
if [ -z "$reason" ]; then
    echo "ok 1 - guest/nv1-draw (${NV_GUEST_SECS}s, ${#checks[@]} pixels)"
else
    echo "not ok 1 - guest/nv1-draw: $reason"
    nv_guest_tail "$run/nv1.log" '# '
    exit 1
fi
