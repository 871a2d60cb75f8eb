#!/bin/sh
# The main job (README: `make demo`): on the emulated i.MX7D board, load our
# fec_rs and show what it found, push iperf3 traffic both ways and show its
# ethtool view, then the same with the in-tree C fec, and a side-by-side
# summary. Sets the machine up first if needed.
#
# DEMO_BOARD=ppc-e500 runs gianfar_rs against the C gianfar instead (or
# another board of scripts/env.sh: arm-imx6ul, arm64-imx8mp);
# DEMO_DRIVERS="rust" (or "c") runs one driver only.
set -eu
. "$(dirname "$0")/env.sh"
board=${DEMO_BOARD:-arm-imx7}
drivers=${DEMO_DRIVERS:-rust c}
board_vars "$board"
step "set-up (first run on a fresh machine: about 20 minutes)"
"$NXP_TOP/scripts/setup.sh" > "$NXP_OUT.setup.log" 2>&1 || { tail -30 "$NXP_OUT.setup.log"; die "setup failed"; }
step "kernel, guest userland and modules for $board"
kdir=$("$NXP_TOP/scripts/build-kernel.sh" "$board")
ul=$("$NXP_TOP/scripts/build-userland.sh" "$board")
mo=$(NXP_KDIR=$kdir "$NXP_TOP/scripts/build-modules.sh" "$board")
img=$NXP_OUT/$board/initramfs.cpio.gz
"$NXP_TOP/scripts/mkinitramfs.sh" "$board" "$kdir" "$mo" "$ul" "$img"
log=$NXP_OUT/$board/console-demo.log
step "booting $board in QEMU (console log: $log)"
set +e
"$NXP_TOP/scripts/run-board.sh" "$board" "$img" "$kdir" "$log" 300 -- \
	"NXP_BOARD=$board" "NXP_PORT=$PORT" "NXP_DEMO_DRIVERS='$drivers'" "NXP_CMD='sh /usr/share/nxp/demo.sh'"
rc=$?
set -e
sed -n 's/^NXP-DEMO //p' "$log"
[ $rc = 0 ] || { grep '^NXP-HOST' "$log" || true; die "demo failed (rc $rc); console log: $log"; }
