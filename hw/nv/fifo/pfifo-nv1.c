/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV1 PFIFO.  The pusher takes writes to the USER area into
 * CACHE1 or, when it cannot, into RAMRO with an interrupt, switching
 * channels through RAMFC (rules established by hardware tests, written
 * down in docs/pfifo.rst "Hardware facts beyond envytools"); the puller
 * hands CACHE1 to PGRAPH, binding objects through RAMHT (envytools
 * docs/hw/fifo/puller.rst).  Everything runs when the guest writes: a
 * method pushed is pulled at once if PGRAPH takes it, so STATUS shows
 * empty caches unless PGRAPH or the puller is stopped.
 */
#include <string.h>

#include "hw/nv/card.h"
#include "hw/nv/mem/pramin.h"

/* envytools docs/hw/memory/nv1-vram.rst: RAMIN areas per PRAM.CONFIG. */
static const uint32_t ramro_at[4] = { 0x1000, 0x2000, 0x2000, 0x8000 };
static const uint32_t ramfc_at[4] = { 0x1800, 0x3000, 0x6000, 0xc000 };

static unsigned layout(NVCard *card)
{
    return card->pfifo1.pram_config & 3;
}

static uint32_t ramht_size(NVCard *card)
{
    return 0x1000u << layout(card);
}

static uint32_t ramro_size(NVCard *card)
{
    return 0x800u << layout(card);
}

static uint32_t ram_rd32(NVCard *card, uint32_t addr)
{
    return nv_ramin_read(card, addr, 4);
}

static void ram_wr32(NVCard *card, uint32_t addr, uint32_t val)
{
    nv_ramin_write(card, addr, val, 4);
}

/* ---- CACHE1 pointers: Gray-coded linear positions ---- */

/* Slot @n's pointer (docs/pfifo.rst "NV1 CACHE1 pointers and FREE"). */
static uint32_t gray(unsigned n)
{
    n %= NV1_CACHE1_ENTRIES;
    return (n ^ (n >> 1)) << 2;
}

static unsigned linear(uint32_t ptr)
{
    unsigned g = (ptr >> 2) & (NV1_CACHE1_ENTRIES - 1), n = 0;

    for (; g; g >>= 1) {
        n ^= g;
    }
    return n;
}

static bool c1_empty(NV1Pfifo *f)
{
    return f->c1_put == f->c1_get;
}

static bool c1_full(NV1Pfifo *f)
{
    return gray(linear(f->c1_put) + 1) == f->c1_get;
}

static bool runout_empty(NV1Pfifo *f)
{
    return f->runout_put == f->runout_get;
}

static uint32_t runout_next(NVCard *card, uint32_t ptr)
{
    return (ptr + 8) & (ramro_size(card) - 1) & 0x3ff8;
}

static uint32_t pfifo_intr(NVCard *card)
{
    return card->pfifo1.intr & card->pfifo1.intr_en ?
           1u << NV_PMC_LINE_PFIFO : 0;
}

static void pfifo_reset(NVCard *card)
{
    memset(&card->pfifo1, 0, sizeof(card->pfifo1));
    nv_card_update_irq(card);
}

/* ---- RAMRO: rejected writes ---- */

/*
 * docs/pfifo.rst "NV1 RAMRO": the entry is the USER offset (byte bits
 * included) with the reason in bits 28-31, then the data in its byte
 * lane.  A full RAMRO drops it (RUNOUT_OVERFLOW).  Errors on the current
 * channel set the run-out flag, so its later writes follow into RAMRO.
 */
static void runout(NVCard *card, uint32_t off, uint64_t val, unsigned size,
                   unsigned reason, bool with_data)
{
    NV1Pfifo *f = &card->pfifo1;
    uint32_t next = runout_next(card, f->runout_put);
    uint32_t base = ramro_at[layout(card)];

    if (((off >> 16) & 0x7f) == f->c1_chid) {
        f->c1_runout = 1;
    }
    if (next == f->runout_get) {
        f->intr |= NV1_PFIFO_INTR_RUNOUT_OVERFLOW;
        nv_card_update_irq(card);
        return;
    }
    ram_wr32(card, base + f->runout_put, (off & 0x7fffff) | reason << 28);
    if (with_data) {
        ram_wr32(card, base + f->runout_put + 4,
                 (uint32_t)(val << (8 * (off & 3))));
        f->intr |= NV1_PFIFO_INTR_RUNOUT;
    }
    f->runout_put = next;
    nv_card_update_irq(card);
}

/* ---- channel switch through RAMFC ---- */

static uint32_t ramfc_slot(NVCard *card, unsigned chid, unsigned i)
{
    /* With the smallest layout only 64 channels fit. */
    if (!layout(card)) {
        chid &= 0x3f;
    }
    return ramfc_at[layout(card)] + chid * 0x20 + i * 4;
}

static void channel_switch(NVCard *card, unsigned chid)
{
    NV1Pfifo *f = &card->pfifo1;
    uint32_t st = f->c1_pull_state;
    uint32_t tag = (st & 7) << 28 | ((st >> 8) & 1) << 31;
    unsigned n = st & (1u << 4) ? 8 : 1;
    uint32_t w0;

    for (unsigned i = 0; i < n; i++) {
        ram_wr32(card, ramfc_slot(card, f->c1_chid, i), f->c1_ctx[i] | tag);
    }
    for (unsigned i = 0; i < 8; i++) {
        f->c1_ctx[i] = ram_rd32(card, ramfc_slot(card, chid, i)) &
                       NV1_OBJ_CTX_MASK;
    }
    w0 = ram_rd32(card, ramfc_slot(card, chid, 0));
    f->c1_pull_state = ((w0 >> 28) & 7) | (w0 >> 31) << 8;
    f->c1_chid = chid;
}

/* ---- the puller ---- */

static void cache_error(NVCard *card, uint32_t reason)
{
    NV1Pfifo *f = &card->pfifo1;

    f->cache_error = reason;
    f->intr |= NV1_PFIFO_INTR_CACHE_ERROR;
    f->c1_pull &= ~1u;          /* stopped until the driver restarts it */
    nv_card_update_irq(card);
}

uint32_t nv1_ramht_hash(NVCard *card, uint32_t handle, unsigned chid)
{
    unsigned bits = 9 + layout(card);       /* log2(RAMHT size / 8) */
    uint32_t h = 0;

    for (; handle; handle >>= bits) {
        h ^= handle & ((1u << bits) - 1);
    }
    return (h ^ chid << (bits - 7)) & ((1u << bits) - 1);
}

/*
 * RAMHT: docs/hw/fifo/puller.rst gives no NV1 layout, so we use one
 * (docs/nv1.rst "Inferred behaviour"): 8-byte entries, word 0 the handle,
 * word 1 the object context (NV1_OBJ_CTX_MASK bits) with the channel in
 * bits 25-31; a zero device marks a free slot.  The search starts at
 * nv1_ramht_hash() and goes on linearly through the table.
 */
static bool ramht_lookup(NVCard *card, uint32_t handle, unsigned chid,
                         uint32_t *ctx)
{
    uint32_t entries = ramht_size(card) / 8;
    uint32_t slot = nv1_ramht_hash(card, handle, chid);

    for (uint32_t i = 0; i < entries; i++, slot = (slot + 1) % entries) {
        uint32_t w1 = ram_rd32(card, slot * 8 + 4);

        if (NV1_OBJ_CTX_DEVICE(w1) && (w1 >> 25) == chid &&
            ram_rd32(card, slot * 8) == handle) {
            *ctx = w1 & NV1_OBJ_CTX_MASK;
            return true;
        }
    }
    return false;
}

/* Is the object's device one of PGRAPH's method areas (0x41-0x5f)? */
static bool ctx_pgraph(uint32_t ctx)
{
    return NV1_OBJ_CTX_DEVICE(ctx) > 0x40 && NV1_OBJ_CTX_DEVICE(ctx) < 0x60;
}

/*
 * An object's context to PGRAPH method 0: the device names the class
 * (0x41 = BETA at 0x410000); PGRAPH wants the channel in bits 16-22 of
 * the data (docs/pfifo.rst "NV1 object contexts").
 */
static void send_object(NVCard *card, uint32_t ctx)
{
    nv1_pgraph_method(card, NV1_OBJ_CTX_DEVICE(ctx) - 0x40, 0,
                      (ctx & 0xffff) | card->pfifo1.c1_chid << 16);
}

/*
 * One CACHE1 entry (docs/hw/fifo/puller.rst, the NV1 branch); false stops
 * the puller.
 */
static bool pull_one(NVCard *card, uint32_t addr, uint32_t data)
{
    NV1Pfifo *f = &card->pfifo1;
    unsigned subc = (addr >> 13) & 7;
    uint32_t mthd = addr & 0x1ffc;
    uint32_t ctx;

    if (mthd == 0) {
        if (!ramht_lookup(card, data, f->c1_chid, &ctx)) {
            cache_error(card, NV1_CACHE_ERROR_NO_HASH);
            return false;
        }
        f->c1_ctx[subc] = ctx;
        f->c1_pull_state = (f->c1_pull_state & ~7u) | subc | 1u << 4;
    } else {
        ctx = f->c1_ctx[subc];
    }
    if (!ctx_pgraph(ctx)) {
        cache_error(card, NV1_CACHE_ERROR_EMPTY_SUBCHANNEL);
        return false;
    }
    if (mthd == 0 || subc != (f->c1_pull_state & 7)) {
        f->c1_pull_state = (f->c1_pull_state & ~7u) | subc;
        send_object(card, ctx);
    }
    if (mthd) {
        nv1_pgraph_method(card, NV1_OBJ_CTX_DEVICE(ctx) - 0x40, mthd, data);
    }
    return true;
}

void nv1_pfifo_pull(NVCard *card)
{
    NV1Pfifo *f = &card->pfifo1;

    /* Bounded by the cache: nothing is pushed while we pull. */
    while ((f->c1_pull & 1) && !c1_empty(f) && nv1_pgraph_fifo_ready(card)) {
        unsigned slot = f->c1_get >> 2;     /* entries sit at Gray slots */
        uint32_t addr = f->c1_addr[slot], data = f->c1_data[slot];

        if (!pull_one(card, addr, data)) {
            return;     /* the entry stays for the driver to look at */
        }
        f->c1_get = gray(linear(f->c1_get) + 1);
    }
}

/* ---- the pusher: writes to the USER area ---- */

static void user_write(NVCard *card, uint32_t off, uint64_t val, unsigned size)
{
    NV1Pfifo *f = &card->pfifo1;
    unsigned chid = (off >> 16) & 0x7f;
    uint32_t mthd = off & 0x1fff;

    if (mthd >= 0x20 && mthd < 0x30) {      /* password area */
        if (size != 4 || (chid != f->c1_chid &&
                          (!f->chsw_enable || !runout_empty(f) ||
                           !c1_empty(f)))) {
            runout(card, off, val, size, 0, false);
        }
        return;
    }
    if (mthd >= 0x10 && mthd < 0x20 && size >= 2) {
        runout(card, off, val, size, 5, true);
    } else if (size != 4) {
        runout(card, off, val, size, 0, true);
    } else if (mthd >= 0x004 && mthd < 0x100) {
        runout(card, off, val, size, 5, true);
    } else if (!(f->c1_push & 1) ||
               (chid == f->c0_chid && (f->c0_push & 1))) {
        runout(card, off, val, size, 1, true);
    } else if (chid != f->c1_chid &&
               (!runout_empty(f) || !f->chsw_enable || !c1_empty(f))) {
        runout(card, off, val, size, 1, true);
    } else {
        if (chid != f->c1_chid) {
            channel_switch(card, chid);
        }
        if (f->c1_runout) {
            runout(card, off, val, size, 2, true);
        } else if (c1_full(f)) {
            bool lie = f->c1_ctx[f->c1_pull_state & 7] & NV1_OBJ_CTX_FREE_LIE;
            runout(card, off, val, size, lie ? 4 : 3, true);
        } else {
            /* ADDR[PUT >> 2], the Gray-coded slot (docs/pfifo.rst) */
            f->c1_addr[f->c1_put >> 2] = off & 0xfffc;
            f->c1_data[f->c1_put >> 2] = val;
            f->c1_put = gray(linear(f->c1_put) + 1);
            nv1_pfifo_pull(card);
        }
    }
}

/* FREE (USER + 0x10): how many bytes the channel may still push. */
static uint64_t user_read(NVCard *card, uint32_t off, unsigned size)
{
    NV1Pfifo *f = &card->pfifo1;
    unsigned chid = (off >> 16) & 0x7f;
    uint32_t v;

    if ((off & 0x1ffc) != 0x10) {
        return 0;
    }
    if (f->c1_runout) {
        v = 0;
    } else if (chid != f->c1_chid || !(f->c1_push & 1)) {
        v = runout_empty(f) ? 0x7c : 0;
    } else if (f->c1_ctx[f->c1_pull_state & 7] & NV1_OBJ_CTX_FREE_LIE) {
        static const uint32_t lie[4] = { 0x7c, 0xfc, 0x1fc, 0x3fc };
        v = lie[f->config & 3];
    } else {
        v = ((linear(f->c1_get) - linear(f->c1_put) - 1) * 4) & 0x7c;
    }
    return (v >> (8 * (off & 3))) & (size >= 4 ? ~0u : (1u << (8 * size)) - 1);
}

/* ---- registers ---- */

static uint32_t cache1_status(NV1Pfifo *f)
{
    return (c1_empty(f) ? 1u << 4 : 0) | (c1_full(f) ? 1u << 8 : 0) |
           f->c1_runout;
}

static uint32_t pfifo_read(NVCard *card, uint32_t addr)
{
    NV1Pfifo *f = &card->pfifo1;

    if (addr >= NV1_PFIFO_CACHE1 + 0x80 && addr < NV1_PFIFO_CACHE1 + 0x100) {
        return (addr & 0xf) ? 0 : f->c1_ctx[(addr >> 4) & 7];
    }
    if (addr >= NV1_PFIFO_CACHE1 + 0x100 && addr < NV1_PFIFO_CACHE1 + 0x200) {
        unsigned i = ((addr - NV1_PFIFO_CACHE1 - 0x100) >> 3) & 31;
        return addr & 4 ? f->c1_data[i] : f->c1_addr[i];
    }
    switch (addr) {
    case NV1_PFIFO_WAIT_RETRY:
        return f->wait_retry;
    case NV1_PFIFO_CACHE_ERROR:
        return f->cache_error;
    case NV1_PFIFO_INTR:
        return f->intr;
    case NV1_PFIFO_INTR_EN:
        return f->intr_en;
    case NV1_PFIFO_CONFIG:
        return f->config;
    case NV1_PFIFO_RUNOUT_STATUS: {
        bool full = runout_next(card, f->runout_put) == f->runout_get;
        return (runout_empty(f) ? 1u << 4 : 1u) | (full ? 1u << 8 : 0);
    }
    case NV1_PFIFO_RUNOUT_PUT:
        return f->runout_put;
    case NV1_PFIFO_RUNOUT_GET:
        return f->runout_get;
    case NV1_PFIFO_CHSW_ENABLE:
        return f->chsw_enable;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_PUSH_ACCESS:
        return f->c0_push;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_CHID:
        return f->c0_chid;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_STATUS:
        return f->c0_put == f->c0_get ? 1u << 4 : 1u << 8;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_PUT:
        return f->c0_put;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_PULL_CTRL:
        return f->c0_pull;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_PULL_STATE:
        return f->c0_pull_state;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_GET:
        return f->c0_get;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_CTX:
        return f->c0_ctx;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_ADDR:
        return f->c0_addr;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_DATA:
        return f->c0_data;
    case NV1_PFIFO_CACHE1 + NV1_CACHE_PUSH_ACCESS:
        return f->c1_push;
    case NV1_PFIFO_CACHE1 + NV1_CACHE_CHID:
        return f->c1_chid;
    case NV1_PFIFO_CACHE1 + NV1_CACHE_STATUS:
        return cache1_status(f);
    case NV1_PFIFO_CACHE1 + NV1_CACHE_PUT:
        return f->c1_put;
    case NV1_PFIFO_CACHE1 + NV1_CACHE_PULL_CTRL:
        return f->c1_pull;
    case NV1_PFIFO_CACHE1 + NV1_CACHE_PULL_STATE:
        return f->c1_pull_state;
    case NV1_PFIFO_CACHE1 + NV1_CACHE_GET:
        return f->c1_get;
    }
    nv_unimp(card, NV1_PFIFO_BASE + addr, false, 0);
    return 0;
}

static void pfifo_write(NVCard *card, uint32_t addr, uint32_t val)
{
    NV1Pfifo *f = &card->pfifo1;

    if (addr >= NV1_PFIFO_CACHE1 + 0x80 && addr < NV1_PFIFO_CACHE1 + 0x100) {
        if (!(addr & 0xf)) {
            f->c1_ctx[(addr >> 4) & 7] = val & NV1_OBJ_CTX_MASK;
        }
        return;
    }
    if (addr >= NV1_PFIFO_CACHE1 + 0x100 && addr < NV1_PFIFO_CACHE1 + 0x200) {
        unsigned i = ((addr - NV1_PFIFO_CACHE1 - 0x100) >> 3) & 31;
        if (addr & 4) {
            f->c1_data[i] = val;
        } else {
            f->c1_addr[i] = val & 0xfffc;
        }
        return;
    }
    switch (addr) {
    case NV1_PFIFO_WAIT_RETRY:
        f->wait_retry = val & 0xff;
        return;
    case NV1_PFIFO_INTR:
        f->intr &= ~val;
        nv_card_update_irq(card);
        return;
    case NV1_PFIFO_INTR_EN:
        f->intr_en = val & 0x111;
        nv_card_update_irq(card);
        return;
    case NV1_PFIFO_CONFIG:
        f->config = val & 3;
        return;
    case NV1_PFIFO_RUNOUT_PUT:
        f->runout_put = val & 0x3ff8;
        return;
    case NV1_PFIFO_RUNOUT_GET:
        f->runout_get = val & 0x3ff8;
        return;
    case NV1_PFIFO_CHSW_ENABLE:
        f->chsw_enable = val & 1;
        return;
    case NV1_PFIFO_CACHE_ERROR:
    case NV1_PFIFO_RUNOUT_STATUS:
    case NV1_PFIFO_CACHE0 + NV1_CACHE_STATUS:
    case NV1_PFIFO_CACHE1 + NV1_CACHE_STATUS:
        return;     /* read-only */
    case NV1_PFIFO_CACHE0 + NV1_CACHE_PUSH_ACCESS:
        f->c0_push = val & 1;
        return;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_CHID:
        f->c0_chid = val & 0x7f;
        return;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_PUT:
        f->c0_put = val & 4;
        return;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_PULL_CTRL:
        f->c0_pull = val & 1;
        return;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_PULL_STATE:
        f->c0_pull_state = val & 0x100;
        return;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_GET:
        f->c0_get = val & 4;
        return;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_CTX:
        f->c0_ctx = val & 0x7fffff;
        return;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_ADDR:
        f->c0_addr = val & 0xfffc;
        return;
    case NV1_PFIFO_CACHE0 + NV1_CACHE_DATA:
        f->c0_data = val;
        return;
    case NV1_PFIFO_CACHE1 + NV1_CACHE_PUSH_ACCESS:
        f->c1_push = val & 1;
        return;
    case NV1_PFIFO_CACHE1 + NV1_CACHE_CHID:
        f->c1_chid = val & 0x7f;
        f->c1_runout = 0;
        return;
    case NV1_PFIFO_CACHE1 + NV1_CACHE_PUT:
        f->c1_put = val & 0x7c;
        return;
    case NV1_PFIFO_CACHE1 + NV1_CACHE_PULL_CTRL:
        f->c1_pull = val & 1;
        nv1_pfifo_pull(card);
        return;
    case NV1_PFIFO_CACHE1 + NV1_CACHE_PULL_STATE:
        f->c1_pull_state = val & 0x117;
        return;
    case NV1_PFIFO_CACHE1 + NV1_CACHE_GET:
        f->c1_get = val & 0x7c;
        nv1_pfifo_pull(card);
        return;
    }
    nv_unimp(card, NV1_PFIFO_BASE + addr, true, val);
}

static uint32_t pram_read(NVCard *card, uint32_t addr)
{
    if (addr == NV1_PRAM_CONFIG) {
        return card->pfifo1.pram_config;
    }
    nv_unimp(card, NV1_PRAM_BASE + addr, false, 0);
    return 0;
}

static void pram_write(NVCard *card, uint32_t addr, uint32_t val)
{
    if (addr == NV1_PRAM_CONFIG) {
        card->pfifo1.pram_config = val & 3;
        return;
    }
    nv_unimp(card, NV1_PRAM_BASE + addr, true, val);
}

/* The RAMIN windows wrap within their area (docs/hw/memory/nv1-vram.rst). */
static uint64_t pramht_read(NVCard *card, uint32_t addr, unsigned size)
{
    return nv_ramin_read(card, addr % ramht_size(card), size);
}

static void pramht_write(NVCard *card, uint32_t addr, uint64_t val,
                         unsigned size)
{
    nv_ramin_write(card, addr % ramht_size(card), val, size);
}

static uint64_t pramfc_read(NVCard *card, uint32_t addr, unsigned size)
{
    return nv_ramin_read(card, ramfc_at[layout(card)] +
                         addr % ramro_size(card), size);
}

static void pramfc_write(NVCard *card, uint32_t addr, uint64_t val,
                         unsigned size)
{
    nv_ramin_write(card, ramfc_at[layout(card)] + addr % ramro_size(card),
                   val, size);
}

static uint64_t pramro_read(NVCard *card, uint32_t addr, unsigned size)
{
    return nv_ramin_read(card, ramro_at[layout(card)] +
                         addr % ramro_size(card), size);
}

static void pramro_write(NVCard *card, uint32_t addr, uint64_t val,
                         unsigned size)
{
    nv_ramin_write(card, ramro_at[layout(card)] + addr % ramro_size(card),
                   val, size);
}

/*
 * docs/hw/fifo/nv1-pfifo.rst: ENABLE bit 8 only clears some registers;
 * not modelled.
 */
static const NVBlock pfifo_blocks[] = {
    { "pfifo", NV_ARCHS_NV1, NV1_PFIFO_BASE, NV1_PFIFO_SIZE, -1,
      .read32 = pfifo_read, .write32 = pfifo_write },
    { "pram", NV_ARCHS_NV1, NV1_PRAM_BASE, NV1_PRAM_SIZE, -1,
      .read32 = pram_read, .write32 = pram_write },
    { "pramht", NV_ARCHS_NV1, NV1_PRAMHT_BASE, NV1_PRAMHT_SIZE, -1,
      .read = pramht_read, .write = pramht_write },
    { "pramfc", NV_ARCHS_NV1, NV1_PRAMFC_BASE, NV1_PRAMFC_SIZE, -1,
      .read = pramfc_read, .write = pramfc_write },
    { "pramro", NV_ARCHS_NV1, NV1_PRAMRO_BASE, NV1_PRAMRO_SIZE, -1,
      .read = pramro_read, .write = pramro_write },
    { "user", NV_ARCHS_NV1, NV1_USER_BASE, NV1_USER_SIZE, -1,
      .read = user_read, .write = user_write },
};

const NVEngine nv1_pfifo_engine = {
    .name = "pfifo",
    .present = nv_model_is_nv1,
    .blocks = pfifo_blocks, .nr_blocks = G_N_ELEMENTS(pfifo_blocks),
    .reset = pfifo_reset,
    .intr = pfifo_intr,
};
