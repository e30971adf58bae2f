/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: the NV4-style PFIFO (envytools
 * docs/hw/fifo/dma-pusher.rst, docs/hw/fifo/puller.rst), set up the way
 * nouveau sets it up (nvkm/engine/fifo/nv17.c, nv40.c, dmanv40.c;
 * nvkm/core/ramht.c; nvkm/engine/dma/usernv04.c).
 */
#include <glib.h>

#include "hw/nv/fifo/ramht.h"
#include "hw/nv/mem/pramin.h"
#include "test-host.h"

/* Our RAMIN layout for the tests. */
#define RAMHT       0x10000     /* 4 KiB: 512 entries, hash bits 9 */
#define RAMFC_OLD   0x11000     /* NV17-style, 64 bytes per channel */
#define RAMFC_NV40  0x20000     /* NV40, 128 bytes per channel */
#define PB_OBJ      0x12000     /* DMA object: VRAM 1 MiB + 64 KiB */
#define SEM_OBJ     0x12100     /* DMA object for semaphores */
#define PCI_OBJ     0x12200     /* DMA object: guest memory 0 + 64 KiB */
#define VP1_OBJ     0x12300     /* an NV41_VP1 object (content unused) */
#define PB_VRAM     0x100000

#define H_VP1       0xbeef0001
#define H_SW        0xbeef0002
#define H_SEM       0xbeef0003

static bool nv40(TestHost *th)
{
    return th->card.model->arch == NV_ARCH_NV40;
}

static uint32_t ramfc(TestHost *th, unsigned chid)
{
    return nv40(th) ? RAMFC_NV40 + chid * 0x80 : RAMFC_OLD + chid * 0x40;
}

/* nvkm_ramht_insert: first free slot from the hash on. */
static void ramht_insert(TestHost *th, uint32_t handle, unsigned chid,
                         unsigned engine, uint32_t inst)
{
    uint32_t slot = nv4_ramht_hash(&th->card, handle, chid);
    uint32_t ctx = nv40(th) ? chid << 23 | engine << 20 | inst >> 4
                            : 1u << 31 | chid << 24 | engine << 16 | inst >> 4;

    while (th_ramin_rd(th, RAMHT + slot * 8 + 4)) {
        slot = (slot + 1) % 512;
    }
    th_ramin_wr(th, RAMHT + slot * 8, handle);
    th_ramin_wr(th, RAMHT + slot * 8 + 4, ctx);
}

/* A linear DMA object: flags | (adjust << 20), limit, base page. */
static void dmaobj(TestHost *th, uint32_t inst, uint32_t flags,
                   uint32_t limit, uint32_t base)
{
    th_ramin_wr(th, inst, flags | (base & 0xfff) << 20);
    th_ramin_wr(th, inst + 4, limit);
    th_ramin_wr(th, inst + 8, base & ~0xfffu);
}

/* The PFIFO init of nouveau's nv17/nv40 fifo, plus the channel objects. */
static TestHost *fifo_new(const char *model)
{
    TestHost *th = th_new(model, 0);

    th_wr(th, 0x002210, 0x03000000 | RAMHT >> 8);   /* search 128, 4K */
    if (th->card.model->host_mem) {
        /* NV44 family: a VRAM address (nv40.c: vram size - 512K + addr) */
        th_wr(th, 0x002220, 0x00030000 |
              nv_ramin_to_vram(&th->card, RAMFC_NV40) >> 16);
    } else if (nv40(th)) {
        th_wr(th, 0x002220, 0x00030000 | RAMFC_NV40 >> 16);
    } else {
        th_wr(th, 0x002214, 0x00010000 | RAMFC_OLD >> 8);
    }
    th_wr(th, 0x003204, NV4_CHID_MASK);             /* CACHE1_PUSH1 */
    th_wr(th, 0x002140, 0xffffffff);                /* INTR_EN */
    th_wr(th, 0x000140, 1);                         /* PMC INTR_EN HW */
    th_wr(th, 0x002500, 1);                         /* CACHES.REASSIGN */
    th_wr(th, 0x003200, 1);                         /* PUSH0 */
    th_wr(th, 0x003250, 1);                         /* PULL0 */
    /* nouveau never sets DMA_PUSH: switching to a DMA channel does */
    /* class 0x3d, PT_PRESENT | PT_LINEAR, VRAM (usernv04.c 0x3000) */
    dmaobj(th, PB_OBJ, 0x3d | 0x3000, 0xffff, PB_VRAM);
    /* class 0x3d, PCI (0x23000) */
    dmaobj(th, PCI_OBJ, 0x3d | 0x23000, 0xffff, 0);
    return th;
}

/* nv40_fifo_dma_new / nv17: RAMFC PUT = GET = 0, the pushbuffer object. */
static void chan_new(TestHost *th, unsigned chid, uint32_t pb_obj)
{
    uint32_t fc = ramfc(th, chid);

    th_ramin_wr(th, fc + 0x00, 0);
    th_ramin_wr(th, fc + 0x04, 0);
    th_ramin_wr(th, fc + 0x0c, pb_obj >> 4);
    th_wr(th, 0x002504, th_rd(th, 0x002504) | 1u << chid);
}

static uint32_t user(TestHost *th, unsigned chid)
{
    return nv40(th) ? 0xc00000 + chid * 0x1000 : 0x800000 + chid * 0x10000;
}

static void pb(TestHost *th, uint32_t off, uint32_t word)
{
    nv_st_le(th->vram + PB_VRAM + off, word, 4);
}

/* Method headers (dma-pusher.rst "NV4 method submission commands"). */
static uint32_t inc(unsigned subc, unsigned mthd, unsigned count)
{
    return count << 18 | subc << 13 | mthd;
}

static uint32_t noninc(unsigned subc, unsigned mthd, unsigned count)
{
    return 0x40000000 | inc(subc, mthd, count);
}

/*
 * nvkm_ramht_hash by hand, bits = 9: handle 0xbeef0201 in 9-bit pieces
 * from the bottom: 0x001, 0x181, 0x1bb, 0x017; xor = 0x02c; chid 3 << 5
 * = 0x060; 0x02c ^ 0x060 = 0x04c.  With SIZE = 1 (8 KiB, bits 10): pieces
 * 0x201, 0x3c0 (0x2fbbc0 & 0x3ff), 0x3ee (0xbee), 0x002; xor 0x201 ^ 0x3c0
 * = 0x1c1, ^ 0x3ee = 0x22f, ^ 0x002 = 0x22d; chid 3 << 6 = 0x0c0: 0x2ed.
 */
static void test_ramht_hash(void)
{
    TestHost *th = th_new("nv40", 0);

    th_wr(th, 0x002210, 0x03000100);
    g_assert_cmphex(nv4_ramht_hash(&th->card, 0xbeef0201, 3), ==, 0x04c);
    th_wr(th, 0x002210, 0x03010100);
    g_assert_cmphex(nv4_ramht_hash(&th->card, 0xbeef0201, 3), ==, 0x2ed);
    th_free(th);
}

/*
 * A pushbuffer binding an NV41_VP1 object and sending it PARAMs and
 * EXEC_PARAM, then REF_CNT: the methods land in $m (envytools
 * rnndb/vdec/vpe/vp1_fifo.xml), the channel's GET reaches PUT and REF
 * reads back through the control area.
 */
static void run_vp1_params(const char *model)
{
    TestHost *th = fifo_new(model);
    unsigned chid = 1;
    uint32_t u = user(th, chid);

    chan_new(th, chid, PB_OBJ);
    ramht_insert(th, H_VP1, chid, NV4_ENGINE_PVP1, VP1_OBJ);
    pb(th, 0x00, inc(2, 0x0000, 1));            /* OBJECT on subchannel 2 */
    pb(th, 0x04, H_VP1);
    pb(th, 0x08, inc(2, 0x0400, 2));            /* PARAM[0], PARAM[1] */
    pb(th, 0x0c, 0x11111111);
    pb(th, 0x10, 0x22222222);
    pb(th, 0x14, noninc(2, 0x0404, 2));         /* PARAM[1] twice */
    pb(th, 0x18, 0x33333333);
    pb(th, 0x1c, 0x44444444);
    pb(th, 0x20, inc(0, 0x0050, 1));            /* REF_CNT */
    pb(th, 0x24, 0x00001234);
    th_wr(th, u + 0x40, 0x28);

    g_assert_cmphex(th_rd(th, u + 0x44), ==, 0x28);
    g_assert_cmphex(th_rd(th, u + 0x48), ==, 0x1234);
    g_assert_cmphex(th_rd(th, 0x003204) & NV4_CHID_MASK, ==, chid);
    /* $m[0] at 0xfa00, $m[1] at 0xfa04: the later write wins */
    g_assert_cmphex(th_rd(th, 0x00fa00), ==, 0x11111111);
    g_assert_cmphex(th_rd(th, 0x00fa04), ==, 0x44444444);
    /* CACHE1.ENGINE: subchannel 2 bound to PVP1 (4) */
    g_assert_cmphex(th_rd(th, 0x003280), ==, 4u << 8);
    g_assert_cmphex(th_rd(th, 0x002100), ==, 0);
    g_assert_false(th->irq);
    th_free(th);
}

static void test_vp1_nv43(void)
{
    run_vp1_params("nv43");
}

static void test_vp1_nv44(void)
{
    run_vp1_params("nv44");
}

/*
 * The method trace of what the puller hands PVP1: the channel and
 * subchannel, NV41_VP1's method names (rnndb vp1_fifo.xml); the object
 * handle of DMA_VP as the instance RAMHT gave.
 */
static void test_vp1_trace(void)
{
    TestHost *th = fifo_new("nv43");
    uint32_t u = user(th, 1);

    chan_new(th, 1, PB_OBJ);
    ramht_insert(th, H_VP1, 1, NV4_ENGINE_PVP1, VP1_OBJ);
    pb(th, 0x00, inc(2, 0x0000, 1));            /* OBJECT on subchannel 2 */
    pb(th, 0x04, H_VP1);
    pb(th, 0x08, inc(2, 0x04bc, 1));            /* PARAM[47] */
    pb(th, 0x0c, 0x47);
    pb(th, 0x10, inc(2, 0x019c, 1));            /* DMA_VP[7] */
    pb(th, 0x14, H_VP1);
    th->trace = true;
    th_wr(th, u + 0x40, 0x18);
    g_assert_cmphex(th_rd(th, u + 0x44), ==, 0x18);
    th_trace_expect(th, (const char *const[]) {
        "1 2 NV41_VP1 OBJECT 0x00001230",
        "1 2 NV41_VP1 PARAM[47] 0x00000047",
        "1 2 NV41_VP1 DMA_VP[7] 0x00001230",
        NULL,
    });
    th_free(th);
}

/* Pushbuffer words in guest memory through a PCI DMA object. */
static void test_pci_pushbuffer(void)
{
    TestHost *th = fifo_new("nv30");
    uint32_t u = user(th, 0);

    chan_new(th, 0, PCI_OBJ);
    nv_st_le(th->sysmem + 0x0, inc(0, 0x0050, 1), 4);
    nv_st_le(th->sysmem + 0x4, 0xcafe, 4);
    th_wr(th, u + 0x40, 8);
    g_assert_cmphex(th_rd(th, u + 0x44), ==, 8);
    g_assert_cmphex(th_rd(th, u + 0x48), ==, 0xcafe);
    th_free(th);
}

/*
 * From NV41 on a PCI DMA object's addresses go through the GART
 * (docs/pfifo.rst): the pushbuffer object's GPU virtual 0x100000 (page
 * 0x100) maps to bus 0x2000.  nv43 (NV41 tables): 0x100800 = RAMIN
 * 0x30000 | 2, PTE 0x100 at 0x30000 + 0x400 = (0x2000 >> 7) | 1 = 0x41.
 * nv44: 0x100800 = VRAM 0x200000 | 0x10, 0x100804 = 16 MiB; page 0x100
 * is entry 0 of the group at 0x200000 + 0x40 * 16: bits 0-26 = 2.
 */
static void run_gart_pushbuffer(const char *model)
{
    TestHost *th = fifo_new(model);
    uint32_t u = user(th, 0);

    dmaobj(th, PCI_OBJ, 0x3d | 0x23000, 0xffff, 0x100000);
    th_gart_init(th);
    if (th->card.model->host_mem) {
        nv_st_le(th->vram + 0x200400, 2, 4);
    } else {
        th_ramin_wr(th, 0x30400, 0x41);
    }
    chan_new(th, 0, PCI_OBJ);
    nv_st_le(th->sysmem + 0x2000, inc(0, 0x0050, 1), 4);
    nv_st_le(th->sysmem + 0x2004, 0xbeef, 4);
    th_wr(th, u + 0x40, 8);
    g_assert_cmphex(th_rd(th, u + 0x48), ==, 0xbeef);
    g_assert_cmphex(th_rd(th, 0x002100), ==, 0);
    th_free(th);
}

static void test_gart_nv43(void)
{
    run_gart_pushbuffer("nv43");
}

static void test_gart_nv44(void)
{
    run_gart_pushbuffer("nv44");
}

/* DMA_STATE.ERROR (bits 29-31) for each pusher error, INTR bit 12, PMC 8. */
static void expect_pusher_error(TestHost *th, unsigned err)
{
    g_assert_cmphex(th_rd(th, 0x002100), ==, 1u << 12);
    g_assert_cmphex(th_rd(th, 0x003228) >> 29, ==, err);
    g_assert_cmphex(th_rd(th, 0x000100) & (1u << 8), ==, 1u << 8);
    g_assert_true(th->irq);
}

static void test_invalid_cmd(void)
{
    TestHost *th = fifo_new("nv20");

    chan_new(th, 0, PB_OBJ);
    pb(th, 0x0, 0x00000003);        /* low bits 3: no command has them */
    th_wr(th, user(th, 0) + 0x40, 4);
    expect_pusher_error(th, 4);
    /* the rejected word is in RSVD_SHADOW, GET is past it */
    g_assert_cmphex(th_rd(th, 0x0032a8), ==, 3);
    g_assert_cmphex(th_rd(th, 0x003244), ==, 4);
    /* the driver clears the error and the interrupt */
    th_wr(th, 0x003228, 0);
    th_wr(th, 0x002100, 1u << 12);
    g_assert_false(th->irq);
    th_free(th);
}

/* Methods 0x04-0xfc the puller does not know: INVALID_MTHD (2). */
static void test_invalid_mthd(void)
{
    TestHost *th = fifo_new("nv40");

    chan_new(th, 0, PB_OBJ);
    pb(th, 0x0, inc(0, 0x0004, 1));
    pb(th, 0x4, 0);
    th_wr(th, user(th, 0) + 0x40, 8);
    expect_pusher_error(th, 2);
    g_assert_cmphex(th_rd(th, 0x0032ac), ==, 0);        /* DATA_SHADOW */
    th_free(th);
}

/* Reading past the limit (0xffff: last dword 0xfffc) is a MEM_FAULT (6). */
static void test_mem_fault(void)
{
    TestHost *th = fifo_new("nv40");

    chan_new(th, 0, PB_OBJ);
    pb(th, 0x0, 0x00010001);        /* jump to 0x10000, past the limit */
    th_wr(th, user(th, 0) + 0x40, 4);
    expect_pusher_error(th, 6);
    g_assert_cmphex(th_rd(th, 0x003244), ==, 0x10000);
    th_free(th);
}

/*
 * call (low bits 2), return (0x00020000), old jump (0x2 << 28 | target):
 * the main stream at 0 calls 0x100 which sets REF and returns; 0x08 jumps
 * to 0x200 which sets REF again.  DMA_CGET reads the return address while
 * the subroutine runs (not checked: it runs to the end at once).
 */
static void test_call_return(void)
{
    TestHost *th = fifo_new("nv43");
    uint32_t u = user(th, 0);

    chan_new(th, 0, PB_OBJ);
    pb(th, 0x000, 0x00000102);                  /* call 0x100 */
    pb(th, 0x004, 0x20000200);                  /* old jump 0x200 */
    pb(th, 0x100, inc(0, 0x0050, 1));
    pb(th, 0x104, 0x1);
    pb(th, 0x108, 0x00020000);                  /* return to 0x004 */
    pb(th, 0x200, inc(0, 0x0050, 1));
    pb(th, 0x204, 0x2);
    th_wr(th, u + 0x40, 0x208);
    g_assert_cmphex(th_rd(th, u + 0x44), ==, 0x208);
    g_assert_cmphex(th_rd(th, u + 0x54), ==, 0x208);
    g_assert_cmphex(th_rd(th, u + 0x48), ==, 2);
    g_assert_cmphex(th_rd(th, 0x0032a4), ==, 0x008);   /* JMP_SHADOW */
    g_assert_cmphex(th_rd(th, 0x002100), ==, 0);
    th_free(th);
}

static void test_subr_errors(void)
{
    TestHost *th = fifo_new("nv25");
    uint32_t u = user(th, 0);

    chan_new(th, 0, PB_OBJ);
    pb(th, 0x000, 0x00020000);                  /* return, no call */
    th_wr(th, u + 0x40, 4);
    expect_pusher_error(th, 3);
    th_free(th);

    th = fifo_new("nv40");
    u = user(th, 0);
    chan_new(th, 0, PB_OBJ);
    pb(th, 0x000, 0x00000102);                  /* call 0x100 */
    pb(th, 0x100, 0x00000202);                  /* call again */
    th_wr(th, u + 0x40, 0x104);
    expect_pusher_error(th, 1);
    /* DMA_STATE.SUBROUTINE_ACTIVE (NV40: bit 17), return address 4 */
    g_assert_cmphex(th_rd(th, 0x003228) & (1u << 17), ==, 1u << 17);
    g_assert_cmphex(th_rd(th, 0x00324c), ==, 4);
    th_free(th);
}

/*
 * A software object: CACHE_ERROR with PULL0.DEVICE_SOFTWARE, the method
 * left at CACHE1 GET for the driver (nouveau's nv04_fifo_cache_error reads
 * the pair at 0x90000 + GET / 4 * 8, steps GET by 4 and re-enables the
 * puller, which the error stopped).  Then an unknown handle: HASH_FAILED.
 */
static void test_software_and_hash_miss(void)
{
    TestHost *th = fifo_new("nv40");
    uint32_t u = user(th, 0), get;

    chan_new(th, 0, PB_OBJ);
    ramht_insert(th, H_SW, 0, NV4_ENGINE_SOFTWARE, 0x12400);
    pb(th, 0x00, inc(1, 0x0000, 1));
    pb(th, 0x04, H_SW);
    pb(th, 0x08, inc(1, 0x0000, 1));
    pb(th, 0x0c, 0xdead0000);                   /* nothing has it */
    th_wr(th, u + 0x40, 0x10);
    g_assert_cmphex(th_rd(th, 0x002100), ==, 1);
    /* DEVICE_SOFTWARE, ACCESS dropped */
    g_assert_cmphex(th_rd(th, 0x003250) & 0x111, ==, 0x100);
    get = th_rd(th, 0x003270);
    g_assert_cmphex(get, ==, 0);
    g_assert_cmphex(th_rd(th, 0x090000 + get / 4 * 8), ==, 1u << 13);
    g_assert_cmphex(th_rd(th, 0x090004 + get / 4 * 8), ==, H_SW);
    /* both methods were pushed: PUT is two entries on */
    g_assert_cmphex(th_rd(th, 0x003210), ==, 8);
    g_assert_cmphex(th_rd(th, 0x09000c), ==, 0xdead0000);

    /* nouveau's order: INTR first (nothing runs: ACCESS is off) */
    th_wr(th, 0x002100, 1);
    g_assert_cmphex(th_rd(th, 0x002100), ==, 0);
    th_wr(th, 0x003270, get + 4);
    th_wr(th, 0x003250, 1);
    g_assert_cmphex(th_rd(th, 0x002100), ==, 1);
    g_assert_cmphex(th_rd(th, 0x003250) & 0x10, ==, 0x10);
    g_assert_cmphex(th_rd(th, 0x003270), ==, 4);
    th_free(th);
}

/*
 * Before NV40 the CACHE1 pairs sit at 0x3800, 128 of them seen twice
 * (rnndb CACHE1_ADDR[256]): a software method's pair at 0x3800 and again
 * at 0x3800 + 128 * 8 = 0x3c00.
 */
static void test_cache_pairs_nv30(void)
{
    TestHost *th = fifo_new("nv30");

    chan_new(th, 0, PB_OBJ);
    ramht_insert(th, H_SW, 0, NV4_ENGINE_SOFTWARE, 0x12400);
    pb(th, 0x00, inc(3, 0x0000, 1));
    pb(th, 0x04, H_SW);
    th_wr(th, user(th, 0) + 0x40, 8);
    g_assert_cmphex(th_rd(th, 0x002100), ==, 1);
    g_assert_cmphex(th_rd(th, 0x003800), ==, 3u << 13);
    g_assert_cmphex(th_rd(th, 0x003804), ==, H_SW);
    g_assert_cmphex(th_rd(th, 0x003c04), ==, H_SW);
    g_assert_cmphex(th_rd(th, 0x003210), ==, 4);
    /* DMA_PUSH: ACCESS, set by the switch to channel 0; EMPTY */
    g_assert_cmphex(th_rd(th, 0x003220), ==, 0x101);
    th_free(th);
}

/*
 * Two channels: channel 2 is set up while channel 1 is current; its PUT
 * goes to RAMFC, and once channel 1 is idle PFIFO switches, saving
 * channel 1's GET and REF into its RAMFC entry.
 */
static void test_channel_switch(void)
{
    TestHost *th = fifo_new("nv34");

    chan_new(th, 1, PB_OBJ);
    chan_new(th, 2, PB_OBJ);
    pb(th, 0x00, inc(0, 0x0050, 1));
    pb(th, 0x04, 0x111);
    pb(th, 0x08, inc(0, 0x0050, 1));
    pb(th, 0x0c, 0x222);
    th_wr(th, user(th, 1) + 0x40, 0x8);
    g_assert_cmphex(th_rd(th, 0x003204) & NV4_CHID_MASK, ==, 1);
    /* channel 2 starts at 0x08 in the same pushbuffer */
    th_ramin_wr(th, ramfc(th, 2) + 0x00, 0x8);
    th_ramin_wr(th, ramfc(th, 2) + 0x04, 0x8);
    th_wr(th, user(th, 2) + 0x40, 0x10);
    g_assert_cmphex(th_rd(th, 0x003204) & NV4_CHID_MASK, ==, 2);
    g_assert_cmphex(th_rd(th, user(th, 2) + 0x48), ==, 0x222);
    /* channel 1, now in RAMFC: GET 8 at +4, REF 0x111 at +8 */
    g_assert_cmphex(th_ramin_rd(th, ramfc(th, 1) + 0x04), ==, 0x8);
    g_assert_cmphex(th_ramin_rd(th, ramfc(th, 1) + 0x08), ==, 0x111);
    g_assert_cmphex(th_rd(th, user(th, 1) + 0x48), ==, 0x111);
    th_free(th);
}

/*
 * Semaphores (puller.rst): DMA_SEMAPHORE wants class 2 with write-only
 * rights (usernv04.c: 0x8000); RELEASE writes the value, ACQUIRE blocks
 * the puller until memory holds its value.
 */
static void test_semaphore(void)
{
    TestHost *th = fifo_new("nv43");
    uint32_t u = user(th, 0);

    chan_new(th, 0, PB_OBJ);
    dmaobj(th, SEM_OBJ, 0x02 | 0x8000 | 0x3000, 0xfff, 0x200000);
    ramht_insert(th, H_SEM, 0, NV4_ENGINE_SOFTWARE, SEM_OBJ);
    pb(th, 0x00, inc(0, 0x0060, 3));            /* DMA_SEMAPHORE, OFFSET, */
    pb(th, 0x04, H_SEM);                        /* ACQUIRE */
    pb(th, 0x08, 0x10);
    pb(th, 0x0c, 0x77);
    pb(th, 0x10, inc(0, 0x006c, 1));            /* RELEASE */
    pb(th, 0x14, 0x99);
    th_wr(th, u + 0x40, 0x18);
    /* blocked: PULL1.ACQUIRE_ACTIVE, the release not done */
    g_assert_cmphex(th_rd(th, 0x003254) & 0x10, ==, 0x10);
    g_assert_cmphex(nv_ld_le(th->vram + 0x200010, 4), ==, 0);
    g_assert_cmpint(th->deadline[NV_TIMER_PFIFO], >, th->now);
    nv_st_le(th->vram + 0x200010, 0x77, 4);
    th_advance(th, 1000000);
    g_assert_cmphex(th_rd(th, 0x003254) & 0x10, ==, 0);
    g_assert_cmphex(nv_ld_le(th->vram + 0x200010, 4), ==, 0x99);
    g_assert_cmphex(th_rd(th, 0x002100), ==, 0);
    th_free(th);
}

/*
 * A pushbuffer that jumps to itself never runs dry: each write or timer
 * expiry does one bounded slice, the timer stays armed, and the guest can
 * stop it (DMA_PUSH.ACCESS = 0) and go on.
 */
static void test_endless_bounded(void)
{
    TestHost *th = fifo_new("nv40");
    uint32_t u = user(th, 0);

    chan_new(th, 0, PB_OBJ);
    pb(th, 0x0, 0x00000001);                    /* jump 0 */
    th_wr(th, u + 0x40, 4);
    g_assert_cmpint(th->deadline[NV_TIMER_PFIFO], >, th->now);
    th_advance(th, 100000);
    g_assert_cmpint(th->deadline[NV_TIMER_PFIFO], >, th->now);
    th_wr(th, 0x003220, 0);
    th_advance(th, 100000);
    g_assert_cmpint(th->deadline[NV_TIMER_PFIFO], ==, -1);
    g_assert_cmphex(th_rd(th, 0x002100), ==, 0);
    th_free(th);
}

/*
 * An engine we do not model never takes a method: the channel stops at
 * it (CACHE1 keeps the method, GET stays), with one LOG_UNIMP line however
 * often PFIFO retries.
 */
static void test_unmodelled_engine(void)
{
    TestHost *th = fifo_new("nv40");

    chan_new(th, 0, PB_OBJ);
    ramht_insert(th, H_VP1, 0, NV4_ENGINE_PVP1, VP1_OBJ);   /* no VP1 */
    pb(th, 0x0, inc(0, 0x0000, 1));
    pb(th, 0x4, H_VP1);
    th_wr(th, user(th, 0) + 0x40, 8);
    g_assert_cmpuint(th->n_unimp, ==, 1);
    g_assert_cmphex(th_rd(th, user(th, 0) + 0x44), ==, 8);
    g_assert_cmphex(th_rd(th, 0x003214) & 0x10, ==, 0);    /* not EMPTY */
    g_assert_cmphex(th_rd(th, 0x003270), ==, 0);
    th_wr(th, 0x003250, 1);
    g_assert_cmphex(th_rd(th, 0x003270), ==, 0);
    g_assert_cmpuint(th->n_unimp, ==, 1);
    g_assert_cmphex(th_rd(th, 0x002100), ==, 0);
    th_free(th);
}

/*
 * nouveau's semaphores on NV17+ (nv17_fence.c): a read-write class 2
 * object (no write-only bit 0x8000), which pre-G80 DMA_SEMAPHORE refuses
 * (puller.rst).  The puller stops at the method: INTR.SEMAPHORE (bit 20),
 * PULL0 without ACCESS and with error 1 (INVALID_OPERAND) in bits 20-23,
 * GET still at the method (0, CACHE1 0x3270), CACHE1_SEMAPHORE (0x326c)
 * holding the object (0x1210 << 12) but not its valid bit.  nouveau's
 * handler (nv04_fifo_intr) acknowledges, sets the valid bit, skips the
 * method (GET + 4) and restarts PULL0; OFFSET 0x10 and RELEASE 0x99
 * then write 0x99 at VRAM 0x200010.
 */
static void test_semaphore_rdwr(void)
{
    TestHost *th = fifo_new("nv40");
    uint32_t u = user(th, 0);

    chan_new(th, 0, PB_OBJ);
    dmaobj(th, SEM_OBJ, 0x02 | 0x3000, 0xfff, 0x200000);
    ramht_insert(th, H_SEM, 0, NV4_ENGINE_SOFTWARE, SEM_OBJ);
    pb(th, 0x00, inc(0, 0x0060, 2));            /* DMA_SEMAPHORE, OFFSET */
    pb(th, 0x04, H_SEM);
    pb(th, 0x08, 0x10);
    pb(th, 0x0c, inc(0, 0x006c, 1));            /* RELEASE */
    pb(th, 0x10, 0x99);
    th_wr(th, u + 0x40, 0x14);
    g_assert_cmphex(th_rd(th, 0x002100), ==, 0x00100000);
    g_assert_cmphex(th_rd(th, 0x003250), ==, 0x00100000);
    g_assert_cmphex(th_rd(th, 0x003270), ==, 0);
    g_assert_cmphex(th_rd(th, 0x00326c), ==, 0x1210 << 12);
    g_assert_cmphex(nv_ld_le(th->vram + 0x200010, 4), ==, 0);
    th_wr(th, 0x002100, 0x00100000);
    th_wr(th, 0x00326c, th_rd(th, 0x00326c) | 1);
    th_wr(th, 0x003270, 4);
    th_wr(th, 0x003250, 1);
    g_assert_cmphex(nv_ld_le(th->vram + 0x200010, 4), ==, 0x99);
    g_assert_cmphex(th_rd(th, 0x002100), ==, 0);
    g_assert_cmphex(th_rd(th, u + 0x44), ==, 0x14);
    th_free(th);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/pfifo-nv4/ramht-hash", test_ramht_hash);
    g_test_add_func("/pfifo-nv4/vp1-methods/nv43", test_vp1_nv43);
    g_test_add_func("/pfifo-nv4/vp1-methods/nv44", test_vp1_nv44);
    g_test_add_func("/pfifo-nv4/vp1-trace", test_vp1_trace);
    g_test_add_func("/pfifo-nv4/pci-pushbuffer", test_pci_pushbuffer);
    g_test_add_func("/pfifo-nv4/gart-pushbuffer/nv43", test_gart_nv43);
    g_test_add_func("/pfifo-nv4/gart-pushbuffer/nv44", test_gart_nv44);
    g_test_add_func("/pfifo-nv4/error/invalid-cmd", test_invalid_cmd);
    g_test_add_func("/pfifo-nv4/error/invalid-mthd", test_invalid_mthd);
    g_test_add_func("/pfifo-nv4/error/mem-fault", test_mem_fault);
    g_test_add_func("/pfifo-nv4/call-return", test_call_return);
    g_test_add_func("/pfifo-nv4/error/subroutine", test_subr_errors);
    g_test_add_func("/pfifo-nv4/software-hash-miss",
                    test_software_and_hash_miss);
    g_test_add_func("/pfifo-nv4/channel-switch", test_channel_switch);
    g_test_add_func("/pfifo-nv4/cache-pairs-nv30", test_cache_pairs_nv30);
    g_test_add_func("/pfifo-nv4/semaphore", test_semaphore);
    g_test_add_func("/pfifo-nv4/semaphore-rdwr", test_semaphore_rdwr);
    g_test_add_func("/pfifo-nv4/endless-bounded", test_endless_bounded);
    g_test_add_func("/pfifo-nv4/unmodelled-engine", test_unmodelled_engine);
    return g_test_run();
}
