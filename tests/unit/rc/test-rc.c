/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: Kelvin's texture shader and register combiners
 * (docs/combiners.rst).  The state goes in as bundle words and method
 * state, as PGRAPH keeps it, through nv_rc_decode().
 *
 * The combiners' values are multiples of 1/255 (nv_rc_quantize), so
 * expected colours are written as k / 255 with k worked out in the
 * comments from the NV_register_combiners equations; a result x * 255
 * rounds to the nearest k, a tie away from zero.  Texture shader
 * lookups go to a fake texture unit that records its arguments.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hw/nv/rc/rc.h"

/* Kelvin bundle ids (docs/hw/graph/bundles.rst's table) */
enum {
    ID_FACTOR_A = 0x20, ID_FACTOR_B = 0x28, ID_IN_ALPHA = 0x30,
    ID_OUT_ALPHA = 0x38, ID_IN_COLOR = 0x40, ID_OUT_COLOR = 0x48,
    ID_CONFIG = 0x50, ID_FINAL_A = 0x51, ID_FINAL_B = 0x52,
    ID_FOG_COLOR = 0x60, ID_TS_CULL = 0x65, ID_TS_OP = 0x67,
    ID_FINAL_FACTOR = 0x6b, ID_TEX_CONTROL = 0x73, ID_TS_EYE = 0xab,
};
/* Kelvin methods kept as per-context method state (rnndb nv20_3d.xml) */
#define M_OFFSET_MATRIX(u)  ((0x1b28 + 64 * (u)) / 4)
#define M_OFFSET_SCALE(u)   ((0x1b38 + 64 * (u)) / 4)
#define M_OFFSET_BIAS(u)    ((0x1b3c + 64 * (u)) / 4)
#define M_DOTMAPPING        (0x1e74 / 4)
#define M_PREVIOUS          (0x1e78 / 4)

/* nv10_rc_in_*: a variable's byte, and A-D packed */
#define IN(reg, alpha, map) ((uint32_t)(reg) | (alpha) << 4 | (map) << 5)
#define INS(a, b, c, d)     ((a) << 24 | (b) << 16 | (c) << 8 | (d))
/* nv10_rc_out */
#define OUT(ab, cd, sum)    ((cd) | (ab) << 4 | (sum) << 8)
#define CD_DOT              (1u << 12)
#define AB_DOT              (1u << 13)
#define MUX                 (1u << 14)
#define BIAS                (1u << 15)
#define SCALE(n)            ((uint32_t)(n) << 16)
/* nv10_rc_final1 */
#define FINAL1(e, f, g)     ((e) << 24 | (f) << 16 | (g) << 8)
#define SUM_CLAMP           (1u << 7)
/* UNSIGNED_INVERT of ZERO: the constant 1 */
#define ONE                 IN(NV_RC_ZERO, 0, NV_RC_UNSIGNED_INVERT)
#define UI                  NV_RC_UNSIGNED_IDENTITY
#define TEX_ON              (1u << 30)      /* TEX_ENABLE ENABLE */

#define K(k)                ((k) / 255.0f)

typedef struct Call {
    unsigned unit;
    float c[4], dx[4], dy[4];
} Call;

typedef struct Fix {
    uint32_t bundle[0x200];
    uint32_t extra[0x2000 / 4];
    NVRcState st;
    NVRcQuadIn in;
    NVRcQuadOut out;
    NVRcTex tex;
    float ret[NV_RC_TEX_UNITS][4];  /* what unit i returns */
    Call call[64];
    unsigned calls;
    bool fuzz;                      /* return rubbish */
} Fix;

static Fix fx;

static float rubbish(void)
{
    static const float v[] = {
        0.0f, 1.0f, -1.0f, 0.5f, 1e30f, -1e30f, INFINITY, -INFINITY, NAN,
    };
    uint32_t r = g_test_rand_int_range(0, G_N_ELEMENTS(v) + 1);

    return r < G_N_ELEMENTS(v) ? v[r] : g_test_rand_double_range(-4, 4);
}

static void fake_sample(void *opaque, unsigned unit, const float coord[4],
                        const float dx[4], const float dy[4], float out[4])
{
    Fix *f = opaque;

    g_assert_cmpuint(unit, <, NV_RC_TEX_UNITS);
    if (f->calls < G_N_ELEMENTS(f->call)) {
        Call *c = &f->call[f->calls];

        c->unit = unit;
        memcpy(c->c, coord, sizeof(c->c));
        memcpy(c->dx, dx, sizeof(c->dx));
        memcpy(c->dy, dy, sizeof(c->dy));
    }
    f->calls++;
    for (unsigned k = 0; k < 4; k++) {
        out[k] = f->fuzz ? rubbish() : f->ret[unit][k];
    }
}

/*
 * Everything 0 (no general stage, texture shader NONE), every pixel a
 * fragment with q = 1, and the final combiner showing whatever show()
 * puts in D and G.
 */
static Fix *fix_reset(void)
{
    memset(&fx, 0, sizeof(fx));
    fx.tex.sample = fake_sample;
    fx.tex.opaque = &fx;
    fx.in.mask = 0xf;
    for (unsigned p = 0; p < 4; p++) {
        for (unsigned u = 0; u < NV_RC_TEX_UNITS; u++) {
            fx.in.px[p].tex[u][3] = 1.0f;
        }
    }
    return &fx;
}

/* Final combiner A = B = C = 0: RGB = (1 - 0) * 0 + D, alpha = G. */
static void show(Fix *f, uint32_t d, uint32_t g)
{
    f->bundle[ID_FINAL_A] = INS(IN(NV_RC_ZERO, 0, UI), IN(NV_RC_ZERO, 0, UI),
                                IN(NV_RC_ZERO, 0, UI), d);
    f->bundle[ID_FINAL_B] = FINAL1(0u, 0u, g);
}

/*
 * General stage @i: SPARE1 = @reg * 1, or -@reg with @neg, in RGB and
 * alpha, so that the final combiner (unsigned mappings only) shows a
 * negative value as its magnitude.
 */
static void reveal(Fix *f, unsigned i, unsigned reg, bool neg)
{
    unsigned m = neg ? NV_RC_SIGNED_NEGATE : NV_RC_SIGNED_IDENTITY;

    f->bundle[ID_IN_COLOR + i] = INS(IN(reg, 0, m), ONE, 0u, 0u);
    f->bundle[ID_OUT_COLOR + i] = OUT(NV_RC_SPARE1, 0u, 0u);
    f->bundle[ID_IN_ALPHA + i] = INS(IN(reg, 1, m), ONE, 0u, 0u);
    f->bundle[ID_OUT_ALPHA + i] = OUT(NV_RC_SPARE1, 0u, 0u);
}

static void run(Fix *f)
{
    f->calls = 0;
    nv_rc_decode(&f->st, f->bundle, f->extra);
    nv_rc_run_quad(&f->st, &f->in, &f->tex, &f->out);
}

static void set_rgba(float v[4], float r, float g, float b, float a)
{
    v[0] = r;
    v[1] = g;
    v[2] = b;
    v[3] = a;
}

/* Every pixel's primary or secondary colour. */
static void set_col(Fix *f, bool secondary, float r, float g, float b,
                    float a)
{
    for (unsigned p = 0; p < 4; p++) {
        set_rgba(secondary ? f->in.px[p].col1 : f->in.px[p].col0,
                 r, g, b, a);
    }
}

static void set_tex(Fix *f, unsigned unit, float s, float t, float r,
                    float q)
{
    for (unsigned p = 0; p < 4; p++) {
        set_rgba(f->in.px[p].tex[unit], s, t, r, q);
    }
}

static void assert_vec(const float *got, const float *want, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        g_assert_cmpfloat_with_epsilon(got[i], want[i], 1e-5);
    }
}

/* Pixel 0's colour (and all four pixels have it: one state, one input). */
static void assert_out(const Fix *f, float r, float g, float b, float a)
{
    const float want[4] = { r, g, b, a };

    for (unsigned p = 0; p < 4; p++) {
        assert_vec(f->out.color[p], want, 4);
    }
}

static void assert_call(const Fix *f, unsigned i, unsigned unit, float s,
                        float t, float r, float q)
{
    const float want[4] = { s, t, r, q };

    g_assert_cmpuint(i, <, f->calls);
    g_assert_cmpuint(f->call[i].unit, ==, unit);
    assert_vec(f->call[i].c, want, 4);
}

static void test_quantize(void)
{
    /* 0.5 * 255 = 127.5, a tie: away from zero, 128 */
    g_assert_cmpfloat(nv_rc_quantize(0.5f), ==, K(128));
    g_assert_cmpfloat(nv_rc_quantize(-0.5f), ==, -K(128));
    /* 0x80 / 255 = 0.50196 is a step already */
    g_assert_cmpfloat(nv_rc_quantize(K(128)), ==, K(128));
    /* 0.001 * 255 = 0.255 -> 0; 0.003 * 255 = 0.765 -> 1 */
    g_assert_cmpfloat(nv_rc_quantize(0.001f), ==, 0.0f);
    g_assert_cmpfloat(nv_rc_quantize(0.003f), ==, K(1));
    /* 0.3 * 255 = 76.5 -> 77 (0.30196); -0.3 -> -77 */
    g_assert_cmpfloat(nv_rc_quantize(0.3f), ==, K(77));
    g_assert_cmpfloat(nv_rc_quantize(-0.3f), ==, -K(77));
    /*
     * HALF_BIAS_NORMAL of 0x40: 64 / 255 - 0.5 = -63.5 / 255, a tie:
     * -64 (in floats the product is -63.4999962, which must not decide)
     */
    g_assert_cmpfloat(nv_rc_quantize(K(64) - 0.5f), ==, -K(64));
    g_assert_cmpfloat(nv_rc_quantize(0.5f - K(64)), ==, K(64));
    /* clamp to [-1, 1]; NaN reads 0 */
    g_assert_cmpfloat(nv_rc_quantize(1.7f), ==, 1.0f);
    g_assert_cmpfloat(nv_rc_quantize(-3.0f), ==, -1.0f);
    g_assert_cmpfloat(nv_rc_quantize(INFINITY), ==, 1.0f);
    g_assert_cmpfloat(nv_rc_quantize(NAN), ==, 0.0f);
}

static void test_decode(void)
{
    Fix *f = fix_reset();
    const NVRcStage *s = &f->st.stage[3];

    f->bundle[ID_CONFIG] = 5 | 1u << 16;
    /* A = TEXTURE2 alpha EXPAND_NEGATE (0xa | 0x10 | 3 << 5 = 0x7a) */
    f->bundle[ID_IN_COLOR + 3] = INS(IN(NV_RC_TEXTURE0 + 2, 1, 3), 0u, 0u,
                                     IN(NV_RC_SPARE1, 0, 7));
    f->bundle[ID_OUT_ALPHA + 3] = OUT(0xcu, 0xdu, 0x4u) | MUX | BIAS |
                                  SCALE(3);
    f->bundle[ID_FACTOR_A] = 0x80ff4000;       /* argb8 */
    f->bundle[ID_FACTOR_B + 3] = 0x000000ff;
    f->bundle[ID_FOG_COLOR] = 0x00336699;      /* abgr8 */
    f->bundle[ID_TS_OP] = 1 | 0x11 << 5 | 0x0a << 10 | 0x12 << 15;
    f->bundle[ID_TS_CULL] = 0xffff0a5a;
    f->extra[M_DOTMAPPING] = 0x4321;
    f->extra[M_PREVIOUS] = 0x210f00;
    f->bundle[ID_TEX_CONTROL + 2] = TEX_ON;
    nv_rc_decode(&f->st, f->bundle, f->extra);

    g_assert_cmpuint(f->st.num_stages, ==, 5);
    g_assert_cmpuint(s->in_rgb[0].reg, ==, NV_RC_TEXTURE0 + 2);
    g_assert_true(s->in_rgb[0].alpha);
    g_assert_cmpuint(s->in_rgb[0].mapping, ==, NV_RC_EXPAND_NEGATE);
    g_assert_cmpuint(s->in_rgb[3].reg, ==, NV_RC_SPARE1);
    g_assert_cmpuint(s->in_rgb[3].mapping, ==, NV_RC_SIGNED_NEGATE);
    g_assert_cmpuint(s->out_alpha.ab, ==, NV_RC_SPARE0);
    g_assert_cmpuint(s->out_alpha.cd, ==, NV_RC_SPARE1);
    g_assert_cmpuint(s->out_alpha.sum, ==, NV_RC_PRIMARY_COLOR);
    g_assert_true(s->out_alpha.mux && !s->out_alpha.ab_dot);
    g_assert_cmpfloat(s->out_alpha.bias, ==, -0.5f);
    g_assert_cmpfloat(s->out_alpha.scale, ==, 0.5f);
    /* CONSTANT_COLOR0 global: stage 0's, R 0xff, G 0x40, B 0, A 0x80 */
    assert_vec(s->const0, (const float[]){ 1.0f, K(0x40), 0, K(0x80) }, 4);
    /* CONSTANT_COLOR1 per stage: stage 3's own, blue */
    assert_vec(s->const1, (const float[]){ 0, 0, 1.0f, 0 }, 4);
    /* FOG_COLOR R 0x99 = 153, G 0x66 = 102, B 0x33 = 51 */
    assert_vec(f->st.fog_color, (const float[]){ K(153), K(102), K(51) }, 3);
    g_assert_cmpuint(f->st.ts_op[0], ==, NV_RC_TS_TEXTURE_2D);
    g_assert_cmpuint(f->st.ts_op[1], ==, NV_RC_TS_DOT_PRODUCT);
    g_assert_cmpuint(f->st.ts_op[2], ==, NV_RC_TS_DOT_PRODUCT_DEPTH_REPLACE);
    g_assert_cmpuint(f->st.ts_op[3], ==,
                     NV_RC_TS_DOT_PRODUCT_CONST_EYE_REFLECT_CUBE_MAP);
    g_assert_cmpuint(f->st.cull_less, ==, 0x0a5a);
    g_assert_cmpuint(f->st.ts_dotmap[0], ==, 1);
    g_assert_cmpuint(f->st.ts_dotmap[3], ==, 4);
    /* PREVIOUS 0x210f00: TX0 bits 8-11 = 0xf, TX1 12-15 = 0, TX2 16-17 =
     * 1, TX3 20-21 = 2 */
    g_assert_cmpuint(f->st.ts_prev[0], ==, 0xf);
    g_assert_cmpuint(f->st.ts_prev[1], ==, 0);
    g_assert_cmpuint(f->st.ts_prev[2], ==, 1);
    g_assert_cmpuint(f->st.ts_prev[3], ==, 2);
    g_assert_cmpuint(f->st.tex_enabled, ==, 4);

    /* NUM_COMBINERS 15 runs eight stages at most */
    f->bundle[ID_CONFIG] = 0xf;
    nv_rc_decode(&f->st, f->bundle, f->extra);
    g_assert_cmpuint(f->st.num_stages, ==, 8);
}

/*
 * The eight input mappings (NV_register_combiners' mapping table, u =
 * max(0, x)) on TEXTURE0 = (-0.4, 0.2, 0.6) = (-102, 51, 153) / 255,
 * taken as A * 1 into SPARE0.  Stage 1 copies it to SPARE1 as it is
 * or negated; D shows max(x, 0) and max(-x, 0).
 */
static void test_mappings(void)
{
    static const int want[8][3] = {
        { 0, 51, 153 },         /* UNSIGNED_IDENTITY: u */
        { 255, 204, 102 },      /* UNSIGNED_INVERT: 255 - u */
        { -255, -153, 51 },     /* EXPAND_NORMAL: 2u - 255 */
        { 255, 153, -51 },      /* EXPAND_NEGATE: 255 - 2u */
        /* HALF_BIAS_NORMAL: u - 127.5: -127.5, -76.5, 25.5 rounded out */
        { -128, -77, 26 },
        { 128, 77, -26 },       /* HALF_BIAS_NEGATE: 127.5 - u */
        { -102, 51, 153 },      /* SIGNED_IDENTITY: x */
        { 102, -51, -153 },     /* SIGNED_NEGATE: -x */
    };

    for (unsigned m = 0; m < 8; m++) {
        for (unsigned neg = 0; neg < 2; neg++) {
            Fix *f = fix_reset();
            int s = neg ? -1 : 1;

            f->bundle[ID_TS_OP] = NV_RC_TS_TEXTURE_2D;
            f->bundle[ID_TEX_CONTROL] = TEX_ON;
            set_rgba(f->ret[0], -0.4f, 0.2f, 0.6f, 1.0f);
            f->bundle[ID_CONFIG] = 2;
            f->bundle[ID_IN_COLOR] = INS(IN(NV_RC_TEXTURE0, 0, m), ONE,
                                         0u, 0u);
            f->bundle[ID_OUT_COLOR] = OUT(NV_RC_SPARE0, 0u, 0u);
            reveal(f, 1, NV_RC_SPARE0, neg);
            show(f, IN(NV_RC_SPARE1, 0, UI), 0);
            run(f);
            assert_out(f, K(MAX(s * want[m][0], 0)),
                       K(MAX(s * want[m][1], 0)),
                       K(MAX(s * want[m][2], 0)), 0);
        }
    }
}

/*
 * Component usage: primary (0.2, 0.4, 0.6, 0.8) = (51, 102, 153, 204).
 * RGB portion, ALPHA: (204, 204, 204); alpha portion, BLUE: 153.
 */
static void test_usage(void)
{
    Fix *f = fix_reset();

    set_col(f, false, K(51), K(102), K(153), K(204));
    f->bundle[ID_CONFIG] = 1;
    f->bundle[ID_IN_COLOR] = INS(IN(NV_RC_PRIMARY_COLOR, 1, UI), ONE, 0u, 0u);
    f->bundle[ID_OUT_COLOR] = OUT(NV_RC_SPARE0, 0u, 0u);
    f->bundle[ID_IN_ALPHA] = INS(IN(NV_RC_PRIMARY_COLOR, 0, UI), ONE, 0u, 0u);
    f->bundle[ID_OUT_ALPHA] = OUT(NV_RC_SPARE0, 0u, 0u);
    show(f, IN(NV_RC_SPARE0, 0, UI), IN(NV_RC_SPARE0, 1, UI));
    run(f);
    assert_out(f, K(204), K(204), K(204), K(153));

    /* the final combiner: D with ALPHA replicates 204, G with BLUE 153 */
    show(f, IN(NV_RC_PRIMARY_COLOR, 1, UI), IN(NV_RC_PRIMARY_COLOR, 0, UI));
    run(f);
    assert_out(f, K(204), K(204), K(204), K(153));
}

/*
 * Dot products.  Primary (255, 153, 51) and secondary (153, 255, 51),
 * EXPAND_NORMAL (2x - 1): (1, 0.2, -0.6) and (0.2, 1, -0.6);
 * AB = 0.2 + 0.2 + 0.36 = 0.76 -> 193.8 -> 194 in R, G and B.
 * CD = primary . 1 = 1 + 0.6 + 0.2 = 1.8, clamped to 1: SPARE1, its blue
 * shown in alpha (G with BLUE).
 */
static void test_dot(void)
{
    Fix *f = fix_reset();

    set_col(f, false, 1.0f, K(153), K(51), 0);
    set_col(f, true, K(153), 1.0f, K(51), 0);
    f->bundle[ID_CONFIG] = 1;
    f->bundle[ID_IN_COLOR] =
        INS(IN(NV_RC_PRIMARY_COLOR, 0, NV_RC_EXPAND_NORMAL),
            IN(NV_RC_SECONDARY_COLOR, 0, NV_RC_EXPAND_NORMAL),
            IN(NV_RC_PRIMARY_COLOR, 0, UI), ONE);
    f->bundle[ID_OUT_COLOR] = OUT(NV_RC_SPARE0, NV_RC_SPARE1, 0u) |
                              AB_DOT | CD_DOT;
    show(f, IN(NV_RC_SPARE0, 0, UI), IN(NV_RC_SPARE1, 0, UI));
    run(f);
    assert_out(f, K(194), K(194), K(194), 1.0f);

    /*
     * Without the dot flags, products per component: AB = (0.2, 0.2,
     * 0.36 -> 91.8 -> 92), CD = (1, 0.6, 0.2): blue 51.
     */
    f->bundle[ID_OUT_COLOR] = OUT(NV_RC_SPARE0, NV_RC_SPARE1, 0u);
    run(f);
    assert_out(f, K(51), K(51), K(92), K(51));
}

/*
 * MUX_SUM: stage 0's alpha portion puts primary alpha into SPARE0
 * alpha; stage 1 muxes A * 1 = CONSTANT_COLOR0 (red) and C * 1 =
 * CONSTANT_COLOR1 (green).  Stage 1 has no constants of its own
 * (RC_ENABLE without the per-stage flags): it reads stage 0's.
 */
static void test_mux(void)
{
    Fix *f = fix_reset();

    f->bundle[ID_CONFIG] = 2;
    f->bundle[ID_FACTOR_A] = 0x00ff0000;
    f->bundle[ID_FACTOR_B] = 0x0000ff00;
    f->bundle[ID_FACTOR_A + 1] = 0x000000ff;
    f->bundle[ID_FACTOR_B + 1] = 0x000000ff;
    f->bundle[ID_IN_ALPHA] = INS(IN(NV_RC_PRIMARY_COLOR, 1, UI), ONE, 0u, 0u);
    f->bundle[ID_OUT_ALPHA] = OUT(NV_RC_SPARE0, 0u, 0u);
    f->bundle[ID_IN_COLOR + 1] = INS(IN(NV_RC_CONSTANT_COLOR0, 0, UI), ONE,
                                     IN(NV_RC_CONSTANT_COLOR1, 0, UI), ONE);
    f->bundle[ID_OUT_COLOR + 1] = OUT(0u, 0u, NV_RC_SPARE1) | MUX;
    show(f, IN(NV_RC_SPARE1, 0, UI), 0);

    /* spare0 alpha 128 / 255 = 0.50196 >= 0.5: CD, green */
    set_col(f, false, 0, 0, 0, K(128));
    run(f);
    assert_out(f, 0, 1.0f, 0, 0);
    /* 127 / 255 = 0.49804 < 0.5: AB, red */
    set_col(f, false, 0, 0, 0, K(127));
    run(f);
    assert_out(f, 1.0f, 0, 0, 0);
    /* SUM instead: red + green */
    f->bundle[ID_OUT_COLOR + 1] = OUT(0u, 0u, NV_RC_SPARE1);
    run(f);
    assert_out(f, 1.0f, 1.0f, 0, 0);
}

/*
 * (x + bias) * scale on primary (204, 51, 153, 102) as A * 1, in units
 * of 1/255, the bias being -127.5.
 */
static void test_bias_scale(void)
{
    Fix *f = fix_reset();

    set_col(f, false, K(204), K(51), K(153), K(102));
    f->bundle[ID_CONFIG] = 1;
    f->bundle[ID_IN_COLOR] = INS(IN(NV_RC_PRIMARY_COLOR, 0, UI), ONE, 0u, 0u);
    f->bundle[ID_IN_ALPHA] = INS(IN(NV_RC_PRIMARY_COLOR, 1, UI), ONE, 0u, 0u);
    show(f, IN(NV_RC_SPARE0, 0, UI), IN(NV_RC_SPARE0, 1, UI));

    /* bias, x2: (76.5, -76.5, 25.5) * 2 = (153, -153, 51): -153 shows 0;
     * alpha x2 without bias: 204 */
    f->bundle[ID_OUT_COLOR] = OUT(NV_RC_SPARE0, 0u, 0u) | BIAS | SCALE(1);
    f->bundle[ID_OUT_ALPHA] = OUT(NV_RC_SPARE0, 0u, 0u) | SCALE(1);
    run(f);
    assert_out(f, K(153), 0, K(51), K(204));

    /* x4: 816 and 612 clamp to 255, 204; alpha x4 = 408 -> 255 */
    f->bundle[ID_OUT_COLOR] = OUT(NV_RC_SPARE0, 0u, 0u) | SCALE(2);
    f->bundle[ID_OUT_ALPHA] = OUT(NV_RC_SPARE0, 0u, 0u) | SCALE(2);
    run(f);
    assert_out(f, 1.0f, K(204), 1.0f, 1.0f);

    /* x0.5: 102, 25.5 -> 26, 76.5 -> 77; alpha 51 */
    f->bundle[ID_OUT_COLOR] = OUT(NV_RC_SPARE0, 0u, 0u) | SCALE(3);
    f->bundle[ID_OUT_ALPHA] = OUT(NV_RC_SPARE0, 0u, 0u) | SCALE(3);
    run(f);
    assert_out(f, K(102), K(26), K(77), K(51));

    /* bias alone: 76.5 -> 77, -76.5 -> -77, 25.5 -> 26; negated by stage
     * 1: 0, 77, 0; alpha 102 - 127.5 = -25.5 -> -26, negated 26 */
    f->bundle[ID_OUT_COLOR] = OUT(NV_RC_SPARE0, 0u, 0u) | BIAS;
    f->bundle[ID_OUT_ALPHA] = OUT(NV_RC_SPARE0, 0u, 0u) | BIAS;
    f->bundle[ID_CONFIG] = 2;
    reveal(f, 1, NV_RC_SPARE0, true);
    show(f, IN(NV_RC_SPARE1, 0, UI), IN(NV_RC_SPARE1, 1, UI));
    run(f);
    assert_out(f, 0, K(77), 0, K(26));
}

/*
 * Clamps to [-1, 1]: stage 0's RGB SUM is A * 1 + C * 1 with A = C =
 * EXPAND_NORMAL(0) = -1: -2, stored as -1; its alpha SUM (1 + 1) * 4 =
 * 8, stored as 1.  Stage 1: AB = -SPARE0 into SPARE1 (1 and -1), SUM =
 * that - 1 (C = EXPAND_NORMAL(0), D = 1) into TEXTURE0: 0 in RGB, and
 * in alpha (SPARE0 alpha, not negated) 1 - 1 = 0.  Unclamped registers
 * would give 2 - 1 = 1 and 8 - 1 = 7 -> 1 there.
 */
static void test_clamp(void)
{
    Fix *f = fix_reset();
    uint32_t m1 = IN(NV_RC_ZERO, 0, NV_RC_EXPAND_NORMAL);

    f->bundle[ID_CONFIG] = 2;
    f->bundle[ID_IN_COLOR] = INS(m1, ONE, m1, ONE);
    f->bundle[ID_OUT_COLOR] = OUT(0u, 0u, NV_RC_SPARE0);
    f->bundle[ID_IN_ALPHA] = INS(ONE, ONE, ONE, ONE);
    f->bundle[ID_OUT_ALPHA] = OUT(0u, 0u, NV_RC_SPARE0) | SCALE(2);
    f->bundle[ID_IN_COLOR + 1] =
        INS(IN(NV_RC_SPARE0, 0, NV_RC_SIGNED_NEGATE), ONE, m1, ONE);
    f->bundle[ID_OUT_COLOR + 1] = OUT(NV_RC_SPARE1, 0u, NV_RC_TEXTURE0);
    f->bundle[ID_IN_ALPHA + 1] =
        INS(IN(NV_RC_SPARE0, 1, NV_RC_SIGNED_IDENTITY), ONE, m1, ONE);
    f->bundle[ID_OUT_ALPHA + 1] = OUT(NV_RC_SPARE1, 0u, NV_RC_TEXTURE0);
    show(f, IN(NV_RC_TEXTURE0, 0, UI), IN(NV_RC_TEXTURE0, 1, UI));
    run(f);
    assert_out(f, 0, 0, 0, 0);

    /* SPARE1: -(-1) = 1 and 1 */
    show(f, IN(NV_RC_SPARE1, 0, UI), IN(NV_RC_SPARE1, 1, UI));
    run(f);
    assert_out(f, 1.0f, 1.0f, 1.0f, 1.0f);
}

/*
 * The final combiner: A = primary (102 = 0.4, alpha 204), B = RC_COLOR0
 * (255, 153, 51), C = RC_COLOR1 (51, 51, 255), D = secondary (0, 51,
 * 102).  A * B + (1 - A) * C + D:
 *   R: 0.4 * 1 + 0.6 * 0.2 + 0 = 0.52 -> 132.6 -> 133
 *   G: 0.4 * 0.6 + 0.6 * 0.2 + 0.2 = 0.56 -> 142.8 -> 143
 *   B: 0.4 * 0.2 + 0.6 * 1 + 0.4 = 1.08 -> 1
 * The stage constants are other colours: the final combiner does not
 * read them.
 */
static void test_final(void)
{
    Fix *f = fix_reset();

    set_col(f, false, K(102), K(102), K(102), K(204));
    set_col(f, true, 0, K(51), K(102), 0);
    f->bundle[ID_FINAL_FACTOR] = 0x00ff9933;
    f->bundle[ID_FINAL_FACTOR + 1] = 0x003333ff;
    f->bundle[ID_FACTOR_A] = 0;
    f->bundle[ID_FACTOR_B] = 0xffffffff;
    f->bundle[ID_FINAL_A] = INS(IN(NV_RC_PRIMARY_COLOR, 0, UI),
                                IN(NV_RC_CONSTANT_COLOR0, 0, UI),
                                IN(NV_RC_CONSTANT_COLOR1, 0, UI),
                                IN(NV_RC_SECONDARY_COLOR, 0, UI));
    f->bundle[ID_FINAL_B] = FINAL1(0u, 0u, IN(NV_RC_PRIMARY_COLOR, 1, UI));
    run(f);
    assert_out(f, K(133), K(143), 1.0f, K(204));

    /*
     * A UNSIGNED_INVERT = 0.6:
     *   R: 0.6 * 1 + 0.4 * 0.2 = 0.68 -> 173.4 -> 173
     *   G: 0.6 * 0.6 + 0.4 * 0.2 + 0.2 = 0.64 -> 163.2 -> 163
     *   B: 0.6 * 0.2 + 0.4 * 1 + 0.4 = 0.92 -> 234.6 -> 235
     */
    f->bundle[ID_FINAL_A] = INS(IN(NV_RC_PRIMARY_COLOR, 0,
                                   NV_RC_UNSIGNED_INVERT),
                                IN(NV_RC_CONSTANT_COLOR0, 0, UI),
                                IN(NV_RC_CONSTANT_COLOR1, 0, UI),
                                IN(NV_RC_SECONDARY_COLOR, 0, UI));
    run(f);
    assert_out(f, K(173), K(163), K(235), K(204));

    /*
     * The final combiner keeps MAPPING's low bit alone: SIGNED_NEGATE (7)
     * is UNSIGNED_INVERT, HALF_BIAS_NORMAL (4) UNSIGNED_IDENTITY.  D =
     * primary (102) as 7: 255 - 102 = 153; G = primary alpha (204) as 4.
     */
    show(f, IN(NV_RC_PRIMARY_COLOR, 0, NV_RC_SIGNED_NEGATE),
         IN(NV_RC_PRIMARY_COLOR, 1, NV_RC_HALF_BIAS_NORMAL));
    run(f);
    assert_out(f, K(153), K(153), K(153), K(204));
}

/*
 * SPARE0_PLUS_SECONDARY_COLOR: spare0 = primary (153, 102, 51), secondary
 * (153, 51, 0): sum (1.2, 0.6, 0.2).  A = RC_COLOR0 = 128 / 255 =
 * 0.50196, B = the sum, C = D = 0:
 *   unclamped: 0.50196 * 1.2 = 0.60235 -> 153.6 -> 154;
 *              * 0.6 = 0.30118 -> 76.8 -> 77; * 0.2 = 0.10039 -> 25.6 -> 26
 *   COLOR_SUM_CLAMP: R 0.50196 * 1 -> 128, G and B as before
 */
static void test_color_sum(void)
{
    Fix *f = fix_reset();

    set_col(f, false, K(153), K(102), K(51), 0);
    set_col(f, true, K(153), K(51), 0, 0);
    f->bundle[ID_CONFIG] = 1;
    f->bundle[ID_IN_COLOR] = INS(IN(NV_RC_PRIMARY_COLOR, 0, UI), ONE, 0u, 0u);
    f->bundle[ID_OUT_COLOR] = OUT(NV_RC_SPARE0, 0u, 0u);
    f->bundle[ID_FINAL_FACTOR] = 0x00808080;
    f->bundle[ID_FINAL_A] =
        INS(IN(NV_RC_CONSTANT_COLOR0, 0, UI),
            IN(NV_RC_SPARE0_PLUS_SECONDARY_COLOR, 0, UI),
            IN(NV_RC_ZERO, 0, UI), IN(NV_RC_ZERO, 0, UI));
    run(f);
    assert_out(f, K(154), K(77), K(26), 0);
    f->bundle[ID_FINAL_B] = SUM_CLAMP;
    run(f);
    assert_out(f, K(128), K(77), K(26), 0);

    /*
     * UNSIGNED_INVERT takes 1 - min(max(x, 0), 1): A = 1, B = the
     * unclamped sum inverted (0, 0.4, 0.8), D = 0.50196:
     * R 0 + 0.50196 -> 128 (not -0.2 + 0.50196 -> 77), G 0.90196 -> 230,
     * B 1.30196 -> 1
     */
    f->bundle[ID_FINAL_B] = 0;
    f->bundle[ID_FINAL_A] =
        INS(ONE, IN(NV_RC_SPARE0_PLUS_SECONDARY_COLOR, 0,
                    NV_RC_UNSIGNED_INVERT),
            IN(NV_RC_ZERO, 0, UI), IN(NV_RC_CONSTANT_COLOR0, 0, UI));
    run(f);
    assert_out(f, K(128), K(230), 1.0f, 0);
}

/*
 * E_TIMES_F: E = primary (153, 102, 255) = (0.6, 0.4, 1), F = secondary
 * (102, 102, 51) = (0.4, 0.4, 0.2): (0.24 -> 61.2 -> 61, 0.16 -> 40.8
 * -> 41, 0.2 -> 51), into D.
 */
static void test_e_times_f(void)
{
    Fix *f = fix_reset();

    set_col(f, false, K(153), K(102), 1.0f, 0);
    set_col(f, true, K(102), K(102), K(51), 0);
    show(f, IN(NV_RC_E_TIMES_F, 0, UI), 0);
    f->bundle[ID_FINAL_B] = FINAL1(IN(NV_RC_PRIMARY_COLOR, 0, UI),
                                   IN(NV_RC_SECONDARY_COLOR, 0, UI), 0u);
    run(f);
    assert_out(f, K(61), K(41), K(51), 0);
}

/*
 * Fog the way NV_register_combiners' conventional fog setting does it:
 * A = FOG alpha (the factor, 0.2 = 51), B = primary (1, 0, 0.6), C = FOG
 * RGB.  FOG_COLOR abgr8 0x00336699: R 0x99 = 0.6, G 0x66 = 0.4, B 0x33 =
 * 0.2.  f * primary + (1 - f) * fog colour:
 *   R: 0.2 + 0.8 * 0.6 = 0.68 -> 173.4 -> 173
 *   G: 0.8 * 0.4 = 0.32 -> 81.6 -> 82
 *   B: 0.2 * 0.6 + 0.8 * 0.2 = 0.28 -> 71.4 -> 71
 * G = FOG alpha: 51.
 */
static void test_fog(void)
{
    Fix *f = fix_reset();

    set_col(f, false, 1.0f, 0, K(153), 0);
    for (unsigned p = 0; p < 4; p++) {
        f->in.px[p].fog = K(51);
    }
    f->bundle[ID_FOG_COLOR] = 0x00336699;
    f->bundle[ID_FINAL_A] = INS(IN(NV_RC_FOG, 1, UI),
                                IN(NV_RC_PRIMARY_COLOR, 0, UI),
                                IN(NV_RC_FOG, 0, UI), IN(NV_RC_ZERO, 0, UI));
    f->bundle[ID_FINAL_B] = FINAL1(0u, 0u, IN(NV_RC_FOG, 1, UI));
    run(f);
    assert_out(f, K(173), K(82), K(71), K(51));
}

/*
 * Chained stages, each SPARE0 = SPARE0 * 1 + CONSTANT * 1 (spare0 RGB
 * starts at 0).  Stage i's own constant red is 16 << i.
 */
static void test_chain(void)
{
    Fix *f = fix_reset();

    for (unsigned i = 0; i < NV_RC_STAGES; i++) {
        f->bundle[ID_IN_COLOR + i] =
            INS(IN(NV_RC_SPARE0, 0, NV_RC_SIGNED_IDENTITY), ONE,
                IN(NV_RC_CONSTANT_COLOR0, 0, UI), ONE);
        f->bundle[ID_OUT_COLOR + i] = OUT(0u, 0u, NV_RC_SPARE0);
        f->bundle[ID_FACTOR_A + i] = (16u << i) << 16;
        f->bundle[ID_FACTOR_B + i] = (16u << i) << 16;
    }
    show(f, IN(NV_RC_SPARE0, 0, UI), 0);

    /* three stages, own constants: 16 + 32 + 64 = 112 */
    f->bundle[ID_CONFIG] = 3 | 1u << 12;
    run(f);
    assert_out(f, K(112), 0, 0, 0);
    /* global: stage 0's 16 three times = 48 */
    f->bundle[ID_CONFIG] = 3;
    run(f);
    assert_out(f, K(48), 0, 0, 0);
    /* CONSTANT_COLOR1's flag does not give CONSTANT_COLOR0 its own */
    f->bundle[ID_CONFIG] = 3 | 1u << 16;
    run(f);
    assert_out(f, K(48), 0, 0, 0);
    /* ... but CONSTANT_COLOR1 */
    for (unsigned i = 0; i < 3; i++) {
        f->bundle[ID_IN_COLOR + i] =
            INS(IN(NV_RC_SPARE0, 0, NV_RC_SIGNED_IDENTITY), ONE,
                IN(NV_RC_CONSTANT_COLOR1, 0, UI), ONE);
    }
    run(f);
    assert_out(f, K(112), 0, 0, 0);

    /* NUM_COMBINERS 15: eight stages of 16 each = 128 */
    for (unsigned i = 0; i < NV_RC_STAGES; i++) {
        f->bundle[ID_FACTOR_A + i] = 16u << 16;
    }
    for (unsigned i = 0; i < 3; i++) {
        f->bundle[ID_IN_COLOR + i] =
            INS(IN(NV_RC_SPARE0, 0, NV_RC_SIGNED_IDENTITY), ONE,
                IN(NV_RC_CONSTANT_COLOR0, 0, UI), ONE);
    }
    f->bundle[ID_CONFIG] = 0xf | 1u << 12;
    run(f);
    assert_out(f, K(128), 0, 0, 0);
}

/*
 * A stage reads the registers as they were before it: stage 0's alpha
 * portion reads SPARE0's blue (0) while its RGB portion writes primary
 * (blue 153) there; stage 1 then reads 153.
 */
static void test_stage_atomic(void)
{
    Fix *f = fix_reset();

    set_col(f, false, 0, 0, K(153), 0);
    f->bundle[ID_CONFIG] = 1;
    f->bundle[ID_IN_COLOR] = INS(IN(NV_RC_PRIMARY_COLOR, 0, UI), ONE, 0u, 0u);
    f->bundle[ID_OUT_COLOR] = OUT(NV_RC_SPARE0, 0u, 0u);
    f->bundle[ID_IN_ALPHA] = INS(IN(NV_RC_SPARE0, 0, UI), ONE, 0u, 0u);
    f->bundle[ID_OUT_ALPHA] = OUT(NV_RC_SPARE1, 0u, 0u);
    f->bundle[ID_IN_ALPHA + 1] = f->bundle[ID_IN_ALPHA];
    f->bundle[ID_OUT_ALPHA + 1] = f->bundle[ID_OUT_ALPHA];
    show(f, 0, IN(NV_RC_SPARE1, 1, UI));
    run(f);
    assert_out(f, 0, 0, 0, 0);
    f->bundle[ID_CONFIG] = 2;
    run(f);
    assert_out(f, 0, 0, 0, K(153));
}

/*
 * Initial SPARE0 alpha is TEXTURE0's: a texture returning alpha 0.6 =
 * 153 shows through G = SPARE0 alpha with no stage.
 */
static void test_spare0_init(void)
{
    Fix *f = fix_reset();

    f->bundle[ID_TS_OP] = NV_RC_TS_TEXTURE_2D;
    f->bundle[ID_TEX_CONTROL] = TEX_ON;
    set_rgba(f->ret[0], 0, 0, 0, K(153));
    show(f, 0, IN(NV_RC_SPARE0, 1, UI));
    run(f);
    assert_out(f, 0, 0, 0, K(153));
}

/*
 * TEXTURE_2D: s, t, r over q (q = 2).  Pixel coordinates (s, t): (1, 2),
 * (3, 2), (1, 6), (5, 6): lookups at (0.5, 1), (1.5, 1), (0.5, 3), (2.5,
 * 3), r = 3 / 2 = 1.5.  dx: row 0 1.5 - 0.5 = 1, row 1 2.5 - 0.5 = 2;
 * dy: column 0 (0, 3 - 1 = 2), column 1 (2.5 - 1.5 = 1, 2).  Every
 * pixel is looked up, helpers too.
 */
static void test_ts_texture(void)
{
    static const float st[4][2] = { { 1, 2 }, { 3, 2 }, { 1, 6 }, { 5, 6 } };
    static const float want[4][2] = {
        { 0.5f, 1 }, { 1.5f, 1 }, { 0.5f, 3 }, { 2.5f, 3 },
    };
    static const float dx[4] = { 1, 1, 2, 2 };
    static const float dys[4] = { 0, 1, 0, 1 };
    Fix *f = fix_reset();

    f->in.mask = 1;
    for (unsigned p = 0; p < 4; p++) {
        set_rgba(f->in.px[p].tex[0], st[p][0], st[p][1], 3, 2);
        f->in.px[p].pos[2] = 0.25f;
    }
    f->bundle[ID_TS_OP] = NV_RC_TS_TEXTURE_2D;
    f->bundle[ID_TEX_CONTROL] = TEX_ON;
    set_rgba(f->ret[0], K(51), K(102), K(153), K(204));
    show(f, IN(NV_RC_TEXTURE0, 0, UI), IN(NV_RC_TEXTURE0, 1, UI));
    run(f);
    g_assert_cmpuint(f->calls, ==, 4);
    for (unsigned p = 0; p < 4; p++) {
        assert_call(f, p, 0, want[p][0], want[p][1], 1.5f, 1);
        assert_vec(f->call[p].dx, (const float[]){ dx[p], 0, 0, 0 }, 4);
        assert_vec(f->call[p].dy, (const float[]){ dys[p], 2, 0, 0 }, 4);
    }
    assert_out(f, K(51), K(102), K(153), K(204));
    g_assert_cmpuint(f->out.culled, ==, 0);
    g_assert_false(f->out.depth_replaced);
    g_assert_cmpfloat(f->out.depth[3], ==, 0.25f);

    /* TEXTURE_3D divides by q too; CUBE_MAP does not */
    set_tex(f, 0, 2, -4, 6, 2);
    f->bundle[ID_TS_OP] = NV_RC_TS_TEXTURE_3D;
    run(f);
    assert_call(f, 0, 0, 1, -2, 3, 1);
    f->bundle[ID_TS_OP] = NV_RC_TS_CUBE_MAP;
    run(f);
    assert_call(f, 0, 0, 2, -4, 6, 1);

    /* TEX_ENABLE clear: no lookup, TEXTURE0 reads 0 */
    f->bundle[ID_TEX_CONTROL] = 0;
    run(f);
    g_assert_cmpuint(f->calls, ==, 0);
    assert_out(f, 0, 0, 0, 0);
    /* NONE: no lookup either */
    f->bundle[ID_TEX_CONTROL] = TEX_ON;
    f->bundle[ID_TS_OP] = NV_RC_TS_NONE;
    run(f);
    g_assert_cmpuint(f->calls, ==, 0);
    assert_out(f, 0, 0, 0, 0);
}

/*
 * PASS_THROUGH in stage 1: (-0.5, 0.25, 0.6, 2) clamped to [0, 1]:
 * (0, 0.25 -> 63.75 -> 64, 153, 255), no lookup.
 */
static void test_ts_pass_through(void)
{
    Fix *f = fix_reset();

    set_tex(f, 1, -0.5f, 0.25f, 0.6f, 2);
    f->bundle[ID_TS_OP] = NV_RC_TS_PASS_THROUGH << 5;
    f->bundle[ID_TEX_CONTROL + 1] = TEX_ON;
    show(f, IN(NV_RC_TEXTURE0 + 1, 0, UI), IN(NV_RC_TEXTURE0 + 1, 1, UI));
    run(f);
    g_assert_cmpuint(f->calls, ==, 0);
    assert_out(f, 0, K(64), K(153), 1.0f);
}

/*
 * CULL_FRAGMENT in stage 2, TX2_S LESS (bit 8), T, R, Q GEQUAL:
 *   px0 (-1, 0, 0, 0): kept     px1 (1, 0, 0, 0): s >= 0, culled
 *   px2 (-1, -1, 0, 0): t < 0, culled   px3 (-1, 0, 0, 0.5): kept
 * Bit 0 (TX0_S) does not matter: stage 0 is NONE.
 */
static void test_ts_cull(void)
{
    Fix *f = fix_reset();

    set_rgba(f->in.px[0].tex[2], -1, 0, 0, 0);
    set_rgba(f->in.px[1].tex[2], 1, 0, 0, 0);
    set_rgba(f->in.px[2].tex[2], -1, -1, 0, 0);
    set_rgba(f->in.px[3].tex[2], -1, 0, 0, 0.5f);
    f->bundle[ID_TS_OP] = NV_RC_TS_CULL_FRAGMENT << 10;
    f->bundle[ID_TS_CULL] = 1u << 8 | 1u;
    run(f);
    g_assert_cmpuint(f->out.culled, ==, 0x6);
    g_assert_cmpuint(f->calls, ==, 0);
}

/*
 * OFFSET_TEXTURE_2D in stage 1 after stage 0's (ds, dt, mag) = (0.5,
 * -0.25, 0.75).  Matrix (2, 0.5, -1, 4), tex1 (1, 2, 9, 7):
 *   s' = 1 + 2 * 0.5 + (-1) * (-0.25) = 2.25
 *   t' = 2 + 0.5 * 0.5 + 4 * (-0.25) = 1.25
 * no projection (q does not matter).  px1's s = 2: s' = 3.25, dx 1.
 */
static void test_ts_offset(void)
{
    static const float m[4] = { 2, 0.5f, -1, 4 };
    static const float scale = 0.5f, bias = 0.25f;
    Fix *f = fix_reset();

    set_tex(f, 1, 1, 2, 9, 7);
    f->in.px[1].tex[1][0] = 2;
    memcpy(&f->extra[M_OFFSET_MATRIX(1)], m, sizeof(m));
    memcpy(&f->extra[M_OFFSET_SCALE(1)], &scale, 4);
    memcpy(&f->extra[M_OFFSET_BIAS(1)], &bias, 4);
    f->bundle[ID_TS_OP] = NV_RC_TS_TEXTURE_2D |
                          NV_RC_TS_OFFSET_TEXTURE_2D << 5;
    f->bundle[ID_TEX_CONTROL] = TEX_ON;
    f->bundle[ID_TEX_CONTROL + 1] = TEX_ON;
    set_rgba(f->ret[0], 0.5f, -0.25f, 0.75f, 0);
    set_rgba(f->ret[1], 0.8f, 0.4f, 1.0f, 0.6f);
    show(f, IN(NV_RC_TEXTURE0 + 1, 0, UI), IN(NV_RC_TEXTURE0 + 1, 1, UI));
    run(f);
    g_assert_cmpuint(f->calls, ==, 8);
    assert_call(f, 4, 1, 2.25f, 1.25f, 9, 1);
    assert_call(f, 5, 1, 3.25f, 1.25f, 9, 1);
    assert_vec(f->call[4].dx, (const float[]){ 1, 0, 0, 0 }, 4);
    /* the texel as is: (204, 102, 255, 153) */
    assert_out(f, K(204), K(102), 1.0f, K(153));

    /*
     * _SCALE: RGB times clamp(0.75 * 0.5 + 0.25) = 0.625: (0.5 -> 127.5
     * -> 128, 0.25 -> 63.75 -> 64, 0.625 -> 159.375 -> 159), alpha kept
     */
    f->bundle[ID_TS_OP] = NV_RC_TS_TEXTURE_2D |
                          NV_RC_TS_OFFSET_TEXTURE_2D_SCALE << 5;
    run(f);
    assert_call(f, 4, 1, 2.25f, 1.25f, 9, 1);
    assert_out(f, K(128), K(64), K(159), K(153));
}

/*
 * DEPENDENT_AR (stage 1) and _GB (stage 2) on stage 0's (0.2, 0.4, 0.6,
 * 0.8): lookups at (a, r) = (0.8, 0.2) and (g, b) = (0.4, 0.6).
 */
static void test_ts_dependent(void)
{
    Fix *f = fix_reset();

    f->bundle[ID_TS_OP] = NV_RC_TS_TEXTURE_2D |
                          NV_RC_TS_DEPENDENT_AR_TEXTURE_2D << 5 |
                          NV_RC_TS_DEPENDENT_GB_TEXTURE_2D << 10;
    for (unsigned u = 0; u < 3; u++) {
        f->bundle[ID_TEX_CONTROL + u] = TEX_ON;
    }
    set_rgba(f->ret[0], 0.2f, 0.4f, 0.6f, 0.8f);
    run(f);
    g_assert_cmpuint(f->calls, ==, 12);
    assert_call(f, 4, 1, 0.8f, 0.2f, 0, 1);
    assert_call(f, 8, 2, 0.4f, 0.6f, 0, 1);
}

/*
 * DOT_PRODUCT (stage 1) then DOT_PRODUCT_TEXTURE_2D (stage 2) on stage
 * 0's (0.75, 0.25, 1).  DOTMAPPING 2 (expand): v = (0.5, -0.5, 1).
 *   stage 1, (2, 1, 3): 1 - 0.5 + 3 = 3.5
 *   stage 2, (1, 1, 1): 0.5 - 0.5 + 1 = 1; px1 (3, 1, 1): 1.5 - 0.5 + 1
 *   = 2, so dx = (0, 1)
 * Stage 1 looks nothing up and leaves TEXTURE1 0.
 */
static void test_ts_dot_texture(void)
{
    Fix *f = fix_reset();

    f->bundle[ID_TS_OP] = NV_RC_TS_TEXTURE_2D | NV_RC_TS_DOT_PRODUCT << 5 |
                          NV_RC_TS_DOT_PRODUCT_TEXTURE_2D << 10;
    for (unsigned u = 0; u < 3; u++) {
        f->bundle[ID_TEX_CONTROL + u] = TEX_ON;
    }
    f->extra[M_DOTMAPPING] = 0x220;
    set_rgba(f->ret[0], 0.75f, 0.25f, 1.0f, 1.0f);
    set_rgba(f->ret[1], 1, 1, 1, 1);
    set_tex(f, 1, 2, 1, 3, 1);
    set_tex(f, 2, 1, 1, 1, 1);
    f->in.px[1].tex[2][0] = 3;
    show(f, IN(NV_RC_TEXTURE0 + 1, 0, UI), 0);
    run(f);
    g_assert_cmpuint(f->calls, ==, 8);
    assert_call(f, 4, 2, 3.5f, 1, 0, 1);
    assert_call(f, 5, 2, 3.5f, 2, 0, 1);
    assert_vec(f->call[4].dx, (const float[]){ 0, 1, 0, 0 }, 4);
    assert_out(f, 0, 0, 0, 0);

    /* stage 2 DOTMAPPING 0 (unsigned): (0.75, 0.25, 1) . (1, 1, 1) = 2 */
    f->extra[M_DOTMAPPING] = 0x020;
    run(f);
    assert_call(f, 4, 2, 3.5f, 2, 0, 1);
    /* 4 (HILO, z = 1), (4, 8, 2): 0.75 * 4 + 0.25 * 8 + 2 = 7 */
    f->extra[M_DOTMAPPING] = 0x420;
    set_tex(f, 2, 4, 8, 2, 1);
    run(f);
    assert_call(f, 4, 2, 3.5f, 7, 0, 1);
    /*
     * 6 (HILO hemisphere): z = sqrt(1 - 0.5625 - 0.0625) = sqrt(0.375) =
     * 0.6123724; (0, 0, 4): 2.4494897
     */
    f->extra[M_DOTMAPPING] = 0x620;
    set_tex(f, 2, 0, 0, 4, 1);
    run(f);
    assert_call(f, 4, 2, 3.5f, 2.4494897f, 0, 1);
}

/*
 * DOT_PRODUCT_DEPTH_REPLACE: stage 0 (0.5, 0.5, 0.5) unsigned; stage 1
 * (1, 0, 0): z = 0.5; stage 2 per pixel: (2, 0, 0): w = 1, depth 0.5;
 * (0.25, 0, 0): 0.125, 4 -> 1; (-1, 0, 0): -0.5, -1 -> 0; (0, 0, 0):
 * 0.5 / 0 = inf -> 1.  No lookup in stage 2.
 */
static void test_ts_depth_replace(void)
{
    static const float w[4] = { 2, 0.25f, -1, 0 };
    static const float want[4] = { 0.5f, 1, 0, 1 };
    Fix *f = fix_reset();

    f->bundle[ID_TS_OP] = NV_RC_TS_TEXTURE_2D | NV_RC_TS_DOT_PRODUCT << 5 |
                          NV_RC_TS_DOT_PRODUCT_DEPTH_REPLACE << 10;
    for (unsigned u = 0; u < 3; u++) {
        f->bundle[ID_TEX_CONTROL + u] = TEX_ON;
    }
    set_rgba(f->ret[0], 0.5f, 0.5f, 0.5f, 1);
    set_tex(f, 1, 1, 0, 0, 1);
    for (unsigned p = 0; p < 4; p++) {
        set_rgba(f->in.px[p].tex[2], w[p], 0, 0, 1);
    }
    run(f);
    g_assert_cmpuint(f->calls, ==, 4);
    g_assert_true(f->out.depth_replaced);
    assert_vec(f->out.depth, want, 4);
}

/*
 * The three-stage dot products on stage 0's (0.5, 0.25, 1), unsigned:
 * stage 1 (2, 0, 0, q 1): 1; stage 2 (0, 4, 0, q 0): 1; stage 3 (0, 0,
 * 1, q 0): 1.  N = (1, 1, 1), E = the q's = (1, 0, 0): N . E = 1, N . N
 * = 3, R = 2 N / 3 - E = (-1/3, 2/3, 2/3).
 */
static void test_ts_reflect(void)
{
    static const float eye[3] = { 0, 0, 3 };
    Fix *f = fix_reset();
    uint32_t dp = NV_RC_TS_TEXTURE_2D | NV_RC_TS_DOT_PRODUCT << 5 |
                  NV_RC_TS_DOT_PRODUCT << 10;

    for (unsigned u = 0; u < 4; u++) {
        f->bundle[ID_TEX_CONTROL + u] = TEX_ON;
    }
    set_rgba(f->ret[0], 0.5f, 0.25f, 1, 1);
    set_tex(f, 1, 2, 0, 0, 1);
    set_tex(f, 2, 0, 4, 0, 0);
    set_tex(f, 3, 0, 0, 1, 0);
    memcpy(&f->bundle[ID_TS_EYE], eye, sizeof(eye));

    f->bundle[ID_TS_OP] = dp | NV_RC_TS_DOT_PRODUCT_REFLECT_CUBE_MAP << 15;
    run(f);
    g_assert_cmpuint(f->calls, ==, 8);
    assert_call(f, 4, 3, -1.0f / 3, 2.0f / 3, 2.0f / 3, 1);

    /* CONST_EYE (0, 0, 3): N . E = 3, R = 2 N - E = (2, 2, -1) */
    f->bundle[ID_TS_OP] = dp |
        NV_RC_TS_DOT_PRODUCT_CONST_EYE_REFLECT_CUBE_MAP << 15;
    run(f);
    assert_call(f, 4, 3, 2, 2, -1, 1);

    /* DIFFUSE in stage 2: a lookup at (1, 1, 1) with stage 3's dot */
    f->bundle[ID_TS_OP] = NV_RC_TS_TEXTURE_2D | NV_RC_TS_DOT_PRODUCT << 5 |
                          NV_RC_TS_DOT_PRODUCT_DIFFUSE_CUBE_MAP << 10 |
                          NV_RC_TS_DOT_PRODUCT_REFLECT_CUBE_MAP << 15;
    run(f);
    g_assert_cmpuint(f->calls, ==, 12);
    assert_call(f, 4, 2, 1, 1, 1, 1);
    assert_call(f, 8, 3, -1.0f / 3, 2.0f / 3, 2.0f / 3, 1);

    /* TEXTURE_3D and CUBE_MAP of (1, 1, 2) with stage 3 (0, 0, 2) */
    set_tex(f, 3, 0, 0, 2, 0);
    f->bundle[ID_TS_OP] = dp | NV_RC_TS_DOT_PRODUCT_TEXTURE_3D << 15;
    run(f);
    assert_call(f, 4, 3, 1, 1, 2, 1);
    f->bundle[ID_TS_OP] = dp | NV_RC_TS_DOT_PRODUCT_TEXTURE_CUBE_MAP << 15;
    run(f);
    assert_call(f, 4, 3, 1, 1, 2, 1);
}

/*
 * Inconsistent programs look nothing up: a DOT_PRODUCT_TEXTURE_2D not
 * after a DOT_PRODUCT, a dependent read of a later stage (PREVIOUS TX1 =
 * 3), a reflection in stage 1, a diffuse cube map in the last stage.
 */
static void test_ts_inconsistent(void)
{
    Fix *f = fix_reset();

    for (unsigned u = 0; u < 4; u++) {
        f->bundle[ID_TEX_CONTROL + u] = TEX_ON;
    }
    f->bundle[ID_TS_OP] = NV_RC_TS_TEXTURE_2D |
                          NV_RC_TS_DOT_PRODUCT_TEXTURE_2D << 5;
    run(f);
    g_assert_cmpuint(f->calls, ==, 4);

    f->bundle[ID_TS_OP] = NV_RC_TS_TEXTURE_2D |
                          NV_RC_TS_DEPENDENT_AR_TEXTURE_2D << 5;
    f->extra[M_PREVIOUS] = 3 << 12;
    run(f);
    g_assert_cmpuint(f->calls, ==, 4);

    f->extra[M_PREVIOUS] = 0;
    f->bundle[ID_TS_OP] = NV_RC_TS_TEXTURE_2D |
                          NV_RC_TS_DOT_PRODUCT_REFLECT_CUBE_MAP << 5;
    run(f);
    g_assert_cmpuint(f->calls, ==, 4);

    f->bundle[ID_TS_OP] = NV_RC_TS_TEXTURE_2D | NV_RC_TS_DOT_PRODUCT << 10 |
                          NV_RC_TS_DOT_PRODUCT_DIFFUSE_CUBE_MAP << 15;
    run(f);
    g_assert_cmpuint(f->calls, ==, 4);
}

/*
 * Whatever the guest writes and whatever the interpolants and texels
 * are (infinities, NaN), the colours stay in [0, 1], a replaced depth
 * too, and only four units are asked for.
 */
static void test_fuzz(void)
{
    for (unsigned iter = 0; iter < 3000; iter++) {
        Fix *f = fix_reset();

        f->fuzz = true;
        for (unsigned i = 0x20; i < 0xb0; i++) {
            f->bundle[i] = g_test_rand_int();
        }
        for (unsigned u = 0; u < 4; u++) {
            for (unsigned k = 0; k < 6; k++) {
                float v = rubbish();

                memcpy(&f->extra[M_OFFSET_MATRIX(u) + k], &v, 4);
            }
        }
        f->extra[M_DOTMAPPING] = g_test_rand_int();
        f->extra[M_PREVIOUS] = g_test_rand_int();
        for (unsigned p = 0; p < 4; p++) {
            NVRcPixelIn *px = &f->in.px[p];

            for (unsigned k = 0; k < 4; k++) {
                px->col0[k] = rubbish();
                px->col1[k] = rubbish();
                px->pos[k] = rubbish();
                for (unsigned u = 0; u < 4; u++) {
                    px->tex[u][k] = rubbish();
                }
            }
            px->fog = rubbish();
        }
        run(f);
        g_assert_cmpuint(f->out.culled, <=, 0xf);
        for (unsigned p = 0; p < 4; p++) {
            for (unsigned k = 0; k < 4; k++) {
                g_assert_true(f->out.color[p][k] >= 0.0f &&
                              f->out.color[p][k] <= 1.0f);
            }
            if (f->out.depth_replaced) {
                g_assert_true(f->out.depth[p] >= 0.0f &&
                              f->out.depth[p] <= 1.0f);
            }
        }
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/rc/quantize", test_quantize);
    g_test_add_func("/rc/decode", test_decode);
    g_test_add_func("/rc/mappings", test_mappings);
    g_test_add_func("/rc/usage", test_usage);
    g_test_add_func("/rc/dot", test_dot);
    g_test_add_func("/rc/mux", test_mux);
    g_test_add_func("/rc/bias-scale", test_bias_scale);
    g_test_add_func("/rc/clamp", test_clamp);
    g_test_add_func("/rc/final", test_final);
    g_test_add_func("/rc/color-sum", test_color_sum);
    g_test_add_func("/rc/e-times-f", test_e_times_f);
    g_test_add_func("/rc/fog", test_fog);
    g_test_add_func("/rc/chain", test_chain);
    g_test_add_func("/rc/stage-atomic", test_stage_atomic);
    g_test_add_func("/rc/spare0-init", test_spare0_init);
    g_test_add_func("/rc/ts/texture", test_ts_texture);
    g_test_add_func("/rc/ts/pass-through", test_ts_pass_through);
    g_test_add_func("/rc/ts/cull", test_ts_cull);
    g_test_add_func("/rc/ts/offset", test_ts_offset);
    g_test_add_func("/rc/ts/dependent", test_ts_dependent);
    g_test_add_func("/rc/ts/dot-texture", test_ts_dot_texture);
    g_test_add_func("/rc/ts/depth-replace", test_ts_depth_replace);
    g_test_add_func("/rc/ts/reflect", test_ts_reflect);
    g_test_add_func("/rc/ts/inconsistent", test_ts_inconsistent);
    g_test_add_func("/rc/fuzz", test_fuzz);
    return g_test_run();
}
