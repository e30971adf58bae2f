/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the NV4-family 2D classes of the NV20+ PGRAPH (docs/pgraph.rst
 * "2D classes"): which classes each chip has, the methods they share
 * (context object links, OPERATION), and the sliced work of the large
 * fills, blits and copies.
 */
#include "hw/nv/card.h"
#include "hw/nv/graph/2d/nv2d-internal.h"
#include "hw/nv/graph/nv20/pgraph-nv20.h"
#include "hw/nv/mem/pramin.h"

/*
 * The classes nouveau's gr engines list per chip (nvkm/engine/gr/nv20.c,
 * nv25.c, nv30.c, nv34.c, nv40.c, nv44.c), by PGRAPH generation.
 */
#define KELVIN  (1u << NV_PGRAPH_KELVIN)
#define RANKINE (1u << NV_PGRAPH_RANKINE)
#define CURIE   (1u << NV_PGRAPH_CURIE)
#define ALL     (KELVIN | RANKINE | CURIE)

static const struct {
    uint16_t cls;
    uint8_t gens;
    NVMethodClass *table;
} classes[] = {
    { 0x0012, ALL, &nv2d_beta_class },
    { 0x0019, ALL, &nv2d_clip_class },
    { 0x0039, ALL, &nv2d_m2mf_class },
    { 0x0043, ALL, &nv2d_rop_class },
    { 0x0044, ALL, &nv2d_pattern_class },
    { 0x004a, ALL, &nv2d_gdi_class },
    { 0x0062, ALL, &nv2d_surf2d_class },
    { 0x0072, ALL, &nv2d_beta4_class },
    { 0x0089, ALL, &nv2d_sifm_class },
    { 0x008a, ALL, &nv2d_ifc_class },
    { 0x009e, KELVIN, &nv2d_swzsurf_class },
    { 0x009f, ALL, &nv2d_blit_class },
    { 0x0362, RANKINE, &nv2d_surf2d_nv30_class },
    { 0x0389, RANKINE, &nv2d_sifm_nv30_class },
    { 0x038a, RANKINE, &nv2d_ifc_nv30_class },
    { 0x039e, RANKINE, &nv2d_swzsurf_nv30_class },
    { 0x3062, CURIE, &nv2d_surf2d_nv40_class },
    { 0x3089, CURIE, &nv2d_sifm_nv40_class },
    { 0x309e, CURIE, &nv2d_swzsurf_nv40_class },
};

NVMethodClass *nv2d_class(NVCard *card, unsigned cls)
{
    for (size_t i = 0; i < G_N_ELEMENTS(classes); i++) {
        if (classes[i].cls == cls &&
            (classes[i].gens & 1u << card->model->pgraph)) {
            return classes[i].table;
        }
    }
    return NULL;
}

void nv2d_reset(NV2dState *s)
{
    memset(s, 0, sizeof(*s));
}

static bool slot_bound(const NV2dState *s, unsigned slot)
{
    for (unsigned i = 0; i < NV2D_SUBCHANNELS; i++) {
        if (s->subc_obj[i] == slot && s->obj[slot].inst) {
            return true;
        }
    }
    return false;
}

/*
 * An object keeps its state while it is unbound, as the hardware keeps
 * it in the object's words; one seen for the first time starts with no
 * links, SRCCOPY_AND and no formats (inferred: nouveau's grobjs hold
 * none, nvkm/engine/gr/nv04.c).  Slots not bound to a subchannel are
 * reused in turn.
 */
void nv2d_bind(NVCard *card, unsigned subc, unsigned cls, uint32_t inst)
{
    NV2dState *s = nv2d(card);
    unsigned slot = NV2D_OBJECTS;

    for (unsigned i = 0; i < NV2D_OBJECTS; i++) {
        if (s->obj[i].inst == inst && s->obj[i].cls == cls) {
            slot = i;
            break;
        }
    }
    if (slot == NV2D_OBJECTS) {
        s->subc_obj[subc % NV2D_SUBCHANNELS] = NV2D_OBJECTS;  /* unbound */
        do {
            slot = s->next_obj++ % NV2D_OBJECTS;
        } while (slot_bound(s, slot));
        memset(&s->obj[slot], 0, sizeof(s->obj[slot]));
        s->obj[slot].inst = inst;
        s->obj[slot].cls = cls;
    }
    s->subc_obj[subc % NV2D_SUBCHANNELS] = slot;
}

unsigned nv2d_object_class(NVCard *card, uint32_t inst)
{
    return nv_ramin_read(card, inst << 4, 4) &
           (card->model->pgraph == NV_PGRAPH_CURIE ? 0xffff : 0xfff);
}

void nv2d_error(NVCard *card, const NVMethodCall *call, uint32_t nsource,
                const char *why)
{
    nv_log(card, NV_LOG_GUEST_ERROR, "nv: 2d: class 0x%04x method 0x%04x "
           "data 0x%08x: %s", call->cls, call->mthd, call->data, why);
    nv20_pgraph_error(card, nsource);
}

/* ---- links to context objects ---- */

/* What each link accepts (rnndb's "Accepts" notes, one class family). */
static bool link_accepts(unsigned link, unsigned cls)
{
    switch (link) {
    case NV2D_LINK_CLIP:
        return cls == 0x19;
    case NV2D_LINK_PATTERN:
        return cls == 0x44;
    case NV2D_LINK_ROP:
        return cls == 0x43;
    case NV2D_LINK_BETA:
        return cls == 0x12;
    case NV2D_LINK_BETA4:
        return cls == 0x72;
    case NV2D_LINK_CHROMA:
        return cls == 0x17 || cls == 0x57;
    default:    /* SURFACE */
        return (cls & 0xff) == 0x62 || (cls & 0xff) == 0x9e;
    }
}

/*
 * The data is the linked object's instance (PFIFO looked its handle up);
 * NV_NULL unlinks (intro.rst "Connecting the objects - NV5 style").
 */
void nv2d_mthd_link(NVCard *card, const NVMethodCall *call)
{
    NV2dObject *o = nv2d_obj(card, call->subc);
    unsigned link = 1u << call->m->arg;
    unsigned cls = call->data ? nv2d_object_class(card, call->data) : 0x30;

    if (cls == 0x30) {
        o->links &= ~link;
        if (link == NV2D_LINK_SURFACE) {
            o->links &= ~NV2D_LINK_SWZSURF;
        }
        return;
    }
    if (!link_accepts(link, cls)) {
        nv2d_error(card, call, NV20_NSOURCE_DATA_ERROR,
                   "object of the wrong class linked");
        return;
    }
    o->links |= link;
    if (link == NV2D_LINK_CHROMA) {
        nv_log(card, NV_LOG_UNIMP, "nv: 2d: colour key not modelled");
    }
    if (link == NV2D_LINK_SURFACE) {
        o->links = (o->links & ~NV2D_LINK_SWZSURF) |
                   ((cls & 0xff) == 0x9e ? NV2D_LINK_SWZSURF : 0);
    }
}

void nv2d_mthd_operation(NVCard *card, const NVMethodCall *call)
{
    if (call->data > NV2D_OP_BLEND_PREMULT) {
        nv2d_error(card, call, NV20_NSOURCE_DATA_ERROR, "bad OPERATION");
        return;
    }
    nv2d_obj(card, call->subc)->operation = call->data;
}

/* ---- formats ---- */

/*
 * COLOR_FORMAT: NVMethod.arg has the largest value the class's enum
 * knows in bits 4-7 and the largest modelled in 0-3 (a known value not
 * modelled is kept and logged; nothing draws with it).
 */
void nv2d_mthd_color_format(NVCard *card, const NVMethodCall *call)
{
    unsigned known = call->m->arg >> 4, modelled = call->m->arg & 0xf;

    if (call->data < 1 || call->data > known) {
        nv2d_error(card, call, NV20_NSOURCE_DATA_ERROR, "bad COLOR_FORMAT");
        return;
    }
    if (call->data > modelled) {
        nv_log(card, NV_LOG_UNIMP, "nv: 2d: class 0x%04x colour format %u "
               "not modelled", call->cls, call->data);
    }
    nv2d_obj(card, call->subc)->color_format = call->data;
}

/* MONOCHROME_FORMAT, BITMAP_FORMAT: rnndb nv4_bitmap_format, 1 or 2. */
void nv2d_mthd_mono_format(NVCard *card, const NVMethodCall *call)
{
    if (call->data < 1 || call->data > 2) {
        nv2d_error(card, call, NV20_NSOURCE_DATA_ERROR, "bad mono format");
        return;
    }
    nv2d_obj(card, call->subc)->mono_format = call->data;
}

/* COLOR_CONVERSION (rnndb nv5_color_conversion): dithering is not
 * modelled, so every value truncates. */
void nv2d_mthd_color_conversion(NVCard *card, const NVMethodCall *call)
{
    if (call->data > 2) {
        nv2d_error(card, call, NV20_NSOURCE_DATA_ERROR,
                   "bad COLOR_CONVERSION");
    }
}

bool nv2d_object_color(NVCard *card, const NVMethodCall *call,
                       const uint8_t *map, unsigned n, NV2dColor *c)
{
    unsigned fmt = nv2d_obj(card, call->subc)->color_format;

    if (!fmt) {
        nv2d_error(card, call, NV20_NSOURCE_STATE_INVALID,
                   "no colour format");
        return false;
    }
    *c = fmt < n ? map[fmt] : NV2D_COLOR_NONE;
    if (*c == NV2D_COLOR_NONE) {
        nv_log(card, NV_LOG_UNIMP, "nv: 2d: class 0x%04x: nothing drawn in "
               "colour format %u", call->cls, fmt);
        return false;
    }
    return true;
}

/* ---- sliced work ---- */

bool nv2d_busy(NVCard *card)
{
    return nv2d(card)->job.kind != NV2D_JOB_NONE;
}

void nv2d_job_start(NVCard *card, const NV2dJob *j)
{
    NV2dState *s = nv2d(card);

    s->job = *j;
    s->job.row = s->job.col = 0;
    if (!j->w || !j->h) {
        s->job.kind = NV2D_JOB_NONE;
        return;
    }
    nv2d_run(card, NV2D_INLINE_UNITS);
}

/*
 * Fills and blits, row by row.  A blit onto itself goes bottom up when
 * it moves down and right to left along a row when it moves right, so
 * that every source pixel is read before it is overwritten (docs/pgraph.rst
 * "BLIT").
 */
unsigned nv2d_rect_run(NVCard *card, unsigned budget)
{
    NV2dJob *j = &nv2d(card)->job;
    bool blit = j->kind == NV2D_JOB_BLIT;
    bool up = blit && j->y > j->sy, rtl = blit && j->y == j->sy && j->x > j->sx;
    uint32_t left = budget * NV2D_UNIT_PIXELS, done = 0;
    NV2dDraw d;

    if (!nv2d_draw_begin(card, j->subc, j->color_layout, blit, &d)) {
        j->kind = NV2D_JOB_NONE;
        return 1;
    }
    while (j->row < j->h && done < left) {
        uint32_t n = MIN(j->w - j->col, left - done), rows = 1;
        uint32_t r = up ? j->h - 1 - j->row : j->row;
        uint32_t c = rtl ? j->w - j->col - n : j->col;
        bool ok;

        if (blit) {
            ok = nv2d_blit_span(card, &d, j->sx + c, j->sy + r, j->x + c,
                                j->y + r, n, rtl);
        } else {
            /* whole rows at once when the budget has them */
            if (n == j->w) {
                rows = MAX(1, MIN(j->h - j->row, (left - done) / j->w));
            }
            ok = nv2d_fill_rect(card, &d, j->x + c, j->y + r, n, rows,
                                j->color);
        }
        if (!ok) {
            j->kind = NV2D_JOB_NONE;
            break;
        }
        done += n * rows;
        j->col += n;
        if (j->col == j->w) {
            j->col = 0;
            j->row += rows;
        }
    }
    if (j->row == j->h) {
        j->kind = NV2D_JOB_NONE;
    }
    return MAX(1, (done + NV2D_UNIT_PIXELS - 1) / NV2D_UNIT_PIXELS);
}

unsigned nv2d_run(NVCard *card, unsigned budget)
{
    switch (nv2d(card)->job.kind) {
    case NV2D_JOB_FILL:
    case NV2D_JOB_BLIT:
        return nv2d_rect_run(card, budget);
    case NV2D_JOB_M2MF:
        return nv2d_m2mf_run(card, budget);
    case NV2D_JOB_SIFM:
        return nv2d_sifm_run(card, budget);
    }
    return 0;
}
