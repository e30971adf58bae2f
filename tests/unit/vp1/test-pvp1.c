/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: PVP1 through BAR0 (rnndb pvp1.xml, vp1_fifo.xml;
 * docs/vp1.rst "MMIO").  Programs are uploaded to VRAM, started through MMIO and
 * run on the VP1 timer; every expected value is worked out in a comment.
 */
#include <glib.h>
#include <string.h>

#include "test-host.h"

#define PMC_INTR        0x000100
#define PMC_INTR_EN     0x000140
#define PMC_ENABLE      0x000200
#define PVP1(r)         (NV_PVP1_BASE + (r))
#define V(n, w)         PVP1(NV_PVP1_V + 4 * (n) + 0x80 * (w))
#define R(n)            PVP1(NV_PVP1_R + 4 * (n))
#define M(n)            PVP1(NV_PVP1_M + 4 * (n))
#define C(n)            PVP1(NV_PVP1_C + 4 * (n))
#define L(n)            PVP1(NV_PVP1_L + 4 * (n))
#define SLOT(u)         PVP1(NV_PVP1_SLOT + 4 * (u))

#define CODE_ADDR       0x40000     /* where hwtest puts it (docs/vp1.rst) */
#define B_NOP           0xefffffffu

/*
 * add $r3 $r1 $r2 (scalar 0x4c): 0x4c << 24 | 3 << 19 | 1 << 14 | 2 << 9 |
 * SLCT 14 << 5 | CDST 7 (none) = 0x4c1845c7; with CDST 0: 0x4c1845c0.
 */
#define S_ADD_R3        0x4c1845c7u
#define S_ADD_R3_C0     0x4c1845c0u
/* vadd unsigned saturating $v3 $v1 $v2 (0x9c), the same fields. */
#define V_ADDU_V3       0x9c1845c7u

/* A 16-byte saturating add, then exit 0x5a with bit 16 (intr). */
static const uint32_t prog_simd[] = {
    V_ADDU_V3, 0xff01005a, B_NOP, B_NOP,
};

/* test-vp1.c's $l loop, ending in exit 0x42 with intr. */
static const uint32_t prog_loop[] = {
    0xf0000303,                 /* 0: mov $l0 0x0303 (lzf <- 0) */
    B_NOP, B_NOP, B_NOP,
    0x6c08400f,                 /* 4: add $r1 $r1 1 */
    0xe30001a0,                 /* 5: bra+loop $l0 if !$c0.lzf, +0 */
    0x6c10800f,                 /* 6: add $r2 $r2 1 (delay slot) */
    B_NOP,
    0xff010042,                 /* 8: exit 0x42, intr */
    B_NOP, B_NOP, B_NOP,
};

/* bra +0 always: flag 15 of $c0 (bits 5-8 = 0xf), no $c write (bit 2). */
static const uint32_t prog_endless[] = { 0xe00001e4, B_NOP, B_NOP, B_NOP };

static TestHost *vp_host(const char *model)
{
    TestHost *th = th_new(model, 0);

    /* model.c leaves PMC.ENABLE = 0x17111113: bit 1 (PVPE) is on. */
    g_assert_cmphex(th_rd(th, PMC_ENABLE) & 2, ==, 2);
    th_wr(th, PMC_INTR_EN, 1);
    th_wr(th, PVP1(NV_PVP1_INTR_EN), NV_PVP1_INTR_EXIT);
    th_wr(th, PVP1(NV_PVP1_UCODE_MTHD_ADDR), CODE_ADDR);
    return th;
}

static void upload(TestHost *th, const uint32_t *words, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        nv_st_le(th->vram + CODE_ADDR + 4 * i, words[i], 4);
    }
}

static void test_absent(void)
{
    /* Before NV41 there is no PVP1: 0xf000 is unassigned space. */
    TestHost *th = th_new("nv40", 0);

    th_wr(th, R(1), 0x1234);
    g_assert_cmphex(th_rd(th, R(1)), ==, 0);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_STATUS)), ==, 0);
    g_assert_cmpuint(th->n_unimp, ==, 2);
    th_free(th);
}

static void test_registers(gconstpointer model)
{
    TestHost *th = vp_host(model);

    /* $r, $a, $m, $uc, $l windows store what is written; $l is 16-bit. */
    th_wr(th, R(5), 0xdeadbeef);
    g_assert_cmphex(th_rd(th, R(5)), ==, 0xdeadbeef);
    th_wr(th, R(31), 0x1234);
    g_assert_cmphex(th_rd(th, R(31)), ==, 0);
    th_wr(th, PVP1(NV_PVP1_A + 4 * 31), 0xc0010002);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_A + 4 * 31)), ==, 0xc0010002);
    th_wr(th, M(63), 0x600d);
    g_assert_cmphex(th_rd(th, M(63)), ==, 0x600d);
    th_wr(th, PVP1(0x540), 0x111);          /* $uccfg */
    g_assert_cmphex(th->card.vp1.uc[NV_VP1_UC_CFG], ==, 0x111);
    th_wr(th, L(3), 0x12345678);
    g_assert_cmphex(th_rd(th, L(3)), ==, 0x5678);
    /* $v[3] word 2 is bytes 8-11, little-endian. */
    th_wr(th, V(3, 2), 0x44332211);
    g_assert_cmphex(th->card.vp1.v[3][8], ==, 0x11);
    g_assert_cmphex(th->card.vp1.v[3][11], ==, 0x44);
    g_assert_cmphex(th_rd(th, V(3, 2)), ==, 0x44332211);
    /* $c: read-only; bit 15 reads 1 (intro.rst). */
    th_wr(th, C(2), 0x3f);
    g_assert_cmphex(th_rd(th, C(2)), ==, 0x8000);
    /* Masks: INTR_EN bits 0, 4 .. 24; UCODE bits 0-1 and 5-31. */
    th_wr(th, PVP1(NV_PVP1_INTR_EN), 0xffffffff);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_INTR_EN)), ==, 0x01111111);
    th_wr(th, PVP1(NV_PVP1_UCODE_CHSW_ADDR), 0xffffffff);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_UCODE_CHSW_ADDR)), ==, 0xffffffe3);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_STATUS)), ==, 0);
    th_free(th);
}

static void test_single_bundle(gconstpointer model)
{
    TestHost *th = vp_host(model);

    /* 5 + 7 = 12 in the scalar slot, and the vector slot in the same
     * bundle: 0x80 + 0x90 = 0x110 -> 0xff; 0x01 + 0x02 = 3. */
    th_wr(th, R(1), 5);
    th_wr(th, R(2), 7);
    th_wr(th, V(1, 0), 0x00000180);
    th_wr(th, V(2, 0), 0x00000290);
    th_wr(th, SLOT(NV_VP1_UNIT_SCALAR), S_ADD_R3);
    th_wr(th, SLOT(NV_VP1_UNIT_VECTOR), V_ADDU_V3);
    th_wr(th, PVP1(NV_PVP1_EXEC), 1);
    g_assert_cmphex(th_rd(th, R(3)), ==, 12);
    g_assert_cmphex(th_rd(th, V(3, 0)), ==, 0x000003ff);

    /* Slots not written again do not run again: $r3 stays 12. */
    th_wr(th, R(1), 100);
    th_wr(th, PVP1(NV_PVP1_EXEC), 1);
    g_assert_cmphex(th_rd(th, R(3)), ==, 12);

    /* 5 + (-5) = 0 with CDST 0: $c0 = bit 15 | zf (bit 1) = 0x8002. */
    th_wr(th, R(1), 5);
    th_wr(th, R(2), 0xfffffffb);
    th_wr(th, SLOT(NV_VP1_UNIT_SCALAR), S_ADD_R3_C0);
    th_wr(th, PVP1(NV_PVP1_EXEC), 1);
    g_assert_cmphex(th_rd(th, R(3)), ==, 0);
    g_assert_cmphex(th_rd(th, C(0)), ==, 0x8002);
    /* No exit: no interrupt. */
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_INTR)), ==, 0);
    th_free(th);
}

static void test_run_simd(gconstpointer model)
{
    TestHost *th = vp_host(model);

    /* Per lane: 0xf0 + 0x20 = 0x110 -> 0xff (saturated); 0x10 + 0x20 =
     * 0x30; 0x7f + 0x01 = 0x80; 0x00 + 0x00 = 0. */
    for (unsigned w = 0; w < 4; w++) {
        th_wr(th, V(1, w), 0x007f10f0);
        th_wr(th, V(2, w), 0x00012020);
    }
    upload(th, prog_simd, G_N_ELEMENTS(prog_simd));
    th_wr(th, PVP1(NV_PVP1_START), 0xc0000000);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_STATUS)), ==, 1);
    g_assert_false(th->irq);
    /* One slice is more than the 1 bundle this needs. */
    th_advance(th, NV_PVP1_SLICE_NS);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_STATUS)), ==, 0);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_EXIT_CODE)), ==, 0x5a);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_INTR)), ==, 1);
    g_assert_cmphex(th_rd(th, PMC_INTR), ==, 1);      /* line 0: PVPE */
    g_assert_true(th->irq);
    for (unsigned w = 0; w < 4; w++) {
        g_assert_cmphex(th_rd(th, V(3, w)), ==, 0x008030ff);
    }
    g_assert_cmpint(th->deadline[NV_TIMER_VP1], ==, -1);
    /* Write 1 to clear. */
    th_wr(th, PVP1(NV_PVP1_INTR), 1);
    g_assert_cmphex(th_rd(th, PMC_INTR), ==, 0);
    g_assert_false(th->irq);
    th_free(th);
}

static void test_run_loop(gconstpointer model)
{
    TestHost *th = vp_host(model);

    /* $r1 starts at 0x10: 4 passes of the loop body -> 0x14; $r2, in the
     * delay slot, 4 times too; $l0 stepped 0x302, 0x301, 0x300, then
     * reloaded to 0x303 (test-vp1.c test_branch_loop). */
    th_wr(th, R(1), 0x10);
    upload(th, prog_loop, G_N_ELEMENTS(prog_loop));
    th_wr(th, PVP1(NV_PVP1_START), 0xc0000000);
    th_advance(th, NV_PVP1_SLICE_NS);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_STATUS)), ==, 0);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_EXIT_CODE)), ==, 0x42);
    g_assert_cmphex(th_rd(th, R(1)), ==, 0x14);
    g_assert_cmphex(th_rd(th, R(2)), ==, 4);
    g_assert_cmphex(th_rd(th, L(0)), ==, 0x0303);
    g_assert_true(th->irq);
    th_free(th);
}

static void test_endless(gconstpointer model)
{
    TestHost *th = vp_host(model);

    upload(th, prog_endless, G_N_ELEMENTS(prog_endless));
    th_wr(th, PVP1(NV_PVP1_START), 0xc0000000);
    /* 100 slices later it still runs, one slice at a time. */
    th_advance(th, 100 * NV_PVP1_SLICE_NS);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_STATUS)), ==, 1);
    g_assert_cmpint(th->deadline[NV_TIMER_VP1], ==,
                    th->now + NV_PVP1_SLICE_NS);

    /* After a migration the decoded code and the timer come back. */
    th->deadline[NV_TIMER_VP1] = -1;
    memset(th->card.vp1.dec, 0, sizeof(th->card.vp1.dec));
    nv_card_post_load(&th->card);
    g_assert_cmpint(th->deadline[NV_TIMER_VP1], ==,
                    th->now + NV_PVP1_SLICE_NS);
    g_assert_cmphex(th->card.vp1.dec[0].word, ==, 0xe00001e4);
    g_assert_cmpuint(th->card.vp1.dec[0].op, ==, 0xe0);

    /* START with bit 31 clear stops it; no interrupt. */
    th_wr(th, PVP1(NV_PVP1_START), 0);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_STATUS)), ==, 0);
    g_assert_cmpint(th->deadline[NV_TIMER_VP1], ==, -1);
    g_assert_false(th->irq);

    /* Clearing PMC.ENABLE bit 1 also stops and resets it (hwtest's
     * 0xfffffffd then 0xffffffff); the register files read 0 after. */
    th_wr(th, R(4), 0x44);
    th_wr(th, PVP1(NV_PVP1_START), 0xc0000000);
    th_advance(th, NV_PVP1_SLICE_NS);
    th_wr(th, PMC_ENABLE, 0xfffffffd);
    g_assert_cmpint(th->deadline[NV_TIMER_VP1], ==, -1);
    th_wr(th, PMC_ENABLE, 0xffffffff);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_STATUS)), ==, 0);
    g_assert_cmphex(th_rd(th, R(4)), ==, 0);

    /* The device keeps working: the SIMD program runs. */
    th_wr(th, PVP1(NV_PVP1_INTR_EN), NV_PVP1_INTR_EXIT);
    th_wr(th, PVP1(NV_PVP1_UCODE_MTHD_ADDR), CODE_ADDR);
    upload(th, prog_simd, G_N_ELEMENTS(prog_simd));
    th_wr(th, V(1, 0), 0xff);
    th_wr(th, V(2, 0), 0x01);
    th_wr(th, PVP1(NV_PVP1_START), 0xc0000000);
    th_advance(th, NV_PVP1_SLICE_NS);
    /* 0xff + 0x01 -> 0xff saturated; the other bytes 0 + 0. */
    g_assert_cmphex(th_rd(th, V(3, 0)), ==, 0xff);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_EXIT_CODE)), ==, 0x5a);
    g_assert_true(th->irq);
    th_free(th);
}

static void test_methods(gconstpointer model)
{
    TestHost *th = vp_host(model);
    /* Words 0-3: exit 0x11; words 4-7: exit 0x77. */
    const uint32_t code[] = {
        0xff010011, B_NOP, B_NOP, B_NOP, 0xff010077, B_NOP, B_NOP, B_NOP,
    };

    /* PARAM[i] -> $m[i]; EXEC_PARAM -> $m[48]; NOP and DMA_VP leave $m. */
    nv_pvp1_method(&th->card, NV_VP1_MTHD_PARAM, 0xa0);
    nv_pvp1_method(&th->card, NV_VP1_MTHD_PARAM + 4 * 47, 0xa47);
    nv_pvp1_method(&th->card, NV_VP1_MTHD_EXEC_PARAM, 0xe9);
    nv_pvp1_method(&th->card, NV_VP1_MTHD_NOP, 0x1);
    nv_pvp1_method(&th->card, NV_VP1_MTHD_DMA_VP + 4 * 7, 0xd7);
    g_assert_cmphex(th_rd(th, M(0)), ==, 0xa0);
    g_assert_cmphex(th_rd(th, M(47)), ==, 0xa47);
    g_assert_cmphex(th_rd(th, M(48)), ==, 0xe9);
    g_assert_cmphex(th_rd(th, M(49)), ==, 0);
    g_assert_cmphex(th->card.pvp1.dma[7], ==, 0xd7);

    /* EXEC 4 starts at word 4: exit code 0x77, not 0x11. */
    upload(th, code, G_N_ELEMENTS(code));
    nv_pvp1_method(&th->card, NV_VP1_MTHD_EXEC, 4);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_STATUS)), ==, 1);
    th_advance(th, NV_PVP1_SLICE_NS);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_EXIT_CODE)), ==, 0x77);
    g_assert_true(th->irq);

    /* Anything else lands in FIFO_ERR_MTHD/DATA. */
    nv_pvp1_method(&th->card, 0x200, 0xbad);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_FIFO_ERR_MTHD)), ==, 0x200);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_FIFO_ERR_DATA)), ==, 0xbad);
    th_free(th);
}

/* Code near the end of VRAM: words past it read 0, nothing overflows. */
static void test_code_at_vram_end(gconstpointer model)
{
    TestHost *th = vp_host(model);
    uint64_t end = th->card.vram_size;

    th_wr(th, PVP1(NV_PVP1_UCODE_MTHD_ADDR), end - 0x20);
    for (unsigned i = 0; i < 8; i++) {
        nv_st_le(th->vram + end - 0x20 + 4 * i, 0xff010033, 4);
    }
    th_wr(th, PVP1(NV_PVP1_START), 0xc0000000);
    th_advance(th, NV_PVP1_SLICE_NS);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_EXIT_CODE)), ==, 0x33);
    g_assert_cmphex(th->card.vp1.code[8], ==, 0);
    /* An address far beyond VRAM: the code is all zeros. */
    th_wr(th, PVP1(NV_PVP1_UCODE_MTHD_ADDR), 0xffffffe0);
    th_wr(th, PVP1(NV_PVP1_START), 0xc0000000);
    g_assert_cmphex(th->card.vp1.code[0], ==, 0);
    th_wr(th, PVP1(NV_PVP1_START), 0);
    th_free(th);
}

/*
 * The DMA opcodes (docs/vp1.rst "Data store": xdld 0xc3, xdst 0xc7,
 * xdbar 0xce, xdwait 0xcf; semantics unknown) do nothing and say so once: xdld $a1 $a2 0
 * (0xc3 << 24 | 1 << 19 | 2 << 14) in the address slot, twice, then
 * xdwait: one LOG_UNIMP line, registers untouched.
 */
static void test_dma_unimp(void)
{
    TestHost *th = vp_host("nv43");
    unsigned before = th->n_unimp;

    th_wr(th, PVP1(NV_PVP1_A + 4 * 1), 0x1234);
    th_wr(th, SLOT(NV_VP1_UNIT_ADDRESS), 0xc3088000u);
    th_wr(th, PVP1(NV_PVP1_EXEC), 1);
    th_wr(th, SLOT(NV_VP1_UNIT_ADDRESS), 0xc3088000u);
    th_wr(th, PVP1(NV_PVP1_EXEC), 1);
    th_wr(th, SLOT(NV_VP1_UNIT_ADDRESS), 0xcf000000u);
    th_wr(th, PVP1(NV_PVP1_EXEC), 1);
    g_assert_cmpuint(th->n_unimp, ==, before + 1);
    g_assert_cmphex(th_rd(th, PVP1(NV_PVP1_A + 4 * 1)), ==, 0x1234);
    th_free(th);
}

/* Trace line @i: "CHID 0 NV41_VP1 @rest". */
static void expect_trace(TestHost *th, unsigned i, unsigned chid,
                         const char *rest)
{
    char *want = g_strdup_printf("%u 0 NV41_VP1 %s", chid, rest);

    g_assert_cmpstr(th_trace_line(th, i), ==, want);
    g_free(want);
}

/*
 * The method trace names NV41_VP1's methods as rnndb vp1_fifo.xml does:
 * across the whole method space, exactly OBJECT, NOP, DMA_VP[8], EXEC,
 * EXEC_PARAM and PARAM[48] have names; the others show as numbers (and
 * land in FIFO_ERR_*).
 */
static void test_method_trace(gconstpointer model)
{
    TestHost *th = vp_host(model);
    unsigned named = 0, chid;

    th->trace = true;
    for (uint32_t mthd = 0; mthd < 0x2000; mthd += 4) {
        if (mthd != NV_VP1_MTHD_EXEC) {
            nv_pvp1_method(&th->card, mthd, mthd);
        }
    }
    for (unsigned i = 0; th_trace_line(th, i); i++) {
        named += !strstr(th_trace_line(th, i), "NV41_VP1 0x");
    }
    g_assert_cmpuint(named, ==, 1 + 1 + 8 + 1 + 48);
    /* The channel is PFIFO's current one (CACHE1_PUSH1 bits 0-4). */
    chid = th_rd(th, 0x003204) & 0x1f;
    expect_trace(th, 0, chid, "OBJECT 0x00000000");
    expect_trace(th, 1, chid, "0x0004 0x00000004");
    expect_trace(th, 0x100 / 4, chid, "NOP 0x00000100");
    expect_trace(th, 0x19c / 4, chid, "DMA_VP[7] 0x0000019c");
    expect_trace(th, 0x304 / 4 - 1, chid, "EXEC_PARAM 0x00000304");
    expect_trace(th, 0x4bc / 4 - 1, chid, "PARAM[47] 0x000004bc");
    g_assert_cmphex(th_rd(th, M(47)), ==, 0x4bc);
    th_trace_clear(th);
    nv_pvp1_method(&th->card, NV_VP1_MTHD_EXEC, 0);
    expect_trace(th, 0, chid, "EXEC 0x00000000");
    th_free(th);
}

int main(int argc, char **argv)
{
    static const char *const models[] = { "nv43", "nv44" };

    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/pvp1/absent-nv40", test_absent);
    g_test_add_func("/pvp1/dma-unimp", test_dma_unimp);
    for (unsigned i = 0; i < G_N_ELEMENTS(models); i++) {
        const char *m = models[i];
        char *p;

#define ADD(name, fn) \
        p = g_strdup_printf("/pvp1/%s/" name, m); \
        g_test_add_data_func(p, m, fn); \
        g_free(p)
        ADD("registers", test_registers);
        ADD("single-bundle", test_single_bundle);
        ADD("run-simd", test_run_simd);
        ADD("run-loop", test_run_loop);
        ADD("endless", test_endless);
        ADD("methods", test_methods);
        ADD("code-at-vram-end", test_code_at_vram_end);
        ADD("method-trace", test_method_trace);
#undef ADD
    }
    return g_test_run();
}
