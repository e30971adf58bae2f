/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the card.  A QEMU-free model of an NVIDIA GPU; every guest
 * visible access enters through nv_mmio_read/nv_mmio_write, every outside
 * effect leaves through the NVHost callbacks.
 */
#ifndef HW_NV_NV_H
#define HW_NV_NV_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "hw/nv/nv-host.h"
#include "hw/nv/nv-model.h"
#include "hw/nv/pbus.h"
#include "hw/nv/pclock.h"
#include "hw/nv/pcrtc.h"
#include "hw/nv/pdac-nv1.h"
#include "hw/nv/pdma-nv1.h"
#include "hw/nv/pfb.h"
#include "hw/nv/pfifo-nv1.h"
#include "hw/nv/pfifo-nv4.h"
#include "hw/nv/pgraph-nv1.h"
#include "hw/nv/pgraph-nv20.h"
#include "hw/nv/pmc.h"
#include "hw/nv/pramdac.h"
#include "hw/nv/pramin.h"
#include "hw/nv/pstraps.h"
#include "hw/nv/ptimer.h"
#include "hw/nv/pvp1.h"
#include "hw/nv/vga.h"
#include "hw/nv/xf.h"

/* The apertures the guest reaches the card through. */
typedef enum NVBar {
    NV_BAR_MMIO,        /* BAR0 */
    NV_BAR_RAMIN,       /* the NV40+ RAMIN aperture */
} NVBar;

typedef struct NVCard NVCard;

/*
 * One block of the MMIO map (mmio.rst).  Register blocks provide read32/
 * write32 and see aligned dwords only; memory-like blocks (windows on VRAM
 * or ROM) provide read/write and see any access size.
 */
typedef struct NVBlock {
    const char *name;
    uint32_t base;
    uint32_t size;
    int enable_bit;             /* PMC.ENABLE bit, -1 if always enabled */
    uint32_t (*read32)(NVCard *card, uint32_t addr);
    void (*write32)(NVCard *card, uint32_t addr, uint32_t val);
    uint64_t (*read)(NVCard *card, uint32_t addr, unsigned size);
    void (*write)(NVCard *card, uint32_t addr, uint64_t val, unsigned size);
    void (*reset)(NVCard *card);
} NVBlock;

struct NVCard {
    const NVModel *model;
    NVHost host;
    uint8_t *vram;              /* owned by the host */
    uint64_t vram_size;
    const uint8_t *rom;         /* VBIOS image, owned by the host; or NULL */
    uint32_t rom_size;

    const NVBlock *blocks;      /* sorted by base, for this model */
    unsigned nr_blocks;

    /* Guest-visible state; everything below is migrated. */
    bool big_endian;
    NVPmc pmc;
    NVPbus pbus;
    NVPTimer ptimer;
    NVPfb pfb;
    NVPGraph1 pgraph1;          /* NV1 only */
    NVPdac1 pdac1;              /* NV1 only */
    NVPfifo1 pfifo1;            /* NV1 only */
    NVPdma1 pdma1;              /* NV1 only */
    NVPfifo4 pfifo4;            /* NV20+ */
    NVPGraph20 pgraph20;        /* NV20+ */
    NVXf xf;                    /* NV20+ */
    NVPvp1 pvp1;                /* models with a VP1 */
    NVVp1 vp1;                  /* models with a VP1 */
    NVPstraps pstraps;          /* NV20+ */
    NVVga vga;                  /* NV20+ display heads */
    NVPcrtc pcrtc;              /* NV20+; next_vblank is derived */
    NVPramdac pramdac;          /* NV20+ */
    NVPclock pclock;            /* NV40+ */

    /* Derived state. */
    bool irq_level;
    uint32_t vga_gen;           /* bumped by every VGA register write */
    uint32_t *unimp_seen;       /* one bit per BAR0 dword already logged */
};

/*
 * Set up @card for @model.  @vram must stay valid for the card's life;
 * its size must satisfy nv_model_vram_valid().  @rom may be NULL.
 */
void nv_card_init(NVCard *card, const NVModel *model, const NVHost *host,
                  uint8_t *vram, uint64_t vram_size,
                  const uint8_t *rom, uint32_t rom_size);
void nv_card_finalize(NVCard *card);
/* Power-on reset of every engine. */
void nv_card_reset(NVCard *card);
/* Recompute derived state after the guest-visible fields were restored. */
void nv_card_post_load(NVCard *card);

uint64_t nv_mmio_read(NVCard *card, NVBar bar, uint64_t addr, unsigned size);
void nv_mmio_write(NVCard *card, NVBar bar, uint64_t addr, uint64_t val,
                   unsigned size);

/* Access one block directly (the QEMU glue maps each block separately). */
const NVBlock *nv_card_find_block(const NVCard *card, uint32_t addr);
uint64_t nv_block_read(NVCard *card, const NVBlock *blk, uint32_t addr,
                       unsigned size);
void nv_block_write(NVCard *card, const NVBlock *blk, uint32_t addr,
                    uint64_t val, unsigned size);

/* A host timer expired. */
void nv_card_timer_expired(NVCard *card, NVTimerId id);

/* Engines call this whenever one of their interrupt inputs may change. */
void nv_card_update_irq(NVCard *card);
/* PMC.INTR as the guest would read it. */
uint32_t nv_pmc_intr(NVCard *card);

/* Logging helpers used by every engine. */
void nv_log(NVCard *card, NVLogKind kind, const char *fmt, ...)
    G_GNUC_PRINTF(3, 4);
/* LOG_UNIMP for BAR0 offset @off, once per dword. */
void nv_unimp(NVCard *card, uint32_t off, bool write, uint64_t val);
/* A bus-master read or write of @len bytes at bus address @addr; false
 * when the host has no DMA or the bus refuses it. */
bool nv_host_dma(NVCard *card, uint64_t addr, void *buf, uint32_t len,
                 bool write);

/* Engine entry points the block table refers to. */
uint32_t nv_pmc_read(NVCard *card, uint32_t addr);
void nv_pmc_write(NVCard *card, uint32_t addr, uint32_t val);
void nv_pmc_reset(NVCard *card);
uint32_t nv_pbus_read(NVCard *card, uint32_t addr);
void nv_pbus_write(NVCard *card, uint32_t addr, uint32_t val);
void nv_pbus_reset(NVCard *card);
uint32_t nv_ppci_read(NVCard *card, uint32_t addr);
void nv_ppci_write(NVCard *card, uint32_t addr, uint32_t val);
uint32_t nv_ptimer_read(NVCard *card, uint32_t addr);
void nv_ptimer_write(NVCard *card, uint32_t addr, uint32_t val);
void nv_ptimer_reset(NVCard *card);
uint32_t nv_pfb_read(NVCard *card, uint32_t addr);
void nv_pfb_write(NVCard *card, uint32_t addr, uint32_t val);
void nv_pfb_reset(NVCard *card);
/* NV41+: the bus address the GART maps GPU virtual @vaddr to, if any. */
bool nv_pfb_gart_translate(NVCard *card, uint64_t vaddr, uint64_t *bus);
uint64_t nv_prom_read(NVCard *card, uint32_t addr, unsigned size);
void nv_prom_write(NVCard *card, uint32_t addr, uint64_t val, unsigned size);
uint64_t nv1_fb_read(NVCard *card, uint32_t addr, unsigned size);
void nv1_fb_write(NVCard *card, uint32_t addr, uint64_t val, unsigned size);

static inline bool nv_is_nv1(const NVCard *card)
{
    return card->model->arch == NV_ARCH_NV1;
}

/* The host's virtual clock in nanoseconds (0 for hosts without one). */
static inline int64_t nv_now_ns(const NVCard *card)
{
    return card->host.clock_ns ? card->host.clock_ns(card->host.opaque) : 0;
}

/* A @bits-wide colour channel (5 or 6) widened to 8 bits, high bits repeated. */
static inline uint32_t nv_widen(uint32_t c, unsigned bits)
{
    return c << (8 - bits) | c >> (2 * bits - 8);
}

/* Little-endian access to byte arrays (VRAM, ROM); size 1, 2, 4 or 8. */
static inline uint64_t nv_ld_le(const uint8_t *p, unsigned size)
{
    uint16_t v16;
    uint32_t v32;
    uint64_t v64;

    switch (size) {
    case 1:
        return *p;
    case 2:
        memcpy(&v16, p, 2);
        return GUINT16_FROM_LE(v16);
    case 4:
        memcpy(&v32, p, 4);
        return GUINT32_FROM_LE(v32);
    default:
        memcpy(&v64, p, 8);
        return GUINT64_FROM_LE(v64);
    }
}

static inline void nv_st_le(uint8_t *p, uint64_t val, unsigned size)
{
    uint16_t v16 = GUINT16_TO_LE(val);
    uint32_t v32 = GUINT32_TO_LE(val);
    uint64_t v64 = GUINT64_TO_LE(val);

    switch (size) {
    case 1:
        *p = val;
        break;
    case 2:
        memcpy(p, &v16, 2);
        break;
    case 4:
        memcpy(p, &v32, 4);
        break;
    default:
        memcpy(p, &v64, 8);
        break;
    }
}

#endif
