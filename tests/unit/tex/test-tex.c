/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: the texture unit (docs/texture.rst): decode of
 * method words as Mesa's nv30_texture.c/nv30_fragtex.c build them (and
 * Kelvin's by rnndb graph/nv20_3d.xml), every texel format on chosen
 * bits, swizzled/linear/DXT addressing, mipmap and cube face offsets,
 * wrap modes, bilinear weights, LOD selection, depth compare, the output
 * swizzle and out-of-bounds reads.
 *
 * Texels decode into slots W, Z, Y, X (A, R, G, B of A8R8G8B8).  Every
 * expected value is worked out in the comments; channel values are
 * c / (2^n - 1) and weights have 8 bits (floor(f * 256) / 256).
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hw/nv/swizzle.h"
#include "hw/nv/tex/tex.h"

#define EPS     1e-4

static uint8_t vram[16384];
static uint8_t gart[1024];
static NVTexMem mem[2];
static const float zero4[4];

static void reset_mem(void)
{
    memset(vram, 0, sizeof(vram));
    memset(gart, 0, sizeof(gart));
    mem[0] = (NVTexMem){ .base = vram, .size = sizeof(vram) };
    mem[1] = (NVTexMem){ .base = gart, .size = sizeof(gart) };
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = v;
    p[1] = v >> 8;
    p[2] = v >> 16;
    p[3] = v >> 24;
}

static void put16(uint8_t *p, uint32_t v)
{
    p[0] = v;
    p[1] = v >> 8;
}

/*
 * Curie words for a swizzled 2D texture of format @code, @w x @h, @levels:
 * NO_BORDER 0x8, DIMS_2D 0x20, Mesa's bit 15, MIPMAP_COUNT; CLAMP_TO_EDGE
 * (3) on all axes; ENABLE (bit 31), MAX_LOD 15.0 (0xf00 << 7); swizzle
 * 0xaae4 (identity: A R G B from W Z Y X, see test_mesa_curie); NEAREST
 * magnify and minify.
 */
static NVTexRegs curie_regs(unsigned code, uint32_t w, uint32_t h,
                            unsigned levels)
{
    return (NVTexRegs){
        .format = 0x8 | 0x20 | 0x8000 | levels << 16 | code << 8,
        .wrap = 0x00030303,
        .enable = 0x80000000u | 0xf00 << 7,
        .swizzle = 0xaae4,
        .filter = 0x01010000 | 0x2000,
        .npot_size = w << 16 | h,
        .size1 = 1 << 20,
    };
}

/* Kelvin words for a swizzled 2D 1x1 texture of format @code. */
static NVTexRegs kelvin_regs(unsigned code)
{
    return (NVTexRegs){
        .format = 0x8 | 0x20 | code << 8,
        .wrap = 0x00030303,
        .enable = 0x40000000 | 0xf00 << 6,
        .filter = 0x01010000,
    };
}

static void unit(NVTexUnit *t, NVTexGen gen, const NVTexRegs *r)
{
    nv_tex_decode(t, gen, r);
}

/* The texel at (0, 0) of level 0, with no fault. */
static void fetch0(const NVTexUnit *t, float s[4])
{
    bool fault = false;

    nv_tex_fetch(t, mem, 0, 0, 0, 0, 0, s, &fault);
    g_assert_false(fault);
}

static void assert_vec(const float *v, float a, float b, float c, float d)
{
    g_assert_cmpfloat_with_epsilon(v[0], a, EPS);
    g_assert_cmpfloat_with_epsilon(v[1], b, EPS);
    g_assert_cmpfloat_with_epsilon(v[2], c, EPS);
    g_assert_cmpfloat_with_epsilon(v[3], d, EPS);
}

/* Sample at (@s, @t, @r) with an explicit level of detail. */
static void sample(const NVTexUnit *t, float s, float tt, float r, float lod,
                   float out[4])
{
    const float c[4] = { s, tt, r, 1 };
    bool fault = false;

    nv_tex_sample(t, mem, c, zero4, zero4, NV_TEX_LOD_EXPLICIT, lod, out,
                  &fault);
    g_assert_false(fault);
}

/* Sampling (@s, @tt, @r) at @lod gives R, G, B, A = @e. */
static void expect(const NVTexUnit *t, float s, float tt, float r, float lod,
                   float e0, float e1, float e2, float e3)
{
    float o[4];

    sample(t, s, tt, r, lod, o);
    assert_vec(o, e0, e1, e2, e3);
}

/* Sampling (@s, @tt, @r) at @lod gives R = @e. */
static void expect_red(const NVTexUnit *t, float s, float tt, float r,
                       float lod, float e)
{
    float o[4];

    sample(t, s, tt, r, lod, o);
    g_assert_cmpfloat_with_epsilon(o[0], e, EPS);
}

/*
 * A BGRA8888 2D 64x32 texture with 7 levels, sampler state as
 * nv30_texture.c and nv30_fragtex.c write it on NV40:
 *  format: DMA0 (VRAM) 1 | NO_BORDER 8 | DIMS_2D 0x20 | A8R8G8B8 5 << 8
 *          | 0x8000 | MIPMAP_COUNT 7 << 16 = 0x00078529
 *  wrap:   S REPEAT 1, T CLAMP_TO_EDGE 3 << 8, R CLAMP_TO_BORDER 4 << 16
 *  enable: ENABLE 1 << 31 | ANISO_4X 2 << 4 | min_lod (0.5 * 256 = 128)
 *          << 19 = 0x04000000 | max_lod (4 * 256 = 1024) << 7 = 0x20000
 *  swizzle: A: swz[3] = {C 2, SRC_3 0} = 0x200; R: {2, SRC_2 1} = 0x201
 *          << 2 = 0x804; G: {2, SRC_1 2} << 4 = 0x2020; B: {2, SRC_0 3}
 *          << 6 = 0x80c0; sum 0xaae4
 *  filter: MAG_LINEAR 2 << 24 | MIN_LINEAR_MIPMAP_LINEAR 6 << 16 | 0x2000
 *          | lod_bias 1.5 * 256 = 0x180 -> 0x02062180
 *  npot_size0: 64 << 16 | 32; size1: depth 1 << 20 | uniform_pitch 0
 *  border: A 0.5 -> float_to_ubyte 128, R 1.0 -> 255: 0x80ff0000
 */
static void test_mesa_curie(void)
{
    const NVTexRegs r = {
        .offset = 0x1000, .format = 0x00078529, .wrap = 0x00040301,
        .enable = 0x84020020, .swizzle = 0xaae4, .filter = 0x02062180,
        .npot_size = 0x00400020, .border_color = 0x80ff0000,
        .size1 = 0x00100000,
    };
    NVTexUnit t;

    unit(&t, NV_TEX_CURIE, &r);
    g_assert_true(t.enabled);
    g_assert_cmpuint(t.dims, ==, 2);
    g_assert_false(t.cube);
    g_assert_false(t.rect);
    g_assert_false(t.linear);
    g_assert_cmpuint(t.dma, ==, 0);
    g_assert_cmpuint(t.format, ==, NV_TEXF_A8R8G8B8);
    g_assert_cmpuint(t.width, ==, 64);
    g_assert_cmpuint(t.height, ==, 32);
    g_assert_cmpuint(t.depth, ==, 1);
    g_assert_cmpuint(t.levels, ==, 7);
    g_assert_cmpuint(t.offset, ==, 0x1000);
    g_assert_cmpuint(t.wrap[0], ==, NV_TEX_WRAP_REPEAT);
    g_assert_cmpuint(t.wrap[1], ==, NV_TEX_WRAP_CLAMP_TO_EDGE);
    g_assert_cmpuint(t.wrap[2], ==, NV_TEX_WRAP_CLAMP_TO_BORDER);
    g_assert_cmpuint(t.min_filter, ==, NV_TEX_LINEAR_MIPMAP_LINEAR);
    g_assert_cmpuint(t.mag_filter, ==, NV_TEX_LINEAR);
    g_assert_cmpuint(t.aniso, ==, 4);
    g_assert_cmpfloat_with_epsilon(t.lod_bias, 1.5, EPS);
    g_assert_cmpfloat_with_epsilon(t.min_lod, 0.5, EPS);
    g_assert_cmpfloat_with_epsilon(t.max_lod, 4.0, EPS);
    /* border in slots W Z Y X: 128 / 255 = 0.50196, 1, 0, 0 */
    assert_vec(t.border, 0.50196, 1, 0, 0);
    /* identity: R <- Z (1), G <- Y (2), B <- X (3), A <- W (0) */
    for (int i = 0; i < 4; i++) {
        g_assert_cmpuint(t.swz_src[i], ==, NV_TEX_SWZ_S1);
        g_assert_cmpuint(t.swz_comp[i], ==, (i + 1) & 3);
    }
    /* levels: 64*32*4 = 8192, then 32*16*4 = 2048, 16*8*4 = 512 */
    g_assert_cmpuint(t.level[1].offset, ==, 8192);
    g_assert_cmpuint(t.level[2].offset, ==, 10240);
    g_assert_cmpuint(t.level[3].offset, ==, 10752);
    g_assert_cmpuint(t.level[6].width, ==, 1);
    g_assert_cmpuint(t.level[6].height, ==, 1);
}

/*
 * Rankine: an A8R8G8B8 PIPE_TEXTURE_RECT of 100x50 sampled with
 * unnormalized coordinates (nv30_rect format A8R8G8B8_RECT 0x12), no
 * mipmaps: format = DMA1 (GART) 2 | NO_BORDER 8 | DIMS_2D 0x20 |
 * 0x12 << 8 | log2(100) = 6 << 20 | log2(50) = 5 << 24 | 0x10000;
 * uniform_pitch = align(100 * 4, 64) = 448 in TEX_SWIZZLE bits 16-31;
 * enable = ENABLE 1 << 30, LODs 0 (base_lod and high_lod are 0);
 * filter: NEAREST both, bias -1.0 -> (int)-256 & 0x1fff = 0x1f00.
 */
static void test_mesa_rankine_rect(void)
{
    const NVTexRegs r = {
        .format = 0x2 | 0x8 | 0x20 | 0x1200 | 6 << 20 | 5 << 24 | 0x10000,
        .wrap = 0x00030303, .enable = 0x40000000,
        .swizzle = 448u << 16 | 0xaae4, .filter = 0x01012000 | 0x1f00,
        .npot_size = 100 << 16 | 50,
    };
    NVTexUnit t;

    unit(&t, NV_TEX_RANKINE, &r);
    g_assert_true(t.enabled);
    g_assert_true(t.rect);
    g_assert_true(t.linear);
    g_assert_cmpuint(t.dma, ==, 1);
    g_assert_cmpuint(t.format, ==, NV_TEXF_A8R8G8B8);
    g_assert_cmpuint(t.width, ==, 100);
    g_assert_cmpuint(t.height, ==, 50);
    g_assert_cmpuint(t.levels, ==, 1);
    g_assert_cmpuint(t.level[0].pitch, ==, 448);
    g_assert_cmpfloat_with_epsilon(t.lod_bias, -1.0, EPS);
    g_assert_cmpfloat_with_epsilon(t.max_lod, 0.0, EPS);
    /* texel (3, 2): 2 * 448 + 3 * 4 = 908 */
    g_assert_cmpuint(nv_tex_texel_addr(&t, 0, 0, 3, 2, 0), ==, 908);
}

/*
 * Rankine, as nv30_texture.c describes a PIPE_TEXTURE_3D of 4x4x4
 * A8R8G8B8 with last_level 2: DMA0 1 | NO_BORDER 8 | DIMS_3D 0x30 |
 * A8R8G8B8 6 << 8 | 0x10000 | MIPMAP 0x80000 | log2 sizes 2 << 20,
 * 2 << 24, 2 << 28 = 0x22290639.  Levels 4x4x4, 2x2x2, 1x1x1 of 4-byte
 * texels: 256, 32, 4 bytes at 0, 256, 288.  Level 1 texel (1, 0, 1):
 * bits x0 y0 z0 -> 1 | 0 << 1 | 1 << 2 = 5 -> 256 + 20 = 276.
 * And a PIPE_TEXTURE_CUBE of 8x8 L8, one level: DMA0 | CUBIC 4 |
 * NO_BORDER | DIMS_2D 0x20 | L8 0 | 0x10000 | 3 << 20 | 3 << 24 =
 * 0x0331002d; a face is 64 bytes, 128 with the alignment; face 5 texel
 * (7, 7) (index 63) at 5 * 128 + 63 = 703.
 */
static void test_mesa_rankine_3d_cube(void)
{
    NVTexRegs r = {
        .format = 0x22290639, .wrap = 0x00030303, .enable = 0x40000000,
        .swizzle = 0xaae4, .filter = 0x01012000,
    };
    NVTexUnit t;

    unit(&t, NV_TEX_RANKINE, &r);
    g_assert_cmpuint(t.dims, ==, 3);
    g_assert_cmpuint(t.depth, ==, 4);
    g_assert_cmpuint(t.levels, ==, 3);
    g_assert_cmpuint(t.level[1].offset, ==, 256);
    g_assert_cmpuint(t.level[2].offset, ==, 288);
    g_assert_cmpuint(nv_tex_texel_addr(&t, 1, 0, 1, 0, 1), ==, 276);

    r.format = 0x0331002d;
    unit(&t, NV_TEX_RANKINE, &r);
    g_assert_true(t.cube);
    g_assert_cmpuint(t.format, ==, NV_TEXF_L8);
    g_assert_cmpuint(t.levels, ==, 1);
    g_assert_cmpuint(t.face_size, ==, 128);
    g_assert_cmpuint(nv_tex_texel_addr(&t, 0, 5, 7, 7, 0), ==, 703);
}

/*
 * Kelvin by rnndb graph/nv20_3d.xml: an 8x8 R5G6B5 (5) swizzled texture
 * with mipmaps in DMA_TEXTURE1: DMA1 2 | DIMS 2 << 4 | 5 << 8 | MIPMAP
 * 1 << 19 | BASE_SIZE_U 3 << 20 | BASE_SIZE_V 3 << 24 = 0x03380522.
 * Levels 8x8, 4x4, 2x2, 1x1 of 2 bytes a texel: 128, 32, 8, 2 bytes, at
 * 0, 128, 160, 168.  ENABLE: bit 30, ANISO 2X (1 << 4), MAX_LOD 3.5
 * (0x380 << 6), MIN_LOD 0.25 (0x40 << 18).
 */
static void test_kelvin_words(void)
{
    const NVTexRegs r = {
        .offset = 0x200, .format = 0x03380522, .wrap = 0x00010204,
        .enable = 0x40000000 | 0x10 | 0x380 << 6 | 0x40 << 18,
        .filter = 0x02050000, .border_color = 0x11223344, .rcomp = 6,
    };
    NVTexUnit t;

    unit(&t, NV_TEX_KELVIN, &r);
    g_assert_true(t.enabled);
    g_assert_cmpuint(t.dma, ==, 1);
    g_assert_cmpuint(t.format, ==, NV_TEXF_R5G6B5);
    g_assert_cmpuint(t.width, ==, 8);
    g_assert_cmpuint(t.height, ==, 8);
    g_assert_cmpuint(t.levels, ==, 4);
    g_assert_cmpuint(t.level[1].offset, ==, 128);
    g_assert_cmpuint(t.level[2].offset, ==, 160);
    g_assert_cmpuint(t.level[3].offset, ==, 168);
    g_assert_cmpuint(t.wrap[0], ==, NV_TEX_WRAP_CLAMP_TO_BORDER);
    g_assert_cmpuint(t.wrap[1], ==, NV_TEX_WRAP_MIRRORED_REPEAT);
    g_assert_cmpuint(t.wrap[2], ==, NV_TEX_WRAP_REPEAT);
    g_assert_cmpuint(t.rcomp, ==, NV_TEX_COMP_LEQUAL);
    g_assert_cmpuint(t.aniso, ==, 2);
    g_assert_cmpfloat_with_epsilon(t.max_lod, 3.5, EPS);
    g_assert_cmpfloat_with_epsilon(t.min_lod, 0.25, EPS);
    g_assert_cmpuint(t.min_filter, ==, NV_TEX_NEAREST_MIPMAP_LINEAR);
    /* 0x11 / 255 = 0.066667, 0x22 -> 0.13333, 0x33 -> 0.2, 0x44 -> 0.26667 */
    assert_vec(t.border, 0.066667, 0.133333, 0.2, 0.266667);
    /* level 2 texel (1, 1): swizzled index 3, 160 + 3 * 2 = 166 */
    g_assert_cmpuint(nv_tex_texel_addr(&t, 2, 0, 1, 1, 0), ==, 0x200 + 166);
}

/*
 * One texel of @gen's format @code at (0, 0) of a 1x1 texture: Curie
 * words from curie_regs, Kelvin/Rankine from kelvin_regs.
 */
static void texel(NVTexGen gen, unsigned code, uint32_t v, float s[4])
{
    NVTexRegs r = gen == NV_TEX_CURIE ? curie_regs(code, 1, 1, 1)
                                      : kelvin_regs(code);
    NVTexUnit t;

    reset_mem();
    put32(vram, v);
    unit(&t, gen, &r);
    fetch0(&t, s);
}

/* Texel bits and their slots W, Z, Y, X; K Kelvin, R Rankine, C Curie. */
static const struct {
    NVTexGen gen;
    uint8_t code;
    uint32_t bits;
    float slot[4];
} texels[] = {
    /* R5G6B5 0xf81f: W 1, R 31/31 = 1, G 0/63 = 0, B 31/31 = 1 */
    { NV_TEX_CURIE, 0x04, 0xf81f, { 1, 1, 0, 1 } },
    /* A1R5G5B5 0x4210: A 0, R = G = B = 0b10000 = 16/31 = 0.516129 */
    { NV_TEX_CURIE, 0x02, 0x4210, { 0, 0.516129, 0.516129, 0.516129 } },
    /* A4R4G4B4 0x1234: 1/15 = 0.066667, 2/15, 3/15 = 0.2, 4/15 */
    { NV_TEX_CURIE, 0x03, 0x1234, { 0.066667, 0.133333, 0.2, 0.266667 } },
    /* A8R8G8B8 0x80402010: 128/255, 64/255, 32/255, 16/255 */
    { NV_TEX_CURIE, 0x05, 0x80402010,
      { 0.501961, 0.250980, 0.125490, 0.062745 } },
    /* K X8R8G8B8 (7) 0x00ff8000: A 1, R 1, G 128/255, B 0 */
    { NV_TEX_KELVIN, 0x07, 0x00ff8000, { 1, 1, 0.501961, 0 } },
    /* K A1R5G5B5_RECT (0x10) 0x8000: A 1, RGB 0 */
    { NV_TEX_KELVIN, 0x10, 0x8000, { 1, 0, 0, 0 } },
    /* K L8 (0) 0x33 = 51: 51/255 = 0.2 in Z Y X, W 1 */
    { NV_TEX_KELVIN, 0x00, 0x33, { 1, 0.2, 0.2, 0.2 } },
    /* K I8 (1) 0x66 = 102/255 = 0.4 everywhere */
    { NV_TEX_KELVIN, 0x01, 0x66, { 0.4, 0.4, 0.4, 0.4 } },
    /* K A8L8 (0x1a) 0x33cc: A (high) 0.2, L (low) 204/255 = 0.8 */
    { NV_TEX_KELVIN, 0x1a, 0x33cc, { 0.2, 0.8, 0.8, 0.8 } },
    /* C A16 (0x14) 0x8000: 32768/65535 = 0.500008 */
    { NV_TEX_CURIE, 0x14, 0x8000, { 0.500008, 0.500008, 0.500008,
                                    0.500008 } },
    /* C A16L16 (0x15) 0xffff0000: A 1, L 0 */
    { NV_TEX_CURIE, 0x15, 0xffff0000, { 1, 0, 0, 0 } },
    /* R A16 (0x32) 0xffff: 1 */
    { NV_TEX_RANKINE, 0x32, 0xffff, { 1, 1, 1, 1 } },
    /* K HILO16 (0x33) 0x4000ffff: HI 0x4000/65535 = 0.250004 in W, Z;
     * LO 1 in Y; X 1 */
    { NV_TEX_KELVIN, 0x33, 0x4000ffff, { 0.250004, 0.250004, 1, 1 } },
    /* C HILO8 (0x18) 0x80ff: HI 128/255 = 0.501961, LO 1 */
    { NV_TEX_CURIE, 0x18, 0x80ff, { 0.501961, 0.501961, 1, 1 } },
    /* K SIGNED_HILO8 (0x45) 0x40c0: HI 64/127 = 0.503937, LO 0xc0 = -64
     * -> -0.503937, X = sqrt(1 - 2 * 0.503937^2) = 0.701495 */
    { NV_TEX_KELVIN, 0x45, 0x40c0,
      { 0.503937, 0.503937, -0.503937, 0.701495 } },
    /* K DSDT8 (0x28) 0x7f80: DS 0x80 = -128 -> -1, DT 127/127 = 1 */
    { NV_TEX_KELVIN, 0x28, 0x7f80, { 1, -1, 1, 0 } },
    /* C R32F (0x1c) 0x3f400000 = 0.75 in Z, W 1, Y = X = 0 */
    { NV_TEX_CURIE, 0x1c, 0x3f400000, { 1, 0.75, 0, 0 } },
    /* C RG16F (0x1f): 0x3400 = 0.25 (R, low half), 0x4200 = 3.0 (G) */
    { NV_TEX_CURIE, 0x1f, 0x42003400, { 1, 0.25, 3, 0 } },
};

static void test_formats(void)
{
    NVTexRegs r = kelvin_regs(0x32);
    NVTexUnit t;
    float s[4];

    for (size_t i = 0; i < G_N_ELEMENTS(texels); i++) {
        texel(texels[i].gen, texels[i].code, texels[i].bits, s);
        assert_vec(s, texels[i].slot[0], texels[i].slot[1],
                   texels[i].slot[2], texels[i].slot[3]);
    }
    /* A16 is not a Kelvin format: nothing decoded */
    unit(&t, NV_TEX_KELVIN, &r);
    g_assert_cmpuint(t.format, ==, NV_TEXF_NONE);
}

static void test_formats_signed(void)
{
    NVTexRegs r = kelvin_regs(0x06);
    NVTexUnit t;
    float s[4];

    /*
     * Rankine A8R8G8B8 with TEX_FILTER SIGNED_* (bits 28-31, Mesa's SSSS
     * for RGBA8888_SNORM): 0x807f01ff: A 0x80 = -128 -> -1, R 127/127 =
     * 1, G 1/127 = 0.007874, B 0xff = -1 -> -0.007874.
     */
    r.filter |= 0xf0000000;
    reset_mem();
    put32(vram, 0x807f01ff);
    unit(&t, NV_TEX_RANKINE, &r);
    fetch0(&t, s);
    assert_vec(s, -1, 1, 0.007874, -0.007874);
    /* SIGNED_RED alone (bit 30): only Z: A 128/255, R 1, G 1/255, B 1 */
    r.filter = (r.filter & 0x0fffffff) | 0x40000000;
    unit(&t, NV_TEX_RANKINE, &r);
    fetch0(&t, s);
    assert_vec(s, 0.501961, 1, 0.003922, 1);
}

static void test_formats_float(void)
{
    uint32_t f[4];
    float s[4];
    const float v[4] = { 1.5f, -0.25f, 3.0f, 0.0f };
    NVTexRegs r = curie_regs(0x1b, 1, 1, 1);
    NVTexUnit t;

    /*
     * RGBA16F (0x1a): halves R 0x3c00 = 1.0, G 0xc000 = -2.0, B 0x3800 =
     * 0.5, A 0x0001 = 2^-24 = 5.96e-8 (a denormal): Z, Y, X, W.
     */
    reset_mem();
    put32(vram, 0xc0003c00);
    put32(vram + 4, 0x00013800);
    r = curie_regs(0x1a, 1, 1, 1);
    unit(&t, NV_TEX_CURIE, &r);
    fetch0(&t, s);
    assert_vec(s, 5.9604645e-8f, 1, -2, 0.5);
    /* RGBA32F (0x1b): R 1.5, G -0.25, B 3, A 0 */
    memcpy(f, v, sizeof(f));
    for (int i = 0; i < 4; i++) {
        put32(vram + 4 * i, f[i]);
    }
    r = curie_regs(0x1b, 1, 1, 1);
    unit(&t, NV_TEX_CURIE, &r);
    fetch0(&t, s);
    assert_vec(s, 0, 1.5, -0.25, 3);
}

/*
 * Kelvin INDEX8 (0x0b): palette in DMA_TEXTURE1 at 0x40 (TEX_PALETTE
 * 0x40 | DMA bit 1); texel index 2 reads the entry at 0x40 + 2 * 4 =
 * 0x48 = 0x11223344: 0x11/255 = 0.066667, 0.133333, 0.2, 0.266667.
 */
static void test_palette(void)
{
    NVTexRegs r = kelvin_regs(0x0b);
    NVTexUnit t;
    float s[4];

    reset_mem();
    vram[0] = 2;
    put32(gart + 0x48, 0x11223344);
    r.palette = 0x40 | 1;
    unit(&t, NV_TEX_KELVIN, &r);
    fetch0(&t, s);
    assert_vec(s, 0.066667, 0.133333, 0.2, 0.266667);
}

/*
 * The colour key (TEX_CONTROL bit 0 and the TEX_COLOR_KEY bundle;
 * docs/texture.rst, inferred): Kelvin R5G6B5 (code 5), texel 0 0xf800
 * (red) and the key 0x1234f800, whose low 16 bits are the texel's: (0,
 * 0, 0, 0); the key 0xf801: red, slots W, Z, Y, X = (1, 1, 0, 0)
 * (R5G6B5 has no alpha: 1); bit 0 clear: red whatever the key.
 */
static void test_color_key(void)
{
    NVTexRegs r = kelvin_regs(0x05);
    NVTexUnit t;
    float s[4];

    reset_mem();
    put16(vram, 0xf800);
    r.enable |= 1;
    r.color_key = 0x1234f800;
    unit(&t, NV_TEX_KELVIN, &r);
    fetch0(&t, s);
    assert_vec(s, 0, 0, 0, 0);
    r.color_key = 0xf801;
    unit(&t, NV_TEX_KELVIN, &r);
    fetch0(&t, s);
    assert_vec(s, 1, 1, 0, 0);
    r.color_key = 0xf800;
    r.enable &= ~1u;
    unit(&t, NV_TEX_KELVIN, &r);
    fetch0(&t, s);
    assert_vec(s, 1, 1, 0, 0);
}

/*
 * Texel (@x, 0) of a Curie DXT texture of @code (8x8, two levels) is
 * @w, @z, @y, @xs in slots W, Z, Y, X.
 */
static void dxt_check(unsigned code, unsigned x, float w, float z, float y,
                      float xs)
{
    NVTexRegs r = curie_regs(code, 8, 8, 2);
    NVTexUnit t;
    float s[4];
    bool fault = false;

    unit(&t, NV_TEX_CURIE, &r);
    nv_tex_fetch(&t, mem, 0, 0, x, 0, 0, s, &fault);
    g_assert_false(fault);
    assert_vec(s, w, z, y, xs);
}

static void test_dxt(void)
{
    NVTexRegs r = curie_regs(0x06, 8, 8, 2);
    NVTexUnit t;

    /*
     * Layout: DXT1 8x8 is 2x2 blocks of 8 bytes, pitch 16; level 1 (4x4,
     * one block) at 32.  Texel (5, 6) is in block (1, 1) at 16 + 8 = 24.
     */
    unit(&t, NV_TEX_CURIE, &r);
    g_assert_cmpuint(t.level[0].pitch, ==, 16);
    g_assert_cmpuint(t.level[1].offset, ==, 32);
    g_assert_cmpuint(nv_tex_texel_addr(&t, 0, 0, 5, 6, 0), ==, 24);

    /*
     * DXT1, c0 0xf800 (red 1, 0, 0) > c1 0x001f (blue): four colours.
     * Codes of texels 0-3: 0, 1, 2, 3 -> byte 4 = 0b11100100 = 0xe4.
     * Code 2 = (2 c0 + c1) / 3 = (0.666667, 0, 0.333333), code 3 =
     * (c0 + 2 c1) / 3 = (0.333333, 0, 0.666667); alpha 1.
     */
    reset_mem();
    put16(vram, 0xf800);
    put16(vram + 2, 0x001f);
    vram[4] = 0xe4;
    dxt_check(0x06, 0, 1, 1, 0, 0);
    dxt_check(0x06, 2, 1, 0.666667, 0, 0.333333);
    dxt_check(0x06, 3, 1, 0.333333, 0, 0.666667);
    /* c0 0x001f <= c1 0xf800: code 2 the mean (0.5, 0, 0.5), code 3 0 */
    put16(vram, 0x001f);
    put16(vram + 2, 0xf800);
    dxt_check(0x06, 2, 1, 0.5, 0, 0.5);
    dxt_check(0x06, 3, 0, 0, 0, 0);

    /*
     * DXT3: alpha nibbles texel 0 = 0xf, texel 1 = 0x8 (byte 0 = 0x8f):
     * 15/15 = 1, 8/15 = 0.533333; colour block at 8: c0 0x07e0 (green),
     * codes 0.
     */
    reset_mem();
    vram[0] = 0x8f;
    put16(vram + 8, 0x07e0);
    dxt_check(0x07, 0, 1, 0, 1, 0);
    dxt_check(0x07, 1, 0.533333, 0, 1, 0);

    /*
     * DXT5: a0 200 > a1 100; texel 0 code 2 = (6 * 200 + 100) / 7 =
     * 185.714 -> 0.728291, texel 1 code 7 = (200 + 6 * 100) / 7 = 114.286
     * -> 0.448179; index bits 2 | 7 << 3 = 0x3a in byte 2; colour block 0:
     * black.
     */
    reset_mem();
    vram[0] = 200;
    vram[1] = 100;
    vram[2] = 0x3a;
    dxt_check(0x08, 0, 0.728291, 0, 0, 0);
    dxt_check(0x08, 1, 0.448179, 0, 0, 0);
    /* a0 100 <= a1 200: code 2 = (4 * 100 + 200) / 5 = 120 -> 0.470588,
     * code 6 = 0, code 7 = 1; bits 2 | 6 << 3 | 7 << 6 = 0x1f2 */
    vram[0] = 100;
    vram[1] = 200;
    vram[2] = 0xf2;
    vram[3] = 0x01;
    dxt_check(0x08, 0, 0.470588, 0, 0, 0);
    dxt_check(0x08, 1, 0, 0, 0, 0);
    dxt_check(0x08, 2, 1, 0, 0, 0);
}

static void test_swizzle_addr(void)
{
    NVTexRegs r = curie_regs(0x05, 4, 4, 1);
    NVTexUnit t;

    /*
     * 4x4, 4 bytes a texel: bits x0 y0 x1 y1 from the bottom.
     * (1, 2): x = 01, y = 10 -> 1 | 0 << 1 | 0 << 2 | 1 << 3 = 9 -> 36.
     * (3, 1): x = 11, y = 01 -> 1 | 1 << 1 | 1 << 2 | 0 << 3 = 7 -> 28.
     */
    unit(&t, NV_TEX_CURIE, &r);
    g_assert_cmpuint(nv_tex_texel_addr(&t, 0, 0, 1, 2, 0), ==, 36);
    g_assert_cmpuint(nv_tex_texel_addr(&t, 0, 0, 3, 1, 0), ==, 28);
    /*
     * 8x2: x0 y0 x1 x2.  (5, 1): 1 | 1 << 1 | 0 << 2 | 1 << 3 = 11 -> 44
     * (Mesa's swizzle2d_ptr: k = 1, m = 1 | 2 = 3, + (5 >> 1 = 2) << 2 =
     * 11).
     */
    r = curie_regs(0x05, 8, 2, 1);
    unit(&t, NV_TEX_CURIE, &r);
    g_assert_cmpuint(nv_tex_texel_addr(&t, 0, 0, 5, 1, 0), ==, 44);
    /* 2x8: x0 y0 y1 y2.  (1, 6): 1 | 0 << 1 | 1 << 2 | 1 << 3 = 13 -> 52 */
    r = curie_regs(0x05, 2, 8, 1);
    unit(&t, NV_TEX_CURIE, &r);
    g_assert_cmpuint(nv_tex_texel_addr(&t, 0, 0, 1, 6, 0), ==, 52);
    /*
     * 3D 4x4x4 (DIMS 3, depth 4 in TEX_SIZE1): x0 y0 z0 x1 y1 z1.
     * (2, 1, 3): 0 | 1 << 1 | 1 << 2 | 1 << 3 | 0 << 4 | 1 << 5 = 46
     * -> 184 (Mesa's swizzle3d_ptr).
     */
    r = curie_regs(0x05, 4, 4, 1);
    r.format = (r.format & ~0xf0u) | 0x30;
    r.size1 = 4 << 20;
    unit(&t, NV_TEX_CURIE, &r);
    g_assert_cmpuint(t.dims, ==, 3);
    g_assert_cmpuint(nv_tex_texel_addr(&t, 0, 0, 2, 1, 3), ==, 184);
}

static void test_linear_addr(void)
{
    NVTexRegs r = curie_regs(0x05, 5, 3, 2);
    NVTexUnit t;

    /*
     * Curie LINEAR (bit 13) 5x3, pitch 64 (TEX_SIZE1 bits 0-15), at
     * 0x100: texel (3, 2) at 0x100 + 2 * 64 + 3 * 4 = 0x18c.  Level 1
     * (2x1) starts after 3 rows of 64: 192, with the same pitch.
     */
    r.format |= 1 << 13;
    r.size1 = 1 << 20 | 64;
    r.offset = 0x100;
    unit(&t, NV_TEX_CURIE, &r);
    g_assert_true(t.linear);
    g_assert_cmpuint(nv_tex_texel_addr(&t, 0, 0, 3, 2, 0), ==, 0x18c);
    g_assert_cmpuint(t.level[1].offset, ==, 192);
    g_assert_cmpuint(t.level[1].pitch, ==, 64);
}

/*
 * Cube: Curie A8R8G8B8 4x4 with 3 levels: a face is 64 + 16 + 4 = 84
 * bytes, aligned to 128 (nv30_miptree.c layer_size).  Face 3, level 1,
 * texel (0, 0): 3 * 128 + 64 = 448 after the offset.
 */
static void test_cube_layout(void)
{
    NVTexRegs r = curie_regs(0x05, 4, 4, 3);
    NVTexUnit t;

    r.format |= 0x4;
    r.offset = 0x1000;
    unit(&t, NV_TEX_CURIE, &r);
    g_assert_true(t.cube);
    g_assert_cmpuint(t.face_size, ==, 128);
    g_assert_cmpuint(nv_tex_texel_addr(&t, 1, 3, 0, 0, 0), ==, 0x1000 + 448);
}

/*
 * Cube face selection: an L8 2x2 cube (faces 128 bytes apart, texel
 * index = swizzled index) with the R output from Z (swizzle 0xaae4).
 * Faces get L = 50 * face at all texels, except face 4 (+Z): 10, 20,
 * 30, 40 at (0,0), (1,0), (0,1), (1,1) (swizzled indexes 0, 1, 2, 3).
 */
static void test_cube_faces(void)
{
    NVTexRegs r = curie_regs(0x01, 2, 2, 1);
    NVTexUnit t;
    const float c1[4] = { -1, 0.2f, 0.3f, 0 }, c2[4] = { 0.1f, -0.9f, 0.5f, 0 };
    const float c3[4] = { 0.5f, 0.5f, 0.5f, 0 }, c4[4] = { 0.5f, -0.5f, 1, 0 };

    reset_mem();
    for (int f = 0; f < 6; f++) {
        memset(vram + 128 * f, 50 * f, 4);
    }
    for (int i = 0; i < 4; i++) {
        vram[4 * 128 + i] = 10 * (i + 1);
    }
    r.format |= 0x4;
    unit(&t, NV_TEX_CURIE, &r);
    /* (-1, 0.2, 0.3): |x| largest, negative: -X, face 1: 50/255 */
    expect_red(&t, c1[0], c1[1], c1[2], 0, 50 / 255.0);
    /* (0.1, -0.9, 0.5): -Y, face 3: 150/255 */
    expect_red(&t, c2[0], c2[1], c2[2], 0, 150 / 255.0);
    /* (0.5, 0.5, 0.5): a tie goes to X: +X, face 0: 0 */
    expect_red(&t, c3[0], c3[1], c3[2], 0, 0);
    /*
     * (0.5, -0.5, 1): +Z, sc = x = 0.5, tc = -y = 0.5, ma = 1: s = t =
     * (0.5 + 1) / 2 = 0.75 -> texel (1, 1) of 2x2: 40/255.
     */
    expect_red(&t, c4[0], c4[1], c4[2], 0, 40 / 255.0);
}

/*
 * Wrap modes on a 4x1 L8 texture (Curie, swizzled 4x1 = linear): texels
 * 0, 85, 170, 255 -> 0, 1/3, 2/3, 1; border R (slot Z) 0x40 = 0.250980.
 * NEAREST: u = s * 4, i = floor(u).
 */
static float wrap_sample(unsigned wrap, bool lin, float s)
{
    NVTexRegs r = curie_regs(0x01, 4, 1, 1);
    NVTexUnit t;
    float o[4];

    reset_mem();
    vram[0] = 0;
    vram[1] = 85;
    vram[2] = 170;
    vram[3] = 255;
    r.wrap = wrap;
    r.border_color = 0x00400000;
    if (lin) {
        r.filter = 0x02020000;
    }
    unit(&t, NV_TEX_CURIE, &r);
    sample(&t, s, 0.5f, 0, 0, o);
    return o[0];
}

static void test_wrap(void)
{
    const float b = 64 / 255.0;

    /* REPEAT: 1.3 -> u 5.2, 5 mod 4 = 1; -0.1 -> -0.4, -1 mod 4 = 3 */
    g_assert_cmpfloat_with_epsilon(wrap_sample(1, false, 1.3f), 1 / 3.0, EPS);
    g_assert_cmpfloat_with_epsilon(wrap_sample(1, false, -0.1f), 1, EPS);
    /* MIRRORED_REPEAT: 5 mod 8 = 5 >= 4 -> 7 - 5 = 2; -1 -> 7 -> 0 */
    g_assert_cmpfloat_with_epsilon(wrap_sample(2, false, 1.3f), 2 / 3.0, EPS);
    g_assert_cmpfloat_with_epsilon(wrap_sample(2, false, -0.1f), 0, EPS);
    /* CLAMP_TO_EDGE: 5 -> 3, -1 -> 0 */
    g_assert_cmpfloat_with_epsilon(wrap_sample(3, false, 1.3f), 1, EPS);
    g_assert_cmpfloat_with_epsilon(wrap_sample(3, false, -0.1f), 0, EPS);
    /* CLAMP_TO_BORDER: both outside: the border */
    g_assert_cmpfloat_with_epsilon(wrap_sample(4, false, 1.3f), b, EPS);
    g_assert_cmpfloat_with_epsilon(wrap_sample(4, false, -0.1f), b, EPS);
    /* CLAMP, NEAREST: s clamped to 1 -> u 4 -> last texel 3 */
    g_assert_cmpfloat_with_epsilon(wrap_sample(5, false, 1.3f), 1, EPS);
    /*
     * CLAMP, LINEAR: u 4, u - 0.5 = 3.5: texels 3 and 4 (the border) at
     * weight 0.5 each: 0.5 * 1 + 0.5 * 0.250980 = 0.625490.
     */
    g_assert_cmpfloat_with_epsilon(wrap_sample(5, true, 1.3f), 0.625490, EPS);
    /* MIRROR_CLAMP_TO_EDGE: -0.3 -> |u| 1.2 -> 1; -1.5 -> 6 -> 3 */
    g_assert_cmpfloat_with_epsilon(wrap_sample(6, false, -0.3f), 1 / 3.0,
                                   EPS);
    g_assert_cmpfloat_with_epsilon(wrap_sample(6, false, -1.5f), 1, EPS);
    /* MIRROR_CLAMP_TO_BORDER: |u| 6 is outside: the border */
    g_assert_cmpfloat_with_epsilon(wrap_sample(7, false, -1.5f), b, EPS);
    /* MIRROR_CLAMP: |u| 6 clamped to 4 -> last texel */
    g_assert_cmpfloat_with_epsilon(wrap_sample(8, false, -1.5f), 1, EPS);
}

/*
 * Bilinear: 4x4 L8, texels (0,1) 0, (1,1) 100, (0,2) 200, (1,2) 255, at
 * s 0.3, t 0.6: u - 0.5 = 1.2 - 0.5 = 0.7 -> x 0, 1, a = floor(0.7 *
 * 256) / 256 = 179/256; v - 0.5 = 1.9 -> y 1, 2, b = floor(0.9 * 256) /
 * 256 = 230/256.  Result: a (1 - b) 100/255 + (1 - a) b 200/255 + a b =
 * 0.027849 + 0.211948 + 0.628204 = 0.868001.
 * Swizzled indexes: (0,1) = 2, (1,1) = 3, (0,2) = 8, (1,2) = 9.
 */
static void test_bilinear(void)
{
    NVTexRegs r = curie_regs(0x01, 4, 4, 1);
    NVTexUnit t;

    reset_mem();
    vram[2] = 0;
    vram[3] = 100;
    vram[8] = 200;
    vram[9] = 255;
    r.filter = 0x02020000;
    unit(&t, NV_TEX_CURIE, &r);
    /* R, G, B from L; A (slot W of L8) is 1 whatever the weights */
    expect(&t, 0.3f, 0.6f, 0, 0, 0.868001, 0.868001, 0.868001, 1);
}

/*
 * LOD: a 64x32 2D unit.  dx = (4/64, 0): 4 texels; dy = (0, 2/32): 2
 * texels; rho = 4, lambda = log2 4 = 2.
 */
static void test_lod(void)
{
    NVTexRegs r = curie_regs(0x05, 64, 32, 7);
    NVTexUnit t;
    const float c[4] = { 0.5f, 0.5f, 0, 1 };
    const float dx[4] = { 4 / 64.0f, 0, 0, 0 }, dy[4] = { 0, 2 / 32.0f, 0, 0 };
    const float ax[4] = { 8 / 64.0f, 0, 0, 0 };

    unit(&t, NV_TEX_CURIE, &r);
    g_assert_cmpfloat_with_epsilon(
        nv_tex_lod(&t, c, dx, dy, NV_TEX_LOD_IMPLICIT, 0), 2, EPS);
    /* + bias -0.5 from the instruction: 1.5 */
    g_assert_cmpfloat_with_epsilon(
        nv_tex_lod(&t, c, dx, dy, NV_TEX_LOD_BIAS, -0.5f), 1.5, EPS);
    /* explicit: 3.25 */
    g_assert_cmpfloat_with_epsilon(
        nv_tex_lod(&t, c, dx, dy, NV_TEX_LOD_EXPLICIT, 3.25f), 3.25, EPS);
    /*
     * Unit bias 0.5 (0x80), MAX_LOD 3 (0x300 << 7), MIN_LOD 1 (0x100 <<
     * 19): implicit 2 + 0.5 = 2.5; explicit 7 + 0.5 -> 3; -4 -> 1.
     */
    r.filter |= 0x80;
    r.enable = 0x80000000u | 0x300 << 7 | 0x100 << 19;
    unit(&t, NV_TEX_CURIE, &r);
    g_assert_cmpfloat_with_epsilon(
        nv_tex_lod(&t, c, dx, dy, NV_TEX_LOD_IMPLICIT, 0), 2.5, EPS);
    g_assert_cmpfloat_with_epsilon(
        nv_tex_lod(&t, c, dx, dy, NV_TEX_LOD_EXPLICIT, 7), 3, EPS);
    g_assert_cmpfloat_with_epsilon(
        nv_tex_lod(&t, c, dx, dy, NV_TEX_LOD_EXPLICIT, -4), 1, EPS);
    /*
     * Anisotropy 4X (TEX_ENABLE 2 << 4): dx 8 texels, dy 2: N =
     * min(ceil(8 / 2), 4) = 4, lambda = log2(8 / 4) = 1.
     */
    r = curie_regs(0x05, 64, 32, 7);
    r.enable |= 2 << 4;
    unit(&t, NV_TEX_CURIE, &r);
    g_assert_cmpfloat_with_epsilon(
        nv_tex_lod(&t, c, ax, dy, NV_TEX_LOD_IMPLICIT, 0), 1, EPS);
}

/*
 * Mipmap filters: a 4x4 L8 with 3 levels (16, 4, 1 bytes at 0, 16, 20),
 * level 0 all 0, level 1 all 128, level 2 255.
 */
static void test_mip_filters(void)
{
    NVTexRegs r = curie_regs(0x01, 4, 4, 3);
    NVTexUnit t;

    reset_mem();
    memset(vram + 16, 128, 4);
    vram[20] = 255;
    /* NEAREST_MIPMAP_NEAREST (3): lambda 1.4 -> ceil(1.9) - 1 = 1 */
    r.filter = 0x01030000;
    unit(&t, NV_TEX_CURIE, &r);
    g_assert_cmpuint(t.level[2].offset, ==, 20);
    expect_red(&t, 0.5f, 0.5f, 0, 1.4f, 128 / 255.0);
    /* 1.6 -> ceil(2.1) - 1 = 2 */
    expect_red(&t, 0.5f, 0.5f, 0, 1.6f, 1);
    /* lambda 0: magnify, level 0 */
    expect_red(&t, 0.5f, 0.5f, 0, 0, 0);
    /*
     * LINEAR_MIPMAP_LINEAR (6): 1.25 blends levels 1 and 2 at 0.25:
     * 0.75 * 128/255 + 0.25 * 1 = 0.626471.
     */
    r.filter = 0x02060000;
    unit(&t, NV_TEX_CURIE, &r);
    expect_red(&t, 0.5f, 0.5f, 0, 1.25f, 0.626471);
    /* LINEAR (2) without mipmapping: level 0 whatever lambda */
    r.filter = 0x02020000;
    unit(&t, NV_TEX_CURIE, &r);
    expect_red(&t, 0.5f, 0.5f, 0, 2, 0);
}

/*
 * 3D LINEAR: a 2x2x2 L8 (Curie, DIMS 3, depth 2), swizzled index
 * x | y << 1 | z << 2 and L = 10 * index = 10 (x + 2 y + 4 z).  At
 * (0.375, 0.5, 0.625): u - 0.5 = 0.25, 0.5, 0.75 are the weights of
 * texels x = 1, y = 1, z = 1; L is linear in x, y, z so the blend is
 * 10 * (0.25 + 2 * 0.5 + 4 * 0.75) = 42.5 -> 42.5/255 = 0.166667.
 * At the centre every weight is 0.5: the mean 35/255 = 0.137255.
 */
static void test_3d_linear(void)
{
    NVTexRegs r = curie_regs(0x01, 2, 2, 1);
    NVTexUnit t;

    reset_mem();
    for (int i = 0; i < 8; i++) {
        vram[i] = 10 * i;
    }
    r.format = (r.format & ~0xf0u) | 0x30;
    r.size1 = 2 << 20;
    r.filter = 0x02020000;
    unit(&t, NV_TEX_CURIE, &r);
    expect_red(&t, 0.375f, 0.5f, 0.625f, 0, 0.166667);
    expect_red(&t, 0.5f, 0.5f, 0.5f, 0, 0.137255);
}

/*
 * LINEAR across the edges of the 4x1 L8 of wrap_sample (0, 1/3, 2/3, 1):
 * s = 0: u - 0.5 = -0.5, texels -1 and 0 at 0.5 each.  REPEAT: -1 -> 3:
 * (1 + 0) / 2 = 0.5.  MIRRORED_REPEAT: -1 -> 7 mod 8 -> 0: 0.
 * s = 1: 3.5, texels 3 and 4; MIRRORED_REPEAT: 4 -> 7 - 4 = 3: 1.
 */
static void test_wrap_linear(void)
{
    g_assert_cmpfloat_with_epsilon(wrap_sample(1, true, 0), 0.5, EPS);
    g_assert_cmpfloat_with_epsilon(wrap_sample(2, true, 0), 0, EPS);
    g_assert_cmpfloat_with_epsilon(wrap_sample(2, true, 1), 1, EPS);
}

/*
 * Anisotropy: an 8x8 L8, NEAREST, columns 0-3 at 0 and 4-7 at 255.
 * At s 0.5, dx = (0.5, 0): 4 texels, dy = (0, 1/8): 1 texel.  Off:
 * u = 4 -> column 4: 1.  4X: N = min(ceil(4 / 1), 4) = 4 samples at
 * s + (i + 0.5) / 4 - 0.5 times 0.5: 0.3125, 0.4375, 0.5625, 0.6875,
 * u = 2.5, 3.5, 4.5, 5.5 -> columns 2, 3, 4, 5 -> (0 + 0 + 1 + 1) / 4.
 */
static void test_aniso(void)
{
    NVTexRegs r = curie_regs(0x01, 8, 8, 1);
    NVTexUnit t;
    const float c[4] = { 0.5f, 0.5f, 0, 1 };
    const float dx[4] = { 0.5f, 0, 0, 0 }, dy[4] = { 0, 0.125f, 0, 0 };
    float o[4];
    bool fault = false;

    reset_mem();
    unit(&t, NV_TEX_CURIE, &r);
    for (uint32_t y = 0; y < 8; y++) {
        for (uint32_t x = 4; x < 8; x++) {
            vram[nv_tex_texel_addr(&t, 0, 0, x, y, 0)] = 255;
        }
    }
    nv_tex_sample(&t, mem, c, dx, dy, NV_TEX_LOD_IMPLICIT, 0, o, &fault);
    g_assert_cmpfloat_with_epsilon(o[0], 1, EPS);
    r.enable |= 2 << 4;
    unit(&t, NV_TEX_CURIE, &r);
    nv_tex_sample(&t, mem, c, dx, dy, NV_TEX_LOD_IMPLICIT, 0, o, &fault);
    g_assert_cmpfloat_with_epsilon(o[0], 0.5, EPS);
    g_assert_false(fault);
}

/*
 * Kelvin 1D (DIMS 1, BASE_SIZE_U 2: 4 texels) L8 0, 40, 80, 120: t is
 * not used; s 0.6 -> u 2.4 -> texel 2: 80/255 = 0.313725.
 */
static void test_1d(void)
{
    NVTexRegs r = kelvin_regs(0x00);
    NVTexUnit t;

    reset_mem();
    for (int i = 0; i < 4; i++) {
        vram[i] = 40 * i;
    }
    r.format = (r.format & ~0xf0u) | 0x10 | 2 << 20;
    unit(&t, NV_TEX_KELVIN, &r);
    g_assert_cmpuint(t.dims, ==, 1);
    g_assert_cmpuint(t.width, ==, 4);
    g_assert_cmpuint(t.height, ==, 1);
    expect_red(&t, 0.6f, 99, 0, 0, 0.313725);
}

/*
 * Rectangle coordinates are texels: the Rankine 100x50 A8R8G8B8_RECT of
 * test_mesa_rankine_rect (pitch 448, DMA_TEXTURE1 = gart) at (3.5,
 * 2.5) reads texel (3, 2) at 908: 0x00ff0000 gives R 1, G 0.
 */
static void test_rect_sample(void)
{
    static uint8_t big[1024];
    const NVTexMem m[2] = { { .base = vram, .size = sizeof(vram) },
                            { .base = big, .size = sizeof(big) } };
    const NVTexRegs r = {
        .format = 0x2 | 0x8 | 0x20 | 0x1200 | 6 << 20 | 5 << 24 | 0x10000,
        .wrap = 0x00030303, .enable = 0x40000000,
        .swizzle = 448u << 16 | 0xaae4, .filter = 0x01012000,
        .npot_size = 100 << 16 | 50,
    };
    const float c[4] = { 3.5f, 2.5f, 0, 1 };
    NVTexUnit t;
    float o[4];
    bool fault = false;

    put32(big + 908, 0x00ff0000);
    unit(&t, NV_TEX_RANKINE, &r);
    nv_tex_sample(&t, m, c, zero4, zero4, NV_TEX_LOD_EXPLICIT, 0, o, &fault);
    g_assert_false(fault);
    assert_vec(o, 1, 0, 0, 0);
}

/*
 * Depth compare: Curie Z16 (0x12) 2x1, depths 0x4000 = 0.250004 and
 * 0xc000 = 0.750011; RCOMP LEQUAL (6 << 28), r = 0.5: texel 0 fails
 * (0.5 <= 0.25 false) -> 0, texel 1 passes -> 1.
 */
static void test_shadow(void)
{
    NVTexRegs r = curie_regs(0x12, 2, 1, 1);
    NVTexUnit t;

    reset_mem();
    put16(vram, 0x4000);
    put16(vram + 2, 0xc000);
    r.wrap |= 6u << 28;
    unit(&t, NV_TEX_CURIE, &r);
    g_assert_true(t.compare);
    expect(&t, 0.25f, 0.5f, 0.5f, 0, 0, 0, 0, 0);
    expect(&t, 0.75f, 0.5f, 0.5f, 0, 1, 1, 1, 1);
    /* LINEAR at s 0.5: u - 0.5 = 0.5, both at 0.5: compared, then 0.5 */
    r.filter = 0x02020000;
    unit(&t, NV_TEX_CURIE, &r);
    expect_red(&t, 0.5f, 0.5f, 0.5f, 0, 0.5);

    /*
     * Kelvin Z24 (0x2a), compare from TEX_RCOMP GREATER (1): 0x80000000
     * -> depth 0x800000 / 0xffffff = 0.5; r 0.6 > 0.5 -> 1, r 0.4 -> 0.
     */
    r = kelvin_regs(0x2a);
    r.rcomp = 1;
    reset_mem();
    put32(vram, 0x80000000);
    unit(&t, NV_TEX_KELVIN, &r);
    expect(&t, 0.5f, 0.5f, 0.6f, 0, 1, 1, 1, 1);
    expect(&t, 0.5f, 0.5f, 0.4f, 0, 0, 0, 0, 0);
}

/*
 * The output swizzle as Mesa builds it for A8_UNORM on L8: R, G, B
 * {OUT_0, x} = 0, A {OUT_C 2, SRC_0 3} = 0x203; for I8_UNORM all four
 * 0x203: 0x203 | 0x203 << 2 | 0x203 << 4 | 0x203 << 6 = 0xaaff.  Texel
 * 0x99 = 153/255 = 0.6.
 */
static void test_out_swizzle(void)
{
    NVTexRegs r = curie_regs(0x01, 1, 1, 1);
    NVTexUnit t;

    reset_mem();
    vram[0] = 0x99;
    r.swizzle = 0x203;
    unit(&t, NV_TEX_CURIE, &r);
    expect(&t, 0.5f, 0.5f, 0, 0, 0, 0, 0, 0.6);
    r.swizzle = 0xaaff;
    unit(&t, NV_TEX_CURIE, &r);
    expect(&t, 0.5f, 0.5f, 0, 0, 0.6, 0.6, 0.6, 0.6);
    /* 0xaaff with S0_W (bits 8-9) ONE instead of S1: 0xa9ff, A 1 */
    r.swizzle = 0xa9ff;
    unit(&t, NV_TEX_CURIE, &r);
    expect(&t, 0.5f, 0.5f, 0, 0, 0.6, 0.6, 0.6, 1);
}

/* A disabled unit samples as 0 (inferred), whatever its texels. */
static void test_disabled(void)
{
    NVTexRegs r = curie_regs(0x05, 1, 1, 1);
    NVTexUnit t;

    reset_mem();
    put32(vram, 0xffffffff);
    r.enable &= ~0x80000000u;
    unit(&t, NV_TEX_CURIE, &r);
    g_assert_false(t.enabled);
    expect(&t, 0.5f, 0.5f, 0, 0, 0, 0, 0, 0);
}

/*
 * Out of bounds: an A8R8G8B8 4x4 at 0xfffffff0 of a 16 KiB object reads
 * zeros and raises the fault flag; a texel straddling the end too.
 */
static void test_oob(void)
{
    NVTexRegs r = curie_regs(0x05, 4, 4, 1);
    NVTexUnit t;
    float o[4] = { 9, 9, 9, 9 };
    const float c[4] = { 0.5f, 0.5f, 0, 1 };
    bool fault = false;

    reset_mem();
    memset(vram, 0xff, sizeof(vram));
    r.offset = 0xfffffff0;
    unit(&t, NV_TEX_CURIE, &r);
    nv_tex_sample(&t, mem, c, zero4, zero4, NV_TEX_LOD_EXPLICIT, 0, o, &fault);
    g_assert_true(fault);
    assert_vec(o, 0, 0, 0, 0);
    /* texel 0 at 16382: 4 bytes cross the end at 16384 */
    fault = false;
    r.offset = sizeof(vram) - 2;
    unit(&t, NV_TEX_CURIE, &r);
    nv_tex_fetch(&t, mem, 0, 0, 0, 0, 0, o, &fault);
    g_assert_true(fault);
    /* the last whole texel is fine */
    fault = false;
    r.offset = sizeof(vram) - 4;
    unit(&t, NV_TEX_CURIE, &r);
    nv_tex_fetch(&t, mem, 0, 0, 0, 0, 0, o, &fault);
    g_assert_false(fault);
    assert_vec(o, 1, 1, 1, 1);
}

/*
 * Whatever the words and coordinates: no crash, no read outside the
 * objects (ASan), finite or NaN-free results are not required but the
 * calls must return.  Words from a fixed linear congruential sequence.
 */
static void test_garbage(void)
{
    uint32_t x = 12345;
    NVTexUnit t;

    reset_mem();
    for (int n = 0; n < 3000; n++) {
        uint32_t w[12];
        NVTexRegs r;
        float c[4], d[4], e[4], o[4];
        bool fault = false;

        for (int i = 0; i < 12; i++) {
            x = x * 1103515245 + 12345;
            w[i] = x ^ (x >> 13) * 7;
        }
        r = (NVTexRegs){ w[0] & 0x3fff, w[1], w[2], w[3] | 0xc0000000u,
                         w[4], w[5], w[6], w[7], w[8], w[9], w[10],
                         w[11] };
        if (n & 1) {
            r.npot_size &= 0x003f003f;
            r.size1 &= 0x03f0ffff;
        }
        for (int i = 0; i < 4; i++) {
            c[i] = (float)(int32_t)w[i] / (float)(1u << (w[4 + i] & 31));
            d[i] = (float)(int16_t)w[7 + (i & 1)] / 256;
            e[i] = (float)(int8_t)w[9] / 64;
        }
        if (n % 7 == 0) {
            c[n % 4] = NAN;
        }
        unit(&t, (NVTexGen)(n % 3), &r);
        g_assert_cmpuint(t.levels, >=, 1);
        g_assert_cmpuint(t.levels, <=, NV_TEX_MAX_LEVELS);
        nv_tex_sample(&t, mem, c, d, e, (NVTexLodMode)(n % 3),
                      (float)(int8_t)w[10] / 16, o, &fault);
    }
}

/*
 * nv_swizzle() itself: one bit of x, y, z in turn from bit 0, an axis
 * dropping out past its log2 size (Mesa's nv30_transfer.c swizzle2d_ptr,
 * swizzle3d_ptr).
 */
static void test_swizzle_bits(void)
{
    /* 4x4, (3, 1): x0 1 -> b0, y0 1 -> b1, x1 1 -> b2, y1 0: 0b0111 */
    g_assert_cmphex(nv_swizzle(3, 1, 0, 2, 2, 0), ==, 7);
    /* 4x4, x 7: bit 2 is past the size and ignored: b0, b2: 5 */
    g_assert_cmphex(nv_swizzle(7, 0, 0, 2, 2, 0), ==, 5);
    /* 8x2, (5, 1): x0 1 -> b0, y0 1 -> b1, then x only: x1 0, x2 1 -> b3 */
    g_assert_cmphex(nv_swizzle(5, 1, 0, 3, 1, 0), ==, 0xb);
    /* 2x8, (1, 6): x0 1 -> b0, y0 0, then y only: y1 1 -> b2, y2 -> b3 */
    g_assert_cmphex(nv_swizzle(1, 6, 0, 1, 3, 0), ==, 0xd);
    /* 4096x4096: x's 12 bits at the even bits 0-22, y's at the odd */
    g_assert_cmphex(nv_swizzle(4095, 0, 0, 12, 12, 0), ==, 0x555555);
    g_assert_cmphex(nv_swizzle(0, 4095, 0, 12, 12, 0), ==, 0xaaaaaa);
    /* 4096x1: x's bits in order */
    g_assert_cmphex(nv_swizzle(0xabc, 0, 0, 12, 0, 0), ==, 0xabc);
    /* 2^40 wide acts as 32 bits: x's 32 bits in order */
    g_assert_cmphex(nv_swizzle(0xdeadbeef, 1, 0, 40, 0, 0), ==, 0xdeadbeef);
    /* 2x2x2, (1, 1, 1): x0 -> b0, y0 -> b1, z0 -> b2: 7 */
    g_assert_cmphex(nv_swizzle(1, 1, 1, 1, 1, 1), ==, 7);
    /* 4x2x2, (2, 1, 1): x0 0, y0 1 -> b1, z0 1 -> b2, x1 1 -> b3 */
    g_assert_cmphex(nv_swizzle(2, 1, 1, 2, 1, 1), ==, 0xe);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/tex/mesa-curie", test_mesa_curie);
    g_test_add_func("/tex/mesa-rankine-rect", test_mesa_rankine_rect);
    g_test_add_func("/tex/mesa-rankine-3d-cube", test_mesa_rankine_3d_cube);
    g_test_add_func("/tex/kelvin-words", test_kelvin_words);
    g_test_add_func("/tex/formats/texels", test_formats);
    g_test_add_func("/tex/formats/signed", test_formats_signed);
    g_test_add_func("/tex/formats/float", test_formats_float);
    g_test_add_func("/tex/formats/palette", test_palette);
    g_test_add_func("/tex/formats/color-key", test_color_key);
    g_test_add_func("/tex/formats/dxt", test_dxt);
    g_test_add_func("/tex/layout/swizzle", test_swizzle_addr);
    g_test_add_func("/tex/layout/swizzle-bits", test_swizzle_bits);
    g_test_add_func("/tex/layout/linear", test_linear_addr);
    g_test_add_func("/tex/layout/cube", test_cube_layout);
    g_test_add_func("/tex/sample/cube-faces", test_cube_faces);
    g_test_add_func("/tex/sample/wrap", test_wrap);
    g_test_add_func("/tex/sample/bilinear", test_bilinear);
    g_test_add_func("/tex/sample/lod", test_lod);
    g_test_add_func("/tex/sample/mip-filters", test_mip_filters);
    g_test_add_func("/tex/sample/3d-linear", test_3d_linear);
    g_test_add_func("/tex/sample/wrap-linear", test_wrap_linear);
    g_test_add_func("/tex/sample/aniso", test_aniso);
    g_test_add_func("/tex/sample/1d", test_1d);
    g_test_add_func("/tex/sample/rect", test_rect_sample);
    g_test_add_func("/tex/sample/shadow", test_shadow);
    g_test_add_func("/tex/sample/out-swizzle", test_out_swizzle);
    g_test_add_func("/tex/sample/disabled", test_disabled);
    g_test_add_func("/tex/oob", test_oob);
    g_test_add_func("/tex/garbage", test_garbage);
    return g_test_run();
}
