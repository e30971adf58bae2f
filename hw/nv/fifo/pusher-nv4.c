/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the DMA pusher of the NV4-style PFIFO and the channel control
 * areas that feed it.  The pusher reads the current channel's pushbuffer
 * through its DMA object from DMA_GET up to DMA_PUT, splits the words into
 * methods for CACHE1 and follows jumps, calls and returns (envytools
 * docs/hw/fifo/dma-pusher.rst, "The pusher pseudocode - pre-GF100").
 */
#include "hw/nv/card.h"
#include "hw/nv/fifo/pfifo-nv4.h"
#include "hw/nv/mem/dmaobj.h"
#include "pfifo-nv4-internal.h"

/* Queue a method in CACHE1 at PUT (the caller has checked for room). */
static void cache_push(NVCard *card, unsigned subc, unsigned mthd,
                       uint32_t data, bool ni)
{
    NV4Pfifo *f = &card->pfifo4;
    unsigned s = nv4_pfifo_cache_slot(card, f->put);

    f->addr[s] = (subc & 7) << 13 | (mthd & 0x7ff) << 2 |
                 (ni ? NV4_CACHE_ADDR_NONINC : 0);
    f->data[s] = data;
    f->put = (f->put + 4) & nv4_pfifo_cache_ptr_mask(card);
}

static void pusher_error(NVCard *card, NVDmaPusherError err)
{
    NV4Pfifo *f = &card->pfifo4;

    f->ch.dma_state = (f->ch.dma_state & ~(7u << NV4_DMA_STATE_ERROR_SHIFT)) |
                      (uint32_t)err << NV4_DMA_STATE_ERROR_SHIFT;
    f->intr |= NV4_PFIFO_INTR_DMA_PUSHER;
    nv_log(card, NV_LOG_GUEST_ERROR, "nv: pfifo: channel %u DMA_PUSHER error "
           "%d at 0x%08x (command 0x%08x)", nv4_pfifo_chid(card), err,
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

static bool subr_active(const NVCard *card)
{
    const NV4FifoChan *ch = &card->pfifo4.ch;

    return nv4_pfifo_is_nv40(card) ? ch->dma_state & NV4_DMA_STATE_SUBR_ACTIVE
                                   : ch->subroutine & NV4_SUBROUTINE_ACTIVE;
}

static void set_subr(NVCard *card, bool active, uint32_t ret)
{
    NV4FifoChan *ch = &card->pfifo4.ch;

    if (nv4_pfifo_is_nv40(card)) {
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
        if (!nv4_pfifo_puller_knows(card, mthd)) {
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
    } else if ((word & 0xffff0003) == 0x00010000 &&
               nv4_pfifo_is_nv40(card) && (f->sli & (1u << 29))) {
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
unsigned nv4_pfifo_pusher_run(NVCard *card, unsigned budget)
{
    NV4Pfifo *f = &card->pfifo4;
    NV4FifoChan *ch = &f->ch;
    NVDmaObj pb;
    unsigned done = 0;

    nv_dmaobj_load(card, ch->dma_instance << 4, &pb);
    while (done < budget && ch->dma_get != ch->dma_put &&
           !pusher_stopped(f) && !nv4_pfifo_cache_full(card)) {
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

/* ---- the channel control areas ---- */

/*
 * The control area of channel @chid (dma-pusher.rst "Channel control
 * area"): the current channel's registers, or another channel's saved
 * copies in RAMFC.
 */
static uint32_t user_read(NVCard *card, unsigned chid, uint32_t off,
                          bool cget)
{
    NV4FifoChan *ch = &card->pfifo4.ch;
    bool cur = chid == nv4_pfifo_chid(card);

    switch (off) {
    case NV4_USER_DMA_PUT:
        return cur ? ch->dma_put
                   : nv4_pfifo_ramfc_read(card, chid, NV4_RAMFC_DMA_PUT);
    case NV4_USER_DMA_GET:
        return cur ? ch->dma_get
                   : nv4_pfifo_ramfc_read(card, chid, NV4_RAMFC_DMA_GET);
    case NV4_USER_REF:
        return cur ? ch->ref
                   : nv4_pfifo_ramfc_read(card, chid, NV4_RAMFC_REF);
    case NV40_USER_DMA_CGET:
        if (cget) {
            /* dma-pusher.rst: the return address while in a subroutine */
            if (cur) {
                return subr_active(card) ? subr_return(card) : ch->dma_get;
            }
            return nv4_pfifo_ramfc_read(card, chid, NV4_RAMFC_DMA_GET);
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
    if (chid == nv4_pfifo_chid(card)) {
        f->ch.dma_put = val;
    } else {
        nv4_pfifo_ramfc_write(card, chid, NV4_RAMFC_DMA_PUT, val);
        f->dma_pending |= 1u << chid;
    }
    nv4_pfifo_run(card);
}

/* The old-style area: 0x10000 per channel, the registers in each 0x2000. */
uint32_t nv4_pfifo_user_read(NVCard *card, uint32_t addr)
{
    return user_read(card, addr >> 16, addr & 0x1fff, false);
}

void nv4_pfifo_user_write(NVCard *card, uint32_t addr, uint32_t val)
{
    user_write(card, addr >> 16, addr & 0x1fff, val);
}

/* NV40's area: 0x1000 per channel, DMA only, with DMA_CGET. */
uint32_t nv4_pfifo_nv40_user_read(NVCard *card, uint32_t addr)
{
    return user_read(card, addr >> 12, addr & 0xfff, true);
}

void nv4_pfifo_nv40_user_write(NVCard *card, uint32_t addr, uint32_t val)
{
    user_write(card, addr >> 12, addr & 0xfff, val);
}

