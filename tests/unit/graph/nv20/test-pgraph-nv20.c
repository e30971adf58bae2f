/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: NV20+ PGRAPH's PIPE and RDI registers into XF
 * (docs/xf.rst "PIPE and RDI registers"; envytools
 * docs/hw/graph/xf/intro.rst "IDX command wrapping").
 */
#include <glib.h>

#include "test-host.h"

#define PIPE_ADDRESS    0x400f50
#define PIPE_DATA       0x400f54
#define RDI_INDEX       0x400750
#define RDI_DATA        0x400754
#define STATUS          0x400700

static const uint32_t vec4[4] = {
    0x3f800000, 0x40000000, 0x40400000, 0x40800000,     /* 1, 2, 3, 4 */
};

/*
 * Write an XFCTX vector through PIPE and read it back through RDI, whose
 * words come W, Z, Y, X, and through PIPE again (X first).
 */
static void pipe_rdi_roundtrip(const char *model, uint32_t wrapped,
                               uint32_t rdi_index)
{
    TestHost *th = th_new(model, 0);

    th_wr(th, PIPE_ADDRESS, wrapped);
    for (unsigned i = 0; i < 4; i++) {
        th_wr(th, PIPE_DATA, vec4[i]);
    }
    /* The address advanced a word per data word. */
    g_assert_cmphex(th_rd(th, PIPE_ADDRESS), ==, wrapped + 16);
    g_assert_cmphex(th_rd(th, STATUS), ==, 0);
    th_wr(th, RDI_INDEX, rdi_index);
    for (unsigned i = 0; i < 4; i++) {
        g_assert_cmphex(th_rd(th, RDI_DATA), ==, vec4[3 - i]);
    }
    g_assert_cmphex(th_rd(th, RDI_INDEX), ==, rdi_index + 16);
    th_wr(th, PIPE_ADDRESS, wrapped);
    for (unsigned i = 0; i < 4; i++) {
        g_assert_cmphex(th_rd(th, PIPE_DATA), ==, vec4[i]);
    }
    g_assert_cmpuint(th->n_guest_error, ==, 0);
    th_free(th);
}

/*
 * LTC0-3 (IDX2XF types 0xb-0xe; Kelvin wrapping: bit 16 | type << 12 |
 * slot << 4) at slot 5 hold 1.0, 2.0, 3.0, 4.0; RDI space 0x19 (our
 * inferred layout, docs/xf.rst) shows slot 5 at 0x50 as LTC3, LTC2, LTC1,
 * LTC0.  An RDI write of 0x3f8003ff to slot 6 word 3 (LTC0) keeps the
 * 22-bit float: 0x3f800000 through PIPE.
 */
static void test_ltc_rdi(void)
{
    static const uint32_t v[4] = {
        0x3f800000, 0x40000000, 0x40400000, 0x40800000,
    };
    TestHost *th = th_new("nv20", 0);

    for (unsigned n = 0; n < 4; n++) {
        th_wr(th, PIPE_ADDRESS, 0x10000 | (0xb + n) << 12 | 5 << 4);
        th_wr(th, PIPE_DATA, v[n]);
    }
    th_wr(th, RDI_INDEX, 0x190050);
    for (unsigned i = 0; i < 4; i++) {
        g_assert_cmphex(th_rd(th, RDI_DATA), ==, v[3 - i]);
    }
    th_wr(th, RDI_INDEX, 0x19006c);
    th_wr(th, RDI_DATA, 0x3f8003ff);
    th_wr(th, PIPE_ADDRESS, 0x1b060);
    g_assert_cmphex(th_rd(th, PIPE_DATA), ==, 0x3f800000);
    g_assert_cmpuint(th->n_guest_error, ==, 0);
    th_free(th);
}

/*
 * Kelvin: marker bit 16, type 9 (XFCTX) at bits 12-15, slot 0x60 << 4:
 * 0x10000 | 0x9000 | 0x600 = 0x19600; RDI XFCTX space 0x17, byte offset
 * 0x60 * 16 = 0x600.
 */
static void test_kelvin(void)
{
    pipe_rdi_roundtrip("nv20", 0x19600, 0x170600);
}

/* Rankine: marker bit 17, type at 13-16: 0x20000 | 9 << 13 | 0x9c << 4
 * = 0x20000 | 0x12000 | 0x9c0 = 0x329c0. */
static void test_rankine(void)
{
    pipe_rdi_roundtrip("nv30", 0x329c0, 0x1709c0);
}

/* Curie: type at 14-17: 9 << 14 | 5 << 4 = 0x24050; the target code
 * (bits 18-19) is not writable and comes from the FE. */
static void test_curie(void)
{
    pipe_rdi_roundtrip("nv43", 0x24050, 0x170050);
    pipe_rdi_roundtrip("nv40", 0x24050, 0x170050);
}

/* VAB through RDI (space 0x15) is reversed as well; through PIPE, writing
 * X of an attribute resets Y, Z, W to 0, 0, 1.0 (intro.rst "VAB
 * command"). */
static void test_vab(void)
{
    TestHost *th = th_new("nv25", 0);

    /* Kelvin VAB: type 1: 0x10000 | 1 << 12 | 3 << 4 = 0x11030. */
    th_wr(th, PIPE_ADDRESS, 0x11030);
    th_wr(th, PIPE_DATA, 0x3f800000);
    th_wr(th, RDI_INDEX, 0x150030);
    g_assert_cmphex(th_rd(th, RDI_DATA), ==, 0x3f800000);   /* W = 1.0 */
    g_assert_cmphex(th_rd(th, RDI_DATA), ==, 0);            /* Z */
    g_assert_cmphex(th_rd(th, RDI_DATA), ==, 0);            /* Y */
    g_assert_cmphex(th_rd(th, RDI_DATA), ==, 0x3f800000);   /* X */
    th_free(th);
}

static void test_masks(void)
{
    static const struct { const char *m; uint32_t mask; } t[] = {
        { "nv20", 0x0001fffc }, { "nv34", 0x0003fffc },
        { "nv40", 0x1303fffc }, { "nv44", 0x1303fffc },
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(t); i++) {
        TestHost *th = th_new(t[i].m, 0);

        th_wr(th, PIPE_ADDRESS, 0xffffffff);
        g_assert_cmphex(th_rd(th, PIPE_ADDRESS), ==, t[i].mask);
        th_free(th);
    }
}

/* Interrupts: PGRAPH is PMC line 12; NV40 moved INTR_EN to 0x40013c. */
static void test_intr(void)
{
    TestHost *th = th_new("nv40", 0);

    th->card.pgraph20.intr = 0x10;
    th_wr(th, 0x140, 1);
    th_wr(th, 0x40013c, 0x10);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0x1000);
    g_assert_true(th->irq);
    th_wr(th, 0x400100, 0x10);
    g_assert_false(th->irq);
    th_free(th);
    th = th_new("nv30", 0);
    th_wr(th, 0x400140, 0x10);
    g_assert_cmphex(th_rd(th, 0x400140), ==, 0x10);
    th_free(th);
}

/*
 * LTCTX entry 0x41 (NV20 list: LIGHT_MODEL_AMBIENT_COLOR; IDX2XF type 0xa,
 * Kelvin wrapping 0x10000 | 0xa << 12 | 0x41 << 4 = 0x1a410) set to 1, 2,
 * 3, 4 (22-bit floats: exact; LTCTX keeps three components, W reads 0).
 * On nv20 RDI space 0x18 slot 0x41 (offset 0x410) reads it W, Z, Y, X.
 * On nv25 (split LTCTX, docs/xf.rst) it is LTCTX_B slot 1: space 0x16
 * offset 0x10, and space 0x18 ends at slot 0x40: its X word at 0x41c is
 * not modelled there (reads 0, logged) while nv20 reads 1.0.  An RDI
 * write to LTCTX_B slot 2 word 3 (X) shows at entry 0x42 through PIPE,
 * rounded to 22 bits: 0x3f8003ff -> 0x3f800000.
 */
static void test_ltctx_b(void)
{
    static const uint32_t wzyx[4] = { 0, 0x40400000, 0x40000000, 0x3f800000 };

    for (unsigned split = 0; split < 2; split++) {
        TestHost *th = th_new(split ? "nv25" : "nv20", 0);

        th_wr(th, PIPE_ADDRESS, 0x1a410);
        for (unsigned i = 0; i < 4; i++) {
            th_wr(th, PIPE_DATA, vec4[i]);
        }
        th_wr(th, RDI_INDEX, split ? 0x160010 : 0x180410);
        for (unsigned i = 0; i < 4; i++) {
            g_assert_cmphex(th_rd(th, RDI_DATA), ==, wzyx[i]);
        }
        g_assert_cmpuint(th->n_unimp, ==, 0);
        th_wr(th, RDI_INDEX, 0x18041c);
        g_assert_cmphex(th_rd(th, RDI_DATA), ==, split ? 0 : 0x3f800000);
        g_assert_cmpuint(th->n_unimp, ==, split);
        if (split) {
            th_wr(th, RDI_INDEX, 0x16002c);
            th_wr(th, RDI_DATA, 0x3f8003ff);
            th_wr(th, PIPE_ADDRESS, 0x1a420);
            g_assert_cmphex(th_rd(th, PIPE_DATA), ==, 0x3f800000);
        }
        th_free(th);
    }
}

/* What XF does not model is logged, and the card goes on. */
static void test_unknown(void)
{
    TestHost *th = th_new("nv20", 0);

    th_wr(th, RDI_INDEX, 0x160000);         /* no LTCTX_B on NV20 */
    th_wr(th, RDI_DATA, 1);
    g_assert_cmphex(th_rd(th, RDI_INDEX), ==, 0x160004);
    th_wr(th, PIPE_ADDRESS, 0x00040);       /* no marker: not XF */
    th_wr(th, PIPE_DATA, 1);
    g_assert_cmpuint(th->n_unimp, ==, 2);
    g_assert_cmphex(th_rd(th, 0), ==, 0x020000a5);
    th_free(th);
}

/*
 * NV40's context program upload as nouveau's ctxnv40.c does it: index 0
 * to 0x400324, then the words to 0x400328, the index moving on by one
 * each.  The words read back at their index; the index wraps at 256.
 * Kelvin and Rankine have no such registers (unimplemented there).
 */
static void test_ctxprog(void)
{
    TestHost *th = th_new("nv40", 0);

    th_wr(th, 0x400324, 0);
    for (uint32_t i = 0; i < 3; i++) {
        th_wr(th, 0x400328, 0x00100000 + i);
    }
    g_assert_cmphex(th_rd(th, 0x400324), ==, 3);
    th_wr(th, 0x400324, 1);
    g_assert_cmphex(th_rd(th, 0x400328), ==, 0x00100001);
    g_assert_cmphex(th_rd(th, 0x400324), ==, 1);     /* reads stay */
    th_wr(th, 0x400324, 255);
    th_wr(th, 0x400328, 0xabc);
    g_assert_cmphex(th_rd(th, 0x400324), ==, 0);
    th_wr(th, 0x400324, 255);
    g_assert_cmphex(th_rd(th, 0x400328), ==, 0xabc);
    g_assert_cmpuint(th->n_unimp, ==, 0);
    th_free(th);

    th = th_new("nv30", 0);
    th_wr(th, 0x400328, 1);
    g_assert_cmpuint(th->n_unimp, ==, 1);
    th_free(th);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/pgraph-nv20/pipe-rdi/kelvin", test_kelvin);
    g_test_add_func("/pgraph-nv20/pipe-rdi/ltc", test_ltc_rdi);
    g_test_add_func("/pgraph-nv20/pipe-rdi/rankine", test_rankine);
    g_test_add_func("/pgraph-nv20/pipe-rdi/curie", test_curie);
    g_test_add_func("/pgraph-nv20/ctxprog", test_ctxprog);
    g_test_add_func("/pgraph-nv20/vab", test_vab);
    g_test_add_func("/pgraph-nv20/pipe-mask", test_masks);
    g_test_add_func("/pgraph-nv20/intr", test_intr);
    g_test_add_func("/pgraph-nv20/ltctx-b", test_ltctx_b);
    g_test_add_func("/pgraph-nv20/unknown", test_unknown);
    return g_test_run();
}
