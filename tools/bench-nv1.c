/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv benchmark: NV1 2D throughput on one core, against memset/memcpy
 * bandwidth measured in the same run.  1024x768 at 32 bpp:
 *   - solid rect fill and blit through the fast paths (SRCCOPY);
 *   - the same through the per-pixel reference pipeline with an 8x8
 *     pattern, a ternary ROP and two cliprects: fills by spans, blits
 *     pixel by pixel and by spans (as PGRAPH's BLIT does).
 * Prints Mpixel/s and the ratio to the baseline.  Not a test.
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hw/nv/card.h"
#include "hw/nv/graph/nv1/rop-nv1.h"
#include "bench.h"

#define W 1024
#define H 768
#define VRAM (4 << 20)

static NVCard card;
static uint8_t *vram, *copy_src;

static void setup(bool complex)
{
    NV1Pgraph *g = &card.pgraph1;

    memset(g, 0, sizeof(*g));
    card.pfb.config0 = 3 << 4 | 3 << 8;     /* 1024 wide, 32 bpp */
    g->canvas_max = 0x0fff0fff;
    if (complex) {
        g->ctx_switch = 0x10 | 2 << 9;      /* ROP_DSP, A2R10G10B10 */
        g->rop = 0x5a;                      /* P xor D */
        g->pattern_bitmap[0] = 0xaa55aa55;
        g->pattern_bitmap[1] = 0x55aa55aa;
        g->pattern_rgb[1] = 0x3ff003ff;
        g->pattern_a[0] = g->pattern_a[1] = 0xff;
        g->cliprect_config = 2;
        g->cliprect_min[0] = 0;
        g->cliprect_max[0] = 400 << 16 | 1024;
        g->cliprect_min[1] = 300 << 16;
        g->cliprect_max[1] = 768 << 16 | 1024;
    } else {
        g->ctx_switch = 0x17 | 2 << 9;      /* SRCCOPY, A2R10G10B10 */
    }
}

/* Pixels per second of @fn, which draws @pixels. */
static double rate(void (*fn)(void), double pixels)
{
    return pixels * bench_rate(fn, NULL);
}

static void do_memset(void)
{
    memset(vram, 0x5a, W * H * 4);
}

/* As many bytes as the blits copy, from outside VRAM. */
static void do_memcpy(void)
{
    memcpy(vram, copy_src, W * (H - 1) * 4);
}

static void do_fill_fast(void)
{
    NV1Rop r;

    nv1_rop_begin(&r, &card, false);
    if (!nv1_rop_fill_fast(&r, 0, 0, W, H, 0x12345678)) {
        g_error("fill fast path declined");
    }
}

static void do_blit_fast(void)
{
    NV1Rop r;

    nv1_rop_begin(&r, &card, true);
    if (!nv1_rop_blit_fast(&r, 0, 0, 0, 1, W, H - 1)) {
        g_error("blit fast path declined");
    }
}

static void do_fill_ref(void)
{
    NV1Rop r;

    nv1_rop_begin(&r, &card, false);
    for (unsigned y = 0; y < H; y++) {
        nv1_rop_span(&r, 0, y, W, 0x12345678);
    }
}

/* Row by row, as PGRAPH's BLIT draws. */
static void do_blit_ref(void)
{
    NV1Rop r;

    nv1_rop_begin(&r, &card, true);
    for (unsigned y = 0; y < H - 1; y++) {
        nv1_rop_blit_span(&r, 0, y, 0, y + 1, W, false);
    }
}

int main(void)
{
    const NVHost host = { 0 };
    double ms, mc, v;

    vram = g_malloc0(VRAM);
    copy_src = g_malloc0(W * H * 4);
    nv_card_init(&card, nv_model_find("nv1"), &host, vram, VRAM, NULL, 0);
    ms = rate(do_memset, W * H);
    mc = rate(do_memcpy, W * (H - 1));
    printf("baseline: memset %.0f Mpixel/s, memcpy %.0f Mpixel/s "
           "(32-bit pixels)\n", ms / 1e6, mc / 1e6);
    setup(false);
    v = rate(do_fill_fast, W * H);
    printf("fill, fast path:       %8.1f Mpixel/s  %.2fx memset\n", v / 1e6,
           v / ms);
    v = rate(do_blit_fast, W * (H - 1));
    printf("blit, fast path:       %8.1f Mpixel/s  %.2fx memcpy\n", v / 1e6,
           v / mc);
    setup(true);
    v = rate(do_fill_ref, W * H);
    printf("fill, pattern+ROP3+cliprects (reference): %6.1f Mpixel/s  "
           "%.3fx memset\n", v / 1e6, v / ms);
    v = rate(do_blit_ref, W * (H - 1));
    printf("blit, pattern+ROP3+cliprects (reference): %6.1f Mpixel/s  "
           "%.3fx memcpy\n", v / 1e6, v / mc);
    nv_card_finalize(&card);
    g_free(copy_src);
    g_free(vram);
    return 0;
}
