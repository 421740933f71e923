#!/usr/bin/env bash
# Makes sure what the MPI tests need is installed: an MPI implementation
# (mpicc and mpiexec; MPICH preferred) and libclang, which rsmpi's build
# script loads to generate its bindings with bindgen.
#
# Quiet and does nothing when all is present. Otherwise, as root with
# apt-get (a Debian machine, as CI is), installs the minimal set of Debian
# packages; anywhere else, exits non-zero saying what to install.
set -euo pipefail
. "$(dirname "$0")/apt.sh"

have_mpi() {
    command -v mpicc >/dev/null 2>&1 && command -v mpiexec >/dev/null 2>&1
}

# clang-sys (bindgen's loader) looks in LIBCLANG_PATH, the linker's cache
# and the usual LLVM folders, and accepts versioned names (libclang.so.1,
# libclang-14.so.1).
have_libclang() {
    if [ -n "${LIBCLANG_PATH:-}" ] && compgen -G "${LIBCLANG_PATH}/libclang*.so*" >/dev/null; then
        return 0
    fi
    if command -v ldconfig >/dev/null 2>&1 && ldconfig -p 2>/dev/null | grep -q 'libclang\(-[0-9.]*\)\?\.so'; then
        return 0
    fi
    compgen -G "/usr/lib/llvm-*/lib/libclang*.so*" >/dev/null \
        || compgen -G "/usr/lib/*/libclang*.so*" >/dev/null \
        || compgen -G "/usr/lib64/libclang*.so*" >/dev/null
}

missing=()
have_mpi || missing+=("MPI (mpicc and mpiexec)")
have_libclang || missing+=("libclang")
[ ${#missing[@]} -eq 0 ] && exit 0

# Debian's packages: mpich brings mpiexec (hydra), libmpich-dev mpicc and
# the headers, libclang1 the shared libclang that bindgen loads at run time
# (the -dev package and clang itself are not needed).
packages=()
have_mpi || packages+=(mpich libmpich-dev)
have_libclang || packages+=(libclang1)

if can_apt; then
    echo "ensure-mpi: installing ${packages[*]} (missing: ${missing[*]})" >&2
    apt_install ensure-mpi "${packages[@]}" || exit 1
    if ! have_mpi || ! have_libclang; then
        echo "error: ensure-mpi: installed ${packages[*]} but still missing: MPI or libclang" >&2
        exit 1
    fi
    exit 0
fi

cat >&2 <<EOF
error: the MPI tests need what is not installed here: ${missing[*]}.
Install an MPI implementation with its compiler wrapper and mpiexec, and
libclang (for rsmpi's bindgen). On Debian or Ubuntu, as root:
    apt-get update && apt-get install --no-install-recommends ${packages[*]}
(Open MPI works too: openmpi-bin libopenmpi-dev. Elsewhere: your system's
MPICH or Open MPI packages and libclang; or set LIBCLANG_PATH to the folder
holding libclang.so.)
EOF
exit 1
