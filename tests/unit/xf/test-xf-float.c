/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: XF float arithmetic (envytools
 * docs/hw/graph/xf/intro.rst; docs/xf.rst "Arithmetic", "Special
 * functions").  Bit patterns: 1.0 = 0x3f800000, 2.0 = 0x40000000, 0.5 =
 * 0x3f000000, inf = 0x7f800000, the XF NaN 0x7fffffff.
 */
#include <glib.h>
#include <string.h>

#include "hw/nv/xf/xf-float.h"

#define ONE     0x3f800000u
#define TWO     0x40000000u
#define HALF    0x3f000000u
#define INF     0x7f800000u
#define NINF    0xff800000u
#define QNAN    0x7fffffffu
#define NZERO   0x80000000u

static void test_flush_lt22(void)
{
    g_assert_cmphex(nv_xf_flush(0x00000001), ==, 0);
    g_assert_cmphex(nv_xf_flush(0x80400000), ==, NZERO);
    g_assert_cmphex(nv_xf_flush(ONE), ==, ONE);
    /* 22-bit: the low 10 bits go: 0x3fabcdef & 0xfffffc00. */
    g_assert_cmphex(nv_xf_lt22(0x3fabcdef), ==, 0x3fabcc00);
    g_assert_cmphex(nv_xf_lt22(0x00000400), ==, 0);     /* denormal */
}

static void test_mul(void)
{
    /* 1.5 * 2 = 3 = 0x40400000. */
    g_assert_cmphex(nv_xf_mul(0x3fc00000, TWO, false), ==, 0x40400000);
    /* ZERO_WINS: a zero or denormal factor gives +0, even vs NaN/inf. */
    g_assert_cmphex(nv_xf_mul(0, 0x7fc00000, false), ==, 0);
    g_assert_cmphex(nv_xf_mul(0x00000001, INF, true), ==, 0);
    g_assert_cmphex(nv_xf_mul(NZERO, 0x40a00000, true), ==, 0);
    g_assert_cmphex(nv_xf_mul(0x7fc00000, ONE, false), ==, QNAN);
    g_assert_cmphex(nv_xf_mul(INF, 0xc0000000, false), ==, NINF);
    /* (1 + 2^-23) * 1.5 = 1.5 + 2^-23 + 2^-24: truncation keeps
     * 0x3fc00001 (round-to-nearest-even would give 0x3fc00002). */
    g_assert_cmphex(nv_xf_mul(0x3f800001, 0x3fc00000, true), ==, 0x3fc00001);
    /* 2^127 * 4 overflows: Kelvin saturates, Rankine gives inf. */
    g_assert_cmphex(nv_xf_mul(0x7f000000, 0x40800000, false), ==, 0x7f7fffff);
    g_assert_cmphex(nv_xf_mul(0x7f000000, 0x40800000, true), ==, INF);
    /* 2^-100 (0x0d800000) squared underflows to a zero of its sign. */
    g_assert_cmphex(nv_xf_mul(0x0d800000, 0x0d800000, true), ==, 0);
    g_assert_cmphex(nv_xf_mul(0x8d800000, 0x0d800000, true), ==, NZERO);
}

static void test_add(void)
{
    g_assert_cmphex(nv_xf_add(ONE, TWO, true), ==, 0x40400000);
    g_assert_cmphex(nv_xf_add(INF, NINF, true), ==, QNAN);
    g_assert_cmphex(nv_xf_add(INF, 0x7fc00000, true), ==, QNAN);
    g_assert_cmphex(nv_xf_add(NINF, ONE, false), ==, NINF);
    /* Exact zero sums are +0. */
    g_assert_cmphex(nv_xf_add(ONE, 0xbf800000, true), ==, 0);
    g_assert_cmphex(nv_xf_add(NZERO, NZERO, true), ==, 0);
    /* 1 - 2^-30: the term is cut to the 2^-28 grid (LSB(1.0) / 32) and
     * vanishes, so 1.0 stays (a truncated exact sum would be
     * 0x3f7fffff). */
    g_assert_cmphex(nv_xf_add(ONE, 0xb0800000, true), ==, ONE);
    /* 1 - 2^-27 is on the grid; the sum truncates to 1 - 2^-24. */
    g_assert_cmphex(nv_xf_add(ONE, 0xb2000000, true), ==, 0x3f7fffff);
    /* 2^-126 - 1.5 * 2^-126 = -2^-127, a denormal: signed zero. */
    g_assert_cmphex(nv_xf_add(0x00800000, 0x80c00000, true), ==, NZERO);
    /* A denormal is far below 1.0's grid: 1.0 + tiny = 1.0. */
    g_assert_cmphex(nv_xf_add(ONE, 0x007fffff, false), ==, ONE);
    /*
     * docs/xf.rst "Arithmetic": Kelvin's adder reads a denormal with
     * exponent field 0 and no implicit bit, m x 2^-150, half the IEEE
     * value; Rankine drops it.  2^-126 + 0x00400000 (2^22 x 2^-150 =
     * 2^-128) = 1.25 x 2^-126 = 0x00a00000 (IEEE would give 1.5 x
     * 2^-126); Rankine 0x00800000.
     */
    g_assert_cmphex(nv_xf_add(0x00800000, 0x00400000, false), ==, 0x00a00000);
    g_assert_cmphex(nv_xf_add(0x00800000, 0x00400000, true), ==, 0x00800000);
    /* -2^-128 - 2^-128 = -2^-127: a denormal result, so signed zero on
     * Kelvin; Rankine drops both terms: an exact zero, +0. */
    g_assert_cmphex(nv_xf_add(0x80400000, 0x80400000, false), ==, NZERO);
    g_assert_cmphex(nv_xf_add(0x80400000, 0x80400000, true), ==, 0);
    /*
     * Four 0x007fffff terms (a DP4's sum): 4 (2^23 - 1) 2^-150 =
     * (1 - 2^-23) 2^-125 = 2^-126 x 1.(22 ones)0: exponent field 1,
     * mantissa 0x7ffffe, so 0x00fffffe on Kelvin; +0 on Rankine.
     */
    {
        const uint32_t t4[4] = { 0x007fffff, 0x007fffff, 0x007fffff,
                                 0x007fffff };

        g_assert_cmphex(nv_xf_sum(t4, 4, false), ==, 0x00fffffe);
        g_assert_cmphex(nv_xf_sum(t4, 4, true), ==, 0);
    }
}

static void test_cmp_flr(void)
{
    g_assert_cmpint(nv_xf_cmp(NZERO, 0), ==, -1);
    g_assert_cmpint(nv_xf_cmp(0x7fc00000, INF), ==, 1);
    g_assert_cmpint(nv_xf_cmp(0xffc00000, NINF), ==, -1);
    g_assert_cmpint(nv_xf_cmp(ONE, ONE), ==, 0);
    g_assert_cmpint(nv_xf_cmp(0xbf800000, 0xc0000000), ==, 1);
    /* FLR: -0.5 -> -1, 2.5 -> 2, 2^23 + 1 passes, denormal -> +0. */
    g_assert_cmphex(nv_xf_flr(0xbf000000), ==, 0xbf800000);
    g_assert_cmphex(nv_xf_flr(0x40200000), ==, TWO);
    g_assert_cmphex(nv_xf_flr(0x4b000001), ==, 0x4b000001);
    g_assert_cmphex(nv_xf_flr(0x80000001), ==, 0);
    g_assert_cmphex(nv_xf_flr(NINF), ==, NINF);
}

/*
 * RCP and RCC (docs/xf.rst "RCP, RCC and RSQ"): the estimate TR[top 6
 * fraction bits] and two Newton steps on m = 2^23 + f.
 */
static void test_rcp_rcc(void)
{
    g_assert_cmphex(nv_xf_rcp(0), ==, INF);
    g_assert_cmphex(nv_xf_rcp(NZERO), ==, NINF);
    g_assert_cmphex(nv_xf_rcp(0x00000010), ==, INF);
    /* inf: E = 254 - 255 < 0: a zero of its sign. */
    g_assert_cmphex(nv_xf_rcp(INF), ==, 0);
    g_assert_cmphex(nv_xf_rcp(NINF), ==, NZERO);
    /* Powers of two: f = 0, E = 254 - e, exact: 1/4. */
    g_assert_cmphex(nv_xf_rcp(0x40800000), ==, 0x3e800000);
    g_assert_cmphex(nv_xf_rcp(0x7fc00000), ==, QNAN);
    /*
     * 3.0: e = 128, f = 0x400000, m = 0xc00000 = 12582912, estimate TR[0x20]
     * = 0x55 = 85.  b = (2^31 - 85 m) 85 >> 24 = (2147483648 -
     * 1069547520) 85 >> 24 = 91624570880 >> 24 = 5461.  c = (2^37 - 5461
     * m) 5461 >> 25 = (137438953472 - 68715282432) 5461 >> 25 =
     * 375299967549440 >> 25 = 11184810 = 0xaaaaaa; F = c - 2^23 =
     * 0x2aaaaa, E = 254 - 128 - 1 = 125: 0x3eaaaaaa (truncated 1/3).
     */
    g_assert_cmphex(nv_xf_rcp(0x40400000), ==, 0x3eaaaaaa);
    /* 1.5 * 2^127: E = 254 - 254 - 1 = -1: a zero of its sign. */
    g_assert_cmphex(nv_xf_rcp(0xff400000), ==, NZERO);
    /* RCC: E held to [63, 191] with F = 0 there: 2^64 = 0x5f800000, 2^-64
     * = 0x1f800000.  0: E = 254 -> 191; inf: -1 -> 63; 2^-70 (e = 57):
     * 197 -> 191; a denormal takes the Newton steps with e = 0: E = 253
     * -> 191. */
    g_assert_cmphex(nv_xf_rcc(0), ==, 0x5f800000);
    g_assert_cmphex(nv_xf_rcc(NZERO), ==, 0xdf800000);
    g_assert_cmphex(nv_xf_rcc(INF), ==, 0x1f800000);
    g_assert_cmphex(nv_xf_rcc(0x1c800000), ==, 0x5f800000);
    g_assert_cmphex(nv_xf_rcc(0x00000010), ==, 0x5f800000);
    g_assert_cmphex(nv_xf_rcc(TWO), ==, HALF);
    g_assert_cmphex(nv_xf_rcc(0xc0400000), ==, 0xbeaaaaaa);
}

/* RSQ (docs/xf.rst "RCP, RCC and RSQ"): TQ and two Newton steps. */
static void test_rsq(void)
{
    const NVXfRules k = NV_XF_RULES_KELVIN, r = NV_XF_RULES_RANKINE;
    const NVXfRules m = NV_XF_RULES_MODERN;

    /* 4.0 (e = 129, odd, f = 0): Rankine gives (E + 1) 2^23 with E =
     * 126 - (129 - 127) / 2 = 125: 0.5.  The sign is ignored under LEGACY
     * rules; under MODERN ones -4 is a NaN and -0 -inf. */
    g_assert_cmphex(nv_xf_rsq(0x40800000, r), ==, HALF);
    g_assert_cmphex(nv_xf_rsq(0xc0800000, r), ==, HALF);
    g_assert_cmphex(nv_xf_rsq(0xc0800000, m), ==, QNAN);
    g_assert_cmphex(nv_xf_rsq(NZERO, r), ==, INF);
    g_assert_cmphex(nv_xf_rsq(NZERO, m), ==, NINF);
    g_assert_cmphex(nv_xf_rsq(0x41800000, r), ==, 0x3e800000);  /* 16 */
    g_assert_cmphex(nv_xf_rsq(INF, r), ==, 0);
    g_assert_cmphex(nv_xf_rsq(0xffc00000, m), ==, QNAN);
    /*
     * 2.0: e = 128, even: E = 126, i = 64, m = 2 * 2^23 = 2^24, TQ[64] =
     * 0x5a = 90.  b = (3 2^37 - 8100 * 2^24) 90 >> 32 = (412316860416 -
     * 135895449600) 90 >> 32 = 24877925007360 >> 32 = 5792.  c = (3 2^49
     * - 5792^2 2^24) 5792 >> 39 = (1688849860263936 - 562835789545472)
     * 5792 >> 39 = 11863283; F = c - 2^23 = 0x3504f3: 0x3f3504f3.
     */
    g_assert_cmphex(nv_xf_rsq(TWO, r), ==, 0x3f3504f3);
    /*
     * Kelvin has no shortcut for f = 0.  1.0: e = 127, odd: E = 126, i =
     * 0, m = 2^23, TQ[0] = 0x7f = 127.  b = (3 2^37 - 16129 * 2^23) 127
     * >> 32 = 8191, c = (3 2^49 - 8191^2 2^23) 8191 >> 39 = 16777215;
     * F = 0x7fffff: 0x3f7fffff, Rankine's shortcut gives 1.0.
     */
    g_assert_cmphex(nv_xf_rsq(ONE, k), ==, 0x3f7fffff);
    g_assert_cmphex(nv_xf_rsq(ONE, r), ==, ONE);
}

static void check4(const uint32_t r[4], uint32_t x, uint32_t y, uint32_t z,
                   uint32_t w)
{
    g_assert_cmphex(r[0], ==, x);
    g_assert_cmphex(r[1], ==, y);
    g_assert_cmphex(r[2], ==, z);
    g_assert_cmphex(r[3], ==, w);
}

/*
 * EXP (docs/xf.rst "EXP, LOG and LIT"): Q13 = x in 13-bit fixed point,
 * P2(q) = (q >> 13) + 127 in the exponent, 2 (256 EA[h] + EB[h] l) in
 * the fraction with h = q bits 8-12, l = bits 0-7.
 */
static void test_exp(void)
{
    uint32_t r[4];

    /*
     * 2.5: m = 0xa00000, e = 128: Q13 = m >> 9 = 20480.  x = P2(16384) =
     * 129 << 23 = 4.0; y = m mod 2^22 = 0x200000 * 2^-22 = 0.5; z =
     * P2(20480): n = 2, h = 80 & 31 = 16, l = 0: 0x40800000 + 2 * 256 *
     * EA[16] (0x1a83) = 0x40800000 + 0x350600 = 0x40b50600.
     */
    nv_xf_exp(0x40200000, r);
    check4(r, 0x40800000, HALF, 0x40b50600, ONE);
    /* -1: Q13 = -8192: x = z = P2(-8192) = 126 << 23 = 0.5; y: |x| an
     * integer: +0. */
    nv_xf_exp(0xbf800000, r);
    check4(r, HALF, 0, HALF, ONE);
    /*
     * -0.75: m = 0xc00000, e = 126: Q13 = -(m >> 11) = -6144.  x =
     * P2(-8192) = 0.5.  y: k = ceil(m / 2) = 0x600000, (2^23 - k) 2^-23 =
     * 0.25.  z = P2(-6144): n = -1, h = -24 mod 32 = 8, l = 0:
     * 0x3f000000 + 512 * EA[8] (0x0c1c) = 0x3f000000 + 0x183800.
     */
    nv_xf_exp(0xbf400000, r);
    check4(r, HALF, 0x3e800000, 0x3f183800, ONE);
    /* 200: Q13 = 200 << 13: n = 200 >= 128: inf; y: an integer: +0. */
    nv_xf_exp(0x43480000, r);
    check4(r, INF, 0, INF, ONE);
    nv_xf_exp(0xc3480000, r);                       /* -200: n <= -127 */
    check4(r, 0, 0, 0, ONE);
    /* NaN: Q13 = 2^31 - 1: x = inf; y the input; z QNaN. */
    nv_xf_exp(0x7fc00000, r);
    check4(r, INF, 0x7fc00000, QNAN, ONE);
    nv_xf_exp(0, r);
    check4(r, ONE, 0, ONE, ONE);
    /* -2^-30 (e = 97 < 104): Q13 = 0: x = z = 1.0; y = 1.0 too. */
    nv_xf_exp(0xb0800000, r);
    check4(r, ONE, ONE, ONE, ONE);
}

/*
 * LOG (docs/xf.rst "EXP, LOG and LIT"): L26 = 256 LA[h] + LB[h] l +
 * (e - 127) 2^26, h the top 5 fraction bits, l the next 8.
 */
static void test_log(void)
{
    const NVXfRules k = NV_XF_RULES_KELVIN, r = NV_XF_RULES_RANKINE;
    uint32_t v[4];

    /* 8: e = 130, f = 0: 3, 1.0, L26 = 3 2^26: 3. */
    nv_xf_log(0x41000000, r, v);
    check4(v, 0x40400000, ONE, 0x40400000, ONE);
    /*
     * 6: e = 129, f = 0x400000: h = 16, l = 0: L26 = 256 * 0x2571e + 2^27
     * = 0xa571e00, bit 27 the top: 0x40000000 | (0xa571e00 >> 4 &
     * 0x7fffff) = 0x402571e0.
     */
    nv_xf_log(0x40c00000, r, v);
    check4(v, TWO, 0x3fc00000, 0x402571e0, ONE);
    /* 0.75: e = 126: -1; L26 = 0x2571e00 - 2^26 = -0x1a8e200, bit 24 the
     * top: exponent 125, fraction 0x1a8e200 >> 1 & 0x7fffff = 0x547100. */
    nv_xf_log(0x3f400000, r, v);
    check4(v, 0xbf800000, 0x3fc00000, 0xbed47100, ONE);
    /* The sign is ignored under LEGACY rules; MODERN ones give NaNs. */
    nv_xf_log(0xc1000000, k, v);
    check4(v, 0x40400000, ONE, 0x40400000, ONE);
    nv_xf_log(0xc1000000, NV_XF_RULES_MODERN, v);
    check4(v, QNAN, QNAN, QNAN, ONE);
    nv_xf_log(0x00000001, r, v);
    check4(v, NINF, ONE, NINF, ONE);
    nv_xf_log(INF, r, v);
    check4(v, INF, ONE, INF, ONE);
    /* NaN: Kelvin keeps it with the sign cleared, Rankine 0x7fffffff. */
    nv_xf_log(0xffc00001, k, v);
    check4(v, 0x7fc00001, 0x7fc00001, 0x7fc00001, ONE);
    nv_xf_log(0xffc00001, r, v);
    check4(v, QNAN, QNAN, QNAN, ONE);
}

/* LIT (docs/xf.rst "EXP, LOG and LIT"). */
static void test_lit(void)
{
    uint32_t r[4];

    /* (0.5, 2, -, 3): p = Q13(3) = 24576, L26(2) = 2^26: t = 24576,
     * P2(24576) = 130 << 23 = 8 exactly. */
    nv_xf_lit((uint32_t[4]) { HALF, TWO, 0, 0x40400000 }, r);
    check4(r, ONE, HALF, 0x41000000, ONE);
    nv_xf_lit((uint32_t[4]) { 0xbf800000, TWO, 0, TWO }, r);
    check4(r, ONE, 0, 0, ONE);
    /* -0 has its sign bit set: y = z = +0 too. */
    nv_xf_lit((uint32_t[4]) { NZERO, TWO, 0, TWO }, r);
    check4(r, ONE, 0, 0, ONE);
    /* A positive denormal x passes to y as it is; z = 0 (e = 0). */
    nv_xf_lit((uint32_t[4]) { 0x00000001, TWO, 0, TWO }, r);
    check4(r, ONE, 0x00000001, 0, ONE);
    nv_xf_lit((uint32_t[4]) { HALF, TWO, 0, 0 }, r);
    check4(r, ONE, HALF, ONE, ONE);
    nv_xf_lit((uint32_t[4]) { HALF, 0x7fc00000, 0, TWO }, r);
    check4(r, ONE, HALF, QNAN, ONE);
    /* y <= 0: w < 0 gives inf, else 0. */
    nv_xf_lit((uint32_t[4]) { HALF, 0xbf800000, 0, TWO }, r);
    check4(r, ONE, HALF, 0, ONE);
    nv_xf_lit((uint32_t[4]) { HALF, 0, 0, 0xc0000000 }, r);
    check4(r, ONE, HALF, INF, ONE);
    nv_xf_lit((uint32_t[4]) { HALF, INF, 0, TWO }, r);
    check4(r, ONE, HALF, INF, ONE);
    nv_xf_lit((uint32_t[4]) { HALF, INF, 0, 0xc0000000 }, r);
    check4(r, ONE, HALF, 0, ONE);
    /*
     * 2^200: p = Q13(200) = 1638400, held to 2^20 - 1 = 1048575; t =
     * 2^26 p >> 26 = 1048575: n = 127, h = 31, l = 255: (254 << 23) + 2
     * (256 * 0x3d44 + 0x2bb * 255) = 0x7f000000 + 2 * 4193349 =
     * 0x7f7ff88a.
     */
    nv_xf_lit((uint32_t[4]) { HALF, TWO, 0, 0x43480000 }, r);
    check4(r, ONE, HALF, 0x7f7ff88a, ONE);
}

/*
 * LG2 and EX2 (docs/xf.rst "LG2, EX2, SIN and COS").  With d = 0 (the
 * argument on a row's point) the evaluator gives 32768 c0 alone: the
 * square and product terms are 0, and so is the subtracted rounding
 * -((0 + floor(-1024 / 4096) + 32) >> 5) = -(31 >> 5) = 0.
 */
static void test_ex2_lg2(void)
{
    /* 3.0: u = f = 0x400000: g = 64, row 32, d = 0: V = 2^38 + 32768 *
     * 0x4ae00d = 0x6570068000: 0x3fcae00d. */
    g_assert_cmphex(nv_xf_lg2(0x40400000), ==, 0x3fcae00d);
    /* 8: row 0, c0 = 0: V = 3 2^38: 3.0.  1.0: V = 0: +0. */
    g_assert_cmphex(nv_xf_lg2(0x41000000), ==, 0x40400000);
    g_assert_cmphex(nv_xf_lg2(ONE), ==, 0);
    g_assert_cmphex(nv_xf_lg2(0), ==, NINF);
    g_assert_cmphex(nv_xf_lg2(0x80000001), ==, NINF);
    g_assert_cmphex(nv_xf_lg2(0xbf800000), ==, QNAN);
    g_assert_cmphex(nv_xf_lg2(INF), ==, INF);
    /* 3.0: t = 3 2^23: E = 130, row 0 (c0 = 1): F = 32768 >> 15 = 1;
     * 2.0 likewise with E = 129. */
    g_assert_cmphex(nv_xf_ex2(0x40400000), ==, 0x41000001);
    g_assert_cmphex(nv_xf_ex2(TWO), ==, 0x40800001);
    /* 0.5: t = 2^22: E = 127, row 32: F = 0x3504f5: 0x3fb504f5. */
    g_assert_cmphex(nv_xf_ex2(HALF), ==, 0x3fb504f5);
    /*
     * -1: t = -2^23 - 1: E = 127 - 2 = 125, t mod 2^23 = 0x7fffff: g =
     * 127 (odd), row 64 (0x800001, 0xb17217, 0x3d0), d = -1.  h = -1; q =
     * 1 + h (bit 6) = 0, and each low bit adds floor((-1 + 2^(12-j)) /
     * 2^(13-j)) = 0, so Z = 0.  c1's Booth digits G_j, j = 0-12: 6 3 2 0
     * 4 1 6 (k < 0: R(-1, k) = 0), then j = 7: 3 -> +R(-1, 1) = -2; 8: 2
     * -> +R(-1, 2) = -4; 9: 0; 10: 6 -> -R(-1, 6) = 64; 11: 5 -> -R(-1,
     * 8) = 256; 12: 1 -> +R(-1, 10) = -1024: M = -710.  V = 32768 *
     * 0x800001 - 64 * 710 = 274877894272; F = V >> 15 = 0x7fffff:
     * 0x3effffff.
     */
    g_assert_cmphex(nv_xf_ex2(0xbf800000), ==, 0x3effffff);
    g_assert_cmphex(nv_xf_ex2(0x21800000), ==, ONE);           /* 2^-60 */
    g_assert_cmphex(nv_xf_ex2(0x43000000), ==, INF);           /* 128 */
    g_assert_cmphex(nv_xf_ex2(0xc3000000), ==, 0);             /* -128 */
    g_assert_cmphex(nv_xf_ex2(NINF), ==, 0);
    g_assert_cmphex(nv_xf_ex2(0x7fc00000), ==, QNAN);
}

/* SIN and COS (docs/xf.rst "LG2, EX2, SIN and COS"). */
static void test_sin_cos(void)
{
    g_assert_cmphex(nv_xf_sin(0), ==, 0);
    g_assert_cmphex(nv_xf_sin(NZERO), ==, 0);
    g_assert_cmphex(nv_xf_sin(0xaf800000), ==, 0);     /* -2^-32 */
    g_assert_cmphex(nv_xf_sin(INF), ==, QNAN);
    g_assert_cmphex(nv_xf_sin(0x7fc00000), ==, QNAN);
    /*
     * pi/2 = 0x3fc90fdb: e = 0x7f, k = 0x7f - 0x82 = -3; the implicit bit
     * and the fraction's bits sum to 0x4000001dc; / 256 = 0x4000001,
     * >> 3 = 0x800000: bit 24 clear (+), bit 23 set: u = 0x7fffff - 0 =
     * 0x7fffff: row 64 (0x800000, 0, 0x9d8), d = -1, q = 0, M = 0 (c1 =
     * 0), Z = 0: V = 32768 * 2^23 = 2^38: 1.0.
     */
    g_assert_cmphex(nv_xf_sin(0x3fc90fdb), ==, ONE);
    g_assert_cmphex(nv_xf_cos(0), ==, ONE);
    g_assert_cmphex(nv_xf_cos(0x37800000), ==, ONE);   /* 2^-16 */
    g_assert_cmphex(nv_xf_cos(NINF), ==, QNAN);
    /* pi = 0x40490fdb: the same sum, k = -2: 0x1000000, + 2^23 (COS) =
     * 0x1800000: bit 24 set (-), u = 0x7fffff again: -1.0. */
    g_assert_cmphex(nv_xf_cos(0x40490fdb), ==, 0xbf800000);
    /*
     * 2.0: e = 0x80, k = -2, f = 0: M = 0x28be60db8 >> 8 >> 2 = 0xa2f983.
     * SIN: bit 24 clear (+), bit 23 set: u = 0x7fffff - 0x22f983 =
     * 0x5d067c, g = 93: row 47 (0x7504d3, 0x517a80, 0x900), d = 0x67c -
     * 0x10000 = -63876: V = 249945767422 = 0x3a31edbdfe, bit 37 the top:
     * 0x3f68c7b6.  COS: M + 2^23 = 0x122f983, bit 24 set (-), bit 23
     * clear: u = 0x22f983, g = 34: row 17, d = 0xf983: V = 114389576990 =
     * 0x1aa2266d1e, bit 36 the top: 0xbed51133.
     */
    g_assert_cmphex(nv_xf_sin(TWO), ==, 0x3f68c7b6);
    g_assert_cmphex(nv_xf_cos(TWO), ==, 0xbed51133);
}

/*
 * The multiplier and adder as they were first written, in double
 * precision (exact for 24 x 24-bit products and for sums of grid-cut
 * terms), kept as the oracle for the integer versions in xf-float.c; plus
 * the Kelvin denormal term of docs/xf.rst "Arithmetic": exponent field 0,
 * no implicit bit.
 */
static double ref_pow2(int e)
{
    uint64_t b = (uint64_t)(e + 1023) << 52;
    double d;

    memcpy(&d, &b, 8);
    return d;
}

static double ref_term(uint32_t a, bool rankine)
{
    double m = (a & 0x7fffff) * ref_pow2(-150);

    if ((a & INF) || rankine) {
        return nv_xf_to_double(a);
    }
    return a & NZERO ? -m : m;
}

static uint32_t ref_trunc(double d, bool rankine)
{
    uint64_t b;
    uint32_t sign;
    int e;

    memcpy(&b, &d, 8);
    sign = (uint32_t)(b >> 32) & NZERO;
    e = (int)((b >> 52) & 0x7ff) - 1023 + 127;
    if (e >= 255) {
        return sign | (rankine ? INF : 0x7f7fffffu);
    }
    if (e <= 0) {
        return sign;
    }
    return sign | (uint32_t)e << 23 | ((uint32_t)(b >> 29) & 0x7fffff);
}

static bool ref_nan(uint32_t a)
{
    return (a & INF) == INF && (a & 0x7fffff);
}

static uint32_t ref_mul(uint32_t a, uint32_t b, bool rankine)
{
    if (!(a & INF) || !(b & INF)) {
        return 0;
    }
    if (ref_nan(a) || ref_nan(b)) {
        return QNAN;
    }
    if ((a & ~NZERO) == INF || (b & ~NZERO) == INF) {
        return ((a ^ b) & NZERO) | INF;
    }
    return ref_trunc(nv_xf_to_double(a) * nv_xf_to_double(b), rankine);
}

static uint32_t ref_sum(const uint32_t *t, unsigned n, bool rankine)
{
    bool pinf = false, ninf = false;
    int emax = -1;
    double grid, s = 0;
    uint64_t gb;

    for (unsigned i = 0; i < n; i++) {
        if (ref_nan(t[i])) {
            return QNAN;
        }
        if ((t[i] & ~NZERO) == INF) {
            *(t[i] & NZERO ? &ninf : &pinf) = true;
        } else if ((ref_term(t[i], rankine) != 0) &&
                   (int)((t[i] >> 23) & 0xff) > emax) {
            emax = (t[i] >> 23) & 0xff;
        }
    }
    if (pinf && ninf) {
        return QNAN;
    }
    if (pinf || ninf) {
        return pinf ? INF : NINF;
    }
    if (emax < 0) {
        return 0;
    }
    gb = (uint64_t)(emax - 155 + 1023) << 52;
    memcpy(&grid, &gb, 8);
    for (unsigned i = 0; i < n; i++) {
        s += (double)(int64_t)(ref_term(t[i], rankine) / grid) * grid;
    }
    return s == 0 ? 0 : ref_trunc(s, rankine);
}

/* Operands that reach every path: specials, near-equal magnitudes
 * (cancellation), exponents far apart, overflow and underflow. */
static uint32_t rnd_operand(GRand *r, uint32_t other)
{
    static const uint32_t special[] = {
        0, NZERO, 0x00000001, 0x807fffff, INF, NINF, 0x7fc00000, 0xff800001,
        QNAN, 0x7f7fffff, 0xff7fffff, 0x00800000, 0x80800000, ONE,
        0xbf800000, 0x3f7fffff, 0x3f800001, 0x7f000000, 0x0d800000,
    };
    uint32_t x = g_rand_int(r);
    int e;

    switch (g_rand_int_range(r, 0, 6)) {
    case 0:
        return special[g_rand_int_range(r, 0, G_N_ELEMENTS(special))];
    case 1:
        /* The other operand's exponent, give or take a few. */
        e = ((other >> 23) & 0xff) + g_rand_int_range(r, -3, 4);
        return (x & 0x807fffff) | (uint32_t)CLAMP(e, 0, 255) << 23;
    case 2:
        /* The other operand's exponent, further away (the grid). */
        e = ((other >> 23) & 0xff) + g_rand_int_range(r, -40, 41);
        return (x & 0x807fffff) | (uint32_t)CLAMP(e, 0, 255) << 23;
    case 3:
        /* The negated other operand, a few LSBs off: cancellation. */
        return (other ^ NZERO) + g_rand_int_range(r, -4, 5);
    default:
        return x;
    }
}

/* mul, add, MAD and sum against the double versions. */
static void test_mul_sum_reference(void)
{
    GRand *r = g_rand_new_with_seed(0x5eed);

    for (unsigned i = 0; i < 2000000; i++) {
        uint32_t t[4];
        bool rk = i & 1;
        unsigned n = 2 + i % 3;

        t[0] = rnd_operand(r, g_rand_int(r));
        for (unsigned k = 1; k < 4; k++) {
            t[k] = rnd_operand(r, t[g_rand_int_range(r, 0, k)]);
        }
        uint32_t pc[2] = { ref_mul(t[0], t[1], rk), t[2] };

        if (nv_xf_mul(t[0], t[1], rk) != pc[0] ||
            nv_xf_add(t[0], t[1], rk) != ref_sum(t, 2, rk) ||
            nv_xf_mad(t[0], t[1], t[2], rk) != ref_sum(pc, 2, rk) ||
            nv_xf_sum(t, n, rk) != ref_sum(t, n, rk)) {
            g_error("%08x %08x %08x %08x (n %u, rankine %d): mul %08x/%08x "
                    "add %08x/%08x mad %08x/%08x sum %08x/%08x", t[0], t[1],
                    t[2], t[3], n, rk, nv_xf_mul(t[0], t[1], rk), pc[0],
                    nv_xf_add(t[0], t[1], rk), ref_sum(t, 2, rk),
                    nv_xf_mad(t[0], t[1], t[2], rk), ref_sum(pc, 2, rk),
                    nv_xf_sum(t, n, rk), ref_sum(t, n, rk));
        }
    }
    g_rand_free(r);
}

/* A normal number or a zero: the operands nv_xf_mad4 may take itself. */
static uint32_t rnd_ordinary(GRand *r, uint32_t other)
{
    uint32_t x = g_rand_int(r) & 0x807fffff;
    int e;

    switch (g_rand_int_range(r, 0, 5)) {
    case 0:
        return x & NZERO;
    case 1:
        /* Exponents up to the ends of its range and past them. */
        e = g_rand_boolean(r) ? g_rand_int_range(r, 1, 40)
                              : g_rand_int_range(r, 215, 255);
        break;
    case 2:
        /* Near the other's: cancellation and the grid. */
        e = ((other >> 23) & 0xff) + g_rand_int_range(r, -35, 36);
        break;
    default:
        e = g_rand_int_range(r, 100, 155);
        break;
    }
    return x | (uint32_t)CLAMP(e, 1, 254) << 23;
}

/* nv_xf_mad4 against the scalar MUL, ADD and MAD, both rule sets. */
static void test_mad4(void)
{
    static const uint32_t zero[4], one[4] = { ONE, ONE, ONE, ONE };
    /* Exact cancellation, a -0 addend, 1 - 1.5 x 2^-29 (cut to 0 on the
     * 2^-28 grid), a product below 2^-126 with a small addend, and a
     * denormal. */
    static const uint32_t fixed[][3] = {
        { ONE, ONE, 0xbf800000 }, { NZERO, 0xc0000000, NZERO },
        { ONE, ONE, 0xb1400000 }, { 0x10000000, 0x10000000, 0x20000000 },
        { ONE, ONE, 0x00000001 },
    };
    GRand *r = g_rand_new_with_seed(0x4ad4);
    unsigned fast = 0, n = 1000000;

    for (unsigned i = 0; i < n + G_N_ELEMENTS(fixed); i++) {
        uint32_t a[4], b[4], c[4], out[4];

        for (unsigned l = 0; l < 4; l++) {
            a[l] = i < n ? rnd_ordinary(r, g_rand_int(r)) : fixed[i - n][0];
            b[l] = i < n ? rnd_ordinary(r, a[l]) : fixed[i - n][1];
            c[l] = i < n ? rnd_ordinary(r, nv_xf_mul(a[l], b[l], true))
                         : fixed[i - n][2];
        }
        for (unsigned op = 0; op < 3; op++) {
            const uint32_t *pb = op == 1 ? one : b, *pc = op == 0 ? zero : c;

            memcpy(out, a, sizeof(out));
            if (!nv_xf_mad4(nv_xf_load4(a), nv_xf_load4(pb), nv_xf_load4(pc),
                            out)) {
                g_assert_cmpmem(out, sizeof(out), a, sizeof(a));
                continue;
            }
            fast++;
            for (unsigned l = 0; l < 8; l++) {
                uint32_t x = a[l % 4], y = pb[l % 4], z = pc[l % 4];
                bool rk = l >= 4;
                uint32_t want = op == 0 ? nv_xf_mul(x, y, rk) :
                                op == 1 ? nv_xf_add(x, z, rk) :
                                nv_xf_mad(x, y, z, rk);

                if (out[l % 4] != want) {
                    g_error("op %u, %08x %08x %08x (rankine %d): %08x, "
                            "not %08x", op, x, y, z, rk, out[l % 4], want);
                }
            }
        }
    }
    /* Most vectors of ordinary operands take the 4-lane path. */
#ifdef __SSE2__
    g_assert_cmpuint(fast, >, n);
#endif
    g_rand_free(r);
}

/* nv_xf_mul4 against nv_xf_mul, both rule sets. */
static void test_mul4(void)
{
    /* A -0 and a 0 times NaN (+0), a product just below 2^-126 (not
     * for the 4-lane form), the largest product below 2^128. */
    static const uint32_t fixed[][4] = {
        { NZERO, ONE, 0, 0x3f800001 }, { ONE, ONE, 0x7fc00000, 0x7f000000 },
        { 0x00800000, 0x3f7fffff, ONE, ONE }, { ONE, ONE, ONE, 0x3fffffff },
    };
    GRand *r = g_rand_new_with_seed(0x3a14);
    unsigned fast = 0, n = 1000000;

    for (unsigned i = 0; i < n + G_N_ELEMENTS(fixed) / 2; i++) {
        uint32_t a[4], b[4], out[4] = { 0 };

        for (unsigned l = 0; l < 4; l++) {
            a[l] = i < n ? rnd_ordinary(r, g_rand_int(r))
                         : fixed[2 * (i - n)][l];
            b[l] = i < n ? rnd_ordinary(r, a[l] ^ 0x3f800000)
                         : fixed[2 * (i - n) + 1][l];
        }
        if (!nv_xf_mul4(nv_xf_load4(a), nv_xf_load4(b), out)) {
            g_assert_cmphex(out[0] | out[1] | out[2] | out[3], ==, 0);
            continue;
        }
        fast++;
        for (unsigned l = 0; l < 8; l++) {
            uint32_t want = nv_xf_mul(a[l % 4], b[l % 4], l >= 4);

            if (out[l % 4] != want) {
                g_error("%08x x %08x (rankine %d): %08x, not %08x", a[l % 4],
                        b[l % 4], l >= 4, out[l % 4], want);
            }
        }
    }
#ifdef __SSE2__
    g_assert_cmpuint(fast, >, n / 10);
#endif
    g_rand_free(r);
}

/* nv_xf_dp4 against nv_xf_mul and nv_xf_sum, both rule sets. */
static void test_dp4(void)
{
    /* Exact cancellation (+0), -0 products only, a term cut to 0 on the
     * grid, products below 2^-126 beside a larger one, a denormal. */
    static const uint32_t fixed[][2][4] = {
        { { ONE, ONE, 0, 0 }, { ONE, 0xbf800000, 0, 0 } },
        { { NZERO, ONE, 0, NZERO }, { ONE, NZERO, NZERO, ONE } },
        { { ONE, 0xb1400000, 0, 0 }, { ONE, ONE, 0, 0 } },
        { { 0x10000000, ONE, 0x10000000, 0 }, { 0x10000000, 0x20000000,
                                                0x90000000, 0 } },
        { { ONE, 0x00000001, 0, 0 }, { ONE, ONE, 0, 0 } },
    };
    GRand *r = g_rand_new_with_seed(0xd943);
    unsigned fast = 0, n = 1000000;

    for (unsigned i = 0; i < n + G_N_ELEMENTS(fixed); i++) {
        uint32_t a[4], b[4], t[4], out = 0x12345678;
        unsigned op = i % 3, terms = op ? 4 : 3;   /* DP3, DP4, DPH */
        uint32_t near = rnd_ordinary(r, g_rand_int(r));

        for (unsigned l = 0; l < 4; l++) {
            a[l] = i < n ? rnd_ordinary(r, near) : fixed[i - n][0][l];
            b[l] = i < n ? rnd_ordinary(r, near) : fixed[i - n][1][l];
        }
        if (!nv_xf_dp4(nv_xf_load4(a), nv_xf_load4(b), terms, op == 2,
                       &out)) {
            g_assert_cmphex(out, ==, 0x12345678);
            continue;
        }
        fast++;
        for (unsigned rk = 0; rk < 2; rk++) {
            for (unsigned l = 0; l < 4; l++) {
                t[l] = nv_xf_mul(op == 2 && l == 3 ? ONE : a[l], b[l], rk);
            }
            if (out != nv_xf_sum(t, terms, rk)) {
                g_error("DP%u %08x %08x %08x %08x . %08x %08x %08x %08x "
                        "(rankine %u): %08x, not %08x", op ? 4 : 3, a[0],
                        a[1], a[2], a[3], b[0], b[1], b[2], b[3], rk, out,
                        nv_xf_sum(t, terms, rk));
            }
        }
    }
#ifdef __SSE2__
    g_assert_cmpuint(fast, >, n / 4);
#endif
    g_rand_free(r);
}

/*
 * nv_xf_dp4x4, the interpreter's grouped DP3/DPH/DP4 (docs/xf.rst
 * "Execution"): where it takes a group, each of its rows must be what
 * the multiplier and the adder give for that row alone (both rule sets:
 * its domain is where they agree); where it does not, @r stays as it was.
 */
static void test_dp4x4(void)
{
    GRand *r = g_rand_new_with_seed(0x4d34);
    unsigned fast = 0, n = 300000;

    for (unsigned i = 0; i < n; i++) {
        unsigned op = i % 3, terms = op ? 4 : 3, rows = i % 2 ? 4 : 2;
        uint32_t near = rnd_ordinary(r, g_rand_int(r));
        uint32_t a[4], b[4][4], t[4];
        uint32_t out[4] = { 0x12345678, 0x12345678, 0x12345678, 0x12345678 };
        NVXfVec4 rows4[4];

        for (unsigned l = 0; l < 4; l++) {
            a[l] = rnd_ordinary(r, near);
            for (unsigned k = 0; k < 4; k++) {
                b[k][l] = rnd_ordinary(r, near);
            }
        }
        for (unsigned k = 0; k < 4; k++) {
            rows4[k] = nv_xf_load4(b[k]);
        }
        if (!nv_xf_dp4x4(nv_xf_load4(a), rows4, terms, op == 2, rows, out)) {
            for (unsigned k = 0; k < 4; k++) {
                g_assert_cmphex(out[k], ==, 0x12345678);
            }
            continue;
        }
        fast++;
        for (unsigned k = 0; k < rows; k++) {
            for (unsigned rk = 0; rk < 2; rk++) {
                for (unsigned l = 0; l < 4; l++) {
                    t[l] = nv_xf_mul(op == 2 && l == 3 ? ONE : a[l],
                                     b[k][l], rk);
                }
                g_assert_cmphex(out[k], ==, nv_xf_sum(t, terms, rk));
            }
        }
    }
#ifdef __SSE2__
    g_assert_cmpuint(fast, >, n / 8);
#endif
    g_rand_free(r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/xf/float/flush-lt22", test_flush_lt22);
    g_test_add_func("/xf/float/mul", test_mul);
    g_test_add_func("/xf/float/add", test_add);
    g_test_add_func("/xf/float/mul-sum-reference", test_mul_sum_reference);
    g_test_add_func("/xf/float/mad4", test_mad4);
    g_test_add_func("/xf/float/mul4", test_mul4);
    g_test_add_func("/xf/float/dp4", test_dp4);
    g_test_add_func("/xf/float/dp4x4", test_dp4x4);
    g_test_add_func("/xf/float/cmp-flr", test_cmp_flr);
    g_test_add_func("/xf/float/rcp-rcc", test_rcp_rcc);
    g_test_add_func("/xf/float/rsq", test_rsq);
    g_test_add_func("/xf/float/exp", test_exp);
    g_test_add_func("/xf/float/log", test_log);
    g_test_add_func("/xf/float/lit", test_lit);
    g_test_add_func("/xf/float/ex2-lg2", test_ex2_lg2);
    g_test_add_func("/xf/float/sin-cos", test_sin_cos);
    return g_test_run();
}
