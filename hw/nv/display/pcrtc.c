/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PCRTC and PRMCIO of the NV2x-NV4x display heads.
 *
 * docs/hw/display/nv3/pcrtc.rst leaves PCRTC as "todo"; the registers here
 * are the ones nouveau's dispnv04 programs (nvreg.h NV_PCRTC_*), with
 * INTR/INTR_EN from rnndb nv3_pcrtc.xml.  Each head runs its mode's frame in
 * virtual time: the raster position, the input-status bits of 0x3da and the
 * VBLANK interrupt (PMC line 24 for head A, 25 for head B,
 * docs/hw/bus/pmc.rst) all follow it.  The frame's lines come from the CRTC
 * timings and its length from them and the pixel PLL when they make sense;
 * else it is 60 Hz with 640x480's 525 lines.
 */
#include "hw/nv/card.h"

#define FRAME_NS            16666667    /* 60 Hz */
/* A refresh from 1 Hz to 1 kHz: nothing a guest sets runs the timer faster. */
#define MIN_FRAME_NS        1000000
#define MAX_FRAME_NS        1000000000
#define DEFAULT_TOTAL       525
#define DEFAULT_VISIBLE     480
#define DEFAULT_VRS         490
/* Inferred: the last fifth of every line is horizontal blanking. */
#define HBLANK_NUM          4
#define HBLANK_DEN          5

typedef struct Frame {
    uint32_t total, visible, vrs, vre;
    int64_t ns;
} Frame;

/* Vertical CRTC fields: VGA's 8 bits, CR07's bits 8-9, CR25 and CR41. */
static uint32_t vfield(const uint8_t *cr, uint8_t reg, unsigned b8,
                       unsigned b9, unsigned b10, unsigned b11)
{
    return cr[reg] |
           ((cr[NV_CR_OVERFLOW] >> b8) & 1) << 8 |
           ((cr[NV_CR_OVERFLOW] >> b9) & 1) << 9 |
           ((cr[NV_CRE_LSR] >> b10) & 1) << 10 |
           ((cr[NV_CRE_EBR] >> b11) & 1) << 11;
}

static Frame frame_of(const NVCard *card, unsigned head)
{
    const uint8_t *cr = card->vga.head[head].cr;
    Frame f;

    /*
     * nvreg.h OVL/LSR/EBR: VDT bits 0,5,0,0; VDE 1,6,1,2; VRS 2,7,2,4.
     * (envytools pcrtc.rst swaps CR25 bits 2 and 3; nouveau, which
     * programs real cards with them, is followed here.)
     */
    f.total = vfield(cr, NV_CR_VDT, 0, 5, 0, 0) + 2;
    f.visible = vfield(cr, NV_CR_VDE, 1, 6, 1, 2) + 1;
    f.vrs = vfield(cr, NV_CR_VRS, 2, 7, 2, 4);
    f.ns = FRAME_NS;
    if (f.visible >= f.total || f.vrs >= f.total || f.vrs < f.visible) {
        f.total = DEFAULT_TOTAL;
        f.visible = DEFAULT_VISIBLE;
        f.vrs = DEFAULT_VRS;
    } else {
        /* VGA CR00 (+ CR2D bit 0, nvreg.h HEB_HDT_8): character clocks - 5. */
        uint64_t htotal = ((cr[0] | (cr[NV_CRE_HEB] & 1) << 8) + 5) * 8;
        uint64_t khz = nv_pramdac_pixel_khz(card, head);

        if (khz) {
            f.ns = MIN(MAX(htotal * f.total * 1000000 / khz, MIN_FRAME_NS),
                       MAX_FRAME_NS);
        }
    }
    /* CR11 holds the low four bits of the retrace end line. */
    f.vre = (f.vrs & ~0xfu) | (cr[NV_CR_VRE] & 0xf);
    if (f.vre <= f.vrs) {
        f.vre += 16;
    }
    return f;
}

/* The frame does not divide into whole nanoseconds: the last line is longer. */
static uint32_t line_now(NVCard *card, const Frame *f, int64_t *in_line)
{
    int64_t t = nv_now_ns(card) % f->ns;
    int64_t line_ns = f->ns / f->total;
    uint32_t line = MIN(t / line_ns, (int64_t)f->total - 1);

    *in_line = t - line * line_ns;
    return line;
}

void nv_pcrtc_beam(NVCard *card, unsigned head, bool *vretrace, bool *blank)
{
    Frame f = frame_of(card, head);
    int64_t in_line;
    uint32_t line = line_now(card, &f, &in_line);

    *vretrace = line >= f.vrs && line < f.vre;
    *blank = line >= f.visible ||
             in_line * HBLANK_DEN >= (f.ns / f.total) * HBLANK_NUM;
}

static uint32_t raster(NVCard *card, unsigned head)
{
    Frame f = frame_of(card, head);
    int64_t in_line;

    return line_now(card, &f, &in_line);
}

/* ---- VBLANK ---------------------------------------------------------- */

static int64_t next_vblank(NVCard *card, unsigned head, int64_t now)
{
    Frame f = frame_of(card, head);
    int64_t at = now - now % f.ns + f.ns * f.visible / f.total;

    return at <= now ? at + f.ns : at;
}

void nv_pcrtc_vblank_rearm(NVCard *card)
{
    int64_t now = nv_now_ns(card), first = 0;

    if (!card->host.timer_mod) {
        return;
    }
    for (unsigned h = 0; h < card->model->heads; h++) {
        card->pcrtc.next_vblank[h] = next_vblank(card, h, now);
        if (!first || card->pcrtc.next_vblank[h] < first) {
            first = card->pcrtc.next_vblank[h];
        }
    }
    card->host.timer_mod(card->host.opaque, NV_TIMER_VBLANK, first);
}

static void vblank_expired(NVCard *card)
{
    int64_t now = nv_now_ns(card);

    for (unsigned h = 0; h < card->model->heads; h++) {
        if (card->pcrtc.next_vblank[h] <= now) {
            card->pcrtc.head[h].intr |= NV_PCRTC_INTR_VBLANK;
            nv_pvideo_vblank(card, h);
            nv20_flip_vblank(card, h);
        }
    }
    nv_card_update_irq(card);
    nv_pcrtc_vblank_rearm(card);
}

void nv_pcrtc_timing_changed(NVCard *card)
{
    if (!nv_is_nv1(card)) {
        nv_pcrtc_vblank_rearm(card);
    }
}

/* ---- registers ------------------------------------------------------- */

static uint32_t *pcrtc_reg(NVPcrtcHead *h, uint32_t addr)
{
    switch (addr) {
    case NV_PCRTC_INTR_EN:
        return &h->intr_en;
    case NV_PCRTC_START:
        return &h->start;
    case NV_PCRTC_CONFIG:
        return &h->config;
    case NV_PCRTC_CURSOR_CONFIG:
        return &h->cursor_config;
    case NV_PCRTC_GPIO:
        return &h->gpio;
    case NV_PCRTC_GPIO_EXT:
        return &h->gpio_ext;
    case NV_PCRTC_830:
        return &h->r830;
    case NV_PCRTC_834:
        return &h->r834;
    case NV_PCRTC_850:
        return &h->r850;
    case NV_PCRTC_ENGINE_CTRL:
        return &h->engine_ctrl;
    }
    return NULL;
}

static bool pcrtc_read(NVCard *card, unsigned head, uint32_t off,
                       uint32_t *val)
{
    NVPcrtcHead *h = &card->pcrtc.head[head];
    uint32_t *reg = pcrtc_reg(h, off);

    if (off == NV_PCRTC_INTR) {
        *val = h->intr;
    } else if (off == NV_PCRTC_RASTER) {
        *val = raster(card, head);
    } else if (reg) {
        *val = *reg;
    } else {
        return false;
    }
    return true;
}

static bool pcrtc_write(NVCard *card, unsigned head, uint32_t off,
                        uint32_t val)
{
    NVPcrtcHead *h = &card->pcrtc.head[head];
    uint32_t *reg = pcrtc_reg(h, off);

    if (off == NV_PCRTC_INTR) {
        h->intr &= ~val;
        nv_card_update_irq(card);
        return true;
    }
    if (!reg) {
        return false;
    }
    *reg = val;
    if (off == NV_PCRTC_INTR_EN) {
        h->intr_en &= NV_PCRTC_INTR_VBLANK;
        nv_card_update_irq(card);
    }
    return true;
}

static uint64_t pcrtc_block_read(NVCard *card, uint32_t addr, unsigned size)
{
    return nv_head_block_read(card, NV_PCRTC_BASE, NV_PRMCIO_OFFSET, addr,
                              size, pcrtc_read);
}

static void pcrtc_block_write(NVCard *card, uint32_t addr, uint64_t val,
                              unsigned size)
{
    nv_head_block_write(card, NV_PCRTC_BASE, NV_PRMCIO_OFFSET, addr, val,
                        size, pcrtc_write);
}

static void pcrtc_reset(NVCard *card)
{
    memset(&card->pcrtc, 0, sizeof(card->pcrtc));
    nv_pcrtc_vblank_rearm(card);
}

/* ---- scanout --------------------------------------------------------- */

/*
 * The cursor as nouveau programs it (dispnv04/cursor.c, crtc.c): shown
 * while CR31 bit 0 is set; its image at CR2F:CR30:CR31 (address bits
 * 31-24, 23-17, 16-11) in VRAM (CR30 bit 7, which nouveau always sets,
 * is taken to say so); its size and format from PCRTC CURSOR_CONFIG, its
 * top left corner at PRAMDAC CU_START_POS, two signed 16-bit halves.
 * CURSOR_CONFIG's line count field is taken as sixteens of lines (nouveau
 * uses 2 for 32 and 4 for 64); doubled lines (CR31 bit 1, for double-scan
 * modes) are not modelled.
 */
static void scanout_cursor(const NVCard *card, unsigned head, NVScanout *out)
{
    const uint8_t *cr = card->vga.head[head].cr;
    uint32_t cfg = card->pcrtc.head[head].cursor_config;
    uint32_t pos = card->pramdac.head[head].regs[NV_PRAMDAC_CU_START_POS / 4];
    uint64_t bytes;

    out->cursor_argb = cfg & NV_PCRTC_CURSOR_CONFIG_CUR_BPP_32;
    out->cursor_npm = cfg & NV_PCRTC_CURSOR_CONFIG_CUR_BLEND_ALPHA;
    out->cursor_w = cfg & NV_PCRTC_CURSOR_CONFIG_CUR_PIXELS_64 ? 64 : 32;
    out->cursor_h = MIN((cfg >> 24 & 0xf) * 16, 64);
    out->cursor_x = (int16_t)(pos & 0xffff);
    out->cursor_y = (int16_t)(pos >> 16);
    out->cursor_addr = (uint64_t)cr[NV_CRE_HCUR_ADDR2] << 24 |
                       (uint64_t)(cr[NV_CRE_HCUR_ADDR0] & 0x7f) << 17 |
                       (uint64_t)(cr[NV_CRE_HCUR_ADDR1] >> 2) << 11;
    bytes = (uint64_t)out->cursor_w * out->cursor_h *
            (out->cursor_argb ? 4 : 2);
    /* An image reaching past the end of VRAM is not shown. */
    out->cursor = (cr[NV_CRE_HCUR_ADDR1] & NV_CRE_HCUR_ADDR1_ENABLE) &&
                  out->cursor_h && out->cursor_addr + bytes <= card->vram_size;
}

/*
 * One cursor pixel over screen pixel @d (both 0x00RRGGBB).  A8R8G8B8
 * cursors have premultiplied alpha unless CUR_BLEND_ALPHA is set
 * (dispnv04/crtc.c nv11_cursor_upload): d * (255 - a) / 255 is added to
 * the colour, or c * a / 255 + d * (255 - a) / 255 without
 * premultiplication, each product rounded to nearest and the sum capped
 * at 255.  A1R5G5B5 pixels are the colour where bit 15 is set and
 * transparent where it is clear.
 */
static uint32_t cursor_pixel(const NVScanout *m, const uint8_t *p, uint32_t d)
{
    uint32_t v, a, rgb = 0;

    if (!m->cursor_argb) {
        v = nv_ld_le(p, 2);
        if (!(v & 0x8000)) {
            return d;
        }
        return nv_widen((v >> 10) & 0x1f, 5) << 16 |
               nv_widen((v >> 5) & 0x1f, 5) << 8 | nv_widen(v & 0x1f, 5);
    }
    v = nv_ld_le(p, 4);
    a = v >> 24;
    for (int sh = 16; sh >= 0; sh -= 8) {
        uint32_t c = (v >> sh) & 0xff, b = (d >> sh) & 0xff;

        if (m->cursor_npm) {
            c = (c * a + 127) / 255;
        }
        rgb |= MIN(c + (b * (255 - a) + 127) / 255, 255u) << sh;
    }
    return rgb;
}

static void scanout_cursor_line(const NVCard *card, const NVScanout *m,
                                unsigned y, uint32_t *out)
{
    int64_t row = (int64_t)y - m->cursor_y;
    unsigned bytes = m->cursor_argb ? 4 : 2;
    const uint8_t *p;

    if (!m->cursor || row < 0 || row >= m->cursor_h) {
        return;
    }
    p = card->vram + m->cursor_addr + row * m->cursor_w * bytes;
    for (unsigned i = 0; i < m->cursor_w; i++, p += bytes) {
        int64_t x = (int64_t)m->cursor_x + i;

        if (x >= 0 && x < m->width) {
            out[x] = cursor_pixel(m, p, out[x]);
        }
    }
}

void nv_pcrtc_scanout(const NVCard *card, unsigned head, NVScanout *out)
{
    const NVVgaHead *v = &card->vga.head[head];
    const uint8_t *cr = v->cr;
    uint32_t gen = nv_pramdac_general_control(card, head);
    uint32_t hde, vde, offset;

    memset(out, 0, sizeof(*out));
    if (!nv_head_present(card, head)) {
        return;
    }
    /* nvreg.h NV_CIO_CRE_PIXEL_FORMAT: 0 VGA, 1 8 bpp, 2 15/16, 3 32. */
    switch (cr[NV_CRE_PIXEL] & 3) {
    case 0:
        return;
    case 1:
        out->bpp = 8;
        break;
    case 2:
        out->bpp = gen & NV_PRAMDAC_GENERAL_CONTROL_ALT_MODE ? 16 : 15;
        break;
    default:
        out->bpp = 32;
        break;
    }
    out->native = true;
    out->blank = v->sr[1] & 0x20;
    hde = cr[NV_CR_HDE] | ((cr[NV_CRE_HEB] >> 1) & 1) << 8;
    vde = vfield(cr, NV_CR_VDE, 1, 6, 1, 2);
    out->width = (hde + 1) * 8;
    out->height = vde + 1;
    /* dispnv04/crtc.c: the pitch in 8-byte units, CR13 + CR19 + CR42. */
    offset = cr[NV_CR_OFFSET] | (cr[NV_CRE_RPC0] >> 5) << 8 |
             ((cr[NV_CRE_42] >> 6) & 1) << 11;
    out->stride = offset * 8;
    out->line_bytes = out->width * (out->bpp == 15 ? 2 : out->bpp / 8);
    out->base = card->pcrtc.head[head].start % card->vram_size;
    scanout_cursor(card, head, out);
    nv_pvideo_scanout(card, head, &out->video);
}

uint32_t nv_pcrtc_pixel_mask(const NVScanout *m)
{
    return m->bpp == 32 ? 0xffffff : (1u << m->bpp) - 1;
}

uint32_t nv_pcrtc_raw_pixel(const NVCard *card, const NVScanout *m,
                            unsigned y, unsigned x)
{
    unsigned bytes = m->line_bytes / m->width;
    uint64_t a = m->base + (uint64_t)y * m->stride + (uint64_t)x * bytes;

    if (a + bytes > card->vram_size) {
        return UINT32_MAX;
    }
    return nv_ld_le(card->vram + a, bytes) & nv_pcrtc_pixel_mask(m);
}

/* Lines past the end of VRAM show black rather than wrapping. */
void nv_pcrtc_scanout_line(const NVCard *card, unsigned head,
                           const NVScanout *m, unsigned y, uint32_t *out)
{
    uint64_t line = m->base + (uint64_t)y * m->stride;
    uint32_t bytes = m->line_bytes / m->width;
    const uint8_t *p;
    uint32_t v;

    if (m->blank || line + m->line_bytes > card->vram_size) {
        memset(out, 0, m->width * sizeof(*out));
        if (m->blank) {
            return;
        }
    } else {
        p = card->vram + line;
        for (unsigned x = 0; x < m->width; x++, p += bytes) {
            switch (m->bpp) {
            case 8:
                out[x] = nv_pcrtc_palette_rgb(card, head, *p);
                break;
            case 15:
                v = nv_ld_le(p, 2);
                out[x] = nv_widen((v >> 10) & 0x1f, 5) << 16 |
                         nv_widen((v >> 5) & 0x1f, 5) << 8 |
                         nv_widen(v & 0x1f, 5);
                break;
            case 16:
                v = nv_ld_le(p, 2);
                out[x] = nv_widen(v >> 11, 5) << 16 |
                         nv_widen((v >> 5) & 0x3f, 6) << 8 |
                         nv_widen(v & 0x1f, 5);
                break;
            default:
                out[x] = nv_ld_le(p, 4) & 0xffffff;
                break;
            }
        }
    }
    nv_pvideo_line(card, m, y, out);
    scanout_cursor_line(card, m, y, out);
}

uint32_t nv_pcrtc_palette_rgb(const NVCard *card, unsigned head,
                              uint8_t index)
{
    const NVVgaHead *v = &card->vga.head[head];
    const uint8_t *p = &v->palette[(index & v->dac_mask) * 3];
    bool wide = nv_pramdac_general_control(card, head) &
                NV_PRAMDAC_GENERAL_CONTROL_BPC_8BITS;
    uint32_t rgb = 0;

    for (int i = 0; i < 3; i++) {
        uint32_t c = wide ? p[i] : nv_widen(p[i] & 0x3f, 6);

        rgb = rgb << 8 | c;
    }
    return rgb;
}

/* pmc.rst: PCRTC on line 24, PCRTC2 (head B) on 25. */
static uint32_t pcrtc_intr(NVCard *card)
{
    uint32_t lines = 0;

    for (unsigned i = 0; i < NV_HEADS; i++) {
        const NVPcrtcHead *h = &card->pcrtc.head[i];

        if (h->intr & h->intr_en) {
            lines |= 1u << (i ? NV_PMC_LINE_PCRTC2 : NV_PMC_LINE_PCRTC);
        }
    }
    return lines;
}

static const NVBlock pcrtc_blocks[] = {
    { "pcrtc", NV_ARCHS_NV3UP, NV_PCRTC_BASE, NV_PCRTC_SIZE, -1,
      .read = pcrtc_block_read, .write = pcrtc_block_write },
};

const NVEngine nv_pcrtc_engine = {
    .name = "pcrtc",
    .present = nv_model_is_nv3up,
    .blocks = pcrtc_blocks, .nr_blocks = G_N_ELEMENTS(pcrtc_blocks),
    .reset = pcrtc_reset,
    .intr = pcrtc_intr,
    .timer = NV_TIMER_VBLANK, .expired = vblank_expired,
    .post_load = nv_pcrtc_vblank_rearm,
};
