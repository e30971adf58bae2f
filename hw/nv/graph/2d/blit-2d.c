/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV15_BLIT (class 0x9f): a rectangle copied within the SURF2D
 * surfaces, source to destination, through the pixel pipeline (rnndb
 * graph/nv1_blit.xml; envytools docs/hw/graph/2d/blit.rst is a "todo":
 * docs/pgraph.rst "BLIT" says what is inferred).
 */
#include "hw/nv/card.h"
#include "hw/nv/graph/2d/nv2d-internal.h"

/* SIZE (wh16) starts the copy of POINT_IN to POINT_OUT (xy16). */
static void mthd_size(NVCard *card, const NVMethodCall *call)
{
    NV2dGdi *g = &nv2d(card)->gdi;

    nv2d_job_start(card, &(NV2dJob) {
        .kind = NV2D_JOB_BLIT, .subc = call->subc,
        .sx = (int16_t)g->blit_in, .sy = (int16_t)(g->blit_in >> 16),
        .x = (int16_t)g->blit_out, .y = (int16_t)(g->blit_out >> 16),
        .w = call->data & 0xffff, .h = call->data >> 16,
    });
}

/* FLIP_SET_READ ... FLIP_HEAD_INCR_READ: PGRAPH's flip counters. */
static void mthd_flip(NVCard *card, const NVMethodCall *call)
{
    nv20_flip_method(card, call->idx, call->data);
}

static const NVMethod blit_methods[] = {
    NV20_COMMON_METHODS,
    NV_MTHD(0x108, "WAIT_FOR_IDLE", nv_method_nop),
    NV_MTHD_ARRAY(0x120, 6, 4, "FLIP", mthd_flip),
    NV_MTHD(0x184, "COLOR_KEY", nv2d_mthd_link, .arg = 1),
    NV_MTHD(0x188, "CLIP", nv2d_mthd_link, .arg = 0),
    NV2D_LINK_METHODS(0x18c, "SURFACES"),
    NV_MTHD(0x2fc, "OPERATION", nv2d_mthd_operation),
    NV_MTHD_STORE(0x300, "POINT_IN", G2D(gdi.blit_in), 0xffffffff,
                  NV_MDECODE(NV_MTYPE_XY16)),
    NV_MTHD_STORE(0x304, "POINT_OUT", G2D(gdi.blit_out), 0xffffffff,
                  NV_MDECODE(NV_MTYPE_XY16)),
    NV_MTHD(0x308, "SIZE", mthd_size, NV_MDECODE(NV_MTYPE_WH16)),
};

NVMethodClass nv2d_blit_class = NV_METHOD_CLASS("NV15_BLIT", blit_methods);
