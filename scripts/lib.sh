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

# Run from a build tree, QEMU looks for firmware under qemu-bundle/: point
# those paths at Debian's seabios and qemu-system-data files.
nv_link_firmware() {
    local build=$1 d
    mkdir -p "$build/qemu-bundle/usr/share"
    for d in seabios qemu; do
        ln -sfn "/usr/share/$d" "$build/qemu-bundle/usr/share/$d"
    done
}
