/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: XF's float arithmetic (envytools docs/hw/graph/xf/intro.rst,
 * last paragraphs of "Structure and operation"): the multiplier, the
 * adder, the 4-lane forms the interpreter uses where their rules are
 * exact in double precision, and the special functions.  Values are raw
 * IEEE single bit patterns; xf-float.c has the rules.
 */
#ifndef HW_NV_XF_FLOAT_H
#define HW_NV_XF_FLOAT_H

#include <stdbool.h>
#include <stdint.h>

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

/* XF float arithmetic (xf-float.c).  @rankine selects Rankine+ rules. */
uint32_t nv_xf_flush(uint32_t a);
/* The value XF reads from @a (denormals as zero), as a double. */
double nv_xf_to_double(uint32_t a);
uint32_t nv_xf_lt22(uint32_t a);
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
 * nv_xf_mad on four lanes at once, where every lane's operands are normal
 * numbers or zeros and its product and result stay well inside the normal
 * range (there the Kelvin and Rankine rules agree).  Returns false, and
 * leaves @r as it was, if a lane is not like that: the scalar functions
 * are for it.  @r may be one of the operands.  A zero @c gives nv_xf_mul,
 * a 1.0 @b nv_xf_add.
 */
bool nv_xf_mad4(const uint32_t *a, const uint32_t *b, const uint32_t *c,
                uint32_t r[4]);
/* nv_xf_mul on four lanes where nv_xf_mad4's operands would do and
 * every product is normal or zero; else false and @r untouched. */
bool nv_xf_mul4(const uint32_t *a, const uint32_t *b, uint32_t r[4]);
/*
 * DP3 (@n = 3) or DP4 of @a and @b, DPH with @hom (SRC0.w read as 1.0),
 * into *@r, where every lane's operands are normal numbers or zeros and
 * the largest product is well inside the normal range; else false, @r
 * untouched, and nv_xf_mul and nv_xf_sum are for it.
 */
bool nv_xf_dp4(const uint32_t *a, const uint32_t *b, unsigned n, bool hom,
               uint32_t *r);
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
