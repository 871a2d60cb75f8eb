#!/bin/sh
# Runtime PM of the i.MX ENET (both fec drivers): while the interface is
# down and nothing uses the controller, runtime PM suspends it and its
# register clocks (ipg, ahb) are gated (`fec_runtime_suspend()`); whatever
# touches its registers resumes it meanwhile: open, ethtool's counter and
# register reads, and with fec_rs MDIO transfers and the PTP clock (the C
# fec connects its PHY only while up, and its PTP clock refuses while
# down). Each of those works while down, and the controller suspends again
# afterwards. On the debug
# kernels fec_rs also warns at any register access while suspended (a
# splat, which fails the test that caused it): QEMU lets such an access
# through, silicon would not. The eTSEC drivers (the C gianfar and ours)
# have no runtime PM.
# timeout: 120
. /usr/share/nxp/tests/lib.sh
[ "$NXP_MAC" = etsec ] && skip "the eTSEC drivers have no runtime PM"
check "interface up" netif_up
IF=$(netif)
P=/sys/class/net/$IF/device/power
[ -r $P/runtime_status ] || skip "no runtime PM in this kernel"
status() { cat $P/runtime_status; }
suspended() { [ "$(status)" = suspended ]; }
# again <what>: the controller suspends again after <what> (within 2 s:
# the autosuspend delay is 100 ms).
again() {
	check "suspended again after $1" wait_for 2 suspended
}
check "runtime PM on (power/control: auto)" test "$(cat $P/control)" = auto
# The PTP clock, found now: ethtool's requests resume the controller
# themselves (the ethtool core resumes the device's parent around each).
PHC=$(ethtool -T $IF 2> /dev/null | sed -n 's/^PTP Hardware Clock: *\([0-9][0-9]*\).*/\1/p; s/^Hardware timestamp provider index: *\([0-9][0-9]*\).*/\1/p' | head -1)
a0=$(cat $P/runtime_active_time)
sleep 1
diag "runtime status while up: $(status), active time $a0 -> $(cat $P/runtime_active_time) ms"
check "active while up, a second after the last use" test "$(status)" = active

check "interface down" ip link set $IF down
check "suspended within 2 s of going down" wait_for 2 suspended
s0=$(cat $P/runtime_suspended_time)
sleep 1
s1=$(cat $P/runtime_suspended_time)
diag "suspended time $s0 -> $s1 ms"
check "stays suspended while unused (suspended time grows)" test $((s1 - s0)) -ge 500

# While down: each read resumes the controller for itself.
check "ethtool -S while down" sh -c "ethtool -S $IF > /tmp/rpm-stats"
check "ethtool -S while down: the MAC's frame counters" grep -q "IEEE_rx_frame_ok:" /tmp/rpm-stats
again "ethtool -S"
check "ethtool -d while down" sh -c "ethtool -d $IF > /dev/null"
again "ethtool -d"
if [ "$NXP_DRIVER" = rust ]; then
	# Autonegotiation restarted with the same settings: MDIO transfers to
	# the PHY (its advertisement read and written). (The C fec connects
	# its PHY only while the interface is up.)
	check "ethtool -s autoneg on while down (MDIO)" ethtool -s $IF autoneg on
	again "MDIO transfers"
	if [ -n "$PHC" ]; then
		check "the PTP clock reads while down" phc /dev/ptp$PHC get
		again "PTP clock reads"
	fi
fi

check "interface up again" ip link set $IF up
check "active while up" test "$(status)" = active
check "link back" link_back
check "traffic" ping -c 3 -W 3 $HOST_IP
check "still active a second later" sh -c "sleep 1; test \"\$(cat $P/runtime_status)\" = active"

# Ours unloaded while down and suspended: what the unbind does to the
# registers (the PHY's detach over MDIO, the PTP clock's outputs) resumes
# the controller itself. (The C fec resumes it first thing in its remove;
# on the i.MX6UL its reload fails for another reason, see scripts/env.sh.)
if [ "$NXP_DRIVER" = rust ]; then
	check "interface down again" ip link set $IF down
	check "suspended before the unload" wait_for 2 suspended
	check "driver unloaded while suspended" unload_driver
	check "driver loaded again, interface up" netif_up
	IF=$(netif)
	check "traffic after the reload" ping -c 3 -W 3 $HOST_IP
fi
finish
