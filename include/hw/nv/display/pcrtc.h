/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PCRTC, the NV4-style scanout engine of each head
 * (docs/hw/display/nv3/pcrtc.rst, rnndb display/nv3_pcrtc.xml, nouveau
 * dispnv04/nvreg.h), its VGA window PRMCIO, and the scanout mode the
 * registers describe.
 */
#ifndef HW_NV_PCRTC_H
#define HW_NV_PCRTC_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/nv/display/pvideo.h"
#include "hw/nv/display/vga.h"

/* 0x600000 PCRTC, 0x601000 PRMCIO; head 1 at +0x2000. */
#define NV_PCRTC_BASE               0x600000
#define NV_PCRTC_SIZE               0x4000
#define NV_PRMCIO_OFFSET            0x1000

#define NV_PCRTC_INTR               0x100
#define   NV_PCRTC_INTR_VBLANK      (1u << 0)
#define NV_PCRTC_INTR_EN            0x140
#define NV_PCRTC_START              0x800
#define NV_PCRTC_CONFIG             0x804
#define NV_PCRTC_RASTER             0x808
#define NV_PCRTC_CURSOR_CONFIG      0x810
#define   NV_PCRTC_CURSOR_CONFIG_CUR_BPP_32     (1u << 12)
#define   NV_PCRTC_CURSOR_CONFIG_CUR_PIXELS_64  (1u << 16)
#define   NV_PCRTC_CURSOR_CONFIG_CUR_LINES_64   (4u << 24)
#define   NV_PCRTC_CURSOR_CONFIG_CUR_BLEND_ALPHA (1u << 28)
#define NV_PCRTC_GPIO               0x818
#define NV_PCRTC_GPIO_EXT           0x81c
#define NV_PCRTC_830                0x830
#define NV_PCRTC_834                0x834
#define NV_PCRTC_850                0x850
#define NV_PCRTC_ENGINE_CTRL        0x860
#define   NV_PCRTC_ENGINE_CTRL_FSEL_OVERLAY     (1u << 12)

typedef struct NVPcrtcHead {
    uint32_t intr;
    uint32_t intr_en;
    uint32_t start;
    uint32_t config;
    uint32_t cursor_config;
    uint32_t gpio;
    uint32_t gpio_ext;
    uint32_t r830;
    uint32_t r834;
    uint32_t r850;
    uint32_t engine_ctrl;
} NVPcrtcHead;

typedef struct NVPcrtc {
    NVPcrtcHead head[NV_HEADS];
    /* Derived: virtual time of each head's next VBLANK, 0 if none. */
    int64_t next_vblank[NV_HEADS];
} NVPcrtc;

/* What a head scans out, decoded from CRTC, PCRTC and PRAMDAC. */
typedef struct NVScanout {
    bool native;                /* CR28 selects an extended pixel format */
    bool blank;                 /* SR01 screen-off */
    uint32_t width;
    uint32_t height;
    uint32_t bpp;               /* 8 (palette), 15, 16 or 32 */
    uint32_t stride;            /* bytes */
    uint32_t line_bytes;        /* bytes of VRAM a line shows */
    uint64_t base;              /* VRAM offset of the first pixel */
    /* The hardware cursor, composed into the lines it covers. */
    bool cursor;                /* CR31 bit 0, and its image in VRAM */
    bool cursor_argb;           /* A8R8G8B8, else A1R5G5B5 */
    bool cursor_npm;            /* alpha not premultiplied */
    int32_t cursor_x;           /* PRAMDAC CU_START_POS, signed */
    int32_t cursor_y;
    uint32_t cursor_w;          /* 32 or 64 pixels */
    uint32_t cursor_h;          /* 32 or 64 lines */
    uint64_t cursor_addr;       /* VRAM offset of its first pixel */
    NVVideoScanout video;       /* the overlay, under the cursor */
} NVScanout;

struct NVCard;

/* Arm the VBLANK timer from the current state (reset, post-load). */
void nv_pcrtc_vblank_rearm(struct NVCard *card);
/* The CRTC's vertical timing registers changed: move the next VBLANK. */
void nv_pcrtc_timing_changed(struct NVCard *card);
/* PMC line of head @head (24, 25). */
/* Where head @head's beam is now: in vertical retrace, in any blanking. */
void nv_pcrtc_beam(struct NVCard *card, unsigned head, bool *vretrace,
                   bool *blank);

void nv_pcrtc_scanout(const struct NVCard *card, unsigned head,
                      NVScanout *out);
/*
 * Convert line @y of @m to x8r8g8b8 (@out holds m->width pixels), with the
 * overlay and the cursor over it.
 */
void nv_pcrtc_scanout_line(const struct NVCard *card, unsigned head,
                           const NVScanout *m, unsigned y, uint32_t *out);
/*
 * The framebuffer's own value of pixel @x of line @y, as many bits as a
 * pixel has (nv_pcrtc_pixel_mask()); all ones past the end of VRAM.
 */
uint32_t nv_pcrtc_raw_pixel(const struct NVCard *card, const NVScanout *m,
                            unsigned y, unsigned x);
uint32_t nv_pcrtc_pixel_mask(const NVScanout *m);
/*
 * Palette entry @index of @head as 0x00RRGGBB: the DAC's pixel mask
 * applies to the index, 6-bit DACs are widened.
 */
uint32_t nv_pcrtc_palette_rgb(const struct NVCard *card, unsigned head,
                              uint8_t index);

extern const struct NVEngine nv_pcrtc_engine;

#endif
