/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV1 PGRAPH's primitives: POINT, LINE, LIN, TRI, RECT and BLIT
 * (methods from rnndb graph/nv1_solid.xml and graph/nv1_blit.xml), the
 * textured quads (graph/nv1_3d.xml: taken, not drawn), and the drawing
 * window every drawing object clips to.  Pixels go through the ROP
 * (rop-nv1.c), with its fast paths where they give the same bytes.
 */
#include <stdlib.h>

#include "hw/nv/card.h"
#include "hw/nv/core/method.h"
#include "hw/nv/graph/nv1/pgraph-nv1.h"
#include "hw/nv/graph/nv1/rop-nv1.h"
#include "pgraph-nv1-internal.h"

/*
 * The drawing window: the canvas (CANVAS_MIN/MAX, right-exclusive, 12-bit
 * X in bits 0-11 and Y in bits 16-27) and, with CTX_SWITCH.CLIP, the user
 * clip rectangle set by the CLIP object.
 */
NV1Window nv1_canvas_window(NV1Pgraph *g)
{
    return (NV1Window) {
        g->canvas_min & 0xfff, (g->canvas_min >> 16) & 0xfff,
        g->canvas_max & 0xfff, (g->canvas_max >> 16) & 0xfff,
    };
}

NV1Window nv1_draw_window(NV1Pgraph *g)
{
    NV1Window w = nv1_canvas_window(g);

    if (g->ctx_switch & NV1_CTX_CLIP) {
        w.x0 = MAX(w.x0, (int32_t)g->uclip_x[0]);
        w.x1 = MIN(w.x1, (int32_t)g->uclip_x[1]);
        w.y0 = MAX(w.y0, (int32_t)g->uclip_y[0]);
        w.y1 = MIN(w.y1, (int32_t)g->uclip_y[1]);
    }
    return w;
}

/*
 * docs/nv1.rst "Drawing interrupts": with a SOFTWARE bit set a drawing
 * method raises its interrupt instead of drawing (vertex side effects
 * still happen).
 */
bool nv1_draw_allowed(NVCard *card)
{
    NV1Pgraph *g = &card->pgraph1;
    uint32_t intr = 0;

    if (g->cliprect_config & NV1_CLIPRECT_SOFTWARE) {
        intr |= NV1_INTR_CLIP_SOFTWARE;
    }
    if (g->canvas_config & NV1_CANVAS_SOFTWARE) {
        intr |= NV1_INTR_CANVAS_SOFTWARE;
    }
    if (intr) {
        nv1_pgraph_trap(card, intr, 0);
        return false;
    }
    return true;
}

static bool blit_class(NVCard *card)
{
    return NV1_ACCESS_CLASS(card->pgraph1.access) == NV1_CLASS_BLIT;
}

/*
 * The part @c of a w x h rectangle at (x, y) that a drawing method may
 * draw: false if a SOFTWARE bit stops it or nothing is inside the window.
 */
static bool draw_clip(NVCard *card, int32_t x, int32_t y, uint32_t w,
                      uint32_t h, NV1Window *c)
{
    NV1Window win;

    if (!nv1_draw_allowed(card)) {
        return false;
    }
    win = nv1_draw_window(&card->pgraph1);
    c->x0 = MAX(x, win.x0);
    c->y0 = MAX(y, win.y0);
    c->x1 = MIN(x + (int32_t)w, win.x1);
    c->y1 = MIN(y + (int32_t)h, win.y1);
    return c->x0 < c->x1 && c->y0 < c->y1;
}

/* A solid rectangle of SRC_COLOR, clipped to the drawing window. */
static void draw_rect(NVCard *card, int32_t x, int32_t y, uint32_t w,
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
    int32_t sx = g->vtx_x[0], sy = g->vtx_y[0];
    int32_t dx = g->vtx_x[1], dy = g->vtx_y[1];
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
 * A 32-bit coordinate outside the rasterizer's -0x8000..0x7fff raises
 * XY_RANGE (pgraph.rst) and nothing is drawn.
 */
static bool xy_in_range(NVCard *card, uint32_t x, uint32_t y)
{
    if ((int32_t)x < -0x8000 || (int32_t)x > 0x7fff ||
        (int32_t)y < -0x8000 || (int32_t)y > 0x7fff) {
        nv1_pgraph_trap(card, NV1_INTR_XY_RANGE, 0);
        return false;
    }
    return true;
}

static void draw_line(NVCard *card, int32_t x0, int32_t y0, int32_t x1,
                      int32_t y1, bool last)
{
    int32_t dx, dy, sx, sy, err;
    NV1Window win;
    NV1Rop r;

    /*
     * Either point may be a 32-bit one (LINE32, or the vertex registers)
     * left over from an earlier method; in range, a line is at most
     * 0x10000 steps and nothing below overflows.
     */
    if (!xy_in_range(card, x0, y0) || !xy_in_range(card, x1, y1) ||
        !nv1_draw_allowed(card)) {
        return;
    }
    dx = abs(x1 - x0);
    dy = -abs(y1 - y0);
    sx = x0 < x1 ? 1 : -1;
    sy = y0 < y1 ? 1 : -1;
    err = dx + dy;
    win = nv1_draw_window(&card->pgraph1);
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

static void draw_tri(NVCard *card, const int32_t *x, const int32_t *y)
{
    int64_t X[3], Y[3];
    int32_t bx0, by0, bx1, by1;
    NV1Window win;
    NV1Rop r;

    /* As for lines: a leftover 32-bit point must not reach the maths. */
    if (!xy_in_range(card, x[0], y[0]) || !xy_in_range(card, x[1], y[1]) ||
        !xy_in_range(card, x[2], y[2]) || !nv1_draw_allowed(card)) {
        return;
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
    win = nv1_draw_window(&card->pgraph1);
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

/* A point that only sets vertex @arg (RECT, BLIT and the images). */
void nv1_mthd_vtx(NVCard *card, const NVMethodCall *call)
{
    nv1_set_vtx(&card->pgraph1, call->m->arg, nv1_xy_x(call->data),
                nv1_xy_y(call->data));
}

/* ---- POINT and RECT (rnndb nv1_solid.xml) ---- */

static void point_xy(NVCard *card, const NVMethodCall *call)
{
    nv1_mthd_vtx(card, call);
    draw_rect(card, nv1_xy_x(call->data), nv1_xy_y(call->data), 1, 1);
}

/* docs/nv1.rst "Inferred behaviour": a size without its point is missing. */
static void rect_wh(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;

    if (!nv1_vtx_valid(g, 1)) {
        nv1_pgraph_trap(card, NV1_INTR_MISSING_METHOD, 0);
        return;
    }
    draw_rect(card, g->vtx_x[0], g->vtx_y[0], call->data & 0xffff,
              call->data >> 16);
}

/* ---- LINE and LIN: LINE draws its last pixel, LIN does not ---- */

static bool line_last(const NVMethodCall *call)
{
    return call->cls == NV1_CLASS_LINE;
}

/* LINE_XY_0, LINE_XY_1 (@arg the vertex): the second draws. */
static void line_xy(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    int32_t *vx = (int32_t *)g->vtx_x, *vy = (int32_t *)g->vtx_y;

    nv1_mthd_vtx(card, call);
    if (call->m->arg == 1) {
        draw_line(card, vx[0], vy[0], vx[1], vy[1], line_last(call));
    }
}

/* LINE32_X_0, _Y_0, _X_1, _Y_1 (@arg 0-3): Y_1 draws. */
static void line32(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    int32_t *vx = (int32_t *)g->vtx_x, *vy = (int32_t *)g->vtx_y;
    unsigned i = call->m->arg;

    (i & 1 ? vy : vx)[i >> 1] = call->data;
    g->valid |= i & 1 ? NV1_VALID_Y(i >> 1) : NV1_VALID_X(i >> 1);
    if (i == 3) {
        draw_line(card, vx[0], vy[0], vx[1], vy[1], line_last(call));
    }
}

/* POLYLINE / CPOLYLINE point: a segment from the previous one. */
static void polyline_xy(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    int32_t *vx = (int32_t *)g->vtx_x, *vy = (int32_t *)g->vtx_y;
    bool first = !nv1_vtx_valid(g, 1);

    vx[1] = vx[0];
    vy[1] = vy[0];
    nv1_set_vtx(g, 0, nv1_xy_x(call->data), nv1_xy_y(call->data));
    if (!first) {
        draw_line(card, vx[1], vy[1], vx[0], vy[0], line_last(call));
    }
}

/* ---- TRI: three points, then a strip of new points ---- */

/* TRIANGLE_XY_0-2 and CTRIANGLE_XY_0-2 (@arg the vertex): the third draws. */
static void tri_xy(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;

    nv1_mthd_vtx(card, call);
    if (call->m->arg == 2) {
        draw_tri(card, (int32_t *)g->vtx_x, (int32_t *)g->vtx_y);
    }
}

/* TRIANGLE32_X_0 ... _Y_2 (@arg 0-5): Y_2 draws. */
static void tri32(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    int32_t *vx = (int32_t *)g->vtx_x, *vy = (int32_t *)g->vtx_y;
    unsigned i = call->m->arg;

    (i & 1 ? vy : vx)[i >> 1] = call->data;
    if (i == 5) {
        draw_tri(card, vx, vy);
    }
}

/* TRIMESH / CTRIMESH: the new point with the two before it. */
static void trimesh_xy(NVCard *card, const NVMethodCall *call)
{
    NV1Pgraph *g = &card->pgraph1;
    int32_t *vx = (int32_t *)g->vtx_x, *vy = (int32_t *)g->vtx_y;

    vx[0] = vx[1];
    vy[0] = vy[1];
    vx[1] = vx[2];
    vy[1] = vy[2];
    nv1_set_vtx(g, 2, nv1_xy_x(call->data), nv1_xy_y(call->data));
    if (nv1_vtx_valid(g, 3)) {
        draw_tri(card, vx, vy);
    }
}

/* ---- BLIT (rnndb nv1_blit.xml) ---- */

static void blit_size(NVCard *card, const NVMethodCall *call)
{
    if (!nv1_vtx_valid(&card->pgraph1, 2)) {
        nv1_pgraph_trap(card, NV1_INTR_MISSING_METHOD, 0);
        return;
    }
    draw_blit(card, call->data & 0xffff, call->data >> 16);
}

/*
 * The textured quads (docs/hw/graph/2d/nv1-tex.rst is a todo; methods from
 * rnndb nv1_3d.xml): SUBDIVIDE goes to PGRAPH's SUBDIVIDE register.  The
 * vertices (4 or 9, integer and 12.4 forms), the betas (2 or 5 words, the
 * BETA classes) and the texels are taken but not drawn: no document says
 * where they go or how the texture is mapped, so each logs LOG_UNIMP once.
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

static const NVMethod point_methods[] = {
    NV1_COMMON_METHODS,
    SRC_COLOR(0x304, "COLOR"),
    NV_MTHD_ARRAY(0x400, 32, 4, "POINT_XY", point_xy, XY16),
    SRC_COLORS(0x500, 16, 8, "CPOINT_COLOR"),
    NV_MTHD_ARRAY(0x504, 16, 8, "CPOINT_XY", point_xy, XY16),
};
NVMethodClass nv1_point_class = NV_METHOD_CLASS("NV1_POINT", point_methods);

/* LINE and LIN have the same methods (rnndb NV1_LINE-NV40_LIN). */
#define LINE_METHODS \
    NV1_COMMON_METHODS, \
    SRC_COLOR(0x304, "COLOR"), \
    NV_MTHD_ARRAY(0x400, 16, 8, "LINE_XY_0", line_xy, XY16, .arg = 0), \
    NV_MTHD_ARRAY(0x404, 16, 8, "LINE_XY_1", line_xy, XY16, .arg = 1), \
    NV_MTHD_ARRAY(0x480, 8, 16, "LINE32_X_0", line32, INT, .arg = 0), \
    NV_MTHD_ARRAY(0x484, 8, 16, "LINE32_Y_0", line32, INT, .arg = 1), \
    NV_MTHD_ARRAY(0x488, 8, 16, "LINE32_X_1", line32, INT, .arg = 2), \
    NV_MTHD_ARRAY(0x48c, 8, 16, "LINE32_Y_1", line32, INT, .arg = 3), \
    NV_MTHD_ARRAY(0x500, 32, 4, "POLYLINE_XY", polyline_xy, XY16), \
    SRC_COLORS(0x600, 16, 8, "CPOLYLINE_COLOR"), \
    NV_MTHD_ARRAY(0x604, 16, 8, "CPOLYLINE_XY", polyline_xy, XY16)

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
    NV_MTHD(0x310, "TRIANGLE_XY_0", tri_xy, XY16, .arg = 0),
    NV_MTHD(0x314, "TRIANGLE_XY_1", tri_xy, XY16, .arg = 1),
    NV_MTHD(0x318, "TRIANGLE_XY_2", tri_xy, XY16, .arg = 2),
    NV_MTHD(0x320, "TRIANGLE32_X_0", tri32, INT, .arg = 0),
    NV_MTHD(0x324, "TRIANGLE32_Y_0", tri32, INT, .arg = 1),
    NV_MTHD(0x328, "TRIANGLE32_X_1", tri32, INT, .arg = 2),
    NV_MTHD(0x32c, "TRIANGLE32_Y_1", tri32, INT, .arg = 3),
    NV_MTHD(0x330, "TRIANGLE32_X_2", tri32, INT, .arg = 4),
    NV_MTHD(0x334, "TRIANGLE32_Y_2", tri32, INT, .arg = 5),
    NV_MTHD_ARRAY(0x400, 32, 4, "TRIMESH_XY", trimesh_xy, XY16),
    SRC_COLORS(0x500, 8, 16, "CTRIANGLE_COLOR"),
    NV_MTHD_ARRAY(0x504, 8, 16, "CTRIANGLE_XY_0", tri_xy, XY16, .arg = 0),
    NV_MTHD_ARRAY(0x508, 8, 16, "CTRIANGLE_XY_1", tri_xy, XY16, .arg = 1),
    NV_MTHD_ARRAY(0x50c, 8, 16, "CTRIANGLE_XY_2", tri_xy, XY16, .arg = 2),
    SRC_COLORS(0x580, 16, 8, "CTRIMESH_COLOR"),
    NV_MTHD_ARRAY(0x584, 16, 8, "CTRIMESH_XY", trimesh_xy, XY16),
};
NVMethodClass nv1_tri_class = NV_METHOD_CLASS("NV1_TRI", tri_methods);

static const NVMethod rect_methods[] = {
    NV1_COMMON_METHODS,
    SRC_COLOR(0x304, "COLOR"),
    NV_MTHD_ARRAY(0x400, 16, 8, "RECTANGLE_XY", nv1_mthd_vtx, XY16),
    NV_MTHD_ARRAY(0x404, 16, 8, "RECTANGLE_WH", rect_wh, WH16),
};
NVMethodClass nv1_rect_class = NV_METHOD_CLASS("NV1_RECT", rect_methods);

static const NVMethod blit_methods[] = {
    NV1_COMMON_METHODS,
    NV_MTHD(0x300, "POINT_IN", nv1_mthd_vtx, XY16, .arg = 0),
    NV_MTHD(0x304, "POINT_OUT", nv1_mthd_vtx, XY16, .arg = 1),
    NV_MTHD(0x308, "SIZE", blit_size, WH16),
};
NVMethodClass nv1_blit_class = NV_METHOD_CLASS("NV1_BLIT", blit_methods);

/* TEXLIN has 4 vertices, TEXQUAD 9; the BETA forms add 2 or 5 betas. */
#define TEX_METHODS(vtx) \
    NV1_COMMON_METHODS, \
    NV_MTHD_STORE(0x304, "SUBDIVIDE", pgraph1.subdivide, 0xffffffff), \
    NV_MTHD_ARRAY(0x310, vtx, 4, "VTX_POS_INT", tex_unimp, XY16), \
    NV_MTHD_ARRAY(0x350, vtx, 4, "VTX_POS_FRACT", tex_unimp, XY16), \
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
    NV_MTHD_ARRAY(0x380, 2, 4, "VTX_BETA", tex_unimp),
};
NVMethodClass nv1_texlinbeta_class = NV_METHOD_CLASS("NV1_TEXLINBETA",
                                                     texlinbeta_methods);

static const NVMethod texquadbeta_methods[] = {
    TEX_METHODS(9),
    NV_MTHD_ARRAY(0x380, 5, 4, "VTX_BETA", tex_unimp),
};
NVMethodClass nv1_texquadbeta_class = NV_METHOD_CLASS("NV1_TEXQUADBETA",
                                                      texquadbeta_methods);
