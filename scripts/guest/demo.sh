#!/bin/sh
# Guest side of `make demo` (scripts/demo.sh): probe our driver, then push
# iperf3 traffic both ways through the driver that has a data path and show
# the coalescing settings. Output lines are prefixed "NXP-DEMO ".
. /usr/share/nxp/tests/lib.sh
say() { echo "NXP-DEMO $*"; }
run() { say "\$ $*"; "$@" 2>&1 | sed 's/^/NXP-DEMO   /'; }

say "board $NXP_BOARD, kernel $(uname -r), $(grep -c ^processor /proc/cpuinfo) CPU(s)"
rs=$( [ "$NXP_BOARD" = arm-imx7 ] && echo fec_rs || echo gianfar_rs )
say "== $rs: load, bind, report"
run insmod $MODDIR/$rs.ko
dmesg | grep " $rs\| $rs:" | sed 's/^\[[^]]*\] //; s/^/NXP-DEMO   /'
run ls /sys/bus/platform/drivers/$rs
run rmmod $rs

say "== traffic through the $NXP_DRIVER driver ($MODULES)"
if ! netif_up; then
	say "interface did not come up"
	exit 1
fi
IF=$(netif)
run ip -br addr show $IF
for dir in tx rx; do
	flag=
	[ $dir = rx ] && flag=-R
	say "-- iperf3 $dir (guest $( [ $dir = tx ] && echo '->' || echo '<-' ) host), 10 s"
	iperf3 -c $HOST_IP -t 10 -w 128K -f m $flag 2>&1 | grep -E "sender|receiver|error" | sed 's/^/NXP-DEMO   /'
done
run ethtool -c $IF
run ethtool -i $IF
