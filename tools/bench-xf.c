/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv benchmark: XF instructions per second on one core, against a
 * C loop doing float multiply-adds in the same run, for
 *   - a 16-instruction Kelvin vertex state program (15 MADs chained
 *     through a temp, then a MOV to XFCTX and END), run again and again;
 *   - a Curie vertex program (nv43) with a loop and a call: 4096 times
 *     CAL a 4-MAD subroutine, count down with ADD and a condition write,
 *     BRA back while the count is greater than 0.
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

/* Curie source operand (isa.rst): mux, register, swizzle .xyzw. */
static uint32_t csrc(unsigned mux, unsigned reg)
{
    return mux | reg << 2 | 0x1b << 8;
}

#define LOOPS           4096
#define CURIE_ICNT      (2 + 7 * LOOPS)

/*
 * One Curie instruction with no destination (isa.rst Curie fields:
 * OUT_ADDR 2-6, DST_SCA 7-12, DST_VEC 111-116 all "none"), then @pc's
 * own fields, uploaded as IDX2XF words 3..0.
 */
static void curie_insn(NVXf *xf, uint16_t pc, uint32_t w[4])
{
    uint32_t idx[4] = { w[3], w[2], w[1], w[0] };

    write_cmd(xf, NV_XF_CMD_XFPR, pc, idx);
}

static void curie_blank(uint32_t w[4])
{
    memset(w, 0, 16);
    put(w, 2, 5, 0x1f);
    put(w, 7, 6, 0x3f);
    put(w, 111, 6, 0x3f);
}

/* Returns instructions per second; checks the count each program ran. */
static double curie_loop_call(void)
{
    NVXf *xf = g_new0(NVXf, 1);
    const uint32_t count[4] = { 0x45800000, 0, 0, 0 };     /* 4096.0 */
    const uint32_t half[4] = { 0x3f000000, 0x3f000000, 0x3f000000,
                               0x3f000000 };
    const uint32_t minus1[4] = { 0xbf800000, 0, 0, 0 };
    uint32_t w[4];
    NVXfVertex v;
    unsigned runs = 0;
    double t0, t;

    nv_xf_reset(xf, NV_XF_CURIE);
    /* 0: MOV R0 = v[0] (OP_VEC 86-90, SRC0 55-71, DST_WM_VEC 13-16). */
    curie_blank(w);
    put(w, 13, 4, 0xf);
    put(w, 55, 17, csrc(2, 0));
    put(w, 86, 5, 0x01);
    put(w, 111, 6, 0);
    curie_insn(xf, 0, w);
    /* 1: CAL 10 (OP_SCA 91-95 = 0x0b, target in XFCTX_ADDR 76-85). */
    curie_blank(w);
    put(w, 76, 10, 10);
    put(w, 91, 5, 0x0b);
    curie_insn(xf, 1, w);
    /* 2: ADD R0.x = R0 + c[0x9c] (SRC0 + SRC2), writing CC (CDST_WM
     * 110, CDST_IS_VEC 125). */
    curie_blank(w);
    put(w, 13, 4, 0x8);
    put(w, 21, 17, csrc(3, 0));
    put(w, 55, 17, csrc(1, 0));
    put(w, 76, 10, 0x9c);
    put(w, 86, 5, 0x03);
    put(w, 110, 1, 1);
    put(w, 111, 6, 0);
    put(w, 125, 1, 1);
    curie_insn(xf, 2, w);
    /* 3: BRA 1 if CC.x is GT (COND_ENABLE 109, COND_TEST 106-108 = 4,
     * CSRC_SWZ 98-105 = .xxxx = 0). */
    curie_blank(w);
    put(w, 76, 10, 1);
    put(w, 91, 5, 0x09);
    put(w, 106, 3, 4);
    put(w, 109, 1, 1);
    curie_insn(xf, 3, w);
    /* 4: MOV o[0] = R1, END. */
    curie_blank(w);
    put(w, 0, 1, 1);
    put(w, 2, 5, 0);
    put(w, 13, 4, 0xf);
    put(w, 55, 17, csrc(1, 1));
    put(w, 86, 5, 0x01);
    put(w, 126, 1, 1);
    curie_insn(xf, 4, w);
    /* 10-13: MAD R1 = R1 * c[0x9d] + v[1]; 13 also RET (OP_SCA 0x0c). */
    for (uint16_t pc = 10; pc < 14; pc++) {
        curie_blank(w);
        put(w, 13, 4, 0xf);
        put(w, 21, 17, csrc(2, 0));
        put(w, 38, 17, csrc(3, 0));
        put(w, 55, 17, csrc(1, 1));
        put(w, 72, 4, 1);
        put(w, 76, 10, 0x9d);
        put(w, 86, 5, 0x04);
        put(w, 91, 5, pc == 13 ? 0x0c : 0);
        put(w, 111, 6, 1);
        curie_insn(xf, pc, w);
    }
    write_cmd(xf, NV_XF_CMD_XFCTX, 0x9c, minus1);
    write_cmd(xf, NV_XF_CMD_XFCTX, 0x9d, half);
    write_cmd(xf, NV_XF_CMD_VAB, 0, count);
    write_cmd(xf, NV_XF_CMD_VAB, 1, half);

    t0 = now();
    do {
        for (int i = 0; i < 16; i++) {
            nv_xf_vertex(xf, NULL);
            nv_xf_pop_vertex(xf, &v);
        }
        runs += 16;
        t = now() - t0;
    } while (t < 1.0);
    if (xf->last_icnt != CURIE_ICNT) {
        g_error("the Curie program ran %u instructions, not %u",
                xf->last_icnt, CURIE_ICNT);
    }
    g_free(xf);
    return (double)runs * CURIE_ICNT / t;
}

static volatile float sink, vb = 0.999f, vc = 0.001f;

int main(void)
{
    NVXf *xf = g_new0(NVXf, 1);
    const uint32_t param[4] = { 0x3f800000, 0x3f000000, 0x3f400000, 0 };
    const NVXfCmd run = { .type = NV_XF_CMD_RUN };
    unsigned runs = 0;
    double t0, t, xf_t, xf_rate, curie_rate, c_rate;
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
    xf_t = t;
    xf_rate = runs * 16.0 / t;
    curie_rate = curie_loop_call();

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
           "(%.1f k programs/s)\n", xf_rate / 1e6, runs / xf_t / 1e3);
    printf("XF (Curie, loop of %u calls, %u instructions a vertex): "
           "%.1f M instructions/s\n", LOOPS, CURIE_ICNT, curie_rate / 1e6);
    printf("C baseline: %.1f M 4-component multiply-adds/s; XF/C = %.3f "
           "(Kelvin), %.3f (Curie)\n", c_rate / 1e6, xf_rate / c_rate,
           curie_rate / c_rate);
    g_free(xf);
    return 0;
}
