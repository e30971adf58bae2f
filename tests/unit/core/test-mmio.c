/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: the MMIO map, unknown registers, PBUS, PFB and the
 * memory windows (PRAMIN, PROM, the NV1 framebuffer window).
 */
#include <glib.h>
#include <string.h>

#include "test-host.h"

/*
 * The map each model's engine rows build (mmio.rst: the NV1 map, and the
 * NV3:G80 map with PVIDEO, NV40's additions and PVP1 on nv43/nv44), in
 * base order, no two blocks overlapping; one owner per
 * host timer and per PFIFO engine number (NV2x+: PGRAPH is engine 1, PVP1 engine 4).
 */
static void check_map(const char *model, const char *const *names,
                      const char *const *timers, const char *const *sinks)
{
    TestHost *th = th_new(model, 0);
    unsigned n;
    const NVBlock *b = nv_card_blocks(&th->card, &n);

    g_assert_cmpuint(n, ==, g_strv_length((char **)names));
    for (unsigned i = 0; i < n; i++) {
        g_assert_cmpstr(b[i].name, ==, names[i]);
        g_assert_true(b[i].engine);
        g_assert_cmpuint(b[i].base + b[i].size, <=, th->card.model->bar0_size);
        if (i) {
            g_assert_cmphex(b[i - 1].base + b[i - 1].size, <=, b[i].base);
        }
    }
    for (unsigned t = 0; t < NV_TIMER_COUNT; t++) {
        const NVEngine *e = th->card.timer_owner[t];
        g_assert_cmpstr(e ? e->name : "-", ==, timers[t]);
    }
    for (unsigned i = 0; i < NV_FIFO_ENGINES; i++) {
        const NVEngine *e = th->card.fifo_sink[i];
        const char *want = i < g_strv_length((char **)sinks) ? sinks[i] : "-";

        g_assert_cmpstr(e ? e->name : "-", ==, want);
    }
    th_free(th);
}

static void test_engine_table(void)
{
    static const char *const nv1[] = {
        "pmc", "pbus", "pfifo", "pdma", "ptimer", "pgraph", "pgraph.mthd",
        "pfb", "pram", "pdac", "prom", "pramht", "pramfc", "pramro",
        "pramin", "user", "fb", NULL,
    };
    static const char *const nv20[] = {
        "pmc", "pbus", "pfifo", "pvideo", "ptimer", "prmvio", "pfb", "pstraps",
        "prom", "pgraph", "pcrtc", "pramdac", "pramin", "user", NULL,
    };
    static const char *const nv43[] = {
        "pmc", "pbus", "pfifo", "pclock", "pvideo", "ptimer", "pcontrol", "pvp1",
        "ppci", "pfifo.cache1", "prmvio", "pfb", "pstraps", "prom",
        "pgraph", "pcrtc", "pramdac", "pramin", "user", "user.nv40", NULL,
    };
    /* NV_TIMER_PTIMER, _VBLANK, _VP1, _PFIFO */
    static const char *const nv1_timers[] = { "ptimer", "pfb", "-", "-" };
    static const char *const nv20_timers[] = { "ptimer", "pcrtc", "-",
                                               "pfifo" };
    static const char *const nv43_timers[] = { "ptimer", "pcrtc", "pvp1",
                                               "pfifo" };

    /* by RAMHT engine number: software, PGRAPH, PMPEG, PME, PVP1 */
    static const char *const nv1_sinks[] = { NULL };
    static const char *const nv20_sinks[] = { "-", "pgraph", NULL };
    static const char *const nv43_sinks[] = { "-", "pgraph", "-", "-",
                                              "pvp1", NULL };

    check_map("nv1", nv1, nv1_timers, nv1_sinks);
    check_map("nv20", nv20, nv20_timers, nv20_sinks);
    check_map("nv43", nv43, nv43_timers, nv43_sinks);
}

static void test_unknown_register(void)
{
    TestHost *th = th_new("nv20", 0);

    /* Inside PBUS, not a register we model: reads 0, logged once. */
    g_assert_cmphex(th_rd(th, 0x1234), ==, 0);
    g_assert_cmpuint(th->n_unimp, ==, 1);
    g_assert_cmpstr(th->last_log, ==,
                    "nv: pbus: unimplemented register 0x001234 read");
    th_wr(th, 0x1234, 0xdeadbeef);
    g_assert_cmphex(th_rd(th, 0x1234), ==, 0);
    g_assert_cmpuint(th->n_unimp, ==, 1);
    /* Outside every block we model. */
    th_wr(th, 0x200100, 0x12345678);
    g_assert_cmpuint(th->n_unimp, ==, 2);
    g_assert_cmpstr(th->last_log, ==, "nv: unassigned: unimplemented "
                    "register 0x200100 written with 0x12345678");
    g_assert_cmphex(th_rd(th, 0x200100), ==, 0);
    g_assert_cmpuint(th->n_unimp, ==, 2);
    /* Past the end of BAR0: nothing, and no crash. */
    g_assert_cmphex(nv_mmio_read(&th->card, NV_BAR_MMIO, 0x1000000, 4), ==, 0);
    nv_mmio_write(&th->card, NV_BAR_MMIO, 0xfffffffc, 1, 4);
    /* A sub-dword write to a register is refused, not merged. */
    nv_mmio_write(&th->card, NV_BAR_MMIO, 0x140, 3, 1);
    g_assert_cmphex(th_rd(th, 0x140), ==, 0);
    g_assert_cmpuint(th->n_guest_error, ==, 1);
    th_free(th);
}

/*
 * PCI config mirror: 0x1800 (NV1:G80) and 0x88000 (NV40+).  Writes are
 * configuration writes: the ids stay, the ROM shadow bit (0x50 bit 0,
 * nvkm_pci_rom_shadow()) sticks, through either mirror.
 */
static void test_pci_mirror(void)
{
    TestHost *th = th_new("nv43", 0);

    g_assert_cmphex(th_rd(th, 0x1800), ==, 0x014010de);
    g_assert_cmphex(th_rd(th, 0x88000), ==, 0x014010de);
    g_assert_cmphex(nv_mmio_read(&th->card, NV_BAR_MMIO, 0x88002, 2), ==, 0x0140);
    th_wr(th, 0x1800, 0);
    g_assert_cmphex(th_rd(th, 0x1800), ==, 0x014010de);
    th_wr(th, 0x88050, 0xffffffff);
    g_assert_cmphex(th_rd(th, 0x1850), ==, 0x00000001);
    th_wr(th, 0x1850, 0);
    g_assert_cmphex(th_rd(th, 0x88050), ==, 0);
    g_assert_cmpuint(th->n_unimp, ==, 0);
    th_free(th);

    /* Before NV40 there is no PPCI block. */
    th = th_new("nv30", 0);
    g_assert_cmphex(th_rd(th, 0x1800), ==, 0x030110de);
    g_assert_cmphex(th_rd(th, 0x88000), ==, 0);
    g_assert_cmpuint(th->n_unimp, ==, 1);
    th_free(th);
}

static void test_pbus_intr(void)
{
    TestHost *th = th_new("nv25", 0);

    /* PBUS is PMC line 28: 0x10000000. */
    th->card.pbus.intr = 0x5;
    th_wr(th, 0x1140, 0x4);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0x10000000);
    th_wr(th, 0x1100, 0x4);             /* write 1 to clear */
    g_assert_cmphex(th_rd(th, 0x1100), ==, 0x1);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0);
    th_free(th);
}

/* NV10+ MEM_AMOUNT (0x10020c) is the VRAM size in bytes. */
static void test_pfb(void)
{
    TestHost *th = th_new("nv40", 0);

    g_assert_cmphex(th_rd(th, 0x10020c), ==, 0x10000000);    /* 256 MiB */
    th_wr(th, 0x10020c, 0);
    g_assert_cmphex(th_rd(th, 0x10020c), ==, 0x10000000);
    th_wr(th, 0x100200, 0x1234);
    g_assert_cmphex(th_rd(th, 0x100200), ==, 0x1234);
    th_free(th);

    /* NV1 BOOT_0.RAM_AMOUNT: 1 MiB << n. */
    th = th_new("nv1", 1 << 20);
    g_assert_cmphex(th_rd(th, 0x600000), ==, 0);
    th_free(th);
    th = th_new("nv1", 4 << 20);
    g_assert_cmphex(th_rd(th, 0x600000), ==, 2);
    /* CONFIG_0 keeps its defined fields only (rnndb nv1_pfb.xml). */
    th_wr(th, 0x600200, 0xffffffff);
    g_assert_cmphex(th_rd(th, 0x600200), ==, 0x17171370);
    th_free(th);
}

/*
 * NV4+ PRAMIN: RAMIN 64 KiB block k is VRAM's k-th block from the end.
 * 256 MiB card: RAMIN 0x00000 -> 0x10000000 - 0x10000 = 0xfff0000;
 * RAMIN 0x10004 -> 0x10000000 - 0x20000 + 4 = 0xffe0004.
 */
static void test_pramin_nv4(void)
{
    TestHost *th = th_new("nv40", 0);
    uint8_t *v = th->vram;

    th_wr(th, 0x700000, 0xdeadbeef);
    g_assert_cmphex(v[0xfff0000], ==, 0xef);
    g_assert_cmphex(v[0xfff0003], ==, 0xde);
    th_wr(th, 0x710004, 0x01020304);
    g_assert_cmphex(nv_ld_le(v + 0xffe0004, 4), ==, 0x01020304);
    g_assert_cmphex(th_rd(th, 0x710004), ==, 0x01020304);
    /* The NV40 RAMIN aperture is the same mapping, 16 MiB of it. */
    g_assert_cmphex(nv_mmio_read(&th->card, NV_BAR_RAMIN, 0x10004, 4), ==,
                    0x01020304);
    nv_mmio_write(&th->card, NV_BAR_RAMIN, 0xf00000, 0x55, 1);
    /* block 0xf0 -> 0x10000000 - 0xf10000 = 0xf0f0000 */
    g_assert_cmphex(v[0xf0f0000], ==, 0x55);
    g_assert_cmphex(nv_mmio_read(&th->card, NV_BAR_RAMIN, 0x1000000, 4), ==, 0);
    th_free(th);
}

/*
 * NV1 RAMIN (nv1-vram.rst): address bits flipped but the low two.  4 MiB
 * single-buffered: RAMIN 0 -> 0x3ffffc, RAMIN 4 -> 0x3ffff8.  Double
 * buffered: bit 8 of the flipped address picks the half (RAMIN 0 -> buffer
 * 1), the rest shifts down one: RAMIN 0 -> 0x200000 + 0x1ffffc,
 * RAMIN 0x100 -> 0x1ffffc, RAMIN 0x200 -> 0x200000 + 0x1ffefc.
 */
static void test_pramin_nv1(void)
{
    TestHost *th = th_new("nv1", 4 << 20);
    uint8_t *v = th->vram;

    th_wr(th, 0x700000, 0x11223344);
    g_assert_cmphex(nv_ld_le(v + 0x3ffffc, 4), ==, 0x11223344);
    th_wr(th, 0x700004, 0x55667788);
    g_assert_cmphex(nv_ld_le(v + 0x3ffff8, 4), ==, 0x55667788);
    /* The framebuffer window at 0x1000000 sees the same bytes. */
    g_assert_cmphex(th_rd(th, 0x1000000 + 0x3ffff8), ==, 0x55667788);
    /* and wraps at the VRAM size. */
    g_assert_cmphex(th_rd(th, 0x1000000 + 0x7ffff8), ==, 0x55667788);

    memset(v, 0, 4 << 20);
    th_wr(th, 0x600200, 1 << 12);       /* DOUBLE_BUFFER */
    th_wr(th, 0x700000, 0xa1a2a3a4);
    th_wr(th, 0x700100, 0xb1b2b3b4);
    th_wr(th, 0x700200, 0xc1c2c3c4);
    g_assert_cmphex(nv_ld_le(v + 0x3ffffc, 4), ==, 0xa1a2a3a4);
    g_assert_cmphex(nv_ld_le(v + 0x1ffffc, 4), ==, 0xb1b2b3b4);
    g_assert_cmphex(nv_ld_le(v + 0x3ffefc, 4), ==, 0xc1c2c3c4);
    th_free(th);
}

static void test_prom(void)
{
    static const uint8_t rom[] = { 0x55, 0xaa, 0x10, 0x00, 0xe9 };
    TestHost *th = th_new("nv34", 0);

    /* No image: all ones. */
    g_assert_cmphex(th_rd(th, 0x300000), ==, 0xffffffff);
    th_set_rom(th, rom, sizeof(rom));
    g_assert_cmphex(th_rd(th, 0x300000), ==, 0x0010aa55);
    /* 0xe9 then erased bytes past the end. */
    g_assert_cmphex(th_rd(th, 0x300004), ==, 0xffffffe9);
    g_assert_cmphex(nv_mmio_read(&th->card, NV_BAR_MMIO, 0x300001, 1), ==, 0xaa);
    th_wr(th, 0x300000, 0);
    g_assert_cmphex(th_rd(th, 0x300000), ==, 0x0010aa55);
    g_assert_cmpuint(th->n_guest_error, ==, 1);
    th_free(th);

    /* NV1 PROM is at 0x610000. */
    th = th_new("nv1", 0);
    th_set_rom(th, rom, sizeof(rom));
    g_assert_cmphex(th_rd(th, 0x610000), ==, 0x0010aa55);
    th_free(th);
}

/*
 * NV40 PCLOCK/PCONTROL as nvkm/subdev/clk/nv40.c reads them: core from
 * the NVPLL (PCONTROL.MASTER 0x00c040 bits 0-1 = 3): ctrl 0x004000 bit 31
 * set, bit 30 clear (one stage), coef 0x004004 N1 0x94 = 148, M1 0x0a =
 * 10: 27000 * 148 / 10 = 399600 kHz; memory from 0x004020/0x004024 with
 * N1 163, M1 8: 550125 kHz.  Stored and read back; not on NV3x.
 */
static void test_nv40_clocks(void)
{
    TestHost *th = th_new("nv40", 0);

    g_assert_cmphex(th_rd(th, 0x00c040) & 3, ==, 3);
    g_assert_cmphex(th_rd(th, 0x004000) & 0xc0000000, ==, 0x80000000);
    g_assert_cmphex(th_rd(th, 0x004004) & 0xffff, ==, 0x940a);
    g_assert_cmphex(th_rd(th, 0x004020) & 0xc0000000, ==, 0x80000000);
    g_assert_cmphex(th_rd(th, 0x004024) & 0xffff, ==, 0xa308);
    th_wr(th, 0x004024, 0x12345678);
    g_assert_cmphex(th_rd(th, 0x004024), ==, 0x12345678);
    g_assert_cmpuint(th->n_unimp, ==, 0);
    th_free(th);

    th = th_new("nv30", 0);
    g_assert_cmphex(th_rd(th, 0x004000), ==, 0);
    g_assert_cmpuint(th->n_unimp, ==, 1);
    th_free(th);
}

/*
 * What nouveau's probe reads besides: PBUS INTR_GPIO/INTR_GPIO_EN (rnndb
 * pbus.xml, NV31+; no GPIO line changes, so nothing is ever pending),
 * PFB's last Z compression tag (0x100320: 0, so nv20_fb_tags() gives "0
 * comptags") and NV40's PFB 0x10033c (stored).
 */
static void test_probe_regs(void)
{
    TestHost *th = th_new("nv34", 0);

    g_assert_cmphex(th_rd(th, 0x1104), ==, 0);
    th_wr(th, 0x1104, 0xffffffff);
    g_assert_cmphex(th_rd(th, 0x1104), ==, 0);
    th_wr(th, 0x1144, 0x00010001);
    g_assert_cmphex(th_rd(th, 0x1144), ==, 0x00010001);
    g_assert_cmphex(th_rd(th, 0x100320), ==, 0);
    g_assert_cmpuint(th->n_unimp, ==, 0);
    th_free(th);

    th = th_new("nv40", 0);
    th_wr(th, 0x10033c, 0x00008001);
    g_assert_cmphex(th_rd(th, 0x10033c), ==, 0x00008001);
    g_assert_cmpuint(th->n_unimp, ==, 0);
    th_free(th);

    th = th_new("nv30", 0);                 /* NV30 predates INTR_GPIO */
    th_rd(th, 0x1104);
    g_assert_cmpuint(th->n_unimp, ==, 1);
    th_free(th);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/mmio/engine-table", test_engine_table);
    g_test_add_func("/mmio/unknown-register", test_unknown_register);
    g_test_add_func("/mmio/pci-mirror", test_pci_mirror);
    g_test_add_func("/mmio/nv40-clocks", test_nv40_clocks);
    g_test_add_func("/mmio/probe-regs", test_probe_regs);
    g_test_add_func("/mmio/pbus-intr", test_pbus_intr);
    g_test_add_func("/mmio/pfb", test_pfb);
    g_test_add_func("/mmio/pramin-nv4", test_pramin_nv4);
    g_test_add_func("/mmio/pramin-nv1", test_pramin_nv1);
    g_test_add_func("/mmio/prom", test_prom);
    return g_test_run();
}
