/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: decoding Rankine's and Curie's fragment programs
 * (docs/fp.rst "Encoding").
 *
 * The fields are those of Mesa's nvfx_shader.h (NVFX_FP_OP_*,
 * NVFX_FP_REG_*, NV40_FP_OP_*), as its nvfx_fragprog.c fills them: four
 * words an instruction, a constant's four words straight after the
 * instruction that reads it, the END bit on the last instruction.
 */
#include <glib.h>
#include <string.h>

#include "fp-internal.h"

#define BIT64(n)        (1ull << (n))
#define RANGE64(a, b)   ((BIT64((b) - (a) + 1) - 1) << (a))

/* Opcodes of both generations (nvfx_shader.h "NV30/NV40 ... opcodes"). */
#define OPS_BOTH    (RANGE64(0x00, 0x1a) | BIT64(0x1c) | BIT64(0x1d) | \
                     RANGE64(0x20, 0x25) | RANGE64(0x27, 0x2a) | \
                     BIT64(0x2e) | BIT64(0x31) | BIT64(0x3a))
/* "NV30 only": Mesa replaces them by sequences on NV40. */
#define OPS_RANKINE (BIT64(0x1b) | BIT64(0x1e) | BIT64(0x1f) | BIT64(0x26) | \
                     BIT64(0x36))
/* "NV40 only". */
#define OPS_CURIE   (BIT64(0x2f) | BIT64(0x3c))

/* nvfx_shader.h: the last instruction's bit 0 */
#define NVFX_FP_OP_PROGRAM_END  (1 << 0)
/* Word offsets are 31-bit in the branches (NV40_FP_OP_*_OFFSET_MASK). */
#define OFFSET_MASK     0x7fffffffu
/* Slots of four words the largest program can span, constants included. */
#define MAX_SLOTS       (NV_FP_MAX_INSNS * 2)
#define NO_INSN         0xffff

/* Record the first problem; later ones add nothing the log needs. */
static void fail(NVFpProgram *p, NVFpStatus st, const char *msg,
                 unsigned word)
{
    if (p->status == NV_FP_OK) {
        p->status = st;
        p->error = msg;
        p->error_word = word;
    }
}

/* A register field: 6 bits, of which Rankine's R registers use 5. */
static uint8_t reg_index(const NVFpProgram *p, uint32_t field, bool half)
{
    field &= 0x3f;
    return p->gen == NV_FP_RANKINE && !half ? field & 31 : field;
}

/* The common source fields (nvfx_shader.h "Register selection"). */
static void decode_src(const NVFpProgram *p, NVFpSrc *s, uint32_t w,
                       bool abs)
{
    s->type = w & 3;
    s->half = w >> 8 & 1;
    s->index = reg_index(p, w >> 2, s->half);
    s->neg = w >> 17 & 1;
    s->abs = abs;
    for (unsigned c = 0; c < 4; c++) {
        s->swz[c] = w >> (9 + 2 * c) & 3;
    }
}

static const float dst_scale[8] = {
    1.0f, 2.0f, 4.0f, 8.0f, 1.0f, 0.5f, 0.25f, 0.125f,
};

/* How many sources an operation reads (NV_fragment_program's table). */
static uint8_t op_sources(unsigned op)
{
    switch (op) {
    case FP_NOP: case FP_KIL: case FP_STR: case FP_SFL:
        return 0;
    case FP_MAD: case FP_LRP: case FP_DP2A: case FP_TXD:
        return 3;
    case FP_MUL: case FP_ADD: case FP_DP3: case FP_DP4: case FP_DST:
    case FP_MIN: case FP_MAX: case FP_SLT: case FP_SGE: case FP_SLE:
    case FP_SGT: case FP_SNE: case FP_SEQ: case FP_POW: case FP_RFL:
    case FP_DIV:
        return 2;
    default:
        return 1;
    }
}

/* The fields of an ALU or texture instruction; false if unusable. */
static bool decode_alu(NVFpProgram *p, NVFpInsn *in, const uint32_t *w,
                       unsigned at)
{
    uint32_t opc = w[0] >> 24 & 0x3f;
    uint64_t ops = OPS_BOTH |
                   (p->gen == NV_FP_RANKINE ? OPS_RANKINE : OPS_CURIE);

    in->op = opc;
    in->dst_half = w[0] >> 7 & 1;
    in->dst = reg_index(p, w[0] >> 1, in->dst_half);
    in->cc_update = w[0] >> 8 & 1;
    in->mask = w[0] >> 9 & 0xf;
    in->input = w[0] >> 13 & 0xf;
    in->unit = w[0] >> 17 & 0xf;
    in->expand = w[0] >> 21 & 1;
    in->prec = w[0] >> 22 & 3;
    in->dst_none = w[0] >> 30 & 1;
    in->sat = w[0] >> 31;
    if (in->prec == FP_PREC_FX9 && p->gen == NV_FP_RANKINE) {
        /* nvfx_shader.h: the s0.8 precision is NV40's only */
        fail(p, NV_FP_GUEST_ERROR, "fx9 precision on Rankine", at);
        in->prec = FP_PREC_FP32;
    }
    /*
     * Absolute value: Mesa's emit_src() sets bit 29 + n of the second
     * word for source n; nvfx_shader.h also names bit 18 of the third
     * (source 1) and fourth (source 2) words.  Either counts.
     */
    decode_src(p, &in->src[0], w[1], w[1] >> 29 & 1);
    decode_src(p, &in->src[1], w[2], (w[1] >> 30 & 1) | (w[2] >> 18 & 1));
    decode_src(p, &in->src[2], w[3], (w[1] >> 31) | (w[3] >> 18 & 1));
    in->scale = dst_scale[w[2] >> 28 & 7];
    if ((w[2] >> 28 & 7) == 4) {
        fail(p, NV_FP_GUEST_ERROR, "scale 4", at);
    }
    if (w[3] & (1u << 30)) {
        /* NVFX_FP_OP_INDEX_INPUT: the loop index addressing inputs */
        fail(p, NV_FP_UNIMP, "indexed input", at);
    }
    for (unsigned i = 0; i < 3; i++) {
        if (in->src[i].type == 3) {
            fail(p, NV_FP_GUEST_ERROR, "source register type 3", at);
            return false;
        }
    }
    /* Checked last: the sources still say whether a constant follows. */
    if (!(ops & BIT64(opc))) {
        fail(p, NV_FP_GUEST_ERROR, "unknown opcode", at);
        return false;
    }
    in->nsrc = op_sources(opc);
    return true;
}

/* Curie's branch instructions (NV40_FP_OP_BRA_OPCODE_*). */
static bool decode_branch(NVFpProgram *p, NVFpInsn *in, const uint32_t *w,
                          unsigned at)
{
    uint32_t opc = w[0] >> 24 & 0x3f;

    if (opc > FP_RET - FP_BRA) {
        fail(p, NV_FP_GUEST_ERROR, "unknown branch opcode", at);
        return false;
    }
    in->op = FP_BRA + opc;
    in->target = w[2] & OFFSET_MASK;    /* IF's ELSE, CAL's subroutine */
    in->target2 = w[3] & OFFSET_MASK;   /* IF's ENDIF, the loops' end */
    /* REP_COUNT1 and LOOP_COUNT: bits 2-9 of the third word */
    in->count = w[2] >> 2 & 0xff;
    return true;
}

/* A word offset of a branch as an instruction index; -1 if none. */
static int resolve(const uint16_t *slot, unsigned end_word, uint32_t t,
                   unsigned ninsn)
{
    if (t >= end_word) {
        return ninsn;           /* past the last: the program's end */
    }
    if (t & 3 || slot[t / 4] == NO_INSN) {
        return -1;
    }
    return slot[t / 4];
}

/*
 * Branch targets as instruction indexes; @slot maps 4-word slots to
 * instructions, @start instructions to their first slot.
 */
static void resolve_branches(NVFpProgram *p, const uint16_t *slot,
                             const uint16_t *start, unsigned end_word)
{
    for (unsigned i = 0; i < p->ninsn; i++) {
        NVFpInsn *in = &p->insn[i];
        int t = resolve(slot, end_word, in->target, p->ninsn);
        int t2 = resolve(slot, end_word, in->target2, p->ninsn);
        bool ok;

        switch (in->op) {
        case FP_IF:
            /* ELSE and ENDIF after the IF, ELSE not after ENDIF */
            ok = t > (int)i && t2 >= t;
            break;
        case FP_CAL:
            ok = t >= 0;
            break;
        case FP_LOOP:
        case FP_REP:
            ok = t2 > (int)i;
            break;
        default:
            continue;
        }
        if (!ok) {
            fail(p, NV_FP_GUEST_ERROR, "bad branch target", start[i] * 4);
            in->op = FP_NOP;
            continue;
        }
        in->target = t;
        in->target2 = t2;
    }
}

/* The R register behind an R or H register index. */
static unsigned r_of(unsigned index, bool half)
{
    return half ? index >> 1 : index;
}

/*
 * Which registers and inputs the program reads and writes, and its
 * colours' precision.
 */
static void note_registers(NVFpProgram *p, const NVFpInsn *in)
{
    for (unsigned i = 0; i < in->nsrc; i++) {
        if (in->src[i].type == FP_SRC_TEMP) {
            p->nregs = MAX(p->nregs,
                           r_of(in->src[i].index, in->src[i].half) + 1);
        } else if (in->src[i].type == FP_SRC_INPUT) {
            p->inputs |= 1u << in->input;
        }
    }
    if (in->op >= FP_BRA || in->op == FP_KIL || in->dst_none ||
        !in->mask) {
        return;
    }
    p->nregs = MAX(p->nregs, r_of(in->dst, in->dst_half) + 1);
    for (unsigned n = 0; n < NV_FP_COLORS; n++) {
        /*
         * The last write in program order says how the output is read:
         * the X driver's composite programs use R0 as a temporary and
         * write the colour as H0 at the end.
         */
        if (r_of(in->dst, in->dst_half) == fp_color_reg(n)) {
            p->out_written |= 1 << n;
            p->out_full = (p->out_full & ~(1u << n)) | !in->dst_half << n;
        }
    }
}

NVFpStatus nv_fp_decode(NVFpProgram *p, NVFpGen gen, const uint32_t *words,
                        unsigned nwords)
{
    uint16_t slot[MAX_SLOTS], start[NV_FP_MAX_INSNS];
    unsigned at = 0;
    bool ended = false;

    p->gen = gen;
    p->ninsn = 0;
    /* the outputs: R0-R4 (colours and depth) */
    p->nregs = fp_color_reg(NV_FP_COLORS - 1) + 1;
    p->out_full = 0;
    p->out_written = 0;
    p->inputs = 0;
    p->status = NV_FP_OK;
    p->error = NULL;
    p->error_word = 0;
    memset(slot, 0xff, sizeof(slot));

    while (!ended && p->ninsn < NV_FP_MAX_INSNS && nwords - at >= 4) {
        const uint32_t *w = &words[at];
        NVFpInsn *in = &p->insn[p->ninsn];
        bool ok, has_const = false;

        memset(in, 0, sizeof(*in));
        slot[at / 4] = p->ninsn;
        start[p->ninsn] = at / 4;
        if (gen == NV_FP_CURIE && w[2] >> 31) {
            ok = decode_branch(p, in, w, at);
        } else {
            ok = decode_alu(p, in, w, at);
            for (unsigned i = 0; i < 3; i++) {
                has_const |= in->src[i].type == FP_SRC_CONST;
            }
        }
        /* The condition: what conditional writes, KIL and branches test. */
        in->cc_test = w[1] >> 18 & 7;
        for (unsigned c = 0; c < 4; c++) {
            in->cc_swz[c] = w[1] >> (21 + 2 * c) & 3;
        }
        ended = w[0] & NVFX_FP_OP_PROGRAM_END;
        at += 4;
        if (has_const) {
            if (nwords - at < 4) {
                fail(p, NV_FP_GUEST_ERROR, "constant past the program",
                     at);
                ok = false;
            } else {
                memcpy(in->cst, &words[at], sizeof(in->cst));
                at += 4;
            }
        }
        if (!ok) {
            memset(in, 0, sizeof(*in));
        }
        note_registers(p, in);
        p->ninsn++;
    }
    if (!ended) {
        fail(p, NV_FP_GUEST_ERROR, "no END bit", at);
    }
    resolve_branches(p, slot, start, at);
    return p->status;
}

unsigned nv_fp_load_words(uint32_t *words, const uint8_t *mem,
                          unsigned nbytes, bool big_endian)
{
    unsigned n = nbytes / 4;

    for (unsigned i = 0; i < n; i++) {
        const uint8_t *b = &mem[4 * i];

        if (big_endian) {
            words[i] = (uint32_t)b[0] << 8 | b[1] |
                       (uint32_t)b[2] << 24 | (uint32_t)b[3] << 16;
        } else {
            words[i] = b[0] | (uint32_t)b[1] << 8 |
                       (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
        }
    }
    return n;
}
