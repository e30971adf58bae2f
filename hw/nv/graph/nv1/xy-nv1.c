/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV1 PGRAPH's XY logic: vertex RAM, the clip registers, the
 * per-vertex clip status, carry and out-of-range flags (XY_D), the vertex
 * counter (XY_A), the clip selection (XY_B), VALID, and the draw check
 * that gates drawing and raises XY_RANGE, MISSING_METHOD and the SOFTWARE
 * interrupts.  envytools docs/hw/graph/nv1/xy.rst names the registers but
 * is otherwise a todo; the rules are restated in docs/nv1.rst "The XY
 * logic", whose section numbers the comments below cite.
 *
 * Every rule depends on the class latched in ACCESS by the last object
 * switch, not on the method area a method was written to.
 */
#include <string.h>

#include "hw/nv/card.h"
#include "hw/nv/core/method.h"
#include "hw/nv/graph/nv1/pgraph-nv1.h"
#include "pgraph-nv1-internal.h"

#define VALID_XY        0x00ffffffu     /* the vertex bits, 0-23 */
#define VALID_FIRST     (1u << 8)

/*
 * The clip status bits that put a coordinate outside the drawing window:
 * below the minimum, above the maximum, or on it (docs/nv1.rst "Inferred
 * behaviour": the maximum is exclusive, as CANVAS_MAX always was here).
 */
#define NV1_CSTAT_OUTSIDE \
    (NV1_CSTAT_BELOW_MIN | NV1_CSTAT_ABOVE_MAX | NV1_CSTAT_AT_MAX)

static uint32_t *vtx(NV1Pgraph *g, unsigned a)
{
    return a ? g->vtx_y : g->vtx_x;
}

static uint32_t *uclip(NV1Pgraph *g, unsigned a)
{
    return a ? g->uclip_y : g->uclip_x;
}

unsigned nv1_xy_class(NV1Pgraph *g)
{
    return NV1_ACCESS_CLASS(g->access);
}

static bool tex_class(unsigned cls)
{
    return cls == NV1_CLASS_TEXLIN || cls == NV1_CLASS_TEXQUAD ||
           cls == NV1_CLASS_TEXLINBETA || cls == NV1_CLASS_TEXQUADBETA;
}

/* LINE, LIN and TRI keep per-slot VALID bits (4-7, 16-19). */
static bool line_class(unsigned cls)
{
    return cls == NV1_CLASS_LINE || cls == NV1_CLASS_LIN ||
           cls == NV1_CLASS_TRI;
}

static bool image_class(unsigned cls)
{
    return cls == NV1_CLASS_IFC || cls == NV1_CLASS_BITMAP ||
           cls == NV1_CLASS_IFM;
}

static bool tex(NV1Pgraph *g)
{
    return tex_class(nv1_xy_class(g));
}

/* Coordinates of the textured classes in 12.4 form (XY_B.FRACT). */
static unsigned fract_shift(NV1Pgraph *g)
{
    return tex(g) && (g->xy_b & NV1_XY_B_FRACT) ? 4 : 0;
}

unsigned nv1_xy_vtx_idx(NV1Pgraph *g)
{
    return g->xy_a >> NV1_XY_A_VTX_IDX_SHIFT;
}

static void set_vtx_idx(NV1Pgraph *g, unsigned k)
{
    g->xy_a = (g->xy_a & ~(0xfu << NV1_XY_A_VTX_IDX_SHIFT)) |
              (k & 0xf) << NV1_XY_A_VTX_IDX_SHIFT;
}

static void set_bit(uint32_t *reg, uint32_t bit, bool on)
{
    *reg = on ? *reg | bit : *reg & ~bit;
}

static int32_t sext(uint32_t v, unsigned bits)
{
    return (int32_t)(v << (32 - bits)) >> (32 - bits);
}

/* CANVAS_MIN's half for axis @a, signed: the origin methods add. */
static int32_t canvas_base(NV1Pgraph *g, unsigned a)
{
    return (int16_t)(g->canvas_min >> (16 * a));
}

static uint32_t canvas_max(NV1Pgraph *g, unsigned a)
{
    return (g->canvas_max >> (16 * a)) & 0xfff;
}

static bool clip_on(NV1Pgraph *g)
{
    return g->ctx_switch & NV1_CTX_CLIP;
}

static bool out_of_range(uint32_t r)
{
    return (int32_t)r > 0x7fff || (int32_t)r < -0x8000;
}

static bool any_oob(NV1Pgraph *g)
{
    return (g->xy_d[0] | g->xy_d[1]) & NV1_XY_D_OOB_ALL;
}

/*
 * V16 (§4.8): whether a textured class keeps clip status for vertices 16
 * and 17 in XY_D as well as XY_E.
 */
static bool v16(NV1Pgraph *g)
{
    unsigned cls = nv1_xy_class(g);
    bool sub_ok = true;

    if (!tex_class(cls) || !(g->debug_b & (1u << 24))) {
        return false;
    }
    for (unsigned j = 0; j < 4; j++) {
        sub_ok &= ((g->subdivide >> (4 * (j / 2))) & 0xf) <=
                  ((g->subdivide >> (16 + 4 * j)) & 0xf);
    }
    if ((g->debug_a & (1u << 24)) && !sub_ok) {
        return false;
    }
    return !((cls == NV1_CLASS_TEXLIN || cls == NV1_CLASS_TEXLINBETA) &&
             (g->debug_b & (1u << 8)) &&
             !((g->xy_d[0] | g->xy_d[1]) & 3u << NV1_XY_D_SIGN_SHIFT));
}

/* §2.1: the bounds the clip status compares with, 12-bit. */
static void clip_bounds(NV1Pgraph *g, unsigned a, int32_t *lo,
                        int32_t *hi)
{
    *lo = canvas_base(g, a);
    *hi = canvas_max(g, a);
    if ((g->xy_b & NV1_XY_B_MIN_UCLIP(a)) && clip_on(g)) {
        *lo = uclip(g, a)[0];
    }
    if ((g->xy_b & NV1_XY_B_MAX_UCLIP(a)) && clip_on(g)) {
        *hi = uclip(g, a)[1];
    }
    if (g->xy_b & NV1_XY_B_MAX_ICLIP(a)) {
        *hi = g->iclip[a];
    }
    *lo = MAX(*lo, 0) & 0xfff;
    *hi &= 0xfff;
}

/*
 * §2.2: the coordinate the clip logic sees: 18 bits, signed; in the
 * textured classes' 17.15 form bits 15-30, and a 12.4 value shifted.
 */
static int32_t clip_coord(NV1Pgraph *g, uint32_t c, bool tex_form)
{
    if (tex_form) {
        return (int16_t)(c >> 15) >> fract_shift(g);
    }
    return sext(c, 18);
}

static uint32_t cstat_of(int32_t c, int32_t lo, int32_t hi)
{
    return (c < lo ? NV1_CSTAT_BELOW_MIN : 0) |
           (c == lo ? NV1_CSTAT_AT_MIN : 0) |
           (c > hi ? NV1_CSTAT_ABOVE_MAX : 0) |
           (c == hi ? NV1_CSTAT_AT_MAX : 0);
}

static uint32_t cstat(NV1Pgraph *g, unsigned a, int32_t c)
{
    int32_t lo, hi;

    clip_bounds(g, a, &lo, &hi);
    return cstat_of(c, lo, hi);
}

/* CS(c): in the form the latched class uses. */
static uint32_t cs(NV1Pgraph *g, unsigned a, uint32_t c)
{
    return cstat(g, a, clip_coord(g, c, tex(g)));
}

/* §2.3: a vertex's flags into slot @s of XY_D (and XY_E for 16, 17). */
static void write_d(NV1Pgraph *g, unsigned a, unsigned idx, unsigned s,
                    bool carry, bool oob, uint32_t n)
{
    uint32_t *d = &g->xy_d[a];

    s &= 3;
    set_bit(d, NV1_XY_D_CARRY(s), carry);
    set_bit(d, NV1_XY_D_OOB(s), oob);
    if (nv1_xy_class(g) == NV1_CLASS_POINT) {
        *d = (*d & ~0xff00u) | n << NV1_XY_D_CSTAT_SHIFT(0) |
             n << NV1_XY_D_CSTAT_SHIFT(1);
    } else if (idx < 16 || v16(g)) {
        *d = (*d & ~(0xfu << NV1_XY_D_CSTAT_SHIFT(s))) |
             n << NV1_XY_D_CSTAT_SHIFT(s);
    }
    if (idx >= 16) {
        unsigned sh = 16 + 4 * a + 8 * (idx - 16);

        g->xy_e = (g->xy_e & ~(0xfu << sh)) | n << sh;
    }
}

/* §2.4: advance the vertex counter, wrapping per class. */
static void bump(NV1Pgraph *g)
{
    unsigned cls = nv1_xy_class(g), k;

    if (cls <= 0x07 || cls == 0x0f || (cls >= 0x15 && cls <= 0x1c) ||
        cls == 0x1f) {
        return;
    }
    k = (nv1_xy_vtx_idx(g) + 1) & 0xf;
    if (cls == NV1_CLASS_TRI) {
        k = k == 3 ? 0 : k;
    } else if (cls == NV1_CLASS_BLIT || cls == NV1_CLASS_ITM) {
        k = k == 4 ? 0 : k;
    } else if (tex_class(cls)) {
        k = k == 3u + v16(g) ? 0 : k;
    } else {
        k &= 1;
    }
    set_vtx_idx(g, k);
}

/* The canvas origin as a relative base: in 12.4 form when fractional. */
static uint32_t origin(NV1Pgraph *g, unsigned a)
{
    return (uint32_t)canvas_base(g, a) << fract_shift(g);
}

/* §2.5: vertex @i's coordinate @c from a method, plus the origin. */
static void setv(NV1Pgraph *g, unsigned a, unsigned i, uint32_t c,
                 bool packed)
{
    uint32_t base = origin(g, a), r = c + base;
    bool oob = out_of_range(r);
    uint32_t n;

    if (tex(g)) {
        oob |= g->xy_d[a] & NV1_XY_D_OOB(i & 3);
    }
    if (tex(g) && packed) {
        vtx(g, a)[i] = r << 15 | 0x4000;
        n = cstat(g, a, sext(r, 18) >> fract_shift(g));
    } else {
        vtx(g, a)[i] = r;
        n = cs(g, a, r);
    }
    write_d(g, a, i, i, r < base, oob, n);
}

/* §2.6: vertex @i := @c, or @c + @base; its flags into slot @s. */
static void fix(NV1Pgraph *g, unsigned a, unsigned i, uint32_t c, bool rel,
                uint32_t base, unsigned s)
{
    uint32_t r = rel ? c + base : c;

    vtx(g, a)[i] = r;
    write_d(g, a, i, s, rel && r < base, !tex(g) && out_of_range(r),
            cs(g, a, r));
}

/* The user clip registers shift: MIN takes MAX, MAX the new value. */
static void uclip_shift(NV1Pgraph *g, unsigned a, uint32_t c)
{
    uint32_t *u = uclip(g, a);

    u[0] = u[1];
    u[1] = c & 0x3ffff;
}

/* CANVAS_MIN's half as a user clip's NULL test compares it. */
static int32_t canvas_lo(NV1Pgraph *g, unsigned a)
{
    uint32_t half = g->canvas_min >> (16 * a);

    return half & 0x8000 ? 0 : half & 0xfff;
}

/* UCLIP_MAX as an MMIO write of it compares it. */
static int32_t uclip_max_coord(NV1Pgraph *g, unsigned a)
{
    return sext(uclip(g, a)[1], 18) >> fract_shift(g);
}

/* §3 ICLIP steps 2-4: the image clip bound for axis @a at @c. */
static void iclip_set(NV1Pgraph *g, unsigned a, uint32_t c)
{
    int32_t hi = canvas_max(g, a), lo = MAX(canvas_base(g, a), 0);
    int32_t cc = clip_coord(g, c, tex(g));

    if ((g->xy_b & NV1_XY_B_MAX_UCLIP(a)) && clip_on(g)) {
        hi = uclip(g, a)[1] & 0xfff;
    }
    if ((g->xy_b & NV1_XY_B_MIN_UCLIP(a)) && clip_on(g)) {
        lo = uclip(g, a)[0];
    }
    lo &= 0xfff;
    g->iclip[a] = c & 0x3ffff;
    set_bit(&g->xy_b, NV1_XY_B_MAX_ICLIP(a), cc <= hi);
    if (a == 0) {
        set_bit(&g->xy_b, NV1_XY_B_XCLIP_MAX_MIRROR, cc <= hi);
    }
    set_bit(&g->xy_b, NV1_XY_B_ICLIP_NULL(a), cc < lo);
}

#define XY_B_ICLIP_SEL  (NV1_XY_B_MAX_ICLIP(0) | NV1_XY_B_MAX_ICLIP(1) | \
                         NV1_XY_B_XCLIP_MAX_MIRROR)

/*
 * MMIO writes with side effects (§3): the vertex registers (ABS and REL),
 * the image clip and the user clip.  False if @addr is none of them.
 */
bool nv1_xy_reg_write(NVCard *card, uint32_t addr, uint32_t val)
{
    NV1Pgraph *g = &card->pgraph1;
    bool rel = addr >= 0x500 && addr < 0x600;
    uint32_t r = rel ? addr - NV1_PGRAPH_REL : addr;
    unsigned i, a;

    if (r >= NV1_PGRAPH_VTX_X(0) && r < NV1_PGRAPH_VTX_X(18)) {
        a = 0;
        i = (r - NV1_PGRAPH_VTX_X(0)) / 4;
    } else if (r >= NV1_PGRAPH_VTX_Y(0) && r < NV1_PGRAPH_VTX_Y(18)) {
        a = 1;
        i = (r - NV1_PGRAPH_VTX_Y(0)) / 4;
    } else if (r == NV1_PGRAPH_ICLIP(0) || r == NV1_PGRAPH_ICLIP(1)) {
        a = (r - NV1_PGRAPH_ICLIP(0)) / 4;
        g->xy_b &= ~XY_B_ICLIP_SEL;
        iclip_set(g, a, rel ? val + origin(g, a) : val);
        return true;
    } else if (r >= NV1_PGRAPH_UCLIP_MIN(0) && r <= NV1_PGRAPH_UCLIP_MAX(1)) {
        a = (r - NV1_PGRAPH_UCLIP_MIN(0)) / 8;
        nv1_xy_uclip(g, a, (r & 4) != 0,
                     rel ? val + (uint32_t)canvas_base(g, a) : val);
        return true;
    } else {
        return false;
    }
    fix(g, a, i, val, rel, origin(g, a), rel ? i : 0);
    return true;
}

/* §3: a user clip write, MIN (@max false) or MAX, of @c on axis @a. */
void nv1_xy_uclip(NV1Pgraph *g, unsigned a, bool max, uint32_t c)
{
    int32_t m;

    uclip_shift(g, a, c);
    vtx(g, a)[15] = c;
    g->xy_b &= ~(0x7000u | 0x70000u | NV1_XY_B_XCLIP_MAX_MIRROR);
    if (!max) {
        g->xy_b &= ~NV1_XY_B_VTX_MODE_SET;
        return;
    }
    m = uclip_max_coord(g, a);
    g->xy_b &= ~NV1_XY_B_ICLIP_NULL(a);
    set_bit(&g->xy_b, NV1_XY_B_UCLIP_NULL(a),
            m < canvas_lo(g, a) ||
            ((g->xy_d[a] & (NV1_CSTAT_ABOVE_MAX << 8)) && m >= 0));
    set_bit(&g->xy_b, NV1_XY_B_MIN_UCLIP(a),
            !(g->xy_d[a] & (NV1_CSTAT_BELOW_MIN << 8)));
    set_bit(&g->xy_b, NV1_XY_B_MAX_UCLIP(a), m <= (int32_t)canvas_max(g, a));
}

/*
 * Resets (§1).  DEBUG_A's keeps vertex RAM, the clip registers and most
 * of the XY state of @old, the rest of PGRAPH having been cleared.
 */
void nv1_xy_debug_reset(NV1Pgraph *g, const NV1Pgraph *old)
{
    memcpy(g->vtx_x, old->vtx_x, sizeof(g->vtx_x));
    memcpy(g->vtx_y, old->vtx_y, sizeof(g->vtx_y));
    memcpy(g->iclip, old->iclip, sizeof(g->iclip));
    memcpy(g->uclip_x, old->uclip_x, sizeof(g->uclip_x));
    memcpy(g->uclip_y, old->uclip_y, sizeof(g->uclip_y));
    memcpy(g->vtx_beta, old->vtx_beta, sizeof(g->vtx_beta));
    g->src_color = old->src_color;
    g->subdivide = old->subdivide;
    g->valid = 0;
    g->xy_e = old->xy_e & 0xffff0000;
    g->xy_a = old->xy_a & NV1_XY_A_IMAGE_ZERO;
    g->xy_b = old->xy_b & (NV1_XY_B_VTX_MODE_SET | NV1_XY_B_FRACT);
    for (unsigned a = 0; a < 2; a++) {
        g->xy_d[a] = (old->xy_d[a] & 0xff000000) | 0x00555500;
    }
}

void nv1_xy_volatile_reset(NV1Pgraph *g)
{
    g->xy_a = 0;
    g->valid &= NV1_VALID_UCLIP_WAIT_FOR_SIZE | NV1_VALID_UCLIP_MISSING_POINT;
    g->xy_b &= 0x00033300;
    g->xy_d[0] = g->xy_d[1] = 0x00555500;
    g->src_color &= 0x00ff00ff;
    g->subdivide &= 0xffff0000;
}

/* ---- the draw check and the interrupts it raises (§4.6) ---- */

/*
 * The interrupts every drawing method can raise (§4.6, the common ones),
 * plus @intr the method found and XY_RANGE if @range (normally: any
 * out-of-range flag, whichever method left it); they clear ACCESS FIFO
 * and HOST.  Only
 * the method's own interrupts count, not ones already pending
 * (docs/nv1.rst "Inferred behaviour").  True if it raised none.
 */
static bool draw_tail(NVCard *card, uint32_t intr, bool range)
{
    NV1Pgraph *g = &card->pgraph1;

    if (range) {
        intr |= NV1_INTR_XY_RANGE;
    }
    if ((g->valid & (NV1_VALID_UCLIP_WAIT_FOR_SIZE |
                     NV1_VALID_UCLIP_MISSING_POINT)) && clip_on(g)) {
        intr |= NV1_INTR_MISSING_METHOD;
    }
    if (g->canvas_config & NV1_CANVAS_SOFTWARE) {
        intr |= NV1_INTR_CANVAS_SOFTWARE;
    }
    if (g->cliprect_config & NV1_CLIPRECT_SOFTWARE) {
        intr |= NV1_INTR_CLIP_SOFTWARE;
    }
    if (intr) {
        nv1_pgraph_trap(card, intr, 0);
    }
    return !intr;
}

static bool has(NV1Pgraph *g, uint32_t bits)
{
    return (g->valid & bits) == bits;
}

/* The per-slot VALID bits of LINE, LIN and TRI. */
static uint32_t slot_bits(unsigned i)
{
    return 1u << (4 + (i & 3)) | 1u << (16 + (i & 3));
}

/*
 * §4.6: whether the latched class has what it needs, its VALID update,
 * then the common interrupts.  True if the method may draw.
 */
static bool draw_check(NVCard *card, bool poly)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned cls = nv1_xy_class(g);
    bool missing;

    switch (cls) {
    case NV1_CLASS_POINT:
    case NV1_CLASS_RECT:
    case NV1_CLASS_BLIT:
        missing = !has(g, cls == NV1_CLASS_POINT ? 0x1001 :
                          cls == NV1_CLASS_RECT ? 0x3103 : 0xf10f);
        g->valid &= ~VALID_XY;
        break;
    case NV1_CLASS_LINE:
    case NV1_CLASS_LIN:
    case NV1_CLASS_TRI: {
        uint32_t slots = cls == NV1_CLASS_TRI ? 0x70170 : 0x30130;

        if (!poly) {
            missing = !has(g, cls == NV1_CLASS_TRI ? 0x7107 : 0x3103);
            g->valid &= ~0xf00fu;
            break;
        }
        missing = (g->valid & (slots | 0xf00f)) != slots;
        g->valid &= ~slot_bits(nv1_xy_vtx_idx(g));
        if (g->valid & 0xf00f) {
            g->valid &= ~VALID_FIRST;
        }
        break;
    }
    case NV1_CLASS_IFC:
    case NV1_CLASS_BITMAP:
        missing = !has(g, 0x38038);
        break;
    case NV1_CLASS_IFM:
        missing = false;
        break;
    default:
        return false;       /* not a drawing class: no check, no draw */
    }
    return draw_tail(card, missing ? NV1_INTR_MISSING_METHOD : 0, any_oob(g));
}

/*
 * Whether a method that passed its check draws: only when it belongs to
 * the latched class (docs/nv1.rst "Inferred behaviour"); a method of
 * another class's area updates the XY state and raises what the latched
 * class raises, but draws nothing.
 */
static bool draws(NVCard *card, const NVMethodCall *call, bool passed)
{
    return passed && call->cls == nv1_xy_class(&card->pgraph1);
}

/* ---- vertex methods (§4.2, §4.3) ---- */

/*
 * Entering a vertex method: a textured class switching between the
 * integer and 12.4 forms drops its vertices; VTX_MODE_SET and FRACT
 * record the form.
 */
static void vtx_mode(NV1Pgraph *g, bool fract)
{
    if (tex(g) && (g->xy_b & NV1_XY_B_VTX_MODE_SET) &&
        !!(g->xy_b & NV1_XY_B_FRACT) != fract) {
        g->valid &= ~VALID_XY;
    }
    g->xy_b &= ~(NV1_XY_B_IFC_INIT_DONE | NV1_XY_B_FRACT);
    g->xy_b |= NV1_XY_B_VTX_MODE_SET | (tex(g) && fract ? NV1_XY_B_FRACT : 0);
}

static void valid_first(NV1Pgraph *g, uint32_t set)
{
    g->valid = (g->valid & ~VALID_XY) | set;
}

/* §4.2: a packed 16-bit X, Y pair. */
bool nv1_xy_point(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned flags = call->m->arg, cls = nv1_xy_class(g), i;
    bool poly = flags & NV1_XY_POLY;
    bool first = (flags & NV1_XY_FIRST) || ((flags & NV1_XY_TEX) && !call->idx);

    if (first) {
        set_vtx_idx(g, 0);
    }
    i = nv1_xy_vtx_idx(g);
    if (image_class(cls)) {
        i = 4;
    } else if (tex_class(cls) && (flags & NV1_XY_TEX)) {
        i = call->idx;
    }
    vtx_mode(g, flags & NV1_XY_FRACT);
    bump(g);
    setv(g, 0, i, (int16_t)call->data, true);
    setv(g, 1, i, (int16_t)(call->data >> 16), true);
    if (!poly) {
        if (i <= 8) {
            g->valid |= 1u << i | 1u << (12 + i);
        }
        if (line_class(cls)) {
            if (first) {
                valid_first(g, 0x011111);
            } else {
                g->valid |= slot_bits(i);
            }
        }
        if ((cls == NV1_CLASS_RECT || cls == NV1_CLASS_BLIT) && first) {
            g->valid |= VALID_FIRST;
        }
    } else if (line_class(cls)) {
        g->valid |= slot_bits(i);
    }
    return (flags & NV1_XY_DRAW) && draws(card, call, draw_check(card, poly));
}

/* §4.3: the 32-bit X of vertex VTX_IDX; never draws. */
void nv1_xy_x32(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned flags = call->m->arg, cls = nv1_xy_class(g), i;
    bool first = flags & NV1_XY_FIRST;

    if (first) {
        set_vtx_idx(g, 0);
    }
    i = nv1_xy_vtx_idx(g);
    vtx_mode(g, false);
    setv(g, 0, i, call->data, false);
    if (!(flags & NV1_XY_POLY)) {
        if (i <= 8) {
            g->valid |= 1u << i;
        }
        if (line_class(cls)) {
            if (first) {
                valid_first(g, 0x000111);
            } else {
                g->valid |= 1u << (4 + (i & 3));
            }
        }
        if ((cls == NV1_CLASS_RECT || cls == NV1_CLASS_BLIT) && first) {
            g->valid |= VALID_FIRST;
        }
    } else if (line_class(cls)) {
        if (g->valid & 0xf00f) {
            g->valid &= ~VALID_FIRST;
        }
        g->valid |= 1u << (4 + (i & 3));
    }
}

/* §4.3: the 32-bit Y of vertex VTX_IDX, which moves on to the next. */
bool nv1_xy_y32(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned flags = call->m->arg, cls = nv1_xy_class(g);
    unsigned i = nv1_xy_vtx_idx(g);

    vtx_mode(g, false);
    bump(g);
    setv(g, 1, i, call->data, false);
    if (!(flags & NV1_XY_POLY) && i <= 8) {
        g->valid |= 1u << (12 + i);
    }
    if (line_class(cls)) {
        g->valid |= 1u << (16 + (i & 3));
    }
    return (flags & NV1_XY_DRAW) &&
           draws(card, call, draw_check(card, flags & NV1_XY_POLY));
}

/* ---- sizes (§4.4, §4.5) ---- */

/* Both axes of @wh (zero-extended halves) relative to vertex @b. */
static void fix_size(NV1Pgraph *g, unsigned i, uint32_t wh, unsigned b,
                     unsigned s)
{
    fix(g, 0, i, wh & 0xffff, true, g->vtx_x[b], s);
    fix(g, 1, i, wh >> 16, true, g->vtx_y[b], s);
}

/* BLIT: the far corners of the source (VTX[2]) and destination (VTX[3]). */
static void blit_corners(NV1Pgraph *g, uint32_t wh)
{
    fix_size(g, 2, wh, 0, 2);
    fix_size(g, 3, wh, 1, 3);
}

/* ITM's size also lands in VTX[3]; a zero area is noted in XY_A. */
static void itm_size(NV1Pgraph *g, uint32_t wh)
{
    g->vtx_x[3] = wh & 0xffff;
    g->vtx_y[3] = wh >> 16;
    set_bit(&g->xy_a, NV1_XY_A_IMAGE_ZERO, !(wh & 0xffff) || !(wh >> 16));
}

/* §4.4: a size ("rectangle") method. */
bool nv1_xy_size(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned cls = nv1_xy_class(g), i;
    uint32_t wh = call->data;

    switch (cls) {
    case NV1_CLASS_BLIT:
        bump(g);
        bump(g);
        blit_corners(g, wh);
        g->valid |= 0x00c00c;
        break;
    case NV1_CLASS_ITM:
        bump(g);
        itm_size(g, wh);
        fix_size(g, 2, wh, 0, 2);
        g->valid |= 0x4004;
        return false;
    case NV1_CLASS_RECT:
    case NV1_CLASS_IFC:
    case NV1_CLASS_BITMAP:
    case NV1_CLASS_IFM:
        i = nv1_xy_vtx_idx(g);
        fix_size(g, i, wh, 0, i);
        if (i <= 8) {
            g->valid |= 1u << i | 1u << (12 + i);
        }
        bump(g);
        break;
    default:
        fix_size(g, 15, wh, 15, 1);
        bump(g);
        if (line_class(cls)) {
            g->valid |= 0x080080;
        }
        break;
    }
    return (call->m->arg & NV1_XY_DRAW) &&
           draws(card, call, draw_check(card, false));
}

/* §4.5: IFC's and BITMAP's SIZE_OUT. */
void nv1_xy_size_out(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned cls = nv1_xy_class(g);

    g->vtx_x[5] = call->data & 0xffff;
    g->vtx_y[5] = call->data >> 16;
    if (line_class(cls)) {
        g->valid &= ~VALID_XY;
    }
    g->valid |= 0x020020;
    if (image_class(cls)) {
        g->xy_b &= ~NV1_XY_B_IFC_INIT_DONE;
    }
    if (line_class(cls) || cls == NV1_CLASS_RECT || cls == NV1_CLASS_BLIT) {
        g->valid |= VALID_FIRST;
    }
    set_vtx_idx(g, 0);
}

/* 4 / bytes per pixel of the source format (docs/nv1.rst "Bitmaps"). */
unsigned nv1_xy_pixels_per_word(NV1Pgraph *g)
{
    static const unsigned ppw[5] = { 2, 1, 1, 4, 1 };

    return ppw[NV1_CTX_COLOR_FORMAT_DST(g->ctx_switch) % 5];
}

static uint32_t sign_of(uint32_t v)
{
    return (int32_t)v < 0 ? 1 : v ? 2 : 0;
}

static void set_sign(NV1Pgraph *g, unsigned a, uint32_t sign)
{
    g->xy_d[a] = (g->xy_d[a] & ~(3u << NV1_XY_D_SIGN_SHIFT)) |
                 sign << NV1_XY_D_SIGN_SHIFT;
}

/*
 * §4.5: an image's SIZE_IN (IFM's SIZE): VTX[3] holds (w, -h); XY_D's
 * SIGN bits note a non-zero width and height, XY_A.IMAGE_ZERO an empty
 * image.
 */
void nv1_xy_size_in(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned cls = nv1_xy_class(g);
    uint32_t w = call->data & 0xffff, h = call->data >> 16;
    bool zero;

    g->vtx_y[1] = 0;
    g->vtx_x[3] = w;
    g->vtx_y[3] = -h;
    if (image_class(cls)) {
        g->xy_b &= ~NV1_XY_B_IFC_INIT_DONE;
    }
    if (call->cls != NV1_CLASS_IFM) {
        if (line_class(cls)) {
            g->valid &= ~VALID_XY;
        }
        if (line_class(cls) || cls == NV1_CLASS_RECT ||
            cls == NV1_CLASS_BLIT) {
            g->valid |= VALID_FIRST;
        }
    }
    g->valid |= 0x008008 | (line_class(cls) ? 0x080080 : 0);
    g->xy_e &= ~(1u << 4 | 1u << 8);
    if (cls == NV1_CLASS_BITMAP && w < 0x20) {
        g->xy_e |= 1u << 8;
    }
    if (cls != NV1_CLASS_TEXLIN && cls != NV1_CLASS_TEXLINBETA) {
        set_sign(g, 0, 0);
        set_sign(g, 1, 0);
    }
    g->xy_d[0] |= w ? 2u << NV1_XY_D_SIGN_SHIFT : 0;
    g->xy_d[1] |= h ? 2u << NV1_XY_D_SIGN_SHIFT : 0;
    if (cls == NV1_CLASS_ITM) {
        zero = w == nv1_xy_pixels_per_word(g) || h == 0;
    } else {
        zero = !(g->xy_d[0] & 3u << NV1_XY_D_SIGN_SHIFT) ||
               !(g->xy_d[1] & 3u << NV1_XY_D_SIGN_SHIFT);
    }
    set_bit(&g->xy_a, NV1_XY_A_IMAGE_ZERO, zero);
    set_vtx_idx(g, 0);
}

/* §4.5: IFM's and ITM's PITCH, in VTX[6].X. */
void nv1_xy_pitch(NVCard *card, const NVMethodCall *call)
{
    card->pgraph1.vtx_x[6] = call->data;
    card->pgraph1.valid |= 0x040040;
}

/* §4.5: IFM's and ITM's OFFSET, in VTX[5].X, which starts the transfer. */
bool nv1_xy_offset(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned cls = nv1_xy_class(g);
    bool passed;

    g->vtx_x[5] = call->data;
    set_vtx_idx(g, 0);
    g->valid |= 0x020020;
    passed = draw_tail(card, has(g, cls == NV1_CLASS_IFM ? 0x70070 : 0x65065)
                             ? 0 : NV1_INTR_MISSING_METHOD, any_oob(g));
    if (tex_class(cls)) {
        g->xy_a &= ~0x0fff0fffu;
        g->valid &= ~VALID_XY;
    } else if (cls == NV1_CLASS_POINT || cls == NV1_CLASS_RECT ||
               cls == NV1_CLASS_BLIT || cls == NV1_CLASS_IFM ||
               cls == NV1_CLASS_ITM) {
        g->valid &= ~VALID_XY;
    } else if (line_class(cls)) {
        g->valid &= ~0xf00fu;
    }
    return draws(card, call, passed);
}

/* ---- image data (§4.9) ---- */

/*
 * The first data word of an IFC or BITMAP, VTX[6] already its point plus
 * SIZE_OUT: the image clip from there, then the first row's start
 * (VTX[0]), end (VTX[1].X) and what is left (VTX[2]).  @spp: pixels a
 * word.  Returns whether XY_RANGE is due: only the slots this uses count.
 */
static bool image_start(NV1Pgraph *g, unsigned spp)
{
    uint32_t both = NV1_XY_D_OOB(0) | NV1_XY_D_OOB(1);
    uint64_t sum;

    iclip_set(g, 0, g->vtx_x[6]);
    iclip_set(g, 1, g->vtx_y[6]);
    g->xy_b |= NV1_XY_B_IFC_INIT_DONE;
    set_vtx_idx(g, 0);
    g->vtx_y[2] = g->vtx_y[3] + 1;
    set_sign(g, 1, sign_of(g->vtx_y[2]));
    fix(g, 1, 0, 0, true, g->vtx_y[4], 0);
    fix(g, 0, 0, 0, true, g->vtx_x[4], 0);
    g->vtx_x[2] = g->vtx_x[3] - spp;
    set_sign(g, 0, sign_of(g->vtx_x[2]));
    sum = (uint64_t)g->vtx_x[0] + spp;
    g->vtx_x[1] = sum;
    set_bit(&g->xy_d[0], NV1_XY_D_CARRY(1), sum >> 32);
    if ((int32_t)g->vtx_x[2] < 0) {
        g->vtx_x[1] += g->vtx_x[2];
    }
    return (g->xy_d[0] & (NV1_XY_D_OOB(2) | NV1_XY_D_OOB(3))) ||
           (g->xy_d[1] & NV1_XY_D_OOB_ALL) || (g->xy_d[0] & both) == both;
}

/*
 * §4.9: a data word, already in SRC_COLOR.  True if its pixels may be
 * drawn.  IFC and BITMAP run the image logic; IFM's words (docs/nv1.rst
 * "Inferred behaviour") take its draw check; other classes only keep the
 * word.
 */
bool nv1_xy_image_data(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned cls = nv1_xy_class(g);
    bool missing, range, passed;

    if (cls == NV1_CLASS_IFM) {
        return draws(card, call, draw_check(card, false));
    }
    if (cls != NV1_CLASS_IFC && cls != NV1_CLASS_BITMAP) {
        return false;
    }
    g->xy_b &= ~NV1_XY_B_VTX_MODE_SET;
    missing = !has(g, 0x38038);
    range = any_oob(g);
    if (!(g->xy_a & NV1_XY_A_IMAGE_ZERO) &&
        !(g->xy_b & NV1_XY_B_IFC_INIT_DONE)) {
        g->vtx_x[6] = g->vtx_x[4] + g->vtx_x[5];
        g->vtx_y[6] = g->vtx_y[4] + g->vtx_y[5];
        g->xy_b &= ~XY_B_ICLIP_SEL;
        if (!missing) {
            range = image_start(g, cls == NV1_CLASS_BITMAP ? 32 :
                                   nv1_xy_pixels_per_word(g));
        }
    }
    passed = draw_tail(card, missing ? NV1_INTR_MISSING_METHOD : 0, range);
    return draws(card, call, passed) && !(g->xy_a & NV1_XY_A_IMAGE_ZERO);
}

/* ---- the CLIP object (§4.7) ---- */

/* The user clip's corner: it waits for its size (VALID bit 24). */
void nv1_xy_clip_point(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    bool t = tex(g);

    if (t && (g->xy_b & NV1_XY_B_VTX_MODE_SET) &&
        (g->xy_b & NV1_XY_B_FRACT)) {
        g->valid = 0;
    }
    g->valid = (g->valid & ~NV1_VALID_UCLIP_MISSING_POINT) |
               NV1_VALID_UCLIP_WAIT_FOR_SIZE;
    g->xy_b = (g->xy_b & 0x330) | NV1_XY_B_VTX_MODE_SET;
    for (unsigned a = 0; a < 2; a++) {
        uint32_t base = canvas_base(g, a);
        uint32_t c = (int16_t)(call->data >> (16 * a)) + base;
        bool oob = out_of_range(c);

        if (t) {
            vtx(g, a)[4] = c << 15 | 0x4000;
            oob |= g->xy_d[a] & NV1_XY_D_OOB(0);
        } else {
            vtx(g, a)[15] = c;
        }
        uclip_shift(g, a, c);
        write_d(g, a, 0, 0, c < base, oob, cstat(g, a, sext(c, 18)));
    }
}

/*
 * The user clip's size: the far corner, relative to a vertex that
 * depends on the latched class, becomes UCLIP_MAX, and XY_B selects the
 * user clip's bounds where they narrow the canvas.  With BLIT latched it
 * is a blit's size instead.
 */
bool nv1_xy_clip_size(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned cls = nv1_xy_class(g), k = nv1_xy_vtx_idx(g);
    bool waited = g->valid & NV1_VALID_UCLIP_WAIT_FOR_SIZE;

    g->valid &= ~(NV1_VALID_UCLIP_WAIT_FOR_SIZE |
                  NV1_VALID_UCLIP_MISSING_POINT);
    g->valid |= waited ? 0 : NV1_VALID_UCLIP_MISSING_POINT;
    if (cls == NV1_CLASS_BLIT) {
        g->xy_b &= 0x03000331;
        blit_corners(g, call->data);
        return draws(card, call, draw_check(card, false));
    }
    g->xy_b &= 0x03000001;
    if (cls == NV1_CLASS_ITM) {
        itm_size(g, call->data);
    }
    for (unsigned a = 0; a < 2; a++) {
        uint32_t old = g->xy_d[a], size = (call->data >> (16 * a)) & 0xffff;
        unsigned b = 15, dest = 15, slot = 1;
        uint32_t base, c;
        int32_t m;

        if (cls == NV1_CLASS_RECT || image_class(cls)) {
            b = 0;
            dest = k;
            slot = k & 3;
        } else if (cls == NV1_CLASS_ITM) {
            b = 0;
            dest = slot = 2;
        }
        base = vtx(g, a)[b];
        c = base + size;
        vtx(g, a)[dest] = c;
        uclip_shift(g, a, c);
        write_d(g, a, slot, slot, c < base, !tex(g) && out_of_range(c),
                cs(g, a, c));
        m = clip_coord(g, c, tex(g));
        if (m < canvas_lo(g, a) ||
            ((old & NV1_CSTAT_ABOVE_MAX << 8) && m >= 0)) {
            g->xy_b |= NV1_XY_B_UCLIP_NULL(a);
        }
        if (!(old & NV1_CSTAT_BELOW_MIN << 8)) {
            g->xy_b |= NV1_XY_B_MIN_UCLIP(a);
        }
        if (m <= (int32_t)canvas_max(g, a)) {
            g->xy_b |= NV1_XY_B_MAX_UCLIP(a);
        }
    }
    return false;
}

/* ---- the textured classes' betas (§4.8) ---- */

void nv1_xy_beta(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned cls = nv1_xy_class(g);

    for (unsigned j = 0; j < 2; j++) {
        unsigned idx = 2 * call->idx + j;
        uint32_t v = ((call->data >> (16 * j)) & 0xff80) << 8 | 0x4000;

        if (idx < G_N_ELEMENTS(g->vtx_beta) &&
            !(cls == NV1_CLASS_TEXQUADBETA && idx == 9)) {
            g->vtx_beta[idx] = v | ((v >> 23) & 1) << 24;
        }
    }
    if (cls == NV1_CLASS_TEXLINBETA || cls == NV1_CLASS_TEXQUADBETA) {
        g->valid |= 1u << (12 + call->idx);
    }
}

/* ---- what drawing reads ---- */

/*
 * The drawing window: per axis the bounds of §2.1, the maximum exclusive
 * (docs/nv1.rst "Inferred behaviour": a coordinate at the maximum, whose
 * clip status is NV1_CSTAT_AT_MAX, is outside, as NV1_CSTAT_OUTSIDE says).
 */
NV1Window nv1_xy_window(NV1Pgraph *g)
{
    int32_t lo[2], hi[2];

    for (unsigned a = 0; a < 2; a++) {
        clip_bounds(g, a, &lo[a], &hi[a]);
    }
    return (NV1Window) { lo[0], lo[1], hi[0], hi[1] };
}

/* Vertex 0's stored clip status: inside on both axes. */
bool nv1_xy_vtx0_inside(NV1Pgraph *g)
{
    uint32_t n = (g->xy_d[0] | g->xy_d[1]) >> NV1_XY_D_CSTAT_SHIFT(0);

    return !(n & NV1_CSTAT_OUTSIDE);
}
