/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: IDX2XF, the command interface into XF, and the IDX wrapping
 * that carries those commands from the FE (envytools
 * docs/hw/graph/xf/intro.rst "IDX2XF: the command interface", "IDX command
 * wrapping").  idx.c unwraps; xf.c executes the commands.
 */
#ifndef HW_NV_XF_IDX_H
#define HW_NV_XF_IDX_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/nv/nv-model.h"

/* IDX2XF command types (intro.rst "IDX2XF: the command interface"). */
typedef enum NVXfCmdType {
    NV_XF_CMD_NOP      = 0x0,
    NV_XF_CMD_VAB      = 0x1,
    NV_XF_CMD_XFPR     = 0x2,
    NV_XF_CMD_UNK3     = 0x3,   /* not listed by the docs */
    NV_XF_CMD_PARAM    = 0x4,
    NV_XF_CMD_PASSTHRU = 0x5,
    NV_XF_CMD_RUN      = 0x6,
    NV_XF_CMD_MODE     = 0x7,
    NV_XF_CMD_XTRA     = 0x8,
    NV_XF_CMD_XFCTX    = 0x9,
    NV_XF_CMD_LTCTX    = 0xa,
    NV_XF_CMD_LTC0     = 0xb,
    NV_XF_CMD_LTC1     = 0xc,
    NV_XF_CMD_LTC2     = 0xd,
    NV_XF_CMD_LTC3     = 0xe,
    NV_XF_CMD_SYNC     = 0xf,
} NVXfCmdType;

/*
 * One IDX2XF write or read.  @vec selects the 128-bit vector, @word the
 * 32-bit word in it (0 = X, the high word); a 64-bit write covers the
 * aligned pair @word, @word + 1 with data[0] going to @word.
 */
typedef struct NVXfCmd {
    uint8_t type;               /* NVXfCmdType */
    uint16_t vec;
    uint8_t word;
    bool is64;
    uint32_t data[2];
} NVXfCmd;

/* IDX wrapping generations (intro.rst "IDX command wrapping"). */
typedef enum NVIdxGen {
    NV_IDX_CELSIUS,
    NV_IDX_KELVIN,
    NV_IDX_RANKINE,
    NV_IDX_CURIE,
} NVIdxGen;

/*
 * Unwrap a FE2IDX command address into @cmd (type, vec, word; the payload
 * is left for the caller).  Returns false if @addr is not a wrapped XF
 * command of that generation.
 */
bool nv_idx_unwrap(NVIdxGen gen, uint32_t addr, NVXfCmd *cmd);
/* The inverse, for drivers' point of view and tests. */
uint32_t nv_idx_wrap(NVIdxGen gen, uint8_t type, uint16_t vec, uint8_t word);
/* The wrapping generation of a model's XF, for the PGRAPH block. */
NVIdxGen nv_idx_gen(NVXfIsa isa);

#endif
