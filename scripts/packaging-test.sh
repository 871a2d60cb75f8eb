#!/bin/sh
# packaging-test.sh: the ways a board user builds the drivers, run against
# the project's kernel trees (one per architecture; PKG_BOARDS: a board for
# each, default all three), printing TAP lines
# (scripts/test.sh counts them):
# - scripts/preflight.sh passes on each tree and refuses, with its reason, a
#   kernel without Rust, a tree without the Rust metadata and another rustc;
# - DKMS (dkms.conf): `make dkms-src`, `dkms add` and `dkms build` in a
#   private DKMS tree build the modules of that architecture (fec_rs on ARM
#   only);
# - Yocto (packaging/yocto/meta-nxp-rfl): the compile and install steps of
#   module.bbclass with the recipe's settings (KERNEL_SRC, O=, MODLIB,
#   DEPMOD=echo) install the modules to updates/ and leave Module.symvers
#   where the recipe says; the license checksum matches;
# - Buildroot (packaging/buildroot): the kernel-module infrastructure's
#   build and install commands after the package's preflight hook;
# - `make native` with another build tree and INSTALL_MOD_PATH: modules in
#   updates/, depmod's index names them.
# No bitbake or Buildroot build runs here (neither is on this machine).
set -u
. "$(dirname "$0")/env.sh"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
top=$NXP_TOP
version=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"$/\1/p' "$top/dkms.conf")
# t <description> <command...>: one TAP line, the output of a failure.
t() {
	td=$1
	shift
	if "$@" > "$W/out" 2>&1; then
		echo "ok 0 pkg: $td"
	else
		echo "not ok 0 pkg: $td"
		sed 's/^/#   /' "$W/out" | tail -25
	fi
}
# same_set <dir> <names...>: the .ko files in dir are exactly these.
same_set() {
	d=$1
	shift
	have=$(cd "$d" 2> /dev/null && ls *.ko 2> /dev/null | sed 's/\.ko$//' | sort | tr '\n' ' ')
	want=$(echo "$@" | tr ' ' '\n' | sort | tr '\n' ' ')
	echo "modules in $d: $have(expected: $want)"
	[ "$have" = "$want" ]
}
fails_with() { # <text> <command...>: the command fails and says text
	ft=$1
	shift
	if "$@" > "$W/fw" 2>&1; then
		echo "succeeded, expected a refusal"
		return 1
	fi
	cat "$W/fw"
	grep -q "$ft" "$W/fw"
}

ksrc=$("$top/scripts/kernel-source.sh")

boards=${PKG_BOARDS:-ppc-e500 arm-imx7 arm64-imx8mp}
# Refusals, on a copy of one tree's configuration.
b1=$(echo $boards | cut -d' ' -f1)
board_vars $b1
# (Kernels through build-kernel.sh's lock: one build at a time.)
kernel() { NXP_DEBUG=0 "$top/scripts/build-kernel.sh" "$1"; }
kdir=$(kernel $b1)
# The build lock: build-kernel.sh waits while another holder has it (here
# one that holds it for 3 s), even for a kernel already cached.
waits_for_lock() {
	rm -f "$W/held"
	flock "$NXP_CACHE/kbuild/.lock" sh -c "touch '$W/held'; sleep 3" &
	hp=$!
	n=0
	while [ ! -e "$W/held" ] && [ $n -lt 3000 ]; do sleep 0.2; n=$((n + 1)); done
	s=$(date +%s.%N)
	NXP_DEBUG=0 "$top/scripts/build-kernel.sh" $b1 > /dev/null
	w=$(awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
	wait $hp
	echo "build-kernel.sh returned after $w s"
	awk -v w="$w" 'BEGIN { exit !(w >= 1.5) }'
}
t "build-kernel.sh waits for the kernel build lock" waits_for_lock
fake=$W/fake
mkdir -p "$fake"
cp "$kdir/.config" "$kdir/Module.symvers" "$fake/"
t "preflight refuses a tree without the Rust metadata" fails_with "Rust metadata" "$top/scripts/preflight.sh" "$fake"
printf '#!/bin/sh\necho "rustc 1.78.0 (9b00956e5 2024-04-29)"\n' > "$W/rustc-other"
chmod +x "$W/rustc-other"
t "preflight refuses another rustc than the kernel's" fails_with "this machine's compiler is 'rustc 1.78.0" env RUSTC="$W/rustc-other" "$top/scripts/preflight.sh" "$kdir"
sed '/^CONFIG_RUST=/d' "$kdir/.config" > "$fake/.config"
t "preflight refuses a kernel without CONFIG_RUST" fails_with "lacks.*CONFIG_RUST" "$top/scripts/preflight.sh" "$fake"
t "preflight refuses a directory that is no build tree" fails_with "not a configured kernel build tree" "$top/scripts/preflight.sh" "$W"

yr=$top/packaging/yocto/meta-nxp-rfl/recipes-kernel/nxp-rfl/nxp-rfl_$version.bb
t "Yocto recipe for the dkms.conf version ($version)" test -f "$yr"
md5=$(sed -n 's/.*file:\/\/Kbuild;beginline=1;endline=1;md5=\([0-9a-f]*\)".*/\1/p' "$yr")
t "Yocto recipe's license checksum matches Kbuild" test "$(head -1 "$top/Kbuild" | md5sum | cut -d' ' -f1)" = "$md5"
brmk=$top/packaging/buildroot/package/nxp-rfl/nxp-rfl.mk
t "Buildroot package version is the dkms.conf version" grep -qx "NXP_RFL_VERSION = $version" "$brmk"

for b in $boards; do
	board_vars $b
	kdir=$(kernel $b)
	kver=$(cat "$kdir/include/config/kernel.release")
	mods=gianfar_rs dkarch=ppc
	case $ARCH in
	arm) mods="gianfar_rs fec_rs" dkarch=armv7l ;;
	arm64) mods="gianfar_rs fec_rs" dkarch=aarch64 ;;
	esac
	export ARCH CROSS_COMPILE=$CROSS

	t "$ARCH: preflight passes on the project's kernel" "$top/scripts/preflight.sh" "$kdir"

	# DKMS, in a tree of its own.
	D=$W/dkms-$ARCH
	mkdir -p "$D/var" "$D/inst"
	dk="dkms --dkmstree $D/var --sourcetree $D/usr/src --installtree $D/inst"
	dkms_build() {
		make -s -C "$top" dkms-src DESTDIR="$D" > /dev/null &&
			$dk add nxp-rfl/$version &&
			$dk build nxp-rfl/$version -k "$kver" -a $dkarch --kernelsourcedir "$kdir" ||
			{ cat "$D/var/nxp-rfl/$version/build/make.log" 2> /dev/null; return 1; }
		same_set "$D/var/nxp-rfl/$version/$kver/$dkarch/module" $mods
	}
	t "$ARCH: dkms build ($mods)" dkms_build

	# Yocto: module.bbclass's module_do_compile and module_do_install with
	# the recipe's EXTRA_OEMAKE (KERNEL_SRC from the class, OUT from the
	# recipe; MACHINE "qemu"), B = S (externalsrc, EXTERNALSRC_BUILD).
	S=$W/yocto-$ARCH/src
	Y=$W/yocto-$ARCH/image
	make -s -C "$top" dkms-src DESTDIR="$W/yocto-$ARCH" > /dev/null && mv "$W/yocto-$ARCH/usr/src/nxp-rfl-$version" "$S"
	oe="KERNEL_SRC=$ksrc OUT=$S/out-qemu"
	symvers=$(sed -n 's/^MODULES_MODULE_SYMVERS_LOCATION = "\(.*\)"$/\1/p' "$yr" |
		sed "s/\${MACHINE}/qemu/; s/\${@os.path.basename(d.getVar('STAGING_KERNEL_DIR'))}/$(basename "$ksrc")/")
	yocto() {
		(cd "$S" && make $oe KERNEL_PATH="$ksrc" KERNEL_VERSION="$kver" \
			CC="${CROSS}gcc" LD="${CROSS}ld" AR="${CROSS}ar" OBJCOPY="${CROSS}objcopy" \
			STRIP="${CROSS}strip" O="$kdir" KBUILD_EXTRA_SYMBOLS= &&
			make $oe DEPMOD=echo MODLIB="$Y/lib/modules/$kver" INSTALL_FW_PATH="$Y/lib/firmware" \
				CC="${CROSS}gcc" LD="${CROSS}ld" OBJCOPY="${CROSS}objcopy" STRIP="${CROSS}strip" \
				O="$kdir" KBUILD_EXTRA_SYMBOLS= modules_install) || return 1
		echo "Module.symvers at $symvers"
		[ -f "$S/$symvers/Module.symvers" ] && same_set "$Y/lib/modules/$kver/updates" $mods
	}
	t "$ARCH: Yocto module.bbclass compile and install ($mods to updates/)" yocto

	# Buildroot: the kernel-module infrastructure (LINUX_DIR: the kernel
	# build; LINUX_MAKE_FLAGS: ARCH, CROSS_COMPILE, INSTALL_MOD_PATH) after
	# the package's pre-build hook.
	R=$W/br-$ARCH
	make -s -C "$top" dkms-src DESTDIR="$R" > /dev/null && mv "$R/usr/src/nxp-rfl-$version" "$R/build"
	buildroot() {
		"$R/build/scripts/preflight.sh" "$kdir" &&
			make -C "$kdir" ARCH=$ARCH CROSS_COMPILE=$CROSS INSTALL_MOD_PATH="$R/target" \
				PWD="$R/build" M="$R/build" modules &&
			make -C "$kdir" ARCH=$ARCH CROSS_COMPILE=$CROSS INSTALL_MOD_PATH="$R/target" \
				PWD="$R/build" M="$R/build" modules_install || return 1
		same_set "$R/target/lib/modules/$kver/updates" $mods
	}
	t "$ARCH: Buildroot kernel-module build and install ($mods)" buildroot

	# The native build's command, given this tree instead of the running
	# kernel's and a staging root.
	N=$W/native-$ARCH
	native() {
		make -C "$top" native NATIVE_KDIR="$kdir" KVER="$kver" OUT="$N/out" INSTALL_MOD_PATH="$N/root" || return 1
		same_set "$N/root/lib/modules/$kver/updates" $mods || return 1
		for m in $mods; do
			grep -q "^updates/$m.ko:" "$N/root/lib/modules/$kver/modules.dep" || {
				echo "depmod's modules.dep lacks $m"
				return 1
			}
		done
	}
	t "$ARCH: make native (build, install to updates/, depmod)" native
done
exit 0
