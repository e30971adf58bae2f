/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: a randomised self-check of XF's arithmetic.  Random
 * operands, a third of them zeros, denormals, infinities or NaNs, go
 * through the XF code and through the second model below, written apart
 * from it and as literally as it can be from docs/xf.rst ("Arithmetic",
 * "Modern rules", "SSG", "RCP, RCC and RSQ", "EXP, LOG and LIT", "LG2,
 * EX2, SIN and COS"); every result must agree.  The special functions are
 * called directly; every vector op (the multiplier, the adder in ADD,
 * MAD and the dot products, DST, FLR, FRC, the compares, SSG, ARL's lack
 * of an output) and every scalar op runs as a short program through the
 * decoder and the interpreter, on Kelvin and on Rankine with VP2 off and
 * on, under both of its arithmetic rules.
 * The model shares only the hardware's tables with the code.
 */
#include <glib.h>
#include <string.h>

#include "hw/nv/xf/idx.h"
#include "hw/nv/xf/xf.h"
#include "hw/nv/xf/xf-float.h"
#include "hw/nv/xf/xf-isa.h"
#include "test-host.h"

#define SIGN    0x80000000u
#define INF     0x7f800000u
#define ONE     0x3f800000u
#define QNAN    0x7fffffffu

/* ---- The second model ---- */

/* floor(a / 2^k) and a mod 2^k, spelled out (k < 63). */
static int64_t fdiv(int64_t a, unsigned k)
{
    int64_t d = (int64_t)1 << k, q = a / d;

    return q * d > a ? q - 1 : q;
}

static int64_t fmod2(int64_t a, unsigned k)
{
    return a - fdiv(a, k) * ((int64_t)1 << k);
}

static unsigned sgn(uint32_t a)
{
    return a >> 31;
}

static unsigned ex(uint32_t a)
{
    return a >> 23 & 0xff;
}

static uint32_t fr(uint32_t a)
{
    return a & 0x7fffff;
}

static bool is_nan(uint32_t a)
{
    return ex(a) == 255 && fr(a);
}

/* s * v * 2^-k with v's leading 24 bits kept; +0 for v = 0. */
static uint32_t trunc24(unsigned s, uint64_t v, int k)
{
    int p = 63;

    if (!v) {
        return 0;
    }
    while (!(v >> p & 1)) {
        p--;
    }
    v = p >= 23 ? v >> (p - 23) : v << (23 - p);
    return s << 31 | (uint32_t)(p - k + 127) << 23 | (uint32_t)(v & 0x7fffff);
}

static uint32_t m_rcp(uint32_t a, bool rcc)
{
    int64_t E = 254 - (int64_t)ex(a), F = 0;

    if (is_nan(a)) {
        return QNAN;
    }
    if (!rcc && !ex(a)) {
        return sgn(a) << 31 | INF;
    }
    if (fr(a)) {
        int64_t m = (1 << 23) + fr(a), s = nv_xf_tr[fr(a) >> 17];
        int64_t b = fdiv((((int64_t)1 << 31) - s * m) * s, 24);
        int64_t c = (int64_t)((((__int128)1 << 37) - (__int128)b * m) * b >>
                              25);

        F = c - (1 << 23);
        E--;
    }
    if (!rcc && E <= 0) {
        E = F = 0;
    }
    if (rcc && E < 63) {
        E = 63;
        F = 0;
    }
    if (rcc && E >= 191) {
        E = 191;
        F = 0;
    }
    return sgn(a) << 31 | (uint32_t)E << 23 | (uint32_t)F;
}

static uint32_t m_rsq(uint32_t a, NVXfRules rules)
{
    bool n = sgn(a) && rules == NV_XF_RULES_MODERN;
    int64_t E, m, s, b, c;
    unsigned i, e = ex(a);

    if (is_nan(a)) {
        return QNAN;
    }
    if (!e) {
        return n ? SIGN | INF : INF;
    }
    if (n) {
        return QNAN;
    }
    if (e == 255) {
        return 0;
    }
    if (e % 2) {
        E = 126 - ((int)e - 127) / 2;
        i = fr(a) >> 17;
        m = (1 << 23) + fr(a);
        if (rules != NV_XF_RULES_KELVIN && !fr(a)) {
            return (uint32_t)(E + 1) << 23;
        }
    } else {
        E = 126 - ((int)e - 128) / 2;
        i = 64 + (fr(a) >> 17);
        m = 2 * ((1 << 23) + fr(a));
    }
    s = nv_xf_tq[i];
    b = (int64_t)(((__int128)3 * ((int64_t)1 << 37) - s * s * m) * s >> 32);
    c = (int64_t)(((__int128)3 * ((int64_t)1 << 49) - (__int128)b * b * m) *
                  b >> 39);
    return (uint32_t)E << 23 | (uint32_t)(c - (1 << 23));
}

static int64_t m_q13(uint32_t a)
{
    int64_t m = (1 << 23) + fr(a);
    int sh = (int)ex(a) - 137;

    if (is_nan(a)) {
        return INT32_MAX;
    }
    if (ex(a) >= 145) {
        return sgn(a) ? INT32_MIN : INT32_MAX;
    }
    if (ex(a) < 104) {
        return 0;
    }
    m = sgn(a) ? -m : m;
    return sh >= 0 ? m * ((int64_t)1 << sh) : fdiv(m, -sh);
}

static uint32_t m_p2(int64_t q)
{
    int64_t n = fdiv(q, 13), h = fmod2(fdiv(q, 8), 5), l = fmod2(q, 8);

    if (n <= -127) {
        return 0;
    }
    if (n >= 128) {
        return INF;
    }
    return (uint32_t)((n + 127) * (1 << 23) +
                      2 * (256 * nv_xf_ea[h] + nv_xf_eb[h] * l));
}

static int64_t m_l26(uint32_t a)
{
    unsigned h = fr(a) >> 18, l = fr(a) >> 10 & 0xff;

    return 256 * (int64_t)nv_xf_la[h] + (int64_t)nv_xf_lb[h] * l +
           ((int64_t)ex(a) - 127) * ((int64_t)1 << 26);
}

static void m_exp(uint32_t a, uint32_t r[4])
{
    int64_t q = m_q13(a), m = (1 << 23) + fr(a);
    unsigned e = ex(a);

    r[0] = m_p2(q - fmod2(q, 13));
    r[2] = is_nan(a) ? QNAN : m_p2(q);
    r[3] = ONE;
    if (is_nan(a)) {
        r[1] = a;
    } else if (!e || e >= 150) {
        r[1] = 0;
    } else if (!sgn(a) && e < 127) {
        r[1] = a;
    } else if (!sgn(a)) {
        r[1] = trunc24(0, fmod2(m, 150 - e), 150 - e);
    } else if (e < 104) {
        r[1] = ONE;
    } else if (e < 127) {
        int64_t k = -fdiv(-m, 127 - e);       /* ceil */

        r[1] = trunc24(0, (1 << 23) - k, 23);
    } else {
        int64_t f = fmod2(m, 150 - e);

        r[1] = f ? trunc24(0, ((int64_t)1 << (150 - e)) - f, 150 - e) : 0;
    }
}

static void m_log(uint32_t a, NVXfRules rules, uint32_t r[4])
{
    unsigned e = ex(a);
    int64_t l;

    r[3] = ONE;
    if (rules == NV_XF_RULES_MODERN && sgn(a)) {
        r[0] = r[1] = r[2] = QNAN;
    } else if (is_nan(a)) {
        r[0] = r[1] = r[2] = rules == NV_XF_RULES_KELVIN ? a & ~SIGN : QNAN;
    } else if (!e) {
        r[0] = r[2] = SIGN | INF;
        r[1] = ONE;
    } else if (e == 255) {
        r[0] = r[2] = INF;
        r[1] = ONE;
    } else {
        r[0] = trunc24(e < 127, e < 127 ? 127 - e : e - 127, 0);
        r[1] = ONE + fr(a);
        l = m_l26(a);
        r[2] = trunc24(l < 0, l < 0 ? -l : l, 26);
    }
}

static void m_lit(const uint32_t s[4], uint32_t r[4])
{
    uint32_t x = s[0], y = s[1], w = s[3];

    r[0] = r[3] = ONE;
    r[1] = r[2] = 0;
    if (sgn(x)) {
        return;
    }
    r[1] = x;
    if (!ex(x)) {
        r[2] = 0;
    } else if (!ex(w)) {
        r[2] = ONE;
    } else if (is_nan(y) || is_nan(w)) {
        r[2] = QNAN;
    } else if (sgn(y) || !ex(y)) {
        r[2] = sgn(w) ? INF : 0;
    } else if (y == INF) {
        r[2] = sgn(w) ? 0 : INF;
    } else {
        int64_t p = m_q13(w);

        p = MAX(-(1 << 20), MIN((1 << 20) - 1, p));
        r[2] = m_p2(fdiv(m_l26(y) * p, 26));
    }
}

/* docs/xf.rst "LG2, EX2, SIN and COS": the evaluator. */
static int64_t m_r(int64_t d, int k)
{
    return k >= 0 ? d * ((int64_t)1 << k) : fdiv(d + ((int64_t)1 << (-k - 1)),
                                                 -k);
}

static int64_t m_sf(const NVXfSfRow *t, int64_t u, bool sub)
{
    int64_t g = fdiv(u, 16), d, h, q, mm = 0, z;
    unsigned r;

    if (g % 2) {
        r = (g + 1) / 2;
        d = fmod2(u, 16) - 65536;
    } else {
        r = g / 2;
        d = fmod2(u, 16);
    }
    h = fdiv(d, 7);
    q = h * h + (fmod2(fdiv(d, 6), 1) ? h : 0);
    for (int j = 0; j <= 5; j++) {
        if (fmod2(fdiv(d, j), 1)) {
            q += fdiv(d + ((int64_t)1 << (12 - j)), 13 - j);
        }
    }
    for (int j = 0; j < 16; j++) {
        unsigned b1 = t[r].c1 >> (2 * j + 1) & 1, b0 = t[r].c1 >> (2 * j) & 1;
        unsigned bm = j ? t[r].c1 >> (2 * j - 1) & 1 : 0;
        unsigned gj = 4 * b1 + 2 * b0 + bm;
        int k = 2 * j - 14;

        if (gj == 1 || gj == 2) {
            mm += m_r(d, k);
        } else if (gj == 3) {
            mm += m_r(d, k + 1);
        } else if (gj == 4) {
            mm -= m_r(d, k + 1);
        } else if (gj == 5 || gj == 6) {
            mm -= m_r(d, k);
        }
    }
    if (sub) {
        z = -fdiv((int64_t)t[r].c2 * q + fdiv(q - 1024, 12) + 32, 5);
    } else {
        z = fdiv((int64_t)t[r].c2 * q, 5);
    }
    return 32768 * (int64_t)t[r].c0 + 64 * mm + z;
}

static uint32_t m_lg2(uint32_t a)
{
    int64_t v;
    unsigned s = 0;

    if (!ex(a)) {
        return SIGN | INF;
    }
    if (is_nan(a) || sgn(a)) {
        return QNAN;
    }
    if (a == INF) {
        return INF;
    }
    v = m_sf(nv_xf_tl, fr(a), true) + ((int64_t)ex(a) - 127) *
        ((int64_t)1 << 38);
    if (v < 0) {
        s = 1;
        v = -v - 1;
    }
    return trunc24(s, v, 38);
}

static uint32_t m_ex2(uint32_t a)
{
    int64_t m = (1 << 23) + fr(a), t, E;
    int sh = (int)ex(a) - 127;

    if (is_nan(a)) {
        return QNAN;
    }
    if (ex(a) < 0x46) {
        return ONE;
    }
    if (ex(a) >= 0x86) {
        return sgn(a) ? 0 : INF;
    }
    t = sh >= 0 ? m * ((int64_t)1 << sh) : fdiv(m, -sh);
    t = sgn(a) ? -t - 1 : t;
    E = 127 + fdiv(t, 23);
    if (E <= 0) {
        return 0;
    }
    return (uint32_t)(E * (1 << 23) +
                      fdiv(m_sf(nv_xf_te, fmod2(t, 23), false), 15));
}

static uint32_t m_sincos(uint32_t a, bool cos)
{
    unsigned e = ex(a);
    int k;
    uint64_t m = 0x28be60db8ull, u;

    if (e == 255) {
        return QNAN;
    }
    if (!cos && e < 0x60) {
        return 0;
    }
    if (cos && e < 0x70) {
        return ONE;
    }
    k = e < 0x63 ? (int)e - 0x62 : e < 0xa2 ? (int)e - 0x82 :
        e < 0xc2 ? (int)e - 0xa2 : e < 0xe2 ? (int)e - 0xc2 : (int)e - 0xe2;
    for (int j = 0; j < 23; j++) {
        if (fr(a) >> j & 1) {
            m += nv_xf_mt[j];
        }
    }
    m /= 256;
    m = k >= 0 ? m * ((uint64_t)1 << k) : m / ((uint64_t)1 << -k);
    if (sgn(a)) {
        m = UINT64_MAX - m;
    }
    if (cos) {
        m += 1u << 23;
    }
    u = m % (1u << 23);
    if (m >> 23 & 1) {
        u = (1u << 23) - 1 - u;
    }
    return trunc24(m >> 24 & 1, m_sf(nv_xf_ts, u, true), 38);
}

/*
 * docs/xf.rst "Arithmetic": s * v * 2^-k as XF stores it: v's leading 24
 * bits; too large, the largest finite value of the sign on Kelvin and an
 * infinity on Rankine; too small for a normal number, a zero of the sign.
 */
static uint32_t m_pack(unsigned s, uint64_t v, int k, NVXfRules rules)
{
    int p = 63, e;

    if (!v) {
        return 0;
    }
    while (!(v >> p & 1)) {
        p--;
    }
    e = p - k + 127;
    if (e >= 255) {
        return s << 31 | (rules == NV_XF_RULES_KELVIN ? 0x7f7fffff : INF);
    }
    if (e <= 0) {
        return s << 31;
    }
    return trunc24(s, v, k);
}

/* docs/xf.rst "Arithmetic", "Modern rules": the multiplier. */
static uint32_t m_mul(uint32_t a, uint32_t b, NVXfRules rules)
{
    if (!ex(a) || !ex(b)) {
        return rules == NV_XF_RULES_MODERN && (ex(a) == 255 || ex(b) == 255)
               ? QNAN : 0;
    }
    if (is_nan(a) || is_nan(b)) {
        return QNAN;
    }
    if (ex(a) == 255 || ex(b) == 255) {
        return ((a ^ b) & SIGN) | INF;
    }
    /* (2^23 + fa) 2^(ea - 150) times (2^23 + fb) 2^(eb - 150). */
    return m_pack(sgn(a ^ b), (uint64_t)((1 << 23) + fr(a)) *
                  ((1 << 23) + fr(b)), 300 - (int)ex(a) - (int)ex(b), rules);
}

/*
 * docs/xf.rst "Arithmetic": the adder on @n terms.  A term is m 2^(e -
 * 150), m with the implicit bit; Kelvin reads exponent field 0 as e = 0
 * without it, Rankine drops such a term.  Each is cut toward zero to
 * 1/32 of the LSB of the term with the largest exponent, 2^(top - 155),
 * and the cut terms add exactly.
 */
static uint32_t m_sum(const uint32_t *t, unsigned n, NVXfRules rules)
{
    bool pinf = false, ninf = false;
    unsigned top = 0, i;
    int64_t s = 0;

    for (i = 0; i < n; i++) {
        if (is_nan(t[i])) {
            return QNAN;
        }
        if (ex(t[i]) == 255) {
            pinf |= !sgn(t[i]);
            ninf |= sgn(t[i]);
        } else if (ex(t[i]) > top) {
            top = ex(t[i]);
        }
    }
    if (pinf && ninf) {
        return QNAN;
    }
    if (pinf || ninf) {
        return (ninf ? SIGN : 0) | INF;
    }
    for (i = 0; i < n; i++) {
        uint64_t m = ex(t[i]) ? (1 << 23) + fr(t[i])
                     : rules == NV_XF_RULES_KELVIN ? fr(t[i]) : 0;
        unsigned d = top - ex(t[i]);
        int64_t v = d >= 40 ? 0 : (int64_t)((m << 5) >> d);

        s += sgn(t[i]) ? -v : v;
    }
    /* An exact zero is +0. */
    return s < 0 ? m_pack(1, -s, 155 - (int)top, rules)
                 : m_pack(0, s, 155 - (int)top, rules);
}

/* docs/xf.rst "Arithmetic": FLR. */
static uint32_t m_flr(uint32_t a)
{
    uint64_t m = (1 << 23) + fr(a), i;
    unsigned k;

    if (is_nan(a)) {
        return QNAN;
    }
    if (!ex(a)) {
        return 0;
    }
    if (ex(a) >= 150) {
        return a;               /* an infinity or a whole number already */
    }
    if (ex(a) < 127) {
        return sgn(a) ? SIGN | ONE : 0;
    }
    /* |a| = m 2^-k: its whole part, one more for a negative fraction. */
    k = 150 - ex(a);
    i = m >> k;
    if (sgn(a) && (m & ((1u << k) - 1))) {
        i++;
    }
    return i ? trunc24(sgn(a), i, 0) : 0;
}

/* The compares' value order: MODERN reads zeros and denormals as +0. */
static int m_cmp(uint32_t a, uint32_t b, NVXfRules rules)
{
    int64_t ka, kb;

    if (rules == NV_XF_RULES_MODERN) {
        a = ex(a) ? a : 0;
        b = ex(b) ? b : 0;
    }
    /* Sign-magnitude to a signed integer order. */
    ka = sgn(a) ? -(int64_t)(a & ~SIGN) - 1 : (int64_t)a;
    kb = sgn(b) ? -(int64_t)(b & ~SIGN) - 1 : (int64_t)b;
    return ka < kb ? -1 : ka > kb;
}

/* Compare, set-on and SSG @op on one component under @rules. */
static uint32_t m_cmpop(unsigned op, uint32_t a, uint32_t b, NVXfRules rules)
{
    int c = m_cmp(a, b, rules);

    if (op == 0x16) {
        if (rules == NV_XF_RULES_MODERN) {
            return is_nan(a) ? QNAN : !ex(a) ? 0 : sgn(a) ? SIGN | ONE : ONE;
        }
        return a == 0 ? 0 : sgn(a) ? SIGN | ONE : ONE;
    }
    /* SFL and STR compare nothing: no NaN rule. */
    if (op == 0x11 || op == 0x15) {
        return op == 0x15 ? ONE : 0;
    }
    if (rules == NV_XF_RULES_MODERN && (is_nan(a) || is_nan(b))) {
        return QNAN;
    }
    switch (op) {
    case 0x09:
        return c < 0 ? a : b;
    case 0x0a:
        return c < 0 ? b : a;
    case 0x0b:
        return c < 0 ? ONE : 0;
    case 0x0c:
        return c < 0 ? 0 : ONE;
    case 0x10:
        return c == 0 ? ONE : 0;
    case 0x12:
        return c > 0 ? ONE : 0;
    case 0x13:
        return c > 0 ? 0 : ONE;
    default:    /* 0x14 SNE */
        return c != 0 ? ONE : 0;
    }
}

/*
 * Vector op @op on SRC0 = @a, SRC1 = @b, SRC2 = @c into @r under @rules
 * (docs/xf.rst "Arithmetic", isa.rst's opcode list); false for ARL,
 * which writes no output.
 */
static bool m_vec(unsigned op, const uint32_t *a, const uint32_t *b,
                  const uint32_t *c, NVXfRules rules, uint32_t *r)
{
    uint32_t t[4];
    unsigned i;

    switch (op) {
    case 0x05:          /* DP3 */
    case 0x06:          /* DPH: the w term is 1.0 * SRC1.w */
    case 0x07:          /* DP4 */
        for (i = 0; i < 4; i++) {
            t[i] = m_mul(op == 0x06 && i == 3 ? ONE : a[i], b[i], rules);
        }
        r[0] = r[1] = r[2] = r[3] = m_sum(t, op == 0x05 ? 3 : 4, rules);
        return true;
    case 0x08:          /* DST */
        r[0] = ONE;
        r[1] = m_mul(a[1], b[1], rules);
        r[2] = a[2];
        r[3] = b[3];
        return true;
    case 0x0d:          /* ARL */
        return false;
    }
    for (i = 0; i < 4; i++) {
        t[0] = a[i];
        switch (op) {
        case 0x01:
            r[i] = a[i];
            break;
        case 0x02:
            r[i] = m_mul(a[i], b[i], rules);
            break;
        case 0x03:      /* ADD: SRC0 + SRC2 */
            t[1] = c[i];
            r[i] = m_sum(t, 2, rules);
            break;
        case 0x04:      /* MAD: the truncated product, then the adder */
            t[0] = m_mul(a[i], b[i], rules);
            t[1] = c[i];
            r[i] = m_sum(t, 2, rules);
            break;
        case 0x0e:      /* FRC: x + -FLR(x), the Rankine adder */
            t[1] = m_flr(a[i]) ^ SIGN;
            r[i] = m_sum(t, 2, NV_XF_RULES_RANKINE);
            break;
        case 0x0f:
            r[i] = m_flr(a[i]);
            break;
        default:
            r[i] = m_cmpop(op, a[i], b[i], rules);
            break;
        }
    }
    return true;
}

/* ---- The check ---- */

/* An operand: a third of them special, the rest spread over exponents. */
static uint32_t operand(ThRng *g)
{
    static const uint32_t special[] = {
        0, SIGN, 1, SIGN | 1, 0x007fffff, INF, SIGN | INF, 0x7fc00000,
        0xffc00001, QNAN, ONE, SIGN | ONE, 0x7f7fffff, 0x00800000,
    };
    uint32_t r = th_rnd(g);

    switch (r % 6) {
    case 0:
    case 1:
        return special[th_rnd(g) % G_N_ELEMENTS(special)];
    case 2:
        /* Near 1: exponents 100-160 cover the fixed-point ranges. */
        return (th_rnd(g) & 0x807fffff) |
               (uint32_t)(100 + th_rnd(g) % 60) << 23;
    default:
        return th_rnd(g);
    }
}

static void test_special_functions(void)
{
    static const NVXfRules rules[] = {
        NV_XF_RULES_KELVIN, NV_XF_RULES_RANKINE, NV_XF_RULES_MODERN,
    };
    ThRng rng = { 19 }, *g = &rng;

    for (unsigned n = 0; n < 300000; n++) {
        uint32_t a = operand(g), v[4] = { operand(g), operand(g), 0,
                                          operand(g) };
        uint32_t r[4], m[4];

        g_assert_cmphex(nv_xf_rcp(a), ==, m_rcp(a, false));
        g_assert_cmphex(nv_xf_rcc(a), ==, m_rcp(a, true));
        g_assert_cmphex(nv_xf_lg2(a), ==, m_lg2(a));
        g_assert_cmphex(nv_xf_ex2(a), ==, m_ex2(a));
        g_assert_cmphex(nv_xf_sin(a), ==, m_sincos(a, false));
        g_assert_cmphex(nv_xf_cos(a), ==, m_sincos(a, true));
        nv_xf_exp(a, r);
        m_exp(a, m);
        g_assert_cmpmem(r, 16, m, 16);
        nv_xf_lit(v, r);
        m_lit(v, m);
        g_assert_cmpmem(r, 16, m, 16);
        for (unsigned k = 0; k < G_N_ELEMENTS(rules); k++) {
            g_assert_cmphex(nv_xf_rsq(a, rules[k]), ==, m_rsq(a, rules[k]));
            nv_xf_log(a, rules[k], r);
            m_log(a, rules[k], m);
            g_assert_cmpmem(r, 16, m, 16);
        }
    }
}

/*
 * A program run of the checks below, one of four kinds: 0 Kelvin; Rankine
 * 1 with VP2 off, 2 on with LEGACY rules, 3 on with MODERN ones (XFMODE_B
 * bits 30 and 17; docs/xf.rst "VP2 mode", "Modern rules").  The output
 * goes to c[U + 1], XFCTX's user area U being 0x60 on Kelvin and 0x9c on
 * Rankine; it starts as a marker that what writes no output must leave.
 */
typedef struct Run {
    NVXf *xf;
    NVXfIsa isa;
    NVXfRules rules;
    bool kelvin, vp2;
    unsigned u;
} Run;

#define MARK    0x5a5a5a5au

static Run run_new(NVXf *xfs, unsigned kind)
{
    Run r = {
        .xf = &xfs[kind != 0], .kelvin = !kind, .vp2 = kind >= 2,
        .isa = kind ? NV_XF_RANKINE : NV_XF_KELVIN,
        .rules = !kind ? NV_XF_RULES_KELVIN : kind == 3 ?
                 NV_XF_RULES_MODERN : NV_XF_RULES_RANKINE,
        .u = kind ? 0x9c : 0x60,
    };

    r.xf->ram.mode[0][2] = (r.vp2 ? 1u << 30 : 0) | (kind == 3 ? 1u << 17 : 0);
    r.xf->side_effects = true;
    memset(r.xf->ram.ctx[r.u + 1], 0x5a, 16);
    return r;
}

/* A random swizzle, negation and (not on Kelvin) absolute value. */
static void random_modifiers(ThRng *g, const Run *r, NVXfSrc *src)
{
    uint32_t x = th_rnd(g);

    for (unsigned i = 0; i < 4; i++) {
        src->swz[i] = x >> (2 * i) & 3;
    }
    src->neg = x >> 8 & 1;
    src->abs = !r->kelvin && (x >> 9 & 1);
}

/* Run @n instructions from XFPR slot 0; c[U + 1] must be @expect. */
static void run_check(const Run *r, const NVXfInsn *prog, unsigned n,
                      const uint32_t *expect, unsigned op)
{
    NVXfCmd run = { .type = NV_XF_CMD_RUN };

    for (unsigned i = 0; i < n; i++) {
        nv_xf_encode(r->isa, &prog[i], r->xf->ram.pr[i]);
    }
    nv_xf_post_load(r->xf);
    nv_xf_write(r->xf, NULL, &run);
    for (unsigned i = 0; i < 4; i++) {
        if (r->xf->ram.ctx[r->u + 1][i] != expect[i]) {
            g_test_message("ISA %u rules %u VP2 %u op 0x%02x lane %u",
                           r->isa, r->rules, r->vp2, op, i);
        }
        g_assert_cmphex(r->xf->ram.ctx[r->u + 1][i], ==, expect[i]);
    }
}

/* A source as read: swizzle, then absolute value, then negation. */
static void m_src(const uint32_t *v, const NVXfSrc *src, bool abs,
                  uint32_t *r)
{
    for (unsigned i = 0; i < 4; i++) {
        r[i] = v[src->swz[i]];
        r[i] &= abs && src->abs ? ~SIGN : ~0u;
        r[i] ^= src->neg ? SIGN : 0;
    }
}

/*
 * Every vector op as the two-instruction program "MOV R1 = c[U + 2];
 * OP c[U + 1] = c[U] op v[0] op R1" (SRC0, SRC1, SRC2), random modifiers
 * on the three sources: the interpreter's result against m_vec().
 * Without VP2 the ABS bits count for nothing and FRC-SSG write no output;
 * nor does ARL.
 */
static void test_vector_ops(void)
{
    ThRng rng = { 19 }, *g = &rng;
    /* One XF per ISA: the runs leave nothing the next one reads. */
    NVXf *xfs = g_new0(NVXf, 2);

    nv_xf_reset(&xfs[0], NV_XF_KELVIN);
    nv_xf_reset(&xfs[1], NV_XF_RANKINE);
    for (unsigned n = 0; n < 80000; n++) {
        Run r = run_new(xfs, n % 4);
        /* Kelvin's vector ops end at ARL (0x0d); Rankine's at SSG. */
        unsigned op = 1 + n / 4 % (r.kelvin ? 0x0d : 0x16);
        NVXfInsn prog[2] = {
            {
                .out_to_ctx = true, .dst_vec = 1, .dst_wm_vec = 0xf,
                .dst_sca = NV_XF_REGS, .op_vec = 0x01, .ctx_addr = r.u + 2,
                .src[0] = { .mux = 3, .swz = { 0, 1, 2, 3 } },
            }, {
                .end = true, .out_to_ctx = true, .out_addr = r.u + 1,
                .out_wm_vec = 0xf, .dst_vec = NV_XF_REGS,
                .dst_sca = NV_XF_REGS, .op_vec = op, .ctx_addr = r.u,
                .src = { { .mux = 3 }, { .mux = 2 }, { .mux = 1, .reg = 1 } },
            },
        };
        uint32_t v[3][4], s[3][4], e[4] = { MARK, MARK, MARK, MARK };

        for (unsigned i = 0; i < 12; i++) {
            v[i / 4][i % 4] = operand(g);
        }
        memcpy(r.xf->ram.ctx[r.u], v[0], 16);
        memcpy(r.xf->ram.vab[NV_XF_VAB_PASS], v[1], 16);
        memcpy(r.xf->ram.ctx[r.u + 2], v[2], 16);
        for (unsigned k = 0; k < 3; k++) {
            random_modifiers(g, &r, &prog[1].src[k]);
            m_src(v[k], &prog[1].src[k], r.vp2, s[k]);
        }
        if (r.kelvin || r.vp2 || op < 0x0e) {
            m_vec(op, s[0], s[1], s[2], r.rules, e);
        }
        run_check(&r, prog, 2, e, op);
    }
    g_free(xfs);
}

/* Scalar op @op on SRC2 = @s into @r under @rules (docs/xf.rst). */
static void m_sca(unsigned op, const uint32_t *s, NVXfRules rules,
                  uint32_t *r)
{
    uint32_t x;

    switch (op) {
    case 0x01:          /* "Scalar MOV": the whole vector */
        memcpy(r, s, 16);
        return;
    case 0x05:
        m_exp(s[0], r);
        return;
    case 0x06:
        m_log(s[0], rules, r);
        return;
    case 0x07:
        m_lit(s, r);
        return;
    case 0x02:
    case 0x03:
        x = m_rcp(s[0], op == 0x03);
        break;
    case 0x04:
        x = m_rsq(s[0], rules);
        break;
    case 0x0d:
        x = m_lg2(s[0]);
        break;
    case 0x0e:
        x = m_ex2(s[0]);
        break;
    default:
        x = m_sincos(s[0], op == 0x10);
        break;
    }
    r[0] = r[1] = r[2] = r[3] = x;
}

/*
 * Every scalar op as "OP_SCA c[U + 1] = op(v[0])" under a NOP vector op,
 * random modifiers on SRC2.  On Kelvin the program's one output mask goes
 * with OUT_IS_SCA = 0, which under a NOP vector op still sends out the
 * scalar result (docs/xf.rst "Kelvin's output"); on Rankine the scalar
 * output mask.  Without VP2, LG2-COS write nothing.
 */
static void test_scalar_ops(void)
{
    static const uint8_t ops[] = {
        0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x0d, 0x0e, 0x0f, 0x10,
    };
    ThRng rng = { 23 }, *g = &rng;
    NVXf *xfs = g_new0(NVXf, 2);

    nv_xf_reset(&xfs[0], NV_XF_KELVIN);
    nv_xf_reset(&xfs[1], NV_XF_RANKINE);
    for (unsigned n = 0; n < 80000; n++) {
        Run r = run_new(xfs, n % 4);
        /* Kelvin's scalar ops end at LIT. */
        unsigned op = ops[n / 4 % (r.kelvin ? 7 : G_N_ELEMENTS(ops))];
        NVXfInsn in = {
            .end = true, .out_to_ctx = true, .out_addr = r.u + 1,
            .out_wm_vec = r.kelvin ? 0xf : 0, .out_wm_sca = r.kelvin ? 0 : 0xf,
            .dst_vec = NV_XF_REGS, .dst_sca = NV_XF_REGS, .op_sca = op,
            .src[2] = { .mux = 2 },
        };
        uint32_t v[4], s[4], e[4] = { MARK, MARK, MARK, MARK };

        for (unsigned i = 0; i < 4; i++) {
            v[i] = operand(g);
        }
        memcpy(r.xf->ram.vab[NV_XF_VAB_PASS], v, 16);
        random_modifiers(g, &r, &in.src[2]);
        m_src(v, &in.src[2], r.vp2, s);
        if (r.kelvin || r.vp2 || op < 0x0d) {
            m_sca(op, s, r.rules, e);
        }
        run_check(&r, &in, 1, e, op);
    }
    g_free(xfs);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/xf/model/special-functions", test_special_functions);
    g_test_add_func("/xf/model/vector-ops", test_vector_ops);
    g_test_add_func("/xf/model/scalar-ops", test_scalar_ops);
    return g_test_run();
}
