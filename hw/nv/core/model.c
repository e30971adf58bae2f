/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the model table.
 *
 * PCI ids from docs/hw/pciid.rst.  BOOT_0 follows docs/hw/bus/pmc.rst: on
 * NV1 the pmc-id-nv1 layout (revision, implementation 1, GPU 1); on NV10+
 * the GPU id in bits 20-27, the low four bits of the PCI device id in bits
 * 16-19 and the stepping in bits 0-7, which is also the PCI revision.
 */
#include <glib.h>

#include "hw/nv/nv-model.h"

#define KiB ((uint64_t)1 << 10)
#define MiB ((uint64_t)1 << 20)

/* NV10+ BOOT_0 from the GPU id, the PCI device id and the stepping. */
#define BOOT0(gpu, did, step) \
    (((uint32_t)(gpu) << 20) | (((did) & 0xfu) << 16) | (step))

/*
 * PMC.ENABLE as a POSTed card has it: every engine the chip has (pmc.rst
 * "Engine enables").  NV1: PAUDIO, PDMA+PTIMER, PFIFO, PGRAPH, PRM, PFB.
 * NV20: bits 0,4,8,12,16,20,24,28; NV25 adds PCRTC2 (25) and PTV (26);
 * NV30+ add PVPE (1).
 */
#define ENABLE_NV1   0x01011111u
#define ENABLE_NV20  0x11111111u
#define ENABLE_NV25  0x17111111u
#define ENABLE_NV30  0x17111113u

/*
 * PTIMER's external source clock (NV1 MCLK, NV4:NV40 NVCLK, NV40 HCLK).
 * envytools gives no frequencies; we take 250 MHz, a typical core clock of
 * these boards.  With CLOCK_DIV 8 and CLOCK_MUL 1 at reset the counter runs
 * at the 31.25 MHz nouveau aims for, so TIME counts nanoseconds.
 */
#define EXT_CLOCK    250000000u
#define CRYSTAL      27000000u
/*
 * PSTRAPS crystal bits (nvkm/engine/device/base.c): bit 6 alone picks
 * 14.318 MHz; from NV25 on bit 22 with bit 6 clear picks 27 MHz.
 */
#define STRAPS_14318 0x00000040u
#define CRYSTAL_14318 14318180u
#define STRAPS_27000 0x00400000u

const NVModel nv_models[] = {
    {
        .name = "nv1", .card = "NV1 (STG-2000 / Edge 3D)",
        .arch = NV_ARCH_NV1, .vendor_id = 0x10de, .device_id = 0x0008,
        .revision = 0x10, .class_id = 0x0380, .boot0 = 0x00010110,
        .vram_default = 4 * MiB, .vram_min = 1 * MiB, .vram_max = 4 * MiB,
        .bar0_size = 32 * MiB, .ramin_bar = -1,
        .pmc_enable_reset = ENABLE_NV1, .ptimer_ext_hz = EXT_CLOCK,
        .pgraph = NV_PGRAPH_NV1,
    },
    {
        .name = "nv20", .card = "GeForce3",
        .arch = NV_ARCH_NV20, .vendor_id = 0x10de, .device_id = 0x0200,
        .revision = 0xa5, .class_id = 0x0300,
        .boot0 = BOOT0(0x20, 0x0200, 0xa5), .endian_switch = true,
        .vram_default = 64 * MiB, .vram_min = 32 * MiB, .vram_max = 128 * MiB,
        .bar0_size = 16 * MiB, .ramin_bar = -1,
        .pmc_enable_reset = ENABLE_NV20, .ptimer_ext_hz = EXT_CLOCK,
        .pgraph = NV_PGRAPH_KELVIN, .pgraph_chip = NV_PGRAPH_CHIP_NV20,
        .xf = NV_XF_KELVIN, .vpe_count = 1,
        .crystal_hz = CRYSTAL_14318, .pll = NV_PLL_SINGLE,
        .heads = 1, .straps = STRAPS_14318,
        .ram_reg = NV_RAM_REG_PBUS1218, .ram_type = 0x100,     /* DDR1 */
    },
    {
        .name = "nv25", .card = "GeForce4 Ti 4600",
        .arch = NV_ARCH_NV20, .vendor_id = 0x10de, .device_id = 0x0250,
        .revision = 0xa3, .class_id = 0x0300,
        .boot0 = BOOT0(0x25, 0x0250, 0xa3), .endian_switch = true,
        .vram_default = 128 * MiB, .vram_min = 64 * MiB, .vram_max = 128 * MiB,
        .bar0_size = 16 * MiB, .ramin_bar = -1,
        .pmc_enable_reset = ENABLE_NV25, .ptimer_ext_hz = EXT_CLOCK,
        .pgraph = NV_PGRAPH_KELVIN, .pgraph_chip = NV_PGRAPH_CHIP_NV25,
        .xf = NV_XF_KELVIN, .ltctx_split = true,
        .vpe_count = 2,
        .crystal_hz = CRYSTAL, .pll = NV_PLL_SINGLE,
        .heads = 2, .straps = STRAPS_27000,
        .pvideo_planar = true,
        .ram_reg = NV_RAM_REG_PBUS1218, .ram_type = 0x100,     /* DDR1 */
    },
    {
        .name = "nv30", .card = "GeForce FX 5800 Ultra",
        .arch = NV_ARCH_NV30, .vendor_id = 0x10de, .device_id = 0x0301,
        .revision = 0xa2, .class_id = 0x0300,
        .boot0 = BOOT0(0x30, 0x0301, 0xa2), .endian_switch = true,
        .vram_default = 128 * MiB, .vram_min = 128 * MiB,
        .vram_max = 256 * MiB,
        .bar0_size = 16 * MiB, .ramin_bar = -1,
        .pmc_enable_reset = ENABLE_NV30, .ptimer_ext_hz = EXT_CLOCK,
        .pgraph = NV_PGRAPH_RANKINE, .pgraph_chip = NV_PGRAPH_CHIP_NV30,
        .xf = NV_XF_RANKINE, .vpe_count = 3,
        .crystal_hz = CRYSTAL, .pll = NV_PLL_NV30,
        .heads = 2, .straps = STRAPS_27000,
        .pvideo_planar = true,
        .ram_reg = NV_RAM_REG_PBUS1218, .ram_type = 0x300,     /* GDDR2 */
    },
    {
        .name = "nv34", .card = "GeForce FX 5200",
        .arch = NV_ARCH_NV30, .vendor_id = 0x10de, .device_id = 0x0322,
        .revision = 0xa1, .class_id = 0x0300,
        .boot0 = BOOT0(0x34, 0x0322, 0xa1), .endian_switch = true,
        .vram_default = 128 * MiB, .vram_min = 64 * MiB, .vram_max = 256 * MiB,
        .bar0_size = 16 * MiB, .ramin_bar = -1,
        .pmc_enable_reset = ENABLE_NV30, .ptimer_ext_hz = EXT_CLOCK,
        .pgraph = NV_PGRAPH_RANKINE, .pgraph_chip = NV_PGRAPH_CHIP_NV34,
        .xf = NV_XF_RANKINE, .vpe_count = 1,
        .crystal_hz = CRYSTAL, .pll = NV_PLL_SINGLE,
        .intr_gpio = true, .heads = 2, .straps = STRAPS_27000,
        .pvideo_planar = true,
        .ram_reg = NV_RAM_REG_PBUS1218, .ram_type = 0x100,     /* DDR1 */
    },
    {
        .name = "nv40", .card = "GeForce 6800 Ultra",
        .arch = NV_ARCH_NV40, .vendor_id = 0x10de, .device_id = 0x0040,
        .revision = 0xa1, .class_id = 0x0300,
        .boot0 = BOOT0(0x40, 0x0040, 0xa1), .endian_switch = true,
        .vram_default = 256 * MiB, .vram_min = 128 * MiB,
        .vram_max = 512 * MiB,
        .bar0_size = 16 * MiB, .ramin_bar = 3, .ramin_bar_size = 16 * MiB,
        .pmc_enable_reset = ENABLE_NV30, .ptimer_ext_hz = EXT_CLOCK,
        .pgraph = NV_PGRAPH_CURIE, .pgraph_chip = NV_PGRAPH_CHIP_NV40,
        .xf = NV_XF_COMBINED, .vpe_count = 6, .quad_count = 4,
        .crystal_hz = CRYSTAL, .pll = NV_PLL_TWO_REG,
        .intr_gpio = true, .heads = 2, .straps = STRAPS_27000,
        .pvideo_planar = true,
        .ram_reg = NV_RAM_REG_PBUS1218, .ram_type = 0x200,     /* GDDR3 */
    },
    {
        .name = "nv43", .card = "GeForce 6600 GT",
        .arch = NV_ARCH_NV40, .vendor_id = 0x10de, .device_id = 0x0140,
        .revision = 0xa2, .class_id = 0x0300,
        .boot0 = BOOT0(0x43, 0x0140, 0xa2), .endian_switch = true,
        .pcie = true,
        .vram_default = 128 * MiB, .vram_min = 128 * MiB,
        .vram_max = 256 * MiB,
        .bar0_size = 16 * MiB, .ramin_bar = 3, .ramin_bar_size = 16 * MiB,
        .pmc_enable_reset = ENABLE_NV30, .ptimer_ext_hz = EXT_CLOCK,
        .crystal_hz = CRYSTAL, .ptimer_clock_source = true,
        .pgraph = NV_PGRAPH_CURIE, .pgraph_chip = NV_PGRAPH_CHIP_NV40,
        .xf = NV_XF_CURIE, .vpe_count = 3, .quad_count = 2,
        .vp1 = NV_VP1_NV41,
        .pll = NV_PLL_NV41,
        .intr_gpio = true, .heads = 2, .straps = STRAPS_27000,
        .pvideo_planar = true,
        .nv41_pfb = true,
        .ram_reg = NV_RAM_REG_PFB474, .ram_type = 0x4,         /* GDDR3 */
    },
    {
        .name = "nv44", .card = "GeForce 6200 TurboCache",
        .arch = NV_ARCH_NV40, .vendor_id = 0x10de, .device_id = 0x0161,
        .revision = 0xa1, .class_id = 0x0300,
        .boot0 = BOOT0(0x44, 0x0161, 0xa1), .endian_switch = true,
        .pcie = true,
        .vram_default = 64 * MiB, .vram_min = 16 * MiB, .vram_max = 128 * MiB,
        .bar0_size = 16 * MiB, .ramin_bar = 3, .ramin_bar_size = 16 * MiB,
        .pmc_enable_reset = ENABLE_NV30, .ptimer_ext_hz = EXT_CLOCK,
        .crystal_hz = CRYSTAL, .ptimer_clock_source = true,
        .pgraph = NV_PGRAPH_CURIE, .pgraph_chip = NV_PGRAPH_CHIP_NV40,
        .xf = NV_XF_CURIE, .vpe_count = 3, .quad_count = 1,
        .vp1 = NV_VP1_NV44,
        .pll = NV_PLL_NV41,
        .intr_gpio = true, .heads = 2, .straps = STRAPS_27000,
        .pvideo_planar = true,
        .nv41_pfb = true, .host_mem = true,
        .ram_reg = NV_RAM_REG_PFB474, .ram_type = 0x1,         /* DDR1 */
    },
};

const size_t nv_model_count = G_N_ELEMENTS(nv_models);

const NVModel *nv_model_find(const char *name)
{
    for (size_t i = 0; name && i < nv_model_count; i++) {
        if (!strcmp(nv_models[i].name, name)) {
            return &nv_models[i];
        }
    }
    return NULL;
}

char *nv_model_names(void)
{
    GString *s = g_string_new(NULL);

    for (size_t i = 0; i < nv_model_count; i++) {
        g_string_append_printf(s, "%s%s", i ? ", " : "", nv_models[i].name);
    }
    return g_string_free(s, FALSE);
}

static void append_size(GString *s, uint64_t size)
{
    if (size >= MiB) {
        g_string_append_printf(s, "%" G_GUINT64_FORMAT "M", size / MiB);
    } else {
        g_string_append_printf(s, "%" G_GUINT64_FORMAT "K", size / KiB);
    }
}

bool nv_model_vram_valid(const NVModel *m, uint64_t size, char **err)
{
    GString *s;

    if (size >= m->vram_min && size <= m->vram_max && !(size & (size - 1))) {
        return true;
    }
    s = g_string_new(NULL);
    g_string_append_printf(s, "vram-size %" G_GUINT64_FORMAT
                           " is not valid for model %s; valid sizes: ",
                           size, m->name);
    for (uint64_t v = m->vram_min; v <= m->vram_max; v <<= 1) {
        g_string_append(s, v == m->vram_min ? "" : ", ");
        append_size(s, v);
    }
    *err = g_string_free(s, FALSE);
    return false;
}

bool nv_model_is_nv1(const NVModel *m)
{
    return m->arch == NV_ARCH_NV1;
}

bool nv_model_is_nv3up(const NVModel *m)
{
    return m->arch != NV_ARCH_NV1;
}

bool nv_model_is_nv40(const NVModel *m)
{
    return m->arch == NV_ARCH_NV40;
}

bool nv_model_has_vp1(const NVModel *m)
{
    return m->vp1 != NV_VP1_NONE;
}
