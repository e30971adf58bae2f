/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: XF float arithmetic (envytools docs/hw/graph/xf/intro.rst, last
 * paragraphs of "Structure and operation"; docs/xf.rst "Arithmetic"): the
 * adder, the 4-lane forms, comparisons and FLR.  The special functions
 * are in xf-special.c.
 *
 * Values are raw IEEE single bit patterns.  Denormals read as zero of the
 * same sign and results that would be denormal are zero; every NaN XF
 * creates is 0x7fffffff.  Multiplies and sums truncate ("Arithmetic").
 */
#include <math.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "hw/nv/xf/xf-float.h"

#define SIGN        0x80000000u
#define EXP_MASK    0x7f800000u
#define MANT_MASK   0x007fffffu
#define QNAN        0x7fffffffu
#define INF         0x7f800000u
#define ONE         0x3f800000u

static bool is_nan(uint32_t a)
{
    return (a & EXP_MASK) == EXP_MASK && (a & MANT_MASK);
}

/* Zero or denormal: both read as zero. */
static bool is_zero(uint32_t a)
{
    return !(a & EXP_MASK);
}

/* Floor; NaN, infinities and |x| >= 2^52 (already integers) pass. */
double nv_xf_floor(double x)
{
    double t;

    if (!(fabs(x) < 0x1p52)) {
        return x;
    }
    t = (double)(int64_t)x;

    return t > x ? t - 1 : t;
}

double nv_xf_to_double(uint32_t a)
{
    float f;

    a = nv_xf_flush(a);
    memcpy(&f, &a, 4);
    return f;
}

uint32_t nv_xf_flush(uint32_t a)
{
    return is_zero(a) ? a & SIGN : a;
}

/* The LT format: the low 10 bits are cut off (intro.rst). */
uint32_t nv_xf_lt22(uint32_t a)
{
    return nv_xf_flush(a) & 0xfffffc00u;
}

/*
 * The adder (docs/xf.rst "Arithmetic"): each finite term is truncated
 * toward zero to a grid of 1/32 of the LSB of the term with the largest
 * exponent, the terms are summed exactly and the sum truncated to 24
 * bits.  In integers: a term of exponent e is its 24-bit mantissa << 5 >>
 * (emax - e), at most 29 bits, so four of them sum exactly in 32.
 */
uint32_t nv_xf_sum(const uint32_t *t, unsigned n, bool rankine)
{
    bool pinf = false, ninf = false;
    uint32_t emax = 0;
    int64_t s = 0;
    unsigned i;

    for (i = 0; i < n; i++) {
        uint32_t e = (t[i] >> 23) & 0xff;

        if (is_nan(t[i])) {
            return QNAN;
        }
        if (e == 0xff) {
            *(t[i] & SIGN ? &ninf : &pinf) = true;
        } else if (e > emax) {
            emax = e;
        }
    }
    if (pinf && ninf) {
        return QNAN;
    }
    if (pinf || ninf) {
        return pinf ? INF : SIGN | INF;
    }
    for (i = 0; i < n; i++) {
        uint32_t e = (t[i] >> 23) & 0xff, d = emax - e;
        uint32_t m = t[i] & MANT_MASK;
        int64_t v;

        /*
         * A normal term has its implicit bit.  A denormal one counts
         * only on Kelvin, whose adder reads exponent field 0 with no
         * implicit bit: m x 2^-150, half the IEEE value (docs/xf.rst
         * "Arithmetic").
         */
        if (e) {
            m |= 0x800000;
        } else if (rankine) {
            continue;
        }
        v = (m << 5) >> (d < 31 ? d : 31);
        s += t[i] & SIGN ? -v : v;
    }
    /* An exact zero sum (or no finite non-zero term) is +0. */
    if (!s) {
        return 0;
    }
    return nv_xf_trunc(s < 0 ? SIGN : 0, s < 0 ? -s : s, (int)emax - 155 + 127,
                       rankine);
}

#ifdef __SSE2__
/*
 * The 4-lane MAD (docs/xf.rst "Precision"), in double precision, two
 * lanes a register.  With normal or zero operands, and E, the exponent of
 * the larger of the truncated product and @c, in [-98, 126] (or both
 * zero), every step below is exact or is the XF rule itself:
 *   - the 24 x 24-bit product is exact in 53 bits; clearing the low 29
 *     bits of a double's fraction truncates it to 24 bits;
 *   - the adder's grid is g = 2^(E - 28): the larger term is on it, the
 *     smaller is cut to it toward zero by rounding it to g (adding and
 *     taking away 2^(E + 24), whose ulp is g) and stepping back where
 *     that went up;
 *   - the two terms, on the grid and below 2^(E + 1), sum exactly;
 *     truncating that sum is the adder's last step;
 *   - the result, a multiple of g >= 2^-126 (or 0) below 2^128, is normal
 *     or an exact zero; a product below 2^-126, which XF makes a zero,
 *     is below g and cut to 0 all the same.
 * The sign is that of the larger term, i.e. of the double sum; a zero
 * result is +0 (@c's -0 is made +0 first, so -0 + -0 cannot happen).
 */
/*
 * @x's lanes, >= 0 and below 2^(E + 1) where @e is 2^E, cut toward zero
 * to the grid 2^(E - 28): rounded to it, then a step back where that
 * went up.
 */
static inline __m128d grid_cut(__m128d x, __m128d e)
{
    __m128d k = _mm_mul_pd(e, _mm_set1_pd(0x1p24));
    __m128d u = _mm_sub_pd(_mm_add_pd(x, k), k);

    return _mm_sub_pd(u, _mm_and_pd(_mm_cmpgt_pd(u, x),
                                    _mm_mul_pd(e, _mm_set1_pd(0x1p-28))));
}

static inline __m128d mad2(__m128d a, __m128d b, __m128d c, __m128d *e)
{
    const __m128d trunc = _mm_castsi128_pd(_mm_set1_epi64x(~0x1fffffffll));
    const __m128d sign = _mm_set1_pd(-0.0);
    const __m128d expo = _mm_castsi128_pd(_mm_set1_epi64x(0x7ff0ll << 48));
    __m128d p = _mm_and_pd(_mm_mul_pd(a, b), trunc);
    __m128d ap = _mm_andnot_pd(sign, p), ac = _mm_andnot_pd(sign, c);
    __m128d hi = _mm_max_pd(ap, ac), lo = _mm_min_pd(ap, ac);
    __m128d u, s;

    *e = _mm_and_pd(hi, expo);
    u = grid_cut(lo, *e);
    /* hi - u where the signs differ, hi + u where they agree. */
    s = _mm_add_pd(hi, _mm_xor_pd(u, _mm_and_pd(_mm_xor_pd(p, c), sign)));
    s = _mm_and_pd(s, trunc);
    return _mm_or_pd(s, _mm_and_pd(_mm_add_pd(p, c), sign));
}

/* Lanes of @x holding @lo <= x <= @hi (signed), by one biased compare. */
static __m128i in_range(__m128i x, int32_t lo, int32_t hi)
{
    uint32_t bias = SIGN - (uint32_t)lo;

    x = _mm_add_epi32(x, _mm_set1_epi32((int32_t)bias));
    return _mm_cmplt_epi32(x, _mm_set1_epi32((int32_t)(bias + hi + 1)));
}

/* Lanes holding a normal number or a zero. */
static __m128i ordinary(__m128i x)
{
    x = _mm_and_si128(x, _mm_set1_epi32(~SIGN));
    return _mm_or_si128(in_range(x, 0x00800000, 0x7f7fffff),
                        _mm_cmpeq_epi32(x, _mm_setzero_si128()));
}

/*
 * Store the four lanes of @r0 (0-1) and @r1 (2-3) as singles in @r and
 * return true if every lane is @ok and has an exponent within reach: the
 * high word of its lane of @e0/@e1 in [@lo, @hi] or zero.
 */
static inline bool store4(__m128i ok, __m128d e0, __m128d e1, int32_t lo,
                          int32_t hi, __m128d r0, __m128d r1, uint32_t r[4])
{
    __m128i eh = _mm_castps_si128(_mm_shuffle_ps(_mm_castpd_ps(e0),
                                                 _mm_castpd_ps(e1),
                                                 _MM_SHUFFLE(3, 1, 3, 1)));

    ok = _mm_and_si128(ok, _mm_or_si128(in_range(eh, lo, hi),
                                        _mm_cmpeq_epi32(eh,
                                                        _mm_setzero_si128())));
    if (_mm_movemask_ps(_mm_castsi128_ps(ok)) != 0xf) {
        return false;
    }
    _mm_storeu_ps((float *)r, _mm_movelh_ps(_mm_cvtpd_ps(r0),
                                            _mm_cvtpd_ps(r1)));
    return true;
}

bool nv_xf_mad4(const uint32_t *a, const uint32_t *b, const uint32_t *c,
                uint32_t r[4])
{
    __m128i va = _mm_loadu_si128((const __m128i *)a);
    __m128i vb = _mm_loadu_si128((const __m128i *)b);
    __m128i vc = _mm_loadu_si128((const __m128i *)c);
    __m128i ok = _mm_and_si128(_mm_and_si128(ordinary(va), ordinary(vb)),
                               ordinary(vc));
    __m128 fa = _mm_castsi128_ps(va), fb = _mm_castsi128_ps(vb), fc;
    __m128d e0, e1, r0, r1;

    vc = _mm_andnot_si128(_mm_cmpeq_epi32(vc, _mm_set1_epi32(SIGN)), vc);
    fc = _mm_castsi128_ps(vc);
    r0 = mad2(_mm_cvtps_pd(fa), _mm_cvtps_pd(fb), _mm_cvtps_pd(fc), &e0);
    r1 = mad2(_mm_cvtps_pd(_mm_movehl_ps(fa, fa)),
              _mm_cvtps_pd(_mm_movehl_ps(fb, fb)),
              _mm_cvtps_pd(_mm_movehl_ps(fc, fc)), &e1);
    /* E from 2^E's high words. */
    return store4(ok, e0, e1, (1023 - 98) << 20, (1023 + 126) << 20, r0, r1,
                  r);
}

/*
 * The dot products (docs/xf.rst "Precision") in double precision, as
 * mad2(): each lane's product exact and truncated by a mask, E the
 * exponent of the largest; every term cut to the grid 2^(E - 28) (the
 * largest is on it); four grid terms below 2^(E + 1) sum exactly; the sum
 * is truncated by a mask.  With normal or zero operands and E in
 * [-98, 125] the result is normal or an exact zero (four terms stay below
 * 2^128), and a product below 2^-126 is cut to 0 as XF makes it zero.
 */
bool nv_xf_dp4(const uint32_t *a, const uint32_t *b, unsigned n, bool hom,
               uint32_t *r)
{
    const __m128d trunc = _mm_castsi128_pd(_mm_set1_epi64x(~0x1fffffffll));
    const __m128d sign = _mm_set1_pd(-0.0);
    const __m128d expo = _mm_castsi128_pd(_mm_set1_epi64x(0x7ff0ll << 48));
    const __m128i xyz = _mm_set_epi32(0, -1, -1, -1);
    __m128i va = _mm_loadu_si128((const __m128i *)a);
    __m128i vb = _mm_loadu_si128((const __m128i *)b);
    __m128 fa, fb;
    __m128d p0, p1, m, e, s;
    int eh;

    /* DP3 has no W term; DPH's is 1.0 x SRC1.w. */
    if (n == 3 || hom) {
        va = _mm_and_si128(va, xyz);
        vb = n == 3 ? _mm_and_si128(vb, xyz) : vb;
        va = hom ? _mm_or_si128(va, _mm_set_epi32(ONE, 0, 0, 0)) : va;
    }
    if (_mm_movemask_ps(_mm_castsi128_ps(_mm_and_si128(ordinary(va),
                                                       ordinary(vb)))) != 0xf) {
        return false;
    }
    fa = _mm_castsi128_ps(va);
    fb = _mm_castsi128_ps(vb);
    p0 = _mm_and_pd(_mm_mul_pd(_mm_cvtps_pd(fa), _mm_cvtps_pd(fb)), trunc);
    p1 = _mm_and_pd(_mm_mul_pd(_mm_cvtps_pd(_mm_movehl_ps(fa, fa)),
                               _mm_cvtps_pd(_mm_movehl_ps(fb, fb))), trunc);
    m = _mm_max_pd(_mm_andnot_pd(sign, p0), _mm_andnot_pd(sign, p1));
    e = _mm_and_pd(_mm_max_pd(m, _mm_unpackhi_pd(m, m)), expo);
    e = _mm_unpacklo_pd(e, e);
    /* 2^E's double exponent field, from its high word. */
    eh = _mm_cvtsi128_si32(_mm_srli_epi64(_mm_castpd_si128(e), 32)) >> 20;
    if (eh && (eh < 1023 - 98 || eh > 1023 + 125)) {
        return false;
    }
    /* The terms' magnitudes cut, their signs put back. */
    p0 = _mm_or_pd(grid_cut(_mm_andnot_pd(sign, p0), e),
                   _mm_and_pd(p0, sign));
    p1 = _mm_or_pd(grid_cut(_mm_andnot_pd(sign, p1), e),
                   _mm_and_pd(p1, sign));
    s = _mm_add_pd(p0, p1);
    /* Zero terms may be -0 in double; XF's zero sum is +0. */
    s = _mm_add_sd(_mm_add_sd(s, _mm_unpackhi_pd(s, s)), _mm_setzero_pd());
    *r = _mm_cvtsi128_si32(_mm_castps_si128(
             _mm_cvtsd_ss(_mm_setzero_ps(), _mm_and_pd(s, trunc))));
    return true;
}

/*
 * MUL alone, which needs none of the adder's steps: the exact product
 * truncated by a mask, where it is a normal number (2^-126 to below
 * 2^128) or an exact zero; a zero factor's -0 product is made +0.
 */
bool nv_xf_mul4(const uint32_t *a, const uint32_t *b, uint32_t r[4])
{
    const __m128d trunc = _mm_castsi128_pd(_mm_set1_epi64x(~0x1fffffffll));
    __m128i va = _mm_loadu_si128((const __m128i *)a);
    __m128i vb = _mm_loadu_si128((const __m128i *)b);
    __m128i ok = _mm_and_si128(ordinary(va), ordinary(vb));
    __m128 fa = _mm_castsi128_ps(va), fb = _mm_castsi128_ps(vb);
    __m128d p0, p1;

    p0 = _mm_and_pd(_mm_mul_pd(_mm_cvtps_pd(fa), _mm_cvtps_pd(fb)), trunc);
    p1 = _mm_and_pd(_mm_mul_pd(_mm_cvtps_pd(_mm_movehl_ps(fa, fa)),
                               _mm_cvtps_pd(_mm_movehl_ps(fb, fb))), trunc);
    p0 = _mm_add_pd(p0, _mm_setzero_pd());
    p1 = _mm_add_pd(p1, _mm_setzero_pd());
    /* The products' exponents from their own high words. */
    return store4(ok, p0, p1, (1023 - 126) << 20, ((1023 + 128) << 20) - 1,
                  p0, p1, r);
}
#else
/* No SIMD to speak of: the scalar functions do every lane. */
bool nv_xf_mad4(const uint32_t *a, const uint32_t *b, const uint32_t *c,
                uint32_t r[4])
{
    return false;
}

bool nv_xf_dp4(const uint32_t *a, const uint32_t *b, unsigned n, bool hom,
               uint32_t *r)
{
    return false;
}

bool nv_xf_mul4(const uint32_t *a, const uint32_t *b, uint32_t r[4])
{
    return false;
}
#endif

/*
 * The ZERO_WINS comparison order (docs/xf.rst "Arithmetic"): raw
 * sign-magnitude order, -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN,
 * equal only when the bits are.
 */
int nv_xf_cmp(uint32_t a, uint32_t b)
{
    uint32_t ka = a & SIGN ? ~a : a | SIGN;
    uint32_t kb = b & SIGN ? ~b : b | SIGN;

    return ka < kb ? -1 : ka > kb;
}

uint32_t nv_xf_flr(uint32_t a)
{
    float f;
    uint32_t r;

    if (is_nan(a)) {
        return QNAN;
    }
    if (is_zero(a)) {
        return 0;
    }
    /* Infinities and |x| >= 2^23 are already integers. */
    if (((a >> 23) & 0xff) >= 127 + 23) {
        return a;
    }
    memcpy(&f, &a, 4);
    f = (float)nv_xf_floor(f);
    memcpy(&r, &f, 4);
    return r;
}
