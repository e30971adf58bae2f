/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: texel addressing and decode of the NV2x-NV4x texture unit
 * (docs/texture.rst "Formats", "Layouts").
 *
 * A texel is decoded into four slots in TEX_SWIZZLE's component order
 * W, Z, Y, X (rnndb nv30_tex_swz_comp, codes 0-3).  For A8R8G8B8 they
 * hold A, R, G, B: Mesa's nv30_format.c swizzles every format out of
 * these slots, which fixes where each format's channels land.
 */
#include <math.h>
#include <string.h>

#include "hw/nv/card.h"
#include "hw/nv/swizzle.h"
#include "tex-internal.h"

enum { W = NV_TEX_W, Z = NV_TEX_Z, Y = NV_TEX_Y, X = NV_TEX_X };

/* Bytes a texel, or a 4x4 block for DXT. */
static const uint8_t format_bpp[NV_TEXF_COUNT] = {
    [NV_TEXF_NONE] = 1,
    [NV_TEXF_L8] = 1, [NV_TEXF_I8] = 1, [NV_TEXF_INDEX8] = 1,
    [NV_TEXF_A1R5G5B5] = 2, [NV_TEXF_A4R4G4B4] = 2, [NV_TEXF_R5G6B5] = 2,
    [NV_TEXF_A8R8G8B8] = 4, [NV_TEXF_X8R8G8B8] = 4,
    [NV_TEXF_A8L8] = 2, [NV_TEXF_A16] = 2, [NV_TEXF_A16L16] = 4,
    [NV_TEXF_DSDT8] = 2, [NV_TEXF_HILO16] = 4,
    [NV_TEXF_HILO8] = 2, [NV_TEXF_SIGNED_HILO8] = 2,
    [NV_TEXF_Z16] = 2, [NV_TEXF_Z24] = 4,
    [NV_TEXF_DXT1] = 8, [NV_TEXF_DXT3] = 16, [NV_TEXF_DXT5] = 16,
    [NV_TEXF_RGBA16F] = 8, [NV_TEXF_RGBA32F] = 16,
    [NV_TEXF_R32F] = 4, [NV_TEXF_RG16F] = 4,
};

unsigned nv_tex_format_bpp(unsigned format)
{
    return format < NV_TEXF_COUNT ? format_bpp[format] : 1;
}

bool nv_tex_format_is_dxt(unsigned format)
{
    return format == NV_TEXF_DXT1 || format == NV_TEXF_DXT3 ||
           format == NV_TEXF_DXT5;
}

/*
 * Kelvin and Rankine: rnndb nv10_tex_format (graph/nv_3ddefs.xml) with
 * its NV20_3D- and NV30_3D- variants; the _RECT codes are linear with
 * texel coordinates.  Rankine's float formats are rectangles only
 * (docs/hw/graph/bundles.rst lists 0x4a-0x4d as _RECT; Mesa's
 * nv30_format.c gives their _RECT names the same codes).
 */
#define KR(code, f, r, rankine_only) [code] = { NV_TEXF_##f, r, rankine_only }
static const struct {
    uint8_t format;
    bool rect, rankine_only;
} nv10_formats[0x50] = {
    KR(0x00, L8, false, false),
    KR(0x01, I8, false, false),
    KR(0x02, A1R5G5B5, false, false),
    KR(0x04, A4R4G4B4, false, false),
    KR(0x05, R5G6B5, false, false),
    KR(0x06, A8R8G8B8, false, false),
    KR(0x07, X8R8G8B8, false, false),
    KR(0x0b, INDEX8, false, false),
    KR(0x0c, DXT1, false, false),
    KR(0x0e, DXT3, false, false),
    KR(0x0f, DXT5, false, false),
    KR(0x10, A1R5G5B5, true, false),
    KR(0x11, R5G6B5, true, false),
    KR(0x12, A8R8G8B8, true, false),
    KR(0x13, L8, true, false),
    KR(0x17, DSDT8, true, false),
    KR(0x1a, A8L8, false, false),
    KR(0x1b, I8, true, false),
    KR(0x1d, A4R4G4B4, true, false),
    KR(0x1e, X8R8G8B8, true, false),
    KR(0x20, A8L8, true, false),
    KR(0x28, DSDT8, false, false),
    KR(0x2a, Z24, false, false),
    KR(0x2b, Z24, true, false),
    KR(0x2c, Z16, false, false),
    KR(0x2d, Z16, true, false),
    KR(0x32, A16, false, true),
    KR(0x33, HILO16, false, false),
    KR(0x35, A16, true, true),
    KR(0x36, HILO16, true, false),
    KR(0x44, HILO8, false, false),
    KR(0x45, SIGNED_HILO8, false, false),
    KR(0x46, HILO8, true, false),
    KR(0x47, SIGNED_HILO8, true, false),
    KR(0x4a, RGBA16F, true, true),
    KR(0x4b, RGBA32F, true, true),
    KR(0x4c, R32F, true, true),
};

/*
 * Curie: rnndb nv40_tex_format, plus R32F (0x1c) and RG16F (0x1f) which
 * Mesa's nv30_format.c defines; layout and coordinates come from
 * TEX_FORMAT's LINEAR and RECT bits instead.
 */
static const uint8_t nv40_formats[0x20] = {
    [0x01] = NV_TEXF_L8, [0x02] = NV_TEXF_A1R5G5B5,
    [0x03] = NV_TEXF_A4R4G4B4, [0x04] = NV_TEXF_R5G6B5,
    [0x05] = NV_TEXF_A8R8G8B8, [0x06] = NV_TEXF_DXT1,
    [0x07] = NV_TEXF_DXT3, [0x08] = NV_TEXF_DXT5,
    [0x0b] = NV_TEXF_A8L8, [0x10] = NV_TEXF_Z24, [0x12] = NV_TEXF_Z16,
    [0x14] = NV_TEXF_A16, [0x15] = NV_TEXF_A16L16, [0x18] = NV_TEXF_HILO8,
    [0x1a] = NV_TEXF_RGBA16F, [0x1b] = NV_TEXF_RGBA32F,
    [0x1c] = NV_TEXF_R32F, [0x1f] = NV_TEXF_RG16F,
};

unsigned nv_tex_format_lookup(NVTexGen gen, unsigned code, bool *rect)
{
    if (gen == NV_TEX_CURIE) {
        return code < 0x20 ? nv40_formats[code] : NV_TEXF_NONE;
    }
    if (code >= G_N_ELEMENTS(nv10_formats) ||
        (nv10_formats[code].rankine_only && gen == NV_TEX_KELVIN)) {
        return NV_TEXF_NONE;
    }
    *rect = nv10_formats[code].rect;
    return nv10_formats[code].format;
}

/* Read @n bytes at @addr of @m, or zeroes and a fault outside it. */
static void mem_read(const NVTexMem *m, uint64_t addr, unsigned n,
                     uint8_t *dst, bool *fault)
{
    if (addr >= m->size || m->size - addr < n ||
        (!m->base && !(m->read && m->read(m->opaque, addr, dst, n)))) {
        memset(dst, 0, n);
        if (fault) {
            *fault = true;
        }
        return;
    }
    if (!m->base) {
        return;                             /* @read filled it */
    }
    if (n == 4) {
        memcpy(dst, m->base + addr, 4);     /* the commonest, inline */
    } else {
        memcpy(dst, m->base + addr, n);
    }
}

uint64_t nv_tex_texel_addr(const NVTexUnit *t, unsigned level, unsigned face,
                           uint32_t x, uint32_t y, uint32_t z)
{
    const NVTexLevel *l = &t->level[MIN(level, NV_TEX_MAX_LEVELS - 1)];
    uint64_t a = t->offset + MIN(face, 5u) * t->face_size + l->offset;

    if (nv_tex_format_is_dxt(t->format)) {
        /* 4x4 blocks in rows, whatever the layout (nv30_miptree.c) */
        return a + (uint64_t)z * l->slice + (uint64_t)(y / 4) * l->pitch +
               (uint64_t)(x / 4) * t->bpp;
    }
    if (t->linear) {
        return a + (uint64_t)z * l->slice + (uint64_t)y * l->pitch +
               (uint64_t)x * t->bpp;
    }
    return a + nv_swizzle(x, y, z, l->lw, l->lh, l->ld) * t->bpp;
}

/* c / 255 for each byte c, divided when compiled: the same quotients. */
#define UNORM8_1(i)     (float)(i) / 255.0f
#define UNORM8_4(i)     UNORM8_1(i), UNORM8_1(i + 1), UNORM8_1(i + 2), \
                        UNORM8_1(i + 3)
#define UNORM8_16(i)    UNORM8_4(i), UNORM8_4(i + 4), UNORM8_4(i + 8), \
                        UNORM8_4(i + 12)
#define UNORM8_64(i)    UNORM8_16(i), UNORM8_16(i + 16), UNORM8_16(i + 32), \
                        UNORM8_16(i + 48)
static const float unorm8[256] = {
    UNORM8_64(0), UNORM8_64(64), UNORM8_64(128), UNORM8_64(192),
};

/*
 * An @n-bit channel @c as a float: unsigned c / (2^n - 1), or with
 * @sgn two's complement c / (2^(n-1) - 1), the most negative value
 * giving -1 like the next one (inferred: GL's SNORM rule).
 */
static float chan(uint32_t c, unsigned n, bool sgn)
{
    if (n == 8 && !sgn) {
        return unorm8[c & 0xff];
    }
    if (sgn && n > 1) {
        int32_t v = (int32_t)(c << (32 - n)) >> (32 - n);
        float max = (float)((1u << (n - 1)) - 1);

        return MAX((float)v / max, -1.0f);
    }
    return (float)c / (float)((1ull << n) - 1);
}

static float half(uint32_t h)
{
    uint32_t bits = nv_half_to_single(h & 0xffff);
    float f;

    memcpy(&f, &bits, 4);
    return f;
}

static float single(uint32_t bits)
{
    float f;

    memcpy(&f, &bits, 4);
    return f;
}

/* The slots of an ARGB texel with channels of @na, @nr, @ng, @nb bits. */
static void argb(float *s, uint32_t v, unsigned na, unsigned nr, unsigned ng,
                 unsigned nb, unsigned sign)
{
    unsigned sh = 0;
    const unsigned n[4] = { na, nr, ng, nb };

    for (int i = X; i >= W; i--) {
        s[i] = n[i] ? chan(v >> sh & ((1u << n[i]) - 1), n[i], sign >> i & 1)
                    : 1.0f;
        sh += n[i];
    }
}

/* The same value @v in every slot. */
static void splat(float *s, float v)
{
    s[W] = s[Z] = s[Y] = s[X] = v;
}

/*
 * HILO: HI (high half) in Z and W, LO in Y, X 1 (docs/texture.rst:
 * NV_texture_shader's (hi, lo, 1); W is where Mesa's nv30_fragtex.c
 * reads the high half of the Z24 bits it samples as HILO16).
 */
static void hilo(float *s, float hi, float lo, float third)
{
    s[W] = s[Z] = hi;
    s[Y] = lo;
    s[X] = third;
}

/* One 565 colour of a DXT block as R, G, B. */
static void dxt_colour(uint32_t c, float rgb[3])
{
    rgb[0] = chan(c >> 11 & 0x1f, 5, false);
    rgb[1] = chan(c >> 5 & 0x3f, 6, false);
    rgb[2] = chan(c & 0x1f, 5, false);
}

/*
 * Texel (@x & 3, @y & 3) of DXT block @b: the S3TC colour block (the last
 * 8 bytes for DXT3/5, in four-colour mode there), then the alpha.
 */
static void dxt_texel(unsigned format, const uint8_t *b, unsigned x,
                      unsigned y, float *s)
{
    const uint8_t *cb = format == NV_TEXF_DXT1 ? b : b + 8;
    uint32_t c0 = cb[0] | cb[1] << 8, c1 = cb[2] | cb[3] << 8;
    uint32_t bits = cb[4] | cb[5] << 8 | cb[6] << 16 | (uint32_t)cb[7] << 24;
    unsigned i = (x & 3) + 4 * (y & 3);
    unsigned code = bits >> (2 * i) & 3;
    float p0[3], p1[3], a = 1.0f;

    dxt_colour(c0, p0);
    dxt_colour(c1, p1);
    for (int k = 0; k < 3; k++) {
        float v;

        if (code < 2) {
            v = code ? p1[k] : p0[k];
        } else if (c0 > c1 || format != NV_TEXF_DXT1) {
            v = code == 2 ? (2 * p0[k] + p1[k]) / 3 : (p0[k] + 2 * p1[k]) / 3;
        } else {
            v = code == 2 ? (p0[k] + p1[k]) / 2 : 0.0f;
        }
        s[Z + k] = v;
    }
    if (format == NV_TEXF_DXT1) {
        a = (c0 <= c1 && code == 3) ? 0.0f : 1.0f;
    } else if (format == NV_TEXF_DXT3) {
        a = chan(b[i / 2] >> (4 * (i & 1)) & 0xf, 4, false);
    } else {
        uint64_t ab = 0;
        unsigned a0 = b[0], a1 = b[1], k;

        for (int j = 7; j >= 2; j--) {
            ab = ab << 8 | b[j];
        }
        k = ab >> (3 * i) & 7;
        if (k < 2) {
            a = (k ? a1 : a0) / 255.0f;
        } else if (a0 > a1) {
            a = ((8 - k) * a0 + (k - 1) * a1) / (7 * 255.0f);
        } else if (k < 6) {
            a = ((6 - k) * a0 + (k - 1) * a1) / (5 * 255.0f);
        } else {
            a = k == 6 ? 0.0f : 1.0f;
        }
    }
    s[W] = a;
}

void nv_tex_fetch(const NVTexUnit *t, const NVTexMem mem[2], unsigned level,
                  unsigned face, uint32_t x, uint32_t y, uint32_t z,
                  float s[4], bool *fault)
{
    const NVTexLevel *l;
    uint8_t b[16] = { 0 };
    uint32_t v, v1;
    unsigned sg = t->sign;

    level = MIN(level, MAX(t->levels, 1u) - 1);
    l = &t->level[level];
    x = MIN(x, l->width - 1);
    y = MIN(y, l->height - 1);
    z = MIN(z, l->depth - 1);
    mem_read(&mem[t->dma], nv_tex_texel_addr(t, level, face, x, y, z),
             t->bpp, b, fault);
    v = nv_ld_le(b, 4);
    v1 = nv_ld_le(b + 4, 4);
    /*
     * The colour key (inferred, docs/texture.rst): a texel of up to 32
     * bits whose stored bits equal the key's low bits is transparent
     * black.
     */
    if (t->color_key_enable && t->bpp <= 4 &&
        !nv_tex_format_is_dxt(t->format) &&
        ((v ^ t->color_key) & (UINT32_MAX >> (32 - 8 * t->bpp))) == 0) {
        s[0] = s[1] = s[2] = s[3] = 0;
        return;
    }

    switch (t->format) {
    case NV_TEXF_L8:
    case NV_TEXF_I8:
        /* L in Z, Y, X (Mesa reads L8 from X); W is 1, or I for I8 */
        for (int i = W; i <= X; i++) {
            s[i] = chan(v & 0xff, 8, sg >> i & 1);
        }
        if (t->format == NV_TEXF_L8) {
            s[W] = 1.0f;
        }
        break;
    case NV_TEXF_INDEX8: {
        /* Kelvin's palette: 256 A8R8G8B8 entries (docs/texture.rst) */
        uint8_t e[4];

        mem_read(&mem[t->palette_dma], t->palette_offset + 4 * (v & 0xff), 4,
                 e, fault);
        argb(s, nv_ld_le(e, 4), 8, 8, 8, 8, 0);
        break;
    }
    case NV_TEXF_A1R5G5B5:
        argb(s, v & 0xffff, 1, 5, 5, 5, sg);
        break;
    case NV_TEXF_A4R4G4B4:
        argb(s, v & 0xffff, 4, 4, 4, 4, sg);
        break;
    case NV_TEXF_R5G6B5:
        argb(s, v & 0xffff, 0, 5, 6, 5, sg);
        break;
    case NV_TEXF_A8R8G8B8:
        argb(s, v, 8, 8, 8, 8, sg);
        break;
    case NV_TEXF_X8R8G8B8:
        argb(s, v & 0xffffff, 0, 8, 8, 8, sg);
        break;
    case NV_TEXF_A8L8:
    case NV_TEXF_A16L16: {
        /* L (low half) in Z, Y, X, A (high half) in W: Mesa's L8A8 */
        unsigned n = t->format == NV_TEXF_A8L8 ? 8 : 16;
        uint32_t lo = v & ((1u << n) - 1), hi = v >> n & ((1u << n) - 1);

        s[W] = chan(hi, n, sg >> W & 1);
        for (int i = Z; i <= X; i++) {
            s[i] = chan(lo, n, sg >> i & 1);
        }
        break;
    }
    case NV_TEXF_A16:
        for (int i = W; i <= X; i++) {
            s[i] = chan(v & 0xffff, 16, sg >> i & 1);
        }
        break;
    case NV_TEXF_DSDT8:
        /* signed DS (low byte) and DT: NV_texture_shader's (ds, dt, 0) */
        s[W] = 1.0f;
        s[Z] = chan(v & 0xff, 8, true);
        s[Y] = chan(v >> 8 & 0xff, 8, true);
        s[X] = 0.0f;
        break;
    case NV_TEXF_HILO16:
        hilo(s, chan(v >> 16, 16, sg >> Z & 1), chan(v & 0xffff, 16,
             sg >> Y & 1), 1.0f);
        break;
    case NV_TEXF_HILO8:
        hilo(s, chan(v >> 8 & 0xff, 8, false), chan(v & 0xff, 8, false),
             1.0f);
        break;
    case NV_TEXF_SIGNED_HILO8: {
        /* the third component makes a unit vector (NV_texture_shader) */
        float hi = chan(v >> 8 & 0xff, 8, true), lo = chan(v & 0xff, 8, true);

        hilo(s, hi, lo, sqrtf(MAX(0.0f, 1.0f - hi * hi - lo * lo)));
        break;
    }
    case NV_TEXF_Z16:
        splat(s, chan(v & 0xffff, 16, false));
        break;
    case NV_TEXF_Z24:
        /* Z24S8: depth in bits 8-31 (Mesa's S8_UINT_Z24_UNORM) */
        splat(s, chan(v >> 8, 24, false));
        break;
    case NV_TEXF_DXT1:
    case NV_TEXF_DXT3:
    case NV_TEXF_DXT5:
        dxt_texel(t->format, b, x, y, s);
        break;
    case NV_TEXF_RGBA16F:
        /* R, G, B, A from the lowest half up, as the A16B16G16R16 target */
        s[Z] = half(v);
        s[Y] = half(v >> 16);
        s[X] = half(v1);
        s[W] = half(v1 >> 16);
        break;
    case NV_TEXF_RGBA32F:
        s[Z] = single(v);
        s[Y] = single(v1);
        s[X] = single(nv_ld_le(b + 8, 4));
        s[W] = single(nv_ld_le(b + 12, 4));
        break;
    case NV_TEXF_R32F:
        s[W] = 1.0f;
        s[Z] = single(v);
        s[Y] = s[X] = 0.0f;
        break;
    case NV_TEXF_RG16F:
        s[W] = 1.0f;
        s[Z] = half(v);
        s[Y] = half(v >> 16);
        s[X] = 0.0f;
        break;
    default:
        splat(s, 0.0f);
        break;
    }
}
