/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the ROP of the NV2x-NV4x 3D pipeline (docs/rop3d.rst has the
 * encodings, the per-pixel order and what is inferred).
 *
 * State comes from the ROP bundles (envytools docs/hw/graph/bundles.rst
 * "ROP bundles") and the surface method words (rnndb graph/nv20_3d.xml,
 * graph/nv30-40_3d.xml).  Every memory access is checked against its
 * DMA object's size in 64-bit arithmetic: a pixel outside is dropped and
 * NV_ROP_FAULT_BOUNDS set, whatever the guest's offsets and pitches.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hw/nv/swizzle.h"
#include "hw/nv/rop/rop.h"

/* Bundle ids (bundles.rst "Celsius/Kelvin/Rankine/Curie bundles"). */
#define B_CONFIG_A          0x053
#define B_STENCIL_A         0x054
#define B_STENCIL_B         0x055
#define B_CLEAR_ZETA        0x0a2
#define K_BLEND             0x001
#define K_BLEND_COLOR       0x002
#define K_CLEAR_COLOR       0x01b
#define R_BLEND             0x082
#define R_BLEND_COLOR       0x083
#define R_CLEAR_COLOR       0x086
#define R_STENCIL_C         0x087
#define R_STENCIL_D         0x088
/* Curie's own: where its DEPTH_BOUNDS_TEST_ZMIN/ZMAX and ALPHA_FUNC_REF go */
#define C_DEPTH_BOUNDS_MIN  0x0c8
#define C_DEPTH_BOUNDS_MAX  0x0c9
#define C_ALPHA_FUNC_REF    0x0e4

/* The largest swizzled side: 4096 pixels (NV_RASTER_MAX_SIZE). */
#define MAX_LOG2            12

static uint32_t field(uint32_t v, unsigned lo, unsigned bits)
{
    return v >> lo & ((1u << bits) - 1);
}

static float from_bits(uint32_t v)
{
    float f;

    memcpy(&f, &v, sizeof(f));
    return f;
}

static void decode_stencil(NVRopStencil *s, uint32_t func, uint32_t ref,
                           uint32_t func_mask, uint32_t write_mask,
                           uint32_t ops_fail_zfail_zpass)
{
    s->func = func & 7;
    s->ref = ref;
    s->func_mask = func_mask;
    s->write_mask = write_mask;
    s->op_fail = ops_fail_zfail_zpass & 0xf;
    s->op_zfail = ops_fail_zfail_zpass >> 4 & 0xf;
    s->op_zpass = ops_fail_zfail_zpass >> 8 & 0xf;
}

void nv_rop_decode(NVRopState *st, NVRopGen gen, const uint32_t *bundle)
{
    bool kelvin = gen == NV_ROP_KELVIN, curie = gen == NV_ROP_CURIE;
    uint32_t a = bundle[B_CONFIG_A], sa = bundle[B_STENCIL_A];
    uint32_t sb = bundle[B_STENCIL_B];
    uint32_t blend = bundle[kelvin ? K_BLEND : R_BLEND];
    uint8_t cmask;
    bool blend_on;

    memset(st, 0, sizeof(*st));
    /* CONFIG_A; ALPHA_REF and COLOR_MASK left it on NV40 */
    st->alpha_ref = curie ? bundle[C_ALPHA_FUNC_REF] & 0xff : a & 0xff;
    st->alpha_func = field(a, 8, 4) & 7;
    st->alpha_test = a >> 12 & 1;
    st->depth_test = a >> 14 & 1;
    st->depth_func = field(a, 16, 4) & 7;
    st->dither = a >> 22 & 1;
    st->depth_write = a >> 24 & 1;
    /* COLOR_MASK_A, _R, _G, _B at bits 26-29; Curie: nv_rop_decode_mthd */
    cmask = curie ? NV_ROP_MASK_RGBA :
            (a >> 26 & 1 ? NV_ROP_MASK_A : 0) |
            (a >> 27 & 1 ? NV_ROP_MASK_R : 0) |
            (a >> 28 & 1 ? NV_ROP_MASK_G : 0) |
            (a >> 29 & 1 ? NV_ROP_MASK_B : 0);

    /* STENCIL_A/B; the back face's STENCIL_C/D from Rankine on */
    st->stencil_test = sa & 1;
    st->two_sided = !kelvin && (sa >> 1 & 1);
    decode_stencil(&st->stencil[0], field(sa, 4, 4), field(sa, 8, 8),
                   field(sa, 16, 8), field(sa, 24, 8), sb);
    if (!kelvin) {
        uint32_t sc = bundle[R_STENCIL_C], sd = bundle[R_STENCIL_D];

        decode_stencil(&st->stencil[1], field(sd, 16, 4), field(sd, 0, 8),
                       field(sd, 8, 8), field(sc, 0, 8),
                       field(sc, 16, 4) | field(sc, 12, 4) << 4 |
                       field(sc, 8, 4) << 8);
    }

    /*
     * BLEND: Kelvin has one equation and one factor pair; Rankine adds
     * the alpha factors (_1), Curie the alpha equation and moves the
     * enable from bit 3 to bit 28.
     */
    st->eq_rgb = blend & 7;
    st->eq_a = curie ? field(blend, 17, 3) : st->eq_rgb;
    st->src_rgb = field(blend, 4, 4);
    st->dst_rgb = field(blend, 8, 4);
    st->src_a = kelvin ? st->src_rgb : field(blend, 20, 4);
    st->dst_a = kelvin ? st->dst_rgb : field(blend, 24, 4);
    st->logic_op_op = field(blend, 12, 4);
    st->logic_op = blend >> 16 & 1;
    blend_on = blend >> (curie ? 28 : 3) & 1;
    for (unsigned t = 0; t < NV_ROP_TARGETS; t++) {
        st->blend[t] = blend_on;
        st->color_mask[t] = cmask;
    }
    st->blend_color = bundle[kelvin ? K_BLEND_COLOR : R_BLEND_COLOR];

    if (curie) {
        st->bounds_min = from_bits(bundle[C_DEPTH_BOUNDS_MIN]);
        st->bounds_max = from_bits(bundle[C_DEPTH_BOUNDS_MAX]);
    }
    st->clear_color = bundle[kelvin ? K_CLEAR_COLOR : R_CLEAR_COLOR];
    st->clear_zeta = bundle[B_CLEAR_ZETA];
}

void nv_rop_decode_mthd(NVRopState *st, NVRopGen gen,
                        const NVRopMthdRegs *m)
{
    if (gen == NV_ROP_KELVIN) {
        return;
    }
    st->depth_bounds = m->depth_bounds_enable != 0;
    if (gen == NV_ROP_RANKINE) {
        st->bounds_min = from_bits(m->depth_bounds_zmin);
        st->bounds_max = from_bits(m->depth_bounds_zmax);
        return;
    }
    /* COLOR_MASK: B, G, R, A bytes; MRT_COLOR_MASK: A R G B per nibble */
    st->color_mask[0] = (m->color_mask & 0xff ? NV_ROP_MASK_B : 0) |
                        (m->color_mask & 0xff00 ? NV_ROP_MASK_G : 0) |
                        (m->color_mask & 0xff0000 ? NV_ROP_MASK_R : 0) |
                        (m->color_mask & 0xff000000 ? NV_ROP_MASK_A : 0);
    for (unsigned t = 1; t < NV_ROP_TARGETS; t++) {
        uint32_t n = field(m->mrt_color_mask, 4 * t, 4);

        st->color_mask[t] = (n & 1 ? NV_ROP_MASK_A : 0) |
                            (n & 2 ? NV_ROP_MASK_R : 0) |
                            (n & 4 ? NV_ROP_MASK_G : 0) |
                            (n & 8 ? NV_ROP_MASK_B : 0);
        st->blend[t] = m->mrt_blend_enable >> t & 1;
    }
}

/* ---- surface formats ---- */

enum { FMT_UNORM = 1, FMT_HALF, FMT_FLOAT };

/*
 * A colour format: unorm channels R, G, B, A at @shift, @bits wide (0:
 * absent) in a little-endian word of @bpp bytes, with X bits @x_mask
 * written as @x_val; or the first @nch of the float channels R, G, B, A,
 * binary16 (FMT_HALF) or binary32 (FMT_FLOAT).
 */
typedef struct Fmt {
    uint8_t bpp, kind, nch;
    uint8_t shift[4], bits[4];
    uint32_t x_mask, x_val;
} Fmt;

/*
 * rnndb nv10_rt_color_format, with the X1R5G5B5 and X1A7R8G8B8 variants
 * of NV4's surface formats (graph/nv4_3d.xml FORMAT COLOR) that Mesa's
 * nv30_format.c still uses (2, X1R5G5B5): the "Z" ones write zeros into
 * the X bits, the others ones (inferred).
 */
static const Fmt formats[0x11] = {
    [0x01] = { 2, FMT_UNORM, 0, { 10, 5, 0, 0 }, { 5, 5, 5, 0 }, 0x8000, 0 },
    [0x02] = { 2, FMT_UNORM, 0, { 10, 5, 0, 0 }, { 5, 5, 5, 0 }, 0x8000,
               0x8000 },
    [0x03] = { 2, FMT_UNORM, 0, { 11, 5, 0, 0 }, { 5, 6, 5, 0 }, 0, 0 },
    [0x04] = { 4, FMT_UNORM, 0, { 16, 8, 0, 0 }, { 8, 8, 8, 0 }, 0xff000000,
               0 },
    [0x05] = { 4, FMT_UNORM, 0, { 16, 8, 0, 0 }, { 8, 8, 8, 0 }, 0xff000000,
               0xff000000 },
    [0x06] = { 4, FMT_UNORM, 0, { 16, 8, 0, 24 }, { 8, 8, 8, 7 },
               0x80000000, 0 },
    [0x07] = { 4, FMT_UNORM, 0, { 16, 8, 0, 24 }, { 8, 8, 8, 7 },
               0x80000000, 0x80000000 },
    [0x08] = { 4, FMT_UNORM, 0, { 16, 8, 0, 24 }, { 8, 8, 8, 8 }, 0, 0 },
    [0x09] = { 1, FMT_UNORM, 0, { 0, 0, 0, 0 }, { 0, 0, 8, 0 }, 0, 0 },
    /* Rankine and Curie: NV30_3D- variants */
    [0x0b] = { 8, FMT_HALF, 4 },
    [0x0c] = { 16, FMT_FLOAT, 4 },
    [0x0d] = { 4, FMT_FLOAT, 1 },
    [0x0f] = { 4, FMT_UNORM, 0, { 0, 8, 16, 0 }, { 8, 8, 8, 0 }, 0xff000000,
               0xff000000 },
    [0x10] = { 4, FMT_UNORM, 0, { 0, 8, 16, 24 }, { 8, 8, 8, 8 }, 0, 0 },
};

static const Fmt *color_fmt(NVRopGen gen, unsigned code)
{
    if (code >= G_N_ELEMENTS(formats) || !formats[code].bpp ||
        (gen == NV_ROP_KELVIN && code > 0x09)) {
        return NULL;
    }
    return &formats[code];
}

/* The bits of unorm channel @c (0-3: R, G, B, A) in @f's word. */
static uint32_t chan_mask(const Fmt *f, unsigned c)
{
    return (uint32_t)((1ull << f->bits[c]) - 1) << f->shift[c];
}

/* The word bits channel mask @m (NV_ROP_MASK_*) covers. */
static uint32_t word_mask(const Fmt *f, unsigned m)
{
    uint32_t r = 0;

    for (unsigned c = 0; c < 4; c++) {
        if (m & 1u << c) {
            r |= chan_mask(f, c);
        }
    }
    return r;
}

/* The byte mask of float channel mask @m in a @f pixel. */
static void float_byte_mask(const Fmt *f, unsigned m, uint8_t *bm)
{
    unsigned sz = f->kind == FMT_HALF ? 2 : 4;

    for (unsigned b = 0; b < f->bpp; b++) {
        bm[b] = m >> (b / sz) & 1 ? 0xff : 0;
    }
}

void nv_rop_surface_decode(NVRopSurface *s, NVRopGen gen,
                           const NVRopSurfaceRegs *r)
{
    bool kelvin = gen == NV_ROP_KELVIN, curie = gen == NV_ROP_CURIE;
    uint32_t f = r->rt_format, type = field(f, 8, 4), zeta;
    const Fmt *cf;
    int32_t lim_x = NV_RASTER_MAX_SIZE, lim_y = NV_RASTER_MAX_SIZE;

    memset(s, 0, sizeof(*s));
    /* RT_FORMAT: Kelvin's COLOR is bits 0-3 and DEPTH 4-5 (nv10_3d.xml) */
    s->color_format = kelvin ? field(f, 0, 4) : field(f, 0, 5);
    zeta = kelvin ? field(f, 4, 2) : field(f, 5, 3);
    s->zeta_format = zeta == 1 ? NV_ROP_ZETA_Z16 :
                     zeta == 2 ? NV_ROP_ZETA_Z24S8 : NV_ROP_ZETA_NONE;
    /* TYPE 1 LINEAR, 2 SWIZZLED; anything else taken as LINEAR */
    s->swizzled = type == 2;
    if (s->swizzled) {
        s->log2_w = MIN(field(f, 16, 8), MAX_LOG2);
        s->log2_h = MIN(field(f, 24, 8), MAX_LOG2);
        lim_x = 1 << s->log2_w;
        lim_y = 1 << s->log2_h;
    }
    s->x0 = MIN((int32_t)field(r->rt_horiz, 0, 16), lim_x);
    s->y0 = MIN((int32_t)field(r->rt_vert, 0, 16), lim_y);
    s->x1 = MIN(s->x0 + (int32_t)field(r->rt_horiz, 16, 16), lim_x);
    s->y1 = MIN(s->y0 + (int32_t)field(r->rt_vert, 16, 16), lim_y);

    /*
     * Offsets: Mesa's nv30_state_validate.c says the hardware rounds a
     * render target's offset down to 64 bytes.  Pitches: Kelvin's
     * RT_PITCH and Rankine's COLOR0_PITCH carry colour 0 in bits 0-15
     * and zeta in 16-31; the others are whole words.
     */
    cf = color_fmt(gen, s->color_format);
    for (unsigned t = 0; t < NV_ROP_TARGETS; t++) {
        NVRopBuffer *b = &s->color[t];

        b->enabled = kelvin ? t == 0 :
                     t < (curie ? 4u : 2u) && (r->rt_enable >> t & 1);
        b->bpp = cf ? cf->bpp : 0;
        b->offset = r->color_offset[t] & ~63u;
        b->pitch = r->color_pitch[t];
    }
    if (!curie) {
        s->color[0].pitch = field(r->color_pitch[0], 0, 16);
    }
    s->zeta.enabled = s->zeta_format != NV_ROP_ZETA_NONE;
    s->zeta.bpp = s->zeta_format == NV_ROP_ZETA_Z16 ? 2 : 4;
    s->zeta.offset = r->zeta_offset & ~63u;
    s->zeta.pitch = curie ? r->zeta_pitch : field(r->color_pitch[0], 16, 16);
}

void nv_rop_init(NVRop *rop, NVRopGen gen, NVRopDirty *dirty, void *opaque)
{
    memset(rop, 0, sizeof(*rop));
    rop->gen = gen;
    rop->dirty = dirty;
    rop->opaque = opaque;
}

/* ---- memory ---- */

static void dirty_flush(NVRop *rop)
{
    for (unsigned m = 0; m < NV_ROP_MEMS; m++) {
        if (rop->pend_len[m] && rop->dirty) {
            rop->dirty(rop->opaque, m, rop->pend_off[m], rop->pend_len[m]);
        }
        rop->pend_len[m] = 0;
    }
}

/* Bytes [off, off + len) of memory @m written: extend or report. */
static void dirty_add(NVRop *rop, unsigned m, uint64_t off, uint64_t len)
{
    uint64_t *po = &rop->pend_off[m], *pl = &rop->pend_len[m];

    if (*pl && off == *po + *pl) {
        *pl += len;
        return;
    }
    if (*pl && off + len == *po) {
        *po = off;
        *pl += len;
        return;
    }
    if (*pl && rop->dirty) {
        rop->dirty(rop->opaque, m, *po, *pl);
    }
    *po = off;
    *pl = len;
}

/* Whether bytes [@o, @o + @len) are all inside memory @m. */
static bool in_mem(const NVRop *rop, unsigned m, uint64_t o, uint64_t len)
{
    return rop->mem[m].base && o <= rop->mem[m].size &&
           rop->mem[m].size - o >= len;
}

/*
 * The byte offset of pixel (@x, @y), inside the window, of buffer @b in
 * memory @m, or false (and a fault) if its @b->bpp bytes are not all in
 * the memory.
 */
static bool pixel_at(NVRop *rop, unsigned m, const NVRopBuffer *b,
                     int32_t x, int32_t y, uint64_t *off)
{
    const NVRopSurface *s = &rop->surf;
    uint64_t o = b->offset;

    if (s->swizzled) {
        o += nv_swizzle(x, y, 0, s->log2_w, s->log2_h, 0) * b->bpp;
    } else {
        o += (uint64_t)y * b->pitch + (uint64_t)x * b->bpp;
    }
    if (!in_mem(rop, m, o, b->bpp)) {
        rop->fault |= NV_ROP_FAULT_BOUNDS;
        return false;
    }
    *off = o;
    return true;
}

static uint32_t load(const uint8_t *p, unsigned n)
{
    uint32_t v = 0;

    for (unsigned i = 0; i < n; i++) {
        v |= (uint32_t)p[i] << 8 * i;
    }
    return v;
}

static void store(uint8_t *p, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++) {
        p[i] = v >> 8 * i;
    }
}

/* ---- arithmetic ---- */

/* GL's "@a FUNC @b" (the fragment's value first). */
static bool compare(unsigned func, uint32_t a, uint32_t b)
{
    switch (func) {
    case NV_ROP_NEVER:
        return false;
    case NV_ROP_LESS:
        return a < b;
    case NV_ROP_EQUAL:
        return a == b;
    case NV_ROP_LEQUAL:
        return a <= b;
    case NV_ROP_GREATER:
        return a > b;
    case NV_ROP_NOTEQUAL:
        return a != b;
    case NV_ROP_GEQUAL:
        return a >= b;
    default:
        return true;
    }
}

/* @v in [0, 1] (NaN 0) to an integer of @max, rounded to nearest. */
static uint32_t to_unorm(float v, uint32_t max)
{
    if (!(v > 0)) {
        return 0;
    }
    if (v >= 1) {
        return max;
    }
    return (uint32_t)((double)v * max + 0.5);
}

/* The 4x4 ordered dither thresholds (Bayer), index [y & 3][x & 3]. */
static const uint8_t bayer[4][4] = {
    { 0, 8, 2, 10 }, { 12, 4, 14, 6 }, { 3, 11, 1, 9 }, { 15, 7, 13, 5 },
};

/*
 * An 8-bit value to @bits bits: round(c * max / 255), or with dithering
 * floor(c * max / 255 + (t + 0.5) / 16) for threshold @t; an average
 * threshold (7.5) is the plain rounding.
 */
static uint32_t narrow(uint32_t c, unsigned bits, int dither_t)
{
    uint32_t max = (1u << bits) - 1;
    uint32_t t = dither_t < 0 ? 16 : 2 * (uint32_t)dither_t + 1;

    /* 8 bits undithered: (c * 255 * 32 + 16 * 255) / (255 * 32) is c */
    if (bits == 8 && dither_t < 0) {
        return c;
    }
    return (c * max * 32 + t * 255) / (255 * 32);
}

/* A @bits-bit value back to 8 bits: round(v * 255 / max). */
static uint32_t widen(uint32_t v, unsigned bits)
{
    uint32_t max = (1u << bits) - 1;

    return bits == 8 ? v : (v * 255 * 2 + max) / (2 * max);
}

/*
 * Blend factor @code for channel @c (3: alpha) of source @s, destination
 * @d and constant @k, in units where @one is 1.  bundles.rst's codes
 * come in pairs, the odd one the even one's ONE_MINUS_ (ZERO and ONE
 * too), but for 0xa SRC_ALPHA_SATURATE, whose partner 0xb has no name
 * and is taken as ZERO (inferred).
 */
static float factor(unsigned code, unsigned c, const float *s,
                    const float *d, const float *k, float one)
{
    /*
     * By pair: ZERO/ONE, SRC_COLOR, SRC_ALPHA, DST_ALPHA, DST_COLOR,
     * SRC_ALPHA_SATURATE, CONSTANT_COLOR, CONSTANT_ALPHA.
     */
    const float *from[8] = { NULL, s, s, d, d, NULL, k, k };
    static const bool alpha[8] = { 0, 0, 1, 1, 0, 0, 0, 1 };
    unsigned pair = code >> 1 & 7;
    float v;

    if (code == NV_ROP_BF_SRC_ALPHA_SATURATE) {
        return c == 3 ? one : MIN(s[3], one - d[3]);
    }
    if (pair == NV_ROP_BF_SRC_ALPHA_SATURATE >> 1) {
        return 0;
    }
    v = from[pair] ? from[pair][alpha[pair] ? 3 : c] : 0;
    return code & 1 ? one - v : v;
}

/*
 * GL's blend equations on @s and @d in units where @one is 1.  Unorm
 * targets blend 8-bit values (@one 255): each product round(a * b / 255)
 * (for integers the quotient is at least 1/510 from a half, far more
 * than the single-precision error), the result clamped to [0, 255].
 * Float targets blend unclamped (GL 3.0).  MIN and MAX ignore the
 * factors; the codes 5-7 bundles.rst leaves unnamed act as ADD
 * (inferred).
 */
static void blend(const NVRopState *st, const float *s, const float *d,
                  float one, bool unorm, float *out)
{
    uint32_t bc = st->blend_color;
    float inv = 1 / one;
    float k[4] = { 0, 0, 0, 0 };

    /* the constant only for the CONSTANT_* factors (factor()'s pairs 6, 7) */
    if ((st->src_rgb >> 1 & 7) >= 6 || (st->dst_rgb >> 1 & 7) >= 6 ||
        (st->src_a >> 1 & 7) >= 6 || (st->dst_a >> 1 & 7) >= 6) {
        k[0] = (bc >> 16 & 0xff) * one / 255;
        k[1] = (bc >> 8 & 0xff) * one / 255;
        k[2] = (bc & 0xff) * one / 255;
        k[3] = (bc >> 24) * one / 255;
    }
    for (unsigned c = 0; c < 4; c++) {
        unsigned eq = c == 3 ? st->eq_a : st->eq_rgb;
        unsigned sf = c == 3 ? st->src_a : st->src_rgb;
        unsigned df = c == 3 ? st->dst_a : st->dst_rgb;
        float sv = s[c] * factor(sf, c, s, d, k, one) * inv;
        float dv = d[c] * factor(df, c, s, d, k, one) * inv;

        if (unorm) {
            sv = (uint32_t)(sv + 0.5f);
            dv = (uint32_t)(dv + 0.5f);
        }
        switch (eq) {
        case NV_ROP_EQ_SUBTRACT:
            out[c] = sv - dv;
            break;
        case NV_ROP_EQ_REVERSE_SUBTRACT:
            out[c] = dv - sv;
            break;
        case NV_ROP_EQ_MIN:
            out[c] = MIN(s[c], d[c]);
            break;
        case NV_ROP_EQ_MAX:
            out[c] = MAX(s[c], d[c]);
            break;
        default:
            out[c] = sv + dv;
            break;
        }
        if (unorm) {
            out[c] = CLAMP(out[c], 0, one);
        }
    }
}

/*
 * GL logic op @op (bundles.rst COLOR_LOGIC_OP_OP, GL's order) on @s and
 * @d: bit 3 of the code gives the result where both are 0, bit 2 where
 * only d is 1, bit 1 where only s is 1, bit 0 where both are.
 */
static uint32_t logic_op(unsigned op, uint32_t s, uint32_t d)
{
    return (op & 8 ? ~s & ~d : 0) | (op & 4 ? ~s & d : 0) |
           (op & 2 ? s & ~d : 0) | (op & 1 ? s & d : 0);
}

/* Shift @v right by @s bits, rounding to nearest even. */
static uint32_t shift_rne(uint32_t v, unsigned s)
{
    uint32_t r = v >> s, rem = v & ((1u << s) - 1), half = 1u << (s - 1);

    return r + (rem > half || (rem == half && (r & 1)));
}

/* IEEE binary16 of @f, rounded to nearest even. */
static uint16_t to_half(float f)
{
    uint32_t u, sign, e, m;
    int32_t he;

    memcpy(&u, &f, sizeof(u));
    sign = u >> 16 & 0x8000;
    e = u >> 23 & 0xff;
    m = u & 0x7fffff;
    if (e == 0xff) {
        return sign | 0x7c00 | (m ? 0x200 : 0);
    }
    he = (int32_t)e - 127 + 15;
    if (he >= 0x1f) {
        return sign | 0x7c00;
    }
    if (he <= 0) {
        /* a subnormal or zero half; the shift is 14 to 24 */
        return he < -10 ? sign : sign | shift_rne(m | 0x800000, 14 - he);
    }
    /* a carry out of the mantissa moves to the exponent, up to infinity */
    return sign | MIN(shift_rne((uint32_t)he << 23 | m, 13), 0x7c00u);
}

static float from_half(uint16_t h)
{
    uint32_t e = h >> 10 & 0x1f, m = h & 0x3ff;
    float v;

    if (e == 0x1f) {
        v = m ? NAN : INFINITY;
    } else if (e) {
        v = ldexpf(1024 + m, (int)e - 25);
    } else {
        v = ldexpf(m, -24);
    }
    return h & 0x8000 ? -v : v;
}

/* ---- per pixel ---- */

static uint32_t stencil_op(unsigned op, uint32_t s, uint32_t ref)
{
    switch (op) {
    case NV_ROP_SOP_ZERO:
        return 0;
    case NV_ROP_SOP_REPLACE:
        return ref;
    case NV_ROP_SOP_INCR:
        return s < 255 ? s + 1 : 255;
    case NV_ROP_SOP_DECR:
        return s ? s - 1 : 0;
    case NV_ROP_SOP_INVERT:
        return ~s & 0xff;
    case NV_ROP_SOP_INCR_WRAP:
        return (s + 1) & 0xff;
    case NV_ROP_SOP_DECR_WRAP:
        return (s - 1) & 0xff;
    default:                    /* KEEP, and the codes without a name */
        return s;
    }
}

/* The stencil value @s after @op under face @f's write mask. */
static uint32_t stencil_update(const NVRopStencil *f, unsigned op,
                               uint32_t s)
{
    uint32_t n = stencil_op(op, s, f->ref);

    return (s & ~(uint32_t)f->write_mask) | (n & f->write_mask);
}

/*
 * Zeta tests of the pixel at zeta byte @off: depth bounds, stencil,
 * depth, and the stencil and depth writes.  True if the fragment goes
 * on to the colour targets.
 */
static bool zeta_tests(NVRop *rop, uint64_t off, float z, bool back)
{
    const NVRopState *st = &rop->st;
    bool z24 = rop->surf.zeta_format == NV_ROP_ZETA_Z24S8;
    uint8_t *p = rop->mem[NV_ROP_MEM_ZETA].base + off;
    uint32_t zv = load(p, z24 ? 4 : 2), nv = zv;
    uint32_t zmax = z24 ? 0xffffff : 0xffff;
    uint32_t stored = z24 ? zv >> 8 : zv, frag = to_unorm(z, zmax);
    const NVRopStencil *f = &st->stencil[st->two_sided && back];
    bool stencil = st->stencil_test && z24, pass = true;
    uint32_t s = zv & 0xff;

    if (st->depth_bounds) {
        float sz = (float)stored / zmax;

        if (!(sz >= st->bounds_min && sz <= st->bounds_max)) {
            return false;
        }
    }
    if (stencil && !compare(f->func, f->ref & f->func_mask,
                            s & f->func_mask)) {
        s = stencil_update(f, f->op_fail, s);
        pass = false;
    } else if (st->depth_test && !compare(st->depth_func, frag, stored)) {
        s = stencil ? stencil_update(f, f->op_zfail, s) : s;
        pass = false;
    } else {
        s = stencil ? stencil_update(f, f->op_zpass, s) : s;
        if (st->depth_test && st->depth_write) {
            nv = z24 ? frag << 8 | (nv & 0xff) : frag;
        }
    }
    if (z24) {
        nv = (nv & ~0xffu) | s;
    }
    if (nv != zv) {
        store(p, z24 ? 4 : 2, nv);
        dirty_add(rop, NV_ROP_MEM_ZETA, off, z24 ? 4 : 2);
    }
    return pass;
}

/* A unorm pixel: blend, convert (dither), logic op. */
static uint32_t color_unorm(const NVRopState *st, const Fmt *f, unsigned t,
                            const float *rgba, uint32_t dst, int dither_t)
{
    float s[4], d[4], r[4];
    uint32_t v = f->x_val;

    for (unsigned c = 0; c < 4; c++) {
        s[c] = to_unorm(rgba[c], 255);
        /* channels the format lacks read as 0, alpha as 1 (GL) */
        d[c] = f->bits[c] ? widen(dst >> f->shift[c] &
                                  ((1u << f->bits[c]) - 1), f->bits[c]) :
               c == 3 ? 255 : 0;
    }
    if (st->blend[t] && !st->logic_op) {
        blend(st, s, d, 255, true, r);
    } else {
        memcpy(r, s, sizeof(r));
    }
    for (unsigned c = 0; c < 4; c++) {
        if (f->bits[c]) {
            int dt = f->bits[c] < 8 ? dither_t : -1;

            v |= narrow((uint32_t)r[c], f->bits[c], dt) << f->shift[c];
        }
    }
    if (st->logic_op) {
        uint32_t chans = word_mask(f, NV_ROP_MASK_RGBA);

        v = (logic_op(st->logic_op_op, v, dst) & chans) | f->x_val;
    }
    return v;
}

static void load_float(const Fmt *f, const uint8_t *p, float *rgba)
{
    rgba[0] = rgba[1] = rgba[2] = 0;
    rgba[3] = 1;
    for (unsigned c = 0; c < f->nch; c++) {
        rgba[c] = f->kind == FMT_HALF ? from_half(load(p + 2 * c, 2)) :
                  from_bits(load(p + 4 * c, 4));
    }
}

static void store_float(const Fmt *f, uint8_t *p, const float *rgba)
{
    for (unsigned c = 0; c < f->nch; c++) {
        uint32_t u;

        if (f->kind == FMT_HALF) {
            store(p + 2 * c, 2, to_half(rgba[c]));
        } else {
            memcpy(&u, &rgba[c], sizeof(u));
            store(p + 4 * c, 4, u);
        }
    }
}

/* Write @bpp bytes @src at @dst under byte mask @bm. */
static void store_masked(uint8_t *dst, const uint8_t *src, const uint8_t *bm,
                         unsigned bpp)
{
    for (unsigned b = 0; b < bpp; b++) {
        dst[b] = (dst[b] & ~bm[b]) | (src[b] & bm[b]);
    }
}

/* Colour target @t's pixel (@x, @y) from the fragment's @rgba. */
static void color_write(NVRop *rop, const Fmt *f, unsigned t, int32_t x,
                        int32_t y, const float *rgba)
{
    const NVRopState *st = &rop->st;
    unsigned cm = st->color_mask[t];
    uint64_t off;
    uint8_t *p;

    if (!cm || !pixel_at(rop, NV_ROP_MEM_COLOR0 + t, &rop->surf.color[t], x,
                         y, &off)) {
        return;
    }
    p = rop->mem[NV_ROP_MEM_COLOR0 + t].base + off;
    if (f->kind == FMT_UNORM) {
        uint32_t dst = load(p, f->bpp);
        uint32_t v = color_unorm(st, f, t, rgba, dst,
                                 st->dither ? bayer[y & 3][x & 3] : -1);
        uint32_t wm = word_mask(f, cm) | f->x_mask;

        store(p, f->bpp, (dst & ~wm) | (v & wm));
    } else {
        /* float targets: no logic op, no dithering (GL) */
        float d[4], r[4];
        uint8_t buf[16], bm[16];

        load_float(f, p, d);
        if (st->blend[t]) {
            blend(st, rgba, d, 1, false, r);
        } else {
            memcpy(r, rgba, sizeof(r));
        }
        store_float(f, buf, r);
        float_byte_mask(f, cm, bm);
        store_masked(p, buf, bm, f->bpp);
    }
    dirty_add(rop, NV_ROP_MEM_COLOR0 + t, off, f->bpp);
}

/* Alpha test: colour 0's alpha at 8 bits against ALPHA_REF (inferred). */
static bool alpha_test(const NVRopState *st, float a)
{
    return !st->alpha_test ||
           compare(st->alpha_func, to_unorm(a, 255), st->alpha_ref);
}

unsigned nv_rop_quad(NVRop *rop, int32_t x, int32_t y, uint8_t mask,
                     const float color[NV_ROP_TARGETS][4][4],
                     const float depth[4], bool back_facing)
{
    const NVRopState *st = &rop->st;
    const NVRopSurface *s = &rop->surf;
    const Fmt *f = color_fmt(rop->gen, s->color_format);
    bool need_zeta = st->depth_test || st->depth_bounds ||
                     (st->stencil_test &&
                      s->zeta_format == NV_ROP_ZETA_Z24S8);
    unsigned passed = 0;

    for (unsigned i = 0; i < 4; i++) {
        int64_t px = (int64_t)x + (i & 1), py = (int64_t)y + (i >> 1);
        uint64_t off;

        if (!(mask & 1u << i) || px < s->x0 || px >= s->x1 ||
            py < s->y0 || py >= s->y1 || !alpha_test(st, color[0][i][3])) {
            continue;
        }
        if (need_zeta) {
            if (!s->zeta.enabled) {
                rop->fault |= NV_ROP_FAULT_FORMAT;
                continue;
            }
            if (!pixel_at(rop, NV_ROP_MEM_ZETA, &s->zeta, px, py, &off) ||
                !zeta_tests(rop, off, depth[i], back_facing)) {
                continue;
            }
        }
        passed++;
        for (unsigned t = 0; t < NV_ROP_TARGETS; t++) {
            if (!s->color[t].enabled) {
                continue;
            }
            if (!f) {
                rop->fault |= NV_ROP_FAULT_FORMAT;
                continue;
            }
            color_write(rop, f, t, px, py, color[t][i]);
        }
    }
    dirty_flush(rop);
    return passed;
}

/* ---- clears ---- */

/*
 * Fill @len bytes from byte @o of memory @m with the @bpp-byte pattern
 * @val, a repeated byte by memset, else by doubling copies; false if
 * they are not all inside the memory.
 */
static bool fill_run(NVRop *rop, unsigned m, uint64_t o, uint64_t len,
                     const uint8_t *val, unsigned bpp)
{
    uint8_t *p;

    if (!in_mem(rop, m, o, len)) {
        return false;
    }
    p = rop->mem[m].base + o;
    if (memcmp(val, val + 1, bpp - 1) == 0) {
        memset(p, val[0], len);
    } else {
        memcpy(p, val, bpp);
        for (uint64_t n = bpp; n < len; n *= 2) {
            memcpy(p + n, p, MIN(n, len - n));
        }
    }
    dirty_add(rop, m, o, len);
    return true;
}

/*
 * Fill @r (x1, y1 exclusive) of buffer @b in memory @m with the @b->bpp
 * bytes @val under byte mask @bm.  Unmasked linear surfaces go by runs:
 * the whole rectangle when its rows touch (pitch = row length, a
 * full-width clear), else row by row; what does not fit in the memory,
 * masked or swizzled pixels go one at a time.
 */
static void fill(NVRop *rop, unsigned m, const NVRopBuffer *b,
                 const NVRasterRect *r, const uint8_t *val, const uint8_t *bm)
{
    unsigned bpp = b->bpp;
    bool runs = !rop->surf.swizzled && bm[0] == 0xff &&
                memcmp(bm, bm + 1, bpp - 1) == 0;
    uint64_t row_len = (uint64_t)(r->x1 - r->x0) * bpp;
    uint64_t o = b->offset + (uint64_t)r->y0 * b->pitch +
                 (uint64_t)r->x0 * bpp;

    if (runs && b->pitch == row_len &&
        fill_run(rop, m, o, row_len * (r->y1 - r->y0), val, bpp)) {
        return;
    }
    for (int32_t y = r->y0; y < r->y1; y++, o += b->pitch) {
        uint64_t off;

        if (runs && fill_run(rop, m, o, row_len, val, bpp)) {
            continue;
        }
        for (int32_t x = r->x0; x < r->x1; x++) {
            if (pixel_at(rop, m, b, x, y, &off)) {
                store_masked(rop->mem[m].base + off, val, bm, bpp);
                dirty_add(rop, m, off, bpp);
            }
        }
    }
}

void nv_rop_clear(NVRop *rop, uint32_t buffers, const NVRasterRect *rect)
{
    const NVRopSurface *s = &rop->surf;
    const Fmt *f = color_fmt(rop->gen, s->color_format);
    unsigned cm = buffers >> 4 & 0xf;   /* COLOR_R..A: NV_ROP_MASK_R..A */
    uint8_t val[16], bm[16];
    NVRasterRect r = {
        .x0 = MAX(rect->x0, s->x0), .y0 = MAX(rect->y0, s->y0),
        .x1 = (int32_t)MIN((int64_t)rect->x1 + 1, s->x1),
        .y1 = (int32_t)MIN((int64_t)rect->y1 + 1, s->y1),
    };

    /* here x1 and y1 are exclusive */
    if (r.x1 <= r.x0 || r.y1 <= r.y0) {
        return;
    }
    for (unsigned t = 0; cm && t < NV_ROP_TARGETS; t++) {
        if (!s->color[t].enabled) {
            continue;
        }
        if (!f) {
            rop->fault |= NV_ROP_FAULT_FORMAT;
            continue;
        }
        /*
         * CLEAR_COLOR_VALUE is packed in the target's format (Mesa's
         * nv30_clear.c); the 8- and 16-byte float pixels repeat the word
         * (inferred).  All four channels also write the X bits.
         */
        for (unsigned i = 0; i < f->bpp; i++) {
            val[i] = rop->st.clear_color >> 8 * (i & 3);
        }
        if (f->kind == FMT_UNORM) {
            uint32_t wm = word_mask(f, cm) |
                          (cm == NV_ROP_MASK_RGBA ? f->x_mask : 0);

            store(bm, f->bpp, f->bpp == 4 ? wm : wm & 0xffff);
        } else {
            float_byte_mask(f, cm, bm);
        }
        fill(rop, NV_ROP_MEM_COLOR0 + t, &s->color[t], &r, val, bm);
    }
    if ((buffers & (NV_ROP_CLEAR_DEPTH | NV_ROP_CLEAR_STENCIL)) &&
        !s->zeta.enabled) {
        rop->fault |= NV_ROP_FAULT_FORMAT;
    } else if (buffers & (NV_ROP_CLEAR_DEPTH | NV_ROP_CLEAR_STENCIL)) {
        /*
         * CLEAR_DEPTH_VALUE is the zeta word (Mesa's nv30_clear.c: Z24
         * in bits 8-31, stencil in 0-7); stencil goes through the front
         * STENCIL_MASK, which Mesa sets to 0xff before a stencil clear.
         */
        bool z24 = s->zeta_format == NV_ROP_ZETA_Z24S8;
        uint32_t wm = (buffers & NV_ROP_CLEAR_DEPTH ?
                       (z24 ? 0xffffff00 : 0xffff) : 0) |
                      (z24 && (buffers & NV_ROP_CLEAR_STENCIL) ?
                       rop->st.stencil[0].write_mask : 0);

        if (wm) {
            store(val, s->zeta.bpp, rop->st.clear_zeta);
            store(bm, s->zeta.bpp, wm);
            fill(rop, NV_ROP_MEM_ZETA, &s->zeta, &r, val, bm);
        }
    }
    dirty_flush(rop);
}
