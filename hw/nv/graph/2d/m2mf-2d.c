/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: NV3_M2MF (class 0x39): LINE_COUNT lines of LINE_LENGTH_IN
 * bytes copied from one DMA object to another, each side with its own
 * offset and pitch, then the buffer notifier (rnndb graph/nv_m2mf.xml;
 * envytools docs/hw/graph/m2mf.rst is a "todo"; what nouveau's TTM moves
 * rely on, nouveau_bo0039.c, is in docs/pgraph.rst "M2MF").
 */
#include "hw/nv/card.h"
#include "hw/nv/graph/2d/nv2d-internal.h"
#include "hw/nv/graph/nv20/pgraph-nv20.h"

/* The buffer notifier is the second of the notify object (intro.rst). */
#define M2MF_BUF_NOTIFIER   0x10

static void copy_done(NVCard *card)
{
    nv20_notify_write(card, M2MF_BUF_NOTIFIER);
    if (nv2d(card)->m2mf.notify) {      /* WRITE_THEN_AWAKEN */
        card->pgraph20.intr |= NV20_INTR_BUFFER_NOTIFY;
        nv_card_update_irq(card);
    }
}

/* BUF_NOTIFY starts the copy (nouveau: 0 WRITE_ONLY, 1 ..._THEN_AWAKEN). */
static void mthd_buf_notify(NVCard *card, const NVMethodCall *call)
{
    NV2dM2mf *m = &nv2d(card)->m2mf;

    if (call->data > 1) {
        nv2d_error(card, call, NV20_NSOURCE_DATA_ERROR, "bad BUF_NOTIFY");
        return;
    }
    if (m->format != 0x101) {
        /* FORMAT's input/output increments 2 and 4 are not documented */
        nv_log(card, NV_LOG_UNIMP, "nv: 2d: M2MF FORMAT 0x%x not modelled",
               m->format);
        return;
    }
    m->notify = call->data;
    if (!m->line_length || !m->line_count) {
        copy_done(card);
        return;
    }
    nv2d_job_start(card, &(NV2dJob) {
        .kind = NV2D_JOB_M2MF, .subc = call->subc,
        .w = m->line_length, .h = m->line_count,
    });
}

static void mthd_format(NVCard *card, const NVMethodCall *call)
{
    unsigned in = call->data & 0xff, out = call->data >> 8;

    if ((in != 1 && in != 2 && in != 4) || (out != 1 && out != 2 && out != 4)) {
        nv2d_error(card, call, NV20_NSOURCE_DATA_ERROR, "bad FORMAT");
        return;
    }
    nv2d(card)->m2mf.format = call->data;
}

/* A DMA access of the copy through the object at RAMIN @inst << 4. */
static bool m2mf_rw(NVCard *card, uint32_t inst, uint64_t off, void *buf,
                    uint32_t len, bool write)
{
    NVDmaObj o;

    nv_dmaobj_load(card, inst << 4, &o);
    return nv2d_dma_rw(card, &o, off, buf, len, write);
}

/* Up to @budget KiB, in pieces of at most 4 KiB within a line. */
unsigned nv2d_m2mf_run(NVCard *card, unsigned budget)
{
    NV2dJob *j = &nv2d(card)->job;
    NV2dM2mf *m = &nv2d(card)->m2mf;
    uint64_t left = (uint64_t)budget * NV2D_UNIT_BYTES, done = 0;
    uint8_t buf[4096];

    while (j->row < j->h && done < left) {
        uint32_t n = MIN(MIN(j->w - j->col, sizeof(buf)), left - done);
        uint64_t in = m->offset_in + (int64_t)(int32_t)m->pitch_in * j->row +
                      j->col;
        uint64_t out = m->offset_out +
                       (int64_t)(int32_t)m->pitch_out * j->row + j->col;

        if (!m2mf_rw(card, m->dma_in, in, buf, n, false) ||
            !m2mf_rw(card, m->dma_out, out, buf, n, true)) {
            j->kind = NV2D_JOB_NONE;
            return 1;
        }
        done += n;
        j->col += n;
        if (j->col == j->w) {
            j->col = 0;
            j->row++;
        }
    }
    if (j->row == j->h) {
        j->kind = NV2D_JOB_NONE;
        copy_done(card);
    }
    return MAX(1, (done + NV2D_UNIT_BYTES - 1) / NV2D_UNIT_BYTES);
}

static const NVMethod m2mf_methods[] = {
    NV20_COMMON_METHODS,
    NV_MTHD_STORE(0x184, "DMA_BUFFER_IN", G2D(m2mf.dma_in), 0xfffff),
    NV_MTHD_STORE(0x188, "DMA_BUFFER_OUT", G2D(m2mf.dma_out), 0xfffff),
    NV_MTHD_STORE(0x30c, "OFFSET_IN", G2D(m2mf.offset_in), 0xffffffff),
    NV_MTHD_STORE(0x310, "OFFSET_OUT", G2D(m2mf.offset_out), 0xffffffff),
    NV_MTHD_STORE(0x314, "PITCH_IN", G2D(m2mf.pitch_in), 0xffffffff,
                  NV_MDECODE(NV_MTYPE_INT)),
    NV_MTHD_STORE(0x318, "PITCH_OUT", G2D(m2mf.pitch_out), 0xffffffff,
                  NV_MDECODE(NV_MTYPE_INT)),
    NV_MTHD_STORE(0x31c, "LINE_LENGTH_IN", G2D(m2mf.line_length),
                  0xffffffff),
    NV_MTHD_STORE(0x320, "LINE_COUNT", G2D(m2mf.line_count), 0xffffffff),
    NV_MTHD(0x324, "FORMAT", mthd_format),
    NV_MTHD(0x328, "BUF_NOTIFY", mthd_buf_notify),
};

NVMethodClass nv2d_m2mf_class = NV_METHOD_CLASS("NV3_M2MF", m2mf_methods);
