/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PGRAPH of NV20+ (Kelvin, Rankine, Curie): its MMIO block and
 * engine row (the method sink is objects-nv20.c, context switching
 * ctx-nv20.c), and the front end's PIPE and RDI registers feeding XF.
 *
 * PIPE (docs/xf.rst "PIPE and RDI registers"): the driver writes a
 * wrapped IDX address to PIPE_ADDRESS, then data words to PIPE_DATA (or
 * reads them), the address advancing a word each time; IDX unwraps it into
 * an IDX2XF command (envytools docs/hw/graph/xf/intro.rst "IDX command
 * wrapping").  RDI reaches XF's RAMs directly:
 * RDI_INDEX = space << 16 | byte offset, then words through RDI_DATA with
 * the offset advancing.  Everything completes at once, so STATUS reads 0.
 * The rest of the register file is stored by regs-nv20.c's table.
 */
#include "hw/nv/card.h"
#include "hw/nv/fifo/pfifo-nv4.h"
#include "hw/nv/xf/idx.h"
#include "hw/nv/xf/xf.h"
#include "pgraph-nv20-internal.h"

static uint32_t pipe_mask(NVCard *card)
{
    switch (card->model->pgraph) {
    case NV_PGRAPH_KELVIN:
        return NV20_PIPE_ADDRESS_MASK;
    case NV_PGRAPH_RANKINE:
        return NV30_PIPE_ADDRESS_MASK;
    default:
        return NV40_PIPE_ADDRESS_MASK;
    }
}

static uint32_t intr_en_reg(NVCard *card)
{
    return card->model->arch == NV_ARCH_NV40 ? NV40_PGRAPH_INTR_EN
                                             : NV20_PGRAPH_INTR_EN;
}

/* docs/pgraph.rst "Hardware facts beyond envytools": INTR_EN's bits. */
static uint32_t intr_en_mask(NVCard *card)
{
    return card->model->arch == NV_ARCH_NV40 ? NV40_PGRAPH_INTR_EN_MASK
                                             : NV20_PGRAPH_INTR_EN_MASK;
}

/*
 * Power-on: everything 0 but FIFO_ENABLE, which nouveau never sets at
 * init (only after an error and in its context save), so it must come up
 * set (docs/pgraph.rst "Reset").
 */
static void pgraph_reset(NVCard *card)
{
    memset(&card->pgraph20, 0, sizeof(card->pgraph20));
    nv2d_reset(&card->pgraph20.g2d);
    nv20_fd_reset(card);
    nv20_draw_reset(card);
    nv20_ctx_reset(card);
    *nv20_reg(card, NV20_PGRAPH_FIFO_ENABLE) = 1;
    nv_xf_reset(&card->xf, card->model->xf);
    nv_card_update_irq(card);
}

/*
 * The IDX2XF command PIPE_ADDRESS names.  NV40's PIPE_ADDRESS does not
 * keep bits 18-19, where Curie's wrapping puts its target code 3, so the
 * FE supplies it (see idx.c).
 */
static bool pipe_cmd(NVCard *card, NVXfCmd *cmd)
{
    uint32_t addr = card->pgraph20.pipe_address;

    if (card->model->arch == NV_ARCH_NV40) {
        addr = (addr & 0x3fffc) | 3u << 18;
    }
    memset(cmd, 0, sizeof(*cmd));
    if (!nv_idx_unwrap(nv_idx_gen(card->model->xf), addr, cmd)) {
        nv_log(card, NV_LOG_UNIMP, "nv: pgraph: PIPE address 0x%05x is not "
               "a wrapped XF command; only XF is modelled", addr);
        return false;
    }
    return true;
}

/* The address moves to the next word, within its writable bits. */
static void pipe_advance(NVCard *card)
{
    uint32_t mask = pipe_mask(card), a = card->pgraph20.pipe_address;

    card->pgraph20.pipe_address = (a & ~0x3fffcu) | ((a + 4) & 0x3fffc);
    card->pgraph20.pipe_address &= mask;
}

/*
 * RDI_INDEX's writable bits: the space in bits 16-24 (NV25 and Rankine:
 * 16-25), the byte offset in bits 2-12 (Rankine: 2-14).  Curie's RDI is
 * not documented; it keeps the 8-bit space and 16-bit offset Kelvin's
 * XF spaces need (docs/pgraph.rst).
 */
static uint32_t rdi_mask(NVCard *card)
{
    switch (card->model->pgraph_chip) {
    case NV_PGRAPH_CHIP_NV20:
        return 0x01ff1ffc;
    case NV_PGRAPH_CHIP_NV25:
        return 0x03ff1ffc;
    case NV_PGRAPH_CHIP_NV30:
    case NV_PGRAPH_CHIP_NV34:
        return 0x03ff7ffc;
    default:
        return 0x00fffffc;
    }
}

/* The offset moves on a word, within its field. */
static void rdi_advance(NVCard *card)
{
    NV20Pgraph *g = &card->pgraph20;
    uint32_t off = rdi_mask(card) & 0xffff;

    g->rdi_index = (g->rdi_index & ~off) | ((g->rdi_index + 4) & off);
}

static void rdi_unknown(NVCard *card, bool write)
{
    nv_log(card, NV_LOG_UNIMP, "nv: pgraph: RDI %s of space 0x%02x offset "
           "0x%04x not modelled", write ? "write" : "read",
           (card->pgraph20.rdi_index >> 16) & 0x3ff,
           card->pgraph20.rdi_index & 0xffff);
}

/*
 * The XF RAM and byte offset RDI_INDEX names.  NV25 splits LTCTX into
 * LTCTX_A (space 0x18) and LTCTX_B (0x16) (intro.rst); ctx.rst has one
 * list of 0x4a entries for NV20.  We infer A holds the 64 per-light
 * entries 0x00-0x3f (a power-of-two RAM) and B the global ones from 0x40,
 * its slot 0 being entry 0x40.  False for what A does not hold.
 */
static bool rdi_place(NVCard *card, unsigned *space, uint32_t *offset)
{
    *space = (card->pgraph20.rdi_index >> 16) & 0x3ff;
    *offset = card->pgraph20.rdi_index & 0xffff;
    if (!card->model->ltctx_split) {
        return true;
    }
    if (*space == 0x16) {
        *space = 0x18;
        *offset += NV25_LTCTX_A_SLOTS * 16;
    } else if (*space == 0x18) {
        return *offset < NV25_LTCTX_A_SLOTS * 16;
    }
    return true;
}

/*
 * The IDX state word RDI_INDEX names in space 0x26 (the vertex buffers'
 * offsets and formats the 3D classes set, then IDX_STATE_A-D), or NULL.
 */
static uint32_t *rdi_idx_state(NVCard *card)
{
    uint32_t offset = card->pgraph20.rdi_index & 0xffff;

    if (((card->pgraph20.rdi_index >> 16) & 0x3ff) != NV20_IDX_STATE_SPACE ||
        offset / 4 >= NV20_IDX_STATE_WORDS) {
        return NULL;
    }
    return &card->pgraph20.fe3d.idx_state[offset / 4];
}

/* The CTXPROG registers, on Curie only; NULL elsewhere. */
static uint32_t *ctxprog_reg(NVCard *card, uint32_t addr)
{
    NV20Pgraph *g = &card->pgraph20;

    if (card->model->pgraph != NV_PGRAPH_CURIE) {
        return NULL;
    }
    if (addr == NV40_PGRAPH_CTXPROG_INDEX) {
        return &g->ctxprog_index;
    }
    if (addr == NV40_PGRAPH_CTXPROG_DATA) {
        return &g->ctxprog[g->ctxprog_index % NV40_CTXPROG_WORDS];
    }
    return NULL;
}

static uint32_t pgraph_read(NVCard *card, uint32_t addr)
{
    NV20Pgraph *g = &card->pgraph20;
    NVXfCmd cmd;
    uint32_t v = 0, offset;
    unsigned space;
    uint32_t *ctxprog = ctxprog_reg(card, addr);

    if (ctxprog) {
        return *ctxprog;
    }
    if (nv20_ctx_read(card, addr, &v)) {
        return v;
    }
    if (addr == intr_en_reg(card)) {
        return g->intr_en;
    }
    switch (addr) {
    case NV20_PGRAPH_INTR:
        return g->intr;
    case NV20_PGRAPH_STATUS:
        /*
         * Busy (bit 0) while a method's work runs.  Each poll moves it on
         * a slice, so a driver waiting for idle (nouveau's nv04_gr_idle)
         * sees it finish whatever the host's timers do.
         */
        if (nv20_work_busy(card)) {
            nv20_pgraph_run(card, NV20_STATUS_POLL_SLICE);
        }
        return nv20_work_busy(card) ? NV20_STATUS_BUSY : 0;
    case NV20_PGRAPH_PIPE_ADDRESS:
        return g->pipe_address;
    case NV20_PGRAPH_PIPE_DATA:
        if (pipe_cmd(card, &cmd)) {
            v = nv_xf_read(&card->xf, card, &cmd);
        }
        pipe_advance(card);
        return v;
    case NV20_PGRAPH_RDI_INDEX:
        return g->rdi_index;
    case NV20_PGRAPH_RDI_DATA:
        if (rdi_idx_state(card)) {
            v = *rdi_idx_state(card);
        } else if (!rdi_place(card, &space, &offset) ||
                   !nv_xf_rdi_read(&card->xf, space, offset, &v)) {
            rdi_unknown(card, false);
        }
        rdi_advance(card);
        return v;
    }
    if (nv20_pgraph_reg_read(card, addr, &v)) {
        return v;
    }
    nv_unimp(card, NV20_PGRAPH_BASE + addr, false, 0);
    return 0;
}

/*
 * A CTX_SWITCH_A write (Curie: CTX_SWITCH_C) asks for a volatile reset
 * with bit 31, which is not stored; DEBUG_D bit 19 lets it run, and
 * DEBUG_B bit 0 records whether it did (docs/pgraph.rst "Side effects").
 */
static void vreset_write(NVCard *card, uint32_t addr, uint32_t val)
{
    uint32_t reg = nv20_is_curie(card) ? 0x150 : 0x14c;
    uint32_t *debug_b = nv20_reg(card, NV20_PGRAPH_DEBUG_B);
    bool run = (val >> 31) &&
               (*nv20_reg(card, NV20_PGRAPH_DEBUG_D) & NV20_DEBUG_D_VRESET);

    if (addr != reg) {
        return;
    }
    *debug_b = (*debug_b & ~NV20_DEBUG_B_VRESET_DONE) | run;
    if (run) {
        nv20_volatile_reset(card);
    }
}

static void pgraph_store(NVCard *card, uint32_t addr, uint32_t val)
{
    NV20Pgraph *g = &card->pgraph20;
    NVXfCmd cmd;
    uint32_t offset;
    unsigned space;
    uint32_t *ctxprog = ctxprog_reg(card, addr);

    if (ctxprog) {
        *ctxprog = val;
        g->ctx_layout_valid = false;
        if (addr == NV40_PGRAPH_CTXPROG_DATA) {
            g->ctxprog_index = (g->ctxprog_index + 1) % NV40_CTXPROG_WORDS;
        } else {
            g->ctxprog_index %= NV40_CTXPROG_WORDS;
        }
        return;
    }
    if (nv20_ctx_write(card, addr, val)) {
        return;
    }
    if (addr == intr_en_reg(card)) {
        g->intr_en = val & intr_en_mask(card);
        nv_card_update_irq(card);
        return;
    }
    switch (addr) {
    case NV20_PGRAPH_INTR:
        /* acknowledging the error also clears NSOURCE */
        if (val & g->intr & NV20_INTR_ERROR) {
            *nv20_reg(card, NV20_PGRAPH_NSOURCE) = 0;
        }
        g->intr &= ~val;
        nv_card_update_irq(card);
        return;
    case NV20_PGRAPH_STATUS:
        return;
    case NV20_PGRAPH_PIPE_ADDRESS:
        g->pipe_address = val & pipe_mask(card);
        return;
    case NV20_PGRAPH_PIPE_DATA:
        if (pipe_cmd(card, &cmd)) {
            cmd.data[0] = val;
            nv_xf_write(&card->xf, card, &cmd);
        }
        pipe_advance(card);
        return;
    case NV20_PGRAPH_RDI_INDEX:
        g->rdi_index = val & rdi_mask(card);
        return;
    case NV20_PGRAPH_RDI_DATA:
        if (rdi_idx_state(card)) {
            *rdi_idx_state(card) = val;
        } else if (!rdi_place(card, &space, &offset) ||
                   !nv_xf_rdi_write(&card->xf, space, offset, val)) {
            rdi_unknown(card, true);
        }
        rdi_advance(card);
        return;
    }
    if (nv20_pgraph_reg_write(card, addr, val)) {
        vreset_write(card, addr, val);
        return;
    }
    nv_unimp(card, NV20_PGRAPH_BASE + addr, true, val);
}

/*
 * A write that lets PGRAPH take methods again (FIFO_ENABLE after an
 * error, an acknowledged context switch interrupt) restarts PFIFO's
 * puller, which stopped on it and would otherwise wait for the next
 * pushbuffer kick.
 */
static void pgraph_write(NVCard *card, uint32_t addr, uint32_t val)
{
    bool busy = nv20_pgraph_busy(card);

    pgraph_store(card, addr, val);
    nv20_draw_invalidate(card);
    if ((busy || addr == NV20_PGRAPH_INTR) && !nv20_pgraph_busy(card)) {
        nv4_pfifo_run(card);
    }
}

static uint32_t pgraph_intr(NVCard *card)
{
    return card->pgraph20.intr & card->pgraph20.intr_en ?
           1u << NV_PMC_LINE_PGRAPH : 0;
}

/*
 * XF, VTX and the rasterizer are part of this PGRAPH: XF's decoded
 * programs, VTX's and the rasterizer's state are derived.
 */
static void pgraph_post_load(NVCard *card)
{
    nv_xf_post_load(&card->xf);
    nv20_fd_post_load(card);
    nv20_draw_post_load(card);
}

static const NVBlock pgraph_blocks[] = {
    { "pgraph", NV_ARCHS_NV3UP, NV20_PGRAPH_BASE, NV20_PGRAPH_SIZE,
      NV3_PMC_ENABLE_PGRAPH, .read32 = pgraph_read, .write32 = pgraph_write },
};

const NVEngine nv20_pgraph_engine = {
    .name = "pgraph",
    .present = nv_model_is_nv3up,
    .blocks = pgraph_blocks, .nr_blocks = G_N_ELEMENTS(pgraph_blocks),
    .reset = pgraph_reset,
    .intr = pgraph_intr,
    .post_load = pgraph_post_load,
    .fifo_engine = NV4_ENGINE_PGRAPH,
    .sink = { .method = nv20_pgraph_method, .busy = nv20_pgraph_busy,
              .run = nv20_pgraph_run },
};
