/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the 2D context objects of the NV20+ PGRAPH: BETA, CLIP, ROP,
 * PATTERN, BETA4 (envytools docs/hw/graph/2d/ctxobj.rst, pattern.rst;
 * rnndb graph/nv1_ctxobj.xml) and the surfaces SURF2D and SWZSURF
 * (rnndb only).  ROP, BETA, BETA4 and the pattern live in the PGRAPH
 * registers that hold them, the rest in NV2dState (docs/pgraph.rst "2D
 * classes").
 */
#include "hw/nv/card.h"
#include "hw/nv/graph/2d/nv2d-internal.h"
#include "../nv20/pgraph-nv20-internal.h"
#include "hw/nv/graph/nv20/pgraph-nv20.h"

/* ctxobj.rst BETA: negative is 0, 8 fractional bits are kept. */
static void mthd_beta(NVCard *card, const NVMethodCall *call)
{
    *nv20_reg(card, NV2D_PGRAPH_BETA) =
        call->data & 0x80000000 ? 0 : call->data & 0x7f800000;
}

/* ctxobj.rst ROP: INVALID_VALUE above 0xff. */
static void mthd_rop(NVCard *card, const NVMethodCall *call)
{
    if (call->data & ~0xffu) {
        nv2d_error(card, call, NV20_NSOURCE_DATA_ERROR, "ROP above 0xff");
        return;
    }
    *nv20_reg(card, NV2D_PGRAPH_ROP) = call->data;
}

static void mthd_beta4(NVCard *card, const NVMethodCall *call)
{
    *nv20_reg(card, NV2D_PGRAPH_BETA4) = call->data;
}

/*
 * ctxobj.rst CLIP: each method moves the previous corner to the minimum,
 * so CORNER twice or CORNER then SIZE both give a rectangle (the canvas
 * origin is 0 since NV4's surfaces).
 */
static void mthd_clip(NVCard *card, const NVMethodCall *call)
{
    NV2dState *s = nv2d(card);
    uint32_t max = s->clip_max;

    s->clip_min = max;
    if (call->m->arg) {     /* SIZE */
        s->clip_max = ((max + call->data) & 0xffff) |
                      ((max >> 16) + (call->data >> 16)) << 16;
    } else {
        s->clip_max = call->data;
    }
}

/* ---- PATTERN (pattern.rst) ---- */

/* PATTERN_CONFIG: SHAPE in bits 0-1, SELECT (1: colour) in bit 4. */
static void mthd_pattern_config(NVCard *card, const NVMethodCall *call)
{
    uint32_t *config = nv20_reg(card, NV2D_PGRAPH_PATTERN_CONFIG);
    bool type = call->m->arg;

    if (type ? call->data < 1 || call->data > 2 : call->data > 2) {
        nv2d_error(card, call, NV20_NSOURCE_DATA_ERROR, "bad value");
    } else if (type) {
        *config = (*config & ~NV2D_PATTERN_SELECT_COLOR) |
                  (call->data == 2 ? NV2D_PATTERN_SELECT_COLOR : 0);
    } else {
        *config = (*config & ~NV2D_PATTERN_SHAPE_MASK) | call->data;
    }
}

/* BITMAP_COLOR[i]: kept as written, with the format it was written in. */
static void mthd_pattern_color(NVCard *card, const NVMethodCall *call)
{
    NV2dState *s = nv2d(card);

    *nv20_reg(card, NV2D_PGRAPH_PATTERN_MONO_COLOR + 4 * call->idx) =
        call->data;
    s->pattern_mono_format[call->idx] = nv2d_obj(card, call->subc)->color_format;
}

/*
 * BITMAP[i]: kept with pixel n in bit n; CGA6 (rnndb nv4_bitmap_format 1)
 * has the leftmost pixel in each byte's top bit, so its bytes reverse.
 */
static void mthd_pattern_bitmap(NVCard *card, const NVMethodCall *call)
{
    uint32_t v = call->data;

    if (nv2d_obj(card, call->subc)->mono_format == 1) {
        v = (v & 0xaaaaaaaa) >> 1 | (v & 0x55555555) << 1;
        v = (v & 0xcccccccc) >> 2 | (v & 0x33333333) << 2;
        v = (v & 0xf0f0f0f0) >> 4 | (v & 0x0f0f0f0f) << 4;
    }
    *nv20_reg(card, NV2D_PGRAPH_PATTERN_MONO_BITMAP + 4 * call->idx) = v;
}

/*
 * The colour pattern methods, in R8G8B8 (pattern.rst "Color pattern";
 * widened as every source colour is, Y8 as grey: both inferred).
 * NVMethod.arg is the cells per method: 4 Y8, 2 R5G6B5 (arg 2) or
 * X1R5G5B5 (arg 3), 1 X8R8G8B8.
 */
static void mthd_pattern_cells(NVCard *card, const NVMethodCall *call)
{
    unsigned per = call->m->arg == 3 ? 2 : call->m->arg;
    uint32_t d = call->data;

    for (unsigned k = 0; k < per; k++) {
        uint32_t v;

        switch (call->m->arg) {
        case 4:
            v = (d >> (8 * k) & 0xff) * 0x010101;
            break;
        case 2:
        case 3:
            v = nv2d_to_argb(call->m->arg == 2 ? NV2D_COLOR_R5G6B5
                                               : NV2D_COLOR_X1R5G5B5,
                             d >> (16 * k) & 0xffff);
            break;
        default:
            v = d;
            break;
        }
        *nv20_reg(card, NV2D_PGRAPH_PATTERN_COLOR +
                        4 * ((call->idx * per + k) & 63)) = v & 0xffffff;
    }
}

/* ---- surfaces ---- */

static void mthd_surf_format(NVCard *card, const NVMethodCall *call)
{
    NV2dColor c;
    bool swz = call->m->arg;

    if (!nv2d_surface_color(call->data & (swz ? 0xff : ~0u), &c) ||
        (swz && ((call->data >> 16 & 0xff) > 11 || call->data >> 24 > 11))) {
        nv2d_error(card, call, NV20_NSOURCE_DATA_ERROR, "bad surface format");
        return;
    }
    if (swz) {
        nv2d(card)->surf.swz_format = call->data;
    } else {
        nv2d(card)->surf.format = call->data;
    }
}

static const NVMethod beta_methods[] = {
    NV20_COMMON_METHODS,
    NV_MTHD(0x300, "BETA_1D31", mthd_beta),
};
static const NVMethod clip_methods[] = {
    NV20_COMMON_METHODS,
    NV_MTHD(0x300, "POINT", mthd_clip, NV_MDECODE(NV_MTYPE_XY16)),
    NV_MTHD(0x304, "SIZE", mthd_clip, NV_MDECODE(NV_MTYPE_WH16), .arg = 1),
};
static const NVMethod rop_methods[] = {
    NV20_COMMON_METHODS,
    NV_MTHD(0x300, "ROP", mthd_rop),
};
static const NVMethod beta4_methods[] = {
    NV20_COMMON_METHODS,
    NV_MTHD(0x300, "BETA_FACTOR", mthd_beta4),
};
static const NVMethod pattern_methods[] = {
    NV20_COMMON_METHODS,
    NV_MTHD(0x300, "COLOR_FORMAT", nv2d_mthd_color_format, .arg = 0x33),
    NV_MTHD(0x304, "BITMAP_FORMAT", nv2d_mthd_mono_format),
    NV_MTHD(0x308, "BITMAP_SHAPE", mthd_pattern_config),
    NV_MTHD(0x30c, "SELECT", mthd_pattern_config, .arg = 1),
    NV_MTHD_ARRAY(0x310, 2, 4, "BITMAP_COLOR", mthd_pattern_color),
    NV_MTHD_ARRAY(0x318, 2, 4, "BITMAP", mthd_pattern_bitmap),
    NV_MTHD_ARRAY(0x400, 16, 4, "COLOR_Y8", mthd_pattern_cells, .arg = 4),
    NV_MTHD_ARRAY(0x500, 32, 4, "COLOR_R5G6B5", mthd_pattern_cells,
                  .arg = 2),
    NV_MTHD_ARRAY(0x600, 32, 4, "COLOR_X1R5G5B5", mthd_pattern_cells,
                  .arg = 3),
    NV_MTHD_ARRAY(0x700, 64, 4, "COLOR_X8R8G8B8", mthd_pattern_cells,
                  .arg = 1),
};
static const NVMethod surf2d_methods[] = {
    NV20_COMMON_METHODS,
    NV_MTHD_STORE(0x184, "DMA_IMAGE_SOURCE", G2D(surf.dma_src), 0xfffff),
    NV_MTHD_STORE(0x188, "DMA_IMAGE_DESTIN", G2D(surf.dma_dst), 0xfffff),
    NV_MTHD(0x300, "FORMAT", mthd_surf_format),
    NV_MTHD_STORE(0x304, "PITCH", G2D(surf.pitch), 0xffffffff),
    NV_MTHD_STORE(0x308, "OFFSET_SOURCE", G2D(surf.offset_src), 0xffffffff),
    NV_MTHD_STORE(0x30c, "OFFSET_DESTIN", G2D(surf.offset_dst), 0xffffffff),
};
static const NVMethod swzsurf_methods[] = {
    NV20_COMMON_METHODS,
    NV_MTHD_STORE(0x184, "DMA_IMAGE", G2D(surf.swz_dma), 0xfffff),
    NV_MTHD(0x300, "FORMAT", mthd_surf_format, .arg = 1),
    NV_MTHD_STORE(0x304, "OFFSET", G2D(surf.swz_offset), 0xffffffff),
};

NVMethodClass nv2d_beta_class = NV_METHOD_CLASS("NV1_BETA", beta_methods);
NVMethodClass nv2d_clip_class = NV_METHOD_CLASS("NV1_CLIP", clip_methods);
NVMethodClass nv2d_rop_class = NV_METHOD_CLASS("NV3_ROP", rop_methods);
NVMethodClass nv2d_beta4_class = NV_METHOD_CLASS("NV4_BETA4", beta4_methods);
NVMethodClass nv2d_pattern_class =
    NV_METHOD_CLASS("NV4_PATTERN", pattern_methods);
NVMethodClass nv2d_surf2d_class =
    NV_METHOD_CLASS("NV10_SURFACE_2D", surf2d_methods);
NVMethodClass nv2d_surf2d_nv30_class =
    NV_METHOD_CLASS("NV30_SURFACE_2D", surf2d_methods);
NVMethodClass nv2d_surf2d_nv40_class =
    NV_METHOD_CLASS("NV40_SURFACE_2D", surf2d_methods);
NVMethodClass nv2d_swzsurf_class =
    NV_METHOD_CLASS("NV20_SURFACE_SWZ", swzsurf_methods);
NVMethodClass nv2d_swzsurf_nv30_class =
    NV_METHOD_CLASS("NV30_SURFACE_SWZ", swzsurf_methods);
NVMethodClass nv2d_swzsurf_nv40_class =
    NV_METHOD_CLASS("NV40_SURFACE_SWZ", swzsurf_methods);
