/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: VP1 core internals shared by hw/nv/vp1*.c (one file per unit).
 * Not part of the card's API.
 */
#ifndef HW_NV_VP1_INTERNAL_H
#define HW_NV_VP1_INTERNAL_H

#include "hw/nv/vp1.h"

/* Register files the scalar, address and branch units queue writes to. */
enum { F_R, F_A, F_L, F_M, F_SR, F_MI, F_UC, F_F };

typedef struct Wr32 {
    uint8_t file, idx, prio;
    uint32_t val;
} Wr32;

typedef struct WrV {
    uint8_t idx, prio;
    uint16_t bytes;         /* byte enables */
    uint8_t val[16];
} WrV;

typedef struct S2V {
    bool valid;
    int16_t factor[4];
    uint16_t vcmask;
    uint16_t mask[2];
} S2V;

/*
 * One bundle in flight: the s2v bus and the queued writes.  Everything
 * before w32 is cleared per bundle (an s2v bus nobody drove reads 0); the
 * rest is only read where the counters and flags say it was written.
 */
typedef struct Exec {
    NVVp1 *vp;
    S2V s2v;
    unsigned n32, nv;
    uint16_t c_mask[4], c_val[4];
    bool va_w, vc_w, vx_w;
    bool jump, call, exit;          /* control flow */
    uint32_t target;
    uint32_t exit_word;
    Wr32 w32[8];
    WrV wv[4];
    uint8_t vc_idx;
    uint32_t vc_val;
    int32_t va[16];
    uint8_t vx[16];
} Exec;

/*
 * Write priorities (intro.rst, "Instruction conflicts"): the higher
 * number wins.  $r: scalar 3, address load 2, scalar mov from $c/$v/$a/$l
 * 1.  $v: vector 3, address 2, scalar 1.  $a: scalar 2, address 1.  $l:
 * branch 2, scalar 1.
 */
void vp1_wr32(Exec *x, unsigned file, unsigned idx, unsigned prio,
              uint32_t val);
/* Queue a $v write of the bytes in @bytes; the caller fills val[]. */
WrV *vp1_wrv(Exec *x, unsigned idx, unsigned prio, uint16_t bytes);
/* Queue a write of the @mask bits of $c[@idx] (ignored if @idx > 3). */
void vp1_set_c(Exec *x, unsigned idx, uint16_t mask, uint16_t val);

unsigned vp1_src2s(const NVVp1 *vp, const NVVp1Insn *in);
int64_t vp1_alu(unsigned kind, int64_t s1, int64_t s2);
uint8_t vp1_byte_alu(unsigned kind, bool uns, uint8_t a, uint8_t b, bool *sf);
uint8_t vp1_byte_shift(uint8_t a, uint8_t b, bool uns);

void vp1_exec_scalar(Exec *x, const NVVp1Insn *in, bool exit_in_bundle);
void vp1_exec_address(Exec *x, const NVVp1Insn *in, unsigned vforce);
void vp1_exec_vector(Exec *x, const NVVp1Insn *in);

static inline int32_t sext(uint32_t v, unsigned bit)
{
    uint32_t m = 1u << bit;

    v &= (m << 1) - 1;
    return (int32_t)((int64_t)(v ^ m) - m);
}

/*
 * bitop(op, a, b) (the "arbitrary two-input bit operation" the docs
 * reference): op is a truth table indexed by (a << 1 | b) per bit.
 */
static inline uint32_t bitop(unsigned op, uint32_t a, uint32_t b)
{
    return (op & 8 ? a & b : 0) | (op & 4 ? a & ~b : 0) |
           (op & 2 ? ~a & b : 0) | (op & 1 ? ~a & ~b : 0);
}

/* The quad register mangling of vlrp2 and ldax: rotate by $c bits 4-5. */
static inline unsigned quad(unsigned reg, uint16_t c, unsigned k)
{
    return (reg & 0x1c) | ((reg + (c >> 4) + k) & 3);
}

static inline uint8_t byte_of(uint32_t v, unsigned i)
{
    return v >> (8 * i);
}

#endif
