/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the VGA register file of the NV4-style display heads
 * (docs/hw/display/nv3/vga.rst, rnndb display/nv_vga.xml), reached through the
 * PRMCIO (CRTC, attribute controller, input status), PRMVIO (sequencer,
 * graphics controller, misc) and PRMDIO (palette DAC) windows and through
 * the legacy VGA ports, plus the NV extended CRTC registers with side
 * effects: the CR1F lock, the CR44 head owner, the CR3E/CR3F DDC bus and
 * the CR57/CR58 index pair.
 */
#ifndef HW_NV_VGA_H
#define HW_NV_VGA_H

#include <stdbool.h>
#include <stdint.h>

#define NV_HEADS                    2

/* BAR0 windows; head 1's copy is 0x2000 above head 0's. */
#define NV_PRMVIO_BASE              0x0c0000
#define NV_PRMVIO_SIZE              0x4000
#define NV_HEAD_STRIDE              0x2000
/* The VGA ports inside each window: the window offset is the port number. */
#define NV_VGA_PORT_FIRST           0x3b0
#define NV_VGA_PORT_LAST            0x3df

/* VGA ports (colour and mono CRTC addresses both decoded). */
#define NV_VGA_CRX_MONO             0x3b4
#define NV_VGA_CR_MONO              0x3b5
#define NV_VGA_INP1_MONO            0x3ba
#define NV_VGA_ARX                  0x3c0
#define NV_VGA_AR_READ              0x3c1
#define NV_VGA_MISC_WRITE           0x3c2   /* reads: input status 0 */
#define NV_VGA_ENABLE               0x3c3
#define NV_VGA_SRX                  0x3c4
#define NV_VGA_SR                   0x3c5
#define NV_VGA_DAC_MASK             0x3c6
#define NV_VGA_DAC_READ_INDEX       0x3c7   /* reads: DAC state */
#define NV_VGA_DAC_WRITE_INDEX      0x3c8
#define NV_VGA_DAC_DATA             0x3c9
#define NV_VGA_FEATURE_READ         0x3ca
#define NV_VGA_MISC_READ            0x3cc
#define NV_VGA_GRX                  0x3ce
#define NV_VGA_GR                   0x3cf
#define NV_VGA_CRX                  0x3d4
#define NV_VGA_CR                   0x3d5
#define NV_VGA_FEATURE_WRITE        0x3da   /* reads: input status 1 */
#define NV_VGA_INP1                 0x3da

#define NV_VGA_INP0_SENSE           (1u << 4)
#define NV_VGA_INP1_DISPLAY_OFF     (1u << 0)   /* in a blanking interval */
#define NV_VGA_INP1_VRETRACE        (1u << 3)

/* Standard CRTC registers the display model reads. */
#define NV_CR_HDE                   0x01
#define NV_CR_OVERFLOW              0x07
#define NV_CR_CELL_HT               0x09
#define NV_CR_SA_HI                 0x0c
#define NV_CR_SA_LO                 0x0d
#define NV_CR_VRS                   0x10
#define NV_CR_VRE                   0x11
#define   NV_CR_VRE_PROTECT         0x80    /* CR00-CR07 read-only */
#define NV_CR_VDE                   0x12
#define NV_CR_OFFSET                0x13
#define NV_CR_VDT                   0x06
#define NV_CR_LAST_STANDARD         0x18
/* NV extended CRTC registers (nvreg.h NV_CIO_CRE_*, envytools nv_vga.xml). */
#define NV_CRE_RPC0                 0x19    /* bits 7:5 = offset bits 10:8 */
#define NV_CRE_LOCK                 0x1f
#define   NV_CRE_LOCK_UNLOCK        0x57    /* any other value locks */
#define NV_CRE_AR_STATE             0x24    /* bit 7: AR flip-flop (r/o) */
#define NV_CRE_ARX                  0x26    /* AR index (r/o) */
#define NV_CRE_LSR                  0x25    /* vertical bit 10s */
#define NV_CRE_PIXEL                0x28    /* bits 1:0 = pixel format */
#define NV_CRE_HEB                  0x2d    /* horizontal bit 8s */
#define NV_CRE_HCUR_ADDR2           0x2f    /* cursor address bits 31:24 */
#define NV_CRE_HCUR_ADDR0           0x30    /* 6:0 address 23:17, 7 ASI */
#define NV_CRE_HCUR_ADDR1           0x31    /* 0 enable, 1 double, 7:2 16:11 */
#define   NV_CRE_HCUR_ADDR1_ENABLE  (1u << 0)
#define NV_CRE_DDC_STATUS           0x3e    /* bit 2 SCL, bit 3 SDA in */
#define NV_CRE_DDC_WR               0x3f    /* bit 5 SCL, bit 4 SDA out */
#define NV_CRE_EBR                  0x41    /* vertical bit 11s */
#define NV_CRE_42                   0x42    /* bit 6 = offset bit 11 */
#define NV_CRE_OWNER                0x44    /* 0 head A, 3 head B, 4 tied */
#define NV_CRE_57                   0x57    /* index of CR58 */
#define NV_CRE_58                   0x58

typedef struct NVVgaHead {
    uint8_t cr[256];
    uint8_t cr58[256];          /* the array behind CR57/CR58 */
    uint8_t cr_index;
    uint8_t sr[8];
    uint8_t sr_index;
    uint8_t gr[16];
    uint8_t gr_index;
    uint8_t ar[32];
    uint8_t ar_index;
    uint8_t ar_flip;            /* 0: next 0x3c0 write is the index */
    uint8_t misc;
    uint8_t fcr;
    uint8_t enable;             /* port 0x3c3 */
    uint8_t dac_mask;
    uint8_t dac_read_index;
    uint8_t dac_write_index;
    uint8_t dac_component;      /* 0..2 within the current entry */
    uint8_t dac_reading;        /* last index write was to 0x3c7 */
    uint8_t dac_latch[3];
    uint8_t palette[768];
} NVVgaHead;

typedef struct NVVga {
    NVVgaHead head[NV_HEADS];
    uint8_t lock;               /* CR1F value last written */
    uint8_t owner;              /* CR44 */
    uint8_t ddc_sda_in;         /* SDA as the bus last drove it */
} NVVga;

struct NVCard;

bool nv_head_present(const struct NVCard *card, unsigned head);

/*
 * The per-head register blocks (PCRTC + PRMCIO, PRAMDAC + PRMDIO): head
 * B's copy is NV_HEAD_STRIDE above head A's, and the upper half of each
 * copy, from @window, holds VGA ports.  The lower half has 32-bit
 * registers, handed to @read/@write as (head, offset); they return false
 * for a register they do not know, which is then logged unimplemented.
 */
typedef bool NVHeadRegRead(struct NVCard *card, unsigned head, uint32_t off,
                           uint32_t *val);
typedef bool NVHeadRegWrite(struct NVCard *card, unsigned head, uint32_t off,
                            uint32_t val);
uint64_t nv_head_block_read(struct NVCard *card, uint32_t base,
                            uint32_t window, uint32_t addr, unsigned size,
                            NVHeadRegRead *read);
void nv_head_block_write(struct NVCard *card, uint32_t base, uint32_t window,
                         uint32_t addr, uint64_t val, unsigned size,
                         NVHeadRegWrite *write);

uint8_t nv_vga_port_read(struct NVCard *card, unsigned head, uint16_t port);
void nv_vga_port_write(struct NVCard *card, unsigned head, uint16_t port,
                       uint8_t val);
/* The head the legacy ports and (before NV40) PRMVIO reach: CR44. */
unsigned nv_vga_owner_head(const struct NVCard *card);

/* A VGA-port window of @head at window offset @addr (PRMCIO, PRMDIO). */
uint64_t nv_vga_window_read(struct NVCard *card, unsigned head, uint32_t base,
                            uint32_t addr, unsigned size);
void nv_vga_window_write(struct NVCard *card, unsigned head, uint32_t base,
                         uint32_t addr, uint64_t val, unsigned size);

extern const struct NVEngine nv_vga_engine;

#endif
