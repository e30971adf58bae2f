/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV4-style DMA objects (NV4:G80), the way every engine of the
 * NV2x-NV4x models reaches memory: PFIFO's pushbuffers and semaphores now,
 * PGRAPH's surfaces, notifiers and vertex buffers later.  Field names from
 * envytools rnndb/graph/nv4_pgraph.xml (NV4_DMAOBJ); envytools'
 * docs/hw/memory/nv4-dmaobj.rst is a "todo", so the format is the one
 * nouveau writes (nvkm/engine/dma/usernv04.c), as docs/pfifo.rst
 * "Inferred behaviour" describes.
 */
#ifndef HW_NV_DMAOBJ_H
#define HW_NV_DMAOBJ_H

#include <stdbool.h>
#include <stdint.h>

/* Word 0: FLAGS.  Rights (bits 14-15) are nouveau's, not in rnndb. */
#define NV_DMAOBJ_CLASS(w)          ((w) & 0xfff)
#define NV_DMAOBJ_PT_PRESENT        (1u << 12)
#define NV_DMAOBJ_PT_LINEAR         (1u << 13)
#define NV_DMAOBJ_RIGHTS(w)         (((w) >> 14) & 3)
#define NV_DMAOBJ_TARGET(w)         (((w) >> 16) & 3)
#define NV_DMAOBJ_ADJUST(w)         ((w) >> 20)
/* Word 1: LIMIT, the last byte.  Word 2 on: a PTE per 4 KiB page. */
#define NV_DMAOBJ_PTE_PRESENT       (1u << 0)
#define NV_DMAOBJ_PAGE_SIZE         0x1000u

/* The class NV1A:G80 DMA_SEMAPHORE insists on (docs/hw/fifo/puller.rst). */
#define NV_DMAOBJ_CLASS_FROM_MEMORY 0x002

typedef enum NVDmaObjTarget {
    NV_DMAOBJ_TARGET_VRAM = 0,
    /* 1 names no memory */
    NV_DMAOBJ_TARGET_PCI = 2,
    NV_DMAOBJ_TARGET_AGP = 3,
} NVDmaObjTarget;

/* nouveau's values: flags0 0x4000 read-only, 0x8000 write-only. */
typedef enum NVDmaObjRights {
    NV_DMAOBJ_RIGHTS_RW = 0,
    NV_DMAOBJ_RIGHTS_RO = 1,
    NV_DMAOBJ_RIGHTS_WO = 2,
} NVDmaObjRights;

/* Why an access through an object failed; each caller maps it to its error. */
typedef enum NVDmaObjFault {
    NV_DMAOBJ_OK,
    NV_DMAOBJ_FAULT_NOT_PRESENT,    /* PT_PRESENT clear, or the page's PTE */
    NV_DMAOBJ_FAULT_LIMIT,          /* a byte past LIMIT */
    NV_DMAOBJ_FAULT_READ_ONLY,      /* a write through a read-only object */
    NV_DMAOBJ_FAULT_TARGET,         /* target 1: no memory behind it */
    NV_DMAOBJ_FAULT_GART,           /* NV41+: the GART maps no page there */
    NV_DMAOBJ_FAULT_BUS,            /* past VRAM, or the host refused DMA */
} NVDmaObjFault;

/* An object as read from RAMIN once per use (the PTEs stay in RAMIN). */
typedef struct NVDmaObj {
    uint32_t inst;              /* RAMIN byte address of word 0 */
    uint32_t flags;             /* word 0, as read */
    unsigned cls;               /* NV_DMAOBJ_CLASS() */
    bool present, linear;       /* PT_PRESENT, PT_LINEAR */
    unsigned rights;            /* NVDmaObjRights, or 3 */
    unsigned target;            /* NVDmaObjTarget, or 1 */
    uint32_t adjust;            /* added to every offset */
    uint32_t limit;             /* last valid offset */
    uint32_t pte0;              /* word 2: a linear object's base page */
} NVDmaObj;

struct NVCard;
/* Read the object at RAMIN byte address @inst. */
void nv_dmaobj_load(struct NVCard *card, uint32_t inst, NVDmaObj *obj);
/*
 * Where byte @offset of @obj is, for an access of @len bytes (a write if
 * @write) that stays within one 4 KiB page of the object (read and write
 * below split longer ranges): the limit is checked for all @len bytes.
 * *@addr is a VRAM offset for NV_DMAOBJ_TARGET_VRAM, else a bus address
 * (through the GART from NV41 on).
 */
NVDmaObjFault nv_dmaobj_translate(struct NVCard *card, const NVDmaObj *obj,
                                  uint32_t offset, uint32_t len, bool write,
                                  NVDmaObjTarget *target, uint64_t *addr);
/*
 * Copy @len bytes at @offset of @obj, page by page.  On a fault the bytes
 * of the pages before it have been transferred.
 */
NVDmaObjFault nv_dmaobj_read(struct NVCard *card, const NVDmaObj *obj,
                             uint32_t offset, void *buf, uint32_t len);
NVDmaObjFault nv_dmaobj_write(struct NVCard *card, const NVDmaObj *obj,
                              uint32_t offset, const void *buf, uint32_t len);
/* A little-endian dword (pushbuffer words, semaphores, notifiers). */
NVDmaObjFault nv_dmaobj_read32(struct NVCard *card, const NVDmaObj *obj,
                               uint32_t offset, uint32_t *val);
NVDmaObjFault nv_dmaobj_write32(struct NVCard *card, const NVDmaObj *obj,
                                uint32_t offset, uint32_t val);

#endif
