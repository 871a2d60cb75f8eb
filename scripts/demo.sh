#!/bin/sh
# The main job (README: `make demo`): on the emulated i.MX7D board, load our
# fec_rs and show what it found, then push iperf3 traffic both ways and print
# the results and `ethtool -c`. Sets the machine up first if needed.
#
# fec_rs has no data path yet (issue 3), so the traffic goes through the C fec
# baseline; DEMO_DRIVER=rust switches to ours once it has one.
set -eu
. "$(dirname "$0")/env.sh"
board=${DEMO_BOARD:-arm-imx7}
drv=${DEMO_DRIVER:-c}
board_vars "$board"
step "set-up (first run on a fresh machine: about 20 minutes)"
"$NXP_TOP/scripts/setup.sh" > "$NXP_OUT.setup.log" 2>&1 || { tail -30 "$NXP_OUT.setup.log"; die "setup failed"; }
step "kernel, guest userland and modules for $board"
kdir=$("$NXP_TOP/scripts/build-kernel.sh" "$board")
ul=$("$NXP_TOP/scripts/build-userland.sh" "$board")
mo=$("$NXP_TOP/scripts/build-modules.sh" "$board")
img=$NXP_OUT/$board/initramfs.cpio.gz
"$NXP_TOP/scripts/mkinitramfs.sh" "$board" "$kdir" "$mo" "$ul" "$img"
log=$NXP_OUT/$board/console-demo.log
step "booting $board in QEMU (console log: $log)"
set +e
"$NXP_TOP/scripts/run-board.sh" "$board" "$img" "$kdir" "$log" 300 -- \
	"NXP_BOARD=$board" "NXP_DRIVER=$drv" "NXP_CMD='sh /usr/share/nxp/demo.sh'"
rc=$?
set -e
sed -n 's/^NXP-DEMO //p' "$log"
[ $rc = 0 ] || { grep '^NXP-HOST' "$log" || true; die "demo failed (rc $rc); console log: $log"; }
