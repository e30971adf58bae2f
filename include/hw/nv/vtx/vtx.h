/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: VTX, the stage after XF (envytools docs/hw/graph/xf/intro.rst
 * "Structure and operation": XF2VTX): it takes the vertices XF
 * processed, assembles them into primitives as BEGIN_END says, clips
 * them, divides by w, applies the viewport, determines faces, culls,
 * applies flat shading, two-sided colours, polygon mode and polygon
 * offset, and hands on window-space points, lines and triangles with
 * their interpolants: the stage boundary the rasterizer consumes.
 *
 * QEMU-free and independent of PGRAPH: the 3D classes fill an
 * NVVtxState from the bundles and XF state when a primitive begins.
 * docs/3d.rst "VTX" has the rules and what is inferred.
 */
#ifndef HW_NV_VTX_H
#define HW_NV_VTX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw/nv/xf/xf.h"

#define NV_VTX_ATTRS        NV_XF_TBUF
#define NV_VTX_CLIP_DISTS   6
/*
 * The guard band's half-width in pixels (inferred, docs/3d.rst
 * "Clipping"): large enough that the X driver's window-space vertices,
 * drawn with a unit viewport, are never clipped.
 */
#define NV_VTX_GUARD        1048576.0f

/* BEGIN_END's primitive types (rnndb graph/nv_3ddefs.xml nv10_begin_end). */
typedef enum NVVtxPrimType {
    NV_VTX_STOP = 0,
    NV_VTX_POINTS = 1,
    NV_VTX_LINES = 2,
    NV_VTX_LINE_LOOP = 3,
    NV_VTX_LINE_STRIP = 4,
    NV_VTX_TRIANGLES = 5,
    NV_VTX_TRIANGLE_STRIP = 6,
    NV_VTX_TRIANGLE_FAN = 7,
    NV_VTX_QUADS = 8,
    NV_VTX_QUAD_STRIP = 9,
    NV_VTX_POLYGON = 10,
} NVVtxPrimType;

/* Polygon modes, as the RASTER bundle codes them (bundles.rst). */
typedef enum NVVtxPolyMode {
    NV_VTX_FILL = 0,
    NV_VTX_POINT = 1,
    NV_VTX_LINE = 2,
} NVVtxPolyMode;

/*
 * An attribute's place in XF's output (TBUF slot and component).  A slot
 * outside 0..NV_VTX_ATTRS-1 means the vertex has no such attribute;
 * colours are whole RGBA vectors, so @comp only matters for scalars (clip
 * distances, point size).
 */
typedef struct NVVtxSlot {
    int8_t slot;                /* < 0: the vertex has no such attribute */
    uint8_t comp;
} NVVtxSlot;

/*
 * The state VTX works with, set by the 3D class before a primitive
 * starts.  Floats are host floats (the methods' IEEE singles).
 */
typedef struct NVVtxState {
    /*
     * Kelvin: XF's position output is already in window coordinates
     * (x, y, z after the program's own divide and viewport; w kept for
     * perspective): no clipping, divide or viewport here.  Rankine and
     * Curie: clip-space positions.
     */
    bool window_coords;
    float vp_scale[3], vp_translate[3];
    /*
     * The guard band: x and y are clipped only where the window position
     * would be more than @guard pixels from the viewport's centre
     * (NV_VTX_GUARD unless a test wants the view volume itself: @guard
     * equal to the viewport's scale); inside the band the rasterizer's
     * rectangles cut primitives in window space.
     */
    float guard;
    /*
     * DEPTH_CONTROL.CLAMP (rnndb graph/nv30-40_3d.xml; Mesa sets it when
     * depth clipping is off): no clipping against the near and far
     * planes.  The clamp of depth itself is the rasterizer's.
     */
    bool depth_clamp;
    /* User clip distances (bit i: distance i on) and where they are. */
    uint8_t clip_enable;
    NVVtxSlot clip_dist[NV_VTX_CLIP_DISTS];
    /* Faces. */
    bool front_ccw;             /* FRONT_FACE is CCW */
    bool cull_enable;
    uint8_t cull_face;          /* bundles.rst: 1 front, 2 back, 3 both */
    uint8_t poly_mode[2];       /* NVVtxPolyMode, [0] front, [1] back;
                                 * other values draw as FILL */
    bool offset_enable[3];      /* polygon offset for NV_VTX_FILL/POINT/LINE
                                 * mode primitives, indexed by the mode */
    float offset_factor, offset_units;
    float offset_r;             /* the depth format's smallest step */
    /* Shading. */
    bool flat;
    bool flat_first;            /* provoking vertex: first, not last */
    bool two_side;
    /* Front and back primary/secondary colours. */
    NVVtxSlot col[2], bcol[2];
    /* Point size: per vertex from @psize if present, else @point_size. */
    NVVtxSlot psize;
    float point_size, line_width;
    /*
     * EDGEFLAG (rnndb graph/nv30-40_3d.xml): whether the next vertices
     * start a boundary edge of an independent triangle, quad or polygon
     * (polygon modes LINE and POINT draw only those).  Latched with each
     * vertex; nv_vtx_init sets it.
     */
    bool edge_flag;
} NVVtxState;

/* One vertex of an output primitive. */
typedef struct NVVtxOut {
    /* Window x, y, z and 1/w (for perspective-correct interpolation). */
    float pos[4];
    /* XF's outputs (TBUF order), clipped; colours after flat shading and
     * two-sided selection. */
    float attr[NV_VTX_ATTRS][4];
    float size;                 /* the point size in pixels (every vertex) */
    /*
     * The edge from this vertex to the next one of the primitive (the
     * last: to the first) is a boundary edge of the polygon it came from:
     * polygon mode LINE draws these edges, POINT these vertices.
     */
    bool edge;
} NVVtxOut;

typedef enum NVVtxKind {
    NV_VTX_PRIM_POINT = 1,
    NV_VTX_PRIM_LINE = 2,
    NV_VTX_PRIM_TRIANGLE = 3,
} NVVtxKind;

/* A window-space primitive: the rasterizer's input. */
typedef struct NVVtxPrim {
    uint8_t kind;               /* NVVtxKind: 1, 2 or 3 vertices in v[] */
    bool back;                  /* from a back-facing polygon */
    float width;                /* lines: the width in pixels; else 0 */
    float z_offset;             /* polygon offset: the rasterizer adds it
                                 * to every fragment's z */
    NVVtxOut v[3];
} NVVtxPrim;

typedef void NVVtxEmit(void *opaque, const NVVtxPrim *prim);

/*
 * VTX: its state, and the vertices of the primitive being assembled (all
 * plain data, so a save in the middle of a primitive carries on).
 */
typedef struct NVVtx {
    NVVtxState st;
    uint8_t prim;               /* NVVtxPrimType; NV_VTX_STOP outside */
    uint32_t count;             /* vertices taken since begin */
    NVXfVertex first;           /* loops, fans and polygons */
    /*
     * The last vertices, a ring: the newest in [newest], the one before
     * it in [(newest + 1) % 3], and so on (a vertex is stored once, not
     * moved along with each new one).
     */
    NVXfVertex prev[3];
    uint8_t newest;
    bool first_edge, prev_edge[3];  /* their EDGEFLAG, as prev[] */
    /* Not migrated: where primitives go. */
    NVVtxEmit *emit;
    void *opaque;
} NVVtx;

/*
 * Everything to 0 but: no attribute slots (all -1), the edge flag set.
 * @emit receives every primitive; it must not call back into VTX.
 */
void nv_vtx_init(NVVtx *vtx, NVVtxEmit *emit, void *opaque);
/*
 * BEGIN_END with a type: starts a primitive (an open one ends first).
 * A type above NV_VTX_POLYGON acts as STOP (the caller logs it).
 */
void nv_vtx_begin(NVVtx *vtx, unsigned prim);
/* One vertex from XF (ignored outside BEGIN_END). */
void nv_vtx_vertex(NVVtx *vtx, const NVXfVertex *v);
/*
 * BEGIN_END STOP: closes a line loop, draws a polygon's last triangle,
 * drops an incomplete primitive.
 */
void nv_vtx_end(NVVtx *vtx);
/* After migration: bring indices and the primitive type into range. */
void nv_vtx_post_load(NVVtx *vtx);
/*
 * One line describing @p for a trace (kind, face, polygon offset, line
 * width, each vertex's window position, 1/w and size), truncated to fit
 * @len bytes with its NUL.
 */
void nv_vtx_prim_format(const NVVtxPrim *p, char *buf, size_t len);

#endif
