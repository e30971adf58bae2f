/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the NV1 ROP, PGRAPH's per-pixel pipeline.
 *
 * The steps and their order follow envytools docs/hw/graph/nv1/rop.rst;
 * what it leaves as "todo" (bitwise ROP remapping, dithering, blending,
 * blit sources) follows envytools' hardware-verified model, restated in
 * docs/nv1.rst "Hardware facts beyond envytools".  This is the reference
 * path: every pixel goes through every step, in rop.rst's order; what
 * cannot change within a draw is worked out once (nv1_rop_begin), and what
 * cannot change along a row once a row (rop_row).
 */
#include <pixman.h>
#include <string.h>

#include "hw/nv/card.h"
#include "hw/nv/graph/nv1/pgraph-nv1.h"
#include "hw/nv/graph/nv1/rop-nv1.h"

static const uint32_t wf_mask[] = {
    [NV1_WF_Y8] = 0xff,
    [NV1_WF_R5G5B5] = 0x7fff,
    [NV1_WF_R10G10B10] = 0x3fffffff,
};

/* memory/nv1-vram.rst: PFB.CONFIG canvas widths and bytes per pixel. */
static const unsigned canvas_width[8] = {
    576, 640, 800, 1024, 1152, 1280, 1600, 1856
};
static const unsigned bpp_bytes[4] = { 1, 1, 2, 4 };

static unsigned fb_bytes(NVCard *card)
{
    return bpp_bytes[(card->pfb.config0 >> 8) & 3];
}

static NV1SrcFormat src_format(NVCard *card)
{
    return NV1_CTX_COLOR_FORMAT_DST(card->pgraph1.ctx_switch) % 5;
}

static bool op_is_blend(unsigned op)
{
    return op >= NV1_OP_BLEND_DS_AA && op <= NV1_OP_BLEND_PS_IB;
}

/*
 * rop.rst is_indexed(), with one change from the verified model
 * (docs/nv1.rst "ROP details"): an 8 bpp framebuffer is indexed even when
 * blending.
 */
bool nv1_rop_is_indexed(NVCard *card, bool blit)
{
    NV1Pgraph *g = &card->pgraph1;

    if (fb_bytes(card) == 1) {
        return true;
    }
    return !op_is_blend(NV1_CTX_OP(g->ctx_switch)) && !blit &&
           src_format(card) == NV1_SRC_A8Y8 &&
           !(g->canvas_config & NV1_CANVAS_Y8_EXPAND);
}

/* rop.rst working_format(). */
NV1WorkFormat nv1_rop_working_format(NVCard *card, bool blit)
{
    NV1Pgraph *g = &card->pgraph1;

    if (nv1_rop_is_indexed(card, blit)) {
        return NV1_WF_Y8;
    }
    if (fb_bytes(card) == 2 &&
        (src_format(card) == NV1_SRC_A1R5G5B5 ||
         (op_is_blend(NV1_CTX_OP(g->ctx_switch)) &&
          !(g->canvas_config & NV1_CANVAS_DITHER)))) {
        return NV1_WF_R5G5B5;
    }
    return NV1_WF_R10G10B10;
}

static uint32_t rgb30(uint32_t r, uint32_t g, uint32_t b)
{
    return r << 20 | g << 10 | b;
}

static bool replicate(NVCard *card)
{
    return card->pgraph1.canvas_config & NV1_CANVAS_REPLICATE;
}

/* 5-bit component to 10 bits: x 0x21 with REPLICATE, else << 5. */
static inline uint32_t widen5(bool rep, uint32_t c)
{
    return rep ? c * 0x21 : c << 5;
}

/* 8-bit component to 10 bits: (x 0x101) >> 6 with REPLICATE, else << 2. */
static uint32_t widen8(bool rep, uint32_t c)
{
    return rep ? (c * 0x101) >> 6 : c << 2;
}

static inline uint32_t widen555(bool rep, uint32_t v)
{
    return rgb30(widen5(rep, (v >> 10) & 0x1f), widen5(rep, (v >> 5) & 0x1f),
                 widen5(rep, v & 0x1f));
}

/* rop.rst convert_src(): the source colour in the working format. */
uint32_t nv1_rop_convert_src(NVCard *card, uint32_t val, NV1WorkFormat wf,
                             uint8_t *alpha)
{
    bool rep = replicate(card);
    uint32_t r, g, b, a;

    switch (src_format(card)) {
    case NV1_SRC_A1R5G5B5:
        r = widen5(rep, (val >> 10) & 0x1f);
        g = widen5(rep, (val >> 5) & 0x1f);
        b = widen5(rep, val & 0x1f);
        a = (val >> 15 & 1) * 0xff;
        break;
    case NV1_SRC_A8R8G8B8:
        r = widen8(rep, (val >> 16) & 0xff);
        g = widen8(rep, (val >> 8) & 0xff);
        b = widen8(rep, val & 0xff);
        a = val >> 24;
        break;
    case NV1_SRC_A2R10G10B10:
        r = (val >> 20) & 0x3ff;
        g = (val >> 10) & 0x3ff;
        b = val & 0x3ff;
        a = (val >> 30) * 0x55;     /* not affected by REPLICATE */
        break;
    case NV1_SRC_A8Y8:
        r = g = b = widen8(rep, val & 0xff);
        a = (val >> 8) & 0xff;
        break;
    default:    /* A16Y16: only the high 10 bits of Y, 8 of A */
        r = g = b = (val & 0xffff) >> 6;
        a = val >> 24;
        break;
    }
    *alpha = card->pgraph1.ctx_switch & NV1_CTX_ALPHA ? a : 0xff;
    switch (wf) {
    case NV1_WF_Y8:
        return val & 0xff;
    case NV1_WF_R5G5B5:
        return (r >> 5) << 10 | (g >> 5) << 5 | b >> 5;
    default:
        return rgb30(r, g, b);
    }
}

/* rop.rst convert_fb(): a framebuffer pixel in the working format. */
static inline uint32_t convert_fb(uint32_t val, NV1WorkFormat wf,
                                  unsigned bytes, bool rep)
{
    switch (wf) {
    case NV1_WF_Y8:
        return val & 0xff;
    case NV1_WF_R5G5B5:
        return val & 0x7fff;
    default:
        return bytes == 2 ? widen555(rep, val) : val & 0x3fffffff;
    }
}

uint32_t nv1_rop_convert_fb(NVCard *card, uint32_t val, NV1WorkFormat wf)
{
    return convert_fb(val, wf, fb_bytes(card), replicate(card));
}

/* rop.rst state_downconvert(): stored R10G10B10 state, by truncation. */
static inline uint32_t state_downconvert(uint32_t val, NV1WorkFormat wf)
{
    switch (wf) {
    case NV1_WF_Y8:
        return (val >> 2) & 0xff;
    case NV1_WF_R5G5B5:
        return ((val >> 25) & 0x1f) << 10 | ((val >> 15) & 0x1f) << 5 |
               ((val >> 5) & 0x1f);
    default:
        return val & 0x3fffffff;
    }
}

uint32_t nv1_rop_state_downconvert(uint32_t val, NV1WorkFormat wf)
{
    return state_downconvert(val, wf);
}

/*
 * docs/nv1.rst "Dithering": the 10-to-5 bit dither.  Bits 2-9 of the component
 * split into base (top 5) and step (low 3); a per-position choice adds 0 or 1.
 */
static const uint8_t dither_m[4][4] = {
    { 0, 1, 1, 0 }, { 0, 0, 1, 0 }, { 0, 0, 1, 1 }, { 1, 1, 1, 1 },
};
/* [step][z] bit k: columns k = (x & 1) | (y & 1) << 1 */
static const uint8_t dither_d[8][2][4] = {
    { { 0, 0, 0, 0 }, { 0, 0, 0, 0 } },
    { { 0, 0, 0, 0 }, { 1, 0, 0, 0 } },
    { { 0, 0, 0, 1 }, { 1, 0, 0, 0 } },
    { { 1, 0, 0, 0 }, { 1, 0, 0, 1 } },
    { { 1, 0, 0, 1 }, { 1, 0, 0, 1 } },
    { { 1, 0, 0, 1 }, { 1, 1, 0, 1 } },
    { { 1, 0, 1, 1 }, { 1, 1, 0, 1 } },
    { { 1, 1, 0, 1 }, { 1, 1, 1, 1 } },
};

uint32_t nv1_rop_dither5(uint32_t c10, unsigned x, unsigned y, bool green)
{
    uint32_t v = (c10 >> 2) & 0xff;
    uint32_t base = v >> 3, step = v & 7;
    unsigned z = dither_m[(y >> 2) & 3][(x >> 2) & 3] ^ green ^
                 (step & 1 ? ((x ^ y) >> 1) & 1 : 0);

    if (base == 31) {
        return 31;
    }
    return base + dither_d[step][z][(x & 1) | (y & 1) << 1];
}

/* Final downconversion to R5G5B5: dithered, or bits 5-9 of each component. */
static inline uint32_t to_r5g5b5(uint32_t v, unsigned x, unsigned y,
                                 bool dither)
{
    uint32_t r = (v >> 20) & 0x3ff, g = (v >> 10) & 0x3ff, b = v & 0x3ff;

    if (dither) {
        return nv1_rop_dither5(r, x, y, false) << 10 |
               nv1_rop_dither5(g, x, y, true) << 5 |
               nv1_rop_dither5(b, x, y, false);
    }
    return (r >> 5) << 10 | (g >> 5) << 5 | b >> 5;
}

uint32_t nv1_rop_to_r5g5b5(NVCard *card, uint32_t v, unsigned x, unsigned y)
{
    return to_r5g5b5(v, x, y, card->pgraph1.canvas_config & NV1_CANVAS_DITHER);
}

/*
 * docs/nv1.rst "ROP details": OPs 0x01-0x15 read the ROP register with their
 * inputs permuted (ROP_abc uses bit (c << 2 | b << 1 | a)); RPOP_DS and
 * RPOP_SP fold it by popcount.  The result is a standard ternary ROP indexed
 * by P << 2 | S << 1 | D, so the per-pixel step is the same for every OP.
 */
static const char *const rop_inputs[0x16] = {
    [0x01] = "SDD", [0x02] = "DSD", [0x03] = "SSD", [0x04] = "DDS",
    [0x05] = "SDS", [0x06] = "DSS", [0x07] = "SSS", [0x08] = "SSS",
    [0x09] = "PSS", [0x0a] = "SPS", [0x0b] = "PPS", [0x0c] = "SSP",
    [0x0d] = "PSP", [0x0e] = "SPP", [0x10] = "DSP", [0x11] = "SDP",
    [0x12] = "DPS", [0x13] = "PDS", [0x14] = "SPD", [0x15] = "PSD",
};

static unsigned rop_fold(uint8_t rop, unsigned idx)
{
    static const uint8_t groups[4] = { 0x01, 0x16, 0x68, 0x80 };

    return (rop & groups[idx]) != 0;
}

/* Bit i of a standard ROP index (P << 2 | S << 1 | D) for input @c. */
static unsigned rop_input(char c, unsigned i)
{
    return c == 'P' ? (i >> 2) & 1 : c == 'S' ? (i >> 1) & 1 : i & 1;
}

uint8_t nv1_rop_remap(unsigned op, uint8_t rop)
{
    uint8_t out = 0;

    if (op == NV1_OP_SRCCOPY) {
        return 0xcc;
    }
    for (unsigned i = 0; i < 8; i++) {
        unsigned p = rop_input('P', i), s = rop_input('S', i);
        unsigned d = rop_input('D', i), bit;

        if (op == NV1_OP_RPOP_DS) {
            bit = rop_fold(rop, s + 2 * d);
        } else if (op == NV1_OP_RPOP_SP) {
            bit = rop_fold(rop, s + 2 * p);
        } else if (op < G_N_ELEMENTS(rop_inputs) && rop_inputs[op]) {
            const char *abc = rop_inputs[op];

            bit = (rop >> (rop_input(abc[2], i) << 2 |
                           rop_input(abc[1], i) << 1 |
                           rop_input(abc[0], i))) & 1;
        } else {
            return 0;
        }
        out |= bit << i;
    }
    return out;
}

/*
 * The ternary ROP over whole words, as a tree of bit multiplexers: bit
 * P << 2 | S << 1 | D of the ROP, selected per bit position.  @m holds
 * all-ones for each set ROP bit.
 */
static inline uint32_t rop3(const uint32_t m[8], uint32_t p, uint32_t s,
                            uint32_t d)
{
    uint32_t f00 = (d & m[1]) | (~d & m[0]), f01 = (d & m[3]) | (~d & m[2]);
    uint32_t f10 = (d & m[5]) | (~d & m[4]), f11 = (d & m[7]) | (~d & m[6]);
    uint32_t f0 = (s & f01) | (~s & f00), f1 = (s & f11) | (~s & f10);

    return (p & f1) | (~p & f0);
}

static void rop_masks(uint8_t rop, uint32_t m[8])
{
    for (unsigned i = 0; i < 8; i++) {
        m[i] = rop & (1u << i) ? ~0u : 0;
    }
}

uint32_t nv1_rop_bitwise(uint8_t rop, uint32_t p, uint32_t s, uint32_t d)
{
    uint32_t m[8];

    rop_masks(rop, m);
    return rop3(m, p, s, d);
}

/*
 * rop.rst pattern_pixel() on row @y: the 64-bit word whose bit (x & 63)
 * selects the colour at (x, y).  Shape 3 ("a rather weird pattern") is
 * taken as 8x8.  @bits is PATTERN_BITMAP[1] << 32 | PATTERN_BITMAP[0].
 */
static inline uint64_t pattern_row(unsigned shape, uint64_t bits, unsigned y)
{
    switch (shape & 3) {
    case 1:
        return bits;                                /* bit = x & 0x3f */
    case 2:
        return -((bits >> (y & 0x3f)) & 1);         /* bit = y & 0x3f */
    default:                                        /* bit = x & 7 | y << 3 */
        return ((bits >> ((y & 7) * 8)) & 0xff) * 0x0101010101010101ull;
    }
}

static uint64_t pattern_bits(const NV1Pgraph *g)
{
    return (uint64_t)g->pattern_bitmap[1] << 32 | g->pattern_bitmap[0];
}

uint32_t nv1_rop_pattern(NVCard *card, unsigned x, unsigned y,
                         NV1WorkFormat wf, uint8_t *alpha)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned idx = (pattern_row(g->pattern_shape, pattern_bits(g), y) >>
                    (x & 0x3f)) & 1;

    *alpha = g->pattern_a[idx] & 0xff;
    return nv1_rop_state_downconvert(g->pattern_rgb[idx], wf);
}

/* The cliprect state of CLIPRECT_CONFIG, CLIPRECT_MIN/MAX, CANVAS_CONFIG. */
static void clip_setup(NV1Rop *r, NVCard *card)
{
    NV1Pgraph *g = &card->pgraph1;

    memset(r->clip_w, 0, sizeof(r->clip_w));
    memset(r->clip_h, 0, sizeof(r->clip_h));
    r->clip_count = MIN(g->cliprect_config & NV1_CLIPRECT_COUNT, 2);
    r->clip_occluded = g->cliprect_config & NV1_CLIPRECT_OCCLUDED;
    r->clip_buf1_free = g->canvas_config & NV1_CANVAS_BUF1_IGNORE_CLIPRECT;
    for (unsigned i = 0; i < 2; i++) {
        unsigned x0 = g->cliprect_min[i] & 0xfff;
        unsigned y0 = (g->cliprect_min[i] >> 16) & 0xfff;
        unsigned x1 = g->cliprect_max[i] & 0xfff;
        unsigned y1 = (g->cliprect_max[i] >> 16) & 0xfff;

        /* rop.rst cliprect_covered(): x0 <= x < x1 and y0 <= y < y1. */
        r->clip_x0[i] = x0;
        r->clip_y0[i] = y0;
        if (i < r->clip_count && x1 > x0 && y1 > y0) {
            r->clip_w[i] = x1 - x0;
            r->clip_h[i] = y1 - y0;
        }
    }
}

/*
 * rop.rst cliprect_covered() for every pixel of row @y: cliprect i covers
 * x when x - x0[i] < w[i] (unsigned), w[i] being 0 for a cliprect not
 * crossing the row.
 */
typedef struct ClipRow {
    unsigned x0[2], w[2];
} ClipRow;

static inline void clip_row(const NV1Rop *r, unsigned y, ClipRow *c)
{
    for (unsigned i = 0; i < 2; i++) {
        c->x0[i] = r->clip_x0[i];
        c->w[i] = y - r->clip_y0[i] < r->clip_h[i] ? r->clip_w[i] : 0;
    }
}

/* rop.rst cliprect_pass() for pixel @x of the row; COUNT 3 acts as 2. */
static inline bool clip_row_pass(const NV1Rop *r, const ClipRow *c,
                                 unsigned buf, unsigned x)
{
    bool covered = x - c->x0[0] < c->w[0] || x - c->x0[1] < c->w[1];

    if (!r->clip_count || (buf == 1 && r->clip_buf1_free)) {
        return true;
    }
    return covered != r->clip_occluded;
}

bool nv1_rop_cliprect_pass(NVCard *card, unsigned buf, unsigned x, unsigned y)
{
    NV1Rop r;
    ClipRow c;

    clip_setup(&r, card);
    clip_row(&r, y, &c);
    return clip_row_pass(&r, &c, buf, x);
}

/* The framebuffer layout PFB.CONFIG_0 gives (memory/nv1-vram.rst). */
static void fb_setup(NV1Rop *r, NVCard *card)
{
    uint64_t region = card->vram_size;

    r->vram = card->vram;
    r->bytes = fb_bytes(card);
    r->width = canvas_width[(card->pfb.config0 >> 4) & 7];
    r->stride = r->width * r->bytes;
    r->double_buf = card->pfb.config0 & NV1_PFB_CONFIG_0_DOUBLE_BUFFER;
    if (r->double_buf) {
        region /= 2;
    }
    r->region_mask = region - 1;
    r->buf_base[0] = 0;
    r->buf_base[1] = r->double_buf ? region : 0;
}

/*
 * nv1-vram.rst pixel_address() of 12-bit x on the row @row_off = y x
 * stride: always inside VRAM and pixel-aligned, as VRAM sizes are powers
 * of two (the modulo is a mask).  One buffer ignores @buf.
 */
static inline uint64_t fb_offset(const NV1Rop *r, unsigned bytes,
                                 unsigned buf, uint64_t row_off, unsigned x)
{
    return r->buf_base[buf & 1] + ((row_off + x * bytes) & r->region_mask);
}

uint64_t nv1_rop_pixel_addr(NVCard *card, unsigned buf, unsigned x, unsigned y)
{
    NV1Rop r;

    fb_setup(&r, card);
    return fb_offset(&r, r.bytes, buf, (uint64_t)(y & 0xfff) * r.stride,
                     x & 0xfff);
}

/* docs/nv1.rst "Blending": F(a, b) and the factor of each BLEND_* OP. */
static uint8_t blend_mul(uint8_t a, uint8_t b)
{
    if (b == 0xff) {
        return a;
    }
    if (a == 0xff) {
        return b;
    }
    return ((a >> 4) * b) >> 4;
}

uint8_t nv1_rop_blend_factor(unsigned op, uint8_t a, uint8_t beta)
{
    switch (op) {
    case NV1_OP_BLEND_DS_AA:
        return a == 0xff ? 0xff : (a >> 4) * (a >> 4);
    case NV1_OP_BLEND_DS_AB:
        return blend_mul(a, beta);
    case NV1_OP_BLEND_DS_AIB:
        return blend_mul(a, 0xff - beta);
    case NV1_OP_BLEND_PS_B:
        return beta;
    default:
        return 0xff - beta;
    }
}

static uint32_t blend10(uint8_t f, uint32_t s, uint32_t o)
{
    if (f == 0xff) {
        return s;
    }
    if (!f) {
        return o;
    }
    return ((o >> 2) * (255 - f) + (s >> 2) * f) >> 6;
}

/* docs/nv1.rst "Blending": per 10-bit component of two R10G10B10 colours. */
uint32_t nv1_rop_blend(uint8_t f, uint32_t src, uint32_t other)
{
    uint32_t res = 0;

    for (unsigned sh = 0; sh <= 20; sh += 10) {
        res |= blend10(f, (src >> sh) & 0x3ff, (other >> sh) & 0x3ff) << sh;
    }
    return res;
}

void nv1_rop_begin(NV1Rop *r, NVCard *card, bool blit)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned c = NV1_CTX_COLOR_FORMAT_DST(g->ctx_switch);
    uint32_t m[8];

    memset(r, 0, sizeof(*r));
    r->card = card;
    fb_setup(r, card);
    clip_setup(r, card);
    r->op = NV1_CTX_OP(g->ctx_switch);
    r->src_fmt = src_format(card);
    /* rop.rst step 1: the working format is the same for every pixel. */
    r->wf = nv1_rop_working_format(card, blit);
    r->work_mask = wf_mask[r->wf];
    /* Step 2, docs/nv1.rst "Framebuffer addressing": buffer mask
     * (c / 5 + 1) & 3; one buffer: buf 0. */
    r->buf_mask = r->double_buf ? (c / 5 + 1) & 3 : 1;
    r->src_buf = r->double_buf && (g->ctx_switch & NV1_CTX_ALPHA);
    r->src_max_x = g->canvas_max & 0xfff;
    r->blend = op_is_blend(r->op);
    r->draw = r->op <= 0x15 || r->op == NV1_OP_SRCCOPY || r->blend;
    if (!r->draw) {
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: pgraph: OP 0x%02x is not a "
               "drawing operation; nothing drawn", r->op);
    }
    r->pattern_discard = (r->op >= 0x09 && r->op <= 0x15) ||
                         r->op == NV1_OP_BLEND_PS_B ||
                         r->op == NV1_OP_BLEND_PS_IB;
    r->rop = nv1_rop_remap(r->op, g->rop & 0xff);
    rop_masks(r->rop, m);
    for (unsigned i = 0; i < 2; i++) {
        r->pattern[i] = nv1_rop_state_downconvert(g->pattern_rgb[i], r->wf);
        r->pattern_alpha[i] = g->pattern_a[i];
        for (unsigned sd = 0; sd < 4; sd++) {
            r->rop_sd[i][sd] = rop3(m, r->pattern[i], sd & 2 ? ~0u : 0,
                                    sd & 1 ? ~0u : 0);
        }
    }
    r->pattern_shape = g->pattern_shape;
    r->pattern_bits = pattern_bits(g);
    r->beta = (g->beta >> 23) & 0xff;
    r->bypass = g->canvas_config & NV1_CANVAS_CLUT_BYPASS;
    r->replicate = replicate(card);
    r->dither = g->canvas_config & NV1_CANVAS_DITHER;
    /* rop.rst: colour key and plane mask do nothing when blending. */
    if (!r->blend) {
        r->noop_skip = (g->debug_a & NV1_PGRAPH_DEBUG_A_NOOP_SKIP) &&
                       r->rop == 0xaa && !(g->ctx_switch & NV1_CTX_PLANE);
        r->chroma = (g->ctx_switch & NV1_CTX_CHROMA) && (g->chroma & (1u << 30));
        r->chroma_key = nv1_rop_state_downconvert(g->chroma, r->wf);
        r->plane = g->ctx_switch & NV1_CTX_PLANE;
        r->plane_discard = r->plane && !(g->plane & (1u << 30)) &&
                           (g->debug_a & NV1_PGRAPH_DEBUG_A_PLANE_ALPHA_ENABLE);
        r->plane_mask = nv1_rop_state_downconvert(g->plane, r->wf);
    }
    /*
     * Steps 11-12 drop every pixel, whatever its data, for a blend factor
     * that keeps the destination, the no-op ROP skip and a plane mask with
     * alpha 0 (docs/nv1.rst "Blending", "ROP details").
     */
    r->drops_all = !r->draw ||
                   (r->blend ? (r->op == NV1_OP_BLEND_DS_AB && r->beta == 0) ||
                               (r->op == NV1_OP_BLEND_DS_AIB && r->beta == 0xff)
                             : r->noop_skip || r->plane_discard);
}

/* A working-format colour as R10G10B10 for blending (REPLICATE ignored). */
static uint32_t blend_widen(NV1WorkFormat wf, uint32_t v)
{
    switch (wf) {
    case NV1_WF_Y8:
        return (v & 0xff) << 2;     /* one component; see docs: inferred */
    case NV1_WF_R5G5B5:
        return rgb30(((v >> 10) & 0x1f) << 5, ((v >> 5) & 0x1f) << 5,
                     (v & 0x1f) << 5);
    default:
        return v;
    }
}

/* Step 13: down to the framebuffer format, plus the bypass bit. */
static inline uint32_t rop_store(const NV1Rop *r, unsigned bytes, uint32_t res,
                                 unsigned x, unsigned y)
{
    if (bytes == 2 && r->wf == NV1_WF_R10G10B10) {
        res = to_r5g5b5(res, x, y, r->dither);
    }
    if (bytes == 2) {
        return r->bypass << 15 | (res & 0x7fff);
    }
    if (bytes == 4) {
        return r->bypass << 31 | (res & 0x3fffffff);
    }
    return res & 0xff;
}

/*
 * Step 12.1, the bitwise ROP of a pixel, looked up in r->rop_sd for its
 * pattern colour: S folded in first, giving the result bits where D is 0
 * and where D is 1, then D.  Along a fill's row S does not change, so
 * the first half is done once a row.
 */
typedef struct RopD {
    uint32_t d0, d1;
} RopD;

static inline RopD rop_fold_s(const uint32_t t[4], uint32_t s)
{
    RopD q = { t[0] ^ (s & (t[0] ^ t[2])), t[1] ^ (s & (t[1] ^ t[3])) };

    return q;
}

static inline uint32_t rop_apply_d(RopD q, uint32_t d)
{
    return q.d0 ^ (d & (q.d0 ^ q.d1));
}

/*
 * Steps 9 and 11-14 for one buffer's pixel at @pix: source @s, pattern @p,
 * the ROP with both folded in @q, blend factor @f.  @bytes is r->bytes, a
 * constant where this is inlined.
 */
static inline __attribute__((always_inline))
void rop_write(const NV1Rop *r, unsigned bytes, uint8_t *pix,
               unsigned x, unsigned y, uint32_t s, uint32_t p, RopD q,
               uint8_t f)
{
    uint32_t res, d;

    /* Step 9: the destination, in the working format. */
    d = convert_fb(nv_ld_le(pix, bytes), r->wf, bytes, r->replicate);
    if (r->blend) {
        /* Step 11 (docs/nv1.rst "Blending"). */
        bool ps = r->op >= NV1_OP_BLEND_PS_B;
        uint32_t b30 = nv1_rop_blend(f, blend_widen(r->wf, s),
                                     blend_widen(r->wf, ps ? p : d));

        if (r->wf == NV1_WF_Y8) {
            res = (b30 & 0x3ff) >> 2;
        } else if (r->wf == NV1_WF_R5G5B5) {
            res = to_r5g5b5(b30, x, y, r->dither);
        } else {
            res = b30;
        }
    } else {
        /* Step 12.1: the bitwise ROP (SRCCOPY is ROP 0xcc). */
        res = rop_apply_d(q, d) & r->work_mask;
        /* Step 12.2: the colour key. */
        if (r->chroma && res == r->chroma_key) {
            return;
        }
        /* Step 12.3: the plane mask. */
        if (r->plane) {
            res = (res & r->plane_mask) | (d & ~r->plane_mask);
        }
    }
    /* Steps 13-14. */
    nv_st_le(pix, rop_store(r, bytes, res, x, y), bytes);
}

/*
 * docs/nv1.rst "Blit source": the blit source is read from buffer SRC_BUF,
 * widened to R10G10B10 (8 bpp stays an index), with alpha 0xff.  A source
 * pixel right of CANVAS_MAX.X or failing the cliprects (@ok false) reads as 0
 * and is still drawn.
 */
static inline __attribute__((always_inline))
uint32_t blit_source(const NV1Rop *r, unsigned bytes, bool ok,
                     uint64_t row_off, unsigned sx)
{
    uint32_t raw = 0;

    if (ok) {
        raw = nv_ld_le(r->vram + fb_offset(r, bytes, r->src_buf, row_off, sx),
                       bytes);
    }
    if (bytes == 1) {
        return raw & 0xff;
    }
    return state_downconvert(bytes == 2 ? widen555(r->replicate, raw) : raw,
                             r->wf);
}

/*
 * How many pixels from 12-bit @x rightwards (leftwards with @back) cross
 * no cliprect edge of @c, nor @edge, nor the wrap of x: along them
 * rop.rst cliprect_pass() does not change.  1 to 4096.
 */
static inline unsigned clip_run(const ClipRow *c, unsigned x, bool back,
                                unsigned edge)
{
    unsigned edges[5] = {
        c->x0[0], c->x0[0] + c->w[0], c->x0[1], c->x0[1] + c->w[1], edge
    };
    unsigned len = back ? x + 1 : 0x1000 - x;

    for (unsigned i = 0; i < 5; i++) {
        len = MIN(len, back ? ((x - edges[i]) & 0xfff) + 1
                            : ((edges[i] - x - 1) & 0xfff) + 1);
    }
    return len;
}

/*
 * The pipeline (rop.rst steps 2-14) for @n pixels of row @y, one after the
 * other: (x + k, y) for k = 0 .. n - 1, or n - 1 .. 0 with @back.  Their
 * source is (s, a) or, for a blit, the pixel (sx + k, sy).  What is the
 * same along the row is worked out once: the cliprect intervals, the
 * pattern row, the row's VRAM offset, the blend factor and, for fills,
 * the ROP's S input.  The row is cut into runs along which the cliprect
 * tests (step 4, and the source's for a blit) do not change.
 * @bytes and @blit are constants where this is inlined.
 */
static inline __attribute__((always_inline))
void rop_row(const NV1Rop *r, unsigned bytes, bool blit,
             unsigned x, unsigned y, unsigned sx, unsigned sy, unsigned n,
             bool back, uint32_t s, uint8_t a)
{
    ClipRow clip, src_clip;
    uint64_t row_off, src_off = 0, pat;
    RopD q[2] = { { 0, 0 }, { 0, 0 } };
    uint8_t f = 0;

    /* Step 3: 12-bit coordinates. */
    y &= 0xfff;
    sy &= 0xfff;
    /* Step 7: source alpha 0 drops the pixel; also drops of every pixel. */
    if (r->drops_all || !a) {
        return;
    }
    clip_row(r, y, &clip);
    row_off = (uint64_t)y * r->stride;
    pat = pattern_row(r->pattern_shape, r->pattern_bits, y);
    if (blit) {
        clip_row(r, sy, &src_clip);
        src_off = (uint64_t)sy * r->stride;
    } else {
        q[0] = rop_fold_s(r->rop_sd[0], s);
        q[1] = rop_fold_s(r->rop_sd[1], s);
    }
    if (r->blend) {
        f = nv1_rop_blend_factor(r->op, a, r->beta);
    }
    if (back) {
        x += n - 1;
        sx += n - 1;
    }
    while (n) {
        unsigned px = x & 0xfff, qx = sx & 0xfff;
        unsigned len = 1;           /* a single pixel is its own run */
        bool src_ok = false, wr0, wr1;

        if (n > 1) {
            len = MIN(n, clip_run(&clip, px, back, 0));
            if (blit) {
                len = MIN(len, clip_run(&src_clip, qx, back, r->src_max_x));
            }
        }
        if (blit) {
            src_ok = qx < r->src_max_x &&
                     clip_row_pass(r, &src_clip, r->src_buf, qx);
        }
        /* Steps 2 and 4: the buffers written, and the cliprects. */
        wr0 = (r->buf_mask & 1) && clip_row_pass(r, &clip, 0, px);
        wr1 = (r->buf_mask & 2) && clip_row_pass(r, &clip, 1, px);
        n -= len;
        x += back ? -len : len;
        sx += back ? -len : len;
        if (!wr0 && !wr1) {
            continue;
        }
        for (; len--; px += back ? -1 : 1, qx += back ? -1 : 1) {
            unsigned idx = (pat >> (px & 0x3f)) & 1;
            uint32_t p = r->pattern[idx];
            RopD qp = q[idx];

            /* Step 5: a blit's source. */
            if (blit) {
                s = blit_source(r, bytes, src_ok, src_off, qx);
                qp = rop_fold_s(r->rop_sd[idx], s);
            }
            /* Step 10: pattern alpha 0 drops the pixel. */
            if (r->pattern_discard && !r->pattern_alpha[idx]) {
                continue;
            }
            if (wr0) {
                rop_write(r, bytes, r->vram + fb_offset(r, bytes, 0, row_off,
                                                        px),
                          px, y, s, p, qp, f);
            }
            if (wr1) {
                rop_write(r, bytes, r->vram + fb_offset(r, bytes, 1, row_off,
                                                        px),
                          px, y, s, p, qp, f);
            }
        }
    }
}

/*
 * rop_row() of a source colour, for each framebuffer depth; inlined into
 * the entry points, so that for one pixel the runs fold away.
 */
static inline __attribute__((always_inline))
void fill_row(const NV1Rop *r, unsigned x, unsigned y, unsigned n,
              uint32_t s, uint8_t a)
{
    switch (r->bytes) {
    case 1:
        rop_row(r, 1, false, x, y, 0, 0, n, false, s, a);
        break;
    case 2:
        rop_row(r, 2, false, x, y, 0, 0, n, false, s, a);
        break;
    default:
        rop_row(r, 4, false, x, y, 0, 0, n, false, s, a);
        break;
    }
}

/* Steps 5-8 for a source in the object's colour format; the last one is
 * kept, for runs of one colour. */
static void convert_src_cached(NV1Rop *r, uint32_t src)
{
    if (!r->src_cached || r->src_raw != src) {
        r->src_w = nv1_rop_convert_src(r->card, src, r->wf, &r->src_a);
        r->src_raw = src;
        r->src_cached = true;
    }
}

void nv1_rop_pixel(NV1Rop *r, unsigned x, unsigned y, uint32_t src)
{
    convert_src_cached(r, src);
    fill_row(r, x, y, 1, r->src_w, r->src_a);
}

void nv1_rop_span(NV1Rop *r, unsigned x, unsigned y, unsigned n,
                  uint32_t src)
{
    convert_src_cached(r, src);
    fill_row(r, x, y, n, r->src_w, r->src_a);
}

void nv1_rop_pixel_state(const NV1Rop *r, unsigned x, unsigned y,
                         uint32_t a1rgb)
{
    fill_row(r, x, y, 1, nv1_rop_state_downconvert(a1rgb, r->wf),
             a1rgb & (1u << 30) ? 0xff : 0);
}

/* rop_row() of a blit, for each framebuffer depth. */
static inline __attribute__((always_inline))
void blit_row(const NV1Rop *r, unsigned x, unsigned y, unsigned sx,
              unsigned sy, unsigned n, bool back)
{
    switch (r->bytes) {
    case 1:
        rop_row(r, 1, true, x, y, sx, sy, n, back, 0, 0xff);
        break;
    case 2:
        rop_row(r, 2, true, x, y, sx, sy, n, back, 0, 0xff);
        break;
    default:
        rop_row(r, 4, true, x, y, sx, sy, n, back, 0, 0xff);
        break;
    }
}

void nv1_rop_blit_span(const NV1Rop *r, unsigned x, unsigned y,
                       unsigned sx, unsigned sy, unsigned n, bool back)
{
    blit_row(r, x, y, sx, sy, n, back);
}

void nv1_rop_blit_pixel(const NV1Rop *r, unsigned x, unsigned y,
                        unsigned sx, unsigned sy)
{
    blit_row(r, x, y, sx, sy, 1, false);
}

/* ---- fast paths ---- */

/* Can SRCCOPY of a constant or copied colour skip the per-pixel steps? */
static bool rop_plain(const NV1Rop *r)
{
    NV1Pgraph *g = &r->card->pgraph1;

    return r->draw && r->op == NV1_OP_SRCCOPY && !r->chroma && !r->plane &&
           !(g->cliprect_config & NV1_CLIPRECT_COUNT) &&
           (r->buf_mask == 1 || r->buf_mask == 2) &&
           !(r->bytes == 2 && r->wf == NV1_WF_R10G10B10 &&
             (g->canvas_config & NV1_CANVAS_DITHER));
}

/*
 * The VRAM offset of buffer @buf's pixel (x, y), or -1 if the w x h
 * rectangle there would wrap around the buffer (pixel_addr's modulo).
 */
static int64_t rect_base(const NV1Rop *r, unsigned buf, unsigned x, unsigned y,
                         unsigned w, unsigned h)
{
    uint64_t region = r->double_buf ? r->card->vram_size / 2 : r->card->vram_size;
    uint64_t end = ((uint64_t)(y + h - 1) * r->width + x + w) * r->bytes;

    if (x + w > 0x1000 || y + h > 0x1000 || end > region) {
        return -1;
    }
    return (r->double_buf ? region * buf : 0) +
           ((uint64_t)y * r->width + x) * r->bytes;
}

bool nv1_rop_fill_fast(const NV1Rop *r, unsigned x, unsigned y,
                       unsigned w, unsigned h, uint32_t src)
{
    unsigned buf = r->buf_mask >> 1;
    int64_t base = rect_base(r, buf, x, y, w, h);
    uint8_t a;
    uint32_t s, v;

    if (!rop_plain(r) || base < 0) {
        return false;
    }
    s = nv1_rop_convert_src(r->card, src, r->wf, &a);
    if (!a) {
        return true;        /* every pixel is dropped */
    }
    v = rop_store(r, r->bytes, s & r->work_mask, 0, 0);
    /* Canvas strides (576..1856 pixels) are all multiples of 4 bytes. */
    base -= ((uint64_t)y * r->width + x) * r->bytes;
    return pixman_fill((uint32_t *)(r->card->vram + base),
                       r->width * r->bytes / 4, r->bytes * 8, x, y, w, h, v);
}

/* 16 bytes of pixels, for the blit rows: SSE2 or NEON where there is one. */
typedef uint8_t NV1Vec __attribute__((vector_size(16)));

/*
 * One row of a plain blit, @len bytes: the colour bits kept (@keep), the
 * bypass bit forced (@set), 16 bytes at a time, forwards or, with @back,
 * backwards; the odd end is a shorter chunk.  Each chunk is read whole
 * before it is written: in the direction nv1_rop_blit_fast() allows, what
 * one pixel at a time gives.
 */
static void plain_blit_row(uint8_t *d, const uint8_t *s, size_t len,
                           bool back, NV1Vec keep, NV1Vec set)
{
    NV1Vec v = { 0 };
    size_t i;

    if (back) {
        for (i = len; i >= 16; i -= 16) {
            memcpy(&v, s + i - 16, 16);
            v = (v & keep) | set;
            memcpy(d + i - 16, &v, 16);
        }
        memcpy(&v, s, i);
        v = (v & keep) | set;
        memcpy(d, &v, i);
        return;
    }
    for (i = 0; i + 16 <= len; i += 16) {
        memcpy(&v, s + i, 16);
        v = (v & keep) | set;
        memcpy(d + i, &v, 16);
    }
    memcpy(&v, s + i, len - i);
    v = (v & keep) | set;
    memcpy(d + i, &v, len - i);
}

bool nv1_rop_blit_fast(const NV1Rop *r, unsigned dx, unsigned dy,
                       unsigned sx, unsigned sy, unsigned w, unsigned h)
{
    NVCard *card = r->card;
    unsigned buf = r->buf_mask >> 1;
    int64_t dst = rect_base(r, buf, dx, dy, w, h);
    int64_t src = rect_base(r, r->src_buf, sx, sy, w, h);
    int64_t delta = dst - src, row_bytes = (int64_t)w * r->bytes;
    uint64_t stride = (uint64_t)r->width * r->bytes;
    bool rows_up = dy > sy, cols_back = dy == sy && dx > sx;
    NV1Vec keep, set;

    /* docs/nv1.rst "Blit source": sources right of CANVAS_MAX.X read 0. */
    if (!rop_plain(r) || dst < 0 || src < 0 ||
        sx + w > (card->pgraph1.canvas_max & 0xfff)) {
        return false;
    }
    /*
     * Chunks of a row are what the reference gives pixel by pixel, unless
     * the row overlaps its own source with the reference going the other
     * way (destination after the source, left to right: each pixel reads
     * one the row has just written).  With rows longer than the canvas
     * width, that happens even between different canvas rows.
     */
    if (delta && delta > -row_bytes && delta < row_bytes &&
        (delta > 0) != cols_back) {
        return false;
    }
    /* What rop_store() does to a copied pixel, in VRAM byte order. */
    for (unsigned i = 0; i < 16; i += r->bytes) {
        uint8_t *k = (uint8_t *)&keep + i, *s = (uint8_t *)&set + i;

        if (r->bytes == 1) {
            *k = 0xff;
            *s = 0;
        } else {
            nv_st_le(k, r->bytes == 2 ? 0x7fff : 0x3fffffff, r->bytes);
            nv_st_le(s, r->bytes == 2 ? r->bypass << 15 : r->bypass << 31,
                     r->bytes);
        }
    }
    /* Same row order as the reference, so rows overlapping rows come out
     * the same. */
    for (unsigned i = 0; i < h; i++) {
        unsigned row = rows_up ? h - 1 - i : i;

        plain_blit_row(card->vram + dst + row * stride,
                       card->vram + src + row * stride, row_bytes, cols_back,
                       keep, set);
    }
    return true;
}

void nv1_rop_dirty(const NV1Rop *r, unsigned x, unsigned y,
                   unsigned w, unsigned h)
{
    NVCard *card = r->card;

    if (!card->host.vram_dirty || !w || !h) {
        return;
    }
    for (unsigned buf = 0; buf < 2; buf++) {
        uint64_t first, last;

        if (!(r->buf_mask & (1u << buf))) {
            continue;
        }
        first = nv1_rop_pixel_addr(card, buf, x, y);
        last = nv1_rop_pixel_addr(card, buf, x + w - 1, y + h - 1);
        if (last < first) {     /* wrapped: the whole buffer */
            first = r->double_buf ? buf * (card->vram_size / 2) : 0;
            last = first + (r->double_buf ? card->vram_size / 2
                                          : card->vram_size) - r->bytes;
        }
        card->host.vram_dirty(card->host.opaque, first, last + r->bytes - first);
    }
}
