/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv benchmark: the NV40 3D pixel pipeline (rasterizer, fragment
 * program, texture unit, ROP) on one core, against memset and memcpy of
 * the same bytes measured in the same run.  An nv40 with a Curie object
 * (class 0x4097) drawing into a 1024x768 A8R8G8B8 linear surface,
 * everything through nv20_pgraph_method() and nv20_pgraph_run() as PFIFO
 * would drive them, vertices in immediate mode (VTX4F):
 *   - a full-screen triangle pair, textured (a 256x256 A8R8G8B8 swizzled
 *     texture, LINEAR filtering; TEX then MUL by the colour) and blended
 *     (SRC_ALPHA, ONE_MINUS_SRC_ALPHA);
 *   - the same with MOV of the colour, no texture, no blending;
 *   - 10-pixel triangles (MOV of the colour), in triangles/s;
 *   - a full-screen CLEAR_BUFFERS of the colour.
 * Prints Mpixel/s (or triangles/s) and the ratios to memset and memcpy
 * of the pixels' bytes.  Not a test.
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hw/nv/card.h"
#include "hw/nv/graph/nv20/pgraph-nv20.h"
#include "hw/nv/mem/pramin.h"
#include "hw/nv/xf/xf-isa.h"
#include "bench.h"

#define W 1024
#define H 768
#define PITCH (W * 4)
#define TEX_SIZE 256

/* RAMIN: context, the Curie object, the VRAM DMA object. */
#define CTX_IMAGE   0x41000
#define OBJ_3D      0x42000
#define DMA_VRAM    0x43000

/* VRAM: the surface, the fragment programs, the texture. */
#define SURF        0x400000
#define FPROG_TEX   0x800000
#define FPROG_MOV   0x800100
#define TEXTURE     0x900000

#define SC_3D       7
#define F1          0x3f800000u

/* Mesa's nvfx_shader.h fields */
#define OP(o)       ((uint32_t)(o) << 24)
#define XYZW        (0xfu << 9)
#define INP(i)      ((uint32_t)(i) << 13)
#define TR          (7u << 18 | 0xe4u << 21)
#define ID          (0xe4u << 9)
#define IN          (1 | ID)
#define R0          ID
#define END         1
#define COL0        1
#define TC0         4

/* The small triangles: right-angled, legs of 4.5 pixels (area ~10). */
#define SMALL_TRIS  2000
#define SMALL_LEG   4.5f

static NVCard card;
static uint8_t *copy_src;
static unsigned log_errors;

static void host_log(void *opaque, NVLogKind kind, const char *msg)
{
    log_errors++;
    fprintf(stderr, "%s\n", msg);
}

static void mthd(unsigned subc, uint32_t m, uint32_t d)
{
    while (!nv20_pgraph_method(&card, subc, m, d)) {
        if (!nv20_pgraph_run(&card, 4096)) {
            g_error("method 0x%04x stalled", m);
        }
    }
}

static void mthd_f(uint32_t m, float f)
{
    uint32_t d;

    memcpy(&d, &f, sizeof(d));
    mthd(SC_3D, m, d);
}

static void finish(void)
{
    while (nv20_pgraph_busy(&card)) {
        nv20_pgraph_run(&card, 4096);
    }
}

static void ramin(uint32_t addr, uint32_t val)
{
    nv_ramin_write(&card, addr, val, 4);
}

static void vram(uint32_t addr, uint32_t val)
{
    memcpy(card.vram + addr, &val, sizeof(val));
}

/* A vertex at window pixel (x, y): colour and TC0 first, VTX4F last. */
static void vertex(float x, float y)
{
    mthd_f(0x1c80, x / W);              /* VTX_ATTR_4F(8): TC0 */
    mthd_f(0x1c84, y / H);
    mthd_f(0x1c88, 0);
    mthd_f(0x1c8c, 1);
    mthd_f(0x1c00, x * 2 / W - 1);      /* VTX_ATTR_4F(0): position */
    mthd_f(0x1c04, y * 2 / H - 1);
    mthd_f(0x1c08, 0);
    mthd_f(0x1c0c, 1);
}

static void do_memset(void)
{
    memset(card.vram + SURF, 0x5a, PITCH * H);
}

static void do_memcpy(void)
{
    memcpy(card.vram + SURF, copy_src, PITCH * H);
}

/* The full-screen pair: (0, 0), (W, 0), (0, H) and (W, 0), (W, H), (0, H). */
static void do_screen(void)
{
    mthd(SC_3D, 0x1808, 5);             /* BEGIN_END: TRIANGLES */
    vertex(0, 0);
    vertex(W, 0);
    vertex(0, H);
    vertex(W, 0);
    vertex(W, H);
    vertex(0, H);
    mthd(SC_3D, 0x1808, 0);
    finish();
}

/* SMALL_TRIS triangles of ~10 pixels on a grid over the screen. */
static void do_small(void)
{
    mthd(SC_3D, 0x1808, 5);
    for (unsigned i = 0; i < SMALL_TRIS; i++) {
        float x = (i % 200) * 5 + 0.3f, y = (i / 200) * 5 + 0.3f;

        vertex(x, y);
        vertex(x + SMALL_LEG, y);
        vertex(x, y + SMALL_LEG);
    }
    mthd(SC_3D, 0x1808, 0);
    finish();
}

static void do_clear(void)
{
    mthd(SC_3D, 0x1d94, 0xf0);          /* CLEAR_BUFFERS: R, G, B, A */
    finish();
}

/*
 * The vertex program: MOV o[i] = v[i'] for the position (0 <- 0), the
 * colour (1 <- 3, Curie's COL0) and TC0 (7 <- 8), uploaded at XFPR 0
 * (W word first) and started.
 */
static void vertex_program(void)
{
    static const uint8_t out[] = { 0, 1, 7 }, in[] = { 0, 3, 8 };

    mthd(SC_3D, 0x1e9c, 0);             /* VP_UPLOAD_FROM_ID */
    for (unsigned i = 0; i < G_N_ELEMENTS(out); i++) {
        NVXfInsn insn = {
            .end = i == G_N_ELEMENTS(out) - 1, .out_addr = out[i],
            .out_wm_vec = 0xf, .dst_wm_vec = 0xf, .op_vec = 1,
            .ibuf_addr = in[i], .dst_vec = NV_XF_REGS,
            .dst_sca = NV_XF_REGS,
            .src[0] = { .mux = 2, .swz = { 0, 1, 2, 3 } },
        };
        uint32_t w[NV_XF_PR_WORDS];

        nv_xf_encode(card.xf.upload_isa, &insn, w);
        for (unsigned k = 0; k < 4; k++) {
            mthd(SC_3D, 0xb80 + 4 * k, w[3 - k]);
        }
    }
    mthd(SC_3D, 0x1ea0, 0);             /* VP_START_FROM_ID */
    mthd(SC_3D, 0x1e94, 0x11);          /* ENGINE: the program (Mesa's) */
}

/*
 * The fragment programs in VRAM, four words an instruction: TEX R0 =
 * texture 0 at f[TC0]; MUL R0 = R0 * f[COL0], END; and MOV R0 =
 * f[COL0], END.  The texture: 256x256 texels of a pattern.
 */
static void vram_data(void)
{
    static const uint32_t tex[] = {
        OP(0x17) | XYZW | INP(TC0), IN | TR, IN, IN,
        OP(0x02) | XYZW | INP(COL0) | END, R0 | TR, IN, IN,
    };
    static const uint32_t mov[] = {
        OP(0x01) | XYZW | INP(COL0) | END, IN | TR, IN, IN,
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(tex); i++) {
        vram(FPROG_TEX + 4 * i, tex[i]);
    }
    for (unsigned i = 0; i < G_N_ELEMENTS(mov); i++) {
        vram(FPROG_MOV + 4 * i, mov[i]);
    }
    for (unsigned i = 0; i < TEX_SIZE * TEX_SIZE; i++) {
        vram(TEXTURE + 4 * i, 0x80000000u | i * 0x010203u);
    }
}

/*
 * nouveau's PGRAPH init, the Curie object on subchannel 7 and its state
 * as Mesa's nv30 driver sends it: the VRAM DMA object for DMA_TEXTURE0
 * and DMA_COLOR0; the surface (RT_FORMAT 0x148: A8R8G8B8, Z24S8, linear),
 * RT_ENABLE COLOR0, COLOR_MASK all, the scissor 4096 wide from 0, clip
 * rectangle 0 the window, the viewport (W / 2, H / 2) around (W / 2,
 * H / 2), the colour (1, 0.5, 0.25, 0.75), CLEAR_COLOR_VALUE; texture 0
 * (TEX_FORMAT: DMA0, no border, 2D, A8R8G8B8, one level; CLAMP_TO_EDGE;
 * enabled, MAX_LOD 15; identity swizzle; LINEAR both ways; 256x256).
 */
static void setup(void)
{
    static const uint32_t state[] = {
        0x0184, DMA_VRAM >> 4, 0x0194, DMA_VRAM >> 4,
        0x0200, W << 16, 0x0204, H << 16, 0x0208, 0x148,
        0x020c, PITCH, 0x0210, SURF, 0x0220, 1, 0x0324, 0x01010101,
        0x08c0, 0x10000000, 0x08c4, 0x10000000,
        0x0a00, 0x10000000, 0x0a04, 0x10000000,
        0x02c0, (W - 1) << 16, 0x02c4, (H - 1) << 16,
        0x0a30, 0x44000000, 0x0a34, 0x43c00000, 0x0a38, 0x3f000000,
        0x0a20, 0x44000000, 0x0a24, 0x43c00000, 0x0a28, 0x3f000000,
        0x1c30, F1, 0x1c34, 0x3f000000, 0x1c38, 0x3e800000,
        0x1c3c, 0x3f400000,
        0x1d90, 0x11223344,
        0x1a00, TEXTURE, 0x1a04, 0x00018529, 0x1a08, 0x00030303,
        0x1a0c, 0x80078000, 0x1a10, 0xaae4, 0x1a14, 0x02022000,
        0x1a18, TEX_SIZE << 16 | TEX_SIZE, 0x1840, 1 << 20,
    };

    nv_mmio_write(&card, NV_BAR_MMIO, 0x400720, 1, 4);
    nv_mmio_write(&card, NV_BAR_MMIO, 0x400084, 0x401287c0, 4);
    nv_mmio_write(&card, NV_BAR_MMIO, 0x40008c, 0xe0de8055, 4);
    nv_mmio_write(&card, NV_BAR_MMIO, 0x0032e0, CTX_IMAGE >> 4, 4);
    ramin(DMA_VRAM, 0x3d | 0x3000);
    ramin(DMA_VRAM + 4, card.vram_size - 1);
    ramin(DMA_VRAM + 8, 0);
    ramin(OBJ_3D, 0x4097);
    mthd(SC_3D, 0, OBJ_3D >> 4);
    for (unsigned i = 0; i < G_N_ELEMENTS(state); i += 2) {
        mthd(SC_3D, state[i], state[i + 1]);
    }
    vertex_program();
    vram_data();
}

/* Blending SRC_ALPHA, ONE_MINUS_SRC_ALPHA (GL enums), FUNC_ADD; or off. */
static void blend(bool on)
{
    mthd(SC_3D, 0x0314, 0x0302u << 16 | 0x0302);
    mthd(SC_3D, 0x0318, 0x0303u << 16 | 0x0303);
    mthd(SC_3D, 0x0320, 0x8006u << 16 | 0x8006);
    mthd(SC_3D, 0x0310, on);
}

static void report(const char *what, double rate, const char *unit,
                   double pixels, double ms, double mc)
{
    double px = rate * pixels;

    printf("%-28s %9.1f %-9s %9.3gx memset %9.3gx memcpy\n", what,
           unit[0] == 'M' ? rate * pixels / 1e6 : rate * SMALL_TRIS, unit,
           px / ms, px / mc);
}

int main(void)
{
    const NVModel *m = nv_model_find("nv40");
    const NVHost host = { .log = host_log };
    double ms, mc, r;
    uint8_t *vram = g_malloc0(m->vram_default);
    uint32_t px;

    copy_src = g_malloc0(PITCH * H);
    nv_card_init(&card, m, &host, vram, m->vram_default, NULL, 0);
    nv_card_reset(&card);
    setup();
    ms = bench_rate(do_memset, NULL) * W * H;
    mc = bench_rate(do_memcpy, NULL) * W * H;
    printf("baseline: memset %.0f Mpixel/s, memcpy %.0f Mpixel/s "
           "(32-bit pixels)\n", ms / 1e6, mc / 1e6);

    mthd(SC_3D, 0x08e4, FPROG_TEX | 1);  /* FP_ACTIVE_PROGRAM, DMA0 */
    blend(true);
    r = bench_rate(do_screen, NULL);
    report("textured+blended 1024x768", r, "Mpixel/s", W * H, ms, mc);
    /* 0x80 alpha texel * 0.75: a blended pixel differs from the clear */
    do_clear();
    do_screen();
    memcpy(&px, card.vram + SURF + 100 * PITCH + 100 * 4, sizeof(px));
    if (px == 0x11223344) {
        fprintf(stderr, "textured draw left the clear colour\n");
    }

    mthd(SC_3D, 0x08e4, FPROG_MOV | 1);
    blend(false);
    r = bench_rate(do_screen, NULL);
    report("colour 1024x768", r, "Mpixel/s", W * H, ms, mc);
    /* A 255, R 255, G round(0.5 * 255) 128, B round(0.25 * 255) 64 */
    memcpy(&px, card.vram + SURF + 100 * PITCH + 100 * 4, sizeof(px));
    if (px != 0xbfff8040) {
        fprintf(stderr, "colour draw: 0x%08x\n", px);
    }
    r = bench_rate(do_small, NULL);
    report("colour 10-pixel triangles", r, "tri/s", 10.0 * SMALL_TRIS, ms,
           mc);
    r = bench_rate(do_clear, NULL);
    report("CLEAR_BUFFERS 1024x768", r, "Mpixel/s", W * H, ms, mc);
    memcpy(&px, card.vram + SURF + 100 * PITCH + 100 * 4, sizeof(px));
    if (px != 0x11223344) {
        fprintf(stderr, "clear: 0x%08x\n", px);
    }
    if (log_errors) {
        fprintf(stderr, "%u messages logged\n", log_errors);
    }
    nv_card_finalize(&card);
    g_free(copy_src);
    g_free(vram);
    return 0;
}
