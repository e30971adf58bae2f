/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PRAMDAC, the NV4-style RAMDAC of each head (display/nv3/
 * docs/hw/display/nv3/pramdac.rst, rnndb display/nv3_pramdac.xml, nouveau
 * dispnv04/nvreg.h), with the PRMDIO palette window.
 */
#ifndef HW_NV_PRAMDAC_H
#define HW_NV_PRAMDAC_H

#include <stdint.h>

#include "hw/nv/display/vga.h"

/* 0x680000 PRAMDAC, 0x681000 PRMDIO; head 1 at +0x2000. */
#define NV_PRAMDAC_BASE             0x680000
#define NV_PRAMDAC_SIZE             0x4000
#define NV_PRMDIO_OFFSET            0x1000
#define NV_PRAMDAC_REGS             (NV_PRMDIO_OFFSET / 4)

#define NV_PRAMDAC_CU_START_POS     0x300   /* 15:0 X, 31:16 Y */
#define NV_PRAMDAC_NVPLL            0x500
#define NV_PRAMDAC_MPLL             0x504
#define NV_PRAMDAC_VPLL             0x508
#define NV_PRAMDAC_VPLL2            0x520   /* head B's, in head A's block */
#define NV_PRAMDAC_VPLL_B           0x578   /* two-register PLLs' 2nd VCO */
#define NV_PRAMDAC_VPLL2_B          0x57c
#define   NV31_PRAMDAC_VCO2_ENABLE  (1u << 31)
/* NV41+: a VPLL in single-stage mode (nouveau nvreg.h NV_PRAMDAC_580) */
#define NV_PRAMDAC_580              0x580
#define   NV_RAMDAC_580_VPLL1_ACTIVE    (1u << 8)
#define   NV_RAMDAC_580_VPLL2_ACTIVE    (1u << 28)
#define   NV30_PRAMDAC_VCO2_ENABLE  (1u << 7)
#define NV_PRAMDAC_GENERAL_CONTROL  0x600
#define   NV_PRAMDAC_GENERAL_CONTROL_ALT_MODE   (1u << 12)  /* 16 not 15 */
#define   NV_PRAMDAC_GENERAL_CONTROL_BPC_8BITS  (1u << 20)
#define NV_PRAMDAC_TEST_CONTROL     0x608
#define   NV_PRAMDAC_TEST_CONTROL_PWRDWN_DAC_OFF (1u << 16)
#define   NV_PRAMDAC_TEST_CONTROL_SENSEB_ALLHI  (1u << 28)

typedef struct NVPramdacHead {
    uint32_t regs[NV_PRAMDAC_REGS];     /* by offset / 4 */
} NVPramdacHead;

typedef struct NVPramdac {
    NVPramdacHead head[NV_HEADS];
} NVPramdac;

struct NVCard;

uint32_t nv_pramdac_general_control(const struct NVCard *card, unsigned head);
/* Head @head's pixel clock in kHz from its PLL, 0 if the PLL is off. */
uint32_t nv_pramdac_pixel_khz(const struct NVCard *card, unsigned head);

extern const struct NVEngine nv_pramdac_engine;

#endif
