/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the VP1 processor core (vdec/vpe/pvp1/: intro, scalar, vector,
 * address.rst; facts.md 3).
 *
 * Code is decoded into NVVp1Insn when it is loaded.  A bundle runs in two
 * phases: every unit reads the state as it was before the bundle and
 * queues its register writes; then the writes are committed in the order
 * that makes the documented winner of each register file land last
 * (intro.rst, "Instruction conflicts").  This file has fetch, decode,
 * bundles, the commit, the branch unit and helpers the units share.
 */
#include <glib.h>
#include <stddef.h>
#include <string.h>

#include "hw/nv/vp1-internal.h"

#define CODE_MASK   (NV_VP1_CODE_WORDS - 1)

static unsigned unit_of(uint8_t op)
{
    if (op < 0x80) {
        return NV_VP1_UNIT_SCALAR;
    } else if (op < 0xc0) {
        return NV_VP1_UNIT_VECTOR;
    } else if (op < 0xe0) {
        return NV_VP1_UNIT_ADDRESS;
    }
    return NV_VP1_UNIT_BRANCH;
}

/* The opcode's immediate, per the field lists of scalar/vector/address.rst. */
static int32_t decode_imm(uint32_t w, uint8_t op)
{
    uint32_t bimmmul = ((w >> 9 & 0x1f) | (w & 1) << 5) << 2;

    switch (unit_of(op)) {
    case NV_VP1_UNIT_SCALAR:
        if (op == 0x65) {
            return sext(w, 18);                     /* IMM19 */
        } else if (op == 0x75) {
            return w & 0xffff;                      /* IMM16 */
        } else if (op == 0x22 || op == 0x32) {
            return w & 0xff;                        /* BIMMBAD */
        } else if (op == 0x21 || op == 0x31) {
            return bimmmul;
        } else if (op >= 0x62 && op <= 0x64) {
            return w >> 3 & 0x7ff;                  /* IMM, unextended */
        } else if (op < 0x40) {
            return w >> 3 & 0xff;                   /* BIMM */
        }
        return sext(w >> 3, 10);                    /* IMM, bits 3-13 */
    case NV_VP1_UNIT_VECTOR:
        if (op == 0xb0) {
            return w & 0xff;
        } else if ((op & 0xe0) == 0xa0 && (op & 0xf) <= 3) {
            return bimmmul;
        }
        return w >> 3 & 0xff;
    case NV_VP1_UNIT_ADDRESS:
        if (op == 0xcc || op == 0xcd) {
            return w & 0xffff;
        } else if (op >= 0xd8) {
            return w >> 3 & 0x7ff;                  /* UIMM */
        }
        return sext(w >> 3, 10);
    default:
        if (op == 0xea || op == 0xf0 || op == 0xff) {
            return w & 0xffff;
        }
        return sext(w >> 9, 14);                    /* 16-byte units */
    }
}

static void decode(NVVp1Insn *in, uint32_t w)
{
    in->word = w;
    in->op = NV_VP1_OP(w);
    in->unit = unit_of(in->op);
    in->dst = w >> 19 & 0x1f;
    in->src1 = w >> 14 & 0x1f;
    in->src2 = w >> 9 & 0x1f;
    in->src3 = w >> 4 & 0x1f;
    in->cdst = w & 7;
    in->cond = w >> 3 & 3;
    in->slct = w >> 5 & 0xf;
    in->imm = decode_imm(w, in->op);
}

/*
 * intro.rst, "Instruction format": a word starts a new bundle if it is
 * 16-byte aligned or the bundle already holds its unit or a later one.
 */
static void split_group(NVVp1 *vp, uint32_t base)
{
    for (unsigned i = 0; i < 4; i++) {
        unsigned kind = vp->dec[base + i].unit, len = 1;

        while (i + len < 4 && vp->dec[base + i + len].unit > kind) {
            kind = vp->dec[base + i + len].unit;
            len++;
        }
        vp->dec[base + i].blen = len;
    }
}

void nv_vp1_load_code(NVVp1 *vp, uint32_t addr, const uint32_t *words,
                      unsigned n)
{
    if (n > NV_VP1_CODE_WORDS) {
        n = NV_VP1_CODE_WORDS;
    }
    for (unsigned i = 0; i < n; i++) {
        uint32_t a = (addr + i) & CODE_MASK;

        vp->code[a] = words[i];
        decode(&vp->dec[a], words[i]);
    }
    for (unsigned i = 0; i < n + 4; i += 4) {
        split_group(vp, (addr + i) & CODE_MASK & ~3u);
    }
}

unsigned nv_vp1_bundle_len(const NVVp1 *vp, uint32_t addr)
{
    return vp->dec[addr & CODE_MASK].blen;
}

void nv_vp1_post_load(NVVp1 *vp)
{
    for (uint32_t a = 0; a < NV_VP1_CODE_WORDS; a++) {
        decode(&vp->dec[a], vp->code[a]);
    }
    for (uint32_t a = 0; a < NV_VP1_CODE_WORDS; a += 4) {
        split_group(vp, a);
    }
    vp->r[31] = 0;
    for (unsigned i = 0; i < 4; i++) {
        vp->c[i] &= NV_VP1_C_STORED;
    }
}

void nv_vp1_reset(NVVp1 *vp)
{
    memset(vp, 0, sizeof(*vp));
    nv_vp1_post_load(vp);
}

uint16_t nv_vp1_read_c(const NVVp1 *vp, unsigned idx)
{
    return idx < 4 ? (vp->c[idx] & NV_VP1_C_STORED) | NV_VP1_C_ONE : 0;
}

/* ---- One bundle: queued writes ---- */

void vp1_wr32(Exec *x, unsigned file, unsigned idx, unsigned prio,
              uint32_t val)
{
    if (x->n32 < G_N_ELEMENTS(x->w32)) {
        x->w32[x->n32++] = (Wr32){ file, idx & 0x3f, prio, val };
    }
}

WrV *vp1_wrv(Exec *x, unsigned idx, unsigned prio, uint16_t bytes)
{
    WrV *w = &x->wv[x->nv < 4 ? x->nv++ : 3];

    w->idx = idx & 0x1f;
    w->prio = prio;
    w->bytes = bytes;
    return w;
}

void vp1_set_c(Exec *x, unsigned idx, uint16_t mask, uint16_t val)
{
    if (idx < 4) {
        x->c_mask[idx] |= mask;
        x->c_val[idx] = (x->c_val[idx] & ~mask) | (val & mask);
    }
}

static void commit(Exec *x)
{
    NVVp1 *vp = x->vp;

    for (unsigned prio = 0; prio <= 3; prio++) {
        for (unsigned i = 0; i < x->n32; i++) {
            const Wr32 *w = &x->w32[i];
            unsigned n = w->idx;

            if (w->prio != prio) {
                continue;
            }
            switch (w->file) {
            case F_R:
                if (n < 31) {
                    vp->r[n] = w->val;
                }
                break;
            case F_A:
                vp->a[n & 31] = w->val;
                break;
            case F_L:
                vp->l[n & 3] = w->val;
                break;
            case F_M:
                vp->m[n & 63] = w->val;
                break;
            case F_SR:
                vp->sr[n & 31] = w->val;
                break;
            case F_MI:
                vp->mi[n & 31] = w->val;
                break;
            case F_UC:
                vp->uc[n & 31] = w->val;
                break;
            default:
                vp->f[n & 1] = w->val;
                break;
            }
        }
        for (unsigned i = 0; i < x->nv; i++) {
            const WrV *w = &x->wv[i];

            if (w->prio != prio) {
                continue;
            }
            if (w->bytes == 0xffff) {
                memcpy(vp->v[w->idx], w->val, 16);
                continue;
            }
            for (unsigned b = 0; b < 16; b++) {
                if (w->bytes >> b & 1) {
                    vp->v[w->idx][b] = w->val[b];
                }
            }
        }
    }
    for (unsigned i = 0; i < 4; i++) {
        vp->c[i] = ((vp->c[i] & ~x->c_mask[i]) | x->c_val[i]) &
                   NV_VP1_C_STORED;
    }
    if (x->va_w) {
        memcpy(vp->va, x->va, sizeof(vp->va));
    }
    if (x->vc_w) {
        vp->vc[x->vc_idx & 3] = x->vc_val;
    }
    if (x->vx_w) {
        memcpy(vp->vx, x->vx, sizeof(vp->vx));
    }
}

/* scalar.rst, "Source mangling": SRC2S. */
unsigned vp1_src2s(const NVVp1 *vp, const NVVp1Insn *in)
{
    uint16_t c = nv_vp1_read_c(vp, in->cond);

    if (in->slct == 4) {
        return (in->src2 & ~3u) | ((in->src2 + (c >> 4)) & 3);
    }
    return in->src2 ^ (c >> in->slct & 1);
}

/*
 * min, max, abs, neg, add and sub (kind = low opcode nibble 8-0xd) on
 * wide integers: the byte forms clip the result, the 32-bit forms wrap it.
 */
int64_t vp1_alu(unsigned kind, int64_t s1, int64_t s2)
{
    switch (kind) {
    case 0x8:
        return s1 < s2 ? s1 : s2;
    case 0x9:
        return s1 > s2 ? s1 : s2;
    case 0xa:
        return s1 < 0 ? -s1 : s1;
    case 0xb:
        return -s1;
    case 0xc:
        return s1 + s2;
    default:
        return s1 - s2;
    }
}

/*
 * The byte ALU shared by scalar b* and vector v* min/max/abs/neg/add/sub.
 * Returns the clipped byte; *sf is the vector sign flag: result sign when
 * signed, out-of-range when unsigned.
 */
uint8_t vp1_byte_alu(unsigned kind, bool uns, uint8_t a, uint8_t b,
                     bool *sf)
{
    int s1 = uns ? a : (int8_t)a, s2 = uns ? b : (int8_t)b;
    int lo = uns ? 0 : -0x80, hi = uns ? 0xff : 0x7f;
    int res = vp1_alu(kind, s1, s2);

    *sf = uns ? (res < lo || res > hi) : res < 0;
    res = res < lo ? lo : res > hi ? hi : res;
    return res;
}

/* scalar.rst "bshr, bsar" / vector.rst "vshr, vsar": 4-bit signed shift. */
uint8_t vp1_byte_shift(uint8_t a, uint8_t b, bool uns)
{
    int s1 = uns ? a : (int8_t)a, sh = sext(b, 3);

    return sh < 0 ? (uint8_t)((unsigned)s1 << -sh) : (uint8_t)(s1 >> sh);
}

/* ---- Branch unit (facts.md 3a) ---- */

static void exec_branch(Exec *x, const NVVp1Insn *in, uint32_t pc)
{
    const NVVp1 *vp = x->vp;
    uint32_t w = in->word;
    unsigned op = in->op, src = w >> 3 & 3, lzf = 1;
    bool pred = nv_vp1_read_c(vp, src) >> (w >> 5 & 0xf) & 1;

    switch (op) {
    case 0xe0 ... 0xe7:
        if (op & 1) {                   /* loop step on $l */
            uint16_t l = vp->l[src], cnt = l & 0xff;
            uint16_t nl = (l & 0xff00) | (cnt ? cnt - 1 : l >> 8);

            vp1_wr32(x, F_L, w & 3, 2, nl);
            lzf = !(nl & 0xff);
        }
        if (pred != !!(op & 2)) {
            x->jump = true;
            x->call = op & 4;
            x->target = (pc & ~3u) + (uint32_t)in->imm * 4;
        }
        break;
    case 0xe8:                          /* ret */
        x->jump = true;
        x->target = vp->uc[0];
        break;
    case 0xea:                          /* abra */
        x->jump = true;
        x->target = (uint32_t)in->imm * 4;
        return;
    case 0xef:                          /* bnop */
        return;
    case 0xf0:                          /* mov $l */
        vp1_wr32(x, F_L, w >> 19 & 3, 2, in->imm);
        vp1_set_c(x, w >> 19 & 3, NV_VP1_C_LZF,
                  in->imm & 0xff ? 0 : NV_VP1_C_LZF);
        return;
    case 0xff:
        x->exit = true;
        x->exit_word = w;
        return;
    }
    if (!(w & 4)) {
        vp1_set_c(x, w & 3, NV_VP1_C_LZF, lzf ? NV_VP1_C_LZF : 0);
    }
}

/* ---- Bundles ---- */

static bool stores_v(const NVVp1Insn *a)
{
    return a->op == 0xc4 || a->op == 0xc5 || a->op == 0xd4 || a->op == 0xd5 ||
           a->op == 0xdc || a->op == 0xdd || a->op == 0xd7;
}

static bool stores_r(const NVVp1Insn *a)
{
    return a->op == 0xc6 || a->op == 0xd6 || a->op == 0xde;
}

/*
 * Run one bundle; @s holds at most one instruction per unit.  The address
 * unit's $v source (its stored register, or ldr's SRC2) and the scalar
 * mov's $r source obey the shared read ports of "Instruction conflicts".
 */
static void exec_bundle(NVVp1 *vp, const NVVp1Insn *s[NV_VP1_UNITS],
                        uint32_t pc, Exec *x)
{
    const NVVp1Insn *ai = s[NV_VP1_UNIT_ADDRESS], *si = s[NV_VP1_UNIT_SCALAR];
    NVVp1Insn sc;
    unsigned vforce = 0;

    /* Only the bookkeeping needs clearing; the queues are filled as used. */
    memset(x, 0, offsetof(Exec, w32));
    x->vp = vp;
    if (ai) {
        vforce = ai->op == 0xd7 && !(ai->word & 1) ? ai->src2 : ai->src1;
        if (si && si->op == 0x6b && (si->word >> 3 & 0x1f) <= 3 &&
            stores_v(ai)) {
            vforce = si->src1;
        }
        if (si && si->op == 0x6a && stores_r(ai)) {
            sc = *si;
            sc.src1 = ai->src1;
            si = &sc;
        }
        vp1_exec_address(x, ai, vforce);
    }
    if (si) {
        vp1_exec_scalar(x, si, s[NV_VP1_UNIT_BRANCH] &&
                           s[NV_VP1_UNIT_BRANCH]->op == 0xff);
    }
    if (s[NV_VP1_UNIT_VECTOR]) {
        vp1_exec_vector(x, s[NV_VP1_UNIT_VECTOR]);
    }
    if (s[NV_VP1_UNIT_BRANCH]) {
        exec_branch(x, s[NV_VP1_UNIT_BRANCH], pc);
    }
    commit(x);
}

void nv_vp1_exec_slots(NVVp1 *vp, const uint32_t slot[NV_VP1_UNITS],
                       unsigned valid)
{
    NVVp1Insn dec[NV_VP1_UNITS];
    const NVVp1Insn *s[NV_VP1_UNITS] = { NULL };
    Exec x;

    for (unsigned u = 0; u < NV_VP1_UNITS; u++) {
        decode(&dec[u], slot[u]);
        if ((valid >> u & 1) && dec[u].unit == u) {
            s[u] = &dec[u];
        }
    }
    exec_bundle(vp, s, 0, &x);
}

void nv_vp1_start(NVVp1 *vp, uint32_t pc)
{
    vp->pc = pc & CODE_MASK;
    vp->branch_pending = false;
    vp->running = true;
}

/*
 * One bundle at the PC.  A taken branch runs one delay-slot bundle before
 * the target; a branch in the delay slot runs one bundle at the first
 * target, then goes to its own (facts.md 3a).
 */
static void step(NVVp1 *vp)
{
    uint32_t pc = vp->pc & CODE_MASK, seq, next;
    unsigned n = vp->dec[pc].blen;
    const NVVp1Insn *s[NV_VP1_UNITS] = { NULL };
    Exec x;

    for (unsigned i = 0; i < n; i++) {
        const NVVp1Insn *in = &vp->dec[(pc + i) & CODE_MASK];

        s[in->unit] = in;
    }
    exec_bundle(vp, s, pc, &x);
    seq = (pc + n) & CODE_MASK;
    next = vp->branch_pending ? vp->branch_target : seq;
    vp->branch_pending = false;
    if (x.jump) {
        vp->branch_pending = true;
        vp->branch_target = x.target & CODE_MASK;
        if (x.call) {
            /* The return address: the word after the delay slot bundle. */
            vp->uc[0] = (seq + vp->dec[seq].blen) & CODE_MASK;
        }
    }
    if (x.exit) {
        vp->running = false;
        vp->exit_code = x.exit_word & 0xffff;
        vp->events |= NV_VP1_EVENT_EXIT |
                      (x.exit_word >> 16 & 1 ? NV_VP1_EVENT_EXIT_INTR : 0);
    }
    vp->pc = next;
}

unsigned nv_vp1_run(NVVp1 *vp, unsigned max_bundles)
{
    unsigned n = 0;

    while (n < max_bundles && vp->running) {
        step(vp);
        n++;
    }
    return n;
}

