/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: Kelvin's texture shader (docs/combiners.rst "Texture
 * shader"): four stages, each running the TEX_SHADER_OP program rnndb
 * graph/nv20_3d.xml gives it, with the semantics of the
 * NV_texture_shader and NV_texture_shader2 OpenGL specifications.  A
 * stage's RGBA result is the combiners' TEXTUREi register.
 */
#include <math.h>
#include <string.h>

#include "hw/nv/rc/rc.h"

typedef struct TsQuad {
    const NVRcState *st;
    const NVRcQuadIn *in;
    float (*texel)[NV_RC_TEX_UNITS][4];
    /* each dot product stage's (s, t, r) . v */
    float dot[4][NV_RC_TEX_UNITS];
} TsQuad;

static float clamp01(float v)
{
    return fminf(fmaxf(v, 0.0f), 1.0f);
}

/* The stage @s reads the result of (TEX_SHADER_PREVIOUS), or -1. */
static int prev_stage(const NVRcState *st, unsigned s)
{
    return st->ts_prev[s] < s ? st->ts_prev[s] : -1;
}

/*
 * Whether stage @s's program fits the ones around it, as
 * NV_texture_shader's "texture shader stage consistency" requires: the
 * dot product programs need their DOT_PRODUCT stages before them (and
 * DOT_PRODUCT_DIFFUSE_CUBE_MAP a reflection after it), dependent ones an
 * earlier stage to read.  An inconsistent stage gives (0, 0, 0, 0) and
 * fetches nothing (the spec's rule for GL; assumed of the hardware).
 */
static bool consistent(const NVRcState *st, unsigned s)
{
    const uint8_t *op = st->ts_op;
    bool prev_ok = prev_stage(st, s) >= 0;
    bool dot1 = s >= 1 && op[s - 1] == NV_RC_TS_DOT_PRODUCT;
    bool dot2 = s >= 2 && op[s - 2] == NV_RC_TS_DOT_PRODUCT;

    switch (op[s]) {
    case NV_RC_TS_NONE:
    case NV_RC_TS_TEXTURE_2D:
    case NV_RC_TS_TEXTURE_3D:
    case NV_RC_TS_CUBE_MAP:
    case NV_RC_TS_PASS_THROUGH:
    case NV_RC_TS_CULL_FRAGMENT:
        return true;
    case NV_RC_TS_OFFSET_TEXTURE_2D:
    case NV_RC_TS_OFFSET_TEXTURE_2D_SCALE:
    case NV_RC_TS_DEPENDENT_AR_TEXTURE_2D:
    case NV_RC_TS_DEPENDENT_GB_TEXTURE_2D:
    case NV_RC_TS_DOT_PRODUCT:
        return prev_ok;
    case NV_RC_TS_DOT_PRODUCT_TEXTURE_2D:
    case NV_RC_TS_DOT_PRODUCT_DEPTH_REPLACE:
        return prev_ok && dot1;
    case NV_RC_TS_DOT_PRODUCT_DIFFUSE_CUBE_MAP:
        return prev_ok && dot1 && s + 1 < NV_RC_TEX_UNITS &&
               (op[s + 1] == NV_RC_TS_DOT_PRODUCT_REFLECT_CUBE_MAP ||
                op[s + 1] == NV_RC_TS_DOT_PRODUCT_CONST_EYE_REFLECT_CUBE_MAP);
    case NV_RC_TS_DOT_PRODUCT_TEXTURE_3D:
    case NV_RC_TS_DOT_PRODUCT_TEXTURE_CUBE_MAP:
        return prev_ok && dot1 && dot2;
    case NV_RC_TS_DOT_PRODUCT_REFLECT_CUBE_MAP:
    case NV_RC_TS_DOT_PRODUCT_CONST_EYE_REFLECT_CUBE_MAP:
        return prev_ok && dot2 &&
               (dot1 || op[s - 1] == NV_RC_TS_DOT_PRODUCT_DIFFUSE_CUBE_MAP);
    default:
        return false;
    }
}

/*
 * The vector a dot product takes from the previous stage's result, as
 * TEX_SHADER_DOTMAPPING says (the codes are inferred, docs/combiners.rst):
 * NV_texture_shader's UNSIGNED_IDENTITY, EXPAND_NORMAL and the HILO
 * texture vectors.
 */
static void dot_vector(unsigned map, const float t[4], float v[3])
{
    switch (map) {
    case NV_RC_DOT_EXPAND_MS:
    case NV_RC_DOT_EXPAND_GL:
    case NV_RC_DOT_EXPAND_NV:
        for (unsigned c = 0; c < 3; c++) {
            v[c] = 2.0f * t[c] - 1.0f;
        }
        return;
    case NV_RC_DOT_HILO_1:
        v[0] = t[0];
        v[1] = t[1];
        v[2] = 1.0f;
        return;
    case NV_RC_DOT_HILO_HEMI_MS:
    case NV_RC_DOT_HILO_HEMI_GL:
    case NV_RC_DOT_HILO_HEMI_NV:
        v[0] = t[0];
        v[1] = t[1];
        v[2] = sqrtf(fmaxf(1.0f - t[0] * t[0] - t[1] * t[1], 0.0f));
        return;
    default:
        memcpy(v, t, 3 * sizeof(*v));
        return;
    }
}

/* Stage @s's dot product at pixel @p: its (s, t, r) . the vector. */
static float stage_dot(const TsQuad *q, unsigned p, unsigned s)
{
    const float *tc = q->in->px[p].tex[s];
    int prev = prev_stage(q->st, s);
    float v[3];

    if (prev < 0) {
        return 0.0f;
    }
    dot_vector(q->st->ts_dotmap[s], q->texel[p][prev], v);
    return tc[0] * v[0] + tc[1] * v[1] + tc[2] * v[2];
}

/*
 * The vector of a three-stage dot product ending with stage @last: the
 * two dot products before it and its own.
 */
static void triple(const TsQuad *q, unsigned p, unsigned last, float v[3])
{
    v[0] = q->dot[p][last - 2];
    v[1] = q->dot[p][last - 1];
    v[2] = stage_dot(q, p, last);
}

/*
 * The reflection of the eye vector @e about the normal @n,
 * 2 n (n . e) / (n . n) - e (NV_texture_shader,
 * DOT_PRODUCT_REFLECT_CUBE_MAP_NV).
 */
static void reflect(const float n[3], const float e[3], float r[4])
{
    float ne = n[0] * e[0] + n[1] * e[1] + n[2] * e[2];
    float nn = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];

    for (unsigned c = 0; c < 3; c++) {
        r[c] = 2.0f * n[c] * ne / nn - e[c];
    }
    r[3] = 1.0f;
}

/*
 * Stage @s's lookup coordinates at pixel @p into @c, or false when its
 * program does not read a texture (and then its result, dot product,
 * cull or depth).
 */
static bool stage_pixel(TsQuad *q, unsigned s, unsigned p, NVRcQuadOut *out,
                        float c[4])
{
    const NVRcState *st = q->st;
    const float *tc = q->in->px[p].tex[s];
    float *res = q->texel[p][s];
    const float *pt = q->texel[p][st->ts_prev[s] & 3];
    const float *m = st->offset_matrix[s];
    float d[3], e[3];

    c[3] = 1.0f;
    switch (st->ts_op[s]) {
    case NV_RC_TS_TEXTURE_2D:
    case NV_RC_TS_TEXTURE_3D:
        /* projective: (s, t, r) / q */
        for (unsigned k = 0; k < 3; k++) {
            c[k] = tc[k] / tc[3];
        }
        return true;
    case NV_RC_TS_CUBE_MAP:
        memcpy(c, tc, 3 * sizeof(*c));
        return true;
    case NV_RC_TS_PASS_THROUGH:
        for (unsigned k = 0; k < 4; k++) {
            res[k] = clamp01(tc[k]);
        }
        return false;
    case NV_RC_TS_CULL_FRAGMENT:
        /* TEX_SHADER_CULL_MODE: GEQUAL keeps s >= 0, LESS keeps s < 0 */
        for (unsigned k = 0; k < 4; k++) {
            bool less = (st->cull_less >> (4 * s + k)) & 1;

            if (!(less ? tc[k] < 0.0f : tc[k] >= 0.0f)) {
                out->culled |= 1u << p;
            }
        }
        return false;
    case NV_RC_TS_OFFSET_TEXTURE_2D:
    case NV_RC_TS_OFFSET_TEXTURE_2D_SCALE:
        /* (s, t) + [m0 m2; m1 m3] (ds, dt), no projection */
        c[0] = tc[0] + m[0] * pt[0] + m[2] * pt[1];
        c[1] = tc[1] + m[1] * pt[0] + m[3] * pt[1];
        c[2] = tc[2];
        return true;
    case NV_RC_TS_DEPENDENT_AR_TEXTURE_2D:
    case NV_RC_TS_DEPENDENT_GB_TEXTURE_2D: {
        /* (alpha, red) or (green, blue) of the previous result */
        bool gb = st->ts_op[s] == NV_RC_TS_DEPENDENT_GB_TEXTURE_2D;

        c[0] = pt[gb ? 1 : 3];
        c[1] = pt[gb ? 2 : 0];
        c[2] = 0.0f;
        return true;
    }
    case NV_RC_TS_DOT_PRODUCT:
        q->dot[p][s] = stage_dot(q, p, s);
        return false;
    case NV_RC_TS_DOT_PRODUCT_TEXTURE_2D:
        c[0] = q->dot[p][s - 1];
        c[1] = stage_dot(q, p, s);
        c[2] = 0.0f;
        return true;
    case NV_RC_TS_DOT_PRODUCT_DEPTH_REPLACE: {
        /* z / w of the two dot products, clamped as a depth (inferred) */
        float z = q->dot[p][s - 1] / stage_dot(q, p, s);

        out->depth[p] = isnan(z) ? 0.0f : clamp01(z);
        out->depth_replaced = true;
        return false;
    }
    case NV_RC_TS_DOT_PRODUCT_DIFFUSE_CUBE_MAP:
        /* the triple ends with the next stage's dot product */
        q->dot[p][s] = stage_dot(q, p, s);
        triple(q, p, s + 1, c);
        return true;
    case NV_RC_TS_DOT_PRODUCT_TEXTURE_3D:
    case NV_RC_TS_DOT_PRODUCT_TEXTURE_CUBE_MAP:
        triple(q, p, s, c);
        return true;
    case NV_RC_TS_DOT_PRODUCT_REFLECT_CUBE_MAP:
    case NV_RC_TS_DOT_PRODUCT_CONST_EYE_REFLECT_CUBE_MAP:
        triple(q, p, s, d);
        /* the eye: the three stages' q, or TEX_SHADER_CONST_EYE */
        for (unsigned k = 0; k < 3; k++) {
            e[k] = st->ts_op[s] == NV_RC_TS_DOT_PRODUCT_REFLECT_CUBE_MAP ?
                   q->in->px[p].tex[s - 2 + k][3] : st->const_eye[k];
        }
        reflect(d, e, c);
        return true;
    default:
        return false;
    }
}

/*
 * One stage for the quad.  Lookups go to the caller with the quad's
 * derivatives: dx the right minus the left pixel of the row, dy the
 * lower minus the upper pixel of the column.  A unit whose TEX_ENABLE is
 * clear reads (0, 0, 0, 0) (inferred).
 */
static void run_stage(TsQuad *q, const NVRcTex *tex, unsigned s,
                      NVRcQuadOut *out)
{
    const NVRcState *st = q->st;
    float c[4][4];
    bool fetch = false;

    if (!consistent(st, s)) {
        return;
    }
    for (unsigned p = 0; p < 4; p++) {
        fetch = stage_pixel(q, s, p, out, c[p]);
    }
    if (!fetch || !(st->tex_enabled & (1u << s))) {
        return;
    }
    for (unsigned p = 0; p < 4; p++) {
        float dx[4], dy[4];
        float *res = q->texel[p][s];

        for (unsigned k = 0; k < 4; k++) {
            dx[k] = c[p | 1][k] - c[p & 2][k];
            dy[k] = c[p | 2][k] - c[p & 1][k];
        }
        tex->sample(tex->opaque, s, c[p], dx, dy, res);
        if (st->ts_op[s] == NV_RC_TS_OFFSET_TEXTURE_2D_SCALE) {
            /* RGB times the previous stage's magnitude, scaled, biased */
            const float *pt = q->texel[p][st->ts_prev[s] & 3];
            float l = clamp01(pt[2] * st->offset_scale[s] +
                              st->offset_bias[s]);

            for (unsigned k = 0; k < 3; k++) {
                res[k] *= l;
            }
        }
    }
}

void nv_rc_texshader(const NVRcState *st, const NVRcQuadIn *in,
                     const NVRcTex *tex, float texel[4][NV_RC_TEX_UNITS][4],
                     NVRcQuadOut *out)
{
    TsQuad q = { .st = st, .in = in, .texel = texel };

    memset(texel, 0, 4 * sizeof(*texel));
    out->culled = 0;
    out->depth_replaced = false;
    for (unsigned p = 0; p < 4; p++) {
        out->depth[p] = in->px[p].pos[2];
    }
    for (unsigned s = 0; s < NV_RC_TEX_UNITS; s++) {
        run_stage(&q, tex, s, out);
    }
}
