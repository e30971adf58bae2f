/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the VP1 address unit and its data store
 * (vdec/vpe/pvp1/address.rst; facts.md 3b).  It is the only unit that
 * touches the data store, so it reads and writes it directly.
 */
#include <string.h>

#include "hw/nv/vp1-internal.h"

static unsigned ds_index(uint32_t addr, unsigned stride)
{
    unsigned bank, cell;

    addr &= 0x1fff;
    bank = addr & 0xf;
    cell = addr >> 5 & 0xff;
    /* Strides 0x40/0x80 are codes 2/3 (the doc's 0x40/0x80 is a typo). */
    switch (stride & 3) {
    case 0:
        bank += addr >> 5 & 7;
        break;
    case 1:
        bank += addr >> 5;
        break;
    case 2:
        bank += addr >> 6;
        break;
    default:
        bank += addr >> 7;
        break;
    }
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

/* The byte indices of a horizontal, vertical or scalar access. */
static unsigned ds_access(uint32_t a, unsigned mode, uint32_t addr,
                          unsigned idx[16])
{
    unsigned stride = a >> NV_VP1_A_STRIDE_SHIFT;
    unsigned vshift = 4 + stride;

    if (mode == DS_V) {
        addr = addr & 0x1fff & ~(0xfu << vshift);
        for (unsigned i = 0; i < 16; i++) {
            idx[i] = ds_index(addr | i << vshift, stride);
        }
        return 16;
    }
    addr &= mode == DS_H ? 0x1ff0 : 0x1ffc;
    for (unsigned i = 0; i < (mode == DS_H ? 16u : 4u); i++) {
        idx[i] = ds_index(addr | i, stride);
    }
    return mode == DS_H ? 16 : 4;
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
static void ds_move(Exec *x, const NVVp1Insn *in, uint32_t a, uint32_t addr,
                    bool store, unsigned reg)
{
    NVVp1 *vp = x->vp;
    unsigned mode = in->op & 3, idx[16], n;
    uint32_t val = 0;
    WrV *w;

    n = ds_access(a, mode, addr, idx);
    if (mode == DS_S) {
        for (unsigned i = 0; i < n; i++) {
            if (store) {
                vp->ds[idx[i]] = byte_of(vp->r[reg], i);
            } else {
                val |= (uint32_t)vp->ds[idx[i]] << (8 * i);
            }
        }
        if (!store) {
            vp1_wr32(x, F_R, reg, 2, val);
        }
        return;
    }
    if (store) {
        for (unsigned i = 0; i < n; i++) {
            vp->ds[idx[i]] = vp->v[reg][i];
        }
        return;
    }
    if (in->op == 0xc8 || in->op == 0xc9) {             /* ldax: $vx */
        x->vx_w = true;
        for (unsigned i = 0; i < n; i++) {
            x->vx[i] = vp->ds[idx[i]];
        }
        if (nv_vp1_read_c(vp, in->cond) >> in->slct & 1) {
            w = vp1_wrv(x, quad(in->dst, nv_vp1_read_c(vp, in->cond), 0), 2,
                        0xffff);
            memcpy(w->val, x->vx, 16);
        }
        return;
    }
    w = vp1_wrv(x, reg, 2, 0xffff);
    for (unsigned i = 0; i < n; i++) {
        w->val[i] = vp->ds[idx[i]];
    }
}

void vp1_exec_address(Exec *x, const NVVp1Insn *in, unsigned vforce)
{
    NVVp1 *vp = x->vp;
    unsigned op = in->op, areg;
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
        ds_move(x, in, a, a, store,
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
        ds_move(x, in, a, a | in->imm, store,
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
        res = bitop(in->word >> 3 & 0xf, vp->a[in->src2], vp->a[in->src1]);
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
            WrV *w = vp1_wrv(x, in->dst, 2, 0xffff);

            a = vp->a[in->src1] & 0xffff;
            for (unsigned i = 0; i < 16; i++) {
                w->val[i] = vp->ds[ds_raw_index(i, a >> 4 | vp->v[vforce][i])];
            }
        }
        break;
    default:
        /* xdld/xdst/xdbar/xdwait (DMA), 0xdb and nop: no core effect. */
        break;
    }
}

