/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV4_GDI (class 0x4a): solid rectangles, unclipped (A) and
 * clipped (B), and monochrome bitmaps expanded from method data, one
 * colour on transparent (C) or two colours (E), clipped (rnndb
 * graph/nv3_gdi.xml; envytools docs/hw/graph/2d/gdi.rst names the
 * sections but is a "todo", so the details are nouveau's nv04_fbcon.c,
 * docs/pgraph.rst "GDI").  The in-memory fonts (F, G) are not modelled.
 */
#include "hw/nv/card.h"
#include "hw/nv/graph/2d/nv2d-internal.h"
#include "hw/nv/graph/nv20/pgraph-nv20.h"

/* rnndb nv4_solid_color_format (4, NV30+, is not modelled). */
static const uint8_t gdi_colors[] = {
    [1] = NV2D_COLOR_R5G6B5,
    [2] = NV2D_COLOR_X1R5G5B5,
    [3] = NV2D_COLOR_X8R8G8B8,
};

static bool gdi_color(NVCard *card, const NVMethodCall *call, NV2dColor *c)
{
    return nv2d_object_color(card, call, gdi_colors, G_N_ELEMENTS(gdi_colors),
                             c);
}

/* Fill [x0, x1) x [y0, y1) with @color as a job. */
static void fill(NVCard *card, const NVMethodCall *call, int32_t x0,
                 int32_t y0, int32_t x1, int32_t y1, uint32_t color)
{
    NV2dColor c;

    if (!gdi_color(card, call, &c) || x1 <= x0 || y1 <= y0) {
        return;
    }
    nv2d_job_start(card, &(NV2dJob) {
        .kind = NV2D_JOB_FILL, .subc = call->subc, .x = x0, .y = y0,
        .w = x1 - x0, .h = y1 - y0, .color = color, .color_layout = c,
    });
}

/* A: UNCLIPPED_RECTANGLE_SIZE, W in bits 16-31, H in 0-15, as the point. */
static void mthd_rect_a(NVCard *card, const NVMethodCall *call)
{
    NV2dGdi *g = &nv2d(card)->gdi;
    int32_t x = (int16_t)(g->rect0 >> 16), y = (int16_t)g->rect0;

    fill(card, call, x, y, x + (call->data >> 16), y + (call->data & 0xffff),
         g->color1_a);
}

/* B: CLIPPED_RECTANGLE_POINT_1 (rb16, exclusive) ends a rectangle. */
static void mthd_rect_b(NVCard *card, const NVMethodCall *call)
{
    NV2dGdi *g = &nv2d(card)->gdi;

    fill(card, call,
         MAX((int16_t)g->cr0, (int16_t)g->clip_b0),
         MAX((int16_t)(g->cr0 >> 16), (int16_t)(g->clip_b0 >> 16)),
         MIN((int16_t)call->data, (int16_t)g->clip_b1),
         MIN((int16_t)(call->data >> 16), (int16_t)(g->clip_b1 >> 16)),
         g->color1_b);
}

/* POINT_C and POINT_E start a bitmap; its data follows. */
static void mthd_mono_point(NVCard *card, const NVMethodCall *call)
{
    NV2dGdi *g = &nv2d(card)->gdi;

    g->point = call->data;
    g->mono_pos = 0;
    g->mono_two_color = call->m->arg;
    if (!call->m->arg) {        /* C has one size */
        g->size_out = g->size_in;
    }
}

/*
 * A data word: 32 pixels of the bitmap, which is SIZE_IN wide with no
 * padding between rows (nouveau sends ALIGN(w, 8) x h bits); pixels
 * right of SIZE_OUT are not drawn.  CGA6 (format 1) has the first pixel
 * in each byte's top bit, LE in bit 0; 1 is COLOR1, 0 COLOR0 or
 * transparent.
 */
static void mthd_mono_data(NVCard *card, const NVMethodCall *call)
{
    NV2dState *s = nv2d(card);
    NV2dGdi *g = &s->gdi;
    uint32_t w_in = g->size_in & 0xffff, h = g->size_in >> 16;
    uint32_t w_out = g->size_out & 0xffff;
    bool cga6 = nv2d_obj(card, call->subc)->mono_format == 1;
    NV2dDraw d;
    NV2dColor c;

    if ((bool)call->m->arg != g->mono_two_color) {
        nv2d_error(card, call, NV20_NSOURCE_STATE_INVALID,
                   "bitmap data without its POINT");
        return;
    }
    if (!gdi_color(card, call, &c) ||
        !nv2d_draw_begin(card, call->subc, c, false, &d)) {
        return;
    }
    nv2d_draw_clip(&d, g->clip0, g->clip1);
    for (unsigned k = 0; k < 32 && w_in; k++, g->mono_pos++) {
        uint32_t row = g->mono_pos / w_in, col = g->mono_pos % w_in;
        bool on = call->data >> (cga6 ? k ^ 7 : k) & 1;

        if (row >= h) {
            break;
        }
        if (col >= w_out || (!on && !g->mono_two_color)) {
            continue;
        }
        if (!nv2d_pixel(card, &d, (int16_t)g->point + col,
                        (int16_t)(g->point >> 16) + row,
                        on ? g->color1 : g->color0)) {
            return;
        }
    }
}

static const NVMethod gdi_methods[] = {
    NV20_COMMON_METHODS,
    /* the fonts of the in-memory font methods (F, G), which are not
     * drawn yet; the X driver binds it at set-up */
    NV_MTHD_STORE(0x184, "DMA_FONTS", G2D(gdi.dma_fonts), 0xfffff),
    NV2D_LINK_METHODS(0x188, "SURFACE"),
    NV_MTHD(0x2fc, "OPERATION", nv2d_mthd_operation),
    NV_MTHD(0x300, "COLOR_FORMAT", nv2d_mthd_color_format, .arg = 0x43),
    NV_MTHD(0x304, "MONOCHROME_FORMAT", nv2d_mthd_mono_format),
    NV_MTHD_STORE(0x3fc, "COLOR1_A", G2D(gdi.color1_a), 0xffffffff),
    NV_MTHD_STORE_ALL(0x400, 32, 8, "UNCLIPPED_RECTANGLE_POINT",
                      G2D(gdi.rect0), 0xffffffff),
    NV_MTHD_ARRAY(0x404, 32, 8, "UNCLIPPED_RECTANGLE_SIZE", mthd_rect_a),
    NV_MTHD_STORE(0x5f4, "CLIP_B_POINT0", G2D(gdi.clip_b0), 0xffffffff),
    NV_MTHD_STORE(0x5f8, "CLIP_B_POINT1", G2D(gdi.clip_b1), 0xffffffff),
    NV_MTHD_STORE(0x5fc, "COLOR1_B", G2D(gdi.color1_b), 0xffffffff),
    NV_MTHD_STORE_ALL(0x600, 32, 8, "CLIPPED_RECTANGLE_POINT_0",
                      G2D(gdi.cr0), 0xffffffff),
    NV_MTHD_ARRAY(0x604, 32, 8, "CLIPPED_RECTANGLE_POINT_1", mthd_rect_b),
    NV_MTHD_STORE(0x7ec, "CLIP_C_POINT0", G2D(gdi.clip0), 0xffffffff),
    NV_MTHD_STORE(0x7f0, "CLIP_C_POINT1", G2D(gdi.clip1), 0xffffffff),
    NV_MTHD_STORE(0x7f4, "COLOR1_C", G2D(gdi.color1), 0xffffffff),
    NV_MTHD_STORE(0x7f8, "SIZE_C", G2D(gdi.size_in), 0xffffffff,
                  NV_MDECODE(NV_MTYPE_WH16)),
    NV_MTHD(0x7fc, "POINT_C", mthd_mono_point, NV_MDECODE(NV_MTYPE_XY16)),
    NV_MTHD_ARRAY(0x800, 128, 4, "MONOCHROME_COLOR1_C", mthd_mono_data),
    NV_MTHD_STORE(0xbe4, "CLIP_E_POINT0", G2D(gdi.clip0), 0xffffffff),
    NV_MTHD_STORE(0xbe8, "CLIP_E_POINT1", G2D(gdi.clip1), 0xffffffff),
    NV_MTHD_STORE(0xbec, "COLOR0_E", G2D(gdi.color0), 0xffffffff),
    NV_MTHD_STORE(0xbf0, "COLOR1_E", G2D(gdi.color1), 0xffffffff),
    NV_MTHD_STORE(0xbf4, "SIZE_IN_E", G2D(gdi.size_in), 0xffffffff,
                  NV_MDECODE(NV_MTYPE_WH16)),
    NV_MTHD_STORE(0xbf8, "SIZE_OUT_E", G2D(gdi.size_out), 0xffffffff,
                  NV_MDECODE(NV_MTYPE_WH16)),
    NV_MTHD(0xbfc, "POINT_E", mthd_mono_point, NV_MDECODE(NV_MTYPE_XY16),
            .arg = 1),
    NV_MTHD_ARRAY(0xc00, 128, 4, "MONOCHROME_COLOR01_E", mthd_mono_data,
                  .arg = 1),
};

NVMethodClass nv2d_gdi_class = NV_METHOD_CLASS("NV4_GDI", gdi_methods);
