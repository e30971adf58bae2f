/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: XF, the vertex transform engine of Kelvin, Rankine and Curie
 * (graph/xf/intro.rst, isa.rst, ctx.rst, mode.rst).
 *
 * XF is fed IDX2XF commands (a typed struct; idx.c unwraps them from the
 * FE's wrapped form), keeps its RAMs in fixed-size arrays so VMState can
 * describe them, decodes XFPR into an internal form when it is written and
 * runs vertex state programs and vertex programs, queueing processed
 * vertices on an XF2VTX ring for the next stage.
 */
#ifndef HW_NV_XF_H
#define HW_NV_XF_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/nv/nv-model.h"

typedef struct NVCard NVCard;

/* IDX2XF command types (intro.rst "IDX2XF: the command interface"). */
typedef enum NVXfCmdType {
    NV_XF_CMD_NOP      = 0x0,
    NV_XF_CMD_VAB      = 0x1,
    NV_XF_CMD_XFPR     = 0x2,
    NV_XF_CMD_UNK3     = 0x3,   /* not listed by the docs */
    NV_XF_CMD_PARAM    = 0x4,
    NV_XF_CMD_PASSTHRU = 0x5,
    NV_XF_CMD_RUN      = 0x6,
    NV_XF_CMD_MODE     = 0x7,
    NV_XF_CMD_XTRA     = 0x8,
    NV_XF_CMD_XFCTX    = 0x9,
    NV_XF_CMD_LTCTX    = 0xa,
    NV_XF_CMD_LTC0     = 0xb,
    NV_XF_CMD_LTC1     = 0xc,
    NV_XF_CMD_LTC2     = 0xd,
    NV_XF_CMD_LTC3     = 0xe,
    NV_XF_CMD_SYNC     = 0xf,
} NVXfCmdType;

/*
 * One IDX2XF write or read.  @vec selects the 128-bit vector, @word the
 * 32-bit word in it (0 = X, the high word); a 64-bit write covers the
 * aligned pair @word, @word + 1 with data[0] going to @word.
 */
typedef struct NVXfCmd {
    uint8_t type;               /* NVXfCmdType */
    uint16_t vec;
    uint8_t word;
    bool is64;
    uint32_t data[2];
} NVXfCmd;

/* IDX wrapping generations (intro.rst "IDX command wrapping"). */
typedef enum NVIdxGen {
    NV_IDX_CELSIUS,
    NV_IDX_KELVIN,
    NV_IDX_RANKINE,
    NV_IDX_CURIE,
} NVIdxGen;

/*
 * Unwrap a FE2IDX command address into @cmd (type, vec, word; the payload
 * is left for the caller).  Returns false if @addr is not a wrapped XF
 * command of that generation.
 */
bool nv_idx_unwrap(NVIdxGen gen, uint32_t addr, NVXfCmd *cmd);
/* The inverse, for drivers' point of view and tests. */
uint32_t nv_idx_wrap(NVIdxGen gen, uint8_t type, uint16_t vec, uint8_t word);
/* The wrapping generation of a model's XF, for the PGRAPH block. */
NVIdxGen nv_idx_gen(NVXfIsa isa);

/* Sizes: the largest of any generation, so one struct fits all models. */
#define NV_XF_VAB_SLOTS     17      /* 16 attributes + PASS (Kelvin/Rankine) */
#define NV_XF_VAB_PASS      16
#define NV_XF_CTX_SLOTS     0x220   /* NV40 (intro.rst item 9) */
#define NV_XF_PR_SLOTS      0x220   /* NV40+ (isa.rst "encoding") */
#define NV_XF_PR_WORDS      5       /* 144 bits of the combined ISA */
#define NV_XF_LTCTX_SLOTS   0x4a    /* ctx.rst: NV20's list ends at 0x49 */
#define NV25_LTCTX_A_SLOTS  0x40    /* inferred: docs/xf.rst "RDI" */
#define NV_XF_LTC_SLOTS     0x20    /* inferred: ctx.rst lists up to 0x14 */
#define NV_XF_MODE_VECS     2       /* Rankine: two XFMODE vectors */
#define NV_XF_XTRA_VECS     2
#define NV_XF_REGS          32
#define NV_XF_TBUF          16
#define NV_XF_STACK         8
#define NV_XF_QUEUE         8       /* XF2VTX records held for VTX */
#define NV_XF_PASSTHRU      32      /* PASSTHRU words held for VTX */

/* XF's own limit where the hardware has no TIMEOUT (Kelvin): inferred. */
#define NV_XF_KELVIN_MAX_INSNS  0x10000

/* A decoded instruction: every field of isa.rst's table, ISA-neutral. */
typedef struct NVXfSrc {
    uint8_t mux;                /* 1 temp, 2 IBUF, 3 XFCTX; 0 inferred 0 */
    uint8_t reg;
    uint8_t swz[4];             /* source component for X, Y, Z, W */
    bool neg, abs;
} NVXfSrc;

typedef struct NVXfInsn {
    bool end, ctx_indexed, ibuf_indexed, out_indexed, sat;
    bool out_to_ctx;            /* OUT_TARGET; NV40+ outputs only TBUF */
    bool out_is_sca;            /* output gets the scalar result (Kelvin) */
    bool both_out;              /* Rankine/combined: both results go out */
    uint16_t out_addr;
    uint8_t out_wm_vec, out_wm_sca;
    uint8_t dst_vec, dst_sca;   /* temp index; >= NV_XF_REGS: none */
    uint8_t dst_wm_vec, dst_wm_sca;
    NVXfSrc src[3];
    uint8_t ibuf_addr;
    uint16_t ctx_addr;
    uint8_t op_vec, op_sca;
    uint8_t asrc, asrc_swz;
    uint8_t csrc_swz[4];
    uint8_t cond_test;
    bool cond_enable, cdst_write, cdst_is_vec;
    uint8_t csrcdst;
    uint16_t target;            /* BRA/CAL target */
} NVXfInsn;

/*
 * A source as the interpreter reads it, derived from NVXfSrc at decode:
 * vector @idx of the space @space (XfRun's table in xf.c: zero, temps,
 * IBUF, XFCTX), or the address register added first when @indexed; then
 * each component v[swz[c]] & @and_mask ^ @xor_mask (ABS, then NEG).
 * @plain: not indexed, and swizzle and masks leave the vector as it is.
 */
typedef struct NVXfOpSrc {
    uint8_t space;
    bool indexed, plain;
    uint16_t idx;
    uint8_t swz[4];
    uint32_t and_mask, xor_mask;
} NVXfOpSrc;

/*
 * An instruction ready to run: the decoded fields plus what xf.c works out
 * from them once, when the instruction is decoded, instead of at every
 * step.  Rebuilt with the rest of code[], never migrated.
 */
typedef struct NVXfOp {
    NVXfInsn in;
    NVXfOpSrc src[3];
    uint8_t reads;              /* bit i: the ops read SRCi */
    uint8_t vec, sca;           /* the ops; 0 (NOP) where this ISA has none */
    bool has_vec, has_sca;      /* the units produce a result */
    bool areg, flow;            /* ARL/ARR/ARA; BRA/CAL/RET/PUSHA/POPA */
    uint8_t wm_vec, wm_sca;     /* temp write masks; 0 for "no temp" */
    uint8_t cc_from;            /* 0: no CC write, 1: vector, 2: scalar */
    uint8_t cc_wm;              /* the components CC takes */
    bool more;                  /* scalar, AREG, CC, SAT or a condition */
    bool mad;                   /* MUL, ADD or MAD */
    bool direct;                /* only a whole vector result to a temp */
    uint8_t step;               /* xf.c's STEP_*: the run loop's handler */
} NVXfOp;

/* XF float arithmetic (xf-float.c).  @rankine selects Rankine+ rules. */
uint32_t nv_xf_flush(uint32_t a);
/* The value XF reads from @a (denormals as zero), as a double. */
double nv_xf_to_double(uint32_t a);
uint32_t nv_xf_lt22(uint32_t a);
/* The adder on @n <= 4 terms (facts.md; xf-float.c has the rules). */
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
 * be denormal is a zero of the result's sign (facts.md).
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

static inline uint32_t nv_xf_mul(uint32_t a, uint32_t b, bool rankine)
{
    uint32_t ea = (a >> 23) & 0xff, eb = (b >> 23) & 0xff;
    uint32_t sign = (a ^ b) & 0x80000000u;
    uint64_t p;

    /* ZERO_WINS (facts.md): a zero or denormal factor gives +0, even
     * against NaN or infinity. */
    if (!ea || !eb) {
        return 0;
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
                                 bool rankine)
{
    uint32_t ea = (a >> 23) & 0xff, eb = (b >> 23) & 0xff;
    uint32_t ec = (c >> 23) & 0xff, ep, hi, mp;
    uint64_t p;

    if (ea - 1 >= 254 || eb - 1 >= 254 || ec - 1 >= 254) {
        return nv_xf_add(nv_xf_mul(a, b, rankine), c, rankine);
    }
    p = (uint64_t)((a & 0x7fffff) | 0x800000) * ((b & 0x7fffff) | 0x800000);
    hi = p >> 47;
    ep = ea + eb - 127 + hi;
    if (ep - 1 >= 254) {
        return nv_xf_add(nv_xf_mul(a, b, rankine), c, rankine);
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
uint32_t nv_xf_rcp(uint32_t a);
uint32_t nv_xf_rcc(uint32_t a);
uint32_t nv_xf_rsq(uint32_t a);
void nv_xf_exp(uint32_t a, uint32_t r[4]);
void nv_xf_log(uint32_t a, bool rankine, uint32_t r[4]);
void nv_xf_lit(const uint32_t s[4], uint32_t r[4]);
uint32_t nv_xf_ex2(uint32_t a);
uint32_t nv_xf_lg2(uint32_t a);
uint32_t nv_xf_sin(uint32_t a);
uint32_t nv_xf_cos(uint32_t a);

/* XFREG's size (xf-isa.c): the decoder maps temps past it to none. */
unsigned nv_xf_temps(NVXfIsa isa);
/* Decoders (xf-isa.c): @w is the instruction, bit n in w[n / 32]. */
void nv_xf_decode(NVXfIsa isa, const uint32_t w[NV_XF_PR_WORDS],
                  NVXfInsn *insn);
/* Encode @in in ISA @isa: what the ISA has no field for is dropped. */
void nv_xf_encode(NVXfIsa isa, const NVXfInsn *in,
                  uint32_t w[NV_XF_PR_WORDS]);
/* Re-encode an instruction of ISA @from in ISA @to (upload conversion). */
void nv_xf_convert(NVXfIsa from, NVXfIsa to, const uint32_t in[NV_XF_PR_WORDS],
                   uint32_t out[NV_XF_PR_WORDS]);

/* One processed vertex: the TBUF as the program left it. */
typedef struct NVXfVertex {
    uint32_t tbuf[NV_XF_TBUF][4];
} NVXfVertex;

typedef enum NVXfCc {
    NV_XF_CC_E, NV_XF_CC_L, NV_XF_CC_G, NV_XF_CC_U,
} NVXfCc;

typedef struct NVXf {
    /* Guest-visible state: migrated. */
    uint32_t vab[NV_XF_VAB_SLOTS][4];
    uint32_t ctx[NV_XF_CTX_SLOTS][4];
    /* XFPR in the native encoding; bit n in [n / 32]. */
    uint32_t pr[NV_XF_PR_SLOTS][NV_XF_PR_WORDS];
    uint32_t ltctx[NV_XF_LTCTX_SLOTS][4];
    uint32_t ltc[4][NV_XF_LTC_SLOTS];
    uint32_t mode[NV_XF_MODE_VECS][4];
    uint32_t xtra[NV_XF_XTRA_VECS][4];
    uint32_t timeout;           /* Rankine: 16 bits; set through XTRA/RDI */
    uint8_t upload_isa;         /* NVXfIsa of XFPR uploads (class-chosen) */
    bool side_effects;          /* vertex programs may write XFCTX */
    uint32_t prog_start;        /* NV40+: the XF_PROG bundle's start PC */
    NVXfVertex queue[NV_XF_QUEUE];
    uint32_t q_head, q_count;
    uint32_t passthru[NV_XF_PASSTHRU];  /* PASSTHRU payloads for VTX */
    uint32_t pt_head, pt_count;
    uint32_t last_icnt;         /* instructions run by the last program */
    bool last_timed_out;

    /* Derived from pr[] (nv_xf_post_load rebuilds it): not migrated. */
    NVXfIsa isa;
    NVXfOp code[NV_XF_PR_SLOTS];
} NVXf;

void nv_xf_reset(NVXf *xf, NVXfIsa isa);
/* After migration: rebuild code[] from pr[], sanitise the ring indices. */
void nv_xf_post_load(NVXf *xf);
/* A write command.  @card (may be NULL) receives guest-error logs. */
void nv_xf_write(NVXf *xf, NVCard *card, const NVXfCmd *cmd);
/* A read command of one word; unreadable types log and return 0. */
uint32_t nv_xf_read(NVXf *xf, NVCard *card, const NVXfCmd *cmd);
/* Vertex trigger: run the vertex program on the VAB. */
void nv_xf_vertex(NVXf *xf, NVCard *card);
/* Take the oldest processed vertex; false when the queue is empty. */
bool nv_xf_pop_vertex(NVXf *xf, NVXfVertex *v);
/* Take the oldest PASSTHRU word; false when there is none. */
bool nv_xf_pop_passthru(NVXf *xf, uint32_t *word);
/*
 * RDI access to XF's RAMs (space 0x10 XFPR, 0x15 VAB, 0x17 XFCTX, 0x18
 * LTCTX; @offset in bytes).  False for spaces or slots we do not model.
 */
bool nv_xf_rdi_write(NVXf *xf, unsigned space, uint32_t offset, uint32_t val);
bool nv_xf_rdi_read(NVXf *xf, unsigned space, uint32_t offset, uint32_t *val);
/* Slot count of XFCTX and XFPR for the ISA. */
unsigned nv_xf_ctx_slots(NVXfIsa isa);
unsigned nv_xf_pr_slots(NVXfIsa isa);

#endif
