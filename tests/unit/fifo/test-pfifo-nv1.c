/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: NV1 PFIFO, the USER area pusher (docs/pfifo.rst
 * "Hardware facts beyond envytools") and the puller into PGRAPH (envytools
 * docs/hw/fifo/puller.rst).
 */
#include <glib.h>

#include "test-host.h"

#define FIFO(r)         (0x002000 + (r))
#define C1(r)           FIFO(0x1200 + (r))
#define USER(c, s, m)   (0x800000 + ((c) << 16) + ((s) << 13) + (m))
#define RAMRO(o)        (0x650000 + (o))

static TestHost *setup(void)
{
    TestHost *th = th_new("nv1", 4 << 20);

    th_wr(th, C1(0x000), 1);            /* CACHE1 PUSH_ACCESS */
    return th;
}

/*
 * CACHE1 PUT/GET are Gray-coded (n ^ n >> 1) << 2: entries 1, 2, 3 give
 * PUT 4, 0xc, 8.  FREE = (lin(GET) - lin(PUT) - 1) * 4 & 0x7c: with 3
 * entries (0 - 3 - 1) * 4 = -16 & 0x7c = 0x70 (28 entries).
 */
static void test_push(void)
{
    TestHost *th = setup();

    g_assert_cmphex(th_rd(th, C1(0x020)), ==, 0x10);        /* empty */
    th_wr(th, USER(0, 2, 0x304), 0xaaaa);
    g_assert_cmphex(th_rd(th, C1(0x030)), ==, 4);
    g_assert_cmphex(th_rd(th, C1(0x100)), ==, 2 << 13 | 0x304);
    g_assert_cmphex(th_rd(th, C1(0x104)), ==, 0xaaaa);
    th_wr(th, USER(0, 2, 0x308), 0xbbbb);
    g_assert_cmphex(th_rd(th, C1(0x030)), ==, 0xc);
    th_wr(th, USER(0, 2, 0x30c), 0xcccc);
    g_assert_cmphex(th_rd(th, C1(0x030)), ==, 8);
    /* Entry 2 is at Gray slot 3: ADDR[3] = 0x3300 - 0x3200 + 3 * 8. */
    g_assert_cmphex(th_rd(th, C1(0x118)), ==, 2 << 13 | 0x30c);
    g_assert_cmphex(th_rd(th, C1(0x020)), ==, 0);
    g_assert_cmphex(nv_mmio_read(&th->card, NV_BAR_MMIO, USER(0, 0, 0x10), 4),
                    ==, 0x70);
    th_free(th);
}

/*
 * RAMRO (at RAMIN 0x1000 for PRAM.CONFIG 0): the offset with the reason
 * in bits 28-31, then the data; INTR.RUNOUT (bit 4), PMC line 8.
 */
static void test_runout(void)
{
    TestHost *th = setup();

    th_wr(th, 0x140, 1);
    th_wr(th, FIFO(0x140), 0x111);
    /* 0x004-0x0fc: reason 5. */
    th_wr(th, USER(0, 1, 0x040), 0x1234);
    g_assert_cmphex(th_rd(th, RAMRO(0)), ==, 5u << 28 | 1 << 13 | 0x040);
    g_assert_cmphex(th_rd(th, RAMRO(4)), ==, 0x1234);
    g_assert_cmphex(th_rd(th, FIFO(0x100)), ==, 0x10);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0x100);
    g_assert_true(th->irq);
    g_assert_cmphex(th_rd(th, FIFO(0x410)), ==, 8);
    g_assert_cmphex(th_rd(th, FIFO(0x400)), ==, 1);     /* not empty */
    /* Errors on the current channel set the run-out flag: later good
     * writes go to RAMRO with reason 2. */
    g_assert_cmphex(th_rd(th, C1(0x020)) & 1, ==, 1);
    th_wr(th, USER(0, 0, 0x300), 7);
    g_assert_cmphex(th_rd(th, RAMRO(8)), ==, 2u << 28 | 0x300);
    /* A byte write: reason 0, data in its lane (offset 0x301: << 8). */
    th_wr(th, C1(0x010), 0);            /* CHID write clears the flag */
    nv_mmio_write(&th->card, NV_BAR_MMIO, USER(0, 0, 0x301), 0xab, 1);
    g_assert_cmphex(th_rd(th, RAMRO(0x10)), ==, 0x301);
    g_assert_cmphex(th_rd(th, RAMRO(0x14)), ==, 0xab00);
    /* Password area: no interrupt, no data. */
    th_wr(th, FIFO(0x100), 0xffffffff);
    th_wr(th, C1(0x010), 0);
    nv_mmio_write(&th->card, NV_BAR_MMIO, USER(0, 0, 0x20), 1, 2);
    g_assert_cmphex(th_rd(th, RAMRO(0x18)), ==, 0x20);
    g_assert_cmphex(th_rd(th, FIFO(0x100)), ==, 0);
    th_free(th);
}

static void test_full_and_switch(void)
{
    TestHost *th = setup();

    /* 31 entries fill CACHE1 (full when the next PUT would equal GET). */
    for (unsigned i = 0; i < 31; i++) {
        th_wr(th, USER(0, 0, 0x300), i);
    }
    g_assert_cmphex(th_rd(th, C1(0x020)), ==, 0x100);
    th_wr(th, USER(0, 0, 0x300), 99);
    g_assert_cmphex(th_rd(th, RAMRO(0)), ==, 3u << 28 | 0x300);
    th_free(th);

    /* Another channel with switching on and CACHE1 empty: CTX[0] is saved
     * to RAMFC (RAMIN 0x1800 + chid * 0x20) with PULL_STATE bits 0-2 in
     * 28-30, the new one loaded. */
    th = setup();
    th_wr(th, FIFO(0x500), 1);
    th_wr(th, C1(0x080), 0x01412345);
    th_wr(th, C1(0x050), 3);
    th_wr(th, 0x648000 + 5 * 0x20, 0x20456789);
    th_wr(th, USER(5, 0, 0x300), 1);
    g_assert_cmphex(th_rd(th, C1(0x010)), ==, 5);
    g_assert_cmphex(th_rd(th, 0x648000), ==, 0x31412345);
    g_assert_cmphex(th_rd(th, C1(0x080)), ==, 0x00456789);
    g_assert_cmphex(th_rd(th, C1(0x050)), ==, 2);
    /* Not empty now: channel 6 is refused (reason 1). */
    th_wr(th, USER(6, 0, 0x300), 1);
    g_assert_cmphex(th_rd(th, RAMRO(0)), ==, 1u << 28 | 6 << 16 | 0x300);
    th_free(th);
}

/*
 * The puller: handle 0x11 bound in RAMHT (slot = hash 0x11 for channel 0,
 * our layout: handle, then chid << 25 | context) to a RECT object (device
 * 0x4c, the RECT method area; options SRCCOPY | A8R8G8B8 0x217).
 * Methods pushed on its subchannel draw.
 */
static void test_pull_to_pgraph(void)
{
    TestHost *th = setup();
    uint32_t slot = nv1_ramht_hash(&th->card, 0x11, 0);

    g_assert_cmphex(slot, ==, 0x11);
    th_wr(th, 0x640000 + slot * 8, 0x11);
    th_wr(th, 0x640000 + slot * 8 + 4, 0x4c << 16 | 0x217);
    th_wr(th, 0x600200, 0x310);                 /* 640 wide, 32 bpp */
    th_wr(th, 0x4006a4, 0x05000101);            /* FIFO and HOST */
    th_wr(th, 0x40068c, 480 << 16 | 640);
    th_wr(th, 0x400190, 1 << 16);
    th_wr(th, C1(0x040), 1);                    /* PULL_CTRL */
    th_wr(th, USER(0, 3, 0x000), 0x11);
    g_assert_cmphex(th_rd(th, 0x400180), ==, 0x217);
    g_assert_cmphex(th_rd(th, 0x4006a4) & 0x1f000, ==, 0xc000);
    th_wr(th, USER(0, 3, 0x304), 0x00102030);
    th_wr(th, USER(0, 3, 0x400), 1 << 16 | 2);
    th_wr(th, USER(0, 3, 0x404), 1 << 16 | 1);
    g_assert_cmphex(nv_ld_le(th->vram + (640 + 2) * 4, 4), ==, 0x040200c0);
    g_assert_cmphex(th_rd(th, C1(0x020)), ==, 0x10);    /* all pulled */
    g_assert_cmphex(th_rd(th, C1(0x050)) & 7, ==, 3);

    /* An unknown handle: CACHE_ERROR, the puller stops, the entry stays. */
    th_wr(th, USER(0, 1, 0x000), 0x99);
    g_assert_cmphex(th_rd(th, FIFO(0x100)), ==, 1);
    g_assert_cmphex(th_rd(th, FIFO(0x080)), ==, NV1_CACHE_ERROR_NO_HASH);
    g_assert_cmphex(th_rd(th, C1(0x040)), ==, 0);
    g_assert_cmphex(th_rd(th, C1(0x020)), ==, 0);
    th_free(th);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/pfifo-nv1/push", test_push);
    g_test_add_func("/pfifo-nv1/runout", test_runout);
    g_test_add_func("/pfifo-nv1/full-and-switch", test_full_and_switch);
    g_test_add_func("/pfifo-nv1/pull-to-pgraph", test_pull_to_pgraph);
    return g_test_run();
}
