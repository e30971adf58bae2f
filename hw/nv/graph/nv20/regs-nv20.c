/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the register file of the NV20+ PGRAPH (Kelvin, Rankine, Curie)
 * as stored registers: one table of {offset, count, stride, rnndb name,
 * write mask, fixed bits, chips, kind}, each row on the chips that have
 * it.  A write keeps val & mask, a read returns that | fixed
 * (docs/pgraph.rst).  Registers with their own handlers in pgraph-nv20.c
 * (INTR, INTR_EN, STATUS, PIPE, RDI, the NV40 context program store) are
 * not in the table.
 *
 * Only the side effects that are one clear rule are modelled (the
 * NV20RegKind values); the rest (volatile reset, the clip and vertex
 * registers' updates of XY_*, SURF_UNK888/89C pair clearing, bundle
 * submission, the method cache and DMA engines) is stored only, as
 * docs/pgraph.rst "Not modelled yet" lists.
 */
#include "hw/nv/card.h"

/* Registers other rows' side effects touch (BAR0 offsets). */
#define NV20_PGRAPH_XY_D            0x400500    /* [axis] */
#define NV20_PGRAPH_VALID0          0x400508
#define NV20_PGRAPH_XY_B0           0x400518    /* [set]: 0 UCLIP, 1 OCLIP */
#define NV20_PGRAPH_XY_CLIP         0x400524    /* [axis][2] */
#define NV20_PGRAPH_UCLIP_MIN       0x40053c    /* [axis]; MAX at +8 */
#define NV20_PGRAPH_OCLIP_MIN       0x400560
#define NV20_PGRAPH_VTX_X9          0x400424    /* VTX_Y[9] at +0x80 */

#define R(off, n, st, nm, msk, fix, ch, kd, a) \
    { .offset = off, .count = n, .stride = st, .name = nm, .mask = msk, \
      .fixed = fix, .chips = ch, .kind = NV20_REG_##kd, .arg = a }

#define NV20    NV_PGRAPH_CHIP_NV20
#define NV25    NV_PGRAPH_CHIP_NV25
#define NV30    NV_PGRAPH_CHIP_NV30
#define NV34    NV_PGRAPH_CHIP_NV34
#define NV40    NV_PGRAPH_CHIP_NV40
#define KELVIN  (NV20 | NV25)
#define RANKINE (NV30 | NV34)
#define CURIE   NV40
#define ALL     (KELVIN | RANKINE | CURIE)

/*
 * One table for the three generations, each row tagged with the chips that
 * have it: Kelvin is NV20 (and NV2A) and NV25/NV28 (envytools
 * docs/hw/graph/kelvin/pgraph.rst), Rankine NV30/NV31/NV35/NV36 and NV34,
 * Curie NV40, NV43 and NV44, which share one register file
 * (docs/hw/graph/curie/pgraph.rst).  Names from rnndb/graph/nv4_pgraph.xml
 * where it has the register, at its NV4 offset.  Sorted by offset.
 */
static const NV20Reg pgraph_regs[] = {
    R(0x400080, 1, 0x4, "DEBUG_A", 0x03ffefff, 0, NV20, PLAIN, 0),
    R(0x400080, 1, 0x4, "DEBUG_A", 0x07ffefff, 0, NV25, PLAIN, 0),
    R(0x400080, 1, 0x4, "DEBUG_A", 0x3fffffff, 0, NV30, PLAIN, 0),
    R(0x400080, 1, 0x4, "DEBUG_A", 0x7fffffff, 0, NV34, PLAIN, 0),
    R(0x400080, 1, 0x4, "DEBUG_A", 0x00000107, 0, CURIE, PLAIN, 0),
    R(0x400084, 1, 0x4, "DEBUG_B", 0x0011f7c1, 0, KELVIN, DEBUG_B, 0),
    R(0x400084, 1, 0x4, "DEBUG_B", 0x7012f7c1, 0, RANKINE, DEBUG_B, 0),
    R(0x400084, 1, 0x4, "DEBUG_B", 0x7010c7c1, 0, CURIE, DEBUG_B, 0),
    R(0x40008c, 1, 0x4, "DEBUG_D", 0xffffd77d, 0, NV20, PLAIN, 0),
    R(0x40008c, 1, 0x4, "DEBUG_D", 0xffffdf7d, 0, NV25, PLAIN, 0),
    R(0x40008c, 1, 0x4, "DEBUG_D", 0xfffedf7d, 0, RANKINE, PLAIN, 0),
    R(0x40008c, 1, 0x4, "DEBUG_D", 0xe1fad155, 0, CURIE, PLAIN, 0),
    R(0x400090, 1, 0x4, "DEBUG_E", 0xfffff3ff, 0, NV20, PLAIN, 0),
    R(0x400090, 1, 0x4, "DEBUG_E", 0xffffffff, 0, NV25, PLAIN, 0),
    R(0x400090, 1, 0x4, "DEBUG_E", 0x3fffffff, 0, RANKINE, PLAIN, 0),
    R(0x400090, 1, 0x4, "DEBUG_E", 0x33ffffff, 0, CURIE, PLAIN, 0),
    R(0x400094, 1, 0x4, "DEBUG_F", 0x000000ff, 0, NV20, PLAIN, 0),
    R(0x400098, 1, 0x4, "DEBUG_G", 0xffffffff, 0, KELVIN | RANKINE, PLAIN, 0),
    R(0x40009c, 1, 0x4, "DEBUG_FD_CHECK_SKIP", 0x00000fff, 0, KELVIN, PLAIN, 0),
    R(0x40009c, 1, 0x4, "DEBUG_H", 0xffffffff, 0, RANKINE, PLAIN, 0),
    R(0x4000a0, 1, 0x4, "DEBUG_I", 0xffffffff, 0, RANKINE, PLAIN, 0),
    R(0x4000a4, 1, 0x4, "DEBUG_J", 0x0000000f, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x4000b0, 1, 0x4, "DEBUG_K", 0x0000003f, 0, CURIE, PLAIN, 0),
    R(0x4000c0, 1, 0x4, "DEBUG_L", 0x00000003, 0, NV25, PLAIN, 0),
    R(0x4000c0, 1, 0x4, "DEBUG_L", 0x0000001e, 0, RANKINE, PLAIN, 0),
    R(0x4000c0, 1, 0x4, "DEBUG_L", 0x00000006, 0, CURIE, PLAIN, 0),
    R(0x400104, 1, 0x4, "NSTATUS", 0x07800000, 0, ALL, PLAIN, 0),
    R(0x400108, 1, 0x4, "NSOURCE", 0x00000000, 0, ALL, RO, 0),
    R(0x400144, 1, 0x4, "CTX_CONTROL",
      0x11010003, 0, KELVIN | RANKINE, PLAIN, 0),
    R(0x400144, 1, 0x4, "CTX_USER", 0x8000e001, 0, CURIE, PLAIN, 0),
    R(0x400148, 1, 0x4, "CTX_USER", 0x9f00ff11, 0, KELVIN | RANKINE, PLAIN, 0),
    R(0x400148, 1, 0x4, "CTX_SWITCH_A", 0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x40014c, 1, 0x4, "CTX_SWITCH_A", 0x7ffff0ff, 0, NV20, PLAIN, 0),
    R(0x40014c, 1, 0x4, "CTX_SWITCH_A",
      0x7fffffff, 0, RANKINE | NV25, PLAIN, 0),
    R(0x40014c, 1, 0x4, "CTX_SWITCH_B", 0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x400150, 1, 0x4, "CTX_SWITCH_B",
      0xffff3f03, 0, KELVIN | RANKINE, PLAIN, 0),
    R(0x400150, 1, 0x4, "CTX_SWITCH_C", 0x07ffffff, 0, CURIE, PLAIN, 0),
    R(0x400154, 1, 0x4, "CTX_SWITCH_C",
      0xffffffff, 0, KELVIN | RANKINE, PLAIN, 0),
    R(0x400154, 1, 0x4, "CTX_SWITCH_D", 0x00ffffff, 0, CURIE, PLAIN, 0),
    R(0x400158, 1, 0x4, "CTX_SWITCH_I",
      0x0000ffff, 0, KELVIN | RANKINE, PLAIN, 0),
    R(0x400158, 1, 0x4, "CTX_SWITCH_I", 0x00ffffff, 0, CURIE, PLAIN, 0),
    R(0x40015c, 1, 0x4, "CTX_SWITCH_T", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x400160, 8, 0x4, "CTX_CACHE_A", 0x7ffff0ff, 0, NV20, CTX_CACHE, 0),
    R(0x400160, 8, 0x4, "CTX_CACHE_A",
      0x7fffffff, 0, RANKINE | NV25, CTX_CACHE, 0),
    R(0x400160, 8, 0x4, "CTX_CACHE_A", 0xffffffff, 0, CURIE, CTX_CACHE, 0),
    R(0x400180, 8, 0x4, "CTX_CACHE_B",
      0xffff3f03, 0, KELVIN | RANKINE, CTX_CACHE, 0),
    R(0x400180, 8, 0x4, "CTX_CACHE_B", 0xffffffff, 0, CURIE, CTX_CACHE, 0),
    R(0x4001a0, 8, 0x4, "CTX_CACHE_C", 0xffffffff, 0, ALL, CTX_CACHE, 0),
    R(0x4001c0, 8, 0x4, "CTX_CACHE_I",
      0x0000ffff, 0, KELVIN | RANKINE, CTX_CACHE, 0),
    R(0x4001c0, 8, 0x4, "CTX_CACHE_D", 0xffffffff, 0, CURIE, CTX_CACHE, 0),
    R(0x4001e0, 8, 0x4, "CTX_CACHE_T",
      0xffffffff, 0, KELVIN | RANKINE, CTX_CACHE, 0),
    R(0x4001e0, 8, 0x4, "CTX_CACHE_I", 0x00ffffff, 0, CURIE, CTX_CACHE, 0),
    R(0x400200, 8, 0x4, "CTX_CACHE_T", 0xffffffff, 0, CURIE, CTX_CACHE, 0),
    R(0x400220, 1, 0x4, "SRC2D_DMA", 0x00ffffff, 0, CURIE, PLAIN, 0),
    R(0x400224, 1, 0x4, "SRC2D_PITCH", 0x0000ffff, 0, CURIE, PLAIN, 0),
    R(0x400228, 1, 0x4, "SRC2D_OFFSET", 0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x400400, 10, 0x4, "VTX_X", 0xffffffff, 0, ALL, VTX, 0),
    R(0x400480, 10, 0x4, "VTX_Y", 0xffffffff, 0, ALL, VTX, 1),
    R(0x400500, 2, 0x4, "XY_D", 0x300000ff, 0, ALL, PLAIN, 0),
    R(0x400508, 1, 0x4, "VALID[0]", 0xf07fffff, 0, ALL, PLAIN, 0),
    R(0x40050c, 1, 0x4, "MISC32[0]", 0xffffffff, 0, ALL, VALID, 16),
    R(0x400510, 1, 0x4, "MISC24[0]", 0x00ffffff, 0, ALL, PLAIN, 0),
    R(0x400514, 1, 0x4, "XY_A", 0xf113ffff, 0, KELVIN | NV30, PLAIN, 0),
    R(0x400514, 1, 0x4, "XY_A", 0xf113ffff, 0x00040000, CURIE | NV34, PLAIN, 0),
    R(0x400518, 2, 0x4, "XY_B", 0x00111031, 0, ALL, PLAIN, 0),
    R(0x400520, 1, 0x4, "XY_C", 0x7f7f1111, 0, ALL, PLAIN, 0),
    R(0x400524, 4, 0x4, "XY_CLIP", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x400534, 2, 0x4, "ICLIP", 0x0003ffff, 0, ALL, ICLIP, 0),
    R(0x40053c, 2, 0x4, "UCLIP_MIN", 0x0000ffff, 0, ALL, CLIP_PAIR, 0),
    R(0x400544, 2, 0x4, "UCLIP_MAX", 0x0003ffff, 0, ALL, CLIP_PAIR, 2),
    R(0x400560, 2, 0x4, "OCLIP_MIN", 0x0000ffff, 0, ALL, CLIP_PAIR, 1),
    R(0x400568, 2, 0x4, "OCLIP_MAX", 0x0003ffff, 0, ALL, CLIP_PAIR, 3),
    R(0x400570, 2, 0x4, "MISC24", 0x00ffffff, 0, ALL, PLAIN, 0),
    R(0x40057c, 3, 0x4, "MISC32", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x400588, 1, 0x4, "TFC_UNK588", 0x0000ffff, 0, ALL, PLAIN, 0),
    R(0x40058c, 1, 0x4, "TFC_UNK58C", 0x0001ffff, 0, ALL, PLAIN, 0),
    R(0x400704, 1, 0x4, "TRAP_ADDR", 0x00000000, 0, ALL, RO, 0),
    R(0x400708, 2, 0x4, "TRAP_DATA", 0x00000000, 0, ALL, RO, 0),
    R(0x400710, 1, 0x4, "SURF_TYPE", 0x77777733, 0, NV20, PLAIN, 0),
    R(0x400710, 1, 0x4, "SURF_TYPE",
      0x77777773, 0, RANKINE | CURIE | NV25, PLAIN, 0),
    R(0x400714, 1, 0x4, "CTX_VALID", 0x0f731f3f, 0, NV20, PLAIN, 0),
    R(0x400714, 1, 0x4, "CTX_VALID", 0x0f733f7f, 0, RANKINE | NV25, PLAIN, 0),
    R(0x400714, 1, 0x4, "CTX_VALID", 0x0f77ffff, 0, CURIE, PLAIN, 0),
    R(0x400718, 1, 0x4, "NOTIFY", 0x73110101, 0, ALL, PLAIN, 0),
    R(0x400720, 1, 0x4, "FIFO_ENABLE", 0x00000001, 0, ALL, PLAIN, 0),
    R(0x400724, 1, 0x4, "SURF_FORMAT", 0x00ffffff, 0, KELVIN, PLAIN, 0),
    R(0x400724, 1, 0x4, "SURF_FORMAT",
      0x3fffffff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x40075c, 1, 0x4, "UNK75C", 0x00000001, 0, RANKINE, PLAIN, 0),
    R(0x400760, 1, 0x4, "FIFO_PTR", 0x000000ff, 0, ALL, PLAIN, 0),
    R(0x400764, 1, 0x4, "FIFO_MTHD_ST2",
      0x7ff71ffc, 0, KELVIN | RANKINE, PLAIN, 0),
    R(0x400764, 1, 0x4, "FIFO_MTHD_ST2", 0x46071ffc, 0, CURIE, PLAIN, 0),
    R(0x400768, 2, 0x4, "FIFO_DATA_ST2", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x400770, 1, 0x4, "DMA_PITCH", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x400774, 1, 0x4, "DVD_FORMAT", 0x0000033f, 0, ALL, PLAIN, 0),
    R(0x400778, 1, 0x4, "SIFM_MODE", 0x01030000, 0, ALL, PLAIN, 0),
    R(0x40077c, 1, 0x4, "STATE3D", 0x0100ffff, 0, KELVIN | RANKINE, PLAIN, 0),
    R(0x4007a0, 8, 0x4, "FIFO_MTHD", 0x00371ffc, 0, ALL, PLAIN, 0),
    R(0x4007c0, 8, 0x4, "FIFO_DATA_A", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x4007e0, 8, 0x4, "FIFO_DATA_B", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x400800, 1, 0x4, "SURF_UNK800", 0xfff31f1f, 0, KELVIN, PLAIN, 0),
    R(0x400800, 1, 0x4, "SURF_UNK800", 0xf1ffdf1f, 0, CURIE | NV30, PLAIN, 0),
    R(0x400800, 1, 0x4, "SURF_UNK800", 0x00001f17, 0, NV34, MIRROR, 0),
    R(0x400804, 1, 0x4, "FORMATS", 0x00000000, 0, ALL, RO, 0),
    R(0x40080c, 1, 0x4, "SURF_UNK80C", 0xfffffffc, 0, KELVIN | NV30, PLAIN, 0),
    R(0x40080c, 1, 0x4, "SURF_UNK80C", 0xfffffff0, 0, NV34, PLAIN, 0),
    R(0x40080c, 1, 0x4, "SURF_UNK80C", 0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x400810, 1, 0x4, "SURF_UNK810", 0xfffffffc, 0, KELVIN | NV30, PLAIN, 0),
    R(0x400810, 1, 0x4, "SURF_UNK810", 0xfffffff0, 0, NV34, PLAIN, 0),
    R(0x400810, 1, 0x4, "SURF_UNK810", 0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x400814, 1, 0x4, "BITMAP_COLOR[0]", 0xffffffff, 0, ALL, VALID, 17),
    R(0x400818, 2, 0x4, "SURF_SWIZZLE", 0x0f0f0000, 0, ALL, PLAIN, 0),
    R(0x400820, 6, 0x4, "SURF_OFFSET", 0x3fffffc0, 0, KELVIN | NV30, VALID, 3),
    R(0x400820, 6, 0x4, "SURF_OFFSET", 0x3ffffff0, 0, NV34, VALID, 3),
    R(0x400820, 2, 0x8, "SURF_OFFSET", 0x3fffffc0, 0, CURIE, VALID, 3),
    R(0x40082c, 3, 0x4, "SURF_OFFSET", 0x3fffffc0, 0, CURIE, VALID, 3),
    R(0x400838, 6, 0x4, "SURF_BASE", 0x3fffffc0, 0, KELVIN | NV30, PLAIN, 0),
    R(0x400838, 6, 0x4, "SURF_BASE", 0xfffffff0, 0, NV34, PLAIN, 0),
    R(0x400838, 2, 0x8, "SURF_BASE", 0x3fffffc0, 0, CURIE, PLAIN, 0),
    R(0x400844, 3, 0x4, "SURF_BASE", 0x3fffffc0, 0, CURIE, PLAIN, 0),
    R(0x400850, 5, 0x4, "SURF_PITCH", 0x0000ffc0, 0, KELVIN | NV30, VALID, 2),
    R(0x400850, 5, 0x4, "SURF_PITCH", 0x0000fff0, 0, NV34, VALID, 2),
    R(0x400850, 2, 0x8, "SURF_PITCH", 0x0001ffc0, 0, CURIE, VALID, 2),
    R(0x40085c, 2, 0x4, "SURF_PITCH", 0x0001ffc0, 0, CURIE, VALID, 2),
    R(0x400864, 6, 0x4, "SURF_LIMIT",
      0xbfffffc0, 0x0000003f, KELVIN | NV30, PLAIN, 0),
    R(0x400864, 6, 0x4, "SURF_LIMIT", 0xbffffff0, 0x0000000f, NV34, PLAIN, 0),
    R(0x400864, 2, 0x8, "SURF_LIMIT", 0xbfffffc0, 0x0000003f, CURIE, PLAIN, 0),
    R(0x400870, 3, 0x4, "SURF_LIMIT", 0xbfffffc0, 0x0000003f, CURIE, PLAIN, 0),
    R(0x40087c, 1, 0x4, "CHROMA", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x400880, 1, 0x4, "SURF_OFFSET[6]",
      0x3fffffc0, 0, CURIE | NV25 | NV30, VALID, 3),
    R(0x400880, 1, 0x4, "SURF_UNK880", 0xffffffff, 0, NV20, PLAIN, 0),
    R(0x400880, 1, 0x4, "SURF_OFFSET[6]", 0x3ffffff0, 0, NV34, VALID, 3),
    R(0x400884, 1, 0x4, "SURF_BASE[6]",
      0x3fffffc0, 0, CURIE | NV25 | NV30, PLAIN, 0),
    R(0x400884, 1, 0x4, "SURF_BASE[6]", 0xfffffff0, 0, NV34, PLAIN, 0),
    R(0x400888, 1, 0x4, "SURF_PITCH[6]", 0x0000ffc0, 0, NV25 | NV30, VALID, 2),
    R(0x400888, 1, 0x4, "SURF_UNK888", 0x0000003f, 0, NV20, PLAIN, 0),
    R(0x400888, 1, 0x4, "SURF_PITCH[6]", 0x0000fff0, 0, NV34, VALID, 2),
    R(0x400888, 1, 0x4, "SURF_PITCH[6]", 0x0001ffc0, 0, CURIE, VALID, 2),
    R(0x40088c, 1, 0x4, "SURF_LIMIT[6]",
      0xbfffffc0, 0x0000003f, CURIE | NV25 | NV30, PLAIN, 0),
    R(0x40088c, 1, 0x4, "SURF_LIMIT[6]",
      0xbffffff0, 0x0000000f, NV34, PLAIN, 0),
    R(0x400890, 1, 0x4, "SURF_UNK880", 0xffffffff, 0, RANKINE | NV25, PLAIN, 0),
    R(0x400898, 1, 0x4, "SURF_UNK888", 0x0000007f, 0, NV25 | NV30, PLAIN, 0),
    R(0x40089c, 1, 0x4, "SURF_UNK89C", 0x0fffffff, 0, NV25 | NV30, PLAIN, 0),
    R(0x4008a4, 1, 0x4, "SURF_UNK8A4", 0xffffffff, 0, NV34, PLAIN, 0),
    R(0x4008a8, 1, 0x4, "SURF_UNK8A8", 0xffffffff, 0, NV34, PLAIN, 0),
    R(0x4009b0, 1, 0x4, "SURF_UNK9B0", 0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x4009b4, 1, 0x4, "SURF_UNK9B4", 0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x4009b8, 1, 0x4, "SURF_UNK9B8", 0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x4009bc, 1, 0x4, "SURF_UNK9BC", 0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x4009c0, 2, 0x10, "SURF_OFFSET", 0x3fffffc0, 0, CURIE, VALID, 3),
    R(0x4009c4, 2, 0x10, "SURF_BASE", 0x3fffffc0, 0, CURIE, PLAIN, 0),
    R(0x4009c8, 2, 0x10, "SURF_PITCH", 0x0001ffc0, 0, CURIE, VALID, 2),
    R(0x4009cc, 2, 0x10, "SURF_LIMIT", 0xbfffffc0, 0x0000003f, CURIE, PLAIN, 0),
    R(0x400a00, 64, 0x4, "PATTERN_COLOR", 0x00ffffff, 0, ALL, PLAIN, 0),
    R(0x400b00, 1, 0x4, "ROP", 0x000000ff, 0, ALL, PLAIN, 0),
    R(0x400b04, 1, 0x4, "BETA", 0x7f800000, 0, ALL, PLAIN, 0),
    R(0x400b08, 1, 0x4, "BETA4", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x400b0c, 1, 0x4, "CTX_FORMAT", 0x3f3f3f3f, 0, ALL, PLAIN, 0),
    R(0x400b10, 2, 0x4, "PATTERN_MONO_COLOR", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x400b18, 2, 0x4, "PATTERN_MONO_BITMAP", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x400b20, 1, 0x4, "PATTERN_CONFIG", 0x00000013, 0, ALL, PLAIN, 0),
    R(0x400f5c, 1, 0x4, "FE3D_MISC", 0x01ffbffd, 0, KELVIN, PLAIN, 0),
    R(0x400f5c, 1, 0x4, "FE3D_MISC", 0xff1ffff1, 0, RANKINE, PLAIN, 0),
    R(0x400f5c, 1, 0x4, "FE3D_MISC", 0xfffffff3, 0, CURIE, PLAIN, 0),
    R(0x400f60, 1, 0x4, "FE3D_STATE_CURVE", 0xf3fff3ff, 0, KELVIN, PLAIN, 0),
    R(0x400f60, 1, 0x4, "FE3D_SHADOW_CLIP_RECT_HORIZ",
      0xffffffff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x400f64, 1, 0x4, "FE3D_STATE_SWATCH", 0x07ffffff, 0, KELVIN, PLAIN, 0),
    R(0x400f64, 1, 0x4, "FE3D_SHADOW_CLIP_RECT_VERT",
      0xffffffff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x400f68, 1, 0x4, "FE3D_STATE_TRANSITION",
      0xff000077, 0, KELVIN, PLAIN, 0),
    R(0x400f6c, 3, 0x4, "FE3D_EMU_MATERIAL_FACTOR_RGB",
      0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x400f78, 3, 0x4, "FE3D_EMU_LIGHT_MODEL_AMBIENT",
      0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x400f84, 1, 0x4, "FE3D_DMA_STATE",
      0x0000ffff, 0, KELVIN | RANKINE, PLAIN, 0),
    R(0x400f84, 1, 0x4, "FE3D_DMA_STATE", 0x00ffffff, 0, CURIE, PLAIN, 0),
    R(0x400f90, 1, 0x4, "FE3D_SHADOW_BEGIN_PATCH_A",
      0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x400f94, 1, 0x4, "FE3D_SHADOW_BEGIN_PATCH_B",
      0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x400f98, 1, 0x4, "FE3D_SHADOW_BEGIN_PATCH_C",
      0x7fffffff, 0, KELVIN, PLAIN, 0),
    R(0x400f9c, 1, 0x4, "FE3D_SHADOW_BEGIN_PATCH_D",
      0x0001c03f, 0, KELVIN, PLAIN, 0),
    R(0x400fa0, 1, 0x4, "FE3D_SHADOW_CURVE", 0x00000007, 0, KELVIN, PLAIN, 0),
    R(0x400fa4, 1, 0x4, "FE3D_SHADOW_BEGIN_TRANSITION_A",
      0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x400fa8, 1, 0x4, "FE3D_SHADOW_BEGIN_TRANSITION_B",
      0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x400fb4, 1, 0x4, "XF_MODE_B", 0xfffcffff, 0, KELVIN, PLAIN, 0),
    R(0x400fb4, 1, 0x4, "XF_MODE_DUMMY", 0x00000000, 0, RANKINE, PLAIN, 0),
    R(0x400fb8, 1, 0x4, "XF_MODE_A", 0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x400fb8, 1, 0x4, "XF_MODE_C", 0x0000003f, 0, RANKINE, PLAIN, 0),
    R(0x400fbc, 2, 0x4, "XF_MODE_T", 0xfff7fff7, 0, KELVIN, PLAIN, 0),
    R(0x400fbc, 1, 0x4, "XF_MODE_B", 0xfedfffff, 0, RANKINE, PLAIN, 0),
    R(0x400fc0, 1, 0x4, "XF_MODE_A", 0xffffffff, 0, NV30, PLAIN, 0),
    R(0x400fc0, 1, 0x4, "XF_MODE_A", 0xefffffff, 0, NV34, PLAIN, 0),
    R(0x400fc4, 1, 0x4, "FE3D_XF_LOAD_POS", 0x0000ffff, 0, KELVIN, PLAIN, 0),
    R(0x400fc4, 4, 0x4, "XF_MODE_T", 0xfff7fff7, 0, RANKINE, PLAIN, 0),
    R(0x400fd4, 1, 0x4, "FE3D_XF_LOAD_POS", 0x01ff01ff, 0, RANKINE, PLAIN, 0),
    R(0x401000, 2, 0x4, "DMA_OFFSET", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x401008, 1, 0x4, "DMA_LENGTH", 0x003fffff, 0, ALL, PLAIN, 0),
    R(0x40100c, 1, 0x4, "DMA_MISC", 0x0077ffff, 0, ALL, PLAIN, 0),
    R(0x401020, 2, 0x4, "DMA_UNK20", 0xffffffff, 0, KELVIN | RANKINE, PLAIN, 0),
    R(0x401038, 1, 0x4, "DMA_UNK38", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x401040, 2, 0x40, "DMA_ENG_INST",
      0x0000ffff, 0, KELVIN | RANKINE, PLAIN, 0),
    R(0x401040, 2, 0x40, "DMA_ENG_INST", 0x00ffffff, 0, CURIE, PLAIN, 0),
    R(0x401044, 2, 0x40, "DMA_ENG_FLAGS", 0xfff33000, 0, ALL, PLAIN, 0),
    R(0x401048, 2, 0x40, "DMA_ENG_LIMIT", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x40104c, 2, 0x40, "DMA_ENG_PTE", 0xfffff002, 0, ALL, PLAIN, 0),
    R(0x401050, 2, 0x40, "DMA_ENG_PTE_TAG", 0xfffff000, 0, ALL, PLAIN, 0),
    R(0x401054, 2, 0x40, "DMA_ENG_ADDR_VIRT_ADJ", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x401058, 2, 0x40, "DMA_ENG_ADDR_PHYS", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x40105c, 2, 0x40, "DMA_ENG_BYTES", 0x01ffffff, 0, ALL, PLAIN, 0),
    R(0x401060, 2, 0x40, "DMA_ENG_LINES", 0x000007ff, 0, ALL, PLAIN, 0),
    R(0x401800, 1, 0x4, "BUNDLE_MULTISAMPLE", 0xffff0111, 0, KELVIN, PLAIN, 0),
    R(0x401804, 1, 0x4, "BUNDLE_BLEND", 0x0001ffff, 0, KELVIN, PLAIN, 0),
    R(0x401808, 1, 0x4, "BUNDLE_BLEND_COLOR", 0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x40180c, 4, 0x4, "BUNDLE_TEX_BORDER_COLOR",
      0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x40181c, 3, 0x4, "BUNDLE_TEX_UNK10", 0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x401828, 3, 0x4, "BUNDLE_TEX_UNK11", 0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x401834, 3, 0x4, "BUNDLE_TEX_UNK13", 0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x401840, 3, 0x4, "BUNDLE_TEX_UNK12", 0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x40184c, 3, 0x4, "BUNDLE_TEX_UNK15", 0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x401858, 3, 0x4, "BUNDLE_TEX_UNK14", 0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x401864, 2, 0x4, "BUNDLE_CLEAR_HV", 0x0fff0fff, 0, KELVIN, PLAIN, 0),
    R(0x40186c, 1, 0x4, "BUNDLE_CLEAR_COLOR", 0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x401870, 4, 0x4, "BUNDLE_TEX_COLOR_KEY",
      0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x401880, 8, 0x4, "BUNDLE_RC_FACTOR_0", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x4018a0, 8, 0x4, "BUNDLE_RC_FACTOR_1", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x4018c0, 8, 0x4, "BUNDLE_RC_IN_ALPHA", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x4018e0, 8, 0x4, "BUNDLE_RC_OUT_ALPHA", 0x0003cfff, 0, NV20, PLAIN, 0),
    R(0x4018e0, 8, 0x4, "BUNDLE_RC_OUT_ALPHA", 0x03c3cfff, 0, NV25, PLAIN, 0),
    R(0x4018e0, 8, 0x4, "BUNDLE_RC_OUT_ALPHA",
      0x03c7cfff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401900, 8, 0x4, "BUNDLE_RC_IN_COLOR", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x401920, 8, 0x4, "BUNDLE_RC_OUT_COLOR", 0x000fffff, 0, NV20, PLAIN, 0),
    R(0x401920, 8, 0x4, "BUNDLE_RC_OUT_COLOR", 0x03ffffff, 0, NV25, PLAIN, 0),
    R(0x401920, 8, 0x4, "BUNDLE_RC_OUT_COLOR",
      0x07ffffff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401940, 1, 0x4, "BUNDLE_RC_CONFIG", 0x0001110f, 0, NV20, PLAIN, 0),
    R(0x401940, 1, 0x4, "BUNDLE_RC_CONFIG", 0x00f1110f, 0, NV25, PLAIN, 0),
    R(0x401940, 1, 0x4, "BUNDLE_RC_CONFIG",
      0x01f1110f, 0, CURIE | NV30, PLAIN, 0),
    R(0x401940, 1, 0x4, "BUNDLE_RC_CONFIG", 0x06f1110f, 0, NV34, PLAIN, 0),
    R(0x401944, 1, 0x4, "BUNDLE_RC_FINAL_A", 0x3f3f3f3f, 0, ALL, PLAIN, 0),
    R(0x401948, 1, 0x4, "BUNDLE_RC_FINAL_B", 0x3f3f3fe0, 0, ALL, PLAIN, 0),
    R(0x40194c, 1, 0x4, "BUNDLE_CONFIG_A", 0xffcf5fff, 0, NV20, PLAIN, 0),
    R(0x40194c, 1, 0x4, "BUNDLE_CONFIG_A",
      0x3fcf5fff, 0, NV25 | NV30, PLAIN, 0),
    R(0x40194c, 1, 0x4, "BUNDLE_CONFIG_A", 0xbfcf5fff, 0, NV34, PLAIN, 0),
    R(0x40194c, 1, 0x4, "BUNDLE_CONFIG_A", 0x814f5f00, 0, CURIE, PLAIN, 0),
    R(0x401950, 1, 0x4, "BUNDLE_STENCIL_A", 0xfffffff1, 0, KELVIN, PLAIN, 0),
    R(0x401950, 1, 0x4, "BUNDLE_STENCIL_A",
      0xfffffff3, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401954, 1, 0x4, "BUNDLE_STENCIL_B",
      0x00000fff, 0, KELVIN | NV30, PLAIN, 0),
    R(0x401954, 1, 0x4, "BUNDLE_STENCIL_B",
      0x0000ffff, 0, CURIE | NV34, PLAIN, 0),
    R(0x401958, 1, 0x4, "BUNDLE_CONFIG_B", 0x00173fe5, 0, NV20, PLAIN, 0),
    R(0x401958, 1, 0x4, "BUNDLE_CONFIG_B", 0xff173fff, 0, NV25, PLAIN, 0),
    R(0x401958, 1, 0x4, "BUNDLE_CONFIG_B", 0xff1703ff, 0, RANKINE, PLAIN, 0),
    R(0x401958, 1, 0x4, "BUNDLE_CONFIG_B", 0xff3fffff, 0, CURIE, PLAIN, 0),
    R(0x40195c, 1, 0x4, "BUNDLE_VIEWPORT_OFFSET",
      0x1fff1fff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401960, 1, 0x4, "BUNDLE_PS_OFFSET",
      0xffffffc3, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401964, 1, 0x4, "BUNDLE_CLIPID_ID",
      0x000000ff, 0, RANKINE | CURIE | NV25, PLAIN, 0),
    R(0x401968, 1, 0x4, "BUNDLE_SURF_BASE_CLIPID",
      0x3fffffff, 0, RANKINE | CURIE | NV25, PLAIN, 0),
    R(0x40196c, 1, 0x4, "BUNDLE_SURF_LIMIT_CLIPID",
      0xffffffff, 0, RANKINE | CURIE | NV25, PLAIN, 0),
    R(0x401970, 1, 0x4, "BUNDLE_SURF_OFFSET_CLIPID",
      0x3fffffff, 0, RANKINE | CURIE | NV25, PLAIN, 0),
    R(0x401974, 1, 0x4, "BUNDLE_SURF_PITCH_CLIPID",
      0x0000ffff, 0, RANKINE | CURIE | NV25, PLAIN, 0),
    R(0x401978, 1, 0x4, "BUNDLE_LINE_STIPPLE",
      0xffffff03, 0, RANKINE | CURIE | NV25, PLAIN, 0),
    R(0x40197c, 1, 0x4, "BUNDLE_RT_ENABLE",
      0x00000003, 0, RANKINE | NV25, PLAIN, 0),
    R(0x40197c, 1, 0x4, "BUNDLE_RT_ENABLE", 0x000000ff, 0, CURIE, PLAIN, 0),
    R(0x401980, 1, 0x4, "BUNDLE_FOG_COLOR", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x401984, 2, 0x4, "BUNDLE_FOG_COEFF", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x40198c, 1, 0x4, "BUNDLE_POINT_SIZE", 0x000001ff, 0, NV20, PLAIN, 0),
    R(0x40198c, 1, 0x4, "BUNDLE_POINT_SIZE",
      0xffffffff, 0, RANKINE | CURIE | NV25, PLAIN, 0),
    R(0x401990, 1, 0x4, "BUNDLE_RASTER", 0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x401990, 1, 0x4, "BUNDLE_RASTER", 0xfffffdff, 0, RANKINE, PLAIN, 0),
    R(0x401990, 1, 0x4, "BUNDLE_RASTER", 0xfffffdef, 0, CURIE, PLAIN, 0),
    R(0x401994, 1, 0x4, "BUNDLE_TEX_SHADER_CULL_MODE",
      0x0000ffff, 0, KELVIN | RANKINE, PLAIN, 0),
    R(0x401998, 1, 0x4, "BUNDLE_TEX_SHADER_MISC",
      0x003181ff, 0, NV20, PLAIN, 0),
    R(0x401998, 1, 0x4, "BUNDLE_TEX_SHADER_MISC",
      0xbf318fff, 0, RANKINE | NV25, PLAIN, 0),
    R(0x40199c, 1, 0x4, "BUNDLE_TEX_SHADER_OP", 0xc00fffef, 0, NV20, PLAIN, 0),
    R(0x40199c, 1, 0x4, "BUNDLE_TEX_SHADER_OP",
      0xe00fffff, 0, NV25 | NV30, PLAIN, 0),
    R(0x40199c, 1, 0x4, "BUNDLE_TEX_SHADER_OP", 0x000fffff, 0, NV34, PLAIN, 0),
    R(0x4019a0, 1, 0x4, "BUNDLE_FENCE_OFFSET", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x4019a4, 1, 0x4, "BUNDLE_TEX_ZCOMP", 0x00000007, 0, NV20, PLAIN, 0),
    R(0x4019a4, 1, 0x4, "BUNDLE_TEX_ZCOMP", 0x00000fff, 0, NV25, PLAIN, 0),
    R(0x4019a4, 1, 0x4, "BUNDLE_UNK069", 0x0fffffff, 0, CURIE | NV30, PLAIN, 0),
    R(0x4019a8, 1, 0x4, "BUNDLE_UNK06A",
      0xffffffff, 0, KELVIN | NV30, PLAIN, 0),
    R(0x4019ac, 2, 0x4, "BUNDLE_RC_FINAL_FACTOR", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x4019b4, 2, 0x4, "BUNDLE_CLIP_HV", 0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x4019b4, 2, 0x4, "BUNDLE_CLIP_HV",
      0x1fff0fff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x4019bc, 4, 0x4, "BUNDLE_TEX_WRAP", 0x01171717, 0, KELVIN, PLAIN, 0),
    R(0x4019bc, 1, 0x4, "BUNDLE_MULTISAMPLE",
      0xffff0111, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x4019c0, 3, 0x4, "BUNDLE_TEX_UNK10", 0xffffffff, 0, RANKINE, PLAIN, 0),
    R(0x4019cc, 4, 0x4, "BUNDLE_TEX_CONTROL_A",
      0x7fffffff, 0, KELVIN, PLAIN, 0),
    R(0x4019cc, 3, 0x4, "BUNDLE_TEX_UNK11", 0xffffffff, 0, RANKINE, PLAIN, 0),
    R(0x4019d8, 3, 0x4, "BUNDLE_TEX_UNK13", 0xffffffff, 0, RANKINE, PLAIN, 0),
    R(0x4019dc, 4, 0x4, "BUNDLE_TEX_CONTROL_B",
      0xffff0000, 0, KELVIN, PLAIN, 0),
    R(0x4019e4, 3, 0x4, "BUNDLE_TEX_UNK12", 0xffffffff, 0, RANKINE, PLAIN, 0),
    R(0x4019ec, 2, 0x4, "BUNDLE_TEX_CONTROL_C",
      0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x4019f0, 3, 0x4, "BUNDLE_TEX_UNK15", 0xffffffff, 0, RANKINE, PLAIN, 0),
    R(0x4019f4, 4, 0x4, "BUNDLE_TEX_FILTER", 0xff3fffff, 0, KELVIN, PLAIN, 0),
    R(0x4019fc, 3, 0x4, "BUNDLE_TEX_UNK14", 0xffffffff, 0, RANKINE, PLAIN, 0),
    R(0x401a04, 4, 0x4, "BUNDLE_TEX_FORMAT", 0xffff7ffe, 0, KELVIN, PLAIN, 0),
    R(0x401a08, 1, 0x4, "BUNDLE_BLEND", 0x0ff1ffff, 0, RANKINE, PLAIN, 0),
    R(0x401a08, 1, 0x4, "BUNDLE_BLEND", 0xfffffff7, 0, CURIE, PLAIN, 0),
    R(0x401a0c, 1, 0x4, "BUNDLE_BLEND_COLOR",
      0xffffffff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401a10, 2, 0x4, "BUNDLE_CLEAR_HV",
      0x0fff0fff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401a14, 4, 0x4, "BUNDLE_TEX_RECT", 0x1fff1fff, 0, KELVIN, PLAIN, 0),
    R(0x401a18, 1, 0x4, "BUNDLE_CLEAR_COLOR",
      0xffffffff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401a1c, 1, 0x4, "BUNDLE_STENCIL_C",
      0x000fffff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401a20, 1, 0x4, "BUNDLE_STENCIL_D",
      0x000fffff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401a24, 4, 0x4, "BUNDLE_TEX_OFFSET", 0xffffffff, 0, KELVIN, PLAIN, 0),
    R(0x401a24, 1, 0x4, "BUNDLE_CLIP_PLANE_ENABLE",
      0x00333333, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401a2c, 2, 0x4, "BUNDLE_VIEWPORT_HV",
      0x1fff0fff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401a34, 4, 0x4, "BUNDLE_TEX_PALETTE", 0xffffffcd, 0, KELVIN, PLAIN, 0),
    R(0x401a34, 2, 0x4, "BUNDLE_SCISSOR_HV",
      0x1fff0fff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401a44, 8, 0x4, "BUNDLE_CLIP_RECT_HORIZ", 0x0fff0fff, 0, ALL, PLAIN, 0),
    R(0x401a64, 8, 0x4, "BUNDLE_CLIP_RECT_VERT", 0x0fff0fff, 0, ALL, PLAIN, 0),
    R(0x401a84, 1, 0x4, "BUNDLE_Z_CONFIG", 0x00000017, 0, NV20, PLAIN, 0),
    R(0x401a84, 1, 0x4, "BUNDLE_Z_CONFIG", 0x00000057, 0, NV25, PLAIN, 0),
    R(0x401a84, 1, 0x4, "BUNDLE_Z_CONFIG", 0xc00000d7, 0, NV30, PLAIN, 0),
    R(0x401a84, 1, 0x4, "BUNDLE_Z_CONFIG", 0xc0000056, 0, NV34, PLAIN, 0),
    R(0x401a84, 1, 0x4, "BUNDLE_Z_CONFIG", 0x000000ff, 0, CURIE, PLAIN, 0),
    R(0x401a88, 1, 0x4, "BUNDLE_CLEAR_ZETA", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x401a8c, 1, 0x4, "BUNDLE_DEPTH_RANGE_FAR", 0xffffffff, 0, ALL, PLAIN, 0),
    R(0x401a90, 1, 0x4, "BUNDLE_DEPTH_RANGE_NEAR",
      0xffffffff, 0, ALL, PLAIN, 0),
    R(0x401a94, 2, 0x4, "BUNDLE_DMA_TEX",
      0x0300ffff, 0, KELVIN | RANKINE, PLAIN, 0),
    R(0x401a94, 2, 0x4, "BUNDLE_DMA_TEX", 0x03ffffff, 0, CURIE, PLAIN, 0),
    R(0x401a9c, 2, 0x4, "BUNDLE_DMA_VTX",
      0x0000ffff, 0, KELVIN | RANKINE, PLAIN, 0),
    R(0x401a9c, 2, 0x4, "BUNDLE_DMA_VTX", 0x00ffffff, 0, CURIE, PLAIN, 0),
    R(0x401aa4, 1, 0x4, "BUNDLE_POLYGON_OFFSET_UNITS",
      0xffffffff, 0, ALL, PLAIN, 0),
    R(0x401aa8, 1, 0x4, "BUNDLE_POLYGON_OFFSET_FACTOR",
      0xffffffff, 0, ALL, PLAIN, 0),
    R(0x401aac, 3, 0x4, "BUNDLE_TEX_SHADER_CONST_EYE",
      0xffffffff, 0, KELVIN | RANKINE, PLAIN, 0),
    R(0x401ab8, 1, 0x4, "BUNDLE_UNK0AE", 0x00000003, 0, NV25, PLAIN, 0),
    R(0x401ab8, 1, 0x4, "BUNDLE_UNK0AE", 0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x401abc, 1, 0x4, "BUNDLE_UNK0AF", 0x00011a7f, 0, CURIE | NV30, PLAIN, 0),
    R(0x401ac0, 1, 0x4, "BUNDLE_SURF_BASE_ZCULL",
      0x3fffffff, 0, RANKINE | NV25, PLAIN, 0),
    R(0x401ac0, 1, 0x4, "BUNDLE_DMA_UNK0B0", 0x03ffffff, 0, CURIE, PLAIN, 0),
    R(0x401ac4, 1, 0x4, "BUNDLE_SURF_LIMIT_ZCULL",
      0xffffffff, 0, RANKINE | NV25, PLAIN, 0),
    R(0x401ac8, 1, 0x4, "BUNDLE_SURF_OFFSET_ZCULL",
      0x3fffffff, 0, RANKINE | NV25, PLAIN, 0),
    R(0x401acc, 1, 0x4, "BUNDLE_SURF_PITCH_ZCULL",
      0x0000ffff, 0, RANKINE | NV25, PLAIN, 0),
    R(0x401ad0, 4, 0x4, "BUNDLE_UNK0B4",
      0xf8f8f8f8, 0, RANKINE | CURIE | NV25, PLAIN, 0),
    R(0x401ae0, 1, 0x4, "BUNDLE_UNK0B8",
      0x00000003, 0, RANKINE | CURIE | NV25, PLAIN, 0),
    R(0x401ae4, 1, 0x4, "BUNDLE_PRIMITIVE_RESTART_ENABLE",
      0x00000001, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401ae8, 1, 0x4, "BUNDLE_PRIMITIVE_RESTART_INDEX",
      0xffffffff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401aec, 1, 0x4, "BUNDLE_TXC_CYLWRAP",
      0xffffffff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401b10, 1, 0x4, "BUNDLE_PS_CONTROL", 0xf003ffff, 0, RANKINE, PLAIN, 0),
    R(0x401b10, 1, 0x4, "BUNDLE_PS_CONTROL", 0x7ff92afe, 0, CURIE, PLAIN, 0),
    R(0x401b14, 1, 0x4, "BUNDLE_TXC_ENABLE",
      0x000000ff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401b18, 1, 0x4, "BUNDLE_UNK0C6",
      0x00000001, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401b1c, 1, 0x4, "BUNDLE_WINDOW_CONFIG",
      0x00003fff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401b20, 1, 0x4, "BUNDLE_DEPTH_BOUNDS_MIN",
      0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x401b24, 1, 0x4, "BUNDLE_DEPTH_BOUNDS_MAX",
      0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x401b28, 1, 0x4, "BUNDLE_XF_A", 0x17fffffd, 0, CURIE, PLAIN, 0),
    R(0x401b2c, 1, 0x4, "BUNDLE_XF_LIGHT", 0x0007ffff, 0, CURIE, PLAIN, 0),
    R(0x401b30, 1, 0x4, "BUNDLE_XF_C", 0xc80003ff, 0, CURIE, PLAIN, 0),
    R(0x401b34, 1, 0x4, "BUNDLE_XF_ATTR_IN_MASK",
      0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x401b38, 1, 0x4, "BUNDLE_XF_ATTR_OUT_MASK",
      0x003fffff, 0, CURIE, PLAIN, 0),
    R(0x401b3c, 1, 0x4, "BUNDLE_TXC_CYLWRAP_B", 0x000000ff, 0, CURIE, PLAIN, 0),
    R(0x401b40, 8, 0x4, "BUNDLE_XF_TXC", 0x000f7777, 0, CURIE, PLAIN, 0),
    R(0x401b60, 2, 0x4, "BUNDLE_XF_TXC", 0x000e0000, 0, CURIE, PLAIN, 0),
    R(0x401b68, 1, 0x4, "BUNDLE_XF_OUT_MAP_MISC_A",
      0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x401b6c, 1, 0x4, "BUNDLE_XF_OUT_MAP_MISC_B",
      0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x401b70, 1, 0x4, "BUNDLE_XF_OUT_MAP_TXC_A",
      0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x401b74, 1, 0x4, "BUNDLE_XF_OUT_MAP_TXC_B",
      0x000000ff, 0, CURIE, PLAIN, 0),
    R(0x401b78, 1, 0x4, "BUNDLE_UNK0DE", 0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x401b7c, 1, 0x4, "BUNDLE_VB_ELEMENT_BASE",
      0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x401b80, 1, 0x4, "BUNDLE_UNK0E0", 0x000100ff, 0, CURIE, PLAIN, 0),
    R(0x401b84, 1, 0x4, "BUNDLE_UNK0E1", 0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x401b88, 1, 0x4, "BUNDLE_UNK0E2", 0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x401b8c, 1, 0x4, "BUNDLE_XF_D", 0x0001ffff, 0, CURIE, PLAIN, 0),
    R(0x401b90, 1, 0x4, "BUNDLE_ALPHA_FUNC_REF",
      0x0000ffff, 0, CURIE, PLAIN, 0),
    R(0x401b94, 1, 0x4, "BUNDLE_UNK0E5", 0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x401b98, 1, 0x4, "BUNDLE_UNK0E6", 0x01ffffff, 0, CURIE, PLAIN, 0),
    R(0x401b9c, 1, 0x4, "BUNDLE_XF_UNK0E7", 0x03ff03ff, 0, CURIE, PLAIN, 0),
    R(0x401ba0, 1, 0x4, "BUNDLE_XF_LOAD_POS", 0x0fff0fff, 0, CURIE, PLAIN, 0),
    R(0x401ba4, 4, 0x4, "BUNDLE_UNK0E9", 0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x401bb4, 1, 0x4, "BUNDLE_UNK0ED", 0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x401bc0, 4, 0x4, "BUNDLE_CLIPID_RECT_HORIZ",
      0x1fff0fff, 0, CURIE, PLAIN, 0),
    R(0x401bd0, 4, 0x4, "BUNDLE_CLIPID_RECT_VERT",
      0x1fff0fff, 0, CURIE, PLAIN, 0),
    R(0x401be0, 1, 0x4, "BUNDLE_COLOR_MASK", 0x00ffff00, 0, CURIE, PLAIN, 0),
    R(0x401c00, 16, 0x4, "BUNDLE_TEX_OFFSET",
      0xffffffff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401c40, 16, 0x4, "BUNDLE_TEX_FORMAT", 0xffff7fce, 0, RANKINE, PLAIN, 0),
    R(0x401c40, 16, 0x4, "BUNDLE_TEX_FORMAT", 0xffffffce, 0, CURIE, PLAIN, 0),
    R(0x401c80, 16, 0x4, "BUNDLE_TEX_WRAP", 0xffff77f7, 0, RANKINE, PLAIN, 0),
    R(0x401c80, 16, 0x4, "BUNDLE_TEX_WRAP", 0xfffffff7, 0, CURIE, PLAIN, 0),
    R(0x401cc0, 16, 0x4, "BUNDLE_TEX_CONTROL_A",
      0x7fffffff, 0, RANKINE, PLAIN, 0),
    R(0x401cc0, 16, 0x4, "BUNDLE_TEX_CONTROL_A",
      0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x401d00, 16, 0x4, "BUNDLE_TEX_CONTROL_B",
      0xffffffff, 0, RANKINE, PLAIN, 0),
    R(0x401d00, 16, 0x4, "BUNDLE_TEX_CONTROL_B",
      0x1fffffff, 0, CURIE, PLAIN, 0),
    R(0x401d40, 16, 0x4, "BUNDLE_TEX_FILTER",
      0xff3fffff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401d80, 16, 0x4, "BUNDLE_TEX_RECT",
      0x1fff1fff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401dc0, 16, 0x4, "BUNDLE_TEX_BORDER_COLOR",
      0xffffffff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401e00, 16, 0x4, "BUNDLE_TEX_PALETTE",
      0xffffffcd, 0, RANKINE, PLAIN, 0),
    R(0x401e00, 16, 0x4, "BUNDLE_TEX_CONTROL_D",
      0x3ff3ffff, 0, CURIE, PLAIN, 0),
    R(0x401e40, 16, 0x4, "BUNDLE_TEX_COLOR_KEY",
      0xffffffff, 0, RANKINE | CURIE, PLAIN, 0),
    R(0x401e80, 4, 0x4, "BUNDLE_XF_TEX_OFFSET", 0xffffffff, 0, CURIE, PLAIN, 0),
    R(0x401e90, 4, 0x4, "BUNDLE_XF_TEX_FORMAT", 0x000fffc2, 0, CURIE, PLAIN, 0),
    R(0x401ea0, 4, 0x4, "BUNDLE_XF_TEX_WRAP", 0x00000707, 0, CURIE, PLAIN, 0),
    R(0x401eb0, 4, 0x4, "BUNDLE_XF_TEX_CONTROL_A",
      0x7fffffc0, 0, CURIE, PLAIN, 0),
    R(0x401ec0, 4, 0x4, "BUNDLE_XF_TEX_CONTROL_B",
      0x0003ffff, 0, CURIE, PLAIN, 0),
    R(0x401ed0, 4, 0x4, "BUNDLE_XF_TEX_FILTER", 0x00001fff, 0, CURIE, PLAIN, 0),
    R(0x401ee0, 4, 0x4, "BUNDLE_XF_TEX_RECT", 0x1fff1fff, 0, CURIE, PLAIN, 0),
    R(0x401ef0, 4, 0x4, "BUNDLE_XF_TEX_BORDER_COLOR",
      0xffffffff, 0, CURIE, PLAIN, 0),
};

const NV20Reg *nv20_pgraph_regs(const NVModel *m, size_t *n)
{
    if (!m->pgraph_chip) {
        *n = 0;
        return NULL;
    }
    *n = G_N_ELEMENTS(pgraph_regs);
    return pgraph_regs;
}

const NV20Reg *nv20_pgraph_reg_find(const NVModel *m, uint32_t off)
{
    for (size_t i = 0; i < G_N_ELEMENTS(pgraph_regs); i++) {
        const NV20Reg *r = &pgraph_regs[i];
        uint32_t d = off - r->offset;

        if ((r->chips & m->pgraph_chip) && off >= r->offset &&
            d % r->stride == 0 && d / r->stride < r->count) {
            return r;
        }
    }
    return NULL;
}

/*
 * The slot of BAR0 offset @off in the register array.  The rows lie in
 * the block, but the index is bounded here too, whatever a row says.
 */
static uint32_t *reg_slot(NVCard *card, uint32_t off)
{
    uint32_t i = (off - NV20_PGRAPH_BASE) / 4;

    return i < NV20_PGRAPH_REGS ? &card->pgraph20.regs[i] : NULL;
}

/* ---- the vertex and clip registers (docs/pgraph.rst "Side effects") -- */

/* The low 18 bits of @v as a signed coordinate. */
static int32_t coord18(uint32_t v)
{
    return (int32_t)(v << 14) >> 14;
}

static bool class_in(unsigned cls, const uint16_t *list, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (list[i] == cls) {
            return true;
        }
    }
    return false;
}

/*
 * Which 2D class list the current object is in (Kelvin, Rankine; the
 * lists for Curie's 16-bit classes are not known, so none there): the
 * object-clip classes clip against OCLIP rather than UCLIP, and the "new
 * render" ones track coordinate range in XY_D.  Some classes move from
 * one group to another with DEBUG_D bit 16.
 */
enum { CLIP_OBJECT, CLIP_NEW_RENDER, CLIP_SIFC };

static bool class_is(NVCard *card, int which)
{
    static const uint16_t object[] = {
        0x36, 0x76, 0x37, 0x77, 0x4a, 0x4b, 0x66, 0x366, 0x389, 0x37b };
    static const uint16_t new_render[] = {
        0x1c, 0x5c, 0x1d, 0x5d, 0x1f, 0x5f, 0x60, 0x21, 0x61, 0x4a, 0x4b,
        0x37, 0x77, 0x38, 0x64, 0x65, 0x36, 0x76, 0x66, 0x88, 0x9f,
        0x35c, 0x38a, 0x364, 0x366, 0x37b, 0x389 };
    static const uint16_t sifc[] = { 0x36, 0x76, 0x66, 0x366 };
    /* with DEBUG_D bit 16 clear (the first three, and 0x8a for new render)
     * or set */
    static const uint16_t swap0[] = { 0x63, 0x89, 0x7b, 0x8a };
    static const uint16_t swap1[] = { 0x67, 0x87, 0x79 };
    unsigned cls = nv20_pgraph_class(card);
    bool bit16 = card->pgraph20.regs[(0x40008c - NV20_PGRAPH_BASE) / 4] &
                 (1u << 16);
    bool rankine = card->model->pgraph == NV_PGRAPH_RANKINE;

    if (card->model->pgraph == NV_PGRAPH_CURIE || (cls >= 0x100 && !rankine)) {
        return false;
    }
    switch (which) {
    case CLIP_OBJECT:
        return class_in(cls, object, G_N_ELEMENTS(object)) ||
               class_in(cls, bit16 ? swap1 : swap0, 3);
    case CLIP_NEW_RENDER:
        return class_in(cls, new_render, G_N_ELEMENTS(new_render)) ||
               (bit16 ? class_in(cls, swap1, 3) : class_in(cls, swap0, 4));
    default:
        return class_in(cls, sifc, G_N_ELEMENTS(sifc));
    }
}

/* The clip rectangle's bounds on axis @a of the current class's set. */
static void clip_bounds(NVCard *card, unsigned a, int32_t *min, int32_t *max)
{
    uint32_t base = class_is(card, CLIP_OBJECT) ? NV20_PGRAPH_OCLIP_MIN
                                                : NV20_PGRAPH_UCLIP_MIN;

    *min = (int16_t)*reg_slot(card, base + 4 * a);
    *max = coord18(*reg_slot(card, base + 8 + 4 * a));
}

static void set_bit(uint32_t *r, unsigned bit, bool v)
{
    *r = (*r & ~(1u << bit)) | (uint32_t)v << bit;
}

/*
 * VTX_X/VTX_Y[i]: the vertex's clip status against the class's clip
 * rectangle goes to XY_CLIP[a][1] bits 0-3 (below min, at min, above
 * max, at max), and for the "new render" classes XY_D[a] bit 4 says
 * whether it is beyond 16 bits (never for SIFC classes).
 */
static void vtx_written(NVCard *card, unsigned a, uint32_t val)
{
    int32_t c = coord18(val), min, max;
    uint32_t *status = reg_slot(card, NV20_PGRAPH_XY_CLIP + 8 * a + 4);
    uint32_t *xy_d = reg_slot(card, NV20_PGRAPH_XY_D + 4 * a);

    clip_bounds(card, a, &min, &max);
    *status = (*status & ~0xfu) | (c < min) | (c == min) << 1 |
              (c > max) << 2 | (c == max) << 3;
    if (class_is(card, CLIP_NEW_RENDER)) {
        set_bit(xy_d, 0, false);
        set_bit(xy_d, 4, !class_is(card, CLIP_SIFC) &&
                         (c >= 0x8000 || c < -0x8000));
    }
}

/*
 * ICLIP[a]: XY_B[0] and [1] lose bits 12, 16 and 20, then say whether
 * the value is within the clip rectangle's max (bit 12 + 4a; bit 20 too
 * for X) and, where clipping applies, below its min (bit 4 + a).  Set 1
 * always clips, set 0 only with the object's CLIP flag (CTX_SWITCH_A bit
 * 13; Curie bit 17).
 */
static void iclip_written(NVCard *card, unsigned a, uint32_t val)
{
    int32_t c = coord18(val), min, max;
    uint32_t a_word = *reg_slot(card, card->model->pgraph == NV_PGRAPH_CURIE ?
                                      0x400148 : 0x40014c);
    bool clip_flag = a_word & (1u << (card->model->pgraph == NV_PGRAPH_CURIE ?
                                      17 : 13));

    clip_bounds(card, a, &min, &max);
    for (unsigned j = 0; j < 2; j++) {
        uint32_t *xy_b = reg_slot(card, NV20_PGRAPH_XY_B0 + 4 * j);
        bool enabled = j == 1 || clip_flag;
        bool ok = c <= max || !enabled;

        *xy_b &= ~0x00111000u;
        set_bit(xy_b, 12 + 4 * a, ok);
        if (a == 0) {
            set_bit(xy_b, 20, ok);
        }
        if (enabled) {
            set_bit(xy_b, 4 + a, c < min);
        }
    }
}

/*
 * UCLIP/OCLIP MIN or MAX of axis a: the pair shifts, MIN taking MAX's
 * old low 16 bits and MAX the value (so min then max loads a pair); the
 * set's XY_B loses bits 12, 16, 20 (and 4 + a for MAX), and the value is
 * also vertex 9 of that axis.
 */
static void clip_pair_written(NVCard *card, unsigned set, bool is_max,
                              unsigned a, uint32_t val)
{
    uint32_t base = set ? NV20_PGRAPH_OCLIP_MIN : NV20_PGRAPH_UCLIP_MIN;
    uint32_t *min = reg_slot(card, base + 4 * a);
    uint32_t *max = reg_slot(card, base + 8 + 4 * a);
    uint32_t *xy_b = reg_slot(card, NV20_PGRAPH_XY_B0 + 4 * set);

    *min = *max & 0xffff;
    *max = val & 0x3ffff;
    *xy_b &= ~(0x00111000u | (is_max ? 1u << (4 + a) : 0));
    *reg_slot(card, NV20_PGRAPH_VTX_X9 + 0x80 * a) = val;
}

/*
 * A SURF_OFFSET[i] or SURF_BASE[i] write on NV20, NV25 and NV30 (not NV34
 * or Curie), unless SURF_UNK880 bit 20 is set, clears the bits of the
 * surface pair (i & ~1, i | 1) in SURF_UNK888 (one bit each) and, on NV25
 * and NV30, SURF_UNK89C (four bits each).  NV25 moved SURF_UNK880/888 up
 * by 0x10 for surface 6's registers (docs/pgraph.rst "Side effects").
 */
static void surf_written(NVCard *card, uint32_t off)
{
    uint8_t chip = card->model->pgraph_chip;
    bool nv20 = chip == NV_PGRAPH_CHIP_NV20;
    uint32_t unk880 = nv20 ? 0x400880 : 0x400890;
    uint32_t *unk888 = reg_slot(card, nv20 ? 0x400888 : 0x400898);
    unsigned i, pair;

    if (!(chip & (NV_PGRAPH_CHIP_NV20 | NV_PGRAPH_CHIP_NV25 |
                  NV_PGRAPH_CHIP_NV30))) {
        return;
    }
    if (off >= 0x400820 && off < 0x400838) {
        i = (off - 0x400820) / 4;
    } else if (off >= 0x400838 && off < 0x400850) {
        i = (off - 0x400838) / 4;
    } else if (!nv20 && (off == 0x400880 || off == 0x400884)) {
        i = 6;
    } else {
        return;
    }
    if (*reg_slot(card, unk880) & (1u << 20)) {
        return;
    }
    pair = i & ~1u;
    *unk888 &= ~(3u << pair);
    if (!nv20) {
        *reg_slot(card, 0x40089c) &= ~(0xffu << (4 * pair));
    }
}

bool nv20_pgraph_reg_read(NVCard *card, uint32_t addr, uint32_t *val)
{
    uint32_t off = NV20_PGRAPH_BASE + addr;
    const NV20Reg *r = nv20_pgraph_reg_find(card->model, off);
    uint32_t *slot = r ? reg_slot(card, off) : NULL;

    if (!slot) {
        return false;
    }
    *val = *slot | r->fixed;
    return true;
}

bool nv20_pgraph_reg_write(NVCard *card, uint32_t addr, uint32_t val)
{
    uint32_t off = NV20_PGRAPH_BASE + addr;
    const NV20Reg *r = nv20_pgraph_reg_find(card->model, off);
    uint32_t *slot = r ? reg_slot(card, off) : NULL;
    uint32_t *other;

    if (!slot) {
        return false;
    }
    switch (r->kind) {
    case NV20_REG_RO:
        return true;
    case NV20_REG_CTX_CACHE:
        /* The object cache is the FIFO's while it runs. */
        other = reg_slot(card, NV20_PGRAPH_FIFO_ENABLE);
        if (*other & 1) {
            return true;
        }
        break;
    case NV20_REG_MIRROR:
        /* Bits 8 and 12 are not stored but follow bits 0 and 4. */
        val &= ~0x1100u;
        val |= (val & 0x11) << 8;
        break;
    default:
        break;
    }
    if (r->kind == NV20_REG_CLIP_PAIR) {
        clip_pair_written(card, r->arg & 1, r->arg & 2,
                          (off - r->offset) / r->stride, val);
        return true;
    }
    *slot = val & r->mask;
    surf_written(card, off);
    switch (r->kind) {
    case NV20_REG_VTX:
        vtx_written(card, r->arg, val);
        break;
    case NV20_REG_ICLIP:
        iclip_written(card, (off - r->offset) / r->stride, val);
        break;
    case NV20_REG_VALID:
        *reg_slot(card, NV20_PGRAPH_VALID0) |= 1u << r->arg;
        break;
    case NV20_REG_DEBUG_B:
        if (val & 0x10) {
            *reg_slot(card, NV20_PGRAPH_XY_B0) &= ~1u;
        }
        break;
    default:
        break;
    }
    return true;
}
