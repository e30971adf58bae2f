/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV40's PCLOCK and PCONTROL.  The documents say next to
 * nothing; the registers are what nouveau's nvkm/subdev/clk/nv40.c reads
 * to report the clocks: PLL control words (bit 31 enable, log2 P in bits
 * 16-18; N and M in bits 8-15 and 0-7 of one-stage PLLs) and coefficient
 * words (N2, M2, N1, M1 from the top byte down), from the 27 MHz crystal,
 * and PCONTROL.MASTER's source of the core (bits 0-1) and shader (bits
 * 4-5) clocks, 3 being the NVPLL.  They are stored and read back; the
 * model's own timing does not follow them.  Reset leaves what a POSTed
 * 6800 Ultra's VBIOS sets: core and shader at 27 MHz * 148 / 10 =
 * 399.6 MHz, memory at 27 MHz * 163 / 8 = 550.1 MHz (inferred values).
 */
#include "hw/nv/card.h"

#define PLL_400MHZ_COEF     0x0000940au     /* N1 148, M1 10 */
#define PLL_400MHZ_CTRL     (NV40_PLL_ENABLE | 0x940a)
#define PLL_550MHZ_COEF     0x0000a308u     /* N1 163, M1 8 */
#define MASTER_NVPLL        0x33u           /* core, shader from the NVPLL */

static void pclock_reset(NVCard *card)
{
    uint32_t *r = card->pclock.regs;

    memset(&card->pclock, 0, sizeof(card->pclock));
    r[NV40_PCLOCK_NVPLL / 4] = NV40_PLL_ENABLE;
    r[NV40_PCLOCK_NVPLL / 4 + 1] = PLL_400MHZ_COEF;
    r[NV40_PCLOCK_SPLL / 4] = PLL_400MHZ_CTRL;
    r[NV40_PCLOCK_MPLL / 4] = NV40_PLL_ENABLE;
    r[NV40_PCLOCK_MPLL / 4 + 1] = PLL_550MHZ_COEF;
    card->pclock.master = MASTER_NVPLL;
}

static uint32_t pclock_read(NVCard *card, uint32_t addr)
{
    if (addr < NV40_PCLOCK_REGS * 4) {
        return card->pclock.regs[addr / 4];
    }
    nv_unimp(card, NV40_PCLOCK_BASE + addr, false, 0);
    return 0;
}

static void pclock_write(NVCard *card, uint32_t addr, uint32_t val)
{
    if (addr < NV40_PCLOCK_REGS * 4) {
        card->pclock.regs[addr / 4] = val;
        return;
    }
    nv_unimp(card, NV40_PCLOCK_BASE + addr, true, val);
}

static uint32_t pcontrol_read(NVCard *card, uint32_t addr)
{
    if (addr == NV40_PCONTROL_MASTER) {
        return card->pclock.master;
    }
    nv_unimp(card, NV40_PCONTROL_BASE + addr, false, 0);
    return 0;
}

static void pcontrol_write(NVCard *card, uint32_t addr, uint32_t val)
{
    if (addr == NV40_PCONTROL_MASTER) {
        card->pclock.master = val;
        return;
    }
    nv_unimp(card, NV40_PCONTROL_BASE + addr, true, val);
}

static const NVBlock pclock_blocks[] = {
    { "pclock", NV_ARCHS_NV3UP, NV40_PCLOCK_BASE, NV40_PCLOCK_SIZE, -1,
      .read32 = pclock_read, .write32 = pclock_write },
    { "pcontrol", NV_ARCHS_NV3UP, NV40_PCONTROL_BASE, NV40_PCONTROL_SIZE, -1,
      .read32 = pcontrol_read, .write32 = pcontrol_write },
};

const NVEngine nv40_pclock_engine = {
    .name = "pclock",
    .present = nv_model_is_nv40,
    .blocks = pclock_blocks, .nr_blocks = G_N_ELEMENTS(pclock_blocks),
    .reset = pclock_reset,
};
