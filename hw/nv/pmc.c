/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PMC, the master control unit (bus/pmc.rst): identification,
 * the endian switch, engine enables and top-level interrupt aggregation.
 */
#include "hw/nv/nv.h"

uint32_t nv_pmc_intr(NVCard *card)
{
    uint32_t intr = card->pmc.intr_sw;

    if (card->ptimer.intr & card->ptimer.intr_en) {
        intr |= 1u << NV_PMC_LINE_PTIMER;
    }
    if (card->model->arch == NV_ARCH_NV1 && nv1_pfifo_intr_line(card)) {
        intr |= 1u << NV_PMC_LINE_PFIFO;
    }
    if (card->model->arch == NV_ARCH_NV1 && nv1_pdma_intr_line(card)) {
        intr |= 1u << NV1_PMC_LINE_PDMA;
    }
    if (card->model->arch != NV_ARCH_NV1 && nv4_pfifo_intr_line(card)) {
        intr |= 1u << NV_PMC_LINE_PFIFO;
    }
    if (card->model->arch != NV_ARCH_NV1 && nv20_pgraph_intr_line(card)) {
        intr |= 1u << NV_PMC_LINE_PGRAPH;
    }
    if (card->model->arch == NV_ARCH_NV1 && nv1_pgraph_intr_line(card)) {
        intr |= 1u << NV_PMC_LINE_PGRAPH;
    }
    /* pgraph.rst: NV1's VBLANK sits in PGRAPH INTR but is PFB's line 24. */
    if (card->model->arch == NV_ARCH_NV1 && nv1_pgraph_vblank_line(card)) {
        intr |= 1u << NV_PMC_LINE_PCRTC;
    }
    /* pmc.rst: PCRTC on line 24, PCRTC2 (head B) on 25. */
    if (card->model->arch != NV_ARCH_NV1) {
        if (nv_pcrtc_intr_line(card, 0)) {
            intr |= 1u << NV_PMC_LINE_PCRTC;
        }
        if (nv_pcrtc_intr_line(card, 1)) {
            intr |= 1u << NV_PMC_LINE_PCRTC2;
        }
    }
    /* PVP1 is part of PVPE (vdec/vpe), whose line is 0 on NV25:G80. */
    if (card->model->vp1 != NV_VP1_NONE && nv_pvp1_intr_line(card)) {
        intr |= 1u << NV_PMC_LINE_PVPE;
    }
    if (card->pbus.intr & card->pbus.intr_en) {
        intr |= 1u << NV_PMC_LINE_PBUS;
    }
    return intr;
}

void nv_pmc_reset(NVCard *card)
{
    card->pmc.intr_sw = 0;
    card->pmc.intr_en = 0;
    card->pmc.enable = card->model->pmc_enable_reset;
}

uint32_t nv_pmc_read(NVCard *card, uint32_t addr)
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
    for (unsigned i = 0; i < card->nr_blocks; i++) {
        const NVBlock *b = &card->blocks[i];

        if (b->enable_bit >= 0 && (changed >> b->enable_bit) & 1 && b->reset) {
            b->reset(card);
        }
    }
    nv_card_update_irq(card);
}

void nv_pmc_write(NVCard *card, uint32_t addr, uint32_t val)
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
