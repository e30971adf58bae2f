/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PGRAPH of NV20+ (Kelvin, Rankine, Curie): so far the registers
 * that reach XF — PIPE and RDI (docs/xf.rst "PIPE and RDI registers") —
 * with STATUS and the interrupt registers.
 */
#ifndef HW_NV_PGRAPH_NV20_H
#define HW_NV_PGRAPH_NV20_H

#include <stdint.h>

#define NV20_PGRAPH_BASE            0x400000
#define NV20_PGRAPH_SIZE            0x2000

#define NV20_PGRAPH_INTR            0x100
#define NV20_PGRAPH_INTR_EN         0x140
#define NV40_PGRAPH_INTR_EN         0x13c   /* moved on NV40 */
/*
 * NV40 context program upload (no doc; nouveau engine/gr/ctxnv40.c):
 * 0x324 is the word index, each write to 0x328 stores a word and moves
 * the index on.  nouveau's programs are at most 256 words.
 */
#define NV40_PGRAPH_CTXPROG_INDEX   0x324
#define NV40_PGRAPH_CTXPROG_DATA    0x328
#define NV40_CTXPROG_WORDS          256
#define NV20_PGRAPH_STATUS          0x700
#define NV20_PGRAPH_RDI_INDEX       0x750
#define NV20_PGRAPH_RDI_DATA        0x754
#define NV20_PGRAPH_PIPE_ADDRESS    0xf50
#define NV20_PGRAPH_PIPE_DATA       0xf54

/* Writable bits of PIPE_ADDRESS per generation (docs/xf.rst "PIPE and RDI
 * registers"). */
#define NV20_PIPE_ADDRESS_MASK      0x0001fffcu
#define NV30_PIPE_ADDRESS_MASK      0x0003fffcu
#define NV40_PIPE_ADDRESS_MASK      0x1303fffcu

typedef struct NV20Pgraph {
    uint32_t intr, intr_en;
    uint32_t pipe_address;
    uint32_t rdi_index;
    uint32_t ctxprog_index;                     /* NV40 */
    uint32_t ctxprog[NV40_CTXPROG_WORDS];       /* NV40, stored only */
} NV20Pgraph;

struct NVCard;

extern const struct NVEngine nv20_pgraph_engine;

#endif
