#!/usr/bin/env bash
# Makes sure the kernel tests' compilers are installed: a host C++20
# compiler (g++), which compiles and runs the generated CUDA sources on the
# CPU against tests/kernels/cuda_host.h, and clang, whose CUDA front end
# compiles them for the device to PTX (tests/kernels/device.rs).
#
# Quiet and does nothing when both are present. Otherwise, as root with
# apt-get (a Debian machine, as CI is), installs Debian's packages; anywhere
# else, exits non-zero saying what to install.
set -euo pipefail
. "$(dirname "$0")/apt.sh"

have_cxx() {
    command -v c++ >/dev/null 2>&1 || command -v g++ >/dev/null 2>&1 || command -v clang++ >/dev/null 2>&1
}

# The names device.rs tries, after $PARAD_CUDA_CLANG.
have_clang() {
    local c
    for c in ${PARAD_CUDA_CLANG:-} clang++ clang++-19 clang++-18 clang++-17 clang++-16 clang++-15 clang++-14; do
        command -v "$c" >/dev/null 2>&1 && return 0
    done
    return 1
}

packages=()
have_cxx || packages+=(g++)
have_clang || packages+=(clang)
[ ${#packages[@]} -eq 0 ] && exit 0

if can_apt; then
    echo "ensure-kernel-compilers: installing ${packages[*]}" >&2
    apt_install ensure-kernel-compilers "${packages[@]}" || exit 1
    if ! have_cxx || ! have_clang; then
        echo "error: ensure-kernel-compilers: installed ${packages[*]} but a compiler is still missing" >&2
        exit 1
    fi
    exit 0
fi

cat >&2 <<EOT
error: the kernel tests need compilers that are not installed here: ${packages[*]}.
A C++20 compiler (g++ or clang++) runs the generated CUDA sources on the
host; clang (any version from 14, with its CUDA headers, as Debian's clang
package has them) compiles them for the device. On Debian or Ubuntu, as root:
    apt-get update && apt-get install --no-install-recommends ${packages[*]}
(or set PARAD_CUDA_CLANG to a clang++ with CUDA support).
EOT
exit 1
