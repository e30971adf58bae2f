/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv guest tests: hold a GL program's frame on the screen.
 *
 * An LD_PRELOAD library for programs that present with eglSwapBuffers
 * and wait for each page flip before drawing the next frame (kmscube):
 * when the program swaps for the (N + 1)-th time, N = NV_HOLD_FRAME, its
 * N-th frame is the one scanned out, so the library runs the shell
 * command NV_HOLD_CMD first (x-session's: say "NV-SHOT: NAME", then wait
 * while the host takes its screendump), then swaps.
 * kmscube draws frame i from i alone, so the held frame is the same
 * whichever driver renders it: Mesa's nouveau driver on the card, or
 * llvmpipe (LIBGL_ALWAYS_SOFTWARE=1) for the reference.
 *
 * Built on the host (tests/guest/x-test.sh, the same Debian release as
 * the guest) with no GL headers: only eglSwapBuffers is wrapped.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

typedef unsigned int EGLBoolean;
typedef EGLBoolean SwapFn(void *dpy, void *surface);

EGLBoolean eglSwapBuffers(void *dpy, void *surface);

EGLBoolean eglSwapBuffers(void *dpy, void *surface)
{
    static SwapFn *real;
    static unsigned long frames;
    const char *frame = getenv("NV_HOLD_FRAME");
    const char *cmd = getenv("NV_HOLD_CMD");

    if (!real) {
        real = (SwapFn *)dlsym(RTLD_NEXT, "eglSwapBuffers");
        if (!real) {
            fprintf(stderr, "nv-hold: no eglSwapBuffers to wrap\n");
            abort();
        }
    }
    frames++;
    if (frame && cmd && frames == strtoul(frame, NULL, 10) + 1) {
        if (system(cmd) != 0) {
            fprintf(stderr, "nv-hold: '%s' failed\n", cmd);
        }
    }
    return real(dpy, surface);
}
