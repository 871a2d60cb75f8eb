SUMMARY = "Rust drivers for Freescale/NXP Ethernet controllers (gianfar_rs, fec_rs)"
DESCRIPTION = "gianfar_rs (eTSEC: PowerPC e500, LS1021A) and fec_rs (i.MX ENET), \
drop-in replacements for the C gianfar and fec drivers (same device-tree compatibles)."
LICENSE = "GPL-2.0-only"
# The first line of Kbuild: "# SPDX-License-Identifier: GPL-2.0".
LIC_FILES_CHKSUM = "file://Kbuild;beginline=1;endline=1;md5=daad6f7f7a0a286391cd7773ccf79340"

# Builds the checkout this layer sits in (conf/layer.conf); to fetch it
# instead, set SRC_URI (git) and SRCREV in a bbappend and drop externalsrc.
inherit module-rust externalsrc
EXTERNALSRC = "${NXP_RFL_TOPDIR}"
EXTERNALSRC_BUILD = "${EXTERNALSRC}"

# module.bbclass passes KERNEL_SRC (the kernel source) and O= (its build
# tree); the Makefile takes both, runs scripts/preflight.sh on the build
# tree and keeps its objects in OUT.
EXTRA_OEMAKE += "OUT=${B}/out-${MACHINE}"
MODULES_MODULE_SYMVERS_LOCATION = "out-${MACHINE}/modules-${@os.path.basename(d.getVar('STAGING_KERNEL_DIR'))}"

# kernel-module-split makes the packages kernel-module-gianfar-rs and, on
# ARM (Kbuild builds fec_rs there only), kernel-module-fec-rs.
# Loaded instead of the C drivers (packaging/modprobe.d/nxp-rfl.conf
# blacklists them; a C driver built into the kernel needs unbind and
# driver_override instead, see
# Documentation/networking/device_drivers/ethernet/freescale/).
do_install:append() {
	install -Dm0644 ${S}/packaging/modprobe.d/nxp-rfl.conf ${D}${sysconfdir}/modprobe.d/nxp-rfl.conf
}
FILES:${PN} += "${sysconfdir}/modprobe.d/nxp-rfl.conf"
