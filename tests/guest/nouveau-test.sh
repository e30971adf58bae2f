#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Guest test: Debian's kernel and its unmodified nouveau.ko drive the card,
# bring up a framebuffer console on /dev/fb0, and QEMU's console shows it.
# One boot per model (initramfs with nouveau and its dependencies, /init in
# NV_DEMO=nouveau mode), four TAP tests per model:
#   driver   nouveau is the driver bound to the card, every module loaded
#   dmesg    no kernel log line of priority err or worse from nouveau/drm
#   fb       fb0 exists with the expected resolution and depth
#   console  a QMP screendump has fb0's size and shows the text /init wrote
#            on tty1 (tests/guest/fbcon-check), within NV_GUEST_TIMEOUT
# Usage: tests/guest/nouveau-test.sh [MODEL...]   (default nv20-nv44)
#
# Knobs besides those of tests/guest/lib.sh:
#   NV_NOUVEAU_MODE  the mode nouveau is to pick (default below)
#   NV_GUEST_FB      "WxH BPP" expected of fb0, overriding the per-model rule
#   NV_NOUVEAU_ACCEL=1  nouveau with acceleration (noaccel=0): fbcon draws
#                    through its channel with PGRAPH's 2D classes.  Two
#                    more tests per model, named guest/nouveau-accel/MODEL/:
#                      methods  QEMU's method trace shows 2D classes' methods
#                      same     the screendump is byte-identical to the
#                               same console drawn with noaccel=1 (the
#                               guest/nouveau run's, or a boot of its own)
# With QEMU's std VGA and the bochs DRM driver as a stand-in the whole
# harness runs without the card's display:
#   NV_GUEST_DEVICE=VGA NV_GUEST_DRIVER=bochs tests/guest/nouveau-test.sh nv40
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# The mode: the preferred mode of the EDID the card's DDC bus returns.
# QEMU's EDID generator (hw/display/edid-generate.c, used by i2c-ddc and by
# the std VGA) makes it 1280x800 unless the device sets xres/yres; no
# video= on the command line, the mode must come from the EDID.
NV_NOUVEAU_MODE=${NV_NOUVEAU_MODE:-1280x800}

# The depth: nouveau_fbcon_init() (drivers/gpu/drm/nouveau/nouveau_fbcon.c,
# Linux 6.1) picks 8 bpp for up to 32 MiB of VRAM, 16 bpp up to 64 MiB and
# 32 bpp above, so it follows each model's default vram-size (README).
declare -A vram_mib=([nv20]=64 [nv25]=128 [nv30]=128 [nv34]=128
                     [nv40]=256 [nv43]=128 [nv44]=64)

models=("$@")
((${#models[@]})) || models=(nv20 nv25 nv30 nv34 nv40 nv43 nv44)
driver=${NV_GUEST_DRIVER:-nouveau}

# expected_fb MODEL: "WxH BPP".
expected_fb() {
    local model=$1 dev mib
    if [ -n "${NV_GUEST_FB:-}" ]; then
        echo "$NV_GUEST_FB"
        return
    fi
    dev=$(nv_guest_device "$model")
    if [[ $dev != nv-gpu* ]]; then
        # A stand-in: DRM's generic fbdev at the 32 bpp the drivers ask for.
        echo "$NV_NOUVEAU_MODE 32"
        return
    fi
    mib=${vram_mib[$model]:-}
    if [[ $dev =~ vram-size=([0-9]+)M ]]; then
        mib=${BASH_REMATCH[1]}
    fi
    if [ -z "$mib" ]; then
        echo "$NV_NOUVEAU_MODE ?"
    elif [ "$mib" -le 32 ]; then
        echo "$NV_NOUVEAU_MODE 8"
    elif [ "$mib" -le 64 ]; then
        echo "$NV_NOUVEAU_MODE 16"
    else
        echo "$NV_NOUVEAU_MODE 32"
    fi
}

accel=${NV_NOUVEAU_ACCEL:-0}
tag=nouveau
per_model=4
if [ "$accel" = 1 ]; then
    tag=nouveau-accel
    per_model=6
fi

# The initramfs and the logs of this run; the previous run's go.
run=$NV_GUEST_OUT/$tag-test
rm -rf "$run"
mkdir -p "$run"
NV_GUEST_OUT=$run
initrd=$(nv_guest_initramfs "$driver")

k=0 failed=0
# Why the guest's lines may stop short: a timeout or QEMU failing.
ended() {
    if [ "$NV_GUEST_RC" -eq 124 ] || [ "$NV_GUEST_RC" -eq 137 ]; then
        echo "timed out after ${NV_GUEST_TIMEOUT} s"
    elif ! nv_guest_done "$1"; then
        echo "no NV-DONE, qemu exit status $NV_GUEST_RC"
    fi
}

# noaccel_ppm MODEL: the screendump of the console drawn without
# acceleration: the plain run's if it is there, else one boot of our own.
noaccel_ppm() {
    local model=$1 ppm=$NV_GUEST_OUT/../nouveau-test/$1.ppm
    if [ ! -s "$ppm" ]; then
        ppm=$run/$model-noaccel.ppm
        NV_GUEST_APPEND="nouveau.noaccel=1 ${NV_GUEST_APPEND:-}" \
            nv_guest_fbcon "$model" "$initrd" "$run/$model-noaccel.log" \
            "$ppm" "$run/$model-noaccel.png"
    fi
    printf '%s\n' "$ppm"
}

echo "1..$((per_model * ${#models[@]}))"
for model in "${models[@]}"; do
    log=$run/$model.log ppm=$run/$model.ppm trace=$run/$model.trace
    if [ "$accel" = 1 ]; then
        NV_GUEST_APPEND="nouveau.noaccel=0 ${NV_GUEST_APPEND:-}" \
        NV_GUEST_TRACE=$trace \
            nv_guest_fbcon "$model" "$initrd" "$log" "$ppm" "$run/$model.png"
    else
        nv_guest_fbcon "$model" "$initrd" "$log" "$ppm" "$run/$model.png"
    fi
    name=guest/$tag/$model
    stop=$(ended "$log")
    tail=$(nv_guest_tail "$log" '' 12)
    # The driver's last words, for the failure reports.
    klog=$(nv_guest_values "$log" LOG | tail -n 6)

    # driver
    reason=
    drv=$(nv_guest_values "$log" DRIVER | head -n 1)
    insmod=$(nv_guest_values "$log" INSMOD)
    mod=$(nv_guest_field "$drv" module)
    if [ -n "$insmod" ]; then
        reason="insmod failed: $(echo "$insmod" | head -n 1)"
    elif [ -z "$drv" ]; then
        reason="no NV-DRIVER line${stop:+ ($stop)}"
    elif [ "$drv" = none ]; then
        reason="no driver bound to the card"
    elif [ "$mod" != "$driver" ]; then
        reason="bound driver is '${drv%% *}' (module '$mod'), want $driver"
    fi
    if [ -z "$drv" ]; then
        result "$name/driver" "$reason" "" "$tail"
    else
        result "$name/driver" "$reason" "${drv%% *}" "$klog"
    fi

    # dmesg
    reason=
    errs=$(nv_guest_values "$log" DMESG)
    if [ -n "$errs" ]; then
        reason="$(echo "$errs" | grep -c .) error lines in the kernel log"
    elif ! nv_guest_lines "$log" | grep -q '^NV-FB: '; then
        # The report comes after NV-FB; without it nothing was checked.
        reason="guest did not report its kernel log${stop:+ ($stop)}"
    fi
    result "$name/dmesg" "$reason" "no errors" "$(echo "$errs" | head -n 8)"

    # fb
    reason=
    fb=$(nv_guest_values "$log" FB | head -n 1)
    want=$(expected_fb "$model")
    read -r got_size got_bpp _ <<<"$fb" || true
    if [ -z "$fb" ]; then
        reason="no NV-FB line${stop:+ ($stop)}"
    elif [ "$fb" = none ]; then
        reason="no fb0"
    elif [ "$got_size $got_bpp" != "$want" ]; then
        reason="fb0 is $got_size at $got_bpp bpp, want $want bpp"
    fi
    result "$name/fb" "$reason" "$got_size, $got_bpp bpp" "$klog"

    # console
    reason='' seen=''
    if [ -z "$fb" ]; then
        reason="no NV-FB line${stop:+ ($stop)}"
    elif [ "$fb" = none ]; then
        reason="no fb0 to show"
    elif ! nv_guest_said "$log" NV-CONSOLE; then
        reason="guest did not write the console${stop:+ ($stop)}"
    elif [ ! -s "$ppm" ]; then
        reason="no screendump (qemu exit status $NV_GUEST_RC)"
    elif ! seen=$("$NV_TOP/tests/guest/fbcon-check" "$ppm" \
                  "${got_size%x*}" "${got_size#*x}"); then
        reason="screendump $ppm: $seen"
    elif [ -n "$stop" ]; then
        reason=$stop
    elif [ "$NV_GUEST_MS" -gt $((NV_GUEST_TIMEOUT * 1000)) ]; then
        reason="took ${NV_GUEST_SECS} s (limit ${NV_GUEST_TIMEOUT} s)"
    fi
    if [ -n "$reason" ]; then
        reason+=" (${NV_GUEST_SECS}s, serial log $log)"
    fi
    # Without fb0 the fb test has said it all already.
    [ -n "$fb" ] && [ "$fb" != none ] || tail=
    result "$name/console" "$reason" "${NV_GUEST_SECS}s: $seen" "$tail"
    [ "$accel" = 1 ] || continue

    # methods: the classes fbcon drew with, busiest first ("CLASS count").
    reason='' seen=''
    if [ ! -s "$trace" ]; then
        reason="no method trace in $trace"
    else
        seen=$(grep -ao 'subc [0-7] [A-Za-z0-9_]*\.' "$trace" |
               awk '$3 != "NV_NULL." { sub(/\.$/, "", $3); print $3 }' |
               sort | uniq -c | sort -rn | head -n 4 |
               awk '{ printf "%s%s %s", sep, $2, $1; sep = ", " }')
        [ -n "$seen" ] || reason="no method of a 2D class in $trace"
    fi
    result "$name/methods" "$reason" "$seen"

    # same: accelerated and unaccelerated consoles are the same picture.
    result "$name/same" "$(same_picture "$ppm" "$(noaccel_ppm "$model")")" \
        "byte-identical to noaccel=1"
done
echo "# $((k - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
