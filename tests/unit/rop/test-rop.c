/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: the 3D ROP (docs/rop3d.rst): bundle and surface
 * decode, colour format packing, depth conversion and functions, stencil
 * ops, two-sided stencil, alpha test, depth bounds, blend equations and
 * factors in 8-bit arithmetic, logic ops, colour masks, dithering,
 * swizzled targets, clears, out-of-bounds surfaces and the dirty ranges.
 *
 * The surfaces are 4x4 pixels with a 16-byte pitch at offset 0 unless a
 * test says otherwise.  Colours go from float to 8 bits by
 * round(c * 255): 0.2 -> 51 (0x33), 0.4 -> 102 (0x66), 0.6 -> 153
 * (0x99), 0.8 -> 204 (0xcc).  mul8(a, b) = round(a * b / 255).
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hw/nv/rop/rop.h"

#define MEM         256
#define PITCH       16

/* RT_FORMAT: COLOR, ZETA (Rankine/Curie bits 5-7, Kelvin 4-5), LINEAR */
#define RT_FMT(c, z)    ((c) | (z) << 5 | 1 << 8)
#define RT_FMT_K(c, z)  ((c) | (z) << 4 | 1 << 8)
#define Z16         1
#define Z24S8       2
#define A8R8G8B8    0x08
#define R5G6B5      0x03

typedef struct Range {
    unsigned m;
    uint64_t off, len;
} Range;

typedef struct T {
    NVRop rop;
    uint8_t mem[NV_ROP_MEMS][MEM];
    Range d[64];
    unsigned nd;
} T;

static void t_dirty(void *opaque, unsigned m, uint64_t off, uint64_t len)
{
    T *t = opaque;

    /* every range inside its memory; the first 64 kept */
    g_assert_cmpuint(m, <, NV_ROP_MEMS);
    g_assert_cmpuint(len, >, 0);
    g_assert_cmpuint(off + len, <=, t->rop.mem[m].size);
    if (t->nd < G_N_ELEMENTS(t->d)) {
        t->d[t->nd] = (Range) { m, off, len };
    }
    t->nd++;
}

static bool has_range(const T *t, unsigned m, uint64_t off, uint64_t len)
{
    for (unsigned i = 0; i < MIN(t->nd, G_N_ELEMENTS(t->d)); i++) {
        if (t->d[i].m == m && t->d[i].off == off && t->d[i].len == len) {
            return true;
        }
    }
    return false;
}

/* A 4x4 window, every memory MEM bytes, colour targets @rt_enable. */
static T *t_new(NVRopGen gen, uint32_t rt_format, uint32_t rt_enable)
{
    T *t = g_new0(T, 1);
    NVRopSurfaceRegs r = {
        .rt_horiz = 4 << 16, .rt_vert = 4 << 16, .rt_format = rt_format,
        .color_pitch = { PITCH | PITCH << 16, PITCH, PITCH, PITCH },
        .zeta_pitch = PITCH, .rt_enable = rt_enable,
    };

    if (gen == NV_ROP_CURIE) {
        r.color_pitch[0] = PITCH;   /* Curie's COLOR0_PITCH is all colour */
    }
    nv_rop_init(&t->rop, gen, t_dirty, t);
    nv_rop_surface_decode(&t->rop.surf, gen, &r);
    for (unsigned m = 0; m < NV_ROP_MEMS; m++) {
        t->rop.mem[m] = (NVRopMem) { t->mem[m], MEM };
    }
    for (unsigned i = 0; i < NV_ROP_TARGETS; i++) {
        t->rop.st.color_mask[i] = NV_ROP_MASK_RGBA;
    }
    return t;
}

static uint32_t rd(const T *t, unsigned m, unsigned off, unsigned n)
{
    uint32_t v = 0;

    for (unsigned i = 0; i < n; i++) {
        v |= (uint32_t)t->mem[m][off + i] << 8 * i;
    }
    return v;
}

static void wr(T *t, unsigned m, unsigned off, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++) {
        t->mem[m][off + i] = v >> 8 * i;
    }
}

/* One fragment at (@x, @y) of colour @c on every target, depth @z. */
static void frag(T *t, int32_t x, int32_t y, const float *c, float z,
                 bool back)
{
    float color[NV_ROP_TARGETS][4][4] = { { { 0 } } };
    float depth[4] = { z, z, z, z };
    unsigned i = (x & 1) | (y & 1) << 1;

    for (unsigned k = 0; k < NV_ROP_TARGETS; k++) {
        memcpy(color[k][i], c, 4 * sizeof(float));
    }
    nv_rop_quad(&t->rop, x & ~1, y & ~1, 1u << i, color, depth, back);
}

static const float SRC[4] = { 0.2f, 0.4f, 0.6f, 0.8f };

static void test_decode_kelvin(void)
{
    uint32_t b[NV_ROP_BUNDLES] = { 0 };
    NVRopState st;

    /*
     * CONFIG_A: ALPHA_REF 0x80, ALPHA_FUNC GEQUAL (6) << 8 = 0x600,
     * ALPHA_FUNC_ENABLE 0x1000, DEPTH_TEST_ENABLE 0x4000, DEPTH_FUNC
     * LEQUAL (3) << 16 = 0x30000, DITHER 0x400000, DEPTH_WRITE 0x1000000,
     * COLOR_MASK_A (bit 26) 0x4000000 and _G (bit 28) 0x10000000:
     * 0x15435680.
     */
    static const uint32_t ids_values[][2] = {
        { 0x053, 0x15435680 },
        /*
         * Kelvin's BLEND (0x001): equation ADD 2, enable bit 3 (8), SRC
         * SRC_ALPHA 4 << 4, DST ONE_MINUS_SRC_ALPHA 5 << 8, LOGIC_OP XOR
         * 6 << 12, its enable bit 16: 0x1654a.  BLEND_COLOR (0x002).
         */
        { 0x001, 0x1654a }, { 0x002, 0x40808080 },
        /*
         * STENCIL_A: ENABLE, BACK_ENABLE (Rankine's, ignored), FUNC EQUAL
         * 2 << 4, REF 0x5a << 8, FUNC_MASK 0x0f << 16, MASK 0xf0 << 24;
         * STENCIL_B: FAIL KEEP 1, ZFAIL INCR 4 << 4, ZPASS REPLACE 3 << 8.
         */
        { 0x054, 0xf00f5a23 }, { 0x055, 0x341 },
        /* CLEAR_COLOR, CLEAR_ZETA; 0x086 is Rankine's CLEAR_COLOR */
        { 0x01b, 0x11223344 }, { 0x0a2, 0xabcdef01 }, { 0x086, 0xdeadbeef },
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(ids_values); i++) {
        b[ids_values[i][0]] = ids_values[i][1];
    }
    nv_rop_decode(&st, NV_ROP_KELVIN, b);
    g_assert_cmpuint(st.alpha_ref, ==, 0x80);
    g_assert_cmpuint(st.alpha_func, ==, NV_ROP_GEQUAL);
    g_assert_true(st.alpha_test && st.depth_test && st.dither &&
                  st.depth_write);
    g_assert_cmpuint(st.depth_func, ==, NV_ROP_LEQUAL);
    g_assert_cmpuint(st.color_mask[0], ==, NV_ROP_MASK_A | NV_ROP_MASK_G);
    g_assert_true(st.blend[0]);
    g_assert_cmpuint(st.eq_rgb, ==, NV_ROP_EQ_ADD);
    g_assert_cmpuint(st.eq_a, ==, NV_ROP_EQ_ADD);
    /* one factor pair for colour and alpha */
    g_assert_cmpuint(st.src_rgb, ==, NV_ROP_BF_SRC_ALPHA);
    g_assert_cmpuint(st.src_a, ==, NV_ROP_BF_SRC_ALPHA);
    g_assert_cmpuint(st.dst_a, ==, NV_ROP_BF_ONE_MINUS_SRC_ALPHA);
    g_assert_true(st.logic_op);
    g_assert_cmpuint(st.logic_op_op, ==, 6);
    g_assert_cmphex(st.blend_color, ==, 0x40808080);
    g_assert_true(st.stencil_test);
    g_assert_false(st.two_sided);
    g_assert_cmpuint(st.stencil[0].func, ==, NV_ROP_EQUAL);
    g_assert_cmphex(st.stencil[0].ref, ==, 0x5a);
    g_assert_cmphex(st.stencil[0].func_mask, ==, 0x0f);
    g_assert_cmphex(st.stencil[0].write_mask, ==, 0xf0);
    g_assert_cmpuint(st.stencil[0].op_fail, ==, NV_ROP_SOP_KEEP);
    g_assert_cmpuint(st.stencil[0].op_zfail, ==, NV_ROP_SOP_INCR);
    g_assert_cmpuint(st.stencil[0].op_zpass, ==, NV_ROP_SOP_REPLACE);
    g_assert_cmphex(st.clear_color, ==, 0x11223344);
    g_assert_cmphex(st.clear_zeta, ==, 0xabcdef01);
}

static void test_decode_rankine_curie(void)
{
    uint32_t b[NV_ROP_BUNDLES] = { 0 };
    NVRopMthdRegs m = { 0 };
    NVRopState st;

    b[0x54] = 0x3;              /* STENCIL_ENABLE and STENCIL_BACK_ENABLE */
    /*
     * STENCIL_C: BACK_MASK 0x33, BACK_OP_ZPASS DECR_WRAP 8 << 8, ZFAIL
     * INVERT 6 << 12, FAIL ZERO 2 << 16: 0x26833.  STENCIL_D: REF 0x11,
     * FUNC_MASK 0x22 << 8, FUNC NOTEQUAL 5 << 16: 0x52211.
     */
    b[0x87] = 0x26833;
    b[0x88] = 0x52211;
    /*
     * Rankine's BLEND (0x082): REVERSE_SUBTRACT 1, enable 8, SRC_0 ONE
     * 1 << 4, DST_0 ZERO, SRC_1 DST_ALPHA 6 << 20, DST_1 CONSTANT_ALPHA
     * 0xe << 24: 0x0e600019.
     */
    b[0x82] = 0x0e600019;
    b[0x86] = 0xdeadbeef;
    nv_rop_decode(&st, NV_ROP_RANKINE, b);
    g_assert_true(st.two_sided);
    g_assert_cmphex(st.stencil[1].write_mask, ==, 0x33);
    g_assert_cmpuint(st.stencil[1].op_zpass, ==, NV_ROP_SOP_DECR_WRAP);
    g_assert_cmpuint(st.stencil[1].op_zfail, ==, NV_ROP_SOP_INVERT);
    g_assert_cmpuint(st.stencil[1].op_fail, ==, NV_ROP_SOP_ZERO);
    g_assert_cmphex(st.stencil[1].ref, ==, 0x11);
    g_assert_cmphex(st.stencil[1].func_mask, ==, 0x22);
    g_assert_cmpuint(st.stencil[1].func, ==, NV_ROP_NOTEQUAL);
    g_assert_true(st.blend[0] && st.blend[1]);
    g_assert_cmpuint(st.eq_rgb, ==, NV_ROP_EQ_REVERSE_SUBTRACT);
    g_assert_cmpuint(st.eq_a, ==, NV_ROP_EQ_REVERSE_SUBTRACT);
    g_assert_cmpuint(st.src_rgb, ==, NV_ROP_BF_ONE);
    g_assert_cmpuint(st.dst_rgb, ==, NV_ROP_BF_ZERO);
    g_assert_cmpuint(st.src_a, ==, NV_ROP_BF_DST_ALPHA);
    g_assert_cmpuint(st.dst_a, ==, NV_ROP_BF_CONSTANT_ALPHA);
    g_assert_cmphex(st.clear_color, ==, 0xdeadbeef);
    /* NV35's depth bounds are method words: 0.25 = 0x3e800000 */
    m.depth_bounds_enable = 1;
    m.depth_bounds_zmin = 0x3e800000;
    m.depth_bounds_zmax = 0x3f400000;
    nv_rop_decode_mthd(&st, NV_ROP_RANKINE, &m);
    g_assert_true(st.depth_bounds);
    g_assert_cmpfloat(st.bounds_min, ==, 0.25f);
    g_assert_cmpfloat(st.bounds_max, ==, 0.75f);

    /*
     * Curie's BLEND: MIN 3 for colour, MAX 4 << 17 for alpha, enable at
     * bit 28 (bit 3 no longer): 0x10080003.  ALPHA_FUNC_REF from bundle
     * 0x0e4: 0x1c0 keeps 0xc0; CONFIG_A's low byte no longer counts.
     */
    memset(b, 0, sizeof(b));
    b[0x82] = 0x10080003;
    b[0xe4] = 0x1c0;
    b[0x53] = 0x12;
    b[0xc8] = 0x3e800000;
    b[0xc9] = 0x3f400000;
    nv_rop_decode(&st, NV_ROP_CURIE, b);
    g_assert_true(st.blend[0]);
    g_assert_cmpuint(st.eq_rgb, ==, NV_ROP_EQ_MIN);
    g_assert_cmpuint(st.eq_a, ==, NV_ROP_EQ_MAX);
    g_assert_cmphex(st.alpha_ref, ==, 0xc0);
    g_assert_cmpfloat(st.bounds_min, ==, 0.25f);
    g_assert_cmpfloat(st.bounds_max, ==, 0.75f);
    b[0x82] = 0x0008;           /* bit 3 alone: no blending on Curie */
    nv_rop_decode(&st, NV_ROP_CURIE, b);
    g_assert_false(st.blend[0]);
    /*
     * COLOR_MASK 0x01000001: A and B for target 0.  MRT_COLOR_MASK:
     * target 1 A (bit 4) 0x10, target 2 R (bit 9) 0x200, target 3 G and B
     * (bits 14, 15) 0xc000.  MRT_BLEND_ENABLE 4: target 2 only.
     */
    m = (NVRopMthdRegs) {
        .color_mask = 0x01000001, .mrt_color_mask = 0xc210,
        .mrt_blend_enable = 4,
    };
    b[0x82] = 0x10000000;
    nv_rop_decode(&st, NV_ROP_CURIE, b);
    nv_rop_decode_mthd(&st, NV_ROP_CURIE, &m);
    g_assert_cmpuint(st.color_mask[0], ==, NV_ROP_MASK_A | NV_ROP_MASK_B);
    g_assert_cmpuint(st.color_mask[1], ==, NV_ROP_MASK_A);
    g_assert_cmpuint(st.color_mask[2], ==, NV_ROP_MASK_R);
    g_assert_cmpuint(st.color_mask[3], ==, NV_ROP_MASK_G | NV_ROP_MASK_B);
    g_assert_true(st.blend[0]);
    g_assert_false(st.blend[1]);
    g_assert_true(st.blend[2]);
    g_assert_false(st.blend[3]);
    g_assert_false(st.depth_bounds);
}

static void test_surface_decode(void)
{
    NVRopSurface s;
    NVRopSurfaceRegs r = {
        /* window x 2, w 10; y 3, h 5 */
        .rt_horiz = 10 << 16 | 2, .rt_vert = 5 << 16 | 3,
        .rt_format = RT_FMT(A8R8G8B8, Z24S8),
        .color_pitch = { 0x0200 << 16 | 0x0100, 0x300, 0x400, 0x500 },
        /* offsets rounded down to 64 bytes: 0x1047 -> 0x1040 */
        .color_offset = { 0x1047, 0x2000, 0x3000, 0x4000 },
        .zeta_offset = 0x50ff, .zeta_pitch = 0x600, .rt_enable = 0xf,
    };

    /* Rankine: two targets; COLOR0_PITCH's halves colour 0 and zeta */
    nv_rop_surface_decode(&s, NV_ROP_RANKINE, &r);
    g_assert_cmpint(s.x0, ==, 2);
    g_assert_cmpint(s.x1, ==, 12);
    g_assert_cmpint(s.y0, ==, 3);
    g_assert_cmpint(s.y1, ==, 8);
    g_assert_cmpuint(s.zeta_format, ==, NV_ROP_ZETA_Z24S8);
    g_assert_true(s.color[0].enabled && s.color[1].enabled);
    g_assert_false(s.color[2].enabled || s.color[3].enabled);
    g_assert_cmphex(s.color[0].offset, ==, 0x1040);
    g_assert_cmphex(s.color[0].pitch, ==, 0x100);
    g_assert_cmphex(s.color[1].pitch, ==, 0x300);
    g_assert_cmphex(s.zeta.pitch, ==, 0x200);
    g_assert_cmphex(s.zeta.offset, ==, 0x50c0);
    g_assert_cmpuint(s.color[0].bpp, ==, 4);
    /* Curie: four targets, whole-word pitches, ZETA_PITCH */
    nv_rop_surface_decode(&s, NV_ROP_CURIE, &r);
    g_assert_true(s.color[3].enabled);
    g_assert_cmphex(s.color[0].pitch, ==, 0x02000100);
    g_assert_cmphex(s.zeta.pitch, ==, 0x600);
    /* Kelvin: colour 0 only; DEPTH at bits 4-5: Z16 is 1 << 4 */
    r.rt_format = RT_FMT_K(R5G6B5, Z16);
    nv_rop_surface_decode(&s, NV_ROP_KELVIN, &r);
    g_assert_true(s.color[0].enabled);
    g_assert_false(s.color[1].enabled);
    g_assert_cmpuint(s.zeta_format, ==, NV_ROP_ZETA_Z16);
    g_assert_cmpuint(s.zeta.bpp, ==, 2);
    g_assert_cmpuint(s.color[0].bpp, ==, 2);
    /* a guest's huge window: clamped to 4096 */
    r.rt_horiz = 0xffffffff;
    nv_rop_surface_decode(&s, NV_ROP_KELVIN, &r);
    g_assert_cmpint(s.x1, ==, 4096);
    /* swizzled: LOG2_WIDTH 3, LOG2_HEIGHT 200 clamped to 12 */
    r.rt_format = A8R8G8B8 | Z24S8 << 5 | 2 << 8 | 3 << 16 | 200u << 24;
    r.rt_horiz = 16 << 16;
    nv_rop_surface_decode(&s, NV_ROP_RANKINE, &r);
    g_assert_true(s.swizzled);
    g_assert_cmpuint(s.log2_w, ==, 3);
    g_assert_cmpuint(s.log2_h, ==, 12);
    g_assert_cmpint(s.x1, ==, 8);       /* 16 wide, but 2^3 */
}

/*
 * Each colour format with (0.2, 0.4, 0.6, 0.8), blending off.  8 bits:
 * R 0x33, G 0x66, B 0x99, A 0xcc.  5 bits: round(51 * 31 / 255 = 6.2)
 * = 6, round(102 * 31 / 255 = 12.4) = 12, round(153 * 31 / 255 = 18.6)
 * = 19; 6 bits: round(102 * 63 / 255 = 25.2) = 25; 7 bits: round(204 *
 * 127 / 255 = 101.6) = 102 = 0x66.
 */
static void test_formats(void)
{
    static const struct {
        unsigned code;
        unsigned bpp;
        uint32_t v;
    } cases[] = {
        /* X1R5G5B5: 6 << 10 | 12 << 5 | 19 = 0x1800 | 0x180 | 0x13 */
        { 0x01, 2, 0x1993 },
        { 0x02, 2, 0x9993 },            /* ... with the X bit one */
        /* R5G6B5: 6 << 11 | 25 << 5 | 19 = 0x3000 | 0x320 | 0x13 */
        { 0x03, 2, 0x3333 },
        { 0x04, 4, 0x00336699 },
        { 0x05, 4, 0xff336699 },
        /* X1A7R8G8B8: A7 0x66 at bit 24; X bit 31 zero, then one */
        { 0x06, 4, 0x66336699 },
        { 0x07, 4, 0xe6336699 },
        { 0x08, 4, 0xcc336699 },
        { 0x09, 1, 0x99 },              /* B8: blue only */
        { 0x0f, 4, 0xff996633 },        /* X8B8G8R8: R in the low byte */
        { 0x10, 4, 0xcc996633 },
        /* R32_FLOAT: 0.2f is 0x3e4ccccd */
        { 0x0d, 4, 0x3e4ccccd },
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        T *t = t_new(NV_ROP_RANKINE, RT_FMT(cases[i].code, Z24S8), 1);

        /* pixel (1, 1): offset 16 + bpp */
        frag(t, 1, 1, SRC, 0.5f, false);
        g_assert_cmphex(rd(t, 0, PITCH + cases[i].bpp, cases[i].bpp), ==,
                        cases[i].v);
        g_assert_cmpuint(t->rop.fault, ==, 0);
        g_free(t);
    }
}

static void test_float_formats(void)
{
    T *t = t_new(NV_ROP_CURIE, RT_FMT(0x0b, Z24S8), 1);

    /*
     * A16B16G16R16_FLOAT, R first: 0.2 = 1.6 * 2^-3: exponent 12 <<
     * 10 = 0x3000, mantissa 0.6 * 1024 = 614.4 -> 614 = 0x266: 0x3266;
     * 0.4 = 1.6 * 2^-2: 0x3666; 0.6 = 1.2 * 2^-1: 0x3800 | 204.8 -> 205
     * = 0xcd: 0x38cd; 0.8 = 1.6 * 2^-1: 0x3a66.
     */
    frag(t, 1, 0, SRC, 0.5f, false);
    g_assert_cmphex(rd(t, 0, 8, 4), ==, 0x36663266);
    g_assert_cmphex(rd(t, 0, 12, 4), ==, 0x3a6638cd);
    /*
     * Blending in float, ADD with ONE, ONE: the source plus the stored
     * half: 0.2 + 0.19995 = 0.39995 = 1.5998 * 2^-2: 0x3666; 0.79990:
     * 0x3a66; 0.6 + 0.60010 = 1.2001 * 2^0: 0x3c00 | 204.9 -> 205:
     * 0x3ccd; 0.8 + 0.79980 = 1.5998 * 2^0: 0x3e66.
     */
    t->rop.st.blend[0] = true;
    t->rop.st.eq_rgb = t->rop.st.eq_a = NV_ROP_EQ_ADD;
    t->rop.st.src_rgb = t->rop.st.src_a = NV_ROP_BF_ONE;
    t->rop.st.dst_rgb = t->rop.st.dst_a = NV_ROP_BF_ONE;
    frag(t, 1, 0, SRC, 0.5f, false);
    g_assert_cmphex(rd(t, 0, 8, 4), ==, 0x3a663666);
    g_assert_cmphex(rd(t, 0, 12, 4), ==, 0x3e663ccd);

    /*
     * binary16 edges, blending off: 70000 > 65504 is infinity 0x7c00;
     * 2^-24 the smallest subnormal 0x0001; -0 is 0x8000; 65520 =
     * 1.9995 * 2^15 lies halfway between 0x7bff and 0x7c00 and rounds to
     * the even one, infinity.
     */
    t->rop.st.blend[0] = false;
    frag(t, 0, 1, (const float[4]) { 70000, 0x1p-24f, -0.0f, 65520 }, 0.5f,
         false);
    g_assert_cmphex(rd(t, 0, PITCH, 4), ==, 0x00017c00);
    g_assert_cmphex(rd(t, 0, PITCH + 4, 4), ==, 0x7c008000);
    g_free(t);

    /* A32B32G32R32_FLOAT: the four floats; 0.8f is 0x3f4ccccd */
    t = t_new(NV_ROP_RANKINE, RT_FMT(0x0c, Z24S8), 1);
    frag(t, 0, 1, SRC, 0.5f, false);
    g_assert_cmphex(rd(t, 0, PITCH, 4), ==, 0x3e4ccccd);
    g_assert_cmphex(rd(t, 0, PITCH + 12, 4), ==, 0x3f4ccccd);
    g_free(t);

    /* Kelvin has no float or ABGR formats: a format fault, no write */
    t = t_new(NV_ROP_KELVIN, RT_FMT_K(0x0d, Z24S8), 1);
    frag(t, 0, 0, SRC, 0.5f, false);
    g_assert_cmpuint(t->rop.fault, ==, NV_ROP_FAULT_FORMAT);
    g_assert_cmphex(rd(t, 0, 0, 4), ==, 0);
    g_assert_cmpuint(t->nd, ==, 0);
    g_free(t);
}

/*
 * Z16 = round(z * 65535), Z24 = round(z * 16777215): 0.5 -> 32767.5
 * -> 32768 = 0x8000 and 8388607.5 -> 0x800000; 0.25 -> 16383.75 ->
 * 0x4000 and 4194303.75 -> 0x400000; out of [0, 1] and NaN clamp.
 */
static void test_depth_convert(void)
{
    static const struct {
        float z;
        uint32_t z16, z24;
    } cases[] = {
        { 0.5f, 0x8000, 0x800000 }, { 0.25f, 0x4000, 0x400000 },
        { 1.0f, 0xffff, 0xffffff }, { 2.0f, 0xffff, 0xffffff },
        { -1.0f, 0, 0 }, { NAN, 0, 0 },
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        T *t = t_new(NV_ROP_RANKINE, RT_FMT(A8R8G8B8, Z16), 1);
        T *u = t_new(NV_ROP_RANKINE, RT_FMT(A8R8G8B8, Z24S8), 1);

        t->rop.st.depth_test = u->rop.st.depth_test = true;
        t->rop.st.depth_write = u->rop.st.depth_write = true;
        t->rop.st.depth_func = u->rop.st.depth_func = NV_ROP_ALWAYS;
        wr(t, NV_ROP_MEM_ZETA, 2, 2, 0x1234);
        frag(t, 1, 0, SRC, cases[i].z, false);
        g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, 2, 2), ==, cases[i].z16);
        /* Z24S8: depth in bits 8-31, the stencil byte 0xa5 kept */
        wr(u, NV_ROP_MEM_ZETA, 4, 4, 0x000000a5);
        frag(u, 1, 0, SRC, cases[i].z, false);
        g_assert_cmphex(rd(u, NV_ROP_MEM_ZETA, 4, 4), ==,
                        cases[i].z24 << 8 | 0xa5);
        g_free(t);
        g_free(u);
    }
}

/*
 * Every depth function, fragment vs stored, as GL: stored 0x8000 (0.5);
 * fragment 0.25 (0x4000, less) and 0.5 (0x8000, equal).
 */
static void test_depth_funcs(void)
{
    /* NEVER LESS EQUAL LEQUAL GREATER NOTEQUAL GEQUAL ALWAYS */
    static const bool less[8] = { 0, 1, 0, 1, 0, 1, 0, 1 };
    static const bool equal[8] = { 0, 0, 1, 1, 0, 0, 1, 1 };
    static const bool greater[8] = { 0, 0, 0, 0, 1, 1, 1, 1 };

    for (unsigned f = 0; f < 8; f++) {
        for (unsigned k = 0; k < 3; k++) {
            static const float z[3] = { 0.25f, 0.5f, 0.75f };
            static const uint32_t zq[3] = { 0x4000, 0x8000, 0xbfff };
            bool pass = (k == 0 ? less : k == 1 ? equal : greater)[f];
            T *t = t_new(NV_ROP_KELVIN, RT_FMT_K(A8R8G8B8, Z16), 1);

            t->rop.st.depth_test = t->rop.st.depth_write = true;
            t->rop.st.depth_func = f;
            wr(t, NV_ROP_MEM_ZETA, 0, 2, 0x8000);
            frag(t, 0, 0, SRC, z[k], false);
            /* 0.75 * 65535 = 49151.25 -> 0xbfff */
            g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, 0, 2), ==,
                            pass ? zq[k] : 0x8000);
            g_assert_cmphex(rd(t, 0, 0, 4), ==, pass ? 0xcc336699 : 0);
            g_free(t);
        }
    }
    /*
     * Depth test off: no depth write even with the write mask on (and
     * NEVER not applied); write mask off: LESS applies, nothing stored.
     * Fragment 0.25 over 0x8000: the colour is written both times.
     */
    for (unsigned k = 0; k < 2; k++) {
        T *t = t_new(NV_ROP_KELVIN, RT_FMT_K(A8R8G8B8, Z16), 1);

        t->rop.st.depth_test = k;
        t->rop.st.depth_write = !k;
        t->rop.st.depth_func = k ? NV_ROP_LESS : NV_ROP_NEVER;
        wr(t, NV_ROP_MEM_ZETA, 0, 2, 0x8000);
        frag(t, 0, 0, SRC, 0.25f, false);
        g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, 0, 2), ==, 0x8000);
        g_assert_cmphex(rd(t, 0, 0, 4), ==, 0xcc336699);
        g_free(t);
    }
}

/* The stencil byte after one fragment that passes both tests. */
static uint32_t stencil_after(unsigned op, uint32_t s, uint8_t wmask)
{
    T *t = t_new(NV_ROP_RANKINE, RT_FMT(A8R8G8B8, Z24S8), 1);
    uint32_t r;

    t->rop.st.stencil_test = true;
    t->rop.st.stencil[0] = (NVRopStencil) {
        .func = NV_ROP_ALWAYS, .ref = 0x5a, .func_mask = 0xff,
        .write_mask = wmask, .op_fail = NV_ROP_SOP_ZERO,
        .op_zfail = NV_ROP_SOP_ZERO, .op_zpass = op,
    };
    wr(t, NV_ROP_MEM_ZETA, 0, 4, 0x12345600 | s);
    frag(t, 0, 0, SRC, 0.5f, false);
    r = rd(t, NV_ROP_MEM_ZETA, 0, 4);
    g_assert_cmphex(r >> 8, ==, 0x123456);     /* the depth kept */
    g_free(t);
    return r & 0xff;
}

static void test_stencil_ops(void)
{
    static const struct {
        unsigned op;
        uint8_t from, wmask, to;
    } cases[] = {
        /* write mask 0xff, ref 0x5a */
        { NV_ROP_SOP_KEEP, 0xff, 0xff, 0xff },
        { NV_ROP_SOP_ZERO, 0xff, 0xff, 0x00 },
        { NV_ROP_SOP_REPLACE, 0xff, 0xff, 0x5a },
        /* INCR and DECR saturate; the _WRAP ones wrap */
        { NV_ROP_SOP_INCR, 0xff, 0xff, 0xff },
        { NV_ROP_SOP_INCR, 0x00, 0xff, 0x01 },
        { NV_ROP_SOP_DECR, 0xff, 0xff, 0xfe },
        { NV_ROP_SOP_DECR, 0x00, 0xff, 0x00 },
        { NV_ROP_SOP_INVERT, 0xff, 0xff, 0x00 },
        { NV_ROP_SOP_INVERT, 0x00, 0xff, 0xff },
        { NV_ROP_SOP_INCR_WRAP, 0xff, 0xff, 0x00 },
        { NV_ROP_SOP_DECR_WRAP, 0x00, 0xff, 0xff },
        /*
         * write mask 0x0f from 0xf0: INCR_WRAP 0xf1 -> 0xf0 | 0x01 =
         * 0xf1; DECR_WRAP 0xef -> 0xf0 | 0x0f = 0xff; INVERT 0x0f -> 0xff;
         * REPLACE 0x5a -> 0xf0 | 0x0a = 0xfa; ZERO -> 0xf0.
         */
        { NV_ROP_SOP_INCR_WRAP, 0xf0, 0x0f, 0xf1 },
        { NV_ROP_SOP_DECR_WRAP, 0xf0, 0x0f, 0xff },
        { NV_ROP_SOP_INVERT, 0xf0, 0x0f, 0xff },
        { NV_ROP_SOP_REPLACE, 0xf0, 0x0f, 0xfa },
        { NV_ROP_SOP_ZERO, 0xf0, 0x0f, 0xf0 },
        /* an unnamed code (0) keeps (inferred) */
        { 0, 0x42, 0xff, 0x42 },
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_assert_cmphex(stencil_after(cases[i].op, cases[i].from,
                                      cases[i].wmask), ==, cases[i].to);
    }
}

static void test_stencil_paths(void)
{
    T *t = t_new(NV_ROP_RANKINE, RT_FMT(A8R8G8B8, Z24S8), 1);
    NVRopState *st = &t->rop.st;

    st->stencil_test = true;
    st->stencil[0] = (NVRopStencil) {
        .func = NV_ROP_EQUAL, .ref = 0x5a, .func_mask = 0xff,
        .write_mask = 0xff, .op_fail = NV_ROP_SOP_INCR,
        .op_zfail = NV_ROP_SOP_INVERT, .op_zpass = NV_ROP_SOP_ZERO,
    };
    st->depth_test = st->depth_write = true;
    st->depth_func = NV_ROP_LESS;
    /* stencil 0x10 != 0x5a: FAIL op INCR -> 0x11, no depth, no colour */
    wr(t, NV_ROP_MEM_ZETA, 0, 4, 0xffffff10);
    frag(t, 0, 0, SRC, 0.5f, false);
    g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, 0, 4), ==, 0xffffff11);
    g_assert_cmphex(rd(t, 0, 0, 4), ==, 0);
    /* stencil passes, depth 0x800000 < 0 fails: ZFAIL INVERT 0x5a -> 0xa5 */
    wr(t, NV_ROP_MEM_ZETA, 4, 4, 0x0000005a);
    frag(t, 1, 0, SRC, 0.5f, false);
    g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, 4, 4), ==, 0x000000a5);
    g_assert_cmphex(rd(t, 0, 4, 4), ==, 0);
    /*
     * FUNC_MASK 0x0f: ref 0x5a & 0x0f = 0x0a, stored 0x3a & 0x0f = 0x0a:
     * passes; depth 0x800000 < 0xffffff passes: ZPASS ZERO, depth written.
     */
    st->stencil[0].func_mask = 0x0f;
    wr(t, NV_ROP_MEM_ZETA, PITCH, 4, 0xffffff3a);
    frag(t, 0, 1, SRC, 0.5f, false);
    g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, PITCH, 4), ==, 0x80000000);
    g_assert_cmphex(rd(t, 0, PITCH, 4), ==, 0xcc336699);
    /* Z16 has no stencil: the test passes, as GL without a stencil buffer */
    g_free(t);
    t = t_new(NV_ROP_RANKINE, RT_FMT(A8R8G8B8, Z16), 1);
    t->rop.st.stencil_test = true;
    t->rop.st.stencil[0].func = NV_ROP_NEVER;
    frag(t, 0, 0, SRC, 0.5f, false);
    g_assert_cmphex(rd(t, 0, 0, 4), ==, 0xcc336699);
    g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, 0, 2), ==, 0);
    g_free(t);
}

static void test_stencil_two_sided(void)
{
    static const NVRopStencil front = {
        .func = NV_ROP_EQUAL, .ref = 1, .func_mask = 0xff,
        .write_mask = 0xff, .op_fail = NV_ROP_SOP_ZERO,
        .op_zfail = NV_ROP_SOP_ZERO, .op_zpass = NV_ROP_SOP_INCR,
    };
    static const NVRopStencil back = {
        .func = NV_ROP_NOTEQUAL, .ref = 0x77, .func_mask = 0x01,
        .write_mask = 0xff, .op_fail = NV_ROP_SOP_REPLACE,
        .op_zfail = NV_ROP_SOP_ZERO, .op_zpass = NV_ROP_SOP_ZERO,
    };
    T *t = t_new(NV_ROP_RANKINE, RT_FMT(A8R8G8B8, Z24S8), 1);

    t->rop.st.stencil_test = t->rop.st.two_sided = true;
    t->rop.st.stencil[0] = front;
    t->rop.st.stencil[1] = back;
    for (unsigned i = 0; i < 4; i++) {
        wr(t, NV_ROP_MEM_ZETA, 4 * i, 4, 1);
    }
    /* front: 1 == 1 passes, ZPASS INCR -> 2 */
    frag(t, 0, 0, SRC, 0.5f, false);
    g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, 0, 4), ==, 2);
    g_assert_cmphex(rd(t, 0, 0, 4), ==, 0xcc336699);
    /*
     * back: (0x77 & 1) = 1 != (1 & 1) = 1 fails: the back FAIL op
     * REPLACE with the back ref 0x77
     */
    frag(t, 1, 0, SRC, 0.5f, true);
    g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, 4, 4), ==, 0x77);
    g_assert_cmphex(rd(t, 0, 4, 4), ==, 0);
    /* two-sided off: back faces take the front state: passes, INCR */
    t->rop.st.two_sided = false;
    frag(t, 2, 0, SRC, 0.5f, true);
    g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, 8, 4), ==, 2);
    g_free(t);
}

static void test_alpha_test(void)
{
    uint32_t b[NV_ROP_BUNDLES] = { 0 };
    float c[4] = { 0.2f, 0.4f, 0.6f, 0.5f };
    T *t = t_new(NV_ROP_RANKINE, RT_FMT(A8R8G8B8, Z24S8), 1);

    /* ALPHA_REF 0x80, GREATER (4): alpha 0.5 -> 127.5 -> 128 = 0x80 */
    b[0x53] = 0x80 | 4 << 8 | 1 << 12 | 0xfu << 26;
    nv_rop_decode(&t->rop.st, NV_ROP_RANKINE, b);
    frag(t, 0, 0, c, 0.5f, false);
    g_assert_cmphex(rd(t, 0, 0, 4), ==, 0);            /* 128 > 128: no */
    t->rop.st.alpha_func = NV_ROP_GEQUAL;
    frag(t, 1, 0, c, 0.5f, false);
    g_assert_cmphex(rd(t, 0, 4, 4), ==, 0x80336699);
    /* 0.498 * 255 = 126.99 -> 127: LESS passes, EQUAL fails */
    c[3] = 0.498f;
    t->rop.st.alpha_func = NV_ROP_EQUAL;
    frag(t, 0, 1, c, 0.5f, false);
    g_assert_cmphex(rd(t, 0, PITCH, 4), ==, 0);
    t->rop.st.alpha_func = NV_ROP_LESS;
    frag(t, 1, 1, c, 0.5f, false);
    g_assert_cmphex(rd(t, 0, PITCH + 4, 4), ==, 0x7f336699);
    g_free(t);

    /* Curie: the reference from bundle 0x0e4, 0x7f: 0.498 EQUAL passes */
    t = t_new(NV_ROP_CURIE, RT_FMT(A8R8G8B8, Z24S8), 1);
    b[0x53] = 0x80 | 2 << 8 | 1 << 12;
    b[0xe4] = 0x7f;
    nv_rop_decode(&t->rop.st, NV_ROP_CURIE, b);
    frag(t, 0, 0, c, 0.5f, false);
    g_assert_cmphex(rd(t, 0, 0, 4), ==, 0x7f336699);
    g_free(t);
}

static void test_depth_bounds(void)
{
    T *t = t_new(NV_ROP_CURIE, RT_FMT(A8R8G8B8, Z16), 1);

    t->rop.st.depth_bounds = true;
    t->rop.st.bounds_min = 0.25f;
    t->rop.st.bounds_max = 0.75f;
    /*
     * The stored depth, not the fragment's: 0x4000 / 65535 = 0.2500038
     * is inside [0.25, 0.75]; 0x3fff / 65535 = 0.2499962 is not.
     */
    wr(t, NV_ROP_MEM_ZETA, 0, 2, 0x4000);
    wr(t, NV_ROP_MEM_ZETA, 2, 2, 0x3fff);
    frag(t, 0, 0, SRC, 0.0f, false);
    frag(t, 1, 0, SRC, 0.5f, false);
    g_assert_cmphex(rd(t, 0, 0, 4), ==, 0xcc336699);
    g_assert_cmphex(rd(t, 0, 4, 4), ==, 0);
    g_free(t);
}

/* Blend (0.2, 0.4, 0.6, 0.8) onto A8R8G8B8 @dst, ADD unless said. */
static uint32_t blend_onto(uint32_t dst, unsigned eq_rgb, unsigned eq_a,
                           unsigned src_rgb, unsigned dst_rgb,
                           unsigned src_a, unsigned dst_a)
{
    T *t = t_new(NV_ROP_CURIE, RT_FMT(A8R8G8B8, Z24S8), 1);
    NVRopState *st = &t->rop.st;
    uint32_t r;

    st->blend[0] = true;
    st->eq_rgb = eq_rgb;
    st->eq_a = eq_a;
    st->src_rgb = src_rgb;
    st->dst_rgb = dst_rgb;
    st->src_a = src_a;
    st->dst_a = dst_a;
    /* B 0x80, G 0x80, R 0x80, A 0x40 */
    st->blend_color = 0x40808080;
    wr(t, 0, 0, 4, dst);
    frag(t, 0, 0, SRC, 0.5f, false);
    r = rd(t, 0, 0, 4);
    g_free(t);
    return r;
}

/*
 * Source (R, G, B, A) = (0x33, 0x66, 0x99, 0xcc) = (51, 102, 153, 204),
 * destination 0x80402010: (0x40, 0x20, 0x10, 0x80) = (64, 32, 16, 128).
 */
static void test_blend(void)
{
    const unsigned ONE = NV_ROP_BF_ONE, ZERO = NV_ROP_BF_ZERO;
    const unsigned ADD = NV_ROP_EQ_ADD;

    /* ADD: 0x73, 0x86, 0xa9, 0xcc + 0x80 = 0x14c -> 0xff */
    g_assert_cmphex(blend_onto(0x80402010, ADD, ADD, ONE, ONE, ONE, ONE), ==,
                    0xff7386a9);
    /* SUBTRACT s - d: 0x33 - 0x40 < 0 -> 0, 0x46, 0x89, 0x4c */
    g_assert_cmphex(blend_onto(0x80402010, NV_ROP_EQ_SUBTRACT,
                               NV_ROP_EQ_SUBTRACT, ONE, ONE, ONE, ONE), ==,
                    0x4c004689);
    /* REVERSE_SUBTRACT d - s: 0x0d, then 0 for G, B, A */
    g_assert_cmphex(blend_onto(0x80402010, NV_ROP_EQ_REVERSE_SUBTRACT,
                               NV_ROP_EQ_REVERSE_SUBTRACT, ONE, ONE, ONE,
                               ONE), ==, 0x000d0000);
    /* MIN and MAX ignore the factors (ZERO here) */
    g_assert_cmphex(blend_onto(0x80402010, NV_ROP_EQ_MIN, NV_ROP_EQ_MIN,
                               ZERO, ZERO, ZERO, ZERO), ==, 0x80332010);
    g_assert_cmphex(blend_onto(0x80402010, NV_ROP_EQ_MAX, NV_ROP_EQ_MAX,
                               ZERO, ZERO, ZERO, ZERO), ==, 0xcc406699);
    /*
     * SRC_ALPHA, ONE_MINUS_SRC_ALPHA (204, 51): R mul8(51, 204) = 40.8
     * -> 41 + mul8(64, 51) = 12.8 -> 13 = 54 = 0x36; G 81.6 -> 82 +
     * 6.4 -> 6 = 88 = 0x58; B 122.4 -> 122 + 3.2 -> 3 = 125 = 0x7d;
     * A 163.2 -> 163 + 25.6 -> 26 = 189 = 0xbd.
     */
    g_assert_cmphex(blend_onto(0x80402010, ADD, ADD, NV_ROP_BF_SRC_ALPHA,
                               NV_ROP_BF_ONE_MINUS_SRC_ALPHA,
                               NV_ROP_BF_SRC_ALPHA,
                               NV_ROP_BF_ONE_MINUS_SRC_ALPHA), ==,
                    0xbd36587d);
    /*
     * DST_COLOR, ZERO: R mul8(51, 64) = 12.8 -> 13; G mul8(102, 32) =
     * 12.8 -> 13; B mul8(153, 16) = 9.6 -> 10; A mul8(204, 128) = 102.4
     * -> 102 = 0x66.
     */
    g_assert_cmphex(blend_onto(0x80402010, ADD, ADD, NV_ROP_BF_DST_COLOR,
                               ZERO, NV_ROP_BF_DST_COLOR, ZERO), ==,
                    0x660d0d0a);
    /*
     * SRC_ALPHA_SATURATE, ONE: rgb factor min(204, 255 - 128) = 127,
     * alpha's 1: R mul8(51, 127) = 25.4 -> 25 + 64 = 89 = 0x59; G 50.8
     * -> 51 + 32 = 83 = 0x53; B 76.2 -> 76 + 16 = 92 = 0x5c; A 204 +
     * 128 -> 0xff.
     */
    g_assert_cmphex(blend_onto(0x80402010, ADD, ADD,
                               NV_ROP_BF_SRC_ALPHA_SATURATE, ONE,
                               NV_ROP_BF_SRC_ALPHA_SATURATE, ONE), ==,
                    0xff59535c);
    /*
     * CONSTANT_COLOR (0x80, 0x80, 0x80, 0x40), ONE_MINUS_CONSTANT_ALPHA
     * (255 - 64 = 191): R mul8(51, 128) = 25.6 -> 26 + mul8(64, 191) =
     * 47.94 -> 48 = 74 = 0x4a; G 51.2 -> 51 + 23.97 -> 24 = 75 = 0x4b;
     * B 76.8 -> 77 + 11.98 -> 12 = 89 = 0x59; A (constant alpha 64)
     * mul8(204, 64) = 51.2 -> 51 + mul8(128, 191) = 95.87 -> 96 = 147 =
     * 0x93.
     */
    g_assert_cmphex(blend_onto(0x80402010, ADD, ADD,
                               NV_ROP_BF_CONSTANT_COLOR,
                               NV_ROP_BF_ONE_MINUS_CONSTANT_ALPHA,
                               NV_ROP_BF_CONSTANT_COLOR,
                               NV_ROP_BF_ONE_MINUS_CONSTANT_ALPHA), ==,
                    0x934a4b59);
    /* separate factors: colour ONE, ZERO; alpha ZERO, ONE */
    g_assert_cmphex(blend_onto(0x80402010, ADD, ADD, ONE, ZERO, ZERO, ONE),
                    ==, 0x80336699);
    /* separate equations: colour ADD, alpha REVERSE_SUBTRACT 0x80 - 0xcc */
    g_assert_cmphex(blend_onto(0x80402010, ADD, NV_ROP_EQ_REVERSE_SUBTRACT,
                               ONE, ONE, ONE, ONE), ==, 0x007386a9);
}

static void test_blend_formats(void)
{
    T *t = t_new(NV_ROP_RANKINE, RT_FMT(R5G6B5, Z16), 1);
    NVRopState *st = &t->rop.st;

    st->blend[0] = true;
    st->eq_rgb = st->eq_a = NV_ROP_EQ_ADD;
    st->src_rgb = st->src_a = st->dst_rgb = st->dst_a = NV_ROP_BF_ONE;
    /*
     * R5G6B5 0x8410: R 16, G 32, B 16, widened round(v * 255 / max): R
     * and B 16 * 255 / 31 = 131.6 -> 132, G 32 * 255 / 63 = 129.5 ->
     * 130.  Plus the source: R 51 + 132 = 183, G 102 + 130 = 232, B 153
     * + 132 -> 255.  Narrowed: R 183 * 31 / 255 = 22.2 -> 22, G 232 *
     * 63 / 255 = 57.3 -> 57, B 31: 0xb000 | 0x720 | 0x1f = 0xb73f.
     */
    wr(t, 0, 0, 2, 0x8410);
    frag(t, 0, 0, SRC, 0.5f, false);
    g_assert_cmphex(rd(t, 0, 0, 2), ==, 0xb73f);
    g_free(t);

    /*
     * X8R8G8B8 has no alpha: DST_ALPHA reads 1 (GL), so DST_ALPHA, ZERO
     * gives the source; the X byte is written ones.
     */
    t = t_new(NV_ROP_RANKINE, RT_FMT(0x05, Z16), 1);
    st = &t->rop.st;
    st->blend[0] = true;
    st->eq_rgb = st->eq_a = NV_ROP_EQ_ADD;
    st->src_rgb = st->src_a = NV_ROP_BF_DST_ALPHA;
    st->dst_rgb = st->dst_a = NV_ROP_BF_ZERO;
    frag(t, 0, 0, SRC, 0.5f, false);
    g_assert_cmphex(rd(t, 0, 0, 4), ==, 0xff336699);
    g_free(t);
}

static void test_logic_ops(void)
{
    /*
     * S = 0xcc336699 (the source), D = 0x0ff05a5a; ~S = 0x33cc9966,
     * ~D = 0xf00fa5a5.  Byte by byte:
     */
    static const uint32_t want[16] = {
        0x00000000,     /* CLEAR */
        0x0c304218,     /* AND: cc&0f, 33&f0, 66&5a, 99&5a */
        0xc0032481,     /* AND_REVERSE S & ~D: cc&f0, 33&0f, 66&a5, 99&a5 */
        0xcc336699,     /* COPY */
        0x03c01842,     /* AND_INVERTED ~S & D: 33&0f, cc&f0, 99&5a, 66&5a */
        0x0ff05a5a,     /* NOOP */
        0xc3c33cc3,     /* XOR: cc^0f, 33^f0, 66^5a, 99^5a */
        0xcff37edb,     /* OR: cc|0f, 33|f0, 66|5a, 99|5a */
        0x300c8124,     /* NOR: ~OR */
        0x3c3cc33c,     /* EQUIV: ~XOR */
        0xf00fa5a5,     /* INVERT: ~D */
        0xfc3fe7bd,     /* OR_REVERSE S | ~D: cc|f0, 33|0f, 66|a5, 99|a5 */
        0x33cc9966,     /* COPY_INVERTED: ~S */
        0x3ffcdb7e,     /* OR_INVERTED ~S | D: 33|0f, cc|f0, 99|5a, 66|5a */
        0xf3cfbde7,     /* NAND: ~AND */
        0xffffffff,     /* SET */
    };

    for (unsigned op = 0; op < 16; op++) {
        T *t = t_new(NV_ROP_KELVIN, RT_FMT_K(A8R8G8B8, Z24S8), 1);
        NVRopState *st = &t->rop.st;

        st->logic_op = true;
        st->logic_op_op = op;
        /* blending is on, but the logic op replaces it (GL) */
        st->blend[0] = true;
        st->eq_rgb = st->eq_a = NV_ROP_EQ_ADD;
        st->src_rgb = st->src_a = st->dst_rgb = st->dst_a = NV_ROP_BF_ONE;
        wr(t, 0, 0, 4, 0x0ff05a5a);
        frag(t, 0, 0, SRC, 0.5f, false);
        g_assert_cmphex(rd(t, 0, 0, 4), ==, want[op]);
        g_free(t);
    }
    /* X8R8G8B8 (ones): XOR on the channels, the X byte stays 0xff */
    T *t = t_new(NV_ROP_RANKINE, RT_FMT(0x05, Z24S8), 1);

    t->rop.st.logic_op = true;
    t->rop.st.logic_op_op = 6;
    wr(t, 0, 0, 4, 0x0ff05a5a);
    frag(t, 0, 0, SRC, 0.5f, false);
    g_assert_cmphex(rd(t, 0, 0, 4), ==, 0xffc33cc3);
    g_free(t);
}

static void test_color_mask(void)
{
    T *t = t_new(NV_ROP_CURIE, RT_FMT(A8R8G8B8, Z24S8), 3);

    /* R and A: A 0xcc, R 0x33 over 0x11223344's G 0x33, B 0x44 */
    t->rop.st.color_mask[0] = NV_ROP_MASK_R | NV_ROP_MASK_A;
    /* target 1 (Curie MRT): G only: 0x66 over 0x11223344 */
    t->rop.st.color_mask[1] = NV_ROP_MASK_G;
    wr(t, 0, 0, 4, 0x11223344);
    wr(t, 1, 0, 4, 0x11223344);
    frag(t, 0, 0, SRC, 0.5f, false);
    g_assert_cmphex(rd(t, 0, 0, 4), ==, 0xcc333344);
    g_assert_cmphex(rd(t, 1, 0, 4), ==, 0x11226644);
    /* nothing to write: untouched and no dirty range */
    t->nd = 0;
    t->rop.st.color_mask[0] = t->rop.st.color_mask[1] = 0;
    frag(t, 1, 0, SRC, 0.5f, false);
    g_assert_cmphex(rd(t, 0, 4, 4), ==, 0);
    g_assert_cmpuint(t->nd, ==, 0);
    g_free(t);

    /* X8R8G8B8 (ones) with B alone: the X byte written too (inferred) */
    t = t_new(NV_ROP_RANKINE, RT_FMT(0x05, Z24S8), 1);
    t->rop.st.color_mask[0] = NV_ROP_MASK_B;
    frag(t, 0, 0, SRC, 0.5f, false);
    g_assert_cmphex(rd(t, 0, 0, 4), ==, 0xff000099);
    g_free(t);
}

/*
 * R5G6B5 with 4/255 in each channel: 5 bits 4 * 31 / 255 = 0.486, 6 bits
 * 4 * 63 / 255 = 0.988.  Rounded: R = B = 0, G = 1: 0x0020.  Dithered:
 * floor(v + (t + 0.5) / 16) with t = bayer[y & 3][x & 3]: R and B are 1
 * where t >= 8 (0.486 + 8.5 / 16 = 1.017), G is 1 everywhere (0.988 +
 * 0.5 / 16 = 1.019, never 2).  Quad (0, 0): t = 0, 8, 12, 4.
 */
static void test_dither(void)
{
    static const uint32_t want[4] = { 0x0020, 0x0821, 0x0821, 0x0020 };
    float c[4] = { 4 / 255.0f, 4 / 255.0f, 4 / 255.0f, 1 };
    T *t = t_new(NV_ROP_RANKINE, RT_FMT(R5G6B5, Z16), 1);

    t->rop.st.dither = true;
    for (unsigned i = 0; i < 4; i++) {
        frag(t, i & 1, i >> 1, c, 0.5f, false);
        g_assert_cmphex(rd(t, 0, (i >> 1) * PITCH + (i & 1) * 2, 2), ==,
                        want[i]);
    }
    t->rop.st.dither = false;
    frag(t, 1, 0, c, 0.5f, false);
    g_assert_cmphex(rd(t, 0, 2, 2), ==, 0x0020);
    g_free(t);
    /* 8-bit channels are exact: no dithering */
    t = t_new(NV_ROP_RANKINE, RT_FMT(A8R8G8B8, Z16), 1);
    t->rop.st.dither = true;
    frag(t, 1, 0, c, 0.5f, false);
    g_assert_cmphex(rd(t, 0, 4, 4), ==, 0xff040404);
    g_free(t);
}

static void test_swizzled(void)
{
    T *t = g_new0(T, 1);
    uint64_t sum;
    NVRopSurfaceRegs r = {
        /* 8 x 4 swizzled: LOG2_WIDTH 3, LOG2_HEIGHT 2; offset 0x47 */
        .rt_horiz = 8 << 16, .rt_vert = 4 << 16,
        .rt_format = A8R8G8B8 | Z24S8 << 5 | 2 << 8 | 3 << 16 | 2 << 24,
        .color_offset = { 0x47 }, .rt_enable = 1,
    };

    nv_rop_init(&t->rop, NV_ROP_RANKINE, t_dirty, t);
    nv_rop_surface_decode(&t->rop.surf, NV_ROP_RANKINE, &r);
    t->rop.mem[0] = (NVRopMem) { t->mem[0], MEM };
    t->rop.st.color_mask[0] = NV_ROP_MASK_RGBA;
    /*
     * (5, 3): x 101b, y 11b, bits x0 y0 x1 y1 x2 = 1 1 0 1 1 -> 11011b
     * = 27: byte 0x40 + 27 * 4 = 0x40 + 108 = 172 (offset 0x47 rounded
     * down to 0x40).  (1, 2): x 001b, y 10b: 1 0 0 1 0 -> 01001b = 9:
     * 0x40 + 36 = 100.
     */
    frag(t, 5, 3, SRC, 0.5f, false);
    frag(t, 1, 2, SRC, 0.5f, false);
    g_assert_cmphex(rd(t, 0, 172, 4), ==, 0xcc336699);
    g_assert_cmphex(rd(t, 0, 100, 4), ==, 0xcc336699);
    g_assert_true(has_range(t, 0, 172, 4));
    g_assert_true(has_range(t, 0, 100, 4));
    /* x 8 is outside 2^3: dropped without a fault */
    t->nd = 0;
    frag(t, 8, 0, SRC, 0.5f, false);
    g_assert_cmpuint(t->nd, ==, 0);
    g_assert_cmpuint(t->rop.fault, ==, 0);
    /*
     * A clear of the whole 8x4 surface fills swizzled indices 0-31, bytes
     * 0x40-0xbf, in ranges that add up to 32 * 4 = 128 bytes; the bytes
     * around stay.
     */
    t->nd = 0;
    t->rop.st.clear_color = 0x5a5a5a5a;
    nv_rop_clear(&t->rop, 0xf0, &(NVRasterRect) { 0, 0, 7, 3 });
    for (unsigned i = 0; i < MEM; i++) {
        g_assert_cmphex(t->mem[0][i], ==, i >= 0x40 && i < 0xc0 ? 0x5a : 0);
    }
    g_assert_cmpuint(t->nd, <=, G_N_ELEMENTS(t->d));
    sum = 0;
    for (unsigned i = 0; i < t->nd; i++) {
        sum += t->d[i].len;
        g_assert_cmpuint(t->d[i].off, >=, 0x40);
        g_assert_cmpuint(t->d[i].off + t->d[i].len, <=, 0xc0);
    }
    g_assert_cmpuint(sum, ==, 128);
    g_free(t);
}

static void test_clear(void)
{
    T *t = t_new(NV_ROP_RANKINE, RT_FMT(A8R8G8B8, Z24S8), 1);
    NVRasterRect all = { 0, 0, 3, 3 }, mid = { 1, 1, 2, 2 };

    for (unsigned i = 0; i < 64; i += 4) {
        wr(t, 0, i, 4, 0xaabbccdd);
        wr(t, NV_ROP_MEM_ZETA, i, 4, 0x12345678);
    }
    t->rop.st.clear_zeta = 0xabcdef01;
    t->rop.st.clear_color = 0x11223344;
    t->rop.st.stencil[0].write_mask = 0x0f;
    /* depth only: Z24 0xabcdef from the value, the stencil 0x78 kept */
    nv_rop_clear(&t->rop, NV_ROP_CLEAR_DEPTH, &mid);
    g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, PITCH + 4, 4), ==, 0xabcdef78);
    g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, 0, 4), ==, 0x12345678);
    /* the rect's two rows of 8 bytes, 16 apart: two ranges */
    g_assert_cmpuint(t->nd, ==, 2);
    g_assert_true(has_range(t, NV_ROP_MEM_ZETA, PITCH + 4, 8));
    g_assert_true(has_range(t, NV_ROP_MEM_ZETA, 2 * PITCH + 4, 8));
    /* stencil only through STENCIL_MASK 0x0f: 0x78 -> 0x70 | 0x01 */
    nv_rop_clear(&t->rop, NV_ROP_CLEAR_STENCIL, &all);
    g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, 0, 4), ==, 0x12345671);
    g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, PITCH + 4, 4), ==, 0xabcdef71);
    /* both, mask 0xff: the whole value */
    t->rop.st.stencil[0].write_mask = 0xff;
    nv_rop_clear(&t->rop, NV_ROP_CLEAR_DEPTH | NV_ROP_CLEAR_STENCIL, &all);
    g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, 3 * PITCH + 12, 4), ==,
                    0xabcdef01);
    /* colour R and G only: 0xaabbccdd -> A 0xaa, R 0x22, G 0x33, B 0xdd */
    nv_rop_clear(&t->rop, NV_ROP_CLEAR_COLOR_R | NV_ROP_CLEAR_COLOR_G, &mid);
    g_assert_cmphex(rd(t, 0, PITCH + 4, 4), ==, 0xaa2233dd);
    g_assert_cmphex(rd(t, 0, PITCH, 4), ==, 0xaabbccdd);
    /* all four over the whole window: rows contiguous, one range */
    t->nd = 0;
    nv_rop_clear(&t->rop, 0xf0, &all);
    g_assert_cmphex(rd(t, 0, 0, 4), ==, 0x11223344);
    g_assert_cmphex(rd(t, 0, 60, 4), ==, 0x11223344);
    g_assert_cmpuint(t->nd, ==, 1);
    g_assert_true(has_range(t, 0, 0, 64));
    /*
     * The caller's rect is cut to the window: row 0's four pixels (bytes
     * 0-15) only, row 1 (from byte 16) keeps the previous clear.
     */
    t->rop.st.clear_color = 0x55555555;
    nv_rop_clear(&t->rop, 0xf0, &(NVRasterRect) { -5, -5, 1000, 0 });
    g_assert_cmphex(rd(t, 0, 12, 4), ==, 0x55555555);
    g_assert_cmphex(rd(t, 0, PITCH, 4), ==, 0x11223344);
    g_assert_cmpuint(t->rop.fault, ==, 0);
    g_free(t);

    /* Z16: the low 16 bits; the stencil bit changes nothing */
    t = t_new(NV_ROP_RANKINE, RT_FMT(R5G6B5, Z16), 0);
    t->rop.st.clear_zeta = 0x00008001;
    t->rop.st.clear_color = 0x0000f800;
    nv_rop_clear(&t->rop, NV_ROP_CLEAR_STENCIL, &all);
    g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, 0, 2), ==, 0);
    nv_rop_clear(&t->rop, 0xf0 | NV_ROP_CLEAR_DEPTH, &all);
    g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, 6, 2), ==, 0x8001);
    /* RT_ENABLE 0 (Mesa's depth-only clears): no colour written */
    g_assert_cmphex(rd(t, 0, 0, 2), ==, 0);
    t->rop.surf.color[0].enabled = true;
    nv_rop_clear(&t->rop, 0xf0, &all);
    g_assert_cmphex(rd(t, 0, 6, 2), ==, 0xf800);
    g_free(t);
}

static void test_bounds(void)
{
    T *t = t_new(NV_ROP_CURIE, RT_FMT(A8R8G8B8, Z24S8), 1);
    NVRasterRect all = { 0, 0, 3, 3 };

    /* a 64-byte colour memory: rows 0-3 fit, row 4 would not */
    t->rop.mem[0].size = 64;
    t->rop.surf.y1 = 5;
    t->rop.st.clear_color = 0x01020304;
    nv_rop_clear(&t->rop, 0xf0, &(NVRasterRect) { 0, 0, 3, 4 });
    g_assert_cmpuint(t->rop.fault, ==, NV_ROP_FAULT_BOUNDS);
    g_assert_cmphex(rd(t, 0, 60, 4), ==, 0x01020304);
    g_assert_cmphex(rd(t, 0, 64, 4), ==, 0);
    g_assert_true(has_range(t, 0, 0, 64));
    g_assert_cmpuint(t->nd, ==, 1);
    /* a fragment in row 4: dropped, faulted, nothing reported */
    t->nd = 0;
    t->rop.fault = 0;
    frag(t, 0, 4, SRC, 0.5f, false);
    g_assert_cmpuint(t->rop.fault, ==, NV_ROP_FAULT_BOUNDS);
    g_assert_cmpuint(t->nd, ==, 0);
    g_free(t);

    /* an offset past the end and a huge pitch: nothing written */
    t = t_new(NV_ROP_CURIE, RT_FMT(A8R8G8B8, Z24S8), 1);
    t->rop.surf.color[0].offset = 0xffffffc0;
    t->rop.surf.zeta.pitch = 0xffffffff;
    t->rop.st.depth_test = true;
    t->rop.st.depth_func = NV_ROP_ALWAYS;
    t->rop.st.clear_zeta = 0xffffffff;
    t->rop.st.stencil[0].write_mask = 0xff;
    nv_rop_clear(&t->rop, 0xf3, &all);
    frag(t, 1, 1, SRC, 0.5f, false);
    g_assert_cmpuint(t->rop.fault, ==, NV_ROP_FAULT_BOUNDS);
    for (unsigned i = 0; i < MEM; i++) {
        g_assert_cmpuint(t->mem[0][i], ==, 0);
    }
    /* only row 0 of zeta fits (y * 0xffffffff): 16 bytes written */
    g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, 12, 4), ==, 0xffffffff);
    g_assert_cmphex(rd(t, NV_ROP_MEM_ZETA, 16, 4), ==, 0);
    g_free(t);

    /* no memory at all */
    t = t_new(NV_ROP_KELVIN, RT_FMT_K(A8R8G8B8, Z24S8), 1);
    t->rop.mem[0] = (NVRopMem) { NULL, 0 };
    frag(t, 0, 0, SRC, 0.5f, false);
    nv_rop_clear(&t->rop, 0xf0, &all);
    g_assert_cmpuint(t->rop.fault, ==, NV_ROP_FAULT_BOUNDS);
    g_assert_cmpuint(t->nd, ==, 0);
    g_free(t);
}

/*
 * A whole quad at (0, 0) with depth writes on Z24S8: colour pixels at
 * 0, 4 (one range of 8) and 16, 20 (another); zeta the same.
 */
static void test_dirty(void)
{
    T *t = t_new(NV_ROP_RANKINE, RT_FMT(A8R8G8B8, Z24S8), 1);
    float color[NV_ROP_TARGETS][4][4] = { { { 0 } } };
    float depth[4] = { 0.5f, 0.5f, 0.5f, 0.5f };

    t->rop.st.depth_test = t->rop.st.depth_write = true;
    t->rop.st.depth_func = NV_ROP_ALWAYS;
    nv_rop_quad(&t->rop, 0, 0, 0xf, color, depth, false);
    g_assert_cmpuint(t->nd, ==, 4);
    g_assert_true(has_range(t, 0, 0, 8));
    g_assert_true(has_range(t, 0, PITCH, 8));
    g_assert_true(has_range(t, NV_ROP_MEM_ZETA, 0, 8));
    g_assert_true(has_range(t, NV_ROP_MEM_ZETA, PITCH, 8));
    /* the same depth again: zeta unchanged, not reported */
    t->nd = 0;
    nv_rop_quad(&t->rop, 0, 0, 0x9, color, depth, false);
    g_assert_cmpuint(t->nd, ==, 2);
    g_assert_true(has_range(t, 0, 0, 4));
    g_assert_true(has_range(t, 0, PITCH + 4, 4));
    g_free(t);
}

/*
 * The count nv_rop_quad() returns, what an occlusion query adds up: the
 * fragments that pass the tests.  Z24S8 zeta starts at 0: depth 0.5
 * LESS than 0 fails everywhere (0); ALWAYS passes the four and writes
 * 0.5; GREATER with 0.5 against 0.5 fails (0); pixels 0 and 3 (mask 0x9)
 * at 0.75 pass (2); no colour target changes the count.
 */
static void test_passed(void)
{
    T *t = t_new(NV_ROP_RANKINE, RT_FMT(A8R8G8B8, Z24S8), 1);
    float color[NV_ROP_TARGETS][4][4] = { { { 0 } } };
    float half[4] = { 0.5f, 0.5f, 0.5f, 0.5f };
    float more[4] = { 0.75f, 0.75f, 0.75f, 0.75f };

    t->rop.st.depth_test = t->rop.st.depth_write = true;
    t->rop.st.depth_func = NV_ROP_LESS;
    g_assert_cmpuint(nv_rop_quad(&t->rop, 0, 0, 0xf, color, half, false),
                     ==, 0);
    t->rop.st.depth_func = NV_ROP_ALWAYS;
    g_assert_cmpuint(nv_rop_quad(&t->rop, 0, 0, 0xf, color, half, false),
                     ==, 4);
    t->rop.st.depth_func = NV_ROP_GREATER;
    g_assert_cmpuint(nv_rop_quad(&t->rop, 0, 0, 0xf, color, half, false),
                     ==, 0);
    t->rop.surf.color[0].enabled = false;
    g_assert_cmpuint(nv_rop_quad(&t->rop, 0, 0, 0x9, color, more, false),
                     ==, 2);
    g_free(t);
}

/*
 * Random state, surface words, quads and clears: whatever the guest sets,
 * nothing is touched outside the memories (ASan) and every reported
 * range lies inside its memory (t_dirty).
 */
static void test_garbage(void)
{
    GRand *rnd = g_rand_new_with_seed(1234);
    uint32_t b[NV_ROP_BUNDLES];

    for (unsigned n = 0; n < 2000; n++) {
        T *t = g_new0(T, 1);
        NVRopMthdRegs m;
        NVRopSurfaceRegs r;
        float color[NV_ROP_TARGETS][4][4], depth[4];
        NVRopGen gen = g_rand_int_range(rnd, 0, 3);
        uint32_t *w = (uint32_t *)&r;

        for (unsigned i = 0; i < NV_ROP_BUNDLES; i++) {
            b[i] = g_rand_int(rnd);
        }
        for (unsigned i = 0; i < sizeof(r) / 4; i++) {
            /* small values often, so that some pixels land in memory */
            w[i] = g_rand_boolean(rnd) ? g_rand_int(rnd) :
                   (uint32_t)g_rand_int_range(rnd, 0, 64);
        }
        if (g_rand_boolean(rnd)) {
            /* a valid colour and zeta format, linear or swizzled */
            r.rt_format = (r.rt_format & 0xffff0000) |
                          g_rand_int_range(rnd, 1, 0x11) |
                          (uint32_t)g_rand_int_range(rnd, 1, 3) << 5 |
                          (uint32_t)g_rand_int_range(rnd, 1, 3) << 8;
        }
        r.rt_horiz = g_rand_int(rnd) & 0x000f0003;
        r.rt_vert = g_rand_int(rnd) & 0x000f0003;
        m = (NVRopMthdRegs) { g_rand_int(rnd), g_rand_int(rnd),
                              g_rand_int(rnd), g_rand_int(rnd),
                              g_rand_int(rnd), g_rand_int(rnd) };
        nv_rop_init(&t->rop, gen, t_dirty, t);
        nv_rop_decode(&t->rop.st, gen, b);
        nv_rop_decode_mthd(&t->rop.st, gen, &m);
        nv_rop_surface_decode(&t->rop.surf, gen, &r);
        for (unsigned i = 0; i < NV_ROP_MEMS; i++) {
            t->rop.mem[i] = (NVRopMem) {
                t->mem[i], g_rand_boolean(rnd) ? MEM :
                           g_rand_int_range(rnd, 0, MEM + 1)
            };
        }
        for (unsigned i = 0; i < NV_ROP_TARGETS * 16; i++) {
            uint32_t u = g_rand_int(rnd);

            memcpy(&color[i / 16][i / 4 % 4][i % 4], &u, 4);
        }
        for (unsigned i = 0; i < 4; i++) {
            depth[i] = g_rand_double_range(rnd, -0.5, 1.5);
        }
        /* t_dirty checks each range against its memory */
        for (unsigned q = 0; q < 32; q++) {
            nv_rop_quad(&t->rop, g_rand_int_range(rnd, -4, 20) & ~1,
                        g_rand_int_range(rnd, -4, 20) & ~1,
                        g_rand_int(rnd), color, depth, g_rand_boolean(rnd));
        }
        nv_rop_clear(&t->rop, g_rand_int(rnd),
                     &(NVRasterRect) { g_rand_int_range(rnd, -9, 9),
                                       g_rand_int_range(rnd, -9, 9),
                                       g_rand_int(rnd), g_rand_int(rnd) });
        g_free(t);
    }
    g_rand_free(rnd);
}

int main(int argc, char **argv)
{
    static const struct {
        const char *path;
        GTestFunc fn;
    } tests[] = {
        { "/rop/decode/kelvin", test_decode_kelvin },
        { "/rop/decode/rankine-curie", test_decode_rankine_curie },
        { "/rop/decode/surface", test_surface_decode },
        { "/rop/formats", test_formats },
        { "/rop/formats/float", test_float_formats },
        { "/rop/depth/convert", test_depth_convert },
        { "/rop/depth/funcs", test_depth_funcs },
        { "/rop/stencil/ops", test_stencil_ops },
        { "/rop/stencil/paths", test_stencil_paths },
        { "/rop/stencil/two-sided", test_stencil_two_sided },
        { "/rop/alpha", test_alpha_test },
        { "/rop/depth-bounds", test_depth_bounds },
        { "/rop/blend", test_blend },
        { "/rop/blend/formats", test_blend_formats },
        { "/rop/logic-ops", test_logic_ops },
        { "/rop/color-mask", test_color_mask },
        { "/rop/dither", test_dither },
        { "/rop/swizzled", test_swizzled },
        { "/rop/clear", test_clear },
        { "/rop/bounds", test_bounds },
        { "/rop/dirty", test_dirty },
        { "/rop/passed", test_passed },
        { "/rop/garbage", test_garbage },
    };

    g_test_init(&argc, &argv, NULL);
    for (unsigned i = 0; i < G_N_ELEMENTS(tests); i++) {
        g_test_add_func(tests[i].path, tests[i].fn);
    }
    return g_test_run();
}
