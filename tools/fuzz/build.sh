#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Build the card-library fuzzer with clang, libFuzzer, ASan and UBSan.
# Usage: tools/fuzz/build.sh OUT-BINARY
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

out=${1:?usage: $0 OUT-BINARY}
cc=$(command -v clang-14 || command -v clang) || nv_die "clang missing (apt-get install clang-14)"
srcs=$(sed -n "s/^ *'\(.*\.c\)',$/hw\/nv\/\1/p" "$NV_TOP/hw/nv/meson.build")
cd "$NV_TOP"
# shellcheck disable=SC2086 # word splitting of the source list and flags
"$cc" -g -O1 -std=gnu11 -fno-omit-frame-pointer \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -Iinclude $(pkg-config --cflags glib-2.0 pixman-1) \
    -o "$out" tools/fuzz/fuzz-card.c $srcs \
    $(pkg-config --libs glib-2.0 pixman-1) -lm
