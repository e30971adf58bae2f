#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Static check (issue 7, "bounded work"): no assert, abort or g_assert /
# g_error may be reachable from guest input.  The card library has none at
# all; in the QEMU glue each one must sit right under a comment saying
# "not guest-reachable" and why.  TAP, one test.
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

pat='\b(assert|g_assert[a-z_]*|abort|g_error)[[:space:]]*\('
bad=()
while IFS=: read -r file line _; do
    [ -n "$file" ] || continue
    if [[ $file == hw/display/nv/* ]] &&
       sed -n "$((line > 1 ? line - 1 : 1))p" "$NV_TOP/$file" |
           grep -q 'not guest-reachable'; then
        continue
    fi
    bad+=("$file:$line")
done < <(cd "$NV_TOP" && grep -rnE "$pat" hw/nv include/hw/nv \
         hw/display/nv/*.c || true)

echo "1..1"
if ((${#bad[@]})); then
    echo "not ok 1 - static/no-assert: ${#bad[@]} unjustified"
    printf '# %s\n' "${bad[@]}"
    exit 1
fi
echo "ok 1 - static/no-assert"
