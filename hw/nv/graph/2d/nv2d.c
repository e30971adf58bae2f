/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the NV4-family 2D classes of the NV20+ PGRAPH (docs/pgraph.rst
 * "2D classes").
 */
#include "hw/nv/card.h"
#include "hw/nv/graph/2d/nv2d.h"

void nv2d_reset(NV2dState *s)
{
    memset(s, 0, sizeof(*s));
}

void nv2d_bind(NVCard *card, unsigned subc, unsigned cls)
{
}

NVMethodClass *nv2d_class(NVCard *card, unsigned cls)
{
    return NULL;
}

bool nv2d_busy(NVCard *card)
{
    return false;
}

unsigned nv2d_run(NVCard *card, unsigned budget)
{
    return 0;
}
