/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: M2MF (class 0x39) as nouveau's TTM moves use it
 * (nouveau_bo0039.c), once through a real pushbuffer: pitched copies,
 * the buffer notifier, slicing, DMA faults (docs/pgraph.rst "M2MF").
 */
#include "hw/nv/core/ptimer.h"
#include "hw/nv/fifo/ramht.h"
#include "test-2d.h"

/* The notifier's words at @off of the notify object. */
static uint32_t notifier(TestHost *th, uint32_t off)
{
    return vram32(th, NOTIFY_VRAM + off);
}

/* M2MF on SC_M2MF with notify object, buffers, FORMAT 1/1. */
static TestHost *m2mf_new(const char *model, uint32_t dma_in,
                          uint32_t dma_out)
{
    TestHost *th = g2d_new(model);

    memset(th->vram + NOTIFY_VRAM, 0xff, 0x20);
    bind(th, SC_M2MF, O_M2MF, 0x39);
    mthd(th, SC_M2MF, 0x180, DMA_NOTIFY >> 4);
    mthd(th, SC_M2MF, 0x184, dma_in >> 4);
    mthd(th, SC_M2MF, 0x188, dma_out >> 4);
    mthd(th, SC_M2MF, 0x324, 0x101);
    return th;
}

static void copy(TestHost *th, uint32_t in, uint32_t out, uint32_t pitch_in,
                 uint32_t pitch_out, uint32_t len, uint32_t count,
                 uint32_t notify)
{
    mthd(th, SC_M2MF, 0x30c, in);
    mthd(th, SC_M2MF, 0x310, out);
    mthd(th, SC_M2MF, 0x314, pitch_in);
    mthd(th, SC_M2MF, 0x318, pitch_out);
    mthd(th, SC_M2MF, 0x31c, len);
    mthd(th, SC_M2MF, 0x320, count);
    mthd(th, SC_M2MF, 0x328, notify);
}

/*
 * 3 lines of 5 bytes, pitch 8 to pitch 16: byte c of line r comes from
 * 0x1000 + 8r + c (= 8r + c there) and lands at 0x2000 + 16r + c; bytes
 * 5-15 of each line stay 0xee.  The buffer notifier is the object's
 * bytes 0x10-0x1f: PTIMER time, then 0, 0; 0-0xf stay as they were.
 */
static void test_copy(void)
{
    TestHost *th = m2mf_new("nv34", DMA_VRAM, DMA_VRAM);
    uint64_t t = nv_ptimer_time(&th->card);

    for (int i = 0; i < 32; i++) {
        th->vram[0x1000 + i] = i;
    }
    memset(th->vram + 0x2000, 0xee, 0x40);
    copy(th, 0x1000, 0x2000, 8, 16, 5, 3, 0);
    g_assert_false(nv20_pgraph_busy(&th->card));
    g_assert_cmphex(vram32(th, 0x2000), ==, 0x03020100);
    g_assert_cmphex(vram32(th, 0x2004), ==, 0xeeeeee04);
    g_assert_cmphex(vram32(th, 0x2010), ==, 0x0b0a0908);
    g_assert_cmphex(vram32(th, 0x2014), ==, 0xeeeeee0c);
    g_assert_cmphex(vram32(th, 0x2020), ==, 0x13121110);
    g_assert_cmphex(vram32(th, 0x2024), ==, 0xeeeeee14);
    g_assert_cmphex(vram32(th, 0x2030), ==, 0xeeeeeeee);
    g_assert_cmphex(notifier(th, 0x0), ==, 0xffffffff);
    g_assert_cmphex(notifier(th, 0xc), ==, 0xffffffff);
    g_assert_cmphex(notifier(th, 0x10), ==, (uint32_t)t);
    g_assert_cmphex(notifier(th, 0x14), ==, (uint32_t)(t >> 32));
    g_assert_cmphex(notifier(th, 0x18), ==, 0);
    g_assert_cmphex(notifier(th, 0x1c), ==, 0);
    g_assert_cmphex(th_rd(th, 0x400100), ==, 0);
    /* WRITE_THEN_AWAKEN: INTR bit 16, BUFFER_NOTIFY */
    copy(th, 0x1000, 0x2000, 8, 16, 5, 1, 1);
    g_assert_cmphex(th_rd(th, 0x400100), ==, NV20_INTR_BUFFER_NOTIFY);
    th_free(th);
}

/*
 * 64 lines of 4 KiB are 256 units of 1 KiB: the method does 16 (4
 * lines), the rest runs in slices, and the notifier waits for the end.
 */
static void test_sliced(void)
{
    TestHost *th = m2mf_new("nv40", DMA_VRAM, DMA_VRAM);

    memset(th->vram + 0x400000, 0x5a, 0x40000);
    copy(th, 0x400000, 0x500000, 0x1000, 0x1000, 0x1000, 64, 0);
    g_assert_true(nv20_pgraph_busy(&th->card));
    g_assert_cmphex(vram32(th, 0x503ffc), ==, 0x5a5a5a5a);
    g_assert_cmphex(vram32(th, 0x504000), ==, 0);
    g_assert_cmphex(notifier(th, 0x18), ==, 0xffffffff);
    g_assert_cmpuint(drain(th), ==, 240);
    g_assert_cmphex(vram32(th, 0x53fffc), ==, 0x5a5a5a5a);
    g_assert_cmphex(vram32(th, 0x540000), ==, 0);
    g_assert_cmphex(notifier(th, 0x18), ==, 0);
    th_free(th);
}

/*
 * Faults: writing line 1 (at 0x100) of a 256-byte object stops the copy
 * with DMA_W_PROTECTION (NSOURCE bit 8) after line 0; reading past one,
 * DMA_R_PROTECTION (bit 7).  No notifier either way.
 */
static void test_faults(void)
{
    TestHost *th = m2mf_new("nv25", DMA_VRAM, DMA_SMALL);

    memset(th->vram + 0x1000, 0x77, 0x200);
    copy(th, 0x1000, 0, 0x100, 0x100, 0x80, 2, 0);
    g_assert_cmphex(nsource(th), ==, NV20_NSOURCE_DMA_W_PROTECTION);
    g_assert_cmphex(vram32(th, SMALL_VRAM + 0x7c), ==, 0x77777777);
    g_assert_cmphex(vram32(th, SMALL_VRAM + 0x80), ==, 0);
    g_assert_cmphex(notifier(th, 0x18), ==, 0xffffffff);
    g_assert_false(nv20_pgraph_busy(&th->card) &&
                   th->card.pgraph20.g2d.job.kind);
    th_free(th);

    th = m2mf_new("nv44", DMA_SMALL, DMA_VRAM);
    copy(th, 0xf0, 0x1000, 0x20, 0x20, 0x20, 1, 0);
    g_assert_cmphex(nsource(th), ==, NV20_NSOURCE_DMA_R_PROTECTION);
    g_assert_cmphex(notifier(th, 0x18), ==, 0xffffffff);
    th_free(th);

    /* FORMAT takes 1, 2 or 4 per side; BUF_NOTIFY 0 or 1 */
    th = m2mf_new("nv20", DMA_VRAM, DMA_VRAM);
    mthd(th, SC_M2MF, 0x324, 0x103);
    g_assert_cmphex(nsource(th), ==, NV20_NSOURCE_DATA_ERROR);
    th_free(th);
    th = m2mf_new("nv20", DMA_VRAM, DMA_VRAM);
    mthd(th, SC_M2MF, 0x328, 2);
    g_assert_cmphex(nsource(th), ==, NV20_NSOURCE_DATA_ERROR);
    th_free(th);
}

/* ---- through PFIFO, as test-pfifo-nv4.c sets it up ---- */

#define RAMHT       0x10000
#define RAMFC       0x11000
#define PB_OBJ      0x12000
#define PB_VRAM     0x100000
#define H_M2MF      0xbeef0039
#define H_VRAM      0xbeef0001
#define H_NOTIFY    0xbeef0002

static void ramht_insert(TestHost *th, uint32_t handle, uint32_t inst)
{
    uint32_t slot = nv4_ramht_hash(&th->card, handle, 0);

    while (nv_ramin_read(&th->card, RAMHT + slot * 8 + 4, 4)) {
        slot = (slot + 1) % 512;
    }
    ramin_wr(th, RAMHT + slot * 8, handle);
    ramin_wr(th, RAMHT + slot * 8 + 4,
             1u << 31 | NV4_ENGINE_PGRAPH << 16 | inst >> 4);
}

/*
 * nouveau_bo0039.c on nv20 (nv17-style PFIFO): bind, notifier, the two
 * buffers, then 64 pages (256 KiB: 16 units in the method, the other 240
 * run by PFIFO while the NOP waits) from 0x110000 to 0x210000, and a
 * NOP; method headers are count << 18 | subchannel << 13 | method
 * (dma-pusher.rst).
 */
static void test_pushbuffer(void)
{
    TestHost *th = g2d_new("nv20");
    static const uint32_t words[] = {
        1 << 18 | SC_M2MF << 13 | 0x000, H_M2MF,
        1 << 18 | SC_M2MF << 13 | 0x180, H_NOTIFY,
        2 << 18 | SC_M2MF << 13 | 0x184, H_VRAM, H_VRAM,
        8 << 18 | SC_M2MF << 13 | 0x30c,
        0x100000 + 0x10000, 0x200000 + 0x10000, 0x1000, 0x1000, 0x1000, 64,
        0x101, 0,
        1 << 18 | SC_M2MF << 13 | 0x100, 0,
    };

    th_wr(th, 0x002210, 0x03000000 | RAMHT >> 8);
    th_wr(th, 0x002214, 0x00010000 | RAMFC >> 8);
    th_wr(th, 0x003204, NV4_CHID_MASK);
    th_wr(th, 0x002500, 1);
    th_wr(th, 0x003200, 1);
    th_wr(th, 0x003250, 1);
    dma_vram(th, PB_OBJ, PB_VRAM, 0xffff);
    ramin_wr(th, RAMFC + 0x0c, PB_OBJ >> 4);
    th_wr(th, 0x002504, 1);
    grobj(th, OBJ(O_M2MF), 0x39);
    ramht_insert(th, H_M2MF, OBJ(O_M2MF));
    ramht_insert(th, H_VRAM, DMA_VRAM);
    ramht_insert(th, H_NOTIFY, DMA_NOTIFY);
    for (size_t i = 0; i < G_N_ELEMENTS(words); i++) {
        nv_st_le(th->vram + PB_VRAM + 4 * i, words[i], 4);
    }
    memset(th->vram + NOTIFY_VRAM, 0xff, 0x20);
    for (int i = 0; i < 0x40000; i++) {
        th->vram[0x110000 + i] = i * 7;
    }
    th_wr(th, 0x800000 + 0x40, 4 * G_N_ELEMENTS(words));
    g_assert_cmphex(th_rd(th, 0x800000 + 0x44), ==,
                    4 * G_N_ELEMENTS(words));
    g_assert_false(nv20_pgraph_busy(&th->card));
    g_assert_cmpmem(th->vram + 0x210000, 0x40000, th->vram + 0x110000,
                    0x40000);
    g_assert_cmphex(th->vram[0x24ffff], ==, (uint8_t)(0x3ffff * 7));
    g_assert_cmphex(th->vram[0x250000], ==, 0);
    g_assert_cmphex(notifier(th, 0x18), ==, 0);
    g_assert_cmphex(th_rd(th, 0x400100), ==, 0);
    g_assert_cmphex(th_rd(th, 0x002100), ==, 0);
    th_free(th);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/2d/m2mf/copy", test_copy);
    g_test_add_func("/2d/m2mf/sliced", test_sliced);
    g_test_add_func("/2d/m2mf/faults", test_faults);
    g_test_add_func("/2d/m2mf/pushbuffer", test_pushbuffer);
    return g_test_run();
}
