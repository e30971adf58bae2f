/* SPDX-License-Identifier: GPL-2.0-or-later */
/* qemu-nv unit tests: a fake host for the card library. */
#ifndef TEST_HOST_H
#define TEST_HOST_H

#include "hw/nv/card.h"
#include "hw/nv/vtx/vtx.h"

typedef struct TestHost {
    NVCard card;
    uint8_t *vram;
    int64_t now;
    bool irq;
    unsigned irq_edges;
    int64_t deadline[NV_TIMER_COUNT];   /* -1: not armed */
    unsigned n_unimp, n_guest_error;
    char *last_log;
    uint8_t pci_config[256];
    /*
     * The DDC bus behind CR3F/CR3E: calls seen, the lines the card drove
     * last (true = released high), and a device holding SDA low.
     */
    unsigned ddc_calls;
    bool ddc_scl, ddc_sda;
    bool ddc_hold_sda;
    /* Guest memory for bus-master DMA, at bus address 0. */
    uint8_t sysmem[0x10000];
    /*
     * The method trace, while @trace is set: one line per method, oldest
     * first, "CHID SUBC CLASS METHOD 0xDATA" and " (DECODED)" if the card
     * decoded the data: "0 3 NV1_RECT RECTANGLE_XY[0] 0x00020001 (x 1, y 2)".
     */
    bool trace;
    GPtrArray *trace_lines;
    /*
     * The primitive trace, while @trace_prims is set: every NVVtxPrim VTX
     * emitted, oldest first.
     */
    bool trace_prims;
    GArray *prims;
} TestHost;

TestHost *th_new(const char *model, uint64_t vram_size);
void th_set_rom(TestHost *th, const uint8_t *rom, uint32_t size);
void th_free(TestHost *th);
/* Move the virtual clock forward, expiring timers in order on the way. */
void th_advance(TestHost *th, int64_t ns);
uint32_t th_rd(TestHost *th, uint32_t addr);
void th_wr(TestHost *th, uint32_t addr, uint32_t val);
/* A 32-bit word of RAMIN, by RAMIN address (not through BAR0). */
uint32_t th_ramin_rd(TestHost *th, uint32_t addr);
void th_ramin_wr(TestHost *th, uint32_t addr, uint32_t val);
/*
 * NV41+: enable the GART with its page table where the tests keep it: the
 * NV41 tables at RAMIN 0x30000 (PFB 0x800 = 0x30000 | 2), the NV44
 * family's in VRAM at 0x200000 for 16 MiB of address space (PFB 0x800 =
 * 0x200000 | 0x10, 0x804 = 0x1000000).  The entries are the test's.
 */
void th_gart_init(TestHost *th);

/* Trace line @i (from 0), or NULL past the last; forget them all. */
const char *th_trace_line(TestHost *th, unsigned i);
void th_trace_clear(TestHost *th);
/* Assert the trace holds exactly @lines (NULL-terminated); forget them. */
void th_trace_expect(TestHost *th, const char *const *lines);

/*
 * Every row of a real method table: named, aligned, inside the method
 * space, not overlapping another, a handler or a store with bits to keep.
 */
void th_check_class(NVMethodClass *c);

/* A linear congruential generator: the same draws in every run. */
typedef struct ThRng {
    uint64_t s;
} ThRng;

uint32_t th_rnd(ThRng *g);

#endif
