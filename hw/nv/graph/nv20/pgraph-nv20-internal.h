/* SPDX-License-Identifier: GPL-2.0-or-later */
/* qemu-nv: what the NV20+ PGRAPH's files share and nothing else needs. */
#ifndef HW_NV_PGRAPH_NV20_INTERNAL_H
#define HW_NV_PGRAPH_NV20_INTERNAL_H

#include "hw/nv/card.h"
#include "hw/nv/core/method.h"

/* The table register at BAR0 offset @off, stored value, no side effects. */
static inline uint32_t *nv20_reg(NVCard *card, uint32_t off)
{
    return &card->pgraph20.regs[((off - NV20_PGRAPH_BASE) / 4) %
                                NV20_PGRAPH_REGS];
}

static inline bool nv20_is_curie(const NVCard *card)
{
    return card->model->pgraph == NV_PGRAPH_CURIE;
}

/*
 * Whether @cls runs on Kelvin's 3D state: every 3D class of a Kelvin
 * chip (Celsius' methods are converted to Kelvin's), and the Kelvin
 * class 0x0597 on a Rankine chip (docs/pgraph.rst "Kelvin on Rankine").
 */
static inline bool nv20_kelvin_class(const NVCard *card, unsigned cls)
{
    return card->model->pgraph == NV_PGRAPH_KELVIN ||
           (card->model->pgraph == NV_PGRAPH_RANKINE && cls == 0x0597);
}

/* ... for the object bound now, which the draw and VTX follow. */
static inline bool nv20_kelvin_state(NVCard *card)
{
    return nv20_kelvin_class(card, nv20_pgraph_class(card));
}

/* The volatile reset (objects-nv20.c; docs/pgraph.rst). */
void nv20_volatile_reset(NVCard *card);

/*
 * The fixed-function state methods of Kelvin and Rankine (ff-nv20.c):
 * NVMethod.arg says which.  nv20_mthd_ff() writes XF's RAMs,
 * nv20_mthd_ff_mode() XFMODE; a mode row with a .mask also sets those
 * bits of the bundle register .field when its data is non-zero.  An
 * nv20_mthd_ff row's .field is the element its first method stands for
 * (Celsius' second INVERSE_MODELVIEW_MATRIX, 3d-nv20.c).
 */
enum {
    /* nv20_mthd_ff */
    NV20_FF_MODELVIEW,
    NV20_FF_INV_MODELVIEW,
    NV20_FF_PROJECTION,
    NV20_FF_TEX_MATRIX,
    NV20_FF_TEX_GEN_COEFF,
    NV20_FF_VIEWPORT_TRANSLATE,
    NV20_FF_VIEWPORT_SCALE,
    NV20_FF_CLIP_PLANE,
    NV20_FF_LIGHT_FRONT,
    NV20_FF_LIGHT_BACK,
    NV20_FF_LIGHT_HALF_ATT,
    NV20_FF_LIGHT_DIRECTION,
    NV20_FF_LIGHT_POSITION,
    NV20_FF_LIGHT_SPOT,
    NV20_FF_MODEL_AMBIENT,
    NV20_FF_MODEL_BACK_AMBIENT,
    NV20_FF_MATERIAL,
    NV20_FF_MATERIAL_BACK,
    NV20_FF_MATERIAL_A,
    NV20_FF_MATERIAL_BACK_A,
    NV20_FF_SHININESS,
    NV20_FF_BACK_SHININESS,
    NV20_FF_FOG_COEFF,
    NV20_FF_POINT_PARAMS,
    /* nv20_mthd_ff_mode */
    NV20_FF_LIGHTING_ENABLE,
    NV20_FF_NORMALIZE_ENABLE,
    NV20_FF_TWO_SIDE_ENABLE,
    NV20_FF_LIGHT_MODEL,
    NV20_FF_SPECULAR_ENABLE,
    NV20_FF_COLOR_MATERIAL,
    NV20_FF_ENABLED_LIGHTS,
    NV20_FF_FOG_ENABLE,
    NV20_FF_FOG_COORD,
    NV20_FF_POINT_PARAMS_ENABLE,
    NV20_FF_WEIGHT_MODE,
    NV20_FF_ENGINE,
    NV20_FF_TEX_MATRIX_ENABLE,
    NV20_FF_TEX_GEN_MODE,
};

void nv20_mthd_ff(NVCard *card, const NVMethodCall *call);
void nv20_mthd_ff_mode(NVCard *card, const NVMethodCall *call);
/* XFMODE vector @vec from its FE3D shadow to XF (mode.rst). */
void nv20_xfmode_send(NVCard *card, unsigned vec);
/* Curie: XF's bundles from their registers, before each vertex. */
void nv20_xf_bundles(NVCard *card);
/* Curie: XF_C's MODE is FIXED on NV40, the one with fixed function. */
bool nv20_curie_ff(NVCard *card);

/*
 * The vertex input of the 3D classes (fd-nv20.c; docs/3d.rst "Vertex
 * input"), the handlers of their rows in 3d-nv20.c.
 *
 * An immediate attribute row: .arg is the form of its data words, .field
 * NV20_FD_ATTR(attribute, component, components, by_attr): the VAB slot
 * and the first component element 0 writes, how many components the
 * method gives (the rest take their defaults), and whether the element
 * index selects the attribute (Rankine's arrays) or the data word
 * (Kelvin's named methods).
 */
enum {
    NV20_FD_FLOAT,              /* one IEEE single */
    NV20_FD_SHORT2,             /* two signed shorts, low half first */
    NV20_FD_UNORM8,             /* unsigned normalized bytes, low first */
};
#define NV20_FD_ATTR(attr, comp, ncomp, by_attr) \
    ((attr) | (comp) << 8 | (ncomp) << 12 | (by_attr) << 16)
void nv20_fd_attr(NVCard *card, const NVMethodCall *call);
/* VERTEX_BEGIN_END, and its values' names for the method trace. */
void nv20_fd_begin_end(NVCard *card, const NVMethodCall *call);
extern const NVMethodValue nv20_fd_prim_names[];
/* VB_ELEMENT_U16 (.arg 16), VB_ELEMENT_U32 (.arg 32). */
void nv20_fd_elements(NVCard *card, const NVMethodCall *call);
/* VB_VERTEX_BATCH (.arg 0), VB_INDEX_BATCH (.arg 1). */
void nv20_fd_batch(NVCard *card, const NVMethodCall *call);
/* VERTEX_DATA: inline vertices. */
void nv20_fd_data(NVCard *card, const NVMethodCall *call);
/* EDGEFLAG. */
void nv20_fd_edgeflag(NVCard *card, const NVMethodCall *call);
/* Go on with the draw method that stopped for the rasterizer. */
void nv20_fd_resume(NVCard *card);
/* The 3D method state of a new context: 0, EDGEFLAG 1 (GL's). */
void nv20_fe3d_reset(NV20Fe3d *f);
/* Power-on (after PGRAPH's state is cleared) and after migration. */
void nv20_fd_reset(NVCard *card);
void nv20_fd_post_load(NVCard *card);

/*
 * The draw in progress (draw-nv20.c; pgraph-nv20.h NV20Draw): VTX's
 * primitives into the queue, the rasterizer's slices.  A unit of work is
 * NV20_DRAW_UNIT_QUADS quad positions, as the 2D engine's is 256 pixels;
 * a method runs NV20_DRAW_INLINE_UNITS of them itself.
 */
#define NV20_DRAW_UNIT_QUADS    64
#define NV20_DRAW_INLINE_UNITS  64
void nv20_draw_prim(NVCard *card, const NVVtxPrim *prim);
bool nv20_draw_busy(NVCard *card);
unsigned nv20_draw_run(NVCard *card, unsigned budget);
void nv20_draw_reset(NVCard *card);
void nv20_draw_post_load(NVCard *card);
/* A 3D method or register write: the draw state is derived again. */
static inline void nv20_draw_invalidate(NVCard *card)
{
    card->pgraph20.draw.state_valid = false;
}
/* Fragments the ROP passed: query report 1 (3d-nv20.c). */
void nv20_query_count(NVCard *card, unsigned passed);
/* CLEAR_BUFFERS; FP_ACTIVE_PROGRAM (stored, the program read again). */
void nv20_draw_clear(NVCard *card, const NVMethodCall *call);
void nv20_draw_fp_program(NVCard *card, const NVMethodCall *call);

/* A method's work still running: a 2D job or a draw. */
static inline bool nv20_work_busy(NVCard *card)
{
    return nv2d_busy(card) || nv20_draw_busy(card);
}

/* Channel ids PGRAPH keeps in CTX_USER (5 bits, as PFIFO's). */
#define NV20_CHID_MASK  0x1f

#endif
