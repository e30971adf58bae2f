#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Install everything qemu-nv needs from Debian's archive.  Idempotent: does
# nothing (and needs no network) when every package is already present.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

PKGS=(
    build-essential meson ninja-build pkg-config dpkg-dev patch python3
    libglib2.0-dev libpixman-1-dev libslirp-dev libfdt-dev zlib1g-dev
    seabios qemu-system-data ipxe-qemu
    linux-image-amd64 busybox-static cpio gzip
    clang-14 libclang-rt-14-dev
)

missing=()
for p in "${PKGS[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
        missing+=("$p")
done

have_src() { grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ ||
             grep -qs '^deb-src' /etc/apt/sources.list; }

if ((${#missing[@]})) || ! have_src; then
    if ! have_src; then
        nv_log "enabling deb-src for bookworm"
        cat > /etc/apt/sources.list.d/qemu-nv-src.sources <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
    fi
    nv_log "apt-get update"
    apt-get update -qq
    if ((${#missing[@]})); then
        nv_log "installing: ${missing[*]}"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            "${missing[@]}" >/dev/null
    fi
fi
