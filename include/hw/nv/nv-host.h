/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the card's only window on the outside world.
 *
 * The card library never includes a QEMU header.  Everything it needs from
 * its host (QEMU's device glue, a unit test, the fuzz harness) goes through
 * this table of callbacks.
 */
#ifndef HW_NV_NV_HOST_H
#define HW_NV_NV_HOST_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

/* Host timers the card can arm, one per time-driven engine. */
typedef enum NVTimerId {
    NV_TIMER_PTIMER,
    NV_TIMER_VBLANK,
    NV_TIMER_VP1,
    NV_TIMER_PFIFO,         /* the next slice of PFIFO work */
    NV_TIMER_COUNT
} NVTimerId;

typedef enum NVLogKind {
    NV_LOG_GUEST_ERROR,     /* the guest did something the hardware rejects */
    NV_LOG_UNIMP,           /* the guest used something we do not model */
} NVLogKind;

struct NVVtxPrim;

typedef struct NVHost {
    void *opaque;
    /* Drive the PCI INTx line. */
    void (*set_irq)(void *opaque, bool level);
    /* The virtual clock, in nanoseconds. */
    int64_t (*clock_ns)(void *opaque);
    /* Arm @id to expire at virtual time @deadline_ns; replaces any earlier. */
    void (*timer_mod)(void *opaque, NVTimerId id, int64_t deadline_ns);
    void (*timer_del)(void *opaque, NVTimerId id);
    /* The card wrote VRAM bytes [addr, addr + len) behind the host's back. */
    void (*vram_dirty)(void *opaque, uint64_t addr, uint64_t len);
    /*
     * Bus-master DMA to guest memory (the card's PCI/AGP DMA objects);
     * false if nothing answers at @addr.  NULL: no DMA.
     */
    bool (*dma_read)(void *opaque, uint64_t addr, void *buf, uint32_t len);
    bool (*dma_write)(void *opaque, uint64_t addr, const void *buf,
                      uint32_t len);
    /* Read a dword of the card's own PCI configuration space. */
    uint32_t (*pci_config_read)(void *opaque, uint32_t addr);
    /* Write one, as a configuration cycle would (read-only bits stay). */
    void (*pci_config_write)(void *opaque, uint32_t addr, uint32_t val);
    /*
     * The DDC bus of CR3E/CR3F: the card drives SCL and SDA (open drain,
     * true = released high); returns SDA as the bus has it.  NULL: no
     * device on the bus.
     */
    bool (*ddc)(void *opaque, bool scl, bool sda);
    /*
     * The method trace (QEMU's nv_method trace event): @method_traced says
     * whether anyone listens, so the card names a method only then;
     * @method_trace gets one method: channel, subchannel, class and method
     * names ("NV1_RECT", "POINT"; a hex number where a name is unknown),
     * the data, and the data decoded where the method table can ("" if
     * not).  Either NULL: no trace.
     */
    bool (*method_traced)(void *opaque);
    void (*method_trace)(void *opaque, unsigned chid, unsigned subc,
                         const char *cls, const char *mthd, uint32_t data,
                         const char *decoded);
    /*
     * The primitive trace (QEMU's nv_vtx_prim trace event): @prim_traced
     * says whether anyone listens; @prim_trace gets each window-space
     * primitive VTX hands on to the rasterizer (vtx/vtx.h), in order.
     * Either NULL: no trace.
     */
    bool (*prim_traced)(void *opaque);
    void (*prim_trace)(void *opaque, const struct NVVtxPrim *prim);
    /* Log a message (already formatted to one line, no newline). */
    void (*log)(void *opaque, NVLogKind kind, const char *msg);
} NVHost;

#endif
