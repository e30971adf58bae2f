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
 * bytes).  The x86 VGA BIOS built from SeaBIOS fills the space below
 * NV_VBIOS_TABLES; the NVIDIA tables sit above it.
 */
#define NV_VBIOS_SIZE       0x10000
#define NV_VBIOS_TABLES     0xc000

/*
 * The DCB pointer nouveau reads at 0x36 and the checksum byte at 6 (where
 * SeaBIOS's vgaentry.S keeps its own): the x86 part must leave both to
 * the generator.
 */
#define NV_VBIOS_DCB_PTR    0x36
/* 0x36-0x57: DCB pointer and our PCIR (0x40), zero in the x86 part. */
#define NV_VBIOS_RESERVED_END 0x58
#define NV_VBIOS_CHECKSUM   0x06

/*
 * Writes the VBIOS image of @model (a model= name) into @buf, with a
 * far-return stub as its x86 part.  Returns its size, NV_VBIOS_SIZE, or
 * 0 when @size is too small, the model is unknown or it is one nouveau
 * does not drive (nv1).
 */
size_t nv_vbios_build(const char *model, uint8_t *buf, size_t size);

/*
 * The same with @x86 (@x86_size bytes: an option ROM image, SeaBIOS's VGA
 * BIOS built by scripts/build-vgabios.sh) as the x86 part, copied in at
 * 0.  It must be a 0x55aa image that ends below NV_VBIOS_TABLES, begins
 * with a jump of at most 3 bytes (so offset 6 is free), has 0x36-0x37
 * zero and a PCIR with the model's ids; its PCIR is kept and given the
 * whole image's length.  Returns NV_VBIOS_SIZE, or 0 with a message in
 * *@err (if @err is not NULL; free it with g_free()).
 */
size_t nv_vbios_build_x86(const char *model, const uint8_t *x86,
                          size_t x86_size, uint8_t *buf, size_t size,
                          char **err);

#endif
