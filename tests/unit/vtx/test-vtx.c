/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: VTX, the stage after XF (docs/3d.rst "VTX"):
 * primitive assembly of every BEGIN_END type, the divide and viewport,
 * clipping, faces and culling, flat and two-sided colours, polygon mode
 * and offset, point sizes, Kelvin's window coordinates.
 *
 * Every expected value is worked out in the comments from GL's rules as
 * docs/3d.rst states them.  Vertices carry an id in TBUF slot 7 x, a
 * "texture coordinate" in slot 7 y (to follow interpolation), a front
 * colour in slot 3 and a back colour in slot 4.  Unless a test says
 * otherwise the viewport is scale (8, 8, 0.5), translate (8, 8, 0.5):
 * window x = x/w * 8 + 8, and every number is exact in binary.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "test-host.h"
#include "hw/nv/vtx/vtx.h"

#define S_COL   3
#define S_BCOL  4
#define S_CLIP  5
#define S_PSIZE 6
#define S_ID    7
#define CAP_MAX 64

typedef struct Cap {
    NVVtx vtx;
    NVVtxPrim p[CAP_MAX];
    unsigned n;
} Cap;

static void cap_emit(void *opaque, const NVVtxPrim *p)
{
    Cap *c = opaque;

    g_assert_cmpuint(c->n, <, CAP_MAX);
    c->p[c->n++] = *p;
}

static Cap *cap_new(void)
{
    Cap *c = g_new0(Cap, 1);
    NVVtxState *st = &c->vtx.st;

    nv_vtx_init(&c->vtx, cap_emit, c);
    st->vp_scale[0] = st->vp_scale[1] = 8;
    st->vp_translate[0] = st->vp_translate[1] = 8;
    st->vp_scale[2] = st->vp_translate[2] = 0.5f;
    /*
     * The guard band at the view volume (k = 8 / 8 = 1), so that the
     * clipping tests clip at x = +-w, y = +-w; test_guard_band has
     * the hardware's band.
     */
    st->guard = 8;
    /*
     * The tests' polygons are counter-clockwise in clip space, y up; the
     * window, y down with this positive y scale, shows them clockwise
     * (docs/3d.rst "Faces"): FRONT_FACE CW makes them front.
     */
    st->front_ccw = false;
    st->col[0] = (NVVtxSlot) { S_COL, 0 };
    st->bcol[0] = (NVVtxSlot) { S_BCOL, 0 };
    st->point_size = 1;
    st->line_width = 1;
    return c;
}

static void set4(NVXfVertex *v, unsigned slot, float x, float y, float z,
                 float w)
{
    float f[4] = { x, y, z, w };

    memcpy(v->tbuf[slot], f, sizeof(f));
}

/*
 * A vertex: clip-space position, id, texture coordinate; front colour
 * (id, 0, 0, 1), back colour (0, id, 0, 1).
 */
static NVXfVertex vx(float x, float y, float z, float w, int id, float tc)
{
    NVXfVertex v = { { { 0 } } };

    set4(&v, 0, x, y, z, w);
    set4(&v, S_ID, id, tc, 0, 0);
    set4(&v, S_COL, id, 0, 0, 1);
    set4(&v, S_BCOL, 0, id, 0, 1);
    return v;
}

static void put(Cap *c, float x, float y, float z, float w, int id,
                float tc)
{
    NVXfVertex v = vx(x, y, z, w, id, tc);

    nv_vtx_vertex(&c->vtx, &v);
}

/*
 * A vertex of the assembly tests: z = 0, w = 1, x and y inside the view
 * volume (so nothing is clipped), texture coordinate 0.
 */
static void grid(Cap *c, int id, float x, float y)
{
    put(c, x, y, 0, 1, id, 0);
}

/* The captured primitives as "t0,1,2 l2,3 p4" (by id), b for back. */
static char *ids(Cap *c)
{
    GString *s = g_string_new("");

    for (unsigned i = 0; i < c->n; i++) {
        const NVVtxPrim *p = &c->p[i];

        g_string_append_printf(s, "%s%s%c", i ? " " : "",
                               p->back ? "b" : "", "?plt"[p->kind & 3]);
        for (unsigned j = 0; j < p->kind && j < 3; j++) {
            g_string_append_printf(s, "%s%g", j ? "," : "",
                                   p->v[j].attr[S_ID][0]);
        }
    }
    return g_string_free(s, false);
}

static void expect(Cap *c, const char *want)
{
    g_autofree char *got = ids(c);

    g_assert_cmpstr(got, ==, want);
    c->n = 0;
}

static void expect_pos(const NVVtxOut *v, float x, float y, float z, float q)
{
    g_assert_cmpfloat(v->pos[0], ==, x);
    g_assert_cmpfloat(v->pos[1], ==, y);
    g_assert_cmpfloat(v->pos[2], ==, z);
    g_assert_cmpfloat(v->pos[3], ==, q);
}

/* The colour in slot @slot's x (front: the id, back: in y). */
static float col_x(const NVVtxOut *v, unsigned slot)
{
    return v->attr[slot][0];
}

static void test_points(void)
{
    Cap *c = cap_new();

    /* POINTS: every vertex is a point. */
    nv_vtx_begin(&c->vtx, NV_VTX_POINTS);
    grid(c, 0, 0, 0);
    grid(c, 1, 0.5f, 0);
    grid(c, 2, 0, 0.5f);
    nv_vtx_end(&c->vtx);
    expect(c, "p0 p1 p2");
    g_free(c);
}

static void test_lines(void)
{
    Cap *c = cap_new();

    /* LINES: pairs (0,1), (2,3); the fifth vertex has no partner. */
    nv_vtx_begin(&c->vtx, NV_VTX_LINES);
    for (int i = 0; i < 5; i++) {
        grid(c, i, i * 0.125f, 0);
    }
    nv_vtx_end(&c->vtx);
    expect(c, "l0,1 l2,3");

    /* LINE_STRIP: (0,1), (1,2), (2,3). */
    nv_vtx_begin(&c->vtx, NV_VTX_LINE_STRIP);
    for (int i = 0; i < 4; i++) {
        grid(c, i, i * 0.125f, 0);
    }
    nv_vtx_end(&c->vtx);
    expect(c, "l0,1 l1,2 l2,3");

    /* LINE_LOOP: the strip, then (3,0) when it ends, not before. */
    nv_vtx_begin(&c->vtx, NV_VTX_LINE_LOOP);
    for (int i = 0; i < 4; i++) {
        grid(c, i, i * 0.125f, 0);
    }
    expect(c, "l0,1 l1,2 l2,3");
    nv_vtx_end(&c->vtx);
    expect(c, "l3,0");

    /* A loop of two vertices is closed too (GL: v2 back to v1)... */
    nv_vtx_begin(&c->vtx, NV_VTX_LINE_LOOP);
    grid(c, 0, 0, 0);
    grid(c, 1, 0.5f, 0);
    nv_vtx_end(&c->vtx);
    expect(c, "l0,1 l1,0");
    /* ...one of a single vertex draws nothing. */
    nv_vtx_begin(&c->vtx, NV_VTX_LINE_LOOP);
    grid(c, 0, 0, 0);
    nv_vtx_end(&c->vtx);
    expect(c, "");
    g_free(c);
}

static void test_triangles(void)
{
    Cap *c = cap_new();

    /*
     * TRIANGLES: (0,1,2), (3,4,5); 6 and 7 are dropped at the end.
     * (0,0), (0.5,0), (0,0.5) is counter-clockwise: front.
     */
    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLES);
    for (int i = 0; i < 8; i++) {
        grid(c, i, i % 3 == 1 ? 0.5f : 0, i % 3 == 2 ? 0.5f : 0);
    }
    nv_vtx_end(&c->vtx);
    expect(c, "t0,1,2 t3,4,5");
    g_free(c);
}

/*
 * A strip zig-zagging right: even ids on the top row y = 0.5, odd ids
 * on the bottom row y = 0, x = (id / 2) * 0.5.  (v0, v1, v2) = (0,0.5),
 * (0,0), (0.5,0.5): twice its area is sum (xa - xb)(ya + yb) =
 * 0 + (0 - 0.5)(0.5) + (0.5 - 0)(1) = 0.25 > 0, counter-clockwise.
 */
static void strip(Cap *c, int n)
{
    for (int i = 0; i < n; i++) {
        grid(c, i, (i / 2) * 0.5f, i % 2 ? 0 : 0.5f);
    }
}

/* BEGIN_END @prim with @n vertices of strip(), then @want. */
static void draw_strip(unsigned prim, int n, const char *want)
{
    Cap *c = cap_new();

    nv_vtx_begin(&c->vtx, prim);
    strip(c, n);
    nv_vtx_end(&c->vtx);
    expect(c, want);
    g_free(c);
}

static void test_triangle_strip(void)
{
    /*
     * GL: triangle i is (i, i+1, i+2) for even i and (i+1, i, i+2) for
     * odd i, so that all have the winding of the first: (2,1,3) =
     * (0.5,0.5), (0,0), (0.5,0): 0.5 * 0.5 + 0 + 0 = 0.25 > 0, front.
     */
    draw_strip(NV_VTX_TRIANGLE_STRIP, 5, "t0,1,2 t2,1,3 t2,3,4");
}

static void test_triangle_fan(void)
{
    Cap *c = cap_new();

    /*
     * FAN: (0,1,2), (0,2,3), (0,3,4) around the hub 0 at the origin,
     * the rim counter-clockwise: (0.5,0), (0.5,0.5), (0,0.5), (-0.5,0.5).
     */
    static const float rim[4][2] = {
        { 0.5f, 0 }, { 0.5f, 0.5f }, { 0, 0.5f }, { -0.5f, 0.5f },
    };

    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLE_FAN);
    grid(c, 0, 0, 0);
    for (int i = 0; i < 4; i++) {
        grid(c, i + 1, rim[i][0], rim[i][1]);
    }
    nv_vtx_end(&c->vtx);
    expect(c, "t0,1,2 t0,2,3 t0,3,4");
    g_free(c);
}

/*
 * A square of side 0.5, counter-clockwise from (@x0, 0): ids @id to
 * @id + 3.
 */
static void square(Cap *c, int id, float x0)
{
    grid(c, id, x0, 0);
    grid(c, id + 1, x0 + 0.5f, 0);
    grid(c, id + 2, x0 + 0.5f, 0.5f);
    grid(c, id + 3, x0, 0.5f);
}

static void test_quads(void)
{
    Cap *c = cap_new();

    /*
     * QUADS: (0,1,2,3) and (4,5,6,7), each filled as the fan (0,1,2),
     * (0,2,3); vertex 8 is dropped.
     */
    nv_vtx_begin(&c->vtx, NV_VTX_QUADS);
    square(c, 0, -0.5f);
    square(c, 4, 0);
    grid(c, 8, 0, 0);
    nv_vtx_end(&c->vtx);
    expect(c, "t0,1,2 t0,2,3 t4,5,6 t4,6,7");
    g_free(c);
}

static void test_quad_strip(void)
{
    /*
     * QUAD_STRIP: GL's quad i is (2i, 2i+1, 2i+3, 2i+2): with the strip
     * of test_triangle_strip, (0,1,3,2) = (0,.5), (0,0), (.5,0), (.5,.5)
     * is counter-clockwise; filled as (0,1,3), (0,3,2), then (2,3,5),
     * (2,5,4); vertex 6 is dropped.
     */
    draw_strip(NV_VTX_QUAD_STRIP, 7, "t0,1,3 t0,3,2 t2,3,5 t2,5,4");
}

static void test_polygon(void)
{
    Cap *c = cap_new();

    /*
     * POLYGON: a fan from the first vertex, (0,1,2), (0,2,3), (0,3,4);
     * each triangle is drawn when the next vertex (or the end) shows
     * whether it is the last one.
     */
    nv_vtx_begin(&c->vtx, NV_VTX_POLYGON);
    grid(c, 0, 0, 0);
    grid(c, 1, 0.5f, 0);
    grid(c, 2, 0.5f, 0.5f);
    expect(c, "");
    grid(c, 3, 0, 0.5f);
    expect(c, "t0,1,2");
    grid(c, 4, -0.5f, 0.5f);
    expect(c, "t0,2,3");
    nv_vtx_end(&c->vtx);
    expect(c, "t0,3,4");

    /* Two vertices: nothing. */
    nv_vtx_begin(&c->vtx, NV_VTX_POLYGON);
    grid(c, 0, 0, 0);
    grid(c, 1, 0.5f, 0);
    nv_vtx_end(&c->vtx);
    expect(c, "");
    g_free(c);
}

static void test_begin_while_open(void)
{
    Cap *c = cap_new();

    /* A new BEGIN_END ends the open loop first: it is closed (2,0). */
    nv_vtx_begin(&c->vtx, NV_VTX_LINE_LOOP);
    for (int i = 0; i < 3; i++) {
        grid(c, i, i * 0.125f, 0);
    }
    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLES);
    expect(c, "l0,1 l1,2 l2,0");
    /* The triangle count starts again: 5, 6, 7 form one. */
    grid(c, 5, 0, 0);
    grid(c, 6, 0.5f, 0);
    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLES);
    grid(c, 7, 0, 0);
    grid(c, 8, 0.5f, 0);
    grid(c, 9, 0, 0.5f);
    expect(c, "t7,8,9");

    /* Outside BEGIN_END and after an unknown type, vertices do nothing. */
    nv_vtx_end(&c->vtx);
    grid(c, 0, 0, 0);
    nv_vtx_begin(&c->vtx, 11);
    g_assert_cmpuint(c->vtx.prim, ==, NV_VTX_STOP);
    grid(c, 1, 0, 0);
    nv_vtx_end(&c->vtx);
    expect(c, "");
    g_free(c);
}

static void test_viewport(void)
{
    Cap *c = cap_new();
    NVVtxState *st = &c->vtx.st;

    /*
     * (2, -4, 1, 4) divides to (0.5, -1, 0.25); with scale (320, 240,
     * 0.5) and translate (320, 240, 0.5): x = 0.5 * 320 + 320 = 480,
     * y = -240 + 240 = 0, z = 0.125 + 0.5 = 0.625, and 1/w = 0.25.  The
     * point has the state's size, 3.
     */
    st->vp_scale[0] = st->vp_translate[0] = 320;
    st->vp_scale[1] = st->vp_translate[1] = 240;
    st->guard = NV_VTX_GUARD;
    st->point_size = 3;
    nv_vtx_begin(&c->vtx, NV_VTX_POINTS);
    put(c, 2, -4, 1, 4, 0, 0);
    nv_vtx_end(&c->vtx);
    g_assert_cmpuint(c->n, ==, 1);
    expect_pos(&c->p[0].v[0], 480, 0, 0.625f, 0.25f);
    g_assert_cmpfloat(c->p[0].v[0].size, ==, 3);
    /* Attributes pass as XF left them: slot 0 is the clip position. */
    g_assert_cmpfloat(c->p[0].v[0].attr[0][3], ==, 4);
    g_free(c);
}

/*
 * A corner of a clipped polygon: window x, y, texture coordinate, and
 * whether the edge from it to the next corner is a boundary edge.
 */
typedef struct Corner {
    float x, y, tc;
    bool edge;
} Corner;

/*
 * Clip the triangle @in (x, y, texture coordinate; z = 0, w = 1) and
 * check that it comes out as the polygon @want drawn as the fan
 * (0,1,2), (0,2,3), front, at window z 0.5 and 1/w 1; the fan's inner
 * edges are never boundary edges.
 */
static void clip_to_quad(const float in[3][3], const Corner want[4])
{
    static const unsigned fan[2][3] = { { 0, 1, 2 }, { 0, 2, 3 } };
    Cap *c = cap_new();

    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLES);
    for (int i = 0; i < 3; i++) {
        put(c, in[i][0], in[i][1], 0, 1, i, in[i][2]);
    }
    nv_vtx_end(&c->vtx);
    g_assert_cmpuint(c->n, ==, 2);
    for (unsigned t = 0; t < 2; t++) {
        g_assert_false(c->p[t].back);
        for (unsigned j = 0; j < 3; j++) {
            const Corner *w = &want[fan[t][j]];
            const NVVtxOut *v = &c->p[t].v[j];
            bool inner = t == 0 ? j == 2 : j == 0;

            expect_pos(v, w->x, w->y, 0.5f, 1);
            g_assert_cmpfloat(v->attr[S_ID][1], ==, w->tc);
            g_assert_cmpint(v->edge, ==, w->edge && !inner);
        }
    }
    g_free(c);
}

static void test_clip_one_plane(void)
{
    /*
     * A(-0.5,-0.5) B(1.5,-0.5) C(-0.5,0.5), texture coordinates 0, 8,
     * 4.  Only B is outside, of x <= w: distances w - x are 1.5, -0.5,
     * 1.5.  Edge AB leaves at t = 1.5 / (1.5 + 0.5) = 0.75 from A:
     * I1 = (1, -0.5), tc 0.75 * 8 = 6.  Edge BC enters; it is cut from
     * the inside vertex C at t = 0.75: I2 = (-0.5 + 0.75 * 2, 0.5 - 0.75)
     * = (1, -0.25), tc 4 + 0.75 * 4 = 7.  The polygon is A I1 I2 C;
     * window x * 8 + 8: A (4, 4), I1 (16, 4), I2 (16, 6), C (4, 12).
     * A->I1 is part of AB (a boundary edge), I1->I2 lies on the view
     * volume (not one), I2->C is part of BC and C->A is CA.
     */
    static const float in[3][3] = {
        { -0.5f, -0.5f, 0 }, { 1.5f, -0.5f, 8 }, { -0.5f, 0.5f, 4 },
    };
    static const Corner want[4] = {
        { 4, 4, 0, true }, { 16, 4, 6, false }, { 16, 6, 7, true },
        { 4, 12, 4, true },
    };

    clip_to_quad(in, want);
}

static void test_clip_two_planes(void)
{
    Cap *c = cap_new();

    /*
     * A(-1,-1) B(3,-1) C(-1,7), tc 0, 8, 4.  B is outside x <= w, C
     * outside y <= w.  First x <= w (distances 2, -2, 2): AB leaves at
     * t = 2/4 = 0.5: I1 = (1,-1), tc 4; BC enters, cut from C at t = 0.5:
     * I2 = (1, 3), tc 6; the polygon is A I1 I2 C.  Then y <= w
     * (distances 2, 2, -2, -6): I1 I2 leaves at t = 2/4 = 0.5: K = (1, 1),
     * tc 5; I2 C stays out; C A enters, cut from A at t = 2/8 = 0.25:
     * J = (-1, -1 + 0.25 * 8) = (-1, 1), tc 1.  The result is A I1 K J,
     * the whole viewport: window (0,0) (16,0) (16,16) (0,16).  A->I1 is
     * part of AB, I1->K and K->J lie on the volume, J->A is part of CA.
     */
    static const float in[3][3] = {
        { -1, -1, 0 }, { 3, -1, 8 }, { -1, 7, 4 },
    };
    static const Corner want[4] = {
        { 0, 0, 0, true }, { 16, 0, 4, false }, { 16, 16, 5, false },
        { 0, 16, 1, true },
    };

    clip_to_quad(in, want);

    /* Wholly outside one plane (x > w): nothing. */
    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLES);
    put(c, 2, 0, 0, 1, 0, 0);
    put(c, 3, 0, 0, 1, 1, 0);
    put(c, 2, 1, 0, 1, 2, 0);
    nv_vtx_end(&c->vtx);
    expect(c, "");
    g_free(c);
}

static void test_clip_on_plane(void)
{
    Cap *c = cap_new();

    /*
     * A(-0.5,-0.5) B(1,-0.5) C(1.5,0.5), w = 1: B lies on x <= w (inside,
     * distance 0), C is outside (-0.5).  B is its own intersection: no
     * second copy of it.  CA enters at t = 1.5 / 2 = 0.75 from A: J =
     * (1, 0.25), id 0 + 0.75 * 2 = 1.5.  One triangle A B J; in LINE
     * mode AB and JA are boundary edges, BJ (on the volume) is not.
     * The other order A C B cuts AC at the same J and enters at B.
     */
    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLES);
    put(c, -0.5f, -0.5f, 0, 1, 0, 0);
    put(c, 1, -0.5f, 0, 1, 1, 0);
    put(c, 1.5f, 0.5f, 0, 1, 2, 0);
    put(c, -0.5f, -0.5f, 0, 1, 0, 0);
    put(c, 1.5f, 0.5f, 0, 1, 2, 0);
    put(c, 1, -0.5f, 0, 1, 1, 0);
    nv_vtx_end(&c->vtx);
    expect(c, "t0,1,1.5 bt0,1.5,1");
    c->vtx.st.poly_mode[0] = NV_VTX_LINE;
    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLES);
    put(c, -0.5f, -0.5f, 0, 1, 0, 0);
    put(c, 1, -0.5f, 0, 1, 1, 0);
    put(c, 1.5f, 0.5f, 0, 1, 2, 0);
    nv_vtx_end(&c->vtx);
    expect(c, "l0,1 l1.5,0");
    g_free(c);
}

static void test_clip_shared_edge(void)
{
    Cap *c = cap_new();
    const NVVtxOut *i1, *i2;

    /*
     * Two triangles share the edge PQ, which leaves x <= w (distances
     * 0.6 and -1.2, t = 1/3: not exact).  One walks it P to Q, the other
     * Q to P; both cut it from the inside vertex P, so the two cut points
     * are the same bits: no crack.  (P, Q, R) gives P I1 I1' R, drawn
     * first as (P, I1, I1'); (Q, P, S) gives I2 P S X, drawn first as
     * (I2, P, S).
     */
    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLES);
    put(c, 0.1f, 0.2f, 0.3f, 0.7f, 0, 0.3f);
    put(c, 2.3f, 0.9f, 0.1f, 1.1f, 1, 0.7f);
    put(c, 0.1f, 0.9f, 0, 1, 2, 0);
    put(c, 2.3f, 0.9f, 0.1f, 1.1f, 1, 0.7f);
    put(c, 0.1f, 0.2f, 0.3f, 0.7f, 0, 0.3f);
    put(c, 0.5f, -0.5f, 0, 1, 3, 0);
    nv_vtx_end(&c->vtx);
    g_assert_cmpuint(c->n, ==, 4);
    i1 = &c->p[0].v[1];
    i2 = &c->p[2].v[0];
    g_assert_cmpmem(i1->pos, sizeof(i1->pos), i2->pos, sizeof(i2->pos));
    g_assert_cmpmem(i1->attr, sizeof(i1->attr), i2->attr,
                    sizeof(i2->attr));
    g_free(c);
}

static void test_clip_line_near(void)
{
    Cap *c = cap_new();
    const NVVtxPrim *p = c->p;

    /*
     * P0 (-0.5, 0, -4, 1), P1 (1.5, 0, 0, 3), tc 0 and 8.  Near plane
     * z >= -w: distances z + w = -3 and 3, so P0 moves to t = -3 / -6
     * = 0.5: (0.5, 0, -2, 2), tc 4, which divides to (0.25, 0, -1):
     * window (10, 8, 0), 1/w = 0.5.  P1 divides to (0.5, 0, 0): window
     * (12, 8, 0.5), 1/w the single nearest 1/3.  The line has the
     * state's width, 2.
     */
    c->vtx.st.line_width = 2;
    nv_vtx_begin(&c->vtx, NV_VTX_LINES);
    put(c, -0.5f, 0, -4, 1, 0, 0);
    put(c, 1.5f, 0, 0, 3, 1, 8);
    nv_vtx_end(&c->vtx);
    g_assert_cmpuint(c->n, ==, 1);
    g_assert_cmpuint(p[0].kind, ==, NV_VTX_PRIM_LINE);
    g_assert_cmpfloat(p[0].width, ==, 2);
    expect_pos(&p[0].v[0], 10, 8, 0, 0.5f);
    expect_pos(&p[0].v[1], 12, 8, 0.5f, 1.0f / 3.0f);
    g_assert_cmpfloat(p[0].v[0].attr[S_ID][1], ==, 4);
    g_assert_cmpfloat(p[0].v[1].attr[S_ID][1], ==, 8);

    /*
     * DEPTH_CONTROL.CLAMP: no near clipping; P0 divides to (-0.5, 0, -4):
     * window (4, 8, -4 * 0.5 + 0.5 = -1.5).
     */
    c->n = 0;
    c->vtx.st.depth_clamp = true;
    nv_vtx_begin(&c->vtx, NV_VTX_LINES);
    put(c, -0.5f, 0, -4, 1, 0, 0);
    put(c, 1.5f, 0, 0, 3, 1, 8);
    nv_vtx_end(&c->vtx);
    g_assert_cmpuint(c->n, ==, 1);
    expect_pos(&p[0].v[0], 4, 8, -1.5f, 1);

    /*
     * (2, 0.5) is outside x <= w only, (0.5, 2) outside y <= w only, but
     * the line between them (x + y = 2.5) passes outside the corner
     * (1, 1): entering at t = 1 / 1.5 and leaving 1 / 1.5 before the
     * end, t0 + t1 = 4/3 >= 1, nothing is left.
     */
    c->n = 0;
    nv_vtx_begin(&c->vtx, NV_VTX_LINES);
    put(c, 2, 0.5f, 0, 1, 0, 0);
    put(c, 0.5f, 2, 0, 1, 1, 0);
    nv_vtx_end(&c->vtx);
    expect(c, "");
    g_free(c);
}

static void test_user_clip(void)
{
    Cap *c = cap_new();
    NVVtxState *st = &c->vtx.st;
    NVXfVertex v[3] = {
        vx(-0.5f, -0.5f, 0, 1, 0, 0),
        vx(0.5f, -0.5f, 0, 1, 1, 8),
        vx(-0.5f, 0.5f, 0, 1, 2, 4),
    };
    static const float dist[3] = { 1, -1, 1 };

    /*
     * Clip distance 2 in slot 5 z, enabled; distances 1, -1, 1.  AB is
     * cut at t = 1 / 2: I1 = (0, -0.5), tc 4; BC from C at t = 0.5:
     * I2 = (0, 0), tc 6.  In polygon mode LINE every boundary edge is a
     * line, and the edge along a user plane is one (unlike the view
     * volume's): A-I1, I1-I2, I2-C, C-A, window (4,4)-(8,4), (8,4)-(8,8),
     * (8,8)-(4,12), (4,12)-(4,4).
     */
    for (int i = 0; i < 3; i++) {
        memcpy(&v[i].tbuf[S_CLIP][2], &dist[i], 4);
    }
    st->clip_dist[2] = (NVVtxSlot) { S_CLIP, 2 };
    st->clip_enable = 1 << 2;
    st->poly_mode[0] = NV_VTX_LINE;
    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLES);
    for (int i = 0; i < 3; i++) {
        nv_vtx_vertex(&c->vtx, &v[i]);
    }
    nv_vtx_end(&c->vtx);
    g_assert_cmpuint(c->n, ==, 4);
    expect_pos(&c->p[0].v[0], 4, 4, 0.5f, 1);
    expect_pos(&c->p[0].v[1], 8, 4, 0.5f, 1);
    expect_pos(&c->p[1].v[1], 8, 8, 0.5f, 1);
    expect_pos(&c->p[2].v[1], 4, 12, 0.5f, 1);
    expect_pos(&c->p[3].v[1], 4, 4, 0.5f, 1);
    g_assert_cmpfloat(c->p[1].v[0].attr[S_ID][1], ==, 4);
    g_assert_cmpfloat(c->p[1].v[1].attr[S_ID][1], ==, 6);
    g_assert_cmpfloat(c->p[1].v[1].attr[S_CLIP][2], ==, 0);

    /* The same distances with the distance off: the whole triangle. */
    c->n = 0;
    st->clip_enable = 1 << 1;
    st->poly_mode[0] = NV_VTX_FILL;
    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLES);
    for (int i = 0; i < 3; i++) {
        nv_vtx_vertex(&c->vtx, &v[i]);
    }
    nv_vtx_end(&c->vtx);
    expect(c, "t0,1,2");

    /* Points are kept or dropped whole: distance 0 is inside. */
    st->clip_enable = 1 << 2;
    nv_vtx_begin(&c->vtx, NV_VTX_POINTS);
    for (int i = 0; i < 3; i++) {
        nv_vtx_vertex(&c->vtx, &v[i]);
    }
    v[1].tbuf[S_CLIP][2] = 0;
    nv_vtx_vertex(&c->vtx, &v[1]);
    nv_vtx_end(&c->vtx);
    expect(c, "p0 p2 p1");
    g_free(c);
}

/*
 * One triangle counter-clockwise in clip space, (0,0) (0.5,0) (0,0.5),
 * so clockwise in the window (y down), and one the other way round, ids
 * 0-2 and 3-5.
 */
static void ccw_and_cw(Cap *c)
{
    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLES);
    grid(c, 0, 0, 0);
    grid(c, 1, 0.5f, 0);
    grid(c, 2, 0, 0.5f);
    grid(c, 3, 0, 0);
    grid(c, 4, 0, 0.5f);
    grid(c, 5, 0.5f, 0);
    nv_vtx_end(&c->vtx);
}

static void test_faces_and_culling(void)
{
    Cap *c = cap_new();
    NVVtxState *st = &c->vtx.st;

    /* FRONT_FACE CW: the first is front, the second back. */
    ccw_and_cw(c);
    expect(c, "t0,1,2 bt3,4,5");
    /* CCW: the reverse. */
    st->front_ccw = true;
    ccw_and_cw(c);
    expect(c, "bt0,1,2 t3,4,5");
    /*
     * A negative y scale (Mesa's viewport for a window-system surface)
     * mirrors the triangles: counter-clockwise in clip space is
     * counter-clockwise in the window, so with CW the first is now back.
     */
    st->front_ccw = false;
    st->vp_scale[1] = -8;
    ccw_and_cw(c);
    expect(c, "bt0,1,2 t3,4,5");
    st->vp_scale[1] = 8;

    /*
     * Culling: FRONT (1) keeps the back one, BACK (2) the front one,
     * FRONT_AND_BACK (3) none; off, both whatever CULL_FACE says.
     */
    st->cull_enable = true;
    st->cull_face = 1;
    ccw_and_cw(c);
    expect(c, "bt3,4,5");
    st->cull_face = 2;
    ccw_and_cw(c);
    expect(c, "t0,1,2");
    st->cull_face = 3;
    ccw_and_cw(c);
    expect(c, "");
    st->cull_enable = false;
    ccw_and_cw(c);
    expect(c, "t0,1,2 bt3,4,5");

    /* Zero area is neither CCW nor CW: back, and culled as back. */
    st->cull_enable = true;
    st->cull_face = 2;
    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLES);
    grid(c, 0, 0, 0);
    grid(c, 1, 0.25f, 0);
    grid(c, 2, 0.5f, 0);
    nv_vtx_end(&c->vtx);
    expect(c, "");
    g_free(c);
}

static void test_two_side(void)
{
    Cap *c = cap_new();
    NVVtxState *st = &c->vtx.st;

    /*
     * Front colour (id, 0, 0, 1), back colour (0, id, 0, 1).  With
     * two-sided colours the back triangle's front colour slot holds the
     * back colour: x 0, y id; the front one keeps (id, 0).
     */
    st->two_side = true;
    ccw_and_cw(c);
    g_assert_cmpuint(c->n, ==, 2);
    g_assert_cmpfloat(col_x(&c->p[0].v[1], S_COL), ==, 1);
    g_assert_cmpfloat(col_x(&c->p[1].v[1], S_COL), ==, 0);
    g_assert_cmpfloat(c->p[1].v[1].attr[S_COL][1], ==, 4);
    /* Off: the back triangle keeps its front colours. */
    c->n = 0;
    st->two_side = false;
    ccw_and_cw(c);
    g_assert_cmpfloat(col_x(&c->p[1].v[1], S_COL), ==, 4);
    g_assert_cmpfloat(c->p[1].v[1].attr[S_COL][1], ==, 0);
    g_free(c);
}

/*
 * The front colour's x (the id of the vertex it came from) of each
 * vertex of captured primitive @i.
 */
static void expect_cols(Cap *c, unsigned i, float a, float b, float d)
{
    const NVVtxPrim *p = &c->p[i];

    g_assert_cmpfloat(col_x(&p->v[0], S_COL), ==, a);
    g_assert_cmpfloat(col_x(&p->v[1], S_COL), ==, b);
    if (p->kind == NV_VTX_PRIM_TRIANGLE) {
        g_assert_cmpfloat(col_x(&p->v[2], S_COL), ==, d);
    }
}

static void test_flat(void)
{
    Cap *c = cap_new();
    NVVtxState *st = &c->vtx.st;

    /* Smooth: every vertex its own colour. */
    ccw_and_cw(c);
    expect_cols(c, 0, 0, 1, 2);
    c->n = 0;

    /*
     * Flat, GL's last vertex: triangles 2 and 5; the back colour slot
     * too (0, 2).  FLATSHADE_FIRST: 0 and 3.
     */
    st->flat = true;
    ccw_and_cw(c);
    expect_cols(c, 0, 2, 2, 2);
    expect_cols(c, 1, 5, 5, 5);
    g_assert_cmpfloat(c->p[0].v[0].attr[S_BCOL][1], ==, 2);
    c->n = 0;
    st->flat_first = true;
    ccw_and_cw(c);
    expect_cols(c, 0, 0, 0, 0);
    expect_cols(c, 1, 3, 3, 3);
    c->n = 0;

    /*
     * Strips and fans, first vertex (ARB_provoking_vertex): strip
     * triangle i takes vertex i, so (2,1,3) takes 1; fan triangle i
     * (0, i+1, i+2) takes i+1.  Lines: the first end, then the last.
     */
    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLE_STRIP);
    strip(c, 4);
    nv_vtx_end(&c->vtx);
    expect_cols(c, 0, 0, 0, 0);
    expect_cols(c, 1, 1, 1, 1);
    c->n = 0;
    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLE_FAN);
    grid(c, 0, 0, 0);
    grid(c, 1, 0.5f, 0);
    grid(c, 2, 0.5f, 0.5f);
    nv_vtx_end(&c->vtx);
    expect_cols(c, 0, 1, 1, 1);
    c->n = 0;
    nv_vtx_begin(&c->vtx, NV_VTX_LINES);
    grid(c, 0, 0, 0);
    grid(c, 1, 0.5f, 0);
    st->flat_first = false;
    grid(c, 2, 0, 0);
    grid(c, 3, 0.5f, 0);
    nv_vtx_end(&c->vtx);
    expect_cols(c, 0, 0, 0, 0);
    expect_cols(c, 1, 3, 3, 0);
    c->n = 0;

    /*
     * Quads (GL: vertex 4i, the quad's last) and quad strips (2i + 2,
     * the quad's last too: vertex 3 of (0,1,3,2)) ignore FLATSHADE_FIRST;
     * a polygon takes its first vertex whatever it says.
     */
    st->flat_first = true;
    nv_vtx_begin(&c->vtx, NV_VTX_QUADS);
    square(c, 0, 0);
    nv_vtx_end(&c->vtx);
    expect_cols(c, 0, 3, 3, 3);
    expect_cols(c, 1, 3, 3, 3);
    c->n = 0;
    nv_vtx_begin(&c->vtx, NV_VTX_QUAD_STRIP);
    strip(c, 4);
    nv_vtx_end(&c->vtx);
    expect_cols(c, 0, 3, 3, 3);
    c->n = 0;
    st->flat_first = false;
    nv_vtx_begin(&c->vtx, NV_VTX_POLYGON);
    square(c, 0, 0);
    nv_vtx_end(&c->vtx);
    expect_cols(c, 0, 0, 0, 0);
    expect_cols(c, 1, 0, 0, 0);
    g_free(c);
}

static void test_polygon_mode(void)
{
    Cap *c = cap_new();
    NVVtxState *st = &c->vtx.st;

    /* LINE: a quad's four edges, not the fan's diagonal. */
    st->poly_mode[0] = NV_VTX_LINE;
    nv_vtx_begin(&c->vtx, NV_VTX_QUADS);
    square(c, 0, 0);
    nv_vtx_end(&c->vtx);
    expect(c, "l0,1 l1,2 l2,3 l3,0");

    /* EDGEFLAG off at vertex 1: its edge (1,2) is not drawn. */
    nv_vtx_begin(&c->vtx, NV_VTX_QUADS);
    grid(c, 0, 0, 0);
    st->edge_flag = false;
    grid(c, 1, 0.5f, 0);
    st->edge_flag = true;
    grid(c, 2, 0.5f, 0.5f);
    grid(c, 3, 0, 0.5f);
    nv_vtx_end(&c->vtx);
    expect(c, "l0,1 l2,3 l3,0");

    /* A polygon: its outline (0,1) ... (4,0), no inner fan edge. */
    nv_vtx_begin(&c->vtx, NV_VTX_POLYGON);
    square(c, 0, 0);
    grid(c, 4, -0.25f, 0.25f);
    nv_vtx_end(&c->vtx);
    expect(c, "l0,1 l1,2 l2,3 l3,4 l4,0");
    /* EDGEFLAG off at its first vertex: no (0,1). */
    nv_vtx_begin(&c->vtx, NV_VTX_POLYGON);
    st->edge_flag = false;
    grid(c, 0, 0, 0);
    st->edge_flag = true;
    grid(c, 1, 0.5f, 0);
    grid(c, 2, 0.5f, 0.5f);
    grid(c, 3, 0, 0.5f);
    nv_vtx_end(&c->vtx);
    expect(c, "l1,2 l2,3 l3,0");

    /* Strips ignore edge flags: every triangle edge is drawn. */
    st->edge_flag = false;
    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLE_STRIP);
    strip(c, 3);
    nv_vtx_end(&c->vtx);
    expect(c, "l0,1 l1,2 l2,0");
    st->edge_flag = true;

    /*
     * POINT: the vertices that start a boundary edge.  The back mode
     * is separate: front FILL, back POINT; the back triangle (3,4,5)
     * becomes its three vertices, marked back.
     */
    st->poly_mode[0] = NV_VTX_POINT;
    nv_vtx_begin(&c->vtx, NV_VTX_QUADS);
    square(c, 0, 0);
    nv_vtx_end(&c->vtx);
    expect(c, "p0 p1 p2 p3");
    st->poly_mode[0] = NV_VTX_FILL;
    st->poly_mode[1] = NV_VTX_POINT;
    ccw_and_cw(c);
    expect(c, "t0,1,2 bp3 bp4 bp5");
    g_free(c);
}

/*
 * A(-0.5,-0.5,0) B(0.5,-0.5,@zb) C(-0.5,0.5,@zc), w = 1, with the
 * depth scale 1, translate 0: window (4,4,0) (12,4,zb) (4,12,zc).
 * z rises zb over 8 pixels in x and zc over 8 in y.
 */
static void sloped(Cap *c, float zb, float zc)
{
    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLES);
    put(c, -0.5f, -0.5f, 0, 1, 0, 0);
    put(c, 0.5f, -0.5f, zb, 1, 1, 0);
    put(c, -0.5f, 0.5f, zc, 1, 2, 0);
    nv_vtx_end(&c->vtx);
}

static void test_polygon_offset(void)
{
    Cap *c = cap_new();
    NVVtxState *st = &c->vtx.st;

    /*
     * zb 0.5, zc 0.25: dz/dx = 0.5 / 8 = 0.0625, dz/dy = 0.03125, m =
     * 0.0625.  factor 2, units 3, r = 2^-24: 2 * 0.0625 + 3 * 2^-24 =
     * 0.125 + 3 * 2^-24 (exact: 0.125's step is 2^-26).
     */
    st->vp_scale[2] = 1;
    st->vp_translate[2] = 0;
    st->offset_factor = 2;
    st->offset_units = 3;
    st->offset_r = 0x1p-24f;
    sloped(c, 0.5f, 0.25f);
    g_assert_cmpuint(c->n, ==, 1);
    g_assert_cmpfloat(c->p[0].z_offset, ==, 0);
    expect_pos(&c->p[0].v[1], 12, 4, 0.5f, 1);
    c->n = 0;
    st->offset_enable[NV_VTX_FILL] = true;
    sloped(c, 0.5f, 0.25f);
    g_assert_cmpfloat(c->p[0].z_offset, ==, 0.125f + 0x3p-24f);
    c->n = 0;
    /*
     * The steeper slope counts, in y as in x: zb 0.125, zc 1: dz/dx =
     * 0.015625, dz/dy = 0.125; 2 * 0.125 + 3 * 2^-24 = 0.25 + 3 * 2^-24
     * (0.25's step is 2^-25: exact).
     */
    sloped(c, 0.125f, 1);
    g_assert_cmpfloat(c->p[0].z_offset, ==, 0.25f + 0x3p-24f);
    c->n = 0;

    /* In LINE mode the LINE enable counts, not FILL's. */
    st->poly_mode[0] = NV_VTX_LINE;
    sloped(c, 0.5f, 0.25f);
    g_assert_cmpuint(c->n, ==, 3);
    g_assert_cmpfloat(c->p[0].z_offset, ==, 0);
    c->n = 0;
    st->offset_enable[NV_VTX_LINE] = true;
    sloped(c, 0.5f, 0.25f);
    g_assert_cmpfloat(c->p[2].z_offset, ==, 0.125f + 0x3p-24f);
    c->n = 0;

    /* Lines and points proper have no polygon offset. */
    nv_vtx_begin(&c->vtx, NV_VTX_LINES);
    put(c, -0.5f, -0.5f, 0, 1, 0, 0);
    put(c, 0.5f, -0.5f, 0.5f, 1, 1, 0);
    nv_vtx_end(&c->vtx);
    g_assert_cmpfloat(c->p[0].z_offset, ==, 0);
    g_free(c);
}

static void test_point_size(void)
{
    Cap *c = cap_new();
    NVVtxState *st = &c->vtx.st;
    NVXfVertex v = vx(0, 0, 0, 1, 0, 0);

    /* No size slot: POINT_SIZE, 2.5; slot 6 y = 5: that. */
    v.tbuf[S_PSIZE][1] = 0x40a00000;        /* 5.0f */
    st->point_size = 2.5f;
    nv_vtx_begin(&c->vtx, NV_VTX_POINTS);
    nv_vtx_vertex(&c->vtx, &v);
    st->psize = (NVVtxSlot) { S_PSIZE, 1 };
    nv_vtx_vertex(&c->vtx, &v);
    nv_vtx_end(&c->vtx);
    g_assert_cmpuint(c->n, ==, 2);
    g_assert_cmpfloat(c->p[0].v[0].size, ==, 2.5f);
    g_assert_cmpfloat(c->p[1].v[0].size, ==, 5);

    /*
     * A wide point is clipped by its centre: at x = 1.0 (on x <= w) it
     * is kept, past it gone, however wide.
     */
    c->n = 0;
    v.tbuf[S_PSIZE][1] = 0x42800000;        /* 64.0f */
    nv_vtx_begin(&c->vtx, NV_VTX_POINTS);
    v.tbuf[0][0] = 0x3f800000;              /* x = 1 */
    nv_vtx_vertex(&c->vtx, &v);
    v.tbuf[0][0] = 0x3f800001;              /* x just above 1 */
    nv_vtx_vertex(&c->vtx, &v);
    nv_vtx_end(&c->vtx);
    g_assert_cmpuint(c->n, ==, 1);
    g_assert_cmpfloat(c->p[0].v[0].pos[0], ==, 16);
    g_assert_cmpfloat(c->p[0].v[0].size, ==, 64);
    g_free(c);
}

static void test_kelvin(void)
{
    Cap *c = cap_new();
    NVVtxState *st = &c->vtx.st;

    /*
     * Window coordinates: (100.5, 50, 0.25, w 2) is (100.5, 50, 0.25,
     * 1/w 0.5), neither clipped (x > w) nor moved by the viewport; user
     * clip distances do not apply (distance 0 in slot 7 y is -1, outside).
     * w = -1 (behind the eye) drops the primitive.
     */
    st->window_coords = true;
    st->clip_dist[0] = (NVVtxSlot) { S_ID, 1 };
    st->clip_enable = 1;
    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLES);
    put(c, 100.5f, 50, 0.25f, 2, 0, -1);
    put(c, 200, 50, 0.25f, 2, 1, -1);
    put(c, 100.5f, 150, 0.25f, 2, 2, -1);
    put(c, 100.5f, 50, 0.25f, 2, 3, -1);
    put(c, 200, 50, 0.25f, -1, 4, -1);
    put(c, 100.5f, 150, 0.25f, 2, 5, -1);
    nv_vtx_end(&c->vtx);
    g_assert_cmpuint(c->n, ==, 1);
    expect_pos(&c->p[0].v[0], 100.5f, 50, 0.25f, 0.5f);
    expect_pos(&c->p[0].v[1], 200, 50, 0.25f, 0.5f);
    g_assert_false(c->p[0].back);
    g_free(c);
}

static void test_format(void)
{
    NVVtxPrim p = { .kind = NV_VTX_PRIM_LINE, .back = true, .width = 2,
                    .z_offset = 0.5f };
    char buf[160], small[12];

    p.v[0] = (NVVtxOut) { .pos = { 1, 2, 0.25f, 1 }, .size = 1 };
    p.v[1] = (NVVtxOut) { .pos = { 3.5f, 4, 0.5f, 0.5f }, .size = 1 };
    nv_vtx_prim_format(&p, buf, sizeof(buf));
    g_assert_cmpstr(buf, ==, "line back z_offset 0.5 width 2 "
                    "(1 2 0.25 1 size 1) (3.5 4 0.5 0.5 size 1)");
    /* Truncated to the buffer, NUL included. */
    nv_vtx_prim_format(&p, small, sizeof(small));
    g_assert_cmpstr(small, ==, "line back z");
    p.kind = 7;
    nv_vtx_prim_format(&p, buf, sizeof(buf));
    g_assert_cmpstr(buf, ==, "? back z_offset 0.5");
}

static void test_post_load(void)
{
    Cap *c = cap_new();

    /* A type out of range: STOP, no count. */
    c->vtx.prim = 200;
    c->vtx.count = 5;
    nv_vtx_post_load(&c->vtx);
    g_assert_cmpuint(c->vtx.prim, ==, NV_VTX_STOP);
    g_assert_cmpuint(c->vtx.count, ==, 0);

    /*
     * A count past the wrap point (0xc0000000) keeps its phase modulo 12:
     * 0xffffffff = 12 * 357913941 + 3, so 15; three more vertices make
     * one triangle (phases 0, 1, 2).
     */
    c->vtx.prim = NV_VTX_TRIANGLES;
    c->vtx.count = 0xffffffff;
    nv_vtx_post_load(&c->vtx);
    g_assert_cmpuint(c->vtx.count, ==, 15);
    grid(c, 0, 0, 0);
    grid(c, 1, 0.5f, 0);
    grid(c, 2, 0, 0.5f);
    expect(c, "t0,1,2");

    /* Reaching the wrap point: 12, same phase (0xc0000000 % 12 == 0). */
    c->vtx.count = 0xc0000000u - 3;
    grid(c, 3, 0, 0);
    grid(c, 4, 0.5f, 0);
    grid(c, 5, 0, 0.5f);
    expect(c, "t3,4,5");
    g_assert_cmpuint(c->vtx.count, ==, 12);
    g_free(c);
}

/*
 * Garbage state and vertices (NaN, infinities, huge values) through
 * every type: no crash (under ASan/UBSan), and every primitive that
 * comes out has a finite window position and w > 0.
 */
static void test_garbage(void)
{
    Cap *c = cap_new();
    ThRng g = { 0x5678 };
    static const uint32_t special[] = {
        0x7fffffff, 0x7f800000, 0xff800000, 0x00000000, 0x80000000,
        0x3f800000, 0xbf800000, 0x7f7fffff, 0x00000001, 0x40000000,
    };

    for (unsigned round = 0; round < 400; round++) {
        NVVtxState *st = &c->vtx.st;
        uint8_t *raw = (uint8_t *)st;

        for (size_t i = 0; i < sizeof(*st); i++) {
            raw[i] = th_rnd(&g);
        }
        /* Bools must hold 0 or 1 (UBSan); floats as they come. */
        st->window_coords = th_rnd(&g) & 1;
        st->depth_clamp = th_rnd(&g) & 1;
        st->front_ccw = th_rnd(&g) & 1;
        st->cull_enable = th_rnd(&g) & 1;
        st->flat = th_rnd(&g) & 1;
        st->flat_first = th_rnd(&g) & 1;
        st->two_side = th_rnd(&g) & 1;
        st->edge_flag = th_rnd(&g) & 1;
        for (int i = 0; i < 3; i++) {
            st->offset_enable[i] = th_rnd(&g) & 1;
        }
        st->vp_scale[0] = (float)(th_rnd(&g) % 64);
        st->vp_scale[1] = (float)(th_rnd(&g) % 64);
        nv_vtx_begin(&c->vtx, th_rnd(&g) % 12);
        for (unsigned k = 0; k < 9; k++) {
            NVXfVertex v;

            for (unsigned s = 0; s < NV_XF_TBUF; s++) {
                for (unsigned w = 0; w < 4; w++) {
                    uint32_t r = th_rnd(&g);

                    v.tbuf[s][w] = r % 3 ? special[r % 10]
                                         : (r & 0x807fffff) | 0x3e000000;
                }
            }
            nv_vtx_vertex(&c->vtx, &v);
            for (unsigned i = 0; i < c->n; i++) {
                for (unsigned j = 0; j < c->p[i].kind; j++) {
                    const float *p = c->p[i].v[j].pos;

                    g_assert_true(isfinite(p[0]) && isfinite(p[1]) &&
                                  isfinite(p[2]) && p[3] > 0);
                }
            }
            c->n = 0;
        }
        nv_vtx_end(&c->vtx);
        c->n = 0;
    }
    g_free(c);
}

/*
 * The guard band (NV_VTX_GUARD, 2^20 pixels): the X driver draws in
 * window coordinates through a unit viewport (scale 1, translate 0), its
 * vertices far outside the view volume: (700, 500), (900, 500), (700,
 * 600), w 1, are kept unclipped: k = 2^20 / 1, so x <= 2^20 w holds.
 * With the viewport scale 8 of the other tests the band is 2^20 / 8 =
 * 131072 w: x = 131071 is kept, a triangle wholly at x = 131073 and
 * beyond is not.
 */
static void test_guard_band(void)
{
    Cap *c = cap_new();
    NVVtxState *st = &c->vtx.st;

    st->guard = NV_VTX_GUARD;
    st->vp_scale[0] = st->vp_scale[1] = 1;
    st->vp_translate[0] = st->vp_translate[1] = 0;
    nv_vtx_begin(&c->vtx, NV_VTX_TRIANGLES);
    put(c, 700, 500, 0, 1, 0, 0);
    put(c, 700, 600, 0, 1, 1, 0);
    put(c, 900, 500, 0, 1, 2, 0);
    nv_vtx_end(&c->vtx);
    g_assert_cmpuint(c->n, ==, 1);
    expect_pos(&c->p[0].v[0], 700, 500, 0.5f, 1);
    expect_pos(&c->p[0].v[1], 700, 600, 0.5f, 1);
    expect_pos(&c->p[0].v[2], 900, 500, 0.5f, 1);

    c->n = 0;
    st->vp_scale[0] = st->vp_scale[1] = 8;
    nv_vtx_begin(&c->vtx, NV_VTX_POINTS);
    put(c, 131071, 0, 0, 1, 0, 0);
    put(c, 131073, 0, 0, 1, 1, 0);
    nv_vtx_end(&c->vtx);
    g_assert_cmpuint(c->n, ==, 1);
    g_free(c);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/vtx/assembly/points", test_points);
    g_test_add_func("/vtx/assembly/lines", test_lines);
    g_test_add_func("/vtx/assembly/triangles", test_triangles);
    g_test_add_func("/vtx/assembly/triangle-strip", test_triangle_strip);
    g_test_add_func("/vtx/assembly/triangle-fan", test_triangle_fan);
    g_test_add_func("/vtx/assembly/quads", test_quads);
    g_test_add_func("/vtx/assembly/quad-strip", test_quad_strip);
    g_test_add_func("/vtx/assembly/polygon", test_polygon);
    g_test_add_func("/vtx/assembly/begin-while-open", test_begin_while_open);
    g_test_add_func("/vtx/viewport", test_viewport);
    g_test_add_func("/vtx/clip/one-plane", test_clip_one_plane);
    g_test_add_func("/vtx/clip/guard-band", test_guard_band);
    g_test_add_func("/vtx/clip/two-planes", test_clip_two_planes);
    g_test_add_func("/vtx/clip/on-plane", test_clip_on_plane);
    g_test_add_func("/vtx/clip/shared-edge", test_clip_shared_edge);
    g_test_add_func("/vtx/clip/line-near", test_clip_line_near);
    g_test_add_func("/vtx/clip/user", test_user_clip);
    g_test_add_func("/vtx/faces-and-culling", test_faces_and_culling);
    g_test_add_func("/vtx/two-side", test_two_side);
    g_test_add_func("/vtx/flat", test_flat);
    g_test_add_func("/vtx/polygon-mode", test_polygon_mode);
    g_test_add_func("/vtx/polygon-offset", test_polygon_offset);
    g_test_add_func("/vtx/point-size", test_point_size);
    g_test_add_func("/vtx/kelvin", test_kelvin);
    g_test_add_func("/vtx/format", test_format);
    g_test_add_func("/vtx/post-load", test_post_load);
    g_test_add_func("/vtx/garbage", test_garbage);
    return g_test_run();
}
