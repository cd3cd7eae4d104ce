#!/bin/sh
# SPDX-License-Identifier: MIT
# deps.sh - what 'make fuzz' needs: clang with libFuzzer (-fsanitize=fuzzer).
# Installs clang with apt-get when it is missing (as root; otherwise prints
# the sudo line and fails), the way tools/deps.sh does for the build.
#   tests/fuzz/deps.sh [CC]
set -eu
cc=${1:-clang}

fuzzer_works() {
    command -v "$cc" >/dev/null 2>&1 || return 1
    dir=$(mktemp -d)
    printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' >"$dir/t.c"
    "$cc" -fsanitize=fuzzer,address,undefined -o "$dir/t" "$dir/t.c" >/dev/null 2>&1
    rc=$?
    rm -rf "$dir"
    return $rc
}

fuzzer_works && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
    echo "make fuzz needs clang with libFuzzer ($cc -fsanitize=fuzzer); install clang for your system." >&2
    exit 1
fi
if [ "$(id -u)" != 0 ]; then
    echo "make fuzz needs clang with libFuzzer. Run:" >&2
    echo "    sudo apt-get install -y clang" >&2
    echo "then run make fuzz again." >&2
    exit 1
fi
echo "installing: clang" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2 || true
apt-get install -y -qq --no-install-recommends clang >&2
fuzzer_works || { echo "clang is installed but cannot link -fsanitize=fuzzer" >&2; exit 1; }
