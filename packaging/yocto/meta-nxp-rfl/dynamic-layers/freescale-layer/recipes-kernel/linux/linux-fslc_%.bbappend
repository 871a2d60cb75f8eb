# Rust in a meta-freescale kernel: its defconfig plus nxp-rfl-rust.cfg
# (merged through DELTA_KERNEL_DEFCONFIG, as these recipes merge
# fragments), and the toolchain the kernel's Rust build needs, as OE-core's
# kernel-yocto-rust.bbclass gives linux-yocto.
FILESEXTRAPATHS:prepend := "${THISDIR}/files:"
SRC_URI += "file://nxp-rfl-rust.cfg"
DELTA_KERNEL_DEFCONFIG:append = " nxp-rfl-rust.cfg"
do_configure[depends] += "rust-native:do_populate_sysroot clang-native:do_populate_sysroot bindgen-cli-native:do_populate_sysroot"
do_configure:append() {
	oe_runmake -C ${S} O=${B} rustavailable
}
