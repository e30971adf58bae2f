#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Static check (issue 7, migration): every guest-visible field of the card
is in VMState.

Reads NVCard in include/hw/nv/card.h: the members between "everything below
is migrated" and "Derived state" are the engine structs.  For each of them
every field declared in its header, up to a comment line containing
"Derived" (state rebuilt by post_load), must be named in a VMSTATE_* entry
of hw/display/nv/nv-gpu-vmstate.c for that struct.  A field added without
migration fails this check.  TAP, one test.
"""
import glob
import os
import re
import sys

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')


def read(path):
    with open(os.path.join(TOP, path)) as f:
        return f.read()


def strip_comments(text):
    return re.sub(r'/\*.*?\*/', '', text, flags=re.S)


def card_members(nv_h):
    body = nv_h[nv_h.index('struct NVCard {'):]
    body = body[body.index('everything below is migrated'):]
    body = body[:body.index('Derived state')]
    body = body[body.index('*/') + 2:]
    out = []
    for line in strip_comments(body).splitlines():
        m = re.match(r'\s*(\w+)\s+(\w+);', line)
        if m:
            out.append((m.group(1), m.group(2)))
    return out


def struct_fields(headers, name):
    m = re.search(r'typedef struct %s \{(.*?)\} %s;' % (name, name), headers,
                  re.S)
    if not m:
        return None
    body = m.group(1)
    if 'Derived' in body:
        body = body[:body.index('Derived')]
        body = body[:body.rindex('/*')] if '/*' in body else body
    fields = []
    for decl in strip_comments(body).split(';'):
        decl = decl.strip()
        if not decl:
            continue
        decl = re.sub(r'^(const\s+)?\w+\s+', '', decl)     # drop the type
        for part in decl.split(','):
            n = re.match(r'\s*\**\s*(\w+)', part)
            if n:
                fields.append(n.group(1))
    return fields


def main():
    headers = ''.join(read(os.path.relpath(p, TOP))
                      for d in ('include/hw/nv', 'hw/nv')
                      for p in sorted(glob.glob(os.path.join(
                          TOP, d, '**', '*.h'), recursive=True)))
    glue = read('hw/display/nv/nv-gpu-vmstate.c')
    missing = []
    members = card_members(read('include/hw/nv/card.h'))
    for ctype, member in members:
        if ctype == 'bool':
            if not re.search(r'VMSTATE_\w+\(card\.%s,' % member, glue):
                missing.append('NVCard.%s' % member)
            continue
        fields = struct_fields(headers, ctype)
        if fields is None:
            missing.append('%s (struct not found)' % ctype)
            continue
        for f in fields:
            if not re.search(r'VMSTATE_\w+\(%s,\s*%s\b' % (f, ctype), glue):
                missing.append('%s.%s' % (ctype, f))
    print('1..1')
    if missing:
        print('not ok 1 - static/vmstate-complete: %d fields not migrated'
              % len(missing))
        for m in missing:
            print('# ' + m)
        return 1
    print('ok 1 - static/vmstate-complete (%d card members)' % len(members))
    return 0


if __name__ == '__main__':
    sys.exit(main())
