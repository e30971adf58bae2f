#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Build the x86 part of the emulated cards' video BIOS: SeaBIOS's VGA BIOS
# (vgasrc/) from Debian's seabios source package, one per model, with the
# Bochs DISPI VBE driver and a PCI ROM header carrying the model's ids.
# roms/README.md describes the image; roms/mkvbios adds the NVIDIA tables.
#
# Usage: build-vgabios.sh [OUTDIR]
#
# Writes OUTDIR/seavgabios-MODEL.bin (default OUTDIR: $NV_CACHE/vgabios)
# for every model with a VGA BIOS.
#
# The source is fetched and unpacked (Debian's patches applied) once, then
# patched with roms/seabios/*.patch; each binary is rebuilt only when the
# source package, the patches, its configuration or this script change.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# model, PCI device id (hw/nv/core/model.c); nv1 has no VGA BIOS.
MODELS=(nv20:0x0200 nv25:0x0250 nv30:0x0301 nv34:0x0322
        nv40:0x0040 nv43:0x0140 nv44:0x0161)

out=${1:-$NV_CACHE/vgabios}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$NV_CACHE/vgabios-build
patches=("$NV_TOP"/roms/seabios/*.patch)

# 1. The source package, downloaded once.
dl=$NV_CACHE/dl
mkdir -p "$dl" "$work"
if ! ls "$dl"/seabios_*.dsc >/dev/null 2>&1; then
    # First run: make sure of deb-src and the build tools.
    "$NV_TOP/scripts/install-deps.sh"
    nv_log "apt-get source seabios (download only)"
    # apt warns that root downloads unsandboxed; nothing to act on.
    (cd "$dl" && apt-get source --download-only -qq seabios 2>&1 >/dev/null |
        { grep -v 'unsandboxed as root' || true; } >&2)
fi
dsc=$(ls "$dl"/seabios_*.dsc | sort -V | tail -n 1)

# 2. The patched tree, unpacked again whenever the package or a patch
# changes.  Its stamp is the hash of both; each build's stamp includes it.
src=$work/src
src_stamp=$(cat "$dsc" "${patches[@]}" | sha256sum | cut -d' ' -f1)
if [ "$(cat "$src/.nv-stamp" 2>/dev/null)" != "$src_stamp" ]; then
    rm -rf "$src"
    nv_log "unpacking $(basename "$dsc")"
    dpkg-source --no-check -x "$dsc" "$src" >/dev/null
    for p in "${patches[@]}"; do
        patch -s -p1 -d "$src" < "$p" ||
            nv_die "$(basename "$p") does not apply to $(basename "$dsc")"
    done
    echo "$src_stamp" > "$src/.nv-stamp"
fi
version=$(basename "$dsc" .dsc)
version=${version#seabios_}

# 3. One build directory per binary.  The .config lists only what differs
# from SeaBIOS's defaults; "make olddefconfig" completes it.  EXTRAVERSION
# makes a "clean" build, whose version string has no date or host name.
config() {   # VID DID
    cat <<EOF
CONFIG_BUILD_VGABIOS=y
CONFIG_VGA_BOCHS=y
CONFIG_VGA_BOCHS_STDVGA=y
CONFIG_VGA_PCI=y
CONFIG_OVERRIDE_PCI_ID=y
CONFIG_VGA_VID=$1
CONFIG_VGA_DID=$2
EOF
}

build() {    # NAME VID DID
    local name=$1 dir=$work/build-$1 bin=$out/seavgabios-$1.bin stamp
    stamp=$( { echo "$src_stamp"; config "$2" "$3"; cat "$0"; } |
             sha256sum | cut -d' ' -f1)
    if [ -f "$bin" ] &&
       [ "$(cat "$dir/.nv-stamp" 2>/dev/null)" = "$stamp" ]; then
        return 0
    fi
    rm -rf "$dir"
    mkdir -p "$dir"
    config "$2" "$3" > "$dir/.config"
    local mk=(make -C "$src" -s PYTHON="python3 -B"
              EXTRAVERSION="-debian-$version-qemu-nv"
              KCONFIG_CONFIG="$dir/.config" OUT="$dir/")
    if ! { "${mk[@]}" olddefconfig && "${mk[@]}" "$dir/vgabios.bin"; } \
            > "$dir/build.log" 2>&1; then
        tail -n 20 "$dir/build.log" >&2
        nv_die "SeaBIOS VGA BIOS for $name failed, log in $dir/build.log"
    fi
    grep -qx "CONFIG_VGA_DID=$3" "$dir/.config" ||
        nv_die "$name: SeaBIOS did not take CONFIG_VGA_DID=$3"
    cp "$dir/vgabios.bin" "$bin.tmp"
    mv "$bin.tmp" "$bin"
    echo "$stamp" > "$dir/.nv-stamp"
    nv_log "built $bin ($(stat -c %s "$bin") bytes)"
}

# The builds are independent (each has its own OUT directory); run them
# side by side, as many at a time as there are CPUs.
jobs=$(nproc)
pids=()
todo=()
for m in "${MODELS[@]}"; do
    todo+=("${m%%:*} 0x10de ${m#*:}")
done
fail=0
for t in "${todo[@]}"; do
    # shellcheck disable=SC2086
    build $t &
    pids+=($!)
    if ((${#pids[@]} >= jobs)); then
        wait "${pids[0]}" || fail=1
        pids=("${pids[@]:1}")
    fi
done
for p in "${pids[@]}"; do
    wait "$p" || fail=1
done
((fail == 0)) || nv_die "building the VGA BIOS failed"
