/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the front end of the NV20+ PGRAPH, where PFIFO's methods
 * arrive: the object bound to each subchannel (method 0 copies its RAMIN
 * words into CTX_CACHE and CTX_SWITCH), subchannel switches, the methods
 * every object has (NOP, NOTIFY, DMA_NOTIFY; envytools
 * docs/hw/graph/intro.rst), the class method tables, and errors
 * (INTR.ERROR with NSOURCE, NSTATUS and the trapped method, the FIFO
 * stopped until the driver restarts it, as nouveau's nv20/nv40 gr
 * interrupt handlers expect).  docs/pgraph.rst "Objects and methods".
 */
#include "hw/nv/card.h"
#include "hw/nv/core/method.h"
#include "hw/nv/core/ptimer.h"
#include "hw/nv/fifo/pfifo-nv4.h"
#include "hw/nv/mem/dmaobj.h"
#include "hw/nv/mem/pramin.h"
#include "hw/nv/xf/xf.h"
#include "pgraph-nv20-internal.h"

/*
 * The object words: RAMIN holds A, B, C, T (Kelvin, Rankine) or A, B, C,
 * D, T (Curie); CTX_SWITCH has them with I (the instance) before T, and
 * CTX_CACHE a register of each per subchannel (docs/pgraph.rst).
 */
enum { W_A, W_B, W_C, W_D, W_I, W_T, NR_WORDS };

typedef struct GrobjLayout {
    int ramin[NR_WORDS];        /* byte offset in RAMIN, -1: none */
    uint32_t sw[NR_WORDS];      /* CTX_SWITCH_x, 0: none */
    uint32_t cache[NR_WORDS];   /* CTX_CACHE_x[0] */
} GrobjLayout;

static const GrobjLayout layout_nv20 = {
    .ramin = { 0x0, 0x4, 0x8, -1, -1, 0xc },
    .sw = { 0x40014c, 0x400150, 0x400154, 0, 0x400158, 0x40015c },
    .cache = { 0x400160, 0x400180, 0x4001a0, 0, 0x4001c0, 0x4001e0 },
};
static const GrobjLayout layout_nv40 = {
    .ramin = { 0x0, 0x4, 0x8, 0xc, -1, 0x10 },
    .sw = { 0x400148, 0x40014c, 0x400150, 0x400154, 0x400158, 0x40015c },
    .cache = { 0x400160, 0x400180, 0x4001a0, 0x4001c0, 0x4001e0, 0x400200 },
};

static const GrobjLayout *grobj_layout(const NVCard *card)
{
    return nv20_is_curie(card) ? &layout_nv40 : &layout_nv20;
}

static uint32_t ctx_user_reg(const NVCard *card)
{
    return nv20_is_curie(card) ? NV40_PGRAPH_CTX_USER : NV20_PGRAPH_CTX_USER;
}

static unsigned cur_subc(NVCard *card)
{
    return (*nv20_reg(card, ctx_user_reg(card)) >> NV20_CTX_USER_SUBC_SHIFT) &
           7;
}

unsigned nv20_pgraph_class(NVCard *card)
{
    uint32_t a = *nv20_reg(card, grobj_layout(card)->sw[W_A]);

    return a & (nv20_is_curie(card) ? 0xffff : 0xfff);
}

/* Store @val into table register @off with the register's write mask. */
static void reg_set(NVCard *card, uint32_t off, uint32_t val)
{
    const NV20Reg *r = nv20_pgraph_reg_find(card->model, off);

    if (r) {
        *nv20_reg(card, off) = val & r->mask;
    }
}

/* docs/pgraph.rst "Volatile reset": the per-primitive state a bind drops. */
void nv20_volatile_reset(NVCard *card)
{
    static const struct { uint32_t off, keep, set; } vreset[] = {
        { 0x400514, 0, 0 },                     /* XY_A */
        { 0x400518, 0, 0 }, { 0x40051c, 1, 0 }, /* XY_B[0], [1] bit 0 */
        { 0x400520, ~0x11u, 0 },                /* XY_C bits 0, 4 */
        { 0x400500, 0, 0 }, { 0x400504, 0, 0 }, /* XY_D */
        { 0x400524, 0, 0x55555555 }, { 0x400528, 0, 0x55555555 },
        { 0x40052c, 0, 0x55555555 }, { 0x400530, 0, 0x55555555 },
        { 0x400508, 0x50000000, 0 },            /* VALID[0]: 28, 30 */
        { 0x40050c, 0, 0 },                     /* MISC32[0] */
        { 0x400774, 0, 0 },                     /* DVD_FORMAT */
        { NV20_PGRAPH_NOTIFY, ~NV20_NOTIFY_PENDING, 0 },
        { 0x400560, 0, 0 }, { 0x400564, 0, 0 }, /* OCLIP_MIN */
        { 0x400568, 0, 0xffff }, { 0x40056c, 0, 0xffff },  /* OCLIP_MAX */
    };

    for (size_t i = 0; i < G_N_ELEMENTS(vreset); i++) {
        uint32_t *r = nv20_reg(card, vreset[i].off);

        reg_set(card, vreset[i].off, (*r & vreset[i].keep) | vreset[i].set);
    }
}

/*
 * What a bind and a subchannel switch share (docs/pgraph.rst "Objects"):
 * CTX_USER names the subchannel, DEBUG_B bit 0 records whether a
 * volatile reset ran (DEBUG_D bit 19 asks for one), and with DEBUG_B bit
 * 20 the cached words become the current object's.
 */
static void select_subc(NVCard *card, unsigned subc)
{
    const GrobjLayout *l = grobj_layout(card);
    uint32_t *user = nv20_reg(card, ctx_user_reg(card));
    uint32_t *debug_b = nv20_reg(card, NV20_PGRAPH_DEBUG_B);
    bool vreset = *nv20_reg(card, NV20_PGRAPH_DEBUG_D) & NV20_DEBUG_D_VRESET;

    *user = (*user & ~(7u << NV20_CTX_USER_SUBC_SHIFT)) |
            subc << NV20_CTX_USER_SUBC_SHIFT;
    *debug_b = (*debug_b & ~NV20_DEBUG_B_VRESET_DONE) | vreset;
    if (vreset) {
        nv20_volatile_reset(card);
    }
    if (*debug_b & NV20_DEBUG_B_CACHE_TO_SWITCH) {
        for (unsigned w = 0; w < NR_WORDS; w++) {
            if (l->sw[w]) {
                reg_set(card, l->sw[w],
                        *nv20_reg(card, l->cache[w] + 4 * subc));
            }
        }
    }
}

/* Copy the object at RAMIN @inst << 4 into CTX_CACHE[@subc]. */
static void load_object(NVCard *card, unsigned subc, uint32_t inst)
{
    const GrobjLayout *l = grobj_layout(card);

    for (unsigned w = 0; w < NR_WORDS; w++) {
        uint32_t v = inst;

        if (!l->cache[w]) {
            continue;
        }
        if (l->ramin[w] >= 0) {
            v = nv_ramin_read(card, (inst << 4) + l->ramin[w], 4);
        }
        if (w == W_B && !nv20_is_curie(card)) {
            v &= 0xffff3f03;
        }
        /* internal copies ignore the FIFO_ENABLE write guard */
        reg_set(card, l->cache[w] + 4 * subc, v);
    }
}

/* Change bits @mask of word @w of the current object, in RAMIN too. */
static void grobj_update(NVCard *card, unsigned w, uint32_t mask,
                         uint32_t val)
{
    const GrobjLayout *l = grobj_layout(card);
    unsigned subc = cur_subc(card);
    uint32_t inst = *nv20_reg(card, l->cache[W_I] + 4 * subc);
    uint32_t *sw = nv20_reg(card, l->sw[w]);

    reg_set(card, l->sw[w], (*sw & ~mask) | (val & mask));
    reg_set(card, l->cache[w] + 4 * subc, *sw);
    if (l->ramin[w] >= 0 && inst) {
        uint32_t a = (inst << 4) + l->ramin[w];

        nv_ramin_write(card, a, (nv_ramin_read(card, a, 4) & ~mask) |
                                (val & mask), 4);
    }
}

/* The methods every object has (docs/hw/graph/intro.rst "Notifiers"). */

/* The notify DMA object: NOTIFY_INST, word B bits 16-31 (rnndb GROBJ_1). */
static uint32_t notify_inst(NVCard *card)
{
    return *nv20_reg(card, grobj_layout(card)->sw[W_B]) >> 16;
}

void nv20_notify_write(NVCard *card, uint32_t offset)
{
    uint64_t t = nv_ptimer_time(card);
    uint32_t words[4] = { t, t >> 32, 0, 0 };
    NVDmaObj o;

    /* as NOTIFY itself: no notify object is an invalid state */
    if (!notify_inst(card)) {
        nv20_pgraph_error(card, NV20_NSOURCE_STATE_INVALID);
        return;
    }
    nv_dmaobj_load(card, notify_inst(card) << 4, &o);
    for (unsigned i = 0; i < 4; i++) {
        if (nv_dmaobj_write32(card, &o, offset + 4 * i, words[i]) !=
            NV_DMAOBJ_OK) {
            nv20_pgraph_error(card, NV20_NSOURCE_DMA_W_PROTECTION);
            return;
        }
    }
}

void nv20_mthd_notify(NVCard *card, const NVMethodCall *call)
{
    uint32_t *notify = nv20_reg(card, NV20_PGRAPH_NOTIFY);

    if (!notify_inst(card)) {
        nv20_pgraph_error(card, NV20_NSOURCE_STATE_INVALID);
    } else if (call->data > 1) {
        nv20_pgraph_error(card, NV20_NSOURCE_DATA_ERROR);
    } else if (*notify & NV20_NOTIFY_PENDING) {
        nv20_pgraph_error(card, NV20_NSOURCE_DOUBLE_NOTIFY);
    } else {
        *notify |= NV20_NOTIFY_PENDING | (call->data ? NV20_NOTIFY_INTR : 0);
    }
}

void nv20_mthd_dma_notify(NVCard *card, const NVMethodCall *call)
{
    if (*nv20_reg(card, NV20_PGRAPH_NOTIFY) & NV20_NOTIFY_PENDING) {
        nv20_pgraph_error(card, NV20_NSOURCE_NOTIFY_IN_USE);
        return;
    }
    grobj_update(card, W_B, 0xffff0000, call->data << 16);
}

/* After any other method: the notifier it asked for (intro.rst). */
static void notify_done(NVCard *card)
{
    uint32_t *notify = nv20_reg(card, NV20_PGRAPH_NOTIFY);
    bool intr = *notify & NV20_NOTIFY_INTR;

    if (!(*notify & NV20_NOTIFY_PENDING)) {
        return;
    }
    *notify &= ~(NV20_NOTIFY_PENDING | NV20_NOTIFY_INTR);
    nv20_notify_write(card, 0);
    if (intr) {
        card->pgraph20.intr |= NV20_INTR_NOTIFY;
        nv_card_update_irq(card);
    }
}

/* NV_NULL (0x30): an object that only has the common methods. */
static const NVMethod null_methods[] = {
    NV20_COMMON_METHODS,
};
static NVMethodClass null_class = NV_METHOD_CLASS("NV_NULL", null_methods);

/* ---- errors ---- */

/* NSTATUS bits for NSOURCE bits (docs/pgraph.rst "Errors"). */
static uint32_t nstatus_of(uint32_t nsource)
{
    uint32_t s = 0;

    if (nsource & (NV20_NSOURCE_DOUBLE_NOTIFY | NV20_NSOURCE_NOTIFY_IN_USE)) {
        s |= NV20_NSTATUS_STATE_IN_USE;
    }
    if (nsource & (NV20_NSOURCE_PROTECTION_ERROR |
                   NV20_NSOURCE_FORMAT_EXCEPTION | NV20_NSOURCE_STATE_INVALID |
                   NV20_NSOURCE_METHOD_CNT | 1u << 18 | 1u << 19)) {
        s |= NV20_NSTATUS_INVALID_STATE;
    }
    if (nsource & NV20_NSOURCE_DATA_ERROR) {
        s |= NV20_NSTATUS_BAD_ARGUMENT;
    }
    if (nsource & (NV20_NSOURCE_RANGE_EXCEPTION | NV20_NSOURCE_ILLEGAL_MTHD)) {
        s |= NV20_NSTATUS_PROTECTION_FAULT;
    }
    return s;
}

void nv20_pgraph_error(NVCard *card, uint32_t nsource)
{
    uint32_t addr = *nv20_reg(card, NV20_PGRAPH_TRAP_ADDR);

    *nv20_reg(card, NV20_PGRAPH_NSOURCE) |= nsource;
    reg_set(card, NV20_PGRAPH_NSTATUS,
            *nv20_reg(card, NV20_PGRAPH_NSTATUS) | nstatus_of(nsource));
    *nv20_reg(card, NV20_PGRAPH_FIFO_ENABLE) = 0;
    card->pgraph20.intr |= NV20_INTR_ERROR;
    nv_log(card, NV_LOG_GUEST_ERROR, "nv: pgraph: class 0x%04x subchannel %u "
           "method 0x%04x data 0x%08x: error, NSOURCE 0x%08x",
           nv20_pgraph_class(card), (addr >> 16) & 7, addr & 0x1ffc,
           *nv20_reg(card, NV20_PGRAPH_TRAP_DATA), nsource);
    nv_card_update_irq(card);
}

/* ---- the sink ---- */

bool nv20_pgraph_busy(NVCard *card)
{
    return !(*nv20_reg(card, NV20_PGRAPH_FIFO_ENABLE) & 1) ||
           nv20_work_busy(card) || nv20_flip_busy(card);
}

/*
 * The method table of class @cls on this card, or NULL; *@is_3d for the
 * 3D classes (3d-nv20.c), which take the methods they have no row for
 * yet and drop them.
 */
static NVMethodClass *class_table(NVCard *card, unsigned cls, bool *is_3d)
{
    NVMethodClass *c = NULL;

    *is_3d = nv20_3d_class(card, cls, &c);
    if (*is_3d) {
        return c;
    }
    if (cls == 0x30) {
        return &null_class;
    }
    return nv2d_class(card, cls);
}

static void execute(NVCard *card, unsigned chid, unsigned subc,
                    uint32_t mthd, uint32_t data)
{
    NV20Pgraph *g = &card->pgraph20;
    unsigned cls = nv20_pgraph_class(card);
    bool is_3d;
    NVMethodClass *c = class_table(card, cls, &is_3d);
    NVMethodCall call = { .cls = cls, .chid = chid, .subc = subc,
                          .mthd = mthd, .data = data };
    unsigned idx;

    if (!c && mthd == 0) {
        return;                 /* any object binds; its methods trap */
    }
    if (is_3d && (!c || !nv_method_find(c, mthd, &idx))) {
        if (!(g->unimp_3d_logged & (1u << (cls >> 8 & 0x1f)))) {
            g->unimp_3d_logged |= 1u << (cls >> 8 & 0x1f);
            nv_log(card, NV_LOG_UNIMP, "nv: pgraph: 3D class 0x%04x: method "
                   "0x%04x (and others it has no table row for) dropped",
                   cls, mthd);
        }
        return;
    }
    /*
     * XF takes vertex program uploads in the encoding of the 3D class in
     * use, converted to its own on Rankine (docs/xf.rst "Output
     * target"): Kelvin's for a Kelvin object there (docs/pgraph.rst
     * "Kelvin on Rankine").
     */
    if (is_3d && card->model->pgraph == NV_PGRAPH_RANKINE) {
        card->xf.upload_isa = nv20_kelvin_class(card, cls) ? NV_XF_KELVIN
                                                           : NV_XF_RANKINE;
    }
    if (!c || !nv_method_call(card, c, &call)) {
        nv20_pgraph_error(card, NV20_NSOURCE_ILLEGAL_MTHD);
        return;
    }
    g->methods++;
    if (is_3d) {
        nv20_draw_invalidate(card);
    }
    if (mthd == 0) {
        return;                 /* the bind itself is done; traced only */
    }
    /* a method still running notifies when it is done (nv20_pgraph_run) */
    if (mthd != 0x104 && mthd != 0x180 && !nv20_work_busy(card)) {
        notify_done(card);
    }
}

unsigned nv20_pgraph_run(NVCard *card, unsigned budget)
{
    unsigned n;

    if (!nv20_work_busy(card) ||
        !(*nv20_reg(card, NV20_PGRAPH_FIFO_ENABLE) & 1)) {
        return 0;
    }
    n = nv2d_busy(card) ? nv2d_run(card, budget) : nv20_draw_run(card, budget);
    if (!nv20_work_busy(card)) {
        notify_done(card);
    }
    return n;
}

bool nv20_pgraph_method(NVCard *card, unsigned subc, uint32_t mthd,
                        uint32_t data)
{
    unsigned chid = nv4_pfifo_current_chid(card);

    if (nv20_pgraph_busy(card) || !nv20_ctx_switch(card, chid)) {
        return false;
    }
    /* The method being executed, for the driver's error handler. */
    *nv20_reg(card, NV20_PGRAPH_TRAP_ADDR) =
        mthd | subc << 16 | (nv20_is_curie(card) ? 0 : chid << 20);
    *nv20_reg(card, NV20_PGRAPH_TRAP_DATA) = data;
    if (mthd == 0) {
        load_object(card, subc, data);
        select_subc(card, subc);
        nv2d_bind(card, subc, nv20_pgraph_class(card), data);
    } else if (subc != cur_subc(card)) {
        if (*nv20_reg(card, NV20_PGRAPH_DEBUG_D) & NV20_DEBUG_D_RELOAD) {
            uint32_t i = grobj_layout(card)->cache[W_I] + 4 * subc;

            load_object(card, subc, *nv20_reg(card, i));
        }
        select_subc(card, subc);
    }
    execute(card, chid, subc, mthd, data);
    return true;
}
