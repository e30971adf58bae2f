/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV1 PGRAPH's image transfers: IFC (image from CPU), BITMAP
 * (two-colour bitmap from CPU), and through PDMA IFM (image from memory)
 * and ITM (image to memory).  Methods from rnndb graph/nv1_ifc.xml and
 * graph/nv1_ifm.xml.
 */
#include <string.h>

#include "hw/nv/card.h"
#include "hw/nv/core/method.h"
#include "hw/nv/graph/nv1/pgraph-nv1.h"
#include "hw/nv/graph/nv1/rop-nv1.h"
#include "hw/nv/mem/pdma-nv1.h"
#include "pgraph-nv1-internal.h"

/*
 * IFC and BITMAP: the image (SIZE_IN) starts at vertex 0 and is clipped to
 * SIZE_OUT from there and to the drawing window.  Data words carry the
 * pixels in order, row after row with no padding (docs/nv1.rst "Bitmaps":
 * the XY logic advances by the pixels of each word; which bit or byte is
 * which pixel is not established: we take the lowest first).
 */
static void image_begin(NVCard *card, uint32_t size_in)
{
    NV1Pgraph *g = &card->pgraph1;

    g->img_in = size_in;
    g->img_pos = 0;
}

/* The next pixel of the image; @dirty grows to take it in if drawn. */
static void image_pixel(NVCard *card, NV1Rop *r, const NV1Window *win,
                        uint32_t src, bool state_colour, NV1Window *dirty)
{
    NV1Pgraph *g = &card->pgraph1;
    uint32_t w = g->img_in & 0xffff, h = g->img_in >> 16;
    uint32_t k = g->img_pos++;
    int32_t dx = k % w, dy = k / w;
    int32_t x = (int32_t)g->vtx_x[0] + dx, y = (int32_t)g->vtx_y[0] + dy;

    if (dy >= (int32_t)h || dx >= (int32_t)(g->img_out & 0xffff) ||
        dy >= (int32_t)(g->img_out >> 16) ||
        x < win->x0 || x >= win->x1 || y < win->y0 || y >= win->y1) {
        return;
    }
    if (state_colour) {
        nv1_rop_pixel_state(r, x, y, src);
    } else {
        nv1_rop_pixel(r, x, y, src);
    }
    dirty->x0 = MIN(dirty->x0, x);
    dirty->y0 = MIN(dirty->y0, y);
    dirty->x1 = MAX(dirty->x1, x + 1);
    dirty->y1 = MAX(dirty->y1, y + 1);
}

/* docs/nv1.rst "Bitmaps": 2 pixels a word for A1R5G5B5, 4 for Y8, else 1. */
static unsigned image_pixels_per_word(NV1Pgraph *g)
{
    switch (NV1_CTX_COLOR_FORMAT_DST(g->ctx_switch) % 5) {
    case NV1_SRC_A1R5G5B5:
        return 2;
    case NV1_SRC_A8Y8:
        return 4;
    default:
        return 1;
    }
}

/*
 * The pixels of one IFC or IFM data word, lowest bits first, up to image
 * position @end: the image's end for IFC; for IFM, whose rows each start
 * a new word, the end of the current row.
 */
static void image_word(NVCard *card, NV1Rop *r, const NV1Window *win,
                       uint32_t data, uint32_t end, NV1Window *dirty)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned n = image_pixels_per_word(g), bits = 32 / n;
    uint32_t mask = (uint32_t)(((uint64_t)1 << bits) - 1);

    for (unsigned i = 0; i < n && g->img_pos < end; i++) {
        image_pixel(card, r, win, (data >> (bits * i)) & mask, false, dirty);
    }
}

/* Tell the host about what a run of image pixels may have changed. */
static void image_dirty(const NV1Rop *r, const NV1Window *dirty)
{
    if (dirty->x0 < dirty->x1) {
        nv1_rop_dirty(r, dirty->x0, dirty->y0, dirty->x1 - dirty->x0,
                      dirty->y1 - dirty->y0);
    }
}

/* A data word of IFC (COLOR), BITMAP (BITMAP) or IFM (DATA). */
static void image_data(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    uint32_t data = call->data;
    uint32_t w = g->img_in & 0xffff, h = g->img_in >> 16;
    /* What the word's pixels may have changed, told to the host once. */
    NV1Window win, dirty = { INT32_MAX, INT32_MAX, INT32_MIN, INT32_MIN };
    NV1Rop r;

    g->src_color = data;
    if (!nv1_vtx_valid(g, 1) || !w || !h) {
        nv1_pgraph_trap(card, NV1_INTR_MISSING_METHOD, 0);
        return;
    }
    if (!nv1_draw_allowed(card)) {
        return;
    }
    win = nv1_draw_window(g);
    nv1_rop_begin(&r, card, false);
    if (call->cls == NV1_CLASS_BITMAP) {
        /* rop.rst: CGA6 bitmaps hold the leftmost pixel in each byte's MSB */
        for (unsigned i = 0; i < 32 && g->img_pos < w * h; i++) {
            unsigned bit = g->ctx_switch & NV1_CTX_BITMAP_CGA6 ? i ^ 7 : i;

            image_pixel(card, &r, &win, g->bitmap_color[(data >> bit) & 1],
                        true, &dirty);
        }
    } else if (call->cls == NV1_CLASS_IFM) {
        image_word(card, &r, &win, data, (g->img_pos / w + 1) * w, &dirty);
    } else {
        image_word(card, &r, &win, data, w * h, &dirty);
    }
    image_dirty(&r, &dirty);
}

/*
 * IFM and ITM (docs/hw/graph/2d/ifm.rst is a todo; methods from rnndb
 * nv1_ifm.xml): an image of SIZE at POINT, row r at OFFSET + r * PITCH of
 * the DMA object in PGRAPH's DMA register.  Only the part inside the
 * drawing window (IFM) or the canvas (ITM) moves, which bounds the work
 * to the 4096 x 4096 canvas.
 */
typedef struct ImageRect {
    uint32_t r0, r1, c0, c1;    /* image rows and columns that move */
} ImageRect;

static bool image_rect(NV1Pgraph *g, const NV1Window *win, ImageRect *ir)
{
    int64_t x = (int32_t)g->vtx_x[0], y = (int32_t)g->vtx_y[0];
    int64_t w = g->img_in & 0xffff, h = g->img_in >> 16;

    ir->c0 = MAX(0, win->x0 - x);
    ir->r0 = MAX(0, win->y0 - y);
    ir->c1 = MAX(ir->c0, MIN(w, win->x1 - x));
    ir->r1 = MAX(ir->r0, MIN(h, win->y1 - y));
    return ir->c0 < ir->c1 && ir->r0 < ir->r1;
}

/*
 * IFM: PDMA reads the rows and hands them to PGRAPH as DATA methods
 * (0x040-0x07c), each row starting a new word; pgraph.rst: PDMA waits
 * while ACCESS.DMA is off, and PGRAPH stays busy meanwhile.
 */
void nv1_ifm_run(NVCard *card)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned ppw = image_pixels_per_word(g);
    uint32_t w = g->img_in & 0xffff;
    NV1Window win, dirty = { INT32_MAX, INT32_MAX, INT32_MIN, INT32_MIN };
    ImageRect ir;
    uint32_t w0, nwords;
    uint8_t *buf;
    NV1Rop r;

    g->dma_wait = false;
    win = nv1_draw_window(g);
    if (!image_rect(g, &win, &ir)) {
        return;
    }
    w0 = ir.c0 / ppw;
    nwords = (ir.c1 + ppw - 1) / ppw - w0;
    buf = g_malloc(nwords * 4);
    nv1_rop_begin(&r, card, false);
    for (uint32_t row = ir.r0; row < ir.r1; row++) {
        if (!nv1_pdma_graph(card, g->dma, g->dma_offset + row * g->dma_pitch +
                            4 * w0, buf, nwords * 4, false)) {
            break;
        }
        g->img_pos = row * w + w0 * ppw;
        for (uint32_t i = 0; i < nwords; i++) {
            image_word(card, &r, &win, nv_ld_le(buf + 4 * i, 4),
                       (row + 1) * w, &dirty);
        }
    }
    g_free(buf);
    image_dirty(&r, &dirty);
}

/*
 * ITM: the pixels of the rectangle, as the framebuffer holds them (the
 * buffer CTX_SWITCH.SRC_BUF names, as for BLIT), go out through PDMA.
 */
static void itm_run(NVCard *card)
{
    NV1Pgraph *g = &card->pgraph1;
    NV1Window canvas = nv1_canvas_window(g);
    ImageRect ir;
    uint8_t *buf;
    uint32_t n;
    NV1Rop r;

    if (!image_rect(g, &canvas, &ir)) {
        return;
    }
    nv1_rop_begin(&r, card, true);
    n = (ir.c1 - ir.c0) * r.bytes;
    buf = g_malloc(n);
    for (uint32_t row = ir.r0; row < ir.r1; row++) {
        for (uint32_t col = ir.c0; col < ir.c1; col++) {
            uint64_t a = nv1_rop_pixel_addr(card, r.src_buf,
                                            g->vtx_x[0] + col,
                                            g->vtx_y[0] + row);

            memcpy(buf + (col - ir.c0) * r.bytes, r.vram + a, r.bytes);
        }
        if (!nv1_pdma_graph(card, g->dma, g->dma_offset + row * g->dma_pitch +
                            ir.c0 * r.bytes, buf, n, true)) {
            break;
        }
    }
    g_free(buf);
}

static void image_size_in(NVCard *card, const NVMethodCall *call)
{
    image_begin(card, call->data);
}

static void bitmap_color(NVCard *card, const NVMethodCall *call)
{
    card->pgraph1.bitmap_color[call->idx] = nv1_a1_color(card, call->data);
}

/* IFM/ITM SIZE: the image's size, which is also its SIZE_OUT. */
static void memory_size(NVCard *card, const NVMethodCall *call)
{
    image_begin(card, call->data);
    card->pgraph1.img_out = call->data;
}

/* IFM/ITM OFFSET starts the transfer (docs/nv1.rst "Inferred behaviour"). */
static void memory_offset(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;

    g->dma_offset = call->data;
    if (!nv1_vtx_valid(g, 1)) {
        nv1_pgraph_trap(card, NV1_INTR_MISSING_METHOD, 0);
    } else if (call->cls == NV1_CLASS_ITM) {
        itm_run(card);
    } else if (nv1_draw_allowed(card)) {
        g->dma_wait = true;
        if (g->access & NV1_ACCESS_DMA) {
            nv1_ifm_run(card);
        }
    }
}

/* ---- the class tables ---- */

#define XY16    NV_MDECODE(NV_MTYPE_XY16)
#define WH16    NV_MDECODE(NV_MTYPE_WH16)

/* rnndb gives NV1_IFC 32 COLOR words; NV1 takes them up to 0x1ffc. */
static const NVMethod ifc_methods[] = {
    NV1_COMMON_METHODS,
    NV_MTHD(0x304, "POINT", nv1_mthd_vtx, XY16),
    NV_MTHD_STORE(0x308, "SIZE_OUT", pgraph1.img_out, 0xffffffff, WH16),
    NV_MTHD(0x30c, "SIZE_IN", image_size_in, WH16),
    NV_MTHD_ARRAY(0x400, 0x700, 4, "COLOR", image_data),
};
NVMethodClass nv1_ifc_class = NV_METHOD_CLASS("NV1_IFC", ifc_methods);

static const NVMethod bitmap_methods[] = {
    NV1_COMMON_METHODS,
    NV_MTHD_ARRAY(0x308, 2, 4, "COLOR", bitmap_color),
    NV_MTHD(0x310, "POINT", nv1_mthd_vtx, XY16),
    NV_MTHD_STORE(0x314, "SIZE_OUT", pgraph1.img_out, 0xffffffff, WH16),
    NV_MTHD(0x318, "SIZE_IN", image_size_in, WH16),
    NV_MTHD_ARRAY(0x400, 32, 4, "BITMAP", image_data),
};
NVMethodClass nv1_bitmap_class = NV_METHOD_CLASS("NV1_BITMAP",
                                                 bitmap_methods);

/* IFM and ITM share their methods; IFM adds DATA, which PDMA writes. */
#define MEMORY_METHODS \
    NV1_COMMON_METHODS, \
    NV_MTHD(0x308, "POINT", nv1_mthd_vtx, XY16), \
    NV_MTHD(0x30c, "SIZE", memory_size, WH16), \
    NV_MTHD_STORE(0x310, "PITCH", pgraph1.dma_pitch, 0xffffffff), \
    NV_MTHD(0x314, "OFFSET", memory_offset)

static const NVMethod ifm_methods[] = {
    MEMORY_METHODS,
    NV_MTHD_ARRAY(0x040, 16, 4, "DATA", image_data),
};
NVMethodClass nv1_ifm_class = NV_METHOD_CLASS("NV1_IFM", ifm_methods);

static const NVMethod itm_methods[] = {
    MEMORY_METHODS,
};
NVMethodClass nv1_itm_class = NV_METHOD_CLASS("NV1_ITM", itm_methods);
