#!/bin/sh
# preflight.sh <kernel build tree>
#
# Checks, before any compiler runs, that the drivers can be built against
# a kernel build tree (its O= directory, /lib/modules/<version>/build for
# the running kernel): a Rust-enabled configuration with what the drivers
# link against, the Rust metadata an out-of-tree Rust module needs, and the
# very rustc the kernel was built with (the metadata loads only there).
# Every problem found is printed with what to install or change; exit
# status 1 if there is one. Used by the Makefile (every KDIR build and
# `make native`), dkms.conf, the Yocto recipe and the Buildroot package.
# RUSTC: the compiler to check (default: rustc on PATH).
set -u
kdir=${1:?usage: preflight.sh <kernel build tree>}
rustc=${RUSTC:-rustc}
bad=0
problem() {
	echo "preflight: $*" >&2
	bad=1
}

if [ ! -f "$kdir/.config" ]; then
	problem "$kdir is not a configured kernel build tree (no .config). Point KDIR at the" \
		"kernel's build directory (its O=; /lib/modules/\$(uname -r)/build for the running kernel;" \
		"Debian/Ubuntu: the linux-headers package of that kernel)."
	exit 1
fi
cfg() { grep -q "^$1=[ym]" "$kdir/.config"; }

# What the drivers need of the kernel.
missing=
for c in CONFIG_MODULES CONFIG_RUST CONFIG_NET CONFIG_ETHERNET CONFIG_PHYLIB CONFIG_OF CONFIG_OF_MDIO CONFIG_PAGE_POOL CONFIG_DIMLIB; do
	cfg "$c" || missing="$missing $c"
done
if [ -n "$missing" ]; then
	problem "the kernel lacks$missing. Rebuild it with them (CONFIG_RUST needs a Rust toolchain" \
		"the kernel accepts: make rustavailable; CONFIG_PAGE_POOL has no prompt: a driver that" \
		"uses it selects it, e.g. CONFIG_FEC, or CONFIG_VETH on any kernel; CONFIG_DIMLIB" \
		"neither: CONFIG_ETHTOOL_NETLINK, on by default, selects it);" \
		"packaging/buildroot/board/nxp-rfl/linux-rust.fragment has the set."
fi

# The Rust metadata of the kernel crate, which modules are compiled
# against. Distribution header packages often leave it out.
if cfg CONFIG_RUST; then
	for f in rust/libkernel.rmeta rust/libcore.rmeta rust/libmacros.so; do
		[ -e "$kdir/$f" ] && continue
		problem "$kdir/$f is missing: the tree has no Rust metadata for out-of-tree modules." \
			"Ubuntu: install linux-lib-rust-<kernel version> (e.g. linux-lib-rust-\$(uname -r));" \
			"Arch: linux-headers has it; Debian's headers do not: build the kernel yourself and keep" \
			"its build tree (or its headers with rust/ copied in)."
		break
	done
	want=$(sed -n 's/^CONFIG_RUSTC_VERSION_TEXT="\(.*\)"$/\1/p' "$kdir/.config")
	have=$("$rustc" --version 2> /dev/null) || have=
	if [ -z "$have" ]; then
		problem "no Rust compiler ($rustc) on PATH: install $want (rustup toolchain install" \
			"$(echo "$want" | cut -d' ' -f2)), or set RUSTC."
	elif [ -n "$want" ] && [ "$have" != "$want" ]; then
		problem "the kernel was built with '$want', this machine's compiler is '$have';" \
			"the kernel's Rust metadata loads only in the same compiler: install it (rustup" \
			"toolchain install $(echo "$want" | cut -d' ' -f2)) and put it first on PATH, or set RUSTC."
	fi
fi
[ -f "$kdir/Module.symvers" ] ||
	problem "$kdir/Module.symvers is missing: the kernel tree was configured but not built (make modules_prepare is not enough for Rust: build the kernel)."
[ $bad = 0 ] || exit 1
echo "preflight: $kdir can build the drivers ($(sed -n 's/^CONFIG_RUSTC_VERSION_TEXT="\(.*\)"$/\1/p' "$kdir/.config"))"
