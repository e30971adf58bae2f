/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the PVP1 MMIO block at BAR0 0xf000 (rnndb vdec/vpe/pvp1.xml;
 * docs/vp1.rst "MMIO") and the NV41_VP1 FIFO methods (vp1_fifo.xml),
 * around the VP1 core.
 * The INTR..UCODE offsets live in vp1.h.
 */
#ifndef HW_NV_PVP1_H
#define HW_NV_PVP1_H

#include <stdint.h>

#include "hw/nv/vp1/vp1.h"

/* Register file windows (docs/vp1.rst "MMIO"), offsets within the block. */
#define NV_PVP1_V                   0x000   /* 0x200 bytes: $v[0-31] */
#define NV_PVP1_SLOT                0x448   /* + 4u: bundle slot A, S, V, B */
#define NV_PVP1_EXEC                0x458   /* write 1: run the slots */
#define NV_PVP1_ENABLE              0x474   /* hwtest writes 0x111 */
#define NV_PVP1_UC                  0x500   /* $uc[0-31] */
#define NV_PVP1_L                   0x580   /* $l[0-3] */
#define NV_PVP1_A                   0x600   /* $a[0-31] */
#define NV_PVP1_C                   0x680   /* $c[0-3], read-only */
#define NV_PVP1_R                   0x780   /* $r[0-30] */
#define NV_PVP1_M                   0xa00   /* $m[0-63] */
#define NV_PVP1_FIFO_DIRECT         0xc90
#define NV_PVP1_START               0xc94
#define   NV_PVP1_START_GO          (1u << 31)

#define NV_PVP1_INTR_MASK           0x01111111u
/* Inferred: exit with its "intr" bit raises INTR bit 0. */
#define   NV_PVP1_INTR_EXIT         (1u << 0)
#define NV_PVP1_STATUS_BUSY         (1u << 0)   /* inferred bit */
#define NV_PVP1_UCODE_MASK          0xffffffe3u /* UNK0 and INSTANCE */

/* NV41_VP1 methods (vp1_fifo.xml). */
#define NV_VP1_MTHD_NOP             0x100
#define NV_VP1_MTHD_DMA_VP          0x180   /* [8] */
#define NV_VP1_MTHD_EXEC            0x300
#define NV_VP1_MTHD_EXEC_PARAM      0x304
#define NV_VP1_MTHD_PARAM           0x400   /* [48] */
#define NV_VP1_DMA_OBJS             8
#define NV_VP1_PARAMS               48
/* Inferred: EXEC_PARAM lands in the $m after the 48 PARAMs. */
#define NV_VP1_M_EXEC_PARAM         48

/* Bundles per time slice, and the virtual time one slice takes. */
#define NV_PVP1_SLICE_BUNDLES       4096
#define NV_PVP1_SLICE_NS            4096

typedef struct NVPvp1 {
    uint32_t intr;
    uint32_t intr_en;
    uint32_t channel_unk;
    uint32_t channel_cur;
    uint32_t fifo_err_mthd;
    uint32_t fifo_err_data;
    uint32_t ucode[3];              /* CHSW, UNK468, MTHD */
    uint32_t enable;
    uint32_t clock;
    uint32_t fifo_direct;
    uint32_t slot[NV_VP1_UNITS];
    uint32_t slot_valid;            /* slots written since the last EXEC */
    uint32_t dma[NV_VP1_DMA_OBJS];

    /* Derived: not migrated. */
    bool dma_logged;                /* the DMA opcodes' LOG_UNIMP is out */
} NVPvp1;

struct NVCard;
/* A method of class NV41_VP1 reaching the engine (from the PFIFO puller). */
void nv_pvp1_method(struct NVCard *card, uint32_t mthd, uint32_t data);

extern const struct NVEngine nv_pvp1_engine;

#endif
