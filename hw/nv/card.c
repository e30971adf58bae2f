/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the card core.  The MMIO map, access dispatch (sizes, the PMC
 * endian switch, engines held in reset by PMC.ENABLE), interrupt routing
 * into PMC, and logging of what we do not model.
 */
#include <string.h>

#include "hw/nv/nv.h"

#define ARCH(a)     (1u << (a))
#define NV1_ONLY    ARCH(NV_ARCH_NV1)
#define NV3_UP      (ARCH(NV_ARCH_NV20) | ARCH(NV_ARCH_NV30) | ARCH(NV_ARCH_NV40))
#define NV40_UP     ARCH(NV_ARCH_NV40)
/* Not an architecture: the models with a VP1 (NVModel.vp1). */
#define VP1_MODELS  (1u << 31)

typedef struct NVBlockDef {
    unsigned archs;
    NVBlock blk;
} NVBlockDef;

/*
 * mmio.rst: the NV1 map and the NV3:G80 map, with the PMC.ENABLE bit that
 * resets each engine.  Sorted by base within each architecture.
 */
static const NVBlockDef block_defs[] = {
    { NV1_ONLY | NV3_UP, { "pmc", NV_PMC_BASE, NV_PMC_SIZE, -1,
      nv_pmc_read, nv_pmc_write, NULL, NULL, nv_pmc_reset } },
    { NV1_ONLY | NV3_UP, { "pbus", NV_PBUS_BASE, NV_PBUS_SIZE, -1,
      nv_pbus_read, nv_pbus_write, NULL, NULL, nv_pbus_reset } },
    { NV3_UP, { "pfifo", NV4_PFIFO_BASE, NV4_PFIFO_SIZE, NV3_PMC_ENABLE_PFIFO,
      nv4_pfifo_read, nv4_pfifo_write, NULL, NULL, nv4_pfifo_reset } },
    { NV3_UP, { "ptimer", NV3_PTIMER_BASE, NV_PTIMER_SIZE,
      NV3_PMC_ENABLE_PTIMER,
      nv_ptimer_read, nv_ptimer_write, NULL, NULL, nv_ptimer_reset } },
    { NV40_UP, { "pclock", NV40_PCLOCK_BASE, NV40_PCLOCK_SIZE, -1,
      nv40_pclock_read, nv40_pclock_write, NULL, NULL, nv40_pclock_reset } },
    { NV40_UP, { "pcontrol", NV40_PCONTROL_BASE, NV40_PCONTROL_SIZE, -1,
      nv40_pcontrol_read, nv40_pcontrol_write, NULL, NULL, NULL } },
    /* PVP1 sits in PVPE: pmc.rst ENABLE bit 1 resets it (facts.md 3c). */
    { VP1_MODELS, { "pvp1", NV_PVP1_BASE, NV_PVP1_SIZE, NV17_PMC_ENABLE_PVPE,
      nv_pvp1_read, nv_pvp1_write, NULL, NULL, nv_pvp1_reset } },
    { NV40_UP, { "ppci", NV_PPCI_BASE, NV_PPCI_SIZE, -1,
      nv_ppci_read, nv_ppci_write, NULL, NULL, NULL } },
    { NV40_UP, { "pfifo.cache1", NV40_PFIFO_CACHE1_BASE,
      NV40_PFIFO_CACHE1_SIZE, NV3_PMC_ENABLE_PFIFO,
      nv40_pfifo_cache_read, nv40_pfifo_cache_write, NULL, NULL, NULL } },
    { NV3_UP, { "pfb", NV3_PFB_BASE, NV_PFB_SIZE, NV3_PMC_ENABLE_PFB,
      nv_pfb_read, nv_pfb_write, NULL, NULL, nv_pfb_reset } },
    { NV3_UP, { "pstraps", NV3_PSTRAPS_BASE, NV_PSTRAPS_SIZE, -1,
      nv_pstraps_read, nv_pstraps_write, NULL, NULL, nv_pstraps_reset } },
    { NV3_UP, { "prmvio", NV_PRMVIO_BASE, NV_PRMVIO_SIZE, -1,
      NULL, NULL, nv_prmvio_read, nv_prmvio_write, nv_vga_reset } },
    { NV3_UP, { "pcrtc", NV_PCRTC_BASE, NV_PCRTC_SIZE, -1,
      NULL, NULL, nv_pcrtc_read, nv_pcrtc_write, nv_pcrtc_reset } },
    { NV3_UP, { "pramdac", NV_PRAMDAC_BASE, NV_PRAMDAC_SIZE, -1,
      NULL, NULL, nv_pramdac_read, nv_pramdac_write, nv_pramdac_reset } },
    { NV1_ONLY, { "pdma", NV1_PDMA_BASE, NV1_PDMA_SIZE, NV1_PMC_ENABLE_PDMA,
      nv1_pdma_read, nv1_pdma_write, NULL, NULL, nv1_pdma_reset } },
    { NV1_ONLY, { "ptimer", NV1_PTIMER_BASE, NV_PTIMER_SIZE,
      NV1_PMC_ENABLE_PTIMER,
      nv_ptimer_read, nv_ptimer_write, NULL, NULL, nv_ptimer_reset } },
    { NV3_UP, { "pgraph", NV20_PGRAPH_BASE, NV20_PGRAPH_SIZE,
      NV3_PMC_ENABLE_PGRAPH, nv20_pgraph_read, nv20_pgraph_write, NULL, NULL,
      nv20_pgraph_reset } },
    { NV3_UP, { "prom", NV4_PROM_BASE, NV4_PROM_SIZE, -1,
      NULL, NULL, nv_prom_read, nv_prom_write, NULL } },
    { NV3_UP, { "user", NV4_USER_BASE, NV4_USER_SIZE, NV3_PMC_ENABLE_PFIFO,
      nv4_user_read, nv4_user_write, NULL, NULL, NULL } },
    { NV40_UP, { "user.nv40", NV40_USER_BASE, NV40_USER_SIZE,
      NV3_PMC_ENABLE_PFIFO, nv40_user_read, nv40_user_write, NULL, NULL,
      NULL } },
    /* nv1-pfifo.rst: ENABLE bit 8 only clears some registers; not modelled */
    { NV1_ONLY, { "pfifo", NV1_PFIFO_BASE, NV1_PFIFO_SIZE, -1,
      nv1_pfifo_read, nv1_pfifo_write, NULL, NULL, nv1_pfifo_reset } },
    { NV1_ONLY, { "pram", NV1_PRAM_BASE, NV1_PRAM_SIZE, -1,
      nv1_pram_read, nv1_pram_write, NULL, NULL, NULL } },
    { NV1_ONLY, { "pramht", NV1_PRAMHT_BASE, NV1_PRAMHT_SIZE, -1,
      NULL, NULL, nv1_pramht_read, nv1_pramht_write, NULL } },
    { NV1_ONLY, { "pramfc", NV1_PRAMFC_BASE, NV1_PRAMFC_SIZE, -1,
      NULL, NULL, nv1_pramfc_read, nv1_pramfc_write, NULL } },
    { NV1_ONLY, { "pramro", NV1_PRAMRO_BASE, NV1_PRAMRO_SIZE, -1,
      NULL, NULL, nv1_pramro_read, nv1_pramro_write, NULL } },
    { NV1_ONLY, { "user", NV1_USER_BASE, NV1_USER_SIZE, -1,
      NULL, NULL, nv1_user_read, nv1_user_write, NULL } },
    { NV1_ONLY, { "pgraph", NV1_PGRAPH_BASE, NV1_PGRAPH_SIZE,
      NV1_PMC_ENABLE_PGRAPH, nv1_pgraph_read, nv1_pgraph_write, NULL, NULL,
      nv1_pgraph_reset } },
    { NV1_ONLY, { "pgraph.mthd", NV1_PGRAPH_MTHD_BASE, NV1_PGRAPH_MTHD_SIZE,
      NV1_PMC_ENABLE_PGRAPH, nv1_pgraph_mthd_read, nv1_pgraph_mthd_write,
      NULL, NULL, NULL } },
    { NV1_ONLY, { "pfb", NV1_PFB_BASE, NV_PFB_SIZE, NV1_PMC_ENABLE_PFB,
      nv_pfb_read, nv_pfb_write, NULL, NULL, nv_pfb_reset } },
    { NV1_ONLY, { "pdac", NV1_PDAC_BASE, NV1_PDAC_SIZE, -1,
      nv1_pdac_read, nv1_pdac_write, NULL, NULL, nv1_pdac_reset } },
    { NV1_ONLY, { "prom", NV1_PROM_BASE, NV1_PROM_SIZE, -1,
      NULL, NULL, nv_prom_read, nv_prom_write, NULL } },
    { NV1_ONLY | NV3_UP, { "pramin", NV_PRAMIN_BASE, NV_PRAMIN_SIZE, -1,
      NULL, NULL, nv_ramin_read, nv_ramin_write, nv_pramin_reset } },
    { NV1_ONLY, { "fb", NV1_FB_BASE, NV1_FB_SIZE, -1,
      NULL, NULL, nv1_fb_read, nv1_fb_write, NULL } },
};

static const NVBlock unassigned_block = { .name = "unassigned" };

void nv_log(NVCard *card, NVLogKind kind, const char *fmt, ...)
{
    va_list ap;
    char *msg;

    if (!card->host.log) {
        return;
    }
    va_start(ap, fmt);
    msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    card->host.log(card->host.opaque, kind, msg);
    g_free(msg);
}

bool nv_host_dma(NVCard *card, uint64_t addr, void *buf, uint32_t len,
                 bool write)
{
    if (write) {
        return card->host.dma_write &&
               card->host.dma_write(card->host.opaque, addr, buf, len);
    }
    return card->host.dma_read &&
           card->host.dma_read(card->host.opaque, addr, buf, len);
}

void nv_unimp(NVCard *card, uint32_t off, bool write, uint64_t val)
{
    const NVBlock *blk = nv_card_find_block(card, off);
    const char *name = blk ? blk->name : "unassigned";
    uint32_t dword = off >> 2;

    /* The bitmap is bounded by BAR0's size, whatever the guest touches. */
    if (!card->unimp_seen) {
        card->unimp_seen = g_new0(uint32_t, card->model->bar0_size / 128);
    }
    if (card->unimp_seen[dword / 32] & (1u << (dword % 32))) {
        return;
    }
    card->unimp_seen[dword / 32] |= 1u << (dword % 32);
    if (write) {
        nv_log(card, NV_LOG_UNIMP, "nv: %s: unimplemented register 0x%06x "
               "written with 0x%08" G_GINT64_MODIFIER "x", name, off, val);
    } else {
        nv_log(card, NV_LOG_UNIMP, "nv: %s: unimplemented register 0x%06x "
               "read", name, off);
    }
}

void nv_card_init(NVCard *card, const NVModel *model, const NVHost *host,
                  uint8_t *vram, uint64_t vram_size,
                  const uint8_t *rom, uint32_t rom_size)
{
    NVBlock *blocks = g_new0(NVBlock, G_N_ELEMENTS(block_defs));
    unsigned has = ARCH(model->arch) |
                   (model->vp1 != NV_VP1_NONE ? VP1_MODELS : 0);
    unsigned n = 0;

    memset(card, 0, sizeof(*card));
    card->model = model;
    card->host = *host;
    card->vram = vram;
    card->vram_size = vram_size;
    card->rom = rom;
    card->rom_size = rom ? rom_size : 0;
    for (size_t i = 0; i < G_N_ELEMENTS(block_defs); i++) {
        if (block_defs[i].archs & has) {
            blocks[n++] = block_defs[i].blk;
        }
    }
    card->blocks = blocks;
    card->nr_blocks = n;
}

void nv_card_finalize(NVCard *card)
{
    g_free((void *)card->blocks);
    g_free(card->unimp_seen);
    card->blocks = NULL;
    card->unimp_seen = NULL;
}

void nv_card_reset(NVCard *card)
{
    card->big_endian = false;
    for (unsigned i = 0; i < card->nr_blocks; i++) {
        if (card->blocks[i].reset) {
            card->blocks[i].reset(card);
        }
    }
    card->irq_level = false;
    nv_card_update_irq(card);
}

/* pmc.rst: HW bits gated by INTR_ENABLE bit 0, the software bit by bit 1. */
static bool irq_line(NVCard *card)
{
    uint32_t intr = nv_pmc_intr(card);

    return ((intr & ~NV_PMC_INTR_SOFTWARE) &&
            (card->pmc.intr_en & NV_PMC_INTR_ENABLE_HW)) ||
           ((intr & NV_PMC_INTR_SOFTWARE) &&
            (card->pmc.intr_en & NV_PMC_INTR_ENABLE_SW));
}

void nv_card_post_load(NVCard *card)
{
    /* The PCI core migrates the INTx level itself; just resynchronise. */
    card->irq_level = irq_line(card);
    nv_ptimer_rearm(card);
    if (card->model->xf != NV_XF_NONE) {
        nv_xf_post_load(&card->xf);
    }
    if (card->model->arch == NV_ARCH_NV1) {
        nv1_pfb_vblank_rearm(card);
    } else {
        nv_pcrtc_vblank_rearm(card);
    }
    if (card->model->vp1 != NV_VP1_NONE) {
        nv_pvp1_post_load(card);
    }
    if (!nv_is_nv1(card)) {
        nv4_pfifo_run(card);                /* resume queued work */
    }
}

void nv_card_timer_expired(NVCard *card, NVTimerId id)
{
    switch (id) {
    case NV_TIMER_PTIMER:
        nv_ptimer_expired(card);
        break;
    case NV_TIMER_VBLANK:
        if (nv_is_nv1(card)) {
            nv1_pfb_vblank_expired(card);
        } else {
            nv_pcrtc_vblank_expired(card);
        }
        break;
    case NV_TIMER_VP1:
        nv_pvp1_expired(card);
        break;
    case NV_TIMER_PFIFO:
        if (!nv_is_nv1(card)) {
            nv4_pfifo_run(card);
        }
        break;
    default:
        break;
    }
}

void nv_card_update_irq(NVCard *card)
{
    bool level = irq_line(card);

    if (level != card->irq_level) {
        card->irq_level = level;
        if (card->host.set_irq) {
            card->host.set_irq(card->host.opaque, level);
        }
    }
}

const NVBlock *nv_card_find_block(const NVCard *card, uint32_t addr)
{
    for (unsigned i = 0; i < card->nr_blocks; i++) {
        const NVBlock *b = &card->blocks[i];
        if (addr >= b->base && addr - b->base < b->size) {
            return b;
        }
    }
    return NULL;
}

static bool block_enabled(NVCard *card, const NVBlock *blk)
{
    return blk->enable_bit < 0 || (card->pmc.enable >> blk->enable_bit) & 1;
}

/*
 * bars.rst: with the PMC endian switch set, BAR0 is byte-swapped in 32-bit
 * units.  A dword's value is swapped; a smaller access reaches the mirrored
 * byte lane of the same dword.
 */
static uint32_t swap_lane(NVCard *card, uint32_t addr, unsigned size)
{
    return card->big_endian && size < 4 ? addr ^ (4 - size) : addr;
}

static uint64_t swap_val(NVCard *card, uint64_t val, unsigned size)
{
    if (!card->big_endian) {
        return val;
    }
    switch (size) {
    case 2:
        return GUINT16_SWAP_LE_BE((uint16_t)val);
    case 4:
        return GUINT32_SWAP_LE_BE((uint32_t)val);
    default:
        return val;
    }
}

uint64_t nv_block_read(NVCard *card, const NVBlock *blk, uint32_t addr,
                       unsigned size)
{
    uint64_t val;

    if (!blk->read && !blk->read32) {
        nv_unimp(card, blk->base + addr, false, 0);
        return 0;
    }
    if (!block_enabled(card, blk)) {
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: %s: read of 0x%06x while the "
               "engine is disabled in PMC.ENABLE", blk->name, blk->base + addr);
        return 0;
    }
    addr = swap_lane(card, addr, size);
    if (blk->read) {
        val = blk->read(card, addr, size);
    } else {
        uint32_t dword = blk->read32(card, addr & ~3u);
        val = (dword >> (8 * (addr & 3))) & (size >= 4 ? ~0u : (1u << (8 * size)) - 1);
    }
    return swap_val(card, val, size);
}

void nv_block_write(NVCard *card, const NVBlock *blk, uint32_t addr,
                    uint64_t val, unsigned size)
{
    if (!blk->write && !blk->write32) {
        nv_unimp(card, blk->base + addr, true, val);
        return;
    }
    if (!block_enabled(card, blk)) {
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: %s: write of 0x%06x while the "
               "engine is disabled in PMC.ENABLE", blk->name, blk->base + addr);
        return;
    }
    addr = swap_lane(card, addr, size);
    val = swap_val(card, val, size);
    if (blk->write) {
        blk->write(card, addr, val, size);
    } else if (size == 4 && !(addr & 3)) {
        blk->write32(card, addr, val);
    } else {
        /* bars.rst: registers are accessed as aligned dwords. */
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: %s: %u-byte write to register "
               "0x%06x ignored", blk->name, size, blk->base + addr);
    }
}

uint64_t nv_mmio_read(NVCard *card, NVBar bar, uint64_t addr, unsigned size)
{
    const NVBlock *blk;

    if (bar == NV_BAR_RAMIN) {
        if (card->model->ramin_bar < 0 || addr >= card->model->ramin_bar_size) {
            return 0;
        }
        return nv_ramin_read(card, addr, size);
    }
    if (addr >= card->model->bar0_size) {
        return 0;
    }
    blk = nv_card_find_block(card, addr) ?: &unassigned_block;
    return nv_block_read(card, blk, addr - blk->base, size);
}

void nv_mmio_write(NVCard *card, NVBar bar, uint64_t addr, uint64_t val,
                   unsigned size)
{
    const NVBlock *blk;

    if (bar == NV_BAR_RAMIN) {
        if (card->model->ramin_bar >= 0 && addr < card->model->ramin_bar_size) {
            nv_ramin_write(card, addr, val, size);
        }
        return;
    }
    if (addr >= card->model->bar0_size) {
        return;
    }
    blk = nv_card_find_block(card, addr) ?: &unassigned_block;
    nv_block_write(card, blk, addr - blk->base, val, size);
}
