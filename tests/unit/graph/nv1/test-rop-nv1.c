/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: the NV1 per-pixel pipeline.  Every expectation is
 * worked out by hand from envytools docs/hw/graph/nv1/rop.rst and
 * docs/nv1.rst "Hardware facts beyond envytools".
 */
#include <glib.h>
#include <string.h>

#include "hw/nv/graph/nv1/rop-nv1.h"
#include "test-host.h"

#define PFB_CONFIG  0x600200

/* PFB CONFIG_0: width index (bits 4-6), BPP (8-9), double buffer (12). */
static void set_canvas(TestHost *th, unsigned width_idx, unsigned bpp,
                       bool dbl)
{
    th_wr(th, PFB_CONFIG, width_idx << 4 | bpp << 8 | (dbl ? 1u << 12 : 0));
}

/* CTX_SWITCH from OP, COLOR_FORMAT_DST and other option bits. */
static void set_ctx(TestHost *th, unsigned op, unsigned cfmt, uint32_t bits)
{
    th->card.pgraph1.ctx_switch = op | cfmt << 9 | bits;
}

static NV1Pgraph *gr(TestHost *th)
{
    return &th->card.pgraph1;
}

static uint32_t vram32(TestHost *th, uint64_t addr)
{
    return nv_ld_le(th->vram + addr, 4);
}

static void test_convert_src(void)
{
    TestHost *th = th_new("nv1", 0);
    NVCard *c = &th->card;
    uint8_t a;

    /* A1R5G5B5 0x8421: r = g = b = 1, a = 1 -> 0xff.  Without REPLICATE
     * 1 << 5 = 0x20: 0x20 << 20 | 0x20 << 10 | 0x20 = 0x02008020; with it
     * 1 * 0x21 = 0x21: 0x02108421. */
    set_ctx(th, 0x17, NV1_SRC_A1R5G5B5, NV1_CTX_ALPHA);
    g_assert_cmphex(nv1_rop_convert_src(c, 0x8421, NV1_WF_R10G10B10, &a), ==,
                    0x02008020);
    g_assert_cmphex(a, ==, 0xff);
    gr(th)->canvas_config = NV1_CANVAS_REPLICATE;
    g_assert_cmphex(nv1_rop_convert_src(c, 0x8421, NV1_WF_R10G10B10, &a), ==,
                    0x02108421);
    nv1_rop_convert_src(c, 0x7fff, NV1_WF_R10G10B10, &a);
    g_assert_cmphex(a, ==, 0);

    /* A8R8G8B8 0x80ff4001: with REPLICATE r = 0xff * 0x101 >> 6 = 0x3ff,
     * g = 0x4040 >> 6 = 0x101, b = 0x101 >> 6 = 4: 0x3ff40404; without,
     * 0x3fc, 0x100, 0x004: 0x3fc40004.  Alpha 0x80. */
    set_ctx(th, 0x17, NV1_SRC_A8R8G8B8, NV1_CTX_ALPHA);
    g_assert_cmphex(nv1_rop_convert_src(c, 0x80ff4001, NV1_WF_R10G10B10, &a),
                    ==, 0x3ff40404);
    g_assert_cmphex(a, ==, 0x80);
    gr(th)->canvas_config = 0;
    g_assert_cmphex(nv1_rop_convert_src(c, 0x80ff4001, NV1_WF_R10G10B10, &a),
                    ==, 0x3fc40004);
    /* In R5G5B5: 0x00ff8040 -> 0x3fc, 0x200, 0x100 -> >> 5: 0x1f, 0x10, 8
     * -> 0x7c00 | 0x200 | 8 = 0x7e08. */
    g_assert_cmphex(nv1_rop_convert_src(c, 0x00ff8040, NV1_WF_R5G5B5, &a), ==,
                    0x7e08);
    /* Y8 takes the low byte of any format. */
    g_assert_cmphex(nv1_rop_convert_src(c, 0x00ff8040, NV1_WF_Y8, &a), ==,
                    0x40);

    /* A2R10G10B10 0xc0100401: r = g = b = 1, a = 3 * 0x55 = 0xff (REPLICATE
     * does not matter); 0x40000000 has a = 0x55. */
    set_ctx(th, 0x17, NV1_SRC_A2R10G10B10, NV1_CTX_ALPHA);
    g_assert_cmphex(nv1_rop_convert_src(c, 0xc0100401, NV1_WF_R10G10B10, &a),
                    ==, 0x00100401);
    g_assert_cmphex(a, ==, 0xff);
    nv1_rop_convert_src(c, 0x40000000, NV1_WF_R10G10B10, &a);
    g_assert_cmphex(a, ==, 0x55);

    /* A8Y8 0x7f80: y = 0x80 -> 0x200 broadcast = 0x20080200; with
     * REPLICATE 0x8080 >> 6 = 0x202 -> 0x20280a02.  Alpha 0x7f. */
    set_ctx(th, 0x17, NV1_SRC_A8Y8, NV1_CTX_ALPHA);
    g_assert_cmphex(nv1_rop_convert_src(c, 0x7f80, NV1_WF_R10G10B10, &a), ==,
                    0x20080200);
    g_assert_cmphex(a, ==, 0x7f);
    gr(th)->canvas_config = NV1_CANVAS_REPLICATE;
    g_assert_cmphex(nv1_rop_convert_src(c, 0x7f80, NV1_WF_R10G10B10, &a), ==,
                    0x20280a02);

    /* A16Y16 0xabcdffc0: y = 0xffc0 >> 6 = 0x3ff, a = 0xabcd >> 8 = 0xab. */
    set_ctx(th, 0x17, NV1_SRC_A16Y16, NV1_CTX_ALPHA);
    g_assert_cmphex(nv1_rop_convert_src(c, 0xabcdffc0, NV1_WF_R10G10B10, &a),
                    ==, 0x3fffffff);
    g_assert_cmphex(a, ==, 0xab);

    /* Without CTX_SWITCH.ALPHA the alpha is always 0xff. */
    set_ctx(th, 0x17, NV1_SRC_A8R8G8B8, 0);
    nv1_rop_convert_src(c, 0, NV1_WF_R10G10B10, &a);
    g_assert_cmphex(a, ==, 0xff);
    th_free(th);
}

static void test_convert_fb(void)
{
    TestHost *th = th_new("nv1", 0);
    NVCard *c = &th->card;

    /* 16 bpp into R10G10B10: 0x1f widens to 0x3ff (x 0x21) or 0x3e0. */
    set_canvas(th, 1, 2, false);
    gr(th)->canvas_config = NV1_CANVAS_REPLICATE;
    g_assert_cmphex(nv1_rop_convert_fb(c, 0xffff, NV1_WF_R10G10B10), ==,
                    0x3fffffff);
    gr(th)->canvas_config = 0;
    g_assert_cmphex(nv1_rop_convert_fb(c, 0xffff, NV1_WF_R10G10B10), ==,
                    0x3e0f83e0);
    g_assert_cmphex(nv1_rop_convert_fb(c, 0x8001, NV1_WF_R5G5B5), ==, 1);
    g_assert_cmphex(nv1_rop_convert_fb(c, 0x1234, NV1_WF_Y8), ==, 0x34);
    /* 32 bpp: the low 30 bits. */
    set_canvas(th, 1, 3, false);
    g_assert_cmphex(nv1_rop_convert_fb(c, 0xc0000001, NV1_WF_R10G10B10), ==, 1);
    th_free(th);
}

/*
 * 0x12345678: Y8 (>> 2) & 0xff = 0x9e; R5G5B5 r = >> 25 = 9, g = >> 15 &
 * 0x1f = 8, b = >> 5 & 0x1f = 0x13 -> 0x2400 | 0x100 | 0x13 = 0x2513.
 */
static void test_state_downconvert(void)
{
    g_assert_cmphex(nv1_rop_state_downconvert(0x12345678, NV1_WF_Y8), ==, 0x9e);
    g_assert_cmphex(nv1_rop_state_downconvert(0x12345678, NV1_WF_R5G5B5), ==,
                    0x2513);
    g_assert_cmphex(nv1_rop_state_downconvert(0x72345678, NV1_WF_R10G10B10),
                    ==, 0x32345678);
    g_assert_cmphex(nv1_rop_state_downconvert(0x3fffffff, NV1_WF_R5G5B5), ==,
                    0x7fff);
}

static void test_working_format(void)
{
    TestHost *th = th_new("nv1", 0);
    NVCard *c = &th->card;

    /* 8 bpp: always Y8, even blending (docs/nv1.rst "ROP details"). */
    set_canvas(th, 0, 1, false);
    set_ctx(th, NV1_OP_BLEND_DS_AA, NV1_SRC_A8R8G8B8, 0);
    g_assert_cmpint(nv1_rop_working_format(c, false), ==, NV1_WF_Y8);
    /* 16 bpp */
    set_canvas(th, 0, 2, false);
    set_ctx(th, 0x17, NV1_SRC_A8Y8, 0);
    g_assert_cmpint(nv1_rop_working_format(c, false), ==, NV1_WF_Y8);
    g_assert_cmpint(nv1_rop_working_format(c, true), ==, NV1_WF_R10G10B10);
    gr(th)->canvas_config = NV1_CANVAS_Y8_EXPAND;
    g_assert_cmpint(nv1_rop_working_format(c, false), ==, NV1_WF_R10G10B10);
    set_ctx(th, 0x17, NV1_SRC_A1R5G5B5, 0);
    g_assert_cmpint(nv1_rop_working_format(c, false), ==, NV1_WF_R5G5B5);
    set_ctx(th, 0x17, NV1_SRC_A8R8G8B8, 0);
    g_assert_cmpint(nv1_rop_working_format(c, false), ==, NV1_WF_R10G10B10);
    set_ctx(th, NV1_OP_BLEND_DS_AB, NV1_SRC_A8R8G8B8, 0);
    g_assert_cmpint(nv1_rop_working_format(c, false), ==, NV1_WF_R5G5B5);
    gr(th)->canvas_config = NV1_CANVAS_DITHER;
    g_assert_cmpint(nv1_rop_working_format(c, false), ==, NV1_WF_R10G10B10);
    /* 32 bpp */
    set_canvas(th, 0, 3, false);
    gr(th)->canvas_config = 0;
    set_ctx(th, 0x17, NV1_SRC_A1R5G5B5, 0);
    g_assert_cmpint(nv1_rop_working_format(c, false), ==, NV1_WF_R10G10B10);
    set_ctx(th, 0x17, NV1_SRC_A8Y8, 0);
    g_assert_true(nv1_rop_is_indexed(c, false));
    g_assert_cmpint(nv1_rop_working_format(c, false), ==, NV1_WF_Y8);
    set_ctx(th, NV1_OP_BLEND_PS_B, NV1_SRC_A8Y8, 0);
    g_assert_false(nv1_rop_is_indexed(c, false));
    th_free(th);
}

/*
 * docs/nv1.rst "ROP details".  SDD (0x01) takes bit D << 2 | D << 1 | S of the
 * ROP: for 0xcc (bits 2, 3, 6, 7) that is set exactly when D = 1: 0xaa.  PSS
 * (0x09) on 0xf0 takes bit S << 2 | S << 1 | P: set when S = 1: 0xcc.  RPOP_DS
 * on 0x01 (g0 only): S + 2D = 0 -> P S D = x00: 0x11; on 0x16 (g1): S = 1, D =
 * 0: 0x44.  RPOP_SP on 0x80 (g3): S = P = 1: 0xc0.
 */
static void test_remap(void)
{
    g_assert_cmphex(nv1_rop_remap(NV1_OP_SRCCOPY, 0x00), ==, 0xcc);
    g_assert_cmphex(nv1_rop_remap(0x10, 0x5a), ==, 0x5a);  /* DSP identity */
    g_assert_cmphex(nv1_rop_remap(0x01, 0xcc), ==, 0xaa);
    g_assert_cmphex(nv1_rop_remap(0x09, 0xf0), ==, 0xcc);
    g_assert_cmphex(nv1_rop_remap(NV1_OP_RPOP_DS, 0x01), ==, 0x11);
    g_assert_cmphex(nv1_rop_remap(NV1_OP_RPOP_DS, 0x16), ==, 0x44);
    g_assert_cmphex(nv1_rop_remap(NV1_OP_RPOP_SP, 0x80), ==, 0xc0);
    g_assert_cmphex(nv1_rop_remap(0x16, 0xff), ==, 0);
}

static void test_bitwise(void)
{
    g_assert_cmphex(nv1_rop_bitwise(0xcc, 0x11, 0x22, 0x44), ==, 0x22);
    g_assert_cmphex(nv1_rop_bitwise(0xf0, 0x11, 0x22, 0x44), ==, 0x11);
    g_assert_cmphex(nv1_rop_bitwise(0xaa, 0x11, 0x22, 0x44), ==, 0x44);
    /* 0x66 = S xor D: 0xf0 ^ 0x3c = 0xcc. */
    g_assert_cmphex(nv1_rop_bitwise(0x66, 0, 0xf0, 0x3c), ==, 0xcc);
    g_assert_cmphex(nv1_rop_bitwise(0x00, 1, 2, 3), ==, 0);
    g_assert_cmphex(nv1_rop_bitwise(0xff, 1, 2, 3), ==, 0xffffffff);
}

/*
 * docs/nv1.rst "Dithering".  v = bits 2-9, base = v >> 3, step = v & 7.
 * 0x3ff: base 31 never increments.  0xb0: v = 44, base 5, step 4: both rows
 * 1 0 0 1, so columns (0,0) and (1,1) give 6, the others 5.  0x64: v = 25,
 * base 3, step 1: z = 0 adds nothing; at (0,0) M = 0 and the odd-step term
 * ((x ^ y) >> 1) & 1 = 0, so z = G: 3 for red/blue, 4 for green; at (4,0)
 * M[0][1] = 1 -> z = 1 -> 4; at (2,0) the odd-step term is 1 -> 4.  0x5c:
 * v = 23, base 2, step 7: at (0,1) column 2, z = G: 2, green 3.
 */
static void test_dither(void)
{
    g_assert_cmpuint(nv1_rop_dither5(0x3ff, 1, 0, false), ==, 31);
    g_assert_cmpuint(nv1_rop_dither5(0, 3, 3, true), ==, 0);
    g_assert_cmpuint(nv1_rop_dither5(0xb0, 0, 0, false), ==, 6);
    g_assert_cmpuint(nv1_rop_dither5(0xb0, 1, 0, false), ==, 5);
    g_assert_cmpuint(nv1_rop_dither5(0xb0, 0, 1, false), ==, 5);
    g_assert_cmpuint(nv1_rop_dither5(0xb0, 1, 1, false), ==, 6);
    g_assert_cmpuint(nv1_rop_dither5(0x64, 0, 0, false), ==, 3);
    g_assert_cmpuint(nv1_rop_dither5(0x64, 0, 0, true), ==, 4);
    g_assert_cmpuint(nv1_rop_dither5(0x64, 4, 0, false), ==, 4);
    g_assert_cmpuint(nv1_rop_dither5(0x64, 2, 0, false), ==, 4);
    g_assert_cmpuint(nv1_rop_dither5(0x5c, 0, 1, false), ==, 2);
    g_assert_cmpuint(nv1_rop_dither5(0x5c, 0, 1, true), ==, 3);
}

static void test_to_r5g5b5(void)
{
    TestHost *th = th_new("nv1", 0);

    /* No dither: bits 5-9.  0x200 -> 0x10: 0x4210. */
    g_assert_cmphex(nv1_rop_to_r5g5b5(&th->card, 0x3fffffff, 0, 0), ==, 0x7fff);
    g_assert_cmphex(nv1_rop_to_r5g5b5(&th->card, 0x20080200, 0, 0), ==, 0x4210);
    /* Dithered: 0x64 in all three at (0,0): red 3, green 4, blue 3. */
    gr(th)->canvas_config = NV1_CANVAS_DITHER;
    g_assert_cmphex(nv1_rop_to_r5g5b5(&th->card, 0x06419064, 0, 0), ==,
                    3 << 10 | 4 << 5 | 3);
    th_free(th);
}

/*
 * Pattern (rop.rst pattern_pixel): bitmap bit 1 and bit 63 set; colour 1 is
 * white with alpha 0x80.  8x8: bit = x & 7 | (y & 7) << 3; 64x1: x & 63;
 * 1x64: y & 63.
 */
static void test_pattern(void)
{
    TestHost *th = th_new("nv1", 0);
    NVCard *c = &th->card;
    uint8_t a;

    gr(th)->pattern_rgb[1] = 0x3fffffff;
    gr(th)->pattern_a[0] = 0xff;
    gr(th)->pattern_a[1] = 0x80;
    gr(th)->pattern_bitmap[0] = 0x00000002;
    gr(th)->pattern_bitmap[1] = 0x80000000;
    g_assert_cmphex(nv1_rop_pattern(c, 1, 0, NV1_WF_Y8, &a), ==, 0xff);
    g_assert_cmphex(a, ==, 0x80);
    g_assert_cmphex(nv1_rop_pattern(c, 7, 7, NV1_WF_R10G10B10, &a), ==,
                    0x3fffffff);
    g_assert_cmphex(nv1_rop_pattern(c, 0, 0, NV1_WF_Y8, &a), ==, 0);
    g_assert_cmphex(a, ==, 0xff);
    g_assert_cmphex(nv1_rop_pattern(c, 9, 8, NV1_WF_Y8, &a), ==, 0xff);
    g_assert_cmphex(nv1_rop_pattern(c, 7, 6, NV1_WF_Y8, &a), ==, 0);
    gr(th)->pattern_shape = 1;
    g_assert_cmphex(nv1_rop_pattern(c, 63, 0, NV1_WF_Y8, &a), ==, 0xff);
    g_assert_cmphex(nv1_rop_pattern(c, 1, 5, NV1_WF_Y8, &a), ==, 0xff);
    g_assert_cmphex(nv1_rop_pattern(c, 65, 0, NV1_WF_Y8, &a), ==, 0xff);
    g_assert_cmphex(nv1_rop_pattern(c, 2, 0, NV1_WF_Y8, &a), ==, 0);
    gr(th)->pattern_shape = 2;
    g_assert_cmphex(nv1_rop_pattern(c, 0, 63, NV1_WF_Y8, &a), ==, 0xff);
    g_assert_cmphex(nv1_rop_pattern(c, 5, 1, NV1_WF_Y8, &a), ==, 0xff);
    g_assert_cmphex(nv1_rop_pattern(c, 1, 0, NV1_WF_Y8, &a), ==, 0);
    th_free(th);
}

/* Cliprect 0 = [10,30) x [20,40), cliprect 1 = the pixel (100,100). */
static void test_cliprects(void)
{
    TestHost *th = th_new("nv1", 0);
    NVCard *c = &th->card;

    gr(th)->cliprect_min[0] = 20 << 16 | 10;
    gr(th)->cliprect_max[0] = 40 << 16 | 30;
    gr(th)->cliprect_min[1] = 100 << 16 | 100;
    gr(th)->cliprect_max[1] = 101 << 16 | 101;
    /* COUNT 0: everything passes. */
    g_assert_true(nv1_rop_cliprect_pass(c, 0, 0, 0));
    /* COUNT 1, INCLUDED. */
    gr(th)->cliprect_config = 1;
    g_assert_true(nv1_rop_cliprect_pass(c, 0, 10, 20));
    g_assert_true(nv1_rop_cliprect_pass(c, 0, 29, 39));
    g_assert_false(nv1_rop_cliprect_pass(c, 0, 30, 20));
    g_assert_false(nv1_rop_cliprect_pass(c, 0, 9, 20));
    g_assert_false(nv1_rop_cliprect_pass(c, 0, 10, 40));
    g_assert_false(nv1_rop_cliprect_pass(c, 0, 100, 100));
    /* COUNT 2 and 3 use both. */
    gr(th)->cliprect_config = 2;
    g_assert_true(nv1_rop_cliprect_pass(c, 0, 100, 100));
    gr(th)->cliprect_config = 3;
    g_assert_true(nv1_rop_cliprect_pass(c, 0, 100, 100));
    g_assert_false(nv1_rop_cliprect_pass(c, 0, 101, 100));
    /* OCCLUDED inverts. */
    gr(th)->cliprect_config = 2 | NV1_CLIPRECT_OCCLUDED;
    g_assert_false(nv1_rop_cliprect_pass(c, 0, 100, 100));
    g_assert_true(nv1_rop_cliprect_pass(c, 0, 101, 100));
    /* BUF1_IGNORE_CLIPRECT exempts buffer 1 only. */
    gr(th)->canvas_config = NV1_CANVAS_BUF1_IGNORE_CLIPRECT;
    g_assert_true(nv1_rop_cliprect_pass(c, 1, 100, 100));
    g_assert_false(nv1_rop_cliprect_pass(c, 0, 100, 100));
    th_free(th);
}

/*
 * nv1-vram.rst pixel_address: 640 wide, 16 bpp, (3, 2) -> (2 * 640 + 3) * 2
 * = 2566 = 0xa06; double-buffered 4 MiB: buffer 1 adds 0x200000.  1856
 * wide, 32 bpp, y = 0xfff: 4095 * 1856 * 4 = 30401280, mod 4 MiB = 0xfe300.
 */
static void test_pixel_addr(void)
{
    TestHost *th = th_new("nv1", 4 << 20);
    NVCard *c = &th->card;

    set_canvas(th, 1, 2, false);
    g_assert_cmphex(nv1_rop_pixel_addr(c, 0, 3, 2), ==, 0xa06);
    g_assert_cmphex(nv1_rop_pixel_addr(c, 1, 3, 2), ==, 0xa06);
    g_assert_cmphex(nv1_rop_pixel_addr(c, 0, 0x1003, 2), ==, 0xa06);
    set_canvas(th, 1, 2, true);
    g_assert_cmphex(nv1_rop_pixel_addr(c, 1, 3, 2), ==, 0x200a06);
    set_canvas(th, 7, 3, false);
    g_assert_cmphex(nv1_rop_pixel_addr(c, 0, 0, 0xfff), ==, 0xfe300);
    /* 8 bpp and the 4 bpp code (acts as 8 bpp): one byte per pixel. */
    set_canvas(th, 0, 0, false);
    g_assert_cmphex(nv1_rop_pixel_addr(c, 0, 5, 1), ==, 576 + 5);
    th_free(th);
}

/*
 * docs/nv1.rst "Blending".  AA: a = 0x80 -> (0x80 >> 4)^2 = 0x40.  AB: F(0x80,
 * 0x40) = (8 * 0x40) >> 4 = 0x20; F(a, 0xff) = a; F(0xff, b) = b.  AIB:
 * F(0x80, 0xbf) = (8 * 0xbf) >> 4 = 0x5f.  Blend of 0x3ff over 0 at f = 0x80:
 * (0xff * 0x80) >> 6 = 0x1fe per component: 0x1fe7f9fe.
 */
static void test_blend(void)
{
    g_assert_cmphex(nv1_rop_blend_factor(NV1_OP_BLEND_DS_AA, 0xff, 0), ==, 0xff);
    g_assert_cmphex(nv1_rop_blend_factor(NV1_OP_BLEND_DS_AA, 0x80, 0), ==, 0x40);
    g_assert_cmphex(nv1_rop_blend_factor(NV1_OP_BLEND_DS_AB, 0x80, 0x40), ==,
                    0x20);
    g_assert_cmphex(nv1_rop_blend_factor(NV1_OP_BLEND_DS_AB, 0x80, 0xff), ==,
                    0x80);
    g_assert_cmphex(nv1_rop_blend_factor(NV1_OP_BLEND_DS_AB, 0xff, 0x40), ==,
                    0x40);
    g_assert_cmphex(nv1_rop_blend_factor(NV1_OP_BLEND_DS_AIB, 0x80, 0x40), ==,
                    0x5f);
    g_assert_cmphex(nv1_rop_blend_factor(NV1_OP_BLEND_PS_B, 0x12, 0x40), ==,
                    0x40);
    g_assert_cmphex(nv1_rop_blend_factor(NV1_OP_BLEND_PS_IB, 0x12, 0x40), ==,
                    0xbf);
    g_assert_cmphex(nv1_rop_blend(0x80, 0x3fffffff, 0), ==, 0x1fe7f9fe);
    g_assert_cmphex(nv1_rop_blend(0xff, 0x12345678, 0), ==, 0x12345678);
    g_assert_cmphex(nv1_rop_blend(0, 0x12345678, 0x2abcdef0), ==, 0x2abcdef0);
}

/* ---- whole pixels, checked in VRAM ---- */

#define SENTINEL 0x5a5a5a5a

static void draw(TestHost *th, unsigned x, unsigned y, uint32_t src)
{
    NV1Rop r;

    nv1_rop_begin(&r, &th->card, false);
    nv1_rop_pixel(&r, x, y, src);
}

static void test_pixel_formats(void)
{
    TestHost *th = th_new("nv1", 4 << 20);

    /* 32 bpp, 640 wide, A8R8G8B8 0xff102030 without REPLICATE: 0x40, 0x80,
     * 0xc0 -> 0x040200c0, plus CLUT_BYPASS bit 31 = 0x840200c0; at (5,1): 645 * 4. */
    set_canvas(th, 1, 3, false);
    gr(th)->canvas_config = NV1_CANVAS_CLUT_BYPASS;
    set_ctx(th, NV1_OP_SRCCOPY, NV1_SRC_A8R8G8B8, 0);
    draw(th, 5, 1, 0xff102030);
    g_assert_cmphex(vram32(th, 645 * 4), ==, 0x840200c0);
    /* 32 bpp indexed: Y8 source, bypass bit, index 0x34. */
    set_ctx(th, NV1_OP_SRCCOPY, NV1_SRC_A8Y8, 0);
    draw(th, 0, 0, 0x1234);
    g_assert_cmphex(vram32(th, 0), ==, 0x80000034);

    /* 16 bpp: R5G5B5 source stays R5G5B5. */
    set_canvas(th, 1, 2, false);
    gr(th)->canvas_config = 0;
    set_ctx(th, NV1_OP_SRCCOPY, NV1_SRC_A1R5G5B5, 0);
    draw(th, 1, 0, 0x7c1f);
    g_assert_cmphex(nv_ld_le(th->vram + 2, 2), ==, 0x7c1f);
    /* A8R8G8B8 at 16 bpp goes through R10G10B10 and bits 5-9: 0x7e08. */
    set_ctx(th, NV1_OP_SRCCOPY, NV1_SRC_A8R8G8B8, 0);
    draw(th, 2, 0, 0x00ff8040);
    g_assert_cmphex(nv_ld_le(th->vram + 4, 2), ==, 0x7e08);
    /* 16 bpp indexed D1X7Y8 with the bypass bit: 0x8034. */
    gr(th)->canvas_config = NV1_CANVAS_CLUT_BYPASS;
    set_ctx(th, NV1_OP_SRCCOPY, NV1_SRC_A8Y8, 0);
    draw(th, 3, 0, 0x0034);
    g_assert_cmphex(nv_ld_le(th->vram + 6, 2), ==, 0x8034);

    /* 8 bpp: one byte, no bypass bit. */
    set_canvas(th, 1, 1, false);
    draw(th, 7, 0, 0x12);
    g_assert_cmphex(th->vram[7], ==, 0x12);
    th_free(th);
}

static void test_pixel_discards(void)
{
    TestHost *th = th_new("nv1", 4 << 20);

    set_canvas(th, 1, 3, false);
    nv_st_le(th->vram, SENTINEL, 4);
    /* Source alpha 0 (ALPHA on, A8R8G8B8 alpha byte 0): nothing. */
    set_ctx(th, NV1_OP_SRCCOPY, NV1_SRC_A8R8G8B8, NV1_CTX_ALPHA);
    draw(th, 0, 0, 0x00ffffff);
    g_assert_cmphex(vram32(th, 0), ==, SENTINEL);

    /* Colour key 0x00100401 (A bit 30 set) matches the A2R10G10B10 source
     * 0x00100401 in R10G10B10: dropped; with A clear it never matches. */
    set_ctx(th, NV1_OP_SRCCOPY, NV1_SRC_A2R10G10B10, NV1_CTX_CHROMA);
    gr(th)->chroma = 0x40100401;
    draw(th, 0, 0, 0x00100401);
    g_assert_cmphex(vram32(th, 0), ==, SENTINEL);
    gr(th)->chroma = 0x00100401;
    draw(th, 0, 0, 0x00100401);
    g_assert_cmphex(vram32(th, 0), ==, 0x00100401);

    /* Plane mask 0x3ff (blue only): source 0 over 0x3fffffff gives
     * 0 & 0x3ff | 0x3fffffff & ~0x3ff = 0x3ffffc00.  With A clear and
     * PLANE_ALPHA_ENABLE the pixel is dropped instead. */
    nv_st_le(th->vram, 0x3fffffff, 4);
    set_ctx(th, NV1_OP_SRCCOPY, NV1_SRC_A2R10G10B10, NV1_CTX_PLANE);
    gr(th)->plane = 0x000003ff;
    gr(th)->debug_a = NV1_PGRAPH_DEBUG_A_PLANE_ALPHA_ENABLE;
    draw(th, 0, 0, 0);
    g_assert_cmphex(vram32(th, 0), ==, 0x3fffffff);
    gr(th)->plane = 0x400003ff;
    draw(th, 0, 0, 0);
    g_assert_cmphex(vram32(th, 0), ==, 0x3ffffc00);

    /* No-op ROP 0xaa with DEBUG_A bit 20: not written at all, so the bypass
     * bit does not appear; without bit 20 D is rewritten with it.  (DSP
     * is a pattern OP: pattern alpha 0 would drop the pixel anyway.) */
    nv_st_le(th->vram, 1, 4);
    gr(th)->pattern_a[0] = gr(th)->pattern_a[1] = 0xff;
    gr(th)->canvas_config = NV1_CANVAS_CLUT_BYPASS;
    gr(th)->rop = 0xaa;
    gr(th)->debug_a = NV1_PGRAPH_DEBUG_A_NOOP_SKIP;
    set_ctx(th, 0x10, NV1_SRC_A2R10G10B10, 0);
    draw(th, 0, 0, 0x3ff);
    g_assert_cmphex(vram32(th, 0), ==, 1);
    gr(th)->debug_a = 0;
    draw(th, 0, 0, 0x3ff);
    g_assert_cmphex(vram32(th, 0), ==, 0x80000001);

    /* An OP the hardware does not generate draws nothing. */
    nv_st_le(th->vram, SENTINEL, 4);
    set_ctx(th, 0x16, NV1_SRC_A2R10G10B10, 0);
    draw(th, 0, 0, 0x3ff);
    g_assert_cmphex(vram32(th, 0), ==, SENTINEL);
    th_free(th);
}

static void test_pixel_rop_pattern(void)
{
    TestHost *th = th_new("nv1", 4 << 20);

    set_canvas(th, 1, 3, false);
    /* ROP_DSP (identity) with 0x66 = S ^ D: 0x3ff ^ 0xffff = 0xfc00.  DSP
     * is a pattern OP, so the pattern needs a non-zero alpha. */
    nv_st_le(th->vram, 0x0000ffff, 4);
    gr(th)->pattern_a[0] = gr(th)->pattern_a[1] = 0xff;
    gr(th)->rop = 0x66;
    set_ctx(th, 0x10, NV1_SRC_A2R10G10B10, 0);
    draw(th, 0, 0, 0x3ff);
    g_assert_cmphex(vram32(th, 0), ==, 0x0000fc00);

    /* PATCOPY through an 8x8 pattern whose bit 0 picks red 0x3ff00000. */
    gr(th)->rop = 0xf0;
    gr(th)->pattern_bitmap[0] = 1;
    gr(th)->pattern_rgb[1] = 0x3ff00000;
    draw(th, 0, 0, 0);
    draw(th, 1, 0, 0);
    g_assert_cmphex(vram32(th, 0), ==, 0x3ff00000);
    g_assert_cmphex(vram32(th, 4), ==, 0);
    /* Pattern alpha 0 drops pixels of pattern OPs (0x09-0x15). */
    nv_st_le(th->vram, SENTINEL, 4);
    gr(th)->pattern_a[1] = 0;
    draw(th, 0, 0, 0);
    g_assert_cmphex(vram32(th, 0), ==, SENTINEL);
    th_free(th);
}

static void test_pixel_blend(void)
{
    TestHost *th = th_new("nv1", 4 << 20);

    /* 32 bpp BLEND_DS_AB, source A8R8G8B8 0x80ffffff (a = 0x80, 0x3fc per
     * component), beta 0x40: f = 0x20; over 0: (0xff * 0x20) >> 6 = 0x7f
     * per component = 0x07f1fc7f. */
    set_canvas(th, 1, 3, false);
    gr(th)->beta = 0x40u << 23;
    set_ctx(th, NV1_OP_BLEND_DS_AB, NV1_SRC_A8R8G8B8, NV1_CTX_ALPHA);
    draw(th, 0, 0, 0x80ffffff);
    g_assert_cmphex(vram32(th, 0), ==, 0x07f1fc7f);
    /* beta 0 drops the pixel. */
    gr(th)->beta = 0;
    nv_st_le(th->vram, SENTINEL, 4);
    draw(th, 0, 0, 0x80ffffff);
    g_assert_cmphex(vram32(th, 0), ==, SENTINEL);

    /* 16 bpp BLEND_DS_AA without dither works in R5G5B5: a = 0x80 ->
     * f = 0x40.  Source green 0x1f, destination white 0x7fff, both widened
     * << 5 to 0x3e0: red/blue (0xf8 * 0xbf) >> 6 = 0x2e4 -> 0x17; green
     * (0xf8 * 0xbf + 0xf8 * 0x40) >> 6 = 0x3dc -> 0x1e: 0x5fd7. */
    set_canvas(th, 1, 2, false);
    nv_st_le(th->vram, 0x7fff, 2);
    set_ctx(th, NV1_OP_BLEND_DS_AA, NV1_SRC_A8R8G8B8, NV1_CTX_ALPHA);
    draw(th, 0, 0, 0x8000ff00);
    g_assert_cmphex(nv_ld_le(th->vram, 2), ==, 0x5fd7);
    th_free(th);
}

/* Double buffering: COLOR_FORMAT_DST / 5 picks BUF0, BUF1, BUF01, NONE. */
static void test_pixel_buffers(void)
{
    TestHost *th = th_new("nv1", 4 << 20);
    const uint64_t half = 2 << 20;

    set_canvas(th, 1, 3, true);
    set_ctx(th, NV1_OP_SRCCOPY, 5 + NV1_SRC_A2R10G10B10, 0);  /* BUF1 */
    draw(th, 0, 0, 0x111);
    g_assert_cmphex(vram32(th, 0), ==, 0);
    g_assert_cmphex(vram32(th, half), ==, 0x111);
    set_ctx(th, NV1_OP_SRCCOPY, 10 + NV1_SRC_A2R10G10B10, 0); /* BUF01 */
    draw(th, 1, 0, 0x222);
    g_assert_cmphex(vram32(th, 4), ==, 0x222);
    g_assert_cmphex(vram32(th, half + 4), ==, 0x222);
    /* A cliprect excluding (2,0), ignored by buffer 1. */
    gr(th)->cliprect_config = 1;
    gr(th)->cliprect_min[0] = 100;
    gr(th)->cliprect_max[0] = 1 << 16 | 101;
    gr(th)->canvas_config = NV1_CANVAS_BUF1_IGNORE_CLIPRECT;
    draw(th, 2, 0, 0x333);
    g_assert_cmphex(vram32(th, 8), ==, 0);
    g_assert_cmphex(vram32(th, half + 8), ==, 0x333);
    gr(th)->cliprect_config = 0;
    /* 15 = BUF_NONE_A1R5G5B5: nothing. */
    set_ctx(th, NV1_OP_SRCCOPY, 15, 0);
    draw(th, 3, 0, 0x7fff);
    g_assert_cmphex(vram32(th, 12), ==, 0);
    g_assert_cmphex(vram32(th, half + 12), ==, 0);
    /* Single buffer: always buffer 0, even for BUF_NONE. */
    set_canvas(th, 1, 3, false);
    draw(th, 3, 0, 0x7fff);
    g_assert_cmphex(vram32(th, 12), ==, 0x3e0f83e0);   /* 0x1f << 5 */
    th_free(th);
}

/*
 * BLIT (docs/nv1.rst "Blit source"): 32 bpp copy of (0,0) to (1,0).  A source
 * at or right of CANVAS_MAX.X reads 0 and is still drawn (with the bypass bit
 * set, the write shows as 0x80000000).  16 bpp with an R5G5B5 object copies 15
 * bits.
 */
static void test_blit(void)
{
    TestHost *th = th_new("nv1", 4 << 20);
    NV1Rop r;

    set_canvas(th, 1, 3, false);
    gr(th)->canvas_max = 640;
    nv_st_le(th->vram, 0x00100401, 4);
    set_ctx(th, NV1_OP_SRCCOPY, NV1_SRC_A2R10G10B10, 0);
    nv1_rop_begin(&r, &th->card, true);
    nv1_rop_blit_pixel(&r, 1, 0, 0, 0);
    g_assert_cmphex(vram32(th, 4), ==, 0x00100401);
    gr(th)->canvas_config = NV1_CANVAS_CLUT_BYPASS;
    nv1_rop_begin(&r, &th->card, true);
    nv1_rop_blit_pixel(&r, 2, 0, 640, 0);
    g_assert_cmphex(vram32(th, 8), ==, 0x80000000);

    set_canvas(th, 1, 2, false);
    gr(th)->canvas_config = 0;
    nv_st_le(th->vram, 0xfc1f, 2);
    set_ctx(th, NV1_OP_SRCCOPY, NV1_SRC_A1R5G5B5, 0);
    nv1_rop_begin(&r, &th->card, true);
    nv1_rop_blit_pixel(&r, 5, 0, 0, 0);
    g_assert_cmphex(nv_ld_le(th->vram + 10, 2), ==, 0x7c1f);
    th_free(th);
}

/* ---- the pipeline against a model of the steps, byte for byte ---- */

static unsigned model_bytes(NVCard *c)
{
    static const unsigned bytes[4] = { 1, 1, 2, 4 };

    return bytes[(c->pfb.config0 >> 8) & 3];
}

/* rop.rst cliprect_pass(), written out. */
static bool model_clip(NVCard *c, unsigned buf, unsigned x, unsigned y)
{
    NV1Pgraph *g = &c->pgraph1;
    unsigned count = MIN(g->cliprect_config & 3, 2);
    bool covered = false;

    if (!count ||
        (buf == 1 && (g->canvas_config & NV1_CANVAS_BUF1_IGNORE_CLIPRECT))) {
        return true;
    }
    for (unsigned i = 0; i < count; i++) {
        covered |= x >= (g->cliprect_min[i] & 0xfff) &&
                   y >= ((g->cliprect_min[i] >> 16) & 0xfff) &&
                   x < (g->cliprect_max[i] & 0xfff) &&
                   y < ((g->cliprect_max[i] >> 16) & 0xfff);
    }
    return covered != !!(g->cliprect_config & NV1_CLIPRECT_OCCLUDED);
}

/* nv1-vram.rst pixel_address(), written out. */
static uint64_t model_addr(NVCard *c, unsigned buf, unsigned x, unsigned y)
{
    static const unsigned widths[8] = {
        576, 640, 800, 1024, 1152, 1280, 1600, 1856
    };
    uint64_t addr = ((uint64_t)y * widths[(c->pfb.config0 >> 4) & 7] + x) *
                    model_bytes(c);

    if (c->pfb.config0 & NV1_PFB_CONFIG_0_DOUBLE_BUFFER) {
        return addr % (c->vram_size / 2) + (buf & 1) * (c->vram_size / 2);
    }
    return addr % c->vram_size;
}

/* A working-format colour as R10G10B10 for blending. */
static uint32_t model_widen(NV1WorkFormat wf, uint32_t v)
{
    if (wf == NV1_WF_Y8) {
        return (v & 0xff) << 2;
    }
    if (wf == NV1_WF_R5G5B5) {
        return ((v >> 10) & 0x1f) << 25 | ((v >> 5) & 0x1f) << 15 |
               (v & 0x1f) << 5;
    }
    return v;
}

/*
 * One pixel through rop.rst steps 2-14 in their order, from the step
 * functions and the registers alone, nothing hoisted: source @s in the
 * working format, alpha @a.  Returns how many buffers it wrote.
 */
static unsigned model_pixel(NVCard *c, bool blit, unsigned x, unsigned y,
                            uint32_t s, uint8_t a)
{
    NV1Pgraph *g = &c->pgraph1;
    unsigned op = NV1_CTX_OP(g->ctx_switch), bytes = model_bytes(c);
    unsigned cfmt = NV1_CTX_COLOR_FORMAT_DST(g->ctx_switch), bit, idx;
    unsigned buf_mask = c->pfb.config0 & NV1_PFB_CONFIG_0_DOUBLE_BUFFER ?
                        (cfmt / 5 + 1) & 3 : 1, written = 0;
    NV1WorkFormat wf = nv1_rop_working_format(c, blit);
    bool blend = op >= NV1_OP_BLEND_DS_AA && op <= NV1_OP_BLEND_PS_IB;
    bool plane = g->ctx_switch & NV1_CTX_PLANE;
    uint8_t rop = nv1_rop_remap(op, g->rop & 0xff), beta = g->beta >> 23;
    uint8_t pa, f = 0;
    uint32_t mask = wf == NV1_WF_Y8 ? 0xff :
                    wf == NV1_WF_R5G5B5 ? 0x7fff : 0x3fffffff;
    uint32_t p, bypass = g->canvas_config & NV1_CANVAS_CLUT_BYPASS;

    x &= 0xfff;
    y &= 0xfff;
    if (!(op <= 0x15 || op == NV1_OP_SRCCOPY || blend) || !a) {
        return 0;
    }
    switch (g->pattern_shape & 3) {
    case 1:
        bit = x & 0x3f;
        break;
    case 2:
        bit = y & 0x3f;
        break;
    default:
        bit = (x & 7) | (y & 7) << 3;
        break;
    }
    idx = (g->pattern_bitmap[bit >> 5] >> (bit & 0x1f)) & 1;
    p = nv1_rop_state_downconvert(g->pattern_rgb[idx], wf);
    pa = g->pattern_a[idx];
    if (((op >= 0x09 && op <= 0x15) || op == NV1_OP_BLEND_PS_B ||
         op == NV1_OP_BLEND_PS_IB) && !pa) {
        return 0;
    }
    if (blend) {
        f = nv1_rop_blend_factor(op, a, beta);
        if ((op == NV1_OP_BLEND_DS_AB && beta == 0) ||
            (op == NV1_OP_BLEND_DS_AIB && beta == 0xff)) {
            return 0;
        }
    } else if (((g->debug_a & NV1_PGRAPH_DEBUG_A_NOOP_SKIP) && rop == 0xaa &&
                !plane) ||
               (plane && !(g->plane & (1u << 30)) &&
                (g->debug_a & NV1_PGRAPH_DEBUG_A_PLANE_ALPHA_ENABLE))) {
        return 0;
    }
    for (unsigned buf = 0; buf < 2; buf++) {
        uint64_t addr;
        uint32_t d, res;

        if (!(buf_mask & (1u << buf)) || !model_clip(c, buf, x, y)) {
            continue;
        }
        addr = model_addr(c, buf, x, y);
        d = nv1_rop_convert_fb(c, nv_ld_le(c->vram + addr, bytes), wf);
        if (blend) {
            bool ps = op >= NV1_OP_BLEND_PS_B;
            uint32_t b30 = nv1_rop_blend(f, model_widen(wf, s),
                                         model_widen(wf, ps ? p : d));

            res = wf == NV1_WF_Y8 ? (b30 & 0x3ff) >> 2 :
                  wf == NV1_WF_R5G5B5 ? nv1_rop_to_r5g5b5(c, b30, x, y) : b30;
        } else {
            uint32_t pm = nv1_rop_state_downconvert(g->plane, wf);

            res = nv1_rop_bitwise(rop, p, s, d) & mask;
            if ((g->ctx_switch & NV1_CTX_CHROMA) && (g->chroma & (1u << 30)) &&
                res == nv1_rop_state_downconvert(g->chroma, wf)) {
                continue;
            }
            if (plane) {
                res = (res & pm) | (d & ~pm);
            }
        }
        if (bytes == 2 && wf == NV1_WF_R10G10B10) {
            res = nv1_rop_to_r5g5b5(c, res, x, y);
        }
        res = bytes == 4 ? bypass << 31 | (res & 0x3fffffff) :
              bytes == 2 ? bypass << 15 | (res & 0x7fff) : res & 0xff;
        nv_st_le(c->vram + addr, res, bytes);
        written++;
    }
    return written;
}

/* A blit pixel, its source read as the model reads (docs/nv1.rst "Blit
 * source"). */
static unsigned model_blit(NVCard *c, unsigned x, unsigned y, unsigned sx,
                           unsigned sy)
{
    NV1Pgraph *g = &c->pgraph1;
    unsigned bytes = model_bytes(c);
    unsigned src_buf = (c->pfb.config0 & NV1_PFB_CONFIG_0_DOUBLE_BUFFER) &&
                       (g->ctx_switch & NV1_CTX_ALPHA);
    NV1WorkFormat wf = nv1_rop_working_format(c, true);
    uint32_t raw = 0, s;

    sx &= 0xfff;
    sy &= 0xfff;
    if (sx < (g->canvas_max & 0xfff) && model_clip(c, src_buf, sx, sy)) {
        raw = nv_ld_le(c->vram + model_addr(c, src_buf, sx, sy), bytes);
    }
    if (bytes == 1) {
        s = raw & 0xff;
    } else {
        s = nv1_rop_state_downconvert(bytes == 2 ?
            nv1_rop_convert_fb(c, raw, NV1_WF_R10G10B10) : raw, wf);
    }
    return model_pixel(c, true, x, y, s, 0xff);
}

static unsigned rnd_near(GRand *rnd, unsigned v, int below, int above)
{
    return (v + g_rand_int_range(rnd, -below, above + 1)) & 0xfff;
}

/* Random state of everything the pipeline reads, near (x..x+n, y). */
static void random_pipeline_state(GRand *rnd, TestHost *th, unsigned x,
                                  unsigned y, unsigned n, uint32_t src)
{
    NV1Pgraph *g = gr(th);
    static const uint8_t alphas[] = { 0, 0xff, 0x80 };
    unsigned op = g_rand_int_range(rnd, 0, 10) ? g_rand_int_range(rnd, 0, 0x1d)
                                               : g_rand_int_range(rnd, 0, 0x20);

    set_canvas(th, g_rand_int_range(rnd, 0, 8), g_rand_int_range(rnd, 0, 4),
               g_rand_boolean(rnd));
    g->ctx_switch = op | g_rand_int_range(rnd, 0, 16) << 9 |
                    (g_rand_int(rnd) & (NV1_CTX_CHROMA | NV1_CTX_PLANE |
                                        NV1_CTX_ALPHA));
    g->rop = g_rand_int_range(rnd, 0, 256);
    g->pattern_shape = g_rand_int_range(rnd, 0, 4);
    for (unsigned i = 0; i < 2; i++) {
        g->pattern_bitmap[i] = g_rand_int(rnd);
        g->pattern_rgb[i] = g_rand_int(rnd) & 0x3fffffff;
        g->pattern_a[i] = alphas[g_rand_int_range(rnd, 0, 3)];
    }
    g->chroma = g_rand_int(rnd) & 0x7fffffff;
    if (g_rand_boolean(rnd)) {      /* a key that the source can hit */
        uint8_t a;

        g->chroma = 1u << 30 | nv1_rop_convert_src(&th->card, src,
                                                   NV1_WF_R10G10B10, &a);
    }
    g->plane = g_rand_int(rnd) & 0x7fffffff;
    g->beta = (g_rand_boolean(rnd) ? alphas[g_rand_int_range(rnd, 0, 3)]
                                   : g_rand_int_range(rnd, 0, 256)) << 23;
    g->canvas_config = g_rand_int(rnd) & 0x01111011;
    g->canvas_max = g_rand_int_range(rnd, 0, 0x1000);
    g->debug_a = g_rand_int(rnd) & (NV1_PGRAPH_DEBUG_A_NOOP_SKIP |
                                    NV1_PGRAPH_DEBUG_A_PLANE_ALPHA_ENABLE);
    g->cliprect_config = g_rand_int(rnd) & (NV1_CLIPRECT_COUNT |
                                            NV1_CLIPRECT_OCCLUDED);
    for (unsigned i = 0; i < 2; i++) {
        g->cliprect_min[i] = rnd_near(rnd, y, 2, 1) << 16 |
                             rnd_near(rnd, x, 20, n);
        g->cliprect_max[i] = rnd_near(rnd, y, 0, 3) << 16 |
                             rnd_near(rnd, x, 0, n + 20);
    }
}

/*
 * Random fills (nv1_rop_span, nv1_rop_pixel, nv1_rop_pixel_state) and
 * blits (nv1_rop_blit_span both ways, nv1_rop_blit_pixel) through the
 * pipeline on one card and through model_pixel() on another.
 */
static void test_pipeline_model(void)
{
    GRand *rnd = g_rand_new_with_seed(0x0401);
    TestHost *a = th_new("nv1", 1 << 20), *b = th_new("nv1", 1 << 20);
    unsigned written = 0;

    for (unsigned i = 0; i < (1 << 20) / 4; i++) {
        uint32_t v = g_rand_int(rnd);

        nv_st_le(a->vram + 4 * i, v, 4);
        nv_st_le(b->vram + 4 * i, v, 4);
    }
    for (unsigned n = 0; n < 3000; n++) {
        unsigned len = g_rand_int_range(rnd, 1, 300);
        /* One in five near the right end, to wrap to x = 0. */
        unsigned x = g_rand_int_range(rnd, 0, 5) ?
                     g_rand_int_range(rnd, 0, 0x1000) :
                     0x1000 - g_rand_int_range(rnd, 1, 100);
        unsigned y = g_rand_int_range(rnd, 0, 0x1000);
        unsigned sx = g_rand_int_range(rnd, 0, 0x1000);
        unsigned sy = g_rand_int_range(rnd, 0, 0x1000);
        uint32_t src = g_rand_int(rnd);
        unsigned kind = g_rand_int_range(rnd, 0, 5);
        bool back = g_rand_boolean(rnd);
        NV1Rop r;

        if (g_rand_boolean(rnd)) {          /* overlapping blits */
            sx = rnd_near(rnd, x, 3, 3);
            sy = rnd_near(rnd, y, 1, 1);
        }
        random_pipeline_state(rnd, a, x, y, len, src);
        b->card.pfb.config0 = a->card.pfb.config0;
        b->card.pgraph1 = a->card.pgraph1;
        if (kind >= 3) {
            gr(a)->canvas_max = rnd_near(rnd, sx, 10, len + 10);
            gr(b)->canvas_max = gr(a)->canvas_max;
        }
        nv1_rop_begin(&r, &a->card, kind >= 3);
        switch (kind) {
        case 0:
        case 1: {
            uint8_t alpha;
            uint32_t s = nv1_rop_convert_src(&b->card, src,
                nv1_rop_working_format(&b->card, false), &alpha);

            if (kind) {
                nv1_rop_span(&r, x, y, len, src);
            } else {
                for (unsigned k = 0; k < len; k++) {
                    nv1_rop_pixel(&r, x + k, y, src);
                }
            }
            for (unsigned k = 0; k < len; k++) {
                written += model_pixel(&b->card, false, x + k, y, s, alpha);
            }
            break;
        }
        case 2: {
            uint32_t s = nv1_rop_state_downconvert(src,
                nv1_rop_working_format(&b->card, false));

            for (unsigned k = 0; k < len; k++) {
                nv1_rop_pixel_state(&r, x + k, y, src);
                written += model_pixel(&b->card, false, x + k, y, s,
                                       src & (1u << 30) ? 0xff : 0);
            }
            break;
        }
        default:
            if (kind == 3) {
                nv1_rop_blit_span(&r, x, y, sx, sy, len, back);
            }
            for (unsigned i = 0; i < len; i++) {
                unsigned k = back ? len - 1 - i : i;

                if (kind == 4) {
                    nv1_rop_blit_pixel(&r, x + k, y, sx + k, sy);
                }
                written += model_blit(&b->card, x + k, y, sx + k, sy);
            }
            break;
        }
        g_assert_true(memcmp(a->vram, b->vram, 1 << 20) == 0);
    }
    /* The comparison means something only if pixels were written. */
    g_assert_cmpuint(written, >, 50000);
    g_rand_free(rnd);
    th_free(a);
    th_free(b);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/rop-nv1/convert-src", test_convert_src);
    g_test_add_func("/rop-nv1/convert-fb", test_convert_fb);
    g_test_add_func("/rop-nv1/state-downconvert", test_state_downconvert);
    g_test_add_func("/rop-nv1/working-format", test_working_format);
    g_test_add_func("/rop-nv1/remap", test_remap);
    g_test_add_func("/rop-nv1/bitwise", test_bitwise);
    g_test_add_func("/rop-nv1/dither", test_dither);
    g_test_add_func("/rop-nv1/to-r5g5b5", test_to_r5g5b5);
    g_test_add_func("/rop-nv1/pattern", test_pattern);
    g_test_add_func("/rop-nv1/cliprects", test_cliprects);
    g_test_add_func("/rop-nv1/pixel-addr", test_pixel_addr);
    g_test_add_func("/rop-nv1/blend", test_blend);
    g_test_add_func("/rop-nv1/pixel/formats", test_pixel_formats);
    g_test_add_func("/rop-nv1/pixel/discards", test_pixel_discards);
    g_test_add_func("/rop-nv1/pixel/rop-pattern", test_pixel_rop_pattern);
    g_test_add_func("/rop-nv1/pixel/blend", test_pixel_blend);
    g_test_add_func("/rop-nv1/pixel/buffers", test_pixel_buffers);
    g_test_add_func("/rop-nv1/blit", test_blit);
    g_test_add_func("/rop-nv1/pipeline-model", test_pipeline_model);
    return g_test_run();
}
