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

/* A solid rectangle of SRC_COLOR, clipped to the drawing window. */
static void draw_rect(NVCard *card, int32_t x, int32_t y, uint32_t w,
                      uint32_t h)
{
    NV1Pgraph *g = &card->pgraph1;
    NV1Window win;
    int32_t x0, y0, x1, y1;
    NV1Rop r;

    if (!nv1_draw_allowed(card)) {
        return;
    }
    win = nv1_draw_window(g);
    x0 = MAX(x, win.x0);
    y0 = MAX(y, win.y0);
    x1 = MIN(x + (int32_t)w, win.x1);
    y1 = MIN(y + (int32_t)h, win.y1);
    if (x0 >= x1 || y0 >= y1) {
        return;
    }
    nv1_rop_begin(&r, card, blit_class(card));
    if (!nv1_rop_fill_fast(&r, x0, y0, x1 - x0, y1 - y0, g->src_color)) {
        for (int32_t py = y0; py < y1; py++) {
            nv1_rop_span(&r, x0, py, x1 - x0, g->src_color);
        }
    }
    nv1_rop_dirty(&r, x0, y0, x1 - x0, y1 - y0);
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
    NV1Window win;
    int32_t x0, y0, x1, y1;
    unsigned cw, ch;
    bool rows_up, cols_back;
    NV1Rop r;

    if (!nv1_draw_allowed(card)) {
        return;
    }
    win = nv1_draw_window(g);
    x0 = MAX(dx, win.x0);
    y0 = MAX(dy, win.y0);
    x1 = MIN(dx + (int32_t)w, win.x1);
    y1 = MIN(dy + (int32_t)h, win.y1);
    if (x0 >= x1 || y0 >= y1) {
        return;
    }
    sx += x0 - dx;
    sy += y0 - dy;
    cw = x1 - x0;
    ch = y1 - y0;
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

static void draw_line(NVCard *card, int32_t x0, int32_t y0, int32_t x1,
                      int32_t y1, bool last)
{
    int32_t dx = abs(x1 - x0), dy = -abs(y1 - y0);
    int32_t sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1, err = dx + dy;
    NV1Window win;
    NV1Rop r;

    if (!nv1_draw_allowed(card)) {
        return;
    }
    win = nv1_draw_window(&card->pgraph1);
    nv1_rop_begin(&r, card, false);
    /* At most 0x10000 steps: coordinates are 16-bit. */
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

    if (!nv1_draw_allowed(card)) {
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

/* LINE and LIN (rnndb nv1_solid.xml), @last: include the final pixel. */
static bool mthd_line(NVCard *card, uint32_t mthd, uint32_t data, bool last)
{
    NV1Pgraph *g = &card->pgraph1;
    int32_t *vx = (int32_t *)g->vtx_x, *vy = (int32_t *)g->vtx_y;

    if (mthd == 0x304) {
        g->src_color = data;
    } else if (mthd >= 0x400 && mthd < 0x480) {         /* XY0, XY1 pairs */
        nv1_set_vtx(g, (mthd >> 2) & 1, nv1_xy_x(data), nv1_xy_y(data));
        if (mthd & 4) {
            draw_line(card, vx[0], vy[0], vx[1], vy[1], last);
        }
    } else if (mthd >= 0x480 && mthd < 0x500) {         /* X0 Y0 X1 Y1 */
        unsigned i = (mthd >> 2) & 3;

        (i & 1 ? vy : vx)[i >> 1] = data;
        g->valid |= i & 1 ? NV1_VALID_Y(i >> 1) : NV1_VALID_X(i >> 1);
        if (i == 3 && xy_in_range(card, vx[0], vy[0]) &&
            xy_in_range(card, vx[1], vy[1])) {
            draw_line(card, vx[0], vy[0], vx[1], vy[1], last);
        }
    } else if ((mthd >= 0x500 && mthd < 0x580) ||
               (mthd >= 0x600 && mthd < 0x680 && (mthd & 4))) {
        /* POLYLINE / CPOLYLINE point: a segment from the previous one. */
        bool first = !nv1_vtx_valid(g, 1);

        vx[1] = vx[0];
        vy[1] = vy[0];
        nv1_set_vtx(g, 0, nv1_xy_x(data), nv1_xy_y(data));
        if (!first) {
            draw_line(card, vx[1], vy[1], vx[0], vy[0], last);
        }
    } else if (mthd >= 0x600 && mthd < 0x680) {
        g->src_color = data;
    } else {
        return false;
    }
    return true;
}

/* TRI (rnndb nv1_solid.xml): three points, then a strip of new points. */
static bool mthd_tri(NVCard *card, uint32_t mthd, uint32_t data)
{
    NV1Pgraph *g = &card->pgraph1;
    int32_t *vx = (int32_t *)g->vtx_x, *vy = (int32_t *)g->vtx_y;

    if (mthd == 0x304) {
        g->src_color = data;
    } else if (mthd >= 0x310 && mthd <= 0x318) {
        unsigned i = (mthd - 0x310) / 4;

        nv1_set_vtx(g, i, nv1_xy_x(data), nv1_xy_y(data));
        if (i == 2) {
            draw_tri(card, vx, vy);
        }
    } else if (mthd >= 0x320 && mthd <= 0x334) {
        unsigned i = (mthd - 0x320) / 4;

        (i & 1 ? vy : vx)[i >> 1] = data;
        if (i == 5 && xy_in_range(card, vx[0], vy[0]) &&
            xy_in_range(card, vx[1], vy[1]) && xy_in_range(card, vx[2], vy[2])) {
            draw_tri(card, vx, vy);
        }
    } else if ((mthd >= 0x400 && mthd < 0x480) ||
               (mthd >= 0x580 && mthd < 0x600 && (mthd & 4))) {
        /* Strip: the new point with the two before it. */
        vx[0] = vx[1];
        vy[0] = vy[1];
        vx[1] = vx[2];
        vy[1] = vy[2];
        nv1_set_vtx(g, 2, nv1_xy_x(data), nv1_xy_y(data));
        if (nv1_vtx_valid(g, 3)) {
            draw_tri(card, vx, vy);
        }
    } else if (mthd >= 0x500 && mthd < 0x580) {        /* COLOR, XY0-2 */
        unsigned i = (mthd >> 2) & 3;

        if (!i) {
            g->src_color = data;
        } else {
            nv1_set_vtx(g, i - 1, nv1_xy_x(data), nv1_xy_y(data));
            if (i == 3) {
                draw_tri(card, vx, vy);
            }
        }
    } else if (mthd >= 0x580 && mthd < 0x600) {
        g->src_color = data;
    } else {
        return false;
    }
    return true;
}

/*
 * The textured quads (nv1-tex.rst is a todo throughout; methods from rnndb
 * nv1_3d.xml): SUBDIVIDE goes to PGRAPH's SUBDIVIDE register.  The
 * vertices (4 or 9, integer and 12.4 forms), the betas (2 or 5 words, the
 * BETA classes) and the texels are taken but not drawn: no document says
 * where they go or how the texture is mapped, so each logs LOG_UNIMP once.
 */
static bool mthd_texture(NVCard *card, unsigned cls, uint32_t mthd,
                         uint32_t data)
{
    bool quad = cls == NV1_CLASS_TEXQUAD || cls == NV1_CLASS_TEXQUADBETA;
    bool beta = cls == NV1_CLASS_TEXLINBETA || cls == NV1_CLASS_TEXQUADBETA;
    uint32_t vtx_end = 4 * (quad ? 9 : 4), beta_end = 4 * (quad ? 5 : 2);

    if (mthd == 0x304) {
        card->pgraph1.subdivide = data;
    } else if ((mthd >= 0x310 && mthd < 0x310 + vtx_end) ||
               (mthd >= 0x350 && mthd < 0x350 + vtx_end) ||
               (beta && mthd >= 0x380 && mthd < 0x380 + beta_end) ||
               (mthd >= 0x400 && mthd < 0x480)) {
        nv_unimp(card, NV1_PGRAPH_BASE | cls << 16 | mthd, true, data);
    } else {
        return false;
    }
    return true;
}

/* Methods of the drawing objects. */
bool nv1_mthd_draw(NVCard *card, unsigned cls, uint32_t mthd, uint32_t data)
{
    NV1Pgraph *g = &card->pgraph1;

    switch (cls) {
    case NV1_CLASS_POINT:
        if (mthd == 0x304) {
            g->src_color = data;
        } else if (mthd >= 0x400 && mthd < 0x480) {
            nv1_set_vtx(g, 0, nv1_xy_x(data), nv1_xy_y(data));
            draw_rect(card, nv1_xy_x(data), nv1_xy_y(data), 1, 1);
        } else if (mthd >= 0x500 && mthd < 0x580 && !(mthd & 4)) {
            g->src_color = data;
        } else if (mthd >= 0x500 && mthd < 0x580) {
            nv1_set_vtx(g, 0, nv1_xy_x(data), nv1_xy_y(data));
            draw_rect(card, nv1_xy_x(data), nv1_xy_y(data), 1, 1);
        } else {
            return false;
        }
        return true;
    case NV1_CLASS_RECT:
        if (mthd == 0x304) {
            g->src_color = data;
        } else if (mthd >= 0x400 && mthd < 0x480 && !(mthd & 4)) {
            nv1_set_vtx(g, 0, nv1_xy_x(data), nv1_xy_y(data));
        } else if (mthd >= 0x400 && mthd < 0x480) {
            if (!nv1_vtx_valid(g, 1)) {
                nv1_pgraph_trap(card, NV1_INTR_MISSING_METHOD, 0);
                return true;
            }
            draw_rect(card, g->vtx_x[0], g->vtx_y[0], data & 0xffff,
                      data >> 16);
        } else {
            return false;
        }
        return true;
    case NV1_CLASS_LINE:
    case NV1_CLASS_LIN:
        return mthd_line(card, mthd, data, cls == NV1_CLASS_LINE);
    case NV1_CLASS_TRI:
        return mthd_tri(card, mthd, data);
    case NV1_CLASS_IFC:
        if (mthd == 0x304) {
            nv1_set_vtx(g, 0, nv1_xy_x(data), nv1_xy_y(data));
        } else if (mthd == 0x308) {
            g->img_out = data;
        } else if (mthd == 0x30c) {
            nv1_image_begin(card, data);
        } else if (mthd >= 0x400 && mthd < 0x2000) {
            nv1_image_data(card, cls, data);
        } else {
            return false;
        }
        return true;
    case NV1_CLASS_BITMAP:
        if (mthd == 0x308 || mthd == 0x30c) {
            g->bitmap_color[(mthd - 0x308) / 4] = nv1_a1_color(card, data);
        } else if (mthd == 0x310) {
            nv1_set_vtx(g, 0, nv1_xy_x(data), nv1_xy_y(data));
        } else if (mthd == 0x314) {
            g->img_out = data;
        } else if (mthd == 0x318) {
            nv1_image_begin(card, data);
        } else if (mthd >= 0x400 && mthd < 0x480) {
            nv1_image_data(card, cls, data);
        } else {
            return false;
        }
        return true;
    case NV1_CLASS_IFM:
    case NV1_CLASS_ITM:
        return nv1_mthd_image_memory(card, cls, mthd, data);
    case NV1_CLASS_TEXLIN:
    case NV1_CLASS_TEXQUAD:
    case NV1_CLASS_TEXLINBETA:
    case NV1_CLASS_TEXQUADBETA:
        return mthd_texture(card, cls, mthd, data);
    case NV1_CLASS_BLIT:
        if (mthd == 0x300 || mthd == 0x304) {
            nv1_set_vtx(g, (mthd - 0x300) / 4, nv1_xy_x(data), nv1_xy_y(data));
        } else if (mthd == 0x308) {
            if (!nv1_vtx_valid(g, 2)) {
                nv1_pgraph_trap(card, NV1_INTR_MISSING_METHOD, 0);
                return true;
            }
            draw_blit(card, data & 0xffff, data >> 16);
        } else {
            return false;
        }
        return true;
    }
    return false;
}
