/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the NVIDIA tables of the emulated cards' video BIOS.
 *
 * roms/README.md describes the image and what of it nouveau reads.
 */
#ifndef ROMS_VBIOS_H
#define ROMS_VBIOS_H

#include <stddef.h>
#include <stdint.h>

/*
 * The whole option ROM: 64 KiB like the real boards' (128 units of 512
 * bytes).  The x86 VGA BIOS built from SeaBIOS is to fill the space below
 * NV_VBIOS_TABLES; the NVIDIA tables sit above it.
 */
#define NV_VBIOS_SIZE       0x10000
#define NV_VBIOS_TABLES     0xc000

/*
 * Writes the VBIOS image of @model (a model= name) into @buf.  Returns its
 * size, NV_VBIOS_SIZE, or 0 when @size is too small, the model is unknown
 * or it is one nouveau does not drive (nv1).
 */
size_t nv_vbios_build(const char *model, uint8_t *buf, size_t size);

#endif
