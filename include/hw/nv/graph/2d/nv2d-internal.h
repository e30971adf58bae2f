/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: what the 2D classes' files share (docs/pgraph.rst "2D
 * classes"): the per-pixel pipeline, the draw set-up it reads, the
 * sliced jobs and the methods every 2D class has.
 */
#ifndef HW_NV_GRAPH_2D_NV2D_INTERNAL_H
#define HW_NV_GRAPH_2D_NV2D_INTERNAL_H

#include "hw/nv/card.h"
#include "hw/nv/graph/2d/nv2d.h"
#include "hw/nv/mem/dmaobj.h"

/* Context objects linked to a source object (NV2dObject.links). */
#define NV2D_LINK_CLIP      (1u << 0)
#define NV2D_LINK_CHROMA    (1u << 1)
#define NV2D_LINK_PATTERN   (1u << 2)
#define NV2D_LINK_ROP       (1u << 3)
#define NV2D_LINK_BETA      (1u << 4)
#define NV2D_LINK_BETA4     (1u << 5)
#define NV2D_LINK_SURFACE   (1u << 6)
#define NV2D_LINK_SWZSURF   (1u << 7)   /* the surface is a swizzled one */

/* rnndb nv4_operation */
enum {
    NV2D_OP_SRCCOPY_AND,
    NV2D_OP_ROP_AND,
    NV2D_OP_BLEND_AND,
    NV2D_OP_SRCCOPY,
    NV2D_OP_SRCCOPY_PREMULT,
    NV2D_OP_BLEND_PREMULT,
};

/* How a source colour is laid out (from the classes' format enums). */
typedef enum NV2dColor {
    NV2D_COLOR_NONE,                /* not modelled (a zero table entry) */
    NV2D_COLOR_Y8,
    NV2D_COLOR_Y16,
    NV2D_COLOR_Y32,
    NV2D_COLOR_X1R5G5B5,
    NV2D_COLOR_A1R5G5B5,
    NV2D_COLOR_R5G6B5,
    NV2D_COLOR_X8R8G8B8,
    NV2D_COLOR_A8R8G8B8,
    NV2D_COLOR_X1A7R8G8B8,
} NV2dColor;

enum {
    NV2D_JOB_NONE, NV2D_JOB_FILL, NV2D_JOB_BLIT, NV2D_JOB_M2MF,
    NV2D_JOB_SIFM,
};

/* A budget unit: 256 pixels, or 1 KiB of an M2MF copy. */
#define NV2D_UNIT_PIXELS    256
#define NV2D_UNIT_BYTES     1024
/* What the method that starts a job does before it returns. */
#define NV2D_INLINE_UNITS   16

/* A draw, worked out from NV2dState and the registers at each slice. */
typedef struct NV2dDraw {
    NVDmaObj dst;
    uint32_t dst_offset, dst_pitch;
    bool swizzled;
    unsigned swz_u, swz_v;          /* log2 of the swizzled size */
    unsigned fmt, bpp;              /* destination surface format, bytes */
    uint32_t mask;                  /* destination bits a write sets */
    bool dst_indexed;               /* Y8, Y16, Y32 */
    NVDmaObj src;                   /* blit or SIFM source */
    uint32_t src_offset, src_pitch;
    unsigned src_bpp;
    NV2dColor src_color;            /* how source values are laid out */
    unsigned op;
    uint8_t rop;
    bool need_dst;                  /* the result depends on D */
    uint32_t beta, beta4;
    int32_t cx0, cy0, cx1, cy1;     /* drawn: cx0 <= x < cx1, ... */
} NV2dDraw;

static inline NV2dState *nv2d(NVCard *card)
{
    return &card->pgraph20.g2d;
}

/* The object bound to @subc. */
static inline NV2dObject *nv2d_obj(NVCard *card, unsigned subc)
{
    NV2dState *s = nv2d(card);

    return &s->obj[s->subc_obj[subc % NV2D_SUBCHANNELS] % NV2D_OBJECTS];
}

/* A field of NV2dState, for the method tables' NV_MTHD_STORE rows. */
#define G2D(fld)    pgraph20.g2d.fld

/*
 * The PGRAPH registers the 2D classes keep their state in, BAR0 offsets
 * for nv20_reg() (masks in regs-nv20.c).
 */
#define NV2D_PGRAPH_PATTERN_COLOR   0x400a00
#define NV2D_PGRAPH_ROP             0x400b00
#define NV2D_PGRAPH_BETA            0x400b04
#define NV2D_PGRAPH_BETA4           0x400b08
#define NV2D_PGRAPH_PATTERN_MONO_COLOR  0x400b10
#define NV2D_PGRAPH_PATTERN_MONO_BITMAP 0x400b18
#define NV2D_PGRAPH_PATTERN_CONFIG  0x400b20
#define   NV2D_PATTERN_SHAPE_MASK   0x3
#define   NV2D_PATTERN_SELECT_COLOR (1u << 4)

/* pixel-2d.c: the pipeline */

/*
 * @len bytes at @addr of DMA object @o; a fault raises DMA_R/W_PROTECTION
 * (docs/pgraph.rst "The pixel pipeline") and returns false.
 */
bool nv2d_dma_rw(NVCard *card, const NVDmaObj *o, uint64_t addr, void *buf,
                 uint32_t len, bool write);
/* Source colour conversion: @v laid out as @c, as A8R8G8B8. */
uint32_t nv2d_to_argb(NV2dColor c, uint32_t v);
/* Bytes per pixel of colour layout @c. */
unsigned nv2d_color_bpp(NV2dColor c);
/* Colour layout of surface format @fmt, false if not a format. */
bool nv2d_surface_color(unsigned fmt, NV2dColor *color);
/*
 * Set up a draw by the object on @subc with source colours laid out as
 * @color (@blit: also the source surface); false, having raised the
 * error, if the object's state cannot draw.
 */
bool nv2d_draw_begin(NVCard *card, unsigned subc, NV2dColor color,
                     bool blit, NV2dDraw *d);
/* Narrow the drawn area to the rectangle @min (lt16) - @max (rb16). */
void nv2d_draw_clip(NV2dDraw *d, uint32_t min, uint32_t max);
/*
 * The reference pipeline: source value @src at (@x, @y).  False on a DMA
 * fault, which it has raised.
 */
bool nv2d_pixel(NVCard *card, const NV2dDraw *d, int32_t x, int32_t y,
                uint32_t src);
/* @w x @h pixels of colour @src at (@x, @y): pixel by pixel, or fast. */
bool nv2d_fill_rect_ref(NVCard *card, const NV2dDraw *d, int32_t x,
                        int32_t y, uint32_t w, uint32_t h, uint32_t src);
bool nv2d_fill_rect(NVCard *card, const NV2dDraw *d, int32_t x, int32_t y,
                    uint32_t w, uint32_t h, uint32_t src);
/* Source pixel (@x, @y) of @d->src, raw; false on a fault (raised). */
bool nv2d_src_pixel(NVCard *card, const NV2dDraw *d, int32_t x, int32_t y,
                    uint32_t *v);
/*
 * @n source pixels from (@sx, @sy) to (@x, @y) on; @rtl: right to left,
 * for a copy onto itself further right.
 */
bool nv2d_blit_span_ref(NVCard *card, const NV2dDraw *d, int32_t sx,
                        int32_t sy, int32_t x, int32_t y, uint32_t n,
                        bool rtl);
bool nv2d_blit_span(NVCard *card, const NV2dDraw *d, int32_t sx, int32_t sy,
                    int32_t x, int32_t y, uint32_t n, bool rtl);

/* nv2d.c: jobs and the methods the 2D classes share */

/* Start @j; it runs for NV2D_INLINE_UNITS now and the rest in slices. */
void nv2d_job_start(NVCard *card, const NV2dJob *j);
unsigned nv2d_rect_run(NVCard *card, unsigned budget);
unsigned nv2d_m2mf_run(NVCard *card, unsigned budget);
unsigned nv2d_sifm_run(NVCard *card, unsigned budget);
/* The class of the object at RAMIN @inst << 4 (0x30: NV_NULL). */
unsigned nv2d_object_class(NVCard *card, uint32_t inst);
/* Raise @nsource for the method and log why. */
void nv2d_error(NVCard *card, const NVMethodCall *call, uint32_t nsource,
                const char *why);
/* Methods 0x184-0x19c linking a context object: NVMethod.arg says which. */
void nv2d_mthd_link(NVCard *card, const NVMethodCall *call);
/* COLOR_FORMAT and the mono formats (NVMethod.arg: see nv2d.c). */
void nv2d_mthd_color_format(NVCard *card, const NVMethodCall *call);
void nv2d_mthd_mono_format(NVCard *card, const NVMethodCall *call);
void nv2d_mthd_color_conversion(NVCard *card, const NVMethodCall *call);
/*
 * The colour layout of the calling object's COLOR_FORMAT through @map
 * (@n entries, NV2D_COLOR_NONE: not modelled, logged); false if it has
 * none (STATE_INVALID) or it is not modelled.
 */
bool nv2d_object_color(NVCard *card, const NVMethodCall *call,
                       const uint8_t *map, unsigned n, NV2dColor *c);
/*
 * The links every source class has, PATTERN to the surface (named
 * @surface) from method @base on (rnndb: 0x188 for GDI and SIFM, 0x18c
 * for BLIT and IFC, after their COLOR_KEY and CLIP).
 */
#define NV2D_LINK_METHODS(base, surface) \
    NV_MTHD((base), "PATTERN", nv2d_mthd_link, .arg = 2), \
    NV_MTHD((base) + 4, "ROP", nv2d_mthd_link, .arg = 3), \
    NV_MTHD((base) + 8, "BETA", nv2d_mthd_link, .arg = 4), \
    NV_MTHD((base) + 12, "BETA4", nv2d_mthd_link, .arg = 5), \
    NV_MTHD((base) + 16, surface, nv2d_mthd_link, .arg = 6)
/* OPERATION (0x2fc), rnndb nv4_operation. */
void nv2d_mthd_operation(NVCard *card, const NVMethodCall *call);

/* The class tables (ctxobj-2d.c, gdi-2d.c, blit-2d.c, ifc-2d.c,
 * sifm-2d.c, m2mf-2d.c). */
extern NVMethodClass nv2d_beta_class, nv2d_clip_class, nv2d_rop_class,
                     nv2d_pattern_class, nv2d_beta4_class;
extern NVMethodClass nv2d_surf2d_class, nv2d_surf2d_nv30_class,
                     nv2d_surf2d_nv40_class;
extern NVMethodClass nv2d_swzsurf_class, nv2d_swzsurf_nv30_class,
                     nv2d_swzsurf_nv40_class;
extern NVMethodClass nv2d_gdi_class, nv2d_blit_class, nv2d_m2mf_class;
extern NVMethodClass nv2d_ifc_class, nv2d_ifc_nv30_class;
extern NVMethodClass nv2d_sifm_class, nv2d_sifm_nv30_class,
                     nv2d_sifm_nv40_class;

#endif
