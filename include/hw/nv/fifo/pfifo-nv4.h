/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the NV4:G80 PFIFO of our NV2x-NV4x models.  The channel control
 * areas, the NV4-style DMA pusher (envytools docs/hw/fifo/dma-pusher.rst),
 * CACHE1, the puller with RAMHT lookup and its builtin methods
 * (docs/hw/fifo/puller.rst), and channel switching through RAMFC.
 * Register names from envytools rnndb/fifo/nv4_pfifo.xml; RAMHT, RAMFC and
 * DMA object layouts are the ones nouveau writes (docs/pfifo.rst
 * "Inferred behaviour").  The registers, the state and what other engines
 * call are here; what the pieces of hw/nv/fifo/ share among themselves is
 * in hw/nv/fifo/pfifo-nv4-internal.h.
 */
#ifndef HW_NV_PFIFO_NV4_H
#define HW_NV_PFIFO_NV4_H

#include <stdbool.h>
#include <stdint.h>

#define NV4_PFIFO_BASE              0x002000
#define NV4_PFIFO_SIZE              0x2000

#define NV4_PFIFO_DELAY             0x0040
#define NV4_PFIFO_DMA_TIMESLICE     0x0044
#define NV4_PFIFO_PIO_TIMESLICE     0x0048
#define NV4_PFIFO_TIMESLICE         0x004c
#define NV4_PFIFO_NEXT_CHANNEL      0x0050
#define NV4_PFIFO_SLI               0x0058      /* NV40+ */
#define NV4_PFIFO_DEBUG_0           0x0080
#define NV40_PFIFO_UNK88            0x0088
#define NV4_PFIFO_INTR              0x0100
#define   NV4_PFIFO_INTR_CACHE_ERROR     (1u << 0)
#define   NV4_PFIFO_INTR_RUNOUT          (1u << 4)
#define   NV4_PFIFO_INTR_RUNOUT_OVERFLOW (1u << 8)
#define   NV4_PFIFO_INTR_DMA_PUSHER      (1u << 12)
#define   NV4_PFIFO_INTR_DMA_PTE         (1u << 16)
#define   NV4_PFIFO_INTR_SEMAPHORE       (1u << 20)
#define   NV4_PFIFO_INTR_ACQUIRE_TIMEOUT (1u << 24)
#define NV4_PFIFO_INTR_EN           0x0140
#define NV4_PFIFO_RAMHT             0x0210
#define NV4_PFIFO_RAMFC             0x0214      /* before NV40 */
#define NV4_PFIFO_RAMRO             0x0218
#define NV40_PFIFO_RAMFC            0x0220      /* NV40+ (nouveau: RAMFC) */
#define NV4_PFIFO_RUNOUT_STATUS     0x0400
#define NV4_PFIFO_RUNOUT_PUT        0x0410
#define NV4_PFIFO_RUNOUT_GET        0x0420
#define NV4_PFIFO_CACHES            0x0500
#define   NV4_PFIFO_CACHES_REASSIGN      (1u << 0)
#define NV4_PFIFO_CHANNEL_MODE      0x0504      /* bit per channel: DMA */
#define NV4_PFIFO_CHANNEL_DMA_PENDING 0x0508
#define NV4_PFIFO_CHANNEL_SIZE      0x050c

/* CACHE1, at 0x1200 in the block (0x3200 in BAR0). */
#define NV4_CACHE1_PUSH0            0x1200
#define NV4_CACHE1_PUSH1            0x1204
#define NV4_CACHE1_PUT              0x1210
#define NV4_CACHE1_STATUS           0x1214
#define   NV4_CACHE_STATUS_EMPTY         (1u << 4)
#define   NV4_CACHE_STATUS_FULL          (1u << 8)
#define NV4_CACHE1_DMA_PUSH         0x1220
#define   NV4_DMA_PUSH_ACCESS            (1u << 0)
#define   NV4_DMA_PUSH_BUSY              (1u << 4)
#define   NV4_DMA_PUSH_EMPTY             (1u << 8)
#define   NV4_DMA_PUSH_SUSPENDED         (1u << 12)
#define NV4_CACHE1_DMA_FETCH        0x1224
#define   NV4_DMA_FETCH_BIG_ENDIAN       (1u << 31)
#define NV4_CACHE1_DMA_STATE        0x1228
#define   NV4_DMA_STATE_NONINC           (1u << 0)
#define   NV4_DMA_STATE_SUBR_ACTIVE      (1u << 17)     /* NV40+ */
#define   NV4_DMA_STATE_ERROR_SHIFT      29
#define NV4_CACHE1_DMA_INSTANCE     0x122c
#define NV4_CACHE1_DMA_CTL          0x1230
#define NV4_CACHE1_DMA_LIMIT        0x1234
#define NV4_CACHE1_DMA_TLB_TAG      0x1238
#define NV4_CACHE1_DMA_TLB_PTE      0x123c
#define NV4_CACHE1_DMA_PUT          0x1240
#define NV4_CACHE1_DMA_GET          0x1244
#define NV4_CACHE1_REF              0x1248
#define NV4_CACHE1_SUBROUTINE       0x124c
#define   NV4_SUBROUTINE_ACTIVE          (1u << 0)      /* NV1A:NV40 */
#define NV4_CACHE1_PULL0            0x1250
#define   NV4_PULL0_ACCESS               (1u << 0)
#define   NV4_PULL0_HASH_FAILED          (1u << 4)
#define   NV4_PULL0_DEVICE_SOFTWARE      (1u << 8)
#define   NV4_PULL0_SEMAPHORE_SHIFT      20
#define NV4_CACHE1_PULL1            0x1254
#define   NV4_PULL1_ACQUIRE_ACTIVE       (1u << 4)
#define NV4_CACHE1_HASH             0x1258
#define NV4_CACHE1_ACQUIRE_TIMEOUT  0x1260
#define NV4_CACHE1_ACQUIRE_TIMESTAMP 0x1264
#define NV4_CACHE1_ACQUIRE_VALUE    0x1268
#define NV4_CACHE1_SEMAPHORE        0x126c
#define   NV4_SEMAPHORE_CTXDMA_VALID     (1u << 0)
#define NV4_CACHE1_GET              0x1270
#define NV4_CACHE1_ENGINE           0x1280
#define NV4_CACHE1_DMA_DCOUNT       0x12a0
#define NV4_CACHE1_DMA_GET_JMP_SHADOW 0x12a4
#define NV4_CACHE1_DMA_RSVD_SHADOW  0x12a8
#define NV4_CACHE1_DMA_DATA_SHADOW  0x12ac
#define NV40_CACHE1_GRCTX_INST      0x12e0
#define NV44_CACHE1_UNK0E4          0x12e4
#define NV40_CACHE1_UNK0E8          0x12e8
#define NV40_CACHE1_UNK100          0x1300
#define NV41_CACHE1_MPEGCTX_INST    0x130c
/*
 * CACHE1's entries, ADDR/DATA pairs 8 bytes apart: in the block (BAR0
 * 0x3800) before NV40, 128 of them seen twice over 256 pairs; at BAR0
 * 0x90000 on NV40+, 512.  GET and PUT step by 4 an entry (nouveau's
 * CACHE_ERROR handler skips one with GET + 4) and wrap at 0x400 (0x800 on
 * NV40+).
 */
#define NV4_CACHE1_ADDR             0x1800
#define NV4_CACHE1_PAIRS            256
#define NV4_CACHE1_ENTRIES          128
#define NV40_PFIFO_CACHE1_BASE      0x090000
#define NV40_PFIFO_CACHE1_SIZE      0x1000
#define NV40_CACHE1_ENTRIES         512
#define NV4_CACHE_ADDR_NONINC          (1u << 0)

/*
 * DMA_PUSHER error codes (docs/hw/fifo/dma-pusher.rst "Errors"), in
 * DMA_STATE bits 29-31.
 */
typedef enum NVDmaPusherError {
    NV4_DMA_ERR_NONE,
    NV4_DMA_ERR_CALL_SUBR_ACTIVE,
    NV4_DMA_ERR_INVALID_MTHD,
    NV4_DMA_ERR_RET_SUBR_INACTIVE,
    NV4_DMA_ERR_INVALID_CMD,
    NV4_DMA_ERR_IB_EMPTY,
    NV4_DMA_ERR_MEM_FAULT,
} NVDmaPusherError;

/* The engine ids of RAMHT contexts and CACHE1.ENGINE (rnndb). */
typedef enum NVFifoEngine {
    NV4_ENGINE_SOFTWARE,
    NV4_ENGINE_PGRAPH,
    NV4_ENGINE_PMPEG,
    NV4_ENGINE_PME,
    NV4_ENGINE_PVP1,
} NVFifoEngine;

/* Semaphore error subtypes in PULL0 bits 20-23 (NV1A:G80). */
#define NV4_SEM_ERR_INVALID_OPERAND 1
#define NV4_SEM_ERR_INVALID_STATE   2

/* The channel control areas (dma-pusher.rst "Channel control area"). */
#define NV4_USER_BASE               0x800000
#define NV4_USER_SIZE               0x200000    /* 32 channels << 16 */
#define NV40_USER_BASE              0xc00000
#define NV40_USER_SIZE              0x20000     /* 32 channels << 12 */
#define NV4_USER_DMA_PUT            0x40
#define NV4_USER_DMA_GET            0x44
#define NV4_USER_REF                0x48
#define NV40_USER_DMA_CGET          0x54
#define NV4_USER_FREE               0x10        /* PIO: free CACHE space */

#define NV4_CHANNELS                32
#define NV4_CHID_MASK               (NV4_CHANNELS - 1)

/* The hardware channel: everything RAMFC saves, plus the CACHE1 queue. */
typedef struct NV4FifoChan {
    uint32_t dma_put, dma_get, ref, dma_instance, dma_dcount, dma_state;
    uint32_t dma_fetch, engine, pull1, acquire_value, acquire_timestamp;
    uint32_t acquire_timeout, semaphore, subroutine;
    /* NV40+: saved with the channel too (rnndb names; most undocumented) */
    uint32_t grctx_inst, dma_timeslice, unk0e4, unk0e8, unk88, unk100;
    uint32_t mpegctx_inst;
} NV4FifoChan;

typedef struct NV4Pfifo {
    uint32_t delay, pio_timeslice, timeslice, sli;
    uint32_t intr, intr_en, ramht, ramfc, ramro, caches;
    uint32_t mode, dma_pending, size;
    /* CACHE1 */
    uint32_t push0, push1, put, get, dma_push, pull0, hash;
    uint32_t dma_ctl, dma_limit, dma_tlb_tag, dma_tlb_pte;
    uint32_t jmp_shadow, rsvd_shadow, data_shadow;
    NV4FifoChan ch;                              /* the current channel */
    uint32_t addr[NV40_CACHE1_ENTRIES], data[NV40_CACHE1_ENTRIES];

    /* Derived: not migrated. */
    uint8_t unmodelled_logged;      /* engines whose LOG_UNIMP is out */
} NV4Pfifo;

struct NVCard;
/* Run the pusher and puller for a bounded slice (a host timer resumes). */
void nv4_pfifo_run(struct NVCard *card);

/*
 * For the engines PFIFO feeds: the channel whose methods the puller is
 * handing out, and (NV40) its graphics context, RAMFC's GRCTX word.
 */
unsigned nv4_pfifo_current_chid(const struct NVCard *card);
uint32_t nv4_pfifo_current_grctx(const struct NVCard *card);

extern const struct NVEngine nv4_pfifo_engine;

#endif
