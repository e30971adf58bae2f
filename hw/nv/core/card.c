/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the card core.  Builds the card from the engine table (the
 * MMIO map, timers and method sinks of the model's engines), dispatches
 * accesses (sizes, the PMC endian switch, engines held in reset by
 * PMC.ENABLE), routes interrupts into PMC and logs what we do not model.
 */
#include <stdlib.h>
#include <string.h>

#include "hw/nv/card.h"
#include "hw/nv/mem/pramin.h"

static const NVBlock unassigned_block = { .name = "unassigned" };

void nv_log(NVCard *card, NVLogKind kind, const char *fmt, ...)
{
    va_list ap;
    char *msg;

    if (!card->host.log) {
        return;
    }
    va_start(ap, fmt);
    msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    card->host.log(card->host.opaque, kind, msg);
    g_free(msg);
}

bool nv_host_dma(NVCard *card, uint64_t addr, void *buf, uint32_t len,
                 bool write)
{
    if (write) {
        return card->host.dma_write &&
               card->host.dma_write(card->host.opaque, addr, buf, len);
    }
    return card->host.dma_read &&
           card->host.dma_read(card->host.opaque, addr, buf, len);
}

void nv_unimp(NVCard *card, uint32_t off, bool write, uint64_t val)
{
    const NVBlock *blk = nv_card_find_block(card, off);
    const char *name = blk ? blk->name : "unassigned";
    uint32_t dword = off >> 2;

    /* The bitmap is bounded by BAR0's size, whatever the guest touches. */
    if (!card->unimp_seen) {
        card->unimp_seen = g_new0(uint32_t, card->model->bar0_size / 128);
    }
    if (card->unimp_seen[dword / 32] & (1u << (dword % 32))) {
        return;
    }
    card->unimp_seen[dword / 32] |= 1u << (dword % 32);
    if (write) {
        nv_log(card, NV_LOG_UNIMP, "nv: %s: unimplemented register 0x%06x "
               "written with 0x%08" G_GINT64_MODIFIER "x", name, off, val);
    } else {
        nv_log(card, NV_LOG_UNIMP, "nv: %s: unimplemented register 0x%06x "
               "read", name, off);
    }
}

static int block_cmp(const void *a, const void *b)
{
    const NVBlock *x = a, *y = b;

    return x->base < y->base ? -1 : x->base > y->base;
}

void nv_card_init(NVCard *card, const NVModel *model, const NVHost *host,
                  uint8_t *vram, uint64_t vram_size,
                  const uint8_t *rom, uint32_t rom_size)
{
    unsigned map = 1u << model->arch;
    unsigned nb = 0;

    memset(card, 0, sizeof(*card));
    card->model = model;
    card->host = *host;
    card->vram = vram;
    card->vram_size = vram_size;
    card->rom = rom;
    card->rom_size = rom ? rom_size : 0;

    card->engines = g_new0(const NVEngine *, nv_engine_count);
    for (unsigned i = 0; i < nv_engine_count; i++) {
        const NVEngine *e = nv_engines[i];

        if (e->present && !e->present(model)) {
            continue;
        }
        card->engines[card->nr_engines++] = e;
        nb += e->nr_blocks;
        /* One owner per timer and sink: test-mmio checks the table. */
        if (e->expired && !card->timer_owner[e->timer]) {
            card->timer_owner[e->timer] = e;
        }
        if (e->fifo_engine && e->fifo_engine < NV_FIFO_ENGINES &&
            !card->fifo_sink[e->fifo_engine]) {
            card->fifo_sink[e->fifo_engine] = e;
        }
    }

    card->blocks = g_new0(NVBlock, nb);
    for (unsigned i = 0; i < card->nr_engines; i++) {
        const NVEngine *e = card->engines[i];

        for (unsigned j = 0; j < e->nr_blocks; j++) {
            if (e->blocks[j].archs & map) {
                card->blocks[card->nr_blocks] = e->blocks[j];
                card->blocks[card->nr_blocks++].engine = e;
            }
        }
    }
    qsort(card->blocks, card->nr_blocks, sizeof(NVBlock), block_cmp);
}

bool nv_card_has_engine(const NVCard *card, const NVEngine *engine)
{
    for (unsigned i = 0; i < card->nr_engines; i++) {
        if (card->engines[i] == engine) {
            return true;
        }
    }
    return false;
}

const NVBlock *nv_card_blocks(const NVCard *card, unsigned *n)
{
    *n = card->nr_blocks;
    return card->blocks;
}

void nv_card_finalize(NVCard *card)
{
    g_free(card->engines);
    g_free(card->blocks);
    g_free(card->unimp_seen);
    card->engines = NULL;
    card->blocks = NULL;
    card->unimp_seen = NULL;
}

void nv_card_reset(NVCard *card)
{
    card->big_endian = false;
    for (unsigned i = 0; i < card->nr_engines; i++) {
        if (card->engines[i]->reset) {
            card->engines[i]->reset(card);
        }
    }
    card->irq_level = false;
    nv_card_update_irq(card);
}

/* pmc.rst: HW bits gated by INTR_ENABLE bit 0, the software bit by bit 1. */
static bool irq_line(NVCard *card)
{
    uint32_t intr = nv_pmc_intr(card);

    return ((intr & ~NV_PMC_INTR_SOFTWARE) &&
            (card->pmc.intr_en & NV_PMC_INTR_ENABLE_HW)) ||
           ((intr & NV_PMC_INTR_SOFTWARE) &&
            (card->pmc.intr_en & NV_PMC_INTR_ENABLE_SW));
}

void nv_card_post_load(NVCard *card)
{
    /* The PCI core migrates the INTx level itself; just resynchronise. */
    card->irq_level = irq_line(card);
    for (unsigned i = 0; i < card->nr_engines; i++) {
        if (card->engines[i]->post_load) {
            card->engines[i]->post_load(card);
        }
    }
}

void nv_card_timer_expired(NVCard *card, NVTimerId id)
{
    if (id < NV_TIMER_COUNT && card->timer_owner[id]) {
        card->timer_owner[id]->expired(card);
    }
}

void nv_card_update_irq(NVCard *card)
{
    bool level = irq_line(card);

    if (level != card->irq_level) {
        card->irq_level = level;
        if (card->host.set_irq) {
            card->host.set_irq(card->host.opaque, level);
        }
    }
}

const NVBlock *nv_card_find_block(const NVCard *card, uint32_t addr)
{
    for (unsigned i = 0; i < card->nr_blocks; i++) {
        const NVBlock *b = &card->blocks[i];
        if (addr >= b->base && addr - b->base < b->size) {
            return b;
        }
    }
    return NULL;
}

static bool block_enabled(NVCard *card, const NVBlock *blk)
{
    return blk->enable_bit < 0 || (card->pmc.enable >> blk->enable_bit) & 1;
}

/*
 * bars.rst: with the PMC endian switch set, BAR0 is byte-swapped in 32-bit
 * units.  A dword's value is swapped; a smaller access reaches the mirrored
 * byte lane of the same dword.
 */
static uint32_t swap_lane(NVCard *card, uint32_t addr, unsigned size)
{
    return card->big_endian && size < 4 ? addr ^ (4 - size) : addr;
}

static uint64_t swap_val(NVCard *card, uint64_t val, unsigned size)
{
    if (!card->big_endian) {
        return val;
    }
    switch (size) {
    case 2:
        return GUINT16_SWAP_LE_BE((uint16_t)val);
    case 4:
        return GUINT32_SWAP_LE_BE((uint32_t)val);
    default:
        return val;
    }
}

uint64_t nv_block_read(NVCard *card, const NVBlock *blk, uint32_t addr,
                       unsigned size)
{
    uint64_t val;

    if (!blk->read && !blk->read32) {
        nv_unimp(card, blk->base + addr, false, 0);
        return 0;
    }
    if (!block_enabled(card, blk)) {
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: %s: read of 0x%06x while the "
               "engine is disabled in PMC.ENABLE", blk->name, blk->base + addr);
        return 0;
    }
    addr = swap_lane(card, addr, size);
    if (blk->read) {
        val = blk->read(card, addr, size);
    } else {
        uint32_t dword = blk->read32(card, addr & ~3u);
        val = (dword >> (8 * (addr & 3))) & (size >= 4 ? ~0u : (1u << (8 * size)) - 1);
    }
    return swap_val(card, val, size);
}

void nv_block_write(NVCard *card, const NVBlock *blk, uint32_t addr,
                    uint64_t val, unsigned size)
{
    if (!blk->write && !blk->write32) {
        nv_unimp(card, blk->base + addr, true, val);
        return;
    }
    if (!block_enabled(card, blk)) {
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: %s: write of 0x%06x while the "
               "engine is disabled in PMC.ENABLE", blk->name, blk->base + addr);
        return;
    }
    addr = swap_lane(card, addr, size);
    val = swap_val(card, val, size);
    if (blk->write) {
        blk->write(card, addr, val, size);
    } else if (size == 4 && !(addr & 3)) {
        blk->write32(card, addr, val);
    } else {
        /* bars.rst: registers are accessed as aligned dwords. */
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: %s: %u-byte write to register "
               "0x%06x ignored", blk->name, size, blk->base + addr);
    }
}

uint64_t nv_mmio_read(NVCard *card, NVBar bar, uint64_t addr, unsigned size)
{
    const NVBlock *blk;

    if (bar == NV_BAR_RAMIN) {
        if (card->model->ramin_bar < 0 || addr >= card->model->ramin_bar_size) {
            return 0;
        }
        return nv_ramin_read(card, addr, size);
    }
    if (addr >= card->model->bar0_size) {
        return 0;
    }
    blk = nv_card_find_block(card, addr) ?: &unassigned_block;
    return nv_block_read(card, blk, addr - blk->base, size);
}

void nv_mmio_write(NVCard *card, NVBar bar, uint64_t addr, uint64_t val,
                   unsigned size)
{
    const NVBlock *blk;

    if (bar == NV_BAR_RAMIN) {
        if (card->model->ramin_bar >= 0 && addr < card->model->ramin_bar_size) {
            nv_ramin_write(card, addr, val, size);
        }
        return;
    }
    if (addr >= card->model->bar0_size) {
        return;
    }
    blk = nv_card_find_block(card, addr) ?: &unassigned_block;
    nv_block_write(card, blk, addr - blk->base, val, size);
}
