/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: RAMFC of the NV4-style PFIFO, where a channel's CACHE1 state
 * waits while another channel owns CACHE1.  envytools has no layout
 * (docs/hw/fifo/nv4-pfifo.rst is a "todo"), so the layouts are the ones
 * nouveau uses (nvkm/engine/fifo/nv17.c for NV1A:NV40 with RAMFC.LARGE,
 * nv40.c for NV40:G80; docs/pfifo.rst "Inferred behaviour").
 */
#include "hw/nv/card.h"
#include "hw/nv/fifo/pfifo-nv4.h"
#include "hw/nv/mem/pramin.h"
#include "pfifo-nv4-internal.h"

/* Each row is a field of NV4FifoChan at a RAMFC byte offset. */
typedef struct RamfcField {
    uint8_t off;            /* byte offset in the RAMFC entry */
    uint8_t shift, bits;    /* where in that dword */
    uint16_t field;         /* offsetof(NV4FifoChan, ...) */
} RamfcField;

#define F(o, s, b, f) { o, s, b, offsetof(NV4FifoChan, f) }
static const RamfcField ramfc_nv17[] = {
    F(0x00, 0, 32, dma_put), F(0x04, 0, 32, dma_get), F(0x08, 0, 32, ref),
    F(0x0c, 0, 16, dma_instance), F(0x0c, 16, 16, dma_dcount),
    F(0x10, 0, 32, dma_state), F(0x14, 0, 32, dma_fetch),
    F(0x18, 0, 32, engine), F(0x1c, 0, 32, pull1),
    F(0x20, 0, 32, acquire_value), F(0x24, 0, 32, acquire_timestamp),
    F(0x28, 0, 32, acquire_timeout), F(0x2c, 0, 32, semaphore),
    F(0x30, 0, 32, subroutine),
};
static const RamfcField ramfc_nv40[] = {
    F(0x00, 0, 32, dma_put), F(0x04, 0, 32, dma_get), F(0x08, 0, 32, ref),
    F(0x0c, 0, 32, dma_instance), F(0x10, 0, 32, dma_dcount),
    F(0x14, 0, 32, dma_state), F(0x18, 0, 32, dma_fetch),
    F(0x1c, 0, 32, engine), F(0x20, 0, 32, pull1),
    F(0x24, 0, 32, acquire_value), F(0x28, 0, 32, acquire_timestamp),
    F(0x2c, 0, 32, acquire_timeout), F(0x30, 0, 32, semaphore),
    F(0x34, 0, 32, subroutine), F(0x38, 0, 32, grctx_inst),
    F(0x3c, 0, 17, dma_timeslice), F(0x40, 0, 32, unk0e4),
    F(0x44, 0, 32, unk0e8), F(0x4c, 0, 32, unk88), F(0x50, 0, 32, unk100),
    F(0x54, 0, 32, mpegctx_inst),
};
#undef F

static const RamfcField *ramfc_layout(const NVCard *card, unsigned *n)
{
    if (nv4_pfifo_is_nv40(card)) {
        *n = G_N_ELEMENTS(ramfc_nv40);
        return ramfc_nv40;
    }
    *n = G_N_ELEMENTS(ramfc_nv17);
    return ramfc_nv17;
}

/*
 * Where RAMFC lives.  Before NV40 RAMFC.ADDRESS is a RAMIN address (bits
 * 2-8, shr 10).  On NV40 nouveau programs 0x2220 with RAMFC's RAMIN
 * address >> 16, but on the NV44 family with a VRAM address >> 16
 * (nvkm/engine/fifo/nv40.c); the register is undocumented, we do as the
 * driver expects.
 */
static bool ramfc_in_vram(const NVCard *card)
{
    return nv4_pfifo_is_nv40(card) && card->model->host_mem;
}

/* Channel @chid's RAMFC entry: 64 bytes (nv17 layout), 128 on NV40. */
static uint64_t ramfc_addr(NVCard *card, unsigned chid)
{
    if (nv4_pfifo_is_nv40(card)) {
        return ((uint64_t)(card->pfifo4.ramfc & 0xffff) << 16) + chid * 0x80;
    }
    return ((card->pfifo4.ramfc & 0x1fc) << 8) + chid * 0x40;
}

static uint32_t ramfc_rd(NVCard *card, uint64_t a)
{
    return ramfc_in_vram(card) ? nv_vram_read32(card, a)
                               : nv_ramin_read(card, a, 4);
}

static void ramfc_wr(NVCard *card, uint64_t a, uint32_t val)
{
    if (ramfc_in_vram(card)) {
        nv_vram_write32(card, a, val);
    } else {
        nv_ramin_write(card, a, val, 4);
    }
}

uint32_t nv4_pfifo_ramfc_read(NVCard *card, unsigned chid, unsigned off)
{
    return ramfc_rd(card, ramfc_addr(card, chid) + off);
}

void nv4_pfifo_ramfc_write(NVCard *card, unsigned chid, unsigned off,
                           uint32_t val)
{
    ramfc_wr(card, ramfc_addr(card, chid) + off, val);
}

static uint32_t *chan_field(NV4FifoChan *ch, const RamfcField *f)
{
    return (uint32_t *)((uint8_t *)ch + f->field);
}

static uint32_t field_mask(const RamfcField *f)
{
    return f->bits == 32 ? ~0u : ((1u << f->bits) - 1) << f->shift;
}

void nv4_pfifo_ramfc_load(NVCard *card, unsigned chid, NV4FifoChan *ch)
{
    unsigned n;
    const RamfcField *l = ramfc_layout(card, &n);
    uint64_t base = ramfc_addr(card, chid);

    memset(ch, 0, sizeof(*ch));
    for (unsigned i = 0; i < n; i++) {
        uint32_t w = ramfc_rd(card, base + l[i].off);
        *chan_field(ch, &l[i]) = (w & field_mask(&l[i])) >> l[i].shift;
    }
}

void nv4_pfifo_ramfc_save(NVCard *card, unsigned chid, NV4FifoChan *ch)
{
    unsigned n;
    const RamfcField *l = ramfc_layout(card, &n);
    uint64_t base = ramfc_addr(card, chid);

    for (unsigned i = 0; i < n; i++) {
        uint64_t a = base + l[i].off;
        uint32_t m = field_mask(&l[i]);

        ramfc_wr(card, a, (ramfc_rd(card, a) & ~m) |
                          ((*chan_field(ch, &l[i]) << l[i].shift) & m));
    }
}
