/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: the NV20+ PGRAPH front end — object binding, the
 * common methods (NOTIFY and its notifier), errors as nouveau's gr
 * interrupt handlers read them, and context switching (docs/pgraph.rst
 * "Objects and methods", "Context switching"); the 3D classes' state and
 * their vertex input through XF into VTX's primitives (docs/3d.rst
 * "Vertex input").  PGRAPH is set up with the values nouveau's
 * nv20_gr_init/nv40_gr_init write.
 */
#include <glib.h>

#include "hw/nv/core/ptimer.h"
#include "hw/nv/graph/nv20/pgraph-nv20.h"
#include "hw/nv/mem/pramin.h"
#include "hw/nv/xf/xf-isa.h"
#include "hw/nv/xf/xf.h"
#include "test-host.h"

/* Our RAMIN layout. */
#define OBJ         0x13000     /* a graphics object */
#define NTFY        0x13100     /* notify DMA object: VRAM 0x200000 */
#define CTXTAB      0x14000     /* Kelvin/Rankine channel table */
#define CTX_A       0x15000     /* context images (content unused) */
#define CTX_B       0x18000
#define NTFY_VRAM   0x200000

static bool curie(TestHost *th)
{
    return th->card.model->pgraph == NV_PGRAPH_CURIE;
}

static uint32_t vram_rd(TestHost *th, uint32_t addr)
{
    return nv_ld_le(th->vram + addr, 4);
}

/* Channel @chid is PFIFO's current one, with context image @ctx. */
static void channel(TestHost *th, unsigned chid, uint32_t ctx)
{
    th_wr(th, 0x003204, chid);                      /* CACHE1_PUSH1 */
    if (curie(th)) {
        th_wr(th, 0x0032e0, ctx >> 4);              /* CACHE1 GRCTX */
    } else {
        th_ramin_wr(th, CTXTAB + chid * 4, ctx >> 4);
    }
}

/* nouveau's gr init (the registers this front end reads). */
static TestHost *gr_new(const char *model)
{
    TestHost *th = th_new(model, 0);

    if (curie(th)) {
        th_wr(th, 0x400084, 0x401287c0);            /* DEBUG_B */
        th_wr(th, 0x40008c, 0xe0de8055);            /* DEBUG_D */
        th_wr(th, 0x40013c, 0xffffffff);            /* INTR_EN */
    } else {
        th_wr(th, 0x400780, CTXTAB >> 4);           /* CHANNEL_CTX_TABLE */
        th_wr(th, 0x400084, 0x00118700);
        th_wr(th, 0x40008c, 0xf3ce0475);            /* bit 2: auto ctxsw */
        th_wr(th, 0x400140, 0xffffffff);
    }
    th_wr(th, 0x000140, 1);                         /* PMC INTR_EN */
    /* class 0x3d, present, linear, VRAM; limit 0x1f (usernv04.c) */
    th_ramin_wr(th, NTFY, 0x3d | 0x3000);
    th_ramin_wr(th, NTFY + 4, 0x1f);
    th_ramin_wr(th, NTFY + 8, NTFY_VRAM);
    channel(th, 0, CTX_A);
    return th;
}

static bool mthd(TestHost *th, unsigned subc, uint32_t m, uint32_t data)
{
    return nv20_pgraph_method(&th->card, subc, m, data);
}

/*
 * An NV_NULL object (class 0x30) with words A, B, C at OBJ; before Curie
 * word A has flags above the 12-bit class (bits 13 and 15 here).
 */
static void bind_null(TestHost *th, unsigned subc, uint32_t b)
{
    th_ramin_wr(th, OBJ, curie(th) ? 0x30 : 0x0000a030);
    th_ramin_wr(th, OBJ + 4, b);
    th_ramin_wr(th, OBJ + 8, 0xdeadbeef);
    g_assert_true(mthd(th, subc, 0, OBJ >> 4));
}

/*
 * Method 0 on subchannel 3 (docs/pgraph.rst "Objects"): the words go to
 * CTX_CACHE_x[3] — B through the 0xffff3f03 mask: 0x1234c7ab & 0xffff3f03
 * = 0x12340703 — the instance 0x13000 >> 4 = 0x1300 to CTX_CACHE_I[3];
 * CTX_USER takes subchannel 3 (bits 13-15: 0x6000) and channel 0;
 * DEBUG_B bit 20 (set by nouveau) copies the cache into CTX_SWITCH; and
 * DEBUG_D bit 19 (set) runs the volatile reset, recorded in DEBUG_B bit 0
 * (0x00118700 | 1), which sets OCLIP_MAX to 0xffff.
 */
static void test_bind_kelvin(void)
{
    TestHost *th = gr_new("nv20");

    bind_null(th, 3, 0x1234c7ab);
    g_assert_cmphex(th_rd(th, 0x40016c), ==, 0x0000a030);   /* CACHE_A[3] */
    g_assert_cmphex(th_rd(th, 0x40018c), ==, 0x12340703);   /* CACHE_B[3] */
    g_assert_cmphex(th_rd(th, 0x4001ac), ==, 0xdeadbeef);   /* CACHE_C[3] */
    g_assert_cmphex(th_rd(th, 0x4001cc), ==, 0x1300);       /* CACHE_I[3] */
    g_assert_cmphex(th_rd(th, 0x400148), ==, 0x00006000);   /* CTX_USER */
    g_assert_cmphex(th_rd(th, 0x40014c), ==, 0x0000a030);   /* SWITCH_A */
    g_assert_cmphex(th_rd(th, 0x400150), ==, 0x12340703);   /* SWITCH_B */
    g_assert_cmphex(th_rd(th, 0x400158), ==, 0x1300);       /* SWITCH_I */
    g_assert_cmphex(th_rd(th, 0x400084), ==, 0x00118701);   /* DEBUG_B */
    g_assert_cmphex(th_rd(th, 0x400568), ==, 0xffff);       /* OCLIP_MAX */
    /* the channel's context is loaded: CTX_CONTROL.CHID_VALID */
    g_assert_cmphex(th_rd(th, 0x400144) & 0x10000, ==, 0x10000);
    th_free(th);
}

/*
 * Curie has a fifth word (D) and a 16-bit class: word A 0x00004097 (the
 * class nouveau writes) stays whole in CTX_CACHE_A[1] and CTX_SWITCH_A
 * (0x400148), D goes to CTX_CACHE_D[1] (0x4001c4) and the instance to
 * CTX_CACHE_I[1] (0x4001e4); CTX_USER (0x400144) holds subchannel 1
 * (0x2000) and no channel.
 */
static void test_bind_curie(void)
{
    TestHost *th = gr_new("nv40");

    th_ramin_wr(th, OBJ, 0x00004097);
    th_ramin_wr(th, OBJ + 0xc, 0x00abcdef);
    g_assert_true(mthd(th, 1, 0, OBJ >> 4));
    g_assert_cmphex(th_rd(th, 0x400164), ==, 0x00004097);
    g_assert_cmphex(th_rd(th, 0x400148), ==, 0x00004097);
    g_assert_cmphex(th_rd(th, 0x4001c4), ==, 0x00abcdef);
    g_assert_cmphex(th_rd(th, 0x4001e4), ==, 0x1300);
    g_assert_cmphex(th_rd(th, 0x400144), ==, 0x2000);
    /* the context PFIFO named is loaded: CTXCTL_CUR = LOADED | 0x1500 */
    g_assert_cmphex(th_rd(th, 0x40032c), ==, 0x01001500);
    th_free(th);
}

/*
 * NOTIFY 1 (WRITE_AND_AWAKEN) arms a notifier; the next method (NOP)
 * writes it at offset 0 of the notify DMA object named by word B bits
 * 16-31 (0x1310 = NTFY >> 4): the PTIMER time in two words, then two
 * zero words (intro.rst "Notifiers"), and raises INTR.NOTIFY (bit 0),
 * PMC line 12.
 */
static void test_notify(void)
{
    TestHost *th = gr_new("nv25");
    uint64_t t;

    bind_null(th, 0, (NTFY >> 4) << 16);
    memset(th->vram + NTFY_VRAM, 0xff, 16);
    g_assert_true(mthd(th, 0, 0x104, 1));
    g_assert_cmphex(vram_rd(th, NTFY_VRAM + 12), ==, 0xffffffff);
    t = nv_ptimer_time(&th->card);
    g_assert_true(mthd(th, 0, 0x100, 0));
    g_assert_cmphex(vram_rd(th, NTFY_VRAM), ==, (uint32_t)t);
    g_assert_cmphex(vram_rd(th, NTFY_VRAM + 4), ==, (uint32_t)(t >> 32));
    g_assert_cmphex(vram_rd(th, NTFY_VRAM + 8), ==, 0);
    g_assert_cmphex(vram_rd(th, NTFY_VRAM + 12), ==, 0);
    g_assert_cmphex(th_rd(th, 0x400100), ==, 0x00000001);
    g_assert_cmphex(th_rd(th, 0x000100) & 0x1000, ==, 0x1000);
    g_assert_true(th->irq);
    th_free(th);
}

/*
 * DMA_NOTIFY (0x180) rewrites word B bits 16-31 in CTX_SWITCH_B, the
 * subchannel's CTX_CACHE_B and the object in RAMIN: 0x1310 << 16 |
 * 0x0703 from before.  A second NOTIFY while one is armed is
 * DOUBLE_NOTIFY (NSOURCE bit 12, NSTATUS bit 23 STATE_IN_USE).
 */
static void test_dma_notify(void)
{
    TestHost *th = gr_new("nv30");

    bind_null(th, 2, 0x0000c7ab);
    g_assert_true(mthd(th, 2, 0x180, NTFY >> 4));
    g_assert_cmphex(th_rd(th, 0x400150), ==, 0x13100703);
    g_assert_cmphex(th_rd(th, 0x400188), ==, 0x13100703);
    g_assert_cmphex(th_ramin_rd(th, OBJ + 4), ==, 0x1310c7ab);
    g_assert_true(mthd(th, 2, 0x104, 0));
    g_assert_true(mthd(th, 2, 0x104, 0));
    g_assert_cmphex(th_rd(th, 0x400108), ==, 0x00001000);
    g_assert_cmphex(th_rd(th, 0x400104), ==, 0x00800000);
    th_free(th);
}

/*
 * A method NV_NULL does not have: INTR.ERROR (bit 20), NSOURCE
 * ILLEGAL_MTHD (bit 6) and NSTATUS PROTECTION_FAULT (bit 26); TRAP_ADDR
 * = method | subchannel << 16 | channel << 20 = 0x200 | 5 << 16 | 2 << 20
 * = 0x00250200, TRAP_DATA the data; FIFO_ENABLE drops and PGRAPH takes
 * nothing until the driver acknowledges and sets it again, as nouveau's
 * nv20_gr_intr does (INTR := stat, which also clears NSOURCE; FIFO := 1).
 */
static void test_illegal_method(void)
{
    TestHost *th = gr_new("nv20");

    channel(th, 2, CTX_B);
    bind_null(th, 5, 0);
    g_assert_true(mthd(th, 5, 0x200, 0xcafe));
    g_assert_cmphex(th_rd(th, 0x400100), ==, 0x00100000);
    g_assert_cmphex(th_rd(th, 0x400108), ==, 0x00000040);
    g_assert_cmphex(th_rd(th, 0x400104), ==, 0x04000000);
    g_assert_cmphex(th_rd(th, 0x400704), ==, 0x00250200);
    g_assert_cmphex(th_rd(th, 0x400708), ==, 0xcafe);
    g_assert_cmphex(th_rd(th, 0x400720), ==, 0);
    g_assert_cmpuint(th->n_guest_error, ==, 1);
    g_assert_false(mthd(th, 5, 0x100, 0));
    th_wr(th, 0x400100, 0x00100000);
    g_assert_cmphex(th_rd(th, 0x400108), ==, 0);
    g_assert_false(th->irq);
    th_wr(th, 0x400720, 1);
    g_assert_true(mthd(th, 5, 0x100, 0));
    th_free(th);
}

/* An object of a class the chip does not have: its methods are illegal. */
static void test_unknown_class(void)
{
    TestHost *th = gr_new("nv44");

    th_ramin_wr(th, OBJ, 0x00004097);     /* NV40's Curie class, not NV44's */
    g_assert_true(mthd(th, 0, 0, OBJ >> 4));
    g_assert_true(mthd(th, 0, 0x100, 0));
    g_assert_cmphex(th_rd(th, 0x400108), ==, 0x00000040);
    th_free(th);
}

/*
 * Curie's context program, as nouveau's generator writes one
 * (ctxnv40.h): LOAD_SR 8 (0x00200008), SET_CONTEXT_POINTER (0x0060000a),
 * CTX of one register, ROP 0x400b00 (index 0xb00 / 4 = 0x2c0, count 1 <<
 * 14: 0x001042c0), END (0x0060000e): ROP lives at word 8 of an image.
 */
static void upload_ctxprog(TestHost *th)
{
    static const uint32_t prog[] = {
        0x00200008, 0x0060000a, 0x001042c0, 0x0060000e,
    };

    th_wr(th, 0x400324, 0);
    for (size_t i = 0; i < G_N_ELEMENTS(prog); i++) {
        th_wr(th, 0x400328, prog[i]);
    }
}

/*
 * Two channels take turns (docs/pgraph.rst "Context switching"): each
 * sees the ROP register (0x400b00, a context register) it set, while
 * DEBUG_D (configuration) is the same for both; switches are forced by a
 * NOP from the other channel.  On Curie the context program puts ROP at
 * word 8 of the images: channel 1's image holds the driver's initial
 * value 0x33, which it sees first, and channel 0's ROP is saved there.
 */
static void run_two_channels(const char *model)
{
    TestHost *th = gr_new(model);
    uint32_t debug_d = th_rd(th, 0x40008c);

    if (curie(th)) {
        upload_ctxprog(th);
        th_ramin_wr(th, CTX_B + 0x20, 0x33);
    }
    bind_null(th, 0, 0);
    th_wr(th, 0x400b00, 0xcc);
    channel(th, 1, CTX_B);
    g_assert_true(mthd(th, 0, 0x100, 0));
    if (curie(th)) {
        g_assert_cmphex(th_rd(th, 0x400b00), ==, 0x33);
        g_assert_cmphex(th_ramin_rd(th, CTX_A + 0x20), ==, 0xcc);
    }
    th_wr(th, 0x400b00, 0x66);
    channel(th, 0, CTX_A);
    g_assert_true(mthd(th, 0, 0x100, 0));
    g_assert_cmphex(th_rd(th, 0x400b00), ==, 0xcc);
    channel(th, 1, CTX_B);
    g_assert_true(mthd(th, 0, 0x100, 0));
    g_assert_cmphex(th_rd(th, 0x400b00), ==, 0x66);
    g_assert_cmphex(th_rd(th, 0x40008c), ==, debug_d);
    if (curie(th)) {
        g_assert_cmphex(th_rd(th, 0x40032c), ==, 0x01001800);
    } else {
        g_assert_cmphex(th_rd(th, 0x400148) >> 24, ==, 1);
    }
    th_free(th);
}

static void test_two_channels_nv25(void)
{
    run_two_channels("nv25");
}

static void test_two_channels_nv43(void)
{
    run_two_channels("nv43");
}

/*
 * nouveau's channel teardown saves the context by hand: Kelvin
 * (nv20_gr_chan_fini) writes the image to CHANNEL_CTX_POINTER and SAVE (2)
 * to CHANNEL_CTX_XFER, then drops CTX_CONTROL.CHID_VALID; a later load
 * of that image by hand (XFER = LOAD) brings the saved ROP back.
 */
static void test_xfer_kelvin(void)
{
    TestHost *th = gr_new("nv20");

    bind_null(th, 0, 0);
    th_wr(th, 0x400b00, 0x5a);
    th_wr(th, 0x400784, CTX_A >> 4);
    th_wr(th, 0x400788, 2);
    g_assert_cmphex(th_rd(th, 0x400700), ==, 0);            /* STATUS idle */
    th_wr(th, 0x400144, 0x10000000);
    th_wr(th, 0x400b00, 0x11);
    th_wr(th, 0x400788, 1);
    g_assert_cmphex(th_rd(th, 0x400b00), ==, 0x5a);
    th_free(th);
}

/*
 * Curie (nv40_gr_chan_fini with suspend): CTXCTL 0x400784 = LOADED |
 * image, 0x400310 |= XFER_SAVE (0x20), 0x400304 |= 1 starts it, and
 * 0x400300 bit 0 reads 0 when it is done; the ROP is then word 8 of the
 * image.
 */
static void test_xfer_curie(void)
{
    TestHost *th = gr_new("nv40");

    upload_ctxprog(th);
    bind_null(th, 0, 0);
    th_wr(th, 0x400b00, 0x5a);
    th_wr(th, 0x400784, 0x01000000 | CTX_A >> 4);
    th_wr(th, 0x400310, 0x20);
    th_wr(th, 0x400304, 1);
    g_assert_cmphex(th_rd(th, 0x400300) & 1, ==, 0);
    g_assert_cmphex(th_ramin_rd(th, CTX_A + 0x20), ==, 0x5a);
    th_wr(th, 0x400b00, 0x11);
    th_wr(th, 0x400310, 0x40);
    th_wr(th, 0x400304, 1);
    g_assert_cmphex(th_rd(th, 0x400b00), ==, 0x5a);
    th_free(th);
}

/*
 * A channel whose table entry is 0 has no context: INTR.CONTEXT_SWITCH
 * (bit 12) and the method waits.
 */
static void test_no_context(void)
{
    TestHost *th = gr_new("nv34");

    th_ramin_wr(th, CTXTAB, 0);
    g_assert_false(mthd(th, 0, 0x100, 0));
    g_assert_cmphex(th_rd(th, 0x400100), ==, 0x00001000);
    th_free(th);
}

/*
 * The 3D class's fence (rnndb nv30-40_3d.xml), as Mesa's nv30 driver
 * uses it: DMA_FENCE (0x1a4) names the DMA object (VRAM 0x200000, limit
 * 0x1f), FENCE_OFFSET (0x1d6c) 0x10, and FENCE_VALUE (0x1d70) 0x1234 is
 * written at VRAM 0x200010.  A method the class has no row for yet
 * (0x1fc4, Mesa's vertex program output routing) is taken without an
 * error; a fence beyond the DMA object's limit is DMA_W_PROTECTION
 * (NSOURCE bit 8).
 */
static void run_fence(const char *model, uint32_t cls)
{
    TestHost *th = gr_new(model);

    th_ramin_wr(th, OBJ, cls);
    g_assert_true(mthd(th, 7, 0, OBJ >> 4));
    g_assert_true(mthd(th, 7, 0x1a4, NTFY >> 4));
    g_assert_true(mthd(th, 7, 0x1d6c, 0x10));
    g_assert_true(mthd(th, 7, 0x1d70, 0x1234));
    g_assert_cmphex(vram_rd(th, NTFY_VRAM + 0x10), ==, 0x1234);
    g_assert_true(mthd(th, 7, 0x1fc4, 0x06144321));
    g_assert_cmphex(th_rd(th, 0x400100), ==, 0);
    g_assert_true(mthd(th, 7, 0x1d6c, 0x20));
    g_assert_true(mthd(th, 7, 0x1d70, 1));
    g_assert_cmphex(th_rd(th, 0x400108), ==, 0x00000100);
    th_free(th);
}

static void test_fence_nv30(void)
{
    run_fence("nv30", 0x0397);
}

static void test_fence_nv44(void)
{
    run_fence("nv44", 0x4497);
}

/*
 * nouveau's vsynced page flips (dispnv04/crtc.c nv04_crtc_page_flip()) on
 * its blit object (class 0x9f), after its FLIP_SET_READ (0x120) 0,
 * FLIP_SET_WRITE (0x124) 1, FLIP_MAX (0x128) 2: FLIP_INCR_WRITE (0x12c)
 * steps WRITE to (1 + 1) % 2 = 0, FLIP_HEAD_INCR_READ (0x134) of head 0
 * arms READ for head 0's next vblank, NOP, FLIP_WAIT (0x130): WRITE 0 is
 * READ 0, so PGRAPH is busy, and takes no method, until that vblank makes
 * READ 1.  With no mode set, a head's frame is 60 Hz with 525 lines and
 * blanking from line 480 (docs/display.rst): the first vblank is at
 * 16666666 * 480 / 525 = 15238095 ns, the next 16666666 ns later.  The
 * second flip: WRITE (0 + 1) % 2 = 1 = READ, held until READ is
 * (1 + 1) % 2 = 0 at the second vblank.
 */
static void test_flip_wait(void)
{
    TestHost *th = gr_new("nv40");

    th_ramin_wr(th, OBJ, 0x9f);
    g_assert_true(mthd(th, 5, 0, OBJ >> 4));
    g_assert_true(mthd(th, 5, 0x120, 0));
    g_assert_true(mthd(th, 5, 0x124, 1));
    g_assert_true(mthd(th, 5, 0x128, 2));
    /* WRITE 1, READ 0: FLIP_WAIT holds nothing. */
    g_assert_true(mthd(th, 5, 0x130, 0));
    g_assert_false(nv20_pgraph_busy(&th->card));

    for (int flip = 0; flip < 2; flip++) {
        g_assert_true(mthd(th, 5, 0x12c, 0));
        g_assert_true(mthd(th, 5, 0x134, 0));
        g_assert_true(mthd(th, 5, 0x100, 0));
        g_assert_true(mthd(th, 5, 0x130, 0));
        g_assert_true(nv20_pgraph_busy(&th->card));
        g_assert_false(mthd(th, 5, 0x100, 0));
        /* 15.0 ms: before the first vblank; then 1 ms past it. */
        th_advance(th, flip ? 16666666 - 1000000 : 15000000);
        g_assert_false(mthd(th, 5, 0x100, 0));
        th_advance(th, 1000000);
        g_assert_false(nv20_pgraph_busy(&th->card));
        g_assert_true(mthd(th, 5, 0x100, 0));
    }
    th_free(th);
}

/* Bind a 3D object of class @cls on subchannel 7. */
static void bind_3d(TestHost *th, uint32_t cls)
{
    th_ramin_wr(th, OBJ, cls);
    g_assert_true(mthd(th, 7, 0, OBJ >> 4));
}

/* Methods @m[i] with data @m[i + 1] on subchannel 7, to a 0 method. */
static void mthds(TestHost *th, const uint32_t *m)
{
    for (; m[0]; m += 2) {
        g_assert_true(mthd(th, 7, m[0], m[1]));
    }
}

/* Every 3D class table's rows are well formed (core/method.h). */
static void test_3d_tables(void)
{
    static const struct { const char *model; uint32_t cls; } c[] = {
        { "nv20", 0x0097 }, { "nv30", 0x0397 }, { "nv40", 0x4097 },
        { "nv43", 0x4097 }, { "nv30", 0x0597 },
    };

    for (size_t i = 0; i < G_N_ELEMENTS(c); i++) {
        TestHost *th = th_new(c[i].model, 0);
        NVMethodClass *table = NULL;

        g_assert_true(nv20_3d_class(&th->card, c[i].cls, &table));
        g_assert_nonnull(table);
        th_check_class(table);
        th_free(th);
    }
}

/*
 * Kelvin's ROP and raster state into the bundle shadow registers
 * (envytools docs/hw/graph/bundles.rst; Kelvin bundle ids, register
 * 0x401800 + 4 * id).
 *
 * CONFIG_A (0x053, 0x40194c): ALPHA_FUNC_REF 0x80 (bits 0-7), GREATER
 * (0x204 -> 4, bits 8-11: 0x400), alpha test (bit 12: 0x1000), depth
 * test (bit 14: 0x4000), LEQUAL (0x203 -> 3, bits 16-19: 0x30000),
 * dither (bit 22: 0x400000), depth write (bit 24: 0x1000000), colour
 * mask 0x01010100 (A, R, G set, B clear: bits 26, 27, 28 = 0x1c000000):
 * 0x1d435480.  A function that is no GL enumerant is ignored.
 * BLEND (0x001, 0x401804): enable (bit 3: 0x8), SRC_ALPHA (0x302 -> 4,
 * bits 4-7: 0x40), ONE_MINUS_SRC_ALPHA (0x303 -> 5, bits 8-11: 0x500),
 * FUNC_ADD (0x8006 -> 2), XOR (0x1506 -> 6, bits 12-15: 0x6000), logic
 * op enable (bit 16): 0x0001654a.
 * STENCIL_A (0x054, 0x401950): enable (bit 0), ALWAYS (0x207 -> 7, bits
 * 4-7: 0x70), ref 0x12 (bits 8-15), func mask 0xff (16-23), write mask
 * 0x0f (24-31): 0x0fff1271.  STENCIL_B (0x055): KEEP (0x1e00 -> 1),
 * INCR (0x1e02 -> 4, bits 4-7), DECR_WRAP (0x8508 -> 8, bits 8-11):
 * 0x841.
 * RASTER (0x064, 0x401990): front LINE (0x1b01 -> 2, bits 0-1), back
 * POINT (0x1b00 -> 1, bits 2-3: 0x4), offset fill (bit 8: 0x100), line
 * width 0x10 (bits 12-20: 0x10000), BACK (0x405 -> 2, bits 21-22:
 * 0x400000), CCW (0x901 -> 1, bit 23: 0x800000), two-sided (bit 24),
 * cull enable (bit 28): 0x11c10106.
 * CONFIG_B (0x056, 0x401958): FLAT (0x1d00 -> 0, bit 7), fog (bit 8:
 * 0x100), point parameters (bit 9: 0x200), EXP2_SIGNED (0x801 -> 3,
 * bits 16-18: 0x30000): 0x30300.
 * DEPTH_RANGE_FAR (0x0a3, 0x401a8c) takes the float as it is.
 */
static void test_3d_rop_kelvin(void)
{
    static const uint32_t m[] = {
        0x340, 0x80, 0x33c, 0x204, 0x300, 1, 0x30c, 1, 0x354, 0x203,
        0x310, 1, 0x35c, 1, 0x358, 0x01010100,
        0x304, 1, 0x344, 0x302, 0x348, 0x303, 0x350, 0x8006,
        0x17c0, 0x1506, 0x17bc, 1,
        0x32c, 1, 0x364, 0x207, 0x368, 0x12, 0x36c, 0xff, 0x360, 0x0f,
        0x370, 0x1e00, 0x374, 0x1e02, 0x378, 0x8508,
        0x38c, 0x1b01, 0x390, 0x1b00, 0x338, 1, 0x380, 0x10,
        0x39c, 0x405, 0x3a0, 0x901, 0x17c4, 1, 0x308, 1,
        0x37c, 0x1d00, 0x2a4, 1, 0x318, 1, 0x29c, 0x801,
        0x398, 0x3f800000, 0
    };
    TestHost *th = gr_new("nv20");

    bind_3d(th, 0x0097);
    mthds(th, m);
    g_assert_true(mthd(th, 7, 0x33c, 0x1234));
    g_assert_cmpuint(th->n_guest_error, ==, 1);
    g_assert_cmphex(th_rd(th, 0x40194c), ==, 0x1d435480);
    g_assert_cmphex(th_rd(th, 0x401804), ==, 0x0001654a);
    g_assert_cmphex(th_rd(th, 0x401950), ==, 0x0fff1271);
    g_assert_cmphex(th_rd(th, 0x401954), ==, 0x00000841);
    g_assert_cmphex(th_rd(th, 0x401990), ==, 0x11c10106);
    g_assert_cmphex(th_rd(th, 0x401958), ==, 0x00030300);
    g_assert_cmphex(th_rd(th, 0x401a8c), ==, 0x3f800000);
    g_assert_cmphex(th_rd(th, 0x400100), ==, 0);
    th_free(th);
}

/*
 * Rankine's own fields (Rankine/Curie bundle ids): the blend factors
 * carry colour in bits 0-15 and alpha in 16-31, to BLEND (0x082,
 * 0x401a08) bits 4-7/20-23 and 8-11/24-27: SRC (1 << 16 | 0x302): ONE
 * (1) << 20 | SRC_ALPHA (4) << 4; DST 0x303: ONE_MINUS_SRC_ALPHA (5) << 8
 * and ZERO; enable bit 3; FUNC_REVERSE_SUBTRACT (0x800b -> 1): 0x100549.
 * Back stencil: enable STENCIL_A bit 1; STENCIL_C (0x087, 0x401a1c)
 * mask 0xaa (0-7), REPLACE (3) at ZPASS (8-11), DECR (5) at ZFAIL
 * (12-15), INVERT (6) at FAIL (16-19): 0x653aa; STENCIL_D (0x088) ref
 * 0x55 (0-7), mask 0xf0 (8-15), EQUAL (2) (16-19): 0x2f055.
 * LINE_STIPPLE (0x05e, 0x401978): polygon stipple (bit 0), line stipple
 * (bit 1), factor 3 (bits 8-15), pattern 0xf0f0 (16-31): 0xf0f00303.
 * CONFIG_B: FLATSHADE_FIRST (bit 0), SMOOTH (bit 7): 0x81.
 */
static void test_3d_rop_rankine(void)
{
    static const uint32_t m[] = {
        0x314, 0x00010302, 0x318, 0x00000303, 0x310, 1, 0x320, 0x800b,
        0x348, 1, 0x34c, 0xaa, 0x35c, 0x150a, 0x360, 0x1e03, 0x364, 0x1e01,
        0x350, 0x202, 0x354, 0x55, 0x358, 0xf0,
        0x1db4, 1, 0x1db8, 0xf0f00003, 0x147c, 1,
        0x1454, 1, 0x368, 0x1d01, 0
    };
    TestHost *th = gr_new("nv30");

    bind_3d(th, 0x0397);
    mthds(th, m);
    g_assert_cmphex(th_rd(th, 0x401a08), ==, 0x00100549);
    g_assert_cmphex(th_rd(th, 0x401950), ==, 0x00000002);
    g_assert_cmphex(th_rd(th, 0x401a1c), ==, 0x000653aa);
    g_assert_cmphex(th_rd(th, 0x401a20), ==, 0x0002f055);
    g_assert_cmphex(th_rd(th, 0x401978), ==, 0xf0f00303);
    g_assert_cmphex(th_rd(th, 0x401958), ==, 0x00000081);
    th_free(th);
}

/*
 * Curie: BLEND_EQUATION's colour (bits 0-15) and alpha (16-31) halves go
 * to BLEND bits 0-2 and 17-19: MIN (0x8007 -> 3), MAX (0x8008 -> 4 << 17
 * = 0x80000); the enable is bit 28: 0x10080003.  ALPHA_FUNC_REF has its
 * own bundle (0x0e4, 0x401b90); COLOR_MASK's place is not known, so
 * CONFIG_A stays 0.  Texture unit 1's offset: TEX_OFFSET bundle 0x101
 * (0x401c04); DEPTH_BOUNDS_TEST_ZMIN: bundle 0x0c8 (0x401b20).
 */
static void test_3d_curie(void)
{
    static const uint32_t m[] = {
        0x320, 0x80088007, 0x310, 1, 0x30c, 0x7f, 0x324, 0x01010101,
        0x1a20, 0x12345600, 0x384, 0x3e800000, 0
    };
    TestHost *th = gr_new("nv40");

    bind_3d(th, 0x4097);
    mthds(th, m);
    g_assert_cmphex(th_rd(th, 0x401a08), ==, 0x10080003);
    g_assert_cmphex(th_rd(th, 0x401b90), ==, 0x7f);
    g_assert_cmphex(th_rd(th, 0x40194c), ==, 0);
    g_assert_cmphex(th_rd(th, 0x401c04), ==, 0x12345600);
    g_assert_cmphex(th_rd(th, 0x401b20), ==, 0x3e800000);
    th_free(th);
}

/*
 * Vertex buffer i's offset and format are IDX state words 2i and 2i + 1
 * (RDI space 0x26), read back with RDI_INDEX = 0x26 << 16 | byte offset
 * and consecutive RDI_DATA reads; the format keeps bits 0-22.  Kelvin's
 * VTXBUF_OFFSET[3]/VTXBUF_FMT[3] (0x172c, 0x176c): words 6, 7 at byte
 * 0x18; Rankine's VTXBUF[15]/VTXFMT[15] (0x16bc, 0x177c): words 30, 31 at
 * byte 0x78.
 */
static void run_idx(const char *model, uint32_t cls, uint32_t off,
                    uint32_t fmt, uint32_t byte)
{
    TestHost *th = gr_new(model);

    bind_3d(th, cls);
    g_assert_true(mthd(th, 7, off, 0x80001000));
    g_assert_true(mthd(th, 7, fmt, 0xffffffff));
    th_wr(th, 0x400750, 0x26 << 16 | byte);
    g_assert_cmphex(th_rd(th, 0x400754), ==, 0x80001000);
    g_assert_cmphex(th_rd(th, 0x400754), ==, 0x007fffff);
    th_free(th);
}

static void test_3d_idx_nv25(void)
{
    run_idx("nv25", 0x0597, 0x172c, 0x176c, 0x18);
}

static void test_3d_idx_nv34(void)
{
    run_idx("nv34", 0x0697, 0x16bc, 0x177c, 0x78);
}

/* Upload @n words @w through the method @m onwards (on subchannel 7). */
static void upload(TestHost *th, uint32_t m, const uint32_t *w, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        g_assert_true(mthd(th, 7, m + 4 * i, w[i]));
    }
}

/*
 * Rankine vertex program and constant upload (rnndb VP_UPLOAD_*; Mesa's
 * nv30_vertprog.c sends them so).  VP_UPLOAD_FROM_ID 5, then two
 * instructions of four words X, Y, Z, W: XFPR slots 5 and 6, whose RDI
 * words (space 0x10, slot * 16) hold instruction bits 0-31 first, the
 * reverse of the upload order (docs/xf.rst).  VP_UPLOAD_CONST_ID 0x10,
 * then 1.0 ... 8.0: XFCTX slots 0x10 and 0x11, read back through RDI
 * (space 0x17) as W, Z, Y, X.  The load position register (0x400fd4)
 * then holds XFCTX 0x12 in the high field and XFPR 7 in the low one.
 * VP_START_FROM_ID 6 is PROGRAM_START_POS, XFMODE_A (0x400fc0) bits
 * 8-15: 0x600, sent to XF as word 3 of XFMODE vector 0.
 */
static void test_3d_xf_rankine(void)
{
    static const uint32_t insn[] = {
        0x401f9c6c, 0x0040000d, 0x8106c083, 0x6041ff80,
        0x401f9c6c, 0x0040080d, 0x8106c083, 0x6041ff84,
    };
    static const uint32_t cst[] = {
        0x3f800000, 0x40000000, 0x40400000, 0x40800000,
        0x40a00000, 0x40c00000, 0x40e00000, 0x41000000,
    };
    TestHost *th = gr_new("nv30");

    bind_3d(th, 0x0397);
    g_assert_true(mthd(th, 7, 0x1e9c, 5));
    upload(th, 0xb80, insn, 4);
    upload(th, 0xb80, insn + 4, 4);
    g_assert_true(mthd(th, 7, 0x1efc, 0x10));
    upload(th, 0x1f00, cst, 8);
    th_wr(th, 0x400750, 0x10 << 16 | 5 * 16);
    for (unsigned i = 0; i < 8; i++) {
        g_assert_cmphex(th_rd(th, 0x400754), ==, insn[(i & ~3u) + 3 - i % 4]);
    }
    th_wr(th, 0x400750, 0x17 << 16 | 0x10 * 16);
    for (unsigned i = 0; i < 8; i++) {
        g_assert_cmphex(th_rd(th, 0x400754), ==, cst[(i & ~3u) + 3 - i % 4]);
    }
    g_assert_cmphex(th_rd(th, 0x400fd4), ==, 0x00120007);
    g_assert_true(mthd(th, 7, 0x1ea0, 6));
    g_assert_cmphex(th_rd(th, 0x400fc0), ==, 0x00000600);
    g_assert_cmphex(th->card.xf.ram.mode[0][3], ==, 0x00000600);
    th_free(th);
}

/*
 * Kelvin's constants (VP_UPLOAD_CONST_ID 0x1ea4 = 3, VP_UPLOAD_CONST
 * 0xb80-0xb8c): XFCTX slot 3, read through RDI as W, Z, Y, X; the load
 * position register (0x400fc4) keeps XFCTX's next slot, 4, in bits
 * 8-15.  Curie's VP_START_FROM_ID 0x12: the XF_C bundle (0x0cc,
 * 0x401b30) bits 0-9, and XF's start.
 */
static void test_3d_xf_kelvin_curie(void)
{
    static const uint32_t cst[] = {
        0x3f800000, 0x40000000, 0x40400000, 0x40800000,
    };
    TestHost *th = gr_new("nv20");

    bind_3d(th, 0x0097);
    g_assert_true(mthd(th, 7, 0x1ea4, 3));
    upload(th, 0xb80, cst, 4);
    th_wr(th, 0x400750, 0x17 << 16 | 3 * 16);
    for (unsigned i = 0; i < 4; i++) {
        g_assert_cmphex(th_rd(th, 0x400754), ==, cst[3 - i]);
    }
    g_assert_cmphex(th_rd(th, 0x400fc4), ==, 0x0400);
    th_free(th);

    th = gr_new("nv43");
    bind_3d(th, 0x4097);
    g_assert_true(mthd(th, 7, 0x1ea0, 0x12));
    g_assert_cmphex(th_rd(th, 0x401b30), ==, 0x12);
    th_free(th);
}

/*
 * Two channels with different 3D state (docs/pgraph.rst "Context
 * switching"): DEPTH_FUNC LESS (0x201 -> 1, CONFIG_A bits 16-19:
 * 0x10000) or GREATER (0x204 -> 4: 0x40000), vertex buffer 0's offset
 * (IDX word 0), XFCTX slot 0 (1.0 or 2.0 in X, RDI word +0xc) and the
 * modelview matrix's first element (row 0, column 0: X of Rankine's
 * MATRIX_MV0, XFCTX 0x44, ctx.rst).  Each channel sees its own after the
 * other ran.  A third channel, whose context was never saved, starts
 * with the method state and XF's RAMs as reset leaves them: vertex
 * buffer offset and XFCTX 0; its registers (CONFIG_A) are PGRAPH's as
 * they were, channel B's.
 */
static void set_3d_state(TestHost *th, uint32_t func, uint32_t vb,
                         uint32_t x)
{
    const uint32_t cst[] = { x, 0, 0, 0 };

    bind_3d(th, 0x0697);
    g_assert_true(mthd(th, 7, 0xa6c, func));
    g_assert_true(mthd(th, 7, 0x1680, vb));
    g_assert_true(mthd(th, 7, 0x480, x));
    g_assert_true(mthd(th, 7, 0x1efc, 0));
    upload(th, 0x1f00, cst, 4);
}

static void check_3d_state(TestHost *th, uint32_t config_a, uint32_t vb,
                           uint32_t x)
{
    g_assert_true(mthd(th, 7, 0x100, 0));
    g_assert_cmphex(th_rd(th, 0x40194c), ==, config_a);
    th_wr(th, 0x400750, 0x26 << 16);
    g_assert_cmphex(th_rd(th, 0x400754), ==, vb);
    th_wr(th, 0x400750, 0x17 << 16 | 0xc);
    g_assert_cmphex(th_rd(th, 0x400754), ==, x);
    th_wr(th, 0x400750, 0x17 << 16 | (0x44 * 16 + 0xc));
    g_assert_cmphex(th_rd(th, 0x400754), ==, x);
}

static void test_3d_ctx(void)
{
    TestHost *th = gr_new("nv34");

    set_3d_state(th, 0x201, 0x1000, 0x3f800000);
    channel(th, 1, CTX_B);
    set_3d_state(th, 0x204, 0x2000, 0x40000000);
    channel(th, 0, CTX_A);
    check_3d_state(th, 0x10000, 0x1000, 0x3f800000);
    channel(th, 1, CTX_B);
    check_3d_state(th, 0x40000, 0x2000, 0x40000000);
    channel(th, 2, CTX_B + 0x3000);
    bind_3d(th, 0x0697);
    check_3d_state(th, 0x40000, 0, 0);
    channel(th, 0, CTX_A);
    check_3d_state(th, 0x10000, 0x1000, 0x3f800000);
    th_free(th);
}

/*
 * A Curie image a new channel reuses (docs/pgraph.rst "Context
 * switching"): the context program puts ROP (0x400b00) at word 8 of an
 * image (upload_ctxprog()).  Channel 0 (image CTX_A) sets ROP 0xcc and
 * XFCTX 0 to 2.0 (VP_UPLOAD_CONST); channel 1 runs, so channel 0's
 * context is saved: ROP to its image.  Back on channel 0 the slot's
 * state returns with the image's: XFCTX 0 is 2.0.  Then the driver gives
 * CTX_A to a new channel and fills it with its initial values (ROP
 * 0x33): the image is not what the save left, so the new channel starts
 * with XF's RAMs as reset leaves them (XFCTX 0 is 0) and ROP 0x33.
 */
static void test_3d_ctx_image_reuse(void)
{
    static const uint32_t cst[] = { 0x40000000, 0, 0, 0 };
    TestHost *th = gr_new("nv43");

    upload_ctxprog(th);
    bind_3d(th, 0x4097);
    th_wr(th, 0x400b00, 0xcc);
    g_assert_true(mthd(th, 7, 0x1efc, 0));
    upload(th, 0x1f00, cst, 4);
    channel(th, 1, CTX_B);
    g_assert_true(mthd(th, 7, 0x100, 0));
    g_assert_cmphex(th_ramin_rd(th, CTX_A + 0x20), ==, 0xcc);
    channel(th, 0, CTX_A);
    g_assert_true(mthd(th, 7, 0x100, 0));
    g_assert_cmphex(th->card.xf.ram.ctx[0][0], ==, 0x40000000);
    g_assert_cmphex(th_rd(th, 0x400b00), ==, 0xcc);
    channel(th, 1, CTX_B);
    g_assert_true(mthd(th, 7, 0x100, 0));
    th_ramin_wr(th, CTX_A + 0x20, 0x33);
    channel(th, 0, CTX_A);
    g_assert_true(mthd(th, 7, 0x100, 0));
    g_assert_cmphex(th->card.xf.ram.ctx[0][0], ==, 0);
    g_assert_cmphex(th_rd(th, 0x400b00), ==, 0x33);
    th_free(th);
}

/* ---- vertex input (fd-nv20.c; docs/3d.rst "Vertex input") ---- */

#define F0      0x00000000u
#define F1      0x3f800000u     /* 1.0 */
#define F2      0x40000000u
#define F3      0x40400000u
#define F4      0x40800000u
#define FM1     0xbf800000u     /* -1.0 */
#define VTXDMA0 0x13200         /* DMA_VTXBUF objects: VRAM 0x300000 */
#define VTXDMA1 0x13300         /* and 0x310000, limit 0xfff */
#define VB0     0x300000
#define VB1     0x310000

/* Slot @a of XF's VAB is (@x, @y, @z, @w). */
static void expect_vab(TestHost *th, unsigned a, uint32_t x, uint32_t y,
                       uint32_t z, uint32_t w)
{
    const uint32_t *v = th->card.xf.ram.vab[a];

    g_assert_cmphex(v[0], ==, x);
    g_assert_cmphex(v[1], ==, y);
    g_assert_cmphex(v[2], ==, z);
    g_assert_cmphex(v[3], ==, w);
}

static void vram_wr(TestHost *th, uint32_t addr, uint32_t val)
{
    nv_st_le(th->vram + addr, val, 4);
}

/*
 * The program "MOV o[@out[i]] = v[@in[i]]" for i < @n, END, at XFPR 0
 * (encoded in the class's upload ISA, uploaded W word first as
 * docs/xf.rst says the methods take it), started.  Curie's output write
 * mask is DST_WM_VEC (isa.rst), the others' OUT_WM(_VEC).
 */
static void program(TestHost *th, bool kelvin, const uint8_t *out,
                    const uint8_t *in, unsigned n)
{
    g_assert_true(mthd(th, 7, 0x1e9c, 0));
    for (unsigned i = 0; i < n; i++) {
        NVXfInsn insn = {
            .end = i == n - 1, .out_addr = out[i], .out_wm_vec = 0xf,
            .dst_wm_vec = 0xf, .op_vec = 1, .ibuf_addr = in[i],
            .dst_vec = NV_XF_REGS, .dst_sca = NV_XF_REGS,
            .src[0] = { .mux = 2, .swz = { 0, 1, 2, 3 } },
        };
        uint32_t w[NV_XF_PR_WORDS];

        nv_xf_encode(th->card.xf.upload_isa, &insn, w);
        for (unsigned k = 0; k < 4; k++) {
            g_assert_true(mthd(th, 7, (kelvin ? 0xb00 : 0xb80) + 4 * k,
                               w[3 - k]));
        }
    }
    g_assert_true(mthd(th, 7, 0x1ea0, 0));
    /* ENGINE as Mesa's nv30 driver sets it (0x13: VP on), so that
     * Kelvin and Rankine run the program, not fixed function. */
    g_assert_true(mthd(th, 7, 0x1e94, 0x13));
}

/*
 * A card with a 3D object of class @cls on subchannel 7, the two vertex
 * buffer DMA objects (class 0x3d, present, linear, VRAM: VTXDMA0 64 KiB
 * at VB0, VTXDMA1 4 KiB at VB1) bound, the program MOV o[0] = v[0], and
 * (Rankine, Curie) the viewport scale (16, 16, 0.5) and translate (0, 0,
 * 0.5): a clip-space (x, y, z, 1) lands at window (16x, 16y, z / 2 +
 * 1/2).  The primitive trace is on.
 */
static TestHost *fd_new(const char *model, uint32_t cls)
{
    static const uint8_t zero = 0;
    static const uint32_t viewport[] = {
        0x41800000, 0x41800000, 0x3f000000,     /* scale 16, 16, 0.5 */
    };
    TestHost *th = gr_new(model);
    bool kelvin = cls == 0x0097 || cls == 0x0597;

    bind_3d(th, cls);
    th_ramin_wr(th, VTXDMA0, 0x3d | 0x3000);
    th_ramin_wr(th, VTXDMA0 + 4, 0xffff);
    th_ramin_wr(th, VTXDMA0 + 8, VB0);
    th_ramin_wr(th, VTXDMA1, 0x3d | 0x3000);
    th_ramin_wr(th, VTXDMA1 + 4, 0xfff);
    th_ramin_wr(th, VTXDMA1 + 8, VB1);
    g_assert_true(mthd(th, 7, 0x19c, VTXDMA0 >> 4));
    g_assert_true(mthd(th, 7, 0x1a0, VTXDMA1 >> 4));
    program(th, kelvin, &zero, &zero, 1);
    for (unsigned c = 0; c < 3 && !kelvin; c++) {
        g_assert_true(mthd(th, 7, 0xa30 + 4 * c, viewport[c]));
        g_assert_true(mthd(th, 7, 0xa20 + 4 * c, c == 2 ? 0x3f000000 : 0));
    }
    th->trace_prims = true;
    return th;
}

/* Primitive @i of the trace. */
static const NVVtxPrim *prim(TestHost *th, unsigned i)
{
    g_assert_cmpuint(i, <, th->prims->len);
    return &g_array_index(th->prims, NVVtxPrim, i);
}

/* Vertex @v of primitive @p is at window (@x, @y, @z) with 1/w @rw. */
static void expect_pos(const NVVtxPrim *p, unsigned v, float x, float y,
                       float z, float rw)
{
    g_assert_cmpfloat(p->v[v].pos[0], ==, x);
    g_assert_cmpfloat(p->v[v].pos[1], ==, y);
    g_assert_cmpfloat(p->v[v].pos[2], ==, z);
    g_assert_cmpfloat(p->v[v].pos[3], ==, rw);
}

/* The next primitive is a point at window (@x, @y, @z), 1/w @rw. */
static void expect_point(TestHost *th, unsigned *next, float x, float y,
                         float z, float rw)
{
    const NVVtxPrim *p = prim(th, (*next)++);

    g_assert_cmpuint(p->kind, ==, NV_VTX_PRIM_POINT);
    expect_pos(p, 0, x, y, z, rw);
}

/* Methods and data (to a 0 method), then VAB slot @attr's expected value. */
typedef struct ImmCase {
    uint32_t m[9];
    uint8_t attr;
    uint32_t vab[4];
} ImmCase;

/*
 * Every VAB slot set to (2, 2, 2, 2) through the 4F methods at @m4f (so
 * that the defaults show), then each case outside BEGIN_END: no vertex.
 */
static void run_imm(TestHost *th, uint32_t m4f, const ImmCase *c, size_t n)
{
    for (unsigned i = 0; i < 64; i++) {
        g_assert_true(mthd(th, 7, m4f + 4 * i, F2));
    }
    expect_vab(th, 7, F2, F2, F2, F2);
    for (size_t i = 0; i < n; i++) {
        mthds(th, c[i].m);
        expect_vab(th, c[i].attr, c[i].vab[0], c[i].vab[1], c[i].vab[2],
                   c[i].vab[3]);
    }
    g_assert_cmpuint(th->prims->len, ==, 0);
    g_assert_cmpuint(th->card.xf.last_icnt, ==, 0);
    th_free(th);
}

/*
 * Kelvin's immediate attributes (rnndb nv20_3d.xml; attributes
 * NV20_VERTEX_ATTR), over VAB slots first set to (2, 2, 2, 2) with
 * VERTEX_ATTR_4F, outside BEGIN_END (no vertex is made):
 * VERTEX_COL_4I 0xff804000 (abgr8: R the low byte): R 0 = 0, G 0x40 =
 * 64/255 = 2^6/255 = 0.0100000010000000100...b = 1.00000010000000100000001
 * (rounded up: the next bits are 1000000010...) * 2^-2 = 0x3e808081, B
 * 0x80 = 2^7/255 the same mantissa * 2^-1 = 0x3f008081, A 0xff = 1.0.
 * VERTEX_COL2_3I 0x12ff0080 (xbgr8): R 0x80, G 0, B 0xff; W 1; the top
 * byte is nothing.  VERTEX_NOR_3I 0xfffe0003, 0x00017fff: signed shorts
 * 3, -2 and 32767 (the high half of Z's word is nothing) = 1.11111111111111b
 * * 2^14 = exponent 141 (0x8d), mantissa 0x7ffe00: 0x46fffe00; W 1.
 * VERTEX_TX1_2I 0x8000ffff: attribute 10 (-1, -32768 = -2^15: 0xc7000000,
 * 0, 1).  VERTEX_TX0_4I 0x00020001, 0x0004fffd: attribute 9 (1, 2, -3,
 * 4).  VERTEX_FOG_1F 5.0: attribute 5 (5, 0, 0, 1).  VERTEX_POS_3F
 * (1, 2, 3): attribute 0 (1, 2, 3, 1), and no vertex outside BEGIN_END;
 * VERTEX_POS_3I 0x0002ffff, 0xffff0003: (-1, 2, 3, 1).  The float forms:
 * VERTEX_NOR_3F, VERTEX_COL_3F, VERTEX_COL2_3F (x, y, z, 1),
 * VERTEX_TX2_2F (s, t, 0, 1) into attribute 11, VERTEX_TX3_4F into 12.
 */
static const ImmCase imm_kelvin[] = {
    { { 0x156c, 0xff804000 }, 3, { F0, 0x3e808081, 0x3f008081, F1 } },
    { { 0x158c, 0x12ff0080 }, 4, { 0x3f008081, F0, F1, F1 } },
    { { 0x1540, 0xfffe0003, 0x1544, 0x00017fff }, 2,
      { F3, 0xc0000000, 0x46fffe00, F1 } },
    { { 0x15c0, 0x8000ffff }, 10, { FM1, 0xc7000000, F0, F1 } },
    { { 0x15b0, 0x00020001, 0x15b4, 0x0004fffd }, 9,
      { F1, F2, 0xc0400000, F4 } },
    { { 0x1698, 0x40a00000 }, 5, { 0x40a00000, F0, F0, F1 } },
    { { 0x1500, F1, 0x1504, F2, 0x1508, F3 }, 0, { F1, F2, F3, F1 } },
    { { 0x1528, 0x0002ffff, 0x152c, 0xffff0003 }, 0, { FM1, F2, F3, F1 } },
    { { 0x1530, F3, 0x1534, F2, 0x1538, F1 }, 2, { F3, F2, F1, F1 } },
    { { 0x1560, F3, 0x1564, F2, 0x1568, F1 }, 3, { F3, F2, F1, F1 } },
    { { 0x1580, F4, 0x1584, F2, 0x1588, F1 }, 4, { F4, F2, F1, F1 } },
    { { 0x15e0, F4, 0x15e4, F3 }, 11, { F4, F3, F0, F1 } },
    { { 0x1620, F4, 0x1624, F3, 0x1628, F2, 0x162c, FM1 }, 12,
      { F4, F3, F2, FM1 } },
};

static void test_fd_imm_kelvin(void)
{
    run_imm(fd_new("nv20", 0x0097), 0x1a00, imm_kelvin,
            G_N_ELEMENTS(imm_kelvin));
}

/*
 * Rankine's and Curie's immediate attributes (rnndb nv30-40_3d.xml
 * VTX_ATTR_*; the attribute is the array index), over (2, 2, 2, 2):
 * 4UB[3] 0xff804000 as COL_4I above (rnndb's bytes X-W, X the low
 * one, unsigned normalized as glVertexAttrib4Nub's); 2I[1] 0x0005fff6: (-10 = 0xc1200000, 5 = 0x40a00000,
 * 0, 1); 4I[2] 0x00020001, 0xffff0003: (1, 2, 3, -1); 3I[4] 0x0001ffff,
 * 0x7fff0007: (-1, 1, 7 = 0x40e00000, 1), the high half of Z's word
 * nothing; 1F[6] 3.0: (3, 0, 0, 1); 2F[8] (1, 2): (1, 2, 0, 1); 3F[9]
 * (1, 2, 3): (1, 2, 3, 1); 4F[15] (1, 2, 3, 4).
 */
static const ImmCase imm_rankine[] = {
    { { 0x194c, 0xff804000 }, 3, { F0, 0x3e808081, 0x3f008081, F1 } },
    { { 0x1904, 0x0005fff6 }, 1, { 0xc1200000, 0x40a00000, F0, F1 } },
    { { 0x1990, 0x00020001, 0x1994, 0xffff0003 }, 2, { F1, F2, F3, FM1 } },
    { { 0xaa0, 0x0001ffff, 0xaa4, 0x7fff0007 }, 4,
      { FM1, F1, 0x40e00000, F1 } },
    { { 0x1e58, F3 }, 6, { F3, F0, F0, F1 } },
    { { 0x18c0, F1, 0x18c4, F2 }, 8, { F1, F2, F0, F1 } },
    { { 0x1590, F1, 0x1594, F2, 0x1598, F3 }, 9, { F1, F2, F3, F1 } },
    { { 0x1cf0, F1, 0x1cf4, F2, 0x1cf8, F3, 0x1cfc, F4 }, 15,
      { F1, F2, F3, F4 } },
};

static void test_fd_imm_nv30(void)
{
    run_imm(fd_new("nv30", 0x0397), 0x1c00, imm_rankine,
            G_N_ELEMENTS(imm_rankine));
}

static void test_fd_imm_nv40(void)
{
    run_imm(fd_new("nv40", 0x4097), 0x1c00, imm_rankine,
            G_N_ELEMENTS(imm_rankine));
}

/*
 * The position completes a vertex inside BEGIN_END: Kelvin's
 * VERTEX_POS_4F at its W word: with POINTS, a point at window (1, 2, 3)
 * (Kelvin's programs give window coordinates), 1/w 0.25; Rankine's
 * VTX_ATTR_2F[0] (0.25, 0.5) at Y, with Z, W (0, 1): window (16 * 0.25,
 * 16 * 0.5, 0 / 2 + 0.5) = (4, 8, 0.5), 1/w 1.  BEGIN_END values past
 * POLYGON (10) and STOP outside BEGIN_END are the guest's errors and
 * change nothing; after STOP the position makes no vertex.  The method
 * trace names the types.
 */
static void test_fd_begin_end(void)
{
    static const char *const trace[] = {
        "0 7 NV30_3D VERTEX_BEGIN_END 0x00000010",
        "0 7 NV30_3D VERTEX_BEGIN_END 0x00000001 (POINTS)",
        NULL,
    };
    TestHost *th = fd_new("nv25", 0x0597);
    unsigned next = 0;

    g_assert_true(mthd(th, 7, 0x17fc, 11));
    g_assert_cmpuint(th->n_guest_error, ==, 1);
    g_assert_true(mthd(th, 7, 0x17fc, 0));
    g_assert_cmpuint(th->n_guest_error, ==, 2);
    g_assert_true(mthd(th, 7, 0x17fc, 1));
    g_assert_true(mthd(th, 7, 0x1518, F1));
    g_assert_true(mthd(th, 7, 0x151c, F2));
    g_assert_true(mthd(th, 7, 0x1520, F3));
    g_assert_cmpuint(th->prims->len, ==, 0);
    g_assert_true(mthd(th, 7, 0x1524, F4));
    expect_point(th, &next, 1, 2, 3, 0.25);
    g_assert_true(mthd(th, 7, 0x17fc, 0));
    g_assert_true(mthd(th, 7, 0x1524, F4));
    g_assert_cmpuint(th->prims->len, ==, 1);
    g_assert_cmpuint(th->n_guest_error, ==, 2);
    th_free(th);

    th = fd_new("nv34", 0x0697);
    next = 0;
    th->trace = true;
    g_assert_true(mthd(th, 7, 0x1808, 0x10));
    g_assert_cmpuint(th->n_guest_error, ==, 1);
    g_assert_true(mthd(th, 7, 0x1808, 1));
    th_trace_expect(th, trace);
    g_assert_true(mthd(th, 7, 0x1880, 0x3e800000));
    g_assert_cmpuint(th->prims->len, ==, 0);
    g_assert_true(mthd(th, 7, 0x1884, 0x3f000000));
    expect_point(th, &next, 4, 8, 0.5, 1);
    th_free(th);
}

/*
 * Every vertex buffer type (rnndb nv10_vtxbuf_type) on Rankine, one
 * vertex (VB_VERTEX_BATCH 2: vertex 2, COUNT 0 + 1) so the VAB holds it.
 * VTXFMT is STRIDE << 8 | SIZE << 4 | TYPE; VTXBUF bit 31 picks VTXDMA1.
 *  0: V32_FLOAT, 3, stride 12, VB0 + 0: vertex 2 at +24: (0.5 = 0x3f000000,
 *     -0.25 = 0xbe800000, 0.125 = 0x3e000000), W 1: a point at window
 *     (8, -4, 0.5625), 1/w 1.
 *  1: V16_SNORM, 2, stride 6, VB0 + 0x200 + 12: 0x7fff, 0x8000: 32767 /
 *     32767 = 1 and -32768 clamped to -1; (1, -1, 0, 1).
 *  2: V16_FLOAT, 4, stride 8, VB0 + 0x300 + 16: halves 0x3c00 = 1,
 *     0xc000 = -2, 0x3555 = 2^-2 * 1.0101010101b: single exponent 125,
 *     mantissa 0x155 << 13 = 0x2aa000: 0x3eaaa000; 0x0001, the smallest
 *     denormal, 2^-24: exponent 103 (0x67): 0x33800000.
 *  3: B8G8R8A8_UNORM, 4, stride 4, VTXDMA1 + 0x100 + 8: bytes B 0x80,
 *     G 0x40, R 0xff, A 0: (R, G, B, A) = (1, 0x3e808081, 0x3f008081, 0).
 *  4: U8_UNORM, 1, stride 1, VB0 + 0x400 + 2: 0x33 = 51/255 = 1/5, the
 *     single nearest 0.2: 0x3e4ccccd; (0.2, 0, 0, 1).
 *  5: V16_SSCALED, 3, stride 8, VB0 + 0x500 + 16: -7, 300, 0: (-7 =
 *     0xc0e00000, 300 = 1.00101100b * 2^8 = 0x43960000, 0, 1).
 *  6: U8_USCALED, 2, stride 2, VB0 + 0x600 + 4: 200, 7: (200 = 1.5625 *
 *     2^7 = 0x43480000, 7 = 0x40e00000, 0, 1).
 *  7: SIZE 0: the immediate value stays, (9, 9, 9, 9) = 0x41100000.
 */
static void test_fd_vtxbuf_types(void)
{
    static const uint32_t fmt[8][2] = {
        { 0x0000, 0x0c32 }, { 0x0200, 0x0621 }, { 0x0300, 0x0843 },
        { 0x80000100, 0x0440 }, { 0x0400, 0x0114 }, { 0x0500, 0x0835 },
        { 0x0600, 0x0227 }, { 0, 0x0002 },
    };
    TestHost *th = fd_new("nv30", 0x0397);
    unsigned next = 0;

    for (unsigned a = 0; a < 4; a++) {
        g_assert_true(mthd(th, 7, 0x1c70 + 4 * a, 0x41100000));
    }
    for (unsigned a = 0; a < 8; a++) {
        g_assert_true(mthd(th, 7, 0x1680 + 4 * a, fmt[a][0]));
        g_assert_true(mthd(th, 7, 0x1740 + 4 * a, fmt[a][1]));
    }
    vram_wr(th, VB0 + 24, 0x3f000000);
    vram_wr(th, VB0 + 28, 0xbe800000);
    vram_wr(th, VB0 + 32, 0x3e000000);
    vram_wr(th, VB0 + 0x20c, 0x80007fff);
    vram_wr(th, VB0 + 0x310, 0xc0003c00);
    vram_wr(th, VB0 + 0x314, 0x00013555);
    vram_wr(th, VB1 + 0x108, 0x00ff4080);
    vram_wr(th, VB0 + 0x400, 0x00330000);
    vram_wr(th, VB0 + 0x510, 0x012cfff9);
    vram_wr(th, VB0 + 0x514, 0x00000000);
    vram_wr(th, VB0 + 0x604, 0x000007c8);
    g_assert_true(mthd(th, 7, 0x1808, 1));
    g_assert_true(mthd(th, 7, 0x1814, 2));
    expect_vab(th, 0, 0x3f000000, 0xbe800000, 0x3e000000, F1);
    expect_vab(th, 1, F1, FM1, F0, F1);
    expect_vab(th, 2, F1, 0xc0000000, 0x3eaaa000, 0x33800000);
    expect_vab(th, 3, F1, 0x3e808081, 0x3f008081, F0);
    expect_vab(th, 4, 0x3e4ccccd, F0, F0, F1);
    expect_vab(th, 5, 0xc0e00000, 0x43960000, F0, F1);
    expect_vab(th, 6, 0x43480000, 0x40e00000, F0, F1);
    expect_vab(th, 7, 0x41100000, 0x41100000, 0x41100000, 0x41100000);
    g_assert_cmpuint(th->prims->len, ==, 1);
    expect_point(th, &next, 8, -4, 0.5625, 1);
    g_assert_cmpuint(th->n_guest_error, ==, 0);
    th_free(th);
}

/*
 * Kelvin's vertex buffers (VTXBUF_OFFSET 0x1720, VTXBUF_FMT 0x1760):
 * position V32_FLOAT size 2 stride 8, diffuse (attribute 3) D3DCOLOR
 * 0xff204080 from VTXDMA1 (B 0x80, G 0x40, R 0x20, A 0xff: R 0x20 =
 * 2^5/255 = 0x3e008081).  VTXBUF_BATCH 0x01000001 with POINTS: vertices
 * 1 and 2, points at window (1, 2) and (3, 4), z 0, 1/w 1.
 * A V16_FLOAT attribute (NV30_3D and later) is the guest's error, once a
 * draw method, and not fetched: attribute 4 keeps the (2, 2, 2, 2)
 * VERTEX_ATTR_4F[4] gave it.  VTXBUF_ELEMENT_U16 0x00000002: vertex 2
 * (3, 4), then vertex 0 (4, 3, at VB0); VTXBUF_ELEMENT_U32 1: (1, 2).
 * VTXBUF_DATA: three words a vertex (the position, then the D3DCOLOR
 * word; attribute 4 has none, logged at the vertex's first word): (5, 6)
 * with 0x80ff0000 (R 0xff, A 0x80: (1, 0, 0, 0x3f008081)).
 */
static void test_fd_vtxbuf_kelvin(void)
{
    static const uint32_t setup[] = {
        0x1a40, F2, 0x1a44, F2, 0x1a48, F2, 0x1a4c, F2,
        0x1720, 0, 0x1760, 0x0822, 0x172c, 0x80000000, 0x176c, 0x0440,
        0x1730, 0x100, 0x1770, 0x0213, 0,
    };
    static const uint32_t draw[] = {
        0x1800, 0x00000002, 0x1808, 1,
        0x1818, 0x40a00000, 0x1818, 0x40c00000, 0x1818, 0x80ff0000, 0,
    };
    TestHost *th = fd_new("nv20", 0x0097);
    unsigned next = 0;

    mthds(th, setup);
    vram_wr(th, VB0 + 8, F1);
    vram_wr(th, VB0 + 12, F2);
    vram_wr(th, VB0 + 16, F3);
    vram_wr(th, VB0 + 20, F4);
    vram_wr(th, VB0, F4);
    vram_wr(th, VB0 + 4, F3);
    vram_wr(th, VB1 + 8, 0xff204080);
    g_assert_true(mthd(th, 7, 0x17fc, 1));
    g_assert_true(mthd(th, 7, 0x1810, 0x01000001));
    expect_point(th, &next, 1, 2, 0, 1);
    expect_point(th, &next, 3, 4, 0, 1);
    expect_vab(th, 3, 0x3e008081, 0x3e808081, 0x3f008081, F1);
    expect_vab(th, 4, F2, F2, F2, F2);
    g_assert_cmpuint(th->n_guest_error, ==, 1);
    mthds(th, draw);
    expect_point(th, &next, 3, 4, 0, 1);
    expect_point(th, &next, 4, 3, 0, 1);
    expect_point(th, &next, 1, 2, 0, 1);
    expect_point(th, &next, 5, 6, 0, 1);
    g_assert_cmpuint(th->prims->len, ==, next);
    expect_vab(th, 3, F1, F0, F0, 0x3f008081);
    g_assert_cmpuint(th->n_guest_error, ==, 4);
    th_free(th);
}

/*
 * Vertex i's position is ((i + 1) / 16, 0, 0, 1) (V32_FLOAT size 1 at
 * VB0): window (i + 1, 0, 0.5) on Rankine and Curie.
 */
static void positions(TestHost *th)
{
    static const uint32_t x[8] = {
        0x3d800000, 0x3e000000, 0x3e400000, 0x3e800000,
        0x3ea00000, 0x3ec00000, 0x3ee00000, 0x3f000000,
    };

    for (unsigned i = 0; i < 8; i++) {
        vram_wr(th, VB0 + 4 * i, x[i]);
    }
    g_assert_true(mthd(th, 7, 0x1680, 0));
    g_assert_true(mthd(th, 7, 0x1740, 0x0412));
}

/*
 * Elements and index buffers on Curie, points, vertex i at window x
 * i + 1: VB_ELEMENT_U16 0x00050002: vertices 2 then 5 (x 3, 6);
 * VB_ELEMENT_U32 7: x 8; VB_VERTEX_BATCH 0x02000003: 3, 4, 5.
 * VB_INDEX_BATCH with IDXBUF_OFFSET 0x800, IDXBUF_FORMAT 0x11 (u16,
 * VTXDMA1) and u16 indices 9, 4, 0, 6 at VB1 + 0x800: 0x02000001 is
 * elements 1-3: 4, 0, 6 (x 5, 1, 7); u32 (FORMAT 0, VTXDMA0) at VB0 +
 * 0x900, 3 and 1: 0x01000000 gives x 4, 2.  With primitive restart on at
 * index 0xffff, the element 0xffff is no vertex; VB_ELEMENT_BASE 2 moves
 * the others on by 2 but not the restart comparison.  A LINE_STRIP of
 * elements 0 1 0xffff 2 3 (base 0) is two lines, x 1-2 and 3-4: the
 * restart ends the strip and begins another.
 */
static void test_fd_elements(void)
{
    /* Each method, data and the points' x it draws. */
    static const struct {
        uint32_t m, d;
        uint8_t x[3];
    } steps[] = {
        { 0x1808, 1, { 0 } },
        { 0x180c, 0x00050002, { 3, 6 } },
        { 0x1810, 7, { 8 } },
        { 0x1814, 0x02000003, { 4, 5, 6 } },
        { 0x181c, 0x800, { 0 } }, { 0x1820, 0x11, { 0 } },
        { 0x1824, 0x02000001, { 5, 1, 7 } },
        { 0x181c, 0x900, { 0 } }, { 0x1820, 0, { 0 } },
        { 0x1824, 0x01000000, { 4, 2 } },
        { 0x1dac, 1, { 0 } }, { 0x1db0, 0xffff, { 0 } },
        { 0x173c, 2, { 0 } },
        { 0x180c, 0xffff0001, { 4 } },
    };
    static const uint32_t strip[] = {
        0x1808, 0, 0x173c, 0, 0x1808, 4, 0x180c, 0x00010000,
        0x180c, 0x0002ffff, 0x1810, 3, 0x1808, 0, 0,
    };
    TestHost *th = fd_new("nv40", 0x4097);
    unsigned next = 0;

    positions(th);
    vram_wr(th, VB1 + 0x800, 0x00040009);
    vram_wr(th, VB1 + 0x804, 0x00060000);
    vram_wr(th, VB0 + 0x900, 3);
    vram_wr(th, VB0 + 0x904, 1);
    for (size_t i = 0; i < G_N_ELEMENTS(steps); i++) {
        g_assert_true(mthd(th, 7, steps[i].m, steps[i].d));
        for (unsigned k = 0; k < 3 && steps[i].x[k]; k++) {
            expect_point(th, &next, steps[i].x[k], 0, 0.5, 1);
        }
    }
    g_assert_cmpuint(th->prims->len, ==, next);
    mthds(th, strip);
    g_assert_cmpuint(th->prims->len, ==, next + 2);
    for (unsigned i = 0; i < 2; i++) {
        const NVVtxPrim *p = prim(th, next + i);

        g_assert_cmpuint(p->kind, ==, NV_VTX_PRIM_LINE);
        expect_pos(p, 0, 1 + 2 * i, 0, 0.5, 1);
        expect_pos(p, 1, 2 + 2 * i, 0, 0.5, 1);
    }
    g_assert_cmpuint(th->n_guest_error, ==, 0);
    th_free(th);
}

/*
 * VERTEX_DATA on Rankine: attribute 0 V32_FLOAT size 2 (2 words),
 * attribute 3 U8_UNORM size 4 (1 word), attribute 5 V16_SNORM size 3
 * (6 bytes, padded to 2 words): 5 words a vertex, which completes at
 * its fifth.  Vertex (0.25, 0.5), 0xff000080 (0x80 = 0x3f008081, 0, 0,
 * 1), 0x80017fff 0xdead0000 (1, -32767 / 32767 = -1, 0; the padding is
 * nothing); as POINTS, each at window (4, 8, 0.5).
 */
static void test_fd_vertex_data(void)
{
    static const uint32_t w[5] = {
        0x3e800000, 0x3f000000, 0xff000080, 0x80017fff, 0xdead0000,
    };
    TestHost *th = fd_new("nv30", 0x0397);
    unsigned next = 0;

    g_assert_true(mthd(th, 7, 0x1740, 0x0022));
    g_assert_true(mthd(th, 7, 0x174c, 0x0044));
    g_assert_true(mthd(th, 7, 0x1754, 0x0031));
    g_assert_true(mthd(th, 7, 0x1808, 1));
    for (unsigned v = 0; v < 2; v++) {
        for (unsigned i = 0; i < 5; i++) {
            g_assert_cmpuint(th->prims->len, ==, v);
            g_assert_true(mthd(th, 7, 0x1818, w[i]));
        }
        expect_point(th, &next, 4, 8, 0.5, 1);
    }
    expect_vab(th, 3, 0x3f008081, F0, F0, F1);
    expect_vab(th, 5, F1, FM1, F0, F1);
    th_free(th);
}

/*
 * Vertex buffer reads past the DMA object: 8 bytes at 0xffc of VTXDMA1
 * (limit 0xfff) give PGRAPH's DMA read error (NSOURCE bit 7, INTR.ERROR
 * bit 20) and no vertex; so does vertex 0xffffff of a buffer at
 * 0x01000100 with stride 255 (0xffffff * 255 = 0xfeffff01, + 0x01000100
 * = 0x100000001: past 32 bits, not offset 1), and an index buffer read
 * past the limit (u16 element 0xffe of VTXDMA1: bytes 0x1ffc-0x1ffd); and
 * a read through DMA_VTXBUF1 with no object bound (0), though RAMIN 0
 * holds what looks like one.
 */
static void test_fd_dma_fault(void)
{
    static const uint32_t bad[][4] = {
        /* VTXBUF, VTXFMT, method, data */
        { 0x80000ffc, 0x0822, 0x1814, 0 },
        { 0x01000100, 0xff12, 0x1814, 0x00ffffff },
        { 0, 0x0412, 0x1824, 0x01000ffe },
        { 0x80000000, 0x0412, 0x1814, 0 },
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        TestHost *th = fd_new("nv44", 0x4497);

        if (i == 3) {
            th_ramin_wr(th, 0, 0x3d | 0x3000);
            th_ramin_wr(th, 4, 0xffff);
            g_assert_true(mthd(th, 7, 0x1a0, 0));
        }
        g_assert_true(mthd(th, 7, 0x1680, bad[i][0]));
        g_assert_true(mthd(th, 7, 0x1740, bad[i][1]));
        g_assert_true(mthd(th, 7, 0x1820, 0x11));
        g_assert_true(mthd(th, 7, 0x1808, 1));
        g_assert_true(mthd(th, 7, bad[i][2], bad[i][3]));
        g_assert_cmphex(th_rd(th, 0x400108), ==, 0x80);
        g_assert_cmphex(th_rd(th, 0x400100) & 0x100000, ==, 0x100000);
        g_assert_cmpuint(th->prims->len, ==, 0);
        th_free(th);
    }
}

/* Vertex @v of primitive @p has attribute @slot (@x, @y, @z, @w). */
static void expect_attr(const NVVtxPrim *p, unsigned v, unsigned slot,
                        float x, float y, float z, float w)
{
    g_assert_cmpfloat(p->v[v].attr[slot][0], ==, x);
    g_assert_cmpfloat(p->v[v].attr[slot][1], ==, y);
    g_assert_cmpfloat(p->v[v].attr[slot][2], ==, z);
    g_assert_cmpfloat(p->v[v].attr[slot][3], ==, w);
}

#define F10     0x41200000u
#define F30     0x41f00000u
#define FHALF   0x3f000000u
#define FQUART  0x3e800000u

/*
 * Kelvin's triangle: VERTEX_COL_4F and VERTEX_POS_4F of red (10, 10,
 * 0.5, 1), green (30, 10, 0.5, 2), blue (10, 30, 0.5, 1) in a
 * BEGIN_END TRIANGLES.
 */
static void kelvin_triangle(TestHost *th)
{
    static const uint32_t tri[3][8] = {
        { F1, F0, F0, F1, F10, F10, FHALF, F1 },
        { F0, F1, F0, F1, F30, F10, FHALF, F2 },
        { F0, F0, F1, F1, F10, F30, FHALF, F1 },
    };

    g_assert_true(mthd(th, 7, 0x17fc, 5));
    for (unsigned v = 0; v < 3; v++) {
        for (unsigned i = 0; i < 4; i++) {
            g_assert_true(mthd(th, 7, 0x1550 + 4 * i, tri[v][i]));
            g_assert_true(mthd(th, 7, 0x1518 + 4 * i, tri[v][4 + i]));
        }
    }
    g_assert_true(mthd(th, 7, 0x17fc, 0));
}

/*
 * Kelvin through VTX, the program copying the position and the diffuse
 * colour (v[3] to o[3], Kelvin's COL0).  FRONT_FACE CW, SHADE_MODEL
 * SMOOTH, kelvin_triangle(): Kelvin's positions are window coordinates,
 * 1/w 1, 0.5, 1; (10, 10) to (30, 10) to (10, 30) is clockwise as the
 * window shows it, y down (docs/3d.rst "Faces"): front, each vertex its
 * colour.  SHADE_MODEL FLAT: every vertex blue, the last's (OpenGL's
 * provoking vertex).  CULL_FACE BACK enabled and FRONT_FACE CCW: the same
 * triangle is a back face, culled.
 * POINT_SIZE 0x14 (6.3 fixed point: 2.5), a point: size 2.5.
 */
static void test_fd_vtx_kelvin(void)
{
    static const uint8_t reg[] = { 0, 3 };
    TestHost *th = fd_new("nv20", 0x0097);
    const NVVtxPrim *p;

    program(th, true, reg, reg, 2);
    g_assert_true(mthd(th, 7, 0x3a0, 0x900));
    g_assert_true(mthd(th, 7, 0x37c, 0x1d01));
    kelvin_triangle(th);
    g_assert_true(mthd(th, 7, 0x37c, 0x1d00));
    kelvin_triangle(th);
    g_assert_true(mthd(th, 7, 0x308, 1));
    g_assert_true(mthd(th, 7, 0x39c, 0x405));
    g_assert_true(mthd(th, 7, 0x3a0, 0x901));
    kelvin_triangle(th);
    g_assert_cmpuint(th->prims->len, ==, 2);
    for (unsigned k = 0; k < 2; k++) {
        p = prim(th, k);
        g_assert_cmpuint(p->kind, ==, NV_VTX_PRIM_TRIANGLE);
        g_assert_false(p->back);
        expect_pos(p, 0, 10, 10, 0.5, 1);
        expect_pos(p, 1, 30, 10, 0.5, 0.5);
        expect_pos(p, 2, 10, 30, 0.5, 1);
        expect_attr(p, 0, 3, !k, 0, k, 1);
        expect_attr(p, 1, 3, 0, !k, k, 1);
        expect_attr(p, 2, 3, 0, 0, 1, 1);
    }
    g_assert_true(mthd(th, 7, 0x43c, 0x14));
    g_assert_true(mthd(th, 7, 0x17fc, 1));
    g_assert_true(mthd(th, 7, 0x1500, F10));
    g_assert_true(mthd(th, 7, 0x1504, F10));
    g_assert_true(mthd(th, 7, 0x1508, FHALF));
    g_assert_cmpuint(th->prims->len, ==, 3);
    g_assert_cmpfloat(prim(th, 2)->v[0].size, ==, 2.5);
    th_free(th);
}

/*
 * Rankine through VTX, the program copying v[0] and v[3] (Rankine's
 * COL0 output is 3).  VIEWPORT_TRANSLATE (100, 200, 0.5), LINE_WIDTH
 * 0x18 (6.3 fixed point: 3), SHADE_MODEL FLAT with FLATSHADE_FIRST, a
 * line from VTX_ATTR_4UB[3] 0xff0000ff (red: R 0xff, A 0xff) and
 * VTX_ATTR_2F[0] (0.25, 0.5) to 0xffff0000 (blue) and (0.5, 0.25): window
 * (16 * 0.25 + 100, 16 * 0.5 + 200, 0.5) = (104, 208, 0.5) to (108, 204,
 * 0.5), width 3, both red, the first vertex's colour.  Then with
 * VERTEX_TWO_SIDE_ENABLE, SHADE_MODEL SMOOTH and the back colour
 * (Rankine's BFC0 output is 1) green from VTX_ATTR_4UB[1] 0xff00ff00, a
 * red triangle (0, 0), (0.5, 0), (0, 0.5): window (100, 200), (108, 200),
 * (100, 208), clockwise as the window shows it (y down) while FRONT_FACE
 * is CCW (0x901): a back face, whose vertices show the back colour.  POLYGON_OFFSET_FILL_ENABLE with
 * factor 0 and units 2.0 (GL's 1, doubled as Mesa sends it) over Z24S8
 * (RT_FORMAT ZETA 2: 0x40): z offset 2 * 2^-25 = 2^-24.
 */
static void test_fd_vtx_rankine(void)
{
    static const uint8_t reg[] = { 0, 3, 1 };
    static const uint32_t line[] = {
        0xa20, 0x42c80000, 0xa24, 0x43480000, 0x3b8, 0x18, 0x368, 0x1d00,
        0x1454, 1, 0x1808, 2,
        0x194c, 0xff0000ff, 0x1880, FQUART, 0x1884, FHALF,
        0x194c, 0xffff0000, 0x1880, FHALF, 0x1884, FQUART,
        0x1808, 0, 0,
    };
    static const uint32_t back[] = {
        0x142c, 1, 0x368, 0x1d01, 0x1834, 0x901,
        0x1944, 0xff00ff00, 0x194c, 0xff0000ff,
        0xa68, 1, 0xa78, F0, 0xa7c, F2, 0x208, 0x40,
        0x1808, 5, 0x1880, F0, 0x1884, F0, 0x1880, FHALF, 0x1884, F0,
        0x1880, F0, 0x1884, FHALF, 0x1808, 0, 0,
    };
    TestHost *th = fd_new("nv30", 0x0397);
    const NVVtxPrim *p;

    program(th, false, reg, reg, 3);
    mthds(th, line);
    g_assert_cmpuint(th->prims->len, ==, 1);
    p = prim(th, 0);
    g_assert_cmpuint(p->kind, ==, NV_VTX_PRIM_LINE);
    g_assert_cmpfloat(p->width, ==, 3);
    expect_pos(p, 0, 104, 208, 0.5, 1);
    expect_pos(p, 1, 108, 204, 0.5, 1);
    expect_attr(p, 0, 3, 1, 0, 0, 1);
    expect_attr(p, 1, 3, 1, 0, 0, 1);

    mthds(th, back);
    g_assert_cmpuint(th->prims->len, ==, 2);
    p = prim(th, 1);
    g_assert_cmpuint(p->kind, ==, NV_VTX_PRIM_TRIANGLE);
    g_assert_true(p->back);
    g_assert_cmpfloat(p->z_offset, ==, 0x1p-24);
    expect_pos(p, 0, 100, 200, 0.5, 1);
    expect_pos(p, 1, 108, 200, 0.5, 1);
    expect_pos(p, 2, 100, 208, 0.5, 1);
    for (unsigned v = 0; v < 3; v++) {
        expect_attr(p, v, 3, 0, 1, 0, 1);
    }
    th_free(th);
}

/*
 * Curie through VTX, the program copying v[0], v[5] and v[6] to the same
 * outputs (FOGC, PSZ).  VP_RESULT_EN 0x20 (PSZ written): a point's size
 * is o[6].x, 5 from VTX_ATTR_1F[6]; VP_CLIP_PLANES_ENABLE 2 (plane 0):
 * user clip distance 0 is o[5].y.  Points at (0.5, 0.5): window (8, 8,
 * 0.5), with distance 1 drawn, size 5, with -1 clipped.  Then without
 * VP_RESULT_EN, POINT_SIZE 2.0 gives the size.
 */
static void test_fd_vtx_curie(void)
{
    static const uint8_t reg[] = { 0, 5, 6 };
    static const uint32_t clip[] = {
        0x1ff4, 0x20, 0x1478, 2, 0x1e58, 0x40a00000, 0x1808, 1,
        0x1c54, F1, 0x1880, FHALF, 0x1884, FHALF,
        0x1c54, FM1, 0x1880, FHALF, 0x1884, FHALF, 0x1808, 0, 0,
    };
    static const uint32_t size[] = {
        0x1ff4, 0, 0x1ee0, F2, 0x1c54, F1, 0x1808, 1,
        0x1880, FHALF, 0x1884, FHALF, 0,
    };
    TestHost *th = fd_new("nv40", 0x4097);
    unsigned next = 0;

    program(th, false, reg, reg, 3);
    mthds(th, clip);
    g_assert_cmpuint(th->prims->len, ==, 1);
    expect_point(th, &next, 8, 8, 0.5, 1);
    g_assert_cmpfloat(prim(th, 0)->v[0].size, ==, 5);
    mthds(th, size);
    expect_point(th, &next, 8, 8, 0.5, 1);
    g_assert_cmpfloat(prim(th, 1)->v[0].size, ==, 2);
    th_free(th);
}

/*
 * Rankine's user clip distances: Mesa's nv30 programs write distance i to
 * the X of output 17 + i (NV30_VP_INST_DEST_CLP).  The program MOV o[0] =
 * v[0], MOV o[17] = v[5]; VP_CLIP_PLANES_ENABLE bit 1 (distance 0) on;
 * two points at clip (0.5, 0.5): window (8, 8, 0.5), the first with v[5].x
 * = 1 (inside), the second with -1 (outside: dropped).
 */
static void test_fd_vtx_rankine_clip(void)
{
    static const uint8_t out[] = { 0, 17 }, in[] = { 0, 5 };
    static const uint32_t clip[] = {
        0x1478, 2, 0x1808, 1,
        0x1c50, F1, 0x1880, FHALF, 0x1884, FHALF,
        0x1c50, FM1, 0x1880, FHALF, 0x1884, FHALF, 0x1808, 0, 0,
    };
    TestHost *th = fd_new("nv34", 0x0697);
    unsigned next = 0;

    program(th, false, out, in, 2);
    mthds(th, clip);
    g_assert_cmpuint(th->prims->len, ==, 1);
    expect_point(th, &next, 8, 8, 0.5, 1);
    th_free(th);
}

/*
 * Migration in the middle of a triangle: VTX's state is derived, so a
 * destination that has it zeroed (its own power-on state) gets it back
 * from the 3D state in post_load, and the two vertices already taken are
 * migrated.  Rankine, vertices (0, 0), (0.5, 0), (0, 0.5): window (0, 0),
 * (8, 0), (0, 8), z 0.5 (a zero viewport scale would put them all at
 * (0, 0, 0)).
 */
static void test_fd_post_load(void)
{
    static const uint32_t two[] = {
        0x1808, 5, 0x1880, F0, 0x1884, F0, 0x1880, FHALF, 0x1884, F0, 0,
    };
    TestHost *th = fd_new("nv30", 0x0397);
    const NVVtxPrim *p;

    mthds(th, two);
    memset(&th->card.pgraph20.vtx.st, 0, sizeof(th->card.pgraph20.vtx.st));
    nv_card_post_load(&th->card);
    g_assert_true(mthd(th, 7, 0x1880, F0));
    g_assert_true(mthd(th, 7, 0x1884, FHALF));
    g_assert_cmpuint(th->prims->len, ==, 1);
    p = prim(th, 0);
    expect_pos(p, 0, 0, 0, 0.5, 1);
    expect_pos(p, 1, 8, 0, 0.5, 1);
    expect_pos(p, 2, 0, 8, 0.5, 1);
    th_free(th);
}

/*
 * Garbage into the vertex input of each family: random formats, offsets,
 * DMA selections, index buffers, restart state, primitive types, element
 * and batch words, inline data and immediate attributes, 20000 methods
 * each, FIFO_ENABLE set again after each error.  Nothing to compare; the
 * run must stay in bounds (ASan, UBSan) and end.
 */
static void test_fd_garbage(void)
{
    static const struct { const char *model; uint32_t cls; } c[] = {
        { "nv20", 0x0097 }, { "nv34", 0x0697 }, { "nv43", 0x4097 },
    };
    static const uint16_t kelvin[] = {
        0x1720, 0x1760, 0x17fc, 0x1800, 0x1808, 0x1810, 0x1818, 0x1500,
        0x1524, 0x152c, 0x156c, 0x158c, 0x15b4, 0x1698, 0x1a00, 0x16bc,
    };
    static const uint16_t rankine[] = {
        0x1680, 0x1740, 0x1808, 0x180c, 0x1810, 0x1814, 0x1818, 0x181c,
        0x1820, 0x1824, 0x1dac, 0x1db0, 0x173c, 0x1880, 0x1884, 0x1940,
        0x1984, 0xa84, 0x1e40, 0x1c0c, 0x145c, 0x1478, 0x1ff4, 0xa30,
    };
    ThRng g = { 42 };

    for (size_t i = 0; i < G_N_ELEMENTS(c); i++) {
        TestHost *th = fd_new(c[i].model, c[i].cls);
        bool k = i == 0;

        for (unsigned n = 0; n < 20000; n++) {
            uint32_t r = th_rnd(&g), d = th_rnd(&g);
            const uint16_t *list = k ? kelvin : rankine;
            uint32_t m = list[r % (k ? G_N_ELEMENTS(kelvin)
                                     : G_N_ELEMENTS(rankine))];

            if (m == list[2]) {
                d %= 12;                    /* mostly valid types */
            } else if (r & 0x100) {
                d &= 0xffff;                /* in the buffers, small */
            }
            if (r & 0x200 && m < 0x1f00) {
                m += 4 * (r >> 28);         /* another array element */
            }
            nv20_pgraph_method(&th->card, 7, m, d);
            th_wr(th, 0x400720, 1);
        }
        th_free(th);
    }
}

/* ---- fixed-function state methods (ff-nv20.c) ---- */

/* Method @m with @data, then XF's RAM word @ram must hold @want. */
static void ff_check(TestHost *th, uint32_t m, uint32_t data,
                     const uint32_t *ram, uint32_t want)
{
    g_assert_true(mthd(th, 7, m, data));
    g_assert_cmphex(*ram, ==, want);
}

/*
 * Matrices: the methods' words come in GL's column-major order, word j
 * being row j % 4, column j / 4; XFCTX keeps a matrix a row a slot
 * (docs/xf.rst "Fixed-function processing"), so word j lands in slot
 * first + j % 4, component j / 4.  Kelvin (ctx.rst NV20 column):
 * MODELVIEW_MATRIX(1) word 6 (0x480 + 64 + 24 = 0x4d8): MATRIX_MV1
 * (0x10) + 2, Y; INVERSE_MODELVIEW_MATRIX(0) word 1 (0x584): IMV0 (0x0c)
 * + 1, X; PROJECTION_MATRIX word 3 (0x68c): 0x03, X; TEX_MATRIX(2) word 4
 * (0x6c0 + 128 + 16 = 0x750): MATRIX_TX2 (0x54), Y; TEX_GEN_COEFF of
 * texture 1, T, D (0x840 + 64 + 16 + 12 = 0x89c): TEX_1_GEN_T (0x49), W;
 * VIEWPORT_TRANSLATE Z (0xa28): 0x3b, Z; VIEWPORT_SCALE X (0xaf0): 0x3a.
 * Rankine (NV30 column): MODELVIEW_MATRIX word 1 (0x484): 0x45, X;
 * TEX_MATRIX(5) word 0 (0x6c0 + 320 = 0x800): MATRIX_TX5 (0x0c), X;
 * VIEWPORT_SCALE Y (0xa34): 0x76, Y; VP_CLIP_PLANE(2) Z (0x1600 + 32 +
 * 8 = 0x1628): USER_CLIP_PLANE_2 (0x22), Z.
 */
static void test_ff_matrices(void)
{
    TestHost *th = gr_new("nv20");
    uint32_t (*ctx)[4] = th->card.xf.ram.ctx;

    bind_3d(th, 0x0097);
    ff_check(th, 0x4d8, F1, &ctx[0x12][1], F1);
    ff_check(th, 0x584, F2, &ctx[0x0d][0], F2);
    ff_check(th, 0x68c, F3, &ctx[0x03][0], F3);
    ff_check(th, 0x750, F1, &ctx[0x54][1], F1);
    ff_check(th, 0x89c, F2, &ctx[0x49][3], F2);
    ff_check(th, 0xa28, F3, &ctx[0x3b][2], F3);
    ff_check(th, 0xaf0, F1, &ctx[0x3a][0], F1);
    th_free(th);

    th = gr_new("nv34");
    ctx = th->card.xf.ram.ctx;
    bind_3d(th, 0x0697);
    ff_check(th, 0x484, F1, &ctx[0x45][0], F1);
    ff_check(th, 0x800, F2, &ctx[0x0c][0], F2);
    ff_check(th, 0xa34, F3, &ctx[0x76][1], F3);
    ff_check(th, 0x1628, F1, &ctx[0x22][2], F1);
    g_assert_cmpuint(th->n_guest_error, ==, 0);
    th_free(th);
}

/*
 * Lights (ctx.rst).  Kelvin light 2: LIGHT_FRONT_DIFFUSE G (0x100c + 256
 * + 4 = 0x1110) to LTCTX 8 * 2 + 1 = 0x11, Y, as a 22-bit float
 * (0x3f8003ff -> 0x3f800000); LIGHT_BACK_SPECULAR B (0x0c18 + 128 + 8 =
 * 0xca0): LTCTX 0x17, Z; LIGHT_ATTENUATION linear (0x1068 + 256 + 4 =
 * 0x116c): HALF_VECTOR_ATTENUATION, LTCTX 0x13, Y; LIGHT_POSITION X
 * (0x115c): XFCTX 0x2a; LIGHT_SPOT_CUTOFF word 1 (0x1144): LTC2
 * SPOT_CUTOFF_1, 0x07 + 2; word 6 (0x1158): XFCTX SPOT_DIRECTION 0x32,
 * W.  FRONT_MATERIAL_SHININESS word 3 (0x9ec): LTC0 0x02 (D);
 * BACK_MATERIAL_SHININESS word 5 (0x1e3c): LTC2 0x06 (back F);
 * MATERIAL_FACTOR_FRONT_A (0x3b4): LTC3 0x0c.
 * Rankine light 1: LIGHT_HALF_VECTOR Y (0x1028 + 64 + 4 = 0x106c): XFCTX
 * 0x31, Y; LIGHT_DIRECTION Z (0x107c): XFCTX 0x29, Z; SPOT_CUTOFF_B
 * (0x1244): LTC2 0x05 + 1; SPOT_CUTOFF_D (0x1258): XFCTX 0x6d, W;
 * LIGHT_FRONT_SIDE_PRODUCT_SPECULAR R (0x1018 + 64): LTCTX 6 + 2;
 * COLOR_MATERIAL_FRONT A (0x3ac): MATERIAL_FACTOR_A, LTC3 0x0d.
 */
static void test_ff_lights(void)
{
    TestHost *th = gr_new("nv25");
    NVXfRams *r = &th->card.xf.ram;

    bind_3d(th, 0x0597);
    ff_check(th, 0x1110, 0x3f8003ff, &r->ltctx[0x11][1], F1);
    ff_check(th, 0xca0, F2, &r->ltctx[0x17][2], F2);
    ff_check(th, 0x116c, F3, &r->ltctx[0x13][1], F3);
    ff_check(th, 0x115c, F1, &r->ctx[0x2a][0], F1);
    ff_check(th, 0x1144, F2, &r->ltc[2][0x09], F2);
    ff_check(th, 0x1158, F3, &r->ctx[0x32][3], F3);
    ff_check(th, 0x9ec, F1, &r->ltc[0][0x02], F1);
    ff_check(th, 0x1e3c, F2, &r->ltc[2][0x06], F2);
    ff_check(th, 0x3b4, F3, &r->ltc[3][0x0c], F3);
    th_free(th);

    th = gr_new("nv30");
    r = &th->card.xf.ram;
    bind_3d(th, 0x0397);
    ff_check(th, 0x106c, F1, &r->ctx[0x31][1], F1);
    ff_check(th, 0x107c, F2, &r->ctx[0x29][2], F2);
    ff_check(th, 0x1244, F3, &r->ltc[2][0x06], F3);
    ff_check(th, 0x1258, F1, &r->ctx[0x6d][3], F1);
    ff_check(th, 0x1058, F2, &r->ltctx[0x08][0], F2);
    ff_check(th, 0x3ac, F3, &r->ltc[3][0x0d], F3);
    g_assert_cmpuint(th->n_guest_error, ==, 0);
    th_free(th);
}

/*
 * XFMODE (mode.rst), in the FE3D shadow and in XF.  Kelvin: word 1
 * XFMODE_A (0x400fb8), word 0 XFMODE_B (0x400fb4), word 3 XFMODE_T[0],
 * word 2 XFMODE_T[1].  LIGHTING_ENABLE: A bit 31; COLOR_MATERIAL 1
 * (front emission from COL0): A bits 25-26 = 1; ENABLED_LIGHTS 0xc0d9:
 * B bits 0-15; FOG_ENABLE: B bit 19 and CONFIG_B (0x401958) bit 8;
 * FOG_COORD FOG (6): B bits 22-24 = 4; TEX_GEN_MODE of texture 1, R
 * (0x3c0 + 16 + 8 = 0x3d8) REFLECTION_MAP (0x8512): T[0] bits 26-28 =
 * 5; TEX_MATRIX_ENABLE(3) (0x42c): T[1] bit 17; ENGINE: VP (2) gives
 * MODE 2, FIXED (4) 0, neither 1 (BYPASS).
 * Rankine: XFMODE_B is vector 0 word 2, XFMODE_T[2] vector 1 word 1.
 * ENGINE 0x13 (Mesa's nv30_vertprog.c): MODE 3; TEX_GEN_MODE of texture
 * 5, S (0x400 + 80 = 0x450) OBJECT_LINEAR (0x2401): T[2] bits 20-22 =
 * 2; FOG_COORD_DIST 6: B bits 22-23 = 3.
 */
static void test_ff_mode(void)
{
    TestHost *th = gr_new("nv20");
    uint32_t (*mode)[4] = th->card.xf.ram.mode;

    bind_3d(th, 0x0097);
    ff_check(th, 0x314, 1, &mode[0][1], 0x80000000);
    ff_check(th, 0x298, 1, &mode[0][1], 0x82000000);
    g_assert_cmphex(th_rd(th, 0x400fb8), ==, 0x82000000);
    ff_check(th, 0x3bc, 0xc0d9, &mode[0][0], 0xc0d9);
    ff_check(th, 0x2a4, 1, &mode[0][0], 0x0008c0d9);
    g_assert_cmphex(th_rd(th, 0x401958) & 0x100, ==, 0x100);
    ff_check(th, 0x2a0, 6, &mode[0][0], 0x0108c0d9);
    ff_check(th, 0x3d8, 0x8512, &mode[0][3], 5u << 26);
    ff_check(th, 0x42c, 1, &mode[0][2], 1u << 17);
    ff_check(th, 0x1e94, 2, &mode[0][0], 0x8108c0d9);
    ff_check(th, 0x1e94, 4, &mode[0][0], 0x0108c0d9);
    ff_check(th, 0x1e94, 0, &mode[0][0], 0x4108c0d9);
    g_assert_cmpuint(th->n_guest_error, ==, 0);
    /* A texgen mode the method does not take is ignored, and logged. */
    ff_check(th, 0x3d8, 0x1234, &mode[0][3], 5u << 26);
    g_assert_cmpuint(th->n_guest_error, ==, 1);
    th_free(th);

    th = gr_new("nv34");
    mode = th->card.xf.ram.mode;
    bind_3d(th, 0x0697);
    ff_check(th, 0x1e94, 0x13, &mode[0][2], 0xc0000000);
    ff_check(th, 0x450, 0x2401, &mode[1][1], 2u << 20);
    ff_check(th, 0x8c8, 6, &mode[0][2], 0xc0c00000);
    th_free(th);
}

/*
 * End to end on Kelvin: ENGINE FIXED, PROJECTION_MATRIX (the composite
 * matrix, object to clip space) the identity but for words 12-14 (column
 * 3: the translation) = (1, 2, 3); MODELVIEW_MATRIX a translation by
 * (3, 3, 3), which moves the eye position only; VIEWPORT_SCALE the
 * identity (W 0), VIEWPORT_TRANSLATE 0.  The vertex (1, 1, 1, 1): clip
 * (2, 3, 4, 1), / w = 1 (RCP(1) = 1), scaled by 1: the window position
 * (2, 3, 4), w 1.
 */
static void test_ff_vertex(void)
{
    TestHost *th = gr_new("nv20");
    NVXfVertex v;

    bind_3d(th, 0x0097);
    g_assert_true(mthd(th, 7, 0x1e94, 4));
    for (unsigned j = 0; j < 16; j++) {
        uint32_t e = j % 5 == 0 ? F1 : 0;

        g_assert_true(mthd(th, 7, 0x680 + 4 * j,
                           j == 12 ? F1 : j == 13 ? F2 : j == 14 ? F3 : e));
        g_assert_true(mthd(th, 7, 0x480 + 4 * j,
                           j >= 12 && j < 15 ? F3 : e));
    }
    for (unsigned c = 0; c < 3; c++) {
        g_assert_true(mthd(th, 7, 0xaf0 + 4 * c, F1));
    }
    for (unsigned c = 0; c < 4; c++) {
        NVXfCmd cmd = { .type = NV_XF_CMD_VAB, .word = c, .data = { F1 } };

        nv_xf_write(&th->card.xf, &th->card, &cmd);
    }
    nv_xf_vertex(&th->card.xf, &th->card);
    g_assert_true(nv_xf_pop_vertex(&th->card.xf, &v));
    g_assert_cmphex(v.tbuf[0][0], ==, F2);
    g_assert_cmphex(v.tbuf[0][1], ==, F3);
    g_assert_cmphex(v.tbuf[0][2], ==, 0x40800000);
    g_assert_cmphex(v.tbuf[0][3], ==, F1);
    th_free(th);
}

/*
 * NV40's fixed-function methods (docs/xf.rst "NV40's fixed function"):
 * Rankine's, setting the XF bundles (mode.rst "Curie XF bundles";
 * registers 0x401800 + 4 * id) and Rankine's RAM places.
 * COLOR_MATERIAL (0x390) 0x10 (FRONT_DIFFUSE from COL0, bits 4-5): XF_A
 * (0x0ca, 0x401b28) bits 7-8 = 1: 0x80; NORMALIZE_ENABLE (0x37c): bit 26:
 * 0x04000080; FOG_COORD_DIST (0x8c8) 3 (ORTHOGONAL_ABS, Kelvin's 3):
 * bits 19-21 = 3: 0x04180080.  ENABLED_LIGHTS (0x1420) 9 (light 0
 * INFINITE, light 1 LOCAL): XF_LIGHT (0x0cb, 0x401b2c) 9.
 * TEX_GEN_MODE element 5 (texture 1, T; 0x400 + 20 = 0x414) EYE_LINEAR
 * (0x2400 -> 1): XF_TXC[1] (0x0d1, 0x401b44) bits 4-6 = 1: 0x10;
 * TEX_MATRIX_ENABLE(1) (0x244): bit 16: 0x10010.  ENGINE (0x1e94) 4
 * (FIXED): XF_C (0x0cc, 0x401b30) MODE (bits 30-31) 0; Mesa's 0x11:
 * MODE 1 (PROGRAM_V3), 0x40000000.
 * MODELVIEW_MATRIX word 1 (0x484): XFCTX 0x45, X, as on Rankine;
 * LIGHT_FRONT_SIDE_PRODUCT_DIFFUSE(1) G (0x100c + 64 + 4 = 0x1050): LTCTX
 * 6 + 1 = 7, Y, kept whole (0x3f8003ff: NV40 has no LT to cut it to 22
 * bits); FRONT_MATERIAL_SHININESS word 0 (0x1400): LTC1 1.
 * VIEWPORT_TRANSLATE X (0xa20): VTX's (the method's word), not XFCTX
 * 0x77, where programs keep constants.
 * NV43 has no fixed function (NV41+, intro.rst item 8): MODELVIEW_MATRIX
 * is no method of its class, dropped as every 3D method without a row
 * (a LOG_UNIMP; docs/pgraph.rst): XFCTX 0x44 stays 0.
 */
static void test_ff_curie(void)
{
    TestHost *th = gr_new("nv40");
    NVXfRams *r = &th->card.xf.ram;

    bind_3d(th, 0x4097);
    g_assert_true(mthd(th, 7, 0x390, 0x10));
    g_assert_cmphex(th_rd(th, 0x401b28), ==, 0x80);
    g_assert_true(mthd(th, 7, 0x37c, 1));
    g_assert_cmphex(th_rd(th, 0x401b28), ==, 0x04000080);
    g_assert_true(mthd(th, 7, 0x8c8, 3));
    g_assert_cmphex(th_rd(th, 0x401b28), ==, 0x04180080);
    g_assert_true(mthd(th, 7, 0x1420, 9));
    g_assert_cmphex(th_rd(th, 0x401b2c), ==, 9);
    g_assert_true(mthd(th, 7, 0x414, 0x2400));
    g_assert_cmphex(th_rd(th, 0x401b44), ==, 0x10);
    g_assert_true(mthd(th, 7, 0x244, 1));
    g_assert_cmphex(th_rd(th, 0x401b44), ==, 0x10010);
    g_assert_true(mthd(th, 7, 0x1e94, 4));
    g_assert_cmphex(th_rd(th, 0x401b30), ==, 0);
    g_assert_true(mthd(th, 7, 0x1e94, 0x11));
    g_assert_cmphex(th_rd(th, 0x401b30), ==, 0x40000000);
    ff_check(th, 0x484, F1, &r->ctx[0x45][0], F1);
    ff_check(th, 0x1050, 0x3f8003ff, &r->ltctx[7][1], 0x3f8003ff);
    ff_check(th, 0x1400, F2, &r->ltc[1][1], F2);
    g_assert_true(mthd(th, 7, 0xa20, F3));
    g_assert_cmphex(r->ctx[0x77][0], ==, 0);
    g_assert_cmphex(th->card.pgraph20.fe3d.mthd_state[0xa20 / 4], ==, F3);
    g_assert_cmpuint(th->n_guest_error, ==, 0);
    th_free(th);

    th = gr_new("nv43");
    bind_3d(th, 0x4097);
    g_assert_true(mthd(th, 7, 0x480, F1));
    g_assert_cmphex(th->card.xf.ram.ctx[0x44][0], ==, 0);
    g_assert_cmpuint(th->n_unimp, ==, 1);
    th_free(th);
}

/*
 * One vertex through NV40's fixed function, from the methods to VTX:
 * fd_new()'s viewport (scale 16, 16, 0.5; translate 0, 0, 0.5), ENGINE
 * FIXED (4); PROJECTION_MATRIX the identity but word 12 (row 0, column
 * 3) 0.25: clip x = x + 0.25; MODELVIEW_MATRIX and
 * INVERSE_MODELVIEW_MATRIX (12 words: columns 0-2) the identity.
 * Lighting: no method is known to set XF_A's LIGHTING_ENABLE (bit 22),
 * so the bundle register is written; ENABLED_LIGHTS 1 (light 0
 * INFINITE), LIGHT_DIRECTION(0) (0x1034) and LIGHT_HALF_VECTOR(0)
 * (0x1028) (0, 0, 1), LIGHT_FRONT_SIDE_PRODUCT_DIFFUSE(0) (0x100c) (0.5,
 * 0.25, 0), COLOR_MATERIAL_FRONT A (0x3ac, MATERIAL_FACTOR_A) 0.75; the
 * normal VTX_ATTR_3F(2) (0x1520) (0, 0, 1): N.L = 1.  A point at
 * VTX_ATTR_4F(0) (0.5, 0.5, 0, 1): clip (0.75, 0.5, 0, 1), window (12,
 * 8, 0.5); its colour (Curie's COL0, output 1, which VTX keeps in
 * slot 1) (0.5, 0.25, 0, 0.75).
 * The back face: LIGHT_MODEL_BACK_SIDE_PRODUCT_AMBIENT_PLUS_EMISSION
 * (0x17a0) (0, 0.25, 0), COLOR_MATERIAL_BACK A (0x17bc) 1;
 * VERTEX_TWO_SIDE_ENABLE (0x142c), FRONT_FACE CCW (0x901) and TRIANGLES
 * (0.25 added to x) (0, 0), (0.5, 0), (0, 0.5): window (4, 0), (12, 0),
 * (4, 8), clockwise as the window shows it, y down: a back face, each
 * vertex the back colour (BFC0, output 3, in slot 1), N.L = -1 giving no
 * diffuse: (0, 0.25, 0, 1).
 * A user clip plane: VP_CLIP_PLANE(0) (0x1600) (-1, 0, 0, 0.5), the
 * distance 0.5 - x of the eye position (the object's: MODELVIEW is the
 * identity), with VP_CLIP_PLANES_ENABLE (0x1478) bit 1: points at (0.25,
 * 0.5) (distance 0.25: kept, window ((0.25 + 0.25) 16, 8) = (8, 8)) and
 * (0.75, 0.5) (-0.25: dropped).
 * ENGINE 0x13 again: fd_new()'s program (o[0] = v[0]), window (8, 8).
 */
static void test_ff_curie_vertex(void)
{
    static const uint32_t light[] = {
        0x1e94, 4, 0x1420, 1,
        0x1034, F0, 0x1038, F0, 0x103c, F1,
        0x1028, F0, 0x102c, F0, 0x1030, F1,
        0x100c, FHALF, 0x1010, FQUART, 0x1014, F0, 0x3ac, 0x3f400000,
        0x17a0, F0, 0x17a4, FQUART, 0x17a8, F0, 0x17bc, F1,
        0x1520, F0, 0x1524, F0, 0x1528, F1,
        0x1808, 1, 0x1c00, FHALF, 0x1c04, FHALF, 0x1c08, F0, 0x1c0c, F1,
        0x1808, 0, 0,
    };
    static const uint32_t back[] = {
        0x142c, 1, 0x1834, 0x901, 0x1808, 5,
        0x1c00, F0, 0x1c04, F0, 0x1c08, F0, 0x1c0c, F1,
        0x1c00, FHALF, 0x1c04, F0, 0x1c08, F0, 0x1c0c, F1,
        0x1c00, F0, 0x1c04, FHALF, 0x1c08, F0, 0x1c0c, F1,
        0x1808, 0, 0,
    };
    static const uint32_t clip[] = {
        0x1600, FM1, 0x1604, F0, 0x1608, F0, 0x160c, FHALF, 0x1478, 2,
        0x1808, 1, 0x1c00, FQUART, 0x1c04, FHALF, 0x1c08, F0, 0x1c0c, F1,
        0x1c00, 0x3f400000, 0x1c04, FHALF, 0x1c08, F0, 0x1c0c, F1,
        0x1808, 0, 0x1478, 0, 0,
    };
    static const uint32_t program_point[] = {
        0x1e94, 0x13, 0x1808, 1,
        0x1c00, FHALF, 0x1c04, FHALF, 0x1c08, F0, 0x1c0c, F1,
        0x1808, 0, 0,
    };
    TestHost *th = fd_new("nv40", 0x4097);
    unsigned next = 0;
    const NVVtxPrim *p;

    for (unsigned j = 0; j < 16; j++) {
        uint32_t e = j % 5 == 0 ? F1 : 0;

        g_assert_true(mthd(th, 7, 0x680 + 4 * j, j == 12 ? FQUART : e));
        g_assert_true(mthd(th, 7, 0x480 + 4 * j, e));
        if (j < 12) {
            g_assert_true(mthd(th, 7, 0x580 + 4 * j, e));
        }
    }
    th_wr(th, 0x401b28, 1u << 22);
    mthds(th, light);
    g_assert_cmpuint(th->prims->len, ==, 1);
    expect_point(th, &next, 12, 8, 0.5, 1);
    expect_attr(prim(th, 0), 0, 1, 0.5, 0.25, 0, 0.75);

    mthds(th, back);
    g_assert_cmpuint(th->prims->len, ==, 2);
    p = prim(th, next++);
    g_assert_cmpuint(p->kind, ==, NV_VTX_PRIM_TRIANGLE);
    g_assert_true(p->back);
    expect_pos(p, 0, 4, 0, 0.5, 1);
    expect_pos(p, 1, 12, 0, 0.5, 1);
    expect_pos(p, 2, 4, 8, 0.5, 1);
    for (unsigned v = 0; v < 3; v++) {
        expect_attr(p, v, 1, 0, 0.25, 0, 1);
    }

    mthds(th, clip);
    g_assert_cmpuint(th->prims->len, ==, 3);
    expect_point(th, &next, 8, 8, 0.5, 1);

    mthds(th, program_point);
    expect_point(th, &next, 8, 8, 0.5, 1);
    g_assert_cmpuint(th->n_guest_error, ==, 0);
    th_free(th);
}

/*
 * A draw in slices (docs/3d.rst "Bounded work"), on Curie: a 256x256
 * target (RT_HORIZ/VERT width and height 256, scissor and the viewport's
 * rectangle off as Mesa and the X driver send them: 0x10000000, clip
 * rectangle 0 from 0 to 255), viewport scale 256,
 * translate 0; TRIANGLES with clip-space (0, 0), (1, 0), (0, 1): window
 * (0, 0), (256, 0), (0, 256).  The pixels with x + y <= 254 are inside
 * (the diagonal's centres, x + y = 255, lie on a bottom-right edge), so
 * the quads (qx, qy) at pixel (2qx, 2qy) with qx + qy <= 127 have
 * fragments: 128 * 129 / 2 = 8256 of the 128 * 128 = 16384 quad positions
 * of the bounding box.  The third vertex's method visits 64 units of 64
 * positions (4096) itself; PGRAPH is busy and takes no method; each
 * STATUS read runs a poll slice of 64 units more: busy after 8192 and
 * 12288, idle after 16384.
 */
static void test_draw_slices(void)
{
    static const uint32_t setup[] = {
        0x0200, 256 << 16, 0x0204, 256 << 16,
        0x08c0, 0x10000000, 0x08c4, 0x10000000,
        0x0a00, 0x10000000, 0x0a04, 0x10000000,
        0x02c0, 255 << 16, 0x02c4, 255 << 16,
        0x0a30, 0x43800000, 0x0a34, 0x43800000,
        0x1808, 5,
        0x1c00, 0, 0x1c04, 0, 0x1c08, 0, 0x1c0c, F1,
        0x1c00, F1, 0x1c04, 0, 0x1c08, 0, 0x1c0c, F1,
        0x1c00, 0, 0x1c04, F1, 0x1c08, 0, 0,
    };
    TestHost *th = fd_new("nv40", 0x4097);
    NV20Draw *d = &th->card.pgraph20.draw;

    mthds(th, setup);
    g_assert_false(nv20_pgraph_busy(&th->card));
    g_assert_true(mthd(th, 7, 0x1c0c, F1));
    g_assert_true(nv20_pgraph_busy(&th->card));
    g_assert_false(mthd(th, 7, 0x1808, 0));
    g_assert_cmphex(th_rd(th, 0x400700) & 1, ==, 1);
    g_assert_cmphex(th_rd(th, 0x400700) & 1, ==, 1);
    g_assert_cmphex(th_rd(th, 0x400700) & 1, ==, 0);
    g_assert_cmpuint(d->quads, ==, 8256);
    g_assert_true(mthd(th, 7, 0x1808, 0));
    g_assert_cmpuint(th->prims->len, ==, 1);
    g_assert_cmpuint(th->n_guest_error, ==, 0);
    th_free(th);
}

/*
 * Pixels on Curie, through CLEAR_BUFFERS, the rasterizer, a fragment
 * program and the ROP.  A 64x64 A8R8G8B8 linear surface (RT_FORMAT 0x148:
 * COLOR 8, ZETA Z24S8 2 << 5, TYPE LINEAR 1 << 8; pitch 256) at VRAM
 * SURF through a VRAM DMA object (class 0x3d, linear, base 0, limit
 * 0x7fffff) for DMA_COLOR0 and DMA_TEXTURE0; RT_ENABLE COLOR0; COLOR_MASK
 * every channel (0x01010101: B, G, R, A bytes).
 * CLEAR_COLOR_VALUE 0x11223344 with CLEAR_BUFFERS 0xf0 (R, G, B, A)
 * fills the window.  The program at FPROG in DMA_TEXTURE0, MOV
 * R0.xyzw = f[COL0] with END, in Mesa's fields (nvfx_shader.h): word 0
 * END 1 | OUTMASK 0xf << 9 | INPUT_SRC COL0 1 << 13 | MOV 1 << 24 =
 * 0x01003e01; word 1 the input source (TYPE 1, swizzle xyzw 0xe4 << 9)
 * with the condition TR (7 << 18) and its identity swizzle (0xe4 << 21):
 * 0x1c9dc801.  The vertex program copies the position and v[3] to o[1],
 * Curie's COL0; v[3] is (1, 0.5, 0.25, 1) at every vertex.  TRIANGLES
 * at window (0, 0), (32, 0), (0, 32) (scale 32) cover x + y <= 30 (the
 * diagonal x + y = 31 is a bottom-right edge): those pixels are A 255,
 * R 255, G round(0.5 * 255) = 128, B round(0.25 * 255) = 64: 0xffff8040;
 * the rest keeps the clear colour.
 */
#define SURF    0x400000
#define FPROG   0x480000
#define VRAMDMA 0x13400

/*
 * The surface, the VRAM DMA object (also DMA_TEXTURE0), the viewport
 * (scale 32; its rectangle and the scissor 4096 wide from 0, off) and
 * the clear of the Curie draw tests; the fragment program @w0, @w1, 0, 0
 * at FPROG.
 */
static TestHost *curie_draw_new(uint32_t w0, uint32_t w1)
{
    static const uint32_t setup[] = {
        0x0184, VRAMDMA >> 4, 0x0194, VRAMDMA >> 4,
        0x0200, 64 << 16, 0x0204, 64 << 16, 0x0208, 0x148,
        0x020c, 256, 0x0210, SURF, 0x0220, 1, 0x0324, 0x01010101,
        0x08c0, 0x10000000, 0x08c4, 0x10000000,
        0x0a00, 0x10000000, 0x0a04, 0x10000000,
        0x02c0, 63 << 16, 0x02c4, 63 << 16,
        0x0a30, 0x42000000, 0x0a34, 0x42000000,
        0x1d90, 0x11223344, 0x1d94, 0xf0, 0,
    };
    TestHost *th = fd_new("nv40", 0x4097);

    th_ramin_wr(th, VRAMDMA, 0x3d | 0x3000);
    th_ramin_wr(th, VRAMDMA + 4, 0x7fffff);
    th_ramin_wr(th, VRAMDMA + 8, 0);
    vram_wr(th, FPROG, w0);
    vram_wr(th, FPROG + 4, w1);
    vram_wr(th, FPROG + 8, 0);
    vram_wr(th, FPROG + 12, 0);
    mthds(th, setup);
    return th;
}

/*
 * The draw is done, no error; the triangle (0, 0), (32, 0), (0, 32) of
 * the draw tests covers x + y <= 30 (the diagonal's centres, x + y = 31,
 * lie on a bottom-right edge) with @color, the clear colour 0x11223344
 * is left around it.
 */
static void expect_triangle(TestHost *th, uint32_t color)
{
    static const struct {
        uint8_t x, y;
        bool in;
    } at[] = {
        { 0, 0, true }, { 30, 0, true }, { 31, 0, false },
        { 15, 15, true }, { 16, 15, false }, { 0, 30, true },
        { 0, 31, false }, { 63, 63, false },
    };

    g_assert_false(nv20_pgraph_busy(&th->card));
    for (size_t i = 0; i < G_N_ELEMENTS(at); i++) {
        g_assert_cmphex(vram_rd(th, SURF + at[i].y * 256 + at[i].x * 4), ==,
                        at[i].in ? color : 0x11223344);
    }
    g_assert_cmpuint(th->n_guest_error, ==, 0);
}

static void test_draw_pixels_curie(void)
{
    static const uint8_t out[] = { 0, 1 }, in[] = { 0, 3 };
    const uint32_t setup[] = {
        0x08e4, FPROG | 1,
        0x1c30, F1, 0x1c34, FHALF, 0x1c38, 0x3e800000, 0x1c3c, F1,
        0x1808, 5,
        0x1c00, 0, 0x1c04, 0, 0x1c08, 0, 0x1c0c, F1,
        0x1c00, F1, 0x1c04, 0, 0x1c08, 0, 0x1c0c, F1,
        0x1c00, 0, 0x1c04, F1, 0x1c08, 0, 0x1c0c, F1,
        0x1808, 0, 0,
    };
    TestHost *th = curie_draw_new(0x01003e01, 0x1c9dc801);

    program(th, false, out, in, 2);
    mthds(th, setup);
    expect_triangle(th, 0xffff8040);
    g_assert_cmphex(vram_rd(th, SURF + 64 * 256), ==, 0);
    /* the program reads f[COL0] only: the rasterizer interpolates slot 1 */
    g_assert_cmphex(th->card.pgraph20.draw.raster.st.attr_mask, ==, 1u << 1);
    th_free(th);
}

/*
 * A texture through the fragment program on Curie: the surface, DMA
 * object and clear of test_draw_pixels_curie(); a 2x2 swizzled A8R8G8B8
 * texture at TEXOFF in DMA_TEXTURE0 (TEX_FORMAT 0x00018529: DMA0 1,
 * NO_BORDER 0x8, DIMS 2D 0x20, A8R8G8B8 5 << 8, Mesa's bit 15, one level
 * 1 << 16; WRAP CLAMP_TO_EDGE 0x00030303; ENABLE bit 31 with MAX_LOD 15
 * 0xf00 << 7; SWIZZLE 0xaae4 the identity; FILTER NEAREST both ways
 * 0x01012000; NPOT_SIZE 2x2; TEX_SIZE1 depth 1 << 20).  Swizzled, texel
 * (x, y) is word x + 2y here: blue 0xff0000ff, red 0xffff0000, green
 * 0xff00ff00, white.  The program TEX R0 = texture 0 at f[TC0], END:
 * word 0 END 1 | OUTMASK 0xf << 9 | INPUT_SRC TC0 4 << 13 | TEX 0x17 <<
 * 24 = 0x17009e01, word 1 as in test_draw_pixels_curie().  The vertex
 * program copies v[8] to o[7], Curie's TC0; v[8] is (0.75, 0.25) at every
 * vertex: texel (floor(0.75 * 2), floor(0.25 * 2)) = (1, 0), red; the
 * coordinates do not change across the quad, so the level is 0
 * (magnified, NEAREST).  The triangle's pixels are 0xffff0000.
 */
#define TEXOFF  0x440000
#define PCIDMA  0x13500

/* The triangle of the draw tests again (the state as it is). */
static const uint32_t draw_again[] = {
    0x1808, 5,
    0x1c00, 0, 0x1c04, 0, 0x1c08, 0, 0x1c0c, F1,
    0x1c00, F1, 0x1c04, 0, 0x1c08, 0, 0x1c0c, F1,
    0x1c00, 0, 0x1c04, F1, 0x1c08, 0, 0x1c0c, F1,
    0x1808, 0, 0,
};

/*
 * test_draw_pixels_curie()'s triangle with POLYGON_SMOOTH_ENABLE (0x1838,
 * RASTER bit 11): pixels inside keep 0xffff8040; on the diagonal x + y =
 * 31 the samples (x + a, y + b) are inside for a + b <= 1, 10 of the 16
 * (docs/3d.rst "Antialiasing"): alpha 1 x 10/16 = 0.625, 0.625 x 255 =
 * 159.4 -> 0x9f; x + y = 32 has none and keeps the clear colour.
 */
static void test_draw_smooth(void)
{
    static const uint8_t out[] = { 0, 1 }, in[] = { 0, 3 };
    const uint32_t setup[] = {
        0x08e4, FPROG | 1, 0x1838, 1,
        0x1c30, F1, 0x1c34, FHALF, 0x1c38, 0x3e800000, 0x1c3c, F1, 0,
    };
    TestHost *th = curie_draw_new(0x01003e01, 0x1c9dc801);

    program(th, false, out, in, 2);
    mthds(th, setup);
    mthds(th, draw_again);
    g_assert_cmphex(vram_rd(th, SURF + 15 * 256 + 15 * 4), ==, 0xffff8040);
    g_assert_cmphex(vram_rd(th, SURF + 15 * 256 + 16 * 4), ==, 0x9fff8040);
    g_assert_cmphex(vram_rd(th, SURF + 0 * 256 + 31 * 4), ==, 0x9fff8040);
    g_assert_cmphex(vram_rd(th, SURF + 16 * 256 + 16 * 4), ==, 0x11223344);
    g_assert_cmpuint(th->n_guest_error + th->n_unimp, ==, 0);
    th_free(th);
}

/*
 * Occlusion queries as Mesa's nv30_query.c makes them: DMA_QUERY
 * (0x1a8) the VRAM object, QUERY_RESET (0x17c8) report 1, QUERY_ENABLE
 * (0x17cc) 1, the triangle of test_draw_pixels_curie() (the program
 * passes f[COL0]), QUERY_GET (0x1800) report 1 << 24 at QUERYOFF.  The
 * triangle covers x + y <= 30: 31 + 30 + ... + 1 = 31 * 32 / 2 = 496
 * fragments, all passing (no depth or stencil test).  The notifier Mesa
 * reads: word 2 the count, word 3 0 (done; Mesa preset 0x01000000 and
 * waits while its top byte is set).  With QUERY_ENABLE 0 a second draw
 * adds nothing; a third with it set again 496 more: 992.  QUERY_RESET
 * of another report (2) leaves the count; of report 1 clears it: 0.
 * Report 2 (a ZCULL statistic) reads 0.
 */
#define QUERYOFF 0x470000

static void query_get(TestHost *th, uint32_t report, uint32_t count)
{
    vram_wr(th, QUERYOFF + 8, 0xdeadbeef);
    vram_wr(th, QUERYOFF + 12, 0x01000000);
    g_assert_true(mthd(th, 7, 0x1800, report << 24 | QUERYOFF));
    g_assert_cmphex(vram_rd(th, QUERYOFF + 8), ==, count);
    g_assert_cmphex(vram_rd(th, QUERYOFF + 12), ==, 0);
}

static void test_draw_query(void)
{
    static const uint8_t out[] = { 0, 1 }, in[] = { 0, 3 };
    TestHost *th = curie_draw_new(0x01003e01, 0x1c9dc801);

    program(th, false, out, in, 2);
    g_assert_true(mthd(th, 7, 0x08e4, FPROG | 1));
    g_assert_true(mthd(th, 7, 0x01a8, VRAMDMA >> 4));
    g_assert_true(mthd(th, 7, 0x17c8, 1));
    g_assert_true(mthd(th, 7, 0x17cc, 1));
    mthds(th, draw_again);
    query_get(th, 1, 496);
    g_assert_true(mthd(th, 7, 0x17cc, 0));
    mthds(th, draw_again);
    query_get(th, 1, 496);
    g_assert_true(mthd(th, 7, 0x17cc, 1));
    mthds(th, draw_again);
    query_get(th, 1, 992);
    g_assert_true(mthd(th, 7, 0x17c8, 2));
    query_get(th, 1, 992);
    query_get(th, 2, 0);
    g_assert_true(mthd(th, 7, 0x17c8, 1));
    query_get(th, 1, 0);
    /*
     * Conditional rendering on the notifier now at QUERYOFF, count 0:
     * mode 2 drops the draw and the clear; mode 1 draws (the triangle's
     * colour, v[3], is 0); mode 2 on a notifier counting 496 draws.
     */
    g_assert_true(mthd(th, 7, 0x1d94, 0xf0));
    g_assert_cmphex(vram_rd(th, SURF), ==, 0x11223344);
    g_assert_true(mthd(th, 7, 0x1e98, 0x02000000 | QUERYOFF));
    mthds(th, draw_again);
    g_assert_cmphex(vram_rd(th, SURF), ==, 0x11223344);
    g_assert_true(mthd(th, 7, 0x1e98, 0x01000000));
    mthds(th, draw_again);
    g_assert_cmphex(vram_rd(th, SURF), ==, 0);
    g_assert_true(mthd(th, 7, 0x1d94, 0xf0));
    g_assert_cmphex(vram_rd(th, SURF), ==, 0x11223344);
    vram_wr(th, QUERYOFF + 8, 496);
    g_assert_true(mthd(th, 7, 0x1e98, 0x02000000 | QUERYOFF));
    mthds(th, draw_again);
    g_assert_cmphex(vram_rd(th, SURF), ==, 0);
    g_assert_cmpuint(th->n_guest_error, ==, 0);
    th_free(th);
}

static void test_draw_texture_curie(void)
{
    static const uint8_t out[] = { 0, 7 }, in[] = { 0, 8 };
    static const uint32_t texels[4] = {
        0xff0000ff, 0xffff0000, 0xff00ff00, 0xffffffff,
    };
    const uint32_t setup[] = {
        0x1a00, TEXOFF, 0x1a04, 0x00018529, 0x1a08, 0x00030303,
        0x1a0c, 0x80078000, 0x1a10, 0xaae4, 0x1a14, 0x01012000,
        0x1a18, 0x00020002, 0x1840, 1 << 20,
        0x08e4, FPROG | 1,
        0x1c80, 0x3f400000, 0x1c84, 0x3e800000, 0x1c88, 0, 0x1c8c, F1,
        0x1808, 5,
        0x1c00, 0, 0x1c04, 0, 0x1c08, 0, 0x1c0c, F1,
        0x1c00, F1, 0x1c04, 0, 0x1c08, 0, 0x1c0c, F1,
        0x1c00, 0, 0x1c04, F1, 0x1c08, 0, 0x1c0c, F1,
        0x1808, 0, 0,
    };
    TestHost *th = curie_draw_new(0x17009e01, 0x1c9dc801);

    for (unsigned i = 0; i < 4; i++) {
        vram_wr(th, TEXOFF + 4 * i, texels[i]);
    }
    program(th, false, out, in, 2);
    mthds(th, setup);
    expect_triangle(th, 0xffff0000);
    /* the program reads f[TC0] only: slot 7 interpolated, COL0's not */
    g_assert_cmphex(th->card.pgraph20.draw.raster.st.attr_mask, ==, 1u << 7);

    /*
     * TEX_OFFSET one texel on (TEXOFF + 4): texel (1, 0) is word 1 + 1 =
     * 2 of the data, green.  The unit is decoded again for the new word
     * even though only TEX_OFFSET changed between the primitives.
     */
    g_assert_true(mthd(th, 7, 0x1a00, TEXOFF + 4));
    mthds(th, draw_again);
    expect_triangle(th, 0xff00ff00);
    /* and back: red again */
    g_assert_true(mthd(th, 7, 0x1a00, TEXOFF));
    mthds(th, draw_again);
    expect_triangle(th, 0xffff0000);

    /*
     * The texture in system memory, as the X driver's EXA puts pixmaps:
     * DMA_TEXTURE1 (0x188) a PCI object (class 0x3d, present, linear,
     * TARGET PCI 2 << 16) at bus address 0x1000, TEX_FORMAT with DMA1
     * (bit 1) instead of DMA0: texels read through the object.  The data
     * there is the same but for white and red swapped: texel (1, 0) is
     * now white.
     */
    th_ramin_wr(th, PCIDMA, 0x3d | 0x3000 | 2 << 16);
    th_ramin_wr(th, PCIDMA + 4, 0xfff);
    th_ramin_wr(th, PCIDMA + 8, 0x1000);
    for (unsigned i = 0; i < 4; i++) {
        nv_st_le(th->sysmem + 0x1000 + 4 * i,
                 texels[i == 1 ? 3 : i == 3 ? 1 : i], 4);
    }
    g_assert_true(mthd(th, 7, 0x188, PCIDMA >> 4));
    g_assert_true(mthd(th, 7, 0x1a00, 0));
    g_assert_true(mthd(th, 7, 0x1a04, 0x0001852a));
    mthds(th, draw_again);
    expect_triangle(th, 0xffffffff);
    th_free(th);
}

/*
 * Kelvin's fragment stage: a 64x64 A8R8G8B8 surface (RT_FORMAT 0x128:
 * COLOR 8, DEPTH Z24S8 2 << 4, TYPE LINEAR 1 << 8; RT_PITCH 256) at SURF
 * through DMA_COLOR, clip rectangle 0 over it (VIEWPORT_CLIP_HORIZ/VERT
 * 0: 63 << 16), COLOR_MASK every channel.  No general combiner (RC_ENABLE
 * 0); the final combiner's D is the primary colour (RC_FINAL0 4: input 4,
 * RGB, UNSIGNED_IDENTITY) and G its alpha (RC_FINAL1 0x1400: input 4,
 * ALPHA usage 1 << 12): out = D.  The vertex program copies the position
 * (Kelvin's are window coordinates) and v[3] to o[3]; v[3] is (1, 0.5,
 * 0.25, 1).  The combiners' number format has k / 255 steps, ties away
 * from zero: 0.5 -> 128 / 255, 0.25 -> 63.75 -> 64 / 255; the ROP
 * writes A 255, R 255, G 128, B 64: 0xffff8040 over x + y <= 30 of the
 * triangle (0, 0), (32, 0), (0, 32), as on Curie.
 */
/*
 * The Kelvin draw of test_draw_pixels_kelvin() with object @cls on
 * @model; the fragment stage must read the slots @attr_mask.
 */
static void draw_pixels_kelvin(const char *model, uint32_t cls,
                               uint32_t attr_mask)
{
    static const uint8_t reg[] = { 0, 3 };
    const uint32_t setup[] = {
        0x0194, VRAMDMA >> 4,
        0x0200, 64 << 16, 0x0204, 64 << 16, 0x0208, 0x128,
        0x020c, 256, 0x0210, SURF,
        0x02c0, 63 << 16, 0x02e0, 63 << 16, 0x0358, 0x01010101,
        0x1e60, 0, 0x0288, 4, 0x028c, 0x1400,
        0x1d90, 0x11223344, 0x1d94, 0xf0,
        0x1550, F1, 0x1554, FHALF, 0x1558, 0x3e800000, 0x155c, F1,
        0x17fc, 5,
        0x1518, 0, 0x151c, 0, 0x1520, 0, 0x1524, F1,
        0x1518, 0x42000000, 0x151c, 0, 0x1520, 0, 0x1524, F1,
        0x1518, 0, 0x151c, 0x42000000, 0x1520, 0, 0x1524, F1,
        0x17fc, 0, 0,
    };
    TestHost *th = fd_new(model, cls);

    th_ramin_wr(th, VRAMDMA, 0x3d | 0x3000);
    th_ramin_wr(th, VRAMDMA + 4, 0x7fffff);
    th_ramin_wr(th, VRAMDMA + 8, 0);
    program(th, true, reg, reg, 2);
    mthds(th, setup);
    expect_triangle(th, 0xffff8040);
    g_assert_cmphex(th->card.pgraph20.draw.raster.st.attr_mask, ==,
                    attr_mask);
    /* the program's position is in window coordinates (docs/3d.rst) */
    g_assert_true(th->card.pgraph20.vtx.st.window_coords);
    th_free(th);
}

/*
 * Kelvin's fragment stage reads the colours (slots 3, 4), fog (5) and
 * the four texture coordinates (9-12): 0x38 | 0x1e00.
 */
static void test_draw_pixels_kelvin(void)
{
    draw_pixels_kelvin("nv20", 0x0097, 0x1e38);
}

/*
 * The same program and methods through a Kelvin object (0x0597) on NV30
 * and NV34 give the same pixels (docs/pgraph.rst "Kelvin on Rankine"):
 * RT_FORMAT 0x128 is Rankine's 0x148 (COLOR 8, ZETA 2 << 5, TYPE 0x100),
 * CLEAR_VALUE is Rankine's CLEAR_COLOR, the program (Kelvin's encoding,
 * converted by XF) writes output 3 (COL0 on both), the window position
 * passes VTX, and Kelvin's combiners shade.  Their texture coordinates
 * are Rankine's outputs 8-11, where NV30 renumbers Kelvin's 9-12
 * (docs/xf.rst "Output target"): 0x38 | 0xf00.
 */
static void test_draw_pixels_k597(void)
{
    draw_pixels_kelvin("nv30", 0x0597, 0xf38);
    draw_pixels_kelvin("nv34", 0x0597, 0xf38);
}

/*
 * Celsius (0x0096) is a class of NV20 and NV25 (nouveau's nvkm/engine/gr
 * nv20.c, nv25.c): bound there, ALPHA_FUNC_ENABLE (0x300) sets CONFIG_A
 * (0x40194c) bit 12 as Kelvin's method does, without an error (INTR
 * 0x400100 stays 0).  NV30's list (nv30.c) has no 0x0096: its methods
 * are illegal there, NSOURCE (0x400108) ILLEGAL_MTHD 0x40.
 */
static void test_celsius_bind(void)
{
    static const char *const models[] = { "nv20", "nv25" };

    for (size_t i = 0; i < G_N_ELEMENTS(models); i++) {
        TestHost *th = gr_new(models[i]);
        NVMethodClass *table = NULL;

        g_assert_true(nv20_3d_class(&th->card, 0x0096, &table));
        g_assert_nonnull(table);
        th_check_class(table);
        bind_3d(th, 0x0096);
        g_assert_true(mthd(th, 7, 0x300, 1));
        g_assert_cmphex(th_rd(th, 0x40194c), ==, 0x00001000);
        g_assert_cmphex(th_rd(th, 0x400100), ==, 0);
        th_free(th);
    }

    TestHost *th = gr_new("nv30");
    NVMethodClass *table = NULL;

    g_assert_false(nv20_3d_class(&th->card, 0x0096, &table));
    bind_3d(th, 0x0096);
    g_assert_true(mthd(th, 7, 0x300, 1));
    g_assert_cmphex(th_rd(th, 0x400108), ==, 0x00000040);
    th_free(th);
}

/*
 * Celsius' words in Kelvin's bundles (register 0x401800 + 4 * Kelvin
 * bundle id, bundles.rst), computed from rnndb nv10_3d.xml's and
 * nv20_3d.xml's fields:
 * - TEX_OFFSET(1) (0x21c): TEX_OFFSET bundle 0x089 + 1 = 0x401a28.
 * - TEX_FORMAT(1) (0x224) 0x13238302: DMA1 (bit 1), FORMAT A8R8G8B8
 *   (6 << 7), MIPMAP (bit 15), BASE_SIZE_U 3 (bits 16-19), V 2 (20-23),
 *   WRAP_S CLAMP_TO_EDGE 3 (24-26), WRAP_T REPEAT 1 (28-30).  Kelvin's
 *   TEX_FORMAT 0x081 + 1 (0x401a08): DMA1 0x2, NO_BORDER 0x8, DIMS 2D
 *   0x20, FORMAT 6 << 8, bits 12-15 (0x8) at 16-19: 0x80000 (MIPMAP,
 *   bit 19), U 3 << 20, V 2 << 24: 0x0238062a.  TEX_WRAP 0x06f + 1
 *   (0x4019c0): S 3, T 1 << 8: 0x103.
 * - TEX_FORMAT(0) (0x220) 0x4, CUBE_MAP: TEX_SHADER_OP (0x067, 0x40199c)
 *   unit 0 CUBE_MAP 3 (bits 0-4), unit 1 TEXTURE_2D 1 (bits 5-9):
 *   0x23.
 * - TEX_FILTER(0) (0x248) 0x26000500: LOD_BIAS 5 << 8 stays, MINIFY
 *   LINEAR_MIPMAP_LINEAR 6 (24-27) to bits 16-19, MAGNIFY LINEAR 2
 *   (28-31) to 24-27: TEX_FILTER 0x07d (0x4019f4) 0x02060500.
 * - RC_COLOR(1) (0x274) 0x80402010: RC_FACTOR_B 0x028 (0x4018a0) and
 *   RC_FINAL_FACTOR 0x06b + 1 (0x4019b0).
 * - RC_OUT_RGB(1) (0x284) 0x28000c00: SUM_OUTPUT spare0 (0xc << 8) in
 *   RC_OUT_COLOR 0x048 + 1 (0x401924); OPERATION 5 (bits 27-29): bits
 *   28-29 = 2 general combiners in RC_CONFIG 0x050 (0x401940).  Then
 *   0x18000000 (OPERATION 3): one.
 * - VIEWPORT_CLIP_HORIZ(2) (0x2c8) 0x083f0805: signed 12-bit edges
 *   0x805 = 5 - 2048 and 0x83f = 63 - 2048 in Celsius' window space,
 *   pixels 5 and 63: CLIP_RECT_HORIZ 0x091 + 2 (0x401a4c) 0x003f0005.
 *   VIEWPORT_CLIP_VERT(0) (0x2e0) 0x07ff0800: -2048 and 2047, pixels 0
 *   and 4095: CLIP_RECT_VERT 0x099 (0x401a64) 0x0fff0000.
 * - COLOR_LOGIC_OP_ENABLE (0xd40) and _OP XOR (0xd44, 0x1506 -> 6 <<
 *   12): Kelvin's BLEND 0x001 (0x401804) bit 16: 0x16000.
 * - PROVOKING_VERTEX FIRST (0x3f4): CONFIG_B 0x056 (0x401958) bit 0.
 * - DMA_VTXBUF (0x18c) 0x1234: DMA_VTX 0x0a7 (0x401a9c).
 * - POINT_SIZE (0x3ec) 0x40: POINT_SIZE 0x063 (0x40198c).
 */
static void test_celsius_bundles(void)
{
    static const uint32_t m[] = {
        0x21c, 0x12345680, 0x224, 0x13238302, 0x220, 0x4,
        0x248, 0x26000500, 0x274, 0x80402010, 0x284, 0x28000c00,
        0x2c8, 0x083f0805, 0x2e0, 0x07ff0800,
        0xd40, 1, 0xd44, 0x1506, 0x3f4, 1, 0x18c, 0x1234, 0x3ec, 0x40, 0
    };
    TestHost *th = gr_new("nv20");

    bind_3d(th, 0x0096);
    mthds(th, m);
    g_assert_cmphex(th_rd(th, 0x401a28), ==, 0x12345680);
    g_assert_cmphex(th_rd(th, 0x401a08), ==, 0x0238062a);
    g_assert_cmphex(th_rd(th, 0x4019c0), ==, 0x00000103);
    g_assert_cmphex(th_rd(th, 0x40199c), ==, 0x00000023);
    g_assert_cmphex(th_rd(th, 0x4019f4), ==, 0x02060500);
    g_assert_cmphex(th_rd(th, 0x4018a0), ==, 0x80402010);
    g_assert_cmphex(th_rd(th, 0x4019b0), ==, 0x80402010);
    g_assert_cmphex(th_rd(th, 0x401924), ==, 0x00000c00);
    g_assert_cmphex(th_rd(th, 0x401940), ==, 2);
    g_assert_true(mthd(th, 7, 0x284, 0x18000000));
    g_assert_cmphex(th_rd(th, 0x401940), ==, 1);
    g_assert_cmphex(th_rd(th, 0x401a4c), ==, 0x003f0005);
    g_assert_cmphex(th_rd(th, 0x401a64), ==, 0x0fff0000);
    g_assert_cmphex(th_rd(th, 0x401804), ==, 0x00016000);
    g_assert_cmphex(th_rd(th, 0x401958), ==, 0x00000001);
    g_assert_cmphex(th_rd(th, 0x401a9c), ==, 0x1234);
    g_assert_cmphex(th_rd(th, 0x40198c), ==, 0x40);
    g_assert_cmphex(th_rd(th, 0x400100), ==, 0);
    th_free(th);
}

/*
 * Celsius' fixed-function words in XF (docs/xf.rst; ctx.rst NV20
 * column), through Kelvin's places:
 * - MODELVIEW_MATRIX(1) word 6 (0x440 + 24 = 0x458): MATRIX_MV1 (0x10)
 *   + 6 % 4 = 0x12, column 6 / 4 = 1 (Y).
 * - INVERSE_MODELVIEW_MATRIX(1) word 5 (0x4c0 + 20 = 0x4d4): IMV1 (0x0c
 *   + 8 = 0x14) + 1, Y.
 * - PROJECTION_MATRIX word 3 (0x50c): 0x03, X.
 * - TEX_MATRIX(1) word 4 (0x540 + 64 + 16 = 0x590): MATRIX_TX1 (0x4c),
 *   Y.
 * - LIGHT(2) DIFFUSE G (0x800 + 256 + 0xc + 4 = 0x910): LTCTX 8 * 2 + 1
 *   = 0x11, Y.  LIGHT(1) SPOT_CUTOFF word 6 (0x880 + 0x40 + 24 = 0x8d8):
 *   XFCTX SPOT_DIRECTION 0x30 + 1, W.
 * - VIEWPORT_TRANSLATE X (0x6e8) 2.0, in Celsius' window space 2048
 *   below the pixel grid: XFCTX 0x3b X 2050.0 (2^11 * (1 + 2^-10):
 *   exponent 138 = 0x8a, mantissa 2^13: 0x45002000), and VIEWPORT_SCALE
 *   (0x3a) X 1.0; W (0x6f4) 2.0 as it is, scale W 0.
 * - LIGHT_MODEL (0x294) 0x10002, LOCAL_VIEWER and SEPARATE_SPECULAR:
 *   Kelvin's 0x30001 (VIEWER LOCAL 3 in bits 16-17, SEPARATE_SPECULAR
 *   bit 0), XFMODE_A (word 1) bits 30, 17 and 18: 0x40060000;
 *   COLOR_MATERIAL (0x298) DIFFUSE (bit 2): front diffuse binding 1 at
 *   bit 21: 0x40260000.
 * - TEX_GEN_MODE of texture 1, R (0x3c0 + 16 + 8 = 0x3d8)
 *   REFLECTION_MAP (0x8512): XFMODE_T[0] (word 3) bits 26-28 = 5;
 *   TEX_MATRIX_ENABLE(1) (0x3e4): bit 17 of the same word.
 */
static void test_celsius_ff(void)
{
    TestHost *th = gr_new("nv25");
    NVXfRams *r = &th->card.xf.ram;

    bind_3d(th, 0x0096);
    ff_check(th, 0x458, F1, &r->ctx[0x12][1], F1);
    ff_check(th, 0x4d4, F2, &r->ctx[0x15][1], F2);
    ff_check(th, 0x50c, F3, &r->ctx[0x03][0], F3);
    ff_check(th, 0x590, F1, &r->ctx[0x4d][0], F0);
    g_assert_cmphex(r->ctx[0x4c][1], ==, F1);
    ff_check(th, 0x910, F2, &r->ltctx[0x11][1], F2);
    ff_check(th, 0x8d8, F3, &r->ctx[0x31][3], F3);
    ff_check(th, 0x6e8, F2, &r->ctx[0x3b][0], 0x45002000);
    g_assert_cmphex(r->ctx[0x3a][0], ==, F1);
    ff_check(th, 0x6f4, F2, &r->ctx[0x3a][3], F0);
    g_assert_cmphex(r->ctx[0x3b][3], ==, F2);
    ff_check(th, 0x294, 0x10002, &r->mode[0][1], 0x40060000);
    ff_check(th, 0x298, 4, &r->mode[0][1], 0x40260000);
    ff_check(th, 0x3d8, 0x8512, &r->mode[0][3], 5u << 26);
    ff_check(th, 0x3e4, 1, &r->mode[0][3], 5u << 26 | 1u << 17);
    g_assert_cmpuint(th->n_guest_error, ==, 0);
    th_free(th);
}

/*
 * Celsius' vertex input into Kelvin's attributes (rnndb
 * NV20_VERTEX_ATTR), outside BEGIN_END (no vertex): VERTEX_COL_4I
 * (0xc6c) 0xff804000, abgr8: attribute 3 (0, 0x40 / 255, 0x80 / 255, 1)
 * = (0, 0x3e808081, 0x3f008081, 1.0) as in the Kelvin case;
 * VERTEX_TX1_2I (0xcc0) 0x8000ffff: attribute 10 (-1, -32768 = -2^15:
 * 0xc7000000, 0, 1); VERTEX_WGH_1F (0xce4) 5.0: attribute 1 (5, 0, 0,
 * 1); VERTEX_POS_4F (0xc18-0xc24): attribute 0.  VTXBUF_OFFSET(3) and
 * VTXBUF_FMT(3) (0xd18, 0xd1c; TEX0): Kelvin attribute 9's IDX words 18
 * and 19 at byte 0x48 (run_idx()).
 */
static void test_celsius_vertex(void)
{
    static const uint32_t m[] = {
        0xc6c, 0xff804000, 0xcc0, 0x8000ffff, 0xce4, 0x40a00000,
        0xc18, F1, 0xc1c, F2, 0xc20, F3, 0xc24, F4, 0
    };
    TestHost *th = gr_new("nv20");

    bind_3d(th, 0x0096);
    th->trace_prims = true;
    mthds(th, m);
    expect_vab(th, 3, F0, 0x3e808081, 0x3f008081, F1);
    expect_vab(th, 10, FM1, 0xc7000000, F0, F1);
    expect_vab(th, 1, 0x40a00000, F0, F0, F1);
    expect_vab(th, 0, F1, F2, F3, F4);
    g_assert_cmpuint(th->prims->len, ==, 0);
    th_free(th);
    run_idx("nv25", 0x0096, 0xd18, 0xd1c, 0x48);
}

/*
 * A Composite-style draw through a Celsius object, as the X driver's EXA
 * path draws: fixed function with identity MODELVIEW_MATRIX(0) and
 * PROJECTION_MATRIX, VIEWPORT_TRANSLATE (-2048, -2048, 0, 0), Celsius'
 * window space bias (so Kelvin's translation 0 and VIEWPORT_SCALE 1):
 * the pixel coordinates are the vertices'.  A 64x64 A8R8G8B8 linear surface
 * (RT_FORMAT 0x108: COLOR 8, DEPTH Z24S8 0 on Celsius, TYPE LINEAR
 * 1 << 8; RT_PITCH 256) at SURF, clip rectangle 0 from 0 to 63
 * (0x083f0800: 0 - 2048 and 63 - 2048 as signed 12-bit edges).  Texture 0: the 2x2 A8R8G8B8 texels of
 * test_draw_texture_curie() at TEXOFF (word x + 2y: blue, red, green,
 * white), TEX_FORMAT 0x33111301 (DMA0, FORMAT 6 << 7, one level 1 << 12,
 * sizes 2 = 1 << 16 and 1 << 20, CLAMP_TO_EDGE 3 both ways), ENABLE
 * (bit 30), FILTER NEAREST both (0x11000000).
 * Combiner 0 (modulate): RGB A = texture 0 (8), B = primary colour (4),
 * RC_IN_RGB 0x08040000; alpha the same with ALPHA usage (bit 4):
 * 0x18140000; AB to spare0 (0xc << 4) in both; RC_OUT_RGB(1)
 * 0x18000000: one combiner.  Final: D = spare0 (RC_FINAL0 0xc), G =
 * spare0 alpha (RC_FINAL1 0x1c << 8): out = spare0.
 * QUADS (8) at (0, 0), (32, 0), (32, 32), (0, 32) with texture
 * coordinates (0, 0) to (1, 1), primary colour (1, 0.5, 0.25, 1).  Pixel
 * x's centre has s = (x + 0.5) / 32: texel floor(2s) is 0 for x <= 15,
 * 1 for x >= 16 (16.5 / 32 * 2 = 1.03); t alike in y.  The colour in
 * the combiners' k / 255 steps: 0.5 -> 128, 0.25 -> 63.75 -> 64; a
 * texel's 1.0 times 128 / 255 stays 128.  Blue (0, 0, 1, 1) gives A 255,
 * B 64: 0xff000040; red 0xffff0000; green G 128: 0xff008000; white
 * 0xffff8040.  Pixels from 32 on are not covered: VRAM's 0.
 */
/*
 * The textured quad of test_draw_celsius() on @model through an object
 * of class @cls: the texels at TEXOFF, identity MODELVIEW_MATRIX(0) and
 * PROJECTION_MATRIX (@m[0], @m[1]), the methods @setup, the four
 * vertices (texture coordinate 0 @m[2], position @m[3]) between
 * BEGIN_END (@m[4]) QUADS and STOP; then the pixels checked.
 */
static void draw_textured_quad(const char *model, uint32_t cls,
                               const uint32_t *setup, const uint32_t m[5])
{
    static const uint32_t texels[4] = {
        0xff0000ff, 0xffff0000, 0xff00ff00, 0xffffffff,
    };
    static const uint32_t corner[4][2] = {
        { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 },
    };
    static const struct {
        uint8_t x, y;
        uint32_t color;
    } at[] = {
        { 0, 0, 0xff000040 }, { 15, 15, 0xff000040 },
        { 16, 0, 0xffff0000 }, { 31, 15, 0xffff0000 },
        { 0, 16, 0xff008000 }, { 15, 31, 0xff008000 },
        { 16, 16, 0xffff8040 }, { 31, 31, 0xffff8040 },
        { 32, 0, 0 }, { 0, 32, 0 }, { 63, 63, 0 },
    };
    TestHost *th = gr_new(model);

    bind_3d(th, cls);
    th_ramin_wr(th, VRAMDMA, 0x3d | 0x3000);
    th_ramin_wr(th, VRAMDMA + 4, 0x7fffff);
    th_ramin_wr(th, VRAMDMA + 8, 0);
    for (unsigned i = 0; i < 4; i++) {
        vram_wr(th, TEXOFF + 4 * i, texels[i]);
    }
    for (unsigned j = 0; j < 16; j++) {
        uint32_t e = j % 5 == 0 ? F1 : 0;

        g_assert_true(mthd(th, 7, m[0] + 4 * j, e));
        g_assert_true(mthd(th, 7, m[1] + 4 * j, e));
    }
    mthds(th, setup);
    g_assert_true(mthd(th, 7, m[4], 8));
    for (unsigned v = 0; v < 4; v++) {
        const uint32_t w[] = {
            m[2], corner[v][0] ? F1 : 0, m[2] + 4, corner[v][1] ? F1 : 0,
            m[3], corner[v][0] ? 0x42000000 : 0,
            m[3] + 4, corner[v][1] ? 0x42000000 : 0,
            m[3] + 8, 0, m[3] + 12, F1, 0,
        };

        mthds(th, w);
    }
    g_assert_true(mthd(th, 7, m[4], 0));
    g_assert_false(nv20_pgraph_busy(&th->card));
    for (size_t i = 0; i < G_N_ELEMENTS(at); i++) {
        g_assert_cmphex(vram_rd(th, SURF + at[i].y * 256 + at[i].x * 4), ==,
                        at[i].color);
    }
    g_assert_cmpuint(th->n_guest_error, ==, 0);
    th_free(th);
}

static void test_draw_celsius(void)
{
    static const uint32_t setup[] = {
        0x0184, VRAMDMA >> 4, 0x0194, VRAMDMA >> 4,
        0x0200, 64 << 16, 0x0204, 64 << 16, 0x0208, 0x108,
        0x020c, 256, 0x0210, SURF,
        0x02c0, 0x083f0800, 0x02e0, 0x083f0800, 0x0358, 0x01010101,
        0x0218, TEXOFF, 0x0220, 0x33111301, 0x0228, 0x40000000,
        0x0248, 0x11000000,
        0x0268, 0x08040000, 0x0260, 0x18140000,
        0x0280, 0xc0, 0x0278, 0xc0, 0x0284, 0x18000000,
        0x0288, 0xc, 0x028c, 0x1c00,
        0x06e8, 0xc5000000, 0x06ec, 0xc5000000, 0x06f0, 0, 0x06f4, 0,
        0x0c50, F1, 0x0c54, FHALF, 0x0c58, 0x3e800000, 0x0c5c, F1, 0,
    };
    static const uint32_t m[5] = { 0x400, 0x500, 0x0c90, 0x0c18, 0x0dfc };

    draw_textured_quad("nv25", 0x0096, setup, m);
}

/*
 * The composite tests' card: @model with a @cls object, the VRAM DMA
 * object, an 8x8 white corner of the surface at SURF (pitch 256) and the
 * 4x4 A8 mask at TEXOFF, texel (x, y) 0x40 x + 0x10 y (pitch 4).
 */
static TestHost *composite_new(const char *model, uint32_t cls)
{
    TestHost *th = gr_new(model);

    bind_3d(th, cls);
    th_ramin_wr(th, VRAMDMA, 0x3d | 0x3000);
    th_ramin_wr(th, VRAMDMA + 4, 0x7fffff);
    th_ramin_wr(th, VRAMDMA + 8, 0);
    for (unsigned y = 0; y < 8; y++) {
        for (unsigned x = 0; x < 8; x++) {
            vram_wr(th, SURF + y * 256 + x * 4, 0xffffffff);
        }
    }
    for (unsigned y = 0; y < 4; y++) {
        vram_wr(th, TEXOFF + 4 * y, 0x10 * y * 0x01010101u + 0xc0804000u);
    }
    return th;
}

/*
 * The black source through the mask over white: pixel (x, y) of the 4x4
 * corner 0xff000000 | (255 - m) * 0x010101 with m its mask texel, the
 * row and column after it white; no error.
 */
static void expect_composite(TestHost *th)
{
    for (unsigned y = 0; y < 5; y++) {
        for (unsigned x = 0; x < 5; x++) {
            uint32_t m = 0x40 * x + 0x10 * y;

            g_assert_cmphex(vram_rd(th, SURF + y * 256 + x * 4), ==,
                            x == 4 || y == 4 ? 0xffffffff :
                            0xff000000 | (0xff - m) * 0x010101);
        }
    }
    g_assert_cmpuint(th->n_guest_error, ==, 0);
    th_free(th);
}

/*
 * The nouveau X driver's Composite of a solid source through an A8 mask
 * on nv20 (its method trace, reduced to a 4x4 mask): OVER with the
 * source's colour, opaque black, in RC_COLOR(0) 0xff000000; combiner 0
 * multiplies it by texture 1's alpha: RC_IN_RGB(0) 0x01190000 (A =
 * constant 0's RGB, B = texture 1 (9) with ALPHA usage, 0x10),
 * RC_IN_ALPHA(0) 0x11190000 (A, B alpha); RC_OUT_* 0xc00, SUM_OUTPUT
 * (bits 8-11) spare0: A * B + C * D with C, D zero; RC_OUT_RGB(1)
 * 0x18000000 (one combiner); final RC_FINAL0 0x300c0000 (A = zero
 * inverted, 1; B = spare0: A * B), RC_FINAL1 0x1c80 (G = spare0 alpha,
 * COLOR_SUM_CLAMP).  Blending ONE, ONE_MINUS_SRC_ALPHA (0x303),
 * FUNC_ADD (0x8006).  The mask: TEX_FORMAT(1) 0x33671dd1 as the driver
 * writes it (DMA0, FORMAT 0x1b I8_RECT at bits 7-11, clamp to edge),
 * TEX_NPOT_PITCH 4 << 16, TEX_NPOT_SIZE 4 << 16 | 4, NEAREST
 * (0x11000000).  Only PROJECTION_MATRIX is loaded, the identity, as the
 * driver does: it is the composite matrix (docs/xf.rst).  A QUADS of
 * VERTEX_POS_3F at (0, 0) to (4, 4) in pixels (VIEWPORT_TRANSLATE -2048
 * twice: Celsius' window space), VERTEX_TX1_2I the texel corners (0, 0)
 * to (4, 4) (s in the low half).  The surface starts white: pixel
 * (x, y) with mask texel m = 0x40 x + 0x10 y gets alpha m / 255 (the
 * combiners' steps are 1/255), colour 0 + 255 (1 - m / 255) = 255 - m
 * in each of R, G, B and alpha m + 255 - m = 255.
 */
static void test_draw_celsius_composite(void)
{
    static const uint32_t setup[] = {
        0x0184, VRAMDMA >> 4, 0x0194, VRAMDMA >> 4,
        0x0200, 64 << 16, 0x0204, 64 << 16, 0x0208, 0x108,
        0x020c, 256, 0x0210, SURF,
        0x02c0, 0x07ff0800, 0x02e0, 0x07ff0800, 0x0358, 0x01010101,
        0x0304, 1, 0x0344, 1, 0x0348, 0x303, 0x0350, 0x8006,
        0x0270, 0xff000000,
        0x021c, TEXOFF, 0x0224, 0x33671dd1, 0x022c, 0x40000000,
        0x0234, 4 << 16, 0x0244, 4 << 16 | 4, 0x024c, 0x11000000,
        0x0260, 0x11190000, 0x0268, 0x01190000,
        0x0278, 0xc00, 0x0280, 0xc00, 0x0284, 0x18000000,
        0x0288, 0x300c0000, 0x028c, 0x1c80,
        0x06e8, 0xc5000000, 0x06ec, 0xc5000000, 0x06f0, 0, 0x06f4, 0,
        0x0dfc, 8, 0,
    };
    static const uint32_t corner[4][2] = {
        { 0, 0 }, { 4, 0 }, { 4, 4 }, { 0, 4 },
    };
    TestHost *th = composite_new("nv20", 0x0096);

    for (unsigned j = 0; j < 16; j++) {
        g_assert_true(mthd(th, 7, 0x500 + 4 * j, j % 5 == 0 ? F1 : 0));
    }
    mthds(th, setup);
    for (unsigned v = 0; v < 4; v++) {
        const uint32_t w[] = {
            0x0cc0, corner[v][0] | corner[v][1] << 16,
            0x0c00, corner[v][0] ? F4 : 0, 0x0c04, corner[v][1] ? F4 : 0,
            0x0c08, 0, 0,
        };

        mthds(th, w);
    }
    g_assert_true(mthd(th, 7, 0x0dfc, 0));
    expect_composite(th);
}

/*
 * The same Composite on nv30 as the X driver draws it there (its method
 * trace): a Rankine object whose fragment program fetches textures 0 and
 * 1 into H0 and H1, and RC_ENABLE 0x01000101 (NUM_COMBINERS 1), so that
 * the register combiners take H0-H3 as their texture registers
 * (docs/combiners.rst "Rankine").  The program's words as in VRAM:
 * TXP (0x18 << 24) H0 (OUT_REG_HALF 0x80, mask 0xf << 9), f[TC0] (4 <<
 * 13), unit 0: 0x18009e80; TXP H1 (1 << 1), f[TC1] (5 << 13), unit 1
 * (1 << 17), END (bit 0): 0x1802be83; their source words 1c9dc801
 * 0001c800 3fe1c800.  Texture 0 is off: H0 is 0.  Combiner 0, the final
 * combiner and the blend as test_draw_celsius_composite() (Rankine's
 * RC_FINAL0 0xc: D = spare0; RC_FINAL1 0x1c00: G = spare0 alpha; the
 * blend ONE 0x00010001, ONE_MINUS_SRC_ALPHA 0x03030303).  The mask:
 * TEX_FORMAT(1) 0x04411b29 (DMA0, NO_BORDER, DIMS 2, FORMAT 0x1b
 * I8_RECT, the driver's level and size bits), TEX_SWIZZLE 0x000402ff
 * (alpha from the texel, RGB zero; RECT_PITCH 4), NEAREST, 4x4.
 * Fixed function with identity matrices, VIEWPORT_SCALE (1, 1, 1, 0):
 * VTX_ATTR_2I(0) positions in pixels, VTX_ATTR_2I(9) TC1 in texels;
 * one triangle (0, 0), (8, 0), (0, 8) (pixel centres with x + y < 7,
 * so all of the 4x4 corner) cut by SCISSOR to 4x4.  Pixel (x, y), mask
 * texel m = 0x40 x + 0x10 y: 0xff000000 | (255 - m) * 0x010101 as on
 * nv20; the rest stays white.
 */
static void test_draw_rankine_composite(void)
{
    static const uint32_t fp[8] = {
        0x18009e80, 0x1c9dc801, 0x0001c800, 0x3fe1c800,
        0x1802be83, 0x1c9dc801, 0x0001c800, 0x3fe1c800,
    };
    static const uint32_t setup[] = {
        0x0184, VRAMDMA >> 4, 0x0194, VRAMDMA >> 4,
        0x0200, 64 << 16, 0x0204, 64 << 16, 0x0208, 0x148,
        0x020c, 256, 0x0210, SURF, 0x0220, 1, 0x0324, 0x01010101,
        0x08c0, 4 << 16, 0x08c4, 4 << 16,
        0x0a00, 0x10000000, 0x0a04, 0x10000000,
        0x02c0, 0x0fff0000, 0x02c4, 0x0fff0000,
        0x0a20, 0, 0x0a24, 0, 0x0a28, 0, 0x0a2c, 0,
        0x0a30, F1, 0x0a34, F1, 0x0a38, F1, 0x0a3c, 0,
        0x0310, 1, 0x0314, 0x00010001, 0x0318, 0x03030303, 0x0320, 0x8006,
        0x1a20, TEXOFF, 0x1a24, 0x04411b29, 0x1a28, 0x00030303,
        0x1a2c, 0x40000000, 0x1a30, 0x000402ff, 0x1a34, 0x01012000,
        0x1a38, 4 << 16 | 4,
        0x0900, 0x11190000, 0x0904, 0x01190000, 0x0908, 0xff000000,
        0x0910, 0xc00, 0x0914, 0xc00, 0x08f4, 0xc, 0x08f8, 0x1c00,
        0x08fc, 0x01000101,
        0x08e4, FPROG | 1, 0x1d60, 0, 0x1450, 0x0001000f, 0x023c, 3,
        0x1808, 5, 0,
    };
    static const uint32_t corner[3] = { 0, 8, 8 << 16 };
    TestHost *th = composite_new("nv30", 0x0397);

    for (unsigned i = 0; i < G_N_ELEMENTS(fp); i++) {
        vram_wr(th, FPROG + 4 * i, fp[i]);
    }
    for (unsigned j = 0; j < 16; j++) {
        g_assert_true(mthd(th, 7, 0x480 + 4 * j, j % 5 == 0 ? F1 : 0));
        g_assert_true(mthd(th, 7, 0x680 + 4 * j, j % 5 == 0 ? F1 : 0));
    }
    mthds(th, setup);
    for (unsigned v = 0; v < 3; v++) {
        g_assert_true(mthd(th, 7, 0x1924, corner[v]));
        g_assert_true(mthd(th, 7, 0x1900, corner[v]));
    }
    g_assert_true(mthd(th, 7, 0x1808, 0));
    expect_composite(th);
}

/*
 * Garbage into a Celsius object: 5000 methods at random offsets of the
 * class's range (0x180-0x1bfc) with random data, half of it small, the
 * primitive types mostly valid, one PGRAPH poll slice (a STATUS read)
 * after each and FIFO_ENABLE set again after an error.  Nothing to
 * compare; the run must stay in bounds (ASan, UBSan) and end.
 */
static void test_celsius_garbage(void)
{
    TestHost *th = gr_new("nv25");
    ThRng g = { 96 };

    bind_3d(th, 0x0096);
    for (unsigned n = 0; n < 5000; n++) {
        uint32_t r = th_rnd(&g), d = th_rnd(&g);
        uint32_t m = 0x180 + 4 * (r % ((0x1c00 - 0x180) / 4));

        if (m == 0xdfc || m == 0x13fc) {
            d %= 12;
        } else if (r & 0x80000000) {
            d &= 0xffff;
        }
        nv20_pgraph_method(&th->card, 7, m, d);
        th_rd(th, 0x400700);
        th_wr(th, 0x400720, 1);
    }
    th_free(th);
}

/* ---- Kelvin (0x0597) on Rankine (docs/pgraph.rst) ---- */

/*
 * nouveau lists 0x0597 on NV30 and NV34 (nvkm/engine/gr nv30.c, nv34.c)
 * as on NV25 (nv25.c).  Bound on NV30/NV34, ALPHA_FUNC_ENABLE (0x300)
 * sets CONFIG_A (0x40194c) bit 12, a bundle at the same id on both
 * generations; BLEND_FUNC_ENABLE (0x304) sets bit 3 of Rankine's BLEND
 * (id 0x082: 0x401800 + 0x208 = 0x401a08); no error (INTR 0x400100 0);
 * XF takes uploads in Kelvin's encoding, and Rankine's again once a
 * Rankine object (0x0397 on NV30, 0x0697 on NV34) is bound.  On NV25 the
 * same methods set Kelvin's BLEND (id 0x001: 0x401804) bit 3.
 */
static void test_k597_bind(void)
{
    static const struct {
        const char *model;
        uint32_t rankine;
    } c[] = { { "nv30", 0x0397 }, { "nv34", 0x0697 } };
    TestHost *th;

    for (size_t i = 0; i < G_N_ELEMENTS(c); i++) {
        NVMethodClass *table = NULL;

        th = gr_new(c[i].model);
        g_assert_true(nv20_3d_class(&th->card, 0x0597, &table));
        g_assert_nonnull(table);
        bind_3d(th, 0x0597);
        g_assert_true(mthd(th, 7, 0x300, 1));
        g_assert_true(mthd(th, 7, 0x304, 1));
        g_assert_cmphex(th_rd(th, 0x40194c) & 0x1000, ==, 0x1000);
        g_assert_cmphex(th_rd(th, 0x401a08), ==, 0x8);
        g_assert_cmpuint(th->card.xf.upload_isa, ==, NV_XF_KELVIN);
        bind_3d(th, c[i].rankine);
        g_assert_cmpuint(th->card.xf.upload_isa, ==, NV_XF_RANKINE);
        g_assert_cmphex(th_rd(th, 0x400100), ==, 0);
        th_free(th);
    }
    th = gr_new("nv25");
    bind_3d(th, 0x0597);
    g_assert_true(mthd(th, 7, 0x304, 1));
    g_assert_cmphex(th_rd(th, 0x401804), ==, 0x8);
    g_assert_cmpuint(th->card.xf.upload_isa, ==, NV_XF_KELVIN);
    g_assert_cmphex(th_rd(th, 0x400100), ==, 0);
    th_free(th);
}

/*
 * Kelvin's methods (rnndb graph/nv20_3d.xml) in Rankine's places on NV30
 * (graph/nv30-40_3d.xml; bundles.rst ids, register 0x401800 + 4 * id):
 * - BLEND (0x082, 0x401a08): enable bit 3 (0x8); BLEND_FACTOR_SRC
 *   SRC_ALPHA (0x302 -> 4) in colour bits 4-7 and alpha 20-23
 *   (0x00400040); _DST ONE_MINUS_SRC_ALPHA (0x303 -> 5) in 8-11 and
 *   24-27 (0x05000500); FUNC_ADD (0x8006 -> 2); logic op enable (bit
 *   16) XOR (0x1506 -> 6, bits 12-15): 0x0541654a, in the 0x0ff1ffff
 *   mask.
 * - BLEND_COLOR to id 0x083 (0x401a0c), CLEAR_VALUE to CLEAR_COLOR
 *   0x086 (0x401a18), MULTISAMPLE_CONTROL to 0x06f (0x4019bc).
 * - Textures, unit i at Rankine's unit i (ids 0x100 + i ... 0x170 + i):
 *   TEX_OFFSET(1) (0x1b40) at 0x401c04; TEX_FORMAT(2) (0x1b84)
 *   0x19aa2602 as it is (0x401c48; within the 0xffff7fce mask);
 *   TEX_RCOMP (0x1e6c) 0x1d1: units 0-3 take 1, 2, 7, 0 (three bits
 *   each) as TEX_WRAP bits 28-31; TEX_WRAP(0) (0x1b08) 0xffffffff keeps
 *   WRAP_S/T/R (0x00070707) under RCOMP 1: 0x10070707 (0x401c80);
 *   TEX_WRAP(2) 0x00030102 with RCOMP 7: 0x70030102 (0x401c88);
 *   TEX_ENABLE(1) (0x1b4c) 0x40000000 at 0x401cc4; TEX_NPOT_PITCH(3)
 *   (0x1bd0) 0x01000123 as it is (0x401d0c; the draw takes its low
 *   half, Rankine's swizzle, as the identity);
 *   TEX_FILTER(1) (0x1b54) at 0x401d44; TEX_NPOT_SIZE(0) (0x1b1c) at
 *   0x401d80; TEX_BORDER_COLOR(1) (0x1b64) at 0x401dc4;
 *   TEX_PALETTE_OFFSET(1) (0x1b60) in the per-context word of Rankine's
 *   TEX_PALETTE_OFFSET(1) (0x1844).
 * - RT_FORMAT (0x208) 0x113 (COLOR R5G6B5 3, DEPTH Z16 1 << 4, TYPE
 *   LINEAR): Rankine's 3 | 1 << 5 | 0x100 = 0x123.
 * - FOG_COEFF(1) (0x9c4): Rankine's FOG_EQUATION(1) word (0x8d4).
 * - VP_START_FROM_ID (0x1ea0) 5: Rankine's XFMODE_A (0x400fc0) bits
 *   8-15: 0x500; ENGINE (0x1e94) 0x13 (VP): XFMODE_B (0x400fbc) MODE
 *   (bits 30-31) PROGRAM_V1 2, where a Rankine object sets 3.
 * - Common bundles at Kelvin's ids: RC_IN_ALPHA(0) (0x260) at 0x4018c0,
 *   VIEWPORT_CLIP_HORIZ(2) (0x2c8) at CLIP_RECT_HORIZ 0x401a4c,
 *   POINT_SIZE (0x43c) at 0x40198c.
 */
static void test_k597_bundles(void)
{
    static const uint32_t m[] = {
        0x304, 1, 0x344, 0x302, 0x348, 0x303, 0x350, 0x8006,
        0x17bc, 1, 0x17c0, 0x1506, 0x34c, 0x80402010,
        0x1d90, 0x11223344, 0x1d7c, 0xffff0111,
        0x1b40, 0x00123400, 0x1b84, 0x19aa2602, 0x1e6c, 0x1d1,
        0x1b08, 0xffffffff, 0x1b88, 0x00030102, 0x1b4c, 0x40000000,
        0x1bd0, 0x01000123, 0x1b54, 0x02060500, 0x1b1c, 0x00400020,
        0x1b64, 0xff00ff00, 0x1b60, 0x4001, 0x208, 0x113, 0x9c4, F1,
        0x1ea0, 5, 0x1e94, 0x13, 0x260, 0x12345678,
        0x2c8, 0x003f0005, 0x43c, 0x40, 0
    };
    /* BAR0 register, or (bit 0 set) method offset + 1 of a stored word */
    static const struct {
        uint32_t at, want;
    } w[] = {
        { 0x401a08, 0x0541654a }, { 0x401a0c, 0x80402010 },
        { 0x401a18, 0x11223344 }, { 0x4019bc, 0xffff0111 },
        { 0x401c04, 0x00123400 }, { 0x401c48, 0x19aa2602 },
        { 0x401c80, 0x10070707 }, { 0x401c84, 0x20000000 },
        { 0x401c88, 0x70030102 }, { 0x401cc4, 0x40000000 },
        { 0x401d0c, 0x01000123 }, { 0x401d44, 0x02060500 },
        { 0x401d80, 0x00400020 }, { 0x401dc4, 0xff00ff00 },
        { 0x1844 + 1, 0x4001 }, { 0x208 + 1, 0x123 }, { 0x8d4 + 1, F1 },
        { 0x4018c0, 0x12345678 }, { 0x401a4c, 0x003f0005 },
        { 0x40198c, 0x40 },
    };
    TestHost *th = gr_new("nv30");
    const uint32_t *ms = th->card.pgraph20.fe3d.mthd_state;

    bind_3d(th, 0x0597);
    mthds(th, m);
    for (size_t i = 0; i < G_N_ELEMENTS(w); i++) {
        g_assert_cmphex(w[i].at & 1 ? ms[w[i].at / 4] : th_rd(th, w[i].at),
                        ==, w[i].want);
    }
    g_assert_cmphex(th_rd(th, 0x400fc0) & 0xff00, ==, 0x500);
    g_assert_cmphex(th_rd(th, 0x400fbc) >> 30, ==, 2);
    /* a blend factor above 16 bits is no GL enumerant: logged, kept */
    g_assert_cmpuint(th->n_guest_error, ==, 0);
    g_assert_true(mthd(th, 7, 0x344, 0x10302));
    g_assert_cmpuint(th->n_guest_error, ==, 1);
    g_assert_cmphex(th_rd(th, 0x401a08), ==, 0x0541654a);
    g_assert_cmphex(th_rd(th, 0x400100), ==, 0);
    th_free(th);
}

/*
 * Kelvin's fixed-function methods, by Kelvin's offsets, in Rankine's XF
 * slots (ctx.rst NV30 column; docs/xf.rst "Fixed-function processing"):
 * - LIGHT_FRONT_AMBIENT(1) G (0x1000 + 128 + 4 = 0x1084): LTCTX 6 * 1
 *   + 0 = 6, Y (Kelvin's chip: 8 + 0).
 * - LIGHT_BACK_DIFFUSE(2) R (0x0c00 + 128 + 12 = 0xc8c): word 3, the
 *   back diffuse: LTCTX 6 * 2 + 3 + 1 = 0x10, X.
 * - LIGHT_POSITION(3) Z (0x1000 + 384 + 0x5c + 8 = 0x11e4): XFCTX 0x64
 *   + 3 = 0x67, Z.
 * - LIGHT_SPOT_CUTOFF(0) word 0 (0x1040): SPOT_CUTOFF_0, LTC1 0x0d + 0;
 *   word 4 (0x1050): SPOT_DIRECTION 0x6c, Y.
 * - MATERIAL_FACTOR_FRONT_A (0x3b4): MATERIAL_FACTOR_A, LTC3 0x0d;
 *   MATERIAL_FACTOR_BACK_A (0x17ac): LTC3 0x0e.
 * - POINT_PARAMETER (0xa30 + 4 k): k 1 (b) to XFCTX 0x26 Y, k 3 (size)
 *   to 0x27 X, k 7 (max) to 0x27 Z.
 * - TEX_GEN_COEFF of texture 1, T, C (0x840 + 64 + 16 + 8 = 0x898):
 *   TEX_1_GEN_T, 0x7c + 8 + 1 = 0x85, Z.
 * - MODELVIEW_MATRIX(1) word 5 (0x480 + 64 + 20 = 0x4d4): MATRIX_MV1,
 *   0x44 + 8 + 5 % 4 = 0x4d, column 5 / 4 = 1 (Y).
 * - VIEWPORT_SCALE X (0xaf0): 0x76, X; VIEWPORT_TRANSLATE Y (0xa24):
 *   0x77, Y.
 */
static void test_k597_ff(void)
{
    TestHost *th = gr_new("nv30");
    NVXfRams *r = &th->card.xf.ram;
    const struct {
        uint32_t m, data;
        const uint32_t *ram;
    } c[] = {
        { 0x1084, F1, &r->ltctx[0x06][1] }, { 0xc8c, F2, &r->ltctx[0x10][0] },
        { 0x11e4, F3, &r->ctx[0x67][2] }, { 0x1040, F1, &r->ltc[1][0x0d] },
        { 0x1050, F2, &r->ctx[0x6c][1] }, { 0x3b4, F3, &r->ltc[3][0x0d] },
        { 0x17ac, F1, &r->ltc[3][0x0e] }, { 0xa34, F2, &r->ctx[0x26][1] },
        { 0xa3c, F3, &r->ctx[0x27][0] }, { 0xa4c, F1, &r->ctx[0x27][2] },
        { 0x898, F2, &r->ctx[0x85][2] }, { 0x4d4, F3, &r->ctx[0x4d][1] },
        { 0xaf0, F1, &r->ctx[0x76][0] }, { 0xa24, F2, &r->ctx[0x77][1] },
    };

    bind_3d(th, 0x0597);
    for (size_t i = 0; i < G_N_ELEMENTS(c); i++) {
        ff_check(th, c[i].m, c[i].data, c[i].ram, c[i].data);
    }
    g_assert_cmpuint(th->n_guest_error, ==, 0);
    th_free(th);
}

/*
 * Fixed function through a Kelvin object on NV30: XF divides and applies
 * the viewport, as Kelvin's does (docs/pgraph.rst "Kelvin on Rankine"),
 * from XFCTX 0x76 and 0x77 where the Kelvin VIEWPORT methods put it, and
 * VTX takes window coordinates (no view-volume clipping: Kelvin drivers
 * scale PROJECTION to pixels).  MODELVIEW and PROJECTION the identity,
 * VIEWPORT_SCALE (16, 16, 1), TRANSLATE (8, 4, 0): the vertex (1, 1, 0,
 * 1) lands at window (16 + 8, 16 + 4) = (24, 20).  A point
 * (VERTEX_BEGIN_END POINTS 1) shows it.
 */
static void test_k597_ff_window(void)
{
    static const uint32_t scale[3] = { 0x41800000, 0x41800000, F1 };
    static const uint32_t translate[3] = { 0x41000000, 0x40800000, 0 };
    TestHost *th = gr_new("nv30");

    bind_3d(th, 0x0597);
    th->trace_prims = true;
    g_assert_true(mthd(th, 7, 0x1e94, 4));
    for (unsigned j = 0; j < 16; j++) {
        g_assert_true(mthd(th, 7, 0x480 + 4 * j, j % 5 == 0 ? F1 : 0));
        g_assert_true(mthd(th, 7, 0x680 + 4 * j, j % 5 == 0 ? F1 : 0));
    }
    for (unsigned c = 0; c < 3; c++) {
        g_assert_true(mthd(th, 7, 0xaf0 + 4 * c, scale[c]));
        g_assert_true(mthd(th, 7, 0xa20 + 4 * c, translate[c]));
    }
    g_assert_true(mthd(th, 7, 0x17fc, 1));
    g_assert_true(th->card.pgraph20.vtx.st.window_coords);
    g_assert_true(mthd(th, 7, 0x1518, F1));
    g_assert_true(mthd(th, 7, 0x151c, F1));
    g_assert_true(mthd(th, 7, 0x1520, 0));
    g_assert_true(mthd(th, 7, 0x1524, F1));
    g_assert_true(mthd(th, 7, 0x17fc, 0));
    g_assert_cmpuint(th->prims->len, ==, 1);
    g_assert_cmpfloat(prim(th, 0)->v[0].pos[0], ==, 24.0f);
    g_assert_cmpfloat(prim(th, 0)->v[0].pos[1], ==, 20.0f);
    th_free(th);
}

/*
 * test_draw_celsius()'s textured, modulated quad in Kelvin's methods
 * (rnndb graph/nv20_3d.xml), through a 0x0597 object on NV25 and on
 * NV30, which must give the same pixels: fixed function (ENGINE FIXED
 * 4), identity MODELVIEW_MATRIX(0) and PROJECTION_MATRIX,
 * VIEWPORT_SCALE (1, 1, 1, 0) and VIEWPORT_TRANSLATE 0: window = clip
 * (XF applies them for a Kelvin class, on NV30 too; texture coordinate
 * 0 from Kelvin's attribute 9).  RT_FORMAT 0x128 (COLOR 8,
 * DEPTH Z24S8 2 << 4, LINEAR); clip rectangle 0 to 63.  Texture 0:
 * TEX_FORMAT 0x01100629 (DMA0, NO_BORDER 0x8, DIMS 2D 0x20, FORMAT 6
 * << 8, BASE_SIZE_U/V 1 << 20, 1 << 24: 2x2), TEX_WRAP CLAMP_TO_EDGE
 * (3) S and T: 0x303, TEX_ENABLE bit 30, TEX_FILTER NEAREST (1) MINIFY
 * << 16 and MAGNIFY << 24: 0x01010000; TEX_SHADER_OP unit 0
 * TEXTURE_2D (1).  Combiner 0 as test_draw_celsius()'s (RC_IN_RGB(0)
 * 0x08040000, RC_IN_ALPHA(0) 0x18140000, RC_OUT_RGB/ALPHA(0) spare0
 * 0xc0), RC_ENABLE one combiner (1), the same final combiner.  So the
 * same pixels: blue texel -> 0xff000040, red 0xffff0000, green
 * 0xff008000, white 0xffff8040, uncovered 0.
 */
static void test_draw_texture_k597(void)
{
    static const uint32_t setup[] = {
        0x0184, VRAMDMA >> 4, 0x0194, VRAMDMA >> 4,
        0x0200, 64 << 16, 0x0204, 64 << 16, 0x0208, 0x128,
        0x020c, 256, 0x0210, SURF,
        0x02c0, 63 << 16, 0x02e0, 63 << 16, 0x0358, 0x01010101,
        0x1b00, TEXOFF, 0x1b04, 0x01100629, 0x1b08, 0x303,
        0x1b0c, 0x40000000, 0x1b14, 0x01010000, 0x1e70, 1,
        0x0ac0, 0x08040000, 0x0260, 0x18140000,
        0x1e40, 0xc0, 0x0aa0, 0xc0, 0x1e60, 1,
        0x0288, 0xc, 0x028c, 0x1c00, 0x1e94, 4,
        0x0af0, F1, 0x0af4, F1, 0x0af8, F1,
        0x1550, F1, 0x1554, FHALF, 0x1558, 0x3e800000, 0x155c, F1, 0,
    };
    static const uint32_t m[5] = { 0x480, 0x680, 0x1590, 0x1518, 0x17fc };

    draw_textured_quad("nv25", 0x0597, setup, m);
    draw_textured_quad("nv30", 0x0597, setup, m);
}

/* Garbage through a Kelvin object on NV30 and NV34 stays in bounds. */
static void test_k597_garbage(void)
{
    static const char *const models[] = { "nv30", "nv34" };

    for (size_t i = 0; i < G_N_ELEMENTS(models); i++) {
        TestHost *th = gr_new(models[i]);
        ThRng g = { 597 + i };

        bind_3d(th, 0x0597);
        for (unsigned n = 0; n < 5000; n++) {
            uint32_t r = th_rnd(&g), d = th_rnd(&g);
            uint32_t m = 0x180 + 4 * (r % ((0x2000 - 0x180) / 4));

            if (m == 0x17fc) {
                d %= 12;
            } else if (r & 0x80000000) {
                d &= 0xffff;
            }
            nv20_pgraph_method(&th->card, 7, m, d);
            th_rd(th, 0x400700);
            th_wr(th, 0x400720, 1);
        }
        th_free(th);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/objects-nv20/bind/kelvin", test_bind_kelvin);
    g_test_add_func("/objects-nv20/bind/curie", test_bind_curie);
    g_test_add_func("/objects-nv20/notify", test_notify);
    g_test_add_func("/objects-nv20/dma-notify", test_dma_notify);
    g_test_add_func("/objects-nv20/error/illegal-method",
                    test_illegal_method);
    g_test_add_func("/objects-nv20/error/unknown-class", test_unknown_class);
    g_test_add_func("/objects-nv20/ctx/two-channels/nv25",
                    test_two_channels_nv25);
    g_test_add_func("/objects-nv20/ctx/two-channels/nv43",
                    test_two_channels_nv43);
    g_test_add_func("/objects-nv20/ctx/xfer/kelvin", test_xfer_kelvin);
    g_test_add_func("/objects-nv20/ctx/xfer/curie", test_xfer_curie);
    g_test_add_func("/objects-nv20/ctx/no-context", test_no_context);
    g_test_add_func("/objects-nv20/3d/fence/nv30", test_fence_nv30);
    g_test_add_func("/objects-nv20/3d/fence/nv44", test_fence_nv44);
    g_test_add_func("/objects-nv20/flip-wait", test_flip_wait);
    g_test_add_func("/objects-nv20/3d/tables", test_3d_tables);
    g_test_add_func("/objects-nv20/3d/rop/kelvin", test_3d_rop_kelvin);
    g_test_add_func("/objects-nv20/3d/rop/rankine", test_3d_rop_rankine);
    g_test_add_func("/objects-nv20/3d/curie", test_3d_curie);
    g_test_add_func("/objects-nv20/3d/idx/nv25", test_3d_idx_nv25);
    g_test_add_func("/objects-nv20/3d/idx/nv34", test_3d_idx_nv34);
    g_test_add_func("/objects-nv20/3d/xf/rankine", test_3d_xf_rankine);
    g_test_add_func("/objects-nv20/3d/xf/kelvin-curie",
                    test_3d_xf_kelvin_curie);
    g_test_add_func("/objects-nv20/3d/ctx", test_3d_ctx);
    g_test_add_func("/objects-nv20/3d/ctx-image-reuse",
                    test_3d_ctx_image_reuse);
    g_test_add_func("/objects-nv20/3d/fd/imm/kelvin", test_fd_imm_kelvin);
    g_test_add_func("/objects-nv20/3d/draw/slices", test_draw_slices);
    g_test_add_func("/objects-nv20/3d/draw/pixels/curie",
                    test_draw_pixels_curie);
    g_test_add_func("/objects-nv20/3d/draw/texture/curie",
                    test_draw_texture_curie);
    g_test_add_func("/objects-nv20/3d/draw/pixels/kelvin",
                    test_draw_pixels_kelvin);
    g_test_add_func("/objects-nv20/3d/fd/imm/nv30", test_fd_imm_nv30);
    g_test_add_func("/objects-nv20/3d/fd/imm/nv40", test_fd_imm_nv40);
    g_test_add_func("/objects-nv20/3d/fd/begin-end", test_fd_begin_end);
    g_test_add_func("/objects-nv20/3d/fd/vtxbuf/types",
                    test_fd_vtxbuf_types);
    g_test_add_func("/objects-nv20/3d/fd/vtxbuf/kelvin",
                    test_fd_vtxbuf_kelvin);
    g_test_add_func("/objects-nv20/3d/fd/elements", test_fd_elements);
    g_test_add_func("/objects-nv20/3d/fd/vertex-data", test_fd_vertex_data);
    g_test_add_func("/objects-nv20/3d/fd/dma-fault", test_fd_dma_fault);
    g_test_add_func("/objects-nv20/3d/fd/vtx/kelvin", test_fd_vtx_kelvin);
    g_test_add_func("/objects-nv20/3d/fd/vtx/rankine", test_fd_vtx_rankine);
    g_test_add_func("/objects-nv20/3d/fd/vtx/curie", test_fd_vtx_curie);
    g_test_add_func("/objects-nv20/3d/fd/vtx/rankine-clip",
                    test_fd_vtx_rankine_clip);
    g_test_add_func("/objects-nv20/3d/fd/post-load", test_fd_post_load);
    g_test_add_func("/objects-nv20/3d/fd/garbage", test_fd_garbage);
    g_test_add_func("/objects-nv20/3d/ff/matrices", test_ff_matrices);
    g_test_add_func("/objects-nv20/3d/ff/lights", test_ff_lights);
    g_test_add_func("/objects-nv20/3d/ff/mode", test_ff_mode);
    g_test_add_func("/objects-nv20/3d/ff/vertex", test_ff_vertex);
    g_test_add_func("/objects-nv20/3d/ff/curie", test_ff_curie);
    g_test_add_func("/objects-nv20/3d/ff/curie-vertex", test_ff_curie_vertex);
    g_test_add_func("/objects-nv20/3d/celsius/bind", test_celsius_bind);
    g_test_add_func("/objects-nv20/3d/celsius/composite",
                    test_draw_celsius_composite);
    g_test_add_func("/objects-nv20/3d/draw/query", test_draw_query);
    g_test_add_func("/objects-nv20/3d/draw/smooth", test_draw_smooth);
    g_test_add_func("/objects-nv20/3d/draw/rankine-composite",
                    test_draw_rankine_composite);
    g_test_add_func("/objects-nv20/3d/celsius/bundles",
                    test_celsius_bundles);
    g_test_add_func("/objects-nv20/3d/celsius/ff", test_celsius_ff);
    g_test_add_func("/objects-nv20/3d/celsius/vertex", test_celsius_vertex);
    g_test_add_func("/objects-nv20/3d/celsius/garbage",
                    test_celsius_garbage);
    g_test_add_func("/objects-nv20/3d/draw/celsius", test_draw_celsius);
    g_test_add_func("/objects-nv20/3d/k597/bind", test_k597_bind);
    g_test_add_func("/objects-nv20/3d/k597/bundles", test_k597_bundles);
    g_test_add_func("/objects-nv20/3d/k597/ff", test_k597_ff);
    g_test_add_func("/objects-nv20/3d/k597/ff-window", test_k597_ff_window);
    g_test_add_func("/objects-nv20/3d/k597/garbage", test_k597_garbage);
    g_test_add_func("/objects-nv20/3d/draw/pixels/k597",
                    test_draw_pixels_k597);
    g_test_add_func("/objects-nv20/3d/draw/texture/k597",
                    test_draw_texture_k597);
    return g_test_run();
}
