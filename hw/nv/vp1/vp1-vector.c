/* SPDX-License-Identifier: GPL-2.0-or-later */
/* qemu-nv: the VP1 vector unit (docs/hw/vdec/vpe/pvp1/vector.rst). */
#include <stdlib.h>
#include <string.h>

#include "hw/nv/card.h"
#include "vp1-internal.h"

typedef struct Mad {
    bool integer, sign, lo, rnd;
    int shift;
} Mad;

static int mad_shift(const Mad *p)
{
    return (p->integer ? 16 : p->sign ? 9 : 8) - p->shift;
}

static int32_t mad_input(uint8_t v, bool integer, bool sign)
{
    if (!sign) {
        return v;
    }
    return integer ? (int8_t)v : (int8_t)v * 2;
}

static int32_t mad_expand(int32_t v, const Mad *p)
{
    return (int32_t)((int64_t)v * (1 << mad_shift(p)));
}

/* vector.rst "mad": a + (b*c + d*e) [<< 8], rounding, 28-bit wrap. */
static int32_t mad(const Exec *x, int64_t a, int32_t b, int32_t c,
                   int32_t d, int32_t e, const Mad *p)
{
    int64_t res = a + ((int64_t)b * c + (int64_t)d * e) *
                      (p->integer ? 256 : 1);
    int rshift = mad_shift(p) - (p->lo ? 8 : 0);

    if (p->rnd && rshift > 0) {
        res += (int64_t)1 << (rshift - 1);
        if (x->vp->uc[NV_VP1_UC_CFG] & NV_VP1_UCCFG_TIERND_DOWN) {
            res -= 1;
        }
    }
    return sext((uint32_t)res, 27);
}

static uint8_t mad_read(int32_t v, const Mad *p)
{
    int rshift = mad_shift(p) - 8;
    int64_t res = rshift >= 0 ? v >> rshift : (int64_t)v * (1 << -rshift);
    int64_t lo = p->sign ? -0x8000 : 0, hi = p->sign ? 0x7fff : 0xffff;

    res = res < lo ? lo : res > hi ? hi : res;
    return p->lo ? res & 0xff : res >> 8 & 0xff;
}

/* Common Mad fields: RND bit 8, FRACTINT 3, HILO 4, SHIFT 5-7. */
static Mad mad_params(uint32_t w, bool sign)
{
    return (Mad){ .integer = w >> 3 & 1, .sign = sign, .lo = w >> 4 & 1,
                  .rnd = w >> 8 & 1, .shift = sext(w >> 5, 2) };
}

/* The lane selectors in a vector word: $vc[bits 0-1], zf half if bit 2. */
static uint32_t own_vc(const NVVp1 *vp, uint32_t w)
{
    return vp->vc[w & 3] >> (w & 4 ? 16 : 0);
}

/* A pair of s2v factors for lane @i, chosen by bit @i of @sel. */
static void pick_factors(const Exec *x, uint32_t sel, unsigned i,
                         int32_t *f1, int32_t *f2)
{
    unsigned cc = sel >> i & 1;

    *f1 = x->s2v.factor[cc];
    *f2 = x->s2v.factor[2 | cc];
}

/*
 * The 16 lane flags (0 or 1 per byte) as a bit mask.  The flags are kept
 * in bytes so that the lane loops vectorise; the multiply moves byte n's
 * bit 0 to bit 56 + n (all partial products are distinct powers of two).
 */
static uint32_t lane_bits(const uint8_t f[16])
{
    return (nv_ld_le(f, 8) * 0x0102040810204080ull) >> 56 |
           (nv_ld_le(f + 8, 8) * 0x0102040810204080ull) >> 56 << 8;
}

static void vc_out(Exec *x, unsigned vcdst, uint32_t sf, uint32_t zf)
{
    if (vcdst < 4) {
        x->vc_w = true;
        x->vc_idx = vcdst;
        x->vc_val = sf | zf << 16;
    }
}

/*
 * One vector instruction, inlined with a constant @op (VP1_CASE1): each
 * opcode gets its own lane loop with the switch resolved at compile time,
 * and the simple ones vectorise.
 */
static inline __attribute__((always_inline))
void vector_op(Exec *x, const NVVp1Insn *in, unsigned op)
{
    const NVVp1 *vp = x->vp;
    const uint8_t *s1 = vp->v[in->src1], *s2 = vp->v[in->src2];
    const uint8_t *s3 = vp->v[in->src3];
    uint32_t w = in->word;
    uint16_t c = vp1_read_c(vp, in->cond);
    uint8_t out[16], sf[16], zf[16];
    bool write_v = true, flags = true;
    Mad p;

    for (unsigned i = 0; i < 16; i++) {
        uint8_t r = 0;
        bool s = false;
        int32_t f1, f2, va;

        switch (op) {
        case 0xba:                                      /* mov */
            r = s1[i];
            break;
        case 0xad:                                      /* vmov */
            r = in->imm;
            s = r >> 7;
            break;
        case 0xbb:                                      /* mov $v <- $vc */
            r = vp->vc[i >> 2] >> (8 * (i & 3));
            flags = false;
            break;
        case 0x9b: {                                    /* vswz */
            bool hi = w >> 3 & 1;
            unsigned comp = hi ? s3[i] >> 4 : s3[i] & 0xf;
            unsigned src = hi ? s3[i] & 1 : s3[i] >> 4 & 1;

            r = src ? s2[comp] : s1[comp];
            flags = false;
            break;
        }
        case 0xa4: {                                    /* vclip */
            int v1 = (int8_t)s1[i], v2 = (int8_t)s2[i], v3 = (int8_t)s3[i];
            int lo = v2 < v3 ? v2 : v3, hi = v2 < v3 ? v3 : v2, res = v1;

            s = !(v2 < v3);
            if (res <= lo) {
                res = lo;
                s = true;
            }
            if (res >= hi) {
                res = hi;
                s = true;
            }
            r = res;
            break;
        }
        case 0xa5: {                                    /* vminabs */
            int a1 = abs((int8_t)s1[i]), a2 = abs((int8_t)s2[i]);
            int res = a1 < a2 ? a1 : a2;

            r = res > 0x7f ? 0x7f : res;
            break;
        }
        case 0x9f: {                                    /* vadd9 */
            const uint8_t *src = i < 8 ? s2 : s3;
            unsigned k = (i & 7) * 2;
            int res = s1[i] + sext(src[k] | src[k + 1] << 8, 8);

            s = res < 0 || res > 0xff;
            r = res < 0 ? 0 : res > 0xff ? 0xff : res;
            break;
        }
        case 0x8f: {                                    /* vcmpad */
            uint32_t vcin = x->s2v.vc_valid ? x->s2v.vcmask :
                            vp->vc[in->cdst & 3] & 0xffff;
            int ad = abs(vp->v[vp1_src2s(vp, in)][i] - s1[i]);
            int other = vp->v[in->src1 | 1][i];

            s = bitop(w >> 19 & 0xf, ad < other, vcin >> i & 1) & 1;
            sf[i] = s;
            zf[i] = ad == other;
            write_v = false;
            continue;
        }
        case 0x94:                                      /* vbitop */
            r = bitop(w >> 3 & 0xf, s1[i], s2[i]);
            break;
        case 0xaa:
            r = s1[i] & in->imm;
            break;
        case 0xab:
            r = s1[i] ^ in->imm;
            break;
        case 0xaf:
            r = s1[i] | in->imm;
            break;
        case 0x8e: case 0x9e: case 0xae: case 0xbe:     /* vsar, vshr */
            r = vp1_byte_shift(s1[i], op & 0x20 ? in->imm : s2[i], op & 0x10);
            s = r >> 7;
            break;
        case 0x88 ... 0x8d:
        case 0x98 ... 0x9a:
        case 0x9c:
        case 0x9d:
        case 0xa8:
        case 0xa9:
        case 0xac:
        case 0xb8:
        case 0xb9:
        case 0xbc:
        case 0xbd:
            r = vp1_byte_alu(op & 0xf, op & 0x10, s1[i],
                             op & 0x20 ? in->imm : s2[i], &s);
            break;
        case 0x90:                                      /* vlrp */
            p = mad_params(w, false);
            p.integer = p.lo = false;
            va = mad(x, mad_expand(vp->v[in->src1 | 1][i], &p),
                     s1[i] - vp->v[in->src1 | 1][i], s2[i], 0, 0, &p);
            r = mad_read(va, &p);
            flags = false;
            break;
        case 0x80 ... 0x83:
        case 0x91 ... 0x93:
        case 0xa0 ... 0xa3:
        case 0xb0 ... 0xb2:                             /* vmul, vmac */
            p = mad_params(w, !(op & 0x10));
            va = mad(x, (op & 2) ? vp->va[i] : 0,
                     mad_input(s1[i], p.integer, w >> 2 & 1),
                     mad_input(op & 0x20 ? in->imm : s2[i], p.integer,
                               w >> 1 & 1), 0, 0, &p);
            x->va[i] = va;
            x->va_w = true;
            r = mad_read(va, &p);
            write_v = (op & 3) == 1 || (op & 3) == 2;
            flags = false;
            break;
        case 0x84 ... 0x87:
        case 0x95 ... 0x97:
        case 0xa6:
        case 0xa7: {                                    /* vmad2, vmac2 */
            bool bad = op == 0x96 || op == 0xa6 || op == 0xa7;
            bool sign1 = w >> 2 & 1;
            int32_t v11, v12, a;

            p = mad_params(w, !(op & 0x10));
            v11 = mad_input(s1[i], p.integer, sign1);
            v12 = mad_input(bad ? s3[i] : vp->v[in->src1 | 1][i],
                            p.integer, sign1);
            a = op & 2 ? vp->va[i] :
                mad_expand(mad_input(s2[i], p.integer, w >> 1 & 1), &p);
            if (w & 1) {
                f1 = x->s2v.mask[0] >> i & 1 ? 0x100 : 0;
                f2 = x->s2v.mask[1] >> i & 1 ? 0x100 : 0;
            } else {
                /* The bus's $vc mask if an s2v opcode drove it, else the
                 * word's own selectors (docs/vp1.rst
                 * "Scalar-to-vector bus"). */
                pick_factors(x, x->s2v.vc_valid ? x->s2v.vcmask
                                                : own_vc(vp, w), i, &f1, &f2);
            }
            va = mad(x, a, v11, f1, v12, f2, &p);
            x->va[i] = va;
            x->va_w = true;
            r = mad_read(va, &p);
            write_v = op & 1;
            flags = false;
            break;
        }
        case 0xb3: {                                    /* vlrp2 */
            bool signs = w >> 9 & 1;
            uint8_t b0 = vp->v[quad(in->src1, c, 0)][i];
            int32_t v0 = mad_input(b0, false, signs);
            uint8_t b2 = vp->v[quad(in->src1, c, 2)][i];
            uint8_t b3 = vp->v[quad(in->src1, c, 3)][i];
            int32_t v2 = mad_input(b2, false, signs);
            int32_t v3 = mad_input(b3, false, signs);
            int32_t v0x = mad_input(w >> 10 & 1 ? b0 ^ 0x80 : b0, false, signs);

            p = mad_params(w, w >> 12 & 1);
            p.integer = p.lo = false;
            pick_factors(x, own_vc(vp, w), i, &f1, &f2);
            va = mad(x, mad_expand(v0x, &p), v2 - v0, f1, v3 - v0, f2, &p);
            if (w >> 11 & 1) {
                x->va[i] = va;
                x->va_w = true;
            }
            r = mad_read(va, &p);
            flags = false;
            break;
        }
        case 0xb4:                                      /* vlrp4a */
        case 0xb5: {                                    /* vlrpf */
            int32_t v0 = vp->v[quad(in->src1, c, 0)][i];
            int32_t v2 = vp->v[quad(in->src1, c, 2)][i];
            int32_t v3 = vp->v[quad(in->src1, c, 3)][i];

            p = mad_params(w, false);
            p.integer = false;
            p.lo = true;
            pick_factors(x, own_vc(vp, w), i, &f1, &f2);
            if (op == 0xb4) {
                x->va[i] = mad(x, mad_expand(v0, &p), v2 - v0, f1,
                               v3 - v0, f2, &p);
            } else {
                x->va[i] = mad(x, mad_expand((int8_t)s2[i], &p), v2 - v3, f1,
                               v3, f2, &p);
            }
            x->va_w = true;
            write_v = flags = false;
            break;
        }
        case 0xb6:
        case 0xb7: {                                    /* vlrp4b */
            int32_t v0, v1;

            if (in->slct == 4) {
                v0 = vp->v[quad(in->src1, c, 0)][i];
                v1 = vp->v[quad(in->src1, c, 1)][i];
            } else {
                v0 = v1 = vp->v[in->src1 ^ (c >> in->slct & 1)][i];
            }
            p = (Mad){ .sign = op & 1, .rnd = w >> 9 & 1,
                       .shift = sext(w >> 11, 2) };
            pick_factors(x, own_vc(vp, w), i, &f1, &f2);
            va = mad(x, vp->va[i], v1 - v0, f1, vp->vx[i] - v0, f2, &p);
            x->va[i] = va;
            x->va_w = true;
            r = mad_read(va, &p);
            flags = false;
            break;
        }
        default:                                        /* nop, unknown */
            return;
        }
        out[i] = r;
        sf[i] = s;
        zf[i] = r == 0;
    }
    if (write_v) {
        memcpy(vp1_wrv(x, in->dst, 3, 0xffff), out, 16);
    }
    if (flags) {
        vc_out(x, in->cdst, lane_bits(sf), lane_bits(zf));
    }
}

void vp1_exec_vector(Exec *x, const NVVp1Insn *in)
{
#define RUN(o)  vector_op(x, in, o)
    switch (in->op) {
    VP1_CASE16(0x80) VP1_CASE16(0x90) VP1_CASE16(0xa0) VP1_CASE16(0xb0)
    }
#undef RUN
}
