#!/bin/sh
# Robustness: the link changes speed and duplex while iperf3 sends (forced
# 10/half, forced 100/full, autonegotiation again); each change goes
# through phylib's adjust_link, which in fec_rs restarts the MAC. Afterwards
# the link is back at its first settings, traffic flows, counters grew.
# timeout: 150
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
speed() { ethtool $IF | awk '/Speed:/ { print $2 }'; }
duplex() { ethtool $IF | awk '/Duplex:/ { print $2 }'; }
s0="$(speed) $(duplex)"
diag "initial link: $s0"
# A fixed link (the emulated eTSEC) has one mode only.
ethtool $IF | sed -n '/Supported link modes/,/Supported pause/p' > /tmp/lm
grep -q 10baseT/Half /tmp/lm && grep -q 100baseT/Full /tmp/lm ||
	skip "the PHY offers no 10/half and 100/full modes (fixed link)"
ethtool -s $IF speed 10 duplex half autoneg off > /tmp/lm 2>&1 || skip "link modes cannot be forced ($(head -1 /tmp/lm))"
ethtool -s $IF autoneg on
link_back
tx0=$(cat /sys/class/net/$IF/statistics/tx_packets)
iperf3 -c $HOST_IP -p 5202 -t 40 -w 128K > /dev/null 2>&1 &
sleep 2
seen=
ethtool -s $IF speed 10 duplex half autoneg off
wait_for 10 sh -c "[ \"\$(ethtool $IF | awk '/Speed:/ { print \$2 }')\" = 10Mb/s ]"
seen="$seen $(speed)/$(duplex)"
sleep 2
ethtool -s $IF speed 100 duplex full autoneg off
wait_for 10 sh -c "[ \"\$(ethtool $IF | awk '/Speed:/ { print \$2 }')\" = 100Mb/s ]"
seen="$seen $(speed)/$(duplex)"
sleep 2
ethtool -s $IF autoneg on
sleep 3
killall -9 iperf3 > /dev/null 2>&1
diag "link modes seen:$seen"
check "forced 10 Mbit/s half duplex took effect" sh -c "echo '$seen' | grep -q '10Mb/s/Half'"
check "forced 100 Mbit/s full duplex took effect" sh -c "echo '$seen' | grep -q '100Mb/s/Full'"
check "carrier up" link_back
check "back to the initial link ($s0)" test "$(speed) $(duplex)" = "$s0"
check "traffic afterwards" ping -c 3 -W 3 $HOST_IP
tx1=$(cat /sys/class/net/$IF/statistics/tx_packets)
diag "tx_packets $tx0 -> $tx1"
check "frames sent across the changes" test $((tx1 - tx0)) -gt 1000
if [ "$NXP_DRIVER/$NXP_MAC" = rust/enet ]; then
	n=$(ethtool -S $IF | awk '$1 == "sw_link_restarts:" { print $2 }')
	diag "MAC restarts for link changes: $n"
	check "the MAC restarted for the changes" test "$n" -ge 3
fi
finish
