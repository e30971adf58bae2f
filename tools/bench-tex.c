/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv benchmark: the texture unit (docs/texture.rst) on one core,
 * against memcpy() of as many 32-bit texels in the same run (the least a
 * sampler returning them could cost).  A 256x256 A8R8G8B8 swizzled
 * texture with its 9 levels is sampled at 65536 points of a grid:
 *   - NEAREST at level 0 (explicit LOD 0);
 *   - LINEAR at level 0;
 *   - LINEAR_MIPMAP_LINEAR with derivatives giving lambda 1.5;
 *   - the same with anisotropy 4X and a 4:1 footprint.
 * Prints each rate in Msample/s and its ratio to memcpy's.  Not a test.
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hw/nv/tex/tex.h"
#include "bench.h"

#define SIZE        256
#define SAMPLES     65536

static uint8_t *vram, *src, *dst;
static NVTexMem mem[2];
static NVTexUnit unit;
static float dx[4], dy[4];
static NVTexLodMode mode;
static float sink;

static void do_memcpy(void)
{
    memcpy(dst, src, SAMPLES * 4);
}

static void do_sample(void)
{
    float out[4];
    bool fault = false;

    for (unsigned i = 0; i < SAMPLES; i++) {
        const float c[4] = { (i % 256 + 0.3f) / 256, (i / 256 + 0.7f) / 256,
                             0, 1 };

        nv_tex_sample(&unit, mem, c, dx, dy, mode, 0, out, &fault);
        sink += out[0];
    }
}

/* Decodes A8R8G8B8 SIZE x SIZE with @filter and @enable, times it. */
static void run(const char *what, uint32_t filter, uint32_t enable,
                float ddx, float ddy, NVTexLodMode m, double mc)
{
    const NVTexRegs r = {
        .format = 0x8 | 0x20 | 0x8000 | 9 << 16 | 0x05 << 8,
        .wrap = 0x00010101, .enable = 0x80000000u | 0xf00 << 7 | enable,
        .swizzle = 0xaae4, .filter = filter,
        .npot_size = SIZE << 16 | SIZE, .size1 = 1 << 20,
    };
    double rate;

    nv_tex_decode(&unit, NV_TEX_CURIE, &r);
    dx[0] = ddx;
    dy[1] = ddy;
    mode = m;
    rate = bench_rate(do_sample, NULL);
    printf("%s: %.2f Msample/s, %.5fx memcpy (%.0f Mtexel/s)\n", what,
           rate * SAMPLES / 1e6, rate / mc, mc * SAMPLES / 1e6);
}

int main(void)
{
    size_t bytes = (size_t)SIZE * SIZE * 4 * 2;
    double mc;

    vram = g_malloc(bytes);
    for (size_t i = 0; i < bytes; i++) {
        vram[i] = i * 7;
    }
    mem[0] = mem[1] = (NVTexMem){ .base = vram, .size = bytes };
    src = g_malloc0(SAMPLES * 4);
    dst = g_malloc0(SAMPLES * 4);
    mc = bench_rate(do_memcpy, NULL);
    /* lambda 1.5: the footprint 2^1.5 = 2.83 texels across */
    run("nearest", 0x01012000, 0, 0, 0, NV_TEX_LOD_EXPLICIT, mc);
    run("bilinear", 0x02022000, 0, 0, 0, NV_TEX_LOD_EXPLICIT, mc);
    run("trilinear", 0x02062000, 0, 2.828427f / SIZE, 2.828427f / SIZE,
        NV_TEX_LOD_IMPLICIT, mc);
    run("trilinear aniso 4x", 0x02062000, 2 << 4, 4 * 2.828427f / SIZE,
        2.828427f / SIZE, NV_TEX_LOD_IMPLICIT, mc);
    printf("(checksum %g)\n", sink);
    g_free(vram);
    g_free(src);
    g_free(dst);
    return 0;
}
