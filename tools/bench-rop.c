/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv benchmark: the 3D ROP (docs/rop3d.rst) on one core, against
 * memset() and memcpy() of the same 1024x768 A8R8G8B8 surface in the
 * same run:
 *   - clear: a full-window CLEAR_BUFFERS of colour (all four channels)
 *     and Z24S8 depth and stencil, in Mpixel/s, against memset of both
 *     surfaces;
 *   - blended quads: every pixel of the window in 2x2 quads, with the
 *     depth test (LESS, written) and SRC_ALPHA, ONE_MINUS_SRC_ALPHA
 *     blending, in Mpixel/s, against memcpy of the colour surface (a
 *     read and a write of every pixel, the least blending could cost).
 * Prints each rate and its ratio to the reference's.  Not a test.
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hw/nv/rop/rop.h"
#include "bench.h"

#define WIDTH       1024
#define HEIGHT      768
#define BYTES       (WIDTH * HEIGHT * 4)

static NVRop rop;
static uint8_t *color, *zeta, *copy;
static uint64_t dirty_bytes;
static float z;

static void dirty(void *opaque, unsigned m, uint64_t off, uint64_t len)
{
    dirty_bytes += len;
}

static void do_memset(void)
{
    memset(color, dirty_bytes & 0xff, BYTES);
    memset(zeta, dirty_bytes & 0xff, BYTES);
}

static void do_memcpy(void)
{
    memcpy(copy, color, BYTES);
}

static void do_clear(void)
{
    NVRasterRect r = { 0, 0, WIDTH - 1, HEIGHT - 1 };

    nv_rop_clear(&rop, 0xf3, &r);
}

/* Each run draws nearer (z falls), so that every depth test passes. */
static void do_quads(void)
{
    float c[NV_ROP_TARGETS][4][4] = { { { 0.2f, 0.4f, 0.6f, 0.5f },
                                        { 0.2f, 0.4f, 0.6f, 0.5f },
                                        { 0.2f, 0.4f, 0.6f, 0.5f },
                                        { 0.2f, 0.4f, 0.6f, 0.5f } } };
    float d[4];

    z = z > 0.01f ? z - 0.001f : 0.9f;
    d[0] = d[1] = d[2] = d[3] = z;
    for (int32_t y = 0; y < HEIGHT; y += 2) {
        for (int32_t x = 0; x < WIDTH; x += 2) {
            nv_rop_quad(&rop, x, y, 0xf, c, d, false);
        }
    }
}

int main(void)
{
    NVRopSurfaceRegs r = {
        .rt_horiz = WIDTH << 16, .rt_vert = HEIGHT << 16,
        /* A8R8G8B8, Z24S8, LINEAR (rnndb RT_FORMAT) */
        .rt_format = 0x08 | 2 << 5 | 1 << 8,
        .color_pitch = { WIDTH * 4 }, .zeta_pitch = WIDTH * 4,
        .rt_enable = 1,
    };
    double m, c, q, p = (double)WIDTH * HEIGHT;

    color = g_malloc0(BYTES);
    zeta = g_malloc0(BYTES);
    copy = g_malloc0(BYTES);
    nv_rop_init(&rop, NV_ROP_CURIE, dirty, NULL);
    nv_rop_surface_decode(&rop.surf, NV_ROP_CURIE, &r);
    rop.mem[NV_ROP_MEM_COLOR0] = (NVRopMem) { color, BYTES };
    rop.mem[NV_ROP_MEM_ZETA] = (NVRopMem) { zeta, BYTES };
    for (unsigned t = 0; t < NV_ROP_TARGETS; t++) {
        rop.st.color_mask[t] = NV_ROP_MASK_RGBA;
    }
    rop.st.clear_color = 0xff336699;
    rop.st.clear_zeta = 0xffffff00;
    rop.st.stencil[0].write_mask = 0xff;

    m = bench_rate(do_memset, NULL);
    c = bench_rate(do_clear, NULL);
    printf("clear colour + Z24S8 (%dx%d): %.1f Mpixel/s, %.3fx memset of "
           "both (%.0f Mpixel/s)\n", WIDTH, HEIGHT, c * p / 1e6, c / m,
           m * p / 1e6);

    rop.st.blend[0] = true;
    rop.st.eq_rgb = rop.st.eq_a = NV_ROP_EQ_ADD;
    rop.st.src_rgb = rop.st.src_a = NV_ROP_BF_SRC_ALPHA;
    rop.st.dst_rgb = rop.st.dst_a = NV_ROP_BF_ONE_MINUS_SRC_ALPHA;
    rop.st.depth_test = rop.st.depth_write = true;
    rop.st.depth_func = NV_ROP_LESS;
    m = bench_rate(do_memcpy, NULL);
    q = bench_rate(do_quads, NULL);
    printf("blended, depth-tested quads (%dx%d): %.1f Mpixel/s, %.4fx "
           "memcpy of the colour surface (%.0f Mpixel/s)\n", WIDTH, HEIGHT,
           q * p / 1e6, q / m, m * p / 1e6);
    g_free(color);
    g_free(zeta);
    g_free(copy);
    return rop.fault != 0;
}
