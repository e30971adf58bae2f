/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: what the NV1 PGRAPH sources share: interrupts raised by
 * methods, the vertex helpers, the drawing window, the notifier and the
 * class tables (pgraph-nv1.c dispatches, objects-nv1.c, prim-nv1.c and
 * image-nv1.c implement the classes).
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

/* rnndb nv1_pgraph.xml VALID: bit i for X of vertex i, 12 + i for Y. */
#define NV1_VALID_X(i)  (1u << (i))
#define NV1_VALID_Y(i)  (1u << (12 + (i)))

static inline void nv1_set_vtx(NV1Pgraph *g, unsigned i, int32_t x,
                               int32_t y)
{
    g->vtx_x[i] = x;
    g->vtx_y[i] = y;
    g->valid |= NV1_VALID_X(i) | NV1_VALID_Y(i);
}

/* Have vertices 0 to @n - 1 both coordinates? */
static inline bool nv1_vtx_valid(NV1Pgraph *g, unsigned n)
{
    uint32_t need = 0;

    for (unsigned i = 0; i < n; i++) {
        need |= NV1_VALID_X(i) | NV1_VALID_Y(i);
    }
    return (g->valid & need) == need;
}

/*
 * prim-nv1.c: the drawing window, right-exclusive: the canvas and, with
 * CTX_SWITCH.CLIP, the CLIP object's rectangle; whether a drawing method
 * may draw (else it has raised its SOFTWARE interrupt).
 */
typedef struct NV1Window {
    int32_t x0, y0, x1, y1;
} NV1Window;

NV1Window nv1_canvas_window(NV1Pgraph *g);
NV1Window nv1_draw_window(NV1Pgraph *g);
bool nv1_draw_allowed(NVCard *card);
/* prim-nv1.c: an xy16 method that sets vertex NVMethod.arg, no more. */
void nv1_mthd_vtx(NVCard *card, const NVMethodCall *call);

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
