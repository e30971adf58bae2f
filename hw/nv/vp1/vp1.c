/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the VP1 processor core (envytools docs/hw/vdec/vpe/pvp1/:
 * intro.rst, scalar.rst, vector.rst, address.rst; what they leave out is in
 * docs/vp1.rst "Hardware facts beyond envytools").
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

#include "vp1-internal.h"

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

static bool stores_v(const NVVp1Insn *a)
{
    return a->op == 0xc4 || a->op == 0xc5 || a->op == 0xd4 || a->op == 0xd5 ||
           a->op == 0xdc || a->op == 0xdd || a->op == 0xd7;
}

static bool stores_r(const NVVp1Insn *a)
{
    return a->op == 0xc6 || a->op == 0xd6 || a->op == 0xde;
}

/* The $v an address instruction loads: -1 if none, 32 if it varies. */
static int loads_v(const NVVp1Insn *a)
{
    switch (a->op) {
    case 0xc0: case 0xc1: case 0xd0: case 0xd1: case 0xd8: case 0xd9:
        return a->dst;
    case 0xc8: case 0xc9:               /* ldax: a quad chosen by $c */
        return 32;
    case 0xd7:                          /* ldr (bit 0 clear; set: star) */
        return a->word & 1 ? -1 : a->dst;
    }
    return -1;
}

/* The $r an address instruction loads, or -1. */
static int loads_r(const NVVp1Insn *a)
{
    return a->op == 0xc2 || a->op == 0xd2 || a->op == 0xda ? a->dst : -1;
}

/*
 * Whether the bundle's register writes may land at once (Exec, direct
 * mode).  The units run in the order scalar, vector, address, branch.
 * Outside its movs the scalar unit writes only $r (its SRC1 for vecms,
 * else DST) and $c; of the files the queues hold, the vector unit writes
 * only its DST $v and the branch unit only $l; the address unit reads
 * $a, $c and, for stores and ldr/star, $v or $r.  $c is always queued.
 * So the writes can land at once unless a mov is involved, the address
 * unit reads what an earlier unit wrote, or two units may write one $r
 * or $v (their priorities, not their order, pick the winner).
 */
static bool direct_ok(const NVVp1Insn *ai, const NVVp1Insn *si,
                      const NVVp1Insn *vi)
{
    int v, r;

    if (si && (si->op == 0x6a || si->op == 0x6b)) {
        return false;
    }
    if (!ai) {
        return true;
    }
    v = loads_v(ai);
    r = loads_r(ai);
    if (vi && (stores_v(ai) || v == 32 || v == vi->dst)) {
        return false;
    }
    return !si || (!stores_r(ai) && r != si->dst && r != si->src1);
}

/* Whether vector instruction @v reads the s2v bus (factors or $vc mask). */
static bool reads_s2v(const NVVp1Insn *v)
{
    switch (v->op) {
    case 0x84 ... 0x87:
    case 0x8f:
    case 0x95 ... 0x97:
    case 0xa6:
    case 0xa7:
    case 0xb3 ... 0xb7:
        return true;
    }
    return false;
}

/* The instruction of unit @u in the bundle that starts at @b, if any. */
static inline const NVVp1Insn *slot(const NVVp1Insn *b, unsigned u)
{
    return b->at[u] ? b + b->at[u] - 1 : NULL;
}

/*
 * Record in @b what the instructions of its bundle need from each other:
 * the address unit's $v source (its stored register, or ldr's SRC2) and
 * the scalar mov's $r source obey the shared read ports of "Instruction
 * conflicts", and so does an address $r store beside bvecmad
 * (docs/vp1.rst "Read ports"); a scalar mov from $l does not write if the
 * bundle exits; the scalar unit drives the s2v bus only for a vector
 * instruction that reads it.
 */
static void plan_bundle(NVVp1Insn *b)
{
    const NVVp1Insn *ai = slot(b, NV_VP1_UNIT_ADDRESS);
    const NVVp1Insn *si = slot(b, NV_VP1_UNIT_SCALAR);
    const NVVp1Insn *vi = slot(b, NV_VP1_UNIT_VECTOR);
    const NVVp1Insn *bi = slot(b, NV_VP1_UNIT_BRANCH);

    b->vforce = 0;
    b->plan = bi && bi->op == 0xff ? NV_VP1_PLAN_EXIT : 0;
    if (direct_ok(ai, si, vi)) {
        b->plan |= NV_VP1_PLAN_DIRECT;
    }
    if (si && vi && reads_s2v(vi)) {
        b->plan |= NV_VP1_PLAN_S2V;
    }
    if (ai) {
        b->vforce = ai->op == 0xd7 && !(ai->word & 1) ? ai->src2 : ai->src1;
        if (si && si->op == 0x6b && (si->word >> 3 & 0x1f) <= 3 &&
            stores_v(ai)) {
            b->vforce = si->src1;
        }
        if (si && si->op == 0x6a && stores_r(ai)) {
            b->plan |= NV_VP1_PLAN_MOV_ADDR;
        }
        if (si && (si->op == 0x04 || si->op == 0x05) && stores_r(ai)) {
            b->plan |= NV_VP1_PLAN_ST_SRC3;
        }
    }
}

/*
 * intro.rst, "Instruction format": a word starts a new bundle if it is
 * 16-byte aligned or the bundle already holds its unit or a later one.
 * Every word of the group may start a bundle (as a branch target), so
 * each gets its bundle's layout and plan.  bnop is left out of it: it has
 * no effect.
 */
static void split_group(NVVp1 *vp, uint32_t base)
{
    for (unsigned i = 0; i < 4; i++) {
        NVVp1Insn *b = &vp->dec[base + i];
        unsigned kind = b->unit, len = 1;

        while (i + len < 4 && vp->dec[base + i + len].unit > kind) {
            kind = vp->dec[base + i + len].unit;
            len++;
        }
        b->blen = len;
        memset(b->at, 0, sizeof(b->at));
        for (unsigned k = 0; k < len; k++) {
            const NVVp1Insn *in = b + k;

            if (in->op != 0xef) {
                b->at[in->unit] = k + 1;
            }
        }
        plan_bundle(b);
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
    return vp1_read_c(vp, idx);
}

/* ---- One bundle: queued writes ---- */

static void commit(Exec *x)
{
    NVVp1 *vp = x->vp;
    uint64_t c, mask, val;

    for (unsigned i = 0; i < x->n32; i++) {
        vp1_store32(vp, x->w32[i].file, x->w32[i].idx, x->w32[i].val);
    }
    for (unsigned i = 0; i < x->nv; i++) {
        const WrV *w = &x->wv[i];

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
    /* All four $c at once: bits nobody wrote have mask and value 0. */
    memcpy(&c, vp->c, sizeof(c));
    memcpy(&mask, x->c_mask, sizeof(mask));
    memcpy(&val, x->c_val, sizeof(val));
    c = ((c & ~mask) | val) & NV_VP1_C_STORED * 0x0001000100010001ull;
    memcpy(vp->c, &c, sizeof(c));
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

/* ---- Branch unit (docs/vp1.rst "Branch unit") ---- */

static void exec_branch(Exec *x, const NVVp1Insn *in, uint32_t pc)
{
    const NVVp1 *vp = x->vp;
    uint32_t w = in->word;
    unsigned op = in->op, src = w >> 3 & 3, lzf = 1;
    bool pred = vp1_read_c(vp, src) >> (w >> 5 & 0xf) & 1;

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

/*
 * Run the bundle that starts at @b (split_group or nv_vp1_exec_slots).
 * The scalar unit drives the s2v bus the vector unit reads, so it goes
 * first; direct_ok explains the rest of the order.  With queued writes
 * the order does not matter: no two units write one register file with
 * the same priority, so the sorted queues come out the same.
 */
static void exec_bundle(NVVp1 *vp, const NVVp1Insn *b, uint32_t pc, Exec *x)
{
    const NVVp1Insn *si = slot(b, NV_VP1_UNIT_SCALAR);
    const NVVp1Insn *ai = slot(b, NV_VP1_UNIT_ADDRESS);
    NVVp1Insn sc, ac;

    /* Only the bookkeeping needs clearing; the queues are filled as used. */
    memset(x, 0, offsetof(Exec, target));
    x->vp = vp;
    x->direct = b->plan & NV_VP1_PLAN_DIRECT;
    if (b->plan & NV_VP1_PLAN_S2V) {
        vp1_s2v(x, si);
    }
    if (b->plan & NV_VP1_PLAN_ST_SRC3) {
        ac = *ai;
        ac.src1 = vp1_bvecmad_src3(vp, si);
        ai = &ac;
    }
    if (si) {
        if (b->plan & NV_VP1_PLAN_MOV_ADDR) {
            sc = *si;
            sc.src1 = ai->src1;
            si = &sc;
        }
        vp1_exec_scalar(x, si, b->plan & NV_VP1_PLAN_EXIT);
    }
    if (b->at[NV_VP1_UNIT_VECTOR]) {
        vp1_exec_vector(x, slot(b, NV_VP1_UNIT_VECTOR));
    }
    if (ai) {
        vp1_exec_address(x, ai, b->vforce);
    }
    if (b->at[NV_VP1_UNIT_BRANCH]) {
        exec_branch(x, slot(b, NV_VP1_UNIT_BRANCH), pc);
    }
    commit(x);
}

/*
 * @w as unit @u executes it from its debug slot: the unit decodes only
 * the low opcode bits of its own range (docs/vp1.rst "Slots"), so the
 * word runs as the opcode of that range they name.
 */
static uint32_t as_unit(uint32_t w, unsigned u)
{
    static const uint8_t base[NV_VP1_UNITS] = {
        [NV_VP1_UNIT_ADDRESS] = 0xc0, [NV_VP1_UNIT_SCALAR] = 0x00,
        [NV_VP1_UNIT_VECTOR] = 0x80, [NV_VP1_UNIT_BRANCH] = 0xe0,
    };
    static const uint8_t decoded[NV_VP1_UNITS] = {
        [NV_VP1_UNIT_ADDRESS] = 0x1f, [NV_VP1_UNIT_SCALAR] = 0x7f,
        [NV_VP1_UNIT_VECTOR] = 0x3f, [NV_VP1_UNIT_BRANCH] = 0x1f,
    };

    return (w & 0xffffffu) |
           (uint32_t)(base[u] | (NV_VP1_OP(w) & decoded[u])) << 24;
}

void nv_vp1_exec_slots(NVVp1 *vp, const uint32_t slots[NV_VP1_UNITS],
                       unsigned valid)
{
    NVVp1Insn dec[NV_VP1_UNITS];
    Exec x;

    /* A bundle laid out in dec[], one word per unit. */
    memset(dec[0].at, 0, sizeof(dec[0].at));
    for (unsigned u = 0; u < NV_VP1_UNITS; u++) {
        decode(&dec[u], as_unit(slots[u], u));
        if (valid >> u & 1) {
            dec[0].at[u] = u + 1;
        }
    }
    plan_bundle(&dec[0]);
    exec_bundle(vp, &dec[0], 0, &x);
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
 * target, then goes to its own (docs/vp1.rst "Branch unit").
 */
static void step(NVVp1 *vp)
{
    uint32_t pc = vp->pc & CODE_MASK;
    const NVVp1Insn *b = &vp->dec[pc];
    uint32_t seq = (pc + b->blen) & CODE_MASK, units;
    Exec x;

    vp->pc = vp->branch_pending ? vp->branch_target : seq;
    vp->branch_pending = false;
    memcpy(&units, b->at, sizeof(units));
    if (!units) {
        return;                         /* only bnops: nothing to do */
    }
    exec_bundle(vp, b, pc, &x);
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

