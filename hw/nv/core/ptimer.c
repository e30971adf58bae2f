/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PTIMER (docs/hw/bus/ptimer.rst).  A 56-bit tick counter kept as the
 * 64-bit TIME value at a base virtual time; reading it scales the elapsed
 * virtual time by the counter rate, so nothing runs while nobody looks.
 * The alarm is a host timer armed for the exact virtual time at which
 * TIME_LOW next reaches ALARM.
 */
#include "hw/nv/card.h"

#define NS_PER_S    1000000000ull
#define WRAP_TICKS  (1ull << 27)    /* TIME_LOW bits 5-31 wrap every 2^27 */

static uint32_t block_base(NVCard *card)
{
    return nv_is_nv1(card) ? NV1_PTIMER_BASE : NV3_PTIMER_BASE;
}

/*
 * Ticks per second as num/den: the source clock times CLOCK_MUL/CLOCK_DIV.
 * On NV41+ with CLOCK_SOURCE.SELECT = 0 the source is the crystal times
 * (INTERNAL_MUL + 1) / (INTERNAL_DIV + 1).  A zero MUL or DIV stops it.
 */
void nv_ptimer_rate(NVCard *card, uint64_t *num, uint64_t *den)
{
    const NVPtimer *t = &card->ptimer;
    uint64_t src_num = card->model->ptimer_ext_hz, src_den = 1;
    uint32_t mul = t->clock_mul & 0xffff, div = t->clock_div & 0xffff;

    if (card->model->ptimer_clock_source &&
        !(t->clock_source & NV_PTIMER_CLOCK_SOURCE_SELECT)) {
        src_num = (uint64_t)card->model->crystal_hz *
                  ((t->clock_source & 0xff) + 1);
        src_den = ((t->clock_source >> 8) & 0xf) + 1;
    }
    if (!mul || !div) {
        *num = 0;
        *den = 1;
        return;
    }
    /* The converter cannot run faster than its source (ptimer.rst). */
    if (mul > div) {
        mul = div;
    }
    *num = src_num * mul;
    *den = src_den * div;
}

static uint64_t ticks_at(NVCard *card, int64_t ns)
{
    uint64_t num, den;
    int64_t elapsed = ns - card->ptimer.base_ns;

    nv_ptimer_rate(card, &num, &den);
    if (elapsed <= 0 || !num) {
        return 0;
    }
    return (unsigned __int128)elapsed * num / ((unsigned __int128)den * NS_PER_S);
}

static uint64_t time_at(NVCard *card, int64_t ns)
{
    return (card->ptimer.time_base + ticks_at(card, ns) * NV_PTIMER_TICK) &
           NV_PTIMER_TIME_MASK;
}

uint64_t nv_ptimer_time(NVCard *card)
{
    return time_at(card, nv_now_ns(card));
}

/* Restart counting from @time now (TIME written, or the rate changes). */
static void rebase(NVCard *card, uint64_t time)
{
    card->ptimer.time_base = time & NV_PTIMER_TIME_MASK;
    card->ptimer.base_ns = nv_now_ns(card);
}

/*
 * Arm the host timer for the next tick at which TIME_LOW bits 5-31 become
 * equal to ALARM.  The comparison happens as the counter advances, so an
 * ALARM equal to the current TIME_LOW fires one full wrap later.
 */
void nv_ptimer_rearm(NVCard *card)
{
    NVPtimer *t = &card->ptimer;
    uint64_t num, den, target;
    uint32_t low, delta;
    int64_t now = nv_now_ns(card);
    unsigned __int128 ns;

    nv_ptimer_rate(card, &num, &den);
    if (!card->host.timer_mod) {
        return;
    }
    if (!num || !((card->pmc.enable >> (nv_is_nv1(card) ? NV1_PMC_ENABLE_PTIMER :
                                        NV3_PMC_ENABLE_PTIMER)) & 1)) {
        card->host.timer_del(card->host.opaque, NV_TIMER_PTIMER);
        return;
    }
    low = time_at(card, now) & NV_PTIMER_LOW_MASK;
    delta = (t->alarm & NV_PTIMER_LOW_MASK) - low;
    target = ticks_at(card, now) + (delta ? delta / NV_PTIMER_TICK : WRAP_TICKS);
    /* First ns at which ticks_at() reaches target: ceil(target*den*1e9/num) */
    ns = ((unsigned __int128)target * den * NS_PER_S + num - 1) / num;
    if (ns > (unsigned __int128)(INT64_MAX - t->base_ns)) {
        card->host.timer_del(card->host.opaque, NV_TIMER_PTIMER);
        return;
    }
    card->host.timer_mod(card->host.opaque, NV_TIMER_PTIMER,
                         t->base_ns + (int64_t)ns);
}

static void ptimer_expired(NVCard *card)
{
    card->ptimer.intr |= NV_PTIMER_INTR_ALARM;
    nv_card_update_irq(card);
    nv_ptimer_rearm(card);
}

static void ptimer_reset(NVCard *card)
{
    NVPtimer *t = &card->ptimer;

    t->intr = 0;
    t->intr_en = 0;
    /* 250 MHz / 8 = 31.25 MHz: one TIME unit per nanosecond (model.c). */
    t->clock_div = 8;
    t->clock_mul = 1;
    t->clock_source = NV_PTIMER_CLOCK_SOURCE_SELECT;
    t->alarm = 0;
    rebase(card, 0);
    nv_ptimer_rearm(card);
}

static uint32_t ptimer_read(NVCard *card, uint32_t addr)
{
    NVPtimer *t = &card->ptimer;
    uint32_t time_high = nv_is_nv1(card) ? NV1_PTIMER_TIME_HIGH : NV3_PTIMER_TIME_HIGH;
    uint32_t alarm = nv_is_nv1(card) ? NV1_PTIMER_ALARM : NV3_PTIMER_ALARM;

    if (addr == NV_PTIMER_INTR) {
        return t->intr;
    } else if (addr == NV_PTIMER_INTR_ENABLE) {
        return t->intr_en;
    } else if (addr == NV_PTIMER_CLOCK_DIV) {
        return t->clock_div;
    } else if (addr == NV_PTIMER_CLOCK_MUL) {
        return t->clock_mul;
    } else if (addr == NV_PTIMER_CLOCK_SOURCE && card->model->ptimer_clock_source) {
        return t->clock_source;
    } else if (addr == NV_PTIMER_TIME_LOW) {
        return (uint32_t)nv_ptimer_time(card);
    } else if (addr == time_high) {
        return nv_ptimer_time(card) >> 32;
    } else if (addr == alarm) {
        return t->alarm;
    }
    nv_unimp(card, block_base(card) + addr, false, 0);
    return 0;
}

static void ptimer_write(NVCard *card, uint32_t addr, uint32_t val)
{
    NVPtimer *t = &card->ptimer;
    uint32_t time_high = nv_is_nv1(card) ? NV1_PTIMER_TIME_HIGH : NV3_PTIMER_TIME_HIGH;
    uint32_t alarm = nv_is_nv1(card) ? NV1_PTIMER_ALARM : NV3_PTIMER_ALARM;
    uint64_t time;

    if (addr == NV_PTIMER_INTR) {
        t->intr &= ~val;            /* write 1 to acknowledge */
        nv_card_update_irq(card);
        return;
    } else if (addr == NV_PTIMER_INTR_ENABLE) {
        t->intr_en = val & NV_PTIMER_INTR_ALARM;
        nv_card_update_irq(card);
        return;
    } else if (addr == NV_PTIMER_TIME_LOW || addr == time_high) {
        time = nv_ptimer_time(card);
        if (addr == NV_PTIMER_TIME_LOW) {
            time = (time & ~0xffffffffull) | (val & NV_PTIMER_LOW_MASK);
        } else {
            time = (time & 0xffffffffull) | ((uint64_t)val << 32);
        }
        rebase(card, time);
    } else if (addr == alarm) {
        t->alarm = val & NV_PTIMER_LOW_MASK;
    } else if (addr == NV_PTIMER_CLOCK_DIV || addr == NV_PTIMER_CLOCK_MUL ||
               (addr == NV_PTIMER_CLOCK_SOURCE &&
                card->model->ptimer_clock_source)) {
        /* Keep the count so far at the old rate, then switch. */
        rebase(card, nv_ptimer_time(card));
        if (addr == NV_PTIMER_CLOCK_DIV) {
            t->clock_div = val & 0xffff;
        } else if (addr == NV_PTIMER_CLOCK_MUL) {
            t->clock_mul = val & 0xffff;
        } else {
            t->clock_source = val & NV_PTIMER_CLOCK_SOURCE_MASK;
        }
        if ((t->clock_mul & 0xffff) > (t->clock_div & 0xffff)) {
            nv_log(card, NV_LOG_GUEST_ERROR, "nv: ptimer: CLOCK_MUL 0x%x above "
                   "CLOCK_DIV 0x%x; counting at the source rate",
                   t->clock_mul, t->clock_div);
        }
    } else {
        nv_unimp(card, block_base(card) + addr, true, val);
        return;
    }
    nv_ptimer_rearm(card);
}

static uint32_t ptimer_intr(NVCard *card)
{
    return card->ptimer.intr & card->ptimer.intr_en ?
           1u << NV_PMC_LINE_PTIMER : 0;
}

/* mmio.rst: PTIMER moved from 0x101000 (NV1) to 0x9000 (NV3+). */
static const NVBlock ptimer_blocks[] = {
    { "ptimer", NV_ARCHS_NV1, NV1_PTIMER_BASE, NV_PTIMER_SIZE,
      NV1_PMC_ENABLE_PTIMER, .read32 = ptimer_read, .write32 = ptimer_write },
    { "ptimer", NV_ARCHS_NV3UP, NV3_PTIMER_BASE, NV_PTIMER_SIZE,
      NV3_PMC_ENABLE_PTIMER, .read32 = ptimer_read, .write32 = ptimer_write },
};

const NVEngine nv_ptimer_engine = {
    .name = "ptimer",
    .blocks = ptimer_blocks, .nr_blocks = G_N_ELEMENTS(ptimer_blocks),
    .reset = ptimer_reset,
    .intr = ptimer_intr,
    .timer = NV_TIMER_PTIMER, .expired = ptimer_expired,
    .post_load = nv_ptimer_rearm,
};
