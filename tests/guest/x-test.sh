#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Guest test: X.org on the card.  One boot per model of the Debian root
# filesystem (scripts/make-rootfs.sh, built first if not cached) with
# Debian's kernel, nouveau.ko and the nouveau DDX; the guest side is
# tests/guest/x-session (NV_X=test).  Five TAP tests per model (seven
# with NV_X_ACCEL=1, below):
#   driver    nouveau is bound to the card, no kernel error lines from it
#   modetest  the connector's preferred mode is NV_X_MODE at NV_X_REFRESH;
#             modetest -M nouveau sets it and a screendump shows its SMPTE
#             bars, exact colours at known places (tests/guest/x-check)
#   vbltest   vbltest -M nouveau counts vblanks at the mode's refresh rate
#             (median within 1%)
#   xorg      Xorg.0.log: the nouveau DDX loaded and drove the card (its
#             chipset line names the model), no (EE) lines; its lines about
#             acceleration (EXA, channel, NoAccel) are printed as comments
#   plane     modetest -P puts a 320x200 YUYV image of the SMPTE bars on
#             the overlay plane at (100, 80), scaled to 480x300; the
#             screendump is exact, every pixel, against the scaling and
#             BT.601 conversion worked out by tests/guest/x-check.  On
#             nv43/nv44 nouveau offers no overlay plane (none expected)
#   cursor    modetest -C: of three screendumps at least one shows its
#             cursor, and each shows the pattern with the 64x64 cursor
#             square blended over it or nothing (tests/guest/x-check)
#   flip      (with NV_X_ACCEL=1: nouveau flips through its channel)
#             modetest -v flips pages at the mode's rate (median within 1%)
#   desktop   X answers at NV_X_MODE, depth 24; xsetroot's colour is exact
#             at points of the root window, the xterm and the xclock are
#             mapped and drawn (tests/guest/x-check)
# Usage: tests/guest/x-test.sh [MODEL...]   (default nv20-nv44)
#
# Knobs besides those of tests/guest/lib.sh and tests/guest/rootfs.sh:
#   NV_X_ACCEL=0|1  nouveau.noaccel=1 (default) or 0.  With 0 the kernel
#                   refuses the DDX a GPU channel, and the DDX's two (EE)
#                   lines saying so, "Error creating GPU channel: -19" and
#                   "Error initialising acceleration.  Falling back to
#                   NoAccel", are the only ones allowed.  With 1 no (EE)
#                   line is allowed but, on nv20 and nv25, AIGLX's two
#                   about nouveau_vieux_dri.so, which bookworm's Mesa does
#                   not have; the tests are named guest/x-accel/..., and
#                   a sixth per model checks that the accelerated desktop
#                   is the same picture as the unaccelerated one:
#   same      the desktop's screendump is byte-identical to the one of the
#             NV_X_ACCEL=0 run (build/guest/x-test/, else a boot of its own)
#   kmscube   (with NV_X_ACCEL=1; NV_X_KMSCUBE=0 leaves it out) kmscube
#             -c 30 makes a GL context with Mesa's nouveau driver on the
#             card and finishes its 30 frames (exit status 0, no kernel
#             error: nouveau reports a channel it cannot idle as one);
#             its third frame, held on the screen (tests/guest/nv-hold.c),
#             matches the same frame rendered by llvmpipe in the same
#             guest (tests/guest/x-check frame, tolerance below).  Skipped on
#             nv20/nv25 (bookworm's Mesa has no driver for Kelvin).  On
#             nv30/nv34, where Mesa offers no GLES2, "glx" takes its place:
#             glxinfo -B gets a direct GL context whose renderer is the
#             chip, with no kernel error
#   render    (with NV_X_ACCEL=1) xeyes and xlogo -render, whose RENDER
#             drawing EXA does on the 3D engine, match the same clients
#             on the unaccelerated desktop (tolerance as kmscube's)
#   glxgears  (with NV_X_ACCEL=1) glxgears in X on Mesa's nouveau driver,
#             frame 3 on a 30 frames a second clock held on the screen
#             (tests/guest/nv-hold.c), matches llvmpipe's frame 3 inside
#             its window (tolerance as kmscube's).  Skipped on nv20/nv25
#   NV_X_MODE       the mode expected (default 1280x800, the EDID's)
#   NV_X_REFRESH    its refresh rate as modetest prints it (default 74.99)
# The serial logs, Xorg.0.log and screendumps (PPM and PNG) of each model
# are left in build/guest/x-test/.
set -euo pipefail
. "$(dirname "$0")/rootfs.sh"

# QEMU's EDID (hw/display/edid-generate.c): preferred mode 1280x800 at
# 75 Hz nominal, pixel clock 107.30 MHz, 1728x828 total: 74.99 Hz.
NV_X_MODE=${NV_X_MODE:-1280x800}
NV_X_REFRESH=${NV_X_REFRESH:-74.99}
# The root window's colour, and the guest's xsetroot -solid.
root_rgb=2a6099
accel=${NV_X_ACCEL:-0}
case $accel in
    0 | 1) ;;
    *) nv_die "NV_X_ACCEL must be 0 or 1, not '$accel'" ;;
esac

models=("$@")
((${#models[@]})) || models=(nv20 nv25 nv30 nv34 nv40 nv43 nv44)

tag=x
[ "$accel" = 1 ] && tag="x-accel"
run=$NV_GUEST_OUT/$tag-test
rm -rf "$run"
mkdir -p "$run"
NV_GUEST_OUT=$run
# A boot is about 45 s on an idle 2-core machine; under load much more.
NV_GUEST_TIMEOUT=${NV_X_TIMEOUT:-300}
image=$(nv_rootfs_image)
initrd=$(nv_rootfs_initramfs)

# The DDX's (EE) lines that nouveau.noaccel=1 causes (the kernel answers
# its channel request with -ENODEV), as fixed strings.
allowed_ee=()
if [ "$accel" = 0 ]; then
    allowed_ee=('(EE) NOUVEAU(0): Error creating GPU channel: -19'
                '(EE) NOUVEAU(0): Error initialising acceleration.  Falling back to NoAccel')
fi

# With a channel, AIGLX looks for the DRI driver of NV1x/NV2x chips,
# nouveau_vieux, which Mesa 22 dropped (bookworm's Mesa has none): its two
# lines on nv20 and nv25 are the rootfs's, not the card's.
vieux=/usr/lib/x86_64-linux-gnu/dri/nouveau_vieux_dri.so
vieux_ee=("(EE) AIGLX error: dlopen of $vieux failed ($vieux: cannot open shared object file: No such file or directory)"
          '(EE) AIGLX error: unable to load driver nouveau_vieux')

k=0 failed=0
# Why the guest's lines may stop short: a timeout or QEMU failing.
ended() {
    if [ "$NV_GUEST_RC" -eq 124 ] || [ "$NV_GUEST_RC" -eq 137 ]; then
        echo "timed out after ${NV_GUEST_TIMEOUT} s"
    elif ! nv_rootfs_lines "$1" | grep -qx NV-DONE; then
        echo "no NV-DONE, qemu exit status $NV_GUEST_RC"
    fi
}

# count: the non-empty lines on stdin (grep -c fails on none).
count() {
    grep -c . || true
}

# median: of the numbers on stdin, one a line (empty lines ignored).
median() {
    grep . | sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'
}

# noaccel_shot MODEL NAME: screendump NAME (x, the desktop; render, the
# desktop with the RENDER clients) of a run without acceleration: the
# NV_X_ACCEL=0 run's if it is there, else our own boot (one for both).
noaccel_shot() {
    local model=$1 ppm=$NV_GUEST_OUT/../x-test/$1-$2.ppm
    if [ ! -s "$ppm" ]; then
        ppm=$run/$model-noaccel-$2.ppm
        [ -s "$ppm" ] ||
            NV_GUEST_APPEND="NV_X=desktop NV_X_ROOT=$root_rgb nouveau.noaccel=1 ${NV_GUEST_APPEND:-}" \
                nv_rootfs_boot "$model" "$initrd" "$image" \
                "$run/$model-noaccel.log" "$run/$model-noaccel"
    fi
    printf '%s\n' "$ppm"
}

# rates KIND: the N.NN of the "freq: N.NNHz" lines among the NV-KIND ones
# (vbltest and modetest -v print one every 60 vblanks or flips).
rates() {
    nv_rootfs_values "$log" "$1" | sed -n 's/^freq: \([0-9.]*\)Hz$/\1/p'
}

# rate_reason RATES WHAT: why RATES (one a line, from WHAT) are not the
# mode's refresh rate, or nothing if their median is within 1% of it.
# At least two figures: 2 x 60 events in 5 s is 24 Hz or more.
rate_reason() {
    local n med
    n=$(echo "$1" | count)
    med=$(echo "$1" | median)
    if [ "$n" -lt 2 ]; then
        echo "$2 printed $n rates (one every 60 events), want 2 or more: the events do not come at the mode's rate"
    elif ! awk -v m="$med" -v r="$NV_X_REFRESH" 'BEGIN { exit !(m > r * 0.99 && m < r * 1.01) }'; then
        echo "$2: ${med} Hz, the mode's rate is $NV_X_REFRESH Hz (1% allowed)"
    fi
}

kmscube=${NV_X_KMSCUBE:-1}
# kmscube's held frame against llvmpipe's: each channel within 2 (of
# 255), and at most 512 pixels (0.05% of 1280x800) further off.  The
# cube's colours are interpolated from the vertices: the card does it
# in IEEE singles and its ROP rounds to 8 bits, llvmpipe in its own
# fixed and float steps, so the same pixel may round one step apart
# (measured: 0.7% of the pixels, by 1).  Both rasterizers snap to 8
# sub-pixel bits with the top-left rule, so edges agree; the 512 leave
# room for a vertex that snaps to the other side of a pixel centre.
kmscube_tol=2 kmscube_bad=512
# glxgears' held frame (x-session's NV_GEARS_HOLD).
gears_hold=3
[ "$accel" = 1 ] || kmscube=0
# glxgears on the card and on llvmpipe, its held frame compared inside its
# window with the tolerance of kmscube's frame (the same reasons).
gears=$accel
# xeyes and xlogo -render through EXA Composite against the same clients
# without acceleration (pixman): the tolerance of kmscube's frame.
per_model=$((7 + 3 * accel + kmscube + gears))
echo "1..$((per_model * ${#models[@]}))"
for model in "${models[@]}"; do
    log=$run/$model.log shots=$run/$model xlog=$run/$model-Xorg.0.log
    case $model in
        nv20 | nv25) model_gears=0 ;;
        *) model_gears=$gears ;;
    esac
    NV_GUEST_APPEND="NV_X=test NV_X_ROOT=$root_rgb NV_X_KMSCUBE=$kmscube NV_X_GEARS=$model_gears nouveau.noaccel=$((1 - accel)) ${NV_GUEST_APPEND:-}" \
        nv_rootfs_boot "$model" "$initrd" "$image" "$log" "$shots"
    echo "# $model: boot took ${NV_GUEST_SECS} s (qemu exit status $NV_GUEST_RC)"
    name=guest/$tag/$model
    stop=$(ended "$log")
    tail=$(nv_guest_tail "$log" '' 12)
    nv_rootfs_values "$log" XLOG >"$xlog"
    klog=$(nv_rootfs_values "$log" LOG | tail -n 6)

    # driver
    reason=
    drv=$(nv_rootfs_values "$log" DRIVER | head -n 1)
    probe=$(nv_rootfs_values "$log" MODPROBE | head -n 1)
    errs=$(nv_rootfs_values "$log" DMESG)
    root=$(nv_rootfs_values "$log" ROOT | head -n 1)
    if [ -n "$root" ]; then
        reason="initramfs: $root"
    elif [ -n "$probe" ]; then
        reason="modprobe nouveau $probe"
    elif [ -z "$drv" ]; then
        reason="no NV-DRIVER line${stop:+ ($stop)}"
    elif [ "$drv" = none ]; then
        reason="no driver bound to the card"
    elif [ "$(nv_guest_field "$drv" module)" != nouveau ]; then
        reason="bound driver is '${drv%% *}', want nouveau"
    elif [ -n "$errs" ]; then
        reason="$(echo "$errs" | count) error lines in the kernel log"
    elif ! nv_rootfs_lines "$log" | grep -qx NV-DONE; then
        reason="guest did not report its kernel log${stop:+ ($stop)}"
    fi
    extra=
    [ -n "$drv" ] || extra=$tail
    result "$name/driver" "$reason" "${drv%% *}, no kernel errors" \
        "$(echo "$errs" | head -n 8)" "$klog" "$extra"

    # modetest
    reason='' seen=''
    mode=$(nv_rootfs_values "$log" MODE | head -n 1)
    mt=$(nv_rootfs_values "$log" MODETEST)
    want_set="setting mode $NV_X_MODE-${NV_X_REFRESH}Hz"
    if [ -z "$mode" ]; then
        reason="no NV-MODE line${stop:+ ($stop)}"
    elif [ "$mode" = none ]; then
        reason="modetest -c lists no connected connector with a preferred mode"
    elif [ "$(nv_guest_field "$mode" mode)" != "$NV_X_MODE" ] ||
        [ "$(nv_guest_field "$mode" refresh)" != "$NV_X_REFRESH" ]; then
        reason="preferred mode is $(nv_guest_field "$mode" mode) at $(nv_guest_field "$mode" refresh) Hz, want $NV_X_MODE at $NV_X_REFRESH"
    elif ! grep -q "^$want_set on connectors" <<<"$mt"; then
        reason="modetest did not say '$want_set'"
    elif [ ! -s "$shots-modetest.ppm" ]; then
        reason="no screendump of the pattern (qemu exit status $NV_GUEST_RC)"
    elif ! seen=$("$NV_TOP/tests/guest/x-check" smpte "$shots-modetest.ppm" \
                  "${NV_X_MODE%x*}" "${NV_X_MODE#*x}"); then
        reason="screendump $shots-modetest.png: $seen"
    fi
    result "$name/modetest" "$reason" "$(nv_guest_field "$mode" name) $NV_X_MODE-${NV_X_REFRESH}Hz: $seen" \
        "$mt" "$klog"

    # vbltest: the first figure includes vbltest's start.
    freqs=$(rates VBL | tail -n +2)
    med=$(echo "$freqs" | median)
    if [ -z "$mode" ] || [ "$mode" = none ]; then
        reason="no mode set (see modetest)"
    else
        reason=$(rate_reason "$freqs" "vbltest, 5 s")
    fi
    result "$name/vbltest" "$reason" "median ${med} Hz of $(echo "$freqs" | xargs | tr ' ' /) Hz, mode ${NV_X_REFRESH} Hz" \
        "$(nv_rootfs_values "$log" VBL)"

    # plane: modetest -P's YUYV overlay, 320x200 shown 480x300 at (100, 80).
    reason='' seen=''
    plane=$(nv_rootfs_values "$log" PLANE | head -n 1)
    case $model in
        nv43 | nv44)
            # nouveau offers the overlay up to NV40 (dispnv04/overlay.c).
            [ "$plane" = none ] || reason="NV-PLANE: '$plane', want none"
            seen="no overlay plane, as nouveau offers none on NV41+"
            ;;
        *)
            if [ -z "$plane" ] || [ "$plane" = none ]; then
                reason="no overlay plane found (NV-PLANE: '$plane')${stop:+ ($stop)}"
            elif [ ! -s "$shots-plane.ppm" ]; then
                reason="no screendump of the plane${stop:+ ($stop)}"
            elif ! seen=$("$NV_TOP/tests/guest/x-check" plane "$shots-plane.ppm" \
                          "${NV_X_MODE%x*}" "${NV_X_MODE#*x}" 100 80 480x300 320x200); then
                reason="screendump $shots-plane.png: $seen"
            fi
            ;;
    esac
    result "$name/plane" "$reason" "modetest -P: $seen" \
        "$(nv_rootfs_values "$log" PLANE | tail -n 6)"

    # cursor: three screendumps while modetest -C runs; the cursor blinks,
    # so one is enough, but none may show anything else.
    reason='' seen=()
    for i in 1 2 3; do
        if [ ! -s "$shots-cursor-$i.ppm" ]; then
            reason="no screendump cursor-$i${stop:+ ($stop)}"
        elif ! got=$("$NV_TOP/tests/guest/x-check" cursor "$shots-cursor-$i.ppm" \
                     "${NV_X_MODE%x*}" "${NV_X_MODE#*x}"); then
            reason="screendump $shots-cursor-$i.png: $got"
        else
            seen+=("$got")
            continue
        fi
        break
    done
    if [ -z "$reason" ] && ! printf '%s\n' "${seen[@]}" | grep -q '^cursor '; then
        reason="no screendump shows the cursor"
    fi
    result "$name/cursor" "$reason" "modetest -C: $(IFS=';'; echo "${seen[*]}" | sed 's/;/; /g')" \
        "$(nv_rootfs_values "$log" CURSOR | tail -n 4)"

    # flip: modetest -v's rate, the first figure included.  nouveau flips
    # through its kernel channel (dispnv04/crtc.c nv04_crtc_page_flip), so
    # not with noaccel.
    if [ "$accel" = 1 ]; then
        freqs=$(rates FLIP)
        med=$(echo "$freqs" | median)
        reason=$(rate_reason "$freqs" "modetest -v, 6 s")
        result "$name/flip" "$reason" "median ${med} Hz of $(echo "$freqs" | xargs | tr ' ' /) Hz" \
            "$(nv_rootfs_values "$log" FLIP | tail -n 6)"
    fi

    # xorg
    reason=
    chip=NV${model#nv}
    # Log lines are "[ seconds] (EE) ..."; the legend near the top names
    # (EE) too.
    ee=$(grep -E '^\[ *[0-9.]+\] \(EE\)' "$xlog" | sed 's/^\[ *[0-9.]*\] //' || true)
    allowed=("${allowed_ee[@]}")
    case $accel:$model in
        1:nv20 | 1:nv25) allowed+=("${vieux_ee[@]}") ;;
    esac
    for a in "${allowed[@]}"; do
        ee=$(grep -vxF "$a" <<<"$ee" || true)
    done
    accel_lines=$(grep -E 'EXA|[Aa]ccel|GPU channel|DRI level|DRI2 capable|sub module "shadowfb"' "$xlog" |
                  grep -v 'Kernel command line' | sed 's/^\[ *[0-9.]*\] //' || true)
    if [ ! -s "$xlog" ]; then
        reason="no Xorg.0.log${stop:+ ($stop)}"
    elif ! grep -qF '(II) LoadModule: "nouveau"' "$xlog"; then
        reason="the nouveau DDX was not loaded"
    elif ! grep -qF "(--) NOUVEAU(0): Chipset: \"NVIDIA $chip\"" "$xlog"; then
        reason="no 'NOUVEAU(0): Chipset: \"NVIDIA $chip\"' line: $(grep -F 'Chipset' "$xlog" | head -n 1)"
    elif [ -n "$ee" ]; then
        reason="$(echo "$ee" | count) (EE) lines"
    fi
    result "$name/xorg" "$reason" "nouveau DDX on NVIDIA $chip, no (EE) lines${allowed[*]:+ but the ${#allowed[@]} expected}" \
        "$ee" "$(grep -E '^\[ *[0-9.]+\] \((EE|WW)\)' "$xlog" | tail -n 6)"
    # What the driver decided about acceleration, pass or fail.
    printf '%s\n' "$accel_lines" | grep . | sed "s/^/# $model Xorg: /" || true

    # desktop
    reason='' seen=''
    x=$(nv_rootfs_values "$log" X | head -n 1)
    xterm=$(nv_rootfs_values "$log" WIN | sed -n 's/^nv-xterm //p' | head -n 1)
    clock=$(nv_rootfs_values "$log" WIN | sed -n 's/^xclock //p' | head -n 1)
    copy=$(nv_rootfs_values "$log" WIN | sed -n 's/^xwud //p' | head -n 1)
    if [ -z "$x" ]; then
        reason="no NV-X line${stop:+ ($stop)}"
    elif [ "$x" != "ready $NV_X_MODE depth 24" ]; then
        reason="X: '$x', want 'ready $NV_X_MODE depth 24'"
    elif [ -z "$xterm" ] || [ -z "$clock" ] || [ -z "$copy" ]; then
        reason="the xterm, the xclock or xwud was not mapped"
    elif [ ! -s "$shots-x.ppm" ]; then
        reason="no screendump of the desktop (qemu exit status $NV_GUEST_RC)"
    elif ! seen=$("$NV_TOP/tests/guest/x-check" desktop "$shots-x.ppm" \
                  "${NV_X_MODE%x*}" "${NV_X_MODE#*x}" "$root_rgb" "$xterm" "$clock" "$copy"); then
        reason="screendump $shots-x.png: $seen"
    elif [ -n "$stop" ]; then
        reason=$stop
    fi
    [ -z "$reason" ] || reason+=" (${NV_GUEST_SECS}s, serial log $log)"
    result "$name/desktop" "$reason" "${NV_GUEST_SECS}s: $seen" \
        "$(tail -n 8 "$xlog")" "$tail"
    nv_rootfs_values "$log" GLX | grep renderer | sed "s/^/# $model glxinfo: /" || true
    [ "$accel" = 1 ] || continue

    # same: with and without acceleration, one picture.
    result "$name/same" \
        "$(same_picture "$shots-x.ppm" "$(noaccel_shot "$model" x)")" \
        "byte-identical to nouveau.noaccel=1"

    # render: RENDER clients through EXA Composite, against the same
    # clients on the unaccelerated desktop.
    reason='' seen=''
    ref=$(noaccel_shot "$model" render)
    if [ ! -s "$shots-render.ppm" ]; then
        reason="no screendump with the RENDER clients${stop:+ ($stop)}"
    elif [ ! -s "$ref" ]; then
        reason="no unaccelerated screendump $ref"
    elif ! seen=$("$NV_TOP/tests/guest/x-check" frame "$shots-render.ppm" \
                  "$ref" "$kmscube_tol" "$kmscube_bad"); then
        reason="screendump $shots-render.png against $ref: $seen"
    fi
    result "$name/render" "$reason" \
        "xeyes, xlogo -render against nouveau.noaccel=1: $seen"

    # glxgears
    if [ "$gears" = 1 ]; then
        if [ "$model_gears" = 0 ]; then
            k=$((k + 1))
            echo "ok $k - $name/glxgears # SKIP bookworm's Mesa has no Kelvin driver"
        else
            reason='' seen=''
            g=$(nv_rootfs_values "$log" GEARS)
            win=$(nv_rootfs_values "$log" WIN | sed -n 's/^glxgears //p' | head -n 1)
            if ! grep -qx 'glxgears exit status 143 (held)' <<<"$g"; then
                reason="glxgears on the card: $(grep '^glxgears ' <<<"$g" | head -n 1)${stop:+ ($stop)}"
            elif ! grep -qx 'glxgears-sw exit status 143 (held)' <<<"$g"; then
                reason="glxgears on llvmpipe: $(grep '^glxgears-sw ' <<<"$g" | head -n 1)"
            elif [ -z "$win" ]; then
                reason="no NV-WIN line for glxgears' window"
            elif ! seen=$("$NV_TOP/tests/guest/x-check" frame "$shots-glxgears.ppm" \
                          "$shots-glxgears-sw.ppm" "$kmscube_tol" "$kmscube_bad" "$win"); then
                reason="frame $shots-glxgears.png against llvmpipe's, in the window: $seen"
            elif [ -n "$errs" ]; then
                reason="kernel errors (see the driver test)"
            fi
            result "$name/glxgears" "$reason" \
                "frame $gears_hold held, against llvmpipe's in its window ($win): $seen" \
                "$(tail -n 6 <<<"$g")"
        fi
    fi

    # kmscube
    [ "$kmscube" = 1 ] || continue
    case $model in
        nv20 | nv25)
            k=$((k + 1))
            echo "ok $k - $name/kmscube # SKIP bookworm's Mesa has no Kelvin driver"
            continue
            ;;
        nv30 | nv34)
            # Mesa gives GLES2, kmscube's API, only to a driver with
            # non-power-of-two textures and separate blend equations
            # (src/mesa/main/version.c, compute_version_es2), which its
            # nv30 driver has on Curie only: no EGL config here, as on the
            # real card.  Desktop GL makes its context instead.
            reason=
            glx=$(nv_rootfs_values "$log" GLX)
            if ! grep -qx 'direct rendering: Yes' <<<"$glx"; then
                reason="glxinfo -B: no direct rendering${stop:+ ($stop)}"
            elif ! grep -qx "OpenGL renderer string: $chip" <<<"$glx"; then
                reason="glxinfo -B: renderer is not $chip"
            elif [ -n "$errs" ]; then
                reason="kernel errors (see the driver test)"
            fi
            result "$name/glx" "$reason" "a direct GL context on $chip" "$glx"
            continue
            ;;
    esac
    reason='' seen=''
    cube=$(nv_rootfs_values "$log" KMSCUBE)
    cubesw=$(nv_rootfs_values "$log" KMSCUBESW)
    # kmscube's "OpenGL ES 2.x information:" block: renderer: "NV40"
    renderer=$(sed -n 's/^ *renderer: *"\(.*\)"$/\1/p' <<<"$cube" | head -n 1)
    swrenderer=$(sed -n 's/^ *renderer: *"\(.*\)"$/\1/p' <<<"$cubesw" | head -n 1)
    if [ -z "$cube" ]; then
        reason="no NV-KMSCUBE line${stop:+ ($stop)}"
    elif ! grep -qx 'exit status 0' <<<"$cube"; then
        reason="kmscube did not finish its frames: $(tail -n 1 <<<"$cube")"
    elif [ -z "$renderer" ]; then
        reason="kmscube printed no GL renderer"
    elif [ -n "$errs" ]; then
        reason="kernel errors (see the driver test)"
    elif ! grep -qx 'exit status 0' <<<"$cubesw"; then
        reason="kmscube on llvmpipe did not finish: $(tail -n 1 <<<"$cubesw")"
    elif [[ $swrenderer != llvmpipe* ]]; then
        reason="the reference renderer is '$swrenderer', not llvmpipe"
    elif [ ! -s "$shots-kmscube.ppm" ] || [ ! -s "$shots-kmscube-sw.ppm" ]; then
        reason="no screendump of kmscube's held frame"
    elif ! seen=$("$NV_TOP/tests/guest/x-check" frame "$shots-kmscube.ppm" \
                  "$shots-kmscube-sw.ppm" "$kmscube_tol" "$kmscube_bad"); then
        reason="frame $shots-kmscube.png against llvmpipe's: $seen"
    fi
    result "$name/kmscube" "$reason" \
        "30 frames on ${renderer:-?}; the held frame against llvmpipe's: $seen" \
        "$(tail -n 12 <<<"$cube")" "$(tail -n 4 <<<"$cubesw")"
done
echo "# $((k - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
