/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: XF's state and command processing (envytools
 * docs/hw/graph/xf/intro.rst "IDX2XF", "VAB", "The passthrough slot"):
 * reset and post-load, IDX2XF commands, the XF2VTX and passthrough rings,
 * RDI.  Programs are decoded and run by xf-exec.c.
 *
 * Everything runs to completion when the command arrives, so SYNC has
 * nothing to wait for.
 */
#include <stdarg.h>
#include <string.h>

#include "hw/nv/card.h"
#include "hw/nv/xf/idx.h"
#include "hw/nv/xf/xf-float.h"
#include "hw/nv/xf/xf-isa.h"
#include "xf-internal.h"

/* Rankine's TIMEOUT: XFPR slot 0x11a through RDI (docs/xf.rst "PIPE and
 * RDI registers"). */
#define RDI_TIMEOUT_SLOT    0x11a

void nv_xf_error(NVCard *card, const char *fmt, ...)
{
    va_list ap;
    char *msg;

    if (!card) {
        return;
    }
    va_start(ap, fmt);
    msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    nv_log(card, NV_LOG_GUEST_ERROR, "%s", msg);
    g_free(msg);
}

unsigned nv_xf_ctx_slots(NVXfIsa isa)
{
    switch (isa) {
    case NV_XF_KELVIN:
        return 0xc0;
    case NV_XF_RANKINE:
        return 0x19c;
    case NV_XF_COMBINED:
        return 0x220;
    default:
        return 0x1d4;   /* NV43 (intro.rst item 9); NV44 assumed alike */
    }
}

unsigned nv_xf_pr_slots(NVXfIsa isa)
{
    switch (isa) {
    case NV_XF_KELVIN:
        return 0x88;
    case NV_XF_RANKINE:
        return 0x118;
    default:
        return 0x220;
    }
}

void nv_xf_post_load(NVXf *xf)
{
    /* Keep the rings' indices in range whatever the stream held. */
    xf->q_head %= NV_XF_QUEUE;
    xf->q_count = MIN(xf->q_count, NV_XF_QUEUE);
    xf->pt_head %= NV_XF_PASSTHRU;
    xf->pt_count = MIN(xf->pt_count, NV_XF_PASSTHRU);

    nv_xf_decode_all(xf);
}

void nv_xf_reset_rams(NVXfRams *ram)
{
    memset(ram, 0, sizeof(*ram));
    /* Inferred: reset leaves TIMEOUT at its maximum so that programs run
     * before a driver sets it. */
    ram->timeout = 0xffff;
}

void nv_xf_reset(NVXf *xf, NVXfIsa isa)
{
    *xf = (NVXf) { .isa = isa, .upload_isa = isa };
    nv_xf_reset_rams(&xf->ram);
    /* Inferred: an NV40 uploads Curie programs unless PGRAPH (the class
     * in use) selects Rankine. */
    if (isa == NV_XF_COMBINED) {
        xf->upload_isa = NV_XF_CURIE;
    }
    nv_xf_post_load(xf);
}

/*
 * The XF2VTX rings.  A full ring drops its oldest entry (inferred: VTX
 * would have stalled XF; we must not).  Returns the slot to fill.
 */
static uint32_t ring_push(uint32_t *head, uint32_t *count, uint32_t size)
{
    if (*count >= size) {
        *head = (*head + 1) % size;
        *count = size - 1;
    }
    return (*head + (*count)++) % size;
}

/* The slot of the oldest entry, taken off the ring; false when empty. */
static bool ring_pop(uint32_t *head, uint32_t *count, uint32_t size,
                     uint32_t *slot)
{
    if (!*count || *count > size) {
        return false;
    }
    *slot = *head % size;
    *head = (*slot + 1) % size;
    (*count)--;
    return true;
}

/*
 * RUN: a vertex state program on the PARAM vector (isa.rst item 3): its
 * IBUF is PARAM and zeros.  The program reads IBUF where a vertex program
 * does, from VAB (code[] points there): VAB holds that IBUF for the run,
 * and its attributes again afterwards (nothing else sees VAB meanwhile).
 */
static void run_state_program(NVXf *xf, NVCard *card, uint32_t pc)
{
    uint32_t attrs[NV_XF_VAB_PASS][4], tbuf[NV_XF_TBUF][4];

    memcpy(attrs, xf->ram.vab, sizeof(attrs));
    memset(xf->ram.vab, 0, sizeof(attrs));
    memcpy(xf->ram.vab[0], xf->ram.vab[NV_XF_VAB_PASS], 16);
    nv_xf_run(xf, card, pc, true, tbuf);
    memcpy(xf->ram.vab, attrs, sizeof(attrs));
}

/*
 * Fixed function (xf-ff.c) unless XFMODE selects the vertex program.
 * The vertex program reads VAB in place as IBUF (nothing it does writes
 * VAB) and writes its outputs straight into the XF2VTX ring's next slot
 * (nothing it does reads the ring).
 */
void nv_xf_vertex(NVXf *xf, NVCard *card)
{
    uint32_t slot = ring_push(&xf->q_head, &xf->q_count, NV_XF_QUEUE);
    /* mode.rst: PROGRAM_START_POS is XFMODE_A bits 8-15 (Kelvin word 1,
     * Rankine vector 0 word 3); NV40+ take XF_C's bits 0-9. */
    uint32_t pc = nv_xf_is_nv40(xf) ? xf->bundles.c & 0x3ff :
                  (xf->ram.mode[0][nv_xf_is_kelvin(xf) ? 1 : 3] >> 8) & 0xff;

    if (nv_xf_ff_vertex(xf, xf->queue[slot].tbuf)) {
        return;
    }
    nv_xf_run(xf, card, pc, xf->side_effects && !nv_xf_is_nv40(xf),
              xf->queue[slot].tbuf);
}

const NVXfVertex *nv_xf_take_vertex(NVXf *xf)
{
    uint32_t slot;

    if (!ring_pop(&xf->q_head, &xf->q_count, NV_XF_QUEUE, &slot)) {
        return NULL;
    }
    return &xf->queue[slot];
}

bool nv_xf_pop_vertex(NVXf *xf, NVXfVertex *v)
{
    const NVXfVertex *p = nv_xf_take_vertex(xf);

    if (p) {
        *v = *p;
    }
    return p;
}

bool nv_xf_pop_passthru(NVXf *xf, uint32_t *word)
{
    uint32_t slot;

    if (!ring_pop(&xf->pt_head, &xf->pt_count, NV_XF_PASSTHRU, &slot)) {
        return false;
    }
    *word = xf->passthru[slot];
    return true;
}

static void push_passthru(NVXf *xf, uint32_t word)
{
    xf->passthru[ring_push(&xf->pt_head, &xf->pt_count, NV_XF_PASSTHRU)] =
        word;
}

/* ---- IDX2XF commands ---- */

/* Store the payload in @v; true when word 3 (W, the last) was written. */
static bool store(uint32_t *v, const NVXfCmd *cmd)
{
    unsigned w = cmd->word & 3;

    v[w] = cmd->data[0];
    if (cmd->is64 && w < 3) {
        v[++w] = cmd->data[1];
    }
    return w == 3;
}

static unsigned vab_slots(const NVXf *xf)
{
    return nv_xf_is_nv40(xf) ? 16 : NV_XF_VAB_SLOTS;
}

static void write_xfpr(NVXf *xf, NVCard *card, uint16_t vec)
{
    const uint32_t *p = xf->ram.vab[NV_XF_VAB_PASS];
    /* Instruction bit n is in IDX2XF word 3 - n / 32 (word 0 is high). */
    uint32_t w[NV_XF_PR_WORDS] = { p[3], p[2], p[1], p[0] };

    if (xf->isa == NV_XF_RANKINE && vec == RDI_TIMEOUT_SLOT) {
        /* RDI word 0 of that slot is TIMEOUT: IDX2XF word 3. */
        xf->ram.timeout = p[3] & 0xffff;
        return;
    }
    if (vec >= nv_xf_pr_slots(xf->isa)) {
        nv_xf_error(card, "nv: xf: XFPR write to slot 0x%x of %u", vec,
                    nv_xf_pr_slots(xf->isa));
        return;
    }
    /* isa.rst: NV30 converts Kelvin uploads, NV40 Rankine and Curie ones,
     * to the native encoding as they are written. */
    if (xf->upload_isa != xf->isa) {
        nv_xf_convert(xf->upload_isa, xf->isa, w, xf->ram.pr[vec]);
    } else {
        memcpy(xf->ram.pr[vec], w, sizeof(w));
    }
    nv_xf_decode_slot(xf, vec);
}

/* A RAM of @n vectors written from the passthrough slot; @lt: 22-bit. */
static void commit(NVXf *xf, NVCard *card, uint32_t (*ram)[4], unsigned n,
                   uint16_t vec, bool lt, const char *name)
{
    const uint32_t *p = xf->ram.vab[NV_XF_VAB_PASS];

    if (vec >= n) {
        nv_xf_error(card, name, vec, n);
        return;
    }
    for (unsigned c = 0; c < 4; c++) {
        /* LTCTX holds 3-component vectors of 22-bit floats (intro.rst). */
        ram[vec][c] = lt ? (c < 3 ? nv_xf_lt22(p[c]) : 0) : p[c];
    }
}

/* Which command types each generation has (intro.rst type list). */
static bool has_type(const NVXf *xf, uint8_t type)
{
    switch (type) {
    case NV_XF_CMD_PARAM:
    case NV_XF_CMD_RUN:
        return xf->isa != NV_XF_CURIE;
    case NV_XF_CMD_MODE:
        return !nv_xf_is_nv40(xf);
    case NV_XF_CMD_LTCTX:
    case NV_XF_CMD_LTC1:
    case NV_XF_CMD_LTC2:
    case NV_XF_CMD_LTC3:
        /* The type list gives these no last generation: NV40 keeps the
         * RAMs for its fixed function on XF, NV41+ have none (inferred;
         * docs/xf.rst "NV40's fixed function"). */
        return xf->isa != NV_XF_CURIE;
    case NV_XF_CMD_XTRA:
        return !nv_xf_is_kelvin(xf) && xf->isa != NV_XF_CURIE;
    case NV_XF_CMD_LTC0:
        return nv_xf_is_kelvin(xf);
    case NV_XF_CMD_UNK3:
        return false;
    default:
        return true;
    }
}

void nv_xf_write(NVXf *xf, NVCard *card, const NVXfCmd *cmd)
{
    uint32_t *pass = xf->ram.vab[NV_XF_VAB_PASS];
    uint8_t type = cmd->type & 0xf;
    uint16_t vec = cmd->vec;
    bool last;

    if (!has_type(xf, type)) {
        nv_xf_error(card, "nv: xf: write of command type 0x%x (vector "
                    "0x%x) this XF does not have", type, vec);
        return;
    }
    if (type == NV_XF_CMD_VAB) {
        uint32_t *v;

        if (vec >= vab_slots(xf)) {
            nv_xf_error(card, "nv: xf: VAB write to slot 0x%x of %u", vec,
                        vab_slots(xf));
            return;
        }
        v = xf->ram.vab[vec];
        /* Kelvin and up: writing X of an attribute resets Y, Z, W to
         * 0, 0, 1.0 first (intro.rst "VAB command"). */
        if ((cmd->word & 3) == 0 && vec != NV_XF_VAB_PASS) {
            v[1] = v[2] = 0;
            v[3] = ONE;
        }
        store(v, cmd);
        return;
    }
    if (type == NV_XF_CMD_PASSTHRU) {
        push_passthru(xf, cmd->data[0]);
        if (cmd->is64) {
            push_passthru(xf, cmd->data[1]);
        }
        return;
    }
    if (type == NV_XF_CMD_RUN) {
        /* RUN does not write the slot; its payload is the start PC. */
        run_state_program(xf, card, cmd->data[0] & 0x3ff);
        return;
    }
    if (type >= NV_XF_CMD_LTC0 && type <= NV_XF_CMD_LTC3) {
        /* The LTC RAMs are scalar: any word commits (intro.rst "for some
         * commands, on any component"; inferred which). */
        unsigned n = type - NV_XF_CMD_LTC0;

        if (vec >= NV_XF_LTC_SLOTS) {
            nv_xf_error(card, "nv: xf: LTC write to slot 0x%x of %u", vec,
                        NV_XF_LTC_SLOTS);
            return;
        }
        xf->ram.ltc[n][vec] = nv_xf_has_lt(xf) ? nv_xf_lt22(cmd->data[0])
                                               : cmd->data[0];
        return;
    }
    last = store(pass, cmd);
    if (!last) {
        return;
    }
    switch (type) {
    case NV_XF_CMD_XFPR:
        write_xfpr(xf, card, vec);
        break;
    case NV_XF_CMD_MODE:
        commit(xf, card, xf->ram.mode, nv_xf_is_kelvin(xf) ? 1 : NV_XF_MODE_VECS,
               vec, false, "nv: xf: MODE write to vector 0x%x of %u");
        break;
    case NV_XF_CMD_XTRA:
        commit(xf, card, xf->ram.xtra, NV_XF_XTRA_VECS, vec, false,
               "nv: xf: XTRA write to vector 0x%x of %u");
        break;
    case NV_XF_CMD_XFCTX:
        commit(xf, card, xf->ram.ctx, nv_xf_ctx_slots(xf->isa), vec, false,
               "nv: xf: XFCTX write to slot 0x%x of %u");
        break;
    case NV_XF_CMD_LTCTX:
        commit(xf, card, xf->ram.ltctx, NV_XF_LTCTX_SLOTS, vec,
               nv_xf_has_lt(xf),
               "nv: xf: LTCTX write to slot 0x%x of %u");
        break;
    default:    /* NOP, PARAM, SYNC: the slot is all they touch */
        break;
    }
}

uint32_t nv_xf_read(NVXf *xf, NVCard *card, const NVXfCmd *cmd)
{
    uint8_t type = cmd->type & 0xf;
    uint16_t vec = cmd->vec;

    if (has_type(xf, type)) {
        switch (type) {
        case NV_XF_CMD_VAB:
            if (vec < vab_slots(xf)) {
                return xf->ram.vab[vec][cmd->word & 3];
            }
            break;
        case NV_XF_CMD_XFCTX:
            if (vec < nv_xf_ctx_slots(xf->isa)) {
                return xf->ram.ctx[vec][cmd->word & 3];
            }
            break;
        case NV_XF_CMD_LTCTX:
            if (vec < NV_XF_LTCTX_SLOTS) {
                return xf->ram.ltctx[vec][cmd->word & 3];
            }
            break;
        case NV_XF_CMD_LTC0:
        case NV_XF_CMD_LTC1:
        case NV_XF_CMD_LTC2:
        case NV_XF_CMD_LTC3:
            /* Scalar RAMs: every word reads the one value. */
            if (vec < NV_XF_LTC_SLOTS) {
                return xf->ram.ltc[type - NV_XF_CMD_LTC0][vec];
            }
            break;
        }
    }
    /* The hardware delivers nothing and VTX hangs the machine
     * (intro.rst); we log and read 0. */
    nv_xf_error(card, "nv: xf: read of unreadable command type 0x%x "
                "vector 0x%x", type, vec);
    return 0;
}

/* ---- RDI: PGRAPH's direct window on XF's RAMs ---- */

/*
 * docs/xf.rst "PIPE and RDI registers": RDI space 0x10 is XFPR (four
 * words a slot, word 0 holding instruction bits 0-31, i.e. our pr[]
 * layout; no upload conversion: the RAM is written as it is), 0x15 VAB
 * and 0x17 XFCTX (four words a slot in the order W, Z, Y, X, the reverse
 * of IDX2XF's), 0x18 LTCTX the same way.  0x19 LTC has no documented
 * layout; we infer the same slot layout with the four scalar RAMs as the
 * words, LTC3 first (as W, Z, Y, X).  NV25's LTCTX_B (0x16) is part of
 * LTCTX here; PGRAPH maps it (pgraph-nv20.c rdi_place()).
 * Returns the word's address, or NULL for what we do not model.
 */
static uint32_t *rdi_word(NVXf *xf, unsigned space, uint32_t offset,
                          uint16_t *slot)
{
    unsigned k = (offset >> 2) & 3;

    *slot = offset >> 4;
    switch (space) {
    case 0x10:
        if (*slot < nv_xf_pr_slots(xf->isa) && k < NV_XF_PR_WORDS) {
            return &xf->ram.pr[*slot][k];
        }
        break;
    case 0x15:
        if (*slot < vab_slots(xf)) {
            return &xf->ram.vab[*slot][3 - k];
        }
        break;
    case 0x17:
        if (*slot < nv_xf_ctx_slots(xf->isa)) {
            return &xf->ram.ctx[*slot][3 - k];
        }
        break;
    case 0x18:
        if (*slot < NV_XF_LTCTX_SLOTS) {
            return &xf->ram.ltctx[*slot][3 - k];
        }
        break;
    case 0x19:
        if (*slot < NV_XF_LTC_SLOTS) {
            return &xf->ram.ltc[3 - k][*slot];
        }
        break;
    }
    return NULL;
}

bool nv_xf_rdi_write(NVXf *xf, unsigned space, uint32_t offset, uint32_t val)
{
    uint16_t slot;
    uint32_t *p;

    if (space == 0x10 && xf->isa == NV_XF_RANKINE &&
        offset == RDI_TIMEOUT_SLOT * 16) {
        xf->ram.timeout = val & 0xffff;     /* word 0 of slot 0x11a */
        return true;
    }
    p = rdi_word(xf, space, offset, &slot);
    if (!p) {
        return false;
    }
    /* The LT RAMs hold 22-bit floats (intro.rst), whichever way written;
     * NV40's, read by XF, 32-bit ones (inferred). */
    *p = (space == 0x18 || space == 0x19) && nv_xf_has_lt(xf)
         ? nv_xf_lt22(val) : val;
    if (space == 0x10) {
        nv_xf_decode_slot(xf, slot);
    }
    return true;
}

bool nv_xf_rdi_read(NVXf *xf, unsigned space, uint32_t offset, uint32_t *val)
{
    uint16_t slot;
    uint32_t *p;

    if (space == 0x10 && xf->isa == NV_XF_RANKINE &&
        offset == RDI_TIMEOUT_SLOT * 16) {
        *val = xf->ram.timeout;
        return true;
    }
    p = rdi_word(xf, space, offset, &slot);
    if (!p) {
        return false;
    }
    *val = *p;
    return true;
}
