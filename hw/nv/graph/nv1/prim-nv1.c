/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV1 PGRAPH's primitives: POINT, LINE, LIN, TRI, RECT and BLIT
 * (methods from rnndb graph/nv1_solid.xml and graph/nv1_blit.xml) and
 * the textured quads (graph/nv1_3d.xml: taken, not drawn).  The XY logic
 * (xy-nv1.c) takes their vertices and decides whether they draw and in
 * which window; pixels go through the ROP (rop-nv1.c), with its fast
 * paths where they give the same bytes.
 */
#include <stdlib.h>

#include "hw/nv/card.h"
#include "hw/nv/core/method.h"
#include "hw/nv/graph/nv1/pgraph-nv1.h"
#include "hw/nv/graph/nv1/rop-nv1.h"
#include "pgraph-nv1-internal.h"

/* The canvas, CANVAS_MIN to CANVAS_MAX (12-bit halves, right-exclusive). */
NV1Window nv1_canvas_window(NV1Pgraph *g)
{
    return (NV1Window) {
        g->canvas_min & 0xfff, (g->canvas_min >> 16) & 0xfff,
        g->canvas_max & 0xfff, (g->canvas_max >> 16) & 0xfff,
    };
}

static bool blit_class(NVCard *card)
{
    return nv1_xy_class(&card->pgraph1) == NV1_CLASS_BLIT;
}

/*
 * The part @c of a w x h rectangle at (x, y) inside the XY logic's
 * window; false if none.  64-bit, so that no vertex value can overflow.
 */
static bool draw_clip(NVCard *card, int64_t x, int64_t y, uint32_t w,
                      uint32_t h, NV1Window *c)
{
    NV1Window win = nv1_xy_window(&card->pgraph1);

    c->x0 = MAX(x, win.x0);
    c->y0 = MAX(y, win.y0);
    c->x1 = MIN(x + w, win.x1);
    c->y1 = MIN(y + h, win.y1);
    return c->x0 < c->x1 && c->y0 < c->y1;
}

/* A solid rectangle of SRC_COLOR, clipped to the drawing window. */
static void draw_rect(NVCard *card, int64_t x, int64_t y, uint32_t w,
                      uint32_t h)
{
    NV1Pgraph *g = &card->pgraph1;
    NV1Window c;
    NV1Rop r;

    if (!draw_clip(card, x, y, w, h, &c)) {
        return;
    }
    nv1_rop_begin(&r, card, blit_class(card));
    if (!nv1_rop_fill_fast(&r, c.x0, c.y0, c.x1 - c.x0, c.y1 - c.y0,
                           g->src_color)) {
        for (int32_t py = c.y0; py < c.y1; py++) {
            nv1_rop_span(&r, c.x0, py, c.x1 - c.x0, g->src_color);
        }
    }
    nv1_rop_dirty(&r, c.x0, c.y0, c.x1 - c.x0, c.y1 - c.y0);
}

/*
 * BLIT: vertex 0 is the source, vertex 1 the destination.  The pixel order
 * keeps overlapping copies intact (rows bottom-up when moving down, columns
 * right-to-left when moving right within the rows), as a blitter that
 * picks its direction does; rop.rst does not say.
 */
static void draw_blit(NVCard *card, uint32_t w, uint32_t h)
{
    NV1Pgraph *g = &card->pgraph1;
    int64_t sx = (int32_t)g->vtx_x[0], sy = (int32_t)g->vtx_y[0];
    int64_t dx = (int32_t)g->vtx_x[1], dy = (int32_t)g->vtx_y[1];
    NV1Window c;
    int32_t x0, y0;
    unsigned cw, ch;
    bool rows_up, cols_back;
    NV1Rop r;

    if (!draw_clip(card, dx, dy, w, h, &c)) {
        return;
    }
    x0 = c.x0;
    y0 = c.y0;
    sx += x0 - dx;
    sy += y0 - dy;
    cw = c.x1 - x0;
    ch = c.y1 - y0;
    nv1_rop_begin(&r, card, true);
    if (sx >= 0 && sy >= 0 &&
        nv1_rop_blit_fast(&r, x0, y0, sx, sy, cw, ch)) {
        nv1_rop_dirty(&r, x0, y0, cw, ch);
        return;
    }
    rows_up = y0 > sy;
    cols_back = y0 == sy && x0 > sx;
    for (unsigned i = 0; i < ch; i++) {
        unsigned row = rows_up ? ch - 1 - i : i;

        nv1_rop_blit_span(&r, x0, y0 + row, sx, sy + row, cw, cols_back);
    }
    nv1_rop_dirty(&r, x0, y0, cw, ch);
}

/*
 * Lines and triangles.  xy.rst leaves the rasterization rules undocumented;
 * we draw what a 1990s rasterizer most plausibly did: Bresenham lines
 * (LINE with its last pixel, LIN without), and triangles covering the
 * pixels whose centres lie inside, with the top-left rule for edges.
 */
static void plot(NVCard *card, NV1Rop *r, const NV1Window *win, int32_t x,
                 int32_t y)
{
    if (x >= win->x0 && x < win->x1 && y >= win->y0 && y < win->y1) {
        nv1_rop_pixel(r, x, y, card->pgraph1.src_color);
    }
}

/*
 * The draw check has refused vertices outside -0x8000..0x7fff (XY_RANGE),
 * but a guest may clear the out-of-range flags by hand (XY_D) with such a
 * vertex still there; the rasterizer's work stays bounded by refusing it
 * here too, with a log line.
 */
static bool vtx_in_range(NVCard *card, unsigned i)
{
    int32_t x = card->pgraph1.vtx_x[i], y = card->pgraph1.vtx_y[i];

    if (x < -0x8000 || x > 0x7fff || y < -0x8000 || y > 0x7fff) {
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: pgraph: vertex %u (%d, %d) "
               "out of range with XY_D's flags clear: not drawn", i, x, y);
        return false;
    }
    return true;
}

/* A line from vertex @a to vertex @b. */
static void draw_line(NVCard *card, unsigned a, unsigned b, bool last)
{
    NV1Pgraph *g = &card->pgraph1;
    int32_t x0 = g->vtx_x[a], y0 = g->vtx_y[a];
    int32_t x1 = g->vtx_x[b], y1 = g->vtx_y[b];
    int32_t dx, dy, sx, sy, err;
    NV1Window win;
    NV1Rop r;

    if (!vtx_in_range(card, a) || !vtx_in_range(card, b)) {
        return;
    }
    dx = abs(x1 - x0);
    dy = -abs(y1 - y0);
    sx = x0 < x1 ? 1 : -1;
    sy = y0 < y1 ? 1 : -1;
    err = dx + dy;
    win = nv1_xy_window(g);
    nv1_rop_begin(&r, card, false);
    for (;;) {
        bool end = x0 == x1 && y0 == y1;
        int32_t e2 = 2 * err;

        if (!end || last) {
            plot(card, &r, &win, x0, y0);
        }
        if (end) {
            break;
        }
        if (e2 >= dy) {
            err += dy;
            x0 += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y0 += sy;
        }
    }
    /* x0, y0 are now the end point; the bounding box, in the window. */
    {
        int32_t lx = MAX(MIN(x0 - dx * sx, x0), win.x0);
        int32_t ly = MAX(MIN(y0 + dy * sy, y0), win.y0);
        int32_t hx = MIN(MAX(x0 - dx * sx, x0) + 1, win.x1);
        int32_t hy = MIN(MAX(y0 + dy * sy, y0) + 1, win.y1);

        if (lx < hx && ly < hy) {
            nv1_rop_dirty(&r, lx, ly, hx - lx, hy - ly);
        }
    }
}

/* Twice the signed area of (a, b, p), p at a pixel centre (doubled units). */
static int64_t edge(int64_t ax, int64_t ay, int64_t bx, int64_t by,
                    int64_t px, int64_t py)
{
    return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

/* Top-left rule: a centre on a top or left edge is inside. */
static bool edge_in(int64_t e, int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    return e > 0 || (e == 0 && ((ay == by && bx < ax) || by < ay));
}

/* The triangle of vertices 0, 1 and 2. */
static void draw_tri(NVCard *card)
{
    int32_t *x = (int32_t *)card->pgraph1.vtx_x;
    int32_t *y = (int32_t *)card->pgraph1.vtx_y;
    int64_t X[3], Y[3];
    int32_t bx0, by0, bx1, by1;
    NV1Window win;
    NV1Rop r;

    for (unsigned i = 0; i < 3; i++) {
        if (!vtx_in_range(card, i)) {
            return;
        }
    }
    /* Doubled coordinates put pixel centres on integers; wind CCW. */
    for (int i = 0; i < 3; i++) {
        X[i] = 2 * (int64_t)x[i];
        Y[i] = 2 * (int64_t)y[i];
    }
    if (edge(X[0], Y[0], X[1], Y[1], X[2], Y[2]) < 0) {
        int64_t t = X[1];
        X[1] = X[2];
        X[2] = t;
        t = Y[1];
        Y[1] = Y[2];
        Y[2] = t;
    }
    win = nv1_xy_window(&card->pgraph1);
    bx0 = MAX(MIN(MIN(x[0], x[1]), x[2]), win.x0);
    by0 = MAX(MIN(MIN(y[0], y[1]), y[2]), win.y0);
    bx1 = MIN(MAX(MAX(x[0], x[1]), x[2]) + 1, win.x1);
    by1 = MIN(MAX(MAX(y[0], y[1]), y[2]) + 1, win.y1);
    nv1_rop_begin(&r, card, false);
    for (int32_t py = by0; py < by1; py++) {
        int32_t run = bx0;      /* the covered pixels from here, drawn as
                                   one span when the run ends */

        for (int32_t px = bx0; px <= bx1; px++) {
            int64_t cx = 2 * (int64_t)px + 1, cy = 2 * (int64_t)py + 1;
            bool in = px < bx1;

            for (int i = 0; i < 3 && in; i++) {
                int j = (i + 1) % 3;
                in = edge_in(edge(X[i], Y[i], X[j], Y[j], cx, cy),
                             X[i], Y[i], X[j], Y[j]);
            }
            if (!in) {
                if (px > run) {
                    nv1_rop_span(&r, run, py, px - run,
                                 card->pgraph1.src_color);
                }
                run = px + 1;
            }
        }
    }
    if (bx0 < bx1 && by0 < by1) {
        nv1_rop_dirty(&r, bx0, by0, bx1 - bx0, by1 - by0);
    }
}

/*
 * What a vertex method that passed its draw check draws, by class: a
 * point at vertex 0 when its clip status is inside (and it is in the
 * window, which differs only when a stale VTX_IDX made the clip status
 * another vertex's: docs/nv1.rst "Inferred behaviour"); a line from the
 * other slot to the one just written (VTX_IDX has moved past it); the
 * triangle of slots 0-2.
 */
static void draw(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    unsigned i = nv1_xy_vtx_idx(g) ^ 1;

    switch (call->cls) {
    case NV1_CLASS_POINT:
        if (nv1_xy_vtx0_inside(g)) {
            draw_rect(card, (int32_t)g->vtx_x[0], (int32_t)g->vtx_y[0], 1, 1);
        }
        break;
    case NV1_CLASS_LINE:
    case NV1_CLASS_LIN:
        draw_line(card, i ^ 1, i, call->cls == NV1_CLASS_LINE);
        break;
    case NV1_CLASS_TRI:
        draw_tri(card);
        break;
    }
}

/* The vertex methods: a packed X, Y pair, or a 32-bit X or Y. */
static void mthd_xy(NVCard *card, const NVMethodCall *call)
{
    if (nv1_xy_point(card, call)) {
        draw(card, call);
    }
}

static void mthd_y32(NVCard *card, const NVMethodCall *call)
{
    if (nv1_xy_y32(card, call)) {
        draw(card, call);
    }
}

/* RECTANGLE_WH: the rectangle from vertex 0. */
static void rect_wh(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;

    if (nv1_xy_size(card, call)) {
        draw_rect(card, (int32_t)g->vtx_x[0], (int32_t)g->vtx_y[0],
                  call->data & 0xffff, call->data >> 16);
    }
}

/* ---- BLIT (rnndb nv1_blit.xml) ---- */

static void blit_size(NVCard *card, const NVMethodCall *call)
{
    if (nv1_xy_size(card, call)) {
        draw_blit(card, call->data & 0xffff, call->data >> 16);
    }
}

/*
 * The textured quads (docs/hw/graph/2d/nv1-tex.rst is a todo; methods from
 * rnndb nv1_3d.xml): SUBDIVIDE goes to PGRAPH's SUBDIVIDE register, the
 * vertices (4 or 9, integer and 12.4 forms) and the betas (2 or 5 words,
 * the BETA classes) to the XY logic.  The texels are taken but not drawn:
 * no document says how the texture is mapped, so they log LOG_UNIMP once.
 */
static void tex_unimp(NVCard *card, const NVMethodCall *call)
{
    nv_unimp(card, NV1_PGRAPH_BASE | call->cls << 16 | call->mthd, true,
             call->data);
}

/* ---- the class tables ---- */

#define XY16    NV_MDECODE(NV_MTYPE_XY16)
#define WH16    NV_MDECODE(NV_MTYPE_WH16)
#define INT     NV_MDECODE(NV_MTYPE_INT)
#define SRC_COLOR(off, nm) \
    NV_MTHD_STORE(off, nm, pgraph1.src_color, 0xffffffff)
#define SRC_COLORS(off, n, st, nm) \
    NV_MTHD_STORE_ALL(off, n, st, nm, pgraph1.src_color, 0xffffffff)

#define F       NV1_XY_FIRST
#define D       NV1_XY_DRAW
#define P       NV1_XY_POLY

static const NVMethod point_methods[] = {
    NV1_COMMON_METHODS,
    SRC_COLOR(0x304, "COLOR"),
    NV_MTHD_ARRAY(0x400, 32, 4, "POINT_XY", mthd_xy, XY16, .arg = F | D),
    NV_MTHD_ARRAY(0x480, 16, 8, "POINT32_X", nv1_xy_x32, INT, .arg = F),
    NV_MTHD_ARRAY(0x484, 16, 8, "POINT32_Y", mthd_y32, INT, .arg = D),
    SRC_COLORS(0x500, 16, 8, "CPOINT_COLOR"),
    NV_MTHD_ARRAY(0x504, 16, 8, "CPOINT_XY", mthd_xy, XY16, .arg = F | D),
};
NVMethodClass nv1_point_class = NV_METHOD_CLASS("NV1_POINT", point_methods);

/* LINE and LIN have the same methods (rnndb NV1_LINE-NV40_LIN). */
#define LINE_METHODS \
    NV1_COMMON_METHODS, \
    SRC_COLOR(0x304, "COLOR"), \
    NV_MTHD_ARRAY(0x400, 16, 8, "LINE_XY_0", mthd_xy, XY16, .arg = F), \
    NV_MTHD_ARRAY(0x404, 16, 8, "LINE_XY_1", mthd_xy, XY16, .arg = D), \
    NV_MTHD_ARRAY(0x480, 8, 16, "LINE32_X_0", nv1_xy_x32, INT, .arg = F), \
    NV_MTHD_ARRAY(0x484, 8, 16, "LINE32_Y_0", mthd_y32, INT), \
    NV_MTHD_ARRAY(0x488, 8, 16, "LINE32_X_1", nv1_xy_x32, INT), \
    NV_MTHD_ARRAY(0x48c, 8, 16, "LINE32_Y_1", mthd_y32, INT, .arg = D), \
    NV_MTHD_ARRAY(0x500, 32, 4, "POLYLINE_XY", mthd_xy, XY16, .arg = P | D), \
    NV_MTHD_ARRAY(0x580, 16, 8, "POLYLINE32_X", nv1_xy_x32, INT, .arg = P), \
    NV_MTHD_ARRAY(0x584, 16, 8, "POLYLINE32_Y", mthd_y32, INT, \
                  .arg = P | D), \
    SRC_COLORS(0x600, 16, 8, "CPOLYLINE_COLOR"), \
    NV_MTHD_ARRAY(0x604, 16, 8, "CPOLYLINE_XY", mthd_xy, XY16, .arg = P | D)

static const NVMethod line_methods[] = {
    LINE_METHODS,
};
NVMethodClass nv1_line_class = NV_METHOD_CLASS("NV1_LINE", line_methods);

static const NVMethod lin_methods[] = {
    LINE_METHODS,
};
NVMethodClass nv1_lin_class = NV_METHOD_CLASS("NV1_LIN", lin_methods);

static const NVMethod tri_methods[] = {
    NV1_COMMON_METHODS,
    SRC_COLOR(0x304, "COLOR"),
    NV_MTHD(0x310, "TRIANGLE_XY_0", mthd_xy, XY16, .arg = F),
    NV_MTHD(0x314, "TRIANGLE_XY_1", mthd_xy, XY16),
    NV_MTHD(0x318, "TRIANGLE_XY_2", mthd_xy, XY16, .arg = D),
    NV_MTHD(0x320, "TRIANGLE32_X_0", nv1_xy_x32, INT, .arg = F),
    NV_MTHD(0x324, "TRIANGLE32_Y_0", mthd_y32, INT),
    NV_MTHD(0x328, "TRIANGLE32_X_1", nv1_xy_x32, INT),
    NV_MTHD(0x32c, "TRIANGLE32_Y_1", mthd_y32, INT),
    NV_MTHD(0x330, "TRIANGLE32_X_2", nv1_xy_x32, INT),
    NV_MTHD(0x334, "TRIANGLE32_Y_2", mthd_y32, INT, .arg = D),
    NV_MTHD_ARRAY(0x400, 32, 4, "TRIMESH_XY", mthd_xy, XY16, .arg = P | D),
    NV_MTHD_ARRAY(0x480, 16, 8, "TRIMESH32_X", nv1_xy_x32, INT, .arg = P),
    NV_MTHD_ARRAY(0x484, 16, 8, "TRIMESH32_Y", mthd_y32, INT, .arg = P | D),
    SRC_COLORS(0x500, 8, 16, "CTRIANGLE_COLOR"),
    NV_MTHD_ARRAY(0x504, 8, 16, "CTRIANGLE_XY_0", mthd_xy, XY16, .arg = F),
    NV_MTHD_ARRAY(0x508, 8, 16, "CTRIANGLE_XY_1", mthd_xy, XY16),
    NV_MTHD_ARRAY(0x50c, 8, 16, "CTRIANGLE_XY_2", mthd_xy, XY16, .arg = D),
    SRC_COLORS(0x580, 16, 8, "CTRIMESH_COLOR"),
    NV_MTHD_ARRAY(0x584, 16, 8, "CTRIMESH_XY", mthd_xy, XY16, .arg = P | D),
};
NVMethodClass nv1_tri_class = NV_METHOD_CLASS("NV1_TRI", tri_methods);

static const NVMethod rect_methods[] = {
    NV1_COMMON_METHODS,
    SRC_COLOR(0x304, "COLOR"),
    NV_MTHD_ARRAY(0x400, 16, 8, "RECTANGLE_XY", mthd_xy, XY16, .arg = F),
    NV_MTHD_ARRAY(0x404, 16, 8, "RECTANGLE_WH", rect_wh, WH16, .arg = D),
};
NVMethodClass nv1_rect_class = NV_METHOD_CLASS("NV1_RECT", rect_methods);

static const NVMethod blit_methods[] = {
    NV1_COMMON_METHODS,
    NV_MTHD(0x300, "POINT_IN", mthd_xy, XY16, .arg = F),
    NV_MTHD(0x304, "POINT_OUT", mthd_xy, XY16),
    NV_MTHD(0x308, "SIZE", blit_size, WH16, .arg = D),
};
NVMethodClass nv1_blit_class = NV_METHOD_CLASS("NV1_BLIT", blit_methods);

/* TEXLIN has 4 vertices, TEXQUAD 9; the BETA forms add 2 or 5 betas. */
#define TEX_METHODS(vtx) \
    NV1_COMMON_METHODS, \
    NV_MTHD_STORE(0x304, "SUBDIVIDE", pgraph1.subdivide, 0xffffffff), \
    NV_MTHD_ARRAY(0x310, vtx, 4, "VTX_POS_INT", mthd_xy, XY16, \
                  .arg = NV1_XY_TEX), \
    NV_MTHD_ARRAY(0x350, vtx, 4, "VTX_POS_FRACT", mthd_xy, XY16, \
                  .arg = NV1_XY_TEX | NV1_XY_FRACT), \
    NV_MTHD_ARRAY(0x400, 32, 4, "COLOR", tex_unimp)

static const NVMethod texlin_methods[] = {
    TEX_METHODS(4),
};
NVMethodClass nv1_texlin_class = NV_METHOD_CLASS("NV1_TEXLIN",
                                                 texlin_methods);

static const NVMethod texquad_methods[] = {
    TEX_METHODS(9),
};
NVMethodClass nv1_texquad_class = NV_METHOD_CLASS("NV1_TEXQUAD",
                                                  texquad_methods);

static const NVMethod texlinbeta_methods[] = {
    TEX_METHODS(4),
    NV_MTHD_ARRAY(0x380, 2, 4, "VTX_BETA", nv1_xy_beta),
};
NVMethodClass nv1_texlinbeta_class = NV_METHOD_CLASS("NV1_TEXLINBETA",
                                                     texlinbeta_methods);

static const NVMethod texquadbeta_methods[] = {
    TEX_METHODS(9),
    NV_MTHD_ARRAY(0x380, 5, 4, "VTX_BETA", nv1_xy_beta),
};
NVMethodClass nv1_texquadbeta_class = NV_METHOD_CLASS("NV1_TEXQUADBETA",
                                                      texquadbeta_methods);
