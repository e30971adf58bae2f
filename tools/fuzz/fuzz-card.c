/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: libFuzzer harness for the card library.
 *
 * The input picks a model and then drives the card with a stream of
 * operations: MMIO reads and writes on BAR0 and the RAMIN aperture (any
 * size, any address, with a bias towards the blocks the card models) and
 * virtual time passing, which expires the card's timers.  Bus-master DMA
 * reads (PFIFO's PCI DMA objects) see the input itself as guest memory.
 * Built with
 * AddressSanitizer and UndefinedBehaviorSanitizer by tools/fuzz/build.sh;
 * any report, crash or timeout is a bug.
 */
#include <glib.h>
#include <string.h>

#include "hw/nv/card.h"

#define MAX_OPS     2048

typedef struct FuzzHost {
    int64_t now;
    int64_t deadline[NV_TIMER_COUNT];
    unsigned ddc_clocks;
    const uint8_t *mem;         /* guest memory as DMA sees it */
    size_t mem_size;
} FuzzHost;

static int64_t f_clock(void *opaque)
{
    return ((FuzzHost *)opaque)->now;
}

static void f_timer_mod(void *opaque, NVTimerId id, int64_t deadline)
{
    ((FuzzHost *)opaque)->deadline[id] = deadline;
}

static void f_timer_del(void *opaque, NVTimerId id)
{
    ((FuzzHost *)opaque)->deadline[id] = -1;
}

/* Guest memory repeats the input; nothing answers above 4 GiB. */
static bool f_dma_read(void *opaque, uint64_t addr, void *buf, uint32_t len)
{
    FuzzHost *h = opaque;

    if (addr >> 32 || !h->mem_size) {
        return false;
    }
    for (uint32_t i = 0; i < len; i++) {
        ((uint8_t *)buf)[i] = h->mem[(addr + i) % h->mem_size];
    }
    return true;
}

static bool f_dma_write(void *opaque, uint64_t addr, const void *buf,
                        uint32_t len)
{
    return !(addr >> 32);
}

static uint32_t f_pci_config_read(void *opaque, uint32_t addr)
{
    return addr < 256 ? 0x10de + addr : 0;
}

static void f_pci_config_write(void *opaque, uint32_t addr, uint32_t val)
{
}

/* A device on the DDC bus that answers every other clock with a 0. */
static bool f_ddc(void *opaque, bool scl, bool sda)
{
    FuzzHost *h = opaque;

    h->ddc_clocks += scl;
    return sda && (h->ddc_clocks & 1);
}

typedef struct Input {
    const uint8_t *p;
    size_t left;
} Input;

static uint64_t take(Input *in, unsigned bytes)
{
    uint64_t v = 0;

    for (unsigned i = 0; i < bytes && in->left; i++, in->left--) {
        v |= (uint64_t)*in->p++ << (8 * i);
    }
    return v;
}

/* Bases of what the card models, so random offsets land somewhere real. */
static const uint32_t bases[] = {
    0x000000, 0x001000, 0x002000, 0x003000, 0x009000, 0x00f000, 0x00f400,
    0x00fc00, 0x088000, 0x100000, 0x400700, 0x400f00,
    0x101000, 0x300000, 0x400000, 0x400600, 0x410000, 0x4c0000, 0x500000,
    0x510000, 0x520000, 0x600000, 0x602000, 0x609000, 0x610000, 0x640000,
    0x648000, 0x650000, 0x700000, 0x800000, 0x1000000,
    /* NV2x+ display: the VGA ports of each window sit at +0x3b0..0x3df. */
    0x008000, 0x008800, 0x0c0300, 0x0c2300, 0x601300, 0x603300, 0x680000, 0x681300, 0x682000,
    0x683300, 0x100800,
    /* NV4 PFIFO: CACHE1, NV40's CACHE1 entries and channel areas. */
    0x003200, 0x090000, 0xc00000,
};

/*
 * What the console would show now: a few lines of each NV2x+ head in a
 * native mode, the cursor's and the overlay's first among them.
 */
static void scanout(NVCard *card)
{
    if (nv_is_nv1(card)) {
        return;
    }
    for (unsigned head = 0; head < card->model->heads; head++) {
        NVScanout m;
        int64_t lines[4];
        uint32_t *out;

        nv_pcrtc_scanout(card, head, &m);
        if (!m.native) {
            continue;
        }
        lines[0] = 0;
        lines[1] = m.height - 1;
        lines[2] = m.cursor_y;
        lines[3] = m.video.out_y;
        out = g_new(uint32_t, m.width);
        for (int i = 0; i < 4; i++) {
            if (lines[i] >= 0 && lines[i] < m.height) {
                nv_pcrtc_scanout_line(card, head, &m, lines[i], out);
            }
        }
        g_free(out);
    }
}

static void advance(NVCard *card, FuzzHost *h, int64_t ns)
{
    int64_t end = h->now + ns;

    /* A bounded number of expiries: a timer could be re-armed at "now". */
    for (unsigned n = 0; n < 64; n++) {
        int next = -1;

        for (int i = 0; i < NV_TIMER_COUNT; i++) {
            if (h->deadline[i] >= 0 && h->deadline[i] <= end &&
                (next < 0 || h->deadline[i] < h->deadline[next])) {
                next = i;
            }
        }
        if (next < 0) {
            break;
        }
        if (h->deadline[next] > h->now) {
            h->now = h->deadline[next];
        }
        h->deadline[next] = -1;
        nv_card_timer_expired(card, next);
    }
    h->now = end;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t *vram[16];
    static const uint8_t rom[] = { 0x55, 0xaa, 0x01 };
    Input in = { data, size };
    const NVModel *m = &nv_models[take(&in, 1) % nv_model_count];
    unsigned mi = m - nv_models;
    FuzzHost h = { .now = 1000, .mem = data, .mem_size = size };
    NVHost host = {
        .opaque = &h,
        .clock_ns = f_clock,
        .timer_mod = f_timer_mod,
        .timer_del = f_timer_del,
        .dma_read = f_dma_read,
        .dma_write = f_dma_write,
        .pci_config_read = f_pci_config_read,
        .pci_config_write = f_pci_config_write,
        .ddc = f_ddc,
    };
    NVCard card;

    for (int i = 0; i < NV_TIMER_COUNT; i++) {
        h.deadline[i] = -1;
    }
    /* The smallest VRAM each model can have keeps runs fast. */
    if (!vram[mi]) {
        vram[mi] = g_malloc0(m->vram_min);
    }
    nv_card_init(&card, m, &host, vram[mi], m->vram_min, rom, sizeof(rom));
    nv_card_reset(&card);

    for (unsigned op = 0; op < MAX_OPS && in.left; op++) {
        uint8_t kind = take(&in, 1);
        unsigned sz = 1u << (kind >> 6);        /* 1, 2, 4 or 8 */
        NVBar bar = kind & 0x20 ? NV_BAR_RAMIN : NV_BAR_MMIO;
        uint64_t addr, val;

        if (sz == 8) {
            sz = 4;
        }
        switch (kind & 7) {
        case 0:     /* write anywhere */
        case 1:     /* read anywhere */
            addr = take(&in, 4) & (bar == NV_BAR_MMIO ? 0x1ffffff : 0xffffff);
            break;
        case 2:     /* advance virtual time */
            advance(&card, &h, take(&in, 3) * 64);
            continue;
        default:    /* near a modelled block */
            addr = bases[take(&in, 1) % G_N_ELEMENTS(bases)] + (take(&in, 2) & 0xfffc);
            bar = NV_BAR_MMIO;
            break;
        }
        addr &= ~(uint64_t)(sz - 1);
        if ((kind & 7) == 1) {
            nv_mmio_read(&card, bar, addr, sz);
        } else {
            val = take(&in, 4);
            nv_mmio_write(&card, bar, addr, val, sz);
        }
    }
    scanout(&card);
    nv_card_finalize(&card);
    return 0;
}
