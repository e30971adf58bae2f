/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv benchmark: the 3D front end (docs/3d.rst) on one core, in
 * vertices per second, against a plain C transform loop (a 4x4 matrix
 * times the position, the divide and the viewport, in host floats)
 * measured in the same run.  Everything through nv20_pgraph_method() as
 * PFIFO would drive it: a vertex buffer in VRAM (position and normal,
 * three floats each), drawn as triangles in VB_VERTEX_BATCH /
 * VTXBUF_BATCH methods of 256 vertices, through the vertex fetch, XF and
 * VTX; the primitives are counted by the host's primitive hook.
 *   - programmable: an nv40 Curie program, four DP4s with the
 *     model-view-projection matrix into the position and a MOV of a
 *     constant colour;
 *   - fixed function: an nv20 Kelvin object with the same transform and
 *     one infinite light (LT's lighting, Kelvin's viewport).
 * Prints Mvertex/s and the ratio to the C loop.  Not a test.
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hw/nv/card.h"
#include "hw/nv/graph/nv20/pgraph-nv20.h"
#include "hw/nv/mem/pramin.h"
#include "hw/nv/xf/xf-isa.h"
#include "bench.h"

#define VERTS       3072            /* a multiple of 3 and of 256 */
#define STRIDE      24
#define VB          0x100000        /* the vertex buffer in VRAM */

/* RAMIN: the Kelvin channel table, a context image, the objects. */
#define CTX_TABLE   0x40000
#define CTX_IMAGE   0x41000
#define OBJ_3D      0x42000
#define DMA_VRAM    0x43000

#define SC          7

static NVCard card;
static unsigned prims;
static float vb[VERTS][6];
static float out[VERTS][4];

static uint32_t f2u(float f)
{
    uint32_t u;

    memcpy(&u, &f, 4);
    return u;
}

static void mthd(uint32_t m, uint32_t d)
{
    if (!nv20_pgraph_method(&card, SC, m, d)) {
        g_error("method 0x%04x not taken", m);
    }
}

static void mthd_f(uint32_t m, unsigned n, const float *v)
{
    for (unsigned i = 0; i < n; i++) {
        mthd(m + 4 * i, f2u(v[i]));
    }
}

static bool prim_traced(void *opaque)
{
    return true;
}

static void prim_trace(void *opaque, const struct NVVtxPrim *prim)
{
    prims++;
}

/* Vertices per second of @fn, which takes VERTS. */
static double rate(void (*fn)(void))
{
    return VERTS * bench_rate(fn, NULL);
}

/* Model-view-projection: a scale and a translation, w = 1. */
static const float mvp[4][4] = {
    { 0.5f, 0, 0, 0.1f }, { 0, 0.5f, 0, -0.1f }, { 0, 0, 0.5f, 0.2f },
    { 0, 0, 0, 1 },
};

static void do_c_loop(void)
{
    for (unsigned v = 0; v < VERTS; v++) {
        float p[4] = { vb[v][0], vb[v][1], vb[v][2], 1 }, c[4];

        for (unsigned r = 0; r < 4; r++) {
            c[r] = mvp[r][0] * p[0] + mvp[r][1] * p[1] + mvp[r][2] * p[2] +
                   mvp[r][3] * p[3];
        }
        out[v][0] = c[0] / c[3] * 320 + 320;
        out[v][1] = c[1] / c[3] * 240 + 240;
        out[v][2] = c[2] / c[3] * 0.5f + 0.5f;
        out[v][3] = 1 / c[3];
    }
}

/* BEGIN_END TRIANGLES, the batches, STOP (@begin_end, @batch: the
 * class's methods). */
static uint32_t begin_end, batch;

static void do_draw(void)
{
    mthd(begin_end, 5);
    for (unsigned first = 0; first < VERTS; first += 256) {
        mthd(batch, first | 255u << 24);
    }
    mthd(begin_end, 0);
}

static void card_new(const char *model, uint32_t cls)
{
    const NVModel *m = nv_model_find(model);
    const NVHost host = { .prim_traced = prim_traced,
                          .prim_trace = prim_trace };
    uint8_t *vram = g_malloc0(m->vram_default);
    bool curie = m->pgraph == NV_PGRAPH_CURIE;

    nv_card_init(&card, m, &host, vram, m->vram_default, NULL, 0);
    nv_card_reset(&card);
    /* nouveau's gr init: context switching on channel 0 (CACHE1_PUSH1) */
    nv_mmio_write(&card, NV_BAR_MMIO, 0x003204, 0, 4);
    if (curie) {
        nv_mmio_write(&card, NV_BAR_MMIO, 0x400084, 0x401287c0, 4);
        nv_mmio_write(&card, NV_BAR_MMIO, 0x0032e0, CTX_IMAGE >> 4, 4);
    } else {
        nv_mmio_write(&card, NV_BAR_MMIO, 0x400780, CTX_TABLE >> 4, 4);
        nv_mmio_write(&card, NV_BAR_MMIO, 0x400084, 0x00118700, 4);
        nv_mmio_write(&card, NV_BAR_MMIO, 0x40008c, 0xf3ce0475, 4);
        nv_ramin_write(&card, CTX_TABLE, CTX_IMAGE >> 4, 4);
    }
    nv_ramin_write(&card, DMA_VRAM, 0x3d | 0x3000, 4);
    nv_ramin_write(&card, DMA_VRAM + 4, card.vram_size - 1, 4);
    nv_ramin_write(&card, DMA_VRAM + 8, 0, 4);
    nv_ramin_write(&card, OBJ_3D, cls, 4);
    memcpy(card.vram + VB, vb, sizeof(vb));
    mthd(0, OBJ_3D >> 4);
    mthd(0x19c, DMA_VRAM >> 4);             /* DMA_VTXBUF */
    begin_end = curie ? 0x1808 : 0x17fc;
    batch = curie ? 0x1814 : 0x1810;
    /* position (attribute 0) and normal (2): 3 floats at stride 24 */
    mthd(curie ? 0x1680 : 0x1720, VB);
    mthd(curie ? 0x1688 : 0x1728, VB + 12);
    mthd(curie ? 0x1740 : 0x1760, 2 | 3 << 4 | STRIDE << 8);
    mthd(curie ? 0x1748 : 0x1768, 2 | 3 << 4 | STRIDE << 8);
}

static void card_free(void)
{
    uint8_t *vram = card.vram;

    nv_card_finalize(&card);
    g_free(vram);
}

/* XF instruction @in at the upload position (VP_UPLOAD_INST, X first). */
static void upload(const NVXfInsn *in)
{
    uint32_t w[NV_XF_PR_WORDS];

    nv_xf_encode(NV_XF_CURIE, in, w);
    for (unsigned k = 0; k < 4; k++) {
        mthd(0xb80 + 4 * k, w[3 - k]);
    }
}

static double bench_program(void)
{
    static const float vp_t[4] = { 320, 240, 0.5f, 0 };
    static const float vp_s[4] = { 320, 240, 0.5f, 0 };
    static const float colour[4] = { 1, 0.5f, 0.25f, 1 };

    card_new("nv40", 0x4097);
    mthd(0x1e9c, 0);                        /* VP_UPLOAD_FROM_ID */
    for (unsigned r = 0; r < 4; r++) {
        /* DP4 o[POS].r = c[r], v[0] */
        NVXfInsn dp4 = {
            .out_addr = 0, .out_wm_vec = 8 >> r, .dst_wm_vec = 8 >> r,
            .dst_vec = NV_XF_REGS, .dst_sca = NV_XF_REGS, .op_vec = 0x07,
            .ctx_addr = r, .ibuf_addr = 0,
            .src = { { .mux = 3, .swz = { 0, 1, 2, 3 } },
                     { .mux = 2, .swz = { 0, 1, 2, 3 } } },
        };

        upload(&dp4);
    }
    upload(&(NVXfInsn) {               /* MOV o[COL0] = c[4], END */
        .end = true, .out_addr = 1, .out_wm_vec = 0xf, .dst_wm_vec = 0xf,
        .dst_vec = NV_XF_REGS, .dst_sca = NV_XF_REGS, .op_vec = 0x01,
        .ctx_addr = 4, .src[0] = { .mux = 3, .swz = { 0, 1, 2, 3 } },
    });
    mthd(0x1ea0, 0);                        /* VP_START_FROM_ID */
    mthd(0x1e94, 0x11);                     /* ENGINE: the program */
    mthd(0x1efc, 0);                        /* VP_UPLOAD_CONST_ID */
    for (unsigned r = 0; r < 4; r++) {
        mthd_f(0x1f00, 4, mvp[r]);
    }
    mthd_f(0x1f00, 4, colour);
    mthd_f(0xa20, 4, vp_t);
    mthd_f(0xa30, 4, vp_s);
    return rate(do_draw);
}

static double bench_fixed(void)
{
    /* Kelvin applies its viewport in XF (docs/xf.rst) */
    static const float vp_t[4] = { 320, 240, 0.5f, 0 };
    static const float vp_s[4] = { 320, 240, 0.5f, 0 };
    static const float dir[3] = { 0, 0, 1 }, white[3] = { 1, 1, 1 };
    float cols[16], id[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0,
                               0, 0, 0, 1 };

    card_new("nv20", 0x0097);
    /* the matrices in GL's column-major order */
    for (unsigned i = 0; i < 16; i++) {
        cols[i] = mvp[i % 4][i / 4];
    }
    mthd(0x1e94, 4);                        /* ENGINE: FIXED */
    mthd_f(0x480, 16, id);                  /* MODELVIEW_MATRIX(0) */
    mthd_f(0x580, 16, id);                  /* INVERSE_MODELVIEW_MATRIX(0) */
    mthd_f(0x680, 16, cols);                /* PROJECTION_MATRIX */
    mthd_f(0xa20, 4, vp_t);
    mthd_f(0xaf0, 4, vp_s);
    mthd(0x314, 1);                         /* LIGHTING_ENABLE */
    mthd(0x3bc, 1);                         /* ENABLED_LIGHTS: 0 infinite */
    mthd_f(0x100c, 3, white);               /* LIGHT_FRONT_DIFFUSE(0) */
    mthd_f(0x1034, 3, dir);                 /* LIGHT_DIRECTION(0) */
    return rate(do_draw);
}

int main(void)
{
    double c, v;

    for (unsigned i = 0; i < VERTS; i++) {
        /* a fan of small triangles over the screen, normals facing +z */
        vb[i][0] = (float)(i % 64) / 32 - 1;
        vb[i][1] = (float)(i / 64 % 48) / 24 - 1;
        vb[i][2] = (float)(i % 7) / 8;
        vb[i][5] = 1;
    }
    c = rate(do_c_loop);
    /* (the last vertex's x: keeps the loop's results alive) */
    printf("baseline: C transform loop %.1f Mvertex/s (x %g)\n", c / 1e6,
           out[VERTS - 1][0]);
    prims = 0;
    v = bench_program();
    printf("programmable (nv40, 5 insns): %6.2f Mvertex/s  %.3fx the C "
           "loop  (%u triangles drawn)\n", v / 1e6, v / c, prims);
    card_free();
    prims = 0;
    v = bench_fixed();
    printf("fixed function (nv20, 1 light): %5.2f Mvertex/s  %.3fx the C "
           "loop  (%u triangles drawn)\n", v / 1e6, v / c, prims);
    card_free();
    return 0;
}
