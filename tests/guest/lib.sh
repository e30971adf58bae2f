# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash disable=SC2034  # sets variables for its callers
# Boot the busybox guest on one nv-gpu model and read what it reported.
# Shared by tests/guest/boot-test.sh and scripts/demo.sh; sourced, not run.
#
# Environment knobs (all optional):
#   NV_GUEST_DEVICE   whole -device argument, e.g. "VGA" for a stand-in
#   NV_GUEST_ROMFILE  romfile= value for nv-gpu; "{model}" in it becomes the
#                     model name (e.g. /tmp/vbios/{model}.bin).  Unset: no
#                     romfile= at all, the device's own default
#   NV_GUEST_VENDOR   PCI vendor the guest looks for (default 0x10de; 0x1234
#                     when NV_GUEST_DRIVER is bochs)
#   NV_GUEST_DRIVER   kernel module that is to drive the card in the fbcon
#                     boots (default nouveau; bochs for -device VGA)
#   NV_GUEST_KERNEL   kernel image (default: newest /boot/vmlinuz-*)
#   NV_GUEST_OUT      where the initramfs and the serial logs go
#   NV_GUEST_TIMEOUT  seconds per boot (default 60)
#   NV_GUEST_APPEND   extra kernel command line (e.g. NV_DEMO=nv1-draw)
#   NV_GUEST_QMP      path of a QMP socket to open
#   NV_GUEST_TRACE    a file: QEMU traces the card's methods (nv_method)
#                     into it
#   NV_GUEST_MEM      guest RAM in MiB (default 512)
# and, set by a sourcing script (an array, so not from the environment):
#   NV_GUEST_QEMU_ARGS  more QEMU arguments (tests/guest/rootfs.sh: the disk)

. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib.sh"

NV_GUEST_OUT=${NV_GUEST_OUT:-$NV_TOP/build/guest}
NV_GUEST_TIMEOUT=${NV_GUEST_TIMEOUT:-60}
NV_GUEST_MEM=${NV_GUEST_MEM:-512}
NV_GUEST_QEMU_ARGS=()

nv_guest_kernel() {
    local k=${NV_GUEST_KERNEL:-}
    [ -n "$k" ] || k=$(printf '%s\n' /boot/vmlinuz-* | sort -V | tail -n 1)
    [ -e "$k" ] || k=
    [ -n "$k" ] || nv_die "no /boot/vmlinuz-* (apt-get install linux-image-amd64)"
    # Debian installs kernels mode 0600, so non-root users cannot boot them.
    [ -r "$k" ] || nv_die "$k is not readable"
    printf '%s\n' "$k"
}

nv_guest_device() {
    local dev=nv-gpu,model=$1
    # Set but empty is "romfile=", no option ROM at all.
    if [ -n "${NV_GUEST_ROMFILE+set}" ]; then
        dev+=,romfile=${NV_GUEST_ROMFILE//\{model\}/$1}
    fi
    printf '%s\n' "${NV_GUEST_DEVICE:-$dev}"
}

# nv_guest_initramfs [MODULE...]: build the initramfs into NV_GUEST_OUT,
# with those kernel modules and their dependencies (one image per set, so
# the plain one stays small); prints its path.
# shellcheck disable=SC2120  # the modules are optional
nv_guest_initramfs() {
    local img=$NV_GUEST_OUT/initramfs.cpio.gz
    if [ $# -gt 0 ]; then
        local IFS=-
        img=$NV_GUEST_OUT/initramfs-$*.cpio.gz
    fi
    NV_GUEST_MODULES="$*" "$NV_TOP/scripts/make-initramfs.sh" "$img" >&2
    printf '%s\n' "$img"
}

# nv_guest_boot MODEL INITRD LOG: one boot, serial console (and QEMU's own
# errors) into LOG.  Never fails itself; sets NV_GUEST_RC (QEMU's exit
# status, 124 on timeout), NV_GUEST_MS and NV_GUEST_SECS ("12.3").
nv_guest_boot() {
    local model=$1 initrd=$2 log=$3 kernel append t0 t1
    kernel=$(nv_guest_kernel)
    [ -x "$NV_QEMU" ] || nv_die "$NV_QEMU missing (run scripts/build-qemu.sh)"
    append='console=ttyS0 quiet panic=-1'
    # The kernel hands unknown NAME=value parameters to /init as environment.
    [ -z "${NV_GUEST_VENDOR:-}" ] || append+=" NV_VENDOR=$NV_GUEST_VENDOR"
    [ -z "${NV_GUEST_APPEND:-}" ] || append+=" $NV_GUEST_APPEND"
    local qmp=()
    [ -z "${NV_GUEST_QMP:-}" ] || qmp=(-qmp "unix:$NV_GUEST_QMP,server=on,wait=off")
    [ -z "${NV_GUEST_TRACE:-}" ] || qmp+=(-trace nv_method -D "$NV_GUEST_TRACE")
    mkdir -p "$(dirname "$log")"
    NV_GUEST_RC=0
    t0=$EPOCHREALTIME
    # -vga none -nic none: no default std VGA competing for the legacy VGA
    # ranges, and no e1000 whose option ROM this machine does not have.
    # stdin from /dev/null keeps QEMU off the terminal (and CI has none).
    timeout -k 5 "$NV_GUEST_TIMEOUT" "$NV_QEMU" \
        -accel tcg -m "$NV_GUEST_MEM" -nographic -no-reboot -vga none -nic none \
        -kernel "$kernel" -initrd "$initrd" -append "$append" \
        -L /usr/share/seabios -L /usr/share/qemu \
        -device "$(nv_guest_device "$model")" "${qmp[@]}" "${NV_GUEST_QEMU_ARGS[@]}" \
        </dev/null >"$log" 2>&1 || NV_GUEST_RC=$?
    t1=$EPOCHREALTIME
    # EPOCHREALTIME has six decimals; the separator follows the locale.
    NV_GUEST_MS=$(( (10#${t1//[.,]/} - 10#${t0//[.,]/}) / 1000 ))
    NV_GUEST_SECS=$((NV_GUEST_MS / 1000)).$((NV_GUEST_MS % 1000 / 100))
}

# The guest's NV- lines from LOG, one per line, without the terminal noise
# (CRs, and SeaBIOS's escape sequences that share a line with the first one).
# tests/guest/init documents them.
nv_guest_lines() {
    tr -d '\r' <"$1" |
        grep -ao 'NV-\(\(CARD\|DRIVER\|FB\|DMESG\|LOG\|INSMOD\): .*\|DONE\|DRAWN\|CONSOLE\)$' ||
        true
}

# nv_guest_said LOG LINE: did the guest say exactly LINE (e.g. NV-CONSOLE)?
nv_guest_said() {
    nv_guest_lines "$1" | grep -qxF "$2"
}

# nv_guest_values LOG KIND: the bodies of the guest's "NV-KIND: ..." lines.
nv_guest_values() {
    nv_guest_lines "$1" | sed -n "s/^NV-$2: //p"
}

# The NV-CARD lines' bodies ("slot=... boot0=..." or "none").
nv_guest_cards() {
    nv_guest_lines "$1" | sed -n 's/^NV-CARD: //p'
}

nv_guest_done() {
    nv_guest_lines "$1" | grep -qx 'NV-DONE'
}

# nv_guest_field "slot=... device=0x0040 ..." device  ->  0x0040
nv_guest_field() {
    if [[ " $1 " =~ \ $2=([^ ]*)\  ]]; then
        printf '%s\n' "${BASH_REMATCH[1]}"
    fi
}

# The last lines of LOG, printable and prefixed (TAP comments, reports).
nv_guest_tail() {
    local log=$1 prefix=${2-# } n=${3:-15}
    tr -d '\r' <"$log" | sed 's/\x1b\[[0-9;?]*[a-zA-Z]//g; s/\x1b[a-zA-Z]//g' |
        tail -n "$n" | sed "s/^/$prefix/"
}

# nv_guest_shot MODEL INITRD LOG LINE PPM [PNG]: boot (NV_GUEST_APPEND
# selects what the guest does) and take a QMP screendump as soon as the
# guest says LINE (NV-DRAWN, NV-CONSOLE); the guest is to wait a few
# seconds after saying it.  Sets what nv_guest_boot sets; the picture files
# exist only if the guest said LINE.
nv_guest_shot() {
    local model=$1 initrd=$2 log=$3 line=$4 ppm=$5 png=${6:-} watcher
    local sock=$NV_GUEST_OUT/qmp-$model.sock stop=$NV_GUEST_OUT/.stop-$model
    rm -f "$ppm" "$sock" "$stop" ${png:+"$png"}
    mkdir -p "$(dirname "$ppm")"
    : >"$log"
    # Watch the serial log while QEMU runs, until it has exited; and not
    # past its timeout, nor past the script (nv_die in nv_guest_boot).
    (
        end=$((SECONDS + NV_GUEST_TIMEOUT + 15))
        while [ ! -e "$stop" ] && [ "$SECONDS" -lt "$end" ] && kill -0 $$ 2>/dev/null; do
            if nv_guest_said "$log" "$line"; then
                "$NV_TOP/tools/qmp-screendump" "$sock" "$ppm" ${png:+"$png"} ||
                    rm -f "$ppm" ${png:+"$png"}
                exit
            fi
            sleep 0.1
        done
    ) &
    watcher=$!
    NV_GUEST_QMP=$sock nv_guest_boot "$model" "$initrd" "$log"
    touch "$stop"
    wait "$watcher" || true
    rm -f "$stop" "$sock"
}

# nv_guest_draw MODEL INITRD LOG PPM [PNG]: boot with NV_DEMO=nv1-draw and
# take a screendump once the guest says NV-DRAWN.
nv_guest_draw() {
    NV_GUEST_APPEND="NV_DEMO=nv1-draw ${NV_GUEST_APPEND:-}" \
        nv_guest_shot "$1" "$2" "$3" NV-DRAWN "$4" "${5:-}"
}

# The module and PCI vendor of QEMU's own std VGA (-device VGA) stand-in.
declare -gA NV_GUEST_STANDIN_VENDOR=([bochs]=0x1234)

# nv_guest_fbcon MODEL INITRD LOG PPM [PNG]: boot with NV_DEMO=nouveau (the
# initramfs must carry NV_GUEST_DRIVER's modules: nv_guest_initramfs
# "$NV_GUEST_DRIVER") and take a screendump once the guest says NV-CONSOLE.
nv_guest_fbcon() {
    local driver=${NV_GUEST_DRIVER:-nouveau}
    NV_GUEST_VENDOR=${NV_GUEST_VENDOR:-${NV_GUEST_STANDIN_VENDOR[$driver]:-}} \
    NV_GUEST_APPEND="NV_DEMO=nouveau NV_DRIVER=$driver ${NV_GUEST_APPEND:-}" \
        nv_guest_shot "$1" "$2" "$3" NV-CONSOLE "$4" "${5:-}"
}

# TAP for the guest tests.  result NAME REASON WHAT [COMMENT...]: one TAP
# line; REASON empty means ok, and then WHAT says what was seen; the
# comments follow a failure.  The caller sets k=0 failed=0 first.
result() {
    local name=$1 reason=$2 what=$3
    shift 3
    k=$((k + 1))
    if [ -z "$reason" ]; then
        echo "ok $k - $name ($what)"
    else
        failed=$((failed + 1))
        echo "not ok $k - $name: $reason"
        printf '%s\n' "$@" | grep . | sed 's/^/# /' || true
    fi
}

# same_picture SHOT REF: why screendump SHOT is not byte-identical to
# REF (accelerated against unaccelerated), or nothing when it is.
same_picture() {
    if [ ! -s "$1" ] || [ ! -s "$2" ]; then
        echo "no screendump to compare ($1, $2)"
    elif ! cmp -s "$1" "$2"; then
        echo "screendump $1 differs from the unaccelerated $2"
    fi
}
