/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: per-class method tables: the direct index, dispatch and the
 * method trace (core/method.h).
 */
#include <stdio.h>
#include <string.h>

#include "hw/nv/card.h"
#include "hw/nv/core/method.h"

/*
 * One slot per dword of the method space.  A row that overlaps an earlier
 * one, or reaches past the space, loses the clashing slots (the unit test
 * checks that no table has either).
 */
static void build_index(NVMethodClass *c)
{
    for (unsigned r = 0; r < c->count; r++) {
        const NVMethod *m = &c->methods[r];

        for (unsigned k = 0; k < m->count; k++) {
            uint32_t off = m->mthd + k * m->stride;

            if (off < NV_METHOD_SPACE && !(off & 3) && !c->index[off >> 2]) {
                c->index[off >> 2] = k << 16 | (r + 1);
            }
        }
    }
    c->indexed = true;
}

/* nv_method_find(), inlined into the dispatch. */
static inline const NVMethod *lookup(NVMethodClass *c, uint32_t mthd,
                                     unsigned *idx)
{
    const NVMethod *m;
    uint32_t slot;

    if (mthd >= NV_METHOD_SPACE || (mthd & 3)) {
        return NULL;
    }
    if (!c->indexed) {
        build_index(c);
    }
    slot = c->index[mthd >> 2];
    if (!slot) {
        return NULL;
    }
    m = &c->methods[(slot & 0xffff) - 1];
    *idx = slot >> 16;
    return m;
}

const NVMethod *nv_method_find(NVMethodClass *c, uint32_t mthd,
                               unsigned *idx)
{
    return lookup(c, mthd, idx);
}

void nv_method_nop(NVCard *card, const NVMethodCall *call)
{
}

/* The data as the row's type reads it, "" if it says nothing more. */
static void decode(const NVMethod *m, uint32_t data, char *buf, size_t len)
{
    buf[0] = 0;
    switch (m ? m->type : NV_MTYPE_HEX) {
    case NV_MTYPE_ENUM:
        for (const NVMethodValue *v = m->values; v && v->name; v++) {
            if (v->value == data) {
                snprintf(buf, len, "%s", v->name);
                break;
            }
        }
        break;
    case NV_MTYPE_XY16:
        snprintf(buf, len, "x %d, y %d", (int16_t)data, (int16_t)(data >> 16));
        break;
    case NV_MTYPE_WH16:
        snprintf(buf, len, "w %u, h %u", data & 0xffff, data >> 16);
        break;
    case NV_MTYPE_INT:
        snprintf(buf, len, "%d", (int32_t)data);
        break;
    }
}

/* Out of line: the dispatch stays small when nobody listens. */
static void __attribute__((noinline, cold))
trace(NVCard *card, const NVMethodClass *c, const NVMethodCall *call)
{
    const NVMethod *m = call->m;
    char cls[16], mthd[48], decoded[48];

    if (c->name) {
        snprintf(cls, sizeof(cls), "%s", c->name);
    } else {
        snprintf(cls, sizeof(cls), "0x%x", call->cls);
    }
    if (!m) {
        snprintf(mthd, sizeof(mthd), "0x%04x", call->mthd);
    } else if (m->count > 1) {
        snprintf(mthd, sizeof(mthd), "%s[%u]", m->name, call->idx);
    } else {
        snprintf(mthd, sizeof(mthd), "%s", m->name);
    }
    decode(m, call->data, decoded, sizeof(decoded));
    card->host.method_trace(card->host.opaque, call->chid, call->subc, cls,
                            mthd, call->data, decoded);
}

bool nv_method_call(NVCard *card, NVMethodClass *c, NVMethodCall *call)
{
    const NVMethod *m;

    call->idx = 0;
    m = call->m = lookup(c, call->mthd, &call->idx);
    if (card->host.method_trace && card->host.method_traced &&
        card->host.method_traced(card->host.opaque)) {
        trace(card, c, call);
    }
    if (!m) {
        return false;
    }
    if (m->fn) {
        m->fn(card, call);
    } else {
        uint32_t *field = (uint32_t *)((char *)card + m->field +
                                       (size_t)m->step * call->idx);

        *field = call->data & m->mask;
    }
    return true;
}
