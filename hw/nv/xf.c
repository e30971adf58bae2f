/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: XF command processing and program execution (graph/xf/intro.rst
 * "IDX2XF", "VAB", "The passthrough slot"; isa.rst "Program execution
 * environment", "Instructions").
 *
 * Everything runs to completion when the command arrives, so SYNC has
 * nothing to wait for.  A program's private state (IBUF, XFREG, AREG, CREG,
 * stack, ICNT) lives on the C stack for the length of one run: XFREG is
 * therefore all-zero at every start, as isa.rst says it is after every
 * execution and reset.
 */
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "hw/nv/nv.h"
#include "hw/nv/xf.h"

#define ONE         0x3f800000u
#define SIGN        0x80000000u
#define QNAN        0x7fffffffu
#define RDI_TIMEOUT_SLOT    0x11a   /* facts.md: RDI XFPR 0x1011a0 */

static void G_GNUC_PRINTF(2, 3) xf_log(NVCard *card, const char *fmt, ...)
{
    va_list ap;
    char *msg;

    if (!card) {
        return;
    }
    va_start(ap, fmt);
    msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    nv_log(card, NV_LOG_GUEST_ERROR, "%s", msg);
    g_free(msg);
}

static bool is_kelvin(const NVXf *xf)
{
    return xf->isa == NV_XF_KELVIN;
}

/* NV40+: XFMODE, LT and the VAB passthrough slot are gone (intro.rst). */
static bool is_nv40(const NVXf *xf)
{
    return xf->isa == NV_XF_COMBINED || xf->isa == NV_XF_CURIE;
}

unsigned nv_xf_ctx_slots(NVXFIsa isa)
{
    switch (isa) {
    case NV_XF_KELVIN:
        return 0xc0;
    case NV_XF_RANKINE:
        return 0x19c;
    case NV_XF_COMBINED:
        return 0x220;
    default:
        return 0x1d4;   /* NV43 (intro.rst item 9); NV44 assumed alike */
    }
}

unsigned nv_xf_pr_slots(NVXFIsa isa)
{
    switch (isa) {
    case NV_XF_KELVIN:
        return 0x88;
    case NV_XF_RANKINE:
        return 0x118;
    default:
        return 0x220;
    }
}

void nv_xf_post_load(NVXf *xf)
{
    unsigned i;

    /* Keep the rings' indices in range whatever the stream held. */
    xf->q_head %= NV_XF_QUEUE;
    xf->q_count = MIN(xf->q_count, NV_XF_QUEUE);
    xf->pt_head %= NV_XF_PASSTHRU;
    xf->pt_count = MIN(xf->pt_count, NV_XF_PASSTHRU);

    for (i = 0; i < NV_XF_PR_SLOTS; i++) {
        nv_xf_decode(xf->isa, xf->pr[i], &xf->code[i]);
    }
}

void nv_xf_reset(NVXf *xf, NVXFIsa isa)
{
    *xf = (NVXf) { .isa = isa, .upload_isa = isa };
    /* Inferred: reset leaves TIMEOUT at its maximum so that programs run
     * before a driver sets it. */
    xf->timeout = 0xffff;
    /* Inferred: an NV40 uploads Curie programs unless PGRAPH (the class
     * in use) selects Rankine. */
    if (isa == NV_XF_COMBINED) {
        xf->upload_isa = NV_XF_CURIE;
    }
    nv_xf_post_load(xf);
}

/* ---- Program execution ---- */

typedef struct XfStackEntry {
    uint16_t pc;
    int16_t a[4];
} XfStackEntry;

typedef struct XfRun {
    NVXf *xf;
    NVCard *card;
    bool rankine;           /* Rankine+ arithmetic rules */
    bool may_write_ctx;
    uint32_t ibuf[16][4];
    uint32_t r[NV_XF_REGS + 1][4];  /* the extra one absorbs "no temp" */
    int32_t a[2][4];
    uint8_t cc[2][4];
    XfStackEntry stack[NV_XF_STACK];
    unsigned sp;
    uint32_t tbuf[NV_XF_TBUF][4];
} XfRun;

/* isa.rst: AREG is 9-bit on Kelvin, 10-bit on Rankine; Curie "???": 11. */
static int32_t areg_clamp(const XfRun *run, double v)
{
    int32_t lim = is_kelvin(run->xf) ? 256 :
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

static const uint32_t *ctx_slot(const XfRun *run, int64_t idx)
{
    static const uint32_t zero[4];

    return idx >= 0 && idx < nv_xf_ctx_slots(run->xf->isa)
           ? run->xf->ctx[idx] : zero;
}

static void read_src(const XfRun *run, const NVXfInsn *in, unsigned i,
                     uint32_t out[4])
{
    static const uint32_t zero[4];
    const NVXfSrc *s = &in->src[i];
    const uint32_t *v = zero;
    int64_t idx;
    unsigned c;

    switch (s->mux) {
    case 1:
        v = run->r[s->reg];
        break;
    case 2:
        idx = in->ibuf_addr + (in->ibuf_indexed ? areg(run, in) : 0);
        v = idx >= 0 && idx < 16 ? run->ibuf[idx] : zero;
        break;
    case 3:
        v = ctx_slot(run, in->ctx_addr + (in->ctx_indexed ? areg(run, in) : 0));
        break;
    }
    for (c = 0; c < 4; c++) {
        uint32_t x = v[s->swz[c]];

        x = s->abs ? x & ~SIGN : x;
        out[c] = s->neg ? x ^ SIGN : x;
    }
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

/* COND_TEST: FL LT EQ LE GT NE GE TR, as sets of codes (E, L, G, U). */
static bool cond_pass(const XfRun *run, const NVXfInsn *in, unsigned c)
{
    static const uint8_t pass[8] = {
        0x0, 0x2, 0x1, 0x3, 0x4, 0xe, 0x5, 0xf,
    };

    if (!in->cond_enable) {
        return true;
    }
    return pass[in->cond_test] >> run->cc[in->csrcdst][in->csrc_swz[c]] & 1;
}

static uint32_t bool_f(bool b)
{
    return b ? ONE : 0;
}

static uint32_t dot(const uint32_t *a, const uint32_t *b, unsigned n,
                    bool rankine)
{
    uint32_t t[4];
    unsigned c;

    for (c = 0; c < n; c++) {
        t[c] = nv_xf_mul(a[c], b[c], rankine);
    }
    return nv_xf_sum(t, n, rankine);
}

/* Highest vector and scalar opcode of each ISA (isa.rst "Instructions"). */
static unsigned max_op(const XfRun *run, bool vec)
{
    switch (run->xf->isa) {
    case NV_XF_KELVIN:
        return vec ? 0x0d : 0x07;
    case NV_XF_RANKINE:
        return vec ? 0x18 : 0x10;
    default:
        return vec ? 0x19 : 0x14;
    }
}

/* Address-register ops write AREG, not a result: ARL, ARR, ARA. */
static void exec_areg(XfRun *run, const NVXfInsn *in, const uint32_t *s0)
{
    int32_t *a = run->a[in->asrc], old[4];
    unsigned c;

    memcpy(old, a, sizeof(old));
    for (c = 0; c < 4; c++) {
        /* Kelvin's single register is A0.x (isa.rst). */
        if (is_kelvin(run->xf) ? c != 0 : !(in->dst_wm_vec & (8 >> c))) {
            continue;
        }
        if (!cond_pass(run, in, c)) {
            continue;
        }
        switch (in->op_vec) {
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

/* The vector unit; false when the op writes no result. */
static bool exec_vec(XfRun *run, const NVXfInsn *in, uint32_t s[3][4],
                     uint32_t r[4])
{
    bool rk = run->rankine;
    unsigned c;

    if (in->op_vec > max_op(run, true)) {
        return false;
    }
    switch (in->op_vec) {
    case 0x04:  /* MAD: product truncated first, then the adder */
    case 0x02:
        for (c = 0; c < 4; c++) {
            r[c] = nv_xf_mul(s[0][c], s[1][c], rk);
            r[c] = in->op_vec == 0x04 ? nv_xf_add(r[c], s[2][c], rk) : r[c];
        }
        return true;
    case 0x01:
        memcpy(r, s[0], 16);
        return true;
    case 0x03:  /* ADD uses SRC0 and SRC2 (facts.md) */
        for (c = 0; c < 4; c++) {
            r[c] = nv_xf_add(s[0][c], s[2][c], rk);
        }
        return true;
    case 0x05:
    case 0x07:
        r[0] = dot(s[0], s[1], in->op_vec == 0x05 ? 3 : 4, rk);
        r[1] = r[2] = r[3] = r[0];
        return true;
    case 0x06: {    /* DPH: w term is 1.0 * SRC1.w through the multiplier */
        uint32_t t[4];

        for (c = 0; c < 3; c++) {
            t[c] = nv_xf_mul(s[0][c], s[1][c], rk);
        }
        t[3] = nv_xf_mul(ONE, s[1][3], rk);
        r[0] = r[1] = r[2] = r[3] = nv_xf_sum(t, 4, rk);
        return true;
    }
    case 0x08:  /* DST (facts.md) */
        r[0] = ONE;
        r[1] = nv_xf_mul(s[0][1], s[1][1], rk);
        r[2] = s[0][2];
        r[3] = s[1][3];
        return true;
    case 0x0e:  /* FRC = x + -FLR(x) */
    case 0x0f:
        for (c = 0; c < 4; c++) {
            r[c] = nv_xf_flr(s[0][c]);
            r[c] = in->op_vec == 0x0e ? nv_xf_add(s[0][c], r[c] ^ SIGN, true)
                                      : r[c];
        }
        return true;
    case 0x16:  /* SSG: -1, +0, +1; NaN stays NaN (inferred) */
        for (c = 0; c < 4; c++) {
            uint8_t cc = cc_code(s[0][c]);

            r[c] = cc == NV_XF_CC_U ? QNAN : cc == NV_XF_CC_E ? 0 :
                   cc == NV_XF_CC_L ? SIGN | ONE : ONE;
        }
        return true;
    case 0x19:  /* TXL: XFTEX is not modelled yet; reads zero */
        memset(r, 0, 16);
        return true;
    }
    /* MIN MAX and the set-on ops compare SRC0 with SRC1. */
    for (c = 0; c < 4; c++) {
        int k = nv_xf_cmp(s[0][c], s[1][c]);

        switch (in->op_vec) {
        case 0x09:
            r[c] = k < 0 ? s[0][c] : s[1][c];
            break;
        case 0x0a:
            r[c] = k < 0 ? s[1][c] : s[0][c];
            break;
        case 0x0b:
            r[c] = bool_f(k < 0);
            break;
        case 0x0c:
            r[c] = bool_f(k >= 0);
            break;
        case 0x10:
            r[c] = bool_f(k == 0);
            break;
        case 0x11:
            r[c] = 0;
            break;
        case 0x12:
            r[c] = bool_f(k > 0);
            break;
        case 0x13:
            r[c] = bool_f(k <= 0);
            break;
        case 0x14:
            r[c] = bool_f(k != 0);
            break;
        case 0x15:
            r[c] = ONE;
            break;
        default:    /* NOP, and ARL/ARR/ARA handled by exec_areg */
            return false;
        }
    }
    return true;
}

/* The scalar unit on SRC2 (its swizzled X, or the vector for LIT). */
static bool exec_sca(XfRun *run, const NVXfInsn *in, const uint32_t *s,
                     uint32_t r[4])
{
    uint32_t x = s[0];

    if (in->op_sca > max_op(run, false)) {
        return false;
    }
    switch (in->op_sca) {
    case 0x01:
        break;
    case 0x02:
        x = nv_xf_rcp(x);
        break;
    case 0x03:
        x = nv_xf_rcc(x);
        break;
    case 0x04:
        x = nv_xf_rsq(x);
        break;
    case 0x05:
        nv_xf_exp(x, r);
        return true;
    case 0x06:
        nv_xf_log(x, run->rankine, r);
        return true;
    case 0x07:
        nv_xf_lit(s, r);
        return true;
    case 0x0d:
        x = nv_xf_lg2(x);
        break;
    case 0x0e:
        x = nv_xf_ex2(x);
        break;
    case 0x0f:
        x = nv_xf_sin(x);
        break;
    case 0x10:
        x = nv_xf_cos(x);
        break;
    default:    /* NOP, flow control, unknown ops: no result */
        return false;
    }
    r[0] = r[1] = r[2] = r[3] = x;
    return true;
}

/* SAT (Curie): clamp to [0, 1]; NaN saturates to 0 (inferred). */
static uint32_t saturate(uint32_t v)
{
    if (cc_code(v) == NV_XF_CC_U || nv_xf_cmp(v, 0) <= 0) {
        return 0;
    }
    return nv_xf_cmp(v, ONE) > 0 ? ONE : v;
}

/* Write one result to its temp and its output, masked and conditional. */
static void write_result(XfRun *run, const NVXfInsn *in, uint32_t r[4],
                         uint8_t dst, uint8_t dst_wm, uint8_t out_wm)
{
    int64_t addr = in->out_addr + (in->out_indexed ? areg(run, in) : 0);
    uint32_t *out = NULL;
    unsigned c;

    if (in->out_to_ctx) {
        if (run->may_write_ctx && addr >= 0 &&
            addr < nv_xf_ctx_slots(run->xf->isa)) {
            out = run->xf->ctx[addr];
        }
    } else if (addr >= 0 && addr < NV_XF_TBUF) {
        out = run->tbuf[addr];
    }
    for (c = 0; c < 4; c++) {
        uint32_t v = in->sat ? saturate(r[c]) : r[c];

        if (!cond_pass(run, in, c)) {
            continue;
        }
        if (dst_wm & (8 >> c)) {
            run->r[dst][c] = v;
        }
        if (out && (out_wm & (8 >> c))) {
            out[c] = v;
        }
    }
}

static void update_cc(XfRun *run, const NVXfInsn *in, const uint32_t *r,
                      uint8_t wm)
{
    unsigned c;

    for (c = 0; c < 4; c++) {
        if (wm & (8 >> c)) {
            run->cc[in->csrcdst][c] = cc_code(in->sat ? saturate(r[c]) : r[c]);
        }
    }
}

/* Flow control; returns false when the program must stop. */
static bool exec_flow(XfRun *run, const NVXfInsn *in, uint32_t *pc)
{
    XfStackEntry *e;

    if (in->op_sca > max_op(run, false) || !cond_pass(run, in, 0)) {
        return true;
    }
    switch (in->op_sca) {
    case 0x09:  /* BRA */
        *pc = in->target;
        return true;
    case 0x0b:  /* CAL */
    case 0x13:  /* PUSHA */
        if (run->sp == NV_XF_STACK) {
            xf_log(run->card, "nv: xf: stack overflow at pc 0x%x", *pc - 1);
            return false;
        }
        e = &run->stack[run->sp++];
        e->pc = *pc;
        for (unsigned c = 0; c < 4; c++) {
            e->a[c] = run->a[in->asrc][c];
        }
        *pc = in->op_sca == 0x0b ? in->target : *pc;
        return true;
    case 0x0c:  /* RET: on an empty stack, the program ends (inferred) */
    case 0x14:  /* POPA */
        if (!run->sp) {
            return in->op_sca != 0x0c;
        }
        e = &run->stack[--run->sp];
        if (in->op_sca == 0x0c) {
            *pc = e->pc;
        } else {
            for (unsigned c = 0; c < 4; c++) {
                run->a[in->asrc][c] = e->a[c];
            }
        }
        return true;
    }
    return true;
}

/* One instruction; returns false when the program ends. */
static bool step(XfRun *run, const NVXfInsn *in, uint32_t *pc)
{
    uint32_t s[3][4], rv[4], rs[4];
    bool has_v, has_s;
    unsigned i;

    for (i = 0; i < 3; i++) {
        read_src(run, in, i, s[i]);
    }
    has_v = exec_vec(run, in, s, rv);
    has_s = exec_sca(run, in, s[2], rs);
    if (in->op_vec == 0x0d || in->op_vec == 0x17 || in->op_vec == 0x18) {
        if (in->op_vec <= max_op(run, true)) {
            exec_areg(run, in, s[0]);
        }
    }
    if (in->cdst_write && (in->cdst_is_vec ? has_v : has_s)) {
        update_cc(run, in, in->cdst_is_vec ? rv : rs,
                  in->cdst_is_vec ? in->dst_wm_vec | in->out_wm_vec
                                  : in->dst_wm_sca | in->out_wm_sca);
    }
    /* Kelvin shares DST: the scalar result lands last (inferred). */
    if (has_v) {
        write_result(run, in, rv, in->dst_vec, in->dst_wm_vec, in->out_wm_vec);
    }
    if (has_s) {
        write_result(run, in, rs, in->dst_sca, in->dst_wm_sca, in->out_wm_sca);
    }
    *pc += 1;
    if (!exec_flow(run, in, pc)) {
        return false;
    }
    return !in->end;
}

/*
 * Run from @pc until END, a RET on an empty stack, or TIMEOUT (isa.rst
 * items 6-7).  Kelvin has no TIMEOUT; our own bound stops it instead.
 */
static void run_program(XfRun *run, uint32_t pc)
{
    NVXf *xf = run->xf;
    uint32_t limit = is_kelvin(xf) ? NV_XF_KELVIN_MAX_INSNS
                                   : xf->timeout & 0xffff;
    uint32_t icnt = 0;

    run->rankine = !is_kelvin(xf);
    xf->last_timed_out = false;
    for (;;) {
        if (icnt >= limit) {
            xf->last_timed_out = true;
            xf_log(run->card, "nv: xf: program stopped by TIMEOUT after "
                   "%u instructions at pc 0x%x", icnt, pc);
            break;
        }
        if (pc >= nv_xf_pr_slots(xf->isa)) {
            xf_log(run->card, "nv: xf: pc 0x%x past XFPR (%u instructions)",
                   pc, icnt);
            break;
        }
        icnt++;
        if (!step(run, &xf->code[pc], &pc)) {
            break;
        }
    }
    xf->last_icnt = icnt;
}

/*
 * The XF2VTX rings.  A full ring drops its oldest entry (inferred: VTX
 * would have stalled XF; we must not).  Returns the slot to fill.
 */
static uint32_t ring_push(uint32_t *head, uint32_t *count, uint32_t size)
{
    if (*count >= size) {
        *head = (*head + 1) % size;
        *count = size - 1;
    }
    return (*head + (*count)++) % size;
}

/* The slot of the oldest entry, taken off the ring; false when empty. */
static bool ring_pop(uint32_t *head, uint32_t *count, uint32_t size,
                     uint32_t *slot)
{
    if (!*count || *count > size) {
        return false;
    }
    *slot = *head % size;
    *head = (*slot + 1) % size;
    (*count)--;
    return true;
}

/* A run's state lives on the stack: programs are short and frequent. */
static void run_init(XfRun *run, NVXf *xf, NVCard *card, bool may_write_ctx)
{
    memset(run, 0, sizeof(*run));
    run->xf = xf;
    run->card = card;
    run->may_write_ctx = may_write_ctx;
}

/* RUN: a vertex state program on the PARAM vector (isa.rst item 3). */
static void run_state_program(NVXf *xf, NVCard *card, uint32_t pc)
{
    XfRun run;

    run_init(&run, xf, card, true);
    memcpy(run.ibuf[0], xf->vab[NV_XF_VAB_PASS], 16);
    run_program(&run, pc);
}

void nv_xf_vertex(NVXf *xf, NVCard *card)
{
    XfRun runs, *run = &runs;
    uint32_t pc;

    run_init(run, xf, card, xf->side_effects && !is_nv40(xf));
    memcpy(run->ibuf, xf->vab, sizeof(run->ibuf));
    /* mode.rst: PROGRAM_START_POS is XFMODE_A bits 8-15 (Kelvin word 1,
     * Rankine vector 0 word 3); NV40+ take the XF_PROG bundle's. */
    pc = is_nv40(xf) ? xf->prog_start :
         (xf->mode[0][is_kelvin(xf) ? 1 : 3] >> 8) & 0xff;
    run_program(run, pc);
    memcpy(xf->queue[ring_push(&xf->q_head, &xf->q_count, NV_XF_QUEUE)].tbuf,
           run->tbuf, sizeof(run->tbuf));
}

bool nv_xf_pop_vertex(NVXf *xf, NVXfVertex *v)
{
    uint32_t slot;

    if (!ring_pop(&xf->q_head, &xf->q_count, NV_XF_QUEUE, &slot)) {
        return false;
    }
    *v = xf->queue[slot];
    return true;
}

bool nv_xf_pop_passthru(NVXf *xf, uint32_t *word)
{
    uint32_t slot;

    if (!ring_pop(&xf->pt_head, &xf->pt_count, NV_XF_PASSTHRU, &slot)) {
        return false;
    }
    *word = xf->passthru[slot];
    return true;
}

static void push_passthru(NVXf *xf, uint32_t word)
{
    xf->passthru[ring_push(&xf->pt_head, &xf->pt_count, NV_XF_PASSTHRU)] =
        word;
}

/* ---- IDX2XF commands ---- */

/* Store the payload in @v; true when word 3 (W, the last) was written. */
static bool store(uint32_t *v, const NVXfCmd *cmd)
{
    unsigned w = cmd->word & 3;

    v[w] = cmd->data[0];
    if (cmd->is64 && w < 3) {
        v[++w] = cmd->data[1];
    }
    return w == 3;
}

static unsigned vab_slots(const NVXf *xf)
{
    return is_nv40(xf) ? 16 : NV_XF_VAB_SLOTS;
}

static void write_xfpr(NVXf *xf, NVCard *card, uint16_t vec)
{
    const uint32_t *p = xf->vab[NV_XF_VAB_PASS];
    /* Instruction bit n is in IDX2XF word 3 - n / 32 (word 0 is high). */
    uint32_t w[NV_XF_PR_WORDS] = { p[3], p[2], p[1], p[0] };

    if (xf->isa == NV_XF_RANKINE && vec == RDI_TIMEOUT_SLOT) {
        /* RDI word 0 of that slot is TIMEOUT: IDX2XF word 3. */
        xf->timeout = p[3] & 0xffff;
        return;
    }
    if (vec >= nv_xf_pr_slots(xf->isa)) {
        xf_log(card, "nv: xf: XFPR write to slot 0x%x of %u", vec,
               nv_xf_pr_slots(xf->isa));
        return;
    }
    /* isa.rst: NV30 converts Kelvin uploads, NV40 Rankine and Curie ones,
     * to the native encoding as they are written. */
    if (xf->upload_isa != xf->isa) {
        nv_xf_convert(xf->upload_isa, xf->isa, w, xf->pr[vec]);
    } else {
        memcpy(xf->pr[vec], w, sizeof(w));
    }
    nv_xf_decode(xf->isa, xf->pr[vec], &xf->code[vec]);
}

/* A RAM of @n vectors written from the passthrough slot; @lt: 22-bit. */
static void commit(NVXf *xf, NVCard *card, uint32_t (*ram)[4], unsigned n,
                   uint16_t vec, bool lt, const char *name)
{
    const uint32_t *p = xf->vab[NV_XF_VAB_PASS];

    if (vec >= n) {
        xf_log(card, name, vec, n);
        return;
    }
    for (unsigned c = 0; c < 4; c++) {
        /* LTCTX holds 3-component vectors of 22-bit floats (intro.rst). */
        ram[vec][c] = lt ? (c < 3 ? nv_xf_lt22(p[c]) : 0) : p[c];
    }
}

/* Which command types each generation has (intro.rst type list). */
static bool has_type(const NVXf *xf, uint8_t type)
{
    switch (type) {
    case NV_XF_CMD_PARAM:
    case NV_XF_CMD_RUN:
        return xf->isa != NV_XF_CURIE;
    case NV_XF_CMD_MODE:
    case NV_XF_CMD_LTCTX:
    case NV_XF_CMD_LTC1:
    case NV_XF_CMD_LTC2:
    case NV_XF_CMD_LTC3:
        return !is_nv40(xf);
    case NV_XF_CMD_XTRA:
        return !is_kelvin(xf) && xf->isa != NV_XF_CURIE;
    case NV_XF_CMD_LTC0:
        return is_kelvin(xf);
    case NV_XF_CMD_UNK3:
        return false;
    default:
        return true;
    }
}

void nv_xf_write(NVXf *xf, NVCard *card, const NVXfCmd *cmd)
{
    uint32_t *pass = xf->vab[NV_XF_VAB_PASS];
    uint8_t type = cmd->type & 0xf;
    uint16_t vec = cmd->vec;
    bool last;

    if (!has_type(xf, type)) {
        xf_log(card, "nv: xf: write of command type 0x%x (vector 0x%x) "
               "this XF does not have", type, vec);
        return;
    }
    if (type == NV_XF_CMD_VAB) {
        uint32_t *v;

        if (vec >= vab_slots(xf)) {
            xf_log(card, "nv: xf: VAB write to slot 0x%x of %u", vec,
                   vab_slots(xf));
            return;
        }
        v = xf->vab[vec];
        /* Kelvin and up: writing X of an attribute resets Y, Z, W to
         * 0, 0, 1.0 first (intro.rst "VAB command"). */
        if ((cmd->word & 3) == 0 && vec != NV_XF_VAB_PASS) {
            v[1] = v[2] = 0;
            v[3] = ONE;
        }
        store(v, cmd);
        return;
    }
    if (type == NV_XF_CMD_PASSTHRU) {
        push_passthru(xf, cmd->data[0]);
        if (cmd->is64) {
            push_passthru(xf, cmd->data[1]);
        }
        return;
    }
    if (type == NV_XF_CMD_RUN) {
        /* RUN does not write the slot; its payload is the start PC. */
        run_state_program(xf, card, cmd->data[0] & 0x3ff);
        return;
    }
    if (type >= NV_XF_CMD_LTC0 && type <= NV_XF_CMD_LTC3) {
        /* The LTC RAMs are scalar: any word commits (intro.rst "for some
         * commands, on any component"; inferred which). */
        unsigned n = type - NV_XF_CMD_LTC0;

        if (vec >= NV_XF_LTC_SLOTS) {
            xf_log(card, "nv: xf: LTC write to slot 0x%x of %u", vec,
                   NV_XF_LTC_SLOTS);
            return;
        }
        xf->ltc[n][vec] = nv_xf_lt22(cmd->data[0]);
        return;
    }
    last = store(pass, cmd);
    if (!last) {
        return;
    }
    switch (type) {
    case NV_XF_CMD_XFPR:
        write_xfpr(xf, card, vec);
        break;
    case NV_XF_CMD_MODE:
        commit(xf, card, xf->mode, is_kelvin(xf) ? 1 : NV_XF_MODE_VECS, vec,
               false, "nv: xf: MODE write to vector 0x%x of %u");
        break;
    case NV_XF_CMD_XTRA:
        commit(xf, card, xf->xtra, NV_XF_XTRA_VECS, vec, false,
               "nv: xf: XTRA write to vector 0x%x of %u");
        break;
    case NV_XF_CMD_XFCTX:
        commit(xf, card, xf->ctx, nv_xf_ctx_slots(xf->isa), vec, false,
               "nv: xf: XFCTX write to slot 0x%x of %u");
        break;
    case NV_XF_CMD_LTCTX:
        commit(xf, card, xf->ltctx, NV_XF_LTCTX_SLOTS, vec, true,
               "nv: xf: LTCTX write to slot 0x%x of %u");
        break;
    default:    /* NOP, PARAM, SYNC: the slot is all they touch */
        break;
    }
}

uint32_t nv_xf_read(NVXf *xf, NVCard *card, const NVXfCmd *cmd)
{
    uint8_t type = cmd->type & 0xf;
    uint16_t vec = cmd->vec;

    if (has_type(xf, type)) {
        switch (type) {
        case NV_XF_CMD_VAB:
            if (vec < vab_slots(xf)) {
                return xf->vab[vec][cmd->word & 3];
            }
            break;
        case NV_XF_CMD_XFCTX:
            if (vec < nv_xf_ctx_slots(xf->isa)) {
                return xf->ctx[vec][cmd->word & 3];
            }
            break;
        case NV_XF_CMD_LTCTX:
            if (vec < NV_XF_LTCTX_SLOTS) {
                return xf->ltctx[vec][cmd->word & 3];
            }
            break;
        case NV_XF_CMD_LTC0:
        case NV_XF_CMD_LTC1:
        case NV_XF_CMD_LTC2:
        case NV_XF_CMD_LTC3:
            /* Scalar RAMs: every word reads the one value. */
            if (vec < NV_XF_LTC_SLOTS) {
                return xf->ltc[type - NV_XF_CMD_LTC0][vec];
            }
            break;
        }
    }
    /* The hardware delivers nothing and VTX hangs the machine
     * (intro.rst); we log and read 0. */
    xf_log(card, "nv: xf: read of unreadable command type 0x%x vector 0x%x",
           type, vec);
    return 0;
}

/* ---- RDI: PGRAPH's direct window on XF's RAMs ---- */

/*
 * facts.md 4 and ref/README.md: RDI space 0x10 is XFPR (four words a
 * slot, word 0 holding instruction bits 0-31, i.e. our pr[] layout; no
 * upload conversion: the RAM is written as it is), 0x15 VAB and 0x17
 * XFCTX (four words a slot in the order W, Z, Y, X, the reverse of
 * IDX2XF's), 0x18 LTCTX the same way.  Returns the word's address, or
 * NULL for what we do not model.
 */
static uint32_t *rdi_word(NVXf *xf, unsigned space, uint32_t offset,
                          uint16_t *slot)
{
    unsigned k = (offset >> 2) & 3;

    *slot = offset >> 4;
    switch (space) {
    case 0x10:
        if (*slot < nv_xf_pr_slots(xf->isa) && k < NV_XF_PR_WORDS) {
            return &xf->pr[*slot][k];
        }
        break;
    case 0x15:
        if (*slot < vab_slots(xf)) {
            return &xf->vab[*slot][3 - k];
        }
        break;
    case 0x17:
        if (*slot < nv_xf_ctx_slots(xf->isa)) {
            return &xf->ctx[*slot][3 - k];
        }
        break;
    case 0x18:
        if (*slot < NV_XF_LTCTX_SLOTS) {
            return &xf->ltctx[*slot][3 - k];
        }
        break;
    }
    return NULL;
}

bool nv_xf_rdi_write(NVXf *xf, unsigned space, uint32_t offset, uint32_t val)
{
    uint16_t slot;
    uint32_t *p;

    if (space == 0x10 && xf->isa == NV_XF_RANKINE &&
        offset == RDI_TIMEOUT_SLOT * 16) {
        xf->timeout = val & 0xffff;     /* facts.md 4: word 0 of 0x11a */
        return true;
    }
    p = rdi_word(xf, space, offset, &slot);
    if (!p) {
        return false;
    }
    *p = val;
    if (space == 0x10) {
        nv_xf_decode(xf->isa, xf->pr[slot], &xf->code[slot]);
    }
    return true;
}

bool nv_xf_rdi_read(NVXf *xf, unsigned space, uint32_t offset, uint32_t *val)
{
    uint16_t slot;
    uint32_t *p;

    if (space == 0x10 && xf->isa == NV_XF_RANKINE &&
        offset == RDI_TIMEOUT_SLOT * 16) {
        *val = xf->timeout;
        return true;
    }
    p = rdi_word(xf, space, offset, &slot);
    if (!p) {
        return false;
    }
    *val = *p;
    return true;
}
