/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the NV4:G80 PFIFO of the NV2x-NV4x models: its registers,
 * reset, the run loop and channel switching, and the engine descriptor.
 *
 * A channel's commands arrive through its control area (DMA_PUT), the DMA
 * pusher (pusher-nv4.c) reads them from the pushbuffer's DMA object and
 * splits them into methods, CACHE1 queues the methods, and the puller
 * (puller-nv4.c) executes methods below 0x100 itself and hands the others
 * to the engine bound to the subchannel (envytools
 * docs/hw/fifo/dma-pusher.rst, docs/hw/fifo/puller.rst).  One channel at
 * a time owns CACHE1; the others wait in RAMFC (ramfc-nv4.c) until the
 * current one runs dry.
 *
 * The work a guest can queue is unbounded, so nv4_pfifo_run() does a
 * bounded slice and re-arms NV_TIMER_PFIFO for the rest.
 */
#include "hw/nv/card.h"
#include "hw/nv/fifo/pfifo-nv4.h"
#include "pfifo-nv4-internal.h"

/* Pushbuffer words and methods handled per slice. */
#define PFIFO_SLICE             4096
/* How soon the next slice runs, and how often an acquire is retried. */
#define PFIFO_RESUME_NS         10000
#define PFIFO_ACQUIRE_RETRY_NS  100000

static uint32_t pfifo_intr(NVCard *card)
{
    return card->pfifo4.intr & card->pfifo4.intr_en ?
           1u << NV_PMC_LINE_PFIFO : 0;
}

/* ---- scheduling ---- */

static bool chan_idle(const NVCard *card)
{
    return card->pfifo4.ch.dma_get == card->pfifo4.ch.dma_put &&
           !nv4_pfifo_cache_count(card);
}

/* Save the current channel, load @chid (puller.rst: CHANNEL_SWITCH). */
static void switch_channel(NVCard *card, unsigned chid)
{
    NV4Pfifo *f = &card->pfifo4;
    uint32_t mode = nv4_pfifo_is_nv40(card) ? 1u << 16 : 1u << 8;

    nv4_pfifo_ramfc_save(card, nv4_pfifo_chid(card), &f->ch);
    nv4_pfifo_ramfc_load(card, chid, &f->ch);
    /*
     * PUSH1 takes the channel and its mode, and the pusher is enabled for
     * a DMA channel: nouveau never sets DMA_PUSH.ACCESS itself, and
     * clears it when it parks a channel (inferred, docs/pfifo.rst).
     */
    f->push1 = (f->push1 & ~(NV4_CHID_MASK | mode)) | chid | mode;
    f->dma_push = (f->dma_push & ~NV4_DMA_PUSH_SUSPENDED) |
                  NV4_DMA_PUSH_ACCESS;
    f->dma_pending &= ~(1u << chid);
}

/* A DMA channel other than the current one with commands waiting. */
static int next_channel(NVCard *card)
{
    NV4Pfifo *f = &card->pfifo4;
    unsigned cur = nv4_pfifo_chid(card);

    for (unsigned i = 1; i <= NV4_CHANNELS; i++) {
        unsigned c = (cur + i) & NV4_CHID_MASK;

        if ((f->dma_pending >> c) & (f->mode >> c) & 1) {
            if (nv4_pfifo_ramfc_read(card, c, NV4_RAMFC_DMA_PUT) !=
                nv4_pfifo_ramfc_read(card, c, NV4_RAMFC_DMA_GET)) {
                return c;
            }
            f->dma_pending &= ~(1u << c);
        }
    }
    return -1;
}

/*
 * The work methods left running in the engines PFIFO feeds (a large copy
 * in slices, NVMethodSink.run); *@more says whether some is left.
 */
static unsigned engines_run(NVCard *card, unsigned budget, bool *more)
{
    unsigned done = 0;

    for (unsigned i = 0; i < NV_FIFO_ENGINES && done < budget; i++) {
        const NVEngine *e = card->fifo_sink[i];
        unsigned n;

        if (!e || !e->sink.run) {
            continue;
        }
        n = e->sink.run(card, budget - done);
        done += n;
        *more |= n && e->sink.busy(card);
    }
    return done;
}

void nv4_pfifo_run(NVCard *card)
{
    NV4Pfifo *f = &card->pfifo4;
    unsigned budget = PFIFO_SLICE;
    bool progress = true, more = false;

    while (budget && progress) {
        unsigned n = engines_run(card, budget, &more);

        n += nv4_pfifo_puller_run(card, budget - MIN(n, budget));

        n += nv4_pfifo_pusher_run(card, budget - MIN(n, budget));
        budget -= MIN(n, budget);
        progress = n != 0;
        if (chan_idle(card) && (f->caches & NV4_PFIFO_CACHES_REASSIGN) &&
            (f->pull0 & NV4_PULL0_ACCESS)) {
            int next = next_channel(card);

            if (next >= 0) {
                switch_channel(card, next);
                progress = true;
            }
        }
    }
    if (card->host.timer_mod) {
        if (!budget || more) {
            card->host.timer_mod(card->host.opaque, NV_TIMER_PFIFO,
                                 nv_now_ns(card) + PFIFO_RESUME_NS);
        } else if (f->ch.pull1 & NV4_PULL1_ACQUIRE_ACTIVE) {
            card->host.timer_mod(card->host.opaque, NV_TIMER_PFIFO,
                                 nv_now_ns(card) + PFIFO_ACQUIRE_RETRY_NS);
        }
    }
}

unsigned nv4_pfifo_current_chid(const NVCard *card)
{
    return nv4_pfifo_chid(card);
}

uint32_t nv4_pfifo_current_grctx(const NVCard *card)
{
    return card->pfifo4.ch.grctx_inst;
}

/* ---- registers ---- */

static uint32_t cache1_status(const NVCard *card)
{
    return (nv4_pfifo_cache_count(card) ? 0 : NV4_CACHE_STATUS_EMPTY) |
           (nv4_pfifo_cache_full(card) ? NV4_CACHE_STATUS_FULL : 0);
}

static uint32_t dma_push(const NV4Pfifo *f)
{
    bool busy = f->ch.dma_get != f->ch.dma_put;

    return (f->dma_push & (NV4_DMA_PUSH_ACCESS | NV4_DMA_PUSH_SUSPENDED)) |
           (busy ? NV4_DMA_PUSH_BUSY : NV4_DMA_PUSH_EMPTY);
}

/* The plain registers: where each lives in NV4Pfifo. */
static uint32_t *reg_ptr(NVCard *card, uint32_t addr)
{
    NV4Pfifo *f = &card->pfifo4;
    NV4FifoChan *ch = &f->ch;

    switch (addr) {
    case NV4_PFIFO_DELAY:            return &f->delay;
    case NV4_PFIFO_DMA_TIMESLICE:    return &ch->dma_timeslice;
    case NV4_PFIFO_PIO_TIMESLICE:    return &f->pio_timeslice;
    case NV4_PFIFO_TIMESLICE:        return &f->timeslice;
    case NV4_PFIFO_INTR_EN:          return &f->intr_en;
    case NV4_PFIFO_RAMHT:            return &f->ramht;
    case NV4_PFIFO_RAMRO:            return &f->ramro;
    case NV4_PFIFO_CACHES:           return &f->caches;
    case NV4_PFIFO_CHANNEL_MODE:     return &f->mode;
    case NV4_PFIFO_CHANNEL_DMA_PENDING: return &f->dma_pending;
    case NV4_PFIFO_CHANNEL_SIZE:     return &f->size;
    case NV4_CACHE1_PUSH0:           return &f->push0;
    case NV4_CACHE1_PUSH1:           return &f->push1;
    case NV4_CACHE1_DMA_FETCH:       return &ch->dma_fetch;
    case NV4_CACHE1_DMA_STATE:       return &ch->dma_state;
    case NV4_CACHE1_DMA_INSTANCE:    return &ch->dma_instance;
    case NV4_CACHE1_DMA_CTL:         return &f->dma_ctl;
    case NV4_CACHE1_DMA_LIMIT:       return &f->dma_limit;
    case NV4_CACHE1_DMA_TLB_TAG:     return &f->dma_tlb_tag;
    case NV4_CACHE1_DMA_TLB_PTE:     return &f->dma_tlb_pte;
    case NV4_CACHE1_DMA_PUT:         return &ch->dma_put;
    case NV4_CACHE1_DMA_GET:         return &ch->dma_get;
    case NV4_CACHE1_REF:             return &ch->ref;
    case NV4_CACHE1_SUBROUTINE:      return &ch->subroutine;
    case NV4_CACHE1_PULL0:           return &f->pull0;
    case NV4_CACHE1_PULL1:           return &ch->pull1;
    case NV4_CACHE1_HASH:            return &f->hash;
    case NV4_CACHE1_ACQUIRE_TIMEOUT: return &ch->acquire_timeout;
    case NV4_CACHE1_ACQUIRE_TIMESTAMP: return &ch->acquire_timestamp;
    case NV4_CACHE1_ACQUIRE_VALUE:   return &ch->acquire_value;
    case NV4_CACHE1_SEMAPHORE:       return &ch->semaphore;
    case NV4_CACHE1_ENGINE:          return &ch->engine;
    case NV4_CACHE1_DMA_DCOUNT:      return &ch->dma_dcount;
    case NV4_CACHE1_DMA_GET_JMP_SHADOW: return &f->jmp_shadow;
    case NV4_CACHE1_DMA_RSVD_SHADOW: return &f->rsvd_shadow;
    case NV4_CACHE1_DMA_DATA_SHADOW: return &f->data_shadow;
    }
    if (nv4_pfifo_is_nv40(card)) {
        switch (addr) {
        case NV4_PFIFO_SLI:          return &f->sli;
        case NV40_PFIFO_RAMFC:       return &f->ramfc;
        case NV40_PFIFO_UNK88:       return &ch->unk88;
        case NV40_CACHE1_GRCTX_INST: return &ch->grctx_inst;
        case NV40_CACHE1_UNK0E8:     return &ch->unk0e8;
        case NV40_CACHE1_UNK100:     return &ch->unk100;
        case NV44_CACHE1_UNK0E4:     return &ch->unk0e4;
        case NV41_CACHE1_MPEGCTX_INST: return &ch->mpegctx_inst;
        }
    } else if (addr == NV4_PFIFO_RAMFC) {
        return &f->ramfc;
    }
    return NULL;
}

/* CACHE1's ADDR/DATA pair registers, 8 bytes apart (aliases wrap). */
static uint32_t *cache_entry(NVCard *card, uint32_t off)
{
    unsigned i = (off >> 3) & (nv4_pfifo_cache_entries(card) - 1);

    return off & 4 ? &card->pfifo4.data[i] : &card->pfifo4.addr[i];
}

static uint32_t pfifo_read(NVCard *card, uint32_t addr)
{
    NV4Pfifo *f = &card->pfifo4;
    uint32_t *p;

    switch (addr) {
    case NV4_PFIFO_INTR:
        return f->intr;
    case NV4_CACHE1_STATUS:
        return cache1_status(card);
    case NV4_CACHE1_DMA_PUSH:
        return dma_push(f);
    case NV4_CACHE1_PUT:
        return f->put;
    case NV4_CACHE1_GET:
        return f->get;
    }
    if (!nv4_pfifo_is_nv40(card) && addr >= NV4_CACHE1_ADDR &&
        addr < NV4_CACHE1_ADDR + 8 * NV4_CACHE1_PAIRS) {
        return *cache_entry(card, addr - NV4_CACHE1_ADDR);
    }
    p = reg_ptr(card, addr);
    if (!p) {
        nv_unimp(card, NV4_PFIFO_BASE + addr, false, 0);
        return 0;
    }
    return *p;
}

static void pfifo_write(NVCard *card, uint32_t addr, uint32_t val)
{
    NV4Pfifo *f = &card->pfifo4;
    uint32_t *p;

    switch (addr) {
    case NV4_PFIFO_INTR:
        /* write 1 to clear; a cleared error lets the engine go on */
        f->intr &= ~val;
        nv_card_update_irq(card);
        nv4_pfifo_run(card);
        return;
    case NV4_CACHE1_STATUS:
        return;
    case NV4_CACHE1_DMA_PUSH:
        f->dma_push = val & (NV4_DMA_PUSH_ACCESS | NV4_DMA_PUSH_SUSPENDED);
        nv4_pfifo_run(card);
        return;
    case NV4_CACHE1_PUT:
        f->put = val & nv4_pfifo_cache_ptr_mask(card);
        return;
    case NV4_CACHE1_GET:
        f->get = val & nv4_pfifo_cache_ptr_mask(card);
        nv4_pfifo_run(card);
        return;
    }
    if (!nv4_pfifo_is_nv40(card) && addr >= NV4_CACHE1_ADDR &&
        addr < NV4_CACHE1_ADDR + 8 * NV4_CACHE1_PAIRS) {
        *cache_entry(card, addr - NV4_CACHE1_ADDR) = val;
        return;
    }
    p = reg_ptr(card, addr);
    if (!p) {
        nv_unimp(card, NV4_PFIFO_BASE + addr, true, val);
        return;
    }
    *p = val;
    switch (addr) {
    case NV4_PFIFO_INTR_EN:
        nv_card_update_irq(card);
        break;
    case NV4_CACHE1_PUSH0:
    case NV4_CACHE1_PULL0:
    case NV4_PFIFO_CACHES:
        nv4_pfifo_run(card);
        break;
    }
}

static uint32_t nv40_cache_read(NVCard *card, uint32_t addr)
{
    return *cache_entry(card, addr);
}

static void nv40_cache_write(NVCard *card, uint32_t addr, uint32_t val)
{
    *cache_entry(card, addr) = val;
}

static void pfifo_reset(NVCard *card)
{
    NV4Pfifo *f = &card->pfifo4;

    memset(f, 0, sizeof(*f));
    f->push1 = NV4_CHID_MASK;
    if (card->host.timer_del) {
        card->host.timer_del(card->host.opaque, NV_TIMER_PFIFO);
    }
}

static const NVBlock pfifo_blocks[] = {
    { "pfifo", NV_ARCHS_NV3UP, NV4_PFIFO_BASE, NV4_PFIFO_SIZE,
      NV3_PMC_ENABLE_PFIFO, .read32 = pfifo_read, .write32 = pfifo_write },
    { "pfifo.cache1", NV_ARCHS_NV40, NV40_PFIFO_CACHE1_BASE,
      NV40_PFIFO_CACHE1_SIZE, NV3_PMC_ENABLE_PFIFO,
      .read32 = nv40_cache_read, .write32 = nv40_cache_write },
    { "user", NV_ARCHS_NV3UP, NV4_USER_BASE, NV4_USER_SIZE,
      NV3_PMC_ENABLE_PFIFO,
      .read32 = nv4_pfifo_user_read, .write32 = nv4_pfifo_user_write },
    { "user.nv40", NV_ARCHS_NV40, NV40_USER_BASE, NV40_USER_SIZE,
      NV3_PMC_ENABLE_PFIFO,
      .read32 = nv4_pfifo_nv40_user_read,
      .write32 = nv4_pfifo_nv40_user_write },
};

const NVEngine nv4_pfifo_engine = {
    .name = "pfifo",
    .present = nv_model_is_nv3up,
    .blocks = pfifo_blocks, .nr_blocks = G_N_ELEMENTS(pfifo_blocks),
    .reset = pfifo_reset,
    .intr = pfifo_intr,
    .timer = NV_TIMER_PFIFO, .expired = nv4_pfifo_run,
    .post_load = nv4_pfifo_run,         /* resume queued work */
};
