/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: VTX, the stage after XF: primitive assembly, clipping, the
 * divide and viewport, faces, culling, flat shading, two-sided colours,
 * polygon mode and polygon offset (docs/3d.rst "VTX" has the rules, with
 * what is inferred).
 *
 * Assembly keeps XF's raw vertices (plain data, migrated); a complete
 * primitive is converted to host floats, clipped, and handed to the
 * caller's callback as window-space points, lines and triangles.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "hw/nv/vtx/vtx.h"

/*
 * Clip planes: 0-3 the guard band (-k w <= x, x <= k w, likewise y),
 * 4-5 the view volume's near and far planes (-w <= z, z <= w), 6 + i user
 * clip distance i.
 */
#define PLANE_USER          6
#define PLANES_XY           0x0fu
#define PLANES_Z            0x30u

/*
 * A clipped polygon's vertex bound: a convex polygon gains at most one
 * vertex per plane (4 + 12 = 16); a quad that is not planar may be
 * concave, so leave room and drop what still does not fit.
 */
#define POLY_MAX            32

/*
 * @count wraps to 12 here: a multiple of 12 keeps every assembly rule's
 * phase (odd/even, modulo 3 and 4) and every "at least N vertices" test.
 */
#define COUNT_WRAP          0xc0000000u

static bool slot_ok(NVVtxSlot s)
{
    return s.slot >= 0 && s.slot < NV_VTX_ATTRS;
}

static float slot_val(const NVVtxOut *v, NVVtxSlot s)
{
    return v->attr[s.slot][s.comp & 3];
}

static void load(NVVtxOut *o, const NVXfVertex *v, bool edge)
{
    /* TBUF words are IEEE singles (intro.rst "Structure and operation"). */
    memcpy(o->attr, v->tbuf, sizeof(o->attr));
    memcpy(o->pos, o->attr[0], sizeof(o->pos));
    o->size = 0;
    o->edge = edge;
}

/* Two-sided colours: slot @from's vector into slot @to (may be equal). */
static void copy_slot(NVVtxOut *v, NVVtxSlot to, NVVtxSlot from)
{
    if (slot_ok(to) && slot_ok(from)) {
        memmove(v->attr[to.slot], v->attr[from.slot], sizeof(v->attr[0]));
    }
}

/* Flat shading: the provoking vertex @pv's colours on every vertex. */
static void flat_shade(const NVVtxState *st, NVVtxOut *v, unsigned n,
                       unsigned pv)
{
    const NVVtxSlot *cols[4] = {
        &st->col[0], &st->col[1], &st->bcol[0], &st->bcol[1],
    };

    if (!st->flat) {
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        for (unsigned c = 0; c < 4; c++) {
            if (i != pv && slot_ok(*cols[c])) {
                memcpy(v[i].attr[cols[c]->slot], v[pv].attr[cols[c]->slot],
                       sizeof(v->attr[0]));
            }
        }
    }
}

/*
 * What clipping a primitive needs of the state, worked out once per
 * primitive: the planes (Kelvin: none) and the guard band's k for x and
 * y, st->guard over the viewport's scale (at least 1), so that x / w
 * inside it stays within st->guard pixels of the viewport's centre.
 */
typedef struct VtxClip {
    const NVVtxState *st;
    unsigned planes;
    float k[2];
} VtxClip;

static VtxClip clip_setup(const NVVtxState *st)
{
    VtxClip c = { .st = st };

    if (st->window_coords) {
        return c;
    }
    c.planes = PLANES_XY | (st->depth_clamp ? 0 : PLANES_Z);
    for (unsigned i = 0; i < NV_VTX_CLIP_DISTS; i++) {
        if (st->clip_enable & 1u << i && slot_ok(st->clip_dist[i])) {
            c.planes |= 1u << (PLANE_USER + i);
        }
    }
    for (unsigned a = 0; a < 2; a++) {
        c.k[a] = st->guard / fmaxf(fabsf(st->vp_scale[a]), 1.0f);
    }
    return c;
}

/* Signed distance to plane @p, >= 0 inside (clip space: linear). */
static float plane_dist(const VtxClip *c, const NVVtxOut *v, unsigned p)
{
    float w = v->pos[3];

    if (p >= PLANE_USER) {
        return slot_val(v, c->st->clip_dist[p - PLANE_USER]);
    }
    if (p < 4) {
        w *= c->k[p / 2];
    }
    return p & 1 ? w - v->pos[p / 2] : w + v->pos[p / 2];
}

/* The planes of @planes @v is outside of; NaN counts as outside. */
static unsigned outcode(const VtxClip *c, const NVVtxOut *v, unsigned planes)
{
    unsigned out = 0;

    for (unsigned p = 0; planes >> p; p++) {
        if (planes & 1u << p && !(plane_dist(c, v, p) >= 0)) {
            out |= 1u << p;
        }
    }
    return out;
}

/* @o = @a + t (@b - @a), position and every attribute. */
static void lerp(NVVtxOut *o, const NVVtxOut *a, const NVVtxOut *b, float t)
{
    for (unsigned c = 0; c < 4; c++) {
        o->pos[c] = a->pos[c] + t * (b->pos[c] - a->pos[c]);
    }
    for (unsigned i = 0; i < NV_VTX_ATTRS; i++) {
        for (unsigned c = 0; c < 4; c++) {
            o->attr[i][c] = a->attr[i][c] + t * (b->attr[i][c] - a->attr[i][c]);
        }
    }
    o->size = 0;
}

/*
 * Sutherland-Hodgman against each plane of @planes in turn; @v (the
 * result, POLY_MAX entries) and @tmp alternate.  New vertices are
 * interpolated from the inside vertex towards the outside one, so that an
 * edge two polygons share is cut at the same point; an inside vertex on
 * the plane is its own intersection (no duplicate).  An edge along a user
 * plane is a boundary edge, one along the view volume is not (inferred,
 * docs/3d.rst).  Returns the vertex count, 0 when nothing is left.
 */
static unsigned clip_poly(const VtxClip *c, unsigned planes, NVVtxOut *v,
                          NVVtxOut *tmp, unsigned n)
{
    NVVtxOut *in = v, *out = tmp;

    for (unsigned p = 0; planes >> p; p++) {
        unsigned m = 0;
        NVVtxOut *swap;

        if (!(planes & 1u << p)) {
            continue;
        }
        for (unsigned i = 0; i < n; i++) {
            const NVVtxOut *a = &in[i], *b = &in[(i + 1) % n];
            float da = plane_dist(c, a, p), db = plane_dist(c, b, p);
            bool ina = da >= 0, inb = db >= 0;

            if (m + 2 > POLY_MAX) {
                return 0;
            }
            if (ina) {
                out[m++] = *a;
            }
            if (ina && !inb && da == 0) {
                out[m - 1].edge = p >= PLANE_USER;
            } else if (ina && !inb) {
                lerp(&out[m], a, b, da / (da - db));
                out[m++].edge = p >= PLANE_USER;
            } else if (!ina && inb && db != 0) {
                lerp(&out[m], b, a, db / (db - da));
                out[m++].edge = a->edge;
            }
        }
        if (m < 3) {
            return 0;
        }
        n = m;
        swap = in;
        in = out;
        out = swap;
    }
    if (in != v) {
        memcpy(v, in, n * sizeof(*v));
    }
    return n;
}

/*
 * A line against each plane of @planes: the entering and leaving
 * parameters, then one interpolation per end from the original ends.
 * False when nothing is left.
 */
static bool clip_line(const VtxClip *c, unsigned planes, NVVtxOut v[2])
{
    float t0 = 0, t1 = 0;
    NVVtxOut a = v[0], b = v[1];

    for (unsigned p = 0; planes >> p; p++) {
        float d0, d1;

        if (!(planes & 1u << p)) {
            continue;
        }
        d0 = plane_dist(c, &a, p);
        d1 = plane_dist(c, &b, p);
        if (!(d0 >= 0) && !(d1 >= 0)) {
            return false;
        }
        if (!(d0 >= 0)) {
            t0 = fmaxf(t0, d0 / (d0 - d1));
        } else if (!(d1 >= 0)) {
            t1 = fmaxf(t1, d1 / (d1 - d0));
        }
    }
    if (t0 + t1 >= 1) {
        return false;
    }
    if (t0 > 0) {
        lerp(&v[0], &a, &b, t0);
    }
    if (t1 > 0) {
        lerp(&v[1], &b, &a, t1);
    }
    return true;
}

/*
 * Divide by w and apply the viewport (Kelvin: the position is already in
 * window coordinates; only 1/w is formed).  w <= 0 is left only by
 * degenerate or NaN input on Rankine/Curie, but is behind the eye on
 * Kelvin: false, and the caller drops the primitive, as for an infinite
 * w (1/w would be 0) or a result that is not finite.
 */
static bool to_window(const NVVtxState *st, NVVtxOut *v)
{
    float w = v->pos[3];

    if (!(w > 0) || !isfinite(w)) {
        return false;
    }
    if (!st->window_coords) {
        for (unsigned c = 0; c < 3; c++) {
            v->pos[c] = v->pos[c] / w * st->vp_scale[c] + st->vp_translate[c];
        }
    }
    v->pos[3] = 1 / w;
    v->size = slot_ok(st->psize) ? slot_val(v, st->psize) : st->point_size;
    return isfinite(v->pos[0]) && isfinite(v->pos[1]) &&
           isfinite(v->pos[2]) && isfinite(v->pos[3]);
}

static void emit(NVVtx *vtx, NVVtxPrim *p, unsigned kind, bool back,
                 float z_offset)
{
    p->kind = kind;
    p->back = back;
    p->z_offset = z_offset;
    p->width = kind == NV_VTX_PRIM_LINE ? vtx->st.line_width : 0;
    if (vtx->emit) {
        vtx->emit(vtx->opaque, p);
    }
}

/* GL: a point is clipped by its centre; a wide one is drawn whole. */
static void do_point(NVVtx *vtx, const NVXfVertex *a)
{
    const NVVtxState *st = &vtx->st;
    const VtxClip c = clip_setup(st);
    NVVtxPrim p = { 0 };

    load(&p.v[0], a, true);
    if (outcode(&c, &p.v[0], c.planes) || !to_window(st, &p.v[0])) {
        return;
    }
    emit(vtx, &p, NV_VTX_PRIM_POINT, false, 0);
}

/* GL: a line is clipped as a segment; a wide one is widened after. */
static void do_line(NVVtx *vtx, const NVXfVertex *a, const NVXfVertex *b)
{
    const NVVtxState *st = &vtx->st;
    const VtxClip c = clip_setup(st);
    unsigned oc0, oc1;
    NVVtxPrim p = { 0 };

    load(&p.v[0], a, true);
    load(&p.v[1], b, true);
    flat_shade(st, p.v, 2, st->flat_first ? 0 : 1);
    oc0 = outcode(&c, &p.v[0], c.planes);
    oc1 = outcode(&c, &p.v[1], c.planes);
    if (oc0 & oc1 || ((oc0 | oc1) && !clip_line(&c, oc0 | oc1, p.v))) {
        return;
    }
    if (!to_window(st, &p.v[0]) || !to_window(st, &p.v[1])) {
        return;
    }
    emit(vtx, &p, NV_VTX_PRIM_LINE, false, 0);
}

/*
 * Newell's normal of a window-space polygon: n[2] is twice its signed
 * area (positive counter-clockwise with y up, so clockwise as the
 * window, y down, shows it), and the plane's slopes are
 * dz/dx = -n[0] / n[2], dz/dy = -n[1] / n[2].
 */
static void poly_normal(const NVVtxOut *v, unsigned n, float nrm[3])
{
    nrm[0] = nrm[1] = nrm[2] = 0;
    for (unsigned i = 0; i < n; i++) {
        const float *a = v[i].pos, *b = v[(i + 1) % n].pos;

        nrm[0] += (a[1] - b[1]) * (a[2] + b[2]);
        nrm[1] += (a[2] - b[2]) * (a[0] + b[0]);
        nrm[2] += (a[0] - b[0]) * (a[1] + b[1]);
    }
}

/*
 * GL's polygon offset: factor * m + units * r, m = max(|dz/dx|, |dz/dy|)
 * (the bound GL allows for the gradient's length); a polygon of no area
 * has no slope.
 */
static float poly_offset(const NVVtxState *st, const float nrm[3])
{
    float m = 0;

    if (nrm[2] != 0) {
        m = fmaxf(fabsf(nrm[0]), fabsf(nrm[1])) / fabsf(nrm[2]);
    }
    if (!isfinite(m)) {
        m = 0;
    }
    return st->offset_factor * m + st->offset_units * st->offset_r;
}

/*
 * A polygon of @n (3 or 4) vertices: @edge[i] flags the edge from @in[i]
 * to the next, @pv is the provoking vertex.  Clipped whole, its face from
 * the clipped outline's area, then drawn as its polygon mode says: a fan
 * of triangles, its boundary edges as lines or their first vertices as
 * points.
 */
static void do_poly(NVVtx *vtx, const NVXfVertex *const *in,
                    const bool *edge, unsigned n, unsigned pv)
{
    const NVVtxState *st = &vtx->st;
    const VtxClip c = clip_setup(st);
    unsigned any = 0, all = c.planes, mode;
    NVVtxOut v[POLY_MAX], tmp[POLY_MAX];
    float nrm[3], z_offset = 0;
    bool back;
    NVVtxPrim p = { 0 };

    for (unsigned i = 0; i < n; i++) {
        unsigned oc;

        load(&v[i], in[i], edge[i]);
        oc = outcode(&c, &v[i], c.planes);
        any |= oc;
        all &= oc;
    }
    flat_shade(st, v, n, pv);
    if (all || (any && !(n = clip_poly(&c, any, v, tmp, n)))) {
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        if (!to_window(st, &v[i])) {
            return;
        }
    }

    /*
     * The winding as the window shows it, y down (docs/3d.rst "Faces"):
     * a negative nrm[2] is counter-clockwise.  GL: zero area is neither
     * counter-clockwise nor clockwise: back.
     */
    poly_normal(v, n, nrm);
    back = !(st->front_ccw ? nrm[2] < 0 : nrm[2] > 0);
    if (st->cull_enable && st->cull_face & (back ? 2 : 1)) {
        return;
    }
    if (back && st->two_side) {
        for (unsigned i = 0; i < n; i++) {
            copy_slot(&v[i], st->col[0], st->bcol[0]);
            copy_slot(&v[i], st->col[1], st->bcol[1]);
        }
    }
    mode = st->poly_mode[back];
    if (mode != NV_VTX_POINT && mode != NV_VTX_LINE) {
        mode = NV_VTX_FILL;
    }
    if (st->offset_enable[mode]) {
        z_offset = poly_offset(st, nrm);
    }

    for (unsigned i = 0; i < n; i++) {
        if (mode == NV_VTX_FILL && i >= 1 && i + 1 < n) {
            /* The fan's inner edges are not boundary edges. */
            p.v[0] = v[0];
            p.v[0].edge = i == 1 && v[0].edge;
            p.v[1] = v[i];
            p.v[2] = v[i + 1];
            p.v[2].edge = i + 2 == n && v[i + 1].edge;
            emit(vtx, &p, NV_VTX_PRIM_TRIANGLE, back, z_offset);
        } else if (mode == NV_VTX_LINE && v[i].edge) {
            p.v[0] = v[i];
            p.v[1] = v[(i + 1) % n];
            emit(vtx, &p, NV_VTX_PRIM_LINE, back, z_offset);
        } else if (mode == NV_VTX_POINT && v[i].edge) {
            p.v[0] = v[i];
            emit(vtx, &p, NV_VTX_PRIM_POINT, back, z_offset);
        }
    }
}

static void do_tri(NVVtx *vtx, const NVXfVertex *a, const NVXfVertex *b,
                   const NVXfVertex *c, const bool *edge, unsigned pv)
{
    const NVXfVertex *in[3] = { a, b, c };

    do_poly(vtx, in, edge, 3, pv);
}

/* The vertex @age vertices before the newest (0: the newest). */
static const NVXfVertex *prev(const NVVtx *vtx, unsigned age)
{
    return &vtx->prev[(vtx->newest + age) % 3];
}

static bool prev_edge(const NVVtx *vtx, unsigned age)
{
    return vtx->prev_edge[(vtx->newest + age) % 3];
}

/*
 * GL_POLYGON as a fan from its first vertex: the triangle of the last
 * two vertices.  The fan's inner edges are not boundary edges; the one
 * back to the first vertex is only in the last triangle, so a triangle is
 * drawn when the next vertex or the end shows whether it is the last.
 * GL's provoking vertex of a polygon is its first.
 */
static void polygon_tri(NVVtx *vtx, bool last)
{
    bool edge[3] = {
        vtx->count == 3 && vtx->first_edge,
        prev_edge(vtx, 1),
        last && prev_edge(vtx, 0),
    };

    do_tri(vtx, &vtx->first, prev(vtx, 1), prev(vtx, 0), edge, 0);
}

void nv_vtx_init(NVVtx *vtx, NVVtxEmit *emit, void *opaque)
{
    NVVtxSlot none = { .slot = -1 };

    memset(vtx, 0, sizeof(*vtx));
    for (unsigned i = 0; i < NV_VTX_CLIP_DISTS; i++) {
        vtx->st.clip_dist[i] = none;
    }
    vtx->st.col[0] = vtx->st.col[1] = none;
    vtx->st.bcol[0] = vtx->st.bcol[1] = none;
    vtx->st.psize = none;
    vtx->st.edge_flag = true;
    vtx->st.guard = NV_VTX_GUARD;
    vtx->emit = emit;
    vtx->opaque = opaque;
}

void nv_vtx_begin(NVVtx *vtx, unsigned prim)
{
    nv_vtx_end(vtx);
    vtx->prim = prim <= NV_VTX_POLYGON ? prim : NV_VTX_STOP;
}

/*
 * Which vertices make which primitive, and the provoking vertex, follow
 * GL (docs/3d.rst "Primitive assembly"); k counts from 0.
 */
void nv_vtx_vertex(NVVtx *vtx, const NVXfVertex *v)
{
    static const bool all[4] = { true, true, true, true };
    const NVXfVertex *p0 = prev(vtx, 0), *p1 = prev(vtx, 1);
    const NVXfVertex *p2 = prev(vtx, 2);
    bool ff = vtx->st.flat_first, e = vtx->st.edge_flag;
    bool edge[4] = { prev_edge(vtx, 2), prev_edge(vtx, 1), prev_edge(vtx, 0),
                     e };
    uint32_t k = vtx->count;

    switch (vtx->prim) {
    case NV_VTX_POINTS:
        do_point(vtx, v);
        break;
    case NV_VTX_LINES:
        if (k & 1) {
            do_line(vtx, p0, v);
        }
        break;
    case NV_VTX_LINE_LOOP:
    case NV_VTX_LINE_STRIP:
        if (k >= 1) {
            do_line(vtx, p0, v);
        }
        break;
    case NV_VTX_TRIANGLES:
        if (k % 3 == 2) {
            do_tri(vtx, p1, p0, v, &edge[1], ff ? 0 : 2);
        }
        break;
    case NV_VTX_TRIANGLE_STRIP:
        /* Odd triangles swap their first two vertices to keep winding. */
        if (k >= 2 && k & 1) {
            do_tri(vtx, p0, p1, v, all, ff ? 1 : 2);
        } else if (k >= 2) {
            do_tri(vtx, p1, p0, v, all, ff ? 0 : 2);
        }
        break;
    case NV_VTX_TRIANGLE_FAN:
        if (k >= 2) {
            do_tri(vtx, &vtx->first, p0, v, all, ff ? 1 : 2);
        }
        break;
    case NV_VTX_QUADS:
        if (k % 4 == 3) {
            const NVXfVertex *in[4] = { p2, p1, p0, v };

            do_poly(vtx, in, edge, 4, 3);
        }
        break;
    case NV_VTX_QUAD_STRIP:
        if (k >= 3 && k & 1) {
            const NVXfVertex *in[4] = { p2, p1, v, p0 };

            do_poly(vtx, in, all, 4, 2);
        }
        break;
    case NV_VTX_POLYGON:
        if (k >= 3) {
            polygon_tri(vtx, false);
        }
        break;
    default:
        return;
    }

    if (k == 0) {
        vtx->first = *v;
        vtx->first_edge = e;
    }
    /* The oldest's place takes the new one. */
    vtx->newest = (vtx->newest + 2) % 3;
    vtx->prev[vtx->newest] = *v;
    vtx->prev_edge[vtx->newest] = e;
    vtx->count = k + 1 == COUNT_WRAP ? 12 : k + 1;
}

void nv_vtx_end(NVVtx *vtx)
{
    if (vtx->prim == NV_VTX_LINE_LOOP && vtx->count >= 2) {
        do_line(vtx, prev(vtx, 0), &vtx->first);
    } else if (vtx->prim == NV_VTX_POLYGON && vtx->count >= 3) {
        polygon_tri(vtx, true);
    }
    vtx->prim = NV_VTX_STOP;
    vtx->count = 0;
}

void nv_vtx_post_load(NVVtx *vtx)
{
    vtx->newest %= 3;
    if (vtx->prim > NV_VTX_POLYGON) {
        vtx->prim = NV_VTX_STOP;
    }
    if (vtx->prim == NV_VTX_STOP) {
        vtx->count = 0;
    } else if (vtx->count >= COUNT_WRAP) {
        vtx->count = vtx->count % 12 + 12;
    }
}

static void append(char *buf, size_t len, size_t *at, const char *fmt, ...)
{
    va_list ap;
    int n;

    if (*at >= len) {
        return;
    }
    va_start(ap, fmt);
    n = vsnprintf(buf + *at, len - *at, fmt, ap);
    va_end(ap);
    *at = n < 0 ? len : *at + (size_t)n;
}

void nv_vtx_prim_format(const NVVtxPrim *p, char *buf, size_t len)
{
    static const char *const kinds[] = { "?", "point", "line", "triangle" };
    unsigned n = p->kind <= NV_VTX_PRIM_TRIANGLE ? p->kind : 0;
    size_t at = 0;

    if (len) {
        buf[0] = 0;
    }
    append(buf, len, &at, "%s %s z_offset %g", kinds[n],
           p->back ? "back" : "front", p->z_offset);
    if (n == NV_VTX_PRIM_LINE) {
        append(buf, len, &at, " width %g", p->width);
    }
    for (unsigned i = 0; i < n; i++) {
        const NVVtxOut *v = &p->v[i];

        append(buf, len, &at, " (%g %g %g %g size %g)", v->pos[0],
               v->pos[1], v->pos[2], v->pos[3], v->size);
    }
}
