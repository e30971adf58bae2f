/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the texture unit of Kelvin (NV20/NV25), Rankine (NV30/NV34)
 * and Curie (NV40-NV44): a unit's method words decoded into an NVTexUnit,
 * texel addressing (swizzled, linear, block-compressed; mipmaps, cube
 * faces, 3D slices), texel decode and filtered sampling.
 *
 * QEMU-free and independent of PGRAPH: the 3D class keeps each unit's raw
 * words, decodes them with nv_tex_decode() when they change and hands
 * nv_tex_sample() to the fragment stages (the NV30/NV40 fragment program,
 * Kelvin's texture shader) as their sampling callback.  docs/texture.rst
 * has the encodings, where they come from and what is inferred.
 */
#ifndef HW_NV_TEX_H
#define HW_NV_TEX_H

#include <stdbool.h>
#include <stdint.h>

/* The largest level 0 side (Mesa's nv30_screen.c: 4096, 13 levels). */
#define NV_TEX_MAX_SIZE         4096
#define NV_TEX_MAX_LEVELS       13
/* The deepest 3D texture (Mesa's nv30_screen.c: 3D levels 10). */
#define NV_TEX_MAX_DEPTH        512

typedef enum NVTexGen {
    NV_TEX_KELVIN,              /* NV20 class family, rnndb nv20_3d.xml */
    NV_TEX_RANKINE,             /* NV30 class family, nv30-40_3d.xml */
    NV_TEX_CURIE,               /* NV40 class family, nv30-40_3d.xml */
} NVTexGen;

/*
 * One unit's method words as the 3D class stores them.  @swizzle is
 * Kelvin's TEX_NPOT_PITCH or Rankine/Curie's TEX_SWIZZLE (both carry the
 * pitch of Kelvin/Rankine linear textures in bits 16-31).  @palette is
 * Kelvin's TEX_PALETTE_OFFSET, @size1 Curie's TEX_SIZE1.  @rcomp is
 * Kelvin's depth compare function for this unit (the TEX_RCOMP method
 * word, field chosen by the caller); Rankine/Curie use TEX_WRAP's RCOMP.
 */
typedef struct NVTexRegs {
    uint32_t offset, format, wrap, enable, swizzle, filter;
    uint32_t npot_size, border_color, palette, size1, rcomp;
    uint32_t color_key;         /* the TEX_COLOR_KEY bundle */
} NVTexRegs;

/* The texel formats the unit decodes (hardware codes map onto these). */
typedef enum NVTexFormat {
    NV_TEXF_NONE,               /* an unknown code: samples read as 0 */
    NV_TEXF_L8,
    NV_TEXF_I8,
    NV_TEXF_INDEX8,             /* Kelvin: A8R8G8B8 palette entries */
    NV_TEXF_A1R5G5B5,
    NV_TEXF_A4R4G4B4,
    NV_TEXF_R5G6B5,
    NV_TEXF_A8R8G8B8,
    NV_TEXF_X8R8G8B8,
    NV_TEXF_A8L8,
    NV_TEXF_A16,
    NV_TEXF_A16L16,
    NV_TEXF_DSDT8,
    NV_TEXF_HILO16,
    NV_TEXF_HILO8,
    NV_TEXF_SIGNED_HILO8,
    NV_TEXF_Z16,
    NV_TEXF_Z24,
    NV_TEXF_DXT1,
    NV_TEXF_DXT3,
    NV_TEXF_DXT5,
    NV_TEXF_RGBA16F,
    NV_TEXF_RGBA32F,
    NV_TEXF_R32F,
    NV_TEXF_RG16F,
    NV_TEXF_COUNT
} NVTexFormat;

/*
 * nv4_tex_wrap (rnndb graph/nv_3ddefs.xml); the MIRROR_CLAMP* three are
 * Curie's; other values act as REPEAT.
 */
typedef enum NVTexWrap {
    NV_TEX_WRAP_REPEAT = 1, NV_TEX_WRAP_MIRRORED_REPEAT,
    NV_TEX_WRAP_CLAMP_TO_EDGE, NV_TEX_WRAP_CLAMP_TO_BORDER, NV_TEX_WRAP_CLAMP,
    NV_TEX_WRAP_MIRROR_CLAMP_TO_EDGE, NV_TEX_WRAP_MIRROR_CLAMP_TO_BORDER,
    NV_TEX_WRAP_MIRROR_CLAMP,
} NVTexWrap;

/* nv4_tex_min_filter; magnify uses the first two (nv4_tex_mag_filter). */
typedef enum NVTexFilter {
    NV_TEX_NEAREST = 1, NV_TEX_LINEAR,
    NV_TEX_NEAREST_MIPMAP_NEAREST, NV_TEX_LINEAR_MIPMAP_NEAREST,
    NV_TEX_NEAREST_MIPMAP_LINEAR, NV_TEX_LINEAR_MIPMAP_LINEAR,
} NVTexFilter;

/* nv30_tex_comp / nv20_tex_comp: GL's "r OP texel depth". */
typedef enum NVTexComp {
    NV_TEX_COMP_NEVER, NV_TEX_COMP_GREATER, NV_TEX_COMP_EQUAL,
    NV_TEX_COMP_GEQUAL, NV_TEX_COMP_LESS, NV_TEX_COMP_NOTEQUAL,
    NV_TEX_COMP_LEQUAL, NV_TEX_COMP_ALWAYS,
} NVTexComp;

/*
 * TEX_SWIZZLE's sources (nv30_tex_swz_src) and components
 * (nv30_tex_swz_comp).  A texel is held in the unit as four slots in
 * component order W, Z, Y, X, which hold A, R, G, B of an A8R8G8B8 texel.
 */
enum { NV_TEX_SWZ_ZERO = 0, NV_TEX_SWZ_ONE = 1, NV_TEX_SWZ_S1 = 2 };
enum { NV_TEX_W = 0, NV_TEX_Z = 1, NV_TEX_Y = 2, NV_TEX_X = 3 };

/* How nv_tex_sample() finds the level of detail. */
typedef enum NVTexLodMode {
    NV_TEX_LOD_IMPLICIT,        /* from the derivatives */
    NV_TEX_LOD_BIAS,            /* from the derivatives, plus lod_arg */
    NV_TEX_LOD_EXPLICIT,        /* lod_arg is the level of detail */
} NVTexLodMode;

/* One mipmap level: its size and where it starts in a face. */
typedef struct NVTexLevel {
    uint32_t width, height, depth;
    uint8_t lw, lh, ld;         /* log2 of the swizzled block's sides */
    uint32_t pitch;             /* bytes between rows (of blocks for DXT) */
    uint64_t offset;            /* from the face's start */
    uint64_t slice;             /* bytes between 3D slices (linear) */
} NVTexLevel;

/* A decoded unit. */
typedef struct NVTexUnit {
    bool enabled;
    NVTexGen gen;
    uint8_t hw_format;          /* TEX_FORMAT.FORMAT as written */
    uint8_t format;             /* NVTexFormat */
    uint8_t dims;               /* 1, 2 or 3 */
    bool cube;                  /* TEX_FORMAT.CUBIC: 6 faces of a 2D map */
    bool rect;                  /* coordinates in texels, not normalized */
    bool linear;                /* pitch layout, else swizzled */
    bool border_const;          /* TEX_FORMAT.NO_BORDER */
    bool compare;               /* a depth format: compared with r */
    uint8_t dma;                /* 0: DMA_TEXTURE0, 1: DMA_TEXTURE1 */
    uint8_t bpp;                /* bytes a texel (a block for DXT) */
    uint8_t levels;             /* 1 .. NV_TEX_MAX_LEVELS */
    uint8_t wrap[3];            /* NVTexWrap of s, t, r */
    uint8_t rcomp;              /* NVTexComp */
    uint8_t min_filter, mag_filter;     /* NVTexFilter */
    uint8_t aniso;              /* the largest anisotropy ratio, 1 = off */
    uint8_t sign;               /* TEX_FILTER.SIGNED_*: bit i = slot i */
    uint8_t swz_src[4];         /* output R, G, B, A: NV_TEX_SWZ_* */
    uint8_t swz_comp[4];        /* output R, G, B, A: slot read for S1 */
    uint32_t width, height, depth;      /* level 0 */
    uint64_t offset;            /* TEX_OFFSET: level 0 of face 0 */
    uint64_t face_size;         /* bytes between cube faces */
    float min_lod, max_lod, lod_bias;
    float border[4];            /* TEX_BORDER_COLOR in slots W, Z, Y, X */
    uint8_t palette_dma;        /* Kelvin TEX_PALETTE_OFFSET */
    uint64_t palette_offset;
    bool color_key_enable;      /* TEX_CONTROL bit 0 */
    uint32_t color_key;
    NVTexLevel level[NV_TEX_MAX_LEVELS];
} NVTexUnit;

/*
 * A DMA object's memory: @base[0] is the object's offset 0.  Memory the
 * caller cannot hand over as a pointer (an object in system memory, read
 * by bus-master DMA) has a NULL @base and a @read callback instead, which
 * fills @dst with the @n bytes at @addr or fails.  Reads beyond @size, or
 * with neither, or that fail, return zero and raise the fault flag.
 */
typedef struct NVTexMem {
    const uint8_t *base;
    uint64_t size;
    bool (*read)(void *opaque, uint64_t addr, void *dst, unsigned n);
    void *opaque;
} NVTexMem;

/* Decode one unit's method words @r of generation @gen into @t. */
void nv_tex_decode(NVTexUnit *t, NVTexGen gen, const NVTexRegs *r);

/*
 * Byte address, in the unit's DMA object, of texel (or DXT block)
 * (@x, @y, @z) of @level of cube face @face; the indexes must be in the
 * level (nv_tex_fetch clamps them).
 */
uint64_t nv_tex_texel_addr(const NVTexUnit *t, unsigned level, unsigned face,
                           uint32_t x, uint32_t y, uint32_t z);

/*
 * The texel (@x, @y, @z) of @level of @face, decoded into slots W, Z, Y, X
 * (before depth compare and output swizzle).  @fault is set (never
 * cleared) when memory outside a DMA object was wanted.
 */
void nv_tex_fetch(const NVTexUnit *t, const NVTexMem mem[2], unsigned level,
                  unsigned face, uint32_t x, uint32_t y, uint32_t z,
                  float slot[4], bool *fault);

/*
 * Sample unit @t at @coord (s, t, r, q: already projected; r is the depth
 * reference, or q for cube maps, whose direction is s, t, r) with
 * screen derivatives @dx, @dy, the level of detail chosen by @mode and
 * @lod_arg; @out gets R, G, B, A.  @fault as for nv_tex_fetch.
 */
void nv_tex_sample(const NVTexUnit *t, const NVTexMem mem[2],
                   const float coord[4], const float dx[4], const float dy[4],
                   NVTexLodMode mode, float lod_arg, float out[4],
                   bool *fault);

/* The level of detail lambda (clamped by the unit's LOD range). */
float nv_tex_lod(const NVTexUnit *t, const float coord[4], const float dx[4],
                 const float dy[4], NVTexLodMode mode, float lod_arg);

#endif
