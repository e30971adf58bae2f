/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: the fragment-program engine (docs/fp.rst): every
 * opcode class, source modifiers, scale and saturation, FP16/FX12/FX9
 * precision, H/R aliasing, condition codes, KIL, DDX/DDY, the texture
 * callback's arguments, Curie's IF/REP/BRK/CAL/RET and a runaway loop,
 * MRT and depth, the memory layouts and decode errors.
 *
 * Programs are encoded the way Mesa's nvfx_fragprog.c does, with the
 * field macros of its nvfx_shader.h copied below; every expected value
 * is worked out in the comments from NV_fragment_program(2)'s equations.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hw/nv/fp/fp.h"

/* Mesa's nvfx_shader.h */
#define NVFX_FP_OP_PROGRAM_END          (1 << 0)
#define NVFX_FP_OP_OUT_REG_SHIFT        1
#define NVFX_FP_OP_OUT_REG_HALF         (1 << 7)
#define NVFX_FP_OP_COND_WRITE_ENABLE    (1 << 8)
#define NVFX_FP_OP_OUTMASK_SHIFT        9
#define NVFX_FP_OP_INPUT_SRC_SHIFT      13
#define NVFX_FP_OP_TEX_UNIT_SHIFT       17
#define NVFX_FP_OP_PRECISION_SHIFT      22
#define   NVFX_FP_PRECISION_FP32        0
#define   NVFX_FP_PRECISION_FP16        1
#define   NVFX_FP_PRECISION_FX12        2
#define NVFX_FP_OP_OPCODE_SHIFT         24
#define NVFX_FP_OP_OPCODE_NOP 0x00
#define NVFX_FP_OP_OPCODE_MOV 0x01
#define NVFX_FP_OP_OPCODE_MUL 0x02
#define NVFX_FP_OP_OPCODE_ADD 0x03
#define NVFX_FP_OP_OPCODE_MAD 0x04
#define NVFX_FP_OP_OPCODE_DP3 0x05
#define NVFX_FP_OP_OPCODE_DP4 0x06
#define NVFX_FP_OP_OPCODE_DST 0x07
#define NVFX_FP_OP_OPCODE_MIN 0x08
#define NVFX_FP_OP_OPCODE_MAX 0x09
#define NVFX_FP_OP_OPCODE_SLT 0x0A
#define NVFX_FP_OP_OPCODE_SGE 0x0B
#define NVFX_FP_OP_OPCODE_SLE 0x0C
#define NVFX_FP_OP_OPCODE_SGT 0x0D
#define NVFX_FP_OP_OPCODE_SNE 0x0E
#define NVFX_FP_OP_OPCODE_SEQ 0x0F
#define NVFX_FP_OP_OPCODE_FRC 0x10
#define NVFX_FP_OP_OPCODE_FLR 0x11
#define NVFX_FP_OP_OPCODE_KIL 0x12
#define NVFX_FP_OP_OPCODE_PK4B 0x13
#define NVFX_FP_OP_OPCODE_UP4B 0x14
#define NVFX_FP_OP_OPCODE_DDX 0x15
#define NVFX_FP_OP_OPCODE_DDY 0x16
#define NVFX_FP_OP_OPCODE_TEX 0x17
#define NVFX_FP_OP_OPCODE_TXP 0x18
#define NVFX_FP_OP_OPCODE_TXD 0x19
#define NVFX_FP_OP_OPCODE_RCP 0x1A
#define NVFX_FP_OP_OPCODE_EX2 0x1C
#define NVFX_FP_OP_OPCODE_LG2 0x1D
#define NVFX_FP_OP_OPCODE_STR 0x20
#define NVFX_FP_OP_OPCODE_SFL 0x21
#define NVFX_FP_OP_OPCODE_COS 0x22
#define NVFX_FP_OP_OPCODE_SIN 0x23
#define NVFX_FP_OP_OPCODE_PK2H 0x24
#define NVFX_FP_OP_OPCODE_UP2H 0x25
#define NVFX_FP_OP_OPCODE_PK4UB 0x27
#define NVFX_FP_OP_OPCODE_UP4UB 0x28
#define NVFX_FP_OP_OPCODE_PK2US 0x29
#define NVFX_FP_OP_OPCODE_UP2US 0x2A
#define NVFX_FP_OP_OPCODE_DP2A 0x2E
#define NVFX_FP_OP_OPCODE_TXB 0x31
#define NVFX_FP_OP_OPCODE_DIV 0x3A
#define NVFX_FP_OP_OPCODE_RSQ_NV30 0x1B
#define NVFX_FP_OP_OPCODE_LIT_NV30 0x1E
#define NVFX_FP_OP_OPCODE_LRP_NV30 0x1F
#define NVFX_FP_OP_OPCODE_POW_NV30 0x26
#define NVFX_FP_OP_OPCODE_RFL_NV30 0x36
#define NVFX_FP_OP_OPCODE_TXL_NV40 0x2F
#define NVFX_FP_OP_OPCODE_LITEX2_NV40 0x3C
#define NV40_FP_OP_BRA_OPCODE_BRK       0x0
#define NV40_FP_OP_BRA_OPCODE_CAL       0x1
#define NV40_FP_OP_BRA_OPCODE_IF        0x2
#define NV40_FP_OP_BRA_OPCODE_LOOP      0x3
#define NV40_FP_OP_BRA_OPCODE_REP       0x4
#define NV40_FP_OP_BRA_OPCODE_RET       0x5
#define NV40_FP_OP_OUT_NONE             (1 << 30)
#define NVFX_FP_OP_OUT_SAT              (1u << 31)
#define NVFX_FP_OP_COND_SWZ_X_SHIFT     21
#define NVFX_FP_OP_COND_SHIFT           18
#define   NVFX_FP_OP_COND_FL  0
#define   NVFX_FP_OP_COND_LT  1
#define   NVFX_FP_OP_COND_EQ  2
#define   NVFX_FP_OP_COND_LE  3
#define   NVFX_FP_OP_COND_GT  4
#define   NVFX_FP_OP_COND_NE  5
#define   NVFX_FP_OP_COND_GE  6
#define   NVFX_FP_OP_COND_TR  7
#define NV40_FP_OP_OPCODE_IS_BRANCH     (1u << 31)
#define NVFX_FP_OP_DST_SCALE_SHIFT      28
#define NVFX_FP_OP_DST_SCALE_2X         1
#define NVFX_FP_OP_DST_SCALE_INV_2X     5
#define NV40_FP_OP_REP_COUNT1_SHIFT     2
#define NV40_FP_OP_REP_COUNT2_SHIFT     10
#define NV40_FP_OP_REP_COUNT3_SHIFT     19
#define NVFX_FP_OP_INDEX_INPUT          (1 << 30)
#define NVFX_FP_REG_TYPE_TEMP           0
#define NVFX_FP_REG_TYPE_INPUT          1
#define NVFX_FP_REG_TYPE_CONST          2
#define NVFX_FP_REG_SRC_SHIFT           2
#define NVFX_FP_REG_SRC_HALF            (1 << 8)
#define NVFX_FP_REG_SWZ_X_SHIFT         9
#define NVFX_FP_REG_SWZ_ALL_MASK        (255 << 9)
#define NVFX_FP_REG_NEGATE              (1 << 17)
/* FP_CONTROL, rnndb graph/nv30-40_3d.xml and Mesa's nvfx_fragprog.c */
#define NV30_3D_FP_CONTROL_USES_KIL     0x00000080

/* Word 0: opcode, destination, write mask, input, unit, precision. */
#define OP(o)       ((uint32_t)NVFX_FP_OP_OPCODE_##o << NVFX_FP_OP_OPCODE_SHIFT)
#define DR(n)       ((uint32_t)(n) << NVFX_FP_OP_OUT_REG_SHIFT)
#define DH(n)       (DR(n) | NVFX_FP_OP_OUT_REG_HALF)
#define DNONE       NV40_FP_OP_OUT_NONE
#define MASK(m)     ((uint32_t)(m) << NVFX_FP_OP_OUTMASK_SHIFT)
#define XYZW        MASK(0xf)
#define INP(i)      ((uint32_t)(i) << NVFX_FP_OP_INPUT_SRC_SHIFT)
#define UNIT(u)     ((uint32_t)(u) << NVFX_FP_OP_TEX_UNIT_SHIFT)
#define PREC(p)     ((uint32_t)NVFX_FP_PRECISION_##p << \
                     NVFX_FP_OP_PRECISION_SHIFT)
#define CCW         NVFX_FP_OP_COND_WRITE_ENABLE
/* Word 1's condition: test and swizzle (identity: Mesa's default TR). */
#define CC(t, x, y, z, w) \
    ((uint32_t)NVFX_FP_OP_COND_##t << NVFX_FP_OP_COND_SHIFT | \
     ((x) | (y) << 2 | (z) << 4 | (w) << 6) << NVFX_FP_OP_COND_SWZ_X_SHIFT)
#define TR          CC(TR, 0, 1, 2, 3)
/* Sources. */
#define SWZ(x, y, z, w) (((x) | (y) << 2 | (z) << 4 | (w) << 6) << \
                         NVFX_FP_REG_SWZ_X_SHIFT)
#define R(n)        (NVFX_FP_REG_TYPE_TEMP | (n) << NVFX_FP_REG_SRC_SHIFT | \
                     SWZ(0, 1, 2, 3))
#define H(n)        (R(n) | NVFX_FP_REG_SRC_HALF)
#define IN          (NVFX_FP_REG_TYPE_INPUT | SWZ(0, 1, 2, 3))
#define CST         (NVFX_FP_REG_TYPE_CONST | SWZ(0, 1, 2, 3))
#define NONE        IN          /* Mesa's NVFXSR_NONE */
#define NEG         NVFX_FP_REG_NEGATE
#define WS(s, x, y, z, w) (((s) & ~NVFX_FP_REG_SWZ_ALL_MASK) | SWZ(x, y, z, w))
#define ABS0        (1u << 29)  /* Mesa's emit_src(): bit 29 + n of word 1 */

/* Inputs (NVFX_FP_OP_INPUT_SRC_*) */
#define I_COL0      1
#define I_TC0       4
#define I_TC1       5

typedef struct Asm {
    uint32_t w[1024];
    unsigned n, last;
} Asm;

/* An instruction as nvfx_fp_emit() lays it out; returns its word offset. */
static unsigned ins(Asm *a, uint32_t w0, uint32_t w1, uint32_t w2,
                    uint32_t w3)
{
    g_assert_cmpuint(a->n + 4, <=, G_N_ELEMENTS(a->w));
    a->last = a->n;
    a->w[a->n++] = w0;
    a->w[a->n++] = w1;
    a->w[a->n++] = w2;
    a->w[a->n++] = w3;
    return a->last;
}

/* The constant after the instruction that reads it (emit_src()). */
static void cst(Asm *a, float x, float y, float z, float w)
{
    float v[4] = { x, y, z, w };

    memcpy(&a->w[a->n], v, sizeof(v));
    a->n += 4;
}

/* "Terminate final instruction". */
static void fin(Asm *a)
{
    a->w[a->last] |= NVFX_FP_OP_PROGRAM_END;
}

/* Curie's branches as nv40_fp_if/rep/cal/brk/ret() emit them. */
static unsigned br(Asm *a, unsigned op, uint32_t cc, uint32_t w2,
                   uint32_t w3)
{
    return ins(a, (uint32_t)op << NVFX_FP_OP_OPCODE_SHIFT | DNONE, cc,
               NV40_FP_OP_OPCODE_IS_BRANCH | w2, w3);
}

static uint32_t rep_count(unsigned n)
{
    return n << NV40_FP_OP_REP_COUNT1_SHIFT |
           n << NV40_FP_OP_REP_COUNT2_SHIFT |
           n << NV40_FP_OP_REP_COUNT3_SHIFT;
}

static NVFpProgram *prog;

/* A quad with every pixel live and pixel i's TC0 = (1.5, -2, 0.25, 4) + i. */
static void quad_init(NVFpQuadIn *in)
{
    memset(in, 0, sizeof(*in));
    in->mask = 0xf;
    for (unsigned px = 0; px < 4; px++) {
        in->attr[px][I_TC0][0] = 1.5f + px;
        in->attr[px][I_TC0][1] = -2.0f + px;
        in->attr[px][I_TC0][2] = 0.25f + px;
        in->attr[px][I_TC0][3] = 4.0f + px;
    }
}

static void run_tex(Asm *a, NVFpGen gen, const NVFpQuadIn *in,
                    const NVFpTex *tex, NVFpQuadOut *out)
{
    g_assert_cmpint(nv_fp_decode(prog, gen, a->w, a->n), ==, NV_FP_OK);
    g_assert_null(prog->error);
    nv_fp_run_quad(prog, in, tex, out);
    g_assert_false(out->runaway);
}

static void run(Asm *a, NVFpGen gen, const NVFpQuadIn *in, NVFpQuadOut *out)
{
    run_tex(a, gen, in, NULL, out);
}

/* What most tests work with: a quad from quad_init(), a program. */
typedef struct Fix {
    NVFpQuadIn in;
    NVFpQuadOut out;
    Asm a;
} Fix;

static Fix *fix_new(void)
{
    static Fix fix;

    memset(&fix, 0, sizeof(fix));
    quad_init(&fix.in);
    return &fix;
}

static void assert_vec(const float *v, float x, float y, float z, float w)
{
    g_assert_cmpfloat(v[0], ==, x);
    g_assert_cmpfloat(v[1], ==, y);
    g_assert_cmpfloat(v[2], ==, z);
    g_assert_cmpfloat(v[3], ==, w);
}

static void assert_near(const float *v, float x, float y, float z, float w)
{
    g_assert_cmpfloat_with_epsilon(v[0], x, 1e-6);
    g_assert_cmpfloat_with_epsilon(v[1], y, 1e-6);
    g_assert_cmpfloat_with_epsilon(v[2], z, 1e-6);
    g_assert_cmpfloat_with_epsilon(v[3], w, 1e-6);
}

/*
 * One instruction OP R0, TC0, c, TC0 with c = (2, 3, -1, 0.5): pixel 0's
 * result (R0 at full precision, colour 0; out_full).
 */
static const float *op1(NVFpGen gen, uint32_t w0, uint32_t s0, uint32_t s1,
                        uint32_t s2)
{
    static NVFpQuadOut out;
    NVFpQuadIn in;
    Asm a = { 0 };

    quad_init(&in);
    ins(&a, w0 | DR(0) | XYZW | INP(I_TC0), s0 | TR, s1, s2);
    cst(&a, 2, 3, -1, 0.5f);
    fin(&a);
    run(&a, gen, &in, &out);
    g_assert_cmpuint(prog->out_full, ==, 1);
    return out.color[0][0];
}

/* Pixel 0: TC0 = a = (1.5, -2, 0.25, 4); the constant c = (2, 3, -1, 0.5). */
static void test_arith(void)
{
    /* a * c = (3, -6, -0.25, 2) */
    assert_vec(op1(NV_FP_CURIE, OP(MUL), IN, CST, NONE), 3, -6, -0.25f, 2);
    /* a + c = (3.5, 1, -0.75, 4.5) */
    assert_vec(op1(NV_FP_CURIE, OP(ADD), IN, CST, NONE), 3.5f, 1, -0.75f,
               4.5f);
    /* a * c + a = (4.5, -8, 0, 6) */
    assert_vec(op1(NV_FP_CURIE, OP(MAD), IN, CST, IN), 4.5f, -8, 0, 6);
    /* DP3: 3 - 6 - 0.25 = -3.25; DP4: -3.25 + 2 = -1.25 */
    assert_vec(op1(NV_FP_CURIE, OP(DP3), IN, CST, NONE), -3.25f, -3.25f,
               -3.25f, -3.25f);
    assert_vec(op1(NV_FP_RANKINE, OP(DP4), IN, CST, NONE), -1.25f, -1.25f,
               -1.25f, -1.25f);
    /* DP2A: 3 - 6 + c.x 2 = -1 */
    assert_vec(op1(NV_FP_CURIE, OP(DP2A), IN, CST, CST), -1, -1, -1, -1);
    /* MIN (1.5, -2, -1, 0.5), MAX (2, 3, 0.25, 4) */
    assert_vec(op1(NV_FP_CURIE, OP(MIN), IN, CST, NONE), 1.5f, -2, -1, 0.5f);
    assert_vec(op1(NV_FP_CURIE, OP(MAX), IN, CST, NONE), 2, 3, 0.25f, 4);
    /* DST: (1, a.y * c.y, a.z, c.w) = (1, -6, 0.25, 0.5) */
    assert_vec(op1(NV_FP_CURIE, OP(DST), IN, CST, NONE), 1, -6, 0.25f, 0.5f);
    /* a < c: 1.5 < 2, -2 < 3 yes; 0.25 < -1, 4 < 0.5 no */
    assert_vec(op1(NV_FP_CURIE, OP(SLT), IN, CST, NONE), 1, 1, 0, 0);
    assert_vec(op1(NV_FP_CURIE, OP(SGE), IN, CST, NONE), 0, 0, 1, 1);
    assert_vec(op1(NV_FP_CURIE, OP(SLE), IN, CST, NONE), 1, 1, 0, 0);
    assert_vec(op1(NV_FP_CURIE, OP(SGT), IN, CST, NONE), 0, 0, 1, 1);
    /* a against a.yxzw = (-2, 1.5, 0.25, 4): equal in z and w */
    assert_vec(op1(NV_FP_CURIE, OP(SEQ), IN, WS(IN, 1, 0, 2, 3), NONE),
               0, 0, 1, 1);
    assert_vec(op1(NV_FP_CURIE, OP(SNE), IN, WS(IN, 1, 0, 2, 3), NONE),
               1, 1, 0, 0);
    /* FRC: a - floor(a) = (0.5, 0, 0.25, 0); FLR (1, -2, 0, 4) */
    assert_vec(op1(NV_FP_CURIE, OP(FRC), IN, NONE, NONE), 0.5f, 0, 0.25f, 0);
    assert_vec(op1(NV_FP_CURIE, OP(FLR), IN, NONE, NONE), 1, -2, 0, 4);
    /* STR and SFL: all ones, all zeros */
    assert_vec(op1(NV_FP_CURIE, OP(STR), NONE, NONE, NONE), 1, 1, 1, 1);
    assert_vec(op1(NV_FP_CURIE, OP(SFL), NONE, NONE, NONE), 0, 0, 0, 0);
    /* DIV: a / c.x = (0.75, -1, 0.125, 2) */
    assert_vec(op1(NV_FP_CURIE, OP(DIV), IN, CST, NONE), 0.75f, -1, 0.125f,
               2);
    /* Rankine's LRP: a.z (0.25) * c + 0.75 * a
     * = (0.5 + 1.125, 0.75 - 1.5, -0.25 + 0.1875, 0.125 + 3) */
    assert_vec(op1(NV_FP_RANKINE, OP(LRP_NV30), WS(IN, 2, 2, 2, 2), CST, IN),
               1.625f, -0.75f, -0.0625f, 3.125f);
}

/* Swizzles, negation and absolute value (word 1 bit 29; word 2 bit 18). */
static void test_modifiers(void)
{
    /* a.wzyx = (4, 0.25, -2, 1.5) */
    assert_vec(op1(NV_FP_CURIE, OP(MOV), WS(IN, 3, 2, 1, 0), NONE, NONE),
               4, 0.25f, -2, 1.5f);
    /* -a = (-1.5, 2, -0.25, -4) */
    assert_vec(op1(NV_FP_CURIE, OP(MOV), IN | NEG, NONE, NONE),
               -1.5f, 2, -0.25f, -4);
    /* -|a| = (-1.5, -2, -0.25, -4): abs first, then negation */
    assert_vec(op1(NV_FP_CURIE, OP(MOV), IN | NEG | ABS0, NONE, NONE),
               -1.5f, -2, -0.25f, -4);
    /* source 1's abs in word 2 bit 18 (nvfx_shader.h): a - |c|
     * = a - (2, 3, 1, 0.5) = (-0.5, -5, -0.75, 3.5) */
    assert_vec(op1(NV_FP_CURIE, OP(ADD), IN, CST | NEG | 1 << 18, NONE),
               -0.5f, -5, -0.75f, 3.5f);
    /* ... and in Mesa's place, word 1 bit 30: the same */
    assert_vec(op1(NV_FP_CURIE, OP(ADD), IN | 1u << 30, CST | NEG, NONE),
               -0.5f, -5, -0.75f, 3.5f);
    /* source 2's, word 1 bit 31: a * c - |a|
     * = (3 - 1.5, -6 - 2, -0.25 - 0.25, 2 - 4) */
    assert_vec(op1(NV_FP_CURIE, OP(MAD), IN | 1u << 31, CST, IN | NEG),
               1.5f, -8, -0.5f, -2);
}

/* Scalar instructions read x after the swizzle and fill every component. */
static void test_scalar(void)
{
    /* RCP a.w: 1 / 4 */
    assert_vec(op1(NV_FP_CURIE, OP(RCP), WS(IN, 3, 3, 3, 3), NONE, NONE),
               0.25f, 0.25f, 0.25f, 0.25f);
    /* EX2 a.w: 2^4 = 16; LG2 a.w: log2 4 = 2 */
    assert_vec(op1(NV_FP_CURIE, OP(EX2), WS(IN, 3, 3, 3, 3), NONE, NONE),
               16, 16, 16, 16);
    assert_vec(op1(NV_FP_CURIE, OP(LG2), WS(IN, 3, 3, 3, 3), NONE, NONE),
               2, 2, 2, 2);
    /* COS c.z: cos(-1) = 0.5403023; SIN c.x: sin(2) = 0.9092974 */
    assert_near(op1(NV_FP_CURIE, OP(COS), WS(CST, 2, 2, 2, 2), NONE, NONE),
                0.5403023f, 0.5403023f, 0.5403023f, 0.5403023f);
    assert_near(op1(NV_FP_CURIE, OP(SIN), CST, NONE, NONE),
                0.9092974f, 0.9092974f, 0.9092974f, 0.9092974f);
    /* Rankine's RSQ a.w: 1 / sqrt(4) = 0.5; POW a.w ^ c.w = 4^0.5 = 2 */
    assert_vec(op1(NV_FP_RANKINE, OP(RSQ_NV30), WS(IN, 3, 3, 3, 3), NONE,
                   NONE), 0.5f, 0.5f, 0.5f, 0.5f);
    assert_vec(op1(NV_FP_RANKINE, OP(POW_NV30), WS(IN, 3, 3, 3, 3),
                   WS(CST, 3, 3, 3, 3), NONE), 2, 2, 2, 2);
    /*
     * Mesa's NV40 RSQ: LG2 with DST_SCALE_INV_2X, then EX2 of the negated
     * result: log2(4) / 2 = 1, 2^-1 = 0.5.
     */
    {
        NVFpQuadIn in;
        NVFpQuadOut out;
        Asm a = { 0 };

        quad_init(&in);
        ins(&a, OP(LG2) | DR(1) | MASK(1) | INP(I_TC0),
            WS(IN, 3, 3, 3, 3) | ABS0 | TR,
            NONE | NVFX_FP_OP_DST_SCALE_INV_2X << NVFX_FP_OP_DST_SCALE_SHIFT,
            NONE);
        ins(&a, OP(EX2) | DR(0) | XYZW, WS(R(1), 0, 0, 0, 0) | NEG | TR,
            NONE, NONE);
        fin(&a);
        run(&a, NV_FP_CURIE, &in, &out);
        assert_vec(out.color[0][0], 0.5f, 0.5f, 0.5f, 0.5f);
    }
}

/* LIT (Rankine), Mesa's LITEX2 (Curie), RFL (Rankine). */
static void test_lit(void)
{
    Fix *f = fix_new();

    /* LIT (0.5, 0.25, 0, 2): (1, 0.5, 0.25^2 = 0.0625, 1) */
    ins(&f->a, OP(LIT_NV30) | DR(0) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 0.5f, 0.25f, 0, 2);
    /* LIT (-0.5, 0.25, 0, 2): N.L <= 0, no specular: (1, 0, 0, 1) */
    ins(&f->a, OP(LIT_NV30) | DR(2) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, -0.5f, 0.25f, 0, 2);
    /*
     * RFL, axis (0, 0, 1), direction a = (1.5, -2, 0.25, 4):
     * 2 (axis . a) / (axis . axis) = 0.5, 0.5 axis - a = (-1.5, 2, 0.25).
     */
    ins(&f->a, OP(RFL_NV30) | DR(3) | XYZW | INP(I_TC0), CST | TR, IN, NONE);
    cst(&f->a, 0, 0, 1, 0);
    fin(&f->a);
    run(&f->a, NV_FP_RANKINE, &f->in, &f->out);
    assert_vec(f->out.color[0][0], 1, 0.5f, 0.0625f, 1);
    assert_vec(f->out.color[1][0], 1, 0, 0, 1);
    assert_vec(f->out.color[2][0], -1.5f, 2, 0.25f, 0);

    /* LITEX2 of Mesa's (max(N.L, 0), same, e log2(N.H), same):
     * (0.5, 0.5, 3, 3) gives (1, 0.5, 2^3 = 8, 1) */
    memset(&f->a, 0, sizeof(f->a));
    ins(&f->a, OP(LITEX2_NV40) | DR(0) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 0.5f, 0.5f, 3, 3);
    fin(&f->a);
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    assert_vec(f->out.color[0][0], 1, 0.5f, 8, 1);
}

/* DST_SCALE and saturation. */
static void test_scale_sat(void)
{
    /* 2 (a * c) = (6, -12, -0.5, 4) */
    assert_vec(op1(NV_FP_CURIE, OP(MUL), IN,
                   CST | NVFX_FP_OP_DST_SCALE_2X << NVFX_FP_OP_DST_SCALE_SHIFT,
                   NONE), 6, -12, -0.5f, 4);
    /* a * c = (3, -6, -0.25, 2) clamped to [0, 1]: (1, 0, 0, 1) */
    assert_vec(op1(NV_FP_CURIE, OP(MUL) | NVFX_FP_OP_OUT_SAT, IN, CST, NONE),
               1, 0, 0, 1);
}

/*
 * FP16: halves round to nearest even; 65504 is the largest, 65520 (half
 * way to 65536) rounds to even, i.e. up, and overflows to infinity.
 */
static void test_fp16(void)
{
    Fix *f = fix_new();

    /* colour 0 as Mesa writes it: H0 */
    ins(&f->a, OP(MOV) | DH(0) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 65519.0f, 65520.0f, 1.0f / 3, 0x1p-25f);
    /* colour 1: H4 */
    ins(&f->a, OP(MOV) | DH(4) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 0x3p-26f, -131008.0f, 1.0f + 0x1p-10f, 1.0f + 0x1p-11f);
    fin(&f->a);
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    g_assert_cmpuint(prog->out_full, ==, 0);
    /* H0 lives in R0 (colour 0), H4 in R2 (colour 1); R3, R4 untouched */
    g_assert_cmphex(prog->out_written, ==, 0x3);
    assert_vec(f->out.color[2][0], 0, 0, 0, 0);
    /*
     * 65519 < 65520: 65504 (0x7bff); 65520: infinity; 1/3: 0x3555 =
     * 1365/4096 = 0.333251953125; 2^-25, half of the smallest denormal
     * 2^-24, ties to even: 0.
     */
    assert_vec(f->out.color[0][0], 65504.0f, INFINITY, 0.333251953125f, 0);
    /*
     * 3 * 2^-26 = 0.75 * 2^-24: the denormal 2^-24; -131008: -infinity;
     * 1 + 2^-10 exact; 1 + 2^-11, half way between 1 and 1 + 2^-10: 1.
     */
    assert_vec(f->out.color[1][3], 0x1p-24f, -INFINITY, 1.0f + 0x1p-10f, 1);

    /*
     * R0 a temporary at full precision, the colour then written as H0
     * (the X driver's Composite programs: TXP R0, ..., MUL H0): the last
     * write decides, colour 0 is read as halves: MOV R0 = (1, 2, 3, 4),
     * MUL H0 = R0 * 0.5: (0.5, 1, 1.5, 2), exact as halves.
     */
    f = fix_new();
    ins(&f->a, OP(MOV) | DR(0) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 1, 2, 3, 4);
    ins(&f->a, OP(MUL) | DH(0) | XYZW, R(0) | TR, CST, NONE);
    cst(&f->a, 0.5f, 0.5f, 0.5f, 0.5f);
    fin(&f->a);
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    g_assert_cmpuint(prog->out_full, ==, 0);
    assert_vec(f->out.color[0][0], 0.5f, 1, 1.5f, 2);

    /* PREC FP16 into an R register: RCP c.w = 1 / 0.5 = 2, exact */
    g_assert_cmpfloat(op1(NV_FP_CURIE, OP(RCP) | PREC(FP16),
                          WS(CST, 3, 3, 3, 3), NONE, NONE)[0], ==, 2.0f);
    /* RCP c.y: 1 / 3 as a half, 0.333251953125 */
    g_assert_cmpfloat(op1(NV_FP_CURIE, OP(RCP) | PREC(FP16),
                          WS(CST, 1, 1, 1, 1), NONE, NONE)[2], ==,
                      0.333251953125f);
}

/* FX12: [-2, 2) in steps of 2^-10; Curie's FX9: [-1, 1) in 2^-8. */
static void test_fixed(void)
{
    Fix *f = fix_new();

    ins(&f->a, OP(MOV) | PREC(FX12) | DR(0) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 3, -3, 0.3f, 1.9999f);
    /* the sources too: 0.0006 * 1024 = 0.6144 rounds to 1/1024 each */
    ins(&f->a, OP(ADD) | PREC(FX12) | DR(2) | XYZW, CST | TR, CST, NONE);
    cst(&f->a, 0.0006f, 0.0006f, 0.0006f, 0.0006f);
    ins(&f->a, OP(MOV) | PREC(FX12) | DR(3) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, NAN, -INFINITY, INFINITY, -0.3f);
    ins(&f->a, OP(MOV) | 3 << NVFX_FP_OP_PRECISION_SHIFT | DR(4) | XYZW,
        CST | TR, NONE, NONE);
    cst(&f->a, 0.3f, 1.5f, -1.5f, -0.3f);
    fin(&f->a);
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    /*
     * 3: 2 - 2^-10 = 1.9990234375; -3: -2; 0.3 * 1024 = 307.2: 307/1024
     * = 0.2998046875; 1.9999 * 1024 = 2047.9: 2048, clamped 1.9990234375
     */
    assert_vec(f->out.color[0][0], 1.9990234375f, -2, 0.2998046875f,
               1.9990234375f);
    /* 1/1024 + 1/1024 = 0.001953125 (rounding the sum alone: 1/1024) */
    assert_vec(f->out.color[1][0], 0.001953125f, 0.001953125f, 0.001953125f,
               0.001953125f);
    /* NaN: 0; infinities clamp; -0.3: -307/1024 */
    assert_vec(f->out.color[2][0], 0, -2, 1.9990234375f, -0.2998046875f);
    /* FX9: 0.3 * 256 = 76.8: 77/256 = 0.30078125; 1.5: 255/256; -1.5: -1 */
    assert_vec(f->out.color[3][0], 0.30078125f, 0.99609375f, -1,
               -0.30078125f);
}

/* H(2n) and H(2n + 1) are packed in R(n) (inferred packing). */
static void test_alias(void)
{
    Fix *f = fix_new();
    uint32_t u[4];

    ins(&f->a, OP(MOV) | DH(1) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 1, 2, 3, 4);
    ins(&f->a, OP(MOV) | DR(2) | XYZW, R(0) | TR, NONE, NONE);
    ins(&f->a, OP(MOV) | DR(3) | XYZW, H(1) | TR, NONE, NONE);
    fin(&f->a);
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    /*
     * Halves 1 = 0x3c00, 2 = 0x4000, 3 = 0x4200, 4 = 0x4400; H1 is R0's
     * z and w words: z = 0x40003c00, w = 0x44004200; R0's x, y stay 0.
     */
    memcpy(u, f->out.color[1][0], sizeof(u));
    g_assert_cmphex(u[0], ==, 0);
    g_assert_cmphex(u[1], ==, 0);
    g_assert_cmphex(u[2], ==, 0x40003c00);
    g_assert_cmphex(u[3], ==, 0x44004200);
    /* read back as H1 */
    assert_vec(f->out.color[2][0], 1, 2, 3, 4);
}

/* Condition codes: Mesa's CMP, swizzled tests, NaN, masked updates. */
static void test_cc(void)
{
    Fix *f = fix_new();

    /* TGSI CMP: MOVC of src0, then MOV (GE) src2 and MOV (LT) src1 */
    ins(&f->a, OP(MOV) | CCW | DNONE | XYZW | INP(I_TC0), IN | TR, NONE, NONE);
    ins(&f->a, OP(MOV) | DR(0) | XYZW, CST | CC(GE, 0, 1, 2, 3), NONE, NONE);
    cst(&f->a, -1, -2, -3, -4);
    ins(&f->a, OP(MOV) | DR(0) | XYZW, CST | CC(LT, 0, 1, 2, 3), NONE, NONE);
    cst(&f->a, 10, 20, 30, 40);
    /* the CC's y replicated: pixel i's TC0.y = -2 + i */
    ins(&f->a, OP(MOV) | DR(2) | XYZW, CST | CC(LT, 1, 1, 1, 1), NONE, NONE);
    cst(&f->a, 7, 7, 7, 7);
    /* MOVC of NaN to x only: y keeps the TC0 value */
    ins(&f->a, OP(MOV) | CCW | DNONE | MASK(1), CST | TR, NONE, NONE);
    cst(&f->a, NAN, 0, 0, 0);
    ins(&f->a, OP(MOV) | DR(3) | MASK(1), CST | CC(NE, 0, 0, 0, 0), NONE, NONE);
    cst(&f->a, 1, 1, 1, 1);
    ins(&f->a, OP(MOV) | DR(3) | MASK(2), CST | CC(GE, 0, 0, 0, 0), NONE, NONE);
    cst(&f->a, 1, 1, 1, 1);
    ins(&f->a, OP(MOV) | DR(3) | MASK(4), CST | CC(LT, 0, 0, 0, 0), NONE, NONE);
    cst(&f->a, 1, 1, 1, 1);
    ins(&f->a, OP(MOV) | DR(4) | XYZW, CST | CC(LT, 1, 1, 1, 1), NONE, NONE);
    cst(&f->a, 5, 5, 5, 5);
    fin(&f->a);
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    /* pixel 0: TC0 (1.5, -2, 0.25, 4): only y < 0: (-1, 20, -3, -4) */
    assert_vec(f->out.color[0][0], -1, 20, -3, -4);
    /* pixel 2: (3.5, 0, 2.25, 6): all >= 0: (-1, -2, -3, -4) */
    assert_vec(f->out.color[0][2], -1, -2, -3, -4);
    /* LT.yyyy: pixel 0 (-2) writes all, pixel 2 (0) none, pixel 3 none */
    assert_vec(f->out.color[1][0], 7, 7, 7, 7);
    assert_vec(f->out.color[1][2], 0, 0, 0, 0);
    /* NaN: NE holds, GE and LT do not: (1, 0, 0, 0) */
    assert_vec(f->out.color[2][0], 1, 0, 0, 0);
    /* the masked MOVC left y: pixel 0 -2 < 0 writes, pixel 3 (1) not */
    assert_vec(f->out.color[3][0], 5, 5, 5, 5);
    assert_vec(f->out.color[3][3], 0, 0, 0, 0);
}

/* KIL, unconditional and Mesa's KILL_IF (MOVC, KIL LT). */
static void test_kil(void)
{
    Fix *f = fix_new();

    f->in.mask = 0x7;              /* pixel 3 is a helper */
    ins(&f->a, OP(KIL) | DNONE, NONE | TR, NONE, NONE);
    fin(&f->a);
    f->in.control = NV30_3D_FP_CONTROL_USES_KIL;
    run(&f->a, NV_FP_RANKINE, &f->in, &f->out);
    g_assert_cmphex(f->out.killed, ==, 0x7);
    /* without FP_CONTROL's KIL bit nothing is killed (inferred) */
    f->in.control = 0;
    run(&f->a, NV_FP_RANKINE, &f->in, &f->out);
    g_assert_cmphex(f->out.killed, ==, 0);

    memset(&f->a, 0, sizeof(f->a));
    f->in.control = NV30_3D_FP_CONTROL_USES_KIL;
    f->in.mask = 0x6;
    ins(&f->a, OP(MOV) | CCW | DNONE | XYZW | INP(I_TC0), IN | TR, NONE, NONE);
    ins(&f->a, OP(KIL) | DNONE, NONE | CC(LT, 0, 1, 2, 3), NONE, NONE);
    /* killed pixels run on */
    ins(&f->a, OP(MOV) | DR(0) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 9, 9, 9, 9);
    fin(&f->a);
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    /*
     * TC0.y = -2 + i: pixels 0 and 1 have a negative component; of the
     * fragments 1 and 2 that leaves 1.
     */
    g_assert_cmphex(f->out.killed, ==, 0x2);
    assert_vec(f->out.color[0][1], 9, 9, 9, 9);
}

/* TC1 of a quad: pixels' x and y chosen to tell the differences apart. */
static void quad_tc1(NVFpQuadIn *in)
{
    static const float tc1[4][4] = {
        { 1, 10, 5, 2 }, { 3, 13, 5, 2 }, { 2, 20, 5, 2 }, { 7, 40, 5, 2 },
    };

    quad_init(in);
    memcpy(in->attr[0][I_TC1], tc1[0], sizeof(tc1[0]));
    memcpy(in->attr[1][I_TC1], tc1[1], sizeof(tc1[1]));
    memcpy(in->attr[2][I_TC1], tc1[2], sizeof(tc1[2]));
    memcpy(in->attr[3][I_TC1], tc1[3], sizeof(tc1[3]));
}

static void test_deriv(void)
{
    Fix *f = fix_new();

    quad_tc1(&f->in);
    f->in.mask = 0x1;              /* helpers' values count all the same */
    ins(&f->a, OP(DDX) | DR(0) | XYZW | INP(I_TC1), IN | TR, NONE, NONE);
    ins(&f->a, OP(DDY) | DR(2) | XYZW | INP(I_TC1), IN | TR, NONE, NONE);
    fin(&f->a);
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    /* DDX: top row 1 - 0 = (2, 3), bottom 3 - 2 = (5, 20); z, w 0 */
    assert_vec(f->out.color[0][0], 2, 3, 0, 0);
    assert_vec(f->out.color[0][1], 2, 3, 0, 0);
    assert_vec(f->out.color[0][2], 5, 20, 0, 0);
    assert_vec(f->out.color[0][3], 5, 20, 0, 0);
    /* DDY: left column 2 - 0 = (1, 10), right 3 - 1 = (4, 27) */
    assert_vec(f->out.color[1][0], 1, 10, 0, 0);
    assert_vec(f->out.color[1][2], 1, 10, 0, 0);
    assert_vec(f->out.color[1][1], 4, 27, 0, 0);
    assert_vec(f->out.color[1][3], 4, 27, 0, 0);
}

typedef struct TexCall {
    unsigned unit;
    NVFpTexKind kind;
    float coord[4], dx[4], dy[4];
} TexCall;

typedef struct TexLog {
    TexCall call[64];
    unsigned n;
} TexLog;

/* Returns (s + t, unit, kind, 0.25). */
static void tex_sample(void *opaque, unsigned unit, NVFpTexKind kind,
                       const float coord[4], const float dx[4],
                       const float dy[4], float out[4])
{
    TexLog *log = opaque;
    TexCall *c = &log->call[log->n++ % G_N_ELEMENTS(log->call)];

    c->unit = unit;
    c->kind = kind;
    memcpy(c->coord, coord, sizeof(c->coord));
    memcpy(c->dx, dx, sizeof(c->dx));
    memcpy(c->dy, dy, sizeof(c->dy));
    out[0] = coord[0] + coord[1];
    out[1] = unit;
    out[2] = kind;
    out[3] = 0.25f;
}

/* Call @i of @log, checking its unit and kind. */
static const TexCall *tex_call(const TexLog *log, unsigned i, unsigned unit,
                               NVFpTexKind kind)
{
    const TexCall *c = &log->call[i];

    g_assert_cmpuint(c->unit, ==, unit);
    g_assert_cmpint(c->kind, ==, kind);
    return c;
}

static void test_tex(void)
{
    TexLog log = { .n = 0 };
    NVFpTex tex = { .opaque = &log, .sample = tex_sample };
    NVFpQuadIn in;
    NVFpQuadOut out;
    Asm a = { 0 };
    const TexCall *c;

    quad_tc1(&in);
    in.mask = 0x1;
    /* TXD's derivatives: R5 and R6 */
    ins(&a, OP(MOV) | DR(5) | XYZW, CST | TR, NONE, NONE);
    cst(&a, 0.5f, 0.25f, 0, 0);
    ins(&a, OP(MOV) | DR(6) | XYZW, CST | TR, NONE, NONE);
    cst(&a, 0.125f, 1, 0, 0);
    ins(&a, OP(TEX) | UNIT(3) | DR(0) | XYZW | INP(I_TC1), IN | TR, NONE,
        NONE);
    ins(&a, OP(TXP) | UNIT(1) | DR(2) | XYZW | INP(I_TC1), IN | TR, NONE,
        NONE);
    ins(&a, OP(TXB) | UNIT(15) | DR(3) | XYZW | INP(I_TC1), IN | TR, NONE,
        NONE);
    /* TXL with the expand bit (21): 2 r - 1 */
    ins(&a, OP(TXL_NV40) | 1 << 21 | UNIT(2) | DR(4) | XYZW | INP(I_TC1),
        IN | TR, NONE, NONE);
    ins(&a, OP(TXD) | UNIT(4) | DR(7) | XYZW | INP(I_TC1), IN | TR, R(5),
        R(6));
    fin(&a);
    run_tex(&a, NV_FP_CURIE, &in, &tex, &out);
    /* five instructions, four pixels each, helpers included */
    g_assert_cmpuint(log.n, ==, 20);

    /* TEX, pixel 0: (1, 10, 5, 2); dx 1 - 0, dy 2 - 0 */
    c = tex_call(&log, 0, 3, NV_FP_TEX);
    assert_vec(c->coord, 1, 10, 5, 2);
    assert_vec(c->dx, 2, 3, 0, 0);
    assert_vec(c->dy, 1, 10, 0, 0);
    /* pixel 3: dx 3 - 2 = (5, 20), dy 3 - 1 = (4, 27) */
    assert_vec(log.call[3].dx, 5, 20, 0, 0);
    assert_vec(log.call[3].dy, 4, 27, 0, 0);
    /* result (1 + 10, 3, NV_FP_TEX = 0, 0.25) */
    assert_vec(out.color[0][0], 11, 3, NV_FP_TEX, 0.25f);

    /*
     * TXP: s, t, r / q with q = 2: pixel 0 (0.5, 5, 2.5, 2), pixel 1
     * (1.5, 6.5, 2.5, 2), pixel 2 (1, 10, 2.5, 2): dx (1, 1.5, 0, 0),
     * dy (0.5, 5, 0, 0)
     */
    c = tex_call(&log, 4, 1, NV_FP_TXP);
    assert_vec(c->coord, 0.5f, 5, 2.5f, 2);
    assert_vec(c->dx, 1, 1.5f, 0, 0);
    assert_vec(c->dy, 0.5f, 5, 0, 0);

    /* TXB: the bias in coord[3] (2), derivatives as TEX's */
    c = tex_call(&log, 8, 15, NV_FP_TXB);
    assert_vec(c->coord, 1, 10, 5, 2);
    assert_vec(c->dx, 2, 3, 0, 0);

    /* TXL: no derivatives; expanded: (2 * 11 - 1, 2 * 2 - 1, 2 * 3 - 1,
     * 2 * 0.25 - 1) = (21, 3, 5, -0.5) */
    c = tex_call(&log, 12, 2, NV_FP_TXL);
    assert_vec(c->dx, 0, 0, 0, 0);
    assert_vec(c->dy, 0, 0, 0, 0);
    assert_vec(out.color[3][0], 21, 3, 2 * NV_FP_TXL - 1, -0.5f);

    /* TXD: R5 and R6 */
    c = tex_call(&log, 16, 4, NV_FP_TXD);
    assert_vec(c->dx, 0.5f, 0.25f, 0, 0);
    assert_vec(c->dy, 0.125f, 1, 0, 0);

    /* no callback: zeros */
    nv_fp_run_quad(prog, &in, NULL, &out);
    assert_vec(out.color[0][0], 0, 0, 0, 0);
}

/* Curie's IF/ELSE/ENDIF as nv40_fp_if() emits it, pixels diverging. */
static void test_if(void)
{
    Fix *f = fix_new();
    unsigned i_if, i_if2;

    /* TC1.x: pixels 0 and 2 zero, 1 and 3 not */
    f->in.attr[1][I_TC1][0] = 1;
    f->in.attr[3][I_TC1][0] = 2;
    ins(&f->a, OP(MOV) | CCW | DNONE | MASK(1) | INP(I_TC1), IN | TR, NONE,
        NONE);
    i_if = br(&f->a, NV40_FP_OP_BRA_OPCODE_IF, CC(NE, 0, 0, 0, 0), 0, 0);
    ins(&f->a, OP(MOV) | DR(0) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 1, 1, 1, 1);
    f->a.w[i_if + 2] |= f->a.n;           /* ELSE */
    ins(&f->a, OP(MOV) | DR(0) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 2, 2, 2, 2);
    f->a.w[i_if + 3] |= f->a.n;           /* ENDIF */
    ins(&f->a, OP(ADD) | DR(0) | XYZW, R(0) | TR, CST, NONE);
    cst(&f->a, 10, 10, 10, 10);
    /* no ELSE: both offsets at the ENDIF, as Mesa's ENDIF fills them */
    i_if2 = br(&f->a, NV40_FP_OP_BRA_OPCODE_IF, CC(NE, 0, 0, 0, 0), 0, 0);
    ins(&f->a, OP(MOV) | DR(2) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 5, 5, 5, 5);
    f->a.w[i_if2 + 2] |= f->a.n;
    f->a.w[i_if2 + 3] |= f->a.n;
    ins(&f->a, OP(NOP), TR, NONE, NONE);
    fin(&f->a);
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    /*
     * TC1.x != 0 (pixels 1, 3): 1 + 10 = 11 and the second IF's 5;
     * else (0, 2): 2 + 10 = 12 and R2 untouched, 0
     */
    for (unsigned px = 0; px < 4; px++) {
        float c0 = px & 1 ? 11 : 12, c1 = px & 1 ? 5 : 0;

        assert_vec(f->out.color[0][px], c0, c0, c0, c0);
        assert_vec(f->out.color[1][px], c1, c1, c1, c1);
    }
}

/* REP with a BRK inside an IF, per pixel; nested LOOP/REP ending together. */
static void test_loop(void)
{
    Fix *f = fix_new();
    unsigned i_rep, i_if, i_loop;

    for (unsigned px = 0; px < 4; px++) {
        static const float n[4] = { 1, 2, 3, 7 };

        f->in.attr[px][I_TC1][0] = n[px];
    }
    /* REP 255 { R1.x += 1; if (R1.x - TC1.x >= 0) break; } */
    i_rep = br(&f->a, NV40_FP_OP_BRA_OPCODE_REP, TR, rep_count(255), 0);
    ins(&f->a, OP(ADD) | DR(1) | MASK(1), R(1) | TR, CST, NONE);
    cst(&f->a, 1, 0, 0, 0);
    ins(&f->a, OP(ADD) | CCW | DNONE | MASK(1) | INP(I_TC1), R(1) | TR,
        IN | NEG, NONE);
    i_if = br(&f->a, NV40_FP_OP_BRA_OPCODE_IF, CC(GE, 0, 0, 0, 0), 0, 0);
    br(&f->a, NV40_FP_OP_BRA_OPCODE_BRK, TR, 0, 0);
    f->a.w[i_if + 2] |= f->a.n;
    f->a.w[i_if + 3] |= f->a.n;
    f->a.w[i_rep + 3] |= f->a.n;
    ins(&f->a, OP(MOV) | DR(0) | XYZW, R(1) | TR, NONE, NONE);
    /* LOOP 3 { REP 4 { R2.x += 1 } }: both end at the same word; 12 */
    i_loop = br(&f->a, NV40_FP_OP_BRA_OPCODE_LOOP, TR, 3 << 2 | 1 << 19, 0);
    i_rep = br(&f->a, NV40_FP_OP_BRA_OPCODE_REP, TR, rep_count(4), 0);
    ins(&f->a, OP(ADD) | DR(2) | MASK(1), R(2) | TR, CST, NONE);
    cst(&f->a, 1, 0, 0, 0);
    f->a.w[i_rep + 3] |= f->a.n;
    f->a.w[i_loop + 3] |= f->a.n;
    /* REP 0: the body is skipped */
    i_rep = br(&f->a, NV40_FP_OP_BRA_OPCODE_REP, TR, rep_count(0), 0);
    ins(&f->a, OP(MOV) | DR(3) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 1, 1, 1, 1);
    f->a.w[i_rep + 3] |= f->a.n;
    ins(&f->a, OP(NOP), TR, NONE, NONE);
    fin(&f->a);
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    /* the loop runs until R1.x = TC1.x: 1, 2, 3, 7 */
    g_assert_cmpfloat(f->out.color[0][0][0], ==, 1);
    g_assert_cmpfloat(f->out.color[0][1][0], ==, 2);
    g_assert_cmpfloat(f->out.color[0][2][0], ==, 3);
    g_assert_cmpfloat(f->out.color[0][3][0], ==, 7);
    g_assert_cmpfloat(f->out.color[1][2][0], ==, 12);
    assert_vec(f->out.color[2][1], 0, 0, 0, 0);
}

/* CAL and RET: a subroutine after the main part, which RETs to end. */
static void test_call(void)
{
    Fix *f = fix_new();
    unsigned i_cal;

    i_cal = br(&f->a, NV40_FP_OP_BRA_OPCODE_CAL, TR, 0, 0);
    ins(&f->a, OP(ADD) | DR(0) | XYZW, R(0) | TR, CST, NONE);
    cst(&f->a, 1, 1, 1, 1);
    br(&f->a, NV40_FP_OP_BRA_OPCODE_RET, TR, 0, 0);
    f->a.w[i_cal + 2] |= f->a.n;
    ins(&f->a, OP(MOV) | DR(0) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 5, 5, 5, 5);
    br(&f->a, NV40_FP_OP_BRA_OPCODE_RET, TR, 0, 0);
    fin(&f->a);
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    /* the subroutine's 5, then + 1; the main part's RET ends it */
    assert_vec(f->out.color[0][2], 6, 6, 6, 6);
}

/* A RET some pixels take early; the caller's mask comes back whole. */
static void test_call_partial(void)
{
    Fix *f = fix_new();
    unsigned i_cal;

    /* TC1.x: pixels 1 and 3 not zero */
    f->in.attr[1][I_TC1][0] = 1;
    f->in.attr[3][I_TC1][0] = 2;
    ins(&f->a, OP(MOV) | CCW | DNONE | MASK(1) | INP(I_TC1), IN | TR, NONE,
        NONE);
    i_cal = br(&f->a, NV40_FP_OP_BRA_OPCODE_CAL, TR, 0, 0);
    ins(&f->a, OP(ADD) | DR(0) | MASK(2), R(0) | TR, CST, NONE);
    cst(&f->a, 0, 1, 0, 0);
    br(&f->a, NV40_FP_OP_BRA_OPCODE_RET, TR, 0, 0);
    f->a.w[i_cal + 2] |= f->a.n;
    br(&f->a, NV40_FP_OP_BRA_OPCODE_RET, CC(NE, 0, 0, 0, 0), 0, 0);
    ins(&f->a, OP(MOV) | DR(0) | MASK(1), CST | TR, NONE, NONE);
    cst(&f->a, 7, 0, 0, 0);
    br(&f->a, NV40_FP_OP_BRA_OPCODE_RET, TR, 0, 0);
    fin(&f->a);
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    /* pixels 1, 3 return before the MOV: (0, 1, 0, 0); 0, 2: (7, 1) */
    for (unsigned px = 0; px < 4; px++) {
        assert_vec(f->out.color[0][px], px & 1 ? 0 : 7, 1, 0, 0);
    }
}

/*
 * Seventeen nested IFs: the first NV_FP_STACK fit, the last (FL: no
 * pixel passes) does not and runs its IF part for every pixel
 * (inferred); everything after the ENDIFs runs.
 */
static void test_if_overflow(void)
{
    Fix *f = fix_new();
    unsigned i_if[NV_FP_STACK + 1];

    for (unsigned i = 0; i <= NV_FP_STACK; i++) {
        i_if[i] = br(&f->a, NV40_FP_OP_BRA_OPCODE_IF,
                     i < NV_FP_STACK ? TR : CC(FL, 0, 0, 0, 0), 0, 0);
    }
    ins(&f->a, OP(MOV) | DR(2) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 5, 5, 5, 5);
    for (unsigned i = 0; i <= NV_FP_STACK; i++) {
        f->a.w[i_if[i] + 2] |= f->a.n;
        f->a.w[i_if[i] + 3] |= f->a.n;
    }
    ins(&f->a, OP(MOV) | DR(3) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 1, 1, 1, 1);
    fin(&f->a);
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    assert_vec(f->out.color[1][0], 5, 5, 5, 5);
    assert_vec(f->out.color[2][3], 1, 1, 1, 1);
}

/* Programs that never end on their own stop all the same. */
static void test_runaway(void)
{
    Fix *f = fix_new();
    unsigned i_rep[3];

    /* 255^3 = 16581375 iterations: stopped after NV_FP_MAX_STEPS */
    for (unsigned i = 0; i < 3; i++) {
        i_rep[i] = br(&f->a, NV40_FP_OP_BRA_OPCODE_REP, TR, rep_count(255), 0);
    }
    ins(&f->a, OP(ADD) | DR(0) | MASK(1), R(0) | TR, CST, NONE);
    cst(&f->a, 1, 0, 0, 0);
    for (unsigned i = 0; i < 3; i++) {
        f->a.w[i_rep[i] + 3] |= f->a.n;
    }
    ins(&f->a, OP(NOP), TR, NONE, NONE);
    fin(&f->a);
    g_assert_cmpint(nv_fp_decode(prog, NV_FP_CURIE, f->a.w, f->a.n), ==,
                    NV_FP_OK);
    nv_fp_run_quad(prog, &f->in, NULL, &f->out);
    g_assert_true(f->out.runaway);
    g_assert_cmpfloat(f->out.color[0][0][0], >, 0);
    g_assert_cmpfloat(f->out.color[0][0][0], <, NV_FP_MAX_STEPS);

    /* endless recursion: CAL 0 until the stack is full, then RETs */
    memset(&f->a, 0, sizeof(f->a));
    br(&f->a, NV40_FP_OP_BRA_OPCODE_CAL, TR, 0, 0);
    ins(&f->a, OP(ADD) | DR(0) | MASK(1), R(0) | TR, CST, NONE);
    cst(&f->a, 1, 0, 0, 0);
    br(&f->a, NV40_FP_OP_BRA_OPCODE_RET, TR, 0, 0);
    ins(&f->a, OP(NOP), TR, NONE, NONE);
    fin(&f->a);
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    /*
     * NV_FP_STACK calls nest; the next is dropped and the ADD runs once
     * per level on the way back, plus once at the top: 16 + 1 = 17.
     */
    g_assert_cmpfloat(f->out.color[0][0][0], ==, NV_FP_STACK + 1);
}

/* Curie's MRT (H0, H4, H6, H8) and depth from R1.z. */
static void test_mrt_depth(void)
{
    Fix *f = fix_new();

    ins(&f->a, OP(MOV) | DH(0) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 0.25f, 0.5f, 0.75f, 1);
    ins(&f->a, OP(MOV) | DH(4) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 0.125f, 0, 0, 1);
    ins(&f->a, OP(MOV) | DH(6) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 0, 0.125f, 0, 1);
    ins(&f->a, OP(MOV) | DH(8) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 0, 0, 0.125f, 1);
    ins(&f->a, OP(MOV) | DR(1) | MASK(4), CST | TR, NONE, NONE);
    cst(&f->a, 0, 0, 0.375f, 0);
    fin(&f->a);
    f->in.control = 0xe;           /* Mesa's depth-output bits */
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    assert_vec(f->out.color[0][1], 0.25f, 0.5f, 0.75f, 1);
    assert_vec(f->out.color[1][1], 0.125f, 0, 0, 1);
    assert_vec(f->out.color[2][1], 0, 0.125f, 0, 1);
    assert_vec(f->out.color[3][1], 0, 0, 0.125f, 1);
    g_assert_true(f->out.depth_replaced);
    g_assert_cmpfloat(f->out.depth[2], ==, 0.375f);
    f->in.control = 0;
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    g_assert_false(f->out.depth_replaced);
}

static uint32_t bits(float f)
{
    uint32_t u;

    memcpy(&u, &f, 4);
    return u;
}

/* PK* and UP*: NV_fragment_program's packing equations. */
static void test_pack(void)
{
    Fix *f = fix_new();

    ins(&f->a, OP(PK2H) | DR(1) | MASK(1), CST | TR, NONE, NONE);
    cst(&f->a, 1, -2, 0, 0);
    ins(&f->a, OP(UP2H) | DR(0) | XYZW, WS(R(1), 0, 0, 0, 0) | TR, NONE, NONE);
    ins(&f->a, OP(PK4UB) | DR(2) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 1, 0.5f, 0, 0.2f);
    ins(&f->a, OP(UP4UB) | DR(3) | XYZW, R(2) | TR, NONE, NONE);
    ins(&f->a, OP(PK4B) | DR(4) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 1, -1, 0, 0.5f);
    fin(&f->a);
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    /* halves 1 = 0x3c00, -2 = 0xc000 back: (1, -2, 1, -2) */
    assert_vec(f->out.color[0][0], 1, -2, 1, -2);
    /*
     * PK4UB: round(255 x): 255, 127.5 to even 128, 0, 51: 0x330080ff in
     * every component; UP4UB: (1, 128/255, 0, 51/255 = 0.2)
     */
    g_assert_cmphex(bits(f->out.color[1][0][0]), ==, 0x330080ff);
    g_assert_cmphex(bits(f->out.color[1][0][3]), ==, 0x330080ff);
    assert_near(f->out.color[2][0], 1, 128.0f / 255, 0, 0.2f);
    /* PK4B: round(127 x) + 128: 255, 1, 128, 63.5 to even 64 + 128 */
    g_assert_cmphex(bits(f->out.color[3][0][0]), ==, 0xc08001ff);

    memset(&f->a, 0, sizeof(f->a));
    ins(&f->a, OP(PK4B) | DR(1) | MASK(1), CST | TR, NONE, NONE);
    cst(&f->a, 1, -1, 0, 0.5f);
    ins(&f->a, OP(UP4B) | DR(0) | XYZW, R(1) | TR, NONE, NONE);
    ins(&f->a, OP(PK2US) | DR(3) | MASK(1), CST | TR, NONE, NONE);
    cst(&f->a, 1, 0.5f, 0, 0);
    ins(&f->a, OP(UP2US) | DR(2) | XYZW, R(3) | TR, NONE, NONE);
    fin(&f->a);
    run(&f->a, NV_FP_RANKINE, &f->in, &f->out);
    /* UP4B: (b - 128) / 127: (1, -1, 0, 64/127) */
    assert_near(f->out.color[0][0], 1, -1, 0, 64.0f / 127);
    /* PK2US: 65535, 32767.5 to even 32768; UP2US: /65535 */
    assert_near(f->out.color[1][0], 1, 32768.0f / 65535, 1, 32768.0f / 65535);
}

/* The program in memory: little-endian words; big-endian mode's halves. */
static void test_layout(void)
{
    static const uint8_t le[] = { 0x78, 0x56, 0x34, 0x12, 0xff };
    static const uint8_t be[] = { 0x56, 0x78, 0x12, 0x34 };
    uint32_t w[2], prog_w[64];
    uint8_t mem[256];
    NVFpQuadIn in;
    NVFpQuadOut out;
    Asm a = { 0 };
    unsigned n;

    /* a trailing byte is no word */
    g_assert_cmpuint(nv_fp_load_words(w, le, sizeof(le), false), ==, 1);
    g_assert_cmphex(w[0], ==, 0x12345678);
    g_assert_cmpuint(nv_fp_load_words(w, be, sizeof(be), true), ==, 1);
    g_assert_cmphex(w[0], ==, 0x12345678);

    /*
     * Mesa's big-endian upload: (v >> 16) | (v << 16) stored big-endian,
     * i.e. bytes v[15:8], v[7:0], v[31:24], v[23:16].
     */
    quad_init(&in);
    ins(&a, OP(MUL) | DR(0) | XYZW | INP(I_TC0), IN | TR, CST, NONE);
    cst(&a, 2, 2, 2, 2);
    fin(&a);
    for (unsigned i = 0; i < a.n; i++) {
        uint32_t v = a.w[i] >> 16 | a.w[i] << 16;

        mem[4 * i] = v >> 24;
        mem[4 * i + 1] = v >> 16;
        mem[4 * i + 2] = v >> 8;
        mem[4 * i + 3] = v;
    }
    n = nv_fp_load_words(prog_w, mem, 4 * a.n, true);
    g_assert_cmpuint(n, ==, a.n);
    g_assert_cmpmem(prog_w, 4 * n, a.w, 4 * a.n);
    g_assert_cmpint(nv_fp_decode(prog, NV_FP_RANKINE, prog_w, n), ==,
                    NV_FP_OK);
    nv_fp_run_quad(prog, &in, NULL, &out);
    /* 2 TC0 = (3, -4, 0.5, 8) */
    assert_vec(out.color[0][0], 3, -4, 0.5f, 8);
}

static NVFpStatus decode(Asm *a, NVFpGen gen)
{
    return nv_fp_decode(prog, gen, a->w, a->n);
}

/* Constants as the hardware consumes them, and what decoding refuses. */
static void test_decode(void)
{
    Fix *f = fix_new();
    unsigned i_if;

    /* three constant sources, one constant: c c + c = (2, 6, 12, 20) */
    ins(&f->a, OP(MAD) | DR(0) | XYZW, CST | TR, CST, CST);
    cst(&f->a, 1, 2, 3, 4);
    ins(&f->a, OP(ADD) | DR(0) | MASK(1), R(0) | TR, CST, NONE);
    cst(&f->a, 100, 0, 0, 0);
    fin(&f->a);
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    g_assert_cmpuint(prog->ninsn, ==, 2);
    assert_vec(f->out.color[0][0], 102, 6, 12, 20);

    /* Rankine ignores the branch bit: an ordinary MOV */
    memset(&f->a, 0, sizeof(f->a));
    ins(&f->a, OP(MOV) | DR(0) | XYZW, CST | TR,
        NONE | NV40_FP_OP_OPCODE_IS_BRANCH, NONE);
    cst(&f->a, 3, 3, 3, 3);
    fin(&f->a);
    run(&f->a, NV_FP_RANKINE, &f->in, &f->out);
    assert_vec(f->out.color[0][0], 3, 3, 3, 3);

    /* an unknown opcode (0x3f) is a NOP; the rest runs */
    memset(&f->a, 0, sizeof(f->a));
    ins(&f->a, 0x3fu << 24 | DR(0) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 1, 1, 1, 1);
    ins(&f->a, OP(ADD) | DR(0) | XYZW, R(0) | TR, CST, NONE);
    cst(&f->a, 4, 4, 4, 4);
    fin(&f->a);
    g_assert_cmpint(decode(&f->a, NV_FP_CURIE), ==, NV_FP_GUEST_ERROR);
    g_assert_cmpstr(prog->error, ==, "unknown opcode");
    g_assert_cmpuint(prog->error_word, ==, 0);
    g_assert_cmpuint(prog->ninsn, ==, 2);   /* its constant skipped */
    nv_fp_run_quad(prog, &f->in, NULL, &f->out);
    assert_vec(f->out.color[0][0], 4, 4, 4, 4);

    /* one generation's opcodes on the other */
    memset(&f->a, 0, sizeof(f->a));
    ins(&f->a, OP(RSQ_NV30) | DR(0) | XYZW, NONE | TR, NONE, NONE);
    fin(&f->a);
    g_assert_cmpint(decode(&f->a, NV_FP_CURIE), ==, NV_FP_GUEST_ERROR);
    g_assert_cmpint(decode(&f->a, NV_FP_RANKINE), ==, NV_FP_OK);
    memset(&f->a, 0, sizeof(f->a));
    ins(&f->a, OP(TXL_NV40) | DR(0) | XYZW, NONE | TR, NONE, NONE);
    fin(&f->a);
    g_assert_cmpint(decode(&f->a, NV_FP_RANKINE), ==, NV_FP_GUEST_ERROR);

    /* no END bit, and a constant cut off */
    memset(&f->a, 0, sizeof(f->a));
    ins(&f->a, OP(MOV) | DR(0) | XYZW, NONE | TR, NONE, NONE);
    g_assert_cmpint(decode(&f->a, NV_FP_CURIE), ==, NV_FP_GUEST_ERROR);
    g_assert_cmpstr(prog->error, ==, "no END bit");
    memset(&f->a, 0, sizeof(f->a));
    ins(&f->a, OP(MOV) | DR(0) | XYZW, CST | TR, NONE, NONE);
    fin(&f->a);
    g_assert_cmpint(decode(&f->a, NV_FP_CURIE), ==, NV_FP_GUEST_ERROR);
    g_assert_cmpstr(prog->error, ==, "constant past the program");
    g_assert_cmpuint(prog->error_word, ==, 4);

    /* DST_SCALE 4 has no meaning: x1 */
    memset(&f->a, 0, sizeof(f->a));
    ins(&f->a, OP(MOV) | DR(0) | XYZW, CST | TR,
        NONE | 4u << NVFX_FP_OP_DST_SCALE_SHIFT, NONE);
    cst(&f->a, 3, 3, 3, 3);
    fin(&f->a);
    g_assert_cmpint(decode(&f->a, NV_FP_CURIE), ==, NV_FP_GUEST_ERROR);
    g_assert_cmpstr(prog->error, ==, "scale 4");
    nv_fp_run_quad(prog, &f->in, NULL, &f->out);
    assert_vec(f->out.color[0][0], 3, 3, 3, 3);

    /* Rankine's R registers: R33 is R1 (5 bits); R1.z is the depth */
    memset(&f->a, 0, sizeof(f->a));
    ins(&f->a, OP(MOV) | DR(33) | MASK(4), CST | TR, NONE, NONE);
    cst(&f->a, 0, 0, 0.5f, 0);
    fin(&f->a);
    run(&f->a, NV_FP_RANKINE, &f->in, &f->out);
    g_assert_cmpfloat(f->out.depth[0], ==, 0.5f);
    run(&f->a, NV_FP_CURIE, &f->in, &f->out);
    g_assert_cmpfloat(f->out.depth[0], ==, 0);

    /* source type 3 */
    memset(&f->a, 0, sizeof(f->a));
    ins(&f->a, OP(MOV) | DR(0) | XYZW, 3 | TR, NONE, NONE);
    fin(&f->a);
    g_assert_cmpint(decode(&f->a, NV_FP_CURIE), ==, NV_FP_GUEST_ERROR);

    /*
     * After a MOV with its constant (words 0-7), an IF (8) whose ELSE is
     * a constant's word (16), then one whose ELSE is odd (13)
     */
    memset(&f->a, 0, sizeof(f->a));
    ins(&f->a, OP(MOV) | DR(2) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 2, 2, 2, 2);
    i_if = br(&f->a, NV40_FP_OP_BRA_OPCODE_IF, CC(NE, 0, 0, 0, 0), 0, 0);
    ins(&f->a, OP(MOV) | DR(0) | XYZW, CST | TR, NONE, NONE);
    cst(&f->a, 1, 1, 1, 1);
    ins(&f->a, OP(NOP), TR, NONE, NONE);
    fin(&f->a);
    g_assert_cmpuint(i_if, ==, 8);
    f->a.w[i_if + 2] |= 16;
    f->a.w[i_if + 3] |= 20;
    g_assert_cmpint(decode(&f->a, NV_FP_CURIE), ==, NV_FP_GUEST_ERROR);
    g_assert_cmpstr(prog->error, ==, "bad branch target");
    g_assert_cmpuint(prog->error_word, ==, 8);
    f->a.w[i_if + 2] = NV40_FP_OP_OPCODE_IS_BRANCH | 13;
    g_assert_cmpint(decode(&f->a, NV_FP_CURIE), ==, NV_FP_GUEST_ERROR);
    /*
     * ELSE and ENDIF at the NOP (20): fine.  The condition code is 0, so
     * NE fails for every pixel and the MOV is skipped: R0 stays 0.
     */
    f->a.w[i_if + 2] = NV40_FP_OP_OPCODE_IS_BRANCH | 20;
    g_assert_cmpint(decode(&f->a, NV_FP_CURIE), ==, NV_FP_OK);
    nv_fp_run_quad(prog, &f->in, NULL, &f->out);
    assert_vec(f->out.color[0][0], 0, 0, 0, 0);
    assert_vec(f->out.color[1][0], 2, 2, 2, 2);

    /* indexed inputs are not modelled */
    memset(&f->a, 0, sizeof(f->a));
    ins(&f->a, OP(MOV) | DR(0) | XYZW, NONE | TR, NONE,
        NONE | NVFX_FP_OP_INDEX_INPUT);
    fin(&f->a);
    g_assert_cmpint(decode(&f->a, NV_FP_CURIE), ==, NV_FP_UNIMP);
    g_assert_cmpstr(prog->error, ==, "indexed input");

    /* 4097 instructions without END: NV_FP_MAX_INSNS decoded */
    {
        g_autofree uint32_t *w = g_new0(uint32_t, 4 * 4097);

        g_assert_cmpint(nv_fp_decode(prog, NV_FP_CURIE, w, 4 * 4097), ==,
                        NV_FP_GUEST_ERROR);
        g_assert_cmpuint(prog->ninsn, ==, NV_FP_MAX_INSNS);
        nv_fp_run_quad(prog, &f->in, NULL, &f->out);
        g_assert_false(f->out.runaway);
    }
    /* nothing at all */
    g_assert_cmpint(nv_fp_decode(prog, NV_FP_CURIE, NULL, 0), ==,
                    NV_FP_GUEST_ERROR);
    g_assert_cmpuint(prog->ninsn, ==, 0);
}

/* Whatever the words, decoding and running stay in bounds and end. */
static void test_random(void)
{
    GRand *rnd = g_rand_new_with_seed(1);
    NVFpQuadIn in;
    NVFpQuadOut out;
    uint32_t w[256];

    quad_init(&in);
    for (unsigned iter = 0; iter < 2000; iter++) {
        for (unsigned i = 0; i < G_N_ELEMENTS(w); i++) {
            w[i] = g_rand_int(rnd);
            /* short branch targets, to make loops and calls likely */
            if (i % 4 >= 2 && g_rand_boolean(rnd)) {
                w[i] = (w[i] & 0x80000000u) | (g_rand_int(rnd) & 0xfc);
            }
        }
        in.mask = iter & 0xf;
        in.control = g_rand_int(rnd);
        nv_fp_decode(prog, iter & 1 ? NV_FP_CURIE : NV_FP_RANKINE, w,
                     G_N_ELEMENTS(w));
        /* at most one instruction per 4 words, registers in range */
        g_assert_cmpuint(prog->ninsn, <=, G_N_ELEMENTS(w) / 4);
        g_assert_cmpuint(prog->nregs, <=, NV_FP_REGS);
        nv_fp_run_quad(prog, &in, NULL, &out);
        /* only fragments are killed */
        g_assert_cmphex(out.killed & ~in.mask, ==, 0);
    }
    g_rand_free(rnd);
}

/* A rasterizer quad as inputs: TBUF slots per generation. */
static void test_quad_in(void)
{
    NVRaster r;
    NVRasterQuad q = { .x = 4, .y = 6, .mask = 0x5, .back = true };
    NVFpQuadIn in;

    nv_raster_init(&r, NULL, NULL);
    /* slots 1, 3, 5, 7 and 8 interpolated; 4 not (stale values) */
    r.st.attr_mask = 1u << 1 | 1u << 3 | 1u << 5 | 1u << 7 | 1u << 8;
    for (unsigned px = 0; px < 4; px++) {
        q.f[px].z = 0.5f;
        q.f[px].q = 0.25f;
        for (unsigned slot = 0; slot < 9; slot++) {
            for (unsigned c = 0; c < 4; c++) {
                q.f[px].attr[slot][c] = 10 * slot + c + 100 * px;
            }
        }
    }
    in.control = 0x80;
    nv_fp_quad_in(&in, NV_FP_RANKINE, &r.st, &q);
    g_assert_cmphex(in.mask, ==, 0x5);
    g_assert_cmphex(in.control, ==, 0x80);
    /* pixel 3 is (5, 7): centre (5.5, 7.5), z, 1/w */
    assert_vec(in.attr[3][0], 5.5f, 7.5f, 0.5f, 0.25f);
    /* Rankine: COL0 slot 3 (pixel 1: 130 + c), COL1 slot 4 masked out,
     * FOGC slot 5's x, TC0 slot 8, TC1 slot 9 not interpolated */
    assert_vec(in.attr[1][I_COL0], 130, 131, 132, 133);
    assert_vec(in.attr[1][I_COL0 + 1], 0, 0, 0, 0);
    assert_vec(in.attr[1][3], 150, 0, 0, 0);
    assert_vec(in.attr[1][I_TC0], 180, 181, 182, 183);
    assert_vec(in.attr[1][I_TC1], 0, 0, 0, 0);
    assert_vec(in.attr[1][NV_FP_IN_FACING], 0, 0, 0, 0);

    /* Curie: COL0 slot 1, TC0 slot 7, TC1 slot 8; back-facing -1 */
    r.st.origin_inverted = true;
    r.st.coord_height = 16;
    nv_fp_quad_in(&in, NV_FP_CURIE, &r.st, &q);
    assert_vec(in.attr[2][I_COL0], 210, 211, 212, 213);
    assert_vec(in.attr[2][I_TC0], 270, 271, 272, 273);
    assert_vec(in.attr[2][I_TC1], 280, 281, 282, 283);
    assert_vec(in.attr[2][NV_FP_IN_FACING], -1, 0, 0, 0);
    /* pixel 2 is (4, 7); y from the bottom: 16 - 1 - 7 + 0.5 = 8.5 */
    assert_vec(in.attr[2][0], 4.5f, 8.5f, 0.5f, 0.25f);
}

/*
 * The rasterizer's attr_mask from a program: the slots of the inputs its
 * sources read (docs/fp.rst "Inputs").  TEX R0 = texture 0 at f[TC1];
 * MUL R0 = R0 * f[COL0]: inputs 5 (TC1) and 1 (COL0).  Curie's TC1 is
 * slot 7 + 1 = 8, COL0 slot 1: 0x100 | 0x2 = 0x102; Rankine's TC1 slot
 * 8 + 1 = 9, COL0 slot 3: 0x200 | 0x8 = 0x208.
 */
static void test_attr_mask(void)
{
    Asm a = { .n = 0 };

    ins(&a, OP(TEX) | DR(0) | XYZW | INP(I_TC1), IN | TR, NONE, NONE);
    ins(&a, OP(MUL) | DR(0) | XYZW | INP(I_COL0), R(0) | TR, IN, NONE);
    fin(&a);
    g_assert_cmpint(nv_fp_decode(prog, NV_FP_CURIE, a.w, a.n), ==, NV_FP_OK);
    g_assert_cmphex(prog->inputs, ==, 1u << I_TC1 | 1u << I_COL0);
    g_assert_cmphex(nv_fp_attr_mask(prog), ==, 0x102);
    g_assert_cmpint(nv_fp_decode(prog, NV_FP_RANKINE, a.w, a.n), ==,
                    NV_FP_OK);
    g_assert_cmphex(nv_fp_attr_mask(prog), ==, 0x208);

    /*
     * One input an instruction: MOV R1 =
     * f[WPOS] (input 0, no slot: the rasterizer's own position), MOV R0 =
     * f[FOGC] (input 3: XF's FOGC, slot 5): 0x20.  MOV R2 = R1 with
     * INPUT_SRC TC0 reads no input (its source is a temp): no slot 7.
     */
    a.n = 0;
    ins(&a, OP(MOV) | DR(1) | XYZW | INP(0), IN | TR, NONE, NONE);
    ins(&a, OP(MOV) | DR(0) | XYZW | INP(3), IN | TR, NONE, NONE);
    ins(&a, OP(MOV) | DR(2) | XYZW | INP(I_TC0), R(1) | TR, NONE, NONE);
    fin(&a);
    g_assert_cmpint(nv_fp_decode(prog, NV_FP_CURIE, a.w, a.n), ==, NV_FP_OK);
    g_assert_cmphex(prog->inputs, ==, 1u << 0 | 1u << 3);
    g_assert_cmphex(nv_fp_attr_mask(prog), ==, 1u << 5);
}

/*
 * Every half as a single (IEEE 754 binary16): exponent e, mantissa m,
 * sign s; e 31: infinity (m 0) or NaN; e 0: m * 2^-24; else (1024 + m) *
 * 2^(e - 25).  Back to a half it is the same bits (NaNs aside: quiet).
 */
static void test_half_all(void)
{
    for (uint32_t h = 0; h < 0x10000; h++) {
        unsigned e = h >> 10 & 0x1f, m = h & 0x3ff;
        float v = nv_fp_from_half(h);
        double want = e == 0 ? ldexp(m, -24) : ldexp(1024 + m, (int)e - 25);

        if (e == 0x1f) {
            g_assert_true(m ? isnan(v) : isinf(v));
        } else {
            g_assert_cmpfloat(fabs(v), ==, want);
            g_assert_cmphex(nv_fp_to_half(v), ==, h);
        }
        g_assert_cmpint(!!signbit(v), ==, h >> 15);
    }
}

int main(int argc, char **argv)
{
    int ret;

    g_test_init(&argc, &argv, NULL);
    prog = g_new0(NVFpProgram, 1);
    g_test_add_func("/fp/arith", test_arith);
    g_test_add_func("/fp/modifiers", test_modifiers);
    g_test_add_func("/fp/scalar", test_scalar);
    g_test_add_func("/fp/lit", test_lit);
    g_test_add_func("/fp/scale-sat", test_scale_sat);
    g_test_add_func("/fp/fp16", test_fp16);
    g_test_add_func("/fp/fixed", test_fixed);
    g_test_add_func("/fp/alias", test_alias);
    g_test_add_func("/fp/cc", test_cc);
    g_test_add_func("/fp/kil", test_kil);
    g_test_add_func("/fp/deriv", test_deriv);
    g_test_add_func("/fp/tex", test_tex);
    g_test_add_func("/fp/if", test_if);
    g_test_add_func("/fp/loop", test_loop);
    g_test_add_func("/fp/call", test_call);
    g_test_add_func("/fp/call-partial", test_call_partial);
    g_test_add_func("/fp/if-overflow", test_if_overflow);
    g_test_add_func("/fp/runaway", test_runaway);
    g_test_add_func("/fp/mrt-depth", test_mrt_depth);
    g_test_add_func("/fp/pack", test_pack);
    g_test_add_func("/fp/layout", test_layout);
    g_test_add_func("/fp/decode", test_decode);
    g_test_add_func("/fp/random", test_random);
    g_test_add_func("/fp/quad-in", test_quad_in);
    g_test_add_func("/fp/attr-mask", test_attr_mask);
    g_test_add_func("/fp/half-all", test_half_all);
    ret = g_test_run();
    g_free(prog);
    return ret;
}
