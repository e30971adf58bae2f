/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the NV2x-NV4x texture unit: method words into an NVTexUnit,
 * the level of detail, wrap modes, filtering, depth compare and the output
 * swizzle (docs/texture.rst).  Texel addressing and decode: tex-format.c.
 */
#include <math.h>
#include <string.h>

#include "hw/nv/card.h"
#include "tex-internal.h"

/* Bits of a filter weight and of the mipmap blend (inferred). */
#define WEIGHT_BITS     8
/* Texel coordinates are clamped to +-2^24 before they become integers. */
#define COORD_LIMIT     16777216.0f

/* Bits @lo .. @lo + @n - 1 of @v. */
static uint32_t field(uint32_t v, unsigned lo, unsigned n)
{
    return v >> lo & ((1u << n) - 1);
}

static unsigned log2_ceil(uint32_t v)
{
    unsigned l = 0;

    while (l < 31 && (1u << l) < v) {
        l++;
    }
    return l;
}

static uint32_t clamp_size(uint32_t v, uint32_t max)
{
    return MIN(MAX(v, 1u), max);
}

/* Sizes, levels and where each level starts (Mesa's nv30_miptree.c). */
static void layout(NVTexUnit *t, unsigned mip_count, uint32_t pitch)
{
    bool dxt = nv_tex_format_is_dxt(t->format);
    unsigned full = log2_ceil(MAX(MAX(t->width, t->height), t->depth)) + 1;
    unsigned n = MIN(MAX(mip_count, 1u), full);
    uint64_t off = 0;

    /* i < NV_TEX_MAX_LEVELS again for GCC's array-bounds analysis */
    t->levels = n = MIN(n, NV_TEX_MAX_LEVELS);
    for (unsigned i = 0; i < n && i < NV_TEX_MAX_LEVELS; i++) {
        NVTexLevel *l = &t->level[i];
        uint32_t rows;

        l->width = MAX(t->width >> i, 1u);
        l->height = MAX(t->height >> i, 1u);
        l->depth = MAX(t->depth >> i, 1u);
        l->lw = log2_ceil(l->width);
        l->lh = log2_ceil(l->height);
        l->ld = log2_ceil(l->depth);
        rows = dxt ? (l->height + 3) / 4 : l->height;
        if (t->linear) {
            l->pitch = pitch;           /* one pitch for all levels */
        } else {
            l->pitch = (dxt ? (l->width + 3) / 4 : l->width) * t->bpp;
        }
        l->slice = (uint64_t)l->pitch * rows;
        l->offset = off;
        off += l->slice * l->depth;
    }
    /* cube faces: a whole mipmap chain each, 128-aligned unless linear */
    t->face_size = t->linear ? off : (off + 127) & ~(uint64_t)127;
}

void nv_tex_decode(NVTexUnit *t, NVTexGen gen, const NVTexRegs *r)
{
    static const uint8_t curie_aniso[8] = { 1, 2, 4, 6, 8, 10, 12, 16 };
    bool curie = gen == NV_TEX_CURIE;
    uint32_t f = r->format, e = r->enable, fl = r->filter, pitch;
    unsigned mips;
    bool rect = false;

    memset(t, 0, sizeof(*t));
    t->gen = gen;
    /* TEX_ENABLE.ENABLE: bit 30, Curie bit 31 */
    t->enabled = e >> (curie ? 31 : 30) & 1;
    /* TEX_FORMAT: DMA1 picks DMA_TEXTURE1 (Mesa sets DMA0 for VRAM) */
    t->dma = f >> 1 & 1;
    t->cube = f >> 2 & 1;
    t->border_const = f >> 3 & 1;
    t->dims = field(f, 4, 4);
    if (t->dims < 1 || t->dims > 3 || t->cube) {
        t->dims = 2;                    /* inferred for undefined DIMS */
    }
    t->hw_format = field(f, 8, curie ? 5 : 8);
    t->format = nv_tex_format_lookup(gen, t->hw_format, &rect);
    t->bpp = nv_tex_format_bpp(t->format);
    t->compare = t->format == NV_TEXF_Z16 || t->format == NV_TEXF_Z24;
    t->offset = r->offset;

    if (curie) {
        /* TEX_FORMAT.LINEAR/RECT; sizes from NPOT_SIZE and TEX_SIZE1 */
        t->linear = f >> 13 & 1;
        t->rect = f >> 14 & 1;
        t->width = r->npot_size >> 16;
        t->height = r->npot_size & 0xffff;
        t->depth = r->size1 >> 20;
        pitch = r->size1 & 0xffff;
        mips = field(f, 16, 4);
    } else {
        /* _RECT formats: linear, NPOT_SIZE, pitch in bits 16-31 */
        t->linear = t->rect = rect;
        t->width = rect ? r->npot_size >> 16 : 1u << field(f, 20, 4);
        t->height = rect ? r->npot_size & 0xffff : 1u << field(f, 24, 4);
        t->depth = 1u << field(f, 28, 4);
        pitch = r->swizzle >> 16;
        /* MIPMAP: the whole chain down to 1x1 (Mesa's nv30_texture.c) */
        mips = f >> 19 & 1 ? NV_TEX_MAX_LEVELS : 1;
    }
    t->width = clamp_size(t->width, NV_TEX_MAX_SIZE);
    t->height = t->dims < 2 ? 1 : clamp_size(t->height, NV_TEX_MAX_SIZE);
    t->depth = t->dims < 3 ? 1 : clamp_size(t->depth, NV_TEX_MAX_DEPTH);
    layout(t, mips, pitch);

    for (int i = 0; i < 3; i++) {
        unsigned w = field(r->wrap, 8 * i, 4);

        /* Curie's MIRROR_CLAMP* only there; else REPEAT like Mesa's default */
        t->wrap[i] = (w >= 1 && w <= (curie ? 8 : 5)) ? w : NV_TEX_WRAP_REPEAT;
    }
    t->rcomp = gen == NV_TEX_KELVIN ? r->rcomp & 7 : field(r->wrap, 28, 3);

    /* TEX_ENABLE: ANISO, MAX_LOD and MIN_LOD in 4.8 (bundles.rst) */
    t->aniso = curie ? curie_aniso[field(e, 4, 3)] : 1u << field(e, 4, 2);
    t->max_lod = field(e, curie ? 7 : 6, 12) / 256.0f;
    t->min_lod = field(e, curie ? 19 : 18, 12) / 256.0f;
    /* TEX_FILTER: LOD_BIAS signed 5.8 in bits 0-12 */
    t->lod_bias = ((int32_t)(fl << 19) >> 19) / 256.0f;
    t->min_filter = field(fl, 16, 4);
    t->mag_filter = field(fl, 24, 4);
    if (t->min_filter < NV_TEX_NEAREST ||
        t->min_filter > NV_TEX_LINEAR_MIPMAP_LINEAR) {
        t->min_filter = NV_TEX_LINEAR;  /* inferred */
    }
    if (t->mag_filter != NV_TEX_NEAREST) {
        t->mag_filter = NV_TEX_LINEAR;  /* inferred */
    }
    /* SIGNED_ALPHA (31), RED, GREEN, BLUE (28): slots W, Z, Y, X */
    for (int i = 0; i < 4; i++) {
        t->sign |= (fl >> (31 - i) & 1) << i;
    }

    /*
     * TEX_SWIZZLE: for outputs A, R, G, B the component (bits 0-7, two
     * each) and source (bits 8-15).  Kelvin has none: the identity.
     */
    for (int k = 0; k < 4; k++) {
        int out = (k + 3) & 3;          /* A R G B -> index 3 0 1 2 */

        if (gen == NV_TEX_KELVIN) {
            t->swz_src[out] = NV_TEX_SWZ_S1;
            t->swz_comp[out] = k;
        } else {
            t->swz_src[out] = field(r->swizzle, 8 + 2 * k, 2);
            t->swz_comp[out] = field(r->swizzle, 2 * k, 2);
        }
    }
    for (int i = 0; i < 4; i++) {
        t->border[i] = field(r->border_color, 24 - 8 * i, 8) / 255.0f;
    }
    /* TEX_PALETTE (bundles.rst): bit 0 the DMA object, OFFSET >> 6 */
    t->palette_dma = r->palette & 1;
    t->palette_offset = r->palette & ~0x3fu;
    /* bundles.rst TEX_CONTROL bit 0, COLOR_KEY_ENABLE (docs/texture.rst) */
    t->color_key_enable = r->enable & 1;
    t->color_key = r->color_key;
}

/* The filter weight @f (in [0, 1)) on WEIGHT_BITS bits. */
static float quantize(float f)
{
    return floorf(f * (1 << WEIGHT_BITS)) / (1 << WEIGHT_BITS);
}

/*
 * The cube face of direction @c and the coordinates in it, by the GL
 * major-axis table; ties go to X, then Y (inferred).
 */
static unsigned cube_face(const float c[3], float st[2])
{
    float ax = fabsf(c[0]), ay = fabsf(c[1]), az = fabsf(c[2]);
    float sc, tc, ma;
    unsigned face;

    if (ax >= ay && ax >= az) {
        face = c[0] >= 0 ? 0 : 1;
        ma = ax;
        sc = c[0] >= 0 ? -c[2] : c[2];
        tc = -c[1];
    } else if (ay >= az) {
        face = c[1] >= 0 ? 2 : 3;
        ma = ay;
        sc = c[0];
        tc = c[1] >= 0 ? c[2] : -c[2];
    } else {
        face = c[2] >= 0 ? 4 : 5;
        ma = az;
        sc = c[2] >= 0 ? c[0] : -c[0];
        tc = -c[1];
    }
    if (!(ma > 0)) {
        st[0] = st[1] = 0.5f;           /* zero or NaN: the face centre */
    } else {
        st[0] = (sc / ma + 1) / 2;
        st[1] = (tc / ma + 1) / 2;
    }
    return face;
}

static bool mirrors(unsigned wrap)
{
    return wrap >= NV_TEX_WRAP_MIRROR_CLAMP_TO_EDGE;
}

/* GL's CLAMP and MIRROR_CLAMP: the coordinate clamped, borders reachable */
static bool clamps_coord(unsigned wrap)
{
    return wrap == NV_TEX_WRAP_CLAMP || wrap == NV_TEX_WRAP_MIRROR_CLAMP;
}

/* Texel index @i of an axis of @size under @wrap; -1 is the border. */
static int32_t wrap_index(unsigned wrap, int32_t i, int32_t size)
{
    int32_t m;

    switch (wrap) {
    case NV_TEX_WRAP_MIRRORED_REPEAT:
        m = ((i % (2 * size)) + 2 * size) % (2 * size);
        return m >= size ? 2 * size - 1 - m : m;
    case NV_TEX_WRAP_CLAMP_TO_EDGE:
    case NV_TEX_WRAP_MIRROR_CLAMP_TO_EDGE:
        return MIN(MAX(i, 0), size - 1);
    case NV_TEX_WRAP_CLAMP_TO_BORDER:
    case NV_TEX_WRAP_MIRROR_CLAMP_TO_BORDER:
    case NV_TEX_WRAP_CLAMP:
    case NV_TEX_WRAP_MIRROR_CLAMP:
        return i < 0 || i >= size ? -1 : i;
    default:
        return ((i % size) + size) % size;
    }
}

/*
 * Texel indexes along one axis: @u in texels of an axis of @size; for
 * LINEAR the two texels and the weight of the second.
 */
static void axis(unsigned wrap, float u, int32_t size, bool lin,
                 int32_t idx[2], float *frac)
{
    float fl;

    if (mirrors(wrap)) {
        u = fabsf(u);
    }
    if (clamps_coord(wrap)) {
        u = MIN(MAX(u, 0.0f), (float)size);
    }
    u = isnan(u) ? 0.0f : MIN(MAX(u, -COORD_LIMIT), COORD_LIMIT);
    if (!lin) {
        int32_t i = (int32_t)floorf(u);

        if (clamps_coord(wrap)) {
            i = MIN(i, size - 1);       /* s = 1 is the last texel */
        }
        idx[0] = idx[1] = wrap_index(wrap, i, size);
        *frac = 0.0f;
        return;
    }
    fl = floorf(u - 0.5f);
    *frac = quantize(u - 0.5f - fl);
    idx[0] = wrap_index(wrap, (int32_t)fl, size);
    idx[1] = wrap_index(wrap, (int32_t)fl + 1, size);
}

/* Depth compare of reference @ref and texel depth @d by NVTexComp @op. */
static bool compare(unsigned op, float ref, float d)
{
    switch (op) {
    case NV_TEX_COMP_GREATER:
        return ref > d;
    case NV_TEX_COMP_EQUAL:
        return ref == d;
    case NV_TEX_COMP_GEQUAL:
        return ref >= d;
    case NV_TEX_COMP_LESS:
        return ref < d;
    case NV_TEX_COMP_NOTEQUAL:
        return ref != d;
    case NV_TEX_COMP_LEQUAL:
        return ref <= d;
    case NV_TEX_COMP_ALWAYS:
        return true;
    default:
        return false;
    }
}

/*
 * One level filtered: @c the coordinates (s, t, r, q), @lin LINEAR else
 * NEAREST; @slot gets the result in slots W, Z, Y, X.
 */
static void sample_level(const NVTexUnit *t, const NVTexMem mem[2],
                         unsigned level, const float c[4], bool lin,
                         float slot[4], bool *fault)
{
    const NVTexLevel *l = &t->level[level];
    const int32_t size[3] = { l->width, l->height, l->depth };
    int32_t idx[3][2] = { { 0, 0 }, { 0, 0 }, { 0, 0 } };
    float frac[3] = { 0, 0, 0 }, st[3] = { c[0], c[1], c[2] };
    float ref = c[2];
    unsigned face = 0, n = t->dims;

    if (t->cube) {
        face = cube_face(c, st);
        ref = c[3];                     /* r is the direction's z */
    }
    ref = MIN(MAX(ref, 0.0f), 1.0f);
    for (unsigned a = 0; a < n; a++) {
        /* RECT: texels of level 0, scaled to this level (inferred) */
        float scale = t->rect && !t->cube ?
                      (float)size[a] / (a == 0 ? t->width : a == 1 ?
                                        t->height : t->depth) : size[a];

        axis(t->wrap[a], st[a] * scale, size[a], lin, idx[a], &frac[a]);
    }

    memset(slot, 0, 4 * sizeof(float));
    for (unsigned k = 0; k < (lin ? 1u << n : 1u); k++) {
        unsigned b[3] = { k & 1, k >> 1 & 1, k >> 2 & 1 };
        float w = 1.0f, tex[4];
        bool border = false;

        for (unsigned a = 0; a < n; a++) {
            w *= b[a] ? frac[a] : 1.0f - frac[a];
            border |= idx[a][b[a]] < 0;
        }
        if (w == 0.0f) {
            continue;                   /* no read for a zero weight */
        }
        if (border) {
            memcpy(tex, t->border, sizeof(tex));
        } else {
            nv_tex_fetch(t, mem, level, face, idx[0][b[0]], idx[1][b[1]],
                         idx[2][b[2]], tex, fault);
        }
        if (t->compare) {
            /* per texel, then filtered; a border's depth is its red */
            float d = border ? tex[NV_TEX_Z] : tex[NV_TEX_W];
            float r = compare(t->rcomp, ref, d) ? 1.0f : 0.0f;

            tex[0] = tex[1] = tex[2] = tex[3] = r;
        }
        for (int i = 0; i < 4; i++) {
            slot[i] += w * tex[i];
        }
    }
}

/*
 * The footprint: the lengths @p of the derivative vectors in level 0
 * texels (cube: in face texels, as d(s_face) ~ d(dir) / (2 |ma|),
 * inferred).
 */
static void footprint(const NVTexUnit *t, const float c[4], const float dx[4],
                      const float dy[4], float p[2])
{
    float scale[3] = { t->width, t->height, t->depth };
    const float *d[2] = { dx, dy };

    if (t->rect && !t->cube) {
        scale[0] = scale[1] = scale[2] = 1.0f;
    }
    if (t->cube) {
        float ma = MAX(MAX(fabsf(c[0]), fabsf(c[1])), fabsf(c[2]));

        scale[0] = scale[1] = scale[2] = ma > 0 ? t->width / (2 * ma) : 0;
    }
    for (int k = 0; k < 2; k++) {
        float s = 0;

        for (unsigned a = 0; a < (t->cube ? 3u : t->dims); a++) {
            s += (d[k][a] * scale[a]) * (d[k][a] * scale[a]);
        }
        p[k] = sqrtf(s);
    }
}

/*
 * Lambda and the anisotropic sample count @n (EXT_texture_filter_
 * anisotropic's N = min(ceil(Pmax / Pmin), max ratio), lambda from
 * Pmax / N), @major 0 for dx's axis, 1 for dy's.
 */
static float lod(const NVTexUnit *t, const float c[4], const float dx[4],
                 const float dy[4], NVTexLodMode mode, float arg,
                 unsigned *n, unsigned *major)
{
    float lambda, p[2];

    *n = 1;
    *major = 0;
    if (mode == NV_TEX_LOD_EXPLICIT) {
        lambda = arg;
    } else {
        float pmax, pmin;

        footprint(t, c, dx, dy, p);
        *major = p[1] > p[0];
        pmax = MAX(p[0], p[1]);
        pmin = MIN(p[0], p[1]);
        if (t->aniso > 1 && pmin > 0 && pmax > pmin) {
            float ratio = ceilf(MIN(pmax / pmin, (float)t->aniso));

            *n = (unsigned)ratio;
            pmax /= ratio;
        }
        lambda = log2f(pmax) + (mode == NV_TEX_LOD_BIAS ? arg : 0.0f);
    }
    lambda += t->lod_bias;
    if (isnan(lambda)) {
        lambda = t->min_lod;
    }
    return MIN(MAX(lambda, t->min_lod), t->max_lod);
}

float nv_tex_lod(const NVTexUnit *t, const float coord[4], const float dx[4],
                 const float dy[4], NVTexLodMode mode, float lod_arg)
{
    unsigned n, major;

    return lod(t, coord, dx, dy, mode, lod_arg, &n, &major);
}

/* One sample of the mipmap chain at @c for @lambda. */
static void sample_mip(const NVTexUnit *t, const NVTexMem mem[2],
                       const float c[4], float lambda, float slot[4],
                       bool *fault)
{
    unsigned min = t->min_filter, q = t->levels - 1;
    /* GL's c: 0.5 for a LINEAR magnify with a NEAREST_MIPMAP_* minify */
    float cut = t->mag_filter == NV_TEX_LINEAR &&
                (min == NV_TEX_NEAREST_MIPMAP_NEAREST ||
                 min == NV_TEX_NEAREST_MIPMAP_LINEAR) ? 0.5f : 0.0f;
    bool lin = min == NV_TEX_LINEAR || min == NV_TEX_LINEAR_MIPMAP_NEAREST ||
               min == NV_TEX_LINEAR_MIPMAP_LINEAR;
    unsigned d1;
    float f, s2[4];

    if (lambda <= cut) {
        sample_level(t, mem, 0, c, t->mag_filter == NV_TEX_LINEAR, slot,
                     fault);
        return;
    }
    switch (min) {
    case NV_TEX_NEAREST_MIPMAP_NEAREST:
    case NV_TEX_LINEAR_MIPMAP_NEAREST:
        d1 = lambda <= 0.5f ? 0 : (unsigned)MIN(ceilf(lambda + 0.5f) - 1, q);
        sample_level(t, mem, d1, c, lin, slot, fault);
        return;
    case NV_TEX_NEAREST_MIPMAP_LINEAR:
    case NV_TEX_LINEAR_MIPMAP_LINEAR:
        if (lambda >= q) {
            sample_level(t, mem, q, c, lin, slot, fault);
            return;
        }
        d1 = (unsigned)floorf(lambda);
        f = quantize(lambda - d1);
        sample_level(t, mem, d1, c, lin, slot, fault);
        if (f > 0) {
            sample_level(t, mem, d1 + 1, c, lin, s2, fault);
            for (int i = 0; i < 4; i++) {
                slot[i] = (1 - f) * slot[i] + f * s2[i];
            }
        }
        return;
    default:
        sample_level(t, mem, 0, c, lin, slot, fault);
        return;
    }
}

void nv_tex_sample(const NVTexUnit *t, const NVTexMem mem[2],
                   const float coord[4], const float dx[4], const float dy[4],
                   NVTexLodMode mode, float lod_arg, float out[4],
                   bool *fault)
{
    float slot[4] = { 0, 0, 0, 0 }, lambda;
    unsigned n, major;

    if (!t->enabled) {
        memset(out, 0, 4 * sizeof(float));     /* inferred */
        return;
    }
    lambda = lod(t, coord, dx, dy, mode, lod_arg, &n, &major);
    if (n == 1) {
        sample_mip(t, mem, coord, lambda, slot, fault);
    } else {
        /* n samples spread along the major axis, averaged */
        const float *d = major ? dy : dx;

        for (unsigned i = 0; i < n; i++) {
            float c[4], s[4], o = (i + 0.5f) / n - 0.5f;

            for (int k = 0; k < 4; k++) {
                c[k] = coord[k] + o * d[k];
            }
            sample_mip(t, mem, c, lambda, s, fault);
            for (int k = 0; k < 4; k++) {
                slot[k] += s[k] / n;
            }
        }
    }
    for (int i = 0; i < 4; i++) {
        switch (t->swz_src[i]) {
        case NV_TEX_SWZ_ONE:
            out[i] = 1.0f;
            break;
        case NV_TEX_SWZ_S1:
            out[i] = slot[t->swz_comp[i]];
            break;
        default:
            out[i] = 0.0f;              /* ZERO, and 3 (inferred) */
            break;
        }
    }
}
