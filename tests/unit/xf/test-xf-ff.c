/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: XF's fixed-function transform and lighting and
 * Kelvin's bypass (hw/nv/xf/xf-ff.c; docs/xf.rst "Fixed-function
 * processing"), with XFCTX, LTCTX, LTC and XFMODE (NV40: its XF
 * bundles) set directly.
 *
 * The inputs are small dyadic numbers, so that every product and sum
 * below is exact under XF's truncating arithmetic and LT's 22-bit floats;
 * RSQ and RCP are exact on powers of two (RSQ on Rankine's powers of four
 * only: Kelvin's RSQ(1.0) is 0x3f7fffff, docs/xf.rst "RCP, RCC and RSQ"),
 * which is why the tests that normalise use Rankine.  Matrices are stored
 * a row a slot.
 */
#include <glib.h>
#include <string.h>

#include "hw/nv/xf/xf.h"

/* XFMODE_B MODE (mode.rst): 0 FIXED, Kelvin 1 BYPASS, 2 PROGRAM_V1. */
#define BYPASS          (1u << 30)
#define PROGRAM_V1      (2u << 30)
/* XFMODE_A */
#define SEP_SPEC        (1u << 18)
#define TWO_SIDE        (1u << 29)
#define LOCAL_VIEWER    (1u << 30)
#define LIGHTING        (1u << 31)
/* XFMODE_B */
#define FOG_ENABLE      (1u << 19)
#define POINT_PARAMS    (1u << 25)

static uint32_t F(float x)
{
    uint32_t u;

    memcpy(&u, &x, 4);
    return u;
}

static NVXf *xf_new(NVXfIsa isa)
{
    NVXf *xf = g_new0(NVXf, 1);

    nv_xf_reset(xf, isa);
    return xf;
}

static bool kelvin(const NVXf *xf)
{
    return xf->isa == NV_XF_KELVIN;
}

/* XFMODE_A and XFMODE_B: Kelvin words 1 and 0, Rankine words 3 and 2. */
static void set_mode(NVXf *xf, uint32_t a, uint32_t b)
{
    xf->ram.mode[0][kelvin(xf) ? 1 : 3] = a;
    xf->ram.mode[0][kelvin(xf) ? 0 : 2] = b;
}

static void set4(uint32_t *v, float x, float y, float z, float w)
{
    v[0] = F(x);
    v[1] = F(y);
    v[2] = F(z);
    v[3] = F(w);
}

/* A diagonal matrix at XFCTX @slot. */
static void diag(NVXf *xf, unsigned slot, float x, float y, float z, float w)
{
    memset(xf->ram.ctx[slot], 0, 4 * 16);
    xf->ram.ctx[slot][0] = F(x);
    xf->ram.ctx[slot + 1][1] = F(y);
    xf->ram.ctx[slot + 2][2] = F(z);
    xf->ram.ctx[slot + 3][3] = F(w);
}

/* MV0 and its inverse the identity; PROJ the identity. */
static void identity_transforms(NVXf *xf)
{
    unsigned base = kelvin(xf) ? 0 : 0x3c;

    diag(xf, base, 1, 1, 1, 1);                 /* PROJ */
    diag(xf, base + 8, 1, 1, 1, 1);             /* MV0 */
    diag(xf, base + 12, 1, 1, 1, 1);            /* IMV0 */
}

static NVXfVertex run(NVXf *xf)
{
    NVXfVertex v;

    nv_xf_vertex(xf, NULL);
    g_assert_true(nv_xf_pop_vertex(xf, &v));
    return v;
}

static void check4(const uint32_t *v, float x, float y, float z, float w)
{
    g_assert_cmphex(v[0], ==, F(x));
    g_assert_cmphex(v[1], ==, F(y));
    g_assert_cmphex(v[2], ==, F(z));
    g_assert_cmphex(v[3], ==, F(w));
}

/* ---- transforms ---- */

/*
 * PROJ is the composite matrix: the object position goes through it
 * alone.  MV0 translates by (1, 2, 3) (rows (1 0 0 1), (0 1 0 2),
 * (0 0 1 3), (0 0 0 1)), which moves only the eye position: the clip
 * position does not see it.  Object (1, 1, 1, 1), PROJ = diag(2, 2, 1,
 * 2) -> clip (2, 2, 1, 2).
 * Kelvin: / w (RCP(2) = 0.5 exactly) -> (1, 1, 0.5), times VIEWPORT_SCALE
 * (4, -4, 0.5) plus VIEWPORT_TRANSLATE (8, 16, 0.25): x = 4 + 8 = 12,
 * y = -4 + 16 = 12, z = 0.25 + 0.25 = 0.5; w stays 2.  Rankine: the clip
 * position as it is.
 */
static void test_position(void)
{
    NVXfIsa isas[] = { NV_XF_KELVIN, NV_XF_RANKINE };

    for (unsigned i = 0; i < 2; i++) {
        NVXf *xf = xf_new(isas[i]);
        unsigned base = kelvin(xf) ? 0 : 0x3c;
        NVXfVertex v;

        diag(xf, base, 2, 2, 1, 2);
        diag(xf, base + 8, 1, 1, 1, 1);
        xf->ram.ctx[base + 8][3] = F(1);
        xf->ram.ctx[base + 9][3] = F(2);
        xf->ram.ctx[base + 10][3] = F(3);
        set4(xf->ram.ctx[base + 0x3a], 4, -4, 0.5, 0);     /* scale */
        set4(xf->ram.ctx[base + 0x3b], 8, 16, 0.25, 0);    /* translate */
        set4(xf->ram.vab[0], 1, 1, 1, 1);
        v = run(xf);
        if (kelvin(xf)) {
            check4(v.tbuf[0], 12, 12, 0.5, 2);
        } else {
            check4(v.tbuf[0], 2, 2, 1, 2);
        }
        /* A vertex program instead: XFMODE_B MODE 2; an empty XFPR
         * (slot 0 a NOP without END runs to the timeout) outputs 0. */
        set_mode(xf, 0, PROGRAM_V1);
        xf->ram.timeout = 4;
        v = run(xf);
        check4(v.tbuf[0], 0, 0, 0, 0);
        g_free(xf);
    }
}

/*
 * WEIGHT_MODE 1 (XFMODE_B bits 26-28): two matrices, w1 = 1 - w0.
 * MV0 = diag(2, 2, 2, 1), MV1 = identity, w0 = 0.25 so w1 = 0.75.
 * Object (4, 8, 0, 1): MV0 gives (8, 16, 0, 1), MV1 (4, 8, 0, 1); eye =
 * 0.25 (8, 16, 0, 1) + 0.75 (4, 8, 0, 1) = (2 + 3, 4 + 6, 0, 0.25 + 0.75)
 * = (5, 10, 0, 1).  Rankine, PROJ the identity: that is the output.
 * The normal (0, 0, 1) through IMV0 = diag(0.5...) and IMV1 = identity:
 * 0.25 * 0.5 + 0.75 * 1 = 0.875, seen through NORMAL_MAP texgen on r
 * of texture 0 (XFMODE_T[0] = vector 1 word 3, TEX_0_GEN_R bits 10-12 = 4).
 */
static void test_skinning_2(void)
{
    NVXf *xf = xf_new(NV_XF_RANKINE);
    NVXfVertex v;

    identity_transforms(xf);
    diag(xf, 0x44, 2, 2, 2, 1);
    diag(xf, 0x48, 0.5, 0.5, 0.5, 1);
    diag(xf, 0x4c, 1, 1, 1, 1);
    diag(xf, 0x50, 1, 1, 1, 1);
    set_mode(xf, 0, 1u << 26);
    xf->ram.mode[1][3] = 4u << 10;
    set4(xf->ram.vab[0], 4, 8, 0, 1);
    set4(xf->ram.vab[1], 0.25, 0, 0, 0);
    set4(xf->ram.vab[2], 0, 0, 1, 0);
    v = run(xf);
    check4(v.tbuf[0], 5, 10, 0, 1);
    g_assert_cmphex(v.tbuf[8][2], ==, F(0.875));
    g_free(xf);
}

/*
 * WEIGHT_MODE 3: four matrices MVi = diag(i + 1, i + 1, i + 1, 1),
 * weights 0.5, 0.25, 0.125 and 1 - 0.5 - 0.25 - 0.125 = 0.125 (each step
 * exact).  Object (8, 0, 0, 1): MVi gives x = 8, 16, 24, 32; eye x =
 * 4 + 4 + 3 + 4 = 15, w = 0.5 + 0.25 + 0.125 + 0.125 = 1.  Kelvin with
 * PROJ, scale and translate trivial: window (15, 0, 0), w 1.
 */
static void test_skinning_4(void)
{
    NVXf *xf = xf_new(NV_XF_KELVIN);
    NVXfVertex v;

    diag(xf, 0x00, 1, 1, 1, 1);
    for (unsigned i = 0; i < 4; i++) {
        diag(xf, 0x08 + 8 * i, i + 1, i + 1, i + 1, 1);
    }
    set4(xf->ram.ctx[0x3a], 1, 1, 1, 0);
    set_mode(xf, 0, 3u << 26);
    set4(xf->ram.vab[0], 8, 0, 0, 1);
    set4(xf->ram.vab[1], 0.5, 0.25, 0.125, 0);
    v = run(xf);
    check4(v.tbuf[0], 15, 0, 0, 1);
    g_free(xf);
}

/* ---- texture coordinates ---- */

/*
 * Kelvin, MV0 translating by (1, 2, 3): object (1, 1, 1, 1), eye
 * (2, 3, 4, 1).  Texture 0: s EYE_LINEAR with plane (1, 0, 0, 0) ->
 * eye x = 2; t OBJECT_LINEAR with plane (0, 0.5, 0, 4) -> 0.5 + 4 =
 * 4.5; r and q PASS the input (7, 8).  XFMODE_T[0] (word 3): GEN_S bits
 * 4-6 = 1, GEN_T bits 7-9 = 2.
 * Texture 3 (XFMODE_T[1], word 2, bit 17 TEX_1_MATRIX_ENABLE): input
 * (1, 2, 3, 1) through MATRIX_TX3 (XFCTX 0x5c) with rows (0 1 0 0),
 * (1 0 0 0), (0 0 2 0), (0 0 0 1): (2, 1, 6, 1).
 */
static void test_texgen_linear_and_matrix(void)
{
    NVXf *xf = xf_new(NV_XF_KELVIN);
    NVXfVertex v;

    diag(xf, 0x08, 1, 1, 1, 1);
    xf->ram.ctx[0x08][3] = F(1);
    xf->ram.ctx[0x09][3] = F(2);
    xf->ram.ctx[0x0a][3] = F(3);
    set4(xf->ram.ctx[0x40], 1, 0, 0, 0);
    set4(xf->ram.ctx[0x41], 0, 0.5, 0, 4);
    xf->ram.mode[0][3] = 1u << 4 | 2u << 7;
    set4(xf->ram.vab[0], 1, 1, 1, 1);
    set4(xf->ram.vab[9], 5, 6, 7, 8);
    memset(xf->ram.ctx[0x5c], 0, 64);
    xf->ram.ctx[0x5c][1] = F(1);
    xf->ram.ctx[0x5d][0] = F(1);
    xf->ram.ctx[0x5e][2] = F(2);
    xf->ram.ctx[0x5f][3] = F(1);
    xf->ram.mode[0][2] = 1u << 17;
    set4(xf->ram.vab[12], 1, 2, 3, 1);
    v = run(xf);
    check4(v.tbuf[9], 2, 4.5, 7, 8);
    check4(v.tbuf[12], 2, 1, 6, 1);
    /* Texture 1 without texgen or matrix passes VAB 10 to TBUF 10. */
    check4(v.tbuf[10], 0, 0, 0, 0);
    g_free(xf);
}

/*
 * Rankine, eye (-4, 0, 0, 1) (MV0 the identity), normal (1, 0, -0.5)
 * (IMV0 the identity, NORMALIZE off).  u = eye / |eye|: DP3 16, RSQ(16)
 * = 0.25 exactly, u = (-1, 0, 0).  n.u = -1, r = u - 2 n (n.u) =
 * (-1, 0, 0) + (2, 0, -1) = (1, 0, -1).  m = 2 |(1, 0, -1 + 1)| = 2
 * (DP3 1, RSQ(1) = 1).  SPHERE_MAP: s = 1 * RCP(2) + 0.5 = 1, t = 0 +
 * 0.5 = 0.5.  REFLECTION_MAP: (1, 0, -1); NORMAL_MAP: (1, 0, -0.5).
 * Texture 0 s, t sphere (T[0] bits 4-6, 7-9 = 3); texture 1 s, t, r
 * reflection (bits 20-22, 23-25, 26-28 = 5); texture 2 s, t, r normal
 * (T[1], vector 1 word 2, bits 4-12 = 4).  q passes the input's 1.
 */
static void test_texgen_maps(void)
{
    NVXf *xf = xf_new(NV_XF_RANKINE);
    NVXfVertex v;

    identity_transforms(xf);
    xf->ram.mode[1][3] = 3u << 4 | 3u << 7 | 5u << 20 | 5u << 23 | 5u << 26;
    xf->ram.mode[1][2] = 4u << 4 | 4u << 7 | 4u << 10;
    set4(xf->ram.vab[0], -4, 0, 0, 1);
    set4(xf->ram.vab[2], 1, 0, -0.5, 0);
    for (unsigned t = 0; t < 3; t++) {
        set4(xf->ram.vab[8 + t], 0, 0, 0, 1);
    }
    v = run(xf);
    check4(v.tbuf[8], 1, 0.5, 0, 1);
    check4(v.tbuf[9], 1, 0, -1, 1);
    check4(v.tbuf[10], 1, 0, -0.5, 1);
    g_free(xf);
}

/* ---- lighting ---- */

/*
 * Kelvin, one INFINITE light (XFMODE_B bits 0-1 = 1), normal (0, 0, 1).
 * LTCTX 4 (direction) (0, 0.5, 0.5): N.L = 0.5; LTCTX 3 (half vector)
 * (0, 0.5, 0.5): N.H = 0.5; LTC1 1 (shininess) 2: LIT gives 0.5^2 =
 * 0.25 (2^(-1 * 2), exact through LIT's tables).
 * LIGHT_MODEL_AMBIENT (LTCTX 0x41) 0.125 each, ambient product (LTCTX 0)
 * (0.25, 0, 0), diffuse (LTCTX 1) (0.5, 0.5, 0), specular (LTCTX 2)
 * (0, 0, 1), MATERIAL_FACTOR_A (LTC3 0xc) 0.5.
 * Primary: 0.125 + (0.25, 0, 0) + 0.5 (0.5, 0.5, 0) = (0.625, 0.375,
 * 0.125), alpha 0.5; specular 0.25 (0, 0, 1).
 * Without SEPARATE_SPECULAR COL0 takes both: (0.625, 0.375, 0.375, 0.5),
 * COL1 (TBUF 4) 0.  With it: COL0 (0.625, 0.375, 0.125, 0.5), COL1
 * (0, 0, 0.25, 0).
 * Two-sided (XFMODE_A bit 29): the back normal (0, 0, -1) gives N.L =
 * -0.5, so LIT's diffuse and specular are 0: BFC0 (TBUF 7) = the back
 * model ambient (LTCTX 0x42) (0, 0.25, 0) + the back ambient product
 * (LTCTX 5) (0, 0, 0.5), alpha LTC3 0xd 1.0; BFC1 (TBUF 8) 0.
 */
static void light_infinite_setup(NVXf *xf)
{
    identity_transforms(xf);
    set4(xf->ram.ctx[0x3a], 1, 1, 1, 0);
    set4(xf->ram.vab[0], 0, 0, 0, 1);
    set4(xf->ram.vab[2], 0, 0, 1, 0);
    set4(xf->ram.ltctx[4], 0, 0.5, 0.5, 0);
    set4(xf->ram.ltctx[3], 0, 0.5, 0.5, 0);
    xf->ram.ltc[1][1] = F(2);
    set4(xf->ram.ltctx[0x41], 0.125, 0.125, 0.125, 0);
    set4(xf->ram.ltctx[0], 0.25, 0, 0, 0);
    set4(xf->ram.ltctx[1], 0.5, 0.5, 0, 0);
    set4(xf->ram.ltctx[2], 0, 0, 1, 0);
    xf->ram.ltc[3][0xc] = F(0.5);
}

static void test_light_infinite(void)
{
    NVXf *xf = xf_new(NV_XF_KELVIN);
    NVXfVertex v;

    light_infinite_setup(xf);
    set_mode(xf, LIGHTING, 1);
    v = run(xf);
    check4(v.tbuf[3], 0.625, 0.375, 0.375, 0.5);
    check4(v.tbuf[4], 0, 0, 0, 0);
    set_mode(xf, LIGHTING | SEP_SPEC | TWO_SIDE, 1);
    set4(xf->ram.ltctx[0x42], 0, 0.25, 0, 0);
    set4(xf->ram.ltctx[5], 0, 0, 0.5, 0);
    xf->ram.ltc[3][0xd] = F(1);
    v = run(xf);
    check4(v.tbuf[3], 0.625, 0.375, 0.125, 0.5);
    check4(v.tbuf[4], 0, 0, 0.25, 0);
    check4(v.tbuf[7], 0, 0.25, 0.5, 1);
    check4(v.tbuf[8], 0, 0, 0, 0);
    g_free(xf);
}

/*
 * Colour material: the infinite light above with the front diffuse
 * tracking COL0 (XFMODE_A LIGHT_MATERIAL_DIFFUSE_FRONT, bits 21-22, = 1),
 * SEPARATE_SPECULAR on.  LTCTX 1 is then the light's diffuse colour
 * (0.5, 0.5, 0), times COL0 (1, 0.5, 0.25, 0.75): (0.5, 0.25, 0), times
 * N.L 0.5: (0.25, 0.125, 0).  COL0 = 0.125 + (0.25, 0, 0) + that =
 * (0.625, 0.25, 0.125), alpha COL0's 0.75.
 */
static void test_color_material(void)
{
    NVXf *xf = xf_new(NV_XF_KELVIN);
    NVXfVertex v;

    light_infinite_setup(xf);
    set_mode(xf, LIGHTING | SEP_SPEC | 1u << 21, 1);
    set4(xf->ram.vab[3], 1, 0.5, 0.25, 0.75);
    v = run(xf);
    check4(v.tbuf[3], 0.625, 0.25, 0.125, 0.75);
    g_free(xf);
}

/*
 * Rankine, one LOCAL light (XFMODE_B bits 0-1 = 2) at XFCTX 0x64 =
 * (0, 0, 4), the vertex at the eye-space origin, normal (0, 0, 1).
 * VP = (0, 0, 4): DP3 16, RSQ(16) = 0.25, d = 16 * 0.25 = 4, L =
 * (0, 0, 1).  Attenuation (XFCTX 0x30) (1, 0.5, 0.0625): 1 + 0.5 * 4 +
 * 0.0625 * 16 = 4, RCP(4) = 0.25.  H = L + (0, 0, 1) (no local viewer)
 * = (0, 0, 2), normalised (0, 0, 1): N.L = N.H = 1, 1^shininess = 1.
 * Diffuse (LTCTX 1) (1, 0.5, 0) and specular (LTCTX 2) (0, 0, 1), both
 * times 0.25: COL0 = (0.25, 0.125, 0) + (0, 0, 0.25) (SEPARATE_SPECULAR
 * off) = (0.25, 0.125, 0.25); alpha MATERIAL_FACTOR_A (LTC3 0xd) 0.
 */
static void light_local_setup(NVXf *xf, unsigned type)
{
    identity_transforms(xf);
    set_mode(xf, LIGHTING, type);
    set4(xf->ram.vab[0], 0, 0, 0, 1);
    set4(xf->ram.vab[2], 0, 0, 1, 0);
    set4(xf->ram.ctx[0x64], 0, 0, 4, 0);
    set4(xf->ram.ctx[0x30], 1, 0.5, 0.0625, 0);
    xf->ram.ltc[1][1] = F(8);
    set4(xf->ram.ltctx[1], 1, 0.5, 0, 0);
    set4(xf->ram.ltctx[2], 0, 0, 1, 0);
}

static void test_light_local(void)
{
    NVXf *xf = xf_new(NV_XF_RANKINE);
    NVXfVertex v;

    light_local_setup(xf, 2);
    v = run(xf);
    check4(v.tbuf[3], 0.25, 0.125, 0.25, 0);
    g_free(xf);
}

/*
 * The same light as a SPOTLIGHT (type 3), spot direction (XFCTX 0x6c)
 * (0, 0.5, -0.5) with cos(cutoff) 0.25 in W, exponent (LTC1 0xd) 2.
 * -L.D = 0.5 >= 0.25: the spot factor is 0.5^2 = 0.25 (LIT), the
 * attenuation 0.25 * 0.25 = 0.0625: COL0 = 0.0625 (1, 0.5, 0) +
 * 0.0625 (0, 0, 1) = (0.0625, 0.03125, 0.0625).  With the cutoff at 0.75
 * the vertex is outside the cone: only the (zero) ambient is left.
 */
static void test_light_spot(void)
{
    NVXf *xf = xf_new(NV_XF_RANKINE);
    NVXfVertex v;

    light_local_setup(xf, 3);
    set4(xf->ram.ctx[0x6c], 0, 0.5, -0.5, 0.25);
    xf->ram.ltc[1][0xd] = F(2);
    v = run(xf);
    check4(v.tbuf[3], 0.0625, 0.03125, 0.0625, 0);
    xf->ram.ctx[0x6c][3] = F(0.75);
    v = run(xf);
    check4(v.tbuf[3], 0, 0, 0, 0);
    g_free(xf);
}

/*
 * LOCAL_VIEWER (XFMODE_A bit 30): the light at (0, 0, 8), the vertex at
 * eye (0, 0, 4) (object (0, 0, 4), MV0 the identity), normal (0, 0, 1).
 * VP = (0, 0, 4), L = (0, 0, 1) as above; attenuation (1, 0, 0): 1.
 * N.L = 1: the diffuse product (1, 0.5, 0) whole.  Without a local
 * viewer V = (0, 0, 1), H = (0, 0, 1), N.H = 1, the specular factor
 * 1^8 = 1: COL0 z = the specular product's 1.  With it V = the
 * normalised -eye = (0, 0, -1), H = L + V = 0, normalised 0 * RSQ(0) =
 * 0 * inf = +0 (ZERO_WINS), N.H = 0 and LIT's specular factor 0.
 */
static void test_local_viewer(void)
{
    NVXf *xf = xf_new(NV_XF_RANKINE);
    NVXfVertex v;

    light_local_setup(xf, 2);
    set4(xf->ram.vab[0], 0, 0, 4, 1);
    set4(xf->ram.ctx[0x64], 0, 0, 8, 0);
    set4(xf->ram.ctx[0x30], 1, 0, 0, 0);
    v = run(xf);
    check4(v.tbuf[3], 1, 0.5, 1, 0);
    set_mode(xf, LIGHTING | LOCAL_VIEWER, 2);
    v = run(xf);
    check4(v.tbuf[3], 1, 0.5, 0, 0);
    g_free(xf);
}

/* Lighting off: the input colours pass, the back ones copy the front. */
static void test_unlit_colors(void)
{
    NVXf *xf = xf_new(NV_XF_RANKINE);
    NVXfVertex v;

    set4(xf->ram.vab[3], 0.5, 0.25, 1, 1);
    set4(xf->ram.vab[4], 0.125, 0, 0, 0);
    v = run(xf);
    check4(v.tbuf[3], 0.5, 0.25, 1, 1);
    check4(v.tbuf[4], 0.125, 0, 0, 0);
    check4(v.tbuf[1], 0.5, 0.25, 1, 1);
    check4(v.tbuf[2], 0.125, 0, 0, 0);
    g_free(xf);
}

/* ---- fog and point size ---- */

/*
 * Eye (0, 0, -4, 1).  Rankine, FOG_ENABLE (XFMODE_B bit 19):
 * FOG_COORD 1 (radial, bits 22-23): DP3 16, 16 * RSQ(16) = 4.
 * FOG_COORD 2 (planar): FOG_PLANE (XFCTX 0x75) (0, 0, -1, 0.5) . eye =
 * 4 + 0.5 = 4.5.  FOG_COORD 3: the fog coordinate input, VAB 5 x.
 * Kelvin FOG_COORD 3 (planar, absolute, bits 22-24): FOG_PLANE (XFCTX
 * 0x39) (0, 0, 1, 0) . eye = -4, absolute 4.  Fog disabled: VAB 5 x.
 */
static void test_fog(void)
{
    NVXf *xf = xf_new(NV_XF_RANKINE);
    NVXfVertex v;

    identity_transforms(xf);
    set4(xf->ram.vab[0], 0, 0, -4, 1);
    set4(xf->ram.vab[5], 9, 0, 0, 1);
    set4(xf->ram.ctx[0x75], 0, 0, -1, 0.5);
    set_mode(xf, 0, FOG_ENABLE | 1u << 22);
    v = run(xf);
    g_assert_cmphex(v.tbuf[5][0], ==, F(4));
    set_mode(xf, 0, FOG_ENABLE | 2u << 22);
    v = run(xf);
    g_assert_cmphex(v.tbuf[5][0], ==, F(4.5));
    set_mode(xf, 0, FOG_ENABLE | 3u << 22);
    v = run(xf);
    g_assert_cmphex(v.tbuf[5][0], ==, F(9));
    g_free(xf);

    xf = xf_new(NV_XF_KELVIN);
    identity_transforms(xf);
    set4(xf->ram.ctx[0x3a], 1, 1, 1, 0);
    set4(xf->ram.vab[0], 0, 0, -4, 1);
    set4(xf->ram.vab[5], 9, 0, 0, 1);
    set4(xf->ram.ctx[0x39], 0, 0, 1, 0);
    set_mode(xf, 0, FOG_ENABLE | 3u << 22);
    v = run(xf);
    g_assert_cmphex(v.tbuf[5][0], ==, F(4));
    set_mode(xf, 0, 0);
    v = run(xf);
    g_assert_cmphex(v.tbuf[5][0], ==, F(9));
    g_free(xf);
}

/*
 * Rankine, POINT_PARAMS_ENABLE (XFMODE_B bit 25), eye (0, 0, -4): d = 4,
 * d^2 = 16.  POINT_PARAMS_A (XFCTX 0x26) (2, 0.25, 0.0625): 2 + 1 + 1 =
 * 4, RSQ(4) = 0.5; size (XFCTX 0x27 x) 8 -> 4, inside [min 1, max 64]
 * (y, z).  With the maximum at 2: 2.
 */
static void test_point_size(void)
{
    NVXf *xf = xf_new(NV_XF_RANKINE);
    NVXfVertex v;

    identity_transforms(xf);
    set_mode(xf, 0, POINT_PARAMS);
    set4(xf->ram.vab[0], 0, 0, -4, 1);
    set4(xf->ram.ctx[0x26], 2, 0.25, 0.0625, 0);
    set4(xf->ram.ctx[0x27], 8, 1, 64, 0);
    v = run(xf);
    g_assert_cmphex(v.tbuf[6][0], ==, F(4));
    xf->ram.ctx[0x27][2] = F(2);
    v = run(xf);
    g_assert_cmphex(v.tbuf[6][0], ==, F(2));
    g_free(xf);
}

/* ---- bypass ---- */

/*
 * Kelvin BYPASS (XFMODE_B MODE 1): the window position, colours, fog and
 * texture coordinates pass from VAB n to TBUF n; the back colours (7, 8)
 * copy the front ones.  The matrices are not used: PROJ is all zero.
 */
static void test_kelvin_bypass(void)
{
    NVXf *xf = xf_new(NV_XF_KELVIN);
    NVXfVertex v;

    set_mode(xf, LIGHTING, BYPASS);
    set4(xf->ram.vab[0], 10, 20, 0.5, 1);
    set4(xf->ram.vab[3], 1, 0.5, 0, 1);
    set4(xf->ram.vab[4], 0, 0.25, 0, 0);
    set4(xf->ram.vab[5], 3, 0, 0, 1);
    set4(xf->ram.vab[11], 0.5, 0.75, 0, 1);
    v = run(xf);
    check4(v.tbuf[0], 10, 20, 0.5, 1);
    check4(v.tbuf[3], 1, 0.5, 0, 1);
    check4(v.tbuf[4], 0, 0.25, 0, 0);
    check4(v.tbuf[5], 3, 0, 0, 1);
    check4(v.tbuf[7], 1, 0.5, 0, 1);
    check4(v.tbuf[8], 0, 0.25, 0, 0);
    check4(v.tbuf[11], 0.5, 0.75, 0, 1);
    g_free(xf);

    /* Rankine has no bypass (intro.rst item 5): MODE 1 runs the program,
     * here an empty one (a NOP to the timeout), which outputs 0. */
    xf = xf_new(NV_XF_RANKINE);
    set_mode(xf, 0, BYPASS);
    set4(xf->ram.vab[0], 10, 20, 0.5, 1);
    xf->ram.timeout = 4;
    v = run(xf);
    check4(v.tbuf[0], 0, 0, 0, 0);
    g_free(xf);
}

/*
 * User clip distances: plane . eye (DP4), eye (0, 0, -4, 1).  Rankine:
 * USER_CLIP_PLANE_0 (XFCTX 0x20) (0, 0, -1, -2): 4 - 2 = 2, in output
 * 17's X (Mesa's NV30_VP_INST_DEST_CLP(0)).  NV40: USER_CLIP_PLANE_3
 * (XFCTX 0x23) (0, 0, 1, 1): -4 + 1 = -3, in output 6's Y (PSZ, as Mesa
 * puts distance 3); distance 0's plane gives 2 in output 5's Y.
 */
static void test_clip_distances(void)
{
    NVXfIsa isas[] = { NV_XF_RANKINE, NV_XF_COMBINED };

    for (unsigned i = 0; i < 2; i++) {
        NVXf *xf = xf_new(isas[i]);
        NVXfVertex v;

        identity_transforms(xf);
        set4(xf->ram.vab[0], 0, 0, -4, 1);
        set4(xf->ram.ctx[0x20], 0, 0, -1, -2);
        set4(xf->ram.ctx[0x23], 0, 0, 1, 1);
        v = run(xf);
        if (i == 0) {
            g_assert_cmphex(v.tbuf[17][0], ==, F(2));
            g_assert_cmphex(v.tbuf[20][0], ==, F(-3));
        } else {
            g_assert_cmphex(v.tbuf[5][1], ==, F(2));
            g_assert_cmphex(v.tbuf[6][1], ==, F(-3));
        }
        g_free(xf);
    }
}

/* ---- NV40: its XF bundles, no LT ---- */

/* NV40's XF bundles (mode.rst "Curie XF bundles"). */
#define XF_A_LIGHTING       (1u << 22)
#define XF_C_PROGRAM_V3     (1u << 30)

/*
 * NV40's MODE is XF_C's bits 30-31: 0 FIXED runs the fixed function with
 * Rankine's places: PROJ (XFCTX 0x3c) diag(2, 2, 1, 2), object (1, 1, 1,
 * 1) -> clip (2, 2, 1, 2) in output 0; lighting off, COL0 and COL1 (VAB
 * 3, 4) pass to Curie's outputs 1 and 2 (Mesa's NV40_VP_INST_DEST_COL0,
 * COL1) and the back colours 3 and 4 copy them.  MODE 1 (PROGRAM_V3):
 * the program, here four NOPs (XFPR all 0, TIMEOUT 4), which write
 * nothing: output 0 is 0.  NV43 (the Curie ISA: NV41+ have no fixed
 * function, intro.rst item 8) runs the program whatever MODE says.
 */
static void test_nv40_mode(void)
{
    NVXfIsa isas[] = { NV_XF_COMBINED, NV_XF_CURIE };

    for (unsigned i = 0; i < 2; i++) {
        NVXf *xf = xf_new(isas[i]);
        NVXfVertex v;

        diag(xf, 0x3c, 2, 2, 1, 2);
        diag(xf, 0x44, 1, 1, 1, 1);
        set4(xf->ram.vab[0], 1, 1, 1, 1);
        set4(xf->ram.vab[3], 0.5, 0.25, 1, 1);
        set4(xf->ram.vab[4], 0.125, 0, 0, 0);
        xf->ram.timeout = 4;
        v = run(xf);
        if (isas[i] == NV_XF_COMBINED) {
            check4(v.tbuf[0], 2, 2, 1, 2);
            check4(v.tbuf[1], 0.5, 0.25, 1, 1);
            check4(v.tbuf[2], 0.125, 0, 0, 0);
            check4(v.tbuf[3], 0.5, 0.25, 1, 1);
            check4(v.tbuf[4], 0.125, 0, 0, 0);
        } else {
            check4(v.tbuf[0], 0, 0, 0, 0);
        }
        xf->bundles.c = XF_C_PROGRAM_V3;
        v = run(xf);
        check4(v.tbuf[0], 0, 0, 0, 0);
        g_free(xf);
    }
}

/*
 * NV40 lights on XF in 32-bit floats (no LT, intro.rst item 7): XF_A's
 * LIGHTING_ENABLE (bit 22), XF_LIGHT light 0 INFINITE (bits 0-1 = 1);
 * Rankine's places: direction XFCTX 0x28 and half vector 0x30 (0, 0, 1),
 * normal (0, 0, 1): N.L = N.H = 1.  Diffuse product (LTCTX 1) x =
 * 0x3f000001 (0.5 + 2^-24), y 0.25: COL0 (output 1) = (0x3f000001, 0.25,
 * 0), alpha MATERIAL_FACTOR_A (LTC3 0xd) 0.5.  Rankine (XFMODE_A
 * LIGHTING) cuts every LT result to 22 bits: x 0x3f000000.
 * No two-sided bit: NV40 always lights the back face, normal (0, 0, -1),
 * N.L = -1, LIT's diffuse and specular 0: BFC0 (output 3) is the back
 * model ambient (LTCTX 0x31) (0, 0.25, 0), alpha the back
 * MATERIAL_FACTOR_A (LTC3 0xe) 1.  XF_A's front diffuse source (bits
 * 7-8) COL0 (1): the diffuse product is the light's colour times COL0
 * (1, 0.5, 0.25, 0.75): x (0.5 + 2^-24) * 1, y 0.25 * 0.5 = 0.125, z 0;
 * alpha COL0's 0.75.
 */
static void nv40_light_setup(NVXf *xf)
{
    identity_transforms(xf);
    set4(xf->ram.vab[0], 0, 0, 0, 1);
    set4(xf->ram.vab[2], 0, 0, 1, 0);
    set4(xf->ram.ctx[0x28], 0, 0, 1, 0);
    set4(xf->ram.ctx[0x30], 0, 0, 1, 0);
    set4(xf->ram.ltctx[1], 0, 0.25, 0, 0);
    xf->ram.ltctx[1][0] = 0x3f000001;
    set4(xf->ram.ltctx[0x31], 0, 0.25, 0, 0);
    xf->ram.ltc[3][0xd] = F(0.5);
    xf->ram.ltc[3][0xe] = F(1);
}

static void test_nv40_lighting(void)
{
    NVXf *xf = xf_new(NV_XF_COMBINED);
    NVXfVertex v;

    nv40_light_setup(xf);
    xf->bundles.a = XF_A_LIGHTING;
    xf->bundles.light = 1;
    v = run(xf);
    g_assert_cmphex(v.tbuf[1][0], ==, 0x3f000001);
    g_assert_cmphex(v.tbuf[1][1], ==, F(0.25));
    g_assert_cmphex(v.tbuf[1][2], ==, 0);
    g_assert_cmphex(v.tbuf[1][3], ==, F(0.5));
    check4(v.tbuf[3], 0, 0.25, 0, 1);

    set4(xf->ram.vab[3], 1, 0.5, 0.25, 0.75);
    xf->bundles.a = XF_A_LIGHTING | 1u << 7;
    v = run(xf);
    g_assert_cmphex(v.tbuf[1][0], ==, 0x3f000001);
    g_assert_cmphex(v.tbuf[1][1], ==, F(0.125));
    g_assert_cmphex(v.tbuf[1][2], ==, 0);
    g_assert_cmphex(v.tbuf[1][3], ==, F(0.75));
    g_free(xf);

    xf = xf_new(NV_XF_RANKINE);
    nv40_light_setup(xf);
    set_mode(xf, LIGHTING, 1);
    v = run(xf);
    g_assert_cmphex(v.tbuf[3][0], ==, F(0.5));
    g_free(xf);
}

/*
 * NV40's fog and texgen.  Eye (0, 0, -4, 1) (identity MV0).  XF_A's
 * FOG_COORD (bits 19-21) takes Kelvin's codes (the field is as wide):
 * 3, the absolute planar distance: FOG_PLANE (XFCTX 0x75) (0, 0, 1, 0)
 * . eye = -4 -> 4 (output 5, Curie's FOGC); 1, radial: 4 as well
 * (DP3 16, 16 * RSQ(16)); 4, the fog coordinate: VAB 5 x = 9.
 * XF_TXC[0]: GEN_S (bits 0-2) OBJECT_LINEAR (2) with the plane TEX_0_GEN_S
 * (XFCTX 0x7c) (0, 0, 0.25, 3): s = -1 + 3 = 2; T passes VAB 8's 5; out
 * in Curie's TC0 (output 7): (2, 5, 0, 1).  With TEX_MATRIX_ENABLE (bit
 * 16), the texture matrix (XFCTX 0x80) diag(0.5, 1, 1, 1): (1, 5, 0, 1).
 */
static void test_nv40_fog_texgen(void)
{
    NVXf *xf = xf_new(NV_XF_COMBINED);
    NVXfVertex v;

    identity_transforms(xf);
    set4(xf->ram.vab[0], 0, 0, -4, 1);
    set4(xf->ram.vab[5], 9, 0, 0, 1);
    set4(xf->ram.vab[8], 7, 5, 0, 1);
    set4(xf->ram.ctx[0x75], 0, 0, 1, 0);
    set4(xf->ram.ctx[0x7c], 0, 0, 0.25, 3);
    diag(xf, 0x80, 0.5, 1, 1, 1);
    xf->bundles.a = 3u << 19;
    xf->bundles.txc[0] = 2;
    v = run(xf);
    g_assert_cmphex(v.tbuf[5][0], ==, F(4));
    check4(v.tbuf[7], 2, 5, 0, 1);
    xf->bundles.a = 1u << 19;
    xf->bundles.txc[0] = 2 | 1u << 16;
    v = run(xf);
    g_assert_cmphex(v.tbuf[5][0], ==, F(4));
    check4(v.tbuf[7], 1, 5, 0, 1);
    xf->bundles.a = 4u << 19;
    v = run(xf);
    g_assert_cmphex(v.tbuf[5][0], ==, F(9));
    g_free(xf);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/xf/ff/position", test_position);
    g_test_add_func("/xf/ff/skinning-2", test_skinning_2);
    g_test_add_func("/xf/ff/skinning-4", test_skinning_4);
    g_test_add_func("/xf/ff/texgen-linear-matrix",
                    test_texgen_linear_and_matrix);
    g_test_add_func("/xf/ff/texgen-maps", test_texgen_maps);
    g_test_add_func("/xf/ff/light-infinite", test_light_infinite);
    g_test_add_func("/xf/ff/color-material", test_color_material);
    g_test_add_func("/xf/ff/light-local", test_light_local);
    g_test_add_func("/xf/ff/light-spot", test_light_spot);
    g_test_add_func("/xf/ff/local-viewer", test_local_viewer);
    g_test_add_func("/xf/ff/unlit", test_unlit_colors);
    g_test_add_func("/xf/ff/fog", test_fog);
    g_test_add_func("/xf/ff/point-size", test_point_size);
    g_test_add_func("/xf/ff/kelvin-bypass", test_kelvin_bypass);
    g_test_add_func("/xf/ff/clip-distances", test_clip_distances);
    g_test_add_func("/xf/ff/nv40/mode", test_nv40_mode);
    g_test_add_func("/xf/ff/nv40/lighting", test_nv40_lighting);
    g_test_add_func("/xf/ff/nv40/fog-texgen", test_nv40_fog_texgen);
    return g_test_run();
}
