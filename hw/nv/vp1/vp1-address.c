/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the VP1 address unit and its data store
 * (docs/hw/vdec/vpe/pvp1/address.rst; docs/vp1.rst "Data store").  It is the only unit that
 * touches the data store, so it reads and writes it directly.
 */
#include <string.h>

#include "vp1-internal.h"

static inline unsigned ds_index(uint32_t addr, unsigned stride)
{
    /*
     * Strides 0x40/0x80 are codes 2/3 (the doc's 0x40/0x80 is a typo).
     * The bank adds address bits 5-7 for code 0, and the bits from 4 +
     * code up for the others (only their low 4 bits matter).  Branch-free:
     * this runs once per byte lane.
     */
    unsigned sh = stride & 3 ? 4 + (stride & 3) : 5;
    unsigned bank, cell;

    addr &= 0x1fff;
    bank = (addr & 0xf) + (addr >> sh & (stride & 3 ? 0xf : 7));
    cell = addr >> 5 & 0xff;
    return ((bank & 0xf) * NV_VP1_DS_CELLS + cell) * 2 + (addr >> 4 & 1);
}

/* A raw coordinate: bank, then bit 0 = hilo and bits 1-8 = cell. */
static unsigned ds_raw_index(unsigned bank, uint32_t addr)
{
    return ((bank & 0xf) * NV_VP1_DS_CELLS + (addr >> 1 & 0xff)) * 2 +
           (addr & 1);
}

uint8_t nv_vp1_ds_read(const NVVp1 *vp, uint32_t addr, unsigned stride)
{
    return vp->ds[ds_index(addr, stride)];
}

void nv_vp1_ds_write(NVVp1 *vp, uint32_t addr, unsigned stride, uint8_t val)
{
    vp->ds[ds_index(addr, stride)] = val;
}

enum { DS_H, DS_V, DS_S };

/*
 * Lane n of an access only sets address bits that are clear in lane 0's,
 * and ds_index maps them linearly: a horizontal or scalar lane is n banks
 * after lane 0 in the same cell; a vertical lane sets bits 4 + stride up,
 * which moves its offset in the bank (cell * 2 + hilo) by n << stride and
 * its bank by n (n / 2 for stride code 0, where bits 5-7 make the bank).
 * The offset in the bank cannot carry out of it, so lane n's byte index
 * is lane 0's plus lane_off[n], wrapping at the store's size.
 */
#define BANK_BYTES      (NV_VP1_DS_CELLS * 2)
#define OFF_H(s, n)     ((n) * BANK_BYTES)
#define OFF_V(s, n)     (((s) ? (n) : (n) / 2) * BANK_BYTES + ((n) << (s)))
#define LANES(f, s)     { f(s, 0), f(s, 1), f(s, 2), f(s, 3), f(s, 4), \
                          f(s, 5), f(s, 6), f(s, 7), f(s, 8), f(s, 9), \
                          f(s, 10), f(s, 11), f(s, 12), f(s, 13), \
                          f(s, 14), f(s, 15) }

static const uint16_t lane_off[5][16] = {
    LANES(OFF_H, 0),                /* horizontal and scalar */
    LANES(OFF_V, 0), LANES(OFF_V, 1), LANES(OFF_V, 2), LANES(OFF_V, 3),
};

/*
 * A horizontal, vertical or scalar access: returns lane 0's byte index
 * and points @off at the lane offsets (see lane_off).
 */
static inline unsigned ds_access(uint32_t a, unsigned mode, uint32_t addr,
                                 const uint16_t **off)
{
    unsigned stride = a >> NV_VP1_A_STRIDE_SHIFT;

    if (mode == DS_V) {
        *off = lane_off[1 + stride];
        return ds_index(addr & ~(0xfu << (4 + stride)), stride);
    }
    *off = lane_off[0];
    return ds_index(addr & (mode == DS_H ? ~0xfu : ~3u), stride);
}

static inline unsigned ds_lane(unsigned start, const uint16_t *off,
                               unsigned n)
{
    return (start + off[n]) % NV_VP1_DS_SIZE;
}

static uint32_t add_addr(uint32_t a, uint32_t inc)
{
    return (a & ~NV_VP1_A_ADDR_MASK) | ((a + inc) & NV_VP1_A_ADDR_MASK);
}

static void set_short(Exec *x, unsigned cdst, uint32_t a, uint32_t addr)
{
    uint32_t limit = a >> NV_VP1_A_LIMIT_SHIFT & NV_VP1_A_LIMIT_MASK;

    vp1_set_c(x, cdst, NV_VP1_C_AEF,
              (addr & 0xffff) >= limit ? NV_VP1_C_AEF : 0);
}

static void set_long(Exec *x, unsigned cdst, uint32_t res)
{
    vp1_set_c(x, cdst, NV_VP1_C_ASF | NV_VP1_C_AZF,
              (res >> 31 ? NV_VP1_C_ASF : 0) | (res ? 0 : NV_VP1_C_AZF));
}

/* Load (to $v, $r or $vx) or store the bytes of one access. */
static inline __attribute__((always_inline))
void ds_move(Exec *x, const NVVp1Insn *in, unsigned op, uint32_t a,
             uint32_t addr, bool store, unsigned reg)
{
    NVVp1 *vp = x->vp;
    unsigned mode = op & 3, start;
    const uint16_t *off;
    uint32_t val = 0;
    uint8_t *w;

    start = ds_access(a, mode, addr, &off);
    if (mode == DS_S) {
        for (unsigned i = 0; i < 4; i++) {
            if (store) {
                vp->ds[ds_lane(start, off, i)] = byte_of(vp->r[reg], i);
            } else {
                val |= (uint32_t)vp->ds[ds_lane(start, off, i)] << (8 * i);
            }
        }
        if (!store) {
            vp1_wr32(x, F_R, reg, 2, val);
        }
        return;
    }
    if (store) {
        for (unsigned i = 0; i < 16; i++) {
            vp->ds[ds_lane(start, off, i)] = vp->v[reg][i];
        }
        return;
    }
    if (op == 0xc8 || op == 0xc9) {                     /* ldax: $vx */
        x->vx_w = true;
        for (unsigned i = 0; i < 16; i++) {
            x->vx[i] = vp->ds[ds_lane(start, off, i)];
        }
        if (vp1_read_c(vp, in->cond) >> in->slct & 1) {
            w = vp1_wrv(x, quad(in->dst, vp1_read_c(vp, in->cond), 0), 2,
                        0xffff);
            memcpy(w, x->vx, 16);
        }
        return;
    }
    w = vp1_wrv(x, reg, 2, 0xffff);
    /* The common load: unrolled, it costs about half (GCC and clang). */
#pragma GCC unroll 16
    for (unsigned i = 0; i < 16; i++) {
        w[i] = vp->ds[ds_lane(start, off, i)];
    }
}

/* One address instruction, inlined with a constant @op (VP1_CASE1). */
static inline __attribute__((always_inline))
void address_op(Exec *x, const NVVp1Insn *in, unsigned vforce, unsigned op)
{
    NVVp1 *vp = x->vp;
    unsigned areg;
    uint32_t a, inc, res;
    bool store = op & 4;

    switch (op) {
    case 0xc0 ... 0xc2:
    case 0xc4 ... 0xc6:
    case 0xc8:
    case 0xc9:
    case 0xd0 ... 0xd2:
    case 0xd4 ... 0xd6:                 /* ld/st and post-increment */
        areg = store ? in->dst : in->src1;
        a = vp->a[areg];
        ds_move(x, in, op, a, a, store,
                store ? (op & 3) == 2 ? in->src1 : vforce : in->dst);
        inc = op & 0x10 ? (uint32_t)in->imm : vp->a[vp1_src2s(vp, in)];
        res = add_addr(a, inc);
        vp1_wr32(x, F_A, areg, 1, res);
        set_short(x, in->cdst, a, res);
        break;
    case 0xd8 ... 0xda:
    case 0xdc ... 0xde:                 /* ld/st at addr | UIMM */
        areg = store ? in->dst : in->src1;
        a = vp->a[areg];
        ds_move(x, in, op, a, a | in->imm, store,
                store ? (op & 3) == 2 ? in->src1 : vforce : in->dst);
        set_short(x, in->cdst, a, a + in->imm);
        break;
    case 0xca:                          /* aadd */
        res = add_addr(vp->a[in->dst], vp->a[vp1_src2s(vp, in)]);
        vp1_wr32(x, F_A, in->dst, 1, res);
        set_short(x, in->cdst, res, res);
        break;
    case 0xcb:                          /* add */
        res = vp->a[in->src1] + vp->a[vp1_src2s(vp, in)];
        vp1_wr32(x, F_A, in->dst, 1, res);
        set_long(x, in->cdst, res);
        break;
    case 0xcc:
        vp1_wr32(x, F_A, in->dst, 1, (vp->a[in->dst] & 0xffff0000u) | in->imm);
        break;
    case 0xcd:
        vp1_wr32(x, F_A, in->dst, 1,
                 (vp->a[in->dst] & 0xffff) | (uint32_t)in->imm << 16);
        break;
    case 0xd3:                          /* bitop */
        res = bitop(in->word >> 3 & 0xf, vp->a[in->src1], vp->a[in->src2]);
        vp1_wr32(x, F_A, in->dst, 1, res);
        set_long(x, in->cdst, res);
        break;
    case 0xd7:
        if (in->word & 1) {             /* star: one cell in every bank */
            a = vp->a[in->dst];
            for (unsigned i = 0; i < 16; i++) {
                vp->ds[ds_raw_index(i, (a & 0xffff) >> 4)] = vp->v[vforce][i];
            }
            vp1_wr32(x, F_A, in->dst, 1, add_addr(a, vp->a[vp1_src2s(vp, in)]));
        } else {                        /* ldr: per-bank cells */
            uint8_t *w = vp1_wrv(x, in->dst, 2, 0xffff);

            a = vp->a[in->src1] & 0xffff;
            for (unsigned i = 0; i < 16; i++) {
                w[i] = vp->ds[ds_raw_index(i, a >> 4 | vp->v[vforce][i])];
            }
        }
        break;
    case 0xc3:
    case 0xc7:
    case 0xce:
    case 0xcf:
        /* xdld/xdst/xdbar/xdwait: nothing documents what they do */
        vp->events |= NV_VP1_EVENT_DMA;
        break;
    default:
        /* 0xdb and nop: no effect. */
        break;
    }
}

void vp1_exec_address(Exec *x, const NVVp1Insn *in, unsigned vforce)
{
#define RUN(o)  address_op(x, in, vforce, o)
    switch (in->op) {
    VP1_CASE16(0xc0) VP1_CASE16(0xd0)
    }
#undef RUN
}
