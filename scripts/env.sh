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

PATH=$NXP_TOOLS/bin:$HOME/.cargo/bin:$PATH
export PATH LIBCLANG_PATH NXP_TOP NXP_CACHE NXP_OUT

# Rust library source matching rustc exactly (written by setup.sh).
if [ -f "$NXP_CACHE/rust-env.sh" ]; then
	. "$NXP_CACHE/rust-env.sh"
fi

# board_vars <board>: sets ARCH, CROSS, KMAKE_ARGS, QEMU_* for a board.
board_vars() {
	BOARD=$1
	case "$BOARD" in
	ppc-e500)
		ARCH=powerpc
		CROSS=powerpc-linux-gnu-
		KARGS="ARCH=powerpc CROSS_COMPILE=$CROSS BINDGEN=$NXP_TOP/kernel/bindgen-e500"
		KTARGETS="vmlinux modules"
		KIMAGE=vmlinux
		C_DRIVER="fsl_pq_mdio gianfar_driver"
		C_DRIVER_MOD=gianfar_driver
		RS_DRIVER=gianfar_rs
		GNU_HOST=powerpc-linux-gnu
		;;
	arm-imx7)
		ARCH=arm
		CROSS=arm-linux-gnueabihf-
		KARGS="ARCH=arm CROSS_COMPILE=$CROSS"
		KTARGETS="zImage modules nxp/imx/imx7d-sdb.dtb"
		KIMAGE=arch/arm/boot/zImage
		C_DRIVER="fec"
		C_DRIVER_MOD=fec
		RS_DRIVER=fec_rs
		GNU_HOST=arm-linux-gnueabihf
		;;
	*)
		echo "unknown board '$BOARD' (ppc-e500 or arm-imx7)" >&2
		return 1
		;;
	esac
	export ARCH CROSS KARGS KTARGETS KIMAGE C_DRIVER C_DRIVER_MOD RS_DRIVER GNU_HOST BOARD
}

step() { echo "=== [$(date +%T)] $*"; }
die() { echo "error: $*" >&2; exit 1; }
