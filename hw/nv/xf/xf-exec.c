/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the XF program interpreter (envytools docs/hw/graph/xf/isa.rst
 * "Program execution environment", "Instructions"): XFPR slots decoded
 * into NVXfOp when written, and runs of vertex state programs and vertex
 * programs (docs/xf.rst "Execution").
 *
 * A program's private state (IBUF, XFREG, AREG, CREG, stack, ICNT) lives on
 * the C stack for the length of one run: XFREG is therefore all-zero at
 * every start, as docs/hw/graph/xf/isa.rst says it is after every execution
 * and reset.  Everything the run loop does per instruction is in this file or
 * static inline in xf-float.h, so that the compiler can inline it.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hw/nv/xf/xf-float.h"
#include "hw/nv/xf/xf-isa.h"
#include "xf-internal.h"

/* ---- Decoding: XFPR slot to NVXfOp ---- */

/* The source spaces of NVXfOpSrc (space_of() has where each is). */
enum {
    SPACE_ZERO, SPACE_TEMP, SPACE_IBUF, SPACE_CTX,
};

static const uint32_t zero_vec[1][4];

/* Where @space's vectors are: temps in xf->regs, IBUF in VAB. */
static const uint32_t (*space_of(const NVXf *xf, unsigned space))[4]
{
    switch (space) {
    case SPACE_TEMP:
        return (const uint32_t (*)[4])xf->regs;
    case SPACE_IBUF:
        return xf->ram.vab;
    case SPACE_CTX:
        return xf->ram.ctx;
    default:
        return zero_vec;
    }
}

/*
 * The run loop's handler for a slot (NVXfOp.step, an index into steps[]),
 * chosen by choose_step().  Each is step_full() for one shape of instruction,
 * with what the shape rules out left out; any other instruction takes
 * step_full().  Each vector kind is followed by its direct form.
 */
enum {
    STEP_FULL,
    STEP_NONE,      /* no result: a NOP, or flow control alone */
    STEP_SCA,       /* a scalar op alone */
    STEP_MAD,       /* a vector op alone: MUL, ADD or MAD */
    STEP_MAD_DIRECT,    /* the same, op->direct */
    STEP_DP,        /* DP3, DPH or DP4 */
    STEP_DP_DIRECT,
    STEP_MOV,
    STEP_MOV_DIRECT,
    STEP_CMP,       /* MIN, MAX, the set-on ops */
    STEP_CMP_DIRECT,
    STEP_VEC,       /* any other */
    STEP_VEC_DIRECT,
    STEP_MAD_FAST,  /* STEP_MAD_DIRECT, plain sources, no END */
    STEP_DP_GROUP,  /* DPs in a row on one SRC0 (dp_group()) */
    STEP_VEC_CC,    /* a vector op alone but for a CC write from it */
    STEP_RCP,       /* STEP_SCA's RCP, RSQ and LIT */
    STEP_RSQ,
    STEP_LIT,
    STEP_BRA,       /* STEP_NONE's BRA, CAL and RET without END */
    STEP_CAL,
    STEP_RET,
};

/* The longest run of DPs one step takes: nv_xf_dp4x4()'s four. */
#define DP_GROUP_MAX    4

/* Which sources each vector op reads (bit i: SRCi); ARA and TXL none. */
static const uint8_t vec_reads[0x1a] = {
    [0x01] = 1, [0x02] = 3, [0x03] = 5, [0x04] = 7, [0x05] = 3, [0x06] = 3,
    [0x07] = 3, [0x08] = 3, [0x09] = 3, [0x0a] = 3, [0x0b] = 3, [0x0c] = 3,
    [0x0d] = 1, [0x0e] = 1, [0x0f] = 1, [0x10] = 3, [0x11] = 3, [0x12] = 3,
    [0x13] = 3, [0x14] = 3, [0x15] = 3, [0x16] = 1, [0x17] = 1,
};

/* MIN, MAX, SLT, SGE and SFL-SNE: exec_cmp()'s ops. */
static bool is_cmp(unsigned vec)
{
    return (vec >= 0x09 && vec <= 0x0c) || (vec >= 0x10 && vec <= 0x15);
}

/* Highest vector and scalar opcode of each ISA (isa.rst "Instructions"). */
static unsigned max_op(const NVXf *xf, bool vec)
{
    switch (xf->isa) {
    case NV_XF_KELVIN:
        return vec ? 0x0d : 0x07;
    case NV_XF_RANKINE:
        return vec ? 0x18 : 0x10;
    default:
        return vec ? 0x19 : 0x14;
    }
}

/*
 * The handler for @op.  A vector op alone is one with a result and no
 * scalar op, SAT, CC write, condition (!op->more) or flow control, so
 * that all step_full() does after the op is write_result() (or nothing,
 * op->direct); with a CC write from its result besides, update_cc()
 * comes first.  A scalar op alone has no vector op, AREG op, SAT, CC
 * write or condition: exec_sca() and write_result() are all.  With
 * neither unit giving a result, nor an AREG op, there is nothing to
 * write (SAT and the condition act on results only, CC is written from
 * a result): all that is left is flow control.  A direct MUL, ADD or MAD
 * on plain sources without END is STEP_MAD_FAST.
 */
static uint8_t choose_step(const NVXfOp *op)
{
    const NVXfInsn *in = &op->in;
    unsigned kind;

    if (op->has_vec) {
        if (op->flow) {
            return STEP_FULL;
        }
        if (op->more) {
            /* Only the CC write from the vector result: a loop count. */
            return op->cc_from == 1 && !op->has_sca && !in->sat &&
                   !in->cond_enable ? STEP_VEC_CC : STEP_FULL;
        }
        kind = op->mad ? STEP_MAD :
               op->vec >= 0x05 && op->vec <= 0x07 ? STEP_DP :
               op->vec == 0x01 ? STEP_MOV :
               is_cmp(op->vec) ? STEP_CMP : STEP_VEC;
        if (op->mad && op->direct && !in->end && op->src[0].plain &&
            op->src[1].plain && op->src[2].plain) {
            return STEP_MAD_FAST;
        }
        return kind + op->direct;
    }
    if (op->areg) {
        return STEP_FULL;
    }
    if (op->has_sca) {
        if (op->cc_from || in->sat || in->cond_enable) {
            return STEP_FULL;
        }
        return op->sca == 0x02 ? STEP_RCP : op->sca == 0x04 ? STEP_RSQ :
               op->sca == 0x07 ? STEP_LIT : STEP_SCA;
    }
    if (!in->end) {
        switch (op->sca) {
        case 0x09:
            return STEP_BRA;
        case 0x0b:
            return STEP_CAL;
        case 0x0c:
            return STEP_RET;
        }
    }
    return STEP_NONE;
}

/* Rankine's XFMODE_B (MODE vector 0 word 2; envytools mode.rst). */
static uint32_t mode_b(const NVXf *xf)
{
    return xf->isa == NV_XF_RANKINE ? xf->ram.mode[0][2] : 0;
}

/*
 * Whether the second-generation features are on (docs/xf.rst "VP2
 * mode"): always on Curie, never on Kelvin; on Rankine with XFMODE_B's
 * MODE (bits 30-31) 1 or 3 and a Rankine class in use.  XF sees the class
 * as the ISA it takes uploads in, which the class chooses (docs/xf.rst
 * "Inferred behaviour").
 */
static bool vp2_active(const NVXf *xf)
{
    if (xf->isa != NV_XF_RANKINE) {
        return !nv_xf_is_kelvin(xf);
    }
    return (mode_b(xf) >> 30 & 1) && xf->upload_isa != NV_XF_KELVIN;
}

/* The arithmetic rules: Rankine's MODERN ones with XFMODE_B bit 17. */
static NVXfRules rules_of(const NVXf *xf)
{
    return nv_xf_is_kelvin(xf) ? NV_XF_RULES_KELVIN :
           mode_b(xf) >> 17 & 1 ? NV_XF_RULES_MODERN : NV_XF_RULES_RANKINE;
}

/* Whether @a and @b read the same vector the same way. */
static bool same_src(const NVXfOpSrc *a, const NVXfOpSrc *b)
{
    return a->space == b->space && a->idx == b->idx &&
           a->indexed == b->indexed && !memcmp(a->swz, b->swz, 4) &&
           a->and_mask == b->and_mask && a->xor_mask == b->xor_mask;
}

/* A DP that may be a member of a group: a vector op alone, no XFCTX
 * output (a later member might read it). */
static bool dp_member(const NVXfOp *op)
{
    unsigned step = choose_step(op);

    return (step == STEP_DP || step == STEP_DP_DIRECT) &&
           !(op->in.out_to_ctx && op->out_wm_vec);
}

/*
 * How many instructions from @pc on run as one DP group: DP3s, DPHs or
 * DP4s (all one op) in a row, with one SRC0 not read through the address
 * register (or one SRC1: DP3 and DP4 give the same for their sources
 * swapped, products and sum being symmetric; DPH does not), within the
 * ISA's slots, where only the last may END and none reads a temp an
 * earlier one writes; *@shared says which source they share.  The group
 * computes every dot product first, then writes the results in program
 * order, which is what running them one by one does: nothing a member
 * writes is read by a later one.  Matrix transforms are such runs
 * (docs/xf.rst "Execution"), the matrix's rows in SRC0 or in SRC1.
 */
static unsigned dp_group(const NVXf *xf, unsigned pc, uint8_t *shared)
{
    const NVXfOp *op = &xf->code[pc];
    unsigned slots = nv_xf_pr_slots(xf->isa), k, i;
    uint64_t written = 0;

    *shared = 0;
    if (!dp_member(op) || pc + 1 >= slots) {
        return 1;
    }
    i = *shared = !same_src(&op[1].src[0], &op->src[0]) && op->vec != 0x06;
    if (op->src[i].indexed) {
        return 1;
    }
    for (k = 1; k < DP_GROUP_MAX && pc + k < slots; k++) {
        const NVXfOp *m = &op[k];

        if (m[-1].in.end || !dp_member(m) || m->vec != op->vec ||
            !same_src(&m->src[i], &op->src[i])) {
            break;
        }
        written |= m[-1].wm_vec ? 1ull << m[-1].in.dst_vec : 0;
        if ((m->src[0].space == SPACE_TEMP &&
             written >> m->src[0].idx & 1) ||
            (m->src[1].space == SPACE_TEMP &&
             written >> m->src[1].idx & 1)) {
            break;
        }
    }
    return k;
}

/* Whether @a and @b write their results to the same output vector. */
static bool same_out(const NVXfInsn *a, const NVXfInsn *b)
{
    return a->out_addr == b->out_addr && a->out_to_ctx == b->out_to_ctx &&
           a->out_indexed == b->out_indexed &&
           (!a->out_indexed ||
            (a->asrc == b->asrc && a->asrc_swz == b->asrc_swz));
}

/*
 * Whether the group at @op writes as a matrix transform does: member j
 * (if at all) lane j of the head's temp and of the head's output.  Its
 * dot products in lanes 0-3 of one vector are then its results, written
 * under the union of the write masks at once.
 */
static bool group_diagonal(const NVXfOp *op)
{
    for (unsigned j = 0; j < op->group; j++) {
        const NVXfOp *m = &op[j];

        if ((m->wm_vec && (m->wm_vec != 8 >> j ||
                           m->in.dst_vec != op->in.dst_vec)) ||
            (m->out_wm_vec && (m->out_wm_vec != 8 >> j ||
                                  !same_out(&m->in, &op->in)))) {
            return false;
        }
    }
    return true;
}

/*
 * Slot @pc has changed: the groups of the slots up to DP_GROUP_MAX - 1
 * before it, which may take it in, and its own.  A slot past @pc not yet
 * decoded (nv_xf_decode_all() goes upwards) is met again when it is.
 */
static void group_before(NVXf *xf, unsigned pc)
{
    unsigned q = pc >= DP_GROUP_MAX - 1 ? pc - (DP_GROUP_MAX - 1) : 0;

    for (; q <= pc; q++) {
        NVXfOp *op = &xf->code[q];

        op->group = dp_group(xf, q, &op->group_src);
        op->step = op->group > 1 ? STEP_DP_GROUP : choose_step(op);
        op->group_wm = op->group_out_wm = 0;
        if (op->group > 1 && group_diagonal(op)) {
            for (unsigned j = 0; j < op->group; j++) {
                op->group_wm |= op[j].wm_vec;
                op->group_out_wm |= op[j].out_wm_vec;
            }
            op->group_diag = true;
        } else {
            op->group_diag = false;
        }
    }
}

/*
 * Temp @idx is read, or written under mask @wm: runs clear the temps up to
 * it (xf->temps only grows until nv_xf_decode_all() starts afresh; a
 * program reads no temp beyond it, so clearing those would be wasted).
 */
static void note_temp(NVXf *xf, unsigned idx, unsigned wm)
{
    if (wm && idx < NV_XF_REGS && idx >= xf->temps) {
        xf->temps = idx + 1;
    }
}

/*
 * Decode XFPR slot @pc and work out, once, what every run of it needs:
 * the ops this ISA has, which units give results, where the sources are,
 * the swizzle and modifier masks, the effective write masks.
 */
void nv_xf_decode_slot(NVXf *xf, unsigned pc)
{
    NVXfOp *op = &xf->code[pc];
    const NVXfInsn *in = &op->in;
    unsigned i;
    bool drop;

    nv_xf_decode(xf->isa, xf->ram.pr[pc], &op->in);
    op->vec = in->op_vec <= max_op(xf, true) ? in->op_vec : 0;
    op->sca = in->op_sca <= max_op(xf, false) ? in->op_sca : 0;
    /* Without VP2, FRC-SSG and LG2-COS are NOPs (docs/xf.rst "VP2 mode"). */
    if (!xf->vp2 && op->vec >= 0x0e && op->vec <= 0x16) {
        op->vec = 0;
    }
    if (!xf->vp2 && op->sca >= 0x0d && op->sca <= 0x10) {
        op->sca = 0;
    }
    op->areg = op->vec == 0x0d || op->vec == 0x17 || op->vec == 0x18;
    op->has_vec = op->vec && !op->areg;
    op->has_sca = (op->sca >= 0x01 && op->sca <= 0x07) ||
                  (op->sca >= 0x0d && op->sca <= 0x10);
    op->flow = op->sca == 0x09 || op->sca == 0x0b || op->sca == 0x0c ||
               op->sca == 0x13 || op->sca == 0x14;
    op->reads = vec_reads[op->vec] | (op->has_sca ? 4 : 0);
    op->wm_vec = in->dst_vec < NV_XF_REGS ? in->dst_wm_vec : 0;
    op->wm_sca = in->dst_sca < NV_XF_REGS ? in->dst_wm_sca : 0;
    /* Curie gives every result an output mask, mostly to no output. */
    drop = !in->out_indexed &&
           in->out_addr >= (in->out_to_ctx ? nv_xf_ctx_slots(xf->isa)
                                           : NV_XF_TBUF);
    op->out_wm_vec = drop ? 0 : in->out_wm_vec;
    op->out_wm_sca = drop ? 0 : in->out_wm_sca;
    note_temp(xf, in->dst_vec, op->wm_vec);
    note_temp(xf, in->dst_sca, op->wm_sca);
    op->vdst = xf->regs[op->wm_vec ? in->dst_vec : NV_XF_REGS];
    op->sdst = xf->regs[op->wm_sca ? in->dst_sca : NV_XF_REGS];
    op->cc_from = !in->cdst_write ? 0 : in->cdst_is_vec ? op->has_vec :
                  op->has_sca ? 2 : 0;
    op->cc_wm = in->cdst_is_vec ? in->dst_wm_vec | in->out_wm_vec
                                : in->dst_wm_sca | in->out_wm_sca;
    op->more = op->has_sca || op->areg || op->cc_from || in->sat ||
               in->cond_enable;
    op->mad = op->vec >= 0x02 && op->vec <= 0x04;
    op->direct = op->has_vec && !op->more && op->wm_vec == 0xf &&
                 !op->out_wm_vec;
    for (i = 0; i < 3; i++) {
        const NVXfSrc *s = &in->src[i];
        NVXfOpSrc *o = &op->src[i];
        /* Without VP2 the SRCn_ABS bits are ignored. */
        bool abs = s->abs && xf->vp2;

        /* A source the ops do not read is the zero vector, in place. */
        if (!(op->reads & (1 << i))) {
            *o = (NVXfOpSrc) { .vec = zero_vec[0], .plain = true };
            continue;
        }
        *o = (NVXfOpSrc) {
            .and_mask = abs ? ~SIGN : ~0u,
            .xor_mask = s->neg ? SIGN : 0,
        };
        memcpy(o->swz, s->swz, 4);
        switch (s->mux) {
        case 1:
            o->space = SPACE_TEMP;
            o->idx = s->reg;
            break;
        case 2:
            o->space = SPACE_IBUF;
            o->idx = in->ibuf_addr;
            o->indexed = in->ibuf_indexed;
            break;
        case 3:
            o->indexed = in->ctx_indexed;
            if (o->indexed || in->ctx_addr < nv_xf_ctx_slots(xf->isa)) {
                o->space = SPACE_CTX;
                o->idx = in->ctx_addr;
            }
            break;
        }
        note_temp(xf, o->space == SPACE_TEMP ? o->idx : NV_XF_REGS, 1);
        o->vec = space_of(xf, o->space)[o->indexed ? 0 : o->idx];
        o->plain = !o->indexed && !abs && !s->neg && s->swz[0] == 0 &&
                   s->swz[1] == 1 && s->swz[2] == 2 && s->swz[3] == 3;
        o->bcast = s->swz[1] == s->swz[0] && s->swz[2] == s->swz[0] &&
                   s->swz[3] == s->swz[0];
    }
    group_before(xf, pc);
}

void nv_xf_decode_all(NVXf *xf)
{
    xf->pr_slots = nv_xf_pr_slots(xf->isa);
    xf->ctx_slots = nv_xf_ctx_slots(xf->isa);
    xf->temps = 0;
    xf->vp2 = vp2_active(xf);
    for (unsigned pc = 0; pc < NV_XF_PR_SLOTS; pc++) {
        nv_xf_decode_slot(xf, pc);
    }
}

/* ---- Program execution ---- */

#define NV_XF_STACK         8
/* XF's own limit where the hardware has no TIMEOUT (Kelvin): inferred. */
#define NV_XF_KELVIN_MAX_INSNS  0x10000

typedef enum NVXfCc {
    NV_XF_CC_E, NV_XF_CC_L, NV_XF_CC_G, NV_XF_CC_U,
} NVXfCc;

typedef struct XfStackEntry {
    const NVXfOp *ret;              /* CAL's: the slot after it */
    int32_t a[4];                   /* AREG as XfRun has it: one copy */
} XfStackEntry;

typedef struct XfRun {
    NVXf *xf;
    NVCard *card;
    NVXfRules rules;        /* docs/xf.rst "Arithmetic", "Modern rules" */
    bool may_write_ctx;
    unsigned ctx_slots;
    int32_t a[2][4];
    uint8_t cc[2][4];
    XfStackEntry stack[NV_XF_STACK];
    unsigned sp;
    const NVXfOp *code, *end;       /* XFPR's slots; end: past them */
    uint32_t past_pc;               /* the pc @end stands for */
    uint32_t (*tbuf)[4];            /* NV_XF_TBUF vectors */
} XfRun;

/*
 * Sources are read into host vector registers (NVXfVec4), and results
 * are built there and stored at once.  The next instruction reads them
 * back whole, and a host forwards a 16-byte load from one store but not
 * from four word stores (it waits for them to reach the cache): a gather
 * stored word by word cost 3% of a bench-xf Curie vertex.
 */
static inline void vec_store(uint32_t *p, NVXfVec4 v)
{
    memcpy(p, &v, sizeof(v));
}

/*
 * nv_xf_cmp()'s keys (sign-magnitude order, equal only when the bits
 * are) with the sign bit flipped, so that they compare as signed
 * integers: a non-negative value as it is, a negative one with its
 * magnitude bits inverted.
 */
typedef int32_t XfKeys __attribute__((vector_size(16)));

static inline XfKeys cmp_key(NVXfVec4 v)
{
    XfKeys k = (XfKeys)v;

    return k ^ ((k >> 31) & 0x7fffffff);
}

/* isa.rst: AREG is 9-bit on Kelvin, 10-bit on Rankine; Curie "???": 11. */
static int32_t areg_clamp(const XfRun *run, double v)
{
    int32_t lim = nv_xf_is_kelvin(run->xf) ? 256 :
                  run->xf->isa == NV_XF_RANKINE ? 512 : 1024;

    if (isnan(v)) {
        return 0;
    }
    return v < -lim ? -lim : v > lim - 1 ? lim - 1 : (int32_t)v;
}

static int32_t areg(const XfRun *run, const NVXfInsn *in)
{
    return run->a[in->asrc][in->asrc_swz];
}

/* A source's vector, indexed by the address register: 0 outside. */
static const uint32_t *indexed_vec(const XfRun *run, const NVXfOp *op,
                                   const NVXfOpSrc *s)
{
    int64_t idx = s->idx + areg(run, &op->in);
    unsigned n = s->space == SPACE_IBUF ? 16 : run->ctx_slots;

    return idx >= 0 && idx < n ? space_of(run->xf, s->space)[idx]
                               : zero_vec[0];
}

/* A source through the address register, swizzle or modifiers. */
static inline NVXfVec4 read_src_full(const XfRun *run, const NVXfOp *op,
                                     const NVXfOpSrc *s)
{
    const uint32_t *v = G_UNLIKELY(s->indexed) ? indexed_vec(run, op, s)
                                               : s->vec;
    const uint32_t am = s->and_mask, xm = s->xor_mask;

    /* One component four times (.xxxx and the like), the commonest
     * swizzle after none: read and modified once. */
    if (s->bcast) {
        return (NVXfVec4) { 0, 0, 0, 0 } + ((v[s->swz[0]] & am) ^ xm);
    }
    return ((NVXfVec4) { v[s->swz[0]], v[s->swz[1]], v[s->swz[2]],
                         v[s->swz[3]] } & am) ^ xm;
}

/* SRC@i's value; a plain source is one load. */
static inline NVXfVec4 read_src(const XfRun *run, const NVXfOp *op,
                                unsigned i)
{
    const NVXfOpSrc *s = &op->src[i];

    if (G_LIKELY(s->plain)) {
        return nv_xf_load4(s->vec);
    }
    return read_src_full(run, op, s);
}

static uint8_t cc_code(uint32_t v)
{
    if ((v & 0x7f800000u) == 0x7f800000u && (v & 0x7fffff)) {
        return NV_XF_CC_U;
    }
    if (!(v & 0x7f800000u)) {
        return NV_XF_CC_E;
    }
    return v & SIGN ? NV_XF_CC_L : NV_XF_CC_G;
}

/*
 * Under COND_ENABLE, whether component @c's condition passes.  COND_TEST:
 * FL LT EQ LE GT NE GE TR, as sets of codes (E, L, G, U).
 */
static inline unsigned cond_passes(const XfRun *run, const NVXfInsn *in,
                                   unsigned c)
{
    static const uint8_t pass[8] = {
        0x0, 0x2, 0x1, 0x3, 0x4, 0xe, 0x5, 0xf,
    };

    return pass[in->cond_test] >> run->cc[in->csrcdst][in->csrc_swz[c]] & 1;
}

/* The components (bit 3 = X) whose condition passes. */
static unsigned cond_mask(const XfRun *run, const NVXfInsn *in)
{
    unsigned c, m = 0;

    for (c = 0; c < 4; c++) {
        m |= cond_passes(run, in, c) << (3 - c);
    }
    return m;
}

/* Address-register ops write AREG, not a result: ARL, ARR, ARA. */
static void exec_areg(XfRun *run, const NVXfOp *op, NVXfVec4 s0)
{
    const NVXfInsn *in = &op->in;
    int32_t *a = run->a[in->asrc], old[4];
    /* Kelvin's single register is A0.x (isa.rst). */
    unsigned wm = (nv_xf_is_kelvin(run->xf) ? 8 : in->dst_wm_vec) &
                  (in->cond_enable ? cond_mask(run, in) : 0xf);
    unsigned c;

    memcpy(old, a, sizeof(old));
    for (c = 0; c < 4; c++) {
        if (!(wm & (8 >> c))) {
            continue;
        }
        switch (op->vec) {
        case 0x0d:
            a[c] = areg_clamp(run, nv_xf_floor(nv_xf_to_double(s0[c])));
            break;
        case 0x17:
            a[c] = areg_clamp(run, nv_xf_floor(nv_xf_to_double(s0[c]) + 0.5));
            break;
        default:    /* ARA: x += z, y += w of the register itself */
            a[c] = c < 2 ? areg_clamp(run, (double)old[c] + old[c + 2])
                         : old[c];
            break;
        }
    }
}

/*
 * exec_mad() lane by lane, through the scalar functions.  Rare (specials,
 * denormals, the range's ends): out of line, it leaves the steps lean.
 */
static __attribute__((noinline))
void exec_mad_lanes(uint8_t vec, NVXfVec4 a, NVXfVec4 b, NVXfVec4 c,
                    uint32_t r[4], NVXfRules rk)
{
    NVXfVec4 v;

    for (unsigned i = 0; i < 4; i++) {
        v[i] = vec == 0x02 ? nv_xf_mul(a[i], b[i], rk) :
               vec == 0x03 ? nv_xf_add(a[i], c[i], rk) :
               nv_xf_mad(a[i], b[i], c[i], rk);
    }
    vec_store(r, v);
}

/*
 * MUL, ADD (SRC0 + SRC2, docs/xf.rst "Arithmetic") and MAD (the product
 * truncated first, then the adder): four lanes at once through nv_xf_mul4
 * or nv_xf_mad4, ADD as a MAD multiplying by 1.0; the scalar functions
 * when a lane has a special, a denormal or a result near the range's ends.
 */
static inline __attribute__((always_inline))
void exec_mad(uint8_t vec, NVXfVec4 a, NVXfVec4 b, NVXfVec4 c,
              uint32_t r[4], NVXfRules rk)
{
    const NVXfVec4 one = { ONE, ONE, ONE, ONE };

    /* ADD's own copy of nv_xf_mad4, in which the 1.0 folds. */
    if (!G_LIKELY(vec == 0x02 ? nv_xf_mul4(a, b, r) :
                  vec == 0x03 ? nv_xf_mad4(a, one, c, r)
                              : nv_xf_mad4(a, b, c, r))) {
        exec_mad_lanes(vec, a, b, c, r, rk);
    }
}

/*
 * A DP through the multiplier and the adder, out of line as
 * exec_mad_lanes() is: the steps keep fewer registers to save.
 */
static __attribute__((noinline))
uint32_t exec_dp_lanes(uint8_t vec, NVXfVec4 a, NVXfVec4 b, NVXfRules rk)
{
    uint32_t t[4];

    for (unsigned c = 0; c < 4; c++) {
        /* DPH: the w term is 1.0 * SRC1.w through the multiplier. */
        t[c] = nv_xf_mul(vec == 0x06 && c == 3 ? ONE : a[c], b[c], rk);
    }
    return nv_xf_sum(t, vec == 0x05 ? 3 : 4, rk);
}

/* DP3, DP4 and DPH: the 4-lane form, else exec_dp_lanes(). */
static inline __attribute__((always_inline))
void exec_dp(uint8_t vec, NVXfVec4 a, NVXfVec4 b, uint32_t r[4],
             NVXfRules rk)
{
    uint32_t d;

    if (!nv_xf_dp4(a, b, vec == 0x05 ? 3 : 4, vec == 0x06, &d)) {
        d = exec_dp_lanes(vec, a, b, rk);
    }
    vec_store(r, (NVXfVec4) { d, d, d, d });
}

/*
 * MIN, MAX and the set-on ops (is_cmp()) compare SRC0 with SRC1, all
 * lanes at once in nv_xf_cmp()'s order (cmp_key()).  Under the MODERN
 * rules zeros and denormals compare as +0 and a NaN operand gives a NaN
 * (docs/xf.rst "Modern rules").
 */
static inline __attribute__((always_inline))
void exec_cmp(uint8_t vec, NVXfVec4 a, NVXfVec4 b, uint32_t r[4],
              NVXfRules rk)
{
    const NVXfVec4 one = { ONE, ONE, ONE, ONE };
    NVXfVec4 ka = a, kb = b;
    NVXfVec4 lt, gt, v, nan = { 0, 0, 0, 0 };

    if (G_UNLIKELY(rk == NV_XF_RULES_MODERN)) {
        ka = a & (NVXfVec4)((a & EXP_BITS) != 0);
        kb = b & (NVXfVec4)((b & EXP_BITS) != 0);
        nan = (NVXfVec4)((a & ~SIGN) > EXP_BITS) |
              (NVXfVec4)((b & ~SIGN) > EXP_BITS);
    }
    lt = (NVXfVec4)(cmp_key(ka) < cmp_key(kb));
    gt = (NVXfVec4)(cmp_key(ka) > cmp_key(kb));
    switch (vec) {
    case 0x09:
        v = (a & lt) | (b & ~lt);
        break;
    case 0x0a:
        v = (b & lt) | (a & ~lt);
        break;
    case 0x0b:
        v = one & lt;
        break;
    case 0x0c:
        v = one & ~lt;
        break;
    case 0x10:
        v = one & ~(lt | gt);
        break;
    case 0x11:
        vec_store(r, (NVXfVec4) { 0, 0, 0, 0 });
        return;
    case 0x12:
        v = one & gt;
        break;
    case 0x13:
        v = one & ~gt;
        break;
    case 0x14:
        v = one & (lt | gt);
        break;
    default:    /* 0x15 STR */
        vec_store(r, one);
        return;
    }
    vec_store(r, (v & ~nan) | ((NVXfVec4) { QNAN, QNAN, QNAN, QNAN } & nan));
}

/*
 * FRC, FLR and SSG, lane by lane: out of line, so that exec_vec()'s
 * steps keep fewer registers to save.
 */
static __attribute__((noinline))
void exec_vec_lanes(uint8_t vec, NVXfVec4 a, uint32_t r[4], NVXfRules rk)
{
    NVXfVec4 v;

    for (unsigned c = 0; c < 4; c++) {
        uint32_t x = a[c], f;

        switch (vec) {
        case 0x0e:  /* FRC = x + -FLR(x) */
            f = nv_xf_flr(x);
            v[c] = nv_xf_add(x, f ^ SIGN, true);
            break;
        case 0x0f:
            v[c] = nv_xf_flr(x);
            break;
        default:    /* 0x16 SSG */
            v[c] = nv_xf_ssg(x, rk);
            break;
        }
    }
    vec_store(r, v);
}

/*
 * The vector unit on SRC0 @a and SRC1 @b, for the ops that give a result
 * (op->has_vec).  @r may be a source's own vector (op->direct): the
 * sources are values, read before it is written.
 */
static inline __attribute__((always_inline))
void exec_vec(XfRun *run, const NVXfOp *op, NVXfVec4 a, NVXfVec4 b,
              uint32_t r[4])
{
    NVXfRules rk = run->rules;

    switch (op->vec) {
    case 0x01:
        vec_store(r, a);
        return;
    case 0x05:
    case 0x06:
    case 0x07:
        exec_dp(op->vec, a, b, r, rk);
        return;
    case 0x08:  /* DST (docs/xf.rst "Arithmetic") */
        vec_store(r, (NVXfVec4) { ONE, nv_xf_mul(a[1], b[1], rk), a[2],
                                  b[3] });
        return;
    case 0x19:  /* TXL: XFTEX is not modelled yet; reads zero */
        vec_store(r, (NVXfVec4) { 0, 0, 0, 0 });
        return;
    }
    /* The rest are the compares and FRC, FLR and SSG. */
    if (is_cmp(op->vec)) {
        exec_cmp(op->vec, a, b, r, rk);
    } else {
        exec_vec_lanes(op->vec, a, r, rk);
    }
}

/* The scalar unit on SRC2 @s (its swizzled X, or the vector for MOV and
 * LIT), for the ops that give a result (op->has_sca). */
static inline __attribute__((always_inline))
void exec_sca(XfRun *run, uint8_t sca, NVXfVec4 s, uint32_t r[4])
{
    uint32_t x = s[0];

    switch (sca) {
    case 0x01:  /* the whole vector (docs/xf.rst "Scalar MOV") */
        vec_store(r, s);
        return;
    case 0x02:
        x = nv_xf_rcp(x);
        break;
    case 0x03:
        x = nv_xf_rcc(x);
        break;
    case 0x04:
        x = nv_xf_rsq(x, run->rules);
        break;
    case 0x05:
        nv_xf_exp(x, r);
        return;
    case 0x06:
        nv_xf_log(x, run->rules, r);
        return;
    case 0x07:
        nv_xf_lit((const uint32_t *)&s, r);
        return;
    case 0x0d:
        x = nv_xf_lg2(x);
        break;
    case 0x0e:
        x = nv_xf_ex2(x);
        break;
    case 0x0f:
        x = nv_xf_sin(x);
        break;
    default:    /* 0x10 COS */
        x = nv_xf_cos(x);
        break;
    }
    vec_store(r, (NVXfVec4) { x, x, x, x });
}

/* SAT (Curie): clamp to [0, 1]; NaN saturates to 0 (inferred). */
static void saturate(uint32_t r[4])
{
    for (unsigned c = 0; c < 4; c++) {
        uint32_t v = r[c];

        if (cc_code(v) == NV_XF_CC_U || nv_xf_cmp(v, 0) <= 0) {
            r[c] = 0;
        } else if (nv_xf_cmp(v, ONE) > 0) {
            r[c] = ONE;
        }
    }
}

/* The output vector an instruction writes, or NULL where it is dropped. */
static inline uint32_t *out_vec(XfRun *run, const NVXfInsn *in)
{
    int64_t addr = in->out_addr + (in->out_indexed ? areg(run, in) : 0);

    if (in->out_to_ctx) {
        return run->may_write_ctx && addr >= 0 && addr < run->ctx_slots
               ? run->xf->ram.ctx[addr] : NULL;
    }
    return addr >= 0 && addr < NV_XF_TBUF ? run->tbuf[addr] : NULL;
}

/* Write mask @m (bit 3 = X) as a mask of each component's bits. */
#define LANES(m)    { (m) & 8 ? ~0u : 0, (m) & 4 ? ~0u : 0, \
                      (m) & 2 ? ~0u : 0, (m) & 1 ? ~0u : 0 }

static const uint32_t lanes[16][4] = {
    LANES(0), LANES(1), LANES(2), LANES(3), LANES(4), LANES(5), LANES(6),
    LANES(7), LANES(8), LANES(9), LANES(10), LANES(11), LANES(12),
    LANES(13), LANES(14), LANES(15),
};

/*
 * The components of @r that @wm selects into @v (@r is never @v), by
 * masks rather than a branch a component: the masks differ from one
 * instruction to the next.
 */
static inline void write_masked(uint32_t *v, const uint32_t r[4],
                                unsigned wm)
{
    NVXfVec4 m, t;

    memcpy(&m, lanes[wm], sizeof(m));
    memcpy(&t, v, sizeof(t));
    vec_store(v, (nv_xf_load4(r) & m) | (t & ~m));
}

/* Write one result to its temp and its output, masked and conditional. */
static inline void write_result(XfRun *run, const NVXfInsn *in,
                                const uint32_t r[4], uint32_t *dst, uint8_t wm,
                                uint8_t out_wm, unsigned cond)
{
    uint32_t *out;

    if (wm & cond) {
        write_masked(dst, r, wm & cond);
    }
    if (G_UNLIKELY(out_wm & cond)) {
        out = out_vec(run, in);
        if (out) {
            write_masked(out, r, out_wm & cond);
        }
    }
}

/* CC from @r, for the components op->cc_wm has (often only X). */
static void update_cc(XfRun *run, const NVXfOp *op, const uint32_t *r)
{
    uint8_t *cc = run->cc[op->in.csrcdst];

    for (unsigned m = op->cc_wm; m; m &= m - 1) {
        unsigned c = 3 - __builtin_ctz(m);     /* the lowest bit's */

        cc[c] = cc_code(r[c]);
    }
}

/* The instruction at @pc, or run->end (standing for @pc) past XFPR. */
static const NVXfOp *op_at(XfRun *run, uint32_t pc)
{
    if (pc < run->xf->pr_slots) {
        return &run->code[pc];
    }
    run->past_pc = pc;
    return run->end;
}

/* The pc of @op (run->end's being run->past_pc). */
static uint32_t pc_of(const XfRun *run, const NVXfOp *op)
{
    return op < run->end ? op - run->code : run->past_pc;
}

/*
 * Flow control after the instruction @op, whose scalar op is @sca: the
 * instruction to go on at (op + 1 when nothing branches), or NULL when
 * the program must stop.
 */
static inline __attribute__((always_inline))
const NVXfOp *exec_flow(XfRun *run, const NVXfOp *op, uint8_t sca)
{
    const NVXfInsn *in = &op->in;
    XfStackEntry *e;

    /* X's condition decides. */
    if (in->cond_enable && !cond_passes(run, in, 0)) {
        return op + 1;
    }
    switch (sca) {
    case 0x09:  /* BRA */
        return op_at(run, in->target);
    case 0x0b:  /* CAL */
    case 0x13:  /* PUSHA */
        if (run->sp == NV_XF_STACK) {
            nv_xf_error(run->card, "nv: xf: stack overflow at pc 0x%x",
                        pc_of(run, op));
            return NULL;
        }
        e = &run->stack[run->sp++];
        e->ret = op + 1;
        memcpy(e->a, run->a[in->asrc], sizeof(e->a));
        return sca == 0x0b ? op_at(run, in->target) : op + 1;
    default:    /* 0x0c RET: on an empty stack, the program ends
                 * (inferred); 0x14 POPA */
        if (!run->sp) {
            return sca != 0x0c ? op + 1 : NULL;
        }
        e = &run->stack[--run->sp];
        if (sca == 0x0c) {
            return e->ret;
        }
        memcpy(run->a[in->asrc], e->a, sizeof(e->a));
        return op + 1;
    }
}

/*
 * What follows the vector op when it is not direct: the scalar op, AREG
 * and CC writes, SAT, the condition and the masked writes.  The order
 * matters: AREG ops act before the outputs' address is taken, CC is
 * written before the results' condition is tested.
 */
static void finish(XfRun *run, const NVXfOp *op, NVXfVec4 s0, NVXfVec4 s2,
                   uint32_t rv[4])
{
    const NVXfInsn *in = &op->in;
    const bool has_vec = op->has_vec, has_sca = op->has_sca;
    unsigned cond = 0xf;
    uint32_t rs[4];

    if (G_UNLIKELY(op->more)) {
        if (has_vec && in->sat) {
            saturate(rv);
        }
        if (has_sca) {
            exec_sca(run, op->sca, s2, rs);
            if (in->sat) {
                saturate(rs);
            }
        }
        if (op->areg) {
            exec_areg(run, op, s0);
        }
        if (op->cc_from) {
            update_cc(run, op, op->cc_from == 1 ? rv : rs);
        }
        if (in->cond_enable) {
            cond = cond_mask(run, in);
        }
    }
    /* Kelvin shares DST: the scalar result lands last (inferred). */
    if (has_vec) {
        write_result(run, in, rv, op->vdst, op->wm_vec, op->out_wm_vec,
                     cond);
    }
    if (has_sca) {
        write_result(run, in, rs, op->sdst, op->wm_sca, op->out_wm_sca,
                     cond);
    }
}

/*
 * One instruction of any shape.  Plain sources are read in place, a direct
 * result is written in place.
 */
static const NVXfOp *step_full(XfRun *run, const NVXfOp *op)
{
    /* Locals: to the compiler, the result stores could alias @op. */
    const bool mad = op->mad, direct = op->direct, flow = op->flow;
    const bool end = op->in.end;
    const NVXfOp *next;
    uint32_t rv[4];
    uint32_t *r = direct ? op->vdst : rv;
    const NVXfVec4 a = read_src(run, op, 0), b = read_src(run, op, 1);
    const NVXfVec4 c = read_src(run, op, 2);

    if (mad) {
        exec_mad(op->vec, a, b, c, r, run->rules);
    } else if (op->has_vec) {
        exec_vec(run, op, a, b, r);
    }
    if (!direct) {
        finish(run, op, a, c, rv);
    }
    next = flow ? exec_flow(run, op, op->sca) : op + 1;
    return end ? NULL : next;
}

/*
 * A vector op alone (STEP_MAD, STEP_DP, STEP_MOV, STEP_CMP, STEP_VEC and
 * their _DIRECT forms; choose_step() says why), or with a CC write from
 * it (@cc, STEP_VEC_CC; a STEP_VEC @kind): step_full() with the op's
 * family @kind and op->direct (@direct) known.
 */
static inline __attribute__((always_inline))
const NVXfOp *step_vec(XfRun *run, const NVXfOp *op, unsigned kind,
                       bool direct, bool cc)
{
    const NVXfInsn *in = &op->in;
    uint32_t rv[4];
    uint32_t *r = direct ? op->vdst : rv;
    /* MOV reads SRC0 alone; DP3, DPH, DP4 and the compares SRC0 and SRC1
     * (vec_reads[]). */
    const NVXfVec4 zero = { 0, 0, 0, 0 };
    const NVXfVec4 a = read_src(run, op, 0);
    const NVXfVec4 b = kind != STEP_MOV ? read_src(run, op, 1) : zero;
    const NVXfVec4 c = kind == STEP_MAD || kind == STEP_VEC
                       ? read_src(run, op, 2) : zero;

    switch (kind) {
    case STEP_MAD:
        exec_mad(op->vec, a, b, c, r, run->rules);
        break;
    case STEP_DP:
        exec_dp(op->vec, a, b, r, run->rules);
        break;
    case STEP_MOV:
        vec_store(r, a);
        break;
    case STEP_CMP:
        exec_cmp(op->vec, a, b, r, run->rules);
        break;
    default:
        if (cc && op->mad) {
            exec_mad(op->vec, a, b, c, r, run->rules);
        } else {
            exec_vec(run, op, a, b, r);
        }
        break;
    }
    if (cc) {
        update_cc(run, op, rv);
    }
    if (!direct) {
        write_result(run, in, rv, op->vdst, op->wm_vec, op->out_wm_vec,
                     0xf);
    }
    return in->end ? NULL : op + 1;
}

/*
 * A scalar op alone (STEP_SCA; STEP_RCP, STEP_RSQ and STEP_LIT with @sca
 * known): step_full() without the vector unit.  All but MOV and LIT read
 * SRC2's swizzled X alone: only it is gathered.
 */
static inline __attribute__((always_inline))
const NVXfOp *step_sca_op(XfRun *run, const NVXfOp *op, uint8_t sca)
{
    const NVXfInsn *in = &op->in;
    const NVXfOpSrc *o = &op->src[2];
    uint32_t rs[4];
    NVXfVec4 s;

    if (sca != 0x01 && sca != 0x07 && !o->indexed) {
        s = (NVXfVec4) { (o->vec[o->swz[0]] & o->and_mask) ^ o->xor_mask };
    } else {
        s = read_src(run, op, 2);
    }
    exec_sca(run, sca, s, rs);
    write_result(run, in, rs, op->sdst, op->wm_sca, op->out_wm_sca, 0xf);
    return in->end ? NULL : op + 1;
}

/*
 * The handler for scalar-unit op @sca alone: @fn (step_sca_op() or
 * exec_flow()) with the op known.
 */
#define STEP_OP_FN(name, fn, sca) \
    static const NVXfOp *name(XfRun *run, const NVXfOp *op) \
    { \
        return fn(run, op, sca); \
    }

STEP_OP_FN(step_rcp, step_sca_op, 0x02)
STEP_OP_FN(step_rsq, step_sca_op, 0x04)
STEP_OP_FN(step_lit, step_sca_op, 0x07)

static const NVXfOp *step_sca(XfRun *run, const NVXfOp *op)
{
    return step_sca_op(run, op, op->sca);
}

/* No result (STEP_NONE): step_full() without the units. */
static const NVXfOp *step_none(XfRun *run, const NVXfOp *op)
{
    const NVXfOp *next = op->flow ? exec_flow(run, op, op->sca) : op + 1;

    return op->in.end ? NULL : next;
}

/* STEP_BRA, STEP_CAL, STEP_RET: step_none() with the op known. */
STEP_OP_FN(step_bra, exec_flow, 0x09)
STEP_OP_FN(step_cal, exec_flow, 0x0b)
STEP_OP_FN(step_ret, exec_flow, 0x0c)

/* The vector handlers: step_vec() for one family, direct or not. */
#define STEP_VEC_FNS(name, kind) \
    static const NVXfOp *name(XfRun *run, const NVXfOp *op) \
    { \
        return step_vec(run, op, kind, false, false); \
    } \
    static const NVXfOp *name##_direct(XfRun *run, const NVXfOp *op) \
    { \
        return step_vec(run, op, kind, true, false); \
    }

STEP_VEC_FNS(step_mad, STEP_MAD)
STEP_VEC_FNS(step_dp, STEP_DP)
STEP_VEC_FNS(step_mov, STEP_MOV)
STEP_VEC_FNS(step_cmp, STEP_CMP)
STEP_VEC_FNS(step_other, STEP_VEC)

/* STEP_VEC_CC: any vector op writing CC, never direct (op->more). */
static const NVXfOp *step_vec_cc(XfRun *run, const NVXfOp *op)
{
    return step_vec(run, op, STEP_VEC, false, true);
}

/*
 * The dot products of a DP group of @k DPs: nv_xf_dp4x4() with the
 * shape's @n, @hom and @rows known.
 */
static inline __attribute__((always_inline))
bool dp_group_4x4(NVXfVec4 s0, const NVXfVec4 s1[4], unsigned n, bool hom,
                  unsigned k, uint32_t d[4])
{
    return k > 2 ? nv_xf_dp4x4(s0, s1, n, hom, 4, d)
                 : nv_xf_dp4x4(s0, s1, n, hom, 2, d);
}

/*
 * STEP_DP_GROUP: op->group DPs (dp_group() says why that is the same as
 * running them one by one) through nv_xf_dp4x4(), the scalar path where
 * it declines.  run_program() has made sure TIMEOUT does not fall inside.
 */
static const NVXfOp *step_dp_group(XfRun *run, const NVXfOp *op)
{
    const unsigned k = op->group, i = op->group_src, o = 1 - i;
    const NVXfVec4 s0 = read_src(run, op, i);
    NVXfVec4 s1[DP_GROUP_MAX], dv = { 0, 0, 0, 0 };
    uint32_t d[4];
    unsigned j;
    bool fast;

    /* Each member's other source; rows past the group's are its first
     * again. */
    s1[0] = read_src(run, &op[0], o);
    s1[1] = read_src(run, &op[1], o);
    s1[2] = k > 2 ? read_src(run, &op[2], o) : s1[0];
    s1[3] = k > 3 ? read_src(run, &op[3], o) : s1[0];
    switch (op->vec) {
    case 0x05:
        fast = dp_group_4x4(s0, s1, 3, false, k, d);
        break;
    case 0x06:
        fast = dp_group_4x4(s0, s1, 4, true, k, d);
        break;
    default:
        fast = dp_group_4x4(s0, s1, 4, false, k, d);
        break;
    }
    if (!fast) {
        /* A lane out of nv_xf_dp4x4's domain: rare, every DP scalar. */
        for (j = 0; j < k; j++) {
            dv[j] = exec_dp_lanes(op->vec, s0, s1[j], run->rules);
        }
        vec_store(d, dv);
    }
    if (op->group_diag) {
        write_result(run, &op->in, d, op->vdst, op->group_wm,
                     op->group_out_wm, 0xf);
    } else {
        for (j = 0; j < k; j++) {
            const NVXfInsn *in = &op[j].in;
            const uint32_t r[4] = { d[j], d[j], d[j], d[j] };

            write_result(run, in, r, op[j].vdst, op[j].wm_vec,
                         op[j].out_wm_vec, 0xf);
        }
    }
    return op[k - 1].in.end ? NULL : op + k;
}

/*
 * STEP_MAD_FAST (docs/xf.rst "Execution"): a direct MUL, ADD or MAD on
 * plain sources that neither ends the program nor branches: the three
 * source pointers, untested, and the 4-lane op.
 */
static const NVXfOp *step_mad_fast(XfRun *run, const NVXfOp *op)
{
    const NVXfOpSrc *o = op->src;

    exec_mad(op->vec, nv_xf_load4(o[0].vec), nv_xf_load4(o[1].vec),
             nv_xf_load4(o[2].vec), op->vdst, run->rules);
    return op + 1;
}

/*
 * One instruction through the handler nv_xf_decode_slot() chose; each
 * returns the next instruction (run->end past XFPR), or NULL when the
 * program ends: the run loop goes from slot to slot by pointer, with no
 * pc to scale.  Separate functions rather than one switch inlined in
 * run_program(): each gets its own registers.
 */
static const NVXfOp *(*const steps[])(XfRun *run, const NVXfOp *op) = {
    [STEP_FULL] = step_full,
    [STEP_NONE] = step_none,
    [STEP_SCA] = step_sca,
    [STEP_MAD] = step_mad,
    [STEP_MAD_DIRECT] = step_mad_direct,
    [STEP_DP] = step_dp,
    [STEP_DP_DIRECT] = step_dp_direct,
    [STEP_MOV] = step_mov,
    [STEP_MOV_DIRECT] = step_mov_direct,
    [STEP_CMP] = step_cmp,
    [STEP_CMP_DIRECT] = step_cmp_direct,
    [STEP_VEC] = step_other,
    [STEP_VEC_DIRECT] = step_other_direct,
    [STEP_MAD_FAST] = step_mad_fast,
    [STEP_DP_GROUP] = step_dp_group,
    [STEP_VEC_CC] = step_vec_cc,
    [STEP_RCP] = step_rcp,
    [STEP_RSQ] = step_rsq,
    [STEP_LIT] = step_lit,
    [STEP_BRA] = step_bra,
    [STEP_CAL] = step_cal,
    [STEP_RET] = step_ret,
};

/*
 * Run from @pc until END, a RET on an empty stack, or TIMEOUT (isa.rst
 * items 6-7).  Kelvin has no TIMEOUT; our own bound stops it instead.
 */
static void run_program(XfRun *run, uint32_t pc)
{
    NVXf *xf = run->xf;
    const int32_t limit = nv_xf_is_kelvin(xf) ? NV_XF_KELVIN_MAX_INSNS
                                        : xf->ram.timeout & 0xffff;
    const NVXfOp *op = op_at(run, pc), *end = run->end;
    /* The instructions TIMEOUT leaves, counted down. */
    int32_t left = limit;

    xf->last_timed_out = false;
    for (;;) {
        if (G_UNLIKELY(op >= end || left < op->group)) {
            if (left <= 0) {
                xf->last_timed_out = true;
                nv_xf_error(run->card, "nv: xf: program stopped by "
                            "TIMEOUT after %d instructions at pc 0x%x",
                            limit - left, pc_of(run, op));
                break;
            }
            if (op >= end) {
                nv_xf_error(run->card, "nv: xf: pc 0x%x past XFPR (%d "
                            "instructions)", pc_of(run, op), limit - left);
                break;
            }
            /* TIMEOUT stops the program inside this DP group: its
             * first DP alone. */
            left--;
            op = (op->direct ? step_dp_direct : step_dp)(run, op);
            if (!op) {
                break;
            }
            continue;
        }
        left -= op->group;
        op = steps[op->step](run, op);
        if (!op) {
            break;
        }
    }
    xf->last_icnt = limit - left;
}

/*
 * A run's state lives on the stack (programs are short and frequent), but
 * for XFREG, in xf->regs where code[] points.  Only what a program may
 * read before writing it is cleared: XFREG (isa.rst: zero at every
 * start), as far as the code uses it (xf->temps), AREG, CC, the stack
 * pointer (an entry is read only after a push) and TBUF, the output @tbuf
 * (a vertex's outputs start at 0).
 */
static void run_init(XfRun *run, NVXf *xf, NVCard *card, bool may_write_ctx,
                     uint32_t (*tbuf)[4])
{
    run->xf = xf;
    run->card = card;
    run->rules = rules_of(xf);
    run->may_write_ctx = may_write_ctx;
    run->ctx_slots = xf->ctx_slots;
    memset(xf->regs, 0, xf->temps * sizeof(xf->regs[0]));
    memset(run->a, 0, sizeof(run->a));
    memset(run->cc, 0, sizeof(run->cc));
    run->sp = 0;
    run->code = xf->code;
    run->end = xf->code + xf->pr_slots;
    run->past_pc = xf->pr_slots;    /* where the last slot runs on to */
    run->tbuf = tbuf;
    memset(tbuf, 0, NV_XF_TBUF * sizeof(tbuf[0]));
}

void nv_xf_run(NVXf *xf, NVCard *card, uint32_t pc, bool may_write_ctx,
               uint32_t (*tbuf)[4])
{
    XfRun run;

    /* The decoded form depends on the VP2 mode: MODE or the class may
     * have changed it since. */
    if (vp2_active(xf) != xf->vp2) {
        nv_xf_decode_all(xf);
    }
    run_init(&run, xf, card, may_write_ctx, tbuf);
    run_program(&run, pc);
}
