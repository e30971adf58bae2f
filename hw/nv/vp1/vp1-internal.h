/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: VP1 core internals shared by hw/nv/vp1*.c (one file per unit).
 * Not part of the card's API.
 */
#ifndef HW_NV_VP1_INTERNAL_H
#define HW_NV_VP1_INTERNAL_H

#include <glib.h>
#include <string.h>

#include "hw/nv/vp1/vp1.h"

/* Register files the scalar, address and branch units queue writes to. */
enum { F_R, F_A, F_L, F_M, F_SR, F_MI, F_UC, F_X, F_F };

typedef struct Wr32 {
    uint8_t file, idx, prio;
    uint32_t val;
} Wr32;

typedef struct WrV {
    uint8_t idx, prio;
    uint16_t bytes;         /* byte enables */
    uint8_t val[16];
} WrV;

/*
 * The scalar-to-vector bus (docs/vp1.rst "Scalar-to-vector bus"): every
 * scalar instruction drives the factors; the $vc mask is valid only from
 * the s2v opcodes.
 */
typedef struct S2V {
    bool vc_valid;
    int16_t factor[4];
    uint16_t vcmask;
    uint16_t mask[2];
} S2V;

/*
 * One bundle in flight: the s2v bus and the queued writes.  Everything
 * before target is cleared per bundle (an s2v bus nobody drove reads 0);
 * the rest is only read where the counters and flags say it was written.
 * The queues are kept sorted by priority, lowest first, so that the
 * commit is one pass in which the documented winner lands last.
 *
 * In direct mode (NV_VP1_PLAN_DIRECT) the $r, $v, $a and other 32-bit
 * register writes land at once instead: plan_bundle found that no later
 * unit of the bundle reads them and that no two units may write one
 * register.  $c, $vc, $va and $vx writes are always queued.
 */
typedef struct Exec {
    NVVp1 *vp;
    S2V s2v;
    uint8_t n32, nv;
    bool direct;
    bool va_w, vc_w, vx_w;
    bool jump, call, exit;          /* control flow */
    uint16_t c_mask[4], c_val[4];   /* the $c bits written, their values */
    uint32_t target;
    uint32_t exit_word;
    Wr32 w32[8];
    WrV wv[4];
    uint8_t vc_idx;
    uint32_t vc_val;
    int32_t va[16];
    uint8_t vx[16];
} Exec;

/* Write register @n of 32-bit @file ($r31 stays 0). */
static inline void vp1_store32(NVVp1 *vp, unsigned file, unsigned n,
                               uint32_t val)
{
    switch (file) {
    case F_R:
        if (n < 31) {
            vp->r[n] = val;
        }
        break;
    case F_A:
        vp->a[n & 31] = val;
        break;
    case F_L:
        vp->l[n & 3] = val;
        break;
    case F_M:
        vp->m[n & 63] = val;
        break;
    case F_SR:
        vp->sr[n & 31] = val;
        break;
    case F_MI:
        vp->mi[n & 31] = val;
        break;
    case F_UC:
        vp->uc[n & 31] = val;
        break;
    case F_X:
        vp->x[n & 15] = val;
        break;
    default:
        vp->f[n & 1] = val;
        break;
    }
}

/*
 * Write priorities (intro.rst, "Instruction conflicts"): the higher
 * number wins.  $r: scalar 3, address load 2, scalar mov from $c/$v/$a/$l
 * 1.  $v: vector 3, address 2, scalar 1.  $a: scalar 2, address 1.  $l:
 * branch 2, scalar 1.
 */
static inline void vp1_wr32(Exec *x, unsigned file, unsigned idx,
                            unsigned prio, uint32_t val)
{
    unsigned i = x->n32;

    if (x->direct) {
        vp1_store32(x->vp, file, idx & 0x3f, val);
        return;
    }
    if (i == G_N_ELEMENTS(x->w32)) {
        return;
    }
    /* Stable insertion: after every queued write of the same priority. */
    for (; i > 0 && x->w32[i - 1].prio > prio; i--) {
        x->w32[i] = x->w32[i - 1];
    }
    x->w32[i] = (Wr32){ file, idx & 0x3f, prio, val };
    x->n32++;
}

/*
 * Queue a $v write of the bytes in @bytes: the caller fills those bytes
 * of the row returned (in direct mode, the register itself).
 */
static inline uint8_t *vp1_wrv(Exec *x, unsigned idx, unsigned prio,
                               uint16_t bytes)
{
    unsigned i = x->nv;
    WrV *w;

    if (x->direct) {
        return x->vp->v[idx & 0x1f];
    }
    if (i == G_N_ELEMENTS(x->wv)) {
        i--;
    } else {
        x->nv++;
    }
    for (; i > 0 && x->wv[i - 1].prio > prio; i--) {
        x->wv[i] = x->wv[i - 1];
    }
    w = &x->wv[i];
    w->idx = idx & 0x1f;
    w->prio = prio;
    w->bytes = bytes;
    return w->val;
}

/* Queue a write of the @mask bits of $c[@idx] (ignored if @idx > 3). */
static inline void vp1_set_c(Exec *x, unsigned idx, uint16_t mask,
                             uint16_t val)
{
    if (idx < 4) {
        x->c_mask[idx] |= mask;
        x->c_val[idx] = (x->c_val[idx] & ~mask) | (val & mask);
    }
}

/*
 * The unit entry points switch on the opcode with these: case o runs
 * RUN(o), an always-inline unit body that the constant opcode turns into
 * a copy with its decisions made at compile time.
 */
#define VP1_CASE1(o)    case o: RUN(o); break;
#define VP1_CASE4(o)    VP1_CASE1(o) VP1_CASE1(o + 1) VP1_CASE1(o + 2) \
                        VP1_CASE1(o + 3)
#define VP1_CASE16(o)   VP1_CASE4(o) VP1_CASE4(o + 4) VP1_CASE4(o + 8) \
                        VP1_CASE4(o + 12)

void vp1_exec_scalar(Exec *x, const NVVp1Insn *in, bool exit_in_bundle);
void vp1_s2v(Exec *x, const NVVp1Insn *in);
void vp1_exec_address(Exec *x, const NVVp1Insn *in, unsigned vforce);
void vp1_exec_vector(Exec *x, const NVVp1Insn *in);

static inline int32_t sext(uint32_t v, unsigned bit)
{
    uint32_t m = 1u << bit;

    v &= (m << 1) - 1;
    return (int32_t)((int64_t)(v ^ m) - m);
}

/*
 * bitop(op, p, q) (the "arbitrary two-input bit operation" the docs
 * reference): op is a truth table indexed by (p << 1 | q) per bit.  p is
 * the instruction's SRC1 (docs/vp1.rst "Bit operations").
 */
static inline uint32_t bitop(unsigned op, uint32_t a, uint32_t b)
{
    return (op & 8 ? a & b : 0) | (op & 4 ? a & ~b : 0) |
           (op & 2 ? ~a & b : 0) | (op & 1 ? ~a & ~b : 0);
}

/* The quad register mangling of vlrp2 and ldax: rotate by $c bits 4-5. */
static inline unsigned quad(unsigned reg, uint16_t c, unsigned k)
{
    return (reg & 0x1c) | ((reg + (c >> 4) + k) & 3);
}

static inline uint8_t byte_of(uint32_t v, unsigned i)
{
    return v >> (8 * i);
}

/*
 * The helpers below are inline: the units call them once per byte lane,
 * and the compiler only specialises and vectorises them when it sees them.
 */
static inline uint16_t vp1_read_c(const NVVp1 *vp, unsigned idx)
{
    return idx < 4 ? (vp->c[idx] & NV_VP1_C_STORED) | NV_VP1_C_ONE : 0;
}

/*
 * The mangling value of scalar.rst "Source mangling": $c[COND] bits 4-5
 * for SLCT 4, else its bit SLCT.
 */
static inline unsigned vp1_mangle(const NVVp1 *vp, const NVVp1Insn *in)
{
    uint16_t c = vp1_read_c(vp, in->cond);

    return in->slct == 4 ? c >> 4 & 3 : c >> in->slct & 1;
}

/* scalar.rst, "Source mangling": SRC2S. */
static inline unsigned vp1_src2s(const NVVp1 *vp, const NVVp1Insn *in)
{
    if (in->slct == 4) {
        return (in->src2 & ~3u) | ((in->src2 + vp1_mangle(vp, in)) & 3);
    }
    return in->src2 ^ vp1_mangle(vp, in);
}

/* The third source of bvecmad and bvecmadsel: SRC2 | 2, mangled by OR. */
static inline unsigned vp1_bvecmad_src3(const NVVp1 *vp, const NVVp1Insn *in)
{
    return in->src2 | 2 | vp1_mangle(vp, in);
}

/*
 * min, max, abs, neg, add and sub (kind = low opcode nibble 8-0xd) on
 * wide integers: the byte forms clip the result, the 32-bit forms wrap it.
 */
static inline int64_t vp1_alu(unsigned kind, int64_t s1, int64_t s2)
{
    switch (kind) {
    case 0x8:
        return s1 < s2 ? s1 : s2;
    case 0x9:
        return s1 > s2 ? s1 : s2;
    case 0xa:
        return s1 < 0 ? -s1 : s1;
    case 0xb:
        return -s1;
    case 0xc:
        return s1 + s2;
    default:
        return s1 - s2;
    }
}

/*
 * The byte ALU shared by scalar b* and vector v* min/max/abs/neg/add/sub.
 * Returns the clipped byte; *sf is the vector sign flag: result sign when
 * signed, out-of-range when unsigned.
 */
static inline uint8_t vp1_byte_alu(unsigned kind, bool uns, uint8_t a,
                                   uint8_t b, bool *sf)
{
    int s1 = uns ? a : (int8_t)a, s2 = uns ? b : (int8_t)b;
    int lo = uns ? 0 : -0x80, hi = uns ? 0xff : 0x7f;
    int res = vp1_alu(kind, s1, s2);

    *sf = uns ? (res < lo || res > hi) : res < 0;
    res = res < lo ? lo : res > hi ? hi : res;
    return res;
}

/* scalar.rst "bshr, bsar" / vector.rst "vshr, vsar": 4-bit signed shift. */
static inline uint8_t vp1_byte_shift(uint8_t a, uint8_t b, bool uns)
{
    int s1 = uns ? a : (int8_t)a, sh = sext(b, 3);

    return sh < 0 ? (uint8_t)((unsigned)s1 << -sh) : (uint8_t)(s1 >> sh);
}

#endif
