/* SPDX-License-Identifier: GPL-2.0-or-later */
/* qemu-nv unit tests: a fake host for the card library. */
#include <glib.h>
#include <string.h>

#include "hw/nv/mem/pramin.h"
#include "test-host.h"

static void h_set_irq(void *opaque, bool level)
{
    TestHost *th = opaque;

    th->irq = level;
    th->irq_edges++;
}

static int64_t h_clock(void *opaque)
{
    return ((TestHost *)opaque)->now;
}

static void h_timer_mod(void *opaque, NVTimerId id, int64_t deadline)
{
    ((TestHost *)opaque)->deadline[id] = deadline;
}

static void h_timer_del(void *opaque, NVTimerId id)
{
    ((TestHost *)opaque)->deadline[id] = -1;
}

static uint32_t h_pci_config_read(void *opaque, uint32_t addr)
{
    TestHost *th = opaque;

    if (addr + 4 > sizeof(th->pci_config)) {
        return 0;
    }
    return nv_ld_le(th->pci_config + addr, 4);
}

/*
 * Like the PCI core's write mask: ids and class are read-only; the
 * command register (0x04-0x05), cache line size and latency timer
 * (0x0c-0x0d), the interrupt line (0x3c) and the ROM shadow bit (0x50
 * bit 0) are writable.
 */
static void h_pci_config_write(void *opaque, uint32_t addr, uint32_t val)
{
    static const uint8_t wmask[0x54] = {
        [0x04] = 0xff, [0x05] = 0xff, [0x0c] = 0xff, [0x0d] = 0xff,
        [0x3c] = 0xff, [0x50] = 0x01,
    };
    TestHost *th = opaque;

    for (unsigned i = 0; i < 4; i++) {
        uint32_t a = addr + i;
        uint8_t m = a < sizeof(wmask) ? wmask[a] : 0;

        if (a < sizeof(th->pci_config)) {
            th->pci_config[a] = (th->pci_config[a] & ~m) | ((val >> (8 * i)) & m);
        }
    }
}

static bool h_dma(TestHost *th, uint64_t addr, uint32_t len)
{
    return addr < sizeof(th->sysmem) && len <= sizeof(th->sysmem) - addr;
}

static bool h_dma_read(void *opaque, uint64_t addr, void *buf, uint32_t len)
{
    TestHost *th = opaque;

    if (!h_dma(th, addr, len)) {
        return false;
    }
    memcpy(buf, th->sysmem + addr, len);
    return true;
}

static bool h_dma_write(void *opaque, uint64_t addr, const void *buf,
                        uint32_t len)
{
    TestHost *th = opaque;

    if (!h_dma(th, addr, len)) {
        return false;
    }
    memcpy(th->sysmem + addr, buf, len);
    return true;
}

/* Open drain: SDA is high only if the card releases it and nobody pulls. */
static bool h_ddc(void *opaque, bool scl, bool sda)
{
    TestHost *th = opaque;

    th->ddc_calls++;
    th->ddc_scl = scl;
    th->ddc_sda = sda;
    return sda && !th->ddc_hold_sda;
}

static void h_log(void *opaque, NVLogKind kind, const char *msg)
{
    TestHost *th = opaque;

    if (kind == NV_LOG_UNIMP) {
        th->n_unimp++;
    } else {
        th->n_guest_error++;
    }
    g_free(th->last_log);
    th->last_log = g_strdup(msg);
    if (g_test_verbose()) {
        g_test_message("log: %s", msg);
    }
}

static bool h_method_traced(void *opaque)
{
    return ((TestHost *)opaque)->trace;
}

static void h_method_trace(void *opaque, unsigned chid, unsigned subc,
                           const char *cls, const char *mthd, uint32_t data,
                           const char *decoded)
{
    TestHost *th = opaque;
    char *line = g_strdup_printf("%u %u %s %s 0x%08x%s%s%s", chid, subc, cls,
                                 mthd, data, *decoded ? " (" : "", decoded,
                                 *decoded ? ")" : "");

    if (g_test_verbose()) {
        g_test_message("trace: %s", line);
    }
    g_ptr_array_add(th->trace_lines, line);
}

static bool h_prim_traced(void *opaque)
{
    return ((TestHost *)opaque)->trace_prims;
}

static void h_prim_trace(void *opaque, const NVVtxPrim *prim)
{
    TestHost *th = opaque;

    if (g_test_verbose()) {
        char line[512];

        nv_vtx_prim_format(prim, line, sizeof(line));
        g_test_message("prim: %s", line);
    }
    g_array_append_val(th->prims, *prim);
}

const char *th_trace_line(TestHost *th, unsigned i)
{
    return i < th->trace_lines->len ? th->trace_lines->pdata[i] : NULL;
}

void th_trace_clear(TestHost *th)
{
    g_ptr_array_set_size(th->trace_lines, 0);
}

void th_trace_expect(TestHost *th, const char *const *lines)
{
    unsigned i;

    for (i = 0; lines[i]; i++) {
        g_assert_cmpstr(th_trace_line(th, i), ==, lines[i]);
    }
    g_assert_null(th_trace_line(th, i));
    th_trace_clear(th);
}

TestHost *th_new(const char *model, uint64_t vram_size)
{
    TestHost *th = g_new0(TestHost, 1);
    const NVModel *m = nv_model_find(model);
    NVHost host = {
        .opaque = th,
        .set_irq = h_set_irq,
        .clock_ns = h_clock,
        .timer_mod = h_timer_mod,
        .timer_del = h_timer_del,
        .dma_read = h_dma_read,
        .dma_write = h_dma_write,
        .pci_config_read = h_pci_config_read,
        .pci_config_write = h_pci_config_write,
        .ddc = h_ddc,
        .method_traced = h_method_traced,
        .method_trace = h_method_trace,
        .prim_traced = h_prim_traced,
        .prim_trace = h_prim_trace,
        .log = h_log,
    };

    g_assert_nonnull(m);
    if (!vram_size) {
        vram_size = m->vram_default;
    }
    for (int i = 0; i < NV_TIMER_COUNT; i++) {
        th->deadline[i] = -1;
    }
    th->now = 1000;     /* anything but 0: base times must be honoured */
    th->trace_lines = g_ptr_array_new_with_free_func(g_free);
    th->prims = g_array_new(false, false, sizeof(NVVtxPrim));
    th->vram = g_malloc0(vram_size);
    nv_st_le(th->pci_config, m->vendor_id | (uint32_t)m->device_id << 16, 4);
    nv_card_init(&th->card, m, &host, th->vram, vram_size, NULL, 0);
    nv_card_reset(&th->card);
    th->irq_edges = 0;
    return th;
}

void th_set_rom(TestHost *th, const uint8_t *rom, uint32_t size)
{
    th->card.rom = rom;
    th->card.rom_size = size;
}

void th_free(TestHost *th)
{
    nv_card_finalize(&th->card);
    g_free(th->vram);
    g_free(th->last_log);
    g_ptr_array_free(th->trace_lines, true);
    g_array_free(th->prims, true);
    g_free(th);
}

void th_advance(TestHost *th, int64_t ns)
{
    int64_t end = th->now + ns;

    for (;;) {
        int next = -1;

        for (int i = 0; i < NV_TIMER_COUNT; i++) {
            if (th->deadline[i] >= 0 && th->deadline[i] <= end &&
                (next < 0 || th->deadline[i] < th->deadline[next])) {
                next = i;
            }
        }
        if (next < 0) {
            break;
        }
        if (th->deadline[next] > th->now) {
            th->now = th->deadline[next];
        }
        th->deadline[next] = -1;
        nv_card_timer_expired(&th->card, next);
    }
    th->now = end;
}

uint32_t th_rd(TestHost *th, uint32_t addr)
{
    return nv_mmio_read(&th->card, NV_BAR_MMIO, addr, 4);
}

void th_wr(TestHost *th, uint32_t addr, uint32_t val)
{
    nv_mmio_write(&th->card, NV_BAR_MMIO, addr, val, 4);
}

uint32_t th_ramin_rd(TestHost *th, uint32_t addr)
{
    return nv_ramin_read(&th->card, addr, 4);
}

void th_ramin_wr(TestHost *th, uint32_t addr, uint32_t val)
{
    nv_ramin_write(&th->card, addr, val, 4);
}

void th_gart_init(TestHost *th)
{
    if (th->card.model->host_mem) {
        th_wr(th, 0x100800, 0x200000 | 0x10);
        th_wr(th, 0x100804, 0x1000000);
    } else {
        th_wr(th, 0x100800, 0x30000 | 2);
    }
}

/*
 * Every row of a real table: named, aligned, inside the method space,
 * not overlapping another, a handler or a store with bits to keep.
 */
void th_check_class(NVMethodClass *c)
{
    static uint16_t owner[NV_METHOD_SPACE / 4];

    memset(owner, 0, sizeof(owner));
    for (unsigned r = 0; r < c->count; r++) {
        const NVMethod *m = &c->methods[r];

        g_assert_nonnull(m->name);
        g_assert_cmpuint(m->count, >=, 1);
        g_assert_cmpuint(m->mthd % 4, ==, 0);
        g_assert_cmpuint(m->stride % 4, ==, 0);
        g_assert_cmpuint(m->stride, >=, 4);
        g_assert_cmpuint(m->mthd + (m->count - 1) * m->stride, <,
                         NV_METHOD_SPACE);
        g_assert_true(m->fn || m->mask);
        g_assert_true(m->step == 0 || m->step == 4);
        g_assert_true(m->type != NV_MTYPE_ENUM || m->values);
        for (unsigned k = 0; k < m->count; k++) {
            unsigned slot = (m->mthd + k * m->stride) / 4;

            if (owner[slot]) {
                g_error("%s: %s[%u] overlaps row %u", c->name ? c->name : "?",
                        m->name, k, owner[slot] - 1);
            }
            owner[slot] = r + 1;
        }
    }
}

uint32_t th_rnd(ThRng *g)
{
    g->s = g->s * 6364136223846793005ull + 1442695040888963407ull;
    return g->s >> 32;
}
