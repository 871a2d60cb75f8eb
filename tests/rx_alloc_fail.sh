#!/bin/sh
# Robustness: Rx buffer allocation failures under load (injected through our
# drivers' debugfs knob `fail_rx_alloc`; the C drivers have none, and the
# kernel's fail_page_alloc needs the debug kernels). Each failure must drop
# exactly one frame, counted in rx_dropped, re-arm its buffer (the ring never
# runs dry), and traffic must go on afterwards.
# timeout: 90
. /usr/share/nxp/tests/lib.sh
[ "$NXP_DRIVER" = rust ] || skip "the C drivers have no Rx allocation fault injection"
check "interface up" netif_up
IF=$(netif)
knob=$(dbgdir)/fail_rx_alloc
[ -e "$knob" ] || skip "no debugfs knob (CONFIG_DEBUG_FS off?)"
diag "knob $knob"
d0=$(cat /sys/class/net/$IF/statistics/rx_dropped)
p0=$(cat /sys/class/net/$IF/statistics/rx_packets)
n=300
# Host to guest UDP at a fixed rate (TCP would back off and hardly consume
# the failures); they are armed once it flows (right after boot iperf3 first
# waits for the kernel's random pool).
# On the ppce500 the rate stays below what the guest drains: QEMU's eTSEC
# model segfaults now and then after Rx ring overruns (its resume path),
# with the C gianfar and with ours (Documentation/design.md).
rate=100M
[ "$NXP_MAC" = etsec ] && rate=30M
iperf3 -c $HOST_IP -u -R -b $rate -t 6 > /tmp/iperf.out 2>&1 &
pid=$!
flowing() { [ $(($(cat /sys/class/net/$IF/statistics/rx_packets) - p0)) -gt 2000 ]; }
check "traffic flowing before the failures" wait_for 8 flowing
echo $n > $knob
wait $pid
rc=$?
sed "s/^/#   /" /tmp/iperf.out | tail -8
check "iperf3 -u -R completed despite the drops" test $rc = 0
check "all $n failures consumed" test "$(cat $knob)" = 0
d1=$(cat /sys/class/net/$IF/statistics/rx_dropped)
p1=$(cat /sys/class/net/$IF/statistics/rx_packets)
diag "rx_dropped $d0 -> $d1, rx_packets $p0 -> $p1"
check "rx_dropped grew by the $n injected failures" test $((d1 - d0)) -ge $n
check "frames kept arriving" test $((p1 - p0)) -gt 1000
check "traffic afterwards" ping -c 3 -W 3 $HOST_IP
finish
