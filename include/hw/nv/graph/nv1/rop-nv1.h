/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the NV1 ROP, PGRAPH's per-pixel pipeline (envytools
 * docs/hw/graph/nv1/rop.rst; what it leaves as "todo" is in docs/nv1.rst
 * "Hardware facts beyond envytools").
 */
#ifndef HW_NV_ROP_NV1_H
#define HW_NV_ROP_NV1_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/nv/graph/nv1/pgraph-nv1.h"

struct NVCard;

typedef enum NV1WorkFormat {
    NV1_WF_Y8,
    NV1_WF_R5G5B5,
    NV1_WF_R10G10B10,
} NV1WorkFormat;

/*
 * Everything about a primitive that does not depend on the pixel,
 * computed once by nv1_rop_begin() from PGRAPH and PFB state.
 */
typedef struct NV1Rop {
    struct NVCard *card;
    unsigned op;
    NV1SrcFormat src_fmt;
    NV1WorkFormat wf;
    unsigned bytes;             /* framebuffer bytes per pixel: 1, 2, 4 */
    unsigned width;             /* canvas width in pixels */
    unsigned buf_mask;          /* bit i: buffer i is written */
    bool double_buf;
    unsigned src_buf;           /* blits: the buffer read */
    bool draw;                  /* false: an OP the hardware never uses */
    bool blend;
    bool pattern_discard;       /* pattern alpha 0 drops the pixel */
    uint8_t rop;                /* ternary ROP indexed P << 2 | S << 1 | D */
    bool noop_skip;             /* DEBUG_A bit 20 with a no-op ROP */
    bool chroma;                /* colour key active */
    uint32_t chroma_key;        /* ... in the working format */
    bool plane;                 /* plane mask active */
    bool plane_discard;         /* PLANE alpha 0 with PLANE_ALPHA_ENABLE */
    uint32_t plane_mask;        /* ... in the working format */
    uint8_t beta;
    uint32_t bypass;            /* CLUT bypass bit for 16/32 bpp */
    uint32_t pattern[2];        /* pattern colours in the working format */
    uint8_t pattern_alpha[2];
    unsigned pattern_shape;
    uint64_t pattern_bits;      /* PATTERN_BITMAP[1] << 32 | [0] */
    uint8_t *vram;
    uint32_t stride;            /* framebuffer bytes per canvas row */
    uint64_t region_mask;       /* a buffer's size - 1 (a power of two) */
    uint64_t buf_base[2];       /* VRAM offset of each buffer */
    bool replicate;             /* CANVAS_CONFIG.REPLICATE */
    bool dither;                /* CANVAS_CONFIG.DITHER */
    bool drops_all;             /* every pixel is dropped whatever its data */
    uint32_t work_mask;         /* the working format's colour bits */
    unsigned src_max_x;         /* blits: CANVAS_MAX.X */
    /*
     * The ROP with P the pattern colour i: per bit, the result for S, D
     * = 00, 01, 10, 11 (index S << 1 | D).
     */
    uint32_t rop_sd[2][4];
    unsigned clip_count;        /* cliprects in use: 0, 1 or 2 */
    bool clip_occluded;
    bool clip_buf1_free;        /* BUF1_IGNORE_CLIPRECT */
    /* Cliprect i covers x - x0 < w and y - y0 < h (unsigned); w = h = 0
     * for one not in use or empty. */
    uint16_t clip_x0[2], clip_y0[2], clip_w[2], clip_h[2];
    /* The last source colour converted, for runs of one colour. */
    bool src_cached;
    uint32_t src_raw, src_w;
    uint8_t src_a;
} NV1Rop;

void nv1_rop_begin(NV1Rop *r, struct NVCard *card, bool blit);
/* Draw one pixel whose source is @src in the object's colour format. */
void nv1_rop_pixel(NV1Rop *r, unsigned x, unsigned y, uint32_t src);
/* @n pixels from (x, y) rightwards, all of source @src: one run of the
 * same per-pixel steps, with the source converted once. */
void nv1_rop_span(NV1Rop *r, unsigned x, unsigned y, unsigned n,
                  uint32_t src);
/* ... whose source is a colour stored as A1R10G10B10 (bitmap colours). */
void nv1_rop_pixel_state(const NV1Rop *r, unsigned x, unsigned y,
                         uint32_t a1rgb);
/* ... copied from the framebuffer at (sx, sy) (BLIT). */
void nv1_rop_blit_pixel(const NV1Rop *r, unsigned x, unsigned y,
                        unsigned sx, unsigned sy);
/*
 * @n of those from (x, y) and (sx, sy) rightwards, pixel after pixel as
 * nv1_rop_blit_pixel() would do them: left to right, or right to left
 * with @back.
 */
void nv1_rop_blit_span(const NV1Rop *r, unsigned x, unsigned y,
                       unsigned sx, unsigned sy, unsigned n, bool back);

/*
 * Fast paths: a whole solid rectangle, or a whole blit, in tight loops.
 * They return false, having done nothing, unless the result is exactly what
 * the per-pixel pipeline gives (SRCCOPY, no colour key, plane mask,
 * cliprects or dithering, one buffer, no wrap around VRAM).
 */
bool nv1_rop_fill_fast(const NV1Rop *r, unsigned x, unsigned y,
                       unsigned w, unsigned h, uint32_t src);
bool nv1_rop_blit_fast(const NV1Rop *r, unsigned dx, unsigned dy,
                       unsigned sx, unsigned sy, unsigned w, unsigned h);
/* Tell the host which VRAM a w x h rectangle at (x, y) may have changed. */
void nv1_rop_dirty(const NV1Rop *r, unsigned x, unsigned y,
                   unsigned w, unsigned h);

/* The steps, exposed for unit tests. */
bool nv1_rop_is_indexed(struct NVCard *card, bool blit);
NV1WorkFormat nv1_rop_working_format(struct NVCard *card, bool blit);
uint32_t nv1_rop_convert_src(struct NVCard *card, uint32_t val,
                             NV1WorkFormat wf, uint8_t *alpha);
uint32_t nv1_rop_convert_fb(struct NVCard *card, uint32_t val,
                            NV1WorkFormat wf);
uint32_t nv1_rop_state_downconvert(uint32_t val, NV1WorkFormat wf);
uint32_t nv1_rop_dither5(uint32_t c10, unsigned x, unsigned y, bool green);
uint32_t nv1_rop_to_r5g5b5(struct NVCard *card, uint32_t rgb30,
                           unsigned x, unsigned y);
uint8_t nv1_rop_remap(unsigned op, uint8_t rop);
uint32_t nv1_rop_bitwise(uint8_t rop, uint32_t p, uint32_t s, uint32_t d);
uint32_t nv1_rop_pattern(struct NVCard *card, unsigned x, unsigned y,
                         NV1WorkFormat wf, uint8_t *alpha);
bool nv1_rop_cliprect_pass(struct NVCard *card, unsigned buf,
                           unsigned x, unsigned y);
uint64_t nv1_rop_pixel_addr(struct NVCard *card, unsigned buf,
                            unsigned x, unsigned y);
uint8_t nv1_rop_blend_factor(unsigned op, uint8_t a, uint8_t beta);
uint32_t nv1_rop_blend(uint8_t f, uint32_t src30, uint32_t other30);

#endif
