/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: vertex programs as Mesa's nv30 gallium driver
 * emits them, run on XF.
 *
 * The encoder below follows Mesa 22.3's src/gallium/drivers/nouveau/nv30/
 * nvfx_vertprog.c (nvfx_vp_emit, emit_dst, emit_src) and the field
 * positions of nv30_vertprog.h (Rankine) and nv40_vertprog.h (Curie),
 * written apart from our own encoder (xf-isa.c), so the test checks our
 * decoding of the inferred fields (docs/xf.rst) against the programs a
 * real driver sends.  Mesa numbers an instruction's four words as it
 * uploads them: word 0 first, bits 127-96.
 *
 * The program is kmscube's vertex shader as Mesa translates it: the
 * matrix products as MUL/MAD chains on the matrix columns, the division
 * by w as RCP and MUL, normalize() as DP3, RSQ of the absolute value and
 * MUL, max() as MAX, the varying in TEXCOORD0 (a GENERIC output), and the
 * user clip plane epilogue Mesa appends (a DP4 of the position with
 * constant 0, where the driver keeps clip plane 0).  User constants start
 * at 6 (Mesa's vertex constant heap leaves 0-5 to the clip planes).
 */
#include <glib.h>
#include <string.h>

#include "hw/nv/xf/idx.h"
#include "hw/nv/xf/xf.h"
#include "test-host.h"

/* Source register types (both headers' SRC_REG_TYPE). */
enum { NONE, TEMP, INPUT, CONST };
/* Destinations: a temp, an output register, or none. */
enum { D_NONE, D_TEMP, D_OUT };

typedef struct MSrc {
    uint8_t type;
    uint16_t index;
    uint8_t swz[4];
    bool neg, abs;
} MSrc;

typedef struct MInsn {
    bool sca;                   /* the scalar slot (Mesa's op >> 7) */
    uint8_t op;
    uint8_t dst_type, dst;
    uint8_t mask;               /* X = 8 ... W = 1 */
    MSrc src[3];
} MInsn;

#define XYZW    { 0, 1, 2, 3 }
#define XXXX    { 0, 0, 0, 0 }
#define YYYY    { 1, 1, 1, 1 }
#define ZZZZ    { 2, 2, 2, 2 }
#define WWWW    { 3, 3, 3, 3 }
#define S(t, i, sw)     { .type = (t), .index = (i), .swz = sw }
#define SN(t, i, sw)    { .type = (t), .index = (i), .swz = sw, .neg = true }
#define SA(t, i, sw)    { .type = (t), .index = (i), .swz = sw, .abs = true }
#define NO              { .type = NONE, .swz = XYZW }

/* The vector and scalar opcodes (Mesa's nvfx_shader.h). */
#define OP_MOV 0x01
#define OP_MUL 0x02
#define OP_ADD 0x03
#define OP_MAD 0x04
#define OP_DP3 0x05
#define OP_DP4 0x07
#define OP_MAX 0x0a
#define OP_SLT 0x0b
#define OP_RCP 0x02
#define OP_RSQ 0x04

/* Output registers: Rankine's and Curie's numbering differ. */
typedef struct Outs {
    uint8_t pos, col0, tc0, clp0;
    uint8_t clp0_mask;          /* Curie keeps distance 0 in FOGC.y */
} Outs;
static const Outs nv30_outs = { 0, 3, 8, 17, 8 };
static const Outs nv40_outs = { 0, 1, 7, 5, 4 };

/* A source's 17 (Curie) or 15 (Rankine) bits, emit_src's "sr". */
static uint32_t src_bits(bool nv40, const MSrc *s, uint32_t *hw)
{
    uint32_t sr = s->type == NONE ? INPUT : s->type;
    unsigned swz_x = nv40 ? 14 : 12;

    if (s->type == TEMP) {
        sr |= (uint32_t)s->index << 2;
    } else if (s->type == INPUT) {
        hw[1] |= (uint32_t)s->index << (nv40 ? 8 : 9);
    } else if (s->type == CONST) {
        /* the relocation nv30_vertprog.c applies at upload: 9 bits */
        hw[1] |= (uint32_t)(s->index & 0x1ff) << (nv40 ? 12 : 14);
    }
    if (s->neg) {
        sr |= nv40 ? 1u << 16 : 1u << 14;
    }
    for (unsigned c = 0; c < 4; c++) {
        sr |= (uint32_t)s->swz[c] << (swz_x - 2 * c);
    }
    return sr;
}

static void emit(bool nv40, const MInsn *in, bool last, uint32_t hw[4])
{
    memset(hw, 0, 16);
    /* cc_test TR (7) with the identity condition swizzle */
    hw[0] |= 7u << (nv40 ? 10 : 11);
    hw[0] |= (0u << 6 | 1u << 4 | 2u << 2 | 3u) << (nv40 ? 2 : 3);
    if (!nv40) {
        if (in->sca) {
            hw[0] |= (uint32_t)(in->op >> 4);
            hw[1] |= (uint32_t)(in->op & 0xf) << 28;
        } else {
            hw[1] |= (uint32_t)in->op << 23;
        }
        hw[3] |= (uint32_t)in->mask << (in->dst_type == D_OUT ?
                                        (in->sca ? 16 : 12) :
                                        (in->sca ? 24 : 20));
    } else if (!in->sca) {
        hw[1] |= (uint32_t)in->op << 22;
        hw[3] |= 0x1fu << 7;
        hw[3] |= (uint32_t)in->mask << 13;
    } else {
        hw[1] |= (uint32_t)in->op << 27;
        hw[0] |= 0x3fu << 15;
        hw[3] |= (uint32_t)in->mask << 17;
    }
    /* emit_dst */
    switch (in->dst_type) {
    case D_NONE:
        if (!nv40) {
            hw[0] |= 0xfu << 16;
        } else {
            hw[3] |= 31u << 2;
            if (!in->sca) {
                hw[0] |= 0x3fu << 15;
            } else {
                hw[3] |= 0x1fu << 7;
            }
        }
        break;
    case D_TEMP:
        if (!nv40) {
            hw[0] |= (uint32_t)in->dst << 16;
        } else {
            hw[3] |= 31u << 2;
            if (!in->sca) {
                hw[0] |= (uint32_t)in->dst << 15;
            } else {
                hw[3] |= (uint32_t)in->dst << 7;
            }
        }
        break;
    default:
        if (!nv40) {
            hw[3] |= (uint32_t)in->dst << 2;
            hw[0] |= 0x1fu << 16;
            hw[3] |= 0x800;     /* the bit Mesa sets for outputs */
        } else {
            hw[3] |= (uint32_t)in->dst << 2;
            if (!in->sca) {
                hw[0] |= 1u << 30 | 0x3fu << 15;
            } else {
                hw[3] |= 1u << 12 | 0x1fu << 7;
            }
        }
        break;
    }
    /* emit_src: SRC0 high/low, SRC1, SRC2 high/low; ABS bits 21-23 */
    for (unsigned i = 0; i < 3; i++) {
        uint32_t sr = src_bits(nv40, &in->src[i], hw);

        if (in->src[i].abs) {
            hw[0] |= 1u << (21 + i);
        }
        if (i == 0 && nv40) {
            hw[1] |= (sr & 0x1fe00) >> 9;
            hw[2] |= (sr & 0x1ff) << 23;
        } else if (i == 0) {
            hw[1] |= (sr & 0x7fc0) >> 6;
            hw[2] |= (sr & 0x3f) << 26;
        } else if (i == 1) {
            hw[2] |= sr << (nv40 ? 6 : 11);
        } else if (nv40) {
            hw[2] |= (sr & 0x1f800) >> 11;
            hw[3] |= (sr & 0x7ff) << 21;
        } else {
            hw[2] |= (sr & 0x7ff0) >> 4;
            hw[3] |= (sr & 0xf) << 28;
        }
    }
    if (last) {
        hw[3] |= 1;             /* NVFX_VP_INST_LAST */
    }
}

/*
 * kmscube's vertex shader.  Constants: c6-c9 the model-view-projection
 * matrix's columns, c10-c13 the model-view matrix's, c14-c16 the normal
 * matrix's, c17 lightSource = (2, 2, 20, 0), c18 = (0, 1, 0, 0) (the
 * shader's 0.0 and 1.0).  Inputs: v0 in_position, v1 in_normal, v2
 * in_color.
 */
static unsigned kmscube(const Outs *o, MInsn *p)
{
    const MInsn prog[] = {
        /* gl_Position = modelviewprojectionMatrix * in_position */
        { 0, OP_MUL, D_TEMP, 0, 0xf, { S(CONST, 6, XYZW), S(INPUT, 0, XXXX), NO } },
        { 0, OP_MAD, D_TEMP, 0, 0xf,
          { S(CONST, 7, XYZW), S(INPUT, 0, YYYY), S(TEMP, 0, XYZW) } },
        { 0, OP_MAD, D_TEMP, 0, 0xf,
          { S(CONST, 8, XYZW), S(INPUT, 0, ZZZZ), S(TEMP, 0, XYZW) } },
        { 0, OP_MAD, D_TEMP, 0, 0xf,
          { S(CONST, 9, XYZW), S(INPUT, 0, WWWW), S(TEMP, 0, XYZW) } },
        /* vPosition4 = modelviewMatrix * in_position */
        { 0, OP_MUL, D_TEMP, 1, 0xf, { S(CONST, 10, XYZW), S(INPUT, 0, XXXX), NO } },
        { 0, OP_MAD, D_TEMP, 1, 0xf,
          { S(CONST, 11, XYZW), S(INPUT, 0, YYYY), S(TEMP, 1, XYZW) } },
        { 0, OP_MAD, D_TEMP, 1, 0xf,
          { S(CONST, 12, XYZW), S(INPUT, 0, ZZZZ), S(TEMP, 1, XYZW) } },
        { 0, OP_MAD, D_TEMP, 1, 0xf,
          { S(CONST, 13, XYZW), S(INPUT, 0, WWWW), S(TEMP, 1, XYZW) } },
        /* vPosition3 = vPosition4.xyz / vPosition4.w */
        { 1, OP_RCP, D_TEMP, 2, 0x8, { NO, NO, S(TEMP, 1, WWWW) } },
        { 0, OP_MUL, D_TEMP, 1, 0xe, { S(TEMP, 1, XYZW), S(TEMP, 2, XXXX), NO } },
        /* vLightDir = normalize(lightSource.xyz - vPosition3) */
        { 0, OP_ADD, D_TEMP, 1, 0xe, { S(CONST, 17, XYZW), NO, SN(TEMP, 1, XYZW) } },
        { 0, OP_DP3, D_TEMP, 2, 0x8, { S(TEMP, 1, XYZW), S(TEMP, 1, XYZW), NO } },
        { 1, OP_RSQ, D_TEMP, 2, 0x8, { NO, NO, SA(TEMP, 2, XXXX) } },
        { 0, OP_MUL, D_TEMP, 1, 0xe, { S(TEMP, 1, XYZW), S(TEMP, 2, XXXX), NO } },
        /* vEyeNormal = normalMatrix * in_normal */
        { 0, OP_MUL, D_TEMP, 3, 0xe, { S(CONST, 14, XYZW), S(INPUT, 1, XXXX), NO } },
        { 0, OP_MAD, D_TEMP, 3, 0xe,
          { S(CONST, 15, XYZW), S(INPUT, 1, YYYY), S(TEMP, 3, XYZW) } },
        { 0, OP_MAD, D_TEMP, 3, 0xe,
          { S(CONST, 16, XYZW), S(INPUT, 1, ZZZZ), S(TEMP, 3, XYZW) } },
        /* diff = max(0.0, dot(vEyeNormal, vLightDir)) */
        { 0, OP_DP3, D_TEMP, 2, 0x8, { S(TEMP, 3, XYZW), S(TEMP, 1, XYZW), NO } },
        { 0, OP_MAX, D_TEMP, 2, 0x8, { S(CONST, 18, XXXX), S(TEMP, 2, XXXX), NO } },
        /* vVaryingColor = vec4(diff * in_color.rgb, 1.0) */
        { 0, OP_MUL, D_OUT, o->tc0, 0xe,
          { S(TEMP, 2, XXXX), S(INPUT, 2, XYZW), NO } },
        { 0, OP_MOV, D_OUT, o->tc0, 0x1, { S(CONST, 18, YYYY), NO, NO } },
        /* Mesa's epilogue: HPOS out of its temp, clip distance 0 */
        { 0, OP_MOV, D_OUT, o->pos, 0xf, { S(TEMP, 0, XYZW), NO, NO } },
        { 0, OP_DP4, D_OUT, o->clp0, o->clp0_mask,
          { S(TEMP, 0, XYZW), S(CONST, 0, XYZW), NO } },
    };

    memcpy(p, prog, sizeof(prog));
    return G_N_ELEMENTS(prog);
}

/*
 * glxgears' lighting: the program Mesa's fixed-function vertex program
 * generator (src/mesa/main/ffvertex_prog.c) builds for one directional
 * light, GL_NORMALIZE, no specular, lighting in object space: build_hpos's
 * DP4 rows of the model-view-projection matrix, emit_normalize_vec3 (DP3,
 * RSQ, MUL), the DP3 of the normal with the light's normalized position,
 * emit_degenerate_lit (MAX with (0, 0, 0, 1), SLT of the Z), the ambient
 * product ADDed to the scene colour (which an instruction can read only
 * through a temp, having one constant address: Mesa's nvfx_vertprog.c
 * moves a second constant source into a temp first), and a MAD of the
 * diffuse product.
 * Constants: c6-c9 the MVP rows, c10 the light direction, c11 (0, 0, 0,
 * 1), c12 the scene colour, c13 the ambient and c14 the diffuse product.
 * Inputs: v0 the position, v2 the normal.
 */
static unsigned glxgears(const Outs *o, MInsn *p)
{
    const MInsn prog[] = {
        { 0, OP_DP4, D_OUT, o->pos, 0x8, { S(INPUT, 0, XYZW), S(CONST, 6, XYZW), NO } },
        { 0, OP_DP4, D_OUT, o->pos, 0x4, { S(INPUT, 0, XYZW), S(CONST, 7, XYZW), NO } },
        { 0, OP_DP4, D_OUT, o->pos, 0x2, { S(INPUT, 0, XYZW), S(CONST, 8, XYZW), NO } },
        { 0, OP_DP4, D_OUT, o->pos, 0x1, { S(INPUT, 0, XYZW), S(CONST, 9, XYZW), NO } },
        { 0, OP_DP3, D_TEMP, 0, 0x8, { S(INPUT, 2, XYZW), S(INPUT, 2, XYZW), NO } },
        { 1, OP_RSQ, D_TEMP, 0, 0x8, { NO, NO, SA(TEMP, 0, XXXX) } },
        { 0, OP_MUL, D_TEMP, 0, 0xe, { S(INPUT, 2, XYZW), S(TEMP, 0, XXXX), NO } },
        { 0, OP_DP3, D_TEMP, 1, 0xf, { S(TEMP, 0, XYZW), S(CONST, 10, XYZW), NO } },
        { 0, OP_MAX, D_TEMP, 1, 0xf, { S(CONST, 11, XYZW), S(TEMP, 1, XYZW), NO } },
        { 0, OP_SLT, D_TEMP, 1, 0x2, { S(CONST, 11, ZZZZ), S(TEMP, 1, XYZW), NO } },
        /* one constant a instruction: the driver moves the second one */
        { 0, OP_MOV, D_TEMP, 2, 0xf, { S(CONST, 12, XYZW), NO, NO } },
        { 0, OP_ADD, D_TEMP, 2, 0xf, { S(CONST, 13, XYZW), NO, S(TEMP, 2, XYZW) } },
        { 0, OP_MAD, D_OUT, o->col0, 0xe,
          { S(TEMP, 1, YYYY), S(CONST, 14, XYZW), S(TEMP, 2, XYZW) } },
        { 0, OP_MOV, D_OUT, o->col0, 0x1, { S(CONST, 14, WWWW), NO, NO } },
    };

    memcpy(p, prog, sizeof(prog));
    return G_N_ELEMENTS(prog);
}

static void wr4(NVXf *xf, NVCard *card, uint8_t type, uint16_t vec,
                const uint32_t v[4])
{
    for (unsigned k = 0; k < 4; k++) {
        NVXfCmd cmd = { .type = type, .vec = vec, .word = k,
                        .data = { v[k] } };

        nv_xf_write(xf, card, &cmd);
    }
}

#define F(x)    ((union { float f; uint32_t u; }) { .f = (x) }).u

/*
 * Program @build's instructions encoded for @model's class as Mesa does,
 * uploaded at 0 with the constants @consts[0..@nc) and the inputs
 * @in[0..@ni), run on one vertex; its outputs into *@v.
 */
static void run(const char *model,
                unsigned (*build)(const Outs *o, MInsn *p),
                const float (*consts)[4], unsigned nc,
                const float (*in)[4], unsigned ni, NVXfVertex *v,
                const Outs **outs)
{
    TestHost *th = th_new(model, 0);
    NVXf *xf = g_new0(NVXf, 1);
    bool nv40 = th->card.model->xf != NV_XF_RANKINE;
    MInsn prog[32];
    unsigned n;

    *outs = nv40 ? &nv40_outs : &nv30_outs;
    n = build(*outs, prog);
    nv_xf_reset(xf, th->card.model->xf);
    if (!nv40) {
        /* Mesa's ENGINE 0x13 (VP on) makes XFMODE_B's MODE 1, the
         * program in VP2 mode (docs/xf.rst "Fixed-function processing"). */
        static const uint32_t mode[4] = { 0, 0, 1u << 30, 0 };

        wr4(xf, &th->card, NV_XF_CMD_MODE, 0, mode);
    } else {
        /* Mesa's ENGINE 0x11: XF_C MODE PROGRAM_V3 (ff-nv20.c). */
        xf->bundles.c = 1u << 30;
    }
    for (unsigned i = 0; i < n; i++) {
        uint32_t hw[4];

        emit(nv40, &prog[i], i == n - 1, hw);
        wr4(xf, &th->card, NV_XF_CMD_XFPR, i, hw);
    }
    for (unsigned i = 0; i < nc + ni; i++) {
        const float *f = i < nc ? consts[i] : in[i - nc];
        uint32_t c[4] = { F(f[0]), F(f[1]), F(f[2]), F(f[3]) };

        wr4(xf, &th->card, i < nc ? NV_XF_CMD_XFCTX : NV_XF_CMD_VAB,
            i < nc ? i : i - nc, c);
    }
    nv_xf_vertex(xf, &th->card);
    g_assert_true(nv_xf_pop_vertex(xf, v));
    g_assert_cmpuint(xf->last_icnt, ==, n);
    g_free(xf);
    th_free(th);
}

static void run_kmscube(gconstpointer data)
{
    static const float consts[][4] = {
        [0] = { 0, 0, 1, 1 },           /* clip plane 0: z + w >= 0 */
        /* MVP columns: clip = (x, y, -z - 2w, -z) */
        [6] = { 1, 0, 0, 0 }, { 0, 1, 0, 0 }, { 0, 0, -1, -1 },
        { 0, 0, -2, 0 },
        /* model-view: a translation by (0, 0, -4) */
        { 1, 0, 0, 0 }, { 0, 1, 0, 0 }, { 0, 0, 1, 0 }, { 0, 0, -4, 1 },
        /* normal matrix: identity */
        { 1, 0, 0, 0 }, { 0, 1, 0, 0 }, { 0, 0, 1, 0 },
        { 2, 2, 20, 0 }, { 0, 1, 0, 0 },
    };
    static const float in[3][4] = {
        { 2, 2, 20, 1 }, { 0, 0.5f, 0.75f, 0 }, { 1, 0.5f, 0.25f, 1 },
    };
    const Outs *o;
    NVXfVertex v;

    run(data, kmscube, consts, G_N_ELEMENTS(consts), in, G_N_ELEMENTS(in),
        &v, &o);
    /*
     * Position (2, 2, 20, 1) through the MVP columns: (2, 2, -20 - 2,
     * -20) = (2, 2, -22, -20), every product and sum exact.
     */
    g_assert_cmphex(v.tbuf[o->pos][0], ==, F(2));
    g_assert_cmphex(v.tbuf[o->pos][1], ==, F(2));
    g_assert_cmphex(v.tbuf[o->pos][2], ==, F(-22));
    g_assert_cmphex(v.tbuf[o->pos][3], ==, F(-20));
    /*
     * vPosition4 = (2, 2, 16, 1); RCP(1.0) = 1.0 (a power of two is
     * exact); vPosition3 = (2, 2, 16); lightSource - it = (0, 0, 4),
     * whose DP3 is 16, RSQ(16) = 0.25 exactly on Rankine and Curie (a
     * power of four, docs/xf.rst "RCP, RCC and RSQ"), vLightDir =
     * (0, 0, 1).  vEyeNormal = (0, 0.5, 0.75); their DP3 is 0.75 =
     * max(0, 0.75) = diff; diff * in_color.rgb = (0.75, 0.375, 0.1875),
     * each a product of powers of two and 3 (exact); w = 1.0.
     */
    g_assert_cmphex(v.tbuf[o->tc0][0], ==, F(0.75f));
    g_assert_cmphex(v.tbuf[o->tc0][1], ==, F(0.375f));
    g_assert_cmphex(v.tbuf[o->tc0][2], ==, F(0.1875f));
    g_assert_cmphex(v.tbuf[o->tc0][3], ==, F(1));
    /*
     * Clip distance 0 = (2, 2, -22, -20) . (0, 0, 1, 1) = -42, in the
     * X of output 17 on Rankine, the Y of FOGC on Curie.
     */
    g_assert_cmphex(v.tbuf[o->clp0][o->clp0_mask == 8 ? 0 : 1], ==, F(-42));
}

static void run_glxgears(gconstpointer data)
{
    static const float consts[][4] = {
        /* MVP rows: clip = (x / 2, y / 2, -z - 2w, -z) */
        [6] = { 0.5f, 0, 0, 0 }, { 0, 0.5f, 0, 0 }, { 0, 0, -1, -2 },
        { 0, 0, -1, 0 },
        { 0, 0.6f, 0.8f, 0 },           /* the light's direction */
        { 0, 0, 0, 1 },
        { 0.125f, 0, 0, 0 },            /* scene colour */
        { 0.25f, 0.25f, 0.25f, 0 },     /* ambient product */
        { 0.5f, 0.25f, 0, 1 },          /* diffuse product, alpha 1 */
    };
    static const float in[3][4] = {
        { 1, 2, 3, 1 }, { 0 }, { 0, 0, 2, 0 },
    };
    const Outs *o;
    NVXfVertex v;

    run(data, glxgears, consts, G_N_ELEMENTS(consts), in, G_N_ELEMENTS(in),
        &v, &o);
    /* (1, 2, 3, 1) by the rows: (0.5, 1, -3 - 2, -3), exact. */
    g_assert_cmphex(v.tbuf[o->pos][0], ==, F(0.5f));
    g_assert_cmphex(v.tbuf[o->pos][1], ==, F(1));
    g_assert_cmphex(v.tbuf[o->pos][2], ==, F(-5));
    g_assert_cmphex(v.tbuf[o->pos][3], ==, F(-3));
    /*
     * The normal (0, 0, 2): DP3 4, RSQ(4) = 0.5 exactly (a power of
     * four), so (0, 0, 1); its DP3 with (0, 0.6, 0.8) is 0.8f (1.0 times
     * 0.8f, plus +0s) in every component; MAX with (0, 0, 0, 1) gives
     * (0.8f, 0.8f, 0.8f, 1), SLT (0 < 0.8f) sets Z to 1.0.  The scene
     * colour plus the ambient product: (0.375, 0.25, 0.25, 0).  Then
     * 0.8f * diffuse + that, truncated (docs/xf.rst "Arithmetic"):
     *   x: 0.8f * 0.5 = 0.4f = 13421773 * 2^-25, plus 0.375 = 12582912 *
     *      2^-25: 26004685 * 2^-25 in [0.5, 1), whose LSB is 2^-24: the
     *      odd last bit goes, 13002342 * 2^-24 = 0x3f466666;
     *   y: 0.8f * 0.25 = 0.2f = 13421773 * 2^-26, plus 0.25 = 16777216 *
     *      2^-26: 30198989 * 2^-26 in [0.25, 0.5), LSB 2^-25:
     *      15099494 * 2^-25 = 0x3ee66666;
     *   z: 0.8f * 0 = +0 (ZERO_WINS), plus 0.25: 0x3e800000;
     * and w = the diffuse alpha, 1.0.
     */
    g_assert_cmphex(v.tbuf[o->col0][0], ==, 0x3f466666);
    g_assert_cmphex(v.tbuf[o->col0][1], ==, 0x3ee66666);
    g_assert_cmphex(v.tbuf[o->col0][2], ==, 0x3e800000);
    g_assert_cmphex(v.tbuf[o->col0][3], ==, F(1));
}

int main(int argc, char **argv)
{
    static const char *models[] = { "nv30", "nv34", "nv40", "nv43", "nv44" };

    g_test_init(&argc, &argv, NULL);
    for (unsigned i = 0; i < G_N_ELEMENTS(models); i++) {
        g_autofree char *k = g_strdup_printf("/xf/mesa/kmscube/%s",
                                             models[i]);
        g_autofree char *g = g_strdup_printf("/xf/mesa/glxgears/%s",
                                             models[i]);

        g_test_add_data_func(k, models[i], run_kmscube);
        g_test_add_data_func(g, models[i], run_glxgears);
    }
    return g_test_run();
}
