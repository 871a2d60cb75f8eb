#!/bin/sh
# System sleep: with /sys/power/pm_test at "devices", a suspend to idle
# suspends every device, the controller's driver included, and resumes them
# PM_TEST_DELAY seconds later without sleeping (QEMU's boards have no
# wake-up source for a real suspend). Twice: once idle, once while iperf3
# sends to the host (its TCP connection survives the pause). After each the
# suspend returned success, the carrier comes back, pings pass and the
# counters kept counting (the runner checks the kernel log for splats).
# Wake-on-LAN, where the driver offers magic packet wake-up ("Supports
# Wake-on: g", the C fec and fec_rs with the device tree's
# fsl,magic-packet): `ethtool -s wol g` reads back, the net device's
# power/wakeup follows it, a suspend runs with the MAC armed (QEMU's ENET
# models no sleep mode, so the wake-up itself is not shown: README), and
# `wol d` reads back; a mode the driver does not offer is refused and
# changes nothing. With fsl,stop-mode, fec_rs names the SoC's stop-mode bit
# the device tree gives.
# timeout: 180
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
[ -w /sys/power/pm_test ] ||
	skip "this kernel has no /sys/power/pm_test (CONFIG_PM_DEBUG, CONFIG_SUSPEND)"
grep -qw freeze /sys/power/state || skip "no suspend to idle in /sys/power/state"
delay=${PM_TEST_DELAY:-2}
echo "$delay" > /sys/module/suspend/parameters/pm_test_delay 2> /dev/null ||
	diag "pm_test_delay stays $(cat /sys/module/suspend/parameters/pm_test_delay 2> /dev/null)"
echo devices > /sys/power/pm_test
rx_packets() { cat /sys/class/net/$IF/statistics/rx_packets; }
carrier_changes() { cat /sys/class/net/$IF/carrier_changes; }
# sleep_once <name> [link kept]: a suspend and resume of the devices; then
# the link, pings and counters. The driver's callbacks ran: its PHY was
# stopped and started again, so the carrier went down and came back (not
# with the C gianfar's Wake-on-LAN, which keeps its PHY running: "link
# kept").
sleep_once() {
	p0=$(rx_packets)
	c0=$(carrier_changes)
	check "$1: suspend and resume" sh -c 'echo freeze > /sys/power/state'
	check "$1: link back" link_back
	check "$1: pings after resume" ping -c 3 -W 3 $HOST_IP
	p1=$(rx_packets)
	c1=$(carrier_changes)
	diag "$1: rx_packets $p0 -> $p1, carrier_changes $c0 -> $c1"
	check "$1: counters kept counting" test "$p1" -gt "$p0"
	[ -n "${2:-}" ] ||
		check "$1: the driver's suspend and resume ran (carrier down and up)" test "$c1" -ge $((c0 + 2))
}
sleep_once idle

iperf3 -c $HOST_IP -p 5202 -t $((delay + 14)) -w 128K -J > /tmp/susp.json 2>&1 &
ip=$!
sleep 4
sleep_once traffic
wait $ip
rc=$?
diag "iperf3 across the suspend: exit $rc, $(grep -m1 -oE '"bits_per_second":[[:space:]]*[0-9.e+]+' /tmp/susp.json | tail -1)"
check "traffic: the TCP transfer across the suspend completed" test $rc = 0

# wakeup <state>: the wakeup setting of the net device (the C fec and our
# drivers) or of its controller (the C gianfar) is <state>.
wakeup() {
	for w in /sys/class/net/$IF/power/wakeup /sys/class/net/$IF/device/power/wakeup; do
		[ -f $w ] || continue
		echo "$w: $(cat $w)"
		[ "$(cat $w)" = "$1" ]
		return
	done
	return 1
}
wol() { ethtool $IF | awk -v k="$1" '$0 ~ "^[[:space:]]*" k ":" { print $NF }'; }
supported=$(wol "Supports Wake-on")
diag "Supports Wake-on: ${supported:-(not reported)}, Wake-on: $(wol Wake-on)"
case "$supported" in
*g*)
	# The SoC's stop-mode request (fsl,stop-mode = <&gpr reg bit>): ours
	# names the device tree's bit at probe, sets it while asleep with
	# Wake-on-LAN and clears it on resume. QEMU's GPR keeps no value, so
	# the bit itself is not seen (README). A fresh probe for its log line
	# (the runner clears the kernel log before each test).
	sm=/sys/class/net/$IF/device/of_node/fsl,stop-mode
	if [ "$NXP_DRIVER" = rust ] && [ "$NXP_MAC" = enet ] && [ -f "$sm" ]; then
		cells=$(od -An -tx1 "$sm" | tr -d ' \n')
		reg=$(printf '0x%x' "0x$(echo "$cells" | cut -c9-16)")
		bit=$(printf '%d' "0x$(echo "$cells" | cut -c17-24)")
		diag "fsl,stop-mode: GPR $reg bit $bit"
		unload_driver
		check "wol: driver reloaded" netif_up
		IF=$(netif)
		check "wol: probe named the device tree's stop-mode bit" \
			sh -c "dmesg | grep -q 'stop-mode request for Wake-on-LAN: GPR $reg bit $bit\$'"
	else
		sm=
	fi
	check "wol g" ethtool -s $IF wol g
	check "reads back g" test "$(wol Wake-on)" = g
	check "power/wakeup enabled" wakeup enabled
	kept=
	[ "$NXP_DRIVER" = c ] && [ "$NXP_MAC" = etsec ] && kept=1
	sleep_once wol $kept
	check "wol: the wake-up interrupt was armed" sh -c '! dmesg | grep "wake-up interrupt not armed"'
	[ -z "$sm" ] || check "wol: the stop-mode request set and cleared" \
		sh -c '! dmesg | grep -E "stop-mode (request|release) failed"'
	check "wol d" ethtool -s $IF wol d
	check "reads back d" test "$(wol Wake-on)" = d
	check "power/wakeup disabled" wakeup disabled
	;;
*)
	diag "no magic packet wake-up offered here"
	;;
esac
# A mode no driver here offers (wake on unicast); the ppce500's ethtool
# (without netlink) reports no error for it.
if grep -q "netlink error" "$(command -v ethtool)"; then
	case "$supported" in *u*) ;; *)
		was=$(wol Wake-on)
		check "wol u refused" refused "unsupported WoL|Invalid argument" -s $IF wol u
		check "Wake-on unchanged" test "$(wol Wake-on)" = "$was"
		;;
	esac
fi
echo none > /sys/power/pm_test
finish
