/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the NV4-family 2D engine of the NV20+ PGRAPH: the context
 * objects, surfaces, GDI, blits, image-from-CPU and M2MF classes, and
 * the per-pixel pipeline they all draw through (docs/pgraph.rst "2D
 * classes").
 */
#ifndef HW_NV_GRAPH_2D_NV2D_H
#define HW_NV_GRAPH_2D_NV2D_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/nv/core/method.h"

/* The 2D state of one graphics context (saved with it). */
typedef struct NV2dState {
    uint32_t unused;
} NV2dState;

struct NVCard;

void nv2d_reset(NV2dState *s);
/* Object @cls was bound to subchannel @subc. */
void nv2d_bind(struct NVCard *card, unsigned subc, unsigned cls);
/* The method table of 2D class @cls on this card, NULL if it has none. */
NVMethodClass *nv2d_class(struct NVCard *card, unsigned cls);
/*
 * Work a method started and left to run in slices (a large blit or M2MF
 * copy): PGRAPH is busy until it is done; nv2d_run() does up to @budget
 * units of it and returns how many.
 */
bool nv2d_busy(struct NVCard *card);
unsigned nv2d_run(struct NVCard *card, unsigned budget);

#endif
