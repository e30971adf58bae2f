/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PFB, the memory interface.  At this stage the registers drivers
 * read to size VRAM and the configuration words they read back; the NV1
 * canvas fields here also steer RAMIN addressing (docs/hw/memory/nv1-vram.rst).
 */
#include <string.h>

#include "hw/nv/card.h"
#include "hw/nv/graph/nv1/pgraph-nv1.h"
#include "hw/nv/mem/pramin.h"

/*
 * NV1 vertical blanking.  The pixel clock comes from DAC PLLs pdac.rst does
 * not describe, so frames are a fixed 60 Hz of virtual time; the blank is
 * the non-displayed share of the vertical timings (a twentieth of the
 * frame when they are not set).
 */
#define FRAME_NS    16666667

/* Nanoseconds into each frame at which the blank starts. */
static int64_t active_ns(NVCard *card)
{
    const uint32_t *t = card->pfb.timing;
    uint64_t vdisp = t[NV1_PFB_VER_DISP_WIDTH] & 0xfff, vtotal = 0;

    for (unsigned i = NV1_PFB_VER_FRONT_PORCH; i <= NV1_PFB_VER_DISP_WIDTH; i++) {
        vtotal += t[i] & 0xfff;
    }
    if (!vdisp || vtotal <= vdisp) {
        return FRAME_NS - FRAME_NS / 20;
    }
    return FRAME_NS * vdisp / vtotal;
}

static bool nv1_in_vblank(NVCard *card)
{
    return nv_now_ns(card) % FRAME_NS >= active_ns(card);
}

void nv1_pfb_vblank_rearm(NVCard *card)
{
    int64_t now = nv_now_ns(card), next;

    if (!card->host.timer_mod) {
        return;
    }
    if (!((card->pmc.enable >> NV1_PMC_ENABLE_PFB) & 1)) {
        card->host.timer_del(card->host.opaque, NV_TIMER_VBLANK);
        return;
    }
    next = now - now % FRAME_NS + active_ns(card);
    if (next <= now) {
        next += FRAME_NS;
    }
    card->host.timer_mod(card->host.opaque, NV_TIMER_VBLANK, next);
}

void nv1_pfb_vblank_expired(NVCard *card)
{
    nv1_pgraph_vblank(card);
    nv1_pfb_vblank_rearm(card);
}

static void pfb_reset(NVCard *card)
{
    memset(&card->pfb, 0, sizeof(card->pfb));
    if (nv_is_nv1(card)) {
        nv1_pfb_vblank_rearm(card);
    }
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

/* Registers the model only stores: tiling set-up for the 3D engines. */
static uint32_t *nv20_pfb_storage(NVCard *card, uint32_t addr)
{
    bool nv41 = card->model->nv41_pfb;
    uint32_t tiles = nv41 ? NV41_PFB_TILE : NV20_PFB_TILE;
    uint32_t count = nv41 ? NV41_PFB_TILES : NV20_PFB_TILES;

    if (addr >= tiles && addr < tiles + count * 16) {
        return &card->pfb.tile[(addr - tiles) / 4];
    }
    if (addr >= NV20_PFB_ZCOMP && addr < NV20_PFB_ZCOMP + NV20_PFB_ZCOMPS * 4) {
        return &card->pfb.zcomp[(addr - NV20_PFB_ZCOMP) / 4];
    }
    if (nv41 && addr >= NV41_PFB_GART &&
        addr < NV41_PFB_GART + NV41_PFB_GART_REGS * 4) {
        return &card->pfb.gart[(addr - NV41_PFB_GART) / 4];
    }
    if (nv41 && addr == NV41_PFB_GART_CTRL) {
        return &card->pfb.gart_ctrl;
    }
    if (card->model->arch == NV_ARCH_NV40 && addr == NV40_PFB_33C) {
        return &card->pfb.r33c;
    }
    return NULL;
}

static uint32_t pfb_read(NVCard *card, uint32_t addr)
{
    uint32_t *reg;

    if (nv_is_nv1(card)) {
        switch (addr) {
        case NV1_PFB_BOOT_0:
            return nv1_ram_amount(card);
        case NV1_PFB_CONFIG_0:
            return card->pfb.config0 |
                   (nv1_in_vblank(card) ? NV1_PFB_CONFIG_0_VBLANK : 0);
        case NV1_PFB_START:
            return card->pfb.start;
        }
        if (addr >= NV1_PFB_TIMING(0) && addr <= NV1_PFB_TIMING(7) &&
            !(addr & 0xf)) {
            return card->pfb.timing[(addr - NV1_PFB_TIMING(0)) / 0x10];
        }
        nv_unimp(card, NV1_PFB_BASE + addr, false, 0);
        return 0;
    }
    reg = nv20_pfb_storage(card, addr);
    if (reg) {
        return *reg;
    }
    switch (addr) {
    case NV10_PFB_CFG0:
        return card->pfb.config0;
    case NV10_PFB_CFG1:
        return card->pfb.config1;
    case NV10_PFB_MEM_AMOUNT:
        /* Drivers mask it with 0xff000000: VRAM in bytes, 16 MiB units. */
        return card->vram_size;
    case NV41_PFB_MEM_TYPE:
        if (card->model->ram_reg == NV_RAM_REG_PFB474) {
            return card->model->ram_type;
        }
        break;
    case NV20_PFB_ZCOMP_MAX_TAG:
        return 0;
    }
    nv_unimp(card, NV3_PFB_BASE + addr, false, 0);
    return 0;
}

static void pfb_write(NVCard *card, uint32_t addr, uint32_t val)
{
    uint32_t *reg;

    if (nv_is_nv1(card)) {
        switch (addr) {
        case NV1_PFB_BOOT_0:
            return;     /* strapped */
        case NV1_PFB_CONFIG_0:
            card->pfb.config0 = val & NV1_PFB_CONFIG_0_MASK;
            return;
        case NV1_PFB_START:
            card->pfb.start = val & 0x3fffff;   /* a 4 MiB address */
            return;
        }
        if (addr >= NV1_PFB_TIMING(0) && addr <= NV1_PFB_TIMING(7) &&
            !(addr & 0xf)) {
            card->pfb.timing[(addr - NV1_PFB_TIMING(0)) / 0x10] = val & 0xfff;
            nv1_pfb_vblank_rearm(card);
            return;
        }
        nv_unimp(card, NV1_PFB_BASE + addr, true, val);
        return;
    }
    reg = nv20_pfb_storage(card, addr);
    if (reg) {
        /* The model keeps no TLB: a flush is over as soon as it starts. */
        if (addr == NV44_PFB_GART_FLUSH && (val & NV44_PFB_GART_FLUSH_GO)) {
            val |= NV44_PFB_GART_FLUSH_DONE;
        }
        *reg = val;
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
    case NV20_PFB_ZCOMP_MAX_TAG:
        return;         /* strapped, read-only */
    }
    nv_unimp(card, NV3_PFB_BASE + addr, true, val);
}

/*
 * NV41+ GART: a bus address for GPU virtual address @vaddr, as the page
 * tables nouveau builds give it (nvkm/subdev/mmu).  NV41-NV43: 0x800 =
 * table's RAMIN address | 2, one 32-bit PTE per 4 KiB page, (bus >> 7) |
 * VALID, 2^17 pages (vmmnv41.c).  NV44: 0x800 = table's VRAM address |
 * 0x10, 0x804 the aperture size; four 27-bit page frames packed in each
 * 16 bytes, no valid bit (vmmnv44.c's nv44_vmm_pgt_fill).
 */
bool nv_pfb_gart_translate(NVCard *card, uint64_t vaddr, uint64_t *bus)
{
    const uint32_t *g = card->pfb.gart;
    uint64_t page = vaddr >> 12, a;
    uint32_t t[4], e;

    if (!card->model->nv41_pfb) {
        return false;
    }
    if (!card->model->host_mem) {
        if (page >= 1u << 17) {
            return false;
        }
        e = nv_ramin_read(card, (g[0] & ~0xfu) + page * 4, 4);
        *bus = (uint64_t)(e >> 5) << 12 | (vaddr & 0xfff);
        return e & 1;
    }
    a = (g[0] & ~0x7ffffull) + (page >> 2) * 16;
    if (vaddr >= g[1] || a + 16 > card->vram_size) {
        return false;
    }
    for (unsigned i = 0; i < 4; i++) {
        t[i] = nv_ld_le(card->vram + a + 4 * i, 4);
    }
    switch (page & 3) {
    case 0:
        e = t[0] & 0x7ffffff;
        break;
    case 1:
        e = t[0] >> 27 | (t[1] & 0x3fffff) << 5;
        break;
    case 2:
        e = t[1] >> 22 | (t[2] & 0x1ffff) << 10;
        break;
    default:
        e = t[2] >> 17 | (t[3] & 0xfff) << 15;
        break;
    }
    *bus = (uint64_t)e << 12 | (vaddr & 0xfff);
    return true;
}

/* NV1's PFB also times the display: it owns the VBLANK timer there. */
static const NVBlock nv1_pfb_blocks[] = {
    { "pfb", NV_ARCHS_NV1, NV1_PFB_BASE, NV_PFB_SIZE, NV1_PMC_ENABLE_PFB,
      .read32 = pfb_read, .write32 = pfb_write },
};

const NVEngine nv1_pfb_engine = {
    .name = "pfb",
    .present = nv_model_is_nv1,
    .blocks = nv1_pfb_blocks, .nr_blocks = G_N_ELEMENTS(nv1_pfb_blocks),
    .reset = pfb_reset,
    .timer = NV_TIMER_VBLANK, .expired = nv1_pfb_vblank_expired,
    .post_load = nv1_pfb_vblank_rearm,
};

static const NVBlock pfb_blocks[] = {
    { "pfb", NV_ARCHS_NV3UP, NV3_PFB_BASE, NV_PFB_SIZE, NV3_PMC_ENABLE_PFB,
      .read32 = pfb_read, .write32 = pfb_write },
};

const NVEngine nv_pfb_engine = {
    .name = "pfb",
    .present = nv_model_is_nv3up,
    .blocks = pfb_blocks, .nr_blocks = G_N_ELEMENTS(pfb_blocks),
    .reset = pfb_reset,
};
