# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash disable=SC2034  # sets variables for its callers
# Boot the Debian root filesystem (scripts/make-rootfs.sh) on one nv-gpu
# model: a small busybox initramfs (tests/guest/rootfs-init) loads the
# virtio disk and ext4 modules, mounts the image from a virtio disk and
# runs tests/guest/x-session in it, which the initramfs carries, so a
# changed test needs no new image.  Shared by tests/guest/x-test.sh and
# scripts/demo.sh --x; sourced, not run.
#
# Why a disk and not the whole root filesystem as an initramfs: the image
# holds about 425 MiB (Mesa's LLVM alone is 115 MiB), 150 MB as gzip'd
# cpio, which the kernel unpacks into RAM under TCG at every boot: that
# needs a 2 GiB guest and took 13-15 s from QEMU's start to the root's
# init, against 7 s from the disk, which the guest reads only as far as it
# runs.
#
# Knobs besides those of tests/guest/lib.sh:
#   NV_ROOTFS_IMAGE   the image to boot (default: scripts/make-rootfs.sh's,
#                     built first if it is not in its cache)
#   NV_ROOTFS_MEM     guest RAM in MiB (default 1024)
#   NV_ROOTFS_QEMU_ARGS  more QEMU arguments, split at spaces (e.g.
#                     "-trace nv_irq -D /tmp/trace.log")

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# The modules the initramfs needs to mount the image (ext4 wants crc32c,
# a soft dependency modules.dep does not list).
NV_ROOTFS_INITRD_MODULES="virtio_pci virtio_blk ext4 crc32c_generic"

# nv_rootfs_image: the image's path, built if need be.
nv_rootfs_image() {
    if [ -n "${NV_ROOTFS_IMAGE:-}" ]; then
        [ -s "$NV_ROOTFS_IMAGE" ] || nv_die "NV_ROOTFS_IMAGE=$NV_ROOTFS_IMAGE missing"
        printf '%s\n' "$NV_ROOTFS_IMAGE"
        return
    fi
    "$NV_TOP/scripts/make-rootfs.sh"
}

# nv_rootfs_initramfs: build the initramfs into NV_GUEST_OUT; prints its path.
# It carries x-session and nv-hold.so (tests/guest/nv-hold.c, built here:
# the host is the guest's Debian release, so its libc is the guest's).
nv_rootfs_initramfs() {
    local img=$NV_GUEST_OUT/initramfs-rootfs.cpio.gz
    local hold=$NV_GUEST_OUT/nv-hold.so
    cc -shared -fPIC -O2 -Wall -Werror -o "$hold" \
        "$NV_TOP/tests/guest/nv-hold.c" -ldl >&2 ||
        nv_die "cannot build $hold"
    NV_GUEST_INIT=$NV_TOP/tests/guest/rootfs-init \
    NV_GUEST_MODULES=$NV_ROOTFS_INITRD_MODULES \
    NV_GUEST_FILES="$NV_TOP/tests/guest/x-session:/nv/x-session $hold:/nv/nv-hold.so" \
        "$NV_TOP/scripts/make-initramfs.sh" "$img" >&2
    printf '%s\n' "$img"
}

# The guest's NV- lines from LOG without CRs and without what shares a
# line with the first one (SeaBIOS's escape sequences).
nv_rootfs_lines() {
    tr -d '\r' <"$1" | grep -ao 'NV-[A-Z]*: .*$\|NV-DONE$' || true
}

# nv_rootfs_values LOG KIND: the bodies of the guest's "NV-KIND: ..." lines.
nv_rootfs_values() {
    nv_rootfs_lines "$1" | sed -n "s/^NV-$2: //p"
}

# nv_rootfs_boot MODEL INITRD IMAGE LOG SHOTS: boot the image (what the
# guest does comes from NV_GUEST_APPEND, NV_X=test by default) and, each
# time the guest says "NV-SHOT: NAME", take a QMP screendump as
# SHOTS-NAME.ppm and SHOTS-NAME.png.  Sets what nv_guest_boot sets.
nv_rootfs_boot() {
    local model=$1 initrd=$2 image=$3 log=$4 shots=$5 watcher
    local sock=$NV_GUEST_OUT/qmp-$model.sock stop=$NV_GUEST_OUT/.stop-$model
    rm -f "$sock" "$stop" "$shots"-*.ppm "$shots"-*.png
    mkdir -p "$(dirname "$shots")"
    : >"$log"
    (
        declare -A taken=()
        end=$((SECONDS + NV_GUEST_TIMEOUT + 15))
        while [ ! -e "$stop" ] && [ "$SECONDS" -lt "$end" ] && kill -0 $$ 2>/dev/null; do
            while read -r name; do
                [[ $name =~ ^[a-z0-9-]+$ ]] || continue
                [ -z "${taken[$name]:-}" ] || continue
                taken[$name]=1
                "$NV_TOP/tools/qmp-screendump" "$sock" "$shots-$name.ppm" "$shots-$name.png" ||
                    rm -f "$shots-$name.ppm" "$shots-$name.png"
            done < <(nv_rootfs_values "$log" SHOT)
            sleep 0.1
        done
    ) &
    watcher=$!
    # loglevel=3: the kernel's own error lines stay off the serial lines
    # the host parses (the guest reports them as NV-DMESG).
    # snapshot=on: the guest's writes go to a temporary overlay, the
    # cached image stays as it is (and boots may run side by side).
    # -rtc: a fixed date (the desktop's clock shows it), so screendumps
    # of two runs can be compared byte for byte.
    local NV_GUEST_QEMU_ARGS=(-drive "file=$image,format=raw,if=virtio,snapshot=on"
                              -rtc base=2026-01-01T12:00:00)
    local more=()
    read -r -a more <<<"${NV_ROOTFS_QEMU_ARGS:-}" || true
    NV_GUEST_QEMU_ARGS+=("${more[@]}")
    local NV_GUEST_MEM=${NV_ROOTFS_MEM:-1024}
    NV_GUEST_QMP=$sock NV_GUEST_APPEND="loglevel=3 ${NV_GUEST_APPEND:-NV_X=test}" \
        nv_guest_boot "$model" "$initrd" "$log"
    touch "$stop"
    wait "$watcher" || true
    rm -f "$stop" "$sock"
}
