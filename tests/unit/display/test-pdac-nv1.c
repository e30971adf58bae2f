/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: NV1 PDAC (docs/hw/display/nv1/pdac.rst), scanout and the
 * VBLANK interrupt.
 */
#include <glib.h>

#include "test-host.h"

#define DAC(r)      (0x609000 + (r))
#define PFB(r)      (0x600000 + (r))

static void test_ids(void)
{
    TestHost *th = th_new("nv1", 0);

    /* Inner registers 0-2 through INDEX/DATA, auto-incrementing: SGS
     * (0x44), STG1764 (0x64), revision 0xb2. */
    th_wr(th, DAC(0x10), 0);
    th_wr(th, DAC(0x14), 0);
    g_assert_cmphex(th_rd(th, DAC(0x18)), ==, 0x44);
    g_assert_cmphex(th_rd(th, DAC(0x18)), ==, 0x64);
    g_assert_cmphex(th_rd(th, DAC(0x18)), ==, 0xb2);
    g_assert_cmphex(th_rd(th, DAC(0x10)), ==, 3);
    /* Carry from low into high: 0x00ff + 1 = 0x0100. */
    th_wr(th, DAC(0x10), 0xff);
    th_rd(th, DAC(0x18));
    g_assert_cmphex(th_rd(th, DAC(0x10)), ==, 0);
    g_assert_cmphex(th_rd(th, DAC(0x14)), ==, 1);
    /* 8-bit bus: high bits of a write are dropped. */
    th_wr(th, DAC(0x08), 0x1234);
    g_assert_cmphex(th_rd(th, DAC(0x08)), ==, 0x34);
    th_free(th);
}

static void test_palette(void)
{
    TestHost *th = th_new("nv1", 0);

    /* PAL_WRITE 5 then red, green, blue; the index moves on to 6. */
    th_wr(th, DAC(0x00), 5);
    th_wr(th, DAC(0x04), 0x11);
    th_wr(th, DAC(0x04), 0x22);
    th_wr(th, DAC(0x04), 0x33);
    g_assert_cmphex(th_rd(th, DAC(0x00)), ==, 6);
    /* PAL_STATE: after PAL_WRITE and no data, red (1) in WRITE mode. */
    th_wr(th, DAC(0x00), 7);
    th_wr(th, DAC(0x10), 9);
    g_assert_cmphex(th_rd(th, DAC(0x18)), ==, 0x01);
    /* PAL_READ 5 sets index 6; data reads entry 6 - 1 = 5. */
    th_wr(th, DAC(0x0c), 5);
    g_assert_cmphex(th_rd(th, DAC(0x0c)), ==, 6);
    g_assert_cmphex(th_rd(th, DAC(0x04)), ==, 0x11);
    g_assert_cmphex(th_rd(th, DAC(0x04)), ==, 0x22);
    g_assert_cmphex(th_rd(th, DAC(0x04)), ==, 0x33);
    /* PAL_STATE in READ mode, colour back to red: 0x30 | 0x01. */
    th_wr(th, DAC(0x10), 9);
    g_assert_cmphex(th_rd(th, DAC(0x18)), ==, 0x31);
    /* With CONFIG_0 bit 4 PAL_READ returns the mode (3). */
    th_wr(th, DAC(0x10), 4);
    th_wr(th, DAC(0x18), 0x10);
    g_assert_cmphex(th_rd(th, DAC(0x0c)), ==, 3);
    /* VGA width (PAL_STATE bit 7): 0x3f is stored as 0xfc, read as 0x3f. */
    th_wr(th, DAC(0x10), 9);
    th_wr(th, DAC(0x18), 0x80);
    th_wr(th, DAC(0x00), 1);
    th_wr(th, DAC(0x04), 0x3f);
    th_wr(th, DAC(0x04), 0);
    th_wr(th, DAC(0x04), 0);
    g_assert_cmphex(th->card.pdac1.palette[0][3], ==, 0xfc);
    th_wr(th, DAC(0x0c), 1);
    g_assert_cmphex(th_rd(th, DAC(0x04)), ==, 0x3f);
    th_free(th);
}

static void set_entry(TestHost *th, unsigned i, uint8_t r, uint8_t g, uint8_t b)
{
    th_wr(th, DAC(0x00), i);
    th_wr(th, DAC(0x04), r);
    th_wr(th, DAC(0x04), g);
    th_wr(th, DAC(0x04), b);
}

/* A 4x2 mode at START 0x10 in each pixel size. */
static void scan(TestHost *th, unsigned bpp, uint32_t *out, unsigned y)
{
    NV1Scanout m;

    th_wr(th, PFB(0x200), bpp << 8);
    th_wr(th, PFB(0x400), 0x10);
    th_wr(th, PFB(0x530), 4);
    th_wr(th, PFB(0x570), 2);
    nv1_scanout_mode(&th->card, &m);
    g_assert_true(m.enabled);
    g_assert_cmpuint(m.width, ==, 4);
    g_assert_cmpuint(m.height, ==, 2);
    nv1_scanout_line(&th->card, &m, y, out);
}

static void test_scanout(void)
{
    TestHost *th = th_new("nv1", 0);
    uint32_t out[4];

    set_entry(th, 5, 0x11, 0x22, 0x33);
    set_entry(th, 2, 0xaa, 0xbb, 0xcc);
    /* 8 bpp: line 1 starts at 0x10 + 4. */
    th->vram[0x14] = 5;
    th->vram[0x15] = 0x15;          /* masked by PAL_MASK below */
    scan(th, 1, out, 1);
    g_assert_cmphex(out[0], ==, 0x112233);
    g_assert_cmphex(out[1], ==, 0);
    th_wr(th, DAC(0x08), 0x0f);
    scan(th, 1, out, 1);
    g_assert_cmphex(out[1], ==, 0x112233);
    th_wr(th, DAC(0x08), 0xff);
    /* 16 bpp: 0xfc00 has the bypass bit: red 0x1f -> 0xff; 0x0005 goes
     * through the palette. */
    nv_st_le(th->vram + 0x10, 0xfc00, 2);
    nv_st_le(th->vram + 0x12, 0x0005, 2);
    nv_st_le(th->vram + 0x14, 0x8421, 2);   /* 1,1,1 -> 0x08 each */
    scan(th, 2, out, 0);
    g_assert_cmphex(out[0], ==, 0xff0000);
    g_assert_cmphex(out[1], ==, 0x112233);
    g_assert_cmphex(out[2], ==, 0x080808);
    /* 32 bpp: bit 31 bypass, 10-bit components >> 2. */
    nv_st_le(th->vram + 0x10, 0xbff00000, 4);
    nv_st_le(th->vram + 0x14, 0x00000005, 4);
    nv_st_le(th->vram + 0x18, 0x80000404, 4);  /* g 1, b 4 -> 0x00, 0x01 */
    scan(th, 3, out, 0);
    g_assert_cmphex(out[0], ==, 0xff0000);
    g_assert_cmphex(out[1], ==, 0x112233);
    g_assert_cmphex(out[2], ==, 0x000001);
    /* 4 bpp: the low nibble is the left pixel. */
    th->vram[0x10] = 0x25;
    scan(th, 0, out, 0);
    g_assert_cmphex(out[0], ==, 0x112233);
    g_assert_cmphex(out[1], ==, 0xaabbcc);
    th_free(th);
}

/*
 * VBLANK: 60 Hz frames of 16666667 ns; with VER_DISP_WIDTH 480 of a total
 * 480 + 10 + 2 + 33 = 525 lines the blank starts 16666667 * 480 / 525 =
 * 15238095 ns into each frame.  It sets PGRAPH INTR bit 8, PMC line 24.
 */
static void test_vblank(void)
{
    TestHost *th = th_new("nv1", 0);

    th_wr(th, PFB(0x540), 10);
    th_wr(th, PFB(0x550), 2);
    th_wr(th, PFB(0x560), 33);
    th_wr(th, PFB(0x570), 480);
    th_wr(th, 0x140, 1);
    th_wr(th, 0x4006a4, 0x04000100);        /* ACCESS.HOST, for INTR_EN */
    th_wr(th, 0x400140, 1 << 8);
    th->now = 0;
    nv1_pfb_vblank_rearm(&th->card);
    g_assert_cmpint(th->deadline[NV_TIMER_VBLANK], ==, 15238095);
    th_advance(th, 15238094);
    g_assert_cmphex(th_rd(th, PFB(0x200)) & 1, ==, 0);
    g_assert_cmphex(th_rd(th, 0x400100), ==, 0);
    th_advance(th, 1);
    g_assert_cmphex(th_rd(th, PFB(0x200)) & 1, ==, 1);
    g_assert_cmphex(th_rd(th, 0x400100), ==, 0x100);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0x01000000);
    g_assert_true(th->irq);
    g_assert_cmpint(th->deadline[NV_TIMER_VBLANK], ==, 15238095 + 16666667);
    th_wr(th, 0x400100, 0x100);
    g_assert_false(th->irq);
    /* Back out of the blank at the next frame. */
    th_advance(th, 16666667 - 15238095);
    g_assert_cmphex(th_rd(th, PFB(0x200)) & 1, ==, 0);
    th_free(th);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/pdac-nv1/ids", test_ids);
    g_test_add_func("/pdac-nv1/palette", test_palette);
    g_test_add_func("/pdac-nv1/scanout", test_scanout);
    g_test_add_func("/pdac-nv1/vblank", test_vblank);
    return g_test_run();
}
