/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: writes the VBIOS image of one model.
 *
 * Usage: mkvbios MODEL OUT.bin
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "hw/nv/nv-model.h"
#include "vbios.h"

int main(int argc, char **argv)
{
    static uint8_t rom[NV_VBIOS_SIZE];
    size_t size;
    FILE *f;

    if (argc != 3) {
        fprintf(stderr, "usage: %s MODEL OUT.bin\n", argv[0]);
        return EXIT_FAILURE;
    }
    size = nv_vbios_build(argv[1], rom, sizeof(rom));
    if (!size) {
        g_autofree char *names = nv_model_names();

        fprintf(stderr, "%s: no VBIOS for model '%s' (models: %s; nv1 has "
                "none)\n", argv[0], argv[1], names);
        return EXIT_FAILURE;
    }

    f = fopen(argv[2], "wb");
    if (!f || fwrite(rom, 1, size, f) != size || fclose(f)) {
        fprintf(stderr, "%s: %s: %s\n", argv[0], argv[2], strerror(errno));
        return EXIT_FAILURE;
    }
    return EXIT_SUCCESS;
}
