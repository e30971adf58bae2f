/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: NV4-style DMA objects (hw/nv/mem/dmaobj.c), built the
 * way nouveau builds them (nvkm/engine/dma/usernv04.c): word 0 class | 0x1000
 * PT_PRESENT | 0x2000 PT_LINEAR | rights << 14 | target << 16 | adjust << 20,
 * word 1 the limit, word 2 on one PTE per 4 KiB page (docs/pfifo.rst
 * "Inferred behaviour").  The expected addresses are worked out by hand in
 * each test's comment.
 */
#include <glib.h>
#include <string.h>

#include "hw/nv/mem/dmaobj.h"
#include "hw/nv/mem/pramin.h"
#include "test-host.h"

#define OBJ         0x1000      /* RAMIN address of the object under test */

/* Words 0 and 1, then the PTEs from word 2 on. */
static void put_obj(TestHost *th, uint32_t w0, uint32_t limit,
                    const uint32_t *pte, unsigned n)
{
    th_ramin_wr(th, OBJ, w0);
    th_ramin_wr(th, OBJ + 4, limit);
    for (unsigned i = 0; i < n; i++) {
        th_ramin_wr(th, OBJ + 8 + 4 * i, pte[i]);
    }
}

static NVDmaObj load(TestHost *th)
{
    NVDmaObj o;

    nv_dmaobj_load(&th->card, OBJ, &o);
    return o;
}

/* Translating @len bytes at @off of @o for a read gives @target, @addr. */
static void expect_at(TestHost *th, const NVDmaObj *o, uint32_t off,
                      uint32_t len, NVDmaObjTarget target, uint64_t addr)
{
    NVDmaObjTarget t;
    uint64_t a;

    g_assert_cmpint(nv_dmaobj_translate(&th->card, o, off, len, false, &t, &a),
                    ==, NV_DMAOBJ_OK);
    g_assert_cmpint(t, ==, target);
    g_assert_cmphex(a, ==, addr);
}

/* How reading the dword at @off of @o ends, the value aside. */
static NVDmaObjFault fault32(TestHost *th, const NVDmaObj *o, uint32_t off)
{
    uint32_t v;

    return nv_dmaobj_read32(&th->card, o, off, &v);
}

/*
 * A linear VRAM object, class 0x3d, adjust 0x123, limit 0x1fff, base page
 * 0x200000: w0 = 0x3d | 0x3000 | 0x123 << 20 = 0x1230303d.  Offset 0x10 is
 * VRAM 0x200000 + 0x123 + 0x10 = 0x200133; eight bytes from there are read
 * as they lie, and a write lands at the same place.
 */
static void test_vram(void)
{
    TestHost *th = th_new("nv40", 0);
    const uint32_t pte[] = { 0x200000 };
    uint8_t buf[8], in[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    uint32_t v;
    NVDmaObj o;

    put_obj(th, 0x1230303d, 0x1fff, pte, 1);
    o = load(th);
    g_assert_cmphex(o.cls, ==, 0x3d);
    g_assert_true(o.present && o.linear);
    g_assert_cmpuint(o.target, ==, NV_DMAOBJ_TARGET_VRAM);
    g_assert_cmphex(o.adjust, ==, 0x123);
    g_assert_cmphex(o.limit, ==, 0x1fff);

    expect_at(th, &o, 0x10, 8, NV_DMAOBJ_TARGET_VRAM, 0x200133);

    memcpy(th->vram + 0x200133, "abcdefgh", 8);
    g_assert_cmpint(nv_dmaobj_read(&th->card, &o, 0x10, buf, 8), ==,
                    NV_DMAOBJ_OK);
    g_assert_cmpmem(buf, 8, "abcdefgh", 8);
    g_assert_cmpint(nv_dmaobj_write(&th->card, &o, 0x10, in, 8), ==,
                    NV_DMAOBJ_OK);
    g_assert_cmpmem(th->vram + 0x200133, 8, in, 8);
    /* the dword at 0x10 is bytes 1-4, little-endian */
    g_assert_cmpint(nv_dmaobj_read32(&th->card, &o, 0x10, &v), ==,
                    NV_DMAOBJ_OK);
    g_assert_cmphex(v, ==, 0x04030201);
    th_free(th);
}

/*
 * A PCI object with a page table, class 0x3d, adjust 0xff8, limit 0x1fff:
 * w0 = 0x3d | 0x1000 | 2 << 16 | 0xff8 << 20 = 0xff82103d, PTE 0 = 0x3003
 * (bus page 0x3000, present, writable), PTE 1 = 0x7003.  Offset 0 is
 * 0xff8 into page 0: bus 0x3ff8; offset 8 is 0x1000, the start of page 1:
 * bus 0x7000.  Sixteen bytes from 0 are 0x3ff8-0x3fff then 0x7000-0x7007.
 */
static void test_pci_pages(void)
{
    TestHost *th = th_new("nv40", 0);
    const uint32_t pte[] = { 0x3003, 0x7003 };
    uint8_t buf[16], in[16];
    NVDmaObj o;

    put_obj(th, 0xff82103d, 0x1fff, pte, 2);
    o = load(th);
    g_assert_false(o.linear);
    g_assert_cmpuint(o.target, ==, NV_DMAOBJ_TARGET_PCI);

    expect_at(th, &o, 0, 8, NV_DMAOBJ_TARGET_PCI, 0x3ff8);
    expect_at(th, &o, 8, 8, NV_DMAOBJ_TARGET_PCI, 0x7000);

    for (unsigned i = 0; i < 8; i++) {
        th->sysmem[0x3ff8 + i] = 0x10 + i;
        th->sysmem[0x7000 + i] = 0x20 + i;
    }
    g_assert_cmpint(nv_dmaobj_read(&th->card, &o, 0, buf, 16), ==,
                    NV_DMAOBJ_OK);
    for (unsigned i = 0; i < 8; i++) {
        g_assert_cmphex(buf[i], ==, 0x10 + i);
        g_assert_cmphex(buf[8 + i], ==, 0x20 + i);
    }
    for (unsigned i = 0; i < 16; i++) {
        in[i] = 0xa0 + i;
    }
    g_assert_cmpint(nv_dmaobj_write(&th->card, &o, 0, in, 16), ==,
                    NV_DMAOBJ_OK);
    g_assert_cmpmem(th->sysmem + 0x3ff8, 8, in, 8);
    g_assert_cmpmem(th->sysmem + 0x7000, 8, in + 8, 8);

    /* PTE 1 not present: page 0's eight bytes come, then the fault */
    th_ramin_wr(th, OBJ + 12, 0x7002);
    memset(buf, 0, sizeof(buf));
    g_assert_cmpint(nv_dmaobj_read(&th->card, &o, 0, buf, 16), ==,
                    NV_DMAOBJ_FAULT_NOT_PRESENT);
    g_assert_cmphex(buf[7], ==, 0xa7);
    g_assert_cmphex(buf[8], ==, 0);
    th_free(th);
}

/*
 * Limit 0xfff (a linear VRAM object at 0x100000, w0 = 0x303d): the last
 * byte is offset 0xfff, so the dword at 0xffc fits and one at 0xffd does
 * not; sixteen bytes from 0xff8 end at 0x1007, and nothing is read.  The
 * limit counts in object offsets, before the adjust.
 */
static void test_limit(void)
{
    TestHost *th = th_new("nv40", 0);
    const uint32_t pte[] = { 0x100000 };
    uint8_t buf[16];
    NVDmaObj o;

    put_obj(th, 0x303d, 0xfff, pte, 1);
    o = load(th);
    g_assert_cmpint(fault32(th, &o, 0xffc), ==, NV_DMAOBJ_OK);
    g_assert_cmpint(fault32(th, &o, 0xffd), ==, NV_DMAOBJ_FAULT_LIMIT);
    memset(buf, 0x55, sizeof(buf));
    th->vram[0x100ff8] = 0x99;
    g_assert_cmpint(nv_dmaobj_read(&th->card, &o, 0xff8, buf, 16), ==,
                    NV_DMAOBJ_FAULT_LIMIT);
    g_assert_cmphex(buf[0], ==, 0x55);
    /* with the largest limit, a dword from 0xfffffffe ends past it */
    th_ramin_wr(th, OBJ + 4, 0xffffffff);
    o = load(th);
    g_assert_cmpint(fault32(th, &o, 0xfffffffe), ==, NV_DMAOBJ_FAULT_LIMIT);

    /* PT_PRESENT clear (w0 = 0x203d): nothing at all */
    th_ramin_wr(th, OBJ, 0x203d);
    o = load(th);
    g_assert_cmpint(fault32(th, &o, 0), ==, NV_DMAOBJ_FAULT_NOT_PRESENT);
    /* target 1 (w0 = 0x1303d) names no memory */
    th_ramin_wr(th, OBJ, 0x1303d);
    o = load(th);
    g_assert_cmpint(fault32(th, &o, 0), ==, NV_DMAOBJ_FAULT_TARGET);
    th_free(th);
}

/*
 * nv40's default VRAM is 256 MiB, ending at 0x10000000: a linear object at
 * 0xffff000 (w0 = 0x303d, limit 0x1fff) has its last VRAM dword at offset
 * 0xffc; a dword at 0x1000 is past VRAM.  A PCI object at bus 0x10000 is
 * past the fake host's 64 KiB of memory, and the host refuses it.
 */
static void test_bus_faults(void)
{
    TestHost *th = th_new("nv40", 0);
    const uint32_t vram_pte[] = { 0xffff000 }, pci_pte[] = { 0x10000 };
    NVDmaObj o;

    g_assert_cmphex(th->card.vram_size, ==, 0x10000000);
    put_obj(th, 0x303d, 0x1fff, vram_pte, 1);
    o = load(th);
    g_assert_cmpint(fault32(th, &o, 0xffc), ==, NV_DMAOBJ_OK);
    g_assert_cmpint(nv_dmaobj_write32(&th->card, &o, 0x1000, 1), ==,
                    NV_DMAOBJ_FAULT_BUS);

    put_obj(th, 0x2303d, 0xfff, pci_pte, 1);
    o = load(th);
    g_assert_cmpint(fault32(th, &o, 0), ==, NV_DMAOBJ_FAULT_BUS);
    th_free(th);
}

/*
 * Rights (bits 14-15): a read-only object, linear in PCI memory at 0x1000
 * (w0 = 0x3d | 0x3000 | nouveau's RO 0x4000 | 2 << 16 = 0x2703d), reads
 * but refuses a write, which leaves memory alone.  A write-only one (WO
 * 0x8000: w0 = 0x2b03d) still reads: semaphore acquires read through such
 * objects (docs/hw/fifo/puller.rst).
 */
static void test_rights(void)
{
    TestHost *th = th_new("nv30", 0);
    const uint32_t pte[] = { 0x1000 };
    uint32_t v;
    NVDmaObj o;

    nv_st_le(th->sysmem + 0x1010, 0x12345678, 4);
    put_obj(th, 0x2703d, 0xfff, pte, 1);
    o = load(th);
    g_assert_cmpuint(o.rights, ==, NV_DMAOBJ_RIGHTS_RO);
    g_assert_cmpint(nv_dmaobj_read32(&th->card, &o, 0x10, &v), ==,
                    NV_DMAOBJ_OK);
    g_assert_cmphex(v, ==, 0x12345678);
    g_assert_cmpint(nv_dmaobj_write32(&th->card, &o, 0x10, 0xdead), ==,
                    NV_DMAOBJ_FAULT_READ_ONLY);
    g_assert_cmphex(nv_ld_le(th->sysmem + 0x1010, 4), ==, 0x12345678);

    th_ramin_wr(th, OBJ, 0x2b03d);
    o = load(th);
    g_assert_cmpuint(o.rights, ==, NV_DMAOBJ_RIGHTS_WO);
    g_assert_cmpint(nv_dmaobj_write32(&th->card, &o, 0x10, 0xbeef), ==,
                    NV_DMAOBJ_OK);
    g_assert_cmpint(nv_dmaobj_read32(&th->card, &o, 0x10, &v), ==,
                    NV_DMAOBJ_OK);
    g_assert_cmphex(v, ==, 0xbeef);
    th_free(th);
}

/*
 * NV41+: a linear PCI object holds GPU virtual addresses for the GART.
 * Base 0x100000, adjust 0xffc (w0 = 0xffc2303d), limit 0x1fff: offset 0 is
 * virtual 0x100ffc (page 0x100), offset 4 is 0x101000 (page 0x101), and
 * offset 0x1004 is 0x102000 (page 0x102, unmapped).  Pages 0x100 and
 * 0x101 map to bus 0x2000 and 0x5000, so eight bytes from 0 are bus
 * 0x2ffc-0x2fff then 0x5000-0x5003.
 *
 * The tables are where th_gart_init() puts them.  nv43 (NV41 tables at
 * RAMIN 0x30000): one dword per page, bus page << 5 | 1, at 0x30000 +
 * page * 4: 0x30400 = 0x2000 >> 7 | 1 = 0x41, 0x30404 = 0x5000 >> 7 | 1 =
 * 0xa1.  nv44 (VRAM 0x200000, 16 MiB of address space): 27-bit entries
 * packed four to 16 bytes; pages 0x100-0x103 are group 0x40 at 0x200000 +
 * 0x40 * 16 = 0x200400.  Entry 0 (bits 0-26) = 2; entry 1 starts at bit
 * 27: 5 << 27 = 0x28000000, so word 0 = 0x28000002, and entry 2 (bits
 * 54-80) stays 0.
 */
static void run_gart(const char *model)
{
    TestHost *th = th_new(model, 0);
    const uint32_t pte[] = { 0x100000 };
    uint8_t buf[8];
    NVDmaObj o;

    th_gart_init(th);
    if (th->card.model->host_mem) {
        nv_st_le(th->vram + 0x200400, 0x28000002, 4);
    } else {
        th_ramin_wr(th, 0x30400, 0x41);
        th_ramin_wr(th, 0x30404, 0xa1);
    }
    put_obj(th, 0xffc2303d, 0x1fff, pte, 1);
    o = load(th);
    expect_at(th, &o, 0, 4, NV_DMAOBJ_TARGET_PCI, 0x2ffc);
    expect_at(th, &o, 4, 4, NV_DMAOBJ_TARGET_PCI, 0x5000);

    memcpy(th->sysmem + 0x2ffc, "abcd", 4);
    memcpy(th->sysmem + 0x5000, "efgh", 4);
    g_assert_cmpint(nv_dmaobj_read(&th->card, &o, 0, buf, 8), ==,
                    NV_DMAOBJ_OK);
    g_assert_cmpmem(buf, 8, "abcdefgh", 8);
    /* NV41 tables have a valid bit; page 0x102's entry is 0 */
    if (!th->card.model->host_mem) {
        g_assert_cmpint(fault32(th, &o, 0x1004), ==, NV_DMAOBJ_FAULT_GART);
    }
    th_free(th);
}

static void test_gart_nv43(void)
{
    run_gart("nv43");
}

static void test_gart_nv44(void)
{
    run_gart("nv44");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/dmaobj/vram", test_vram);
    g_test_add_func("/dmaobj/pci-pages", test_pci_pages);
    g_test_add_func("/dmaobj/limit", test_limit);
    g_test_add_func("/dmaobj/bus-faults", test_bus_faults);
    g_test_add_func("/dmaobj/rights", test_rights);
    g_test_add_func("/dmaobj/gart/nv43", test_gart_nv43);
    g_test_add_func("/dmaobj/gart/nv44", test_gart_nv44);
    return g_test_run();
}
