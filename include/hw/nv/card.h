/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the card's insides, for its engines (and for the QEMU glue's
 * VMState, which describes the state fields).  The card is a set of
 * engines, each described by one NVEngine row (core/engines.c): which
 * models have it, its MMIO blocks, reset, the PMC interrupt lines it
 * drives, its host timer, post-load work and, for engines PFIFO feeds,
 * its method sink.  docs/architecture.rst walks through adding one.
 */
#ifndef HW_NV_CARD_H
#define HW_NV_CARD_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "hw/nv/nv.h"
#include "hw/nv/core/pbus.h"
#include "hw/nv/core/pclock.h"
#include "hw/nv/core/pmc.h"
#include "hw/nv/core/pstraps.h"
#include "hw/nv/core/ptimer.h"
#include "hw/nv/display/pcrtc.h"
#include "hw/nv/display/pdac-nv1.h"
#include "hw/nv/display/pramdac.h"
#include "hw/nv/display/pvideo.h"
#include "hw/nv/display/vga.h"
#include "hw/nv/fifo/pfifo-nv1.h"
#include "hw/nv/fifo/pfifo-nv4.h"
#include "hw/nv/graph/nv1/pgraph-nv1.h"
#include "hw/nv/graph/nv20/pgraph-nv20.h"
#include "hw/nv/mem/pdma-nv1.h"
#include "hw/nv/mem/pfb.h"
#include "hw/nv/vp1/pvp1.h"
#include "hw/nv/vp1/vp1.h"
#include "hw/nv/xf/xf.h"

/*
 * Where PFIFO's puller hands an engine's methods (the RAMHT engine number
 * picks the sink).  @method takes one method (0 binds the object at RAMIN
 * address @data << 4); it returns false when the engine cannot take
 * it now, and the puller stalls on it.  @busy, if set, tells the puller to
 * wait before offering anything.  @run, if set, does up to @budget units
 * of work a method left running (a large copy in slices) and returns how
 * many; PFIFO calls it while the engine is busy and reschedules itself
 * until the work is done.
 */
typedef struct NVMethodSink {
    bool (*method)(NVCard *card, unsigned subc, uint32_t mthd, uint32_t data);
    bool (*busy)(NVCard *card);
    unsigned (*run)(NVCard *card, unsigned budget);
} NVMethodSink;

/* The RAMHT engine numbers a sink can have (CACHE1.ENGINE is 4 bits). */
#define NV_FIFO_ENGINES     16

struct NVEngine {
    const char *name;
    /* Does @model have this engine?  NULL: every model does. */
    bool (*present)(const NVModel *model);
    const NVBlock *blocks;      /* its MMIO blocks, in any map */
    unsigned nr_blocks;
    /* Power-on reset, and reset by its PMC.ENABLE bit. */
    void (*reset)(NVCard *card);
    /* The PMC.INTR lines (as bits) its pending, enabled interrupts drive. */
    uint32_t (*intr)(NVCard *card);
    /* Its host timer, if @expired is set. */
    NVTimerId timer;
    void (*expired)(NVCard *card);
    /* Derived state after migration (rearm timers, resume work). */
    void (*post_load)(NVCard *card);
    /* For engines PFIFO feeds: RAMHT engine number (0: none) and sink. */
    unsigned fifo_engine;
    NVMethodSink sink;
};

/* The engine table, in reset and post-load order (core/engines.c). */
extern const NVEngine *const nv_engines[];
extern const unsigned nv_engine_count;

struct NVCard {
    const NVModel *model;
    NVHost host;
    uint8_t *vram;              /* owned by the host */
    uint64_t vram_size;
    const uint8_t *rom;         /* VBIOS image, owned by the host; or NULL */
    uint32_t rom_size;

    /* What this model has, built from nv_engines[] by nv_card_init(). */
    const NVEngine **engines;
    unsigned nr_engines;
    NVBlock *blocks;            /* sorted by base */
    unsigned nr_blocks;
    const NVEngine *timer_owner[NV_TIMER_COUNT];
    const NVEngine *fifo_sink[NV_FIFO_ENGINES];

    /* Guest-visible state; everything below is migrated. */
    bool big_endian;
    NVPmc pmc;
    NVPbus pbus;
    NVPtimer ptimer;
    NVPfb pfb;
    NV1Pgraph pgraph1;          /* NV1 only */
    NV1Pdac pdac1;              /* NV1 only */
    NV1Pfifo pfifo1;            /* NV1 only */
    NV1Pdma pdma1;              /* NV1 only */
    NV4Pfifo pfifo4;            /* NV20+ */
    NV20Pgraph pgraph20;        /* NV20+ */
    NVXf xf;                    /* NV20+ */
    NVPvp1 pvp1;                /* models with a VP1 */
    NVVp1 vp1;                  /* models with a VP1 */
    NVPstraps pstraps;          /* NV20+ */
    NVVga vga;                  /* NV20+ display heads */
    NVPcrtc pcrtc;              /* NV20+; next_vblank is derived */
    NVPramdac pramdac;          /* NV20+ */
    NVPvideo pvideo;            /* NV20+ */
    NVPclock pclock;            /* NV40+ */

    /* Derived state. */
    bool irq_level;
    uint32_t vga_gen;           /* bumped by every VGA register write */
    uint32_t *unimp_seen;       /* one bit per BAR0 dword already logged */
};

/* Engines call this whenever one of their interrupt inputs may change. */
void nv_card_update_irq(NVCard *card);

/* Logging helpers used by every engine. */
void nv_log(NVCard *card, NVLogKind kind, const char *fmt, ...)
    G_GNUC_PRINTF(3, 4);
/* LOG_UNIMP for BAR0 offset @off, once per dword. */
void nv_unimp(NVCard *card, uint32_t off, bool write, uint64_t val);
/* A bus-master read or write of @len bytes at bus address @addr; false
 * when the host has no DMA or the bus refuses it. */
bool nv_host_dma(NVCard *card, uint64_t addr, void *buf, uint32_t len,
                 bool write);

static inline bool nv_is_nv1(const NVCard *card)
{
    return card->model->arch == NV_ARCH_NV1;
}

/* The host's virtual clock in nanoseconds (0 for hosts without one). */
static inline int64_t nv_now_ns(const NVCard *card)
{
    return card->host.clock_ns ? card->host.clock_ns(card->host.opaque) : 0;
}

/* A @bits-wide colour channel (5 or 6) widened to 8 bits, high bits repeated. */
static inline uint32_t nv_widen(uint32_t c, unsigned bits)
{
    return c << (8 - bits) | c >> (2 * bits - 8);
}

/* An IEEE half float as a single, exactly (denormals normalized). */
static inline uint32_t nv_half_to_single(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000) << 16, man = h & 0x3ff;
    int exp = (h >> 10) & 0x1f;

    if (exp == 0x1f) {
        return sign | 0x7f800000 | man << 13;
    }
    if (exp == 0) {
        if (!man) {
            return sign;
        }
        /* 0.man * 2^-14: shift the leading one up into the implicit bit */
        exp = 1;
        while (!(man & 0x400)) {
            man <<= 1;
            exp--;
        }
        man &= 0x3ff;
    }
    return sign | (uint32_t)(exp + 127 - 15) << 23 | man << 13;
}

/* Little-endian access to byte arrays (VRAM, ROM); size 1, 2, 4 or 8. */
static inline uint64_t nv_ld_le(const uint8_t *p, unsigned size)
{
    uint16_t v16;
    uint32_t v32;
    uint64_t v64;

    switch (size) {
    case 1:
        return *p;
    case 2:
        memcpy(&v16, p, 2);
        return GUINT16_FROM_LE(v16);
    case 4:
        memcpy(&v32, p, 4);
        return GUINT32_FROM_LE(v32);
    default:
        memcpy(&v64, p, 8);
        return GUINT64_FROM_LE(v64);
    }
}

static inline void nv_st_le(uint8_t *p, uint64_t val, unsigned size)
{
    uint16_t v16 = GUINT16_TO_LE(val);
    uint32_t v32 = GUINT32_TO_LE(val);
    uint64_t v64 = GUINT64_TO_LE(val);

    switch (size) {
    case 1:
        *p = val;
        break;
    case 2:
        memcpy(p, &v16, 2);
        break;
    case 4:
        memcpy(p, &v32, 4);
        break;
    default:
        memcpy(p, &v64, 8);
        break;
    }
}

#endif
