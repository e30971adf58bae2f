/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: XF float arithmetic (envytools docs/hw/graph/xf/intro.rst, last
 * paragraphs of "Structure and operation"; docs/xf.rst "Arithmetic",
 * "Special functions").
 *
 * Values are raw IEEE single bit patterns.  Denormals read as zero of the
 * same sign and results that would be denormal are zero; every NaN XF
 * creates is 0x7fffffff.  Multiplies and sums truncate ("Arithmetic"); the
 * special functions whose precision no document gives are computed in
 * double and rounded to nearest single, i.e. IEEE-correct single precision.
 *
 * 2^x, log2 and sin/cos are our own double-precision series on the reduced
 * ranges XF inputs can have, not libm's, so that results do not depend on
 * the host's libm; sqrt, which IEEE 754 defines exactly, is libm's.
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
#define MAX_FINITE  0x7f7fffffu

static bool is_nan(uint32_t a)
{
    return (a & EXP_MASK) == EXP_MASK && (a & MANT_MASK);
}

static bool is_inf(uint32_t a)
{
    return (a & ~SIGN) == INF;
}

/* Zero or denormal: both read as zero. */
static bool is_zero(uint32_t a)
{
    return !(a & EXP_MASK);
}

/* 2^k for the exponents the adder's grid needs (-160 < k < 130). */
static double pow2d(int k)
{
    uint64_t b = (uint64_t)(k + 1023) << 52;
    double d;

    memcpy(&d, &b, 8);
    return d;
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

#define LN2     0.6931471805599453094

/*
 * c[0] + c[1] x + ... + c[15] x^15 in Estrin's scheme: pairs, then pairs
 * of pairs, so the chain of dependent operations is four multiply-adds
 * long instead of Horner's fifteen.
 */
static inline double poly16(const double c[16], double x)
{
    double x2 = x * x, x4 = x2 * x2, x8 = x4 * x4, p[8], q[4];

    for (int i = 0; i < 8; i++) {
        p[i] = c[2 * i] + c[2 * i + 1] * x;
    }
    for (int i = 0; i < 4; i++) {
        q[i] = p[2 * i] + p[2 * i + 1] * x2;
    }
    return (q[0] + q[1] * x4) + (q[2] + q[3] * x4) * x8;
}

/*
 * 2^x for |x| < 160: 2^n * e^f, f = (x - n) ln 2, |f| <= 0.35: the Taylor
 * series to f^15/15! (the next term is below 2^-70 of the sum), the
 * coefficients 1/i! rounded once.
 */
static double exp2d(double x)
{
    static const double inv_fact[16] = {
        0x1.0000000000000p+0,
        0x1.0000000000000p+0,
        0x1.0000000000000p-1,
        0x1.5555555555555p-3,
        0x1.5555555555555p-5,
        0x1.1111111111111p-7,
        0x1.6c16c16c16c17p-10,
        0x1.a01a01a01a01ap-13,
        0x1.a01a01a01a01ap-16,
        0x1.71de3a556c734p-19,
        0x1.27e4fb7789f5cp-22,
        0x1.ae64567f544e4p-26,
        0x1.1eed8eff8d898p-29,
        0x1.6124613a86d09p-33,
        0x1.93974a8c07c9dp-37,
        0x1.ae7f3e733b81fp-41,
    };
    double n = nv_xf_floor(x + 0.5);

    return poly16(inv_fact, (x - n) * LN2) * pow2d((int)n);
}

/*
 * log2 of a positive normal double: 2 atanh(t) / ln 2, t = (m - 1) / (m +
 * 1) with m in [sqrt(1/2), sqrt(2)], so |t| <= 0.172: the series to t^31
 * (terms fall below 2^-70 of the sum from t^27), as a polynomial in t^2
 * with the coefficients 2 / ((2k + 1) ln 2) rounded once.
 */
static double log2d(double x)
{
    static const double two_over_ln2_odd[16] = {
        0x1.71547652b82fep+1,
        0x1.ec709dc3a03fdp-1,
        0x1.2776c50ef9bfep-1,
        0x1.a61762a7aded9p-2,
        0x1.484b13d7c02a9p-2,
        0x1.0c9a84994022dp-2,
        0x1.c68f568d31760p-3,
        0x1.89f3b1694cffep-3,
        0x1.5b9ac9b743f0dp-3,
        0x1.3703c1f4d0ffep-3,
        0x1.1964ec6fc9491p-3,
        0x1.00ecd7e080215p-3,
        0x1.d8be0817f5ffep-4,
        0x1.b5b96fca558e1p-4,
        0x1.9789566cee8d2p-4,
        0x1.7d3e699fb5deep-4,
    };
    uint64_t b;
    int e;
    double m, t;

    memcpy(&b, &x, 8);
    e = (int)((b >> 52) & 0x7ff) - 1023;
    b = (b & 0x000fffffffffffffull) | 0x3ff0000000000000ull;
    memcpy(&m, &b, 8);
    if (m > 1.4142135623730951) {
        m *= 0.5;           /* exact, and no division on the path */
        e++;
    }
    t = (m - 1) / (m + 1);
    return e + poly16(two_over_ln2_odd, t * t) * t;
}

/*
 * sin (cos_ = false) or cos: reduce by pi/2 (two-part constant), then a
 * Taylor series on |r| <= pi/4.  Accurate while |x| is well below 2^35,
 * where the hardware's own reduction stops working (docs/xf.rst "Special
 * functions").
 */
static double sincosd(double x, bool cos_)
{
    static const double pio2_hi = 1.5707963267341256, pio2_lo =
        6.077100506506192e-11;
    double k = nv_xf_floor(x / (pio2_hi + pio2_lo) + 0.5);
    double r = (x - k * pio2_hi) - k * pio2_lo, r2 = r * r;
    double s = r, c = 1, ts = r, tc = 1;
    int q = (int)(k - 4 * nv_xf_floor(k / 4)) + (cos_ ? 1 : 0);

    for (int i = 1; i < 12; i++) {
        ts *= -r2 / ((2 * i) * (2 * i + 1));
        tc *= -r2 / ((2 * i - 1) * (2 * i));
        s += ts;
        c += tc;
    }
    switch (q & 3) {
    case 0:
        return s;
    case 1:
        return c;
    case 2:
        return -s;
    default:
        return -c;
    }
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

/* Double to XF single, rounding to nearest (the IEEE-precision path). */
static uint32_t from_double_rn(double d)
{
    float f = (float)d;
    uint32_t r;

    if (isnan(d)) {
        return QNAN;
    }
    memcpy(&r, &f, 4);
    return nv_xf_flush(r);
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

uint32_t nv_xf_rcp(uint32_t a)
{
    if (is_nan(a)) {
        return QNAN;
    }
    if (is_zero(a)) {
        return (a & SIGN) | INF;
    }
    if (is_inf(a)) {
        return a & SIGN;
    }
    return from_double_rn(1.0 / nv_xf_to_double(a));
}

/* RCP clamped to [2^-64, 2^64] in magnitude (docs/xf.rst "Special
 * functions"). */
uint32_t nv_xf_rcc(uint32_t a)
{
    uint32_t r = nv_xf_rcp(a), mag = r & ~SIGN;

    if (is_nan(r)) {
        return r;
    }
    if (mag > 0x5f800000u) {
        return (r & SIGN) | 0x5f800000u;    /* 2^64 */
    }
    if (mag < 0x1f800000u) {
        return (r & SIGN) | 0x1f800000u;    /* 2^-64 */
    }
    return r;
}

/* RSQ ignores the sign under ZERO_WINS (docs/xf.rst "Special functions"). */
uint32_t nv_xf_rsq(uint32_t a)
{
    a &= ~SIGN;
    if (is_nan(a)) {
        return QNAN;
    }
    if (is_zero(a)) {
        return INF;
    }
    if (is_inf(a)) {
        return 0;
    }
    return from_double_rn(1.0 / sqrt(nv_xf_to_double(a)));
}

/* 2^e as an XF float: infinity above the range, zero below it. */
static uint32_t pow2(double e)
{
    if (e >= 128) {
        return INF;
    }
    if (e < -126) {
        return 0;
    }
    return (uint32_t)(e + 127) << 23;
}

uint32_t nv_xf_ex2(uint32_t a)
{
    double x = nv_xf_to_double(a);

    if (is_nan(a)) {
        return QNAN;
    }
    if (fabs(x) < 0x1p-57) {
        return ONE;
    }
    if (fabs(x) >= 128) {
        return x > 0 ? INF : 0;
    }
    return from_double_rn(exp2d(x));
}

/*
 * EXP (docs/xf.rst "Special functions"): x = 2^floor(s), y = s - floor(s),
 * z ~ 2^s, w = 1.0.
 */
void nv_xf_exp(uint32_t a, uint32_t r[4])
{
    double s = nv_xf_to_double(a), fl = nv_xf_floor(s);

    r[3] = ONE;
    if (is_nan(a)) {
        r[0] = INF;
        r[1] = a;
        r[2] = QNAN;
        return;
    }
    r[0] = pow2(fl);
    r[1] = fabs(s) >= 0x1p23 ? 0 : from_double_rn(s - fl);
    r[2] = fabs(s) < 0x1p-23 ? ONE :
           s >= 128 ? INF : s < -126 ? 0 : from_double_rn(exp2d(s));
}

uint32_t nv_xf_lg2(uint32_t a)
{
    if (is_zero(a)) {
        return SIGN | INF;
    }
    if (is_nan(a) || (a & SIGN)) {
        return QNAN;
    }
    if (is_inf(a)) {
        return INF;
    }
    return from_double_rn(log2d(nv_xf_to_double(a)));
}

/*
 * LOG (docs/xf.rst "Special functions"): x = exponent, y = mantissa in
 * [1, 2), z ~ log2, w = 1.0.
 * The sign is ignored (ZERO_WINS).  A NaN input: Kelvin keeps it with the
 * sign cleared, Rankine gives 0x7fffffff.
 */
void nv_xf_log(uint32_t a, bool rankine, uint32_t r[4])
{
    a &= ~SIGN;
    r[3] = ONE;
    if (is_nan(a)) {
        r[0] = r[1] = r[2] = rankine ? QNAN : a;
        return;
    }
    if (is_zero(a) || is_inf(a)) {
        r[0] = r[2] = is_inf(a) ? INF : SIGN | INF;
        r[1] = ONE;
        return;
    }
    r[0] = from_double_rn((int)(a >> 23) - 127);
    r[1] = (a & MANT_MASK) | ONE;
    r[2] = nv_xf_lg2(a);
}

/* LIT: the cases in the order the hardware checks them (docs/xf.rst
 * "Special functions"). */
void nv_xf_lit(const uint32_t s[4], uint32_t r[4])
{
    uint32_t x = s[0], y = s[1], w = s[3];
    bool wneg = (w & SIGN) && !is_zero(w);

    r[0] = r[3] = ONE;
    if ((x & SIGN) && !is_zero(x)) {
        r[1] = r[2] = 0;
        return;
    }
    r[1] = nv_xf_flush(x);
    if (is_zero(x)) {
        r[2] = 0;
    } else if (is_zero(w)) {
        r[2] = ONE;
    } else if (is_nan(y) || is_nan(w)) {
        r[2] = QNAN;
    } else if (is_zero(y) || (y & SIGN)) {
        r[2] = wneg ? INF : 0;
    } else if (y == INF) {
        r[2] = wneg ? 0 : INF;
    } else {
        /* y^w = 2^(w log2 y), the exponent clamped to [-128, 128): we take
         * 128 - 2^-23 as the top, whose power rounds to 0x7f7fffff. */
        double e = nv_xf_to_double(w) * log2d(nv_xf_to_double(y));

        e = e < -128 ? -128 : e > 128 - 0x1p-23 ? 128 - 0x1p-23 : e;
        r[2] = from_double_rn(exp2d(e));
    }
}

/* SIN and COS: docs/xf.rst "Special functions" gives the special values;
 * IEEE precision otherwise. */
uint32_t nv_xf_sin(uint32_t a)
{
    if (is_nan(a) || is_inf(a)) {
        return QNAN;
    }
    if ((a & ~SIGN) < 0x30000000u) {    /* |x| < 2^-31 */
        return 0;
    }
    return from_double_rn(sincosd(nv_xf_to_double(a), false));
}

uint32_t nv_xf_cos(uint32_t a)
{
    if (is_nan(a) || is_inf(a)) {
        return QNAN;
    }
    if ((a & ~SIGN) < 0x38000000u) {    /* |x| < 2^-15 */
        return ONE;
    }
    return from_double_rn(sincosd(nv_xf_to_double(a), true));
}
