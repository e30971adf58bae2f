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
/* @v's bits 0-31 at bits 0, 2, 4 ... 62 (Morton's spread). */
static inline uint64_t nv_swizzle_spread(uint32_t v)
{
    uint64_t r = v;

    r = (r | r << 16) & 0x0000ffff0000ffffull;
    r = (r | r << 8) & 0x00ff00ff00ff00ffull;
    r = (r | r << 4) & 0x0f0f0f0f0f0f0f0full;
    r = (r | r << 2) & 0x3333333333333333ull;
    return (r | r << 1) & 0x5555555555555555ull;
}

static inline uint64_t nv_swizzle(uint32_t x, uint32_t y, uint32_t z,
                                  unsigned lu, unsigned lv, unsigned lw)
{
    uint64_t r = 0;
    unsigned bit = 0;

    /*
     * 2D, the common case, without the bit loop: the low m = min(lu, lv)
     * bits of x and y alternate (x first), then the rest of the larger
     * axis' bits follow in order.  Sizes past 32 bits act as 32.
     */
    if (lw == 0) {
        unsigned u = lu < 32 ? lu : 32, v = lv < 32 ? lv : 32;
        unsigned m = u < v ? u : v;
        uint64_t low = m ? 0xffffffffull >> (32 - m) : 0;

        r = nv_swizzle_spread(x & low) | nv_swizzle_spread(y & low) << 1;
        if (u > m) {
            r |= (x >> m & 0xffffffffull >> (32 - (u - m))) << 2 * m;
        } else if (v > m) {
            r |= (y >> m & 0xffffffffull >> (32 - (v - m))) << 2 * m;
        }
        return r;
    }

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
