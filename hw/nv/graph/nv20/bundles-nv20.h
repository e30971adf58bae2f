/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the bundle shadow registers of the NV20+ 3D classes (envytools
 * docs/hw/graph/bundles.rst), by BAR0 offset, for the files that keep or
 * read 3D state (3d-nv20.c, fd-nv20.c).
 */
#ifndef HW_NV_BUNDLES_NV20_H
#define HW_NV_BUNDLES_NV20_H

/* The shadow register of bundle @id (bundles.rst "Introduction"). */
#define BUNDLE(id)          (0x401800 + 4 * (id))

/* Bundles at the same id on Kelvin and Rankine/Curie (bundles.rst). */
#define B_RC_FACTOR_A       BUNDLE(0x020)
#define B_RC_FACTOR_B       BUNDLE(0x028)
#define B_RC_IN_ALPHA       BUNDLE(0x030)
#define B_RC_OUT_ALPHA      BUNDLE(0x038)
#define B_RC_IN_COLOR       BUNDLE(0x040)
#define B_RC_OUT_COLOR      BUNDLE(0x048)
#define B_RC_CONFIG         BUNDLE(0x050)
#define B_RC_FINAL_A        BUNDLE(0x051)
#define B_RC_FINAL_B        BUNDLE(0x052)
#define B_CONFIG_A          BUNDLE(0x053)
#define B_STENCIL_A         BUNDLE(0x054)
#define B_STENCIL_B         BUNDLE(0x055)
#define B_CONFIG_B          BUNDLE(0x056)
#define B_LINE_STIPPLE      BUNDLE(0x05e)
#define B_RT_ENABLE         BUNDLE(0x05f)
#define B_FOG_COLOR         BUNDLE(0x060)
#define B_POINT_SIZE        BUNDLE(0x063)
#define B_RASTER            BUNDLE(0x064)
#define B_TEX_SHADER_CULL   BUNDLE(0x065)
#define B_TEX_SHADER_OP     BUNDLE(0x067)
#define B_FENCE_OFFSET      BUNDLE(0x068)
#define B_TEX_ZCOMP         BUNDLE(0x069)     /* Kelvin only */
#define B_UNK1E68           BUNDLE(0x06a)
#define B_RC_FINAL_FACTOR   BUNDLE(0x06b)
#define B_CLIP_RECT_HORIZ   BUNDLE(0x091)
#define B_CLIP_RECT_VERT    BUNDLE(0x099)
#define B_CLEAR_ZETA        BUNDLE(0x0a2)
#define B_DEPTH_RANGE_FAR   BUNDLE(0x0a3)
#define B_DEPTH_RANGE_NEAR  BUNDLE(0x0a4)
#define B_DMA_TEX           BUNDLE(0x0a5)
#define B_DMA_VTX           BUNDLE(0x0a7)
#define B_POLY_OFF_UNITS    BUNDLE(0x0a9)
#define B_POLY_OFF_FACTOR   BUNDLE(0x0aa)
#define B_TEX_SHADER_EYE    BUNDLE(0x0ab)
#define B_PRIM_RESTART_EN   BUNDLE(0x0b9)     /* Rankine/Curie */
#define B_PRIM_RESTART_IDX  BUNDLE(0x0ba)
/* Kelvin's own ids */
#define K_MULTISAMPLE       BUNDLE(0x000)
#define K_BLEND             BUNDLE(0x001)
#define K_BLEND_COLOR       BUNDLE(0x002)
#define K_TEX_BORDER_COLOR  BUNDLE(0x003)
#define K_CLEAR_COLOR       BUNDLE(0x01b)
#define K_TEX_WRAP          BUNDLE(0x06f)
#define K_TEX_CONTROL       BUNDLE(0x073)
#define K_TEX_PITCH         BUNDLE(0x077)
#define K_TEX_FILTER        BUNDLE(0x07d)
#define K_TEX_FORMAT        BUNDLE(0x081)
#define K_TEX_RECT          BUNDLE(0x085)
#define K_TEX_OFFSET        BUNDLE(0x089)
#define K_TEX_PALETTE       BUNDLE(0x08d)
#define K_TEX_COLOR_KEY     BUNDLE(0x01c)
/* Rankine's and Curie's */
#define R_MULTISAMPLE       BUNDLE(0x06f)
#define R_BLEND             BUNDLE(0x082)
#define R_BLEND_COLOR       BUNDLE(0x083)
#define R_CLEAR_COLOR       BUNDLE(0x086)
#define R_STENCIL_C         BUNDLE(0x087)
#define R_STENCIL_D         BUNDLE(0x088)
#define R_TEX_OFFSET        BUNDLE(0x100)
#define R_TEX_FORMAT        BUNDLE(0x110)
#define R_TEX_WRAP          BUNDLE(0x120)
#define R_TEX_CONTROL       BUNDLE(0x130)
#define R_TEX_PITCH         BUNDLE(0x140)
#define R_TEX_FILTER        BUNDLE(0x150)
#define R_TEX_RECT          BUNDLE(0x160)
#define R_TEX_BORDER_COLOR  BUNDLE(0x170)
#define R_TEX_COLOR_KEY     BUNDLE(0x190)
/* Curie's (mode.rst "Curie XF bundles"; our register table's names) */
#define C_DEPTH_BOUNDS_MIN  BUNDLE(0x0c8)
#define C_DEPTH_BOUNDS_MAX  BUNDLE(0x0c9)
#define C_XF_A              BUNDLE(0x0ca)
#define C_XF_LIGHT          BUNDLE(0x0cb)
#define C_XF_C              BUNDLE(0x0cc)
#define C_XF_TXC            BUNDLE(0x0d0)   /* 10 of them */
#define C_ALPHA_FUNC_REF    BUNDLE(0x0e4)

#endif
