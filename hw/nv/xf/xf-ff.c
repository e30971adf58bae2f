/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: XF's fixed-function transform and lighting on Kelvin, Rankine
 * and NV40 (envytools docs/hw/graph/xf/intro.rst items 3 and 7 and "VAB",
 * ctx.rst for the RAM slots, mode.rst for XFMODE and NV40's XF bundles),
 * and Kelvin's bypass mode.  The hardware's microcode is not documented:
 * this computes the OpenGL 1.x fixed-function equations the methods name,
 * from the state where the methods leave it, with XF's multiplier and
 * adder (xf-float.h) and, before NV40, LT's 22-bit floats for lighting.
 * docs/xf.rst "Fixed-function processing" has the equations, the order
 * of the operations and what is inferred.
 */
#include <string.h>

#include "hw/nv/xf/xf-float.h"
#include "xf-internal.h"

#define HALF        0x3f000000u
#define TWO         0x40000000u

/* XFMODE_B's and NV40's XF_C MODE (mode.rst): FIXED, Kelvin's BYPASS. */
#define MODE_FIXED  0
#define MODE_BYPASS 1

/* mode.rst XFMODE_A bits. */
#define A_SEPARATE_SPECULAR (1u << 18)
#define A_NORMALIZE         (1u << 27)
#define A_TWO_SIDE          (1u << 29)
#define A_LOCAL_VIEWER      (1u << 30)
#define A_LIGHTING          (1u << 31)
/* XFMODE_B bits. */
#define B_FOG_ENABLE        (1u << 19)
#define B_POINT_PARAMS      (1u << 25)

/* Texgen modes (mode.rst "XFMODE -- Celsius", shared by all). */
enum {
    GEN_PASS, GEN_EYE_LINEAR, GEN_OBJECT_LINEAR, GEN_SPHERE_MAP,
    GEN_NORMAL_MAP, GEN_REFLECTION_MAP,
};

/* Fog coordinate sources (mode.rst FOG_COORD; Rankine's 3 is Kelvin's 4). */
enum { FOG_SPEC_ALPHA, FOG_RADIAL, FOG_PLANAR, FOG_PLANAR_ABS, FOG_COORD };

/* Light types (mode.rst LIGHT_MODE_n). */
enum { LIGHT_NONE, LIGHT_INFINITE, LIGHT_LOCAL, LIGHT_SPOT };

/*
 * Where a generation keeps the fixed-function state (ctx.rst's NV20 and
 * NV30 columns) and where its inputs and outputs are (intro.rst "Kelvin
 * and up"; docs/xf.rst "Output target").
 */
typedef struct FfLayout {
    /* XFCTX */
    uint16_t proj, mv;          /* MV i at mv + 8i, its inverse at + 4 */
    uint16_t light_pos, spot_dir, fog_plane, vp_scale, vp_translate;
    uint16_t tex_lo, tex_hi;    /* TEX t GEN S: tex_lo + 8t, tex_hi + 8(t - 4);
                                 * the texture matrix 4 slots further */
    /*
     * An infinite light's direction and its half vector, the same slot
     * holding a local light's attenuation: XFCTX on Rankine (moved from LT
     * to XF, intro.rst item 5), LTCTX on Kelvin, @lt_stride apart there.
     */
    bool geom_in_lt;
    uint16_t light_dir, half_att;
    /* LTCTX: a light's entries, its back colours, LIGHT_MODEL_AMBIENT
     * (back, MATERIAL_FACTOR_RGB and its back follow). */
    uint8_t lt_stride, lt_back, lt_model;
    /* LTC1 MATERIAL_SHININESS_A (back + 1), LIGHT_0_SPOT_CUTOFF_0;
     * LTC3 MATERIAL_FACTOR_A (back + 1). */
    uint8_t shininess, spot_exp, mat_alpha;
    /* XFCTX USER_CLIP_PLANE_0-5 (Rankine, NV40; Kelvin has none: 0) */
    uint16_t clip_plane;
    /* VAB and TBUF */
    uint8_t in_tex, ntex;
    uint8_t out_col, out_bcol, out_fog, out_psz, out_tex;
    uint8_t out_clip[6][2];     /* clip distance i: register, component */
} FfLayout;

static const FfLayout kelvin_layout = {
    .proj = 0x00, .mv = 0x08, .light_pos = 0x28, .spot_dir = 0x30,
    .fog_plane = 0x39, .vp_scale = 0x3a, .vp_translate = 0x3b,
    .tex_lo = 0x40, .tex_hi = 0x40,
    .geom_in_lt = true, .light_dir = 0x04, .half_att = 0x03,
    .lt_stride = 8, .lt_back = 5, .lt_model = 0x41,
    .shininess = 0x01, .spot_exp = 0x0c, .mat_alpha = 0x0c,
    .in_tex = 9, .ntex = 4,
    .out_col = 3, .out_bcol = 7, .out_fog = 5, .out_psz = 6, .out_tex = 9,
};

#define RANKINE_PLACES \
    .proj = 0x3c, .mv = 0x44, .light_pos = 0x64, .spot_dir = 0x6c, \
    .fog_plane = 0x75, .vp_scale = 0x76, .vp_translate = 0x77, \
    .tex_lo = 0x7c, .tex_hi = 0x00, \
    .geom_in_lt = false, .light_dir = 0x28, .half_att = 0x30, \
    .lt_stride = 6, .lt_back = 3, .lt_model = 0x30, \
    .shininess = 0x01, .spot_exp = 0x0d, .mat_alpha = 0x0d, \
    .clip_plane = 0x20, .in_tex = 8, .ntex = 8

/* Clip distances where Mesa's programs write them: the X of 17-22
 * (NV30_VP_INST_DEST_CLP). */
static const FfLayout rankine_layout = {
    RANKINE_PLACES,
    .out_col = 3, .out_bcol = 1, .out_fog = 5, .out_psz = 6, .out_tex = 8,
    .out_clip = { { 17, 0 }, { 18, 0 }, { 19, 0 }, { 20, 0 }, { 21, 0 },
                  { 22, 0 } },
};

/*
 * NV40: Rankine's places (inferred: ctx.rst has no NV40 column), Curie's
 * output registers (Mesa's NV40_VP_INST_DEST_*: COL0 1, BFC0 3, FOGC 5,
 * PSZ 6, TC0 7; clip distances in FOGC's and PSZ's Y-W, as
 * nvfx_vertprog.c writes them).
 */
static const FfLayout nv40_layout = {
    RANKINE_PLACES,
    .out_col = 1, .out_bcol = 3, .out_fog = 5, .out_psz = 6, .out_tex = 7,
    .out_clip = { { 5, 1 }, { 5, 2 }, { 5, 3 }, { 6, 1 }, { 6, 2 },
                  { 6, 3 } },
};

/* One vertex's fixed-function run. */
typedef struct Ff {
    const NVXf *xf;
    const FfLayout *l;
    /*
     * The class is a Kelvin one (XF sees it as the upload ISA, docs/xf.rst
     * "Inferred behaviour"), also on Rankine: its attributes are Kelvin's
     * (texture coordinates in VAB 9-12) and its window space Kelvin's.
     */
    bool kelvin_class;
    bool lt;                    /* lighting in LT's 22-bit floats */
    NVXfRules rules;
    /* The mode as XFMODE_A and _B have it (NV40's bundles translated),
     * the fog source (FOG_*) and each texture's half of its XFMODE_T
     * word (TEX_MATRIX_ENABLE bit 1, the texgen modes from bit 4). */
    uint32_t mode_a, mode_b;
    unsigned fog_src;
    uint16_t tex[8];
    const uint32_t *in[NV_XF_VAB_SLOTS];
    uint32_t eye[4], nrm[4];
} Ff;

static uint32_t mul(const Ff *f, uint32_t a, uint32_t b)
{
    return nv_xf_mul(a, b, f->rules);
}

static uint32_t add(const Ff *f, uint32_t a, uint32_t b)
{
    return nv_xf_add(a, b, f->rules != NV_XF_RULES_KELVIN);
}

/*
 * DP3 or DP4 as the ISA's, the way the interpreter runs them: the 4-lane
 * form where it is exact, else truncated products and one sum.  @a and
 * @b are whole vectors (the 4-lane form loads all four lanes).
 */
static uint32_t dot(const Ff *f, const uint32_t *a, const uint32_t *b,
                    unsigned n)
{
    uint32_t t[4], d;

    if (nv_xf_dp4(nv_xf_load4(a), nv_xf_load4(b), n, false, &d)) {
        return d;
    }
    for (unsigned i = 0; i < n; i++) {
        t[i] = mul(f, a[i], b[i]);
    }
    return nv_xf_sum(t, n, f->rules != NV_XF_RULES_KELVIN);
}

static const uint32_t *ctx(const Ff *f, unsigned slot)
{
    return f->xf->ram.ctx[slot % NV_XF_CTX_SLOTS];
}

static const uint32_t *ltctx(const Ff *f, unsigned slot)
{
    return f->xf->ram.ltctx[slot % NV_XF_LTCTX_SLOTS];
}

static uint32_t ltc(const Ff *f, unsigned ram, unsigned slot)
{
    return f->xf->ram.ltc[ram][slot % NV_XF_LTC_SLOTS];
}

/*
 * Four DP@n (3 or 4) of @v with @rows into @r, as a DP group runs them:
 * the 4-lane form for all four at once where it takes them, else dot()
 * each (their sources swapped, which DP3 and DP4 allow).
 */
static void dot4(const Ff *f, const uint32_t *v, const NVXfVec4 rows[4],
                 unsigned n, uint32_t r[4])
{
    uint32_t t[4], row[4];

    if (!nv_xf_dp4x4(nv_xf_load4(v), rows, n, false, 4, t)) {
        for (unsigned i = 0; i < 4; i++) {
            memcpy(row, &rows[i], sizeof(row));
            t[i] = dot(f, row, v, n);
        }
    }
    memcpy(r, t, sizeof(t));
}

/* The matrix at XFCTX @slot (a row a slot) times @v: four DP4s. */
static void xform(const Ff *f, unsigned slot, const uint32_t *v,
                  uint32_t r[4])
{
    const NVXfVec4 rows[4] = {
        nv_xf_load4(ctx(f, slot)), nv_xf_load4(ctx(f, slot + 1)),
        nv_xf_load4(ctx(f, slot + 2)), nv_xf_load4(ctx(f, slot + 3)),
    };

    dot4(f, v, rows, 4, r);
}

/*
 * A normal through the inverse modelview at @slot: n times the matrix's
 * upper 3x3, i.e. the inverse transposed times n (GL 1.5 section 2.11.3):
 * three DP3s with its columns (the fourth row is unused).
 */
static void xform_normal(const Ff *f, unsigned slot, const uint32_t *n,
                         uint32_t r[4])
{
    const uint32_t *m0 = ctx(f, slot), *m1 = ctx(f, slot + 1);
    const uint32_t *m2 = ctx(f, slot + 2);
    NVXfVec4 cols[4];
    uint32_t t[4];

    for (unsigned c = 0; c < 3; c++) {
        cols[c] = (NVXfVec4) { m0[c], m1[c], m2[c], 0 };
    }
    cols[3] = cols[2];
    dot4(f, n, cols, 3, t);
    t[3] = 0;
    memcpy(r, t, sizeof(t));
}

static void scale3(const Ff *f, uint32_t *v, uint32_t s)
{
    for (unsigned c = 0; c < 3; c++) {
        v[c] = mul(f, v[c], s);
    }
}

/* @v / |@v| with RSQ, as a program would (DP3, RSQ, MUL). */
static void normalize(const Ff *f, uint32_t *v)
{
    scale3(f, v, nv_xf_rsq(dot(f, v, v, 3), f->rules));
}

/* |@v|: DP3, then d * RSQ(d). */
static uint32_t length(const Ff *f, const uint32_t *v)
{
    uint32_t d = dot(f, v, v, 3);

    return mul(f, d, nv_xf_rsq(d, f->rules));
}

/* ---- vertex weighting ---- */

/*
 * WEIGHT_MODE (XFMODE_B bits 26-28): 1-3 blend 2-4 matrices with the
 * last weight 1 minus the others, 4-6 blend 2-4 with every weight from
 * WGHT (inferred: mode.rst names only 0 and 1).  Returns the count of
 * matrices and fills @w.
 */
static unsigned weights(const Ff *f, uint32_t w[4])
{
    unsigned mode = (f->mode_b >> 26) & 7, n;

    if (!mode || mode == 7) {
        w[0] = ONE;
        return 1;
    }
    n = mode <= 3 ? mode + 1 : mode - 2;
    memcpy(w, f->in[1], 16);
    if (mode <= 3) {
        uint32_t s = ONE;

        for (unsigned i = 0; i < n - 1; i++) {
            s = add(f, s, w[i] ^ SIGN);
        }
        w[n - 1] = s;
    }
    return n;
}

/*
 * Eye-space position and normal: the blend of the weighted matrices.
 * Returns the number of matrices.
 */
static unsigned eye_space(Ff *f)
{
    uint32_t w[4], p[4][4], q[4][4];
    unsigned n = weights(f, w);

    for (unsigned i = 0; i < n; i++) {
        xform(f, f->l->mv + 8 * i, f->in[0], p[i]);
        xform_normal(f, f->l->mv + 8 * i + 4, f->in[2], q[i]);
    }
    for (unsigned c = 0; c < 4; c++) {
        uint32_t tp[4], tq[4];

        if (n == 1) {
            f->eye[c] = p[0][c];
            f->nrm[c] = q[0][c];
            continue;
        }
        for (unsigned i = 0; i < n; i++) {
            tp[i] = mul(f, w[i], p[i][c]);
            tq[i] = mul(f, w[i], q[i][c]);
        }
        f->eye[c] = nv_xf_sum(tp, n, f->rules != NV_XF_RULES_KELVIN);
        f->nrm[c] = nv_xf_sum(tq, n, f->rules != NV_XF_RULES_KELVIN);
    }
    if (f->mode_a & A_NORMALIZE) {
        normalize(f, f->nrm);
    }
    return n;
}

/* ---- lighting (LT: every result cut to 22 bits; NV40's XF: none) ---- */

static uint32_t lt(const Ff *f, uint32_t v)
{
    return f->lt ? nv_xf_lt22(v) : v;
}

static void lt3(const Ff *f, uint32_t *v)
{
    for (unsigned c = 0; c < 3; c++) {
        v[c] = lt(f, v[c]);
    }
}

/* @acc += @a * @b (or @a alone when @b is NULL), per component, in LT. */
static void lt_mad(const Ff *f, uint32_t *acc, const uint32_t *a,
                   const uint32_t *b, uint32_t s)
{
    for (unsigned c = 0; c < 3; c++) {
        uint32_t t = b ? lt(f, mul(f, a[c], b[c])) : a[c];

        acc[c] = lt(f, add(f, acc[c], lt(f, mul(f, t, s))));
    }
}

/* 0 <= @v <= 1 (GL 1.5 section 2.14.8), as MIN and MAX would. */
static uint32_t clamp01(uint32_t v)
{
    return v & SIGN || !(v & EXP_BITS) ? 0 : v > ONE ? ONE : v;
}

/*
 * The vertex colour a material term tracks (XFMODE_A LIGHT_MATERIAL_*:
 * 1 COL0, 2 COL1), or NULL for the material colour the driver premultiplied
 * into LTCTX.
 */
static const uint32_t *tracked(const Ff *f, unsigned binding)
{
    return binding == 1 ? f->in[3] : binding == 2 ? f->in[4] : NULL;
}

/*
 * Light @i's direction @L and half vector @H (LT's 22 bits) and its
 * attenuation, for @type with the viewer direction @v (GL 1.5 section
 * 2.14.1).
 */
static uint32_t light_vectors(const Ff *f, unsigned i, unsigned type,
                              const uint32_t *v, uint32_t L[4],
                              uint32_t H[4])
{
    const FfLayout *l = f->l;
    const uint32_t *geom = l->geom_in_lt ?
        ltctx(f, l->lt_stride * i + l->half_att) : ctx(f, l->half_att + i);
    uint32_t d2, rd, k[3], att;

    if (type == LIGHT_INFINITE) {
        memcpy(L, l->geom_in_lt ? ltctx(f, l->lt_stride * i + l->light_dir)
                                : ctx(f, l->light_dir + i), 16);
        memcpy(H, geom, 16);
        lt3(f, L);
        lt3(f, H);
        return ONE;
    }
    for (unsigned c = 0; c < 3; c++) {
        L[c] = add(f, ctx(f, l->light_pos + i)[c], f->eye[c] ^ SIGN);
    }
    /* Attenuation 1 / (k0 + k1 d + k2 d^2). */
    d2 = dot(f, L, L, 3);
    rd = nv_xf_rsq(d2, f->rules);
    k[0] = geom[0];
    k[1] = mul(f, geom[1], mul(f, d2, rd));
    k[2] = mul(f, geom[2], d2);
    att = nv_xf_rcp(nv_xf_sum(k, 3, f->rules != NV_XF_RULES_KELVIN));
    scale3(f, L, rd);
    for (unsigned c = 0; c < 3; c++) {
        H[c] = add(f, L[c], v[c]);
    }
    normalize(f, H);
    if (type == LIGHT_SPOT) {
        /* -L . D against cos(cutoff) in D.w, then to the exponent (LTC1
         * SPOT_CUTOFF_0) through LIT. */
        const uint32_t *d = ctx(f, l->spot_dir + i);
        uint32_t s[4] = { ONE, dot(f, L, d, 3) ^ SIGN, 0,
                          ltc(f, 1, l->spot_exp + i) }, lit[4];
        int cmp = nv_xf_cmp(s[1], d[3]);

        nv_xf_lit(s, lit);
        att = cmp == -1 || cmp == 2 ? 0 : mul(f, att, lit[2]);
    }
    lt3(f, L);
    lt3(f, H);
    return lt(f, att);
}

/*
 * The colours of one face (@back: the back one, normal reversed):
 * @col the primary (emission, ambient, diffuse), @spec the specular sum.
 */
static void light_face(const Ff *f, bool back, uint32_t col[4],
                       uint32_t spec[4])
{
    const FfLayout *l = f->l;
    /* Material bindings: emission, ambient, diffuse, specular. */
    unsigned sh = back ? 6 : 25;
    const uint32_t *m_emi = tracked(f, (f->mode_a >> sh) & 3);
    const uint32_t *m_amb = tracked(f, (f->mode_a >> (sh - 2)) & 3);
    const uint32_t *m_dif = tracked(f, (f->mode_a >> (sh - 4)) & 3);
    const uint32_t *m_spe = tracked(f, (f->mode_a >> (sh - 6)) & 3);
    uint32_t n[4], v[4] = { 0, 0, ONE, 0 };

    memcpy(n, f->nrm, 16);
    if (back) {
        for (unsigned c = 0; c < 3; c++) {
            n[c] ^= SIGN;
        }
    }
    lt3(f, n);
    if (f->mode_a & A_LOCAL_VIEWER) {
        for (unsigned c = 0; c < 3; c++) {
            v[c] = f->eye[c] ^ SIGN;
        }
        normalize(f, v);
    }
    /* The scene: LIGHT_MODEL_AMBIENT (the untracked emission and
     * ambient), plus the tracked emission, plus MATERIAL_FACTOR (the
     * scene's ambient light) times a tracked ambient. */
    memcpy(col, ltctx(f, l->lt_model + back), 12);
    memset(spec, 0, 16);
    if (m_emi) {
        lt_mad(f, col, m_emi, NULL, ONE);
    }
    if (m_amb) {
        lt_mad(f, col, ltctx(f, l->lt_model + 2 + back), m_amb, ONE);
    }
    col[3] = m_dif ? clamp01(m_dif[3])
                   : ltc(f, 3, l->mat_alpha + back);
    for (unsigned i = 0; i < 8; i++) {
        unsigned type = (f->mode_b >> (2 * i)) & 3;
        unsigned e = l->lt_stride * i + (back ? l->lt_back : 0);
        uint32_t L[4], H[4], s[4] = { 0 }, lit[4], att;

        /* mode.rst: the lights after a disabled one are disabled too. */
        if (type == LIGHT_NONE) {
            break;
        }
        att = light_vectors(f, i, type, v, L, H);
        /* LIT: (1, max(N.L, 0), N.L > 0 ? max(N.H, 0)^shininess : 0). */
        s[0] = lt(f, dot(f, n, L, 3));
        s[1] = lt(f, dot(f, n, H, 3));
        s[3] = ltc(f, 1, l->shininess + back);
        nv_xf_lit(s, lit);
        lt_mad(f, col, ltctx(f, e), m_amb, att);
        lt_mad(f, col, ltctx(f, e + 1), m_dif, lt(f, mul(f, att, lit[1])));
        lt_mad(f, spec, ltctx(f, e + 2), m_spe,
               lt(f, mul(f, att, lt(f, lit[2]))));
    }
    /* One colour, or the specular apart (GL 1.5 2.14.1 SEPARATE_SPECULAR). */
    if (!(f->mode_a & A_SEPARATE_SPECULAR)) {
        lt_mad(f, col, spec, NULL, ONE);
        memset(spec, 0, 12);
    }
    for (unsigned c = 0; c < 3; c++) {
        col[c] = clamp01(col[c]);
        spec[c] = clamp01(spec[c]);
    }
}

static void lighting(const Ff *f, uint32_t (*tbuf)[4])
{
    const FfLayout *l = f->l;
    uint32_t *col = tbuf[l->out_col], *spec = tbuf[l->out_col + 1];

    if (!(f->mode_a & A_LIGHTING)) {
        memcpy(col, f->in[3], 16);
        memcpy(spec, f->in[4], 16);
    } else {
        light_face(f, false, col, spec);
    }
    if (f->mode_a & A_LIGHTING && f->mode_a & A_TWO_SIDE) {
        light_face(f, true, tbuf[l->out_bcol], tbuf[l->out_bcol + 1]);
    } else {
        memcpy(tbuf[l->out_bcol], col, 16);
        memcpy(tbuf[l->out_bcol + 1], spec, 16);
    }
}

/* ---- fog, point size, texture coordinates ---- */

static uint32_t fog(const Ff *f)
{
    uint32_t d;

    switch (f->fog_src) {
    case FOG_SPEC_ALPHA:
        return f->in[4][3];
    case FOG_RADIAL:
        return length(f, f->eye);
    case FOG_PLANAR:
    case FOG_PLANAR_ABS:
        d = dot(f, ctx(f, f->l->fog_plane), f->eye, 4);
        return f->fog_src == FOG_PLANAR_ABS ? d & ~SIGN : d;
    default:
        return f->in[5][0];
    }
}

/*
 * Point size with distance attenuation (GL 1.5 section 3.3):
 * size * RSQ(a + b d + c d^2), clamped to [min, max], d the eye
 * distance.  (a, b, c) is POINT_PARAMS_A; size, min and max are
 * Kelvin's POINT_PARAMS_B.x, LTC1 POINT_PARAMS_C and LTC3
 * POINT_PARAMS_D, Rankine's XFCTX 0x27 x, y, z (inferred).
 */
static uint32_t point_size(const Ff *f)
{
    bool kelvin = f->xf->isa == NV_XF_KELVIN;
    const uint32_t *a = kelvin ? ltctx(f, 0x47) : ctx(f, 0x26);
    uint32_t size = kelvin ? ltctx(f, 0x48)[0] : ctx(f, 0x27)[0];
    uint32_t lo = kelvin ? ltc(f, 1, 0x03) : ctx(f, 0x27)[1];
    uint32_t hi = kelvin ? ltc(f, 3, 0x01) : ctx(f, 0x27)[2];
    uint32_t d2 = dot(f, f->eye, f->eye, 3), t[3];

    t[0] = a[0];
    t[1] = mul(f, a[1], length(f, f->eye));
    t[2] = mul(f, a[2], d2);
    size = mul(f, size, nv_xf_rsq(nv_xf_sum(t, 3, !kelvin), f->rules));
    size = nv_xf_cmp(size, lo) == -1 ? lo : size;
    return nv_xf_cmp(size, hi) == 1 ? hi : size;
}

/*
 * The reflection vector r = u - 2 n (n . u), u the unit eye position
 * (GL 1.5 section 2.11.4), and m = 2 sqrt(rx^2 + ry^2 + (rz + 1)^2).
 */
static void reflection(const Ff *f, uint32_t r[4], uint32_t *m)
{
    uint32_t u[4], nu, t[4];

    memcpy(u, f->eye, 16);
    normalize(f, u);
    nu = mul(f, dot(f, f->nrm, u, 3), TWO);
    for (unsigned c = 0; c < 3; c++) {
        r[c] = add(f, u[c], mul(f, f->nrm[c], nu) ^ SIGN);
    }
    r[3] = ONE;
    memcpy(t, r, 12);
    t[2] = add(f, t[2], ONE);
    *m = mul(f, length(f, t), TWO);
}

static void texcoord(const Ff *f, unsigned t, uint32_t out[4])
{
    const uint32_t *in = f->in[(f->kelvin_class ? kelvin_layout.in_tex
                                                : f->l->in_tex) + t];
    unsigned slot = t < 4 ? f->l->tex_lo + 8 * t : f->l->tex_hi + 8 * (t - 4);
    uint32_t r[4], m = 0, v[4];
    bool have_r = false;

    for (unsigned c = 0; c < 4; c++) {
        unsigned mode = (f->tex[t] >> (4 + 3 * c)) & 7;

        if ((mode == GEN_SPHERE_MAP || mode == GEN_REFLECTION_MAP) &&
            !have_r) {
            reflection(f, r, &m);
            have_r = true;
        }
        switch (mode) {
        case GEN_EYE_LINEAR:
            v[c] = dot(f, ctx(f, slot + c), f->eye, 4);
            break;
        case GEN_OBJECT_LINEAR:
            v[c] = dot(f, ctx(f, slot + c), f->in[0], 4);
            break;
        case GEN_SPHERE_MAP:
            /* s, t = r / m + 1/2; on r and q the mode is not allowed
             * (mode.rst): they pass. */
            v[c] = c < 2 ? add(f, mul(f, r[c], nv_xf_rcp(m)), HALF) : in[c];
            break;
        case GEN_NORMAL_MAP:
            v[c] = c < 3 ? f->nrm[c] : in[c];
            break;
        case GEN_REFLECTION_MAP:
            v[c] = c < 3 ? r[c] : in[c];
            break;
        default:    /* PASS; EMBOSS_MAP is not modelled: it passes */
            v[c] = in[c];
            break;
        }
    }
    /* TEX_MATRIX_ENABLE */
    if (f->tex[t] & 2) {
        xform(f, slot + 4, v, v);
    }
    memcpy(out, v, 16);
}

/* ---- the vertex ---- */

/* xf.h: COLOR_MATERIAL's order into XFMODE_A's LIGHT_MATERIAL places. */
uint32_t nv_xf_material_bits(uint32_t fields)
{
    static const uint8_t pos[8] = { 25, 23, 21, 19, 6, 4, 2, 0 };
    uint32_t r = 0;

    for (unsigned i = 0; i < 8; i++) {
        r |= (fields >> (2 * i) & 3) << pos[i];
    }
    return r;
}

/*
 * NV40's XF bundles as the XFMODE bits the path reads (mode.rst "Curie
 * XF bundles"): XF_A's material sources (front emission, ambient,
 * diffuse, specular from bit 3, two bits each, then the back ones; in
 * XFMODE_A at 25, 23, 21, 19 and 6, 4, 2, 0), FOG_COORD (19-21, taken
 * to have Kelvin's codes: it is as wide), LIGHTING_ENABLE (22),
 * WEIGHT_MODE (23-25), NORMALIZE_ENABLE (26); XF_LIGHT's light types
 * (0-15), LOCAL_VIEWER (16), bit 17 and SEPARATE_SPECULAR (18); XF_TXC's
 * texgen modes (S, T, R, Q from bit 0, four bits apart) and
 * TEX_MATRIX_ENABLE (16).  The bundles have no two-sided lighting, fog or
 * point size enable: the back colours, fog and point size are always
 * computed, and VTX and the rasterizer use them or not (inferred).
 */
static void nv40_modes(Ff *f)
{
    const NVXfBundles *b = &f->xf->bundles;

    f->mode_a = A_TWO_SIDE | (b->a >> 22 & 1) << 31 |
                (b->a >> 26 & 1) << 27 | (b->light >> 16 & 1) << 30 |
                (b->light & 3u << 17) | nv_xf_material_bits(b->a >> 3);
    f->mode_b = (b->light & 0xffff) | B_FOG_ENABLE | B_POINT_PARAMS |
                (b->a >> 23 & 7) << 26;
    f->fog_src = b->a >> 19 & 7;
    for (unsigned t = 0; t < NV_XF_TXC; t++) {
        uint32_t x = b->txc[t];

        f->tex[t] = (x >> 16 & 1) << 1 | (x & 7) << 4 | (x >> 4 & 7) << 7 |
                    (x >> 8 & 7) << 10 | (x >> 12 & 7) << 13;
    }
}

/*
 * Kelvin's XFMODE (words 1, 0; XFMODE_T[0] and [1] words 3 and 2) and
 * Rankine's (vector 0 words 3, 2; XFMODE_T[k] vector 1 word 3 - k), each
 * word of XFMODE_T holding two textures (mode.rst).  Rankine's FOG_COORD
 * is two bits, its 3 Kelvin's 4.
 */
static void xfmode_modes(Ff *f)
{
    bool k = f->xf->isa == NV_XF_KELVIN;
    const uint32_t (*mode)[4] = f->xf->ram.mode;

    f->mode_a = mode[0][k ? 1 : 3];
    f->mode_b = mode[0][k ? 0 : 2];
    f->fog_src = f->mode_b >> 22 & (k ? 7 : 3);
    if (!k && f->fog_src == 3) {
        f->fog_src = FOG_COORD;
    }
    for (unsigned t = 0; t < f->l->ntex; t++) {
        f->tex[t] = mode[!k][3 - t / 2] >> (16 * (t % 2));
    }
}

static void fixed_function(const NVXf *xf, uint32_t (*tbuf)[4])
{
    Ff f = { .xf = xf, .kelvin_class = xf->isa == NV_XF_KELVIN ||
                                       xf->upload_isa == NV_XF_KELVIN,
             .lt = nv_xf_has_lt(xf) };
    const FfLayout *l;
    uint32_t *pos = tbuf[0];

    if (xf->isa == NV_XF_KELVIN) {
        f.l = &kelvin_layout;
        f.rules = NV_XF_RULES_KELVIN;
        xfmode_modes(&f);
    } else if (nv_xf_is_nv40(xf)) {
        f.l = &nv40_layout;
        f.rules = NV_XF_RULES_RANKINE;
        nv40_modes(&f);
    } else {
        f.l = &rankine_layout;
        f.rules = NV_XF_RULES_RANKINE;
        xfmode_modes(&f);
    }
    l = f.l;
    for (unsigned i = 0; i < NV_XF_VAB_SLOTS; i++) {
        f.in[i] = xf->ram.vab[i];
    }
    /*
     * Clip coordinates: PROJ is the composite matrix, object to clip
     * space, as the drivers load it; the eye position serves lighting,
     * fog and texgen.  Blending matrices, PROJ takes the blended eye
     * position (docs/xf.rst "Fixed-function processing", inferred).
     */
    xform(&f, l->proj, eye_space(&f) == 1 ? f.in[0] : f.eye, pos);
    if (f.kelvin_class) {
        /* Kelvin's XF does the divide and the viewport itself: window
         * x, y, z = clip / w * VIEWPORT_SCALE + VIEWPORT_TRANSLATE, w kept
         * (docs/xf.rst "Fixed-function processing"); so does Rankine's
         * for a Kelvin class, whose drivers scale PROJECTION to pixels
         * (inferred; docs/pgraph.rst "Kelvin on Rankine"). */
        uint32_t rw = nv_xf_rcp(pos[3]);

        for (unsigned c = 0; c < 3; c++) {
            pos[c] = nv_xf_mad(mul(&f, pos[c], rw), ctx(&f, l->vp_scale)[c],
                               ctx(&f, l->vp_translate)[c], f.rules);
        }
    }
    /* User clip distances: plane i . eye (GL 1.5 section 2.12), where a
     * program would write them; VTX uses those VP_CLIP_PLANES_ENABLE
     * names.  Kelvin's classes have none. */
    for (unsigned i = 0; l->clip_plane && !f.kelvin_class && i < 6; i++) {
        tbuf[l->out_clip[i][0]][l->out_clip[i][1]] =
            dot(&f, ctx(&f, l->clip_plane + i), f.eye, 4);
    }
    lighting(&f, tbuf);
    tbuf[l->out_fog][0] = xf->ram.vab[5][0];
    if (f.mode_b & B_FOG_ENABLE) {
        tbuf[l->out_fog][0] = fog(&f);
    }
    if (f.mode_b & B_POINT_PARAMS) {
        tbuf[l->out_psz][0] = point_size(&f);
    }
    for (unsigned t = 0; t < (f.kelvin_class ? kelvin_layout.ntex : l->ntex);
         t++) {
        texcoord(&f, t, tbuf[l->out_tex + t]);
    }
}

/*
 * Kelvin's bypass (mode.rst BYPASS): the position is already in window
 * coordinates and every attribute passes to its output register as it
 * is (intro.rst's Kelvin input numbering equals the output numbering).
 */
static void bypass(const NVXf *xf, uint32_t (*tbuf)[4])
{
    static const uint8_t io[] = { 0, 3, 4, 5, 9, 10, 11, 12 };

    for (unsigned i = 0; i < G_N_ELEMENTS(io); i++) {
        memcpy(tbuf[io[i]], xf->ram.vab[io[i]], 16);
    }
    memcpy(tbuf[7], xf->ram.vab[3], 16);
    memcpy(tbuf[8], xf->ram.vab[4], 16);
}

bool nv_xf_ff_vertex(const NVXf *xf, uint32_t (*tbuf)[4])
{
    unsigned mode;

    /* NV40 takes its MODE from XF_C; NV41+ have no fixed function
     * (intro.rst items 7, 8): they run the program whatever MODE says. */
    if (xf->isa == NV_XF_CURIE) {
        return false;
    }
    mode = nv_xf_is_nv40(xf) ? xf->bundles.c >> 30 :
           xf->ram.mode[0][nv_xf_is_kelvin(xf) ? 0 : 2] >> 30;
    if (mode != MODE_FIXED &&
        !(mode == MODE_BYPASS && nv_xf_is_kelvin(xf))) {
        return false;
    }
    memset(tbuf, 0, NV_XF_TBUF * sizeof(*tbuf));
    if (mode == MODE_BYPASS) {
        bypass(xf, tbuf);
    } else {
        fixed_function(xf, tbuf);
    }
    return true;
}
