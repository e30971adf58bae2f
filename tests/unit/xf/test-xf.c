/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: IDX unwrapping, IDX2XF commands and XF programs
 * (envytools docs/hw/graph/xf/intro.rst, docs/hw/graph/xf/isa.rst).
 * Instructions are built bit by bit from isa.rst's field table; a source is
 * MUX | REG << 2 | SWZ << 6 | NEG << 14 (Kelvin/Rankine) or MUX | REG << 2 |
 * SWZ << 8 | NEG << 16 (Curie), mux 1 temp, 2 IBUF, 3 XFCTX; swizzle 0x1b =
 * xyzw; mask bit 3 = X.
 */
#include <glib.h>

#include "test-host.h"
#include "hw/nv/xf/idx.h"
#include "hw/nv/xf/xf-isa.h"
#include "hw/nv/xf/xf.h"

#define ONE     0x3f800000u
#define TWO     0x40000000u
#define THREE   0x40400000u
#define FOUR    0x40800000u
#define HALF    0x3f000000u
#define M1      0xbf800000u
#define QNAN    0x7fffffffu
#define XYZW    0x1b

/* XFMODE_B, Rankine MODE vector 0 word 2: MODE bits 30-31, bit 17. */
#define VP2             (1u << 30)
#define PROGRAM_V1      (2u << 30)
#define ARITH_MODERN    (1u << 17)

typedef struct Fx {
    TestHost *th;
    NVXf *xf;
} Fx;

static Fx fx_new(const char *model)
{
    Fx f = { th_new(model, 0), g_new0(NVXf, 1) };

    nv_xf_reset(f.xf, f.th->card.model->xf);
    /* XFMODE_B (Kelvin word 0, Rankine word 2) MODE: the vertex
     * program, not fixed function (test-xf-ff.c has that); NV40's XF_C
     * MODE PROGRAM_V3 (1). */
    f.xf->ram.mode[0][0] = f.xf->ram.mode[0][2] = PROGRAM_V1;
    f.xf->bundles.c = 1u << 30;
    return f;
}

static void fx_free(Fx *f)
{
    g_free(f->xf);
    th_free(f->th);
}

static void put(uint32_t *w, unsigned lo, unsigned len, uint32_t v)
{
    for (unsigned i = 0; i < len; i++) {
        w[(lo + i) / 32] &= ~(1u << ((lo + i) % 32));
        w[(lo + i) / 32] |= ((v >> i) & 1) << ((lo + i) % 32);
    }
}

static uint32_t ksrc(unsigned mux, unsigned reg, unsigned swz, bool neg)
{
    return mux | reg << 2 | swz << 6 | (uint32_t)neg << 14;
}

static uint32_t csrc(unsigned mux, unsigned reg, unsigned swz, bool neg)
{
    return mux | reg << 2 | swz << 8 | (uint32_t)neg << 16;
}

static void wr(Fx *f, uint8_t type, uint16_t vec, uint8_t word, uint32_t d)
{
    NVXfCmd c = { .type = type, .vec = vec, .word = word, .data = { d } };

    nv_xf_write(f->xf, &f->th->card, &c);
}

static uint32_t rd(Fx *f, uint8_t type, uint16_t vec, uint8_t word)
{
    NVXfCmd c = { .type = type, .vec = vec, .word = word };

    return nv_xf_read(f->xf, &f->th->card, &c);
}

/* Words 0-3 of a vector command: X (the high word) first. */
static void wr4(Fx *f, uint8_t type, uint16_t vec, uint32_t x, uint32_t y,
                uint32_t z, uint32_t w)
{
    wr(f, type, vec, 0, x);
    wr(f, type, vec, 1, y);
    wr(f, type, vec, 2, z);
    wr(f, type, vec, 3, w);
}

/* IDX2XF word 0 carries instruction bits 96-127, word 3 bits 0-31. */
static void upload(Fx *f, uint16_t pc, const uint32_t w[4])
{
    wr4(f, NV_XF_CMD_XFPR, pc, w[3], w[2], w[1], w[0]);
}

static void check_ctx(Fx *f, uint16_t vec, uint32_t x, uint32_t y,
                      uint32_t z, uint32_t w)
{
    g_assert_cmphex(rd(f, NV_XF_CMD_XFCTX, vec, 0), ==, x);
    g_assert_cmphex(rd(f, NV_XF_CMD_XFCTX, vec, 1), ==, y);
    g_assert_cmphex(rd(f, NV_XF_CMD_XFCTX, vec, 2), ==, z);
    g_assert_cmphex(rd(f, NV_XF_CMD_XFCTX, vec, 3), ==, w);
}


static void set_xfmode_b(Fx *f, uint32_t mode_b)
{
    wr4(f, NV_XF_CMD_MODE, 0, 0, 0, mode_b, 0);
}

/* ---- IDX ---- */

static void test_idx_unwrap(void)
{
    NVXfCmd c;

    /* docs/xf.rst "Running programs": Kelvin RUN is 0x16000 (bit 16 |
     * 6 << 12), Rankine 0x2c000 (bit 17 | 6 << 13). */
    g_assert_true(nv_idx_unwrap(NV_IDX_KELVIN, 0x16000, &c));
    g_assert_cmpuint(c.type, ==, 6);
    g_assert_cmpuint(c.vec, ==, 0);
    g_assert_true(nv_idx_unwrap(NV_IDX_RANKINE, 0x2c000, &c));
    g_assert_cmpuint(c.type, ==, 6);
    /* Celsius: bit 14 | 9 << 10 | 5 << 4 | 3 << 2 = 0x645c. */
    g_assert_true(nv_idx_unwrap(NV_IDX_CELSIUS, 0x645c, &c));
    g_assert_cmpuint(c.type, ==, 9);
    g_assert_cmpuint(c.vec, ==, 5);
    g_assert_cmpuint(c.word, ==, 3);
    /* Kelvin XFCTX 0x9f word 2: 0x10000 | 0x9000 | 0x9f0 | 8 = 0x199f8. */
    g_assert_true(nv_idx_unwrap(NV_IDX_KELVIN, 0x199f8, &c));
    g_assert_cmpuint(c.type, ==, 9);
    g_assert_cmpuint(c.vec, ==, 0x9f);
    g_assert_cmpuint(c.word, ==, 2);
    /* Curie: 3 << 18 | 9 << 14 | 0x1d3 << 4 | 1 << 2 = 0xe5d34. */
    g_assert_true(nv_idx_unwrap(NV_IDX_CURIE, 0xe5d34, &c));
    g_assert_cmpuint(c.type, ==, 9);
    g_assert_cmpuint(c.vec, ==, 0x1d3);
    g_assert_cmpuint(c.word, ==, 1);
    /* No marker: not an XF command.  0x2c000 has bit 16 clear. */
    g_assert_false(nv_idx_unwrap(NV_IDX_KELVIN, 0x6000, &c));
    g_assert_false(nv_idx_unwrap(NV_IDX_KELVIN, 0x2c000, &c));
    g_assert_false(nv_idx_unwrap(NV_IDX_CURIE, 0x64000, &c));
    g_assert_cmphex(nv_idx_wrap(NV_IDX_KELVIN, 9, 0x60, 3), ==, 0x1960c);
    g_assert_cmphex(nv_idx_wrap(NV_IDX_RANKINE, 6, 0, 0), ==, 0x2c000);
    g_assert_cmpuint(nv_idx_gen(NV_XF_COMBINED), ==, NV_IDX_CURIE);
}

/* ---- Commands ---- */

static void test_vab_defaults(void)
{
    Fx f = fx_new("nv20");
    NVXfCmd c64 = { .type = NV_XF_CMD_VAB, .vec = 5, .word = 0,
                    .is64 = true, .data = { TWO, THREE } };

    /* Y alone: no defaults. */
    wr(&f, NV_XF_CMD_VAB, 3, 1, TWO);
    g_assert_cmphex(rd(&f, NV_XF_CMD_VAB, 3, 0), ==, 0);
    g_assert_cmphex(rd(&f, NV_XF_CMD_VAB, 3, 1), ==, TWO);
    g_assert_cmphex(rd(&f, NV_XF_CMD_VAB, 3, 3), ==, 0);
    /* X: Y = Z = 0, W = 1.0 first. */
    wr(&f, NV_XF_CMD_VAB, 3, 2, THREE);
    wr(&f, NV_XF_CMD_VAB, 3, 0, ONE);
    g_assert_cmphex(rd(&f, NV_XF_CMD_VAB, 3, 0), ==, ONE);
    g_assert_cmphex(rd(&f, NV_XF_CMD_VAB, 3, 1), ==, 0);
    g_assert_cmphex(rd(&f, NV_XF_CMD_VAB, 3, 2), ==, 0);
    g_assert_cmphex(rd(&f, NV_XF_CMD_VAB, 3, 3), ==, ONE);
    /* A 64-bit X/Y pair: defaults, then both words. */
    nv_xf_write(f.xf, &f.th->card, &c64);
    g_assert_cmphex(rd(&f, NV_XF_CMD_VAB, 5, 0), ==, TWO);
    g_assert_cmphex(rd(&f, NV_XF_CMD_VAB, 5, 1), ==, THREE);
    g_assert_cmphex(rd(&f, NV_XF_CMD_VAB, 5, 3), ==, ONE);
    /* The passthrough slot (16) takes no defaults. */
    wr(&f, NV_XF_CMD_VAB, 16, 3, FOUR);
    wr(&f, NV_XF_CMD_VAB, 16, 0, TWO);
    g_assert_cmphex(rd(&f, NV_XF_CMD_VAB, 16, 3), ==, FOUR);
    g_assert_cmpuint(f.th->n_guest_error, ==, 0);
    /* Slot 17 does not exist. */
    wr(&f, NV_XF_CMD_VAB, 17, 0, TWO);
    g_assert_cmpuint(f.th->n_guest_error, ==, 1);
    fx_free(&f);

    /* Curie has no passthrough slot in VAB. */
    f = fx_new("nv43");
    wr(&f, NV_XF_CMD_VAB, 16, 0, TWO);
    g_assert_cmpuint(f.th->n_guest_error, ==, 1);
    fx_free(&f);
}

static void test_passthrough_assembly(void)
{
    Fx f = fx_new("nv20");

    /* Words 0-2 only stage; word 3 sends the whole vector. */
    wr(&f, NV_XF_CMD_XFCTX, 0x60, 0, ONE);
    wr(&f, NV_XF_CMD_XFCTX, 0x60, 1, TWO);
    wr(&f, NV_XF_CMD_XFCTX, 0x60, 2, THREE);
    check_ctx(&f, 0x60, 0, 0, 0, 0);
    wr(&f, NV_XF_CMD_XFCTX, 0x60, 3, FOUR);
    check_ctx(&f, 0x60, ONE, TWO, THREE, FOUR);
    /* The slot keeps X-Z: writing W alone sends them again. */
    wr(&f, NV_XF_CMD_XFCTX, 0x61, 3, HALF);
    check_ctx(&f, 0x61, ONE, TWO, THREE, HALF);
    /* Kelvin XFCTX is 0xc0 slots. */
    wr4(&f, NV_XF_CMD_XFCTX, 0xc0, ONE, ONE, ONE, ONE);
    g_assert_cmpuint(f.th->n_guest_error, ==, 1);

    /* LTCTX keeps 3 components of 22 bits (low 10 bits cut). */
    wr4(&f, NV_XF_CMD_LTCTX, 2, 0x3fabcdef, 0x400003ff, 0x00000400, ONE);
    g_assert_cmphex(rd(&f, NV_XF_CMD_LTCTX, 2, 0), ==, 0x3fabcc00);
    g_assert_cmphex(rd(&f, NV_XF_CMD_LTCTX, 2, 1), ==, TWO);
    g_assert_cmphex(rd(&f, NV_XF_CMD_LTCTX, 2, 2), ==, 0);
    g_assert_cmphex(rd(&f, NV_XF_CMD_LTCTX, 2, 3), ==, 0);
    /* LTC RAMs are scalar: any word commits. */
    wr(&f, NV_XF_CMD_LTC2, 4, 1, 0x3fabcdef);
    g_assert_cmphex(rd(&f, NV_XF_CMD_LTC2, 4, 0), ==, 0x3fabcc00);
    g_assert_cmphex(rd(&f, NV_XF_CMD_LTC0, 4, 0), ==, 0);
    /* MODE: Kelvin has one vector. */
    wr4(&f, NV_XF_CMD_MODE, 0, 1, 2, 3, 4);
    g_assert_cmphex(f.xf->ram.mode[0][1], ==, 2);
    g_assert_cmpuint(f.th->n_guest_error, ==, 1);
    /* XTRA is NV30+. */
    wr(&f, NV_XF_CMD_XTRA, 0, 3, 1);
    g_assert_cmpuint(f.th->n_guest_error, ==, 2);
    fx_free(&f);
}

static void test_unreadable_and_passthru(void)
{
    Fx f = fx_new("nv30");
    uint32_t w;
    NVXfCmd c64 = { .type = NV_XF_CMD_PASSTHRU, .is64 = true,
                    .data = { 0x11, 0x22 } };

    /* NOP, PASSTHRU, MODE, SYNC are not readable: 0 and a log line. */
    g_assert_cmphex(rd(&f, NV_XF_CMD_NOP, 0, 0), ==, 0);
    g_assert_cmphex(rd(&f, NV_XF_CMD_MODE, 0, 0), ==, 0);
    g_assert_cmphex(rd(&f, NV_XF_CMD_SYNC, 0, 0), ==, 0);
    g_assert_cmphex(rd(&f, NV_XF_CMD_PASSTHRU, 0, 0), ==, 0);
    g_assert_cmpuint(f.th->n_guest_error, ==, 4);
    /* LTC0 is NV10:NV30 only. */
    wr(&f, NV_XF_CMD_LTC0, 0, 0, ONE);
    g_assert_cmpuint(f.th->n_guest_error, ==, 5);
    /* Rankine MODE has two vectors. */
    wr4(&f, NV_XF_CMD_MODE, 1, 5, 6, 7, 8);
    g_assert_cmphex(f.xf->ram.mode[1][3], ==, 8);
    wr4(&f, NV_XF_CMD_XTRA, 1, 9, 10, 11, 12);
    g_assert_cmphex(f.xf->ram.xtra[1][0], ==, 9);
    /* PASSTHRU goes out in order, 64-bit payloads as two words. */
    wr(&f, NV_XF_CMD_PASSTHRU, 0, 0, 0xabc);
    nv_xf_write(f.xf, &f.th->card, &c64);
    g_assert_true(nv_xf_pop_passthru(f.xf, &w));
    g_assert_cmphex(w, ==, 0xabc);
    g_assert_true(nv_xf_pop_passthru(f.xf, &w));
    g_assert_cmphex(w, ==, 0x11);
    g_assert_true(nv_xf_pop_passthru(f.xf, &w));
    g_assert_cmphex(w, ==, 0x22);
    g_assert_false(nv_xf_pop_passthru(f.xf, &w));
    g_assert_cmpuint(f.th->n_guest_error, ==, 5);
    fx_free(&f);
}

/* ---- Programs ---- */

/*
 * Kelvin: MUL c[0x61].xyzw = c[0x60] * v[0], END, output to XFCTX.
 * END bit 0; OUT_ADDR 3-10; OUT_TARGET 11 = 0 (XFCTX); OUT_WM 12-15; DST
 * 20-23 = 15 (none); SRC1 43-57; SRC0 58-72; CTX_ADDR 77-84; OP_VEC 85-88
 * = 2.
 */
static void kelvin_mul(uint32_t w[4], unsigned swz0, bool neg1)
{
    memset(w, 0, 16);
    put(w, 0, 1, 1);
    put(w, 3, 8, 0x61);
    put(w, 12, 4, 0xf);
    put(w, 20, 4, 0xf);
    put(w, 43, 15, ksrc(2, 0, XYZW, neg1));
    put(w, 58, 15, ksrc(3, 0, swz0, false));
    put(w, 77, 8, 0x60);
    put(w, 85, 4, 2);
}

static void set_params(Fx *f)
{
    wr4(f, NV_XF_CMD_XFCTX, 0x60, ONE, TWO, THREE, FOUR);
    wr4(f, NV_XF_CMD_PARAM, 0, TWO, HALF, M1, 0);
}

static void test_kelvin_state_program(void)
{
    const char *models[] = { "nv20", "nv30" };

    /* The same Kelvin program on nv20 and (Kelvin upload) nv30, where
     * the output moves to Rankine's user area: 0x61 + 0x3c = 0x9d. */
    for (unsigned m = 0; m < 2; m++) {
        Fx f = fx_new(models[m]);
        uint32_t w[4];

        f.xf->upload_isa = NV_XF_KELVIN;
        kelvin_mul(w, XYZW, false);
        upload(&f, 0, w);
        /* PARAM after the upload: XFPR assembles in the same slot. */
        set_params(&f);
        wr(&f, NV_XF_CMD_RUN, 0, 0, 0);
        /* (1*2, 2*0.5, 3*-1, 4*0 = +0 by ZERO_WINS). */
        check_ctx(&f, m ? 0x9d : 0x61, TWO, ONE, 0xc0400000, 0);
        g_assert_cmpuint(f.xf->last_icnt, ==, 1);

        /* SRC0 .wzyx (0xe4), SRC1 negated: (4*-2, 3*-0.5, 2*1, 1*-0). */
        kelvin_mul(w, 0xe4, true);
        upload(&f, 0, w);
        set_params(&f);
        wr(&f, NV_XF_CMD_RUN, 0, 0, 0);
        check_ctx(&f, m ? 0x9d : 0x61, 0xc1000000, 0xbfc00000, TWO, 0);
        g_assert_cmpuint(f.th->n_guest_error, ==, 0);
        fx_free(&f);
    }
}

/*
 * Kelvin: RCP c[@out].xw = 1 / v[0].y, END.  OUT_IS_SCA 2, OUT_ADDR 3-10,
 * OUT_WM 12-15 = 0x9, DST 20-23 = none, SRC2 28-42 = v[0].yyyy (0x55),
 * OP_SCA 89-91 = 2.
 */
static void kelvin_rcp(uint32_t w[4], unsigned out, bool out_is_sca)
{
    memset(w, 0, 16);
    put(w, 0, 1, 1);
    put(w, 2, 1, out_is_sca);
    put(w, 3, 8, out);
    put(w, 12, 4, 0x9);
    put(w, 20, 4, 0xf);
    put(w, 28, 15, ksrc(2, 0, 0x55, false));
    put(w, 89, 3, 2);
}

static void test_kelvin_temps_scalar(void)
{
    Fx f = fx_new("nv20");
    uint32_t w[4] = { 0 };

    /* 0: MOV R1 = v[0] (DST 20-23 = 1, DST_WM_VEC 24-27 = 0xf). */
    put(w, 20, 4, 1);
    put(w, 24, 4, 0xf);
    put(w, 58, 15, ksrc(2, 0, XYZW, false));
    put(w, 85, 4, 1);
    upload(&f, 0, w);
    /* 1: ADD c[0x63] = R1 + c[0x60] (SRC0 + SRC2 28-42), END. */
    memset(w, 0, 16);
    put(w, 0, 1, 1);
    put(w, 3, 8, 0x63);
    put(w, 12, 4, 0xf);
    put(w, 20, 4, 0xf);
    put(w, 28, 15, ksrc(3, 0, XYZW, false));
    put(w, 58, 15, ksrc(1, 1, XYZW, false));
    put(w, 77, 8, 0x60);
    put(w, 85, 4, 3);
    upload(&f, 1, w);
    /* 2: RCP c[0x62].xw = 1 / v[0].y, OUT_IS_SCA, END. */
    kelvin_rcp(w, 0x62, true);
    upload(&f, 2, w);
    /* 3: MOV c[0x64] = R1, END: XFREG was cleared after the last run. */
    memset(w, 0, 16);
    put(w, 0, 1, 1);
    put(w, 3, 8, 0x64);
    put(w, 12, 4, 0xf);
    put(w, 20, 4, 0xf);
    put(w, 58, 15, ksrc(1, 1, XYZW, false));
    put(w, 85, 4, 1);
    wr4(&f, NV_XF_CMD_XFCTX, 0x64, ONE, ONE, ONE, ONE);
    upload(&f, 3, w);

    set_params(&f);
    wr(&f, NV_XF_CMD_RUN, 0, 0, 0);
    /* (2+1, 0.5+2, -1+3, 0+4). */
    check_ctx(&f, 0x63, THREE, 0x40200000, TWO, FOUR);
    wr(&f, NV_XF_CMD_RUN, 0, 0, 2);
    /* 1/0.5 = 2 into X and W only. */
    check_ctx(&f, 0x62, TWO, 0, 0, TWO);
    wr(&f, NV_XF_CMD_RUN, 0, 0, 3);
    check_ctx(&f, 0x64, 0, 0, 0, 0);

    /* 2 again with OUT_IS_SCA clear, output c[0x65]: under a NOP vector op
     * the scalar result goes out all the same (docs/xf.rst "Kelvin's
     * output"): 2.0 in X and W. */
    kelvin_rcp(w, 0x65, false);
    upload(&f, 2, w);
    set_params(&f);
    wr(&f, NV_XF_CMD_RUN, 0, 0, 2);
    check_ctx(&f, 0x65, TWO, 0, 0, TWO);
    g_assert_cmpuint(f.th->n_guest_error, ==, 0);
    fx_free(&f);
}

static void test_kelvin_vertex_program(void)
{
    Fx f = fx_new("nv20");
    uint32_t w[4] = { 0 };
    NVXfVertex v;

    wr4(&f, NV_XF_CMD_XFCTX, 0x60, ONE, TWO, THREE, FOUR);
    /* XFMODE_B is word 0 on Kelvin (MODE PROGRAM_V1), XFMODE_A word 1
     * (PROGRAM_START_POS, bits 8-15, = 5). */
    wr4(&f, NV_XF_CMD_MODE, 0, PROGRAM_V1, 5 << 8, 0, 0);
    /* 5: DP4 o[0] = v[0] . c[0x60] (OP_VEC 7), OUT_TARGET 1, END. */
    put(w, 0, 1, 1);
    put(w, 11, 1, 1);
    put(w, 12, 4, 0xf);
    put(w, 20, 4, 0xf);
    put(w, 43, 15, ksrc(3, 0, XYZW, false));
    put(w, 58, 15, ksrc(2, 0, XYZW, false));
    put(w, 77, 8, 0x60);
    put(w, 85, 4, 7);
    upload(&f, 5, w);
    /* v[0] = (1, 1, 1, 1): X sets W = 1 by default. */
    wr(&f, NV_XF_CMD_VAB, 0, 0, ONE);
    wr(&f, NV_XF_CMD_VAB, 0, 1, ONE);
    wr(&f, NV_XF_CMD_VAB, 0, 2, ONE);
    nv_xf_vertex(f.xf, &f.th->card);
    g_assert_true(nv_xf_pop_vertex(f.xf, &v));
    /* 1 + 2 + 3 + 4 = 10 = 0x41200000 in every component. */
    for (unsigned c = 0; c < 4; c++) {
        g_assert_cmphex(v.tbuf[0][c], ==, 0x41200000);
        g_assert_cmphex(v.tbuf[1][c], ==, 0);
    }
    g_assert_false(nv_xf_pop_vertex(f.xf, &v));
    fx_free(&f);
}

/* XF2VTX holds 8 records; a 9th drops the oldest. */
static void test_vertex_queue(void)
{
    Fx f = fx_new("nv20");
    uint32_t w[4] = { 0 };
    NVXfVertex v;

    /* 0: MOV o[0] = v[0] (OUT_TARGET 11, OUT_WM 12-15, DST 20-23 = none,
     * OP_VEC 1), END. */
    put(w, 0, 1, 1);
    put(w, 11, 1, 1);
    put(w, 12, 4, 0xf);
    put(w, 20, 4, 0xf);
    put(w, 58, 15, ksrc(2, 0, XYZW, false));
    put(w, 85, 4, 1);
    upload(&f, 0, w);
    for (uint32_t i = 1; i <= 9; i++) {
        wr(&f, NV_XF_CMD_VAB, 0, 0, ONE + i);
        nv_xf_vertex(f.xf, &f.th->card);
    }
    for (uint32_t i = 2; i <= 9; i++) {
        g_assert_true(nv_xf_pop_vertex(f.xf, &v));
        g_assert_cmphex(v.tbuf[0][0], ==, ONE + i);
        g_assert_cmphex(v.tbuf[0][3], ==, ONE);     /* VAB default W */
    }
    g_assert_false(nv_xf_pop_vertex(f.xf, &v));
    fx_free(&f);
}

/*
 * A vertex's outputs start at 0 (isa.rst: TBUF), whatever an earlier
 * program left in the same XF2VTX slot, including after a program that
 * writes fewer outputs replaces it and XFPR is decoded afresh (a change
 * of VP2 mode does that).  Rankine (nv30): MOV o[@out] = v[0] at pc 0,
 * END; OUT_ADDR 2-10, OUT_TARGET 11 (1: TBUF), OUT_WM_VEC 12-15, SRC0
 * 58-72, OP_VEC 87-91 (1), DST 112-116 (0x1f: none).
 */
static void rankine_mov_out(Fx *f, unsigned out)
{
    uint32_t w[4] = { 0 };

    put(w, 0, 1, 1);
    put(w, 2, 9, out);
    put(w, 11, 1, 1);
    put(w, 12, 4, 0xf);
    put(w, 58, 15, ksrc(2, 0, XYZW, false));
    put(w, 87, 5, 1);
    put(w, 112, 5, 0x1f);
    upload(f, 0, w);
}

static void test_tbuf_cleared(void)
{
    Fx f = fx_new("nv30");
    const NVXfVertex *v;

    rankine_mov_out(&f, 10);
    /* Eight vertices fill every slot's o[10] with v[0] = (2, 0, 0, 1). */
    wr(&f, NV_XF_CMD_VAB, 0, 0, TWO);
    for (unsigned i = 0; i < NV_XF_QUEUE; i++) {
        nv_xf_vertex(f.xf, &f.th->card);
        v = nv_xf_take_vertex(f.xf);
        g_assert_cmphex(v->tbuf[10][0], ==, TWO);
        g_assert_cmphex(v->tbuf[10][3], ==, ONE);
    }
    /* Now o[0] alone, in VP2 mode (MODE 3): every slot again. */
    rankine_mov_out(&f, 0);
    set_xfmode_b(&f, 3u << 30);
    for (unsigned i = 0; i < NV_XF_QUEUE; i++) {
        nv_xf_vertex(f.xf, &f.th->card);
        v = nv_xf_take_vertex(f.xf);
        g_assert_cmphex(v->tbuf[0][0], ==, TWO);
        for (unsigned o = 1; o < NV_XF_TBUF; o++) {
            for (unsigned c = 0; c < 4; c++) {
                g_assert_cmphex(v->tbuf[o][c], ==, 0);
            }
        }
    }
    fx_free(&f);
}

/* Rankine: OUT_ADDR 2-10, OUT_TARGET 11 = 0 (XFCTX), OUT_WM_VEC 12-15,
 * CTX_ADDR 78-86, OP_VEC 87-91, OP_SCA 92-96, DST 112-116. */
static void rankine_out_ctx(uint32_t w[4], unsigned out, unsigned op_vec)
{
    memset(w, 0, 16);
    put(w, 2, 9, out);
    put(w, 12, 4, 0xf);
    put(w, 87, 5, op_vec);
    put(w, 112, 5, 0x1f);
}

static void test_rankine_abs(void)
{
    Fx f = fx_new("nv30");
    uint32_t w[4];

    set_xfmode_b(&f, VP2);
    wr4(&f, NV_XF_CMD_XFCTX, 0x9c, ONE, TWO, THREE, FOUR);
    /* MUL c[0x9d] = c[0x9c] * |v[0]| (SRC1_ABS bit 118), END. */
    rankine_out_ctx(w, 0x9d, 2);
    put(w, 0, 1, 1);
    put(w, 43, 15, ksrc(2, 0, XYZW, false));
    put(w, 58, 15, ksrc(3, 0, XYZW, false));
    put(w, 78, 9, 0x9c);
    put(w, 118, 1, 1);
    upload(&f, 0, w);
    wr4(&f, NV_XF_CMD_PARAM, 0, TWO, HALF, M1, 0);
    wr(&f, NV_XF_CMD_RUN, 0, 0, 0);
    check_ctx(&f, 0x9d, TWO, ONE, THREE, 0);
    /* Without VP2 the ABS bit is ignored (docs/xf.rst "VP2 mode"):
     * 3 * -1 = -3. */
    set_xfmode_b(&f, 0);
    wr4(&f, NV_XF_CMD_PARAM, 0, TWO, HALF, M1, 0);
    wr(&f, NV_XF_CMD_RUN, 0, 0, 0);
    check_ctx(&f, 0x9d, TWO, ONE, 0xc0400000, 0);
    fx_free(&f);
}

static void test_rankine_timeout(void)
{
    Fx f = fx_new("nv30");
    uint32_t w[4];

    /* 0: BRA 0 (OP_SCA 9, target in the XFCTX_ADDR field), no END. */
    rankine_out_ctx(w, 0, 0);
    put(w, 12, 4, 0);
    put(w, 92, 5, 9);
    upload(&f, 0, w);
    /* TIMEOUT = 100: XFPR slot 0x11a, RDI word 0 = IDX2XF word 3. */
    wr4(&f, NV_XF_CMD_XFPR, 0x11a, 0, 0, 0, 100);
    g_assert_cmpuint(f.xf->ram.timeout, ==, 100);
    wr(&f, NV_XF_CMD_RUN, 0, 0, 0);
    g_assert_true(f.xf->last_timed_out);
    g_assert_cmpuint(f.xf->last_icnt, ==, 100);
    g_assert_cmpuint(f.th->n_guest_error, ==, 1);

    /* XF keeps working: a MOV c[0x9d] = v[0], END at 1. */
    rankine_out_ctx(w, 0x9d, 1);
    put(w, 0, 1, 1);
    put(w, 58, 15, ksrc(2, 0, XYZW, false));
    upload(&f, 1, w);
    wr4(&f, NV_XF_CMD_PARAM, 0, ONE, TWO, THREE, FOUR);
    wr(&f, NV_XF_CMD_RUN, 0, 0, 1);
    g_assert_false(f.xf->last_timed_out);
    check_ctx(&f, 0x9d, ONE, TWO, THREE, FOUR);
    fx_free(&f);

    /* Kelvin has no branches: a program with no END runs off the end of
     * XFPR (0x88 slots) and stops there. */
    f = fx_new("nv20");
    wr(&f, NV_XF_CMD_RUN, 0, 0, 0);
    g_assert_cmpuint(f.xf->last_icnt, ==, 0x88);
    g_assert_cmpuint(f.th->n_guest_error, ==, 1);
    fx_free(&f);
}

static void test_rankine_call_ret(void)
{
    Fx f = fx_new("nv30");
    uint32_t w[4];

    /* 10: CAL 20 (OP_SCA 0x0b).  11: MOV c[0x9d] = v[0], END. */
    rankine_out_ctx(w, 0, 0);
    put(w, 12, 4, 0);
    put(w, 78, 9, 20);
    put(w, 92, 5, 0x0b);
    upload(&f, 10, w);
    rankine_out_ctx(w, 0x9d, 1);
    put(w, 0, 1, 1);
    put(w, 58, 15, ksrc(2, 0, XYZW, false));
    upload(&f, 11, w);
    /* 20: MOV c[0x9e] = -v[0] and RET. */
    rankine_out_ctx(w, 0x9e, 1);
    put(w, 58, 15, ksrc(2, 0, XYZW, true));
    put(w, 92, 5, 0x0c);
    upload(&f, 20, w);
    wr4(&f, NV_XF_CMD_PARAM, 0, ONE, TWO, THREE, FOUR);
    wr(&f, NV_XF_CMD_RUN, 0, 0, 10);
    check_ctx(&f, 0x9d, ONE, TWO, THREE, FOUR);
    check_ctx(&f, 0x9e, M1, 0xc0000000, 0xc0400000, 0xc0800000);
    g_assert_cmpuint(f.xf->last_icnt, ==, 3);

    /* 30: CAL 30 forever: the 9th call overflows the 8-entry stack. */
    rankine_out_ctx(w, 0, 0);
    put(w, 12, 4, 0);
    put(w, 78, 9, 30);
    put(w, 92, 5, 0x0b);
    upload(&f, 30, w);
    wr(&f, NV_XF_CMD_RUN, 0, 0, 30);
    g_assert_cmpuint(f.xf->last_icnt, ==, 9);
    g_assert_cmpuint(f.th->n_guest_error, ==, 1);
    fx_free(&f);
}

static void test_rankine_condition(void)
{
    Fx f = fx_new("nv30");
    uint32_t w[4];

    wr4(&f, NV_XF_CMD_XFCTX, 0x9c, ONE, TWO, THREE, FOUR);
    /* 40: MOV R0 = v[0] with CDST_WM (111), DST 0, DST_WM_VEC 20-23. */
    rankine_out_ctx(w, 0, 1);
    put(w, 12, 4, 0);
    put(w, 20, 4, 0xf);
    put(w, 58, 15, ksrc(2, 0, XYZW, false));
    put(w, 111, 1, 1);
    put(w, 112, 5, 0);
    upload(&f, 40, w);
    /* 41: MOV c[0x9f] = c[0x9c] (GE.xyzw): COND_ENABLE 110, COND_TEST
     * 107-109 = 6, CSRC_SWZ 99-106 = xyzw; END.  Only E and G pass. */
    rankine_out_ctx(w, 0x9f, 1);
    put(w, 0, 1, 1);
    put(w, 58, 15, ksrc(3, 0, XYZW, false));
    put(w, 78, 9, 0x9c);
    put(w, 99, 8, XYZW);
    put(w, 107, 3, 6);
    put(w, 110, 1, 1);
    upload(&f, 41, w);
    /* v[0] = (-1, 0, 1, NaN): codes L, E, G, U. */
    wr4(&f, NV_XF_CMD_PARAM, 0, M1, 0, ONE, 0x7fc00000);
    wr(&f, NV_XF_CMD_RUN, 0, 0, 40);
    check_ctx(&f, 0x9f, 0, TWO, THREE, 0);
    /* NE (5) passes L, G and U; with CSRC_SWZ .xxxx all read L. */
    put(w, 107, 3, 5);
    put(w, 99, 8, 0x00);
    upload(&f, 41, w);
    wr4(&f, NV_XF_CMD_PARAM, 0, M1, 0, ONE, 0x7fc00000);
    wr(&f, NV_XF_CMD_RUN, 0, 0, 40);
    check_ctx(&f, 0x9f, ONE, TWO, THREE, FOUR);
    fx_free(&f);
}

/*
 * Every Rankine opcode, one instruction each: SRC0 = c[0x9c] = A =
 * (1, -2, 0.5, 4), SRC1 = SRC2 = v[0] = B = (2, -2, -1, 0.5); the vector
 * result goes to c[0x9d] (OUT_WM_VEC 12-15), the scalar one (of B.x = 2)
 * to c[0x9d] (OUT_WM_SCA 16-19).
 */
typedef struct OpCase {
    bool sca;
    uint8_t op;
    uint32_t r[4];
} OpCase;

static const OpCase rankine_ops[] = {
    { false, 0x01, { ONE, 0xc0000000, HALF, FOUR } },           /* MOV */
    { false, 0x02, { TWO, FOUR, 0xbf000000, TWO } },            /* MUL */
    { false, 0x03, { THREE, 0xc0800000, 0xbf000000, 0x40900000 } }, /* ADD */
    { false, 0x04, { FOUR, TWO, 0xbfc00000, 0x40200000 } },     /* MAD */
    /* DP3 2 + 4 - 0.5 = 5.5; DPH + 1 * 0.5 = 6; DP4 + 2 = 7.5. */
    { false, 0x05, { 0x40b00000, 0x40b00000, 0x40b00000, 0x40b00000 } },
    { false, 0x06, { 0x40c00000, 0x40c00000, 0x40c00000, 0x40c00000 } },
    { false, 0x07, { 0x40f00000, 0x40f00000, 0x40f00000, 0x40f00000 } },
    { false, 0x08, { ONE, FOUR, HALF, HALF } },                 /* DST */
    { false, 0x09, { ONE, 0xc0000000, M1, HALF } },             /* MIN */
    { false, 0x0a, { TWO, 0xc0000000, HALF, FOUR } },           /* MAX */
    { false, 0x0b, { ONE, 0, 0, 0 } },                          /* SLT */
    { false, 0x0c, { 0, ONE, ONE, ONE } },                      /* SGE */
    { false, 0x0e, { 0, 0, HALF, 0 } },                         /* FRC */
    { false, 0x0f, { ONE, 0xc0000000, 0, FOUR } },              /* FLR */
    { false, 0x10, { 0, ONE, 0, 0 } },                          /* SEQ */
    { false, 0x11, { 0, 0, 0, 0 } },                            /* SFL */
    { false, 0x12, { 0, 0, ONE, ONE } },                        /* SGT */
    { false, 0x13, { ONE, ONE, 0, 0 } },                        /* SLE */
    { false, 0x14, { ONE, 0, ONE, ONE } },                      /* SNE */
    { false, 0x15, { ONE, ONE, ONE, ONE } },                    /* STR */
    { false, 0x16, { ONE, M1, ONE, ONE } },                     /* SSG */
    /* Scalar MOV: all of SRC2 (docs/xf.rst "Scalar MOV"). */
    { true, 0x01, { TWO, 0xc0000000, M1, HALF } },
    { true, 0x02, { HALF, HALF, HALF, HALF } },                 /* RCP */
    { true, 0x03, { HALF, HALF, HALF, HALF } },                 /* RCC */
    /* RSQ 2 = 1/sqrt 2 to nearest = 0x3f3504f3. */
    { true, 0x04, { 0x3f3504f3, 0x3f3504f3, 0x3f3504f3, 0x3f3504f3 } },
    { true, 0x05, { FOUR, 0, FOUR, ONE } },                     /* EXP */
    { true, 0x06, { ONE, ONE, ONE, ONE } },                     /* LOG */
    /* LIT (2, -2, -1, 0.5): y = 2; y <= 0 with w > 0: z = 0. */
    { true, 0x07, { ONE, TWO, 0, ONE } },
    { true, 0x0d, { ONE, ONE, ONE, ONE } },                     /* LG2 */
    /* EX2 2: E = 129, the evaluator's row 0 has c0 = 1: F = 1
     * (test-xf-float.c, ex2-lg2, has the steps). */
    { true, 0x0e, { 0x40800001, 0x40800001, 0x40800001, 0x40800001 } },
    /* sin 2 = 0.9092974 truncated: 0x3f68c7b6; cos 2 = -0.4161468 =
     * 0xbed51133 (test-xf-float.c, sin-cos). */
    { true, 0x0f, { 0x3f68c7b6, 0x3f68c7b6, 0x3f68c7b6, 0x3f68c7b6 } },
    { true, 0x10, { 0xbed51133, 0xbed51133, 0xbed51133, 0xbed51133 } },
};

/* B, the default SRC1 and SRC2 of run_one_op. */
static const uint32_t op_b[4] = { TWO, 0xc0000000, M1, HALF };

static void run_one_op(Fx *f, bool rankine, bool sca, uint8_t op,
                       const uint32_t b[4])
{
    uint32_t w[4] = { 0 };

    /* OUT_TARGET 11 = 0: XFCTX. */
    put(w, 0, 1, 1);
    if (rankine) {
        put(w, 2, 9, 0x9d);
        put(w, sca ? 16 : 12, 4, 0xf);
        put(w, 78, 9, 0x9c);
        put(w, sca ? 92 : 87, 5, op);
        put(w, 112, 5, 0x1f);
    } else {
        /* Kelvin: OUT_IS_SCA 2, OUT_ADDR 3-10, CTX 77-84, OPs 85/89. */
        put(w, 2, 1, sca);
        put(w, 3, 8, 0x9d);
        put(w, 12, 4, 0xf);
        put(w, 77, 8, 0x9c);
        put(w, sca ? 89 : 85, sca ? 3 : 4, op);
        put(w, 20, 4, 0xf);
    }
    put(w, 28, 15, ksrc(2, 0, XYZW, false));
    put(w, 43, 15, ksrc(2, 0, XYZW, false));
    put(w, 58, 15, ksrc(3, 0, XYZW, false));
    upload(f, 0, w);
    wr4(f, NV_XF_CMD_XFCTX, 0x9d, 0x12345678, 0x12345678, 0x12345678,
        0x12345678);
    wr4(f, NV_XF_CMD_PARAM, 0, b[0], b[1], b[2], b[3]);
    wr(f, NV_XF_CMD_RUN, 0, 0, 0);
}


static void test_rankine_all_ops(void)
{
    Fx f = fx_new("nv30");

    /* VP2 on: the second-generation ops run (docs/xf.rst "VP2 mode"). */
    set_xfmode_b(&f, VP2);
    wr4(&f, NV_XF_CMD_XFCTX, 0x9c, ONE, 0xc0000000, HALF, FOUR);
    for (unsigned i = 0; i < G_N_ELEMENTS(rankine_ops); i++) {
        const OpCase *c = &rankine_ops[i];

        run_one_op(&f, true, c->sca, c->op, op_b);
        check_ctx(&f, 0x9d, c->r[0], c->r[1], c->r[2], c->r[3]);
    }
    fx_free(&f);

    /* Kelvin: the same MAD; FRC (0x0e) does not exist and writes
     * nothing (docs/xf.rst "Running programs"). */
    f = fx_new("nv20");
    wr4(&f, NV_XF_CMD_XFCTX, 0x9c, ONE, 0xc0000000, HALF, FOUR);
    run_one_op(&f, false, false, 0x04, op_b);
    check_ctx(&f, 0x9d, FOUR, TWO, 0xbfc00000, 0x40200000);
    run_one_op(&f, false, true, 0x07, op_b);
    check_ctx(&f, 0x9d, ONE, TWO, 0, ONE);
    run_one_op(&f, false, false, 0x0e, op_b);
    check_ctx(&f, 0x9d, 0x12345678, 0x12345678, 0x12345678, 0x12345678);
    fx_free(&f);
}

/*
 * docs/xf.rst "VP2 mode": without VP2 (XFMODE_B MODE 0, or a Kelvin class
 * in use) FRC-SSG and LG2-COS write nothing; c[0x9d] keeps 0x12345678.
 */
static void test_rankine_vp2_gating(void)
{
    static const uint8_t vec[] = { 0x0e, 0x0f, 0x10, 0x14, 0x16 };
    static const uint8_t sca[] = { 0x0d, 0x0e, 0x0f, 0x10 };
    Fx f = fx_new("nv30");

    wr4(&f, NV_XF_CMD_XFCTX, 0x9c, ONE, 0xc0000000, HALF, FOUR);
    for (unsigned mode = 0; mode < 2; mode++) {
        /* MODE 2; then MODE 3 (bits 30-31) with the Kelvin class. */
        set_xfmode_b(&f, mode ? 3u << 30 : PROGRAM_V1);
        for (unsigned i = 0; i < G_N_ELEMENTS(vec) + G_N_ELEMENTS(sca); i++) {
            bool is_sca = i >= G_N_ELEMENTS(vec);

            f.xf->upload_isa = NV_XF_RANKINE;
            run_one_op(&f, true, is_sca,
                       is_sca ? sca[i - G_N_ELEMENTS(vec)] : vec[i], op_b);
            if (mode) {
                f.xf->upload_isa = NV_XF_KELVIN;
                wr4(&f, NV_XF_CMD_XFCTX, 0x9d, 0x12345678, 0x12345678,
                    0x12345678, 0x12345678);
                wr4(&f, NV_XF_CMD_PARAM, 0, TWO, 0xc0000000, M1, HALF);
                wr(&f, NV_XF_CMD_RUN, 0, 0, 0);
            }
            check_ctx(&f, 0x9d, 0x12345678, 0x12345678, 0x12345678,
                      0x12345678);
        }
    }
    /* MODE 1 and a Rankine class: FRC runs: frac(1, -2, 0.5, 4) = 0,
     * 0, 0.5, 0. */
    f.xf->upload_isa = NV_XF_RANKINE;
    set_xfmode_b(&f, VP2);
    run_one_op(&f, true, false, 0x0e, op_b);
    check_ctx(&f, 0x9d, 0, 0, HALF, 0);
    fx_free(&f);
}

/*
 * docs/xf.rst "Modern rules" (XFMODE_B bit 17) against the LEGACY ones,
 * each op on SRC0 = A = c[0x9c] and SRC1 = SRC2 = B = v[0].
 */
static void test_rankine_modern(void)
{
    static const uint32_t nan = 0x7fc00000, nnan = 0xffc00000;
    static const uint32_t den = 0x00000001, nzero = 0x80000000;
    Fx f = fx_new("nv30");

    for (unsigned modern = 0; modern < 2; modern++) {
        set_xfmode_b(&f, VP2 | (modern ? ARITH_MODERN : 0));
        /* MUL (0, den, inf, NaN) * (inf, -NaN, 0, 2): a zero or denormal
         * times a NaN or infinity is a NaN under MODERN, +0 under LEGACY;
         * a NaN times anything a NaN under both. */
        wr4(&f, NV_XF_CMD_XFCTX, 0x9c, 0, den, 0x7f800000, nan);
        run_one_op(&f, true, false, 0x02,
                   (uint32_t[4]) { 0x7f800000, nnan, 0, TWO });
        if (modern) {
            check_ctx(&f, 0x9d, QNAN, QNAN, QNAN, QNAN);
        } else {
            check_ctx(&f, 0x9d, 0, 0, 0, QNAN);
        }
        /* SEQ (0, den, NaN, 1) with (-0, 0, 1, 1): MODERN: zeros and
         * denormals are +0: 1, 1, NaN, 1; LEGACY: equal bits only: 0, 0,
         * 0, 1. */
        wr4(&f, NV_XF_CMD_XFCTX, 0x9c, 0, den, nan, ONE);
        run_one_op(&f, true, false, 0x10,
                   (uint32_t[4]) { nzero, 0, ONE, ONE });
        if (modern) {
            check_ctx(&f, 0x9d, ONE, ONE, QNAN, ONE);
        } else {
            check_ctx(&f, 0x9d, 0, 0, 0, ONE);
        }
        /* MIN (-0, den, NaN, -1) with (0, -0, 1, 2): MODERN: -0 = +0 so
         * SRC1's bits 0; den = -0, SRC1's -0; NaN; -1.  LEGACY (raw
         * order -0 < +0 < den, +NaN above all): -0, -0, 1, -1. */
        wr4(&f, NV_XF_CMD_XFCTX, 0x9c, nzero, den, nan, M1);
        run_one_op(&f, true, false, 0x09,
                   (uint32_t[4]) { 0, nzero, ONE, TWO });
        if (modern) {
            check_ctx(&f, 0x9d, 0, nzero, QNAN, M1);
        } else {
            check_ctx(&f, 0x9d, nzero, nzero, ONE, M1);
        }
        /* SSG (-0, den, NaN, -2): MODERN 0, 0, NaN, -1; LEGACY (only
         * 0x00000000 gives 0, the sign bit decides the rest): -1, 1, 1,
         * -1. */
        wr4(&f, NV_XF_CMD_XFCTX, 0x9c, nzero, den, nan, 0xc0000000);
        run_one_op(&f, true, false, 0x16, op_b);
        if (modern) {
            check_ctx(&f, 0x9d, 0, 0, QNAN, M1);
        } else {
            check_ctx(&f, 0x9d, M1, ONE, ONE, M1);
        }
        /* RSQ of B.x = -4: the sign counts under MODERN only. */
        run_one_op(&f, true, true, 0x04,
                   (uint32_t[4]) { 0xc0800000, 0, 0, 0 });
        if (modern) {
            check_ctx(&f, 0x9d, QNAN, QNAN, QNAN, QNAN);
        } else {
            check_ctx(&f, 0x9d, HALF, HALF, HALF, HALF);
        }
    }
    fx_free(&f);
}

/* The same table as a Curie vertex program writing o[1], on nv43 (native)
 * and nv40 (converted to the combined encoding). */
static void test_curie_all_ops(void)
{
    const char *models[] = { "nv43", "nv40" };

    for (unsigned m = 0; m < 2; m++) {
        Fx f = fx_new(models[m]);

        wr4(&f, NV_XF_CMD_XFCTX, 0x9c, ONE, 0xc0000000, HALF, FOUR);
        wr4(&f, NV_XF_CMD_VAB, 0, TWO, 0xc0000000, M1, HALF);
        for (unsigned i = 0; i < G_N_ELEMENTS(rankine_ops); i++) {
            const OpCase *c = &rankine_ops[i];
            uint32_t w[4] = { 0 };
            NVXfVertex v;

            /* END, OUT_ADDR 2-6, DST_SCA 7-12, DST_WM_VEC 13-16,
             * DST_WM_SCA 17-20, SRC2 21-37, SRC1 38-54, SRC0 55-71,
             * CTX_ADDR 76-85, OP_VEC 86-90, OP_SCA 91-95, DST_VEC
             * 111-116, OUT_IS_VEC 126. */
            put(w, 0, 1, 1);
            put(w, 2, 5, 1);
            put(w, 7, 6, 0x3f);
            put(w, c->sca ? 17 : 13, 4, 0xf);
            put(w, 21, 17, csrc(2, 0, XYZW, false));
            put(w, 38, 17, csrc(2, 0, XYZW, false));
            put(w, 55, 17, csrc(3, 0, XYZW, false));
            put(w, 76, 10, 0x9c);
            put(w, c->sca ? 91 : 86, 5, c->op);
            put(w, 111, 6, 0x3f);
            put(w, 126, 1, !c->sca);
            upload(&f, 0, w);
            nv_xf_vertex(f.xf, &f.th->card);
            g_assert_true(nv_xf_pop_vertex(f.xf, &v));
            for (unsigned k = 0; k < 4; k++) {
                g_assert_cmphex(v.tbuf[1][k], ==, c->r[k]);
            }
        }
        g_assert_cmpuint(f.th->n_guest_error, ==, 0);
        fx_free(&f);
    }
}

/*
 * A matrix's rows in SRC0 and the vector in SRC1 (as Mesa and bench-3d
 * write transforms): DP4 o[0].r = c[r] . v[0] for r = 0-3, then DPH
 * o[1].r = c[r] DPH v[0], END (nv43).  v[0] = (2, 1, 0.5, 4); rows
 * (1, 2, 3, 4), (0.5, 0, 0, 2), (0, -1, 0, 0.25), (-1, -1, -1, -1).
 * DP4: 2 + 2 + 1.5 + 16 = 21.5; 1 + 8 = 9; -1 + 1 = +0 (an exact zero
 * sum); -2 - 1 - 0.5 - 4 = -7.5.  DPH reads SRC0.w as 1.0, so the W term
 * is v.w = 4: 5.5 + 4 = 9.5; 1 + 4 = 5; -1 + 4 = 3; -3.5 + 4 = 0.5 (its
 * sources swapped it would give 9.5, 3, -0.75, -4.5).
 */
static void test_dp_rows_in_src0(void)
{
    static const uint32_t rows[4][4] = {
        { ONE, TWO, THREE, FOUR }, { HALF, 0, 0, TWO },
        { 0, M1, 0, 0x3e800000 }, { M1, M1, M1, M1 },
    };
    static const uint32_t want[2][4] = {
        { 0x41ac0000, 0x41100000, 0, 0xc0f00000 },
        { 0x41180000, 0x40a00000, THREE, HALF },
    };
    Fx f = fx_new("nv43");
    NVXfVertex v;

    for (unsigned r = 0; r < 4; r++) {
        wr4(&f, NV_XF_CMD_XFCTX, r, rows[r][0], rows[r][1], rows[r][2],
            rows[r][3]);
    }
    wr4(&f, NV_XF_CMD_VAB, 0, TWO, ONE, HALF, FOUR);
    for (unsigned pc = 0; pc < 8; pc++) {
        NVXfInsn in = {
            .end = pc == 7, .out_addr = pc / 4, .out_wm_vec = 8 >> pc % 4,
            .dst_wm_vec = 8 >> pc % 4, .dst_vec = NV_XF_REGS,
            .dst_sca = NV_XF_REGS, .op_vec = pc < 4 ? 0x07 : 0x06,
            .ctx_addr = pc % 4,
            .src = { { .mux = 3, .swz = { 0, 1, 2, 3 } },
                     { .mux = 2, .swz = { 0, 1, 2, 3 } } },
        };
        uint32_t w[NV_XF_PR_WORDS] = { 0 };

        nv_xf_encode(NV_XF_CURIE, &in, w);
        upload(&f, pc, w);
    }
    nv_xf_vertex(f.xf, &f.th->card);
    g_assert_true(nv_xf_pop_vertex(f.xf, &v));
    for (unsigned o = 0; o < 2; o++) {
        for (unsigned c = 0; c < 4; c++) {
            g_assert_cmphex(v.tbuf[o][c], ==, want[o][c]);
        }
    }
    g_assert_cmpuint(f.xf->last_icnt, ==, 8);
    fx_free(&f);
}

/* ARL then a read of XFCTX indexed by A0.x (CTX_INDEXED, bit 1). */
static void test_address_registers(void)
{
    Fx f = fx_new("nv30");
    uint32_t w[4];

    /* 0: ARL A0.x = floor(v[0].x): OP_VEC 0x0d, DST_WM_VEC 20-23 = X. */
    rankine_out_ctx(w, 0, 0x0d);
    put(w, 12, 4, 0);
    put(w, 20, 4, 0x8);
    put(w, 58, 15, ksrc(2, 0, XYZW, false));
    upload(&f, 0, w);
    /* 1: MOV c[0x9d] = c[0x9c + A0.x], END. */
    rankine_out_ctx(w, 0x9d, 1);
    put(w, 0, 1, 1);
    put(w, 1, 1, 1);
    put(w, 58, 15, ksrc(3, 0, XYZW, false));
    put(w, 78, 9, 0x9c);
    upload(&f, 1, w);
    wr4(&f, NV_XF_CMD_XFCTX, 0x9e, ONE, TWO, THREE, FOUR);
    /* floor(2.7 = 0x402ccccd) = 2: c[0x9e]. */
    wr4(&f, NV_XF_CMD_PARAM, 0, 0x402ccccd, 0, 0, 0);
    wr(&f, NV_XF_CMD_RUN, 0, 0, 0);
    check_ctx(&f, 0x9d, ONE, TWO, THREE, FOUR);
    /* -200 (0xc3480000): 0x9c - 200 is before XFCTX: reads zero. */
    wr4(&f, NV_XF_CMD_PARAM, 0, 0xc3480000, 0, 0, 0);
    wr(&f, NV_XF_CMD_RUN, 0, 0, 0);
    check_ctx(&f, 0x9d, 0, 0, 0, 0);
    fx_free(&f);
}

/*
 * Curie PUSHA/POPA (OP_SCA 91-95 = 0x13/0x14): A0.x = 3, push, A0.x = 0,
 * pop, then o[0] = c[0x10 + A0.x] reads c[0x13].
 */
static void test_curie_pusha_popa(void)
{
    Fx f = fx_new("nv43");
    uint32_t w[4];
    NVXfVertex v;
    unsigned pc = 0;

    /* 0: ARL A0.x = v[0].x; 1: PUSHA; 2: ARL A0.x = v[1].x; 3: POPA.
     * ARL: OP_VEC 86-90 = 0x0d, IBUF_ADDR 72-75, DST_WM_VEC 13-16 = X. */
    for (unsigned ibuf = 0; ibuf < 2; ibuf++) {
        memset(w, 0, 16);
        put(w, 2, 5, 0x1f);
        put(w, 7, 6, 0x3f);
        put(w, 13, 4, 0x8);
        put(w, 55, 17, csrc(2, 0, XYZW, false));
        put(w, 72, 4, ibuf);
        put(w, 86, 5, 0x0d);
        put(w, 111, 6, 0x3f);
        upload(&f, pc++, w);
        memset(w, 0, 16);
        put(w, 2, 5, 0x1f);
        put(w, 7, 6, 0x3f);
        put(w, 91, 5, ibuf ? 0x14 : 0x13);
        put(w, 111, 6, 0x3f);
        upload(&f, pc++, w);
    }
    /* 4: MOV o[0] = c[0x10 + A0.x], END. */
    memset(w, 0, 16);
    put(w, 0, 1, 1);
    put(w, 1, 1, 1);
    put(w, 7, 6, 0x3f);
    put(w, 13, 4, 0xf);
    put(w, 55, 17, csrc(3, 0, XYZW, false));
    put(w, 76, 10, 0x10);
    put(w, 86, 5, 1);
    put(w, 111, 6, 0x3f);
    put(w, 126, 1, 1);
    upload(&f, 4, w);
    wr4(&f, NV_XF_CMD_XFCTX, 0x13, ONE, TWO, THREE, FOUR);
    wr(&f, NV_XF_CMD_VAB, 0, 0, THREE);
    wr(&f, NV_XF_CMD_VAB, 1, 0, 0);
    nv_xf_vertex(f.xf, &f.th->card);
    g_assert_true(nv_xf_pop_vertex(f.xf, &v));
    g_assert_cmphex(v.tbuf[0][0], ==, ONE);
    g_assert_cmphex(v.tbuf[0][3], ==, FOUR);
    g_assert_cmpuint(f.xf->last_icnt, ==, 5);
    fx_free(&f);
}

/*
 * Curie: MOV o[1] = v[0] with SAT.  OUT_ADDR 2-6 = 1, DST_WM_VEC 13-16,
 * SRC0 55-71, OP_VEC 86-90 = 1, DST_VEC 111-116 = 0x3f (none), SAT 122,
 * OUT_IS_VEC 126, END.
 */
static void test_curie_sat(void)
{
    const char *models[] = { "nv43", "nv40" };

    for (unsigned m = 0; m < 2; m++) {
        Fx f = fx_new(models[m]);
        uint32_t w[4] = { 0 };
        NVXfVertex v;

        put(w, 0, 1, 1);
        put(w, 2, 5, 1);
        put(w, 13, 4, 0xf);
        put(w, 55, 17, csrc(2, 0, XYZW, false));
        put(w, 86, 5, 1);
        put(w, 111, 6, 0x3f);
        put(w, 122, 1, 1);
        put(w, 126, 1, 1);
        upload(&f, 0, w);
        wr4(&f, NV_XF_CMD_VAB, 0, TWO, 0xbf000000, 0x3e800000, 0x7fc00000);
        nv_xf_vertex(f.xf, &f.th->card);
        g_assert_true(nv_xf_pop_vertex(f.xf, &v));
        /* (2, -0.5, 0.25, NaN) saturated: (1, 0, 0.25, 0). */
        g_assert_cmphex(v.tbuf[1][0], ==, ONE);
        g_assert_cmphex(v.tbuf[1][1], ==, 0);
        g_assert_cmphex(v.tbuf[1][2], ==, 0x3e800000);
        g_assert_cmphex(v.tbuf[1][3], ==, 0);
        g_assert_cmphex(v.tbuf[0][0], ==, 0);
        /* Curie has no RUN (NV20:NV41). */
        wr(&f, NV_XF_CMD_RUN, 0, 0, 0);
        g_assert_cmpuint(f.th->n_guest_error, ==, m == 0 ? 1 : 0);
        fx_free(&f);
    }
}

static void check_pr(Fx *f, uint16_t pc, const uint32_t *w)
{
    for (unsigned i = 0; i < NV_XF_PR_WORDS; i++) {
        g_assert_cmphex(f->xf->ram.pr[pc][i], ==, w[i]);
    }
}

/* NV30 stores a Kelvin upload in the Rankine encoding. */
static void test_convert_kelvin_rankine(void)
{
    Fx f = fx_new("nv30");
    uint32_t w[4], r[NV_XF_PR_WORDS] = { 0 };

    f.xf->upload_isa = NV_XF_KELVIN;
    kelvin_mul(w, XYZW, false);
    upload(&f, 7, w);
    /* Rankine: END, OUT_ADDR 2-10 = 0x61 + 0x3c = 0x9d (XFCTX's user
     * area moves from 0x60 to 0x9c), OUT_TARGET 11 = 0, OUT_WM_VEC 12-15,
     * SRC1 43-57, SRC0 58-72, CTX_ADDR 78-86 = 0x60, OP_VEC 87-91 = 2,
     * DST 112-116 = 0x1f (none); Kelvin has no CC: CSRC_SWZ 99-106 =
     * xyzw, the rest 0. */
    put(r, 0, 1, 1);
    put(r, 2, 9, 0x9d);
    put(r, 12, 4, 0xf);
    put(r, 43, 15, ksrc(2, 0, XYZW, false));
    put(r, 58, 15, ksrc(3, 0, XYZW, false));
    put(r, 78, 9, 0x60);
    put(r, 87, 5, 2);
    put(r, 99, 8, XYZW);
    put(r, 112, 5, 0x1f);
    check_pr(&f, 7, r);

    /* The same with OUT_TARGET 1, output register 9: Rankine's 8; 7
     * becomes 1, 0xf 0xe, 3 stays 3. */
    put(w, 11, 1, 1);
    put(r, 11, 1, 1);
    for (unsigned i = 0; i < 4; i++) {
        static const uint8_t kelvin_out[4] = { 9, 7, 0xf, 3 };
        static const uint8_t rankine_out[4] = { 8, 1, 0xe, 3 };

        put(w, 3, 8, kelvin_out[i]);
        upload(&f, 7, w);
        put(r, 2, 9, rankine_out[i]);
        check_pr(&f, 7, r);
    }
    fx_free(&f);
}

/*
 * A Rankine vertex program on nv30 and (converted) nv40: MUL o[1] =
 * -v[0] * |c[0x10].wzyx|, END.  Same output on both.
 */
static void test_convert_rankine_combined(void)
{
    const char *models[] = { "nv30", "nv40" };
    uint32_t w[4] = { 0 }, r[NV_XF_PR_WORDS] = { 0 };

    put(w, 0, 1, 1);
    put(w, 2, 9, 1);
    put(w, 11, 1, 1);
    put(w, 12, 4, 0xf);
    put(w, 43, 15, ksrc(3, 0, 0xe4, false));
    put(w, 58, 15, ksrc(2, 0, XYZW, true));
    put(w, 78, 9, 0x10);
    put(w, 87, 5, 2);
    put(w, 112, 5, 0x1f);
    put(w, 118, 1, 1);
    /* Combined: END, OUT_ADDR 2-6 = 1, DST_SCA 7-12 = 0x3f, SRC1 38-54,
     * SRC0 55-71, CTX_ADDR 76-85, OP_VEC 86-90, DST_VEC 111-116 = 0x3f,
     * SRC1_ABS 118, CDST_IS_VEC 125 (Rankine: the vector result),
     * OUT_IS_VEC 126, OUT_WM_VEC 132-135. */
    put(r, 0, 1, 1);
    put(r, 2, 5, 1);
    put(r, 7, 6, 0x3f);
    put(r, 38, 17, csrc(3, 0, 0xe4, false));
    put(r, 55, 17, csrc(2, 0, XYZW, true));
    put(r, 76, 10, 0x10);
    put(r, 86, 5, 2);
    put(r, 111, 6, 0x3f);
    put(r, 118, 1, 1);
    put(r, 125, 1, 1);
    put(r, 126, 1, 1);
    put(r, 132, 4, 0xf);
    for (unsigned m = 0; m < 2; m++) {
        Fx f = fx_new(models[m]);
        NVXfVertex v;

        f.xf->upload_isa = NV_XF_RANKINE;
        upload(&f, 0, w);
        if (m) {
            check_pr(&f, 0, r);
        } else {
            set_xfmode_b(&f, VP2);      /* for the ABS bit */
        }
        wr4(&f, NV_XF_CMD_XFCTX, 0x10, ONE, 0xc0000000, THREE, 0xc0800000);
        wr4(&f, NV_XF_CMD_VAB, 0, ONE, TWO, HALF, M1);
        nv_xf_vertex(f.xf, &f.th->card);
        g_assert_true(nv_xf_pop_vertex(f.xf, &v));
        /* (-1, -2, -0.5, 1) * (4, 3, 2, 1) = (-4, -6, -1, 1). */
        g_assert_cmphex(v.tbuf[1][0], ==, 0xc0800000);
        g_assert_cmphex(v.tbuf[1][1], ==, 0xc0c00000);
        g_assert_cmphex(v.tbuf[1][2], ==, M1);
        g_assert_cmphex(v.tbuf[1][3], ==, ONE);
        fx_free(&f);
    }
}

static void test_garbage_never_crashes(void)
{
    const char *models[] = { "nv20", "nv30", "nv40", "nv43" };

    for (unsigned m = 0; m < 4; m++) {
        Fx f = fx_new(models[m]);
        uint32_t seed = 0x12345678 + m;

        for (unsigned i = 0; i < 4000; i++) {
            NVXfCmd c;

            seed = seed * 1103515245 + 12345;
            c.type = seed >> 28;
            c.vec = (seed >> 8) & 0x3ff;
            c.word = seed & 3;
            c.is64 = seed & 4;
            c.data[0] = seed ^ 0x5a5a5a5a;
            c.data[1] = ~seed;
            /* Bound the random programs (Kelvin stops past XFPR). */
            f.xf->ram.timeout = 200;
            nv_xf_write(f.xf, &f.th->card, &c);
            nv_xf_read(f.xf, &f.th->card, &c);
            if (!(i % 64)) {
                nv_xf_vertex(f.xf, &f.th->card);
            }
        }
        fx_free(&f);
    }
}

/*
 * Random programs over edge-case operands, on every ISA, digested: the
 * digests were first recorded with the straightforward interpreter and
 * double arithmetic that preceded the decode-time precomputation and the
 * integer adder and multiplier, so any change of a result bit shows here.
 * They are recorded again, by running this, only in a change that means
 * to change results (docs/xf.rst "Measured on hardware"), and say so.
 */
static uint32_t rnd(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 32;
}

/* An operand: mostly special or boundary values, some random bits. */
static uint32_t rnd_float(uint64_t *s)
{
    static const uint32_t special[] = {
        0, 0x80000000, ONE, M1, HALF, TWO, 0x00000001, 0x807fffff,
        0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x7f7fffff,
        0xff7fffff, 0x00800000, 0x80800000, 0x3f7fffff, 0x3f800001,
        0x5f800000, 0x1f800000, 0x4b000000, 0xcb000001, 0x7f000000,
        0x0d800000,
    };
    uint32_t r = rnd(s), k = r % 4;

    r = rnd(s);
    if (k == 0) {
        return special[r % G_N_ELEMENTS(special)];
    }
    if (k == 1) {
        /* Near 1.0 or 2^(+-100): cancellation, overflow and underflow. */
        return (r & 0x807fffff) |
               (uint32_t)(((r >> 23) & 1) ? 127 + (r >> 24) % 3 - 1 :
                          ((r >> 24) & 1) ? 227 : 27) << 23;
    }
    return r;
}

static uint64_t digest(uint64_t h, const void *p, size_t n)
{
    const uint8_t *b = p;

    for (size_t i = 0; i < n; i++) {
        h = (h ^ b[i]) * 0x100000001b3ull;
    }
    return h;
}

static void test_random_programs_digest(void)
{
    const NVXfIsa isas[] = {
        NV_XF_KELVIN, NV_XF_RANKINE, NV_XF_COMBINED, NV_XF_CURIE,
    };
    /* Recorded by running this; see above. */
    const uint64_t expect[] = {
        0xc9696d47eb70cde7ull, 0xd6c706ba9aa26027ull,
        0x16ca7e5334ade9e4ull, 0x7d2693ee1486c6bcull,
    };
    uint64_t got[4];

    for (unsigned m = 0; m < 4; m++) {
        NVXf *xf = g_new0(NVXf, 1);
        uint64_t s = 0x9e3779b97f4a7c15ull * (m + 1);
        uint64_t h = 0xcbf29ce484222325ull;

        nv_xf_reset(xf, isas[m]);
        for (unsigned round = 0; round < 200; round++) {
            NVXfVertex v;

            for (unsigned i = 0; i < NV_XF_PR_SLOTS; i++) {
                for (unsigned k = 0; k < NV_XF_PR_WORDS; k++) {
                    xf->ram.pr[i][k] = rnd(&s);
                }
                /* END (bit 0) in one instruction of eight. */
                xf->ram.pr[i][0] &= rnd(&s) % 8 ? ~1u : ~0u;
                if (rnd(&s) % 2) {
                    /* Low CTX_ADDR bits: in-range reads, short jumps. */
                    xf->ram.pr[i][2] &= 0xff80ffffu;
                }
            }
            nv_xf_post_load(xf);
            for (unsigned i = 0; i < NV_XF_CTX_SLOTS; i++) {
                for (unsigned c = 0; c < 4; c++) {
                    xf->ram.ctx[i][c] = rnd_float(&s);
                }
            }
            for (unsigned i = 0; i < NV_XF_VAB_SLOTS; i++) {
                for (unsigned c = 0; c < 4; c++) {
                    xf->ram.vab[i][c] = rnd_float(&s);
                }
            }
            xf->ram.timeout = 300;
            xf->side_effects = rnd(&s) & 1;
            /* NV40+: XF_C's start, MODE PROGRAM_V3 (1 at bit 30). */
            xf->bundles.c = rnd(&s) % 64 | 1u << 30;
            xf->ram.mode[0][1] = xf->ram.mode[0][3] = (rnd(&s) % 64) << 8;
            /* Rankine's XFMODE_B: VP2 mode and the MODERN rules.  MODE 0
             * (fixed function) becomes 2, PROGRAM_V1, which runs programs
             * the same way; Kelvin's XFMODE_B (word 0) says PROGRAM_V1. */
            xf->ram.mode[0][2] = rnd(&s) & (3u << 30 | 1u << 17);
            if (!(xf->ram.mode[0][2] >> 30)) {
                xf->ram.mode[0][2] |= PROGRAM_V1;
            }
            xf->ram.mode[0][0] = PROGRAM_V1;
            for (unsigned run = 0; run < 8; run++) {
                NVXfCmd c = {
                    .type = NV_XF_CMD_RUN, .data = { rnd(&s) % 64 },
                };

                nv_xf_vertex(xf, NULL);
                h = digest(h, &xf->last_icnt, sizeof(xf->last_icnt));
                h = digest(h, &xf->last_timed_out, 1);
                while (nv_xf_pop_vertex(xf, &v)) {
                    h = digest(h, &v, sizeof(v));
                }
                if (xf->isa != NV_XF_CURIE) {
                    nv_xf_write(xf, NULL, &c);
                    h = digest(h, &xf->last_icnt, sizeof(xf->last_icnt));
                    h = digest(h, &xf->last_timed_out, 1);
                }
            }
            h = digest(h, xf->ram.ctx, sizeof(xf->ram.ctx));
        }
        g_test_message("ISA %u: digest 0x%016" G_GINT64_MODIFIER "x", m, h);
        got[m] = h;
        g_free(xf);
    }
    for (unsigned m = 0; m < 4; m++) {
        g_assert_cmphex(got[m], ==, expect[m]);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/xf/idx/unwrap", test_idx_unwrap);
    g_test_add_func("/xf/cmd/vab-defaults", test_vab_defaults);
    g_test_add_func("/xf/cmd/passthrough-assembly", test_passthrough_assembly);
    g_test_add_func("/xf/cmd/unreadable-passthru",
                    test_unreadable_and_passthru);
    g_test_add_func("/xf/prog/kelvin-state", test_kelvin_state_program);
    g_test_add_func("/xf/prog/kelvin-temps-scalar", test_kelvin_temps_scalar);
    g_test_add_func("/xf/prog/kelvin-vertex", test_kelvin_vertex_program);
    g_test_add_func("/xf/prog/vertex-queue", test_vertex_queue);
    g_test_add_func("/xf/prog/tbuf-cleared", test_tbuf_cleared);
    g_test_add_func("/xf/prog/rankine-abs", test_rankine_abs);
    g_test_add_func("/xf/prog/rankine-vp2-gating", test_rankine_vp2_gating);
    g_test_add_func("/xf/prog/rankine-modern", test_rankine_modern);
    g_test_add_func("/xf/prog/rankine-timeout", test_rankine_timeout);
    g_test_add_func("/xf/prog/rankine-call-ret", test_rankine_call_ret);
    g_test_add_func("/xf/prog/rankine-condition", test_rankine_condition);
    g_test_add_func("/xf/prog/rankine-all-ops", test_rankine_all_ops);
    g_test_add_func("/xf/prog/curie-all-ops", test_curie_all_ops);
    g_test_add_func("/xf/prog/address-registers", test_address_registers);
    g_test_add_func("/xf/prog/dp-rows-in-src0", test_dp_rows_in_src0);
    g_test_add_func("/xf/prog/curie-pusha-popa", test_curie_pusha_popa);
    g_test_add_func("/xf/prog/curie-sat", test_curie_sat);
    g_test_add_func("/xf/convert/kelvin-rankine", test_convert_kelvin_rankine);
    g_test_add_func("/xf/convert/rankine-combined",
                    test_convert_rankine_combined);
    g_test_add_func("/xf/garbage", test_garbage_never_crashes);
    g_test_add_func("/xf/random-programs-digest",
                    test_random_programs_digest);
    return g_test_run();
}
