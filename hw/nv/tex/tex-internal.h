/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: what the texture unit's decode (tex.c) and texel code
 * (tex-format.c) share.
 */
#ifndef HW_NV_TEX_INTERNAL_H
#define HW_NV_TEX_INTERNAL_H

#include "hw/nv/tex/tex.h"

/*
 * The NVTexFormat of hardware format @code on @gen; *@rect is set for
 * Kelvin/Rankine's _RECT codes (left alone on Curie).
 */
unsigned nv_tex_format_lookup(NVTexGen gen, unsigned code, bool *rect);
/* Bytes a texel (a 4x4 block for DXT) of NVTexFormat @format. */
unsigned nv_tex_format_bpp(unsigned format);
bool nv_tex_format_is_dxt(unsigned format);

#endif
