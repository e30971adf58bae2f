/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: the rasterizer (docs/3d.rst "Rasterizer"):
 * triangle coverage with the top-left rule, shared edges, perspective-
 * correct interpolation, the quads' helper pixels, scissor and clip
 * rectangles, degenerate and non-finite primitives, lines (thin, wide,
 * stippled), points and sprites, polygon stipple.
 *
 * Window y grows downwards; pixel (x, y) has its centre at (x + 0.5,
 * y + 0.5).  Every expected pixel set and value is worked out in the
 * comments; maps show rows from y = 0 down, '#' a fragment, '.' none.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hw/nv/raster/raster.h"

#define W       16
#define H       16
#define S_COL   3
#define S_TEX   8

typedef struct Cap {
    NVRaster r;
    unsigned count[H][W];
    NVRasterFrag frag[H][W];
    float cov[H][W];
    NVRasterQuad last;
    unsigned outside, quads;
} Cap;

static void cap_emit(void *opaque, const NVRasterQuad *q)
{
    Cap *c = opaque;

    g_assert_cmpint(q->x & 1, ==, 0);
    g_assert_cmpint(q->y & 1, ==, 0);
    g_assert_cmpuint(q->mask, !=, 0);
    g_assert_cmpuint(q->mask, <=, 15);
    c->quads++;
    c->last = *q;
    for (unsigned i = 0; i < 4; i++) {
        int x = q->x + (i & 1), y = q->y + (i >> 1);

        if (!(q->mask & 1u << i)) {
            continue;
        }
        if (x < 0 || y < 0 || x >= W || y >= H) {
            c->outside++;
            continue;
        }
        c->count[y][x]++;
        c->frag[y][x] = q->f[i];
        c->cov[y][x] = q->cov[i];
    }
}

/* A 16x16 target unless a test says otherwise. */
static Cap *cap_new(void)
{
    Cap *c = g_new0(Cap, 1);

    nv_raster_init(&c->r, cap_emit, c);
    c->r.st.width = W;
    c->r.st.height = H;
    return c;
}

static void cap_clear(Cap *c)
{
    memset(c->count, 0, sizeof(c->count));
    c->outside = c->quads = 0;
}

/* A vertex at (x, y) with 1/w @q, z 0 and no attributes. */
static NVVtxOut vert(float x, float y, float q)
{
    NVVtxOut v = { .pos = { x, y, 0, q }, .size = 1 };

    return v;
}

static void tri(Cap *c, NVVtxOut a, NVVtxOut b, NVVtxOut d)
{
    NVVtxPrim p = { .kind = NV_VTX_PRIM_TRIANGLE, .v = { a, b, d } };

    nv_raster_prim(&c->r, &p);
}

static void tri6(Cap *c, float x0, float y0, float x1, float y1, float x2,
                 float y2)
{
    tri(c, vert(x0, y0, 1), vert(x1, y1, 1), vert(x2, y2, 1));
}

static void line(Cap *c, float x0, float y0, float x1, float y1, float width)
{
    NVVtxPrim p = {
        .kind = NV_VTX_PRIM_LINE, .width = width,
        .v = { vert(x0, y0, 1), vert(x1, y1, 1) },
    };

    nv_raster_prim(&c->r, &p);
}

static void point(Cap *c, float x, float y, float size)
{
    NVVtxPrim p = { .kind = NV_VTX_PRIM_POINT, .v = { vert(x, y, 1) } };

    p.v[0].size = size;
    nv_raster_prim(&c->r, &p);
}

/*
 * The counts of the top-left @w x @h pixels as rows ('.' 0, '#' 1, '2'
 * and up more), one '|' after each row; nothing may be elsewhere.
 */
static void expect_map(Cap *c, unsigned w, unsigned h, const char *want)
{
    GString *s = g_string_new("");

    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            unsigned n = c->count[y][x];

            if (x < w && y < h) {
                g_string_append_c(s, n == 0 ? '.' : n == 1 ? '#' : '0' + n);
            } else {
                g_assert_cmpuint(n, ==, 0);
            }
        }
        if (y < h) {
            g_string_append_c(s, '|');
        }
    }
    g_assert_cmpstr(s->str, ==, want);
    g_assert_cmpuint(c->outside, ==, 0);
    g_string_free(s, true);
    cap_clear(c);
}

static unsigned total(Cap *c)
{
    unsigned n = c->outside;

    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            n += c->count[y][x];
        }
    }
    return n;
}

/*
 * One or two triangles (x0, y0, x1, y1, x2, y2) or a line (x0, y0, x1,
 * y1 of v[0]) of @width, and the pixels they cover (expect_map's form).
 */
typedef struct MapCase {
    uint8_t kind;
    unsigned n;
    float v[2][6];
    float width;
    unsigned w, h;
    const char *map;
} MapCase;

/*
 * Draws each case and checks its pixels; triangles twice, the second
 * time with the other winding (v0, v2, v1), which covers the same.
 */
static void run_cases(const MapCase *cases, unsigned n)
{
    Cap *c = cap_new();

    for (unsigned i = 0; i < n; i++) {
        const MapCase *m = &cases[i];
        bool is_line = m->kind == NV_VTX_PRIM_LINE;

        for (unsigned rev = 0; rev < (is_line ? 1 : 2); rev++) {
            for (unsigned j = 0; j < m->n; j++) {
                const float *v = m->v[j];

                if (is_line) {
                    line(c, v[0], v[1], v[2], v[3], m->width);
                } else if (rev) {
                    tri6(c, v[0], v[1], v[4], v[5], v[2], v[3]);
                } else {
                    tri6(c, v[0], v[1], v[2], v[3], v[4], v[5]);
                }
            }
            expect_map(c, m->w, m->h, m->map);
        }
    }
    g_free(c);
}

static const MapCase tri_cases[] = {
    /*
     * (1, 1), (7, 1), (1, 7): centres (x + .5, y + .5) with x >= 1,
     * y >= 1 and (x + .5) + (y + .5) <= 8.  The hypotenuse goes down
     * (7, 1) -> (1, 7): neither top nor left, so centres on it (x + y =
     * 7) are out: x + y <= 6.
     */
    { NV_VTX_PRIM_TRIANGLE, 1, { { 1, 1, 7, 1, 1, 7 } }, 0, 8, 8,
      "........|"
      ".#####..|"
      ".####...|"
      ".###....|"
      ".##.....|"
      ".#......|"
      "........|"
      "........|" },
    /*
     * A slanted one, (0.25, 0.5), (6.25, 2.5), (2.25, 6.5).  Inside:
     * below the top edge, cx < 0.25 + 3 (cy - 0.5); left of the right
     * edge, cx + cy < 8.75; right of the left edge, cx > 0.25 + (cy -
     * 0.5) / 3 (no centre is on an edge).  Row by row, centre cy:
     *   0.5: cx < 0.25 and cx > 0.25: none;
     *   1.5: 0.58 < cx < 3.25: x 1, 2;
     *   2.5: 0.92 < cx < 6.25 (right edge 6.25): x 1 .. 5;
     *   3.5: 1.25 < cx < 5.25: x 1 .. 4;
     *   4.5: 1.58 < cx < 4.25: x 2, 3;
     *   5.5: 1.92 < cx < 3.25: x 2;
     *   6.5: 2.25 < cx < 2.25: none.
     */
    { NV_VTX_PRIM_TRIANGLE, 1,
      { { 0.25f, 0.5f, 6.25f, 2.5f, 2.25f, 6.5f } }, 0, 8, 8,
      "........|"
      ".##.....|"
      ".#####..|"
      ".####...|"
      "..##....|"
      "..#.....|"
      "........|"
      "........|" },
    /*
     * Vertices on pixel centres: (1.5, 1.5), (5.5, 1.5), (1.5, 5.5).  The
     * top edge y = 1.5 (horizontal, interior below) and the left edge x
     * = 1.5 (going up) keep their centres; the hypotenuse x + y = 7
     * (going down) does not: x >= 1, y >= 1, x + y + 1 < 7.  The corner
     * pixel (5, 1) is on the top edge and on the hypotenuse: out.
     */
    { NV_VTX_PRIM_TRIANGLE, 1,
      { { 1.5f, 1.5f, 5.5f, 1.5f, 1.5f, 5.5f } }, 0, 7, 7,
      ".......|"
      ".####..|"
      ".###...|"
      ".##....|"
      ".#.....|"
      ".......|"
      ".......|" },
    /*
     * Its mirror (5.5, 1.5), (5.5, 5.5), (1.5, 5.5): the right edge x =
     * 5.5 and the bottom edge y = 5.5 lose their centres, the
     * hypotenuse x + y = 7 now goes up: a left edge, kept.  x <= 4,
     * y <= 4, x + y + 1 >= 7.
     */
    { NV_VTX_PRIM_TRIANGLE, 1,
      { { 5.5f, 1.5f, 5.5f, 5.5f, 1.5f, 5.5f } }, 0, 7, 7,
      ".......|"
      ".......|"
      "....#..|"
      "...##..|"
      "..###..|"
      ".......|"
      ".......|" },
    /*
     * The square (1, 1) - (7, 7) cut along its diagonal, which passes
     * through the centres of (1, 1) .. (6, 6).  In (1, 1), (7, 1),
     * (7, 7) the diagonal goes (7, 7) -> (1, 1), up: a left edge, so
     * the diagonal's pixels are this triangle's (x >= y); the other,
     * (1, 1), (7, 7), (1, 7), has them on a right edge (x < y).
     * Together: the square, each pixel once.
     */
    { NV_VTX_PRIM_TRIANGLE, 1, { { 1, 1, 7, 1, 7, 7 } }, 0, 8, 8,
      "........|"
      ".######.|"
      "..#####.|"
      "...####.|"
      "....###.|"
      ".....##.|"
      "......#.|"
      "........|" },
    { NV_VTX_PRIM_TRIANGLE, 1, { { 1, 1, 7, 7, 1, 7 } }, 0, 8, 8,
      "........|"
      "........|"
      ".#......|"
      ".##.....|"
      ".###....|"
      ".####...|"
      ".#####..|"
      "........|" },
    { NV_VTX_PRIM_TRIANGLE, 2,
      { { 1, 1, 7, 1, 7, 7 }, { 1, 1, 7, 7, 1, 7 } }, 0, 8, 8,
      "........|"
      ".######.|"
      ".######.|"
      ".######.|"
      ".######.|"
      ".######.|"
      ".######.|"
      "........|" },
};

static void test_tri_pixels(void)
{
    run_cases(tri_cases, G_N_ELEMENTS(tri_cases));
}

/*
 * Triangles @a and @b share an edge through the centres of row (or
 * column, @vertical) 4, pixels 1 .. 6, which @b has: @a draws none of
 * them, @b each once, and together they are @all drawn whole.
 */
static void expect_shared(const float *a, const float *b, const float *all,
                          bool vertical)
{
    Cap *c = cap_new(), *whole = cap_new();

    tri6(c, a[0], a[1], a[2], a[3], a[4], a[5]);
    for (unsigned i = 0; i < W; i++) {
        g_assert_cmpuint(vertical ? c->count[i][4] : c->count[4][i], ==, 0);
    }
    tri6(c, b[0], b[1], b[2], b[3], b[4], b[5]);
    for (unsigned i = 1; i < 7; i++) {
        g_assert_cmpuint(vertical ? c->count[i][4] : c->count[4][i], ==, 1);
    }
    tri6(whole, all[0], all[1], all[2], all[3], all[4], all[5]);
    g_assert_cmpmem(c->count, sizeof(c->count), whole->count,
                    sizeof(whole->count));
    g_free(c);
    g_free(whole);
}

static void test_tri_shared(void)
{
    Cap *c = cap_new();
    /*
     * A horizontal shared edge through centres: (1, 4.5) - (7, 4.5)
     * between (1, 4.5), (7, 4.5), (7, 1) above and (1, 4.5), (7, 8),
     * (7, 4.5) below.  Row 4's centres are on it: the lower triangle's
     * top edge has them, the upper's bottom edge not.  Together they
     * are exactly the triangle (7, 1), (1, 4.5), (7, 8) drawn whole.
     * Then the same turned a quarter: a vertical shared edge x = 4.5,
     * the right triangle's left edge.
     */
    static const float up[6] = { 1, 4.5f, 7, 4.5f, 7, 1 };
    static const float down[6] = { 1, 4.5f, 7, 8, 7, 4.5f };
    static const float both_h[6] = { 7, 1, 1, 4.5f, 7, 8 };
    static const float left[6] = { 4.5f, 1, 4.5f, 7, 1, 7 };
    static const float right[6] = { 4.5f, 1, 8, 7, 4.5f, 7 };
    static const float both_v[6] = { 1, 7, 4.5f, 1, 8, 7 };

    expect_shared(up, down, both_h, false);
    expect_shared(left, right, both_v, true);

    /*
     * A mesh: a 5x5 grid of points over the 16x16 target, the inner
     * ones moved by up to 1.5 pixels in steps of 1/8 (and of 1/2, on
     * centres), each cell two triangles, alternately cut along either
     * diagonal: every pixel exactly once.
     */
    for (unsigned step = 0; step < 2; step++) {
        float gx[5][5], gy[5][5];
        float unit = step ? 0.5f : 0.125f;

        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < 5; j++) {
                bool inner = i > 0 && i < 4 && j > 0 && j < 4;

                gx[i][j] = 4 * i + (inner ? ((i * 7 + j * 3) % 7 - 3) * unit
                                          : 0);
                gy[i][j] = 4 * j + (inner ? ((i * 5 + j * 11) % 7 - 3) * unit
                                          : 0);
            }
        }
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                NVVtxOut a = vert(gx[i][j], gy[i][j], 1);
                NVVtxOut b = vert(gx[i + 1][j], gy[i + 1][j], 1);
                NVVtxOut d = vert(gx[i + 1][j + 1], gy[i + 1][j + 1], 1);
                NVVtxOut e = vert(gx[i][j + 1], gy[i][j + 1], 1);

                if ((i + j) & 1) {
                    tri(c, a, b, d);
                    tri(c, e, d, a);
                } else {
                    tri(c, b, d, e);
                    tri(c, a, e, b);
                }
            }
        }
        for (unsigned y = 0; y < H; y++) {
            for (unsigned x = 0; x < W; x++) {
                g_assert_cmpuint(c->count[y][x], ==, 1);
            }
        }
        g_assert_cmpuint(c->outside, ==, 0);
        cap_clear(c);
    }
    g_free(c);
}

static void test_tri_interp(void)
{
    Cap *c = cap_new();
    NVVtxOut a = vert(0, 0, 1), b = vert(8, 0, 1), d = vert(0, 8, 1);
    NVVtxPrim p = { .kind = NV_VTX_PRIM_TRIANGLE, .z_offset = 0.125f };
    const NVRasterFrag *f;

    /*
     * (0, 0), (8, 0), (0, 8), w = 1: colour red 0, 8, 16, so red = x +
     * 2 y; z 0, 0.5, 0.25, so z = x / 16 + y / 32, plus the offset
     * 0.125.  Pixel (1, 2), centre (1.5, 2.5): red 6.5, z 0.09375 +
     * 0.078125 + 0.125 = 0.296875; pixel (5, 2), centre (5.5, 2.5):
     * (5, 2) is on the hypotenuse (5.5 + 2.5 = 8, going down: out);
     * pixel (4, 2), centre (4.5, 2.5): red 9.5, z 0.28125 + 0.078125 +
     * 0.125 = 0.484375.  1/w is 1.
     */
    a.attr[S_COL][0] = 0;
    b.attr[S_COL][0] = 8;
    d.attr[S_COL][0] = 16;
    b.pos[2] = 0.5f;
    d.pos[2] = 0.25f;
    p.v[0] = a;
    p.v[1] = b;
    p.v[2] = d;
    nv_raster_prim(&c->r, &p);
    f = &c->frag[2][1];
    g_assert_cmpfloat(f->attr[S_COL][0], ==, 6.5f);
    g_assert_cmpfloat(f->z, ==, 0.296875f);
    g_assert_cmpfloat(f->q, ==, 1);
    g_assert_cmpuint(c->count[2][5], ==, 0);
    f = &c->frag[2][4];
    g_assert_cmpfloat(f->attr[S_COL][0], ==, 9.5f);
    g_assert_cmpfloat(f->z, ==, 0.484375f);

    /*
     * The corner quad alone, through a scissor at (6, 0), 2 x 2: (6, 0)
     * (6.5 + 0.5 = 7 < 8) is in; (7, 0), (6, 1) and (7, 1) are on or
     * past the hypotenuse: mask 0b0001.  The helper pixel (7, 1),
     * centre (7.5, 1.5), still has red 7.5 + 3 = 10.5 (extrapolated).
     */
    c->r.st.scissor_x = 6;
    c->r.st.scissor_w = 2;
    c->r.st.scissor_y = 0;
    c->r.st.scissor_h = 2;
    c->quads = 0;
    nv_raster_prim(&c->r, &p);
    g_assert_cmpuint(c->quads, ==, 1);
    g_assert_cmpint(c->last.x, ==, 6);
    g_assert_cmpint(c->last.y, ==, 0);
    g_assert_cmpuint(c->last.mask, ==, 1);
    g_assert_cmpuint(c->last.kind, ==, NV_VTX_PRIM_TRIANGLE);
    g_assert_cmpfloat(c->last.f[3].attr[S_COL][0], ==, 10.5f);

    /*
     * The offset takes z out of range: clamped to z_max.  With z_max 1
     * and an offset of 2, every z is 1; with -2, 0.
     */
    c->r.st.scissor_x = c->r.st.scissor_y = 0;
    c->r.st.scissor_w = c->r.st.scissor_h = W;
    p.z_offset = 2;
    nv_raster_prim(&c->r, &p);
    g_assert_cmpfloat(c->frag[2][1].z, ==, 1);
    p.z_offset = -2;
    nv_raster_prim(&c->r, &p);
    g_assert_cmpfloat(c->frag[2][1].z, ==, 0);

    /* A slot outside attr_mask is not written: (1, 2) is f[1]. */
    c->r.quad.f[1].attr[S_COL][0] = -1;
    c->r.st.attr_mask = 1u << S_TEX;
    nv_raster_prim(&c->r, &p);
    g_assert_cmpfloat(c->frag[2][1].attr[S_COL][0], ==, -1);
    g_free(c);
}

static void test_tri_perspective(void)
{
    Cap *c = cap_new();
    NVVtxOut a = vert(0.5f, 0.5f, 3), b = vert(8.5f, 0.5f, 1);
    NVVtxOut d = vert(0.5f, 8.5f, 3);
    const NVRasterFrag *f;

    /*
     * (0.5, 0.5) 1/w 3, (8.5, 0.5) 1/w 1, (0.5, 8.5) 1/w 3; texture s
     * is 1 at the second vertex, t 1 at the third, else 0.  Screen
     * barycentrics at centre (x, y): l1 = (x - 0.5) / 8, l2 = (y -
     * 0.5) / 8, l0 = 1 - l1 - l2.  1/w = 3 l0 + l1 + 3 l2; s = l1 * 1 /
     * (1/w); t = 3 l2 / (1/w).
     *   pixel (4, 0), centre (4.5, 0.5): l = (.5, .5, 0): 1/w = 2,
     *     s = .5 / 2 = 0.25, t = 0 (linear would give s = 0.5);
     *   pixel (4, 2), centre (4.5, 2.5): l = (.25, .5, .25): 1/w =
     *     .75 + .5 + .75 = 2, s = 0.25, t = .75 / 2 = 0.375.
     */
    b.attr[S_TEX][0] = 1;
    d.attr[S_TEX][1] = 1;
    /*
     * Twice: as given, then in the other winding, (a, d, b), from a back
     * face: the same values, and the quads say back.
     */
    for (unsigned rev = 0; rev < 2; rev++) {
        NVVtxPrim p = {
            .kind = NV_VTX_PRIM_TRIANGLE, .back = rev,
            .v = { a, rev ? d : b, rev ? b : d },
        };

        nv_raster_prim(&c->r, &p);
        f = &c->frag[0][4];
        g_assert_cmpuint(c->count[0][4], ==, rev + 1);
        g_assert_cmpfloat(f->q, ==, 2);
        g_assert_cmpfloat(f->attr[S_TEX][0], ==, 0.25f);
        g_assert_cmpfloat(f->attr[S_TEX][1], ==, 0);
        f = &c->frag[2][4];
        g_assert_cmpfloat(f->q, ==, 2);
        g_assert_cmpfloat(f->attr[S_TEX][0], ==, 0.25f);
        g_assert_cmpfloat(f->attr[S_TEX][1], ==, 0.375f);
        g_assert_cmpint(c->last.back, ==, rev);
    }
    g_free(c);
}

/* A triangle over the whole 16x16 target (x + y < 40 there). */
static void cover(Cap *c)
{
    tri6(c, -20, -20, 60, -20, -20, 60);
}

static void test_scissor_clip(void)
{
    Cap *c = cap_new();

    c->r.st.width = c->r.st.height = 8;
    /* The target alone: 8 x 8. */
    cover(c);
    g_assert_cmpuint(total(c), ==, 64);
    cap_clear(c);

    /* SCISSOR x 2, w 3, y 1, h 2: x 2 .. 4, y 1 .. 2. */
    c->r.st.scissor_x = 2;
    c->r.st.scissor_w = 3;
    c->r.st.scissor_y = 1;
    c->r.st.scissor_h = 2;
    cover(c);
    expect_map(c, 8, 4, "........|..###...|..###...|........|");
    /* Past the target: x 6 .. 9 is 6, 7. */
    c->r.st.scissor_x = 6;
    c->r.st.scissor_w = 4;
    cover(c);
    expect_map(c, 8, 4, "........|......##|......##|........|");
    c->r.st.scissor_x = c->r.st.scissor_y = 0;
    c->r.st.scissor_w = c->r.st.scissor_h = 4096;

    /*
     * Clip rectangles relative to the origin (1, 1): rectangle 0 (0, 0)
     * - (1, 1) is pixels 1 .. 2 both ways; rectangle 3 (4, 4) - (4, 5)
     * pixel x 5, y 5 .. 6; rectangle 5 (3, 0) - (2, 0) is empty
     * (right < left).  Inclusive: their union.
     */
    c->r.st.origin_x = c->r.st.origin_y = 1;
    c->r.st.clip[0] = (NVRasterRect) { 0, 0, 1, 1 };
    c->r.st.clip[3] = (NVRasterRect) { 4, 4, 4, 5 };
    c->r.st.clip[5] = (NVRasterRect) { 3, 0, 2, 0 };
    cover(c);
    expect_map(c, 8, 8,
               "........|"
               ".##.....|"
               ".##.....|"
               "........|"
               "........|"
               ".....#..|"
               ".....#..|"
               "........|");
    /* Exclusive: everything else. */
    c->r.st.clip_mode = NV_RASTER_CLIP_EXCLUSIVE;
    cover(c);
    expect_map(c, 8, 8,
               "########|"
               "#..#####|"
               "#..#####|"
               "########|"
               "########|"
               "#####.##|"
               "#####.##|"
               "########|");
    /* Exclusive with a rectangle covering the target: nothing. */
    c->r.st.clip[1] = (NVRasterRect) { -1, -1, 100, 100 };
    cover(c);
    g_assert_cmpuint(total(c), ==, 0);
    /* Inclusive with no rectangle: nothing either. */
    c->r.st.clip_mode = NV_RASTER_CLIP_INCLUSIVE;
    for (unsigned i = 0; i < NV_RASTER_CLIP_RECTS; i++) {
        c->r.st.clip[i] = (NVRasterRect) { 0, 0, -1, -1 };
    }
    cover(c);
    g_assert_cmpuint(total(c), ==, 0);
    g_free(c);
}

static void test_frag_coord(void)
{
    NVRasterState st = { .coord_height = 480 };
    float pos[2];

    /* Half-integer centres, origin at the top: (x + .5, y + .5). */
    nv_raster_frag_coord(&st, 3, 4, pos);
    g_assert_cmpfloat(pos[0], ==, 3.5f);
    g_assert_cmpfloat(pos[1], ==, 4.5f);
    /* Inverted origin: y from the bottom, 480 - 4.5 = 475.5. */
    st.origin_inverted = true;
    nv_raster_frag_coord(&st, 3, 4, pos);
    g_assert_cmpfloat(pos[1], ==, 475.5f);
    /* Integer centres: (3, 475). */
    st.center_integer = true;
    nv_raster_frag_coord(&st, 3, 4, pos);
    g_assert_cmpfloat(pos[0], ==, 3);
    g_assert_cmpfloat(pos[1], ==, 475);
}

static void test_degenerate(void)
{
    Cap *c = cap_new();
    NVVtxPrim p = { .kind = NV_VTX_PRIM_TRIANGLE };

    /* No area: a line of vertices, or one point thrice. */
    tri6(c, 1, 1, 5, 5, 9, 9);
    tri6(c, 3, 3, 3, 3, 3, 3);
    /* NaN and infinite vertices: nothing. */
    tri6(c, NAN, 0, 8, 0, 0, 8);
    tri6(c, 0, 0, INFINITY, 0, 0, 8);
    line(c, 0, 0, NAN, 3, 1);
    line(c, -INFINITY, 0.5f, 3, 0.5f, 1);
    point(c, 4, NAN, 1);
    /* Zero-length lines draw nothing. */
    line(c, 2.5f, 2.5f, 2.5f, 2.5f, 1);
    /* An unknown kind. */
    p.kind = 7;
    nv_raster_prim(&c->r, &p);
    g_assert_cmpuint(total(c), ==, 0);
    g_assert_cmpuint(c->quads, ==, 0);

    /*
     * Huge vertices are clamped to +-2^21 pixels: (-1e30, -1e30),
     * (1e30, 100), (-1e30, 1e30) still holds the whole target: each
     * pixel once.
     */
    tri6(c, -1e30f, -1e30f, 1e30f, 100, -1e30f, 1e30f);
    g_assert_cmpuint(total(c), ==, W * H);
    g_assert_cmpuint(c->outside, ==, 0);
    cap_clear(c);
    /* A huge horizontal line through row 3's centres: the whole row. */
    line(c, -1e30f, 3.5f, 1e30f, 3.5f, 1);
    for (unsigned x = 0; x < W; x++) {
        g_assert_cmpuint(c->count[3][x], ==, 1);
    }
    g_assert_cmpuint(total(c), ==, W);
    cap_clear(c);
    /* Sizes: huge (4096, the whole target), NaN and 0 (1 pixel). */
    point(c, 8, 8, 1e30f);
    g_assert_cmpuint(total(c), ==, W * H);
    cap_clear(c);
    point(c, 8.5f, 8.5f, NAN);
    point(c, 2.5f, 2.5f, 0);
    line(c, 0, 5.5f, 4, 5.5f, NAN);
    g_assert_cmpuint(total(c), ==, 6);
    cap_clear(c);
    /* A huge target size is the largest, 4096; one of 0 has no pixel. */
    c->r.st.width = 0;
    cover(c);
    g_assert_cmpuint(c->quads, ==, 0);
    c->r.st.width = c->r.st.height = UINT32_MAX;
    c->r.st.attr_mask = 0;
    tri6(c, 0, 0, 1e9f, 0, 0, 1e9f);
    g_assert_cmpuint(c->outside, ==, 4096 * 4096 - W * H);
    g_free(c);
}

static const MapCase line_cases[] = {
    /*
     * Horizontal, (0.5, 2.5) -> (6.5, 2.5): columns whose centres are
     * in [0.5, 6.5), x 0 .. 5, in row floor(2.5) = 2.  Backwards, the
     * centres in (0.5, 6.5]: x 1 .. 6.
     */
    { NV_VTX_PRIM_LINE, 1, { { 0.5f, 2.5f, 6.5f, 2.5f } }, 1, 8, 4,
      "........|"
      "........|"
      "######..|"
      "........|" },
    { NV_VTX_PRIM_LINE, 1, { { 6.5f, 2.5f, 0.5f, 2.5f } }, 1, 8, 4,
      "........|"
      "........|"
      ".######.|"
      "........|" },
    /* Vertical, (3.5, 1) -> (3.5, 5): rows with centres in [1, 5). */
    { NV_VTX_PRIM_LINE, 1, { { 3.5f, 1, 3.5f, 5 } }, 1, 5, 6,
      ".....|"
      "...#.|"
      "...#.|"
      "...#.|"
      "...#.|"
      ".....|" },
    /*
     * x-major (0, 0) -> (6, 3), slope 1/2: columns 0 .. 5, y at the
     * centres 0.25, 0.75, 1.25, 1.75, 2.25, 2.75: rows 0 0 1 1 2 2.
     */
    { NV_VTX_PRIM_LINE, 1, { { 0, 0, 6, 3 } }, 1, 7, 3,
      "##.....|"
      "..##...|"
      "....##.|" },
    /*
     * y-major (1, 0) -> (3, 6): rows 0 .. 5, x at the centres 1 + cy /
     * 3: 1.17, 1.5, 1.83, 2.17, 2.5, 2.83: columns 1 1 1 2 2 2.
     */
    { NV_VTX_PRIM_LINE, 1, { { 1, 0, 3, 6 } }, 1, 4, 6,
      ".#..|"
      ".#..|"
      ".#..|"
      "..#.|"
      "..#.|"
      "..#.|" },
    /*
     * 45 degrees (0, 0) -> (4, 4) is x-major: (0, 0) .. (3, 3); the
     * same backwards, centres in (0, 4]: the same pixels.
     */
    { NV_VTX_PRIM_LINE, 1, { { 0, 0, 4, 4 } }, 1, 5, 5,
      "#....|"
      ".#...|"
      "..#..|"
      "...#.|"
      ".....|" },
    { NV_VTX_PRIM_LINE, 1, { { 4, 4, 0, 0 } }, 1, 5, 5,
      "#....|"
      ".#...|"
      "..#..|"
      "...#.|"
      ".....|" },
    /*
     * Wide lines.  Width 3, (0.5, 3.5) -> (4.5, 3.5): moved up by (3 -
     * 1) / 2 = 1, row floor(2.5) = 2, three rows 2 .. 4 in columns 0 ..
     * 3.  Width 2 (and 2.4, rounded): moved by 0.5, row floor(3) = 3:
     * rows 3, 4.
     */
    { NV_VTX_PRIM_LINE, 1, { { 0.5f, 3.5f, 4.5f, 3.5f } }, 3, 5, 6,
      ".....|"
      ".....|"
      "####.|"
      "####.|"
      "####.|"
      ".....|" },
    { NV_VTX_PRIM_LINE, 1, { { 0.5f, 3.5f, 4.5f, 3.5f } }, 2.4f, 5, 6,
      ".....|"
      ".....|"
      ".....|"
      "####.|"
      "####.|"
      ".....|" },
    /*
     * Width 2, (0, 0) -> (6, 3): y at the centres less 0.5: -0.25,
     * 0.25, 0.75, 1.25, 1.75, 2.25, so columns 0 .. 5 start at rows -1,
     * 0, 0, 1, 1, 2 and take two; row -1 is off the target.
     */
    { NV_VTX_PRIM_LINE, 1, { { 0, 0, 6, 3 } }, 2, 7, 5,
      "###....|"
      ".####..|"
      "...###.|"
      ".....#.|"
      ".......|" },
    /* y-major, width 3, (3.5, 0.5) -> (3.5, 3.5): x 2 .. 4, y 0 .. 2. */
    { NV_VTX_PRIM_LINE, 1, { { 3.5f, 0.5f, 3.5f, 3.5f } }, 3, 6, 4,
      "..###.|"
      "..###.|"
      "..###.|"
      "......|" },
    /*
     * 45 degrees is x-major (|dx| >= |dy|): width 2, (0, 0) -> (4, 4),
     * columns 0 .. 3 from row floor(x + 0.5 - 0.5) = x on, two rows
     * each (y-major would give rows of two columns).
     */
    { NV_VTX_PRIM_LINE, 1, { { 0, 0, 4, 4 } }, 2, 5, 5,
      "#....|"
      "##...|"
      ".##..|"
      "..##.|"
      "...#.|" },
};

static void test_lines(void)
{
    run_cases(line_cases, G_N_ELEMENTS(line_cases));
}

static void test_line_stipple(void)
{
    Cap *c = cap_new();
    NVVtxPrim p = {
        .kind = NV_VTX_PRIM_LINE, .width = 1,
        .v = { vert(0.5f, 0.5f, 3), vert(8.5f, 0.5f, 1) },
    };

    /*
     * Pattern 0x00f3 (bits 0, 1, 4-7), FACTOR 1 (GL factor 2): pixel i
     * from the start takes bit i / 2: pixels 0-3 on, 4-7 off, 8-15 on.
     */
    c->r.st.line_stipple = true;
    c->r.st.line_stipple_factor = 1;
    c->r.st.line_stipple_pattern = 0x00f3;
    line(c, 0.5f, 0.5f, 16.5f, 0.5f, 1);
    expect_map(c, 16, 2, "####....########|................|");
    /* Backwards the count starts at x 15. */
    line(c, 15.5f, 0.5f, -0.5f, 0.5f, 1);
    expect_map(c, 16, 2, "########....####|................|");
    /* Each line starts the pattern again; wide lines per column. */
    line(c, 0.5f, 1, 4.5f, 1, 2);
    line(c, 8.5f, 1, 12.5f, 1, 2);
    expect_map(c, 16, 2, "####....####....|####....####....|");

    /*
     * Interpolation along a line, perspective-correct: (0.5, 0.5) 1/w 3
     * to (8.5, 0.5) 1/w 1, s 0 to 1.  t = (x + .5 - .5) / 8 at column x;
     * 1/w = 3 (1 - t) + t; s = t / (1/w).  Column 4: t 0.5, 1/w 2, s
     * 0.25; column 6: t 0.75, 1/w 1.5, s 0.5.
     */
    c->r.st.line_stipple = false;
    p.v[1].attr[S_TEX][0] = 1;
    nv_raster_prim(&c->r, &p);
    g_assert_cmpfloat(c->frag[0][4].q, ==, 2);
    g_assert_cmpfloat(c->frag[0][4].attr[S_TEX][0], ==, 0.25f);
    g_assert_cmpfloat(c->frag[0][6].q, ==, 1.5f);
    g_assert_cmpfloat(c->frag[0][6].attr[S_TEX][0], ==, 0.5f);
    /*
     * Along a diagonal, (0, 0) -> (4, 4), 1/w 1: t is the centre's
     * projection, ((x + .5) 4 + (y + .5) 4) / 32: pixel (1, 1) 0.375,
     * pixel (2, 2) 0.625.
     */
    p.v[0] = vert(0, 0, 1);
    p.v[1] = vert(4, 4, 1);
    p.v[1].attr[S_TEX][0] = 1;
    nv_raster_prim(&c->r, &p);
    g_assert_cmpfloat(c->frag[1][1].attr[S_TEX][0], ==, 0.375f);
    g_assert_cmpfloat(c->frag[2][2].attr[S_TEX][0], ==, 0.625f);
    g_assert_cmpuint(c->last.kind, ==, NV_VTX_PRIM_LINE);
    g_free(c);
}

static void test_points(void)
{
    Cap *c = cap_new();
    NVVtxPrim p = { .kind = NV_VTX_PRIM_POINT, .v = { vert(4, 4, 1) } };
    const NVRasterFrag *f;

    /*
     * At (3.2, 2.7): size 1 is pixel (3, 2); size 2 starts at floor(3.2
     * - 0.5) = 2, floor(2.7 - 0.5) = 2; size 3 at floor(2.2) = 2,
     * floor(1.7) = 1; size 2.4 rounds to 2.
     */
    point(c, 3.2f, 2.7f, 1);
    expect_map(c, 6, 5, "......|......|...#..|......|......|");
    point(c, 3.2f, 2.7f, 2);
    expect_map(c, 6, 5, "......|......|..##..|..##..|......|");
    point(c, 3.2f, 2.7f, 2.4f);
    expect_map(c, 6, 5, "......|......|..##..|..##..|......|");
    point(c, 3.2f, 2.7f, 3);
    expect_map(c, 6, 5, "......|..###.|..###.|..###.|......|");

    /*
     * A sprite of size 2 at (4, 4): the centres in [3, 5), pixels 3, 4
     * both ways; s = 0.5 + (x + 0.5 - 4) / 2: 0.25, 0.75; t likewise
     * down.  Texture slot 8 (2, 3, 5, 7) is replaced: R_MODE 2 puts the
     * vertex's s in r: (s, t, 2, 1).
     */
    c->r.st.point_sprite = true;
    c->r.st.sprite_r_mode = 2;
    c->r.st.sprite_replace = 1u << S_TEX;
    p.v[0].size = 2;
    p.v[0].attr[S_TEX][0] = 2;
    p.v[0].attr[S_TEX][1] = 3;
    p.v[0].attr[S_TEX][2] = 5;
    p.v[0].attr[S_TEX][3] = 7;
    p.v[0].attr[S_COL][0] = 0.5f;
    nv_raster_prim(&c->r, &p);
    f = &c->frag[3][4];
    g_assert_cmpfloat(f->sprite[0], ==, 0.75f);
    g_assert_cmpfloat(f->sprite[1], ==, 0.25f);
    g_assert_cmpfloat(f->attr[S_TEX][0], ==, 0.75f);
    g_assert_cmpfloat(f->attr[S_TEX][1], ==, 0.25f);
    g_assert_cmpfloat(f->attr[S_TEX][2], ==, 2);
    g_assert_cmpfloat(f->attr[S_TEX][3], ==, 1);
    g_assert_cmpfloat(f->attr[S_COL][0], ==, 0.5f);
    f = &c->frag[4][3];
    g_assert_cmpfloat(f->attr[S_TEX][0], ==, 0.25f);
    g_assert_cmpfloat(f->attr[S_TEX][1], ==, 0.75f);
    expect_map(c, 6, 6, "......|......|......|...##.|...##.|......|");
    /* R_MODE 1 keeps r (5), 0 zeroes it. */
    c->r.st.sprite_r_mode = 1;
    nv_raster_prim(&c->r, &p);
    g_assert_cmpfloat(c->frag[3][4].attr[S_TEX][2], ==, 5);
    c->r.st.sprite_r_mode = 0;
    nv_raster_prim(&c->r, &p);
    g_assert_cmpfloat(c->frag[3][4].attr[S_TEX][2], ==, 0);
    /* Sprites off: the coordinates stay, the slot keeps its values. */
    c->r.st.point_sprite = false;
    nv_raster_prim(&c->r, &p);
    g_assert_cmpfloat(c->frag[3][4].sprite[0], ==, 0.75f);
    g_assert_cmpfloat(c->frag[3][4].attr[S_TEX][0], ==, 2);
    g_assert_cmpfloat(c->frag[3][4].attr[S_TEX][3], ==, 7);
    c->r.st.point_sprite = true;
    cap_clear(c);
    /*
     * Sprites keep the size unrounded: 2.5 at (4, 4) is the centres in
     * [2.75, 5.25): 3.5 and 4.5, not 2.5 or 5.5.
     */
    point(c, 4, 4, 2.5f);
    expect_map(c, 6, 6, "......|......|......|...##.|...##.|......|");
    g_free(c);
}

/*
 * Antialiased primitives: coverage on the 4x4 grid of samples at 0.125,
 * 0.375, 0.625, 0.875 of each pixel (raster.c do_smooth()).
 * - A point of size 2 at (2, 2): the disc of radius 1 about a pixel
 *   corner.  In pixel (2, 2) the sample (2 + a, 2 + b) is inside for
 *   a^2 + b^2 <= 1: with a 0.125 or 0.375 every b (0.875^2 = 0.766 fits
 *   beside 0.141), with a 0.625 (0.391) b up to 0.625 (3), with 0.875
 *   (0.766) b up to 0.375 (2): 4 + 4 + 3 + 2 = 13, coverage 13/16, the
 *   same in the three other pixels by symmetry; no other pixel has one.
 *   Without POINT_SMOOTH the same point is the same four pixels, each
 *   with coverage 1.
 * - A line of width 1 from (0.5, 2) to (4.5, 2): the rectangle x in
 *   [0.5, 4.5], y in [1.5, 2.5].  Rows 1 and 2 have two of their four
 *   sample rows inside (1.625, 1.875; 2.125, 2.375); columns 1-3 all
 *   four sample columns, 0 and 4 two (0.625, 0.875; 4.125, 4.375):
 *   coverage 8/16 in columns 1-3, 4/16 in 0 and 4.  Values at the
 *   centre's projection: pixel (2, 1) at x 2.5, s = (2.5 - 0.5) / 4 =
 *   0.5, the colours' mean.
 * - The triangle (0, 0), (4, 0), (0, 4): pixel (1, 2)'s samples are in
 *   for 3 + a + b <= 4 (on the edge counts): a + b <= 1, 10 of the 16
 *   pairs; pixel (0, 0) all 16; pixel (3, 1) a + b <= 0: none.
 */
static void test_smooth(void)
{
    Cap *c = cap_new();
    NVVtxPrim p = {
        .kind = NV_VTX_PRIM_LINE, .width = 1,
        .v = { vert(0.5f, 2, 1), vert(4.5f, 2, 1) },
    };

    point(c, 2, 2, 2);
    expect_map(c, 6, 5, "......|.##...|.##...|......|......|");
    g_assert_cmpfloat(c->cov[1][1], ==, 1);
    c->r.st.point_smooth = true;
    point(c, 2, 2, 2);
    expect_map(c, 6, 5, "......|.##...|.##...|......|......|");
    for (unsigned y = 1; y <= 2; y++) {
        for (unsigned x = 1; x <= 2; x++) {
            g_assert_cmpfloat(c->cov[y][x], ==, 13.0f / 16);
        }
    }

    c->r.st.line_smooth = true;
    p.v[0].attr[S_COL][0] = 0;
    p.v[1].attr[S_COL][0] = 1;
    nv_raster_prim(&c->r, &p);
    expect_map(c, 6, 4, "......|#####.|#####.|......|");
    for (unsigned x = 0; x < 5; x++) {
        float want = x == 0 || x == 4 ? 4.0f / 16 : 8.0f / 16;

        g_assert_cmpfloat(c->cov[1][x], ==, want);
        g_assert_cmpfloat(c->cov[2][x], ==, want);
    }
    g_assert_cmpfloat(c->frag[1][2].attr[S_COL][0], ==, 0.5f);

    c->r.st.poly_smooth = true;
    tri6(c, 0, 0, 4, 0, 0, 4);
    g_assert_cmpuint(c->count[2][1], ==, 1);
    g_assert_cmpfloat(c->cov[2][1], ==, 10.0f / 16);
    g_assert_cmpfloat(c->cov[0][0], ==, 1);
    g_assert_cmpuint(c->count[1][3], ==, 0);
    g_assert_cmpuint(c->outside, ==, 0);
    g_free(c);
}

static void test_poly_stipple(void)
{
    Cap *c = cap_new();

    /*
     * Rows 0: 0xaaaaaaaa (the first pixel in bit 31: x even), 1:
     * 0x55555555 (x odd), 2: 0xf0000000 (x 0-3), the rest all set;
     * row 32 would be row 0 again.  Lines and points are not
     * stippled.
     */
    for (unsigned i = 0; i < 32; i++) {
        c->r.st.poly_stipple_pattern[i] = ~0u;
    }
    c->r.st.poly_stipple_pattern[0] = 0xaaaaaaaa;
    c->r.st.poly_stipple_pattern[1] = 0x55555555;
    c->r.st.poly_stipple_pattern[2] = 0xf0000000;
    c->r.st.poly_stipple = true;
    c->r.st.width = 6;
    c->r.st.height = 4;
    cover(c);
    expect_map(c, 6, 4, "#.#.#.|.#.#.#|####..|######|");
    line(c, 0, 0.5f, 6, 0.5f, 1);
    point(c, 1.5f, 1.5f, 1);
    expect_map(c, 6, 4, "######|.#....|......|......|");
    g_free(c);
}

/* A coordinate for test_garbage: often nasty, else in or near the target. */
static float garbage_coord(GRand *rnd)
{
    static const float nasty[] = {
        NAN, INFINITY, -INFINITY, 1e30f, -1e30f, 3e6f, -3e6f, 0.5f, 16,
    };
    unsigned k = g_rand_int_range(rnd, 0, 3 * G_N_ELEMENTS(nasty));

    if (k < G_N_ELEMENTS(nasty)) {
        return nasty[k];
    }
    return g_rand_double_range(rnd, -24, 40);
}

/*
 * 20000 random primitives (kinds 0-4, coordinates, 1/w, widths and
 * sizes from garbage_coord) with a random scissor, clip rectangles and
 * mode, stipples and sprites: every fragment inside the target, in
 * bounded time (the ASan/UBSan build checks the rest).
 */
static void test_garbage(void)
{
    Cap *c = cap_new();
    NVRasterState *st = &c->r.st;
    GRand *rnd = g_rand_new_with_seed(1);

    for (unsigned n = 0; n < 20000; n++) {
        NVVtxPrim p = { .kind = g_rand_int_range(rnd, 0, 5) };

        if (n % 64 == 0) {
            st->scissor_x = g_rand_int_range(rnd, 0, 20);
            st->scissor_w = g_rand_int_range(rnd, 0, 20);
            st->scissor_y = g_rand_int_range(rnd, 0, 20);
            st->scissor_h = g_rand_int_range(rnd, 0, 20);
            st->origin_x = g_rand_int_range(rnd, -8, 8);
            st->origin_y = g_rand_int_range(rnd, -8, 8);
            for (unsigned i = 0; i < NV_RASTER_CLIP_RECTS; i++) {
                st->clip[i] = (NVRasterRect) {
                    g_rand_int_range(rnd, -4, 20),
                    g_rand_int_range(rnd, -4, 20),
                    g_rand_int_range(rnd, -4, 20),
                    g_rand_int_range(rnd, -4, 20),
                };
            }
            st->clip_mode = g_rand_int_range(rnd, 0, 4);
            st->line_stipple = st->poly_stipple = st->point_sprite =
                g_rand_boolean(rnd);
            st->line_stipple_factor = g_rand_int(rnd);
            st->line_stipple_pattern = g_rand_int(rnd);
            st->poly_stipple_pattern[n / 64 % 32] = g_rand_int(rnd);
            st->sprite_r_mode = g_rand_int_range(rnd, 0, 4);
            st->sprite_replace = g_rand_int(rnd);
            st->attr_mask = g_rand_int(rnd);
        }
        p.width = garbage_coord(rnd);
        p.z_offset = garbage_coord(rnd);
        for (unsigned v = 0; v < 3; v++) {
            for (unsigned k = 0; k < 4; k++) {
                p.v[v].pos[k] = garbage_coord(rnd);
                p.v[v].attr[k][1] = garbage_coord(rnd);
            }
            p.v[v].size = garbage_coord(rnd);
        }
        nv_raster_prim(&c->r, &p);
    }
    g_assert_cmpuint(c->outside, ==, 0);
    g_assert_cmpuint(c->quads, >, 0);
    g_rand_free(rnd);
    g_free(c);
}

/*
 * Slices: a primitive run a few quad positions at a time covers the same
 * pixels with the same values as in one go, and the rasterizer stays
 * busy until the last position.
 */
static void slice_run(Cap *c, const NVVtxPrim *p, unsigned budget,
                      unsigned *visited, unsigned *runs)
{
    *visited = *runs = 0;
    nv_raster_start(&c->r, p);
    while (c->r.busy) {
        unsigned n = nv_raster_run(&c->r, budget);

        g_assert_cmpuint(n, <=, budget);
        *visited += n;
        ++*runs;
        g_assert_cmpuint(*runs, <, 10000);
    }
}

static void test_slices(void)
{
    Cap *c = cap_new(), *ref = cap_new();
    NVVtxOut a = vert(0, 0, 1), b = vert(16, 0, 0.5f), d = vert(0, 16, 0.25f);
    NVVtxPrim prims[] = {
        { .kind = NV_VTX_PRIM_TRIANGLE, .v = { a, b, d } },
        { .kind = NV_VTX_PRIM_LINE, .width = 3, .v = { a, vert(13, 9, 1) } },
        { .kind = NV_VTX_PRIM_POINT, .v = { vert(7, 5, 1) } },
    };
    unsigned visited, runs;

    prims[2].v[0].size = 6;
    a.attr[S_COL][0] = 1;
    prims[0].v[0].attr[S_COL][0] = 1;
    prims[0].v[1].attr[S_TEX][1] = 1;

    /*
     * The triangle's box: x and y from pixel 0 to 15 (the centres 0.5 ..
     * 15.5 below 16), 8 x 8 = 64 quad positions; 10 a slice takes 7
     * slices, the last with 4.
     */
    slice_run(c, &prims[0], 10, &visited, &runs);
    g_assert_cmpuint(visited, ==, 64);
    g_assert_cmpuint(runs, ==, 7);
    g_assert_false(c->r.busy);

    /* every primitive, then antialiased, in slices as in one go */
    for (unsigned k = 0; k < 2 * G_N_ELEMENTS(prims); k++) {
        bool smooth = k >= G_N_ELEMENTS(prims);

        c->r.st.point_smooth = c->r.st.line_smooth = smooth;
        c->r.st.poly_smooth = smooth;
        ref->r.st = c->r.st;
        for (unsigned budget = 1; budget <= 5; budget += 2) {
            const NVVtxPrim *pr = &prims[k % G_N_ELEMENTS(prims)];

            cap_clear(c);
            cap_clear(ref);
            nv_raster_prim(&ref->r, pr);
            slice_run(c, pr, budget, &visited, &runs);
            g_assert_cmpuint(ref->quads, >, 0);
            g_assert_cmpuint(c->quads, ==, ref->quads);
            g_assert_true(memcmp(c->count, ref->count,
                                 sizeof(c->count)) == 0);
            g_assert_true(memcmp(c->cov, ref->cov, sizeof(c->cov)) == 0);
            for (unsigned y = 0; y < H; y++) {
                for (unsigned x = 0; x < W; x++) {
                    if (ref->count[y][x]) {
                        g_assert_true(memcmp(&c->frag[y][x], &ref->frag[y][x],
                                             sizeof(NVRasterFrag)) == 0);
                    }
                }
            }
        }
    }
    /* A run with nothing started does nothing. */
    g_assert_cmpuint(nv_raster_run(&c->r, 5), ==, 0);
    g_free(c);
    g_free(ref);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/raster/tri/pixels", test_tri_pixels);
    g_test_add_func("/raster/tri/shared", test_tri_shared);
    g_test_add_func("/raster/tri/interp", test_tri_interp);
    g_test_add_func("/raster/tri/perspective", test_tri_perspective);
    g_test_add_func("/raster/scissor-clip", test_scissor_clip);
    g_test_add_func("/raster/frag-coord", test_frag_coord);
    g_test_add_func("/raster/degenerate", test_degenerate);
    g_test_add_func("/raster/garbage", test_garbage);
    g_test_add_func("/raster/lines", test_lines);
    g_test_add_func("/raster/lines/stipple", test_line_stipple);
    g_test_add_func("/raster/points", test_points);
    g_test_add_func("/raster/smooth", test_smooth);
    g_test_add_func("/raster/poly-stipple", test_poly_stipple);
    g_test_add_func("/raster/slices", test_slices);
    return g_test_run();
}
