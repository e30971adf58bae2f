/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv guest tests: hold a GL program's frame on the screen.
 *
 * An LD_PRELOAD library for programs that present with eglSwapBuffers
 * (kmscube) or glXSwapBuffers (glxgears) and have the frame on the
 * screen before they draw the next: when the program swaps for the
 * (N + 1)-th time, N = NV_HOLD_FRAME, its N-th frame is the one shown,
 * so the library runs the shell command NV_HOLD_CMD first (x-session's:
 * say "NV-SHOT: NAME", then wait while the host takes its screendump),
 * then swaps.  NV_HOLD_FRAME may list several frames, "3,10,20": the
 * command runs at each, with NV_HOLD_N set to the frame's number.
 *
 * kmscube draws frame i from i alone.  glxgears turns its gears by the
 * time gettimeofday() gives between frames; with NV_HOLD_FPS set, the
 * library's gettimeofday() says that frame n is drawn at n / FPS seconds
 * after the first call, so frame N is the same picture however slowly
 * it was drawn.  Either way the held frame is the same whichever driver
 * renders it: Mesa's nouveau driver on the card, or llvmpipe for the
 * reference.
 *
 * Built on the host (tests/guest/rootfs.sh, the same Debian release as
 * the guest) with no GL headers: only the two swaps and gettimeofday()
 * are wrapped.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

typedef int SwapFn(void *dpy, void *surface);
typedef void GlxSwapFn(void *dpy, unsigned long drawable);

static unsigned long frames;

/* The function @name of the library after this one. */
static void *next(const char *name)
{
    void *f = dlsym(RTLD_NEXT, name);

    if (!f) {
        fprintf(stderr, "nv-hold: no %s to wrap\n", name);
        abort();
    }
    return f;
}

/* Whether the comma-separated list @list names frame @n. */
static bool listed(const char *list, unsigned long n)
{
    char *end;

    for (;;) {
        unsigned long v = strtoul(list, &end, 10);

        if (end == list) {
            return false;
        }
        if (v == n) {
            return true;
        }
        if (*end != ',') {
            return false;
        }
        list = end + 1;
    }
}

/* A swap is coming: frame @frames is on the screen. */
static void swapping(void)
{
    const char *frame = getenv("NV_HOLD_FRAME");
    const char *cmd = getenv("NV_HOLD_CMD");
    char n[24];

    frames++;
    if (!frame || !cmd || !listed(frame, frames - 1)) {
        return;
    }
    snprintf(n, sizeof(n), "%lu", frames - 1);
    setenv("NV_HOLD_N", n, 1);
    if (system(cmd) != 0) {
        fprintf(stderr, "nv-hold: '%s' failed\n", cmd);
    }
}

int eglSwapBuffers(void *dpy, void *surface);

int eglSwapBuffers(void *dpy, void *surface)
{
    static SwapFn *real;

    if (!real) {
        real = (SwapFn *)next("eglSwapBuffers");
    }
    swapping();
    return real(dpy, surface);
}

void glXSwapBuffers(void *dpy, unsigned long drawable);

void glXSwapBuffers(void *dpy, unsigned long drawable)
{
    static GlxSwapFn *real;

    if (!real) {
        real = (GlxSwapFn *)next("glXSwapBuffers");
    }
    swapping();
    real(dpy, drawable);
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz);

int gettimeofday(struct timeval *restrict tv, void *restrict tz)
{
    static int (*real)(struct timeval *restrict, void *restrict);
    static struct timeval start;
    const char *fps = getenv("NV_HOLD_FPS");
    unsigned long rate = fps ? strtoul(fps, NULL, 10) : 0;
    unsigned long long us;

    if (!real) {
        real = (int (*)(struct timeval *restrict, void *restrict))
               next("gettimeofday");
    }
    if (!rate) {
        return real(tv, tz);
    }
    if (!start.tv_sec) {
        real(&start, NULL);
    }
    us = start.tv_usec + frames * 1000000ull / rate;
    tv->tv_sec = start.tv_sec + us / 1000000;
    tv->tv_usec = us % 1000000;
    return 0;
}
