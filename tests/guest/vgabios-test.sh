#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Guest test of the VGA BIOS on the card itself: boot nv-gpu with its
# default VBIOS (build/roms/vgabios-MODEL.bin: SeaBIOS's VGA BIOS plus the
# NVIDIA tables) and no OS, and check that
#
#   text    SeaBIOS's VGA BIOS starts, finds the Bochs DISPI interface and
#           the linear framebuffer in BAR1, and the system BIOS's banner
#           is in text mode on the screen (VGA memory at 0xb8000, through
#           the card's legacy window, and a screendump drawn by QEMU's VGA
#           core showing text in the top rows only);
#   splash  the system BIOS's boot splash (a 640x480 24-bit BMP given with
#           -boot splash=), drawn through VBE 4f00/4f01/4f02 into the
#           linear framebuffer, is what a screendump shows.
#
# The SeaBIOS debug output (port 0x402) is checked too.  TAP.
# Usage: tests/guest/vgabios-test.sh [MODEL...]   (default nv20 nv40 nv44;
# logs, text dumps and screens in build/guest/vgabios-test/)
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

models=("$@")
((${#models[@]})) || models=(nv20 nv40 nv44)
out=$NV_TOP/build/guest/vgabios-test
rm -rf "$out"
mkdir -p "$out"
[ -x "$NV_QEMU" ] || nv_die "$NV_QEMU missing (run scripts/build-qemu.sh)"

python3 - "$out" <<'EOF'
import struct, sys
out = sys.argv[1]
# The splash: 640x480, 24 bits, bottom-up rows of BGR; a left half red, a
# right half blue, so a wrong pitch or depth shows.
w, h = 640, 480
row = bytes([0, 0, 255]) * (w // 2) + bytes([255, 0, 0]) * (w // 2)
hdr = struct.pack('<2sIHHIIiiHHIIiiII', b'BM', 54 + w * h * 3, 0, 0, 54,
                  40, w, h, 1, 24, 0, w * h * 3, 2835, 2835, 0, 0)
open(out + '/splash.bmp', 'wb').write(hdr + row * h)
EOF

# boot MODEL KIND: KIND text checks the text screen once SeaBIOS has given
# up booting (it prints to the screen and port 0x402 alike); KIND splash
# checks the VBE boot splash.  Prints its findings as TAP comments.
boot() {
    local rom=$1 kind=$2 log=$out/debug-$1-$2.log sock=$out/qmp-$1-$2.sock
    local splash=() qpid rc=0
    rm -f "$log" "$sock"
    [ "$kind" = splash ] &&
        splash=(-boot "menu=on,splash=$out/splash.bmp,splash-time=60000")
    "$NV_QEMU" -accel tcg -m 128 -display none -vga none -nic none \
        -L /usr/share/seabios -L /usr/share/qemu \
        -device "nv-gpu,model=$rom" \
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
    print('# ' + tag + 'no "%s" in the debug output after %d s' % (text, limit))
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
    print('# ' + tag + 'text screen: ' + ' | '.join(l for l in screen if l))
    if not any(l.startswith('SeaBIOS (version') for l in screen):
        print('# ' + tag + 'no SeaBIOS banner on the text screen')
        ok = False
    # "-qemu-nv)": our build, not Debian's vgabios-stdvga.bin.
    # The VGA core's picture of it: text (light pixels) in the top rows,
    # where the banner is, and nothing below the line after the last one
    # (which has the cursor).
    ppm = out + '/text-' + rom + '.ppm'
    qmp('screendump', filename=ppm)
    data = open(ppm, 'rb').read()
    parts = data.split(b'\n', 3)
    w, h = map(int, parts[1].split())
    pix = parts[3]
    lit = [sum(1 for x in range(w) if pix[(y * w + x) * 3] > 0x80)
           for y in range(h)]
    rows = max(i for i, l in enumerate(screen) if l) + 2
    print('# ' + tag + 'screen %dx%d, %d lit pixels in the first text row, %d '
          'below text row %d' % (w, h, sum(lit[:16]), sum(lit[rows * 16:]),
                                 rows))
    if (w, h) != (720, 400) or sum(lit[:16]) < 100 or sum(lit[rows * 16:]):
        print('# ' + tag + 'the screendump does not show the text screen')
        ok = False
    # "-qemu-nv)": our build; "bar 1": the framebuffer is NV's BAR1.
    for want in ('Start SeaVGABIOS', '-qemu-nv)', 'VBE DISPI: bdf',
                 'bar 1', 'VBE DISPI: lfb_addr',
                 'Turning on vga text mode console'):
        if want not in logtext():
            print('# ' + tag + 'debug output lacks "%s"' % want)
            ok = False
    for line in logtext().splitlines():
        if 'SeaVGABIOS' in line or 'VBE DISPI' in line:
            print('# ' + tag + 'log: ' + line)
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
    print('# ' + tag + 'screen %dx%d, (100,100)=%s (540,380)=%s' %
          (w, h, px(100, 100), px(540, 380)))
    if (w, h) != (640, 480) or px(100, 100) != (255, 0, 0) or \
            px(540, 380) != (0, 0, 255):
        print('# ' + tag + 'the VBE splash is not on the screen')
        ok = False
qmp('quit')
sys.exit(0 if ok else 1)
PY
    if ((rc)); then
        kill "$qpid" 2>/dev/null || true
    fi
    wait "$qpid" || true
    return "$rc"
}

echo "1..$((${#models[@]} * 2))"
n=0
for model in "${models[@]}"; do
    for kind in text splash; do
        n=$((n + 1))
        t0=$EPOCHREALTIME
        if boot "$model" "$kind" >"$out/report-$model-$kind.txt" 2>&1; then
            res=ok
        else
            res='not ok'
        fi
        t1=$EPOCHREALTIME
        ms=$(( (10#${t1//[.,]/} - 10#${t0//[.,]/}) / 1000 ))
        echo "$res $n - guest/vgabios/$model/$kind ($((ms / 1000)).$((ms % 1000 / 100))s)"
        cat "$out/report-$model-$kind.txt"
    done
done
