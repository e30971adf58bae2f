/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the model table.  One row per emulated chip; engines ask the row
 * which generation of themselves to be instead of testing chipset numbers.
 */
#ifndef HW_NV_NV_MODEL_H
#define HW_NV_NV_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* MMIO map family: mmio.rst has one map for NV1 and one for NV3:G80. */
typedef enum NVArch {
    NV_ARCH_NV1,
    NV_ARCH_NV20,
    NV_ARCH_NV30,
    NV_ARCH_NV40,
} NVArch;

typedef enum NVPgraphGen {
    NV_PGRAPH_NV1,
    NV_PGRAPH_KELVIN,
    NV_PGRAPH_RANKINE,
    NV_PGRAPH_CURIE,
} NVPgraphGen;

/*
 * Which variant of its generation's PGRAPH register file a chip has, as a
 * bit so a register row can name several (docs/pgraph.rst "Chip tags").
 */
typedef enum NVPgraphChip {
    NV_PGRAPH_CHIP_NONE = 0,            /* NV1: no such register file */
    NV_PGRAPH_CHIP_NV20 = 1 << 0,       /* NV20 (and NV2A) */
    NV_PGRAPH_CHIP_NV25 = 1 << 1,       /* NV25, NV28 */
    NV_PGRAPH_CHIP_NV30 = 1 << 2,       /* NV30, NV31, NV35, NV36 */
    NV_PGRAPH_CHIP_NV34 = 1 << 3,
    NV_PGRAPH_CHIP_NV40 = 1 << 4,       /* NV40, NV43, NV44 alike */
} NVPgraphChip;

typedef enum NVXfIsa {
    NV_XF_NONE,
    NV_XF_KELVIN,
    NV_XF_RANKINE,      /* NV30 also accepts Kelvin programs (converted) */
    NV_XF_COMBINED,     /* NV40: Rankine and Curie programs converted */
    NV_XF_CURIE,
} NVXfIsa;

typedef enum NVVp1Gen {
    NV_VP1_NONE,
    NV_VP1_NV41,
    NV_VP1_NV44,        /* improved context switching and method processing */
} NVVp1Gen;

/* How PRAMDAC's pixel PLLs are laid out (nouveau dispnv04/hw.c). */
typedef enum NVPllKind {
    NV_PLL_SINGLE,              /* N, M, log2 P in one register */
    NV_PLL_NV30,                /* NV30/NV35: a second VCO inside it */
    NV_PLL_TWO_REG,             /* NV31, NV36, NV40: VPLL_B at 0x578 */
    NV_PLL_NV41,                /* as TWO_REG, and PRAMDAC 0x580 can
                                   bypass the 2nd VCO (single stage) */
} NVPllKind;

/* Where the VBIOS leaves the memory type for the driver (nvkm/subdev/fb). */
typedef enum NVRamReg {
    NV_RAM_REG_NONE,            /* NV1 */
    NV_RAM_REG_PBUS1218,        /* NV20:NV41: bits 8-9, 0 SDR, 1 DDR1,
                                   2 GDDR3, 3 DDR2 (GDDR2 before NV40) */
    NV_RAM_REG_PFB474,          /* NV41+: bit 0 DDR1, 1 DDR2, 2 GDDR3 */
} NVRamReg;

typedef struct NVModel {
    const char *name;           /* the model= value */
    const char *card;           /* marketing name of the modelled board */
    NVArch arch;
    uint16_t vendor_id;
    uint16_t device_id;
    uint8_t revision;
    uint16_t class_id;
    uint32_t boot0;             /* PMC.BOOT_0 */
    bool endian_switch;         /* PMC.ENDIAN exists (NV1A+) */
    bool pcie;                  /* native PCIE: 64-bit BARs */
    uint64_t vram_default;
    uint64_t vram_min;          /* valid sizes: powers of two in [min, max] */
    uint64_t vram_max;
    uint64_t bar0_size;
    int ramin_bar;              /* PCI region of the RAMIN aperture, or -1 */
    uint64_t ramin_bar_size;
    uint32_t pmc_enable_reset;  /* engines the VBIOS leaves enabled */
    uint32_t ptimer_ext_hz;     /* PTIMER's external clock (MCLK/NVCLK/HCLK) */
    uint32_t crystal_hz;        /* PLL reference; NV41+ PTIMER source too */
    bool ptimer_clock_source;   /* NV41+ CLOCK_SOURCE register */
    NVPgraphGen pgraph;
    NVPgraphChip pgraph_chip;   /* register file variant (docs/pgraph.rst) */
    NVXfIsa xf;
    bool ltctx_split;           /* NV25: LTCTX_A and LTCTX_B (intro.rst) */
    unsigned vpe_count;         /* Kelvin/Rankine/Curie vertex engines */
    unsigned quad_count;        /* NV40+ pixel quad pipes */
    NVVp1Gen vp1;
    unsigned heads;             /* display heads (CRTC + RAMDAC pairs) */
    bool pvideo_planar;         /* PVIDEO takes NV12/NV21 (NV25+) */
    uint32_t straps;            /* PSTRAPS 0 as the board's resistors set it */
    NVPllKind pll;
    bool nv41_pfb;              /* NV41+ PFB: 12 tiles at 0x600, the GART */
    bool host_mem;              /* NV44 PBUS HOST_MEM (TurboCache) */
    bool intr_gpio;             /* NV31+ PBUS INTR_GPIO/INTR_GPIO_EN */
    NVRamReg ram_reg;
    uint32_t ram_type;          /* the value of that register */
} NVModel;

extern const NVModel nv_models[];
extern const size_t nv_model_count;

/* Returns NULL when no model has that name. */
const NVModel *nv_model_find(const char *name);
/* "nv1, nv20, ..." for error messages; caller frees. */
char *nv_model_names(void);
/*
 * Checks a VRAM size against the model.  On failure returns false and
 * sets *err to a message listing the valid sizes (caller frees).
 */
bool nv_model_vram_valid(const NVModel *m, uint64_t size, char **err);

/* Which engines a model has, as NVEngine.present asks it. */
bool nv_model_is_nv1(const NVModel *m);
bool nv_model_is_nv3up(const NVModel *m);      /* the NV3:G80 MMIO map */
bool nv_model_is_nv40(const NVModel *m);
bool nv_model_has_vp1(const NVModel *m);

#endif
