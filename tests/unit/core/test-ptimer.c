/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: PTIMER (docs/hw/bus/ptimer.rst).  The counter runs at
 * source * CLOCK_MUL / CLOCK_DIV ticks per second and TIME counts 32 per
 * tick (the counter sits in bits 5-60).  Our external source is 250 MHz
 * (model.c), and reset leaves DIV = 8, MUL = 1: 31.25 MHz.
 */
#include <glib.h>

#include "test-host.h"

#define TIME_LOW    0x9400
#define TIME_HIGH   0x9410
#define ALARM       0x9420
#define DIV         0x9200
#define MUL         0x9210
#define SOURCE      0x9220

static void test_reset_rate(void)
{
    TestHost *th = th_new("nv40", 0);

    g_assert_cmphex(th_rd(th, DIV), ==, 8);
    g_assert_cmphex(th_rd(th, MUL), ==, 1);
    g_assert_cmphex(th_rd(th, TIME_LOW), ==, 0);
    /* 1000 ns * 31.25 MHz = 31.25 ticks -> 31 whole ticks -> 992. */
    th_advance(th, 1000);
    g_assert_cmphex(th_rd(th, TIME_LOW), ==, 992);
    /* 1 ms total = 31250 ticks -> 1000000 = 0xf4240. */
    th_advance(th, 999000);
    g_assert_cmphex(th_rd(th, TIME_LOW), ==, 0xf4240);
    g_assert_cmphex(th_rd(th, TIME_HIGH), ==, 0);
    th_free(th);
}

static void test_ratios(void)
{
    TestHost *th = th_new("nv20", 0);

    /* DIV 5, MUL 2: 250 MHz * 2 / 5 = 100 MHz; 1 ms = 100000 ticks
     * = 3200000 = 0x30d400. */
    th_wr(th, DIV, 5);
    th_wr(th, MUL, 2);
    th_advance(th, 1000000);
    g_assert_cmphex(th_rd(th, TIME_LOW), ==, 0x30d400);

    /* DIV 1000, MUL 3: 750 kHz; 1 ms = 750 ticks = 24000 more. */
    th_wr(th, DIV, 1000);
    th_wr(th, MUL, 3);
    th_advance(th, 1000000);
    g_assert_cmphex(th_rd(th, TIME_LOW), ==, 0x30d400 + 24000);

    /* MUL 0 stops the counter. */
    th_wr(th, MUL, 0);
    th_advance(th, 5000000);
    g_assert_cmphex(th_rd(th, TIME_LOW), ==, 0x30d400 + 24000);

    /* MUL above DIV cannot run faster than the source: 250 MHz, so
     * 1 us = 250 ticks = 8000 = 0x1f40. */
    th_wr(th, TIME_LOW, 0);
    th_wr(th, DIV, 2);
    th_wr(th, MUL, 3);
    g_assert_cmpuint(th->n_guest_error, >=, 1);
    th_advance(th, 1000);
    g_assert_cmphex(th_rd(th, TIME_LOW), ==, 0x1f40);

    /* Only 16 bits of each are stored. */
    th_wr(th, DIV, 0x12345678);
    g_assert_cmphex(th_rd(th, DIV), ==, 0x5678);
    th_free(th);
}

/*
 * NV41+ CLOCK_SOURCE: SELECT = 0 uses the 27 MHz crystal times
 * (INTERNAL_MUL + 1) / (INTERNAL_DIV + 1).  What nouveau's nv41 timer
 * programs: INTERNAL_MUL 2 (x3 = 81 MHz), NUMERATOR (DIV) 324,
 * DENOMINATOR (MUL) 125: 81 MHz * 125 / 324 = 31.25 MHz.
 */
static void test_clock_source(void)
{
    TestHost *th = th_new("nv43", 0);

    th_wr(th, SOURCE, 0x00000002);
    th_wr(th, DIV, 324);
    th_wr(th, MUL, 125);
    g_assert_cmphex(th_rd(th, SOURCE), ==, 2);
    th_advance(th, 1000000);
    g_assert_cmphex(th_rd(th, TIME_LOW), ==, 1000000);
    /* INTERNAL_MUL 2 and INTERNAL_DIV 2: 27 MHz * 3 / 3; with DIV = MUL = 1
     * 1 ms = 27000 ticks = 864000. */
    th_wr(th, TIME_LOW, 0);
    th_wr(th, SOURCE, 0x00000202);
    th_wr(th, DIV, 1);
    th_wr(th, MUL, 1);
    th_advance(th, 1000000);
    g_assert_cmphex(th_rd(th, TIME_LOW), ==, 27000 * 32);
    th_free(th);

    /* Before NV41 there is no CLOCK_SOURCE register. */
    th = th_new("nv40", 0);
    th_wr(th, SOURCE, 2);
    g_assert_cmphex(th_rd(th, SOURCE), ==, 0);
    g_assert_cmpuint(th->n_unimp, ==, 1);      /* logged once per dword */
    th_free(th);
}

static void test_time_write(void)
{
    TestHost *th = th_new("nv34", 0);

    /* Bits 0-4 of TIME_LOW always read 0; TIME_HIGH keeps bits 0-28. */
    th_wr(th, TIME_HIGH, 0xffffff12);
    th_wr(th, TIME_LOW, 0x1234567f);
    g_assert_cmphex(th_rd(th, TIME_LOW), ==, 0x12345660);
    g_assert_cmphex(th_rd(th, TIME_HIGH), ==, 0x1fffff12);
    /* 1 us = 31 ticks = 992 = 0x3e0. */
    th_advance(th, 1000);
    g_assert_cmphex(th_rd(th, TIME_LOW), ==, 0x12345a40);

    /* TIME_LOW carries into TIME_HIGH: 32 ns is exactly one tick. */
    th_wr(th, TIME_HIGH, 0);
    th_wr(th, TIME_LOW, 0xffffffe0);
    th_advance(th, 31);
    g_assert_cmphex(th_rd(th, TIME_LOW), ==, 0xffffffe0);
    th_advance(th, 1);
    g_assert_cmphex(th_rd(th, TIME_LOW), ==, 0);
    g_assert_cmphex(th_rd(th, TIME_HIGH), ==, 1);
    th_free(th);

    /* NV1 keeps TIME_HIGH at 0x404 and ALARM at 0x410. */
    th = th_new("nv1", 0);
    th_wr(th, 0x101404, 7);
    th_wr(th, 0x101410, 0x40);
    g_assert_cmphex(th_rd(th, 0x101404), ==, 7);
    g_assert_cmphex(th_rd(th, 0x101410), ==, 0x40);
    th_free(th);
}

/*
 * ALARM 32000 = 1000 ticks from 0; at 31.25 MHz that is 1000 * 32 ns =
 * 32000 ns: the host timer must be armed for exactly 32000 ns after the
 * counter's base, and INTR bit 0 must not show a nanosecond earlier.
 */
static void test_alarm(void)
{
    TestHost *th = th_new("nv40", 0);
    int64_t t0 = th->now;

    th_wr(th, 0x140, 1);                /* PMC: hardware interrupts on */
    th_wr(th, 0x9140, 1);
    th_wr(th, ALARM, 32000 + 0x1f);     /* low bits are dropped */
    g_assert_cmphex(th_rd(th, ALARM), ==, 32000);
    g_assert_cmpint(th->deadline[NV_TIMER_PTIMER], ==, t0 + 32000);
    th_advance(th, 31999);
    g_assert_cmphex(th_rd(th, 0x9100), ==, 0);
    g_assert_false(th->irq);
    th_advance(th, 1);
    g_assert_cmphex(th_rd(th, TIME_LOW), ==, 32000);
    g_assert_cmphex(th_rd(th, 0x9100), ==, 1);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0x00100000);
    g_assert_true(th->irq);
    /* Re-armed for the next wrap: 2^27 ticks * 32 ns later. */
    g_assert_cmpint(th->deadline[NV_TIMER_PTIMER], ==,
                    t0 + 32000 + (1ll << 27) * 32);
    th_wr(th, 0x9100, 1);
    g_assert_cmphex(th_rd(th, 0x9100), ==, 0);
    g_assert_false(th->irq);

    /* Masked interrupts still show in INTR but do not raise the line. */
    th_wr(th, 0x9140, 0);
    th_wr(th, ALARM, th_rd(th, TIME_LOW) + 64);     /* 2 ticks: 64 ns */
    th_advance(th, 64);
    g_assert_cmphex(th_rd(th, 0x9100), ==, 1);
    g_assert_false(th->irq);

    /* A rate change re-arms: DIV 5 MUL 2 = 100 MHz, 10 ns per tick;
     * 100 ticks ahead = 3200 TIME units = 1000 ns. */
    th_wr(th, 0x9100, 1);
    th_wr(th, DIV, 5);
    th_wr(th, MUL, 2);
    th_wr(th, ALARM, th_rd(th, TIME_LOW) + 3200);
    th_advance(th, 999);
    g_assert_cmphex(th_rd(th, 0x9100), ==, 0);
    th_advance(th, 1);
    g_assert_cmphex(th_rd(th, 0x9100), ==, 1);

    /* A stopped counter never fires. */
    th_wr(th, MUL, 0);
    g_assert_cmpint(th->deadline[NV_TIMER_PTIMER], ==, -1);
    th_free(th);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/ptimer/reset-rate", test_reset_rate);
    g_test_add_func("/ptimer/ratios", test_ratios);
    g_test_add_func("/ptimer/clock-source", test_clock_source);
    g_test_add_func("/ptimer/time-write", test_time_write);
    g_test_add_func("/ptimer/alarm", test_alarm);
    return g_test_run();
}
