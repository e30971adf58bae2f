/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: what the pieces of the NV4-style PFIFO share and nobody else
 * needs.  pfifo-nv4.c has the registers, reset, the run loop and channel
 * switching; ramfc-nv4.c the RAMFC layouts; pusher-nv4.c the DMA pusher
 * and the channel control areas; puller-nv4.c the CACHE1 puller, its
 * builtin methods and the hand-off to the engines (docs/pfifo.rst).
 */
#ifndef HW_NV_PFIFO_NV4_INTERNAL_H
#define HW_NV_PFIFO_NV4_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/nv/card.h"
#include "hw/nv/fifo/pfifo-nv4.h"

/*
 * NV40:G80 differs from NV1A:NV40 in RAMFC, CACHE1's size, where the
 * subroutine state lives and the RAMHT context layout.
 */
static inline bool nv4_pfifo_is_nv40(const NVCard *card)
{
    return card->model->arch == NV_ARCH_NV40;
}

/* The channel that owns CACHE1 (CACHE1_PUSH1.CHID). */
static inline unsigned nv4_pfifo_chid(const NVCard *card)
{
    return card->pfifo4.push1 & NV4_CHID_MASK;
}

/* ---- CACHE1: PUT and GET step by 4 an entry (docs/pfifo.rst) ---- */

static inline unsigned nv4_pfifo_cache_entries(const NVCard *card)
{
    return nv4_pfifo_is_nv40(card) ? NV40_CACHE1_ENTRIES : NV4_CACHE1_ENTRIES;
}

/* The bits GET and PUT keep. */
static inline uint32_t nv4_pfifo_cache_ptr_mask(const NVCard *card)
{
    return nv4_pfifo_is_nv40(card) ? 0x7fc : 0x3fc;
}

static inline unsigned nv4_pfifo_cache_slot(const NVCard *card, uint32_t ptr)
{
    return (ptr >> 2) & (nv4_pfifo_cache_entries(card) - 1);
}

static inline unsigned nv4_pfifo_cache_count(const NVCard *card)
{
    const NV4Pfifo *f = &card->pfifo4;

    return ((f->put - f->get) & nv4_pfifo_cache_ptr_mask(card)) >> 2;
}

/* NV40's pointers wrap at its size: one entry stays free to tell. */
static inline bool nv4_pfifo_cache_full(const NVCard *card)
{
    return nv4_pfifo_cache_count(card) >=
           (nv4_pfifo_is_nv40(card) ? NV40_CACHE1_ENTRIES - 1
                                    : NV4_CACHE1_ENTRIES);
}

/* ---- RAMFC (ramfc-nv4.c) ---- */

/* The dwords both layouts keep at the same place. */
#define NV4_RAMFC_DMA_PUT           0x00
#define NV4_RAMFC_DMA_GET           0x04
#define NV4_RAMFC_REF               0x08

/* A dword of channel @chid's RAMFC entry, at byte @off. */
uint32_t nv4_pfifo_ramfc_read(NVCard *card, unsigned chid, unsigned off);
void nv4_pfifo_ramfc_write(NVCard *card, unsigned chid, unsigned off,
                           uint32_t val);
/* All of a channel's saved state, in this model's layout. */
void nv4_pfifo_ramfc_load(NVCard *card, unsigned chid, NV4FifoChan *ch);
void nv4_pfifo_ramfc_save(NVCard *card, unsigned chid, NV4FifoChan *ch);

/* ---- the DMA pusher and the control areas (pusher-nv4.c) ---- */

/* Read and split pushbuffer words, at most @budget; returns how many. */
unsigned nv4_pfifo_pusher_run(NVCard *card, unsigned budget);
/*
 * The control areas' blocks: 0x10000 a channel at 0x800000, and NV40's
 * 0x1000 a channel at 0xc00000.
 */
uint32_t nv4_pfifo_user_read(NVCard *card, uint32_t addr);
void nv4_pfifo_user_write(NVCard *card, uint32_t addr, uint32_t val);
uint32_t nv4_pfifo_nv40_user_read(NVCard *card, uint32_t addr);
void nv4_pfifo_nv40_user_write(NVCard *card, uint32_t addr, uint32_t val);

/* ---- the puller (puller-nv4.c) ---- */

/*
 * Does the puller take method @mthd (a dword index)?  Below 0x100 only
 * the builtin methods it implements; from 0x100 on, any.
 */
bool nv4_pfifo_puller_knows(const NVCard *card, unsigned mthd);
/* Execute CACHE1 methods, at most @budget; returns how many. */
unsigned nv4_pfifo_puller_run(NVCard *card, unsigned budget);

#endif
