/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PGRAPH of NV20+ (Kelvin, Rankine, Curie): the registers that
 * reach XF — PIPE and RDI (docs/xf.rst "PIPE and RDI registers") — with
 * STATUS and the interrupt registers, the rest of the register file as
 * stored registers from one table (docs/pgraph.rst), and the front end
 * PFIFO feeds: graphics objects bound to subchannels, the class method
 * tables, NOTIFY, errors and context switching (docs/pgraph.rst
 * "Objects and methods", "Context switching").
 */
#ifndef HW_NV_PGRAPH_NV20_H
#define HW_NV_PGRAPH_NV20_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw/nv/core/method.h"
#include "hw/nv/graph/2d/nv2d.h"
#include "hw/nv/fp/fp.h"
#include "hw/nv/mem/dmaobj.h"
#include "hw/nv/raster/raster.h"
#include "hw/nv/rc/rc.h"
#include "hw/nv/rop/rop.h"
#include "hw/nv/tex/tex.h"
#include "hw/nv/vtx/vtx.h"
#include "hw/nv/xf/xf.h"

#define NV20_PGRAPH_BASE            0x400000
#define NV20_PGRAPH_SIZE            0x2000
#define NV20_PGRAPH_REGS            (NV20_PGRAPH_SIZE / 4)

#define NV20_PGRAPH_INTR            0x100
#define NV20_PGRAPH_INTR_EN         0x140
#define NV40_PGRAPH_INTR_EN         0x13c   /* moved on NV40 */
#define   NV20_PGRAPH_INTR_EN_MASK  0x011137d1u     /* NV20-NV3x */
#define   NV40_PGRAPH_INTR_EN_MASK  0x03111fd1u
/*
 * NV40 context program upload (no doc; nouveau engine/gr/ctxnv40.c):
 * 0x324 is the word index, each write to 0x328 stores a word and moves
 * the index on.  nouveau's programs are at most 256 words.
 */
#define NV40_PGRAPH_CTXPROG_INDEX   0x324
#define NV40_PGRAPH_CTXPROG_DATA    0x328
#define NV40_CTXPROG_WORDS          256
/* INTR and INTR_EN bits (nouveau's nv10 gr names; rnndb below 20). */
#define   NV20_INTR_NOTIFY          (1u << 0)
#define   NV20_INTR_MISSING_HW      (1u << 4)
#define   NV20_INTR_CONTEXT_SWITCH  (1u << 12)
#define   NV20_INTR_BUFFER_NOTIFY   (1u << 16)
#define   NV20_INTR_ERROR           (1u << 20)
#define   NV20_INTR_SINGLE_STEP     (1u << 24)
#define NV20_PGRAPH_STATUS          0x700
#define   NV20_STATUS_BUSY          (1u << 0)
#define   NV20_STATUS_POLL_SLICE    64      /* work units a poll runs */
#define NV20_PGRAPH_RDI_INDEX       0x750
#define NV20_PGRAPH_RDI_DATA        0x754
#define NV20_PGRAPH_PIPE_ADDRESS    0xf50
#define NV20_PGRAPH_PIPE_DATA       0xf54

/*
 * The front end's registers, as BAR0 offsets into the register table
 * (regs-nv20.c).  Kelvin and Rankine have CTX_CONTROL where Curie has
 * CTX_USER, and Curie's object words start one register earlier.
 */
#define NV20_PGRAPH_DEBUG_B         0x400084
#define   NV20_DEBUG_B_VRESET_DONE  (1u << 0)   /* a volatile reset ran */
#define   NV20_DEBUG_B_CACHE_TO_SWITCH (1u << 20)
#define NV20_PGRAPH_DEBUG_D         0x40008c
#define   NV20_DEBUG_D_AUTO_CTXSW   (1u << 2)   /* nouveau: "auto ctx switch" */
#define   NV20_DEBUG_D_RELOAD       (1u << 14)  /* re-read on subc switch */
#define   NV20_DEBUG_D_VRESET       (1u << 19)
#define NV20_PGRAPH_NSTATUS         0x400104
#define   NV20_NSTATUS_STATE_IN_USE     (1u << 23)
#define   NV20_NSTATUS_INVALID_STATE    (1u << 24)
#define   NV20_NSTATUS_BAD_ARGUMENT     (1u << 25)
#define   NV20_NSTATUS_PROTECTION_FAULT (1u << 26)
#define NV20_PGRAPH_NSOURCE         0x400108
#define   NV20_NSOURCE_DATA_ERROR       (1u << 1)
#define   NV20_NSOURCE_PROTECTION_ERROR (1u << 2)
#define   NV20_NSOURCE_RANGE_EXCEPTION  (1u << 3)
#define   NV20_NSOURCE_ILLEGAL_MTHD     (1u << 6)
#define   NV20_NSOURCE_DMA_R_PROTECTION (1u << 7)
#define   NV20_NSOURCE_DMA_W_PROTECTION (1u << 8)
#define   NV20_NSOURCE_FORMAT_EXCEPTION (1u << 9)
#define   NV20_NSOURCE_STATE_INVALID    (1u << 11)
#define   NV20_NSOURCE_DOUBLE_NOTIFY    (1u << 12)
#define   NV20_NSOURCE_NOTIFY_IN_USE    (1u << 13)
#define   NV20_NSOURCE_METHOD_CNT       (1u << 14)
#define NV20_PGRAPH_CTX_CONTROL     0x400144    /* Kelvin, Rankine */
#define   NV20_CTX_CONTROL_CHID_VALID   (1u << 16)
#define NV20_PGRAPH_CTX_USER        0x400148    /* NV40: 0x400144 */
#define NV40_PGRAPH_CTX_USER        0x400144
#define   NV20_CTX_USER_SUBC_SHIFT  13
#define   NV20_CTX_USER_CHID_SHIFT  24
#define NV20_PGRAPH_CTX_SWITCH_A    0x40014c    /* NV40: 0x400148 */
#define NV40_PGRAPH_CTX_SWITCH_A    0x400148
#define NV20_PGRAPH_CTX_CACHE_A     0x400160
#define NV20_PGRAPH_TRAP_ADDR       0x400704
#define NV20_PGRAPH_TRAP_DATA       0x400708
#define NV20_PGRAPH_NOTIFY          0x400718
#define   NV20_NOTIFY_PENDING       (1u << 16)  /* rnndb ARMED */
#define   NV20_NOTIFY_INTR          (1u << 20)  /* WRITE_AND_AWAKEN */
#define NV20_PGRAPH_FIFO_ENABLE     0x400720

/*
 * Context switching registers outside the table (block offsets; names
 * from nouveau's nvkm/engine/gr/regs.h).  Kelvin/Rankine: the channel
 * table of context images and a transfer trigger; Curie: the current and
 * next context and the context program's transfer trigger.
 */
#define NV20_PGRAPH_CHANNEL_CTX_TABLE   0x780
#define NV20_PGRAPH_CHANNEL_CTX_POINTER 0x784
#define NV20_PGRAPH_CHANNEL_CTX_XFER    0x788
#define   NV20_CTX_XFER_LOAD            (1u << 0)
#define   NV20_CTX_XFER_SAVE            (1u << 1)
#define NV40_PGRAPH_CTXCTL_STATUS       0x300   /* bit 0: transfer running */
#define NV40_PGRAPH_CTXCTL_0304         0x304
#define   NV40_CTXCTL_0304_XFER_CTX     (1u << 0)
#define NV40_PGRAPH_CTXCTL_UCODE_STAT   0x308
#define NV40_PGRAPH_CTXCTL_0310         0x310
#define   NV40_CTXCTL_0310_XFER_SAVE    (1u << 5)
#define   NV40_CTXCTL_0310_XFER_LOAD    (1u << 6)
#define NV40_PGRAPH_CTXCTL_CUR          0x32c
#define   NV40_CTXCTL_CUR_LOADED        (1u << 24)
#define   NV40_CTXCTL_INSTANCE          0x000fffffu
#define NV40_PGRAPH_CTXCTL_NEXT         0x330

/* Writable bits of PIPE_ADDRESS per generation (docs/xf.rst "PIPE and RDI
 * registers"). */
#define NV20_PIPE_ADDRESS_MASK      0x0001fffcu
#define NV30_PIPE_ADDRESS_MASK      0x0003fffcu
#define NV40_PIPE_ADDRESS_MASK      0x1303fffcu

/*
 * What a write to a table register does besides keeping val & mask
 * (docs/pgraph.rst "Side effects").
 */
typedef enum NV20RegKind {
    NV20_REG_PLAIN,
    NV20_REG_RO,            /* writes are ignored */
    NV20_REG_VALID,         /* also sets VALID[0] bit .arg */
    NV20_REG_CTX_CACHE,     /* ignored while FIFO_ENABLE is 1 */
    NV20_REG_DEBUG_B,       /* bit 4 written clears XY_B[0] bit 0 */
    NV20_REG_MIRROR,        /* NV34 SURF_UNK800: bits 8, 12 copy 0, 4 */
    NV20_REG_VTX,           /* vertex of axis .arg: clip status, XY_D */
    NV20_REG_ICLIP,         /* XY_B clip flags */
    NV20_REG_CLIP_PAIR,     /* .arg: set (bit 0), MAX (bit 1): shifts */
} NV20RegKind;

/*
 * One row of the register table: @count registers @stride bytes apart
 * from BAR0 offset @offset, named as in rnndb/envytools, on the chips in
 * @chips (NVPgraphChip bits).  A read returns the stored value | @fixed.
 */
typedef struct NV20Reg {
    uint32_t offset;
    uint16_t count, stride;
    const char *name;
    uint32_t mask, fixed;
    uint8_t chips;
    uint8_t kind;               /* NV20RegKind */
    uint8_t arg;
} NV20Reg;

/*
 * The 3D classes' state that has no home in the register file
 * (docs/pgraph.rst "3D classes"): the fence DMA object, IDX's state
 * words (RDI space 0x26: each vertex buffer's offset and format, then
 * IDX_STATE_A-D), where XF uploads write next, and the last value of
 * every state method whose place in the hardware is not known, by
 * method offset.
 */
#define NV20_IDX_STATE_WORDS        0x24
#define NV20_IDX_STATE_SPACE        0x26

/* The most words an inline vertex has: 16 attributes of 4 floats. */
#define NV20_FD_DATA_WORDS          64

typedef struct NV20Fe3d {
    uint32_t dma_fence;         /* the DMA object's instance >> 4 */
    uint32_t idx_state[NV20_IDX_STATE_WORDS];
    uint32_t mthd_state[NV_METHOD_SPACE / 4];
    /*
     * The vertex input (fd-nv20.c): BEGIN_END's primitive (0 outside a
     * BEGIN_END), the words of the inline vertex VERTEX_DATA is filling,
     * and EDGEFLAG (1 at reset, as OpenGL's edge flag).
     */
    uint32_t prim;
    uint32_t data_pos;
    uint32_t data[NV20_FD_DATA_WORDS];
    uint32_t edgeflag;
    uint32_t fp_named;          /* FP_ACTIVE_PROGRAM written since reset */
    uint32_t query_passed;      /* query report 1: fragments passed */
    uint32_t render_skip;       /* Curie's render condition failed */
} NV20Fe3d;

/*
 * The 3D draw in progress (draw-nv20.c; docs/3d.rst "Bounded work"):
 * VTX's primitives wait in @queue for the rasterizer, which runs them in
 * slices; a draw method that makes many vertices (VB_VERTEX_BATCH,
 * VB_INDEX_BATCH, VB_ELEMENT_U16) stops after a vertex while they wait,
 * and goes on later from @fd_next.  PGRAPH is busy meanwhile.  One
 * vertex makes at most a clipped polygon's triangles (VTX's POLY_MAX - 2),
 * so the queue never fills.
 */
#define NV20_DRAW_QUEUE             32
/* A texture DMA object read through PGRAPH (draw-nv20.c). */
typedef struct NV20TexDma {
    struct NVCard *card;
    NVDmaObj obj;
} NV20TexDma;

/* Texture units of the 3D classes: Kelvin 4, Rankine and Curie 8. */
#define NV20_TEX_UNITS              8

enum {
    NV20_FD_NONE,
    NV20_FD_VERTEX_BATCH,       /* fd_data: the method's word */
    NV20_FD_INDEX_BATCH,
    NV20_FD_ELEMENT_U16,        /* the high half of fd_data is left */
};

typedef struct NV20Draw {
    NVRaster raster;            /* its state derived; prim, busy migrated */
    NVVtxPrim queue[NV20_DRAW_QUEUE];
    uint32_t head, count;
    uint32_t fd_kind, fd_data, fd_next;
    uint64_t quads;             /* quads with fragments, for tests */
    /*
     * Derived, not migrated: the ROP, the texture units, Kelvin's
     * combiners and the fragment program as the 3D state has them (valid
     * until a 3D method or PGRAPH register write; the program read again
     * after FP_ACTIVE_PROGRAM or a context switch), log-once flags.
     */
    bool state_valid, fp_dirty;
    bool kelvin;                /* Kelvin's state: the combiners shade */
    NVRop rop;
    uint32_t mem_base[NV_ROP_MEMS];     /* VRAM offsets of rop.mem[] */
    NVTexUnit tex[NV20_TEX_UNITS];
    /*
     * The words tex[] was decoded from, valid with tex_decoded: a draw
     * method between primitives leaves them alike, and decoding again
     * would give the same units.
     */
    NVTexRegs tex_regs[NV20_TEX_UNITS];
    bool tex_decoded;
    NVTexMem tex_mem[2];                /* DMA_TEXTURE0, DMA_TEXTURE1 */
    NV20TexDma tex_dma[2];              /* theirs, if not linear VRAM */
    NVRcState rc;                       /* Kelvin; Rankine's rc_after_fp */
    bool rc_after_fp;           /* Rankine: the combiners shade fp's H0-H3 */
    bool fp_loaded;             /* Rankine, Curie: fp is the program */
    NVFpProgram fp;
    uint32_t fp_words[NV_FP_MAX_INSNS * 4];     /* scratch for the reading */
    uint32_t fp_control;
    bool logged, tex_logged, ms_logged;
} NV20Draw;

/*
 * The flip counters (flip-nv20.c), one set for PGRAPH: @heads has bit h
 * while a FLIP_HEAD_INCR_READ waits for head h's vblank; @wait while a
 * FLIP_WAIT holds PGRAPH.
 */
typedef struct NV20Flip {
    uint32_t read, write, max;
    uint32_t heads;
    bool wait;
} NV20Flip;

/*
 * A graphics context: what a channel sees of PGRAPH, saved while another
 * channel has it (docs/pgraph.rst "Context switching").  @inst is the
 * context image's RAMIN address >> 4 it belongs to, 0 for a free slot.
 */
typedef struct NV20PgraphCtx {
    uint32_t inst;
    uint32_t stamp;                             /* last use, for eviction */
    uint32_t image_sum;     /* Curie: the image's register words, saved */
    uint32_t pipe_address, rdi_index;
    uint32_t regs[NV20_PGRAPH_REGS];            /* context registers only */
    NV2dState g2d;
    NV20Fe3d fe3d;
    NVXfRams xf;
} NV20PgraphCtx;

/*
 * Curie: @count registers from BAR0 offset 0x400000 + 4 * @reg live at
 * word @pos of a context image (one CTX transfer of the context program).
 */
typedef struct NV40CtxRange {
    uint16_t reg, count;
    uint32_t pos;
} NV40CtxRange;

/* Saved contexts: one per channel nouveau can have. */
#define NV20_PGRAPH_CTX_SLOTS       32

typedef struct NV20Pgraph {
    uint32_t intr, intr_en;
    uint32_t pipe_address;
    uint32_t rdi_index;
    uint32_t ctxprog_index;                     /* NV40 */
    uint32_t ctxprog[NV40_CTXPROG_WORDS];       /* NV40, stored only */
    /* The table registers, by (BAR0 offset - NV20_PGRAPH_BASE) / 4. */
    uint32_t regs[NV20_PGRAPH_REGS];
    /* Context switching (Kelvin/Rankine; Curie) */
    uint32_t ctx_table, ctx_pointer;
    uint32_t ctxctl_cur, ctxctl_next, ctxctl_0310;
    uint32_t ctx_clock;                         /* stamps for the slots */
    NV20PgraphCtx ctx[NV20_PGRAPH_CTX_SLOTS];
    /* The 2D engine's state (docs/pgraph.rst "2D classes"), the 3D's. */
    NV2dState g2d;
    NV20Fe3d fe3d;
    /*
     * VTX, after XF (fd-nv20.c): PGRAPH's one primitive assembly.  Its
     * NVVtxState is derived, filled from the 3D state at each BEGIN_END
     * and after migration.
     */
    NVVtx vtx;
    NV20Draw draw;
    NV20Flip flip;
    uint32_t methods;                           /* executed, for tests */
    /*
     * Derived: log-once flags (per class; per 3D method); Curie's context
     * image layout, read from the context program (ctx-nv20.c) when first
     * needed.  Not migrated.
     */
    uint32_t unimp_3d_logged;
    uint32_t unimp_3d_mthd[NV_METHOD_SPACE / 4 / 32];
    bool ctx_layout_valid;
    unsigned ctx_ranges;
    NV40CtxRange ctx_range[NV40_CTXPROG_WORDS];
} NV20Pgraph;

struct NVCard;
struct NVModel;

/* The register table (rows for every chip); NULL if @m has none. */
const NV20Reg *nv20_pgraph_regs(const struct NVModel *m, size_t *n);
/* The row holding BAR0 offset @off on @m's chip, or NULL. */
const NV20Reg *nv20_pgraph_reg_find(const struct NVModel *m, uint32_t off);
/*
 * A read or write of the table register at block offset @addr; false,
 * touching nothing, when @card's model has no register there.
 */
bool nv20_pgraph_reg_read(struct NVCard *card, uint32_t addr, uint32_t *val);
bool nv20_pgraph_reg_write(struct NVCard *card, uint32_t addr, uint32_t val);

/*
 * Front end (objects-nv20.c).  The PFIFO sink: method @mthd of the object
 * bound to @subc; method 0 binds the object at RAMIN @data << 4.
 */
bool nv20_pgraph_method(struct NVCard *card, unsigned subc, uint32_t mthd,
                        uint32_t data);
bool nv20_pgraph_busy(struct NVCard *card);
/*
 * The flip counters (flip-nv20.c): method FLIP_SET_READ + 4 * @idx of a
 * class that has them; PGRAPH held by FLIP_WAIT; head @head's vblank.
 */
void nv20_flip_method(struct NVCard *card, unsigned idx, uint32_t data);
bool nv20_flip_busy(struct NVCard *card);
void nv20_flip_vblank(struct NVCard *card, unsigned head);
/* The work a method left running (NVMethodSink.run). */
unsigned nv20_pgraph_run(struct NVCard *card, unsigned budget);
/*
 * An error of the method being executed: INTR.ERROR with @nsource in
 * NSOURCE and the NSTATUS bits it implies, the method in TRAP_ADDR/DATA,
 * and the FIFO stopped until the driver sets FIFO_ENABLE again.
 */
void nv20_pgraph_error(struct NVCard *card, uint32_t nsource);
/* The current object's class (16 bits on Curie, 12 before). */
unsigned nv20_pgraph_class(struct NVCard *card);
/*
 * The methods every object has (envytools docs/hw/graph/intro.rst): NOP,
 * NOTIFY (a notifier after the next method) and DMA_NOTIFY (the notify
 * DMA object, whose instance PFIFO already looked up).  Each class table
 * starts with NV20_COMMON_METHODS.
 */
void nv20_mthd_notify(struct NVCard *card, const NVMethodCall *call);
void nv20_mthd_dma_notify(struct NVCard *card, const NVMethodCall *call);
#define NV20_COMMON_METHODS \
    NV_MTHD(0x000, "OBJECT", nv_method_nop), \
    NV_MTHD(0x100, "NOP", nv_method_nop), \
    NV_MTHD(0x104, "NOTIFY", nv20_mthd_notify), \
    NV_MTHD(0x180, "DMA_NOTIFY", nv20_mthd_dma_notify)
/*
 * Write a notifier (PTIMER time, then two zero words) at @offset of the
 * current object's notify DMA object: 0 for NOTIFY, 0x10 for M2MF's
 * buffer notify (intro.rst "Notifiers").
 */
void nv20_notify_write(struct NVCard *card, uint32_t offset);
/*
 * Whether @cls is one of the chip's 3D classes (3d-nv20.c); if so
 * *@table is its method table, NULL for one that has none yet.
 */
bool nv20_3d_class(struct NVCard *card, unsigned cls, NVMethodClass **table);
/* Context switching (ctx-nv20.c): register writes it owns. */
bool nv20_ctx_read(struct NVCard *card, uint32_t addr, uint32_t *val);
bool nv20_ctx_write(struct NVCard *card, uint32_t addr, uint32_t val);
/* Make channel @chid's context current; false to stall the method. */
bool nv20_ctx_switch(struct NVCard *card, unsigned chid);
void nv20_ctx_reset(struct NVCard *card);

extern const struct NVEngine nv20_pgraph_engine;

#endif
