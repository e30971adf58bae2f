/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: what the NV1 PGRAPH sources share: interrupts raised by
 * methods, the vertex helpers, the drawing window, the notifier and the
 * class tables (pgraph-nv1.c dispatches, objects-nv1.c, prim-nv1.c and
 * image-nv1.c implement the classes, xy-nv1.c keeps their vertices).
 */
#ifndef HW_NV_PGRAPH_NV1_INTERNAL_H
#define HW_NV_PGRAPH_NV1_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/nv/card.h"
#include "hw/nv/core/method.h"
#include "hw/nv/graph/nv1/pgraph-nv1.h"

/* pgraph-nv1.c: an interrupt caused by a method (INTR and INVALID bits). */
void nv1_pgraph_trap(NVCard *card, uint32_t intr, uint32_t invalid);

/* Method data with X in bits 0-15 and Y in 16-31 (rnndb xy16), signed. */
static inline int16_t nv1_xy_x(uint32_t xy)
{
    return (int16_t)(xy & 0xffff);
}

static inline int16_t nv1_xy_y(uint32_t xy)
{
    return (int16_t)(xy >> 16);
}

/* A window of pixels, right-exclusive. */
typedef struct NV1Window {
    int32_t x0, y0, x1, y1;
} NV1Window;

/* prim-nv1.c: the canvas (CANVAS_MIN/MAX), which ITM reads from. */
NV1Window nv1_canvas_window(NV1Pgraph *g);

/*
 * xy-nv1.c: the XY logic (docs/nv1.rst "The XY logic").  The vertex
 * methods' NVMethod.arg holds these flags; their handlers return true
 * when the method passed its draw check and belongs to the latched
 * class, i.e. when the caller draws.
 */
#define NV1_XY_FIRST        0x01    /* starts a primitive: VTX_IDX := 0 */
#define NV1_XY_DRAW         0x02    /* runs the draw check */
#define NV1_XY_POLY         0x04    /* continues a strip */
#define NV1_XY_FRACT        0x08    /* a textured vertex in 12.4 form */
#define NV1_XY_TEX          0x10    /* a textured vertex: the element is
                                       the vertex, element 0 is first */

unsigned nv1_xy_class(NV1Pgraph *g);
unsigned nv1_xy_vtx_idx(NV1Pgraph *g);  /* XY_A.VTX_IDX */
unsigned nv1_xy_pixels_per_word(NV1Pgraph *g);
bool nv1_xy_point(NVCard *card, const NVMethodCall *call);
void nv1_xy_x32(NVCard *card, const NVMethodCall *call);
bool nv1_xy_y32(NVCard *card, const NVMethodCall *call);
bool nv1_xy_size(NVCard *card, const NVMethodCall *call);
void nv1_xy_size_out(NVCard *card, const NVMethodCall *call);
void nv1_xy_size_in(NVCard *card, const NVMethodCall *call);
void nv1_xy_pitch(NVCard *card, const NVMethodCall *call);
bool nv1_xy_offset(NVCard *card, const NVMethodCall *call);
bool nv1_xy_image_data(NVCard *card, const NVMethodCall *call);
void nv1_xy_clip_point(NVCard *card, const NVMethodCall *call);
bool nv1_xy_clip_size(NVCard *card, const NVMethodCall *call);
void nv1_xy_beta(NVCard *card, const NVMethodCall *call);
/* MMIO: a write to a vertex or clip register (false: not one of them). */
bool nv1_xy_reg_write(NVCard *card, uint32_t addr, uint32_t val);
void nv1_xy_uclip(NV1Pgraph *g, unsigned a, bool max, uint32_t c);
/* DEBUG_A's reset, which keeps the XY state of @old but for its rule. */
void nv1_xy_debug_reset(NV1Pgraph *g, const NV1Pgraph *old);
void nv1_xy_volatile_reset(NV1Pgraph *g);
/* What drawing reads: the window, and whether vertex 0 is inside it. */
NV1Window nv1_xy_window(NV1Pgraph *g);
bool nv1_xy_vtx0_inside(NV1Pgraph *g);

/* objects-nv1.c: a CGA6 bitmap word in LE order (bit i moved to i ^ 7). */
uint32_t nv1_cga6(uint32_t v);
/* objects-nv1.c: a colour of the object's format, stored A1R10G10B10. */
uint32_t nv1_a1_color(NVCard *card, uint32_t val);
/* objects-nv1.c: the notification a NOTIFY asked for, now the next
 * method has completed. */
void nv1_notify_done(NVCard *card);
/* image-nv1.c: an IFM waiting for ACCESS.DMA gets its data. */
void nv1_ifm_run(NVCard *card);

/* Every class has the object switch and NOTIFY (docs/nv1.rst "Methods"). */
void nv1_mthd_object(NVCard *card, const NVMethodCall *call);
void nv1_mthd_notify(NVCard *card, const NVMethodCall *call);
#define NV1_COMMON_METHODS \
    NV_MTHD(0x000, "OBJECT", nv1_mthd_object), \
    NV_MTHD(0x104, "NOTIFY", nv1_mthd_notify)

/* The class tables, by file. */
extern NVMethodClass nv1_none_class;    /* class numbers nothing uses */
extern NVMethodClass nv1_beta_class, nv1_rop_class, nv1_chroma_class,
                     nv1_plane_class, nv1_clip_class, nv1_pattern_class;
extern NVMethodClass nv1_point_class, nv1_line_class, nv1_lin_class,
                     nv1_tri_class, nv1_rect_class, nv1_blit_class,
                     nv1_texlin_class, nv1_texquad_class,
                     nv1_texlinbeta_class, nv1_texquadbeta_class;
extern NVMethodClass nv1_ifc_class, nv1_bitmap_class, nv1_ifm_class,
                     nv1_itm_class;

#endif
