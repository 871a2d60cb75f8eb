#!/bin/sh
# build-kernel.sh <board>
#
# Builds (or finds in the cache) the Rust-enabled test kernel of a board from
# Debian's Linux 7.3 source: allnoconfig + kernel/configs/{common,selftests,<KCONF>}.config
# (+ debug.config and the board's DEBUG_CONFIGS with NXP_DEBUG=1, built with
# LLVM where the board says DEBUG_LLVM). Prints the O= build directory, which is also
# the KDIR for the out-of-tree modules. Cached, keyed by kernel version, config
# fragments, patches, this script and the toolchain versions.
set -eu
. "$(dirname "$0")/env.sh"
board_vars "${1:?usage: build-kernel.sh <board>}"
JOBS=${JOBS:-$(nproc)}
variant=$KCONF
frags="$NXP_TOP/kernel/configs/common.config $NXP_TOP/kernel/configs/selftests.config $NXP_TOP/kernel/configs/$KCONF.config"
if [ "${NXP_DEBUG:-0}" = 1 ]; then
	variant=$KCONF-debug
	frags="$frags $NXP_TOP/kernel/configs/debug.config"
	for f in $DEBUG_CONFIGS; do
		frags="$frags $NXP_TOP/kernel/configs/$f.config"
	done
fi

ksrc=$("$NXP_TOP/scripts/kernel-source.sh")
key=$({
	echo "$KERNEL_VER $variant $KTARGETS"
	cat $frags "$NXP_TOP"/kernel/patches/*.patch "$0" "$NXP_TOP/kernel/bindgen-e500"
	# The make arguments (LLVM= for a Clang build), without the checkout's
	# own path: BINDGEN names a file of it, whose content is in the key.
	echo "$KARGS" | sed "s#$NXP_TOP/##g"
	# Everything Kconfig records about the toolchain (CONFIG_*_VERSION): a
	# tool that changes after the build (pahole installed later, say) would
	# make every module build against the cached tree warn.
	rustc -vV; bindgen --version; ${CROSS}gcc --version | head -1; ${CROSS}ld --version | head -1
	case " $KARGS " in *" LLVM="*) clang$NXP_LLVM --version | head -1; ld.lld$NXP_LLVM --version ;; esac
	pahole --version 2> /dev/null || echo "no pahole"; echo "${RUST_LIB_SRC:-}"
} | sha256sum | cut -c1-12)
kdir=$NXP_CACHE/kbuild/$variant-$key
if [ -f "$kdir/.nxp-built" ]; then echo "$kdir"; exit 0; fi

mkdir -p "$kdir"
log=$kdir/build.log
step "building $variant kernel in $kdir (log: $log)" >&2
cat $frags > "$kdir/allconfig.frag"
make -s -C "$ksrc" $KARGS O="$kdir" rustavailable > "$log" 2>&1 ||
	{ cat "$log" >&2; die "the Rust toolchain is not usable for this kernel"; }
make -s -C "$ksrc" $KARGS O="$kdir" KCONFIG_ALLCONFIG="$kdir/allconfig.frag" allnoconfig >> "$log" 2>&1 ||
	{ tail -30 "$log" >&2; die "kernel configuration failed"; }

# Every option a fragment asks for must have survived Kconfig's dependency rules.
missing=$(grep -hE '^CONFIG_[A-Z0-9_]+=' $frags | while IFS= read -r l; do
	grep -qxF "$l" "$kdir/.config" || echo "$l"
done)
if [ -n "$missing" ]; then
	echo "config options not applied for $variant:" >&2
	echo "$missing" | sed 's/^/  /' >&2
	die "fix kernel/configs (an option's dependency is missing)"
fi

start=$(date +%s)
make -C "$ksrc" $KARGS O="$kdir" -j"$JOBS" $KTARGETS >> "$log" 2>&1 ||
	{ tail -40 "$log" >&2; die "kernel build failed (see $log)"; }
echo "built $variant in $(( $(date +%s) - start )) s" >> "$log"
touch "$kdir/.nxp-built"
echo "$kdir"
