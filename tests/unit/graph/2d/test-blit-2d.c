/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: BLIT (class 0x9f) onto itself in every direction,
 * with a user clip, with a ROP, into a swizzled surface
 * (docs/pgraph.rst "BLIT").
 */
#include "test-2d.h"

#define PITCH   16

/* Y8 at 8 bpp, pitch 16, both surfaces at VRAM 0; BLIT on SC_BLIT. */
static TestHost *blit_new(const char *model, unsigned fmt, uint32_t pitch)
{
    TestHost *th = g2d_new(model);

    bind(th, SC_CTX, O_SURF, 0x62);
    mthd(th, SC_CTX, 0x184, DMA_VRAM >> 4);
    mthd(th, SC_CTX, 0x188, DMA_VRAM >> 4);
    mthd(th, SC_CTX, 0x300, fmt);
    mthd(th, SC_CTX, 0x304, pitch << 16 | pitch);
    bind(th, SC_BLIT, O_BLIT, 0x9f);
    mthd(th, SC_BLIT, 0x19c, OBJ(O_SURF) >> 4);
    mthd(th, SC_BLIT, 0x2fc, 3);
    return th;
}

static void blit(TestHost *th, int sx, int sy, int dx, int dy, int w, int h)
{
    mthd(th, SC_BLIT, 0x300, sy << 16 | sx);
    mthd(th, SC_BLIT, 0x304, dy << 16 | dx);
    mthd(th, SC_BLIT, 0x308, h << 16 | w);
}

/* 16x8 bytes, byte (x, y) = y << 4 | x. */
static void grid(TestHost *th)
{
    for (int i = 0; i < 128; i++) {
        th->vram[i] = i;
    }
}

static uint8_t px(TestHost *th, int x, int y)
{
    return th->vram[y * PITCH + x];
}

/*
 * Copies onto themselves read each source pixel before it is written:
 * (0, 0) 4x3 to (1, 1) leaves (1 + i, 1 + j) = j << 4 | i; the way back
 * (1, 1) to (0, 0) gives (i, j) = (1 + j) << 4 | (1 + i); along a row,
 * (0, 0) 5x1 to (2, 0) gives (2 + i, 0) = i.
 */
static void test_overlap(void)
{
    TestHost *th = blit_new("nv30", 1, PITCH);

    grid(th);
    blit(th, 0, 0, 1, 1, 4, 3);
    for (int j = 0; j < 3; j++) {
        for (int i = 0; i < 4; i++) {
            g_assert_cmphex(px(th, 1 + i, 1 + j), ==, j << 4 | i);
        }
    }
    g_assert_cmphex(px(th, 0, 0), ==, 0x00);
    g_assert_cmphex(px(th, 5, 1), ==, 0x15);
    g_assert_cmphex(px(th, 1, 4), ==, 0x41);
    grid(th);
    blit(th, 1, 1, 0, 0, 4, 3);
    for (int j = 0; j < 3; j++) {
        for (int i = 0; i < 4; i++) {
            g_assert_cmphex(px(th, i, j), ==, (1 + j) << 4 | (1 + i));
        }
    }
    grid(th);
    blit(th, 0, 0, 2, 0, 5, 1);
    for (int i = 0; i < 5; i++) {
        g_assert_cmphex(px(th, 2 + i, 0), ==, i);
    }
    g_assert_cmphex(px(th, 7, 0), ==, 0x07);
    th_free(th);
}

/*
 * The user clip: CLIP POINT (1, 0), SIZE (2, 8) passes x = 1, 2 only;
 * (8, 0) 4x1 to (0, 0) writes 0x09, 0x0a at x = 1, 2.  Unlinked (NULL),
 * the whole row is written.
 */
static void test_clip(void)
{
    TestHost *th = blit_new("nv40", 1, PITCH);

    grid(th);
    bind(th, SC_CTX, O_CLIP, 0x19);
    mthd(th, SC_CTX, 0x300, 1);
    mthd(th, SC_CTX, 0x304, 8 << 16 | 2);
    mthd(th, SC_BLIT, 0x188, OBJ(O_CLIP) >> 4);
    blit(th, 8, 0, 0, 0, 4, 1);
    g_assert_cmphex(vram32(th, 0), ==, 0x030a0900);
    grobj(th, OBJ(O_NULL), 0x30);
    mthd(th, SC_BLIT, 0x188, OBJ(O_NULL) >> 4);
    blit(th, 8, 0, 0, 0, 4, 1);
    g_assert_cmphex(vram32(th, 0), ==, 0x0b0a0908);
    th_free(th);
}

/*
 * ROP_AND with SRCINVERT (0x66, S xor D) at 32 bpp A8R8G8B8 (0xa):
 * 0x11223344 ^ 0xff00ff00 = 0xee22cc44.
 */
static void test_rop(void)
{
    TestHost *th = blit_new("nv25", 0xa, 64);

    bind(th, SC_CTX, O_ROP, 0x43);
    mthd(th, SC_CTX, 0x300, 0x66);
    mthd(th, SC_BLIT, 0x190, OBJ(O_ROP) >> 4);
    mthd(th, SC_BLIT, 0x2fc, 1);
    nv_st_le(th->vram + 0, 0x11223344, 4);
    nv_st_le(th->vram + 64, 0xff00ff00, 4);
    blit(th, 0, 0, 0, 1, 1, 1);
    g_assert_cmphex(vram32(th, 64), ==, 0xee22cc44);
    g_assert_cmphex(vram32(th, 0), ==, 0x11223344);
    th_free(th);
}

/*
 * Into a 4x4 Y8 swizzled surface (SWZSURF, U = V = 2) at 0x100: address
 * bits are x0 y0 x1 y1 from bit 0, so (1, 0) is byte 1, (0, 1) byte 2,
 * (2, 0) byte 4, (3, 3) byte 15; the source is the grid.
 */
static void test_swizzled(void)
{
    TestHost *th = blit_new("nv20", 1, PITCH);

    grid(th);
    bind(th, SC_CTX, O_X, 0x9e);
    mthd(th, SC_CTX, 0x184, DMA_VRAM >> 4);
    mthd(th, SC_CTX, 0x300, 2 << 24 | 2 << 16 | 1);
    mthd(th, SC_CTX, 0x304, 0x100);
    mthd(th, SC_BLIT, 0x19c, OBJ(O_X) >> 4);
    blit(th, 0, 0, 0, 0, 5, 4);
    g_assert_cmphex(th->vram[0x100], ==, 0x00);
    g_assert_cmphex(th->vram[0x101], ==, 0x01);
    g_assert_cmphex(th->vram[0x102], ==, 0x10);
    g_assert_cmphex(th->vram[0x104], ==, 0x02);
    g_assert_cmphex(th->vram[0x10f], ==, 0x33);
    g_assert_cmphex(th->vram[0x110], ==, 0);   /* x = 4 is outside */
    th_free(th);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/2d/blit/overlap", test_overlap);
    g_test_add_func("/2d/blit/clip", test_clip);
    g_test_add_func("/2d/blit/rop", test_rop);
    g_test_add_func("/2d/blit/swizzled", test_swizzled);
    return g_test_run();
}
