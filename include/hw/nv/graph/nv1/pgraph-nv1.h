/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV1 PGRAPH, the 2D engine (envytools docs/hw/graph/nv1/pgraph.rst
 * and rop.rst; the register masks of docs/nv1.rst "Register masks").
 */
#ifndef HW_NV_PGRAPH_NV1_H
#define HW_NV_PGRAPH_NV1_H

#include <stdbool.h>
#include <stdint.h>

#define NV1_PGRAPH_BASE             0x400000
#define NV1_PGRAPH_SIZE             0x1000

/* Registers, relative to NV1_PGRAPH_BASE (pgraph.rst "MMIO registers"). */
#define NV1_PGRAPH_DEBUG_A          0x080
#define   NV1_PGRAPH_DEBUG_A_NOOP_SKIP          (1u << 20)
#define   NV1_PGRAPH_DEBUG_A_PLANE_ALPHA_ENABLE (1u << 28)
#define NV1_PGRAPH_DEBUG_B          0x084
#define NV1_PGRAPH_DEBUG_C          0x088
#define NV1_PGRAPH_INTR             0x100
#define NV1_PGRAPH_INVALID          0x104
#define NV1_PGRAPH_INTR_EN          0x140
#define NV1_PGRAPH_INVALID_EN       0x144
#define NV1_PGRAPH_CTX_SWITCH       0x180
#define NV1_PGRAPH_CTX_CONTROL      0x190
/*
 * The XY logic (rnndb graph/nv1_pgraph.xml; docs/nv1.rst "The XY logic"):
 * vertex RAM, the clip registers, and the state it keeps between methods.
 * The REL forms of the vertex and clip registers are 0x100 above the ABS
 * ones, and write-only.
 */
#define NV1_PGRAPH_VTX_X(i)         (0x400 + 4 * (i))   /* VTX_X_ABS, i < 18 */
#define NV1_PGRAPH_VTX_Y(i)         (0x480 + 4 * (i))   /* VTX_Y_ABS */
#define NV1_PGRAPH_VTX_COUNT        18
#define NV1_PGRAPH_REL              0x100
#define NV1_PGRAPH_ICLIP(a)         (0x450 + 4 * (a))   /* ICLIP_XMAX/YMAX_ABS */
#define NV1_PGRAPH_UCLIP_MIN(a)     (0x460 + 8 * (a))   /* UCLIP_XMIN/YMIN_ABS */
#define NV1_PGRAPH_UCLIP_MAX(a)     (0x464 + 8 * (a))
#define NV1_PGRAPH_XY_A             0x640   /* rnndb XY_MISC_0 */
#define   NV1_XY_A_IMAGE_ZERO       (1u << 12)          /* IFC_NULL_AREA */
#define   NV1_XY_A_VTX_IDX_SHIFT    28
#define NV1_PGRAPH_XY_B             0x644   /* rnndb XY_MISC_1 */
#define   NV1_XY_B_IFC_INIT_DONE    (1u << 0)
#define   NV1_XY_B_ICLIP_NULL(a)    (1u << (4 + (a)))
#define   NV1_XY_B_UCLIP_NULL(a)    (1u << (8 + (a)))
#define   NV1_XY_B_MIN_UCLIP(a)     (1u << (12 + 4 * (a)))
#define   NV1_XY_B_MAX_UCLIP(a)     (1u << (13 + 4 * (a)))
#define   NV1_XY_B_MAX_ICLIP(a)     (1u << (14 + 4 * (a)))
#define   NV1_XY_B_XCLIP_MAX_MIRROR (1u << 20)
#define   NV1_XY_B_VTX_MODE_SET     (1u << 24)
#define   NV1_XY_B_FRACT            (1u << 25)  /* VTX_POS_MODE, IFC_RESTART */
#define NV1_PGRAPH_XY_D(a)          (0x648 + 4 * (a))   /* rnndb X/Y_MISC */
#define   NV1_XY_D_CARRY(v)         (1u << (v))
#define   NV1_XY_D_OOB(v)           (1u << (4 + (v)))
#define   NV1_XY_D_OOB_ALL          0xf0u
#define   NV1_XY_D_CSTAT_SHIFT(v)   (8 + 4 * (v))
#define   NV1_XY_D_SIGN_SHIFT       28      /* rnndb CMP_RES */
#define NV1_PGRAPH_VALID            0x650
#define   NV1_VALID_UCLIP_WAIT_FOR_SIZE (1u << 24)
#define   NV1_VALID_UCLIP_MISSING_POINT (1u << 28)
#define NV1_PGRAPH_SRC_COLOR        0x654   /* rnndb SOURCE_COLOR */
#define NV1_PGRAPH_SUBDIVIDE        0x658
#define NV1_PGRAPH_XY_E             0x65c   /* rnndb XY_MISC_3 */
#define NV1_PGRAPH_VTX_BETA(i)      (0x700 + 4 * (i))   /* i < 14 */

/* A clip status nibble (CSTAT): where a coordinate is against a bound. */
#define NV1_CSTAT_BELOW_MIN         1u
#define NV1_CSTAT_AT_MIN            2u
#define NV1_CSTAT_ABOVE_MAX         4u
#define NV1_CSTAT_AT_MAX            8u

#define NV1_PGRAPH_PATTERN_RGB(i)   (0x600 + 8 * (i))
#define NV1_PGRAPH_PATTERN_A(i)     (0x604 + 8 * (i))
#define NV1_PGRAPH_PATTERN_BITMAP(i) (0x610 + 4 * (i))
#define NV1_PGRAPH_PATTERN_SHAPE    0x618
#define NV1_PGRAPH_BITMAP_COLOR(i)  (0x61c + 4 * (i))
#define NV1_PGRAPH_ROP              0x624
#define NV1_PGRAPH_PLANE            0x628
#define NV1_PGRAPH_CHROMA           0x62c
#define NV1_PGRAPH_BETA             0x630
#define NV1_PGRAPH_CANVAS_CONFIG    0x634
#define   NV1_CANVAS_CLUT_BYPASS    (1u << 0)
#define   NV1_CANVAS_BUF1_IGNORE_CLIPRECT (1u << 4)
#define   NV1_CANVAS_Y8_EXPAND      (1u << 12)
#define   NV1_CANVAS_DITHER         (1u << 16)
#define   NV1_CANVAS_REPLICATE      (1u << 20)
#define   NV1_CANVAS_SOFTWARE       (1u << 24)
#define NV1_PGRAPH_DMA              0x680   /* IFM/ITM DMA object instance */
#define NV1_PGRAPH_NOTIFY           0x684
#define   NV1_NOTIFY_INST           0xffffu     /* the notify DMA object */
#define   NV1_NOTIFY_PENDING        (1u << 16)
#define   NV1_NOTIFY_INTR_PENDING   (1u << 20)
#define NV1_PGRAPH_CANVAS_MIN       0x688
#define NV1_PGRAPH_CANVAS_MAX       0x68c
#define NV1_PGRAPH_CLIPRECT_MIN(i)  (0x690 + 8 * (i))
#define NV1_PGRAPH_CLIPRECT_MAX(i)  (0x694 + 8 * (i))
#define NV1_PGRAPH_CLIPRECT_CONFIG  0x6a0
#define   NV1_CLIPRECT_COUNT        0x3u
#define   NV1_CLIPRECT_OCCLUDED     (1u << 4)
#define   NV1_CLIPRECT_SOFTWARE     (1u << 8)
#define NV1_PGRAPH_ACCESS           0x6a4
#define   NV1_ACCESS_FIFO           (1u << 0)
#define   NV1_ACCESS_DMA            (1u << 4)
#define   NV1_ACCESS_HOST           (1u << 8)
#define   NV1_ACCESS_CLASS(v)       (((v) >> 12) & 0x1f)
#define   NV1_ACCESS_WR_SHIFT       24      /* FIFO_WR, DMA_WR, HOST_WR, OBJECT_WR */
#define NV1_PGRAPH_TRAP_ADDR        0x6a8
#define NV1_PGRAPH_TRAP_DATA        0x6ac
#define NV1_PGRAPH_STATUS           0x6b0
#define   NV1_STATUS_BUSY           (1u << 0)
#define   NV1_STATUS_DMA            (1u << 16)

/* INTR bits (pgraph.rst "Interrupts"). */
#define NV1_INTR_INVALID            (1u << 0)
#define NV1_INTR_CONTEXT_SWITCH     (1u << 4)
#define NV1_INTR_VBLANK             (1u << 8)
#define NV1_INTR_XY_RANGE           (1u << 12)
#define NV1_INTR_MISSING_METHOD     (1u << 16)
#define NV1_INTR_CANVAS_SOFTWARE    (1u << 20)
#define NV1_INTR_CLIP_SOFTWARE      (1u << 24)
#define NV1_INTR_NOTIFY             (1u << 28)
#define NV1_INTR_MASK               0x11111111u
/* INVALID bits */
#define NV1_INVALID_METHOD          (1u << 0)
#define NV1_INVALID_VALUE           (1u << 4)
#define NV1_INVALID_NOTIFY          (1u << 8)
#define NV1_INVALID_DOUBLE_NOTIFY   (1u << 12)
#define NV1_INVALID_CTXSW_NOTIFY    (1u << 16)
#define NV1_INVALID_MASK            0x00011111u

/* CTX_CONTROL */
#define NV1_CTX_CONTROL_CHID_VALID  (1u << 16)
#define NV1_CTX_CONTROL_SWITCH_AVAILABLE (1u << 20)
#define NV1_CTX_CONTROL_SWITCHING_BUSY   (1u << 24)
#define NV1_CTX_CONTROL_DEVICE_ENABLED   (1u << 28)

/* The method submission area: 0x400000 | class << 16 | method. */
#define NV1_PGRAPH_MTHD_BASE        0x410000
#define NV1_PGRAPH_MTHD_SIZE        0x1f0000

/* CTX_SWITCH, the current object's options (pgraph.rst "Classes ..."). */
#define NV1_CTX_OP(v)               ((v) & 0x1f)
#define NV1_CTX_CHROMA              (1u << 5)
#define NV1_CTX_PLANE               (1u << 6)
#define NV1_CTX_CLIP                (1u << 7)
#define NV1_CTX_NOTIFY_VALID        (1u << 8)
#define NV1_CTX_COLOR_FORMAT_DST(v) (((v) >> 9) & 0xf)
#define NV1_CTX_ALPHA               (1u << 13)  /* SRC_BUF for blits */
#define NV1_CTX_BITMAP_CGA6         (1u << 14)
#define NV1_CTX_CHID(v)             (((v) >> 16) & 0x7f)

/* The OP field. */
#define NV1_OP_RPOP_DS              0x00
#define NV1_OP_RPOP_SP              0x0f
#define NV1_OP_SRCCOPY              0x17
#define NV1_OP_BLEND_DS_AA          0x18
#define NV1_OP_BLEND_DS_AB          0x19
#define NV1_OP_BLEND_DS_AIB         0x1a
#define NV1_OP_BLEND_PS_B           0x1b
#define NV1_OP_BLEND_PS_IB          0x1c

/* Source colour formats: COLOR_FORMAT_DST mod 5. */
typedef enum NV1SrcFormat {
    NV1_SRC_A1R5G5B5,
    NV1_SRC_A8R8G8B8,
    NV1_SRC_A2R10G10B10,
    NV1_SRC_A8Y8,
    NV1_SRC_A16Y16,
} NV1SrcFormat;

/* The classes (pgraph.rst). */
#define NV1_CLASS_BETA              0x01
#define NV1_CLASS_ROP               0x02
#define NV1_CLASS_CHROMA            0x03
#define NV1_CLASS_PLANE             0x04
#define NV1_CLASS_CLIP              0x05
#define NV1_CLASS_PATTERN           0x06
#define NV1_CLASS_POINT             0x08
#define NV1_CLASS_LINE              0x09
#define NV1_CLASS_LIN               0x0a
#define NV1_CLASS_TRI               0x0b
#define NV1_CLASS_RECT              0x0c
#define NV1_CLASS_TEXLIN            0x0d
#define NV1_CLASS_TEXQUAD           0x0e
#define NV1_CLASS_BLIT              0x10
#define NV1_CLASS_IFC               0x11
#define NV1_CLASS_BITMAP            0x12
#define NV1_CLASS_IFM               0x13
#define NV1_CLASS_ITM               0x14
#define NV1_CLASS_TEXLINBETA        0x1d
#define NV1_CLASS_TEXQUADBETA       0x1e

typedef struct NV1Pgraph {
    uint32_t debug_a, debug_b, debug_c;
    uint32_t intr, invalid, intr_en, invalid_en;
    uint32_t ctx_switch, ctx_control;
    uint32_t pattern_rgb[2], pattern_a[2], pattern_bitmap[2];
    uint32_t pattern_shape;
    uint32_t bitmap_color[2];
    uint32_t rop, plane, chroma, beta;
    uint32_t canvas_config;
    uint32_t canvas_min, canvas_max;
    uint32_t cliprect_min[2], cliprect_max[2], cliprect_config;
    uint32_t access;
    uint32_t trap_addr, trap_data;
    /* The XY logic (xy-nv1.c): vertex RAM, clip registers, state; the
     * per-axis arrays are indexed 0 for X, 1 for Y. */
    uint32_t vtx_x[NV1_PGRAPH_VTX_COUNT], vtx_y[NV1_PGRAPH_VTX_COUNT];
    uint32_t iclip[2], uclip_x[2], uclip_y[2];  /* uclip: [0] MIN, [1] MAX */
    uint32_t xy_a, xy_b, xy_d[2], xy_e;
    uint32_t valid, src_color, subdivide;
    uint32_t dma, notify;
    uint32_t vtx_beta[14];
    /* IFC/BITMAP/IFM/ITM: the image size (h << 16 | w) and the next
     * pixel, which the XY logic's row stepping would track. */
    uint32_t img_in, img_pos;
    /* An IFM waiting for ACCESS.DMA (PGRAPH is busy until it has run). */
    bool dma_wait;
} NV1Pgraph;

struct NVCard;
/*
 * PFIFO's puller: execute one method of class @cls (the method area the
 * object's context names) from the channel and subchannel CACHE1 pulls.
 */
void nv1_pgraph_method(struct NVCard *card, unsigned cls, uint32_t mthd,
                       uint32_t data);
/*
 * May PFIFO hand PGRAPH a method now?  ACCESS.FIFO is on, no IFM waits for
 * its data, and PGRAPH is out of reset (PMC.ENABLE).
 */
bool nv1_pgraph_fifo_ready(struct NVCard *card);
/* PFB's VBLANK, which NV1 shows in PGRAPH's INTR. */
void nv1_pgraph_vblank(struct NVCard *card);
/* The method table of class @cls (0-31), for the unit tests. */
struct NVMethodClass *nv1_pgraph_class(unsigned cls);

extern const struct NVEngine nv1_pgraph_engine;

#endif
