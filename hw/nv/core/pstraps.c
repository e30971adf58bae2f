/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PSTRAPS (docs/hw/io/pstraps.rst): the straps the board's
 * resistors give (NVModel.straps: the crystal bits nouveau reads,
 * nvkm/engine/device/base.c) and the NV4+ override.  Unaffected by
 * PMC.ENABLE after NV17.
 */
#include "hw/nv/card.h"

static void pstraps_reset(NVCard *card)
{
    card->pstraps.straps0 = card->model->straps;
}

static uint32_t pstraps_read(NVCard *card, uint32_t addr)
{
    if (addr == NV_PSTRAPS_STRAPS0_PRIMARY) {
        return card->pstraps.straps0;
    }
    nv_unimp(card, NV3_PSTRAPS_BASE + addr, false, 0);
    return 0;
}

/* pstraps.rst: bit 31 set overrides the straps; clear restores the board's. */
static void pstraps_write(NVCard *card, uint32_t addr, uint32_t val)
{
    if (addr == NV_PSTRAPS_STRAPS0_PRIMARY) {
        card->pstraps.straps0 = val & NV_PSTRAPS_OVERRIDE ? val :
                                card->model->straps;
        return;
    }
    nv_unimp(card, NV3_PSTRAPS_BASE + addr, true, val);
}

static const NVBlock pstraps_blocks[] = {
    { "pstraps", NV_ARCHS_NV3UP, NV3_PSTRAPS_BASE, NV_PSTRAPS_SIZE, -1,
      .read32 = pstraps_read, .write32 = pstraps_write },
};

const NVEngine nv_pstraps_engine = {
    .name = "pstraps",
    .present = nv_model_is_nv3up,
    .blocks = pstraps_blocks, .nr_blocks = G_N_ELEMENTS(pstraps_blocks),
    .reset = pstraps_reset,
};
