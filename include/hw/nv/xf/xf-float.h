/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: XF's float arithmetic (envytools docs/hw/graph/xf/intro.rst,
 * last paragraphs of "Structure and operation"): the multiplier, the
 * adder, the 4-lane forms the interpreter uses where their rules are
 * exact in double precision (inline, here), and the special functions.
 * Values are raw IEEE single bit patterns; xf-float.c has the rules.
 */
#ifndef HW_NV_XF_FLOAT_H
#define HW_NV_XF_FLOAT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/*
 * The arithmetic rules in force (docs/xf.rst "Arithmetic", "Modern
 * rules"): Kelvin's; Rankine's LEGACY ones (Curie's too); Rankine's
 * MODERN ones.  A bool @rankine parameter below takes any of them, as
 * "not Kelvin".
 */
typedef enum NVXfRules {
    NV_XF_RULES_KELVIN,
    NV_XF_RULES_RANKINE,
    NV_XF_RULES_MODERN,
} NVXfRules;

/*
 * Four XF words (a register's X, Y, Z and W) in a host vector register:
 * the 4-lane forms below take their operands so (GCC and Clang vectors,
 * SSE2 or NEON where the host has them).
 */
typedef uint32_t NVXfVec4 __attribute__((vector_size(16)));

/* The four words at @p. */
static inline NVXfVec4 nv_xf_load4(const uint32_t *p)
{
    NVXfVec4 v;

    memcpy(&v, p, sizeof(v));
    return v;
}

/*
 * A denormal as the zero XF reads (of its sign); inline, as the fixed
 * function and LT take it on every value.
 */
static inline uint32_t nv_xf_flush(uint32_t a)
{
    return a & 0x7f800000u ? a : a & 0x80000000u;
}

/* The LT format: the low 10 bits are cut off (intro.rst). */
static inline uint32_t nv_xf_lt22(uint32_t a)
{
    return nv_xf_flush(a) & 0xfffffc00u;
}

/*
 * XF float arithmetic (xf-float.c).  @rankine selects Rankine+ rules.
 * nv_xf_to_double: the value XF reads from @a (denormals as zero).
 */
double nv_xf_to_double(uint32_t a);
/* The adder on @n <= 4 terms (docs/xf.rst "Arithmetic"; xf-float.c). */
uint32_t nv_xf_sum(const uint32_t *t, unsigned n, bool rankine);
int nv_xf_cmp(uint32_t a, uint32_t b);  /* -1, 0, 1; 2 unordered */

/*
 * The multiplier and the two-term adder run several times per vertex
 * program instruction, so they are inline here, in integer arithmetic
 * (test-xf-float.c checks them against double-precision versions).
 *
 * nv_xf_trunc: @mag != 0, its top set bit at position k, is a magnitude
 * whose biased exponent is k + @ebias; the XF single it truncates to.
 * Overflow saturates on Kelvin and gives infinity on Rankine+; what would
 * be denormal is a zero of the result's sign (docs/xf.rst "Arithmetic").
 */
static inline uint32_t nv_xf_trunc(uint32_t sign, uint64_t mag, int ebias,
                                   bool rankine)
{
    int z = __builtin_clzll(mag), e = 63 - z + ebias;

    if ((unsigned)(e - 1) >= 254) {
        /* Overflow; or the result would be denormal. */
        return e > 0 ? sign | (rankine ? 0x7f800000u : 0x7f7fffffu) : sign;
    }
    return sign | (uint32_t)e << 23 |
           ((uint32_t)((mag << z) >> 40) & 0x7fffffu);
}

static inline uint32_t nv_xf_mul(uint32_t a, uint32_t b, NVXfRules rules)
{
    uint32_t ea = (a >> 23) & 0xff, eb = (b >> 23) & 0xff;
    uint32_t sign = (a ^ b) & 0x80000000u;
    bool rankine = rules != NV_XF_RULES_KELVIN;
    uint64_t p;

    /* ZERO_WINS (docs/xf.rst "Arithmetic"): a zero or denormal factor
     * gives +0, even against NaN or infinity, except under the MODERN
     * rules (docs/xf.rst "Modern rules"). */
    if (!ea || !eb) {
        return rules == NV_XF_RULES_MODERN && (ea == 0xff || eb == 0xff) ?
               0x7fffffffu : 0;
    }
    if (ea == 0xff || eb == 0xff) {
        return (a & 0x7fffff && ea == 0xff) || (b & 0x7fffff && eb == 0xff)
               ? 0x7fffffffu : sign | 0x7f800000u;
    }
    /* 24 x 24 bits, exact; bit 0 weighs 2^(ea - 150 + eb - 150). */
    p = (uint64_t)((a & 0x7fffff) | 0x800000) * ((b & 0x7fffff) | 0x800000);
    return nv_xf_trunc(sign, p, (int)(ea + eb) - 300 + 127, rankine);
}

/*
 * nv_xf_sum's rules on two finite non-zero terms, as sign (0 or -1),
 * biased exponent and 24-bit mantissa, @ea >= @eb: each term cut toward
 * zero to 1/32 of @a's LSB, an exact sum, truncated.
 */
static inline uint32_t nv_xf_add_normal(int32_t sa, uint32_t ea, uint32_t ma,
                                        int32_t sb, uint32_t eb, uint32_t mb,
                                        bool rankine)
{
    uint32_t d = ea - eb;
    /* @a is on the grid; @b's 29 bits there are all cut from d = 29. */
    int32_t ta = ma << 5, tb = d < 29 ? (mb << 5) >> d : 0;

    ta = ((ta ^ sa) - sa) + ((tb ^ sb) - sb);
    /* An exact zero sum is +0; bit 0 weighs 2^(ea - 155). */
    if (!ta) {
        return 0;
    }
    return nv_xf_trunc(ta < 0 ? 0x80000000u : 0, ta < 0 ? -(int64_t)ta : ta,
                       (int)ea - 155 + 127, rankine);
}

static inline uint32_t nv_xf_add(uint32_t a, uint32_t b, bool rankine)
{
    uint32_t ea = (a >> 23) & 0xff, eb = (b >> 23) & 0xff, t;

    if (ea < eb) {
        t = a, a = b, b = t;
        t = ea, ea = eb, eb = t;
    }
    if (ea == 0xff) {
        uint32_t terms[2] = { a, b };

        return nv_xf_sum(terms, 2, rankine);    /* NaN or infinity */
    }
    if (!eb) {
        /* Kelvin's adder reads denormals (nv_xf_sum has the rule). */
        if (!rankine && ((b & 0x7fffff) || (!ea && (a & 0x7fffff)))) {
            uint32_t terms[2] = { a, b };

            return nv_xf_sum(terms, 2, rankine);
        }
        /* Else a zero or denormal adds nothing: a normal @a passes as it
         * is, two zeros give +0. */
        return ea ? a : 0;
    }
    return nv_xf_add_normal((int32_t)a >> 31, ea, (a & 0x7fffff) | 0x800000,
                            (int32_t)b >> 31, eb, (b & 0x7fffff) | 0x800000,
                            rankine);
}

/*
 * MAD: nv_xf_add(nv_xf_mul(a, b), c), with the product handed to the
 * adder unpacked when both it and @c are finite, normal numbers.
 */
static inline uint32_t nv_xf_mad(uint32_t a, uint32_t b, uint32_t c,
                                 NVXfRules rules)
{
    bool rankine = rules != NV_XF_RULES_KELVIN;
    uint32_t ea = (a >> 23) & 0xff, eb = (b >> 23) & 0xff;
    uint32_t ec = (c >> 23) & 0xff, ep, hi, mp;
    uint64_t p;

    if (ea - 1 >= 254 || eb - 1 >= 254 || ec - 1 >= 254) {
        return nv_xf_add(nv_xf_mul(a, b, rules), c, rankine);
    }
    p = (uint64_t)((a & 0x7fffff) | 0x800000) * ((b & 0x7fffff) | 0x800000);
    hi = p >> 47;
    ep = ea + eb - 127 + hi;
    if (ep - 1 >= 254) {
        return nv_xf_add(nv_xf_mul(a, b, rules), c, rankine);
    }
    /* nv_xf_mul's result, truncated to 24 bits, in pieces. */
    mp = p >> (23 + hi);
    if (ep >= ec) {
        return nv_xf_add_normal((int32_t)(a ^ b) >> 31, ep, mp,
                                (int32_t)c >> 31, ec, (c & 0x7fffff) | 0x800000,
                                rankine);
    }
    return nv_xf_add_normal((int32_t)c >> 31, ec, (c & 0x7fffff) | 0x800000,
                            (int32_t)(a ^ b) >> 31, ep, mp, rankine);
}

/*
 * The 4-lane forms (docs/xf.rst "Precision"): nv_xf_mad, nv_xf_mul and the
 * dot products on vectors whose every lane is inside a domain where the
 * XF rules are exact steps in double precision.  Each returns false, and
 * leaves its result as it was, if a lane is not: the scalar functions are
 * for it.  Always inline (the compiler would call them otherwise), so
 * that the interpreter's steps take them without a call: host
 * instructions per vertex of bench-xf's programs 4% (Kelvin) and 2.5%
 * (Curie) fewer.  SSE2 only (elsewhere they always decline).
 *
 * In double precision a term t (a truncated product or an addend) and
 * the grid 2^(E - 28) of the term with the largest exponent E: with
 * |t| < 2^(E + 1), t x 2^(28 - E) is exact and below 2^29, and its
 * conversion to an int32, which truncates toward zero, is t cut to the
 * grid.  Up to four such integers sum exactly in 32 bits, and back in
 * double (exact) times 2^(E - 28), the sum's low fraction bits masked,
 * they are the adder's result.  Where the cut changes nothing (every term
 * on the grid; for two terms, one sign: docs/xf.rst "Precision"), the
 * sum in double, masked, is: a shorter chain of dependent steps.
 */
#ifdef __SSE2__
#include <emmintrin.h>

/* A double's fraction bits below the 24 of a single: truncation. */
#define NV_XF_TRUNC4 _mm_castsi128_pd(_mm_set1_epi64x(~0x1fffffffll))
#define NV_XF_EXPO4  _mm_castsi128_pd(_mm_set1_epi64x(0x7ffll << 52))

/* Lanes of @x holding @lo <= x <= @hi (signed), by one biased compare. */
static inline __m128i nv_xf_in_range4(__m128i x, int32_t lo, int32_t hi)
{
    uint32_t bias = 0x80000000u - (uint32_t)lo;

    x = _mm_add_epi32(x, _mm_set1_epi32((int32_t)bias));
    return _mm_cmplt_epi32(x, _mm_set1_epi32((int32_t)(bias + hi + 1)));
}

/* Lanes holding a normal number or a zero. */
static inline __m128i nv_xf_ordinary4(__m128i x)
{
    x = _mm_and_si128(x, _mm_set1_epi32(0x7fffffff));
    return _mm_or_si128(nv_xf_in_range4(x, 0x00800000, 0x7f7fffff),
                        _mm_cmpeq_epi32(x, _mm_setzero_si128()));
}

/*
 * 2^(28 - E) for each 2^E of @e (a double's exponent field, or 0 where
 * every term is zero: then a finite value all the same, which scales
 * zeros to zeros).
 */
static inline __m128d nv_xf_scale4(__m128d e)
{
    const uint64_t k = (2 * 1023 + 28ull) << 52;    /* past the sign bit */

    return _mm_castsi128_pd(_mm_sub_epi64(_mm_set1_epi64x((int64_t)k),
                                          _mm_castpd_si128(e)));
}

/* The products of @a and @b's lanes 0-1 (@hi: 2-3), exact and truncated. */
static inline __m128d nv_xf_prod2(__m128 a, __m128 b, bool hi)
{
    if (hi) {
        a = _mm_movehl_ps(a, a);
        b = _mm_movehl_ps(b, b);
    }
    return _mm_and_pd(_mm_mul_pd(_mm_cvtps_pd(a), _mm_cvtps_pd(b)),
                      NV_XF_TRUNC4);
}

/* @q's integer lanes 0-1 in units of 2^(E - 28), @e 2^E: truncated. */
static inline __m128d nv_xf_unscale2(__m128i q, __m128d e)
{
    return _mm_and_pd(_mm_mul_pd(_mm_cvtepi32_pd(q),
                                 _mm_mul_pd(e, _mm_set1_pd(0x1p-28))),
                      NV_XF_TRUNC4);
}

/*
 * Lanes of term @t (a truncated product or an addend) that the cut leaves
 * as they are: zeros, and terms within 5 binades of 2^E (@e), whose LSBs
 * are on the grid 2^(E - 28).
 */
static inline __m128d nv_xf_on_grid2(__m128d t, __m128d e)
{
    __m128d m = _mm_andnot_pd(_mm_set1_pd(-0.0), t);

    return _mm_or_pd(_mm_cmpge_pd(_mm_mul_pd(m, _mm_set1_pd(32.0)), e),
                     _mm_cmpeq_pd(m, _mm_setzero_pd()));
}

/*
 * An exact sum @s of terms the cut leaves alone (the cases "Precision"
 * lists), truncated: a -0 (of -0 terms) made the adder's +0.
 */
static inline __m128d nv_xf_trunc_sum2(__m128d s)
{
    return _mm_andnot_pd(_mm_and_pd(_mm_cmpeq_pd(s, _mm_setzero_pd()),
                                    _mm_set1_pd(-0.0)),
                         _mm_and_pd(s, NV_XF_TRUNC4));
}

/*
 * MAD on two lanes: E the exponent of the larger of the truncated product
 * and @c (@e: 2^E), both cut to the grid and summed.  Where the cut
 * changes nothing (both terms on the grid, or of one sign: docs/xf.rst
 * "Precision"), the sum in double truncated, a shorter chain.
 */
static inline __m128d nv_xf_mad2(__m128 a, __m128 b, __m128 c, bool hi,
                                 __m128d *e)
{
    const __m128d sign = _mm_set1_pd(-0.0);
    __m128d p = nv_xf_prod2(a, b, hi), s;
    __m128d cd = _mm_cvtps_pd(hi ? _mm_movehl_ps(c, c) : c);

    *e = _mm_and_pd(_mm_max_pd(_mm_andnot_pd(sign, p),
                               _mm_andnot_pd(sign, cd)), NV_XF_EXPO4);
    if (__builtin_expect(!_mm_movemask_pd(_mm_andnot_pd(
            _mm_and_pd(nv_xf_on_grid2(p, *e), nv_xf_on_grid2(cd, *e)),
            _mm_xor_pd(p, cd))), 1)) {
        return nv_xf_trunc_sum2(_mm_add_pd(p, cd));
    }
    s = nv_xf_scale4(*e);
    return nv_xf_unscale2(_mm_add_epi32(_mm_cvttpd_epi32(_mm_mul_pd(p, s)),
                                        _mm_cvttpd_epi32(_mm_mul_pd(cd, s))),
                          *e);
}

/*
 * Store the four lanes of @r0 (0-1) and @r1 (2-3) as singles in @r and
 * return true if every lane is @ok and has an exponent within reach: the
 * high word of its lane of @e0/@e1 in [@lo, @hi] or zero.
 */
static inline bool nv_xf_store4(__m128i ok, __m128d e0, __m128d e1,
                                int32_t lo, int32_t hi, __m128d r0,
                                __m128d r1, uint32_t r[4])
{
    __m128i eh = _mm_castps_si128(_mm_shuffle_ps(_mm_castpd_ps(e0),
                                                 _mm_castpd_ps(e1),
                                                 _MM_SHUFFLE(3, 1, 3, 1)));

    ok = _mm_and_si128(ok, _mm_or_si128(nv_xf_in_range4(eh, lo, hi),
                                        _mm_cmpeq_epi32(eh,
                                                        _mm_setzero_si128())));
    if (_mm_movemask_ps(_mm_castsi128_ps(ok)) != 0xf) {
        return false;
    }
    _mm_storeu_ps((float *)r, _mm_movelh_ps(_mm_cvtpd_ps(r0),
                                            _mm_cvtpd_ps(r1)));
    return true;
}

/*
 * nv_xf_mad on four lanes, each with normal or zero operands and E in
 * [-98, 126] (or both terms zero): the result is then a multiple of
 * 2^(E - 28) >= 2^-126 below 2^(E + 2), normal or an exact zero (+0, as
 * the adder's), and a product below 2^-126, a zero to XF, is cut to 0.
 * There the Kelvin and Rankine rules agree.  @r may be an operand.  A
 * zero @c gives nv_xf_mul, a 1.0 @b nv_xf_add.
 */
static inline __attribute__((always_inline))
bool nv_xf_mad4(NVXfVec4 a, NVXfVec4 b, NVXfVec4 c, uint32_t r[4])
{
    __m128i va = (__m128i)a, vb = (__m128i)b, vc = (__m128i)c;
    __m128i ok = _mm_and_si128(_mm_and_si128(nv_xf_ordinary4(va),
                                             nv_xf_ordinary4(vb)),
                               nv_xf_ordinary4(vc));
    __m128 fa = _mm_castsi128_ps(va), fb = _mm_castsi128_ps(vb);
    __m128 fc = _mm_castsi128_ps(vc);
    __m128d e0, e1, r0, r1;

    r0 = nv_xf_mad2(fa, fb, fc, false, &e0);
    r1 = nv_xf_mad2(fa, fb, fc, true, &e1);
    /* E from 2^E's high words. */
    return nv_xf_store4(ok, e0, e1, (1023 - 98) << 20, (1023 + 126) << 20,
                        r0, r1, r);
}

/*
 * nv_xf_mul on four lanes where nv_xf_mad4's operands would do and every
 * product is a normal number (2^-126 to below 2^128) or an exact zero:
 * the exact product truncated by a mask, a -0 made +0.
 */
static inline __attribute__((always_inline))
bool nv_xf_mul4(NVXfVec4 a, NVXfVec4 b, uint32_t r[4])
{
    __m128i va = (__m128i)a, vb = (__m128i)b;
    __m128i ok = _mm_and_si128(nv_xf_ordinary4(va), nv_xf_ordinary4(vb));
    __m128 fa = _mm_castsi128_ps(va), fb = _mm_castsi128_ps(vb);
    __m128d p0 = _mm_add_pd(nv_xf_prod2(fa, fb, false), _mm_setzero_pd());
    __m128d p1 = _mm_add_pd(nv_xf_prod2(fa, fb, true), _mm_setzero_pd());

    /* The products' exponents from their own high words. */
    return nv_xf_store4(ok, p0, p1, (1023 - 126) << 20,
                        ((1023 + 128) << 20) - 1, p0, p1, r);
}

/*
 * DP3 (@n = 3) or DP4 of @a and @b, DPH with @hom (SRC0.w read as 1.0),
 * into *@r, where every lane's operands are normal numbers or zeros and
 * E, the exponent of the largest truncated product, is in [-98, 125]:
 * four terms below 2^(E + 1) keep the sum below 2^128, and the rest is
 * as nv_xf_mad4 (the multiplier never gives the adder a denormal, so
 * Kelvin's reading of them does not arise).
 */
static inline __attribute__((always_inline))
bool nv_xf_dp4(NVXfVec4 a, NVXfVec4 b, unsigned n, bool hom, uint32_t *r)
{
    const __m128d sign = _mm_set1_pd(-0.0);
    const __m128i xyz = _mm_set_epi32(0, -1, -1, -1);
    __m128i va = (__m128i)a, vb = (__m128i)b;
    __m128 fa, fb;
    __m128d p0, p1, m, e, s;
    __m128i q;
    int eh;

    /* DP3 has no W term; DPH's is 1.0 x SRC1.w. */
    if (n == 3 || hom) {
        va = _mm_and_si128(va, xyz);
        vb = n == 3 ? _mm_and_si128(vb, xyz) : vb;
        va = hom ? _mm_or_si128(va, _mm_set_epi32(0x3f800000, 0, 0, 0)) : va;
    }
    if (_mm_movemask_ps(_mm_castsi128_ps(
            _mm_and_si128(nv_xf_ordinary4(va), nv_xf_ordinary4(vb)))) != 0xf) {
        return false;
    }
    fa = _mm_castsi128_ps(va);
    fb = _mm_castsi128_ps(vb);
    p0 = nv_xf_prod2(fa, fb, false);
    p1 = nv_xf_prod2(fa, fb, true);
    m = _mm_max_pd(_mm_andnot_pd(sign, p0), _mm_andnot_pd(sign, p1));
    e = _mm_and_pd(_mm_max_pd(m, _mm_unpackhi_pd(m, m)), NV_XF_EXPO4);
    e = _mm_unpacklo_pd(e, e);
    /* 2^E's double exponent field, from its high word. */
    eh = _mm_cvtsi128_si32(_mm_srli_epi64(_mm_castpd_si128(e), 32)) >> 20;
    if (eh && (eh < 1023 - 98 || eh > 1023 + 125)) {
        return false;
    }
    if (__builtin_expect(_mm_movemask_pd(_mm_and_pd(nv_xf_on_grid2(p0, e),
                                                    nv_xf_on_grid2(p1, e)))
                         == 3, 1)) {
        /* No term is cut: the exact sum, truncated. */
        s = _mm_add_pd(p0, p1);
        s = nv_xf_trunc_sum2(_mm_add_sd(s, _mm_unpackhi_pd(s, s)));
    } else {
        s = nv_xf_scale4(e);
        q = _mm_add_epi32(_mm_cvttpd_epi32(_mm_mul_pd(p0, s)),
                          _mm_cvttpd_epi32(_mm_mul_pd(p1, s)));
        q = _mm_add_epi32(q, _mm_shuffle_epi32(q, _MM_SHUFFLE(1, 1, 1, 1)));
        s = nv_xf_unscale2(q, e);
    }
    *r = _mm_cvtsi128_si32(_mm_castps_si128(
             _mm_cvtsd_ss(_mm_setzero_ps(), s)));
    return true;
}

/*
 * Row @b of nv_xf_dp4x4, loaded, without W for DP3, and-ed into @ok
 * where its lanes are ordinary.
 */
static inline __m128 nv_xf_row4(NVXfVec4 b, unsigned n, __m128i *ok)
{
    __m128i v = (__m128i)b;

    v = n == 3 ? _mm_and_si128(v, _mm_set_epi32(0, -1, -1, -1)) : v;
    *ok = _mm_and_si128(*ok, nv_xf_ordinary4(v));
    return _mm_castsi128_ps(v);
}

/* The truncated products of @a (both lanes) with @col's lanes 0-1 or
 * (@hi) 2-3, and their magnitudes' maximum with @m. */
static inline __m128d nv_xf_col2(__m128d a, __m128 col, bool hi, __m128d *m)
{
    __m128d p = _mm_and_pd(_mm_mul_pd(a, _mm_cvtps_pd(hi ? _mm_movehl_ps(col,
                                                                         col)
                                                         : col)),
                           NV_XF_TRUNC4);

    *m = _mm_max_pd(*m, _mm_andnot_pd(_mm_set1_pd(-0.0), p));
    return p;
}

/*
 * Dot products 0-1 (@hi: 2-3) of nv_xf_dp4x4: @a holds the four
 * components of its vector, each in both lanes, @c the transposed rows;
 * 2^E of each in @e.  DP3's W terms are zero.
 */
static inline __m128d nv_xf_dot2(const __m128d a[4], const __m128 c[4],
                                 unsigned n, bool hi, __m128d *e)
{
    const __m128d zero = _mm_setzero_pd();
    __m128d m = zero, px, py, pz, pw, s;

    px = nv_xf_col2(a[0], c[0], hi, &m);
    py = nv_xf_col2(a[1], c[1], hi, &m);
    pz = nv_xf_col2(a[2], c[2], hi, &m);
    pw = n == 3 ? zero : nv_xf_col2(a[3], c[3], hi, &m);
    *e = _mm_and_pd(m, NV_XF_EXPO4);
    if (__builtin_expect(_mm_movemask_pd(
            _mm_and_pd(_mm_and_pd(nv_xf_on_grid2(px, *e),
                                  nv_xf_on_grid2(py, *e)),
                       _mm_and_pd(nv_xf_on_grid2(pz, *e),
                                  nv_xf_on_grid2(pw, *e)))) == 3, 1)) {
        /* No term is cut: the exact sum, truncated. */
        return nv_xf_trunc_sum2(_mm_add_pd(_mm_add_pd(px, py),
                                           _mm_add_pd(pz, pw)));
    }
    s = nv_xf_scale4(*e);
    return nv_xf_unscale2(
        _mm_add_epi32(_mm_add_epi32(_mm_cvttpd_epi32(_mm_mul_pd(px, s)),
                                    _mm_cvttpd_epi32(_mm_mul_pd(py, s))),
                      _mm_add_epi32(_mm_cvttpd_epi32(_mm_mul_pd(pz, s)),
                                    _mm_cvttpd_epi32(_mm_mul_pd(pw, s)))),
        *e);
}

/*
 * nv_xf_dp4 of @a with each of the vectors @b[0-3] at once, into @r[0-3],
 * where every lane of them has operands nv_xf_dp4 would take and each dot
 * product's E is in its range; else false, @r untouched.  The same steps,
 * with @b transposed so that each product's lanes are the dot products:
 * no step works across lanes.  With @rows 2, only @b[0-1] and @r[0-1].
 */
static inline __attribute__((always_inline))
bool nv_xf_dp4x4(NVXfVec4 a, const NVXfVec4 b[4], unsigned n, bool hom,
                 unsigned rows, uint32_t r[4])
{
    __m128i va = (__m128i)a, ok;
    __m128 c[4], fa;
    __m128d a01, a23, ad[4], e0, e1, d0, d1;

    if (n == 3 || hom) {
        va = _mm_and_si128(va, _mm_set_epi32(0, -1, -1, -1));
        va = hom ? _mm_or_si128(va, _mm_set_epi32(0x3f800000, 0, 0, 0)) : va;
    }
    ok = nv_xf_ordinary4(va);
    c[0] = nv_xf_row4(b[0], n, &ok);
    c[1] = nv_xf_row4(b[1], n, &ok);
    c[2] = rows > 2 ? nv_xf_row4(b[2], n, &ok) : c[0];
    c[3] = rows > 2 ? nv_xf_row4(b[3], n, &ok) : c[1];
    if (_mm_movemask_ps(_mm_castsi128_ps(ok)) != 0xf) {
        return false;
    }
    /* c[0-3] become the X, Y, Z and W components of b[0-3]. */
    _MM_TRANSPOSE4_PS(c[0], c[1], c[2], c[3]);
    fa = _mm_castsi128_ps(va);
    a01 = _mm_cvtps_pd(fa);
    a23 = _mm_cvtps_pd(_mm_movehl_ps(fa, fa));
    ad[0] = _mm_unpacklo_pd(a01, a01);
    ad[1] = _mm_unpackhi_pd(a01, a01);
    ad[2] = _mm_unpacklo_pd(a23, a23);
    ad[3] = _mm_unpackhi_pd(a23, a23);
    d0 = nv_xf_dot2(ad, c, n, false, &e0);
    if (rows > 2) {
        d1 = nv_xf_dot2(ad, c, n, true, &e1);
    } else {
        e1 = e0;
        d1 = d0;
    }
    return nv_xf_store4(_mm_set1_epi32(-1), e0, e1, (1023 - 98) << 20,
                        (1023 + 125) << 20, d0, d1, r);
}

#else
static inline bool nv_xf_mad4(NVXfVec4 a, NVXfVec4 b, NVXfVec4 c,
                              uint32_t r[4])
{
    return false;
}

static inline bool nv_xf_mul4(NVXfVec4 a, NVXfVec4 b, uint32_t r[4])
{
    return false;
}

static inline bool nv_xf_dp4(NVXfVec4 a, NVXfVec4 b, unsigned n, bool hom,
                             uint32_t *r)
{
    return false;
}

static inline bool nv_xf_dp4x4(NVXfVec4 a, const NVXfVec4 b[4], unsigned n,
                               bool hom, unsigned rows, uint32_t r[4])
{
    return false;
}
#endif

uint32_t nv_xf_flr(uint32_t a);
/* Floor of a double (the library has no libm); NaN and inf pass. */
double nv_xf_floor(double x);

/* The special functions as the hardware computes them (xf-special.c). */
uint32_t nv_xf_rcp(uint32_t a);
uint32_t nv_xf_rcc(uint32_t a);
uint32_t nv_xf_rsq(uint32_t a, NVXfRules rules);
void nv_xf_exp(uint32_t a, uint32_t r[4]);
void nv_xf_log(uint32_t a, NVXfRules rules, uint32_t r[4]);
void nv_xf_lit(const uint32_t s[4], uint32_t r[4]);
uint32_t nv_xf_ex2(uint32_t a);
uint32_t nv_xf_lg2(uint32_t a);
uint32_t nv_xf_sin(uint32_t a);
uint32_t nv_xf_cos(uint32_t a);
uint32_t nv_xf_ssg(uint32_t a, NVXfRules rules);

/*
 * The hardware's tables the special functions use (xf-special.c; their
 * roles are in docs/xf.rst "Special functions" and the sections after it).
 */
typedef struct NVXfSfRow {
    uint32_t c0, c1, c2;
} NVXfSfRow;

extern const uint8_t nv_xf_tr[64];          /* RCP, RCC estimates */
extern const uint8_t nv_xf_tq[128];         /* RSQ estimates */
extern const uint16_t nv_xf_ea[32], nv_xf_eb[32];   /* P2 */
extern const uint32_t nv_xf_la[32];         /* L26 */
extern const uint16_t nv_xf_lb[32];
extern const NVXfSfRow nv_xf_tl[65], nv_xf_te[65], nv_xf_ts[65];
extern const uint64_t nv_xf_mt[23];         /* SIN, COS reduction */

#endif
