#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Graft the nv-gpu device into the QEMU source tree in the cache.
# Idempotent: files are copied only when their contents differ (so ninja
# rebuilds just what changed), and each edit of a QEMU file is guarded so a
# second run changes nothing.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

src=$NV_QEMU_SRC
[ -f "$src/.nv-unpacked" ] || nv_die "no QEMU source in $src (run scripts/fetch-qemu.sh)"

# sync_tree FROM TO GLOB...: make the tree TO hold exactly FROM's files
# matching GLOB, folders and all (the card's sources are in folders by
# engine).  Files are copied only when their contents differ.
sync_tree() {
    local from=$1 to=$2 f rel args=()
    shift 2
    for pat in "$@"; do
        args+=(-o -name "$pat")
    done
    mkdir -p "$to"
    while IFS= read -r f; do
        rel=${f#"$to"/}
        [ -e "$from/$rel" ] || rm -f "$f"
    done < <(find "$to" -type f)
    while IFS= read -r f; do
        rel=${f#"$from"/}
        mkdir -p "$to/$(dirname "$rel")"
        cmp -s "$f" "$to/$rel" || cp "$f" "$to/$rel"
    done < <(find "$from" -type f \( -false "${args[@]}" \))
}

# add_line FILE LINE [AFTER-REGEX]: add LINE once, at the end or after the
# first line matching AFTER-REGEX.
add_line() {
    local file=$1 line=$2 after=${3:-}
    grep -qxF -- "$line" "$file" && return 0
    if [ -n "$after" ]; then
        grep -q -- "$after" "$file" || nv_die "graft: '$after' not found in $file"
        sed -i "0,/$after/s//&\n$(printf '%s' "$line" | sed 's/[&/\]/\\&/g')/" "$file"
    else
        printf '%s\n' "$line" >>"$file"
    fi
}

# The glue at hw/display/nv, the card library under it at card/ (the
# glue's own files are synced without touching card/).
sync_tree "$NV_TOP/hw/nv" "$src/hw/display/nv/card" '*.c' '*.h' meson.build
for f in "$NV_TOP"/hw/display/nv/*; do
    cmp -s "$f" "$src/hw/display/nv/$(basename "$f")" || cp "$f" "$src/hw/display/nv/"
done
for f in "$src"/hw/display/nv/*; do
    if [ -f "$f" ] && [ ! -e "$NV_TOP/hw/display/nv/$(basename "$f")" ]; then
        rm -f "$f"
    fi
done
sync_tree "$NV_TOP/include/hw/nv" "$src/include/hw/nv" '*.h'
for f in "$NV_TOP"/tests/qtest/nv-*.c; do
    cmp -s "$f" "$src/tests/qtest/$(basename "$f")" || cp "$f" "$src/tests/qtest/"
done

add_line "$src/hw/display/meson.build" "subdir('nv')"
add_line "$src/hw/display/Kconfig" "source nv/Kconfig"
add_line "$src/meson.build" "    'hw/display/nv'," "^    'hw\/display',$"
add_line "$src/tests/qtest/fuzz/generic_fuzz_configs.h" \
    '    { .name = "nv-gpu", .args = "-machine q35 -nodefaults -device nv-gpu,model=nv1 -device nv-gpu,model=nv43", .objects = "nv.*" },' \
    "^const generic_fuzz_config predefined_configs\\[\\] = {$"
add_line "$src/tests/qtest/meson.build" \
    "qtests_x86_64 += (config_all_devices.has_key('CONFIG_NV_GPU') ? ['nv-gpu-test'] : [])" \
    "^qtests_x86_64 = qtests_i386$"
