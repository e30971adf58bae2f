/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: NV1 PGRAPH through MMIO, as a driver drives it:
 * registers, interrupts, the object switch, context objects, RECT, POINT
 * and BLIT, and the fast paths against the per-pixel reference.
 */
#include <glib.h>
#include <string.h>

#include "hw/nv/graph/nv1/rop-nv1.h"
#include "test-host.h"

#define GR(r)       (0x400000 + (r))
#define MTHD(c, m)  (0x400000 + ((c) << 16) + (m))
#define HOST_ON     0x04000100      /* ACCESS: HOST_WR | HOST */

static uint32_t vram32(TestHost *th, uint64_t addr)
{
    return nv_ld_le(th->vram + addr, 4);
}

/*
 * A 640-wide (CONFIG_0 width index 1) 32 bpp canvas of 640x480, host
 * access on, the channel valid so object switches do not trap.
 */
static TestHost *setup(unsigned bpp)
{
    TestHost *th = th_new("nv1", 4 << 20);

    th_wr(th, 0x600200, 1 << 4 | bpp << 8);
    th_wr(th, GR(0x6a4), HOST_ON);
    th_wr(th, GR(0x688), 0);
    th_wr(th, GR(0x68c), 480 << 16 | 640);
    th_wr(th, GR(0x190), 1 << 16);          /* CHID_VALID, channel 0 */
    return th;
}

/* Switch to an object of class @cls with options @opts, channel 0. */
static void object(TestHost *th, unsigned cls, uint32_t opts)
{
    th_wr(th, MTHD(cls, 0), opts);
}

#define OPTS(op, cfmt)  ((op) | (cfmt) << 9)

static void test_registers(void)
{
    TestHost *th = th_new("nv1", 0);

    /* Writes need ACCESS.HOST; the four WR bits read 1. */
    th_wr(th, GR(0x624), 0x12);
    g_assert_cmphex(th_rd(th, GR(0x624)), ==, 0);
    g_assert_cmphex(th_rd(th, GR(0x6a4)), ==, 0x0f000000);
    th_wr(th, GR(0x6a4), 0x00000101);       /* no WR bit: nothing */
    g_assert_cmphex(th_rd(th, GR(0x6a4)), ==, 0x0f000000);
    th_wr(th, GR(0x6a4), HOST_ON | 1);      /* HOST_WR only: FIFO stays 0 */
    g_assert_cmphex(th_rd(th, GR(0x6a4)), ==, 0x0f000100);
    /* Masks (docs/nv1.rst "Register masks"). */
    th_wr(th, GR(0x624), 0xffffffff);
    g_assert_cmphex(th_rd(th, GR(0x624)), ==, 0xff);
    th_wr(th, GR(0x630), 0xffffffff);
    g_assert_cmphex(th_rd(th, GR(0x630)), ==, 0x7f800000);
    th_wr(th, GR(0x634), 0xffffffff);
    g_assert_cmphex(th_rd(th, GR(0x634)), ==, 0x01111011);
    th_wr(th, GR(0x6a0), 0xffffffff);
    g_assert_cmphex(th_rd(th, GR(0x6a0)), ==, 0x113);
    th_wr(th, GR(0x600), 0xffffffff);
    th_wr(th, GR(0x604), 0xffffffff);
    g_assert_cmphex(th_rd(th, GR(0x600)), ==, 0x3fffffff);
    g_assert_cmphex(th_rd(th, GR(0x604)), ==, 0xff);
    th_wr(th, GR(0x180), 0xffffffff);
    g_assert_cmphex(th_rd(th, GR(0x180)), ==, 0x807fffff);
    g_assert_cmphex(th_rd(th, GR(0x6b0)), ==, 0);   /* STATUS: idle */
    /* DEBUG_A bit 0 resets PGRAPH and reads 0. */
    th_wr(th, GR(0x080), 0x10000001);
    g_assert_cmphex(th_rd(th, GR(0x080)), ==, 0);
    g_assert_cmphex(th_rd(th, GR(0x624)), ==, 0);
    th_free(th);
}

/*
 * An unknown method: INTR.INVALID with INVALID.INVALID_METHOD, ACCESS HOST
 * and FIFO dropped, PMC line 12 (0x1000) when enabled.  Clearing INVALID
 * clears INTR bit 0 and the reverse.
 */
static void test_invalid_method(void)
{
    TestHost *th = setup(3);

    th_wr(th, 0x140, 1);                    /* PMC: hardware interrupts */
    th_wr(th, GR(0x140), 1);                /* INTR_EN.INVALID */
    th_wr(th, MTHD(0x0c, 0x200), 5);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 1);
    g_assert_cmphex(th_rd(th, GR(0x104)), ==, 1);
    g_assert_cmphex(th_rd(th, GR(0x6a4)) & 0x111, ==, 0);
    g_assert_cmphex(th_rd(th, GR(0x6a8)), ==, MTHD(0x0c, 0x200));
    g_assert_cmphex(th_rd(th, GR(0x6ac)), ==, 5);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0x1000);
    g_assert_true(th->irq);
    /* INTR and INVALID are writable with HOST off. */
    th_wr(th, GR(0x104), 1);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0);
    g_assert_false(th->irq);
    /* INVALID_EN alone also drives the line. */
    th_wr(th, GR(0x6a4), HOST_ON);
    th_wr(th, GR(0x140), 0);
    th_wr(th, GR(0x144), 1);
    th_wr(th, MTHD(0x0c, 0x200), 5);
    g_assert_true(th->irq);
    th_wr(th, GR(0x100), 1);
    g_assert_cmphex(th_rd(th, GR(0x104)), ==, 0);
    g_assert_false(th->irq);
    /* Without ACCESS.HOST a method is ignored. */
    th_wr(th, MTHD(0x0c, 0x200), 5);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0);
    th_free(th);
}

/*
 * Method 0 (docs/nv1.rst "Methods"): a new channel (or none valid yet) raises
 * CONTEXT_SWITCH (INTR bit 4) and sets CTX_CONTROL bits 16 and 24; the
 * same channel does not, and clears bit 24.  ACCESS bits 12-16 take the
 * class; CTX_SWITCH takes the data & 0x807fffff.
 */
static void test_object_switch(void)
{
    TestHost *th = th_new("nv1", 0);

    th_wr(th, GR(0x6a4), HOST_ON);
    th_wr(th, MTHD(0x0c, 0), 0x00031017);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0x10);
    g_assert_cmphex(th_rd(th, GR(0x190)) & 0x01010000, ==, 0x01010000);
    g_assert_cmphex(th_rd(th, GR(0x180)), ==, 0x00031017);
    g_assert_cmphex(th_rd(th, GR(0x6a4)), ==, 0x0f00c000);  /* HOST dropped */
    th_wr(th, GR(0x100), 0x10);
    th_wr(th, GR(0x6a4), HOST_ON);
    th_wr(th, MTHD(0x10, 0), 0x00030017);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0);
    g_assert_cmphex(th_rd(th, GR(0x190)) & 0x01000000, ==, 0);
    g_assert_cmphex(th_rd(th, GR(0x6a4)), ==, 0x0f010100);
    /* Volatile reset: bit 31 with DEBUG_C bit 28 clears VALID; DEBUG_B
     * bit 0 records it. */
    th_wr(th, GR(0x650), 0x1001);
    th_wr(th, GR(0x088), 1u << 28);
    th_wr(th, MTHD(0x10, 0), 0x80030017);
    g_assert_cmphex(th_rd(th, GR(0x650)), ==, 0);
    g_assert_cmphex(th_rd(th, GR(0x084)) & 1, ==, 1);
    th_free(th);
}

/* Context objects (docs/nv1.rst "Methods", rop.rst). */
static void test_context_objects(void)
{
    TestHost *th = setup(3);

    /* ROP > 0xff: INVALID_VALUE (INVALID bit 4), low bits kept. */
    th_wr(th, MTHD(0x02, 0x300), 0x1cc);
    g_assert_cmphex(th_rd(th, GR(0x624)), ==, 0xcc);
    g_assert_cmphex(th_rd(th, GR(0x104)), ==, 0x10);
    th_wr(th, GR(0x100), 1);
    th_wr(th, GR(0x6a4), HOST_ON);
    /* BETA: a negative value is 0, else bits 23-30. */
    th_wr(th, MTHD(0x01, 0x300), 0x40ffffff);
    g_assert_cmphex(th_rd(th, GR(0x630)), ==, 0x40800000);
    th_wr(th, MTHD(0x01, 0x300), 0xc0000000);
    g_assert_cmphex(th_rd(th, GR(0x630)), ==, 0);
    /* CHROMA in A8R8G8B8 with ALPHA: 0xff102030 -> 0x040200c0 | A 1 << 30. */
    object(th, 0x03, OPTS(0x17, 1) | 1u << 13);
    th_wr(th, MTHD(0x03, 0x304), 0xff102030);
    g_assert_cmphex(th_rd(th, GR(0x62c)), ==, 0x440200c0);
    th_wr(th, MTHD(0x03, 0x304), 0x00102030);       /* alpha 0: A = 0 */
    g_assert_cmphex(th_rd(th, GR(0x62c)), ==, 0x040200c0);
    /* PATTERN: CGA6 moves bit i to i ^ 7: bit 0 -> 7, bit 24 -> 31. */
    object(th, 0x06, OPTS(0x17, 1) | 1u << 14);
    th_wr(th, MTHD(0x06, 0x318), 0x01000001);
    g_assert_cmphex(th_rd(th, GR(0x610)), ==, 0x80000080);
    object(th, 0x06, OPTS(0x17, 1));
    th_wr(th, MTHD(0x06, 0x31c), 0x01000001);
    g_assert_cmphex(th_rd(th, GR(0x614)), ==, 0x01000001);
    /* Shape 3 is stored but invalid. */
    th_wr(th, MTHD(0x06, 0x308), 3);
    g_assert_cmphex(th_rd(th, GR(0x618)), ==, 3);
    g_assert_cmphex(th_rd(th, GR(0x104)), ==, 0x10);
    th_free(th);
}

/* RECT: XY (10,5), WH (3,2) in A8R8G8B8 0x00102030 = 0x040200c0. */
static void test_rect(void)
{
    TestHost *th = setup(3);

    object(th, 0x0c, OPTS(0x17, 1));
    th_wr(th, MTHD(0x0c, 0x304), 0x00102030);
    th_wr(th, MTHD(0x0c, 0x400), 5 << 16 | 10);
    th_wr(th, MTHD(0x0c, 0x404), 2 << 16 | 3);
    for (unsigned y = 4; y < 8; y++) {
        for (unsigned x = 9; x < 14; x++) {
            bool in = x >= 10 && x < 13 && y >= 5 && y < 7;
            g_assert_cmphex(vram32(th, (y * 640 + x) * 4), ==,
                            in ? 0x040200c0 : 0);
        }
    }
    /* Clipped by the canvas: (-2,-1) 4x3 leaves x 0-1, y 0-1. */
    th_wr(th, MTHD(0x0c, 0x408), 0xffffu << 16 | 0xfffe);
    th_wr(th, MTHD(0x0c, 0x40c), 3 << 16 | 4);
    g_assert_cmphex(vram32(th, 0), ==, 0x040200c0);
    g_assert_cmphex(vram32(th, 4 * (640 + 1)), ==, 0x040200c0);
    g_assert_cmphex(vram32(th, 4 * 2), ==, 0);
    g_assert_cmphex(vram32(th, 4 * 640 * 2), ==, 0);
    /*
     * The user clip (CLIP object, CTX_SWITCH.CLIP) narrows it further:
     * clip (100,100) 2x2, rect (99,99) 4x4 -> only (100..101, 100..101).
     * With CLIP latched the size takes UCLIP MIN 100, MAX 102 and sets
     * XY_B bits 12, 13, 16, 17 (the point was inside the canvas, 102 is
     * below its maximum).
     */
    object(th, 0x05, OPTS(0x17, 1));
    th_wr(th, MTHD(0x05, 0x300), 100 << 16 | 100);
    th_wr(th, MTHD(0x05, 0x304), 2 << 16 | 2);
    object(th, 0x0c, OPTS(0x17, 1) | 1u << 7);
    th_wr(th, MTHD(0x0c, 0x400), 99 << 16 | 99);
    th_wr(th, MTHD(0x0c, 0x404), 4 << 16 | 4);
    g_assert_cmphex(vram32(th, (100 * 640 + 100) * 4), ==, 0x040200c0);
    g_assert_cmphex(vram32(th, (101 * 640 + 101) * 4), ==, 0x040200c0);
    g_assert_cmphex(vram32(th, (99 * 640 + 99) * 4), ==, 0);
    g_assert_cmphex(vram32(th, (102 * 640 + 101) * 4), ==, 0);
    /* POINT at (7,7); CPOINT with its own colour at (8,7). */
    object(th, 0x08, OPTS(0x17, 1));
    th_wr(th, MTHD(0x08, 0x304), 0x00000001);
    th_wr(th, MTHD(0x08, 0x400), 7 << 16 | 7);
    th_wr(th, MTHD(0x08, 0x500), 0x00000002);
    th_wr(th, MTHD(0x08, 0x504), 7 << 16 | 8);
    g_assert_cmphex(vram32(th, (7 * 640 + 7) * 4), ==, 0x004);
    g_assert_cmphex(vram32(th, (7 * 640 + 8) * 4), ==, 0x008);
    th_free(th);
}

/*
 * docs/nv1.rst "Drawing interrupts": with CANVAS_CONFIG.SOFTWARE a draw raises
 * CANVAS_SOFTWARE (bit 20) instead, CLIPRECT_CONFIG.SOFTWARE CLIP_SOFTWARE
 * (bit 24); both can come together.  Nothing is drawn; HOST is dropped.  A WH
 * without its XY after a volatile reset is MISSING_METHOD (bit 16).
 */
static void test_draw_interrupts(void)
{
    TestHost *th = setup(3);

    th_wr(th, 0x140, 1);
    th_wr(th, GR(0x140), 0x11111111);
    object(th, 0x0c, OPTS(0x17, 1));
    th_wr(th, MTHD(0x0c, 0x304), 0x00ffffff);
    th_wr(th, GR(0x634), 1u << 24);
    th_wr(th, GR(0x6a0), 1u << 8);
    th_wr(th, MTHD(0x0c, 0x400), 0);
    th_wr(th, MTHD(0x0c, 0x404), 1 << 16 | 1);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0x01100000);
    g_assert_cmphex(vram32(th, 0), ==, 0);
    g_assert_true(th->irq);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0x1000);
    g_assert_cmphex(th_rd(th, GR(0x6a4)) & 0x100, ==, 0);
    th_wr(th, GR(0x100), 0xffffffff);
    g_assert_false(th->irq);

    th_wr(th, GR(0x6a4), HOST_ON);
    th_wr(th, GR(0x634), 0);
    th_wr(th, GR(0x6a0), 0);
    th_wr(th, GR(0x088), 1u << 28);
    object(th, 0x0c, OPTS(0x17, 1) | 1u << 31);     /* volatile reset */
    th_wr(th, MTHD(0x0c, 0x404), 1 << 16 | 1);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0x00010000);
    th_free(th);
}

/* NOTIFY (docs/nv1.rst "Methods"). */
static void test_notify(void)
{
    TestHost *th = setup(3);

    object(th, 0x0c, OPTS(0x17, 1));
    th_wr(th, MTHD(0x0c, 0x104), 0);        /* NOTIFY_VALID clear */
    g_assert_cmphex(th_rd(th, GR(0x104)), ==, 0x100);
    th_wr(th, GR(0x100), 1);
    th_wr(th, GR(0x6a4), HOST_ON);
    object(th, 0x0c, OPTS(0x17, 1) | 1u << 8);
    th_wr(th, MTHD(0x0c, 0x104), 0);
    g_assert_cmphex(th_rd(th, GR(0x684)), ==, 0x10000);
    th_wr(th, MTHD(0x0c, 0x104), 0);        /* already pending */
    g_assert_cmphex(th_rd(th, GR(0x104)), ==, 0x1000);
    th_wr(th, GR(0x100), 1);
    th_wr(th, GR(0x6a4), HOST_ON);
    /* The next method completes: INTR.NOTIFY (bit 28). */
    th_wr(th, MTHD(0x0c, 0x304), 0);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0x10000000);
    g_assert_cmphex(th_rd(th, GR(0x684)), ==, 0);
    th_free(th);
}

/*
 * BLIT: copy a 2x2 block from (0,0) to (1,1), overlapping: with rows
 * bottom-up and the source read before it is overwritten the result is
 * the original block, not a smear.  16 bpp R5G5B5 object.
 */
static void test_blit(void)
{
    TestHost *th = setup(2);
    const uint16_t px[4] = { 0x1111, 0x2222, 0x3333, 0x4444 };

    nv_st_le(th->vram + 0, px[0], 2);
    nv_st_le(th->vram + 2, px[1], 2);
    nv_st_le(th->vram + 1280, px[2], 2);
    nv_st_le(th->vram + 1282, px[3], 2);
    object(th, 0x10, OPTS(0x17, 0));
    th_wr(th, MTHD(0x10, 0x300), 0);
    th_wr(th, MTHD(0x10, 0x304), 1 << 16 | 1);
    th_wr(th, MTHD(0x10, 0x308), 2 << 16 | 2);
    g_assert_cmphex(nv_ld_le(th->vram + 1280 + 2, 2), ==, 0x1111);
    g_assert_cmphex(nv_ld_le(th->vram + 1280 + 4, 2), ==, 0x2222);
    g_assert_cmphex(nv_ld_le(th->vram + 2560 + 2, 2), ==, 0x3333);
    g_assert_cmphex(nv_ld_le(th->vram + 2560 + 4, 2), ==, 0x4444);
    th_free(th);
}

/*
 * IFC, A8R8G8B8 (one pixel a word): image 3x2 at (4,2), clipped to 2x2 by
 * SIZE_OUT: words 0, 1, 3, 4 land, 2 and 5 fall outside.  Colours 0x000001
 * ... widen to 0x004 ... (no REPLICATE).  A1R5G5B5: two pixels a word, the
 * low half first: 0x7c00001f is blue then red.
 */
static void test_ifc(void)
{
    TestHost *th = setup(3);

    object(th, 0x11, OPTS(0x17, 1));
    th_wr(th, MTHD(0x11, 0x304), 2 << 16 | 4);
    th_wr(th, MTHD(0x11, 0x308), 2 << 16 | 2);
    th_wr(th, MTHD(0x11, 0x30c), 2 << 16 | 3);
    for (unsigned i = 1; i <= 6; i++) {
        th_wr(th, MTHD(0x11, 0x400), i);
    }
    g_assert_cmphex(vram32(th, (2 * 640 + 4) * 4), ==, 1 << 2);
    g_assert_cmphex(vram32(th, (2 * 640 + 5) * 4), ==, 2 << 2);
    g_assert_cmphex(vram32(th, (2 * 640 + 6) * 4), ==, 0);
    g_assert_cmphex(vram32(th, (3 * 640 + 4) * 4), ==, 4 << 2);
    g_assert_cmphex(vram32(th, (3 * 640 + 5) * 4), ==, 5 << 2);
    g_assert_cmphex(vram32(th, (3 * 640 + 6) * 4), ==, 0);

    object(th, 0x11, OPTS(0x17, 0));
    th_wr(th, MTHD(0x11, 0x304), 0);
    th_wr(th, MTHD(0x11, 0x308), 1 << 16 | 2);
    th_wr(th, MTHD(0x11, 0x30c), 1 << 16 | 2);
    th_wr(th, MTHD(0x11, 0x400), 0x7c00001f);
    /* 0x1f << 5 = 0x3e0 per component (no REPLICATE). */
    g_assert_cmphex(vram32(th, 0), ==, 0x3e0);
    g_assert_cmphex(vram32(th, 4), ==, 0x3e0u << 20);
    th_free(th);
}

/*
 * A DMA object at RAMIN instance @inst (16-byte units; docs/nv1.rst): one
 * present, writable page at bus address @bus, LIMIT 0xfff.
 */
static void dma_page(TestHost *th, uint32_t inst, uint32_t bus)
{
    th_wr(th, 0x700000 + inst * 16, 1u << 16);     /* FLAGS.PRESENT */
    th_wr(th, 0x700000 + inst * 16 + 4, 0xfff);
    th_wr(th, 0x700000 + inst * 16 + 8, bus | 3);
}

#define HOST_DMA_ON 0x06000110      /* ACCESS: HOST and DMA with their WRs */

/* IFM (0x13) or ITM (0x14): POINT, SIZE, PITCH, then OFFSET starts it. */
static void image_memory(TestHost *th, unsigned cls, uint32_t point,
                         uint32_t size, uint32_t pitch, uint32_t offset)
{
    th_wr(th, MTHD(cls, 0x308), point);
    th_wr(th, MTHD(cls, 0x30c), size);
    th_wr(th, MTHD(cls, 0x310), pitch);
    th_wr(th, MTHD(cls, 0x314), offset);
}

/*
 * IFM, A8R8G8B8: a 3x2 image at (4,2), rows at OFFSET 8 and 8 + PITCH
 * 0x10 of the object at bus 0x1000: words 1, 2, 3 then 4, 5, 6; the
 * padding word at 0x1014 is not part of the image.  A8R8G8B8 blue n
 * widens to n << 2.
 */
static void test_ifm(void)
{
    TestHost *th = setup(3);
    static const uint32_t words[] = { 1, 2, 3, 0xdead, 4, 5, 6 };

    for (unsigned i = 0; i < G_N_ELEMENTS(words); i++) {
        nv_st_le(th->sysmem + 0x1008 + 4 * i, words[i], 4);
    }
    dma_page(th, 0x20, 0x1000);
    th_wr(th, GR(0x6a4), HOST_DMA_ON);
    th_wr(th, GR(0x680), 0x20);
    object(th, 0x13, OPTS(0x17, 1));
    image_memory(th, 0x13, 2 << 16 | 4, 2 << 16 | 3, 0x10, 8);
    for (unsigned i = 0; i < 3; i++) {
        g_assert_cmphex(vram32(th, (2 * 640 + 4 + i) * 4), ==, (1 + i) << 2);
        g_assert_cmphex(vram32(th, (3 * 640 + 4 + i) * 4), ==, (4 + i) << 2);
    }
    g_assert_cmphex(vram32(th, (2 * 640 + 7) * 4), ==, 0);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0);

    /*
     * A1R5G5B5, two pixels a word, 3 wide: each row is two words and the
     * second word's high pixel (0x03e0) is dropped; row 1 (PITCH 8) starts
     * afresh with 0x0000, 0x03e0, 0x7c00.  No REPLICATE: a 5-bit component
     * c becomes c << 5, so 0x001f is 0x3e0, 0x7c00 is 0x3e0 << 20, 0x03e0
     * is 0x3e0 << 10 = 0xf8000 and 0xffff all three: 0x3e0f83e0.
     */
    nv_st_le(th->sysmem + 0x1000, 0x7c00001f, 4);
    nv_st_le(th->sysmem + 0x1004, 0x03e0ffff, 4);
    nv_st_le(th->sysmem + 0x1008, 0x03e00000, 4);
    nv_st_le(th->sysmem + 0x100c, 0x00007c00, 4);
    object(th, 0x13, OPTS(0x17, 0));
    image_memory(th, 0x13, 0, 2 << 16 | 3, 8, 0);
    g_assert_cmphex(vram32(th, 0), ==, 0x3e0);
    g_assert_cmphex(vram32(th, 4), ==, 0x3e000000);
    g_assert_cmphex(vram32(th, 8), ==, 0x3e0f83e0);
    g_assert_cmphex(vram32(th, 640 * 4), ==, 0);
    g_assert_cmphex(vram32(th, 640 * 4 + 4), ==, 0xf8000);
    g_assert_cmphex(vram32(th, 640 * 4 + 8), ==, 0x3e000000);

    /*
     * The same words written as DATA methods (what PDMA sends) at (8,0):
     * the same picture, so the row rule belongs to the data methods.
     */
    th_wr(th, MTHD(0x13, 0x308), 8);
    th_wr(th, MTHD(0x13, 0x30c), 2 << 16 | 3);
    for (unsigned i = 0; i < 4; i++) {
        th_wr(th, MTHD(0x13, 0x040 + 4 * i), nv_ld_le(th->sysmem + 0x1000 +
                                                      4 * i, 4));
    }
    g_assert_cmphex(vram32(th, 8 * 4), ==, 0x3e0);
    g_assert_cmphex(vram32(th, 10 * 4), ==, 0x3e0f83e0);
    g_assert_cmphex(vram32(th, (640 + 8) * 4), ==, 0);
    g_assert_cmphex(vram32(th, (640 + 9) * 4), ==, 0xf8000);
    g_assert_cmphex(vram32(th, (640 + 10) * 4), ==, 0x3e000000);

    /* OFFSET without a POINT since the object switch: MISSING_METHOD. */
    object(th, 0x13, OPTS(0x17, 1) | 1u << 31);
    th_wr(th, GR(0x088), 1u << 28);         /* DEBUG_C: allow the reset */
    object(th, 0x13, OPTS(0x17, 1) | 1u << 31);
    th_wr(th, MTHD(0x13, 0x314), 0);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0x10000);
    th_free(th);
}

/*
 * With ACCESS.DMA off, PDMA waits: PGRAPH STATUS reads BUSY | DMA
 * (0x10001) and nothing is drawn; a NOTIFY asked before the OFFSET is
 * written once the data has come.  The notifier (instance 0x30, bus
 * 0x3000): PTIMER TIME low and high words (set to 0x12:0x345678a0 and
 * not moving: the test's clock stands still), info32 0, info16 and
 * status 0.
 */
static void test_ifm_wait_notify(void)
{
    TestHost *th = setup(3);

    nv_st_le(th->sysmem + 0x1000, 7, 4);
    memset(th->sysmem + 0x3000, 0xff, 16);
    dma_page(th, 0x20, 0x1000);
    dma_page(th, 0x30, 0x3000);
    th_wr(th, 0x101404, 0x12);
    th_wr(th, 0x101400, 0x345678a0);
    th_wr(th, GR(0x680), 0x20);
    th_wr(th, GR(0x684), 0x30);
    object(th, 0x13, OPTS(0x17, 1) | 1u << 8);
    th_wr(th, MTHD(0x13, 0x308), 0);
    th_wr(th, MTHD(0x13, 0x30c), 1 << 16 | 1);
    th_wr(th, MTHD(0x13, 0x310), 4);
    th_wr(th, MTHD(0x13, 0x104), 0);
    g_assert_cmphex(th_rd(th, GR(0x684)), ==, 0x10030);
    th_wr(th, MTHD(0x13, 0x314), 0);
    g_assert_cmphex(th_rd(th, GR(0x6b0)), ==, 0x10001);
    g_assert_cmphex(vram32(th, 0), ==, 0);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0);
    g_assert_cmphex(nv_ld_le(th->sysmem + 0x3000, 4), ==, 0xffffffff);

    th_wr(th, GR(0x6a4), HOST_DMA_ON);
    g_assert_cmphex(th_rd(th, GR(0x6b0)), ==, 0);
    g_assert_cmphex(vram32(th, 0), ==, 7 << 2);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0x10000000);
    g_assert_cmphex(th_rd(th, GR(0x684)), ==, 0x30);
    g_assert_cmphex(nv_ld_le(th->sysmem + 0x3000, 4), ==, 0x345678a0);
    g_assert_cmphex(nv_ld_le(th->sysmem + 0x3004, 4), ==, 0x12);
    g_assert_cmphex(nv_ld_le(th->sysmem + 0x3008, 4), ==, 0);
    g_assert_cmphex(nv_ld_le(th->sysmem + 0x300c, 4), ==, 0);
    th_free(th);
}

/*
 * ITM: a 2x2 rectangle at (4,2) of a 32 bpp canvas goes out as it is in
 * VRAM, rows at OFFSET 0x40 and 0x40 + PITCH 0x20.  A rectangle hanging
 * over the canvas's right edge (640) moves only its inside: from (638,0)
 * 4 wide, pixels 638 and 639 at OFFSET 0x100 and 0x104, nothing after.
 */
static void test_itm(void)
{
    TestHost *th = setup(3);

    nv_st_le(th->vram + (2 * 640 + 4) * 4, 0x11111111, 4);
    nv_st_le(th->vram + (2 * 640 + 5) * 4, 0x22222222, 4);
    nv_st_le(th->vram + (3 * 640 + 4) * 4, 0x33333333, 4);
    nv_st_le(th->vram + (3 * 640 + 5) * 4, 0x44444444, 4);
    nv_st_le(th->vram + 638 * 4, 0x55555555, 4);
    nv_st_le(th->vram + 639 * 4, 0x66666666, 4);
    memset(th->sysmem + 0x1000, 0xee, 0x200);
    dma_page(th, 0x20, 0x1000);
    th_wr(th, GR(0x680), 0x20);
    object(th, 0x14, OPTS(0x17, 1));
    image_memory(th, 0x14, 2 << 16 | 4, 2 << 16 | 2, 0x20, 0x40);
    g_assert_cmphex(nv_ld_le(th->sysmem + 0x1040, 4), ==, 0x11111111);
    g_assert_cmphex(nv_ld_le(th->sysmem + 0x1044, 4), ==, 0x22222222);
    g_assert_cmphex(nv_ld_le(th->sysmem + 0x1048, 4), ==, 0xeeeeeeee);
    g_assert_cmphex(nv_ld_le(th->sysmem + 0x1060, 4), ==, 0x33333333);
    g_assert_cmphex(nv_ld_le(th->sysmem + 0x1064, 4), ==, 0x44444444);

    image_memory(th, 0x14, 638, 1 << 16 | 4, 0x20, 0x100);
    g_assert_cmphex(nv_ld_le(th->sysmem + 0x1100, 4), ==, 0x55555555);
    g_assert_cmphex(nv_ld_le(th->sysmem + 0x1104, 4), ==, 0x66666666);
    g_assert_cmphex(nv_ld_le(th->sysmem + 0x1108, 4), ==, 0xeeeeeeee);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0);
    g_assert_cmphex(th_rd(th, 0x100110), ==, 0);
    th_free(th);
}

/*
 * The textured quads (rnndb nv1_3d.xml): SUBDIVIDE lands in PGRAPH's
 * SUBDIVIDE register (0x400658); vertices 0x310[4] (TEXLIN) or 0x310[9]
 * (TEXQUAD), their 12.4 forms at 0x350 and betas 0x380[2]/[5] on the
 * BETA classes go to the XY logic; texels 0x400[32] are taken and
 * logged once as not drawn; anything else is INVALID_METHOD (INVALID
 * bit 0).
 */
static void test_texture_methods(void)
{
    static const struct {
        unsigned cls;
        uint32_t mthd;
        bool valid;
    } cases[] = {
        { 0x0d, 0x31c, true }, { 0x0d, 0x320, false },
        { 0x0e, 0x330, true }, { 0x0e, 0x370, true }, { 0x0e, 0x374, false },
        { 0x0d, 0x380, false }, { 0x1d, 0x384, true }, { 0x1d, 0x388, false },
        { 0x1e, 0x390, true }, { 0x1e, 0x394, false },
        { 0x0d, 0x47c, true }, { 0x0d, 0x480, false }, { 0x0d, 0x300, false },
    };
    TestHost *th = setup(3);

    object(th, 0x0d, OPTS(0x17, 1));
    th_wr(th, MTHD(0x0d, 0x304), 0x88880044);
    g_assert_cmphex(th_rd(th, GR(0x658)), ==, 0x88880044);
    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        unsigned unimp = th->n_unimp;

        object(th, cases[i].cls, OPTS(0x17, 1));
        th_wr(th, MTHD(cases[i].cls, cases[i].mthd), 1);
        th_wr(th, MTHD(cases[i].cls, cases[i].mthd), 2);
        g_assert_cmphex(th_rd(th, GR(0x104)), ==, cases[i].valid ? 0 : 1);
        g_assert_cmpuint(th->n_unimp, ==,
                         unimp + (cases[i].valid && cases[i].mthd >= 0x400));
        th_wr(th, GR(0x100), 1);
        th_wr(th, GR(0x6a4), HOST_ON);
    }
    th_free(th);
}

/*
 * BITMAP: COLOR1 white; COLOR0 with alpha 0 (ALPHA on: A8R8G8B8 alpha
 * byte 0), so 0 bits leave the background.  Data 0x01: with LE bitmaps
 * pixel 0 is bit 0; with CGA6 pixel i is bit i ^ 7, so bit 0 is pixel 7.
 * White 0xffffff widens to 0x3fc per component = 0x3fcff3fc.
 */
static void test_bitmap(void)
{
    TestHost *th = setup(3);

    for (unsigned cga = 0; cga < 2; cga++) {
        uint32_t y = cga;

        object(th, 0x12, OPTS(0x17, 1) | 1u << 13 | cga << 14);
        th_wr(th, MTHD(0x12, 0x308), 0x00000000);
        th_wr(th, MTHD(0x12, 0x30c), 0xffffffff);
        g_assert_cmphex(th_rd(th, GR(0x61c)), ==, 0x00000000);
        g_assert_cmphex(th_rd(th, GR(0x620)), ==, 0x7fcff3fc);
        th_wr(th, MTHD(0x12, 0x310), y << 16);
        th_wr(th, MTHD(0x12, 0x314), 1 << 16 | 8);
        th_wr(th, MTHD(0x12, 0x318), 1 << 16 | 8);
        th_wr(th, MTHD(0x12, 0x400), 0x00000001);
        for (unsigned x = 0; x < 8; x++) {
            bool lit = x == (cga ? 7 : 0);
            g_assert_cmphex(vram32(th, (y * 640 + x) * 4), ==,
                            lit ? 0x3fcff3fc : 0);
        }
    }
    th_free(th);
}

static bool lit(TestHost *th, unsigned x, unsigned y)
{
    return vram32(th, (y * 640 + x) * 4) != 0;
}

/*
 * Bresenham from (0,0) to (3,1): dx 3, dy -1, err 2 -> (0,0), (1,0),
 * (2,1), (3,1).  LINE draws the last pixel, LIN does not.  A 32-bit
 * coordinate beyond 0x7fff raises XY_RANGE (bit 12) and draws nothing,
 * as long as its slot's out-of-range flag stays set.
 */
static void test_lines(void)
{
    TestHost *th = setup(3);

    object(th, 0x09, OPTS(0x17, 1));
    th_wr(th, MTHD(0x09, 0x304), 0xffffff);
    th_wr(th, MTHD(0x09, 0x400), 0);
    th_wr(th, MTHD(0x09, 0x404), 1 << 16 | 3);
    g_assert_true(lit(th, 0, 0) && lit(th, 1, 0) && lit(th, 2, 1) &&
                  lit(th, 3, 1));
    g_assert_false(lit(th, 2, 0) || lit(th, 1, 1) || lit(th, 4, 1));
    object(th, 0x0a, OPTS(0x17, 1));
    th_wr(th, MTHD(0x0a, 0x304), 0xffffff);
    th_wr(th, MTHD(0x0a, 0x400), 10 << 16);
    th_wr(th, MTHD(0x0a, 0x404), 11 << 16 | 3);
    g_assert_true(lit(th, 2, 11) && !lit(th, 3, 11));
    /*
     * POLYLINE: each point continues from the last, the first from the
     * LIN's end: after LINE_XY_1 VALID holds the two slots and the first
     * point (0x030130) and VTX_IDX is 0, so (0,20) is slot 0 and draws
     * (3,11)-(0,20); then (0,20)-(2,20)-(2,22).
     */
    th_wr(th, MTHD(0x0a, 0x500), 20 << 16);
    g_assert_true(lit(th, 3, 11));
    th_wr(th, MTHD(0x0a, 0x504), 20 << 16 | 2);
    th_wr(th, MTHD(0x0a, 0x508), 22 << 16 | 2);
    g_assert_true(lit(th, 0, 20) && lit(th, 1, 20) && lit(th, 2, 20) &&
                  lit(th, 2, 21) && !lit(th, 2, 22));
    /* LINE32 with X1 = 0x8000: slot 1's X out of range (XY_D[0] bit 5). */
    th_wr(th, MTHD(0x0a, 0x480), 0);
    th_wr(th, MTHD(0x0a, 0x484), 30);
    th_wr(th, MTHD(0x0a, 0x488), 0x8000);
    th_wr(th, MTHD(0x0a, 0x48c), 30);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0x1000);
    g_assert_cmphex(th_rd(th, GR(0x648)) & 0xf0, ==, 0x20);
    g_assert_false(lit(th, 0, 30));
    /*
     * X_0 = 0x40000000 (slot 0, XY_D[0] bit 4): XY_RANGE.  A POLYLINE
     * point then lands in slot 0 (VTX_IDX 0 after Y_1) and clears its
     * flag: nothing is out of range any more and (0,40)-(2,40) is drawn,
     * LIN without its last pixel.
     */
    th_wr(th, GR(0x100), 0x1000);
    th_wr(th, GR(0x6a4), HOST_ON);
    th_wr(th, MTHD(0x0a, 0x480), 0x40000000);
    th_wr(th, MTHD(0x0a, 0x484), 40);
    th_wr(th, MTHD(0x0a, 0x488), 0);
    th_wr(th, MTHD(0x0a, 0x48c), 40);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0x1000);
    th_wr(th, GR(0x100), 0x1000);
    th_wr(th, GR(0x6a4), HOST_ON);
    th_wr(th, MTHD(0x0a, 0x500), 40 << 16 | 2);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0);
    g_assert_cmphex(th_rd(th, GR(0x648)) & 0xf0, ==, 0);
    g_assert_true(lit(th, 0, 40) && lit(th, 1, 40));
    g_assert_false(lit(th, 2, 40) || lit(th, 639, 40));
    /*
     * X_0 = 0x40000000 again, then LINE_XY_1: X32 does not move VTX_IDX,
     * so the 16-bit point also lands in slot 0 (in range again), and
     * VALID = 0x111 | 0x11010 = 0x11111 lacks slot 1's X and Y (0x2002):
     * MISSING_METHOD only, nothing drawn.
     */
    th_wr(th, MTHD(0x0a, 0x480), 0x40000000);
    th_wr(th, MTHD(0x0a, 0x404), 41 << 16 | 2);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0x10000);
    g_assert_false(lit(th, 1, 41) || lit(th, 639, 41));
    th_free(th);
}

/*
 * Triangle (0,0) (4,0) (0,4): pixel centres strictly inside, or on a
 * top/left edge.  In doubled units the hypotenuse runs (8,0)-(0,8); a
 * centre (2x+1, 2y+1) is on it when x + y = 3, which is neither top nor
 * left: rows 0-3 get 3, 2, 1, 0 pixels.
 */
static void test_triangle(void)
{
    TestHost *th = setup(3);
    static const unsigned row[4] = { 3, 2, 1, 0 };

    object(th, 0x0b, OPTS(0x17, 1));
    th_wr(th, MTHD(0x0b, 0x304), 0xffffff);
    th_wr(th, MTHD(0x0b, 0x310), 0);
    th_wr(th, MTHD(0x0b, 0x314), 4);
    th_wr(th, MTHD(0x0b, 0x318), 4 << 16);
    for (unsigned y = 0; y < 5; y++) {
        for (unsigned x = 0; x < 5; x++) {
            g_assert_cmpint(lit(th, x, y), ==, y < 4 && x < row[y]);
        }
    }
    /*
     * TRIANGLE32 (0,10) (4,10) (0x40000000,10) raises XY_RANGE.  A TRIMESH
     * point (0,14) then makes the triangle (4,10) (0x40000000,10) (0,14),
     * still with the 32-bit point: XY_RANGE again, and nothing drawn (its
     * row 11 would otherwise run from x = 3 across the whole canvas).
     */
    th_wr(th, MTHD(0x0b, 0x320), 0);
    th_wr(th, MTHD(0x0b, 0x324), 10);
    th_wr(th, MTHD(0x0b, 0x328), 4);
    th_wr(th, MTHD(0x0b, 0x32c), 10);
    th_wr(th, MTHD(0x0b, 0x330), 0x40000000);
    th_wr(th, MTHD(0x0b, 0x334), 10);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0x1000);
    th_wr(th, GR(0x100), 0x1000);
    th_wr(th, GR(0x6a4), HOST_ON);
    th_wr(th, MTHD(0x0b, 0x400), 14 << 16);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0x1000);
    g_assert_false(lit(th, 3, 11) || lit(th, 100, 11) || lit(th, 639, 11));
    th_free(th);
}

/* ---- the XY logic (docs/nv1.rst "The XY logic", §n its sections) ---- */

#define VTX_X(i)    GR(0x400 + 4 * (i))
#define VTX_Y(i)    GR(0x480 + 4 * (i))
#define XY_A        GR(0x640)
#define XY_B        GR(0x644)
#define XY_D(a)     GR(0x648 + 4 * (a))
#define VALID       GR(0x650)
#define XY_E        GR(0x65c)

/* Clear INTR and give the host access back after a method's trap. */
static void ack(TestHost *th)
{
    th_wr(th, GR(0x100), 0xffffffff);
    th_wr(th, GR(0x6a4), HOST_ON);
}

/*
 * §1 masks: the XY registers keep their writable bits and nothing else
 * happens on a write.  §1 DEBUG_A reset: VALID 0, XY_E's high half kept,
 * XY_A bit 12, XY_B bits 24-25, XY_D's top byte with every CSTAT 0101;
 * vertex RAM is kept.
 */
static void test_xy_registers(void)
{
    static const struct {
        uint32_t reg, mask, after_reset;
    } regs[] = {
        { 0x640, 0xf1ff11ff, 0x00001000 },  /* XY_A */
        { 0x644, 0x03177331, 0x03000000 },  /* XY_B */
        { 0x648, 0x30ffffff, 0x30555500 },  /* XY_D[0] */
        { 0x64c, 0x30ffffff, 0x30555500 },  /* XY_D[1] */
        { 0x650, 0x111ff1ff, 0 },           /* VALID */
        { 0x658, 0xffff00ff, 0xffff00ff },  /* SUBDIVIDE (kept) */
        { 0x65c, 0xffff0113, 0xffff0000 },  /* XY_E */
        { 0x700, 0x01ffffff, 0x01ffffff },  /* VTX_BETA[0] (kept) */
        { 0x734, 0x01ffffff, 0x01ffffff },  /* VTX_BETA[13] */
        { 0x68c, 0x0fff0fff, 0 },           /* CANVAS_MAX (cleared) */
    };
    TestHost *th = setup(3);

    for (unsigned i = 0; i < G_N_ELEMENTS(regs); i++) {
        th_wr(th, GR(regs[i].reg), 0xffffffff);
        g_assert_cmphex(th_rd(th, GR(regs[i].reg)), ==, regs[i].mask);
    }
    th_wr(th, VTX_X(3), 0x12345678);
    th_wr(th, GR(0x080), 1);
    for (unsigned i = 0; i < G_N_ELEMENTS(regs); i++) {
        g_assert_cmphex(th_rd(th, GR(regs[i].reg)), ==, regs[i].after_reset);
    }
    g_assert_cmphex(th_rd(th, VTX_X(3)), ==, 0x12345678);
    th_free(th);
}

/*
 * §3, MMIO writes with side effects; no class latched (ACCESS bits 12-16
 * are 0), canvas 640x480, CANVAS_MIN (x 2, y 3).
 */
static void test_xy_mmio(void)
{
    TestHost *th = setup(3);

    th_wr(th, GR(0x688), 3 << 16 | 2);
    /*
     * VTX_X_ABS[2] = 0x8000: stored as it is, slot 0 (not 2) of XY_D[0]:
     * CARRY 0, OOB (bit 4) 1, CSTAT[0] = 0x8000 > 640: 4, in bits 8-11.
     */
    th_wr(th, VTX_X(2), 0x8000);
    g_assert_cmphex(th_rd(th, VTX_X(2)), ==, 0x8000);
    g_assert_cmphex(th_rd(th, XY_D(0)), ==, 0x410);
    /*
     * VTX_X_REL[1] = -1: -1 + 2 = 1 with a carry out (0xffffffff + 2),
     * slot 1: CARRY[1] (bit 1), CSTAT[1] = 1 < min 2: 1, in bits 12-15.
     */
    th_wr(th, GR(0x504), 0xffffffff);
    g_assert_cmphex(th_rd(th, VTX_X(1)), ==, 1);
    g_assert_cmphex(th_rd(th, XY_D(0)), ==, 0x1412);
    /* VTX_Y_REL[5] = 7: 10, slot 1, inside 3..480: XY_D[1] stays 0. */
    th_wr(th, GR(0x594), 7);
    g_assert_cmphex(th_rd(th, VTX_Y(5)), ==, 10);
    g_assert_cmphex(th_rd(th, XY_D(1)), ==, 0);
    /*
     * VTX_X_ABS[16] = 700: its CSTAT (4) goes to XY_E bits 16-19 only,
     * XY_D[0] slot 0 takes CARRY 0 and OOB 0.
     */
    th_wr(th, VTX_X(16), 700);
    g_assert_cmphex(th_rd(th, XY_E), ==, 0x40000);
    g_assert_cmphex(th_rd(th, XY_D(0)), ==, 0x1402);
    /*
     * ICLIP_X = 100: <= 640 sets XY_B bits 14 and 20, not below the
     * minimum 2: bit 4 clear.  ICLIP_Y_REL = 0x3fffe: 0x3fffe + 3 =
     * 0x40001, stored 18 bits: 1; first bits 14, 18, 20 all clear, then
     * 1 <= 480 sets 18 and 1 < 3 sets bit 5 (ICLIP_Y_NULL).
     */
    th_wr(th, GR(0x450), 100);
    g_assert_cmphex(th_rd(th, XY_B), ==, 0x104000);
    g_assert_cmphex(th_rd(th, GR(0x450)), ==, 100);
    th_wr(th, GR(0x554), 0x3fffe);
    g_assert_cmphex(th_rd(th, GR(0x454)), ==, 1);
    g_assert_cmphex(th_rd(th, XY_B), ==, 0x40020);
    /*
     * UCLIP_XMIN = 10, then UCLIP_XMAX = 50: both shift (MIN takes the
     * old MAX), VTX_X[15] takes each, XY_B bits 12-14, 16-18, 20 clear.
     * The MAX write: bit 8 (UCLIP_X_NULL) since XY_D[0] bit 10 (vertex
     * above the maximum, from VTX_X[2]) and 50 >= 0; bit 12 as XY_D[0]
     * bit 8 is clear; bit 13 as 50 <= 640.  0x20 | 0x100 | 0x3000.
     */
    th_wr(th, GR(0x460), 10);
    g_assert_cmphex(th_rd(th, GR(0x460)), ==, 0);
    g_assert_cmphex(th_rd(th, GR(0x464)), ==, 10);
    th_wr(th, GR(0x464), 50);
    g_assert_cmphex(th_rd(th, GR(0x460)), ==, 10);
    g_assert_cmphex(th_rd(th, GR(0x464)), ==, 50);
    g_assert_cmphex(th_rd(th, VTX_X(15)), ==, 50);
    g_assert_cmphex(th_rd(th, XY_B), ==, 0x3120);
    /* Writes need ACCESS.HOST like every PGRAPH register. */
    th_wr(th, GR(0x6a4), 0x04000000);
    th_wr(th, VTX_X(2), 5);
    g_assert_cmphex(th_rd(th, VTX_X(2)), ==, 0x8000);
    th_free(th);
}

/*
 * §4.3, §4.6, §5: an out-of-range flag left by a LIN suppresses a later
 * POINT whose own coordinate is fine, until XY_D is written.
 */
static void test_xy_point_leftover(void)
{
    TestHost *th = setup(3);

    /*
     * LIN, LINE32 (0,0)-(0x8000,0): X_0 is first (VALID 0x111), Y_0 adds
     * 0x11000 and moves VTX_IDX to 1, X_1 adds 0x22, Y_1 0x22000: 0x33133
     * has 0x3103, so the draw check passes and clears bits 0-3, 12-15:
     * 0x30130.  X_1 is out of range: OOB[1] (bit 5), CSTAT[1] 4 (> 640);
     * X_0 = 0 is at the minimum: CSTAT[0] 2.  XY_D[0] = 0x4220, XY_D[1]
     * (both Y at the minimum) 0x2200.  XY_RANGE, VTX_IDX back to 0.
     */
    object(th, 0x0a, OPTS(0x17, 1));
    th_wr(th, MTHD(0x0a, 0x304), 0xffffff);
    th_wr(th, MTHD(0x0a, 0x480), 0);
    th_wr(th, MTHD(0x0a, 0x484), 0);
    th_wr(th, MTHD(0x0a, 0x488), 0x8000);
    th_wr(th, MTHD(0x0a, 0x48c), 0);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0x1000);
    g_assert_cmphex(th_rd(th, GR(0x6a4)) & 0x101, ==, 0);
    g_assert_cmphex(th_rd(th, VALID), ==, 0x30130);
    g_assert_cmphex(th_rd(th, XY_D(0)), ==, 0x4220);
    g_assert_cmphex(th_rd(th, XY_D(1)), ==, 0x2200);
    g_assert_cmphex(th_rd(th, XY_A), ==, 0);
    g_assert_false(lit(th, 0, 0));
    ack(th);
    /*
     * POINT (5,5): slot 0, CSTAT[0] and [1] both 0 (class 8), OOB[0] 0;
     * OOB[1] is still set: XY_RANGE, and the pixel is not drawn.  VALID
     * 0x30130 | 0x1001 has 0x1001, then bits 0-23 clear; VTX_IDX 1;
     * XY_B bit 24.
     */
    object(th, 0x08, OPTS(0x17, 1));
    th_wr(th, MTHD(0x08, 0x304), 0xffffff);
    th_wr(th, MTHD(0x08, 0x400), 5 << 16 | 5);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0x1000);
    g_assert_cmphex(th_rd(th, XY_D(0)), ==, 0x20);
    g_assert_cmphex(th_rd(th, XY_D(1)), ==, 0);
    g_assert_cmphex(th_rd(th, VTX_X(0)), ==, 5);
    g_assert_cmphex(th_rd(th, VALID), ==, 0);
    g_assert_cmphex(th_rd(th, XY_A), ==, 0x10000000);
    g_assert_cmphex(th_rd(th, XY_B), ==, 0x01000000);
    g_assert_false(lit(th, 5, 5));
    ack(th);
    /* XY_D[0] written 0: the same point draws, no interrupt. */
    th_wr(th, XY_D(0), 0);
    th_wr(th, MTHD(0x08, 0x400), 5 << 16 | 5);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0);
    g_assert_true(lit(th, 5, 5));
    /*
     * POINT32 (7, 0x10000): the Y is out of range (XY_D[1] bit 4):
     * XY_RANGE; CSTAT Y 4 (> 480).  X32 does not move VTX_IDX.
     */
    th_wr(th, MTHD(0x08, 0x480), 7);
    th_wr(th, MTHD(0x08, 0x484), 0x10000);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0x1000);
    g_assert_cmphex(th_rd(th, XY_D(1)), ==, 0x4410);
    g_assert_cmphex(th_rd(th, VTX_Y(0)), ==, 0x10000);
    g_assert_false(lit(th, 7, 0));
    th_free(th);
}

/*
 * §4.4, §6: BLIT (10,20) -> (100,200), 3x2.  POINT_IN is first: VTX_IDX
 * 0 -> 1, VALID 0x1101 (bit 8 the first point); POINT_OUT 1 -> 2, VALID
 * 0x3103; SIZE bumps twice (3, then 4 -> 0), VTX[2] = VTX[0] + (3,2),
 * VTX[3] = VTX[1] + (3,2), VALID | 0xc00c = 0xf10f passes, then 0.
 * Every vertex is inside the canvas: XY_D 0.
 */
static void test_xy_blit(void)
{
    static const uint32_t vx[4] = { 10, 100, 13, 103 };
    static const uint32_t vy[4] = { 20, 200, 22, 202 };
    TestHost *th = setup(3);

    nv_st_le(th->vram + (20 * 640 + 10) * 4, 0x11, 4);
    nv_st_le(th->vram + (21 * 640 + 12) * 4, 0x22, 4);
    object(th, 0x10, OPTS(0x17, 1));
    th_wr(th, MTHD(0x10, 0x300), 20 << 16 | 10);
    g_assert_cmphex(th_rd(th, VALID), ==, 0x1101);
    g_assert_cmphex(th_rd(th, XY_A), ==, 0x10000000);
    th_wr(th, MTHD(0x10, 0x304), 200 << 16 | 100);
    g_assert_cmphex(th_rd(th, VALID), ==, 0x3103);
    g_assert_cmphex(th_rd(th, XY_A), ==, 0x20000000);
    th_wr(th, MTHD(0x10, 0x308), 2 << 16 | 3);
    for (unsigned i = 0; i < 4; i++) {
        g_assert_cmphex(th_rd(th, VTX_X(i)), ==, vx[i]);
        g_assert_cmphex(th_rd(th, VTX_Y(i)), ==, vy[i]);
    }
    g_assert_cmphex(th_rd(th, XY_A), ==, 0);
    g_assert_cmphex(th_rd(th, VALID), ==, 0);
    g_assert_cmphex(th_rd(th, XY_D(0)), ==, 0);
    g_assert_cmphex(th_rd(th, XY_D(1)), ==, 0);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0);
    g_assert_cmphex(vram32(th, (200 * 640 + 100) * 4), ==, 0x11);
    g_assert_cmphex(vram32(th, (201 * 640 + 102) * 4), ==, 0x22);
    /*
     * The same points, SIZE (0xffff, 1): VTX[2].X = 10 + 0xffff = 0x10009
     * and VTX[3].X = 0x10063 are out of range: OOB[2], OOB[3] (0xc0),
     * CSTAT[2] and [3] 4 (> 640) in bits 16-23: XY_D[0] 0x4400c0; XY_RANGE
     * and nothing drawn.  Y: 21 and 201, inside.
     */
    th_wr(th, MTHD(0x10, 0x300), 20 << 16 | 10);
    th_wr(th, MTHD(0x10, 0x304), 300 << 16 | 100);
    th_wr(th, MTHD(0x10, 0x308), 1 << 16 | 0xffff);
    g_assert_cmphex(th_rd(th, VTX_X(2)), ==, 0x10009);
    g_assert_cmphex(th_rd(th, VTX_X(3)), ==, 0x10063);
    g_assert_cmphex(th_rd(th, VTX_Y(3)), ==, 301);
    g_assert_cmphex(th_rd(th, XY_D(0)), ==, 0x4400c0);
    g_assert_cmphex(th_rd(th, XY_D(1)), ==, 0);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0x1000);
    g_assert_cmphex(vram32(th, (300 * 640 + 100) * 4), ==, 0);
    th_free(th);
}

/*
 * §4.4 RECT: XY (10,5) is first: VALID 0x1101, VTX_IDX 1; WH (3,2) puts
 * VTX[0] + (3,2) in vertex 1 (VTX_IDX), VALID 0x3103, passes, VALID 0.
 * A second WH goes to vertex 0 (VTX_IDX 0 after 2 & 1): VTX[0] = (13,7),
 * VALID 0x1001 lacks 0x2102: MISSING_METHOD; VALID bits 0-23 clear all
 * the same.
 */
static void test_xy_rect(void)
{
    TestHost *th = setup(3);

    object(th, 0x0c, OPTS(0x17, 1));
    th_wr(th, MTHD(0x0c, 0x304), 0xffffff);
    th_wr(th, MTHD(0x0c, 0x400), 5 << 16 | 10);
    th_wr(th, MTHD(0x0c, 0x404), 2 << 16 | 3);
    g_assert_cmphex(th_rd(th, VTX_X(1)), ==, 13);
    g_assert_cmphex(th_rd(th, VTX_Y(1)), ==, 7);
    g_assert_cmphex(th_rd(th, VALID), ==, 0);
    g_assert_true(lit(th, 12, 6) && !lit(th, 13, 6));
    th_wr(th, MTHD(0x0c, 0x404), 2 << 16 | 3);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0x10000);
    g_assert_cmphex(th_rd(th, VTX_X(0)), ==, 13);
    g_assert_cmphex(th_rd(th, VTX_Y(0)), ==, 7);
    g_assert_cmphex(th_rd(th, VALID), ==, 0);
    g_assert_false(lit(th, 13, 7));
    th_free(th);
}

/*
 * §4.7 CLIP: POINT (100,100) waits for its size (VALID bit 24), XY_B =
 * (XY_B & 0x330) | bit 24, UCLIP MAX 100 (MIN the old MAX, 0), VTX[15]
 * (100,100).  A RECT with CTX_SWITCH.CLIP now raises MISSING_METHOD.
 * SIZE (2,3): VTX[15] + size = (102,103) into VTX[15] and UCLIP MAX, MIN
 * 100; VALID bits 24, 28 clear; XY_B & 0x03000001, then bits 12, 13
 * (X) and 16, 17 (Y): the point was not below the canvas and 102, 103
 * are within it: 0x01033000.
 */
static void test_xy_clip(void)
{
    TestHost *th = setup(3);

    object(th, 0x05, OPTS(0x17, 1));
    th_wr(th, MTHD(0x05, 0x300), 100 << 16 | 100);
    g_assert_cmphex(th_rd(th, VALID), ==, 0x01000000);
    g_assert_cmphex(th_rd(th, XY_B), ==, 0x01000000);
    g_assert_cmphex(th_rd(th, GR(0x464)), ==, 100);
    g_assert_cmphex(th_rd(th, VTX_Y(15)), ==, 100);
    object(th, 0x0c, OPTS(0x17, 1) | 1u << 7);
    th_wr(th, MTHD(0x0c, 0x400), 0);
    th_wr(th, MTHD(0x0c, 0x404), 1 << 16 | 1);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0x10000);
    ack(th);
    object(th, 0x05, OPTS(0x17, 1));
    th_wr(th, MTHD(0x05, 0x304), 3 << 16 | 2);
    g_assert_cmphex(th_rd(th, VALID), ==, 0);
    g_assert_cmphex(th_rd(th, XY_B), ==, 0x01033000);
    g_assert_cmphex(th_rd(th, GR(0x460)), ==, 100);
    g_assert_cmphex(th_rd(th, GR(0x464)), ==, 102);
    g_assert_cmphex(th_rd(th, GR(0x46c)), ==, 103);
    g_assert_cmphex(th_rd(th, VTX_X(15)), ==, 102);
    th_free(th);
}

/*
 * §4.5, §4.9 IFC, A8R8G8B8 (one pixel a word): POINT (4,2) is vertex 4
 * (VALID 0x10010), SIZE_OUT (2,2) vertex 5 (0x20020), SIZE_IN (3,2)
 * VTX[3] = (3, -2), VTX[1].Y 0 (0x8008), both SIGN bits 2 (non-zero).
 * The first word: VTX[6] = (6,4), the image clip: 6 <= 640 and 4 <= 480
 * set XY_B bits 14, 20, 18, with IFC_INIT_DONE and without bit 24:
 * 0x144001; VTX[2].Y = -2 + 1 = -1 (XY_D[1] SIGN 1), VTX[0] = VTX[4],
 * VTX[2].X = 3 - 1 = 2 (XY_D[0] SIGN 2), VTX[1].X = 4 + 1 = 5.
 */
static void test_xy_ifc(void)
{
    static const uint32_t vx[7] = { 4, 5, 2, 3, 4, 2, 6 };
    static const uint32_t vy[7] = { 2, 0, 0xffffffff, 0xfffffffe, 2, 2, 4 };
    TestHost *th = setup(3);

    object(th, 0x11, OPTS(0x17, 1));
    th_wr(th, MTHD(0x11, 0x304), 2 << 16 | 4);
    th_wr(th, MTHD(0x11, 0x308), 2 << 16 | 2);
    th_wr(th, MTHD(0x11, 0x30c), 2 << 16 | 3);
    g_assert_cmphex(th_rd(th, VALID), ==, 0x38038);
    g_assert_cmphex(th_rd(th, XY_D(0)), ==, 0x20000000);
    th_wr(th, MTHD(0x11, 0x400), 1);
    for (unsigned i = 0; i < 7; i++) {
        g_assert_cmphex(th_rd(th, VTX_X(i)), ==, vx[i]);
        g_assert_cmphex(th_rd(th, VTX_Y(i)), ==, vy[i]);
    }
    g_assert_cmphex(th_rd(th, XY_B), ==, 0x144001);
    g_assert_cmphex(th_rd(th, XY_D(0)), ==, 0x20000000);
    g_assert_cmphex(th_rd(th, XY_D(1)), ==, 0x10000000);
    g_assert_cmphex(th_rd(th, GR(0x450)), ==, 6);
    g_assert_cmphex(th_rd(th, GR(0x454)), ==, 4);
    g_assert_cmphex(th_rd(th, XY_A), ==, 0);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0);
    g_assert_cmphex(vram32(th, (2 * 640 + 4) * 4), ==, 1 << 2);
    th_free(th);
}

/*
 * §4.5: an image size taken with ITM latched marks the image empty
 * (XY_A bit 12) when its width is 4 / cpp_in, cpp_in being the source
 * bytes per pixel of the colour format (CTX_SWITCH bits 9-12 mod 5: 2,
 * 4, 4, 1, 4), or its height is 0.  Format 1: cpp_in 4, so a width of 1
 * is empty and 4 is not; format 3: cpp_in 1, so 4 is empty and 1 not.
 */
static void test_xy_itm_size_in(void)
{
    TestHost *th = setup(3);

    object(th, 0x14, OPTS(0x17, 1));
    th_wr(th, MTHD(0x11, 0x30c), 3 << 16 | 1);
    g_assert_cmphex(th_rd(th, XY_A), ==, 0x1000);
    th_wr(th, MTHD(0x11, 0x30c), 3 << 16 | 4);
    g_assert_cmphex(th_rd(th, XY_A), ==, 0);
    object(th, 0x14, OPTS(0x17, 3));
    th_wr(th, MTHD(0x11, 0x30c), 3 << 16 | 4);
    g_assert_cmphex(th_rd(th, XY_A), ==, 0x1000);
    th_wr(th, MTHD(0x11, 0x30c), 3 << 16 | 1);
    g_assert_cmphex(th_rd(th, XY_A), ==, 0);
    th_wr(th, MTHD(0x11, 0x30c), 0 << 16 | 1);     /* height 0 */
    g_assert_cmphex(th_rd(th, XY_A), ==, 0x1000);
    th_free(th);
}

/*
 * §1 volatile reset (object switch with bit 31 and DEBUG_C bit 28): XY_A
 * 0, VALID & 0x11000000, XY_B & 0x00033300, XY_D 0x00555500, SRC_COLOR
 * & 0x00ff00ff, SUBDIVIDE & 0xffff0000.
 */
static void test_xy_volatile_reset(void)
{
    TestHost *th = setup(3);

    th_wr(th, XY_A, 0xffffffff);
    th_wr(th, XY_B, 0xffffffff);
    th_wr(th, XY_D(0), 0xffffffff);
    th_wr(th, VALID, 0xffffffff);
    th_wr(th, GR(0x654), 0xffffffff);
    th_wr(th, GR(0x658), 0xffffffff);
    th_wr(th, GR(0x088), 1u << 28);
    object(th, 0x0c, OPTS(0x17, 1) | 1u << 31);
    g_assert_cmphex(th_rd(th, XY_A), ==, 0);
    g_assert_cmphex(th_rd(th, VALID), ==, 0x11000000);
    g_assert_cmphex(th_rd(th, XY_B), ==, 0x00033300);
    g_assert_cmphex(th_rd(th, XY_D(0)), ==, 0x00555500);
    g_assert_cmphex(th_rd(th, XY_D(1)), ==, 0x00555500);
    g_assert_cmphex(th_rd(th, GR(0x654)), ==, 0x00ff00ff);
    g_assert_cmphex(th_rd(th, GR(0x658)), ==, 0xffff0000);
    th_free(th);
}

/*
 * §4.2, §4.8 the textured classes.  TEXLIN VTX_POS_INT[1] (3,5): vertex
 * 1 (the address), VTX_IDX 0 -> 1, stored in 17.15 form: 3 << 15 |
 * 0x4000 = 0x1c000, 5 -> 0x2c000; VALID bits 1, 13; XY_B bit 24.
 * VTX_POS_FRACT[0] (16,32) (12.4: 1, 2): the form changes with bit 24
 * set: VALID bits 0-23 clear, then bits 0, 12; XY_B bits 24, 25;
 * 16 << 15 | 0x4000 = 0x84000.  TEXLINBETA VTX_BETA[0] 0xffff8000:
 * halves 0x8000 -> 0x800000 | 0x4000, bit 23 copied to 24: 0x1804000;
 * 0xffff -> 0xff8000 | 0x4000 | bit 24: 0x1ffc000; VALID bit 12.
 */
static void test_xy_tex(void)
{
    TestHost *th = setup(3);

    object(th, 0x0d, OPTS(0x17, 1));
    th_wr(th, MTHD(0x0d, 0x314), 5 << 16 | 3);
    g_assert_cmphex(th_rd(th, VTX_X(1)), ==, 0x1c000);
    g_assert_cmphex(th_rd(th, VTX_Y(1)), ==, 0x2c000);
    g_assert_cmphex(th_rd(th, VALID), ==, 0x2002);
    g_assert_cmphex(th_rd(th, XY_A), ==, 0x10000000);
    g_assert_cmphex(th_rd(th, XY_B), ==, 0x01000000);
    th_wr(th, MTHD(0x0d, 0x350), 32 << 16 | 16);
    g_assert_cmphex(th_rd(th, VTX_X(0)), ==, 0x84000);
    g_assert_cmphex(th_rd(th, VTX_Y(0)), ==, 0x104000);
    g_assert_cmphex(th_rd(th, VALID), ==, 0x1001);
    g_assert_cmphex(th_rd(th, XY_B), ==, 0x03000000);
    g_assert_cmphex(th_rd(th, XY_D(0)), ==, 0);
    object(th, 0x1d, OPTS(0x17, 1));
    th_wr(th, VALID, 0);
    th_wr(th, MTHD(0x1d, 0x380), 0xffff8000);
    g_assert_cmphex(th_rd(th, GR(0x700)), ==, 0x1804000);
    g_assert_cmphex(th_rd(th, GR(0x704)), ==, 0x1ffc000);
    g_assert_cmphex(th_rd(th, VALID), ==, 0x1000);
    th_free(th);
}

/* PMC.ENABLE bit 12 resets PGRAPH. */
static void test_enable(void)
{
    TestHost *th = setup(3);

    th_wr(th, GR(0x624), 0x55);
    th_wr(th, 0x200, 0x01011111 & ~(1u << 12));
    g_assert_cmphex(th_rd(th, GR(0x624)), ==, 0);
    th_wr(th, 0x200, 0x01011111);
    g_assert_cmphex(th_rd(th, GR(0x6a4)), ==, 0x0f000000);
    th_free(th);
}

/* ---- fast paths against the reference, byte for byte ---- */

static void fill_reference(TestHost *th, unsigned x, unsigned y, unsigned w,
                           unsigned h, uint32_t src)
{
    NV1Rop r;

    nv1_rop_begin(&r, &th->card, false);
    for (unsigned py = y; py < y + h; py++) {
        for (unsigned px = x; px < x + w; px++) {
            nv1_rop_pixel(&r, px, py, src);
        }
    }
}

static void blit_reference(TestHost *th, unsigned dx, unsigned dy,
                           unsigned sx, unsigned sy, unsigned w, unsigned h)
{
    bool up = dy > sy, back = dy == sy && dx > sx;
    NV1Rop r;

    nv1_rop_begin(&r, &th->card, true);
    for (unsigned i = 0; i < h; i++) {
        unsigned row = up ? h - 1 - i : i;
        for (unsigned j = 0; j < w; j++) {
            unsigned col = back ? w - 1 - j : j;
            nv1_rop_blit_pixel(&r, dx + col, dy + row, sx + col, sy + row);
        }
    }
}

/* Random state where the fast paths may apply; both sides start equal. */
static void random_state(GRand *rnd, TestHost *a, TestHost *b)
{
    unsigned bpp = g_rand_int_range(rnd, 0, 4);
    unsigned width = g_rand_int_range(rnd, 0, 8);
    bool dbl = g_rand_boolean(rnd);
    uint32_t cfg = g_rand_int(rnd) & (0x01011011 | NV1_CANVAS_DITHER |
                                      NV1_CANVAS_Y8_EXPAND);
    unsigned cfmt = g_rand_int_range(rnd, 0, 16);
    uint32_t opts = NV1_OP_SRCCOPY | cfmt << 9 |
                    (g_rand_boolean(rnd) ? NV1_CTX_ALPHA : 0);

    for (TestHost *t = a; t; t = t == a ? b : NULL) {
        th_wr(t, 0x600200, width << 4 | bpp << 8 | (dbl ? 1u << 12 : 0));
        t->card.pgraph1.canvas_config = cfg & ~NV1_CANVAS_SOFTWARE;
        t->card.pgraph1.ctx_switch = opts;
        t->card.pgraph1.canvas_max = 0x0fff0fff;
    }
    for (unsigned i = 0; i < 4096; i++) {
        uint32_t v = g_rand_int(rnd);
        unsigned off = g_rand_int_range(rnd, 0, (4 << 20) / 4) * 4;
        nv_st_le(a->vram + off, v, 4);
        nv_st_le(b->vram + off, v, 4);
    }
}

static void test_fast_paths(void)
{
    GRand *rnd = g_rand_new_with_seed(0x4e56);
    TestHost *a = th_new("nv1", 4 << 20), *b = th_new("nv1", 4 << 20);
    unsigned fast_fills = 0, fast_blits = 0;

    for (unsigned n = 0; n < 3000; n++) {
        unsigned w = g_rand_int_range(rnd, 1, 64);
        unsigned h = g_rand_int_range(rnd, 1, 32);
        unsigned x = g_rand_int_range(rnd, 0, 1900);
        unsigned y = g_rand_int_range(rnd, 0, 2200);
        NV1Rop r;

        random_state(rnd, a, b);
        nv1_rop_begin(&r, &a->card, n & 1);
        if (n & 1) {
            unsigned sx = g_rand_int_range(rnd, 0, 1900);
            unsigned sy = g_rand_int_range(rnd, 0, 2200);

            if (g_rand_boolean(rnd)) {      /* overlapping */
                sx = x + g_rand_int_range(rnd, -3, 4);
                sy = y + g_rand_int_range(rnd, -3, 4);
            }
            if (nv1_rop_blit_fast(&r, x, y, sx, sy, w, h)) {
                fast_blits++;
            } else {
                blit_reference(a, x, y, sx, sy, w, h);
            }
            blit_reference(b, x, y, sx, sy, w, h);
        } else {
            uint32_t src = g_rand_int(rnd);

            if (nv1_rop_fill_fast(&r, x, y, w, h, src)) {
                fast_fills++;
            } else {
                fill_reference(a, x, y, w, h, src);
            }
            fill_reference(b, x, y, w, h, src);
        }
        g_assert_true(memcmp(a->vram, b->vram, 4 << 20) == 0);
    }
    /* The comparison means something only if the fast paths ran. */
    g_assert_cmpuint(fast_fills, >, 500);
    g_assert_cmpuint(fast_blits, >, 300);
    g_rand_free(rnd);
    th_free(a);
    th_free(b);
}

/*
 * ---- the XY rules written out from docs/nv1.rst "The XY logic", for
 * every vertex-taking method, against the card ----
 *
 * A deliberately plain transcription: random PGRAPH state, one method
 * (or one write of a vertex or clip register) through MMIO on one card;
 * on the other the transcription updates the registers and, where it
 * says a POINT, RECT or BLIT draws, the reference pipeline (one
 * nv1_rop_pixel() or nv1_rop_blit_pixel() per pixel) draws.  Every XY
 * register, the clip registers, SOURCE_COLOR, the betas, INTR, ACCESS
 * and VRAM must match: so the fast paths, fed by the XY logic, must
 * still give the reference's bytes.  Lines, triangles and images have
 * no pixel rule to transcribe: there VRAM must stay untouched when the
 * transcription says the method does not draw, and is taken over from
 * the card when it does.
 */
typedef struct XyModel {
    NVCard *c;                  /* the pipeline state, only read */
    unsigned cls;               /* latched */
    uint32_t vtx[2][18], iclip[2], uclip[2][2];     /* uclip: MIN, MAX */
    uint32_t xy_a, xy_b, xy_d[2], xy_e, valid, src_color, beta[14];
    uint32_t intr, access;
} XyModel;

static bool bit(uint32_t v, unsigned n)
{
    return (v >> n) & 1;
}

static void put_bit(uint32_t *v, unsigned n, bool on)
{
    *v = (*v & ~(1u << n)) | (uint32_t)on << n;
}

static int32_t sext18(uint32_t v)
{
    return (int32_t)(v << 14) >> 14;
}

static bool m_tex(XyModel *m)
{
    return m->cls == 0x0d || m->cls == 0x0e || m->cls == 0x1d ||
           m->cls == 0x1e;
}

/* LINE, LIN, TRI */
static bool m_line(XyModel *m)
{
    return m->cls >= 0x09 && m->cls <= 0x0b;
}

/* IFC, BITMAP, IFM */
static bool m_image(XyModel *m)
{
    return m->cls >= 0x11 && m->cls <= 0x13;
}

/* 12.4 coordinates: a textured class with XY_B bit 25 */
static unsigned m_fract(XyModel *m)
{
    return m_tex(m) && bit(m->xy_b, 25) ? 4 : 0;
}

static unsigned m_k(XyModel *m)
{
    return m->xy_a >> 28;
}

static void m_set_k(XyModel *m, unsigned k)
{
    m->xy_a = (m->xy_a & 0x0fffffff) | (k & 0xf) << 28;
}

static int32_t m_cb(XyModel *m, unsigned a)
{
    return (int16_t)(m->c->pgraph1.canvas_min >> (16 * a));
}

/* CB[a] as the origin a vertex is relative to */
static uint32_t m_origin(XyModel *m, unsigned a)
{
    return (uint32_t)m_cb(m, a) << m_fract(m);
}

static int32_t m_canvas_max(XyModel *m, unsigned a)
{
    return (m->c->pgraph1.canvas_max >> (16 * a)) & 0xfff;
}

static bool m_clip_on(XyModel *m)
{
    return m->c->pgraph1.ctx_switch & NV1_CTX_CLIP;
}

/* §2.1 */
static void m_bounds(XyModel *m, unsigned a, int32_t *lo, int32_t *hi)
{
    *lo = m_cb(m, a);
    *hi = m_canvas_max(m, a);
    if (bit(m->xy_b, 12 + 4 * a) && m_clip_on(m)) {
        *lo = m->uclip[a][0];
    }
    if (bit(m->xy_b, 13 + 4 * a) && m_clip_on(m)) {
        *hi = m->uclip[a][1];
    }
    if (bit(m->xy_b, 14 + 4 * a)) {
        *hi = m->iclip[a];
    }
    if (*lo < 0) {
        *lo = 0;
    }
    *lo &= 0xfff;
    *hi &= 0xfff;
}

/* §2.2, the nibble for a coordinate already in its compared form */
static uint32_t m_cmp(XyModel *m, unsigned a, int32_t c)
{
    int32_t lo, hi;

    m_bounds(m, a, &lo, &hi);
    return (c < lo) | (c == lo) << 1 | (c > hi) << 2 | (c == hi) << 3;
}

/* §2.2: 18 bits, or the textured classes' 17.15 form */
static int32_t m_coord(XyModel *m, uint32_t v)
{
    if (m_tex(m)) {
        return (int16_t)(v >> 15) >> m_fract(m);
    }
    return sext18(v);
}

static uint32_t m_cs(XyModel *m, unsigned a, uint32_t v)
{
    return m_cmp(m, a, m_coord(m, v));
}

/* §4.8 */
static bool m_v16(XyModel *m)
{
    NV1Pgraph *g = &m->c->pgraph1;
    bool fields_ok = true;

    for (unsigned j = 0; j < 4; j++) {
        if (((g->subdivide >> (4 * (j / 2))) & 0xf) >
            ((g->subdivide >> (16 + 4 * j)) & 0xf)) {
            fields_ok = false;
        }
    }
    if (!m_tex(m) || !bit(g->debug_b, 24) ||
        (bit(g->debug_a, 24) && !fields_ok)) {
        return false;
    }
    /* TEXLIN, with or without betas */
    if ((m->cls == 0x0d || m->cls == 0x1d) && bit(g->debug_b, 8) &&
        !(m->xy_d[0] & 0x30000000) && !(m->xy_d[1] & 0x30000000)) {
        return false;
    }
    return true;
}

/* §2.3 */
static void m_write_d(XyModel *m, unsigned a, unsigned idx, unsigned s,
                      bool carry, bool oob, uint32_t n)
{
    s &= 3;
    put_bit(&m->xy_d[a], s, carry);
    put_bit(&m->xy_d[a], 4 + s, oob);
    if (m->cls == 8) {
        m->xy_d[a] = (m->xy_d[a] & ~0xff00u) | n << 8 | n << 12;
    } else if (idx < 16 || m_v16(m)) {
        m->xy_d[a] = (m->xy_d[a] & ~(0xfu << (8 + 4 * s))) |
                     n << (8 + 4 * s);
    }
    if (idx >= 16) {
        unsigned sh = 16 + 4 * a + 8 * (idx - 16);

        m->xy_e = (m->xy_e & ~(0xfu << sh)) | n << sh;
    }
}

/* §2.4 */
static void m_bump(XyModel *m)
{
    unsigned c = m->cls, k;

    if (c <= 0x07 || c == 0x0f || (c >= 0x15 && c <= 0x1c) || c == 0x1f) {
        return;
    }
    k = (m_k(m) + 1) & 0xf;
    if (c == 0x0b) {
        k = k == 3 ? 0 : k;
    } else if (c == 0x10 || c == 0x14) {
        k = k == 4 ? 0 : k;
    } else if (m_tex(m)) {
        k = k == 3u + m_v16(m) ? 0 : k;
    } else {
        k &= 1;
    }
    m_set_k(m, k);
}

static bool m_oob(uint32_t r)
{
    return (int32_t)r > 0x7fff || (int32_t)r < -0x8000;
}

static bool m_any_oob(XyModel *m)
{
    return (m->xy_d[0] | m->xy_d[1]) & 0xf0;
}

/* §2.5 */
static void m_setv(XyModel *m, unsigned a, unsigned i, uint32_t v,
                   bool packed)
{
    uint32_t base = m_origin(m, a), r = v + base, n;
    bool oob = m_oob(r) || (m_tex(m) && bit(m->xy_d[a], 4 + (i & 3)));

    if (m_tex(m) && packed) {
        m->vtx[a][i] = r << 15 | 0x4000;
        n = m_cmp(m, a, sext18(r) >> m_fract(m));
    } else {
        m->vtx[a][i] = r;
        n = m_cs(m, a, r);
    }
    m_write_d(m, a, i, i, r < base, oob, n);
}

/* §2.6; @base 0 for an absolute value (no carry then) */
static void m_fix(XyModel *m, unsigned a, unsigned i, uint32_t v,
                  uint32_t base, unsigned s)
{
    uint32_t r = v + base;

    m->vtx[a][i] = r;
    m_write_d(m, a, i, s, r < base, !m_tex(m) && m_oob(r), m_cs(m, a, r));
}

/* The common tail of §4.6 on top of @intr; true if nothing was raised */
static bool m_tail(XyModel *m, uint32_t intr)
{
    NV1Pgraph *g = &m->c->pgraph1;

    if ((bit(m->valid, 24) || bit(m->valid, 28)) && m_clip_on(m)) {
        intr |= NV1_INTR_MISSING_METHOD;
    }
    if (g->canvas_config & (1u << 24)) {
        intr |= NV1_INTR_CANVAS_SOFTWARE;
    }
    if (g->cliprect_config & (1u << 8)) {
        intr |= NV1_INTR_CLIP_SOFTWARE;
    }
    if (intr) {
        m->intr |= intr;
        m->access &= ~0x101u;
    }
    return !intr;
}

static bool m_has(XyModel *m, uint32_t bits)
{
    return (m->valid & bits) == bits;
}

/* §4.6; @p a strip method.  False for classes without a check. */
static bool m_check(XyModel *m, bool p)
{
    bool missing;

    switch (m->cls) {
    case 0x08:
        missing = !m_has(m, 0x1001);
        m->valid &= ~0xffffffu;
        break;
    case 0x0c:
        missing = !m_has(m, 0x3103);
        m->valid &= ~0xffffffu;
        break;
    case 0x10:
        missing = !m_has(m, 0xf10f);
        m->valid &= ~0xffffffu;
        break;
    case 0x09:
    case 0x0a:
    case 0x0b:
        if (!p) {
            missing = !m_has(m, m->cls == 0x0b ? 0x7107 : 0x3103);
            m->valid &= ~0xf00fu;
            break;
        }
        if (m->cls == 0x0b) {
            missing = (m->valid & 0x7f17f) != 0x70170;
        } else {
            missing = (m->valid & 0x3f13f) != 0x30130;
        }
        m->valid &= ~(1u << (4 + (m_k(m) & 3)) | 1u << (16 + (m_k(m) & 3)));
        if (m->valid & 0xf00f) {
            m->valid &= ~(1u << 8);
        }
        break;
    case 0x11:
    case 0x12:
        missing = !m_has(m, 0x38038);
        break;
    case 0x13:
        missing = false;
        break;
    default:
        return false;
    }
    return m_tail(m, (missing ? NV1_INTR_MISSING_METHOD : 0) |
                     (m_any_oob(m) ? NV1_INTR_XY_RANGE : 0));
}

/*
 * Entering a vertex method of form @fract (§4.2 steps 2-3, §4.3): a
 * textured class switching forms loses its vertices.
 */
static void m_mode(XyModel *m, bool fract)
{
    if (m_tex(m) && bit(m->xy_b, 24) && bit(m->xy_b, 25) != fract) {
        m->valid &= ~0xffffffu;
    }
    put_bit(&m->xy_b, 0, false);
    put_bit(&m->xy_b, 24, true);
    put_bit(&m->xy_b, 25, m_tex(m) && fract);
}

/* §4.1 flags */
#define M_F     0x01        /* first */
#define M_D     0x02        /* draws */
#define M_P     0x04        /* continues a strip */
#define M_T     0x08        /* a textured vertex: index from the address */
#define M_FR    0x10        /* ... in 12.4 form */

/* §4.2; @n the method's index in its array.  True if it may draw. */
static bool m_xy16(XyModel *m, uint32_t data, unsigned fl, unsigned n)
{
    bool f = (fl & M_F) || ((fl & M_T) && n == 0);
    bool p = fl & M_P;
    unsigned i;

    if (f) {
        m_set_k(m, 0);
    }
    i = m_k(m);
    if (m_image(m)) {
        i = 4;
    } else if (m_tex(m) && (fl & M_T)) {
        i = n;
    }
    m_mode(m, fl & M_FR);
    m_bump(m);
    m_setv(m, 0, i, (int16_t)data, true);
    m_setv(m, 1, i, (int16_t)(data >> 16), true);
    if (!p) {
        if (i <= 8) {
            m->valid |= 1u << i | 1u << (12 + i);
        }
        if (m_line(m) && f) {
            m->valid = (m->valid & ~0xffffffu) | 0x011111;
        } else if (m_line(m)) {
            m->valid |= 1u << (4 + (i & 3)) | 1u << (16 + (i & 3));
        }
        if ((m->cls == 0x0c || m->cls == 0x10) && f) {
            m->valid |= 1u << 8;
        }
    } else if (m_line(m)) {
        m->valid |= 1u << (4 + (i & 3)) | 1u << (16 + (i & 3));
    }
    return (fl & M_D) && m_check(m, p);
}

/* §4.3 */
static void m_x32(XyModel *m, uint32_t v, unsigned fl)
{
    bool f = fl & M_F;
    unsigned i;

    if (f) {
        m_set_k(m, 0);
    }
    i = m_k(m);
    m_mode(m, false);
    m_setv(m, 0, i, v, false);
    if (!(fl & M_P)) {
        if (i <= 8) {
            m->valid |= 1u << i;
        }
        if (m_line(m) && f) {
            m->valid = (m->valid & ~0xffffffu) | 0x000111;
        } else if (m_line(m)) {
            m->valid |= 1u << (4 + (i & 3));
        }
        if ((m->cls == 0x0c || m->cls == 0x10) && f) {
            m->valid |= 1u << 8;
        }
    } else if (m_line(m)) {
        if (m->valid & 0xf00f) {
            m->valid &= ~(1u << 8);
        }
        m->valid |= 1u << (4 + (i & 3));
    }
}

static bool m_y32(XyModel *m, uint32_t v, unsigned fl)
{
    unsigned i = m_k(m);

    m_mode(m, false);
    m_bump(m);
    m_setv(m, 1, i, v, false);
    if (!(fl & M_P) && i <= 8) {
        m->valid |= 1u << (12 + i);
    }
    if (m_line(m)) {
        m->valid |= 1u << (16 + (i & 3));
    }
    return (fl & M_D) && m_check(m, fl & M_P);
}

/* Both far corners of a blit (§4.4, §6) */
static void m_blit_corners(XyModel *m, uint32_t w, uint32_t h)
{
    m_fix(m, 0, 2, w, m->vtx[0][0], 2);
    m_fix(m, 1, 2, h, m->vtx[1][0], 2);
    m_fix(m, 0, 3, w, m->vtx[0][1], 3);
    m_fix(m, 1, 3, h, m->vtx[1][1], 3);
}

/* §4.4 */
static bool m_size(XyModel *m, uint32_t wh, unsigned fl)
{
    uint32_t w = wh & 0xffff, h = wh >> 16;
    unsigned i;

    if (m->cls == 0x10) {
        m_bump(m);
        m_bump(m);
        m_blit_corners(m, w, h);
        m->valid |= 0xc00c;
    } else if (m->cls == 0x14) {
        m_bump(m);
        m->vtx[0][3] = w;
        m->vtx[1][3] = h;
        m_fix(m, 0, 2, w, m->vtx[0][0], 2);
        m_fix(m, 1, 2, h, m->vtx[1][0], 2);
        m->valid |= 0x4004;
        put_bit(&m->xy_a, 12, w == 0 || h == 0);
        return false;
    } else if (m->cls == 0x0c || m_image(m)) {
        i = m_k(m);
        m_fix(m, 0, i, w, m->vtx[0][0], i);
        m_fix(m, 1, i, h, m->vtx[1][0], i);
        if (i <= 8) {
            m->valid |= 1u << i | 1u << (12 + i);
        }
        m_bump(m);
    } else {
        m_fix(m, 0, 15, w, m->vtx[0][15], 1);
        m_fix(m, 1, 15, h, m->vtx[1][15], 1);
        m_bump(m);
        if (m_line(m)) {
            m->valid |= 0x080080;
        }
    }
    return (fl & M_D) && m_check(m, false);
}

/* §4.5 SIZE_OUT */
static void m_size_out(XyModel *m, uint32_t wh)
{
    m->vtx[0][5] = wh & 0xffff;
    m->vtx[1][5] = wh >> 16;
    if (m_line(m)) {
        m->valid &= ~0xffffffu;
    }
    m->valid |= 0x020020;
    if (m_image(m)) {
        m->xy_b &= ~1u;
    }
    if (m_line(m) || m->cls == 0x0c || m->cls == 0x10) {
        m->valid |= 1u << 8;
    }
    m_set_k(m, 0);
}

/* Pixels a 32-bit word of the source format carries: 4 / bytes. */
static uint32_t m_spp(XyModel *m)
{
    static const uint32_t cpp_in[5] = { 2, 4, 4, 1, 4 };

    return 4 / cpp_in[((m->c->pgraph1.ctx_switch >> 9) & 0xf) % 5];
}

/* §4.5 SIZE_IN; @ifm_own: IFM's own SIZE method */
static void m_size_in(XyModel *m, uint32_t wh, bool ifm_own)
{
    uint32_t w = wh & 0xffff, h = wh >> 16;
    bool zero;

    m->vtx[1][1] = 0;
    m->vtx[0][3] = w;
    m->vtx[1][3] = -h;
    if (m_image(m)) {
        m->xy_b &= ~1u;
    }
    if (!ifm_own && m_line(m)) {
        m->valid &= ~0xffffffu;
    }
    if (!ifm_own && (m_line(m) || m->cls == 0x0c || m->cls == 0x10)) {
        m->valid |= 1u << 8;
    }
    m->valid |= 0x008008;
    if (m_line(m)) {
        m->valid |= 0x080080;
    }
    m->xy_e &= ~(1u << 4 | 1u << 8);
    if (m->cls == 0x12 && w < 0x20) {
        m->xy_e |= 1u << 8;
    }
    if (m->cls != 0x0d && m->cls != 0x1d) {
        m->xy_d[0] &= ~0x30000000u;
        m->xy_d[1] &= ~0x30000000u;
    }
    if (w) {
        m->xy_d[0] |= 1u << 29;
    }
    if (h) {
        m->xy_d[1] |= 1u << 29;
    }
    if (m->cls == 0x14) {
        zero = w == m_spp(m) || h == 0;
    } else {
        zero = !(m->xy_d[0] & 0x30000000) || !(m->xy_d[1] & 0x30000000);
    }
    put_bit(&m->xy_a, 12, zero);
    m_set_k(m, 0);
}

/* §4.5 OFFSET; true if it passed */
static bool m_offset(XyModel *m, uint32_t v)
{
    bool passed;

    m->vtx[0][5] = v;
    m_set_k(m, 0);
    m->valid |= 0x020020;
    passed = m_tail(m, (m_has(m, m->cls == 0x13 ? 0x70070 : 0x65065) ?
                        0 : NV1_INTR_MISSING_METHOD) |
                       (m_any_oob(m) ? NV1_INTR_XY_RANGE : 0));
    if (m_tex(m)) {
        m->xy_a &= ~0x0fff0fffu;
        m->valid &= ~0xffffffu;
    } else if (m->cls == 0x08 || m->cls == 0x0c || m->cls == 0x10 ||
               m->cls == 0x13 || m->cls == 0x14) {
        m->valid &= ~0xffffffu;
    } else if (m_line(m)) {
        m->valid &= ~0xf00fu;
    }
    return passed;
}

/* §3 ICLIP steps 2-4 */
static void m_iclip_set(XyModel *m, unsigned a, uint32_t c)
{
    int32_t hi = m_canvas_max(m, a), lo = m_cb(m, a) < 0 ? 0 : m_cb(m, a);
    int32_t cc = m_coord(m, c);

    if (bit(m->xy_b, 13 + 4 * a) && m_clip_on(m)) {
        hi = m->uclip[a][1] & 0xfff;
    }
    if (bit(m->xy_b, 12 + 4 * a) && m_clip_on(m)) {
        lo = m->uclip[a][0];
    }
    lo &= 0xfff;
    m->iclip[a] = c & 0x3ffff;
    put_bit(&m->xy_b, 14 + 4 * a, cc <= hi);
    if (a == 0) {
        put_bit(&m->xy_b, 20, cc <= hi);
    }
    put_bit(&m->xy_b, 4 + a, cc < lo);
}

/* The user clip registers shift with every new value. */
static void m_uclip_shift(XyModel *m, unsigned a, uint32_t c)
{
    m->uclip[a][0] = m->uclip[a][1];
    m->uclip[a][1] = c & 0x3ffff;
}

/* CANVAS_MIN's half as the user clip's NULL test sees it */
static int32_t m_cl(XyModel *m, unsigned a)
{
    uint32_t half = m->c->pgraph1.canvas_min >> (16 * a);

    return bit(half, 15) ? 0 : half & 0xfff;
}

/* §3: an MMIO write of @v to PGRAPH register @r (offset) */
static void m_reg(XyModel *m, uint32_t r, uint32_t v)
{
    bool rel = r >= 0x500;
    unsigned a, i;
    uint32_t c;
    int32_t mm;

    r -= rel ? 0x100 : 0;
    if (r == 0x450 || r == 0x454) {
        a = (r - 0x450) / 4;
        m->xy_b &= ~(1u << 14 | 1u << 18 | 1u << 20);
        m_iclip_set(m, a, rel ? v + m_origin(m, a) : v);
        return;
    }
    if (r >= 0x460 && r <= 0x46c) {
        a = (r - 0x460) / 8;
        c = rel ? v + (uint32_t)m_cb(m, a) : v;
        m_uclip_shift(m, a, c);
        m->vtx[a][15] = c;
        m->xy_b &= ~(0x7000u | 0x70000u | 1u << 20);
        if (!(r & 4)) {
            m->xy_b &= ~(1u << 24);
            return;
        }
        mm = sext18(m->uclip[a][1]) >> m_fract(m);
        put_bit(&m->xy_b, 4 + a, false);
        put_bit(&m->xy_b, 8 + a, mm < m_cl(m, a) ||
                                 (bit(m->xy_d[a], 10) && mm >= 0));
        put_bit(&m->xy_b, 12 + 4 * a, !bit(m->xy_d[a], 8));
        put_bit(&m->xy_b, 13 + 4 * a, mm <= m_canvas_max(m, a));
        return;
    }
    a = r >= 0x480;
    i = (r - (a ? 0x480 : 0x400)) / 4;
    m_fix(m, a, i, v, rel ? m_origin(m, a) : 0, rel ? i : 0);
}

/* §4.7 POINT */
static void m_clip_point(XyModel *m, uint32_t data)
{
    if (m_tex(m) && bit(m->xy_b, 24) && bit(m->xy_b, 25)) {
        m->valid = 0;
        m->xy_b &= ~(1u << 25);
    }
    m->valid = (m->valid & ~(1u << 28)) | 1u << 24;
    m->xy_b = (m->xy_b & 0x330) | 1u << 24;
    for (unsigned a = 0; a < 2; a++) {
        uint32_t base = m_cb(m, a);
        uint32_t c = (int16_t)(data >> (16 * a)) + base;
        bool oob = m_oob(c);

        if (m_tex(m)) {
            m->vtx[a][4] = c << 15 | 0x4000;
            oob = oob || bit(m->xy_d[a], 4);
        } else {
            m->vtx[a][15] = c;
        }
        m_uclip_shift(m, a, c);
        m_write_d(m, a, 0, 0, c < base, oob, m_cmp(m, a, sext18(c)));
    }
}

/* §4.7 SIZE; true if a BLIT's draw check passed */
static bool m_clip_size(XyModel *m, uint32_t wh)
{
    bool waited = bit(m->valid, 24);
    unsigned k = m_k(m);

    m->valid &= ~(1u << 24 | 1u << 28);
    if (!waited) {
        m->valid |= 1u << 28;
    }
    if (m->cls == 0x10) {
        m->xy_b &= 0x03000331;
        m_blit_corners(m, wh & 0xffff, wh >> 16);
        return m_check(m, false);
    }
    m->xy_b &= 0x03000001;
    if (m->cls == 0x14) {
        put_bit(&m->xy_a, 12, !(wh & 0xffff) || !(wh >> 16));
    }
    for (unsigned a = 0; a < 2; a++) {
        uint32_t old = m->xy_d[a], size = (wh >> (16 * a)) & 0xffff;
        unsigned base_v = 15, dest = 15, slot = 1;
        uint32_t base, c;
        int32_t mm;

        if (m->cls == 0x0c || m_image(m)) {
            base_v = 0;
            dest = k;
            slot = k & 3;
        } else if (m->cls == 0x14) {
            base_v = 0;
            dest = 2;
            slot = 2;
            m->vtx[a][3] = size;
        }
        base = m->vtx[a][base_v];
        c = base + size;
        m->vtx[a][dest] = c;
        m_uclip_shift(m, a, c);
        m_write_d(m, a, slot, slot, c < base, !m_tex(m) && m_oob(c),
                  m_cs(m, a, c));
        mm = m_tex(m) ? m_coord(m, c) : sext18(m->uclip[a][1]);
        if (mm < m_cl(m, a) || (bit(old, 10) && mm >= 0)) {
            m->xy_b |= 1u << (8 + a);
        }
        if (!bit(old, 8)) {
            m->xy_b |= 1u << (12 + 4 * a);
        }
        if (mm <= m_canvas_max(m, a)) {
            m->xy_b |= 1u << (13 + 4 * a);
        }
    }
    return false;
}

/* §4.8 VTX_BETA[n] */
static void m_beta(XyModel *m, unsigned n, uint32_t data)
{
    for (unsigned j = 0; j < 2; j++) {
        uint32_t v = ((data >> (16 * j)) & 0xff80) << 8 | 0x4000;

        v |= bit(v, 23) << 24;
        if (!(m->cls == 0x1e && 2 * n + j == 9)) {
            m->beta[2 * n + j] = v;
        }
    }
    if (m->cls == 0x1d || m->cls == 0x1e) {
        m->valid |= 1u << (12 + n);
    }
}

/* 0 zero, 1 negative, 2 positive, into XY_D[a] bits 28-29 */
static void m_sign(XyModel *m, unsigned a, uint32_t v)
{
    uint32_t s = (int32_t)v < 0 ? 1 : v != 0 ? 2 : 0;

    m->xy_d[a] = (m->xy_d[a] & ~0x30000000u) | s << 28;
}

/* A CGA6 bitmap word with each byte's bits the other way round */
static uint32_t m_cga6(uint32_t v)
{
    uint32_t r = 0;

    for (unsigned b = 0; b < 32; b++) {
        r |= (uint32_t)bit(v, b) << (b ^ 7);
    }
    return r;
}

/* §4.9, IFM's words as its draw check; true if pixels may be drawn */
static bool m_data(XyModel *m, uint32_t word)
{
    uint32_t missing = NV1_INTR_MISSING_METHOD, range = NV1_INTR_XY_RANGE;
    uint32_t intr;
    uint64_t sum;

    m->src_color = word;
    if (m->cls == 0x12 && (m->c->pgraph1.ctx_switch & NV1_CTX_BITMAP_CGA6)) {
        m->src_color = m_cga6(word);
    }
    if (m->cls == 0x13) {
        return m_check(m, false);
    }
    if (m->cls != 0x11 && m->cls != 0x12) {
        return false;
    }
    m->xy_b &= ~(1u << 24);
    intr = (m_has(m, 0x38038) ? 0 : missing) | (m_any_oob(m) ? range : 0);
    if (!bit(m->xy_a, 12) && !bit(m->xy_b, 0)) {
        m->vtx[0][6] = m->vtx[0][4] + m->vtx[0][5];
        m->vtx[1][6] = m->vtx[1][4] + m->vtx[1][5];
        m->xy_b &= ~(1u << 14 | 1u << 18 | 1u << 20);
    }
    if (!bit(m->xy_a, 12) && !bit(m->xy_b, 0) && m_has(m, 0x38038)) {
        uint32_t spp = m->cls == 0x12 ? 32 : m_spp(m);

        m_iclip_set(m, 0, m->vtx[0][6]);
        m_iclip_set(m, 1, m->vtx[1][6]);
        m->xy_b |= 1;
        m_set_k(m, 0);
        m->vtx[1][2] = m->vtx[1][3] + 1;
        m_sign(m, 1, m->vtx[1][2]);
        m_fix(m, 1, 0, 0, m->vtx[1][4], 0);
        m_fix(m, 0, 0, 0, m->vtx[0][4], 0);
        m->vtx[0][2] = m->vtx[0][3] - spp;
        m_sign(m, 0, m->vtx[0][2]);
        sum = (uint64_t)m->vtx[0][0] + spp;
        m->vtx[0][1] = sum;
        put_bit(&m->xy_d[0], 1, sum >> 32);
        if ((int32_t)m->vtx[0][2] < 0) {
            m->vtx[0][1] += m->vtx[0][2];
        }
        intr = ((m->xy_d[0] & 0xc0) || (m->xy_d[1] & 0xf0) ||
                (m->xy_d[0] & 0x30) == 0x30) ? range : 0;
    }
    return m_tail(m, intr) && !bit(m->xy_a, 12);
}

static void m_load(XyModel *m, NVCard *c)
{
    NV1Pgraph *g = &c->pgraph1;

    m->c = c;
    m->cls = (g->access >> 12) & 0x1f;
    memcpy(m->vtx[0], g->vtx_x, sizeof(m->vtx[0]));
    memcpy(m->vtx[1], g->vtx_y, sizeof(m->vtx[1]));
    memcpy(m->iclip, g->iclip, sizeof(m->iclip));
    memcpy(m->uclip[0], g->uclip_x, sizeof(m->uclip[0]));
    memcpy(m->uclip[1], g->uclip_y, sizeof(m->uclip[1]));
    memcpy(m->beta, g->vtx_beta, sizeof(m->beta));
    m->xy_a = g->xy_a;
    m->xy_b = g->xy_b;
    m->xy_d[0] = g->xy_d[0];
    m->xy_d[1] = g->xy_d[1];
    m->xy_e = g->xy_e;
    m->valid = g->valid;
    m->src_color = g->src_color;
    m->intr = g->intr;
    m->access = g->access;
}

static void m_store(XyModel *m)
{
    NV1Pgraph *g = &m->c->pgraph1;

    memcpy(g->vtx_x, m->vtx[0], sizeof(m->vtx[0]));
    memcpy(g->vtx_y, m->vtx[1], sizeof(m->vtx[1]));
    memcpy(g->iclip, m->iclip, sizeof(m->iclip));
    memcpy(g->uclip_x, m->uclip[0], sizeof(m->uclip[0]));
    memcpy(g->uclip_y, m->uclip[1], sizeof(m->uclip[1]));
    memcpy(g->vtx_beta, m->beta, sizeof(m->beta));
    g->xy_a = m->xy_a;
    g->xy_b = m->xy_b;
    g->xy_d[0] = m->xy_d[0];
    g->xy_d[1] = m->xy_d[1];
    g->xy_e = m->xy_e;
    g->valid = m->valid;
    g->src_color = m->src_color;
    g->intr = m->intr;
    g->access = m->access;
}
static bool m_clip(XyModel *m, int64_t x, int64_t y, uint32_t w, uint32_t h,
                   int64_t *x0, int64_t *y0, int64_t *x1, int64_t *y1)
{
    int32_t lo[2], hi[2];

    m_bounds(m, 0, &lo[0], &hi[0]);
    m_bounds(m, 1, &lo[1], &hi[1]);
    *x0 = MAX(x, lo[0]);
    *y0 = MAX(y, lo[1]);
    *x1 = MIN(x + w, hi[0]);
    *y1 = MIN(y + h, hi[1]);
    return *x0 < *x1 && *y0 < *y1;
}

/* What the method draws, through the reference pipeline. */
static void m_draw(XyModel *m, uint32_t wh)
{
    NV1Pgraph *g = &m->c->pgraph1;
    int64_t x0, y0, x1, y1;
    NV1Rop r;

    nv1_rop_begin(&r, m->c, m->cls == 0x10);
    if (m->cls == 8) {
        /* §5; the window only matters when a stale VTX_IDX made the
         * clip status another vertex's. */
        if (!(((m->xy_d[0] | m->xy_d[1]) >> 8) & 0xd) &&
            m_clip(m, (int32_t)m->vtx[0][0], (int32_t)m->vtx[1][0], 1, 1,
                   &x0, &y0, &x1, &y1)) {
            nv1_rop_pixel(&r, x0, y0, g->src_color);
        }
    } else if (m->cls == 0xc) {
        if (m_clip(m, (int32_t)m->vtx[0][0], (int32_t)m->vtx[1][0],
                   wh & 0xffff, wh >> 16, &x0, &y0, &x1, &y1)) {
            for (int64_t y = y0; y < y1; y++) {
                for (int64_t x = x0; x < x1; x++) {
                    nv1_rop_pixel(&r, x, y, g->src_color);
                }
            }
        }
    } else if (m_clip(m, (int32_t)m->vtx[0][1], (int32_t)m->vtx[1][1],
                      wh & 0xffff, wh >> 16, &x0, &y0, &x1, &y1)) {
        int64_t sx = (int32_t)m->vtx[0][0] + x0 - (int32_t)m->vtx[0][1];
        int64_t sy = (int32_t)m->vtx[1][0] + y0 - (int32_t)m->vtx[1][1];
        bool up = y0 > sy, back = y0 == sy && x0 > sx;

        for (int64_t i = 0; i < y1 - y0; i++) {
            int64_t row = up ? y1 - y0 - 1 - i : i;

            for (int64_t j = 0; j < x1 - x0; j++) {
                int64_t col = back ? x1 - x0 - 1 - j : j;

                nv1_rop_blit_pixel(&r, x0 + col, y0 + row, sx + col,
                                   sy + row);
            }
        }
    }
}

/*
 * The methods the test drives (§4.1): class, offset, array length and
 * stride, kind, flags.  Class 0 are MMIO writes of the vertex and clip
 * registers at PGRAPH offset @mthd.
 */
typedef enum {
    K_XY, K_X32, K_Y32, K_SIZE, K_SIZE_OUT, K_SIZE_IN, K_PITCH, K_OFFSET,
    K_DATA, K_CLIP_POINT, K_CLIP_SIZE, K_BETA, K_REG,
} XyKind;

typedef struct XyMethod {
    unsigned cls, mthd, n, stride;
    XyKind kind;
    unsigned fl;
} XyMethod;

#define LINE_XY_METHODS(c) \
    { c, 0x400, 16, 8, K_XY, M_F }, { c, 0x404, 16, 8, K_XY, M_D }, \
    { c, 0x480, 8, 16, K_X32, M_F }, { c, 0x484, 8, 16, K_Y32, 0 }, \
    { c, 0x488, 8, 16, K_X32, 0 }, { c, 0x48c, 8, 16, K_Y32, M_D }, \
    { c, 0x500, 32, 4, K_XY, M_P | M_D }, \
    { c, 0x580, 16, 8, K_X32, M_P }, { c, 0x584, 16, 8, K_Y32, M_P | M_D }, \
    { c, 0x604, 16, 8, K_XY, M_P | M_D }
#define TEX_XY_METHODS(c, nv) \
    { c, 0x310, nv, 4, K_XY, M_T }, { c, 0x350, nv, 4, K_XY, M_T | M_FR }

static const XyMethod xy_methods[] = {
    { 0x05, 0x300, 1, 0, K_CLIP_POINT, 0 }, { 0x05, 0x304, 1, 0, K_CLIP_SIZE, 0 },
    { 0x08, 0x400, 32, 4, K_XY, M_F | M_D },
    { 0x08, 0x480, 16, 8, K_X32, M_F }, { 0x08, 0x484, 16, 8, K_Y32, M_D },
    { 0x08, 0x504, 16, 8, K_XY, M_F | M_D },
    LINE_XY_METHODS(0x09),
    LINE_XY_METHODS(0x0a),
    { 0x0b, 0x310, 1, 0, K_XY, M_F }, { 0x0b, 0x314, 1, 0, K_XY, 0 },
    { 0x0b, 0x318, 1, 0, K_XY, M_D },
    { 0x0b, 0x320, 1, 0, K_X32, M_F }, { 0x0b, 0x324, 1, 0, K_Y32, 0 },
    { 0x0b, 0x328, 1, 0, K_X32, 0 }, { 0x0b, 0x32c, 1, 0, K_Y32, 0 },
    { 0x0b, 0x330, 1, 0, K_X32, 0 }, { 0x0b, 0x334, 1, 0, K_Y32, M_D },
    { 0x0b, 0x400, 32, 4, K_XY, M_P | M_D },
    { 0x0b, 0x480, 16, 8, K_X32, M_P }, { 0x0b, 0x484, 16, 8, K_Y32, M_P | M_D },
    { 0x0b, 0x504, 8, 16, K_XY, M_F }, { 0x0b, 0x508, 8, 16, K_XY, 0 },
    { 0x0b, 0x50c, 8, 16, K_XY, M_D },
    { 0x0b, 0x584, 16, 8, K_XY, M_P | M_D },
    { 0x0c, 0x400, 16, 8, K_XY, M_F }, { 0x0c, 0x404, 16, 8, K_SIZE, M_D },
    TEX_XY_METHODS(0x0d, 4),
    TEX_XY_METHODS(0x0e, 9),
    { 0x10, 0x300, 1, 0, K_XY, M_F }, { 0x10, 0x304, 1, 0, K_XY, 0 },
    { 0x10, 0x308, 1, 0, K_SIZE, M_D },
    { 0x11, 0x304, 1, 0, K_XY, M_F }, { 0x11, 0x308, 1, 0, K_SIZE_OUT, 0 },
    { 0x11, 0x30c, 1, 0, K_SIZE_IN, 0 }, { 0x11, 0x400, 32, 4, K_DATA, 0 },
    { 0x12, 0x310, 1, 0, K_XY, M_F }, { 0x12, 0x314, 1, 0, K_SIZE_OUT, 0 },
    { 0x12, 0x318, 1, 0, K_SIZE_IN, 0 }, { 0x12, 0x400, 32, 4, K_DATA, 0 },
    { 0x13, 0x308, 1, 0, K_XY, M_F }, { 0x13, 0x30c, 1, 0, K_SIZE_IN, 0 },
    { 0x13, 0x310, 1, 0, K_PITCH, 0 }, { 0x13, 0x314, 1, 0, K_OFFSET, 0 },
    { 0x13, 0x040, 16, 4, K_DATA, 0 },
    { 0x14, 0x308, 1, 0, K_XY, M_F }, { 0x14, 0x30c, 1, 0, K_SIZE, 0 },
    { 0x14, 0x310, 1, 0, K_PITCH, 0 }, { 0x14, 0x314, 1, 0, K_OFFSET, 0 },
    TEX_XY_METHODS(0x1d, 4), { 0x1d, 0x380, 2, 4, K_BETA, 0 },
    TEX_XY_METHODS(0x1e, 9), { 0x1e, 0x380, 5, 4, K_BETA, 0 },
    { 0, 0x400, 18, 4, K_REG, 0 }, { 0, 0x480, 18, 4, K_REG, 0 },
    { 0, 0x500, 18, 4, K_REG, 0 }, { 0, 0x580, 18, 4, K_REG, 0 },
    { 0, 0x450, 2, 4, K_REG, 0 }, { 0, 0x550, 2, 4, K_REG, 0 },
    { 0, 0x460, 4, 4, K_REG, 0 }, { 0, 0x560, 4, 4, K_REG, 0 },
};

/* Whether method @e, element @n, of data @data may draw, by the rules. */
static bool m_method(XyModel *m, const XyMethod *e, unsigned n, uint32_t data)
{
    switch (e->kind) {
    case K_XY:
        return m_xy16(m, data, e->fl, n);
    case K_X32:
        m_x32(m, data, e->fl);
        return false;
    case K_Y32:
        return m_y32(m, data, e->fl);
    case K_SIZE:
        return m_size(m, data, e->fl);
    case K_SIZE_OUT:
        m_size_out(m, data);
        return false;
    case K_SIZE_IN:
        m_size_in(m, data, e->cls == 0x13);
        return false;
    case K_PITCH:
        m->vtx[0][6] = data;
        m->valid |= 0x040040;
        return false;
    case K_OFFSET:
        return m_offset(m, data);
    case K_DATA:
        return m_data(m, data);
    case K_CLIP_POINT:
        m_clip_point(m, data);
        return false;
    case K_CLIP_SIZE:
        return m_clip_size(m, data);
    case K_BETA:
        m_beta(m, n, data);
        return false;
    default:
        m_reg(m, e->mthd + n * e->stride, data);
        return false;
    }
}

static uint32_t rnd_coord(GRand *rnd)
{
    switch (g_rand_int_range(rnd, 0, 16)) {
    case 0:
        return g_rand_int(rnd);
    case 1:
        return g_rand_int_range(rnd, 0x7ff0, 0x8010);
    default:
        return g_rand_int_range(rnd, -40, 1100);
    }
}

static uint32_t rnd_size(GRand *rnd)
{
    if (!g_rand_int_range(rnd, 0, 8)) {
        return g_rand_int(rnd);
    }
    return g_rand_int_range(rnd, 0, 40) << 16 | g_rand_int_range(rnd, 0, 70);
}

/* Data for method kind @k */
static uint32_t rnd_data(GRand *rnd, XyKind k)
{
    switch (k) {
    case K_XY:
    case K_CLIP_POINT:
        return (rnd_coord(rnd) & 0xffff) | rnd_coord(rnd) << 16;
    case K_SIZE:
    case K_SIZE_OUT:
    case K_SIZE_IN:
    case K_CLIP_SIZE:
        return rnd_size(rnd);
    case K_X32:
    case K_Y32:
    case K_REG:
        return rnd_coord(rnd);
    default:
        return g_rand_int(rnd);
    }
}

/* Random XY state on @a and @b, the pipeline state set already. */
static void random_xy_state(GRand *rnd, TestHost *a, TestHost *b)
{
    NV1Pgraph *g = &a->card.pgraph1;
    /* POINT, RECT and BLIT, whose pixels are compared, more often. */
    static const unsigned classes[] = {
        0x01, 0x05, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x10, 0x11,
        0x12, 0x13, 0x14, 0x18, 0x1d, 0x1e, 0x08, 0x0c, 0x10, 0x0c, 0x10,
    };

    g->canvas_min = g_rand_boolean(rnd) ? 0 :
                    (uint32_t)(g_rand_int_range(rnd, -30, 30) & 0xffff) << 16 |
                    (g_rand_int_range(rnd, -30, 30) & 0xffff);
    g->canvas_max = g_rand_int(rnd) & 0x0fff0fff;
    if (g_rand_boolean(rnd)) {
        g->canvas_max = g_rand_int_range(rnd, 100, 800) << 16 |
                        g_rand_int_range(rnd, 100, 1100);
    }
    g->ctx_switch |= g_rand_boolean(rnd) ? NV1_CTX_CLIP : 0;
    g->ctx_switch |= g_rand_boolean(rnd) ? NV1_CTX_BITMAP_CGA6 : 0;
    g->canvas_config |= g_rand_int_range(rnd, 0, 32) ? 0 : NV1_CANVAS_SOFTWARE;
    g->cliprect_config = g_rand_int_range(rnd, 0, 32) ? 0 :
                         NV1_CLIPRECT_SOFTWARE;
    /* V16's inputs */
    g->debug_a = g_rand_int(rnd) & 1u << 24;
    g->debug_b = g_rand_int(rnd) & (1u << 24 | 1u << 8);
    g->subdivide = g_rand_int(rnd) & 0xffff00ff;
    g->access = classes[g_rand_int_range(rnd, 0, G_N_ELEMENTS(classes))]
                << 12 | NV1_ACCESS_HOST;
    g->dma_wait = false;
    g->intr = 0;
    g->xy_a = g_rand_int(rnd) & 0xf1ff11ff;
    g->xy_b = g_rand_int(rnd) & 0x03177331;
    g->xy_e = g_rand_int(rnd) & 0xffff0113;
    for (unsigned i = 0; i < 2; i++) {
        /* Few stale out-of-range flags; often no sign (V16 reads it). */
        g->xy_d[i] = g_rand_int(rnd) & 0x30ffffff;
        if (g_rand_int_range(rnd, 0, 8)) {
            g->xy_d[i] &= ~0xf0u;
        }
        if (g_rand_boolean(rnd)) {
            g->xy_d[i] &= ~0x30000000u;
        }
        g->iclip[i] = g_rand_int_range(rnd, 0, 1200);
        g->uclip_x[i] = g_rand_int_range(rnd, 0, 1200);
        g->uclip_y[i] = g_rand_int_range(rnd, 0, 900);
    }
    /*
     * Often with what the draw checks need (a strip's: just its slots and
     * the first point), the clip not waiting, and VTX_IDX a slot.
     */
    g->valid = g_rand_int(rnd) & 0x111ff1ff;
    switch (g_rand_int_range(rnd, 0, 4)) {
    case 0:
    case 1:
        g->valid = (g->valid | 0xff1ff) & ~0x11000000u;
        break;
    case 2:
        g->valid = (g->valid & 0x00080080) | 0x70170;
        break;
    }
    if (g_rand_int_range(rnd, 0, 4)) {
        g->xy_a &= 0x3fffffff;
    }
    for (unsigned i = 0; i < 18; i++) {
        g->vtx_x[i] = rnd_coord(rnd);
        g->vtx_y[i] = rnd_coord(rnd);
    }
    for (unsigned i = 0; i < 14; i++) {
        g->vtx_beta[i] = g_rand_int(rnd) & 0x01ffffff;
    }
    g->src_color = g_rand_int(rnd);
    g->img_in = rnd_size(rnd);
    g->img_pos = 0;
    b->card.pgraph1 = *g;
}

static void test_xy_model(void)
{
    GRand *rnd = g_rand_new_with_seed(0x5859);
    TestHost *a = th_new("nv1", 4 << 20), *b = th_new("nv1", 4 << 20);
    unsigned hits[G_N_ELEMENTS(xy_methods)] = { 0 };
    unsigned drawn = 0, size = 0;

    for (unsigned t = 0; t < 5000; t++) {
        unsigned mi = g_rand_int_range(rnd, 0, G_N_ELEMENTS(xy_methods));
        const XyMethod *e;
        unsigned n;
        uint32_t data;
        bool own, passed;
        XyModel m;

        random_state(rnd, a, b);
        random_xy_state(rnd, a, b);
        /* Mostly the latched class's own methods, where it has some. */
        own = g_rand_int_range(rnd, 0, 4);
        for (unsigned i = 0; i < 64 && own &&
             xy_methods[mi].cls != NV1_ACCESS_CLASS(a->card.pgraph1.access);
             i++) {
            mi = g_rand_int_range(rnd, 0, G_N_ELEMENTS(xy_methods));
        }
        e = &xy_methods[mi];
        n = g_rand_int_range(rnd, 0, e->n);
        data = rnd_data(rnd, e->kind);
        hits[mi]++;
        if (e->kind == K_REG) {
            th_wr(a, GR(e->mthd + n * e->stride), data);
        } else {
            th_wr(a, MTHD(e->cls, e->mthd + n * e->stride), data);
        }

        m_load(&m, &b->card);
        passed = m_method(&m, e, n, data);
        m_store(&m);
        /* Only a method of the latched class's own area draws. */
        if (passed && m.cls == e->cls) {
            drawn++;
            if (m.cls == 0x08 ||
                (e->kind == K_SIZE && (m.cls == 0x0c || m.cls == 0x10))) {
                m_draw(&m, data);
                size += e->kind == K_SIZE;
            } else {
                memcpy(b->vram, a->vram, 4 << 20);
            }
        }
        /* m_store() has put the model's registers into @b. */
#define SAME_ARRAY(f) \
        g_assert_cmpmem(a->card.pgraph1.f, sizeof(a->card.pgraph1.f), \
                        b->card.pgraph1.f, sizeof(b->card.pgraph1.f))
        SAME_ARRAY(vtx_x);
        SAME_ARRAY(vtx_y);
        SAME_ARRAY(iclip);
        SAME_ARRAY(uclip_x);
        SAME_ARRAY(uclip_y);
        SAME_ARRAY(vtx_beta);
#undef SAME_ARRAY
        g_assert_cmphex(a->card.pgraph1.xy_a, ==, m.xy_a);
        g_assert_cmphex(a->card.pgraph1.xy_b, ==, m.xy_b);
        g_assert_cmphex(a->card.pgraph1.xy_d[0], ==, m.xy_d[0]);
        g_assert_cmphex(a->card.pgraph1.xy_d[1], ==, m.xy_d[1]);
        g_assert_cmphex(a->card.pgraph1.xy_e, ==, m.xy_e);
        g_assert_cmphex(a->card.pgraph1.valid, ==, m.valid);
        g_assert_cmphex(a->card.pgraph1.src_color, ==, m.src_color);
        g_assert_cmphex(a->card.pgraph1.intr, ==, m.intr);
        g_assert_cmphex(a->card.pgraph1.access, ==, m.access);
        g_assert_true(memcmp(a->vram, b->vram, 4 << 20) == 0);
    }
    /* The comparison means something only if every method ran, and
     * methods drew. */
    for (unsigned i = 0; i < G_N_ELEMENTS(xy_methods); i++) {
        g_assert_cmpuint(hits[i], >, 10);
    }
    g_assert_cmpuint(drawn, >, 250);
    g_assert_cmpuint(size, >, 60);
    g_rand_free(rnd);
    th_free(a);
    th_free(b);
}
/*
 * Blits whose source and destination rows overlap in VRAM although they
 * are on different canvas rows: a source right of the canvas width runs
 * on into the next row.  Near one another, one pixel at a time repeats
 * what it has just written; the fast path must give the same or decline.
 */
static void test_fast_blit_row_overlap(void)
{
    TestHost *a = th_new("nv1", 4 << 20), *b = th_new("nv1", 4 << 20);
    GRand *rnd = g_rand_new_with_seed(0x0b17);
    static const unsigned widths[8] = {
        576, 640, 800, 1024, 1152, 1280, 1600, 1856
    };

    for (unsigned bpp = 1; bpp < 4; bpp++) {
        for (int d = -9; d <= 9; d++) {
            for (int up = 0; up < 2; up++) {
                unsigned width = widths[(bpp * 3 + d + 9) % 8];
                unsigned sy = 10 + up, dy = 10 + !up;
                /* dst - src = (dy - sy) * width + dx - sx = d pixels. */
                unsigned sx = 100 + (up ? 0 : width);
                unsigned dx = sx + d - (int)(dy - sy) * (int)width;
                NV1Rop r;

                for (TestHost *t = a; t; t = t == a ? b : NULL) {
                    th_wr(t, 0x600200, (bpp * 3 + d + 9) % 8 << 4 | bpp << 8);
                    t->card.pgraph1.ctx_switch = NV1_OP_SRCCOPY | 2 << 9;
                    t->card.pgraph1.canvas_max = 0x0fff0fff;
                }
                for (unsigned i = 0; i < 4096; i++) {
                    uint32_t v = g_rand_int(rnd);

                    nv_st_le(a->vram + 4 * i + 40000, v, 4);
                    nv_st_le(b->vram + 4 * i + 40000, v, 4);
                }
                nv1_rop_begin(&r, &a->card, true);
                if (!nv1_rop_blit_fast(&r, dx, dy, sx, sy, 200, 1)) {
                    blit_reference(a, dx, dy, sx, sy, 200, 1);
                }
                blit_reference(b, dx, dy, sx, sy, 200, 1);
                g_assert_true(memcmp(a->vram, b->vram, 4 << 20) == 0);
            }
        }
    }
    g_rand_free(rnd);
    th_free(a);
    th_free(b);
}

/*
 * The method trace: rnndb's class and method names (an array method with
 * its element), the data decoded by its type, numbers where a class or a
 * method is unknown (which still raise INVALID_METHOD).  The direct area
 * shows CTX_SWITCH's channel and subchannel 0; PFIFO the channel and
 * subchannel CACHE1 pulls.
 */
static void test_trace(void)
{
    TestHost *th = setup(3);
    uint32_t slot = nv1_ramht_hash(&th->card, 0x11, 0);

    th->trace = true;
    th_wr(th, GR(0x180), 5 << 16);                      /* channel 5 */
    object(th, 0x0c, 5 << 16 | OPTS(0x17, 1));
    th_wr(th, MTHD(0x0c, 0x304), 0x00ff0000);
    th_wr(th, MTHD(0x0c, 0x408), 2 << 16 | 1);
    th_wr(th, MTHD(0x0c, 0x40c), 3 << 16 | 4);
    th_wr(th, MTHD(0x06, 0x308), 1);
    th_wr(th, MTHD(0x0b, 0x320), -3);
    g_assert_cmphex(th_rd(th, GR(0x100)), ==, 0);
    g_assert_cmphex(vram32(th, (4 * 640 + 4) * 4), ==, 0x3fc00000);
    th_wr(th, MTHD(0x0c, 0x200), 5);
    g_assert_cmphex(th_rd(th, GR(0x104)), ==, 1);       /* INVALID_METHOD */
    th_wr(th, GR(0x104), 1);
    th_wr(th, GR(0x6a4), HOST_ON);
    th_wr(th, MTHD(0x07, 0x300), 6);
    g_assert_cmphex(th_rd(th, GR(0x104)), ==, 1);
    th_trace_expect(th, (const char *const[]) {
        "5 0 NV1_RECT OBJECT 0x00050217",
        "5 0 NV1_RECT COLOR 0x00ff0000",
        "5 0 NV1_RECT RECTANGLE_XY[1] 0x00020001 (x 1, y 2)",
        "5 0 NV1_RECT RECTANGLE_WH[1] 0x00030004 (w 4, h 3)",
        "5 0 NV1_PATTERN BITMAP_SHAPE 0x00000001 (64X1)",
        "5 0 NV1_TRI TRIANGLE32_X_0 0xfffffffd (-3)",
        "5 0 NV1_RECT 0x0200 0x00000005",
        "5 0 0x7 0x0300 0x00000006",
        NULL,
    });

    /* Through PFIFO: handle 0x11 a RECT object, channel 0, subchannel 3. */
    th_wr(th, GR(0x104), 1);
    th_wr(th, GR(0x6a4), 0x05000101);                   /* FIFO and HOST */
    th_wr(th, GR(0x180), 0);                            /* channel 0 */
    th_wr(th, 0x640000 + slot * 8, 0x11);
    th_wr(th, 0x640000 + slot * 8 + 4, 0x4c << 16 | 0x217);
    th_wr(th, 0x003200, 1);                             /* CACHE1 push */
    th_wr(th, 0x003240, 1);                             /* and pull */
    th_wr(th, 0x800000 + (3 << 13), 0x11);
    th_wr(th, 0x800000 + (3 << 13) + 0x404, 1 << 16 | 1);
    th_trace_expect(th, (const char *const[]) {
        "0 3 NV1_RECT OBJECT 0x00000217",
        "0 3 NV1_RECT RECTANGLE_WH[0] 0x00010001 (w 1, h 1)",
        NULL,
    });
    th_free(th);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/pgraph-nv1/registers", test_registers);
    g_test_add_func("/pgraph-nv1/invalid-method", test_invalid_method);
    g_test_add_func("/pgraph-nv1/object-switch", test_object_switch);
    g_test_add_func("/pgraph-nv1/context-objects", test_context_objects);
    g_test_add_func("/pgraph-nv1/rect", test_rect);
    g_test_add_func("/pgraph-nv1/draw-interrupts", test_draw_interrupts);
    g_test_add_func("/pgraph-nv1/notify", test_notify);
    g_test_add_func("/pgraph-nv1/blit", test_blit);
    g_test_add_func("/pgraph-nv1/ifc", test_ifc);
    g_test_add_func("/pgraph-nv1/bitmap", test_bitmap);
    g_test_add_func("/pgraph-nv1/ifm", test_ifm);
    g_test_add_func("/pgraph-nv1/ifm-wait-notify", test_ifm_wait_notify);
    g_test_add_func("/pgraph-nv1/itm", test_itm);
    g_test_add_func("/pgraph-nv1/texture-methods", test_texture_methods);
    g_test_add_func("/pgraph-nv1/lines", test_lines);
    g_test_add_func("/pgraph-nv1/triangle", test_triangle);
    g_test_add_func("/pgraph-nv1/enable", test_enable);
    g_test_add_func("/pgraph-nv1/xy/registers", test_xy_registers);
    g_test_add_func("/pgraph-nv1/xy/mmio", test_xy_mmio);
    g_test_add_func("/pgraph-nv1/xy/point-leftover", test_xy_point_leftover);
    g_test_add_func("/pgraph-nv1/xy/blit", test_xy_blit);
    g_test_add_func("/pgraph-nv1/xy/rect", test_xy_rect);
    g_test_add_func("/pgraph-nv1/xy/clip", test_xy_clip);
    g_test_add_func("/pgraph-nv1/xy/ifc", test_xy_ifc);
    g_test_add_func("/pgraph-nv1/xy/itm-size-in", test_xy_itm_size_in);
    g_test_add_func("/pgraph-nv1/xy/volatile-reset", test_xy_volatile_reset);
    g_test_add_func("/pgraph-nv1/xy/tex", test_xy_tex);
    g_test_add_func("/pgraph-nv1/fast-paths", test_fast_paths);
    g_test_add_func("/pgraph-nv1/xy/model", test_xy_model);
    g_test_add_func("/pgraph-nv1/fast-blit-row-overlap",
                    test_fast_blit_row_overlap);
    g_test_add_func("/pgraph-nv1/trace", test_trace);
    return g_test_run();
}
