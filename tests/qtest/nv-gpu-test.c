/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: qtests of the nv-gpu device, through PCI as a guest sees it.
 * Expected values come from the documents (docs/hw/pciid.rst,
 * docs/hw/bus/pmc.rst, docs/hw/bus/bars.rst, docs/hw/bus/ptimer.rst) and are
 * worked out by hand in the comments.
 */
#include "qemu/osdep.h"
#include "libqtest.h"
#include "libqos/pci-pc.h"
#include "hw/pci/pci_regs.h"
#include "qapi/qmp/qdict.h"

#define MiB (1ULL << 20)

typedef struct NVTest {
    QTestState *qts;
    QPCIBus *bus;
    QPCIDevice *dev;
    QPCIBar bar0, bar1, ramin;
    uint64_t bar0_size, bar1_size, ramin_size;
} NVTest;

typedef struct ModelCase {
    const char *model;
    uint16_t device_id;
    uint8_t revision;
    uint16_t class_id;
    uint32_t boot0;
    uint64_t bar0_size;     /* bars.rst: 16 MiB; NV1 32 MiB with its FB */
    uint64_t vram;          /* BAR1 = the VRAM (the model's default) */
    bool ramin;             /* NV40+: RAMIN aperture, PCI region 3 */
    bool pcie;              /* native PCIE: 64-bit BARs */
} ModelCase;

static const ModelCase models[] = {
    { "nv1",  0x0008, 0x10, 0x0380, 0x00010110, 32 * MiB, 4 * MiB },
    { "nv20", 0x0200, 0xa5, 0x0300, 0x020000a5, 16 * MiB, 64 * MiB },
    { "nv25", 0x0250, 0xa3, 0x0300, 0x025000a3, 16 * MiB, 128 * MiB },
    { "nv30", 0x0301, 0xa2, 0x0300, 0x030100a2, 16 * MiB, 128 * MiB },
    { "nv34", 0x0322, 0xa1, 0x0300, 0x034200a1, 16 * MiB, 128 * MiB },
    { "nv40", 0x0040, 0xa1, 0x0300, 0x040000a1, 16 * MiB, 256 * MiB, true },
    { "nv43", 0x0140, 0xa2, 0x0300, 0x043000a2, 16 * MiB, 128 * MiB, true,
      true },
    { "nv44", 0x0161, 0xa1, 0x0300, 0x044100a1, 16 * MiB, 64 * MiB, true,
      true },
};

/* BAR sizing: an unimplemented BAR reads back 0 after writing all-ones. */
static bool bar_present(QPCIDevice *dev, int n)
{
    uint8_t reg = PCI_BASE_ADDRESS_0 + 4 * n;
    uint32_t v;

    qpci_config_writel(dev, reg, 0xffffffff);
    v = qpci_config_readl(dev, reg);
    qpci_config_writel(dev, reg, 0);
    return v != 0;
}

/*
 * Set while a test traces an event (nv_method, nv_vtx_prim): the QEMU log
 * file the trace goes to (QEMU's default "log" trace backend writes
 * "EVENT ..." lines there), and the event.
 */
static char *nv_trace_log;
static const char *nv_trace_event;

/* @opts: more nv-gpu properties, each starting with a comma. */
static void nv_start_opts(NVTest *t, const char *model, const char *opts)
{
    g_autofree char *trace = nv_trace_log ?
        g_strdup_printf(" -trace %s -D %s", nv_trace_event, nv_trace_log)
        : NULL;

    memset(t, 0, sizeof(*t));
    t->qts = qtest_initf("-machine pc -nodefaults "
                         "-device nv-gpu,model=%s,addr=04.0%s%s",
                         model, opts, trace ? trace : "");
    t->bus = qpci_new_pc(t->qts, NULL);
    t->dev = qpci_device_find(t->bus, QPCI_DEVFN(4, 0));
    g_assert_nonnull(t->dev);
    qpci_device_enable(t->dev);
    /* Largest first, so each BAR is naturally aligned in the PCI hole. */
    if (strcmp(model, "nv1")) {
        t->bar1 = qpci_iomap(t->dev, 1, &t->bar1_size);
    }
    t->bar0 = qpci_iomap(t->dev, 0, &t->bar0_size);
    if (bar_present(t->dev, 3)) {
        t->ramin = qpci_iomap(t->dev, 3, &t->ramin_size);
    }
}

/*
 * NV2x+ models default to romfile=vgabios-MODEL.bin, which need not be on
 * this QEMU's firmware path: tests that are not about the VBIOS run
 * without an option ROM.
 */
static void nv_start(NVTest *t, const char *model)
{
    nv_start_opts(t, model, strcmp(model, "nv1") ? ",romfile=" : "");
}

static void nv_stop(NVTest *t)
{
    g_free(t->dev);
    qpci_free_pc(t->bus);
    qtest_quit(t->qts);
}

/* Trace @event of the next QEMU started into a fresh log file. */
static void trace_begin_event(const char *event)
{
    int fd = g_file_open_tmp("nv-gpu-trace-XXXXXX", &nv_trace_log, NULL);

    g_assert_cmpint(fd, >=, 0);
    close(fd);
    nv_trace_event = event;
}

static void trace_begin(void)
{
    trace_begin_event("nv_method");
}

/*
 * After nv_stop(): the log holds each of @lines (NULL-terminated) as a
 * trace line, in that order.
 */
static void trace_end(const char *const *lines)
{
    g_autofree char *log = NULL;
    const char *at;

    g_assert_true(g_file_get_contents(nv_trace_log, &log, NULL, NULL));
    at = log;
    for (; *lines; lines++) {
        g_autofree char *want = g_strdup_printf("%s %s\n", nv_trace_event,
                                                *lines);
        const char *found = strstr(at, want);

        if (!found) {
            g_test_message("trace line '%s' missing in:\n%s", *lines, log);
        }
        g_assert_nonnull(found);
        at = found + strlen(want);
    }
    unlink(nv_trace_log);
    g_clear_pointer(&nv_trace_log, g_free);
}

static uint32_t rd(NVTest *t, uint32_t addr)
{
    return qpci_io_readl(t->dev, t->bar0, addr);
}

static void wr(NVTest *t, uint32_t addr, uint32_t val)
{
    qpci_io_writel(t->dev, t->bar0, addr, val);
}

static void test_ids(const void *data)
{
    const ModelCase *c = data;
    NVTest t;
    uint32_t bar1;

    nv_start(&t, c->model);
    g_assert_cmphex(qpci_config_readw(t.dev, PCI_VENDOR_ID), ==, 0x10de);
    g_assert_cmphex(qpci_config_readw(t.dev, PCI_DEVICE_ID), ==, c->device_id);
    g_assert_cmphex(qpci_config_readb(t.dev, PCI_REVISION_ID), ==, c->revision);
    g_assert_cmphex(qpci_config_readw(t.dev, PCI_CLASS_DEVICE), ==, c->class_id);
    g_assert_cmphex(qpci_config_readb(t.dev, PCI_CLASS_PROG), ==, 0);
    g_assert_cmphex(qpci_config_readb(t.dev, PCI_INTERRUPT_PIN), ==, 1);
    g_assert_cmphex(t.bar0_size, ==, c->bar0_size);
    g_assert_cmphex(rd(&t, 0), ==, c->boot0);

    if (!strcmp(c->model, "nv1")) {
        g_assert_false(bar_present(t.dev, 1));
    } else {
        g_assert_cmphex(t.bar1_size, ==, c->vram);
        bar1 = qpci_config_readl(t.dev, PCI_BASE_ADDRESS_1);
        /* Prefetchable; 64-bit (type 2) on native PCIE parts. */
        g_assert_cmphex(bar1 & 0xf, ==, c->pcie ? 0xc : 0x8);
    }
    g_assert_cmphex(t.ramin_size, ==, c->ramin ? 16 * MiB : 0);
    if (!c->pcie) {
        /* nouveau's nv40 instmem takes region 2 if it exists: it must not. */
        g_assert_false(bar_present(t.dev, 2));
    }
    /* The config space mirror at 0x1800 (pci.rst). */
    g_assert_cmphex(rd(&t, 0x1800), ==, 0x10de | (uint32_t)c->device_id << 16);
    nv_stop(&t);
}

/*
 * Reset leaves PTIMER at 31.25 MHz, 32 TIME units per tick: 1 ms of
 * virtual time is exactly 31250 ticks = 1000000 units whatever the phase.
 */
static void test_ptimer_clock(void)
{
    NVTest t;
    uint32_t t0;

    nv_start(&t, "nv40");
    t0 = rd(&t, 0x9400);
    qtest_clock_step(t.qts, 1000000);
    g_assert_cmphex(rd(&t, 0x9400), ==, t0 + 1000000);
    /* DIV 5, MUL 2: 100 MHz, 1 ms = 100000 ticks = 3200000 units. */
    wr(&t, 0x9200, 5);
    wr(&t, 0x9210, 2);
    t0 = rd(&t, 0x9400);
    qtest_clock_step(t.qts, 1000000);
    g_assert_cmphex(rd(&t, 0x9400), ==, t0 + 3200000);
    nv_stop(&t);
}

static bool intx(NVTest *t)
{
    return qpci_config_readw(t->dev, PCI_STATUS) & PCI_STATUS_INTERRUPT;
}

/*
 * ALARM 1000 ticks ahead (32000 units) fires 32 us later: one tick short
 * (31968 ns) it has not; at 32000 ns it has, on PMC line 20 (0x00100000).
 */
static void test_ptimer_alarm(void)
{
    NVTest t;
    uint32_t now;

    nv_start(&t, "nv20");
    wr(&t, 0x140, 1);           /* PMC: hardware interrupts to INTA */
    wr(&t, 0x9140, 1);          /* PTIMER: ALARM enabled */
    now = rd(&t, 0x9400);
    wr(&t, 0x9420, now + 32000);
    qtest_clock_step(t.qts, 31968);
    g_assert_cmphex(rd(&t, 0x9100), ==, 0);
    g_assert_false(intx(&t));
    qtest_clock_step(t.qts, 32);
    g_assert_cmphex(rd(&t, 0x9100), ==, 1);
    g_assert_cmphex(rd(&t, 0x100), ==, 0x00100000);
    g_assert_cmphex(rd(&t, 0x160), ==, 0);      /* line active: reads 0 */
    g_assert_true(intx(&t));
    wr(&t, 0x9100, 1);
    g_assert_false(intx(&t));
    g_assert_cmphex(rd(&t, 0x100), ==, 0);
    g_assert_cmphex(rd(&t, 0x160), ==, 1);
    nv_stop(&t);
}

/*
 * PRAMIN: RAMIN 64 KiB block k is VRAM's k-th block from the end.  nv40
 * (256 MiB): BAR0 0x700000 -> VRAM 0x10000000 - 0x10000 = 0x0fff0000, and
 * the RAMIN aperture's offset 0 is the same byte.  nv20 (64 MiB):
 * 0x04000000 - 0x10000 = 0x03ff0000.  NV1 (4 MiB): RAMIN dwords run
 * backwards from the end: RAMIN 0 -> 0x3ffffc in the FB window at 16 MiB.
 */
static void test_pramin(void)
{
    NVTest t;

    nv_start(&t, "nv40");
    wr(&t, 0x700000, 0xcafef00d);
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1, 0x0fff0000), ==, 0xcafef00d);
    g_assert_cmphex(qpci_io_readl(t.dev, t.ramin, 0), ==, 0xcafef00d);
    qpci_io_writel(t.dev, t.bar1, 0x0ffe0010, 0x12345678);
    g_assert_cmphex(rd(&t, 0x710010), ==, 0x12345678);
    nv_stop(&t);

    nv_start(&t, "nv20");
    wr(&t, 0x700000, 0x0badc0de);
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1, 0x03ff0000), ==, 0x0badc0de);
    nv_stop(&t);

    nv_start(&t, "nv1");
    wr(&t, 0x700000, 0x11223344);
    g_assert_cmphex(rd(&t, 0x1000000 + 0x3ffffc), ==, 0x11223344);
    nv_stop(&t);
}

/* Unknown registers read 0, and the device keeps working. */
static void test_unknown(void)
{
    NVTest t;

    nv_start(&t, "nv43");
    g_assert_cmphex(rd(&t, 0x200100), ==, 0);
    wr(&t, 0x200100, 0xffffffff);
    g_assert_cmphex(rd(&t, 0x200100), ==, 0);
    g_assert_cmphex(rd(&t, 0x0), ==, 0x043000a2);
    nv_stop(&t);
}

/*
 * NV1 drawing by direct method submission (BAR0 0x400000 | class << 16 |
 * method): a 640-wide 32 bpp canvas (PFB CONFIG_0 = width index 1 << 4 |
 * BPP 3 << 8 = 0x310), a RECT object (class 0x0c) with SRCCOPY (OP 0x17)
 * and A8R8G8B8 (COLOR_FORMAT_DST 1 << 9): colour 0x00102030 widens to
 * 0x40, 0x80, 0xc0 = 0x040200c0.  VRAM is visible at BAR0 + 16 MiB.
 */
static void nv1_setup(NVTest *t)
{
    nv_start(t, "nv1");
    wr(t, 0x600200, 0x310);
    wr(t, 0x4006a4, 0x04000100);        /* ACCESS: HOST_WR | HOST */
    wr(t, 0x40068c, 480 << 16 | 640);   /* CANVAS_MAX */
    wr(t, 0x400190, 1 << 16);           /* CTX_CONTROL.CHID_VALID */
    wr(t, 0x4c0000, 0x17 | 1 << 9);     /* RECT object */
}

/*
 * A RECT through the direct method area (channel 0 from CTX_SWITCH,
 * subchannel 0), traced by rnndb's names (graph/nv1_solid.xml: COLOR
 * 0x304, RECTANGLE_XY/_WH pairs from 0x400), the points decoded as xy16
 * and wh16.
 */
static void test_nv1_rect(void)
{
    static const char *const trace[] = {
        "ch 0 subc 0 NV1_RECT.COLOR = 0x00102030",
        "ch 0 subc 0 NV1_RECT.RECTANGLE_XY[0] = x 10, y 5",
        "ch 0 subc 0 NV1_RECT.RECTANGLE_WH[0] = w 3, h 2",
        NULL
    };
    NVTest t;

    trace_begin();
    nv1_setup(&t);
    wr(&t, 0x4c0304, 0x00102030);
    wr(&t, 0x4c0400, 5 << 16 | 10);     /* XY (10, 5) */
    wr(&t, 0x4c0404, 2 << 16 | 3);      /* WH 3 x 2 */
    g_assert_cmphex(rd(&t, 0x1000000 + (5 * 640 + 10) * 4), ==, 0x040200c0);
    g_assert_cmphex(rd(&t, 0x1000000 + (6 * 640 + 12) * 4), ==, 0x040200c0);
    g_assert_cmphex(rd(&t, 0x1000000 + (6 * 640 + 13) * 4), ==, 0);
    g_assert_cmphex(rd(&t, 0x1000000 + (7 * 640 + 10) * 4), ==, 0);
    g_assert_cmphex(rd(&t, 0x4006b0), ==, 0);           /* STATUS idle */
    g_assert_false(intx(&t));
    nv_stop(&t);
    trace_end(trace);
}

/*
 * Every NV1 PGRAPH interrupt, one after the other, each from a fresh card:
 * the method that raises it, then PGRAPH INTR, PMC INTR (line 12,
 * 0x1000), INTx, and TRAP_ADDR/TRAP_DATA holding that method; writing
 * the INTR bit back (and INVALID for INVALID) drops INTx.  Nothing is
 * drawn (pixel (0,0) stays 0); the traps clear ACCESS.HOST (bit 8), the
 * notification does not.  Objects
 * (nv1_setup: channel 0 valid, options 0x217): RECT at 0x4c0000, BLIT
 * 0x500000, LIN 0x4a0000.
 *   INVALID (bit 0): RECT method 0x200 does not exist, INVALID bit 0.
 *   CONTEXT_SWITCH (bit 4): an object switch naming channel 1 (bit 16).
 *   XY_RANGE (bit 12): LIN's 32-bit X0 = 0x10000, beyond 0x7fff.
 *   MISSING_METHOD (bit 16): BLIT's SIZE with neither point given.
 *   CANVAS_SOFTWARE (bit 20) and CLIP_SOFTWARE (bit 24): a RECT with
 *   CANVAS_CONFIG bit 24 / CLIPRECT_CONFIG bit 8 set.
 *   NOTIFY (bit 28): NOTIFY on an object with NOTIFY_VALID (bit 8), then
 *   RECT's COLOR completes: its trap registers.
 */
typedef struct NV1IntrCase {
    const char *name;
    uint32_t writes[6][2];      /* ended by address 0 */
    uint32_t intr, invalid;
    bool access_kept;
} NV1IntrCase;

static const NV1IntrCase nv1_intr_cases[] = {
    { "invalid", { { 0x4c0200, 5 } }, 0x1, 0x1 },
    { "context-switch", { { 0x4c0000, 0x10217 } }, 0x10 },
    { "xy-range", { { 0x4a0000, 0x217 }, { 0x4a0480, 0x10000 },
                    { 0x4a0484, 0 }, { 0x4a0488, 0 }, { 0x4a048c, 7 } },
      0x1000 },
    { "missing-method", { { 0x500000, 0x217 }, { 0x500308, 0x10001 } },
      0x10000 },
    { "canvas-software", { { 0x400634, 1 << 24 }, { 0x4c0400, 0 },
                           { 0x4c0404, 0x10001 } }, 0x100000 },
    { "clip-software", { { 0x4006a0, 1 << 8 }, { 0x4c0400, 0 },
                         { 0x4c0404, 0x10001 } }, 0x1000000 },
    { "notify", { { 0x4c0000, 0x317 }, { 0x4c0104, 0 },
                  { 0x4c0304, 0x1234 } }, 0x10000000, 0, true },
};

static void test_nv1_interrupts(void)
{
    for (size_t i = 0; i < G_N_ELEMENTS(nv1_intr_cases); i++) {
        const NV1IntrCase *c = &nv1_intr_cases[i];
        uint32_t addr = 0, data = 0;
        NVTest t;

        g_test_message("%s", c->name);
        nv1_setup(&t);
        wr(&t, 0x140, 1);
        wr(&t, 0x400140, 0x11111111);
        wr(&t, 0x400144, 0x11111);
        for (unsigned w = 0; w < 6 && c->writes[w][0]; w++) {
            addr = c->writes[w][0];
            data = c->writes[w][1];
            wr(&t, addr, data);
        }
        g_assert_cmphex(rd(&t, 0x400100), ==, c->intr);
        g_assert_cmphex(rd(&t, 0x400104), ==, c->invalid);
        g_assert_cmphex(rd(&t, 0x100), ==, 0x1000);
        g_assert_true(intx(&t));
        g_assert_cmphex(rd(&t, 0x4006a8), ==, addr);
        g_assert_cmphex(rd(&t, 0x4006ac), ==, data);
        g_assert_cmphex(rd(&t, 0x4006a4) & 0x100, ==,
                        c->access_kept ? 0x100 : 0);
        g_assert_cmphex(rd(&t, 0x1000000), ==, 0);
        wr(&t, 0x400100, c->intr);
        g_assert_cmphex(rd(&t, 0x100), ==, 0);
        g_assert_false(intx(&t));
        nv_stop(&t);
    }
}

/*
 * The NV1 XY logic through BAR0 (docs/nv1.rst "The XY logic"; the same
 * sequences as the unit tests /pgraph-nv1/xy/point-leftover and
 * /pgraph-nv1/xy/blit, values worked out there by hand):
 *   LIN (0x4a0000), LINE32 (0,0)-(0x8000,0): XY_RANGE (0x1000); VALID
 *   0x30130, XY_D[0] 0x4220 (slot 1 out of range, bit 5), XY_D[1] 0x2200.
 *   POINT (0x480000) at (5,5): slot 1's leftover flag still raises
 *   XY_RANGE and the pixel stays 0; XY_D[0] 0x20, VTX_X[0] 5, XY_A
 *   0x10000000 (VTX_IDX 1), XY_B 0x01000000.  After XY_D[0] := 0 the
 *   same point is drawn (SRCCOPY A8R8G8B8 0xffffff: 0x3fcff3fc).
 *   BLIT (0x500000) (10,20) -> (100,200) 3x2: VTX 0-3 X 10, 100, 13,
 *   103 and Y 20, 200, 22, 202, XY_A 0, VALID 0, XY_D 0, no interrupt.
 */
static void test_nv1_xy(void)
{
    static const uint32_t vx[4] = { 10, 100, 13, 103 };
    static const uint32_t vy[4] = { 20, 200, 22, 202 };
    NVTest t;

    nv1_setup(&t);
    wr(&t, 0x4a0000, 0x217);
    wr(&t, 0x4a0304, 0xffffff);
    wr(&t, 0x4a0480, 0);
    wr(&t, 0x4a0484, 0);
    wr(&t, 0x4a0488, 0x8000);
    wr(&t, 0x4a048c, 0);
    g_assert_cmphex(rd(&t, 0x400100), ==, 0x1000);
    g_assert_cmphex(rd(&t, 0x400650), ==, 0x30130);
    g_assert_cmphex(rd(&t, 0x400648), ==, 0x4220);
    g_assert_cmphex(rd(&t, 0x40064c), ==, 0x2200);
    g_assert_cmphex(rd(&t, 0x400404), ==, 0x8000);
    wr(&t, 0x400100, 0x1000);
    wr(&t, 0x4006a4, 0x04000100);

    wr(&t, 0x480000, 0x217);
    wr(&t, 0x480304, 0xffffff);
    wr(&t, 0x480400, 5 << 16 | 5);
    g_assert_cmphex(rd(&t, 0x400100), ==, 0x1000);
    g_assert_cmphex(rd(&t, 0x400648), ==, 0x20);
    g_assert_cmphex(rd(&t, 0x400400), ==, 5);
    g_assert_cmphex(rd(&t, 0x400640), ==, 0x10000000);
    g_assert_cmphex(rd(&t, 0x400644), ==, 0x01000000);
    g_assert_cmphex(rd(&t, 0x1000000 + (5 * 640 + 5) * 4), ==, 0);
    wr(&t, 0x400100, 0x1000);
    wr(&t, 0x4006a4, 0x04000100);
    wr(&t, 0x400648, 0);
    wr(&t, 0x480400, 5 << 16 | 5);
    g_assert_cmphex(rd(&t, 0x400100), ==, 0);
    g_assert_cmphex(rd(&t, 0x1000000 + (5 * 640 + 5) * 4), ==, 0x3fcff3fc);

    wr(&t, 0x500000, 0x217);
    wr(&t, 0x500300, 20 << 16 | 10);
    wr(&t, 0x500304, 200 << 16 | 100);
    wr(&t, 0x500308, 2 << 16 | 3);
    for (unsigned i = 0; i < 4; i++) {
        g_assert_cmphex(rd(&t, 0x400400 + 4 * i), ==, vx[i]);
        g_assert_cmphex(rd(&t, 0x400480 + 4 * i), ==, vy[i]);
    }
    g_assert_cmphex(rd(&t, 0x400640), ==, 0);
    g_assert_cmphex(rd(&t, 0x400650), ==, 0);
    g_assert_cmphex(rd(&t, 0x400648), ==, 0);
    g_assert_cmphex(rd(&t, 0x40064c), ==, 0);
    g_assert_cmphex(rd(&t, 0x400100), ==, 0);
    nv_stop(&t);
}

/*
 * The two NV1 interrupts outside PGRAPH's line: VBLANK (PGRAPH INTR bit 8,
 * but PFB's PMC line 24, 0x1000000) comes within a 60 Hz frame of virtual
 * time; a PDMA fault (a complete ITM, point, size, pitch and offset,
 * through a DMA object without FLAGS.PRESENT: INTR_GRAPH NULL, bit 0) is
 * PMC line 4 (0x10).
 */
static void test_nv1_vblank_pdma(void)
{
    NVTest t;

    nv1_setup(&t);
    wr(&t, 0x140, 1);
    wr(&t, 0x400140, 0x100);
    qtest_clock_step(t.qts, 1000000000 / 60 + 1);
    g_assert_cmphex(rd(&t, 0x400100), ==, 0x100);
    g_assert_cmphex(rd(&t, 0x100), ==, 0x1000000);
    g_assert_true(intx(&t));
    wr(&t, 0x400140, 0);
    g_assert_false(intx(&t));

    wr(&t, 0x100150, 0x1111);
    wr(&t, 0x400680, 0x800);            /* RAMIN 0x8000: all zero */
    wr(&t, 0x540000, 0x217);
    wr(&t, 0x540308, 0);                /* POINT */
    wr(&t, 0x54030c, 0x10001);          /* SIZE 1x1 */
    wr(&t, 0x540310, 4);                /* PITCH: OFFSET wants all three */
    wr(&t, 0x540314, 0);                /* OFFSET: the transfer */
    g_assert_cmphex(rd(&t, 0x100110), ==, 1);
    g_assert_cmphex(rd(&t, 0x100), ==, 0x10);
    g_assert_true(intx(&t));
    wr(&t, 0x100110, 1);
    g_assert_false(intx(&t));
    nv_stop(&t);
}

/*
 * Scanout: 640x480 (PFB HOR_DISP_WIDTH 0x530, VER_DISP_WIDTH 0x570) at
 * 32 bpp from START 0.  A red rect drawn with CANVAS_CONFIG.CLUT_BYPASS is
 * direct colour: A8R8G8B8 0x00ff0000 -> R10 0x3fc, stored 0xbfc00000,
 * shown as 0x3fc >> 2 = 0xff red.  Palette entry 0x34 set to (0x10, 0x20,
 * 0x30) colours an indexed pixel (bypass bit clear, index 0x34).
 */
static void test_nv1_screendump(void)
{
    NVTest t;
    g_autofree char *dir = g_dir_make_tmp("nv-gpu-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "shot.ppm", NULL);
    g_autofree char *ppm = NULL;
    QDict *resp;
    size_t len;
    const uint8_t *px;

    nv1_setup(&t);
    wr(&t, 0x600530, 640);
    wr(&t, 0x600570, 480);
    wr(&t, 0x609000, 0x34);                 /* PAL_WRITE */
    wr(&t, 0x609004, 0x10);
    wr(&t, 0x609004, 0x20);
    wr(&t, 0x609004, 0x30);
    wr(&t, 0x400634, 1);                    /* CLUT_BYPASS */
    wr(&t, 0x4c0304, 0x00ff0000);
    wr(&t, 0x4c0400, 5 << 16 | 10);
    wr(&t, 0x4c0404, 2 << 16 | 3);
    wr(&t, 0x1000000 + (100 * 640 + 200) * 4, 0x34);

    resp = qtest_qmp(t.qts, "{'execute': 'screendump', "
                     "'arguments': {'filename': %s}}", path);
    g_assert_false(qdict_haskey(resp, "error"));
    qobject_unref(resp);
    g_assert_true(g_file_get_contents(path, &ppm, &len, NULL));
    g_assert_cmpuint(len, ==, strlen("P6\n640 480\n255\n") + 640 * 480 * 3);
    g_assert_true(g_str_has_prefix(ppm, "P6\n640 480\n255\n"));
    px = (const uint8_t *)ppm + strlen("P6\n640 480\n255\n");
#define PX(x, y) (px[((y) * 640 + (x)) * 3] << 16 | \
                  px[((y) * 640 + (x)) * 3 + 1] << 8 | \
                  px[((y) * 640 + (x)) * 3 + 2])
    g_assert_cmphex(PX(10, 5), ==, 0xff0000);
    g_assert_cmphex(PX(12, 6), ==, 0xff0000);
    g_assert_cmphex(PX(13, 5), ==, 0x000000);
    g_assert_cmphex(PX(10, 7), ==, 0x000000);
    g_assert_cmphex(PX(200, 100), ==, 0x102030);
#undef PX
    unlink(path);
    rmdir(dir);
    nv_stop(&t);
}

/*
 * The same rectangle through PFIFO: CACHE1 push and pull on, a RECT object
 * (device 0x4c, options 0x217) under handle 0x11 in RAMHT (slot 0x11 for
 * channel 0 in our layout, see docs), then methods written to the USER
 * area at 0x800000 + subchannel 2 << 13.
 */
static void test_nv1_user(void)
{
    NVTest t;

    nv1_setup(&t);
    wr(&t, 0x4006a4, 0x01000001);       /* ACCESS: FIFO too */
    wr(&t, 0x640000 + 0x11 * 8, 0x11);
    wr(&t, 0x640000 + 0x11 * 8 + 4, 0x4c << 16 | 0x217);
    wr(&t, 0x003200, 1);                /* CACHE1 PUSH_ACCESS */
    wr(&t, 0x003240, 1);                /* CACHE1 PULL_CTRL */
    wr(&t, 0x804000, 0x11);
    wr(&t, 0x804304, 0x00102030);
    wr(&t, 0x804400, 20 << 16 | 30);
    wr(&t, 0x804404, 1 << 16 | 2);
    g_assert_cmphex(rd(&t, 0x1000000 + (20 * 640 + 31) * 4), ==, 0x040200c0);
    g_assert_cmphex(rd(&t, 0x1000000 + (20 * 640 + 32) * 4), ==, 0);
    g_assert_cmphex(rd(&t, 0x003220), ==, 0x10);    /* CACHE1 empty */
    g_assert_cmphex(rd(&t, 0x4006a8), ==, 0x4c0404);
    nv_stop(&t);
}

/*
 * IFM and ITM through PDMA into guest RAM (docs/nv1.rst): a DMA object at
 * RAMIN instance 0x800 (RAMIN 0x8000; FLAGS.PRESENT, LIMIT 0xfff, one
 * writable page at guest 0x200000) in PGRAPH's DMA register.  ITM copies
 * the RECT of test_nv1_rect (3x2 at (10,5), 0x040200c0) out with PITCH
 * 16; IFM brings two A8R8G8B8 pixels, 0x00000001 -> 1 << 2 and 0x00ff0000
 * -> 0x3fc << 20, back in at (100,100).
 */
static void test_nv1_dma(void)
{
    NVTest t;

    nv1_setup(&t);
    wr(&t, 0x4c0304, 0x00102030);
    wr(&t, 0x4c0400, 5 << 16 | 10);
    wr(&t, 0x4c0404, 2 << 16 | 3);
    wr(&t, 0x708000, 1 << 16);
    wr(&t, 0x708004, 0xfff);
    wr(&t, 0x708008, 0x200000 | 3);
    wr(&t, 0x400680, 0x800);
    qtest_memset(t.qts, 0x200000, 0xee, 0x100);

    wr(&t, 0x540000, 0x17 | 1 << 9);    /* ITM object */
    wr(&t, 0x540308, 5 << 16 | 10);
    wr(&t, 0x54030c, 2 << 16 | 3);
    wr(&t, 0x540310, 16);
    wr(&t, 0x540314, 0);
    g_assert_cmphex(qtest_readl(t.qts, 0x200000), ==, 0x040200c0);
    g_assert_cmphex(qtest_readl(t.qts, 0x200008), ==, 0x040200c0);
    g_assert_cmphex(qtest_readl(t.qts, 0x20000c), ==, 0xeeeeeeee);
    g_assert_cmphex(qtest_readl(t.qts, 0x200018), ==, 0x040200c0);
    g_assert_cmphex(qtest_readl(t.qts, 0x20001c), ==, 0xeeeeeeee);

    qtest_writel(t.qts, 0x200080, 0x00000001);
    qtest_writel(t.qts, 0x200084, 0x00ff0000);
    wr(&t, 0x4006a4, 0x02000010);       /* ACCESS.DMA */
    wr(&t, 0x530000, 0x17 | 1 << 9);    /* IFM object */
    wr(&t, 0x530308, 100 << 16 | 100);
    wr(&t, 0x53030c, 1 << 16 | 2);
    wr(&t, 0x530310, 8);
    wr(&t, 0x530314, 0x80);
    g_assert_cmphex(rd(&t, 0x1000000 + (100 * 640 + 100) * 4), ==, 4);
    g_assert_cmphex(rd(&t, 0x1000000 + (100 * 640 + 101) * 4), ==,
                    0x3fc00000);
    g_assert_cmphex(rd(&t, 0x400100), ==, 0);
    g_assert_cmphex(rd(&t, 0x100110), ==, 0);       /* PDMA INTR_GRAPH */
    nv_stop(&t);
}

/*
 * XF through PIPE on nv20 (Kelvin wrapping: bit 16 | type << 12 | slot << 4
 * | word << 2): upload "MOV c[0x64] = v[0], END" to XFPR slot 0 (type 2,
 * IDX2XF word 0 = instruction bits 96-127), PARAM (type 4) = (2, 0.5, -1,
 * 0), RUN (type 6) from 0, poll STATUS, read XFCTX 0x64 back through PIPE
 * (type 9: X first) and RDI (space 0x17: W first).
 *
 * The instruction (isa.rst, Kelvin): END bit 0; output address 0x64 at
 * bits 3-10; OUT_TARGET bit 11 clear: XFCTX; output mask 0xf at 12-15; no
 * temp destination (0xf at 20-23); SRC2 = IBUF v[0].xyzw (mux 2, swizzle
 * 0x1b: 2 | 0x1b << 6 = 0x6c2 at bits 58-72); vector op MOV (1) at 85-88.
 * Words (bits 0-31 first): 0x00f0f321, 0x08000000, 0x0020001b, 0.
 */
static void test_xf_pipe(void)
{
    static const uint32_t insn[4] = { 0x00f0f321, 0x08000000, 0x0020001b, 0 };
    static const uint32_t param[4] = {
        0x40000000, 0x3f000000, 0xbf800000, 0,
    };
    NVTest t;

    nv_start(&t, "nv20");
    wr(&t, 0x400f50, 0x12000);
    for (int i = 3; i >= 0; i--) {
        wr(&t, 0x400f54, insn[i]);
    }
    wr(&t, 0x400f50, 0x14000);
    for (int i = 0; i < 4; i++) {
        wr(&t, 0x400f54, param[i]);
    }
    wr(&t, 0x400f50, 0x16000);
    wr(&t, 0x400f54, 0);
    g_assert_cmphex(rd(&t, 0x400700), ==, 0);
    wr(&t, 0x400f50, 0x19640);
    for (int i = 0; i < 4; i++) {
        g_assert_cmphex(rd(&t, 0x400f54), ==, param[i]);
    }
    wr(&t, 0x400750, 0x170640);
    for (int i = 3; i >= 0; i--) {
        g_assert_cmphex(rd(&t, 0x400754), ==, param[i]);
    }
    nv_stop(&t);
}

static void pipe_write4(NVTest *t, uint32_t wrapped, const uint32_t v[4])
{
    wr(t, 0x400f50, wrapped);
    for (int i = 0; i < 4; i++) {
        wr(t, 0x400f54, v[i]);
    }
}

/*
 * Rankine (nv30; wrapping bit 17 | type << 13 | slot << 4): a program
 * that never ends (BRA 0) stops at TIMEOUT, and XF goes on to run
 * "MOV c[0x9d] = v[0], END" from slot 1.
 *
 * isa.rst, Rankine: OUT_ADDR 2-10, OUT_TARGET 11 (clear: XFCTX), OUT_WM
 * 12-15, OP_VEC 87-91, OP_SCA 92-96, DST 112-116 (0x1f: none), SRC2 58-72.
 * BRA 0: no output, OP_SCA 9, no END: 0, 0, 0x90000000, 0x1f0000.
 * MOV: END, 0x9d << 2, WM 0xf = 0xf275; SRC2 = IBUF v[0]
 * .xyzw (0x6c2) at 58: 0x08000000, 0x1b; OP_VEC 1 at 87: 0x800000;
 * DST: 0x1f0000.  IDX2XF word 0 is instruction bits 96-127.
 * TIMEOUT is word 0 of XFPR slot 0x11a as RDI numbers it: IDX2XF word 3.
 */
static void test_xf_timeout_nv30(void)
{
    static const uint32_t bra[4] = { 0x1f0000, 0x90000000, 0, 0 };
    static const uint32_t mov[4] = { 0x1f0000, 0x80001b, 0x08000000, 0xf275 };
    static const uint32_t timeout[4] = { 0, 0, 0, 100 };
    static const uint32_t param[4] = {
        0x3f800000, 0x40000000, 0x40400000, 0x40800000,
    };
    NVTest t;

    nv_start(&t, "nv30");
    pipe_write4(&t, 0x24000, bra);              /* XFPR slot 0 */
    pipe_write4(&t, 0x24010, mov);              /* XFPR slot 1 */
    pipe_write4(&t, 0x251a0, timeout);          /* XFPR slot 0x11a */
    pipe_write4(&t, 0x28000, param);            /* PARAM */
    wr(&t, 0x400f50, 0x2c000);                  /* RUN from 0 */
    wr(&t, 0x400f54, 0);
    g_assert_cmphex(rd(&t, 0x400700), ==, 0);
    wr(&t, 0x400f50, 0x2c000);                  /* RUN from 1 */
    wr(&t, 0x400f54, 1);
    g_assert_cmphex(rd(&t, 0x400700), ==, 0);
    wr(&t, 0x400f50, 0x329d0);                  /* XFCTX 0x9d */
    for (int i = 0; i < 4; i++) {
        g_assert_cmphex(rd(&t, 0x400f54), ==, param[i]);
    }
    wr(&t, 0x400750, 0x1709d0);
    for (int i = 3; i >= 0; i--) {
        g_assert_cmphex(rd(&t, 0x400754), ==, param[i]);
    }
    nv_stop(&t);
}

/* Curie wrapping (type << 14 | slot << 4) on nv40 and nv43: an XFCTX
 * vector through PIPE, back through RDI (W first). */
static void test_xf_curie(const void *data)
{
    static const uint32_t v[4] = { 1, 2, 3, 4 };
    NVTest t;

    nv_start(&t, data);
    pipe_write4(&t, 9 << 14 | 0x10 << 4, v);
    wr(&t, 0x400750, 0x170100);
    for (int i = 3; i >= 0; i--) {
        g_assert_cmphex(rd(&t, 0x400754), ==, v[i]);
    }
    g_assert_cmphex(rd(&t, 0x400700), ==, 0);
    nv_stop(&t);
}

/*
 * Migration: save an NV1 in the middle of work (a rectangle drawn, a
 * pattern, the PTIMER alarm armed, the palette half written, PFIFO
 * holding a channel's context) to a file, load it into a fresh QEMU, and
 * check registers and VRAM are the same there and the work goes on.
 */
static const uint32_t migrated_regs[] = {
    0x000100, 0x000140, 0x000200, 0x101140, 0x101410,
    0x400180, 0x400190, 0x400610, 0x400614, 0x400624, 0x400634, 0x40068c,
    0x4006a4, 0x4006a8, 0x4006ac, 0x600200, 0x600530, 0x600570,
    0x003210, 0x003230, 0x003280, 0x602200,
};

static void migrate_to_file(NVTest *t, const char *path)
{
    g_autofree char *uri = g_strdup_printf("exec:cat > %s", path);
    QDict *r;
    bool done = false;

    qtest_qmp_assert_success(t->qts, "{'execute': 'stop'}");
    qtest_qmp_assert_success(t->qts, "{'execute': 'migrate', 'arguments': "
                             "{'uri': %s}}", uri);
    for (int i = 0; i < 1000 && !done; i++) {
        QDict *ret;
        const char *st;

        r = qtest_qmp(t->qts, "{'execute': 'query-migrate'}");
        ret = qdict_get_qdict(r, "return");
        st = ret && qdict_haskey(ret, "status") ?
             qdict_get_str(ret, "status") : "";
        g_assert_cmpstr(st, !=, "failed");
        done = !strcmp(st, "completed");
        qobject_unref(r);
        if (!done) {
            g_usleep(10000);
        }
    }
    g_assert_true(done);
}

/* Reach a migrated device: its BARs are already programmed. */
static void nv_attach(NVTest *t, const char *args)
{
    bool loaded = false;

    memset(t, 0, sizeof(*t));
    t->qts = qtest_init(args);
    /* The incoming migration runs on after QMP is up: wait for its end. */
    for (int i = 0; i < 1000 && !loaded; i++) {
        QDict *r = qtest_qmp(t->qts, "{'execute': 'query-status'}");

        loaded = strcmp(qdict_get_str(qdict_get_qdict(r, "return"), "status"),
                        "inmigrate");
        qobject_unref(r);
        if (!loaded) {
            g_usleep(10000);
        }
    }
    g_assert_true(loaded);
    t->bus = qpci_new_pc(t->qts, NULL);
    t->dev = qpci_device_find(t->bus, QPCI_DEVFN(4, 0));
    g_assert_nonnull(t->dev);
    t->bar0.addr = qpci_config_readl(t->dev, PCI_BASE_ADDRESS_0) & ~0xfu;
    g_assert_cmphex(t->bar0.addr, !=, 0);
}

/*
 * Migrate: save the stopped VM to a file, quit that QEMU and start a
 * fresh one with the same nv-gpu (@device: its properties) from the file.
 */
static void nv_migrate(NVTest *t, const char *device)
{
    g_autofree char *dir = g_dir_make_tmp("nv-gpu-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "state", NULL);
    g_autofree char *args = g_strdup_printf(
        "-machine pc -nodefaults -device nv-gpu,%s,addr=04.0 "
        "-incoming 'exec:cat %s'", device, path);

    migrate_to_file(t, path);
    nv_stop(t);
    nv_attach(t, args);
    unlink(path);
    rmdir(dir);
}

static void test_nv1_migration(void)
{
    NVTest t;
    uint32_t before[G_N_ELEMENTS(migrated_regs)];
    uint32_t vram[4], pal_index, time0;

    nv1_setup(&t);
    wr(&t, 0x600530, 640);
    wr(&t, 0x600570, 480);
    wr(&t, 0x400610, 0x12345678);               /* pattern bitmap */
    wr(&t, 0x4c0304, 0x00102030);
    wr(&t, 0x4c0400, 5 << 16 | 10);
    wr(&t, 0x4c0404, 2 << 16 | 3);
    wr(&t, 0x140, 1);
    wr(&t, 0x101140, 1);                        /* NV1 PTIMER at 0x101000 */
    wr(&t, 0x101410, rd(&t, 0x101400) + 32000); /* alarm 32 us ahead */
    wr(&t, 0x609000, 7);                        /* palette: red only */
    wr(&t, 0x609004, 0xaa);
    wr(&t, 0x003280, 0x00412345);               /* CACHE1 CTX[0] */
    wr(&t, 0x602200, 2);
    for (size_t i = 0; i < G_N_ELEMENTS(migrated_regs); i++) {
        before[i] = rd(&t, migrated_regs[i]);
    }
    for (int i = 0; i < 4; i++) {
        vram[i] = rd(&t, 0x1000000 + (5 * 640 + 9 + i) * 4);
    }
    pal_index = rd(&t, 0x609000);
    time0 = rd(&t, 0x101400);
    nv_migrate(&t, "model=nv1");
    for (size_t i = 0; i < G_N_ELEMENTS(migrated_regs); i++) {
        g_assert_cmphex(rd(&t, migrated_regs[i]), ==, before[i]);
    }
    for (int i = 0; i < 4; i++) {
        g_assert_cmphex(rd(&t, 0x1000000 + (5 * 640 + 9 + i) * 4), ==,
                        vram[i]);
    }
    g_assert_cmphex(vram[1], ==, 0x040200c0);
    g_assert_cmphex(rd(&t, 0x609000), ==, pal_index);
    /* The counter did not restart, and the alarm is still armed: 32 us
     * of virtual time later it fires (PMC line 20). */
    g_assert_cmphex(rd(&t, 0x101400), ==, time0);
    qtest_qmp_assert_success(t.qts, "{'execute': 'cont'}");
    qtest_clock_step(t.qts, 32000);
    g_assert_cmphex(rd(&t, 0x101100), ==, 1);
    g_assert_true(intx(&t));
    /* The palette write in flight completes: green, blue go to entry 7. */
    wr(&t, 0x609004, 0xbb);
    wr(&t, 0x609004, 0xcc);
    wr(&t, 0x60900c, 7);
    g_assert_cmphex(rd(&t, 0x609004), ==, 0xaa);
    g_assert_cmphex(rd(&t, 0x609004), ==, 0xbb);
    g_assert_cmphex(rd(&t, 0x609004), ==, 0xcc);
    /* Drawing goes on with the migrated object and colour. */
    wr(&t, 0x4c0400, 6 << 16 | 20);
    wr(&t, 0x4c0404, 1 << 16 | 1);
    g_assert_cmphex(rd(&t, 0x1000000 + (6 * 640 + 20) * 4), ==, 0x040200c0);
    nv_stop(&t);
}

/*
 * Every model migrates the state of the engines it has (the device's
 * fields plus one VMState subsection per engine it has, and none of the
 * others): a register of each such engine, set to a value that differs
 * from its reset value, reads the same on the destination.  The values
 * are plain storage in each block: PMC.INTR_ENABLE bits 0-1, PTIMER
 * INTR_EN bit 0 (ptimer.rst), NV1 PGRAPH's ACCESS and pattern bitmap and
 * CACHE1's subchannel context (docs/nv1.rst), the NV4 PFIFO's and PCRTC's INTR_EN,
 * PGRAPH's INTR_EN (0x400140, NV40 0x40013c), PRAMDAC's NVPLL
 * coefficients, NV40 PCLOCK's SPLL and PVP1's $r[1].
 */
typedef struct MigratedReg {
    uint32_t addr, val;
    const char *models;     /* space-separated, or NULL for every model */
} MigratedReg;

static const MigratedReg model_regs[] = {
    { 0x000140, 0x00000003, NULL },
    { 0x101140, 0x00000001, "nv1" },
    { 0x4006a4, 0x0f000100, "nv1" },    /* ACCESS.HOST: host writes */
    { 0x400610, 0x12345678, "nv1" },
    { 0x003280, 0x00412345, "nv1" },
    { 0x009140, 0x00000001, "nv20 nv25 nv30 nv34 nv40 nv43 nv44" },
    { 0x002140, 0x00000011, "nv20 nv25 nv30 nv34 nv40 nv43 nv44" },
    { 0x600140, 0x00000001, "nv20 nv25 nv30 nv34 nv40 nv43 nv44" },
    { 0x400140, 0x00000011, "nv20 nv25 nv30 nv34" },
    { 0x40013c, 0x00000011, "nv40 nv43 nv44" },
    { 0x680500, 0x00010d03, "nv20 nv25 nv30 nv34 nv40 nv43 nv44" },
    { 0x004008, 0x00000d03, "nv40 nv43 nv44" },
    { 0x00f784, 0x12345678, "nv43 nv44" },
};

static bool model_in(const char *model, const char *list)
{
    g_auto(GStrv) names = list ? g_strsplit(list, " ", -1) : NULL;

    return !list || g_strv_contains((const char *const *)names, model);
}

static void test_migration_model(const void *data)
{
    const ModelCase *c = data;
    g_autofree char *dev = g_strdup_printf("model=%s%s", c->model,
                                           strcmp(c->model, "nv1") ?
                                           ",romfile=" : "");
    NVTest t;

    nv_start(&t, c->model);
    for (size_t i = 0; i < G_N_ELEMENTS(model_regs); i++) {
        if (model_in(c->model, model_regs[i].models)) {
            g_assert_cmphex(rd(&t, model_regs[i].addr), !=,
                            model_regs[i].val);
            wr(&t, model_regs[i].addr, model_regs[i].val);
            g_assert_cmphex(rd(&t, model_regs[i].addr), ==,
                            model_regs[i].val);
        }
    }
    nv_migrate(&t, dev);
    for (size_t i = 0; i < G_N_ELEMENTS(model_regs); i++) {
        if (model_in(c->model, model_regs[i].models)) {
            g_assert_cmphex(rd(&t, model_regs[i].addr), ==,
                            model_regs[i].val);
        }
    }
    g_assert_cmphex(rd(&t, 0), ==, c->boot0);
    nv_stop(&t);
}

/*
 * PVP1 at BAR0 0xf000 on nv43/nv44 (docs/vp1.rst "MMIO", rnndb pvp1.xml).  The
 * set-up follows hwtest: reset VP1 with PMC.ENABLE bit 1, point the UCODE
 * addresses at VRAM 0x40000, upload the code there (here through BAR1),
 * then START 0xc0000000.  The code runs in slices of 4096 bundles, one per
 * 4096 ns of virtual time; exit with bit 16 raises PVP1 INTR bit 0, which
 * is PMC line 0 (PVPE).
 */
#define VP1_CODE        0x40000
#define VP1_V(n, w)     (0xf000 + 4 * (n) + 0x80 * (w))
#define VP1_R(n)        (0xf780 + 4 * (n))
#define VP1_L(n)        (0xf580 + 4 * (n))
#define VP1_INTR        0xf400
#define VP1_EXIT_CODE   0xf424
#define VP1_STATUS      0xf43c
#define VP1_START       0xfc94
#define VP1_BNOP        0xefffffff

static void vp1_setup(NVTest *t, const char *model)
{
    nv_start(t, model);
    wr(t, 0x140, 1);                    /* PMC: hardware interrupts */
    wr(t, 0x200, 0xfffffffd);           /* reset VP1 */
    wr(t, 0x200, 0xffffffff);
    wr(t, 0xf464, VP1_CODE);
    wr(t, 0xf468, VP1_CODE);
    wr(t, 0xf46c, VP1_CODE);
    wr(t, 0xfc90, 1);
    wr(t, 0xf474, 0x111);
    wr(t, 0xf404, 1);                   /* INTR_EN: the exit interrupt */
}

static void vp1_run(NVTest *t, const uint32_t *code, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        qpci_io_writel(t->dev, t->bar1, VP1_CODE + 4 * i, code[i]);
    }
    wr(t, VP1_START, 0xc0000000);
    g_assert_cmphex(rd(t, VP1_STATUS), ==, 1);
    g_assert_false(intx(t));
    qtest_clock_step(t->qts, 4096);     /* one slice */
}

/* vadd unsigned (0x9c) $v3 $v1 $v2, then exit 0x5a with bit 16. */
static const uint32_t vp1_simd[] = {
    0x9c1845c7, 0xff01005a, VP1_BNOP, VP1_BNOP,
};

static void vp1_check_exit(NVTest *t, uint32_t code)
{
    g_assert_cmphex(rd(t, VP1_STATUS), ==, 0);
    g_assert_cmphex(rd(t, VP1_EXIT_CODE), ==, code);
    g_assert_cmphex(rd(t, VP1_INTR), ==, 1);
    g_assert_cmphex(rd(t, 0x100), ==, 1);       /* PMC line 0 */
    g_assert_true(intx(t));
    wr(t, VP1_INTR, 1);
    g_assert_false(intx(t));
}

/*
 * A 16-byte saturating add: bytes f0 10 7f 00 + 20 20 01 00 per word give
 * 0xf0 + 0x20 = 0x110 -> 0xff, 0x30, 0x80, 0 = 0x008030ff in each word.
 * Then test-vp1.c's $l loop: $l0 = 0x0303 counts 3, 2, 1, 0, so the body
 * and its delay slot run 4 times: $r1 0x10 -> 0x14, $r2 0 -> 4, and $l0
 * reloads to 0x0303.
 */
static void test_vp1_programs(const void *data)
{
    static const uint32_t loop[] = {
        0xf0000303, VP1_BNOP, VP1_BNOP, VP1_BNOP,   /* mov $l0 0x0303 */
        0x6c08400f,                 /* add $r1 $r1 1 */
        0xe30001a0,                 /* bra+loop $l0 if !$c0.lzf, +0 */
        0x6c10800f, VP1_BNOP,       /* add $r2 $r2 1 (delay slot) */
        0xff010042, VP1_BNOP, VP1_BNOP, VP1_BNOP,   /* exit 0x42, intr */
    };
    NVTest t;

    vp1_setup(&t, data);
    for (int w = 0; w < 4; w++) {
        wr(&t, VP1_V(1, w), 0x007f10f0);
        wr(&t, VP1_V(2, w), 0x00012020);
    }
    vp1_run(&t, vp1_simd, G_N_ELEMENTS(vp1_simd));
    vp1_check_exit(&t, 0x5a);
    for (int w = 0; w < 4; w++) {
        g_assert_cmphex(rd(&t, VP1_V(3, w)), ==, 0x008030ff);
    }

    wr(&t, VP1_R(1), 0x10);
    vp1_run(&t, loop, G_N_ELEMENTS(loop));
    vp1_check_exit(&t, 0x42);
    g_assert_cmphex(rd(&t, VP1_R(1)), ==, 0x14);
    g_assert_cmphex(rd(&t, VP1_R(2)), ==, 4);
    g_assert_cmphex(rd(&t, VP1_L(0)), ==, 0x0303);
    nv_stop(&t);
}

/*
 * "bra +0 always" never exits: after 1 ms it still runs and the guest
 * still gets answers; START 0 stops it, and the SIMD program then runs:
 * 0xff + 0x01 saturates to 0xff.
 */
static void test_vp1_endless(const void *data)
{
    static const uint32_t endless[] = {
        0xe00001e4, VP1_BNOP, VP1_BNOP, VP1_BNOP,
    };
    NVTest t;

    vp1_setup(&t, data);
    vp1_run(&t, endless, G_N_ELEMENTS(endless));
    qtest_clock_step(t.qts, 1000000);
    g_assert_cmphex(rd(&t, VP1_STATUS), ==, 1);
    g_assert_cmphex(rd(&t, 0xf680), ==, 0x8000);    /* $c0: bit 15 */
    wr(&t, VP1_START, 0);
    g_assert_cmphex(rd(&t, VP1_STATUS), ==, 0);
    g_assert_false(intx(&t));

    wr(&t, VP1_V(1, 0), 0xff);
    wr(&t, VP1_V(2, 0), 0x01);
    vp1_run(&t, vp1_simd, G_N_ELEMENTS(vp1_simd));
    vp1_check_exit(&t, 0x5a);
    g_assert_cmphex(rd(&t, VP1_V(3, 0)), ==, 0xff);
    nv_stop(&t);
}

/*
 * Migration between START and the first slice: the code fetched at START,
 * the register files and the armed slice all move, so one slice after
 * 'cont' the SIMD add has run (0x008030ff per word, as above).
 */
static void test_vp1_migration(void)
{
    NVTest t;

    vp1_setup(&t, "nv43");
    for (int w = 0; w < 4; w++) {
        wr(&t, VP1_V(1, w), 0x007f10f0);
        wr(&t, VP1_V(2, w), 0x00012020);
    }
    for (size_t i = 0; i < G_N_ELEMENTS(vp1_simd); i++) {
        qpci_io_writel(t.dev, t.bar1, VP1_CODE + 4 * i, vp1_simd[i]);
    }
    wr(&t, VP1_R(5), 0x55);
    wr(&t, VP1_START, 0xc0000000);
    nv_migrate(&t, "model=nv43,romfile=");
    g_assert_cmphex(rd(&t, VP1_STATUS), ==, 1);
    g_assert_cmphex(rd(&t, VP1_R(5)), ==, 0x55);
    qtest_qmp_assert_success(t.qts, "{'execute': 'cont'}");
    qtest_clock_step(t.qts, 4096);
    vp1_check_exit(&t, 0x5a);
    for (int w = 0; w < 4; w++) {
        g_assert_cmphex(rd(&t, VP1_V(3, w)), ==, 0x008030ff);
    }
    nv_stop(&t);
}

/*
 * PFIFO set up the way nouveau's nv40 FIFO code does (docs/pfifo.rst):
 * RAMHT at RAMIN 0x10000 (0x2210 = search 128 | 4 KiB | 0x10000 >> 8),
 * RAMFC at RAMIN 0x20000, channel 0 in DMA mode with its pushbuffer at
 * VRAM 0x100000 behind the DMA object at RAMIN 0x12000 (class 0x3d |
 * PT_PRESENT | PT_LINEAR, limit 0xffff).
 */
static void fifo_setup(NVTest *t, const char *model)
{
    qpci_io_writel(t->dev, t->ramin, 0x12000, 0x303d);
    qpci_io_writel(t->dev, t->ramin, 0x12004, 0xffff);
    qpci_io_writel(t->dev, t->ramin, 0x12008, 0x100000);
    /* channel 0's RAMFC: PUT = GET = 0, DMA_INSTANCE 0x12000 >> 4 */
    qpci_io_writel(t->dev, t->ramin, 0x20000, 0);
    qpci_io_writel(t->dev, t->ramin, 0x20004, 0);
    qpci_io_writel(t->dev, t->ramin, 0x2000c, 0x1200);
    wr(t, 0x2210, 0x03000100);
    /*
     * RAMFC: NV40-NV43 take the RAMIN address >> 16; the NV44 family a
     * VRAM address, and its RAMIN's 512 KiB blocks run down from the end
     * of the 64 MiB: RAMIN 0x20000 is in block 0, VRAM 0x4000000 -
     * 0x80000 + 0x20000 = 0x3fa0000 (nouveau's fifo/nv40.c formula).
     */
    wr(t, 0x2220, strcmp(model, "nv44") ? 0x30002 : 0x303fa);
    wr(t, 0x2504, 1);                   /* channel 0 in DMA mode */
    wr(t, 0x2500, 1);                   /* CACHES.REASSIGN */
    wr(t, 0x3200, 1);                   /* PUSH0 and PULL0; switching to */
    wr(t, 0x3250, 1);                   /* channel 0 enables DMA_PUSH */
}

/* Write @n pushbuffer words at its start and hand them to PFIFO. */
static void fifo_push(NVTest *t, const uint32_t *push, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        qpci_io_writel(t->dev, t->bar1, 0x100000 + 4 * i, push[i]);
    }
    wr(t, 0xc00040, 4 * n);             /* DMA_PUT */
}

/*
 * The SIMD program started through PFIFO: an NV41_VP1 object, handle
 * 0xbeef0001, in channel 0.  RAMHT slot by nvkm_ramht_hash (9 bits):
 * 0xbeef0001 gives pieces 0x001, 0x180, 0x1bb, 0x017, xor 0x02d, channel
 * 0: entry at 0x10000 + 0x2d * 8 = 0x10168; context 0 << 23 | engine 4 <<
 * 20 | 0x12300 >> 4 = 0x00401230.  The pushbuffer: OBJECT, PARAM[0] =
 * 0x1234, EXEC 0 (vp1_fifo.xml).
 */
static void test_vp1_fifo(const void *data)
{
    static const uint32_t push[] = {
        1 << 18 | 0x000, 0xbeef0001,
        1 << 18 | 0x400, 0x1234,
        1 << 18 | 0x300, 0,
    };
    /*
     * Channel 0, subchannel 0; vp1_fifo.xml names: PARAM[0] at 0x400.  The
     * puller hands OBJECT the object's instance in 16-byte units, as the
     * RAMHT context has it: 0x1230.
     */
    static const char *const trace[] = {
        "ch 0 subc 0 NV41_VP1.OBJECT = 0x00001230",
        "ch 0 subc 0 NV41_VP1.PARAM[0] = 0x00001234",
        "ch 0 subc 0 NV41_VP1.EXEC = 0x00000000",
        NULL
    };
    NVTest t;

    trace_begin();
    vp1_setup(&t, data);
    for (size_t i = 0; i < G_N_ELEMENTS(vp1_simd); i++) {
        qpci_io_writel(t.dev, t.bar1, VP1_CODE + 4 * i, vp1_simd[i]);
    }
    fifo_setup(&t, data);
    qpci_io_writel(t.dev, t.ramin, 0x10168, 0xbeef0001);
    qpci_io_writel(t.dev, t.ramin, 0x1016c, 0x00401230);
    fifo_push(&t, push, G_N_ELEMENTS(push));

    g_assert_cmphex(rd(&t, 0xc00044), ==, sizeof(push));       /* DMA_GET */
    g_assert_cmphex(rd(&t, 0x2100), ==, 0);
    g_assert_cmphex(rd(&t, 0xfa00), ==, 0x1234);        /* $m[0] */
    g_assert_cmphex(rd(&t, VP1_STATUS), ==, 1);
    qtest_clock_step(t.qts, 4096);
    vp1_check_exit(&t, 0x5a);
    nv_stop(&t);
    trace_end(trace);
}

/*
 * Migration of a channel blocked on a semaphore (puller.rst): the
 * semaphore's DMA object at RAMIN 0x12100 (class 2, write-only rights
 * 0x8000, PT_PRESENT | PT_LINEAR: 0xb002; limit 0xfff; VRAM 0x200000),
 * handle 0xbeef0003: pieces 0x003, 0x180, 0x1bb, 0x017, xor 0x02f; entry
 * 0x10000 + 0x2f * 8 = 0x10178, context engine 0 | 0x12100 >> 4 = 0x1210.
 * DMA_SEMAPHORE, OFFSET 0x10, ACQUIRE 0x77 block the puller; after the
 * move the guest writes 0x77 and the RELEASE of 0x99 and REF_CNT 5 follow.
 */
static void test_pfifo_migration(void)
{
    static const uint32_t push[] = {
        3 << 18 | 0x060, 0xbeef0003, 0x10, 0x77,
        1 << 18 | 0x06c, 0x99,
        1 << 18 | 0x050, 5,
    };
    NVTest t;

    nv_start(&t, "nv40");
    fifo_setup(&t, "nv40");
    qpci_io_writel(t.dev, t.ramin, 0x12100, 0xb002);
    qpci_io_writel(t.dev, t.ramin, 0x12104, 0xfff);
    qpci_io_writel(t.dev, t.ramin, 0x12108, 0x200000);
    qpci_io_writel(t.dev, t.ramin, 0x10178, 0xbeef0003);
    qpci_io_writel(t.dev, t.ramin, 0x1017c, 0x1210);
    fifo_push(&t, push, G_N_ELEMENTS(push));
    g_assert_cmphex(rd(&t, 0x3254) & 0x10, ==, 0x10);  /* ACQUIRE_ACTIVE */
    g_assert_cmphex(rd(&t, 0xc00048), ==, 0);          /* REF */
    nv_migrate(&t, "model=nv40,romfile=");
    t.bar1.addr = qpci_config_readl(t.dev, PCI_BASE_ADDRESS_1) & ~0xfu;
    g_assert_cmphex(rd(&t, 0x3254) & 0x10, ==, 0x10);
    qtest_qmp_assert_success(t.qts, "{'execute': 'cont'}");
    qpci_io_writel(t.dev, t.bar1, 0x200010, 0x77);
    qtest_clock_step(t.qts, 1000000);
    g_assert_cmphex(rd(&t, 0x3254) & 0x10, ==, 0);
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1, 0x200010), ==, 0x99);
    g_assert_cmphex(rd(&t, 0xc00048), ==, 5);
    g_assert_cmphex(rd(&t, 0xc00044), ==, sizeof(push));
    nv_stop(&t);
}

/*
 * PGRAPH takes a channel's methods (docs/pgraph.rst "Objects and
 * methods"): an NV_NULL object (class 0x30) at RAMIN 0x13000 whose word B
 * names the notify DMA object at RAMIN 0x13100 (0x1310 << 16; class 0x3d,
 * PT_PRESENT | PT_LINEAR, limit 0x1f, VRAM 0x300000), handle 0xbeef0030:
 * pieces 0x030, 0x180, 0x1bb, 0x017, xor 0x01c; RAMHT entry 0x10000 +
 * 0x1c * 8 = 0x100e0, context engine 1 (PGRAPH) << 20 | 0x1300 =
 * 0x00101300.  Channel 0's graphics context: RAMFC word 0x38 = 0x1500.
 * The pushbuffer binds it on subchannel 1, asks for NOTIFY 1
 * (WRITE_AND_AWAKEN) and sends a NOP, after which the notifier's last two
 * words are 0 (they were all ones) and PGRAPH's INTR.NOTIFY (bit 0) and
 * PMC's PGRAPH line (bit 12) are up.
 */
static void test_pgraph_notify(void)
{
    static const uint32_t push[] = {
        1 << 18 | 1 << 13 | 0x000, 0xbeef0030,
        1 << 18 | 1 << 13 | 0x104, 1,
        1 << 18 | 1 << 13 | 0x100, 0,
    };
    static const char *const trace[] = {
        "ch 0 subc 1 NV_NULL.OBJECT = 0x00001300",
        "ch 0 subc 1 NV_NULL.NOTIFY = 0x00000001",
        "ch 0 subc 1 NV_NULL.NOP = 0x00000000",
        NULL
    };
    NVTest t;

    trace_begin();
    nv_start(&t, "nv40");
    fifo_setup(&t, "nv40");
    qpci_io_writel(t.dev, t.ramin, 0x20038, 0x1500);
    wr(&t, 0x400084, 0x401287c0);       /* nouveau's DEBUG_B: bit 20 */
    wr(&t, 0x40013c, 0xffffffff);       /* INTR_EN */
    qpci_io_writel(t.dev, t.ramin, 0x13000, 0x30);
    qpci_io_writel(t.dev, t.ramin, 0x13004, 0x13100000);
    qpci_io_writel(t.dev, t.ramin, 0x13100, 0x303d);
    qpci_io_writel(t.dev, t.ramin, 0x13104, 0x1f);
    qpci_io_writel(t.dev, t.ramin, 0x13108, 0x300000);
    qpci_io_writel(t.dev, t.ramin, 0x100e0, 0xbeef0030);
    qpci_io_writel(t.dev, t.ramin, 0x100e4, 0x00101300);
    for (int i = 0; i < 4; i++) {
        qpci_io_writel(t.dev, t.bar1, 0x300000 + 4 * i, 0xffffffff);
    }
    fifo_push(&t, push, G_N_ELEMENTS(push));
    g_assert_cmphex(rd(&t, 0xc00044), ==, sizeof(push));       /* DMA_GET */
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1, 0x300008), ==, 0);
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1, 0x30000c), ==, 0);
    g_assert_cmphex(rd(&t, 0x400100), ==, 1);
    g_assert_cmphex(rd(&t, 0x000100) & 0x1000, ==, 0x1000);
    g_assert_cmphex(rd(&t, 0x40032c), ==, 0x01001500);         /* CTXCTL_CUR */
    nv_stop(&t);
    trace_end(trace);
}

/*
 * An nv40 with PFIFO set up for channel 0, nouveau's DEBUG_B (bit 20: the
 * object cache goes to CTX_SWITCH) and the RAMIN words @ramin (address,
 * value).
 */
static void pgraph_start(NVTest *t, const uint32_t (*ramin)[2], size_t n)
{
    nv_start(t, "nv40");
    fifo_setup(t, "nv40");
    wr(t, 0x400084, 0x401287c0);
    for (size_t i = 0; i < n; i++) {
        qpci_io_writel(t->dev, t->ramin, ramin[i][0], ramin[i][1]);
    }
}

/*
 * nouveau's fbcon drawing through a real nv40 pushbuffer, and a blit
 * migrated while it runs (docs/pgraph.rst "2D classes", "Long work").
 * RAMIN: a DMA object over all of VRAM at 0x12010 (class 0x3d,
 * PT_PRESENT | PT_LINEAR, limit 0x0fffffff), SURFACE_2D (0x62) at
 * 0x13000, GDI (0x4a) at 0x13020, BLIT (0x9f) at 0x13040.  RAMHT slots
 * by nvkm_ramht_hash (9 bits, channel 0; pieces from the bottom, xor):
 * 0xbeef1001: 0x001 0x188 0x1bb 0x017 -> 0x025, entry 0x10128, context
 * engine 0 | 0x1201; 0xbeef0062: 0x062 0x180 0x1bb 0x017 -> 0x04e,
 * 0x10270, engine 1 (PGRAPH) << 20 | 0x1300; 0xbeef004a -> 0x066,
 * 0x10330, 0x00101302; 0xbeef009f: 0x09f 0x180 0x1bb 0x017 -> 0x0b3,
 * 0x10598, 0x00101304.  The surface as nouveau's nv04_fbcon sets it up
 * at 32 bpp (format 6, X8R8G8B8_Z8R8G8B8: the top byte is written 0),
 * pitch 8192, at VRAM 0x300000.
 *
 * The GDI fill of 0x11223344 at (2, 1), 3x2 is done once PFIFO has the
 * pushbuffer: pixel (4, 2) at 0x300000 + 2 * 8192 + 4 * 4 = 0x304010 is
 * 0x00223344.  The blit of 1280x1024 pixels from (0, 0) to (0, 1024) is
 * 5120 work units of 256 pixels, more than one PFIFO slice (4096), so
 * PGRAPH is still busy (STATUS bit 0) when the device migrates, its top
 * rows not copied yet (a blit down the surface copies bottom up); after
 * the move the rest runs on PFIFO's timer.  Source pixels (0, 0) = 0x01020304
 * and (1279, 1023) = 0xcafebabe land at (0, 1024): 0x300000 + 1024 *
 * 8192 = 0xb00000, value 0x00020304, and (1279, 2047): 0x300000 + 2047 *
 * 8192 + 1279 * 4 = 0x12ff3fc, value 0x00febabe.
 */
static void test_pgraph_2d_migration(void)
{
    static const uint32_t push[] = {
        1 << 18 | 0 << 13 | 0x000, 0xbeef0062,
        2 << 18 | 0 << 13 | 0x184, 0xbeef1001, 0xbeef1001,
        4 << 18 | 0 << 13 | 0x300, 6, 8192 << 16 | 8192, 0x300000, 0x300000,
        1 << 18 | 1 << 13 | 0x000, 0xbeef004a,
        1 << 18 | 1 << 13 | 0x198, 0xbeef0062,
        1 << 18 | 1 << 13 | 0x304, 1,
        1 << 18 | 1 << 13 | 0x300, 3,
        1 << 18 | 1 << 13 | 0x2fc, 3,
        3 << 18 | 1 << 13 | 0x3fc, 0x11223344, 2 << 16 | 1, 3 << 16 | 2,
        1 << 18 | 2 << 13 | 0x000, 0xbeef009f,
        1 << 18 | 2 << 13 | 0x19c, 0xbeef0062,
        1 << 18 | 2 << 13 | 0x2fc, 3,
        3 << 18 | 2 << 13 | 0x300, 0, 1024 << 16, 1024 << 16 | 1280,
    };
    static const uint32_t ramin[][2] = {
        { 0x12010, 0x303d }, { 0x12014, 0x0fffffff }, { 0x12018, 0 },
        { 0x13000, 0x62 }, { 0x13020, 0x4a }, { 0x13040, 0x9f },
        { 0x10128, 0xbeef1001 }, { 0x1012c, 0x00001201 },
        { 0x10270, 0xbeef0062 }, { 0x10274, 0x00101300 },
        { 0x10330, 0xbeef004a }, { 0x10334, 0x00101302 },
        { 0x10598, 0xbeef009f }, { 0x1059c, 0x00101304 },
        { 0x20038, 0x1500 },        /* channel 0's graphics context */
    };
    NVTest t;

    pgraph_start(&t, ramin, G_N_ELEMENTS(ramin));
    qpci_io_writel(t.dev, t.bar1, 0x300000, 0x01020304);
    qpci_io_writel(t.dev, t.bar1, 0x300000 + 1023 * 8192 + 1279 * 4,
                   0xcafebabe);
    fifo_push(&t, push, G_N_ELEMENTS(push));
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1, 0x304010), ==, 0x00223344);
    g_assert_cmphex(rd(&t, 0x400700) & 1, ==, 1);               /* busy */
    /* the blit runs bottom up (its destination is below its source) */
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1, 0x12ff3fc), ==, 0x00febabe);
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1, 0xb00000), ==, 0);
    g_assert_cmphex(rd(&t, 0x400100), ==, 0);

    nv_migrate(&t, "model=nv40,romfile=");
    t.bar1.addr = qpci_config_readl(t.dev, PCI_BASE_ADDRESS_1) & ~0xfu;
    qtest_qmp_assert_success(t.qts, "{'execute': 'cont'}");
    qtest_clock_step(t.qts, 1000000);
    g_assert_cmphex(rd(&t, 0x400700), ==, 0);
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1, 0xb00000), ==, 0x00020304);
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1, 0x12ff3fc), ==, 0x00febabe);
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1, 0x304010), ==, 0x00223344);
    g_assert_cmphex(rd(&t, 0xc00044), ==, sizeof(push));       /* DMA_GET */
    g_assert_cmphex(rd(&t, 0x400100), ==, 0);
    nv_stop(&t);
}

/*
 * A triangle drawn through a channel (docs/3d.rst): on nv40, a Curie 3D
 * object (class 0x4097) at RAMIN 0x13000, handle 0xbeef4097: hash pieces
 * 0x097, 0x1a0, 0x1bb, 0x017, xor 0x09b, RAMHT entry 0x10000 + 0x9b * 8
 * = 0x104d8, context engine 1 (PGRAPH) << 20 | 0x1300.  The pushbuffer
 * binds it on subchannel 1 and uploads the program "MOV o[POS] = v[0];
 * MOV o[COL0] = v[3], LAST" as Mesa's nv30 driver encodes Curie
 * programs (nv40_vertprog.h, nvfx_vertprog.c): words 0x401f9c6c (VEC_RESULT,
 * no temp, condition TR with identity swizzle), 0x0040000d (MOV, input
 * 0, SRC0's high bits), 0x8106c083 (SRC0's low bits, SRC1, SRC2's high
 * bits: unused inputs, identity swizzle), 0x6041ef80 (SRC2's low bits,
 * write mask XYZW, no scalar temp, output 0); the second instruction
 * reads input 3 (0x0040030d) into output 1, with LAST (0x6041ef85);
 * ENGINE 0x11 as Mesa sends it (the program, not NV40's fixed
 * function: a new context's XF_C says MODE FIXED).  The viewport is translate (320, 240, 0.5), scale (320, 240, 0.5).  Then
 * BEGIN_END TRIANGLES (5), three positions by VTX_ATTR_4F(0) (0x1c00,
 * its W completing each vertex) and BEGIN_END STOP.
 *
 * Clip (0, 0, 0, 1), (1, 0, 0, 1), (0, 1, 0, 1) are inside the view
 * volume; window x = 320 x + 320, y = 240 y + 240, z = 0.5 z + 0.5:
 * (320, 240, 0.5), (640, 240, 0.5), (320, 480, 0.5), 1/w = 1.  Right,
 * then down and left: clockwise as the window shows it, y down (twice
 * the signed area with y up, sum of (x_i - x_i+1)(y_i + y_i+1), is
 * -153600 + 230400 + 0 > 0; docs/3d.rst "Faces"), so front-facing with
 * FRONT_FACE (0x1834) CW (GL's 0x0900); no polygon offset.
 */
static void test_3d_triangle(void)
{
#define F(x)    ((union { float f; uint32_t u; }) { .f = (x) }).u
#define M(n, mthd)  ((n) << 18 | 1 << 13 | (mthd))
    const uint32_t push[] = {
        M(1, 0x000), 0xbeef4097,
        M(1, 0x1e9c), 0,
        M(4, 0xb80), 0x401f9c6c, 0x0040000d, 0x8106c083, 0x6041ef80,
        M(4, 0xb80), 0x401f9c6c, 0x0040030d, 0x8106c083, 0x6041ef85,
        M(1, 0x1ea0), 0, M(1, 0x1e94), 0x11,
        M(4, 0xa20), F(320), F(240), F(0.5), 0,
        M(4, 0xa30), F(320), F(240), F(0.5), 0,
        M(1, 0x1834), 0x0900,
        M(1, 0x1808), 5,
        M(4, 0x1c00), 0, 0, 0, F(1),
        M(4, 0x1c00), F(1), 0, 0, F(1),
        M(4, 0x1c00), 0, F(1), 0, F(1),
        M(1, 0x1808), 0,
    };
    static const char *const trace[] = {
        "triangle front z_offset 0 (320 240 0.5 1 size 0) "
        "(640 240 0.5 1 size 0) (320 480 0.5 1 size 0)",
        NULL
    };
    NVTest t;

    trace_begin_event("nv_vtx_prim");
    nv_start(&t, "nv40");
    fifo_setup(&t, "nv40");
    qpci_io_writel(t.dev, t.ramin, 0x20038, 0x1500);
    wr(&t, 0x400084, 0x401287c0);       /* nouveau's DEBUG_B: bit 20 */
    qpci_io_writel(t.dev, t.ramin, 0x13000, 0x4097);
    qpci_io_writel(t.dev, t.ramin, 0x104d8, 0xbeef4097);
    qpci_io_writel(t.dev, t.ramin, 0x104dc, 0x00101300);
    fifo_push(&t, push, G_N_ELEMENTS(push));
    g_assert_cmphex(rd(&t, 0xc00044), ==, sizeof(push));       /* DMA_GET */
    g_assert_cmphex(rd(&t, 0x400100), ==, 0);                  /* no INTR */
    nv_stop(&t);
    trace_end(trace);
#undef M
#undef F
}

/*
 * A draw migrated while it runs (docs/3d.rst "Bounded work"), on nv40.
 * RAMIN: the VRAM DMA object 0xbeef1001 and the Curie 3D object
 * 0xbeef4097 of the tests above.  The pushbuffer binds the object, names
 * the DMA object for DMA_TEXTURE0 (0x184, the fragment program's) and
 * DMA_COLOR0 (0x194); a 2048x2048 A8R8G8B8 linear surface (RT_HORIZ/VERT
 * 2048 << 16, RT_FORMAT 0x148: COLOR 8, ZETA Z24S8 2 << 5, LINEAR 1 << 8;
 * COLOR0_PITCH 8192, COLOR0_OFFSET 0x1000000, RT_ENABLE COLOR0,
 * COLOR_MASK every channel), the scissor and the viewport's rectangle off
 * (0x10000000 twice each) and clip
 * rectangle 0 over the surface (2047 << 16); the vertex program of
 * test_3d_triangle() (o[0] = v[0], o[1], Curie's COL0, = v[3]); the
 * fragment program at VRAM 0x300000 in DMA_TEXTURE0 (FP_ACTIVE_PROGRAM
 * 0x300001): MOV R0 = f[COL0] with END, in Mesa's fields (nvfx_shader.h),
 * 0x01003e01 0x1c9dc801 0 0; viewport scale 2048 (translate 0); colour
 * v[3] (1, 0.5, 0.25, 1); TRIANGLES at clip (0, 0), (1, 0), (0, 1):
 * window (0, 0), (2048, 0), (0, 2048).
 *
 * Pixel (x, y) is inside when x + y <= 2046 (the diagonal's centres, x +
 * y = 2047, lie on a bottom-right edge); inside it is A 255, R 255, G
 * round(0.5 * 255) = 128, B round(0.25 * 255) = 64: 0xffff8040.  The
 * triangle's box is 1024 x 1024 quad positions: 16384 units of 64, four
 * PFIFO slices of 4096, and the rows go top down: after the push row 0
 * is drawn and row 2000 not, PGRAPH busy.  After the move the rest is
 * drawn on PFIFO's timer: (0, 2000), (1023, 1023) and (2046, 0) are
 * 0xffff8040, (2047, 0) and (1024, 1023) untouched (0).
 */
static void test_3d_migration(void)
{
#define F(x)    ((union { float f; uint32_t u; }) { .f = (x) }).u
#define M(n, mthd)  ((n) << 18 | 1 << 13 | (mthd))
    const uint32_t push[] = {
        M(1, 0x000), 0xbeef4097,
        M(1, 0x184), 0xbeef1001, M(1, 0x194), 0xbeef1001,
        M(3, 0x200), 2048 << 16, 2048 << 16, 0x148,
        M(2, 0x20c), 8192, 0x1000000, M(1, 0x220), 1,
        M(1, 0x324), 0x01010101,
        M(2, 0x8c0), 0x10000000, 0x10000000,
        M(2, 0xa00), 0x10000000, 0x10000000,
        M(2, 0x2c0), 2047 << 16, 2047 << 16,
        M(1, 0x1e9c), 0,
        M(4, 0xb80), 0x401f9c6c, 0x0040000d, 0x8106c083, 0x6041ef80,
        M(4, 0xb80), 0x401f9c6c, 0x0040030d, 0x8106c083, 0x6041ef85,
        M(1, 0x1ea0), 0, M(1, 0x1e94), 0x11,
        M(1, 0x8e4), 0x300001,
        M(4, 0xa20), 0, 0, F(0.5), 0,
        M(4, 0xa30), F(2048), F(2048), F(0.5), 0,
        M(4, 0x1c30), F(1), F(0.5), F(0.25), F(1),
        M(1, 0x1808), 5,
        M(4, 0x1c00), 0, 0, 0, F(1),
        M(4, 0x1c00), F(1), 0, 0, F(1),
        M(4, 0x1c00), 0, F(1), 0, F(1),
        M(1, 0x1808), 0,
    };
    static const uint32_t ramin[][2] = {
        { 0x12010, 0x303d }, { 0x12014, 0x0fffffff }, { 0x12018, 0 },
        { 0x10128, 0xbeef1001 }, { 0x1012c, 0x00001201 },
        { 0x13000, 0x4097 },
        { 0x104d8, 0xbeef4097 }, { 0x104dc, 0x00101300 },
        { 0x20038, 0x1500 },        /* channel 0's graphics context */
    };
    static const uint32_t fprog[] = { 0x01003e01, 0x1c9dc801, 0, 0 };
    NVTest t;

    pgraph_start(&t, ramin, G_N_ELEMENTS(ramin));
    for (size_t i = 0; i < G_N_ELEMENTS(fprog); i++) {
        qpci_io_writel(t.dev, t.bar1, 0x300000 + 4 * i, fprog[i]);
    }
    fifo_push(&t, push, G_N_ELEMENTS(push));
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1, 0x1000000), ==, 0xffff8040);
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1, 0x1000000 + 2000 * 8192),
                    ==, 0);
    g_assert_cmphex(rd(&t, 0x400700) & 1, ==, 1);               /* busy */

    nv_migrate(&t, "model=nv40,romfile=");
    t.bar1.addr = qpci_config_readl(t.dev, PCI_BASE_ADDRESS_1) & ~0xfu;
    qtest_qmp_assert_success(t.qts, "{'execute': 'cont'}");
    qtest_clock_step(t.qts, 1000000);
    g_assert_cmphex(rd(&t, 0x400700), ==, 0);
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1, 0x1000000 + 2000 * 8192),
                    ==, 0xffff8040);
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1,
                                  0x1000000 + 1023 * 8192 + 1023 * 4),
                    ==, 0xffff8040);
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1, 0x1000000 + 2046 * 4),
                    ==, 0xffff8040);
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1, 0x1000000 + 2047 * 4),
                    ==, 0);
    g_assert_cmphex(qpci_io_readl(t.dev, t.bar1,
                                  0x1000000 + 1023 * 8192 + 1024 * 4),
                    ==, 0);
    g_assert_cmphex(rd(&t, 0xc00044), ==, sizeof(push));       /* DMA_GET */
    g_assert_cmphex(rd(&t, 0x400100), ==, 0);
    nv_stop(&t);
#undef M
#undef F
}

/* Before NV41 0xf000 is unassigned: $r1 does not keep a value. */
static void test_vp1_absent(void)
{
    NVTest t;

    nv_start(&t, "nv40");
    wr(&t, VP1_R(1), 0x1234);
    g_assert_cmphex(rd(&t, VP1_R(1)), ==, 0);
    g_assert_cmphex(rd(&t, VP1_STATUS), ==, 0);
    nv_stop(&t);
}

/* ---- NV2x-NV4x display ---------------------------------------------- */

/*
 * The VGA ports of each head are byte registers inside BAR0 windows
 * (nouveau dispnv04/nvreg.h, hw.h): PRMCIO 0x601000 (CRTC, attribute
 * controller, input status), PRMVIO 0x0c0000 (sequencer, graphics
 * controller, misc), PRMDIO 0x681000 (palette DAC); head B's at +0x2000
 * (PRMVIO's only on NV40).  The window offset is the port number.
 */
#define PRMCIO(h, port)     (0x601000 + (h) * 0x2000 + (port))
#define PRMVIO(h, port)     (0x0c0000 + (h) * 0x2000 + (port))
#define PRMDIO(h, port)     (0x681000 + (h) * 0x2000 + (port))

static uint8_t rd8(NVTest *t, uint32_t addr)
{
    return qpci_io_readb(t->dev, t->bar0, addr);
}

static void wr8(NVTest *t, uint32_t addr, uint8_t val)
{
    qpci_io_writeb(t->dev, t->bar0, addr, val);
}

/* hw.h NVWriteVgaCrtc()/NVReadVgaCrtc(). */
static void wrcr(NVTest *t, unsigned head, uint8_t idx, uint8_t val)
{
    wr8(t, PRMCIO(head, 0x3d4), idx);
    wr8(t, PRMCIO(head, 0x3d5), val);
}

static uint8_t rdcr(NVTest *t, unsigned head, uint8_t idx)
{
    wr8(t, PRMCIO(head, 0x3d4), idx);
    return rd8(t, PRMCIO(head, 0x3d5));
}

static void wrsr(NVTest *t, unsigned head, uint8_t idx, uint8_t val)
{
    wr8(t, PRMVIO(head, 0x3c4), idx);
    wr8(t, PRMVIO(head, 0x3c5), val);
}

static uint8_t rdsr(NVTest *t, unsigned head, uint8_t idx)
{
    wr8(t, PRMVIO(head, 0x3c4), idx);
    return rd8(t, PRMVIO(head, 0x3c5));
}

/*
 * CRTC registers through MMIO on nv40, both heads.  CR1F (rnndb
 * nv_vga.xml LOCK): reset locked, reads 0, extended registers (CR19+)
 * read 0 and ignore writes; 0x57 unlocks (reads 3) for both heads
 * (nouveau NVLockVgaCrtcs() writes head A only).  CR13 (standard) and
 * CR19/CR28 (extended) keep per-head values; PRMVIO has a window per head
 * on NV40 and PRMDIO a palette per head.
 */
static void test_crtc_mmio(void)
{
    NVTest t;

    nv_start(&t, "nv40");
    g_assert_cmphex(rdcr(&t, 0, 0x1f), ==, 0);
    wrcr(&t, 0, 0x28, 0x03);
    g_assert_cmphex(rdcr(&t, 0, 0x28), ==, 0);
    wrcr(&t, 0, 0x13, 0xa0);
    wrcr(&t, 1, 0x13, 0x50);
    wrcr(&t, 0, 0x1f, 0x57);
    g_assert_cmphex(rdcr(&t, 0, 0x1f), ==, 3);
    wrcr(&t, 0, 0x19, 0x20);
    wrcr(&t, 1, 0x19, 0x40);
    wrcr(&t, 0, 0x28, 0x03);
    wrcr(&t, 1, 0x28, 0x02);
    g_assert_cmphex(rdcr(&t, 0, 0x13), ==, 0xa0);
    g_assert_cmphex(rdcr(&t, 1, 0x13), ==, 0x50);
    g_assert_cmphex(rdcr(&t, 0, 0x19), ==, 0x20);
    g_assert_cmphex(rdcr(&t, 1, 0x19), ==, 0x40);
    g_assert_cmphex(rdcr(&t, 0, 0x28), ==, 0x03);
    g_assert_cmphex(rdcr(&t, 1, 0x28), ==, 0x02);
    g_assert_cmphex(rd8(&t, PRMCIO(1, 0x3d4)), ==, 0x28);
    wrcr(&t, 0, 0x1f, 0x99);                    /* nouveau's lock value */
    g_assert_cmphex(rdcr(&t, 0, 0x1f), ==, 0);
    g_assert_cmphex(rdcr(&t, 1, 0x19), ==, 0);
    g_assert_cmphex(rdcr(&t, 1, 0x13), ==, 0x50);
    wrsr(&t, 0, 0x01, 0x21);
    wrsr(&t, 1, 0x01, 0x01);
    g_assert_cmphex(rdsr(&t, 0, 0x01), ==, 0x21);
    g_assert_cmphex(rdsr(&t, 1, 0x01), ==, 0x01);
    /* Palette entry 3 of head B: three writes, three reads. */
    wr8(&t, PRMDIO(1, 0x3c8), 3);
    wr8(&t, PRMDIO(1, 0x3c9), 0x3f);
    wr8(&t, PRMDIO(1, 0x3c9), 0x15);
    wr8(&t, PRMDIO(1, 0x3c9), 0x2a);
    wr8(&t, PRMDIO(1, 0x3c7), 3);
    g_assert_cmphex(rd8(&t, PRMDIO(1, 0x3c9)), ==, 0x3f);
    g_assert_cmphex(rd8(&t, PRMDIO(1, 0x3c9)), ==, 0x15);
    g_assert_cmphex(rd8(&t, PRMDIO(1, 0x3c9)), ==, 0x2a);
    wr8(&t, PRMDIO(0, 0x3c7), 3);
    g_assert_cmphex(rd8(&t, PRMDIO(0, 0x3c9)), ==, 0);
    nv_stop(&t);
}

/* screendump into a PPM; returns its contents, checks it is w x h P6. */
static char *screendump(NVTest *t, unsigned w, unsigned h, const uint8_t **px)
{
    g_autofree char *dir = g_dir_make_tmp("nv-gpu-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "shot.ppm", NULL);
    g_autofree char *hdr = g_strdup_printf("P6\n%u %u\n255\n", w, h);
    char *ppm = NULL;
    size_t len;
    QDict *resp;

    resp = qtest_qmp(t->qts, "{'execute': 'screendump', "
                     "'arguments': {'filename': %s}}", path);
    g_assert_false(qdict_haskey(resp, "error"));
    qobject_unref(resp);
    g_assert_true(g_file_get_contents(path, &ppm, &len, NULL));
    unlink(path);
    rmdir(dir);
    g_assert_cmpuint(len, ==, strlen(hdr) + (size_t)w * h * 3);
    g_assert_true(g_str_has_prefix(ppm, hdr));
    *px = (const uint8_t *)ppm + strlen(hdr);
    return ppm;
}

static uint32_t ppm_px(const uint8_t *px, unsigned w, unsigned x, unsigned y)
{
    const uint8_t *p = px + ((size_t)y * w + x) * 3;

    return p[0] << 16 | p[1] << 8 | p[2];
}

/*
 * 640x480 at 60 Hz (DMT: hsync 656-752, htotal 800; vsync 490-492,
 * vtotal 525; -hsync -vsync), 32 bpp, as nouveau's dispnv04/crtc.c
 * nv_crtc_mode_set_vga() computes it:
 *
 *   horizDisplay = 640/8 - 1 = 0x4f, horizStart = 656/8 + 1 = 0x53,
 *   horizEnd = 752/8 + 1 = 0x5f, horizTotal = 800/8 - 5 = 0x5f,
 *   horizBlankStart = 0x4f, horizBlankEnd = 800/8 - 1 = 0x63,
 *   vertDisplay = 479 = 0x1df, vertStart = 489 = 0x1e9,
 *   vertEnd = 491 = 0x1eb, vertTotal = 523 = 0x20b,
 *   vertBlankStart = 0x1df, vertBlankEnd = 524 = 0x20c.
 *
 *   CR00 0x5f, CR01 0x4f, CR02 0x4f, CR03 0x80 | (0x63 & 0x1f) = 0x83,
 *   CR04 0x53, CR05 (0x63 bit 5 = 1) << 7 | (0x5f & 0x1f) = 0x9f,
 *   CR06 0x0b, CR07 = VDT_9 (0x20b: 1) << 5 | 1 << 4 | VBS_8 (0x1df: 1)
 *   << 3 | VRS_8 (0x1e9: 1) << 2 | VDE_8 (1) << 1 | VDT_8 (0) = 0x3e,
 *   CR09 = 1 << 6 | VBS_9 (0) << 5 = 0x40, CR10 0xe9,
 *   CR11 = 1 << 5 | (0x1eb & 0xf) = 0x2b, CR12 0xdf,
 *   CR13 = pitch 2560 / 8 = 320 -> 0x40, CR15 0xdf, CR16 0x0c,
 *   CR17 0x43, CR18 0xff, other CR0x 0;
 *   CR19 = (320 >> 8) << 5 = 0x20, CR42 = 0, CR1A = 0x04 (< 1280 wide),
 *   CR25 = HBE_6 (0x63 >> 6 & 1 = 1) << 4 = 0x10, CR2D = 0, CR41 = 0,
 *   CR28 = (24 + 1) / 8 = 3.
 *
 * MISC 0xe3; PRAMDAC GENERAL_CONTROL = BPC_8BITS | VGA_STATE_SEL |
 * PIXMIX_ON | PIPE_LONG = 0x20100130; PCRTC START 0x100000; SR01 0x21
 * (screen off) while programming, then 0x01.
 */
static const uint8_t mode_640x480[0x19] = {
    0x5f, 0x4f, 0x4f, 0x83, 0x53, 0x9f, 0x0b, 0x3e,
    0x00, 0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0xe9, 0x2b, 0xdf, 0x40, 0x00, 0xdf, 0x0c, 0x43,
    0xff,
};

#define FB_START    0x100000
#define FB_PITCH    2560

static void vram_px(NVTest *t, unsigned x, unsigned y, uint32_t v)
{
    qpci_io_writel(t->dev, t->bar1, FB_START + y * FB_PITCH + x * 4, v);
}

static void set_mode_640x480(NVTest *t)
{
    wrcr(t, 0, 0x1f, 0x57);
    wrsr(t, 0, 0x00, 0x01);
    wrsr(t, 0, 0x01, 0x21);
    wr8(t, PRMVIO(0, 0x3c2), 0xe3);
    for (uint8_t i = 0; i < sizeof(mode_640x480); i++) {
        wrcr(t, 0, i, mode_640x480[i]);
    }
    wrcr(t, 0, 0x19, 0x20);
    wrcr(t, 0, 0x42, 0x00);
    wrcr(t, 0, 0x1a, 0x04);
    wrcr(t, 0, 0x25, 0x10);
    wrcr(t, 0, 0x2d, 0x00);
    wrcr(t, 0, 0x41, 0x00);
    wrcr(t, 0, 0x28, 0x03);
    wr(t, 0x680600, 0x20100130);
    wr(t, 0x600800, FB_START);
    wrsr(t, 0, 0x00, 0x03);
    wrsr(t, 0, 0x01, 0x01);
}

static void test_modeset_screendump(void)
{
    NVTest t;
    g_autofree char *ppm = NULL, *ppm2 = NULL;
    const uint8_t *px;

    nv_start(&t, "nv40");
    set_mode_640x480(&t);

    /* x8r8g8b8: the top byte is not shown. */
    vram_px(&t, 0, 0, 0x00ff0000);
    vram_px(&t, 639, 0, 0x0000ff00);
    vram_px(&t, 0, 479, 0x000000ff);
    vram_px(&t, 639, 479, 0xffffffff);
    vram_px(&t, 320, 240, 0x00123456);
    vram_px(&t, 100, 100, 0xff808080);
    ppm = screendump(&t, 640, 480, &px);
    g_assert_cmphex(ppm_px(px, 640, 0, 0), ==, 0xff0000);
    g_assert_cmphex(ppm_px(px, 640, 639, 0), ==, 0x00ff00);
    g_assert_cmphex(ppm_px(px, 640, 0, 479), ==, 0x0000ff);
    g_assert_cmphex(ppm_px(px, 640, 639, 479), ==, 0xffffff);
    g_assert_cmphex(ppm_px(px, 640, 320, 240), ==, 0x123456);
    g_assert_cmphex(ppm_px(px, 640, 100, 100), ==, 0x808080);
    g_assert_cmphex(ppm_px(px, 640, 321, 240), ==, 0x000000);

    /* SR01 bit 5 turns the screen off: the same pixels show black. */
    wrsr(&t, 0, 0x01, 0x21);
    ppm2 = screendump(&t, 640, 480, &px);
    g_assert_cmphex(ppm_px(px, 640, 320, 240), ==, 0x000000);
    g_assert_cmphex(ppm_px(px, 640, 0, 0), ==, 0x000000);
    nv_stop(&t);
}

/*
 * Migration of a display in use (issue 7): nv40 scanning out 640x480x32
 * from VRAM, VBLANK enabled, a palette entry half written through
 * PRMDIO, the attribute controller's flip-flop on data, head B's CRTC
 * programmed differently.  After loading into a fresh QEMU the registers,
 * the picture and the in-flight VGA state are the same, and VBLANK still
 * fires (PMC line 24) within one 60 Hz frame.
 */
static void test_display_migration(void)
{
    static const struct { unsigned head; uint8_t cr; } crs[] = {
        { 0, 0x01 }, { 0, 0x12 }, { 0, 0x13 }, { 0, 0x19 }, { 0, 0x28 },
        { 0, 0x44 }, { 1, 0x13 }, { 1, 0x28 },
    };
    static const uint32_t regs[] = {
        0x600140, 0x600800, 0x680600, 0x602800, 0x682600, 0x101000,
    };
    NVTest t;
    g_autofree char *ppm = NULL, *ppm2 = NULL;
    const uint8_t *px;
    uint8_t cr_before[G_N_ELEMENTS(crs)];
    uint32_t before[G_N_ELEMENTS(regs)];

    nv_start(&t, "nv40");
    set_mode_640x480(&t);
    vram_px(&t, 0, 0, 0x00ff0000);
    vram_px(&t, 639, 479, 0x0000ff00);
    vram_px(&t, 320, 240, 0x00123456);
    wrcr(&t, 1, 0x13, 0x55);
    wrcr(&t, 1, 0x28, 0x01);
    wr(&t, 0x602800, 0x00200000);
    wr(&t, 0x600140, 1);                        /* VBLANK enabled */
    wr(&t, 0x600100, 1);                        /* and nothing pending */
    wr8(&t, PRMDIO(0, 0x3c8), 0x21);            /* entry 0x21: red only */
    wr8(&t, PRMDIO(0, 0x3c9), 0x3f);
    rd8(&t, PRMCIO(0, 0x3da));
    wr8(&t, PRMCIO(0, 0x3c0), 0x34);            /* AR14, flip-flop on data */
    for (size_t i = 0; i < G_N_ELEMENTS(crs); i++) {
        cr_before[i] = rdcr(&t, crs[i].head, crs[i].cr);
    }
    for (size_t i = 0; i < G_N_ELEMENTS(regs); i++) {
        before[i] = rd(&t, regs[i]);
    }
    ppm = screendump(&t, 640, 480, &px);
    g_assert_cmphex(ppm_px(px, 640, 320, 240), ==, 0x123456);
    nv_migrate(&t, "model=nv40,romfile=");
    for (size_t i = 0; i < G_N_ELEMENTS(crs); i++) {
        g_assert_cmphex(rdcr(&t, crs[i].head, crs[i].cr), ==, cr_before[i]);
    }
    for (size_t i = 0; i < G_N_ELEMENTS(regs); i++) {
        g_assert_cmphex(rd(&t, regs[i]), ==, before[i]);
    }
    ppm2 = screendump(&t, 640, 480, &px);
    g_assert_cmphex(ppm_px(px, 640, 0, 0), ==, 0xff0000);
    g_assert_cmphex(ppm_px(px, 640, 639, 479), ==, 0x00ff00);
    g_assert_cmphex(ppm_px(px, 640, 320, 240), ==, 0x123456);
    g_assert_cmphex(ppm_px(px, 640, 321, 240), ==, 0x000000);
    /* The attribute write in flight lands in AR14. */
    wr8(&t, PRMCIO(0, 0x3c0), 0x0c);
    wr8(&t, PRMCIO(0, 0x3c0), 0x34);
    g_assert_cmphex(rd8(&t, PRMCIO(0, 0x3c1)), ==, 0x0c);
    /* The palette entry completes with green and blue. */
    wr8(&t, PRMDIO(0, 0x3c9), 0x01);
    wr8(&t, PRMDIO(0, 0x3c9), 0x02);
    wr8(&t, PRMDIO(0, 0x3c7), 0x21);
    g_assert_cmphex(rd8(&t, PRMDIO(0, 0x3c9)), ==, 0x3f);
    g_assert_cmphex(rd8(&t, PRMDIO(0, 0x3c9)), ==, 0x01);
    g_assert_cmphex(rd8(&t, PRMDIO(0, 0x3c9)), ==, 0x02);
    /* The VBLANK timer was re-armed by post_load: one frame fires it. */
    qtest_qmp_assert_success(t.qts, "{'execute': 'cont'}");
    qtest_clock_step(t.qts, 16666667);
    g_assert_cmphex(rd(&t, 0x600100), ==, 1);
    g_assert_cmphex(rd(&t, 0x000100) & (1u << 24), ==, 1u << 24);
    nv_stop(&t);
}

/* ---- VBIOS ----------------------------------------------------------- */

typedef struct VbiosCase {
    const char *model;
    uint16_t device_id;
    uint8_t chip;           /* BOOT_0 bits 20-27 */
} VbiosCase;

static const VbiosCase vbios_cases[] = {
    { "nv20", 0x0200, 0x20 }, { "nv25", 0x0250, 0x25 },
    { "nv30", 0x0301, 0x30 }, { "nv34", 0x0322, 0x34 },
    { "nv40", 0x0040, 0x40 }, { "nv43", 0x0140, 0x43 },
    { "nv44", 0x0161, 0x44 },
};

#define VBIOS_SIZE  0x10000

static uint16_t le16(const uint8_t *p)
{
    return p[0] | p[1] << 8;
}

static uint32_t le32(const uint8_t *p)
{
    return le16(p) | (uint32_t)le16(p + 2) << 16;
}

/*
 * The image as nouveau reads it (roms/README.md "What nouveau requires",
 * nvkm/subdev/bios/): 0x55aa, size byte 0x80 (64 KiB), all bytes summing
 * to 0; PCIR at the pointer at 0x18 with 10de and the model's device id,
 * image length 0x80 units, code type 0, last image; exactly one BIT
 * ("\xff\xb8BIT") with 'i' (chip at +2 = BOOT_0 >> 20) and 'I' (script
 * table at +0, its first script starting with INIT_ZM_REG 0x7a on
 * PMC_ENABLE 0x200); DCB 3.0 at the pointer at 0x36 (signature
 * 0x4edcbdcb at +6), entry 0 a CRT on I2C 0, head A, DAC A, 400 MHz
 * (0x01000100, 0x00000028), entry 1 the end (type 0xe); its I2C table
 * (pointer at DCB +4) entry 0 = drive CR3F, sense CR3E, type 0.
 */
static void check_vbios(const VbiosCase *c, const uint8_t *rom)
{
    const uint8_t *p, *e, *bit = NULL;
    uint8_t sum = 0;
    uint16_t pcir, dcb, i2c, off;
    unsigned nbit = 0;

    g_assert_cmphex(rom[0], ==, 0x55);
    g_assert_cmphex(rom[1], ==, 0xaa);
    g_assert_cmphex(rom[2], ==, 0x80);
    for (size_t i = 0; i < VBIOS_SIZE; i++) {
        sum += rom[i];
    }
    g_assert_cmphex(sum, ==, 0);

    pcir = le16(rom + 0x18);
    g_assert_cmpuint(pcir + 0x18, <=, VBIOS_SIZE);
    g_assert_cmpmem(rom + pcir, 4, "PCIR", 4);
    g_assert_cmphex(le16(rom + pcir + 4), ==, 0x10de);
    g_assert_cmphex(le16(rom + pcir + 6), ==, c->device_id);
    g_assert_cmphex(le16(rom + pcir + 0x10), ==, 0x80);
    g_assert_cmphex(rom[pcir + 0x14], ==, 0);
    g_assert_cmphex(rom[pcir + 0x15] & 0x80, ==, 0x80);

    for (size_t i = 1; i + 5 <= VBIOS_SIZE; i++) {
        if (!memcmp(rom + i, "\xff\xb8" "BIT", 5)) {
            bit = rom + i;
            nbit++;
        }
    }
    g_assert_cmpuint(nbit, ==, 1);
    /* bit.c: entry size at +9, count at +10, entries from +12. */
    for (unsigned n = 0; n < bit[10]; n++) {
        e = bit + 12 + n * bit[9];
        off = le16(e + 4);
        g_assert_cmpuint(off + 16, <=, VBIOS_SIZE);
        if (e[0] == 'i') {
            g_assert_cmpuint(le16(e + 2), >=, 15);
            g_assert_cmphex(rom[off + 2], ==, c->chip);
            nbit |= 0x100;
        } else if (e[0] == 'I') {
            uint16_t table = le16(rom + off), script;

            g_assert_cmpuint(le16(e + 2), >=, 14);
            g_assert_cmpuint(table + 2, <=, VBIOS_SIZE);
            script = le16(rom + table);
            g_assert_cmpuint(script + 9, <=, VBIOS_SIZE);
            g_assert_cmphex(rom[script], ==, 0x7a);
            g_assert_cmphex(le32(rom + script + 1), ==, 0x000200);
            nbit |= 0x200;
        }
    }
    g_assert_cmphex(nbit, ==, 0x301);

    dcb = le16(rom + 0x36);
    g_assert_cmpuint(dcb + 0x16 + 16, <=, VBIOS_SIZE);
    p = rom + dcb;
    g_assert_cmphex(p[0], ==, 0x30);
    g_assert_cmphex(le32(p + 6), ==, 0x4edcbdcb);
    g_assert_cmpuint(p[3], ==, 8);
    e = p + p[1];
    g_assert_cmphex(le32(e), ==, 0x01000100);
    g_assert_cmphex(le32(e + 4), ==, 0x00000028);
    g_assert_cmphex(le32(e + p[3]) & 0xf, ==, 0xe);
    i2c = le16(p + 4);
    g_assert_cmpuint(i2c + 16, <=, VBIOS_SIZE);
    e = rom + i2c + rom[i2c + 1];
    g_assert_cmphex(e[0], ==, 0x3f);
    g_assert_cmphex(e[1], ==, 0x3e);
    g_assert_cmphex(e[3], ==, 0x00);
}

/*
 * Each NV2x+ model's VBIOS, read back through PROM (BAR0 0x300000,
 * nouveau shadowrom.c) and PRAMIN (BAR0 0x700000, shadowramin.c: the
 * image a POSTed card has at the start of instance memory), must be the
 * romfile byte for byte and parse as above.  The image comes from
 * roms/mkvbios ($NV_MKVBIOS, run here with the stub x86 part); without
 * it, from the device's default romfile if it is in the firmware
 * directory of a QEMU build tree (scripts/lib.sh nv_link_firmware()).
 */
static void test_vbios(const void *data)
{
    const VbiosCase *c = data;
    const char *mkvbios = g_getenv("NV_MKVBIOS");
    g_autofree char *dir = g_dir_make_tmp("nv-gpu-XXXXXX", NULL);
    g_autofree char *file = g_build_filename(dir, "vbios.bin", NULL);
    g_autofree char *opts = NULL, *image = NULL, *bundled = NULL;
    g_autofree uint8_t *prom = g_malloc(VBIOS_SIZE);
    g_autofree uint8_t *pramin = g_malloc(VBIOS_SIZE);
    size_t len;
    NVTest t;

    if (mkvbios && *mkvbios) {
        const char *argv[] = { mkvbios, c->model, file, NULL };
        int status;

        g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT,
                                   NULL, NULL, NULL, NULL, &status, NULL));
        g_assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        opts = g_strdup_printf(",romfile=%s", file);
    } else {
        g_autofree char *qdir =
            g_path_get_dirname(g_getenv("QTEST_QEMU_BINARY"));

        bundled = g_strdup_printf("%s/qemu-bundle/usr/local/share/qemu/"
                                  "vgabios-%s.bin", qdir, c->model);
        if (!g_file_test(bundled, G_FILE_TEST_EXISTS)) {
            g_test_skip("no NV_MKVBIOS and no vgabios-MODEL.bin in the "
                        "QEMU build tree");
            rmdir(dir);
            return;
        }
        g_free(file);
        file = g_strdup(bundled);
        opts = g_strdup("");
    }
    g_assert_true(g_file_get_contents(file, &image, &len, NULL));
    g_assert_cmpuint(len, ==, VBIOS_SIZE);

    nv_start_opts(&t, c->model, opts);
    qpci_memread(t.dev, t.bar0, 0x300000, prom, VBIOS_SIZE);
    qpci_memread(t.dev, t.bar0, 0x700000, pramin, VBIOS_SIZE);
    g_assert_cmpmem(prom, VBIOS_SIZE, image, VBIOS_SIZE);
    g_assert_cmpmem(pramin, VBIOS_SIZE, image, VBIOS_SIZE);
    check_vbios(c, prom);
    /* Past the image PROM reads as erased ROM. */
    g_assert_cmphex(rd(&t, 0x300000 + VBIOS_SIZE), ==, 0xffffffff);
    nv_stop(&t);
    if (!bundled) {
        unlink(file);
    }
    rmdir(dir);
}

/* ---- DDC ------------------------------------------------------------- */

/*
 * An I2C master bit-banged on CR3F (drive: bit 5 SCL, bit 4 SDA, bit 0
 * set as nouveau's busnv04.c writes it) and CR3E (sense: bit 2 SCL, bit
 * 3 SDA), one line changing per write as nvkm/subdev/i2c/bit.c does.
 */
typedef struct Ddc {
    NVTest *t;
    bool scl, sda;
} Ddc;

static void ddc_set(Ddc *d, bool scl, bool sda)
{
    d->scl = scl;
    d->sda = sda;
    wrcr(d->t, 0, 0x3f, (scl ? 0x20 : 0) | (sda ? 0x10 : 0) | 0x01);
}

static bool ddc_sda(Ddc *d)
{
    return rdcr(d->t, 0, 0x3e) & 0x08;
}

static void ddc_start(Ddc *d)
{
    ddc_set(d, d->scl, true);
    ddc_set(d, true, true);
    ddc_set(d, true, false);        /* SDA falls while SCL is high */
    ddc_set(d, false, false);
}

static void ddc_stop(Ddc *d)
{
    ddc_set(d, false, false);
    ddc_set(d, true, false);
    ddc_set(d, true, true);         /* SDA rises while SCL is high */
}

/* Returns whether the device ACKed. */
static bool ddc_write(Ddc *d, uint8_t byte)
{
    bool ack;

    for (int i = 7; i >= 0; i--) {
        bool b = byte >> i & 1;

        ddc_set(d, false, b);
        ddc_set(d, true, b);
        ddc_set(d, false, b);
    }
    ddc_set(d, false, true);
    ddc_set(d, true, true);
    ack = !ddc_sda(d);
    ddc_set(d, false, true);
    return ack;
}

static uint8_t ddc_read(Ddc *d, bool ack)
{
    uint8_t byte = 0;

    ddc_set(d, false, true);
    for (int i = 0; i < 8; i++) {
        ddc_set(d, true, true);
        byte = byte << 1 | ddc_sda(d);
        ddc_set(d, false, true);
    }
    ddc_set(d, false, !ack);
    ddc_set(d, true, !ack);
    ddc_set(d, false, !ack);
    ddc_set(d, false, true);
    return byte;
}

/*
 * EDID over DDC (VESA E-DDC: the monitor's EEPROM at I2C address 0x50):
 * write 0xa0 and offset 0, repeated start, 0xa1, read 128 bytes.  Block 0
 * starts with the fixed header 00 ff ff ff ff ff ff 00 and its 128 bytes
 * sum to 0 mod 256 (EDID 1.3 checksum).  Nothing answers at 0x51 (0xa2):
 * no ACK.  Both lines read high at rest (pulled up).
 */
static void test_ddc_edid(void)
{
    static const uint8_t header[8] = { 0, 0xff, 0xff, 0xff, 0xff, 0xff,
                                       0xff, 0 };
    NVTest t;
    Ddc d = { &t, true, true };
    uint8_t edid[128], sum = 0;

    nv_start(&t, "nv40");
    wrcr(&t, 0, 0x1f, 0x57);
    g_assert_cmphex(rdcr(&t, 0, 0x3e) & 0x0c, ==, 0x0c);

    ddc_start(&d);
    g_assert_false(ddc_write(&d, 0xa2));
    ddc_stop(&d);

    ddc_start(&d);
    g_assert_true(ddc_write(&d, 0xa0));
    g_assert_true(ddc_write(&d, 0x00));
    ddc_start(&d);
    g_assert_true(ddc_write(&d, 0xa1));
    for (int i = 0; i < 128; i++) {
        edid[i] = ddc_read(&d, i < 127);
        sum += edid[i];
    }
    ddc_stop(&d);
    g_assert_cmpmem(edid, 8, header, 8);
    g_assert_cmphex(sum, ==, 0);
    g_assert_cmphex(rdcr(&t, 0, 0x3e) & 0x0c, ==, 0x0c);
    nv_stop(&t);
}

/* Start QEMU with @device and expect it to refuse with @msg. */
static void expect_start_failure(const char *device, const char *msg)
{
    const char *qemu = g_getenv("QTEST_QEMU_BINARY");
    g_autofree char *out = NULL, *err = NULL;
    const char *argv[] = { qemu, "-machine", "pc", "-nodefaults",
                           "-display", "none", "-S", "-device", device, NULL };
    int status;

    g_assert_nonnull(qemu);
    g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT,
                               NULL, NULL, &out, &err, &status, NULL));
    g_assert_false(g_spawn_check_wait_status(status, NULL));
    if (!strstr(err, msg)) {
        g_test_message("stderr: %s", err);
    }
    g_assert_nonnull(strstr(err, msg));
}

static void test_bad_model(void)
{
    expect_start_failure("nv-gpu,model=nv99",
                         "nv-gpu: unknown model 'nv99'; valid models: nv1, "
                         "nv20, nv25, nv30, nv34, nv40, nv43, nv44");
}

static void test_bad_vram(void)
{
    /* 100M = 104857600 bytes; nv40 has 128, 256 or 512 MiB. */
    expect_start_failure("nv-gpu,model=nv40,vram-size=100M",
                         "nv-gpu: vram-size 104857600 is not valid for "
                         "model nv40; valid sizes: 128M, 256M, 512M");
    expect_start_failure("nv-gpu,model=nv1,vram-size=8M",
                         "valid sizes: 1M, 2M, 4M");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    for (size_t i = 0; i < G_N_ELEMENTS(models); i++) {
        g_autofree char *path = g_strdup_printf("/nv-gpu/ids/%s",
                                                models[i].model);
        qtest_add_data_func(path, &models[i], test_ids);
    }
    qtest_add_func("/nv-gpu/ptimer/clock-step", test_ptimer_clock);
    qtest_add_func("/nv-gpu/ptimer/alarm-irq", test_ptimer_alarm);
    qtest_add_func("/nv-gpu/pramin/bar1", test_pramin);
    qtest_add_func("/nv-gpu/unknown-register", test_unknown);
    qtest_add_func("/nv-gpu/nv1/rect", test_nv1_rect);
    qtest_add_func("/nv-gpu/nv1/screendump", test_nv1_screendump);
    qtest_add_func("/nv-gpu/nv1/user-area", test_nv1_user);
    qtest_add_func("/nv-gpu/nv1/ifm-itm-dma", test_nv1_dma);
    qtest_add_func("/nv-gpu/nv1/interrupts", test_nv1_interrupts);
    qtest_add_func("/nv-gpu/nv1/xy", test_nv1_xy);
    qtest_add_func("/nv-gpu/nv1/vblank-pdma-irq", test_nv1_vblank_pdma);
    qtest_add_func("/nv-gpu/xf/pipe-run-nv20", test_xf_pipe);
    qtest_add_func("/nv-gpu/nv1/migration", test_nv1_migration);
    for (size_t i = 0; i < G_N_ELEMENTS(models); i++) {
        g_autofree char *path = g_strdup_printf("/nv-gpu/migration/%s",
                                                models[i].model);
        qtest_add_data_func(path, &models[i], test_migration_model);
    }
    qtest_add_func("/nv-gpu/xf/timeout-nv30", test_xf_timeout_nv30);
    qtest_add_data_func("/nv-gpu/xf/curie-nv40", "nv40", test_xf_curie);
    qtest_add_data_func("/nv-gpu/xf/curie-nv43", "nv43", test_xf_curie);
    qtest_add_data_func("/nv-gpu/vp1/programs-nv43", "nv43",
                        test_vp1_programs);
    qtest_add_data_func("/nv-gpu/vp1/programs-nv44", "nv44",
                        test_vp1_programs);
    qtest_add_data_func("/nv-gpu/vp1/endless-nv43", "nv43", test_vp1_endless);
    qtest_add_data_func("/nv-gpu/vp1/endless-nv44", "nv44", test_vp1_endless);
    qtest_add_func("/nv-gpu/vp1/migration-nv43", test_vp1_migration);
    qtest_add_data_func("/nv-gpu/vp1/fifo-nv43", "nv43", test_vp1_fifo);
    qtest_add_data_func("/nv-gpu/vp1/fifo-nv44", "nv44", test_vp1_fifo);
    qtest_add_func("/nv-gpu/pfifo/migration-nv40", test_pfifo_migration);
    qtest_add_func("/nv-gpu/pgraph/notify-nv40", test_pgraph_notify);
    qtest_add_func("/nv-gpu/pgraph/3d-triangle-nv40", test_3d_triangle);
    qtest_add_func("/nv-gpu/pgraph/3d-migration-nv40", test_3d_migration);
    qtest_add_func("/nv-gpu/pgraph/2d-migration-nv40",
                   test_pgraph_2d_migration);
    qtest_add_func("/nv-gpu/vp1/absent-nv40", test_vp1_absent);
    qtest_add_func("/nv-gpu/display/crtc-mmio-nv40", test_crtc_mmio);
    qtest_add_func("/nv-gpu/display/migration", test_display_migration);
    qtest_add_func("/nv-gpu/display/modeset-640x480x32",
                   test_modeset_screendump);
    qtest_add_func("/nv-gpu/display/ddc-edid", test_ddc_edid);
    for (size_t i = 0; i < G_N_ELEMENTS(vbios_cases); i++) {
        g_autofree char *path = g_strdup_printf("/nv-gpu/vbios/%s",
                                                vbios_cases[i].model);
        qtest_add_data_func(path, &vbios_cases[i], test_vbios);
    }
    qtest_add_func("/nv-gpu/props/bad-model", test_bad_model);
    qtest_add_func("/nv-gpu/props/bad-vram", test_bad_vram);
    return g_test_run();
}
