/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PGRAPH's flip counters (docs/pgraph.rst "Flip counters"), the
 * methods FLIP_SET_READ ... FLIP_HEAD_INCR_READ (rnndb graph/nv1_blit.xml,
 * graph/nv30-40_3d.xml) with which a channel waits for scanout.  nouveau
 * makes its page flips wait for the vblank with them: it sets READ 0,
 * WRITE 1 and MAX 2 once (two buffers, one shown, one drawn), then flips
 * with FLIP_INCR_WRITE, FLIP_HEAD_INCR_READ(head), NOP, FLIP_WAIT on its
 * blit object (dispnv04/crtc.c nv04_crtc_page_flip()).  envytools names
 * the methods only; what they do here is inferred from that use: the
 * counters step modulo MAX, READ at the head's vblank, and FLIP_WAIT
 * holds PGRAPH while WRITE, the buffer to draw next, is READ's, the one
 * shown.
 */
#include "hw/nv/card.h"
#include "hw/nv/fifo/pfifo-nv4.h"

/* The next buffer number after @n, modulo MAX (free-running if 0). */
static uint32_t step(const NV20Flip *f, uint32_t n)
{
    return f->max ? (n + 1) % f->max : n + 1;
}

enum {
    FLIP_SET_READ, FLIP_SET_WRITE, FLIP_MAX, FLIP_INCR_WRITE, FLIP_WAIT,
    FLIP_HEAD_INCR_READ,
};

void nv20_flip_method(NVCard *card, unsigned idx, uint32_t data)
{
    NV20Flip *f = &card->pgraph20.flip;

    switch (idx) {
    case FLIP_SET_READ:
        f->read = data;
        break;
    case FLIP_SET_WRITE:
        f->write = data;
        break;
    case FLIP_MAX:
        f->max = data;
        break;
    case FLIP_INCR_WRITE:
        f->write = step(f, f->write);
        break;
    case FLIP_WAIT:
        f->wait = true;
        break;
    case FLIP_HEAD_INCR_READ:
        if (data >= card->model->heads) {
            nv_log(card, NV_LOG_GUEST_ERROR, "nv: pgraph: FLIP_HEAD_INCR_READ "
                   "of head %u, the card has %u", data, card->model->heads);
            break;
        }
        f->heads |= 1u << data;
        break;
    }
}

/* FLIP_WAIT holds PGRAPH while the buffer to draw is the one shown. */
bool nv20_flip_busy(NVCard *card)
{
    NV20Flip *f = &card->pgraph20.flip;

    if (f->wait && f->read != f->write) {
        f->wait = false;
    }
    return f->wait;
}

/* A head's vblank: a FLIP_HEAD_INCR_READ waiting for it counts. */
void nv20_flip_vblank(NVCard *card, unsigned head)
{
    NV20Flip *f = &card->pgraph20.flip;
    bool busy;

    if (card->model->pgraph < NV_PGRAPH_KELVIN || !(f->heads & 1u << head)) {
        return;
    }
    busy = nv20_pgraph_busy(card);
    f->heads &= ~(1u << head);
    f->read = step(f, f->read);
    if (busy && !nv20_pgraph_busy(card)) {
        nv4_pfifo_run(card);
    }
}
