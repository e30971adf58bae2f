/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: NV20+ PGRAPH's PIPE and RDI registers into XF
 * (docs/xf.rst "PIPE and RDI registers"; envytools
 * docs/hw/graph/xf/intro.rst "IDX command wrapping").
 */
#include <glib.h>
#include <string.h>

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
    /* All ones keeps INTR_EN's bits: 0x03111fd1 on NV40 (docs/pgraph.rst). */
    th_wr(th, 0x40013c, 0xffffffff);
    g_assert_cmphex(th_rd(th, 0x40013c), ==, 0x03111fd1);
    th_free(th);
    th = th_new("nv30", 0);
    th_wr(th, 0x400140, 0x10);
    g_assert_cmphex(th_rd(th, 0x400140), ==, 0x10);
    /* 0x011137d1 before NV40, on Rankine as on Kelvin. */
    th_wr(th, 0x400140, 0xffffffff);
    g_assert_cmphex(th_rd(th, 0x400140), ==, 0x011137d1);
    th_free(th);
    th = th_new("nv20", 0);
    th_wr(th, 0x400140, 0xffffffff);
    g_assert_cmphex(th_rd(th, 0x400140), ==, 0x011137d1);
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

/*
 * The register tables (docs/pgraph.rst).  Each expected value below is
 * copied by hand from the register lists, not from regs-nv20.c: a write
 * of all ones must read back mask | fixed, a write of 0 the fixed bits.
 */
static void expect_reg(TestHost *th, uint32_t off, uint32_t ones,
                       uint32_t zero)
{
    unsigned unimp = th->n_unimp;

    th_wr(th, off, 0xffffffff);
    g_assert_cmphex(th_rd(th, off), ==, ones);
    th_wr(th, off, 0);
    g_assert_cmphex(th_rd(th, off), ==, zero);
    g_assert_cmpuint(th->n_unimp, ==, unimp);
}

/* A register the model does not have: reads 0, logged as unimplemented. */
static void expect_absent(const char *model, uint32_t off)
{
    TestHost *th = th_new(model, 0);

    th_wr(th, off, 0xffffffff);
    g_assert_cmphex(th_rd(th, off), ==, 0);
    g_assert_cmpuint(th->n_unimp, ==, 1);
    th_free(th);
}

static void test_regs_kelvin(void)
{
    TestHost *th = th_new("nv20", 0);

    expect_reg(th, 0x400080, 0x03ffefff, 0);    /* DEBUG_A (nv20) */
    expect_reg(th, 0x40008c, 0xffffd77d, 0);    /* DEBUG_D (nv20) */
    expect_reg(th, 0x400094, 0x000000ff, 0);    /* DEBUG_F (nv20 only) */
    expect_reg(th, 0x40014c, 0x7ffff0ff, 0);    /* CTX_SWITCH_A (nv20) */
    /* SURF_LIMIT[2]: mask 0xbfffffc0, fixed 0x0000003f */
    expect_reg(th, 0x40086c, 0xbfffffff, 0x3f);
    expect_reg(th, 0x400afc, 0x00ffffff, 0);    /* PATTERN_COLOR[63] */
    expect_reg(th, 0x4010a0, 0x000007ff, 0);    /* DMA_ENG_LINES[1] */
    expect_reg(th, 0x40192c, 0x000fffff, 0);    /* RC_OUT_COLOR[3] (nv20) */
    expect_reg(th, 0x400fc0, 0xfff7fff7, 0);    /* XF_MODE_T[0] */
    th_free(th);

    th = th_new("nv25", 0);
    expect_reg(th, 0x400080, 0x07ffefff, 0);    /* DEBUG_A (nv25) */
    expect_reg(th, 0x40008c, 0xffffdf7d, 0);    /* DEBUG_D (nv25) */
    expect_reg(th, 0x40014c, 0x7fffffff, 0);    /* CTX_SWITCH_A (nv25) */
    expect_reg(th, 0x40192c, 0x03ffffff, 0);    /* RC_OUT_COLOR[3] (nv25) */
    expect_reg(th, 0x40089c, 0x0fffffff, 0);    /* SURF_UNK89C (nv25 only) */
    /* SURF_LIMIT[6] (nv25 only): mask 0xbfffffc0, fixed 0x3f */
    expect_reg(th, 0x40088c, 0xbfffffff, 0x3f);
    th_free(th);

    expect_absent("nv20", 0x40089c);            /* no SURF_UNK89C */
    expect_absent("nv25", 0x400094);            /* no DEBUG_F */
}

static void test_regs_rankine(void)
{
    TestHost *th = th_new("nv30", 0);

    expect_reg(th, 0x400080, 0x3fffffff, 0);    /* DEBUG_A (nv30) */
    expect_reg(th, 0x400514, 0xf113ffff, 0);    /* XY_A (nv30): no fixed */
    expect_reg(th, 0x400824, 0x3fffffc0, 0);    /* SURF_OFFSET[1] (nv30) */
    expect_reg(th, 0x400800, 0xf1ffdf1f, 0);    /* SURF_UNK800 (nv30) */
    expect_reg(th, 0x400fcc, 0xfff7fff7, 0);    /* XF_MODE_T[1] */
    expect_reg(th, 0x400fb4, 0, 0);             /* the XFMODE dummy word */
    expect_reg(th, 0x401c7c, 0xffff7fce, 0);    /* TEX_FORMAT[15] */
    expect_reg(th, 0x40075c, 0x00000001, 0);    /* UNK75C */
    th_free(th);

    th = th_new("nv34", 0);
    expect_reg(th, 0x400080, 0x7fffffff, 0);    /* DEBUG_A (nv34) */
    /* XY_A (nv34): mask 0xf113ffff, bit 18 fixed */
    expect_reg(th, 0x400514, 0xf117ffff, 0x00040000);
    expect_reg(th, 0x400824, 0x3ffffff0, 0);    /* SURF_OFFSET[1] (nv34) */
    /* SURF_LIMIT[0] (nv34): mask 0xbffffff0, fixed 0xf */
    expect_reg(th, 0x400864, 0xbfffffff, 0xf);
    /* SURF_UNK800 (nv34): mask 0x1f17; bits 8, 12 follow bits 0, 4 */
    expect_reg(th, 0x400800, 0x00001f17, 0);
    th_wr(th, 0x400800, 0x00001100);
    g_assert_cmphex(th_rd(th, 0x400800), ==, 0);
    th_wr(th, 0x400800, 0x00000011);
    g_assert_cmphex(th_rd(th, 0x400800), ==, 0x1111);
    th_free(th);

    expect_absent("nv34", 0x40089c);            /* SURF_UNK89C: nv30 only */
}

static void test_regs_curie(void)
{
    static const char *const models[] = { "nv40", "nv43", "nv44" };

    for (unsigned i = 0; i < G_N_ELEMENTS(models); i++) {
        TestHost *th = th_new(models[i], 0);

        th_wr(th, 0x400720, 0);     /* FIFO_ENABLE off: CTX_CACHE writable */
        expect_reg(th, 0x400080, 0x00000107, 0);    /* DEBUG_A */
        expect_reg(th, 0x400150, 0x07ffffff, 0);    /* CTX_SWITCH_C */
        expect_reg(th, 0x400204, 0xffffffff, 0);    /* CTX_CACHE_T[1] */
        expect_reg(th, 0x400220, 0x00ffffff, 0);    /* SRC2D_DMA */
        /* XY_A: mask 0xf113ffff, bit 18 fixed */
        expect_reg(th, 0x400514, 0xf117ffff, 0x00040000);
        /* SURF_LIMIT[8]: mask 0xbfffffc0, fixed 0x3f, stride 0x10 */
        expect_reg(th, 0x4009dc, 0xbfffffff, 0x3f);
        expect_reg(th, 0x401b5c, 0x000f7777, 0);    /* XF_TXC[7] */
        expect_reg(th, 0x401b60, 0x000e0000, 0);    /* XF_TXC[8] */
        expect_reg(th, 0x401b20, 0xffffffff, 0);    /* DEPTH_BOUNDS_MIN */
        th_free(th);
    }
    /* BUNDLE_DEPTH_BOUNDS_MIN is NV40's; SURF_OFFSET[1] NV40 lacks. */
    expect_absent("nv20", 0x401b20);
    expect_absent("nv30", 0x401b20);
    expect_absent("nv40", 0x400824);
    expect_absent("nv40", 0x400094);            /* DEBUG_F: nv20 only */
}

/* A write of @val to @off, after which @roff must read @expect. */
typedef struct Step {
    uint32_t off, val, roff, expect;
} Step;

/* Run @n steps on a new @model card; none may touch an unknown register. */
static void run_steps(const char *model, const Step *steps, size_t n)
{
    TestHost *th = th_new(model, 0);

    for (size_t i = 0; i < n; i++) {
        th_wr(th, steps[i].off, steps[i].val);
        g_assert_cmphex(th_rd(th, steps[i].roff), ==, steps[i].expect);
    }
    g_assert_cmpuint(th->n_unimp, ==, 0);
    th_free(th);
}

/*
 * The side effects that are one rule (docs/pgraph.rst "Side effects"), on
 * nv25.
 */
static void test_regs_effects(void)
{
    static const Step steps[] = {
        /* TRAP_ADDR is read-only. */
        { 0x400704, 0xffffffff, 0x400704, 0 },
        /* MISC32[0] sets VALID[0] bit 16, BITMAP_COLOR[0] bit 17,
         * SURF_PITCH[3] bit 2, SURF_OFFSET[6] bit 3. */
        { 0x400508, 0, 0x400508, 0 },
        { 0x40050c, 1, 0x400508, 0x00010000 },
        { 0x400814, 1, 0x400508, 0x00030000 },
        { 0x40085c, 0x40, 0x400508, 0x00030004 },
        { 0x400880, 0x40, 0x400508, 0x0003000c },
        /* DEBUG_B with bit 4 clears XY_B[0] bit 0 (mask 0x00111031). */
        { 0x400518, 0xffffffff, 0x400518, 0x00111031 },
        { 0x400084, 0x10, 0x400518, 0x00111030 },
        /* CTX_CACHE_B[2] (mask 0xffff3f03) ignores writes while
         * FIFO_ENABLE is 1, as it is after reset. */
        { 0x400188, 0xffffffff, 0x400188, 0 },
        { 0x400720, 0, 0x400720, 0 },
        { 0x400188, 0xffffffff, 0x400188, 0xffff3f03 },
        { 0x400720, 1, 0x400720, 1 },
        { 0x400188, 0, 0x400188, 0xffff3f03 },
        { 0x400720, 0, 0x400720, 0 },
        { 0x400188, 0, 0x400188, 0 },
        /* CTX_SWITCH_A bit 31 (not stored) with DEBUG_D bit 19 runs the
         * volatile reset: OCLIP_MAX[X] becomes 0xffff, DEBUG_B bit 0
         * (0x10 & mask 0x0011f7c1 = 0 before) records it; without bit 19
         * nothing runs and bit 0 drops again. */
        { 0x40008c, 0x00080000, 0x40008c, 0x00080000 },
        { 0x400568, 0x1234, 0x400568, 0x1234 },
        { 0x40014c, 0x80000030, 0x400568, 0xffff },
        { 0x40014c, 0x80000030, 0x40014c, 0x00000030 },
        { 0x40014c, 0x80000030, 0x400084, 0x00000001 },
        { 0x40008c, 0, 0x40008c, 0 },
        { 0x400568, 0x1234, 0x400568, 0x1234 },
        { 0x40014c, 0x80000030, 0x400084, 0 },
        { 0x40014c, 0x80000030, 0x400568, 0x1234 },
    };
    run_steps("nv25", steps, G_N_ELEMENTS(steps));
}

/*
 * Table sanity for every model: rows in the block with a stride, no
 * offset claimed twice, none of the handled registers (INTR, INTR_EN,
 * STATUS, RDI, PIPE, ctxprog) in a table, and as many registers as the
 * lists have apart from those: NV20 465, NV25 487, NV30 614 (with the
 * XFMODE dummy word), NV34 611, NV40 667.
 */
static void test_regs_tables(void)
{
    static const struct { const char *m; unsigned n; } t[] = {
        { "nv20", 465 }, { "nv25", 487 }, { "nv30", 614 }, { "nv34", 611 },
        { "nv40", 667 }, { "nv43", 667 }, { "nv44", 667 },
    };
    static const uint32_t handled[] = {
        0x400100, 0x40013c, 0x400140, 0x400700, 0x400750, 0x400754,
        0x400f50, 0x400f54, 0x400324, 0x400328,
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(t); i++) {
        const NVModel *m = nv_model_find(t[i].m);
        size_t n;
        const NV20Reg *regs = nv20_pgraph_regs(m, &n);
        unsigned found = 0;
        bool seen[NV20_PGRAPH_REGS];

        g_assert_nonnull(regs);
        for (size_t j = 0; j < n; j++) {
            g_assert_cmpuint(regs[j].stride, >=, 4);
            g_assert_cmpuint(regs[j].stride % 4, ==, 0);
            g_assert_cmpuint(regs[j].offset, >=, NV20_PGRAPH_BASE);
            g_assert_cmpuint(regs[j].offset + (regs[j].count - 1u) *
                             regs[j].stride, <,
                             NV20_PGRAPH_BASE + NV20_PGRAPH_SIZE);
        }
        memset(seen, 0, sizeof(seen));
        for (size_t j = 0; j < n; j++) {
            if (regs[j].chips && !(regs[j].chips & m->pgraph_chip)) {
                continue;
            }
            for (unsigned k = 0; k < regs[j].count; k++) {
                uint32_t off = regs[j].offset + k * regs[j].stride;

                g_assert_false(seen[(off - NV20_PGRAPH_BASE) / 4]);
                seen[(off - NV20_PGRAPH_BASE) / 4] = true;
                g_assert_true(nv20_pgraph_reg_find(m, off) == &regs[j]);
                found++;
            }
        }
        g_assert_cmpuint(found, ==, t[i].n);
        for (unsigned j = 0; j < G_N_ELEMENTS(handled); j++) {
            g_assert_null(nv20_pgraph_reg_find(m, handled[j]));
        }
    }
    g_assert_null(nv20_pgraph_regs(nv_model_find("nv1"), &(size_t){0}));
}

/*
 * The clip and vertex registers (docs/pgraph.rst "Side effects"), nv25,
 * each step a write then a read, values worked out from the rules:
 * UCLIP_MIN/MAX of X shift as a pair and copy the value to VTX_X[9];
 * VTX_X gives XY_CLIP[X][1] (0x400528) bits 0-3 = below min, at min,
 * above max, at max against UCLIP (class 0 is no object-clip class);
 * ICLIP X sets XY_B bits 12 and 20 when within max (always for XY_B[0]
 * without the object's CLIP flag) and, in XY_B[1], bit 4 when below min.
 * With class 0x4a (GDI: object-clip and "new render") the clip set is
 * OCLIP (all 0 here) and XY_D[X] bit 4 flags a coordinate beyond 16
 * bits.
 */
static void test_clip_side_effects(void)
{
    static const Step steps[] = {
        { 0x40053c, 5, 0x400544, 5 },           /* MIN 0, MAX 5 */
        { 0x400544, 100, 0x40053c, 5 },         /* MIN 5, MAX 100 */
        { 0x400544, 100, 0x400424, 100 },       /* ... and VTX_X[9] */
        { 0x40053c, 5, 0x40053c, 100 },         /* MIN 100, MAX 5 */
        { 0x400544, 100, 0x40053c, 5 },         /* back to 5..100 */
        { 0x400400, 3, 0x400528, 1 },           /* below min */
        { 0x400400, 5, 0x400528, 2 },           /* at min */
        { 0x400400, 0x3ffff, 0x400528, 1 },     /* -1: below */
        { 0x400400, 100, 0x400528, 8 },         /* at max */
        { 0x400400, 101, 0x400528, 4 },         /* above max */
        { 0x400518, 0xffffffff, 0x400518, 0x00111031 },
        { 0x40051c, 0xffffffff, 0x40051c, 0x00111031 },
        { 0x400534, 50, 0x400518, 0x00101031 },
        { 0x400534, 50, 0x40051c, 0x00101021 },
        { 0x400534, 3, 0x40051c, 0x00101031 },  /* 3 < min: bit 4 */
        { 0x400534, 200, 0x40051c, 0x00000021 },    /* beyond max */
        { 0x400534, 200, 0x400518, 0x00101031 },
        { 0x400534, 200, 0x400534, 200 },
        { 0x400544, 100, 0x400518, 0x00000021 },    /* MAX: bits 4, 12.. */
        { 0x40014c, 0x4a, 0x40014c, 0x4a },
        { 0x400404, 0x9000, 0x400528, 4 },      /* OCLIP 0..0: above */
        { 0x400404, 0x9000, 0x400500, 0x10 },   /* XY_D[X] bit 4 */
        { 0x400404, 0, 0x400528, 0xa },         /* at min and at max */
        { 0x400404, 0, 0x400500, 0 },
    };
    run_steps("nv25", steps, G_N_ELEMENTS(steps));
}

/*
 * RDI_INDEX keeps the space (bits 16-24; NV25 and Rankine 16-25) and the
 * offset (bits 2-12; Rankine 2-14), and an RDI_DATA access moves the
 * offset on a word within its field: from 0x1ffc on NV20 it wraps to 0
 * and the space stays.  Space 0x2c8 (nouveau's nv20_gr_init writes it)
 * is not an XF RAM: the access is logged.
 */
static void test_rdi_index(void)
{
    static const struct { const char *model; uint32_t mask; } m[] = {
        { "nv20", 0x01ff1ffc }, { "nv25", 0x03ff1ffc },
        { "nv30", 0x03ff7ffc }, { "nv34", 0x03ff7ffc },
    };
    TestHost *th;

    for (size_t i = 0; i < G_N_ELEMENTS(m); i++) {
        th = th_new(m[i].model, 0);
        th_wr(th, RDI_INDEX, 0xffffffff);
        g_assert_cmphex(th_rd(th, RDI_INDEX), ==, m[i].mask);
        th_free(th);
    }
    th = th_new("nv20", 0);
    th_wr(th, RDI_INDEX, 0x00101ffc);
    th_rd(th, RDI_DATA);
    g_assert_cmphex(th_rd(th, RDI_INDEX), ==, 0x00100000);
    th_wr(th, RDI_INDEX, 0x02c80000);
    g_assert_cmphex(th_rd(th, RDI_INDEX), ==, 0x00c80000);   /* bit 25 */
    th_free(th);
    th = th_new("nv25", 0);
    th_wr(th, RDI_INDEX, 0x02c80000);
    th_wr(th, RDI_DATA, 0);
    g_assert_cmpuint(th->n_unimp, ==, 1);
    g_assert_cmphex(th_rd(th, RDI_INDEX), ==, 0x02c80004);
    th_free(th);
}

/*
 * SURF_OFFSET/SURF_BASE writes clear their surface pair's bits in
 * SURF_UNK888 (one per surface) and, from NV25, SURF_UNK89C (four per
 * surface), unless SURF_UNK880 bit 20 is set.  nv25: surface 3 is pair
 * 2/3: 0x7f loses bits 2-3 (0x73), 0x0fffffff bits 8-15 (0x0fff00ff);
 * SURF_BASE[6] pair 6/7: bits 6-7 (0x33) and 24-31 (0x00ff00ff).  nv20
 * (SURF_UNK888 at 0x400888, mask 0x3f): SURF_BASE[1] is pair 0/1: 0x3c.
 */
static void test_surf_pairs(void)
{
    static const Step nv25[] = {
        { 0x400898, 0xff, 0x400898, 0x7f },
        { 0x40089c, 0xffffffff, 0x40089c, 0x0fffffff },
        { 0x40082c, 0x40, 0x400898, 0x73 },
        { 0x40082c, 0x40, 0x40089c, 0x0fff00ff },
        { 0x400884, 0x40, 0x400898, 0x33 },
        { 0x400884, 0x40, 0x40089c, 0x00ff00ff },
        { 0x400890, 1u << 20, 0x400890, 1u << 20 },
        { 0x400820, 0x40, 0x400898, 0x33 },     /* bit 20: untouched */
        { 0x400820, 0x40, 0x40089c, 0x00ff00ff },
    };
    static const Step nv20[] = {
        { 0x400888, 0xff, 0x400888, 0x3f },
        { 0x40083c, 0x40, 0x400888, 0x3c },
    };

    run_steps("nv25", nv25, G_N_ELEMENTS(nv25));
    run_steps("nv20", nv20, G_N_ELEMENTS(nv20));
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
    g_test_add_func("/pgraph-nv20/regs/kelvin", test_regs_kelvin);
    g_test_add_func("/pgraph-nv20/regs/rankine", test_regs_rankine);
    g_test_add_func("/pgraph-nv20/regs/curie", test_regs_curie);
    g_test_add_func("/pgraph-nv20/regs/effects", test_regs_effects);
    g_test_add_func("/pgraph-nv20/regs/tables", test_regs_tables);
    g_test_add_func("/pgraph-nv20/pipe-rdi/rdi-index", test_rdi_index);
    g_test_add_func("/pgraph-nv20/regs/surf-pairs", test_surf_pairs);
    g_test_add_func("/pgraph-nv20/regs/clip-side-effects",
                    test_clip_side_effects);
    return g_test_run();
}
