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
 * IFC, BITMAP and IFM: the image (SIZE_IN) starts at vertex 4 and is
 * clipped to the XY logic's window, which for IFC and BITMAP ends at the
 * image clip (point plus SIZE_OUT).  Data words carry the pixels in
 * order, row after row with no padding (docs/nv1.rst "Bitmaps": the XY
 * logic advances by the pixels of each word; which bit or byte is which
 * pixel is not established: we take the lowest first).
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
    int64_t dx = k % w, dy = k / w;
    int64_t x = (int32_t)g->vtx_x[4] + dx, y = (int32_t)g->vtx_y[4] + dy;

    if (dy >= h || x < win->x0 || x >= win->x1 || y < win->y0 ||
        y >= win->y1) {
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

/*
 * The pixels of one IFC or IFM data word, lowest bits first, up to image
 * position @end: the image's end for IFC; for IFM, whose rows each start
 * a new word, the end of the current row.
 */
static void image_word(NVCard *card, NV1Rop *r, const NV1Window *win,
                       uint32_t data, uint32_t end, NV1Window *dirty)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned n = nv1_xy_pixels_per_word(g), bits = 32 / n;
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

/*
 * A data word of IFC (COLOR), BITMAP (BITMAP) or IFM (DATA): into
 * SRC_COLOR (a BITMAP's in LE bit order), then its pixels if the XY logic
 * lets it draw.
 */
static void image_data(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    uint32_t w = g->img_in & 0xffff, h = g->img_in >> 16;
    bool bitmap = nv1_xy_class(g) == NV1_CLASS_BITMAP;
    /* What the word's pixels may have changed, told to the host once. */
    NV1Window win, dirty = { INT32_MAX, INT32_MAX, INT32_MIN, INT32_MIN };
    NV1Rop r;

    g->src_color = bitmap && (g->ctx_switch & NV1_CTX_BITMAP_CGA6) ?
                   nv1_cga6(call->data) : call->data;
    if (!nv1_xy_image_data(card, call) || !w || !h) {
        return;
    }
    win = nv1_xy_window(g);
    nv1_rop_begin(&r, card, false);
    if (call->cls == NV1_CLASS_BITMAP) {
        for (unsigned i = 0; i < 32 && g->img_pos < w * h; i++) {
            image_pixel(card, &r, &win,
                        g->bitmap_color[(g->src_color >> i) & 1], true,
                        &dirty);
        }
    } else if (call->cls == NV1_CLASS_IFM) {
        image_word(card, &r, &win, g->src_color, (g->img_pos / w + 1) * w,
                   &dirty);
    } else {
        image_word(card, &r, &win, g->src_color, w * h, &dirty);
    }
    image_dirty(&r, &dirty);
}

/*
 * IFM and ITM (docs/hw/graph/2d/ifm.rst is a todo; methods from rnndb
 * nv1_ifm.xml): an image of SIZE at POINT, row r at OFFSET + r * PITCH of
 * the DMA object in PGRAPH's DMA register; the XY logic keeps OFFSET in
 * VTX[5].X and PITCH in VTX[6].X.  Only the part inside the drawing
 * window (IFM) or the canvas (ITM) moves, which bounds the work to the
 * 4096 x 4096 canvas.
 */
typedef struct ImageRect {
    uint32_t r0, r1, c0, c1;    /* image rows and columns that move */
} ImageRect;

static bool image_rect(NV1Pgraph *g, unsigned v, const NV1Window *win,
                       ImageRect *ir)
{
    int64_t x = (int32_t)g->vtx_x[v], y = (int32_t)g->vtx_y[v];
    int64_t w = g->img_in & 0xffff, h = g->img_in >> 16;

    ir->c0 = MAX(0, win->x0 - x);
    ir->r0 = MAX(0, win->y0 - y);
    ir->c1 = MAX(ir->c0, MIN(w, win->x1 - x));
    ir->r1 = MAX(ir->r0, MIN(h, win->y1 - y));
    return ir->c0 < ir->c1 && ir->r0 < ir->r1;
}

/* Row @row of an IFM or ITM image in the DMA object. */
static uint32_t image_row(NV1Pgraph *g, uint32_t row)
{
    return g->vtx_x[5] + row * g->vtx_x[6];
}

/*
 * IFM: PDMA reads the rows and hands them to PGRAPH as DATA methods
 * (0x040-0x07c), each row starting a new word; pgraph.rst: PDMA waits
 * while ACCESS.DMA is off, and PGRAPH stays busy meanwhile.
 */
void nv1_ifm_run(NVCard *card)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned ppw = nv1_xy_pixels_per_word(g);
    uint32_t w = g->img_in & 0xffff;
    NV1Window win, dirty = { INT32_MAX, INT32_MAX, INT32_MIN, INT32_MIN };
    ImageRect ir;
    uint32_t w0, nwords;
    uint8_t *buf;
    NV1Rop r;

    g->dma_wait = false;
    win = nv1_xy_window(g);
    if (!image_rect(g, 4, &win, &ir)) {
        return;
    }
    w0 = ir.c0 / ppw;
    nwords = (ir.c1 + ppw - 1) / ppw - w0;
    buf = g_malloc(nwords * 4);
    nv1_rop_begin(&r, card, false);
    for (uint32_t row = ir.r0; row < ir.r1; row++) {
        if (!nv1_pdma_graph(card, g->dma, image_row(g, row) + 4 * w0, buf,
                            nwords * 4, false)) {
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
 * ITM: the pixels of the rectangle at vertex 0, as the framebuffer holds
 * them (the buffer CTX_SWITCH.SRC_BUF names, as for BLIT), go out through
 * PDMA.
 */
static void itm_run(NVCard *card)
{
    NV1Pgraph *g = &card->pgraph1;
    NV1Window canvas = nv1_canvas_window(g);
    ImageRect ir;
    uint8_t *buf;
    uint32_t n;
    NV1Rop r;

    if (!image_rect(g, 0, &canvas, &ir)) {
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
        if (!nv1_pdma_graph(card, g->dma, image_row(g, row) + ir.c0 * r.bytes,
                            buf, n, true)) {
            break;
        }
    }
    g_free(buf);
}

/* IFC's and BITMAP's SIZE_IN, IFM's SIZE: the image's size. */
static void image_size_in(NVCard *card, const NVMethodCall *call)
{
    image_begin(card, call->data);
    nv1_xy_size_in(card, call);
}

/* The image's point: vertex 4 (vertex 0 for ITM); it never draws. */
static void image_point(NVCard *card, const NVMethodCall *call)
{
    nv1_xy_point(card, call);
}

/* ITM's SIZE: a rectangle's size to the XY logic. */
static void itm_size(NVCard *card, const NVMethodCall *call)
{
    image_begin(card, call->data);
    nv1_xy_size(card, call);
}

static void bitmap_color(NVCard *card, const NVMethodCall *call)
{
    card->pgraph1.bitmap_color[call->idx] = nv1_a1_color(card, call->data);
}

/* IFM/ITM OFFSET starts the transfer (docs/nv1.rst "Inferred behaviour"). */
static void memory_offset(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;

    if (!nv1_xy_offset(card, call)) {
        return;
    }
    if (call->cls == NV1_CLASS_ITM) {
        itm_run(card);
    } else {
        g->dma_wait = true;
        if (g->access & NV1_ACCESS_DMA) {
            nv1_ifm_run(card);
        }
    }
}

/* ---- the class tables ---- */

#define XY16    NV_MDECODE(NV_MTYPE_XY16)
#define WH16    NV_MDECODE(NV_MTYPE_WH16)
#define POINT(off) \
    NV_MTHD(off, "POINT", image_point, XY16, .arg = NV1_XY_FIRST)

/* rnndb gives NV1_IFC 32 COLOR words; NV1 takes them up to 0x1ffc. */
static const NVMethod ifc_methods[] = {
    NV1_COMMON_METHODS,
    POINT(0x304),
    NV_MTHD(0x308, "SIZE_OUT", nv1_xy_size_out, WH16),
    NV_MTHD(0x30c, "SIZE_IN", image_size_in, WH16),
    NV_MTHD_ARRAY(0x400, 0x700, 4, "COLOR", image_data),
};
NVMethodClass nv1_ifc_class = NV_METHOD_CLASS("NV1_IFC", ifc_methods);

static const NVMethod bitmap_methods[] = {
    NV1_COMMON_METHODS,
    NV_MTHD_ARRAY(0x308, 2, 4, "COLOR", bitmap_color),
    POINT(0x310),
    NV_MTHD(0x314, "SIZE_OUT", nv1_xy_size_out, WH16),
    NV_MTHD(0x318, "SIZE_IN", image_size_in, WH16),
    NV_MTHD_ARRAY(0x400, 32, 4, "BITMAP", image_data),
};
NVMethodClass nv1_bitmap_class = NV_METHOD_CLASS("NV1_BITMAP",
                                                 bitmap_methods);

/* IFM and ITM share their methods but SIZE; IFM adds DATA (from PDMA). */
#define MEMORY_METHODS \
    NV1_COMMON_METHODS, \
    POINT(0x308), \
    NV_MTHD(0x310, "PITCH", nv1_xy_pitch), \
    NV_MTHD(0x314, "OFFSET", memory_offset)

static const NVMethod ifm_methods[] = {
    MEMORY_METHODS,
    NV_MTHD(0x30c, "SIZE", image_size_in, WH16),
    NV_MTHD_ARRAY(0x040, 16, 4, "DATA", image_data),
};
NVMethodClass nv1_ifm_class = NV_METHOD_CLASS("NV1_IFM", ifm_methods);

static const NVMethod itm_methods[] = {
    MEMORY_METHODS,
    NV_MTHD(0x30c, "SIZE", itm_size, WH16),
};
NVMethodClass nv1_itm_class = NV_METHOD_CLASS("NV1_ITM", itm_methods);
