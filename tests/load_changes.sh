#!/bin/sh
# Robustness: coalescing and ring changes while iperf3 sends; afterwards the
# settings read back, the link is up, traffic flows and the counters grew.
# timeout: 120
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
coal() { ethtool -c $IF | awk -v k="$1:" '$1 == k { print $2 }'; }
c0="rx-usecs $(coal rx-usecs) rx-frames $(coal rx-frames) tx-usecs $(coal tx-usecs) tx-frames $(coal tx-frames)"
rings=no
ethtool -g $IF > /dev/null 2>&1 && rings=yes && g0="rx $(cur RX) tx $(cur TX)"
diag "initial: $c0; rings: ${g0:-none}"
# Values that differ from the initial ones (ethtool fails on no change).
c1="rx-usecs 32 rx-frames 22 tx-usecs 32 tx-frames 22"
[ "$(coal rx-frames)" = 22 ] || [ "$(coal tx-frames)" = 22 ] && c1="rx-usecs 48 rx-frames 12 tx-usecs 48 tx-frames 12"
tx0=$(cat /sys/class/net/$IF/statistics/tx_packets)
iperf3 -c $HOST_IP -p 5202 -t 30 -w 128K > /dev/null 2>&1 &
sleep 2
ok=0
# (Half a second of traffic between changes, a second after a ring
# change: the link comes back first.)
for i in 1 2 3; do
	ethtool -C $IF $c1 && ok=$((ok + 1))
	sleep 0.5
	if [ $rings = yes ]; then
		ethtool -G $IF rx 128 tx 128 && ok=$((ok + 1))
		sleep 1
		ethtool -G $IF $g0 && ok=$((ok + 1))
		sleep 1
	fi
	ethtool -C $IF $c0 && ok=$((ok + 1))
	sleep 0.5
done
killall -9 iperf3 > /dev/null 2>&1
want=6
[ $rings = yes ] && want=12
check "all $want changes accepted under load" test $ok = $want
check "coalescing back to the initial values" test "rx-usecs $(coal rx-usecs) rx-frames $(coal rx-frames) tx-usecs $(coal tx-usecs) tx-frames $(coal tx-frames)" = "$c0"
[ $rings = yes ] && check "rings back to the initial sizes" test "rx $(cur RX) tx $(cur TX)" = "$g0"
check "carrier up" link_back
check "traffic afterwards" ping -c 3 -W 3 $HOST_IP
tx1=$(cat /sys/class/net/$IF/statistics/tx_packets)
diag "tx_packets $tx0 -> $tx1"
check "frames sent under load" test $((tx1 - tx0)) -gt 1000
finish
