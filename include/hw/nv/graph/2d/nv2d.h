/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the NV4-family 2D engine of the NV20+ PGRAPH: the context
 * objects, surfaces, GDI, blits and M2MF classes, and the per-pixel
 * pipeline they all draw through (docs/pgraph.rst "2D classes").
 */
#ifndef HW_NV_GRAPH_2D_NV2D_H
#define HW_NV_GRAPH_2D_NV2D_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/nv/core/method.h"

#define NV2D_SUBCHANNELS    8
/* Objects whose state is kept; more than the subchannels can hold. */
#define NV2D_OBJECTS        16

/*
 * What the hardware keeps in each object's words (rnndb NV4_GROBJ_0/1):
 * the operation, colour and mono formats and the context objects linked
 * to it.  Kept here by object instance (docs/pgraph.rst "2D classes").
 */
typedef struct NV2dObject {
    uint32_t inst;              /* RAMIN address >> 4, 0: free */
    uint32_t cls;
    uint32_t operation;         /* rnndb nv4_operation */
    uint32_t color_format;      /* the class's colour format enum */
    uint32_t mono_format;       /* rnndb nv4_bitmap_format */
    uint32_t links;             /* NV2D_LINK_* */
} NV2dObject;

/* The surfaces (rnndb NV4_SURFACE_2D, NV4_SURFACE_SWZ). */
typedef struct NV2dSurfaces {
    uint32_t format;            /* rnndb nv4_surface2d_format */
    uint32_t pitch;             /* SOURCE bits 0-15, DESTIN 16-31 */
    uint32_t offset_src, offset_dst;
    uint32_t dma_src, dma_dst;  /* DMA object instances (RAMIN >> 4) */
    uint32_t swz_format;        /* COLOR 0-7, BASE_SIZE_U 16-23, _V 24-31 */
    uint32_t swz_offset, swz_dma;
} NV2dSurfaces;

/* GDI (rnndb NV4_GDI) and BLIT (NV15_BLIT) method state. */
typedef struct NV2dGdi {
    uint32_t color1_a, color1_b;
    uint32_t clip_b0, clip_b1;          /* lt16, rb16 */
    uint32_t clip0, clip1;              /* the C or E clip, lt16, rb16 */
    uint32_t color0, color1;            /* C: color1 only */
    uint32_t size_in, size_out;         /* wh16 */
    uint32_t point;                     /* xy16 */
    uint32_t rect0;                     /* UNCLIPPED_RECTANGLE_POINT */
    uint32_t cr0;                       /* CLIPPED_RECTANGLE_POINT_0 */
    uint32_t mono_pos;                  /* bits of mono data taken */
    uint32_t mono_two_color;            /* the data is E's (else C's) */
    uint32_t blit_in, blit_out;         /* BLIT POINT_IN, POINT_OUT */
    uint32_t dma_fonts;                 /* DMA_FONTS (fonts: not drawn) */
} NV2dGdi;

/* M2MF (rnndb NV3_M2MF) method state. */
typedef struct NV2dM2mf {
    uint32_t dma_in, dma_out;
    uint32_t offset_in, offset_out;
    uint32_t pitch_in, pitch_out;
    uint32_t line_length, line_count;
    uint32_t format;
    uint32_t notify;                    /* BUF_NOTIFY of the running copy */
} NV2dM2mf;

/* IFC (rnndb NV10_IFC) method state and where its data has got to. */
typedef struct NV2dIfc {
    uint32_t point, size_out, size_in;  /* xy16, wh16, wh16 */
    uint32_t col, row;                  /* the next pixel of the data */
} NV2dIfc;

/* SIFM (rnndb NV10_SIFM) method state. */
typedef struct NV2dSifm {
    uint32_t dma;                       /* DMA_IMAGE */
    uint32_t clip_point, clip_size;     /* xy16, wh16 */
    uint32_t out_point, out_size;       /* xy16, wh16 */
    uint32_t du_dx, dv_dy;              /* signed 12.20 */
    uint32_t size;                      /* source, wh16 */
    uint32_t format;                    /* PITCH, ORIGIN, FILTER */
    uint32_t offset;
    uint32_t point;                     /* source U, V: signed 12.4 */
} NV2dSifm;

/*
 * Work a method started and nv2d_run() continues: a rectangle fill, a
 * blit, a scaled image or an M2MF copy (docs/pgraph.rst "Bounded
 * work").
 */
typedef struct NV2dJob {
    uint32_t kind;              /* NV2D_JOB_* */
    uint32_t subc;              /* the object that started it */
    int32_t x, y;               /* destination, or blit destination */
    int32_t sx, sy;             /* blit source */
    uint32_t w, h;              /* pixels (M2MF: bytes, lines) */
    uint32_t color;             /* fill colour */
    uint32_t color_layout;      /* its layout (NV2dColor) */
    uint32_t row, col;          /* progress */
} NV2dJob;

/* The 2D state of one graphics context (saved with it). */
typedef struct NV2dState {
    NV2dObject obj[NV2D_OBJECTS];
    uint32_t subc_obj[NV2D_SUBCHANNELS];    /* index in @obj */
    uint32_t next_obj;                      /* where to look for a slot */
    NV2dSurfaces surf;
    uint32_t clip_min, clip_max;        /* user clip, xy16 absolute */
    uint32_t pattern_mono_format[2];    /* PATTERN_MONO_COLOR formats */
    NV2dGdi gdi;
    NV2dIfc ifc;
    NV2dSifm sifm;
    NV2dM2mf m2mf;
    NV2dJob job;
} NV2dState;

struct NVCard;

void nv2d_reset(NV2dState *s);
/* Object @cls at RAMIN @inst << 4 was bound to subchannel @subc. */
void nv2d_bind(struct NVCard *card, unsigned subc, unsigned cls,
               uint32_t inst);
/* The method table of 2D class @cls on this card, NULL if it has none. */
NVMethodClass *nv2d_class(struct NVCard *card, unsigned cls);
/*
 * Work a method started and left to run in slices (a large blit or M2MF
 * copy): PGRAPH is busy until it is done; nv2d_run() does up to @budget
 * units of it and returns how many.
 */
bool nv2d_busy(struct NVCard *card);
unsigned nv2d_run(struct NVCard *card, unsigned budget);

#endif
