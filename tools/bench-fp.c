/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv benchmark: the fragment-program engine (docs/fp.rst) on one
 * core, against memset() of as many 32-bit pixels in the same run.
 * Every quad of a 1024x768 target runs, its four pixels live:
 *   - modulate: TEX R1, TC0; MUL H0, R1, COL0 (the commonest texturing
 *     program), a texture callback returning the coordinates;
 *   - lighting: a 10-instruction per-pixel lighting program (normalise
 *     with DP3/LG2/EX2, N.L and N.H, MAD with the colours, a constant);
 *   - loop: Curie's REP 8 around a MAD and an IF/ELSE on the condition
 *     code.
 * Prints each rate in Mpixel/s and its ratio to memset's (how many times
 * the pixels could have been memset in the time).  Not a test.
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hw/nv/fp/fp.h"
#include "bench.h"

#define WIDTH       1024
#define HEIGHT      768
#define QUADS       (WIDTH * HEIGHT / 4)

/* Mesa's nvfx_shader.h fields */
#define OP(o)       ((uint32_t)(o) << 24)
#define DR(n)       ((uint32_t)(n) << 1)
#define DH(n)       (DR(n) | 1 << 7)
#define XYZW        (0xfu << 9)
#define INP(i)      ((uint32_t)(i) << 13)
#define TR          (7u << 18 | 0xe4u << 21)
#define ID          (0xe4u << 9)
#define R(n)        ((n) << 2 | ID)
#define IN          (1 | ID)
#define CST         (2 | ID)
#define END         1
#define BRANCH      (1u << 31)

static NVFpProgram *prog;
static NVFpQuadIn quad_in;
static NVFpQuadOut quad_out;
static uint32_t *fb;
static float sink;

static void tex_coord(void *opaque, unsigned unit, NVFpTexKind kind,
                      const float coord[4], const float dx[4],
                      const float dy[4], float out[4])
{
    memcpy(out, coord, 4 * sizeof(float));
}

static const NVFpTex tex = { .sample = tex_coord };

static void do_memset(void)
{
    memset(fb, (int)sink & 0xff, WIDTH * HEIGHT * sizeof(*fb));
}

static void do_quads(void)
{
    for (unsigned q = 0; q < QUADS; q++) {
        quad_in.attr[0][4][0] = q;
        nv_fp_run_quad(prog, &quad_in, &tex, &quad_out);
        sink += quad_out.color[0][0][0];
    }
}

static void run(const char *what, NVFpGen gen, const uint32_t *w,
                unsigned n)
{
    double r, m;

    if (nv_fp_decode(prog, gen, w, n) != NV_FP_OK) {
        fprintf(stderr, "%s: %s\n", what, prog->error);
        return;
    }
    m = bench_rate(do_memset, NULL);
    r = bench_rate(do_quads, NULL);
    printf("%s (%u instructions): %.2f Mpixel/s, %.5fx memset "
           "(%.0f Mpixel/s)\n", what, prog->ninsn,
           r * WIDTH * HEIGHT / 1e6, r / m, m * WIDTH * HEIGHT / 1e6);
}

int main(void)
{
    static const uint32_t modulate[] = {
        OP(0x17) | DR(1) | XYZW | INP(4), IN | TR, IN, IN,      /* TEX */
        OP(0x02) | DH(0) | XYZW | INP(1) | END, R(1) | TR, IN, IN, /* MUL */
    };
    static const uint32_t lighting[] = {
        /* R1 = TC1 (the normal); R1.w = 1 / |R1| via LG2, EX2 */
        OP(0x05) | DR(2) | XYZW | INP(5), IN | TR, IN, IN,      /* DP3 */
        OP(0x1d) | DR(2) | XYZW, R(2) | TR, IN, IN,             /* LG2 */
        OP(0x1c) | DR(2) | XYZW, R(2) | 1 << 17 | TR, IN | 5u << 28, IN,
        OP(0x02) | DR(1) | XYZW | INP(5), IN | TR, R(2), IN,    /* MUL */
        OP(0x05) | DR(3) | 1 << 9, R(1) | TR, CST, IN,          /* N.L */
        0x3f000000, 0x3f000000, 0x3f3504f3, 0,
        OP(0x05) | DR(3) | 2 << 9 | INP(6), R(1) | TR, IN, IN,  /* N.H */
        OP(0x09) | DR(3) | XYZW, R(3) | TR, CST, IN,            /* MAX */
        0, 0, 0, 0,
        OP(0x1d) | DR(3) | 4 << 9, R(3) | 0x55u << 9 | TR, IN, IN,
        OP(0x02) | DR(3) | 4 << 9, R(3) | 0xaau << 9 | TR, CST, IN,
        0x41800000, 0x41800000, 0x41800000, 0x41800000,
        OP(0x04) | DH(0) | XYZW | INP(1) | END, R(3) | TR, IN, R(3),
    };
    static const uint32_t loop[] = {
        OP(4) | 1u << 30, TR, BRANCH | 8 << 2 | 8 << 10 | 8 << 19, 24,
        OP(0x04) | DR(1) | XYZW | INP(4) | 1 << 8, R(1) | TR, CST, IN,
        0x3f000000, 0x3f000000, 0x3f000000, 0x3f000000,
        OP(2) | 1u << 30, 5u << 18, BRANCH | 20, 24,            /* IF NE */
        OP(0x03) | DR(2) | XYZW, R(2) | TR, R(1), IN,           /* ADD */
        OP(0x02) | DR(2) | XYZW, R(2) | TR, R(2), IN,           /* MUL */
        OP(0x01) | DH(0) | XYZW | END, R(2) | TR, IN, IN,       /* MOV */
    };

    prog = g_new0(NVFpProgram, 1);
    fb = g_new(uint32_t, WIDTH * HEIGHT);
    quad_in.mask = 0xf;
    for (unsigned px = 0; px < 4; px++) {
        for (unsigned i = 0; i < NV_FP_INPUTS; i++) {
            for (unsigned c = 0; c < 4; c++) {
                quad_in.attr[px][i][c] = 0.25f * (px + i + c + 1);
            }
        }
    }
    run("modulate", NV_FP_RANKINE, modulate, G_N_ELEMENTS(modulate));
    run("lighting", NV_FP_RANKINE, lighting, G_N_ELEMENTS(lighting));
    run("loop", NV_FP_CURIE, loop, G_N_ELEMENTS(loop));
    g_free(fb);
    g_free(prog);
    return sink == 42.0f;
}
