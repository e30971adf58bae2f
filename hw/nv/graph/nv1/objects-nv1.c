/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV1 PGRAPH's objects: the object switch (method 0), NOTIFY and
 * its notifier, and the context objects BETA, ROP, CHROMA, PLANE, CLIP
 * and PATTERN, which set PGRAPH state for the drawing objects to use
 * (envytools docs/hw/graph/nv1/pgraph.rst; methods from rnndb
 * graph/nv1_ctxobj.xml and docs/nv1.rst "Methods").
 */
#include "hw/nv/card.h"
#include "hw/nv/core/ptimer.h"
#include "hw/nv/graph/nv1/pgraph-nv1.h"
#include "hw/nv/graph/nv1/rop-nv1.h"
#include "hw/nv/mem/pdma-nv1.h"
#include "pgraph-nv1-internal.h"

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
void nv1_mthd_object(NVCard *card, unsigned cls, uint32_t data)
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
        nv1_pgraph_trap(card, NV1_INTR_CONTEXT_SWITCH, 0);
    } else {
        g->ctx_control &= ~NV1_CTX_CONTROL_SWITCHING_BUSY;
    }
}

/* NOTIFY 0x104 (docs/nv1.rst "Methods"); the notification is below. */
void nv1_mthd_notify(NVCard *card, unsigned cls, uint32_t data)
{
    NV1Pgraph *g = &card->pgraph1;
    bool tex = cls == NV1_CLASS_TEXLIN || cls == NV1_CLASS_TEXQUAD ||
               cls == NV1_CLASS_TEXLINBETA || cls == NV1_CLASS_TEXQUADBETA;

    if (data && !tex) {
        nv1_pgraph_trap(card, 0, NV1_INVALID_VALUE);
    } else if (!(g->ctx_switch & NV1_CTX_NOTIFY_VALID)) {
        nv1_pgraph_trap(card, 0, NV1_INVALID_NOTIFY);
    } else if (g->notify & (NV1_NOTIFY_PENDING | NV1_NOTIFY_INTR_PENDING)) {
        nv1_pgraph_trap(card, 0, NV1_INVALID_DOUBLE_NOTIFY);
    } else {
        g->notify |= NV1_NOTIFY_PENDING;
    }
}

/* A colour from the object's format, stored as A1R10G10B10. */
uint32_t nv1_a1_color(NVCard *card, uint32_t val)
{
    uint8_t a;
    uint32_t rgb = nv1_rop_convert_src(card, val, NV1_WF_R10G10B10, &a);

    return (a ? 1u << 30 : 0) | rgb;
}

/*
 * The notification a NOTIFY asked for, once the next method is done
 * (dma.rst is a todo): 16 bytes at offset 0 of the notify DMA object in
 * the layout NVIDIA's later notifiers keep (PTIMER time in two words,
 * then info32, info16 and a 16-bit status, 0 for success), then
 * INTR.NOTIFY.
 */
void nv1_notify_done(NVCard *card)
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

/* Methods of the context objects (pgraph.rst, docs/nv1.rst "Methods"). */
bool nv1_mthd_context(NVCard *card, unsigned cls, uint32_t mthd,
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
            nv1_pgraph_trap(card, 0, NV1_INVALID_VALUE);
        }
        return true;
    case NV1_CLASS_CHROMA << 16 | 0x304:
        g->chroma = nv1_a1_color(card, data);
        return true;
    case NV1_CLASS_PLANE << 16 | 0x304:
        g->plane = nv1_a1_color(card, data);
        return true;
    case NV1_CLASS_CLIP << 16 | 0x300:
        g->uclip_x[0] = nv1_xy_x(data);
        g->uclip_y[0] = nv1_xy_y(data);
        return true;
    case NV1_CLASS_CLIP << 16 | 0x304:
        g->uclip_x[1] = (int32_t)g->uclip_x[0] + (data & 0xffff);
        g->uclip_y[1] = (int32_t)g->uclip_y[0] + (data >> 16);
        return true;
    case NV1_CLASS_PATTERN << 16 | 0x308:
        g->pattern_shape = data & 3;
        if (data > 2) {
            nv1_pgraph_trap(card, 0, NV1_INVALID_VALUE);
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
