/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV1 PGRAPH, the registers, interrupts, method execution and the
 * drawing objects (envytools docs/hw/graph/nv1/pgraph.rst; docs/nv1.rst
 * "Register masks" and "Methods").
 *
 * Methods arrive here from the direct submission area (BAR0 0x410000 +
 * class << 16 + method) or, later, from PFIFO.  They execute at once:
 * STATUS always reads idle.  Drawing goes through the ROP (rop-nv1.c), with
 * tight loops for the cases where they give the same bytes.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "hw/nv/card.h"
#include "hw/nv/graph/nv1/rop-nv1.h"

/* Plain storage registers: offset, count, stride, writable mask, field. */
typedef struct NV1Reg {
    uint16_t off;
    uint8_t count;
    uint8_t stride;
    uint32_t mask;
    size_t field;
} NV1Reg;

#define REG(o, n, st, m, f) { o, n, st, m, offsetof(NV1Pgraph, f) }

/* Masks from docs/nv1.rst "Register masks"; full where unknown. */
static const NV1Reg nv1_regs[] = {
    REG(0x084, 1, 4, 0xffffffef, debug_b),  /* bit 4 reads 0 */
    REG(0x088, 1, 4, 0xffffffff, debug_c),
    REG(0x140, 1, 4, NV1_INTR_MASK, intr_en),
    REG(0x144, 1, 4, NV1_INVALID_MASK, invalid_en),
    REG(0x400, 18, 4, 0xffffffff, vtx_x),
    REG(0x450, 2, 4, 0xffffffff, iclip),
    REG(0x460, 2, 4, 0xffffffff, uclip_x),
    REG(0x468, 2, 4, 0xffffffff, uclip_y),
    REG(0x480, 18, 4, 0xffffffff, vtx_y),
    REG(0x600, 2, 8, 0x3fffffff, pattern_rgb),
    REG(0x604, 2, 8, 0x000000ff, pattern_a),
    REG(0x610, 2, 4, 0xffffffff, pattern_bitmap),
    REG(0x618, 1, 4, 0x00000003, pattern_shape),
    REG(0x61c, 2, 4, 0x7fffffff, bitmap_color),
    REG(0x624, 1, 4, 0x000000ff, rop),
    REG(0x628, 1, 4, 0x7fffffff, plane),
    REG(0x62c, 1, 4, 0x7fffffff, chroma),
    REG(0x630, 1, 4, 0x7f800000, beta),
    REG(0x634, 1, 4, 0x01111011, canvas_config),
    REG(0x640, 1, 4, 0xffffffff, xy_a),
    REG(0x644, 1, 4, 0xffffffff, xy_b),
    REG(0x648, 1, 4, 0xffffffff, xy_d_x),
    REG(0x64c, 1, 4, 0xffffffff, xy_d_y),
    REG(0x650, 1, 4, 0xffffffff, valid),
    REG(0x654, 1, 4, 0xffffffff, src_color),
    REG(0x658, 1, 4, 0xffffffff, subdivide),
    REG(0x65c, 1, 4, 0xffffffff, xy_e),
    REG(0x680, 1, 4, 0xffffffff, dma),
    REG(0x684, 1, 4, 0xffffffff, notify),
    REG(0x688, 1, 4, 0xffffffff, canvas_min),
    REG(0x68c, 1, 4, 0xffffffff, canvas_max),
    REG(0x690, 2, 8, 0x0fff0fff, cliprect_min),
    REG(0x694, 2, 8, 0x0fff0fff, cliprect_max),
    REG(0x6a0, 1, 4, 0x00000113, cliprect_config),
    REG(0x700, 14, 4, 0xffffffff, vtx_beta),
};

static uint32_t *reg_ptr(NVCard *card, uint32_t addr, uint32_t *mask)
{
    for (size_t i = 0; i < G_N_ELEMENTS(nv1_regs); i++) {
        const NV1Reg *r = &nv1_regs[i];

        if (addr >= r->off && addr < r->off + (uint32_t)r->count * r->stride &&
            (addr - r->off) % r->stride == 0) {
            *mask = r->mask;
            return (uint32_t *)((char *)&card->pgraph1 + r->field) +
                   (addr - r->off) / r->stride;
        }
    }
    return NULL;
}

static void pgraph_reset(NVCard *card)
{
    memset(&card->pgraph1, 0, sizeof(card->pgraph1));
    nv_card_update_irq(card);
}

/*
 * An interrupt caused by a method: pgraph.rst "Note that interrupts that are
 * disabled will still cause PGRAPH to halt and disable FIFO/HOST bits".
 */
static void trap(NVCard *card, uint32_t intr, uint32_t invalid)
{
    NV1Pgraph *g = &card->pgraph1;

    g->intr |= intr | (invalid ? NV1_INTR_INVALID : 0);
    g->invalid |= invalid;
    g->access &= ~(NV1_ACCESS_FIFO | NV1_ACCESS_HOST);
    nv_card_update_irq(card);
}

static uint32_t ctx_control(NV1Pgraph *g)
{
    uint32_t v = g->ctx_control & ~NV1_CTX_CONTROL_SWITCH_AVAILABLE;

    /* pgraph.rst CTX_CONTROL.SWITCH_AVAILABLE. */
    if ((v & NV1_CTX_CONTROL_DEVICE_ENABLED) &&
        (!(v & NV1_CTX_CONTROL_CHID_VALID) ||
         !(v & (NV1_CTX_CONTROL_SWITCHING_BUSY | (1u << 8))))) {
        v |= NV1_CTX_CONTROL_SWITCH_AVAILABLE;
    }
    return v;
}

static uint32_t pgraph_read(NVCard *card, uint32_t addr)
{
    NV1Pgraph *g = &card->pgraph1;
    uint32_t mask, *p;

    switch (addr) {
    case NV1_PGRAPH_DEBUG_A:
        return g->debug_a;
    case NV1_PGRAPH_INTR:
        return g->intr;
    case NV1_PGRAPH_INVALID:
        return g->invalid;
    case NV1_PGRAPH_CTX_SWITCH:
        return g->ctx_switch;
    case NV1_PGRAPH_CTX_CONTROL:
        return ctx_control(g);
    case NV1_PGRAPH_ACCESS:
        /* The four write-enable bits always read 1. */
        return g->access | 0xfu << NV1_ACCESS_WR_SHIFT;
    case NV1_PGRAPH_TRAP_ADDR:
        return g->trap_addr;
    case NV1_PGRAPH_TRAP_DATA:
        return g->trap_data;
    case NV1_PGRAPH_STATUS:
        /* Methods run to completion when submitted, but an IFM waits for
         * ACCESS.DMA before PDMA brings its data (pgraph.rst). */
        return g->dma_wait ? NV1_STATUS_BUSY | NV1_STATUS_DMA : 0;
    }
    p = reg_ptr(card, addr, &mask);
    if (p) {
        return *p;
    }
    nv_unimp(card, NV1_PGRAPH_BASE + addr, false, 0);
    return 0;
}

static void ifm_run(NVCard *card);
static void notify_done(NVCard *card);

static void write_access(NV1Pgraph *g, uint32_t val)
{
    static const uint32_t fields[4] = {
        NV1_ACCESS_FIFO, NV1_ACCESS_DMA, NV1_ACCESS_HOST, 0x1f000,
    };

    /* pgraph.rst ACCESS: bits 24-27 select which fields the write sets. */
    for (int i = 0; i < 4; i++) {
        if (val & (1u << (NV1_ACCESS_WR_SHIFT + i))) {
            g->access = (g->access & ~fields[i]) | (val & fields[i]);
        }
    }
}

static void pgraph_write(NVCard *card, uint32_t addr, uint32_t val)
{
    NV1Pgraph *g = &card->pgraph1;
    uint32_t mask, *p;

    /* INTR, INVALID and ACCESS are writable without ACCESS.HOST. */
    switch (addr) {
    case NV1_PGRAPH_INTR:
        g->intr &= ~val;
        if (val & NV1_INTR_INVALID) {
            g->invalid = 0;
        }
        nv_card_update_irq(card);
        return;
    case NV1_PGRAPH_INVALID:
        g->invalid &= ~val;
        if (!g->invalid) {
            g->intr &= ~NV1_INTR_INVALID;
        }
        nv_card_update_irq(card);
        return;
    case NV1_PGRAPH_ACCESS:
        write_access(g, val);
        if (g->dma_wait && (g->access & NV1_ACCESS_DMA)) {
            ifm_run(card);          /* PDMA may deliver now, */
            if (g->notify & NV1_NOTIFY_PENDING) {
                notify_done(card);
            }
        }
        nv1_pfifo_pull(card);       /* and then PFIFO */
        return;
    }
    if (!(g->access & NV1_ACCESS_HOST)) {
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: pgraph: write of 0x%08x to "
               "0x%06x ignored: ACCESS.HOST is off", val,
               NV1_PGRAPH_BASE + addr);
        return;
    }
    switch (addr) {
    case NV1_PGRAPH_DEBUG_A:
        if (val & 1) {      /* RESET_TRIGGER */
            pgraph_reset(card);
            return;
        }
        g->debug_a = val & ~1u;
        return;
    case NV1_PGRAPH_CTX_SWITCH:
        g->ctx_switch = val & 0x807fffff;
        g->ctx_control &= ~NV1_CTX_CONTROL_SWITCHING_BUSY;
        g->debug_b &= ~1u;
        return;
    case NV1_PGRAPH_CTX_CONTROL:
        g->ctx_control = val & 0x11010103;
        return;
    case NV1_PGRAPH_TRAP_ADDR:
    case NV1_PGRAPH_TRAP_DATA:
    case NV1_PGRAPH_STATUS:
        return;         /* read-only */
    }
    p = reg_ptr(card, addr, &mask);
    if (p) {
        *p = val & mask;
        nv_card_update_irq(card);   /* INTR_EN / INVALID_EN */
        return;
    }
    nv_unimp(card, NV1_PGRAPH_BASE + addr, true, val);
}

/* ---- methods ------------------------------------------------------- */

#define VALID_X(i)  (1u << (i))         /* rnndb VALID.X: per vertex */
#define VALID_Y(i)  (1u << (12 + (i)))

static int16_t xy_x(uint32_t xy)
{
    return (int16_t)(xy & 0xffff);
}

static int16_t xy_y(uint32_t xy)
{
    return (int16_t)(xy >> 16);
}

static void set_vtx(NV1Pgraph *g, unsigned i, int32_t x, int32_t y)
{
    g->vtx_x[i] = x;
    g->vtx_y[i] = y;
    g->valid |= VALID_X(i) | VALID_Y(i);
}

static bool vtx_valid(NV1Pgraph *g, unsigned n)
{
    uint32_t need = 0;

    for (unsigned i = 0; i < n; i++) {
        need |= VALID_X(i) | VALID_Y(i);
    }
    return (g->valid & need) == need;
}

/*
 * The volatile state a new object starts without (docs/nv1.rst "Methods"
 * and "Bitmaps").
 */
static void volatile_reset(NV1Pgraph *g)
{
    g->valid = 0;
    g->bitmap_color[0] &= ~(1u << 30);
    g->bitmap_color[1] &= ~(1u << 30);
}

/* Method 0, the object switch (docs/nv1.rst "Methods"). */
static void mthd_object(NVCard *card, unsigned cls, uint32_t data)
{
    NV1Pgraph *g = &card->pgraph1;
    bool chid_valid = g->ctx_control & NV1_CTX_CONTROL_CHID_VALID;
    bool same = !((data ^ g->ctx_switch) & 0x007f8000);   /* bits 15-22 */
    bool vreset = (data & (1u << 31)) && (g->debug_c & (1u << 28)) &&
                  (!chid_valid || same);

    g->ctx_switch = data & 0x807fffff;
    g->access = (g->access & ~0x1f000u) | cls << 12;
    g->debug_b = (g->debug_b & ~1u) | vreset;
    if (vreset) {
        volatile_reset(g);
    }
    if (!same || !chid_valid) {
        g->ctx_control |= NV1_CTX_CONTROL_CHID_VALID |
                          NV1_CTX_CONTROL_SWITCHING_BUSY;
        trap(card, NV1_INTR_CONTEXT_SWITCH, 0);
    } else {
        g->ctx_control &= ~NV1_CTX_CONTROL_SWITCHING_BUSY;
    }
}

/* NOTIFY 0x104 (docs/nv1.rst "Methods"); the notification is below. */
static void mthd_notify(NVCard *card, unsigned cls, uint32_t data)
{
    NV1Pgraph *g = &card->pgraph1;
    bool tex = cls == NV1_CLASS_TEXLIN || cls == NV1_CLASS_TEXQUAD ||
               cls == NV1_CLASS_TEXLINBETA || cls == NV1_CLASS_TEXQUADBETA;

    if (data && !tex) {
        trap(card, 0, NV1_INVALID_VALUE);
    } else if (!(g->ctx_switch & NV1_CTX_NOTIFY_VALID)) {
        trap(card, 0, NV1_INVALID_NOTIFY);
    } else if (g->notify & (NV1_NOTIFY_PENDING | NV1_NOTIFY_INTR_PENDING)) {
        trap(card, 0, NV1_INVALID_DOUBLE_NOTIFY);
    } else {
        g->notify |= NV1_NOTIFY_PENDING;
    }
}

/* A colour from the object's format, stored as A1R10G10B10. */
static uint32_t a1_color(NVCard *card, uint32_t val)
{
    uint8_t a;
    uint32_t rgb = nv1_rop_convert_src(card, val, NV1_WF_R10G10B10, &a);

    return (a ? 1u << 30 : 0) | rgb;
}

/*
 * The drawing window: the canvas (CANVAS_MIN/MAX, right-exclusive, 12-bit
 * X in bits 0-11 and Y in bits 16-27) and, with CTX_SWITCH.CLIP, the user
 * clip rectangle set by the CLIP object.
 */
typedef struct Window {
    int32_t x0, y0, x1, y1;
} Window;

static Window canvas_window(NV1Pgraph *g)
{
    return (Window) {
        g->canvas_min & 0xfff, (g->canvas_min >> 16) & 0xfff,
        g->canvas_max & 0xfff, (g->canvas_max >> 16) & 0xfff,
    };
}

static Window draw_window(NV1Pgraph *g)
{
    Window w = canvas_window(g);

    if (g->ctx_switch & NV1_CTX_CLIP) {
        w.x0 = MAX(w.x0, (int32_t)g->uclip_x[0]);
        w.x1 = MIN(w.x1, (int32_t)g->uclip_x[1]);
        w.y0 = MAX(w.y0, (int32_t)g->uclip_y[0]);
        w.y1 = MIN(w.y1, (int32_t)g->uclip_y[1]);
    }
    return w;
}

/*
 * docs/nv1.rst "Drawing interrupts": with a SOFTWARE bit set a drawing
 * method raises its interrupt instead of drawing (vertex side effects
 * still happen).
 */
static bool draw_allowed(NVCard *card)
{
    NV1Pgraph *g = &card->pgraph1;
    uint32_t intr = 0;

    if (g->cliprect_config & NV1_CLIPRECT_SOFTWARE) {
        intr |= NV1_INTR_CLIP_SOFTWARE;
    }
    if (g->canvas_config & NV1_CANVAS_SOFTWARE) {
        intr |= NV1_INTR_CANVAS_SOFTWARE;
    }
    if (intr) {
        trap(card, intr, 0);
        return false;
    }
    return true;
}

static bool blit_class(NVCard *card)
{
    return NV1_ACCESS_CLASS(card->pgraph1.access) == NV1_CLASS_BLIT;
}

/* A solid rectangle of SRC_COLOR, clipped to the drawing window. */
static void draw_rect(NVCard *card, int32_t x, int32_t y, uint32_t w,
                      uint32_t h)
{
    NV1Pgraph *g = &card->pgraph1;
    Window win;
    int32_t x0, y0, x1, y1;
    NV1Rop r;

    if (!draw_allowed(card)) {
        return;
    }
    win = draw_window(g);
    x0 = MAX(x, win.x0);
    y0 = MAX(y, win.y0);
    x1 = MIN(x + (int32_t)w, win.x1);
    y1 = MIN(y + (int32_t)h, win.y1);
    if (x0 >= x1 || y0 >= y1) {
        return;
    }
    nv1_rop_begin(&r, card, blit_class(card));
    if (!nv1_rop_fill_fast(&r, x0, y0, x1 - x0, y1 - y0, g->src_color)) {
        for (int32_t py = y0; py < y1; py++) {
            nv1_rop_span(&r, x0, py, x1 - x0, g->src_color);
        }
    }
    nv1_rop_dirty(&r, x0, y0, x1 - x0, y1 - y0);
}

/*
 * BLIT: vertex 0 is the source, vertex 1 the destination.  The pixel order
 * keeps overlapping copies intact (rows bottom-up when moving down, columns
 * right-to-left when moving right within the rows), as a blitter that
 * picks its direction does; rop.rst does not say.
 */
static void draw_blit(NVCard *card, uint32_t w, uint32_t h)
{
    NV1Pgraph *g = &card->pgraph1;
    int32_t sx = g->vtx_x[0], sy = g->vtx_y[0];
    int32_t dx = g->vtx_x[1], dy = g->vtx_y[1];
    Window win;
    int32_t x0, y0, x1, y1;
    unsigned cw, ch;
    bool rows_up, cols_back;
    NV1Rop r;

    if (!draw_allowed(card)) {
        return;
    }
    win = draw_window(g);
    x0 = MAX(dx, win.x0);
    y0 = MAX(dy, win.y0);
    x1 = MIN(dx + (int32_t)w, win.x1);
    y1 = MIN(dy + (int32_t)h, win.y1);
    if (x0 >= x1 || y0 >= y1) {
        return;
    }
    sx += x0 - dx;
    sy += y0 - dy;
    cw = x1 - x0;
    ch = y1 - y0;
    nv1_rop_begin(&r, card, true);
    if (sx >= 0 && sy >= 0 &&
        nv1_rop_blit_fast(&r, x0, y0, sx, sy, cw, ch)) {
        nv1_rop_dirty(&r, x0, y0, cw, ch);
        return;
    }
    rows_up = y0 > sy;
    cols_back = y0 == sy && x0 > sx;
    for (unsigned i = 0; i < ch; i++) {
        unsigned row = rows_up ? ch - 1 - i : i;

        nv1_rop_blit_span(&r, x0, y0 + row, sx, sy + row, cw, cols_back);
    }
    nv1_rop_dirty(&r, x0, y0, cw, ch);
}

/* Methods of the context objects (pgraph.rst, docs/nv1.rst "Methods"). */
static bool mthd_context(NVCard *card, unsigned cls, uint32_t mthd,
                         uint32_t data)
{
    NV1Pgraph *g = &card->pgraph1;

    switch (cls << 16 | mthd) {
    case NV1_CLASS_BETA << 16 | 0x300:
        /* rnndb BETA_1D31: negative values clamp to 0 */
        g->beta = data & (1u << 31) ? 0 : data & 0x7f800000;
        return true;
    case NV1_CLASS_ROP << 16 | 0x300:
        g->rop = data & 0xff;       /* stored even when out of range */
        if (data > 0xff) {
            trap(card, 0, NV1_INVALID_VALUE);
        }
        return true;
    case NV1_CLASS_CHROMA << 16 | 0x304:
        g->chroma = a1_color(card, data);
        return true;
    case NV1_CLASS_PLANE << 16 | 0x304:
        g->plane = a1_color(card, data);
        return true;
    case NV1_CLASS_CLIP << 16 | 0x300:
        g->uclip_x[0] = xy_x(data);
        g->uclip_y[0] = xy_y(data);
        return true;
    case NV1_CLASS_CLIP << 16 | 0x304:
        g->uclip_x[1] = (int32_t)g->uclip_x[0] + (data & 0xffff);
        g->uclip_y[1] = (int32_t)g->uclip_y[0] + (data >> 16);
        return true;
    case NV1_CLASS_PATTERN << 16 | 0x308:
        g->pattern_shape = data & 3;
        if (data > 2) {
            trap(card, 0, NV1_INVALID_VALUE);
        }
        return true;
    case NV1_CLASS_PATTERN << 16 | 0x310:
    case NV1_CLASS_PATTERN << 16 | 0x314: {
        uint8_t a;
        unsigned i = (mthd - 0x310) / 4;

        g->pattern_rgb[i] = nv1_rop_convert_src(card, data, NV1_WF_R10G10B10,
                                                &a);
        g->pattern_a[i] = a;
        return true;
    }
    case NV1_CLASS_PATTERN << 16 | 0x318:
    case NV1_CLASS_PATTERN << 16 | 0x31c: {
        uint32_t v = data;

        /* rop.rst: CGA6 bitmaps are stored LE, bit i moved to i ^ 7. */
        if (g->ctx_switch & NV1_CTX_BITMAP_CGA6) {
            v = 0;
            for (unsigned bit = 0; bit < 32; bit++) {
                v |= ((data >> bit) & 1) << (bit ^ 7);
            }
        }
        g->pattern_bitmap[(mthd - 0x318) / 4] = v;
        return true;
    }
    }
    return false;
}

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
static void image_pixel(NVCard *card, NV1Rop *r, const Window *win,
                        uint32_t src, bool state_colour, Window *dirty)
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
static void image_word(NVCard *card, NV1Rop *r, const Window *win,
                       uint32_t data, uint32_t end, Window *dirty)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned n = image_pixels_per_word(g), bits = 32 / n;
    uint32_t mask = (uint32_t)(((uint64_t)1 << bits) - 1);

    for (unsigned i = 0; i < n && g->img_pos < end; i++) {
        image_pixel(card, r, win, (data >> (bits * i)) & mask, false, dirty);
    }
}

/* Tell the host about what a run of image pixels may have changed. */
static void image_dirty(const NV1Rop *r, const Window *dirty)
{
    if (dirty->x0 < dirty->x1) {
        nv1_rop_dirty(r, dirty->x0, dirty->y0, dirty->x1 - dirty->x0,
                      dirty->y1 - dirty->y0);
    }
}

static void image_data(NVCard *card, unsigned cls, uint32_t data)
{
    NV1Pgraph *g = &card->pgraph1;
    uint32_t w = g->img_in & 0xffff, h = g->img_in >> 16;
    /* What the word's pixels may have changed, told to the host once. */
    Window win, dirty = { INT32_MAX, INT32_MAX, INT32_MIN, INT32_MIN };
    NV1Rop r;

    g->src_color = data;
    if (!vtx_valid(g, 1) || !w || !h) {
        trap(card, NV1_INTR_MISSING_METHOD, 0);
        return;
    }
    if (!draw_allowed(card)) {
        return;
    }
    win = draw_window(g);
    nv1_rop_begin(&r, card, false);
    if (cls == NV1_CLASS_BITMAP) {
        /* rop.rst: CGA6 bitmaps hold the leftmost pixel in each byte's MSB */
        for (unsigned i = 0; i < 32 && g->img_pos < w * h; i++) {
            unsigned bit = g->ctx_switch & NV1_CTX_BITMAP_CGA6 ? i ^ 7 : i;

            image_pixel(card, &r, &win, g->bitmap_color[(data >> bit) & 1],
                        true, &dirty);
        }
    } else if (cls == NV1_CLASS_IFM) {
        image_word(card, &r, &win, data, (g->img_pos / w + 1) * w, &dirty);
    } else {
        image_word(card, &r, &win, data, w * h, &dirty);
    }
    image_dirty(&r, &dirty);
}

/*
 * IFM and ITM (graph/2d/ifm.rst is a todo; methods from rnndb
 * nv1_ifm.xml): an image of SIZE at POINT, row r at OFFSET + r * PITCH of
 * the DMA object in PGRAPH's DMA register.  Only the part inside the
 * drawing window (IFM) or the canvas (ITM) moves, which bounds the work
 * to the 4096 x 4096 canvas.
 */
typedef struct ImageRect {
    uint32_t r0, r1, c0, c1;    /* image rows and columns that move */
} ImageRect;

static bool image_rect(NV1Pgraph *g, const Window *win, ImageRect *ir)
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
static void ifm_run(NVCard *card)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned ppw = image_pixels_per_word(g);
    uint32_t w = g->img_in & 0xffff;
    Window win, dirty = { INT32_MAX, INT32_MAX, INT32_MIN, INT32_MIN };
    ImageRect ir;
    uint32_t w0, nwords;
    uint8_t *buf;
    NV1Rop r;

    g->dma_wait = false;
    win = draw_window(g);
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
    Window canvas = canvas_window(g);
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

static bool mthd_image_memory(NVCard *card, unsigned cls, uint32_t mthd,
                              uint32_t data)
{
    NV1Pgraph *g = &card->pgraph1;

    switch (mthd) {
    case 0x308:
        set_vtx(g, 0, xy_x(data), xy_y(data));
        return true;
    case 0x30c:
        image_begin(card, data);
        g->img_out = data;
        return true;
    case 0x310:
        g->dma_pitch = data;
        return true;
    case 0x314:
        g->dma_offset = data;
        if (!vtx_valid(g, 1)) {
            trap(card, NV1_INTR_MISSING_METHOD, 0);
        } else if (cls == NV1_CLASS_ITM) {
            itm_run(card);
        } else if (draw_allowed(card)) {
            g->dma_wait = true;
            if (g->access & NV1_ACCESS_DMA) {
                ifm_run(card);
            }
        }
        return true;
    }
    if (cls == NV1_CLASS_IFM && mthd >= 0x040 && mthd < 0x080) {
        image_data(card, cls, data);
        return true;
    }
    return false;
}

/*
 * Lines and triangles.  xy.rst leaves the rasterization rules undocumented;
 * we draw what a 1990s rasterizer most plausibly did: Bresenham lines
 * (LINE with its last pixel, LIN without), and triangles covering the
 * pixels whose centres lie inside, with the top-left rule for edges.
 */
static void plot(NVCard *card, NV1Rop *r, const Window *win, int32_t x,
                 int32_t y)
{
    if (x >= win->x0 && x < win->x1 && y >= win->y0 && y < win->y1) {
        nv1_rop_pixel(r, x, y, card->pgraph1.src_color);
    }
}

static void draw_line(NVCard *card, int32_t x0, int32_t y0, int32_t x1,
                      int32_t y1, bool last)
{
    int32_t dx = abs(x1 - x0), dy = -abs(y1 - y0);
    int32_t sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1, err = dx + dy;
    Window win;
    NV1Rop r;

    if (!draw_allowed(card)) {
        return;
    }
    win = draw_window(&card->pgraph1);
    nv1_rop_begin(&r, card, false);
    /* At most 0x10000 steps: coordinates are 16-bit. */
    for (;;) {
        bool end = x0 == x1 && y0 == y1;
        int32_t e2 = 2 * err;

        if (!end || last) {
            plot(card, &r, &win, x0, y0);
        }
        if (end) {
            break;
        }
        if (e2 >= dy) {
            err += dy;
            x0 += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y0 += sy;
        }
    }
    /* x0, y0 are now the end point; the bounding box, in the window. */
    {
        int32_t lx = MAX(MIN(x0 - dx * sx, x0), win.x0);
        int32_t ly = MAX(MIN(y0 + dy * sy, y0), win.y0);
        int32_t hx = MIN(MAX(x0 - dx * sx, x0) + 1, win.x1);
        int32_t hy = MIN(MAX(y0 + dy * sy, y0) + 1, win.y1);

        if (lx < hx && ly < hy) {
            nv1_rop_dirty(&r, lx, ly, hx - lx, hy - ly);
        }
    }
}

/* Twice the signed area of (a, b, p), p at a pixel centre (doubled units). */
static int64_t edge(int64_t ax, int64_t ay, int64_t bx, int64_t by,
                    int64_t px, int64_t py)
{
    return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

/* Top-left rule: a centre on a top or left edge is inside. */
static bool edge_in(int64_t e, int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    return e > 0 || (e == 0 && ((ay == by && bx < ax) || by < ay));
}

static void draw_tri(NVCard *card, const int32_t *x, const int32_t *y)
{
    int64_t X[3], Y[3];
    int32_t bx0, by0, bx1, by1;
    Window win;
    NV1Rop r;

    if (!draw_allowed(card)) {
        return;
    }
    /* Doubled coordinates put pixel centres on integers; wind CCW. */
    for (int i = 0; i < 3; i++) {
        X[i] = 2 * (int64_t)x[i];
        Y[i] = 2 * (int64_t)y[i];
    }
    if (edge(X[0], Y[0], X[1], Y[1], X[2], Y[2]) < 0) {
        int64_t t = X[1];
        X[1] = X[2];
        X[2] = t;
        t = Y[1];
        Y[1] = Y[2];
        Y[2] = t;
    }
    win = draw_window(&card->pgraph1);
    bx0 = MAX(MIN(MIN(x[0], x[1]), x[2]), win.x0);
    by0 = MAX(MIN(MIN(y[0], y[1]), y[2]), win.y0);
    bx1 = MIN(MAX(MAX(x[0], x[1]), x[2]) + 1, win.x1);
    by1 = MIN(MAX(MAX(y[0], y[1]), y[2]) + 1, win.y1);
    nv1_rop_begin(&r, card, false);
    for (int32_t py = by0; py < by1; py++) {
        int32_t run = bx0;      /* the covered pixels from here, drawn as
                                   one span when the run ends */

        for (int32_t px = bx0; px <= bx1; px++) {
            int64_t cx = 2 * (int64_t)px + 1, cy = 2 * (int64_t)py + 1;
            bool in = px < bx1;

            for (int i = 0; i < 3 && in; i++) {
                int j = (i + 1) % 3;
                in = edge_in(edge(X[i], Y[i], X[j], Y[j], cx, cy),
                             X[i], Y[i], X[j], Y[j]);
            }
            if (!in) {
                if (px > run) {
                    nv1_rop_span(&r, run, py, px - run,
                                 card->pgraph1.src_color);
                }
                run = px + 1;
            }
        }
    }
    if (bx0 < bx1 && by0 < by1) {
        nv1_rop_dirty(&r, bx0, by0, bx1 - bx0, by1 - by0);
    }
}

/*
 * A 32-bit coordinate outside the rasterizer's -0x8000..0x7fff raises
 * XY_RANGE (pgraph.rst) and nothing is drawn.
 */
static bool xy_in_range(NVCard *card, uint32_t x, uint32_t y)
{
    if ((int32_t)x < -0x8000 || (int32_t)x > 0x7fff ||
        (int32_t)y < -0x8000 || (int32_t)y > 0x7fff) {
        trap(card, NV1_INTR_XY_RANGE, 0);
        return false;
    }
    return true;
}

/* LINE and LIN (rnndb nv1_solid.xml), @last: include the final pixel. */
static bool mthd_line(NVCard *card, uint32_t mthd, uint32_t data, bool last)
{
    NV1Pgraph *g = &card->pgraph1;
    int32_t *vx = (int32_t *)g->vtx_x, *vy = (int32_t *)g->vtx_y;

    if (mthd == 0x304) {
        g->src_color = data;
    } else if (mthd >= 0x400 && mthd < 0x480) {         /* XY0, XY1 pairs */
        set_vtx(g, (mthd >> 2) & 1, xy_x(data), xy_y(data));
        if (mthd & 4) {
            draw_line(card, vx[0], vy[0], vx[1], vy[1], last);
        }
    } else if (mthd >= 0x480 && mthd < 0x500) {         /* X0 Y0 X1 Y1 */
        unsigned i = (mthd >> 2) & 3;

        (i & 1 ? vy : vx)[i >> 1] = data;
        g->valid |= i & 1 ? VALID_Y(i >> 1) : VALID_X(i >> 1);
        if (i == 3 && xy_in_range(card, vx[0], vy[0]) &&
            xy_in_range(card, vx[1], vy[1])) {
            draw_line(card, vx[0], vy[0], vx[1], vy[1], last);
        }
    } else if ((mthd >= 0x500 && mthd < 0x580) ||
               (mthd >= 0x600 && mthd < 0x680 && (mthd & 4))) {
        /* POLYLINE / CPOLYLINE point: a segment from the previous one. */
        bool first = !vtx_valid(g, 1);

        vx[1] = vx[0];
        vy[1] = vy[0];
        set_vtx(g, 0, xy_x(data), xy_y(data));
        if (!first) {
            draw_line(card, vx[1], vy[1], vx[0], vy[0], last);
        }
    } else if (mthd >= 0x600 && mthd < 0x680) {
        g->src_color = data;
    } else {
        return false;
    }
    return true;
}

/* TRI (rnndb nv1_solid.xml): three points, then a strip of new points. */
static bool mthd_tri(NVCard *card, uint32_t mthd, uint32_t data)
{
    NV1Pgraph *g = &card->pgraph1;
    int32_t *vx = (int32_t *)g->vtx_x, *vy = (int32_t *)g->vtx_y;

    if (mthd == 0x304) {
        g->src_color = data;
    } else if (mthd >= 0x310 && mthd <= 0x318) {
        unsigned i = (mthd - 0x310) / 4;

        set_vtx(g, i, xy_x(data), xy_y(data));
        if (i == 2) {
            draw_tri(card, vx, vy);
        }
    } else if (mthd >= 0x320 && mthd <= 0x334) {
        unsigned i = (mthd - 0x320) / 4;

        (i & 1 ? vy : vx)[i >> 1] = data;
        if (i == 5 && xy_in_range(card, vx[0], vy[0]) &&
            xy_in_range(card, vx[1], vy[1]) && xy_in_range(card, vx[2], vy[2])) {
            draw_tri(card, vx, vy);
        }
    } else if ((mthd >= 0x400 && mthd < 0x480) ||
               (mthd >= 0x580 && mthd < 0x600 && (mthd & 4))) {
        /* Strip: the new point with the two before it. */
        vx[0] = vx[1];
        vy[0] = vy[1];
        vx[1] = vx[2];
        vy[1] = vy[2];
        set_vtx(g, 2, xy_x(data), xy_y(data));
        if (vtx_valid(g, 3)) {
            draw_tri(card, vx, vy);
        }
    } else if (mthd >= 0x500 && mthd < 0x580) {        /* COLOR, XY0-2 */
        unsigned i = (mthd >> 2) & 3;

        if (!i) {
            g->src_color = data;
        } else {
            set_vtx(g, i - 1, xy_x(data), xy_y(data));
            if (i == 3) {
                draw_tri(card, vx, vy);
            }
        }
    } else if (mthd >= 0x580 && mthd < 0x600) {
        g->src_color = data;
    } else {
        return false;
    }
    return true;
}

/*
 * The textured quads (nv1-tex.rst is a todo throughout; methods from rnndb
 * nv1_3d.xml): SUBDIVIDE goes to PGRAPH's SUBDIVIDE register.  The
 * vertices (4 or 9, integer and 12.4 forms), the betas (2 or 5 words, the
 * BETA classes) and the texels are taken but not drawn: no document says
 * where they go or how the texture is mapped, so each logs LOG_UNIMP once.
 */
static bool mthd_texture(NVCard *card, unsigned cls, uint32_t mthd,
                         uint32_t data)
{
    bool quad = cls == NV1_CLASS_TEXQUAD || cls == NV1_CLASS_TEXQUADBETA;
    bool beta = cls == NV1_CLASS_TEXLINBETA || cls == NV1_CLASS_TEXQUADBETA;
    uint32_t vtx_end = 4 * (quad ? 9 : 4), beta_end = 4 * (quad ? 5 : 2);

    if (mthd == 0x304) {
        card->pgraph1.subdivide = data;
    } else if ((mthd >= 0x310 && mthd < 0x310 + vtx_end) ||
               (mthd >= 0x350 && mthd < 0x350 + vtx_end) ||
               (beta && mthd >= 0x380 && mthd < 0x380 + beta_end) ||
               (mthd >= 0x400 && mthd < 0x480)) {
        nv_unimp(card, NV1_PGRAPH_BASE | cls << 16 | mthd, true, data);
    } else {
        return false;
    }
    return true;
}

/* Methods of the drawing objects. */
static bool mthd_draw(NVCard *card, unsigned cls, uint32_t mthd, uint32_t data)
{
    NV1Pgraph *g = &card->pgraph1;

    switch (cls) {
    case NV1_CLASS_POINT:
        if (mthd == 0x304) {
            g->src_color = data;
        } else if (mthd >= 0x400 && mthd < 0x480) {
            set_vtx(g, 0, xy_x(data), xy_y(data));
            draw_rect(card, xy_x(data), xy_y(data), 1, 1);
        } else if (mthd >= 0x500 && mthd < 0x580 && !(mthd & 4)) {
            g->src_color = data;
        } else if (mthd >= 0x500 && mthd < 0x580) {
            set_vtx(g, 0, xy_x(data), xy_y(data));
            draw_rect(card, xy_x(data), xy_y(data), 1, 1);
        } else {
            return false;
        }
        return true;
    case NV1_CLASS_RECT:
        if (mthd == 0x304) {
            g->src_color = data;
        } else if (mthd >= 0x400 && mthd < 0x480 && !(mthd & 4)) {
            set_vtx(g, 0, xy_x(data), xy_y(data));
        } else if (mthd >= 0x400 && mthd < 0x480) {
            if (!vtx_valid(g, 1)) {
                trap(card, NV1_INTR_MISSING_METHOD, 0);
                return true;
            }
            draw_rect(card, g->vtx_x[0], g->vtx_y[0], data & 0xffff,
                      data >> 16);
        } else {
            return false;
        }
        return true;
    case NV1_CLASS_LINE:
    case NV1_CLASS_LIN:
        return mthd_line(card, mthd, data, cls == NV1_CLASS_LINE);
    case NV1_CLASS_TRI:
        return mthd_tri(card, mthd, data);
    case NV1_CLASS_IFC:
        if (mthd == 0x304) {
            set_vtx(g, 0, xy_x(data), xy_y(data));
        } else if (mthd == 0x308) {
            g->img_out = data;
        } else if (mthd == 0x30c) {
            image_begin(card, data);
        } else if (mthd >= 0x400 && mthd < 0x2000) {
            image_data(card, cls, data);
        } else {
            return false;
        }
        return true;
    case NV1_CLASS_BITMAP:
        if (mthd == 0x308 || mthd == 0x30c) {
            g->bitmap_color[(mthd - 0x308) / 4] = a1_color(card, data);
        } else if (mthd == 0x310) {
            set_vtx(g, 0, xy_x(data), xy_y(data));
        } else if (mthd == 0x314) {
            g->img_out = data;
        } else if (mthd == 0x318) {
            image_begin(card, data);
        } else if (mthd >= 0x400 && mthd < 0x480) {
            image_data(card, cls, data);
        } else {
            return false;
        }
        return true;
    case NV1_CLASS_IFM:
    case NV1_CLASS_ITM:
        return mthd_image_memory(card, cls, mthd, data);
    case NV1_CLASS_TEXLIN:
    case NV1_CLASS_TEXQUAD:
    case NV1_CLASS_TEXLINBETA:
    case NV1_CLASS_TEXQUADBETA:
        return mthd_texture(card, cls, mthd, data);
    case NV1_CLASS_BLIT:
        if (mthd == 0x300 || mthd == 0x304) {
            set_vtx(g, (mthd - 0x300) / 4, xy_x(data), xy_y(data));
        } else if (mthd == 0x308) {
            if (!vtx_valid(g, 2)) {
                trap(card, NV1_INTR_MISSING_METHOD, 0);
                return true;
            }
            draw_blit(card, data & 0xffff, data >> 16);
        } else {
            return false;
        }
        return true;
    }
    return false;
}

/*
 * The notification a NOTIFY asked for, once the next method is done
 * (dma.rst is a todo): 16 bytes at offset 0 of the notify DMA object in
 * the layout NVIDIA's later notifiers keep (PTIMER time in two words,
 * then info32, info16 and a 16-bit status, 0 for success), then
 * INTR.NOTIFY.
 */
static void notify_done(NVCard *card)
{
    NV1Pgraph *g = &card->pgraph1;
    uint64_t time = nv_ptimer_time(card);
    uint8_t n[16] = { 0 };

    nv_st_le(n, (uint32_t)time, 4);
    nv_st_le(n + 4, time >> 32, 4);
    nv1_pdma_graph(card, g->notify & NV1_NOTIFY_INST, 0, n, sizeof(n), true);
    g->notify &= ~NV1_NOTIFY_PENDING;
    g->intr |= NV1_INTR_NOTIFY;
    nv_card_update_irq(card);
}

void nv1_pgraph_method(NVCard *card, unsigned cls, uint32_t mthd,
                       uint32_t data)
{
    NV1Pgraph *g = &card->pgraph1;
    bool notify = g->notify & NV1_NOTIFY_PENDING;

    cls &= 0x1f;
    mthd &= 0xfffc;
    g->trap_addr = NV1_PGRAPH_BASE | cls << 16 | mthd;
    g->trap_data = data;
    if (mthd == 0) {
        mthd_object(card, cls, data);
        return;
    }
    if (mthd == 0x104) {
        mthd_notify(card, cls, data);
        return;
    }
    if (mthd_context(card, cls, mthd, data) || mthd_draw(card, cls, mthd, data)) {
        /* An IFM still waiting for its data notifies when it is done. */
        if (notify && !g->dma_wait) {
            notify_done(card);
        }
        return;
    }
    trap(card, 0, NV1_INVALID_METHOD);
}

/* The direct submission area: needs ACCESS.HOST (docs/nv1.rst "Methods"). */
static void pgraph_mthd_write(NVCard *card, uint32_t addr, uint32_t val)
{
    uint32_t off = NV1_PGRAPH_MTHD_BASE - NV1_PGRAPH_BASE + addr;

    if (!(card->pgraph1.access & NV1_ACCESS_HOST)) {
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: pgraph: method 0x%06x ignored: "
               "ACCESS.HOST is off", NV1_PGRAPH_BASE + off);
        return;
    }
    nv1_pgraph_method(card, off >> 16, off & 0xffff, val);
}

static uint32_t pgraph_mthd_read(NVCard *card, uint32_t addr)
{
    nv_unimp(card, NV1_PGRAPH_MTHD_BASE + addr, false, 0);
    return 0;
}

/*
 * pgraph.rst: INTR & INTR_EN ORed with INVALID & INVALID_EN on PGRAPH's
 * line; NV1's VBLANK sits in PGRAPH's INTR but is PFB's line 24.
 */
static uint32_t pgraph_intr(NVCard *card)
{
    NV1Pgraph *g = &card->pgraph1;
    uint32_t lines = 0;

    if ((g->intr & g->intr_en & ~NV1_INTR_VBLANK) ||
        (g->invalid & g->invalid_en)) {
        lines |= 1u << NV_PMC_LINE_PGRAPH;
    }
    if (g->intr & g->intr_en & NV1_INTR_VBLANK) {
        lines |= 1u << NV_PMC_LINE_PCRTC;
    }
    return lines;
}

static const NVBlock pgraph_blocks[] = {
    { "pgraph", NV_ARCHS_NV1, NV1_PGRAPH_BASE, NV1_PGRAPH_SIZE,
      NV1_PMC_ENABLE_PGRAPH, .read32 = pgraph_read, .write32 = pgraph_write },
    { "pgraph.mthd", NV_ARCHS_NV1, NV1_PGRAPH_MTHD_BASE, NV1_PGRAPH_MTHD_SIZE,
      NV1_PMC_ENABLE_PGRAPH,
      .read32 = pgraph_mthd_read, .write32 = pgraph_mthd_write },
};

const NVEngine nv1_pgraph_engine = {
    .name = "pgraph",
    .present = nv_model_is_nv1,
    .blocks = pgraph_blocks, .nr_blocks = G_N_ELEMENTS(pgraph_blocks),
    .reset = pgraph_reset,
    .intr = pgraph_intr,
};
