/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: PVP1, the VP1 video vector processor of NV41:G80 (envytools
 * docs/hw/vdec/vpe/pvp1/: intro, scalar, vector, address.rst).  This is the
 * processor core: register files, data store, bundle fetch and the four
 * execution units.  The MMIO block, FIFO methods and interrupts are built on
 * top of it.
 */
#ifndef HW_NV_VP1_H
#define HW_NV_VP1_H

#include <stdbool.h>
#include <stdint.h>

/* MMIO block (rnndb vdec/vpe/pvp1.xml; docs/vp1.rst "MMIO"), in pvp1.c. */
#define NV_PVP1_BASE                0x00f000
#define NV_PVP1_SIZE                0x1000
#define NV_PVP1_INTR                0x400
#define NV_PVP1_INTR_EN             0x404
#define   NV_PVP1_INTR_EXIT_ERR     (1u << 12)
#define NV_PVP1_CHANNEL_UNK         0x408
#define NV_PVP1_CHANNEL_CUR         0x414
#define NV_PVP1_EXIT_CODE           0x424
#define NV_PVP1_FIFO_ERR_MTHD       0x428
#define NV_PVP1_FIFO_ERR_DATA       0x42c
#define NV_PVP1_STATUS              0x43c
#define NV_PVP1_UCODE_CHSW_ADDR     0x464
#define NV_PVP1_UCODE_UNK468_ADDR   0x468
#define NV_PVP1_UCODE_MTHD_ADDR     0x46c
#define   NV_PVP1_UCODE_INSTANCE_SHIFT  5
#define NV_PVP1_CLOCK               0x478

/* Instruction word: the top byte is the opcode; its top bits the unit. */
#define NV_VP1_OP(w)                ((w) >> 24)
typedef enum NVVp1Unit {
    NV_VP1_UNIT_ADDRESS,            /* 0xc0-0xdf */
    NV_VP1_UNIT_SCALAR,             /* 0x00-0x7f */
    NV_VP1_UNIT_VECTOR,             /* 0x80-0xbf */
    NV_VP1_UNIT_BRANCH,             /* 0xe0-0xff */
    NV_VP1_UNITS
} NVVp1Unit;

/* $c (intro.rst "Condition code registers"). */
#define NV_VP1_C_SCALAR_MASK        0x00ffu     /* bits 0-7 */
#define NV_VP1_C_SF                 (1u << 0)
#define NV_VP1_C_ZF                 (1u << 1)
#define NV_VP1_C_B19                (1u << 2)
#define NV_VP1_C_B20D               (1u << 3)
#define NV_VP1_C_B20                (1u << 4)
#define NV_VP1_C_B21                (1u << 5)
#define NV_VP1_C_ASF                (1u << 8)
#define NV_VP1_C_AZF                (1u << 9)
#define NV_VP1_C_AEF                (1u << 10)
#define NV_VP1_C_LZF                (1u << 13)
#define NV_VP1_C_ONE                (1u << 15)  /* always reads 1 */
/* Bits that hold state before G80: b19a/b18 (6-7) and 11, 12, 14 read 0. */
#define NV_VP1_C_STORED             0x273fu

/* $a data store address fields (address.rst "Address registers"). */
#define NV_VP1_A_ADDR_MASK          0x0000ffffu
#define NV_VP1_A_LIMIT_SHIFT        16
#define NV_VP1_A_LIMIT_MASK         0x3fffu
#define NV_VP1_A_STRIDE_SHIFT       30

/* $uc[16] is $uccfg (docs/vp1.rst "MMIO": 0xf540). */
#define NV_VP1_UC_CFG               16
#define   NV_VP1_UCCFG_TIERND_DOWN  (1u << 0)   /* inferred bit */

/* Data store: 16 banks of 256 16-bit cells (address.rst "The data store"). */
#define NV_VP1_DS_BANKS             16
#define NV_VP1_DS_CELLS             256
#define NV_VP1_DS_SIZE              (NV_VP1_DS_BANKS * NV_VP1_DS_CELLS * 2)

/* Code space in words; the PC and branch targets wrap inside it. */
#define NV_VP1_CODE_WORDS           16384

/* Events left for the engine layer by nv_vp1_run(). */
#define NV_VP1_EVENT_EXIT           (1u << 0)
#define NV_VP1_EVENT_EXIT_INTR      (1u << 1)   /* exit with bit 16 set */
#define NV_VP1_EVENT_DMA            (1u << 2)   /* a DMA opcode ran */

/* How the instructions of one bundle interact (vp1.c, plan_bundle). */
#define NV_VP1_PLAN_EXIT        (1u << 0)   /* the branch unit exits */
#define NV_VP1_PLAN_MOV_ADDR    (1u << 1)   /* scalar mov reads address SRC1 */
#define NV_VP1_PLAN_DIRECT      (1u << 2)   /* register writes need no queue */
#define NV_VP1_PLAN_S2V         (1u << 3)   /* the vector unit reads s2v */
#define NV_VP1_PLAN_ST_SRC3     (1u << 4)   /* address stores bvecmad's SRC3 */

/*
 * One instruction word, decoded when the code is loaded.  The fields
 * after imm describe the bundle that starts at this word (any word may
 * start one, as a branch target), so that running it needs no splitting.
 */
typedef struct NVVp1Insn {
    uint32_t word;
    uint8_t op;
    uint8_t unit;
    uint8_t dst;        /* bits 19-23 */
    uint8_t src1;       /* bits 14-18 */
    uint8_t src2;       /* bits 9-13 */
    uint8_t src3;       /* bits 4-8 */
    uint8_t cdst;       /* bits 0-2 */
    uint8_t cond;       /* bits 3-4 */
    uint8_t slct;       /* bits 5-8 */
    int32_t imm;        /* the opcode's immediate, extended */
    uint8_t blen;       /* words in the bundle that starts at this word */
    uint8_t at[NV_VP1_UNITS];   /* each unit's word in it + 1, 0: none */
    uint8_t vforce;     /* the $v the address unit reads or stores */
    uint8_t plan;       /* NV_VP1_PLAN_* */
} NVVp1Insn;

typedef struct NVVp1 {
    /* Guest-visible state; all of it is migrated. */
    uint32_t r[32];                 /* r[31] stays 0 */
    uint8_t v[32][16];
    uint32_t a[32];
    uint16_t c[4];                  /* NV_VP1_C_STORED bits only */
    uint32_t vc[4];                 /* bits 0-15 sf, 16-31 zf */
    int32_t va[16];                 /* 28-bit signed, 16 fraction bits */
    uint8_t vx[16];
    uint16_t l[4];                  /* total << 8 | counter */
    uint32_t m[64];
    uint32_t f[2];
    uint32_t sr[32];
    uint32_t mi[32];
    uint32_t uc[32];
    uint32_t x[16];                 /* only scalar movs reach it */
    uint8_t ds[NV_VP1_DS_SIZE];     /* [(bank * 256 + cell) * 2 + hilo] */
    uint32_t code[NV_VP1_CODE_WORDS];
    uint32_t pc;                    /* word index of the next bundle */
    uint32_t branch_target;         /* where to go after the delay slot */
    bool branch_pending;
    bool running;
    uint32_t exit_code;
    uint32_t events;                /* NV_VP1_EVENT_*, cleared by the user */

    /* Derived from code[] (nv_vp1_post_load rebuilds it). */
    NVVp1Insn dec[NV_VP1_CODE_WORDS];
} NVVp1;

void nv_vp1_reset(NVVp1 *vp);
/* Rebuild derived state after the guest-visible fields were restored. */
void nv_vp1_post_load(NVVp1 *vp);

/* Store @n words of code at word @addr (wrapping) and decode them. */
void nv_vp1_load_code(NVVp1 *vp, uint32_t addr, const uint32_t *words,
                      unsigned n);
/* Number of words of the bundle that starts at word @addr. */
unsigned nv_vp1_bundle_len(const NVVp1 *vp, uint32_t addr);

/* Start at word @pc; run at most @max_bundles.  Returns bundles run. */
void nv_vp1_start(NVVp1 *vp, uint32_t pc);
unsigned nv_vp1_run(NVVp1 *vp, unsigned max_bundles);

/*
 * Execute the words of @slot (address, scalar, vector, branch; a word is
 * used if bit n of @valid is set) as one bundle, as the MMIO debug
 * interface does: unit n runs word n, whatever unit its opcode names
 * (docs/vp1.rst "Slots").  Control flow is ignored.
 */
void nv_vp1_exec_slots(NVVp1 *vp, const uint32_t slot[NV_VP1_UNITS],
                       unsigned valid);

/* Register reads with the fixed bits applied. */
uint16_t nv_vp1_read_c(const NVVp1 *vp, unsigned idx);

/* Data store byte at @addr with row stride code @stride (0-3). */
uint8_t nv_vp1_ds_read(const NVVp1 *vp, uint32_t addr, unsigned stride);
void nv_vp1_ds_write(NVVp1 *vp, uint32_t addr, unsigned stride, uint8_t val);

#endif
