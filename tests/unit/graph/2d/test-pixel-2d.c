/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: the span fast paths of the 2D pipeline write the
 * same bytes, and fault the same way, as the per-pixel reference, over
 * random formats, operations, clips, positions, pitches, overlaps and
 * DMA limits; and a few pipeline values by hand (docs/pgraph.rst "The
 * pixel pipeline").
 */
#include "hw/nv/graph/2d/nv2d-internal.h"
#include "test-2d.h"

#define AREA        0x20000     /* the VRAM the cases can reach */
#define CASES       3000

typedef struct Case {
    unsigned fmt, op, rop, layout;
    uint32_t color, clip_min, clip_max, limit, pitch, off_src, off_dst;
    int32_t x, y, sx, sy;
    uint32_t n, rows;
    bool blit;
} Case;

static Case random_case(GRand *r)
{
    static const unsigned ops[] = {
        NV2D_OP_SRCCOPY, NV2D_OP_SRCCOPY, NV2D_OP_SRCCOPY_AND,
        NV2D_OP_ROP_AND, NV2D_OP_BLEND_AND, NV2D_OP_BLEND_PREMULT,
    };
    Case c = {
        .fmt = g_rand_int_range(r, 1, 0xc),
        .op = ops[g_rand_int_range(r, 0, G_N_ELEMENTS(ops))],
        .rop = g_rand_boolean(r) ? 0xcc : g_rand_int_range(r, 0, 256),
        .layout = g_rand_int_range(r, NV2D_COLOR_Y8,
                                   NV2D_COLOR_X1A7R8G8B8 + 1),
        .color = g_rand_int(r) & (g_rand_boolean(r) ? 0x00ffffff : ~0u),
        .limit = g_rand_int_range(r, 0x8000, AREA),
        .pitch = g_rand_int_range(r, 1, 1024),
        .off_src = g_rand_int_range(r, 0, 0x4000),
        .off_dst = g_rand_int_range(r, 0, 0x4000),
        .x = g_rand_int_range(r, -8, 64),
        .y = g_rand_int_range(r, -2, 64),
        .sx = g_rand_int_range(r, 0, 64),
        .sy = g_rand_int_range(r, 0, 64),
        .n = g_rand_int_range(r, 1, 1500),
        .rows = g_rand_int_range(r, 1, 4),
        .blit = g_rand_boolean(r),
    };

    if (g_rand_boolean(r)) {
        c.clip_min = g_rand_int_range(r, 0, 40) | g_rand_int_range(r, 0, 8)
                                                  << 16;
        c.clip_max = g_rand_int_range(r, 0, 1200) |
                     g_rand_int_range(r, 0, 64) << 16;
    } else {
        c.clip_max = 0x7fff7fff;
    }
    if (g_rand_boolean(r)) {        /* the same place: overlaps */
        c.off_src = c.off_dst;
        c.sy = c.y < 0 ? 0 : c.y;
    }
    return c;
}

/* Put case @c into @th's state and run it, by the reference or fast. */
static bool run_case(TestHost *th, const Case *c, bool fast)
{
    NVCard *card = &th->card;
    NV2dState *s = &card->pgraph20.g2d;
    NV2dObject *o;
    NV2dDraw d;
    bool rtl = c->blit && c->y == c->sy && c->x > c->sx;

    dma_vram(th, DMA_VRAM, 0, c->limit);
    nv2d_bind(card, 0, 0x9f, OBJ(O_BLIT) >> 4);
    o = &s->obj[s->subc_obj[0]];
    o->links = NV2D_LINK_SURFACE | NV2D_LINK_CLIP;
    o->operation = c->op;
    s->surf = (NV2dSurfaces) {
        .format = c->fmt, .pitch = c->pitch << 16 | c->pitch,
        .offset_src = c->off_src, .offset_dst = c->off_dst,
        .dma_src = DMA_VRAM >> 4, .dma_dst = DMA_VRAM >> 4,
    };
    s->clip_min = c->clip_min;
    s->clip_max = c->clip_max;
    card->pgraph20.regs[0xb00 / 4] = c->rop;
    card->pgraph20.regs[0xb04 / 4] = 0x40000000;
    card->pgraph20.regs[0xb08 / 4] = 0x80ff40c0;
    card->pgraph20.regs[0xb18 / 4] = 0x12345678;
    card->pgraph20.regs[0xb1c / 4] = 0x9abcdef0;
    card->pgraph20.regs[0xb10 / 4] = 0x00aa5500;
    card->pgraph20.regs[0xb14 / 4] = 0xff00ff00;
    card->pgraph20.regs[0x108 / 4] = 0;     /* NSOURCE */
    g_assert_true(nv2d_draw_begin(card, 0, c->layout, c->blit, &d));
    if (!c->blit) {
        return fast ? nv2d_fill_rect(card, &d, c->x, c->y, c->n, c->rows,
                                     c->color)
                    : nv2d_fill_rect_ref(card, &d, c->x, c->y, c->n, c->rows,
                                         c->color);
    }
    return fast ? nv2d_blit_span(card, &d, c->sx, c->sy, c->x, c->y, c->n,
                                 rtl)
                : nv2d_blit_span_ref(card, &d, c->sx, c->sy, c->x, c->y,
                                     c->n, rtl);
}

static void test_fast_equals_reference(void)
{
    TestHost *ref = g2d_new("nv40"), *fast = g2d_new("nv40");
    GRand *r = g_rand_new_with_seed(0x2d2d);
    uint8_t *init = g_malloc(AREA);
    unsigned faults = 0;

    for (unsigned i = 0; i < CASES; i++) {
        Case c = random_case(r);
        bool ok_ref, ok_fast;

        for (unsigned k = 0; k < AREA; k++) {
            init[k] = g_rand_int(r);
        }
        memcpy(ref->vram, init, AREA);
        memcpy(fast->vram, init, AREA);
        ok_ref = run_case(ref, &c, false);
        ok_fast = run_case(fast, &c, true);
        g_assert_cmpint(ok_ref, ==, ok_fast);
        g_assert_cmphex(th_rd(ref, 0x400108), ==, th_rd(fast, 0x400108));
        if (memcmp(ref->vram, fast->vram, AREA)) {
            g_error("case %u: fmt %u op %u rop 0x%02x blit %d differs", i,
                    c.fmt, c.op, c.rop, c.blit);
        }
        faults += !ok_ref;
    }
    /* the limits were chosen so that some cases fault */
    g_assert_cmpuint(faults, >, CASES / 50);
    g_free(init);
    g_rand_free(r);
    th_free(ref);
    th_free(fast);
}

/*
 * Conversions by hand, one pixel each at (0, 0) of a surface at VRAM 0:
 * R5G6B5 source 0xf81f into X8R8G8B8 (6): R 0x1f -> 0xff, G 0, B 0xff:
 * 0x00ff00ff; X8R8G8B8 0x00804020 into R5G6B5 (4): 0x80 >> 3 = 0x10,
 * 0x40 >> 2 = 0x10, 0x20 >> 3 = 4: 0x8204; into X1R5G5B5 (2): 0x10,
 * 0x08, 0x04: 0x4104; A8R8G8B8 with alpha 0 is dropped by SRCCOPY_AND,
 * written by SRCCOPY.
 */
static void test_conversions(void)
{
    static const struct {
        unsigned fmt, layout, op;
        uint32_t src, want;
    } t[] = {
        { 6, NV2D_COLOR_R5G6B5, NV2D_OP_SRCCOPY, 0xf81f, 0x00ff00ff },
        { 4, NV2D_COLOR_X8R8G8B8, NV2D_OP_SRCCOPY, 0x00804020, 0x8204 },
        { 2, NV2D_COLOR_X8R8G8B8, NV2D_OP_SRCCOPY, 0x00804020, 0x4104 },
        { 0xa, NV2D_COLOR_A8R8G8B8, NV2D_OP_SRCCOPY_AND, 0x00123456,
          0xeeeeeeee },
        { 0xa, NV2D_COLOR_A8R8G8B8, NV2D_OP_SRCCOPY, 0x00123456,
          0x00123456 },
        /* X1A7R8G8B8 (8) keeps alpha's top 7 bits: 0x81 -> 0x40 */
        { 8, NV2D_COLOR_A8R8G8B8, NV2D_OP_SRCCOPY, 0x81123456, 0x40123456 },
        /* Y8 takes the low byte of any source */
        { 1, NV2D_COLOR_X8R8G8B8, NV2D_OP_SRCCOPY, 0x00123456, 0xeeeeee56 },
    };
    TestHost *th = g2d_new("nv30");

    for (size_t i = 0; i < G_N_ELEMENTS(t); i++) {
        Case c = {
            .fmt = t[i].fmt, .op = t[i].op, .layout = t[i].layout,
            .color = t[i].src, .limit = 0xfff, .pitch = 64,
            .clip_max = 0x7fff7fff, .n = 1, .rows = 1,
        };
        uint32_t want = t[i].want;

        memset(th->vram, 0xee, 8);
        g_assert_true(run_case(th, &c, false));
        if (t[i].fmt == 2 || t[i].fmt == 4) {
            want |= 0xeeee0000;
        }
        g_assert_cmphex(vram32(th, 0), ==, want);
    }
    th_free(th);
}

/*
 * BLEND_AND, 32 bpp A8R8G8B8: BETA 0.5 (0x40000000: bits 23-30 = 0x80)
 * times source alpha 0xff gives f = 0x80; each component is
 * S * 128 / 255 + D * 127 / 255 rounded: S 0xff, D 0x00 -> 0x80; S 0,
 * D 0xff -> 0x7f; alpha 0xff, 0xff -> 0xff.  SRCCOPY_PREMULT with BETA4
 * 0x80ff40c0 scales S 0xffffffff to 0x80ff40c0.
 */
static void test_blend(void)
{
    TestHost *th = g2d_new("nv44");
    Case c = {
        .fmt = 0xa, .op = NV2D_OP_BLEND_AND, .layout = NV2D_COLOR_A8R8G8B8,
        .color = 0xffff0000, .limit = 0xfff, .pitch = 64,
        .clip_max = 0x7fff7fff, .n = 1, .rows = 1,
    };

    nv_st_le(th->vram, 0xff00ff00, 4);
    g_assert_true(run_case(th, &c, false));
    g_assert_cmphex(vram32(th, 0), ==, 0xff807f00);
    c.op = NV2D_OP_SRCCOPY_PREMULT;
    c.color = 0xffffffff;
    g_assert_true(run_case(th, &c, false));
    g_assert_cmphex(vram32(th, 0), ==, 0x80ff40c0);
    th_free(th);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/2d/pixel/fast-equals-reference",
                    test_fast_equals_reference);
    g_test_add_func("/2d/pixel/conversions", test_conversions);
    g_test_add_func("/2d/pixel/blend", test_blend);
    return g_test_run();
}
