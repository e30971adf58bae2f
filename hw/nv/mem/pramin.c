/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the windows on memory.  PRAMIN (instance memory at the end of
 * VRAM), PROM (the VBIOS), and NV1's straight framebuffer window.
 */
#include "hw/nv/card.h"
#include "hw/nv/mem/pramin.h"


uint64_t nv_ramin_to_vram(NVCard *card, uint64_t addr)
{
    uint64_t size = card->vram_size;

    if (card->model->arch == NV_ARCH_NV1) {
        /*
         * nv1-vram.rst "RAMIN": every address bit but the low two is
         * flipped, so RAMIN's dwords run backwards from the end of VRAM.
         * (The doc's code says ~4; its text and the dword layout say ~3.)
         * Double buffering splits RAMIN over both halves every 0x100 bytes,
         * starting from buffer 1.
         */
        uint64_t x = addr ^ ~3ull;

        if (card->pfb.config0 & NV1_PFB_CONFIG_0_DOUBLE_BUFFER) {
            uint64_t half = size / 2;
            uint64_t buf = (x >> 8) & 1;

            x = (x & 0xff) | ((x >> 1) & ~0xffull);
            return x % half + half * buf;
        }
        return x % size;
    }
    /*
     * NV4+ (nv4-vram.rst is a todo): RAMIN grows down from the end of VRAM
     * in 64 KiB blocks, the granularity of PFB's PRAMIN write protection
     * (rnndb nv3_pfb.xml / nv10_pfb.xml, "VRAM_SIZE-(MASK+1)*0x10000").
     * The NV44 family in 512 KiB blocks: nouveau finds RAMIN address A in
     * VRAM at size - ((A >> 19) + 1) * 512 KiB + A % 512 KiB both for its
     * GART table (mmu/nv44.c) and for RAMFC (fifo/nv40.c).
     */
    uint64_t blk = card->model->host_mem ? 0x80000 : 0x10000;
    uint64_t block = (addr / blk) % (size / blk);

    return size - (block + 1) * blk + addr % blk;
}

uint32_t nv_vram_read32(NVCard *card, uint64_t addr)
{
    return addr + 4 <= card->vram_size ? nv_ld_le(card->vram + addr, 4) : 0;
}

void nv_vram_write32(NVCard *card, uint64_t addr, uint32_t val)
{
    if (addr + 4 > card->vram_size) {
        return;
    }
    nv_st_le(card->vram + addr, val, 4);
    if (card->host.vram_dirty) {
        card->host.vram_dirty(card->host.opaque, addr, 4);
    }
}

/*
 * Both mappings keep an aligned dword's bytes together and in order (NV1
 * flips only bits 2 and up; NV4+ moves whole 64 or 512 KiB blocks), so an
 * aligned dword is one VRAM access.
 */
uint64_t nv_ramin_read(NVCard *card, uint32_t addr, unsigned size)
{
    uint64_t v = 0;

    if (size == 4 && !(addr & 3)) {
        return nv_ld_le(card->vram + nv_ramin_to_vram(card, addr), 4);
    }
    for (unsigned i = 0; i < size; i++) {
        v |= (uint64_t)card->vram[nv_ramin_to_vram(card, addr + i)] << (8 * i);
    }
    return v;
}

void nv_ramin_write(NVCard *card, uint32_t addr, uint64_t val, unsigned size)
{
    uint64_t lo = UINT64_MAX, hi = 0;

    for (unsigned i = 0; i < size; i++) {
        uint64_t a = nv_ramin_to_vram(card, addr + i);

        card->vram[a] = val >> (8 * i);
        lo = MIN(lo, a);
        hi = MAX(hi, a);
    }
    /* One report per access: its bytes sit within one dword of VRAM. */
    if (card->host.vram_dirty && size) {
        card->host.vram_dirty(card->host.opaque, lo, hi - lo + 1);
    }
}

/*
 * A POSTed NV4+ card has its VBIOS image at the start of PRAMIN, and
 * nouveau looks there first (nvkm/subdev/bios/shadowramin.c); with no
 * x86 POST of ours to put it there, reset does.
 */
static void pramin_reset(NVCard *card)
{
    uint32_t n = MIN(card->rom_size, NV_PRAMIN_SIZE);

    if (nv_is_nv1(card) || !n) {
        return;
    }
    for (uint32_t i = 0; i < n; i++) {
        card->vram[nv_ramin_to_vram(card, i)] = card->rom[i];
    }
    if (card->host.vram_dirty) {
        card->host.vram_dirty(card->host.opaque, 0, card->vram_size);
    }
}

/* Past the image (or with none loaded) the ROM reads as erased: all ones. */
static uint64_t prom_read(NVCard *card, uint32_t addr, unsigned size)
{
    uint64_t v = 0;

    for (unsigned i = 0; i < size; i++) {
        uint64_t b = addr + i < card->rom_size ? card->rom[addr + i] : 0xff;
        v |= b << (8 * i);
    }
    return v;
}

static void prom_write(NVCard *card, uint32_t addr, uint64_t val, unsigned size)
{
    nv_log(card, NV_LOG_GUEST_ERROR, "nv: prom: write of 0x%" G_GINT64_MODIFIER
           "x to ROM offset 0x%x ignored", val, addr);
}

/* nv1-vram.rst: BAR0 0x1000000 maps VRAM straight, wrapping at its size. */
static uint64_t nv1_fb_read(NVCard *card, uint32_t addr, unsigned size)
{
    uint64_t off = addr % card->vram_size;

    if (off + size > card->vram_size) {
        return 0;
    }
    return nv_ld_le(card->vram + off, size);
}

static void nv1_fb_write(NVCard *card, uint32_t addr, uint64_t val,
                         unsigned size)
{
    uint64_t off = addr % card->vram_size;

    if (off + size <= card->vram_size) {
        nv_st_le(card->vram + off, val, size);
    }
}

static const NVBlock pramin_blocks[] = {
    { "pramin", NV_ARCHS_ALL, NV_PRAMIN_BASE, NV_PRAMIN_SIZE, -1,
      .read = nv_ramin_read, .write = nv_ramin_write },
    /* NV1: the framebuffer window at 16 MiB. */
    { "fb", NV_ARCHS_NV1, NV1_FB_BASE, NV1_FB_SIZE, -1,
      .read = nv1_fb_read, .write = nv1_fb_write },
};

const NVEngine nv_pramin_engine = {
    .name = "pramin",
    .blocks = pramin_blocks, .nr_blocks = G_N_ELEMENTS(pramin_blocks),
    .reset = pramin_reset,
};

static const NVBlock prom_blocks[] = {
    { "prom", NV_ARCHS_NV1, NV1_PROM_BASE, NV1_PROM_SIZE, -1,
      .read = prom_read, .write = prom_write },
    { "prom", NV_ARCHS_NV3UP, NV4_PROM_BASE, NV4_PROM_SIZE, -1,
      .read = prom_read, .write = prom_write },
};

const NVEngine nv_prom_engine = {
    .name = "prom",
    .blocks = prom_blocks, .nr_blocks = G_N_ELEMENTS(prom_blocks),
};
