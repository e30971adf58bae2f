/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV1 PDAC (docs/hw/display/nv1/pdac.rst) and scanout.
 *
 * The DAC sits on an 8-bit bus: every register is a byte, the high 24
 * bits read 0.  The palette ports behave like VGA's.  Scanout reads VRAM
 * from PFB.START in the PFB.CONFIG pixel size; a 16 or 32 bpp pixel with
 * its CLUT bypass bit set is direct colour, otherwise its low byte goes
 * through the palette (docs/hw/graph/nv1/rop.rst "The framebuffer(s)").
 */
#include <string.h>

#include "hw/nv/card.h"

/* Identification of the modelled DAC: SGS STG1764 (pdac.rst). */
#define DAC_VENDOR_SGS      0x44
#define DAC_DEVICE_STG1764  0x64
#define DAC_REVISION        0xb2

static void pdac_reset(NVCard *card)
{
    NV1Pdac *d = &card->pdac1;

    memset(d, 0, sizeof(*d));
    d->pal_mask = 0xff;             /* pdac.rst: 0xff on DAC reset */
    d->regs[NV1_DAC_VENDOR_ID] = DAC_VENDOR_SGS;
    d->regs[NV1_DAC_DEVICE_ID] = DAC_DEVICE_STG1764;
    d->regs[NV1_DAC_REVISION_ID] = DAC_REVISION;
}

static unsigned access_palette(NV1Pdac *d)
{
    return !!(d->regs[NV1_DAC_PAL_STATE] & NV1_DAC_PAL_STATE_SELECT);
}

static bool vga_width(NV1Pdac *d)
{
    return d->regs[NV1_DAC_PAL_STATE] & NV1_DAC_PAL_STATE_WIDTH_VGA;
}

/* After each data access: red -> green -> blue -> red and next index. */
static void pal_advance(NV1Pdac *d)
{
    if (++d->pal_color == 3) {
        d->pal_color = 0;
        d->pal_index++;
    }
}

static uint8_t pal_data_read(NV1Pdac *d)
{
    uint8_t v = d->palette[access_palette(d)]
                          [(uint8_t)(d->pal_index - 1) * 3 + d->pal_color];

    pal_advance(d);
    return vga_width(d) ? v >> 2 : v;
}

static void pal_data_write(NV1Pdac *d, uint8_t v)
{
    if (vga_width(d)) {
        v <<= 2;
    }
    if (d->pal_color < 2) {
        d->pal_rg[d->pal_color] = v;
    } else {
        uint8_t *e = &d->palette[access_palette(d)][d->pal_index * 3];

        e[0] = d->pal_rg[0];
        e[1] = d->pal_rg[1];
        e[2] = v;
    }
    pal_advance(d);
}

/* PAL_STATE as read: CURRENT_COLOR 1/2/4, CURRENT_MODE 0 or 3. */
static uint8_t pal_state(NV1Pdac *d)
{
    return (d->regs[NV1_DAC_PAL_STATE] & 0xc8) | (1u << d->pal_color) |
           (d->pal_read ? 0x30 : 0);
}

static uint8_t inner_read(NVCard *card, uint16_t idx)
{
    NV1Pdac *d = &card->pdac1;

    switch (idx) {
    case NV1_DAC_DDCIN:
        return 0;           /* no DDC1 monitor on the line */
    case NV1_DAC_PAL_INDEX:
        return d->pal_index;
    case NV1_DAC_PAL_STATE:
        return pal_state(d);
    case NV1_DAC_PAL_RED:
    case NV1_DAC_PAL_GREEN:
        return d->pal_rg[idx - NV1_DAC_PAL_RED];
    }
    if (idx < NV1_DAC_REGS) {
        return d->regs[idx];
    }
    nv_log(card, NV_LOG_UNIMP, "nv: pdac: inner register 0x%04x read", idx);
    return 0;
}

static void inner_write(NVCard *card, uint16_t idx, uint8_t val)
{
    NV1Pdac *d = &card->pdac1;

    switch (idx) {
    case NV1_DAC_VENDOR_ID:
    case NV1_DAC_DEVICE_ID:
    case NV1_DAC_REVISION_ID:
    case NV1_DAC_DDCIN:
    case NV1_DAC_PAL_INDEX:
    case NV1_DAC_PAL_RED:
    case NV1_DAC_PAL_GREEN:
        return;             /* read-only */
    case NV1_DAC_PAL_STATE:
        d->regs[idx] = val & 0xc8;
        return;
    case NV1_DAC_CONFIG_1:
        /* pdac.rst: writing bit 5 resets the register to 0. */
        d->regs[idx] = val & 0x20 ? 0 : val & 0x7f;
        return;
    }
    if (idx < NV1_DAC_REGS) {
        d->regs[idx] = val;
        return;
    }
    nv_log(card, NV_LOG_UNIMP, "nv: pdac: inner register 0x%04x written "
           "with 0x%02x", idx, val);
}

static uint32_t pdac_read(NVCard *card, uint32_t addr)
{
    NV1Pdac *d = &card->pdac1;
    uint8_t v;

    switch (addr) {
    case NV1_PDAC_PAL_WRITE:
        return d->pal_index;
    case NV1_PDAC_PAL_DATA:
        return pal_data_read(d);
    case NV1_PDAC_PAL_MASK:
        return d->pal_mask;
    case NV1_PDAC_PAL_READ:
        if (d->regs[NV1_DAC_CONFIG_0] & NV1_DAC_CONFIG_0_PAL_READ_MODE) {
            return d->pal_read ? 3 : 0;
        }
        return d->pal_index;
    case NV1_PDAC_INDEX_LOW:
        return d->index & 0xff;
    case NV1_PDAC_INDEX_HIGH:
        return d->index >> 8;
    case NV1_PDAC_DATA:
        v = inner_read(card, d->index);
        d->index++;
        return v;
    }
    nv_unimp(card, NV1_PDAC_BASE + addr, false, 0);
    return 0;
}

static void pdac_write(NVCard *card, uint32_t addr, uint32_t val)
{
    NV1Pdac *d = &card->pdac1;

    val &= 0xff;
    switch (addr) {
    case NV1_PDAC_PAL_WRITE:
        d->pal_index = val;
        d->pal_color = 0;
        d->pal_read = 0;
        return;
    case NV1_PDAC_PAL_DATA:
        pal_data_write(d, val);
        return;
    case NV1_PDAC_PAL_MASK:
        d->pal_mask = val;
        return;
    case NV1_PDAC_PAL_READ:
        d->pal_index = val + 1;
        d->pal_color = 0;
        d->pal_read = 1;
        return;
    case NV1_PDAC_INDEX_LOW:
        d->index = (d->index & 0xff00) | val;
        return;
    case NV1_PDAC_INDEX_HIGH:
        d->index = (d->index & 0x00ff) | val << 8;
        return;
    case NV1_PDAC_DATA:
        inner_write(card, d->index, val);
        d->index++;
        return;
    }
    nv_unimp(card, NV1_PDAC_BASE + addr, true, val);
}

/*
 * The mode: HOR_DISP_WIDTH pixels by VER_DISP_WIDTH lines from START, the
 * lines packed tightly (pfb.rst: PGRAPH's canvas width must equal the
 * screen width for drawing to make sense).  Zero sizes: no picture.
 */
void nv1_scanout_mode(NVCard *card, NV1Scanout *m)
{
    static const unsigned bpp[4] = { 4, 8, 16, 32 };
    NVPfb *f = &card->pfb;

    memset(m, 0, sizeof(*m));
    m->width = f->timing[NV1_PFB_HOR_DISP_WIDTH] & 0xfff;
    m->height = f->timing[NV1_PFB_VER_DISP_WIDTH] & 0xfff;
    m->bpp = bpp[(f->config0 >> 8) & 3];
    m->start = f->start % card->vram_size;
    m->stride = (uint64_t)m->width * m->bpp / 8;
    m->enabled = m->width && m->height;
}

static uint32_t pal_rgb(NV1Pdac *d, unsigned display, uint8_t idx)
{
    const uint8_t *e = &d->palette[display][(idx & d->pal_mask) * 3];

    return e[0] << 16 | e[1] << 8 | e[2];
}

void nv1_scanout_line(NVCard *card, const NV1Scanout *m, unsigned y,
                      uint32_t *out)
{
    NV1Pdac *d = &card->pdac1;
    unsigned display = !!(d->regs[NV1_DAC_PAL_STATE] &
                          NV1_DAC_PAL_STATE_DISPLAY_SELECT);
    uint64_t base = m->start + y * m->stride;
    uint64_t size = card->vram_size;

    for (unsigned x = 0; x < m->width; x++) {
        uint64_t a = (base + (uint64_t)x * m->bpp / 8) % size;
        uint32_t v;

        switch (m->bpp) {
        case 4:     /* two pixels a byte, the left one in the low nibble */
            out[x] = pal_rgb(d, display, (card->vram[a] >> (4 * (x & 1))) & 0xf);
            break;
        case 8:
            out[x] = pal_rgb(d, display, card->vram[a]);
            break;
        case 16:
            v = nv_ld_le(card->vram + (a & ~1ull), 2);
            out[x] = v & 0x8000 ?
                     nv_widen((v >> 10) & 0x1f, 5) << 16 |
                     nv_widen((v >> 5) & 0x1f, 5) << 8 | nv_widen(v & 0x1f, 5) :
                     pal_rgb(d, display, v);
            break;
        default:
            v = nv_ld_le(card->vram + (a & ~3ull), 4);
            out[x] = v & 0x80000000u ?
                     ((v >> 22) & 0xff) << 16 | ((v >> 12) & 0xff) << 8 |
                     ((v >> 2) & 0xff) :
                     pal_rgb(d, display, v);
            break;
        }
    }
}

static const NVBlock pdac_blocks[] = {
    { "pdac", NV_ARCHS_NV1, NV1_PDAC_BASE, NV1_PDAC_SIZE, -1,
      .read32 = pdac_read, .write32 = pdac_write },
};

const NVEngine nv1_pdac_engine = {
    .name = "pdac",
    .present = nv_model_is_nv1,
    .blocks = pdac_blocks, .nr_blocks = G_N_ELEMENTS(pdac_blocks),
    .reset = pdac_reset,
};
