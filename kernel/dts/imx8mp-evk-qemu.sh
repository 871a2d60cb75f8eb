#!/bin/sh
# imx8mp-evk-qemu.sh <kernel build> <imx8mp-evk.dtb> <out.dtb>
#
# The one change QEMU's documentation of its imx8mp-evk machine asks of the
# kernel's imx8mp-evk.dtb (docs/system/arm/imx8mp-evk.rst, "Direct Linux
# Kernel Boot"): no cpu-idle-states properties in the CPU nodes (the machine
# has no PSCI CPU suspend). QEMU 10 strips them itself as well; doing it here
# keeps the board bootable on a QEMU that does not. Uses the kernel build's
# own dtc.
set -eu
kdir=$1 in=$2 out=$3
dtc=$kdir/scripts/dtc/dtc
"$dtc" -q -I dtb -O dts "$in" | sed '/cpu-idle-states/d' | "$dtc" -q -I dts -O dtb -o "$out"
