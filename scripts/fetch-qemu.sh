#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Unpack Debian's qemu source package (with Debian's patches applied) into
# the cache, once.  Later runs reuse it.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ -f "$NV_QEMU_SRC/.nv-unpacked" ] && exit 0

dl=$NV_CACHE/dl
mkdir -p "$dl"
cd "$dl"
if ! ls qemu_*.dsc >/dev/null 2>&1; then
    nv_log "apt-get source qemu (download only)"
    apt-get source --download-only -qq qemu >/dev/null
fi
dsc=$(ls qemu_*.dsc | sort -V | tail -n 1)
rm -rf "$NV_QEMU_SRC"
nv_log "unpacking $dsc"
dpkg-source --no-check -x "$dsc" "$NV_QEMU_SRC" >/dev/null
grep -q '^7\.2' "$NV_QEMU_SRC/VERSION" ||
    nv_die "expected QEMU 7.2, got $(cat "$NV_QEMU_SRC/VERSION")"
touch "$NV_QEMU_SRC/.nv-unpacked"
