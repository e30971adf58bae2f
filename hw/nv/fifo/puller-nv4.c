/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the CACHE1 puller of the NV4-style PFIFO.  It executes the
 * methods below 0x100 itself (object binding through RAMHT, REF_CNT, the
 * NV1A:G80 semaphores, YIELD) and hands the others to the engine bound to
 * the subchannel through card->fifo_sink[] (envytools
 * docs/hw/fifo/puller.rst).
 */
#include "hw/nv/card.h"
#include "hw/nv/fifo/pfifo-nv4.h"
#include "hw/nv/fifo/ramht.h"
#include "hw/nv/mem/dmaobj.h"
#include "pfifo-nv4-internal.h"

/* The methods below 0x100 the puller implements (puller.rst's table). */
bool nv4_pfifo_puller_knows(const NVCard *card, unsigned mthd)
{
    switch (mthd << 2) {
    case 0x0000: case 0x0050: case 0x0060: case 0x0064: case 0x0068:
    case 0x006c:
        return true;
    case 0x0080:
        return nv4_pfifo_is_nv40(card);
    default:
        return mthd >= 0x40;
    }
}

/*
 * The puller stops with the method at GET: PULL0.ACCESS drops, and the
 * driver re-enables it once it has dealt with the method (nouveau's
 * CACHE_ERROR handler ends with PULL0 = 1; inferred, docs/pfifo.rst).
 */
static void cache_error(NVCard *card, uint32_t reason)
{
    NV4Pfifo *f = &card->pfifo4;

    f->pull0 = (f->pull0 & ~NV4_PULL0_ACCESS) | reason;
    f->intr |= NV4_PFIFO_INTR_CACHE_ERROR;
    nv_card_update_irq(card);
}

/*
 * A semaphore method the puller refuses stops it there, like a cache
 * error: nouveau's handler (nv04_fifo_intr, SEMAPHORE) skips the method
 * with GET + 4 and restarts PULL0, after it has, for DMA_SEMAPHORE, made
 * the DMA object the puller took valid itself (puller.rst: pre-G80
 * DMA_SEMAPHORE takes only write-only class 2 objects).  The caller
 * leaves GET at the method.
 */
static void semaphore_error(NVCard *card, unsigned err)
{
    NV4Pfifo *f = &card->pfifo4;

    f->pull0 = (f->pull0 & ~(0xfu << NV4_PULL0_SEMAPHORE_SHIFT) &
                ~NV4_PULL0_ACCESS) |
               err << NV4_PULL0_SEMAPHORE_SHIFT;
    f->intr |= NV4_PFIFO_INTR_SEMAPHORE;
    nv_log(card, NV_LOG_GUEST_ERROR, "nv: pfifo: channel %u semaphore error "
           "%u", nv4_pfifo_chid(card), err);
    nv_card_update_irq(card);
}

/* @handle's RAMHT entry for the current channel; a miss is HASH_FAILED. */
static bool object_lookup(NVCard *card, uint32_t handle, NV4RamhtEntry *e)
{
    if (nv4_ramht_lookup(card, handle, nv4_pfifo_chid(card), e)) {
        return true;
    }
    cache_error(card, NV4_PULL0_HASH_FAILED);
    return false;
}

/* SEMAPHORE: bit 0 valid DMA object, offset in 2-11, object >> 12 above. */
static uint32_t sem_inst(const NV4FifoChan *ch)
{
    return (ch->semaphore >> 12) << 4;
}

static bool sem_access(NVCard *card, uint32_t *val, bool write)
{
    NV4FifoChan *ch = &card->pfifo4.ch;
    uint32_t off = ch->semaphore & 0xffc;
    NVDmaObjFault fault;
    NVDmaObj o;

    if (!(ch->semaphore & NV4_SEMAPHORE_CTXDMA_VALID)) {
        semaphore_error(card, NV4_SEM_ERR_INVALID_STATE);
        return false;
    }
    nv_dmaobj_load(card, sem_inst(ch), &o);
    fault = write ? nv_dmaobj_write32(card, &o, off, *val)
                  : nv_dmaobj_read32(card, &o, off, val);
    if (fault != NV_DMAOBJ_OK) {
        semaphore_error(card, NV4_SEM_ERR_INVALID_OPERAND);
        return false;
    }
    return true;
}

/* Try the pending acquire once; true when it is satisfied. */
static bool acquire_done(NVCard *card)
{
    NV4FifoChan *ch = &card->pfifo4.ch;
    uint32_t word;

    if (!(ch->pull1 & NV4_PULL1_ACQUIRE_ACTIVE)) {
        return true;
    }
    if (!sem_access(card, &word, false)) {
        ch->pull1 &= ~NV4_PULL1_ACQUIRE_ACTIVE;
        return false;
    }
    if (word != ch->acquire_value) {
        return false;
    }
    ch->pull1 &= ~NV4_PULL1_ACQUIRE_ACTIVE;
    return true;
}

/*
 * Hand a method to the sink of its RAMHT engine number (NVEngine.sink);
 * false if the engine does not take it now.  An engine we do not model
 * (the NV4+ PGRAPH classes, PMPEG, PME) never takes one, like an engine
 * that stays busy: its channel stops there, and a driver sees a stuck
 * channel (nouveau then draws its console in software), not one whose
 * drawing silently vanished.
 */
static bool engine_method(NVCard *card, unsigned engine, unsigned subc,
                          unsigned mthd, uint32_t data)
{
    NV4Pfifo *f = &card->pfifo4;
    const NVEngine *e = card->fifo_sink[engine];

    if (e) {
        if (e->sink.busy && e->sink.busy(card)) {
            return false;
        }
        return e->sink.method(card, subc, mthd << 2, data);
    }
    if (!(f->unmodelled_logged & (1u << engine))) {
        f->unmodelled_logged |= 1u << engine;
        nv_log(card, NV_LOG_UNIMP, "nv: pfifo: channel %u waits forever at "
               "method 0x%04x (subchannel %u): engine %u is not modelled",
               nv4_pfifo_chid(card), mthd << 2, subc, engine);
    }
    return false;
}

/* Execute the method at CACHE1's GET; false if the puller must stall. */
static bool puller_step(NVCard *card)
{
    NV4Pfifo *f = &card->pfifo4;
    NV4FifoChan *ch = &f->ch;
    unsigned s = nv4_pfifo_cache_slot(card, f->get);
    unsigned mthd = (f->addr[s] >> 2) & 0x7ff, subc = (f->addr[s] >> 13) & 7;
    uint32_t data = f->data[s];
    unsigned engine = (ch->engine >> (4 * subc)) & 0xf;
    NVDmaObj sem;
    NV4RamhtEntry e;

    switch (mthd << 2) {
    case 0x0000:    /* OBJECT */
        if (!object_lookup(card, data, &e)) {
            return false;
        }
        f->hash = e.inst >> 4 |
                  (nv4_pfifo_is_nv40(card) ? 1u << 24 : 1u << 16);
        ch->engine = (ch->engine & ~(0xfu << (4 * subc))) |
                     e.engine << (4 * subc);
        ch->pull1 = (ch->pull1 & ~0xfu) | e.engine;
        if (e.engine == NV4_ENGINE_SOFTWARE) {
            cache_error(card, NV4_PULL0_DEVICE_SOFTWARE);
            return false;
        }
        /* the object's instance in 16-byte units, as CTX_SWITCH_I keeps it */
        if (!engine_method(card, e.engine, subc, 0, e.inst >> 4)) {
            return false;
        }
        break;
    case 0x0050:    /* REF_CNT */
        ch->ref = data;
        break;
    case 0x0060:    /* DMA_SEMAPHORE */
        if (!object_lookup(card, data, &e)) {
            return false;
        }
        /*
         * puller.rst: the pre-G80 bug wants class 2 with write-only
         * rights; any other object is taken, but not made valid.
         */
        nv_dmaobj_load(card, e.inst, &sem);
        ch->semaphore = (ch->semaphore & 0xffc) | (e.inst >> 4) << 12;
        if (sem.cls != NV_DMAOBJ_CLASS_FROM_MEMORY ||
            sem.rights != NV_DMAOBJ_RIGHTS_WO || !sem.present) {
            semaphore_error(card, NV4_SEM_ERR_INVALID_OPERAND);
            return false;
        }
        ch->semaphore |= NV4_SEMAPHORE_CTXDMA_VALID;
        break;
    case 0x0064:    /* SEMAPHORE_OFFSET */
        if (data & ~0xffcu) {
            semaphore_error(card, NV4_SEM_ERR_INVALID_OPERAND);
            return false;
        }
        ch->semaphore = (ch->semaphore & ~0xffcu) | data;
        break;
    case 0x0068:    /* SEMAPHORE_ACQUIRE */
        if (!(ch->semaphore & NV4_SEMAPHORE_CTXDMA_VALID)) {
            semaphore_error(card, NV4_SEM_ERR_INVALID_STATE);
            return false;
        }
        ch->acquire_value = data;
        ch->pull1 |= NV4_PULL1_ACQUIRE_ACTIVE;
        break;
    case 0x006c:    /* SEMAPHORE_RELEASE */
        if (!sem_access(card, &data, true)) {
            return false;
        }
        break;
    case 0x0080:    /* YIELD: with one channel running, nothing to do */
        break;
    default:
        if (mthd < 0x40) {
            /* reachable only by writing CACHE1 directly */
            cache_error(card, 0);
            return false;
        }
        if (mthd >= 0x60 && mthd < 0x80) {
            /* 0x180-0x1fc take object handles, looked up here */
            if (!object_lookup(card, data, &e)) {
                return false;
            }
            data = e.inst >> 4;
        }
        if (engine == NV4_ENGINE_SOFTWARE) {
            cache_error(card, NV4_PULL0_DEVICE_SOFTWARE);
            return false;
        }
        ch->pull1 = (ch->pull1 & ~0xfu) | engine;
        if (!engine_method(card, engine, subc, mthd, data)) {
            return false;
        }
        break;
    }
    f->get = (f->get + 4) & nv4_pfifo_cache_ptr_mask(card);
    return true;
}

static bool puller_stopped(const NV4Pfifo *f)
{
    return !(f->pull0 & NV4_PULL0_ACCESS);
}

unsigned nv4_pfifo_puller_run(NVCard *card, unsigned budget)
{
    NV4Pfifo *f = &card->pfifo4;
    unsigned done = 0;

    while (done < budget && nv4_pfifo_cache_count(card) &&
           !puller_stopped(f) && acquire_done(card)) {
        if (!puller_step(card)) {
            break;
        }
        done++;
    }
    return done;
}

