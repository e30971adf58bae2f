/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the 3D classes of the NV20+ PGRAPH, Celsius (0x0096, on
 * Kelvin's state), Kelvin (0x0097, 0x0597; on Rankine chips on
 * Rankine's state), Rankine (0x0397, 0x0497, 0x0697) and Curie (0x4097,
 * 0x4497): which chip has which (nouveau's
 * nvkm/engine/gr class lists) and their method tables, names from rnndb
 * graph/nv10_3d.xml, nv20_3d.xml and nv30-40_3d.xml.
 *
 * So far the methods only keep state, where the hardware keeps it:
 * bit fields of the bundle shadow registers (envytools
 * docs/hw/graph/bundles.rst), XF's RAMs and mode through XF's command
 * interface, IDX's vertex buffer words; what has no known place goes to
 * a per-context array.  Drawing methods are named and logged once
 * (docs/pgraph.rst "3D classes").
 */
#include "hw/nv/card.h"
#include "hw/nv/core/method.h"
#include "hw/nv/mem/dmaobj.h"
#include "hw/nv/xf/idx.h"
#include "hw/nv/xf/xf.h"
#include "bundles-nv20.h"
#include "pgraph-nv20-internal.h"

/* XFMODE_A's FE3D shadow (mode.rst "XFMODE -- Kelvin & Rankine"). */
#define K_XFMODE_A          0x400fb8
#define R_XFMODE_A          0x400fc0
/* Where the next XFPR and XFCTX upload goes (our register table). */
#define K_XF_LOAD_POS       0x400fc4
#define R_XF_LOAD_POS       0x400fd4
#define C_XF_LOAD_POS       BUNDLE(0x0e8)

/*
 * How a method's data becomes the bits of a bundle field.  The GL
 * enumerants rnndb gives the methods become bundles.rst's codes.
 */
enum {
    CV_RAW,
    CV_BOOL,                /* any non-zero value is 1 */
    CV_COLOR_MASK,          /* B, G, R, A bytes to bits A, R, G, B */
    CV_LINE_STIPPLE,        /* FACTOR (bits 0-7), PATTERN (16-31) */
    CV_FUNC,                /* the rest: GL enumerants, gl_enums[] */
    CV_BLEND_FACTOR,
    CV_BLEND_EQUATION,
    CV_STENCIL_OP,
    CV_POLYGON_MODE,
    CV_CULL_FACE,
    CV_FRONT_FACE,
    CV_SHADE_MODEL,
    CV_FOG_MODE,
    CV_LOGIC_OP,
};

typedef struct GlCode {
    uint16_t gl;
    uint8_t hw;
} GlCode;

static const GlCode func[] = {         /* NEVER ... ALWAYS */
    { 0x200, 0 }, { 0x201, 1 }, { 0x202, 2 }, { 0x203, 3 },
    { 0x204, 4 }, { 0x205, 5 }, { 0x206, 6 }, { 0x207, 7 },
};
static const GlCode blend_factor[] = {
    { 0x0000, 0x0 }, { 0x0001, 0x1 }, { 0x0300, 0x2 }, { 0x0301, 0x3 },
    { 0x0302, 0x4 }, { 0x0303, 0x5 }, { 0x0304, 0x6 }, { 0x0305, 0x7 },
    { 0x0306, 0x8 }, { 0x0307, 0x9 }, { 0x0308, 0xa }, { 0x8001, 0xc },
    { 0x8002, 0xd }, { 0x8003, 0xe }, { 0x8004, 0xf },
};
static const GlCode blend_equation[] = {
    { 0x800a, 0 }, { 0x800b, 1 }, { 0x8006, 2 }, { 0x8007, 3 },
    { 0x8008, 4 },
};
static const GlCode stencil_op[] = {
    { 0x1e00, 1 }, { 0x0000, 2 }, { 0x1e01, 3 }, { 0x1e02, 4 },
    { 0x1e03, 5 }, { 0x150a, 6 }, { 0x8507, 7 }, { 0x8508, 8 },
};
static const GlCode polygon_mode[] = {
    { 0x1b02, 0 }, { 0x1b00, 1 }, { 0x1b01, 2 },
};
static const GlCode cull_face[] = {
    { 0x0404, 1 }, { 0x0405, 2 }, { 0x0408, 3 },
};
static const GlCode front_face[] = { { 0x0900, 0 }, { 0x0901, 1 } };
static const GlCode shade_model[] = { { 0x1d00, 0 }, { 0x1d01, 1 } };
/* rnndb nv20_fog_mode to bundles.rst CONFIG_B FOG_MODE */
static const GlCode fog_mode[] = {
    { 0x2601, 0 }, { 0x0800, 1 }, { 0x0801, 3 }, { 0x0804, 4 },
    { 0x0802, 5 }, { 0x0803, 7 },
};
static const GlCode logic_op[] = {
    { 0x1500, 0x0 }, { 0x1501, 0x1 }, { 0x1502, 0x2 }, { 0x1503, 0x3 },
    { 0x1504, 0x4 }, { 0x1505, 0x5 }, { 0x1506, 0x6 }, { 0x1507, 0x7 },
    { 0x1508, 0x8 }, { 0x1509, 0x9 }, { 0x150a, 0xa }, { 0x150b, 0xb },
    { 0x150c, 0xc }, { 0x150d, 0xd }, { 0x150e, 0xe }, { 0x150f, 0xf },
};

#define GL_MAP(a)   { (a), G_N_ELEMENTS(a) }
static const struct {
    const GlCode *map;
    size_t n;
} gl_enums[] = {
    [CV_FUNC] = GL_MAP(func),
    [CV_BLEND_FACTOR] = GL_MAP(blend_factor),
    [CV_BLEND_EQUATION] = GL_MAP(blend_equation),
    [CV_STENCIL_OP] = GL_MAP(stencil_op),
    [CV_POLYGON_MODE] = GL_MAP(polygon_mode),
    [CV_CULL_FACE] = GL_MAP(cull_face),
    [CV_FRONT_FACE] = GL_MAP(front_face),
    [CV_SHADE_MODEL] = GL_MAP(shade_model),
    [CV_FOG_MODE] = GL_MAP(fog_mode),
    [CV_LOGIC_OP] = GL_MAP(logic_op),
};

/* @v converted by @cv into *@out; false for a value the method lacks. */
static bool convert(unsigned cv, uint32_t v, uint32_t *out)
{
    switch (cv) {
    case CV_RAW:
        *out = v;
        return true;
    case CV_BOOL:
        *out = v != 0;
        return true;
    case CV_COLOR_MASK:
        *out = (uint32_t)((v & 0xff000000) != 0) |
               (uint32_t)((v & 0xff0000) != 0) << 1 |
               (uint32_t)((v & 0xff00) != 0) << 2 |
               (uint32_t)((v & 0xff) != 0) << 3;
        return true;
    case CV_LINE_STIPPLE:
        *out = (v & 0xff) | (v >> 16) << 8;
        return true;
    }
    for (size_t i = 0; i < gl_enums[cv].n; i++) {
        if (gl_enums[cv].map[i].gl == v) {
            *out = gl_enums[cv].map[i].hw;
            return true;
        }
    }
    return false;
}

/* The lowest run of set bits of @mask. */
static uint32_t low_run(uint32_t mask)
{
    return mask ^ ((mask + (mask & -mask)) & mask);
}

/* @v moved into the bits of the run @run. */
static uint32_t deposit(uint32_t run, uint32_t v)
{
    return run ? (v << __builtin_ctz(run)) & run : 0;
}

/*
 * Bits @mask of the table register at BAR0 offset @off take @bits; the
 * register keeps only what its write mask allows.
 */
static void reg_put(NVCard *card, uint32_t off, uint32_t mask, uint32_t bits)
{
    const NV20Reg *row = nv20_pgraph_reg_find(card->model, off);
    uint32_t *reg = nv20_reg(card, off);

    if (row) {
        *reg = ((*reg & ~mask) | (bits & mask)) & row->mask;
    }
}

/*
 * A bundle field: bits @m->mask of the register at BAR0 offset
 * @m->field (+ 4 per array element) take the data converted by
 * @m->arg.  A mask of two runs of bits takes two values, the data's low
 * and high 16 bits (Rankine's and Curie's separate colour and alpha
 * blend methods).  The register keeps only what its write mask allows.
 */
static void mthd_bits(NVCard *card, const NVMethodCall *call)
{
    const NVMethod *m = call->m;
    uint32_t lo = low_run(m->mask), hi = m->mask & ~lo, v, w = 0;

    if (hi) {
        if (!convert(m->arg, call->data & 0xffff, &v) ||
            !convert(m->arg, call->data >> 16, &w)) {
            goto bad;
        }
    } else if (!convert(m->arg, call->data, &v)) {
        goto bad;
    }
    reg_put(card, m->field + 4 * call->idx, m->mask,
            deposit(lo, v) | deposit(hi, w));
    return;
bad:
    nv_log(card, NV_LOG_GUEST_ERROR, "nv: pgraph: 3D method %s: value "
           "0x%x is not one the method takes; ignored", m->name, call->data);
}

/* A state method with no known place (docs/pgraph.rst "Inferred"). */
static void mthd_state(NVCard *card, const NVMethodCall *call)
{
    card->pgraph20.fe3d.mthd_state[call->mthd / 4] = call->data;
}

/* A method that draws or acts: the next step; logged once per method. */
static void mthd_trigger(NVCard *card, const NVMethodCall *call)
{
    uint32_t *logged = &card->pgraph20.unimp_3d_mthd[call->mthd / 128];
    uint32_t bit = 1u << (call->mthd / 4 % 32);

    if (!(*logged & bit)) {
        *logged |= bit;
        nv_log(card, NV_LOG_UNIMP, "nv: pgraph: 3D class 0x%04x method "
               "%s (0x%04x) is not executed yet", call->cls, call->m->name,
               call->mthd);
    }
}

/*
 * VTXBUF_OFFSET[i] and VTXBUF_FMT[i] (the Rankine names VTXBUF, VTXFMT):
 * IDX's state words 2i and 2i + 1; the format keeps bits 0-22.
 */
static void mthd_vtxbuf(NVCard *card, const NVMethodCall *call)
{
    card->pgraph20.fe3d.idx_state[2 * call->idx + call->m->arg] =
        call->data & (call->m->arg ? 0x007fffff : 0xffffffff);
}

/*
 * Where the next upload goes: XFPR in the low half of the load position
 * register, XFCTX in the high half (inferred), each as wide as the
 * register's field.
 */
static uint32_t load_pos_reg(NVCard *card)
{
    switch (card->model->pgraph) {
    case NV_PGRAPH_KELVIN:
        return K_XF_LOAD_POS;
    case NV_PGRAPH_RANKINE:
        return R_XF_LOAD_POS;
    default:
        return C_XF_LOAD_POS;
    }
}

/*
 * The field of the load position register that @half (0: XFPR, 1:
 * XFCTX) uses: the register's low and high field; Kelvin's register is
 * one 16-bit field, split in bytes (inferred).
 */
static uint32_t load_pos_mask(NVCard *card, unsigned half)
{
    const NV20Reg *row = nv20_pgraph_reg_find(card->model,
                                              load_pos_reg(card));
    uint32_t lo = row ? low_run(row->mask) : 0, hi = row ? row->mask & ~lo : 0;

    if (!hi) {
        hi = lo & 0xff00;
        lo &= 0xff;
    }
    return half ? hi : lo;
}

/* VP_UPLOAD_FROM_ID (@m->arg 0), VP_UPLOAD_CONST_ID (1). */
static void mthd_load_pos(NVCard *card, const NVMethodCall *call)
{
    uint32_t *reg = nv20_reg(card, load_pos_reg(card));
    uint32_t mask = load_pos_mask(card, call->m->arg);

    *reg = (*reg & ~mask) | deposit(mask, call->data);
}

/*
 * VP_UPLOAD_INST (@m->arg 0) and VP_UPLOAD_CONST (1): word idx % 4 of
 * the XFPR or XFCTX slot at the load position, through XF's command
 * interface (envytools docs/hw/graph/xf/intro.rst "IDX2XF"), which
 * stores a slot when its last word (W) arrives; then the position moves
 * on a slot.
 */
static void mthd_upload(NVCard *card, const NVMethodCall *call)
{
    uint32_t *reg = nv20_reg(card, load_pos_reg(card));
    uint32_t mask = load_pos_mask(card, call->m->arg);
    uint32_t pos = (*reg & mask) >> __builtin_ctz(mask);
    NVXfCmd cmd = {
        .type = call->m->arg ? NV_XF_CMD_XFCTX : NV_XF_CMD_XFPR,
        .vec = pos, .word = call->idx & 3, .data = { call->data },
    };

    nv_xf_write(&card->xf, card, &cmd);
    if (cmd.word == 3) {
        *reg = (*reg & ~mask) | deposit(mask, pos + 1);
    }
}

/*
 * VP_START_FROM_ID on Kelvin and Rankine: XFMODE_A's PROGRAM_START_POS
 * (bits 8-15) in the FE3D shadow, then the XFMODE vector sent to XF
 * whole (ff-nv20.c).  Curie: the XF_C bundle's bits 0-9, which XF takes
 * as the program's start (nv20_xf_bundles).
 */
static void mthd_start(NVCard *card, const NVMethodCall *call)
{
    uint32_t *xf_c = nv20_reg(card, C_XF_C);

    if (nv20_is_curie(card)) {
        *xf_c = (*xf_c & ~0x3ffu) | (call->data & 0x3ff);
        return;
    }
    mthd_bits(card, call);
    nv20_xfmode_send(card, 0);
}

/*
 * @n words at @off of the DMA object at instance @inst (a method's word,
 * instance >> 4) written from or read into @w; none bound or a fault is
 * a DMA_W/R_PROTECTION error and false.
 */
static bool dma_words(NVCard *card, uint32_t inst, uint32_t off,
                      uint32_t *w, unsigned n, bool write)
{
    NVDmaObj o;

    nv_dmaobj_load(card, inst << 4, &o);
    for (unsigned i = 0; i < n; i++) {
        if (!inst ||
            (write ? nv_dmaobj_write32(card, &o, off + 4 * i, w[i])
                   : nv_dmaobj_read32(card, &o, off + 4 * i, &w[i]))
            != NV_DMAOBJ_OK) {
            nv20_pgraph_error(card, write ? NV20_NSOURCE_DMA_W_PROTECTION
                                          : NV20_NSOURCE_DMA_R_PROTECTION);
            return false;
        }
    }
    return true;
}

/*
 * FENCE_VALUE: the value goes to FENCE_OFFSET (the FENCE_OFFSET bundle)
 * of the fence DMA object (rnndb graph/nv30-40_3d.xml), where Mesa's
 * nv30 driver reads its fence sequence.  The draws before it are done:
 * PGRAPH takes no method while one runs.
 */
static void mthd_fence_value(NVCard *card, const NVMethodCall *call)
{
    uint32_t v = call->data;

    dma_words(card, card->pgraph20.fe3d.dma_fence,
              *nv20_reg(card, B_FENCE_OFFSET) & ~3u, &v, 1, true);
}

/*
 * Queries (docs/3d.rst "Queries"), as Mesa's nv30_query.c uses them:
 * report 1 counts the fragments that pass the ROP's tests while
 * QUERY_ENABLE is set; QUERY_RESET with a report number clears its
 * count.  Reports 2-5 (Mesa's ZCULL statistics) count nothing here.
 */
#define M_QUERY_ENABLE      0x17cc
#define M_DMA_QUERY         0x01a8
#define QUERY_REPORT_PASSED 1

static void mthd_query_reset(NVCard *card, const NVMethodCall *call)
{
    if (call->data == QUERY_REPORT_PASSED) {
        card->pgraph20.fe3d.query_passed = 0;
    }
}

/*
 * QUERY_GET: report (bits 24-31) at offset (bits 0-23) of DMA_QUERY, in
 * the notifier layout Mesa reads: the PTIMER time in words 0-1, the
 * report's count in word 2 (0 for the reports without one), and word 3
 * the status, 0: done (Mesa waits while its top byte is set).  The draws
 * before it are counted: PGRAPH takes no method while one runs.
 */
static void mthd_query_get(NVCard *card, const NVMethodCall *call)
{
    uint64_t t = nv_ptimer_time(card);
    uint32_t w[4] = {
        t, t >> 32,
        call->data >> 24 == QUERY_REPORT_PASSED
            ? card->pgraph20.fe3d.query_passed : 0,
        0,
    };

    dma_words(card, card->pgraph20.fe3d.mthd_state[M_DMA_QUERY / 4],
              call->data & 0xffffff, w, 4, true);
}

/*
 * Curie's conditional rendering (method 0x1e98, Mesa's
 * nv40_query_render_condition): MODE (bits 24-31) 1 draws always, 2 only
 * if the count (word 2) of the query notifier at the offset (bits 0-23)
 * of DMA_QUERY is not 0, as GL's NV_conditional_render; the notifier is
 * read when the method comes, after the QUERY_GET before it.  Other
 * modes draw always (LOG_UNIMP).  The draw drops primitives and clears
 * while NV20Fe3d.render_skip is set.
 */
static void mthd_render_cond(NVCard *card, const NVMethodCall *call)
{
    NV20Fe3d *f = &card->pgraph20.fe3d;
    uint32_t count = 1;

    f->mthd_state[call->mthd / 4] = call->data;
    switch (call->data >> 24) {
    case 1:
        break;
    case 2:
        if (!dma_words(card, f->mthd_state[M_DMA_QUERY / 4],
                       (call->data & 0xffffff) + 8, &count, 1, false)) {
            count = 1;
        }
        break;
    default:
        nv_log(card, NV_LOG_UNIMP, "nv: pgraph: 3D render condition mode "
               "%u: drawn always", call->data >> 24);
        break;
    }
    f->render_skip = count == 0;
}

/* Fragments that passed the ROP (draw-nv20.c), counted if enabled. */
void nv20_query_count(NVCard *card, unsigned passed)
{
    NV20Fe3d *f = &card->pgraph20.fe3d;

    if (f->mthd_state[M_QUERY_ENABLE / 4] & 1) {
        f->query_passed += passed;
    }
}

/* ---- table rows ---- */

#define FE3D(fld)           pgraph20.fe3d.fld
#define BITS(off, nm, reg, msk, cv) \
    NV_MTHD(off, nm, mthd_bits, .field = (reg), .mask = (msk), .arg = (cv))
#define BITS_N(off, n, st, nm, reg, msk, cv) \
    NV_MTHD_ARRAY(off, n, st, nm, mthd_bits, .field = (reg), .mask = (msk), \
                  .arg = (cv))
#define WORD(off, nm, reg)  BITS(off, nm, reg, 0xffffffff, CV_RAW)
#define WORD_N(off, n, st, nm, reg) \
    BITS_N(off, n, st, nm, reg, 0xffffffff, CV_RAW)
#define FLAG(off, nm, reg, bit) BITS(off, nm, reg, 1u << (bit), CV_BOOL)
/* FLIP_SET_READ ... FLIP_WAIT: PGRAPH's flip counters (flip-nv20.c). */
static void mthd_flip(NVCard *card, const NVMethodCall *call)
{
    nv20_flip_method(card, (call->mthd - 0x120) / 4, call->data);
}

#define FLIP_ROWS \
    NV_MTHD(0x120, "FLIP_SET_READ", mthd_flip), \
    NV_MTHD(0x124, "FLIP_SET_WRITE", mthd_flip), \
    NV_MTHD(0x128, "FLIP_MAX", mthd_flip), \
    NV_MTHD(0x12c, "FLIP_INCR_WRITE", mthd_flip), \
    NV_MTHD(0x130, "FLIP_WAIT", mthd_flip)
#define STATE(off, nm)      NV_MTHD(off, nm, mthd_state)
#define STATE_N(off, n, st, nm) NV_MTHD_ARRAY(off, n, st, nm, mthd_state)
#define TRIG(off, nm)       NV_MTHD(off, nm, mthd_trigger)
#define TRIG_N(off, n, st, nm) NV_MTHD_ARRAY(off, n, st, nm, mthd_trigger)
/* Fixed-function state into XF's RAMs and XFMODE (ff-nv20.c). */
#define FF(off, nm, a)      NV_MTHD(off, nm, nv20_mthd_ff, .arg = NV20_FF_##a)
#define FF_N(off, n, nm, a) \
    NV_MTHD_ARRAY(off, n, 4, nm, nv20_mthd_ff, .arg = NV20_FF_##a)
#define FF_MODE(off, nm, a) \
    NV_MTHD(off, nm, nv20_mthd_ff_mode, .arg = NV20_FF_##a)
#define FF_MODE_N(off, n, nm, a) \
    NV_MTHD_ARRAY(off, n, 4, nm, nv20_mthd_ff_mode, .arg = NV20_FF_##a)
/* ... that also sets bundle bit @bit of @reg (the rasteriser's copy). */
#define FF_FLAG(off, nm, reg, bit, a) \
    NV_MTHD(off, nm, nv20_mthd_ff_mode, .field = (reg), .mask = 1u << (bit), \
            .arg = NV20_FF_##a)
/*
 * Immediate attributes (fd-nv20.c): Kelvin's named methods, one
 * attribute whose components the elements give in turn, and Rankine's
 * arrays, one element per attribute.
 */
#define IMM(off, n, st, nm, form, attr, comp, ncomp, by_attr) \
    NV_MTHD_ARRAY(off, n, st, nm, nv20_fd_attr, .arg = NV20_FD_##form, \
                  .field = NV20_FD_ATTR(attr, comp, ncomp, by_attr))
#define IMM_K(off, n, nm, form, attr, ncomp) \
    IMM(off, n, 4, nm, form, attr, 0, ncomp, 0)
#define IMM_R(off, st, nm, form, comp, ncomp) \
    IMM(off, 16, st, nm, form, 0, comp, ncomp, 1)

/* A Kelvin light's methods (nv20_3d.xml, one light per 128 bytes). */
#define KELVIN_LIGHT_ROWS(i) \
    FF_N(0x1000 + 128 * (i), 3, "LIGHT_FRONT_AMBIENT(" #i ")", LIGHT_FRONT), \
    FF_N(0x100c + 128 * (i), 3, "LIGHT_FRONT_DIFFUSE(" #i ")", LIGHT_FRONT), \
    FF_N(0x1018 + 128 * (i), 3, "LIGHT_FRONT_SPECULAR(" #i ")", \
         LIGHT_FRONT), \
    FF_N(0x1028 + 128 * (i), 3, "LIGHT_HALF_VECTOR(" #i ")", LIGHT_HALF_ATT), \
    FF_N(0x1034 + 128 * (i), 3, "LIGHT_DIRECTION(" #i ")", LIGHT_DIRECTION), \
    FF_N(0x1040 + 128 * (i), 7, "LIGHT_SPOT_CUTOFF(" #i ")", LIGHT_SPOT), \
    FF_N(0x105c + 128 * (i), 3, "LIGHT_POSITION(" #i ")", LIGHT_POSITION), \
    FF_N(0x1068 + 128 * (i), 3, "LIGHT_ATTENUATION(" #i ")", \
         LIGHT_HALF_ATT), \
    FF_N(0x0c00 + 64 * (i), 3, "LIGHT_BACK_AMBIENT(" #i ")", LIGHT_BACK), \
    FF_N(0x0c0c + 64 * (i), 3, "LIGHT_BACK_DIFFUSE(" #i ")", LIGHT_BACK), \
    FF_N(0x0c18 + 64 * (i), 3, "LIGHT_BACK_SPECULAR(" #i ")", LIGHT_BACK)

/*
 * One Kelvin texture coordinate set's immediate methods: attribute 9 + i
 * (rnndb NV20_VERTEX_ATTR TEX0-TEX3).
 */
#define KELVIN_TX_ROWS(i, f2, i2, f4, i4) \
    IMM_K(f2, 2, "VERTEX_TX" #i "_2F", FLOAT, 9 + (i), 2), \
    IMM_K(i2, 1, "VERTEX_TX" #i "_2I", SHORT2, 9 + (i), 2), \
    IMM_K(f4, 4, "VERTEX_TX" #i "_4F", FLOAT, 9 + (i), 4), \
    IMM_K(i4, 2, "VERTEX_TX" #i "_4I", SHORT2, 9 + (i), 4)

/*
 * A blend factor method: Kelvin's one factor (a GL enumerant) goes to
 * both fields of a two-run @m->mask, Rankine's colour and alpha factors
 * (bundles.rst BLEND), as rnndb graph/nv30-40_3d.xml's BLEND_FUNC_SRC
 * with the same factor in both halves would; a value above 16 bits is
 * no enumerant and stays one.
 */
static void mthd_blend_factor(NVCard *card, const NVMethodCall *call)
{
    NVMethodCall c = *call;

    if (call->m->mask != low_run(call->m->mask)) {
        c.data = call->data <= 0xffff ? call->data * 0x10001 : UINT32_MAX;
    }
    mthd_bits(card, &c);
}

#define BLEND_FACTOR(off, nm, reg, msk) \
    NV_MTHD(off, nm, mthd_blend_factor, .field = (reg), .mask = (msk), \
            .arg = CV_BLEND_FACTOR)

/*
 * The rows Kelvin keeps from Celsius as they are: the same offsets and
 * layouts in rnndb graph/nv10_3d.xml (nv10tcl-base and NV10_3D-NV17_3D)
 * and graph/nv20_3d.xml; blending in the bundles @blend (factor masks
 * @src and @dst) and @blend_color, Kelvin's or, for a Kelvin object on
 * a Rankine chip, Rankine's.
 */
#define CELSIUS_KELVIN_ROWS(blend, src, dst, blend_color) \
    FLIP_ROWS, \
    WORD_N(0x184, 2, 4, "DMA_TEXTURE", B_DMA_TEX), \
    STATE(0x194, "DMA_COLOR"), STATE(0x198, "DMA_ZETA"), \
    STATE(0x200, "RT_HORIZ"), STATE(0x204, "RT_VERT"), \
    STATE(0x20c, "RT_PITCH"), \
    STATE(0x210, "COLOR_OFFSET"), STATE(0x214, "ZETA_OFFSET"), \
    STATE(0x290, "UNK0290"), STATE(0x2b4, "VIEWPORT_CLIP_MODE"), \
    FLAG(0x300, "ALPHA_FUNC_ENABLE", B_CONFIG_A, 12), \
    FLAG(0x304, "BLEND_FUNC_ENABLE", blend, 3), \
    FLAG(0x308, "CULL_FACE_ENABLE", B_RASTER, 28), \
    FLAG(0x30c, "DEPTH_TEST_ENABLE", B_CONFIG_A, 14), \
    FLAG(0x310, "DITHER_ENABLE", B_CONFIG_A, 22), \
    FF_MODE(0x314, "LIGHTING_ENABLE", LIGHTING_ENABLE), \
    FF_FLAG(0x318, "POINT_PARAMETERS_ENABLE", B_CONFIG_B, 9, \
            POINT_PARAMS_ENABLE), \
    FLAG(0x31c, "POINT_SMOOTH_ENABLE", B_RASTER, 9), \
    FLAG(0x320, "LINE_SMOOTH_ENABLE", B_RASTER, 10), \
    FLAG(0x324, "POLYGON_SMOOTH_ENABLE", B_RASTER, 11), \
    FF_MODE(0x328, "VERTEX_WEIGHT_ENABLE", WEIGHT_MODE), \
    FLAG(0x32c, "STENCIL_ENABLE", B_STENCIL_A, 0), \
    FLAG(0x330, "POLYGON_OFFSET_POINT_ENABLE", B_RASTER, 6), \
    FLAG(0x334, "POLYGON_OFFSET_LINE_ENABLE", B_RASTER, 7), \
    FLAG(0x338, "POLYGON_OFFSET_FILL_ENABLE", B_RASTER, 8), \
    BITS(0x33c, "ALPHA_FUNC_FUNC", B_CONFIG_A, 0x00000f00, CV_FUNC), \
    BITS(0x340, "ALPHA_FUNC_REF", B_CONFIG_A, 0x000000ff, CV_RAW), \
    BLEND_FACTOR(0x344, "BLEND_FACTOR_SRC", blend, src), \
    BLEND_FACTOR(0x348, "BLEND_FACTOR_DST", blend, dst), \
    WORD(0x34c, "BLEND_COLOR", blend_color), \
    BITS(0x350, "BLEND_EQUATION", blend, 0x7, CV_BLEND_EQUATION), \
    BITS(0x354, "DEPTH_FUNC", B_CONFIG_A, 0x000f0000, CV_FUNC), \
    BITS(0x358, "COLOR_MASK", B_CONFIG_A, 0x3c000000, CV_COLOR_MASK), \
    FLAG(0x35c, "DEPTH_WRITE_ENABLE", B_CONFIG_A, 24), \
    BITS(0x360, "STENCIL_MASK", B_STENCIL_A, 0xff000000, CV_RAW), \
    BITS(0x364, "STENCIL_FUNC_FUNC", B_STENCIL_A, 0x000000f0, CV_FUNC), \
    BITS(0x368, "STENCIL_FUNC_REF", B_STENCIL_A, 0x0000ff00, CV_RAW), \
    BITS(0x36c, "STENCIL_FUNC_MASK", B_STENCIL_A, 0x00ff0000, CV_RAW), \
    BITS(0x370, "STENCIL_OP_FAIL", B_STENCIL_B, 0x00f, CV_STENCIL_OP), \
    BITS(0x374, "STENCIL_OP_ZFAIL", B_STENCIL_B, 0x0f0, CV_STENCIL_OP), \
    BITS(0x378, "STENCIL_OP_ZPASS", B_STENCIL_B, 0xf00, CV_STENCIL_OP), \
    BITS(0x37c, "SHADE_MODEL", B_CONFIG_B, 0x80, CV_SHADE_MODEL), \
    BITS(0x380, "LINE_WIDTH", B_RASTER, 0x001ff000, CV_RAW), \
    WORD(0x384, "POLYGON_OFFSET_FACTOR", B_POLY_OFF_FACTOR), \
    WORD(0x388, "POLYGON_OFFSET_UNITS", B_POLY_OFF_UNITS), \
    BITS(0x38c, "POLYGON_MODE_FRONT", B_RASTER, 0x3, CV_POLYGON_MODE), \
    BITS(0x390, "POLYGON_MODE_BACK", B_RASTER, 0xc, CV_POLYGON_MODE), \
    WORD(0x394, "DEPTH_RANGE_NEAR", B_DEPTH_RANGE_NEAR), \
    WORD(0x398, "DEPTH_RANGE_FAR", B_DEPTH_RANGE_FAR), \
    BITS(0x39c, "CULL_FACE", B_RASTER, 0x00600000, CV_CULL_FACE), \
    BITS(0x3a0, "FRONT_FACE", B_RASTER, 0x00800000, CV_FRONT_FACE), \
    BITS(0x29c, "FOG_MODE", B_CONFIG_B, 0x00070000, CV_FOG_MODE), \
    FF_MODE(0x2a0, "FOG_COORD", FOG_COORD), \
    FF_FLAG(0x2a4, "FOG_ENABLE", B_CONFIG_B, 8, FOG_ENABLE), \
    WORD(0x2a8, "FOG_COLOR", B_FOG_COLOR), \
    WORD(0x288, "RC_FINAL0", B_RC_FINAL_A), \
    WORD(0x28c, "RC_FINAL1", B_RC_FINAL_B), \
    FF_MODE(0x3a4, "NORMALIZE_ENABLE", NORMALIZE_ENABLE), \
    FF_MODE(0x3b8, "SEPARATE_SPECULAR_ENABLE", SPECULAR_ENABLE), \
    FF_MODE(0x3bc, "ENABLED_LIGHTS", ENABLED_LIGHTS)

/*
 * Kelvin's rows (rnndb graph/nv20_3d.xml; NV25's additions included)
 * that write the same places on Kelvin and Rankine chips: the common
 * bundles, XF (ff-nv20.c follows the chip's XF layout) and the vertex
 * input.
 */
#define KELVIN_ROWS \
    WORD_N(0x2c0, 8, 4, "VIEWPORT_CLIP_HORIZ", B_CLIP_RECT_HORIZ), \
    WORD_N(0x2e0, 8, 4, "VIEWPORT_CLIP_VERT", B_CLIP_RECT_VERT), \
    WORD_N(0x19c, 2, 4, "DMA_VTXBUF", B_DMA_VTX), \
    NV_MTHD_STORE(0x1a4, "DMA_FENCE", FE3D(dma_fence), 0xfffff), \
    STATE(0x1a8, "DMA_QUERY"), \
    STATE(0x1ac, "UNK01AC"), STATE(0x1b0, "DMA_HIERZ"), \
    STATE(0x22c, "HIERZ_PITCH"), STATE(0x230, "HIERZ_OFFSET"), \
    /* register combiners */ \
    WORD_N(0x260, 8, 4, "RC_IN_ALPHA", B_RC_IN_ALPHA), \
    WORD_N(0xa60, 8, 4, "RC_CONSTANT_COLOR0", B_RC_FACTOR_A), \
    WORD_N(0xa80, 8, 4, "RC_CONSTANT_COLOR1", B_RC_FACTOR_B), \
    WORD_N(0xaa0, 8, 4, "RC_OUT_ALPHA", B_RC_OUT_ALPHA), \
    WORD_N(0xac0, 8, 4, "RC_IN_RGB", B_RC_IN_COLOR), \
    WORD_N(0x1e20, 2, 4, "RC_COLOR", B_RC_FINAL_FACTOR), \
    WORD_N(0x1e40, 8, 4, "RC_OUT_RGB", B_RC_OUT_COLOR), \
    WORD(0x1e60, "RC_ENABLE", B_RC_CONFIG), \
    /* lighting */ \
    FF_MODE(0x294, "LIGHT_MODEL", LIGHT_MODEL), \
    FF_MODE(0x298, "COLOR_MATERIAL", COLOR_MATERIAL), \
    FF_N(0x3a8, 3, "MATERIAL_FACTOR_FRONT", MATERIAL), \
    FF(0x3b4, "MATERIAL_FACTOR_FRONT_A", MATERIAL_A), \
    FF_N(0x9e0, 6, "FRONT_MATERIAL_SHININESS", SHININESS), \
    FF_N(0xa10, 3, "LIGHT_MODEL_FRONT_AMBIENT", MODEL_AMBIENT), \
    FF_N(0x17a0, 3, "LIGHT_MODEL_BACK_AMBIENT", MODEL_BACK_AMBIENT), \
    FF(0x17ac, "MATERIAL_FACTOR_BACK_A", MATERIAL_BACK_A), \
    FF_N(0x17b0, 3, "MATERIAL_FACTOR_BACK", MATERIAL_BACK), \
    FF_FLAG(0x17c4, "LIGHT_MODEL_TWO_SIDE_ENABLE", B_RASTER, 24, \
            TWO_SIDE_ENABLE), \
    FF_N(0x1e28, 6, "BACK_MATERIAL_SHININESS", BACK_SHININESS), \
    KELVIN_LIGHT_ROWS(0), KELVIN_LIGHT_ROWS(1), KELVIN_LIGHT_ROWS(2), \
    KELVIN_LIGHT_ROWS(3), KELVIN_LIGHT_ROWS(4), KELVIN_LIGHT_ROWS(5), \
    KELVIN_LIGHT_ROWS(6), KELVIN_LIGHT_ROWS(7), \
    /* transforms and texture coordinates */ \
    FF_MODE_N(0x3c0, 16, "TEX_GEN_MODE", TEX_GEN_MODE), \
    FF_MODE_N(0x420, 4, "TEX_MATRIX_ENABLE", TEX_MATRIX_ENABLE), \
    WORD(0x43c, "POINT_SIZE", B_POINT_SIZE), \
    FF_N(0x480, 64, "MODELVIEW_MATRIX", MODELVIEW), \
    FF_N(0x580, 64, "INVERSE_MODELVIEW_MATRIX", INV_MODELVIEW), \
    FF_N(0x680, 16, "PROJECTION_MATRIX", PROJECTION), \
    FF_N(0x6c0, 64, "TEX_MATRIX", TEX_MATRIX), \
    FF_N(0x840, 64, "TEX_GEN_COEFF", TEX_GEN_COEFF), \
    STATE(0x9f8, "UNK09F8"), STATE(0x9fc, "UNK09FC"), \
    STATE(0xa1c, "UNK0A1C"), \
    FF_N(0xa20, 4, "VIEWPORT_TRANSLATE", VIEWPORT_TRANSLATE), \
    FF_N(0xa30, 8, "POINT_PARAMETER", POINT_PARAMS), \
    FF_N(0xaf0, 4, "VIEWPORT_SCALE", VIEWPORT_SCALE), \
    /* vertex programs (XF) */ \
    NV_MTHD_ARRAY(0xb00, 4, 4, "VP_UPLOAD_INST", mthd_upload, .arg = 0), \
    NV_MTHD_ARRAY(0xb80, 4, 4, "VP_UPLOAD_CONST", mthd_upload, .arg = 1), \
    FF_MODE(0x1e94, "ENGINE", ENGINE), \
    STATE(0x1e98, "UNK1E98"), \
    NV_MTHD(0x1e9c, "VP_UPLOAD_FROM_ID", mthd_load_pos, .arg = 0), \
    NV_MTHD(0x1ea4, "VP_UPLOAD_CONST_ID", mthd_load_pos, .arg = 1), \
    /* \
     * immediate vertex data, into the attributes of rnndb NV20_VERTEX_ATTR: \
     * position 0, normal 2, colours 3 and 4, fog 5, texture coordinates \
     * 9-12 (KELVIN_TX_ROWS) \
     */ \
    IMM_K(0x1500, 3, "VERTEX_POS_3F", FLOAT, 0, 3), \
    IMM_K(0x1518, 4, "VERTEX_POS_4F", FLOAT, 0, 4), \
    IMM_K(0x1528, 2, "VERTEX_POS_3I", SHORT2, 0, 3), \
    IMM_K(0x1530, 3, "VERTEX_NOR_3F", FLOAT, 2, 3), \
    IMM_K(0x1540, 2, "VERTEX_NOR_3I", SHORT2, 2, 3), \
    IMM_K(0x1550, 4, "VERTEX_COL_4F", FLOAT, 3, 4), \
    IMM_K(0x1560, 3, "VERTEX_COL_3F", FLOAT, 3, 3), \
    IMM_K(0x156c, 1, "VERTEX_COL_4I", UNORM8, 3, 4), \
    IMM_K(0x1580, 3, "VERTEX_COL2_3F", FLOAT, 4, 3), \
    IMM_K(0x158c, 1, "VERTEX_COL2_3I", UNORM8, 4, 3), \
    KELVIN_TX_ROWS(0, 0x1590, 0x1598, 0x15a0, 0x15b0), \
    KELVIN_TX_ROWS(1, 0x15b8, 0x15c0, 0x15c8, 0x15d8), \
    KELVIN_TX_ROWS(2, 0x15e0, 0x15e8, 0x15f0, 0x1600), \
    KELVIN_TX_ROWS(3, 0x1608, 0x1610, 0x1620, 0x1630), \
    IMM_K(0x1698, 1, "VERTEX_FOG_1F", FLOAT, 5, 1), \
    NV_MTHD(0x16bc, "EDGEFLAG", nv20_fd_edgeflag), \
    IMM_R(0x1a00, 16, "VERTEX_ATTR_4F_X", FLOAT, 0, 4), \
    IMM_R(0x1a04, 16, "VERTEX_ATTR_4F_Y", FLOAT, 1, 4), \
    IMM_R(0x1a08, 16, "VERTEX_ATTR_4F_Z", FLOAT, 2, 4), \
    IMM_R(0x1a0c, 16, "VERTEX_ATTR_4F_W", FLOAT, 3, 4), \
    /* vertex arrays and drawing */ \
    /* we fetch at every vertex: no cache to validate or invalidate */ \
    NV_MTHD(0x1710, "VTXBUF_VALIDATE", nv_method_nop), \
    NV_MTHD_ARRAY(0x1720, 16, 4, "VTXBUF_OFFSET", mthd_vtxbuf, .arg = 0), \
    NV_MTHD_ARRAY(0x1760, 16, 4, "VTXBUF_FMT", mthd_vtxbuf, .arg = 1), \
    NV_MTHD(0x17fc, "VERTEX_BEGIN_END", nv20_fd_begin_end, \
            NV_MENUM(nv20_fd_prim_names)), \
    NV_MTHD(0x1800, "VTXBUF_ELEMENT_U16", nv20_fd_elements, .arg = 16), \
    NV_MTHD(0x1808, "VTXBUF_ELEMENT_U32", nv20_fd_elements, .arg = 32), \
    NV_MTHD(0x1810, "VTXBUF_BATCH", nv20_fd_batch, .arg = 0), \
    NV_MTHD(0x1818, "VTXBUF_DATA", nv20_fd_data), \
    /* raster and texture shader */ \
    STATE(0x147c, "POLYGON_STIPPLE_ENABLE"), \
    STATE_N(0x1480, 32, 4, "POLYGON_STIPPLE_PATTERN"), \
    STATE(0x17cc, "UNK17CC"), \
    STATE_N(0x17e0, 6, 4, "UNK17E0"), \
    WORD(0x17f8, "TEX_SHADER_CULL_MODE", B_TEX_SHADER_CULL), \
    WORD_N(0x181c, 3, 4, "TEX_SHADER_CONST_EYE", B_TEX_SHADER_EYE), \
    WORD(0x1e68, "UNK1E68", B_UNK1E68), \
    WORD(0x1e70, "TEX_SHADER_OP", B_TEX_SHADER_OP), \
    STATE(0x1e74, "TEX_SHADER_DOTMAPPING"), \
    STATE(0x1e78, "TEX_SHADER_PREVIOUS"), \
    STATE_N(0x1b28, 4, 4, "TEX_SHADER_OFFSET_MATRIX(0)"), \
    STATE_N(0x1b68, 4, 4, "TEX_SHADER_OFFSET_MATRIX(1)"), \
    STATE_N(0x1ba8, 4, 4, "TEX_SHADER_OFFSET_MATRIX(2)"), \
    STATE_N(0x1be8, 4, 4, "TEX_SHADER_OFFSET_MATRIX(3)"), \
    /* misc */ \
    STATE(0x1d78, "DEPTH_CLAMP"), \
    STATE(0x1d80, "UNK1D80"), STATE(0x1d84, "UNK1D84"), \
    STATE(0x1d88, "UNK1D88"), \
    WORD(0x1d8c, "CLEAR_DEPTH_VALUE", B_CLEAR_ZETA), \
    NV_MTHD(0x1d94, "CLEAR_BUFFERS", nv20_draw_clear), \
    STATE(0x1da4, "UNK1DA4")

/*
 * Kelvin's rows whose words go unconverted to bundles of the same name
 * at other ids: @g's (K_ Kelvin's, R_ Rankine's: bundles-nv20.h), with
 * the blend factor masks @src and @dst; a texture unit i (0-3) is the
 * chip's unit i.
 */
#define KELVIN_PLACED_ROWS(g, src, dst) \
    CELSIUS_KELVIN_ROWS(g##_BLEND, src, dst, g##_BLEND_COLOR), \
    NV_MTHD(0x1ea0, "VP_START_FROM_ID", mthd_start, .field = g##_XFMODE_A, \
            .mask = 0xff00), \
    FLAG(0x17bc, "COLOR_LOGIC_OP_ENABLE", g##_BLEND, 16), \
    BITS(0x17c0, "COLOR_LOGIC_OP_OP", g##_BLEND, 0xf000, CV_LOGIC_OP), \
    WORD_N(0x1b00, 4, 64, "TEX_OFFSET", g##_TEX_OFFSET), \
    WORD_N(0x1b04, 4, 64, "TEX_FORMAT", g##_TEX_FORMAT), \
    WORD_N(0x1b0c, 4, 64, "TEX_ENABLE", g##_TEX_CONTROL), \
    WORD_N(0x1b10, 4, 64, "TEX_NPOT_PITCH", g##_TEX_PITCH), \
    WORD_N(0x1b14, 4, 64, "TEX_FILTER", g##_TEX_FILTER), \
    WORD_N(0x1b1c, 4, 64, "TEX_NPOT_SIZE", g##_TEX_RECT), \
    WORD_N(0x1b24, 4, 64, "TEX_BORDER_COLOR", g##_TEX_BORDER_COLOR), \
    WORD(0x1d7c, "MULTISAMPLE_CONTROL", g##_MULTISAMPLE), \
    WORD(0x1d90, "CLEAR_VALUE", g##_CLEAR_COLOR)

/* Kelvin's textures: four units, 64 bytes apart, through @fn. */
#define K_TEX(off, nm, fn)  NV_MTHD_ARRAY(off, 4, 64, nm, fn)

/* Kelvin on a Kelvin chip (0x0097, 0x0597). */
static const NVMethod kelvin_methods[] = {
    NV20_COMMON_METHODS,
    KELVIN_ROWS,
    KELVIN_PLACED_ROWS(K, 0xf0, 0xf00),
    STATE(0x208, "RT_FORMAT"),
    FF_N(0x9c0, 3, "FOG_COEFF", FOG_COEFF),
    WORD(0x1e6c, "TEX_RCOMP", B_TEX_ZCOMP),
    WORD_N(0x1b08, 4, 64, "TEX_WRAP", K_TEX_WRAP),
    WORD_N(0x1b20, 4, 64, "TEX_PALETTE_OFFSET", K_TEX_PALETTE),
};

/*
 * Kelvin (0x0597) on a Rankine chip: the chip runs a Kelvin object on
 * its Rankine state, so each method goes where the Rankine method of
 * the same meaning (rnndb graph/nv30-40_3d.xml) puts it, and the draw
 * shades its fragments with Kelvin's combiners (docs/pgraph.rst "Kelvin
 * on Rankine").  The handlers below convert what nv20_3d.xml and
 * nv30-40_3d.xml lay out differently.
 */

/* A word kept per context at the method offset @m->field (+ 4 each). */
static void mthd_state_at(NVCard *card, const NVMethodCall *call)
{
    card->pgraph20.fe3d.mthd_state[(call->m->field / 4 + call->idx) %
                                   (NV_METHOD_SPACE / 4)] = call->data;
}

/*
 * RT_FORMAT: COLOR (bits 0-3) and DEPTH (4-5, rnndb nv10_3d.xml) become
 * Rankine's COLOR (0-4) and ZETA (5-7) with the same nv10_rt_*_format
 * codes; TYPE and what is above it stay.  The word is kept as
 * Rankine's, which the ROP reads (docs/rop3d.rst).
 */
static void mthd_k_rt_format(NVCard *card, const NVMethodCall *call)
{
    uint32_t v = call->data;

    card->pgraph20.fe3d.mthd_state[call->mthd / 4] =
        (v & 0xf) | (v >> 4 & 3) << 5 | (v & ~0xffu);
}

/*
 * TEX_WRAP(i): WRAP_S, _T and _R (bits 0-2, 8-10, 16-18) are Rankine's
 * fields too (bundles.rst TEX_WRAP [NV20:]).  Kelvin's cylindrical
 * wrap bits (4, 12, 20, 24) are other fields on Rankine (bit 12
 * EXPAND_NORMAL), which keeps them in a TXC_CYLWRAP bundle we do not
 * model: they are dropped.  ZCOMP (bits 28-31) is TEX_RCOMP's and stays.
 */
static void mthd_k_tex_wrap(NVCard *card, const NVMethodCall *call)
{
    reg_put(card, R_TEX_WRAP + 4 * (call->idx % 4), 0x0fffffff,
            call->data & 0x00070707);
}

/*
 * TEX_RCOMP: NV25's three bits a unit (bundles.rst TEX_ZCOMP; the
 * nv20_tex_comp codes, rnndb's nv30_tex_comp alike) go to each unit's
 * TEX_WRAP RCOMP (bits 28-31).
 */
static void mthd_k_tex_rcomp(NVCard *card, const NVMethodCall *call)
{
    for (unsigned i = 0; i < 4; i++) {
        reg_put(card, R_TEX_WRAP + 4 * i, 0xf0000000,
                (call->data >> (3 * i) & 7) << 28);
    }
}

/*
 * TEX_FORMAT, TEX_ENABLE, TEX_FILTER and TEX_NPOT_SIZE have the same
 * layout in both rnndb files (NV30_3D-NV35_3D variants); TEX_NPOT_PITCH
 * is TEX_SWIZZLE's PITCH, the swizzle the identity (draw-nv20.c).
 */
static const NVMethod kelvin_rankine_methods[] = {
    NV20_COMMON_METHODS,
    KELVIN_ROWS,
    KELVIN_PLACED_ROWS(R, 0x00f000f0, 0x0f000f00),
    NV_MTHD(0x208, "RT_FORMAT", mthd_k_rt_format),
    /* Rankine's FOG_EQUATION: constant, linear, quadratic (inferred) */
    NV_MTHD_ARRAY(0x9c0, 3, 4, "FOG_COEFF", mthd_state_at, .field = 0x8d0),
    NV_MTHD(0x1e6c, "TEX_RCOMP", mthd_k_tex_rcomp),
    K_TEX(0x1b08, "TEX_WRAP", mthd_k_tex_wrap),
    /* Rankine's TEX_PALETTE_OFFSET, kept per context */
    NV_MTHD_ARRAY(0x1b20, 4, 64, "TEX_PALETTE_OFFSET", mthd_state_at,
                  .field = 0x1840),
};

/*
 * Celsius (0x0096, rnndb graph/nv10_3d.xml, variant NV15_3D) on Kelvin:
 * the chip runs a Celsius object through its Kelvin state, so each
 * method goes where the Kelvin method of the same meaning puts it
 * (docs/pgraph.rst "Celsius on Kelvin").  The handlers below convert the
 * words whose layout differs.
 */

/* TEX_SHADER_OP's program for a unit: 5 bits a unit (docs/combiners.rst). */
#define TS_TEXTURE_2D       0x01
#define TS_CUBE_MAP         0x03
#define TS_UNIT_BITS        5

/*
 * TEX_FORMAT(i): Celsius packs wrap modes and sizes that Kelvin splits
 * between its TEX_FORMAT and TEX_WRAP bundles (bundles.rst TEX_FORMAT
 * [NV10:NV20] and [NV20:], TEX_WRAP): DMA0/1 and CUBE_MAP stay in bits
 * 0-2, FORMAT (bits 7-11; the same nv10_tex_format codes) moves to bits
 * 8-14, the level bits 12-15 (MIPMAP at 15) to 16-19, BASE_SIZE_U/V
 * (16-23) to 20-27; DIMS is 2D and NO_BORDER set, as a Celsius texture
 * has no border texels (inferred).  WRAP_S (24-27, cylindrical at 27)
 * and WRAP_T (28-31) go to TEX_WRAP bits 0-3 and 8-11 (cylindrical at 4
 * and 12).  Celsius has no texture shader: the unit's TEX_SHADER_OP
 * program becomes a plain lookup, CUBE_MAP for a cube texture, else
 * TEXTURE_2D, and units 2 and 3, which Celsius lacks, NONE (inferred).
 */
static void mthd_cel_tex_format(NVCard *card, const NVMethodCall *call)
{
    uint32_t v = call->data, i = call->idx % 2;
    uint32_t wrap_s = v >> 24 & 7, wrap_t = v >> 28 & 7;
    bool cube = v >> 2 & 1;

    reg_put(card, K_TEX_FORMAT + 4 * i, 0xffffffff,
            (v & 7) | 1u << 3 | 2u << 4 | (v >> 7 & 0x1f) << 8 |
            (v >> 12 & 0xf) << 16 | (v >> 16 & 0xff) << 20);
    reg_put(card, K_TEX_WRAP + 4 * i, 0xffffffff,
            wrap_s | (v >> 27 & 1) << 4 | wrap_t << 8 | (v >> 31) << 12);
    reg_put(card, B_TEX_SHADER_OP,
            (0x1fu << (TS_UNIT_BITS * i)) | 0x3ffu << (2 * TS_UNIT_BITS),
            (uint32_t)(cube ? TS_CUBE_MAP : TS_TEXTURE_2D) <<
            (TS_UNIT_BITS * i));
}

/*
 * TEX_FILTER(i): LOD_BIAS keeps its bits; MINIFY moves from bits 24-27
 * to 16-19 and MAGNIFY from 28-31 to 24-27 (rnndb nv10_3d.xml and
 * nv20_3d.xml TEX_FILTER; the same nv4_tex_*_filter codes).
 */
static void mthd_cel_tex_filter(NVCard *card, const NVMethodCall *call)
{
    uint32_t v = call->data;

    reg_put(card, K_TEX_FILTER + 4 * (call->idx % 2), 0xffffffff,
            (v & 0xffff) | (v >> 24 & 0xf) << 16 | (v >> 28) << 24);
}

/*
 * RC_COLOR(i): Celsius has two combiner constants for both general
 * stages and the final combiner (bundles.rst: one RC_FACTOR_A and one
 * RC_FACTOR_B on Celsius).  On Kelvin: stage 0's RC_FACTOR_A or _B, which
 * every stage reads while RC_CONFIG's per-stage constant bits are clear
 * (mthd_cel_rc_out_rgb() clears them), and RC_FINAL_FACTOR i.
 */
static void mthd_cel_rc_color(NVCard *card, const NVMethodCall *call)
{
    unsigned i = call->idx % 2;

    reg_put(card, i ? B_RC_FACTOR_B : B_RC_FACTOR_A, 0xffffffff, call->data);
    reg_put(card, B_RC_FINAL_FACTOR + 4 * i, 0xffffffff, call->data);
}

/*
 * RC_OUT_RGB(i): bits 0-17 are Kelvin's RC_OUT_RGB (nv10_rc_out).
 * RC_OUT_RGB(1) bits 27-29 (rnndb nv10_rc_out_op OPERATION) also say how
 * many general combiners run, which Kelvin keeps in RC_CONFIG
 * (RC_ENABLE): the count is taken from bits 28-29, at most Celsius' two,
 * and bit 27 is not used (inferred, docs/pgraph.rst).  RC_CONFIG's
 * per-stage constant bits 12 and 16 are cleared: Celsius has one
 * constant pair for all stages.
 */
static void mthd_cel_rc_out_rgb(NVCard *card, const NVMethodCall *call)
{
    unsigned i = call->idx % 2;

    reg_put(card, B_RC_OUT_COLOR + 4 * i, 0xffffffff, call->data & 0x3ffff);
    if (i == 1) {
        reg_put(card, B_RC_CONFIG, 0xf | 1u << 12 | 1u << 16,
                MIN(call->data >> 28 & 3, 2));
    }
}

/*
 * RT_FORMAT: DEPTH's codes differ (rnndb nv10_rt_depth_format): Z24S8 is
 * 0 on Celsius and 2 on Kelvin, Z16 1 on both; the word is kept as
 * Kelvin's, which the draw reads (docs/rop3d.rst).
 */
static void mthd_cel_rt_format(NVCard *card, const NVMethodCall *call)
{
    uint32_t v = call->data;

    if (!(v & 0x30)) {
        v |= 0x20;
    }
    card->pgraph20.fe3d.mthd_state[call->mthd / 4] = v;
}

/*
 * Celsius' window space lies 2048 pixels below the pixel grid on x and
 * y: its drivers bias VIEWPORT_TRANSLATE by -2048 and give clip edges
 * with bits 11 and 27 set, which rnndb calls the edges' enables
 * (inferred, docs/pgraph.rst "Celsius on Kelvin").  Kelvin's window
 * space is the pixel grid.
 */
#define CELSIUS_WINDOW_BIAS 2048.0f

/*
 * VIEWPORT_CLIP_HORIZ/VERT(i): each edge a signed 12-bit value in
 * Celsius' window space (bits 0-11, 16-27); plus 2048, Kelvin's
 * CLIP_RECT edge: the edge with its top bit flipped.  So 0x800 | x
 * (rnndb: enabled edge x) is pixel x, and 0x7ff (a disabled edge at
 * 2047) is pixel 4095, no limit.
 */
static void mthd_cel_clip(NVCard *card, const NVMethodCall *call)
{
    reg_put(card, call->m->field + 4 * (call->idx % 8), 0xffffffff,
            (call->data & 0x0fff0fff) ^ 0x08000800);
}

/*
 * Fixed-function words whose Celsius layout differs (rnndb nv10_3d.xml,
 * nv20_3d.xml), converted, then Kelvin's handler (ff-nv20.c):
 * LIGHT_MODEL: SEPARATE_SPECULAR bit 1 to bit 0, LOCAL_VIEWER bit 16 to
 * VIEWER (bits 16-17) LOCAL 3, else NONLOCAL 2 (nv20_light_viewer);
 * VERTEX_SPECULAR (bit 0) has no Kelvin field and is dropped (inferred).
 * COLOR_MATERIAL: the EMISSION, AMBIENT, DIFFUSE and SPECULAR bits 0-3
 * to the front fields' 2-bit binding 1 (the vertex's primary colour) at
 * bits 0, 2, 4, 6.
 */
static void mthd_cel_ff_mode(NVCard *card, const NVMethodCall *call)
{
    NVMethodCall c = *call;
    uint32_t v = call->data;

    if (call->m->arg == NV20_FF_LIGHT_MODEL) {
        c.data = (v >> 1 & 1) | (2u | (v >> 16 & 1)) << 16;
    } else {
        c.data = 0;
        for (unsigned f = 0; f < 4; f++) {
            c.data |= (v >> f & 1) << (2 * f);
        }
    }
    nv20_mthd_ff_mode(card, &c);
}

/*
 * VIEWPORT_TRANSLATE(i): Kelvin's, X and Y moved from Celsius' window
 * space to the pixel grid (CELSIUS_WINDOW_BIAS); and the same component
 * of Kelvin's VIEWPORT_SCALE set to 1 (W to 0, as Kelvin drivers leave
 * it): Celsius has no scale method, its drivers fold the viewport scale
 * into PROJECTION_MATRIX, and Kelvin's fixed-function path multiplies
 * by the scale after the divide by w (docs/xf.rst; inferred).
 */
static void mthd_cel_viewport(NVCard *card, const NVMethodCall *call)
{
    static const NVMethod scale = {
        .name = "VIEWPORT_SCALE", .arg = NV20_FF_VIEWPORT_SCALE,
    };
    NVMethodCall c = *call;
    float f;

    if (call->idx < 2) {
        memcpy(&f, &call->data, sizeof(f));
        f += CELSIUS_WINDOW_BIAS;
        memcpy(&c.data, &f, sizeof(f));
    }
    nv20_mthd_ff(card, &c);
    c.m = &scale;
    c.data = call->idx < 3 ? 0x3f800000 : 0;
    nv20_mthd_ff(card, &c);
}

/*
 * VTXBUF_OFFSET(i), VTXBUF_FMT(i): array i is rnndb NV10_VERTEX_ATTR
 * (POS, COLOR0, COLOR1, TEX0, TEX1, NORMAL, WEIGHT, FOG), whose IDX
 * state is that of Kelvin's attribute (NV20_VERTEX_ATTR) 0, 3, 4, 9, 10,
 * 2, 1, 5.  FMT's TYPE, FIELDS and STRIDE are Kelvin's TYPE, SIZE and
 * STRIDE (the same nv10_vtxbuf_type codes); HOMOGENEOUS (bit 24) is
 * above the 23 bits IDX keeps.
 */
static void mthd_cel_vtxbuf(NVCard *card, const NVMethodCall *call)
{
    static const uint8_t attr[8] = { 0, 3, 4, 9, 10, 2, 1, 5 };
    NVMethodCall c = *call;

    c.idx = attr[call->idx % 8];
    mthd_vtxbuf(card, &c);
}

/*
 * A Celsius light's methods (rnndb nv10_3d.xml LIGHT, 128 bytes a light
 * from 0x800): Kelvin's front ones.  ff-nv20.c finds the light and word
 * from Kelvin's offsets, 0x800 bytes (16 lights) further, which give the
 * same light modulo 8 and the same word modulo 128 bytes.
 */
#define CELSIUS_LIGHT_ROWS(i) \
    FF_N(0x800 + 128 * (i), 3, "LIGHT_AMBIENT(" #i ")", LIGHT_FRONT), \
    FF_N(0x80c + 128 * (i), 3, "LIGHT_DIFFUSE(" #i ")", LIGHT_FRONT), \
    FF_N(0x818 + 128 * (i), 3, "LIGHT_SPECULAR(" #i ")", LIGHT_FRONT), \
    FF_N(0x828 + 128 * (i), 3, "LIGHT_HALF_VECTOR(" #i ")", LIGHT_HALF_ATT), \
    FF_N(0x834 + 128 * (i), 3, "LIGHT_DIRECTION(" #i ")", LIGHT_DIRECTION), \
    FF_N(0x840 + 128 * (i), 7, "LIGHT_SPOT_CUTOFF(" #i ")", LIGHT_SPOT), \
    FF_N(0x85c + 128 * (i), 3, "LIGHT_POSITION(" #i ")", LIGHT_POSITION), \
    FF_N(0x868 + 128 * (i), 3, "LIGHT_ATTENUATION(" #i ")", LIGHT_HALF_ATT)

/* A Celsius texture unit's word through @fn (two units, 4 bytes apart). */
#define CEL_TEX(off, nm, fn)    NV_MTHD_ARRAY(off, 2, 4, nm, fn)

static const NVMethod celsius_methods[] = {
    NV20_COMMON_METHODS,
    CELSIUS_KELVIN_ROWS(K_BLEND, 0xf0, 0xf00, K_BLEND_COLOR),
    WORD(0x18c, "DMA_VTXBUF", B_DMA_VTX),
    NV_MTHD(0x208, "RT_FORMAT", mthd_cel_rt_format),
    NV_MTHD_ARRAY(0x2c0, 8, 4, "VIEWPORT_CLIP_HORIZ", mthd_cel_clip,
                  .field = B_CLIP_RECT_HORIZ),
    NV_MTHD_ARRAY(0x2e0, 8, 4, "VIEWPORT_CLIP_VERT", mthd_cel_clip,
                  .field = B_CLIP_RECT_VERT),
    /* textures: Kelvin's units 0 and 1 */
    WORD_N(0x218, 2, 4, "TEX_OFFSET", K_TEX_OFFSET),
    CEL_TEX(0x220, "TEX_FORMAT", mthd_cel_tex_format),
    WORD_N(0x228, 2, 4, "TEX_ENABLE", K_TEX_CONTROL),
    WORD_N(0x230, 2, 4, "TEX_NPOT_PITCH", K_TEX_PITCH),
    WORD_N(0x240, 2, 4, "TEX_NPOT_SIZE", K_TEX_RECT),
    CEL_TEX(0x248, "TEX_FILTER", mthd_cel_tex_filter),
    WORD_N(0x250, 2, 4, "TEX_PALETTE_OFFSET", K_TEX_PALETTE),
    /* register combiners: Kelvin's stages 0 and 1 */
    WORD_N(0x260, 2, 4, "RC_IN_ALPHA", B_RC_IN_ALPHA),
    WORD_N(0x268, 2, 4, "RC_IN_RGB", B_RC_IN_COLOR),
    CEL_TEX(0x270, "RC_COLOR", mthd_cel_rc_color),
    WORD_N(0x278, 2, 4, "RC_OUT_ALPHA", B_RC_OUT_ALPHA),
    CEL_TEX(0x280, "RC_OUT_RGB", mthd_cel_rc_out_rgb),
    /* lighting */
    NV_MTHD(0x294, "LIGHT_MODEL", mthd_cel_ff_mode, .arg = NV20_FF_LIGHT_MODEL),
    NV_MTHD(0x298, "COLOR_MATERIAL", mthd_cel_ff_mode,
            .arg = NV20_FF_COLOR_MATERIAL),
    FF_N(0x3a8, 3, "MATERIAL_FACTOR", MATERIAL),
    FF(0x3b4, "MATERIAL_FACTOR_A", MATERIAL_A),
    FF_N(0x6a0, 6, "MATERIAL_SHININESS", SHININESS),
    FF_N(0x6c4, 3, "LIGHT_MODEL_AMBIENT", MODEL_AMBIENT),
    CELSIUS_LIGHT_ROWS(0), CELSIUS_LIGHT_ROWS(1), CELSIUS_LIGHT_ROWS(2),
    CELSIUS_LIGHT_ROWS(3), CELSIUS_LIGHT_ROWS(4), CELSIUS_LIGHT_ROWS(5),
    CELSIUS_LIGHT_ROWS(6), CELSIUS_LIGHT_ROWS(7),
    /* transforms, texture coordinates, fog */
    FF_MODE_N(0x3c0, 8, "TEX_GEN_MODE", TEX_GEN_MODE),
    FF_MODE_N(0x3e0, 2, "TEX_MATRIX_ENABLE", TEX_MATRIX_ENABLE),
    STATE(0x3e8, "VIEW_MATRIX_ENABLE"),
    WORD(0x3ec, "POINT_SIZE", B_POINT_SIZE),
    STATE(0x3f0, "UNK03F0"),
    FLAG(0x3f4, "PROVOKING_VERTEX", B_CONFIG_B, 0),
    FF_N(0x400, 32, "MODELVIEW_MATRIX", MODELVIEW),
    FF_N(0x480, 12, "INVERSE_MODELVIEW_MATRIX(0)", INV_MODELVIEW),
    NV_MTHD_ARRAY(0x4c0, 12, 4, "INVERSE_MODELVIEW_MATRIX(1)", nv20_mthd_ff,
                  .arg = NV20_FF_INV_MODELVIEW, .field = 16),
    FF_N(0x500, 16, "PROJECTION_MATRIX", PROJECTION),
    FF_N(0x540, 32, "TEX_MATRIX", TEX_MATRIX),
    FF_N(0x600, 32, "TEX_GEN_COEFF", TEX_GEN_COEFF),
    FF_N(0x680, 3, "FOG_COEFF", FOG_COEFF),
    NV_MTHD_ARRAY(0x6e8, 4, 4, "VIEWPORT_TRANSLATE", mthd_cel_viewport,
                  .arg = NV20_FF_VIEWPORT_TRANSLATE),
    FF_N(0x6f8, 8, "POINT_PARAMETER", POINT_PARAMS),
    /*
     * immediate vertex data into Kelvin's attributes (rnndb
     * NV20_VERTEX_ATTR): position 0, weight 1, normal 2, colours 3 and
     * 4, fog 5, texture coordinates 9 and 10
     */
    IMM_K(0xc00, 3, "VERTEX_POS_3F", FLOAT, 0, 3),
    IMM_K(0xc18, 4, "VERTEX_POS_4F", FLOAT, 0, 4),
    IMM_K(0xc30, 3, "VERTEX_NOR_3F", FLOAT, 2, 3),
    IMM_K(0xc40, 2, "VERTEX_NOR_3I", SHORT2, 2, 3),
    IMM_K(0xc50, 4, "VERTEX_COL_4F", FLOAT, 3, 4),
    IMM_K(0xc60, 3, "VERTEX_COL_3F", FLOAT, 3, 3),
    IMM_K(0xc6c, 1, "VERTEX_COL_4I", UNORM8, 3, 4),
    IMM_K(0xc80, 3, "VERTEX_COL2_3F", FLOAT, 4, 3),
    IMM_K(0xc8c, 1, "VERTEX_COL2_3I", UNORM8, 4, 3),
    KELVIN_TX_ROWS(0, 0xc90, 0xc98, 0xca0, 0xcb0),
    KELVIN_TX_ROWS(1, 0xcb8, 0xcc0, 0xcc8, 0xcd8),
    IMM_K(0xce0, 1, "VERTEX_FOG_1F", FLOAT, 5, 1),
    IMM_K(0xce4, 1, "VERTEX_WGH_1F", FLOAT, 1, 1),
    NV_MTHD(0xcec, "EDGEFLAG", nv20_fd_edgeflag),
    /* vertex arrays and drawing */
    NV_MTHD(0xcf0, "VTXBUF_VALIDATE", nv_method_nop),
    NV_MTHD_ARRAY(0xd00, 8, 8, "VTXBUF_OFFSET", mthd_cel_vtxbuf, .arg = 0),
    NV_MTHD_ARRAY(0xd04, 8, 8, "VTXBUF_FMT", mthd_cel_vtxbuf, .arg = 1),
    FLAG(0xd40, "COLOR_LOGIC_OP_ENABLE", K_BLEND, 16),
    BITS(0xd44, "COLOR_LOGIC_OP_OP", K_BLEND, 0xf000, CV_LOGIC_OP),
    NV_MTHD(0xdfc, "VERTEX_BEGIN_END", nv20_fd_begin_end,
            NV_MENUM(nv20_fd_prim_names)),
    /* a method each word of a batch: up to the next method's offset */
    NV_MTHD_ARRAY(0xe00, 192, 4, "VTXBUF_ELEMENT_U16", nv20_fd_elements,
                  .arg = 16),
    NV_MTHD_ARRAY(0x1100, 191, 4, "VTXBUF_ELEMENT_U32", nv20_fd_elements,
                  .arg = 32),
    NV_MTHD(0x13fc, "VTXBUF_BEGIN_END", nv20_fd_begin_end,
            NV_MENUM(nv20_fd_prim_names)),
    NV_MTHD_ARRAY(0x1400, 256, 4, "VTXBUF_BATCH", nv20_fd_batch, .arg = 0),
    NV_MTHD_ARRAY(0x1800, 256, 4, "VTXBUF_DATA", nv20_fd_data),
};

/*
 * What Rankine and Curie share (rnndb graph/nv30-40_3d.xml rows without
 * variants, or NV30_3D-NV44_3D).
 */
#define RANKINE_CURIE_ROWS \
    NV20_COMMON_METHODS, \
    FLIP_ROWS, \
    WORD_N(0x184, 2, 4, "DMA_TEXTURE", B_DMA_TEX), \
    STATE(0x18c, "DMA_COLOR1"), STATE(0x190, "DMA_UNK190"), \
    STATE(0x194, "DMA_COLOR0"), STATE(0x198, "DMA_ZETA"), \
    WORD_N(0x19c, 2, 4, "DMA_VTXBUF", B_DMA_VTX), \
    NV_MTHD_STORE(0x1a4, "DMA_FENCE", FE3D(dma_fence), 0xfffff), \
    STATE(0x1a8, "DMA_QUERY"), STATE(0x1ac, "DMA_UNK1AC"), \
    STATE(0x1b0, "DMA_UNK1B0"), \
    STATE(0x200, "RT_HORIZ"), STATE(0x204, "RT_VERT"), \
    STATE(0x208, "RT_FORMAT"), STATE(0x20c, "COLOR0_PITCH"), \
    STATE(0x210, "COLOR0_OFFSET"), STATE(0x214, "ZETA_OFFSET"), \
    STATE(0x218, "COLOR1_OFFSET"), STATE(0x21c, "COLOR1_PITCH"), \
    WORD(0x220, "RT_ENABLE", B_RT_ENABLE), \
    STATE(0x2b8, "VIEWPORT_TX_ORIGIN"), STATE(0x2bc, "VIEWPORT_CLIP_MODE"), \
    WORD_N(0x2c0, 8, 8, "VIEWPORT_CLIP_HORIZ", B_CLIP_RECT_HORIZ), \
    WORD_N(0x2c4, 8, 8, "VIEWPORT_CLIP_VERT", B_CLIP_RECT_VERT), \
    FLAG(0x300, "DITHER_ENABLE", B_CONFIG_A, 22), \
    FLAG(0x304, "ALPHA_FUNC_ENABLE", B_CONFIG_A, 12), \
    BITS(0x308, "ALPHA_FUNC_FUNC", B_CONFIG_A, 0x00000f00, CV_FUNC), \
    BITS(0x314, "BLEND_FUNC_SRC", R_BLEND, 0x00f000f0, CV_BLEND_FACTOR), \
    BITS(0x318, "BLEND_FUNC_DST", R_BLEND, 0x0f000f00, CV_BLEND_FACTOR), \
    WORD(0x31c, "BLEND_COLOR", R_BLEND_COLOR), \
    FLAG(0x328, "STENCIL_ENABLE[0]", B_STENCIL_A, 0), \
    BITS(0x32c, "STENCIL_MASK[0]", B_STENCIL_A, 0xff000000, CV_RAW), \
    BITS(0x330, "STENCIL_FUNC_FUNC[0]", B_STENCIL_A, 0x000000f0, CV_FUNC), \
    BITS(0x334, "STENCIL_FUNC_REF[0]", B_STENCIL_A, 0x0000ff00, CV_RAW), \
    BITS(0x338, "STENCIL_FUNC_MASK[0]", B_STENCIL_A, 0x00ff0000, CV_RAW), \
    BITS(0x33c, "STENCIL_OP_FAIL[0]", B_STENCIL_B, 0x00f, CV_STENCIL_OP), \
    BITS(0x340, "STENCIL_OP_ZFAIL[0]", B_STENCIL_B, 0x0f0, CV_STENCIL_OP), \
    BITS(0x344, "STENCIL_OP_ZPASS[0]", B_STENCIL_B, 0xf00, CV_STENCIL_OP), \
    FLAG(0x348, "STENCIL_ENABLE[1]", B_STENCIL_A, 1), \
    BITS(0x34c, "STENCIL_MASK[1]", R_STENCIL_C, 0x000000ff, CV_RAW), \
    BITS(0x350, "STENCIL_FUNC_FUNC[1]", R_STENCIL_D, 0x000f0000, CV_FUNC), \
    BITS(0x354, "STENCIL_FUNC_REF[1]", R_STENCIL_D, 0x000000ff, CV_RAW), \
    BITS(0x358, "STENCIL_FUNC_MASK[1]", R_STENCIL_D, 0x0000ff00, CV_RAW), \
    BITS(0x35c, "STENCIL_OP_FAIL[1]", R_STENCIL_C, 0xf0000, CV_STENCIL_OP), \
    BITS(0x360, "STENCIL_OP_ZFAIL[1]", R_STENCIL_C, 0x0f000, CV_STENCIL_OP), \
    BITS(0x364, "STENCIL_OP_ZPASS[1]", R_STENCIL_C, 0x00f00, CV_STENCIL_OP), \
    BITS(0x368, "SHADE_MODEL", B_CONFIG_B, 0x80, CV_SHADE_MODEL), \
    FLAG(0x374, "COLOR_LOGIC_OP_ENABLE", R_BLEND, 16), \
    BITS(0x378, "COLOR_LOGIC_OP_OP", R_BLEND, 0xf000, CV_LOGIC_OP), \
    WORD(0x394, "DEPTH_RANGE_NEAR", B_DEPTH_RANGE_NEAR), \
    WORD(0x398, "DEPTH_RANGE_FAR", B_DEPTH_RANGE_FAR), \
    BITS(0x3b8, "LINE_WIDTH", B_RASTER, 0x001ff000, CV_RAW), \
    FLAG(0x3bc, "LINE_SMOOTH_ENABLE", B_RASTER, 10), \
    STATE(0x8c0, "SCISSOR_HORIZ"), STATE(0x8c4, "SCISSOR_VERT"), \
    BITS(0x8cc, "FOG_MODE", B_CONFIG_B, 0x00070000, CV_FOG_MODE), \
    STATE_N(0x8d0, 3, 4, "FOG_EQUATION"), \
    NV_MTHD(0x8e4, "FP_ACTIVE_PROGRAM", nv20_draw_fp_program), \
    STATE(0xa00, "VIEWPORT_HORIZ"), STATE(0xa04, "VIEWPORT_VERT"), \
    FF_N(0xa20, 4, "VIEWPORT_TRANSLATE", VIEWPORT_TRANSLATE), \
    FF_N(0xa30, 4, "VIEWPORT_SCALE", VIEWPORT_SCALE), \
    FLAG(0xa60, "POLYGON_OFFSET_POINT_ENABLE", B_RASTER, 6), \
    FLAG(0xa64, "POLYGON_OFFSET_LINE_ENABLE", B_RASTER, 7), \
    FLAG(0xa68, "POLYGON_OFFSET_FILL_ENABLE", B_RASTER, 8), \
    BITS(0xa6c, "DEPTH_FUNC", B_CONFIG_A, 0x000f0000, CV_FUNC), \
    FLAG(0xa70, "DEPTH_WRITE_ENABLE", B_CONFIG_A, 24), \
    FLAG(0xa74, "DEPTH_TEST_ENABLE", B_CONFIG_A, 14), \
    WORD(0xa78, "POLYGON_OFFSET_FACTOR", B_POLY_OFF_FACTOR), \
    WORD(0xa7c, "POLYGON_OFFSET_UNITS", B_POLY_OFF_UNITS), \
    IMM_R(0xa80, 8, "VTX_ATTR_3I_XY", SHORT2, 0, 3), \
    IMM_R(0xa84, 8, "VTX_ATTR_3I_Z", SHORT2, 2, 3), \
    STATE_N(0xb00, 4, 4, "TEX_FILTER_OPTIMIZATION"), \
    NV_MTHD_ARRAY(0xb80, 4, 4, "VP_UPLOAD_INST", mthd_upload, .arg = 0), \
    FLAG(0x142c, "VERTEX_TWO_SIDE_ENABLE", B_RASTER, 24), \
    STATE(0x1450, "FP_REG_CONTROL"), \
    FLAG(0x1454, "FLATSHADE_FIRST", B_CONFIG_B, 0), \
    NV_MTHD(0x145c, "EDGEFLAG", nv20_fd_edgeflag), \
    STATE(0x1478, "VP_CLIP_PLANES_ENABLE"), \
    FLAG(0x147c, "POLYGON_STIPPLE_ENABLE", B_LINE_STIPPLE, 0), \
    STATE_N(0x1480, 32, 4, "POLYGON_STIPPLE_PATTERN"), \
    IMM_R(0x1500, 16, "VTX_ATTR_3F_X", FLOAT, 0, 3), \
    IMM_R(0x1504, 16, "VTX_ATTR_3F_Y", FLOAT, 1, 3), \
    IMM_R(0x1508, 16, "VTX_ATTR_3F_Z", FLOAT, 2, 3), \
    NV_MTHD_ARRAY(0x1680, 16, 4, "VTXBUF", mthd_vtxbuf, .arg = 0), \
    NV_MTHD_ARRAY(0x1740, 16, 4, "VTXFMT", mthd_vtxbuf, .arg = 1), \
    NV_MTHD(0x17c8, "QUERY_RESET", mthd_query_reset), \
    STATE(M_QUERY_ENABLE, "QUERY_ENABLE"), \
    NV_MTHD(0x1800, "QUERY_GET", mthd_query_get), \
    NV_MTHD(0x1808, "VERTEX_BEGIN_END", nv20_fd_begin_end, \
            NV_MENUM(nv20_fd_prim_names)), \
    NV_MTHD(0x180c, "VB_ELEMENT_U16", nv20_fd_elements, .arg = 16), \
    NV_MTHD(0x1810, "VB_ELEMENT_U32", nv20_fd_elements, .arg = 32), \
    NV_MTHD(0x1814, "VB_VERTEX_BATCH", nv20_fd_batch, .arg = 0), \
    NV_MTHD(0x1818, "VERTEX_DATA", nv20_fd_data), \
    STATE(0x181c, "IDXBUF_OFFSET"), STATE(0x1820, "IDXBUF_FORMAT"), \
    NV_MTHD(0x1824, "VB_INDEX_BATCH", nv20_fd_batch, .arg = 1), \
    BITS(0x1828, "POLYGON_MODE_FRONT", B_RASTER, 0x3, CV_POLYGON_MODE), \
    BITS(0x182c, "POLYGON_MODE_BACK", B_RASTER, 0xc, CV_POLYGON_MODE), \
    BITS(0x1830, "CULL_FACE", B_RASTER, 0x00600000, CV_CULL_FACE), \
    BITS(0x1834, "FRONT_FACE", B_RASTER, 0x00800000, CV_FRONT_FACE), \
    FLAG(0x1838, "POLYGON_SMOOTH_ENABLE", B_RASTER, 11), \
    FLAG(0x183c, "CULL_FACE_ENABLE", B_RASTER, 28), \
    IMM_R(0x1880, 8, "VTX_ATTR_2F_X", FLOAT, 0, 2), \
    IMM_R(0x1884, 8, "VTX_ATTR_2F_Y", FLOAT, 1, 2), \
    IMM_R(0x1900, 4, "VTX_ATTR_2I", SHORT2, 0, 2), \
    IMM_R(0x1940, 4, "VTX_ATTR_4UB", UNORM8, 0, 4), \
    IMM_R(0x1980, 8, "VTX_ATTR_4I_XY", SHORT2, 0, 4), \
    IMM_R(0x1984, 8, "VTX_ATTR_4I_ZW", SHORT2, 2, 4), \
    WORD_N(0x1a00, 8, 32, "TEX_OFFSET", R_TEX_OFFSET), \
    WORD_N(0x1a04, 8, 32, "TEX_FORMAT", R_TEX_FORMAT), \
    WORD_N(0x1a08, 8, 32, "TEX_WRAP", R_TEX_WRAP), \
    WORD_N(0x1a0c, 8, 32, "TEX_ENABLE", R_TEX_CONTROL), \
    WORD_N(0x1a10, 8, 32, "TEX_SWIZZLE", R_TEX_PITCH), \
    WORD_N(0x1a14, 8, 32, "TEX_FILTER", R_TEX_FILTER), \
    WORD_N(0x1a18, 8, 32, "TEX_NPOT_SIZE", R_TEX_RECT), \
    WORD_N(0x1a1c, 8, 32, "TEX_BORDER_COLOR", R_TEX_BORDER_COLOR), \
    IMM_R(0x1c00, 16, "VTX_ATTR_4F_X", FLOAT, 0, 4), \
    IMM_R(0x1c04, 16, "VTX_ATTR_4F_Y", FLOAT, 1, 4), \
    IMM_R(0x1c08, 16, "VTX_ATTR_4F_Z", FLOAT, 2, 4), \
    IMM_R(0x1c0c, 16, "VTX_ATTR_4F_W", FLOAT, 3, 4), \
    STATE(0x1d60, "FP_CONTROL"), \
    BITS(0x1d6c, "FENCE_OFFSET", B_FENCE_OFFSET, 0xffffffff, CV_RAW), \
    NV_MTHD(0x1d70, "FENCE_VALUE", mthd_fence_value), \
    STATE(0x1d78, "DEPTH_CONTROL"), \
    WORD(0x1d7c, "MULTISAMPLE_CONTROL", R_MULTISAMPLE), \
    STATE(0x1d88, "COORD_CONVENTIONS"), \
    WORD(0x1d8c, "CLEAR_DEPTH_VALUE", B_CLEAR_ZETA), \
    WORD(0x1d90, "CLEAR_COLOR_VALUE", R_CLEAR_COLOR), \
    NV_MTHD(0x1d94, "CLEAR_BUFFERS", nv20_draw_clear), \
    WORD(0x1dac, "PRIMITIVE_RESTART_ENABLE", B_PRIM_RESTART_EN), \
    WORD(0x1db0, "PRIMITIVE_RESTART_INDEX", B_PRIM_RESTART_IDX), \
    FLAG(0x1db4, "LINE_STIPPLE_ENABLE", B_LINE_STIPPLE, 1), \
    BITS(0x1db8, "LINE_STIPPLE_PATTERN", B_LINE_STIPPLE, 0xffffff00, \
         CV_LINE_STIPPLE), \
    IMM_R(0x1e40, 4, "VTX_ATTR_1F", FLOAT, 0, 1), \
    FF_MODE(0x1e94, "ENGINE", ENGINE), \
    NV_MTHD(0x1e9c, "VP_UPLOAD_FROM_ID", mthd_load_pos, .arg = 0), \
    NV_MTHD(0x1ea0, "VP_START_FROM_ID", mthd_start, .field = R_XFMODE_A, \
            .mask = 0xff00), \
    WORD(0x1ee0, "POINT_SIZE", B_POINT_SIZE), \
    STATE(0x1ee8, "POINT_SPRITE"), \
    NV_MTHD(0x1efc, "VP_UPLOAD_CONST_ID", mthd_load_pos, .arg = 1), \
    NV_MTHD_ARRAY(0x1f00, 16, 4, "VP_UPLOAD_CONST", mthd_upload, .arg = 1)

/* A Rankine light's methods (nv30-40_3d.xml LIGHT, NV30_3D-NV35_3D). */
#define RANKINE_LIGHT_ROWS(i) \
    FF_N(0x1000 + 64 * (i), 3, "LIGHT_FRONT_SIDE_PRODUCT_AMBIENT(" #i ")", \
         LIGHT_FRONT), \
    FF_N(0x100c + 64 * (i), 3, "LIGHT_FRONT_SIDE_PRODUCT_DIFFUSE(" #i ")", \
         LIGHT_FRONT), \
    FF_N(0x1018 + 64 * (i), 3, "LIGHT_FRONT_SIDE_PRODUCT_SPECULAR(" #i ")", \
         LIGHT_FRONT), \
    STATE(0x1024 + 64 * (i), "LIGHT_UNK24(" #i ")"), \
    FF_N(0x1028 + 64 * (i), 3, "LIGHT_HALF_VECTOR(" #i ")", LIGHT_HALF_ATT), \
    FF_N(0x1034 + 64 * (i), 3, "LIGHT_DIRECTION(" #i ")", LIGHT_DIRECTION), \
    FF(0x1200 + 64 * (i), "LIGHT_SPOT_CUTOFF_A(" #i ")", LIGHT_SPOT), \
    FF(0x1204 + 64 * (i), "LIGHT_SPOT_CUTOFF_B(" #i ")", LIGHT_SPOT), \
    FF(0x1208 + 64 * (i), "LIGHT_SPOT_CUTOFF_C(" #i ")", LIGHT_SPOT), \
    FF_N(0x120c + 64 * (i), 3, "LIGHT_SPOT_DIR(" #i ")", LIGHT_SPOT), \
    FF(0x1218 + 64 * (i), "LIGHT_SPOT_CUTOFF_D(" #i ")", LIGHT_SPOT), \
    FF_N(0x121c + 64 * (i), 3, "LIGHT_POSITION(" #i ")", LIGHT_POSITION), \
    FF_N(0x1228 + 64 * (i), 3, "LIGHT_ATTENUATION(" #i ")", LIGHT_HALF_ATT)

/*
 * Rankine's fixed-function methods (NV30_3D-NV35_3D variants), which
 * NV40's Curie class is taken to have too (docs/xf.rst "NV40's fixed
 * function").
 */
#define RANKINE_FF_ROWS \
    FF_MODE_N(0x240, 8, "TEX_MATRIX_ENABLE", TEX_MATRIX_ENABLE), \
    FF_FLAG(0x36c, "FOG_ENABLE", B_CONFIG_B, 8, FOG_ENABLE), \
    FF_MODE(0x37c, "NORMALIZE_ENABLE", NORMALIZE_ENABLE), \
    FF_MODE(0x390, "COLOR_MATERIAL", COLOR_MATERIAL), \
    FF_N(0x3a0, 4, "COLOR_MATERIAL_FRONT", MATERIAL), \
    FF_MODE_N(0x400, 32, "TEX_GEN_MODE", TEX_GEN_MODE), \
    FF_N(0x480, 16, "MODELVIEW_MATRIX", MODELVIEW), \
    FF_N(0x580, 12, "INVERSE_MODELVIEW_MATRIX", INV_MODELVIEW), \
    FF_N(0x680, 16, "PROJECTION_MATRIX", PROJECTION), \
    FF_N(0x6c0, 128, "TEX_MATRIX", TEX_MATRIX), \
    FF_MODE(0x8c8, "FOG_COORD_DIST", FOG_COORD), \
    FF_N(0xa10, 3, "LIGHT_MODEL_FRONT_SIDE_PRODUCT_AMBIENT_PLUS_EMISSION", \
         MODEL_AMBIENT), \
    RANKINE_LIGHT_ROWS(0), RANKINE_LIGHT_ROWS(1), RANKINE_LIGHT_ROWS(2), \
    RANKINE_LIGHT_ROWS(3), RANKINE_LIGHT_ROWS(4), RANKINE_LIGHT_ROWS(5), \
    RANKINE_LIGHT_ROWS(6), RANKINE_LIGHT_ROWS(7), \
    FF_N(0x1400, 6, "FRONT_MATERIAL_SHININESS", SHININESS), \
    FF_MODE(0x1420, "ENABLED_LIGHTS", ENABLED_LIGHTS), \
    FF_N(0x1600, 24, "VP_CLIP_PLANE", CLIP_PLANE), \
    FF_N(0x17a0, 3, "LIGHT_MODEL_BACK_SIDE_PRODUCT_AMBIENT_PLUS_EMISSION", \
         MODEL_BACK_AMBIENT), \
    FF_N(0x17b0, 4, "COLOR_MATERIAL_BACK", MATERIAL_BACK), \
    FF_N(0x1e20, 6, "BACK_MATERIAL_SHININESS", BACK_SHININESS), \
    FF_N(0x1ec0, 8, "POINT_PARAMETERS", POINT_PARAMS), \
    FF_FLAG(0x1ee4, "POINT_PARAMETERS_ENABLE", B_CONFIG_B, 9, \
            POINT_PARAMS_ENABLE)

/* Rankine (NV30_3D-NV35_3D variants of nv30-40_3d.xml). */
static const NVMethod rankine_methods[] = {
    RANKINE_CURIE_ROWS,
    RANKINE_FF_ROWS,
    FLAG(0x310, "BLEND_FUNC_ENABLE", R_BLEND, 3),
    BITS(0x30c, "ALPHA_FUNC_REF", B_CONFIG_A, 0x000000ff, CV_RAW),
    BITS(0x320, "BLEND_EQUATION", R_BLEND, 0x7, CV_BLEND_EQUATION),
    BITS(0x324, "COLOR_MASK", B_CONFIG_A, 0x3c000000, CV_COLOR_MASK),
    STATE(0x22c, "HIERZ_PITCH"), STATE(0x230, "HIERZ_OFFSET"),
    STATE(0x23c, "TEX_UNITS_ENABLE"),
    WORD(0x370, "FOG_COLOR", B_FOG_COLOR),
    STATE(0x380, "DEPTH_BOUNDS_TEST_ENABLE"),
    STATE(0x384, "DEPTH_BOUNDS_TEST_ZMIN"),
    STATE(0x388, "DEPTH_BOUNDS_TEST_ZMAX"),
    WORD_N(0x8ec, 2, 4, "RC_COLOR", B_RC_FINAL_FACTOR),
    WORD(0x8f4, "RC_FINAL0", B_RC_FINAL_A),
    WORD(0x8f8, "RC_FINAL1", B_RC_FINAL_B),
    WORD(0x8fc, "RC_ENABLE", B_RC_CONFIG),
    WORD_N(0x900, 8, 32, "RC_IN_ALPHA", B_RC_IN_ALPHA),
    WORD_N(0x904, 8, 32, "RC_IN_RGB", B_RC_IN_COLOR),
    WORD_N(0x908, 8, 32, "RC_CONSTANT_COLOR0", B_RC_FACTOR_A),
    WORD_N(0x90c, 8, 32, "RC_CONSTANT_COLOR1", B_RC_FACTOR_B),
    WORD_N(0x910, 8, 32, "RC_OUT_ALPHA", B_RC_OUT_ALPHA),
    WORD_N(0x914, 8, 32, "RC_OUT_RGB", B_RC_OUT_COLOR),
    STATE_N(0xe00, 32, 4, "TEX_CLIP_PLANE"),
    STATE_N(0x1840, 8, 4, "TEX_PALETTE_OFFSET"),
    STATE_N(0x1f80, 16, 4, "UNK1F80"),
};

/*
 * Curie (NV40_3D-NV44_3D variants): alpha reference and colour mask
 * have bundles of their own, blending an enable at bit 28 and separate
 * colour and alpha equations (bundles.rst BLEND).
 */
#define CURIE_ROWS \
    RANKINE_CURIE_ROWS, \
    FLAG(0x310, "BLEND_FUNC_ENABLE", R_BLEND, 28), \
    WORD(0x30c, "ALPHA_FUNC_REF", C_ALPHA_FUNC_REF), \
    BITS(0x320, "BLEND_EQUATION", R_BLEND, 0x000e0007, CV_BLEND_EQUATION), \
    STATE(0x324, "COLOR_MASK"), \
    STATE(0x22c, "ZETA_PITCH"), \
    STATE(0x280, "COLOR2_PITCH"), STATE(0x284, "COLOR3_PITCH"), \
    STATE(0x288, "COLOR2_OFFSET"), STATE(0x28c, "COLOR3_OFFSET"), \
    STATE(0x1b4, "DMA_COLOR2"), STATE(0x1b8, "DMA_COLOR3"), \
    STATE(0x370, "MRT_COLOR_MASK"), \
    STATE(0x380, "DEPTH_BOUNDS_TEST_ENABLE"), \
    WORD(0x384, "DEPTH_BOUNDS_TEST_ZMIN", C_DEPTH_BOUNDS_MIN), \
    WORD(0x388, "DEPTH_BOUNDS_TEST_ZMAX", C_DEPTH_BOUNDS_MAX), \
    STATE(0x3b0, "MIPMAP_ROUNDING"), \
    STATE_N(0xb40, 8, 4, "UNK0B40"), \
    NV_MTHD(0x1714, "VTX_CACHE_INVALIDATE", nv_method_nop), \
    STATE(0x173c, "VB_ELEMENT_BASE"), \
    STATE_N(0x1840, 8, 4, "TEX_SIZE1"), \
    TRIG(0x1fd8, "TEX_CACHE_CTL"), \
    STATE(0x1ff0, "VP_ATTRIB_EN"), \
    STATE(0x1ff4, "VP_RESULT_EN"), \
    NV_MTHD(0x1e98, "RENDER_CONDITION", mthd_render_cond), \
    /* Mesa's nv30_screen.c: "ZCULL", three words; not modelled */ \
    STATE_N(0x1ea4, 3, 4, "ZCULL")

static const NVMethod curie_methods[] = {
    CURIE_ROWS,
};

/* NV40's: with Rankine's fixed function (docs/xf.rst "NV40's fixed
 * function"). */
static const NVMethod curie_ff_methods[] = {
    CURIE_ROWS,
    RANKINE_FF_ROWS,
};

static NVMethodClass celsius_class = NV_METHOD_CLASS("NV15_3D",
                                                     celsius_methods);
static NVMethodClass kelvin_class = NV_METHOD_CLASS("NV20_3D",
                                                    kelvin_methods);
static NVMethodClass kelvin_rankine_class =
    NV_METHOD_CLASS("NV20_3D", kelvin_rankine_methods);
static NVMethodClass rankine_class = NV_METHOD_CLASS("NV30_3D",
                                                     rankine_methods);
static NVMethodClass curie_class = NV_METHOD_CLASS("NV40_3D",
                                                   curie_methods);
static NVMethodClass curie_ff_class = NV_METHOD_CLASS("NV40_3D",
                                                      curie_ff_methods);

/*
 * Each chip's 3D classes, by the GPU id in PMC.BOOT_0, as nouveau's
 * nvkm/engine/gr lists them (nv20.c ... nv44.c).
 */
static const struct {
    uint16_t cls;
    NVMethodClass *table;
    uint8_t chips[8];
} classes_3d[] = {
    { 0x0096, &celsius_class, { 0x20, 0x25, 0x28, 0x2a } },
    { 0x0097, &kelvin_class, { 0x20 } },
    { 0x0597, &kelvin_class, { 0x25, 0x28, 0x2a } },
    { 0x0597, &kelvin_rankine_class, { 0x30, 0x31, 0x34, 0x35, 0x36 } },
    { 0x0397, &rankine_class, { 0x30, 0x31 } },
    { 0x0497, &rankine_class, { 0x35, 0x36 } },
    { 0x0697, &rankine_class, { 0x34 } },
    { 0x4097, &curie_ff_class, { 0x40 } },
    { 0x4097, &curie_class, { 0x41, 0x42, 0x43, 0x45, 0x47, 0x49, 0x4b } },
    { 0x4497, &curie_class, { 0x44, 0x46, 0x4a, 0x4c, 0x4e, 0x63, 0x67,
                              0x68 } },
};

bool nv20_3d_class(NVCard *card, unsigned cls, NVMethodClass **table)
{
    uint8_t chip = card->model->boot0 >> 20;

    for (size_t i = 0; i < G_N_ELEMENTS(classes_3d); i++) {
        if (classes_3d[i].cls == cls &&
            memchr(classes_3d[i].chips, chip, sizeof(classes_3d[i].chips))) {
            *table = classes_3d[i].table;
            return true;
        }
    }
    return false;
}
