#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Guest test: boot a Debian kernel with the busybox initramfs on each model
# and check that the guest sees the documented PCI ids and BOOT_0.  TAP out.
# Usage: tests/guest/boot-test.sh [MODEL...]
#
# For a stand-in device (while nv-gpu is not built), set the device and
# what the guest should see, e.g.
#   NV_GUEST_DEVICE=VGA NV_GUEST_EXPECT='vendor=0x1234 device=0x1111
#   class=0x030000 revision=0x02 boot0=0x00000753' tests/guest/boot-test.sh nv40
# NV_GUEST_VENDOR defaults to the vendor in NV_GUEST_EXPECT.
# See tests/guest/lib.sh for the other knobs.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# The documented ids (pciid.rst, pmc.rst), written out by hand rather than
# taken from hw/nv/model.c so that a wrong table there shows up here.
declare -A expect=(
    [nv1]='vendor=0x10de device=0x0008 class=0x038000 revision=0x10 boot0=0x00010110'
    [nv20]='vendor=0x10de device=0x0200 class=0x030000 revision=0xa5 boot0=0x020000a5'
    [nv25]='vendor=0x10de device=0x0250 class=0x030000 revision=0xa3 boot0=0x025000a3'
    [nv30]='vendor=0x10de device=0x0301 class=0x030000 revision=0xa2 boot0=0x030100a2'
    [nv34]='vendor=0x10de device=0x0322 class=0x030000 revision=0xa1 boot0=0x034200a1'
    [nv40]='vendor=0x10de device=0x0040 class=0x030000 revision=0xa1 boot0=0x040000a1'
    [nv43]='vendor=0x10de device=0x0140 class=0x030000 revision=0xa2 boot0=0x043000a2'
    [nv44]='vendor=0x10de device=0x0161 class=0x030000 revision=0xa1 boot0=0x044100a1'
)
models=("$@")
((${#models[@]})) || models=(nv1 nv20 nv25 nv30 nv34 nv40 nv43 nv44)

if [ -n "${NV_GUEST_EXPECT:-}" ]; then
    # One space between fields, however it was written.
    read -r -d '' -a words <<<"$NV_GUEST_EXPECT" || true
    NV_GUEST_EXPECT=${words[*]}
    : "${NV_GUEST_VENDOR:=$(nv_guest_field "$NV_GUEST_EXPECT" vendor)}"
    export NV_GUEST_VENDOR
fi

# The initramfs and the serial logs of this run; the previous run's go.
run=$NV_GUEST_OUT/boot-test
rm -rf "$run"
mkdir -p "$run"
NV_GUEST_OUT=$run
initrd=$(nv_guest_initramfs)

# check MODEL LOG: empty output if the boot was good, else the reason.
check() {
    local model=$1 log=$2 want cards n got
    want=${NV_GUEST_EXPECT:-${expect[$model]:-}}
    if [ "$NV_GUEST_RC" -eq 124 ] || [ "$NV_GUEST_RC" -eq 137 ]; then
        echo "timed out after ${NV_GUEST_TIMEOUT} s"; return
    fi
    if ! nv_guest_done "$log"; then
        echo "no NV-DONE (qemu exit status $NV_GUEST_RC)"; return
    fi
    cards=$(nv_guest_cards "$log")
    n=$(printf '%s' "$cards" | grep -c . || true)
    if [ "$n" -ne 1 ]; then
        echo "expected one NV-CARD line, got $n"; return
    fi
    if [ "$cards" = none ]; then
        echo "guest saw no card (NV-CARD: none)"; return
    fi
    if [ -z "$want" ]; then
        echo "no expected values for model '$model'"; return
    fi
    # The slot depends on the machine's other devices; not checked.
    got=${cards#slot=* }
    if [ "$got" != "$want" ]; then
        echo "got '$got', want '$want'"; return
    fi
    if [ "$NV_GUEST_MS" -gt $((NV_GUEST_TIMEOUT * 1000)) ]; then
        echo "took ${NV_GUEST_SECS} s (limit ${NV_GUEST_TIMEOUT} s)"; return
    fi
    if [ "$NV_GUEST_RC" -ne 0 ]; then
        echo "qemu exit status $NV_GUEST_RC after NV-DONE"; return
    fi
}

echo "1..${#models[@]}"
k=0 failed=0
for model in "${models[@]}"; do
    k=$((k + 1))
    log=$run/$model.log
    nv_guest_boot "$model" "$initrd" "$log"
    reason=$(check "$model" "$log")
    if [ -z "$reason" ]; then
        echo "ok $k - guest/boot/$model (${NV_GUEST_SECS}s)"
    else
        failed=$((failed + 1))
        echo "not ok $k - guest/boot/$model: $reason"
        echo "# serial log: $log (${NV_GUEST_SECS}s, last lines follow)"
        nv_guest_tail "$log" '# '
    fi
done
echo "# $((k - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
