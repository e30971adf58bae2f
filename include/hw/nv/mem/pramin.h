/* SPDX-License-Identifier: GPL-2.0-or-later */
/* qemu-nv: PRAMIN (instance memory window) and PROM (the VBIOS window). */
#ifndef HW_NV_PRAMIN_H
#define HW_NV_PRAMIN_H

#include <stdint.h>

#define NV_PRAMIN_BASE              0x700000
#define NV_PRAMIN_SIZE              0x100000

#define NV1_PROM_BASE               0x610000
#define NV1_PROM_SIZE               0x8000
#define NV4_PROM_BASE               0x300000
#define NV4_PROM_SIZE               0x100000

#define NV1_FB_BASE                 0x1000000
#define NV1_FB_SIZE                 0x1000000

struct NVCard;
/* VRAM address of RAMIN byte @addr (any size of RAMIN up to VRAM's). */
uint64_t nv_ramin_to_vram(struct NVCard *card, uint64_t addr);
/* A VRAM dword the card reads or writes itself (0 / dropped past VRAM). */
uint32_t nv_vram_read32(struct NVCard *card, uint64_t addr);
void nv_vram_write32(struct NVCard *card, uint64_t addr, uint32_t val);
/* Little-endian access to RAMIN, byte by byte through the mapping. */
uint64_t nv_ramin_read(struct NVCard *card, uint32_t addr, unsigned size);
void nv_ramin_write(struct NVCard *card, uint32_t addr, uint64_t val,
                    unsigned size);
/* NV4+: put the VBIOS image at the start of PRAMIN, as a POST would. */

extern const struct NVEngine nv_pramin_engine;
extern const struct NVEngine nv_prom_engine;

#endif
