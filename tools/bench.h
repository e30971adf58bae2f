/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv benchmarks: timing helpers shared by the tools/bench-*.c
 * programs.
 */
#ifndef TOOLS_BENCH_H
#define TOOLS_BENCH_H

#include <glib.h>

/* Seconds on the monotonic clock. */
static inline double bench_now(void)
{
    return g_get_monotonic_time() / 1e6;
}

/*
 * Runs @fn until at least 0.5 s passed; returns its runs per second and,
 * if @elapsed is not NULL, stores the time taken there.
 */
static inline double bench_rate(void (*fn)(void), double *elapsed)
{
    unsigned n = 0;
    double t0 = bench_now(), t;

    do {
        fn();
        n++;
        t = bench_now() - t0;
    } while (t < 0.5);
    if (elapsed) {
        *elapsed = t;
    }
    return n / t;
}

#endif
