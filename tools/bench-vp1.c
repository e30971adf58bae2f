/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv benchmark: VP1 bundles per second on one core.  The program is
 * one endless bundle of all four units: address "ldavv $v8 $a2 -16" (a
 * 16-byte load from the data store, post-decrementing the address),
 * scalar "add $r3 $r1 $r2", vector "vadd (unsigned, saturating) $v3 $v1
 * $v2" and branch "bra +0" (the encodings of tests/unit/vp1/test-vp1.c and
 * test-pvp1.c), run by nv_vp1_run in slices.  The baseline is a plain C
 * loop doing a 32-bit add and a 16-byte saturating add per iteration, in
 * the same run.  Not a test.
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hw/nv/card.h"

static double now(void)
{
    return g_get_monotonic_time() / 1e6;
}

static volatile uint32_t sink;

#define GOAL        (50.0 / 90.0)

int main(void)
{
    /* One aligned group of four: a single bundle; then the delay slot. */
    static const uint32_t code[8] = {
        0xd140bf83, 0x4c1845c7, 0x9c1845c7, 0xe00001e4,
        0xefffffff, 0xefffffff, 0xefffffff, 0xefffffff,
    };
    NVVp1 *vp = g_new0(NVVp1, 1);
    uint64_t bundles = 0, iters = 0;
    uint8_t v1[16], v2[16], v3[16];
    uint32_t r = 0;
    double t0, t, vp_rate, c_rate;

    nv_vp1_reset(vp);
    nv_vp1_load_code(vp, 0, code, 8);
    nv_vp1_start(vp, 0);
    /* The address unit ran: $a2's address went from 0 down by 16. */
    nv_vp1_run(vp, 1);
    if (!vp->a[2]) {
        g_error("the address unit did not run");
    }
    t0 = now();
    do {
        bundles += nv_vp1_run(vp, 1000000);
        t = now() - t0;
    } while (t < 1.0);
    vp_rate = bundles / t;

    memset(v1, 0x70, 16);
    memset(v2, 0x20, 16);
    t0 = now();
    do {
        for (int i = 0; i < 1000000; i++) {
            r += i;
            for (int k = 0; k < 16; k++) {
                unsigned s = v1[k] + v2[k];
                v3[k] = s > 0xff ? 0xff : s;
            }
            v1[0] ^= v3[i & 15];
        }
        iters += 1000000;
        t = now() - t0;
    } while (t < 0.5);
    sink = r + v3[0];
    c_rate = iters / t;

    printf("VP1: %.1f M bundles/s (address + scalar + vector + branch)\n",
           vp_rate / 1e6);
    printf("C baseline: %.1f M iterations/s (add + 16-byte saturating add); "
           "VP1/C = %.3f\n", c_rate / 1e6, vp_rate / c_rate);
    /* The goal, 50 M bundles/s, as a ratio to the C loop: on the 2-core
     * CI machine the loop runs at about 90 M/s. */
    printf("goal VP1/C >= %.2f (50 M bundles/s): %s\n", GOAL,
           vp_rate / c_rate >= GOAL ? "met" : "not met");
    g_free(vp);
    return 0;
}
