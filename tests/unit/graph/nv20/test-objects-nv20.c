/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: the NV20+ PGRAPH front end — object binding, the
 * common methods (NOTIFY and its notifier), errors as nouveau's gr
 * interrupt handlers read them, and context switching (docs/pgraph.rst
 * "Objects and methods", "Context switching").  PGRAPH is set up with
 * the values nouveau's nv20_gr_init/nv40_gr_init write.
 */
#include <glib.h>

#include "hw/nv/core/ptimer.h"
#include "hw/nv/graph/nv20/pgraph-nv20.h"
#include "hw/nv/mem/pramin.h"
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
    return g_test_run();
}
