/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the nv-gpu PCI device.
 *
 * QOM/PCI glue around the QEMU-free card library (hw/nv/).  BAR0 is a
 * container with one named MMIO region per engine of the card's block
 * table over a background region that catches unassigned offsets; BAR1 is
 * VRAM as guest RAM; NV40+ add the RAMIN aperture.  Interrupts, timers,
 * logging and PCI config reads are the card's NVHost callbacks.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "qemu/units.h"
#include "qapi/error.h"
#include "hw/display/i2c-ddc.h"
#include "hw/i2c/bitbang_i2c.h"
#include "hw/pci/pci.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "qom/object.h"
#include "ui/console.h"
#include "trace.h"

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

/* ---- NVHost callbacks ------------------------------------------------ */

static void nv_host_set_irq(void *opaque, bool level)
{
    NVGPUState *s = opaque;

    trace_nv_irq(level);
    pci_set_irq(&s->parent_obj, level);
}

static int64_t nv_host_clock_ns(void *opaque)
{
    return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

static void nv_host_timer_mod(void *opaque, NVTimerId id, int64_t deadline)
{
    NVGPUState *s = opaque;

    trace_nv_timer_mod(id, deadline);
    timer_mod(s->timers[id], deadline);
}

static void nv_host_timer_del(void *opaque, NVTimerId id)
{
    NVGPUState *s = opaque;

    trace_nv_timer_del(id);
    timer_del(s->timers[id]);
}

static void nv_host_vram_dirty(void *opaque, uint64_t addr, uint64_t len)
{
    NVGPUState *s = opaque;

    memory_region_set_dirty(&s->vga.vram, addr, len);
}

/* The card's PCI/AGP DMA objects are bus-master cycles of the device. */
static bool nv_host_dma_read(void *opaque, uint64_t addr, void *buf,
                             uint32_t len)
{
    NVGPUState *s = opaque;
    bool ok = pci_dma_read(&s->parent_obj, addr, buf, len) == MEMTX_OK;

    trace_nv_dma_read(addr, len, ok);
    return ok;
}

static bool nv_host_dma_write(void *opaque, uint64_t addr, const void *buf,
                              uint32_t len)
{
    NVGPUState *s = opaque;
    bool ok = pci_dma_write(&s->parent_obj, addr, buf, len) == MEMTX_OK;

    trace_nv_dma_write(addr, len, ok);
    return ok;
}

static uint32_t nv_host_pci_config_read(void *opaque, uint32_t addr)
{
    NVGPUState *s = opaque;
    PCIDevice *pdev = &s->parent_obj;

    if (addr + 4 > pci_config_size(pdev)) {
        return 0;
    }
    return pci_default_read_config(pdev, addr, 4);
}

/* Like ati-vga: the clock first, then the data line, whose level we return. */
static bool nv_host_ddc(void *opaque, bool scl, bool sda)
{
    NVGPUState *s = opaque;

    bitbang_i2c_set(&s->ddc, BITBANG_I2C_SCL, scl);
    return bitbang_i2c_set(&s->ddc, BITBANG_I2C_SDA, sda);
}

static void nv_host_pci_config_write(void *opaque, uint32_t addr,
                                     uint32_t val)
{
    NVGPUState *s = opaque;
    PCIDevice *pdev = &s->parent_obj;

    if (addr + 4 <= pci_config_size(pdev)) {
        pci_default_write_config(pdev, addr, val, 4);
    }
}

static void nv_host_log(void *opaque, NVLogKind kind, const char *msg)
{
    qemu_log_mask(kind == NV_LOG_UNIMP ? LOG_UNIMP : LOG_GUEST_ERROR,
                  "%s\n", msg);
}

static void nv_gpu_timer_cb(NVGPUState *s, NVTimerId id)
{
    trace_nv_timer_expired(id);
    nv_card_timer_expired(&s->card, id);
}

static void nv_gpu_ptimer_cb(void *opaque)
{
    nv_gpu_timer_cb(opaque, NV_TIMER_PTIMER);
}

static void nv_gpu_vblank_cb(void *opaque)
{
    nv_gpu_timer_cb(opaque, NV_TIMER_VBLANK);
}

static void nv_gpu_vp1_cb(void *opaque)
{
    nv_gpu_timer_cb(opaque, NV_TIMER_VP1);
}

static void nv_gpu_pfifo_cb(void *opaque)
{
    nv_gpu_timer_cb(opaque, NV_TIMER_PFIFO);
}

static QEMUTimerCB *const nv_timer_cbs[NV_TIMER_COUNT] = {
    [NV_TIMER_PTIMER] = nv_gpu_ptimer_cb,
    [NV_TIMER_VBLANK] = nv_gpu_vblank_cb,
    [NV_TIMER_VP1] = nv_gpu_vp1_cb,
    [NV_TIMER_PFIFO] = nv_gpu_pfifo_cb,
};

/* ---- display ------------------------------------------------------- */

typedef void NVGPULineFn(NVGPUState *s, unsigned y, uint32_t *out);

/*
 * Report the lines whose VRAM changed (all of them after a mode or palette
 * change) to the console.  With @line, they are converted into a console
 * surface of our own first (NV1's per-pixel palette bypass, 8 bpp through
 * the palette, a blanked screen); without, the surface is VRAM itself.
 * @bytes is how much of VRAM one line shows, for the dirty check.
 */
static void nv_gpu_draw(NVGPUState *s, unsigned width, unsigned height,
                        uint64_t start, uint64_t stride, uint64_t bytes,
                        bool full, NVGPULineFn *line)
{
    DisplaySurface *ds = qemu_console_surface(s->con);
    DirtyBitmapSnapshot *snap;
    int first = -1, last = -1;

    if (!width || !height) {
        return;
    }
    /* The VGA core or the shared path may have left VRAM as the surface. */
    if (line && (!ds || surface_width(ds) != width ||
                 surface_height(ds) != height || is_buffer_shared(ds))) {
        qemu_console_resize(s->con, width, height);
        ds = qemu_console_surface(s->con);
        full = true;
    }
    snap = memory_region_snapshot_and_clear_dirty(&s->vga.vram, 0, s->vram_size,
                                                  DIRTY_MEMORY_VGA);
    for (unsigned y = 0; y < height; y++) {
        uint64_t off = (start + y * stride) % s->vram_size;
        bool dirty = full || !bytes || off + bytes > s->vram_size ||
                     memory_region_snapshot_get_dirty(&s->vga.vram, snap, off,
                                                      bytes);

        if (!dirty) {
            continue;
        }
        if (line) {
            line(s, y, (uint32_t *)(surface_data(ds) + y * surface_stride(ds)));
        }
        if (first < 0) {
            first = y;
        }
        last = y;
    }
    g_free(snap);
    if (first >= 0) {
        dpy_gfx_update(s->con, 0, first, width, last - first + 1);
    }
}

static void nv_gpu_nv1_line(NVGPUState *s, unsigned y, uint32_t *out)
{
    nv1_scanout_line(&s->card, &s->mode, y, out);
}

static void nv_gpu_crtc_line(NVGPUState *s, unsigned y, uint32_t *out)
{
    nv_pcrtc_scanout_line(&s->card, 0, &s->crtc_mode, y, out);
}

static void nv_gpu_update_nv1(NVGPUState *s)
{
    NV1Scanout m;
    bool full;

    nv1_scanout_mode(&s->card, &m);
    if (!m.enabled) {
        return;
    }
    full = memcmp(&m, &s->mode, sizeof(m)) ||
           memcmp(&s->card.pdac1, &s->pdac_drawn, sizeof(s->pdac_drawn));
    s->mode = m;
    s->pdac_drawn = s->card.pdac1;
    nv_gpu_draw(s, m.width, m.height, m.start, m.stride, m.stride, full,
                nv_gpu_nv1_line);
}

/*
 * Direct-colour modes whose lines all lie in VRAM are shown from VRAM
 * itself, like bochs-display; 8 bpp, a blanked screen and a mode running
 * past the end of VRAM are converted line by line instead.
 */
static bool nv_gpu_crtc_shared(NVGPUState *s, const NVScanout *m,
                               pixman_format_code_t *fmt)
{
    switch (m->bpp) {
    case 15:
        *fmt = PIXMAN_x1r5g5b5;
        break;
    case 16:
        *fmt = PIXMAN_r5g6b5;
        break;
    case 32:
        *fmt = PIXMAN_x8r8g8b8;
        break;
    default:
        return false;
    }
    return !m->blank && m->stride % 4 == 0 && m->stride >= m->line_bytes &&
           m->base + (uint64_t)m->stride * (m->height - 1) + m->line_bytes <=
           s->vram_size;
}

/*
 * NV2x-NV4x: head A, which the VBIOS's DCB routes the VGA connector to,
 * in a native (CR28) mode.
 */
static void nv_gpu_update_crtc(NVGPUState *s)
{
    const NVVgaHead *v = &s->card.vga.head[0];
    uint32_t genctl = nv_pramdac_general_control(&s->card, 0);
    pixman_format_code_t fmt;
    DisplaySurface *ds;
    NVScanout m;
    bool full;

    nv_pcrtc_scanout(&s->card, 0, &m);
    if (!m.native) {
        return;
    }
    full = memcmp(&m, &s->crtc_mode, sizeof(m)) ||
           memcmp(v->palette, s->palette_drawn, sizeof(s->palette_drawn)) ||
           genctl != s->genctl_drawn;
    s->crtc_mode = m;
    s->genctl_drawn = genctl;
    memcpy(s->palette_drawn, v->palette, sizeof(s->palette_drawn));
    if (!nv_gpu_crtc_shared(s, &m, &fmt)) {
        nv_gpu_draw(s, m.width, m.height, m.base, m.stride,
                    m.line_bytes, full, nv_gpu_crtc_line);
        return;
    }
    ds = qemu_console_surface(s->con);
    if (full || !ds || !is_buffer_shared(ds)) {
        ds = qemu_create_displaysurface_from(m.width, m.height, fmt, m.stride,
                                             s->vga.vram_ptr + m.base);
        dpy_gfx_replace_surface(s->con, ds);
        full = true;
    }
    nv_gpu_draw(s, m.width, m.height, m.base, m.stride,
                m.line_bytes, full, NULL);
}

/* ---- legacy VGA ---------------------------------------------------- */

/*
 * The card owns the VGA registers (hw/nv/vga.c); QEMU's VGA core decodes
 * the legacy memory window and draws text and VGA graphics modes from a
 * copy of them, taken from the head CR44 gives the legacy ports, before
 * each use.  The Bochs DISPI (VBE) registers SeaBIOS's VGA BIOS uses live
 * in the VGA core alone.
 */
static void nv_gpu_vga_sync(NVGPUState *s)
{
    const NVVgaHead *h = &s->card.vga.head[nv_vga_owner_head(&s->card)];
    VGACommonState *v = &s->vga;

    v->dac_8bit = (nv_pramdac_general_control(&s->card, 0) &
                   NV_PRAMDAC_GENERAL_CONTROL_BPC_8BITS) ||
                  (v->vbe_regs[VBE_DISPI_INDEX_ENABLE] & VBE_DISPI_8BIT_DAC);
    /* Byte-wide text and planar access would copy it all every time. */
    if (s->vga_synced == s->card.vga_gen) {
        return;
    }
    s->vga_synced = s->card.vga_gen;
    memcpy(v->sr, h->sr, sizeof(h->sr));
    v->sr_index = h->sr_index;
    memcpy(v->gr, h->gr, sizeof(h->gr));
    v->gr_index = h->gr_index;
    memcpy(v->ar, h->ar, sizeof(v->ar));
    v->ar_index = h->ar_index;
    v->ar_flip_flop = h->ar_flip;
    memcpy(v->cr, h->cr, NV_CR_LAST_STANDARD + 1);
    v->cr_index = h->cr_index;
    v->msr = h->misc;
    v->fcr = h->fcr;
    memcpy(v->palette, h->palette, sizeof(v->palette));
}

/* A VBE mode set rewrites the VGA registers of the mode: keep them. */
static void nv_gpu_vga_sync_back(NVGPUState *s)
{
    NVVgaHead *h = &s->card.vga.head[nv_vga_owner_head(&s->card)];

    memcpy(h->gr, s->vga.gr, sizeof(h->gr));
    memcpy(h->cr, s->vga.cr, NV_CR_LAST_STANDARD + 1);
}

static uint64_t nv_vga_mem_read(void *opaque, hwaddr addr, unsigned size)
{
    NVGPUState *s = opaque;

    nv_gpu_vga_sync(s);
    return vga_mem_readb(&s->vga, addr);
}

static void nv_vga_mem_write(void *opaque, hwaddr addr, uint64_t val,
                             unsigned size)
{
    NVGPUState *s = opaque;

    nv_gpu_vga_sync(s);
    vga_mem_writeb(&s->vga, addr, val);
}

static const MemoryRegionOps nv_vga_mem_ops = {
    .read = nv_vga_mem_read,
    .write = nv_vga_mem_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 8 },
    .impl = { .min_access_size = 1, .max_access_size = 1 },
};

static uint64_t nv_vga_io_read(void *opaque, hwaddr addr, unsigned size)
{
    NVGPUState *s = opaque;

    return nv_vga_port_read(&s->card, nv_vga_owner_head(&s->card),
                            NV_VGA_PORT_FIRST + addr);
}

static void nv_vga_io_write(void *opaque, hwaddr addr, uint64_t val,
                            unsigned size)
{
    NVGPUState *s = opaque;

    nv_vga_port_write(&s->card, nv_vga_owner_head(&s->card),
                      NV_VGA_PORT_FIRST + addr, val);
}

/* outw to an index port is index then data: the core splits it. */
static const MemoryRegionOps nv_vga_io_ops = {
    .read = nv_vga_io_read,
    .write = nv_vga_io_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 2 },
    .impl = { .min_access_size = 1, .max_access_size = 1 },
};

static uint64_t nv_vbe_io_read(void *opaque, hwaddr addr, unsigned size)
{
    NVGPUState *s = opaque;

    return addr ? vbe_ioport_read_data(&s->vga, 0) : s->vga.vbe_index;
}

static void nv_vbe_io_write(void *opaque, hwaddr addr, uint64_t val,
                            unsigned size)
{
    NVGPUState *s = opaque;

    if (!addr) {
        vbe_ioport_write_index(&s->vga, 0, val);
        return;
    }
    nv_gpu_vga_sync(s);
    vbe_ioport_write_data(&s->vga, 0, val);
    nv_gpu_vga_sync_back(s);
}

/*
 * Like std-vga: index at 0x1ce, data at 0x1cf (and 0x1d0), 16-bit ports
 * at odd addresses.
 */
static const MemoryRegionOps nv_vbe_io_ops = {
    .read = nv_vbe_io_read,
    .write = nv_vbe_io_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 2, .unaligned = true },
    .impl = { .min_access_size = 2, .max_access_size = 2, .unaligned = true },
};

static void nv_gpu_init_vga(NVGPUState *s)
{
    Object *obj = OBJECT(s);
    PCIDevice *pdev = &s->parent_obj;

    memory_region_init_io(&s->vga_mem, obj, &nv_vga_mem_ops, s, "nv.vga-mem",
                          0x20000);
    memory_region_add_subregion_overlap(pci_address_space(pdev), 0xa0000,
                                        &s->vga_mem, 1);
    memory_region_init_io(&s->vga_io, obj, &nv_vga_io_ops, s, "nv.vga-io",
                          NV_VGA_PORT_LAST - NV_VGA_PORT_FIRST + 1);
    memory_region_add_subregion(pci_address_space_io(pdev),
                                NV_VGA_PORT_FIRST, &s->vga_io);
    memory_region_init_io(&s->vbe_io, obj, &nv_vbe_io_ops, s, "nv.vbe-io", 3);
    memory_region_add_subregion(pci_address_space_io(pdev),
                                NV_VBE_PORT, &s->vbe_io);
}

static void nv_gpu_update_vga(NVGPUState *s)
{
    nv_gpu_vga_sync(s);
    if (!s->vga_drawn) {
        s->vga.hw_ops->invalidate(&s->vga);
        s->vga_drawn = true;
    }
    s->vga.hw_ops->gfx_update(&s->vga);
}

/* NV1 has no VGA; later cards show VGA modes until CR28 picks a native one. */
static void nv_gpu_gfx_update(void *opaque)
{
    NVGPUState *s = opaque;
    NVScanout m;

    if (s->card.model->arch == NV_ARCH_NV1) {
        nv_gpu_update_nv1(s);
        return;
    }
    nv_pcrtc_scanout(&s->card, 0, &m);
    if (!m.native) {
        nv_gpu_update_vga(s);
        return;
    }
    if (s->vga_drawn) {
        memset(&s->crtc_mode, 0, sizeof(s->crtc_mode));
        s->vga_drawn = false;
    }
    nv_gpu_update_crtc(s);
}

static void nv_gpu_invalidate(void *opaque)
{
    NVGPUState *s = opaque;

    memset(&s->mode, 0, sizeof(s->mode));
    memset(&s->crtc_mode, 0, sizeof(s->crtc_mode));
    s->vga_drawn = false;
    s->vga_synced = s->card.vga_gen - 1;
}

static void nv_gpu_text_update(void *opaque, console_ch_t *chardata)
{
    NVGPUState *s = opaque;

    if (s->card.model->arch != NV_ARCH_NV1) {
        nv_gpu_vga_sync(s);
        s->vga.hw_ops->text_update(&s->vga, chardata);
    }
}

static const GraphicHwOps nv_gpu_gfx_ops = {
    .invalidate = nv_gpu_invalidate,
    .gfx_update = nv_gpu_gfx_update,
    .text_update = nv_gpu_text_update,
};

/* ---- MMIO ------------------------------------------------------------ */

static uint64_t nv_block_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    NVGPUBlock *b = opaque;
    uint64_t val = nv_block_read(&b->s->card, b->blk, addr, size);

    trace_nv_mmio_read(b->blk->name, b->blk->base + addr, size, val);
    return val;
}

static void nv_block_mmio_write(void *opaque, hwaddr addr, uint64_t val,
                                unsigned size)
{
    NVGPUBlock *b = opaque;

    trace_nv_mmio_write(b->blk->name, b->blk->base + addr, size, val);
    nv_block_write(&b->s->card, b->blk, addr, val, size);
}

/*
 * nouveau polls input status 1 with 32-bit reads at 0x6013da; the card
 * takes unaligned accesses (a register block reads the dword they start in).
 */
static const MemoryRegionOps nv_block_ops = {
    .read = nv_block_mmio_read,
    .write = nv_block_mmio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 8, .unaligned = true },
    .impl = { .min_access_size = 1, .max_access_size = 4 },
};

static uint64_t nv_unassigned_read(void *opaque, hwaddr addr, unsigned size)
{
    NVGPUState *s = opaque;
    uint64_t val = nv_mmio_read(&s->card, NV_BAR_MMIO, addr, size);

    trace_nv_mmio_read("unassigned", addr, size, val);
    return val;
}

static void nv_unassigned_write(void *opaque, hwaddr addr, uint64_t val,
                                unsigned size)
{
    NVGPUState *s = opaque;

    trace_nv_mmio_write("unassigned", addr, size, val);
    nv_mmio_write(&s->card, NV_BAR_MMIO, addr, val, size);
}

static const MemoryRegionOps nv_unassigned_ops = {
    .read = nv_unassigned_read,
    .write = nv_unassigned_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 8 },
    .impl = { .min_access_size = 1, .max_access_size = 4 },
};

static uint64_t nv_ramin_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    NVGPUState *s = opaque;
    uint64_t val = nv_mmio_read(&s->card, NV_BAR_RAMIN, addr, size);

    trace_nv_ramin_read(addr, size, val);
    return val;
}

static void nv_ramin_mmio_write(void *opaque, hwaddr addr, uint64_t val,
                                unsigned size)
{
    NVGPUState *s = opaque;

    trace_nv_ramin_write(addr, size, val);
    nv_mmio_write(&s->card, NV_BAR_RAMIN, addr, val, size);
}

/* memcpy_toio and friends use 8-byte moves; the core splits them. */
static const MemoryRegionOps nv_ramin_ops = {
    .read = nv_ramin_mmio_read,
    .write = nv_ramin_mmio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 8 },
    .impl = { .min_access_size = 1, .max_access_size = 4 },
};

/* ---- BARs ------------------------------------------------------------ */

static void nv_gpu_init_bar0(NVGPUState *s)
{
    Object *obj = OBJECT(s);
    const NVModel *m = s->card.model;

    memory_region_init(&s->bar0, obj, "nv.bar0", m->bar0_size);
    memory_region_init_io(&s->unassigned, obj, &nv_unassigned_ops, s,
                          "nv.unassigned", m->bar0_size);
    memory_region_add_subregion_overlap(&s->bar0, 0, &s->unassigned, -1);

    for (unsigned i = 0; i < s->card.nr_blocks; i++) {
        const NVBlock *blk = &s->card.blocks[i];
        NVGPUBlock *b = &s->blocks[i];
        g_autofree char *name = g_strdup_printf("nv.%s", blk->name);

        b->s = s;
        b->blk = blk;
        if (blk->base == NV1_FB_BASE && m->arch == NV_ARCH_NV1) {
            /*
             * nv1-vram.rst: VRAM straight, wrapping at its size.  Map it as
             * RAM aliases so CPU access to the framebuffer is direct.
             */
            unsigned n = blk->size / s->vram_size;

            memory_region_init(&b->mr, obj, name, blk->size);
            for (unsigned j = 0; j < n; j++) {
                memory_region_init_alias(&s->fb_alias[j], obj, "nv.fb-alias",
                                         &s->vga.vram, 0, s->vram_size);
                memory_region_add_subregion(&b->mr, j * s->vram_size,
                                            &s->fb_alias[j]);
            }
        } else {
            memory_region_init_io(&b->mr, obj, &nv_block_ops, b, name,
                                  blk->size);
        }
        memory_region_add_subregion(&s->bar0, blk->base, &b->mr);
    }
    pci_register_bar(&s->parent_obj, 0, PCI_BASE_ADDRESS_SPACE_MEMORY,
                     &s->bar0);
}

static void nv_gpu_realize(PCIDevice *pdev, Error **errp)
{
    ERRP_GUARD();
    NVGPUState *s = NV_GPU(pdev);
    Object *obj = OBJECT(pdev);
    const NVModel *m = nv_model_find(s->model_name);
    uint8_t mem64 = 0;
    g_autofree char *err = NULL;
    NVHost host = {
        .opaque = s,
        .set_irq = nv_host_set_irq,
        .clock_ns = nv_host_clock_ns,
        .timer_mod = nv_host_timer_mod,
        .timer_del = nv_host_timer_del,
        .vram_dirty = nv_host_vram_dirty,
        .dma_read = nv_host_dma_read,
        .dma_write = nv_host_dma_write,
        .pci_config_read = nv_host_pci_config_read,
        .pci_config_write = nv_host_pci_config_write,
        .log = nv_host_log,
    };

    if (!m) {
        g_autofree char *names = nv_model_names();

        error_setg(errp, "nv-gpu: unknown model '%s'; valid models: %s",
                   s->model_name ? s->model_name : "", names);
        return;
    }
    if (!s->vram_size) {
        s->vram_size = m->vram_default;
    }
    if (!nv_model_vram_valid(m, s->vram_size, &err)) {
        error_setg(errp, "nv-gpu: %s", err);
        return;
    }
    pci_config_set_vendor_id(pdev->config, m->vendor_id);
    pci_config_set_device_id(pdev->config, m->device_id);
    pci_config_set_revision(pdev->config, m->revision);
    pci_config_set_class(pdev->config, m->class_id);
    pci_set_word(pdev->config + PCI_SUBSYSTEM_VENDOR_ID, m->vendor_id);
    pci_set_word(pdev->config + PCI_SUBSYSTEM_ID, m->device_id);
    pci_config_set_interrupt_pin(pdev->config, 1);
    /* The ROM shadow switch (nvkm_pci_rom_shadow()); PROM reads the same. */
    pdev->wmask[NV_PCI_ROM_SHADOW] = 0x01;

    /*
     * The VBIOS built by roms/ for this model, unless romfile= says
     * otherwise (the PCI core loads it after realize).  NV1 has none.
     */
    if (!pdev->romfile && m->arch != NV_ARCH_NV1) {
        pdev->romfile = g_strdup_printf("vgabios-%s.bin", m->name);
    }
    s->vga.vram_size_mb = s->vram_size / MiB;
    if (!vga_common_init(&s->vga, obj, errp)) {
        return;
    }
    if (m->arch != NV_ARCH_NV1) {
        I2CBus *bus = i2c_init_bus(DEVICE(s), "nv.ddc");
        I2CSlave *edid = I2C_SLAVE(qdev_new(TYPE_I2CDDC));

        bitbang_i2c_init(&s->ddc, bus);
        i2c_slave_set_address(edid, 0x50);
        qdev_realize_and_unref(DEVICE(edid), BUS(bus), &error_abort);
        host.ddc = nv_host_ddc;
    }
    nv_card_init(&s->card, m, &host, s->vga.vram_ptr, s->vram_size, NULL, 0);
    /* not guest-reachable: the block table is fixed when QEMU is built */
    assert(s->card.nr_blocks <= NV_MAX_BLOCKS);

    for (int i = 0; i < NV_TIMER_COUNT; i++) {
        s->timers[i] = timer_new_ns(QEMU_CLOCK_VIRTUAL, nv_timer_cbs[i], s);
    }

    nv_gpu_init_bar0(s);
    s->con = graphic_console_init(DEVICE(pdev), 0, &nv_gpu_gfx_ops, s);
    s->vga.con = s->con;
    if (m->arch != NV_ARCH_NV1) {
        nv_gpu_init_vga(s);
    }
    if (m->pcie) {
        mem64 = PCI_BASE_ADDRESS_MEM_TYPE_64;
    }
    /* bars.rst: NV1 has the framebuffer inside BAR0 and no BAR1. */
    if (m->arch != NV_ARCH_NV1) {
        pci_register_bar(pdev, 1, PCI_BASE_ADDRESS_SPACE_MEMORY |
                         PCI_BASE_ADDRESS_MEM_PREFETCH | mem64, &s->vga.vram);
    }
    if (m->ramin_bar >= 0) {
        memory_region_init_io(&s->ramin, obj, &nv_ramin_ops, s, "nv.ramin",
                              m->ramin_bar_size);
        pci_register_bar(pdev, m->ramin_bar,
                         PCI_BASE_ADDRESS_SPACE_MEMORY | mem64, &s->ramin);
    }
}

static void nv_gpu_exit(PCIDevice *pdev)
{
    NVGPUState *s = NV_GPU(pdev);

    graphic_console_close(s->con);
    for (int i = 0; i < NV_TIMER_COUNT; i++) {
        timer_free(s->timers[i]);
    }
    nv_card_finalize(&s->card);
}

static void nv_gpu_reset(DeviceState *dev)
{
    NVGPUState *s = NV_GPU(dev);
    PCIDevice *pdev = &s->parent_obj;

    /* The option ROM is loaded after realize; PROM shows the same image. */
    if (pdev->has_rom) {
        s->card.rom = memory_region_get_ram_ptr(&pdev->rom);
        s->card.rom_size = memory_region_size(&pdev->rom);
    }
    vga_common_reset(&s->vga);
    nv_card_reset(&s->card);
    nv_gpu_invalidate(s);
}

/* ---- migration ------------------------------------------------------- */

static const VMStateDescription vmstate_nv_pmc = {
    .name = "nv-gpu/pmc",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(intr_sw, NVPmc),
        VMSTATE_UINT32(intr_en, NVPmc),
        VMSTATE_UINT32(enable, NVPmc),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_pbus = {
    .name = "nv-gpu/pbus",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(intr, NVPbus),
        VMSTATE_UINT32(intr_en, NVPbus),
        VMSTATE_UINT32_ARRAY(host_mem, NVPbus, NV44_PBUS_HOST_MEM_REGS),
        VMSTATE_UINT32(intr_gpio_en, NVPbus),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_ptimer = {
    .name = "nv-gpu/ptimer",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(intr, NVPtimer),
        VMSTATE_UINT32(intr_en, NVPtimer),
        VMSTATE_UINT32(clock_div, NVPtimer),
        VMSTATE_UINT32(clock_mul, NVPtimer),
        VMSTATE_UINT32(clock_source, NVPtimer),
        VMSTATE_UINT32(alarm, NVPtimer),
        VMSTATE_UINT64(time_base, NVPtimer),
        VMSTATE_INT64(base_ns, NVPtimer),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_pfb = {
    .name = "nv-gpu/pfb",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(config0, NVPfb),
        VMSTATE_UINT32(config1, NVPfb),
        VMSTATE_UINT32(start, NVPfb),
        VMSTATE_UINT32_ARRAY(timing, NVPfb, NV1_PFB_TIMINGS),
        VMSTATE_UINT32_ARRAY(tile, NVPfb, NV41_PFB_TILES * 4),
        VMSTATE_UINT32_ARRAY(zcomp, NVPfb, NV20_PFB_ZCOMPS),
        VMSTATE_UINT32_ARRAY(gart, NVPfb, NV41_PFB_GART_REGS),
        VMSTATE_UINT32(gart_ctrl, NVPfb),
        VMSTATE_UINT32(r33c, NVPfb),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv1_pgraph = {
    .name = "nv-gpu/nv1-pgraph",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(debug_a, NV1Pgraph),
        VMSTATE_UINT32(debug_b, NV1Pgraph),
        VMSTATE_UINT32(debug_c, NV1Pgraph),
        VMSTATE_UINT32(intr, NV1Pgraph),
        VMSTATE_UINT32(invalid, NV1Pgraph),
        VMSTATE_UINT32(intr_en, NV1Pgraph),
        VMSTATE_UINT32(invalid_en, NV1Pgraph),
        VMSTATE_UINT32(ctx_switch, NV1Pgraph),
        VMSTATE_UINT32(ctx_control, NV1Pgraph),
        VMSTATE_UINT32_ARRAY(pattern_rgb, NV1Pgraph, 2),
        VMSTATE_UINT32_ARRAY(pattern_a, NV1Pgraph, 2),
        VMSTATE_UINT32_ARRAY(pattern_bitmap, NV1Pgraph, 2),
        VMSTATE_UINT32(pattern_shape, NV1Pgraph),
        VMSTATE_UINT32_ARRAY(bitmap_color, NV1Pgraph, 2),
        VMSTATE_UINT32(rop, NV1Pgraph),
        VMSTATE_UINT32(plane, NV1Pgraph),
        VMSTATE_UINT32(chroma, NV1Pgraph),
        VMSTATE_UINT32(beta, NV1Pgraph),
        VMSTATE_UINT32(canvas_config, NV1Pgraph),
        VMSTATE_UINT32(canvas_min, NV1Pgraph),
        VMSTATE_UINT32(canvas_max, NV1Pgraph),
        VMSTATE_UINT32_ARRAY(cliprect_min, NV1Pgraph, 2),
        VMSTATE_UINT32_ARRAY(cliprect_max, NV1Pgraph, 2),
        VMSTATE_UINT32(cliprect_config, NV1Pgraph),
        VMSTATE_UINT32(access, NV1Pgraph),
        VMSTATE_UINT32(trap_addr, NV1Pgraph),
        VMSTATE_UINT32(trap_data, NV1Pgraph),
        VMSTATE_UINT32_ARRAY(vtx_x, NV1Pgraph, 18),
        VMSTATE_UINT32_ARRAY(vtx_y, NV1Pgraph, 18),
        VMSTATE_UINT32_ARRAY(iclip, NV1Pgraph, 2),
        VMSTATE_UINT32_ARRAY(uclip_x, NV1Pgraph, 2),
        VMSTATE_UINT32_ARRAY(uclip_y, NV1Pgraph, 2),
        VMSTATE_UINT32(xy_a, NV1Pgraph),
        VMSTATE_UINT32(xy_b, NV1Pgraph),
        VMSTATE_UINT32(xy_d_x, NV1Pgraph),
        VMSTATE_UINT32(xy_d_y, NV1Pgraph),
        VMSTATE_UINT32(xy_e, NV1Pgraph),
        VMSTATE_UINT32(valid, NV1Pgraph),
        VMSTATE_UINT32(src_color, NV1Pgraph),
        VMSTATE_UINT32(subdivide, NV1Pgraph),
        VMSTATE_UINT32(dma, NV1Pgraph),
        VMSTATE_UINT32(notify, NV1Pgraph),
        VMSTATE_UINT32_ARRAY(vtx_beta, NV1Pgraph, 14),
        VMSTATE_UINT32(img_in, NV1Pgraph),
        VMSTATE_UINT32(img_out, NV1Pgraph),
        VMSTATE_UINT32(img_pos, NV1Pgraph),
        VMSTATE_UINT32(dma_pitch, NV1Pgraph),
        VMSTATE_UINT32(dma_offset, NV1Pgraph),
        VMSTATE_BOOL(dma_wait, NV1Pgraph),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv1_pdma = {
    .name = "nv-gpu/nv1-pdma",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(intr_unk0, NV1Pdma),
        VMSTATE_UINT32(intr_audio, NV1Pdma),
        VMSTATE_UINT32(intr_graph, NV1Pdma),
        VMSTATE_UINT32(intr_unk0_en, NV1Pdma),
        VMSTATE_UINT32(intr_audio_en, NV1Pdma),
        VMSTATE_UINT32(intr_graph_en, NV1Pdma),
        VMSTATE_UINT32(flags, NV1Pdma),
        VMSTATE_UINT32(limit, NV1Pdma),
        VMSTATE_UINT32(pte, NV1Pdma),
        VMSTATE_UINT32(access_en, NV1Pdma),
        VMSTATE_UINT32(valid, NV1Pdma),
        VMSTATE_UINT32(pte_tag, NV1Pdma),
        VMSTATE_UINT32(addr_virt_adj, NV1Pdma),
        VMSTATE_UINT32(addr_phys, NV1Pdma),
        VMSTATE_UINT32(inst, NV1Pdma),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv1_pdac = {
    .name = "nv-gpu/nv1-pdac",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT8_2DARRAY(palette, NV1Pdac, 2, 256 * 3),
        VMSTATE_UINT8(pal_index, NV1Pdac),
        VMSTATE_UINT8(pal_color, NV1Pdac),
        VMSTATE_UINT8(pal_read, NV1Pdac),
        VMSTATE_UINT8_ARRAY(pal_rg, NV1Pdac, 2),
        VMSTATE_UINT8(pal_mask, NV1Pdac),
        VMSTATE_UINT16(index, NV1Pdac),
        VMSTATE_UINT8_ARRAY(regs, NV1Pdac, NV1_DAC_REGS),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv4_fifo_chan = {
    .name = "nv-gpu/nv4-fifo-chan",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(dma_put, NV4FifoChan),
        VMSTATE_UINT32(dma_get, NV4FifoChan),
        VMSTATE_UINT32(ref, NV4FifoChan),
        VMSTATE_UINT32(dma_instance, NV4FifoChan),
        VMSTATE_UINT32(dma_dcount, NV4FifoChan),
        VMSTATE_UINT32(dma_state, NV4FifoChan),
        VMSTATE_UINT32(dma_fetch, NV4FifoChan),
        VMSTATE_UINT32(engine, NV4FifoChan),
        VMSTATE_UINT32(pull1, NV4FifoChan),
        VMSTATE_UINT32(acquire_value, NV4FifoChan),
        VMSTATE_UINT32(acquire_timestamp, NV4FifoChan),
        VMSTATE_UINT32(acquire_timeout, NV4FifoChan),
        VMSTATE_UINT32(semaphore, NV4FifoChan),
        VMSTATE_UINT32(subroutine, NV4FifoChan),
        VMSTATE_UINT32(grctx_inst, NV4FifoChan),
        VMSTATE_UINT32(dma_timeslice, NV4FifoChan),
        VMSTATE_UINT32(unk0e4, NV4FifoChan),
        VMSTATE_UINT32(unk0e8, NV4FifoChan),
        VMSTATE_UINT32(unk88, NV4FifoChan),
        VMSTATE_UINT32(unk100, NV4FifoChan),
        VMSTATE_UINT32(mpegctx_inst, NV4FifoChan),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv4_pfifo = {
    .name = "nv-gpu/nv4-pfifo",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(delay, NV4Pfifo),
        VMSTATE_UINT32(pio_timeslice, NV4Pfifo),
        VMSTATE_UINT32(timeslice, NV4Pfifo),
        VMSTATE_UINT32(sli, NV4Pfifo),
        VMSTATE_UINT32(intr, NV4Pfifo),
        VMSTATE_UINT32(intr_en, NV4Pfifo),
        VMSTATE_UINT32(ramht, NV4Pfifo),
        VMSTATE_UINT32(ramfc, NV4Pfifo),
        VMSTATE_UINT32(ramro, NV4Pfifo),
        VMSTATE_UINT32(caches, NV4Pfifo),
        VMSTATE_UINT32(mode, NV4Pfifo),
        VMSTATE_UINT32(dma_pending, NV4Pfifo),
        VMSTATE_UINT32(size, NV4Pfifo),
        VMSTATE_UINT32(push0, NV4Pfifo),
        VMSTATE_UINT32(push1, NV4Pfifo),
        VMSTATE_UINT32(put, NV4Pfifo),
        VMSTATE_UINT32(get, NV4Pfifo),
        VMSTATE_UINT32(dma_push, NV4Pfifo),
        VMSTATE_UINT32(pull0, NV4Pfifo),
        VMSTATE_UINT32(hash, NV4Pfifo),
        VMSTATE_UINT32(dma_ctl, NV4Pfifo),
        VMSTATE_UINT32(dma_limit, NV4Pfifo),
        VMSTATE_UINT32(dma_tlb_tag, NV4Pfifo),
        VMSTATE_UINT32(dma_tlb_pte, NV4Pfifo),
        VMSTATE_UINT32(jmp_shadow, NV4Pfifo),
        VMSTATE_UINT32(rsvd_shadow, NV4Pfifo),
        VMSTATE_UINT32(data_shadow, NV4Pfifo),
        VMSTATE_STRUCT(ch, NV4Pfifo, 1, vmstate_nv4_fifo_chan, NV4FifoChan),
        VMSTATE_UINT32_ARRAY(addr, NV4Pfifo, NV40_CACHE1_ENTRIES),
        VMSTATE_UINT32_ARRAY(data, NV4Pfifo, NV40_CACHE1_ENTRIES),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv1_pfifo = {
    .name = "nv-gpu/nv1-pfifo",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(wait_retry, NV1Pfifo),
        VMSTATE_UINT32(cache_error, NV1Pfifo),
        VMSTATE_UINT32(intr, NV1Pfifo),
        VMSTATE_UINT32(intr_en, NV1Pfifo),
        VMSTATE_UINT32(config, NV1Pfifo),
        VMSTATE_UINT32(runout_put, NV1Pfifo),
        VMSTATE_UINT32(runout_get, NV1Pfifo),
        VMSTATE_UINT32(chsw_enable, NV1Pfifo),
        VMSTATE_UINT32(pram_config, NV1Pfifo),
        VMSTATE_UINT32(c0_push, NV1Pfifo),
        VMSTATE_UINT32(c0_chid, NV1Pfifo),
        VMSTATE_UINT32(c0_put, NV1Pfifo),
        VMSTATE_UINT32(c0_pull, NV1Pfifo),
        VMSTATE_UINT32(c0_pull_state, NV1Pfifo),
        VMSTATE_UINT32(c0_get, NV1Pfifo),
        VMSTATE_UINT32(c0_ctx, NV1Pfifo),
        VMSTATE_UINT32(c0_addr, NV1Pfifo),
        VMSTATE_UINT32(c0_data, NV1Pfifo),
        VMSTATE_UINT32(c1_push, NV1Pfifo),
        VMSTATE_UINT32(c1_chid, NV1Pfifo),
        VMSTATE_UINT32(c1_put, NV1Pfifo),
        VMSTATE_UINT32(c1_pull, NV1Pfifo),
        VMSTATE_UINT32(c1_pull_state, NV1Pfifo),
        VMSTATE_UINT32(c1_get, NV1Pfifo),
        VMSTATE_UINT32_ARRAY(c1_ctx, NV1Pfifo, 8),
        VMSTATE_UINT32_ARRAY(c1_addr, NV1Pfifo, NV1_CACHE1_ENTRIES),
        VMSTATE_UINT32_ARRAY(c1_data, NV1Pfifo, NV1_CACHE1_ENTRIES),
        VMSTATE_UINT32(c1_runout, NV1Pfifo),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv20_pgraph = {
    .name = "nv-gpu/nv20-pgraph",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(intr, NV20Pgraph),
        VMSTATE_UINT32(intr_en, NV20Pgraph),
        VMSTATE_UINT32(pipe_address, NV20Pgraph),
        VMSTATE_UINT32(rdi_index, NV20Pgraph),
        VMSTATE_UINT32(ctxprog_index, NV20Pgraph),
        VMSTATE_UINT32_ARRAY(ctxprog, NV20Pgraph, NV40_CTXPROG_WORDS),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_xf_vertex = {
    .name = "nv-gpu/xf-vertex",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_2DARRAY(tbuf, NVXfVertex, NV_XF_TBUF, 4),
        VMSTATE_END_OF_LIST()
    },
};

/* Everything but the decoded program, which post_load rebuilds. */
static const VMStateDescription vmstate_nv_xf = {
    .name = "nv-gpu/xf",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_2DARRAY(vab, NVXf, NV_XF_VAB_SLOTS, 4),
        VMSTATE_UINT32_2DARRAY(ctx, NVXf, NV_XF_CTX_SLOTS, 4),
        VMSTATE_UINT32_2DARRAY(pr, NVXf, NV_XF_PR_SLOTS, NV_XF_PR_WORDS),
        VMSTATE_UINT32_2DARRAY(ltctx, NVXf, NV_XF_LTCTX_SLOTS, 4),
        VMSTATE_UINT32_2DARRAY(ltc, NVXf, 4, NV_XF_LTC_SLOTS),
        VMSTATE_UINT32_2DARRAY(mode, NVXf, NV_XF_MODE_VECS, 4),
        VMSTATE_UINT32_2DARRAY(xtra, NVXf, NV_XF_XTRA_VECS, 4),
        VMSTATE_UINT32(timeout, NVXf),
        VMSTATE_UINT8(upload_isa, NVXf),
        VMSTATE_BOOL(side_effects, NVXf),
        VMSTATE_UINT32(prog_start, NVXf),
        VMSTATE_STRUCT_ARRAY(queue, NVXf, NV_XF_QUEUE, 1,
                             vmstate_nv_xf_vertex, NVXfVertex),
        VMSTATE_UINT32(q_head, NVXf),
        VMSTATE_UINT32(q_count, NVXf),
        VMSTATE_UINT32_ARRAY(passthru, NVXf, NV_XF_PASSTHRU),
        VMSTATE_UINT32(pt_head, NVXf),
        VMSTATE_UINT32(pt_count, NVXf),
        VMSTATE_UINT32(last_icnt, NVXf),
        VMSTATE_BOOL(last_timed_out, NVXf),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_pvp1 = {
    .name = "nv-gpu/pvp1",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(intr, NVPvp1),
        VMSTATE_UINT32(intr_en, NVPvp1),
        VMSTATE_UINT32(channel_unk, NVPvp1),
        VMSTATE_UINT32(channel_cur, NVPvp1),
        VMSTATE_UINT32(fifo_err_mthd, NVPvp1),
        VMSTATE_UINT32(fifo_err_data, NVPvp1),
        VMSTATE_UINT32_ARRAY(ucode, NVPvp1, 3),
        VMSTATE_UINT32(enable, NVPvp1),
        VMSTATE_UINT32(clock, NVPvp1),
        VMSTATE_UINT32(fifo_direct, NVPvp1),
        VMSTATE_UINT32_ARRAY(slot, NVPvp1, NV_VP1_UNITS),
        VMSTATE_UINT32(slot_valid, NVPvp1),
        VMSTATE_UINT32_ARRAY(dma, NVPvp1, NV_VP1_DMA_OBJS),
        VMSTATE_END_OF_LIST()
    },
};

/* Everything but the decoded code, which post_load rebuilds. */
static const VMStateDescription vmstate_nv_vp1 = {
    .name = "nv-gpu/vp1",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_ARRAY(r, NVVp1, 32),
        VMSTATE_UINT8_2DARRAY(v, NVVp1, 32, 16),
        VMSTATE_UINT32_ARRAY(a, NVVp1, 32),
        VMSTATE_UINT16_ARRAY(c, NVVp1, 4),
        VMSTATE_UINT32_ARRAY(vc, NVVp1, 4),
        VMSTATE_INT32_ARRAY(va, NVVp1, 16),
        VMSTATE_UINT8_ARRAY(vx, NVVp1, 16),
        VMSTATE_UINT16_ARRAY(l, NVVp1, 4),
        VMSTATE_UINT32_ARRAY(m, NVVp1, 64),
        VMSTATE_UINT32_ARRAY(f, NVVp1, 2),
        VMSTATE_UINT32_ARRAY(sr, NVVp1, 32),
        VMSTATE_UINT32_ARRAY(mi, NVVp1, 32),
        VMSTATE_UINT32_ARRAY(uc, NVVp1, 32),
        VMSTATE_UINT8_ARRAY(ds, NVVp1, NV_VP1_DS_SIZE),
        VMSTATE_UINT32_ARRAY(code, NVVp1, NV_VP1_CODE_WORDS),
        VMSTATE_UINT32(pc, NVVp1),
        VMSTATE_UINT32(branch_target, NVVp1),
        VMSTATE_BOOL(branch_pending, NVVp1),
        VMSTATE_BOOL(running, NVVp1),
        VMSTATE_UINT32(exit_code, NVVp1),
        VMSTATE_UINT32(events, NVVp1),
        VMSTATE_END_OF_LIST()
    },
};

static int nv_gpu_post_load(void *opaque, int version_id)
{
    NVGPUState *s = opaque;

    nv_card_post_load(&s->card);
    nv_gpu_invalidate(s);                       /* redraw everything */
    return 0;
}

static const VMStateDescription vmstate_nv_pstraps = {
    .name = "nv-gpu/pstraps",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(straps0, NVPstraps),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_vga_head = {
    .name = "nv-gpu/vga-head",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT8_ARRAY(cr, NVVgaHead, 256),
        VMSTATE_UINT8_ARRAY(cr58, NVVgaHead, 256),
        VMSTATE_UINT8(cr_index, NVVgaHead),
        VMSTATE_UINT8_ARRAY(sr, NVVgaHead, 8),
        VMSTATE_UINT8(sr_index, NVVgaHead),
        VMSTATE_UINT8_ARRAY(gr, NVVgaHead, 16),
        VMSTATE_UINT8(gr_index, NVVgaHead),
        VMSTATE_UINT8_ARRAY(ar, NVVgaHead, 32),
        VMSTATE_UINT8(ar_index, NVVgaHead),
        VMSTATE_UINT8(ar_flip, NVVgaHead),
        VMSTATE_UINT8(misc, NVVgaHead),
        VMSTATE_UINT8(fcr, NVVgaHead),
        VMSTATE_UINT8(enable, NVVgaHead),
        VMSTATE_UINT8(dac_mask, NVVgaHead),
        VMSTATE_UINT8(dac_read_index, NVVgaHead),
        VMSTATE_UINT8(dac_write_index, NVVgaHead),
        VMSTATE_UINT8(dac_component, NVVgaHead),
        VMSTATE_UINT8(dac_reading, NVVgaHead),
        VMSTATE_UINT8_ARRAY(dac_latch, NVVgaHead, 3),
        VMSTATE_UINT8_ARRAY(palette, NVVgaHead, 768),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_vga = {
    .name = "nv-gpu/vga",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(head, NVVga, NV_HEADS, 1, vmstate_nv_vga_head,
                             NVVgaHead),
        VMSTATE_UINT8(lock, NVVga),
        VMSTATE_UINT8(owner, NVVga),
        VMSTATE_UINT8(ddc_sda_in, NVVga),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_pcrtc_head = {
    .name = "nv-gpu/pcrtc-head",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(intr, NVPcrtcHead),
        VMSTATE_UINT32(intr_en, NVPcrtcHead),
        VMSTATE_UINT32(start, NVPcrtcHead),
        VMSTATE_UINT32(config, NVPcrtcHead),
        VMSTATE_UINT32(cursor_config, NVPcrtcHead),
        VMSTATE_UINT32(gpio, NVPcrtcHead),
        VMSTATE_UINT32(gpio_ext, NVPcrtcHead),
        VMSTATE_UINT32(r830, NVPcrtcHead),
        VMSTATE_UINT32(r834, NVPcrtcHead),
        VMSTATE_UINT32(r850, NVPcrtcHead),
        VMSTATE_UINT32(engine_ctrl, NVPcrtcHead),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_pcrtc = {
    .name = "nv-gpu/pcrtc",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(head, NVPcrtc, NV_HEADS, 1,
                             vmstate_nv_pcrtc_head, NVPcrtcHead),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_pramdac_head = {
    .name = "nv-gpu/pramdac-head",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, NVPramdacHead, NV_PRAMDAC_REGS),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_pramdac = {
    .name = "nv-gpu/pramdac",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(head, NVPramdac, NV_HEADS, 1,
                             vmstate_nv_pramdac_head, NVPramdacHead),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv40_pclock = {
    .name = "nv-gpu/nv40-pclock",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, NVPclock, NV40_PCLOCK_REGS),
        VMSTATE_UINT32(master, NVPclock),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_nv_gpu = {
    .name = "nv-gpu",
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = nv_gpu_post_load,
    .fields = (VMStateField[]) {
        VMSTATE_PCI_DEVICE(parent_obj, NVGPUState),
        VMSTATE_STRUCT(vga, NVGPUState, 0, vmstate_vga_common,
                       VGACommonState),
        VMSTATE_BOOL(card.big_endian, NVGPUState),
        VMSTATE_STRUCT(card.pmc, NVGPUState, 1, vmstate_nv_pmc, NVPmc),
        VMSTATE_STRUCT(card.pbus, NVGPUState, 1, vmstate_nv_pbus, NVPbus),
        VMSTATE_STRUCT(card.ptimer, NVGPUState, 1, vmstate_nv_ptimer,
                       NVPtimer),
        VMSTATE_STRUCT(card.pfb, NVGPUState, 1, vmstate_nv_pfb, NVPfb),
        VMSTATE_STRUCT(card.pgraph1, NVGPUState, 1, vmstate_nv1_pgraph,
                       NV1Pgraph),
        VMSTATE_STRUCT(card.pdac1, NVGPUState, 1, vmstate_nv1_pdac, NV1Pdac),
        VMSTATE_STRUCT(card.pfifo1, NVGPUState, 1, vmstate_nv1_pfifo,
                       NV1Pfifo),
        VMSTATE_STRUCT(card.pdma1, NVGPUState, 1, vmstate_nv1_pdma, NV1Pdma),
        VMSTATE_STRUCT(card.pfifo4, NVGPUState, 1, vmstate_nv4_pfifo,
                       NV4Pfifo),
        VMSTATE_STRUCT(card.pgraph20, NVGPUState, 1, vmstate_nv20_pgraph,
                       NV20Pgraph),
        VMSTATE_STRUCT(card.xf, NVGPUState, 1, vmstate_nv_xf, NVXf),
        VMSTATE_STRUCT(card.pvp1, NVGPUState, 1, vmstate_nv_pvp1, NVPvp1),
        VMSTATE_STRUCT(card.vp1, NVGPUState, 1, vmstate_nv_vp1, NVVp1),
        VMSTATE_STRUCT(card.pstraps, NVGPUState, 1, vmstate_nv_pstraps,
                       NVPstraps),
        VMSTATE_STRUCT(card.vga, NVGPUState, 1, vmstate_nv_vga, NVVga),
        VMSTATE_STRUCT(card.pcrtc, NVGPUState, 1, vmstate_nv_pcrtc, NVPcrtc),
        VMSTATE_STRUCT(card.pramdac, NVGPUState, 1, vmstate_nv_pramdac,
                       NVPramdac),
        VMSTATE_STRUCT(card.pclock, NVGPUState, 1, vmstate_nv40_pclock,
                       NVPclock),
        VMSTATE_END_OF_LIST()
    },
};

/* ---- QOM ------------------------------------------------------------- */

static Property nv_gpu_properties[] = {
    DEFINE_PROP_STRING("model", NVGPUState, model_name),
    DEFINE_PROP_SIZE("vram-size", NVGPUState, vram_size, 0),
    DEFINE_PROP_END_OF_LIST(),
};

static void nv_gpu_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);

    /* Realize replaces these with the model's own ids. */
    k->vendor_id = 0x10de;
    k->device_id = 0x0040;
    k->class_id = PCI_CLASS_DISPLAY_VGA;
    k->realize = nv_gpu_realize;
    k->exit = nv_gpu_exit;
    dc->reset = nv_gpu_reset;
    dc->vmsd = &vmstate_nv_gpu;
    dc->desc = "NVIDIA NV1/NV2x/NV3x/NV4x GPU";
    device_class_set_props(dc, nv_gpu_properties);
    set_bit(DEVICE_CATEGORY_DISPLAY, dc->categories);
}

static void nv_gpu_instance_init(Object *obj)
{
    NVGPUState *s = NV_GPU(obj);

    /* Without model=, the demo's card: a GeForce 6800 Ultra. */
    s->model_name = g_strdup("nv40");
}

static const TypeInfo nv_gpu_info = {
    .name = TYPE_NV_GPU,
    .parent = TYPE_PCI_DEVICE,
    .instance_size = sizeof(NVGPUState),
    .instance_init = nv_gpu_instance_init,
    .class_init = nv_gpu_class_init,
    .interfaces = (InterfaceInfo[]) {
        { INTERFACE_CONVENTIONAL_PCI_DEVICE },
        { },
    },
};

static void nv_gpu_register_types(void)
{
    type_register_static(&nv_gpu_info);
}

type_init(nv_gpu_register_types)
