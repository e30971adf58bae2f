/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the back half of the NV20+ 3D pipeline as PGRAPH drives it:
 * the rasterizer's, fragment program's and ROP's state from the 3D state,
 * VTX's primitives queued and rasterized in slices while PGRAPH is busy,
 * each quad of fragments through the fragment program into the ROP, and
 * CLEAR_BUFFERS.  docs/3d.rst "Rasterizer", "Fragments" and "Bounded
 * work" have the rules.
 */
#include "hw/nv/card.h"
#include "hw/nv/mem/dmaobj.h"
#include "hw/nv/raster/raster.h"
#include "hw/nv/rc/rc.h"
#include "hw/nv/tex/tex.h"
#include "bundles-nv20.h"
#include "pgraph-nv20-internal.h"

/* Stored methods the rasterizer reads (rnndb graph/nv30-40_3d.xml). */
#define M_RT_HORIZ          0x0200          /* X 0-15, W 16-31 */
#define M_RT_VERT           0x0204
#define M_TX_ORIGIN         0x02b8          /* X 0-15, Y 16-31 */
#define M_CLIP_MODE         0x02bc
#define M_SCISSOR_HORIZ     0x08c0          /* Rankine, Curie */
#define M_SCISSOR_VERT      0x08c4
#define M_VIEWPORT_HORIZ    0x0a00          /* X 0-15, W 16-31 */
#define M_VIEWPORT_VERT     0x0a04
#define M_POLY_STIPPLE      0x1480          /* 32 words */
#define M_COORD_CONVENTIONS 0x1d88
#define   COORD_HEIGHT(v)   ((v) & 0xfff)
#define   COORD_INVERTED    (1u << 12)
#define   COORD_INTEGER     (1u << 16)
#define M_FP_PROGRAM        0x08e4          /* FP_ACTIVE_PROGRAM */
#define   FP_PROGRAM_DMA1   (1u << 1)
#define   FP_PROGRAM_OFFSET(v) ((v) & ~3u)
#define M_FP_CONTROL        0x1d60
#define M_DMA_COLOR1        0x018c
#define M_DMA_COLOR0        0x0194
#define M_DMA_ZETA          0x0198
#define M_DMA_COLOR2        0x01b4          /* Curie */
#define M_DMA_COLOR3        0x01b8
#define M_RT_FORMAT         0x0208
#define   RT_FORMAT_MS      0x0000f000u
#define M_COLOR0_PITCH      0x020c          /* Kelvin's RT_PITCH */
#define M_COLOR0_OFFSET     0x0210
#define M_ZETA_OFFSET       0x0214
#define M_COLOR1_OFFSET     0x0218
#define M_COLOR1_PITCH      0x021c
#define M_ZETA_PITCH        0x022c          /* Curie */
#define M_COLOR2_PITCH      0x0280
#define M_COLOR3_PITCH      0x0284
#define M_COLOR2_OFFSET     0x0288
#define M_COLOR3_OFFSET     0x028c
#define M_COLOR_MASK        0x0324          /* Curie (rop.h NVRopMthdRegs) */
#define M_MRT_BLEND_ENABLE  0x036c
#define M_MRT_COLOR_MASK    0x0370
#define M_DEPTH_BOUNDS      0x0380          /* ENABLE, ZMIN, ZMAX */
#define M_TEX_SIZE1         0x1840          /* Curie; Rankine's PALETTE */
#define M_POINT_SPRITE      0x1ee8
#define   SPRITE_ENABLE     (1u << 0)
#define   SPRITE_R_MODE(v)  (((v) >> 1) & 3)
#define   SPRITE_REPLACE(v) (((v) >> 8) & 0xff)

/*
 * TEX_SWIZZLE's identity: S0_X-W S1 (2, bits 8-15), S1_X-W X, Y, Z, W
 * (3, 2, 1, 0 in bits 6-7 ... 0-1; rnndb nv30_tex_swz_src and _comp).
 */
#define TEX_SWIZZLE_IDENTITY    0x0000aae4u

/* The RASTER bundle: POINT, LINE and POLYGON_SMOOTH_ENABLE. */
#define RASTER_POINT_SMOOTH (1u << 9)
#define RASTER_LINE_SMOOTH  (1u << 10)
#define RASTER_POLY_SMOOTH  (1u << 11)

/* The LINE_STIPPLE bundle (3d-nv20.c's CV_LINE_STIPPLE packs it). */
#define LS_POLY_ENABLE      (1u << 0)
#define LS_LINE_ENABLE      (1u << 1)
#define LS_FACTOR(v)        (((v) >> 8) & 0xff)
#define LS_PATTERN(v)       ((v) >> 16)

/*
 * The TBUF slot of texture coordinate 0 (XF's output numbering: Mesa's
 * NV30_VP_INST_DEST_TC, NV40_VP_INST_DEST_TC; Kelvin's as its
 * attributes, docs/xf.rst "Output target").
 */
static unsigned tc0_slot(const NVCard *card)
{
    switch (card->model->pgraph) {
    case NV_PGRAPH_KELVIN:
        return 9;
    case NV_PGRAPH_RANKINE:
        return 8;
    default:
        return 7;
    }
}

/* Rankine's and Curie's primary colour (fd-nv20.c's COL0 slot). */
static unsigned primary_slot(const NVCard *card)
{
    return nv20_is_curie(card) ? 1 : 3;
}

/* A pair of 16-bit halves: the low at @lo, the high at @hi. */
static void halves(uint32_t v, int32_t *lo, int32_t *hi)
{
    *lo = v & 0xffff;
    *hi = v >> 16;
}

/* X in the low half, W in the high: a span of pixels (SCISSOR_*, ...). */
static void span(uint32_t v, uint32_t *x, uint32_t *w)
{
    *x = v & 0xffff;
    *w = v >> 16;
}

/*
 * The rasterizer's state from the stored methods and bundles, as Mesa's
 * nv30_state_validate.c sends them: the target from RT_HORIZ/VERT, the
 * scissor (SCISSOR_HORIZ/VERT; Mesa's "off" is 4096 wide from 0) and
 * the viewport's rectangle (VIEWPORT_HORIZ/VERT), the
 * clip rectangles relative to VIEWPORT_TX_ORIGIN, COORD_CONVENTIONS,
 * the stipples and POINT_SPRITE.  Kelvin has no scissor method: its
 * clip rectangles do that work.
 */
static void raster_state(NVCard *card)
{
    NVRasterState *st = &card->pgraph20.draw.raster.st;
    const uint32_t *ms = card->pgraph20.fe3d.mthd_state;
    bool kelvin = card->pgraph20.draw.kelvin;
    uint32_t ls = *nv20_reg(card, B_LINE_STIPPLE);
    uint32_t rt = ms[M_RT_FORMAT / 4];
    uint32_t cc = ms[M_COORD_CONVENTIONS / 4];
    uint32_t sprite = ms[M_POINT_SPRITE / 4];
    uint32_t raster = *nv20_reg(card, B_RASTER);
    int32_t x, w;

    halves(ms[M_RT_HORIZ / 4], &x, &w);
    st->width = x + w;
    halves(ms[M_RT_VERT / 4], &x, &w);
    st->height = x + w;
    if (kelvin) {
        st->scissor_x = st->scissor_y = st->vp_x = st->vp_y = 0;
        st->scissor_w = st->scissor_h = NV_RASTER_MAX_SIZE;
        st->vp_w = st->vp_h = NV_RASTER_MAX_SIZE;
    } else {
        span(ms[M_SCISSOR_HORIZ / 4], &st->scissor_x, &st->scissor_w);
        span(ms[M_SCISSOR_VERT / 4], &st->scissor_y, &st->scissor_h);
        span(ms[M_VIEWPORT_HORIZ / 4], &st->vp_x, &st->vp_w);
        span(ms[M_VIEWPORT_VERT / 4], &st->vp_y, &st->vp_h);
    }
    halves(ms[M_TX_ORIGIN / 4], &st->origin_x, &st->origin_y);
    for (unsigned i = 0; i < NV_RASTER_CLIP_RECTS; i++) {
        NVRasterRect *c = &st->clip[i];

        halves(*nv20_reg(card, B_CLIP_RECT_HORIZ + 4 * i), &c->x0, &c->x1);
        halves(*nv20_reg(card, B_CLIP_RECT_VERT + 4 * i), &c->y0, &c->y1);
    }
    st->clip_mode = ms[M_CLIP_MODE / 4] & 1;
    st->coord_height = COORD_HEIGHT(cc);
    st->origin_inverted = cc & COORD_INVERTED;
    st->center_integer = cc & COORD_INTEGER;
    /*
     * Kelvin's window z is in depth format units (kelvin_quad()); DEPTH
     * Z16 is 1 in Kelvin's RT_FORMAT bits 4-5 and in Rankine's ZETA,
     * bits 5-7, where a Kelvin object's word is on Rankine (3d-nv20.c).
     */
    st->z_max = !kelvin ? 1 : (card->model->pgraph == NV_PGRAPH_KELVIN
                               ? rt >> 4 & 3 : rt >> 5 & 7) == 1 ? 65535
                                                                 : 16777215;
    st->line_stipple = !kelvin && (ls & LS_LINE_ENABLE);
    st->line_stipple_factor = LS_FACTOR(ls);
    st->line_stipple_pattern = LS_PATTERN(ls);
    st->poly_stipple = kelvin ? ms[0x147c / 4] & 1 : ls & LS_POLY_ENABLE;
    memcpy(st->poly_stipple_pattern, &ms[M_POLY_STIPPLE / 4],
           sizeof(st->poly_stipple_pattern));
    st->point_sprite = !kelvin && (sprite & SPRITE_ENABLE);
    st->sprite_r_mode = SPRITE_R_MODE(sprite);
    st->sprite_replace = SPRITE_REPLACE(sprite) << tc0_slot(card);
    /* RASTER bits 9-11, the *_SMOOTH_ENABLE methods (3d-nv20.c) */
    st->point_smooth = raster & RASTER_POINT_SMOOTH;
    st->line_smooth = raster & RASTER_LINE_SMOOTH;
    st->poly_smooth = raster & RASTER_POLY_SMOOTH;
}

/*
 * The memory of the DMA object at instance @inst (the method's data, which
 * PFIFO turned from a handle into the instance >> 4) for the pixel
 * engines, which address it directly: a linear VRAM object's whole range,
 * cut to VRAM's end.  Anything else gives no memory: false, with the
 * object in *@o for a caller that can read it another way.
 */
static bool dma_direct(NVCard *card, uint32_t inst, NVDmaObj *o,
                       uint8_t **base, uint64_t *size)
{
    uint64_t start;

    *base = NULL;
    *size = 0;
    nv_dmaobj_load(card, inst << 4, o);
    if (!o->present) {
        return true;
    }
    if (o->target != NV_DMAOBJ_TARGET_VRAM || !o->linear) {
        return false;
    }
    start = (o->pte0 & ~0xfffull) + o->adjust;
    if (start < card->vram_size) {
        *base = card->vram + start;
        *size = MIN((uint64_t)o->limit + 1, card->vram_size - start);
    }
    return true;
}

/*
 * dma_direct() for surfaces and fragment programs, which Mesa keeps in
 * VRAM: an object anywhere else gives no memory (every access drops),
 * logged once.
 */
static void dma_view(NVCard *card, uint32_t inst, const char *what,
                     uint8_t **base, uint64_t *size)
{
    NVDmaObj o;

    if (!dma_direct(card, inst, &o, base, size) &&
        !card->pgraph20.draw.logged) {
        card->pgraph20.draw.logged = true;
        nv_log(card, NV_LOG_UNIMP, "nv: pgraph: 3D %s in a DMA object other "
               "than linear VRAM (instance 0x%x): not accessed", what,
               inst << 4);
    }
}

/* A texture's bytes in system memory, through the object (tex.h NVTexMem). */
static bool tex_dma_read(void *opaque, uint64_t addr, void *dst, unsigned n)
{
    NV20TexDma *t = opaque;

    return addr <= UINT32_MAX &&
           nv_dmaobj_read(t->card, &t->obj, addr, dst, n) == NV_DMAOBJ_OK;
}

static NVRopGen rop_gen(const NVCard *card)
{
    switch (card->model->pgraph) {
    case NV_PGRAPH_KELVIN:
        return NV_ROP_KELVIN;
    case NV_PGRAPH_RANKINE:
        return NV_ROP_RANKINE;
    default:
        return NV_ROP_CURIE;
    }
}

/* The ROP's writes, to the host's dirty tracking. */
static void rop_dirty(void *opaque, unsigned which, uint64_t off,
                      uint64_t len)
{
    NVCard *card = opaque;

    if (card->host.vram_dirty && which < NV_ROP_MEMS) {
        card->host.vram_dirty(card->host.opaque,
                              card->pgraph20.draw.mem_base[which] + off, len);
    }
}

/*
 * The ROP's state (docs/rop3d.rst): the bundles, the method words with no
 * bundle, the surface words, and the memory of each surface's DMA object.
 */
static void rop_state(NVCard *card)
{
    NV20Draw *d = &card->pgraph20.draw;
    const uint32_t *ms = card->pgraph20.fe3d.mthd_state;
    bool curie = nv20_is_curie(card);
    NVRopGen gen = rop_gen(card);
    NVRopMthdRegs m = {
        .color_mask = ms[M_COLOR_MASK / 4],
        .mrt_color_mask = ms[M_MRT_COLOR_MASK / 4],
        .mrt_blend_enable = ms[M_MRT_BLEND_ENABLE / 4],
        .depth_bounds_enable = ms[M_DEPTH_BOUNDS / 4],
        .depth_bounds_zmin = ms[M_DEPTH_BOUNDS / 4 + 1],
        .depth_bounds_zmax = ms[M_DEPTH_BOUNDS / 4 + 2],
    };
    NVRopSurfaceRegs r = {
        .rt_horiz = ms[M_RT_HORIZ / 4], .rt_vert = ms[M_RT_VERT / 4],
        .rt_format = ms[M_RT_FORMAT / 4],
        .color_pitch = { ms[M_COLOR0_PITCH / 4], ms[M_COLOR1_PITCH / 4],
                         ms[M_COLOR2_PITCH / 4], ms[M_COLOR3_PITCH / 4] },
        .color_offset = { ms[M_COLOR0_OFFSET / 4], ms[M_COLOR1_OFFSET / 4],
                          ms[M_COLOR2_OFFSET / 4], ms[M_COLOR3_OFFSET / 4] },
        .zeta_offset = ms[M_ZETA_OFFSET / 4],
        .zeta_pitch = curie ? ms[M_ZETA_PITCH / 4] : 0,
        .rt_enable = *nv20_reg(card, B_RT_ENABLE),
    };
    static const uint16_t dma[NV_ROP_MEMS] = {
        M_DMA_COLOR0, M_DMA_COLOR1, M_DMA_COLOR2, M_DMA_COLOR3, M_DMA_ZETA,
    };

    /*
     * Mesa's nv30_miptree.c puts a multisampled surface's mode in bits
     * 12-15 (0x3000, 0x4000): not modelled, every pixel one sample.
     */
    if (r.rt_format & RT_FORMAT_MS && !d->ms_logged) {
        d->ms_logged = true;
        nv_log(card, NV_LOG_UNIMP, "nv: pgraph: 3D multisampled surface "
               "(RT_FORMAT 0x%08x): drawn with one sample a pixel",
               r.rt_format);
    }
    /* Kelvin has one colour target, always on (inferred on Rankine) */
    if (gen != NV_ROP_KELVIN && d->kelvin) {
        r.rt_enable = 1;
    }
    nv_rop_decode(&d->rop.st, gen, nv20_reg(card, BUNDLE(0)));
    nv_rop_decode_mthd(&d->rop.st, gen, &m);
    nv_rop_surface_decode(&d->rop.surf, gen, &r);
    for (unsigned i = 0; i < NV_ROP_MEMS; i++) {
        if (!d->rop.surf.color[i % NV_ROP_TARGETS].enabled &&
            i != NV_ROP_MEM_ZETA) {
            d->rop.mem[i] = (NVRopMem) { NULL, 0 };
            continue;
        }
        dma_view(card, ms[dma[i] / 4], "surface", &d->rop.mem[i].base,
                 &d->rop.mem[i].size);
        d->mem_base[i] = d->rop.mem[i].base ?
                         d->rop.mem[i].base - card->vram : 0;
    }
}

/*
 * The fragment program FP_ACTIVE_PROGRAM points at, read again after each
 * write of that method (Mesa's nv30_fragprog.c writes it again after
 * changing a program's constants, as the hardware caches the program):
 * OFFSET in DMA_TEXTURE0, or DMA_TEXTURE1 with DMA1 (the DMA_TEX bundle's
 * two words).
 */
static void fp_load(NVCard *card)
{
    NV20Draw *d = &card->pgraph20.draw;
    const uint32_t *ms = card->pgraph20.fe3d.mthd_state;
    uint32_t v = ms[M_FP_PROGRAM / 4], off = FP_PROGRAM_OFFSET(v);
    unsigned n = 0;
    uint8_t *base;
    uint64_t size;

    dma_view(card, *nv20_reg(card, B_DMA_TEX + 4 * !!(v & FP_PROGRAM_DMA1)),
             "fragment program", &base, &size);
    if (base && off < size) {
        n = nv_fp_load_words(d->fp_words, base + off,
                             MIN(size - off, sizeof(d->fp_words)), false);
    }
    nv_fp_decode(&d->fp, nv20_is_curie(card) ? NV_FP_CURIE : NV_FP_RANKINE,
                 d->fp_words, n);
    if (d->fp.status != NV_FP_OK) {
        nv_log(card, d->fp.status == NV_FP_UNIMP ? NV_LOG_UNIMP
                                                 : NV_LOG_GUEST_ERROR,
               "nv: pgraph: 3D fragment program at 0x%x, word %u: %s",
               off, d->fp.error_word, d->fp.error ? d->fp.error : "?");
    }
}

/*
 * The texture units (docs/texture.rst): each unit's words where the 3D
 * methods keep them (the TEX bundles; Rankine's palette and Curie's
 * TEX_SIZE1 per context), the memory of DMA_TEXTURE0 and 1.  Kelvin's
 * TEX_RCOMP: one function for all units on NV20, three bits a unit on
 * NV25 (bundles.rst TEX_ZCOMP).  A Kelvin object on Rankine has no
 * swizzle: the identity, whatever TEX_PITCH's low half holds.
 */
static void tex_state(NVCard *card)
{
    /* Each unit's bundles in NVTexRegs' order, offset to colour key. */
    static const uint32_t bundles[2][10] = {
        { K_TEX_OFFSET, K_TEX_FORMAT, K_TEX_WRAP, K_TEX_CONTROL, K_TEX_PITCH,
          K_TEX_FILTER, K_TEX_RECT, K_TEX_BORDER_COLOR, K_TEX_PALETTE,
          K_TEX_COLOR_KEY },
        { R_TEX_OFFSET, R_TEX_FORMAT, R_TEX_WRAP, R_TEX_CONTROL, R_TEX_PITCH,
          R_TEX_FILTER, R_TEX_RECT, R_TEX_BORDER_COLOR, 0, R_TEX_COLOR_KEY },
    };
    NV20Draw *d = &card->pgraph20.draw;
    const uint32_t *ms = card->pgraph20.fe3d.mthd_state;
    bool kelvin = card->model->pgraph == NV_PGRAPH_KELVIN;
    bool curie = nv20_is_curie(card);
    uint32_t zcomp = *nv20_reg(card, B_TEX_ZCOMP);
    NVTexGen gen = kelvin ? NV_TEX_KELVIN : curie ? NV_TEX_CURIE
                                                 : NV_TEX_RANKINE;

    for (unsigned i = 0; i < NV20_TEX_UNITS; i++) {
        uint32_t w[10] = { 0 };
        NVTexRegs r;

        for (unsigned k = 0;
             k < G_N_ELEMENTS(w) && (!kelvin || i < NV_RC_TEX_UNITS); k++) {
            w[k] = bundles[!kelvin][k] ?
                   *nv20_reg(card, bundles[!kelvin][k] + 4 * i) : 0;
        }
        r = (NVTexRegs) {
            .offset = w[0], .format = w[1], .wrap = w[2], .enable = w[3],
            .swizzle = d->kelvin && !kelvin
                       ? (w[4] & 0xffff0000) | TEX_SWIZZLE_IDENTITY : w[4],
            .filter = w[5], .npot_size = w[6],
            .border_color = w[7],
            .palette = kelvin ? w[8] : curie ? 0 : ms[M_TEX_SIZE1 / 4 + i],
            .size1 = curie ? ms[M_TEX_SIZE1 / 4 + i] : 0,
            .rcomp = card->model->pgraph_chip == NV_PGRAPH_CHIP_NV20
                     ? zcomp & 7 : zcomp >> (3 * (i % NV_RC_TEX_UNITS)) & 7,
            .color_key = w[9],
        };
        if (!d->tex_decoded || memcmp(&r, &d->tex_regs[i], sizeof(r))) {
            d->tex_regs[i] = r;
            nv_tex_decode(&d->tex[i], gen, &r);
        }
    }
    d->tex_decoded = true;
    /*
     * The X driver's EXA puts pixmaps it composites from in system memory
     * (DMA_TEXTURE1, a GART object): those texels are read through the
     * object, page by page, as the vertex fetch reads its buffers.
     */
    for (unsigned k = 0; k < 2; k++) {
        NVTexMem *m = &d->tex_mem[k];
        NV20TexDma *t = &d->tex_dma[k];
        uint8_t *base;

        *m = (NVTexMem) { NULL };
        if (dma_direct(card, *nv20_reg(card, B_DMA_TEX + 4 * k), &t->obj,
                       &base, &m->size)) {
            m->base = base;
        } else {
            t->card = card;
            m->size = (uint64_t)t->obj.limit + 1;
            m->read = tex_dma_read;
            m->opaque = t;
        }
    }
}

/* A texel fetch outside its DMA object reads zero; logged once. */
static void tex_sample(NVCard *card, unsigned unit, const float coord[4],
                       const float dx[4], const float dy[4],
                       NVTexLodMode mode, float lod, float out[4])
{
    NV20Draw *d = &card->pgraph20.draw;
    bool fault = false;

    if (unit >= NV20_TEX_UNITS) {
        memset(out, 0, 4 * sizeof(*out));
        return;
    }
    nv_tex_sample(&d->tex[unit], d->tex_mem, coord, dx, dy, mode, lod, out,
                  &fault);
    if (fault && !d->tex_logged) {
        d->tex_logged = true;
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: pgraph: 3D texture unit %u "
               "reads outside its DMA object: zero texels", unit);
    }
}

/* The fragment program's texture instructions (fp.h NVFpTexKind). */
static void fp_sample(void *opaque, unsigned unit, NVFpTexKind kind,
                      const float coord[4], const float dx[4],
                      const float dy[4], float out[4])
{
    tex_sample(opaque, unit, coord, dx, dy,
               kind == NV_FP_TXB ? NV_TEX_LOD_BIAS :
               kind == NV_FP_TXL ? NV_TEX_LOD_EXPLICIT : NV_TEX_LOD_IMPLICIT,
               coord[3], out);
}

/* Kelvin's texture shader stages. */
static void rc_sample(void *opaque, unsigned unit, const float coord[4],
                      const float dx[4], const float dy[4], float out[4])
{
    tex_sample(opaque, unit, coord, dx, dy, NV_TEX_LOD_IMPLICIT, 0, out);
}

/*
 * Kelvin's combiners and texture shader from the bundles
 * (docs/combiners.rst).  A Kelvin object on a Rankine chip has the same
 * RC and texture shader bundles, but its units' TEX_ENABLE words in
 * Rankine's TEX_CONTROL bundles (3d-nv20.c), where nv_rc_decode() reads
 * Kelvin's: they are copied there, the layouts alike (rnndb TEX_ENABLE).
 */
static void rc_state(NVCard *card)
{
    uint32_t b[0xae];           /* the ids nv_rc_decode() reads (rc.h) */
    const uint32_t *bundle = nv20_reg(card, BUNDLE(0));

    if (card->model->pgraph != NV_PGRAPH_KELVIN) {
        memcpy(b, bundle, sizeof(b));
        for (unsigned i = 0; i < NV_RC_TEX_UNITS; i++) {
            b[(K_TEX_CONTROL - BUNDLE(0)) / 4 + i] =
                *nv20_reg(card, R_TEX_CONTROL + 4 * i);
        }
        bundle = b;
    }
    nv_rc_decode(&card->pgraph20.draw.rc, bundle,
                 card->pgraph20.fe3d.mthd_state);
}

/*
 * The TBUF slots the fragment stage reads, the only ones the rasterizer
 * interpolates: Kelvin's colours, fog and texture coordinates
 * (kelvin_quad()), a fragment program's inputs, or the primary colour
 * (quad()).
 */
static uint32_t attr_mask(const NVCard *card)
{
    const NV20Draw *d = &card->pgraph20.draw;

    if (d->kelvin) {
        return 1u << 3 | 1u << 4 | 1u << 5 |
               ((1u << NV_RC_TEX_UNITS) - 1) << tc0_slot(card);
    }
    if (d->fp_loaded) {
        /* the combiners' colours and fog besides the program's inputs */
        return nv_fp_attr_mask(&d->fp) |
               (d->rc_after_fp ? 1u << 3 | 1u << 4 | 1u << 5 : 0);
    }
    return 1u << primary_slot(card);
}

/* Everything the draw derives from the 3D state, if a method changed it. */
static void draw_state(NVCard *card)
{
    NV20Draw *d = &card->pgraph20.draw;

    if (d->state_valid) {
        return;
    }
    d->kelvin = nv20_kelvin_state(card);
    raster_state(card);
    rop_state(card);
    tex_state(card);
    if (d->kelvin) {
        rc_state(card);
        /* no program; read again once a Rankine object draws */
        d->fp_loaded = false;
        d->fp_dirty = true;
    } else if (d->fp_dirty) {
        d->fp_dirty = false;
        d->fp_loaded = card->pgraph20.fe3d.fp_named;
        if (d->fp_loaded) {
            fp_load(card);
        }
    }
    /*
     * Rankine's RC_ENABLE names general stages: the combiners take the
     * program's H0-H3 as their texture registers (docs/combiners.rst
     * "Rankine"); Mesa keeps it 0, the X driver's Composite sets it.
     */
    d->rc_after_fp = !d->kelvin && !nv20_is_curie(card) &&
                     (*nv20_reg(card, B_RC_CONFIG) &
                      NV_RC_ENABLE_NUM_COMBINERS);
    if (d->rc_after_fp) {
        rc_state(card);
    }
    d->fp_control = card->pgraph20.fe3d.mthd_state[M_FP_CONTROL / 4];
    d->raster.st.attr_mask = attr_mask(card);
    d->state_valid = true;
}

/*
 * The combiners' inputs from a quad: the colours (XF outputs 3, 4), fog
 * (5) and texture coordinates (9-12; 8-11 on a Rankine chip, whose XF
 * renumbers them, docs/xf.rst "Output target").  Kelvin's window z is in
 * units of the depth format's largest value (its programs scale it so):
 * the combiners take it in [0, 1].
 */
static void rc_quad_in(NVCard *card, const NVRasterQuad *q, NVRcQuadIn *in)
{
    const NVRasterState *st = &card->pgraph20.draw.raster.st;

    memset(in, 0, sizeof(*in));
    in->mask = q->mask;
    for (unsigned i = 0; i < 4; i++) {
        const NVRasterFrag *f = &q->f[i];
        NVRcPixelIn *px = &in->px[i];

        memcpy(px->col0, f->attr[3], sizeof(px->col0));
        memcpy(px->col1, f->attr[4], sizeof(px->col1));
        px->fog = f->attr[5][0];
        for (unsigned u = 0; u < NV_RC_TEX_UNITS; u++) {
            memcpy(px->tex[u], f->attr[tc0_slot(card) + u],
                   sizeof(px->tex[u]));
        }
        nv_raster_frag_coord(st, q->x + (i & 1), q->y + (i >> 1), px->pos);
        px->pos[2] = f->z / st->z_max;
        px->pos[3] = f->q;
    }
}

/*
 * Kelvin's fragment stage: the texture shader and register combiners
 * (docs/combiners.rst); the ROP takes the depth in [0, 1] as they do.
 */
static void kelvin_quad(NVCard *card, const NVRasterQuad *q,
                        float color[4][4], float depth[4], uint8_t *mask)
{
    NV20Draw *d = &card->pgraph20.draw;
    NVRcTex tex = { rc_sample, card };
    NVRcQuadIn in;
    NVRcQuadOut out;

    rc_quad_in(card, q, &in);
    nv_rc_run_quad(&d->rc, &in, &tex, &out);
    *mask &= ~out.culled;
    memcpy(color, out.color, sizeof(out.color));
    memcpy(depth, out.depth, sizeof(out.depth));
}

/*
 * A quad of fragments: the fragment stage (Kelvin's combiners, for a
 * Kelvin object also on Rankine; Rankine's and Curie's fragment program
 * once FP_ACTIVE_PROGRAM has named one, the primary colour before), then
 * the ROP with its colours and depth (docs/3d.rst "Fragments").
 */
static void quad(void *opaque, const NVRasterQuad *q)
{
    NVCard *card = opaque;
    NV20Draw *d = &card->pgraph20.draw;
    float color[NV_ROP_TARGETS][4][4] = { { { 0 } } };
    float depth[4];
    uint8_t mask = q->mask;

    d->quads++;
    for (unsigned i = 0; i < 4; i++) {
        depth[i] = q->f[i].z;
    }
    if (d->kelvin) {
        kelvin_quad(card, q, color[0], depth, &mask);
    } else if (d->fp_loaded) {
        NVFpTex tex = { card, fp_sample };
        NVFpQuadIn in;
        NVFpQuadOut out;

        nv_fp_quad_in(&in, nv20_is_curie(card) ? NV_FP_CURIE : NV_FP_RANKINE,
                      &d->raster.st, q);
        in.control = d->fp_control;
        in.combiners = d->rc_after_fp;
        nv_fp_run_quad(&d->fp, &in, &tex, &out);
        mask &= ~out.killed;
        memcpy(color, out.color, sizeof(color));
        if (d->rc_after_fp) {
            NVRcQuadIn rc;

            rc_quad_in(card, q, &rc);
            for (unsigned i = 0; i < 4; i++) {
                nv_rc_combine(&d->rc, &rc.px[i], out.rc_tex[i], color[0][i]);
            }
        }
        if (out.depth_replaced) {
            memcpy(depth, out.depth, sizeof(depth));
        }
    } else {
        unsigned col0 = primary_slot(card);

        for (unsigned i = 0; i < 4; i++) {
            memcpy(color[0][i], q->f[i].attr[col0], sizeof(color[0][i]));
        }
    }
    /* an antialiased primitive's coverage scales alpha (GL 2.1 3.11) */
    for (unsigned i = 0; i < 4; i++) {
        for (unsigned t = 0; q->cov[i] < 1 && t < NV_ROP_TARGETS; t++) {
            color[t][i][3] *= q->cov[i];
        }
    }
    nv20_query_count(card, nv_rop_quad(&d->rop, q->x, q->y, mask, color,
                                       depth, q->back));
}

/*
 * CLEAR_BUFFERS: the buffers of its word, with CLEAR_COLOR_VALUE and
 * CLEAR_DEPTH_VALUE, in the window cut by the scissor (Mesa's
 * nv30_clear.c sets the scissor to the area it clears).
 */
void nv20_draw_clear(NVCard *card, const NVMethodCall *call)
{
    NV20Draw *d = &card->pgraph20.draw;
    const NVRasterState *st = &d->raster.st;
    NVRasterRect r;

    if (card->pgraph20.fe3d.render_skip) {
        return;
    }
    draw_state(card);
    r.x0 = MAX(d->rop.surf.x0, (int32_t)st->scissor_x);
    r.y0 = MAX(d->rop.surf.y0, (int32_t)st->scissor_y);
    r.x1 = MIN((int64_t)d->rop.surf.x1, (int64_t)st->scissor_x +
                                        st->scissor_w) - 1;
    r.y1 = MIN((int64_t)d->rop.surf.y1, (int64_t)st->scissor_y +
                                        st->scissor_h) - 1;
    nv_rop_clear(&d->rop, call->data, &r);
}

void nv20_draw_fp_program(NVCard *card, const NVMethodCall *call)
{
    card->pgraph20.fe3d.mthd_state[call->mthd / 4] = call->data;
    card->pgraph20.fe3d.fp_named = 1;
    card->pgraph20.draw.fp_dirty = true;
}

void nv20_draw_prim(NVCard *card, const NVVtxPrim *prim)
{
    NV20Draw *d = &card->pgraph20.draw;

    /* Curie's render condition failed: nothing drawn (docs/3d.rst) */
    if (card->pgraph20.fe3d.render_skip) {
        return;
    }
    /* Never full (pgraph-nv20.h); if it were, the oldest finishes now. */
    if (d->count == NV20_DRAW_QUEUE) {
        nv20_draw_run(card, UINT_MAX);
    }
    d->queue[(d->head + d->count++) % NV20_DRAW_QUEUE] = *prim;
}

bool nv20_draw_busy(NVCard *card)
{
    NV20Draw *d = &card->pgraph20.draw;

    return d->raster.busy || d->count || d->fd_kind != NV20_FD_NONE;
}

/*
 * Up to @budget units of work (NV20_DRAW_UNIT_QUADS quad positions
 * each): the primitive being rasterized, the queued ones, then the draw
 * method that stopped for them.  Returns the units spent, at least one
 * if there was work.
 */
unsigned nv20_draw_run(NVCard *card, unsigned budget)
{
    NV20Draw *d = &card->pgraph20.draw;
    uint64_t left = (uint64_t)budget * NV20_DRAW_UNIT_QUADS, spent = 0;
    bool worked = false;

    while (left) {
        if (d->raster.busy) {
            unsigned n = nv_raster_run(&d->raster, MIN(left, UINT_MAX));

            left -= MIN(left, n);
            spent += n;
            worked = true;
        } else if (d->count) {
            draw_state(card);
            nv_raster_start(&d->raster, &d->queue[d->head]);
            d->head = (d->head + 1) % NV20_DRAW_QUEUE;
            d->count--;
        } else if (d->fd_kind != NV20_FD_NONE) {
            nv20_fd_resume(card);
            worked = true;
            /* It stops again as soon as a vertex makes a primitive. */
            if (!d->count) {
                break;
            }
        } else {
            break;
        }
    }
    if (!worked) {
        return 0;
    }
    return MAX(1, (spent + NV20_DRAW_UNIT_QUADS - 1) / NV20_DRAW_UNIT_QUADS);
}

void nv20_draw_reset(NVCard *card)
{
    NV20Draw *d = &card->pgraph20.draw;

    memset(d, 0, sizeof(*d));
    nv_raster_init(&d->raster, quad, card);
    nv_rop_init(&d->rop, rop_gen(card), rop_dirty, card);
}

/* After migration: indices into range, the derived state again. */
void nv20_draw_post_load(NVCard *card)
{
    NV20Draw *d = &card->pgraph20.draw;

    d->head %= NV20_DRAW_QUEUE;
    d->count = MIN(d->count, NV20_DRAW_QUEUE);
    if (d->fd_kind > NV20_FD_ELEMENT_U16) {
        d->fd_kind = NV20_FD_NONE;
    }
    d->raster.emit = quad;
    d->raster.opaque = card;
    nv_rop_init(&d->rop, rop_gen(card), rop_dirty, card);
    d->state_valid = false;
    d->tex_decoded = false;
    d->fp_dirty = true;
    draw_state(card);
}
