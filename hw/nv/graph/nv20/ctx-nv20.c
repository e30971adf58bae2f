/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: context switching of the NV20+ PGRAPH.  Several channels share
 * PGRAPH; when a method comes from a channel whose context is not loaded,
 * the current context is saved and the channel's loaded.  Kelvin and
 * Rankine find a channel's context image through the channel table
 * (CHANNEL_CTX_TABLE, one word per channel, the image's address >> 4);
 * Curie gets it from PFIFO (RAMFC's GRCTX word) and names the loaded one
 * in CTXCTL_CUR.  The driver can also save or load a context by hand
 * (Kelvin/Rankine CHANNEL_CTX_XFER, Curie CTXCTL_0310/0304), as nouveau's
 * gr fini does (nvkm/engine/gr/nv20.c, nv40.c).
 *
 * Kelvin and Rankine's context image layout is not documented, so their
 * contexts are kept in the device, in slots named by their image's
 * address.  Curie's layout is whatever the context program the driver
 * uploaded says: its CTX instructions name the register ranges and where
 * they go in the image, so the registers are saved to and loaded from
 * the image itself, and the rest of the context (the 2D engine's state)
 * stays in the slot (docs/pgraph.rst "Context switching").
 */
#include "hw/nv/card.h"
#include "hw/nv/fifo/pfifo-nv4.h"
#include "hw/nv/mem/pramin.h"
#include "pgraph-nv20-internal.h"

/*
 * Registers that are not a channel's: configuration, interrupts, status,
 * the trapped method and the method FIFO (BAR0 ranges, end exclusive).
 * Kelvin and Rankine keep CTX_CONTROL at 0x400144, where Curie has
 * CTX_USER, which is part of a context.
 */
static bool reg_is_global(const NVCard *card, uint32_t off)
{
    static const struct { uint32_t lo, hi; } global[] = {
        { 0x400000, 0x400144 },     /* DEBUG, INTR, NSTATUS, NSOURCE, ... */
        { 0x400700, 0x400710 },     /* STATUS, TRAP_ADDR, TRAP_DATA */
        { 0x400720, 0x400724 },     /* FIFO_ENABLE */
        { 0x40075c, 0x400770 },     /* UNK75C, FIFO_PTR, the stage-2 method */
        { 0x4007a0, 0x400800 },     /* the method cache */
        { 0x4009b0, 0x4009c0 },     /* Curie memory configuration */
    };

    if (off == NV20_PGRAPH_CTX_CONTROL && !nv20_is_curie(card)) {
        return true;
    }
    for (size_t i = 0; i < G_N_ELEMENTS(global); i++) {
        if (off >= global[i].lo && off < global[i].hi) {
            return true;
        }
    }
    return false;
}

/* The slot of context @inst; with @alloc a new one (the oldest if full). */
static NV20PgraphCtx *slot_of(NVCard *card, uint32_t inst, bool alloc)
{
    NV20Pgraph *g = &card->pgraph20;
    NV20PgraphCtx *victim = &g->ctx[0];

    for (unsigned i = 0; i < NV20_PGRAPH_CTX_SLOTS; i++) {
        if (g->ctx[i].inst == inst) {
            return &g->ctx[i];
        }
    }
    if (!alloc) {
        return NULL;
    }
    for (unsigned i = 0; i < NV20_PGRAPH_CTX_SLOTS; i++) {
        NV20PgraphCtx *s = &g->ctx[i];

        if (!s->inst) {
            victim = s;
            break;
        }
        if (s->stamp < victim->stamp) {
            victim = s;
        }
    }
    if (victim->inst) {
        nv_log(card, NV_LOG_UNIMP, "nv: pgraph: more than %u graphics "
               "contexts; the state of context 0x%05x is lost",
               NV20_PGRAPH_CTX_SLOTS, victim->inst);
    }
    victim->inst = inst;
    return victim;
}

/*
 * The context program's instructions that place registers (nouveau's
 * nvkm/engine/gr/ctxnv40.h, whose generator writes the program): CTX
 * moves COUNT registers from REG on between PGRAPH and the image at the
 * context pointer, which then moves on by COUNT; a COUNT of 0 takes the
 * count from the scratch register LOAD_SR sets; SET_CONTEXT_POINTER
 * moves the pointer to the scratch value.  Branches pick between saving
 * and loading but both go through the same CTX list, so a straight walk
 * to END finds every range once.
 */
#define CP_OP_MASK              0x00f00000u
#define CP_CTX                  0x00100000u
#define   CP_CTX_COUNT(i)       (((i) >> 14) & 0x3f)
#define   CP_CTX_REG(i)         ((i) & 0x3fff)
#define CP_LOAD_SR              0x00200000u
#define   CP_LOAD_SR_VALUE(i)   ((i) & 0xfffff)
#define CP_SET_CONTEXT_POINTER  0x0060000au
#define CP_END                  0x0060000eu

static void ctx_layout(NVCard *card)
{
    NV20Pgraph *g = &card->pgraph20;
    uint32_t sr = 0, pos = 0;

    g->ctx_ranges = 0;
    g->ctx_layout_valid = true;
    for (unsigned i = 0; i < NV40_CTXPROG_WORDS; i++) {
        uint32_t insn = g->ctxprog[i];
        NV40CtxRange *r = &g->ctx_range[g->ctx_ranges];

        if (insn == CP_END) {
            break;
        } else if (insn == CP_SET_CONTEXT_POINTER) {
            pos = sr;
        } else if ((insn & CP_OP_MASK) == CP_LOAD_SR) {
            sr = CP_LOAD_SR_VALUE(insn);
        } else if ((insn & CP_OP_MASK) == CP_CTX) {
            r->reg = CP_CTX_REG(insn);
            r->count = CP_CTX_COUNT(insn) ? CP_CTX_COUNT(insn) : sr;
            r->pos = pos;
            pos += r->count;
            g->ctx_ranges++;
        }
    }
}

/* What ctx_image() does with each register word of an image. */
typedef enum ImageOp { IMAGE_SAVE, IMAGE_LOAD, IMAGE_SUM } ImageOp;

/*
 * Move the registers the context program places between PGRAPH and the
 * image at RAMIN @inst << 4 (Curie), or only read them (IMAGE_SUM);
 * those outside our 0x2000-byte window are not modelled and skipped.
 * Returns a hash (FNV-1a) of the image's register words as they are
 * after the move.  The image is the context: when at a load the words
 * are not the ones the last save left, the driver has written the image
 * since (nouveau fills a new channel's with its initial values, at
 * whatever address the allocator gives, a freed image's included), and
 * the state the slot keeps beside the registers belongs to another
 * context.
 */
static uint32_t ctx_image(NVCard *card, uint32_t inst, ImageOp op)
{
    NV20Pgraph *g = &card->pgraph20;
    uint32_t h = 0x811c9dc5;

    if (!g->ctx_layout_valid) {
        ctx_layout(card);
    }
    for (unsigned i = 0; i < g->ctx_ranges; i++) {
        const NV40CtxRange *r = &g->ctx_range[i];

        for (unsigned k = 0; k < r->count && r->reg + k < NV20_PGRAPH_REGS;
             k++) {
            uint32_t off = NV20_PGRAPH_BASE + 4 * (r->reg + k);
            uint32_t a = (inst << 4) + 4 * (r->pos + k);
            const NV20Reg *row = nv20_pgraph_reg_find(card->model, off);

            if (row && op == IMAGE_SAVE) {
                nv_ramin_write(card, a, g->regs[r->reg + k], 4);
            }
            if (row && op == IMAGE_LOAD) {
                g->regs[r->reg + k] = nv_ramin_read(card, a, 4) & row->mask;
            }
            h = (h ^ nv_ramin_read(card, a, 4)) * 0x01000193;
        }
    }
    return h;
}

/*
 * XF's RAMs, which the hardware keeps in the context image (Curie: its
 * context program; docs/pgraph.rst "Context switching"), go to and come
 * from the slot; XF then decodes the program it got back.
 */
static void xf_copy(NVXf *xf, NVXfRams *s, bool save)
{
    if (save) {
        *s = xf->ram;
    } else {
        xf->ram = *s;
        nv_xf_post_load(xf);
    }
}

static void ctx_save(NVCard *card, uint32_t inst)
{
    NV20Pgraph *g = &card->pgraph20;
    NV20PgraphCtx *s = slot_of(card, inst, true);

    memcpy(s->regs, g->regs, sizeof(s->regs));
    s->g2d = g->g2d;
    s->fe3d = g->fe3d;
    xf_copy(&card->xf, &s->xf, true);
    s->pipe_address = g->pipe_address;
    s->rdi_index = g->rdi_index;
    s->stamp = ++g->ctx_clock;
    if (nv20_is_curie(card)) {
        s->image_sum = ctx_image(card, inst, IMAGE_SAVE);
    }
}

/*
 * Load context @inst.  On Curie the registers come from the image, the
 * driver's initial values in a new one.  A context never saved starts
 * with the 2D and 3D method state and XF's RAMs as reset leaves them,
 * what a new image holds for a driver that relies on its defaults
 * (Mesa leaves VTXFMT of attributes it never used unwritten); its
 * Kelvin/Rankine registers, whose place in the image no layout gives,
 * stay as PGRAPH has them (docs/pgraph.rst "Context switching").  On
 * Curie an image rewritten since its save (ctx_image()) is a new one.
 */
static void ctx_load(NVCard *card, uint32_t inst)
{
    NV20Pgraph *g = &card->pgraph20;
    NV20PgraphCtx *s = slot_of(card, inst, false);
    bool curie = nv20_is_curie(card);

    if (s && curie && ctx_image(card, inst, IMAGE_SUM) != s->image_sum) {
        s = NULL;
    }
    if (s) {
        for (unsigned i = 0; i < NV20_PGRAPH_REGS && !curie; i++) {
            if (!reg_is_global(card, NV20_PGRAPH_BASE + 4 * i)) {
                g->regs[i] = s->regs[i];
            }
        }
        g->g2d = s->g2d;
        g->fe3d = s->fe3d;
        xf_copy(&card->xf, &s->xf, false);
        g->pipe_address = s->pipe_address;
        g->rdi_index = s->rdi_index;
        s->stamp = ++g->ctx_clock;
    } else {
        nv2d_reset(&g->g2d);
        nv20_fe3d_reset(&g->fe3d);
        nv_xf_reset_rams(&card->xf.ram);
        nv_xf_post_load(&card->xf);
        g->pipe_address = 0;
        g->rdi_index = 0;
    }
    if (curie) {
        ctx_image(card, inst, IMAGE_LOAD);
    }
    /* the draw's derived state, the fragment program too, are the old one's */
    nv20_draw_invalidate(card);
    g->draw.fp_dirty = true;
}

/* Kelvin/Rankine: CTX_USER names the channel (Curie keeps CTXCTL_CUR). */
static void set_chid(NVCard *card, unsigned chid)
{
    uint32_t *user = nv20_reg(card, NV20_PGRAPH_CTX_USER);

    *user = (*user & ~(NV20_CHID_MASK << NV20_CTX_USER_CHID_SHIFT)) |
            chid << NV20_CTX_USER_CHID_SHIFT;
}

/* The context image of channel @chid in the channel table (Kelvin). */
static uint32_t table_entry(NVCard *card, unsigned chid)
{
    return nv_ramin_read(card, (card->pgraph20.ctx_table << 4) + chid * 4,
                         4) & 0xffff;
}

/* A channel without a context: the driver must step in. */
static bool no_context(NVCard *card, unsigned chid)
{
    NV20Pgraph *g = &card->pgraph20;

    if (!(g->intr & NV20_INTR_CONTEXT_SWITCH)) {
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: pgraph: channel %u has no "
               "graphics context", chid);
        g->intr |= NV20_INTR_CONTEXT_SWITCH;
        nv_card_update_irq(card);
    }
    return false;
}

bool nv20_ctx_switch(NVCard *card, unsigned chid)
{
    NV20Pgraph *g = &card->pgraph20;
    uint32_t *ctl = nv20_reg(card, NV20_PGRAPH_CTX_CONTROL);
    unsigned cur = (*nv20_reg(card, NV20_PGRAPH_CTX_USER) >>
                    NV20_CTX_USER_CHID_SHIFT) & NV20_CHID_MASK;
    uint32_t want;

    if (nv20_is_curie(card)) {
        want = nv4_pfifo_current_grctx(card) & NV40_CTXCTL_INSTANCE;
        if ((g->ctxctl_cur & NV40_CTXCTL_CUR_LOADED) &&
            (g->ctxctl_cur & NV40_CTXCTL_INSTANCE) == want) {
            return true;
        }
        if (!want) {
            return no_context(card, chid);
        }
        if (g->ctxctl_cur & NV40_CTXCTL_CUR_LOADED) {
            ctx_save(card, g->ctxctl_cur & NV40_CTXCTL_INSTANCE);
        }
        ctx_load(card, want);
        g->ctxctl_cur = NV40_CTXCTL_CUR_LOADED | want;
        return true;
    }
    if ((*ctl & NV20_CTX_CONTROL_CHID_VALID) && cur == chid) {
        return true;
    }
    want = table_entry(card, chid);
    if (!(*nv20_reg(card, NV20_PGRAPH_DEBUG_D) & NV20_DEBUG_D_AUTO_CTXSW) ||
        !want) {
        return no_context(card, chid);
    }
    if (*ctl & NV20_CTX_CONTROL_CHID_VALID) {
        uint32_t old = table_entry(card, cur);

        if (old) {
            ctx_save(card, old);
        }
    }
    ctx_load(card, want);
    set_chid(card, chid);
    *ctl |= NV20_CTX_CONTROL_CHID_VALID;
    return true;
}

bool nv20_ctx_read(NVCard *card, uint32_t addr, uint32_t *val)
{
    NV20Pgraph *g = &card->pgraph20;

    switch (addr) {
    case NV20_PGRAPH_CHANNEL_CTX_TABLE:
        *val = nv20_is_curie(card) ? 0 : g->ctx_table;
        return !nv20_is_curie(card);
    case NV20_PGRAPH_CHANNEL_CTX_POINTER:
        *val = g->ctx_pointer;
        return true;
    case NV20_PGRAPH_CHANNEL_CTX_XFER:
        *val = 0;
        return !nv20_is_curie(card);
    }
    if (!nv20_is_curie(card)) {
        return false;
    }
    switch (addr) {
    case NV40_PGRAPH_CTXCTL_STATUS:       /* transfers are done at once */
    case NV40_PGRAPH_CTXCTL_0304:
    case NV40_PGRAPH_CTXCTL_UCODE_STAT:
        *val = 0;
        return true;
    case NV40_PGRAPH_CTXCTL_0310:
        *val = g->ctxctl_0310;
        return true;
    case NV40_PGRAPH_CTXCTL_CUR:
        *val = g->ctxctl_cur;
        return true;
    case NV40_PGRAPH_CTXCTL_NEXT:
        *val = g->ctxctl_next;
        return true;
    }
    return false;
}

bool nv20_ctx_write(NVCard *card, uint32_t addr, uint32_t val)
{
    NV20Pgraph *g = &card->pgraph20;
    uint32_t ptr = g->ctx_pointer & NV40_CTXCTL_INSTANCE;

    switch (addr) {
    case NV20_PGRAPH_CHANNEL_CTX_TABLE:
        g->ctx_table = val & 0xffff;
        return !nv20_is_curie(card);
    case NV20_PGRAPH_CHANNEL_CTX_POINTER:
        g->ctx_pointer = val;
        return true;
    case NV20_PGRAPH_CHANNEL_CTX_XFER:
        if (nv20_is_curie(card)) {
            return false;
        }
        if (!ptr) {
            return true;
        }
        if (val & NV20_CTX_XFER_SAVE) {
            ctx_save(card, ptr);
        }
        if (val & NV20_CTX_XFER_LOAD) {
            ctx_load(card, ptr);
        }
        return true;
    }
    if (!nv20_is_curie(card)) {
        return false;
    }
    switch (addr) {
    case NV40_PGRAPH_CTXCTL_0304:
        if ((val & NV40_CTXCTL_0304_XFER_CTX) && ptr) {
            if (g->ctxctl_0310 & NV40_CTXCTL_0310_XFER_SAVE) {
                ctx_save(card, ptr);
            }
            if (g->ctxctl_0310 & NV40_CTXCTL_0310_XFER_LOAD) {
                ctx_load(card, ptr);
            }
            g->ctxctl_0310 &= ~(NV40_CTXCTL_0310_XFER_SAVE |
                                NV40_CTXCTL_0310_XFER_LOAD);
        }
        return true;
    case NV40_PGRAPH_CTXCTL_0310:
        g->ctxctl_0310 = val;
        return true;
    case NV40_PGRAPH_CTXCTL_CUR:
        g->ctxctl_cur = val & (NV40_CTXCTL_CUR_LOADED | NV40_CTXCTL_INSTANCE);
        return true;
    case NV40_PGRAPH_CTXCTL_NEXT:
        g->ctxctl_next = val & NV40_CTXCTL_INSTANCE;
        return true;
    }
    return false;
}

void nv20_ctx_reset(NVCard *card)
{
    NV20Pgraph *g = &card->pgraph20;

    g->ctx_table = g->ctx_pointer = 0;
    g->ctxctl_cur = g->ctxctl_next = g->ctxctl_0310 = 0;
    g->ctx_clock = 0;
    memset(g->ctx, 0, sizeof(g->ctx));
}
