/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv: builds the NVIDIA tables of a card's video BIOS.
 *
 * Every field written here is one nouveau (Linux 6.1,
 * drivers/gpu/drm/nouveau) reads; the comments name the function that
 * reads it.  "nvkm/bios/" below stands for nvkm/subdev/bios/.  The layout
 * is in roms/README.md.
 */
#include <string.h>

#include <glib.h>

#include "hw/nv/nv-model.h"
#include "vbios.h"

/* PCI data structure (PCI firmware spec 3.0 layout, 0x18 bytes). */
#define PCIR_OFFSET     0x40
#define PCIR_LENGTH     0x18

/*
 * The NVIDIA tables, at fixed offsets from NV_VBIOS_TABLES.  Each gets a
 * 16-byte slot or more; none of these offsets is read by nouveau, which
 * follows the pointers.
 */
#define BIT_I_INFO      (NV_VBIOS_TABLES + 0x20)    /* BIT 'i' data */
#define BIT_I_INIT      (NV_VBIOS_TABLES + 0x30)    /* BIT 'I' data */
#define SCRIPT_TABLE    (NV_VBIOS_TABLES + 0x40)
#define SCRIPT_0        (NV_VBIOS_TABLES + 0x50)
#define DCB_OFFSET      (NV_VBIOS_TABLES + 0x60)
#define I2C_OFFSET      (NV_VBIOS_TABLES + 0x90)
#define BIT_D_DATA      (NV_VBIOS_TABLES + 0xa0)    /* BIT 'D' data */
#define BIT_M_DATA      (NV_VBIOS_TABLES + 0xa4)    /* BIT 'M' data */
#define BIT_L_DATA      (NV_VBIOS_TABLES + 0xaa)    /* BIT 'L' data */
#define BIT_T_DATA      (NV_VBIOS_TABLES + 0xac)    /* BIT 'T' data */
#define TMDS_TABLE      (NV_VBIOS_TABLES + 0xb0)
#define TMDS_STUB       (NV_VBIOS_TABLES + 0xbf)    /* INIT_DONE */
#define BIT_OFFSET      (NV_VBIOS_TABLES + 0xc0)

#define BIT_HEADER_LEN  12
#define BIT_ENTRY_LEN   6
#define BIT_I_INFO_LEN  15
#define BIT_I_INIT_LEN  14
#define BIT_D_LEN       4
#define BIT_M_LEN       5
#define BIT_L_LEN       2
#define BIT_T_LEN       2
#define DCB_HEADER_LEN  0x16
#define DCB_ENTRY_LEN   8
#define I2C_HEADER_LEN  5
#define I2C_ENTRY_LEN   4

/* Init script opcodes, named as in nvkm/bios/init.c init_opcode[]. */
#define INIT_DONE       0x71
#define INIT_ZM_REG     0x7a

#define PMC_ENABLE      0x000200

static void put16(uint8_t *p, uint16_t v)
{
    p[0] = v;
    p[1] = v >> 8;
}

static void put32(uint8_t *p, uint32_t v)
{
    put16(p, v);
    put16(p + 2, v >> 16);
}

/*
 * The option ROM header and PCI data structure.  nvkm/bios/image.c
 * nvbios_imagen() accepts the image on the 0x55aa signature, follows the
 * 16-bit pointer at 0x18 to "PCIR" (nvkm/bios/pcir.c nvbios_pcirTe()) and
 * takes the image size (in 512-byte units, +0x10), type (+0x14, 0 = x86
 * code, the only type shadow.c shadow_image() checksums) and last-image
 * flag (+0x15 bit 7) from it.  The vendor and device ids are what the
 * system BIOS matches a PCI ROM against (SeaBIOS optionrom.c
 * map_pcirom()); the header's size byte is what it copies.
 *
 * This sets the fields that describe the whole image in a PCIR the x86
 * part already has (SeaBIOS's vgainit.c rom_pci_data, which has the ids
 * but the x86 part's own length) or in the stub's.
 */
static void build_pcir(const NVModel *m, uint8_t *pcir)
{
    put16(pcir + 0x04, m->vendor_id);
    put16(pcir + 0x06, m->device_id);
    pcir[0x0d] = 0x00;                  /* class code: prog-if */
    pcir[0x0e] = m->class_id & 0xff;    /* subclass */
    pcir[0x0f] = m->class_id >> 8;      /* base class */
    put16(pcir + 0x10, NV_VBIOS_SIZE / 512);
    pcir[0x14] = 0x00;                  /* code type: x86 */
    pcir[0x15] = 0x80;                  /* last image */
}

/*
 * Our PCIR at 0x40, inside the first 4 KiB that nvkm/bios/shadow.c reads
 * before it follows the pointer at 0x18 (SeaBIOS's own PCIR sits at the
 * end of its code, too far in).
 */
static void put_early_pcir(const NVModel *m, uint8_t *rom)
{
    uint8_t *pcir = rom + PCIR_OFFSET;

    put16(rom + 0x18, PCIR_OFFSET);
    memcpy(pcir, "PCIR", 4);
    put16(pcir + 0x0a, PCIR_LENGTH);
    pcir[0x0c] = 0x03;                  /* PCIR revision: PCI 3.0 */
    build_pcir(m, pcir);
}

/*
 * Without a VGA BIOS: a header whose entry point (offset 3, far-called by
 * the system BIOS to initialise the card) returns at once (retf).
 */
static void build_stub(const NVModel *m, uint8_t *rom)
{
    rom[0x00] = 0x55;
    rom[0x01] = 0xaa;
    rom[0x03] = 0xcb;
    put_early_pcir(m, rom);
}

static uint32_t get32(const uint8_t *p)
{
    return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static bool find_nonzero(const uint8_t *buf, size_t size)
{
    for (size_t i = 0; i < size; i++) {
        if (buf[i]) {
            return true;
        }
    }
    return false;
}

/* Offset of @str (@len bytes) in @buf, or -1. */
static long find(const uint8_t *buf, size_t size, const char *str,
                 size_t len)
{
    for (size_t i = 0; i + len <= size; i++) {
        if (!memcmp(buf + i, str, len)) {
            return i;
        }
    }
    return -1;
}

#define FAIL(...) do {                                  \
        if (err) {                                      \
            *err = g_strdup_printf(__VA_ARGS__);        \
        }                                               \
        return false;                                   \
    } while (0)

/*
 * With a VGA BIOS: checks that @x86 leaves the generator what it needs
 * and copies it in.  Its header and PCIR are kept: SeaBIOS's code reads
 * the ids from its PCIR (vgainit.c vga_post()) and finds the card by them.
 */
static bool put_x86(const NVModel *m, const uint8_t *x86, size_t len,
                    uint8_t *rom, char **err)
{
    uint16_t p;
    long at;

    if (len < 0x1a || x86[0] != 0x55 || x86[1] != 0xaa) {
        FAIL("not an option ROM image (no 55 aa header)");
    }
    if (len > NV_VBIOS_TABLES || x86[2] * 512 > NV_VBIOS_TABLES) {
        FAIL("x86 part is %zu bytes (its header says %u): more than "
             "0x%x, where the NVIDIA tables start", len, x86[2] * 512,
             NV_VBIOS_TABLES);
    }
    /* e9 rel16 (SeaBIOS), eb rel8 or cb: bytes 3-5 at most. */
    if (x86[3] != 0xe9 && x86[3] != 0xeb && x86[3] != 0xcb) {
        FAIL("entry point at 3 is not a jmp or retf (byte %02x), so offset "
             "6 may not be free for the checksum", x86[3]);
    }
    if (len < NV_VBIOS_RESERVED_END ||
        find_nonzero(x86 + NV_VBIOS_DCB_PTR,
                     NV_VBIOS_RESERVED_END - NV_VBIOS_DCB_PTR)) {
        FAIL("bytes 0x36-0x57 are not free (zero) for the DCB pointer and "
             "the PCIR: build SeaBIOS with roms/seabios/*.patch");
    }
    /*
     * nvkm/bios/base.c and nouveau_bios.c take the first BIT or BMP
     * signature in the image: one in the x86 part would hide our tables.
     */
    if ((at = find(x86, len, "\xff\xb8" "BIT", 5)) >= 0 ||
        (at = find(x86, len, "\xff\x7f" "NV\0", 5)) >= 0) {
        FAIL("x86 part has a BIT or BMP signature at 0x%lx", at);
    }

    p = x86[0x18] | x86[0x19] << 8;
    if (!p || p + (size_t)PCIR_LENGTH > len || memcmp(x86 + p, "PCIR", 4)) {
        FAIL("no PCIR at the pointer at 0x18 (0x%04x): build SeaBIOS "
             "with CONFIG_VGA_PCI", p);
    }
    if ((x86[p + 4] | x86[p + 5] << 8) != m->vendor_id ||
        (x86[p + 6] | x86[p + 7] << 8) != m->device_id) {
        FAIL("x86 part is for PCI id %02x%02x:%02x%02x, the model is "
             "%04x:%04x", x86[p + 5], x86[p + 4], x86[p + 7], x86[p + 6],
             m->vendor_id, m->device_id);
    }
    /*
     * image.c nvbios_imagen() reads an "NPDE" block at the first 16-byte
     * boundary after the PCIR 0x18 points to (ours); its size would
     * override the PCIR's.
     */
    at = (PCIR_OFFSET + PCIR_LENGTH + 15) & ~15;
    if ((size_t)at + 4 <= len && get32(x86 + at) == 0x4544504e) {
        FAIL("x86 part has an NPDE block at 0x%lx", at);
    }

    memcpy(rom, x86, len);
    build_pcir(m, rom + p);
    put_early_pcir(m, rom);
    return true;
}

/*
 * The BIT table.  nvkm/bios/base.c nvkm_bios_new() finds it by searching
 * the image for "\xff\xb8" "BIT"; nvkm/bios/bit.c bit_entry() and
 * nouveau_bios.c bit_table() then read the entry count at +10 and the
 * entry size at +9 and walk entries from +12: id, version, 16-bit length,
 * 16-bit offset.  The BCD version (+6) and header size (+8) are not read
 * but are what real BIT tables carry; +11 makes the header sum to zero
 * like theirs.
 */
static void build_bit(uint8_t *rom)
{
    static const struct {
        char id;
        uint16_t length;
        uint16_t offset;
    } entries[] = {
        { 'i', BIT_I_INFO_LEN, BIT_I_INFO },
        { 'I', BIT_I_INIT_LEN, BIT_I_INIT },
        { 'D', BIT_D_LEN, BIT_D_DATA },
        { 'M', BIT_M_LEN, BIT_M_DATA },
        { 'L', BIT_L_LEN, BIT_L_DATA },
        { 'T', BIT_T_LEN, BIT_T_DATA },
    };
    uint8_t *bit = rom + BIT_OFFSET;
    uint8_t sum = 0;

    bit[0] = 0xff;
    bit[1] = 0xb8;
    memcpy(bit + 2, "BIT", 4);
    put16(bit + 6, 0x0100);
    bit[8] = BIT_HEADER_LEN;
    bit[9] = BIT_ENTRY_LEN;
    bit[10] = sizeof(entries) / sizeof(entries[0]);
    for (int i = 0; i < BIT_HEADER_LEN - 1; i++) {
        sum += bit[i];
    }
    bit[11] = -sum;

    for (size_t i = 0; i < sizeof(entries) / sizeof(entries[0]); i++) {
        uint8_t *e = bit + BIT_HEADER_LEN + i * BIT_ENTRY_LEN;

        /* Version 1, as NV4x boards' tables; only 'M''s is checked. */
        e[0] = entries[i].id;
        e[1] = 1;
        put16(e + 2, entries[i].length);
        put16(e + 4, entries[i].offset);
    }
}

/*
 * The BIT tables nouveau_bios.c parse_bit_structure() reads besides 'i'
 * and 'I', which real boards carry: without them it logs "BIT table 'X'
 * not found".  Their data say this board has no flat panel:
 * - 'D' (parse_bit_display_tbl_entry()): length exactly 4, the flat panel
 *   table pointer at +2, 0;
 * - 'M' (parse_bit_M_tbl_entry(); nvkm/subdev/bios/ramcfg.c, NV50+ only):
 *   version 1, length at least 5, RAM restrict group count at +2 (0) and
 *   its table pointer at +3 (0);
 * - 'L' (parse_bit_lvds_tbl_entry()): length exactly 2, the LVDS
 *   manufacturer table pointer, 0 (read only for an LVDS output);
 * - 'T' (parse_bit_tmds_tbl_entry()): length exactly 2, a pointer to a
 *   TMDS table, which must be there (else "Pointer to TMDS table not
 *   found"): version 0x11 at +0, two script pointers at +7 and +9 that
 *   must point at a stubbed script (an INIT_DONE byte, 'q', else "TMDS
 *   table script pointers not stubbed"), the two outputs' scripts at +11
 *   and +13, 0 for none.
 * All other bytes of these tables are 0.
 */
static void build_bit_display(uint8_t *rom)
{
    uint8_t *tmds = rom + TMDS_TABLE;

    put16(rom + BIT_T_DATA, TMDS_TABLE);
    tmds[0] = 0x11;
    put16(tmds + 7, TMDS_STUB);
    put16(tmds + 9, TMDS_STUB);
    rom[TMDS_STUB] = INIT_DONE;
}

/*
 * BIT 'i', the BIOS information.  nvkm_bios_new() takes the version from
 * it when its length is at least 4: micro (+0), minor (+1), chip (+2),
 * major (+3), patch (+4).  The chip byte is the chipset, as nouveau
 * computes it from BOOT_0 bits 20-27 (engine/device/base.c); pll.c,
 * clk/pllnv04.c and devinit/nv04.c branch on it.  The major version picks
 * nouveau_bios.c's paths: below 5 it reads the mobile flag from CR4B and
 * skips the flat panel table, as on real GeForce3/4/FX boards (BIOS
 * 3.x/4.x); GeForce 6 boards have 5.x.
 *
 * nouveau_bios.c parse_bit_i_tbl_entry() fails the whole BIOS (and so the
 * driver, through NVInitVBIOS()) unless the length is at least 15: +5 is
 * the feature byte (0: not mobile) and +13 the pointer to the DAC load
 * detection values, 0 for none, which dispnv04/dac.c then takes from its
 * defaults.
 */
static void build_bit_i(const NVModel *m, uint8_t *rom)
{
    uint8_t *info = rom + BIT_I_INFO;

    info[2] = (m->boot0 >> 20) & 0xff;
    info[3] = m->arch == NV_ARCH_NV40 ? 0x05 : 0x04;
}

/*
 * BIT 'I', the init tables.  nouveau_bios.c parse_bit_init_tbl_entry()
 * fails the BIOS unless the length is at least 14 (seven 16-bit
 * pointers); nvkm/bios/init.c init_table_() reads pointer n only when the
 * length covers it, and a length of 14 keeps init_unknown_script() (at
 * +14) from running anything.  Only the script table (+0) is used: the
 * macro, condition and function tables (+2..+12) stay 0 because no
 * script refers to them.
 *
 * init.c nvbios_post() runs the scripts listed in the script table until
 * a 0 pointer, from devinit/nv04.c nv04_devinit_post() on every NV04-NV4x
 * chip; it executes them only when the card is not POSTed (CRTC htotal
 * 0) but always walks them, and nvbios_exec() stops with "unknown opcode"
 * at any opcode missing from init_opcode[].
 *
 * Script 0 does what a real BIOS's first script does and the emulated
 * card needs: enable the engines (PMC_ENABLE) as a POSTed card has them.
 * INIT_ZM_REG is opcode, 32-bit register, 32-bit value (init_zm_reg());
 * INIT_DONE ends the script (init_done()).
 */
static void build_init(const NVModel *m, uint8_t *rom)
{
    uint8_t *s = rom + SCRIPT_0;

    put16(rom + BIT_I_INIT, SCRIPT_TABLE);
    put16(rom + SCRIPT_TABLE, SCRIPT_0);
    put16(rom + SCRIPT_TABLE + 2, 0);

    s[0] = INIT_ZM_REG;
    put32(s + 1, PMC_ENABLE);
    put32(s + 5, m->pmc_enable_reset);
    s[9] = INIT_DONE;
}

/*
 * The DCB, version 3.0, found through the 16-bit pointer at 0x36
 * (nvkm/bios/dcb.c dcb_table(), nouveau_bios.c olddcb_table(); both also
 * accept 2.x, but only 3.0 has the entry count and size in the header).
 * Header: version, header length, entry count, entry length, I2C table
 * pointer (+4, nvkm/bios/i2c.c dcb_i2c_table()), the signature 0x4edcbdcb
 * (+6).  The header is 0x16 bytes with every other pointer 0: the GPIO
 * table (+0x0a, gpio.c, read when the header is 0x0c or longer), the
 * external devices table (+0x12, extdev.c, read whatever the header
 * length) and the connector table (+0x14, conn.c and olddcb_conntab(),
 * read when the header is 0x16 or longer).
 *
 * Entry 0, as parse_dcb20_entry() and dcb_outp_parse() decode the first
 * dword: type 0 (analog) in bits 0-3, I2C index 0 in bits 4-7, heads 1
 * (head A only) in bits 8-11, connector 0, bus 0, location 0 (on chip),
 * output resource 1 (DAC A) in bits 24-27: 0x01000100.  Its second dword
 * gives the CRT's maximum pixel clock in 10 MHz units in bits 0-7 on DCB
 * 3.0: 0x28, 400 MHz, the RAMDAC speed of these boards.  Entry 1 has type
 * 0xe, the end of list (olddcb_outp_foreach()).
 */
static void build_dcb(uint8_t *rom)
{
    uint8_t *dcb = rom + DCB_OFFSET;
    uint8_t *ent = dcb + DCB_HEADER_LEN;

    put16(rom + NV_VBIOS_DCB_PTR, DCB_OFFSET);
    dcb[0] = 0x30;
    dcb[1] = DCB_HEADER_LEN;
    dcb[2] = 2;
    dcb[3] = DCB_ENTRY_LEN;
    put16(dcb + 4, I2C_OFFSET);
    put32(dcb + 6, 0x4edcbdcb);

    put32(ent + 0, 0x01000100);
    put32(ent + 4, 0x00000028);
    put32(ent + DCB_ENTRY_LEN, 0x0000000e);
}

/*
 * The I2C table (the "CCB") of a version 3.x DCB: version, header length,
 * entry count, entry length, then the default bus byte (+4, read by
 * nvkm/subdev/i2c/base.c nvkm_i2c_bus_find() for the primary and
 * secondary buses: both 0 here).  nvkm/bios/i2c.c dcb_i2c_parse() reads a
 * version 3.0 entry as drive port (+0), sense port (+1) and type (+3);
 * type 0 (DCB_I2C_NV04_BIT) is the bit-banged bus on CRTC registers, the
 * one nv04_i2c_new() drives on all NV04-NV4x chips: written through CR3F,
 * read through CR3E.
 */
static void build_i2c(uint8_t *rom)
{
    uint8_t *i2c = rom + I2C_OFFSET;
    uint8_t *ent = i2c + I2C_HEADER_LEN;

    i2c[0] = 0x30;
    i2c[1] = I2C_HEADER_LEN;
    i2c[2] = 1;
    i2c[3] = I2C_ENTRY_LEN;
    ent[0] = 0x3f;
    ent[1] = 0x3e;
    ent[3] = 0x00;
}

size_t nv_vbios_build_x86(const char *model, const uint8_t *x86,
                          size_t x86_size, uint8_t *buf, size_t size,
                          char **err)
{
    const NVModel *m = nv_model_find(model);
    uint8_t sum = 0;

    /* nouveau has no NV1 support: its device list starts at NV04. */
    if (!m || m->arch == NV_ARCH_NV1) {
        FAIL("no VBIOS for model '%s' (nv1 has none)", model);
    }
    if (size < NV_VBIOS_SIZE) {
        FAIL("buffer of %zu bytes, the image is %u", size, NV_VBIOS_SIZE);
    }

    memset(buf, 0, NV_VBIOS_SIZE);
    if (!x86) {
        build_stub(m, buf);
    } else if (!put_x86(m, x86, x86_size, buf, err)) {
        return 0;
    }
    /*
     * The size byte: the system BIOS copies and checksums this much, and
     * so does SeaBIOS's vga_post() when it fixes its checksum up after
     * initialising.
     */
    buf[0x02] = NV_VBIOS_SIZE / 512;
    build_bit(buf);
    build_bit_i(m, buf);
    build_bit_display(buf);
    build_init(m, buf);
    build_dcb(buf);
    build_i2c(buf);

    /*
     * All bytes of the image sum to 0 mod 256: shadow.c shadow_image()
     * gives a type 0 image 3 points when they do and at most 2 when they
     * do not, so nouveau prefers any other copy with a good checksum.
     * Offset 6 is where SeaBIOS's vgaentry.S keeps its checksum byte.
     */
    buf[NV_VBIOS_CHECKSUM] = 0;
    for (size_t i = 0; i < NV_VBIOS_SIZE; i++) {
        sum += buf[i];
    }
    buf[NV_VBIOS_CHECKSUM] = -sum;
    return NV_VBIOS_SIZE;
}

size_t nv_vbios_build(const char *model, uint8_t *buf, size_t size)
{
    return nv_vbios_build_x86(model, NULL, 0, buf, size, NULL);
}
