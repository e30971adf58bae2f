#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the fuzzer's starting corpus: register traffic of the qtests and the
guest drawing program, in fuzz-card.c's input format (a model byte, then
operations: kind byte = op | bar << 5 | log2(size) << 6, operands LE).

Usage: make-corpus.py OUT-DIR
"""
import os
import struct
import sys

MODELS = ['nv1', 'nv20', 'nv25', 'nv30', 'nv34', 'nv40', 'nv43', 'nv44']


class Seed:
    def __init__(self, model):
        self.b = bytearray([MODELS.index(model)])

    def wr(self, addr, val, ramin=False):
        self.b += bytes([0x80 | (0x20 if ramin else 0)])
        self.b += struct.pack('<II', addr, val & 0xffffffff)

    def rd(self, addr):
        self.b += bytes([0x81]) + struct.pack('<I', addr)

    def wr8(self, addr, val):
        self.b += bytes([0x00]) + struct.pack('<II', addr, val & 0xff)

    def rd8(self, addr):
        self.b += bytes([0x01]) + struct.pack('<I', addr)

    def wrcr(self, head, idx, val):
        self.wr8(0x6013d4 + head * 0x2000, idx)
        self.wr8(0x6013d5 + head * 0x2000, val)

    def wait(self, ns):
        self.b += bytes([0x02]) + struct.pack('<I', ns // 64)[:3]


def nv1_setup(s):
    s.wr(0x600200, 0x310)
    s.wr(0x600530, 640)
    s.wr(0x600570, 480)
    s.wr(0x4006a4, 0x05000101)
    s.wr(0x40068c, 480 << 16 | 640)
    s.wr(0x400190, 1 << 16)
    s.wr(0x400140, 0x11111111)
    s.wr(0x140, 1)


def seeds():
    s = Seed('nv1')
    nv1_setup(s)
    s.wr(0x4c0000, 0x217)
    s.wr(0x4c0304, 0x102030)
    s.wr(0x4c0400, 5 << 16 | 10)
    s.wr(0x4c0404, 2 << 16 | 3)
    s.wr(0x400634, 1 << 24)
    s.wr(0x4c0404, 2 << 16 | 3)
    s.rd(0x400100)
    yield 'nv1-rect', s

    s = Seed('nv1')
    nv1_setup(s)
    s.wr(0x640088, 0x11)
    s.wr(0x64008c, 0x4c << 16 | 0x217)
    s.wr(0x003200, 1)
    s.wr(0x003240, 1)
    s.wr(0x003500, 1)
    s.wr(0x804000, 0x11)
    s.wr(0x804304, 0x102030)
    s.wr(0x804400, 20 << 16 | 30)
    s.wr(0x804404, 1 << 16 | 2)
    s.wr(0x834000, 0x99)
    s.wr(0x800040, 1)
    s.rd(0x800010)
    yield 'nv1-pfifo', s

    s = Seed('nv1')
    nv1_setup(s)
    s.wr(0x460000, 0x217 | 1 << 14)
    s.wr(0x460308, 0)
    s.wr(0x460310, 0xffffff)
    s.wr(0x460318, 0xaa55aa55)
    s.wr(0x420300, 0x5a)
    s.wr(0x4c0000, 0x210)
    s.wr(0x4c0400, 0)
    s.wr(0x4c0404, 50 << 16 | 50)
    s.wr(0x430304, 0xff0000)
    s.wr(0x500000, 0x237)
    s.wr(0x500300, 0)
    s.wr(0x500304, 1 << 16 | 1)
    s.wr(0x500308, 40 << 16 | 40)
    s.wr(0x4006a0, 2)
    s.wr(0x4c0404, 50 << 16 | 50)
    yield 'nv1-pattern-blit', s

    s = Seed('nv1')
    nv1_setup(s)
    s.wr(0x510000, 0x217)
    s.wr(0x510304, 0)
    s.wr(0x510308, 2 << 16 | 2)
    s.wr(0x51030c, 2 << 16 | 3)
    for i in range(6):
        s.wr(0x510400, i)
    s.wr(0x520000, 0x217 | 1 << 14)
    s.wr(0x520308, 0)
    s.wr(0x52030c, 0xffffff)
    s.wr(0x520310, 0)
    s.wr(0x520314, 1 << 16 | 8)
    s.wr(0x520318, 1 << 16 | 8)
    s.wr(0x520400, 0x81)
    s.wr(0x609000, 5)
    for v in (1, 2, 3):
        s.wr(0x609004, v)
    s.wait(20000000)
    yield 'nv1-ifc-dac', s

    # The XY logic: a LIN leaving an out-of-range vertex, a POINT it
    # suppresses, the vertex, image clip and user clip registers written
    # directly (ABS and REL), a CLIP object, a BLIT and an IFC.
    s = Seed('nv1')
    nv1_setup(s)
    s.wr(0x400688, 3 << 16 | 2)
    s.wr(0x4a0000, 0x217)
    for m, v in ((0x480, 0), (0x484, 0), (0x488, 0x8000), (0x48c, 0)):
        s.wr(0x4a0000 + m, v)
    s.wr(0x400100, 0xffffffff)
    s.wr(0x4006a4, 0x05000101)
    s.wr(0x480000, 0x217)
    s.wr(0x480400, 5 << 16 | 5)
    s.wr(0x4006a4, 0x05000101)
    for reg, v in ((0x400408, 0x8000), (0x400504, 0xffffffff),
                   (0x400594, 7), (0x400440, 700), (0x400450, 100),
                   (0x400554, 0x3fffe), (0x400460, 10), (0x400464, 50),
                   (0x400648, 0)):
        s.wr(reg, v)
    s.wr(0x450000, 0x217)
    s.wr(0x450300, 100 << 16 | 100)
    s.wr(0x450304, 3 << 16 | 2)
    s.wr(0x500000, 0x297)
    s.wr(0x500300, 20 << 16 | 10)
    s.wr(0x500304, 200 << 16 | 100)
    s.wr(0x500308, 2 << 16 | 3)
    s.wr(0x510000, 0x217)
    s.wr(0x510304, 2 << 16 | 4)
    s.wr(0x510308, 2 << 16 | 2)
    s.wr(0x51030c, 2 << 16 | 3)
    s.wr(0x510400, 1)
    for reg in (0x400640, 0x400644, 0x400648, 0x40064c, 0x400650,
                0x40065c, 0x400100):
        s.rd(reg)
    yield 'nv1-xy', s

    # IFM and ITM through PDMA (DMA object at RAMIN 0x8000, one page at bus
    # 0x1000; the harness answers DMA reads from its input), then a NOTIFY.
    s = Seed('nv1')
    nv1_setup(s)
    s.wr(0x708000, 1 << 16)
    s.wr(0x708004, 0xfff)
    s.wr(0x708008, 0x1003)
    s.wr(0x400680, 0x800)
    s.wr(0x400684, 0x800)
    s.wr(0x4006a4, 0x02000010)
    s.wr(0x530000, 0x317)
    s.wr(0x530308, 3 << 16 | 2)
    s.wr(0x53030c, 2 << 16 | 3)
    s.wr(0x530310, 0x10)
    s.wr(0x530104, 0)
    s.wr(0x530314, 0)
    s.wr(0x540000, 0x217)
    s.wr(0x540308, 0)
    s.wr(0x54030c, 4 << 16 | 4)
    s.wr(0x540310, 0x20)
    s.wr(0x540314, 0x100)
    s.rd(0x100110)
    yield 'nv1-ifm-itm', s

    for model in ('nv20', 'nv40', 'nv43'):
        s = Seed(model)
        s.wr(0x140, 3)
        s.wr(0x9140, 1)
        s.wr(0x9200, 5)
        s.wr(0x9210, 2)
        s.wr(0x9220, 2)
        s.wr(0x9420, 3200)
        s.wait(2000)
        s.wr(0x100, 0x80000000)
        s.wr(0x4, 0x01000001)
        s.rd(0)
        s.wr(0x700000, 0xcafef00d)
        s.wr(0x10, 0x12345678, ramin=True)
        s.wr(0x200, 0)
        s.wr(0x200, 0xffffffff)
        yield model + '-basics', s


def display_seeds():
    """nouveau's display bring-up (dispnv04/crtc.c, 1024x768x32) on each
    NV2x+ generation: unlock, owner, a DDC start/stop, the mode, palette."""
    mode = [0xa3, 0x7f, 0x7f, 0x87, 0x84, 0x95, 0x24, 0xf5, 0x00, 0x60,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x28, 0xff, 0x00,
            0x00, 0xff, 0x25, 0xc3, 0xff]
    for model in ('nv20', 'nv30', 'nv40', 'nv44'):
        s = Seed(model)
        s.wrcr(0, 0x1f, 0x57)
        s.wrcr(0, 0x44, 0x00)
        for v in (0x31, 0x21, 0x01, 0x11, 0x31):
            s.wrcr(0, 0x3f, v)
            s.wrcr(0, 0x3e, 0)
            s.rd8(0x6013d5)
        s.wr8(0x0c03c4, 0x01)
        s.wr8(0x0c03c5, 0x21)
        for i, v in enumerate(mode):
            s.wrcr(0, i, v)
        for idx, v in ((0x19, 0x20), (0x28, 0x03), (0x25, 0x00), (0x41, 0x00),
                       (0x42, 0x00), (0x2d, 0x00)):
            s.wrcr(0, idx, v)
        s.wr(0x680600, 0x00100130)
        s.wr(0x600800, 0x100000)
        s.wr(0x600140, 1)
        s.wr8(0x6813c8, 0)
        for v in range(12):
            s.wr8(0x6813c9, v * 5)
        s.rd8(0x6013da)
        s.wr8(0x6013c0, 0x20)
        s.wr8(0x0c03c4, 0x01)
        s.wr8(0x0c03c5, 0x01)
        s.wrcr(1, 0x28, 0x01)
        s.wait(17000000)
        s.rd(0x600100)
        s.rd(0x600808)
        s.wr(0x680608, 0)
        s.rd(0x680608)
        s.wr(0x1850, 1)
        s.wr(0x101000, 0x80000040)
        yield model + '-display', s
        # The cursor (dispnv04/cursor.c) and, where there is one, the
        # overlay (overlay.c nv10_update_plane), over the same mode.
        s.wr(0x600810, 0x04011100)
        s.wrcr(0, 0x30, 0x80)
        s.wrcr(0, 0x31, 0xfd)
        s.wrcr(0, 0x2f, 0x00)
        s.wr(0x680300, 0x0010fff0)
        s.wr(0x600860, 1 << 12)
        for off, v in ((0x8920, 0x200000), (0x8928, 200 << 16 | 320),
                       (0x8938, 0x80000), (0x8940, 0x80000),
                       (0x8948, 80 << 16 | 100), (0x8950, 400 << 16 | 640),
                       (0x8910, 0x1000), (0x8918, 0x1000),
                       (0x8958, 1 << 16 | 640), (0x8140, 0x11),
                       (0x8704, 0), (0x8700, 1)):
            s.wr(off, v)
        s.wait(17000000)
        s.rd(0x8100)
        s.wr(0x8100, 0x11)
        yield model + '-cursor-overlay', s


def engine_seeds():
    """XF and VP1 at work, from the qtests' traffic (test_xf_pipe,
    test_vp1_programs): a Kelvin program uploaded and run through PIPE and
    read back through RDI; a VP1 program (vadd, exit) fetched from VRAM."""
    s = Seed('nv20')
    s.wr(0x400f50, 0x12000)
    for v in (0, 0x0020001b, 0x08000000, 0x00f0fb21):
        s.wr(0x400f54, v)
    s.wr(0x400f50, 0x14000)
    for v in (0x40000000, 0x3f000000, 0xbf800000, 0):
        s.wr(0x400f54, v)
    s.wr(0x400f50, 0x16000)
    s.wr(0x400f54, 0)
    s.rd(0x400700)
    s.wr(0x400f50, 0x19640)
    for _ in range(4):
        s.rd(0x400f54)
    s.wr(0x400750, 0x170640)
    for _ in range(4):
        s.rd(0x400754)
    yield 'nv20-xf-pipe', s

    # nv43 at its smallest VRAM (128 MiB, as the harness runs it): PRAMIN
    # offset 0 is the last 64 KiB block, 0x7ff0000, where the code goes.
    code = 0x7ff0000
    s = Seed('nv43')
    s.wr(0x140, 1)
    s.wr(0x200, 0xfffffffd)
    s.wr(0x200, 0xffffffff)
    for reg in (0xf464, 0xf468, 0xf46c):
        s.wr(reg, code)
    s.wr(0xfc90, 1)
    s.wr(0xf474, 0x111)
    s.wr(0xf404, 1)
    for i, v in enumerate((0x9c1845c7, 0xff01005a, 0xefffffff, 0xefffffff)):
        s.wr(0x700000 + 4 * i, v)
    s.wr(0xf000 + 4 * 1, 0x007f10f0)
    s.wr(0xf000 + 4 * 2, 0x00012020)
    s.wr(0xfc94, 0xc0000000)
    s.wait(8192)
    s.rd(0xf43c)
    s.rd(0xf424)
    s.rd(0xf400)
    s.rd(0x100)
    yield 'nv43-vp1-run', s

    # The same program started through PFIFO (test_vp1_fifo): RAMHT at
    # RAMIN 0x10000, RAMFC at 0x20000, the pushbuffer in RAMIN 0x13000
    # (VRAM 0x8000000 - 2 * 0x10000 + 0x3000 = 0x7fe3000) behind a VRAM
    # DMA object; then channel 1 reads its pushbuffer through a PCI DMA
    # object, i.e. from the fuzzer's input.
    s = Seed('nv43')
    s.wr(0x140, 1)
    for reg in (0xf464, 0xf468, 0xf46c):
        s.wr(reg, code)
    s.wr(0xf404, 1)
    for i, v in enumerate((0x9c1845c7, 0xff01005a, 0xefffffff, 0xefffffff)):
        s.wr(4 * i, v, ramin=True)
    push = (1 << 18, 0xbeef0001, 1 << 18 | 0x400, 0x1234,
            1 << 18 | 0x300, 0, 1 << 18 | 0x50, 7)
    for i, v in enumerate(push):
        s.wr(0x13000 + 4 * i, v, ramin=True)
    for a, v in ((0x10168, 0xbeef0001), (0x1016c, 0x00401230),
                 (0x12000, 0x303d), (0x12004, 0xfff), (0x12008, 0x7fe3000),
                 (0x12100, 0x2303d), (0x12104, 0xffff), (0x12108, 0),
                 (0x2000c, 0x1200), (0x2008c, 0x1210)):
        s.wr(a, v, ramin=True)
    s.wr(0x2210, 0x03000100)
    s.wr(0x2220, 0x30002)
    s.wr(0x2504, 3)
    for reg in (0x2500, 0x3200, 0x3220, 0x3250):
        s.wr(reg, 1)
    s.wr(0x2140, 0xffffffff)
    s.wr(0xc00040, 4 * len(push))
    s.wait(8192)
    s.rd(0xc00044)
    s.rd(0xc00048)
    s.wr(0xc01040, 0x40)
    s.wait(8192)
    s.rd(0x2100)
    s.rd(0x3228)
    yield 'nv43-pfifo-vp1', s


def ramht_hash(handle, chid, bits=9):
    """nouveau's nvkm_ramht_hash: the handle xored in bits-wide pieces."""
    h = 0
    while handle:
        h ^= handle & ((1 << bits) - 1)
        handle >>= bits
    return h ^ chid << (bits - 4)


def pgraph_seeds():
    """A channel of nouveau's fbcon on the NV2x+ PGRAPH: RAMHT at RAMIN
    0x10000, RAMFC at 0x11000 (Kelvin/Rankine) or 0x20000 (Curie), the
    pushbuffer at RAMIN 0x13000 behind a VRAM DMA object (RAMIN's 64 KiB
    blocks run down from the end of VRAM), the fbcon objects (NV_NULL,
    surf2d, rop, pattern, clip, GDI, blit, M2MF) bound and drawn with, a
    notifier, the 3D class (state methods, a vertex program and constant
    upload, a vertex buffer, a draw), an illegal method, then a second
    channel to switch contexts; Curie first uploads a context program
    placing ROP."""
    fbcon_objs = {0x30: 0x14000, 0x62: 0x14020, 0x43: 0x14040, 0x44: 0x14060,
            0x19: 0x14080, 0x4a: 0x140a0, 0x9f: 0x140c0, 0x39: 0x140e0}
    for model, vram in (('nv20', 32 << 20), ('nv40', 128 << 20)):
        curie = model == 'nv40'
        s = Seed(model)
        cls3d = 0x4097 if curie else 0x0097
        objs = dict(fbcon_objs)
        objs[cls3d] = 0x14100

        def ramin(a, v):
            s.wr(0x700000 + a, v)

        def vram_of(a):
            return vram - (a // 0x10000 + 1) * 0x10000 + a % 0x10000

        s.wr(0x140, 1)
        s.wr(0x2140, 0xffffffff)
        if curie:
            s.wr(0x40013c, 0xffffffff)
            s.wr(0x400084, 0x401287c0)
            s.wr(0x40008c, 0xe0de8055)
            s.wr(0x400324, 0)
            for w in (0x00200008, 0x0060000a, 0x001042c0, 0x0060000e):
                s.wr(0x400328, w)
        else:
            s.wr(0x400140, 0xffffffff)
            s.wr(0x400084, 0x00118700)
            s.wr(0x40008c, 0xf3ce0475)
            s.wr(0x400780, 0x1500)          # channel table at 0x15000
            ramin(0x15000, 0x1600)          # contexts at 0x16000, 0x17000
            ramin(0x15004, 0x1700)
        # DMA objects: pushbuffer (VRAM of RAMIN 0x13000), all of VRAM,
        # a notifier page
        for a, base, limit in ((0x12000, vram_of(0x13000), 0xfff),
                               (0x12010, 0, vram - 1),
                               (0x12020, 0x300000, 0x1f)):
            ramin(a, 0x303d | (base & 0xfff) << 20)
            ramin(a + 4, limit)
            ramin(a + 8, base & ~0xfff)
        ramin(objs[0x30] + 4, 0x1202 << 16)
        for cls, inst in objs.items():
            ramin(inst, cls)
        handles = {0xbeef0000 | cls: inst for cls, inst in objs.items()}
        handles[0xbeef1001] = 0x12010
        handles[0xbeef1002] = 0x12020
        used = set()
        for chid in (0, 1):
            for h, inst in handles.items():
                # nvkm_ramht_insert: the first free slot from the hash on
                slot = ramht_hash(h, chid)
                while slot in used:
                    slot = (slot + 1) % 512
                used.add(slot)
                engine = 0 if inst in (0x12010, 0x12020) else 1
                ctx = (chid << 23 | engine << 20 if curie else
                       1 << 31 | chid << 24 | engine << 16) | inst >> 4
                ramin(0x10000 + slot * 8, h)
                ramin(0x10000 + slot * 8 + 4, ctx)
        fc = 0x20000 if curie else 0x11000
        fcsz = 0x80 if curie else 0x40
        for chid in (0, 1):
            ramin(fc + chid * fcsz + 0xc, 0x1200)
            if curie:
                ramin(fc + chid * fcsz + 0x38, 0x1600 + chid * 0x100)
        push = []

        def m(subc, mthd, *data):
            push.append(len(data) << 18 | subc << 13 | mthd)
            push.extend(data)
        m(0, 0, 0xbeef0062)
        m(0, 0x184, 0xbeef1001, 0xbeef1001)
        m(0, 0x300, 6, 1280 * 4 << 16 | 1280 * 4, 0, 0)
        m(1, 0, 0xbeef0043)
        m(1, 0x300, 0x55)
        m(1, 0, 0xbeef0044)
        m(1, 0x300, 3, 1, 0, 1, ~0, ~0, ~0, ~0)
        m(1, 0, 0xbeef0019)
        m(1, 0x300, 0, 800 << 16 | 1280)
        m(2, 0, 0xbeef009f)
        m(2, 0x19c, 0xbeef0062)
        m(2, 0x2fc, 3)
        m(2, 0x120, 0, 1, 2)
        m(3, 0, 0xbeef004a)
        m(3, 0x198, 0xbeef0062)
        m(3, 0x188, 0xbeef0044, 0xbeef0043)
        m(3, 0x304, 1)
        m(3, 0x300, 3)
        m(3, 0x2fc, 3)
        m(3, 0x3fc, 0x00ff8040)
        m(3, 0x400, 10 << 16 | 20, 64 << 16 | 32)
        m(2, 0x300, 10 << 16 | 20, 100 << 16 | 200, 32 << 16 | 64)
        m(3, 0xbe4, 0, 16 << 16 | 8, 0, 0xffffff, 16 << 16 | 8,
          16 << 16 | 8, 0)
        m(3, 0xc00, *([0x3c66c3ff] * 4))
        m(4, 0, 0xbeef0039)
        m(4, 0x180, 0xbeef1002)
        m(4, 0x184, 0xbeef1001, 0xbeef1001)
        m(4, 0x30c, 0x1000, 0x2000, 0x100, 0x100, 0x100, 4, 0x101, 0)
        m(4, 0x100, 0)
        # Kelvin / Curie offsets: alpha test, blend factors, vertex
        # program and constant upload, program start, vertex buffer 0,
        # BEGIN_END (triangles, then end)
        m(6, 0, 0xbeef0000 | cls3d)
        m(6, 0x304 if curie else 0x300, 1)
        m(6, 0x308 if curie else 0x33c, 0x204)
        m(6, 0x314 if curie else 0x344, 0x302, 0x303)
        m(6, 0x1e9c, 0)
        m(6, 0xb80 if curie else 0xb00, 0x401f9c6c, 0x0040000d,
          0x8106c083, 0x6041ff80)
        m(6, 0x1efc if curie else 0x1ea4, 0)
        m(6, 0x1f00 if curie else 0xb80, 0x3f800000, 0, 0, 0x3f800000)
        m(6, 0x1ea0, 0)
        m(6, 0x1680 if curie else 0x1720, 0x1000)
        m(6, 0x1740 if curie else 0x1760, 0x4322)
        # the draws (docs/3d.rst): ENGINE selecting the program, a
        # triangle of immediate positions (VTX_ATTR_4F(0) / VERTEX_POS_4F),
        # a line loop from the vertex buffer by a batch and by u32
        # elements; on Kelvin then fixed function with one light
        begin = 0x1808 if curie else 0x17fc
        one = 0x3f800000
        m(6, 0x19c, 0xbeef1001)
        m(6, 0x1e94, 0x13)
        # pixels (docs/3d.rst "Fragments"): a 64x64 A8R8G8B8 surface at
        # VRAM 0x400000 with its clip rectangle, cleared; on Curie a
        # fragment program in RAMIN 0x18000 sampling a 2x2 texture at
        # RAMIN 0x18100 (TEX R0 = texture 0 at f[TC0]), the viewport
        # scaled to the surface; on Kelvin the final combiner's D the
        # primary colour, the triangle in window coordinates
        m(6, 0x184 if curie else 0x194, 0xbeef1001, 0xbeef1001)
        m(6, 0x194, 0xbeef1001)
        m(6, 0x200, 64 << 16, 64 << 16, 0x148 if curie else 0x128,
          256, 0x400000)
        m(6, 0x2c0, 63 << 16)
        m(6, 0x2c4 if curie else 0x2e0, 63 << 16)
        m(6, 0x324 if curie else 0x358, 0x01010101)
        m(6, 0x1d90, 0x11223344, 0xf0)
        if curie:
            for i, w in enumerate((0x17009e01, 0x1c9dc801, 0, 0)):
                ramin(0x18000 + 4 * i, w)
            for i, w in enumerate((0xff0000ff, 0xffff0000, 0xff00ff00,
                                   0xffffffff)):
                ramin(0x18100 + 4 * i, w)
            m(6, 0x220, 1)
            m(6, 0x8c0, 0x10000000, 0x10000000)
            m(6, 0xa00, 0x10000000, 0x10000000)
            m(6, 0x8e4, vram_of(0x18000) | 1)
            m(6, 0x1a00, vram_of(0x18100), 0x00018529, 0x00030303,
              0x80078000, 0xaae4, 0x01012000, 0x00020002)
            m(6, 0xa30, 0x42800000, 0x42800000)
            # an occlusion query around the triangle, then a render
            # condition on its notifier
            m(6, 0x1a8, 0xbeef1001)
            m(6, 0x17c8, 1, 1)
        else:
            m(6, 0x288, 4, 0x1400)
        m(6, begin, 5)
        big = one if curie else 0x42000000
        for x, y in ((0, 0), (big, 0), (0, big)):
            m(6, 0x1c00 if curie else 0x1518, x, y, 0, one)
        m(6, begin, 0)
        if curie:
            m(6, 0x1800, 1 << 24 | 0x18200)
            m(6, 0x1e98, 2 << 24 | 0x18200)
        m(6, begin, 3)
        m(6, 0x1814 if curie else 0x1810, 2 << 24)
        m(6, 0x1810 if curie else 0x1808, 0, 1, 2)
        m(6, begin, 0)
        if not curie:
            m(6, 0x1e94, 4)
            m(6, 0x314, 1)
            m(6, 0x3bc, 1)
            m(6, begin, 4)
            m(6, 0x1518, 0, 0, 0, one)
            m(6, 0x1518, one, one, 0, one)
            m(6, begin, 0)
        else:
            # NV40's fixed function (docs/xf.rst "NV40's fixed
            # function"): PROJECTION_MATRIX the identity, one infinite
            # light, the diffuse colour from COL0, S by OBJECT_LINEAR,
            # a triangle; then the program again
            m(6, 0x1e94, 4)
            m(6, 0x680, *[one if i % 5 == 0 else 0 for i in range(16)])
            m(6, 0x1420, 1)
            m(6, 0x1034, 0, 0, one)
            m(6, 0x390, 0x10)
            m(6, 0x400, 0x2401)
            m(6, begin, 5)
            for x, y in ((0, 0), (one, 0), (0, one)):
                m(6, 0x1c00, x, y, 0, one)
            m(6, begin, 0)
            m(6, 0x1e94, 0x13)
        m(5, 0, 0xbeef0030)
        m(5, 0x104, 1)
        m(5, 0x100, 0)
        m(5, 0x200, 0xdead)
        for i, v in enumerate(push):
            ramin(0x13000 + 4 * i, v)
        s.wr(0x2210, 0x03000100)
        s.wr(0x2220, 0x30002) if curie else s.wr(0x2214, 0x10110)
        s.wr(0x2504, 3)
        for reg in (0x2500, 0x3200, 0x3250):
            s.wr(reg, 1)
        user = 0xc00000 if curie else 0x800000
        s.wr(user + 0x40, 4 * len(push))
        s.wait(65536)
        s.rd(0x400100)
        s.rd(0x400108)
        s.wr(0x400100, 0xffffffff)
        s.wr(0x400720, 1)
        s.wait(65536)
        # channel 1 runs the same pushbuffer: a context switch
        s.wr(user + (0x1000 if curie else 0x10000) + 0x40, 4 * len(push))
        s.wait(65536)
        s.rd(0x400b00)
        s.rd(0x40032c if curie else 0x400148)
        yield model + '-pgraph-fbcon', s


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, s in (list(seeds()) + list(display_seeds()) +
                    list(engine_seeds()) + list(pgraph_seeds())):
        with open(os.path.join(out, name), 'wb') as f:
            f.write(s.b)


if __name__ == '__main__':
    main()
