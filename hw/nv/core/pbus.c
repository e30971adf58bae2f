/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PBUS (docs/hw/bus/pbus.rst) and the PCI configuration space mirrors
 * (docs/hw/bus/pci.rst): 0x1800 on NV1:G80, and PPCI at 0x88000 on NV40+.  The
 * mirrors read and write the configuration space itself: a write there is
 * a configuration write (nouveau's ROM shadow switch, nvkm/subdev/pci
 * base.c nvkm_pci_rom_shadow(), flips bit 0 of 0x50 through it).
 */
#include "hw/nv/card.h"

static uint32_t pci_config(NVCard *card, uint32_t addr)
{
    if (!card->host.pci_config_read) {
        return 0;
    }
    return card->host.pci_config_read(card->host.opaque, addr & ~3u);
}

static void mirror_write(NVCard *card, uint32_t addr, uint32_t val)
{
    if (card->host.pci_config_write) {
        card->host.pci_config_write(card->host.opaque, addr & ~3u, val);
    }
}

static void pbus_reset(NVCard *card)
{
    memset(&card->pbus, 0, sizeof(card->pbus));
}

static uint32_t *host_mem(NVCard *card, uint32_t addr)
{
    if (!card->model->host_mem || addr < NV44_PBUS_HOST_MEM ||
        addr >= NV44_PBUS_HOST_MEM + NV44_PBUS_HOST_MEM_REGS * 4) {
        return NULL;
    }
    return &card->pbus.host_mem[(addr - NV44_PBUS_HOST_MEM) / 4];
}

static uint32_t pbus_read(NVCard *card, uint32_t addr)
{
    uint32_t *reg = host_mem(card, addr);

    if (reg) {
        return *reg;
    }
    if (addr >= NV_PBUS_PCI_MIRROR &&
        addr < NV_PBUS_PCI_MIRROR + NV_PBUS_PCI_MIRROR_SIZE) {
        return pci_config(card, addr - NV_PBUS_PCI_MIRROR);
    }
    switch (addr) {
    case NV_PBUS_INTR:
        return card->pbus.intr;
    case NV_PBUS_INTR_ENABLE:
        return card->pbus.intr_en;
    case NV31_PBUS_INTR_GPIO:
        if (card->model->intr_gpio) {
            return 0;
        }
        break;
    case NV31_PBUS_INTR_GPIO_EN:
        if (card->model->intr_gpio) {
            return card->pbus.intr_gpio_en;
        }
        break;
    case NV40_PBUS_HWUNITS:
        /* nvkm instmem/nv40.c sizes graphics contexts by the vertex mask. */
        if (card->model->arch == NV_ARCH_NV40) {
            return ((1u << card->model->quad_count) - 1) |
                   ((1u << card->model->vpe_count) - 1) << 8;
        }
        break;
    case NV20_PBUS_MEM_TYPE:
        if (card->model->ram_reg == NV_RAM_REG_PBUS1218) {
            return card->model->ram_type;
        }
        break;
    }
    nv_unimp(card, NV_PBUS_BASE + addr, false, 0);
    return 0;
}

static void pbus_write(NVCard *card, uint32_t addr, uint32_t val)
{
    uint32_t *reg = host_mem(card, addr);

    if (reg) {
        *reg = val & NV44_PBUS_HOST_MEM_MASK;
        return;
    }
    if (addr >= NV_PBUS_PCI_MIRROR &&
        addr < NV_PBUS_PCI_MIRROR + NV_PBUS_PCI_MIRROR_SIZE) {
        mirror_write(card, addr - NV_PBUS_PCI_MIRROR, val);
        return;
    }
    switch (addr) {
    case NV_PBUS_INTR:
        card->pbus.intr &= ~val;
        nv_card_update_irq(card);
        return;
    case NV_PBUS_INTR_ENABLE:
        card->pbus.intr_en = val;
        nv_card_update_irq(card);
        return;
    case NV31_PBUS_INTR_GPIO:
        if (card->model->intr_gpio) {
            return;             /* write 1 to clear: nothing is pending */
        }
        break;
    case NV31_PBUS_INTR_GPIO_EN:
        if (card->model->intr_gpio) {
            card->pbus.intr_gpio_en = val;
            return;
        }
        break;
    }
    nv_unimp(card, NV_PBUS_BASE + addr, true, val);
}

static uint32_t ppci_read(NVCard *card, uint32_t addr)
{
    return pci_config(card, addr);
}

static void ppci_write(NVCard *card, uint32_t addr, uint32_t val)
{
    mirror_write(card, addr, val);
}

static uint32_t pbus_intr(NVCard *card)
{
    return card->pbus.intr & card->pbus.intr_en ? 1u << NV_PMC_LINE_PBUS : 0;
}

static const NVBlock pbus_blocks[] = {
    { "pbus", NV_ARCHS_ALL, NV_PBUS_BASE, NV_PBUS_SIZE, -1,
      .read32 = pbus_read, .write32 = pbus_write },
};

const NVEngine nv_pbus_engine = {
    .name = "pbus",
    .blocks = pbus_blocks, .nr_blocks = G_N_ELEMENTS(pbus_blocks),
    .reset = pbus_reset,
    .intr = pbus_intr,
};

/* bus/pci.rst: the second mirror of the configuration space, NV40+. */
static const NVBlock ppci_blocks[] = {
    { "ppci", NV_ARCHS_NV3UP, NV_PPCI_BASE, NV_PPCI_SIZE, -1,
      .read32 = ppci_read, .write32 = ppci_write },
};

const NVEngine nv_ppci_engine = {
    .name = "ppci",
    .present = nv_model_is_nv40,
    .blocks = ppci_blocks, .nr_blocks = G_N_ELEMENTS(ppci_blocks),
};
