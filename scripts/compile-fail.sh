#!/bin/sh
# compile-fail.sh <board> [<kernel build>]
#
# The wrapper layer's misuse tests: each tests/compile-fail/<case>.rs is
# what driver code must not be able to write (forge a calling context,
# unmap a DMA mapping twice, mix debugfs slots, use `unsafe` outside
# netdev/, ...). Each is added as a module of driver code (`#[deny(unsafe_code)]`,
# as the crate roots put it on every module but netdev) to a copy of
# gianfar_rs, built against the board's kernel, and must fail with the
# error its `// expect:` line names (a rustc error code, or the name of the
# lint). Prints one TAP line per case.
set -eu
. "$(dirname "$0")/env.sh"
board_vars "${1:?usage: compile-fail.sh <board> [<kernel build>]}"
kdir=${2:-${NXP_KDIR:-$("$NXP_TOP/scripts/build-kernel.sh" "$BOARD")}}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The module sources as `make dkms-src` copies them, without fec_rs: the
# case needs one crate, and gianfar_rs builds on every architecture.
make -s -C "$NXP_TOP" dkms-src DESTDIR="$work/pkg" > /dev/null
src=$(echo "$work"/pkg/usr/src/nxp-rfl-*)
sed -i '/^ifneq (\$(CONFIG_ARM)\$(CONFIG_ARM64),)/,/^endif/d' "$src/Kbuild"
cp "$src/gianfar_rs.rs" "$work/root.rs"
for case in "$NXP_TOP"/tests/compile-fail/*.rs; do
	name=$(basename "$case" .rs)
	expect=$(sed -n 's|^// expect: *||p' "$case" | head -1)
	what=$(sed -n 's|^// what: *||p' "$case" | head -1)
	cp "$case" "$src/compile_fail_case.rs"
	{ cat "$work/root.rs"; printf '\n#[deny(unsafe_code)]\n#[allow(dead_code)]\nmod compile_fail_case;\n'; } > "$src/gianfar_rs.rs"
	log=$work/$name.log
	if make -C "$kdir" $KARGS $(kdir_kargs "$kdir") M="$src" MO="$work/out" modules > "$log" 2>&1; then
		echo "not ok 0 compile-fail: $name builds, but must not ($what)"
		continue
	fi
	case $expect in
	E[0-9]*) pat="^error\\[$expect\\]" ;;
	*) pat="deny\\($expect\\)" ;;
	esac
	errors=$(grep -E '^error(\[E[0-9]+\])?:' "$log" | grep -v 'aborting due to' | sed 's/^error\(\[E[0-9]*\]\)\{0,1\}: //' | head -3 | tr '\n' ';')
	if grep -qE "$pat" "$log" && grep -q 'compile_fail_case.rs' "$log"; then
		echo "ok 0 compile-fail: $name refused ($expect: $what)"
	else
		echo "not ok 0 compile-fail: $name failed, but not with $expect ($what)"
		grep -E '^(error|warning)|-->' "$log" | head -12 | sed 's/^/#   /'
	fi
	echo "#   rustc: $errors"
done

# The build-time check of netdev/ffi/net.rs against the shim's headers
# (scripts/ffi-gen.py, on in every build of scripts/build-modules.sh) must
# refuse a declaration that differs from C: here `nxp_netdev_free()` taking
# a const pointer, which its callers would not notice.
cp "$work/root.rs" "$src/gianfar_rs.rs"
rm -f "$src/compile_fail_case.rs"
sed -i 's/fn nxp_netdev_free(dev: \*mut NetDevice)/fn nxp_netdev_free(dev: *const NetDevice)/' "$src/netdev/ffi/net.rs"
log=$work/ffi-drift.log
if ! grep -q 'fn nxp_netdev_free(dev: \*const NetDevice)' "$src/netdev/ffi/net.rs"; then
	echo "not ok 0 compile-fail: ffi_drift (the declaration to change is gone from netdev/ffi/net.rs)"
elif ! ffi_gen "$kdir" "$work/ffi_generated.rs" "$log"; then
	echo "not ok 0 compile-fail: ffi_drift (scripts/ffi-gen.py failed)"
	sed 's/^/#   /' "$log" | tail -5
elif make -C "$kdir" $KARGS $(kdir_kargs "$kdir") M="$src" MO="$work/out" NXP_FFI_GEN="$work/ffi_generated.rs" modules > "$log" 2>&1; then
	echo "not ok 0 compile-fail: ffi_drift builds, but must not (a declaration unlike the header's)"
elif grep -q '^error\[E0308\]' "$log" && grep -q 'ffi_generated.rs' "$log" && grep -q 'nxp_netdev_free' "$log"; then
	echo "ok 0 compile-fail: ffi_drift refused (E0308: a declaration unlike the header's)"
else
	echo "not ok 0 compile-fail: ffi_drift failed, but not in the boundary check"
	grep -E '^(error|warning)|-->' "$log" | head -12 | sed 's/^/#   /'
fi
