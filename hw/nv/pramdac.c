/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PRAMDAC and PRMDIO of the NV2x-NV4x display heads.
 *
 * pramdac.rst is mostly "todo".  The model keeps the first 4 KiB of each
 * head's PRAMDAC as a register file that reads back what was written
 * (PLL coefficients, GENERAL_CONTROL, the flat-panel and TV timing
 * registers nouveau saves and restores), gives the PLLs a POSTed card's
 * values at reset, and answers the DAC load test: TEST_CONTROL reports
 * SENSEB_ALLHI while the DAC is powered, because a monitor is always
 * attached (nouveau dispnv04/dac.c nv17_dac_sample_load()).  GENERAL_CONTROL
 * selects 15 or 16 bpp and 6- or 8-bit palette entries for scanout.
 * The PRMDIO window at +0x1000 holds the VGA palette ports.
 */
#include "hw/nv/nv.h"

/*
 * Inferred reset values (nvreg.h layout: M bits 0-7, N bits 8-15, log2 P
 * bits 16-18): core and memory PLLs at N/M/P = 74/4/1, the pixel PLL at
 * 28/15/1, 25.2 MHz from a 27 MHz crystal (640x480 at 60 Hz).
 */
#define PLL_CORE_RESET      0x00014a04u
#define PLL_PIXEL_RESET     0x00011c0fu

uint32_t nv_pramdac_general_control(const NVCard *card, unsigned head)
{
    return card->pramdac.head[head].regs[NV_PRAMDAC_GENERAL_CONTROL / 4];
}

/* Every offset below PRMDIO is a stored register. */
static bool pramdac_read(NVCard *card, unsigned head, uint32_t off,
                         uint32_t *val)
{
    *val = card->pramdac.head[head].regs[off / 4];
    if (off == NV_PRAMDAC_TEST_CONTROL &&
        !(*val & NV_PRAMDAC_TEST_CONTROL_PWRDWN_DAC_OFF)) {
        *val |= NV_PRAMDAC_TEST_CONTROL_SENSEB_ALLHI;
    }
    return true;
}

static bool pramdac_write(NVCard *card, unsigned head, uint32_t off,
                          uint32_t val)
{
    if (off == NV_PRAMDAC_TEST_CONTROL) {
        val &= ~NV_PRAMDAC_TEST_CONTROL_SENSEB_ALLHI;
    }
    card->pramdac.head[head].regs[off / 4] = val;
    return true;
}

uint64_t nv_pramdac_read(NVCard *card, uint32_t addr, unsigned size)
{
    return nv_head_block_read(card, NV_PRAMDAC_BASE, NV_PRMDIO_OFFSET, addr,
                              size, pramdac_read);
}

void nv_pramdac_write(NVCard *card, uint32_t addr, uint64_t val, unsigned size)
{
    nv_head_block_write(card, NV_PRAMDAC_BASE, NV_PRMDIO_OFFSET, addr, val,
                        size, pramdac_write);
}

void nv_pramdac_reset(NVCard *card)
{
    memset(&card->pramdac, 0, sizeof(card->pramdac));
    for (unsigned h = 0; h < NV_HEADS; h++) {
        uint32_t *r = card->pramdac.head[h].regs;

        r[NV_PRAMDAC_NVPLL / 4] = PLL_CORE_RESET;
        r[NV_PRAMDAC_MPLL / 4] = PLL_CORE_RESET;
        r[NV_PRAMDAC_VPLL / 4] = PLL_PIXEL_RESET;
        r[NV_PRAMDAC_VPLL2 / 4] = PLL_PIXEL_RESET;
    }
}
