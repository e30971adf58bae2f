#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The main demo: build QEMU with nv-gpu, boot Debian on one emulated card,
# and show what the guest saw.
# Usage: scripts/demo.sh [MODEL]            (default nv40)
#        scripts/demo.sh --console [MODEL]  nouveau's console only
# On NV2x-NV4x models the demo boots the Debian root filesystem
# (scripts/make-rootfs.sh builds it once, about a minute, into
# /var/cache/qemu-nv/rootfs): Debian's kernel loads its own nouveau.ko
# with acceleration (NV_X_ACCEL=0: nouveau.noaccel=1), Xorg starts with
# the nouveau DDX (EXA on the card's 2D engine), with an xterm, a clock
# and xwud showing a copy of the xterm, and the desktop is saved as
# build/guest/demo-x-MODEL.png.
# --3d (or NV_DEMO=3d) shows the 3D engine with Mesa's nouveau driver
# (nv30-nv44; nv20/nv25 have no Mesa driver and fall back to llvmpipe):
# kmscube on the card (NV4x only: Mesa has no GLES2 on NV3x) 60 frames
# for its frame rate, then its frames 10, 20 and 30 (NV_GL_FRAMES) held
# and saved as build/guest/demo-3d-MODEL-kmscube-N.png; then glxgears
# in X, the same frames saved as build/guest/demo-3d-MODEL-glxgears-N.png.
# --console (or NV_DEMO=console) boots a busybox initramfs instead, whose
# nouveau puts its framebuffer console on the card; the demo reports the
# driver and fb0 and saves the console as build/guest/demo-MODEL.png.
# With nv1 (which nouveau does not support) the guest draws a test
# picture through the 2D engine (fills, pattern, ROP3, blit with colour
# key, cliprects), saved as build/guest/demo-nv1.png.
# NV_DEMO_BUILD=0 skips scripts/build-qemu.sh (a QEMU already built).
set -euo pipefail
. "$(dirname "$0")/../tests/guest/rootfs.sh"

x=1
case ${1:-} in
    --console) x=0; shift ;;
    --3d) x=3d; shift ;;
    --x) shift ;;                   # the default; kept for old habits
esac
[ "${NV_DEMO:-}" != console ] || x=0
[ "${NV_DEMO:-}" != 3d ] || x=3d
model=${1:-nv40}
[ "$model" != nv1 ] || x=0
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

[ "${NV_DEMO_BUILD:-1}" = 0 ] || "$NV_TOP/scripts/build-qemu.sh"

# demo_boot KIND WHAT DURATION TIMEOUT APPEND: boot the root filesystem on
# the card with APPEND on the kernel command line; the serial log is
# build/guest/demo-KIND-MODEL.log, the screendumps demo-KIND-MODEL-*.
demo_boot() {
    local image initrd
    image=$(nv_rootfs_image)
    initrd=$(nv_rootfs_initramfs)
    nv_log "booting Debian with $2 on -device $(nv_guest_device "$model") (TCG, $3)"
    NV_GUEST_TIMEOUT=${NV_X_TIMEOUT:-$4} \
    NV_GUEST_APPEND="$5 ${NV_GUEST_APPEND:-}" \
        nv_rootfs_boot "$model" "$initrd" "$image" \
        "$NV_GUEST_OUT/demo-$1-$model.log" "$NV_GUEST_OUT/demo-$1-$model"
}

# The X desktop on the card.
demo_x() {
    local log=$NV_GUEST_OUT/demo-x-$model.log shots=$NV_GUEST_OUT/demo-x-$model
    local png=$NV_GUEST_OUT/demo-x-$model.png accel=${NV_X_ACCEL:-1} drv xres
    demo_boot x "X.org and nouveau" "~40-60 s" 300 \
        "NV_X=desktop nouveau.noaccel=$((1 - accel))"
    rm -f "$png" "$shots-x.ppm"
    [ ! -s "$shots-x.png" ] || mv -f "$shots-x.png" "$png"
    nv_rootfs_values "$log" XLOG >"$NV_GUEST_OUT/demo-x-$model-Xorg.0.log"
    drv=$(nv_rootfs_values "$log" DRIVER | head -n 1)
    xres=$(nv_rootfs_values "$log" X | head -n 1)
    echo "Driver: ${drv:-none reported}"
    echo "X: ${xres:-no answer} (Xorg.0.log: $NV_GUEST_OUT/demo-x-$model-Xorg.0.log)"
    grep -E 'EXA|[Aa]ccel|GPU channel' "$NV_GUEST_OUT/demo-x-$model-Xorg.0.log" |
        grep -v 'Kernel command line' | sed 's/^\[ *[0-9.]*\] /Xorg: /' || true
    nv_rootfs_values "$log" WIN | sed 's/^/Window: /'
    nv_rootfs_values "$log" DMESG | sed 's/^/Kernel error: /'
    if [ ! -s "$png" ]; then
        nv_guest_tail "$log" '  | ' 12 >&2
        nv_die "no screenshot of the X desktop (serial log: $log)"
    fi
    echo "The X desktop (xterm and xclock on nouveau$([ "$accel" = 1 ] && echo ', EXA acceleration')), as QEMU shows it: $png"
}

# 3D: kmscube and glxgears on Mesa's nouveau driver, frames saved.
demo_3d() {
    local log=$NV_GUEST_OUT/demo-3d-$model.log shots=$NV_GUEST_OUT/demo-3d-$model
    local frames=${NV_GL_FRAMES:-10,20,30} fps renderer saved
    demo_boot 3d "nouveau, Mesa and X" "a few minutes" 600 \
        "NV_X=gl NV_GL_FRAMES=$frames"
    rm -f "$shots"-*.ppm
    renderer=$(nv_rootfs_values "$log" KMSCUBE | sed -n 's/^ *renderer: *"\(.*\)"$/\1/p' | head -n 1)
    fps=$(nv_rootfs_values "$log" KMSCUBE | sed -n 's/^Rendered \([0-9]*\) frames in \([0-9.]*\) sec (\([0-9.]*\) fps)$/\1 frames in \2 s: \3/p' | tail -n 1)
    if [ -n "$renderer" ]; then
        echo "kmscube: GLES2 on $renderer, ${fps:-no frame rate printed} frames a second under TCG"
    else
        echo "kmscube: no GLES2 context (Mesa offers none on NV3x; on NV2x no Mesa driver)"
    fi
    nv_rootfs_values "$log" GLX | sed 's/^ *//; s/^/glxinfo: /'
    nv_rootfs_values "$log" DMESG | sed 's/^/Kernel error: /'
    saved=$(ls "$shots"-*.png 2>/dev/null || true)
    if [ -z "$saved" ]; then
        nv_guest_tail "$log" '  | ' 12 >&2
        nv_die "no frame saved (serial log: $log)"
    fi
    echo "Frames held on the screen and saved as QEMU showed them:"
    printf '  %s\n' $saved
}

if [ "$x" = 3d ]; then
    demo_3d
    exit 0
fi
if [ "$x" = 1 ]; then
    demo_x
    exit 0
fi

log=$NV_GUEST_OUT/demo-$model.log
png=$NV_GUEST_OUT/demo-$model.png
ppm=$NV_GUEST_OUT/demo-$model.ppm
driver=${NV_GUEST_DRIVER:-nouveau}
if [ "$model" = nv1 ]; then
    initrd=$(nv_guest_initramfs)
    nv_log "booting a Debian kernel on -device $(nv_guest_device "$model") (TCG, ~10-20 s)"
    # NV1 also draws a test picture with its 2D engine; we save a screenshot.
    nv_guest_draw "$model" "$initrd" "$log" "$ppm" "$png"
else
    initrd=$(nv_guest_initramfs "$driver")
    nv_log "booting a Debian kernel with $driver on -device $(nv_guest_device "$model") (TCG, ~30-40 s)"
    nv_guest_fbcon "$model" "$initrd" "$log" "$ppm" "$png"
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
    exit 0
fi

drv=$(nv_guest_values "$log" DRIVER | head -n 1)
fb=$(nv_guest_values "$log" FB | head -n 1)
if [ -n "$drv" ] && [ "$drv" != none ]; then
    echo "Driver: ${drv%% *} ($(nv_guest_field "$drv" module).ko) bound to $(nv_guest_field "$drv" slot)"
else
    echo "Driver: none bound to the card"
fi
if [ -n "$fb" ] && [ "$fb" != none ]; then
    read -r size bpp _ <<<"$fb"
    echo "Framebuffer: /dev/fb0 $size, $bpp bpp ($(nv_guest_field "$fb" name))"
else
    echo "Framebuffer: none"
fi
nv_guest_values "$log" INSMOD | sed 's/^/insmod: /'
nv_guest_values "$log" DMESG | sed 's/^/Kernel error: /'
if ! nv_guest_said "$log" NV-CONSOLE || [ ! -s "$png" ]; then
    # The guest's NV-LOG lines near the end carry the driver's last words
    # (the kernel console itself is quiet).
    nv_guest_tail "$log" '  | ' 12 >&2
    if ! nv_guest_said "$log" NV-CONSOLE; then
        nv_die "the guest did not get a framebuffer console on the card (serial log: $log)"
    fi
    nv_die "no screenshot of the console (serial log: $log)"
fi
echo "Its framebuffer console, as QEMU shows it: $png"
