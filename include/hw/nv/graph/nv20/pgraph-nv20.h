/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PGRAPH of NV20+ (Kelvin, Rankine, Curie): the registers that
 * reach XF — PIPE and RDI (docs/xf.rst "PIPE and RDI registers") — with
 * STATUS and the interrupt registers, and the rest of the register file
 * as stored registers from one table per generation (docs/pgraph.rst).
 */
#ifndef HW_NV_PGRAPH_NV20_H
#define HW_NV_PGRAPH_NV20_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NV20_PGRAPH_BASE            0x400000
#define NV20_PGRAPH_SIZE            0x2000
#define NV20_PGRAPH_REGS            (NV20_PGRAPH_SIZE / 4)

#define NV20_PGRAPH_INTR            0x100
#define NV20_PGRAPH_INTR_EN         0x140
#define NV40_PGRAPH_INTR_EN         0x13c   /* moved on NV40 */
#define   NV20_PGRAPH_INTR_EN_MASK  0x011137d1u     /* NV20-NV3x */
#define   NV40_PGRAPH_INTR_EN_MASK  0x03111fd1u
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

/*
 * What a write to a table register does besides keeping val & mask
 * (docs/pgraph.rst "Side effects").
 */
typedef enum NV20RegKind {
    NV20_REG_PLAIN,
    NV20_REG_RO,            /* writes are ignored */
    NV20_REG_VALID,         /* also sets VALID[0] bit .arg */
    NV20_REG_CTX_CACHE,     /* ignored while FIFO_ENABLE is 1 */
    NV20_REG_DEBUG_B,       /* bit 4 written clears XY_B[0] bit 0 */
    NV20_REG_MIRROR,        /* NV34 SURF_UNK800: bits 8, 12 copy 0, 4 */
} NV20RegKind;

/*
 * One row of the register table: @count registers @stride bytes apart
 * from BAR0 offset @offset, named as in rnndb/envytools, on the chips in
 * @chips (NVPgraphChip bits).  A read returns the stored value | @fixed.
 */
typedef struct NV20Reg {
    uint32_t offset;
    uint16_t count, stride;
    const char *name;
    uint32_t mask, fixed;
    uint8_t chips;
    uint8_t kind;               /* NV20RegKind */
    uint8_t arg;
} NV20Reg;

typedef struct NV20Pgraph {
    uint32_t intr, intr_en;
    uint32_t pipe_address;
    uint32_t rdi_index;
    uint32_t ctxprog_index;                     /* NV40 */
    uint32_t ctxprog[NV40_CTXPROG_WORDS];       /* NV40, stored only */
    /* The table registers, by (BAR0 offset - NV20_PGRAPH_BASE) / 4. */
    uint32_t regs[NV20_PGRAPH_REGS];
} NV20Pgraph;

struct NVCard;
struct NVModel;

/* The register table (rows for every chip); NULL if @m has none. */
const NV20Reg *nv20_pgraph_regs(const struct NVModel *m, size_t *n);
/* The row holding BAR0 offset @off on @m's chip, or NULL. */
const NV20Reg *nv20_pgraph_reg_find(const struct NVModel *m, uint32_t off);
/*
 * A read or write of the table register at block offset @addr; false,
 * touching nothing, when @card's model has no register there.
 */
bool nv20_pgraph_reg_read(struct NVCard *card, uint32_t addr, uint32_t *val);
bool nv20_pgraph_reg_write(struct NVCard *card, uint32_t addr, uint32_t val);

extern const struct NVEngine nv20_pgraph_engine;

#endif
