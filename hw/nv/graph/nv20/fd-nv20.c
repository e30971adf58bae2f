/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: FD/IDX, the vertex input of the NV20+ 3D classes (Kelvin,
 * Rankine, Curie): immediate attributes into XF's VAB, BEGIN_END, and
 * the vertices the draw methods make from vertex buffers, index buffers,
 * inline elements and inline vertex data, each run through XF as the
 * vertex trigger and handed on to VTX (envytools docs/hw/graph/xf/
 * intro.rst "Structure and operation"; methods from rnndb
 * graph/nv20_3d.xml and nv30-40_3d.xml, used as Mesa's nv30 driver uses
 * them), whose state this file fills from the 3D state, and whose
 * primitives go to the host's primitive trace.  docs/3d.rst "Vertex
 * input" has the data path and what is inferred.
 */
#include "hw/nv/card.h"
#include "hw/nv/core/method.h"
#include "hw/nv/mem/dmaobj.h"
#include "hw/nv/vtx/vtx.h"
#include "hw/nv/xf/xf.h"
#include "bundles-nv20.h"
#include "pgraph-nv20-internal.h"

/* The method offsets whose stored state the draws read (mthd_state). */
#define M_IDXBUF_OFFSET     0x181c
#define M_IDXBUF_FORMAT     0x1820
#define   IDXBUF_DMA1       (1u << 0)
#define   IDXBUF_TYPE_U16   (1u << 4)
#define M_VB_ELEMENT_BASE   0x173c          /* Curie */
#define M_RT_FORMAT         0x0208
#define   RT_FORMAT_ZETA(v) (((v) >> 5) & 7)
#define   RT_ZETA_Z16       1               /* rnndb nv10_rt_depth_format */
#define M_VIEWPORT_TRANSLATE 0x0a20         /* Rankine, Curie */
#define M_VIEWPORT_SCALE    0x0a30
#define M_DEPTH_CONTROL     0x1d78          /* Kelvin: DEPTH_CLAMP */
#define   DEPTH_CONTROL_CLAMP (1u << 4)     /* Mesa nv30_state.c */
#define M_VP_CLIP_PLANES    0x1478          /* Rankine, Curie */
#define M_VP_RESULT_EN      0x1ff4          /* Curie */
#define   RESULT_EN_PSZ     (1u << 5)       /* Mesa nvfx_vertprog.c */

/* The bundle fields VTX reads (bundles.rst RASTER, CONFIG_B). */
#define RASTER_POLY_MODE(v, back) (((v) >> (2 * (back))) & 3)
#define RASTER_OFFSET_POINT (1u << 6)
#define RASTER_OFFSET_LINE  (1u << 7)
#define RASTER_OFFSET_FILL  (1u << 8)
#define RASTER_LINE_WIDTH(v) (((v) >> 12) & 0x1ff)  /* 6.3 fixed point */
#define RASTER_CULL_FACE(v) (((v) >> 21) & 3)
#define RASTER_FRONT_CCW    (1u << 23)
#define RASTER_TWO_SIDE     (1u << 24)
#define RASTER_CULL_ENABLE  (1u << 28)
#define CONFIG_B_FLAT_FIRST (1u << 0)
#define CONFIG_B_SMOOTH     (1u << 7)
#define CONFIG_B_POINT_PARAMS (1u << 9)

/* VTXBUF (IDX word 2i): bit 31 the second DMA_VTXBUF, 0-27 the offset. */
#define VTXBUF_DMA1         (1u << 31)
#define VTXBUF_OFFSET       0x0fffffffu

/* VTXFMT's TYPE (rnndb nv_3ddefs.xml nv10_vtxbuf_type). */
enum {
    T_B8G8R8A8_UNORM = 0,
    T_V16_SNORM = 1,
    T_V32_FLOAT = 2,
    T_V16_FLOAT = 3,            /* Rankine and Curie */
    T_U8_UNORM = 4,
    T_V16_SSCALED = 5,
    T_U8_USCALED = 7,
};

/* Bytes of one component of each type; 0 for the types there are not. */
static const uint8_t type_bytes[16] = {
    [T_B8G8R8A8_UNORM] = 1, [T_V16_SNORM] = 2, [T_V32_FLOAT] = 4,
    [T_V16_FLOAT] = 2, [T_U8_UNORM] = 1, [T_V16_SSCALED] = 2,
    [T_U8_USCALED] = 1,
};

/* VAB's value of a component no method or buffer gave: (0, 0, 0, 1). */
static const uint32_t vab_default[4] = { 0, 0, 0, 0x3f800000 };

static uint32_t f32_bits(float f)
{
    uint32_t u;

    memcpy(&u, &f, sizeof(u));
    return u;
}

static float bits_f32(uint32_t u)
{
    float f;

    memcpy(&f, &u, sizeof(f));
    return f;
}

/* An unsigned normalized byte: @v / 255. */
static uint32_t unorm8(uint32_t v)
{
    return f32_bits((float)(v & 0xff) / 255.0f);
}

/*
 * A signed normalized short: @v / 32767, -32768 giving -1 as -32767 does
 * (OpenGL 4.2's rule; docs/3d.rst "Inferred behaviour").
 */
static uint32_t snorm16(int16_t v)
{
    return f32_bits(v == INT16_MIN ? -1.0f : (float)v / 32767.0f);
}

/* A component of a vertex buffer element of @type, its bytes at @p. */
static uint32_t buffer_comp(unsigned type, const uint8_t *p)
{
    int16_t s = (int16_t)nv_ld_le(p, 2);

    switch (type) {
    case T_V16_SNORM:
        return snorm16(s);
    case T_V32_FLOAT:
        return nv_ld_le(p, 4);
    case T_V16_FLOAT:
        return nv_half_to_single(nv_ld_le(p, 2));
    case T_V16_SSCALED:
        return f32_bits(s);
    case T_U8_USCALED:
        return f32_bits(p[0]);
    default:                    /* B8G8R8A8_UNORM, U8_UNORM */
        return unorm8(p[0]);
    }
}

/* The end of an immediate attribute: the components it does not give. */
static void attr_defaults(uint32_t *vab, unsigned ncomp)
{
    for (unsigned c = ncomp; c < 4; c++) {
        vab[c] = vab_default[c];
    }
}

/*
 * The vertex trigger: XF runs the vertex program on the VAB (intro.rst
 * "Structure and operation"), and VTX takes the vertex it queued.
 */
static void vertex(NVCard *card)
{
    const NVXfVertex *v;

    if (nv20_is_curie(card)) {
        nv20_xf_bundles(card);
    }
    nv_xf_vertex(&card->xf, card);
    while ((v = nv_xf_take_vertex(&card->xf))) {
        nv_vtx_vertex(&card->pgraph20.vtx, v);
    }
    nv20_draw_run(card, NV20_DRAW_INLINE_UNITS);
}

/*
 * An immediate attribute word: its components into the attribute's VAB
 * slot (XF's input: four IEEE singles).  The method's last word also
 * sets the components the method has not, to (0, 0, 0, 1); for the
 * position (attribute 0) inside BEGIN_END it completes a vertex, as
 * glVertex does.
 */
void nv20_fd_attr(NVCard *card, const NVMethodCall *call)
{
    static const uint8_t per_word[] = {
        [NV20_FD_FLOAT] = 1, [NV20_FD_SHORT2] = 2, [NV20_FD_UNORM8] = 4,
    };
    uint32_t f = call->m->field, d = call->data;
    unsigned attr = f & 0xff, comp = (f >> 8) & 3, ncomp = (f >> 12) & 7;
    unsigned n = per_word[call->m->arg];
    uint32_t *vab;

    if (f >> 16) {
        attr += call->idx;
    } else {
        comp += call->idx * n;
    }
    vab = card->xf.ram.vab[attr % NV_XF_VAB_PASS];
    for (unsigned c = comp; c < comp + n && c < ncomp; c++) {
        switch (call->m->arg) {
        case NV20_FD_FLOAT:
            vab[c] = d;
            break;
        case NV20_FD_SHORT2:
            vab[c] = f32_bits((int16_t)(d >> (16 * (c - comp))));
            break;
        default:
            vab[c] = unorm8(d >> (8 * (c - comp)));
            break;
        }
    }
    if (comp + n >= ncomp) {
        attr_defaults(vab, ncomp);
        if (attr == 0 && card->pgraph20.fe3d.prim) {
            vertex(card);
        }
    }
}

/* An attribute a draw method fetches, from its VTXBUF_OFFSET/FORMAT. */
typedef struct FdAttr {
    uint8_t slot;               /* the VAB slot */
    uint8_t which;              /* DMA_VTXBUF 0 or 1 */
    uint8_t type, size, len;    /* len: bytes of an element */
    uint32_t offset, stride;
} FdAttr;

/*
 * What a draw method fetches with: the two DMA_VTXBUF objects (the
 * DMA_VTX bundle: instance >> 4, 0 for none bound) and the attributes it
 * fetches, worked out once for the method's vertices.
 */
typedef struct FdFetch {
    NVDmaObj obj[2];
    bool bound[2];
    FdAttr attr[NV_XF_VAB_PASS];
    unsigned n_attrs;
} FdFetch;

/*
 * @len bytes at @offset of DMA_VTXBUF @which into @buf; false, with a
 * PGRAPH DMA read error (NSOURCE DMA_R_PROTECTION, as the fence's write
 * raises DMA_W_PROTECTION), when no object is bound or it does not reach
 * them.
 */
static bool dma_read(NVCard *card, const FdFetch *ft, unsigned which,
                     uint64_t offset, void *buf, uint32_t len)
{
    if (!ft->bound[which] || offset + len > UINT32_MAX + 1ull ||
        nv_dmaobj_read(card, &ft->obj[which], (uint32_t)offset, buf,
                       len) != NV_DMAOBJ_OK) {
        nv20_pgraph_error(card, NV20_NSOURCE_DMA_R_PROTECTION);
        return false;
    }
    return true;
}

/*
 * The bytes of each attribute's element (@len), 0 when it is not
 * fetched: SIZE 0, or a TYPE the class has not or a SIZE past 4 (logged
 * if @log); returns the words of an inline vertex, each attribute padded
 * to whole words.
 */
static unsigned layout(NVCard *card, uint8_t *len, bool log)
{
    const uint32_t *idx = card->pgraph20.fe3d.idx_state;
    unsigned words = 0;

    for (unsigned a = 0; a < NV_XF_VAB_PASS; a++) {
        uint32_t fmt = idx[2 * a + 1];
        unsigned type = fmt & 0xf, size = (fmt >> 4) & 0xf;

        len[a] = 0;
        if (size <= 4 && type_bytes[type] &&
            (type != T_V16_FLOAT || !nv20_kelvin_state(card))) {
            len[a] = size * type_bytes[type];
        } else if (size && log) {
            nv_log(card, NV_LOG_GUEST_ERROR, "nv: pgraph: 3D vertex buffer "
                   "%u: format 0x%06x (type %u, size %u) is not one the "
                   "class has; not fetched", a, fmt, type, size);
        }
        words += (len[a] + 3) / 4;
    }
    return words;
}

/* A draw method's fetch set-up; invalid formats are logged once. */
static void fetch_begin(NVCard *card, FdFetch *ft)
{
    const uint32_t *idx = card->pgraph20.fe3d.idx_state;
    uint8_t len[NV_XF_VAB_PASS];

    for (unsigned i = 0; i < 2; i++) {
        uint32_t inst = *nv20_reg(card, B_DMA_VTX + 4 * i);

        ft->bound[i] = inst != 0;
        nv_dmaobj_load(card, inst << 4, &ft->obj[i]);
    }
    layout(card, len, true);
    ft->n_attrs = 0;
    for (unsigned a = 0; a < NV_XF_VAB_PASS; a++) {
        uint32_t off = idx[2 * a], fmt = idx[2 * a + 1];

        if (len[a]) {
            ft->attr[ft->n_attrs++] = (FdAttr) {
                .slot = a, .which = !!(off & VTXBUF_DMA1),
                .type = fmt & 0xf, .size = (fmt >> 4) & 0xf,
                .len = len[a], .offset = off & VTXBUF_OFFSET,
                .stride = (fmt >> 8) & 0xff,
            };
        }
    }
}

/*
 * Attribute @a's components from the @size elements of @type at @p into
 * @vab, the rest (0, 0, 0, 1).  B8G8R8A8_UNORM is D3DCOLOR: B, G, R, A
 * in memory give Z, Y, X, W (so a colour reads as R, G, B, A).
 */
static void unpack(uint32_t *vab, unsigned type, unsigned size,
                   const uint8_t *p)
{
    static const uint8_t bgra[4] = { 2, 1, 0, 3 };

    attr_defaults(vab, 0);
    for (unsigned k = 0; k < size; k++) {
        vab[type == T_B8G8R8A8_UNORM ? bgra[k] : k] =
            buffer_comp(type, p + k * type_bytes[type]);
    }
}

/*
 * Vertex @index from the vertex buffers: every attribute with a SIZE
 * from its buffer at OFFSET + @index * STRIDE into the VAB, then the
 * vertex trigger.  An attribute of SIZE 0 keeps its VAB value (the
 * immediate one).  False after a DMA error: the draw stops there.
 */
static bool fetch_vertex(NVCard *card, const FdFetch *ft, uint32_t index)
{
    for (unsigned i = 0; i < ft->n_attrs; i++) {
        const FdAttr *at = &ft->attr[i];
        uint8_t buf[16];

        if (!dma_read(card, ft, at->which,
                      at->offset + (uint64_t)index * at->stride, buf,
                      at->len)) {
            return false;
        }
        unpack(card->xf.ram.vab[at->slot], at->type, at->size, buf);
    }
    vertex(card);
    return true;
}

/* Draw methods outside BEGIN_END draw nothing (logged). */
static bool in_begin_end(NVCard *card, const NVMethodCall *call)
{
    if (card->pgraph20.fe3d.prim) {
        return true;
    }
    nv_log(card, NV_LOG_GUEST_ERROR, "nv: pgraph: 3D method %s (0x%04x) "
           "outside BEGIN_END; ignored", call->m->name, call->mthd);
    return false;
}

/*
 * An index from an element method or the index buffer: primitive restart
 * when enabled and the index is the restart index (Rankine and Curie's
 * PRIMITIVE_RESTART bundles, which Kelvin's register file has not, so
 * they read 0 there; compared before the base is added, as
 * OpenGL compares the index as given): the open primitive ends and one
 * of the same type begins; else the vertex at index + Curie's
 * VB_ELEMENT_BASE.
 */
static bool element(NVCard *card, const FdFetch *ft, uint32_t index)
{
    NV20Fe3d *f = &card->pgraph20.fe3d;

    if ((*nv20_reg(card, B_PRIM_RESTART_EN) & 1) &&
        index == *nv20_reg(card, B_PRIM_RESTART_IDX)) {
        nv_vtx_begin(&card->pgraph20.vtx, f->prim);
        nv20_draw_run(card, NV20_DRAW_INLINE_UNITS);
        return true;
    }
    if (nv20_is_curie(card)) {
        index += f->mthd_state[M_VB_ELEMENT_BASE / 4];
    }
    return fetch_vertex(card, ft, index);
}

/*
 * A draw method stops after a vertex whose primitives the rasterizer has
 * not finished, and nv20_fd_resume() goes on from the next (docs/3d.rst
 * "Bounded work").
 */
static bool stop_at(NVCard *card, unsigned kind, uint32_t data,
                    uint32_t next)
{
    NV20Draw *d = &card->pgraph20.draw;

    if (!nv20_draw_busy(card)) {
        return false;
    }
    d->fd_kind = kind;
    d->fd_data = data;
    d->fd_next = next;
    return true;
}

void nv20_fd_elements(NVCard *card, const NVMethodCall *call)
{
    FdFetch ft;

    if (!in_begin_end(card, call)) {
        return;
    }
    fetch_begin(card, &ft);
    if (call->m->arg == 32) {
        element(card, &ft, call->data);
    } else if (element(card, &ft, call->data & 0xffff) &&
               !stop_at(card, NV20_FD_ELEMENT_U16, call->data, 1)) {
        element(card, &ft, call->data >> 16);
    }
}

/*
 * VB_VERTEX_BATCH: COUNT + 1 (bits 24-31) vertices from OFFSET (0-23) on.
 * VB_INDEX_BATCH: COUNT + 1 indices from element START (0-23) of the
 * index buffer: IDXBUF_OFFSET in the DMA_VTXBUF object IDXBUF_FORMAT's
 * bit 0 selects, u32 or, with TYPE (bits 4-7) 1, u16 (Mesa nv30_vbo.c).
 * Vertex @k on, of batch @kind (NV20_FD_VERTEX_BATCH or _INDEX_BATCH).
 */
static void batch(NVCard *card, unsigned kind, uint32_t data, uint32_t k)
{
    const uint32_t *st = card->pgraph20.fe3d.mthd_state;
    uint32_t fmt = st[M_IDXBUF_FORMAT / 4];
    unsigned isize = fmt & IDXBUF_TYPE_U16 ? 2 : 4;
    uint32_t first = data & 0xffffff, count = (data >> 24) + 1;
    FdFetch ft;

    fetch_begin(card, &ft);
    for (; k < count; k++) {
        uint8_t buf[4];
        uint32_t index;

        if (kind == NV20_FD_VERTEX_BATCH) {
            if (!fetch_vertex(card, &ft, first + k)) {
                return;
            }
        } else {
            if (!dma_read(card, &ft, fmt & IDXBUF_DMA1,
                          st[M_IDXBUF_OFFSET / 4] +
                          (uint64_t)(first + k) * isize, buf, isize)) {
                return;
            }
            index = isize == 2 ? nv_ld_le(buf, 2) : nv_ld_le(buf, 4);
            if (!element(card, &ft, index)) {
                return;
            }
        }
        if (k + 1 < count && stop_at(card, kind, data, k + 1)) {
            return;
        }
    }
}

void nv20_fd_batch(NVCard *card, const NVMethodCall *call)
{
    if (in_begin_end(card, call)) {
        batch(card, call->m->arg ? NV20_FD_INDEX_BATCH : NV20_FD_VERTEX_BATCH,
              call->data, 0);
    }
}

void nv20_fd_resume(NVCard *card)
{
    NV20Draw *d = &card->pgraph20.draw;
    unsigned kind = d->fd_kind;
    FdFetch ft;

    d->fd_kind = NV20_FD_NONE;
    if (kind == NV20_FD_ELEMENT_U16) {
        fetch_begin(card, &ft);
        element(card, &ft, d->fd_data >> 16);
    } else if (kind != NV20_FD_NONE) {
        batch(card, kind, d->fd_data, d->fd_next);
    }
}

/*
 * VERTEX_DATA: inline vertices, each the attributes with a SIZE in
 * order, each attribute its SIZE components of its TYPE padded to whole
 * words (Mesa nv30_vbo.c builds them so); the last word of a vertex
 * unpacks it into the VAB and triggers it.  With no attribute enabled,
 * no vertex.
 */
void nv20_fd_data(NVCard *card, const NVMethodCall *call)
{
    NV20Fe3d *f = &card->pgraph20.fe3d;
    uint8_t len[NV_XF_VAB_PASS];
    unsigned words;

    if (!in_begin_end(card, call)) {
        return;
    }
    /* Invalid formats are logged at each vertex's first word. */
    words = layout(card, len, f->data_pos == 0);
    if (!words) {
        return;
    }
    /* The layout may have changed since the last word: start over. */
    if (f->data_pos >= words) {
        f->data_pos = 0;
    }
    f->data[f->data_pos++] = call->data;
    if (f->data_pos < words) {
        return;
    }
    f->data_pos = 0;
    for (unsigned a = 0, w = 0; a < NV_XF_VAB_PASS; a++) {
        uint32_t fmt = f->idx_state[2 * a + 1];
        uint8_t buf[16];

        for (unsigned i = 0; i < (len[a] + 3u) / 4; i++) {
            nv_st_le(buf + 4 * i, f->data[w++], 4);
        }
        if (len[a]) {
            unpack(card->xf.ram.vab[a], fmt & 0xf, (fmt >> 4) & 0xf, buf);
        }
    }
    vertex(card);
}

/* XF's output registers that VTX reads, per generation. */
typedef struct FdOutputs {
    NVVtxSlot col[2], bcol[2], psize;
    NVVtxSlot clip[NV_VTX_CLIP_DISTS];
} FdOutputs;

#define NONE    { -1, 0 }

/*
 * Kelvin: colours 3-4, back colours 7-8, point size 6 (docs/xf.rst
 * "Output target": NV30 renumbers 7 and 8 to 1 and 2, its back colours);
 * no clip distances.  Rankine: Mesa's NV30_VP_INST_DEST_* (back colours
 * 1-2, colours 3-4, PSZ 6), clip distances in the X of 17-22 (Mesa's
 * NV30_VP_INST_DEST_CLP).  Curie: NV40_VP_INST_DEST_* (colours 1-2, back
 * colours 3-4, PSZ 6), clip distances 0-2 in FOGC (5) Y-W and 3-5 in PSZ
 * Y-W, as Mesa's nvfx_vertprog.c writes them.
 */
static const FdOutputs outputs[] = {
    [NV_PGRAPH_KELVIN] = { { { 3, 0 }, { 4, 0 } }, { { 7, 0 }, { 8, 0 } },
                           { 6, 0 }, { NONE, NONE, NONE, NONE, NONE, NONE } },
    [NV_PGRAPH_RANKINE] = { { { 3, 0 }, { 4, 0 } }, { { 1, 0 }, { 2, 0 } },
                            { 6, 0 }, { { 17, 0 }, { 18, 0 }, { 19, 0 },
                                        { 20, 0 }, { 21, 0 }, { 22, 0 } } },
    [NV_PGRAPH_CURIE] = { { { 1, 0 }, { 2, 0 } }, { { 3, 0 }, { 4, 0 } },
                          { 6, 0 }, { { 5, 1 }, { 5, 2 }, { 5, 3 },
                                      { 6, 1 }, { 6, 2 }, { 6, 3 } } },
};

/*
 * VTX's state from the 3D state (docs/3d.rst "Vertex input"): the RASTER
 * and CONFIG_B bundles, the point size and polygon offset bundles, the
 * viewport, and the stored DEPTH_CONTROL, RT_FORMAT,
 * VP_CLIP_PLANES_ENABLE and VP_RESULT_EN methods.
 */
static void vtx_state(NVCard *card)
{
    NVVtxState *st = &card->pgraph20.vtx.st;
    const uint32_t *ms = card->pgraph20.fe3d.mthd_state;
    bool kelvin = nv20_kelvin_state(card);
    const FdOutputs *o = &outputs[card->model->pgraph];
    uint32_t raster = *nv20_reg(card, B_RASTER);
    uint32_t config_b = *nv20_reg(card, B_CONFIG_B);
    uint32_t psize = *nv20_reg(card, B_POINT_SIZE);
    uint32_t planes = kelvin ? 0 : ms[M_VP_CLIP_PLANES / 4];
    /* A program's point size when VP_RESULT_EN says it writes one; the
     * fixed function's with POINT_PARAMETERS_ENABLE (NV40 too: its XF
     * bundles have no such bit, docs/xf.rst "NV40's fixed function"). */
    bool psize_out = nv20_is_curie(card) && !nv20_curie_ff(card)
                     ? ms[M_VP_RESULT_EN / 4] & RESULT_EN_PSZ
                     : config_b & CONFIG_B_POINT_PARAMS;

    /*
     * Kelvin's programs do their own viewport (docs/3d.rst "VTX"), and so
     * does XF's fixed function for a Kelvin class, also on Rankine
     * (docs/pgraph.rst "Kelvin on Rankine").
     */
    st->window_coords = kelvin;
    st->guard = NV_VTX_GUARD;
    /* Rankine's viewport is in XFCTX (ctx.rst VIEWPORT_SCALE and
     * VIEWPORT_TRANSLATE, 0x76 and 0x77; ff-nv20.c puts it there),
     * Curie's where its methods left it. */
    for (unsigned c = 0; c < 3; c++) {
        bool curie = nv20_is_curie(card);

        st->vp_scale[c] = bits_f32(curie ? ms[M_VIEWPORT_SCALE / 4 + c]
                                         : card->xf.ram.ctx[0x76][c]);
        st->vp_translate[c] =
            bits_f32(curie ? ms[M_VIEWPORT_TRANSLATE / 4 + c]
                           : card->xf.ram.ctx[0x77][c]);
    }
    st->depth_clamp = ms[M_DEPTH_CONTROL / 4] & DEPTH_CONTROL_CLAMP;
    /* VP_CLIP_PLANES_ENABLE: plane i at bit 4i + 1 (Mesa's PLANE0-5). */
    st->clip_enable = 0;
    for (unsigned i = 0; i < NV_VTX_CLIP_DISTS; i++) {
        st->clip_dist[i] = o->clip[i];
        if (o->clip[i].slot >= 0 && planes & 1u << (4 * i + 1)) {
            st->clip_enable |= 1u << i;
        }
    }
    st->front_ccw = raster & RASTER_FRONT_CCW;
    st->cull_enable = raster & RASTER_CULL_ENABLE;
    st->cull_face = RASTER_CULL_FACE(raster);
    st->poly_mode[0] = RASTER_POLY_MODE(raster, 0);
    st->poly_mode[1] = RASTER_POLY_MODE(raster, 1);
    st->offset_enable[NV_VTX_FILL] = raster & RASTER_OFFSET_FILL;
    st->offset_enable[NV_VTX_POINT] = raster & RASTER_OFFSET_POINT;
    st->offset_enable[NV_VTX_LINE] = raster & RASTER_OFFSET_LINE;
    st->offset_factor = bits_f32(*nv20_reg(card, B_POLY_OFF_FACTOR));
    st->offset_units = bits_f32(*nv20_reg(card, B_POLY_OFF_UNITS));
    /*
     * Half the depth format's step: Mesa sends GL's units doubled
     * (nv30_state.c), so that they give GL's offset (docs/3d.rst
     * "Inferred behaviour").
     */
    st->offset_r = RT_FORMAT_ZETA(ms[M_RT_FORMAT / 4]) == RT_ZETA_Z16
                   ? 0x1p-17f : 0x1p-25f;
    st->flat = !(config_b & CONFIG_B_SMOOTH);
    st->flat_first = !kelvin && (config_b & CONFIG_B_FLAT_FIRST);
    st->two_side = raster & RASTER_TWO_SIDE;
    memcpy(st->col, o->col, sizeof(st->col));
    memcpy(st->bcol, o->bcol, sizeof(st->bcol));
    st->psize = psize_out ? o->psize : (NVVtxSlot)NONE;
    /* Kelvin's POINT_SIZE is 6.3 fixed point, as LINE_WIDTH; later a float */
    st->point_size = kelvin ? (psize & 0x1ff) / 8.0f : bits_f32(psize);
    st->line_width = RASTER_LINE_WIDTH(raster) / 8.0f;
    st->edge_flag = card->pgraph20.fe3d.edgeflag;
}

/* rnndb nv10_begin_end. */
const NVMethodValue nv20_fd_prim_names[] = {
    { NV_VTX_STOP, "STOP" }, { NV_VTX_POINTS, "POINTS" },
    { NV_VTX_LINES, "LINES" }, { NV_VTX_LINE_LOOP, "LINE_LOOP" },
    { NV_VTX_LINE_STRIP, "LINE_STRIP" }, { NV_VTX_TRIANGLES, "TRIANGLES" },
    { NV_VTX_TRIANGLE_STRIP, "TRIANGLE_STRIP" },
    { NV_VTX_TRIANGLE_FAN, "TRIANGLE_FAN" }, { NV_VTX_QUADS, "QUADS" },
    { NV_VTX_QUAD_STRIP, "QUAD_STRIP" }, { NV_VTX_POLYGON, "POLYGON" },
    { 0, NULL },
};

/*
 * VERTEX_BEGIN_END: a primitive type starts a primitive, STOP (0) ends
 * it (rnndb nv10_begin_end); other values are the guest's error.
 */
void nv20_fd_begin_end(NVCard *card, const NVMethodCall *call)
{
    NV20Fe3d *f = &card->pgraph20.fe3d;

    if (call->data > NV_VTX_POLYGON) {
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: pgraph: 3D VERTEX_BEGIN_END "
               "%u is no primitive type; ignored", call->data);
        return;
    }
    if (!call->data == !f->prim) {
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: pgraph: 3D VERTEX_BEGIN_END "
               "%u %s", call->data,
               call->data ? "inside BEGIN_END: the open primitive ends"
                          : "outside BEGIN_END");
    }
    f->prim = call->data;
    f->data_pos = 0;
    if (f->prim) {
        vtx_state(card);
        nv_vtx_begin(&card->pgraph20.vtx, f->prim);
    } else {
        nv_vtx_end(&card->pgraph20.vtx);
        nv20_draw_run(card, NV20_DRAW_INLINE_UNITS);
    }
}

/* EDGEFLAG: whether the next vertices start boundary edges (VTX). */
void nv20_fd_edgeflag(NVCard *card, const NVMethodCall *call)
{
    card->pgraph20.fe3d.edgeflag = call->data != 0;
    card->pgraph20.vtx.st.edge_flag = call->data != 0;
}

/* VTX's primitives: to the host's trace, and to the rasterizer. */
static void emit(void *opaque, const NVVtxPrim *prim)
{
    NVCard *card = opaque;

    if (card->host.prim_trace && card->host.prim_traced &&
        card->host.prim_traced(card->host.opaque)) {
        card->host.prim_trace(card->host.opaque, prim);
    }
    nv20_draw_prim(card, prim);
}

void nv20_fe3d_reset(NV20Fe3d *f)
{
    memset(f, 0, sizeof(*f));
    f->edgeflag = 1;
}

void nv20_fd_reset(NVCard *card)
{
    nv20_fe3d_reset(&card->pgraph20.fe3d);
    nv_vtx_init(&card->pgraph20.vtx, emit, card);
}

void nv20_fd_post_load(NVCard *card)
{
    nv_vtx_post_load(&card->pgraph20.vtx);
    vtx_state(card);
}
