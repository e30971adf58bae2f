/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the swizzled (Z-order) layout shared by swizzled surfaces
 * (SWZSURF, hw/nv/graph/2d) and swizzled textures (hw/nv/tex).
 *
 * The low address bits take one bit of x, then y, then z in turn, each
 * axis dropping out once its log2 size is used up, so the larger axes'
 * high bits end on top.  This is how Mesa's nv30_transfer.c
 * (swizzle3d_ptr, and swizzle2d_ptr for non-square 2D) addresses them.
 */
#ifndef HW_NV_SWIZZLE_H
#define HW_NV_SWIZZLE_H

#include <stdint.h>

/*
 * Texel index of (@x, @y, @z) in a swizzled block of 2^@lu x 2^@lv x 2^@lw
 * texels; coordinate bits at or above the axis' log2 size are ignored.
 */
static inline uint64_t nv_swizzle(uint32_t x, uint32_t y, uint32_t z,
                                  unsigned lu, unsigned lv, unsigned lw)
{
    uint64_t r = 0;
    unsigned bit = 0;

    for (unsigned i = 0; i < 32 && (i < lu || i < lv || i < lw); i++) {
        if (i < lu) {
            r |= (uint64_t)(x >> i & 1) << bit++;
        }
        if (i < lv) {
            r |= (uint64_t)(y >> i & 1) << bit++;
        }
        if (i < lw) {
            r |= (uint64_t)(z >> i & 1) << bit++;
        }
    }
    return r;
}

#endif
