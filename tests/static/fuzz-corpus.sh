#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Static check: the committed fuzz starting corpus (tests/fuzz/corpus) is
# exactly what tools/fuzz/make-corpus.py writes, so that a seed added to
# the script reaches the fuzzer and none is edited by hand.  TAP, one test.
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$NV_TOP/tools/fuzz/make-corpus.py" "$tmp"
echo "1..1"
if ! diff -r -q "$tmp" "$NV_TOP/tests/fuzz/corpus" >"$tmp.diff" 2>&1; then
    echo "not ok 1 - static/fuzz-corpus: tests/fuzz/corpus is not" \
         "make-corpus.py's output (run it with that directory)"
    sed "s|$tmp|<script>|; s/^/# /" "$tmp.diff"
    rm -f "$tmp.diff"
    exit 1
fi
rm -f "$tmp.diff"
echo "ok 1 - static/fuzz-corpus ($(ls "$tmp" | wc -l) seeds)"
