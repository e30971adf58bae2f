/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the rasterizer of the NV2x-NV4x 3D pipeline: the window-space
 * points, lines and triangles VTX hands on (hw/nv/vtx/vtx.h) become
 * fragments with their depth, 1/w and perspective-correct attributes.
 *
 * QEMU-free and independent of PGRAPH, like VTX: the 3D classes fill an
 * NVRasterState from the bundles (scissor, clip rectangles, stipples,
 * point sprites, coordinate conventions) and call nv_raster_prim() with
 * each NVVtxPrim; fragments leave through a callback in 2x2 quads.
 * docs/3d.rst "Rasterizer" has the rules and what is inferred.
 */
#ifndef HW_NV_RASTER_H
#define HW_NV_RASTER_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/nv/vtx/vtx.h"

/* Sub-pixel bits of the snapped vertex positions (inferred). */
#define NV_RASTER_SUBPIX        8
/* The largest render target (Mesa's nv30 PIPE_CAP_MAX_TEXTURE_2D_SIZE). */
#define NV_RASTER_MAX_SIZE      4096
/* VIEWPORT_CLIP_HORIZ/VERT (rnndb graph/nv30-40_3d.xml). */
#define NV_RASTER_CLIP_RECTS    8

/* VIEWPORT_CLIP_MODE (bundles.rst: RASTER bit 31, CLIP_RECT_MODE). */
typedef enum NVRasterClipMode {
    NV_RASTER_CLIP_INCLUSIVE = 0,   /* draw inside at least one rectangle */
    NV_RASTER_CLIP_EXCLUSIVE = 1,   /* draw outside every rectangle */
} NVRasterClipMode;

/* A rectangle of pixels, bounds inclusive as the methods give them. */
typedef struct NVRasterRect {
    int32_t x0, y0, x1, y1;     /* empty when x1 < x0 or y1 < y0 */
} NVRasterRect;

/*
 * The state the rasterizer works with, filled by the 3D class before a
 * primitive.  Window y grows downwards: row 0 is the surface's first.
 */
typedef struct NVRasterState {
    /* The render target's size (clamped to NV_RASTER_MAX_SIZE). */
    uint32_t width, height;
    /* SCISSOR_HORIZ/VERT: x, w, y, h (pixels x .. x + w - 1). */
    uint32_t scissor_x, scissor_w, scissor_y, scissor_h;
    /*
     * VIEWPORT_HORIZ/VERT, the same way: the viewport's rectangle, which
     * cuts primitives where VTX's guard band left them larger than the
     * view volume (docs/3d.rst "Clipping").
     */
    uint32_t vp_x, vp_w, vp_y, vp_h;
    /*
     * VIEWPORT_CLIP_HORIZ/VERT, relative to VIEWPORT_TX_ORIGIN (Mesa's
     * nv30_state_validate.c sends the viewport's corner there and the
     * viewport's size, less one, as rectangle 0), and the mode.
     */
    int32_t origin_x, origin_y;
    NVRasterRect clip[NV_RASTER_CLIP_RECTS];
    uint8_t clip_mode;          /* NVRasterClipMode */
    /*
     * COORD_CONVENTIONS: HEIGHT, ORIGIN INVERTED (y up from the bottom),
     * CENTER INTEGER.  Only the fragment position a fragment program reads
     * depends on them (nv_raster_frag_coord); coverage does not.
     */
    uint32_t coord_height;
    bool origin_inverted, center_integer;
    /* Depth is clamped to [0, z_max] after the offset. */
    float z_max;
    /* Bit i: TBUF slot i is interpolated; the others are not written. */
    uint32_t attr_mask;
    /* LINE_STIPPLE_ENABLE, LINE_STIPPLE_PATTERN FACTOR and PATTERN. */
    bool line_stipple;
    uint16_t line_stipple_factor, line_stipple_pattern;
    /* POLYGON_STIPPLE_ENABLE, POLYGON_STIPPLE_PATTERN (32 rows). */
    bool poly_stipple;
    uint32_t poly_stipple_pattern[32];
    /*
     * POINT_SPRITE: ENABLE, R_MODE (0 zero, 1 r, 2 s) and the TBUF slots
     * (bit i: slot i) whose coordinates the sprite's replace, which the
     * caller maps from COORD_REPLACE_n.
     */
    bool point_sprite;
    uint8_t sprite_r_mode;
    uint32_t sprite_replace;
    /*
     * POINT/LINE/POLYGON_SMOOTH_ENABLE: antialiased points (not sprites),
     * lines and triangles, each pixel with its coverage (NVRasterQuad).
     */
    bool point_smooth, line_smooth, poly_smooth;
} NVRasterState;

/* One pixel of a quad. */
typedef struct NVRasterFrag {
    float z;                    /* window z + z_offset, in [0, z_max] */
    float q;                    /* 1/w, interpolated linearly */
    float attr[NV_VTX_ATTRS][4];    /* perspective-correct, attr_mask's */
    float sprite[2];            /* points: the sprite's s, t; else 0 */
} NVRasterFrag;

/*
 * A 2x2 quad of pixels (x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1),
 * f[0..3] in that order, x and y even.  Every pixel has its values, the
 * ones outside the primitive extrapolated, so that a later stage can
 * take derivatives (texture LOD, DDX/DDY); @mask says which are
 * fragments (bit i: f[i]).
 */
typedef struct NVRasterQuad {
    int32_t x, y;
    uint8_t mask;
    /*
     * Each pixel's coverage in (0, 1] for an antialiased primitive, which
     * multiplies the fragment's alpha (GL 2.1 "Antialiasing"); else 1.
     */
    float cov[4];
    uint8_t kind;               /* NVVtxKind of the primitive */
    bool back;                  /* from a back-facing polygon */
    NVRasterFrag f[4];
} NVRasterQuad;

typedef void NVRasterEmit(void *opaque, const NVRasterQuad *quad);

typedef struct NVRaster {
    NVRasterState st;
    NVRasterEmit *emit;
    void *opaque;
    /*
     * The primitive nv_raster_start() took, while busy; with resume, the
     * quad the next slice starts at: row and column for a triangle,
     * major and minor position for a line or point.  Together with the
     * state they are all a migration needs to go on.
     */
    NVVtxPrim prim;
    bool busy, resume;
    int64_t next_m, next_n;
    NVRasterQuad quad;          /* scratch: what emit receives */
} NVRaster;

/*
 * Everything 0 but: a 4096x4096 target, scissor, viewport and clip
 * rectangle 0 covering it, rectangles 1-7 empty, z_max 1, every slot interpolated.
 * @emit receives every quad that has a fragment; it must not call back
 * into the rasterizer.
 */
void nv_raster_init(NVRaster *r, NVRasterEmit *emit, void *opaque);
/*
 * Rasterize one primitive in slices: nv_raster_start() takes a copy of
 * it, each nv_raster_run() visits at most @budget quad positions of the
 * work rectangle (emitting those with fragments) and returns how many it
 * visited; the rasterizer is busy until the primitive is done.  The state
 * must not change in between.  Whatever the coordinates (huge, infinite,
 * NaN) the work is bounded by the target and scissor rectangle.
 */
void nv_raster_start(NVRaster *r, const NVVtxPrim *p);
unsigned nv_raster_run(NVRaster *r, unsigned budget);
/* Start and run to the end. */
void nv_raster_prim(NVRaster *r, const NVVtxPrim *p);
/*
 * The position a fragment program reads for pixel (x, y), after
 * COORD_CONVENTIONS' origin and centre.
 */
void nv_raster_frag_coord(const NVRasterState *st, int32_t x, int32_t y,
                          float pos[2]);

#endif
