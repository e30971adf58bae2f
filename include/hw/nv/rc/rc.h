/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the Kelvin (NV20/NV25) fragment stage after the rasterizer:
 * the texture shader (four stages of texture lookups, dot products,
 * dependent reads and culling) and the register combiners (up to eight
 * general stages and the final combiner), a 2x2 quad at a time.
 *
 * QEMU-free and independent of PGRAPH: nv_rc_decode() reads the bundle
 * shadow words and the per-context method state the 3D class keeps, and
 * nv_rc_run_quad() shades one quad.  Texels come from the caller through
 * NVRcTex.  docs/combiners.rst has the rules and what is inferred.
 */
#ifndef HW_NV_RC_H
#define HW_NV_RC_H

#include <stdbool.h>
#include <stdint.h>

/* Texture units and texture shader stages (rnndb graph/nv20_3d.xml). */
#define NV_RC_TEX_UNITS     4
/* General combiner stages (RC_IN_ALPHA etc. have 8 entries). */
#define NV_RC_STAGES        8
/* RC_ENABLE's NUM_COMBINERS field. */
#define NV_RC_ENABLE_NUM_COMBINERS  0x0000000f

/*
 * TEX_SHADER_OP stage programs.  rnndb graph/nv20_3d.xml names 1, 4, 5,
 * 6, 9, 0xa, 0xf, 0x10 and 0x11; the other codes are inferred
 * (docs/combiners.rst "Texture shader operations").
 */
typedef enum NVRcTsOp {
    NV_RC_TS_NONE = 0x00,
    NV_RC_TS_TEXTURE_2D = 0x01,
    NV_RC_TS_TEXTURE_3D = 0x02,
    NV_RC_TS_CUBE_MAP = 0x03,
    NV_RC_TS_PASS_THROUGH = 0x04,
    NV_RC_TS_CULL_FRAGMENT = 0x05,
    NV_RC_TS_OFFSET_TEXTURE_2D = 0x06,
    NV_RC_TS_OFFSET_TEXTURE_2D_SCALE = 0x07,
    NV_RC_TS_DOT_PRODUCT_TEXTURE_2D = 0x09,
    NV_RC_TS_DOT_PRODUCT_DEPTH_REPLACE = 0x0a,
    NV_RC_TS_DOT_PRODUCT_DIFFUSE_CUBE_MAP = 0x0b,
    NV_RC_TS_DOT_PRODUCT_REFLECT_CUBE_MAP = 0x0c,
    NV_RC_TS_DOT_PRODUCT_TEXTURE_3D = 0x0d,
    NV_RC_TS_DOT_PRODUCT_TEXTURE_CUBE_MAP = 0x0e,
    NV_RC_TS_DEPENDENT_AR_TEXTURE_2D = 0x0f,
    NV_RC_TS_DEPENDENT_GB_TEXTURE_2D = 0x10,
    NV_RC_TS_DOT_PRODUCT = 0x11,
    NV_RC_TS_DOT_PRODUCT_CONST_EYE_REFLECT_CUBE_MAP = 0x12,
} NVRcTsOp;

/* TEX_SHADER_DOTMAPPING values (inferred, docs/combiners.rst). */
typedef enum NVRcDotMap {
    NV_RC_DOT_UNSIGNED = 0,     /* (r, g, b) as fetched */
    NV_RC_DOT_EXPAND_MS = 1,    /* 1-3: 2 * (r, g, b) - 1 */
    NV_RC_DOT_EXPAND_GL = 2,
    NV_RC_DOT_EXPAND_NV = 3,
    NV_RC_DOT_HILO_1 = 4,       /* (hi, lo, 1) */
    NV_RC_DOT_HILO_HEMI_MS = 5, /* 5-7: (hi, lo, sqrt(1 - hi^2 - lo^2)) */
    NV_RC_DOT_HILO_HEMI_GL = 6,
    NV_RC_DOT_HILO_HEMI_NV = 7,
} NVRcDotMap;

/* The combiners' registers (rnndb graph/nv_3ddefs.xml nv10_rc_variable). */
typedef enum NVRcReg {
    NV_RC_ZERO = 0x0,
    NV_RC_CONSTANT_COLOR0 = 0x1,
    NV_RC_CONSTANT_COLOR1 = 0x2,
    NV_RC_FOG = 0x3,
    NV_RC_PRIMARY_COLOR = 0x4,
    NV_RC_SECONDARY_COLOR = 0x5,
    NV_RC_TEXTURE0 = 0x8,
    NV_RC_SPARE0 = 0xc,
    NV_RC_SPARE1 = 0xd,
    NV_RC_SPARE0_PLUS_SECONDARY_COLOR = 0xe,
    NV_RC_E_TIMES_F = 0xf,
} NVRcReg;

/* nv10_rc_mapping: how an input register value enters a combiner. */
typedef enum NVRcMapping {
    NV_RC_UNSIGNED_IDENTITY = 0,
    NV_RC_UNSIGNED_INVERT = 1,
    NV_RC_EXPAND_NORMAL = 2,
    NV_RC_EXPAND_NEGATE = 3,
    NV_RC_HALF_BIAS_NORMAL = 4,
    NV_RC_HALF_BIAS_NEGATE = 5,
    NV_RC_SIGNED_IDENTITY = 6,
    NV_RC_SIGNED_NEGATE = 7,
} NVRcMapping;

/* One combiner input variable: a field of nv10_rc_in_* / rc_final*. */
typedef struct NVRcInput {
    uint8_t reg;                /* NVRcReg */
    bool alpha;                 /* COMPONENT_USAGE: 1 = ALPHA */
    uint8_t mapping;            /* NVRcMapping */
} NVRcInput;

/* The output half of a general stage portion (nv10_rc_out). */
typedef struct NVRcOutput {
    uint8_t ab, cd, sum;        /* destination NVRcReg; ZERO discards */
    bool ab_dot, cd_dot;        /* AB_DOT_PRODUCT, CD_DOT_PRODUCT */
    bool mux;                   /* MUX_SUM */
    float bias;                 /* BIAS: 0 or -0.5 */
    float scale;                /* SCALE: 1, 2, 4 or 0.5 */
} NVRcOutput;

/* One general combiner stage: RGB and alpha portions. */
typedef struct NVRcStage {
    NVRcInput in_rgb[4], in_alpha[4];       /* A, B, C, D */
    NVRcOutput out_rgb, out_alpha;
    float const0[4], const1[4];             /* RGBA this stage reads */
} NVRcStage;

/* The decoded fragment state. */
typedef struct NVRcState {
    /* Texture shader: per stage op, dot mapping, previous stage. */
    uint8_t ts_op[NV_RC_TEX_UNITS];         /* NVRcTsOp */
    uint8_t ts_dotmap[NV_RC_TEX_UNITS];     /* NVRcDotMap */
    uint8_t ts_prev[NV_RC_TEX_UNITS];       /* < stage index */
    uint8_t tex_enabled;                    /* bit i: TEX_ENABLE(i) */
    uint16_t cull_less;                     /* bit 4i + c: LESS */
    float offset_matrix[NV_RC_TEX_UNITS][4];
    /* OFFSET_TEXTURE_2D_SCALE's luminance scale and bias (inferred) */
    float offset_scale[NV_RC_TEX_UNITS], offset_bias[NV_RC_TEX_UNITS];
    float const_eye[3];
    /* General combiners in use (RC_ENABLE NUM_COMBINERS, at most 8). */
    unsigned num_stages;
    NVRcStage stage[NV_RC_STAGES];
    /* Final combiner: A-D (RC_FINAL0), E-G (RC_FINAL1). */
    NVRcInput final_in[7];
    bool color_sum_clamp;
    float final_const0[4], final_const1[4]; /* RC_COLOR0/1 */
    float fog_color[3];                     /* FOG_COLOR */
} NVRcState;

/*
 * A texel from unit @unit at @coord (s, t, r, q as the stage computed
 * them, after any projection); @dx and @dy are the coordinates' change
 * to the quad's right and lower neighbour.  The unit's own state
 * (dimensionality, format, filtering) is the caller's.  @out is RGBA for
 * colour formats; HILO formats give (hi, lo) and DSDT formats (ds, dt,
 * magnitude) in out[0..], signed ones unclamped.
 */
typedef void NVRcSample(void *opaque, unsigned unit, const float coord[4],
                        const float dx[4], const float dy[4], float out[4]);

typedef struct NVRcTex {
    NVRcSample *sample;
    void *opaque;
} NVRcTex;

/* A pixel's interpolated inputs. */
typedef struct NVRcPixelIn {
    float col0[4], col1[4];     /* primary and secondary colour, RGBA */
    float fog;                  /* fog factor: the FOG register's alpha */
    float tex[NV_RC_TEX_UNITS][4];  /* s, t, r, q */
    float pos[4];               /* window x, y, z and 1/w */
} NVRcPixelIn;

/* A quad in nv_raster's order: (x, y), (x + 1, y), (x, y + 1), ... */
typedef struct NVRcQuadIn {
    NVRcPixelIn px[4];
    uint8_t mask;               /* bit i: px[i] is a fragment */
} NVRcQuadIn;

typedef struct NVRcQuadOut {
    float color[4][4];          /* the final combiner's RGBA, in [0, 1] */
    float depth[4];             /* pos[2], or DOT_PRODUCT_DEPTH_REPLACE's */
    uint8_t culled;             /* bit i: px[i] killed (CULL_FRAGMENT) */
    bool depth_replaced;
} NVRcQuadOut;

/*
 * Decode the state: @bundle[id] is Kelvin's bundle @id
 * (docs/hw/graph/bundles.rst; ids up to 0xad are read), @extra[m / 4]
 * the word last written to method @m where no bundle keeps it
 * (TEX_SHADER_DOTMAPPING, _PREVIOUS, _OFFSET_MATRIX; NV_METHOD_SPACE / 4
 * words): PGRAPH's per-context method state.
 */
void nv_rc_decode(NVRcState *st, const uint32_t *bundle,
                  const uint32_t *extra);
/*
 * Shade one quad: texture shader, general and final combiners.  Every
 * pixel is shaded, whatever @in->mask says and culled or not: the caller
 * drops what is not a fragment.
 */
void nv_rc_run_quad(const NVRcState *st, const NVRcQuadIn *in,
                    const NVRcTex *tex, NVRcQuadOut *out);

/*
 * The combiners alone on one pixel, their texture registers @texel
 * given: Rankine's fragment program fills them (docs/combiners.rst
 * "Rankine").  Writes the final RGBA to @out.
 */
void nv_rc_combine(const NVRcState *st, const NVRcPixelIn *p,
                   const float texel[NV_RC_TEX_UNITS][4], float out[4]);

/*
 * The combiners' number format: @v clamped to [-1, 1] and rounded to a
 * multiple of 1/255 (sign and 8 magnitude bits), ties (to within 1/1024
 * of a step) away from zero; NaN reads as 0.
 */
float nv_rc_quantize(float v);

/*
 * The texture shader alone: each stage's RGBA (the combiners' TEXTUREi
 * registers) for the four pixels, the culled pixels and depth.
 */
void nv_rc_texshader(const NVRcState *st, const NVRcQuadIn *in,
                     const NVRcTex *tex, float texel[4][NV_RC_TEX_UNITS][4],
                     NVRcQuadOut *out);

#endif
