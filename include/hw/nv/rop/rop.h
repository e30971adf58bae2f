/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the ROP of the NV2x-NV4x 3D pipeline (Kelvin, Rankine, Curie):
 * the per-fragment tests (alpha, depth bounds, stencil, depth), blending,
 * logic ops, colour masks, dithering and the writes into the colour and
 * zeta surfaces, and the CLEAR_BUFFERS clears.
 *
 * QEMU-free and independent of PGRAPH, like the rasterizer: the 3D
 * classes decode their bundles and surface method words into an NVRop
 * (nv_rop_decode, nv_rop_decode_mthd, nv_rop_surface_decode), give it
 * the memory of each DMA object and hand it the fragment stage's quads.
 * docs/rop3d.rst has the encodings, the order and what is inferred.
 */
#ifndef HW_NV_ROP_H
#define HW_NV_ROP_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/nv/raster/raster.h"

/* Colour targets (NV40's RT_ENABLE COLOR0-COLOR3). */
#define NV_ROP_TARGETS      4
/* Bundle ids (bundles.rst: 9 bits on Kelvin and later). */
#define NV_ROP_BUNDLES      0x200

typedef enum NVRopGen {
    NV_ROP_KELVIN,
    NV_ROP_RANKINE,
    NV_ROP_CURIE,
} NVRopGen;

/* The memories: DMA_COLOR0 (Kelvin's DMA_COLOR) ... DMA_COLOR3, DMA_ZETA. */
enum {
    NV_ROP_MEM_COLOR0 = 0,
    NV_ROP_MEM_ZETA = NV_ROP_TARGETS,
    NV_ROP_MEMS,
};

/* NVRop.fault bits, sticky until the caller clears them. */
#define NV_ROP_FAULT_BOUNDS     (1u << 0)   /* a pixel outside its memory */
#define NV_ROP_FAULT_FORMAT     (1u << 1)   /* RT_FORMAT this chip lacks */

/* Comparison functions: bundles.rst CONFIG_A ALPHA_FUNC (NV10 and up). */
enum {
    NV_ROP_NEVER, NV_ROP_LESS, NV_ROP_EQUAL, NV_ROP_LEQUAL,
    NV_ROP_GREATER, NV_ROP_NOTEQUAL, NV_ROP_GEQUAL, NV_ROP_ALWAYS,
};

/* bundles.rst STENCIL_B STENCIL_OP_*. */
enum {
    NV_ROP_SOP_KEEP = 1, NV_ROP_SOP_ZERO, NV_ROP_SOP_REPLACE,
    NV_ROP_SOP_INCR, NV_ROP_SOP_DECR, NV_ROP_SOP_INVERT,
    NV_ROP_SOP_INCR_WRAP, NV_ROP_SOP_DECR_WRAP,
};

/* bundles.rst BLEND BLEND_EQUATION. */
enum {
    NV_ROP_EQ_SUBTRACT, NV_ROP_EQ_REVERSE_SUBTRACT, NV_ROP_EQ_ADD,
    NV_ROP_EQ_MIN, NV_ROP_EQ_MAX,
};

/* bundles.rst BLEND BLEND_FACTOR_*. */
enum {
    NV_ROP_BF_ZERO, NV_ROP_BF_ONE, NV_ROP_BF_SRC_COLOR,
    NV_ROP_BF_ONE_MINUS_SRC_COLOR, NV_ROP_BF_SRC_ALPHA,
    NV_ROP_BF_ONE_MINUS_SRC_ALPHA, NV_ROP_BF_DST_ALPHA,
    NV_ROP_BF_ONE_MINUS_DST_ALPHA, NV_ROP_BF_DST_COLOR,
    NV_ROP_BF_ONE_MINUS_DST_COLOR, NV_ROP_BF_SRC_ALPHA_SATURATE,
    NV_ROP_BF_CONSTANT_COLOR = 0xc, NV_ROP_BF_ONE_MINUS_CONSTANT_COLOR,
    NV_ROP_BF_CONSTANT_ALPHA, NV_ROP_BF_ONE_MINUS_CONSTANT_ALPHA,
};

/* NVRopState.color_mask bits: one per channel. */
#define NV_ROP_MASK_R       1u
#define NV_ROP_MASK_G       2u
#define NV_ROP_MASK_B       4u
#define NV_ROP_MASK_A       8u
#define NV_ROP_MASK_RGBA    15u

/* rnndb CLEAR_BUFFERS bits. */
#define NV_ROP_CLEAR_DEPTH      (1u << 0)
#define NV_ROP_CLEAR_STENCIL    (1u << 1)
#define NV_ROP_CLEAR_COLOR_R    (1u << 4)
#define NV_ROP_CLEAR_COLOR_G    (1u << 5)
#define NV_ROP_CLEAR_COLOR_B    (1u << 6)
#define NV_ROP_CLEAR_COLOR_A    (1u << 7)

/* One face's stencil state (STENCIL_A/B, or Rankine's STENCIL_C/D). */
typedef struct NVRopStencil {
    uint8_t func;               /* NV_ROP_NEVER ... */
    uint8_t ref, func_mask, write_mask;
    uint8_t op_fail, op_zfail, op_zpass;    /* NV_ROP_SOP_* */
} NVRopStencil;

/* What the ROP does to a fragment, from the bundles and method words. */
typedef struct NVRopState {
    bool alpha_test;
    uint8_t alpha_func, alpha_ref;
    bool depth_test, depth_write;
    uint8_t depth_func;
    /* DEPTH_BOUNDS_TEST (NV35 and Curie), on the stored depth in [0, 1] */
    bool depth_bounds;
    float bounds_min, bounds_max;
    bool stencil_test;
    bool two_sided;             /* STENCIL_BACK_ENABLE: stencil[1] */
    NVRopStencil stencil[2];    /* front, back */
    /* per target: blending, its equations and factors, colour mask */
    bool blend[NV_ROP_TARGETS];
    uint8_t eq_rgb, eq_a;
    uint8_t src_rgb, dst_rgb, src_a, dst_a;
    uint32_t blend_color;       /* BLEND_COLOR: B 0-7, G, R, A 24-31 */
    bool logic_op;
    uint8_t logic_op_op;        /* bundles.rst COLOR_LOGIC_OP_OP */
    bool dither;
    uint8_t color_mask[NV_ROP_TARGETS];     /* NV_ROP_MASK_* */
    uint32_t clear_color;       /* CLEAR_COLOR_VALUE, packed */
    uint32_t clear_zeta;        /* CLEAR_DEPTH_VALUE, packed */
} NVRopState;

/*
 * The 3D method words that have no bundle known (the class keeps them
 * per context): Curie's COLOR_MASK (0x324), MRT_COLOR_MASK (0x370),
 * MRT_BLEND_ENABLE (0x36c, Mesa's nv30_state.c), and the depth bounds
 * of NV35 and Curie (0x380-0x388).
 */
typedef struct NVRopMthdRegs {
    uint32_t color_mask, mrt_color_mask, mrt_blend_enable;
    uint32_t depth_bounds_enable, depth_bounds_zmin, depth_bounds_zmax;
} NVRopMthdRegs;

/* The raw surface method words the class keeps (rnndb names). */
typedef struct NVRopSurfaceRegs {
    uint32_t rt_horiz, rt_vert, rt_format;
    /* COLORn_PITCH; Kelvin's RT_PITCH and Rankine's COLOR0_PITCH in [0] */
    uint32_t color_pitch[NV_ROP_TARGETS];
    uint32_t color_offset[NV_ROP_TARGETS];
    uint32_t zeta_offset;
    uint32_t zeta_pitch;        /* Curie's ZETA_PITCH */
    uint32_t rt_enable;         /* RT_ENABLE (bundle 0x05f); not Kelvin */
} NVRopSurfaceRegs;

/* Zeta formats (rnndb nv10_rt_depth_format). */
enum {
    NV_ROP_ZETA_NONE,           /* a value no chip takes */
    NV_ROP_ZETA_Z16,
    NV_ROP_ZETA_Z24S8,
};

/* One surface: where pixel (x, y) is. */
typedef struct NVRopBuffer {
    bool enabled;
    uint8_t bpp;                /* bytes per pixel */
    uint64_t offset, pitch;
} NVRopBuffer;

typedef struct NVRopSurface {
    uint8_t color_format;       /* rnndb nv10_rt_color_format; 0: none */
    uint8_t zeta_format;        /* NV_ROP_ZETA_* */
    bool swizzled;
    uint8_t log2_w, log2_h;     /* swizzled: clamped to 12 (4096) */
    /* the window, RT_HORIZ/RT_VERT: pixels [x0, x1) x [y0, y1) */
    int32_t x0, y0, x1, y1;
    NVRopBuffer color[NV_ROP_TARGETS];
    NVRopBuffer zeta;
} NVRopSurface;

/* The memory of a DMA object: byte 0 is the object's offset 0. */
typedef struct NVRopMem {
    uint8_t *base;
    uint64_t size;
} NVRopMem;

/* Bytes [off, off + len) of memory @which_mem (NV_ROP_MEM_*) changed. */
typedef void NVRopDirty(void *opaque, unsigned which_mem, uint64_t off,
                        uint64_t len);

typedef struct NVRop {
    NVRopGen gen;
    NVRopState st;
    NVRopSurface surf;
    NVRopMem mem[NV_ROP_MEMS];
    NVRopDirty *dirty;          /* may be NULL */
    void *opaque;
    uint32_t fault;             /* NV_ROP_FAULT_* */
    /* per memory, the byte range not yet reported to @dirty */
    uint64_t pend_off[NV_ROP_MEMS], pend_len[NV_ROP_MEMS];
} NVRop;

/*
 * bundle[id] is the value of bundle @id, 0 <= id < NV_ROP_BUNDLES (the
 * register BUNDLE(id) of the 3D classes).  Fills everything but what
 * nv_rop_decode_mthd() adds.
 */
void nv_rop_decode(NVRopState *st, NVRopGen gen, const uint32_t *bundle);
/* Curie's colour masks and per-target blending, the depth bounds. */
void nv_rop_decode_mthd(NVRopState *st, NVRopGen gen,
                        const NVRopMthdRegs *m);
void nv_rop_surface_decode(NVRopSurface *s, NVRopGen gen,
                           const NVRopSurfaceRegs *r);

/* Everything zero; no memory, no fault. */
void nv_rop_init(NVRop *rop, NVRopGen gen, NVRopDirty *dirty, void *opaque);

/*
 * The quad of pixels (x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1):
 * @mask bit i says pixel i is a live fragment (the fragment program's
 * kills already removed), @color[target][pixel] its RGBA outputs,
 * @depth[pixel] its window z, @back_facing from which side it came.
 * Returns the number of fragments that passed the alpha, stencil and
 * depth tests (what an occlusion query counts; docs/rop3d.rst).
 */
unsigned nv_rop_quad(NVRop *rop, int32_t x, int32_t y, uint8_t mask,
                     const float color[NV_ROP_TARGETS][4][4],
                     const float depth[4], bool back_facing);

/*
 * CLEAR_BUFFERS with word @buffers (NV_ROP_CLEAR_*) inside @rect (bounds
 * inclusive: the caller's intersection of the window and the scissor),
 * with st.clear_color and st.clear_zeta.
 */
void nv_rop_clear(NVRop *rop, uint32_t buffers, const NVRasterRect *rect);

#endif
