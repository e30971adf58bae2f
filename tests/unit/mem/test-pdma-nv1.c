/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: NV1 PDMA, PGRAPH's channel into system memory.  The
 * DMA object layout is the one rnndb memory/nv1_pdma.xml names (FLAGS with
 * ADJUST and PRESENT, LIMIT, one PTE per 4 KiB page); see docs/nv1.rst
 * "Inferred behaviour" for what the docs leave open.
 */
#include <glib.h>
#include <string.h>

#include "test-host.h"

#define PDMA(r)     (0x100000 + (r))
#define RAMIN(a)    (0x700000 + (a))

/* A DMA object at RAMIN instance @inst (16-byte units). */
static void dma_object(TestHost *th, uint32_t inst, uint32_t flags,
                       uint32_t limit, uint32_t pte0, uint32_t pte1)
{
    th_wr(th, RAMIN(inst * 16), flags);
    th_wr(th, RAMIN(inst * 16 + 4), limit);
    th_wr(th, RAMIN(inst * 16 + 8), pte0);
    th_wr(th, RAMIN(inst * 16 + 12), pte1);
}

/*
 * ADJUST 0xff0 puts offset 0 sixteen bytes before the end of the first
 * page: 32 bytes from offset 0 are 0x2ff0-0x2fff through PTE 0 (0x2000)
 * and 0x5000-0x500f through PTE 1 (0x5000).  The channel registers then
 * show the second page: PTE 0x5001, PTE_TAG 1, virtual 0xff0 + 0x10 =
 * 0x1000, physical 0x5000, VALID FLAGS_LIMIT | ADDR | PTE = 0x111.
 */
static void test_pages(void)
{
    TestHost *th = th_new("nv1", 4 << 20);
    uint8_t buf[32];

    for (unsigned i = 0; i < 16; i++) {
        th->sysmem[0x2ff0 + i] = i;
        th->sysmem[0x5000 + i] = 0x10 + i;
    }
    dma_object(th, 0x10, 0x00010ff0, 0x1f, 0x2003, 0x5001);
    g_assert_true(nv1_pdma_graph(&th->card, 0x10, 0, buf, 32, false));
    for (unsigned i = 0; i < 32; i++) {
        g_assert_cmpuint(buf[i], ==, i);
    }
    g_assert_cmphex(th_rd(th, PDMA(0x800)), ==, 0x00010ff0);
    g_assert_cmphex(th_rd(th, PDMA(0x804)), ==, 0x1f);
    g_assert_cmphex(th_rd(th, PDMA(0x808)), ==, 0x5001);
    g_assert_cmphex(th_rd(th, PDMA(0x818)), ==, 0x111);
    g_assert_cmphex(th_rd(th, PDMA(0x820)), ==, 1);
    g_assert_cmphex(th_rd(th, PDMA(0x830)), ==, 0x1000);
    g_assert_cmphex(th_rd(th, PDMA(0x840)), ==, 0x5000);
    g_assert_cmphex(th_rd(th, PDMA(0x880)), ==, 0x10);
    g_assert_cmphex(th_rd(th, PDMA(0x814)), ==, 0);     /* STATUS idle */
    g_assert_cmphex(th_rd(th, PDMA(0x110)), ==, 0);
    th_free(th);
}

/*
 * The faults, each into INTR_GRAPH (bit 0 NULL, 4 NOT_PRESENT, 8 ACCESS)
 * and, with INTR_GRAPH_EN and PMC's hardware enable, PMC line 4 (0x10).
 */
static void test_faults(void)
{
    TestHost *th = th_new("nv1", 4 << 20);
    uint8_t buf[32];

    memset(buf, 0xaa, sizeof(buf));
    th_wr(th, 0x140, 1);
    th_wr(th, PDMA(0x150), 0xffffffff);
    g_assert_cmphex(th_rd(th, PDMA(0x150)), ==, 0x1111);

    /* PTE 1 without WRITE_OK: the first page is written, then ACCESS. */
    dma_object(th, 0x10, 0x00010ff0, 0x1f, 0x2003, 0x5001);
    g_assert_false(nv1_pdma_graph(&th->card, 0x10, 0, buf, 32, true));
    g_assert_cmphex(th_rd(th, PDMA(0x110)), ==, 0x100);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0x10);
    g_assert_true(th->irq);
    g_assert_cmpuint(th->sysmem[0x2fff], ==, 0xaa);
    g_assert_cmpuint(th->sysmem[0x5000], ==, 0);
    th_wr(th, PDMA(0x110), 0x100);          /* write 1 to clear */
    g_assert_cmphex(th_rd(th, PDMA(0x110)), ==, 0);
    g_assert_false(th->irq);

    /* LIMIT 0x1f: offset 0x10 + 0x11 bytes ends at 0x20, one too far. */
    g_assert_false(nv1_pdma_graph(&th->card, 0x10, 0x10, buf, 0x11, false));
    g_assert_cmphex(th_rd(th, PDMA(0x110)), ==, 0x100);
    th_wr(th, PDMA(0x110), 0x100);
    g_assert_true(nv1_pdma_graph(&th->card, 0x10, 0x10, buf, 0x10, false));

    /* PTE 1 not PRESENT. */
    dma_object(th, 0x10, 0x00010ff0, 0x1f, 0x2003, 0x5002);
    g_assert_false(nv1_pdma_graph(&th->card, 0x10, 0, buf, 32, false));
    g_assert_cmphex(th_rd(th, PDMA(0x110)), ==, 0x10);
    th_wr(th, PDMA(0x110), 0x10);

    /* FLAGS.PRESENT clear: a null object. */
    dma_object(th, 0x10, 0x00000000, 0x1f, 0x2003, 0x5003);
    g_assert_false(nv1_pdma_graph(&th->card, 0x10, 0, buf, 4, false));
    g_assert_cmphex(th_rd(th, PDMA(0x110)), ==, 0x1);
    g_assert_true(th->irq);

    /* PMC.ENABLE bit 4 (PDMA and PTIMER) resets it. */
    th_wr(th, 0x200, th_rd(th, 0x200) & ~0x10u);
    th_wr(th, 0x200, th_rd(th, 0x200) | 0x10u);
    g_assert_cmphex(th_rd(th, PDMA(0x110)), ==, 0);
    g_assert_cmphex(th_rd(th, PDMA(0x150)), ==, 0);
    g_assert_false(th->irq);
    th_free(th);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/pdma-nv1/pages", test_pages);
    g_test_add_func("/pdma-nv1/faults", test_faults);
    return g_test_run();
}
