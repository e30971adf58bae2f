/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the fragment-program engine of Rankine (NV30/NV34) and Curie
 * (NV40/NV43/NV44).
 *
 * QEMU-free, like the rasterizer it follows (hw/nv/raster/raster.h): the
 * 3D class reads the program FP_ACTIVE_PROGRAM points at through its DMA
 * object, decodes it once with nv_fp_decode() and runs every 2x2 quad
 * through nv_fp_run_quad().  Texture sampling is the caller's callback.
 * docs/fp.rst has the encoding, the semantics and what is inferred.
 */
#ifndef HW_NV_FP_H
#define HW_NV_FP_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/nv/raster/raster.h"

/* Mesa's nv30_screen.c: PIPE_SHADER_CAP_MAX_INSTRUCTIONS of fragment. */
#define NV_FP_MAX_INSNS         4096
/*
 * Instructions a quad may execute: NV_fragment_program2's 65536 executed
 * instructions; a program that loops longer stops there.
 */
#define NV_FP_MAX_STEPS         65536
/* R registers (Curie's 6-bit register field; Rankine has 32). */
#define NV_FP_REGS              64
/* Inputs, numbered as Mesa's NVFX_FP_OP_INPUT_SRC_* (4 bits). */
#define NV_FP_INPUTS            16
/* Colour outputs: H0, H4, H6, H8 (Mesa's MRT outputs; Rankine has 2). */
#define NV_FP_COLORS            4
/*
 * Rankine's register combiners after the program: H0-H3 are their
 * texture registers (docs/fp.rst "Outputs").
 */
#define NV_FP_RC_TEX            4
/* Control-flow nesting (IF, REP/LOOP and CAL together). */
#define NV_FP_STACK             16
/* Texture units (the instruction's 4-bit TEX_UNIT field). */
#define NV_FP_TEX_UNITS         16

/* Inputs (Mesa's nvfx_shader.h NVFX_FP_OP_INPUT_SRC_*). */
enum {
    NV_FP_IN_POSITION = 0,      /* window x, y, z, 1/w */
    NV_FP_IN_COL0 = 1,
    NV_FP_IN_COL1 = 2,
    NV_FP_IN_FOGC = 3,
    NV_FP_IN_TC0 = 4,           /* TC0-TC7 4-11; Curie's TC8, TC9 12-13 */
    NV_FP_IN_FACING = 14,       /* Curie: +1 front-facing, -1 back */
};

/* FP_CONTROL (rnndb graph/nv30-40_3d.xml) bits the engine uses. */
#define NV_FP_CONTROL_DEPTH_REPLACE     0x0000000e  /* Mesa's nvfx_fragprog.c */
#define NV_FP_CONTROL_KIL               0x00000080  /* USES_KIL / KIL */

typedef enum NVFpGen {
    NV_FP_RANKINE,
    NV_FP_CURIE,
} NVFpGen;

/* What nv_fp_decode() thought of the program. */
typedef enum NVFpStatus {
    NV_FP_OK,
    NV_FP_GUEST_ERROR,          /* a bad encoding: log as LOG_GUEST_ERROR */
    NV_FP_UNIMP,                /* a feature not modelled: LOG_UNIMP */
} NVFpStatus;

/* One decoded source operand. */
typedef struct NVFpSrc {
    uint8_t type;               /* NVFX_FP_REG_TYPE_*: temp, input, const */
    uint8_t index;              /* R or H register; input number */
    bool half;                  /* an H register */
    bool neg, abs;
    uint8_t swz[4];
} NVFpSrc;

/* One decoded instruction. */
typedef struct NVFpInsn {
    uint8_t op;                 /* NVFpOp (fp-internal.h) */
    uint8_t nsrc;               /* the sources the operation reads */
    uint8_t prec;               /* NVFX_FP_PRECISION_*, 3: Curie's FX9 */
    uint8_t dst;                /* register index */
    bool dst_half, dst_none, sat, cc_update, expand;
    uint8_t mask;               /* write mask, bit 0 X */
    uint8_t cc_test;            /* NVFX_FP_OP_COND_* */
    uint8_t cc_swz[4];
    uint8_t unit;               /* texture unit */
    uint8_t input;              /* the input its input sources read */
    float scale;                /* DST_SCALE: 1, 2, 4, 8, 1/2, 1/4, 1/8 */
    NVFpSrc src[3];
    float cst[4];               /* the inline constant */
    /* Curie's branches: targets as instruction indexes, counts. */
    uint32_t target, target2;
    uint8_t count;
} NVFpInsn;

typedef struct NVFpProgram {
    NVFpGen gen;
    unsigned ninsn;
    /* R registers the program can touch: R0 up to R(nregs - 1) */
    unsigned nregs;
    /* Bit n: colour output n (R0, R2, R3, R4) written at full precision. */
    uint8_t out_full;
    /*
     * Bit n: colour output n's R register is a destination (as R or H);
     * the others keep their starting 0.
     */
    uint8_t out_written;
    /* Bit n: input n (NV_FP_IN_*) read by an instruction's source. */
    uint16_t inputs;
    NVFpStatus status;
    const char *error;          /* the first problem, NULL if none */
    unsigned error_word;        /* its word offset in the program */
    NVFpInsn insn[NV_FP_MAX_INSNS];
} NVFpProgram;

/* A quad's pixels as nv_raster's NVRasterQuad orders them. */
typedef struct NVFpQuadIn {
    float attr[4][NV_FP_INPUTS][4];  /* [pixel][input][x, y, z, w] */
    uint8_t mask;               /* bit i: pixel i is a fragment */
    uint32_t control;           /* FP_CONTROL */
    bool combiners;             /* fill out->rc_tex */
} NVFpQuadIn;

/*
 * A quad's results.  Helper pixels (outside in->mask) have colours and
 * depth too, which mean nothing; the fragments to write are in->mask
 * less @killed.
 */
typedef struct NVFpQuadOut {
    float color[NV_FP_COLORS][4][4];    /* [output][pixel][r, g, b, a] */
    float depth[4];             /* R1.z when depth_replaced */
    float rc_tex[4][NV_FP_RC_TEX][4];   /* in->combiners: [pixel][Hn] */
    bool depth_replaced;
    uint8_t killed;             /* fragments (of in->mask) killed by KIL */
    bool runaway;               /* stopped after NV_FP_MAX_STEPS */
} NVFpQuadOut;

/* What a texture instruction asks of the texture unit. */
typedef enum NVFpTexKind {
    NV_FP_TEX,                  /* coord s, t, r, q; dx, dy from the quad */
    NV_FP_TXP,                  /* s, t, r already divided by q (in [3]) */
    NV_FP_TXB,                  /* LOD bias in coord[3] */
    NV_FP_TXL,                  /* LOD in coord[3]; dx, dy zero */
    NV_FP_TXD,                  /* dx, dy from the instruction */
} NVFpTexKind;

typedef struct NVFpTex {
    void *opaque;
    void (*sample)(void *opaque, unsigned unit, NVFpTexKind kind,
                   const float coord[4], const float dx[4],
                   const float dy[4], float out[4]);
} NVFpTex;

/*
 * Decode the program @words (as little-endian words in memory) up to the
 * instruction with the END bit, @nwords or NV_FP_MAX_INSNS instructions.
 * Bad encodings decode as NOPs; the status and p->error say what was bad.
 */
NVFpStatus nv_fp_decode(NVFpProgram *p, NVFpGen gen, const uint32_t *words,
                        unsigned nwords);
/*
 * The program words of @nbytes of memory @mem.  @big_endian: PMC's
 * big-endian mode, where each word's 16-bit halves are big-endian, the
 * low half first (Mesa's nv30_fragprog.c swaps halves on such hosts).
 * Returns the number of whole words.
 */
unsigned nv_fp_load_words(uint32_t *words, const uint8_t *mem,
                          unsigned nbytes, bool big_endian);
/*
 * @q's pixels as the inputs of a program of @gen: the position from
 * nv_raster_frag_coord() with the pixel's z and 1/w; the colours, fog
 * coordinate and texture coordinates from the TBUF slots XF writes them
 * to (docs/fp.rst "Inputs"), 0 for slots outside st->attr_mask; Curie's
 * facing.  Sets in->mask, not in->control.
 */
void nv_fp_quad_in(NVFpQuadIn *in, NVFpGen gen, const NVRasterState *st,
                   const NVRasterQuad *q);
/*
 * The TBUF slots nv_fp_quad_in() takes @p's inputs from: the rasterizer's
 * attr_mask that interpolates every slot the program reads and no other.
 */
uint32_t nv_fp_attr_mask(const NVFpProgram *p);
/*
 * Run @p on a quad; @tex may be NULL (textures read 0, 0, 0, 0).  Every
 * pixel runs, helpers too, but only in->mask's are killed or matter.
 */
void nv_fp_run_quad(const NVFpProgram *p, const NVFpQuadIn *in,
                    const NVFpTex *tex, NVFpQuadOut *out);

/* IEEE half <-> single, as the H registers store them (round to even). */
uint16_t nv_fp_to_half(float f);
float nv_fp_from_half(uint16_t h);

#endif
