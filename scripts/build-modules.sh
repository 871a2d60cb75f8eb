#!/bin/sh
# build-modules.sh <board> [extra kbuild args...]
#
# Builds gianfar_rs (and fec_rs on ARM) against the board's project kernel.
# Prints the directory holding the .ko files. Warnings fail the build, since
# the drivers are kept warning- and clippy-clean.
set -eu
. "$(dirname "$0")/env.sh"
board_vars "${1:?usage: build-modules.sh <board>}"
shift
# The kernel's build directory: NXP_KDIR where the caller has it (for this
# board and NXP_DEBUG), or asked of build-kernel.sh.
kdir=${NXP_KDIR:-$("$NXP_TOP/scripts/build-kernel.sh" "$BOARD")}
sfx=
[ "${NXP_DEBUG:-0}" = 1 ] && sfx=-debug
mo=$NXP_OUT/$BOARD$sfx/modules
mkdir -p "$mo"
log=$mo/build.log
# The C/Rust boundary checked at build time (scripts/ffi-gen.py).
ffi_gen "$kdir" "$mo/ffi_generated.rs" "$mo/ffi-gen.log" ||
	{ cat "$mo/ffi-gen.log" >&2; die "the shim's headers did not go through bindgen ($BOARD)"; }
make -C "$kdir" $KARGS $(kdir_kargs "$kdir") M="$NXP_TOP" MO="$mo" NXP_FFI_GEN="$mo/ffi_generated.rs" "$@" modules > "$log" 2>&1 ||
	{ cat "$log" >&2; die "module build for $BOARD failed"; }
if grep -qE "^(warning|error)|: warning:" "$log"; then
	cat "$log" >&2
	die "module build for $BOARD has warnings"
fi
echo "$mo"
