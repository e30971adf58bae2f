/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: XF's special functions as the Kelvin and Rankine hardware
 * computes them (docs/xf.rst "Special functions"): RCP, RCC and RSQ from a
 * first-estimate table and two Newton steps, EXP, LOG and LIT in 13- and 26-bit
 * fixed point with interpolation tables, LG2, EX2, SIN and COS through a
 * piecewise-quadratic evaluator, and SSG.  Everything is integer
 * arithmetic, exact, so no host's libm or rounding mode can change a
 * result.  Curie is taken to compute them as Rankine does.
 */
#include <string.h>

#include "hw/nv/xf/xf-float.h"

#define SIGN        0x80000000u
#define QNAN        0x7fffffffu
#define INF         0x7f800000u
#define ONE         0x3f800000u

/* A float's fields: sign bit, exponent field, fraction. */
#define SGN(a)      ((a) >> 31)
#define EXPO(a)     ((a) >> 23 & 0xff)
#define FRAC(a)     ((a) & 0x7fffff)

static bool is_nan(uint32_t a)
{
    return EXPO(a) == 0xff && FRAC(a);
}

/*
 * @sign | @v * 2^-@k, truncated to 24 significant bits; +0 for @v = 0.
 * The callers' values are far inside the normal range.
 */
static uint32_t scaled(uint32_t sign, uint64_t v, int k)
{
    return v ? nv_xf_trunc(sign, v, 127 - k, true) : 0;
}

/*
 * Store a four-component result with one store: the interpreter reads it
 * back whole, which a host can forward from one store but not from four.
 */
static void put4(uint32_t r[4], uint32_t x, uint32_t y, uint32_t z,
                 uint32_t w)
{
    NVXfVec4 v = { x, y, z, w };

    memcpy(r, &v, sizeof(v));
}

/* ---- RCP, RCC, RSQ (docs/xf.rst "RCP, RCC and RSQ") ---- */

/* The reciprocal's first estimate, by the top 6 fraction bits. */
const uint8_t nv_xf_tr[64] = {
    0x7f, 0x7d, 0x7b, 0x79, 0x78, 0x76, 0x74, 0x73,
    0x71, 0x6f, 0x6e, 0x6d, 0x6b, 0x6a, 0x68, 0x67,
    0x66, 0x65, 0x63, 0x62, 0x61, 0x60, 0x5f, 0x5e,
    0x5d, 0x5c, 0x5b, 0x5a, 0x59, 0x58, 0x57, 0x56,
    0x55, 0x54, 0x53, 0x52, 0x52, 0x51, 0x50, 0x4f,
    0x4e, 0x4e, 0x4d, 0x4c, 0x4c, 0x4b, 0x4a, 0x49,
    0x49, 0x48, 0x48, 0x47, 0x46, 0x46, 0x45, 0x45,
    0x44, 0x43, 0x43, 0x42, 0x42, 0x41, 0x41, 0x40,
};

/* RSQ's first estimate: odd exponents by the top 6 fraction bits, then
 * even ones. */
const uint8_t nv_xf_tq[128] = {
    0x7f, 0x7f, 0x7e, 0x7d, 0x7c, 0x7b, 0x7a, 0x79,
    0x78, 0x77, 0x77, 0x76, 0x75, 0x74, 0x74, 0x73,
    0x72, 0x71, 0x71, 0x70, 0x6f, 0x6f, 0x6e, 0x6d,
    0x6d, 0x6c, 0x6c, 0x6b, 0x6a, 0x6a, 0x69, 0x69,
    0x68, 0x68, 0x67, 0x67, 0x66, 0x66, 0x65, 0x65,
    0x64, 0x64, 0x63, 0x63, 0x62, 0x62, 0x61, 0x61,
    0x61, 0x60, 0x60, 0x5f, 0x5f, 0x5e, 0x5e, 0x5e,
    0x5d, 0x5d, 0x5d, 0x5c, 0x5c, 0x5b, 0x5b, 0x5b,
    0x5a, 0x59, 0x59, 0x58, 0x57, 0x57, 0x56, 0x56,
    0x55, 0x54, 0x54, 0x53, 0x53, 0x52, 0x52, 0x51,
    0x51, 0x50, 0x50, 0x4f, 0x4f, 0x4e, 0x4e, 0x4d,
    0x4d, 0x4d, 0x4c, 0x4c, 0x4b, 0x4b, 0x4a, 0x4a,
    0x4a, 0x49, 0x49, 0x49, 0x48, 0x48, 0x48, 0x47,
    0x47, 0x46, 0x46, 0x46, 0x46, 0x45, 0x45, 0x45,
    0x44, 0x44, 0x44, 0x43, 0x43, 0x43, 0x43, 0x42,
    0x42, 0x42, 0x41, 0x41, 0x41, 0x41, 0x40, 0x40,
};

/* RCP (@rcc false) or RCC: an estimate and two Newton steps on 2^23 + f. */
static inline uint32_t reciprocal(uint32_t a, bool rcc)
{
    uint32_t sign = a & SIGN, f = FRAC(a);
    int e = EXPO(a), E = 254 - e;
    uint64_t F = 0;

    if (is_nan(a)) {
        return QNAN;
    }
    if (!rcc && !e) {
        return sign | INF;
    }
    if (f) {
        uint64_t m = (1u << 23) + f, s = nv_xf_tr[f >> 17];
        uint64_t b = (((1ull << 31) - s * m) * s) >> 24;
        uint64_t c = (((1ull << 37) - b * m) * b) >> 25;

        F = c - (1u << 23);
        E--;
    }
    if (rcc && (E < 63 || E >= 191)) {
        E = E < 63 ? 63 : 191;
        F = 0;
    } else if (!rcc && E <= 0) {
        E = 0;
        F = 0;
    }
    return sign | (uint32_t)E << 23 | (uint32_t)F;
}

uint32_t nv_xf_rcp(uint32_t a)
{
    return reciprocal(a, false);
}

uint32_t nv_xf_rcc(uint32_t a)
{
    return reciprocal(a, true);
}

uint32_t nv_xf_rsq(uint32_t a, NVXfRules rules)
{
    uint32_t f = FRAC(a);
    int e = EXPO(a), E;
    bool neg = SGN(a) && rules == NV_XF_RULES_MODERN;
    uint64_t m, s, b, c;
    unsigned i;

    if (is_nan(a)) {
        return QNAN;
    }
    if (!e) {
        return neg ? SIGN | INF : INF;
    }
    if (neg) {
        return QNAN;
    }
    if (e == 0xff) {
        return 0;
    }
    if (e & 1) {
        E = 126 - (e - 127) / 2;
        i = f >> 17;
        m = (1u << 23) + f;
        /* Only Rankine takes exact powers of four as they are. */
        if (rules != NV_XF_RULES_KELVIN && !f) {
            return (uint32_t)(E + 1) << 23;
        }
    } else {
        E = 126 - (e - 128) / 2;
        i = 64 + (f >> 17);
        m = 2 * ((1u << 23) + f);
    }
    s = nv_xf_tq[i];
    b = ((3ull << 37) - s * s * m) * s >> 32;
    c = ((3ull << 49) - b * b * m) * b >> 39;
    return (uint32_t)E << 23 | (uint32_t)(c - (1u << 23));
}

/* ---- EXP, LOG, LIT (docs/xf.rst "EXP, LOG and LIT") ---- */

/* 2^(h / 32) and its slope by the 5 bits h below the integer part. */
const uint16_t nv_xf_ea[32] = {
    0x0000, 0x0167, 0x02d5, 0x044c, 0x05cb, 0x0752, 0x08e2, 0x0a7b,
    0x0c1c, 0x0dc7, 0x0f7b, 0x1138, 0x12ff, 0x14d1, 0x16ac, 0x1892,
    0x1a83, 0x1c7e, 0x1e84, 0x2096, 0x22b4, 0x24dd, 0x2712, 0x2954,
    0x2ba3, 0x2dfe, 0x3067, 0x32dc, 0x3561, 0x37f2, 0x3a93, 0x3d44,
};
const uint16_t nv_xf_eb[32] = {
    0x167, 0x16e, 0x177, 0x17f, 0x187, 0x190, 0x199, 0x1a1,
    0x1ab, 0x1b4, 0x1bd, 0x1c7, 0x1d2, 0x1db, 0x1e6, 0x1f1,
    0x1fb, 0x206, 0x212, 0x21e, 0x229, 0x235, 0x242, 0x24f,
    0x25b, 0x269, 0x275, 0x285, 0x291, 0x2a1, 0x2b1, 0x2bb,
};

/* log2(1 + h / 32) and its slope by the top 5 fraction bits h. */
const uint32_t nv_xf_la[32] = {
    0x00000, 0x02db6, 0x059bd, 0x08493, 0x0ae2d, 0x0d6a6, 0x0fe20, 0x12468,
    0x149ce, 0x16e47, 0x191df, 0x1b4a1, 0x1d696, 0x1f7c9, 0x2183f, 0x23804,
    0x2571e, 0x27592, 0x2936b, 0x2b0ab, 0x2cd5a, 0x2e97c, 0x3051a, 0x32035,
    0x33ad3, 0x354f7, 0x36ea9, 0x387e9, 0x3a0bd, 0x3b928, 0x3d12b, 0x3e8d5,
};
const uint16_t nv_xf_lb[32] = {
    0x2db6, 0x2c07, 0x2ad6, 0x299a, 0x2879, 0x277a, 0x2648, 0x2566,
    0x2479, 0x2398, 0x22c2, 0x21f5, 0x2133, 0x2076, 0x1fc5, 0x1f1a,
    0x1e74, 0x1dd9, 0x1d40, 0x1caf, 0x1c22, 0x1b9e, 0x1b1b, 0x1a9e,
    0x1a24, 0x19b2, 0x1940, 0x18d4, 0x186b, 0x1803, 0x17aa, 0x172a,
};

/* @a as a signed fixed-point number with 13 fraction bits, floored. */
static inline int32_t q13(uint32_t a)
{
    int e = EXPO(a);
    int64_t m = (1u << 23) + FRAC(a);

    if (is_nan(a)) {
        return INT32_MAX;
    }
    if (e >= 145) {
        return SGN(a) ? INT32_MIN : INT32_MAX;
    }
    if (e < 104) {
        return 0;
    }
    m = SGN(a) ? -m : m;
    /* An arithmetic shift floors the negative ones. */
    return e >= 137 ? m * (1 << (e - 137)) : m >> (137 - e);
}

/* 2^(@q / 2^13), from the tables by the five bits below the point. */
static inline uint32_t p2(int32_t q)
{
    int32_t n = q >> 13;
    unsigned h = q >> 8 & 31, l = q & 0xff;

    if (n <= -127) {
        return 0;
    }
    if (n >= 128) {
        return INF;
    }
    return (uint32_t)(n + 127) << 23 |
           2 * (256 * nv_xf_ea[h] + nv_xf_eb[h] * l);
}

/* log2 of the finite normal @a (sign ignored), 26 fraction bits. */
static inline int64_t l26(uint32_t a)
{
    unsigned h = FRAC(a) >> 18, l = FRAC(a) >> 10 & 0xff;

    return 256 * (int64_t)nv_xf_la[h] + nv_xf_lb[h] * l +
           (int64_t)((int)EXPO(a) - 127) * (1 << 26);
}

/* A signed 26-bit fixed-point value as a truncated float. */
static uint32_t from_l26(int64_t v)
{
    return scaled(v < 0 ? SIGN : 0, v < 0 ? -v : v, 26);
}

/* EXP's fraction x - floor(x), exact (docs/xf.rst "EXP, LOG and LIT"). */
static uint32_t exp_fraction(uint32_t a)
{
    int e = EXPO(a);
    uint64_t m = (1u << 23) + FRAC(a), frac, k;
    unsigned sh = 150 - e;

    if (is_nan(a)) {
        return a;
    }
    if (!e || e >= 150) {
        return 0;
    }
    if (!SGN(a)) {
        return e < 127 ? a : scaled(0, m & ((1ull << sh) - 1), sh);
    }
    if (e < 104) {
        return ONE;
    }
    if (e < 127) {
        /* 1 - |x| on the 2^-23 grid, |x| rounded up to it. */
        k = (m + (1ull << (127 - e)) - 1) >> (127 - e);
        return scaled(0, (1u << 23) - k, 23);
    }
    frac = m & ((1ull << sh) - 1);
    return frac ? scaled(0, (1ull << sh) - frac, sh) : 0;
}

void nv_xf_exp(uint32_t a, uint32_t r[4])
{
    int32_t q = q13(a);

    put4(r, p2(q & ~0x1fff), exp_fraction(a), is_nan(a) ? QNAN : p2(q), ONE);
}

void nv_xf_log(uint32_t a, NVXfRules rules, uint32_t r[4])
{
    int e = EXPO(a);
    uint32_t x, y, z;

    if (SGN(a) && rules == NV_XF_RULES_MODERN) {
        x = y = z = QNAN;
    } else if (is_nan(a)) {
        x = y = z = rules == NV_XF_RULES_KELVIN ? a & ~SIGN : QNAN;
    } else if (!e || e == 0xff) {
        x = z = e ? INF : SIGN | INF;
        y = ONE;
    } else {
        x = scaled(e < 127 ? SIGN : 0, e < 127 ? 127 - e : e - 127, 0);
        y = ONE + FRAC(a);
        z = from_l26(l26(a));
    }
    put4(r, x, y, z, ONE);
}

void nv_xf_lit(const uint32_t s[4], uint32_t r[4])
{
    uint32_t x = s[0], y = s[1], w = s[3], spec;
    int32_t p;

    if (SGN(x)) {
        put4(r, ONE, 0, 0, ONE);
        return;
    }
    if (!EXPO(x)) {
        spec = 0;
    } else if (!EXPO(w)) {
        spec = ONE;
    } else if (is_nan(y) || is_nan(w)) {
        spec = QNAN;
    } else if (SGN(y) || !EXPO(y)) {
        spec = SGN(w) ? INF : 0;
    } else if (y == INF) {
        spec = SGN(w) ? 0 : INF;
    } else {
        p = q13(w);
        p = p < -(1 << 20) ? -(1 << 20) : p > (1 << 20) - 1 ? (1 << 20) - 1 : p;
        /* An arithmetic shift floors. */
        spec = p2((int32_t)((l26(y) * p) >> 26));
    }
    put4(r, ONE, x, spec, ONE);
}

/* ---- LG2, EX2, SIN, COS (docs/xf.rst "LG2, EX2, SIN and COS") ---- */

const NVXfSfRow nv_xf_tl[65] = {
    { 0x000000, 0xb8aa3b, 0x5c0 },
    { 0x02dcf3, 0xb5d303, 0x598 },
    { 0x05aeb4, 0xb311cc, 0x568 },
    { 0x08759b, 0xb06584, 0x540 },
    { 0x0b31fa, 0xadcd64, 0x518 },
    { 0x0de420, 0xab48a5, 0x4f0 },
    { 0x108c58, 0xa8d627, 0x4d0 },
    { 0x132aea, 0xa67566, 0x4b0 },
    { 0x15c019, 0xa4258b, 0x488 },
    { 0x184c2a, 0xa1e5e6, 0x468 },
    { 0x1acf5e, 0x9fb5d2, 0x450 },
    { 0x1d49ee, 0x9d94ad, 0x430 },
    { 0x1fbc15, 0x9b81e0, 0x410 },
    { 0x22260f, 0x997cde, 0x3f8 },
    { 0x24880f, 0x97851c, 0x3e0 },
    { 0x26e249, 0x959a1c, 0x3c8 },
    { 0x2934f0, 0x93bb62, 0x3b0 },
    { 0x2b8034, 0x91e87a, 0x398 },
    { 0x2dc443, 0x9020f5, 0x380 },
    { 0x30014a, 0x8e646b, 0x368 },
    { 0x323775, 0x8cb276, 0x358 },
    { 0x3466ec, 0x8b0ab7, 0x340 },
    { 0x368fd8, 0x896cd2, 0x330 },
    { 0x38b25e, 0x87d872, 0x318 },
    { 0x3acea7, 0x864d42, 0x308 },
    { 0x3ce4d5, 0x84caf3, 0x2f8 },
    { 0x3ef50a, 0x83513b, 0x2e8 },
    { 0x40ff6a, 0x81dfcf, 0x2d8 },
    { 0x430414, 0x80766b, 0x2c8 },
    { 0x450328, 0x7f14cd, 0x2b8 },
    { 0x46fcc4, 0x7dbab5, 0x2a8 },
    { 0x48f107, 0x7c67e7, 0x298 },
    { 0x4ae00d, 0x7b1c27, 0x290 },
    { 0x4cc9f1, 0x79d73e, 0x280 },
    { 0x4eaed0, 0x7898f7, 0x270 },
    { 0x508ec2, 0x77611e, 0x268 },
    { 0x5269e1, 0x762f82, 0x258 },
    { 0x544046, 0x7503f2, 0x250 },
    { 0x561208, 0x73de43, 0x240 },
    { 0x57df40, 0x72be47, 0x238 },
    { 0x59a802, 0x71a3d5, 0x228 },
    { 0x5b6c65, 0x708ec4, 0x220 },
    { 0x5d2c7f, 0x6f7eee, 0x218 },
    { 0x5ee864, 0x6e742c, 0x210 },
    { 0x60a027, 0x6d6e5b, 0x200 },
    { 0x6253dd, 0x6c6d58, 0x1f8 },
    { 0x640398, 0x6b7101, 0x1f0 },
    { 0x65af6b, 0x6a7936, 0x1e8 },
    { 0x675768, 0x6985d8, 0x1e0 },
    { 0x68fba0, 0x6896c9, 0x1d8 },
    { 0x6a9c24, 0x67abeb, 0x1d0 },
    { 0x6c3904, 0x66c523, 0x1c8 },
    { 0x6dd252, 0x65e255, 0x1c0 },
    { 0x6f681c, 0x650368, 0x1b8 },
    { 0x70fa72, 0x642842, 0x1b0 },
    { 0x728963, 0x6350cb, 0x1a8 },
    { 0x7414fd, 0x627cec, 0x1a0 },
    { 0x759d4f, 0x61ac8d, 0x198 },
    { 0x772266, 0x60df98, 0x190 },
    { 0x78a450, 0x6015f9, 0x188 },
    { 0x7a231b, 0x5f4f9a, 0x188 },
    { 0x7b9ed2, 0x5e8c68, 0x180 },
    { 0x7d1782, 0x5dcc4e, 0x178 },
    { 0x7e8d38, 0x5d0f3c, 0x170 },
    { 0x800000, 0x5c551d, 0x170 },
};

const NVXfSfRow nv_xf_te[65] = {
    { 0x000001, 0x58b90b, 0x1e8 },
    { 0x0164d2, 0x59b060, 0x1f0 },
    { 0x02cd88, 0x5aaa66, 0x1f0 },
    { 0x043a2a, 0x5ba724, 0x1f8 },
    { 0x05aac4, 0x5ca6a3, 0x200 },
    { 0x071f63, 0x5da8eb, 0x200 },
    { 0x089810, 0x5eae02, 0x208 },
    { 0x0a14d6, 0x5fb5f1, 0x210 },
    { 0x0b95c2, 0x60c0c0, 0x218 },
    { 0x0d1ae1, 0x61ce77, 0x218 },
    { 0x0ea43b, 0x62df1e, 0x220 },
    { 0x1031dd, 0x63f2bc, 0x228 },
    { 0x11c3d3, 0x65095b, 0x230 },
    { 0x135a2d, 0x662303, 0x230 },
    { 0x14f4f1, 0x673fbc, 0x238 },
    { 0x16942e, 0x685f8f, 0x240 },
    { 0x1837f0, 0x698284, 0x248 },
    { 0x19e047, 0x6aa8a4, 0x248 },
    { 0x1b8d3b, 0x6bd1f8, 0x250 },
    { 0x1d3edb, 0x6cfe89, 0x258 },
    { 0x1ef533, 0x6e2e5f, 0x260 },
    { 0x20b051, 0x6f6185, 0x268 },
    { 0x227043, 0x709803, 0x270 },
    { 0x243517, 0x71d1e3, 0x270 },
    { 0x25fed8, 0x730f2d, 0x278 },
    { 0x27cd95, 0x744fec, 0x280 },
    { 0x29a15c, 0x759429, 0x288 },
    { 0x2b7a3a, 0x76dbee, 0x290 },
    { 0x2d583f, 0x782745, 0x298 },
    { 0x2f3b79, 0x797637, 0x2a0 },
    { 0x3123f6, 0x7ac8cf, 0x2a8 },
    { 0x3311c4, 0x7c1f17, 0x2b0 },
    { 0x3504f5, 0x7d7919, 0x2b0 },
    { 0x36fd94, 0x7ed6df, 0x2b8 },
    { 0x38fbb1, 0x803875, 0x2c0 },
    { 0x3aff5c, 0x819de5, 0x2c8 },
    { 0x3d08a5, 0x830738, 0x2d0 },
    { 0x3f179b, 0x84747b, 0x2d8 },
    { 0x412c4e, 0x85e5b9, 0x2e0 },
    { 0x4346ce, 0x875afb, 0x2e8 },
    { 0x45672c, 0x88d44e, 0x2f0 },
    { 0x478d76, 0x8a51bd, 0x2f8 },
    { 0x49b9bf, 0x8bd353, 0x300 },
    { 0x4bec17, 0x8d591c, 0x308 },
    { 0x4e248c, 0x8ee324, 0x318 },
    { 0x506334, 0x907176, 0x320 },
    { 0x52a81e, 0x92041f, 0x328 },
    { 0x54f35b, 0x939b2a, 0x330 },
    { 0x5744fe, 0x9536a3, 0x338 },
    { 0x599d17, 0x96d698, 0x340 },
    { 0x5bfbb9, 0x987b14, 0x348 },
    { 0x5e60f6, 0x9a2425, 0x350 },
    { 0x60ccdf, 0x9bd1d6, 0x360 },
    { 0x633f8a, 0x9d8435, 0x368 },
    { 0x65b908, 0x9f3b4f, 0x370 },
    { 0x68396b, 0xa0f731, 0x378 },
    { 0x6ac0c9, 0xa2b7e9, 0x380 },
    { 0x6d4f30, 0xa47d83, 0x390 },
    { 0x6fe4ba, 0xa6480e, 0x398 },
    { 0x728178, 0xa81797, 0x3a0 },
    { 0x75257f, 0xa9ec2d, 0x3a8 },
    { 0x77d0e0, 0xabc5dc, 0x3b8 },
    { 0x7a83b4, 0xada4b4, 0x3c0 },
    { 0x7d3e0e, 0xaf88c3, 0x3c8 },
    { 0x800001, 0xb17217, 0x3d0 },
};

const NVXfSfRow nv_xf_ts[65] = {
    { 0x000001, 0xc90ee0, 0x000 },
    { 0x03242b, 0xc8ff60, 0x03b },
    { 0x0647da, 0xc8d0e0, 0x07a },
    { 0x096a91, 0xc88340, 0x0b6 },
    { 0x0c8bd4, 0xc816e0, 0x0f6 },
    { 0x0fab28, 0xc78bd0, 0x136 },
    { 0x12c811, 0xc6e1c0, 0x170 },
    { 0x15e215, 0xc61950, 0x1b0 },
    { 0x18f8b9, 0xc531f0, 0x1ec },
    { 0x1c0b83, 0xc42c10, 0x226 },
    { 0x1f19fa, 0xc30880, 0x264 },
    { 0x2223a6, 0xc1c640, 0x2a6 },
    { 0x25280d, 0xc06660, 0x2da },
    { 0x2826ba, 0xbee8e0, 0x318 },
    { 0x2b1f36, 0xbd4e20, 0x356 },
    { 0x2e110b, 0xbb9590, 0x38a },
    { 0x30fbc6, 0xb9c100, 0x3c6 },
    { 0x33def3, 0xb7cf20, 0x400 },
    { 0x36ba21, 0xb5c110, 0x436 },
    { 0x398cde, 0xb396d0, 0x470 },
    { 0x3c56bb, 0xb15190, 0x4a6 },
    { 0x3f174a, 0xaef030, 0x4da },
    { 0x41ce1f, 0xac73a0, 0x512 },
    { 0x447ace, 0xa9dd50, 0x546 },
    { 0x471ced, 0xa72c90, 0x576 },
    { 0x49b416, 0xa46190, 0x5af },
    { 0x4c3fe1, 0xa17e10, 0x5e1 },
    { 0x4ebfe9, 0x9e8120, 0x610 },
    { 0x5133cd, 0x9b6be0, 0x641 },
    { 0x539b2b, 0x983de0, 0x66c },
    { 0x55f5a6, 0x94f9a0, 0x6a2 },
    { 0x5842de, 0x919db0, 0x6d0 },
    { 0x5a827b, 0x8e2b70, 0x700 },
    { 0x5cb421, 0x8aa310, 0x720 },
    { 0x5ed77e, 0x8705e0, 0x750 },
    { 0x60ec3a, 0x835380, 0x780 },
    { 0x62f203, 0x7f8ce0, 0x7a0 },
    { 0x64e88b, 0x7bb250, 0x7d0 },
    { 0x66cf82, 0x77c4c0, 0x7f0 },
    { 0x68a69f, 0x73c4f0, 0x810 },
    { 0x6a6d9a, 0x6fb340, 0x838 },
    { 0x6c2429, 0x6b90c0, 0x850 },
    { 0x6dca0d, 0x675d50, 0x878 },
    { 0x6f5f02, 0x631a60, 0x890 },
    { 0x70e2cb, 0x5ec7a0, 0x8b0 },
    { 0x72552d, 0x5a6650, 0x8d0 },
    { 0x73b5ed, 0x55f600, 0x8f0 },
    { 0x7504d3, 0x517a80, 0x900 },
    { 0x7641af, 0x4cf0d0, 0x918 },
    { 0x776c4e, 0x485c70, 0x930 },
    { 0x788484, 0x43bbf0, 0x948 },
    { 0x798a23, 0x3f1190, 0x958 },
    { 0x7a7d05, 0x3a5d70, 0x970 },
    { 0x7b5d03, 0x35a030, 0x980 },
    { 0x7c29fb, 0x30daa0, 0x990 },
    { 0x7ce3ce, 0x2c0d80, 0x9a0 },
    { 0x7d8a5e, 0x273970, 0x9a8 },
    { 0x7e1d93, 0x225fb0, 0x9b0 },
    { 0x7e9d55, 0x1d8070, 0x9c0 },
    { 0x7f0991, 0x189be0, 0x9c8 },
    { 0x7f6236, 0x13b510, 0x9d0 },
    { 0x7fa736, 0x0eca80, 0x9d0 },
    { 0x7fd886, 0x09dd90, 0x9d0 },
    { 0x7ff621, 0x04eea0, 0x9d8 },
    { 0x800000, 0x000000, 0x9d8 },
};

/* R(d, k): d * 2^k, rounded half up where k < 0. */
static int64_t sf_shift(int64_t d, int k)
{
    return k >= 0 ? d * (1 << k) : (d + (1ll << (-k - 1))) >> -k;
}

/*
 * The evaluator: a row of @t by the top bits of the 23-bit @u, then
 * c0 + c1 d + c2 d^2 with d the distance from the row's point, each
 * product built as the hardware builds it (a radix-4 Booth multiplier
 * for c1 d, partial products for d^2); @sub subtracts the square term.
 */
static int64_t sf(const NVXfSfRow *t, uint32_t u, bool sub)
{
    unsigned g = u >> 16;
    unsigned r = g & 1 ? (g + 1) / 2 : g / 2;
    int64_t d = (int64_t)(u & 0xffff) - (g & 1 ? 0x10000 : 0);
    int64_t h = d >> 7, q = h * h, m = 0, z;

    if (d & 0x40) {
        q += h;
    }
    for (int j = 0; j < 6; j++) {
        if (d >> j & 1) {
            q += (d + (1 << (12 - j))) >> (13 - j);
        }
    }
    for (int j = 0; j < 13; j++) {
        /* The Booth digit of c1: bits 2j + 1, 2j and 2j - 1. */
        unsigned dig = (t[r].c1 << 1 >> 2 * j) & 7;
        int k = 2 * j - 14;

        switch (dig) {
        case 1:
        case 2:
            m += sf_shift(d, k);
            break;
        case 3:
            m += sf_shift(d, k + 1);
            break;
        case 4:
            m -= sf_shift(d, k + 1);
            break;
        case 5:
        case 6:
            m -= sf_shift(d, k);
            break;
        }
    }
    if (sub) {
        z = -((t[r].c2 * q + ((q - 1024) >> 12) + 32) >> 5);
    } else {
        z = (t[r].c2 * q) >> 5;
    }
    return 32768 * (int64_t)t[r].c0 + 64 * m + z;
}

uint32_t nv_xf_lg2(uint32_t a)
{
    int e = EXPO(a);
    int64_t v;
    uint32_t sign = 0;

    if (!e) {
        return SIGN | INF;
    }
    if (is_nan(a) || SGN(a)) {
        return QNAN;
    }
    if (e == 0xff) {
        return INF;
    }
    v = sf(nv_xf_tl, FRAC(a), true) + (int64_t)(e - 127) * (1ll << 38);
    if (v < 0) {
        sign = SIGN;
        v = -v - 1;
    }
    return scaled(sign, v, 38);
}

uint32_t nv_xf_ex2(uint32_t a)
{
    int e = EXPO(a), sh = e - 127;
    int64_t m = (1u << 23) + FRAC(a), t, E;

    if (is_nan(a)) {
        return QNAN;
    }
    if (e < 0x46) {
        return ONE;
    }
    if (e >= 0x86) {
        return SGN(a) ? 0 : INF;
    }
    t = sh >= 0 ? m << sh : sh > -64 ? m >> -sh : 0;
    if (SGN(a)) {
        t = -t - 1;
    }
    E = 127 + (t >> 23);
    if (E <= 0) {
        return 0;
    }
    return (uint32_t)E << 23 |
           (uint32_t)(sf(nv_xf_te, t & 0x7fffff, false) >> 15);
}

/* The reduction's multiples of 2/pi, by fraction bit; 2^23 in place. */
const uint64_t nv_xf_mt[23] = {
    0x000000518ull, 0x000000a2full, 0x00000145full,
    0x0000028bfull, 0x00000517dull, 0x00000a2f9ull,
    0x0000145f3ull, 0x000028be6ull, 0x0000517ccull,
    0x0000a2f98ull, 0x000145f31ull, 0x00028be61ull,
    0x000517cc2ull, 0x000a2f983ull, 0x00145f307ull,
    0x0028be60eull, 0x00517cc1bull, 0x00a2f9837ull,
    0x0145f306eull, 0x028be60dbull, 0x0517cc1b7ull,
    0x0a2f9836eull, 0x145f306dcull,
};

/* SIN (@cos false) or COS. */
static uint32_t sin_cos(uint32_t a, bool cos)
{
    int e = EXPO(a), k;
    uint64_t m = 0x28be60db8ull;
    uint32_t u;

    if (e == 0xff) {
        return QNAN;
    }
    if (!cos && e < 0x60) {
        return 0;
    }
    if (cos && e < 0x70) {
        return ONE;
    }
    /* The range reduction wraps every 32 exponent steps from 0xa2. */
    k = e < 0x63 ? e - 0x62 : e < 0xa2 ? e - 0x82 : e < 0xc2 ? e - 0xa2 :
        e < 0xe2 ? e - 0xc2 : e - 0xe2;
    for (unsigned j = 0; j < 23; j++) {
        if (a >> j & 1) {
            m += nv_xf_mt[j];
        }
    }
    m >>= 8;
    m = k >= 0 ? m << k : m >> -k;
    if (SGN(a)) {
        m = ~m;
    }
    if (cos) {
        m += 1u << 23;
    }
    u = m & 0x7fffff;
    if (m >> 23 & 1) {
        u = 0x7fffff - u;
    }
    return scaled(m >> 24 & 1 ? SIGN : 0, sf(nv_xf_ts, u, true), 38);
}

uint32_t nv_xf_sin(uint32_t a)
{
    return sin_cos(a, false);
}

uint32_t nv_xf_cos(uint32_t a)
{
    return sin_cos(a, true);
}

/* ---- SSG (docs/xf.rst "SSG") ---- */

uint32_t nv_xf_ssg(uint32_t a, NVXfRules rules)
{
    if (rules == NV_XF_RULES_MODERN) {
        if (is_nan(a)) {
            return QNAN;
        }
        if (!EXPO(a)) {
            return 0;
        }
    } else if (!a) {
        return 0;
    }
    return SGN(a) ? SIGN | ONE : ONE;
}
