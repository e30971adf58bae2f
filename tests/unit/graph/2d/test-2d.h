/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests of the 2D classes: a card with PGRAPH taking methods
 * from channel 0, objects and DMA objects in RAMIN as nouveau makes them
 * (nvkm/engine/gr/nv04.c-style grobjs, nvkm/engine/dma/usernv04.c).
 */
#ifndef TEST_2D_H
#define TEST_2D_H

#include <glib.h>

#include "hw/nv/fifo/pfifo-nv4.h"
#include "hw/nv/graph/nv20/pgraph-nv20.h"
#include "hw/nv/mem/pramin.h"
#include "test-host.h"

/* RAMIN layout of the tests. */
#define CTX_TABLE   0x40000     /* Kelvin/Rankine channel context table */
#define CTX_IMAGE   0x41000     /* channel 0's context image */
#define OBJ(n)      (0x42000 + (n) * 0x20)
#define DMA_VRAM    0x43000     /* all of VRAM */
#define DMA_NOTIFY  0x43100     /* VRAM NOTIFY_VRAM, 4 KiB */
#define DMA_SMALL   0x43200     /* VRAM SMALL_VRAM, 256 bytes */
#define NOTIFY_VRAM 0x200000
#define SMALL_VRAM  0x300000

/*
 * Subchannels as nouveau's fbcon uses them (include/nvif/push006c.h):
 * the context objects all on 0, one after the other.
 */
enum { SC_CTX = 0, SC_BLIT = 2, SC_GDI = 3, SC_M2MF = 4, SC_X = 5 };
/* Objects (OBJ(n)) */
enum { O_SURF, O_ROP, O_PATT, O_CLIP, O_BLIT, O_GDI, O_M2MF, O_NULL, O_X };

static inline void ramin_wr(TestHost *th, uint32_t addr, uint32_t val)
{
    nv_ramin_write(&th->card, addr, val, 4);
}

/* A graphics object of class @cls at RAMIN @inst (word A: the class). */
static inline void grobj(TestHost *th, uint32_t inst, unsigned cls)
{
    for (unsigned i = 0; i < 0x20; i += 4) {
        ramin_wr(th, inst + i, 0);
    }
    ramin_wr(th, inst, cls);
}

/* A linear VRAM DMA object (class 0x3d, PT_PRESENT | PT_LINEAR). */
static inline void dma_vram(TestHost *th, uint32_t inst, uint32_t base,
                            uint32_t limit)
{
    ramin_wr(th, inst, 0x3d | 0x3000 | (base & 0xfff) << 20);
    ramin_wr(th, inst + 4, limit);
    ramin_wr(th, inst + 8, base & ~0xfffu);
}

/*
 * PGRAPH taking channel 0's methods: FIFO_ENABLE, and the context found
 * the generation's way (Kelvin/Rankine: DEBUG_D auto switch and the
 * channel table, one context for all channels; Curie: PFIFO's GRCTX_INST).
 */
static inline TestHost *g2d_new(const char *model)
{
    TestHost *th = th_new(model, 0);

    th_wr(th, 0x400720, 1);
    /* DEBUG_B: the bound object's words become the current ones */
    th_wr(th, 0x400084, NV20_DEBUG_B_CACHE_TO_SWITCH);
    if (th->card.model->pgraph == NV_PGRAPH_CURIE) {
        th_wr(th, 0x0032e0, CTX_IMAGE >> 4);
    } else {
        th_wr(th, 0x40008c, 1u << 2);
        th_wr(th, 0x400780, CTX_TABLE >> 4);
        for (unsigned chid = 0; chid < 32; chid++) {
            ramin_wr(th, CTX_TABLE + 4 * chid, CTX_IMAGE >> 4);
        }
    }
    dma_vram(th, DMA_VRAM, 0, th->card.vram_size - 1);
    dma_vram(th, DMA_NOTIFY, NOTIFY_VRAM, 0xfff);
    dma_vram(th, DMA_SMALL, SMALL_VRAM, 0xff);
    return th;
}

static inline void mthd(TestHost *th, unsigned subc, uint32_t m, uint32_t d)
{
    if (!nv20_pgraph_method(&th->card, subc, m, d)) {
        g_error("subchannel %u method 0x%04x data 0x%08x: stalled",
                subc, m, d);
    }
}

/* Bind a new object of class @cls at OBJ(@n) to @subc. */
static inline void bind(TestHost *th, unsigned subc, unsigned n,
                        unsigned cls)
{
    grobj(th, OBJ(n), cls);
    mthd(th, subc, 0, OBJ(n) >> 4);
}

/* Finish the running job through nv20_pgraph_run(); the units it took. */
static inline unsigned drain(TestHost *th)
{
    unsigned units = 0;

    while (nv20_pgraph_busy(&th->card)) {
        unsigned n = nv20_pgraph_run(&th->card, 64);

        g_assert_cmpuint(n, >, 0);
        units += n;
    }
    return units;
}

static inline uint32_t vram32(TestHost *th, uint32_t addr)
{
    return nv_ld_le(th->vram + addr, 4);
}

static inline uint32_t vram16(TestHost *th, uint32_t addr)
{
    return nv_ld_le(th->vram + addr, 2);
}

/* NSOURCE, and whether PGRAPH stopped with INTR.ERROR. */
static inline uint32_t nsource(TestHost *th)
{
    g_assert_cmphex(th_rd(th, 0x400100) & NV20_INTR_ERROR, ==,
                    NV20_INTR_ERROR);
    g_assert_cmphex(th_rd(th, 0x400720) & 1, ==, 0);
    return th_rd(th, 0x400108);
}

#endif
