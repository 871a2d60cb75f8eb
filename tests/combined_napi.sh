#!/bin/sh
# One NAPI instance for Rx and Tx confirmation (our module parameter
# combined_napi=1, the C drivers' design, kept for comparison): the Rx
# poll reclaims every Tx ring and is the one that reports its completions
# to BQL. With BQL checked at every reclaim (debugfs check_bql): TCP both
# ways, ring changes under a stream (the rings emptied and BQL reset with
# the Rx NAPI held off), an unload under traffic; nothing reported from
# the idle Tx instances, BQL never reset with its reporter running (the
# kernel log would say so). The driver is loaded again without the
# parameter at the end, whatever failed before.
# timeout: 180
. /usr/share/nxp/tests/lib.sh
[ "$NXP_DRIVER" = rust ] || skip "a module parameter of ours (the C drivers have one NAPI instance per queue pair)"
load_combined() {
	if [ -f "$MODDIR/$MODULES.ko" ]; then
		insmod "$MODDIR/$MODULES.ko" combined_napi=1
	else
		modprobe $MODULES combined_napi=1
	fi
}
tx_packets() { cat /sys/class/net/$IF/statistics/tx_packets; }
check "unloaded" unload_driver
n0=$(dmesg | grep -c "combined Rx/Tx NAPI")
if check "loaded with combined_napi=1" load_combined && check "interface up" netif_up; then
	check "probe reports the combined mode" test "$(dmesg | grep -c "combined Rx/Tx NAPI")" -gt "$n0"
	d=$(dbgdir) || d=
	check "debugfs directory found" test -n "$d"
	[ -z "$d" ] || echo 1 > $d/check_bql
	tcp_xfer to_host 4
	tcp_xfer from_host 4 -R
	tx=$(cur TX)
	check "Tx ring size read" test -n "$tx"
	iperf3 -c $HOST_IP -t 30 -w 128K > /dev/null 2>&1 &
	sleep 2
	p0=$(tx_packets)
	check "tx ring $tx -> $((${tx:-2} / 2)) under a stream" ethtool -G $IF tx $((${tx:-2} / 2))
	check "link back" link_back
	check "tx ring back to $tx under the stream" ethtool -G $IF tx ${tx:-0}
	check "link back" link_back
	# TCP comes back from the flaps' losses after its retransmission
	# timeout, which grows with each loss: up to a few seconds on a debug
	# kernel sharing the host.
	stream_on() { [ "$(tx_packets)" -gt $((p0 + 1000)) ]; }
	check "the stream went on" wait_for 10 stream_on
	killall -9 iperf3 > /dev/null 2>&1
	if [ -n "$d" ]; then
		# (debugfs prints them in hex.)
		c=$(($(cat $d/bql_checks))) m=$(($(cat $d/bql_mismatch)))
		diag "BQL checked at $c reclaims, $m mismatches"
		check "BQL checked" test "$c" -gt 0
		check "BQL matched the ring at every check" test "$m" = 0
	fi
	# Unloaded while the host sends to it and pings go out (as
	# rmmod_traffic, on the port kept for streams in the background).
	iperf3 -c $HOST_IP -p 5202 -t 30 -w 128K -R > /dev/null 2>&1 &
	ping -q -s 1400 $HOST_IP > /dev/null 2>&1 &
	sleep 3
	check "rmmod under traffic" unload_driver
	killall -9 iperf3 ping > /dev/null 2>&1
	check "no completion from another NAPI, no BQL reset skipped" \
		sh -c "! dmesg | grep -E 'another NAPI|not the one given|BQL not reset'"
fi
unload_driver > /dev/null 2>&1
n1=$(dmesg | grep -c "combined Rx/Tx NAPI")
check "loaded again without the parameter" netif_up
check "the combined mode is off again" test "$(dmesg | grep -c "combined Rx/Tx NAPI")" = "$n1"
check "traffic after the reload" ping -c 2 -W 2 $HOST_IP
finish
