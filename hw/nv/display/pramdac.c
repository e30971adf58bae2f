/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PRAMDAC and PRMDIO of the NV2x-NV4x display heads.
 *
 * docs/hw/display/nv3/pramdac.rst is mostly "todo".  The model keeps the
 * first 4 KiB of each head's PRAMDAC as a register file that reads back what
 * was written (PLL coefficients, GENERAL_CONTROL, the flat-panel and TV
 * timing registers nouveau saves and restores), gives the PLLs a POSTed
 * card's values at reset, and answers the DAC load test: TEST_CONTROL
 * reports SENSEB_ALLHI while the DAC is powered, because a monitor is always
 * attached (nouveau dispnv04/dac.c nv17_dac_sample_load()).  GENERAL_CONTROL
 * selects 15 or 16 bpp and 6- or 8-bit palette entries for scanout.  The
 * PRMDIO window at +0x1000 holds the VGA palette ports.
 */
#include "hw/nv/card.h"

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

/*
 * nouveau dispnv04/hw.c nouveau_hw_decode_pll() and
 * nouveau_hw_pllvals_to_clk(): crystal * N1 * N2 / (M1 * M2) >> log2 P,
 * with N/M in bits 8-15/0-7 and log2 P in bits 16-18 of the PLL register;
 * the second VCO is VPLL_B's on two-register PLLs (when its bit 31 is
 * set), packed into the same register on NV30.  On NV41+ PRAMDAC 0x580
 * bit 8 (head A) or 28 (head B) puts the VPLL in single-stage mode, the
 * second VCO bypassed whatever VPLL_B says (nouveau's devinit/nv04.c
 * setPLL_double_highregs() then writes VPLL_B as 0x8000011f).  Both
 * heads' PLLs are in head A's block.
 */
uint32_t nv_pramdac_pixel_khz(const NVCard *card, unsigned head)
{
    const uint32_t *r = card->pramdac.head[0].regs;
    uint32_t pll1 = r[(head ? NV_PRAMDAC_VPLL2 : NV_PRAMDAC_VPLL) / 4];
    uint32_t pll2 = r[(head ? NV_PRAMDAC_VPLL2_B : NV_PRAMDAC_VPLL_B) / 4];
    uint64_t n1 = (pll1 >> 8) & 0xff, m1 = pll1 & 0xff, n2 = 1, m2 = 1;
    unsigned log2p = (pll1 >> 16) & 7;

    switch (card->model->pll) {
    case NV_PLL_NV41:
        if (r[NV_PRAMDAC_580 / 4] & (head ? NV_RAMDAC_580_VPLL2_ACTIVE
                                          : NV_RAMDAC_580_VPLL1_ACTIVE)) {
            break;
        }
        /* fall through */
    case NV_PLL_TWO_REG:
        if (pll2 & NV31_PRAMDAC_VCO2_ENABLE) {
            n2 = (pll2 >> 8) & 0xff;
            m2 = pll2 & 0xff;
        }
        break;
    case NV_PLL_NV30:
        m1 &= 0xf;
        if (pll1 & NV30_PRAMDAC_VCO2_ENABLE) {
            m2 = (pll1 >> 4) & 7;
            n2 = ((pll1 >> 21) & 0x18) | ((pll1 >> 19) & 7);
        }
        break;
    case NV_PLL_SINGLE:
        break;
    }
    if (!m1 || !m2) {
        return 0;
    }
    return (card->model->crystal_hz / 1000 * n1 * n2 / (m1 * m2)) >> log2p;
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
    if (head == 0 && (off == NV_PRAMDAC_VPLL || off == NV_PRAMDAC_VPLL2 ||
                      off == NV_PRAMDAC_VPLL_B || off == NV_PRAMDAC_VPLL2_B ||
                      off == NV_PRAMDAC_580)) {
        nv_pcrtc_timing_changed(card);
    }
    return true;
}

static uint64_t pramdac_block_read(NVCard *card, uint32_t addr, unsigned size)
{
    return nv_head_block_read(card, NV_PRAMDAC_BASE, NV_PRMDIO_OFFSET, addr,
                              size, pramdac_read);
}

static void pramdac_block_write(NVCard *card, uint32_t addr, uint64_t val,
                                unsigned size)
{
    nv_head_block_write(card, NV_PRAMDAC_BASE, NV_PRMDIO_OFFSET, addr, val,
                        size, pramdac_write);
}

static void pramdac_reset(NVCard *card)
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

static const NVBlock pramdac_blocks[] = {
    { "pramdac", NV_ARCHS_NV3UP, NV_PRAMDAC_BASE, NV_PRAMDAC_SIZE, -1,
      .read = pramdac_block_read, .write = pramdac_block_write },
};

const NVEngine nv_pramdac_engine = {
    .name = "pramdac",
    .present = nv_model_is_nv3up,
    .blocks = pramdac_blocks, .nr_blocks = G_N_ELEMENTS(pramdac_blocks),
    .reset = pramdac_reset,
};
