/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the nv-gpu device's state, shared by its three files:
 * nv-gpu.c (QOM, PCI, BARs, the card's host callbacks), nv-gpu-display.c
 * (the console, the VGA core) and nv-gpu-vmstate.c (migration).
 */
#ifndef HW_DISPLAY_NV_GPU_H
#define HW_DISPLAY_NV_GPU_H

#include "hw/i2c/bitbang_i2c.h"
#include "hw/pci/pci.h"
#include "migration/vmstate.h"
#include "qemu/units.h"
#include "qom/object.h"
#include "ui/console.h"

#include "hw/nv/card.h"
#include "hw/nv/mem/pramin.h"
#include "../vga_int.h"

#define TYPE_NV_GPU "nv-gpu"
OBJECT_DECLARE_SIMPLE_TYPE(NVGPUState, NV_GPU)

#define NV_MAX_BLOCKS 24
#define NV_VBE_PORT 0x1ce       /* Bochs DISPI index; data at 0x1cf */
#define NV_PCI_ROM_SHADOW 0x50  /* config register, bit 0 */
#define NV1_FB_ALIASES (NV1_FB_SIZE / MiB)   /* enough for the smallest VRAM */

typedef struct NVGPUBlock {
    NVGPUState *s;
    const NVBlock *blk;
    MemoryRegion mr;
} NVGPUBlock;

struct NVGPUState {
    PCIDevice parent_obj;

    /* properties */
    char *model_name;
    uint64_t vram_size;

    NVCard card;
    MemoryRegion bar0;
    MemoryRegion unassigned;
    NVGPUBlock blocks[NV_MAX_BLOCKS];
    /* VRAM is the VGA core's: BAR1, and the memory behind legacy VGA. */
    VGACommonState vga;
    MemoryRegion vga_mem;           /* 0xa0000-0xbffff */
    MemoryRegion vga_io;            /* ports 0x3b0-0x3df */
    MemoryRegion vbe_io;            /* Bochs DISPI 0x1ce-0x1d0 */
    bool vga_drawn;                 /* the VGA core drew the last frame */
    uint32_t vga_synced;            /* card.vga_gen the core has a copy of */
    MemoryRegion fb_alias[NV1_FB_ALIASES];
    MemoryRegion ramin;
    QEMUTimer *timers[NV_TIMER_COUNT];

    /* Display: the mode and palette last drawn, to redraw on change. */
    QemuConsole *con;
    NV1Scanout mode;
    NV1Pdac pdac_drawn;
    NVScanout crtc_mode;
    uint8_t palette_drawn[768];
    uint32_t genctl_drawn;

    /* DDC: the CR3E/CR3F lines bit-banged onto an i2c-ddc EDID. */
    bitbang_i2c_interface ddc;
};

/* nv-gpu-display.c */
extern const GraphicHwOps nv_gpu_gfx_ops;
void nv_gpu_init_vga(NVGPUState *s);
void nv_gpu_invalidate(void *opaque);

/* nv-gpu-vmstate.c */
extern const VMStateDescription vmstate_nv_gpu;

#endif
