/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PVIDEO, the NV10-style video overlay (rnndb
 * display/nv10_pvideo.xml, nouveau dispnv04/overlay.c and nvreg.h;
 * docs/hw/display/nv3/pvideo.rst is a "todo").
 */
#ifndef HW_NV_PVIDEO_H
#define HW_NV_PVIDEO_H

#include <stdbool.h>
#include <stdint.h>

#define NV_PVIDEO_BASE              0x8000
#define NV_PVIDEO_SIZE              0x1000

#define NV_PVIDEO_INTR              0x100
#define NV_PVIDEO_INTR_EN           0x140
#define NV_PVIDEO_BUFFER            0x700
#define NV_PVIDEO_STOP              0x704
/* Per buffer (0, 1): each register at +4 * buffer. */
#define NV_PVIDEO_UVPLANE_BASE      0x800
#define NV_PVIDEO_UVPLANE_LIMIT     0x808
#define NV_PVIDEO_UVPLANE_OFFSET_BUFF 0x820
#define NV_PVIDEO_BASE_ADDR         0x900   /* rnndb BASE */
#define NV_PVIDEO_LIMIT             0x908
#define NV_PVIDEO_LUMINANCE         0x910
#define NV_PVIDEO_CHROMINANCE       0x918
#define NV_PVIDEO_OFFSET_BUFF       0x920
#define NV_PVIDEO_SIZE_IN           0x928
#define NV_PVIDEO_POINT_IN          0x930
#define NV_PVIDEO_DS_DX             0x938
#define NV_PVIDEO_DT_DY             0x940
#define NV_PVIDEO_POINT_OUT         0x948
#define NV_PVIDEO_SIZE_OUT          0x950
#define NV_PVIDEO_FORMAT            0x958
#define   NV_PVIDEO_FORMAT_PLANAR               (1u << 0)
#define   NV_PVIDEO_FORMAT_COLOR_LE_CR8YB8CB8YA8 (1u << 16)
#define   NV_PVIDEO_FORMAT_DISPLAY_COLOR_KEY    (1u << 20)
#define   NV_PVIDEO_FORMAT_MATRIX_ITURBT709     (1u << 24)
#define NV_PVIDEO_COLOR_KEY         0xb00

/* INTR, INTR_EN and BUFFER: bit 0 is buffer 0, bit 4 buffer 1. */
#define NV_PVIDEO_BUFFER_BIT(b)     (1u << ((b) * 4))
#define NV_PVIDEO_BUFFER_MASK       0x11u

typedef struct NVPvideo {
    uint32_t regs[NV_PVIDEO_SIZE / 4];  /* by offset / 4 */
    int32_t shown;              /* the buffer on screen, -1 none */
} NVPvideo;

/* What the overlay shows this frame, decoded from the shown buffer. */
typedef struct NVVideoScanout {
    bool on;
    bool planar;                /* NV12/NV21: Y plane and a CbCr plane */
    bool yuyv;                  /* COLOR_LE_CR8YB8CB8YA8: YUYV / Cb first */
    bool bt709;
    bool key;                   /* shown only where the screen is COLOR_KEY */
    uint32_t color_key;
    int32_t out_x, out_y;       /* POINT_OUT, signed */
    uint32_t out_w, out_h;      /* SIZE_OUT */
    uint32_t in_x, in_y;        /* POINT_IN */
    uint32_t in_w, in_h;        /* SIZE_IN */
    uint32_t ds_dx, dt_dy;      /* source step per screen pixel, 12.20 */
    uint32_t pitch;
    uint64_t addr;              /* BASE + OFFSET_BUFF */
    uint64_t uv_addr;           /* UVPLANE_BASE + UVPLANE_OFFSET_BUFF */
    uint32_t luminance, chrominance;
} NVVideoScanout;

struct NVCard;
struct NVScanout;

/* Head @head is in vblank: the overlay takes up a buffer started on it. */
void nv_pvideo_vblank(struct NVCard *card, unsigned head);
/* The overlay as head @head shows it (off if another head has it). */
void nv_pvideo_scanout(const struct NVCard *card, unsigned head,
                       NVVideoScanout *out);
/* Put line @y of @m's overlay over @out (m->width pixels, 0x00RRGGBB). */
void nv_pvideo_line(const struct NVCard *card, const struct NVScanout *m,
                    unsigned y, uint32_t *out);
/* The VRAM bytes [*addr, *addr + *bytes) the overlay reads. */
void nv_pvideo_source(const NVVideoScanout *v, uint64_t *addr,
                      uint64_t *bytes);

extern const struct NVEngine nv_pvideo_engine;

#endif
