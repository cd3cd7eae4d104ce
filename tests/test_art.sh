#!/bin/sh
# SPDX-License-Identifier: MIT
# test_art.sh - the sprites: tools/make_art.c redraws assets/ byte for byte,
# every image has the size assets.h gives it and keeps clear frame margins,
# the droid's and the sentry's eight facings all look different, doors open,
# the exit lights up and the pickup burst fades. Prints TAP.
. "$(dirname "$0")/tap.sh"

# the same command as 'make art'
mkdir "$tmp/out"
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Werror -O2 \
    -o "$tmp/make_art" tools/make_art.c tools/art_canvas.c tools/art_tiles.c $(pkg-config --cflags --libs sdl2 SDL2_image SDL2_ttf) -lm 2>"$tmp/err" &&
    "$tmp/make_art" "$tmp/out" 2>>"$tmp/err"
rc=$?
check "make_art builds without warnings and draws" '[ $rc -eq 0 ] && [ ! -s "$tmp/err" ]'

same_as_assets() {
    [ -n "$(ls "$tmp/out")" ] || return 1
    for f in "$tmp"/out/*; do
        cmp -s "$f" "assets/${f##*/}" || { echo "# assets/${f##*/} differs from what make_art draws"; return 1; }
    done
}
check "make art reproduces the committed PNGs byte for byte" same_as_assets
check "every PNG in assets/ is one make_art draws" \
    '[ "$(ls assets/*.png | wc -l)" -eq "$(ls "$tmp"/out/*.png | wc -l)" ]'

# Looks at the committed images: one line per check, "1 name" or "0 name".
python3 - assets src/platform/assets.h >"$tmp/checks" <<'PY'
import re, struct, sys, zlib

assets, header = sys.argv[1], sys.argv[2]
C = {k: int(v) for k, v in re.findall(r'\b([A-Z][A-Z0-9_]+) = (\d+)', open(header).read())}

def read_png(name):
    d = open(f'{assets}/{name}', 'rb').read()
    assert d[:8] == b'\x89PNG\r\n\x1a\n'
    i, idat = 8, b''
    while i < len(d):
        n, t = struct.unpack('>I4s', d[i:i + 8])
        body = d[i + 8:i + 8 + n]
        if t == b'IHDR':
            w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
            assert depth == 8 and ctype in (2, 6)
            bpp = 4 if ctype == 6 else 3
        elif t == b'IDAT':
            idat += body
        i += 12 + n
    raw, stride = zlib.decompress(idat), w * bpp
    rows, prev, p = [], bytearray(stride), 0
    for y in range(h):
        f, line = raw[p], bytearray(raw[p + 1:p + 1 + stride])
        p += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x:x + bpp]) + ((255,) if bpp == 3 else ()) for x in range(0, stride, bpp)])
        prev = line
    return w, h, rows

def frame(img, col, row, fw, fh):
    return [img[2][row * fh + y][col * fw:(col + 1) * fw] for y in range(fh)]

def pixels(fr):
    return [p for line in fr for p in line]

def diff(a, b):
    """mean difference of two frames, premultiplied colour and alpha, 0..1"""
    s = 0.0
    for p, q in zip(pixels(a), pixels(b)):
        s += sum(abs(p[k] * p[3] - q[k] * q[3]) for k in range(3)) / (3 * 255 * 255) + abs(p[3] - q[3]) / 255
    return s / (len(a) * len(a[0]))

def opaque(fr):
    return sum(p[3] > 128 for p in pixels(fr))

def light(fr):
    return sum((p[0] + p[1] + p[2]) * p[3] for p in pixels(fr)) / (3 * 255 * 255)

def red_eye(fr):
    return sum(p[3] > 128 and p[0] > 220 and p[1] < 120 and p[2] < 100 for p in pixels(fr))

def out(ok, name):
    print(1 if ok else 0, name)

# name: frame w, frame h, columns, rows
sheets = {
    'floor.png': (64, 40, 1, 1), 'rough.png': (64, 40, 1, 1), 'door.png': (64, 40, 1, 1),
    'water.png': (64, 40, 1, 1), 'exit.png': (64, 40, 1, 1), 'wall.png': (64, 72, 1, 1),
    'cell.png': (C['CELL_W'], C['CELL_H'], 1, 1),
    'droid.png': (C['DROID_FRAME_W'], C['DROID_FRAME_H'], 1 + C['DROID_WALK_FRAMES'], 8),
    'sentry.png': (C['SENTRY_FRAME_W'], C['SENTRY_FRAME_H'], 1 + C['SENTRY_WALK_FRAMES'], 8),
    'door_frames.png': (C['DOOR_FRAME_W'], C['DOOR_FRAME_H'], C['DOOR_FRAMES'], C['DOOR_ROWS']),
    'exit_locked.png': (C['EXIT_FRAME_W'], C['EXIT_FRAME_H'], 1, 1),
    'exit_open.png': (C['EXIT_FRAME_W'], C['EXIT_FRAME_H'], C['EXIT_FRAMES'], 1),
    'sparkle.png': (C['SPARKLE_FRAME_W'], C['SPARKLE_FRAME_H'], C['SPARKLE_FRAMES'], 1),
    'alert.png': (C['ALERT_W'], C['ALERT_H'], 1, 1),
}
img = {name: read_png(name) for name in sheets}
bad = [n for n, (fw, fh, cols, rows) in sheets.items() if img[n][:2] != (fw * cols, fh * rows)]
out(not bad, 'every image has the size assets.h gives it ' + ' '.join(bad))

# the application icon at the hicolor sizes: square, opaque in the middle,
# the droid's red eye seen at every size from 32 up
icons = {n: read_png(f'icon-{n}.png') for n in (16, 32, 64, 128, 256)}
out(all(icons[n][:2] == (n, n) for n in icons), 'the icon is drawn at 16, 32, 64, 128 and 256 pixels, square')
out(all(icons[n][2][n // 2][n // 2][3] == 255 for n in icons), 'the icon is opaque in its middle')
out(all(red_eye(icons[n][2]) > 0 for n in (32, 64, 128, 256)), "the icon shows the droid's red eye")

# frames of sheets keep a transparent border, so scaled frames do not bleed
def margin_clear(name):
    fw, fh, cols, rows = sheets[name]
    for r in range(rows):
        for c in range(cols):
            fr = frame(img[name], c, r, fw, fh)
            edge = fr[0] + fr[-1] + [line[0] for line in fr] + [line[-1] for line in fr]
            if any(p[3] for p in edge) or not opaque(fr) and name != 'sparkle.png':
                return False
    return True
framed = ['droid.png', 'sentry.png', 'door_frames.png', 'exit_locked.png', 'exit_open.png', 'sparkle.png', 'alert.png']
bad = [n for n in framed if not margin_clear(n)]
out(not bad, 'every frame has content and a clear 1-pixel margin ' + ' '.join(bad))

for name in ['droid.png', 'sentry.png']:
    fw, fh = sheets[name][:2]
    idle = [frame(img[name], 0, d, fw, fh) for d in range(8)]
    near = min(diff(idle[d], idle[(d + 1) % 8]) for d in range(8))
    far = min(diff(idle[a], idle[b]) for a in range(8) for b in range(a + 1, 8))
    out(near > 0.06, f'{name}: each facing differs from the next ({near:.3f} > 0.06)')
    out(far > 0.025, f'{name}: any two facings differ ({far:.3f} > 0.025)')
    walk = min(diff(frame(img[name], f, d, fw, fh), frame(img[name], f % 4 + 1, d, fw, fh))
               for d in range(8) for f in range(1, 5))
    out(walk > 0.002, f'{name}: the walk frames move ({walk:.4f} > 0.002)')

fw, fh = sheets['droid.png'][:2]
eyes = [red_eye(frame(img['droid.png'], 0, d, fw, fh)) for d in range(8)]
out(min(eyes[0:4]) > 3 and eyes[5] == 0, f'droid: the red eye shows facing E SE S SW, not NW ({eyes})')
sentry = [diff(frame(img['droid.png'], 0, d, fw, fh), frame(img['sentry.png'], 0, d, fw, fh)) for d in range(8)]
out(min(sentry) > 0.08, f'sentry and droid differ in every facing ({min(sentry):.3f} > 0.08)')

fw, fh, cols, rows = sheets['door_frames.png']
for row, what in [(C['DOOR_ROW_ALONG_X'], 'along x'), (C['DOOR_ROW_ALONG_Y'], 'along y')]:
    fr = [frame(img['door_frames.png'], c, row, fw, fh) for c in range(cols)]
    cover = [opaque(f) for f in fr]
    # the middle of the doorway, between lintel and sill: filled when shut, clear when open
    ay = C['DOOR_ANCHOR_Y']
    gap = [opaque([line[fw // 2 - 4:fw // 2 + 4] for line in f[ay - 16:ay + 8]]) / (8 * 24) for f in fr]
    step = min(diff(a, b) for a, b in zip(fr, fr[1:]))
    out(gap[0] > 0.9 and gap[-1] < 0.05 and cover[0] > 1.15 * cover[-1] and step > 0.004,
        f'door {what}: shut fills the doorway, open clears it, every frame moves (gap {gap[0]:.2f} -> {gap[-1]:.2f})')
    front = [frame(img['door_frames.png'], c, C['DOOR_ROW_FRONT'] + row, fw, fh) for c in range(cols)]
    inside = all(p[3] <= 128 or q[3] > 128 for f, g in zip(front, fr) for p, q in zip(pixels(f), pixels(g)))
    out(inside and 0 < opaque(front[0]) < 0.8 * cover[-1], f'door {what}: the front layer is part of the open door')

fw, fh, cols, _ = sheets['exit_open.png']
loop = [frame(img['exit_open.png'], c, 0, fw, fh) for c in range(cols)]
step = min(diff(loop[c], loop[(c + 1) % cols]) for c in range(cols))
out(step > 0.003, f'exit: every open frame differs from the next ({step:.4f} > 0.003)')
locked = light(frame(img['exit_locked.png'], 0, 0, fw, fh))
out(min(light(f) for f in loop) > 2.5 * locked, 'exit: open is far brighter than locked')

fw, fh, cols, _ = sheets['sparkle.png']
burst = [light(frame(img['sparkle.png'], c, 0, fw, fh)) for c in range(cols)]
peak = burst.index(max(burst))
out(peak <= 1 and all(a > b for a, b in zip(burst[peak:], burst[peak + 1:])) and 0 < burst[-1] < 0.25 * burst[peak],
    'sparkle: the burst flares at once, then fades frame by frame')

alert = pixels(img['alert.png'][2])
reds = sum(p[3] > 200 and p[0] > 180 and p[1] < 80 for p in alert)
yellows = sum(p[3] > 200 and p[0] > 220 and p[1] > 170 and p[2] < 160 for p in alert)
out(reds > 20 and yellows > 20, f'alert: red and yellow ({reds} red, {yellows} yellow pixels)')
PY
rc=$?
check "the image checks ran" '[ $rc -eq 0 ] && [ -s "$tmp/checks" ]'
while read -r ok name; do
    check "$name" '[ "$ok" = 1 ]'
done <"$tmp/checks"

tap_end
