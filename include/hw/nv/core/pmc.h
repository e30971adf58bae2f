/* SPDX-License-Identifier: GPL-2.0-or-later */
/* qemu-nv: PMC, the master control unit (docs/hw/bus/pmc.rst). */
#ifndef HW_NV_PMC_H
#define HW_NV_PMC_H

#include <stdint.h>

#define NV_PMC_BASE                 0x000000
#define NV_PMC_SIZE                 0x1000

#define NV_PMC_BOOT_0               0x000
#define NV_PMC_ENDIAN               0x004
#define   NV_PMC_ENDIAN_BIG         0x01000001u
#define   NV_PMC_ENDIAN_FLIP        (1u << 24)
#define NV_PMC_INTR_HOST            0x100
#define   NV_PMC_INTR_SOFTWARE      (1u << 31)
#define NV_PMC_INTR_ENABLE_HOST     0x140
#define   NV_PMC_INTR_ENABLE_HW     (1u << 0)
#define   NV_PMC_INTR_ENABLE_SW     (1u << 1)
#define NV_PMC_INTR_LINE_HOST       0x160
#define NV_PMC_ENABLE               0x200
/* ENABLE bits of the engines we model (pmc.rst "Engine enables"). */
#define   NV1_PMC_ENABLE_PTIMER     4       /* with PDMA */
#define   NV1_PMC_ENABLE_PDMA       4
#define   NV1_PMC_ENABLE_PGRAPH     12
#define   NV1_PMC_ENABLE_PFB        24
#define   NV3_PMC_ENABLE_PFIFO      8
#define   NV3_PMC_ENABLE_PGRAPH     12
#define   NV3_PMC_ENABLE_PTIMER     16
#define   NV3_PMC_ENABLE_PFB        20
/* PVPE, which holds PVP1 on NV41+; hwtest resets VP1 by clearing it. */
#define   NV17_PMC_ENABLE_PVPE      1

/* PMC interrupt input lines (pmc.rst; each engine's doc names its line). */
#define NV_PMC_LINE_PVPE            0   /* NV17:NV20, NV25:G80 */
#define NV1_PMC_LINE_PDMA           4
#define NV_PMC_LINE_PFIFO           8
#define NV_PMC_LINE_PGRAPH          12
#define NV_PMC_LINE_PVIDEO          16  /* NV10:G80 */
#define NV_PMC_LINE_PTIMER          20
#define NV_PMC_LINE_PCRTC           24
#define NV_PMC_LINE_PCRTC2          25  /* NV11+ */
#define NV_PMC_LINE_PBUS            28

typedef struct NVPmc {
    uint32_t intr_sw;           /* INTR bit 31, the only writable bit */
    uint32_t intr_en;
    uint32_t enable;
} NVPmc;

extern const struct NVEngine nv_pmc_engine;

struct NVCard;
/* PMC.INTR as the guest would read it. */
uint32_t nv_pmc_intr(struct NVCard *card);

#endif
