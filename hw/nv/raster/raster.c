/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the rasterizer of the NV2x-NV4x 3D pipeline (docs/3d.rst
 * "Rasterizer" has the rules, with what is inferred).
 *
 * Vertices are snapped to NV_RASTER_SUBPIX sub-pixel bits; triangles are
 * three integer edge functions with the top-left fill rule, lines and
 * points runs of pixels along their major axis.  Both are walked in 2x2
 * quads inside the work rectangle (target, scissor, clip rectangles), so
 * that whatever the coordinates the work is bounded by that rectangle.
 * Every pixel of a quad is shaded from its screen-space barycentrics: z
 * and 1/w linearly, the attributes perspective-correctly.
 */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "hw/nv/raster/raster.h"

#define ONE         (1 << NV_RASTER_SUBPIX)
#define HALF        (ONE / 2)
/*
 * Snapped positions are clamped to +-2^21 pixels (29 bits with the
 * sub-pixel ones): an edge function's products then stay below 2^61.
 */
#define GUARD       (1 << 21)

/*
 * One primitive being rasterized, the work rectangle [x0, x1), and the
 * quad positions this slice may still visit.
 */
typedef struct Prim {
    NVRaster *r;
    const NVVtxPrim *p;
    int64_t x0, y0, x1, y1;
    bool clip_test;             /* the clip rectangles need a pixel test */
    bool stipple;               /* polygon stipple */
    unsigned left;
    bool suspended;
} Prim;

/*
 * A line or point as runs along its major axis: at major position m in
 * [m0, m1), the minor positions from floor((n0 + centre(m) * k) / d) on,
 * @w of them.  @s0 and @dir count line stipple positions from the start.
 */
typedef struct Runs {
    bool ymajor;
    int64_t m0, m1;
    int64_t n0, k, d;
    int64_t w;
    int64_t s0, dir;
    bool stipple;
    int64_t a[2], b[2];         /* the snapped vertices */
    double size;                /* points: the size for sprite coordinates */
} Runs;

static int64_t floor_div(int64_t a, int64_t d)
{
    int64_t q = a / d;

    return a % d && a < 0 ? q - 1 : q;
}

static int64_t ceil_div(int64_t a, int64_t d)
{
    return -floor_div(-a, d);
}

static int64_t max64(int64_t a, int64_t b)
{
    return a > b ? a : b;
}

static int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

/* A window coordinate in sub-pixel units; false if not finite. */
static bool snap(float f, int64_t *out)
{
    double d = f;

    if (!isfinite(d)) {
        return false;
    }
    d = fmax(-GUARD, fmin(GUARD, d));
    *out = (int64_t)floor(d * ONE + 0.5);
    return true;
}

/* A point size or line width as GL rounds it: nearest, at least 1. */
static int64_t int_size(float f)
{
    if (!(f >= 1)) {
        return 1;
    }
    if (f > NV_RASTER_MAX_SIZE) {
        return NV_RASTER_MAX_SIZE;
    }
    return (int64_t)floorf(f + 0.5f);
}

static bool rect_empty(const NVRasterRect *c)
{
    return c->x1 < c->x0 || c->y1 < c->y0;
}

/* Clip rectangle @i in window pixels, half-open. */
static void clip_rect(const NVRasterState *st, unsigned i, int64_t b[4])
{
    const NVRasterRect *c = &st->clip[i];

    b[0] = (int64_t)st->origin_x + c->x0;
    b[1] = (int64_t)st->origin_y + c->y0;
    b[2] = (int64_t)st->origin_x + c->x1 + 1;
    b[3] = (int64_t)st->origin_y + c->y1 + 1;
}

/*
 * The work rectangle: target, scissor and viewport, and in inclusive mode the
 * clip rectangles' bounding box; whether the clip rectangles need a test
 * per pixel.  False when it is empty.
 */
static bool setup(Prim *t)
{
    const NVRasterState *st = &t->r->st;
    bool exclusive = st->clip_mode & 1;
    int64_t u[4] = { INT64_MAX, INT64_MAX, INT64_MIN, INT64_MIN };

    t->x0 = max64(st->scissor_x, st->vp_x);
    t->y0 = max64(st->scissor_y, st->vp_y);
    t->x1 = min64(min64(st->width, NV_RASTER_MAX_SIZE),
                  min64((int64_t)st->scissor_x + st->scissor_w,
                        (int64_t)st->vp_x + st->vp_w));
    t->y1 = min64(min64(st->height, NV_RASTER_MAX_SIZE),
                  min64((int64_t)st->scissor_y + st->scissor_h,
                        (int64_t)st->vp_y + st->vp_h));
    for (unsigned i = 0; i < NV_RASTER_CLIP_RECTS && !exclusive; i++) {
        int64_t b[4];

        if (!rect_empty(&st->clip[i])) {
            clip_rect(st, i, b);
            u[0] = min64(u[0], b[0]);
            u[1] = min64(u[1], b[1]);
            u[2] = max64(u[2], b[2]);
            u[3] = max64(u[3], b[3]);
        }
    }
    if (!exclusive) {
        t->x0 = max64(t->x0, u[0]);
        t->y0 = max64(t->y0, u[1]);
        t->x1 = min64(t->x1, u[2]);
        t->y1 = min64(t->y1, u[3]);
    }
    if (t->x0 >= t->x1 || t->y0 >= t->y1) {
        return false;
    }

    /*
     * Inclusive: no test if one rectangle holds the work rectangle;
     * exclusive: none if no rectangle meets it.
     */
    t->clip_test = !exclusive;
    for (unsigned i = 0; i < NV_RASTER_CLIP_RECTS; i++) {
        int64_t b[4];

        if (rect_empty(&st->clip[i])) {
            continue;
        }
        clip_rect(st, i, b);
        if (!exclusive && b[0] <= t->x0 && b[1] <= t->y0 &&
            b[2] >= t->x1 && b[3] >= t->y1) {
            t->clip_test = false;
        } else if (exclusive && b[0] < t->x1 && b[1] < t->y1 &&
                   b[2] > t->x0 && b[3] > t->y0) {
            t->clip_test = true;
        }
    }
    return true;
}

static bool clip_pass(const NVRasterState *st, int64_t x, int64_t y)
{
    bool in = false;

    for (unsigned i = 0; i < NV_RASTER_CLIP_RECTS && !in; i++) {
        int64_t b[4];

        clip_rect(st, i, b);
        in = !rect_empty(&st->clip[i]) && x >= b[0] && y >= b[1] &&
             x < b[2] && y < b[3];
    }
    return in != (st->clip_mode & 1);
}

/* @mask less the pixels of the quad at (x, y) that are cut. */
static unsigned pixel_mask(const Prim *t, int64_t x, int64_t y,
                           unsigned mask)
{
    const NVRasterState *st = &t->r->st;

    for (unsigned i = 0; i < 4; i++) {
        int64_t px = x + (i & 1), py = y + (i >> 1);

        if (!(mask & 1u << i)) {
            continue;
        }
        /*
         * GL's polygon stipple: word y mod 32, the first pixel of a row
         * in bit 31 (inferred).
         */
        if (px < t->x0 || px >= t->x1 || py < t->y0 || py >= t->y1 ||
            (t->clip_test && !clip_pass(st, px, py)) ||
            (t->stipple &&
             !(st->poly_stipple_pattern[py & 31] & 0x80000000u >> (px & 31)))) {
            mask &= ~(1u << i);
        }
    }
    return mask;
}

/*
 * One pixel's values from its screen-space barycentrics @l (summing to
 * 1) over the primitive's @n vertices: z and 1/w linear, each attribute
 * the ratio of its /w and 1/w interpolations (GL 2.1 "Polygon
 * Interpolation", equation 3.9): one division a pixel.  Inline, so that
 * each caller's constant @n unrolls the sums.
 */
static inline void shade(const Prim *t, NVRasterFrag *f, const double *l,
                         unsigned n)
{
    const NVVtxPrim *p = t->p;
    const NVRasterState *st = &t->r->st;
    double z = p->z_offset, q = 0, r;
    float w[3];

    for (unsigned i = 0; i < n; i++) {
        z += l[i] * p->v[i].pos[2];
        q += l[i] * p->v[i].pos[3];
    }
    f->z = !(z > 0) ? 0 : z > st->z_max ? st->z_max : z;
    f->q = q;
    r = q != 0 ? 1 / q : 0;
    for (unsigned i = 0; i < n; i++) {
        w[i] = r != 0 ? l[i] * p->v[i].pos[3] * r : l[i];
    }
    for (uint32_t m = st->attr_mask; m; m &= m - 1) {
        unsigned s = __builtin_ctz(m);

        if (s >= NV_VTX_ATTRS) {
            break;
        }
        for (unsigned c = 0; c < 4; c++) {
            float a = 0;

            for (unsigned i = 0; i < n; i++) {
                a += w[i] * p->v[i].attr[s][c];
            }
            f->attr[s][c] = a;
        }
    }
    f->sprite[0] = f->sprite[1] = 0;
}

static void emit(const Prim *t, int64_t x, int64_t y, unsigned mask)
{
    NVRasterQuad *q = &t->r->quad;

    q->x = x;
    q->y = y;
    q->mask = mask;
    q->kind = t->p->kind;
    q->back = t->p->back;
    if (t->r->emit) {
        t->r->emit(t->r->opaque, q);
    }
}

/* Out of budget: the next slice starts at the quad at (x, y). */
static void suspend(Prim *t, int64_t y, int64_t x)
{
    t->suspended = true;
    t->r->next_m = y;
    t->r->next_n = x;
}

/*
 * Triangles: edge k (from vertex k + 1 to k + 2, the vertices ordered
 * clockwise as seen with y down) is E_k(p) = dx (p.y - a.y) - dy (p.x -
 * a.x) in sub-pixel units, positive inside (on the edge's right); E_k /
 * area is vertex k's barycentric.  A pixel centre on an edge is inside only for a top edge
 * (horizontal, interior below) or a left edge (going up): the D3D/GL
 * top-left rule, so two triangles sharing an edge cover its pixels once.
 */
static void do_tri(Prim *t)
{
    const NVVtxPrim *p = t->p;
    int64_t vx[3], vy[3], area, e[3], sx[3], sy[3], bias[3];
    int64_t bx0, by0, bx1, by1;
    double inv_area;
    unsigned idx[3] = { 0, 1, 2 };

    for (unsigned i = 0; i < 3; i++) {
        if (!snap(p->v[i].pos[0], &vx[i]) || !snap(p->v[i].pos[1], &vy[i])) {
            return;
        }
    }
    area = (vx[1] - vx[0]) * (vy[2] - vy[0]) -
           (vy[1] - vy[0]) * (vx[2] - vx[0]);
    /* No area: no centre passes all three edges, and l divides by it. */
    if (area == 0) {
        return;
    }
    if (area < 0) {
        idx[1] = 2;
        idx[2] = 1;
        area = -area;
    }
    inv_area = 1.0 / area;

    bx0 = max64(t->x0, ceil_div(min64(min64(vx[0], vx[1]), vx[2]) - HALF,
                                ONE));
    by0 = max64(t->y0, ceil_div(min64(min64(vy[0], vy[1]), vy[2]) - HALF,
                                ONE));
    bx1 = min64(t->x1, floor_div(max64(max64(vx[0], vx[1]), vx[2]) - HALF,
                                 ONE) + 1);
    by1 = min64(t->y1, floor_div(max64(max64(vy[0], vy[1]), vy[2]) - HALF,
                                 ONE) + 1);
    bx0 &= ~(int64_t)1;
    by0 &= ~(int64_t)1;
    /* A later slice goes on from the quad where the last one stopped. */
    if (t->r->resume) {
        by0 = t->r->next_m;
    }

    for (unsigned k = 0; k < 3; k++) {
        unsigned a = idx[(k + 1) % 3], b = idx[(k + 2) % 3];
        int64_t dx = vx[b] - vx[a], dy = vy[b] - vy[a];

        sx[k] = -dy * ONE;
        sy[k] = dx * ONE;
        bias[k] = dy < 0 || (dy == 0 && dx > 0) ? 0 : 1;
        e[k] = dx * (by0 * ONE + HALF - vy[a]) -
               dy * (bx0 * ONE + HALF - vx[a]);
    }

    for (int64_t y = by0; y < by1; y += 2) {
        int64_t ex[3] = { e[0], e[1], e[2] };
        int64_t x = bx0;

        if (t->r->resume) {
            t->r->resume = false;
            x = t->r->next_n;
            for (unsigned k = 0; k < 3; k++) {
                ex[k] += (x - bx0) * sx[k];
            }
        }
        for (; x < bx1; x += 2) {
            int64_t pe[4][3];
            unsigned mask = 0;

            if (!t->left) {
                suspend(t, y, x);
                return;
            }
            t->left--;
            for (unsigned i = 0; i < 4; i++) {
                bool in = true;

                for (unsigned k = 0; k < 3; k++) {
                    pe[i][k] = ex[k] + (i & 1) * sx[k] + (i >> 1) * sy[k];
                    in = in && pe[i][k] >= bias[k];
                }
                mask |= in << i;
            }
            for (unsigned k = 0; k < 3; k++) {
                ex[k] += 2 * sx[k];
            }
            mask = pixel_mask(t, x, y, mask);
            if (!mask) {
                continue;
            }
            for (unsigned i = 0; i < 4; i++) {
                double l[3];

                for (unsigned k = 0; k < 3; k++) {
                    l[idx[k]] = pe[i][k] * inv_area;
                }
                shade(t, &t->r->quad.f[i], l, 3);
            }
            emit(t, x, y, mask);
        }
        for (unsigned k = 0; k < 3; k++) {
            e[k] += 2 * sy[k];
        }
    }
}

static int64_t run_start(const Runs *s, int64_t m)
{
    return floor_div(s->n0 + (m * ONE + HALF) * s->k, s->d);
}

/*
 * GL's line stipple: the fragment at position i from the line's start
 * is drawn if bit (i / factor) mod 16 of the pattern is set; FACTOR is
 * GL's factor less one (Mesa sends gallium's line_stipple_factor).
 */
static bool stipple_pass(const NVRasterState *st, const Runs *s, int64_t m)
{
    int64_t i = (m - s->s0) * s->dir;

    return st->line_stipple_pattern >> (i / (st->line_stipple_factor + 1) &
                                        15) & 1;
}

/* Pixel (x, y), f[@i] of the quad, of a line or point. */
static void shade_run(const Prim *t, const Runs *s, unsigned i, int64_t x,
                      int64_t y)
{
    const NVRasterState *st = &t->r->st;
    NVRasterFrag *f = &t->r->quad.f[i];
    double cx = x * ONE + HALF - s->a[0], cy = y * ONE + HALF - s->a[1];
    double l[2];

    if (t->p->kind == NV_VTX_PRIM_LINE) {
        /* GL 2.1 "Basic Line Segment Rasterization", equation 3.5. */
        double dx = s->b[0] - s->a[0], dy = s->b[1] - s->a[1];

        l[1] = (cx * dx + cy * dy) / (dx * dx + dy * dy);
        l[0] = 1 - l[1];
        shade(t, f, l, 2);
        return;
    }
    l[0] = 1;
    shade(t, f, l, 1);
    /*
     * GL 2.1 "Point Sprites", with the origin at the top (Mesa's nv30
     * driver uses the hardware's sprites only for an upper-left
     * sprite_coord_mode, nv30_state_validate.c).
     */
    f->sprite[0] = 0.5 + cx / ONE / s->size;
    f->sprite[1] = 0.5 + cy / ONE / s->size;
    if (!st->point_sprite) {
        return;
    }
    for (uint32_t m = st->sprite_replace & st->attr_mask; m; m &= m - 1) {
        unsigned a = __builtin_ctz(m);
        float *c;

        if (a >= NV_VTX_ATTRS) {
            break;
        }
        /* NV_point_sprite's R_MODE: zero, the vertex's r or its s. */
        c = f->attr[a];
        c[2] = st->sprite_r_mode == 1 ? c[2] :
               st->sprite_r_mode == 2 ? c[0] : 0;
        c[0] = f->sprite[0];
        c[1] = f->sprite[1];
        c[3] = 1;
    }
}

/*
 * A line or point: major positions in pairs, each pair's runs in quads
 * along the minor axis.  A line's runs move at most one pixel a step,
 * so the quads are at most the width plus two across: the work is
 * bounded by the work rectangle's major extent times that.
 */
static void walk_runs(Prim *t, const Runs *s)
{
    const NVRasterState *st = &t->r->st;
    int64_t lo = max64(s->m0, s->ymajor ? t->y0 : t->x0);
    int64_t hi = min64(s->m1, s->ymajor ? t->y1 : t->x1);
    int64_t box0 = s->ymajor ? t->x0 : t->y0;
    int64_t box1 = s->ymajor ? t->x1 : t->y1;
    int64_t m = lo & ~(int64_t)1;

    if (t->r->resume) {
        m = t->r->next_m;
    }
    for (; m < hi; m += 2) {
        int64_t start[2] = { 0, 0 }, n0 = INT64_MAX, n1 = INT64_MIN;
        bool on[2];

        for (unsigned j = 0; j < 2; j++) {
            on[j] = m + j >= lo && m + j < hi &&
                    (!s->stipple || stipple_pass(st, s, m + j));
            if (on[j]) {
                start[j] = run_start(s, m + j);
                n0 = min64(n0, start[j]);
                n1 = max64(n1, start[j] + s->w);
            }
        }
        n0 = max64(n0, box0) & ~(int64_t)1;
        n1 = min64(n1, box1);
        if (t->r->resume) {
            t->r->resume = false;
            n0 = t->r->next_n;
        }
        for (int64_t n = n0; n < n1; n += 2) {
            int64_t x = s->ymajor ? n : m, y = s->ymajor ? m : n;
            unsigned mask = 0;

            if (!t->left) {
                suspend(t, m, n);
                return;
            }
            t->left--;
            for (unsigned i = 0; i < 4; i++) {
                unsigned jm = s->ymajor ? i >> 1 : i & 1;
                int64_t nn = n + (s->ymajor ? i & 1 : i >> 1);

                if (on[jm] && nn >= start[jm] && nn < start[jm] + s->w) {
                    mask |= 1u << i;
                }
            }
            mask = pixel_mask(t, x, y, mask);
            if (!mask) {
                continue;
            }
            for (unsigned i = 0; i < 4; i++) {
                shade_run(t, s, i, x + (i & 1), y + (i >> 1));
            }
            emit(t, x, y, mask);
        }
    }
}

/*
 * Lines: along the major axis (x when |dx| >= |dy|), the pixels whose
 * centres lie from the first vertex up to, not including, the second
 * (GL's half-open segments); in each, the minor pixel holding the line
 * at the centre.  Wide lines as GL 2.1 "Wide Lines": the line moved by
 * (w - 1) / 2 towards lower minor coordinates, and w pixels from there.
 */
static void do_line(Prim *t)
{
    const NVVtxPrim *p = t->p;
    Runs s = { 0 };
    int64_t d[2];
    unsigned M, N;

    if (!snap(p->v[0].pos[0], &s.a[0]) || !snap(p->v[0].pos[1], &s.a[1]) ||
        !snap(p->v[1].pos[0], &s.b[0]) || !snap(p->v[1].pos[1], &s.b[1])) {
        return;
    }
    d[0] = s.b[0] - s.a[0];
    d[1] = s.b[1] - s.a[1];
    s.ymajor = (d[1] < 0 ? -d[1] : d[1]) > (d[0] < 0 ? -d[0] : d[0]);
    M = s.ymajor;
    N = !M;
    if (d[M] == 0) {
        return;
    }
    s.w = int_size(p->width);
    if (d[M] > 0) {
        s.m0 = ceil_div(s.a[M] - HALF, ONE);
        s.m1 = ceil_div(s.b[M] - HALF, ONE);
        s.s0 = s.m0;
        s.dir = 1;
    } else {
        s.m0 = floor_div(s.b[M] - HALF, ONE) + 1;
        s.m1 = floor_div(s.a[M] - HALF, ONE) + 1;
        s.s0 = s.m1 - 1;
        s.dir = -1;
    }
    /*
     * The first minor pixel at centre c: floor((a_N + (c - a_M) d_N /
     * d_M - (w - 1) / 2) / ONE), as one exact division.
     */
    s.n0 = (s.a[N] - (s.w - 1) * HALF) * d[M] - s.a[M] * d[N];
    s.k = d[N];
    s.d = ONE * d[M];
    if (s.d < 0) {
        s.n0 = -s.n0;
        s.k = -s.k;
        s.d = -s.d;
    }
    s.stipple = t->r->st.line_stipple;
    walk_runs(t, &s);
}

/*
 * Points: GL 2.1 "Basic Point Rasterization", the size rounded, the
 * square of pixels from floor(x - (size - 1) / 2) on; sprites (GL 2.1
 * "Point Sprites"): the pixels whose centres are in the square of the
 * unrounded size, [x - size / 2, x + size / 2).  Sizes below 1 are 1.
 */
static void do_point(Prim *t)
{
    const NVVtxPrim *p = t->p;
    float size = p->v[0].size;
    int64_t lo[2], hi[2];
    Runs s = { 0 };

    if (!snap(p->v[0].pos[0], &s.a[0]) || !snap(p->v[0].pos[1], &s.a[1])) {
        return;
    }
    s.size = !(size >= 1) ? 1 : fminf(size, NV_RASTER_MAX_SIZE);
    for (unsigned c = 0; c < 2; c++) {
        if (t->r->st.point_sprite) {
            int64_t sz = (int64_t)floor(s.size * ONE + 0.5);

            lo[c] = ceil_div(2 * s.a[c] - sz - ONE, 2 * ONE);
            hi[c] = ceil_div(2 * s.a[c] + sz - ONE, 2 * ONE);
        } else {
            int64_t n = int_size(s.size);

            lo[c] = floor_div(s.a[c] - (n - 1) * HALF, ONE);
            hi[c] = lo[c] + n;
        }
    }
    s.m0 = lo[0];
    s.m1 = hi[0];
    s.n0 = lo[1];
    s.d = 1;
    s.w = hi[1] - lo[1];
    walk_runs(t, &s);
}

void nv_raster_init(NVRaster *r, NVRasterEmit *emit, void *opaque)
{
    NVRasterState *st = &r->st;

    memset(r, 0, sizeof(*r));
    st->width = st->height = NV_RASTER_MAX_SIZE;
    st->scissor_w = st->scissor_h = NV_RASTER_MAX_SIZE;
    st->vp_w = st->vp_h = NV_RASTER_MAX_SIZE;
    for (unsigned i = 0; i < NV_RASTER_CLIP_RECTS; i++) {
        st->clip[i] = (NVRasterRect) { 0, 0, -1, -1 };
    }
    st->clip[0].x1 = st->clip[0].y1 = NV_RASTER_MAX_SIZE - 1;
    st->coord_height = NV_RASTER_MAX_SIZE;
    st->z_max = 1;
    st->attr_mask = (1u << NV_VTX_ATTRS) - 1;
    r->emit = emit;
    r->opaque = opaque;
}

void nv_raster_start(NVRaster *r, const NVVtxPrim *p)
{
    r->prim = *p;
    r->busy = true;
    r->resume = false;
}

unsigned nv_raster_run(NVRaster *r, unsigned budget)
{
    Prim t = { .r = r, .p = &r->prim, .left = budget };

    if (!r->busy) {
        return 0;
    }
    if (setup(&t)) {
        switch (r->prim.kind) {
        case NV_VTX_PRIM_TRIANGLE:
            t.stipple = r->st.poly_stipple;
            do_tri(&t);
            break;
        case NV_VTX_PRIM_LINE:
            do_line(&t);
            break;
        case NV_VTX_PRIM_POINT:
            do_point(&t);
            break;
        }
    }
    r->busy = r->resume = t.suspended;
    return budget - t.left;
}

void nv_raster_prim(NVRaster *r, const NVVtxPrim *p)
{
    nv_raster_start(r, p);
    nv_raster_run(r, UINT_MAX);
}

void nv_raster_frag_coord(const NVRasterState *st, int32_t x, int32_t y,
                          float pos[2])
{
    float c = st->center_integer ? 0 : 0.5f;

    pos[0] = x + c;
    pos[1] = (st->origin_inverted ? (int64_t)st->coord_height - 1 - y : y) + c;
}
