/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the NV4-style RAMHT (NV4:G80), the hash table in RAMIN that
 * binds a channel's object handles to their instances (envytools
 * docs/hw/fifo/puller.rst "RAMHT and the FIFO objects").  PFIFO's puller
 * looks handles up in it; PGRAPH will too.  Where the table is and how
 * big comes from PFIFO's RAMHT register; the hash and the entry layout
 * are nouveau's (docs/pfifo.rst "Inferred behaviour").
 */
#ifndef HW_NV_RAMHT_H
#define HW_NV_RAMHT_H

#include <stdbool.h>
#include <stdint.h>

/* What an entry binds a handle to. */
typedef struct NV4RamhtEntry {
    unsigned engine;            /* NVFifoEngine */
    uint32_t inst;              /* RAMIN byte address of the object */
} NV4RamhtEntry;

struct NVCard;
/* nouveau's RAMHT hash (nvkm/core/ramht.c), for drivers and tests. */
uint32_t nv4_ramht_hash(struct NVCard *card, uint32_t handle, unsigned chid);
/* Find @handle of channel @chid; false if the search does not meet it. */
bool nv4_ramht_lookup(struct NVCard *card, uint32_t handle, unsigned chid,
                      NV4RamhtEntry *e);

#endif
