/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PFB, the memory interface.  At this stage the registers drivers
 * read to size VRAM and the configuration words they read back; the NV1
 * canvas fields here also steer RAMIN addressing (nv1-vram.rst).
 */
#include "hw/nv/nv.h"

static bool is_nv1(NVCard *card)
{
    return card->model->arch == NV_ARCH_NV1;
}

void nv_pfb_reset(NVCard *card)
{
    card->pfb.config0 = 0;
    card->pfb.config1 = 0;
    card->pfb.start = 0;
}

/* NV1 BOOT_0.RAM_AMOUNT: VRAM is 1 MiB << n. */
static uint32_t nv1_ram_amount(NVCard *card)
{
    uint32_t n = 0;

    while ((1ull << (20 + n)) < card->vram_size) {
        n++;
    }
    return n;
}

uint32_t nv_pfb_read(NVCard *card, uint32_t addr)
{
    if (is_nv1(card)) {
        switch (addr) {
        case NV1_PFB_BOOT_0:
            return nv1_ram_amount(card);
        case NV1_PFB_CONFIG_0:
            return card->pfb.config0;
        case NV1_PFB_START:
            return card->pfb.start;
        }
        nv_unimp(card, NV1_PFB_BASE + addr, false, 0);
        return 0;
    }
    switch (addr) {
    case NV10_PFB_CFG0:
        return card->pfb.config0;
    case NV10_PFB_CFG1:
        return card->pfb.config1;
    case NV10_PFB_MEM_AMOUNT:
        /* Drivers mask it with 0xff000000: VRAM in bytes, 16 MiB units. */
        return card->vram_size;
    }
    nv_unimp(card, NV3_PFB_BASE + addr, false, 0);
    return 0;
}

void nv_pfb_write(NVCard *card, uint32_t addr, uint32_t val)
{
    if (is_nv1(card)) {
        switch (addr) {
        case NV1_PFB_BOOT_0:
            return;     /* strapped */
        case NV1_PFB_CONFIG_0:
            card->pfb.config0 = val & NV1_PFB_CONFIG_0_MASK;
            return;
        case NV1_PFB_START:
            card->pfb.start = val;
            return;
        }
        nv_unimp(card, NV1_PFB_BASE + addr, true, val);
        return;
    }
    switch (addr) {
    case NV10_PFB_CFG0:
        card->pfb.config0 = val;
        return;
    case NV10_PFB_CFG1:
        card->pfb.config1 = val;
        return;
    case NV10_PFB_MEM_AMOUNT:
        return;         /* strapped */
    }
    nv_unimp(card, NV3_PFB_BASE + addr, true, val);
}
