#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Build the guest initramfs: static busybox, one symlink per applet, and
# tests/guest/init as /init, packed as gzip'd newc cpio.
# Usage: scripts/make-initramfs.sh OUT.cpio.gz
#
# NV_GUEST_MODULES="nouveau" (space-separated module names) also copies
# those kernel modules and everything they depend on from
# /lib/modules/KVER/, KVER being that of the kernel image the guest tests
# boot (tests/guest/lib.sh nv_guest_kernel, from its vmlinuz-KVER name),
# and writes /etc/nv-modules: their paths in the image, one a line,
# dependencies first, for /init to insmod in that order.  Without it the
# image has no modules and no /etc/nv-modules.
#
# NV_GUEST_INIT=FILE uses FILE as /init instead of tests/guest/init, and
# NV_GUEST_FILES="SRC:DEST ..." (space-separated) copies each file SRC
# into the image as DEST (an absolute path), keeping its mode.
set -euo pipefail
. "$(dirname "$0")/../tests/guest/lib.sh"

[ $# -eq 1 ] || nv_die "usage: $0 OUT.cpio.gz"
out=$1
busybox=${NV_BUSYBOX:-/bin/busybox}
init=${NV_GUEST_INIT:-$NV_TOP/tests/guest/init}
read -r -a modules <<<"${NV_GUEST_MODULES:-}" || true
read -r -a files <<<"${NV_GUEST_FILES:-}" || true

[ -x "$busybox" ] || nv_die "$busybox missing (apt-get install busybox-static)"
# A dynamic busybox would need its libraries in the image too.
if command -v file >/dev/null &&
    ! LC_ALL=C file -bL "$busybox" | grep -q 'statically linked'; then
    nv_die "$busybox is not statically linked (apt-get install busybox-static)"
fi
command -v cpio >/dev/null || nv_die "cpio missing (apt-get install cpio)"
[ -f "$init" ] || nv_die "$init missing"

mkdir -p "$(dirname "$out")"
tmp=$out.tmp.$$
root=$(mktemp -d)
trap 'rm -rf "$root" "$tmp"' EXIT

mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,root}
install -m 0755 "$busybox" "$root/bin/busybox"
install -m 0755 "$init" "$root/init"
install -m 0755 "$NV_TOP/tests/guest/nv1-draw" "$root/bin/nv1-draw"
# busybox --list-full gives each applet's usual path (bin/sh, sbin/poweroff...).
"$busybox" --list-full | while read -r applet; do
    [ "$applet" = bin/busybox ] && continue
    # Relative links, one "../" per directory level of the applet.
    slashes=${applet//[^\/]/}
    up=${slashes//\//../}
    ln -sf "${up}bin/busybox" "$root/$applet"
done
for f in "${files[@]}"; do
    src=${f%%:*} dest=${f#*:}
    if [ "$src" = "$f" ] || [[ $dest != /* ]]; then
        nv_die "NV_GUEST_FILES: '$f' is not SRC:/DEST"
    fi
    [ -f "$src" ] || nv_die "NV_GUEST_FILES: $src missing"
    mkdir -p "$root$(dirname "$dest")"
    cp -p "$src" "$root$dest"
done
# The kernel wants /dev/console before init opens it; devtmpfs comes later.
# mknod needs root; without it /init still reaches ttyS0 via its devtmpfs.
mknod -m 600 "$root/dev/console" c 5 1 2>/dev/null || true

if ((${#modules[@]})); then
    kernel=$(nv_guest_kernel)
    # Debian names its images vmlinuz-KVER; the modules must be that
    # kernel's or insmod refuses them (vermagic, symbol CRCs).
    kver=${kernel##*/vmlinuz-}
    [ "$kver" != "$kernel" ] || nv_die "cannot tell the kernel version from '$kernel' (want .../vmlinuz-KVER)"
    moddir=/lib/modules/$kver
    [ -r "$moddir/modules.dep" ] ||
        nv_die "$moddir/modules.dep missing (apt-get install linux-image-$kver)"

    # modules.dep: "kernel/a/b.ko: kernel/c.ko kernel/d.ko", paths relative
    # to moddir; a module's name is its file name without .ko, with - and _
    # the same.
    declare -A path_of=() deps_of=() state=()
    while IFS= read -r line; do
        p=${line%%:*}
        n=${p##*/}
        n=${n%%.ko*}
        n=${n//-/_}
        path_of[$n]=$p
        deps_of[$n]=${line#*:}
    done <"$moddir/modules.dep"

    # Depth first, each module after everything it needs, so the order
    # does not rely on how depmod happened to sort a line.
    order=()
    visit() {
        local n=${1##*/} d
        n=${n%%.ko*}
        n=${n//-/_}
        [ -n "${path_of[$n]:-}" ] || nv_die "no module '$1' in $moddir/modules.dep"
        case ${state[$n]:-} in
            listed) return ;;
            visiting) nv_die "dependency loop through module '$n'" ;;
        esac
        state[$n]=visiting
        read -r -a deps <<<"${deps_of[$n]}" || true
        for d in "${deps[@]}"; do
            visit "$d"
        done
        state[$n]=listed
        order+=("${path_of[$n]}")
    }
    for m in "${modules[@]}"; do
        visit "$m"
    done

    mkdir -p "$root/etc"
    : >"$root/etc/nv-modules"
    for p in "${order[@]}"; do
        # Busybox insmod loads plain ELF only (Debian 12 does not compress).
        [[ $p == *.ko ]] || nv_die "$moddir/$p is compressed; busybox insmod needs plain .ko"
        install -D -m 0644 "$moddir/$p" "$root$moddir/$p"
        printf '%s\n' "$moddir/$p" >>"$root/etc/nv-modules"
    done
    nv_log "initramfs: ${#order[@]} modules of $kver for ${modules[*]}"
fi

# Fixed owner and mtimes so the same inputs give the same bytes.
find "$root" -exec touch -h -d @0 {} +
(cd "$root" && find . -mindepth 1 | LC_ALL=C sort |
    cpio --quiet -o -H newc -R 0:0 --reproducible) | gzip -9n >"$tmp"
mv -f "$tmp" "$out"
nv_log "initramfs: $out ($(stat -c %s "$out") bytes)"
