/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV1 PFIFO, the PIO command FIFO in front of PGRAPH (envytools
 * docs/hw/fifo/nv1-pfifo.rst, docs/hw/fifo/puller.rst,
 * docs/hw/memory/nv1-vram.rst, rnndb/fifo/nv1_pfifo.xml; the pusher rules
 * hardware tests established, in docs/pfifo.rst "Hardware facts beyond
 * envytools").
 */
#ifndef HW_NV_PFIFO_NV1_H
#define HW_NV_PFIFO_NV1_H

#include <stdbool.h>
#include <stdint.h>

#define NV1_PFIFO_BASE              0x002000
#define NV1_PFIFO_SIZE              0x2000

#define NV1_PFIFO_WAIT_RETRY        0x0040
#define NV1_PFIFO_CACHE_ERROR       0x0080
#define NV1_PFIFO_INTR              0x0100
#define   NV1_PFIFO_INTR_CACHE_ERROR     (1u << 0)
#define   NV1_PFIFO_INTR_RUNOUT          (1u << 4)
#define   NV1_PFIFO_INTR_RUNOUT_OVERFLOW (1u << 8)
#define NV1_PFIFO_INTR_EN           0x0140
#define NV1_PFIFO_CONFIG            0x0200
#define NV1_PFIFO_RUNOUT_STATUS     0x0400
#define NV1_PFIFO_RUNOUT_PUT        0x0410
#define NV1_PFIFO_RUNOUT_GET        0x0420
#define NV1_PFIFO_CHSW_ENABLE       0x0500
/* CACHE0 at 0x1000, CACHE1 at 0x1200; offsets within a cache: */
#define NV1_PFIFO_CACHE0            0x1000
#define NV1_PFIFO_CACHE1            0x1200
#define NV1_CACHE_PUSH_ACCESS       0x000
#define NV1_CACHE_CHID              0x010
#define NV1_CACHE_STATUS            0x020
#define NV1_CACHE_PUT               0x030
#define NV1_CACHE_PULL_CTRL         0x040
#define NV1_CACHE_PULL_STATE        0x050
#define NV1_CACHE_GET               0x070
#define NV1_CACHE_CTX               0x080   /* [8] 0x10 apart on CACHE1 */
#define NV1_CACHE_ADDR              0x100   /* [32] 8 apart on CACHE1 */
#define NV1_CACHE_DATA              0x104

#define NV1_CACHE1_ENTRIES          32

/* CACHE_ERROR reasons (not documented for NV1: ours, see docs). */
#define NV1_CACHE_ERROR_NO_HASH          1
#define NV1_CACHE_ERROR_EMPTY_SUBCHANNEL 2

/* PRAM: the RAMIN layout (docs/hw/memory/nv1-vram.rst). */
#define NV1_PRAM_BASE               0x602000
#define NV1_PRAM_SIZE               0x1000
#define NV1_PRAM_CONFIG             0x200

/* Windows on the fixed RAMIN areas (docs/hw/memory/nv1-vram.rst). */
#define NV1_PRAMHT_BASE             0x640000
#define NV1_PRAMHT_SIZE             0x8000
#define NV1_PRAMFC_BASE             0x648000
#define NV1_PRAMFC_SIZE             0x4000
#define NV1_PRAMRO_BASE             0x650000
#define NV1_PRAMRO_SIZE             0x4000

/* The submission area: 0x800000 + chid << 16 + subc << 13 + method. */
#define NV1_USER_BASE               0x800000
#define NV1_USER_SIZE               0x800000

/*
 * The object context, as CACHE1.CTX holds it (docs/pfifo.rst "NV1 object
 * contexts", mask 0x017fffff): bits 0-15 the PGRAPH options, 16-22 the
 * device (0x41-0x5f: PGRAPH's method areas at 0x410000-0x5f0000), 24
 * FREE_LIE.
 */
#define NV1_OBJ_CTX_MASK            0x017fffffu
#define NV1_OBJ_CTX_DEVICE(c)       (((c) >> 16) & 0x7f)
#define NV1_OBJ_CTX_FREE_LIE        (1u << 24)

typedef struct NV1Pfifo {
    uint32_t wait_retry, cache_error, intr, intr_en, config;
    uint32_t runout_put, runout_get, chsw_enable;
    uint32_t pram_config;
    /* CACHE0: one entry. */
    uint32_t c0_push, c0_chid, c0_put, c0_pull, c0_pull_state, c0_get;
    uint32_t c0_ctx, c0_addr, c0_data;
    /* CACHE1 */
    uint32_t c1_push, c1_chid, c1_put, c1_pull, c1_pull_state, c1_get;
    uint32_t c1_ctx[8];
    uint32_t c1_addr[NV1_CACHE1_ENTRIES], c1_data[NV1_CACHE1_ENTRIES];
    uint32_t c1_runout;         /* the run-out flag (STATUS bit 0) */
} NV1Pfifo;

struct NVCard;
/* Deliver what CACHE1 holds to PGRAPH, as far as PGRAPH accepts. */
void nv1_pfifo_pull(struct NVCard *card);
/* Our RAMHT slot (docs/nv1.rst "Inferred behaviour"), for tests. */
uint32_t nv1_ramht_hash(struct NVCard *card, uint32_t handle, unsigned chid);

extern const struct NVEngine nv1_pfifo_engine;

#endif
