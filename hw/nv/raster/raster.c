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
    bool smooth;                /* the quad's coverage is set (do_smooth) */
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
    if (!t->smooth) {
        q->cov[0] = q->cov[1] = q->cov[2] = q->cov[3] = 1;
    }
    q->kind = t->p->kind;
    q->back = t->p->back;
    if (t->r->emit) {
        t->r->emit(t->r->opaque, q);
    }
}

/*
 * A quad position out of the slice's budget; false when none is left,
 * the next slice then starting at the quad (@n, @m): (x, y), or a line's
 * or point's minor and major positions.
 */
static bool take(Prim *t, int64_t m, int64_t n)
{
    if (!t->left) {
        t->suspended = true;
        t->r->next_m = m;
        t->r->next_n = n;
        return false;
    }
    t->left--;
    return true;
}

/* The first quad of a row: @n0, or where a resumed slice goes on. */
static int64_t row_start(Prim *t, int64_t n0)
{
    if (t->r->resume) {
        t->r->resume = false;
        return t->r->next_n;
    }
    return n0;
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
        int64_t x = row_start(t, bx0);

        for (unsigned k = 0; k < 3; k++) {
            ex[k] += (x - bx0) * sx[k];
        }
        for (; x < bx1; x += 2) {
            int64_t pe[4][3];
            unsigned mask = 0;

            if (!take(t, y, x)) {
                return;
            }
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
        for (int64_t n = row_start(t, n0); n < n1; n += 2) {
            int64_t x = s->ymajor ? n : m, y = s->ymajor ? m : n;
            unsigned mask = 0;

            if (!take(t, m, n)) {
                return;
            }
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

/*
 * Antialiased primitives (GL 2.1 "Antialiasing", "Point Antialiasing",
 * "Line Antialiasing", "Polygon Antialiasing"): a pixel's coverage is the
 * share of its square inside the primitive's region (a point's disc of
 * diameter size, a line's rectangle of its width along the segment, a
 * triangle), estimated on a grid of AA_GRID x AA_GRID samples at the
 * centres of the square's cells; a pixel with no sample inside is not a
 * fragment.  The grid is inferred: the hardware's coverage rule is not
 * documented.  Values are taken at the pixel's centre: a triangle's
 * barycentrics there, a line's at the centre's projection onto the
 * segment, a point's vertex.
 */
#define AA_GRID     4

typedef struct Region {
    double bx0, by0, bx1, by1;      /* bounds, in pixels */
    double c[2], r2;                /* point: centre, radius squared */
    double a[2], u[2], len, hw;     /* line: start, unit direction,
                                     * length, half width */
    double e[3][3], area;           /* triangle: E_k = e0 x + e1 y + e2,
                                     * >= 0 inside, sum = area */
} Region;

static bool region_in(const Region *g, unsigned kind, double x, double y)
{
    double dx, dy, s;

    switch (kind) {
    case NV_VTX_PRIM_POINT:
        dx = x - g->c[0];
        dy = y - g->c[1];
        return dx * dx + dy * dy <= g->r2;
    case NV_VTX_PRIM_LINE:
        dx = x - g->a[0];
        dy = y - g->a[1];
        s = dx * g->u[0] + dy * g->u[1];
        return s >= 0 && s <= g->len &&
               fabs(dy * g->u[0] - dx * g->u[1]) <= g->hw;
    default:
        for (unsigned k = 0; k < 3; k++) {
            if (g->e[k][0] * x + g->e[k][1] * y + g->e[k][2] < 0) {
                return false;
            }
        }
        return true;
    }
}

/* The region of primitive @p; false if it has none (no area, length). */
static bool region_of(const NVVtxPrim *p, Region *g)
{
    const float *v0 = p->v[0].pos, *v1 = p->v[1].pos, *v2 = p->v[2].pos;
    double r;

    switch (p->kind) {
    case NV_VTX_PRIM_POINT:
        r = (!(p->v[0].size >= 1) ? 1 : fmin(p->v[0].size,
                                             NV_RASTER_MAX_SIZE)) / 2;
        g->c[0] = v0[0];
        g->c[1] = v0[1];
        g->r2 = r * r;
        g->bx0 = v0[0] - r;
        g->bx1 = v0[0] + r;
        g->by0 = v0[1] - r;
        g->by1 = v0[1] + r;
        return true;
    case NV_VTX_PRIM_LINE:
        g->a[0] = v0[0];
        g->a[1] = v0[1];
        g->len = hypot(v1[0] - v0[0], v1[1] - v0[1]);
        if (!(g->len > 0) || !isfinite(g->len)) {
            return false;
        }
        g->u[0] = (v1[0] - v0[0]) / g->len;
        g->u[1] = (v1[1] - v0[1]) / g->len;
        g->hw = fmin(!(p->width >= 1) ? 1 : p->width,
                     NV_RASTER_MAX_SIZE) / 2;
        g->bx0 = fmin(v0[0], v1[0]) - g->hw;
        g->bx1 = fmax(v0[0], v1[0]) + g->hw;
        g->by0 = fmin(v0[1], v1[1]) - g->hw;
        g->by1 = fmax(v0[1], v1[1]) + g->hw;
        return true;
    default:
        for (unsigned k = 0; k < 3; k++) {
            const float *a = p->v[(k + 1) % 3].pos, *b = p->v[(k + 2) % 3].pos;

            /* E_k(x, y) = (b - a) x (p - a), vertex k's side positive */
            g->e[k][0] = -(b[1] - a[1]);
            g->e[k][1] = b[0] - a[0];
            g->e[k][2] = (b[1] - a[1]) * a[0] - (b[0] - a[0]) * a[1];
        }
        g->area = g->e[0][0] * v0[0] + g->e[0][1] * v0[1] + g->e[0][2];
        if (!(fabs(g->area) > 0) || !isfinite(g->area)) {
            return false;
        }
        if (g->area < 0) {
            for (unsigned k = 0; k < 3; k++) {
                for (unsigned j = 0; j < 3; j++) {
                    g->e[k][j] = -g->e[k][j];
                }
            }
            g->area = -g->area;
        }
        g->bx0 = fmin(fmin(v0[0], v1[0]), v2[0]);
        g->bx1 = fmax(fmax(v0[0], v1[0]), v2[0]);
        g->by0 = fmin(fmin(v0[1], v1[1]), v2[1]);
        g->by1 = fmax(fmax(v0[1], v1[1]), v2[1]);
        return true;
    }
}

/* One pixel's values at its centre (cx, cy) (see above). */
static void shade_smooth(const Prim *t, const Region *g, NVRasterFrag *f,
                         double cx, double cy)
{
    double l[3], s;

    switch (t->p->kind) {
    case NV_VTX_PRIM_POINT:
        l[0] = 1;
        shade(t, f, l, 1);
        break;
    case NV_VTX_PRIM_LINE:
        s = ((cx - g->a[0]) * g->u[0] + (cy - g->a[1]) * g->u[1]) / g->len;
        s = s < 0 ? 0 : s > 1 ? 1 : s;
        l[0] = 1 - s;
        l[1] = s;
        shade(t, f, l, 2);
        break;
    default:
        for (unsigned k = 0; k < 3; k++) {
            l[k] = (g->e[k][0] * cx + g->e[k][1] * cy + g->e[k][2]) / g->area;
        }
        shade(t, f, l, 3);
        break;
    }
}

static void do_smooth(Prim *t)
{
    NVRasterQuad *q = &t->r->quad;
    Region g = { 0 };
    int64_t bx0, by0, bx1, by1;

    if (!region_of(t->p, &g) || !(g.bx1 >= g.bx0) || !(g.by1 >= g.by0)) {
        return;
    }
    bx0 = g.bx0 < t->x0 ? t->x0 : (int64_t)floor(g.bx0);
    by0 = g.by0 < t->y0 ? t->y0 : (int64_t)floor(g.by0);
    bx1 = g.bx1 >= t->x1 ? t->x1 : (int64_t)floor(g.bx1) + 1;
    by1 = g.by1 >= t->y1 ? t->y1 : (int64_t)floor(g.by1) + 1;
    bx0 &= ~(int64_t)1;
    by0 &= ~(int64_t)1;
    if (t->r->resume) {
        by0 = t->r->next_m;
    }
    t->smooth = true;
    for (int64_t y = by0; y < by1; y += 2) {
        for (int64_t x = row_start(t, bx0); x < bx1; x += 2) {
            unsigned mask = 0;

            if (!take(t, y, x)) {
                return;
            }
            for (unsigned i = 0; i < 4; i++) {
                int64_t px = x + (i & 1), py = y + (i >> 1);
                unsigned n = 0;

                for (unsigned j = 0; j < AA_GRID * AA_GRID; j++) {
                    n += region_in(&g, t->p->kind,
                                   px + (j % AA_GRID + 0.5) / AA_GRID,
                                   py + (j / AA_GRID + 0.5) / AA_GRID);
                }
                q->cov[i] = (float)n / (AA_GRID * AA_GRID);
                mask |= (n != 0) << i;
            }
            mask = pixel_mask(t, x, y, mask);
            if (!mask) {
                continue;
            }
            for (unsigned i = 0; i < 4; i++) {
                shade_smooth(t, &g, &q->f[i], x + (i & 1) + 0.5,
                             y + (i >> 1) + 0.5);
            }
            emit(t, x, y, mask);
        }
    }
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
            r->st.poly_smooth ? do_smooth(&t) : do_tri(&t);
            break;
        case NV_VTX_PRIM_LINE:
            r->st.line_smooth ? do_smooth(&t) : do_line(&t);
            break;
        case NV_VTX_PRIM_POINT:
            r->st.point_smooth && !r->st.point_sprite ? do_smooth(&t)
                                                      : do_point(&t);
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
