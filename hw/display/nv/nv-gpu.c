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
#include "qapi/error.h"
#include "hw/display/i2c-ddc.h"
#include "hw/qdev-properties.h"
#include "trace.h"

#include "hw/nv/vtx/vtx.h"
#include "nv-gpu.h"

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

static bool nv_host_method_traced(void *opaque)
{
    return trace_event_get_state_backends(TRACE_NV_METHOD);
}

/* "ch 0 subc 3 NV40_3D.VERTEX_BEGIN_END = TRIANGLES", or the data in hex. */
static void nv_host_method_trace(void *opaque, unsigned chid, unsigned subc,
                                 const char *cls, const char *mthd,
                                 uint32_t data, const char *decoded)
{
    g_autofree char *hex = NULL;

    if (!*decoded) {
        decoded = hex = g_strdup_printf("0x%08x", data);
    }
    trace_nv_method(chid, subc, cls, mthd, decoded);
}

static bool nv_host_prim_traced(void *opaque)
{
    return trace_event_get_state_backends(TRACE_NV_VTX_PRIM);
}

/* "triangle front z_offset 0 (10 10 0.5 1 size 1) ...": one line each. */
static void nv_host_prim_trace(void *opaque, const NVVtxPrim *prim)
{
    char line[512];

    nv_vtx_prim_format(prim, line, sizeof(line));
    trace_nv_vtx_prim(line);
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
        .method_traced = nv_host_method_traced,
        .method_trace = nv_host_method_trace,
        .prim_traced = nv_host_prim_traced,
        .prim_trace = nv_host_prim_trace,
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
