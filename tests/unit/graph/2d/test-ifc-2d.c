/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: images from the CPU (IFC) and from memory (SIFM),
 * the way the X driver uploads and Mesa's nv30 driver swizzles them
 * (docs/pgraph.rst "IFC", "SIFM").
 */
#include "test-2d.h"

/* A SURF2D at VRAM 0 in format @fmt with pitch @pitch on SC_CTX. */
static TestHost *surf_new(const char *model, unsigned fmt, uint32_t pitch)
{
    TestHost *th = g2d_new(model);

    memset(th->vram, 0xee, 0x100);
    bind(th, SC_CTX, O_SURF, 0x62);
    mthd(th, SC_CTX, 0x184, DMA_VRAM >> 4);
    mthd(th, SC_CTX, 0x188, DMA_VRAM >> 4);
    mthd(th, SC_CTX, 0x300, fmt);
    mthd(th, SC_CTX, 0x304, pitch << 16 | pitch);
    return th;
}

/*
 * IFC, R5G6B5 (format 1) into R5G6B5 (4), pitch 32, a 3x2 image at
 * (2, 1): rows of 3 pixels take 2 words each, the second half of the
 * second word is padding.  Row 1 lands at 32 + 4, row 2 at 64 + 4.
 */
static void test_ifc_16(void)
{
    TestHost *th = surf_new("nv30", 4, 32);
    static const uint32_t data[] = {
        0x22221111, 0xffff3333, 0x55554444, 0xdead6666,
    };

    bind(th, SC_GDI, O_X, 0x38a);
    mthd(th, SC_GDI, 0x19c, OBJ(O_SURF) >> 4);
    mthd(th, SC_GDI, 0x2fc, 3);
    mthd(th, SC_GDI, 0x300, 1);
    mthd(th, SC_GDI, 0x304, 1 << 16 | 2);
    mthd(th, SC_GDI, 0x308, 2 << 16 | 3);
    mthd(th, SC_GDI, 0x30c, 2 << 16 | 3);
    for (size_t i = 0; i < G_N_ELEMENTS(data); i++) {
        mthd(th, SC_GDI, 0x400 + 4 * i, data[i]);
    }
    g_assert_cmphex(vram16(th, 34), ==, 0xeeee);
    g_assert_cmphex(vram16(th, 36), ==, 0x1111);
    g_assert_cmphex(vram16(th, 38), ==, 0x2222);
    g_assert_cmphex(vram16(th, 40), ==, 0x3333);
    g_assert_cmphex(vram16(th, 42), ==, 0xeeee);
    g_assert_cmphex(vram16(th, 68), ==, 0x4444);
    g_assert_cmphex(vram16(th, 70), ==, 0x5555);
    g_assert_cmphex(vram16(th, 72), ==, 0x6666);
    g_assert_cmphex(vram16(th, 74), ==, 0xeeee);
    g_assert_cmphex(vram16(th, 100), ==, 0xeeee);
    th_free(th);
}

/*
 * IFC, A8R8G8B8 (4) with SRCCOPY_AND into X8R8G8B8 (6), a 2x2 image at
 * (0, 0): alpha 0x80 and 0xff are drawn (top byte written 0), alpha 0
 * dropped.
 */
static void test_ifc_alpha(void)
{
    TestHost *th = surf_new("nv40", 6, 64);

    bind(th, SC_GDI, O_X, 0x8a);
    mthd(th, SC_GDI, 0x19c, OBJ(O_SURF) >> 4);
    mthd(th, SC_GDI, 0x2fc, 0);
    mthd(th, SC_GDI, 0x300, 4);
    mthd(th, SC_GDI, 0x304, 0);
    mthd(th, SC_GDI, 0x308, 2 << 16 | 2);
    mthd(th, SC_GDI, 0x30c, 2 << 16 | 2);
    mthd(th, SC_GDI, 0x400, 0x80112233);
    mthd(th, SC_GDI, 0x404, 0x00445566);
    mthd(th, SC_GDI, 0x408, 0xff778899);
    mthd(th, SC_GDI, 0x40c, 0xffaabbcc);
    g_assert_cmphex(vram32(th, 0), ==, 0x00112233);
    g_assert_cmphex(vram32(th, 4), ==, 0xeeeeeeee);
    g_assert_cmphex(vram32(th, 64), ==, 0x00778899);
    g_assert_cmphex(vram32(th, 68), ==, 0x00aabbcc);
    th_free(th);
}

/* Source image: 4x4 A8R8G8B8 at VRAM 0x1000, pitch 16, (x, y) = 0xff00yyxx. */
static void source(TestHost *th)
{
    for (int y = 0; y < 4; y++) {
        for (int x = 0; x < 4; x++) {
            nv_st_le(th->vram + 0x1000 + 16 * y + 4 * x,
                     0xff000000 | y << 8 | x, 4);
        }
    }
}

static void sifm(TestHost *th, uint32_t surface, uint32_t clip_size,
                 uint32_t out_size, uint32_t step, uint32_t size,
                 uint32_t origin)
{
    mthd(th, SC_BLIT, 0x184, DMA_VRAM >> 4);
    mthd(th, SC_BLIT, 0x198, surface >> 4);
    mthd(th, SC_BLIT, 0x300, 3);
    mthd(th, SC_BLIT, 0x304, 3);
    mthd(th, SC_BLIT, 0x308, 0);
    mthd(th, SC_BLIT, 0x30c, clip_size);
    mthd(th, SC_BLIT, 0x310, 0);
    mthd(th, SC_BLIT, 0x314, out_size);
    mthd(th, SC_BLIT, 0x318, step);
    mthd(th, SC_BLIT, 0x31c, step);
    mthd(th, SC_BLIT, 0x400, size);
    mthd(th, SC_BLIT, 0x404, origin << 16 | 16);
    mthd(th, SC_BLIT, 0x408, 0x1000);
    mthd(th, SC_BLIT, 0x40c, 0);
}

/*
 * SIFM 1:1 into a 4x4 A8R8G8B8 SWZSURF at 0x2000 (as Mesa swizzles):
 * (1, 0) is word 1, (0, 1) word 2, (3, 3) word 15.
 */
static void test_sifm_swizzle(void)
{
    TestHost *th = g2d_new("nv40");

    source(th);
    bind(th, SC_CTX, O_X, 0x309e);
    mthd(th, SC_CTX, 0x184, DMA_VRAM >> 4);
    mthd(th, SC_CTX, 0x300, 2 << 24 | 2 << 16 | 0xa);
    mthd(th, SC_CTX, 0x304, 0x2000);
    bind(th, SC_BLIT, O_BLIT, 0x3089);
    sifm(th, OBJ(O_X), 4 << 16 | 4, 4 << 16 | 4, 1 << 20, 4 << 16 | 4, 1);
    g_assert_cmphex(vram32(th, 0x2000), ==, 0xff000000);
    g_assert_cmphex(vram32(th, 0x2004), ==, 0xff000001);
    g_assert_cmphex(vram32(th, 0x2008), ==, 0xff000100);
    g_assert_cmphex(vram32(th, 0x2010), ==, 0xff000002);
    g_assert_cmphex(vram32(th, 0x203c), ==, 0xff000303);
    th_free(th);
}

/*
 * SIFM scaling by 2 (steps 0.5, ORIGIN CORNER) of the 2x1 top-left of
 * the source into a linear A8R8G8B8 (0xa) surface, pitch 64, clipped to
 * 3 columns: columns sample 0, 0.5, 1, 1.5 -> 0, 0, 1, (1: clipped),
 * both rows sample row 0.
 */
static void test_sifm_scale(void)
{
    TestHost *th = surf_new("nv34", 0xa, 64);

    source(th);
    bind(th, SC_BLIT, O_BLIT, 0x389);
    sifm(th, OBJ(O_SURF), 2 << 16 | 3, 2 << 16 | 4, 1 << 19, 1 << 16 | 2,
         2);
    for (int y = 0; y < 2; y++) {
        g_assert_cmphex(vram32(th, 64 * y), ==, 0xff000000);
        g_assert_cmphex(vram32(th, 64 * y + 4), ==, 0xff000000);
        g_assert_cmphex(vram32(th, 64 * y + 8), ==, 0xff000001);
        g_assert_cmphex(vram32(th, 64 * y + 12), ==, 0xeeeeeeee);
    }
    g_assert_cmphex(vram32(th, 128), ==, 0xeeeeeeee);
    th_free(th);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/2d/ifc/r5g6b5", test_ifc_16);
    g_test_add_func("/2d/ifc/alpha", test_ifc_alpha);
    g_test_add_func("/2d/sifm/swizzle", test_sifm_swizzle);
    g_test_add_func("/2d/sifm/scale", test_sifm_scale);
    return g_test_run();
}
