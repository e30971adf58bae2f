/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: the NV2x-NV4x display engine.  The VGA register file
 * behind PRMCIO/PRMVIO/PRMDIO (docs/hw/display/nv3/vga.rst,
 * docs/hw/display/nv3/pcrtc.rst, rnndb display/nv_vga.xml, nouveau
 * dispnv04/hw.h and nvkm/engine/disp/vga.c), PCRTC (rnndb nv3_pcrtc.xml,
 * nouveau dispnv04/nvreg.h), PRAMDAC (docs/hw/display/nv3/pramdac.rst),
 * PSTRAPS (docs/hw/io/pstraps.rst) and the VBIOS copy into PRAMIN
 * (nvkm/subdev/bios/shadowramin.c).
 *
 * Everything goes through BAR0 the way nouveau does it, byte-wide for the
 * VGA ports, and every expected value is worked out by hand in the
 * comments.
 */
#include <glib.h>
#include <string.h>

#include "test-host.h"

/*
 * nvreg.h: PRMCIO at 0x601000, PRMVIO at 0x0c0000, PRMDIO at 0x681000,
 * each window offset being the VGA port number; head B's copies are
 * 0x2000 higher (NV_PRMCIO_SIZE; PRMVIO only on NV40, hw.h NVReadPRMVIO).
 */
#define PRMCIO(h, port)     (0x601000 + (h) * 0x2000 + (port))
#define PRMVIO(h, port)     (0x0c0000 + (h) * 0x2000 + (port))
#define PRMDIO(h, port)     (0x681000 + (h) * 0x2000 + (port))
#define PCRTC(h, reg)       (0x600000 + (h) * 0x2000 + (reg))
#define PRAMDAC(h, reg)     (0x680000 + (h) * 0x2000 + (reg))

#define PCRTC_INTR          0x100
#define PCRTC_INTR_EN       0x140
#define PCRTC_START         0x800
#define PCRTC_RASTER        0x808
#define RAMDAC_GENCTL       0x600
#define RAMDAC_TEST         0x608

/* 60 Hz in virtual time, frames aligned to virtual time 0 (pcrtc.c). */
#define FRAME_NS            16666667

static uint8_t rd8(TestHost *th, uint32_t addr)
{
    return nv_mmio_read(&th->card, NV_BAR_MMIO, addr, 1);
}

static void wr8(TestHost *th, uint32_t addr, uint8_t val)
{
    nv_mmio_write(&th->card, NV_BAR_MMIO, addr, val, 1);
}

/* hw.h NVWriteVgaCrtc()/NVReadVgaCrtc(): index to 0x3d4, data at 0x3d5. */
static void wrcr(TestHost *th, unsigned head, uint8_t idx, uint8_t val)
{
    wr8(th, PRMCIO(head, 0x3d4), idx);
    wr8(th, PRMCIO(head, 0x3d5), val);
}

static uint8_t rdcr(TestHost *th, unsigned head, uint8_t idx)
{
    wr8(th, PRMCIO(head, 0x3d4), idx);
    return rd8(th, PRMCIO(head, 0x3d5));
}

/* Sequencer through PRMVIO (hw.h NVWriteVgaSeq(); head B's only on NV40). */
static void wrsr(TestHost *th, unsigned head, uint8_t idx, uint8_t val)
{
    wr8(th, PRMVIO(head, 0x3c4), idx);
    wr8(th, PRMVIO(head, 0x3c5), val);
}

static uint8_t rdsr(TestHost *th, unsigned head, uint8_t idx)
{
    wr8(th, PRMVIO(head, 0x3c4), idx);
    return rd8(th, PRMVIO(head, 0x3c5));
}

/* Move the virtual clock to absolute time @t, expiring timers on the way. */
static void advance_to(TestHost *th, int64_t t)
{
    g_assert_cmpint(t, >=, th->now);
    th_advance(th, t - th->now);
}

/* ---- CRTC index/data ------------------------------------------------- */

/*
 * nv40 has two heads (CRTC + RAMDAC pairs), each with its own register
 * file behind its own PRMCIO.  CR1F, written through head A, unlocks the
 * extended registers of both: nouveau's NVLockVgaCrtcs() writes head A
 * only (except on NV11, which is not modelled).  Standard registers
 * (CR00-CR18) and extended ones (CR19+) round-trip per head, the index
 * port reads back, the mono addresses 0x3b4/0x3b5 reach the same file, and
 * CR57 indexes an array read and written through CR58 (hw.h
 * NVWriteVgaCrtc5758()).
 */
static void test_cr_roundtrip(void)
{
    TestHost *th = th_new("nv40", 0);

    wrcr(th, 0, 0x1f, 0x57);
    wrcr(th, 0, 0x13, 0xa5);
    wrcr(th, 1, 0x13, 0x5a);
    wrcr(th, 0, 0x19, 0x40);
    wrcr(th, 1, 0x19, 0x20);
    g_assert_cmphex(rdcr(th, 0, 0x13), ==, 0xa5);
    g_assert_cmphex(rdcr(th, 1, 0x13), ==, 0x5a);
    g_assert_cmphex(rdcr(th, 0, 0x19), ==, 0x40);
    g_assert_cmphex(rdcr(th, 1, 0x19), ==, 0x20);
    /* The index port reads back what was written. */
    wr8(th, PRMCIO(1, 0x3d4), 0x28);
    g_assert_cmphex(rd8(th, PRMCIO(1, 0x3d4)), ==, 0x28);
    /* Mono addresses: CR13 of head A through 0x3b4/0x3b5. */
    wr8(th, PRMCIO(0, 0x3b4), 0x13);
    g_assert_cmphex(rd8(th, PRMCIO(0, 0x3b5)), ==, 0xa5);
    /*
     * A 16-bit write to 0x3d4 is index then data, low byte first (the
     * "out dx, ax" a VGA BIOS uses): 0x7713 sets CR13 = 0x77.
     */
    nv_mmio_write(&th->card, NV_BAR_MMIO, PRMCIO(0, 0x3d4), 0x7713, 2);
    g_assert_cmphex(rdcr(th, 0, 0x13), ==, 0x77);
    g_assert_cmphex(rdcr(th, 1, 0x13), ==, 0x5a);
    /* CR57/CR58: entries 0 and 2 of each head's array (hw.h comment). */
    wrcr(th, 0, 0x57, 0x00);
    wrcr(th, 0, 0x58, 0x7f);
    wrcr(th, 0, 0x57, 0x02);
    wrcr(th, 0, 0x58, 0x01);
    wrcr(th, 1, 0x57, 0x00);
    wrcr(th, 1, 0x58, 0x03);
    wrcr(th, 0, 0x57, 0x00);
    g_assert_cmphex(rdcr(th, 0, 0x58), ==, 0x7f);
    wrcr(th, 0, 0x57, 0x02);
    g_assert_cmphex(rdcr(th, 0, 0x58), ==, 0x01);
    g_assert_cmphex(rdcr(th, 0, 0x57), ==, 0x02);
    wrcr(th, 1, 0x57, 0x00);
    g_assert_cmphex(rdcr(th, 1, 0x58), ==, 0x03);
    g_assert_cmpuint(th->n_unimp, ==, 0);
    g_assert_cmpuint(th->n_guest_error, ==, 0);
    th_free(th);
}

/*
 * nv20 (GeForce3) has one head: rnndb nv3_pcrtc.xml lists PCRTC2/PRMCIO2
 * for NV11:G80, but nouveau's dispnv04/disp.h nv_two_heads() excludes
 * device ids 0x020x (NV20), and disp.c creates CRTC 1 only if it says
 * yes.  The 0x602000-0x603fff range is not a register file: head B's
 * CR13 write changes nothing, reads 0 and is logged as unimplemented;
 * head A's CR13 stays.  PCRTC2 INTR_EN does not keep a value, PRMDIO2
 * does not keep a palette index.
 */
static void test_nv20_single_head(void)
{
    TestHost *th = th_new("nv20", 0);

    g_assert_cmpuint(th->card.model->heads, ==, 1);
    wrcr(th, 0, 0x13, 0x11);
    wrcr(th, 1, 0x13, 0x22);
    g_assert_cmpuint(th->n_unimp, >, 0);
    g_assert_cmphex(rdcr(th, 1, 0x13), ==, 0);
    g_assert_cmphex(rdcr(th, 0, 0x13), ==, 0x11);
    th_wr(th, PCRTC(1, PCRTC_INTR_EN), 1);
    g_assert_cmphex(th_rd(th, PCRTC(1, PCRTC_INTR_EN)), ==, 0);
    wr8(th, PRMDIO(1, 0x3c8), 0x42);
    g_assert_cmphex(rd8(th, PRMDIO(1, 0x3c8)), ==, 0);
    /* PRMVIO's second window does not exist before NV40 either. */
    wrsr(th, 1, 0x02, 0x0f);
    g_assert_cmphex(rdsr(th, 1, 0x02), ==, 0);
    th_free(th);
}

/* ---- CR1F lock --------------------------------------------------------- */

/*
 * CR1F (rnndb nv_vga.xml LOCK, nvreg.h NV_CIO_SR_LOCK_INDEX): writing
 * 0x57 unlocks the extended registers and CR1F then reads 3 (UNLOCKED);
 * anything else (0x99 is nouveau's LOCK value, 0x75 the read-only unlock
 * of other VGA chips, not NVIDIA's) locks: reads 0, and the extended registers
 * CR19+ read 0 and ignore writes ("impervious: immutable and unreadable",
 * hw.h NVLockVgaCrtcs()).  A reset card is locked.  Standard registers
 * CR00-CR18 are not affected.
 */
static void test_cr1f_lock(void)
{
    TestHost *th = th_new("nv40", 0);

    g_assert_cmphex(rdcr(th, 0, 0x1f), ==, 0);
    wrcr(th, 0, 0x28, 0x03);
    g_assert_cmpuint(th->n_guest_error, ==, 1);     /* write refused */
    g_assert_cmphex(rdcr(th, 0, 0x28), ==, 0);
    wrcr(th, 0, 0x13, 0x50);                        /* CR13 is standard */
    g_assert_cmphex(rdcr(th, 0, 0x13), ==, 0x50);

    wrcr(th, 0, 0x1f, 0x57);
    g_assert_cmphex(rdcr(th, 0, 0x1f), ==, 3);
    wrcr(th, 0, 0x28, 0x03);
    wrcr(th, 1, 0x28, 0x01);                        /* head B unlocked too */
    g_assert_cmphex(rdcr(th, 0, 0x28), ==, 0x03);
    g_assert_cmphex(rdcr(th, 1, 0x28), ==, 0x01);

    wrcr(th, 0, 0x1f, 0x75);
    g_assert_cmphex(rdcr(th, 0, 0x1f), ==, 0);
    wrcr(th, 0, 0x28, 0x02);                        /* locked: ignored */
    g_assert_cmpuint(th->n_guest_error, ==, 2);
    wrcr(th, 0, 0x1f, 0x57);
    g_assert_cmphex(rdcr(th, 0, 0x28), ==, 0x03);

    wrcr(th, 0, 0x1f, 0x99);
    g_assert_cmphex(rdcr(th, 0, 0x1f), ==, 0);
    g_assert_cmphex(rdcr(th, 0, 0x28), ==, 0);      /* hidden, not lost */
    g_assert_cmphex(rdcr(th, 1, 0x28), ==, 0);
    g_assert_cmphex(rdcr(th, 0, 0x13), ==, 0x50);
    wrcr(th, 0, 0x1f, 0x56);                        /* near miss: locked */
    g_assert_cmphex(rdcr(th, 0, 0x1f), ==, 0);
    /*
     * CR44, the owner, is not behind the lock: nouveau's
     * nv04_devinit_preinit() reads and writes it before unlocking.
     */
    wrcr(th, 0, 0x44, 0x03);
    g_assert_cmphex(rdcr(th, 0, 0x44), ==, 0x03);
    g_assert_cmpuint(th->n_guest_error, ==, 2);
    wrcr(th, 0, 0x44, 0x00);

    wrcr(th, 0, 0x1f, 0x57);
    g_assert_cmphex(rdcr(th, 0, 0x28), ==, 0x03);
    g_assert_cmphex(rdcr(th, 1, 0x28), ==, 0x01);
    th_free(th);
}

/* ---- CR11 protect ------------------------------------------------------ */

/*
 * VGA CR11 bit 7 (nv_vga.xml LOCK_CR0_CR7, hw.h nv_lock_vga_crtc_base()
 * "makes cr0-7 on the specified head read-only"): CR00-CR07 ignore writes
 * except CR07 bit 4 (line compare bit 8, which standard VGA leaves
 * writable); CR08 and up, and CR11 itself, stay writable.  Per head.
 */
static void test_cr11_protect(void)
{
    TestHost *th = th_new("nv40", 0);

    for (uint8_t i = 0; i <= 7; i++) {
        wrcr(th, 0, i, 0x10 + i);
    }
    wrcr(th, 0, 0x11, 0x80 | 0x2b);
    wrcr(th, 0, 0x00, 0xff);
    wrcr(th, 0, 0x06, 0xff);
    g_assert_cmphex(rdcr(th, 0, 0x00), ==, 0x10);
    g_assert_cmphex(rdcr(th, 0, 0x06), ==, 0x16);
    /* CR07 was 0x17 (bit 4 set): 0xe0 changes bit 4 only -> 0x07. */
    wrcr(th, 0, 0x07, 0xe0);
    g_assert_cmphex(rdcr(th, 0, 0x07), ==, 0x07);
    wrcr(th, 0, 0x07, 0xff);
    g_assert_cmphex(rdcr(th, 0, 0x07), ==, 0x17);
    wrcr(th, 0, 0x08, 0x55);
    g_assert_cmphex(rdcr(th, 0, 0x08), ==, 0x55);
    g_assert_cmphex(rdcr(th, 0, 0x11), ==, 0xab);
    /* Head B is not protected by head A's CR11. */
    wrcr(th, 1, 0x00, 0x5f);
    g_assert_cmphex(rdcr(th, 1, 0x00), ==, 0x5f);
    /* Clearing bit 7 makes CR00-CR07 writable again. */
    wrcr(th, 0, 0x11, 0x2b);
    wrcr(th, 0, 0x00, 0xa3);
    g_assert_cmphex(rdcr(th, 0, 0x00), ==, 0xa3);
    th_free(th);
}

/* ---- CR44 owner and PRMVIO routing ------------------------------------- */

/*
 * Before NV40 there is one PRMVIO window, reaching the head CR44 selects
 * (nvkm vga.c "CR44 selects head", hw.h "other twoHeads cards MUST call
 * NVSetOwner"): CR44 = 0 head A, 3 head B, 4 both tied (head A's
 * registers answer).  CR44 is one register shared by both heads
 * (nvkm_rdvgaowner() reads it through head A).  nv25 is a two-head NV2x:
 * a sequencer register written with owner 0 and one written with owner 3
 * land in different heads; MISC (write 0x3c2, read 0x3cc, nvreg.h
 * NV_PRMVIO_MISC__WRITE/READ) too.
 */
static void test_owner_prmvio_nv25(void)
{
    TestHost *th = th_new("nv25", 0);

    wrcr(th, 0, 0x1f, 0x57);
    g_assert_cmphex(rdcr(th, 0, 0x44), ==, 0);
    wrsr(th, 0, 0x02, 0x0f);
    wr8(th, PRMVIO(0, 0x3c2), 0xe3);
    wrcr(th, 0, 0x44, 0x03);
    g_assert_cmphex(rdcr(th, 1, 0x44), ==, 0x03);
    g_assert_cmphex(rdsr(th, 0, 0x02), ==, 0x00);   /* head B's SR02 */
    g_assert_cmphex(rd8(th, PRMVIO(0, 0x3cc)), ==, 0x00);
    wrsr(th, 0, 0x02, 0x03);
    wr8(th, PRMVIO(0, 0x3c2), 0x23);
    wrcr(th, 1, 0x44, 0x00);                        /* back to A, via B */
    g_assert_cmphex(rdsr(th, 0, 0x02), ==, 0x0f);
    g_assert_cmphex(rd8(th, PRMVIO(0, 0x3cc)), ==, 0xe3);
    wrcr(th, 0, 0x44, 0x04);                        /* tied: head A */
    g_assert_cmphex(rdsr(th, 0, 0x02), ==, 0x0f);
    wrcr(th, 0, 0x44, 0x03);
    g_assert_cmphex(rdsr(th, 0, 0x02), ==, 0x03);
    g_assert_cmphex(rd8(th, PRMVIO(0, 0x3cc)), ==, 0x23);
    /* No second window: 0x0c2000 is not a VGA window before NV40. */
    g_assert_cmphex(rdsr(th, 1, 0x02), ==, 0);
    th_free(th);
}

/*
 * NV40 has one PRMVIO window per head (hw.h NVReadPRMVIO(): "Only NV4x
 * have two pvio ranges"; nvkm vga.c uses 0x0c0000 + head * 0x2000 from
 * NV40): 0x0c03c4 is head A and 0x0c23c4 head B whatever CR44 says.
 */
static void test_owner_prmvio_nv40(void)
{
    TestHost *th = th_new("nv40", 0);

    wrcr(th, 0, 0x1f, 0x57);
    wrsr(th, 0, 0x01, 0x21);
    wrsr(th, 1, 0x01, 0x01);
    g_assert_cmphex(rdsr(th, 0, 0x01), ==, 0x21);
    g_assert_cmphex(rdsr(th, 1, 0x01), ==, 0x01);
    wrcr(th, 0, 0x44, 0x03);
    g_assert_cmphex(rdsr(th, 0, 0x01), ==, 0x21);
    g_assert_cmphex(rdsr(th, 1, 0x01), ==, 0x01);
    /* Graphics controller: GR06 per head too. */
    wr8(th, PRMVIO(1, 0x3ce), 0x06);
    wr8(th, PRMVIO(1, 0x3cf), 0x05);
    wr8(th, PRMVIO(0, 0x3ce), 0x06);
    g_assert_cmphex(rd8(th, PRMVIO(0, 0x3cf)), ==, 0x00);
    g_assert_cmphex(rd8(th, PRMVIO(1, 0x3cf)), ==, 0x05);
    th_free(th);
}

/* ---- attribute controller ---------------------------------------------- */

/*
 * VGA attribute controller (hw.h NVWriteVgaAttr()): reading input status
 * 1 (0x3da) resets the flip-flop so the next 0x3c0 write is the index
 * (bits 0-4 register, bit 5 palette-address source, nv_vga.xml vga_arx),
 * the one after it the data; 0x3c0 reads the index back, 0x3c1 the data.
 */
static void test_ar_flipflop(void)
{
    TestHost *th = th_new("nv40", 0);

    rd8(th, PRMCIO(0, 0x3da));
    wr8(th, PRMCIO(0, 0x3c0), 0x12);
    wr8(th, PRMCIO(0, 0x3c0), 0x0f);                /* AR12 = 0x0f */
    wr8(th, PRMCIO(0, 0x3c0), 0x13);                /* index again */
    g_assert_cmphex(rd8(th, PRMCIO(0, 0x3c0)), ==, 0x13);
    /* The flip-flop is on data now; reading 0x3da puts it back on index. */
    rd8(th, PRMCIO(0, 0x3da));
    wr8(th, PRMCIO(0, 0x3c0), 0x30);                /* AR10, PAS set */
    wr8(th, PRMCIO(0, 0x3c0), 0x01);
    g_assert_cmphex(rd8(th, PRMCIO(0, 0x3c0)), ==, 0x30);
    g_assert_cmphex(rd8(th, PRMCIO(0, 0x3c1)), ==, 0x01);
    wr8(th, PRMCIO(0, 0x3c0), 0x13);
    g_assert_cmphex(rd8(th, PRMCIO(0, 0x3c1)), ==, 0x00);   /* untouched */
    /*
     * The flip-flop is on data (after index 0x13); reading 0x3da drops
     * that, so 0x12 is an index again, not AR13's value.
     */
    rd8(th, PRMCIO(0, 0x3da));
    wr8(th, PRMCIO(0, 0x3c0), 0x12);
    wr8(th, PRMCIO(0, 0x3c0), 0x09);                /* AR12 = 9 */
    wr8(th, PRMCIO(0, 0x3c0), 0x13);
    g_assert_cmphex(rd8(th, PRMCIO(0, 0x3c1)), ==, 0x00);
    rd8(th, PRMCIO(0, 0x3da));
    wr8(th, PRMCIO(0, 0x3c0), 0x12);
    g_assert_cmphex(rd8(th, PRMCIO(0, 0x3c1)), ==, 0x09);
    /* Head B has its own flip-flop: head A's 0x3da read leaves it. */
    rd8(th, PRMCIO(1, 0x3da));
    wr8(th, PRMCIO(1, 0x3c0), 0x11);                /* index */
    rd8(th, PRMCIO(0, 0x3da));
    wr8(th, PRMCIO(1, 0x3c0), 0x3c);                /* AR11 of head B */
    g_assert_cmphex(rd8(th, PRMCIO(1, 0x3c1)), ==, 0x3c);
    g_assert_cmphex(th->card.vga.head[0].ar[0x11], ==, 0);
    /*
     * rnndb nv_vga.xml: CR24 (AR_STATE) bit 7 is the flip-flop (1: the
     * next 0x3c0 write is data), CR26 the index; both read-only, and
     * extended registers, so only with CR1F unlocked.  Head B's index is
     * 0x11 and its flip-flop on index (the data write just toggled it).
     */
    wrcr(th, 1, 0x1f, 0x57);
    g_assert_cmphex(rdcr(th, 1, 0x24), ==, 0x00);
    g_assert_cmphex(rdcr(th, 1, 0x26), ==, 0x11);
    wr8(th, PRMCIO(1, 0x3c0), 0x14);
    g_assert_cmphex(rdcr(th, 1, 0x24), ==, 0x80);
    g_assert_cmphex(rdcr(th, 1, 0x26), ==, 0x14);
    wrcr(th, 1, 0x26, 0x00);                        /* read-only */
    g_assert_cmphex(rdcr(th, 1, 0x26), ==, 0x14);
    th_free(th);
}

/* ---- palette DAC ------------------------------------------------------- */

/*
 * The VGA DAC through PRMDIO (dispnv04/hw.c
 * nouveau_hw_load_state_palette() writes index 0 to 0x3c8, then all 768
 * bytes to 0x3c9, relying on the auto-increment): 0x3c8 write index,
 * three 0x3c9 writes store an entry
 * (R, G, B) and move to the next; 0x3c7 read index, 0x3c9 reads run
 * through the components and entries the same way; 0x3c7 reads the DAC
 * state, 3 after a read index write and 0 after a write index write;
 * 0x3c8 reads the write index.  An entry is stored only with its third
 * component: a new index before that drops the partial entry.
 */
static void test_palette(void)
{
    static const uint8_t rgb[] = { 0x3f, 0x20, 0x01, 0x10, 0x11, 0x12 };
    TestHost *th = th_new("nv40", 0);

    wr8(th, PRMDIO(0, 0x3c8), 5);
    g_assert_cmphex(rd8(th, PRMDIO(0, 0x3c7)), ==, 0);
    for (size_t i = 0; i < sizeof(rgb); i++) {
        wr8(th, PRMDIO(0, 0x3c9), rgb[i]);
    }
    g_assert_cmphex(rd8(th, PRMDIO(0, 0x3c8)), ==, 7);     /* 5, 6 done */
    wr8(th, PRMDIO(0, 0x3c7), 5);
    g_assert_cmphex(rd8(th, PRMDIO(0, 0x3c7)), ==, 3);
    for (size_t i = 0; i < sizeof(rgb); i++) {
        g_assert_cmphex(rd8(th, PRMDIO(0, 0x3c9)), ==, rgb[i]);
    }
    /* Partial entry 9: two components, then a new index. */
    wr8(th, PRMDIO(0, 0x3c8), 9);
    wr8(th, PRMDIO(0, 0x3c9), 0x2a);
    wr8(th, PRMDIO(0, 0x3c9), 0x2b);
    wr8(th, PRMDIO(0, 0x3c8), 10);
    wr8(th, PRMDIO(0, 0x3c7), 9);
    g_assert_cmphex(rd8(th, PRMDIO(0, 0x3c9)), ==, 0);
    g_assert_cmphex(rd8(th, PRMDIO(0, 0x3c9)), ==, 0);
    g_assert_cmphex(rd8(th, PRMDIO(0, 0x3c9)), ==, 0);
    /* The index wraps from 255 to 0 (an 8-bit register). */
    wr8(th, PRMDIO(0, 0x3c8), 0xff);
    for (int i = 0; i < 6; i++) {
        wr8(th, PRMDIO(0, 0x3c9), 0x30 + i);
    }
    g_assert_cmphex(rd8(th, PRMDIO(0, 0x3c8)), ==, 1);
    wr8(th, PRMDIO(0, 0x3c7), 0);
    g_assert_cmphex(rd8(th, PRMDIO(0, 0x3c9)), ==, 0x33);
    /*
     * Colour of entry 5 (0x3f, 0x20, 0x01) as scanout sees it: 6-bit DAC
     * widened by repeating the top bits, c << 2 | c >> 4: 0x3f -> 0xff,
     * 0x20 -> 0x82, 0x01 -> 0x04.  With GENERAL_CONTROL BPC_8BITS (bit 20,
     * nvreg.h) the entries are used as 8-bit values as they are.
     */
    g_assert_cmphex(nv_pcrtc_palette_rgb(&th->card, 0, 5), ==, 0xff8204);
    th_wr(th, PRAMDAC(0, RAMDAC_GENCTL), 1u << 20);
    g_assert_cmphex(nv_pcrtc_palette_rgb(&th->card, 0, 5), ==, 0x3f2001);
    /* Head B's palette is its own: entry 5 there is still black. */
    wr8(th, PRMDIO(1, 0x3c7), 5);
    g_assert_cmphex(rd8(th, PRMDIO(1, 0x3c9)), ==, 0);
    wr8(th, PRMDIO(1, 0x3c8), 5);
    wr8(th, PRMDIO(1, 0x3c9), 0x01);
    wr8(th, PRMDIO(1, 0x3c9), 0x02);
    wr8(th, PRMDIO(1, 0x3c9), 0x03);
    wr8(th, PRMDIO(0, 0x3c7), 5);
    g_assert_cmphex(rd8(th, PRMDIO(0, 0x3c9)), ==, 0x3f);
    /* The pixel mask register keeps its value; reset value 0xff. */
    g_assert_cmphex(rd8(th, PRMDIO(0, 0x3c6)), ==, 0xff);
    wr8(th, PRMDIO(0, 0x3c6), 0x0f);
    g_assert_cmphex(rd8(th, PRMDIO(0, 0x3c6)), ==, 0x0f);
    /* VGA ANDs the pixel with the mask before the lookup: 0x15 -> 5. */
    g_assert_cmphex(nv_pcrtc_palette_rgb(&th->card, 0, 0x15), ==, 0x3f2001);
    th_free(th);
}

/* ---- DDC --------------------------------------------------------------- */

/*
 * The DDC bus of head A (busnv04.c, I2C table entry "3f 3e" of our VBIOS):
 * nouveau drives SCL with CR3F bit 5 and SDA with bit 4, always writing
 * bit 0 too (val | 0x01), and senses SCL on CR3E bit 2 and SDA on bit 3
 * (envytools pcrtc.rst nv3-crtc-ext-i2c-read/-write agree).  Every
 * CR3F write goes to the host's bus (the fake host records the lines);
 * CR3E shows SCL as driven and SDA as the bus returns it, so a device
 * pulling SDA low reads as 0 even while the card releases it.  Both
 * lines float high after reset: CR3E = 0x0c, CR3F = 0x30.  Both are
 * extended registers: locked, CR3E reads 0.
 */
static void test_ddc(void)
{
    TestHost *th = th_new("nv40", 0);

    g_assert_cmphex(rdcr(th, 0, 0x3e), ==, 0);      /* locked */
    wrcr(th, 0, 0x1f, 0x57);
    g_assert_cmphex(rdcr(th, 0, 0x3e), ==, 0x0c);
    g_assert_cmphex(rdcr(th, 0, 0x3f), ==, 0x30);
    g_assert_cmpuint(th->ddc_calls, ==, 0);

    /* drive_scl(0): 0x30 & 0xdf | 1 = 0x11. */
    wrcr(th, 0, 0x3f, 0x11);
    g_assert_cmpuint(th->ddc_calls, ==, 1);
    g_assert_false(th->ddc_scl);
    g_assert_true(th->ddc_sda);
    g_assert_cmphex(rdcr(th, 0, 0x3e), ==, 0x08);
    /* drive_sda(0): 0x11 & 0xef | 1 = 0x01: both low. */
    wrcr(th, 0, 0x3f, 0x01);
    g_assert_false(th->ddc_sda);
    g_assert_cmphex(rdcr(th, 0, 0x3e), ==, 0x00);
    /* drive_scl(1): 0x21, SCL high, SDA low. */
    wrcr(th, 0, 0x3f, 0x21);
    g_assert_true(th->ddc_scl);
    g_assert_cmphex(rdcr(th, 0, 0x3e), ==, 0x04);
    /* Release SDA while a device holds it low (an ACK): SDA reads 0. */
    th->ddc_hold_sda = true;
    wrcr(th, 0, 0x3f, 0x31);
    g_assert_true(th->ddc_sda);
    g_assert_cmphex(rdcr(th, 0, 0x3e), ==, 0x04);
    th->ddc_hold_sda = false;
    wrcr(th, 0, 0x3f, 0x31);
    g_assert_cmphex(rdcr(th, 0, 0x3e), ==, 0x0c);
    g_assert_cmpuint(th->ddc_calls, ==, 5);
    g_assert_cmphex(rdcr(th, 0, 0x3f), ==, 0x31);
    /* Locked, CR3F writes do not reach the bus (and CR3E reads 0). */
    wrcr(th, 0, 0x1f, 0x99);
    wrcr(th, 0, 0x3f, 0x01);
    g_assert_cmpuint(th->ddc_calls, ==, 5);
    g_assert_cmphex(rdcr(th, 0, 0x3e), ==, 0x00);
    wrcr(th, 0, 0x1f, 0x57);
    g_assert_cmphex(rdcr(th, 0, 0x3e), ==, 0x0c);
    th_free(th);

    /* No device on the bus at all: SDA follows what the card drives. */
    th = th_new("nv40", 0);
    th->card.host.ddc = NULL;
    wrcr(th, 0, 0x1f, 0x57);
    wrcr(th, 0, 0x3f, 0x21);
    g_assert_cmphex(rdcr(th, 0, 0x3e), ==, 0x04);
    wrcr(th, 0, 0x3f, 0x31);
    g_assert_cmphex(rdcr(th, 0, 0x3e), ==, 0x0c);
    th_free(th);
}

/*
 * Input status 0 (0x3c2 read) bit 4 is the DAC comparator: nouveau's
 * nv04_dac_detect() (dispnv04/dac.c) reads it through PRMCIO and takes a
 * set bit as "monitor attached".  Our card always has a monitor.
 */
static void test_inp0_sense(void)
{
    TestHost *th = th_new("nv40", 0);

    g_assert_cmphex(rd8(th, PRMCIO(0, 0x3c2)) & 0x10, ==, 0x10);
    g_assert_cmphex(rd8(th, PRMCIO(1, 0x3c2)) & 0x10, ==, 0x10);
    th_free(th);
}

/* ---- PCRTC interrupts -------------------------------------------------- */

/*
 * VBLANK (rnndb nv3_pcrtc.xml INTR/INTR_EN bit 0, pmc.rst PMC line 24 for
 * PCRTC, 25 for PCRTC2).  The reset CRTC has no usable timings, so the
 * frame is pcrtc.c's default 640x480 one: 525 lines, VBLANK at the first
 * line after the 480 visible ones, frame_start + 16666667 * 480 / 525 =
 * 8000000160 / 525 = 15238095 ns (truncated) into each 60 Hz frame.
 * th_new starts the clock at 1000 ns, in frame 0.
 *
 * PMC.INTR shows line 24 only while INTR and INTR_EN are both set (PMC
 * INTR is computed from enabled engine interrupts, architecture.rst); INTx
 * needs PMC INTR_ENABLE bit 0 as well.  INTR is write-1-to-clear.
 * INTR_EN keeps bit 0 only.
 */
static void test_vblank_intr(void)
{
    TestHost *th = th_new("nv40", 0);

    th_wr(th, PCRTC(0, PCRTC_INTR_EN), 0xffffffff);
    g_assert_cmphex(th_rd(th, PCRTC(0, PCRTC_INTR_EN)), ==, 1);
    g_assert_cmphex(th_rd(th, PCRTC(0, PCRTC_INTR)), ==, 0);
    advance_to(th, 15238094);
    g_assert_cmphex(th_rd(th, PCRTC(0, PCRTC_INTR)), ==, 0);
    advance_to(th, 15238095);
    g_assert_cmphex(th_rd(th, PCRTC(0, PCRTC_INTR)), ==, 1);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0x01000000);
    g_assert_false(th->irq);                        /* PMC INTR_ENABLE 0 */
    th_wr(th, 0x140, 1);
    g_assert_true(th->irq);
    th_wr(th, PCRTC(0, PCRTC_INTR), 0);             /* writing 0: no-op */
    g_assert_cmphex(th_rd(th, PCRTC(0, PCRTC_INTR)), ==, 1);
    th_wr(th, PCRTC(0, PCRTC_INTR), 1);
    g_assert_cmphex(th_rd(th, PCRTC(0, PCRTC_INTR)), ==, 0);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0);
    g_assert_false(th->irq);

    /* The next one is a frame later: 16666667 + 15238095 = 31904762. */
    advance_to(th, 31904761);
    g_assert_cmphex(th_rd(th, PCRTC(0, PCRTC_INTR)), ==, 0);
    advance_to(th, 31904762);
    g_assert_cmphex(th_rd(th, PCRTC(0, PCRTC_INTR)), ==, 1);
    g_assert_true(th->irq);

    /* INTR_EN off: INTR still latches, but neither PMC nor INTx see it. */
    th_wr(th, PCRTC(0, PCRTC_INTR), 1);
    th_wr(th, PCRTC(0, PCRTC_INTR_EN), 0);
    th_advance(th, FRAME_NS);
    g_assert_cmphex(th_rd(th, PCRTC(0, PCRTC_INTR)), ==, 1);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0);
    g_assert_false(th->irq);
    th_wr(th, PCRTC(0, PCRTC_INTR_EN), 1);          /* pending: INTx now */
    g_assert_true(th->irq);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0x01000000);
    th_wr(th, PCRTC(0, PCRTC_INTR), 1);
    g_assert_false(th->irq);

    /* Head B: PCRTC2 at 0x602000, PMC line 25 = 0x02000000. */
    th_wr(th, PCRTC(0, PCRTC_INTR_EN), 0);
    th_wr(th, PCRTC(1, PCRTC_INTR), 1);     /* latched since reset */
    g_assert_cmphex(th_rd(th, PCRTC(1, PCRTC_INTR)), ==, 0);
    th_wr(th, PCRTC(1, PCRTC_INTR_EN), 1);
    g_assert_false(th->irq);
    th_advance(th, FRAME_NS);
    g_assert_cmphex(th_rd(th, PCRTC(1, PCRTC_INTR)), ==, 1);
    g_assert_cmphex(th_rd(th, 0x100), ==, 0x02000000);
    g_assert_true(th->irq);
    th_wr(th, PCRTC(1, PCRTC_INTR), 1);
    g_assert_false(th->irq);
    th_free(th);
}

/* ---- a mode, as nouveau sets it ---------------------------------------- */

/*
 * 1024x768 at 60 Hz (VESA DMT, 65 MHz): hdisplay 1024, hsync 1048-1184,
 * htotal 1344; vdisplay 768, vsync 771-777, vtotal 806; -hsync -vsync.
 * dispnv04/crtc.c nv_crtc_mode_set_vga():
 *
 *   horizDisplay    = 1024 / 8 - 1 = 127 = 0x7f
 *   horizStart      = 1048 / 8 + 1 = 132 = 0x84
 *   horizEnd        = 1184 / 8 + 1 = 149 = 0x95
 *   horizTotal      = 1344 / 8 - 5 = 163 = 0xa3
 *   horizBlankStart = 1024 / 8 - 1 = 0x7f
 *   horizBlankEnd   = 1344 / 8 - 1 = 167 = 0xa7
 *   vertDisplay     = 768 - 1 = 767 = 0x2ff
 *   vertStart       = 771 - 1 = 770 = 0x302
 *   vertEnd         = 777 - 1 = 776 = 0x308
 *   vertTotal       = 806 - 2 = 804 = 0x324
 *   vertBlankStart  = 767 = 0x2ff, vertBlankEnd = 805 = 0x325
 *
 *   CR00 HDT = 0xa3, CR01 HDE = 0x7f, CR02 HBS = 0x7f,
 *   CR03 = 1 << 7 | HBE 4:0 (0xa7 & 0x1f = 0x07) = 0x87, CR04 HRS = 0x84,
 *   CR05 = HBE bit 5 (0xa7: 1) << 7 | HRE 4:0 (0x95 & 0x1f = 0x15) = 0x95,
 *   CR06 VDT = 0x24,
 *   CR07 = VRS_9 (0x302: 1) << 7 | VDE_9 (0x2ff: 1) << 6 | VDT_9 (0x324:
 *          1) << 5 | 1 << 4 | VBS_8 (0x2ff: 0) << 3 | VRS_8 (1) << 2 |
 *          VDE_8 (0) << 1 | VDT_8 (1) = 0xf5,
 *   CR08 = 0, CR09 = 1 << 6 | VBS_9 (1) << 5 = 0x60, CR0A-CR0F = 0,
 *   CR10 VRS = 0x02, CR11 = 1 << 5 | VRE 3:0 (0x308 & 0xf = 8) = 0x28,
 *   CR12 VDE = 0xff, CR13 = pitch / 8 (low 8 bits), CR14 = 0,
 *   CR15 VBS = 0xff, CR16 VBE = 0x25, CR17 = 0x43, CR18 = 0xff,
 *   CR19 RPC0 = (pitch / 8) bits 10:8 << 5, CR42 = bit 11 << 6,
 *   CR1A RPC1 = 1 << 2 (LARGE: hdisplay < 1280),
 *   CR25 LSR = HBE_6 (0xa7 >> 6 & 1 = 0) << 4 | bit 10s (all 0) = 0,
 *   CR2D HEB = bit 8s of HRS/HBS/HDE/HDT (all 0) = 0, CR41 EBR = 0,
 *   CR28 = (depth + 1) / 8 (nv_crtc_mode_set_regs(): 24 -> 3, 16 and
 *   15 -> 2, 8 -> 1).
 *
 * MISC = 0x23 | 0x40 (-hsync) | 0x80 (-vsync) = 0xe3; SR01 = 0x21
 * (screen off) while programming, 0x01 after (NVVgaProtect(false)).
 * PRAMDAC GENERAL_CONTROL = BPC_8BITS (1 << 20) | VGA_STATE_SEL (1 << 8)
 * | PIXMIX_ON (3 << 4) | PIPE_LONG (2 << 28, chipset >= 0x11) =
 * 0x20100130, plus ALT_MODE_SEL (1 << 12) at depth 16.  PCRTC START = the
 * framebuffer's VRAM offset (nv_set_crtc_base()).
 *
 * The pixel clock, 65 MHz, in the head's VPLL (0x680508, head B's VPLL2
 * 0x680520, both in head A's block; dispnv04/hw.c): with nv40's 27 MHz
 * crystal, N 130, M 27, log2 P 1 give 27000 * 130 / 27 >> 1 = 65000 kHz
 * exactly: 1 << 16 | 130 << 8 | 27 = 0x0001821b, VPLL_B (0x680578)
 * with bit 31 clear: one VCO.
 */
#define VPLL_65MHZ      0x0001821bu

static const uint8_t mode_1024x768[0x19] = {
    0xa3, 0x7f, 0x7f, 0x87, 0x84, 0x95, 0x24, 0xf5,
    0x00, 0x60, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x02, 0x28, 0xff, 0x00 /* CR13: pitch */, 0x00, 0xff, 0x25, 0x43,
    0xff,
};

#define GENCTL_NOUVEAU  0x20100130u
#define GENCTL_ALT_MODE (1u << 12)
#define GENCTL_8BITS    (1u << 20)

static void set_mode_1024x768(TestHost *th, unsigned head, unsigned depth,
                              uint32_t pitch, uint32_t start, uint32_t genctl)
{
    wrcr(th, 0, 0x1f, 0x57);                        /* NVLockVgaCrtcs */
    wrcr(th, head, 0x11, rdcr(th, head, 0x11) & 0x7f);
    wrsr(th, head, 0x00, 0x01);                     /* sequencer reset */
    wrsr(th, head, 0x01, 0x21);                     /* screen off */
    wr8(th, PRMVIO(head, 0x3c2), 0xe3);
    for (uint8_t i = 0; i < sizeof(mode_1024x768); i++) {
        wrcr(th, head, i, i == 0x13 ? (pitch / 8) & 0xff : mode_1024x768[i]);
    }
    wrcr(th, head, 0x19, ((pitch / 8) >> 8 & 7) << 5);
    wrcr(th, head, 0x42, ((pitch / 8) >> 11 & 1) << 6);
    wrcr(th, head, 0x1a, 0x04);
    wrcr(th, head, 0x25, 0x00);
    wrcr(th, head, 0x2d, 0x00);
    wrcr(th, head, 0x41, 0x00);
    wrcr(th, head, 0x28, (depth + 1) / 8);
    th_wr(th, PRAMDAC(head, RAMDAC_GENCTL), genctl);
    th_wr(th, PRAMDAC(0, head ? 0x520 : 0x508), VPLL_65MHZ);
    th_wr(th, PRAMDAC(0, head ? 0x57c : 0x578), 0);
    th_wr(th, PCRTC(head, PCRTC_START), start);
    wrsr(th, head, 0x00, 0x03);
    wrsr(th, head, 0x01, 0x01);                     /* screen on */
}

/*
 * 32 bpp, pitch 4096: CR13 = 512 & 0xff = 0x00, CR19 = (512 >> 8) << 5
 * = 0x40, CR42 = 0.  nv_pcrtc_scanout() should give back
 * width = (CR01 + 1) * 8 = 1024, height = VDE 0x2ff + 1 = 768,
 * stride = (CR13 | CR19 7:5 << 8) * 8 = 4096, 32 bpp, base = START.
 * Pixels are x8r8g8b8 in VRAM: the top byte is not shown.
 */
static void test_scanout_32(void)
{
    TestHost *th = th_new("nv40", 0);
    const uint32_t start = 0x100000;
    g_autofree uint32_t *line = g_new0(uint32_t, 1024);
    NVScanout m;

    /* A reset card scans out VGA, not a native mode (CR28 = 0). */
    nv_pcrtc_scanout(&th->card, 0, &m);
    g_assert_false(m.native);

    set_mode_1024x768(th, 0, 24, 4096, start, GENCTL_NOUVEAU);
    g_assert_cmphex(rdcr(th, 0, 0x07), ==, 0xf5);
    g_assert_cmphex(rdcr(th, 0, 0x19), ==, 0x40);
    g_assert_cmphex(rdcr(th, 0, 0x28), ==, 0x03);
    nv_pcrtc_scanout(&th->card, 0, &m);
    g_assert_true(m.native);
    g_assert_false(m.blank);
    g_assert_cmpuint(m.width, ==, 1024);
    g_assert_cmpuint(m.height, ==, 768);
    g_assert_cmpuint(m.bpp, ==, 32);
    g_assert_cmpuint(m.stride, ==, 4096);
    g_assert_cmphex(m.base, ==, start);

    nv_st_le(th->vram + start + 2 * 4096 + 3 * 4, 0xff123456, 4);
    nv_st_le(th->vram + start + 2 * 4096 + 1023 * 4, 0x00abcdef, 4);
    nv_st_le(th->vram + start + 1 * 4096 + 3 * 4, 0x00ffffff, 4);
    nv_pcrtc_scanout_line(&th->card, 0, &m, 2, line);
    g_assert_cmphex(line[3], ==, 0x123456);
    g_assert_cmphex(line[1023], ==, 0xabcdef);
    g_assert_cmphex(line[4], ==, 0);

    /* SR01 bit 5 (screen off, nv_vga.xml SCREEN_MEMORY_OFF): blank. */
    wrsr(th, 0, 0x01, 0x21);
    nv_pcrtc_scanout(&th->card, 0, &m);
    g_assert_true(m.blank);
    nv_pcrtc_scanout_line(&th->card, 0, &m, 2, line);
    g_assert_cmphex(line[3], ==, 0);

    /* Head B is a separate CRTC: still VGA. */
    nv_pcrtc_scanout(&th->card, 1, &m);
    g_assert_false(m.native);

    /*
     * Pitch bits 11 and 10-8: CR42 bit 6 and CR19 bits 7-5.  Offset
     * 0x800 | 0x500 | 0x34 = 0xd34 units of 8 bytes = 27040 bytes.
     */
    wrcr(th, 0, 0x13, 0x34);
    wrcr(th, 0, 0x19, 0x05 << 5);
    wrcr(th, 0, 0x42, 0x40);
    nv_pcrtc_scanout(&th->card, 0, &m);
    g_assert_cmpuint(m.stride, ==, 0xd34 * 8);
    th_free(th);
}

/*
 * 16 and 15 bpp (CR28 = 2 for both, pitch 2048: CR13 = 256 & 0xff = 0,
 * CR19 = 1 << 5), told apart by GENERAL_CONTROL ALT_MODE_SEL (bit 12, set
 * by nouveau for depth 16).  Channels widen by repeating their top bits:
 * 16 bpp 0xf800 -> r 0x1f -> 0xff, 0xff0000; 0x07e0 -> g 0x3f -> 0x00ff00;
 * 0x8410 -> r 0x10 -> 0x84, g 0x20 -> 0x82, b 0x10 -> 0x84 = 0x848284.
 * 15 bpp 0x7c00 -> 0xff0000; 0x03e0 -> 0x00ff00; 0x001f -> 0x0000ff;
 * 0x4210 -> 0x10 in each -> 0x848484.
 */
static void test_scanout_16_15(void)
{
    static const struct {
        unsigned depth;
        uint32_t genctl;
        uint16_t px[4];
        uint32_t rgb[4];
    } cases[] = {
        { 16, GENCTL_NOUVEAU | GENCTL_ALT_MODE,
          { 0xf800, 0x07e0, 0x001f, 0x8410 },
          { 0xff0000, 0x00ff00, 0x0000ff, 0x848284 } },
        { 15, GENCTL_NOUVEAU,
          { 0x7c00, 0x03e0, 0x001f, 0x4210 },
          { 0xff0000, 0x00ff00, 0x0000ff, 0x848484 } },
    };

    for (size_t c = 0; c < G_N_ELEMENTS(cases); c++) {
        TestHost *th = th_new("nv40", 0);
        g_autofree uint32_t *line = g_new0(uint32_t, 1024);
        NVScanout m;

        set_mode_1024x768(th, 1, cases[c].depth, 2048, 0, cases[c].genctl);
        g_assert_cmphex(rdcr(th, 1, 0x28), ==, 0x02);
        nv_pcrtc_scanout(&th->card, 1, &m);
        g_assert_cmpuint(m.bpp, ==, cases[c].depth);
        g_assert_cmpuint(m.stride, ==, 2048);
        g_assert_cmpuint(m.width, ==, 1024);
        for (int i = 0; i < 4; i++) {
            nv_st_le(th->vram + 767 * 2048 + (1020 + i) * 2, cases[c].px[i],
                     2);
        }
        nv_pcrtc_scanout_line(&th->card, 1, &m, 767, line);
        for (int i = 0; i < 4; i++) {
            g_assert_cmphex(line[1020 + i], ==, cases[c].rgb[i]);
        }
        th_free(th);
    }
}

/*
 * 8 bpp (CR28 = 1, pitch 1024: CR13 = 128 = 0x80, CR19 = 0) goes
 * through the palette.  Entry 0x10 = (0x3f, 0x00, 0x20): with a 6-bit DAC
 * (GENERAL_CONTROL bit 20 clear) 0x3f -> 0xff, 0x20 -> 0x82 = 0xff0082;
 * nouveau's own setting has BPC_8BITS, then the entry is 0x3f0020.
 */
static void test_scanout_8(void)
{
    TestHost *th = th_new("nv40", 0);
    g_autofree uint32_t *line = g_new0(uint32_t, 1024);
    NVScanout m;

    set_mode_1024x768(th, 0, 8, 1024, 0x2000, GENCTL_NOUVEAU & ~GENCTL_8BITS);
    g_assert_cmphex(rdcr(th, 0, 0x13), ==, 0x80);
    wr8(th, PRMDIO(0, 0x3c8), 0x10);
    wr8(th, PRMDIO(0, 0x3c9), 0x3f);
    wr8(th, PRMDIO(0, 0x3c9), 0x00);
    wr8(th, PRMDIO(0, 0x3c9), 0x20);
    th->vram[0x2000 + 5 * 1024 + 7] = 0x10;
    nv_pcrtc_scanout(&th->card, 0, &m);
    g_assert_cmpuint(m.bpp, ==, 8);
    g_assert_cmpuint(m.stride, ==, 1024);
    nv_pcrtc_scanout_line(&th->card, 0, &m, 5, line);
    g_assert_cmphex(line[7], ==, 0xff0082);
    g_assert_cmphex(line[8], ==, 0);                /* entry 0: black */
    th_wr(th, PRAMDAC(0, RAMDAC_GENCTL), GENCTL_NOUVEAU);
    nv_pcrtc_scanout_line(&th->card, 0, &m, 5, line);
    g_assert_cmphex(line[7], ==, 0x3f0020);
    th_free(th);
}

/*
 * The hardware cursor as nouveau sets it up for a 64x64 ARGB cursor at
 * VRAM 0x1ff800 (dispnv04/crtc.c, cursor.c):
 *   CURSOR_CONFIG = LINES_64 (4 << 24) | PIXELS_64 (1 << 16) | BPP_32
 *                   (1 << 12) | ADDRESS_SPACE_PNVM (1 << 8) = 0x04011100
 *   CR30 = ASI 0x80 | (0x1ff800 >> 17 = 0x0f) = 0x8f
 *   CR31 = ((0x1ff800 >> 11) & 0x3f = 0x3f) << 2 = 0xfc, | 1 to show = 0xfd
 *   CR2F = 0x1ff800 >> 24 = 0
 *   CU_START_POS = y << 16 | (x & 0xffff); (-2, 5) = 0x0005fffe
 * The screen (32 bpp, pitch 4096, base 0) is 0x204080 everywhere on line 7.
 * Cursor row 7 - 5 = 2 starts at 0x1ff800 + 2 * 256 = 0x1ffa00; screen
 * column x shows cursor pixel x + 2.
 *   pixel 2 (x 0): 0x00000000, transparent: 0x204080
 *   pixel 3 (x 1): 0xff102030, opaque: 0x102030
 *   pixel 4 (x 2): 0x80402010, premultiplied, a = 128, 255 - a = 127:
 *       r 0x40 + round(0x20 * 127 / 255) = 64 + round(15.94) = 64 + 16 = 80
 *       g 0x20 + round(0x40 * 127 / 255) = 32 + round(31.87) = 32 + 32 = 64
 *       b 0x10 + round(0x80 * 127 / 255) = 16 + round(63.75) = 16 + 64 = 80
 *     = 0x504050
 *   pixel 5 (x 3): 0x80ffffff: r 255 + 16 capped at 255: 0xffffff
 * Not premultiplied (CURSOR_CONFIG bit 28), pixel 4 again:
 *       r round(0x40 * 128 / 255) + 16 = round(32.13) + 16 = 48
 *       g round(0x20 * 128 / 255) + 32 = round(16.06) + 32 = 48
 *       b round(0x10 * 128 / 255) + 64 = round(8.03) + 64 = 72
 *     = 0x303048
 * Line 4 is above the cursor (0x204080 at x 0); line 69 = 5 + 64 below it.
 * A1R5G5B5, 32 pixels wide (CURSOR_CONFIG 0x02000100): row 2 at 0x1ff800 +
 * 2 * 64; pixel 3 = 0xfc00 (bit 15, r 0x1f): 0xff0000; pixel 4 = 0x7c00
 * (bit 15 clear): transparent.
 */
static void test_cursor(void)
{
    TestHost *th = th_new("nv40", 0);
    g_autofree uint32_t *line = g_new0(uint32_t, 1024);
    const uint32_t row = 0x1ffa00;
    NVScanout m;

    set_mode_1024x768(th, 0, 24, 4096, 0, GENCTL_NOUVEAU);
    for (unsigned y = 0; y < 80; y++) {
        for (unsigned x = 0; x < 8; x++) {
            nv_st_le(th->vram + y * 4096 + x * 4, 0x204080, 4);
        }
    }
    nv_st_le(th->vram + row + 2 * 4, 0x00000000, 4);
    nv_st_le(th->vram + row + 3 * 4, 0xff102030, 4);
    nv_st_le(th->vram + row + 4 * 4, 0x80402010, 4);
    nv_st_le(th->vram + row + 5 * 4, 0x80ffffff, 4);
    th_wr(th, PCRTC(0, 0x810), 0x04011100);
    wrcr(th, 0, 0x30, 0x8f);
    wrcr(th, 0, 0x31, 0xfc);
    wrcr(th, 0, 0x2f, 0x00);
    th_wr(th, PRAMDAC(0, 0x300), 0x0005fffe);

    /* CR31 bit 0 clear: no cursor. */
    nv_pcrtc_scanout(&th->card, 0, &m);
    g_assert_false(m.cursor);
    nv_pcrtc_scanout_line(&th->card, 0, &m, 7, line);
    g_assert_cmphex(line[1], ==, 0x204080);

    wrcr(th, 0, 0x31, 0xfd);
    nv_pcrtc_scanout(&th->card, 0, &m);
    g_assert_true(m.cursor);
    g_assert_cmphex(m.cursor_addr, ==, 0x1ff800);
    g_assert_cmpint(m.cursor_x, ==, -2);
    g_assert_cmpint(m.cursor_y, ==, 5);
    g_assert_cmpuint(m.cursor_w, ==, 64);
    g_assert_cmpuint(m.cursor_h, ==, 64);
    nv_pcrtc_scanout_line(&th->card, 0, &m, 7, line);
    g_assert_cmphex(line[0], ==, 0x204080);
    g_assert_cmphex(line[1], ==, 0x102030);
    g_assert_cmphex(line[2], ==, 0x504050);
    g_assert_cmphex(line[3], ==, 0xffffff);
    nv_pcrtc_scanout_line(&th->card, 0, &m, 4, line);
    g_assert_cmphex(line[1], ==, 0x204080);
    nv_pcrtc_scanout_line(&th->card, 0, &m, 69, line);
    g_assert_cmphex(line[1], ==, 0x204080);

    th_wr(th, PCRTC(0, 0x810), 0x04011100 | 1u << 28);
    nv_pcrtc_scanout(&th->card, 0, &m);
    nv_pcrtc_scanout_line(&th->card, 0, &m, 7, line);
    g_assert_cmphex(line[2], ==, 0x303048);

    th_wr(th, PCRTC(0, 0x810), 0x02000100);
    nv_st_le(th->vram + 0x1ff800 + 2 * 64 + 3 * 2, 0xfc00, 2);
    nv_st_le(th->vram + 0x1ff800 + 2 * 64 + 4 * 2, 0x7c00, 2);
    nv_pcrtc_scanout(&th->card, 0, &m);
    g_assert_cmpuint(m.cursor_w, ==, 32);
    g_assert_cmpuint(m.cursor_h, ==, 32);
    nv_pcrtc_scanout_line(&th->card, 0, &m, 7, line);
    g_assert_cmphex(line[1], ==, 0xff0000);
    g_assert_cmphex(line[2], ==, 0x204080);

    /* An image running past the end of VRAM is not shown: CR2F = 0xff. */
    wrcr(th, 0, 0x2f, 0xff);
    nv_pcrtc_scanout(&th->card, 0, &m);
    g_assert_false(m.cursor);
    th_free(th);
}

/*
 * The overlay as nouveau's nv10_update_plane() programs it, on a
 * 1024x768x32 head A (pitch 4096, base 0).  PCRTC ENGINE_CTRL bit 12 puts
 * the overlay on head A.  Buffer 0: a YUYV image of 4x2 at VRAM 0x200000
 * (OFFSET_BUFF, BASE 0), pitch 0x100, shown at 8x4 from (10, 20):
 *   SIZE_IN = 2 << 16 | 4, POINT_OUT = 20 << 16 | 10, SIZE_OUT = 4 << 16 | 8
 *   DS_DX = (4 << 20) / 8 = 0x80000, DT_DY = (2 << 20) / 4 = 0x80000
 *   FORMAT = COLOR_LE_CR8YB8CB8YA8 (1 << 16) | 0x100
 *   LUMINANCE = 0x1000 (contrast 1, brightness 0), CHROMINANCE = 0x1000
 *   (saturation 1, hue 0): the defaults nv10_set_params() writes.
 * Screen pixel x shows source (x - 10) * 0.5, line y source (y - 20) * 0.5.
 * Row 0 holds Y0 Cb Y1 Cr = 81 90 145 240, then 41 240 210 110; row 1
 * is white, 235 128 235 128.  With y = Y - 16, u = Cb - 128, v = Cr - 128,
 * BT.601 is R = (298y + 409v + 128) >> 8, G = (298y - 100u - 208v + 128)
 * >> 8, B = (298y + 516u + 128) >> 8, each clamped to 0-255:
 *   81/90/240:  y 65, u -38, v 112: R (19370 + 45808 + 128) >> 8 = 255,
 *               G (19370 + 3800 - 23296 + 128) >> 8 = 2 >> 8 = 0,
 *               B (19370 - 19608 + 128) >> 8 = -1 -> 0:     0xff0000
 *   145/90/240: y 129 (38442): R 84378 >> 8 = 329 -> 255,
 *               G (38442 + 3800 - 23296 + 128) >> 8 = 19074 >> 8 = 74,
 *               B (38442 - 19608 + 128) >> 8 = 18962 >> 8 = 74: 0xff4a4a
 *   41/240/110: y 25 (7450), u 112, v -18: R (7450 - 7362 + 128) >> 8 = 0,
 *               G (7450 - 11200 + 3744 + 128) >> 8 = 0,
 *               B (7450 + 57792 + 128) >> 8 = 255:          0x0000ff
 *   210/240/110: y 194 (57812): R (57812 - 7362 + 128) >> 8 = 197,
 *               G (57812 - 11200 + 3744 + 128) >> 8 = 197,
 *               B 115732 >> 8 -> 255:                        0xc5c5ff
 *   235/128/128: y 219: (65262 + 128) >> 8 = 255 each:      0xffffff
 * Brightness -20 (LUMINANCE 0xffec1000) on 145/90/240: y 109 (32482):
 *   G (32482 + 3800 - 23296 + 128) >> 8 = 13114 >> 8 = 51,
 *   B (32482 - 19608 + 128) >> 8 = 13002 >> 8 = 50:          0xff3332
 */
/*
 * Buffer @b (registers at +4 * b) shows the 4x2 YUYV image at 0x200000,
 * pitch 0x100, at @point_out, @size_out, stepping @step source pixels per
 * screen pixel both ways, at the default picture controls.
 */
static void overlay_buffer(TestHost *th, int b, uint32_t point_out,
                           uint32_t size_out, uint32_t step)
{
    th_wr(th, 0x008920 + 4 * b, 0x200000);
    th_wr(th, 0x008928 + 4 * b, 2 << 16 | 4);
    th_wr(th, 0x008938 + 4 * b, step);
    th_wr(th, 0x008940 + 4 * b, step);
    th_wr(th, 0x008948 + 4 * b, point_out);
    th_wr(th, 0x008950 + 4 * b, size_out);
    th_wr(th, 0x008958 + 4 * b, 1u << 16 | 0x100);
    th_wr(th, 0x008910 + 4 * b, 0x1000);
    th_wr(th, 0x008918 + 4 * b, 0x1000);
}

static void test_overlay(void)
{
    TestHost *th = th_new("nv40", 0);
    g_autofree uint32_t *line = g_new0(uint32_t, 1024);
    static const uint8_t src[2][8] = {
        { 81, 90, 145, 240, 41, 240, 210, 110 },
        { 235, 128, 235, 128, 235, 128, 235, 128 },
    };
    static const uint32_t row0[] = {
        0xff0000, 0xff0000, 0xff4a4a, 0xff4a4a,
        0x0000ff, 0x0000ff, 0xc5c5ff, 0xc5c5ff,
    };
    NVScanout m;

    set_mode_1024x768(th, 0, 24, 4096, 0, GENCTL_NOUVEAU);
    memcpy(th->vram + 0x200000, src[0], 8);
    memcpy(th->vram + 0x200100, src[1], 8);
    th_wr(th, PCRTC(0, 0x860), 1u << 12);
    overlay_buffer(th, 0, 20 << 16 | 10, 4 << 16 | 8, 0x80000);
    th_wr(th, 0x008140, 0x11);
    th_wr(th, 0x008704, 0);
    th_wr(th, 0x008700, 1);

    /* Started, not yet shown: that waits for the vblank. */
    g_assert_cmphex(th_rd(th, 0x008700), ==, 1);
    nv_pcrtc_scanout(&th->card, 0, &m);
    g_assert_false(m.video.on);
    th_advance(th, FRAME_NS + 1000000);
    g_assert_cmphex(th_rd(th, 0x008700), ==, 0);
    g_assert_cmphex(th_rd(th, 0x008100), ==, 1);
    g_assert_cmphex(th_rd(th, 0x000100) & 1u << 16, ==, 1u << 16);
    th_wr(th, 0x008100, 1);
    g_assert_cmphex(th_rd(th, 0x000100) & 1u << 16, ==, 0);

    nv_pcrtc_scanout(&th->card, 0, &m);
    g_assert_true(m.video.on);
    for (unsigned y = 20; y < 22; y++) {
        nv_pcrtc_scanout_line(&th->card, 0, &m, y, line);
        g_assert_cmphex(line[9], ==, 0);
        for (unsigned x = 0; x < 8; x++) {
            g_assert_cmphex(line[10 + x], ==, row0[x]);
        }
        g_assert_cmphex(line[18], ==, 0);
    }
    nv_pcrtc_scanout_line(&th->card, 0, &m, 23, line);
    g_assert_cmphex(line[10], ==, 0xffffff);
    g_assert_cmphex(line[17], ==, 0xffffff);
    nv_pcrtc_scanout_line(&th->card, 0, &m, 24, line);
    g_assert_cmphex(line[10], ==, 0);

    /* Brightness -20, and the colour key: only where the screen is it. */
    th_wr(th, 0x008910, 0xffec1000);
    th_wr(th, 0x008b00, 0x123456);
    th_wr(th, 0x008958, 1u << 20 | 1u << 16 | 0x100);
    nv_st_le(th->vram + 20 * 4096 + 12 * 4, 0xff123456, 4);
    nv_pcrtc_scanout(&th->card, 0, &m);
    nv_pcrtc_scanout_line(&th->card, 0, &m, 20, line);
    g_assert_cmphex(line[12], ==, 0xff3332);
    g_assert_cmphex(line[13], ==, 0);

    /* Buffer 1 elsewhere: buffer 0 stays until the next vblank. */
    overlay_buffer(th, 1, 100 << 16 | 100, 2 << 16 | 4, 0x100000);
    th_wr(th, 0x008700, 0x10);
    nv_pcrtc_scanout(&th->card, 0, &m);
    g_assert_cmpint(m.video.out_x, ==, 10);
    th_advance(th, FRAME_NS);
    g_assert_cmphex(th_rd(th, 0x008100), ==, 0x10);
    nv_pcrtc_scanout(&th->card, 0, &m);
    g_assert_cmpint(m.video.out_x, ==, 100);
    /* Unscaled (DS_DX 1 << 20), 4 wide: source pixels 0-3 at 100-103. */
    nv_pcrtc_scanout_line(&th->card, 0, &m, 100, line);
    g_assert_cmphex(line[100], ==, 0xff0000);
    g_assert_cmphex(line[103], ==, 0xc5c5ff);
    g_assert_cmphex(line[104], ==, 0);

    /* STOP takes the overlay away at the next vblank. */
    th_wr(th, 0x008704, 1);
    th_advance(th, FRAME_NS);
    nv_pcrtc_scanout(&th->card, 0, &m);
    g_assert_false(m.video.on);
    th_free(th);

    /*
     * nv43 has PVIDEO too (mmio.rst: NV10 to G80), where nouveau's CRTC
     * state load writes LIMIT (dispnv04/hw.c): it keeps the value.
     */
    th = th_new("nv43", 0);
    th_wr(th, 0x008908, 0x07ffffff);
    g_assert_cmphex(th_rd(th, 0x008908), ==, 0x07ffffff);
    th_free(th);
}

/*
 * RASTER and input status 1 follow the frame of the programmed mode
 * (1024x768 above): total = VDT 0x324 + 2 = 806 lines, visible = 768,
 * retrace from VRS = 770 to the line whose low four bits equal CR11's
 * (8): 0x308 = 776, exclusive.  The frame lasts htotal * vtotal pixel
 * clocks: (CR00 0xa3 + 5) * 8 = 1344 pixels * 806 lines / 65 MHz =
 * 1083264000000 / 65000 = 16665600 ns (about 60.004 Hz), a line
 * 16665600 / 806 = 20676 ns (truncated).  In frame 1 (from 16665600 ns):
 *   line 100 starts at 16665600 + 100 * 20676 = 18733200
 *   line 770 starts at 16665600 + 770 * 20676 = 32586120
 *   line 776 starts at 16665600 + 776 * 20676 = 32710176
 * 0x3da: bit 3 vertical retrace, bit 0 display off (any blanking).
 * Inside a visible line the start is displayed (bit 0 clear) and the end
 * is horizontal blanking (pcrtc.c takes the last fifth of every line:
 * from 20676 * 4 / 5 = 16540.8 ns in, so 20000 ns in is blank).
 */
static void test_raster(void)
{
    TestHost *th = th_new("nv40", 0);

    set_mode_1024x768(th, 0, 24, 4096, 0, GENCTL_NOUVEAU);
    advance_to(th, 18733200);
    g_assert_cmpuint(th_rd(th, PCRTC(0, PCRTC_RASTER)), ==, 100);
    g_assert_cmphex(rd8(th, PRMCIO(0, 0x3da)), ==, 0x00);
    advance_to(th, 18733200 + 20000);
    g_assert_cmpuint(th_rd(th, PCRTC(0, PCRTC_RASTER)), ==, 100);
    g_assert_cmphex(rd8(th, PRMCIO(0, 0x3da)), ==, 0x01);
    advance_to(th, 32586119);
    g_assert_cmpuint(th_rd(th, PCRTC(0, PCRTC_RASTER)), ==, 769);
    g_assert_cmphex(rd8(th, PRMCIO(0, 0x3da)), ==, 0x01);
    advance_to(th, 32586120);
    g_assert_cmpuint(th_rd(th, PCRTC(0, PCRTC_RASTER)), ==, 770);
    g_assert_cmphex(rd8(th, PRMCIO(0, 0x3da)), ==, 0x09);
    g_assert_cmphex(rd8(th, PRMCIO(0, 0x3ba)), ==, 0x09);   /* mono */
    advance_to(th, 32710175);
    g_assert_cmpuint(th_rd(th, PCRTC(0, PCRTC_RASTER)), ==, 775);
    g_assert_cmphex(rd8(th, PRMCIO(0, 0x3da)), ==, 0x09);
    advance_to(th, 32710176);
    g_assert_cmpuint(th_rd(th, PCRTC(0, PCRTC_RASTER)), ==, 776);
    g_assert_cmphex(rd8(th, PRMCIO(0, 0x3da)), ==, 0x01);
    /*
     * Head B still has the reset CRTC, so pcrtc.c's default frame: 525
     * lines of 16666667 / 525 = 31746 ns, visible 480, retrace from 490
     * to the next line whose low four bits are CR11's (0): 496.
     * 32710176 - 16666667 = 16043509 ns into frame 1 is line 16043509 /
     * 31746 = 505 (505 * 31746 = 16031730): blank, not in retrace.
     */
    g_assert_cmpuint(th_rd(th, PCRTC(1, PCRTC_RASTER)), ==, 505);
    g_assert_cmphex(rd8(th, PRMCIO(1, 0x3da)), ==, 0x01);
    /*
     * 806 whole lines take 806 * 20676 = 16664856 ns; the frame's last
     * 744 ns still belong to line 805, never to a line 806.
     */
    advance_to(th, 16665600 + 16665000);
    g_assert_cmpuint(th_rd(th, PCRTC(0, PCRTC_RASTER)), ==, 805);
    th_free(th);
}

/*
 * VBLANK with the programmed mode (frame 16665600 ns, see above): at
 * frame_start + 16665600 * 768 / 806 = 12799180800 / 806 = 15879876 ns
 * (truncated), which is in line 15879876 / 20676 = 768 (768 * 20676 =
 * 15879168), the first blank line.  Writing the timings and the PLL
 * moves the timer armed at reset for the default frame (15238095): the
 * first VBLANK already comes at 15879876, and in frame 2 (from 2 *
 * 16665600 = 33331200) at 33331200 + 15879876 = 49211076.
 */
static void test_vblank_mode(void)
{
    TestHost *th = th_new("nv40", 0);

    set_mode_1024x768(th, 0, 24, 4096, 0, GENCTL_NOUVEAU);
    th_wr(th, PCRTC(0, PCRTC_INTR_EN), 1);
    advance_to(th, 15879875);
    g_assert_cmphex(th_rd(th, PCRTC(0, PCRTC_INTR)), ==, 0);
    advance_to(th, 15879876);
    g_assert_cmphex(th_rd(th, PCRTC(0, PCRTC_INTR)), ==, 1);
    advance_to(th, 33331200 + 1000);
    th_wr(th, PCRTC(0, PCRTC_INTR), 1);
    advance_to(th, 49211075);
    g_assert_cmphex(th_rd(th, PCRTC(0, PCRTC_INTR)), ==, 0);
    advance_to(th, 49211076);
    g_assert_cmphex(th_rd(th, PCRTC(0, PCRTC_INTR)), ==, 1);
    g_assert_cmpuint(th_rd(th, PCRTC(0, PCRTC_RASTER)), ==, 768);
    th_free(th);
}

/*
 * The pixel clock from the PLLs (dispnv04/hw.c nouveau_hw_decode_pll(),
 * nouveau_hw_pllvals_to_clk(): crystal kHz * N1 * N2 / (M1 * M2) >> log2
 * P, truncating):
 *   nv40 VPLL 0x0001821b: 27000 * 130 / 27 >> 1 = 65000; with VPLL_B
 *     0x80000201 (bit 31: second VCO, N2 2, M2 1): 27000 * 260 / 27 >> 1
 *     = 130000; head B's VPLL2 (0x680520) is separate: 0 (M 0) -> off.
 *   nv20 (14.318 MHz crystal, 14318 kHz) VPLL 0x0001640b: 14318 * 100 /
 *     11 = 130163 (truncated) >> 1 = 65081.
 *   nv30, second VCO in the same register: 0x001141b5 = N2 2 in bits
 *     19-21, log2 P 1, N1 0x41 = 65, bit 7 (VCO2), M2 3 in bits 4-6, M1 5
 *     in bits 0-3: 27000 * 65 * 2 / (5 * 3) = 234000 >> 1 = 117000.
 *   nv43 as nouveau leaves a single-stage VPLL (devinit/nv04.c
 *     setPLL_double_highregs()): VPLL 0x00016f0e (N1 0x6f = 111, M1 14,
 *     log2 P 1), VPLL_B 0x8000011f and PRAMDAC 0x580 bit 8: the second
 *     VCO is bypassed, 27000 * 111 / 14 = 214071 >> 1 = 107035; without
 *     bit 8 VPLL_B's N2 1, M2 0x1f = 31 count: 27000 * 111 / 434 = 6905
 *     >> 1 = 3452.  Bit 28 is head B's and leaves head A alone.
 * A PLL that makes the frame shorter than 1 ms is held at 1 ms (a
 * 1 kHz refresh): N 255, M 1, P 0 is 6885000 kHz, which would make
 * nouveau's 1024x768 frame 1344 * 806 * 10^6 / 6885000 = 157335 ns; with
 * 1000000 ns the VBLANK comes 1000000 * 768 / 806 = 952853 ns into each
 * frame.
 */
static void test_pixel_clock(void)
{
    TestHost *th = th_new("nv40", 0);

    th_wr(th, PRAMDAC(0, 0x508), 0x0001821b);
    g_assert_cmpuint(nv_pramdac_pixel_khz(&th->card, 0), ==, 65000);
    th_wr(th, PRAMDAC(0, 0x578), 0x80000201);
    g_assert_cmpuint(nv_pramdac_pixel_khz(&th->card, 0), ==, 130000);
    th_wr(th, PRAMDAC(0, 0x520), 0);
    g_assert_cmpuint(nv_pramdac_pixel_khz(&th->card, 1), ==, 0);
    th_free(th);

    th = th_new("nv20", 0);
    th_wr(th, PRAMDAC(0, 0x508), 0x0001640b);
    g_assert_cmpuint(nv_pramdac_pixel_khz(&th->card, 0), ==, 65081);
    th_free(th);

    th = th_new("nv30", 0);
    th_wr(th, PRAMDAC(0, 0x508), 0x001141b5);
    g_assert_cmpuint(nv_pramdac_pixel_khz(&th->card, 0), ==, 117000);
    th_free(th);

    th = th_new("nv43", 0);
    th_wr(th, PRAMDAC(0, 0x508), 0x00016f0e);
    th_wr(th, PRAMDAC(0, 0x578), 0x8000011f);
    g_assert_cmpuint(nv_pramdac_pixel_khz(&th->card, 0), ==, 3452);
    th_wr(th, PRAMDAC(0, 0x580), 0x10000000);
    g_assert_cmpuint(nv_pramdac_pixel_khz(&th->card, 0), ==, 3452);
    th_wr(th, PRAMDAC(0, 0x580), 0x00000100);
    g_assert_cmpuint(nv_pramdac_pixel_khz(&th->card, 0), ==, 107035);
    th_free(th);

    th = th_new("nv40", 0);
    set_mode_1024x768(th, 0, 24, 4096, 0, GENCTL_NOUVEAU);
    th_wr(th, PRAMDAC(0, 0x508), 0x0000ff01);
    th_wr(th, PCRTC(0, PCRTC_INTR_EN), 1);
    advance_to(th, 952852);
    g_assert_cmphex(th_rd(th, PCRTC(0, PCRTC_INTR)), ==, 0);
    advance_to(th, 952853);
    g_assert_cmphex(th_rd(th, PCRTC(0, PCRTC_INTR)), ==, 1);
    th_wr(th, PCRTC(0, PCRTC_INTR), 1);
    advance_to(th, 1952852);
    g_assert_cmphex(th_rd(th, PCRTC(0, PCRTC_INTR)), ==, 0);
    advance_to(th, 1952853);
    g_assert_cmphex(th_rd(th, PCRTC(0, PCRTC_INTR)), ==, 1);
    th_free(th);
}

/*
 * The pixel PLL as Debian's nouveau (Linux 6.1) programs it for 640x480 at
 * 60 Hz (25.175 MHz), 1024x768 at 60 Hz (65 MHz) and the EDID's 1280x800
 * at 74.99 Hz, one chip of each PLL kind; the register values are
 * those a trace of its mode sets on the model showed (nouveau picks them
 * from the VBIOS's PLL limits, nvkm/subdev/bios/pll.c, and
 * nvkm/subdev/clk/pllnv04.c).  Decoded (crystal kHz * N1 * N2 / (M1 * M2),
 * truncated, >> log2 P):
 *   nv20, one register, 14318 kHz crystal:
 *     0x3c50e  N 197, M 14, P 3: 2820646 / 14 = 201474 >> 3 = 25184
 *     0x1760d  N 118, M 13, P 1: 1689524 / 13 = 129963 >> 1 = 64981
 *     0x10f01  N 15,  M 1,  P 1: 214770 >> 1 = 107385
 *   nv30, the second VCO in the same register (N2 in bits 19-21 and 24-25,
 *   M2 in bits 4-6, enabled by bit 7, M1 in bits 0-3), 27000 kHz:
 *     0xb619d  P 3, N1 97, M1 13, N2 1, M2 1: 2619000 / 13 = 201461 >> 3
 *              = 25182
 *     0x9359b  P 1, N1 53, M1 11, N2 1, M2 1: 1431000 / 11 = 130090 >> 1
 *              = 65045
 *     0x96f9e  P 1, N1 111, M1 14, N2 1, M2 1: 2997000 / 14 = 214071 >> 1
 *              = 107035
 *   nv40, VPLL_B 0x80000101 (second VCO on, N2 1, M2 1) and VPLL 0x3610d,
 *   0x1350b, 0x16f0e: the same N1, M1 and P as nv30's, 25182, 65045, 107035.
 *   nv43, PRAMDAC 0x580 = 0x100 (single stage) and VPLL_B 0x8000011f,
 *   which is then ignored: again 25182, 65045, 107035.
 */
static void test_pixel_clock_nouveau(void)
{
    static const struct {
        const char *model;
        uint32_t b, r580;               /* VPLL_B, PRAMDAC 0x580 */
        uint32_t vpll[3];
        uint32_t khz[3];
    } cases[] = {
        { "nv20", 0, 0, { 0x3c50e, 0x1760d, 0x10f01 },
          { 25184, 64981, 107385 } },
        { "nv30", 0, 0, { 0xb619d, 0x9359b, 0x96f9e },
          { 25182, 65045, 107035 } },
        { "nv40", 0x80000101, 0, { 0x3610d, 0x1350b, 0x16f0e },
          { 25182, 65045, 107035 } },
        { "nv43", 0x8000011f, 0x100, { 0x3610d, 0x1350b, 0x16f0e },
          { 25182, 65045, 107035 } },
    };

    for (size_t c = 0; c < G_N_ELEMENTS(cases); c++) {
        TestHost *th = th_new(cases[c].model, 0);

        if (cases[c].b) {
            th_wr(th, PRAMDAC(0, 0x578), cases[c].b);
        }
        if (cases[c].r580) {
            th_wr(th, PRAMDAC(0, 0x580), cases[c].r580);
        }
        for (int i = 0; i < 3; i++) {
            th_wr(th, PRAMDAC(0, 0x508), cases[c].vpll[i]);
            g_assert_cmpuint(nv_pramdac_pixel_khz(&th->card, 0), ==,
                             cases[c].khz[i]);
        }
        th_free(th);
    }
}

/* ---- PRAMDAC ------------------------------------------------------------ */

/*
 * TEST_CONTROL (nvreg.h NV_PRAMDAC_TEST_CONTROL 0x680608): nouveau's load
 * detection (dispnv04/dac.c nv17_dac_sample_load()) powers the DAC
 * (PWRDWN_DAC_OFF, bit 16, clear) and reads SENSEB_ALLHI (bit 28) as
 * "something is connected".  Our monitor is always there: bit 28 reads 1
 * while bit 16 is clear, 0 while it is set; bit 28 is not stored.
 * The PLLs (pramdac.rst: M bits 0-7, N 8-15, P 16-18; crystal * N / M
 * >> P) come out of reset as a POSTed card's: NVPLL and MPLL 0x00014a04
 * (27 MHz * 74 / 4 / 2 = 249.75 MHz), VPLL 0x00011c0f (27 MHz * 28 / 15
 * / 2 = 25.2 MHz, 640x480's pixel clock).  Other registers store.
 */
static void test_pramdac(void)
{
    TestHost *th = th_new("nv40", 0);

    g_assert_cmphex(th_rd(th, PRAMDAC(0, RAMDAC_TEST)), ==, 0x10000000);
    th_wr(th, PRAMDAC(0, RAMDAC_TEST), 0x00010000);
    g_assert_cmphex(th_rd(th, PRAMDAC(0, RAMDAC_TEST)), ==, 0x00010000);
    th_wr(th, PRAMDAC(0, RAMDAC_TEST), 0x10011000);
    g_assert_cmphex(th_rd(th, PRAMDAC(0, RAMDAC_TEST)), ==, 0x00011000);
    th_wr(th, PRAMDAC(0, RAMDAC_TEST), 0x00001000);
    g_assert_cmphex(th_rd(th, PRAMDAC(0, RAMDAC_TEST)), ==, 0x10001000);
    g_assert_cmphex(th_rd(th, PRAMDAC(1, RAMDAC_TEST)), ==, 0x10000000);

    g_assert_cmphex(th_rd(th, PRAMDAC(0, 0x500)), ==, 0x00014a04);
    g_assert_cmphex(th_rd(th, PRAMDAC(0, 0x504)), ==, 0x00014a04);
    g_assert_cmphex(th_rd(th, PRAMDAC(0, 0x508)), ==, 0x00011c0f);
    g_assert_cmphex(th_rd(th, PRAMDAC(1, 0x508)), ==, 0x00011c0f);
    th_wr(th, PRAMDAC(0, RAMDAC_GENCTL), GENCTL_NOUVEAU);
    th_wr(th, PRAMDAC(1, 0x508), 0x00012a0d);
    g_assert_cmphex(th_rd(th, PRAMDAC(0, RAMDAC_GENCTL)), ==, GENCTL_NOUVEAU);
    g_assert_cmphex(th_rd(th, PRAMDAC(1, RAMDAC_GENCTL)), ==, 0);
    g_assert_cmphex(th_rd(th, PRAMDAC(1, 0x508)), ==, 0x00012a0d);
    g_assert_cmphex(th_rd(th, PRAMDAC(0, 0x508)), ==, 0x00011c0f);
    th_free(th);
}

/* ---- PSTRAPS ----------------------------------------------------------- */

/*
 * STRAPS0_PRIMARY at 0x101000 (pstraps.rst): the board's crystal bits as
 * nouveau decodes them (nvkm/engine/device/base.c): NV20 (chipset 0x20,
 * below 0x25) looks at bit 6 only, 0x40 = 14.318 MHz; NV25 and later at
 * bits 22 and 6, 0x00400000 = 27 MHz.  Bit 31 set overrides the straps
 * with the value written; clear restores the board's value.
 */
static void test_pstraps(void)
{
    static const struct {
        const char *model;
        uint32_t straps;
    } cases[] = {
        { "nv20", 0x00000040 }, { "nv25", 0x00400000 },
        { "nv30", 0x00400000 }, { "nv34", 0x00400000 },
        { "nv40", 0x00400000 }, { "nv43", 0x00400000 },
        { "nv44", 0x00400000 },
    };

    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        TestHost *th = th_new(cases[i].model, 0);

        g_assert_cmphex(th_rd(th, 0x101000), ==, cases[i].straps);
        th_wr(th, 0x101000, 0x80000040);
        g_assert_cmphex(th_rd(th, 0x101000), ==, 0x80000040);
        th_wr(th, 0x101000, 0x00001234);            /* override off */
        g_assert_cmphex(th_rd(th, 0x101000), ==, cases[i].straps);
        th_wr(th, 0x101000, 0x80400000);
        nv_card_reset(&th->card);                   /* reset: the board's */
        g_assert_cmphex(th_rd(th, 0x101000), ==, cases[i].straps);
        th_free(th);
    }
}

/* ---- VBIOS in PRAMIN ---------------------------------------------------- */

/*
 * A POSTed card has its VBIOS at the start of PRAMIN, where nouveau looks
 * first (shadowramin.c reads BAR0 0x700000 on pre-NV50 chips).  PRAMIN's
 * 64 KiB block k is VRAM's k-th block from the end (nv4-vram / PFB
 * PRAMIN protection, test-mmio.c): on nv40 with 256 MiB, PRAMIN 0 is
 * VRAM 0x0fff0000 and PRAMIN 0x10000 is VRAM 0x0ffe0000.  A 96 KiB image
 * (0x18000 bytes, 55 aa then a pattern) therefore covers two blocks; the
 * bytes after it are left as they were (0).  PROM at 0x300000 reads the
 * image itself, 0xff past its end.
 */
static void test_vbios_pramin(void)
{
    const uint32_t size = 0x18000;
    g_autofree uint8_t *rom = g_malloc(size);
    TestHost *th = th_new("nv40", 0);

    for (uint32_t i = 0; i < size; i++) {
        rom[i] = (i * 7 + (i >> 8)) & 0xff;
    }
    rom[0] = 0x55;
    rom[1] = 0xaa;
    /* Nothing there before the ROM is attached and the card reset. */
    g_assert_cmphex(th_rd(th, 0x700000), ==, 0);
    th_set_rom(th, rom, size);
    nv_card_reset(&th->card);
    g_assert_cmphex(th_rd(th, 0x700000) & 0xffff, ==, 0xaa55);
    for (uint32_t i = 0; i < size; i += 0x3fc) {
        g_assert_cmphex(rd8(th, 0x700000 + i), ==, rom[i]);
        g_assert_cmphex(rd8(th, 0x300000 + i), ==, rom[i]);
    }
    g_assert_cmphex(th_rd(th, 0x700000 + 0x10000), ==,
                    nv_ld_le(rom + 0x10000, 4));
    g_assert_cmphex(th->vram[0x0fff0000 + 0x1234], ==, rom[0x1234]);
    g_assert_cmphex(th->vram[0x0ffe0000 + 0x0004], ==, rom[0x10004]);
    g_assert_cmphex(th_rd(th, 0x700000 + size), ==, 0);
    g_assert_cmphex(th_rd(th, 0x300000 + size), ==, 0xffffffff);
    /* A driver that overwrote PRAMIN gets the image back on reset. */
    th_wr(th, 0x700000, 0xdeadbeef);
    nv_card_reset(&th->card);
    g_assert_cmphex(th_rd(th, 0x700000), ==, nv_ld_le(rom, 4));
    th_free(th);

    /* nv20, 64 MiB: PRAMIN 0 is VRAM 0x03ff0000. */
    th = th_new("nv20", 0);
    th_set_rom(th, rom, size);
    nv_card_reset(&th->card);
    g_assert_cmphex(th->vram[0x03ff0000 + 0x0100], ==, rom[0x100]);
    g_assert_cmphex(rd8(th, 0x700000 + 0x17fff), ==, rom[0x17fff]);
    th_free(th);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/display/cr/roundtrip-nv40", test_cr_roundtrip);
    g_test_add_func("/display/cr/nv20-single-head", test_nv20_single_head);
    g_test_add_func("/display/cr/cr1f-lock", test_cr1f_lock);
    g_test_add_func("/display/cr/cr11-protect", test_cr11_protect);
    g_test_add_func("/display/owner/prmvio-nv25", test_owner_prmvio_nv25);
    g_test_add_func("/display/owner/prmvio-nv40", test_owner_prmvio_nv40);
    g_test_add_func("/display/ar/flipflop", test_ar_flipflop);
    g_test_add_func("/display/dac/palette", test_palette);
    g_test_add_func("/display/ddc/lines", test_ddc);
    g_test_add_func("/display/dac/inp0-sense", test_inp0_sense);
    g_test_add_func("/display/pcrtc/vblank-intr", test_vblank_intr);
    g_test_add_func("/display/pcrtc/vblank-mode", test_vblank_mode);
    g_test_add_func("/display/pcrtc/raster", test_raster);
    g_test_add_func("/display/scanout/1024x768x32", test_scanout_32);
    g_test_add_func("/display/pcrtc/pixel-clock", test_pixel_clock);
    g_test_add_func("/display/pcrtc/pixel-clock-nouveau",
                    test_pixel_clock_nouveau);
    g_test_add_func("/display/scanout/16-15bpp", test_scanout_16_15);
    g_test_add_func("/display/scanout/cursor", test_cursor);
    g_test_add_func("/display/scanout/overlay", test_overlay);
    g_test_add_func("/display/scanout/8bpp", test_scanout_8);
    g_test_add_func("/display/pramdac/test-control-pll", test_pramdac);
    g_test_add_func("/display/pstraps/models", test_pstraps);
    g_test_add_func("/display/vbios/pramin", test_vbios_pramin);
    return g_test_run();
}
