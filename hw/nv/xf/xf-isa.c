/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: XF instruction decoders (envytools docs/hw/graph/xf/isa.rst
 * "Instruction encoding and storage").  One table of bit positions per
 * encoding turns an XFPR word into the ISA-neutral NVXfInsn once, when it
 * is written.
 *
 * Inferred where docs/hw/graph/xf/isa.rst says "todo": source mux 1 = temp,
 * 2 = IBUF, 3 = XFCTX (0 reads zero); swizzle value 0-3 = X-W; write mask
 * bit 3 = X, bit 0 = W (XF is big-endian); a
 * temp index past the ISA's register file means "no temp write" (the
 * all-ones index being the usual "none"); BRA/CAL targets sit in the
 * XFCTX_ADDR field, which a branch does not otherwise use.
 *
 * OUT_TARGET (Kelvin and Rankine bit 11) set selects the output register,
 * clear XFCTX (docs/xf.rst "Output target"); Curie has only output
 * registers.
 *
 * Conversion (isa.rst "Kelvin -> Rankine", "Rankine/Curie -> combined",
 * all "todo") is decode with the uploaded ISA, encode with the native one.
 * Kelvin -> Rankine moves the output address as docs/xf.rst "Output
 * target" says.  Inferred: IBUF indices and the other conversions' output
 * indices are kept as they are, and an output the target cannot address
 * (an XFCTX output or a TBUF index past OUT_ADDR on NV40) is dropped.
 */
#include <string.h>

#include "hw/nv/xf/xf-isa.h"

typedef struct Field {
    uint8_t lo, len;        /* len 0: the ISA has no such field */
} Field;

enum {
    F_END, F_CTX_INDEXED, F_OUT_IS_SCA, F_OUT_ADDR, F_OUT_TARGET, F_OUT_WM,
    F_OUT_WM_VEC, F_OUT_WM_SCA, F_DST_SCA, F_DST_WM_VEC, F_DST, F_DST_WM_SCA,
    F_DST_VEC, F_SRC2, F_SRC1, F_SRC0, F_IBUF_ADDR, F_CTX_ADDR, F_OP_VEC,
    F_OP_SCA, F_ASRC_SWZ, F_CSRC_SWZ, F_COND_TEST, F_COND_ENABLE, F_CDST_WM,
    F_SRC0_ABS, F_SRC1_ABS, F_SRC2_ABS, F_ASRC, F_CSRCDST, F_SAT,
    F_IBUF_INDEXED, F_OUT_INDEXED, F_CDST_IS_VEC, F_OUT_IS_VEC, F_WAS_CURIE,
    F_COUNT
};

typedef struct IsaLayout {
    Field f[F_COUNT];
    Field mux, reg, swz, neg;   /* inside a SRCx field */
    unsigned regs;              /* XFREG size */
} IsaLayout;

#define F(lo, hi)   { lo, (hi) - (lo) + 1 }

static const IsaLayout kelvin = {
    .f = {
        [F_END] = F(0, 0), [F_CTX_INDEXED] = F(1, 1),
        [F_OUT_IS_SCA] = F(2, 2), [F_OUT_ADDR] = F(3, 10),
        [F_OUT_TARGET] = F(11, 11), [F_OUT_WM] = F(12, 15),
        [F_DST_WM_SCA] = F(16, 19), [F_DST] = F(20, 23),
        [F_DST_WM_VEC] = F(24, 27), [F_SRC2] = F(28, 42),
        [F_SRC1] = F(43, 57), [F_SRC0] = F(58, 72),
        [F_IBUF_ADDR] = F(73, 76), [F_CTX_ADDR] = F(77, 84),
        [F_OP_VEC] = F(85, 88), [F_OP_SCA] = F(89, 91),
    },
    .mux = F(0, 1), .reg = F(2, 5), .swz = F(6, 13), .neg = F(14, 14),
    .regs = 12,
};

static const IsaLayout rankine = {
    .f = {
        [F_END] = F(0, 0), [F_CTX_INDEXED] = F(1, 1),
        [F_OUT_ADDR] = F(2, 10), [F_OUT_TARGET] = F(11, 11),
        [F_OUT_WM_VEC] = F(12, 15), [F_OUT_WM_SCA] = F(16, 19),
        [F_DST_WM_VEC] = F(20, 23), [F_DST_WM_SCA] = F(24, 27),
        [F_SRC2] = F(28, 42), [F_SRC1] = F(43, 57), [F_SRC0] = F(58, 72),
        [F_IBUF_ADDR] = F(73, 76), [F_CTX_ADDR] = F(78, 86),
        [F_OP_VEC] = F(87, 91), [F_OP_SCA] = F(92, 96),
        [F_ASRC_SWZ] = F(97, 98), [F_CSRC_SWZ] = F(99, 106),
        [F_COND_TEST] = F(107, 109), [F_COND_ENABLE] = F(110, 110),
        [F_CDST_WM] = F(111, 111), [F_DST] = F(112, 116),
        [F_SRC0_ABS] = F(117, 117), [F_SRC1_ABS] = F(118, 118),
        [F_SRC2_ABS] = F(119, 119), [F_ASRC] = F(120, 120),
    },
    .mux = F(0, 1), .reg = F(2, 5), .swz = F(6, 13), .neg = F(14, 14),
    .regs = 16,
};

/* Curie and the combined ISA share everything but OUT_WM_* (128-135). */
#define CURIE_FIELDS \
    [F_END] = F(0, 0), [F_CTX_INDEXED] = F(1, 1), \
    [F_OUT_ADDR] = F(2, 6), [F_DST_SCA] = F(7, 12), \
    [F_DST_WM_VEC] = F(13, 16), [F_DST_WM_SCA] = F(17, 20), \
    [F_SRC2] = F(21, 37), [F_SRC1] = F(38, 54), [F_SRC0] = F(55, 71), \
    [F_IBUF_ADDR] = F(72, 75), [F_CTX_ADDR] = F(76, 85), \
    [F_OP_VEC] = F(86, 90), [F_OP_SCA] = F(91, 95), \
    [F_ASRC_SWZ] = F(96, 97), [F_CSRC_SWZ] = F(98, 105), \
    [F_COND_TEST] = F(106, 108), [F_COND_ENABLE] = F(109, 109), \
    [F_CDST_WM] = F(110, 110), [F_DST_VEC] = F(111, 116), \
    [F_SRC0_ABS] = F(117, 117), [F_SRC1_ABS] = F(118, 118), \
    [F_SRC2_ABS] = F(119, 119), [F_ASRC] = F(120, 120), \
    [F_CSRCDST] = F(121, 121), [F_SAT] = F(122, 122), \
    [F_IBUF_INDEXED] = F(123, 123), [F_OUT_INDEXED] = F(124, 124), \
    [F_CDST_IS_VEC] = F(125, 125), [F_OUT_IS_VEC] = F(126, 126)

/* XFREG size on Curie is "???" in isa.rst: 32, as GL_NV_vertex_program3. */
static const IsaLayout curie = {
    .f = { CURIE_FIELDS },
    .mux = F(0, 1), .reg = F(2, 7), .swz = F(8, 15), .neg = F(16, 16),
    .regs = 32,
};

static const IsaLayout combined = {
    .f = {
        CURIE_FIELDS,
        [F_WAS_CURIE] = F(127, 127),
        [F_OUT_WM_SCA] = F(128, 131), [F_OUT_WM_VEC] = F(132, 135),
    },
    .mux = F(0, 1), .reg = F(2, 7), .swz = F(8, 15), .neg = F(16, 16),
    .regs = 32,
};

/* Bits [lo, lo + len) of a little-endian multiword; len <= 17. */
static uint32_t bits(const uint32_t *w, unsigned lo, unsigned len)
{
    uint64_t v = w[lo / 32];

    if (lo / 32 + 1 < NV_XF_PR_WORDS) {
        v |= (uint64_t)w[lo / 32 + 1] << 32;
    }
    return (v >> (lo % 32)) & ((1u << len) - 1);
}

static uint32_t field(const uint32_t *w, Field f)
{
    return f.len ? bits(w, f.lo, f.len) : 0;
}

/* A subfield of an already extracted SRCx field. */
static uint32_t sub(uint32_t v, Field f)
{
    return (v >> f.lo) & ((1u << f.len) - 1);
}

/* An 8-bit swizzle: bits 6-7 X, 4-5 Y, 2-3 Z, 0-1 W. */
static void swizzle(uint32_t s, uint8_t out[4])
{
    unsigned c;

    for (c = 0; c < 4; c++) {
        out[c] = (s >> (6 - 2 * c)) & 3;
    }
}

/* A temp index outside the file: no write (NV_XF_REGS never matches). */
static uint8_t temp(const IsaLayout *l, uint32_t idx)
{
    return idx < l->regs ? idx : NV_XF_REGS;
}

static const IsaLayout *layout(NVXfIsa isa)
{
    switch (isa) {
    case NV_XF_KELVIN:
        return &kelvin;
    case NV_XF_RANKINE:
        return &rankine;
    case NV_XF_COMBINED:
        return &combined;
    default:
        return &curie;
    }
}

unsigned nv_xf_temps(NVXfIsa isa)
{
    return layout(isa)->regs;
}

void nv_xf_decode(NVXfIsa isa, const uint32_t w[NV_XF_PR_WORDS],
                  NVXfInsn *in)
{
    static const int src_field[3] = { F_SRC0, F_SRC1, F_SRC2 };
    static const int abs_field[3] = { F_SRC0_ABS, F_SRC1_ABS, F_SRC2_ABS };
    const IsaLayout *l = layout(isa);
    const Field *f = l->f;
    unsigned i;

    *in = (NVXfInsn) { 0 };
    in->end = field(w, f[F_END]);
    in->ctx_indexed = field(w, f[F_CTX_INDEXED]);
    in->ibuf_indexed = field(w, f[F_IBUF_INDEXED]);
    in->out_indexed = field(w, f[F_OUT_INDEXED]);
    in->sat = field(w, f[F_SAT]);
    in->out_to_ctx = f[F_OUT_TARGET].len && !field(w, f[F_OUT_TARGET]);
    in->out_addr = field(w, f[F_OUT_ADDR]);
    in->dst_wm_vec = field(w, f[F_DST_WM_VEC]);
    in->dst_wm_sca = field(w, f[F_DST_WM_SCA]);
    if (f[F_DST].len) {
        /* Kelvin and Rankine: one temp for both results. */
        in->dst_vec = in->dst_sca = temp(l, field(w, f[F_DST]));
    } else {
        in->dst_vec = temp(l, field(w, f[F_DST_VEC]));
        in->dst_sca = temp(l, field(w, f[F_DST_SCA]));
    }
    if (f[F_OUT_WM].len) {
        /*
         * Kelvin: one output mask, OUT_IS_SCA picks the result; under a
         * NOP vector op the scalar one goes out all the same (docs/xf.rst
         * "Kelvin's output").
         */
        uint8_t wm = field(w, f[F_OUT_WM]);
        bool sca = field(w, f[F_OUT_IS_SCA]) ||
                   (!field(w, f[F_OP_VEC]) && field(w, f[F_OP_SCA]));

        in->out_wm_sca = sca ? wm : 0;
        in->out_wm_vec = sca ? 0 : wm;
    } else if (f[F_OUT_WM_VEC].len) {
        in->out_wm_vec = field(w, f[F_OUT_WM_VEC]);
        in->out_wm_sca = field(w, f[F_OUT_WM_SCA]);
    } else {
        /* Curie: the result OUT_IS_VEC picks goes out with its temp mask. */
        bool vec = field(w, f[F_OUT_IS_VEC]);

        in->out_wm_vec = vec ? in->dst_wm_vec : 0;
        in->out_wm_sca = vec ? 0 : in->dst_wm_sca;
    }
    for (i = 0; i < 3; i++) {
        uint32_t s = field(w, f[src_field[i]]);
        NVXfSrc *src = &in->src[i];

        src->mux = sub(s, l->mux);
        src->reg = sub(s, l->reg);
        swizzle(sub(s, l->swz), src->swz);
        src->neg = sub(s, l->neg);
        src->abs = field(w, f[abs_field[i]]);
        if (src->mux == 1 && src->reg >= l->regs) {
            src->mux = 0;   /* past the register file: reads zero */
        }
    }
    in->ibuf_addr = field(w, f[F_IBUF_ADDR]);
    in->ctx_addr = field(w, f[F_CTX_ADDR]);
    in->target = in->ctx_addr;
    in->op_vec = field(w, f[F_OP_VEC]);
    in->op_sca = field(w, f[F_OP_SCA]);
    in->asrc = field(w, f[F_ASRC]);
    in->asrc_swz = field(w, f[F_ASRC_SWZ]);
    /* Kelvin has no condition codes: CSRC_SWZ reads as the identity. */
    swizzle(f[F_CSRC_SWZ].len ? field(w, f[F_CSRC_SWZ]) : 0x1b, in->csrc_swz);
    in->cond_test = field(w, f[F_COND_TEST]);
    in->cond_enable = field(w, f[F_COND_ENABLE]);
    in->cdst_write = field(w, f[F_CDST_WM]);
    /* Rankine has no CDST_IS_VEC: inferred, the vector result unless the
     * vector op is NOP. */
    in->cdst_is_vec = f[F_CDST_IS_VEC].len ? field(w, f[F_CDST_IS_VEC])
                                          : in->op_vec != 0;
    in->csrcdst = field(w, f[F_CSRCDST]);
}

static void set_bits(uint32_t *w, Field f, uint32_t v)
{
    for (unsigned i = 0; i < f.len; i++) {
        unsigned b = f.lo + i;

        w[b / 32] = (w[b / 32] & ~(1u << (b % 32))) |
                    ((v >> i) & 1) << (b % 32);
    }
}

/* A temp index back to its field: "none" is the all-ones index. */
static uint32_t temp_field(Field f, uint8_t idx)
{
    return idx < NV_XF_REGS ? idx : (1u << f.len) - 1;
}

static uint32_t swizzle_field(const uint8_t c[4])
{
    return c[0] << 6 | c[1] << 4 | c[2] << 2 | c[3];
}

void nv_xf_encode(NVXfIsa isa, const NVXfInsn *in,
                  uint32_t w[NV_XF_PR_WORDS])
{
    static const int src_field[3] = { F_SRC0, F_SRC1, F_SRC2 };
    static const int abs_field[3] = { F_SRC0_ABS, F_SRC1_ABS, F_SRC2_ABS };
    const IsaLayout *l = layout(isa);
    const Field *f = l->f;
    uint8_t wm_vec = in->out_wm_vec, wm_sca = in->out_wm_sca;
    unsigned i;

    memset(w, 0, NV_XF_PR_WORDS * 4);
    if ((in->out_to_ctx && !f[F_OUT_TARGET].len) ||
        in->out_addr >= 1u << f[F_OUT_ADDR].len) {
        wm_vec = wm_sca = 0;
    }
    set_bits(w, f[F_END], in->end);
    set_bits(w, f[F_CTX_INDEXED], in->ctx_indexed);
    set_bits(w, f[F_IBUF_INDEXED], in->ibuf_indexed);
    set_bits(w, f[F_OUT_INDEXED], in->out_indexed);
    set_bits(w, f[F_SAT], in->sat);
    set_bits(w, f[F_OUT_TARGET], !in->out_to_ctx);
    set_bits(w, f[F_OUT_ADDR], wm_vec | wm_sca ? in->out_addr : 0x1f);
    set_bits(w, f[F_DST_WM_VEC], in->dst_wm_vec);
    set_bits(w, f[F_DST_WM_SCA], in->dst_wm_sca);
    set_bits(w, f[F_DST], temp_field(f[F_DST], in->dst_vec));
    set_bits(w, f[F_DST_VEC], temp_field(f[F_DST_VEC], in->dst_vec));
    set_bits(w, f[F_DST_SCA], temp_field(f[F_DST_SCA], in->dst_sca));
    set_bits(w, f[F_OUT_IS_SCA], wm_sca != 0);
    set_bits(w, f[F_OUT_WM], wm_sca ? wm_sca : wm_vec);
    set_bits(w, f[F_OUT_WM_VEC], wm_vec);
    set_bits(w, f[F_OUT_WM_SCA], wm_sca);
    set_bits(w, f[F_OUT_IS_VEC], wm_vec != 0);
    for (i = 0; i < 3; i++) {
        const NVXfSrc *src = &in->src[i];
        uint32_t v = 0;

        set_bits(&v, l->mux, src->mux);
        set_bits(&v, l->reg, src->reg);
        set_bits(&v, l->swz, swizzle_field(src->swz));
        set_bits(&v, l->neg, src->neg);
        set_bits(w, f[src_field[i]], v);
        set_bits(w, f[abs_field[i]], src->abs);
    }
    set_bits(w, f[F_IBUF_ADDR], in->ibuf_addr);
    set_bits(w, f[F_CTX_ADDR], in->ctx_addr);
    set_bits(w, f[F_OP_VEC], in->op_vec);
    set_bits(w, f[F_OP_SCA], in->op_sca);
    set_bits(w, f[F_ASRC], in->asrc);
    set_bits(w, f[F_ASRC_SWZ], in->asrc_swz);
    set_bits(w, f[F_CSRC_SWZ], swizzle_field(in->csrc_swz));
    set_bits(w, f[F_COND_TEST], in->cond_test);
    set_bits(w, f[F_COND_ENABLE], in->cond_enable);
    set_bits(w, f[F_CDST_WM], in->cdst_write);
    set_bits(w, f[F_CDST_IS_VEC], in->cdst_is_vec);
    set_bits(w, f[F_CSRCDST], in->csrcdst);
}

/*
 * A Kelvin output address as Rankine numbers it (docs/xf.rst "Output
 * target"): XFCTX's user area starts 0x3c slots later (envytools
 * docs/hw/graph/xf/ctx.rst: 0x60 on Kelvin, 0x9c on Rankine), output
 * registers 7-0xf are renumbered and the all-ones "none" widens.
 */
static uint16_t kelvin_out_on_rankine(const NVXfInsn *in)
{
    static const uint8_t reg[16] = {
        0, 1, 2, 3, 4, 5, 6, 1, 2, 8, 9, 0xa, 0xb, 0xc, 0xd, 0xe,
    };

    if (in->out_to_ctx) {
        return in->out_addr + 0x3c;
    }
    return in->out_addr < 16 ? reg[in->out_addr] :
           in->out_addr == 0xff ? 0x1ff : in->out_addr;
}

void nv_xf_convert(NVXfIsa from, NVXfIsa to, const uint32_t in[NV_XF_PR_WORDS],
                   uint32_t out[NV_XF_PR_WORDS])
{
    NVXfInsn insn;

    nv_xf_decode(from, in, &insn);
    if (from == NV_XF_KELVIN && to == NV_XF_RANKINE) {
        insn.out_addr = kelvin_out_on_rankine(&insn);
    }
    nv_xf_encode(to, &insn, out);
    if (from == NV_XF_CURIE) {
        set_bits(out, layout(to)->f[F_WAS_CURIE], 1);
    }
}
