/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: what the nv-gpu device shows.  NV1 and the NV2x+ native (CR28)
 * modes are drawn from the card's scanout functions into the QEMU console
 * (or shown from VRAM itself, like bochs-display); VGA text, planar and
 * VBE modes go through QEMU's VGA core, which gets a copy of the card's
 * VGA registers before each use.
 */
#include "qemu/osdep.h"
#include "trace.h"

#include "nv-gpu.h"

typedef void NVGPULineFn(NVGPUState *s, unsigned y, uint32_t *out);

/*
 * Something drawn over lines [first, end) from VRAM bytes [addr, addr +
 * bytes) (the cursor, the video overlay): those lines are redrawn when
 * those bytes change.
 */
#define NV_GPU_OVERLAYS 2       /* the cursor and the video overlay */

typedef struct NVGPUOverlay {
    int64_t first, end;
    uint64_t addr, bytes;
} NVGPUOverlay;

/*
 * Keep @ov's bytes inside VRAM for the dirty check; false if none are (the
 * overlay then shows nothing that could change).
 */
static bool nv_gpu_clip_vram(NVGPUState *s, NVGPUOverlay *ov)
{
    if (ov->addr >= s->vram_size || !ov->bytes) {
        return false;
    }
    ov->bytes = MIN(ov->bytes, s->vram_size - ov->addr);
    return true;
}

/*
 * Report the lines whose VRAM changed (all of them after a mode or palette
 * change) to the console.  With @line, they are converted into a console
 * surface of our own first (NV1's per-pixel palette bypass, 8 bpp through
 * the palette, a blanked screen, the cursor); without, the surface is VRAM
 * itself.  @bytes is how much of VRAM one line shows, for the dirty check.
 */
static void nv_gpu_draw(NVGPUState *s, unsigned width, unsigned height,
                        uint64_t start, uint64_t stride, uint64_t bytes,
                        bool full, NVGPULineFn *line,
                        const NVGPUOverlay *ov, unsigned nr_ov)
{
    DisplaySurface *ds = qemu_console_surface(s->con);
    DirtyBitmapSnapshot *snap;
    int first = -1, last = -1;
    bool ov_dirty[NV_GPU_OVERLAYS] = { false };

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
    for (unsigned i = 0; i < MIN(nr_ov, NV_GPU_OVERLAYS); i++) {
        ov_dirty[i] = memory_region_snapshot_get_dirty(&s->vga.vram, snap,
                                                       ov[i].addr,
                                                       ov[i].bytes);
    }
    for (unsigned y = 0; y < height; y++) {
        uint64_t off = (start + y * stride) % s->vram_size;
        bool dirty = full || !bytes || off + bytes > s->vram_size ||
                     memory_region_snapshot_get_dirty(&s->vga.vram, snap, off,
                                                      bytes);

        for (unsigned i = 0; i < MIN(nr_ov, NV_GPU_OVERLAYS); i++) {
            dirty |= ov_dirty[i] && y >= ov[i].first && y < ov[i].end;
        }

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
                nv_gpu_nv1_line, NULL, 0);
}

/*
 * Direct-colour modes whose lines all lie in VRAM are shown from VRAM
 * itself, like bochs-display; 8 bpp, a blanked screen, a mode running
 * past the end of VRAM, a visible cursor and the video overlay are
 * converted line by line instead.
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
    return !m->blank && !m->cursor && !m->video.on && m->stride % 4 == 0 && m->stride >= m->line_bytes &&
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
        NVGPUOverlay ov[NV_GPU_OVERLAYS];
        unsigned n = 0;

        if (m.cursor) {
            ov[n++] = (NVGPUOverlay) {
                .first = m.cursor_y, .end = (int64_t)m.cursor_y + m.cursor_h,
                .addr = m.cursor_addr,
                .bytes = m.cursor_w * m.cursor_h * (m.cursor_argb ? 4 : 2),
            };
        }
        if (m.video.on) {
            ov[n] = (NVGPUOverlay) {
                .first = m.video.out_y,
                .end = (int64_t)m.video.out_y + m.video.out_h,
            };
            nv_pvideo_source(&m.video, &ov[n].addr, &ov[n].bytes);
            n += nv_gpu_clip_vram(s, &ov[n]);
        }
        nv_gpu_draw(s, m.width, m.height, m.base, m.stride, m.line_bytes,
                    full, nv_gpu_crtc_line, ov, n);
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
                m.line_bytes, full, NULL, NULL, 0);
}

/* ---- legacy VGA ---------------------------------------------------- */

/*
 * The card owns the VGA registers (hw/nv/display/vga.c); QEMU's VGA core decodes
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

void nv_gpu_init_vga(NVGPUState *s)
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

void nv_gpu_invalidate(void *opaque)
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

const GraphicHwOps nv_gpu_gfx_ops = {
    .invalidate = nv_gpu_invalidate,
    .gfx_update = nv_gpu_gfx_update,
    .text_update = nv_gpu_text_update,
};

