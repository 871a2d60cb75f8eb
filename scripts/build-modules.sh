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
make -C "$kdir" $KARGS $(kdir_kargs "$kdir") M="$NXP_TOP" MO="$mo" "$@" modules > "$log" 2>&1 ||
	{ cat "$log" >&2; die "module build for $BOARD failed"; }
if grep -qE "^(warning|error)|: warning:" "$log"; then
	cat "$log" >&2
	die "module build for $BOARD has warnings"
fi
echo "$mo"
