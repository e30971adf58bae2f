/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv benchmark: the NV20+ 2D classes on one core, against memset and
 * memcpy of the same bytes measured in the same run.  An nv40 at
 * 1024x768x32 (surface format 6, as nouveau's fbcon), everything through
 * nv20_pgraph_method() and nv20_pgraph_run() as PFIFO would drive them:
 *   - GDI solid rectangles (SRCCOPY: the fast path), full screen and
 *     16x16, and full screen with a pattern and ROP3 (the reference);
 *   - BLIT scrolls up by one line (SRCCOPY: the fast path).
 * Prints methods/s, Mpixel/s and the ratio to the baseline.  Not a test.
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hw/nv/card.h"
#include "hw/nv/graph/nv20/pgraph-nv20.h"
#include "hw/nv/mem/pramin.h"
#include "bench.h"

#define W 1024
#define H 768
#define PITCH (W * 4)

/* RAMIN: context, objects, the VRAM DMA object. */
#define CTX_IMAGE   0x41000
#define OBJ_SURF    0x42000
#define OBJ_ROP     0x42020
#define OBJ_PATT    0x42040
#define OBJ_GDI     0x42060
#define OBJ_BLIT    0x42080
#define DMA_VRAM    0x43000

enum { SC_CTX, SC_BLIT = 2, SC_GDI = 3 };

static NVCard card;
static uint8_t *copy_src;
static unsigned methods;

static void mthd(unsigned subc, uint32_t m, uint32_t d)
{
    while (!nv20_pgraph_method(&card, subc, m, d)) {
        if (!nv20_pgraph_run(&card, 4096)) {
            g_error("method 0x%04x stalled", m);
        }
    }
    methods++;
}

static void finish(void)
{
    while (nv20_pgraph_busy(&card)) {
        nv20_pgraph_run(&card, 4096);
    }
}

/* Runs @fn until at least 0.5 s passed; pixels and methods per second. */
static double rate(void (*fn)(void), double pixels, double *mthds)
{
    double t, r;

    methods = 0;
    r = bench_rate(fn, &t);
    if (mthds) {
        *mthds = methods / t;
    }
    return pixels * r;
}

static void do_memset(void)
{
    memset(card.vram, 0x5a, PITCH * H);
}

static void do_memcpy(void)
{
    memcpy(card.vram, copy_src, PITCH * (H - 1));
}

static void do_fill(void)
{
    mthd(SC_GDI, 0x3fc, 0x00123456);
    mthd(SC_GDI, 0x400, 0);
    mthd(SC_GDI, 0x404, W << 16 | H);
    finish();
}

/* 16x16 rectangles over the screen, a method pair each. */
static void do_fill_small(void)
{
    for (unsigned y = 0; y < H; y += 16) {
        for (unsigned x = 0; x < W; x += 16) {
            mthd(SC_GDI, 0x400, x << 16 | y);
            mthd(SC_GDI, 0x404, 16 << 16 | 16);
        }
    }
    finish();
}

static void do_blit(void)
{
    mthd(SC_BLIT, 0x300, 1 << 16);
    mthd(SC_BLIT, 0x304, 0);
    mthd(SC_BLIT, 0x308, (H - 1) << 16 | W);
    finish();
}

static void ramin(uint32_t addr, uint32_t val)
{
    nv_ramin_write(&card, addr, val, 4);
}

/* The objects of nouveau's fbcon at 32 bpp (nv04_fbcon_accel_init). */
static void setup(void)
{
    nv_mmio_write(&card, NV_BAR_MMIO, 0x400720, 1, 4);
    nv_mmio_write(&card, NV_BAR_MMIO, 0x400084, 1u << 20, 4);
    nv_mmio_write(&card, NV_BAR_MMIO, 0x0032e0, CTX_IMAGE >> 4, 4);
    ramin(DMA_VRAM, 0x3d | 0x3000);
    ramin(DMA_VRAM + 4, card.vram_size - 1);
    ramin(DMA_VRAM + 8, 0);
    ramin(OBJ_SURF, 0x62);
    ramin(OBJ_ROP, 0x43);
    ramin(OBJ_PATT, 0x44);
    ramin(OBJ_GDI, 0x4a);
    ramin(OBJ_BLIT, 0x9f);
    mthd(SC_CTX, 0, OBJ_SURF >> 4);
    mthd(SC_CTX, 0x184, DMA_VRAM >> 4);
    mthd(SC_CTX, 0x188, DMA_VRAM >> 4);
    mthd(SC_CTX, 0x300, 6);
    mthd(SC_CTX, 0x304, PITCH << 16 | PITCH);
    mthd(SC_CTX, 0, OBJ_PATT >> 4);
    mthd(SC_CTX, 0x300, 3);
    mthd(SC_CTX, 0x304, 1);
    mthd(SC_CTX, 0x318, 0xaa55aa55);
    mthd(SC_CTX, 0x31c, 0x55aa55aa);
    mthd(SC_CTX, 0x314, 0x00ff00ff);
    mthd(SC_CTX, 0, OBJ_ROP >> 4);
    mthd(SC_CTX, 0x300, 0x5a);          /* P xor D */
    mthd(SC_BLIT, 0, OBJ_BLIT >> 4);
    mthd(SC_BLIT, 0x19c, OBJ_SURF >> 4);
    mthd(SC_BLIT, 0x2fc, 3);
    mthd(SC_GDI, 0, OBJ_GDI >> 4);
    mthd(SC_GDI, 0x198, OBJ_SURF >> 4);
    mthd(SC_GDI, 0x188, OBJ_PATT >> 4);
    mthd(SC_GDI, 0x18c, OBJ_ROP >> 4);
    mthd(SC_GDI, 0x300, 3);
    mthd(SC_GDI, 0x2fc, 3);
}

int main(void)
{
    const NVModel *m = nv_model_find("nv40");
    const NVHost host = { 0 };
    double ms, mc, v, mps;
    uint8_t *vram = g_malloc0(m->vram_default);

    copy_src = g_malloc0(PITCH * H);
    nv_card_init(&card, m, &host, vram, m->vram_default, NULL, 0);
    nv_card_reset(&card);
    setup();
    ms = rate(do_memset, W * H, NULL);
    mc = rate(do_memcpy, W * (H - 1), NULL);
    printf("baseline: memset %.0f Mpixel/s, memcpy %.0f Mpixel/s "
           "(32-bit pixels)\n", ms / 1e6, mc / 1e6);
    v = rate(do_fill, W * H, &mps);
    printf("GDI fill 1024x768 (fast):   %8.1f Mpixel/s  %.2fx memset  "
           "%.0f methods/s\n", v / 1e6, v / ms, mps);
    v = rate(do_fill_small, W * H, &mps);
    printf("GDI fill 16x16 (fast):      %8.1f Mpixel/s  %.2fx memset  "
           "%.0f methods/s\n", v / 1e6, v / ms, mps);
    v = rate(do_blit, W * (H - 1), &mps);
    printf("BLIT scroll (fast):         %8.1f Mpixel/s  %.2fx memcpy  "
           "%.0f methods/s\n", v / 1e6, v / mc, mps);
    mthd(SC_GDI, 0x2fc, 1);             /* ROP_AND: the reference path */
    v = rate(do_fill, W * H, &mps);
    printf("GDI fill pattern+ROP3 (ref): %7.1f Mpixel/s  %.3fx memset\n",
           v / 1e6, v / ms);
    nv_card_finalize(&card);
    g_free(copy_src);
    g_free(vram);
    return 0;
}
