#!/bin/sh
# One NAPI instance for Rx and Tx confirmation (our module parameter
# combined_napi=1, the C drivers' design, kept for comparison): the Rx
# poll reclaims every Tx ring and is the one that reports its completions
# to BQL. With BQL checked at every reclaim (debugfs check_bql): TCP both
# ways, a ring change under traffic (the rings emptied and BQL reset with
# the Rx NAPI held off), an unload under traffic; nothing reported from
# the idle Tx instances, BQL never reset with its reporter running (the
# kernel log would say so). The driver is loaded again without the
# parameter at the end.
# timeout: 180
. /usr/share/nxp/tests/lib.sh
[ "$NXP_DRIVER" = rust ] || skip "a module parameter of ours (the C drivers have one NAPI instance per queue pair)"
check "unloaded" unload_driver
n0=$(dmesg | grep -c "combined Rx/Tx NAPI")
load_combined() {
	if [ -f "$MODDIR/$MODULES.ko" ]; then
		insmod "$MODDIR/$MODULES.ko" combined_napi=1
	else
		modprobe $MODULES combined_napi=1
	fi
}
check "loaded with combined_napi=1" load_combined
check "interface up" netif_up
check "probe reports the combined mode" test "$(dmesg | grep -c "combined Rx/Tx NAPI")" -gt "$n0"
d=$(dbgdir)
check "BQL check on" sh -c "echo 1 > $d/check_bql"
tcp_xfer to_host 4
tcp_xfer from_host 4 -R
iperf3 -c $HOST_IP -t 20 -w 128K > /dev/null 2>&1 &
sleep 2
tx=$(ethtool -g $IF | awk '/^TX:/ { n++; if (n == 2) print $2 }')
check "tx ring changed under traffic" ethtool -G $IF tx $((tx / 2))
check "link back" link_back
check "tx ring back under traffic" ethtool -G $IF tx $tx
check "link back" link_back
c=$(cat $d/bql_checks) m=$(cat $d/bql_mismatch)
diag "BQL checked at $c reclaims, $m mismatches"
check "BQL checked" test "$c" -gt 0
check "BQL matched the ring at every check" test "$m" = 0
check "rmmod under traffic" unload_driver
killall -9 iperf3 > /dev/null 2>&1
check "no completion from another NAPI, no BQL reset skipped" \
	sh -c "! dmesg | grep -E 'another NAPI|BQL not reset'"
check "loaded again without the parameter" netif_up
check "traffic after the reload" ping -c 2 -W 2 $HOST_IP
finish
