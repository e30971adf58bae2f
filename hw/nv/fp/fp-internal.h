/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the fragment-program engine's decoded operations, used by
 * the decoder (fp-isa.c) and the interpreter (fp.c).
 */
#ifndef HW_NV_FP_INTERNAL_H
#define HW_NV_FP_INTERNAL_H

#include "hw/nv/fp/fp.h"

/*
 * Operations: the hardware opcodes (bits 24-29 of the first word, Mesa's
 * NVFX_FP_OP_OPCODE_*) keep their numbers; Curie's branches (the first
 * word's opcode with NV40_FP_OP_OPCODE_IS_BRANCH) come after them.
 */
typedef enum NVFpOp {
    /* arithmetic */
    FP_NOP = 0x00, FP_MOV = 0x01, FP_MUL = 0x02, FP_ADD = 0x03,
    FP_MAD = 0x04, FP_DP3 = 0x05, FP_DP4 = 0x06, FP_DST = 0x07,
    FP_MIN = 0x08, FP_MAX = 0x09, FP_FRC = 0x10, FP_FLR = 0x11,
    FP_DP2A = 0x2e, FP_DIV = 0x3a,
    /* set on comparison */
    FP_SLT = 0x0a, FP_SGE = 0x0b, FP_SLE = 0x0c, FP_SGT = 0x0d,
    FP_SNE = 0x0e, FP_SEQ = 0x0f, FP_STR = 0x20, FP_SFL = 0x21,
    /* kill, derivatives, textures */
    FP_KIL = 0x12, FP_DDX = 0x15, FP_DDY = 0x16, FP_TEX = 0x17,
    FP_TXP = 0x18, FP_TXD = 0x19, FP_TXL = 0x2f, FP_TXB = 0x31,
    /* scalar and lighting */
    FP_RCP = 0x1a, FP_RSQ = 0x1b, FP_EX2 = 0x1c, FP_LG2 = 0x1d,
    FP_LIT = 0x1e, FP_LRP = 0x1f, FP_COS = 0x22, FP_SIN = 0x23,
    FP_POW = 0x26, FP_RFL = 0x36, FP_LITEX2 = 0x3c,
    /* packing */
    FP_PK4B = 0x13, FP_UP4B = 0x14, FP_PK2H = 0x24, FP_UP2H = 0x25,
    FP_PK4UB = 0x27, FP_UP4UB = 0x28, FP_PK2US = 0x29, FP_UP2US = 0x2a,
    /* Curie's branches: NV40_FP_OP_BRA_OPCODE_* + FP_BRA */
    FP_BRA = 0x40,
    FP_BRK = FP_BRA + 0, FP_CAL = FP_BRA + 1, FP_IF = FP_BRA + 2,
    FP_LOOP = FP_BRA + 3, FP_REP = FP_BRA + 4, FP_RET = FP_BRA + 5,
} NVFpOp;

/* NVFX_FP_PRECISION_*, and Curie's fixed point s0.8 (nvfx_shader.h). */
enum { FP_PREC_FP32, FP_PREC_FP16, FP_PREC_FX12, FP_PREC_FX9 };

/* NVFX_FP_REG_TYPE_* */
enum { FP_SRC_TEMP, FP_SRC_INPUT, FP_SRC_CONST };

/* NVFX_FP_OP_COND_* */
enum {
    FP_COND_FL, FP_COND_LT, FP_COND_EQ, FP_COND_LE,
    FP_COND_GT, FP_COND_NE, FP_COND_GE, FP_COND_TR,
};

/*
 * Colour output n's register: Mesa's nvfx_fragprog.c gives colours 0-3
 * the outputs 0, 2, 3, 4 and writes them as H0, H4, H6, H8, the halves
 * of R0, R2, R3, R4.
 */
static inline unsigned fp_color_reg(unsigned n)
{
    return n ? n + 1 : 0;
}

#endif
