/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the NV4:G80 PFIFO of the NV2x-NV4x models.
 *
 * A channel's commands arrive through its control area (DMA_PUT), the DMA
 * pusher reads them from the pushbuffer's DMA object and splits them into
 * methods (fifo/dma-pusher.rst, "The pusher pseudocode - pre-GF100"),
 * CACHE1 queues the methods, and the puller executes methods below 0x100
 * itself and hands the others to the engine bound to the subchannel
 * (fifo/puller.rst).  One channel at a time owns CACHE1; the others wait in
 * RAMFC until the current one runs dry.
 *
 * The work a guest can queue is unbounded, so nv4_pfifo_run() does a
 * bounded slice and re-arms NV_TIMER_PFIFO for the rest.
 */
#include "hw/nv/card.h"
#include "hw/nv/fifo/ramht.h"
#include "hw/nv/mem/dmaobj.h"
#include "hw/nv/mem/pramin.h"

/* Pushbuffer words and methods handled per slice. */
#define PFIFO_SLICE             4096
/* How soon the next slice runs, and how often an acquire is retried. */
#define PFIFO_RESUME_NS         10000
#define PFIFO_ACQUIRE_RETRY_NS  100000

static bool is_nv40(const NVCard *card)
{
    return card->model->arch == NV_ARCH_NV40;
}

static unsigned cur_chid(const NVCard *card)
{
    return card->pfifo4.push1 & NV4_CHID_MASK;
}

/*
 * RAMFC, the channel's saved CACHE1 state, in the layouts nouveau uses
 * (nvkm/engine/fifo/nv17.c for NV1A:NV40 with RAMFC.LARGE, nv40.c for
 * NV40:G80): each row is a field of NV4FifoChan at a RAMFC byte offset.
 */
typedef struct RamfcField {
    uint8_t off;            /* byte offset in the RAMFC entry */
    uint8_t shift, bits;    /* where in that dword */
    uint16_t field;         /* offsetof(NV4FifoChan, ...) */
} RamfcField;

#define F(o, s, b, f) { o, s, b, offsetof(NV4FifoChan, f) }
static const RamfcField ramfc_nv17[] = {
    F(0x00, 0, 32, dma_put), F(0x04, 0, 32, dma_get), F(0x08, 0, 32, ref),
    F(0x0c, 0, 16, dma_instance), F(0x0c, 16, 16, dma_dcount),
    F(0x10, 0, 32, dma_state), F(0x14, 0, 32, dma_fetch),
    F(0x18, 0, 32, engine), F(0x1c, 0, 32, pull1),
    F(0x20, 0, 32, acquire_value), F(0x24, 0, 32, acquire_timestamp),
    F(0x28, 0, 32, acquire_timeout), F(0x2c, 0, 32, semaphore),
    F(0x30, 0, 32, subroutine),
};
static const RamfcField ramfc_nv40[] = {
    F(0x00, 0, 32, dma_put), F(0x04, 0, 32, dma_get), F(0x08, 0, 32, ref),
    F(0x0c, 0, 32, dma_instance), F(0x10, 0, 32, dma_dcount),
    F(0x14, 0, 32, dma_state), F(0x18, 0, 32, dma_fetch),
    F(0x1c, 0, 32, engine), F(0x20, 0, 32, pull1),
    F(0x24, 0, 32, acquire_value), F(0x28, 0, 32, acquire_timestamp),
    F(0x2c, 0, 32, acquire_timeout), F(0x30, 0, 32, semaphore),
    F(0x34, 0, 32, subroutine), F(0x38, 0, 32, grctx_inst),
    F(0x3c, 0, 17, dma_timeslice), F(0x40, 0, 32, unk0e4),
    F(0x44, 0, 32, unk0e8), F(0x4c, 0, 32, unk88), F(0x50, 0, 32, unk100),
    F(0x54, 0, 32, mpegctx_inst),
};
#undef F

static const RamfcField *ramfc_layout(const NVCard *card, unsigned *n)
{
    if (is_nv40(card)) {
        *n = G_N_ELEMENTS(ramfc_nv40);
        return ramfc_nv40;
    }
    *n = G_N_ELEMENTS(ramfc_nv17);
    return ramfc_nv17;
}

/*
 * Where RAMFC lives.  Before NV40 RAMFC.ADDRESS is a RAMIN address (bits
 * 2-8, shr 10).  On NV40 nouveau programs 0x2220 with RAMFC's RAMIN
 * address >> 16, but on the NV44 family with a VRAM address >> 16
 * (nvkm/engine/fifo/nv40.c); the register is undocumented, we do as the
 * driver expects.
 */
static bool ramfc_in_vram(const NVCard *card)
{
    return is_nv40(card) && card->model->host_mem;
}

/* Channel @chid's RAMFC entry: 64 bytes (nv17 layout), 128 on NV40. */
static uint64_t ramfc_addr(NVCard *card, unsigned chid)
{
    if (is_nv40(card)) {
        return ((uint64_t)(card->pfifo4.ramfc & 0xffff) << 16) + chid * 0x80;
    }
    return ((card->pfifo4.ramfc & 0x1fc) << 8) + chid * 0x40;
}

static uint32_t ramfc_rd(NVCard *card, uint64_t a)
{
    return ramfc_in_vram(card) ? nv_vram_read32(card, a)
                               : nv_ramin_read(card, a, 4);
}

static void ramfc_wr(NVCard *card, uint64_t a, uint32_t val)
{
    if (ramfc_in_vram(card)) {
        nv_vram_write32(card, a, val);
    } else {
        nv_ramin_write(card, a, val, 4);
    }
}

static uint32_t *chan_field(NV4FifoChan *ch, const RamfcField *f)
{
    return (uint32_t *)((uint8_t *)ch + f->field);
}

static uint32_t field_mask(const RamfcField *f)
{
    return f->bits == 32 ? ~0u : ((1u << f->bits) - 1) << f->shift;
}

static void ramfc_load(NVCard *card, unsigned chid, NV4FifoChan *ch)
{
    unsigned n;
    const RamfcField *l = ramfc_layout(card, &n);
    uint64_t base = ramfc_addr(card, chid);

    memset(ch, 0, sizeof(*ch));
    for (unsigned i = 0; i < n; i++) {
        uint32_t w = ramfc_rd(card, base + l[i].off);
        *chan_field(ch, &l[i]) = (w & field_mask(&l[i])) >> l[i].shift;
    }
}

static void ramfc_save(NVCard *card, unsigned chid, NV4FifoChan *ch)
{
    unsigned n;
    const RamfcField *l = ramfc_layout(card, &n);
    uint64_t base = ramfc_addr(card, chid);

    for (unsigned i = 0; i < n; i++) {
        uint64_t a = base + l[i].off;
        uint32_t m = field_mask(&l[i]);

        ramfc_wr(card, a, (ramfc_rd(card, a) & ~m) |
                          ((*chan_field(ch, &l[i]) << l[i].shift) & m));
    }
}


static uint32_t pfifo_intr(NVCard *card)
{
    return card->pfifo4.intr & card->pfifo4.intr_en ?
           1u << NV_PMC_LINE_PFIFO : 0;
}

/* ---- CACHE1 ---- */

static unsigned cache_entries(const NVCard *card)
{
    return is_nv40(card) ? NV40_CACHE1_ENTRIES : NV4_CACHE1_ENTRIES;
}

/* The bits GET and PUT keep. */
static uint32_t cache_ptr_mask(const NVCard *card)
{
    return is_nv40(card) ? 0x7fc : 0x3fc;
}

static unsigned cache_slot(const NVCard *card, uint32_t ptr)
{
    return (ptr >> 2) & (cache_entries(card) - 1);
}

static unsigned cache_count(const NVCard *card)
{
    const NV4Pfifo *f = &card->pfifo4;

    return ((f->put - f->get) & cache_ptr_mask(card)) >> 2;
}

/* NV40's pointers wrap at its size: one entry stays free to tell. */
static bool cache_full(const NVCard *card)
{
    return cache_count(card) >= (is_nv40(card) ? NV40_CACHE1_ENTRIES - 1
                                               : NV4_CACHE1_ENTRIES);
}

static void cache_push(NVCard *card, unsigned subc, unsigned mthd,
                       uint32_t data, bool ni)
{
    NV4Pfifo *f = &card->pfifo4;
    unsigned s = cache_slot(card, f->put);

    f->addr[s] = (subc & 7) << 13 | (mthd & 0x7ff) << 2 |
                 (ni ? NV4_CACHE_ADDR_NONINC : 0);
    f->data[s] = data;
    f->put = (f->put + 4) & cache_ptr_mask(card);
}

/* ---- the DMA pusher ---- */

static void pusher_error(NVCard *card, NVDmaPusherError err)
{
    NV4Pfifo *f = &card->pfifo4;

    f->ch.dma_state = (f->ch.dma_state & ~(7u << NV4_DMA_STATE_ERROR_SHIFT)) |
                      (uint32_t)err << NV4_DMA_STATE_ERROR_SHIFT;
    f->intr |= NV4_PFIFO_INTR_DMA_PUSHER;
    nv_log(card, NV_LOG_GUEST_ERROR, "nv: pfifo: channel %u DMA_PUSHER error "
           "%d at 0x%08x (command 0x%08x)", cur_chid(card), err,
           f->ch.dma_get, f->rsvd_shadow);
    nv_card_update_irq(card);
}

static bool pusher_stopped(const NV4Pfifo *f)
{
    return !(f->push0 & 1) || !(f->dma_push & NV4_DMA_PUSH_ACCESS) ||
           (f->dma_push & NV4_DMA_PUSH_SUSPENDED) ||
           (f->ch.dma_state >> NV4_DMA_STATE_ERROR_SHIFT) ||
           (f->intr & NV4_PFIFO_INTR_DMA_PUSHER);
}

/* The methods below 0x100 the puller implements (puller.rst table). */
static bool puller_knows(const NVCard *card, unsigned mthd)
{
    switch (mthd << 2) {
    case 0x0000: case 0x0050: case 0x0060: case 0x0064: case 0x0068:
    case 0x006c:
        return true;
    case 0x0080:
        return is_nv40(card);
    default:
        return mthd >= 0x40;
    }
}

static bool subr_active(const NVCard *card)
{
    const NV4FifoChan *ch = &card->pfifo4.ch;

    return is_nv40(card) ? ch->dma_state & NV4_DMA_STATE_SUBR_ACTIVE
                         : ch->subroutine & NV4_SUBROUTINE_ACTIVE;
}

static void set_subr(NVCard *card, bool active, uint32_t ret)
{
    NV4FifoChan *ch = &card->pfifo4.ch;

    if (is_nv40(card)) {
        ch->dma_state = active ? ch->dma_state | NV4_DMA_STATE_SUBR_ACTIVE
                               : ch->dma_state & ~NV4_DMA_STATE_SUBR_ACTIVE;
        ch->subroutine = active ? ret : ch->subroutine;
    } else {
        ch->subroutine = active ? (ret & ~3u) | NV4_SUBROUTINE_ACTIVE
                                : ch->subroutine & ~NV4_SUBROUTINE_ACTIVE;
    }
}

static uint32_t subr_return(const NVCard *card)
{
    return card->pfifo4.ch.subroutine & ~3u;
}

/* One command-stream word; false when the pusher has to stop. */
static bool pusher_word(NVCard *card, uint32_t word)
{
    NV4Pfifo *f = &card->pfifo4;
    NV4FifoChan *ch = &f->ch;
    unsigned mcnt = (ch->dma_state >> 18) & 0x7ff;
    unsigned mthd = (ch->dma_state >> 2) & 0x7ff;
    unsigned subc = (ch->dma_state >> 13) & 7;
    bool ni = ch->dma_state & NV4_DMA_STATE_NONINC;

    if (mcnt) {
        f->data_shadow = word;
        if (!puller_knows(card, mthd)) {
            pusher_error(card, NV4_DMA_ERR_INVALID_MTHD);
            return false;
        }
        cache_push(card, subc, mthd, word, ni);
        if (!ni) {
            mthd = (mthd + 1) & 0x7ff;
        }
        mcnt--;
        ch->dma_state = (ch->dma_state & ~(0x7ffu << 18 | 0x7ffu << 2)) |
                        mcnt << 18 | mthd << 2;
        ch->dma_dcount++;
        return true;
    }
    f->rsvd_shadow = word;
    if ((word & 0xe0000003) == 0x20000000) {
        /* old jump */
        f->jmp_shadow = ch->dma_get;
        ch->dma_get = word & 0x1fffffff;
    } else if ((word & 3) == 1) {
        /* jump (NV1A+, like all our models) */
        f->jmp_shadow = ch->dma_get;
        ch->dma_get = word & ~3u;
    } else if ((word & 3) == 2) {
        /* call */
        if (subr_active(card)) {
            pusher_error(card, NV4_DMA_ERR_CALL_SUBR_ACTIVE);
            return false;
        }
        set_subr(card, true, ch->dma_get);
        ch->dma_get = word & ~3u;
    } else if (word == 0x00020000) {
        /* return */
        if (!subr_active(card)) {
            pusher_error(card, NV4_DMA_ERR_RET_SUBR_INACTIVE);
            return false;
        }
        ch->dma_get = subr_return(card);
        set_subr(card, false, 0);
    } else if ((word & 0xe0030003) == 0 || (word & 0xe0030003) == 0x40000000) {
        /* increasing / non-increasing methods */
        ch->dma_state = (ch->dma_state & (NV4_DMA_STATE_SUBR_ACTIVE |
                                          1u << 16)) |
                        (word & 0x1ffc) | (word & 0xe000) |
                        ((word >> 18) & 0x7ff) << 18 |
                        (word >> 30 & 1 ? NV4_DMA_STATE_NONINC : 0);
        ch->dma_dcount = 0;
    } else if ((word & 0xffff0003) == 0x00010000 && is_nv40(card) &&
               (f->sli & (1u << 29))) {
        /* SLI conditional: sli_active = mask & SLI.MASK */
        f->sli = (f->sli & ~(1u << 28)) |
                 (((word >> 4) & f->sli & 0xfff) ? 1u << 28 : 0);
    } else {
        pusher_error(card, NV4_DMA_ERR_INVALID_CMD);
        return false;
    }
    return true;
}

/* Read and execute pushbuffer words while there are some and room. */
static unsigned pusher_run(NVCard *card, unsigned budget)
{
    NV4Pfifo *f = &card->pfifo4;
    NV4FifoChan *ch = &f->ch;
    NVDmaObj pb;
    unsigned done = 0;

    nv_dmaobj_load(card, ch->dma_instance << 4, &pb);
    while (done < budget && ch->dma_get != ch->dma_put &&
           !pusher_stopped(f) && !cache_full(card)) {
        uint32_t word;

        /*
         * dma-pusher.rst: reading past the limit is a MEM_FAULT, and so is
         * any other fault of the object; a GET that is not dword aligned
         * (a jump or a register write can leave one) fetches nothing.
         */
        if ((ch->dma_get & 3) ||
            nv_dmaobj_read32(card, &pb, ch->dma_get, &word) != NV_DMAOBJ_OK) {
            pusher_error(card, NV4_DMA_ERR_MEM_FAULT);
            break;
        }
        if (ch->dma_fetch & NV4_DMA_FETCH_BIG_ENDIAN) {
            word = GUINT32_SWAP_LE_BE(word);
        }
        ch->dma_get += 4;
        done++;
        if (!pusher_word(card, word)) {
            break;
        }
    }
    return done;
}

/* ---- the puller ---- */

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

static void semaphore_error(NVCard *card, unsigned err)
{
    NV4Pfifo *f = &card->pfifo4;

    f->pull0 = (f->pull0 & ~(0xfu << NV4_PULL0_SEMAPHORE_SHIFT)) |
               err << NV4_PULL0_SEMAPHORE_SHIFT;
    f->intr |= NV4_PFIFO_INTR_SEMAPHORE;
    nv_log(card, NV_LOG_GUEST_ERROR, "nv: pfifo: channel %u semaphore error "
           "%u", cur_chid(card), err);
    nv_card_update_irq(card);
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
               cur_chid(card), mthd << 2, subc, engine);
    }
    return false;
}

/* Execute the method at CACHE1's GET; false if the puller must stall. */
static bool puller_step(NVCard *card)
{
    NV4Pfifo *f = &card->pfifo4;
    NV4FifoChan *ch = &f->ch;
    unsigned s = cache_slot(card, f->get);
    unsigned mthd = (f->addr[s] >> 2) & 0x7ff, subc = (f->addr[s] >> 13) & 7;
    uint32_t data = f->data[s];
    unsigned engine = (ch->engine >> (4 * subc)) & 0xf;
    NVDmaObj sem;
    NV4RamhtEntry e;

    switch (mthd << 2) {
    case 0x0000:    /* OBJECT */
        if (!nv4_ramht_lookup(card, data, cur_chid(card), &e)) {
            cache_error(card, NV4_PULL0_HASH_FAILED);
            return false;
        }
        f->hash = e.inst >> 4 | (is_nv40(card) ? 1u << 24 : 1u << 16);
        ch->engine = (ch->engine & ~(0xfu << (4 * subc))) |
                     e.engine << (4 * subc);
        ch->pull1 = (ch->pull1 & ~0xfu) | e.engine;
        if (e.engine == NV4_ENGINE_SOFTWARE) {
            cache_error(card, NV4_PULL0_DEVICE_SOFTWARE);
            return false;
        }
        if (!engine_method(card, e.engine, subc, 0, e.inst)) {
            return false;
        }
        break;
    case 0x0050:    /* REF_CNT */
        ch->ref = data;
        break;
    case 0x0060:    /* DMA_SEMAPHORE */
        if (!nv4_ramht_lookup(card, data, cur_chid(card), &e)) {
            cache_error(card, NV4_PULL0_HASH_FAILED);
            return false;
        }
        /* puller.rst: the pre-G80 bug wants class 2 with write-only rights */
        nv_dmaobj_load(card, e.inst, &sem);
        if (sem.cls != NV_DMAOBJ_CLASS_FROM_MEMORY ||
            sem.rights != NV_DMAOBJ_RIGHTS_WO || !sem.present) {
            semaphore_error(card, NV4_SEM_ERR_INVALID_OPERAND);
            break;
        }
        ch->semaphore = (ch->semaphore & 0xffc) | (e.inst >> 4) << 12 |
                        NV4_SEMAPHORE_CTXDMA_VALID;
        break;
    case 0x0064:    /* SEMAPHORE_OFFSET */
        if (data & ~0xffcu) {
            semaphore_error(card, NV4_SEM_ERR_INVALID_OPERAND);
            break;
        }
        ch->semaphore = (ch->semaphore & ~0xffcu) | data;
        break;
    case 0x0068:    /* SEMAPHORE_ACQUIRE */
        ch->acquire_value = data;
        ch->pull1 |= NV4_PULL1_ACQUIRE_ACTIVE;
        break;
    case 0x006c:    /* SEMAPHORE_RELEASE */
        sem_access(card, &data, true);
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
            if (!nv4_ramht_lookup(card, data, cur_chid(card), &e)) {
                cache_error(card, NV4_PULL0_HASH_FAILED);
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
    f->get = (f->get + 4) & cache_ptr_mask(card);
    return true;
}

static bool puller_stopped(const NV4Pfifo *f)
{
    return !(f->pull0 & NV4_PULL0_ACCESS);
}

static unsigned puller_run(NVCard *card, unsigned budget)
{
    NV4Pfifo *f = &card->pfifo4;
    unsigned done = 0;

    while (done < budget && cache_count(card) && !puller_stopped(f) &&
           acquire_done(card)) {
        if (!puller_step(card)) {
            break;
        }
        done++;
    }
    return done;
}

/* ---- scheduling ---- */

static bool chan_idle(const NVCard *card)
{
    return card->pfifo4.ch.dma_get == card->pfifo4.ch.dma_put &&
           !cache_count(card);
}

/* Save the current channel, load @chid (puller.rst: CHANNEL_SWITCH). */
static void switch_channel(NVCard *card, unsigned chid)
{
    NV4Pfifo *f = &card->pfifo4;

    uint32_t mode = is_nv40(card) ? 1u << 16 : 1u << 8;

    ramfc_save(card, cur_chid(card), &f->ch);
    ramfc_load(card, chid, &f->ch);
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
    unsigned cur = cur_chid(card);

    for (unsigned i = 1; i <= NV4_CHANNELS; i++) {
        unsigned c = (cur + i) & NV4_CHID_MASK;

        if ((f->dma_pending >> c) & (f->mode >> c) & 1) {
            if (ramfc_rd(card, ramfc_addr(card, c) + 0) != ramfc_rd(card, ramfc_addr(card, c) + 4)) {
                return c;
            }
            f->dma_pending &= ~(1u << c);
        }
    }
    return -1;
}

void nv4_pfifo_run(NVCard *card)
{
    NV4Pfifo *f = &card->pfifo4;
    unsigned budget = PFIFO_SLICE;
    bool progress = true;

    while (budget && progress) {
        unsigned n = puller_run(card, budget);

        n += pusher_run(card, budget - n);
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
        if (!budget) {
            card->host.timer_mod(card->host.opaque, NV_TIMER_PFIFO,
                                 nv_now_ns(card) + PFIFO_RESUME_NS);
        } else if (f->ch.pull1 & NV4_PULL1_ACQUIRE_ACTIVE) {
            card->host.timer_mod(card->host.opaque, NV_TIMER_PFIFO,
                                 nv_now_ns(card) + PFIFO_ACQUIRE_RETRY_NS);
        }
    }
}

/* ---- registers ---- */

static uint32_t cache1_status(const NVCard *card)
{
    return (cache_count(card) ? 0 : NV4_CACHE_STATUS_EMPTY) |
           (cache_full(card) ? NV4_CACHE_STATUS_FULL : 0);
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
    if (is_nv40(card)) {
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

/* CACHE1's entries: ADDR/DATA pairs, 8 bytes apart. */
/* CACHE1's ADDR/DATA pair registers, 8 bytes apart (aliases wrap). */
static uint32_t *cache_entry(NVCard *card, uint32_t off)
{
    unsigned i = (off >> 3) & (cache_entries(card) - 1);

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
    if (!is_nv40(card) && addr >= NV4_CACHE1_ADDR &&
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
        f->put = val & cache_ptr_mask(card);
        return;
    case NV4_CACHE1_GET:
        f->get = val & cache_ptr_mask(card);
        nv4_pfifo_run(card);
        return;
    }
    if (!is_nv40(card) && addr >= NV4_CACHE1_ADDR &&
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

/* ---- the channel control areas ---- */

static uint32_t user_read(NVCard *card, unsigned chid, uint32_t off,
                          bool cget)
{
    NV4FifoChan *ch = &card->pfifo4.ch;
    bool cur = chid == cur_chid(card);

    switch (off) {
    case NV4_USER_DMA_PUT:
        return cur ? ch->dma_put : ramfc_rd(card, ramfc_addr(card, chid) + 0);
    case NV4_USER_DMA_GET:
        return cur ? ch->dma_get : ramfc_rd(card, ramfc_addr(card, chid) + 4);
    case NV4_USER_REF:
        return cur ? ch->ref : ramfc_rd(card, ramfc_addr(card, chid) + 8);
    case NV40_USER_DMA_CGET:
        if (cget) {
            /* dma-pusher.rst: the return address while in a subroutine */
            if (cur) {
                return subr_active(card) ? subr_return(card) : ch->dma_get;
            }
            return ramfc_rd(card, ramfc_addr(card, chid) + 4);
        }
        break;
    }
    nv_log(card, NV_LOG_GUEST_ERROR, "nv: pfifo: channel %u control area "
           "read at 0x%02x", chid, off);
    return 0;
}

static void user_write(NVCard *card, unsigned chid, uint32_t off,
                       uint32_t val)
{
    NV4Pfifo *f = &card->pfifo4;

    if (off != NV4_USER_DMA_PUT) {
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: pfifo: channel %u control area "
               "write at 0x%02x ignored", chid, off);
        return;
    }
    if (!((f->mode >> chid) & 1)) {
        nv_log(card, NV_LOG_UNIMP, "nv: pfifo: channel %u is in PIO mode: "
               "PIO submission is not modelled", chid);
        return;
    }
    if (chid == cur_chid(card)) {
        f->ch.dma_put = val;
    } else {
        ramfc_wr(card, ramfc_addr(card, chid), val);
        f->dma_pending |= 1u << chid;
    }
    nv4_pfifo_run(card);
}

/* The old-style area: 0x10000 per channel, the registers in each 0x2000. */
static uint32_t nv4_user_read(NVCard *card, uint32_t addr)
{
    return user_read(card, addr >> 16, addr & 0x1fff, false);
}

static void nv4_user_write(NVCard *card, uint32_t addr, uint32_t val)
{
    user_write(card, addr >> 16, addr & 0x1fff, val);
}

/* NV40's area: 0x1000 per channel, DMA only, with DMA_CGET. */
static uint32_t nv40_user_read(NVCard *card, uint32_t addr)
{
    return user_read(card, addr >> 12, addr & 0xfff, true);
}

static void nv40_user_write(NVCard *card, uint32_t addr, uint32_t val)
{
    user_write(card, addr >> 12, addr & 0xfff, val);
}

static const NVBlock pfifo_blocks[] = {
    { "pfifo", NV_ARCHS_NV3UP, NV4_PFIFO_BASE, NV4_PFIFO_SIZE,
      NV3_PMC_ENABLE_PFIFO, .read32 = pfifo_read, .write32 = pfifo_write },
    { "pfifo.cache1", NV_ARCHS_NV40, NV40_PFIFO_CACHE1_BASE,
      NV40_PFIFO_CACHE1_SIZE, NV3_PMC_ENABLE_PFIFO,
      .read32 = nv40_cache_read, .write32 = nv40_cache_write },
    { "user", NV_ARCHS_NV3UP, NV4_USER_BASE, NV4_USER_SIZE,
      NV3_PMC_ENABLE_PFIFO, .read32 = nv4_user_read, .write32 = nv4_user_write },
    { "user.nv40", NV_ARCHS_NV40, NV40_USER_BASE, NV40_USER_SIZE,
      NV3_PMC_ENABLE_PFIFO,
      .read32 = nv40_user_read, .write32 = nv40_user_write },
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
