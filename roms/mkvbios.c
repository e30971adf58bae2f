/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: writes the VBIOS image of one model.
 *
 * Usage: mkvbios MODEL OUT.bin [VGABIOS.bin]
 *
 * VGABIOS.bin is the x86 part, SeaBIOS's VGA BIOS for the model as
 * scripts/build-vgabios.sh builds it; without it the x86 part is a stub
 * that returns at once.
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
    g_autofree char *err = NULL;
    g_autofree gchar *x86 = NULL;
    g_autoptr(GError) gerr = NULL;
    gsize x86_size = 0;
    size_t size;
    FILE *f;

    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: %s MODEL OUT.bin [VGABIOS.bin]\n", argv[0]);
        return EXIT_FAILURE;
    }
    if (argc == 4 && !g_file_get_contents(argv[3], &x86, &x86_size, &gerr)) {
        fprintf(stderr, "%s: %s\n", argv[0], gerr->message);
        return EXIT_FAILURE;
    }
    size = nv_vbios_build_x86(argv[1], (const uint8_t *)x86, x86_size,
                              rom, sizeof(rom), &err);
    if (!size) {
        const NVModel *m = nv_model_find(argv[1]);
        g_autofree char *names = nv_model_names();

        if (m && m->arch != NV_ARCH_NV1 && argc == 4) {
            fprintf(stderr, "%s: %s: %s\n", argv[0], argv[3], err);
        } else {
            fprintf(stderr, "%s: %s (models: %s)\n", argv[0], err, names);
        }
        return EXIT_FAILURE;
    }

    f = fopen(argv[2], "wb");
    if (!f || fwrite(rom, 1, size, f) != size || fclose(f)) {
        fprintf(stderr, "%s: %s: %s\n", argv[0], argv[2], strerror(errno));
        return EXIT_FAILURE;
    }
    return EXIT_SUCCESS;
}
