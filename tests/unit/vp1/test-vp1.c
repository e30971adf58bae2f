/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: the VP1 core (envytools docs/hw/vdec/vpe/pvp1/:
 * intro, scalar, vector, docs/hw/vdec/vpe/pvp1/address.rst; docs/vp1.rst).
 * Every expected value is worked out by hand from the docs in the comment
 * next to it.
 */
#include <glib.h>
#include <string.h>

#include "hw/nv/vp1/vp1.h"

/* Encoders: op, dst (19-23), src1 (14-18), src2 (9-13), low bits 0-8. */
#define INSN(op, d, s1, s2, low) \
    ((uint32_t)(op) << 24 | (uint32_t)(d) << 19 | (uint32_t)(s1) << 14 | \
     (uint32_t)(s2) << 9 | (uint32_t)(low))
/* SLCT = 14 selects $c bit 14, always 0: SRC2S = SRC2.  No $c output. */
#define RR(op, d, s1, s2)       INSN(op, d, s1, s2, 14 << 5 | 7)
#define RRC(op, d, s1, s2, c)   INSN(op, d, s1, s2, 14 << 5 | (c))
/* IMM/UIMM/BIMM in bits 3-13 (or 3-10). */
#define RI(op, d, s1, imm, c) \
    ((uint32_t)(op) << 24 | (uint32_t)(d) << 19 | (uint32_t)(s1) << 14 | \
     ((uint32_t)(imm) & 0x7ff) << 3 | (uint32_t)(c))

#define A_NOP   0xdf000000u
#define S_NOP   0x4f000000u
#define V_NOP   0xbf000000u
#define B_NOP   0xefffffffu

static NVVp1 *vp_new(void)
{
    NVVp1 *vp = g_new0(NVVp1, 1);

    nv_vp1_reset(vp);
    return vp;
}

static unsigned unit(uint32_t w)
{
    uint8_t op = w >> 24;

    return op < 0x80 ? NV_VP1_UNIT_SCALAR : op < 0xc0 ? NV_VP1_UNIT_VECTOR :
           op < 0xe0 ? NV_VP1_UNIT_ADDRESS : NV_VP1_UNIT_BRANCH;
}

/* Run up to four instructions (0 = none) as one bundle. */
static void bundle(NVVp1 *vp, uint32_t w0, uint32_t w1, uint32_t w2,
                   uint32_t w3)
{
    uint32_t w[4] = { w0, w1, w2, w3 }, slot[NV_VP1_UNITS] = { 0 };
    unsigned valid = 0;

    for (unsigned i = 0; i < 4; i++) {
        if (w[i]) {
            slot[unit(w[i])] = w[i];
            valid |= 1u << unit(w[i]);
        }
    }
    nv_vp1_exec_slots(vp, slot, valid);
}

static void one(NVVp1 *vp, uint32_t w)
{
    bundle(vp, w, 0, 0, 0);
}

/*
 * Run the words in the address, scalar, vector and branch debug slots as
 * one bundle (0: the slot is not used), whatever units their opcodes name.
 */
static void in_slots(NVVp1 *vp, uint32_t a, uint32_t s, uint32_t v,
                     uint32_t b)
{
    const uint32_t slot[NV_VP1_UNITS] = {
        [NV_VP1_UNIT_ADDRESS] = a, [NV_VP1_UNIT_SCALAR] = s,
        [NV_VP1_UNIT_VECTOR] = v, [NV_VP1_UNIT_BRANCH] = b,
    };
    unsigned valid = 0;

    for (unsigned u = 0; u < NV_VP1_UNITS; u++) {
        valid |= (slot[u] != 0) << u;
    }
    nv_vp1_exec_slots(vp, slot, valid);
}

/* Fill $v[r] with a 4-byte little-endian pattern repeated 4 times. */
static void set_v4(NVVp1 *vp, unsigned r, uint32_t pat)
{
    for (unsigned i = 0; i < 16; i++) {
        vp->v[r][i] = pat >> (8 * (i & 3));
    }
}

static uint32_t v_word(NVVp1 *vp, unsigned r, unsigned k)
{
    return vp->v[r][4 * k] | vp->v[r][4 * k + 1] << 8 |
           vp->v[r][4 * k + 2] << 16 | (uint32_t)vp->v[r][4 * k + 3] << 24;
}

/* ---- Fetch and bundles ---- */

static void check_split(const char *pattern, const unsigned *lens,
                        unsigned n)
{
    NVVp1 *vp = vp_new();
    uint32_t words[8];
    uint32_t pc = 0;

    for (unsigned i = 0; i < 8; i++) {
        words[i] = pattern[i] == 'A' ? A_NOP : pattern[i] == 'S' ? S_NOP :
                   pattern[i] == 'V' ? V_NOP : B_NOP;
    }
    nv_vp1_load_code(vp, 0, words, 8);
    for (unsigned i = 0; i < n; i++) {
        g_assert_cmpuint(nv_vp1_bundle_len(vp, pc), ==, lens[i]);
        pc += lens[i];
    }
    g_assert_cmpuint(pc, ==, 8);
    /* Execution follows the same split: n bundles reach word 8. */
    nv_vp1_start(vp, 0);
    g_assert_cmpuint(nv_vp1_run(vp, n), ==, n);
    g_assert_cmpuint(vp->pc, ==, 8);
    g_free(vp);
}

/* intro.rst, "Instruction format": the five example splits. */
static void test_bundle_split(void)
{
    static const unsigned l1[] = { 1, 1, 1, 1, 1, 1, 1, 1 };
    static const unsigned l2[] = { 4, 4 };
    static const unsigned l3[] = { 2, 2, 1, 3 };
    static const unsigned l4[] = { 1, 1, 2, 2, 1, 1 };

    check_split("AAAAAAAA", l1, 8);     /* |A|A|A|A|A|A|A|A| */
    check_split("ASVBASVB", l2, 2);     /* |A S V B|A S V B| */
    check_split("AVSBSAVB", l3, 4);     /* |A V|S B|S|A V B| */
    check_split("AAASVBBB", l4, 6);     /* |A|A|A S|V B|B|B| */
    check_split("BVSABVSA", l1, 8);     /* |B|V|S|A|B|V|S|A| */
}

/* The unit is chosen by the opcode ranges at their edges. */
static void test_unit_ranges(void)
{
    NVVp1 *vp = vp_new();
    /* A S V B with the lowest opcodes of each range, then the highest
     * ones (0xff is exit; nothing runs here).  Then V(0x80) S(0x7f)
     * A(0xc0) B(0xe0): |V|S|A B|. */
    const uint32_t w[12] = {
        0xc0000000, 0x00000000, 0x80000000, 0xe0000004,
        0xdf000000, 0x7f000000, 0xbf000000, 0xff000000,
        0x80000000, 0x7f000000, 0xc0000000, 0xe0000004,
    };

    nv_vp1_load_code(vp, 0, w, 12);
    g_assert_cmpuint(nv_vp1_bundle_len(vp, 0), ==, 4);
    g_assert_cmpuint(nv_vp1_bundle_len(vp, 4), ==, 4);
    g_assert_cmpuint(nv_vp1_bundle_len(vp, 8), ==, 1);
    g_assert_cmpuint(nv_vp1_bundle_len(vp, 9), ==, 1);
    g_assert_cmpuint(nv_vp1_bundle_len(vp, 10), ==, 2);
    g_free(vp);
}

/* Words are little-endian: the opcode is the top byte of each word. */
/*
 * docs/vp1.rst "Slots": the unit of the debug slot runs the word, reading
 * only its own opcode bits (address and branch 24-28, scalar 24-30,
 * vector 24-29).
 */
static void test_slot_unit(void)
{
    NVVp1 *vp = vp_new();

    vp->a[1] = 5;
    vp->a[2] = 7;
    vp->r[1] = 5;
    vp->r[2] = 7;
    set_v4(vp, 1, 0x44332211);
    /*
     * A: 0x0b1845c7 = op 0x0b, DST 3, SRC1 1, SRC2 2, SLCT 14, CDST 7
     *    -> address 0xc0 + 0x0b = 0xcb add: $a3 = $a1 + $a2 = 12.
     * S: 0xcc1845c7, bits 24-30 = 0x4c: add $r3 = $r1 + $r2 = 12.
     * V: 0x3a204000 = op 0x3a, DST 4, SRC1 1 -> vector 0xba mov:
     *    $v4 = $v1.
     * B: 0xbb1bbe0b -> branch 0xe0 + 0x1b = 0xfb, an undefined opcode:
     *    bit 2 clear, $c[3] bit 13 = 1 -> $c3 reads 0x8000 | 0x2000.
     */
    in_slots(vp, 0x0b1845c7, 0xcc1845c7, 0x3a204000, 0xbb1bbe0b);
    g_assert_cmphex(vp->a[3], ==, 12);
    g_assert_cmphex(vp->r[3], ==, 12);
    g_assert_cmphex(v_word(vp, 4, 0), ==, 0x44332211);
    g_assert_cmphex(v_word(vp, 4, 3), ==, 0x44332211);
    g_assert_cmphex(nv_vp1_read_c(vp, 3), ==, 0xa000);

    /*
     * V: 0x70b527e3 runs as 0xb0b527e3, vmul (unsigned: opcode bit 4)
     * writing only $va: SRC1 = bits 14-18 = 20, immediate 0xe3 read
     * signed (bit 1) and doubled: -29 * 2 = -58; bit 2 clear: $v20
     * unsigned; FRACTINT 0, SHIFT (bits 5-7 = 7) = -1, so the result is
     * shifted right by 8 + 1 = 9 and RND (bit 8) adds 1 << 8:
     * $va = 3 * -58 + 256 = 82 per lane.
     */
    set_v4(vp, 20, 0x03030303);
    in_slots(vp, 0, 0, 0x70b527e3, 0);
    for (unsigned i = 0; i < 16; i++) {
        g_assert_cmpint(vp->va[i], ==, 82);
    }

    /*
     * The scalar mov from $l writes nothing when the B slot exits, and
     * that too looks at bits 24-28 only: 0x1f000000 runs as 0xff, exit;
     * 0x1e000000 as 0xfe.  S: 0x6b28005f = mov $r5 <- $l0 (RFILE 11 in
     * bits 3-7, CDST 7).
     */
    vp->l[0] = 0x1234;
    vp->r[5] = 0x55;
    in_slots(vp, 0, 0x6b28005f, 0, 0x1f000000);
    g_assert_cmphex(vp->r[5], ==, 0x55);
    in_slots(vp, 0, 0x6b28005f, 0, 0x1e000000);
    g_assert_cmphex(vp->r[5], ==, 0x1234);
    g_free(vp);
}

static void test_fetch_le(void)
{
    NVVp1 *vp = vp_new();
    const uint8_t bytes[8] = { 0x05, 0x00, 0x08, 0x65,     /* mov $r1 5 */
                               0x00, 0x00, 0x00, 0xff };   /* exit 0 */
    uint32_t words[2];

    for (unsigned i = 0; i < 2; i++) {
        words[i] = bytes[4 * i] | bytes[4 * i + 1] << 8 |
                   bytes[4 * i + 2] << 16 | (uint32_t)bytes[4 * i + 3] << 24;
    }
    nv_vp1_load_code(vp, 0, words, 2);
    /* S then B: one bundle. */
    g_assert_cmpuint(nv_vp1_bundle_len(vp, 0), ==, 2);
    nv_vp1_start(vp, 0);
    g_assert_cmpuint(nv_vp1_run(vp, 100), ==, 1);
    g_assert_cmphex(vp->r[1], ==, 5);
    g_assert_false(vp->running);
    g_free(vp);
}

/* ---- Register files ---- */

static void test_regfiles(void)
{
    NVVp1 *vp = vp_new();

    /* intro.rst: $r31 is hardwired to 0, writes are dropped. */
    one(vp, INSN(0x65, 31, 0, 0, 5));                   /* mov $r31 5 */
    g_assert_cmphex(vp->r[31], ==, 0);
    vp->r[2] = 0x1234;
    one(vp, RR(0x4c, 1, 2, 31));                        /* add $r1 $r2 $r31 */
    g_assert_cmphex(vp->r[1], ==, 0x1234);

    /* $c: bits 11-12 and 14 read 0, bit 15 reads 1; reset leaves 0x8000. */
    for (unsigned i = 0; i < 4; i++) {
        g_assert_cmphex(nv_vp1_read_c(vp, i), ==, 0x8000);
    }
    vp->c[1] = 0xffff;
    nv_vp1_post_load(vp);
    /* Stored bits 0-5, 8-10, 13 (6-7 are G80 only): 0x273f | 0x8000. */
    g_assert_cmphex(nv_vp1_read_c(vp, 1), ==, 0xa73f);
    /* mov from $c (RFILE 13): $c1 -> $r3; index 5 reads 0. */
    vp->r[4] = 0xdead;
    one(vp, INSN(0x6b, 3, 1, 0, 13 << 3 | 7));
    one(vp, INSN(0x6b, 4, 5, 0, 13 << 3 | 7));
    g_assert_cmphex(vp->r[3], ==, 0xa73f);
    g_assert_cmphex(vp->r[4], ==, 0);
    /* $c is read-only for mov: the write is ignored. */
    vp->r[5] = 0;
    one(vp, INSN(0x6a, 1, 5, 0, 13 << 3 | 7));
    g_assert_cmphex(nv_vp1_read_c(vp, 1), ==, 0xa73f);

    /* $l (RFILE 11): 16 bits; writes above index 3 ignored, reads wrap. */
    vp->r[6] = 0x12345678;
    one(vp, INSN(0x6a, 1, 6, 0, 11 << 3 | 7));         /* $l1 = 0x5678 */
    one(vp, INSN(0x6a, 5, 6, 0, 11 << 3 | 7));         /* ignored */
    g_assert_cmphex(vp->l[1], ==, 0x5678);
    one(vp, INSN(0x6b, 7, 5, 0, 11 << 3 | 7));         /* $r7 = $l[5 & 3] */
    g_assert_cmphex(vp->r[7], ==, 0x5678);

    /* $m (RFILE 20: $m0-31, 21: $m32-63), $a (12), $sr (8), $mi (9),
     * $uc (10), $f (23, index mod 2). */
    one(vp, INSN(0x6a, 3, 6, 0, 20 << 3 | 7));
    one(vp, INSN(0x6a, 1, 6, 0, 21 << 3 | 7));
    one(vp, INSN(0x6a, 9, 6, 0, 12 << 3 | 7));
    one(vp, INSN(0x6a, 2, 6, 0, 8 << 3 | 7));
    one(vp, INSN(0x6a, 3, 6, 0, 9 << 3 | 7));
    one(vp, INSN(0x6a, 4, 6, 0, 10 << 3 | 7));
    one(vp, INSN(0x6a, 3, 6, 0, 23 << 3 | 7));         /* $f[3 & 1] */
    g_assert_cmphex(vp->m[3], ==, 0x12345678);
    g_assert_cmphex(vp->m[33], ==, 0x12345678);
    g_assert_cmphex(vp->a[9], ==, 0x12345678);
    g_assert_cmphex(vp->sr[2], ==, 0x12345678);
    g_assert_cmphex(vp->mi[3], ==, 0x12345678);
    g_assert_cmphex(vp->uc[4], ==, 0x12345678);
    g_assert_cmphex(vp->f[1], ==, 0x12345678);
    one(vp, INSN(0x6b, 8, 1, 0, 21 << 3 | 7));         /* $r8 = $m33 */
    g_assert_cmphex(vp->r[8], ==, 0x12345678);

    /* $v words (RFILE 0-3; 18 aliases 2 for writes only). */
    one(vp, INSN(0x6a, 2, 6, 0, 1 << 3 | 7));          /* $v2 bytes 4-7 */
    one(vp, INSN(0x6a, 2, 6, 0, 18 << 3 | 7));         /* $v2 bytes 8-11 */
    g_assert_cmphex(v_word(vp, 2, 0), ==, 0);
    g_assert_cmphex(v_word(vp, 2, 1), ==, 0x12345678);
    g_assert_cmphex(v_word(vp, 2, 2), ==, 0x12345678);
    g_assert_cmphex(v_word(vp, 2, 3), ==, 0);
    /* Reading an unknown file (18, or 4 on NV41) leaves $r unchanged, and
     * the $c output of mov always writes 0 to the scalar bits. */
    vp->r[9] = 0x99;
    vp->c[0] = NV_VP1_C_ZF | NV_VP1_C_AZF;
    one(vp, INSN(0x6b, 9, 2, 0, 18 << 3 | 0));
    g_assert_cmphex(vp->r[9], ==, 0x99);
    g_assert_cmphex(nv_vp1_read_c(vp, 0), ==, 0x8200);
    one(vp, INSN(0x6b, 9, 2, 0, 2 << 3 | 7));
    g_assert_cmphex(vp->r[9], ==, 0x12345678);
    g_free(vp);
}

/* ---- Scalar unit ---- */

static void test_scalar_mov(void)
{
    NVVp1 *vp = vp_new();

    /* mov: IMM19 0x7ffff is -1; 0x3ffff is positive. */
    one(vp, INSN(0x65, 1, 0, 0, 0) | 0x7ffff);
    one(vp, INSN(0x65, 2, 0, 0, 0) | 0x3ffff);
    g_assert_cmphex(vp->r[1], ==, 0xffffffff);
    g_assert_cmphex(vp->r[2], ==, 0x3ffff);
    /* sethi: keeps the low half. */
    vp->r[3] = 0x12345678;
    one(vp, INSN(0x75, 3, 0, 0, 0) | 0xabcd);
    g_assert_cmphex(vp->r[3], ==, 0xabcd5678);
    g_free(vp);
}

static void test_scalar_arith(void)
{
    NVVp1 *vp = vp_new();

    /* add: 0x7fffffff + 1 = 0x80000000.  sf (bit 31) and b20d (bit 20 of
     * the result 0 differs from bit 20 of src1 1): 0x01 | 0x08. */
    vp->r[2] = 0x7fffffff;
    vp->r[3] = 1;
    one(vp, RRC(0x4c, 1, 2, 3, 0));
    g_assert_cmphex(vp->r[1], ==, 0x80000000);
    g_assert_cmphex(nv_vp1_read_c(vp, 0), ==, 0x8009);

    /* add imm -1 (IMM 0x7ff): 0x00100000 - 1 = 0x000fffff; b19 (0x04) and
     * b20d (0x08). */
    vp->r[2] = 0x00100000;
    one(vp, RI(0x6c, 1, 2, 0x7ff, 1));
    g_assert_cmphex(vp->r[1], ==, 0x000fffff);
    g_assert_cmphex(nv_vp1_read_c(vp, 1), ==, 0x800c);

    /* sub: 5 - 5 = 0: zf only. */
    vp->r[2] = 5;
    vp->r[3] = 5;
    one(vp, RRC(0x4d, 1, 2, 3, 2));
    g_assert_cmphex(vp->r[1], ==, 0);
    g_assert_cmphex(nv_vp1_read_c(vp, 2), ==, 0x8002);
    /* sub imm: 5 - 0x3ff = -1018 = 0xfffffc06. */
    one(vp, RI(0x6d, 1, 2, 0x3ff, 7));
    g_assert_cmphex(vp->r[1], ==, 0xfffffc06);

    /* mul: 16x16 signed.  0xfffe (-2) * 3 = -6 = 0xfffffffa: sf, b19,
     * b20, b21 set; src1 0x1fffe has bit 20 clear so b20d too: 0x3d. */
    vp->r[2] = 0x0001fffe;
    vp->r[3] = 3;
    one(vp, RRC(0x41, 1, 2, 3, 3));
    g_assert_cmphex(vp->r[1], ==, 0xfffffffa);
    g_assert_cmphex(nv_vp1_read_c(vp, 3), ==, 0x803d);
    /* -32768 * -32768 = 0x40000000. */
    vp->r[2] = 0x8000;
    vp->r[3] = 0xffff8000;
    one(vp, RR(0x51, 1, 2, 3));
    g_assert_cmphex(vp->r[1], ==, 0x40000000);
    /* mul imm: 0x100 * -2 (IMM 0x7fe) = -512. */
    vp->r[2] = 0x100;
    one(vp, RI(0x61, 1, 2, 0x7fe, 7));
    g_assert_cmphex(vp->r[1], ==, 0xfffffe00);

    /* min/max are signed: min(-1, 1) = -1, max = 1. */
    vp->r[2] = 0xffffffff;
    vp->r[3] = 1;
    one(vp, RR(0x48, 4, 2, 3));
    one(vp, RR(0x59, 5, 2, 3));
    g_assert_cmphex(vp->r[4], ==, 0xffffffff);
    g_assert_cmphex(vp->r[5], ==, 1);
    /* min imm: IMM 0x400 is -1024; min(5, -1024) = 0xfffffc00. */
    vp->r[2] = 5;
    one(vp, RI(0x68, 4, 2, 0x400, 7));
    one(vp, RI(0x79, 5, 2, 0x400, 7));
    g_assert_cmphex(vp->r[4], ==, 0xfffffc00);
    g_assert_cmphex(vp->r[5], ==, 5);

    /* abs(0x80000000) wraps to 0x80000000: sf only (bit 20 unchanged). */
    vp->r[2] = 0x80000000;
    one(vp, RRC(0x4a, 1, 2, 0, 0));
    g_assert_cmphex(vp->r[1], ==, 0x80000000);
    g_assert_cmphex(nv_vp1_read_c(vp, 0), ==, 0x8001);
    vp->r[2] = 0xfffffffb;
    one(vp, RR(0x7a, 1, 2, 0));
    g_assert_cmphex(vp->r[1], ==, 5);
    /* neg 5 = 0xfffffffb. */
    vp->r[2] = 5;
    one(vp, RR(0x5b, 1, 2, 0));
    g_assert_cmphex(vp->r[1], ==, 0xfffffffb);
    /* neg's b20d is bit 20 of the result alone (docs/vp1.rst "Scalar
     * unit"): -0x00100000 = 0xfff00000 has bits 31, 20, 21 set, bit 19
     * clear: sf 0x01 | b20d 0x08 | b20 0x10 | b21 0x20 (the xor with the
     * source, also bit 20 set, would have cleared b20d). */
    vp->r[2] = 0x00100000;
    one(vp, RRC(0x4b, 1, 2, 0, 1));
    g_assert_cmphex(vp->r[1], ==, 0xfff00000);
    g_assert_cmphex(nv_vp1_read_c(vp, 1), ==, 0x8039);
    g_free(vp);
}

static void test_scalar_shift(void)
{
    NVVp1 *vp = vp_new();

    vp->r[2] = 0x80000000;
    vp->r[3] = 4;
    one(vp, RR(0x4e, 1, 2, 3));                 /* sar: 0xf8000000 */
    g_assert_cmphex(vp->r[1], ==, 0xf8000000);
    one(vp, RR(0x5e, 1, 2, 3));                 /* shr: 0x08000000 */
    g_assert_cmphex(vp->r[1], ==, 0x08000000);
    one(vp, RI(0x6e, 1, 2, 31, 7));             /* sar 31: all ones */
    g_assert_cmphex(vp->r[1], ==, 0xffffffff);
    /* The amount is 6-bit signed: 0x3f = -1 shifts left by one. */
    vp->r[2] = 0x40000001;
    vp->r[3] = 0xffffff3f;
    one(vp, RR(0x5e, 1, 2, 3));
    g_assert_cmphex(vp->r[1], ==, 0x80000002);
    /* -0x20 (0x20) is treated as 0. */
    vp->r[3] = 0x20;
    one(vp, RR(0x4e, 1, 2, 3));
    g_assert_cmphex(vp->r[1], ==, 0x40000001);
    /* shr imm 0x7ff: 6-bit -1, left by one; 0x80000000 << 1 is 0 in the
     * 32-bit register, so zf (inferred: flags from the stored result),
     * and b20d stays 0 (bit 20 of both is 0): 0x02. */
    vp->r[2] = 0x80000000;
    one(vp, RI(0x7e, 1, 2, 0x7ff, 0));
    g_assert_cmphex(vp->r[1], ==, 0);
    g_assert_cmphex(nv_vp1_read_c(vp, 0), ==, 0x8002);
    g_free(vp);
}

static void test_scalar_bitop(void)
{
    NVVp1 *vp = vp_new();

    vp->r[2] = 0xff00ff00;      /* SRC1 */
    vp->r[3] = 0x0ff00ff0;      /* SRC2 */
    /* Result bit = bit (s1 << 1 | s2) of BITOP (docs/vp1.rst "Bit
     * operations"): 8 = and, 6 = xor, 0xe = or, 0xc = s1, 0xa = s2,
     * 0x4 = s1 & ~s2, 0x2 = ~s1 & s2, 0x1 = nor. */
    one(vp, INSN(0x42, 1, 2, 3, 8 << 3 | 7));
    g_assert_cmphex(vp->r[1], ==, 0x0f000f00);
    one(vp, INSN(0x42, 1, 2, 3, 6 << 3 | 7));
    g_assert_cmphex(vp->r[1], ==, 0xf0f0f0f0);
    one(vp, INSN(0x42, 1, 2, 3, 0xe << 3 | 7));
    g_assert_cmphex(vp->r[1], ==, 0xfff0fff0);
    one(vp, INSN(0x42, 1, 2, 3, 0xc << 3 | 7));
    g_assert_cmphex(vp->r[1], ==, 0xff00ff00);
    one(vp, INSN(0x42, 1, 2, 3, 0xa << 3 | 7));
    g_assert_cmphex(vp->r[1], ==, 0x0ff00ff0);
    /* 0xff00ff00 & ~0x0ff00ff0 = 0xff00ff00 & 0xf00ff00f = 0xf000f000;
     * ~0xff00ff00 & 0x0ff00ff0 = 0x00ff00ff & 0x0ff00ff0 = 0x00f000f0. */
    one(vp, INSN(0x42, 1, 2, 3, 0x4 << 3 | 7));
    g_assert_cmphex(vp->r[1], ==, 0xf000f000);
    one(vp, INSN(0x42, 1, 2, 3, 0x2 << 3 | 7));
    g_assert_cmphex(vp->r[1], ==, 0x00f000f0);
    /* nor = 0x000f000f; flags: no sf even with bit 31 set elsewhere. */
    one(vp, INSN(0x42, 1, 2, 3, 1 << 3 | 0));
    g_assert_cmphex(vp->r[1], ==, 0x000f000f);
    /* 0x000f000f: bit 19 set -> b19 (0x04); bits 20, 21 clear. */
    g_assert_cmphex(nv_vp1_read_c(vp, 0), ==, 0x8004);
    /* and with 0xff00ff00 ^ ... = xor of equal: 0 -> zf; sf never set:
     * or of 0x80000000 gives flags 0 (bit 31 ignored). */
    vp->r[3] = 0x80000000;
    vp->r[2] = 0;
    one(vp, INSN(0x42, 1, 2, 3, 0xe << 3 | 1));
    g_assert_cmphex(vp->r[1], ==, 0x80000000);
    g_assert_cmphex(nv_vp1_read_c(vp, 1), ==, 0x8000);

    /* and/xor/or with the 11-bit immediate sign-extended from its top
     * bit (docs/vp1.rst "Scalar unit"): 0x7ff is -1 = 0xffffffff, 0x555
     * is 0x555 - 0x800 = 0xfffffd55, 0x2aa stays 0x2aa. */
    vp->r[2] = 0x12345678;
    one(vp, RI(0x62, 1, 2, 0x7ff, 7));
    g_assert_cmphex(vp->r[1], ==, 0x12345678);
    vp->r[2] = 0x00300555;
    one(vp, RI(0x63, 1, 2, 0x555, 2));
    /* 0x00300555 ^ 0xfffffd55 = 0xffcff800: bit 19 set -> b19 0x04; bits
     * 20, 21 clear; no sf, no b20d. */
    g_assert_cmphex(vp->r[1], ==, 0xffcff800);
    g_assert_cmphex(nv_vp1_read_c(vp, 2), ==, 0x8004);
    /* 0x00300555 | 0x2aa = 0x003007ff. */
    one(vp, RI(0x64, 1, 2, 0x2aa, 7));
    g_assert_cmphex(vp->r[1], ==, 0x003007ff);
    g_free(vp);
}

static void test_scalar_bytes(void)
{
    NVVp1 *vp = vp_new();

    /* Lanes from byte 0: s1 = 01 ff 80 7f, s2 = 01 01 ff 01. */
    vp->r[2] = 0x7f80ff01;
    vp->r[3] = 0x01ff0101;
    /* badd s: 1+1 = 2; -1+1 = 0; -128-1 = -129 -> -128; 127+1 -> 127. */
    one(vp, RR(0x0c, 1, 2, 3));
    g_assert_cmphex(vp->r[1], ==, 0x7f800002);
    /* badd u: 2; 0xff+1 -> 0xff; 0x80+0xff -> 0xff; 0x7f+1 = 0x80. */
    one(vp, RR(0x1c, 1, 2, 3));
    g_assert_cmphex(vp->r[1], ==, 0x80ffff02);
    /* bsub u: 0; 0xfe; 0x80-0xff < 0 -> 0; 0x7e. */
    one(vp, RR(0x1d, 1, 2, 3));
    g_assert_cmphex(vp->r[1], ==, 0x7e00fe00);
    /* bsub s: 0; -1-1 = -2; -128+1 = -127 (0x81); 126. */
    one(vp, RR(0x0d, 1, 2, 3));
    g_assert_cmphex(vp->r[1], ==, 0x7e81fe00);
    /* bmin s: 1; -1; -128; 1.  bmax u: 1; 0xff; 0xff; 0x7f. */
    one(vp, RR(0x08, 1, 2, 3));
    g_assert_cmphex(vp->r[1], ==, 0x0180ff01);
    one(vp, RR(0x19, 1, 2, 3));
    g_assert_cmphex(vp->r[1], ==, 0x7fffff01);
    /* babs s: 1; 1; 128 -> 127; 127.  babs u is the identity. */
    one(vp, RR(0x0a, 1, 2, 0));
    g_assert_cmphex(vp->r[1], ==, 0x7f7f0101);
    one(vp, RR(0x3a, 1, 2, 0));
    g_assert_cmphex(vp->r[1], ==, 0x7f80ff01);
    /* bneg s: -1; 1; 128 -> 127; -127.  bneg u: everything clips to 0. */
    one(vp, RR(0x2b, 1, 2, 0));
    g_assert_cmphex(vp->r[1], ==, 0x817f01ff);
    one(vp, RR(0x1b, 1, 2, 0));
    g_assert_cmphex(vp->r[1], ==, 0);
    /* badd s with BIMM 0x80 (-128) on 01 7f ff 00: -127, -1, -129 -> -128,
     * -128. */
    vp->r[2] = 0x00ff7f01;
    one(vp, RI(0x2c, 1, 2, 0x80, 7));
    g_assert_cmphex(vp->r[1], ==, 0x8080ff81);
    /* bsub u with BIMM 0x10 on the same: 0; 0x6f; 0xef; 0. */
    one(vp, RI(0x3d, 1, 2, 0x10, 7));
    g_assert_cmphex(vp->r[1], ==, 0x00ef6f00);
    /* bmin u BIMM 0x7f: 1, 0x7f, 0x7f, 0. */
    one(vp, RI(0x38, 1, 2, 0x7f, 7));
    g_assert_cmphex(vp->r[1], ==, 0x007f7f01);
    /* The $c output of byte ops is all-0 scalar flags. */
    vp->c[2] = NV_VP1_C_SF | NV_VP1_C_B21 | NV_VP1_C_AEF;
    one(vp, RRC(0x1c, 1, 2, 3, 2));
    g_assert_cmphex(nv_vp1_read_c(vp, 2), ==, 0x8400);

    /* band/bor/bxor with BIMM replicated. */
    vp->r[2] = 0x12345678;
    one(vp, RI(0x25, 1, 2, 0x0f, 7));
    g_assert_cmphex(vp->r[1], ==, 0x02040608);
    one(vp, RI(0x26, 1, 2, 0x0f, 7));
    g_assert_cmphex(vp->r[1], ==, 0x1f3f5f7f);
    one(vp, RI(0x27, 1, 2, 0xff, 7));
    g_assert_cmphex(vp->r[1], ==, 0xedcba987);
    g_free(vp);
}

static void test_scalar_byte_shift(void)
{
    NVVp1 *vp = vp_new();

    /* s1 = 81 40 f0 80, amounts 1, 0xf (-1), 2, 7. */
    vp->r[2] = 0x80f04081;
    vp->r[3] = 0x07020f01;
    /* bsar: -127 >> 1 = -64 (0xc0); 0x40 << 1 = 0x80; -16 >> 2 = -4;
     * -128 >> 7 = -1. */
    one(vp, RR(0x0e, 1, 2, 3));
    g_assert_cmphex(vp->r[1], ==, 0xfffc80c0);
    /* bshr: 0x40; 0x80; 0x3c; 1. */
    one(vp, RR(0x1e, 1, 2, 3));
    g_assert_cmphex(vp->r[1], ==, 0x013c8040);
    /* BIMM 8 is -8: everything shifted out of the byte. */
    one(vp, RI(0x3e, 1, 2, 8, 7));
    g_assert_cmphex(vp->r[1], ==, 0);
    /* bsar BIMM 3: -16, 8, -2, -16. */
    one(vp, RI(0x2e, 1, 2, 3, 7));
    g_assert_cmphex(vp->r[1], ==, 0xf0fe08f0);
    g_free(vp);
}

static void test_scalar_bmul(void)
{
    NVVp1 *vp = vp_new();

    /* bmul u, unsigned inputs (8 fraction bits), round down:
     * 0xff*0xff = 65025 >> 8 = 254; 0x80*0x80 = 16384 >> 8 = 64;
     * 0x80*0x01 = 128 >> 8 = 0; 0*x = 0. */
    vp->r[2] = 0x008080ff;
    vp->r[3] = 0x000180ff;
    one(vp, RR(0x11, 1, 2, 3) & ~0x106u);
    g_assert_cmphex(vp->r[1], ==, 0x000040fe);
    /* Round to nearest (bit 8): 128 + 0x80 = 256 >> 8 = 1. */
    one(vp, (RR(0x11, 1, 2, 3) & ~0x6u) | 0x100);
    g_assert_cmphex(vp->r[1], ==, 0x000140fe);

    /* bmul s, signed inputs (SIGN1 bit 2, SIGN2 bit 1) become 8-fraction
     * values doubled: 0x80 -> -256; (-256)^2 = 65536 >> 9 = 128 -> 127.
     * 0x40 -> 128: 128*128 = 16384 >> 9 = 32 (0x20).  0xc0 -> -128:
     * -128*128 = -16384 >> 9 = -32 (0xe0).  0x18 -> 48: 2304 >> 9 = 4;
     * with rn, (2304 + 256) >> 9 = 5 (4.5 rounds up). */
    vp->r[2] = 0x18c04080;
    vp->r[3] = 0x18404080;
    one(vp, (RR(0x01, 1, 2, 3) & ~0x100u) | 6);
    g_assert_cmphex(vp->r[1], ==, 0x04e0207f);
    one(vp, RR(0x02, 1, 2, 3) | 0x106);
    g_assert_cmphex(vp->r[1], ==, 0x05e0207f);
    /* Signed output, unsigned inputs: 0xff*0xff = 65025 >> 9 = 127;
     * rn: (65025 + 256) >> 9 = 127 still (clip). */
    vp->r[2] = 0xff;
    vp->r[3] = 0xff;
    one(vp, RR(0x01, 1, 2, 3) & ~0x106u);
    g_assert_cmphex(vp->r[1], ==, 0x7f);
    /* Unsigned output of a negative product clips to 0: 0x80 signed
     * (-256) * 0x40 = -16384. */
    vp->r[2] = 0x80;
    vp->r[3] = 0x40;
    one(vp, (RR(0x11, 1, 2, 3) & ~0x102u) | 4);
    g_assert_cmphex(vp->r[1], ==, 0);

    /* Immediate: BIMMMUL = bits 9-13 | bit 0 << 5, padded with 2 zero bits.
     * 0x3f -> 0xfc; 0x80 * 0xfc = 32256 >> 8 = 126 (0x7e) in every lane. */
    vp->r[2] = 0x80808080;
    one(vp, INSN(0x31, 1, 2, 0x1f, 1));
    g_assert_cmphex(vp->r[1], ==, 0x7e7e7e7e);
    /* Bad opcode 0x32: BIMMBAD = bits 0-7 = 0x41 (SIGN2 = 0, SIGN1 = 0,
     * RND = 0 since bit 8 is 0): 0x80 * 0x41 = 8320 >> 8 = 32 (0x20). */
    one(vp, INSN(0x32, 1, 2, 0, 0x41));
    g_assert_cmphex(vp->r[1], ==, 0x20202020);

    /* The register form reads $r[SRC2] unmangled (docs/vp1.rst "Scalar
     * unit"): SLCT 15 ($c bit 15, always 1) would mangle SRC2 3 into 2.
     * Bits 5-8 = 15 also set RND: 0x80 * 0x40 = 8192, + 0x80 = 8320 >> 8
     * = 32 (0x20) per lane; $r2 would have given 0x40. */
    vp->r[2] = 0x80808080;
    vp->r[3] = 0x40404040;
    one(vp, INSN(0x11, 1, 2, 3, 15 << 5));
    g_assert_cmphex(vp->r[1], ==, 0x20202020);
    g_free(vp);
}

/*
 * docs/vp1.rst "Bit operations": SRC1 is the more significant index of
 * the truth table in vbitop and the address bitop too.  $v1 bytes 0xf0,
 * $v2 0xcc: 4 (s1 & ~s2) = 0xf0 & 0x33 = 0x30, 2 (~s1 & s2) = 0x0f &
 * 0xcc = 0x0c.  $a2 = 0xff00ff00, $a3 = 0x0ff00ff0: 4 gives 0xff00ff00 &
 * 0xf00ff00f = 0xf000f000, 0xc gives $a2.
 */
static void test_bitop_order(void)
{
    NVVp1 *vp = vp_new();

    set_v4(vp, 1, 0xf0f0f0f0);
    set_v4(vp, 2, 0xcccccccc);
    one(vp, INSN(0x94, 7, 1, 2, 4 << 3 | 7));
    g_assert_cmphex(v_word(vp, 7, 2), ==, 0x30303030);
    one(vp, INSN(0x94, 7, 1, 2, 2 << 3 | 7));
    g_assert_cmphex(v_word(vp, 7, 2), ==, 0x0c0c0c0c);
    vp->a[2] = 0xff00ff00;
    vp->a[3] = 0x0ff00ff0;
    one(vp, INSN(0xd3, 5, 2, 3, 4 << 3 | 7));
    g_assert_cmphex(vp->a[5], ==, 0xf000f000);
    one(vp, INSN(0xd3, 5, 2, 3, 0xc << 3 | 7));
    g_assert_cmphex(vp->a[5], ==, 0xff00ff00);
    g_free(vp);
}

/* scalar.rst "Source mangling": SRC2S from $c. */
static void test_scalar_mangle(void)
{
    NVVp1 *vp = vp_new();

    for (unsigned i = 0; i < 8; i++) {
        vp->r[8 + i] = 100 * i;
    }
    vp->r[1] = 1;
    /* SLCT 1 (zf) of $c2 set: SRC2 9 ^ 1 = 8 -> 1 + 0. */
    vp->c[2] = NV_VP1_C_ZF | 3 << 4;
    one(vp, INSN(0x4c, 3, 1, 9, 2 << 3 | 1 << 5 | 7));
    g_assert_cmphex(vp->r[3], ==, 1);
    /* SLCT 4: add $c bits 4-5 (3) to bits 0-1: 10 -> 8 | (10 + 3) & 3 = 9. */
    one(vp, INSN(0x4c, 3, 1, 10, 2 << 3 | 4 << 5 | 7));
    g_assert_cmphex(vp->r[3], ==, 1 + 100);
    /* SLCT 15 reads $c bit 15 = 1: 12 ^ 1 = 13. */
    one(vp, INSN(0x4c, 3, 1, 12, 2 << 3 | 15 << 5 | 7));
    g_assert_cmphex(vp->r[3], ==, 1 + 500);
    g_free(vp);
}

/* ---- Address unit ---- */

static void test_address_regs(void)
{
    NVVp1 *vp = vp_new();

    one(vp, INSN(0xcc, 1, 0, 0, 0) | 0x1234);           /* setlo */
    one(vp, INSN(0xcd, 1, 0, 0, 0) | 0x8003);           /* sethi */
    g_assert_cmphex(vp->a[1], ==, 0x80031234);
    /* add: 0xffffffff + 1 = 0 -> azf (bit 9); asf clear. */
    vp->a[2] = 0xffffffff;
    vp->a[3] = 1;
    one(vp, RRC(0xcb, 4, 2, 3, 0));
    g_assert_cmphex(vp->a[4], ==, 0);
    g_assert_cmphex(nv_vp1_read_c(vp, 0), ==, 0x8200);
    /* add 0x7fffffff + 1: asf (bit 8); only the long flags change. */
    vp->a[2] = 0x7fffffff;
    vp->c[1] = NV_VP1_C_AEF | NV_VP1_C_SF;
    one(vp, RRC(0xcb, 4, 2, 3, 1));
    g_assert_cmphex(nv_vp1_read_c(vp, 1), ==, 0x8501);
    /* bitop 6 (xor): 0x7fffffff ^ 1. */
    one(vp, INSN(0xd3, 5, 2, 3, 6 << 3 | 7));
    g_assert_cmphex(vp->a[5], ==, 0x7ffffffe);
    /* aadd: only the addr field moves, with wrap; aef = addr >= limit. */
    vp->a[6] = 0x0020001f;              /* limit 0x20, addr 0x1f */
    vp->a[7] = 1;
    one(vp, RRC(0xca, 6, 0, 7, 2));
    g_assert_cmphex(vp->a[6], ==, 0x00200020);
    g_assert_cmphex(nv_vp1_read_c(vp, 2), ==, 0x8400);
    vp->a[6] = 0xc000ffff;              /* stride 3, addr 0xffff */
    vp->c[2] = 0;
    vp->a[7] = 2;
    one(vp, RRC(0xca, 6, 0, 7, 2));
    g_assert_cmphex(vp->a[6], ==, 0xc0000001);
    /* limit 0: 1 >= 0 -> aef set. */
    g_assert_cmphex(nv_vp1_read_c(vp, 2), ==, 0x8400);
    g_free(vp);
}

/* address.rst address_xlat, with the stride codes of docs/vp1.rst. */
static void test_data_store_xlat(void)
{
    NVVp1 *vp = vp_new();

    /* 0x100, stride 0: bank 0 + (8 & 7) = 0, cell 8, lo byte. */
    nv_vp1_ds_write(vp, 0x100, 0, 0x11);
    g_assert_cmphex(vp->ds[(0 * 256 + 8) * 2 + 0], ==, 0x11);
    /* 0x123, stride 1: bank 3 + 9 = 12, cell 9, hilo 0. */
    nv_vp1_ds_write(vp, 0x123, 1, 0x22);
    g_assert_cmphex(vp->ds[(12 * 256 + 9) * 2 + 0], ==, 0x22);
    /* 0x1ff, stride 2: bank 15 + 7 = 22 & 15 = 6, cell 15, hilo 1. */
    nv_vp1_ds_write(vp, 0x1ff, 2, 0x33);
    g_assert_cmphex(vp->ds[(6 * 256 + 15) * 2 + 1], ==, 0x33);
    /* 0x1f95, stride 3: bank 5 + 0x3f = 68 & 15 = 4, cell 0xfc, hilo 1. */
    nv_vp1_ds_write(vp, 0x1f95, 3, 0x44);
    g_assert_cmphex(vp->ds[(4 * 256 + 0xfc) * 2 + 1], ==, 0x44);
    /* Addresses wrap at 8 KiB. */
    g_assert_cmphex(nv_vp1_ds_read(vp, 0x2100, 0), ==, 0x11);
    g_free(vp);
}

static void test_address_loadstore(void)
{
    NVVp1 *vp = vp_new();

    for (unsigned i = 0; i < 16; i++) {
        vp->v[3][i] = i * 3;
    }
    /* stvh $v3 -> $a1 (addr 0x200, limit 0x213) | UIMM 0x13: the 16
     * bytes at 0x210; aef = (0x200 + 0x13) >= 0x213. */
    vp->a[1] = 0x02130200;
    one(vp, RI(0xdc, 1, 3, 0x13, 0));
    for (unsigned i = 0; i < 16; i++) {
        g_assert_cmphex(nv_vp1_ds_read(vp, 0x210 + i, 0), ==, i * 3);
    }
    g_assert_cmphex(nv_vp1_read_c(vp, 0), ==, 0x8400);
    /* ldvh back to $v4 with UIMM 0x1f (same row). */
    one(vp, RI(0xd8, 4, 1, 0x1f, 7));
    g_assert_cmpmem(vp->v[4], 16, vp->v[3], 16);
    /* sts/lds: 4 bytes at addr & 0x1ffc. */
    vp->r[5] = 0xa1b2c3d4;
    one(vp, RI(0xde, 1, 5, 0x2e, 7));           /* 0x22e -> 0x22c */
    g_assert_cmphex(nv_vp1_ds_read(vp, 0x22c, 0), ==, 0xd4);
    g_assert_cmphex(nv_vp1_ds_read(vp, 0x22f, 0), ==, 0xa1);
    one(vp, RI(0xda, 6, 1, 0x2c, 7));
    g_assert_cmphex(vp->r[6], ==, 0xa1b2c3d4);

    /* ldvv, stride 1 (0x20): addr 0x45 keeps 0x05, elements 0x05 + 0x20i. */
    for (unsigned i = 0; i < 16; i++) {
        nv_vp1_ds_write(vp, 0x05 + 0x20 * i, 1, 0x10 + i);
    }
    vp->a[2] = 0x40000045;
    one(vp, RI(0xd9, 7, 2, 0, 7));
    for (unsigned i = 0; i < 16; i++) {
        g_assert_cmphex(vp->v[7][i], ==, 0x10 + i);
    }
    /* ldavv with IMM -16 (0x7f0): same load, then addr 0x45 - 0x10 = 0x35;
     * limit 0 so aef is set. */
    one(vp, RI(0xd1, 8, 2, 0x7f0, 3));
    g_assert_cmpmem(vp->v[8], 16, vp->v[7], 16);
    g_assert_cmphex(vp->a[2], ==, 0x40000035);
    g_assert_cmphex(nv_vp1_read_c(vp, 3), ==, 0x8400);
    /* stas $r5 with register increment: $a3 += $a4 (0x10). */
    vp->a[3] = 0x00000300;
    vp->a[4] = 0x10;
    one(vp, RR(0xc6, 3, 5, 4));
    g_assert_cmphex(nv_vp1_ds_read(vp, 0x300, 0), ==, 0xd4);
    g_assert_cmphex(vp->a[3], ==, 0x310);
    /* ldas from 0x310 - nothing stored there: 0; a3 -> 0x320. */
    vp->r[9] = 0xffff;
    one(vp, RR(0xc2, 9, 3, 4));
    g_assert_cmphex(vp->r[9], ==, 0);
    g_assert_cmphex(vp->a[3], ==, 0x320);
    g_free(vp);
}

/* ldr/star: raw per-bank access (address.rst). */
static void test_address_raw(void)
{
    NVVp1 *vp = vp_new();

    for (unsigned i = 0; i < 16; i++) {
        vp->v[4][i] = 0xa0 + i;
        vp->v[5][i] = 3;
    }
    /* star $v4 at $a1 addr 0x30: >> 4 = 3 -> cell 1, hi byte, every bank;
     * $a1 += $a2. */
    vp->a[1] = 0x30;
    vp->a[2] = 0x100;
    one(vp, RR(0xd7, 1, 4, 2) | 1);
    for (unsigned i = 0; i < 16; i++) {
        g_assert_cmphex(vp->ds[(i * 256 + 1) * 2 + 1], ==, 0xa0 + i);
    }
    g_assert_cmphex(vp->a[1], ==, 0x130);
    /* ldr $v6 = bank i at ($a3 >> 4 | $v5[i]) = 3. */
    vp->a[3] = 0;
    one(vp, RR(0xd7, 6, 3, 5) & ~1u);
    g_assert_cmpmem(vp->v[6], 16, vp->v[4], 16);
    g_free(vp);
}

/* ldaxh: to $vx, and to a rotated $v if the selected $c bit is set. */
static void test_address_ldax(void)
{
    NVVp1 *vp = vp_new();

    for (unsigned i = 0; i < 16; i++) {
        nv_vp1_ds_write(vp, 0x40 + i, 0, 0x50 + i);
    }
    vp->a[1] = 0x40;
    vp->a[2] = 0x20;
    /* SLCT 14: $c bit 14 is 0, so only $vx. */
    memset(vp->v[9], 0xee, 16);
    one(vp, INSN(0xc8, 9, 1, 2, 14 << 5 | 7));
    for (unsigned i = 0; i < 16; i++) {
        g_assert_cmphex(vp->vx[i], ==, 0x50 + i);
    }
    g_assert_cmphex(vp->v[9][0], ==, 0xee);
    g_assert_cmphex(vp->a[1], ==, 0x60);
    /* SLCT 15 (always 1), $c1 bits 4-5 = 2: DST 9 -> 8 | (9 + 2) & 3 = 11. */
    vp->a[1] = 0x40;
    vp->c[1] = 2 << 4;
    one(vp, INSN(0xc8, 9, 1, 2, 1 << 3 | 15 << 5 | 7));
    g_assert_cmphex(vp->v[11][15], ==, 0x5f);
    g_assert_cmphex(vp->v[9][0], ==, 0xee);
    g_free(vp);
}

/* ---- Bundle semantics and conflicts (intro.rst) ---- */

static void test_parallel(void)
{
    NVVp1 *vp = vp_new();

    /* Two scalar-visible swaps in one bundle see the old values: a scalar
     * add reads $r1 while the address lds writes it. */
    vp->r[1] = 10;
    vp->r[2] = 1;
    vp->a[1] = 0x100;
    nv_vp1_ds_write(vp, 0x100, 0, 0x77);
    bundle(vp, RI(0xda, 1, 1, 0, 7), RR(0x4c, 3, 1, 2), 0, 0);
    g_assert_cmphex(vp->r[1], ==, 0x77);
    g_assert_cmphex(vp->r[3], ==, 11);

    /* $r: a scalar add beats the address load to the same register. */
    bundle(vp, RI(0xda, 4, 1, 0, 7), RR(0x4c, 4, 2, 2), 0, 0);
    g_assert_cmphex(vp->r[4], ==, 2);
    /* ... but a scalar mov from $a loses to it. */
    vp->a[5] = 0x5555;
    bundle(vp, RI(0xda, 4, 1, 0, 7), INSN(0x6b, 4, 5, 0, 12 << 3 | 7), 0, 0);
    g_assert_cmphex(vp->r[4], ==, 0x77);
    /* ... while a mov from $m wins. */
    vp->m[5] = 0x6666;
    bundle(vp, RI(0xda, 4, 1, 0, 7), INSN(0x6b, 4, 5, 0, 20 << 3 | 7), 0, 0);
    g_assert_cmphex(vp->r[4], ==, 0x6666);

    /* $a: scalar mov to $a beats the address unit's write. */
    vp->r[6] = 0xabc;
    bundle(vp, INSN(0xcc, 7, 0, 0, 0) | 0x1234,
           INSN(0x6a, 7, 6, 0, 12 << 3 | 7), 0, 0);
    g_assert_cmphex(vp->a[7], ==, 0xabc);

    /* $v: vector beats the address load, which beats scalar mov to $v. */
    memset(vp->v[1], 0x11, 16);
    for (unsigned i = 0; i < 16; i++) {
        nv_vp1_ds_write(vp, 0x100 + i, 0, 0x22);
    }
    vp->r[6] = 0x33333333;
    bundle(vp, RI(0xd8, 2, 1, 0, 7), INSN(0x6a, 2, 6, 0, 0 << 3 | 7),
           RR(0xba, 2, 1, 0), 0);
    g_assert_cmphex(v_word(vp, 2, 0), ==, 0x11111111);
    bundle(vp, RI(0xd8, 2, 1, 0, 7), INSN(0x6a, 2, 6, 0, 0 << 3 | 7), 0, 0);
    g_assert_cmphex(v_word(vp, 2, 0), ==, 0x22222222);
    memset(vp->v[2], 0, 16);
    one(vp, INSN(0x6a, 2, 6, 0, 3 << 3 | 7));
    g_assert_cmphex(v_word(vp, 2, 3), ==, 0x33333333);
    g_assert_cmphex(v_word(vp, 2, 0), ==, 0);

    /* $l: the branch unit's mov beats scalar mov to $l. */
    bundle(vp, INSN(0x6a, 0, 6, 0, 11 << 3 | 7), 0xf0000505, 0, 0);
    g_assert_cmphex(vp->l[0], ==, 0x0505);
    g_free(vp);
}

static void test_conflicts(void)
{
    NVVp1 *vp = vp_new();

    /* Shared $v read port: scalar mov from $v5 word 0 with stvh $v3: the
     * store takes $v5 too. */
    memset(vp->v[3], 0x33, 16);
    memset(vp->v[5], 0x55, 16);
    vp->a[1] = 0x400;
    bundle(vp, RI(0xdc, 1, 3, 0, 7), INSN(0x6b, 9, 5, 0, 0 << 3 | 7), 0, 0);
    g_assert_cmphex(nv_vp1_ds_read(vp, 0x40f, 0), ==, 0x55);
    g_assert_cmphex(vp->r[9], ==, 0x55555555);

    /* Shared $r read port: scalar mov $m0 <- $r7 with sts $r8: the mov
     * reads $r8. */
    vp->r[7] = 7;
    vp->r[8] = 8;
    bundle(vp, RI(0xde, 1, 8, 0x20, 7), INSN(0x6a, 0, 7, 0, 20 << 3 | 7),
           0, 0);
    g_assert_cmphex(vp->m[0], ==, 8);
    g_assert_cmphex(nv_vp1_ds_read(vp, 0x420, 0), ==, 8);

    /* mov from $l with exit: $r is not written. */
    vp->l[2] = 0x1234;
    vp->r[10] = 0xaaaa;
    bundle(vp, INSN(0x6b, 10, 2, 0, 11 << 3 | 7), 0xff000000, 0, 0);
    g_assert_cmphex(vp->r[10], ==, 0xaaaa);
    bundle(vp, INSN(0x6b, 10, 2, 0, 11 << 3 | 7), B_NOP, 0, 0);
    g_assert_cmphex(vp->r[10], ==, 0x1234);
    g_free(vp);
}

/*
 * Bundles where one unit reads or writes a register that another unit of
 * the bundle writes, each checked against the documented outcome: the
 * interpreter lets writes land at once only where nothing in the bundle
 * can tell (vp1.c, direct_ok).
 */
static void test_hazards(void)
{
    NVVp1 *vp = vp_new();

    /* stvh $v3 with a vector mov $v3 <- $v1: the store takes the old
     * $v3, the register gets $v1. */
    memset(vp->v[1], 0x11, 16);
    memset(vp->v[3], 0x33, 16);
    vp->a[1] = 0x400;
    bundle(vp, RI(0xdc, 1, 3, 0, 7), RR(0xba, 3, 1, 0), 0, 0);
    g_assert_cmphex(nv_vp1_ds_read(vp, 0x40f, 0), ==, 0x33);
    g_assert_cmphex(v_word(vp, 3, 3), ==, 0x11111111);

    /* sts $r5 (at 0x420) with a scalar add to $r5: the old $r5 is
     * stored. */
    vp->r[2] = 1;
    vp->r[5] = 0x12345678;
    bundle(vp, RI(0xde, 1, 5, 0x20, 7), RR(0x4c, 5, 2, 2), 0, 0);
    g_assert_cmphex(nv_vp1_ds_read(vp, 0x420, 0), ==, 0x78);
    g_assert_cmphex(nv_vp1_ds_read(vp, 0x423, 0), ==, 0x12);
    g_assert_cmphex(vp->r[5], ==, 2);

    /* ldr $v6 with SRC2 $v5 = 3 (bank i, cell 1, hi byte) and a vector
     * mov $v5 <- $v1: the load uses the old offsets. */
    memset(vp->v[5], 3, 16);
    for (unsigned i = 0; i < 16; i++) {
        vp->ds[(i * 256 + 1) * 2 + 1] = 0xa0 + i;
    }
    vp->a[3] = 0;
    bundle(vp, RR(0xd7, 6, 3, 5) & ~1u, RR(0xba, 5, 1, 0), 0, 0);
    for (unsigned i = 0; i < 16; i++) {
        g_assert_cmphex(vp->v[6][i], ==, 0xa0 + i);
    }
    g_assert_cmphex(v_word(vp, 5, 0), ==, 0x11111111);

    /* ldaxh to the rotated $v11 (test_address_ldax) with a vector mov to
     * $v11: the vector write wins; $vx still gets the load. */
    for (unsigned i = 0; i < 16; i++) {
        nv_vp1_ds_write(vp, 0x40 + i, 0, 0x50 + i);
    }
    vp->a[1] = 0x40;
    vp->a[2] = 0x20;
    vp->c[1] = 2 << 4;
    bundle(vp, INSN(0xc8, 9, 1, 2, 1 << 3 | 15 << 5 | 7), RR(0xba, 11, 1, 0),
           0, 0);
    g_assert_cmphex(v_word(vp, 11, 3), ==, 0x11111111);
    g_assert_cmphex(vp->vx[15], ==, 0x5f);
    vp->c[1] = 0;

    /* vecms writes its SRC1 $r4 (>> 4): it beats an lds to $r4. */
    vp->r[4] = 0x100;
    bundle(vp, RI(0xda, 4, 1, 0, 7), INSN(0x45, 0, 4, 0, 0), 0, 0);
    g_assert_cmphex(vp->r[4], ==, 0x10);

    /* No overlap: ldvh $v2 (0x40: 0x50..0x5f) with a vector mov $v3 <-
     * $v2 and a scalar add: each reads the old values, all land. */
    memset(vp->v[2], 0x22, 16);
    vp->r[1] = 10;
    bundle(vp, RI(0xd8, 2, 1, 0, 7), RR(0x4c, 7, 1, 2), RR(0xba, 3, 2, 0),
           0);
    g_assert_cmphex(vp->v[2][15], ==, 0x5f);
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x22222222);
    g_assert_cmphex(vp->r[7], ==, 11);
    g_free(vp);
}

/*
 * Code loaded over code that already ran runs as loaded: its bundles are
 * split and planned anew.
 */
static void test_code_rewrite(void)
{
    NVVp1 *vp = vp_new();
    const uint32_t first[] = {
        0x65080001,                 /* 0: mov $r1 1 */
        0xff000001,                 /* 1: exit 1 (same bundle) */
    };
    const uint32_t second[] = {
        0x65100002,                 /* 1: mov $r2 2: a bundle of its own */
        0xff000002,                 /* 2: exit 2 (with it) */
    };
    /* Group 1: vector mov $v3 <- $v1 after an address nop ... */
    const uint32_t third[] = { A_NOP, RR(0xba, 3, 1, 0), B_NOP, B_NOP };
    /* ... which becomes stvh $v3 at $a1 = 0x400, reading the old $v3. */
    const uint32_t store = RI(0xdc, 1, 3, 0, 7);

    nv_vp1_load_code(vp, 0, first, G_N_ELEMENTS(first));
    nv_vp1_start(vp, 0);
    g_assert_cmpuint(nv_vp1_run(vp, 10), ==, 1);
    g_assert_cmphex(vp->exit_code, ==, 1);

    nv_vp1_load_code(vp, 1, second, G_N_ELEMENTS(second));
    g_assert_cmpuint(nv_vp1_bundle_len(vp, 0), ==, 1);
    vp->r[1] = 0;
    nv_vp1_start(vp, 0);
    g_assert_cmpuint(nv_vp1_run(vp, 10), ==, 2);
    g_assert_cmphex(vp->r[1], ==, 1);
    g_assert_cmphex(vp->r[2], ==, 2);
    g_assert_cmphex(vp->exit_code, ==, 2);

    memset(vp->v[1], 0x11, 16);
    memset(vp->v[3], 0x33, 16);
    vp->a[1] = 0x400;
    nv_vp1_load_code(vp, 4, third, G_N_ELEMENTS(third));
    nv_vp1_start(vp, 4);
    g_assert_cmpuint(nv_vp1_run(vp, 1), ==, 1);
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x11111111);
    memset(vp->v[3], 0x33, 16);
    nv_vp1_load_code(vp, 4, &store, 1);
    nv_vp1_start(vp, 4);
    g_assert_cmpuint(nv_vp1_run(vp, 1), ==, 1);
    g_assert_cmphex(nv_vp1_ds_read(vp, 0x400, 0), ==, 0x33);
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x11111111);
    g_free(vp);
}

/* ---- Vector unit ---- */

static void test_vector_arith(void)
{
    NVVp1 *vp = vp_new();

    /* Lanes 0-3 (repeated 4 times): s1 = 7f 80 ff 01, s2 = 01 ff 01 ff. */
    set_v4(vp, 1, 0x01ff807f);
    set_v4(vp, 2, 0xff01ff01);
    /* vadd s: 127+1 -> 127; -129 -> -128 (sf); -1+1 = 0 (zf); 0 (zf).
     * sf lanes 1 mod 4 = 0x2222, zf lanes 2, 3 mod 4 = 0xcccc. */
    one(vp, RRC(0x8c, 3, 1, 2, 0));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x0000807f);
    g_assert_cmphex(v_word(vp, 3, 3), ==, 0x0000807f);
    g_assert_cmphex(vp->vc[0], ==, 0xcccc2222);
    /* vadd u: 0x80; 383 -> 0xff; 256 -> 0xff; 256 -> 0xff; sf (out of
     * range) on lanes 1-3: 0xeeee. */
    one(vp, RRC(0x9c, 3, 1, 2, 1));
    g_assert_cmphex(v_word(vp, 3, 1), ==, 0xffffff80);
    g_assert_cmphex(vp->vc[1], ==, 0x0000eeee);
    /* vsub u BIMM 2: 0x7d, 0x7e, 0xfd, 1-2 -> 0 (sf, zf). */
    one(vp, RI(0xbd, 3, 1, 2, 2));
    g_assert_cmphex(v_word(vp, 3, 2), ==, 0x00fd7e7d);
    g_assert_cmphex(vp->vc[2], ==, 0x88888888);
    /* vsub s: 126; -128+1 = -127 (sf); -2 (sf); 2. */
    one(vp, RRC(0x8d, 3, 1, 2, 3));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x02fe817e);
    g_assert_cmphex(vp->vc[3], ==, 0x00006666);
    /* vmin s: 1, -128, -1, -1 (sf on the negative ones). */
    one(vp, RRC(0x88, 3, 1, 2, 0));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0xffff8001);
    g_assert_cmphex(vp->vc[0], ==, 0x0000eeee);
    /* vmax u: 0x7f, 0xff, 0xff, 0xff; no flags. */
    one(vp, RRC(0x99, 3, 1, 2, 0));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0xffffff7f);
    g_assert_cmphex(vp->vc[0], ==, 0);
    /* vmin u: 1, 0x80, 1, 1.  vmax s: 127, -1, 1, 1. */
    one(vp, RR(0x98, 3, 1, 2));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x01018001);
    one(vp, RR(0x89, 3, 1, 2));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x0101ff7f);
    /* vabs s: 127, 128 -> 127, 1, 1 (no sf).  vabs u: identity. */
    one(vp, RRC(0x8a, 3, 1, 0, 0));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x01017f7f);
    g_assert_cmphex(vp->vc[0], ==, 0);
    one(vp, RR(0x9a, 3, 1, 0));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x01ff807f);
    /* vneg s: -127, 128 -> 127, 1, -1: sf lanes 0 and 3: 0x9999. */
    one(vp, RRC(0x8b, 3, 1, 0, 0));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0xff017f81);
    g_assert_cmphex(vp->vc[0], ==, 0x00009999);
    /* vmax s BIMM 0: 127, 0, 0, 1: zf lanes 1, 2. */
    one(vp, RI(0xa9, 3, 1, 0, 0));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x0100007f);
    g_assert_cmphex(vp->vc[0], ==, 0x66660000);
    /* vmin s BIMM 0: 0, -128, -1, 0.  vmin u BIMM 0x80: 0x7f, 0x80, 0x80, 1. */
    one(vp, RI(0xa8, 3, 1, 0, 7));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x00ff8000);
    one(vp, RI(0xb8, 3, 1, 0x80, 7));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x0180807f);
    /* vmax u BIMM 0x80: 0x80, 0x80, 0xff, 0x80. */
    one(vp, RI(0xb9, 3, 1, 0x80, 7));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x80ff8080);
    /* vadd u BIMM 1: 0x80, 0x81, 0x100 -> 0xff (sf), 2. */
    one(vp, RI(0xbc, 3, 1, 1, 0));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x02ff8180);
    g_assert_cmphex(vp->vc[0], ==, 0x00004444);
    /* vadd s BIMM 0xff (-1): 126, -129 -> -128 (sf), -2 (sf), 0 (zf). */
    one(vp, RI(0xac, 3, 1, 0xff, 0));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x00fe807e);
    g_assert_cmphex(vp->vc[0], ==, 0x88886666);
    /* VCDST 7: $vc untouched. */
    one(vp, RI(0xbc, 3, 1, 1, 7));
    g_assert_cmphex(vp->vc[0], ==, 0x88886666);
    g_free(vp);
}

static void test_vector_moves(void)
{
    NVVp1 *vp = vp_new();

    /* vmov: BIMM 0x80 everywhere, sf = bit 7 -> 0xffff; BIMM 0 -> zf. */
    one(vp, RI(0xad, 4, 0, 0x80, 0));
    g_assert_cmphex(v_word(vp, 4, 2), ==, 0x80808080);
    g_assert_cmphex(vp->vc[0], ==, 0x0000ffff);
    one(vp, RI(0xad, 4, 0, 0, 1));
    g_assert_cmphex(vp->vc[1], ==, 0xffff0000);
    /* mov: sf 0, zf where the byte is 0 (lanes 1, 3: 0xaaaa). */
    set_v4(vp, 5, 0x00ff0080);
    one(vp, RRC(0xba, 6, 5, 0, 2));
    g_assert_cmpmem(vp->v[6], 16, vp->v[5], 16);
    g_assert_cmphex(vp->vc[2], ==, 0xaaaa0000);
    /* mov $v <- $vc: bytes 4k..4k+3 are $vc[k] (sf low, zf high). */
    vp->vc[0] = 0x11223344;
    vp->vc[1] = 0x55667788;
    vp->vc[2] = 0x99aabbcc;
    vp->vc[3] = 0xddeeff00;
    one(vp, INSN(0xbb, 7, 0, 0, 0));
    g_assert_cmphex(v_word(vp, 7, 0), ==, 0x11223344);
    g_assert_cmphex(v_word(vp, 7, 3), ==, 0xddeeff00);
    g_assert_cmphex(vp->vc[0], ==, 0x11223344);

    /* vswz lo: selector bits 0-3 component, bit 4 source.  Lane i takes
     * component 15 - i of $v1 (even i) or $v2 (odd i). */
    for (unsigned i = 0; i < 16; i++) {
        vp->v[1][i] = i;
        vp->v[2][i] = 0x10 + i;
        vp->v[3][i] = (15 - i) | (i & 1) << 4;
        vp->v[4][i] = (15 - i) << 4 | (i & 1);
    }
    one(vp, INSN(0x9b, 8, 1, 2, 3 << 4));
    one(vp, INSN(0x9b, 9, 1, 2, 4 << 4 | 1 << 3));      /* hi */
    for (unsigned i = 0; i < 16; i++) {
        uint8_t want = (i & 1 ? 0x10 : 0) + 15 - i;

        g_assert_cmphex(vp->v[8][i], ==, want);
        g_assert_cmphex(vp->v[9][i], ==, want);
    }
    g_free(vp);
}

static void test_vector_misc(void)
{
    NVVp1 *vp = vp_new();

    /* vclip (signed): (5, -3, 10) -> 5; (10, -3, 10) -> 10, sf (equal to
     * an endpoint); (-100, -3, 10) -> -3, sf; (5, 10, -3): improper range,
     * clip to [-3, 10] gives 5, sf. */
    set_v4(vp, 1, 0x059c0a05);
    set_v4(vp, 2, 0x0afdfdfd);
    set_v4(vp, 3, 0xfd0a0a0a);
    one(vp, INSN(0xa4, 7, 1, 2, 3 << 4 | 0));
    g_assert_cmphex(v_word(vp, 7, 0), ==, 0x05fd0a05);
    g_assert_cmphex(vp->vc[0], ==, 0x0000eeee);

    /* vminabs: (-128, -128) -> 128 -> 127; (-3, 5) -> 3; (0, 7) -> 0 (zf);
     * (7, -128) -> 7. */
    set_v4(vp, 1, 0x0700fd80);
    set_v4(vp, 2, 0x80070580);
    one(vp, RRC(0xa5, 7, 1, 2, 1));
    g_assert_cmphex(v_word(vp, 7, 0), ==, 0x0700037f);
    g_assert_cmphex(vp->vc[1], ==, 0x44440000);

    /* vadd9: lanes 0-7 add 9-bit words of $v2, lanes 8-15 of $v3.  0x3f0
     * keeps 9 bits: 0x1f0 = -16, so 0x10 - 16 = 0 (zf); 0xff + 5 = 260 ->
     * 0xff (sf). */
    for (unsigned i = 0; i < 16; i++) {
        vp->v[1][i] = i < 8 ? 0x10 : 0xff;
    }
    set_v4(vp, 2, 0x03f003f0);
    set_v4(vp, 3, 0x00050005);
    one(vp, INSN(0x9f, 7, 1, 2, 3 << 4 | 2));
    g_assert_cmphex(v_word(vp, 7, 0), ==, 0);
    g_assert_cmphex(v_word(vp, 7, 3), ==, 0xffffffff);
    g_assert_cmphex(vp->vc[2], ==, 0x00ffff00);

    /* vbitop 6 (xor) and the immediate forms. */
    set_v4(vp, 1, 0x12345678);
    set_v4(vp, 2, 0x12005600);
    one(vp, INSN(0x94, 7, 1, 2, 6 << 3 | 3));
    g_assert_cmphex(v_word(vp, 7, 0), ==, 0x00340078);
    g_assert_cmphex(vp->vc[3], ==, 0xaaaa0000);     /* zf lanes 1, 3 */
    one(vp, RI(0xaa, 7, 1, 0x0f, 7));
    g_assert_cmphex(v_word(vp, 7, 1), ==, 0x02040608);
    one(vp, RI(0xab, 7, 1, 0xff, 7));
    g_assert_cmphex(v_word(vp, 7, 1), ==, 0xedcba987);
    one(vp, RI(0xaf, 7, 1, 0x80, 7));
    g_assert_cmphex(v_word(vp, 7, 1), ==, 0x92b4d6f8);

    /* vsar/vshr as the scalar byte shifts; sf = bit 7 of the result. */
    set_v4(vp, 1, 0x80f04081);
    set_v4(vp, 2, 0x07020f01);
    one(vp, RRC(0x8e, 7, 1, 2, 0));
    g_assert_cmphex(v_word(vp, 7, 0), ==, 0xfffc80c0);
    g_assert_cmphex(vp->vc[0], ==, 0x0000ffff);
    one(vp, RRC(0x9e, 7, 1, 2, 0));
    g_assert_cmphex(v_word(vp, 7, 0), ==, 0x013c8040);
    g_assert_cmphex(vp->vc[0], ==, 0x00002222);
    /* vshr BIMM 1: 0x40, 0x20, 0x78, 0x40. */
    one(vp, RI(0xbe, 7, 1, 1, 7));
    g_assert_cmphex(v_word(vp, 7, 0), ==, 0x40782040);
    g_free(vp);
}

/*
 * vcmpad: sf = bit (lt << 1 | $vc input) of CMPOP with lt = |s2 - s1| <
 * $v[s1 | 1] (docs/vp1.rst "Bit operations"), zf = equal.
 */
static void test_vector_cmpad(void)
{
    NVVp1 *vp = vp_new();

    /* ad = |13-10|, |7-10|, |20-10|, |10-10| = 3, 3, 10, 0 against
     * other = 3, 5, 3, 1: less = 0, 1, 0, 1; equal = 1, 0, 0, 0. */
    set_v4(vp, 2, 0x0a0a0a0a);
    set_v4(vp, 3, 0x01030503);
    set_v4(vp, 4, 0x0a14070d);
    /* CMPOP 0xc selects the comparison: sf 0xaaaa, zf 0x1111. */
    one(vp, INSN(0x8f, 0xc, 2, 4, 14 << 5 | 1));
    g_assert_cmphex(vp->vc[1], ==, 0x1111aaaa);
    /* CMPOP 0xa selects the $vc input: with no s2v it is $vc1.sf. */
    vp->vc[1] = 0x000000ff;
    one(vp, INSN(0x8f, 0xa, 2, 4, 14 << 5 | 1));
    g_assert_cmphex(vp->vc[1], ==, 0x111100ff);
    /* CMPOP 3 is !lt: sf 0x5555; CMPOP 4, lt & !vcin with $vc1.sf =
     * 0x00ff: 0xaaaa & 0xff00 = 0xaa00. */
    one(vp, INSN(0x8f, 0x3, 2, 4, 14 << 5 | 1));
    g_assert_cmphex(vp->vc[1], ==, 0x11115555);
    vp->vc[1] = 0x000000ff;
    one(vp, INSN(0x8f, 0x4, 2, 4, 14 << 5 | 1));
    g_assert_cmphex(vp->vc[1], ==, 0x1111aa00);
    /* CMPOP 8 (and) with an s2v mask from bvec via $vc2 (passthrough):
     * vcmask = $vc2.sf = 0x000f; and with less (0xaaaa) = 0x000a. */
    vp->vc[2] = 0x0000000f;
    bundle(vp, INSN(0x0f, 2, 9, 0, 0), INSN(0x8f, 8, 2, 4, 14 << 5 | 1),
           0, 0);
    g_assert_cmphex(vp->vc[1], ==, 0x1111000a);
    g_free(vp);
}

static void test_vector_mul(void)
{
    NVVp1 *vp = vp_new();

    /* vmul u, unsigned fractions, hi, no shift, round down:
     * 0x80*0x80 = 0x4000, 0x01*0x80 = 0x80, 0xff*0xff = 0xfe01,
     * 0x10*0x10 = 0x100; readout shift 8 - 8 = 0, high byte. */
    set_v4(vp, 1, 0x10ff0180);
    set_v4(vp, 2, 0x10ff8080);
    one(vp, INSN(0x91, 3, 1, 2, 0));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x01fe0040);
    g_assert_cmpint(vp->va[0], ==, 0x4000);
    g_assert_cmpint(vp->va[2], ==, 0xfe01);
    /* RND (bit 8): + 1 << 7: 0x4080, 0x100, 0xfe81, 0x180. */
    one(vp, INSN(0x91, 3, 1, 2, 0x100));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x01fe0140);
    g_assert_cmpint(vp->va[1], ==, 0x100);
    /* $uccfg ties down: + 0x7f: 0x407f, 0xff, 0xfe80, 0x17f. */
    vp->uc[NV_VP1_UC_CFG] = NV_VP1_UCCFG_TIERND_DOWN;
    one(vp, INSN(0x91, 3, 1, 2, 0x100));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x01fe0040);
    vp->uc[NV_VP1_UC_CFG] = 0;
    /* HILO lo (bit 4): low bytes 0x00, 0x80, 0x01, 0x00. */
    one(vp, INSN(0x91, 3, 1, 2, 0x10));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x00018000);
    /* SHIFT 1 (bits 5-7): readout shift -1: 0x8000, 0x100, 0x1fc02 ->
     * 0xffff, 0x200. */
    one(vp, INSN(0x91, 3, 1, 2, 1 << 5));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x02ff0180);

    /* vmul s with signed inputs (SIGN1, SIGN2): 0x80 -> -256, 0x40 -> 128,
     * 0xc0 -> -128, 0x7f -> 254.  Products 65536, 16384, -16384, 64516;
     * readout shift 9 - 8 = 1: 32768 -> 0x7fff, 0x2000, -0x2000 (0xe000),
     * 32258 (0x7e02): high bytes 7f 20 e0 7e. */
    set_v4(vp, 1, 0x7fc04080);
    set_v4(vp, 2, 0x7f404080);
    one(vp, INSN(0x81, 3, 1, 2, 6));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x7ee0207f);
    g_assert_cmpint(vp->va[2], ==, -0x4000);
    /* vmac s adds again: 0x20000, 0x8000, -0x8000, 0x1f808 -> >> 1:
     * 0x7fff, 0x4000, -0x4000 (0xc000), 0x7fff. */
    one(vp, INSN(0x82, 3, 1, 2, 6));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x7fc0407f);
    g_assert_cmpint(vp->va[3], ==, 0x1f808);
    /* vmac without $v output (0x83): $va moves on, $v3 stays. */
    one(vp, INSN(0x83, 3, 1, 2, 6));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x7fc0407f);
    g_assert_cmpint(vp->va[0], ==, 0x30000);

    /* Integer mode (bit 3): 100 * 100 = 10000 << 8; readout shift
     * 16 - 8 = 8 gives 10000 = 0x2710: hi 0x27, lo (bit 4) 0x10. */
    set_v4(vp, 1, 0x64646464);
    one(vp, INSN(0x81, 3, 1, 1, 0xe));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x27272727);
    g_assert_cmpint(vp->va[0], ==, 10000 << 8);
    one(vp, INSN(0x81, 3, 1, 1, 0x1e));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x10101010);

    /* The accumulator wraps at 28 bits: 0x7ffff00 + (1 * 1 << 8) =
     * 0x8000000 -> -0x8000000; unsigned readout clips to 0. */
    for (unsigned i = 0; i < 16; i++) {
        vp->va[i] = 0x7ffff00;
    }
    set_v4(vp, 1, 0x01010101);
    one(vp, INSN(0x92, 3, 1, 1, 0x8));
    g_assert_cmpint(vp->va[5], ==, -0x8000000);
    g_assert_cmphex(v_word(vp, 3, 1), ==, 0);

    /* vmul u with BIMMMUL 0x3f -> 0xfc: 0x80 * 0xfc = 0x7e00 -> 0x7e. */
    set_v4(vp, 1, 0x80808080);
    one(vp, INSN(0xb1, 3, 1, 0x1f, 1));
    g_assert_cmphex(v_word(vp, 3, 0), ==, 0x7e7e7e7e);
    g_free(vp);
}

/* s2v: scalar factors feeding vmad2/vmac2 in the same bundle. */
static void test_vector_s2v(void)
{
    NVVp1 *vp = vp_new();

    for (unsigned i = 0; i < 16; i++) {
        vp->v[2][i] = 100;      /* s11 */
        vp->v[3][i] = 40;       /* s12 = $v[SRC1 | 1] */
        vp->v[4][i] = 10;       /* SRC2: the A input of vmad2 */
    }
    /* bvec $r1 = 7f 40 20 10: factors 254, 128, 64, 32.  $vc1 sf =
     * 0xaaaa (VCIDX 1, sf, passthrough) selects factors 1/3 on odd lanes.
     * vmad2 u: A = 10 << 8 = 2560.  Even: 2560 + 100*254 + 40*64 = 30520
     * = 0x7738 -> 0x77.  Odd: 2560 + 100*128 + 40*32 = 16640 = 0x4100. */
    vp->r[1] = 0x1020407f;
    vp->vc[1] = 0x0000aaaa;
    bundle(vp, INSN(0x0f, 1, 1, 0, 0), INSN(0x95, 5, 2, 4, 0), 0, 0);
    g_assert_cmphex(v_word(vp, 5, 0), ==, 0x41774177);
    g_assert_cmpint(vp->va[0], ==, 30520);
    g_assert_cmpint(vp->va[1], ==, 16640);
    /* vmac2 u accumulates: 30520 + 25400 + 2560 = 58480 = 0xe470;
     * 16640 + 12800 + 1280 = 30720 = 0x7800. */
    bundle(vp, INSN(0x0f, 1, 1, 0, 0), INSN(0x97, 5, 2, 0, 0), 0, 0);
    g_assert_cmphex(v_word(vp, 5, 0), ==, 0x78e478e4);

    /* vecms $r6 = 5: bits 0 and 2 -> factors 0x1e, 0x1e -> mask 0 =
     * 0x0f0f, mask 1 = 0.  Mask mode (bit 0): f1 = 0x100 on lanes 0-3 and
     * 8-11: 2560 + 100 * 256 = 28160 = 0x6e00; elsewhere 2560 = 0x0a00.
     * $r6 = 5 >> 4 = 0. */
    vp->r[6] = 5;
    bundle(vp, INSN(0x45, 0, 6, 0, 0), INSN(0x95, 7, 2, 4, 1), 0, 0);
    g_assert_cmphex(v_word(vp, 7, 0), ==, 0x6e6e6e6e);
    g_assert_cmphex(v_word(vp, 7, 1), ==, 0x0a0a0a0a);
    g_assert_cmphex(v_word(vp, 7, 2), ==, 0x6e6e6e6e);
    g_assert_cmphex(vp->r[6], ==, 0);
    /* vecms shifts sign-filling: -0x20 >> 4 = -2. */
    vp->r[6] = 0xffffffe0;
    one(vp, INSN(0x45, 0, 6, 0, 0));
    g_assert_cmphex(vp->r[6], ==, 0xfffffffe);

    /* vec: FACTOR1 (bits 1-9) = 0x80, FACTOR2 (bits 10-18) = 0x40; $vc0
     * is 0, so every lane uses factors 0 and 2: 2560 + 12800 + 2560 =
     * 17920 = 0x4600.  FACTOR1 0x1ff is -1: 2560 - 100 + 2560 = 5020 =
     * 0x139c. */
    bundle(vp, 0x24000000u | 0x40 << 10 | 0x80 << 1, INSN(0x95, 7, 2, 4, 0),
           0, 0);
    g_assert_cmphex(v_word(vp, 7, 0), ==, 0x46464646);
    bundle(vp, 0x24000000u | 0x40 << 10 | 0x1ff << 1, INSN(0x95, 7, 2, 4, 0),
           0, 0);
    g_assert_cmphex(v_word(vp, 7, 0), ==, 0x13131313);
    /* Without a producer the factors are 0 (inferred): A alone. */
    one(vp, INSN(0x95, 7, 2, 4, 0));
    g_assert_cmphex(v_word(vp, 7, 0), ==, 0x0a0a0a0a);

    /* bvecmad: prefactor = $r[SRC1] bits 11-18; s2a = $r[SRC2], s2b =
     * $r[SRC2 | 2] (COND 0, SLCT 14: no adjust).  With prefactor 0x80,
     * s2a bytes 0x10, s2b bytes 0x20: (0x10 << 8) + 0x80 * 0x20 + 0x40 =
     * 8256 >> 7 = 64 in every factor.  vmad2 u: 2560 + 100*64 + 40*64 =
     * 11520 = 0x2d00. */
    vp->r[8] = 0x80 << 11;
    vp->r[12] = 0x10101010;
    vp->r[14] = 0x20202020;
    bundle(vp, INSN(0x04, 0, 8, 12, 14 << 5), INSN(0x95, 7, 2, 4, 0), 0, 0);
    g_assert_cmphex(v_word(vp, 7, 0), ==, 0x2d2d2d2d);
    g_free(vp);
}

static void test_vector_lrp(void)
{
    NVVp1 *vp = vp_new();

    /* vlrp: SRC1 = 200, SRC1|1 = 100, factor 0x40: A = 100 << 8 = 25600,
     * + (200 - 100) * 64 = 32000 -> 125 (0x7d). */
    for (unsigned i = 0; i < 16; i++) {
        vp->v[2][i] = 200;
        vp->v[3][i] = 100;
        vp->v[4][i] = 0x40;
        vp->v[5][i] = 0x42;
    }
    one(vp, INSN(0x90, 9, 2, 4, 0));
    g_assert_cmphex(v_word(vp, 9, 0), ==, 0x7d7d7d7d);
    /* factor 0x42: 25600 + 6600 = 32200 = 125.78 -> 125 down, RND:
     * + 128 = 32328 >> 8 = 126. */
    one(vp, INSN(0x90, 9, 2, 5, 0));
    g_assert_cmphex(v_word(vp, 9, 0), ==, 0x7d7d7d7d);
    one(vp, INSN(0x90, 9, 2, 5, 0x100));
    g_assert_cmphex(v_word(vp, 9, 0), ==, 0x7e7e7e7e);

    /* vlrp2 with vec factors 128, 64 on quad $v8-$v11 (no rotation):
     * s10 = 100, s12 = 200, s13 = 40: 25600 + 100*128 - 60*64 = 34560 =
     * 0x8700 -> 135 (0x87); VAWRITE (bit 11) stores 34560. */
    for (unsigned i = 0; i < 16; i++) {
        vp->v[8][i] = 100;
        vp->v[9][i] = 0;
        vp->v[10][i] = 200;
        vp->v[11][i] = 40;
    }
    bundle(vp, 0x24000000u | 0x40 << 10 | 0x80 << 1,
           INSN(0xb3, 12, 8, 0, 0) | 1 << 11, 0, 0);
    g_assert_cmphex(v_word(vp, 12, 0), ==, 0x87878787);
    g_assert_cmpint(vp->va[3], ==, 34560);
    /* LRP2X (bit 10) xors the base only: (100 ^ 0x80) = 228 << 8 = 58368
     * + 12800 - 3840 = 67328 -> clipped 0xffff -> 0xff; $va untouched. */
    bundle(vp, 0x24000000u | 0x40 << 10 | 0x80 << 1,
           INSN(0xb3, 12, 8, 0, 0) | 1 << 10, 0, 0);
    g_assert_cmphex(v_word(vp, 12, 0), ==, 0xffffffff);
    g_assert_cmpint(vp->va[3], ==, 34560);
    /* $c0 bits 4-5 = 1 rotates the quad: s10 = $v9 = 0, s12 = $v11 = 40,
     * s13 = $v8 = 100: 40*128 + 100*64 = 11520 = 0x2d00. */
    vp->c[0] = 1 << 4;
    bundle(vp, 0x24000000u | 0x40 << 10 | 0x80 << 1,
           INSN(0xb3, 12, 8, 0, 0), 0, 0);
    g_assert_cmphex(v_word(vp, 12, 0), ==, 0x2d2d2d2d);
    vp->c[0] = 0;

    /* vlrp4a: $va = 100 << 8 + 100*128 - 60*64 = 34560 (lo rounding only
     * matters with RND); then vlrp4b u adds (s11 - s10) * f1 +
     * ($vx - s10) * f2 with s10 = s11 = $v8 ^ ($c0 bit 14 = 0): $vx = 0:
     * 34560 + 0 - 100*64 = 28160 = 0x6e00 -> 0x6e. */
    bundle(vp, 0x24000000u | 0x40 << 10 | 0x80 << 1,
           INSN(0xb4, 0, 8, 0, 0), 0, 0);
    g_assert_cmpint(vp->va[0], ==, 34560);
    bundle(vp, 0x24000000u | 0x40 << 10 | 0x80 << 1,
           INSN(0xb6, 13, 8, 0, 14 << 5), 0, 0);
    g_assert_cmphex(v_word(vp, 13, 0), ==, 0x6e6e6e6e);
    g_assert_cmpint(vp->va[0], ==, 28160);
    /* vlrpf: A = sext($v[SRC2]) << 8 with $v4 = 0x40: 16384, + (s12 - s13)
     * * 128 + s13 * 64 = 160*128 + 40*64 = 20480 + 2560: 39424. */
    bundle(vp, 0x24000000u | 0x40 << 10 | 0x80 << 1,
           INSN(0xb5, 0, 8, 4, 0), 0, 0);
    g_assert_cmpint(vp->va[0], ==, 39424);
    g_free(vp);
}

/*
 * scalar.rst, "Scalar to vector data bus": the $vc mask transforms.  vcmpad
 * with CMPOP 0xa copies the s2v $vc input to its sf output, so the mask
 * can be read back from $vc1.
 */
static void check_xfrm(unsigned mode, bool zf, uint32_t val, uint32_t val2,
                       uint16_t want)
{
    NVVp1 *vp = vp_new();
    unsigned dst = 2 | zf << 2 | (mode & 3) << 3;     /* VCIDX 2 */

    vp->vc[2] = zf ? val << 16 : val;
    vp->vc[3] = zf ? val2 << 16 : val2;
    bundle(vp, INSN(0x0f, dst, 0, 0, mode >> 2),
           INSN(0x8f, 0xa, 4, 6, 14 << 5 | 1), 0, 0);
    g_assert_cmphex(vp->vc[1] & 0xffff, ==, want);
    g_free(vp);
}

static void test_s2v_xfrm(void)
{
    check_xfrm(0, false, 0x1234, 0, 0x1234);    /* passthrough */
    check_xfrm(0, true, 0x8001, 0, 0x8001);     /* zf half */
    /* 1: bit 2 feeds lanes 0-3. */
    check_xfrm(1, false, 0x0004, 0, 0x000f);
    /* 2: bit 4 feeds lanes 0, 2, 4, 6; bit 12 lanes 8, 10, 12, 14. */
    check_xfrm(2, false, 0x1010, 0, 0x5555);
    /* 3: bit 0 feeds lanes 0, 1, 3. */
    check_xfrm(3, true, 0x0001, 0, 0x000b);
    /* 4: bit 1 -> lanes 0-2, bit 3 -> lane 3, bit 15 -> lane 15. */
    check_xfrm(4, false, 0x800a, 0, 0x800f);
    /* 5: bit 2 -> lanes 2, 3; bit 8 -> lanes 8, 9. */
    check_xfrm(5, false, 0x0104, 0, 0x030c);
    /* 6: bit 5 -> lanes 4-7. */
    check_xfrm(6, false, 0x0020, 0, 0x00f0);
    /* 7: even bits of val | val2 << 16: bits 0, 2 -> lanes 0, 1; val2
     * bit 14 (bit 30) -> lane 15. */
    check_xfrm(7, false, 0x0005, 0x4000, 0x8003);
}

/*
 * The four factors scalar instruction @scalar puts on the s2v bus, read
 * back through a vmad2 u (0x95, DST 7, SRC1 2, SRC2 4, bits 0-8 clear)
 * in the same bundle: $va = $v4 << 8 + $v2 * fa + $v3 * fb, with fa, fb
 * = f0, f2 where the lane's selector is 0 and f1, f3 where it is 1.  The
 * selectors are $vc0.sf = 0xff00 (the word's bits 0-2, or the bus's mask
 * of $vc0 for the s2v opcodes, whose DST is 0 here).  $v4 = 0; $v2 is 1
 * and $v3 0 in lanes 0-3 and 8-11, the other way round in lanes 4-7 and
 * 12-15: $va lanes 0, 4, 8, 12 are f0, f2, f1, f3.
 */
static void s2v_factors(NVVp1 *vp, uint32_t scalar, int32_t f[4])
{
    memset(vp->v[2], 0, 16);
    memset(vp->v[3], 0, 16);
    memset(vp->v[4], 0, 16);
    for (unsigned i = 0; i < 16; i++) {
        vp->v[i & 4 ? 3 : 2][i] = 1;
    }
    memset(vp->vc, 0, sizeof(vp->vc));
    vp->vc[0] = 0xff00;
    bundle(vp, scalar, INSN(0x95, 7, 2, 4, 0), 0, 0);
    f[0] = vp->va[0];
    f[1] = vp->va[8];
    f[2] = vp->va[4];
    f[3] = vp->va[12];
}

static void check_factors(NVVp1 *vp, uint32_t scalar, int32_t f0,
                          int32_t f1, int32_t f2, int32_t f3)
{
    int32_t f[4];

    s2v_factors(vp, scalar, f);
    g_assert_cmpint(f[0], ==, f0);
    g_assert_cmpint(f[1], ==, f1);
    g_assert_cmpint(f[2], ==, f2);
    g_assert_cmpint(f[3], ==, f3);
}

/* docs/vp1.rst "Scalar-to-vector bus": every scalar opcode drives it. */
static void test_s2v_every_scalar(void)
{
    NVVp1 *vp = vp_new();

    /*
     * Opcodes 0x40-0x7f: SRC1 bits 0-3 = t0..t3, f0 = 30 t0 + 480 t1,
     * f1 = 30 t2 + 480 t3, f2 = f3 = 0.  add $r9 $r8 $r8 with $r8 = 6
     * (t = 0, 1, 1, 0): 480, 30, 0, 0; and $r9 = 12 all the same.
     */
    vp->r[8] = 6;
    check_factors(vp, RR(0x4c, 9, 8, 8), 480, 30, 0, 0);
    g_assert_cmphex(vp->r[9], ==, 12);
    /* sethi reads $r[DST]: $r8 = 0xf (t = 1, 1, 1, 1): 510, 510. */
    vp->r[8] = 0xf;
    check_factors(vp, INSN(0x75, 8, 1, 0, 0) | 0x1234, 510, 510, 0, 0);
    /* The unused 0x4f too: $r8 = 0x0001 0009 -> t = 1, 0, 0, 1: 30, 480. */
    vp->r[8] = 0x10009;
    check_factors(vp, RR(0x4f, 0, 8, 0), 30, 480, 0, 0);
    /* The byte ALU (badd 0x0c) puts zeros on it. */
    check_factors(vp, RR(0x0c, 9, 8, 8), 0, 0, 0, 0);
    /*
     * 0x34: zext8 SRC1 bytes times word bits 0-7, the 10-bit signed
     * result: $r8 = 0xff03, bits 0-7 = 3: 3 * 3 = 9; 0xff * 3 = 765 =
     * 0x2fd, bit 9 set: 765 - 1024 = -259; 0, 0.
     */
    vp->r[8] = 0xff03;
    check_factors(vp, INSN(0x34, 0, 8, 0, 0x03), 9, -259, 0, 0);
    /*
     * bmul 0x01 (register form; opcode bit 1 clear: the product is
     * shifted right by 8; bit 8 with low opcode bits 1 and opcode bit 4
     * clear adds 0x100): SRC1 $r8 bytes 0x40, 0x80, 0, 0, SRC2 $r9
     * 0x80, 0xff, 0, 0, unsigned (word bits 1, 2 clear):
     * (0x40 * 0x80 + 256) >> 8 = 8448 >> 8 = 33;
     * (0x80 * 0xff + 256) >> 8 = 32896 >> 8 = 128; (0 + 256) >> 8 = 1.
     */
    vp->r[8] = 0x8040;
    vp->r[9] = 0xff80;
    check_factors(vp, INSN(0x01, 1, 8, 9, 0x100), 33, 128, 1, 1);
    g_free(vp);
}

/*
 * bvecmad's bytes are signed, and bvecmadsel duplicates whole lanes
 * (docs/vp1.rst "Scalar-to-vector bus").
 */
static void test_s2v_bvecmad_signed(void)
{
    NVVp1 *vp = vp_new();

    /*
     * bvecmad, prefactor $r8 bits 11-18 = 0x80, s2a = $r12, s2b = $r14
     * (SLCT 14: no mangling).  Lane 0: s2a 0x80 = -128, s2b 0xf0 = -16:
     * (256 * -128 + 128 * -16 + 64) >> 7 = (-32768 - 2048 + 64) >> 7 =
     * -34752 >> 7 = -271.5 -> -272.  Lane 1: 0x7f, 0x7f: (32512 + 16256
     * + 64) >> 7 = 48832 >> 7 = 381.5 -> 381.  Lanes 2, 3: 0: 64 >> 7 = 0.
     */
    vp->r[8] = 0x80 << 11;
    vp->r[12] = 0x00007f80;
    vp->r[14] = 0x00007ff0;
    check_factors(vp, INSN(0x04, 0, 8, 12, 14 << 5), -272, 381, 0, 0);
    /*
     * bvecmadsel: prefactor bits 11-17 = 0x40; s2a bytes 0x10 0x20 0x30
     * 0x40, s2b 0x10 0x20 0x10 0x20.  g0 = (4096 + 64 * 16 + 64) >> 7 =
     * 5184 >> 7 = 40; g2 = (12288 + 1024 + 64) >> 7 = 13376 >> 7 = 104.
     * f0 = f1 = g0, f2 = f3 = g2.
     */
    vp->r[8] = 0x40 << 11;
    vp->r[12] = 0x40302010;
    vp->r[14] = 0x20102010;
    check_factors(vp, INSN(0x05, 0, 8, 12, 14 << 5), 40, 40, 104, 104);
    g_free(vp);
}

/*
 * docs/vp1.rst "Scalar-to-vector bus": without an s2v opcode, vmad2 takes
 * its lane selectors from its own word: bits 0-1 name the $vc, bit 2 its
 * zf half.  add with $r8 = 6 drives f = 480, 30, 0, 0; vmad2 word bits
 * 0-2 = 2: $vc2.sf = 0xffff selects 1 everywhere, so lane 0 ($v2 = 1,
 * $v3 = 0) gets f1 = 30, not f0 = 480 (bit 1, SIGN2, only changes the
 * zero $v4).
 */
static void test_s2v_own_selectors(void)
{
    NVVp1 *vp = vp_new();

    vp->r[8] = 6;
    vp->v[2][0] = 1;
    vp->vc[2] = 0xffff;
    bundle(vp, RR(0x4c, 9, 8, 8), INSN(0x95, 7, 2, 4, 2), 0, 0);
    g_assert_cmpint(vp->va[0], ==, 30);
    g_free(vp);
}

/*
 * docs/vp1.rst "Read ports": beside bvecmad, an address $r store stores
 * bvecmad's third source $r[SRC2 | 2] ($r14), not its own SRC1 ($r5).
 * st $r5 at $a1 | 0 (0xde), then ld $r6 from there (0xda).
 */
static void test_bvecmad_store_port(void)
{
    NVVp1 *vp = vp_new();

    vp->r[5] = 0x55555555;
    vp->r[14] = 0x20102010;
    bundle(vp, INSN(0x04, 0, 8, 12, 14 << 5), INSN(0xde, 1, 5, 0, 7), 0, 0);
    one(vp, INSN(0xda, 6, 1, 0, 7));
    g_assert_cmphex(vp->r[6], ==, 0x20102010);
    g_free(vp);
}

/*
 * docs/vp1.rst "Scalar unit": $x, RFILE 24, 16 registers (DST and SRC1
 * taken mod 16).  mov $x3 <- $r4 (0x6a, DST 0x13), then mov $r5 <- $x3
 * (0x6b, SRC1 0x13) beside an address load of $r5 (0xda), which it beats;
 * CDST 0 clears $c0 bits 0-7: zf | azf reads 0x8200.
 */
static void test_x_file(void)
{
    NVVp1 *vp = vp_new();

    vp->r[4] = 0xdeadbeef;
    one(vp, INSN(0x6a, 0x13, 4, 0, 24 << 3 | 7));
    g_assert_cmphex(vp->x[3], ==, 0xdeadbeef);
    vp->c[0] = NV_VP1_C_ZF | NV_VP1_C_AZF;
    bundle(vp, INSN(0x6b, 5, 0x13, 0, 24 << 3 | 0), INSN(0xda, 5, 1, 0, 7),
           0, 0);
    g_assert_cmphex(vp->r[5], ==, 0xdeadbeef);
    g_assert_cmphex(nv_vp1_read_c(vp, 0), ==, 0x8200);
    g_free(vp);
}

/* bvecmad/bvecmadsel factors, read through vmad2 u: A = 10 << 8. */
static void test_s2v_bvecmad(void)
{
    NVVp1 *vp = vp_new();

    for (unsigned i = 0; i < 16; i++) {
        vp->v[2][i] = 100;
        vp->v[3][i] = 40;
        vp->v[4][i] = 10;
    }
    vp->r[8] = 0x80 << 11;          /* prefactor 0x80 (0 for bvecmadsel) */
    vp->r[12] = 0x40302010;         /* s2a */
    vp->r[14] = 0x20202020;         /* s2b = $r[SRC2 | 2] */
    /* bvecmad: f[i] = ((s2a[i] << 8) + 0x80 * 0x20 + 0x40) >> 7:
     * f0 = (4096 + 4096 + 64) >> 7 = 64, f2 = (12288 + 4160) >> 7 = 128.
     * 2560 + 100*64 + 40*128 = 14080 = 0x3700. */
    bundle(vp, INSN(0x04, 0, 8, 12, 14 << 5), INSN(0x95, 7, 2, 4, 0), 0, 0);
    g_assert_cmphex(v_word(vp, 7, 0), ==, 0x37373737);
    /* bvecmadsel: prefactor & 0x7f = 0, lanes read s2a[idx & 2]:
     * f0 = (0x10 << 8 + 0x40) >> 7 = 32, f2 = (0x30 << 8 + 0x40) >> 7 = 96.
     * 2560 + 3200 + 3840 = 9600 = 0x2580. */
    bundle(vp, INSN(0x05, 0, 8, 12, 14 << 5), INSN(0x95, 7, 2, 4, 0), 0, 0);
    g_assert_cmphex(v_word(vp, 7, 0), ==, 0x25252525);
    /* SLCT 15 ($c bit 15 = 1) ORs 1 into both register indices: s2a =
     * $r13 = 0, s2b = $r15 = 0: factors (0 + 0x40) >> 7 = 0. */
    bundle(vp, INSN(0x04, 0, 8, 12, 15 << 5), INSN(0x95, 7, 2, 4, 0), 0, 0);
    g_assert_cmphex(v_word(vp, 7, 0), ==, 0x0a0a0a0a);
    g_free(vp);
}

/* The bad vmac2 opcodes take the second register from SRC3. */
static void test_vector_mac2_bad(void)
{
    NVVp1 *vp = vp_new();

    for (unsigned i = 0; i < 16; i++) {
        vp->v[2][i] = 100;
        vp->v[3][i] = 40;
        vp->v[5][i] = 1;
    }
    memset(vp->va, 0, sizeof(vp->va));
    /* vec 0x80, 0x40; 0xa7 = vmac2 s with $v out, SRC3 = $v5, unsigned
     * inputs (SIGN1 = 0): 0 + 100*128 + 1*64 = 12864 = 0x3240.  SRC3 = 5
     * overlays HILO = 1 (lo) and SHIFT = 2: readout shift 9 - 2 - 8 = -1,
     * 12864 << 1 = 0x6480, low byte 0x80. */
    bundle(vp, 0x24000000u | 0x40 << 10 | 0x80 << 1,
           INSN(0xa7, 7, 2, 0, 5 << 4), 0, 0);
    g_assert_cmpint(vp->va[0], ==, 12864);
    g_assert_cmphex(v_word(vp, 7, 0), ==, 0x80808080);
    g_free(vp);
}

static void test_address_more(void)
{
    NVVp1 *vp = vp_new();

    for (unsigned i = 0; i < 16; i++) {
        vp->v[1][i] = 0xc0 + i;
    }
    /* stavh $v1 at 0x505 -> row 0x500, then $a2 += 0x30 (IMM 0x30). */
    vp->a[2] = 0x00000505;
    one(vp, RI(0xd4, 2, 1, 0x30, 7));
    g_assert_cmphex(nv_vp1_ds_read(vp, 0x50f, 0), ==, 0xcf);
    g_assert_cmphex(vp->a[2], ==, 0x535);
    /* ldavh from 0x505 again via $a3, += $a4. */
    vp->a[3] = 0x00000505;
    vp->a[4] = 0xfffffff0;
    one(vp, RR(0xc0, 5, 3, 4));
    g_assert_cmpmem(vp->v[5], 16, vp->v[1], 16);
    g_assert_cmphex(vp->a[3], ==, 0x4f5);
    /* stvv stride 3 (0x80): 0x1234 & 0x1fff & ~(0xf << 7) = 0x1034,
     * elements 0x1034 + 0x80 i; ldaxv reads it back into $vx. */
    vp->a[6] = 0xc0001234;
    one(vp, RI(0xdd, 6, 1, 0, 7));
    for (unsigned i = 0; i < 16; i++) {
        g_assert_cmphex(nv_vp1_ds_read(vp, 0x1034 + 0x80 * i, 3), ==,
                        0xc0 + i);
    }
    vp->a[7] = 0;
    one(vp, INSN(0xc9, 0, 6, 7, 14 << 5 | 7));
    g_assert_cmpmem(vp->vx, 16, vp->v[1], 16);
    /* ld $c output adds the immediate: (0xfff0 + 0x20) & 0xffff = 0x10
     * < limit 0x11 -> aef clear, though the OR address is 0xfff0. */
    vp->a[8] = 0x0011fff0;
    vp->c[0] = NV_VP1_C_AEF;
    one(vp, RI(0xda, 9, 8, 0x20, 0));
    g_assert_cmphex(nv_vp1_read_c(vp, 0), ==, 0x8000);
    /* DMA opcodes, 0xdb and the nop change nothing here. */
    one(vp, 0xc3ffffff);
    one(vp, 0xc7ffffff);
    one(vp, 0xceffffff);
    one(vp, 0xcfffffff);
    one(vp, 0xdbffffff);
    one(vp, 0xdfffffff);
    g_assert_cmphex(vp->a[31], ==, 0);
    g_assert_cmphex(nv_vp1_read_c(vp, 3), ==, 0x8000);
    g_free(vp);
}

/*
 * Unassigned scalar opcodes (docs/vp1.rst "Scalar unit"): 0x4f, 0x00,
 * 0x17 and 0x37 change nothing; 0x40, 0x43, 0x7f, 0x1f and 0x57 write no
 * $r but clear bits 0-7 of $c[CDST].
 */
static void test_scalar_unused(void)
{
    static const uint8_t nothing[] = { 0x4f, 0x00, 0x17, 0x37 };
    static const uint8_t clear[] = { 0x40, 0x43, 0x7f, 0x1f, 0x57 };
    NVVp1 *vp = vp_new();

    vp->r[1] = 0x11;
    /* $c0 = zf | azf: reads 0x8202 after the first list (CDST 0)... */
    vp->c[0] = NV_VP1_C_ZF | NV_VP1_C_AZF;
    for (unsigned i = 0; i < G_N_ELEMENTS(nothing); i++) {
        one(vp, INSN(nothing[i], 1, 2, 3, 0));
        g_assert_cmphex(nv_vp1_read_c(vp, 0), ==, 0x8202);
    }
    /* ...and 0x8200 after each of the second (sf/zf/b19-b21 cleared,
     * azf kept). */
    for (unsigned i = 0; i < G_N_ELEMENTS(clear); i++) {
        vp->c[0] = NV_VP1_C_ZF | NV_VP1_C_B21 | NV_VP1_C_AZF;
        one(vp, INSN(clear[i], 1, 2, 3, 0));
        g_assert_cmphex(nv_vp1_read_c(vp, 0), ==, 0x8200);
    }
    g_assert_cmphex(vp->r[1], ==, 0x11);
    g_free(vp);
}

/* vlrp4b with SLCT 4 (quad registers 0 and 1) and signed vlrp2. */
static void test_vector_lrp_more(void)
{
    NVVp1 *vp = vp_new();
    const uint32_t vec = 0x24000000u | 0x40 << 10 | 0x80 << 1;   /* 128, 64 */

    for (unsigned i = 0; i < 16; i++) {
        vp->v[8][i] = 100;
        vp->v[9][i] = 140;
        vp->vx[i] = 60;
    }
    /* $va 25600 + (140 - 100) * 128 + (60 - 100) * 64 = 28160 = 0x6e00:
     * unsigned readout shift 0 -> 0x6e. */
    for (unsigned i = 0; i < 16; i++) {
        vp->va[i] = 25600;
    }
    bundle(vp, vec, INSN(0xb6, 13, 8, 0, 4 << 5), 0, 0);
    g_assert_cmphex(v_word(vp, 13, 0), ==, 0x6e6e6e6e);
    g_assert_cmpint(vp->va[7], ==, 28160);
    /* Signed (0xb7): readout shift 9 - 8 = 1: 14080 = 0x3700 -> 0x37. */
    for (unsigned i = 0; i < 16; i++) {
        vp->va[i] = 25600;
    }
    bundle(vp, vec, INSN(0xb7, 13, 8, 0, 4 << 5), 0, 0);
    g_assert_cmphex(v_word(vp, 13, 0), ==, 0x37373737);
    /* ALTSHIFT 1 (bits 11-13), unsigned: readout shift -1: 56320 =
     * 0xdc00 -> 0xdc. */
    for (unsigned i = 0; i < 16; i++) {
        vp->va[i] = 25600;
    }
    bundle(vp, vec, INSN(0xb6, 13, 8, 0, 4 << 5) | 1 << 11, 0, 0);
    g_assert_cmphex(v_word(vp, 13, 0), ==, 0xdcdcdcdc);

    /* vlrp2 with SIGNS (bit 9) and SIGND (bit 12): inputs become
     * sext << 1: s10 = 0xf0 -> -32, s12 = 0x10 -> 32, s13 = 0 -> 0.
     * A = -32 << 9 = -16384; + 64 * 128 + 32 * 64 = -6144; readout
     * shift 1: -3072 = 0xf400 -> high byte 0xf4. */
    for (unsigned i = 0; i < 16; i++) {
        vp->v[8][i] = 0xf0;
        vp->v[10][i] = 0x10;
        vp->v[11][i] = 0;
    }
    bundle(vp, vec, INSN(0xb3, 12, 8, 0, 0) | 1 << 9 | 1 << 12, 0, 0);
    g_assert_cmphex(v_word(vp, 12, 0), ==, 0xf4f4f4f4);
    g_free(vp);
}

/* ---- Branch unit and execution (docs/vp1.rst "Branch unit") ---- */

/* A loop with $l: 3 iterations taken, 1 falling through. */
static void test_branch_loop(void)
{
    NVVp1 *vp = vp_new();
    const uint32_t code[] = {
        0xf0000303,                 /* 0: mov $l0 0x0303 (lzf <- 0) */
        B_NOP, B_NOP, B_NOP,
        0x6c08400f,                 /* 4: add $r1 $r1 1 */
        0xe30001a0,                 /* 5: bra+loop $l0 if !$c0.lzf, +0 */
        0x6c10800f,                 /* 6: add $r2 $r2 1 (delay slot) */
        B_NOP,
        0xff000042,                 /* 8: exit 0x42 */
    };

    nv_vp1_load_code(vp, 0, code, G_N_ELEMENTS(code));
    nv_vp1_start(vp, 0);
    /* Bundles: 4 in group 0; 4 x ([4,5] + delay [6,7]); exit: 13.
     * Steps of $l0: 0x0302, 0x0301, 0x0300 (lzf 1), then the counter
     * reloads: 0x0303.  The 4th pass reads lzf = 1 and falls through. */
    g_assert_cmpuint(nv_vp1_run(vp, 1000), ==, 13);
    g_assert_cmphex(vp->r[1], ==, 4);
    g_assert_cmphex(vp->r[2], ==, 4);
    g_assert_cmphex(vp->l[0], ==, 0x0303);
    g_assert_cmphex(nv_vp1_read_c(vp, 0), ==, 0x8000);
    g_assert_false(vp->running);
    g_assert_cmphex(vp->exit_code, ==, 0x42);
    g_assert_cmphex(vp->events, ==, NV_VP1_EVENT_EXIT);
    g_free(vp);
}

static void test_branch_call(void)
{
    NVVp1 *vp = vp_new();
    const uint32_t code[] = {
        0xe40005e4,                 /* 0: call +2 groups if $c0 bit 15 */
        0x65080001,                 /* 1: mov $r1 1 (delay slot ...) */
        B_NOP,                      /* 2: (... same bundle) */
        0x65200004,                 /* 3: mov $r4 4 (return here) */
        0xff010007,                 /* 4: exit 7, intr */
        B_NOP, B_NOP, B_NOP,
        0x65180003,                 /* 8: mov $r3 3 */
        0xe8000004,                 /* 9: ret */
        0x65280005,                 /* 10: mov $r5 5 (delay slot) */
        B_NOP,
    };

    nv_vp1_load_code(vp, 0, code, G_N_ELEMENTS(code));
    nv_vp1_start(vp, 0);
    /* [0], [1 2], [8 9], [10 11], [3], [4]: 6 bundles.  The return
     * address is the word after the delay slot bundle: 3. */
    g_assert_cmpuint(nv_vp1_run(vp, 1000), ==, 6);
    g_assert_cmphex(vp->uc[0], ==, 3);
    g_assert_cmphex(vp->r[1], ==, 1);
    g_assert_cmphex(vp->r[3], ==, 3);
    g_assert_cmphex(vp->r[4], ==, 4);
    g_assert_cmphex(vp->r[5], ==, 5);
    g_assert_cmphex(vp->exit_code, ==, 7);
    g_assert_cmphex(vp->events, ==, NV_VP1_EVENT_EXIT | NV_VP1_EVENT_EXIT_INTR);
    /* CDST bit 2 set: $c untouched. */
    g_assert_cmphex(nv_vp1_read_c(vp, 0), ==, 0x8000);
    g_free(vp);
}

/* A branch in a delay slot: one bundle at the first target, then the
 * second target. */
static void test_branch_double_delay(void)
{
    NVVp1 *vp = vp_new();
    const uint32_t code[] = {
        0xea000002,                 /* 0: abra group 2 */
        0xea000003,                 /* 1: abra group 3 (delay slot) */
        B_NOP, B_NOP,
        B_NOP, B_NOP, B_NOP, B_NOP,
        0x65080001,                 /* 8: mov $r1 1 */
        0x65100002,                 /* 9: mov $r2 2 (never runs) */
        B_NOP, B_NOP,
        0xff000000,                 /* 12: exit */
    };

    nv_vp1_load_code(vp, 0, code, G_N_ELEMENTS(code));
    nv_vp1_start(vp, 0);
    g_assert_cmpuint(nv_vp1_run(vp, 1000), ==, 4);
    g_assert_cmphex(vp->r[1], ==, 1);
    g_assert_cmphex(vp->r[2], ==, 0);
    g_free(vp);
}

static void test_branch_flags(void)
{
    NVVp1 *vp = vp_new();

    /* bra (not taken: $c0 bit 14 is 0) with CDST 2: $c2 bit 13 <- 1. */
    one(vp, 0xe00001c2);
    g_assert_cmphex(nv_vp1_read_c(vp, 2), ==, 0xa000);
    /* An undefined opcode does the same; bnop, abra and exit do not. */
    one(vp, 0xe9000001);
    g_assert_cmphex(nv_vp1_read_c(vp, 1), ==, 0xa000);
    one(vp, 0xef000000);
    one(vp, 0xea000000);
    one(vp, 0xff000000);
    g_assert_cmphex(nv_vp1_read_c(vp, 0), ==, 0x8000);
    /* mov $l3 0x0100: counter 0 -> $c3.lzf = 1. */
    one(vp, 0xf0180100);
    g_assert_cmphex(vp->l[3], ==, 0x0100);
    g_assert_cmphex(nv_vp1_read_c(vp, 3), ==, 0xa000);
    /* Loop step with CDST 3 from $l3 (bits 3-4 = 3): counter 0 reloads
     * from the total: 0x0101, lzf 0. */
    one(vp, 0xe100001b);
    g_assert_cmphex(vp->l[3], ==, 0x0101);
    g_assert_cmphex(nv_vp1_read_c(vp, 3), ==, 0x8000);
    g_free(vp);
}

/* Execution is bounded whatever the code: an endless loop, and garbage. */
static void test_run_bounded(void)
{
    NVVp1 *vp = vp_new();
    const uint32_t loop[] = { 0xe00001e4 };     /* bra +0 always */
    uint32_t *junk = g_new(uint32_t, NV_VP1_CODE_WORDS);
    uint32_t x = 12345;

    nv_vp1_load_code(vp, 0, loop, 1);
    nv_vp1_start(vp, 0);
    g_assert_cmpuint(nv_vp1_run(vp, 1000), ==, 1000);
    g_assert_true(vp->running);
    /* Random words everywhere (never crash, never leave the arrays). */
    for (unsigned i = 0; i < NV_VP1_CODE_WORDS; i++) {
        x = x * 1103515245 + 12345;
        junk[i] = x ^ (x >> 16) << 3;
    }
    for (unsigned i = 0; i < 31; i++) {
        vp->a[i] = junk[i * 7];
        vp->r[i] = junk[i * 11];
        vp->l[i & 3] = junk[i * 13];
    }
    nv_vp1_load_code(vp, 0x3ffe, junk, NV_VP1_CODE_WORDS);
    nv_vp1_start(vp, 0);
    /* It stops early only through an exit. */
    if (nv_vp1_run(vp, 200000) < 200000) {
        g_assert_false(vp->running);
        g_assert_true(vp->events & NV_VP1_EVENT_EXIT);
    }
    g_assert_cmphex(vp->r[31], ==, 0);
    g_assert_cmphex(nv_vp1_read_c(vp, 0) & 0xd8c0, ==, 0x8000);
    g_free(junk);
    g_free(vp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/vp1/bundle-split", test_bundle_split);
    g_test_add_func("/vp1/fetch-le", test_fetch_le);
    g_test_add_func("/vp1/unit-ranges", test_unit_ranges);
    g_test_add_func("/vp1/slot-unit", test_slot_unit);
    g_test_add_func("/vp1/regfiles", test_regfiles);
    g_test_add_func("/vp1/scalar/mov", test_scalar_mov);
    g_test_add_func("/vp1/scalar/arith", test_scalar_arith);
    g_test_add_func("/vp1/scalar/shift", test_scalar_shift);
    g_test_add_func("/vp1/scalar/bitop", test_scalar_bitop);
    g_test_add_func("/vp1/scalar/bytes", test_scalar_bytes);
    g_test_add_func("/vp1/scalar/byte-shift", test_scalar_byte_shift);
    g_test_add_func("/vp1/scalar/bmul", test_scalar_bmul);
    g_test_add_func("/vp1/scalar/mangle", test_scalar_mangle);
    g_test_add_func("/vp1/bitop-order", test_bitop_order);
    g_test_add_func("/vp1/address/regs", test_address_regs);
    g_test_add_func("/vp1/address/xlat", test_data_store_xlat);
    g_test_add_func("/vp1/address/loadstore", test_address_loadstore);
    g_test_add_func("/vp1/address/raw", test_address_raw);
    g_test_add_func("/vp1/address/ldax", test_address_ldax);
    g_test_add_func("/vp1/bundle/parallel", test_parallel);
    g_test_add_func("/vp1/bundle/conflicts", test_conflicts);
    g_test_add_func("/vp1/bundle/hazards", test_hazards);
    g_test_add_func("/vp1/bundle/code-rewrite", test_code_rewrite);
    g_test_add_func("/vp1/vector/arith", test_vector_arith);
    g_test_add_func("/vp1/vector/moves", test_vector_moves);
    g_test_add_func("/vp1/vector/misc", test_vector_misc);
    g_test_add_func("/vp1/vector/cmpad", test_vector_cmpad);
    g_test_add_func("/vp1/vector/mul", test_vector_mul);
    g_test_add_func("/vp1/vector/s2v", test_vector_s2v);
    g_test_add_func("/vp1/vector/lrp", test_vector_lrp);
    g_test_add_func("/vp1/vector/lrp-more", test_vector_lrp_more);
    g_test_add_func("/vp1/vector/s2v-xfrm", test_s2v_xfrm);
    g_test_add_func("/vp1/vector/s2v-bvecmad", test_s2v_bvecmad);
    g_test_add_func("/vp1/vector/s2v-every-scalar", test_s2v_every_scalar);
    g_test_add_func("/vp1/vector/s2v-bvecmad-signed",
                    test_s2v_bvecmad_signed);
    g_test_add_func("/vp1/vector/s2v-own-selectors", test_s2v_own_selectors);
    g_test_add_func("/vp1/bundle/bvecmad-store-port", test_bvecmad_store_port);
    g_test_add_func("/vp1/scalar/x-file", test_x_file);
    g_test_add_func("/vp1/vector/mac2-bad", test_vector_mac2_bad);
    g_test_add_func("/vp1/address/more", test_address_more);
    g_test_add_func("/vp1/scalar/unused", test_scalar_unused);
    g_test_add_func("/vp1/branch/loop", test_branch_loop);
    g_test_add_func("/vp1/branch/call", test_branch_call);
    g_test_add_func("/vp1/branch/double-delay", test_branch_double_delay);
    g_test_add_func("/vp1/branch/flags", test_branch_flags);
    g_test_add_func("/vp1/run-bounded", test_run_bounded);
    return g_test_run();
}
