/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the per-pixel pipeline of the NV4-family 2D classes, in the
 * order of envytools docs/hw/graph/2d/intro.rst "The pipeline": clip,
 * source colour conversion, the bitwise ROP with pattern and destination
 * or a blend, and the write in the destination surface's format
 * (docs/pgraph.rst "2D classes", "The pixel pipeline").  Every pixel of
 * every class goes through nv2d_pixel(); the span functions below only
 * take shortcuts that give the same bytes (tests/unit/graph/2d).
 */
#include "hw/nv/card.h"
#include "hw/nv/swizzle.h"
#include "hw/nv/graph/2d/nv2d-internal.h"
#include "hw/nv/graph/nv1/rop-nv1.h"
#include "../nv20/pgraph-nv20-internal.h"
#include "hw/nv/graph/nv20/pgraph-nv20.h"

/* rnndb nv4_surface2d_format: bytes per pixel and the bits a write sets. */
static const struct {
    uint8_t bpp;
    uint32_t mask;
    NV2dColor color;
} surface_formats[] = {
    [0x1] = { 1, 0xff, NV2D_COLOR_Y8 },
    [0x2] = { 2, 0x7fff, NV2D_COLOR_X1R5G5B5 },     /* X1 written 0 */
    [0x3] = { 2, 0x7fff, NV2D_COLOR_X1R5G5B5 },
    [0x4] = { 2, 0xffff, NV2D_COLOR_R5G6B5 },
    [0x5] = { 2, 0xffff, NV2D_COLOR_Y16 },
    [0x6] = { 4, 0xffffff, NV2D_COLOR_X8R8G8B8 },   /* X8 written 0 */
    [0x7] = { 4, 0xffffff, NV2D_COLOR_X8R8G8B8 },
    [0x8] = { 4, 0x7fffffff, NV2D_COLOR_X1A7R8G8B8 },
    [0x9] = { 4, 0x7fffffff, NV2D_COLOR_X1A7R8G8B8 },
    [0xa] = { 4, 0xffffffff, NV2D_COLOR_A8R8G8B8 },
    [0xb] = { 4, 0xffffffff, NV2D_COLOR_Y32 },
};

bool nv2d_surface_color(unsigned fmt, NV2dColor *color)
{
    if (fmt >= G_N_ELEMENTS(surface_formats) || !surface_formats[fmt].bpp) {
        return false;
    }
    *color = surface_formats[fmt].color;
    return true;
}

static bool color_indexed(NV2dColor c)
{
    return c >= NV2D_COLOR_Y8 && c <= NV2D_COLOR_Y32;
}

unsigned nv2d_color_bpp(NV2dColor c)
{
    switch (c) {
    case NV2D_COLOR_Y8:
        return 1;
    case NV2D_COLOR_Y16:
    case NV2D_COLOR_X1R5G5B5:
    case NV2D_COLOR_A1R5G5B5:
    case NV2D_COLOR_R5G6B5:
        return 2;
    default:
        return 4;
    }
}

/* A 5- or 6-bit component widened to 8 bits by repeating its top bits. */
static inline uint32_t widen(uint32_t v, unsigned bits)
{
    return (v << (8 - bits)) | (v >> (2 * bits - 8));
}

uint32_t nv2d_to_argb(NV2dColor c, uint32_t v)
{
    switch (c) {
    case NV2D_COLOR_X1R5G5B5:
    case NV2D_COLOR_A1R5G5B5:
        return (c == NV2D_COLOR_X1R5G5B5 || (v & 0x8000) ? 0xff000000 : 0) |
               widen(v >> 10 & 0x1f, 5) << 16 | widen(v >> 5 & 0x1f, 5) << 8 |
               widen(v & 0x1f, 5);
    case NV2D_COLOR_R5G6B5:
        return 0xff000000 | widen(v >> 11 & 0x1f, 5) << 16 |
               widen(v >> 5 & 0x3f, 6) << 8 | widen(v & 0x1f, 5);
    case NV2D_COLOR_X8R8G8B8:
        return 0xff000000 | (v & 0xffffff);
    case NV2D_COLOR_X1A7R8G8B8:
        return (v << 1 & 0xfe000000) | (v >> 6 & 0x01000000) |
               (v & 0xffffff);
    default:
        return v;
    }
}

static bool has_alpha(NV2dColor c)
{
    return c == NV2D_COLOR_A1R5G5B5 || c == NV2D_COLOR_A8R8G8B8 ||
           c == NV2D_COLOR_X1A7R8G8B8;
}

/* A8R8G8B8 @v as destination format @d->fmt, truncated. */
static uint32_t from_argb(const NV2dDraw *d, uint32_t v)
{
    switch (surface_formats[d->fmt].color) {
    case NV2D_COLOR_X1R5G5B5:
        return (v >> 9 & 0x7c00) | (v >> 6 & 0x3e0) | (v >> 3 & 0x1f);
    case NV2D_COLOR_R5G6B5:
        return (v >> 8 & 0xf800) | (v >> 5 & 0x7e0) | (v >> 3 & 0x1f);
    case NV2D_COLOR_X1A7R8G8B8:
        return (v >> 1 & 0x7f000000) | (v & 0xffffff);
    default:
        return v & d->mask;
    }
}

/*
 * A colour in the destination's format.  With an indexed source or
 * destination the value's low bits are the index (as NV1's index mode,
 * intro.rst "The pipeline"); RGB goes through A8R8G8B8.
 */
static uint32_t convert(const NV2dDraw *d, NV2dColor c, uint32_t v)
{
    if (d->dst_indexed || color_indexed(c)) {
        return v & d->mask;
    }
    return from_argb(d, nv2d_to_argb(c, v));
}

static uint32_t alpha_of(NV2dColor c, uint32_t v)
{
    return color_indexed(c) ? 0xff : nv2d_to_argb(c, v) >> 24;
}

/* rnndb nv4_ctx_color_format, the pattern's colour formats. */
static NV2dColor pattern_color(uint32_t fmt)
{
    switch (fmt) {
    case 1:
        return NV2D_COLOR_R5G6B5;
    case 2:
        return NV2D_COLOR_A1R5G5B5;
    default:
        return NV2D_COLOR_A8R8G8B8;
    }
}

/*
 * The pattern at absolute (@x, @y) in the destination format (envytools
 * docs/hw/graph/2d/pattern.rst "Bitmap pattern", "Color pattern").
 */
static uint32_t pattern_at(NVCard *card, const NV2dDraw *d, int32_t x,
                           int32_t y)
{
    uint32_t config = *nv20_reg(card, NV2D_PGRAPH_PATTERN_CONFIG);
    unsigned bit;

    if (config & NV2D_PATTERN_SELECT_COLOR) {
        return convert(d, NV2D_COLOR_X8R8G8B8,
                       *nv20_reg(card, NV2D_PGRAPH_PATTERN_COLOR +
                                       4 * ((y & 7) << 3 | (x & 7))));
    }
    switch (config & NV2D_PATTERN_SHAPE_MASK) {
    case 1:
        bit = x & 0x3f;
        break;
    case 2:
        bit = y & 0x3f;
        break;
    default:
        bit = (y & 7) << 3 | (x & 7);
        break;
    }
    bit = *nv20_reg(card, NV2D_PGRAPH_PATTERN_MONO_BITMAP + 4 * (bit >> 5)) >>
          (bit & 31) & 1;
    return convert(d, pattern_color(nv2d(card)->pattern_mono_format[bit]),
                   *nv20_reg(card, NV2D_PGRAPH_PATTERN_MONO_COLOR + 4 * bit));
}

/* x * f / 255, rounded to nearest. */
static inline uint32_t mul8(uint32_t x, uint32_t f)
{
    uint32_t t = x * f + 0x80;

    return (t + (t >> 8)) >> 8;
}

/*
 * The blends, per 8-bit component of A8R8G8B8 (inferred, docs/pgraph.rst
 * "The pixel pipeline"): BLEND_AND mixes S over D by source alpha times
 * BETA; the PREMULT operations scale S by BETA4 per component and
 * BLEND_PREMULT adds D scaled by what S's scaled alpha leaves.
 */
static uint32_t blend(const NV2dDraw *d, uint32_t s, uint32_t dst)
{
    uint32_t r = 0, f = mul8(s >> 24, d->beta);

    for (unsigned sh = 0; sh < 32; sh += 8) {
        uint32_t sc = s >> sh & 0xff, dc = dst >> sh & 0xff, c;

        switch (d->op) {
        case NV2D_OP_BLEND_AND:
            c = mul8(sc, f) + mul8(dc, 255 - f);
            break;
        case NV2D_OP_SRCCOPY_PREMULT:
            c = mul8(sc, d->beta4 >> sh & 0xff);
            break;
        default:
            c = mul8(sc, d->beta4 >> sh & 0xff) +
                mul8(dc, 255 - mul8(s >> 24, d->beta4 >> 24));
            break;
        }
        r |= MIN(c, 0xff) << sh;
    }
    return r;
}

static bool op_is_blend(unsigned op)
{
    return op == NV2D_OP_BLEND_AND || op >= NV2D_OP_SRCCOPY_PREMULT;
}

static bool clipped(const NV2dDraw *d, int32_t x, int32_t y)
{
    return x < d->cx0 || x >= d->cx1 || y < d->cy0 || y >= d->cy1;
}

/* Byte offset of destination pixel (@x, @y) in the DMA object. */
static uint64_t dst_addr(const NV2dDraw *d, int32_t x, int32_t y)
{
    if (d->swizzled) {
        return d->dst_offset +
               nv_swizzle(x, y, 0, d->swz_u, d->swz_v, 0) * d->bpp;
    }
    return d->dst_offset + (uint64_t)y * d->dst_pitch + (uint64_t)x * d->bpp;
}

static uint64_t src_addr(const NV2dDraw *d, int32_t x, int32_t y)
{
    return d->src_offset + (uint64_t)y * d->src_pitch +
           (uint64_t)x * d->src_bpp;
}

bool nv2d_dma_rw(NVCard *card, const NVDmaObj *o, uint64_t addr,
                   void *buf, uint32_t len, bool write)
{
    NVDmaObjFault f = NV_DMAOBJ_FAULT_LIMIT;

    if (addr + len <= UINT32_MAX + 1ull) {
        f = write ? nv_dmaobj_write(card, o, addr, buf, len)
                  : nv_dmaobj_read(card, o, addr, buf, len);
    }
    if (f != NV_DMAOBJ_OK) {
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: 2d: DMA object 0x%05x: %s "
               "fault %u at 0x%llx", o->inst, write ? "write" : "read", f,
               (unsigned long long)addr);
        nv20_pgraph_error(card, write ? NV20_NSOURCE_DMA_W_PROTECTION
                                      : NV20_NSOURCE_DMA_R_PROTECTION);
        return false;
    }
    return true;
}

bool nv2d_pixel(NVCard *card, const NV2dDraw *d, int32_t x, int32_t y,
                uint32_t src)
{
    uint64_t addr = dst_addr(d, x, y);
    uint8_t buf[8];     /* nv_ld_le() may read up to 8 */
    uint32_t s, dst = 0, r;

    if (clipped(d, x, y)) {
        return true;
    }
    /* the *_AND operations drop pixels of alpha 0 (intro.rst) */
    if (d->op <= NV2D_OP_BLEND_AND && !alpha_of(d->src_color, src)) {
        return true;
    }
    if (d->need_dst) {
        if (!nv2d_dma_rw(card, &d->dst, addr, buf, d->bpp, false)) {
            return false;
        }
        dst = nv_ld_le(buf, d->bpp);
    }
    s = convert(d, d->src_color, src);
    switch (d->op) {
    case NV2D_OP_ROP_AND:
        /* the NV1 ternary ROP, which NV4+ keep (docs/nv1.rst) */
        r = nv1_rop_bitwise(d->rop, pattern_at(card, d, x, y), s, dst);
        break;
    case NV2D_OP_SRCCOPY_AND:
    case NV2D_OP_SRCCOPY:
        r = s;
        break;
    default:
        r = d->dst_indexed ? s :
            from_argb(d, blend(d, nv2d_to_argb(d->src_color, src),
                               nv2d_to_argb(surface_formats[d->fmt].color, dst)));
        break;
    }
    nv_st_le(buf, r & d->mask, d->bpp);
    return nv2d_dma_rw(card, &d->dst, addr, buf, d->bpp, true);
}

bool nv2d_fill_rect_ref(NVCard *card, const NV2dDraw *d, int32_t x,
                        int32_t y, uint32_t w, uint32_t h, uint32_t src)
{
    for (uint32_t j = 0; j < h; j++) {
        for (uint32_t i = 0; i < w; i++) {
            if (!nv2d_pixel(card, d, x + i, y + j, src)) {
                return false;
            }
        }
    }
    return true;
}

/*
 * What a span may skip the pipeline for: a result that is the converted
 * source alone (SRCCOPY, an opaque SRCCOPY_AND, ROP_AND with ROP 0xcc)
 * on a linear surface.
 */
static bool source_only(const NV2dDraw *d, bool opaque)
{
    if (d->swizzled) {
        return false;
    }
    switch (d->op) {
    case NV2D_OP_SRCCOPY:
        return true;
    case NV2D_OP_SRCCOPY_AND:
        return opaque;
    case NV2D_OP_ROP_AND:
        return opaque && d->rop == 0xcc;
    }
    return false;
}

/* The part of a span [@x, @x + @n) on row @y that is drawn. */
static bool span_clip(const NV2dDraw *d, int32_t *x, int32_t y, uint32_t *n,
                      int32_t *skip)
{
    int64_t x0 = MAX(*x, d->cx0), x1 = MIN((int64_t)*x + *n, d->cx1);

    if (y < d->cy0 || y >= d->cy1 || x0 >= x1) {
        return false;
    }
    *skip = x0 - *x;
    *x = x0;
    *n = x1 - x0;
    return true;
}

/* A row buffer: 4 KiB, 1024 pixels of 32 bits. */
#define SPAN_BYTES  4096

/*
 * Whether [@addr, @addr + @len) of @o is within its limit: a span that
 * is not goes pixel by pixel, so that the pixels before the fault are
 * written as the reference writes them.
 */
static bool span_fits(const NVDmaObj *o, uint64_t addr, uint64_t len)
{
    return addr + len - 1 <= o->limit;
}

/*
 * The fast fill: one row of the converted colour is built once and
 * copied to each row, in 4 KiB pieces.  A row past the DMA limit goes
 * pixel by pixel, to fault where the reference faults.
 */
bool nv2d_fill_rect(NVCard *card, const NV2dDraw *d, int32_t x, int32_t y,
                    uint32_t w, uint32_t h, uint32_t src)
{
    uint8_t buf[SPAN_BYTES];
    uint32_t v, per;
    int32_t skip, y1 = MIN((int64_t)y + h, d->cy1);

    if (!source_only(d, alpha_of(d->src_color, src))) {
        return nv2d_fill_rect_ref(card, d, x, y, w, h, src);
    }
    y = MAX(y, d->cy0);
    if (y >= y1 || !span_clip(d, &x, y, &w, &skip)) {
        return true;
    }
    v = convert(d, d->src_color, src) & d->mask;
    per = MIN(w, SPAN_BYTES / d->bpp);
    nv_st_le(buf, v, d->bpp);
    for (uint32_t have = 1; have < per; have *= 2) {
        memcpy(buf + have * d->bpp, buf, MIN(have, per - have) * d->bpp);
    }
    for (; y < y1; y++) {
        if (!span_fits(&d->dst, dst_addr(d, x, y), (uint64_t)w * d->bpp)) {
            return nv2d_fill_rect_ref(card, d, x, y, w, 1, src);
        }
        for (uint32_t i = 0; i < w; i += per) {
            uint32_t k = MIN(w - i, per);

            if (!nv2d_dma_rw(card, &d->dst, dst_addr(d, x + i, y), buf,
                             k * d->bpp, true)) {
                return false;
            }
        }
    }
    return true;
}

bool nv2d_src_pixel(NVCard *card, const NV2dDraw *d, int32_t x, int32_t y,
                    uint32_t *v)
{
    uint8_t buf[8];     /* nv_ld_le() may read up to 8 */

    if (!nv2d_dma_rw(card, &d->src, src_addr(d, x, y), buf, d->src_bpp,
                     false)) {
        return false;
    }
    *v = nv_ld_le(buf, d->src_bpp);
    return true;
}

bool nv2d_blit_span_ref(NVCard *card, const NV2dDraw *d, int32_t sx,
                        int32_t sy, int32_t x, int32_t y, uint32_t n,
                        bool rtl)
{
    for (uint32_t k = 0; k < n; k++) {
        uint32_t i = rtl ? n - 1 - k : k, v;

        if (clipped(d, x + i, y)) {
            continue;
        }
        if (!nv2d_src_pixel(card, d, sx + i, sy, &v) ||
            !nv2d_pixel(card, d, x + i, y, v)) {
            return false;
        }
    }
    return true;
}

/* Where offset @off of linear object @o is, to compare two objects. */
static uint64_t linear_addr(const NVDmaObj *o, uint64_t off)
{
    return (uint64_t)o->target << 40 | ((o->pte0 & ~0xfffull) + o->adjust +
                                        off);
}

/*
 * Whether copying [@s, @s + @len) to [@t, ...) a chunk at a time, in the
 * span's direction, reads every byte before the span writes it, as the
 * reference's pixel order does: apart, or the destination behind the
 * source in that direction.
 */
static bool chunks_safe(const NV2dDraw *d, uint64_t s, uint64_t t,
                        uint64_t len, bool rtl)
{
    if (!d->src.linear || !d->dst.linear) {
        return false;
    }
    s = linear_addr(&d->src, s);
    t = linear_addr(&d->dst, t);
    return t + len <= s || s + len <= t || (rtl ? t >= s : t <= s);
}

/*
 * AND @len bytes of pixels with the destination mask, 8 bytes at a time
 * (a bitwise AND does not care about byte order once both sides are in
 * memory order; SPAN_BYTES is a multiple of 8).
 */
static void mask_pixels(const NV2dDraw *d, uint8_t *buf, uint32_t len)
{
    uint8_t pattern[8];
    uint64_t m, w;

    for (unsigned i = 0; i < 8; i += d->bpp) {
        nv_st_le(pattern + i, d->mask, d->bpp);
    }
    memcpy(&m, pattern, 8);
    for (uint32_t i = 0; i < len; i += 8) {
        memcpy(&w, buf + i, 8);
        w &= m;
        memcpy(buf + i, &w, 8);
    }
}

/*
 * The fast blit: source and destination in one format and the result
 * the source, so a row is read into a buffer and written back masked,
 * in chunks ordered as the reference's pixels.
 */
bool nv2d_blit_span(NVCard *card, const NV2dDraw *d, int32_t sx, int32_t sy,
                    int32_t x, int32_t y, uint32_t n, bool rtl)
{
    uint8_t buf[SPAN_BYTES];
    NV2dColor dc = surface_formats[d->fmt].color;
    uint32_t per = SPAN_BYTES / d->bpp;
    uint64_t len;
    int32_t skip;

    if (d->src_color != dc ||
        !source_only(d, !has_alpha(dc))) {
        return nv2d_blit_span_ref(card, d, sx, sy, x, y, n, rtl);
    }
    if (!span_clip(d, &x, y, &n, &skip)) {
        return true;
    }
    sx += skip;
    len = (uint64_t)n * d->bpp;
    if (!span_fits(&d->src, src_addr(d, sx, sy), len) ||
        !span_fits(&d->dst, dst_addr(d, x, y), len) ||
        !chunks_safe(d, src_addr(d, sx, sy), dst_addr(d, x, y), len, rtl)) {
        return nv2d_blit_span_ref(card, d, sx, sy, x, y, n, rtl);
    }
    while (n) {
        uint32_t k = MIN(n, per), off = rtl ? n - k : 0;

        if (!nv2d_dma_rw(card, &d->src, src_addr(d, sx + off, sy), buf,
                         k * d->bpp, false)) {
            return false;
        }
        if (d->mask != 0xffffffffu >> (32 - 8 * d->bpp)) {
            mask_pixels(d, buf, k * d->bpp);
        }
        if (!nv2d_dma_rw(card, &d->dst, dst_addr(d, x + off, y), buf,
                         k * d->bpp, true)) {
            return false;
        }
        if (!rtl) {
            sx += k;
            x += k;
        }
        n -= k;
    }
    return true;
}

/*
 * The destination of object @o: its surface link says which surface
 * (docs/pgraph.rst "Context objects", SWZSURF).
 */
static bool draw_surface(NVCard *card, const NV2dObject *o, NV2dDraw *d)
{
    NV2dState *s = nv2d(card);
    bool swz = o->links & NV2D_LINK_SWZSURF;

    d->fmt = swz ? s->surf.swz_format & 0xff : s->surf.format;
    if (d->fmt >= G_N_ELEMENTS(surface_formats) ||
        !surface_formats[d->fmt].bpp) {
        return false;
    }
    d->bpp = surface_formats[d->fmt].bpp;
    d->mask = surface_formats[d->fmt].mask;
    d->dst_indexed = color_indexed(surface_formats[d->fmt].color);
    d->swizzled = swz;
    if (swz) {
        d->swz_u = MIN(s->surf.swz_format >> 16 & 0xff, 11);
        d->swz_v = MIN(s->surf.swz_format >> 24, 11);
        d->dst_offset = s->surf.swz_offset;
        nv_dmaobj_load(card, s->surf.swz_dma << 4, &d->dst);
        /* a swizzled surface ends at its size */
        d->cx1 = MIN(d->cx1, 1 << d->swz_u);
        d->cy1 = MIN(d->cy1, 1 << d->swz_v);
    } else {
        d->dst_offset = s->surf.offset_dst;
        d->dst_pitch = s->surf.pitch >> 16;
        nv_dmaobj_load(card, s->surf.dma_dst << 4, &d->dst);
    }
    return true;
}

bool nv2d_draw_begin(NVCard *card, unsigned subc, NV2dColor color,
                     bool blit, NV2dDraw *d)
{
    NV2dState *s = nv2d(card);
    const NV2dObject *o = nv2d_obj(card, subc);

    memset(d, 0, sizeof(*d));
    /* inferred: nothing is drawn left of or above the surface's origin */
    d->cx1 = d->cy1 = INT32_MAX;
    if (!(o->links & NV2D_LINK_SURFACE) || !draw_surface(card, o, d)) {
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: 2d: class 0x%04x draws "
               "without a valid surface", o->cls);
        nv20_pgraph_error(card, NV20_NSOURCE_STATE_INVALID);
        return false;
    }
    if (o->links & NV2D_LINK_CLIP) {
        nv2d_draw_clip(d, s->clip_min, s->clip_max);
    }
    if (blit) {
        d->src_offset = s->surf.offset_src;
        d->src_pitch = s->surf.pitch & 0xffff;
        d->src_bpp = d->bpp;
        nv_dmaobj_load(card, s->surf.dma_src << 4, &d->src);
        nv2d_surface_color(s->surf.format, &color);
    }
    d->src_color = color;
    d->op = o->operation;
    d->rop = *nv20_reg(card, NV2D_PGRAPH_ROP);
    d->beta = *nv20_reg(card, NV2D_PGRAPH_BETA) >> 23;
    d->beta4 = *nv20_reg(card, NV2D_PGRAPH_BETA4);
    d->need_dst = op_is_blend(d->op) ||
                  (d->op == NV2D_OP_ROP_AND &&
                   ((d->rop ^ d->rop >> 1) & 0x55));
    return true;
}

void nv2d_draw_clip(NV2dDraw *d, uint32_t min, uint32_t max)
{
    d->cx0 = MAX(d->cx0, (int16_t)min);
    d->cy0 = MAX(d->cy0, (int16_t)(min >> 16));
    d->cx1 = MIN(d->cx1, (int16_t)max);
    d->cy1 = MIN(d->cy1, (int16_t)(max >> 16));
}
