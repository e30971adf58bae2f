#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Build the guest root filesystem: a minimal Debian bookworm with X.org and
# the nouveau DDX, a few X clients, libdrm's and Mesa's test programs, and
# the guest kernel's modules the X boots need, as an ext4 image for
# virtio-blk.  Everything comes from Debian's archive (mmdebstrap, minbase,
# no recommends, no docs, man pages or translations) plus the modules of
# the installed linux-image package.
# Usage: scripts/make-rootfs.sh           build if needed, print the image path
#        scripts/make-rootfs.sh --print   print the image path, build nothing
#
# The image is cached as /var/cache/qemu-nv/rootfs/KEY/rootfs.ext4, KEY a
# hash of the package list, the module list, the guest kernel's version
# and NV_ROOTFS_VERSION below: change any of them and the next run builds
# a new image (and removes the old ones).  The .debs are kept in
# /var/cache/qemu-nv/rootfs/debs, so a rebuild downloads only what changed.
# NV_ROOTFS_REBUILD=1 builds again even if the image exists.
set -euo pipefail
. "$(dirname "$0")/../tests/guest/lib.sh"

# Bump when the way the image is made changes.
NV_ROOTFS_VERSION=1

# What the guest runs: X.org with the nouveau DDX (xserver-xorg-core's
# recommends left out: no input drivers, no logind, no xauth), the core
# fonts X and xterm need, the X clients of tests/guest/x-test.sh, libdrm's
# modetest/vbltest, Mesa (its DRI drivers and glxinfo/glxgears) and
# kmscube; kmod to load the modules, and D-Bus's system bus, which Xorg
# connects to at start-up (without it Xorg logs an error every 10 s).
NV_ROOTFS_PACKAGES=(
    xserver-xorg-core xserver-xorg-video-nouveau xinit xfonts-base dbus
    x11-apps x11-utils x11-xserver-utils xterm
    libdrm-tests libgl1-mesa-dri mesa-utils kmscube
    kmod
)
# Kernel modules (with everything they depend on): the virtio disk and
# ext4 the initramfs mounts the image with, and nouveau.
NV_ROOTFS_MODULES=(virtio_pci virtio_blk ext4 crc32c_generic nouveau)
NV_ROOTFS_SUITE=bookworm
NV_ROOTFS_MIRROR=${NV_ROOTFS_MIRROR:-http://deb.debian.org/debian}

NV_ROOTFS_CACHE=$NV_CACHE/rootfs

print_only=0
case ${1:-} in
    --print) print_only=1 ;;
    '') ;;
    *) nv_die "usage: $0 [--print]" ;;
esac

kernel=$(nv_guest_kernel)
kver=${kernel##*/vmlinuz-}
[ "$kver" != "$kernel" ] || nv_die "cannot tell the kernel version from '$kernel' (want .../vmlinuz-KVER)"

key=$(printf '%s\n' "version $NV_ROOTFS_VERSION" "suite $NV_ROOTFS_SUITE" \
          "kernel $kver" "packages ${NV_ROOTFS_PACKAGES[*]}" \
          "modules ${NV_ROOTFS_MODULES[*]}" | sha256sum | cut -c1-16)
dir=$NV_ROOTFS_CACHE/$key
img=$dir/rootfs.ext4
if [ "$print_only" = 1 ]; then
    printf '%s\n' "$img"
    exit 0
fi
if [ -s "$img" ] && [ "${NV_ROOTFS_REBUILD:-0}" != 1 ]; then
    printf '%s\n' "$img"
    exit 0
fi

[ "$(id -u)" = 0 ] || nv_die "building the root filesystem needs root (mmdebstrap --mode=root)"
need=()
command -v mmdebstrap >/dev/null || need+=(mmdebstrap)
command -v mkfs.ext4 >/dev/null || need+=(e2fsprogs)
command -v depmod >/dev/null || need+=(kmod)
[ -r /usr/share/keyrings/debian-archive-keyring.gpg ] || need+=(debian-archive-keyring)
if ((${#need[@]})); then
    nv_log "installing ${need[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${need[@]}" >/dev/null
fi
moddir=/lib/modules/$kver
[ -r "$moddir/modules.dep" ] ||
    nv_die "$moddir/modules.dep missing (apt-get install linux-image-$kver)"

t0=$SECONDS
debs=$NV_ROOTFS_CACHE/debs
mkdir -p "$debs" "$dir"
root=$dir/root.tmp
tmpimg=$img.tmp
rm -rf "$root" "$tmpimg"
trap 'rm -rf "$root" "$tmpimg"' EXIT

list=$(IFS=,; echo "${NV_ROOTFS_PACKAGES[*]}")
nv_log "rootfs: mmdebstrap $NV_ROOTFS_SUITE minbase + ${NV_ROOTFS_PACKAGES[*]}"
# The .debs go through the chroot's apt cache: in from $debs before apt
# downloads, back out before mmdebstrap empties it.  essential/unlink would
# delete the Essential packages' .debs before the sync-out.  The merged-usr
# hook makes the /usr merge itself, so apt does not pull in usrmerge (and
# with it perl) to do it.
# shellcheck disable=SC2016  # $1 is the hooks' argument, not ours
mmdebstrap --mode=root --variant=minbase --format=directory \
    --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
    --include="$list" \
    --aptopt='APT::Install-Recommends "false"' \
    --dpkgopt=force-unsafe-io \
    --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-include=/usr/share/locale/locale.alias' \
    --dpkgopt='path-exclude=/usr/share/lintian/*' \
    --dpkgopt='path-exclude=/usr/share/bug/*' \
    --skip=essential/unlink \
    --setup-hook='mkdir -p "$1"/var/cache/apt/archives/' \
    --setup-hook="sync-in $debs /var/cache/apt/archives/" \
    --customize-hook="sync-out /var/cache/apt/archives $debs" \
    "$NV_ROOTFS_SUITE" "$root" \
    "deb $NV_ROOTFS_MIRROR $NV_ROOTFS_SUITE main" \
    "deb $NV_ROOTFS_MIRROR $NV_ROOTFS_SUITE-updates main" >&2
# Only the newest .deb of each package is worth keeping.
rm -f "$debs/lock"
rm -rf "$debs/partial"
t1=$SECONDS

# The modules, and their dependencies, as modprobe would load them (it
# also follows softdeps, which modules.dep leaves out).
declare -A seen=()
n=0
for m in "${NV_ROOTFS_MODULES[@]}"; do
    while read -r cmd path _; do
        [ "$cmd" = insmod ] || continue
        [ -z "${seen[$path]:-}" ] || continue
        seen[$path]=1
        install -D -m 0644 "$path" "$root$path"
        n=$((n + 1))
    done < <(modprobe -S "$kver" --show-depends "$m")
done
for f in modules.order modules.builtin modules.builtin.modinfo; do
    [ -e "$moddir/$f" ] && install -m 0644 "$moddir/$f" "$root$moddir/$f"
done
depmod -b "$root" "$kver"
nv_log "rootfs: $n modules of $kver"

# No daemons, no console login: the guest's own init runs everything
# (tests/guest/rootfs-init, tests/guest/x-session).
echo nv-guest >"$root/etc/hostname"
printf '127.0.0.1\tlocalhost nv-guest\n' >"$root/etc/hosts"
: >"$root/etc/machine-id"
mkdir -p "$root/nv"
# What went in, for the record and for tests that want a version.
# shellcheck disable=SC2016  # dpkg-query's fields
chroot "$root" dpkg-query -W -f '${Package} ${Version}\n' >"$dir/packages.txt"
rm -rf "$root"/var/cache/apt/*.bin "$root"/var/lib/apt/lists/* \
    "$root"/var/cache/debconf/*-old "$root"/var/log/*.log

# The image: ext4 made from the directory (no mount needed), 20% and
# 64 MiB free for what the guest writes; no journal, the guest runs it
# with QEMU's snapshot=on and never writes the file itself.
kib=$(du -sk --apparent-size "$root" | cut -f1)
kib=$(( (kib * 12 / 10 + 65536 + 1023) / 1024 * 1024 ))
mkfs.ext4 -q -F -L nv-rootfs -O ^has_journal -E root_owner=0:0 -d "$root" \
    "$tmpimg" "${kib}K"
mv -f "$tmpimg" "$img"
rm -rf "$root"

# Older images (another key) go.
for old in "$NV_ROOTFS_CACHE"/*/rootfs.ext4; do
    [ "$old" = "$img" ] || rm -rf "$(dirname "$old")"
done
nv_log "rootfs: $img ($((kib / 1024)) MiB, $(du -sm "$img" | cut -f1) MiB used), $((t1 - t0)) s mmdebstrap, $((SECONDS - t0)) s in all"
printf '%s\n' "$img"
