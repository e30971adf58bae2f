/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: SIFM, scaled image from memory (classes 0x89 NV10_SIFM, 0x389
 * NV30_SIFM, 0x3089 NV40_SIFM): a source image in a DMA object, stepped
 * by DU_DX and DV_DY, drawn into OUT_POINT/OUT_SIZE within the CLIP
 * rectangle through the pixel pipeline, point sampled (rnndb
 * graph/nv1_ifm.xml; envytools docs/hw/graph/2d/sifm.rst is a "todo":
 * docs/pgraph.rst "SIFM" says what is inferred).  Mesa's nv30 driver
 * swizzles textures with it into a SWZSURF.
 */
#include "hw/nv/card.h"
#include "hw/nv/graph/2d/nv2d-internal.h"

#define SIFM_ORIGIN_CENTER  1
#define SIFM_FILTER_BILINEAR 1

/* rnndb NV3_SIFM COLOR_FORMAT (the YUV ones, AY8 and 0xa on are not). */
static const uint8_t sifm_colors[] = {
    [1] = NV2D_COLOR_A1R5G5B5,
    [2] = NV2D_COLOR_X1R5G5B5,
    [3] = NV2D_COLOR_A8R8G8B8,
    [4] = NV2D_COLOR_X8R8G8B8,
    [7] = NV2D_COLOR_R5G6B5,
    [8] = NV2D_COLOR_Y8,
};

/* POINT (0x40c), the last of the source's methods, starts the draw. */
static void mthd_point(NVCard *card, const NVMethodCall *call)
{
    NV2dSifm *m = &nv2d(card)->sifm;
    NV2dColor c;

    m->point = call->data;
    if (!nv2d_object_color(card, call, sifm_colors,
                           G_N_ELEMENTS(sifm_colors), &c)) {
        return;
    }
    if (m->format >> 24 == SIFM_FILTER_BILINEAR) {
        nv_log(card, NV_LOG_UNIMP, "nv: 2d: SIFM bilinear filter drawn "
               "point sampled");
    }
    nv2d_job_start(card, &(NV2dJob) {
        .kind = NV2D_JOB_SIFM, .subc = call->subc,
        .x = (int16_t)m->out_point, .y = (int16_t)(m->out_point >> 16),
        .w = m->out_size & 0xffff, .h = m->out_size >> 16,
        .color_layout = c,
    });
}

/*
 * The source texel of output column or row @i: the start (12.4) plus @i
 * steps (12.20), at the pixel's centre with ORIGIN CENTER; clamped to
 * the image (inferred).
 */
static int32_t sample(int16_t start, int32_t step, uint32_t i, bool center,
                      uint32_t size)
{
    int64_t s = ((int64_t)start << 16) + (int64_t)step * i +
                (center ? step / 2 : 0);

    return MIN(MAX(s >> 20, 0), (int64_t)size - 1);
}

unsigned nv2d_sifm_run(NVCard *card, unsigned budget)
{
    NV2dState *s = nv2d(card);
    NV2dSifm *m = &s->sifm;
    NV2dJob *j = &s->job;
    bool center = (m->format >> 16 & 0xff) == SIFM_ORIGIN_CENTER;
    uint32_t left = budget * NV2D_UNIT_PIXELS, done = 0;
    NV2dDraw d;

    if (!nv2d_draw_begin(card, j->subc, j->color_layout, false, &d)) {
        j->kind = NV2D_JOB_NONE;
        return 1;
    }
    nv2d_draw_clip(&d, m->clip_point,
                   ((m->clip_point + m->clip_size) & 0xffff) |
                   ((m->clip_point >> 16) + (m->clip_size >> 16)) << 16);
    nv_dmaobj_load(card, m->dma << 4, &d.src);
    d.src_offset = m->offset;
    d.src_pitch = m->format & 0xffff;
    d.src_bpp = nv2d_color_bpp(j->color_layout);
    if (!(m->size & 0xffff) || !(m->size >> 16)) {
        j->row = j->h;          /* no source image: nothing to draw */
    }
    while (j->row < j->h && done < left) {
        int32_t sx = sample(m->point, m->du_dx, j->col, center,
                            m->size & 0xffff);
        int32_t sy = sample(m->point >> 16, m->dv_dy, j->row, center,
                            m->size >> 16);
        uint32_t v;

        if (!nv2d_src_pixel(card, &d, sx, sy, &v) ||
            !nv2d_pixel(card, &d, j->x + j->col, j->y + j->row, v)) {
            j->kind = NV2D_JOB_NONE;
            break;
        }
        done++;
        if (++j->col == j->w) {
            j->col = 0;
            j->row++;
        }
    }
    if (j->row >= j->h) {
        j->kind = NV2D_JOB_NONE;
    }
    return MAX(1, (done + NV2D_UNIT_PIXELS - 1) / NV2D_UNIT_PIXELS);
}

static const NVMethod sifm_methods[] = {
    NV20_COMMON_METHODS,
    NV_MTHD(0x108, "WAIT_FOR_IDLE", nv_method_nop),
    NV_MTHD_STORE(0x184, "DMA_IMAGE", G2D(sifm.dma), 0xfffff),
    NV2D_LINK_METHODS(0x188, "SURFACE"),
    NV_MTHD(0x2fc, "COLOR_CONVERSION", nv2d_mthd_color_conversion),
    NV_MTHD(0x300, "COLOR_FORMAT", nv2d_mthd_color_format, .arg = 0xdd),
    NV_MTHD(0x304, "OPERATION", nv2d_mthd_operation),
    NV_MTHD_STORE(0x308, "CLIP_POINT", G2D(sifm.clip_point), 0xffffffff,
                  NV_MDECODE(NV_MTYPE_XY16)),
    NV_MTHD_STORE(0x30c, "CLIP_SIZE", G2D(sifm.clip_size), 0xffffffff,
                  NV_MDECODE(NV_MTYPE_WH16)),
    NV_MTHD_STORE(0x310, "OUT_POINT", G2D(sifm.out_point), 0xffffffff,
                  NV_MDECODE(NV_MTYPE_XY16)),
    NV_MTHD_STORE(0x314, "OUT_SIZE", G2D(sifm.out_size), 0xffffffff,
                  NV_MDECODE(NV_MTYPE_WH16)),
    NV_MTHD_STORE(0x318, "DU_DX", G2D(sifm.du_dx), 0xffffffff,
                  NV_MDECODE(NV_MTYPE_INT)),
    NV_MTHD_STORE(0x31c, "DV_DY", G2D(sifm.dv_dy), 0xffffffff,
                  NV_MDECODE(NV_MTYPE_INT)),
    NV_MTHD_STORE(0x400, "SIZE", G2D(sifm.size), 0xffffffff,
                  NV_MDECODE(NV_MTYPE_WH16)),
    NV_MTHD_STORE(0x404, "FORMAT", G2D(sifm.format), 0xffffffff),
    NV_MTHD_STORE(0x408, "OFFSET", G2D(sifm.offset), 0xffffffff),
    NV_MTHD(0x40c, "POINT", mthd_point),
};

NVMethodClass nv2d_sifm_class = NV_METHOD_CLASS("NV10_SIFM", sifm_methods);
NVMethodClass nv2d_sifm_nv30_class =
    NV_METHOD_CLASS("NV30_SIFM", sifm_methods);
NVMethodClass nv2d_sifm_nv40_class =
    NV_METHOD_CLASS("NV40_SIFM", sifm_methods);
