/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: XF, the vertex transform engine of Kelvin, Rankine and Curie
 * (envytools docs/hw/graph/xf/intro.rst, isa.rst, ctx.rst, mode.rst): its
 * state and API.
 *
 * XF is fed IDX2XF commands (idx.h; idx.c unwraps them from the FE's
 * wrapped form), keeps its RAMs in fixed-size arrays so VMState can
 * describe them, decodes XFPR into an internal form when it is written and
 * runs vertex state programs and vertex programs, queueing processed
 * vertices on an XF2VTX ring for the next stage.  xf.c handles the
 * commands, RDI and the rings; xf-exec.c is the interpreter.
 */
#ifndef HW_NV_XF_H
#define HW_NV_XF_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/nv/nv-model.h"
#include "hw/nv/xf/idx.h"
#include "hw/nv/xf/xf-isa.h"

typedef struct NVCard NVCard;

/* Sizes: the largest of any generation, so one struct fits all models. */
#define NV_XF_VAB_SLOTS     17      /* 16 attributes + PASS (Kelvin/Rankine) */
#define NV_XF_VAB_PASS      16
#define NV_XF_CTX_SLOTS     0x220   /* NV40 (intro.rst item 9) */
#define NV_XF_PR_SLOTS      0x220   /* NV40+ (isa.rst "encoding") */
#define NV_XF_LTCTX_SLOTS   0x4a    /* ctx.rst: NV20's list ends at 0x49 */
/* NV25's LTCTX_A: inferred, docs/xf.rst "Access from PGRAPH". */
#define NV25_LTCTX_A_SLOTS  0x40
#define NV_XF_LTC_SLOTS     0x20    /* inferred: ctx.rst lists up to 0x14 */
#define NV_XF_MODE_VECS     2       /* Rankine: two XFMODE vectors */
#define NV_XF_XTRA_VECS     2
#define NV_XF_TXC           8       /* XF_TXC bundles with texgen (NV40) */
/* Output registers: Rankine numbers its clip distances 17-22 (Mesa
 * nv30_vertprog.h DEST_CLP); higher numbers write nothing (inferred). */
#define NV_XF_TBUF          24
#define NV_XF_QUEUE         8       /* XF2VTX records held for VTX */
#define NV_XF_PASSTHRU      32      /* PASSTHRU words held for VTX */

/*
 * A source as the interpreter reads it, derived from NVXfSrc at decode:
 * vector @idx of the space @space (xf-exec.c: zero, temps, IBUF, XFCTX),
 * which is @vec, or the address register added first when @indexed; then
 * each component v[swz[c]] & @and_mask ^ @xor_mask (ABS, then NEG).
 * @plain: not indexed, and swizzle and masks leave the vector as it is.
 * @bcast: the swizzle takes one component four times.
 */
typedef struct NVXfOpSrc {
    const uint32_t *vec;        /* in NVXf (regs, ram) or a zero vector */
    uint8_t space;
    bool indexed, plain, bcast;
    uint16_t idx;
    uint8_t swz[4];
    uint32_t and_mask, xor_mask;
} NVXfOpSrc;

/*
 * An instruction ready to run: the decoded fields plus what xf-exec.c
 * works out from them once, when the instruction is decoded, instead of
 * at every step.  Rebuilt with the rest of code[], never migrated.
 */
typedef struct NVXfOp {
    NVXfInsn in;
    NVXfOpSrc src[3];
    uint8_t reads;              /* bit i: the ops read SRCi */
    uint8_t vec, sca;           /* the ops; 0 (NOP) where this ISA has none */
    bool has_vec, has_sca;      /* the units produce a result */
    bool areg, flow;            /* ARL/ARR/ARA; BRA/CAL/RET/PUSHA/POPA */
    uint8_t wm_vec, wm_sca;     /* temp write masks; 0 for "no temp" */
    uint32_t *vdst, *sdst;      /* the results' temps (NVXf.regs) */
    uint8_t out_wm_vec, out_wm_sca; /* output's; 0 where it is dropped */
    uint8_t cc_from;            /* 0: no CC write, 1: vector, 2: scalar */
    uint8_t cc_wm;              /* the components CC takes */
    bool more;                  /* scalar, AREG, CC, SAT or a condition */
    bool mad;                   /* MUL, ADD or MAD */
    bool direct;                /* only a whole vector result to a temp */
    uint8_t step;               /* xf-exec.c's STEP_*: the run loop's handler */
    uint8_t group;              /* instructions it runs: a DP group's */
    uint8_t group_src;          /* the source the group's DPs share */
    bool group_diag;            /* the group writes lane j of member j... */
    uint8_t group_wm, group_out_wm; /* ...under these masks, all at once */
} NVXfOp;

/* One processed vertex: the TBUF as the program left it. */
typedef struct NVXfVertex {
    uint32_t tbuf[NV_XF_TBUF][4];
} NVXfVertex;

/*
 * XF's RAMs and the registers beside them: what a graphics context holds
 * of XF (PGRAPH switches them with the channel, docs/pgraph.rst).
 */
typedef struct NVXfRams {
    uint32_t vab[NV_XF_VAB_SLOTS][4];
    uint32_t ctx[NV_XF_CTX_SLOTS][4];
    /* XFPR in the native encoding; bit n in [n / 32]. */
    uint32_t pr[NV_XF_PR_SLOTS][NV_XF_PR_WORDS];
    uint32_t ltctx[NV_XF_LTCTX_SLOTS][4];
    uint32_t ltc[4][NV_XF_LTC_SLOTS];
    uint32_t mode[NV_XF_MODE_VECS][4];
    uint32_t xtra[NV_XF_XTRA_VECS][4];
    uint32_t timeout;           /* Rankine: 16 bits; set through XTRA/RDI */
} NVXfRams;

/*
 * NV40+: the XF bundles (envytools docs/hw/graph/xf/mode.rst "Curie XF
 * bundles"), which take XFMODE's place: XF_A (material sources, fog
 * coordinate, lighting, weights, normalize), XF_LIGHT (light types and
 * the light model), XF_C (program start, MODE) and the texgen half of
 * XF_TXC.  PGRAPH keeps them in its bundle registers (and its context)
 * and gives XF their values before each vertex.
 */
typedef struct NVXfBundles {
    uint32_t a, light, c;
    uint32_t txc[NV_XF_TXC];
} NVXfBundles;

typedef struct NVXf {
    /* Guest-visible state: migrated. */
    NVXfRams ram;
    uint8_t upload_isa;         /* NVXfIsa of XFPR uploads (class-chosen) */
    bool side_effects;          /* vertex programs may write XFCTX */
    NVXfVertex queue[NV_XF_QUEUE];
    uint32_t q_head, q_count;
    uint32_t passthru[NV_XF_PASSTHRU];  /* PASSTHRU payloads for VTX */
    uint32_t pt_head, pt_count;
    uint32_t last_icnt;         /* instructions run by the last program */
    bool last_timed_out;

    /* Derived from pr[] (nv_xf_post_load rebuilds it): not migrated. */
    NVXfIsa isa;
    uint16_t pr_slots, ctx_slots, temps;    /* the ISA's, for each run */
    bool vp2;                   /* code[] was decoded with VP2 active */
    NVXfOp code[NV_XF_PR_SLOTS];
    /*
     * XFREG while a program runs (cleared at its start), and a spare that
     * takes the writes to no temp.  Here rather than on the stack, so
     * that code[] can point at each temp a program reads or writes.
     */
    uint32_t regs[NV_XF_REGS + 1][4];
    /* NV40+, derived from PGRAPH's bundle registers before each vertex. */
    NVXfBundles bundles;
} NVXf;

void nv_xf_reset(NVXf *xf, NVXfIsa isa);
/* The RAMs as reset leaves them (a new context's; nv_xf_post_load next). */
void nv_xf_reset_rams(NVXfRams *ram);
/* After migration: rebuild code[] from pr[], sanitise the ring indices. */
void nv_xf_post_load(NVXf *xf);
/* A write command.  @card (may be NULL) receives guest-error logs. */
void nv_xf_write(NVXf *xf, NVCard *card, const NVXfCmd *cmd);
/* A read command of one word; unreadable types log and return 0. */
uint32_t nv_xf_read(NVXf *xf, NVCard *card, const NVXfCmd *cmd);
/*
 * Vertex trigger: process the VAB as XFMODE says (fixed function, Kelvin's
 * bypass or the vertex program) and queue the result on XF2VTX.
 */
void nv_xf_vertex(NVXf *xf, NVCard *card);
/*
 * Fixed-function transform and lighting, or Kelvin's bypass, of the VAB
 * into @tbuf (NV_XF_TBUF vectors, in the ISA's output order) when XFMODE
 * (NV40: XF_C) selects one (xf-ff.c); false, @tbuf untouched, when a
 * vertex program is to run (and always on NV41+).
 */
bool nv_xf_ff_vertex(const NVXf *xf, uint32_t (*tbuf)[4]);
/*
 * Eight two-bit material sources in COLOR_MATERIAL's order (rnndb: front
 * emission, ambient, diffuse, specular, then the back ones; 0 none, 1
 * COL0, 2 COL1), as NV40's XF_A keeps them from bit 3, placed where
 * XFMODE_A has its LIGHT_MATERIAL fields (mode.rst).
 */
uint32_t nv_xf_material_bits(uint32_t fields);
/*
 * Take the oldest processed vertex, in place: valid until the next
 * nv_xf_vertex(); NULL when the queue is empty.
 */
const NVXfVertex *nv_xf_take_vertex(NVXf *xf);
/* The same, copied into @v; false when the queue is empty. */
bool nv_xf_pop_vertex(NVXf *xf, NVXfVertex *v);
/* Take the oldest PASSTHRU word; false when there is none. */
bool nv_xf_pop_passthru(NVXf *xf, uint32_t *word);
/*
 * RDI access to XF's RAMs (space 0x10 XFPR, 0x15 VAB, 0x17 XFCTX, 0x18
 * LTCTX; @offset in bytes).  False for spaces or slots we do not model.
 */
bool nv_xf_rdi_write(NVXf *xf, unsigned space, uint32_t offset, uint32_t val);
bool nv_xf_rdi_read(NVXf *xf, unsigned space, uint32_t offset, uint32_t *val);

#endif
