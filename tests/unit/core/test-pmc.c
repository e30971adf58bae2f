/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: PMC (docs/hw/bus/pmc.rst) and the model table.
 */
#include <glib.h>

#include "test-host.h"

/*
 * BOOT_0 by hand.  NV1 (pmc-id-nv1): minor rev 0 (bits 0-3), major rev 1
 * (4-7), implementation 1 (8-11), GPU 1 (16-19) = 0x00010110.  NV10+
 * (pmc-id-nv10): GPU id << 20 | (PCI device id & 0xf) << 16 | stepping.
 */
static const struct {
    const char *model;
    uint16_t device_id;
    uint32_t boot0;
} boot0_table[] = {
    { "nv1",  0x0008, 0x00010110 },
    { "nv20", 0x0200, 0x020000a5 },     /* 0x20 << 20, 0x0200 & 0xf = 0 */
    { "nv25", 0x0250, 0x025000a3 },     /* 0x25 << 20, 0x0250 & 0xf = 0 */
    { "nv30", 0x0301, 0x030100a2 },     /* 0x30 << 20 | 1 << 16 */
    { "nv34", 0x0322, 0x034200a1 },     /* 0x34 << 20 | 2 << 16 */
    { "nv40", 0x0040, 0x040000a1 },
    { "nv43", 0x0140, 0x043000a2 },
    { "nv44", 0x0161, 0x044100a1 },     /* 0x44 << 20 | 1 << 16 */
};

static void test_boot0(void)
{
    g_assert_cmpuint(nv_model_count, ==, G_N_ELEMENTS(boot0_table));
    for (size_t i = 0; i < G_N_ELEMENTS(boot0_table); i++) {
        TestHost *th = th_new(boot0_table[i].model, 0);

        g_assert_cmphex(th_rd(th, 0x000000), ==, boot0_table[i].boot0);
        g_assert_cmphex(th->card.model->device_id, ==, boot0_table[i].device_id);
        g_assert_cmphex(th->card.model->vendor_id, ==, 0x10de);
        /* Writes to the identification register change nothing. */
        th_wr(th, 0x000000, 0);
        g_assert_cmphex(th_rd(th, 0x000000), ==, boot0_table[i].boot0);
        th_free(th);
    }
}

static void test_boot0_bytes(void)
{
    TestHost *th = th_new("nv40", 0);

    /* 0x040000a1 little-endian: a1 00 00 04. */
    g_assert_cmphex(nv_mmio_read(&th->card, NV_BAR_MMIO, 0, 1), ==, 0xa1);
    g_assert_cmphex(nv_mmio_read(&th->card, NV_BAR_MMIO, 3, 1), ==, 0x04);
    g_assert_cmphex(nv_mmio_read(&th->card, NV_BAR_MMIO, 2, 2), ==, 0x0400);
    th_free(th);
}

/*
 * ENDIAN (pmc.rst "Endian switch"): reads 0 little-endian, 0x01000001 big;
 * a write with bit 24 set flips.  Big-endian BAR0 swaps each dword, so
 * BOOT_0 0x040000a1 then reads 0xa1000004.
 */
static void test_endian(void)
{
    TestHost *th = th_new("nv40", 0);

    g_assert_cmphex(th_rd(th, 0x4), ==, 0);
    th_wr(th, 0x4, 0x00000001);         /* bit 24 clear: nothing */
    g_assert_cmphex(th_rd(th, 0x4), ==, 0);
    th_wr(th, 0x4, 0x01000001);
    g_assert_cmphex(th_rd(th, 0x4), ==, 0x01000001);
    g_assert_cmphex(th_rd(th, 0x0), ==, 0xa1000004);
    /* Byte 0 of the big-endian view is the dword's top byte, 0x04. */
    g_assert_cmphex(nv_mmio_read(&th->card, NV_BAR_MMIO, 0, 1), ==, 0x04);
    /* Writing 1 in big-endian arrives with bit 24 set: back to little. */
    th_wr(th, 0x4, 0x00000001);
    g_assert_cmphex(th_rd(th, 0x4), ==, 0);
    g_assert_cmphex(th_rd(th, 0x0), ==, 0x040000a1);
    th_free(th);

    /* NV1 predates the switch: 0x4 is not a register there. */
    th = th_new("nv1", 0);
    th_wr(th, 0x4, 0x01000001);
    g_assert_cmphex(th_rd(th, 0x4), ==, 0);
    g_assert_cmphex(th_rd(th, 0x0), ==, 0x00010110);
    th_free(th);
}

/*
 * INTR (pmc.rst "Interrupts"): bit 31 is the software interrupt, the only
 * writable bit; INTR_ENABLE bit 0 gates hardware lines, bit 1 software.
 * INTR_LINE reads 0 while the output is active (NV1:GF100).
 */
static void test_intr_software(void)
{
    TestHost *th = th_new("nv20", 0);

    g_assert_cmphex(th_rd(th, 0x100), ==, 0);
    g_assert_cmphex(th_rd(th, 0x160), ==, 1);
    th_wr(th, 0x100, 0xffffffff);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0x80000000);
    g_assert_false(th->irq);                /* INTR_ENABLE = 0 */
    th_wr(th, 0x140, 1);                    /* hardware only */
    g_assert_false(th->irq);
    th_wr(th, 0x140, 2);                    /* software only */
    g_assert_true(th->irq);
    g_assert_cmphex(th_rd(th, 0x160), ==, 0);
    g_assert_cmphex(th_rd(th, 0x140), ==, 2);
    th_wr(th, 0x100, 0);
    g_assert_false(th->irq);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0);
    g_assert_cmpuint(th->irq_edges, ==, 2);
    th_free(th);
}

/*
 * A hardware line: PTIMER's alarm is PMC line 20 (ptimer.rst), so INTR
 * reads 1 << 20 = 0x00100000 while PTIMER INTR & INTR_ENABLE is non-zero.
 */
static void test_intr_aggregation(void)
{
    TestHost *th = th_new("nv40", 0);

    th->card.ptimer.intr = 1;           /* as if the alarm had fired */
    nv_card_update_irq(&th->card);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0);   /* PTIMER INTR_EN = 0 */
    th_wr(th, 0x9140, 1);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0x00100000);
    g_assert_false(th->irq);                    /* PMC INTR_EN = 0 */
    th_wr(th, 0x140, 1);
    g_assert_true(th->irq);
    th_wr(th, 0x100, 0x80000000);               /* plus software */
    g_assert_cmphex(th_rd(th, 0x100), ==, 0x80100000);
    th_wr(th, 0x9100, 1);                       /* acknowledge PTIMER */
    g_assert_cmphex(th_rd(th, 0x100), ==, 0x80000000);
    g_assert_false(th->irq);                    /* software not enabled */
    th_free(th);
}

/*
 * ENABLE (pmc.rst "Engine enables"): clearing an engine's bit resets it and
 * hides its registers (they read 0); setting it again brings it back in its
 * reset state.  PTIMER is bit 16 on NV3+, bit 4 on NV1.
 */
static void test_enable_reset(void)
{
    TestHost *th = th_new("nv30", 0);
    unsigned errs;

    g_assert_cmphex(th_rd(th, 0x200), ==, 0x17111113);
    th_wr(th, 0x9140, 1);
    th_wr(th, 0x9200, 5);
    th_advance(th, 1000000);
    g_assert_cmphex(th_rd(th, 0x9400), !=, 0);

    th_wr(th, 0x200, 0x17111113 & ~(1u << 16));
    errs = th->n_guest_error;
    g_assert_cmphex(th_rd(th, 0x9200), ==, 0);
    g_assert_cmpuint(th->n_guest_error, ==, errs + 1);
    th_wr(th, 0x9200, 7);               /* ignored while disabled */
    g_assert_cmpint(th->deadline[NV_TIMER_PTIMER], ==, -1);

    th_wr(th, 0x200, 0x17111113);
    g_assert_cmphex(th_rd(th, 0x9140), ==, 0);  /* reset value */
    g_assert_cmphex(th_rd(th, 0x9200), ==, 8);  /* reset CLOCK_DIV */
    g_assert_cmphex(th_rd(th, 0x9400), ==, 0);  /* counter restarted */
    /* 1 ms at 31.25 MHz = 31250 ticks = 1000000 TIME units. */
    th_advance(th, 1000000);
    g_assert_cmphex(th_rd(th, 0x9400), ==, 1000000);
    th_free(th);

    th = th_new("nv1", 0);
    g_assert_cmphex(th_rd(th, 0x200), ==, 0x01011111);
    th_wr(th, 0x101140, 1);
    th_wr(th, 0x200, 0x01011101);       /* bit 4: PDMA and PTIMER */
    th_wr(th, 0x200, 0x01011111);
    g_assert_cmphex(th_rd(th, 0x101140), ==, 0);
    th_free(th);
}

static void test_models(void)
{
    char *names = nv_model_names();
    char *err = NULL;

    g_assert_cmpstr(names, ==, "nv1, nv20, nv25, nv30, nv34, nv40, nv43, nv44");
    g_free(names);
    g_assert_null(nv_model_find("nv99"));
    g_assert_null(nv_model_find(NULL));
    g_assert_true(nv_model_vram_valid(nv_model_find("nv40"), 256 << 20, &err));
    g_assert_false(nv_model_vram_valid(nv_model_find("nv40"), 100 << 20, &err));
    g_assert_cmpstr(err, ==, "vram-size 104857600 is not valid for model nv40; "
                    "valid sizes: 128M, 256M, 512M");
    g_free(err);
    /* A power of two outside the range is still refused. */
    g_assert_false(nv_model_vram_valid(nv_model_find("nv1"), 8 << 20, &err));
    g_assert_cmpstr(err, ==, "vram-size 8388608 is not valid for model nv1; "
                    "valid sizes: 1M, 2M, 4M");
    g_free(err);
    for (size_t i = 0; i < nv_model_count; i++) {
        const NVModel *m = &nv_models[i];
        g_assert_true(nv_model_vram_valid(m, m->vram_default, &err));
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/pmc/boot0", test_boot0);
    g_test_add_func("/pmc/boot0-bytes", test_boot0_bytes);
    g_test_add_func("/pmc/endian", test_endian);
    g_test_add_func("/pmc/intr-software", test_intr_software);
    g_test_add_func("/pmc/intr-aggregation", test_intr_aggregation);
    g_test_add_func("/pmc/enable-reset", test_enable_reset);
    g_test_add_func("/model/table", test_models);
    return g_test_run();
}
