/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: what the XF engine's sources share: xf.c (state, IDX2XF
 * commands, RDI, the rings) and xf-exec.c (XFPR decoding and the
 * interpreter).  Not part of the card's API.
 */
#ifndef HW_NV_XF_INTERNAL_H
#define HW_NV_XF_INTERNAL_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "hw/nv/xf/xf.h"

#define ONE         0x3f800000u
#define SIGN        0x80000000u
#define QNAN        0x7fffffffu
#define EXP_BITS    0x7f800000u     /* also +inf */

static inline bool nv_xf_is_kelvin(const NVXf *xf)
{
    return xf->isa == NV_XF_KELVIN;
}

/* NV40+: XFMODE, LT and the VAB passthrough slot are gone (envytools
 * docs/hw/graph/xf/intro.rst). */
static inline bool nv_xf_is_nv40(const NVXf *xf)
{
    return xf->isa == NV_XF_COMBINED || xf->isa == NV_XF_CURIE;
}

/* The LT unit and its 22-bit floats: before NV40 (intro.rst item 7). */
static inline bool nv_xf_has_lt(const NVXf *xf)
{
    return !nv_xf_is_nv40(xf);
}

/* Slot count of XFCTX and XFPR for the ISA (xf.c). */
unsigned nv_xf_ctx_slots(NVXfIsa isa);
unsigned nv_xf_pr_slots(NVXfIsa isa);

/* A guest-error log line on @card; none when @card is NULL (xf.c). */
void G_GNUC_PRINTF(2, 3) nv_xf_error(NVCard *card, const char *fmt, ...);

/*
 * Decode XFPR slot @pc into xf->code[pc] (xf-exec.c); every write of
 * pr[] is followed by this.
 */
void nv_xf_decode_slot(NVXf *xf, unsigned pc);
/* Decode every slot, for the current VP2 mode (xf-exec.c). */
void nv_xf_decode_all(NVXf *xf);

/*
 * Run the program at @pc to its end (xf-exec.c).  IBUF is VAB's first 16
 * vectors, read only; @tbuf receives the NV_XF_TBUF output vectors
 * (cleared first); XFCTX outputs are written only when @may_write_ctx.
 */
void nv_xf_run(NVXf *xf, NVCard *card, uint32_t pc, bool may_write_ctx,
               uint32_t (*tbuf)[4]);

#endif
