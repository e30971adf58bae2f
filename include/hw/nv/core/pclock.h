/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV40's clock blocks, PCLOCK (0x4000) and PCONTROL (0xc000)
 * (mmio.rst; rnndb pm/nv40_pclock.xml names PCONTROL.MASTER only).
 */
#ifndef HW_NV_PCLOCK_H
#define HW_NV_PCLOCK_H

#include <stdint.h>

#define NV40_PCLOCK_BASE            0x004000
#define NV40_PCLOCK_SIZE            0x1000
#define NV40_PCONTROL_BASE          0x00c000
#define NV40_PCONTROL_SIZE          0x1000

/* The PLLs nouveau reads (nvkm/subdev/clk/nv40.c). */
#define NV40_PCLOCK_NVPLL           0x000   /* two-stage: ctrl, coef */
#define NV40_PCLOCK_SPLL            0x008   /* one-stage */
#define NV40_PCLOCK_MPLL            0x020   /* two-stage: ctrl, coef */
#define   NV40_PLL_ENABLE           (1u << 31)
#define NV40_PCONTROL_MASTER        0x040   /* clock sources */
#define NV40_PCLOCK_REGS            0x40    /* 0x000-0x0ff are stored */

typedef struct NVPclock {
    uint32_t regs[NV40_PCLOCK_REGS];
    uint32_t master;
} NVPclock;

struct NVCard;


extern const struct NVEngine nv40_pclock_engine;

#endif
