/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV4-style DMA objects, byte ranges of VRAM or of system memory
 * seen through an object in RAMIN (format in include/hw/nv/mem/dmaobj.h
 * and docs/pfifo.rst "Inferred behaviour").  System memory is the host's
 * bus-master DMA; from NV41 on its addresses go through PFB's GART first.
 */
#include "hw/nv/card.h"
#include "hw/nv/mem/dmaobj.h"
#include "hw/nv/mem/pfb.h"
#include "hw/nv/mem/pramin.h"

void nv_dmaobj_load(NVCard *card, uint32_t inst, NVDmaObj *obj)
{
    uint32_t w0 = nv_ramin_read(card, inst, 4);

    *obj = (NVDmaObj) {
        .inst = inst,
        .flags = w0,
        .cls = NV_DMAOBJ_CLASS(w0),
        .present = w0 & NV_DMAOBJ_PT_PRESENT,
        .linear = w0 & NV_DMAOBJ_PT_LINEAR,
        .rights = NV_DMAOBJ_RIGHTS(w0),
        .target = NV_DMAOBJ_TARGET(w0),
        .adjust = NV_DMAOBJ_ADJUST(w0),
        .limit = nv_ramin_read(card, inst + 4, 4),
        .pte0 = nv_ramin_read(card, inst + 8, 4),
    };
}

/*
 * What the object itself allows: PT_PRESENT, every byte within LIMIT, and
 * no write through a read-only object.  Write-only is not enforced on
 * reads: NV1A:G80 semaphores must live in write-only objects
 * (docs/hw/fifo/puller.rst "Semaphores"), and acquires read them.
 */
static NVDmaObjFault dmaobj_check(const NVDmaObj *obj, uint32_t offset,
                                  uint32_t len, bool write)
{
    if (!obj->present) {
        return NV_DMAOBJ_FAULT_NOT_PRESENT;
    }
    if ((uint64_t)offset + MAX(len, 1) - 1 > obj->limit) {
        return NV_DMAOBJ_FAULT_LIMIT;
    }
    if (write && obj->rights == NV_DMAOBJ_RIGHTS_RO) {
        return NV_DMAOBJ_FAULT_READ_ONLY;
    }
    return NV_DMAOBJ_OK;
}

NVDmaObjFault nv_dmaobj_translate(NVCard *card, const NVDmaObj *obj,
                                  uint32_t offset, uint32_t len, bool write,
                                  NVDmaObjTarget *target, uint64_t *addr)
{
    NVDmaObjFault fault = dmaobj_check(obj, offset, len, write);
    uint64_t off = (uint64_t)offset + obj->adjust, a;
    uint32_t pte;

    if (fault != NV_DMAOBJ_OK) {
        return fault;
    }
    /* A linear object uses its first PTE as the base of the whole range. */
    if (obj->linear) {
        a = (obj->pte0 & ~0xfffull) + off;
    } else {
        pte = nv_ramin_read(card, obj->inst + 8 + (uint32_t)(off >> 12) * 4,
                            4);
        if (!(pte & NV_DMAOBJ_PTE_PRESENT)) {
            return NV_DMAOBJ_FAULT_NOT_PRESENT;
        }
        a = (pte & ~0xfffull) + (off & 0xfff);
    }
    switch (obj->target) {
    case NV_DMAOBJ_TARGET_VRAM:
        if (a + MAX(len, 1) > card->vram_size) {
            return NV_DMAOBJ_FAULT_BUS;
        }
        break;
    case NV_DMAOBJ_TARGET_PCI:
    case NV_DMAOBJ_TARGET_AGP:
        /*
         * Both are bus-master cycles here.  From NV41 on nouveau hands
         * such objects GPU virtual addresses that the GART maps, bus
         * addresses on NV40 and before (dma/usernv04.c, mmu/nv41.c).
         */
        if (card->model->nv41_pfb && !nv_pfb_gart_translate(card, a, &a)) {
            return NV_DMAOBJ_FAULT_GART;
        }
        break;
    default:
        return NV_DMAOBJ_FAULT_TARGET;
    }
    *target = obj->target;
    *addr = a;
    return NV_DMAOBJ_OK;
}

/*
 * Page by page: a page-table object maps each 4 KiB page on its own, and
 * so does the GART behind a linear system-memory object.
 */
static NVDmaObjFault dmaobj_rw(NVCard *card, const NVDmaObj *obj,
                               uint32_t offset, uint8_t *buf, uint32_t len,
                               bool write)
{
    /* The whole range first, so that a limit fault transfers nothing. */
    NVDmaObjFault fault = dmaobj_check(obj, offset, len, write);

    while (fault == NV_DMAOBJ_OK && len) {
        uint32_t n = MIN(len, NV_DMAOBJ_PAGE_SIZE -
                              ((offset + obj->adjust) & 0xfff));
        NVDmaObjTarget target;
        uint64_t a;

        fault = nv_dmaobj_translate(card, obj, offset, n, write, &target, &a);
        if (fault != NV_DMAOBJ_OK) {
            break;
        }
        if (target != NV_DMAOBJ_TARGET_VRAM) {
            if (!nv_host_dma(card, a, buf, n, write)) {
                fault = NV_DMAOBJ_FAULT_BUS;
            }
        } else if (write) {
            memcpy(card->vram + a, buf, n);
            if (card->host.vram_dirty) {
                card->host.vram_dirty(card->host.opaque, a, n);
            }
        } else {
            memcpy(buf, card->vram + a, n);
        }
        offset += n;
        buf += n;
        len -= n;
    }
    return fault;
}

NVDmaObjFault nv_dmaobj_read(NVCard *card, const NVDmaObj *obj,
                             uint32_t offset, void *buf, uint32_t len)
{
    return dmaobj_rw(card, obj, offset, buf, len, false);
}

NVDmaObjFault nv_dmaobj_write(NVCard *card, const NVDmaObj *obj,
                              uint32_t offset, const void *buf, uint32_t len)
{
    /* dmaobj_rw only reads @buf for a write. */
    return dmaobj_rw(card, obj, offset, (uint8_t *)buf, len, true);
}

NVDmaObjFault nv_dmaobj_read32(NVCard *card, const NVDmaObj *obj,
                               uint32_t offset, uint32_t *val)
{
    uint8_t b[4];
    NVDmaObjFault fault = nv_dmaobj_read(card, obj, offset, b, 4);

    if (fault == NV_DMAOBJ_OK) {
        *val = nv_ld_le(b, 4);
    }
    return fault;
}

NVDmaObjFault nv_dmaobj_write32(NVCard *card, const NVDmaObj *obj,
                                uint32_t offset, uint32_t val)
{
    uint8_t b[4];

    nv_st_le(b, val, 4);
    return nv_dmaobj_write(card, obj, offset, b, 4);
}
