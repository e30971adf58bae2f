/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu-nv unit tests: the VBIOS tables (roms/vbios.c).
 *
 * Each image is parsed back the way nouveau (Linux 6.1) parses it, with
 * nothing taken from roms/: the parser starts from the 0x55aa header and
 * follows pointers, and every expected value is worked out by hand in the
 * comments from nouveau's rules and the model table.
 */
#include <glib.h>
#include <stdbool.h>
#include <string.h>

#include "vbios.h"

/*
 * Per model: PCI device id (README's model table); chip, the 'i' byte
 * nouveau treats as the chipset, BOOT_0 bits 20-27 (0x034200a1 >> 20 =
 * 0x34 for nv34, 0x044100a1 >> 20 = 0x44 for nv44, ...); major, the BIOS
 * major version, 4 for GeForce3/4/FX and 5 for GeForce 6 (below 5
 * nouveau_bios.c takes the BMP-era mobile check, 5 takes the fp table
 * path; both work without further tables); enable, PMC_ENABLE of a
 * POSTed card (hw/nv/model.c: NV20 bits 0,4,..,28 = 0x11111111, NV25 adds
 * bits 25 and 26 = 0x17111111, NV30+ adds bit 1 = 0x17111113).
 */
static const struct {
    const char *model;
    uint16_t device_id;
    uint8_t chip;
    uint8_t major;
    uint32_t enable;
} models[] = {
    { "nv20", 0x0200, 0x20, 0x04, 0x11111111 },
    { "nv25", 0x0250, 0x25, 0x04, 0x17111111 },
    { "nv30", 0x0301, 0x30, 0x04, 0x17111113 },
    { "nv34", 0x0322, 0x34, 0x04, 0x17111113 },
    { "nv40", 0x0040, 0x40, 0x05, 0x17111113 },
    { "nv43", 0x0140, 0x43, 0x05, 0x17111113 },
    { "nv44", 0x0161, 0x44, 0x05, 0x17111113 },
};

/* 64 KiB: 0x10000 / 512 = 128 = 0x80 in the header and PCIR units. */
#define ROM_SIZE 0x10000

static uint16_t rd16(const uint8_t *rom, size_t off)
{
    g_assert_cmpuint(off + 2, <=, ROM_SIZE);
    return rom[off] | rom[off + 1] << 8;
}

static uint32_t rd32(const uint8_t *rom, size_t off)
{
    return rd16(rom, off) | (uint32_t)rd16(rom, off + 2) << 16;
}

/* Offsets of @str in the image, like base.c nvbios_findstr(). */
static unsigned count_str(const uint8_t *rom, const char *str, size_t len,
                          size_t *first)
{
    unsigned n = 0;

    for (size_t i = 0; i + len <= ROM_SIZE; i++) {
        if (!memcmp(rom + i, str, len)) {
            if (!n++) {
                *first = i;
            }
        }
    }
    return n;
}

/*
 * A stand-in for SeaBIOS's VGA BIOS (scripts/build-vgabios.sh), laid out
 * like its vgaentry.S header and vgainit.c rom_pci_data, 0x200 bytes:
 *
 *   0x000  55 aa 01           signature, size 1 (512 bytes)
 *   0x003  e9 fa 00           jmp 0x100 (0x006 + 0xfa)
 *   0x006  5d                 its own checksum (mkvbios replaces it)
 *   0x018  80 00              PCIR pointer
 *   0x01e  "IBM" 00
 *   0x036  00 00              left free for the DCB pointer
 *   0x080  "PCIR", 10de, @device_id, 0000, length 0018, revision 0,
 *          class 00 00 03, 0001 (512 bytes), 0001, type 0, last image
 *   0x100  cb                 retf
 *   0x101  11 * 255           "code"
 */
#define FAKE_SIZE   0x200
#define FAKE_PCIR   0x80

static uint8_t *fake_x86(uint16_t device_id)
{
    uint8_t *x = g_malloc0(FAKE_SIZE);
    uint8_t *pcir = x + FAKE_PCIR;

    memcpy(x, "\x55\xaa\x01\xe9\xfa\x00\x5d", 7);
    x[0x18] = FAKE_PCIR;
    memcpy(x + 0x1e, "IBM", 4);
    memcpy(pcir, "PCIR\xde\x10", 6);
    pcir[0x06] = device_id;
    pcir[0x07] = device_id >> 8;
    pcir[0x0a] = 0x18;
    pcir[0x0f] = 0x03;
    pcir[0x10] = 0x01;
    pcir[0x12] = 0x01;
    pcir[0x15] = 0x80;
    x[0x100] = 0xcb;
    memset(x + 0x101, 0x11, FAKE_SIZE - 0x101);
    return x;
}

/*
 * Test data: the model's index, plus WITH_X86 for the image built with
 * fake_x86() as its x86 part instead of the stub.
 */
#define WITH_X86    0x100

static uint8_t *build(int data)
{
    const char *model = models[data & ~WITH_X86].model;
    uint8_t *rom = g_malloc(ROM_SIZE);

    if (data & WITH_X86) {
        g_autofree uint8_t *x86 =
            fake_x86(models[data & ~WITH_X86].device_id);
        g_autofree char *err = NULL;

        g_assert_cmpuint(nv_vbios_build_x86(model, x86, FAKE_SIZE, rom,
                                            ROM_SIZE, &err), ==, ROM_SIZE);
        g_assert_null(err);
    } else {
        g_assert_cmpuint(nv_vbios_build(model, rom, ROM_SIZE), ==, ROM_SIZE);
    }
    return rom;
}

/*
 * Option ROM header: 0x55aa, size byte 0x80 (64 KiB), at the entry point,
 * offset 3, a far return (0xcb) in the stub or the x86 part's jmp (0xe9),
 * and all 65536 bytes summing to 0 mod 256 (shadow.c shadow_image()).
 */
static void test_header(gconstpointer data)
{
    g_autofree uint8_t *rom = build(GPOINTER_TO_INT(data));
    uint8_t sum = 0;

    g_assert_cmphex(rom[0], ==, 0x55);
    g_assert_cmphex(rom[1], ==, 0xaa);
    g_assert_cmphex(rom[2], ==, 0x80);
    g_assert_cmphex(rom[3], ==,
                    GPOINTER_TO_INT(data) & WITH_X86 ? 0xe9 : 0xcb);
    for (size_t i = 0; i < ROM_SIZE; i++) {
        sum += rom[i];
    }
    g_assert_cmphex(sum, ==, 0);
}

/*
 * PCIR (pcir.c nvbios_pcirTp()): pointer at 0x18, signature "PCIR",
 * vendor 0x10de, the model's device id, class 03 00 00 (VGA) in bytes
 * 0x0f/0x0e/0x0d, image length 0x80 * 512 = 0x10000 = the whole image,
 * code type 0 (x86: the only type shadow_image() checksums), last image
 * (bit 7 of 0x15, so image.c stops after it).  image.c nvbios_imagen()
 * then looks for "NPDE" at (pcir + header length + 15) & ~15: it must not
 * be there, or its image size would replace the PCIR one.
 */
static void test_pcir(gconstpointer data)
{
    int i = GPOINTER_TO_INT(data) & ~WITH_X86;
    g_autofree uint8_t *rom = build(GPOINTER_TO_INT(data));
    uint16_t pcir = rd16(rom, 0x18);

    g_assert_cmpuint(pcir, !=, 0);
    g_assert_cmpmem(rom + pcir, 4, "PCIR", 4);
    g_assert_cmphex(rd16(rom, pcir + 0x04), ==, 0x10de);
    g_assert_cmphex(rd16(rom, pcir + 0x06), ==, models[i].device_id);
    g_assert_cmphex(rom[pcir + 0x0d], ==, 0x00);
    g_assert_cmphex(rom[pcir + 0x0e], ==, 0x00);
    g_assert_cmphex(rom[pcir + 0x0f], ==, 0x03);
    g_assert_cmpuint(rd16(rom, pcir + 0x10) * 512, ==, ROM_SIZE);
    g_assert_cmphex(rom[pcir + 0x14], ==, 0x00);
    g_assert_cmphex(rom[pcir + 0x15] & 0x80, ==, 0x80);
    g_assert_cmpuint(rd32(rom, (pcir + rd16(rom, pcir + 0x0a) + 15) & ~15),
                     !=, 0x4544504e);
}

/*
 * Finds BIT entry @id as bit.c bit_entry() does: count at +10, entry size
 * at +9, entries from +12 of id, version, length, offset.
 */
static bool bit_find(const uint8_t *rom, size_t bit, char id,
                     uint16_t *length, uint16_t *offset)
{
    for (unsigned n = 0; n < rom[bit + 10]; n++) {
        size_t e = bit + 12 + n * rom[bit + 9];

        if (rom[e] == (uint8_t)id) {
            *length = rd16(rom, e + 2);
            *offset = rd16(rom, e + 4);
            return true;
        }
    }
    return false;
}

/*
 * BIT: "\xff\xb8" "BIT" found exactly once and not at offset 0 (which
 * nvbios_findstr() reports as "not found"); no BMP signature
 * "\xff\x7f" "NV\0" anywhere.  'i' (base.c, nouveau_bios.c
 * parse_bit_i_tbl_entry()): length at least 15 or nouveau fails the
 * BIOS; chip at +2 and major at +3 as in the table above; feature byte
 * +5 = 0 (bit 4 would make it a mobile BIOS); DAC load pointer +13 = 0
 * (none).
 */
static void test_bit_i(gconstpointer data)
{
    int i = GPOINTER_TO_INT(data) & ~WITH_X86;
    g_autofree uint8_t *rom = build(GPOINTER_TO_INT(data));
    size_t bit = 0, bmp;
    uint16_t len, off;

    g_assert_cmpuint(count_str(rom, "\xff\xb8" "BIT", 5, &bit), ==, 1);
    g_assert_cmpuint(bit, !=, 0);
    g_assert_cmpuint(count_str(rom, "\xff\x7f" "NV", 5, &bmp), ==, 0);

    g_assert_true(bit_find(rom, bit, 'i', &len, &off));
    g_assert_cmpuint(len, >=, 15);
    g_assert_cmphex(rom[off + 2], ==, models[i].chip);
    g_assert_cmphex(rom[off + 3], ==, models[i].major);
    g_assert_cmphex(rom[off + 5], ==, 0x00);
    g_assert_cmphex(rd16(rom, off + 13), ==, 0x0000);
}

/*
 * The tables nouveau_bios.c parse_bit_structure() looks for after 'i'
 * and 'I' (it logs "BIT table 'X' not found" for each missing one):
 * 'D' of length 4 with a 0 flat panel table pointer at +2; 'M' version 1
 * of length 5 with 0 RAM restrict groups (+2); 'L' of length 2 with a 0
 * LVDS table pointer; 'T' of length 2 pointing at a TMDS table of
 * version 0x11 whose script pointers at +7 and +9 both point at an
 * INIT_DONE (0x71, 'q') byte, and whose output scripts (+11, +13) are 0.
 */
static void test_bit_display(gconstpointer data)
{
    g_autofree uint8_t *rom = build(GPOINTER_TO_INT(data));
    size_t bit = 0;
    uint16_t len, off, tmds;

    count_str(rom, "\xff\xb8" "BIT", 5, &bit);
    g_assert_true(bit_find(rom, bit, 'D', &len, &off));
    g_assert_cmpuint(len, ==, 4);
    g_assert_cmphex(rd16(rom, off + 2), ==, 0);
    g_assert_true(bit_find(rom, bit, 'M', &len, &off));
    g_assert_cmpuint(len, ==, 5);
    g_assert_cmphex(rom[off + 2], ==, 0);
    g_assert_true(bit_find(rom, bit, 'L', &len, &off));
    g_assert_cmpuint(len, ==, 2);
    g_assert_cmphex(rd16(rom, off), ==, 0);
    g_assert_true(bit_find(rom, bit, 'T', &len, &off));
    g_assert_cmpuint(len, ==, 2);
    tmds = rd16(rom, off);
    g_assert_cmphex(rom[tmds], ==, 0x11);
    g_assert_cmphex(rom[rd16(rom, tmds + 7)], ==, 0x71);
    g_assert_cmphex(rom[rd16(rom, tmds + 9)], ==, 0x71);
    g_assert_cmphex(rd16(rom, tmds + 11), ==, 0);
    g_assert_cmphex(rd16(rom, tmds + 13), ==, 0);
}

/*
 * Every opcode init.c init_opcode[] has.  An opcode missing here makes
 * nvbios_exec() stop with "unknown opcode".
 */
static const uint8_t known_opcodes[] = {
    0x32, 0x33, 0x34, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x47, 0x48,
    0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f, 0x50, 0x51, 0x52, 0x53, 0x54,
    0x56, 0x57, 0x58, 0x59, 0x5a, 0x5b, 0x5c, 0x5e, 0x5f, 0x62, 0x63, 0x65,
    0x66, 0x67, 0x68, 0x69, 0x6b, 0x6d, 0x6e, 0x6f, 0x71, 0x72, 0x73, 0x74,
    0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x87, 0x8c, 0x8d, 0x8e, 0x8f, 0x90,
    0x91, 0x92, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa9, 0xaa,
};

/*
 * 'I' (nouveau_bios.c parse_bit_init_tbl_entry(), init.c init_table_()):
 * length at least 14 or nouveau fails the BIOS, and below 16 so that
 * init_unknown_script() finds nothing; the script table at +0 lists
 * script pointers up to a 0.  Walking the scripts as nvbios_exec() does,
 * every opcode must be a known one; the steps are those of init.c:
 * INIT_ZM_REG (0x7a) is 9 bytes (opcode, register, value), INIT_DONE
 * (0x71) ends the script.  The image has one script: PMC_ENABLE (0x200)
 * = the model's enable value, then DONE.
 */
static void test_bit_init(gconstpointer data)
{
    int i = GPOINTER_TO_INT(data) & ~WITH_X86;
    g_autofree uint8_t *rom = build(GPOINTER_TO_INT(data));
    size_t bit = 0;
    uint16_t len, off, table, script;
    unsigned scripts = 0, zm_regs = 0;

    count_str(rom, "\xff\xb8" "BIT", 5, &bit);
    g_assert_true(bit_find(rom, bit, 'I', &len, &off));
    g_assert_cmpuint(len, >=, 14);
    g_assert_cmpuint(len, <, 16);
    table = rd16(rom, off);
    g_assert_cmpuint(table, !=, 0);

    while ((script = rd16(rom, table + 2 * scripts))) {
        size_t pc = script;
        bool done = false;

        scripts++;
        while (!done) {
            uint8_t op = rom[pc];

            g_assert_nonnull(memchr(known_opcodes, op,
                                    sizeof(known_opcodes)));
            switch (op) {
            case 0x7a:
                g_assert_cmphex(rd32(rom, pc + 1), ==, 0x000200);
                g_assert_cmphex(rd32(rom, pc + 5), ==, models[i].enable);
                zm_regs++;
                pc += 9;
                break;
            case 0x71:
                done = true;
                break;
            default:
                g_assert_not_reached();   /* an opcode this test can't step */
            }
        }
    }
    g_assert_cmpuint(scripts, ==, 1);
    g_assert_cmpuint(zm_regs, ==, 1);
}

/*
 * DCB (dcb.c dcb_table(), nouveau_bios.c olddcb_table()): pointer at
 * 0x36; version 0x30 (below 0x42); signature 0x4edcbdcb at +6; the header
 * length +1, count +2 and entry length +3 in use.  A header of 0x16 bytes
 * or more has the GPIO (+0x0a), external device (+0x12) and connector
 * (+0x14) pointers: all 0, no such tables.
 *
 * Entries until type 0xe (end of list): exactly one, analog (type 0,
 * bits 0-3), I2C index 0 (bits 4-7), heads 1 = head A only (bits 8-11),
 * location 0 = on chip (bits 20-21), output resource 1 = DAC A (bits
 * 24-27), and a maximum pixel clock of (conf & 0xff) * 10000 kHz = 0x28 *
 * 10000 = 400000 kHz.
 *
 * Its I2C entry (i2c.c dcb_i2c_table()/dcb_i2c_parse()): table pointer
 * at DCB +4, version 0x30 so the table has its own header (version,
 * header length, count, entry length, default buses at +4 = 0); entry 0
 * at table + header length: drive CRTC index 0x3f (+0), sense 0x3e (+1),
 * type 0 = DCB_I2C_NV04_BIT (+3).
 */
static void test_dcb(gconstpointer data)
{
    g_autofree uint8_t *rom = build(GPOINTER_TO_INT(data));
    uint16_t dcb = rd16(rom, 0x36);
    uint16_t i2c;
    unsigned outputs = 0;
    uint32_t conn = 0, conf = 0;
    size_t ent;

    g_assert_cmpuint(dcb, !=, 0);
    g_assert_cmphex(rom[dcb], ==, 0x30);
    g_assert_cmphex(rd32(rom, dcb + 6), ==, 0x4edcbdcb);
    g_assert_cmpuint(rom[dcb + 1], >=, 0x16);
    g_assert_cmphex(rd16(rom, dcb + 0x0a), ==, 0);
    g_assert_cmphex(rd16(rom, dcb + 0x12), ==, 0);
    g_assert_cmphex(rd16(rom, dcb + 0x14), ==, 0);
    g_assert_cmpuint(rom[dcb + 3], >=, 8);

    for (unsigned n = 0; n < rom[dcb + 2]; n++) {
        ent = dcb + rom[dcb + 1] + n * rom[dcb + 3];
        if ((rom[ent] & 0x0f) == 0x0e) {
            break;
        }
        conn = rd32(rom, ent);
        conf = rd32(rom, ent + 4);
        outputs++;
    }
    g_assert_cmpuint(outputs, ==, 1);
    g_assert_cmphex(conn & 0x0f, ==, 0);              /* analog */
    g_assert_cmphex((conn >> 4) & 0x0f, ==, 0);       /* I2C index */
    g_assert_cmphex((conn >> 8) & 0x0f, ==, 1);       /* head A */
    g_assert_cmphex((conn >> 20) & 0x03, ==, 0);      /* on chip */
    g_assert_cmphex((conn >> 24) & 0x0f, ==, 1);      /* DAC A */
    g_assert_cmpuint((conf & 0xff) * 10000, ==, 400000);

    i2c = rd16(rom, dcb + 4);
    g_assert_cmpuint(i2c, !=, 0);
    g_assert_cmphex(rom[i2c], ==, 0x30);
    g_assert_cmpuint(rom[i2c + 1], >=, 5);
    g_assert_cmpuint(rom[i2c + 2], >=, 1);            /* entry 0 exists */
    g_assert_cmpuint(rom[i2c + 3], >=, 4);
    g_assert_cmphex(rom[i2c + 4], ==, 0x00);
    ent = i2c + rom[i2c + 1];
    g_assert_cmphex(rom[ent + 0], ==, 0x3f);
    g_assert_cmphex(rom[ent + 1], ==, 0x3e);
    g_assert_cmphex(rom[ent + 3], ==, 0x00);
}

/*
 * The image with fake_x86() as its x86 part, nv40.  Bytes 0-0x1ff are
 * the x86 part's except the size byte (0x80 for the whole image), the
 * checksum at 6, the PCIR pointer at 0x18 (0x40: our early PCIR, as in
 * the stub), the DCB pointer at 0x36 (0xc060: 60 c0), that PCIR at
 * 0x40-0x57 and the x86 part's PCIR's image length (+0x10: 0x0080,
 * 64 KiB); 0x200-0xbfff are 0, and the tables from 0xc000 are the stub
 * image's.
 *
 * The checksum, by hand.  The tables sum to 0x1a3c: BIT 0xc7d (header
 * ff b8 'B' 'I' 'T' 00 00 01 0c 06 06 sums to 0x2af, its checksum 0x51
 * makes it 0x300; entries 69 01 0f 00 20 c0 = 0x159, 49 01 0e 00 30 c0
 * = 0x148, 44 01 04 00 a0 c0 = 0x1a9, 4d 01 05 00 a4 c0 = 0x1b7, 4c 01
 * 02 00 aa c0 = 0x1b9, 54 01 02 00 ac c0 = 0x1c3), 'i' 0x45 (chip 0x40,
 * major 5), 'I' 0x100 (40 c0), script table 0x110 (50 c0), script 0x139
 * (7a, 00 02 00 00, 13 11 11 17, 71), DCB 0x48a (30 16 02 08, 90 c0, cb
 * bd dc 4e; 00 01 00 01 28 00 00 00; 0e), I2C 0xb7 (30 05 01 04 00; 3f
 * 3e), 'T' 0x170 (b0 c0), the TMDS table 0x30f (11, bf c0, bf c0) and
 * its stub script 0x71.
 * The x86 part as copied, without byte 6: 55 aa 80 = 0x17f, e9 fa =
 * 0x1e3, 0x80 at 0x18, "IBM" 0xd8, 60 c0 = 0x120, "PCIR" 0x12e, de 10
 * 40 00 = 0x12e, 0x18, 0x03, 0x80, 0x01, 0x80, cb, 255 * 0x11 = 0x10ef:
 * 0x1b0c.  Pointing 0x18 at 0x40 takes 0x40 off, and the early PCIR
 * adds "PCIR" 0x12e, de 10 40 00 = 0x12e, length 0x18, revision 0x03,
 * class 0x03, 0x80 units, last image 0x80: 0x37a.  0x1b0c - 0x40 +
 * 0x37a + 0x1a3c = 0x3882, so byte 6 is 0x100 - 0x82 = 0x7e.
 * (The stub image's is 0xa0: its header, 55 aa 80 cb, 0x40, 60 c0, its
 * PCIR "PCIR" de 10 40 00 18 03 03 80 80, sums to 0x724; 0x724 + 0x1a3c
 * = 0x2160, 0x100 - 0x60 = 0xa0.)
 */
static void test_x86_copy(void)
{
    /* PCIR, 10de:0040, length 0x18, rev 3, class 03 00 00, 0x80 units. */
    static const uint8_t early_pcir[0x18] = {
        'P', 'C', 'I', 'R', 0xde, 0x10, 0x40, 0x00,
        0x00, 0x00, 0x18, 0x00, 0x03, 0x00, 0x00, 0x03,
        0x80, 0x00, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00,
    };
    g_autofree uint8_t *x86 = fake_x86(0x0040);
    g_autofree uint8_t *rom = build(4 | WITH_X86);
    g_autofree uint8_t *stub = build(4);

    g_assert_cmpstr(models[4].model, ==, "nv40");
    g_assert_cmpmem(rom + 0x40, sizeof(early_pcir),
                    early_pcir, sizeof(early_pcir));
    for (size_t i = 0; i < FAKE_SIZE; i++) {
        if (i >= 0x40 && i < 0x40 + sizeof(early_pcir)) {
            continue;
        }
        switch (i) {
        case 0x02:
            g_assert_cmphex(rom[i], ==, 0x80);
            break;
        case 0x06:
            g_assert_cmphex(rom[i], ==, 0x7e);
            break;
        case 0x18:
            g_assert_cmphex(rom[i], ==, 0x40);
            break;
        case 0x36:
            g_assert_cmphex(rom[i], ==, 0x60);
            break;
        case 0x37:
            g_assert_cmphex(rom[i], ==, 0xc0);
            break;
        case FAKE_PCIR + 0x10:
            g_assert_cmphex(rom[i], ==, 0x80);
            break;
        default:
            g_assert_cmphex(rom[i], ==, x86[i]);
        }
    }
    for (size_t i = FAKE_SIZE; i < 0xc000; i++) {
        g_assert_cmphex(rom[i], ==, 0);
    }
    g_assert_cmpmem(rom + 0xc000, ROM_SIZE - 0xc000,
                    stub + 0xc000, ROM_SIZE - 0xc000);
    g_assert_cmphex(stub[6], ==, 0xa0);
}

/* Builds nv40 with @x86 (@size bytes) and expects it to be refused. */
static void refuse_x86(const uint8_t *x86, size_t size, const char *why)
{
    g_autofree uint8_t *rom = g_malloc(ROM_SIZE);
    g_autofree char *err = NULL;

    g_assert_cmpuint(nv_vbios_build_x86("nv40", x86, size, rom, ROM_SIZE,
                                        &err), ==, 0);
    g_assert_nonnull(err);
    g_test_message("%s: %s", why, err);
}

/*
 * x86 parts the generator must refuse: each breaks one of the rules of
 * vbios.h nv_vbios_build_x86().  One of exactly 0xc000 bytes (ending
 * right below the tables, size byte 0x60) is fine, one byte more is not.
 */
static void test_x86_refused(void)
{
    g_autofree uint8_t *big = g_malloc0(0xc001);
    g_autofree uint8_t *rom = g_malloc(ROM_SIZE);
    uint8_t *x;

    x = fake_x86(0x0040);
    x[1] = 0x55;
    refuse_x86(x, FAKE_SIZE, "no 55 aa");
    g_free(x);

    x = fake_x86(0x0040);
    memcpy(big, x, FAKE_SIZE);
    big[2] = 0x60;
    g_assert_cmpuint(nv_vbios_build_x86("nv40", big, 0xc000, rom, ROM_SIZE,
                                        NULL), ==, ROM_SIZE);
    g_assert_cmphex(rom[0xbfff], ==, 0x00);
    g_assert_cmphex(rom[0xc0c0], ==, 0xff);      /* the BIT header */
    refuse_x86(big, 0xc001, "0xc001 bytes");
    big[2] = 0x61;
    refuse_x86(big, 0xc000, "size byte 0x61 (0xc200 bytes)");
    g_free(x);

    x = fake_x86(0x0040);
    x[0x36] = 0x90;
    refuse_x86(x, FAKE_SIZE, "0x36 taken");
    g_free(x);

    /* The last byte of the early PCIR's slot, 0x40 + 0x18 - 1. */
    x = fake_x86(0x0040);
    x[0x57] = 0x90;
    refuse_x86(x, FAKE_SIZE, "0x57 taken");
    g_free(x);

    x = fake_x86(0x0040);
    x[3] = 0x90;
    refuse_x86(x, FAKE_SIZE, "no jmp at 3");
    g_free(x);

    x = fake_x86(0x0200);
    refuse_x86(x, FAKE_SIZE, "nv20's ids");
    g_free(x);

    x = fake_x86(0x0040);
    x[0x18] = 0;
    refuse_x86(x, FAKE_SIZE, "no PCIR pointer");
    g_free(x);

    x = fake_x86(0x0040);
    x[0x18] = 0x84;
    refuse_x86(x, FAKE_SIZE, "PCIR pointer to no PCIR");
    g_free(x);

    x = fake_x86(0x0040);
    memcpy(x + 0x1a0, "\xff\xb8" "BIT", 5);
    refuse_x86(x, FAKE_SIZE, "a BIT signature");
    g_free(x);

    /* NPDE after our PCIR: (0x40 + 0x18 + 15) & ~15 = 0x60. */
    x = fake_x86(0x0040);
    memcpy(x + 0x60, "NPDE", 4);
    refuse_x86(x, FAKE_SIZE, "an NPDE block");
    g_free(x);

    x = fake_x86(0x0040);
    g_assert_cmpuint(nv_vbios_build_x86("nv1", x, FAKE_SIZE, rom, ROM_SIZE,
                                        NULL), ==, 0);
    g_free(x);
}

/* nv1 (no nouveau support), unknown names and short buffers get nothing. */
static void test_refused(void)
{
    g_autofree uint8_t *rom = g_malloc(ROM_SIZE);

    g_assert_cmpuint(nv_vbios_build("nv1", rom, ROM_SIZE), ==, 0);
    g_assert_cmpuint(nv_vbios_build("nv99", rom, ROM_SIZE), ==, 0);
    g_assert_cmpuint(nv_vbios_build("nv40", rom, ROM_SIZE - 1), ==, 0);
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        GTestDataFunc fn;
    } tests[] = {
        { "header", test_header },
        { "pcir", test_pcir },
        { "bit-i", test_bit_i },
        { "bit-display", test_bit_display },
        { "bit-init", test_bit_init },
        { "dcb", test_dcb },
    };

    g_test_init(&argc, &argv, NULL);
    /* Each test on the stub image and on the one with fake_x86(). */
    for (int x86 = 0; x86 <= WITH_X86; x86 += WITH_X86) {
        for (size_t t = 0; t < G_N_ELEMENTS(tests); t++) {
            for (size_t i = 0; i < G_N_ELEMENTS(models); i++) {
                g_autofree char *path =
                    g_strdup_printf("/vbios/%s%s/%s", x86 ? "x86/" : "",
                                    tests[t].name, models[i].model);

                g_test_add_data_func(path, GINT_TO_POINTER(i | x86),
                                     tests[t].fn);
            }
        }
    }
    g_test_add_func("/vbios/x86/copy", test_x86_copy);
    g_test_add_func("/vbios/x86/refused", test_x86_refused);
    g_test_add_func("/vbios/refused", test_refused);
    return g_test_run();
}
