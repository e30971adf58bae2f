/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: Kelvin's register combiners (docs/combiners.rst): the state
 * decode from the bundles, the general combiner stages and the final
 * combiner, as the NV_register_combiners and NV_register_combiners2
 * OpenGL specifications define them, in the hardware's 9-bit signed
 * number format.
 */
#include <math.h>
#include <string.h>

#include "hw/nv/rc/rc.h"
#include "../graph/nv20/bundles-nv20.h"

/* Bundle id of a shadow register offset (bundles.rst "Introduction"). */
#define BID(reg)            (((reg) - BUNDLE(0)) / 4)

/* Method offsets kept in PGRAPH's per-context method state. */
#define M_TEX_SHADER_OFFSET_MATRIX  0x1b28  /* + 64 * unit, 4 floats */
/* the two words after the matrix, not in rnndb (inferred) */
#define M_TEX_SHADER_OFFSET_SCALE   0x1b38
#define M_TEX_SHADER_OFFSET_BIAS    0x1b3c
#define M_TEX_SHADER_DOTMAPPING     0x1e74
#define M_TEX_SHADER_PREVIOUS       0x1e78

/* A register file slot per nv10_rc_variable code. */
#define NV_RC_REGS          16

/*
 * The number format is docs/combiners.rst "Arithmetic"'s (inferred).
 * Ties round away from zero.  A value k/255 is not exact in a float, so
 * half a step, which HALF_BIAS and BIAS produce from any 8-bit value,
 * could fall either side of the tie: 1/1024 of a step towards the larger
 * magnitude makes such ties round as exact ones would.
 */
float nv_rc_quantize(float v)
{
    float k;

    if (isnan(v)) {
        return 0.0f;
    }
    k = (v < -1.0f ? -1.0f : v > 1.0f ? 1.0f : v) * 255.0f;
    /* |k| <= 255: the conversion truncates towards zero, a round */
    return (int)(k + copysignf(0.5f + 1.0f / 1024, k)) / 255.0f;
}

/* max(x, 0), NaN giving 0 (the combiners' values are never NaN) */
static float max0(float x)
{
    return x > 0.0f ? x : 0.0f;
}

static float float_of(uint32_t w)
{
    float f;

    memcpy(&f, &w, sizeof(f));
    return f;
}

/*
 * rnndb's argb8 (B in bits 0-7) or abgr8 (R in bits 0-7) into RGBA,
 * each byte over 255.
 */
static void unpack_color(uint32_t w, bool abgr, float out[4])
{
    unsigned r = (w >> (abgr ? 0 : 16)) & 0xff;
    unsigned b = (w >> (abgr ? 16 : 0)) & 0xff;

    out[0] = r / 255.0f;
    out[1] = ((w >> 8) & 0xff) / 255.0f;
    out[2] = b / 255.0f;
    out[3] = (w >> 24) / 255.0f;
}

/* One byte of nv10_rc_in_* / nv10_rc_final*: INPUT, USAGE, MAPPING. */
static NVRcInput decode_input(uint32_t byte)
{
    return (NVRcInput) {
        .reg = byte & 0xf,
        .alpha = (byte >> 4) & 1,
        .mapping = (byte >> 5) & 7,
    };
}

/* nv10_rc_in_*: A in bits 24-31, B 16-23, C 8-15, D 0-7. */
static void decode_inputs(uint32_t w, NVRcInput in[4])
{
    for (unsigned i = 0; i < 4; i++) {
        in[i] = decode_input(w >> (24 - 8 * i));
    }
}

static NVRcOutput decode_output(uint32_t w)
{
    /* nv10_rc_scale: NONE, SCALE_BY_TWO, SCALE_BY_FOUR, SCALE_BY_ONE_HALF */
    static const float scale[4] = { 1.0f, 2.0f, 4.0f, 0.5f };

    return (NVRcOutput) {
        .cd = w & 0xf,
        .ab = (w >> 4) & 0xf,
        .sum = (w >> 8) & 0xf,
        .cd_dot = (w >> 12) & 1,
        .ab_dot = (w >> 13) & 1,
        .mux = (w >> 14) & 1,
        .bias = (w >> 15) & 1 ? -0.5f : 0.0f,
        .scale = scale[(w >> 16) & 3],
    };
}

static void decode_texshader(NVRcState *st, const uint32_t *bundle,
                             const uint32_t *extra)
{
    uint32_t op = bundle[BID(B_TEX_SHADER_OP)];
    uint32_t dotmap = extra[M_TEX_SHADER_DOTMAPPING / 4];
    uint32_t prev = extra[M_TEX_SHADER_PREVIOUS / 4];
    /* TEX_SHADER_PREVIOUS TX0-TX3 (rnndb graph/nv20_3d.xml) */
    static const uint8_t prev_shift[NV_RC_TEX_UNITS] = { 8, 12, 16, 20 };
    static const uint8_t prev_mask[NV_RC_TEX_UNITS] = { 0xf, 0xf, 3, 3 };

    st->tex_enabled = 0;
    for (unsigned i = 0; i < NV_RC_TEX_UNITS; i++) {
        const uint32_t *m = &extra[(M_TEX_SHADER_OFFSET_MATRIX + 64 * i) / 4];

        st->ts_op[i] = (op >> (5 * i)) & 0x1f;
        st->ts_dotmap[i] = (dotmap >> (4 * i)) & 0xf;
        st->ts_prev[i] = (prev >> prev_shift[i]) & prev_mask[i];
        for (unsigned k = 0; k < 4; k++) {
            st->offset_matrix[i][k] = float_of(m[k]);
        }
        st->offset_scale[i] =
            float_of(extra[(M_TEX_SHADER_OFFSET_SCALE + 64 * i) / 4]);
        st->offset_bias[i] =
            float_of(extra[(M_TEX_SHADER_OFFSET_BIAS + 64 * i) / 4]);
        /* TEX_ENABLE ENABLE, bit 30 (rnndb graph/nv20_3d.xml TEX) */
        if (bundle[BID(K_TEX_CONTROL) + i] & (1u << 30)) {
            st->tex_enabled |= 1u << i;
        }
    }
    st->cull_less = bundle[BID(B_TEX_SHADER_CULL)] & 0xffff;
    for (unsigned k = 0; k < 3; k++) {
        st->const_eye[k] = float_of(bundle[BID(B_TEX_SHADER_EYE) + k]);
    }
}

void nv_rc_decode(NVRcState *st, const uint32_t *bundle,
                  const uint32_t *extra)
{
    uint32_t cfg = bundle[BID(B_RC_CONFIG)];
    uint32_t final0 = bundle[BID(B_RC_FINAL_A)];
    uint32_t final1 = bundle[BID(B_RC_FINAL_B)];
    /*
     * RC_ENABLE STAGE_CONSTANT_COLOR0/1 (rnndb graph/nv30-40_3d.xml; the
     * Kelvin rnndb lists only NUM_COMBINERS): bits 12 and 16, the only
     * ones of those fields RC_CONFIG's shadow keeps (docs/pgraph.rst,
     * "Masks").  Set, each stage reads its own constant, else stage 0's.
     */
    bool own0 = (cfg >> 12) & 1, own1 = (cfg >> 16) & 1;
    float fog[4];

    memset(st, 0, sizeof(*st));
    decode_texshader(st, bundle, extra);

    st->num_stages = cfg & NV_RC_ENABLE_NUM_COMBINERS;
    if (st->num_stages > NV_RC_STAGES) {
        st->num_stages = NV_RC_STAGES;
    }
    for (unsigned i = 0; i < NV_RC_STAGES; i++) {
        NVRcStage *s = &st->stage[i];

        decode_inputs(bundle[BID(B_RC_IN_COLOR) + i], s->in_rgb);
        decode_inputs(bundle[BID(B_RC_IN_ALPHA) + i], s->in_alpha);
        s->out_rgb = decode_output(bundle[BID(B_RC_OUT_COLOR) + i]);
        s->out_alpha = decode_output(bundle[BID(B_RC_OUT_ALPHA) + i]);
        unpack_color(bundle[BID(B_RC_FACTOR_A) + (own0 ? i : 0)], false,
                     s->const0);
        unpack_color(bundle[BID(B_RC_FACTOR_B) + (own1 ? i : 0)], false,
                     s->const1);
    }

    /*
     * nv10_rc_final0: A-D; nv10_rc_final1: E in bits 24-31, F, G.  The
     * shadows keep six bits of each variable (docs/pgraph.rst, "Masks":
     * 0x3f3f3f3f, 0x3f3f3fe0): MAPPING is its low bit alone,
     * UNSIGNED_IDENTITY or UNSIGNED_INVERT, the two NV_register_combiners
     * allows in the final combiner.
     */
    decode_inputs(final0, st->final_in);
    for (unsigned i = 0; i < 3; i++) {
        st->final_in[4 + i] = decode_input(final1 >> (24 - 8 * i));
    }
    for (unsigned i = 0; i < 7; i++) {
        st->final_in[i].mapping &= 1;
    }
    st->color_sum_clamp = (final1 >> 7) & 1;
    unpack_color(bundle[BID(B_RC_FINAL_FACTOR)], false, st->final_const0);
    unpack_color(bundle[BID(B_RC_FINAL_FACTOR) + 1], false,
                 st->final_const1);
    /* FOG_COLOR is abgr8 (rnndb graph/nv10_3d.xml); its alpha is unused */
    unpack_color(bundle[BID(B_FOG_COLOR)], true, fog);
    memcpy(st->fog_color, fog, sizeof(st->fog_color));
}

/*
 * The input mappings of NV_register_combiners' table "Register combiner
 * input mappings"; the unsigned ones first clamp negative values to 0.
 */
static float map_input(unsigned mapping, float x)
{
    float u = max0(x);

    switch (mapping) {
    case NV_RC_UNSIGNED_IDENTITY:
        return u;
    case NV_RC_UNSIGNED_INVERT:
        return u < 1.0f ? 1.0f - u : 0.0f;
    case NV_RC_EXPAND_NORMAL:
        return 2.0f * u - 1.0f;
    case NV_RC_EXPAND_NEGATE:
        return 1.0f - 2.0f * u;
    case NV_RC_HALF_BIAS_NORMAL:
        return u - 0.5f;
    case NV_RC_HALF_BIAS_NEGATE:
        return 0.5f - u;
    case NV_RC_SIGNED_IDENTITY:
        return x;
    default:
        return -x;
    }
}

/*
 * An input variable's mapped value.  RGB slots read the register's RGB
 * or, for usage ALPHA, its alpha three times; scalar slots (the alpha
 * portion and the final combiner's G) read alpha, or for usage BLUE
 * (the bit clear) blue.
 */
static void fetch(const float (*reg)[4], const NVRcInput *in, bool scalar,
                  float v[3])
{
    const float *r = reg[in->reg];

    for (unsigned c = 0; c < 3; c++) {
        unsigned comp = in->alpha ? 3 : scalar ? 2 : c;

        v[c] = map_input(in->mapping, r[comp]);
    }
}

/* The registers a combiner output may name (the spec's writable set). */
static bool writable(unsigned reg)
{
    return reg == NV_RC_PRIMARY_COLOR || reg == NV_RC_SECONDARY_COLOR ||
           (reg >= NV_RC_TEXTURE0 && reg <= NV_RC_SPARE1);
}

/*
 * One portion of a general combiner stage: the AB and CD products (or,
 * in the RGB portion, dot products replicated to the three components),
 * their sum or mux, each with the portion's bias and scale, clamped and
 * quantised.  res[0..2] are AB, CD and SUM (component 0 only in the
 * alpha portion).
 */
static void portion(const float (*reg)[4], const NVRcInput in[4],
                    const NVRcOutput *o, bool scalar, float res[3][3])
{
    float v[4][3], ab[3], cd[3];
    float ab_dot = 0.0f, cd_dot = 0.0f;
    unsigned n = scalar ? 1 : 3;
    /* NV_register_combiners: MUX_SUM picks CD when spare0 alpha >= 0.5 */
    bool pick_cd = reg[NV_RC_SPARE0][3] >= 0.5f;

    for (unsigned i = 0; i < 4; i++) {
        fetch(reg, &in[i], scalar, v[i]);
    }
    for (unsigned c = 0; c < 3; c++) {
        ab_dot += v[0][c] * v[1][c];
        cd_dot += v[2][c] * v[3][c];
    }
    for (unsigned c = 0; c < n; c++) {
        ab[c] = o->ab_dot && !scalar ? ab_dot : v[0][c] * v[1][c];
        cd[c] = o->cd_dot && !scalar ? cd_dot : v[2][c] * v[3][c];
        res[0][c] = nv_rc_quantize((ab[c] + o->bias) * o->scale);
        res[1][c] = nv_rc_quantize((cd[c] + o->bias) * o->scale);
        res[2][c] = nv_rc_quantize(((o->mux ? (pick_cd ? cd[c] : ab[c])
                                            : ab[c] + cd[c]) + o->bias) *
                                   o->scale);
    }
}

/*
 * Write a portion's results.  Outputs naming ZERO are discarded; when two
 * name the same register, SUM wins over CD over AB (inferred: the spec
 * makes such a setting an error).
 */
static void store(float (*reg)[4], const NVRcOutput *o, bool scalar,
                  const float res[3][3])
{
    const uint8_t dst[3] = { o->ab, o->cd, o->sum };

    for (unsigned k = 0; k < 3; k++) {
        if (!writable(dst[k])) {
            continue;
        }
        if (scalar) {
            reg[dst[k]][3] = res[k][0];
        } else {
            memcpy(reg[dst[k]], res[k], sizeof(res[k]));
        }
    }
}

static void general_stage(const NVRcStage *s, float (*reg)[4])
{
    float rgb[3][3], alpha[3][3];

    memcpy(reg[NV_RC_CONSTANT_COLOR0], s->const0, sizeof(s->const0));
    memcpy(reg[NV_RC_CONSTANT_COLOR1], s->const1, sizeof(s->const1));
    /* both portions read the registers as the stage found them */
    portion(reg, s->in_rgb, &s->out_rgb, false, rgb);
    portion(reg, s->in_alpha, &s->out_alpha, true, alpha);
    store(reg, &s->out_rgb, false, rgb);
    store(reg, &s->out_alpha, true, alpha);
}

/*
 * The final combiner (NV_register_combiners "final combiner"): RGB is
 * A * B + (1 - A) * C + D, alpha is G, both clamped to [0, 1].  A-D may
 * read SPARE0_PLUS_SECONDARY_COLOR and E_TIMES_F; the final combiner
 * always reads the global constants (NV_register_combiners2).
 */
static void final_combiner(const NVRcState *st, float (*reg)[4],
                           float out[4])
{
    const NVRcInput *in = st->final_in;
    float v[4][3], e[3], f[3], g[3];

    memcpy(reg[NV_RC_CONSTANT_COLOR0], st->final_const0,
           sizeof(st->final_const0));
    memcpy(reg[NV_RC_CONSTANT_COLOR1], st->final_const1,
           sizeof(st->final_const1));
    /*
     * Both sums are multiples of 1/255 already; without COLOR_SUM_CLAMP
     * the colour sum keeps its range up to 2.  Their alphas read 0
     * (inferred: the spec allows neither as an alpha).
     */
    for (unsigned c = 0; c < 3; c++) {
        float sum = reg[NV_RC_SPARE0][c] + reg[NV_RC_SECONDARY_COLOR][c];

        reg[NV_RC_SPARE0_PLUS_SECONDARY_COLOR][c] =
            st->color_sum_clamp ? (sum > 1.0f ? 1.0f : max0(sum)) : sum;
    }
    reg[NV_RC_SPARE0_PLUS_SECONDARY_COLOR][3] = 0.0f;
    memset(reg[NV_RC_E_TIMES_F], 0, sizeof(reg[NV_RC_E_TIMES_F]));
    fetch(reg, &in[4], false, e);
    fetch(reg, &in[5], false, f);
    for (unsigned c = 0; c < 3; c++) {
        reg[NV_RC_E_TIMES_F][c] = nv_rc_quantize(e[c] * f[c]);
    }
    for (unsigned i = 0; i < 4; i++) {
        fetch(reg, &in[i], false, v[i]);
    }
    fetch(reg, &in[6], true, g);
    for (unsigned c = 0; c < 3; c++) {
        out[c] = nv_rc_quantize(max0(v[0][c] * v[1][c] +
                                     (1.0f - v[0][c]) * v[2][c] + v[3][c]));
    }
    out[3] = nv_rc_quantize(max0(g[0]));
}

/* Quantised copy of an RGBA input into a register. */
static void load(float dst[4], const float src[4])
{
    for (unsigned c = 0; c < 4; c++) {
        dst[c] = nv_rc_quantize(src[c]);
    }
}

/*
 * One pixel through the combiners.  The registers start as the spec's
 * table of initial values says; the ones it leaves undefined (spare0
 * RGB, spare1) and the unnamed codes 6 and 7 read 0 (inferred).
 */
void nv_rc_combine(const NVRcState *st, const NVRcPixelIn *p,
                   const float texel[NV_RC_TEX_UNITS][4], float out[4])
{
    float reg[NV_RC_REGS][4] = { { 0 } };
    const float fog[4] = {
        st->fog_color[0], st->fog_color[1], st->fog_color[2], p->fog,
    };

    load(reg[NV_RC_FOG], fog);
    load(reg[NV_RC_PRIMARY_COLOR], p->col0);
    load(reg[NV_RC_SECONDARY_COLOR], p->col1);
    for (unsigned i = 0; i < NV_RC_TEX_UNITS; i++) {
        load(reg[NV_RC_TEXTURE0 + i], texel[i]);
    }
    reg[NV_RC_SPARE0][3] = reg[NV_RC_TEXTURE0][3];

    for (unsigned i = 0; i < st->num_stages; i++) {
        general_stage(&st->stage[i], reg);
    }
    final_combiner(st, reg, out);
}

void nv_rc_run_quad(const NVRcState *st, const NVRcQuadIn *in,
                    const NVRcTex *tex, NVRcQuadOut *out)
{
    float texel[4][NV_RC_TEX_UNITS][4];

    nv_rc_texshader(st, in, tex, texel, out);
    for (unsigned i = 0; i < 4; i++) {
        nv_rc_combine(st, &in->px[i], texel[i], out->color[i]);
    }
}
