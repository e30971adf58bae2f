/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the swizzled (Morton order) surface layout that the 2D
 * engine's SWZSURF and the 3D render targets (rnndb nv10_rt_type
 * SWIZZLED) share: the low bits of x and y interleaved, x first, each
 * axis contributing only as many bits as its log2 size.
 */
#ifndef HW_NV_GRAPH_SWIZZLE_H
#define HW_NV_GRAPH_SWIZZLE_H

#include <stdint.h>

/*
 * The index of pixel (@x, @y) in a swizzled surface of 2^@log2_w by
 * 2^@log2_h pixels.  Callers keep @log2_w + @log2_h <= 32.
 */
static inline uint32_t nv_swizzle(uint32_t x, uint32_t y, unsigned log2_w,
                                  unsigned log2_h)
{
    unsigned n = log2_w > log2_h ? log2_w : log2_h;
    uint32_t r = 0;
    unsigned bit = 0;

    for (unsigned i = 0; i < n; i++) {
        if (i < log2_w) {
            r |= (x >> i & 1) << bit++;
        }
        if (i < log2_h) {
            r |= (y >> i & 1) << bit++;
        }
    }
    return r;
}

#endif
