/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV1 PDMA, the system memory DMA engine PGRAPH uses for IFM, ITM
 * and notifications (docs/hw/memory/nv1-pdma.rst and
 * docs/hw/graph/nv1/dma.rst are "todo"; register names from rnndb
 * memory/nv1_pdma.xml, the rest inferred: see docs/nv1.rst "Inferred
 * behaviour").
 */
#ifndef HW_NV_PDMA_NV1_H
#define HW_NV_PDMA_NV1_H

#include <stdbool.h>
#include <stdint.h>

#define NV1_PDMA_BASE               0x100000
#define NV1_PDMA_SIZE               0x1000

/* Registers, relative to NV1_PDMA_BASE. */
#define NV1_PDMA_INTR_UNK0          0x100
#define NV1_PDMA_INTR_AUDIO         0x108
#define NV1_PDMA_INTR_GRAPH         0x110
#define NV1_PDMA_INTR_UNK0_EN       0x140
#define NV1_PDMA_INTR_AUDIO_EN      0x148
#define NV1_PDMA_INTR_GRAPH_EN      0x150
/* INTR_* bits (rnndb nv1_pdma_intr). */
#define   NV1_PDMA_INTR_NULL        (1u << 0)
#define   NV1_PDMA_INTR_NOT_PRESENT (1u << 4)
#define   NV1_PDMA_INTR_ACCESS      (1u << 8)
#define   NV1_PDMA_INTR_UNK12       (1u << 12)
#define   NV1_PDMA_INTR_MASK        0x00001111u

/* The GRAPH channel: what it loaded for its last access. */
#define NV1_PDMA_GRAPH              0x800
#define NV1_PDMA_GRAPH_FLAGS        0x800   /* word 0 of the DMA object */
#define   NV1_DMA_FLAGS_ADJUST      0xfffu
#define   NV1_DMA_FLAGS_PRESENT     (1u << 16)
#define NV1_PDMA_GRAPH_LIMIT        0x804   /* word 1 */
#define NV1_PDMA_GRAPH_PTE          0x808   /* word 2 + page */
#define   NV1_DMA_PTE_PRESENT       (1u << 0)
#define   NV1_DMA_PTE_WRITE_OK      (1u << 1)
#define   NV1_DMA_PTE_ADDR          0xfffff000u
#define NV1_PDMA_GRAPH_ACCESS_EN    0x810
#define NV1_PDMA_GRAPH_STATUS       0x814
#define NV1_PDMA_GRAPH_VALID        0x818
#define NV1_PDMA_GRAPH_PTE_TAG      0x820
#define NV1_PDMA_GRAPH_ADDR_VIRT_ADJ 0x830
#define NV1_PDMA_GRAPH_ADDR_PHYS    0x840
#define NV1_PDMA_GRAPH_INST         0x880

/* DMA object instances count 16-byte units of RAMIN. */
#define NV1_DMA_INST_SHIFT          4

typedef struct NV1Pdma {
    uint32_t intr_unk0, intr_audio, intr_graph;
    uint32_t intr_unk0_en, intr_audio_en, intr_graph_en;
    /* GRAPH channel */
    uint32_t flags, limit, pte, access_en, valid, pte_tag;
    uint32_t addr_virt_adj, addr_phys, inst;
} NV1Pdma;

struct NVCard;
/*
 * Move @len bytes between @buf and offset @off of the DMA object at RAMIN
 * instance @inst, for PGRAPH.  On a fault, raise the PDMA interrupt and
 * return false; the bytes before the faulting page may have moved.
 */
bool nv1_pdma_graph(struct NVCard *card, uint32_t inst, uint32_t off,
                    void *buf, uint32_t len, bool write);

extern const struct NVEngine nv1_pdma_engine;

#endif
