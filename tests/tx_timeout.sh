#!/bin/sh
# Robustness: a transmitter that stops (simulated through our drivers'
# debugfs knob `stall_tx`: no doorbells) fills BQL, the stack's watchdog
# reports a Tx timeout, the driver resets and traffic recovers by itself.
# timeout: 150
. /usr/share/nxp/tests/lib.sh
[ "$NXP_DRIVER" = rust ] || skip "the C drivers have no way to stall their transmitter"
check "interface up" netif_up
IF=$(netif)
knob=$(dbgdir)/stall_tx
[ -e "$knob" ] || skip "no debugfs knob (CONFIG_DEBUG_FS off?)"
timeouts() { dmesg | grep -c "$IF.*transmit queue 0 timed out"; }
t0=$(timeouts)
# UDP at a fixed rate fills BQL's budget once the doorbells stop (TCP would
# wait for ACKs with less in flight). BQL's limit is capped for the test: a
# limit grown by earlier traffic can exceed the socket's send buffer, which
# then blocks the sender before the queue stops.
B=/sys/class/net/$IF/queues/tx-0/byte_queue_limits
lmax=$(cat $B/limit_max)
echo 32768 > $B/limit_max
p0=$(cat /sys/class/net/$IF/statistics/tx_packets)
# Armed once the stream flows. The stream lasts longer than the stall, the
# reset and the check after it take on a slow guest (the i.MX7D beside
# another board, 2026-12-06: a 20 s stream had ended by the check); it is
# stopped after the check.
udp_stream 200M 60 2000
pid=$!
echo 1 > $knob
fired() { [ $(timeouts) -gt $t0 ]; }
if ! wait_for 20 fired; then
	diag "no timeout: tx_packets $(cat /sys/class/net/$IF/statistics/tx_packets) (from $p0), BQL inflight $(cat $B/inflight) limit $(cat $B/limit), carrier $(cat /sys/class/net/$IF/carrier), knob $(cat $knob)"
	sed 's/^/#   /' /tmp/iperf.out | tail -5
	check "watchdog reported a Tx timeout" false
	echo 0 > $knob
	echo $lmax > $B/limit_max
	killall iperf3 2> /dev/null
	finish
fi
check "watchdog reported a Tx timeout" true
dmesg | grep "$IF.*timed out\|Tx timeout\|Tx stall" | tail -3 | sed 's/^/# /'
cleared() { [ "$(cat $knob)" = 0 ]; }
check "the reset ended the stall" wait_for 10 cleared
check "carrier up after the reset" link_back
tx0=$(cat /sys/class/net/$IF/statistics/tx_packets)
sleep 3
tx1=$(cat /sys/class/net/$IF/statistics/tx_packets)
diag "tx_packets over 3 s after the reset: $((tx1 - tx0))"
check "the UDP stream resumed" test $((tx1 - tx0)) -gt 100
killall iperf3 2> /dev/null
wait $pid 2> /dev/null
# Never leave the transmitter stalled for the tests that follow.
echo 0 > $knob
echo $lmax > $B/limit_max
check "traffic after the reset" ping -c 3 -W 3 $HOST_IP
finish
