/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: a randomised self-check of the VP1 core.  Random
 * register state and random bundles, with words of any unit's opcode
 * range in any debug slot, run through nv_vp1_exec_slots() and through
 * the second model below, which is written apart from the core, as
 * literally as it can be, from envytools docs/hw/vdec/vpe/pvp1/
 * (intro.rst "Instruction conflicts", scalar.rst, vector.rst,
 * address.rst) and docs/vp1.rst ("Branch unit", "Data store",
 * "Measured on hardware").  Every register file and the data store must
 * agree after each bundle.
 *
 * The model knows every opcode of the four units, and the bundles draw
 * them all, except the address opcodes whose effect the docs leave open
 * (the DMA ones and 0xdb, see addr_op_known()).
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "hw/nv/vp1/vp1.h"
#include "test-host.h"

/* ---- The second model ---- */

/* The register files and the data store, as vp1.h lays them out. */
typedef struct State {
    uint32_t r[32];
    uint8_t v[32][16];
    uint32_t a[32];
    uint16_t c[4];
    uint32_t vc[4];
    int32_t va[16];
    uint8_t vx[16];
    uint16_t l[4];
    uint32_t m[64], f[2], sr[32], mi[32], uc[32], x[16];
    uint8_t ds[NV_VP1_DS_SIZE];
} State;

static void state_of(const NVVp1 *vp, State *s)
{
    memcpy(s->r, vp->r, sizeof(s->r));
    memcpy(s->v, vp->v, sizeof(s->v));
    memcpy(s->a, vp->a, sizeof(s->a));
    memcpy(s->c, vp->c, sizeof(s->c));
    memcpy(s->vc, vp->vc, sizeof(s->vc));
    memcpy(s->va, vp->va, sizeof(s->va));
    memcpy(s->vx, vp->vx, sizeof(s->vx));
    memcpy(s->l, vp->l, sizeof(s->l));
    memcpy(s->m, vp->m, sizeof(s->m));
    memcpy(s->f, vp->f, sizeof(s->f));
    memcpy(s->sr, vp->sr, sizeof(s->sr));
    memcpy(s->mi, vp->mi, sizeof(s->mi));
    memcpy(s->uc, vp->uc, sizeof(s->uc));
    memcpy(s->x, vp->x, sizeof(s->x));
    memcpy(s->ds, vp->ds, sizeof(s->ds));
}

/* A register write waiting for the end of the bundle. */
typedef struct Wr {
    char file;                  /* r a l v m s(r) i(mi) u(c) f x */
    unsigned idx, prio;         /* the highest prio lands last */
    uint32_t val;
    uint16_t bytes;             /* $v: the bytes written */
    uint8_t v[16];
} Wr;

typedef struct Model {
    const State *old;           /* every unit reads the state before */
    State *new;
    Wr w[8];
    unsigned n;
    /* The s2v bus. */
    int32_t factor[4];
    bool vc_valid;
    uint32_t vcmask;
} Model;

/* The docs' sext(val, bit): bit @bit is the sign. */
static int64_t sext(int64_t val, unsigned bit)
{
    int64_t m = (int64_t)1 << bit;

    val &= (m << 1) - 1;
    return val & m ? val - (m << 1) : val;
}

/* docs/vp1.rst "Bit operations": result bit = bit 2p + q of @op. */
static uint32_t bitop(unsigned op, uint32_t p, uint32_t q)
{
    uint32_t res = 0;

    for (unsigned b = 0; b < 32; b++) {
        res |= (uint32_t)(op >> (2 * (p >> b & 1) + (q >> b & 1)) & 1) << b;
    }
    return res;
}

/* intro.rst: $c bits 6-7, 11, 12 and 14 read 0 before G80, 15 reads 1. */
static uint16_t cval(const Model *m, unsigned i)
{
    return i < 4 ? (m->old->c[i] & 0x273f) | 0x8000 : 0;
}

static void cset(Model *m, unsigned i, uint16_t mask, uint16_t val)
{
    if (i < 4) {
        m->new->c[i] = (m->new->c[i] & ~mask) | (val & mask);
    }
}

static Wr *wr(Model *m, char file, unsigned idx, unsigned prio, uint32_t val)
{
    Wr *w = &m->w[m->n++];

    *w = (Wr) { .file = file, .idx = idx, .prio = prio, .val = val };
    return w;
}

/* A write of all of $v[@idx]. */
static void wr_v(Model *m, unsigned idx, unsigned prio, const uint8_t v[16])
{
    Wr *w = wr(m, 'v', idx, prio, 0);

    w->bytes = 0xffff;
    memcpy(w->v, v, 16);
}

static uint8_t byte(uint32_t v, unsigned i)
{
    return v >> (8 * i);
}

/* Word @k of $v[@i], bytes 4k .. 4k + 3. */
static uint32_t vword(const State *s, unsigned i, unsigned k)
{
    uint32_t res = 0;

    for (unsigned b = 0; b < 4; b++) {
        res |= (uint32_t)s->v[i][4 * k + b] << (8 * b);
    }
    return res;
}

typedef struct Fields {
    unsigned op, dst, src1, src2, src3, cdst, cond, slct;
} Fields;

static Fields fields(uint32_t w, unsigned op)
{
    return (Fields) {
        .op = op, .dst = w >> 19 & 31, .src1 = w >> 14 & 31,
        .src2 = w >> 9 & 31, .src3 = w >> 4 & 31, .cdst = w & 7,
        .cond = w >> 3 & 3, .slct = w >> 5 & 15,
    };
}

/* scalar.rst: BIMMMUL (bits 9-13, bit 0 above them) padded with two 0s. */
static unsigned bimmmul(uint32_t w)
{
    return ((w >> 9 & 0x1f) + 32 * (w & 1)) * 4;
}

/* scalar.rst "Source mangling". */
static unsigned mangle(const Model *m, const Fields *f)
{
    uint16_t c = cval(m, f->cond);

    return f->slct == 4 ? c >> 4 & 3 : c >> f->slct & 1;
}

static unsigned src2s(const Model *m, const Fields *f)
{
    unsigned u = mangle(m, f);

    if (f->slct == 4) {
        return (f->src2 & ~3u) | ((f->src2 + u) & 3);
    }
    return f->src2 ^ u;
}

/* scalar.rst: the flags of the arithmetic ops; @s1 0 for neg. */
static uint16_t sflags(uint32_t res, uint32_t s1, bool sf_b20d)
{
    uint16_t c = 0;

    c |= sf_b20d && (res >> 31 & 1) ? 1 : 0;
    c |= res == 0 ? 2 : 0;
    c |= res >> 19 & 1 ? 4 : 0;
    c |= sf_b20d && ((res ^ s1) >> 20 & 1) ? 8 : 0;
    c |= res >> 20 & 1 ? 0x10 : 0;
    c |= res >> 21 & 1 ? 0x20 : 0;
    return c;
}

/* scalar.rst "Scalar to vector data bus": the $vc mask. */
static void s2v_vcsel(Model *m, uint32_t w)
{
    static const uint8_t tab[7][16] = {
        { 2, 2, 2, 2, 6, 6, 6, 6, 10, 10, 10, 10, 14, 14, 14, 14 },
        { 4, 5, 4, 5, 4, 5, 4, 5, 12, 13, 12, 13, 12, 13, 12, 13 },
        { 0, 0, 2, 0, 4, 4, 6, 4, 8, 8, 10, 8, 12, 12, 14, 12 },
        { 1, 1, 1, 3, 5, 5, 5, 7, 9, 9, 9, 11, 13, 13, 13, 15 },
        { 0, 0, 2, 2, 4, 4, 6, 6, 8, 8, 10, 10, 12, 12, 14, 14 },
        { 1, 1, 1, 1, 5, 5, 5, 5, 9, 9, 9, 9, 13, 13, 13, 13 },
        { 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30 },
    };
    unsigned idx = w >> 19 & 3, xfrm = (w >> 22 & 3) | (w & 1) << 2;
    uint32_t val = m->old->vc[idx], val2 = m->old->vc[idx | 1];

    if (w >> 21 & 1) {
        val >>= 16;
        val2 >>= 16;
    }
    val &= 0xffff;
    val2 &= 0xffff;
    m->vc_valid = true;
    if (!xfrm) {
        m->vcmask = val;
        return;
    }
    val |= xfrm == 7 ? val2 << 16 : 0;
    m->vcmask = 0;
    for (unsigned i = 0; i < 16; i++) {
        m->vcmask |= (val >> tab[xfrm - 1][i] & 1) << i;
    }
}

/* docs/vp1.rst "Scalar-to-vector bus": the factors of every opcode. */
static void s2v(Model *m, uint32_t w, const Fields *f)
{
    const State *s = m->old;
    unsigned op = f->op;
    uint32_t r1 = s->r[op == 0x75 ? f->dst : f->src1];

    memset(m->factor, 0, sizeof(m->factor));
    if (op >= 0x40) {
        m->factor[0] = 30 * (r1 & 1) + 480 * (r1 >> 1 & 1);
        m->factor[1] = 30 * (r1 >> 2 & 1) + 480 * (r1 >> 3 & 1);
    } else if (op == 0x24) {
        m->factor[0] = m->factor[1] = sext(w >> 1, 8);
        m->factor[2] = m->factor[3] = sext(w >> 10, 8);
    } else if (op == 0x0f) {
        for (unsigned i = 0; i < 4; i++) {
            m->factor[i] = 2 * (int8_t)byte(r1, i);
        }
    } else if (op == 0x04 || op == 0x05) {
        unsigned u = mangle(m, f);
        uint32_t s2a = s->r[f->src2 | u], s2b = s->r[f->src2 | 2 | u];
        uint32_t pre = r1 >> 11 & (op == 0x04 ? 0xff : 0x7f);
        int64_t g[4];

        for (unsigned i = 0; i < 4; i++) {
            int64_t t = 256 * (int8_t)byte(s2a, i) +
                        (int64_t)pre * (int8_t)byte(s2b, i) + 64;

            /* floor(t / 128) */
            g[i] = (t - (((t % 128) + 128) % 128)) / 128;
        }
        if (op == 0x04) {
            for (unsigned i = 0; i < 4; i++) {
                m->factor[i] = g[i];
            }
        } else {
            unsigned sel = f->slct == 2 && (cval(m, f->cond) >> 7 & 1);

            m->factor[0] = m->factor[1] = g[sel];
            m->factor[2] = m->factor[3] = g[2 + sel];
        }
    } else if (((op & 0xf) >= 8 && (op & 0xf) <= 0xe) ||
               (op >= 0x25 && op <= 0x27)) {
        /* the byte ALU: zeros */
    } else {
        /* The bmul family: P = A B + R, maybe >> 8, 10 bits signed. */
        unsigned low = op & 3;
        bool first = op <= 0x03 || (op >= 0x10 && op <= 0x13) ||
                     (op >= 0x20 && op <= 0x23) || (op >= 0x30 && op <= 0x33);

        for (unsigned i = 0; i < 4; i++) {
            int64_t a = byte(r1, i), b, r = 0;
            bool shift = false;

            if (first) {
                if (!(op & 0x20)) {
                    b = byte(s->r[f->src2], i);
                } else if (low == 1) {
                    b = bimmmul(w);
                } else {
                    b = w & 0xff;
                }
                a = w >> 2 & 1 ? 2 * (int8_t)a : a;
                b = w >> 1 & 1 ? 2 * (int8_t)b : b;
                if ((w >> 8 & 1) && low) {
                    r = op & 0x10 ? 0x80 : 0x100;
                }
                shift = !(op >> 1 & 1);
            } else if (op == 0x1f) {
                b = byte(s->r[src2s(m, f)], i);
            } else if (op == 0x2f || op == 0x3f) {
                b = w >> 3 & 0xff;
            } else if (op >= 0x34 && op <= 0x37) {
                b = w & 0xff;
            } else {
                b = byte(s->r[f->src2], i);
            }
            a = a * b + r;
            if (shift) {
                a = (a - (((a % 256) + 256) % 256)) / 256;
            }
            m->factor[i] = sext(a, 9);
        }
    }
    if (op == 0x04 || op == 0x05 || op == 0x0f || op == 0x24 || op == 0x45) {
        s2v_vcsel(m, w);
    }
}

/* scalar.rst "Move to/from other register file", docs/vp1.rst $x. */
static void mov_to(Model *m, unsigned rf, unsigned i, uint32_t val)
{
    Wr *w;

    switch (rf) {
    case 0: case 1: case 2: case 3: case 18:
        rf = rf == 18 ? 2 : rf;
        w = wr(m, 'v', i, 1, 0);
        w->bytes = 0xfu << (4 * rf);
        for (unsigned b = 0; b < 4; b++) {
            w->v[4 * rf + b] = byte(val, b);
        }
        break;
    case 8:
        wr(m, 's', i, 1, val);
        break;
    case 9:
        wr(m, 'i', i, 1, val);
        break;
    case 10:
        wr(m, 'u', i, 1, val);
        break;
    case 11:
        if (i < 4) {
            wr(m, 'l', i, 1, val & 0xffff);
        }
        break;
    case 12:
        wr(m, 'a', i, 2, val);
        break;
    case 20: case 21:
        wr(m, 'm', (rf - 20) * 32 + i, 1, val);
        break;
    case 23:
        wr(m, 'f', i % 2, 1, val);
        break;
    case 24:
        wr(m, 'x', i % 16, 1, val);
        break;
    }
}

static void mov_from(Model *m, unsigned rf, unsigned i, unsigned dst,
                     bool exits)
{
    const State *s = m->old;
    uint32_t val;
    /* intro.rst: mov from $c, $v, $a, $l loses to an address load. */
    unsigned prio = rf <= 3 || rf == 11 || rf == 12 || rf == 13 ? 1 : 3;

    switch (rf) {
    case 0: case 1: case 2: case 3:
        val = vword(s, i, rf);
        break;
    case 8:
        val = s->sr[i];
        break;
    case 9:
        val = s->mi[i];
        break;
    case 10:
        val = s->uc[i];
        break;
    case 11:
        if (exits) {
            return;             /* intro.rst: no write beside exit */
        }
        val = s->l[i % 4];
        break;
    case 12:
        val = s->a[i];
        break;
    case 13:
        val = cval(m, i);
        break;
    case 20: case 21:
        val = s->m[(rf - 20) * 32 + i];
        break;
    case 23:
        val = s->f[i % 2];
        break;
    case 24:
        val = s->x[i % 16];
        break;
    default:
        return;
    }
    wr(m, 'r', dst, prio, val);
}

static int64_t clip(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* The byte ALU of scalar.rst "Simple bytewise operations". */
static int64_t byte_op(unsigned kind, int64_t s1, int64_t s2)
{
    switch (kind) {
    case 8:
        return s1 < s2 ? s1 : s2;
    case 9:
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
 * The same ALU on bytes, unsigned when opcode bit 4 is set, before the
 * clipping (scalar.rst "Simple bytewise operations", vector.rst "Simple
 * arithmetic operations": both take the low opcode nibble as the op).
 */
static int64_t byte_arith(unsigned op, uint8_t a, uint8_t b)
{
    bool uns = op & 0x10;

    return byte_op(op & 0xf, uns ? a : sext(a, 7), uns ? b : sext(b, 7));
}

static uint8_t byte_clip(unsigned op, int64_t res)
{
    return op & 0x10 ? clip(res, 0, 0xff) : clip(res, -0x80, 0x7f);
}

/* scalar.rst "bshr, bsar", vector.rst "vshr, vsar": a 4-bit signed shift. */
static uint8_t byte_shift(unsigned op, uint8_t a, uint8_t b)
{
    int64_t s1 = op & 0x10 ? a : sext(a, 7), sh = sext(b, 3);

    return sh < 0 ? s1 * ((int64_t)1 << -sh) : s1 >> sh;
}

static bool addr_stores_r(unsigned aop)
{
    return aop == 0xc6 || aop == 0xd6 || aop == 0xde;
}

static void scalar(Model *m, uint32_t w, unsigned aop, unsigned asrc1,
                   bool exits)
{
    const State *s = m->old;
    Fields f = fields(w, w >> 24 & 0x7f);
    unsigned op = f.op, kind = op & 0xf;
    uint32_t r1 = s->r[f.src1], res = 0;
    int64_t s1, s2;

    s2v(m, w, &f);
    switch (op) {
    case 0x65:
        wr(m, 'r', f.dst, 3, sext(w, 18));
        return;
    case 0x75:
        wr(m, 'r', f.dst, 3, (s->r[f.dst] & 0xffff) | (w & 0xffff) << 16);
        return;
    case 0x6a:
        /* intro.rst: the address unit's $r store takes the read port. */
        mov_to(m, w >> 3 & 31, f.dst,
               s->r[addr_stores_r(aop) ? asrc1 : f.src1]);
        cset(m, f.cdst, 0xff, 0);
        return;
    case 0x6b:
        mov_from(m, w >> 3 & 31, f.src1, f.dst, exits);
        cset(m, f.cdst, 0xff, 0);
        return;
    case 0x45:
        wr(m, 'r', f.src1, 3, (uint32_t)(sext(r1, 31) >> 4));
        return;
    case 0x42:
        res = bitop(w >> 3 & 0xf, r1, s->r[f.src2]);
        wr(m, 'r', f.dst, 3, res);
        cset(m, f.cdst, 0xff, sflags(res, r1, false));
        return;
    case 0x62: case 0x63: case 0x64:
        s2 = sext(w >> 3, 10);
        res = op == 0x62 ? r1 & s2 : op == 0x63 ? r1 ^ s2 : r1 | s2;
        wr(m, 'r', f.dst, 3, res);
        cset(m, f.cdst, 0xff, sflags(res, r1, false));
        return;
    case 0x25: case 0x26: case 0x27:
        for (unsigned i = 0; i < 4; i++) {
            uint8_t b = byte(r1, i), imm = w >> 3 & 0xff;

            b = op == 0x25 ? b & imm : op == 0x26 ? b | imm : b ^ imm;
            res |= (uint32_t)b << (8 * i);
        }
        wr(m, 'r', f.dst, 3, res);
        cset(m, f.cdst, 0xff, 0);
        return;
    case 0x01: case 0x02: case 0x11: case 0x12:
    case 0x21: case 0x22: case 0x31: case 0x32:
        for (unsigned i = 0; i < 4; i++) {
            int64_t b1 = byte(r1, i), b2, p;

            b2 = !(op & 0x20) ? byte(s->r[f.src2], i) :
                 op & 2 ? (int64_t)(w & 0xff) : bimmmul(w);
            b1 = w >> 2 & 1 ? sext(b1, 7) * 2 : b1;
            b2 = w >> 1 & 1 ? sext(b2, 7) * 2 : b2;
            p = b1 * b2;
            if (op & 0x10) {
                p = (p + (w >> 8 & 1 ? 0x80 : 0)) >> 8;
                p = clip(p, 0, 0xff);
            } else {
                p = (p + (w >> 8 & 1 ? 0x100 : 0)) >> 9;
                p = clip(p, -0x80, 0x7f);
            }
            res |= (uint32_t)(p & 0xff) << (8 * i);
        }
        wr(m, 'r', f.dst, 3, res);
        return;
    /* docs/vp1.rst "Scalar unit": these only clear $c. */
    case 0x1f: case 0x2f: case 0x3f: case 0x40: case 0x43: case 0x44:
    case 0x46: case 0x47: case 0x50: case 0x52: case 0x53: case 0x54:
    case 0x55: case 0x56: case 0x57: case 0x5f: case 0x60: case 0x66:
    case 0x67: case 0x6f: case 0x70: case 0x72: case 0x73: case 0x74:
    case 0x76: case 0x77: case 0x7f:
        cset(m, f.cdst, 0xff, 0);
        return;
    }
    if (op < 0x40 && kind >= 8 && kind <= 0xe) {
        /* scalar.rst "Simple bytewise operations", "bshr, bsar". */
        for (unsigned i = 0; i < 4; i++) {
            uint8_t a = byte(r1, i), b = op & 0x20 ? (w >> 3 & 0xff)
                                                  : byte(s->r[src2s(m, &f)], i);

            a = kind == 0xe ? byte_shift(op, a, b)
                            : byte_clip(op, byte_arith(op, a, b));
            res |= (uint32_t)a << (8 * i);
        }
        wr(m, 'r', f.dst, 3, res);
        cset(m, f.cdst, 0xff, 0);
        return;
    }
    if (op >= 0x40 && (kind == 1 || (kind >= 8 && kind <= 0xe))) {
        /* scalar.rst "Arithmetic operations". */
        s1 = sext(r1, 31);
        s2 = op & 0x20 ? sext(w >> 3, 10) : sext(s->r[src2s(m, &f)], 31);
        if (kind == 1) {
            s1 = sext(s1, 15) * sext(s2, 15);
        } else if (kind == 0xe) {
            int64_t sh = sext(s2, 5);

            s1 = op & 0x10 ? (int64_t)r1 : s1;
            sh = sh == -0x20 ? 0 : sh;
            s1 = sh < 0 ? s1 * ((int64_t)1 << -sh) : s1 >> sh;
        } else {
            s1 = byte_op(kind, s1, s2);
        }
        res = (uint32_t)s1;
        wr(m, 'r', f.dst, 3, res);
        /* neg: b20d from the result alone (docs/vp1.rst). */
        cset(m, f.cdst, 0xff, sflags(res, kind == 0xb ? 0 : r1, true));
    }
    /* Every other opcode changes nothing. */
}

/* ---- Vector unit (vector.rst) ---- */

/* "Multiplication, accumulation, and rounding": the readout parameters. */
typedef struct MadP {
    bool integer, sign, lo, rnd;
    int shift;
} MadP;

static int mad_shift(const MadP *p)
{
    return p->integer ? 16 - p->shift : p->sign ? 9 - p->shift
                                                : 8 - p->shift;
}

static int64_t mad_input(uint8_t v, bool integer, bool sign)
{
    return !sign ? v : integer ? sext(v, 7) : sext(v, 7) * 2;
}

static int64_t mad_expand(int64_t v, const MadP *p)
{
    return v * ((int64_t)1 << mad_shift(p));
}

static int64_t mad(const Model *m, int64_t a, int64_t b, int64_t c,
                   int64_t d, int64_t e, const MadP *p)
{
    int64_t res = a + (b * c + d * e) * (p->integer ? 256 : 1);
    int rshift = mad_shift(p) - (p->lo ? 8 : 0);

    if (p->rnd && rshift > 0) {
        res += (int64_t)1 << (rshift - 1);
        /* $uccfg ($uc16) bit 0: ties round down (docs/vp1.rst). */
        res -= m->old->uc[16] & 1;
    }
    return sext(res, 27);
}

static uint8_t mad_read(int64_t v, const MadP *p)
{
    int rshift = mad_shift(p) - 8;
    int64_t res = rshift >= 0 ? v >> rshift : v * ((int64_t)1 << -rshift);

    res = p->sign ? clip(res, -0x8000, 0x7fff) : clip(res, 0, 0xffff);
    return p->lo ? res & 0xff : res >> 8 & 0xff;
}

/* vector.rst get_lrp2_factors: the pair bit @i of @sel picks. */
static void lane_factors(const Model *m, uint32_t sel, unsigned i,
                         int64_t *f1, int64_t *f2)
{
    unsigned cc = sel >> i & 1;

    *f1 = m->factor[cc];
    *f2 = m->factor[2 | cc];
}

/*
 * The register quads of vlrp2 and its family and of ldax: register @k of
 * the group of 4 at @reg, rotated by $c bits 4-5.
 */
static unsigned quad(unsigned reg, uint16_t c, unsigned k)
{
    return (reg & 0x1c) | ((reg + (c >> 4 & 3) + k) & 3);
}

/*
 * The instructions built on mad (vmul, vmac, vlrp, vmad2, vmac2, vlrp2,
 * vlrp4a, vlrpf, vlrp4b): lane by lane, the 28-bit result, which may go
 * to $va and, read out, to $v[DST].  None writes $vc.
 */
static void vector_mad(Model *m, uint32_t w, const Fields *f)
{
    const State *s = m->old;
    unsigned op = f->op;
    uint16_t c = cval(m, f->cond);
    /* $vc[VCSRC], sf or zf half by VCSEL: the vlrp2 family's selectors. */
    uint32_t own = s->vc[w & 3] >> (w & 4 ? 16 : 0);
    int64_t va[16];
    uint8_t out[16];
    bool to_va = true, to_v = true;

    for (unsigned i = 0; i < 16; i++) {
        MadP p = {
            .integer = w >> 3 & 1, .sign = !(op & 0x10), .lo = w >> 4 & 1,
            .rnd = w >> 8 & 1, .shift = sext(w >> 5, 2),
        };
        uint8_t v1 = s->v[f->src1][i], v1d = s->v[f->src1 | 1][i];
        uint8_t v2 = s->v[f->src2][i], q[4];
        int64_t f1, f2, res;

        for (unsigned k = 0; k < 4; k++) {
            q[k] = s->v[quad(f->src1, c, k)][i];
        }
        switch (op) {
        case 0x90:                                      /* vlrp */
            p = (MadP) { .rnd = p.rnd, .shift = p.shift };
            res = mad(m, mad_expand(v1d, &p), v1 - v1d, v2, 0, 0, &p);
            to_va = false;
            break;
        case 0xb3: {                                    /* vlrp2 */
            bool signs = w >> 9 & 1;
            int64_t b0 = mad_input(q[0], false, signs);
            int64_t b0x = mad_input(w >> 10 & 1 ? q[0] ^ 0x80 : q[0], false,
                                    signs);

            p = (MadP) { .sign = w >> 12 & 1, .rnd = p.rnd, .shift = p.shift };
            lane_factors(m, own, i, &f1, &f2);
            res = mad(m, mad_expand(b0x, &p),
                      mad_input(q[2], false, signs) - b0, f1,
                      mad_input(q[3], false, signs) - b0, f2, &p);
            to_va = w >> 11 & 1;
            break;
        }
        case 0xb4:                                      /* vlrp4a */
        case 0xb5:                                      /* vlrpf */
            p = (MadP) { .lo = true, .rnd = p.rnd, .shift = p.shift };
            lane_factors(m, own, i, &f1, &f2);
            if (op == 0xb4) {
                res = mad(m, mad_expand(q[0], &p), q[2] - q[0], f1,
                          q[3] - q[0], f2, &p);
            } else {
                res = mad(m, mad_expand(sext(v2, 7), &p), q[2] - q[3], f1,
                          q[3], f2, &p);
            }
            to_v = false;
            break;
        case 0xb6:
        case 0xb7: {                                    /* vlrp4b */
            /* SLCT 4: the quad's registers 0 and 1, else one register. */
            uint8_t s10 = f->slct == 4 ? q[0]
                                       : s->v[f->src1 ^ (c >> f->slct & 1)][i];
            uint8_t s11 = f->slct == 4 ? q[1] : s10;

            /* ALTRND bit 9, ALTSHIFT bits 11-13. */
            p = (MadP) { .sign = op & 1, .rnd = w >> 9 & 1,
                         .shift = sext(w >> 11, 2) };
            lane_factors(m, own, i, &f1, &f2);
            res = mad(m, s->va[i], s11 - s10, f1, s->vx[i] - s10, f2, &p);
            break;
        }
        case 0x84 ... 0x87:
        case 0x95 ... 0x97:
        case 0xa6:
        case 0xa7: {                                    /* vmad2, vmac2 */
            bool bad = op == 0x96 || op == 0xa6 || op == 0xa7;
            int64_t s11 = mad_input(v1, p.integer, w >> 2 & 1);
            int64_t s12 = mad_input(bad ? s->v[f->src3][i] : v1d,
                                    p.integer, w >> 2 & 1);
            int64_t s2 = mad_input(v2, p.integer, w >> 1 & 1);

            if (w & 1) {
                uint32_t m0 = (m->factor[0] >> 1 & 0xff) |
                              (m->factor[1] >> 1 & 0xff) << 8;
                uint32_t m1 = (m->factor[2] >> 1 & 0xff) |
                              (m->factor[3] >> 1 & 0xff) << 8;

                f1 = m0 >> i & 1 ? 0x100 : 0;
                f2 = m1 >> i & 1 ? 0x100 : 0;
            } else {
                /* The bus's $vc mask only from an s2v opcode, else the
                 * word's own (docs/vp1.rst "Scalar-to-vector bus"). */
                lane_factors(m, m->vc_valid ? m->vcmask : own, i, &f1, &f2);
            }
            res = mad(m, op & 2 ? s->va[i] : mad_expand(s2, &p), s11, f1,
                      s12, f2, &p);
            /* The table: $v[DST] for odd opcodes. */
            to_v = op & 1;
            break;
        }
        default: {                                      /* vmul, vmac */
            /* The table: vmac when opcode bit 1 is set, $v[DST] for low
             * bits 1 and 2; 0xb0's immediate is BIMMBAD. */
            uint8_t b = !(op & 0x20) ? v2 : op == 0xb0 ? w & 0xff
                                                       : bimmmul(w);

            res = mad(m, op & 2 ? s->va[i] : 0,
                      mad_input(v1, p.integer, w >> 2 & 1),
                      mad_input(b, p.integer, w >> 1 & 1), 0, 0, &p);
            to_v = (op & 3) == 1 || (op & 3) == 2;
            break;
        }
        }
        va[i] = res;
        out[i] = mad_read(res, &p);
    }
    if (to_va) {
        for (unsigned i = 0; i < 16; i++) {
            m->new->va[i] = va[i];
        }
    }
    if (to_v) {
        wr_v(m, f->dst, 3, out);
    }
}

/*
 * The byte-wise instructions: lane @i's result and *@sf, the sign flag
 * each section of vector.rst defines for it.
 */
static uint8_t vector_byte(const Model *m, uint32_t w, const Fields *f,
                           unsigned i, bool *sf)
{
    const State *s = m->old;
    unsigned op = f->op, imm = w >> 3 & 0xff;
    uint8_t a = s->v[f->src1][i], b = op & 0x20 ? imm : s->v[f->src2][i];
    const uint8_t *v2 = s->v[f->src2], *v3 = s->v[f->src3];
    int64_t res, lo, hi;

    *sf = false;
    switch (op) {
    case 0xba:                                          /* mov */
        return a;
    case 0xad:                                          /* vmov */
        *sf = imm >> 7;
        return imm;
    case 0xbb:                                          /* mov $v <- $vc */
        return s->vc[i / 4] >> (8 * (i % 4));
    case 0x9b: {                                        /* vswz */
        uint8_t sel = v3[i];
        bool hi_sel = w >> 3 & 1;
        unsigned comp = hi_sel ? sel >> 4 : sel & 0xf;
        bool second = hi_sel ? sel & 1 : sel >> 4 & 1;

        return second ? v2[comp] : s->v[f->src1][comp];
    }
    case 0x94:                                          /* vbitop */
        return bitop(w >> 3 & 0xf, a, b);
    case 0xaa:
        return a & imm;
    case 0xab:
        return a ^ imm;
    case 0xaf:
        return a | imm;
    case 0x8e: case 0x9e: case 0xae: case 0xbe:         /* vsar, vshr */
        a = byte_shift(op, a, b);
        *sf = a >> 7;
        return a;
    case 0xa4: {                                        /* vclip */
        int64_t x = sext(a, 7), e2 = sext(v2[i], 7), e3 = sext(v3[i], 7);

        lo = e2 < e3 ? e2 : e3;
        hi = e2 < e3 ? e3 : e2;
        *sf = !(e2 < e3) || x <= lo || x >= hi;
        return x <= lo ? lo : x >= hi ? hi : x;
    }
    case 0xa5: {                                        /* vminabs */
        int64_t x = llabs(sext(a, 7)), y = llabs(sext(v2[i], 7));

        return clip(x < y ? x : y, 0, 0x7f);
    }
    case 0x9f: {                                        /* vadd9 */
        const uint8_t *src = i < 8 ? v2 : v3;
        unsigned k = 2 * (i % 8);

        res = a + sext(src[k] | src[k + 1] << 8, 8);
        *sf = res < 0 || res > 0xff;
        return clip(res, 0, 0xff);
    }
    default:                    /* vmin, vmax, vabs, vneg, vadd, vsub */
        res = byte_arith(op, a, b);
        /* Unsigned: sf flags a clipped result; signed: the sign. */
        *sf = op & 0x10 ? res < 0 || res > 0xff : res < 0;
        return byte_clip(op, res);
    }
}

static void vc_write(Model *m, unsigned vcdst, uint32_t sf, uint32_t zf)
{
    if (vcdst < 4) {
        m->new->vc[vcdst] = sf | zf << 16;
    }
}

static void vector(Model *m, uint32_t w)
{
    const State *s = m->old;
    Fields f = fields(w, 0x80 | (w >> 24 & 0x3f));
    unsigned op = f.op;
    uint32_t sf = 0, zf = 0;
    uint8_t out[16];

    switch (op) {
    case 0x80 ... 0x87:
    case 0x90 ... 0x93:
    case 0x95 ... 0x97:
    case 0xa0 ... 0xa3:
    case 0xa6:
    case 0xa7:
    case 0xb0 ... 0xb7:
        vector_mad(m, w, &f);
        return;
    case 0x8f: {                                        /* vcmpad */
        /* docs/vp1.rst "Bit operations": sf = CMPOP bit 2 lt + vcin. */
        uint32_t vcin = m->vc_valid ? m->vcmask : s->vc[f.cdst & 3] & 0xffff;

        for (unsigned i = 0; i < 16; i++) {
            int ad = abs(s->v[src2s(m, &f)][i] - s->v[f.src1][i]);
            int other = s->v[f.src1 | 1][i];

            sf |= (uint32_t)((w >> 19 & 0xf) >> (2 * (ad < other) +
                                                  (vcin >> i & 1)) & 1) << i;
            zf |= (uint32_t)(ad == other) << i;
        }
        vc_write(m, f.cdst, sf, zf);
        return;
    }
    case 0xbf:                                          /* nop */
        return;
    }
    for (unsigned i = 0; i < 16; i++) {
        bool lane_sf;

        out[i] = vector_byte(m, w, &f, i, &lane_sf);
        sf |= (uint32_t)lane_sf << i;
        zf |= (uint32_t)(out[i] == 0) << i;
    }
    wr_v(m, f.dst, 3, out);
    /* vswz and mov from $vc have no $vc output. */
    if (op != 0x9b && op != 0xbb) {
        vc_write(m, f.cdst, sf, zf);
    }
}

/* ---- Address unit (address.rst) ---- */

/* address.rst "The data store": DS[bank, cell, hilo] as a byte index. */
static unsigned ds_byte(unsigned bank, unsigned cell, unsigned hilo)
{
    return (bank * 256 + cell) * 2 + hilo;
}

/* address_xlat; the stride is the code of $a bits 30-31. */
static unsigned xlat(uint32_t addr, unsigned stride)
{
    unsigned bank = addr & 0xf;

    bank += stride == 0 ? addr >> 5 & 7 : addr >> (4 + stride);
    return ds_byte(bank & 0xf, addr >> 5 & 0xff, addr >> 4 & 1);
}

/*
 * The bytes of a horizontal (@kind 0), vertical (1) or scalar (2)
 * access at @addr, as addresses_horizontal, addresses_vertical and
 * addresses_horizontal_short give them; returns how many.
 */
static unsigned ds_access(uint32_t addr, unsigned stride, unsigned kind,
                          unsigned idx[16])
{
    unsigned n = kind == 2 ? 4 : 16, y = 4 + stride;

    for (unsigned i = 0; i < n; i++) {
        uint32_t at = kind == 0 ? (addr & 0x1ff0) | i :
                      kind == 1 ? (addr & 0x1fff & ~(0xfu << y)) | i << y :
                                  (addr & 0x1ffc) | i;

        idx[i] = xlat(at, stride);
    }
    return n;
}

/* $a's addr field (bits 0-15) plus @inc, the rest kept. */
static uint32_t add_addr(uint32_t a, uint32_t inc)
{
    return (a & 0xffff0000u) | ((a + inc) & 0xffff);
}

/* The short address flag: @addr against @a's limit (bits 16-29). */
static void set_end(Model *m, unsigned cdst, uint32_t a, uint32_t addr)
{
    cset(m, cdst, 0x400, (addr & 0xffff) >= (a >> 16 & 0x3fff) ? 0x400 : 0);
}

/*
 * The loads and stores of address.rst ("Load", "Load and add", "Store",
 * "Store and add", "Load extra and add").  Opcode bits 0-1 choose the
 * access (horizontal, vertical, scalar), bit 2 a store; below 0xd8 the
 * address register steps after the access, by $a[SRC2S] (0xc*) or the
 * signed IMM (0xd*); from 0xd8 on it is ORed with UIMM.  @vsrc and @rsrc
 * are the registers a store reads after the port sharing.
 */
static void load_store(Model *m, uint32_t w, const Fields *f, unsigned vsrc,
                       unsigned rsrc)
{
    const State *s = m->old;
    unsigned op = f->op, kind = op & 3, idx[16], n;
    bool store = op & 4, step = op < 0xd8;
    unsigned areg = store ? f->dst : f->src1;
    uint32_t a = s->a[areg], uimm = w >> 3 & 0x7ff, val = 0;
    uint8_t data[16];

    n = ds_access(step ? a & 0xffff : (a & 0xffff) | uimm, a >> 30, kind, idx);
    for (unsigned i = 0; i < n; i++) {
        if (store) {
            m->new->ds[idx[i]] = kind == 2 ? byte(s->r[rsrc], i)
                                           : s->v[vsrc][i];
        } else {
            data[i] = s->ds[idx[i]];
        }
    }
    if (!store && kind == 2) {
        for (unsigned i = 0; i < 4; i++) {
            val |= (uint32_t)data[i] << (8 * i);
        }
        wr(m, 'r', f->dst, 2, val);
    } else if (op == 0xc8 || op == 0xc9) {
        /* ldax: $vx, and the quad's $v when $c[COND] bit SLCT is set. */
        uint16_t c = cval(m, f->cond);

        memcpy(m->new->vx, data, 16);
        if (c >> f->slct & 1) {
            wr_v(m, quad(f->dst, c, 0), 2, data);
        }
    } else if (!store) {
        wr_v(m, f->dst, 2, data);
    }
    if (step) {
        a = add_addr(a, op & 0x10 ? (uint32_t)sext(w >> 3, 10)
                                  : s->a[src2s(m, f)]);
        wr(m, 'a', areg, 1, a);
        set_end(m, f->cdst, a, a);
    } else {
        set_end(m, f->cdst, a, a + uimm);
    }
}

/*
 * @sw: the bundle's scalar word, or NULL.  intro.rst "Instruction
 * conflicts": beside a scalar mov from $v (RFILE 0-3) the $v the address
 * unit reads (stores, ldr, star) is the mov's; docs/vp1.rst "Read ports":
 * beside bvecmad(sel) an $r store stores bvecmad's third source.
 */
static void address(Model *m, uint32_t w, const uint32_t *sw)
{
    const State *s = m->old;
    Fields f = fields(w, 0xc0 | (w >> 24 & 0x1f));
    /* No scalar word: as if it were the scalar nop. */
    Fields sc = fields(sw ? *sw : 0, sw ? *sw >> 24 & 0x7f : 0x4f);
    bool mov_v = sc.op == 0x6b && (*sw >> 3 & 31) <= 3;
    bool bvecmad = sc.op == 0x04 || sc.op == 0x05;
    unsigned vsrc = mov_v ? sc.src1 : f.op == 0xd7 && !(w & 1) ? f.src2
                                                               : f.src1;
    uint32_t a, res;
    uint8_t data[16];

    switch (f.op) {
    case 0xcc:
        wr(m, 'a', f.dst, 1, (s->a[f.dst] & 0xffff0000u) | (w & 0xffff));
        return;
    case 0xcd:
        wr(m, 'a', f.dst, 1, (s->a[f.dst] & 0xffff) | (w & 0xffff) << 16);
        return;
    case 0xcb:
    case 0xd3:
        res = f.op == 0xcb ? s->a[f.src1] + s->a[src2s(m, &f)]
                           : bitop(w >> 3 & 0xf, s->a[f.src1], s->a[f.src2]);
        wr(m, 'a', f.dst, 1, res);
        cset(m, f.cdst, 0x300, (res >> 31 ? 0x100 : 0) | (res ? 0 : 0x200));
        return;
    case 0xca:
        res = add_addr(s->a[f.dst], s->a[src2s(m, &f)]);
        wr(m, 'a', f.dst, 1, res);
        set_end(m, f.cdst, res, res);
        return;
    case 0xd7:
        if (w & 1) {
            /* star: one cell in every bank; no $c output. */
            a = s->a[f.dst];
            for (unsigned i = 0; i < 16; i++) {
                unsigned at = (a & 0xffff) >> 4;

                m->new->ds[ds_byte(i, at >> 1 & 0xff, at & 1)] =
                    s->v[vsrc][i];
            }
            wr(m, 'a', f.dst, 1, add_addr(a, s->a[src2s(m, &f)]));
        } else {
            /* ldr: a cell per bank, from $v[SRC2]'s bytes. */
            for (unsigned i = 0; i < 16; i++) {
                unsigned at = (s->a[f.src1] & 0xffff) >> 4 | s->v[vsrc][i];

                data[i] = s->ds[ds_byte(i, at >> 1 & 0xff, at & 1)];
            }
            wr_v(m, f.dst, 2, data);
        }
        return;
    case 0xc0 ... 0xc2:
    case 0xc4 ... 0xc6:
    case 0xc8:
    case 0xc9:
    case 0xd0 ... 0xd2:
    case 0xd4 ... 0xd6:
    case 0xd8 ... 0xda:
    case 0xdc ... 0xde:
        load_store(m, w, &f, vsrc,
                   bvecmad ? sc.src2 | 2 | mangle(m, &sc) : f.src1);
        return;
    }
    /* 0xdf, the nop; the opcodes the docs leave open are never drawn. */
}

/* ---- Branch unit (docs/vp1.rst "Branch unit") ---- */

static void branch(Model *m, uint32_t w)
{
    const State *s = m->old;
    unsigned op = 0xe0 | (w >> 24 & 0x1f), lzf = 1;

    if (op == 0xea || op == 0xef || op == 0xff) {
        return;
    }
    if (op == 0xf0) {
        wr(m, 'l', w >> 19 & 3, 2, w & 0xffff);
        cset(m, w >> 19 & 3, 0x2000, w & 0xff ? 0 : 0x2000);
        return;
    }
    if (op <= 0xe7 && (op & 1)) {
        /* A loop step: $l[bits 3-4] stepped into $l[bits 0-1]. */
        uint32_t l = s->l[w >> 3 & 3], cnt = l & 0xff;

        l = (l & 0xff00) | (cnt ? cnt - 1 : l >> 8);
        wr(m, 'l', w & 3, 2, l);
        lzf = !(l & 0xff);
    }
    if (!(w & 4)) {
        cset(m, w & 3, 0x2000, lzf ? 0x2000 : 0);
    }
}

/* ---- The bundle ---- */

static void commit(Model *m)
{
    State *n = m->new;

    for (unsigned prio = 0; prio <= 3; prio++) {
        for (unsigned k = 0; k < m->n; k++) {
            const Wr *w = &m->w[k];

            if (w->prio != prio) {
                continue;
            }
            switch (w->file) {
            case 'r':
                if (w->idx != 31) {
                    n->r[w->idx] = w->val;
                }
                break;
            case 'a':
                n->a[w->idx] = w->val;
                break;
            case 'l':
                n->l[w->idx] = w->val;
                break;
            case 'm':
                n->m[w->idx] = w->val;
                break;
            case 's':
                n->sr[w->idx] = w->val;
                break;
            case 'i':
                n->mi[w->idx] = w->val;
                break;
            case 'u':
                n->uc[w->idx] = w->val;
                break;
            case 'f':
                n->f[w->idx] = w->val;
                break;
            case 'x':
                n->x[w->idx] = w->val;
                break;
            default:
                for (unsigned b = 0; b < 16; b++) {
                    if (w->bytes >> b & 1) {
                        n->v[w->idx][b] = w->v[b];
                    }
                }
                break;
            }
        }
    }
}

/* The slots: address, scalar, vector, branch; @valid bit n for slot n. */
static void model_bundle(const State *old, State *s,
                         const uint32_t slot[NV_VP1_UNITS], unsigned valid)
{
    Model m = { .old = old, .new = s };
    uint32_t aw = slot[NV_VP1_UNIT_ADDRESS], sw = slot[NV_VP1_UNIT_SCALAR];
    bool av = valid >> NV_VP1_UNIT_ADDRESS & 1;
    bool sv = valid >> NV_VP1_UNIT_SCALAR & 1;
    bool bv = valid >> NV_VP1_UNIT_BRANCH & 1;
    bool exits = bv && (slot[NV_VP1_UNIT_BRANCH] >> 24 & 0x1f) == 0x1f;

    if (sv) {
        scalar(&m, sw, av ? 0xc0 | (aw >> 24 & 0x1f) : 0, aw >> 14 & 31,
               exits);
    }
    if (valid >> NV_VP1_UNIT_VECTOR & 1) {
        vector(&m, slot[NV_VP1_UNIT_VECTOR]);
    }
    if (av) {
        address(&m, aw, sv ? &sw : NULL);
    }
    if (bv) {
        branch(&m, slot[NV_VP1_UNIT_BRANCH]);
    }
    commit(&m);
}

/* ---- The check ---- */

/*
 * What the address opcodes the docs leave open do is not known: the DMA
 * ones (xdld 0xc3, xdst 0xc7, xdbar 0xce, xdwait 0xcf; address.rst names
 * them, docs/vp1.rst "Data store" gives their fields only) and 0xdb.
 * The model has nothing to say about them, so they are not drawn.
 */
static bool addr_op_known(unsigned op)
{
    return op != 0xc3 && op != 0xc7 && op != 0xce && op != 0xcf &&
           op != 0xdb;
}

static void random_state(ThRng *g, NVVp1 *vp)
{
    uint8_t *ds = vp->ds;

    for (unsigned i = 0; i < 32; i++) {
        vp->r[i] = i == 31 ? 0 : th_rnd(g);
        vp->a[i] = th_rnd(g);
        vp->sr[i] = th_rnd(g);
        vp->mi[i] = th_rnd(g);
        vp->uc[i] = th_rnd(g);
        for (unsigned b = 0; b < 16; b++) {
            vp->v[i][b] = th_rnd(g);
        }
    }
    for (unsigned i = 0; i < 64; i++) {
        vp->m[i] = th_rnd(g);
    }
    for (unsigned i = 0; i < 16; i++) {
        vp->x[i] = th_rnd(g);
        vp->va[i] = sext(th_rnd(g), 27);
        vp->vx[i] = th_rnd(g);
    }
    for (unsigned i = 0; i < 4; i++) {
        vp->c[i] = th_rnd(g) & 0x273f;
        vp->vc[i] = th_rnd(g);
        vp->l[i] = th_rnd(g);
    }
    vp->f[0] = th_rnd(g);
    vp->f[1] = th_rnd(g);
    for (unsigned i = 0; i < NV_VP1_DS_SIZE; i++) {
        ds[i] = th_rnd(g);
    }
}

/*
 * A random word for slot @unit: any opcode bits (so the word may name
 * another unit), except that the address unit does not get one it would
 * run as an opcode outside addr_op_known().
 */
static uint32_t random_word(ThRng *g, unsigned unit)
{
    uint32_t w;

    do {
        w = th_rnd(g);
    } while (unit == NV_VP1_UNIT_ADDRESS &&
             !addr_op_known(0xc0 | (w >> 24 & 0x1f)));
    return w;
}

static void check_same(const State *a, const State *b, const uint32_t *slot,
                       unsigned valid)
{
    if (!memcmp(a, b, sizeof(*a))) {
        return;
    }
    g_test_message("bundle A %08x S %08x V %08x B %08x valid %x",
                   slot[0], slot[1], slot[2], slot[3], valid);
    for (unsigned i = 0; i < 32; i++) {
        if (a->r[i] != b->r[i]) {
            g_test_message("$r%u core %08x model %08x", i, a->r[i], b->r[i]);
        }
        if (a->a[i] != b->a[i]) {
            g_test_message("$a%u core %08x model %08x", i, a->a[i], b->a[i]);
        }
        if (memcmp(a->v[i], b->v[i], 16)) {
            for (unsigned k = 0; k < 16; k++) {
                g_test_message("$v%u[%u] core %02x model %02x", i, k,
                               a->v[i][k], b->v[i][k]);
            }
        }
    }
    for (unsigned i = 0; i < 4; i++) {
        g_test_message("$c%u core %04x model %04x; $vc%u %08x %08x; $l%u "
                       "%04x %04x", i, a->c[i], b->c[i], i, a->vc[i],
                       b->vc[i], i, a->l[i], b->l[i]);
    }
    g_test_message("$va %s, ds %s, other files %s",
                   memcmp(a->va, b->va, sizeof(a->va)) ? "differ" : "agree",
                   memcmp(a->ds, b->ds, sizeof(a->ds)) ? "differs" : "agrees",
                   memcmp(a->m, b->m, sizeof(a->m)) ||
                   memcmp(a->x, b->x, sizeof(a->x)) ||
                   memcmp(a->uc, b->uc, sizeof(a->uc)) ? "differ" : "agree");
    g_assert_not_reached();
}

static void test_random_bundles(void)
{
    ThRng rng = { 19 }, *g = &rng;
    NVVp1 *core = g_new0(NVVp1, 1);
    State *before = g_new0(State, 1), *model = g_new0(State, 1);
    State *after = g_new0(State, 1);

    nv_vp1_reset(core);
    for (unsigned n = 0; n < 400000; n++) {
        uint32_t slot[NV_VP1_UNITS];
        unsigned valid = 0;

        if (n % 64 == 0) {
            random_state(g, core);
        }
        for (unsigned u = 0; u < NV_VP1_UNITS; u++) {
            slot[u] = random_word(g, u);
            valid |= (th_rnd(g) % 4 != 0) << u;
        }
        state_of(core, before);
        memcpy(model, before, sizeof(*model));
        nv_vp1_exec_slots(core, slot, valid);
        model_bundle(before, model, slot, valid);
        state_of(core, after);
        check_same(after, model, slot, valid);
    }
    g_free(core);
    g_free(before);
    g_free(model);
    g_free(after);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/vp1/model/random-bundles", test_random_bundles);
    return g_test_run();
}
