/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the back half of the NV20+ 3D pipeline as PGRAPH drives it:
 * the rasterizer's state from the 3D state, VTX's primitives queued and
 * rasterized in slices while PGRAPH is busy, and each quad of fragments
 * passed on.  docs/3d.rst "Rasterizer" and "Bounded work" have the rules.
 */
#include "hw/nv/card.h"
#include "hw/nv/mem/dmaobj.h"
#include "hw/nv/raster/raster.h"
#include "bundles-nv20.h"
#include "pgraph-nv20-internal.h"

/* Stored methods the rasterizer reads (rnndb graph/nv30-40_3d.xml). */
#define M_RT_HORIZ          0x0200          /* X 0-15, W 16-31 */
#define M_RT_VERT           0x0204
#define M_TX_ORIGIN         0x02b8          /* X 0-15, Y 16-31 */
#define M_CLIP_MODE         0x02bc
#define M_SCISSOR_HORIZ     0x08c0          /* Rankine, Curie */
#define M_SCISSOR_VERT      0x08c4
#define M_POLY_STIPPLE      0x1480          /* 32 words */
#define M_COORD_CONVENTIONS 0x1d88
#define   COORD_HEIGHT(v)   ((v) & 0xfff)
#define   COORD_INVERTED    (1u << 12)
#define   COORD_INTEGER     (1u << 16)
#define M_POINT_SPRITE      0x1ee8
#define   SPRITE_ENABLE     (1u << 0)
#define   SPRITE_R_MODE(v)  (((v) >> 1) & 3)
#define   SPRITE_REPLACE(v) (((v) >> 8) & 0xff)

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

/* A pair of 16-bit halves: the low at @lo, the high at @hi. */
static void halves(uint32_t v, int32_t *lo, int32_t *hi)
{
    *lo = v & 0xffff;
    *hi = v >> 16;
}

/*
 * The rasterizer's state from the stored methods and bundles, as Mesa's
 * nv30_state_validate.c sends them: the target from RT_HORIZ/VERT, the
 * scissor (SCISSOR_HORIZ/VERT; Mesa's "off" is 4096 wide from 0), the
 * clip rectangles relative to VIEWPORT_TX_ORIGIN, COORD_CONVENTIONS,
 * the stipples and POINT_SPRITE.  Kelvin has no scissor method: its
 * clip rectangles do that work.
 */
static void raster_state(NVCard *card)
{
    NVRasterState *st = &card->pgraph20.draw.raster.st;
    const uint32_t *ms = card->pgraph20.fe3d.mthd_state;
    bool kelvin = card->model->pgraph == NV_PGRAPH_KELVIN;
    uint32_t ls = *nv20_reg(card, B_LINE_STIPPLE);
    uint32_t cc = ms[M_COORD_CONVENTIONS / 4];
    uint32_t sprite = ms[M_POINT_SPRITE / 4];
    int32_t x, w;

    halves(ms[M_RT_HORIZ / 4], &x, &w);
    st->width = x + w;
    halves(ms[M_RT_VERT / 4], &x, &w);
    st->height = x + w;
    if (kelvin) {
        st->scissor_x = st->scissor_y = 0;
        st->scissor_w = st->scissor_h = NV_RASTER_MAX_SIZE;
    } else {
        halves(ms[M_SCISSOR_HORIZ / 4], &x, &w);
        st->scissor_x = x;
        st->scissor_w = w;
        halves(ms[M_SCISSOR_VERT / 4], &x, &w);
        st->scissor_y = x;
        st->scissor_h = w;
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
    st->z_max = 1;
    st->attr_mask = (1u << NV_VTX_ATTRS) - 1;
    st->line_stipple = !kelvin && (ls & LS_LINE_ENABLE);
    st->line_stipple_factor = LS_FACTOR(ls);
    st->line_stipple_pattern = LS_PATTERN(ls);
    st->poly_stipple = kelvin ? ms[0x147c / 4] & 1 : ls & LS_POLY_ENABLE;
    memcpy(st->poly_stipple_pattern, &ms[M_POLY_STIPPLE / 4],
           sizeof(st->poly_stipple_pattern));
    st->point_sprite = !kelvin && (sprite & SPRITE_ENABLE);
    st->sprite_r_mode = SPRITE_R_MODE(sprite);
    st->sprite_replace = SPRITE_REPLACE(sprite) << tc0_slot(card);
}

/*
 * The memory of the DMA object at instance @inst (the method's data, which
 * PFIFO turned from a handle into the instance >> 4) for the pixel
 * engines, which address it directly: a linear VRAM object's whole range,
 * cut to VRAM's end.  Anything else gives no memory (every access then
 * drops) and is logged once: Mesa puts surfaces, textures and fragment
 * programs in VRAM.
 */
static void dma_view(NVCard *card, uint32_t inst, const char *what,
                     uint8_t **base, uint64_t *size)
{
    NVDmaObj o;
    uint64_t start;

    *base = NULL;
    *size = 0;
    nv_dmaobj_load(card, inst << 4, &o);
    if (!o.present) {
        return;
    }
    if (o.target != NV_DMAOBJ_TARGET_VRAM || !o.linear) {
        if (!card->pgraph20.draw.logged) {
            card->pgraph20.draw.logged = true;
            nv_log(card, NV_LOG_UNIMP, "nv: pgraph: 3D %s in a DMA object "
                   "other than linear VRAM (instance 0x%x): not accessed",
                   what, inst << 4);
        }
        return;
    }
    start = (o.pte0 & ~0xfffull) + o.adjust;
    if (start >= card->vram_size) {
        return;
    }
    *base = card->vram + start;
    *size = MIN((uint64_t)o.limit + 1, card->vram_size - start);
}

/* Each quad of fragments the rasterizer makes. */
static void quad(void *opaque, const NVRasterQuad *q)
{
    NVCard *card = opaque;

    card->pgraph20.draw.quads++;
}

void nv20_draw_prim(NVCard *card, const NVVtxPrim *prim)
{
    NV20Draw *d = &card->pgraph20.draw;

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
            raster_state(card);
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
    raster_state(card);
}
