/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV1 PDAC, the SGS DAC behind BAR0 0x609000 (display/nv1/
 * docs/hw/display/nv1/pdac.rst), and NV1 scanout
 * (docs/hw/display/nv1/pfb.rst, docs/hw/graph/nv1/rop.rst "The
 * framebuffer(s)").
 */
#ifndef HW_NV_PDAC_NV1_H
#define HW_NV_PDAC_NV1_H

#include <stdbool.h>
#include <stdint.h>

#define NV1_PDAC_BASE               0x609000
#define NV1_PDAC_SIZE               0x1000

#define NV1_PDAC_PAL_WRITE          0x00
#define NV1_PDAC_PAL_DATA           0x04
#define NV1_PDAC_PAL_MASK           0x08
#define NV1_PDAC_PAL_READ           0x0c
#define NV1_PDAC_INDEX_LOW          0x10
#define NV1_PDAC_INDEX_HIGH         0x14
#define NV1_PDAC_DATA               0x18
#define NV1_PDAC_GAME_PORT          0x1c

/* Inner DAC registers, reached through INDEX_LOW/HIGH and DATA. */
#define NV1_DAC_VENDOR_ID           0x0000
#define NV1_DAC_DEVICE_ID           0x0001
#define NV1_DAC_REVISION_ID         0x0002
#define NV1_DAC_CONFIG_0            0x0004
#define   NV1_DAC_CONFIG_0_PAL_READ_MODE (1u << 4)
#define NV1_DAC_CONFIG_1            0x0005
#define NV1_DAC_DDCIN               0x0006
#define NV1_DAC_PAL_INDEX           0x0008
#define NV1_DAC_PAL_STATE           0x0009
#define   NV1_DAC_PAL_STATE_SELECT         (1u << 3)
#define   NV1_DAC_PAL_STATE_DISPLAY_SELECT (1u << 6)
#define   NV1_DAC_PAL_STATE_WIDTH_VGA      (1u << 7)
#define NV1_DAC_PAL_RED             0x000a
#define NV1_DAC_PAL_GREEN           0x000b
#define NV1_DAC_REGS                0x20    /* 0x00-0x1f: ids, config, PLLs */

typedef struct NV1Pdac {
    uint8_t palette[2][256 * 3];    /* R, G, B per entry */
    uint8_t pal_index;
    uint8_t pal_color;          /* 0 red, 1 green, 2 blue */
    uint8_t pal_read;           /* current mode is READ */
    uint8_t pal_rg[2];          /* in-flight red and green */
    uint8_t pal_mask;
    uint16_t index;             /* INDEX_HIGH:INDEX_LOW */
    uint8_t regs[NV1_DAC_REGS]; /* stored inner registers */
} NV1Pdac;

/* What PFB and PDAC make of VRAM (pfb.rst; details inferred, see docs). */
typedef struct NV1Scanout {
    bool enabled;
    unsigned width, height;
    unsigned bpp;               /* 4, 8, 16 or 32 */
    uint64_t start;             /* VRAM byte address of the first line */
    uint64_t stride;            /* bytes per line */
} NV1Scanout;

struct NVCard;
void nv1_scanout_mode(struct NVCard *card, NV1Scanout *mode);
/* Convert line @y of @mode to x8r8g8b8 (@out holds mode->width pixels). */
void nv1_scanout_line(struct NVCard *card, const NV1Scanout *mode,
                      unsigned y, uint32_t *out);

extern const struct NVEngine nv1_pdac_engine;

#endif
