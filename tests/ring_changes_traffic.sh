#!/bin/sh
# Robustness: Tx ring changes in a tight loop, each one a teardown and
# rebuild of the data path, while a UDP stream keeps xmit busy. No packet may
# slip into a ring being torn down or rebuilt, or escape BQL's count (a
# completion of more bytes than BQL saw queued trips the BUG_ON in
# dql_completed()): every change is accepted, and afterwards BQL has nothing
# in flight, the link is up and traffic flows.
# timeout: 240
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
ethtool -g $IF > /dev/null 2>&1 || skip "no ring parameters (ethtool -G) on this driver"
g0=$(cur TX)
small=
for n in 64 128 256; do
	[ "$n" = "$g0" ] && continue
	ethtool -G $IF tx $n 2> /dev/null && { small=$n; break; }
done
[ -n "$small" ] || skip "no Tx ring size other than $g0 accepted"
ethtool -G $IF tx $g0
check "carrier up" link_back
B=/sys/class/net/$IF/queues/tx-0/byte_queue_limits
udp_stream 50M 120 500
pid=$!
# Up to 200 changes, for at most 15 s (a driver whose ring change restarts
# the PHY takes seconds for one).
n=0 ok=0
t0=$(date +%s)
while [ $n -lt 100 ] && [ $(($(date +%s) - t0)) -lt 15 ]; do
	ethtool -G $IF tx $small && ok=$((ok + 1))
	ethtool -G $IF tx $g0 && ok=$((ok + 1))
	n=$((n + 1))
done
diag "$((2 * n)) changes between $g0 and $small descriptors in $(($(date +%s) - t0)) s"
killall iperf3 2> /dev/null
wait $pid 2> /dev/null
check "all $((2 * n)) ring changes accepted under load" test $ok = $((2 * n))
check "Tx ring back to $g0" test "$(cur TX)" = "$g0"
check "carrier up" link_back
check "traffic afterwards" ping -c 3 -W 3 $HOST_IP
drained() { [ "$(cat $B/inflight)" = 0 ]; }
check "BQL has nothing in flight once traffic stopped" wait_for 5 drained
diag "BQL inflight $(cat $B/inflight)"
finish
