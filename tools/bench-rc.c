/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv benchmark: Kelvin's texture shader and register combiners
 * (docs/combiners.rst) on one core, a quad at a time, against memset()
 * and memcpy() of as many 32-bit pixels in the same run.  The texture
 * unit is a callback returning a colour made from the coordinates, so
 * the figures are the fragment stage's own cost.
 *   - modulate: TEXTURE_2D on unit 0, one general stage (texture times
 *     primary colour), the final combiner passing it on with fog;
 *   - bump: a dot product pair (stages 0-2: normal map, DOT_PRODUCT,
 *     DOT_PRODUCT_TEXTURE_2D) and all eight general stages.
 * Prints each rate in Mpixel/s and its ratio to memset's and memcpy's.
 * Not a test.
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hw/nv/rc/rc.h"
#include "bench.h"

#define QUADS       16384       /* a 256x256 pixel area */
#define PIXELS      (4 * QUADS)

/* Kelvin bundle ids and method state words (docs/combiners.rst) */
#define ID_IN_COLOR     0x40
#define ID_OUT_COLOR    0x48
#define ID_CONFIG       0x50
#define ID_FINAL_A      0x51
#define ID_FINAL_B      0x52
#define ID_TS_OP        0x67
#define ID_TEX_CONTROL  0x73
#define M_DOTMAPPING    (0x1e74 / 4)

static NVRcState st;
static NVRcQuadIn quads[QUADS];
static NVRcQuadOut out;
static uint32_t *src, *dst;
static float sink;

static void sample(void *opaque, unsigned unit, const float coord[4],
                   const float dx[4], const float dy[4], float texel[4])
{
    texel[0] = coord[0] - (int)coord[0];
    texel[1] = coord[1] - (int)coord[1];
    texel[2] = 0.5f;
    texel[3] = 1.0f;
}

static const NVRcTex tex = { .sample = sample };

static void do_memset(void)
{
    memset(dst, (int)sink & 0xff, PIXELS * sizeof(*dst));
}

static void do_memcpy(void)
{
    memcpy(dst, src, PIXELS * sizeof(*dst));
}

static void do_shade(void)
{
    for (unsigned i = 0; i < QUADS; i++) {
        nv_rc_run_quad(&st, &quads[i], &tex, &out);
        sink += out.color[3][0];
    }
}

static void run(const char *what, const uint32_t *bundle,
                const uint32_t *extra)
{
    double r, s, c;

    nv_rc_decode(&st, bundle, extra);
    s = bench_rate(do_memset, NULL);
    c = bench_rate(do_memcpy, NULL);
    r = bench_rate(do_shade, NULL);
    printf("%s: %.2f Mpixel/s, %.5fx memset (%.0f Mpixel/s), %.5fx memcpy "
           "(%.0f Mpixel/s)\n", what, r * PIXELS / 1e6, r / s,
           s * PIXELS / 1e6, r / c, c * PIXELS / 1e6);
}

int main(void)
{
    static uint32_t bundle[0x200], extra[0x2000 / 4];

    src = g_new0(uint32_t, PIXELS);
    dst = g_new0(uint32_t, PIXELS);
    for (unsigned i = 0; i < QUADS; i++) {
        for (unsigned p = 0; p < 4; p++) {
            NVRcPixelIn *px = &quads[i].px[p];
            float x = i % 128 * 2 + p % 2, y = i / 128 * 2 + p / 2;

            px->col0[0] = x / 256;
            px->col0[1] = y / 256;
            px->col0[3] = 1;
            px->fog = 0.5f;
            for (unsigned u = 0; u < NV_RC_TEX_UNITS; u++) {
                px->tex[u][0] = x / 64;
                px->tex[u][1] = y / 64;
                px->tex[u][2] = 1;
                px->tex[u][3] = 1;
            }
        }
        quads[i].mask = 0xf;
    }
    for (unsigned u = 0; u < NV_RC_TEX_UNITS; u++) {
        bundle[ID_TEX_CONTROL + u] = 1u << 30;
    }

    /*
     * modulate: SPARE0 = TEXTURE0 * PRIMARY; final A = FOG alpha, B =
     * SPARE0, C = FOG
     */
    bundle[ID_TS_OP] = NV_RC_TS_TEXTURE_2D;
    bundle[ID_CONFIG] = 1;
    bundle[ID_IN_COLOR] = NV_RC_TEXTURE0 << 24 | NV_RC_PRIMARY_COLOR << 16;
    bundle[ID_OUT_COLOR] = NV_RC_SPARE0 << 4;
    bundle[ID_FINAL_A] = (NV_RC_FOG | 0x10) << 24 | NV_RC_SPARE0 << 16 |
                         NV_RC_FOG << 8;
    bundle[ID_FINAL_B] = (NV_RC_PRIMARY_COLOR | 0x10) << 8;
    run("modulate", bundle, extra);

    /* bump: expanded normal map, then eight stages of SPARE0 += TEXTURE2 */
    bundle[ID_TS_OP] = NV_RC_TS_TEXTURE_2D | NV_RC_TS_DOT_PRODUCT << 5 |
                       NV_RC_TS_DOT_PRODUCT_TEXTURE_2D << 10;
    extra[M_DOTMAPPING] = 0x220;
    bundle[ID_CONFIG] = 8;
    for (unsigned i = 0; i < NV_RC_STAGES; i++) {
        /* A = SPARE0 signed, B = 1, C = TEXTURE2, D = 1: SUM to SPARE0 */
        bundle[ID_IN_COLOR + i] = (NV_RC_SPARE0 | 6 << 5) << 24 |
                                  1 << 21 | (NV_RC_TEXTURE0 + 2) << 8 |
                                  1 << 5;
        bundle[ID_OUT_COLOR + i] = NV_RC_SPARE0 << 8;
    }
    run("bump", bundle, extra);

    g_free(src);
    g_free(dst);
    return 0;
}
