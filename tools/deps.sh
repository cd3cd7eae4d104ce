#!/bin/sh
# SPDX-License-Identifier: MIT
# deps.sh - checks the system packages a make target needs and installs the
# missing ones (apt-get as root; otherwise prints the sudo line and fails).
#   tools/deps.sh build|game|test
set -eu
group=${1:-build}

missing=""
optional="" # wanted but not needed: without them a test skips
need_pc() { # pkg-config module, Debian package
    if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists "$1"; then
        missing="$missing $2"
    fi
}

# a program the build runs, Debian package
need_tool() {
    command -v "$1" >/dev/null 2>&1 || missing="$missing $2"
}

# gcc -m32 for tests/test_determinism32.sh (the 32-bit x87 build), x86-64 only
want_m32() {
    [ "$(uname -m)" = x86_64 ] || return 0
    printf 'int main(void) { return 0; }\n' >"${TMPDIR:-/tmp}/deps-m32-$$.c"
    if ! gcc -m32 -o /dev/null "${TMPDIR:-/tmp}/deps-m32-$$.c" >/dev/null 2>&1; then
        optional="$optional gcc-multilib"
    fi
    rm -f "${TMPDIR:-/tmp}/deps-m32-$$.c"
}

# a program a test uses when it is there (the test skips without it)
want_tool() { # command, Debian package
    command -v "$1" >/dev/null 2>&1 || optional="$optional $2"
}

command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
case "$group" in
build)
    need_pc libpng libpng-dev # isopath render's PNG files
    need_tool msgfmt gettext  # the translations' catalogues (po/*.po), make pot and make po
    ;;
game)
    need_pc sdl2 libsdl2-dev
    need_pc SDL2_image libsdl2-image-dev
    need_pc SDL2_ttf libsdl2-ttf-dev
    ;;
test)
    want_tool desktop-file-validate desktop-file-utils
    want_tool appstreamcli appstream
    want_tool groff groff-base
    want_tool python3 python3 # parses isopath --json (tests/test_isopath_json.sh)
    want_tool tesseract tesseract-ocr # reads the help's pages (tests/test_help.sh)
    # ... and the German screens' (tests/test_i18n.sh)
    [ -f /usr/share/tesseract-ocr/5/tessdata/deu.traineddata ] || [ -f /usr/share/tesseract-ocr/4.00/tessdata/deu.traineddata ] ||
        optional="$optional tesseract-ocr-deu"
    need_tool msgfmt gettext
    # the packager's tools: the distribution's LTO flags (test_example,
    # test_package), the .deb and its check, the window's class under a
    # virtual display (test_dist), the system's fonts (test_package)
    want_tool dpkg-buildflags dpkg-dev
    want_tool lintian lintian
    want_tool xvfb-run xvfb
    want_tool xprop x11-utils
    want_tool xauth xauth # xvfb-run needs it
    [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || optional="$optional fonts-dejavu-core"
    need_pc cmocka libcmocka-dev
    need_pc libpng libpng-dev
    need_pc sdl2 libsdl2-dev
    need_pc SDL2_image libsdl2-image-dev
    need_pc SDL2_ttf libsdl2-ttf-dev
    want_m32
    ;;
*) echo "deps.sh: unknown group '$group' (build, game, test)" >&2; exit 2 ;;
esac

[ -z "$missing$optional" ] && exit 0
if [ -z "$missing" ] && { [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; }; then
    echo "note: without$optional a test is skipped (install it for the full run)" >&2
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "isodroid needs these packages (Debian names):$missing" >&2
    echo "install their equivalents for your system; README.md lists them." >&2
    exit 1
fi
if [ "$(id -u)" != 0 ]; then
    echo "isodroid needs packages that are not installed. Run:" >&2
    echo "    sudo apt-get install -y$missing$optional" >&2
    echo "then run make again." >&2
    exit 1
fi
# make -j runs the groups side by side: one apt-get at a time (the
# package manager's own lock refuses a second one instead of waiting)
if command -v flock >/dev/null 2>&1; then
    exec 9>"${TMPDIR:-/tmp}/isodroid-deps.lock"
    flock 9
fi
echo "installing:$missing$optional" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2 || true
# shellcheck disable=SC2086
[ -z "$missing" ] || apt-get install -y -qq --no-install-recommends $missing >&2
# shellcheck disable=SC2086
[ -z "$optional" ] || apt-get install -y -qq --no-install-recommends $optional >&2 ||
    echo "note:$optional not installed; a test will be skipped" >&2
