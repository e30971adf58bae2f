/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV1 PDMA, the engine that moves data between system memory and
 * PGRAPH (docs/hw/memory/nv1-pdma.rst, docs/hw/graph/nv1/dma.rst; both are
 * "todo").
 *
 * What we model is PGRAPH's channel as PGRAPH uses it for IFM, ITM and
 * notifications: a DMA object in RAMIN (rnndb nv1_pdma.xml names its words:
 * FLAGS, LIMIT, then one PTE per 4 KiB page), walked page by page, with
 * faults into INTR_GRAPH and PMC line 4.  The registers of the channel
 * show what it loaded last.  The host-triggered transfers (the UNK0 and
 * AUDIO channels, the trigger registers) are not modelled.
 */
#include <stddef.h>
#include <string.h>

#include "hw/nv/card.h"
#include "hw/nv/mem/pramin.h"

#define VALID_FLAGS_LIMIT   (1u << 0)
#define VALID_ADDR          (1u << 4)
#define VALID_PTE           (1u << 8)

static uint32_t pdma_intr(NVCard *card)
{
    NV1Pdma *d = &card->pdma1;

    return (d->intr_unk0 & d->intr_unk0_en) ||
           (d->intr_audio & d->intr_audio_en) ||
           (d->intr_graph & d->intr_graph_en) ?
           1u << NV1_PMC_LINE_PDMA : 0;
}

static void pdma_reset(NVCard *card)
{
    memset(&card->pdma1, 0, sizeof(card->pdma1));
    nv_card_update_irq(card);
}

/* The registers we keep: INTR (write 1 to clear), their enables, storage. */
typedef enum RegKind { INTR, INTR_EN, STORE } RegKind;

static const struct {
    uint16_t off;
    RegKind kind;
    size_t field;
} pdma_regs[] = {
#define R(o, k, f) { o, k, offsetof(NV1Pdma, f) }
    R(NV1_PDMA_INTR_UNK0, INTR, intr_unk0),
    R(NV1_PDMA_INTR_AUDIO, INTR, intr_audio),
    R(NV1_PDMA_INTR_GRAPH, INTR, intr_graph),
    R(NV1_PDMA_INTR_UNK0_EN, INTR_EN, intr_unk0_en),
    R(NV1_PDMA_INTR_AUDIO_EN, INTR_EN, intr_audio_en),
    R(NV1_PDMA_INTR_GRAPH_EN, INTR_EN, intr_graph_en),
    R(NV1_PDMA_GRAPH_FLAGS, STORE, flags),
    R(NV1_PDMA_GRAPH_LIMIT, STORE, limit),
    R(NV1_PDMA_GRAPH_PTE, STORE, pte),
    R(NV1_PDMA_GRAPH_ACCESS_EN, STORE, access_en),
    R(NV1_PDMA_GRAPH_VALID, STORE, valid),
    R(NV1_PDMA_GRAPH_PTE_TAG, STORE, pte_tag),
    R(NV1_PDMA_GRAPH_ADDR_VIRT_ADJ, STORE, addr_virt_adj),
    R(NV1_PDMA_GRAPH_ADDR_PHYS, STORE, addr_phys),
    R(NV1_PDMA_GRAPH_INST, STORE, inst),
#undef R
};

static uint32_t *reg_ptr(NVCard *card, uint32_t addr, RegKind *kind)
{
    for (size_t i = 0; i < G_N_ELEMENTS(pdma_regs); i++) {
        if (pdma_regs[i].off == addr) {
            *kind = pdma_regs[i].kind;
            return (uint32_t *)((char *)&card->pdma1 + pdma_regs[i].field);
        }
    }
    return NULL;
}

static uint32_t pdma_read(NVCard *card, uint32_t addr)
{
    RegKind kind;
    uint32_t *p = reg_ptr(card, addr, &kind);

    if (p) {
        return *p;
    }
    if (addr == NV1_PDMA_GRAPH_STATUS) {
        return 0;       /* PGRAPH's transfers complete when started */
    }
    nv_unimp(card, NV1_PDMA_BASE + addr, false, 0);
    return 0;
}

static void pdma_write(NVCard *card, uint32_t addr, uint32_t val)
{
    RegKind kind;
    uint32_t *p = reg_ptr(card, addr, &kind);

    if (!p) {
        if (addr != NV1_PDMA_GRAPH_STATUS) {
            nv_unimp(card, NV1_PDMA_BASE + addr, true, val);
        }
        return;
    }
    switch (kind) {
    case INTR:
        *p &= ~val;
        break;
    case INTR_EN:
        *p = val & NV1_PDMA_INTR_MASK;
        break;
    case STORE:
        *p = val;
        break;
    }
    nv_card_update_irq(card);
}

static bool fault(NVCard *card, uint32_t bit, uint32_t inst, uint32_t off)
{
    card->pdma1.intr_graph |= bit;
    nv_log(card, NV_LOG_GUEST_ERROR, "nv: pdma: DMA object 0x%04x offset "
           "0x%08x: %s", inst, off,
           bit == NV1_PDMA_INTR_NULL ? "object not present" :
           bit == NV1_PDMA_INTR_NOT_PRESENT ? "page not present" :
           "outside the limit or not writable");
    nv_card_update_irq(card);
    return false;
}

bool nv1_pdma_graph(NVCard *card, uint32_t inst, uint32_t off, void *buf,
                    uint32_t len, bool write)
{
    NV1Pdma *d = &card->pdma1;
    uint32_t obj = (inst & 0xffff) << NV1_DMA_INST_SHIFT;
    uint8_t *p = buf;

    d->inst = inst & 0xffff;
    d->flags = nv_ramin_read(card, obj, 4);
    d->limit = nv_ramin_read(card, obj + 4, 4);
    d->valid = VALID_FLAGS_LIMIT;
    if (!(d->flags & NV1_DMA_FLAGS_PRESENT)) {
        return fault(card, NV1_PDMA_INTR_NULL, inst, off);
    }
    if (len && (off > d->limit || len - 1 > d->limit - off)) {
        return fault(card, NV1_PDMA_INTR_ACCESS, inst, off);
    }
    while (len) {
        /* The object starts ADJUST bytes into its first page. */
        uint64_t virt = (uint64_t)(d->flags & NV1_DMA_FLAGS_ADJUST) + off;
        uint32_t n = MIN(len, 0x1000 - (virt & 0xfff));
        uint64_t bus;

        d->addr_virt_adj = virt;
        d->pte_tag = virt >> 12;
        d->pte = nv_ramin_read(card, obj + 8 + 4 * (uint32_t)(virt >> 12), 4);
        d->valid |= VALID_ADDR | VALID_PTE;
        if (!(d->pte & NV1_DMA_PTE_PRESENT)) {
            return fault(card, NV1_PDMA_INTR_NOT_PRESENT, inst, off);
        }
        if (write && !(d->pte & NV1_DMA_PTE_WRITE_OK)) {
            return fault(card, NV1_PDMA_INTR_ACCESS, inst, off);
        }
        bus = (d->pte & NV1_DMA_PTE_ADDR) | (virt & 0xfff);
        d->addr_phys = bus;
        if (!nv_host_dma(card, bus, p, n, write)) {
            /* A bus error is not a PDMA fault: the data is lost. */
            nv_log(card, NV_LOG_GUEST_ERROR, "nv: pdma: bus error at 0x%08"
                   G_GINT64_MODIFIER "x", bus);
            if (!write) {
                memset(p, 0, n);
            }
        }
        off += n;
        p += n;
        len -= n;
    }
    return true;
}

static const NVBlock pdma_blocks[] = {
    { "pdma", NV_ARCHS_NV1, NV1_PDMA_BASE, NV1_PDMA_SIZE, NV1_PMC_ENABLE_PDMA,
      .read32 = pdma_read, .write32 = pdma_write },
};

const NVEngine nv1_pdma_engine = {
    .name = "pdma",
    .present = nv_model_is_nv1,
    .blocks = pdma_blocks, .nr_blocks = G_N_ELEMENTS(pdma_blocks),
    .reset = pdma_reset,
    .intr = pdma_intr,
};
