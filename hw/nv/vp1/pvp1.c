/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PVP1's outside interface (rnndb vdec/vpe/pvp1.xml and
 * vp1_fifo.xml; docs/vp1.rst "MMIO").  Register windows on the VP1 core,
 * the single-bundle debug interface, code fetch from VRAM, the NV41_VP1
 * methods, and execution in bounded slices on a host timer so that an
 * endless program never holds the guest up.
 */
#include "hw/nv/card.h"
#include "hw/nv/core/method.h"

static void arm(NVCard *card)
{
    if (card->host.timer_mod) {
        card->host.timer_mod(card->host.opaque, NV_TIMER_VP1,
                             nv_now_ns(card) + NV_PVP1_SLICE_NS);
    }
}

static void disarm(NVCard *card)
{
    if (card->host.timer_del) {
        card->host.timer_del(card->host.opaque, NV_TIMER_VP1);
    }
}

/*
 * UCODE_MTHD_ADDR holds the VRAM address of the code (rnndb pvp1.xml
 * INSTANCE, bits 5-31; docs/vp1.rst "MMIO").  The whole code space is
 * fetched at start; words past the end of VRAM read 0 (inferred).
 */
static void fetch_code(NVCard *card)
{
    uint64_t base = card->pvp1.ucode[2] & ~0x1full;
    uint32_t *words = g_new0(uint32_t, NV_VP1_CODE_WORDS);

    for (unsigned i = 0; i < NV_VP1_CODE_WORDS; i++) {
        uint64_t a = base + 4ull * i;

        if (a + 4 > card->vram_size) {
            break;
        }
        words[i] = nv_ld_le(card->vram + a, 4);
    }
    nv_vp1_load_code(&card->vp1, 0, words, NV_VP1_CODE_WORDS);
    g_free(words);
}

static void start(NVCard *card, uint32_t pc)
{
    fetch_code(card);
    nv_vp1_start(&card->vp1, pc);
    arm(card);
}

static void stop(NVCard *card)
{
    card->vp1.running = false;
    card->vp1.branch_pending = false;
    disarm(card);
}

/* Turn the core's exit events into INTR bits; say what we lack, once. */
static void take_events(NVCard *card)
{
    if (card->vp1.events & NV_VP1_EVENT_EXIT_INTR) {
        card->pvp1.intr |= NV_PVP1_INTR_EXIT;
    }
    if ((card->vp1.events & NV_VP1_EVENT_DMA) && !card->pvp1.dma_logged) {
        card->pvp1.dma_logged = true;
        nv_log(card, NV_LOG_UNIMP, "nv: pvp1: DMA instructions (xdld, xdst, "
               "xdbar, xdwait) are not modelled: they do nothing");
    }
    card->vp1.events = 0;
    nv_card_update_irq(card);
}

static void pvp1_expired(NVCard *card)
{
    if (!card->vp1.running) {
        return;
    }
    nv_vp1_run(&card->vp1, NV_PVP1_SLICE_BUNDLES);
    take_events(card);
    if (card->vp1.running) {
        arm(card);
    }
}

static void pvp1_reset(NVCard *card)
{
    memset(&card->pvp1, 0, sizeof(card->pvp1));
    nv_vp1_reset(&card->vp1);
    disarm(card);
    nv_card_update_irq(card);
}

static void pvp1_post_load(NVCard *card)
{
    nv_vp1_post_load(&card->vp1);
    if (card->vp1.running) {
        arm(card);
    } else {
        disarm(card);
    }
}

/* The debug interface: run the slots written since the last trigger. */
static void exec_bundle(NVCard *card)
{
    NVPvp1 *p = &card->pvp1;

    if (card->vp1.running) {
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: pvp1: single bundle while the "
               "code runs ignored");
        return;
    }
    nv_vp1_exec_slots(&card->vp1, p->slot, p->slot_valid);
    p->slot_valid = 0;
    take_events(card);
}

/* Dword @addr in the window of @n registers at @base: its index. */
static bool win(uint32_t addr, uint32_t base, unsigned n, unsigned *idx)
{
    *idx = (addr - base) >> 2;
    return addr >= base && addr - base < 4 * n;
}

/* $v[n] bytes 4w..4w+3 at 4n + 0x80w (docs/vp1.rst "MMIO"). */
static uint8_t *v_bytes(NVVp1 *vp, uint32_t addr)
{
    return &vp->v[addr >> 2 & 31][(addr >> 7) * 4];
}

static uint32_t pvp1_read(NVCard *card, uint32_t addr)
{
    const NVPvp1 *p = &card->pvp1;
    NVVp1 *vp = &card->vp1;
    unsigned i;

    if (win(addr, NV_PVP1_V, 4 * 32, &i)) {
        return nv_ld_le(v_bytes(vp, addr), 4);
    }
    if (win(addr, NV_PVP1_SLOT, NV_VP1_UNITS, &i)) {
        return p->slot[i];
    }
    if (win(addr, NV_PVP1_UC, 32, &i)) {
        return vp->uc[i];
    }
    if (win(addr, NV_PVP1_L, 4, &i)) {
        return vp->l[i];
    }
    if (win(addr, NV_PVP1_A, 32, &i)) {
        return vp->a[i];
    }
    if (win(addr, NV_PVP1_C, 4, &i)) {
        return nv_vp1_read_c(vp, i);
    }
    if (win(addr, NV_PVP1_R, 32, &i)) {
        return vp->r[i];                    /* $r31 stays 0 */
    }
    if (win(addr, NV_PVP1_M, 64, &i)) {
        return vp->m[i];
    }
    if (win(addr, NV_PVP1_UCODE_CHSW_ADDR, 3, &i)) {
        return p->ucode[i];
    }
    switch (addr) {
    case NV_PVP1_INTR:
        return p->intr;
    case NV_PVP1_INTR_EN:
        return p->intr_en;
    case NV_PVP1_CHANNEL_UNK:
        return p->channel_unk;
    case NV_PVP1_CHANNEL_CUR:
        return p->channel_cur;
    case NV_PVP1_EXIT_CODE:
        return vp->exit_code;
    case NV_PVP1_FIFO_ERR_MTHD:
        return p->fifo_err_mthd;
    case NV_PVP1_FIFO_ERR_DATA:
        return p->fifo_err_data;
    case NV_PVP1_STATUS:
        return vp->running ? NV_PVP1_STATUS_BUSY : 0;
    case NV_PVP1_ENABLE:
        return p->enable;
    case NV_PVP1_CLOCK:
        return p->clock;
    case NV_PVP1_FIFO_DIRECT:
        return p->fifo_direct;
    }
    nv_unimp(card, NV_PVP1_BASE + addr, false, 0);
    return 0;
}

static void pvp1_write(NVCard *card, uint32_t addr, uint32_t val)
{
    NVPvp1 *p = &card->pvp1;
    NVVp1 *vp = &card->vp1;
    unsigned i;

    if (win(addr, NV_PVP1_V, 4 * 32, &i)) {
        nv_st_le(v_bytes(vp, addr), val, 4);
        return;
    }
    if (win(addr, NV_PVP1_SLOT, NV_VP1_UNITS, &i)) {
        p->slot[i] = val;
        p->slot_valid |= 1u << i;
        return;
    }
    if (win(addr, NV_PVP1_UC, 32, &i)) {
        vp->uc[i] = val;
        return;
    }
    if (win(addr, NV_PVP1_L, 4, &i)) {
        vp->l[i] = val;
        return;
    }
    if (win(addr, NV_PVP1_A, 32, &i)) {
        vp->a[i] = val;
        return;
    }
    /* docs/vp1.rst "MMIO": $c is read-only here (instructions set it). */
    if (win(addr, NV_PVP1_C, 4, &i)) {
        return;
    }
    if (win(addr, NV_PVP1_R, 32, &i)) {
        if (i < 31) {                       /* $r31 is always 0 */
            vp->r[i] = val;
        }
        return;
    }
    if (win(addr, NV_PVP1_M, 64, &i)) {
        vp->m[i] = val;
        return;
    }
    if (win(addr, NV_PVP1_UCODE_CHSW_ADDR, 3, &i)) {
        p->ucode[i] = val & NV_PVP1_UCODE_MASK;
        return;
    }
    switch (addr) {
    case NV_PVP1_INTR:
        /* Inferred: write 1 to clear, like every other NV INTR. */
        p->intr &= ~val;
        nv_card_update_irq(card);
        return;
    case NV_PVP1_INTR_EN:
        p->intr_en = val & NV_PVP1_INTR_MASK;
        nv_card_update_irq(card);
        return;
    case NV_PVP1_CHANNEL_UNK:
        p->channel_unk = val;
        return;
    case NV_PVP1_CHANNEL_CUR:
        p->channel_cur = val;
        return;
    case NV_PVP1_FIFO_ERR_MTHD:
        p->fifo_err_mthd = val;
        return;
    case NV_PVP1_FIFO_ERR_DATA:
        p->fifo_err_data = val;
        return;
    case NV_PVP1_EXIT_CODE:
    case NV_PVP1_STATUS:
        return;                             /* read-only */
    case NV_PVP1_EXEC:
        if (val & 1) {
            exec_bundle(card);
        }
        return;
    case NV_PVP1_ENABLE:
        p->enable = val;
        return;
    case NV_PVP1_CLOCK:
        p->clock = val;
        return;
    case NV_PVP1_FIFO_DIRECT:
        p->fifo_direct = val;
        return;
    case NV_PVP1_START:
        /* docs/vp1.rst "MMIO": 0xc0000000 starts at word 0; inferred:
         * bit 31 clear stops the code. */
        if (val & NV_PVP1_START_GO) {
            start(card, 0);
        } else {
            stop(card);
        }
        return;
    }
    nv_unimp(card, NV_PVP1_BASE + addr, true, val);
}

/* ---- NV41_VP1 methods (rnndb vdec/vpe/vp1_fifo.xml) ---- */

/* Inferred: EXEC starts the code fetched from UCODE_MTHD_ADDR at word
 * @data. */
static void mthd_exec(NVCard *card, const NVMethodCall *call)
{
    start(card, call->data);
}

/*
 * Inferred: PARAM[i] goes to $m[i] and EXEC_PARAM to $m[48], the $m after
 * them; DMA_VP[] objects are only stored.  Method 0 binds an NV41_VP1
 * object, which holds no state.
 */
static const NVMethod vp1_methods[] = {
    NV_MTHD(0x000, "OBJECT", nv_method_nop),
    NV_MTHD(NV_VP1_MTHD_NOP, "NOP", nv_method_nop),
    NV_MTHD_STORE_ARRAY(NV_VP1_MTHD_DMA_VP, NV_VP1_DMA_OBJS, 4, "DMA_VP",
                        pvp1.dma, 0xffffffff),
    NV_MTHD(NV_VP1_MTHD_EXEC, "EXEC", mthd_exec),
    NV_MTHD_STORE(NV_VP1_MTHD_EXEC_PARAM, "EXEC_PARAM",
                  vp1.m[NV_VP1_M_EXEC_PARAM], 0xffffffff),
    NV_MTHD_STORE_ARRAY(NV_VP1_MTHD_PARAM, NV_VP1_PARAMS, 4, "PARAM", vp1.m,
                        0xffffffff),
};
static NVMethodClass vp1_class = NV_METHOD_CLASS("NV41_VP1", vp1_methods);

/* rnndb fifo/nv_object.xml: NV41_VP1's class number. */
#define NV41_VP1_CLASS              0x4176

/*
 * A method from PFIFO's puller, on the current channel; inferred: an
 * unknown method is recorded in FIFO_ERR_* only.
 */
static void pvp1_method(NVCard *card, unsigned subc, uint32_t mthd,
                        uint32_t data)
{
    NVMethodCall call = {
        .cls = NV41_VP1_CLASS, .chid = card->pfifo4.push1 & NV4_CHID_MASK,
        .subc = subc, .mthd = mthd, .data = data,
    };

    if (!nv_method_call(card, &vp1_class, &call)) {
        card->pvp1.fifo_err_mthd = mthd;
        card->pvp1.fifo_err_data = data;
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: pvp1: unknown method 0x%04x",
               mthd);
    }
}

void nv_pvp1_method(NVCard *card, uint32_t mthd, uint32_t data)
{
    pvp1_method(card, 0, mthd, data);
}

/* PVP1 is part of PVPE (vdec/vpe), whose line is 0 on NV25:G80. */
static uint32_t pvp1_intr(NVCard *card)
{
    return card->pvp1.intr & card->pvp1.intr_en ? 1u << NV_PMC_LINE_PVPE : 0;
}

/* PFIFO's sink: PVP1 takes every method at once. */
static bool pvp1_fifo_method(NVCard *card, unsigned subc, uint32_t mthd,
                             uint32_t data)
{
    pvp1_method(card, subc, mthd, data);
    return true;
}

/* pmc.rst: PVP1 sits in PVPE, whose ENABLE bit (1) resets it. */
static const NVBlock pvp1_blocks[] = {
    { "pvp1", NV_ARCHS_NV3UP, NV_PVP1_BASE, NV_PVP1_SIZE, NV17_PMC_ENABLE_PVPE,
      .read32 = pvp1_read, .write32 = pvp1_write },
};

const NVEngine nv_pvp1_engine = {
    .name = "pvp1",
    .present = nv_model_has_vp1,
    .blocks = pvp1_blocks, .nr_blocks = G_N_ELEMENTS(pvp1_blocks),
    .reset = pvp1_reset,
    .intr = pvp1_intr,
    .timer = NV_TIMER_VP1, .expired = pvp1_expired,
    .post_load = pvp1_post_load,
    .fifo_engine = NV4_ENGINE_PVP1,
    .sink = { .method = pvp1_fifo_method },
};
