/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: XF's instruction formats (envytools docs/hw/graph/xf/isa.rst):
 * the ISA-neutral decoded instruction, and the decoder, encoder and
 * upload converter of xf-isa.c for Kelvin, Rankine, NV40's combined
 * encoding and Curie.
 */
#ifndef HW_NV_XF_ISA_H
#define HW_NV_XF_ISA_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/nv/nv-model.h"

/* Sizes: the largest of any ISA, so one struct fits all models. */
#define NV_XF_PR_WORDS      5       /* 144 bits of the combined ISA */
#define NV_XF_REGS          32      /* a temp index past it: no temp */

/* A decoded instruction: every field of isa.rst's table, ISA-neutral. */
typedef struct NVXfSrc {
    uint8_t mux;                /* 1 temp, 2 IBUF, 3 XFCTX; 0 inferred 0 */
    uint8_t reg;
    uint8_t swz[4];             /* source component for X, Y, Z, W */
    bool neg, abs;
} NVXfSrc;

typedef struct NVXfInsn {
    bool end, ctx_indexed, ibuf_indexed, out_indexed, sat;
    bool out_to_ctx;            /* OUT_TARGET; NV40+ outputs only TBUF */
    bool out_is_sca;            /* output gets the scalar result (Kelvin) */
    bool both_out;              /* Rankine/combined: both results go out */
    uint16_t out_addr;
    uint8_t out_wm_vec, out_wm_sca;
    uint8_t dst_vec, dst_sca;   /* temp index; >= NV_XF_REGS: none */
    uint8_t dst_wm_vec, dst_wm_sca;
    NVXfSrc src[3];
    uint8_t ibuf_addr;
    uint16_t ctx_addr;
    uint8_t op_vec, op_sca;
    uint8_t asrc, asrc_swz;
    uint8_t csrc_swz[4];
    uint8_t cond_test;
    bool cond_enable, cdst_write, cdst_is_vec;
    uint8_t csrcdst;
    uint16_t target;            /* BRA/CAL target */
} NVXfInsn;

/* XFREG's size (xf-isa.c): the decoder maps temps past it to none. */
unsigned nv_xf_temps(NVXfIsa isa);
/* Decoders (xf-isa.c): @w is the instruction, bit n in w[n / 32]. */
void nv_xf_decode(NVXfIsa isa, const uint32_t w[NV_XF_PR_WORDS],
                  NVXfInsn *insn);
/* Encode @in in ISA @isa: what the ISA has no field for is dropped. */
void nv_xf_encode(NVXfIsa isa, const NVXfInsn *in,
                  uint32_t w[NV_XF_PR_WORDS]);
/* Re-encode an instruction of ISA @from in ISA @to (upload conversion). */
void nv_xf_convert(NVXfIsa from, NVXfIsa to, const uint32_t in[NV_XF_PR_WORDS],
                   uint32_t out[NV_XF_PR_WORDS]);

#endif
