/* SPDX-License-Identifier: GPL-2.0-or-later */
/* qemu-nv: PTIMER, the time counter and alarm (docs/hw/bus/ptimer.rst). */
#ifndef HW_NV_PTIMER_H
#define HW_NV_PTIMER_H

#include <stdint.h>

#define NV1_PTIMER_BASE             0x101000
#define NV3_PTIMER_BASE             0x009000
#define NV_PTIMER_SIZE              0x1000

#define NV_PTIMER_INTR              0x100
#define   NV_PTIMER_INTR_ALARM      (1u << 0)
#define NV_PTIMER_INTR_ENABLE       0x140
#define NV_PTIMER_CLOCK_DIV         0x200   /* nouveau: NUMERATOR */
#define NV_PTIMER_CLOCK_MUL         0x210   /* nouveau: DENOMINATOR */
#define NV_PTIMER_CLOCK_SOURCE      0x220   /* NV41+ */
#define   NV_PTIMER_CLOCK_SOURCE_MASK     0x00010fffu
#define   NV_PTIMER_CLOCK_SOURCE_SELECT   (1u << 16)
#define NV_PTIMER_TIME_LOW          0x400
#define NV1_PTIMER_TIME_HIGH        0x404
#define NV1_PTIMER_ALARM            0x410
#define NV3_PTIMER_TIME_HIGH        0x410
#define NV3_PTIMER_ALARM            0x420

/* The 56-bit counter sits in bits 5-60 of TIME_HIGH:TIME_LOW. */
#define NV_PTIMER_TIME_MASK         0x1fffffffffffffe0ull
#define NV_PTIMER_TICK              32      /* TIME units per counter tick */
#define NV_PTIMER_LOW_MASK          0xffffffe0u

typedef struct NVPtimer {
    uint32_t intr;
    uint32_t intr_en;
    uint32_t clock_div;
    uint32_t clock_mul;
    uint32_t clock_source;
    uint32_t alarm;
    /* TIME value at virtual time base_ns; it counts on from there. */
    uint64_t time_base;
    int64_t base_ns;
} NVPtimer;

struct NVCard;
uint64_t nv_ptimer_time(struct NVCard *card);
/* The counter rate in ticks per second, as a fraction num/den (0 = stopped). */
void nv_ptimer_rate(struct NVCard *card, uint64_t *num, uint64_t *den);
/* Re-arm the host timer from the current state (reset, post-load). */
void nv_ptimer_rearm(struct NVCard *card);

extern const struct NVEngine nv_ptimer_engine;

#endif
