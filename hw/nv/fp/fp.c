/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: running Rankine's and Curie's fragment programs on a quad
 * (docs/fp.rst "Execution").
 *
 * The four pixels run in lockstep, as derivatives need: one program
 * counter and an execution mask.  Curie's IF, REP/LOOP and CAL narrow the
 * mask on a stack of frames; a frame ends when the program counter
 * reaches its ELSE, ENDIF or end address (the targets nvfx_fragprog.c
 * writes), so the engine never needs more than the decoded program.
 * The program ends where control passes the instruction with the END bit,
 * the last decoded: a branch from it (a subroutine's RET) goes on.
 * Every pass of the main loop counts against NV_FP_MAX_STEPS.
 *
 * Registers are 32-bit words: R(n) is four singles, H(2n) and H(2n + 1)
 * the halves packed into R(n)'s words (NV_fragment_program aliases
 * H(2n), H(2n + 1) and R(n); the packing is inferred).
 */
#include <math.h>
#include <string.h>

#include "hw/nv/card.h"
#include "fp-internal.h"

typedef enum FrameKind { FRAME_IF, FRAME_LOOP, FRAME_CALL } FrameKind;

/*
 * IF: @cond the pixels of the IF part, @a the ELSE and @b the ENDIF
 * instruction.  LOOP: @active the pixels still looping, @a the body's
 * first and @b the first after it.  CALL: @active the pixels not yet
 * returned, @a the return address.  @saved: the mask to restore.
 */
typedef struct Frame {
    uint8_t kind;
    bool in_else;
    uint8_t saved, cond, active;
    uint8_t remaining;
    uint32_t a, b;
} Frame;

typedef struct Exec {
    const NVFpProgram *p;
    const NVFpQuadIn *in;
    const NVFpTex *tex;
    uint32_t r[4][NV_FP_REGS][4];
    float cc[4][4];             /* the condition code: values last set */
    uint8_t em;                 /* execution mask */
    uint8_t kill;
    unsigned pc, sp;
    Frame st[NV_FP_STACK];
} Exec;

static inline float u2f(uint32_t u)
{
    float f;

    memcpy(&f, &u, 4);
    return f;
}

static inline uint32_t f2u(float f)
{
    uint32_t u;

    memcpy(&u, &f, 4);
    return u;
}

uint16_t nv_fp_to_half(float f)
{
    uint32_t x = f2u(f), man = x & 0x7fffff, h, rem, halfway;
    uint16_t sign = x >> 16 & 0x8000;
    int e = (int)(x >> 23 & 0xff) - 127 + 15;
    unsigned shift;

    if (e == 0xff - 127 + 15) {
        /* infinity; NaN stays a (quiet) NaN */
        return sign | 0x7c00 | (man ? 0x200 | man >> 13 : 0);
    }
    if (e >= 31) {
        return sign | 0x7c00;   /* 2^16 and up overflow */
    }
    if (e <= 0) {
        /* a denormal half, 2^-24 units: below 2^-25 nothing is left */
        if (e < -10) {
            return sign;
        }
        man |= 0x800000;
        shift = 14 - e;
    } else {
        man |= (uint32_t)e << 23;
        shift = 13;
    }
    /* round to nearest even; a carry may reach the exponent (infinity) */
    h = man >> shift;
    rem = man & ((1u << shift) - 1);
    halfway = 1u << (shift - 1);
    if (rem > halfway || (rem == halfway && (h & 1))) {
        h++;
    }
    return sign | h;
}

/* The H registers' halves as singles: card.h's widening, exact. */
static inline float from_half(uint16_t h)
{
    return u2f(nv_half_to_single(h));
}

float nv_fp_from_half(uint16_t h)
{
    return from_half(h);
}

/*
 * Fixed point of @frac fraction bits in [-@range, @range): rounded to
 * nearest even, then clamped (inferred); NaN becomes 0.
 */
static float to_fixed(float v, float range, int frac)
{
    float step = ldexpf(1.0f, -frac);

    if (isnan(v)) {
        return 0.0f;
    }
    v = rintf(v / step) * step;
    return fminf(fmaxf(v, -range), range - step);
}

/* A value at an instruction's precision (NV_fragment_program R, H, X). */
static float at_prec(float v, unsigned prec)
{
    switch (prec) {
    case FP_PREC_FP16:
        return from_half(nv_fp_to_half(v));
    case FP_PREC_FX12:
        return to_fixed(v, 2.0f, 10);
    case FP_PREC_FX9:
        return to_fixed(v, 1.0f, 8);
    default:
        return v;
    }
}

static float reg_read(const Exec *e, unsigned px, unsigned idx, bool half,
                      unsigned c)
{
    uint32_t w;

    if (!half) {
        return u2f(e->r[px][idx][c]);
    }
    w = e->r[px][idx >> 1][(idx & 1) * 2 + (c >> 1)];
    return from_half(w >> (16 * (c & 1)));
}

static void reg_write(Exec *e, unsigned px, unsigned idx, bool half,
                      unsigned c, float v)
{
    uint32_t *w, sh;

    if (!half) {
        e->r[px][idx][c] = f2u(v);
        return;
    }
    w = &e->r[px][idx >> 1][(idx & 1) * 2 + (c >> 1)];
    sh = 16 * (c & 1);
    *w = (*w & ~(0xffffu << sh)) | (uint32_t)nv_fp_to_half(v) << sh;
}

/*
 * A source operand: register, swizzle, then absolute value and negation;
 * @round: to the instruction's precision.
 */
static void fetch(const Exec *e, const NVFpInsn *in, const NVFpSrc *s,
                  unsigned px, bool round, float v[4])
{
    float raw[4];

    switch (s->type) {
    case FP_SRC_TEMP:
        if (s->half) {
            for (unsigned c = 0; c < 4; c++) {
                raw[c] = reg_read(e, px, s->index, true, c);
            }
        } else {
            memcpy(raw, e->r[px][s->index], sizeof(raw));
        }
        break;
    case FP_SRC_INPUT:
        memcpy(raw, e->in->attr[px][in->input], sizeof(raw));
        break;
    default:
        memcpy(raw, in->cst, sizeof(raw));
        break;
    }
    for (unsigned c = 0; c < 4; c++) {
        float x = raw[s->swz[c]];

        x = s->abs ? fabsf(x) : x;
        v[c] = s->neg ? -x : x;
    }
    for (unsigned c = 0; round && c < 4; c++) {
        v[c] = at_prec(v[c], in->prec);
    }
}

/* A condition test (NVFX_FP_OP_COND_*); NaN is unordered: only NE holds. */
static bool cond_test(unsigned cond, float v)
{
    switch (cond) {
    case FP_COND_LT:
        return v < 0;
    case FP_COND_EQ:
        return v == 0;
    case FP_COND_LE:
        return v <= 0;
    case FP_COND_GT:
        return v > 0;
    case FP_COND_NE:
        return !(v == 0);
    case FP_COND_GE:
        return v >= 0;
    case FP_COND_TR:
        return true;
    default:
        return false;
    }
}

/*
 * The pixels for which one of the swizzled condition components passes:
 * KIL's and the branches' test (NV_fragment_program's KIL, "any").
 */
static uint8_t cond_mask(const Exec *e, const NVFpInsn *in)
{
    uint8_t m = 0;

    for (unsigned px = 0; px < 4; px++) {
        for (unsigned c = 0; c < 4; c++) {
            if (cond_test(in->cc_test, e->cc[px][in->cc_swz[c]])) {
                m |= 1 << px;
                break;
            }
        }
    }
    return m;
}

/*
 * The quad's difference across x (pixel 1 - pixel 0 on the top row,
 * 3 - 2 on the bottom) or y (2 - 0 on the left column, 3 - 1 right).
 */
static void quad_deriv(const float v[4][4], unsigned px, bool y, float d[4])
{
    unsigned lo = y ? px & 1 : px & 2;
    unsigned hi = lo + (y ? 2 : 1);

    for (unsigned c = 0; c < 4; c++) {
        d[c] = v[hi][c] - v[lo][c];
    }
}

static void splat(float r[4], float v)
{
    r[0] = r[1] = r[2] = r[3] = v;
}

static float dot(const float *a, const float *b, unsigned n)
{
    float s = 0;

    for (unsigned i = 0; i < n; i++) {
        s += a[i] * b[i];
    }
    return s;
}

static bool set_on(unsigned op, float a, float b)
{
    switch (op) {
    case FP_SLT:
        return a < b;
    case FP_SGE:
        return a >= b;
    case FP_SLE:
        return a <= b;
    case FP_SGT:
        return a > b;
    case FP_SNE:
        return a != b;
    default:
        return a == b;
    }
}

/* round(clamp(v, lo, 1) * max): the PK instructions' conversions. */
static uint32_t pack_norm(float v, float lo, float max)
{
    return (uint32_t)(int32_t)rintf(fminf(fmaxf(v, lo), 1.0f) * max);
}

/* NV_fragment_program's PK* (a's components into one word's bits). */
static uint32_t pack(unsigned op, const float *a)
{
    uint32_t u = 0;

    for (unsigned i = 0; i < 4; i++) {
        switch (op) {
        case FP_PK2H:
            u |= i < 2 ? (uint32_t)nv_fp_to_half(a[i]) << 16 * i : 0;
            break;
        case FP_PK2US:
            u |= i < 2 ? pack_norm(a[i], 0.0f, 65535.0f) << 16 * i : 0;
            break;
        case FP_PK4UB:
            u |= pack_norm(a[i], 0.0f, 255.0f) << 8 * i;
            break;
        default:    /* PK4B: signed, biased by 128 */
            u |= ((pack_norm(a[i], -128.0f / 127, 127.0f) + 128) & 0xff)
                 << 8 * i;
            break;
        }
    }
    return u;
}

/* NV_fragment_program's UP* (the word's bits of a.x into four values). */
static void unpack(unsigned op, uint32_t u, float r[4])
{
    for (unsigned i = 0; i < 4; i++) {
        uint32_t h = u >> 16 * (i & 1) & 0xffff, b = u >> 8 * i & 0xff;

        switch (op) {
        case FP_UP2H:
            r[i] = from_half(h);
            break;
        case FP_UP2US:
            r[i] = h / 65535.0f;
            break;
        case FP_UP4UB:
            r[i] = b / 255.0f;
            break;
        default:    /* UP4B */
            r[i] = ((float)b - 128.0f) / 127.0f;
            break;
        }
    }
}

static bool is_pack(unsigned op)
{
    return op == FP_PK4B || op == FP_PK2H || op == FP_PK4UB ||
           op == FP_PK2US;
}

static bool is_unpack(unsigned op)
{
    return op == FP_UP4B || op == FP_UP2H || op == FP_UP4UB ||
           op == FP_UP2US;
}

static bool is_tex(unsigned op)
{
    return op == FP_TEX || op == FP_TXP || op == FP_TXD || op == FP_TXB ||
           op == FP_TXL;
}

/*
 * The instructions with one value for every component; the scalar ones
 * read X of their sources after the swizzle.  False for the others.
 */
static bool replicated(unsigned op, const float *a, const float *b,
                       const float *c, float *v)
{
    switch (op) {
    case FP_DP3:
        *v = dot(a, b, 3);
        break;
    case FP_DP4:
        *v = dot(a, b, 4);
        break;
    case FP_DP2A:
        *v = dot(a, b, 2) + c[0];
        break;
    case FP_STR:
    case FP_SFL:
        *v = op == FP_STR;
        break;
    case FP_RCP:
        *v = 1.0f / a[0];
        break;
    case FP_RSQ:
        *v = 1.0f / sqrtf(a[0]);
        break;
    case FP_EX2:
        *v = exp2f(a[0]);
        break;
    case FP_LG2:
        *v = log2f(a[0]);
        break;
    case FP_COS:
        *v = cosf(a[0]);
        break;
    case FP_SIN:
        *v = sinf(a[0]);
        break;
    case FP_POW:
        *v = exp2f(b[0] * log2f(a[0]));
        break;
    default:
        return false;
    }
    return true;
}

/* One pixel's result of an arithmetic instruction; s: [source][pixel]. */
static void alu(unsigned op, const float s[3][4][4], unsigned px,
                float r[4])
{
    const float *a = s[0][px], *b = s[1][px], *c = s[2][px];
    float v;

    if (replicated(op, a, b, c, &v)) {
        splat(r, v);
        return;
    }
    switch (op) {
    case FP_MOV:
        memcpy(r, a, 4 * sizeof(float));
        return;
    case FP_DST:
        r[0] = 1.0f;
        r[1] = a[1] * b[1];
        r[2] = a[2];
        r[3] = b[3];
        return;
    case FP_DDX:
    case FP_DDY:
        /* "can only write XY" (nvfx_shader.h): Z and W read 0 (inferred) */
        quad_deriv(s[0], px, op == FP_DDY, r);
        r[2] = r[3] = 0.0f;
        return;
    case FP_LIT:
        /* NV_fragment_program LIT; the exponent clamped to +-128 */
        r[0] = r[3] = 1.0f;
        r[1] = fmaxf(a[0], 0.0f);
        r[2] = a[0] > 0 ? powf(fmaxf(a[1], 0.0f),
                               fminf(fmaxf(a[3], -128.0f), 128.0f)) : 0.0f;
        return;
    case FP_LITEX2:
        /*
         * Mesa's NV40 LIT leaves max(N.L, 0) in x and y and
         * exponent * log2(N.H) in z and w of the source (inferred).
         */
        r[0] = r[3] = 1.0f;
        r[1] = a[0];
        r[2] = a[0] > 0 ? exp2f(a[2]) : 0.0f;
        return;
    case FP_RFL: {
        /* NV_fragment_program RFL: a the axis, b the direction */
        float k = 2.0f * dot(a, b, 3) / dot(a, a, 3);

        for (unsigned i = 0; i < 3; i++) {
            r[i] = k * a[i] - b[i];
        }
        r[3] = 0.0f;    /* undefined in the spec (inferred) */
        return;
    }
    default:
        break;
    }
    if (is_pack(op)) {
        splat(r, u2f(pack(op, a)));
        return;
    }
    if (is_unpack(op)) {
        unpack(op, f2u(a[0]), r);
        return;
    }
    for (unsigned i = 0; i < 4; i++) {
        switch (op) {
        case FP_MUL:
            r[i] = a[i] * b[i];
            break;
        case FP_ADD:
            r[i] = a[i] + b[i];
            break;
        case FP_MAD:
            r[i] = a[i] * b[i] + c[i];
            break;
        case FP_MIN:
            r[i] = fminf(a[i], b[i]);
            break;
        case FP_MAX:
            r[i] = fmaxf(a[i], b[i]);
            break;
        case FP_FRC:
            r[i] = a[i] - floorf(a[i]);
            break;
        case FP_FLR:
            r[i] = floorf(a[i]);
            break;
        case FP_DIV:
            r[i] = a[i] / b[0];
            break;
        case FP_LRP:
            r[i] = a[i] * b[i] + (1.0f - a[i]) * c[i];
            break;
        case FP_SLT: case FP_SGE: case FP_SLE:
        case FP_SGT: case FP_SNE: case FP_SEQ:
            r[i] = set_on(op, a[i], b[i]);
            break;
        default:        /* NOP */
            r[i] = 0.0f;
            break;
        }
    }
}

static const NVFpTexKind tex_kind[] = {
    [FP_TEX] = NV_FP_TEX, [FP_TXP] = NV_FP_TXP, [FP_TXB] = NV_FP_TXB,
    [FP_TXL] = NV_FP_TXL, [FP_TXD] = NV_FP_TXD,
};

/* Texture instructions: the callback per executing pixel. */
static void texture(const Exec *e, const NVFpInsn *in, float s[3][4][4],
                    float res[4][4])
{
    NVFpTexKind kind = tex_kind[in->op];
    float zero[4] = { 0 };

    if (kind == NV_FP_TXP) {
        /* the projection first: derivatives are the divided values' */
        for (unsigned px = 0; px < 4; px++) {
            for (unsigned c = 0; c < 3; c++) {
                s[0][px][c] /= s[0][px][3];
            }
        }
    }
    for (unsigned px = 0; px < 4; px++) {
        float dx[4], dy[4];
        const float *pdx = dx, *pdy = dy;

        memset(res[px], 0, sizeof(res[px]));
        if (!(e->em & 1 << px) || !e->tex) {
            continue;
        }
        if (kind == NV_FP_TXD) {
            pdx = s[1][px];
            pdy = s[2][px];
        } else if (kind == NV_FP_TXL) {
            pdx = pdy = zero;
        } else {
            quad_deriv(s[0], px, false, dx);
            quad_deriv(s[0], px, true, dy);
        }
        e->tex->sample(e->tex->opaque, in->unit, kind, s[0][px], pdx, pdy,
                       res[px]);
        if (in->expand) {
            /* nvfx_shader.h: "expand value on texture operation" */
            for (unsigned c = 0; c < 4; c++) {
                res[px][c] = 2.0f * res[px][c] - 1.0f;
            }
        }
    }
}

/* Arithmetic and texture instructions, KIL and NOP. */
static void exec_insn(Exec *e, const NVFpInsn *in)
{
    float s[3][4][4], res[4][4];
    bool round = in->prec != FP_PREC_FP32 && !is_pack(in->op) &&
                 !is_unpack(in->op) && !is_tex(in->op);

    if (in->op == FP_KIL) {
        e->kill |= e->em & cond_mask(e, in);
        return;
    }
    if (in->op == FP_NOP) {
        return;                 /* whatever its write mask says */
    }
    /* All four pixels' sources: derivatives need the inactive ones too. */
    for (unsigned px = 0; px < 4; px++) {
        for (unsigned i = 0; i < in->nsrc; i++) {
            fetch(e, in, &in->src[i], px, round, s[i][px]);
        }
    }
    if (is_tex(in->op)) {
        texture(e, in, s, res);
    } else {
        for (unsigned px = 0; px < 4; px++) {
            alu(in->op, s, px, res[px]);
        }
    }
    for (unsigned px = 0; px < 4; px++) {
        if (!(e->em & 1 << px)) {
            continue;
        }
        for (unsigned c = 0; c < 4; c++) {
            float v = res[px][c];

            if (!(in->mask & 1 << c) || (in->cc_test != FP_COND_TR &&
                !cond_test(in->cc_test, e->cc[px][in->cc_swz[c]]))) {
                continue;
            }
            if (!is_pack(in->op)) {
                /* the packed words' bits stay as they are */
                v *= in->scale;
                v = in->sat ? fminf(fmaxf(v, 0.0f), 1.0f) : v;
                v = in->prec != FP_PREC_FP32 ? at_prec(v, in->prec) : v;
            }
            if (!in->dst_none) {
                reg_write(e, px, in->dst, in->dst_half, c, v);
            }
            if (in->cc_update) {
                e->cc[px][c] = v;
            }
        }
    }
}

/* Take @m out of the frames above @base, as they end or break. */
static void drop_pixels(Exec *e, unsigned base, uint8_t m)
{
    for (unsigned i = base; i < e->sp; i++) {
        e->st[i].saved &= ~m;
        e->st[i].cond &= ~m;
        e->st[i].active &= ~m;
    }
}

/* The innermost frame of @kind above any CALL frame; -1 if none. */
static int innermost(const Exec *e, FrameKind kind)
{
    for (int i = e->sp - 1; i >= 0; i--) {
        if (e->st[i].kind == kind) {
            return i;
        }
        if (e->st[i].kind == FRAME_CALL) {
            break;
        }
    }
    return -1;
}

static Frame *push(Exec *e, FrameKind kind, uint8_t active, uint32_t a,
                   uint32_t b)
{
    Frame *f;

    if (e->sp == NV_FP_STACK) {
        return NULL;
    }
    f = &e->st[e->sp++];
    *f = (Frame) {
        .kind = kind, .saved = e->em, .cond = active, .active = active,
        .a = a, .b = b,
    };
    e->em = active;
    return f;
}

/* Curie's branch instructions (NV_fragment_program2 semantics). */
static void exec_branch(Exec *e, const NVFpInsn *in)
{
    uint8_t m = e->em & cond_mask(e, in);
    Frame *f;
    int i;

    switch (in->op) {
    case FP_IF:
        /* a full stack runs both parts for every pixel (inferred) */
        push(e, FRAME_IF, m, in->target, in->target2);
        break;
    case FP_REP:
    case FP_LOOP:
        f = m && in->count ? push(e, FRAME_LOOP, m, e->pc, in->target2)
                           : NULL;
        if (f) {
            f->remaining = in->count;
        } else {
            e->pc = in->target2;
        }
        break;
    case FP_BRK:
        i = innermost(e, FRAME_LOOP);
        if (i >= 0) {
            drop_pixels(e, i + 1, m);
            e->st[i].active &= ~m;
            e->em &= ~m;
        }
        break;
    case FP_CAL:
        if (m && push(e, FRAME_CALL, m, e->pc, 0)) {
            e->pc = in->target;
        }
        break;
    case FP_RET:
        /* outside a subroutine RET ends the program for its pixels */
        i = innermost(e, FRAME_CALL);
        drop_pixels(e, i + 1, m);
        e->em &= ~m;
        if (i >= 0 && !(e->st[i].active &= ~m)) {
            e->pc = e->st[i].a;
            e->em = e->st[i].saved;
            e->sp = i;
        }
        break;
    default:
        break;
    }
}

/* The frame on top ends or turns at this address: true if it did. */
static bool frame_marker(Exec *e)
{
    Frame *f = &e->st[e->sp - 1];

    if (f->kind == FRAME_IF && !f->in_else && e->pc == f->a) {
        f->in_else = true;
        e->em = f->saved & ~f->cond;
        return true;
    }
    if (f->kind == FRAME_CALL || e->pc != f->b) {
        return false;
    }
    if (f->kind == FRAME_LOOP && --f->remaining && f->active) {
        e->em = f->active;
        e->pc = f->a;
    } else {
        e->em = f->saved;
        e->sp--;
    }
    return true;
}

/* No pixel executes: on to where the top frame gives some back. */
static void skip(Exec *e)
{
    Frame *f = &e->st[e->sp - 1];

    switch (f->kind) {
    case FRAME_IF:
        e->pc = f->in_else ? f->b : f->a;
        break;
    case FRAME_LOOP:
        f->active = 0;
        e->pc = f->b;
        break;
    default:
        e->pc = f->a;
        e->em = f->saved;
        e->sp--;
        break;
    }
}

void nv_fp_run_quad(const NVFpProgram *p, const NVFpQuadIn *in,
                    const NVFpTex *tex, NVFpQuadOut *out)
{
    Exec ex, *e = &ex;
    unsigned steps;

    e->p = p;
    e->in = in;
    e->tex = tex;
    e->em = 0xf;
    e->kill = 0;
    e->pc = e->sp = 0;
    /*
     * Registers start at 0 (nvfx_shader.h: SWIZZLE_ZERO relies on it);
     * those past p->nregs are never touched.
     */
    for (unsigned px = 0; px < 4; px++) {
        memset(e->r[px], 0, p->nregs * sizeof(e->r[px][0]));
    }
    memset(e->cc, 0, sizeof(e->cc));
    memset(out, 0, sizeof(*out));
    for (steps = 0;; steps++) {
        const NVFpInsn *insn;

        if (steps == NV_FP_MAX_STEPS) {
            out->runaway = true;
            break;
        }
        if (e->sp && frame_marker(e)) {
            continue;
        }
        if (e->pc >= p->ninsn) {
            break;
        }
        if (!e->em) {
            if (!e->sp) {
                break;          /* every pixel has returned */
            }
            skip(e);
            continue;
        }
        insn = &p->insn[e->pc++];
        if (insn->op >= FP_BRA) {
            exec_branch(e, insn);
        } else {
            exec_insn(e, insn);
        }
    }

    for (unsigned px = 0; px < 4; px++) {
        for (unsigned n = 0; n < NV_FP_COLORS; n++) {
            unsigned reg = fp_color_reg(n);
            bool full = p->out_full & 1 << n;

            /* never written: its halves are 0, as out->color already */
            if (!(p->out_written & 1 << n)) {
                continue;
            }
            for (unsigned c = 0; c < 4; c++) {
                out->color[n][px][c] = reg_read(e, px, full ? reg : 2 * reg,
                                                !full, c);
            }
        }
        out->depth[px] = u2f(e->r[px][1][2]);
        for (unsigned n = 0; in->combiners && n < NV_FP_RC_TEX; n++) {
            for (unsigned c = 0; c < 4; c++) {
                out->rc_tex[px][n][c] = reg_read(e, px, n, true, c);
            }
        }
    }
    out->depth_replaced = (in->control & NV_FP_CONTROL_DEPTH_REPLACE) ==
                          NV_FP_CONTROL_DEPTH_REPLACE;
    /* KIL counts only with FP_CONTROL's KIL bit (inferred) */
    out->killed = in->control & NV_FP_CONTROL_KIL ? e->kill & in->mask : 0;
}

/*
 * The TBUF slot of input @i (NV_FP_IN_*), 0 if it has none (the
 * position, facing): the output numbering of Mesa's nv30_vertprog.h and
 * nv40_vertprog.h (NV30_VP_INST_DEST_COL0 3, TC(n) 8 + n;
 * NV40_VP_INST_DEST_COL0 1, TC(n) 7 + n), docs/xf.rst "Output target";
 * the fog coordinate in XF's FOGC, slot 5.
 */
static unsigned input_slot(NVFpGen gen, unsigned i)
{
    static const uint8_t slot[2][NV_FP_INPUTS] = {
        [NV_FP_RANKINE] = { 0, 3, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15 },
        [NV_FP_CURIE] = { 0, 1, 2, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 },
    };

    return slot[gen == NV_FP_CURIE][i % NV_FP_INPUTS];
}

uint32_t nv_fp_attr_mask(const NVFpProgram *p)
{
    uint32_t m = 0;

    for (unsigned i = 0; i < NV_FP_INPUTS; i++) {
        if (p->inputs & 1u << i && input_slot(p->gen, i)) {
            m |= 1u << input_slot(p->gen, i);
        }
    }
    return m;
}

void nv_fp_quad_in(NVFpQuadIn *in, NVFpGen gen, const NVRasterState *st,
                   const NVRasterQuad *q)
{
    /* each input's slot; 0 (the position's) for none */
    unsigned slot[NV_FP_INPUTS];

    for (unsigned i = 0; i < NV_FP_INPUTS; i++) {
        slot[i] = st->attr_mask & 1u << input_slot(gen, i) ?
                  input_slot(gen, i) : 0;
    }
    in->mask = q->mask;
    for (unsigned px = 0; px < 4; px++) {
        const NVRasterFrag *f = &q->f[px];
        float (*a)[4] = in->attr[px];

        nv_raster_frag_coord(st, q->x + (px & 1), q->y + (px >> 1),
                             a[NV_FP_IN_POSITION]);
        a[NV_FP_IN_POSITION][2] = f->z;
        a[NV_FP_IN_POSITION][3] = f->q;
        /* each input written once: a slot's values, or 0 */
        for (unsigned i = NV_FP_IN_COL0; i < NV_FP_INPUTS; i++) {
            if (slot[i] && i != NV_FP_IN_FOGC) {
                memcpy(a[i], f->attr[slot[i]], sizeof(a[i]));
            } else {
                a[i][0] = a[i][1] = a[i][2] = a[i][3] = 0;
            }
        }
        /*
         * Fog: FOGC's X; W reads 0 (Mesa's nvfx_fragprog.c adds 1 to it
         * for GL), Y and Z taken as 0 too (Curie keeps clip distances
         * there).
         */
        if (slot[NV_FP_IN_FOGC]) {
            a[NV_FP_IN_FOGC][0] = f->attr[slot[NV_FP_IN_FOGC]][0];
        }
        if (gen == NV_FP_CURIE) {
            /* NV_fragment_program2's fragment.facing */
            a[NV_FP_IN_FACING][0] = q->back ? -1.0f : 1.0f;
        }
    }
}
