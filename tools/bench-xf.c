/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv benchmark: XF instructions per second on one core, for a
 * 16-instruction Kelvin vertex state program (15 MADs chained through a
 * temp, then a MOV to XFCTX and END), run again and again, against a C
 * loop doing the same number of float multiply-adds in the same run.
 * Not a test.
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hw/nv/nv.h"

static void put(uint32_t *w, unsigned lo, unsigned len, uint32_t v)
{
    for (unsigned i = 0; i < len; i++) {
        w[(lo + i) / 32] &= ~(1u << ((lo + i) % 32));
        w[(lo + i) / 32] |= ((v >> i) & 1) << ((lo + i) % 32);
    }
}

/* Kelvin source operand: mux, register, swizzle .xyzw (isa.rst). */
static uint32_t ksrc(unsigned mux, unsigned reg)
{
    return mux | reg << 2 | 0x1b << 6;
}

static void write_cmd(NVXf *xf, uint8_t type, uint16_t vec,
                      const uint32_t v[4])
{
    for (unsigned w = 0; w < 4; w++) {
        NVXfCmd c = { .type = type, .vec = vec, .word = w, .data = { v[w] } };
        nv_xf_write(xf, NULL, &c);
    }
}

static double now(void)
{
    return g_get_monotonic_time() / 1e6;
}

static volatile float sink, vb = 0.999f, vc = 0.001f;

int main(void)
{
    NVXf *xf = g_new0(NVXf, 1);
    const uint32_t param[4] = { 0x3f800000, 0x3f000000, 0x3f400000, 0 };
    const NVXfCmd run = { .type = NV_XF_CMD_RUN };
    unsigned runs = 0;
    double t0, t, xf_rate, c_rate;
    float a = 1.0f;
    uint64_t n = 0;

    nv_xf_reset(xf, NV_XF_KELVIN);
    for (unsigned pc = 0; pc < 16; pc++) {
        uint32_t w[4] = { 0 }, idx[4];

        if (pc < 15) {
            /* MAD R1 = R1 * v[0] + v[0] (R1 starts at 0 each run). */
            put(w, 20, 4, 1);
            put(w, 24, 4, 0xf);
            put(w, 28, 15, ksrc(1, 1));
            put(w, 43, 15, ksrc(2, 0));
            put(w, 58, 15, ksrc(2, 0));
            put(w, 85, 4, 4);
        } else {
            /* MOV c[0x64] = R1, END. */
            put(w, 0, 1, 1);
            put(w, 3, 8, 0x64);
            put(w, 11, 1, 1);
            put(w, 12, 4, 0xf);
            put(w, 20, 4, 0xf);
            put(w, 58, 15, ksrc(1, 1));
            put(w, 85, 4, 1);
        }
        /* IDX2XF word 0 carries instruction bits 96-127. */
        idx[0] = w[3];
        idx[1] = w[2];
        idx[2] = w[1];
        idx[3] = w[0];
        write_cmd(xf, NV_XF_CMD_XFPR, pc, idx);
    }
    write_cmd(xf, NV_XF_CMD_PARAM, 0, param);

    t0 = now();
    do {
        for (int i = 0; i < 1000; i++) {
            nv_xf_write(xf, NULL, &run);
        }
        runs += 1000;
        t = now() - t0;
    } while (t < 1.0);
    if (xf->last_icnt != 16) {
        g_error("the program ran %u instructions, not 16", xf->last_icnt);
    }
    xf_rate = runs * 16.0 / t;

    /* Baseline: as many 4-component multiply-adds in plain C. */
    t0 = now();
    do {
        /* Fresh operands each round, so nothing folds at compile time. */
        float b = vb, c = vc;

        for (int i = 0; i < 1000000; i++) {
            a = a * b + c;
            a = a * b + c;
            a = a * b + c;
            a = a * b + c;
        }
        sink = a;
        n += 1000000;
        t = now() - t0;
    } while (t < 0.5);
    sink = a;
    c_rate = n / t;     /* 4 scalar MADs = one 4-component MAD */

    printf("XF (Kelvin, 16-instruction state program): %.1f M instructions/s "
           "(%.1f k programs/s)\n", xf_rate / 1e6, runs / t / 1e3);
    printf("C baseline: %.1f M 4-component multiply-adds/s; XF/C = %.3f\n",
           c_rate / 1e6, xf_rate / c_rate);
    g_free(xf);
    return 0;
}
