/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PBUS, the bus interface (docs/hw/bus/pbus.rst,
 * docs/hw/bus/pci.rst).
 */
#ifndef HW_NV_PBUS_H
#define HW_NV_PBUS_H

#include <stdint.h>

#define NV_PBUS_BASE                0x001000
#define NV_PBUS_SIZE                0x1000

#define NV_PBUS_INTR                0x100
#define NV_PBUS_INTR_ENABLE         0x140
/* rnndb pbus.xml, NV31+: GPIO line interrupts; no line ever changes here. */
#define NV31_PBUS_INTR_GPIO         0x104
#define NV31_PBUS_INTR_GPIO_EN      0x144
#define NV20_PBUS_MEM_TYPE          0x218   /* NVModel.ram_reg PBUS1218 */
/* rnndb pbus.xml HWUNITS_0 (NV40+): enabled pixel quads, vertex units. */
#define NV40_PBUS_HWUNITS           0x540
/* rnndb pbus.xml HOST_MEM (NV44): BAR1 VRAM size, GART limit, cutout... */
#define NV44_PBUS_HOST_MEM          0x700
#define NV44_PBUS_HOST_MEM_REGS     5
#define   NV44_PBUS_HOST_MEM_MASK   0xfff00000u     /* 1 MiB aligned */
/* PCI config space mirror: 0x100 bytes at 0x1800 on NV1:G80 (pci.rst). */
#define NV_PBUS_PCI_MIRROR          0x800
#define NV_PBUS_PCI_MIRROR_SIZE     0x100

/* NV40+ mirror of the whole 4 KiB (PCIE) config space at 0x88000. */
#define NV_PPCI_BASE                0x088000
#define NV_PPCI_SIZE                0x1000

typedef struct NVPbus {
    uint32_t intr;
    uint32_t intr_en;
    uint32_t host_mem[NV44_PBUS_HOST_MEM_REGS];
    uint32_t intr_gpio_en;
} NVPbus;

extern const struct NVEngine nv_pbus_engine;
extern const struct NVEngine nv_ppci_engine;

#endif
