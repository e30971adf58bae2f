/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PVIDEO, the NV10-style video overlay of the NV2x-NV4x cards
 * (docs/display.rst "The video overlay").
 *
 * envytools names the registers (rnndb display/nv10_pvideo.xml) and
 * nothing more (docs/hw/display/nv3/pvideo.rst is a "todo"); what the
 * registers do is what nouveau's plane code (dispnv04/overlay.c
 * nv10_update_plane(), nv10_set_params()) and its interrupt handler
 * (nvkm/engine/disp/nv04.c) expect.  Two register sets, one per buffer;
 * BUFFER starts one, and at the next vblank of the overlay's head it
 * becomes the one shown, its BUFFER bit clears and its INTR bit rises
 * (PMC line 16).  The shown buffer is scaled from SIZE_IN to SIZE_OUT,
 * converted from Y'CbCr and composed into the head's picture.
 */
#include "hw/nv/card.h"
#include "hw/nv/display/pvideo.h"

static uint32_t *reg(NVCard *card, uint32_t off)
{
    return &card->pvideo.regs[off / 4];
}

static uint32_t breg(const NVCard *card, uint32_t off, int buffer)
{
    return card->pvideo.regs[off / 4 + buffer];
}

/* The registers nouveau uses; the rest of the block is not modelled. */
static bool known(uint32_t addr)
{
    static const uint16_t per_buffer[] = {
        NV_PVIDEO_UVPLANE_BASE, NV_PVIDEO_UVPLANE_LIMIT,
        NV_PVIDEO_UVPLANE_OFFSET_BUFF, NV_PVIDEO_BASE_ADDR, NV_PVIDEO_LIMIT,
        NV_PVIDEO_LUMINANCE, NV_PVIDEO_CHROMINANCE, NV_PVIDEO_OFFSET_BUFF,
        NV_PVIDEO_SIZE_IN, NV_PVIDEO_POINT_IN, NV_PVIDEO_DS_DX,
        NV_PVIDEO_DT_DY, NV_PVIDEO_POINT_OUT, NV_PVIDEO_SIZE_OUT,
        NV_PVIDEO_FORMAT,
    };

    if (addr == NV_PVIDEO_INTR || addr == NV_PVIDEO_INTR_EN ||
        addr == NV_PVIDEO_BUFFER || addr == NV_PVIDEO_STOP ||
        addr == NV_PVIDEO_COLOR_KEY) {
        return true;
    }
    for (size_t i = 0; i < G_N_ELEMENTS(per_buffer); i++) {
        if (addr == per_buffer[i] || addr == per_buffer[i] + 4u) {
            return true;
        }
    }
    return false;
}

static uint32_t pvideo_read(NVCard *card, uint32_t addr)
{
    if (!known(addr)) {
        nv_unimp(card, NV_PVIDEO_BASE + addr, false, 0);
        return 0;
    }
    return *reg(card, addr);
}

static void pvideo_write(NVCard *card, uint32_t addr, uint32_t val)
{
    uint32_t *r = reg(card, addr);

    switch (addr) {
    case NV_PVIDEO_INTR:
        *r &= ~val;                     /* write 1 to acknowledge */
        nv_card_update_irq(card);
        return;
    case NV_PVIDEO_INTR_EN:
        *r = val & NV_PVIDEO_BUFFER_MASK;
        nv_card_update_irq(card);
        return;
    case NV_PVIDEO_BUFFER:
        /* A start stays pending until the next vblank takes it. */
        *r |= val & NV_PVIDEO_BUFFER_MASK;
        return;
    case NV_PVIDEO_STOP:
        *r = val & 1;
        return;
    case NV_PVIDEO_FORMAT:
    case NV_PVIDEO_FORMAT + 4:
        /* nv20 has the packed formats only (overlay.c, num_formats). */
        *r = card->model->pvideo_planar ? val : val & ~NV_PVIDEO_FORMAT_PLANAR;
        return;
    }
    if (!known(addr)) {
        nv_unimp(card, NV_PVIDEO_BASE + addr, true, val);
        return;
    }
    *r = val;
}

/*
 * The head the overlay is on: the one whose PCRTC ENGINE_CTRL has
 * FSEL_OVERLAY (bit 12, set there by nv10_update_plane()), head A if none.
 */
static unsigned owner(const NVCard *card)
{
    for (unsigned h = 0; h < card->model->heads; h++) {
        if (card->pcrtc.head[h].engine_ctrl & NV_PCRTC_ENGINE_CTRL_FSEL_OVERLAY) {
            return h;
        }
    }
    return 0;
}

void nv_pvideo_vblank(NVCard *card, unsigned head)
{
    NVPvideo *v = &card->pvideo;
    uint32_t *pending = reg(card, NV_PVIDEO_BUFFER);

    if (nv_is_nv1(card) || head != owner(card)) {
        return;
    }
    if (*reg(card, NV_PVIDEO_STOP) & 1) {
        v->shown = -1;
        return;
    }
    /* Both started in one frame: buffer 1, the later in nouveau's order. */
    for (int b = 0; b < 2; b++) {
        if (*pending & NV_PVIDEO_BUFFER_BIT(b)) {
            *pending &= ~NV_PVIDEO_BUFFER_BIT(b);
            *reg(card, NV_PVIDEO_INTR) |= NV_PVIDEO_BUFFER_BIT(b);
            v->shown = b;
        }
    }
    nv_card_update_irq(card);
}

void nv_pvideo_scanout(const NVCard *card, unsigned head, NVVideoScanout *out)
{
    int b = card->pvideo.shown;
    uint32_t fmt;

    memset(out, 0, sizeof(*out));
    if (nv_is_nv1(card) || b < 0 || head != owner(card)) {
        return;
    }
    fmt = breg(card, NV_PVIDEO_FORMAT, b);
    out->planar = fmt & NV_PVIDEO_FORMAT_PLANAR;
    out->yuyv = fmt & NV_PVIDEO_FORMAT_COLOR_LE_CR8YB8CB8YA8;
    out->bt709 = fmt & NV_PVIDEO_FORMAT_MATRIX_ITURBT709;
    out->key = fmt & NV_PVIDEO_FORMAT_DISPLAY_COLOR_KEY;
    /* FORMAT bits 1-15 are the pitch in bytes (bit 0 is PLANAR). */
    out->pitch = fmt & 0xfffe;
    out->color_key = card->pvideo.regs[NV_PVIDEO_COLOR_KEY / 4];
    out->out_x = (int16_t)breg(card, NV_PVIDEO_POINT_OUT, b);
    out->out_y = (int16_t)(breg(card, NV_PVIDEO_POINT_OUT, b) >> 16);
    out->out_w = breg(card, NV_PVIDEO_SIZE_OUT, b) & 0xffff;
    out->out_h = breg(card, NV_PVIDEO_SIZE_OUT, b) >> 16;
    out->in_x = breg(card, NV_PVIDEO_POINT_IN, b) & 0xffff;
    out->in_y = breg(card, NV_PVIDEO_POINT_IN, b) >> 16;
    out->in_w = breg(card, NV_PVIDEO_SIZE_IN, b) & 0xffff;
    out->in_h = breg(card, NV_PVIDEO_SIZE_IN, b) >> 16;
    out->ds_dx = breg(card, NV_PVIDEO_DS_DX, b);
    out->dt_dy = breg(card, NV_PVIDEO_DT_DY, b);
    out->addr = (uint64_t)breg(card, NV_PVIDEO_BASE_ADDR, b) +
                breg(card, NV_PVIDEO_OFFSET_BUFF, b);
    out->uv_addr = (uint64_t)breg(card, NV_PVIDEO_UVPLANE_BASE, b) +
                   breg(card, NV_PVIDEO_UVPLANE_OFFSET_BUFF, b);
    out->luminance = breg(card, NV_PVIDEO_LUMINANCE, b);
    out->chrominance = breg(card, NV_PVIDEO_CHROMINANCE, b);
    out->on = out->out_w && out->out_h && out->in_w && out->in_h &&
              out->in_x < out->in_w && out->in_y < out->in_h;
}

void nv_pvideo_source(const NVVideoScanout *v, uint64_t *addr, uint64_t *bytes)
{
    uint64_t end = v->addr + (uint64_t)v->pitch * v->in_h;

    *addr = v->addr;
    if (v->planar) {
        *addr = MIN(*addr, v->uv_addr);
        end = MAX(end, v->uv_addr + (uint64_t)v->pitch * (v->in_h + 1) / 2);
    }
    *bytes = end - *addr;
}

static uint8_t clamp8(int32_t v)
{
    return v < 0 ? 0 : v > 255 ? 255 : v;
}

/*
 * Y'CbCr to RGB (docs/display.rst "The video overlay"): LUMINANCE scales
 * Y' - 16 by CONTRAST / 4096 and adds BRIGHTNESS (signed); CHROMINANCE
 * turns and scales (Cb, Cr) - 128 by SAT_COS_HUE and SAT_SIN_HUE (signed,
 * 4096 = 1), as nv10_set_params() sets them; then limited-range BT.601
 * (or BT.709) in 8.8 fixed point, rounded, clamped.
 */
static uint32_t yuv_rgb(const NVVideoScanout *v, int y, int cb, int cr)
{
    int32_t contrast = v->luminance & 0xffff;
    int32_t brightness = (int16_t)(v->luminance >> 16);
    int32_t cs = (int16_t)(v->chrominance & 0xffff);
    int32_t sn = (int16_t)(v->chrominance >> 16);
    int32_t yy = ((y - 16) * contrast >> 12) + brightness;
    int32_t u0 = cb - 128, v0 = cr - 128;
    int32_t u = (u0 * cs - v0 * sn) >> 12;
    int32_t w = (v0 * cs + u0 * sn) >> 12;
    int32_t r, g, b;

    if (v->bt709) {
        r = 298 * yy + 459 * w;
        g = 298 * yy - 55 * u - 136 * w;
        b = 298 * yy + 541 * u;
    } else {
        r = 298 * yy + 409 * w;
        g = 298 * yy - 100 * u - 208 * w;
        b = 298 * yy + 516 * u;
    }
    return clamp8((r + 128) >> 8) << 16 | clamp8((g + 128) >> 8) << 8 |
           clamp8((b + 128) >> 8);
}

/*
 * Source pixel (@sx, @sy) as 0x00RRGGBB, or false if it lies outside VRAM.
 * Packed: a pair of pixels in four bytes, Y0 Cb Y1 Cr (YUYV) or Cb Y0 Cr
 * Y1 (UYVY).  Planar: a byte of Y' each, and a CbCr pair (NV12; CrCb for
 * NV21) for each 2x2 block in the second plane, which has the same pitch.
 */
static bool video_pixel(const NVCard *card, const NVVideoScanout *v,
                        uint32_t sx, uint32_t sy, uint32_t *rgb)
{
    uint64_t a, c;
    const uint8_t *p, *q;
    int y, cb, cr;

    if (v->planar) {
        a = v->addr + (uint64_t)sy * v->pitch + sx;
        c = v->uv_addr + (uint64_t)(sy / 2) * v->pitch + (sx & ~1u);
        if (a >= card->vram_size || c + 2 > card->vram_size) {
            return false;
        }
        p = card->vram + a;
        q = card->vram + c;
        y = p[0];
        cb = q[v->yuyv ? 0 : 1];
        cr = q[v->yuyv ? 1 : 0];
    } else {
        a = v->addr + (uint64_t)sy * v->pitch + (sx & ~1u) * 2;
        if (a + 4 > card->vram_size) {
            return false;
        }
        p = card->vram + a;
        if (v->yuyv) {
            y = p[sx & 1 ? 2 : 0];
            cb = p[1];
            cr = p[3];
        } else {
            y = p[sx & 1 ? 3 : 1];
            cb = p[0];
            cr = p[2];
        }
    }
    *rgb = yuv_rgb(v, y, cb, cr);
    return true;
}

/*
 * Screen pixel (x, y) of the window at POINT_OUT shows source pixel
 * POINT_IN + ((x, y) - POINT_OUT) * (DS_DX, DT_DY) >> 20, the nearest
 * one, never past SIZE_IN's last.
 */
void nv_pvideo_line(const NVCard *card, const NVScanout *m, unsigned y,
                    uint32_t *out)
{
    const NVVideoScanout *v = &m->video;
    int64_t row = (int64_t)y - v->out_y;
    int64_t x0, x1;
    uint32_t sy, key = v->color_key & nv_pcrtc_pixel_mask(m);

    if (!v->on || row < 0 || row >= v->out_h) {
        return;
    }
    sy = MIN(v->in_y + ((uint64_t)row * v->dt_dy >> 20), v->in_h - 1);
    x0 = MAX(v->out_x, 0);
    x1 = MIN((int64_t)v->out_x + v->out_w, (int64_t)m->width);
    for (int64_t x = x0; x < x1; x++) {
        uint32_t sx = MIN(v->in_x + ((uint64_t)(x - v->out_x) * v->ds_dx >> 20),
                          v->in_w - 1);
        uint32_t rgb;

        if (v->key && nv_pcrtc_raw_pixel(card, m, y, x) != key) {
            continue;
        }
        if (video_pixel(card, v, sx, sy, &rgb)) {
            out[x] = rgb;
        }
    }
}

static uint32_t pvideo_intr(NVCard *card)
{
    const uint32_t *r = card->pvideo.regs;

    return r[NV_PVIDEO_INTR / 4] & r[NV_PVIDEO_INTR_EN / 4] ?
           1u << NV_PMC_LINE_PVIDEO : 0;
}

static void pvideo_reset(NVCard *card)
{
    memset(&card->pvideo, 0, sizeof(card->pvideo));
    card->pvideo.shown = -1;
}

/* A migration stream's buffer number is checked before use. */
static void pvideo_post_load(NVCard *card)
{
    if (card->pvideo.shown < -1 || card->pvideo.shown > 1) {
        card->pvideo.shown = -1;
    }
}

static const NVBlock pvideo_blocks[] = {
    { "pvideo", NV_ARCHS_NV3UP, NV_PVIDEO_BASE, NV_PVIDEO_SIZE, -1,
      .read32 = pvideo_read, .write32 = pvideo_write },
};

const NVEngine nv_pvideo_engine = {
    .name = "pvideo",
    .present = nv_model_is_nv3up,
    .blocks = pvideo_blocks, .nr_blocks = G_N_ELEMENTS(pvideo_blocks),
    .reset = pvideo_reset,
    .intr = pvideo_intr,
    .post_load = pvideo_post_load,
};
