/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: the GDI class and the context objects it draws
 * with, first as nouveau's fbcon drives them (nv04_fbcon.c: accel_init,
 * fillrect, copyarea, imageblit), then ROP3 with a pattern, the sliced
 * large fill, errors.  Expected bytes are worked out by hand in the
 * comments (docs/pgraph.rst "2D classes").
 */
#include "test-2d.h"

#define FB_W        32          /* xres_virtual */
#define FB_H        8           /* yres_virtual */

/*
 * nv04_fbcon_accel_init for @bpp with line_length @pitch and the
 * framebuffer at VRAM 0; every object gets a handle, which PFIFO turned
 * into the instance >> 4 that arrives here.
 */
static void fbcon_init(TestHost *th, unsigned bpp, uint32_t pitch)
{
    unsigned surface_fmt = bpp == 16 ? 4 : bpp == 8 ? 1 : 6;
    unsigned pattern_fmt = bpp == 16 ? 1 : 3, rect_fmt = pattern_fmt;

    grobj(th, OBJ(O_ROP), 0x43);
    grobj(th, OBJ(O_PATT), 0x44);
    grobj(th, OBJ(O_CLIP), 0x19);
    bind(th, SC_CTX, O_SURF, 0x62);
    mthd(th, SC_CTX, 0x184, DMA_VRAM >> 4);
    mthd(th, SC_CTX, 0x188, DMA_VRAM >> 4);
    mthd(th, SC_CTX, 0x300, surface_fmt);
    mthd(th, SC_CTX, 0x304, pitch | pitch << 16);
    mthd(th, SC_CTX, 0x308, 0);
    mthd(th, SC_CTX, 0x30c, 0);
    mthd(th, SC_CTX, 0, OBJ(O_ROP) >> 4);
    mthd(th, SC_CTX, 0x300, 0x55);
    mthd(th, SC_CTX, 0, OBJ(O_PATT) >> 4);
    mthd(th, SC_CTX, 0x300, pattern_fmt);
    mthd(th, SC_CTX, 0x304, 1);
    mthd(th, SC_CTX, 0x308, 0);
    mthd(th, SC_CTX, 0x30c, 1);
    mthd(th, SC_CTX, 0x310, ~0u);
    mthd(th, SC_CTX, 0x314, ~0u);
    mthd(th, SC_CTX, 0x318, ~0u);
    mthd(th, SC_CTX, 0x31c, ~0u);
    mthd(th, SC_CTX, 0, OBJ(O_CLIP) >> 4);
    mthd(th, SC_CTX, 0x300, 0);
    mthd(th, SC_CTX, 0x304, FB_H << 16 | FB_W);
    bind(th, SC_BLIT, O_BLIT, 0x9f);
    mthd(th, SC_BLIT, 0x19c, OBJ(O_SURF) >> 4);
    mthd(th, SC_BLIT, 0x2fc, 3);
    mthd(th, SC_BLIT, 0x120, 0);
    mthd(th, SC_BLIT, 0x124, 1);
    mthd(th, SC_BLIT, 0x128, 2);
    bind(th, SC_GDI, O_GDI, 0x4a);
    mthd(th, SC_GDI, 0x198, OBJ(O_SURF) >> 4);
    mthd(th, SC_GDI, 0x188, OBJ(O_PATT) >> 4);
    mthd(th, SC_GDI, 0x18c, OBJ(O_ROP) >> 4);
    mthd(th, SC_GDI, 0x304, 1);
    mthd(th, SC_GDI, 0x300, rect_fmt);
    mthd(th, SC_GDI, 0x2fc, 3);
}

static void fbcon_fillrect(TestHost *th, bool xor, uint32_t color, int dx,
                           int dy, int w, int h)
{
    mthd(th, SC_GDI, 0x2fc, xor ? 1 : 3);
    mthd(th, SC_GDI, 0x3fc, color);
    mthd(th, SC_GDI, 0x400, dx << 16 | dy);
    mthd(th, SC_GDI, 0x404, w << 16 | h);
}

static void fbcon_copyarea(TestHost *th, int sx, int sy, int dx, int dy,
                           int w, int h)
{
    mthd(th, SC_BLIT, 0x300, sy << 16 | sx);
    mthd(th, SC_BLIT, 0x304, dy << 16 | dx);
    mthd(th, SC_BLIT, 0x308, h << 16 | w);
}

/* An 8x2 glyph: rows 0xa5, 0x3c, one data word (LE bytes). */
static void fbcon_imageblit(TestHost *th, uint32_t fg, uint32_t bg, int dx,
                            int dy)
{
    mthd(th, SC_GDI, 0xbe4, dy << 16 | dx);
    mthd(th, SC_GDI, 0xbe8, (dy + 2) << 16 | (dx + 8));
    mthd(th, SC_GDI, 0xbec, bg);
    mthd(th, SC_GDI, 0xbf0, fg);
    mthd(th, SC_GDI, 0xbf4, 2 << 16 | 8);
    mthd(th, SC_GDI, 0xbf8, 2 << 16 | 8);
    mthd(th, SC_GDI, 0xbfc, dy << 16 | dx);
    mthd(th, SC_GDI, 0xc00, 0x00003ca5);
}

/* The glyph's pixels (CGA6: leftmost pixel in each byte's bit 7). */
static const bool glyph[2][8] = {
    { 1, 0, 1, 0, 0, 1, 0, 1 },     /* 0xa5 */
    { 0, 0, 1, 1, 1, 1, 0, 0 },     /* 0x3c */
};

/*
 * nv40, 32 bpp (surface format 6, X8R8G8B8_Z8R8G8B8: the top byte is
 * written 0), pitch 128; VRAM starts as 0xee bytes.
 */
static void test_fbcon_nv40_32(void)
{
    TestHost *th = g2d_new("nv40");

    memset(th->vram, 0xee, 0x1000);
    fbcon_init(th, 32, 128);
    /* (2..4, 1..2): 1 * 128 + 2 * 4 = 136 on */
    fbcon_fillrect(th, false, 0x00ff8040, 2, 1, 3, 2);
    g_assert_cmphex(vram32(th, 132), ==, 0xeeeeeeee);
    g_assert_cmphex(vram32(th, 136), ==, 0x00ff8040);
    g_assert_cmphex(vram32(th, 144), ==, 0x00ff8040);
    g_assert_cmphex(vram32(th, 148), ==, 0xeeeeeeee);
    g_assert_cmphex(vram32(th, 2 * 128 + 16), ==, 0x00ff8040);
    g_assert_cmphex(vram32(th, 3 * 128 + 8), ==, 0xeeeeeeee);
    /* ROP_AND, ROP 0x55 = NOT D at (3, 2): ~0x00ff8040 & 0xffffff */
    fbcon_fillrect(th, true, 0x12345678, 3, 2, 1, 1);
    g_assert_cmphex(vram32(th, 2 * 128 + 12), ==, 0x00007fbf);
    /* (2..4, 1..2) to (10..12, 4..5): 4 * 128 + 40 = 552, 5 * 128 + 40 */
    fbcon_copyarea(th, 2, 1, 10, 4, 3, 2);
    g_assert_cmphex(vram32(th, 548), ==, 0xeeeeeeee);
    g_assert_cmphex(vram32(th, 552), ==, 0x00ff8040);
    g_assert_cmphex(vram32(th, 560), ==, 0x00ff8040);
    g_assert_cmphex(vram32(th, 564), ==, 0xeeeeeeee);
    g_assert_cmphex(vram32(th, 680), ==, 0x00ff8040);
    g_assert_cmphex(vram32(th, 684), ==, 0x00007fbf);
    g_assert_cmphex(vram32(th, 688), ==, 0x00ff8040);
    /* back to SRCCOPY (the glyph draws with the GDI's last OPERATION) */
    fbcon_fillrect(th, false, 0x00123456, 20, 0, 1, 1);
    g_assert_cmphex(vram32(th, 80), ==, 0x00123456);
    /* DMA_FONTS, which the X driver binds (rnndb NV4_GDI 0x184), is a
     * method of the class: no error */
    mthd(th, SC_GDI, 0x184, DMA_VRAM >> 4);
    g_assert_cmphex(th_rd(th, 0x400100), ==, 0);
    /* the glyph at (0, 6): 6 * 128 = 768 + 4 * i, row 7 at 896 */
    fbcon_imageblit(th, 0x00ffffff, 0x00000000, 0, 6);
    for (int r = 0; r < 2; r++) {
        for (int i = 0; i < 8; i++) {
            g_assert_cmphex(vram32(th, (6 + r) * 128 + 4 * i), ==,
                            glyph[r][i] ? 0x00ffffff : 0);
        }
    }
    g_assert_cmphex(vram32(th, 768 + 32), ==, 0xeeeeeeee);
    g_assert_cmphex(th_rd(th, 0x400100), ==, 0);
    th_free(th);
}

/* nv20, 16 bpp (surface format 4 R5G6B5, GDI format 1), pitch 64. */
static void test_fbcon_nv20_16(void)
{
    TestHost *th = g2d_new("nv20");

    memset(th->vram, 0xee, 0x1000);
    fbcon_init(th, 16, 64);
    /* (2..4, 1..2): 64 + 4 = 68 on */
    fbcon_fillrect(th, false, 0xf81f, 2, 1, 3, 2);
    g_assert_cmphex(vram16(th, 66), ==, 0xeeee);
    g_assert_cmphex(vram16(th, 68), ==, 0xf81f);
    g_assert_cmphex(vram16(th, 72), ==, 0xf81f);
    g_assert_cmphex(vram16(th, 74), ==, 0xeeee);
    g_assert_cmphex(vram16(th, 128 + 8), ==, 0xf81f);
    /* NOT D at (3, 2): 128 + 6 = 134, ~0xf81f = 0x07e0 */
    fbcon_fillrect(th, true, 0, 3, 2, 1, 1);
    g_assert_cmphex(vram16(th, 134), ==, 0x07e0);
    /* to (10..12, 4..5): 4 * 64 + 20 = 276, 5 * 64 + 20 = 340 */
    fbcon_copyarea(th, 2, 1, 10, 4, 3, 2);
    g_assert_cmphex(vram16(th, 274), ==, 0xeeee);
    g_assert_cmphex(vram16(th, 276), ==, 0xf81f);
    g_assert_cmphex(vram16(th, 280), ==, 0xf81f);
    g_assert_cmphex(vram16(th, 282), ==, 0xeeee);
    g_assert_cmphex(vram16(th, 340), ==, 0xf81f);
    g_assert_cmphex(vram16(th, 342), ==, 0x07e0);
    g_assert_cmphex(vram16(th, 344), ==, 0xf81f);
    fbcon_fillrect(th, false, 0x1234, 20, 0, 1, 1);
    g_assert_cmphex(vram16(th, 40), ==, 0x1234);
    /* the glyph at (4, 6): 6 * 64 + 8 = 392 + 2 * i, row 7 at 456 */
    fbcon_imageblit(th, 0xffff, 0x0000, 4, 6);
    for (int r = 0; r < 2; r++) {
        for (int i = 0; i < 8; i++) {
            g_assert_cmphex(vram16(th, (6 + r) * 64 + 8 + 2 * i), ==,
                            glyph[r][i] ? 0xffff : 0);
        }
    }
    g_assert_cmphex(vram16(th, 390), ==, 0xeeee);
    g_assert_cmphex(vram16(th, 408), ==, 0xeeee);
    g_assert_cmphex(th_rd(th, 0x400100), ==, 0);
    th_free(th);
}

/*
 * ROP3 with a mono pattern, 8 bpp (Y8, pitch 16): an 8x8 checkerboard
 * (BITMAP 0x55aa55aa in LE: row 0 bits 0-7 = 0xaa, so pixel x of row 0
 * is colour 1 when x is odd; rows alternate), colours 0x0f and 0xf0, ROP
 * 0x6c = S xor (P and D): 0x6c has bits 2, 3, 5, 6 set, i.e. true for
 * (P,S,D) = 010, 011, 101, 110: S xor (P and D).  Destination 0x3c,
 * source 0x81 (X8R8G8B8, Y8 takes the low byte):
 * odd x of row 0: P = 0xf0: 0x81 ^ (0xf0 & 0x3c) = 0x81 ^ 0x30 = 0xb1;
 * even x: P = 0x0f: 0x81 ^ (0x0f & 0x3c) = 0x81 ^ 0x0c = 0x8d.
 */
static void test_rop_pattern(void)
{
    TestHost *th = g2d_new("nv25");

    memset(th->vram, 0x3c, 0x100);
    fbcon_init(th, 8, 16);
    mthd(th, SC_CTX, 0, OBJ(O_ROP) >> 4);
    mthd(th, SC_CTX, 0x300, 0x6c);
    mthd(th, SC_CTX, 0, OBJ(O_PATT) >> 4);
    mthd(th, SC_CTX, 0x304, 2);             /* LE */
    mthd(th, SC_CTX, 0x310, 0x0f);
    mthd(th, SC_CTX, 0x314, 0xf0);
    mthd(th, SC_CTX, 0x318, 0x55aa55aa);
    mthd(th, SC_CTX, 0x31c, 0x55aa55aa);
    /* the pattern sits in its PGRAPH registers */
    g_assert_cmphex(th_rd(th, 0x400b18), ==, 0x55aa55aa);
    g_assert_cmphex(th_rd(th, 0x400b14), ==, 0xf0);
    g_assert_cmphex(th_rd(th, 0x400b00), ==, 0x6c);
    g_assert_cmphex(th_rd(th, 0x400b20), ==, 0);
    fbcon_fillrect(th, true, 0x81, 0, 0, 4, 2);
    /* row 0: x 0..3 = 8d b1 8d b1; row 1 (bits 8-15 = 0x55): b1 8d b1 8d */
    g_assert_cmphex(vram32(th, 0), ==, 0xb18db18d);
    g_assert_cmphex(vram32(th, 16), ==, 0x8db18db1);
    g_assert_cmphex(vram32(th, 4), ==, 0x3c3c3c3c);
    /* CGA6 reverses each byte: 0x01 -> 0x80, pixel 7 of row 0 only */
    mthd(th, SC_CTX, 0x304, 1);
    mthd(th, SC_CTX, 0x318, 0x00000001);
    g_assert_cmphex(th_rd(th, 0x400b18), ==, 0x80);
    th_free(th);
}

/*
 * A colour pattern (TYPE 2, X8R8G8B8 cells) with PATCOPY (0xf0) at
 * 32 bpp, format 0xa A8R8G8B8 (all 32 bits written; the cells are
 * R8G8B8, so opaque: alpha 0xff): cell (x&7, y&7) = 0x010000 * y + x,
 * so pixel (9, 2) shows cell (1, 2) = 0xff020001.
 */
static void test_color_pattern(void)
{
    TestHost *th = g2d_new("nv30");

    fbcon_init(th, 32, 64);
    mthd(th, SC_CTX, 0, OBJ(O_SURF) >> 4);
    mthd(th, SC_CTX, 0x300, 0xa);
    mthd(th, SC_CTX, 0, OBJ(O_ROP) >> 4);
    mthd(th, SC_CTX, 0x300, 0xf0);
    mthd(th, SC_CTX, 0, OBJ(O_PATT) >> 4);
    mthd(th, SC_CTX, 0x30c, 2);
    for (int i = 0; i < 64; i++) {
        mthd(th, SC_CTX, 0x700 + 4 * i, 0xff000000 | (i >> 3) << 16 | (i & 7));
    }
    g_assert_cmphex(th_rd(th, 0x400a04), ==, 0x000001);   /* 24 bits */
    g_assert_cmphex(th_rd(th, 0x400b20), ==, 0x10);
    fbcon_fillrect(th, true, 0, 8, 2, 2, 1);
    g_assert_cmphex(vram32(th, 2 * 64 + 32), ==, 0xff020000);
    g_assert_cmphex(vram32(th, 2 * 64 + 36), ==, 0xff020001);
    /* R5G6B5 cells widen: 0xffff -> 0xffffff, 0x8410 -> 0x848284 */
    mthd(th, SC_CTX, 0x500, 0x8410ffff);
    g_assert_cmphex(th_rd(th, 0x400a00), ==, 0xffffff);
    g_assert_cmphex(th_rd(th, 0x400a04), ==, 0x848284);
    th_free(th);
}

/*
 * Clipped rectangles (B) and a one-colour bitmap (C), 32 bpp format 6,
 * pitch 64.  B: clip (1, 1)-(3, 3), rectangle (0, 0)-(4, 2): drawn
 * (1..2, 1).  C: 4x2 LE bits 0x5 | 0xa << 4 at (8, 0), clip to x < 11:
 * row 0 pixels 0, 2 set; row 1 pixels 1, 3 set but 3 is x = 11.
 */
static void test_gdi_b_c(void)
{
    TestHost *th = g2d_new("nv34");

    memset(th->vram, 0xee, 0x200);
    fbcon_init(th, 32, 64);
    mthd(th, SC_GDI, 0x304, 2);             /* LE */
    mthd(th, SC_GDI, 0x5f4, 1 << 16 | 1);
    mthd(th, SC_GDI, 0x5f8, 3 << 16 | 3);
    mthd(th, SC_GDI, 0x5fc, 0x000000aa);
    mthd(th, SC_GDI, 0x600, 0);
    mthd(th, SC_GDI, 0x604, 2 << 16 | 4);
    g_assert_cmphex(vram32(th, 64), ==, 0xeeeeeeee);
    g_assert_cmphex(vram32(th, 68), ==, 0xaa);
    g_assert_cmphex(vram32(th, 72), ==, 0xaa);
    g_assert_cmphex(vram32(th, 76), ==, 0xeeeeeeee);
    g_assert_cmphex(vram32(th, 4), ==, 0xeeeeeeee);
    mthd(th, SC_GDI, 0x7ec, 0);
    mthd(th, SC_GDI, 0x7f0, 8 << 16 | 11);
    mthd(th, SC_GDI, 0x7f4, 0x00bbbbbb);
    mthd(th, SC_GDI, 0x7f8, 2 << 16 | 4);
    mthd(th, SC_GDI, 0x7fc, 0 << 16 | 8);
    mthd(th, SC_GDI, 0x800, 0xa5);
    g_assert_cmphex(vram32(th, 32), ==, 0x00bbbbbb);
    g_assert_cmphex(vram32(th, 36), ==, 0xeeeeeeee);
    g_assert_cmphex(vram32(th, 40), ==, 0x00bbbbbb);
    g_assert_cmphex(vram32(th, 44), ==, 0xeeeeeeee);
    g_assert_cmphex(vram32(th, 64 + 32), ==, 0xeeeeeeee);
    g_assert_cmphex(vram32(th, 64 + 36), ==, 0x00bbbbbb);
    g_assert_cmphex(vram32(th, 64 + 44), ==, 0xeeeeeeee);
    th_free(th);
}

/*
 * 1024x768 at 32 bpp is 786432 pixels, 3072 units of 256: the method
 * does 16 (4096 pixels, rows 0-3) and PGRAPH stays busy, taking no
 * method, until nv20_pgraph_run() has done the other 3056.
 */
static void test_sliced_fill(void)
{
    TestHost *th = g2d_new("nv40");

    fbcon_init(th, 32, 4096);
    mthd(th, SC_GDI, 0x3fc, 0x00445566);
    mthd(th, SC_GDI, 0x400, 0);
    mthd(th, SC_GDI, 0x404, 1024 << 16 | 768);
    g_assert_true(nv20_pgraph_busy(&th->card));
    g_assert_cmphex(vram32(th, 3 * 4096 + 4092), ==, 0x00445566);
    g_assert_cmphex(vram32(th, 4 * 4096), ==, 0);
    g_assert_false(nv20_pgraph_method(&th->card, SC_GDI, 0x3fc, 0));
    g_assert_cmpuint(drain(th), ==, 3056);
    g_assert_cmphex(vram32(th, 767 * 4096 + 4092), ==, 0x00445566);
    g_assert_cmphex(vram32(th, 767 * 4096 + 4096), ==, 0);
    g_assert_cmphex(th->card.pgraph20.g2d.gdi.color1_a, ==, 0x00445566);
    th_free(th);
}

/*
 * A fill past the surface's DMA object (256 bytes, 64 pixels): the
 * second row of a 64x2 fill faults, DMA_W_PROTECTION (NSOURCE bit 8)
 * stops PGRAPH; the first row was drawn.
 */
static void test_dma_fault(void)
{
    TestHost *th = g2d_new("nv20");

    fbcon_init(th, 32, 256);
    mthd(th, SC_CTX, 0, OBJ(O_SURF) >> 4);
    mthd(th, SC_CTX, 0x188, DMA_SMALL >> 4);
    mthd(th, SC_GDI, 0x3fc, 0x00010203);
    mthd(th, SC_GDI, 0x400, 0);
    mthd(th, SC_GDI, 0x404, 64 << 16 | 2);
    g_assert_cmphex(nsource(th), ==, NV20_NSOURCE_DMA_W_PROTECTION);
    g_assert_false(nv20_pgraph_busy(&th->card) &&
                   th->card.pgraph20.g2d.job.kind);
    g_assert_cmphex(vram32(th, SMALL_VRAM + 252), ==, 0x00010203);
    g_assert_cmphex(vram32(th, SMALL_VRAM + 256), ==, 0);
    th_free(th);
}

/*
 * Errors: a method GDI does not have (0x1000, the font methods not
 * modelled; 0x200, NV4's patchcord), a bad enum, a surface link to a ROP
 * object, drawing with no surface; and classes a chip does not have
 * (Kelvin keeps 8 class bits: 0x39e would be 0x9e there).
 */
static void test_errors(void)
{
    static const struct { uint32_t m, d, nsource; } bad[] = {
        { 0x1000, 0, NV20_NSOURCE_ILLEGAL_MTHD },
        { 0x200, 0, NV20_NSOURCE_ILLEGAL_MTHD },
        { 0x300, 7, NV20_NSOURCE_DATA_ERROR },
        { 0x2fc, 6, NV20_NSOURCE_DATA_ERROR },
        { 0x198, OBJ(O_ROP) >> 4, NV20_NSOURCE_DATA_ERROR },
    };

    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        TestHost *th = g2d_new("nv40");

        g_test_message("method 0x%04x", bad[i].m);
        fbcon_init(th, 32, 128);
        mthd(th, SC_GDI, bad[i].m, bad[i].d);
        g_assert_cmphex(nsource(th), ==, bad[i].nsource);
        g_assert_cmphex(th_rd(th, 0x400704), ==, SC_GDI << 16 | bad[i].m);
        g_assert_cmphex(th_rd(th, 0x400708), ==, bad[i].d);
        th_free(th);
    }
    {
        TestHost *th = g2d_new("nv40");

        fbcon_init(th, 32, 128);
        grobj(th, OBJ(O_NULL), 0x30);
        mthd(th, SC_GDI, 0x198, OBJ(O_NULL) >> 4);
        mthd(th, SC_GDI, 0x404, 1 << 16 | 1);
        g_assert_cmphex(nsource(th), ==, NV20_NSOURCE_STATE_INVALID);
        th_free(th);
    }
    {
        TestHost *th = g2d_new("nv20");

        g_assert_null(nv2d_class(&th->card, 0x362));
        g_assert_null(nv2d_class(&th->card, 0x3089));
        g_assert_nonnull(nv2d_class(&th->card, 0x9e));
        th_free(th);
    }
    {
        /* Curie keeps 16 class bits, so a Rankine class stays one */
        TestHost *th = g2d_new("nv44");

        g_assert_nonnull(nv2d_class(&th->card, 0x3062));
        g_assert_nonnull(nv2d_class(&th->card, 0x309e));
        g_assert_null(nv2d_class(&th->card, 0x9e));
        g_assert_null(nv2d_class(&th->card, 0x362));
        bind(th, SC_X, O_X, 0x39e);
        mthd(th, SC_X, 0x300, 1);
        g_assert_cmphex(nsource(th), ==, NV20_NSOURCE_ILLEGAL_MTHD);
        th_free(th);
    }
}

/*
 * The context objects' registers (ctxobj.rst): BETA keeps bits 23-30 and
 * stores 0 for a negative value; BETA4 keeps all; a ROP above 0xff is
 * DATA_ERROR and stores nothing.  CLIP: CORNER (1, 2) then CORNER (5, 6)
 * gives min (1, 2), max (5, 6); then SIZE (3, 4) moves (5, 6) into the
 * minimum and adds: max (8, 10).
 */
static void test_context_objects(void)
{
    TestHost *th = g2d_new("nv34");
    NV2dState *s = &th->card.pgraph20.g2d;

    bind(th, SC_CTX, O_X, 0x12);
    mthd(th, SC_CTX, 0x300, 0x7fffffff);
    g_assert_cmphex(th_rd(th, 0x400b04), ==, 0x7f800000);
    mthd(th, SC_CTX, 0x300, 0x80000000);
    g_assert_cmphex(th_rd(th, 0x400b04), ==, 0);
    bind(th, SC_CTX, O_X + 1, 0x72);
    mthd(th, SC_CTX, 0x300, 0x11223344);
    g_assert_cmphex(th_rd(th, 0x400b08), ==, 0x11223344);
    bind(th, SC_CTX, O_CLIP, 0x19);
    mthd(th, SC_CTX, 0x300, 2 << 16 | 1);
    mthd(th, SC_CTX, 0x300, 6 << 16 | 5);
    g_assert_cmphex(s->clip_min, ==, 2 << 16 | 1);
    g_assert_cmphex(s->clip_max, ==, 6 << 16 | 5);
    mthd(th, SC_CTX, 0x304, 4 << 16 | 3);
    g_assert_cmphex(s->clip_min, ==, 6 << 16 | 5);
    g_assert_cmphex(s->clip_max, ==, 10 << 16 | 8);
    bind(th, SC_CTX, O_ROP, 0x43);
    mthd(th, SC_CTX, 0x300, 0x1cc);
    g_assert_cmphex(nsource(th), ==, NV20_NSOURCE_DATA_ERROR);
    g_assert_cmphex(th_rd(th, 0x400b00), ==, 0);
    th_free(th);
}

/*
 * 2D state belongs to the channel's context: a surface format set in
 * context A is gone after loading a fresh context B and back after
 * loading A (Kelvin's CHANNEL_CTX_POINTER/XFER, as nouveau's gr fini).
 */
static void test_context_switch(void)
{
    TestHost *th = g2d_new("nv20");

    bind(th, SC_CTX, O_SURF, 0x62);
    mthd(th, SC_CTX, 0x300, 4);
    th_wr(th, 0x400784, CTX_IMAGE >> 4);
    th_wr(th, 0x400788, 2);                 /* save A */
    th->card.pgraph20.g2d.surf.format = 0;  /* as a fresh context B */
    th_wr(th, 0x400784, (CTX_IMAGE + 0x1000) >> 4);
    th_wr(th, 0x400788, 2);                 /* save B */
    th_wr(th, 0x400784, CTX_IMAGE >> 4);
    th_wr(th, 0x400788, 1);                 /* load A */
    g_assert_cmpuint(th->card.pgraph20.g2d.surf.format, ==, 4);
    th_wr(th, 0x400784, (CTX_IMAGE + 0x1000) >> 4);
    th_wr(th, 0x400788, 1);                 /* load B */
    g_assert_cmpuint(th->card.pgraph20.g2d.surf.format, ==, 0);
    th_free(th);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/2d/gdi/fbcon/nv40-32bpp", test_fbcon_nv40_32);
    g_test_add_func("/2d/gdi/fbcon/nv20-16bpp", test_fbcon_nv20_16);
    g_test_add_func("/2d/gdi/rop-pattern", test_rop_pattern);
    g_test_add_func("/2d/gdi/color-pattern", test_color_pattern);
    g_test_add_func("/2d/gdi/clipped-b-c", test_gdi_b_c);
    g_test_add_func("/2d/gdi/sliced-fill", test_sliced_fill);
    g_test_add_func("/2d/gdi/dma-fault", test_dma_fault);
    g_test_add_func("/2d/gdi/errors", test_errors);
    g_test_add_func("/2d/context-objects", test_context_objects);
    g_test_add_func("/2d/context-switch", test_context_switch);
    return g_test_run();
}
