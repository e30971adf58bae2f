/* SPDX-License-Identifier: GPL-2.0-or-later */
/* qemu-nv: what the NV20+ PGRAPH's files share and nothing else needs. */
#ifndef HW_NV_PGRAPH_NV20_INTERNAL_H
#define HW_NV_PGRAPH_NV20_INTERNAL_H

#include "hw/nv/card.h"

/* The table register at BAR0 offset @off, stored value, no side effects. */
static inline uint32_t *nv20_reg(NVCard *card, uint32_t off)
{
    return &card->pgraph20.regs[((off - NV20_PGRAPH_BASE) / 4) %
                                NV20_PGRAPH_REGS];
}

static inline bool nv20_is_curie(const NVCard *card)
{
    return card->model->pgraph == NV_PGRAPH_CURIE;
}

/* The volatile reset (objects-nv20.c; docs/pgraph.rst). */
void nv20_volatile_reset(NVCard *card);

/* Channel ids PGRAPH keeps in CTX_USER (5 bits, as PFIFO's). */
#define NV20_CHID_MASK  0x1f

#endif
