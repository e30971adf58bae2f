#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Boot QEMU's own std VGA (-device VGA) with the x86 part of our video
# BIOS and check that SeaBIOS's VGA BIOS initialises, prints the system
# BIOS banner in text mode and sets a VBE linear framebuffer mode.  The
# nv-gpu device has no VGA ports yet, so the std VGA stands in; two ROMs
# are tried on it:
#
#   stdvga  the same patched SeaBIOS source built with the std VGA's ids
#           (scripts/build-vgabios.sh --test-std-vga);
#   nv40    build/roms/vgabios-nv40.bin, the finished 64 KiB image with
#           the NVIDIA tables, with only its PCIR ids changed to 1234:1111
#           (and the checksum byte fixed up): SeaBIOS matches the ROM to
#           the device by those ids, and the VGA BIOS code reads them from
#           its PCIR at run time.  Its framebuffer then comes from BAR0,
#           the std VGA's; the BAR1 path for vendor 0x10de is not run.
#
# For each, the system BIOS shows a boot splash (a 640x480 24-bit BMP given
# with -boot splash=), which it draws through VBE 4f00/4f01/4f02 into the
# linear framebuffer; the script saves the text screen (VGA memory at
# 0xb8000) before it and a screendump of the picture, and checks both and
# the SeaBIOS debug output (port 0x402).
#
# Usage: roms/check-vgabios-qemu.sh [OUTDIR]   (default /tmp/vgabios-check)
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

out=${1:-/tmp/vgabios-check}
mkdir -p "$out"
[ -x "$NV_QEMU" ] || nv_die "$NV_QEMU missing (run scripts/build-qemu.sh)"

# All eight SeaBIOS builds side by side, then the images from them.
"$NV_TOP/scripts/build-vgabios.sh" --test-std-vga "$NV_CACHE/vgabios"
"$NV_TOP/scripts/build-roms.sh"

python3 - "$NV_CACHE/vgabios/seavgabios-stdvga.bin" \
    "$NV_TOP/build/roms/vgabios-nv40.bin" "$out" <<'EOF'
import struct, sys
stdvga, nv40, out = sys.argv[1:]
open(out + '/rom-stdvga.bin', 'wb').write(open(stdvga, 'rb').read())
# nv40 with the std VGA's ids in its PCIR, checksum (byte 6) fixed up.
rom = bytearray(open(nv40, 'rb').read())
pcir = struct.unpack_from('<H', rom, 0x18)[0]
assert rom[pcir:pcir + 4] == b'PCIR'
struct.pack_into('<HH', rom, pcir + 4, 0x1234, 0x1111)
rom[6] = 0
rom[6] = -sum(rom) & 0xff
open(out + '/rom-nv40.bin', 'wb').write(rom)
# The splash: 640x480, 24 bits, bottom-up rows of BGR; a left half red, a
# right half blue, so a wrong pitch or depth shows.
w, h = 640, 480
row = bytes([0, 0, 255]) * (w // 2) + bytes([255, 0, 0]) * (w // 2)
hdr = struct.pack('<2sIHHIIiiHHIIiiII', b'BM', 54 + w * h * 3, 0, 0, 54,
                  40, w, h, 1, 24, 0, w * h * 3, 2835, 2835, 0, 0)
open(out + '/splash.bmp', 'wb').write(hdr + row * h)
EOF

# boot ROM KIND: KIND text checks the text screen once SeaBIOS has given up
# booting (it prints to the screen and port 0x402 alike); KIND splash
# checks the VBE boot splash.
boot() {
    local rom=$1 kind=$2 log=$out/debug-$1-$2.log sock=$out/qmp-$1-$2.sock
    local splash=() qpid rc=0
    rm -f "$log" "$sock"
    [ "$kind" = splash ] &&
        splash=(-boot "menu=on,splash=$out/splash.bmp,splash-time=60000")
    "$NV_QEMU" -accel tcg -m 128 -display none -vga none -nic none \
        -L /usr/share/seabios -L /usr/share/qemu \
        -device "VGA,romfile=$out/rom-$rom.bin" \
        -chardev "file,id=d,path=$log" \
        -device isa-debugcon,iobase=0x402,chardev=d \
        "${splash[@]}" -qmp "unix:$sock,server=on,wait=off" &
    qpid=$!
    python3 - "$sock" "$log" "$out" "$rom" "$kind" <<'PY' || rc=1
import json, os, socket, sys, time
sock, log, out, rom, kind = sys.argv[1:]
tag = rom + ' ' + kind + ': '

def logtext():
    return open(log, errors='replace').read() if os.path.exists(log) else ''

def wait_log(text, limit=60):
    end = time.time() + limit
    while time.time() < end:
        if text in logtext():
            return True
        time.sleep(0.1)
    print(tag + 'no "%s" in the debug output after %d s' % (text, limit))
    return False

for _ in range(100):
    if os.path.exists(sock):
        break
    time.sleep(0.1)
s = socket.socket(socket.AF_UNIX)
s.connect(sock)
f = s.makefile('rw')
f.readline()

def qmp(cmd, **args):
    f.write(json.dumps({'execute': cmd, 'arguments': args}) + '\n')
    f.flush()
    while True:
        r = json.loads(f.readline())
        if 'return' in r or 'error' in r:
            return r

qmp('qmp_capabilities')
ok = True
if kind == 'text':
    ok = wait_log('No bootable device')
    dump = out + '/text-' + rom + '.bin'
    qmp('pmemsave', val=0xb8000, size=80 * 25 * 2, filename=dump)
    text = open(dump, 'rb').read()[::2].decode('latin-1')
    screen = [text[i:i + 80].rstrip() for i in range(0, 2000, 80)]
    print(tag + 'text screen: ' + ' | '.join(l for l in screen if l))
    if not any(l.startswith('SeaBIOS (version') for l in screen):
        print(tag + 'no SeaBIOS banner on the text screen')
        ok = False
    # "-qemu-nv)": our build, not Debian's vgabios-stdvga.bin.
    for want in ('Start SeaVGABIOS', '-qemu-nv)', 'VBE DISPI: bdf',
                 'VBE DISPI: lfb_addr', 'Turning on vga text mode console'):
        if want not in logtext():
            print(tag + 'debug output lacks "%s"' % want)
            ok = False
    for line in logtext().splitlines():
        if 'SeaVGABIOS' in line or 'VBE DISPI' in line:
            print(tag + 'log: ' + line)
else:
    # Mode 0x112: 640x480, 24 bits, the one matching the splash.
    ok = wait_log('set VGA mode 112')
    time.sleep(3)               # the drawing, under TCG
    ppm = out + '/screen-' + rom + '.ppm'
    qmp('screendump', filename=ppm)
    data = open(ppm, 'rb').read()
    parts = data.split(b'\n', 3)
    w, h = map(int, parts[1].split())
    pix = parts[3]

    def px(x, y):
        return tuple(pix[(y * w + x) * 3:(y * w + x) * 3 + 3])
    print(tag + 'screen %dx%d, (100,100)=%s (540,380)=%s' %
          (w, h, px(100, 100), px(540, 380)))
    if (w, h) != (640, 480) or px(100, 100) != (255, 0, 0) or \
            px(540, 380) != (0, 0, 255):
        print(tag + 'the VBE splash is not on the screen')
        ok = False
qmp('quit')
print(tag + ('ok' if ok else 'FAILED'))
sys.exit(0 if ok else 1)
PY
    if ((rc)); then
        kill "$qpid" 2>/dev/null || true
    fi
    wait "$qpid" || true
    return "$rc"
}

fail=0
for rom in stdvga nv40; do
    for kind in text splash; do
        boot "$rom" "$kind" || fail=1
    done
done
((fail == 0)) || nv_die "VGA BIOS check failed (logs in $out)"
nv_log "VGA BIOS check passed (logs, text dumps and screens in $out)"
