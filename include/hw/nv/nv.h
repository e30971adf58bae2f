/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the card's public API.  A QEMU-free model of an NVIDIA GPU;
 * every guest-visible access enters through nv_mmio_read/nv_mmio_write (or
 * one block of the MMIO map), every outside effect leaves through the
 * NVHost callbacks.  A host (the QEMU device, a unit test, a fuzzer) needs
 * only this header; the card's state is in "hw/nv/card.h".
 */
#ifndef HW_NV_NV_H
#define HW_NV_NV_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/nv/nv-host.h"
#include "hw/nv/nv-model.h"

/* The apertures the guest reaches the card through. */
typedef enum NVBar {
    NV_BAR_MMIO,        /* BAR0 */
    NV_BAR_RAMIN,       /* the NV40+ RAMIN aperture */
} NVBar;

typedef struct NVCard NVCard;
typedef struct NVEngine NVEngine;

/*
 * Which models' maps a block is in, by NVArch: mmio.rst has one map for
 * NV1 and one for NV3:G80, to which NV40 adds blocks.
 */
#define NV_ARCHS_NV1    (1u << NV_ARCH_NV1)
#define NV_ARCHS_NV40   (1u << NV_ARCH_NV40)
#define NV_ARCHS_NV3UP  (1u << NV_ARCH_NV20 | 1u << NV_ARCH_NV30 | NV_ARCHS_NV40)
#define NV_ARCHS_ALL    (NV_ARCHS_NV1 | NV_ARCHS_NV3UP)

/*
 * One block of the MMIO map (mmio.rst), owned by an engine.  Register
 * blocks provide read32/write32 and see aligned dwords only; memory-like
 * blocks (windows on VRAM or ROM) provide read/write and see any size.
 */
typedef struct NVBlock {
    const char *name;
    unsigned archs;             /* NV_ARCHS_*: the maps it sits in */
    uint32_t base;
    uint32_t size;
    int enable_bit;             /* PMC.ENABLE bit, -1 if always enabled */
    uint32_t (*read32)(NVCard *card, uint32_t addr);
    void (*write32)(NVCard *card, uint32_t addr, uint32_t val);
    uint64_t (*read)(NVCard *card, uint32_t addr, unsigned size);
    void (*write)(NVCard *card, uint32_t addr, uint64_t val, unsigned size);
    const NVEngine *engine;     /* filled in by nv_card_init() */
} NVBlock;

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
/* Does this card's model have @engine (one of the rows of nv_engines[])? */
bool nv_card_has_engine(const NVCard *card, const NVEngine *engine);

uint64_t nv_mmio_read(NVCard *card, NVBar bar, uint64_t addr, unsigned size);
void nv_mmio_write(NVCard *card, NVBar bar, uint64_t addr, uint64_t val,
                   unsigned size);

/* The blocks of this card's map, sorted by base (the QEMU glue maps each). */
const NVBlock *nv_card_blocks(const NVCard *card, unsigned *n);
const NVBlock *nv_card_find_block(const NVCard *card, uint32_t addr);
uint64_t nv_block_read(NVCard *card, const NVBlock *blk, uint32_t addr,
                       unsigned size);
void nv_block_write(NVCard *card, const NVBlock *blk, uint32_t addr,
                    uint64_t val, unsigned size);

/* A host timer expired. */
void nv_card_timer_expired(NVCard *card, NVTimerId id);

#endif
