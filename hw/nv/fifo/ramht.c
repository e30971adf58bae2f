/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the NV4-style RAMHT.  8-byte entries of handle and context,
 * the slot hashed as nouveau's nvkm_ramht_hash() does and searched
 * linearly from there for PFIFO.RAMHT's SEARCH entries.  The context
 * holds the channel, the engine and the object's RAMIN address >> 4: NV40
 * packs them as chid << 23 | engine << 20 | inst, earlier cards as
 * valid << 31 | chid << 24 | engine << 16 | inst (nouveau's
 * nvkm/engine/fifo/dmanv40.c, dmanv04.c; docs/pfifo.rst "Inferred
 * behaviour").
 */
#include "hw/nv/card.h"
#include "hw/nv/fifo/pfifo-nv4.h"
#include "hw/nv/fifo/ramht.h"
#include "hw/nv/mem/pramin.h"
#include "pfifo-nv4-internal.h"

/* PFIFO.RAMHT: SIZE in bits 16-17 (4 KiB << n: 512 << n entries). */
static unsigned ramht_bits(const NVCard *card)
{
    return 9 + ((card->pfifo4.ramht >> 16) & 3);
}

uint32_t nv4_ramht_hash(NVCard *card, uint32_t handle, unsigned chid)
{
    unsigned bits = ramht_bits(card);
    uint32_t hash = 0;

    for (; handle; handle >>= bits) {
        hash ^= handle & ((1u << bits) - 1);
    }
    return hash ^ chid << (bits - 4);
}

bool nv4_ramht_lookup(NVCard *card, uint32_t handle, unsigned chid,
                      NV4RamhtEntry *e)
{
    uint32_t ramht = card->pfifo4.ramht;
    unsigned bits = ramht_bits(card);
    /* SEARCH in bits 24-25 (16 << n entries), BASE in bits 4-8 (<< 8) */
    unsigned search = 16u << ((ramht >> 24) & 3);
    uint32_t base = (ramht & 0x1f0) << 8;
    uint32_t slot = nv4_ramht_hash(card, handle, chid);

    for (unsigned i = 0; i < search; i++) {
        uint32_t a = base + ((slot + i) & ((1u << bits) - 1)) * 8;
        uint32_t ctx = nv_ramin_read(card, a + 4, 4);
        bool match;

        if (nv_ramin_read(card, a, 4) != handle) {
            continue;
        }
        if (nv4_pfifo_is_nv40(card)) {
            match = (ctx >> 23) == chid;
            e->engine = (ctx >> 20) & 7;
            e->inst = (ctx & 0xfffff) << 4;
        } else {
            match = (ctx >> 31) && ((ctx >> 24) & 0x7f) == chid;
            e->engine = (ctx >> 16) & 3;
            e->inst = (ctx & 0xffff) << 4;
        }
        if (match) {
            return true;
        }
    }
    return false;
}
