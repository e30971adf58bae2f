/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: IDX unwrapping of wrapped XF commands (envytools
 * docs/hw/graph/xf/intro.rst "IDX command wrapping").  The FE (PIPE
 * registers, or 3D methods later) wraps an XF command in an IDX address:
 * the XF address (word-aligned, bits 2-3 the word, the rest the vector),
 * then the 4-bit type, then a marker.  Celsius: 10-bit address, marker
 * bit 14; Kelvin: 12, bit 16; Rankine: 13, bit 17.  Curie: 14-bit address
 * and type at 14-17, with a "target code" of 3 the docs are unsure of: we
 * read it as the two bits just above the type (18-19) being 3, the same
 * "marker just above the type" pattern as the older generations widened
 * to a 2-bit code.  The NV40 PIPE_ADDRESS writable mask 0x1303fffc
 * (docs/xf.rst "PIPE and RDI registers") keeps bits 0-17 and not 18-19,
 * so the PGRAPH block supplies the code itself.
 */
#include "hw/nv/xf/idx.h"

typedef struct IdxFormat {
    unsigned addr_bits;     /* XF address width; the type sits above it */
    uint32_t marker;        /* value of the bits above the type */
    uint32_t marker_mask;
} IdxFormat;

static const IdxFormat formats[] = {
    [NV_IDX_CELSIUS] = { 10, 1, 1 },
    [NV_IDX_KELVIN]  = { 12, 1, 1 },
    [NV_IDX_RANKINE] = { 13, 1, 1 },
    [NV_IDX_CURIE]   = { 14, 3, 3 },
};

bool nv_idx_unwrap(NVIdxGen gen, uint32_t addr, NVXfCmd *cmd)
{
    const IdxFormat *f = &formats[gen];
    uint32_t xf_addr = addr & ((1u << f->addr_bits) - 1);

    if (((addr >> (f->addr_bits + 4)) & f->marker_mask) != f->marker) {
        return false;
    }
    cmd->type = (addr >> f->addr_bits) & 0xf;
    cmd->vec = xf_addr >> 4;
    cmd->word = (xf_addr >> 2) & 3;
    return true;
}

uint32_t nv_idx_wrap(NVIdxGen gen, uint8_t type, uint16_t vec, uint8_t word)
{
    const IdxFormat *f = &formats[gen];
    uint32_t xf_addr = ((uint32_t)vec << 4 | (word & 3u) << 2) &
                       ((1u << f->addr_bits) - 1);

    return f->marker << (f->addr_bits + 4) |
           (uint32_t)(type & 0xf) << f->addr_bits | xf_addr;
}

NVIdxGen nv_idx_gen(NVXfIsa isa)
{
    switch (isa) {
    case NV_XF_KELVIN:
        return NV_IDX_KELVIN;
    case NV_XF_RANKINE:
        return NV_IDX_RANKINE;
    case NV_XF_COMBINED:
    case NV_XF_CURIE:
        return NV_IDX_CURIE;
    default:
        return NV_IDX_CELSIUS;
    }
}
