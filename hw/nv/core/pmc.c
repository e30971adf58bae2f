/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PMC, the master control unit (docs/hw/bus/pmc.rst): identification,
 * the endian switch, engine enables and top-level interrupt aggregation.
 */
#include "hw/nv/card.h"

/*
 * pmc.rst: INTR is computed, not stored: each engine reports the lines its
 * pending, enabled interrupts drive; only the software bit is kept here.
 */
uint32_t nv_pmc_intr(NVCard *card)
{
    uint32_t intr = card->pmc.intr_sw;

    for (unsigned i = 0; i < card->nr_engines; i++) {
        if (card->engines[i]->intr) {
            intr |= card->engines[i]->intr(card);
        }
    }
    return intr;
}

static void pmc_reset(NVCard *card)
{
    card->pmc.intr_sw = 0;
    card->pmc.intr_en = 0;
    card->pmc.enable = card->model->pmc_enable_reset;
}

static uint32_t pmc_read(NVCard *card, uint32_t addr)
{
    switch (addr) {
    case NV_PMC_BOOT_0:
        return card->model->boot0;
    case NV_PMC_ENDIAN:
        if (!card->model->endian_switch) {
            break;
        }
        return card->big_endian ? NV_PMC_ENDIAN_BIG : 0;
    case NV_PMC_INTR_HOST:
        return nv_pmc_intr(card);
    case NV_PMC_INTR_ENABLE_HOST:
        return card->pmc.intr_en;
    case NV_PMC_INTR_LINE_HOST:
        /* Active low before GF100. */
        return !card->irq_level;
    case NV_PMC_ENABLE:
        return card->pmc.enable;
    }
    nv_unimp(card, NV_PMC_BASE + addr, false, 0);
    return 0;
}

/* pmc.rst: an engine whose ENABLE bit is cleared is reset and held there. */
static void pmc_write_enable(NVCard *card, uint32_t val)
{
    uint32_t changed = card->pmc.enable ^ val;

    card->pmc.enable = val;
    /* Each engine once, however many of its blocks share the bit. */
    for (unsigned i = 0; i < card->nr_engines; i++) {
        const NVEngine *e = card->engines[i];

        for (unsigned j = 0; j < card->nr_blocks; j++) {
            const NVBlock *b = &card->blocks[j];

            if (b->engine == e && b->enable_bit >= 0 &&
                (changed >> b->enable_bit) & 1) {
                if (e->reset) {
                    e->reset(card);
                }
                break;
            }
        }
    }
    nv_card_update_irq(card);
}

static void pmc_write(NVCard *card, uint32_t addr, uint32_t val)
{
    switch (addr) {
    case NV_PMC_BOOT_0:
    case NV_PMC_INTR_LINE_HOST:
        return;     /* read-only */
    case NV_PMC_ENDIAN:
        if (!card->model->endian_switch) {
            break;
        }
        if (val & NV_PMC_ENDIAN_FLIP) {
            card->big_endian = !card->big_endian;
        }
        return;
    case NV_PMC_INTR_HOST:
        /* Bits 0-30 reflect the engines; only the software bit is stored. */
        card->pmc.intr_sw = val & NV_PMC_INTR_SOFTWARE;
        nv_card_update_irq(card);
        return;
    case NV_PMC_INTR_ENABLE_HOST:
        card->pmc.intr_en = val & (NV_PMC_INTR_ENABLE_HW | NV_PMC_INTR_ENABLE_SW);
        nv_card_update_irq(card);
        return;
    case NV_PMC_ENABLE:
        pmc_write_enable(card, val);
        return;
    }
    nv_unimp(card, NV_PMC_BASE + addr, true, val);
}

static const NVBlock pmc_blocks[] = {
    { "pmc", NV_ARCHS_ALL, NV_PMC_BASE, NV_PMC_SIZE, -1,
      .read32 = pmc_read, .write32 = pmc_write },
};

const NVEngine nv_pmc_engine = {
    .name = "pmc",
    .blocks = pmc_blocks, .nr_blocks = G_N_ELEMENTS(pmc_blocks),
    .reset = pmc_reset,
};
