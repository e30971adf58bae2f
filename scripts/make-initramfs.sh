#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Build the guest initramfs: static busybox, one symlink per applet, and
# tests/guest/init as /init, packed as gzip'd newc cpio.
# Usage: scripts/make-initramfs.sh OUT.cpio.gz
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || nv_die "usage: $0 OUT.cpio.gz"
out=$1
busybox=${NV_BUSYBOX:-/bin/busybox}
init=${NV_GUEST_INIT:-$NV_TOP/tests/guest/init}

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
# The kernel wants /dev/console before init opens it; devtmpfs comes later.
# mknod needs root; without it /init still reaches ttyS0 via its devtmpfs.
mknod -m 600 "$root/dev/console" c 5 1 2>/dev/null || true

# Fixed owner and mtimes so the same inputs give the same bytes.
find "$root" -exec touch -h -d @0 {} +
(cd "$root" && find . -mindepth 1 | LC_ALL=C sort |
    cpio --quiet -o -H newc -R 0:0 --reproducible) | gzip -9n >"$tmp"
mv -f "$tmp" "$out"
nv_log "initramfs: $out ($(stat -c %s "$out") bytes)"
