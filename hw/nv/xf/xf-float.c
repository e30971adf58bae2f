/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: XF float arithmetic (envytools docs/hw/graph/xf/intro.rst, last
 * paragraphs of "Structure and operation"; docs/xf.rst "Arithmetic"): the
 * adder, comparisons and FLR.  The 4-lane forms are inline in xf-float.h,
 * the special functions in xf-special.c.
 *
 * Values are raw IEEE single bit patterns.  Denormals read as zero of the
 * same sign and results that would be denormal are zero; every NaN XF
 * creates is 0x7fffffff.  Multiplies and sums truncate ("Arithmetic").
 */
#include <math.h>
#include <string.h>

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
