# shellcheck shell=sh
# Common environment for every project script.  Source it; it defines paths and
# the per-board variables, and changes nothing on the machine.
#
# NXP_CACHE   where toolchain pieces, kernel builds and guest images are cached
#             (outside the work tree, so a warm run skips them).

NXP_TOP=$(cd "$(dirname "$0")/.." && pwd)
NXP_CACHE=${NXP_CACHE:-/var/cache/nxp-rfl}
NXP_TOOLS=$NXP_CACHE/tools            # bindgen, host netperf
NXP_OUT=${NXP_OUT:-$NXP_TOP/out}      # per-run outputs (logs, images, modules)

# Versions the project is pinned to.
KERNEL_PKG=linux-source-7.3
KERNEL_VER=7.3.4
BINDGEN_VER=0.73.2
RUST_MIN=1.95.0
LIBCLANG_PATH=/usr/lib/llvm-19/lib
QEMU_SUITE=bookworm-backports
# The LLVM release (suffix of its tools) for kernels built with Clang.
NXP_LLVM=-19

PATH=$NXP_TOOLS/bin:$HOME/.cargo/bin:$PATH
export PATH LIBCLANG_PATH NXP_TOP NXP_CACHE NXP_OUT

# Rust library source matching rustc exactly (written by setup.sh).
if [ -f "$NXP_CACHE/rust-env.sh" ]; then
	. "$NXP_CACHE/rust-env.sh"
fi

# The emulated boards: "<arch>-<SoC>".
NXP_BOARDS="ppc-e500 arm-imx7 arm-imx6ul arm64-imx8mp"

# board_vars <board>: sets ARCH, CROSS, KARGS, the kernel configuration
# (KCONF: boards of one architecture may share a kernel), its image and the
# board's device tree (DTB, relative to the kernel build; none: QEMU makes
# one), the platform device of the port cabled to the host (PORT; empty: the
# only one), the C and Rust driver modules, and the Debian architecture of
# the guest's userland (DEB_ARCH; empty: a cross-built busybox image).
board_vars() {
	BOARD=$1
	DEBUG_CONFIGS= DEBUG_LLVM=
	VCPUS=1 # the emulated SoC's cores (QEMU runs one host thread for each)
	DTB= PORT= DEB_ARCH=
	case "$BOARD" in
	ppc-e500)
		ARCH=powerpc
		CROSS=powerpc-linux-gnu-
		KARGS="ARCH=powerpc CROSS_COMPILE=$CROSS BINDGEN=$NXP_TOP/kernel/bindgen-e500"
		KCONF=ppc-e500
		KTARGETS="vmlinux modules"
		KIMAGE=vmlinux
		C_DRIVER="fsl_pq_mdio gianfar_driver"
		C_DRIVER_MOD=gianfar_driver
		RS_DRIVER=gianfar_rs
		GNU_HOST=powerpc-linux-gnu
		;;
	arm-imx7 | arm-imx6ul)
		ARCH=arm
		CROSS=arm-linux-gnueabihf-
		KARGS="ARCH=arm CROSS_COMPILE=$CROSS"
		# One ARMv7 kernel for both i.MX boards.
		KCONF=arm-imx7
		case $BOARD in arm-imx7) VCPUS=2 ;; esac
		KTARGETS="zImage modules nxp/imx/imx7d-sdb.dtb nxp/imx/imx6ul-14x14-evk.dtb"
		KIMAGE=arch/arm/boot/zImage
		case $BOARD in
		arm-imx7) DTB=arch/arm/boot/dts/nxp/imx/imx7d-sdb.dtb PORT=30be0000.ethernet ;;
		# ENET2 (fec2), the port whose MDIO bus serves both PHYs. (With
		# ENET1 the C fec's reload fails: it unregisters only the last
		# removed port's MDIO bus, and ENET1's, left behind, blocks the
		# next probe.)
		arm-imx6ul) DTB=arch/arm/boot/dts/nxp/imx/imx6ul-14x14-evk.dtb PORT=20b4000.ethernet ;;
		esac
		GNU_HOST=arm-linux-gnueabihf
		DEB_ARCH=armhf
		;;
	arm64-imx8mp)
		ARCH=arm64
		CROSS=aarch64-linux-gnu-
		KARGS="ARCH=arm64 CROSS_COMPILE=$CROSS"
		KCONF=arm64-imx8mp
		VCPUS=4
		KTARGETS="Image modules freescale/imx8mp-evk.dtb"
		KIMAGE=arch/arm64/boot/Image
		DTB=arch/arm64/boot/dts/freescale/imx8mp-evk.dtb
		PORT=30be0000.ethernet
		GNU_HOST=aarch64-linux-gnu
		DEB_ARCH=arm64
		# Its debug kernel has KASAN, which Rust allows only in a kernel
		# built by Clang. (32-bit ARM has no Rust with KASAN at all:
		# arch/arm/Kconfig selects HAVE_RUST only without it.)
		DEBUG_CONFIGS=kasan
		DEBUG_LLVM=1
		;;
	*)
		echo "unknown board '$BOARD' (one of: $NXP_BOARDS)" >&2
		return 1
		;;
	esac
	case $BOARD in
	arm-imx* | arm64-imx*)
		# Every i.MX board: the ENET, the C fec as the baseline.
		C_DRIVER="fec"
		C_DRIVER_MOD=fec
		RS_DRIVER=fec_rs
		;;
	esac
	if [ "${NXP_DEBUG:-0}" = 1 ] && [ -n "$DEBUG_LLVM" ]; then
		KARGS="$KARGS LLVM=$NXP_LLVM"
	fi
	export ARCH CROSS KARGS KCONF KTARGETS KIMAGE DTB PORT DEB_ARCH C_DRIVER C_DRIVER_MOD RS_DRIVER GNU_HOST BOARD
	export DEBUG_CONFIGS DEBUG_LLVM VCPUS
}

# kdir_kargs <kernel build>: what make needs beyond KARGS to build or
# install against that kernel build (LLVM for one built by Clang, whatever
# NXP_DEBUG says).
kdir_kargs() {
	case " $KARGS " in *" LLVM="*) return 0 ;; esac
	if grep -q '^CONFIG_CC_IS_CLANG=y' "$1/.config" 2> /dev/null; then
		echo "LLVM=$NXP_LLVM"
	fi
}

# ffi_gen <kernel build> <out.rs> <log>: writes the C/Rust boundary check
# (scripts/ffi-gen.py) for that kernel build, with the bindgen it was built
# with (KARGS' BINDGEN=, the ppce500's wrapper); its messages go to <log>.
ffi_gen() {
	_bg=$(echo "$KARGS" | sed -n 's/.*BINDGEN=\([^ ]*\).*/\1/p')
	python3 "$NXP_TOP/scripts/ffi-gen.py" "$1" "${_bg:-bindgen}" "$2" 2> "$3"
}

# debian_archive_uri: the main Debian archive URI of this machine's own apt
# sources (deb822 or one-line format; security and our own file excluded).
debian_archive_uri() {
	for f in /etc/apt/sources.list.d/*.sources /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		case "$f" in *nxp-rfl*) continue ;; esac
		case "$f" in
		*.sources) sed -n 's/^URIs:[[:space:]]*//p' "$f" | tr ' ' '\n' ;;
		*) sed -nE 's/^deb(-src)?[[:space:]]+(\[[^]]*\][[:space:]]+)?([^[:space:]]+).*/\3/p' "$f" ;;
		esac
	done | grep -E '/debian/?$' | grep -v security | head -1 | sed 's,/$,,' | grep .
}

# fits_twice <board>: whether the board's emulated cores fit the host's
# CPUs twice over (two such boards side by side, a host thread a core),
# unless NXP_PARALLEL=0.
fits_twice() {
	ft_v=$(board_vars "$1" && echo "$VCPUS")
	[ "${NXP_PARALLEL:-1}" = 1 ] && [ $((2 * ft_v)) -le "$(nproc)" ]
}

# run_paired <command> <boards...>: runs "<command> <board>" in a subshell
# for every board: two at a time where both boards' emulated cores fit the
# host's CPUs together (two one-core boards on two CPUs, each in its own
# network namespace, scripts/run-board.sh), the others one by one.
# NXP_PARALLEL=0: one at a time.
run_paired() {
	rp_cmd=$1
	shift
	rp_pair= rp_lone=
	for rp_b; do
		if fits_twice "$rp_b"; then
			rp_pair="$rp_pair $rp_b"
		else
			rp_lone="$rp_lone $rp_b"
		fi
	done
	set -- $rp_pair
	while [ $# -ge 2 ]; do
		("$rp_cmd" "$1") &
		rp_pid=$!
		("$rp_cmd" "$2")
		wait $rp_pid || true
		shift 2
	done
	[ $# = 0 ] || ("$rp_cmd" "$1")
	for rp_b in $rp_lone; do
		("$rp_cmd" "$rp_b")
	done
}

step() { echo "=== [$(date +%T)] $*"; }
die() { echo "error: $*" >&2; exit 1; }
