/* SPDX-License-Identifier: GPL-2.0-or-later */
/* qemu-nv: PSTRAPS, the straps and their override (docs/hw/io/pstraps.rst). */
#ifndef HW_NV_PSTRAPS_H
#define HW_NV_PSTRAPS_H

#include <stdint.h>

#define NV3_PSTRAPS_BASE            0x101000
#define NV_PSTRAPS_SIZE             0x1000

#define NV_PSTRAPS_STRAPS0_PRIMARY  0x000
#define   NV_PSTRAPS_OVERRIDE       (1u << 31)
#define   NV_PSTRAPS_VALUE          0x7fffffffu

typedef struct NVPstraps {
    uint32_t straps0;           /* effective value, bit 31 = override on */
} NVPstraps;

struct NVCard;


extern const struct NVEngine nv_pstraps_engine;

#endif
