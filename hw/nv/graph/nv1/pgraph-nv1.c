/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV1 PGRAPH, the 2D engine: its registers and interrupts, reset,
 * and the dispatch of methods to the classes' tables (envytools
 * docs/hw/graph/nv1/pgraph.rst; register masks from docs/nv1.rst
 * "Register masks").
 *
 * Methods arrive from the direct submission area (BAR0 0x410000 + class <<
 * 16 + method) or from PFIFO's puller, and execute at once: STATUS reads
 * idle except while an IFM waits for ACCESS.DMA.  The classes are in
 * objects-nv1.c (object switch, NOTIFY, context objects), prim-nv1.c
 * (points, lines, triangles, rectangles, blits) and image-nv1.c (IFC,
 * BITMAP, IFM, ITM); the ROP in rop-nv1.c draws their pixels.
 */
#include <stddef.h>
#include <string.h>

#include "hw/nv/card.h"
#include "hw/nv/core/method.h"
#include "hw/nv/core/pmc.h"
#include "hw/nv/fifo/pfifo-nv1.h"
#include "hw/nv/graph/nv1/pgraph-nv1.h"
#include "pgraph-nv1-internal.h"

/* Plain storage registers: offset, count, stride, writable mask, field. */
typedef struct NV1Reg {
    uint16_t off;
    uint8_t count;
    uint8_t stride;
    uint32_t mask;
    size_t field;
} NV1Reg;

#define REG(o, n, st, m, f) { o, n, st, m, offsetof(NV1Pgraph, f) }

/*
 * Masks from docs/nv1.rst "Register masks"; full where unknown.  The
 * vertex and clip registers are written through nv1_xy_reg_write().
 */
static const NV1Reg nv1_regs[] = {
    REG(0x084, 1, 4, 0xffffffef, debug_b),  /* bit 4 reads 0 */
    REG(0x088, 1, 4, 0xffffffff, debug_c),
    REG(0x140, 1, 4, NV1_INTR_MASK, intr_en),
    REG(0x144, 1, 4, NV1_INVALID_MASK, invalid_en),
    REG(0x400, 18, 4, 0xffffffff, vtx_x),
    REG(0x450, 2, 4, 0x0003ffff, iclip),
    REG(0x460, 2, 4, 0x0003ffff, uclip_x),
    REG(0x468, 2, 4, 0x0003ffff, uclip_y),
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
    REG(0x640, 1, 4, 0xf1ff11ff, xy_a),
    REG(0x644, 1, 4, 0x03177331, xy_b),
    REG(0x648, 2, 4, 0x30ffffff, xy_d),
    REG(0x650, 1, 4, 0x111ff1ff, valid),
    REG(0x654, 1, 4, 0xffffffff, src_color),
    REG(0x658, 1, 4, 0xffff00ff, subdivide),
    REG(0x65c, 1, 4, 0xffff0113, xy_e),
    REG(0x680, 1, 4, 0xffffffff, dma),
    REG(0x684, 1, 4, 0xffffffff, notify),
    REG(0x688, 1, 4, 0xffffffff, canvas_min),
    REG(0x68c, 1, 4, 0x0fff0fff, canvas_max),
    REG(0x690, 2, 8, 0x0fff0fff, cliprect_min),
    REG(0x694, 2, 8, 0x0fff0fff, cliprect_max),
    REG(0x6a0, 1, 4, 0x00000113, cliprect_config),
    REG(0x700, 14, 4, 0x01ffffff, vtx_beta),
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
void nv1_pgraph_trap(NVCard *card, uint32_t intr, uint32_t invalid)
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
            nv1_ifm_run(card);      /* PDMA may deliver now, */
            if (g->notify & NV1_NOTIFY_PENDING) {
                nv1_notify_done(card);
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
            NV1Pgraph old = *g;

            pgraph_reset(card);
            nv1_xy_debug_reset(g, &old);
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
    if (nv1_xy_reg_write(card, addr, val)) {
        return;
    }
    p = reg_ptr(card, addr, &mask);
    if (p) {
        *p = val & mask;
        nv_card_update_irq(card);   /* INTR_EN / INVALID_EN */
        return;
    }
    nv_unimp(card, NV1_PGRAPH_BASE + addr, true, val);
}

/* ---- methods ---- */

/* The class tables by class number; unused numbers have only methods 0
 * and 0x104 (docs/nv1.rst "Methods"). */
static NVMethodClass *const nv1_classes[32] = {
    [NV1_CLASS_BETA] = &nv1_beta_class,
    [NV1_CLASS_ROP] = &nv1_rop_class,
    [NV1_CLASS_CHROMA] = &nv1_chroma_class,
    [NV1_CLASS_PLANE] = &nv1_plane_class,
    [NV1_CLASS_CLIP] = &nv1_clip_class,
    [NV1_CLASS_PATTERN] = &nv1_pattern_class,
    [NV1_CLASS_POINT] = &nv1_point_class,
    [NV1_CLASS_LINE] = &nv1_line_class,
    [NV1_CLASS_LIN] = &nv1_lin_class,
    [NV1_CLASS_TRI] = &nv1_tri_class,
    [NV1_CLASS_RECT] = &nv1_rect_class,
    [NV1_CLASS_TEXLIN] = &nv1_texlin_class,
    [NV1_CLASS_TEXQUAD] = &nv1_texquad_class,
    [NV1_CLASS_BLIT] = &nv1_blit_class,
    [NV1_CLASS_IFC] = &nv1_ifc_class,
    [NV1_CLASS_BITMAP] = &nv1_bitmap_class,
    [NV1_CLASS_IFM] = &nv1_ifm_class,
    [NV1_CLASS_ITM] = &nv1_itm_class,
    [NV1_CLASS_TEXLINBETA] = &nv1_texlinbeta_class,
    [NV1_CLASS_TEXQUADBETA] = &nv1_texquadbeta_class,
};

static inline NVMethodClass *pgraph_class(unsigned cls)
{
    NVMethodClass *c = nv1_classes[cls & 0x1f];

    return c ? c : &nv1_none_class;
}

NVMethodClass *nv1_pgraph_class(unsigned cls)
{
    return pgraph_class(cls);
}

/*
 * One method of the class whose method area it was written to (docs/nv1.rst
 * "Methods"); @chid and @subc only name its origin in the trace.  A
 * method the class does not have raises INVALID_METHOD; a NOTIFY asks for
 * a notification when the next method (other than NOTIFY and the object
 * switch) is done.
 */
static void pgraph_method(NVCard *card, unsigned cls, uint32_t mthd,
                          uint32_t data, unsigned chid, unsigned subc)
{
    NV1Pgraph *g = &card->pgraph1;
    NVMethodCall call = {
        .cls = cls & 0x1f, .chid = chid, .subc = subc,
        .mthd = mthd & 0xfffc, .data = data,
    };
    bool notify = (g->notify & NV1_NOTIFY_PENDING) && call.mthd != 0 &&
                  call.mthd != 0x104;

    g->trap_addr = NV1_PGRAPH_BASE | call.cls << 16 | call.mthd;
    g->trap_data = data;
    if (!nv_method_call(card, pgraph_class(call.cls), &call)) {
        nv1_pgraph_trap(card, 0, NV1_INVALID_METHOD);
        return;
    }
    /* An IFM still waiting for its data notifies when it is done. */
    if (notify && !g->dma_wait) {
        nv1_notify_done(card);
    }
}

/* From PFIFO: the channel and subchannel CACHE1 is pulling. */
void nv1_pgraph_method(NVCard *card, unsigned cls, uint32_t mthd,
                       uint32_t data)
{
    pgraph_method(card, cls, mthd, data, card->pfifo1.c1_chid,
                  card->pfifo1.c1_pull_state & 7);
}

/* pgraph.rst: VBLANK is PFB's interrupt, shown in PGRAPH INTR bit 8. */
void nv1_pgraph_vblank(NVCard *card)
{
    card->pgraph1.intr |= NV1_INTR_VBLANK;
    nv_card_update_irq(card);
}

bool nv1_pgraph_fifo_ready(NVCard *card)
{
    return (card->pgraph1.access & NV1_ACCESS_FIFO) &&
           !card->pgraph1.dma_wait &&
           ((card->pmc.enable >> NV1_PMC_ENABLE_PGRAPH) & 1);
}

/*
 * The direct submission area: needs ACCESS.HOST (docs/nv1.rst "Methods").
 * It has no channel of its own: the trace shows the one CTX_SWITCH holds,
 * and subchannel 0.
 */
static void pgraph_mthd_write(NVCard *card, uint32_t addr, uint32_t val)
{
    uint32_t off = NV1_PGRAPH_MTHD_BASE - NV1_PGRAPH_BASE + addr;

    if (!(card->pgraph1.access & NV1_ACCESS_HOST)) {
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: pgraph: method 0x%06x ignored: "
               "ACCESS.HOST is off", NV1_PGRAPH_BASE + off);
        return;
    }
    pgraph_method(card, off >> 16, off & 0xffff, val,
                  NV1_CTX_CHID(card->pgraph1.ctx_switch), 0);
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
