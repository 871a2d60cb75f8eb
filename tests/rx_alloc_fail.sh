#!/bin/sh
# Robustness: Rx buffer allocation failures under load (injected through our
# drivers' debugfs knob `fail_rx_alloc`; the C drivers have none, and the
# kernel's fail_page_alloc needs the debug kernels). Each failure must drop
# exactly one frame, counted in rx_dropped, re-arm its buffer (the ring never
# runs dry), and traffic must go on afterwards.
# timeout: 150
. /usr/share/nxp/tests/lib.sh
[ "$NXP_DRIVER" = rust ] || skip "the C drivers have no Rx allocation fault injection"
check "interface up" netif_up
IF=$(netif)
knob=$(dbgdir)/fail_rx_alloc
[ -e "$knob" ] || skip "no debugfs knob (CONFIG_DEBUG_FS off?)"
diag "knob $knob"
d0=$(cat /sys/class/net/$IF/statistics/rx_dropped)
p0=$(cat /sys/class/net/$IF/statistics/rx_packets)
# The per-queue count the kernel's hw/pp_alloc_fail.py reads (netdev
# qstats, on the boards with YNL).
a0=$(qstat_q $IF rx 0 rx-alloc-fail)
n=300
# Host to guest UDP at a fixed rate (TCP would back off and hardly consume
# the failures); they are armed once it flows (right after boot iperf3 first
# waits for the kernel's random pool), and the flow lasts until they are
# consumed (it is stopped then): failures left armed after it would drop
# iperf3's closing exchange and the pings below. The rate stays below what
# the guest drains where it cannot take 100 Mbit/s of small-socket UDP: on
# the debug kernels (kmemleak is there) the flood starves this shell for
# seconds on the single-core i.MX6UL; on the ppce500, QEMU's eTSEC model
# segfaults now and then after Rx ring overruns (its resume path), with the
# C gianfar and with ours (Documentation/design.md). The flow may last
# longer than the waits below (8 s for it to flow, 15 s for the failures),
# so that it still flows when they end on a guest short of CPU time.
rate=100M
[ "$NXP_MAC" = etsec ] || [ -e /sys/kernel/debug/kmemleak ] && rate=30M
diag "rate $rate"
iperf3 -c $HOST_IP -u -R -b $rate -t 40 > /tmp/iperf.out 2>&1 &
pid=$!
flowing() { [ $(($(cat /sys/class/net/$IF/statistics/rx_packets) - p0)) -gt 2000 ]; }
consumed() { [ "$(cat $knob)" = 0 ]; }
check "traffic flowing before the failures" wait_for 8 flowing
echo $n > $knob
check "all $n failures consumed under load" wait_for 15 consumed
left=$(cat $knob)
# Whatever is left is disarmed: the checks below test the ring, not the knob.
echo 0 > $knob
d1=$(cat /sys/class/net/$IF/statistics/rx_dropped)
p1=$(cat /sys/class/net/$IF/statistics/rx_packets)
sleep 1
p2=$(cat /sys/class/net/$IF/statistics/rx_packets)
# (`iperf3` is lib.sh's wrapper, so $pid is not iperf3's own.)
killall iperf3 2> /dev/null
wait $pid
sed "s/^/#   /" /tmp/iperf.out | tail -8
diag "failures left: $left; rx_dropped $d0 -> $d1, rx_packets $p0 -> $p1 -> $p2 (1 s later)"
check "rx_dropped grew by the $n injected failures" test $((d1 - d0)) -ge $n
if [ "$a0" != none ]; then
	a1=$(qstat_q $IF rx 0 rx-alloc-fail)
	diag "qstats rx-alloc-fail of Rx queue 0: $a0 -> $a1"
	check "qstats rx-alloc-fail counts the $n failures" test $((a1 - a0)) -ge $n
fi
check "frames kept arriving after the failures" test $((p2 - p1)) -gt 100
check "traffic afterwards" ping -c 3 -W 3 $HOST_IP
finish
