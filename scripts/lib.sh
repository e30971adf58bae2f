# SPDX-License-Identifier: GPL-2.0-or-later
# Shared settings for the qemu-nv scripts; sourced, not run.

NV_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
NV_CACHE=${NV_CACHE:-/var/cache/qemu-nv}
NV_QEMU_SRC=$NV_CACHE/qemu-src
NV_QEMU_BUILD=$NV_CACHE/qemu-build
NV_QEMU=$NV_QEMU_BUILD/qemu-system-x86_64
# Debian's python3 carries meson's modules; QEMU's configure wants it.
export PATH=/usr/bin:/usr/sbin:/bin:/sbin:$PATH

nv_log() { printf '[qemu-nv] %s\n' "$*" >&2; }
nv_die() { printf '[qemu-nv] error: %s\n' "$*" >&2; exit 1; }

# The VBIOS images scripts/build-roms.sh makes, vgabios-MODEL.bin.
NV_ROMS=$NV_TOP/build/roms

# Run from a build tree, QEMU looks for firmware under qemu-bundle/: point
# those paths at Debian's seabios and qemu-system-data files, and put our
# VBIOS images in QEMU's own data directory, where an installed QEMU keeps
# its vgabios-*.bin and where nv-gpu's default romfile is found.
nv_link_firmware() {
    local build=$1 d f
    mkdir -p "$build/qemu-bundle/usr/share" "$build/qemu-bundle/usr/local/share/qemu"
    for d in seabios qemu; do
        ln -sfn "/usr/share/$d" "$build/qemu-bundle/usr/share/$d"
    done
    for f in "$NV_ROMS"/vgabios-nv*.bin; do
        [ -e "$f" ] && ln -sfn "$f" "$build/qemu-bundle/usr/local/share/qemu/"
    done
}
