/* SPDX-License-Identifier: GPL-2.0-or-later */
/* qemu-nv: the VP1 scalar unit (docs/hw/vdec/vpe/pvp1/scalar.rst). */
#include <string.h>

#include "vp1-internal.h"

static const uint8_t xfrm_tab[6][16] = {
    { 2, 2, 2, 2, 6, 6, 6, 6, 10, 10, 10, 10, 14, 14, 14, 14 },
    { 4, 5, 4, 5, 4, 5, 4, 5, 12, 13, 12, 13, 12, 13, 12, 13 },
    { 0, 0, 2, 0, 4, 4, 6, 4, 8, 8, 10, 8, 12, 12, 14, 12 },
    { 1, 1, 1, 3, 5, 5, 5, 7, 9, 9, 9, 11, 13, 13, 13, 15 },
    { 0, 0, 2, 2, 4, 4, 6, 6, 8, 8, 10, 10, 12, 12, 14, 14 },
    { 1, 1, 1, 1, 5, 5, 5, 5, 9, 9, 9, 9, 13, 13, 13, 13 },
};

/* scalar.rst, "Scalar to vector data bus": the $vc mask of word @w. */
static void s2v_vc(Exec *x, uint32_t w)
{
    const NVVp1 *vp = x->vp;
    unsigned idx = w >> 19 & 3, shift = w & (1u << 21) ? 16 : 0;
    unsigned mode = (w >> 22 & 3) | (w & 1) << 2;
    uint32_t val = vp->vc[idx] >> shift & 0xffff;
    uint32_t val2 = vp->vc[idx | 1] >> shift & 0xffff;
    S2V *s = &x->s2v;

    s->vc_valid = true;
    if (mode == 0) {
        s->vcmask = val;
    } else {
        uint32_t in = mode == 7 ? val | val2 << 16 : val;

        s->vcmask = 0;
        for (unsigned i = 0; i < 16; i++) {
            unsigned bit = mode == 7 ? 2 * i : xfrm_tab[mode - 1][i];

            s->vcmask |= (in >> bit & 1) << i;
        }
    }
}

static uint32_t scalar_flags(uint32_t res, uint32_t s1, bool arith)
{
    uint32_t c = 0;

    if (arith && (res >> 31 & 1)) {
        c |= NV_VP1_C_SF;
    }
    if (!res) {
        c |= NV_VP1_C_ZF;
    }
    if (res >> 19 & 1) {
        c |= NV_VP1_C_B19;
    }
    if (arith && ((res ^ s1) >> 20 & 1)) {
        c |= NV_VP1_C_B20D;
    }
    if (res >> 20 & 1) {
        c |= NV_VP1_C_B20;
    }
    if (res >> 21 & 1) {
        c |= NV_VP1_C_B21;
    }
    return c;
}

/*
 * scalar.rst "mov to/from other register file": false if unknown.  $x is
 * RFILE 24 (docs/vp1.rst "Scalar unit").
 */
static bool rfile_read(const NVVp1 *vp, unsigned rf, unsigned i, uint32_t *val)
{
    switch (rf) {
    case 0 ... 3:
        *val = (uint32_t)vp->v[i][4 * rf] | vp->v[i][4 * rf + 1] << 8 |
               vp->v[i][4 * rf + 2] << 16 |
               (uint32_t)vp->v[i][4 * rf + 3] << 24;
        return true;
    case 8:
        *val = vp->sr[i];
        return true;
    case 9:
        *val = vp->mi[i];
        return true;
    case 10:
        *val = vp->uc[i];
        return true;
    case 11:
        *val = vp->l[i & 3];
        return true;
    case 12:
        *val = vp->a[i];
        return true;
    case 13:
        *val = vp1_read_c(vp, i);
        return true;
    case 20:
    case 21:
        *val = vp->m[(rf - 20) * 32 + i];
        return true;
    case 23:
        *val = vp->f[i & 1];
        return true;
    case 24:
        *val = vp->x[i & 15];
        return true;
    }
    return false;
}

static void rfile_write(Exec *x, unsigned rf, unsigned i, uint32_t val)
{
    switch (rf) {
    case 0 ... 3:
    case 18:
        rf &= 3;
        {
            uint8_t *w = vp1_wrv(x, i, 1, 0xfu << (4 * rf));

            for (unsigned b = 0; b < 4; b++) {
                w[4 * rf + b] = byte_of(val, b);
            }
        }
        break;
    case 8:
        vp1_wr32(x, F_SR, i, 1, val);
        break;
    case 9:
        vp1_wr32(x, F_MI, i, 1, val);
        break;
    case 10:
        vp1_wr32(x, F_UC, i, 1, val);
        break;
    case 11:
        if (i < 4) {
            vp1_wr32(x, F_L, i, 1, val & 0xffff);
        }
        break;
    case 12:
        vp1_wr32(x, F_A, i, 2, val);
        break;
    case 20:
    case 21:
        vp1_wr32(x, F_M, (rf - 20) * 32 + i, 1, val);
        break;
    case 23:
        vp1_wr32(x, F_F, i & 1, 1, val);
        break;
    case 24:
        vp1_wr32(x, F_X, i & 15, 1, val);
        break;
    }
}

/* scalar.rst "bmul": an input byte, signed ones doubled. */
static int bmul_in(uint8_t v, bool sign)
{
    return sign ? (int8_t)v * 2 : v;
}

/* scalar.rst "bmul": one byte lane of the fractional multiply. */
static uint8_t bmul_lane(uint32_t w, bool uns_out, uint8_t a, uint8_t b)
{
    int res = bmul_in(a, w & 4) * bmul_in(b, w & 2);
    bool rn = w >> 8 & 1;

    if (uns_out) {
        res = (res + (rn ? 0x80 : 0)) >> 8;
        return res < 0 ? 0 : res > 0xff ? 0xff : res;
    }
    res = (res + (rn ? 0x100 : 0)) >> 9;
    return res < -0x80 ? 0x80 : res > 0x7f ? 0x7f : (uint8_t)res;
}

/*
 * bvecmad and bvecmadsel factors (docs/vp1.rst "Scalar-to-vector bus"):
 * g_i = (256 * s2a_i + prefactor * s2b_i + 64) >> 7 on signed bytes;
 * bvecmadsel duplicates whole lanes.
 */
static void bvecmad_factors(const NVVp1 *vp, const NVVp1Insn *in,
                            int16_t f[4])
{
    bool sel = in->op == 0x05;
    uint32_t pre = vp->r[in->src1] >> 11 & (sel ? 0x7f : 0xff);
    uint32_t s2a = vp->r[in->src2 | vp1_mangle(vp, in)];
    uint32_t s2b = vp->r[vp1_bvecmad_src3(vp, in)];
    int16_t g[4];

    for (unsigned i = 0; i < 4; i++) {
        g[i] = (256 * (int8_t)byte_of(s2a, i) +
                (int32_t)pre * (int8_t)byte_of(s2b, i) + 64) >> 7;
    }
    if (sel) {
        /* $c bit 7 (b18) is G80 only: it reads 0 on our models. */
        unsigned w = in->slct == 2 && (vp1_read_c(vp, in->cond) & 0x80);

        g[0] = g[1] = g[w];
        g[2] = g[3] = g[2 + w];
    }
    memcpy(f, g, sizeof(g));
}

/*
 * The bmul family's factors (docs/vp1.rst "Scalar-to-vector bus"): per
 * lane A * B + R, shifted right by 8 for the opcodes with opcode bit 1
 * clear in the first group, cut to the bus's 10 signed bits.
 */
static void bmul_factors(const NVVp1 *vp, const NVVp1Insn *in, uint32_t r1,
                         int16_t f[4])
{
    unsigned op = in->op, low = op & 3;
    uint32_t w = in->word, b;
    bool sa = false, sb = false, shift = false;
    int r = 0;

    if (!(op & 0xc)) {              /* 0x00-0x03, 0x10-0x13, 0x20-... */
        sa = w & 4;
        sb = w & 2;
        b = !(op & 0x20) ? vp->r[in->src2] :
            low == 1 ? (((w >> 9 & 0x1f) | (w & 1) << 5) << 2) * 0x01010101u :
            (w & 0xff) * 0x01010101u;
        r = (w & 0x100) && low ? (op & 0x10 ? 0x80 : 0x100) : 0;
        shift = !(op & 2);
    } else if (op == 0x1f) {
        b = vp->r[vp1_src2s(vp, in)];
    } else if (op == 0x2f || op == 0x3f) {
        b = (w >> 3 & 0xff) * 0x01010101u;
    } else if (op >= 0x34) {        /* 0x34-0x37 */
        b = (w & 0xff) * 0x01010101u;
    } else {                        /* 0x06, 0x07, 0x14-0x17 */
        b = vp->r[in->src2];
    }
    for (unsigned i = 0; i < 4; i++) {
        int p = bmul_in(byte_of(r1, i), sa) * bmul_in(byte_of(b, i), sb) + r;

        f[i] = sext(shift ? p >> 8 : p, 9);
    }
}

/*
 * Drive the s2v bus for scalar instruction @in (docs/vp1.rst
 * "Scalar-to-vector bus"), from the state before the bundle: every scalar
 * opcode puts factors on it, only the s2v opcodes a $vc mask.
 */
void vp1_s2v(Exec *x, const NVVp1Insn *in)
{
    const NVVp1 *vp = x->vp;
    unsigned op = in->op, low = op & 0xf;
    uint32_t w = in->word, r1 = vp->r[op == 0x75 ? in->dst : in->src1];
    int16_t *f = x->s2v.factor;
    S2V *s = &x->s2v;

    if (op >= 0x40) {               /* vecms's formula for all of them */
        f[0] = (r1 & 1 ? 30 : 0) + (r1 & 2 ? 480 : 0);
        f[1] = (r1 & 4 ? 30 : 0) + (r1 & 8 ? 480 : 0);
        f[2] = f[3] = 0;
    } else if (op == 0x24) {        /* vec */
        f[0] = f[1] = sext(w >> 1, 8);
        f[2] = f[3] = sext(w >> 10, 8);
    } else if (op == 0x0f) {        /* bvec */
        for (unsigned i = 0; i < 4; i++) {
            f[i] = (int8_t)byte_of(r1, i) * 2;
        }
    } else if (op == 0x04 || op == 0x05) {
        bvecmad_factors(vp, in, f);
    } else if ((low >= 8 && low != 0xf) || (op >= 0x25 && op <= 0x27)) {
        memset(f, 0, sizeof(s->factor));    /* the byte ALU */
    } else {
        bmul_factors(vp, in, r1, f);
    }
    for (unsigned i = 0; i < 2; i++) {
        s->mask[i] = ((uint32_t)f[2 * i] >> 1 & 0xff) |
                     ((uint32_t)f[2 * i + 1] >> 1 & 0xff) << 8;
    }
    if (op == 0x04 || op == 0x05 || op == 0x0f || op == 0x24 || op == 0x45) {
        s2v_vc(x, w);
    }
}

/* One scalar instruction, inlined with a constant @op (VP1_CASE1). */
static inline __attribute__((always_inline))
void scalar_op(Exec *x, const NVVp1Insn *in, bool exit_in_bundle, unsigned op)
{
    const NVVp1 *vp = x->vp;
    uint32_t w = in->word, s1 = vp->r[in->src1], s2, res = 0, val;

    switch (op) {
    case 0x65:                                          /* mov */
        vp1_wr32(x, F_R, in->dst, 3, in->imm);
        return;
    case 0x75:                                          /* sethi */
        vp1_wr32(x, F_R, in->dst, 3,
                 (vp->r[in->dst] & 0xffff) | (uint32_t)in->imm << 16);
        return;
    case 0x6a:                                          /* mov to $<RFILE> */
        rfile_write(x, w >> 3 & 0x1f, in->dst, s1);
        vp1_set_c(x, in->cdst, NV_VP1_C_SCALAR_MASK, 0);
        return;
    case 0x6b: {                                        /* mov from */
        unsigned rf = w >> 3 & 0x1f;
        /* $c/$v/$a/$l lose to an address load; $l + exit is no write. */
        bool low = rf <= 3 || rf == 11 || rf == 12 || rf == 13;

        if (rfile_read(vp, rf, in->src1, &val) &&
            !(rf == 11 && exit_in_bundle)) {
            vp1_wr32(x, F_R, in->dst, low ? 1 : 3, val);
        }
        vp1_set_c(x, in->cdst, NV_VP1_C_SCALAR_MASK, 0);
        return;
    }
    case 0x45:                                          /* vecms */
        vp1_wr32(x, F_R, in->src1, 3, (uint32_t)((int32_t)s1 >> 4));
        return;
    case 0x25 ... 0x27:                                 /* band/bor/bxor */
        val = in->imm * 0x01010101u;
        res = op == 0x25 ? s1 & val : op == 0x26 ? s1 | val : s1 ^ val;
        vp1_wr32(x, F_R, in->dst, 3, res);
        vp1_set_c(x, in->cdst, NV_VP1_C_SCALAR_MASK, 0);
        return;
    case 0x1f: case 0x2f: case 0x3f: case 0x40: case 0x43: case 0x44:
    case 0x46: case 0x47: case 0x50: case 0x52 ... 0x57: case 0x5f:
    case 0x60: case 0x66: case 0x67: case 0x6f: case 0x70:
    case 0x72 ... 0x74: case 0x76: case 0x77: case 0x7f:
        /* Unused, but clear $c (docs/vp1.rst "Scalar unit"). */
        vp1_set_c(x, in->cdst, NV_VP1_C_SCALAR_MASK, 0);
        return;
    case 0x42:                                          /* bitop */
        res = bitop(w >> 3 & 0xf, s1, vp->r[in->src2]);
        break;
    case 0x62:
        res = s1 & in->imm;
        break;
    case 0x63:
        res = s1 ^ in->imm;
        break;
    case 0x64:
        res = s1 | in->imm;
        break;
    case 0x01: case 0x02: case 0x11: case 0x12:
    case 0x21: case 0x22: case 0x31: case 0x32:       /* bmul */
        /* docs/vp1.rst "Scalar unit": SRC2 is not mangled here. */
        s2 = op & 0x20 ? (uint32_t)in->imm * 0x01010101u : vp->r[in->src2];
        for (unsigned i = 0; i < 4; i++) {
            res |= (uint32_t)bmul_lane(w, op & 0x10, byte_of(s1, i),
                                       byte_of(s2, i)) << (8 * i);
        }
        vp1_wr32(x, F_R, in->dst, 3, res);
        return;
    default:
        if (!(((op & 0xf) >= 8 && (op & 0xf) <= 0xe) ||
              (op >= 0x40 && (op & 0xf) == 1))) {
            return;                         /* nop or unknown: no effect */
        }
        s2 = vp->r[vp1_src2s(vp, in)];
        if (op & 0x20) {
            s2 = (uint32_t)in->imm * (op < 0x40 ? 0x01010101u : 1);
        }
        if (op < 0x40) {                    /* bytewise, $c output is 0 */
            bool sf;

            for (unsigned i = 0; i < 4; i++) {
                uint8_t b = (op & 0xf) == 0xe ?
                    vp1_byte_shift(byte_of(s1, i), byte_of(s2, i), op & 0x10) :
                    vp1_byte_alu(op & 0xf, op & 0x10, byte_of(s1, i),
                                 byte_of(s2, i), &sf);
                res |= (uint32_t)b << (8 * i);
            }
            vp1_wr32(x, F_R, in->dst, 3, res);
            vp1_set_c(x, in->cdst, NV_VP1_C_SCALAR_MASK, 0);
            return;
        }
        switch (op & 0xf) {
        case 0x1:
            res = (int32_t)(int16_t)s1 * (int16_t)s2;
            break;
        case 0x8 ... 0xd:
            res = vp1_alu(op & 0xf, (int32_t)s1, (int32_t)s2);
            break;
        default: {                          /* 0xe: sar, shr (bit 4) */
            int sh = sext(s2, 5);

            if (sh == -0x20) {
                sh = 0;
            }
            if (sh < 0) {
                res = s1 << -sh;
            } else {
                res = op & 0x10 ? s1 >> sh : (uint32_t)((int32_t)s1 >> sh);
            }
            break;
        }
        }
        vp1_wr32(x, F_R, in->dst, 3, res);
        /* neg's b20d is bit 20 of the result alone (docs/vp1.rst
         * "Scalar unit"). */
        vp1_set_c(x, in->cdst, NV_VP1_C_SCALAR_MASK,
                  scalar_flags(res, (op & 0xf) == 0xb ? 0 : s1, true));
        return;
    }
    /* bitop and the immediate and/xor/or: no sf, no b20d. */
    vp1_wr32(x, F_R, in->dst, 3, res);
    vp1_set_c(x, in->cdst, NV_VP1_C_SCALAR_MASK, scalar_flags(res, s1, false));
}

void vp1_exec_scalar(Exec *x, const NVVp1Insn *in, bool exit_in_bundle)
{
#define RUN(o)  scalar_op(x, in, exit_in_bundle, o)
    switch (in->op) {
    VP1_CASE16(0x00) VP1_CASE16(0x10) VP1_CASE16(0x20) VP1_CASE16(0x30)
    VP1_CASE16(0x40) VP1_CASE16(0x50) VP1_CASE16(0x60) VP1_CASE16(0x70)
    }
#undef RUN
}
