/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: IFC, image from CPU (classes 0x8a NV10_IFC, 0x38a NV30_IFC):
 * pixels sent as method data, drawn at POINT through the pixel pipeline
 * (rnndb graph/nv1_ifc.xml; envytools docs/hw/graph/2d/ifc.rst is a
 * "todo": docs/pgraph.rst "IFC" says what is inferred).
 */
#include "hw/nv/card.h"
#include "hw/nv/graph/2d/nv2d-internal.h"

/* rnndb nv4_ifc_color_format (6 and 7, NV30+, are not modelled). */
static const uint8_t ifc_colors[] = {
    [1] = NV2D_COLOR_R5G6B5,
    [2] = NV2D_COLOR_A1R5G5B5,
    [3] = NV2D_COLOR_X1R5G5B5,
    [4] = NV2D_COLOR_A8R8G8B8,
    [5] = NV2D_COLOR_X8R8G8B8,
};

/* SIZE_IN starts an image: its data comes next, from the top left. */
static void mthd_size_in(NVCard *card, const NVMethodCall *call)
{
    NV2dIfc *f = &nv2d(card)->ifc;

    f->size_in = call->data;
    f->col = f->row = 0;
}

/*
 * COLOR: the next pixels, one per word at 32 bits, two at 16 (the low
 * half first).  Each row of SIZE_IN pixels starts a new word; pixels
 * right of or below SIZE_OUT are not drawn.
 */
static void mthd_color(NVCard *card, const NVMethodCall *call)
{
    NV2dIfc *f = &nv2d(card)->ifc;
    uint32_t w_in = f->size_in & 0xffff, h_in = f->size_in >> 16;
    NV2dColor c;
    NV2dDraw d;
    unsigned per;

    if (!nv2d_object_color(card, call, ifc_colors, G_N_ELEMENTS(ifc_colors),
                           &c) ||
        !nv2d_draw_begin(card, call->subc, c, false, &d)) {
        return;
    }
    if (f->row >= h_in) {
        return;
    }
    per = 4 / nv2d_color_bpp(c);
    for (unsigned k = 0; k < per && f->col < w_in; k++, f->col++) {
        uint32_t v = per == 1 ? call->data : call->data >> (16 * k) & 0xffff;

        if (f->col < (f->size_out & 0xffff) && f->row < f->size_out >> 16 &&
            !nv2d_pixel(card, &d, (int16_t)f->point + f->col,
                        (int16_t)(f->point >> 16) + f->row, v)) {
            return;
        }
    }
    if (f->col >= w_in) {
        f->col = 0;
        f->row++;
    }
}

static const NVMethod ifc_methods[] = {
    NV20_COMMON_METHODS,
    NV_MTHD(0x108, "WAIT_FOR_IDLE", nv_method_nop),
    NV_MTHD(0x184, "COLOR_KEY", nv2d_mthd_link, .arg = 1),
    NV_MTHD(0x188, "CLIP", nv2d_mthd_link, .arg = 0),
    NV2D_LINK_METHODS(0x18c, "SURFACE"),
    NV_MTHD(0x2f8, "COLOR_CONVERSION", nv2d_mthd_color_conversion),
    NV_MTHD(0x2fc, "OPERATION", nv2d_mthd_operation),
    NV_MTHD(0x300, "COLOR_FORMAT", nv2d_mthd_color_format, .arg = 0x75),
    NV_MTHD_STORE(0x304, "POINT", G2D(ifc.point), 0xffffffff,
                  NV_MDECODE(NV_MTYPE_XY16)),
    NV_MTHD_STORE(0x308, "SIZE_OUT", G2D(ifc.size_out), 0xffffffff,
                  NV_MDECODE(NV_MTYPE_WH16)),
    NV_MTHD(0x30c, "SIZE_IN", mthd_size_in, NV_MDECODE(NV_MTYPE_WH16)),
    NV_MTHD_ARRAY(0x400, 1792, 4, "COLOR", mthd_color),
};

NVMethodClass nv2d_ifc_class = NV_METHOD_CLASS("NV10_IFC", ifc_methods);
NVMethodClass nv2d_ifc_nv30_class = NV_METHOD_CLASS("NV30_IFC", ifc_methods);
