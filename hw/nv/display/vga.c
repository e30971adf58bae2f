/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: the VGA register file of the NV2x-NV4x display heads.
 *
 * Standard VGA index/data semantics (sequencer, graphics controller,
 * attribute controller with its flip-flop, CRTC with the CR11 protect bit,
 * the 6-bit palette DAC with its read/write state machine), and the NV
 * extended CRTC registers nouveau relies on (nvreg.h, nvkm/engine/disp/
 * vga.c, rnndb nv_vga.xml): CR1F unlocks CR19 and up (0x57 unlocks,
 * anything else locks; a read says 3 or 0), CR24 and CR26 show the
 * attribute controller's flip-flop and index, CR44 chooses the head the
 * shared ports reach, CR3F drives and CR3E senses the DDC lines, CR57 is
 * the index of the CR58 array.  Everything else is plain storage.
 */
#include "hw/nv/card.h"

#define CR_LOCK_READ_UNLOCKED   3
#define CR_AR_STATE_FLIP        0x80

/* CR3F drive bits and CR3E sense bits (nvkm/subdev/i2c/busnv04.c). */
#define DDC_WR_SCL          0x20
#define DDC_WR_SDA          0x10
#define DDC_STATUS_SCL      0x04
#define DDC_STATUS_SDA      0x08

bool nv_head_present(const NVCard *card, unsigned head)
{
    return head < card->model->heads;
}

unsigned nv_vga_owner_head(const NVCard *card)
{
    /* nvkm vga.c: CR44 is 0 for head A, 3 for head B, 4 with both tied. */
    return card->vga.owner == 3 && nv_head_present(card, 1) ? 1 : 0;
}

static bool ext_unlocked(const NVCard *card)
{
    return card->vga.lock == NV_CRE_LOCK_UNLOCK;
}

/* CR3E: SCL as driven (nothing stretches the clock), SDA as the bus has it. */
static uint8_t ddc_status(const NVCard *card)
{
    const NVVgaHead *h = &card->vga.head[0];
    uint8_t v = h->cr[NV_CRE_DDC_STATUS] & ~(DDC_STATUS_SCL | DDC_STATUS_SDA);

    if (h->cr[NV_CRE_DDC_WR] & DDC_WR_SCL) {
        v |= DDC_STATUS_SCL;
    }
    if (card->vga.ddc_sda_in) {
        v |= DDC_STATUS_SDA;
    }
    return v;
}

static void ddc_drive(NVCard *card)
{
    uint8_t wr = card->vga.head[0].cr[NV_CRE_DDC_WR];
    bool scl = wr & DDC_WR_SCL, sda = wr & DDC_WR_SDA;

    /* Open drain: with no host bus, nobody else pulls SDA low. */
    card->vga.ddc_sda_in = card->host.ddc ?
        card->host.ddc(card->host.opaque, scl, sda) : sda;
}

static uint8_t cr_read(NVCard *card, unsigned head)
{
    NVVgaHead *h = &card->vga.head[head];
    uint8_t idx = h->cr_index;

    if (idx <= NV_CR_LAST_STANDARD) {
        return h->cr[idx];
    }
    if (idx == NV_CRE_LOCK) {
        return ext_unlocked(card) ? CR_LOCK_READ_UNLOCKED : 0;
    }
    if (idx == NV_CRE_OWNER) {
        return card->vga.owner;
    }
    if (!ext_unlocked(card)) {
        return 0;
    }
    switch (idx) {
    case NV_CRE_AR_STATE:
        return h->ar_flip ? CR_AR_STATE_FLIP : 0;
    case NV_CRE_ARX:
        return h->ar_index;
    case NV_CRE_DDC_STATUS:
        return head == 0 ? ddc_status(card) : h->cr[idx];
    case NV_CRE_58:
        return h->cr58[h->cr[NV_CRE_57]];
    default:
        return h->cr[idx];
    }
}

static void cr_write(NVCard *card, unsigned head, uint8_t val)
{
    NVVgaHead *h = &card->vga.head[head];
    uint8_t idx = h->cr_index;

    if (idx <= NV_CR_LAST_STANDARD) {
        /* VGA: CR11 bit 7 write-protects CR00-CR07, except CR07 bit 4. */
        if ((h->cr[NV_CR_VRE] & NV_CR_VRE_PROTECT) && idx <= NV_CR_OVERFLOW) {
            if (idx == NV_CR_OVERFLOW) {
                h->cr[idx] = (h->cr[idx] & ~0x10) | (val & 0x10);
            }
            return;
        }
        h->cr[idx] = val;
        nv_pcrtc_timing_changed(card);
        return;
    }
    if (idx == NV_CRE_LOCK) {
        card->vga.lock = val;
        return;
    }
    /*
     * CR44 answers whatever CR1F says: nouveau reads and sets the owner
     * before it unlocks (nvkm devinit nv04_devinit_preinit()) and puts it
     * back at the end, which only works if the lock leaves it alone.
     */
    if (idx == NV_CRE_OWNER) {
        card->vga.owner = val;
        return;
    }
    if (!ext_unlocked(card)) {
        nv_log(card, NV_LOG_GUEST_ERROR, "nv: CRTC%u: write of 0x%02x to "
               "extended CR%02X while CR1F locks it", head, val, idx);
        return;
    }
    switch (idx) {
    case NV_CRE_AR_STATE:
    case NV_CRE_ARX:
        return;                 /* read-only views of the AR state */
    case NV_CRE_58:
        h->cr58[h->cr[NV_CRE_57]] = val;
        return;
    default:
        h->cr[idx] = val;
        break;
    }
    if (idx == NV_CRE_DDC_WR && head == 0) {
        ddc_drive(card);
    }
    if (idx == NV_CRE_LSR || idx == NV_CRE_EBR || idx == NV_CRE_HEB) {
        nv_pcrtc_timing_changed(card);
    }
}

/*
 * Input status 1: the vertical retrace bit and the blanking bit follow the
 * head's frame in virtual time (pcrtc.c), which is what BIOS and driver
 * loops polling 0x3da wait for.
 */
static uint8_t inp1_read(NVCard *card, unsigned head)
{
    NVVgaHead *h = &card->vga.head[head];
    bool vretrace, blank;

    h->ar_flip = 0;
    nv_pcrtc_beam(card, head, &vretrace, &blank);
    if (vretrace) {
        return NV_VGA_INP1_VRETRACE | NV_VGA_INP1_DISPLAY_OFF;
    }
    return blank ? NV_VGA_INP1_DISPLAY_OFF : 0;
}

static uint8_t dac_read(NVVgaHead *h)
{
    uint8_t v = h->palette[h->dac_read_index * 3 + h->dac_component];

    if (++h->dac_component == 3) {
        h->dac_component = 0;
        h->dac_read_index++;
    }
    return v;
}

/* The DAC latches a whole entry and stores it with the third component. */
static void dac_write(NVVgaHead *h, uint8_t val)
{
    h->dac_latch[h->dac_component] = val;
    if (++h->dac_component == 3) {
        memcpy(&h->palette[h->dac_write_index * 3], h->dac_latch, 3);
        h->dac_component = 0;
        h->dac_write_index++;
    }
}

uint8_t nv_vga_port_read(NVCard *card, unsigned head, uint16_t port)
{
    NVVgaHead *h;

    if (!nv_head_present(card, head)) {
        return 0xff;
    }
    h = &card->vga.head[head];
    switch (port) {
    case NV_VGA_ARX:
        return h->ar_index;
    case NV_VGA_AR_READ:
        return h->ar[h->ar_index & 0x1f];
    case NV_VGA_MISC_WRITE:
        /* Input status 0: the DAC comparator sees a monitor's load. */
        return NV_VGA_INP0_SENSE;
    case NV_VGA_ENABLE:
        return h->enable;
    case NV_VGA_SRX:
        return h->sr_index;
    case NV_VGA_SR:
        return h->sr[h->sr_index & 7];
    case NV_VGA_DAC_MASK:
        return h->dac_mask;
    case NV_VGA_DAC_READ_INDEX:
        return h->dac_reading ? 3 : 0;
    case NV_VGA_DAC_WRITE_INDEX:
        return h->dac_write_index;
    case NV_VGA_DAC_DATA:
        return dac_read(h);
    case NV_VGA_FEATURE_READ:
        return h->fcr;
    case NV_VGA_MISC_READ:
        return h->misc;
    case NV_VGA_GRX:
        return h->gr_index;
    case NV_VGA_GR:
        return h->gr[h->gr_index & 0xf];
    case NV_VGA_CRX:
    case NV_VGA_CRX_MONO:
        return h->cr_index;
    case NV_VGA_CR:
    case NV_VGA_CR_MONO:
        return cr_read(card, head);
    case NV_VGA_INP1:
    case NV_VGA_INP1_MONO:
        return inp1_read(card, head);
    }
    return 0xff;
}

void nv_vga_port_write(NVCard *card, unsigned head, uint16_t port, uint8_t val)
{
    NVVgaHead *h;

    if (!nv_head_present(card, head)) {
        return;
    }
    h = &card->vga.head[head];
    card->vga_gen++;
    switch (port) {
    case NV_VGA_ARX:
        if (!h->ar_flip) {
            h->ar_index = val & 0x3f;
        } else {
            h->ar[h->ar_index & 0x1f] = val;
        }
        h->ar_flip ^= 1;
        return;
    case NV_VGA_MISC_WRITE:
        h->misc = val;
        return;
    case NV_VGA_ENABLE:
        h->enable = val;
        return;
    case NV_VGA_SRX:
        h->sr_index = val;
        return;
    case NV_VGA_SR:
        h->sr[h->sr_index & 7] = val;
        return;
    case NV_VGA_DAC_MASK:
        h->dac_mask = val;
        return;
    case NV_VGA_DAC_READ_INDEX:
        h->dac_read_index = val;
        h->dac_component = 0;
        h->dac_reading = 1;
        return;
    case NV_VGA_DAC_WRITE_INDEX:
        h->dac_write_index = val;
        h->dac_component = 0;
        h->dac_reading = 0;
        return;
    case NV_VGA_DAC_DATA:
        dac_write(h, val);
        return;
    case NV_VGA_GRX:
        h->gr_index = val;
        return;
    case NV_VGA_GR:
        h->gr[h->gr_index & 0xf] = val;
        return;
    case NV_VGA_CRX:
    case NV_VGA_CRX_MONO:
        h->cr_index = val;
        return;
    case NV_VGA_CR:
    case NV_VGA_CR_MONO:
        cr_write(card, head, val);
        return;
    case NV_VGA_FEATURE_WRITE:
    case NV_VGA_INP1_MONO:
        h->fcr = val;
        return;
    }
    nv_log(card, NV_LOG_GUEST_ERROR, "nv: VGA%u: write of 0x%02x to "
           "read-only or unknown port 0x%03x", head, val, port);
}

/* Wider accesses to the byte ports go out one byte at a time, low first. */
uint64_t nv_vga_window_read(NVCard *card, unsigned head, uint32_t base,
                            uint32_t addr, unsigned size)
{
    uint64_t val = 0;

    if (addr < NV_VGA_PORT_FIRST || addr + size - 1 > NV_VGA_PORT_LAST) {
        nv_unimp(card, base + addr, false, 0);
        return 0;
    }
    for (unsigned i = 0; i < size; i++) {
        val |= (uint64_t)nv_vga_port_read(card, head, addr + i) << (8 * i);
    }
    return val;
}

void nv_vga_window_write(NVCard *card, unsigned head, uint32_t base,
                         uint32_t addr, uint64_t val, unsigned size)
{
    if (addr < NV_VGA_PORT_FIRST || addr + size - 1 > NV_VGA_PORT_LAST) {
        nv_unimp(card, base + addr, true, val);
        return;
    }
    for (unsigned i = 0; i < size; i++) {
        nv_vga_port_write(card, head, addr + i, val >> (8 * i));
    }
}

uint64_t nv_head_block_read(NVCard *card, uint32_t base, uint32_t window,
                            uint32_t addr, unsigned size, NVHeadRegRead *read)
{
    unsigned head = addr / NV_HEAD_STRIDE;
    uint32_t off = addr % NV_HEAD_STRIDE;
    uint32_t val;

    base += head * NV_HEAD_STRIDE;
    if (nv_head_present(card, head) && off >= window) {
        return nv_vga_window_read(card, head, base + window, off - window,
                                  size);
    }
    if (!nv_head_present(card, head) || size != 4 ||
        !read(card, head, off, &val)) {
        nv_unimp(card, base + off, false, 0);
        return 0;
    }
    return val;
}

void nv_head_block_write(NVCard *card, uint32_t base, uint32_t window,
                         uint32_t addr, uint64_t val, unsigned size,
                         NVHeadRegWrite *write)
{
    unsigned head = addr / NV_HEAD_STRIDE;
    uint32_t off = addr % NV_HEAD_STRIDE;

    base += head * NV_HEAD_STRIDE;
    if (nv_head_present(card, head) && off >= window) {
        nv_vga_window_write(card, head, base + window, off - window, val,
                            size);
        return;
    }
    if (!nv_head_present(card, head) || size != 4 ||
        !write(card, head, off, val)) {
        nv_unimp(card, base + off, true, val);
    }
}

/*
 * PRMVIO: NV40 has one window per head; earlier chips have one, reaching
 * the head CR44 selects (nvkm vga.c, dispnv04/hw.h NVReadPRMVIO).
 */
static unsigned prmvio_head(const NVCard *card, uint32_t *addr)
{
    unsigned head = *addr / NV_HEAD_STRIDE;

    *addr %= NV_HEAD_STRIDE;
    if (card->model->arch != NV_ARCH_NV40) {
        return head ? NV_HEADS : nv_vga_owner_head(card);
    }
    return head;
}

static uint64_t prmvio_read(NVCard *card, uint32_t addr, unsigned size)
{
    uint32_t off = addr;
    unsigned head = prmvio_head(card, &off);

    if (!nv_head_present(card, head)) {
        nv_unimp(card, NV_PRMVIO_BASE + addr, false, 0);
        return 0;
    }
    return nv_vga_window_read(card, head, NV_PRMVIO_BASE + addr - off, off,
                              size);
}

static void prmvio_write(NVCard *card, uint32_t addr, uint64_t val,
                         unsigned size)
{
    uint32_t off = addr;
    unsigned head = prmvio_head(card, &off);

    if (!nv_head_present(card, head)) {
        nv_unimp(card, NV_PRMVIO_BASE + addr, true, val);
        return;
    }
    nv_vga_window_write(card, head, NV_PRMVIO_BASE + addr - off, off, val,
                        size);
}

static void vga_reset(NVCard *card)
{
    memset(&card->vga, 0, sizeof(card->vga));
    for (unsigned i = 0; i < NV_HEADS; i++) {
        card->vga.head[i].dac_mask = 0xff;
    }
    /* Both DDC lines float high (pulled up) until someone drives them. */
    card->vga.head[0].cr[NV_CRE_DDC_WR] = DDC_WR_SCL | DDC_WR_SDA;
    card->vga.ddc_sda_in = 1;
}

static const NVBlock vga_blocks[] = {
    { "prmvio", NV_ARCHS_NV3UP, NV_PRMVIO_BASE, NV_PRMVIO_SIZE, -1,
      .read = prmvio_read, .write = prmvio_write },
};

const NVEngine nv_vga_engine = {
    .name = "vga",
    .present = nv_model_is_nv3up,
    .blocks = vga_blocks, .nr_blocks = G_N_ELEMENTS(vga_blocks),
    .reset = vga_reset,
};
