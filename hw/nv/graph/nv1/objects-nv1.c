/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV1 PGRAPH's objects: the object switch (method 0), NOTIFY and
 * its notifier, and the context objects BETA, ROP, CHROMA, PLANE, CLIP
 * and PATTERN, which set PGRAPH state for the drawing objects to use
 * (envytools docs/hw/graph/nv1/pgraph.rst; methods from rnndb
 * graph/nv1_ctxobj.xml and docs/nv1.rst "Methods").
 */
#include "hw/nv/card.h"
#include "hw/nv/core/method.h"
#include "hw/nv/core/ptimer.h"
#include "hw/nv/graph/nv1/pgraph-nv1.h"
#include "hw/nv/graph/nv1/rop-nv1.h"
#include "hw/nv/mem/pdma-nv1.h"
#include "pgraph-nv1-internal.h"

/*
 * The volatile state a new object starts without (docs/nv1.rst "Methods",
 * "Bitmaps" and "The XY logic").
 */
static void volatile_reset(NV1Pgraph *g)
{
    nv1_xy_volatile_reset(g);
    g->bitmap_color[0] &= ~(3u << 30);
    g->bitmap_color[1] &= ~(3u << 30);
}

/* Method 0, the object switch (docs/nv1.rst "Methods"). */
void nv1_mthd_object(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    uint32_t data = call->data;
    bool chid_valid = g->ctx_control & NV1_CTX_CONTROL_CHID_VALID;
    bool same = !((data ^ g->ctx_switch) & 0x007f8000);   /* bits 15-22 */
    bool vreset = (data & (1u << 31)) && (g->debug_c & (1u << 28)) &&
                  (!chid_valid || same);

    g->ctx_switch = data & 0x807fffff;
    g->access = (g->access & ~0x1f000u) | call->cls << 12;
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

/*
 * NOTIFY 0x104 (docs/nv1.rst "Methods"): it asks for a notification once
 * the next method is done (nv1_notify_done()).
 */
void nv1_mthd_notify(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned cls = call->cls;
    bool tex = cls == NV1_CLASS_TEXLIN || cls == NV1_CLASS_TEXQUAD ||
               cls == NV1_CLASS_TEXLINBETA || cls == NV1_CLASS_TEXQUADBETA;

    if (call->data && !tex) {
        nv1_pgraph_trap(card, 0, NV1_INVALID_VALUE);
    } else if (!(g->ctx_switch & NV1_CTX_NOTIFY_VALID)) {
        nv1_pgraph_trap(card, 0, NV1_INVALID_NOTIFY);
    } else if (g->notify & (NV1_NOTIFY_PENDING | NV1_NOTIFY_INTR_PENDING)) {
        nv1_pgraph_trap(card, 0, NV1_INVALID_DOUBLE_NOTIFY);
    } else {
        g->notify |= NV1_NOTIFY_PENDING;
    }
}

/*
 * The notification (envytools docs/hw/graph/nv1/dma.rst is a todo): 16
 * bytes at offset 0 of the notify DMA object in the layout NVIDIA's later
 * notifiers keep (PTIMER time in two words, then info32, info16 and a
 * 16-bit status, 0 for success), then INTR.NOTIFY.
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

uint32_t nv1_a1_color(NVCard *card, uint32_t val)
{
    uint8_t a;
    uint32_t rgb = nv1_rop_convert_src(card, val, NV1_WF_R10G10B10, &a);

    return (a ? 1u << 30 : 0) | rgb;
}

/* rnndb BETA_1D31, signed 1.31: negative values clamp to 0. */
static void beta_1d31(NVCard *card, const NVMethodCall *call)
{
    card->pgraph1.beta = call->data & (1u << 31) ? 0 : call->data & 0x7f800000;
}

/* docs/nv1.rst "ROP details": stored even when out of range. */
static void rop(NVCard *card, const NVMethodCall *call)
{
    card->pgraph1.rop = call->data & 0xff;
    if (call->data > 0xff) {
        nv1_pgraph_trap(card, 0, NV1_INVALID_VALUE);
    }
}

static void chroma_color(NVCard *card, const NVMethodCall *call)
{
    card->pgraph1.chroma = nv1_a1_color(card, call->data);
}

static void plane_mask(NVCard *card, const NVMethodCall *call)
{
    card->pgraph1.plane = nv1_a1_color(card, call->data);
}

/* CLIP's SIZE draws nothing, whatever class is latched. */
static void clip_size(NVCard *card, const NVMethodCall *call)
{
    nv1_xy_clip_size(card, call);
}

static void pattern_shape(NVCard *card, const NVMethodCall *call)
{
    card->pgraph1.pattern_shape = call->data & 3;
    if (call->data > 2) {
        nv1_pgraph_trap(card, 0, NV1_INVALID_VALUE);
    }
}

static void pattern_color(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    uint8_t a;

    g->pattern_rgb[call->idx] = nv1_rop_convert_src(card, call->data,
                                                    NV1_WF_R10G10B10, &a);
    g->pattern_a[call->idx] = a;
}

/* rop.rst: CGA6 bitmaps hold the leftmost pixel in each byte's MSB. */
uint32_t nv1_cga6(uint32_t v)
{
    uint32_t le = 0;

    for (unsigned bit = 0; bit < 32; bit++) {
        le |= ((v >> bit) & 1) << (bit ^ 7);
    }
    return le;
}

static void pattern_bitmap(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    uint32_t v = call->data;

    if (g->ctx_switch & NV1_CTX_BITMAP_CGA6) {
        v = nv1_cga6(v);
    }
    g->pattern_bitmap[call->idx] = v;
}

/* ---- the class tables ---- */

static const NVMethod none_methods[] = {
    NV1_COMMON_METHODS,
};
NVMethodClass nv1_none_class = NV_METHOD_CLASS(NULL, none_methods);

static const NVMethod beta_methods[] = {
    NV1_COMMON_METHODS,
    NV_MTHD(0x300, "BETA_1D31", beta_1d31),
};
NVMethodClass nv1_beta_class = NV_METHOD_CLASS("NV1_BETA", beta_methods);

static const NVMethod rop_methods[] = {
    NV1_COMMON_METHODS,
    NV_MTHD(0x300, "ROP", rop),
};
NVMethodClass nv1_rop_class = NV_METHOD_CLASS("NV1_ROP", rop_methods);

static const NVMethod chroma_methods[] = {
    NV1_COMMON_METHODS,
    NV_MTHD(0x304, "COLOR", chroma_color),
};
NVMethodClass nv1_chroma_class = NV_METHOD_CLASS("NV1_CHROMA",
                                                 chroma_methods);

/* rnndb has no NV1 PLANE methods (docs/nv1.rst "Methods"). */
static const NVMethod plane_methods[] = {
    NV1_COMMON_METHODS,
    NV_MTHD(0x304, "MASK", plane_mask),
};
NVMethodClass nv1_plane_class = NV_METHOD_CLASS("NV1_PLANE", plane_methods);

static const NVMethod clip_methods[] = {
    NV1_COMMON_METHODS,
    NV_MTHD(0x300, "POINT", nv1_xy_clip_point, NV_MDECODE(NV_MTYPE_XY16)),
    NV_MTHD(0x304, "SIZE", clip_size, NV_MDECODE(NV_MTYPE_WH16)),
};
NVMethodClass nv1_clip_class = NV_METHOD_CLASS("NV1_CLIP", clip_methods);

static const NVMethodValue pattern_shapes[] = {
    { 0, "8X8" }, { 1, "64X1" }, { 2, "1X64" }, { 0, NULL },
};

static const NVMethod pattern_methods[] = {
    NV1_COMMON_METHODS,
    NV_MTHD(0x308, "BITMAP_SHAPE", pattern_shape, NV_MENUM(pattern_shapes)),
    NV_MTHD_ARRAY(0x310, 2, 4, "BITMAP_COLOR", pattern_color),
    NV_MTHD_ARRAY(0x318, 2, 4, "BITMAP", pattern_bitmap),
};
NVMethodClass nv1_pattern_class = NV_METHOD_CLASS("NV1_PATTERN",
                                                  pattern_methods);
