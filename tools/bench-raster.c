/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv benchmark: the rasterizer (docs/3d.rst "Rasterizer") on one
 * core, against memset() of as many 32-bit pixels in the same run (the
 * least a renderer writing them could cost).  Every fragment has a
 * colour and a texture coordinate interpolated perspective-correctly
 * (attr_mask: two TBUF slots); the quads go to a callback that counts
 * the fragments.
 *   - full screen: a 1024x768 target covered by two triangles, in
 *     Mpixel/s of fragments;
 *   - small triangles: 4096 triangles of 10 pixels each (4x4 right
 *     triangles on a grid), in Mtriangle/s.
 * Prints each rate and its ratio to memset's (how many times the
 * pixels could have been memset in the time).  Not a test.
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hw/nv/raster/raster.h"
#include "bench.h"

#define WIDTH       1024
#define HEIGHT      768
#define SMALL       4096
#define S_COL       3
#define S_TEX       8

static NVRaster rast;
static uint64_t frags;
static uint32_t *fb;
static size_t fb_pixels;
static NVVtxPrim screen[2], small[SMALL];

static void count(void *opaque, const NVRasterQuad *q)
{
    frags += __builtin_popcount(q->mask);
}

static void do_memset(void)
{
    memset(fb, frags & 0xff, fb_pixels * sizeof(*fb));
}

static void do_screen(void)
{
    nv_raster_prim(&rast, &screen[0]);
    nv_raster_prim(&rast, &screen[1]);
}

static void do_small(void)
{
    for (unsigned i = 0; i < SMALL; i++) {
        nv_raster_prim(&rast, &small[i]);
    }
}

/* A vertex at (x, y) with w 1 + x / WIDTH, a colour and a coordinate. */
static NVVtxOut vert(float x, float y)
{
    NVVtxOut v = { .pos = { x, y, 0.5f, 1 / (1 + x / WIDTH) } };

    v.attr[S_COL][0] = x / WIDTH;
    v.attr[S_COL][1] = y / HEIGHT;
    v.attr[S_COL][3] = 1;
    v.attr[S_TEX][0] = x / 64;
    v.attr[S_TEX][1] = y / 64;
    v.attr[S_TEX][3] = 1;
    return v;
}

static void tri(NVVtxPrim *p, NVVtxOut a, NVVtxOut b, NVVtxOut c)
{
    *p = (NVVtxPrim) { .kind = NV_VTX_PRIM_TRIANGLE, .v = { a, b, c } };
}

/*
 * Runs @fn (drawing @prims triangles) once to count its fragments, then
 * times it and memset of as many pixels.
 */
static void run(const char *what, void (*fn)(void), unsigned prims)
{
    double r, m;

    frags = 0;
    fn();
    fb_pixels = frags;
    fb = g_new(uint32_t, fb_pixels);
    m = bench_rate(do_memset, NULL);
    r = bench_rate(fn, NULL);
    printf("%s (%u triangles, %zu fragments): %.3g triangles/s, "
           "%.1f Mpixel/s, %.5fx memset (%.0f Mpixel/s)\n", what, prims,
           fb_pixels, r * prims, r * fb_pixels / 1e6, r / m,
           m * fb_pixels / 1e6);
    g_free(fb);
}

int main(void)
{
    nv_raster_init(&rast, count, NULL);
    rast.st.width = WIDTH;
    rast.st.height = HEIGHT;
    rast.st.attr_mask = 1u << S_COL | 1u << S_TEX;

    tri(&screen[0], vert(0, 0), vert(WIDTH, 0), vert(WIDTH, HEIGHT));
    tri(&screen[1], vert(0, 0), vert(WIDTH, HEIGHT), vert(0, HEIGHT));
    for (unsigned i = 0; i < SMALL; i++) {
        float x = i % 128 * 8 + 0.25f, y = i / 128 * 8 + 0.25f;

        tri(&small[i], vert(x, y), vert(x + 4, y), vert(x, y + 4));
    }
    run("full screen", do_screen, 2);
    run("small triangles", do_small, SMALL);
    return 0;
}
