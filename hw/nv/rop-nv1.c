/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the NV1 ROP, PGRAPH's per-pixel pipeline.
 *
 * The steps and their order follow graph/nv1/rop.rst (the seed); what it
 * leaves as "todo" (bitwise ROP remapping, dithering, blending, blit
 * sources) follows facts.md 1a-1g, taken from envytools' hardware-verified
 * model.  This is the reference path: every pixel goes through every step.
 */
#include <pixman.h>
#include <string.h>

#include "hw/nv/nv.h"

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
 * rop.rst is_indexed(), with one change from the verified model (facts.md
 * 1a step 1): an 8 bpp framebuffer is indexed even when blending.
 */
bool nv1_rop_is_indexed(NVCard *card, bool blit)
{
    NVPGraph1 *g = &card->pgraph1;

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
    NVPGraph1 *g = &card->pgraph1;

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

/* 5-bit component to 10 bits: x 0x21 with REPLICATE, else << 5. */
static uint32_t widen5(NVCard *card, uint32_t c)
{
    return card->pgraph1.canvas_config & NV1_CANVAS_REPLICATE ? c * 0x21 : c << 5;
}

/* 8-bit component to 10 bits: (x 0x101) >> 6 with REPLICATE, else << 2. */
static uint32_t widen8(NVCard *card, uint32_t c)
{
    return card->pgraph1.canvas_config & NV1_CANVAS_REPLICATE ?
           (c * 0x101) >> 6 : c << 2;
}

static uint32_t widen555(NVCard *card, uint32_t v)
{
    return rgb30(widen5(card, (v >> 10) & 0x1f), widen5(card, (v >> 5) & 0x1f),
                 widen5(card, v & 0x1f));
}

/* rop.rst convert_src(): the source colour in the working format. */
uint32_t nv1_rop_convert_src(NVCard *card, uint32_t val, NV1WorkFormat wf,
                             uint8_t *alpha)
{
    uint32_t r, g, b, a;

    switch (src_format(card)) {
    case NV1_SRC_A1R5G5B5:
        r = widen5(card, (val >> 10) & 0x1f);
        g = widen5(card, (val >> 5) & 0x1f);
        b = widen5(card, val & 0x1f);
        a = (val >> 15 & 1) * 0xff;
        break;
    case NV1_SRC_A8R8G8B8:
        r = widen8(card, (val >> 16) & 0xff);
        g = widen8(card, (val >> 8) & 0xff);
        b = widen8(card, val & 0xff);
        a = val >> 24;
        break;
    case NV1_SRC_A2R10G10B10:
        r = (val >> 20) & 0x3ff;
        g = (val >> 10) & 0x3ff;
        b = val & 0x3ff;
        a = (val >> 30) * 0x55;     /* not affected by REPLICATE */
        break;
    case NV1_SRC_A8Y8:
        r = g = b = widen8(card, val & 0xff);
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
uint32_t nv1_rop_convert_fb(NVCard *card, uint32_t val, NV1WorkFormat wf)
{
    switch (wf) {
    case NV1_WF_Y8:
        return val & 0xff;
    case NV1_WF_R5G5B5:
        return val & 0x7fff;
    default:
        return fb_bytes(card) == 2 ? widen555(card, val) : val & 0x3fffffff;
    }
}

/* rop.rst state_downconvert(): stored R10G10B10 state, by truncation. */
uint32_t nv1_rop_state_downconvert(uint32_t val, NV1WorkFormat wf)
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

/*
 * facts.md 1b: the 10-to-5 bit dither.  Bits 2-9 of the component split
 * into base (top 5) and step (low 3); a per-position choice adds 0 or 1.
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
uint32_t nv1_rop_to_r5g5b5(NVCard *card, uint32_t v, unsigned x, unsigned y)
{
    uint32_t r = (v >> 20) & 0x3ff, g = (v >> 10) & 0x3ff, b = v & 0x3ff;

    if (card->pgraph1.canvas_config & NV1_CANVAS_DITHER) {
        return nv1_rop_dither5(r, x, y, false) << 10 |
               nv1_rop_dither5(g, x, y, true) << 5 |
               nv1_rop_dither5(b, x, y, false);
    }
    return (r >> 5) << 10 | (g >> 5) << 5 | b >> 5;
}

/*
 * facts.md 1a: OPs 0x01-0x15 read the ROP register with their inputs
 * permuted (ROP_abc uses bit (c << 2 | b << 1 | a)); RPOP_DS and RPOP_SP
 * fold it by popcount.  The result is a standard ternary ROP indexed by
 * P << 2 | S << 1 | D, so the per-pixel step is the same for every OP.
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

/* rop.rst pattern_pixel(): which of the two colours.  Shape 3 ("a rather
 * weird pattern") is taken as 8x8. */
static unsigned pattern_index(const NVPGraph1 *g, unsigned x, unsigned y)
{
    unsigned bit;

    switch (g->pattern_shape & 3) {
    case 1:
        bit = x & 0x3f;
        break;
    case 2:
        bit = y & 0x3f;
        break;
    default:
        bit = (x & 7) | (y & 7) << 3;
        break;
    }
    return (g->pattern_bitmap[bit >> 5] >> (bit & 0x1f)) & 1;
}

uint32_t nv1_rop_pattern(NVCard *card, unsigned x, unsigned y,
                         NV1WorkFormat wf, uint8_t *alpha)
{
    NVPGraph1 *g = &card->pgraph1;
    unsigned idx = pattern_index(g, x, y);

    *alpha = g->pattern_a[idx] & 0xff;
    return nv1_rop_state_downconvert(g->pattern_rgb[idx], wf);
}

static bool cliprect_covered(NVPGraph1 *g, unsigned i, unsigned x, unsigned y)
{
    return x >= (g->cliprect_min[i] & 0xfff) &&
           y >= ((g->cliprect_min[i] >> 16) & 0xfff) &&
           x < (g->cliprect_max[i] & 0xfff) &&
           y < ((g->cliprect_max[i] >> 16) & 0xfff);
}

/* rop.rst cliprect_pass(); COUNT 3 acts as 2. */
bool nv1_rop_cliprect_pass(NVCard *card, unsigned buf, unsigned x, unsigned y)
{
    NVPGraph1 *g = &card->pgraph1;
    unsigned count = g->cliprect_config & NV1_CLIPRECT_COUNT;
    bool covered;

    if ((buf == 1 && (g->canvas_config & NV1_CANVAS_BUF1_IGNORE_CLIPRECT)) ||
        !count) {
        return true;
    }
    covered = cliprect_covered(g, 0, x, y) ||
              (count >= 2 && cliprect_covered(g, 1, x, y));
    return g->cliprect_config & NV1_CLIPRECT_OCCLUDED ? !covered : covered;
}

/* nv1-vram.rst pixel_address(); always inside VRAM and pixel-aligned. */
static uint64_t pixel_addr(NVCard *card, unsigned width, unsigned bytes,
                           uint64_t mask, unsigned buf, unsigned x, unsigned y)
{
    uint64_t addr = ((uint64_t)(x & 0xfff) + (uint64_t)(y & 0xfff) * width) *
                    bytes;

    /* VRAM sizes are powers of two: the modulo is a mask. */
    if (card->pfb.config0 & NV1_PFB_CONFIG_0_DOUBLE_BUFFER) {
        return (addr & (mask >> 1)) + ((mask + 1) / 2) * (buf & 1);
    }
    return addr & mask;
}

uint64_t nv1_rop_pixel_addr(NVCard *card, unsigned buf, unsigned x, unsigned y)
{
    return pixel_addr(card, canvas_width[(card->pfb.config0 >> 4) & 7],
                      fb_bytes(card), card->vram_size - 1, buf, x, y);
}

/* facts.md 1c: F(a, b) and the factor of each BLEND_* OP. */
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

/* facts.md 1c: per 10-bit component of two R10G10B10 colours. */
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
    NVPGraph1 *g = &card->pgraph1;
    unsigned c = NV1_CTX_COLOR_FORMAT_DST(g->ctx_switch);

    memset(r, 0, sizeof(*r));
    r->card = card;
    r->op = NV1_CTX_OP(g->ctx_switch);
    r->src_fmt = src_format(card);
    r->wf = nv1_rop_working_format(card, blit);
    r->bytes = fb_bytes(card);
    r->width = canvas_width[(card->pfb.config0 >> 4) & 7];
    r->double_buf = card->pfb.config0 & NV1_PFB_CONFIG_0_DOUBLE_BUFFER;
    /* facts.md 1e: buffer mask (c / 5 + 1) & 3; one buffer forces buf 0. */
    r->buf_mask = r->double_buf ? (c / 5 + 1) & 3 : 1;
    r->src_buf = r->double_buf && (g->ctx_switch & NV1_CTX_ALPHA);
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
    r->vram_mask = card->vram_size - 1;
    rop_masks(r->rop, r->rop_mask);
    r->clip_count = MIN(g->cliprect_config & NV1_CLIPRECT_COUNT, 2);
    r->clip_occluded = g->cliprect_config & NV1_CLIPRECT_OCCLUDED;
    r->clip_buf1_free = g->canvas_config & NV1_CANVAS_BUF1_IGNORE_CLIPRECT;
    for (unsigned i = 0; i < 2; i++) {
        r->clip_box[i][0] = g->cliprect_min[i] & 0xfff;
        r->clip_box[i][1] = (g->cliprect_min[i] >> 16) & 0xfff;
        r->clip_box[i][2] = g->cliprect_max[i] & 0xfff;
        r->clip_box[i][3] = (g->cliprect_max[i] >> 16) & 0xfff;
    }
    for (unsigned i = 0; i < 2; i++) {
        r->pattern[i] = nv1_rop_state_downconvert(g->pattern_rgb[i], r->wf);
        r->pattern_alpha[i] = g->pattern_a[i];
    }
    r->beta = (g->beta >> 23) & 0xff;
    r->bypass = g->canvas_config & NV1_CANVAS_CLUT_BYPASS;
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

/* nv1_rop_cliprect_pass() on the state captured by nv1_rop_begin(). */
static inline bool clip_pass(const NV1Rop *r, unsigned buf, unsigned x,
                             unsigned y)
{
    bool covered = false;

    if (!r->clip_count || (buf == 1 && r->clip_buf1_free)) {
        return true;
    }
    for (unsigned i = 0; i < r->clip_count; i++) {
        const uint16_t *b = r->clip_box[i];

        covered |= x >= b[0] && y >= b[1] && x < b[2] && y < b[3];
    }
    return covered != r->clip_occluded;
}

/* Steps 6-7: down to the framebuffer format, plus the bypass bit. */
static uint32_t rop_store(const NV1Rop *r, uint32_t res, unsigned x, unsigned y)
{
    if (r->bytes == 2 && r->wf == NV1_WF_R10G10B10) {
        res = nv1_rop_to_r5g5b5(r->card, res, x, y);
    }
    if (r->bytes == 2) {
        return r->bypass << 15 | (res & 0x7fff);
    }
    if (r->bytes == 4) {
        return r->bypass << 31 | (res & 0x3fffffff);
    }
    return res & 0xff;
}

/* The pipeline from the source colour on (rop.rst, facts.md 1a steps 3-7). */
static inline __attribute__((always_inline))
void rop_core(const NV1Rop *r, unsigned x, unsigned y, uint32_t s, uint8_t a)
{
    NVCard *card = r->card;
    uint32_t p, res, raw, d, mask = wf_mask[r->wf];
    uint8_t pa, f = 0;
    unsigned idx;

    x &= 0xfff;
    y &= 0xfff;
    if (!r->draw || !a) {
        return;             /* step 3: source alpha 0 drops the pixel */
    }
    idx = pattern_index(&card->pgraph1, x, y);
    p = r->pattern[idx];
    pa = r->pattern_alpha[idx];
    if (r->pattern_discard && !pa) {
        return;             /* step 4 */
    }
    if (r->blend) {
        f = nv1_rop_blend_factor(r->op, a, r->beta);
        if ((r->op == NV1_OP_BLEND_DS_AB && r->beta == 0) ||
            (r->op == NV1_OP_BLEND_DS_AIB && r->beta == 0xff)) {
            return;
        }
    } else if (r->noop_skip || r->plane_discard) {
        return;
    }
    for (unsigned buf = 0; buf < 2; buf++) {
        uint64_t addr;

        if (!(r->buf_mask & (1u << buf)) ||
            !clip_pass(r, buf, x, y)) {
            continue;
        }
        addr = pixel_addr(card, r->width, r->bytes, r->vram_mask, buf, x, y);
        raw = nv_ld_le(card->vram + addr, r->bytes);
        d = nv1_rop_convert_fb(card, raw, r->wf);
        if (r->blend) {
            bool ps = r->op >= NV1_OP_BLEND_PS_B;
            uint32_t b30 = nv1_rop_blend(f, blend_widen(r->wf, s),
                                         blend_widen(r->wf, ps ? p : d));

            if (r->wf == NV1_WF_Y8) {
                res = (b30 & 0x3ff) >> 2;
            } else if (r->wf == NV1_WF_R5G5B5) {
                res = nv1_rop_to_r5g5b5(card, b30, x, y);
            } else {
                res = b30;
            }
        } else {
            res = rop3(r->rop_mask, p, s, d) & mask;
            if (r->chroma && res == r->chroma_key) {
                continue;
            }
            if (r->plane) {
                res = (res & r->plane_mask) | (d & ~r->plane_mask);
            }
        }
        res = rop_store(r, res, x, y);
        nv_st_le(card->vram + addr, res, r->bytes);
    }
}

void nv1_rop_pixel(NV1Rop *r, unsigned x, unsigned y, uint32_t src)
{
    if (!r->src_cached || r->src_raw != src) {
        r->src_w = nv1_rop_convert_src(r->card, src, r->wf, &r->src_a);
        r->src_raw = src;
        r->src_cached = true;
    }
    rop_core(r, x, y, r->src_w, r->src_a);
}

void nv1_rop_span(NV1Rop *r, unsigned x, unsigned y, unsigned n,
                  uint32_t src)
{
    nv1_rop_pixel(r, x, y, src);        /* converts the source once */
    for (unsigned i = 1; i < n; i++) {
        rop_core(r, x + i, y, r->src_w, r->src_a);
    }
}

void nv1_rop_pixel_state(const NV1Rop *r, unsigned x, unsigned y,
                         uint32_t a1rgb)
{
    rop_core(r, x, y, nv1_rop_state_downconvert(a1rgb, r->wf),
             a1rgb & (1u << 30) ? 0xff : 0);
}

/*
 * facts.md 1f: the blit source is read from buffer SRC_BUF, widened to
 * R10G10B10 (8 bpp stays an index), with alpha 0xff.  A source pixel right
 * of CANVAS_MAX.X or failing the cliprects reads as 0 and is still drawn.
 */
void nv1_rop_blit_pixel(const NV1Rop *r, unsigned x, unsigned y,
                        unsigned sx, unsigned sy)
{
    NVCard *card = r->card;
    uint32_t raw = 0, s;

    sx &= 0xfff;
    sy &= 0xfff;
    if (sx < (card->pgraph1.canvas_max & 0xfff) &&
        clip_pass(r, r->src_buf, sx, sy)) {
        raw = nv_ld_le(card->vram + nv1_rop_pixel_addr(card, r->src_buf, sx, sy),
                       r->bytes);
    }
    if (r->bytes == 1) {
        s = raw & 0xff;
    } else {
        s = nv1_rop_state_downconvert(r->bytes == 2 ? widen555(card, raw) : raw,
                                      r->wf);
    }
    rop_core(r, x, y, s, 0xff);
}

/* ---- fast paths ---- */

/* Can SRCCOPY of a constant or copied colour skip the per-pixel steps? */
static bool rop_plain(const NV1Rop *r)
{
    NVPGraph1 *g = &r->card->pgraph1;

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
    v = rop_store(r, s & wf_mask[r->wf], 0, 0);
    /* Canvas strides (576..1856 pixels) are all multiples of 4 bytes. */
    base -= ((uint64_t)y * r->width + x) * r->bytes;
    return pixman_fill((uint32_t *)(r->card->vram + base),
                       r->width * r->bytes / 4, r->bytes * 8, x, y, w, h, v);
}

/*
 * One row of a plain blit: keep the colour bits, force the bypass bit.
 * Backwards when copying right over an overlapping source.  Two pixels
 * at a time: a pair is read whole before it is written, which on an
 * overlap in either direction gives what one pixel at a time gives.
 */
static void blit_row32(uint8_t *d, const uint8_t *s, unsigned w, bool back,
                       uint32_t keep, uint32_t set)
{
    uint64_t keep2 = GUINT64_TO_LE((uint64_t)keep << 32 | keep);
    uint64_t set2 = GUINT64_TO_LE((uint64_t)set << 32 | set);
    uint64_t v;
    unsigned col;

    if (back) {
        for (col = w; col >= 2; col -= 2) {
            memcpy(&v, s + 4 * (col - 2), 8);
            v = (v & keep2) | set2;
            memcpy(d + 4 * (col - 2), &v, 8);
        }
        if (col) {
            v = 0;
            memcpy(&v, s, 4);
            v = (v & keep2) | set2;
            memcpy(d, &v, 4);
        }
        return;
    }
    for (col = 0; col + 2 <= w; col += 2) {
        memcpy(&v, s + 4 * col, 8);
        v = (v & keep2) | set2;
        memcpy(d + 4 * col, &v, 8);
    }
    if (col < w) {
        v = 0;
        memcpy(&v, s + 4 * col, 4);
        v = (v & keep2) | set2;
        memcpy(d + 4 * col, &v, 4);
    }
}

/* The same four 16-bit pixels at a time, the odd ones one by one. */
static void blit_row16(uint8_t *d, const uint8_t *s, unsigned w, bool back,
                       uint32_t keep, uint32_t set)
{
    uint64_t keep4 = GUINT64_TO_LE(0x0001000100010001ull * keep);
    uint64_t set4 = GUINT64_TO_LE(0x0001000100010001ull * set);
    uint64_t q;
    uint16_t v;
    unsigned col;

    if (back) {
        for (col = w; col >= 4; col -= 4) {
            memcpy(&q, s + 2 * (col - 4), 8);
            q = (q & keep4) | set4;
            memcpy(d + 2 * (col - 4), &q, 8);
        }
        while (col-- > 0) {
            memcpy(&v, s + 2 * col, 2);
            v = GUINT16_TO_LE((GUINT16_FROM_LE(v) & keep) | set);
            memcpy(d + 2 * col, &v, 2);
        }
        return;
    }
    for (col = 0; col + 4 <= w; col += 4) {
        memcpy(&q, s + 2 * col, 8);
        q = (q & keep4) | set4;
        memcpy(d + 2 * col, &q, 8);
    }
    for (; col < w; col++) {
        memcpy(&v, s + 2 * col, 2);
        v = GUINT16_TO_LE((GUINT16_FROM_LE(v) & keep) | set);
        memcpy(d + 2 * col, &v, 2);
    }
}

bool nv1_rop_blit_fast(const NV1Rop *r, unsigned dx, unsigned dy,
                       unsigned sx, unsigned sy, unsigned w, unsigned h)
{
    NVCard *card = r->card;
    unsigned buf = r->buf_mask >> 1;
    int64_t dst = rect_base(r, buf, dx, dy, w, h);
    int64_t src = rect_base(r, r->src_buf, sx, sy, w, h);
    uint64_t stride = (uint64_t)r->width * r->bytes;
    bool rows_up = dy > sy, cols_back = dy == sy && dx > sx;
    uint32_t keep = r->bytes == 2 ? 0x7fff : 0x3fffffff;
    uint32_t set = r->bytes == 2 ? r->bypass << 15 : r->bypass << 31;

    /* facts.md 1f: sources right of CANVAS_MAX.X read 0. */
    if (!rop_plain(r) || dst < 0 || src < 0 ||
        sx + w > (card->pgraph1.canvas_max & 0xfff)) {
        return false;
    }
    /* Same order as the reference loop, so overlaps come out the same. */
    for (unsigned i = 0; i < h; i++) {
        unsigned row = rows_up ? h - 1 - i : i;
        uint8_t *d = card->vram + dst + row * stride;
        const uint8_t *s = card->vram + src + row * stride;

        if (r->bytes == 1) {
            memmove(d, s, w);
        } else if (r->bytes == 2) {
            blit_row16(d, s, w, cols_back, keep, set);
        } else {
            blit_row32(d, s, w, cols_back, keep, set);
        }
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
