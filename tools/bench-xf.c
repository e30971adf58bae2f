/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv benchmark: XF instructions and vertices per second on one core,
 * against a C loop doing 4-component float multiply-adds in the same run,
 * for the two programs the XF issue names:
 *   - a 16-instruction Kelvin transform and lighting vertex program (nv20):
 *     position by four DP4s, the normal by a 3x3 matrix and normalised
 *     (DP3, RSQ, MUL), N.L and N.H, LIT, diffuse plus specular colour;
 *   - a 40-instruction Curie vertex program (nv43) with a loop and a call:
 *     transform and normal as above, then a loop (CAL, ADD writing the
 *     condition codes, BRA while greater than 0) calling four times a
 *     19-instruction per-light subroutine (LIT, attenuation with DST and
 *     RCP, MIN/MAX clamping), then colour, texture and fog outputs:
 *     106 instructions a vertex.
 * Programs are written ISA-neutral and encoded with nv_xf_encode(); each
 * run checks how many instructions the program executed.  Not a test.
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hw/nv/xf/idx.h"
#include "hw/nv/xf/xf-isa.h"
#include "hw/nv/xf/xf.h"

enum { MUX_TEMP = 1, MUX_IBUF = 2, MUX_CTX = 3 };
enum {
    V_MOV = 1, V_MUL, V_ADD, V_MAD, V_DP3, V_DPH, V_DP4, V_DST, V_MIN, V_MAX,
};
enum { S_RSQ = 4, S_RCP = 2, S_LIT = 7, S_BRA = 9, S_CAL = 0xb, S_RET = 0xc };
#define NONE        NV_XF_REGS
#define CC_GT       4
#define X 8
#define Y 4
#define Z 2
#define W 1

/* A source: @mux, temp @reg, swizzle as a string ("xyzw", "wwww"). */
static NVXfSrc src(unsigned mux, unsigned reg, const char *swz, bool neg)
{
    NVXfSrc s = { .mux = mux, .reg = reg, .neg = neg };

    for (unsigned c = 0; c < 4; c++) {
        s.swz[c] = strchr("xyzw", swz[c]) - "xyzw";
    }
    return s;
}

#define T(r, s)     src(MUX_TEMP, r, s, false)
#define NT(r, s)    src(MUX_TEMP, r, s, true)
#define V(s)        src(MUX_IBUF, 0, s, false)
#define C(s)        src(MUX_CTX, 0, s, false)

/* An instruction with no result anywhere yet. */
static NVXfInsn nop(void)
{
    return (NVXfInsn) { .dst_vec = NONE, .dst_sca = NONE };
}

/*
 * Vector op into temp @dst (mask @wm) or, with @out >= 0, TBUF @out (on
 * Curie an output takes the temp write mask: DST_WM_VEC carries it too).
 */
static NVXfInsn vop(unsigned op, int dst, int out, unsigned wm, NVXfSrc s0,
                    NVXfSrc s1, NVXfSrc s2, unsigned ibuf, unsigned ctx)
{
    NVXfInsn in = nop();

    in.op_vec = op;
    in.dst_wm_vec = wm;
    if (out >= 0) {
        in.out_addr = out;
        in.out_wm_vec = wm;
    } else {
        in.dst_vec = dst;
    }
    in.src[0] = s0;
    in.src[1] = s1;
    in.src[2] = s2;
    in.ibuf_addr = ibuf;
    in.ctx_addr = ctx;
    return in;
}

/* Scalar op on SRC2 into temp @dst (mask @wm). */
static NVXfInsn sop(unsigned op, unsigned dst, unsigned wm, NVXfSrc s2)
{
    NVXfInsn in = nop();

    in.op_sca = op;
    in.dst_sca = dst;
    in.dst_wm_sca = wm;
    in.src[2] = s2;
    return in;
}

static void upload(NVXf *xf, NVXfIsa isa, const NVXfInsn *prog, unsigned n)
{
    for (unsigned pc = 0; pc < n; pc++) {
        uint32_t w[NV_XF_PR_WORDS];
        NVXfInsn in = prog[pc];

        if (isa == NV_XF_KELVIN && in.dst_vec == NONE) {
            in.dst_vec = in.dst_sca;    /* Kelvin's one DST field */
        }
        nv_xf_encode(isa, &in, w);
        /* IDX2XF word 0 carries the instruction's top bits. */
        for (unsigned k = 0; k < 4; k++) {
            NVXfCmd c = { .type = NV_XF_CMD_XFPR, .vec = pc, .word = k,
                          .data = { w[3 - k] } };

            nv_xf_write(xf, NULL, &c);
        }
    }
}

/* A vector for an IDX2XF command: XFCTX or VAB slot @vec. */
typedef struct Vec {
    uint8_t type;
    uint16_t vec;
    float v[4];
} Vec;

static void set_vecs(NVXf *xf, const Vec *vecs, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        for (unsigned k = 0; k < 4; k++) {
            NVXfCmd c = { .type = vecs[i].type, .vec = vecs[i].vec,
                          .word = k };

            memcpy(&c.data[0], &vecs[i].v[k], 4);
            nv_xf_write(xf, NULL, &c);
        }
    }
}

#define CTX(i, x, y, z, w)  { NV_XF_CMD_XFCTX, i, { x, y, z, w } }
#define VAB(i, x, y, z, w)  { NV_XF_CMD_VAB, i, { x, y, z, w } }

/* Constants both programs read: c0-c3 MVP rows, c4-c6 normal matrix. */
static const Vec transform[] = {
    CTX(0, 1.0f, 0.125f, 0.0625f, 0.5f), CTX(1, 0.25f, 1.0f, 0.0625f, 0.5f),
    CTX(2, 0.25f, 0.125f, 1.0f, 0.5f), CTX(3, 0.25f, 0.125f, 0.0625f, 0.5f),
    CTX(4, 0.25f, 0.125f, 0.0625f, 0.5f), CTX(5, 0.25f, 0.125f, 0.0625f, 0.5f),
    CTX(6, 0.25f, 0.125f, 0.0625f, 0.5f),
};

static double now(void)
{
    return g_get_monotonic_time() / 1e6;
}

/*
 * Vertices per second of program @prog (@n slots) on an XF of @isa with
 * the transform and @consts loaded; checks the instruction count.
 */
static double run_vertices(NVXfIsa isa, const NVXfInsn *prog, unsigned n,
                           const Vec *consts, unsigned nconsts, unsigned icnt)
{
    NVXf *xf = g_new0(NVXf, 1);
    unsigned runs = 0;
    double t0, t;

    nv_xf_reset(xf, isa);
    /* Kelvin runs fixed function unless XFMODE_B (vector 0, word 0)
     * selects the program: MODE PROGRAM_V1 (mode.rst). */
    if (isa == NV_XF_KELVIN) {
        xf->ram.mode[0][0] = 2u << 30;
    }
    upload(xf, isa, prog, n);
    set_vecs(xf, transform, G_N_ELEMENTS(transform));
    set_vecs(xf, consts, nconsts);
    t0 = now();

    do {
        for (int i = 0; i < 256; i++) {
            nv_xf_vertex(xf, NULL);
            nv_xf_take_vertex(xf);
        }
        runs += 256;
        t = now() - t0;
    } while (t < 1.0);
    if (xf->last_icnt != icnt) {
        g_error("the program ran %u instructions, not %u", xf->last_icnt,
                icnt);
    }
    g_free(xf);
    return runs / t;
}

#define KELVIN_ICNT 16

/*
 * Kelvin T&L: v0 position, v2 normal, v3 colour; c7 L, c8 H, c9.w the
 * shininess, c10 diffuse, c12 specular.  Outputs o0 (HPOS), o3 (COL0).
 */
static double kelvin_tnl(void)
{
    NVXfInsn prog[KELVIN_ICNT] = {
        vop(V_DP4, 0, 0, X, V("xyzw"), C("xyzw"), C("xyzw"), 0, 0),
        vop(V_DP4, 0, 0, Y, V("xyzw"), C("xyzw"), C("xyzw"), 0, 1),
        vop(V_DP4, 0, 0, Z, V("xyzw"), C("xyzw"), C("xyzw"), 0, 2),
        vop(V_DP4, 0, 0, W, V("xyzw"), C("xyzw"), C("xyzw"), 0, 3),
        vop(V_DP3, 0, -1, X, V("xyzw"), C("xyzw"), C("xyzw"), 2, 4),
        vop(V_DP3, 0, -1, Y, V("xyzw"), C("xyzw"), C("xyzw"), 2, 5),
        vop(V_DP3, 0, -1, Z, V("xyzw"), C("xyzw"), C("xyzw"), 2, 6),
        vop(V_DP3, 0, -1, W, T(0, "xyzw"), T(0, "xyzw"), C("xyzw"), 0, 0),
        sop(S_RSQ, 1, X, T(0, "wwww")),
        vop(V_MUL, 0, -1, X | Y | Z, T(0, "xyzw"), T(1, "xxxx"),
            C("xyzw"), 0, 0),
        vop(V_DP3, 2, -1, X, T(0, "xyzw"), C("xyzw"), C("xyzw"), 0, 7),
        vop(V_DP3, 2, -1, Y, T(0, "xyzw"), C("xyzw"), C("xyzw"), 0, 8),
        vop(V_MOV, 2, -1, W, C("xyzw"), C("xyzw"), C("xyzw"), 0, 9),
        sop(S_LIT, 3, X | Y | Z | W, T(2, "xyzw")),
        vop(V_MAD, 4, -1, X | Y | Z | W, T(3, "yyyy"), C("xyzw"), V("xyzw"),
            3, 10),
        vop(V_MAD, 0, 3, X | Y | Z | W, T(3, "zzzz"), C("xyzw"), T(4, "xyzw"),
            0, 12),
    };
    static const Vec consts[] = {
        CTX(7, 0.0f, 0.6f, 0.8f, 0.0f), CTX(8, 0.0f, 0.8f, 0.6f, 0.0f),
        CTX(9, 0.0f, 0.0f, 0.0f, 16.0f), CTX(10, 0.5f, 0.25f, 0.125f, 1.0f),
        CTX(12, 0.25f, 0.25f, 0.25f, 0.0f),
        VAB(0, 1.0f, 2.0f, 3.0f, 1.0f), VAB(2, 0.0f, 0.6f, 0.8f, 0.0f),
        VAB(3, 0.1f, 0.1f, 0.1f, 1.0f),
    };

    prog[KELVIN_ICNT - 1].end = true;
    return run_vertices(NV_XF_KELVIN, prog, KELVIN_ICNT, consts,
                        G_N_ELEMENTS(consts), KELVIN_ICNT);
}

#define CURIE_PROG      40
#define CURIE_LIGHTS    4
#define CURIE_ICNT      (13 + 22 * CURIE_LIGHTS + 5)

/* A CAL or conditional BRA to @target. */
static NVXfInsn flow(unsigned op, unsigned target, bool cond)
{
    NVXfInsn in = nop();

    in.op_sca = op;
    in.ctx_addr = target;
    in.cond_enable = cond;
    in.cond_test = CC_GT;
    return in;
}

/*
 * Curie: v0 position, v1.x the light count, v2 normal, v3 texture
 * coordinates; R0 position, R6 normal, R7 colour, R5.x the count.
 * 0-12 transform and set-up, 13-15 the loop, 16-20 outputs and END,
 * 21-39 the per-light subroutine.
 */
static double curie_loop_call(void)
{
    NVXfInsn prog[CURIE_PROG] = {
        vop(V_MOV, 0, -1, X | Y | Z | W, V("xyzw"), C("xyzw"), C("xyzw"),
            0, 0),
        vop(V_DP4, 0, 0, X, T(0, "xyzw"), C("xyzw"), C("xyzw"), 0, 0),
        vop(V_DP4, 0, 0, Y, T(0, "xyzw"), C("xyzw"), C("xyzw"), 0, 1),
        vop(V_DP4, 0, 0, Z, T(0, "xyzw"), C("xyzw"), C("xyzw"), 0, 2),
        vop(V_DP4, 0, 0, W, T(0, "xyzw"), C("xyzw"), C("xyzw"), 0, 3),
        vop(V_DP3, 6, -1, X, V("xyzw"), C("xyzw"), C("xyzw"), 2, 4),
        vop(V_DP3, 6, -1, Y, V("xyzw"), C("xyzw"), C("xyzw"), 2, 5),
        vop(V_DP3, 6, -1, Z, V("xyzw"), C("xyzw"), C("xyzw"), 2, 6),
        vop(V_DP3, 6, -1, W, T(6, "xyzw"), T(6, "xyzw"), C("xyzw"), 0, 0),
        sop(S_RSQ, 8, X, T(6, "wwww")),
        vop(V_MUL, 6, -1, X | Y | Z, T(6, "xyzw"), T(8, "xxxx"), C("xyzw"),
            0, 0),
        vop(V_MOV, 7, -1, X | Y | Z | W, C("xyzw"), C("xyzw"), C("xyzw"),
            0, 7),
        vop(V_MOV, 5, -1, X | Y | Z | W, V("xyzw"), C("xyzw"), C("xyzw"),
            1, 0),
        /* 13: the loop */
        flow(S_CAL, 21, false),
        vop(V_ADD, 5, -1, X, T(5, "xyzw"), C("xyzw"), C("xyzw"), 0, 9),
        flow(S_BRA, 13, true),
        /* 16: outputs */
        vop(V_MOV, 0, 3, X | Y | Z | W, T(7, "xyzw"), C("xyzw"), C("xyzw"),
            0, 0),
        vop(V_DP4, 0, 9, X, V("xyzw"), C("xyzw"), C("xyzw"), 3, 16),
        vop(V_DP4, 0, 9, Y, V("xyzw"), C("xyzw"), C("xyzw"), 3, 17),
        vop(V_DP4, 0, 5, X, T(0, "xyzw"), C("xyzw"), C("xyzw"), 0, 18),
        vop(V_MOV, 0, 4, X | Y | Z | W, C("xyzw"), C("xyzw"), C("xyzw"),
            0, 19),
        /* 21: one light */
        vop(V_DP3, 1, -1, X, T(6, "xyzw"), C("xyzw"), C("xyzw"), 0, 10),
        vop(V_DP3, 1, -1, Y, T(6, "xyzw"), C("xyzw"), C("xyzw"), 0, 11),
        vop(V_MOV, 1, -1, W, C("xyzw"), C("xyzw"), C("xyzw"), 0, 12),
        sop(S_LIT, 2, X | Y | Z | W, T(1, "xyzw")),
        vop(V_MAD, 7, -1, X | Y | Z | W, T(2, "yyyy"), C("xyzw"),
            T(7, "xyzw"), 0, 13),
        vop(V_MAD, 7, -1, X | Y | Z | W, T(2, "zzzz"), C("xyzw"),
            T(7, "xyzw"), 0, 14),
        vop(V_ADD, 3, -1, X | Y | Z, C("xyzw"), C("xyzw"), NT(0, "xyzw"),
            0, 15),
        vop(V_DP3, 3, -1, W, T(3, "xyzw"), T(3, "xyzw"), C("xyzw"), 0, 0),
        sop(S_RSQ, 4, X, T(3, "wwww")),
        vop(V_MUL, 3, -1, X | Y | Z, T(3, "xyzw"), T(4, "xxxx"), C("xyzw"),
            0, 0),
        vop(V_DST, 4, -1, X | Y | Z | W, T(3, "wwww"), T(4, "xxxx"),
            C("xyzw"), 0, 0),
        vop(V_DP3, 4, -1, W, T(4, "xyzw"), C("xyzw"), C("xyzw"), 0, 20),
        sop(S_RCP, 4, X, T(4, "wwww")),
        vop(V_MUL, 2, -1, X | Y | Z | W, T(2, "xyzw"), T(4, "xxxx"),
            C("xyzw"), 0, 0),
        vop(V_MAD, 7, -1, X | Y | Z | W, T(2, "yyyy"), C("xyzw"),
            T(7, "xyzw"), 0, 21),
        vop(V_MAX, 7, -1, X | Y | Z | W, T(7, "xyzw"), C("xyzw"), C("xyzw"),
            0, 22),
        vop(V_MIN, 7, -1, X | Y | Z | W, T(7, "xyzw"), C("xyzw"), C("xyzw"),
            0, 23),
        vop(V_MUL, 7, -1, W, T(7, "xyzw"), C("xyzw"), C("xyzw"), 0, 24),
        flow(S_RET, 0, false),
    };
    static const Vec consts[] = {
        CTX(7, 0.05f, 0.05f, 0.05f, 1.0f), CTX(9, -1.0f, 0.0f, 0.0f, 0.0f),
        CTX(10, 0.0f, 0.6f, 0.8f, 0.0f), CTX(11, 0.0f, 0.8f, 0.6f, 0.0f),
        CTX(12, 0.0f, 0.0f, 0.0f, 16.0f), CTX(13, 0.5f, 0.25f, 0.125f, 1.0f),
        CTX(14, 0.25f, 0.25f, 0.25f, 0.0f), CTX(15, 4.0f, 5.0f, 6.0f, 1.0f),
        CTX(16, 1.0f, 0.0f, 0.0f, 0.0f), CTX(17, 0.0f, 1.0f, 0.0f, 0.0f),
        CTX(18, 0.0f, 0.0f, -0.01f, 1.0f), CTX(19, 0.2f, 0.2f, 0.2f, 1.0f),
        CTX(20, 1.0f, 0.5f, 0.25f, 0.0f),
        CTX(21, 0.125f, 0.125f, 0.125f, 0.0f),
        CTX(22, 0.0f, 0.0f, 0.0f, 0.0f), CTX(23, 1.0f, 1.0f, 1.0f, 1.0f),
        CTX(24, 1.0f, 1.0f, 1.0f, 0.5f),
        VAB(0, 1.0f, 2.0f, 3.0f, 1.0f), VAB(1, CURIE_LIGHTS, 0.0f, 0.0f, 0.0f),
        VAB(2, 0.0f, 0.6f, 0.8f, 0.0f), VAB(3, 0.5f, 0.5f, 0.0f, 1.0f),
    };

    prog[14].cdst_write = true;         /* the count's ADD sets CC */
    prog[14].cdst_is_vec = true;
    prog[20].end = true;
    return run_vertices(NV_XF_CURIE, prog, CURIE_PROG, consts,
                        G_N_ELEMENTS(consts), CURIE_ICNT);
}

static volatile float sink, vb = 0.999f, vc = 0.001f;

/* 4-component multiply-adds per second in plain C. */
static double c_baseline(void)
{
    float a = 1.0f;
    uint64_t n = 0;
    double t0 = now(), t;

    do {
        /* Fresh operands each round, so nothing folds at compile time. */
        float b = vb, c = vc;

        for (int i = 0; i < 1000000; i++) {
            a = a * b + c;
            a = a * b + c;
            a = a * b + c;
            a = a * b + c;
        }
        sink = a;
        n += 1000000;
        t = now() - t0;
    } while (t < 0.5);
    return n / t;       /* 4 scalar MADs = one 4-component MAD */
}

/*
 * The goal: no slower than before the hardware's special functions
 * (docs/xf.rst "Special functions"), as a ratio to the C loop, so that the
 * machine's speed and load cancel out: the best XF/C of runs interleaved
 * with that build on the 2-core CI machine.
 */
#define GOAL_KELVIN     0.45
#define GOAL_CURIE      0.53

int main(void)
{
    double kelvin = kelvin_tnl(), curie = curie_loop_call();
    double c_rate = c_baseline();
    double rk = kelvin * KELVIN_ICNT / c_rate, rc = curie * CURIE_ICNT / c_rate;

    printf("XF (Kelvin, 16-instruction T&L vertex program): %.1f M "
           "instructions/s, %.2f M vertices/s\n",
           kelvin * KELVIN_ICNT / 1e6, kelvin / 1e6);
    printf("XF (Curie, 40-instruction program, loop of %u calls, %u "
           "instructions a vertex): %.1f M instructions/s, %.2f M "
           "vertices/s\n", CURIE_LIGHTS, CURIE_ICNT,
           curie * CURIE_ICNT / 1e6, curie / 1e6);
    printf("C baseline: %.1f M 4-component multiply-adds/s; XF/C = %.3f "
           "(Kelvin), %.3f (Curie)\n", c_rate / 1e6, rk, rc);
    printf("goal XF/C >= %.2f (Kelvin), %.2f (Curie): %s\n", GOAL_KELVIN,
           GOAL_CURIE, rk >= GOAL_KELVIN && rc >= GOAL_CURIE ? "met"
                                                            : "not met");
    return 0;
}
