/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PFB, the memory interface (docs/hw/display/nv1/pfb.rst for NV1,
 * rnndb memory/nv10_pfb.xml for NV10+).
 */
#ifndef HW_NV_PFB_H
#define HW_NV_PFB_H

#include <stdint.h>

#define NV1_PFB_BASE                0x600000
#define NV3_PFB_BASE                0x100000
#define NV_PFB_SIZE                 0x1000

/* NV1 */
#define NV1_PFB_BOOT_0              0x000   /* envytools: VRAM_CONFIG */
#define   NV1_PFB_BOOT_0_RAM_AMOUNT 0x3u    /* 1 MiB << n */
#define NV1_PFB_CONFIG_0            0x200
#define   NV1_PFB_CONFIG_0_MASK     0x17171370u  /* writable bits */
#define   NV1_PFB_CONFIG_0_DOUBLE_BUFFER (1u << 12)
#define NV1_PFB_START               0x400
/* Display timings: HOR_FRONT_PORCH ... VER_DISP_WIDTH, 0x10 apart. */
#define NV1_PFB_TIMING(i)           (0x500 + 0x10 * (i))
#define NV1_PFB_TIMINGS             8
#define   NV1_PFB_HOR_DISP_WIDTH    3   /* index into NVPfb.timing */
#define   NV1_PFB_VER_FRONT_PORCH   4
#define   NV1_PFB_VER_DISP_WIDTH    7
#define   NV1_PFB_CONFIG_0_VBLANK   (1u << 0)

/* NV10+ */
#define NV10_PFB_CFG0               0x200
#define NV10_PFB_CFG1               0x204
#define NV10_PFB_MEM_AMOUNT         0x20c
/*
 * Tiling and Z compression (rnndb nv10_pfb.xml; nouveau nvkm/subdev/fb
 * nv20.c, nv41.c): eight regions of ADDR/LIMIT/PITCH/STATUS at 0x240 and
 * eight ZCOMP words at 0x300; NV41+ has twelve regions at 0x600.
 */
#define NV20_PFB_TILE               0x240
#define NV20_PFB_TILES              8
#define NV20_PFB_ZCOMP              0x300
#define NV20_PFB_ZCOMPS             8
#define NV41_PFB_TILE               0x600
#define NV41_PFB_TILES              12
#define NV41_PFB_MEM_TYPE           0x474   /* bit 0 DDR1, 1 DDR2, 2 GDDR3 */
/* The last Z compression tag (nvkm fb/nv20.c): 0, the model compresses none. */
#define NV20_PFB_ZCOMP_MAX_TAG      0x320
#define NV40_PFB_33C                0x33c   /* nvkm fb/nv40.c clears bit 15 */
/*
 * NV41+ PCIE GART (nouveau nvkm/subdev/mmu nv41.c, nv44.c, vmmnv4[14].c):
 * 0x800 page table base, ..., 0x850; a write of bit 5 to 0x808 (NV44)
 * flushes the TLB and bit 0 reads 1 when done; NV41 writes 0x22 to 0x810
 * and waits for bit 5.  0x08c bits 8 and 9 enable it.
 */
#define NV41_PFB_GART               0x800
#define NV41_PFB_GART_REGS          0x18
#define NV44_PFB_GART_FLUSH         0x808
#define   NV44_PFB_GART_FLUSH_GO    (1u << 5)
#define   NV44_PFB_GART_FLUSH_DONE  (1u << 0)
#define NV41_PFB_GART_CTRL          0x08c

typedef struct NVPfb {
    uint32_t config0;           /* NV1 CONFIG_0 / NV10+ CFG0 */
    uint32_t config1;           /* NV10+ CFG1 */
    uint32_t start;             /* NV1 START */
    /* NV1 timings: h front porch, sync, back porch, display; then v. */
    uint32_t timing[NV1_PFB_TIMINGS];
    /* NV20+ tile regions (NV41+ layout is a superset) and ZCOMP. */
    uint32_t tile[NV41_PFB_TILES * 4];
    uint32_t zcomp[NV20_PFB_ZCOMPS];
    uint32_t gart[NV41_PFB_GART_REGS];  /* NV41+ */
    uint32_t gart_ctrl;                 /* NV41+ */
    uint32_t r33c;                      /* NV40+ */
} NVPfb;

struct NVCard;
void nv1_pfb_vblank_expired(struct NVCard *card);
/* Arm the VBLANK timer from the current state (reset, post-load). */
void nv1_pfb_vblank_rearm(struct NVCard *card);

extern const struct NVEngine nv1_pfb_engine;
extern const struct NVEngine nv_pfb_engine;

/* NV41+: the bus address the GART maps GPU virtual @vaddr to, if any. */
bool nv_pfb_gart_translate(struct NVCard *card, uint64_t vaddr, uint64_t *bus);

#endif
