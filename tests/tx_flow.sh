#!/bin/sh
# Tx flow control: with its ring full the driver stops its queue in advance
# (before a packet fails to fit), counts the stop in the per-queue
# statistics (qstats `tx-stop` over netdev netlink, with `tx-wake` never
# ahead of it), and traffic resumes afterwards. The transmitter is stalled
# through our debugfs knob `stall_tx` (no doorbells) on a small Tx ring with
# BQL out of the way, so that the ring fills, not BQL; the stack's watchdog
# then resets the controller, as in tx_timeout.
# timeout: 150
. /usr/share/nxp/tests/lib.sh
[ "$NXP_DRIVER" = rust ] || skip "the C drivers have no way to stall their transmitter"
have_ynl || skip "no YNL CLI in this userland (the kernel's suites are installed on the Debian guests)"
check "interface up" netif_up
IF=$(netif)
knob=$(dbgdir)/stall_tx
[ -e "$knob" ] || skip "no debugfs knob (CONFIG_DEBUG_FS off?)"
# qstat <name>: a counter of Tx queue 0 ("none" if the driver keeps none).
qstat() { qstat_txq $IF 0 "$1"; }
s0=$(qstat tx-stop)
w0=$(qstat tx-wake)
diag "tx-stop $s0, tx-wake $w0"
check "the driver reports tx-stop and tx-wake" test "$s0" != none -a "$w0" != none
[ "$s0" != none ] && [ "$w0" != none ] || finish
ring=$(ethtool -g $IF | awk '/^Current/ { c = 1 } c && $1 == "TX:" { print $2 }')
small=
for n in 64 128 256; do
	ethtool -G $IF tx $n 2> /dev/null && { small=$n; break; }
done
check "a small Tx ring ($small descriptors)" test -n "$small"
link_back
B=/sys/class/net/$IF/queues/tx-0/byte_queue_limits
lmin=$(cat $B/limit_min)
echo 10000000 > $B/limit_min
# Stalled once the stream flows.
udp_stream 50M 20 500
pid=$!
echo 1 > $knob
stopped() { [ "$(qstat tx-stop)" -gt "$s0" ]; }
check "the full ring stopped the queue (tx-stop counted)" wait_for 20 stopped
# The watchdog's reset ends the stall (the knob reads 0 again).
cleared() { [ "$(cat $knob)" = 0 ]; }
check "the watchdog's reset ended the stall" wait_for 20 cleared
echo 0 > $knob
check "carrier up after the reset" link_back
tx0=$(cat /sys/class/net/$IF/statistics/tx_packets)
sleep 2
tx1=$(cat /sys/class/net/$IF/statistics/tx_packets)
check "the UDP stream resumed" test $((tx1 - tx0)) -gt 100
killall iperf3 2> /dev/null
wait $pid 2> /dev/null
s1=$(qstat tx-stop)
w1=$(qstat tx-wake)
diag "tx-stop $s0 -> $s1, tx-wake $w0 -> $w1"
check "wakes never outnumber stops" test $((w1 - w0)) -le $((s1 - s0))
echo $lmin > $B/limit_min
[ -n "$small" ] && [ -n "$ring" ] && ethtool -G $IF tx $ring
link_back
check "traffic afterwards" ping -c 3 -W 3 $HOST_IP
finish
