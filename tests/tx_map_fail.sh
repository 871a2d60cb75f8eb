#!/bin/sh
# Robustness: Tx DMA-mapping failures under load, injected through our
# drivers' debugfs knob `fail_tx_map`: each armed failure makes one packet's
# last mapping fail after all its others were made, so the unwinding of a
# partly mapped packet runs. Each failure must drop exactly that packet,
# counted in tx_dropped, and leave nothing behind: BQL has nothing in flight
# afterwards, TCP recovers, and unloading the driver leaves no mapping (the
# debug kernels' DMA-API debugging counts one as an error). With TSO, the
# debugfs count tx_map_unwound shows that failures hit packets whose other
# parts were mapped first. Once with TSO where the driver has it (GSO packets mapped per
# segment) and once without (TCP's packets then carry page fragments), after
# UDP's linear packets. The C drivers have no such knob.
# timeout: 240
. /usr/share/nxp/tests/lib.sh
[ "$NXP_DRIVER" = rust ] || skip "the C drivers have no Tx mapping fault injection"
check "interface up" netif_up
IF=$(netif)
knob=$(dbgdir)/fail_tx_map
[ -e "$knob" ] || skip "no debugfs knob (CONFIG_DEBUG_FS off?)"
diag "knob $knob"
S=/sys/class/net/$IF/statistics
B=/sys/class/net/$IF/queues/tx-0/byte_queue_limits
consumed() { [ "$(cat $knob)" = 0 ]; }
flowing() { [ $(($(cat $S/tx_packets) - p0)) -gt 2000 ]; }
drained() { [ "$(cat $B/inflight)" = 0 ]; }
# inject <mode> <count> <at once: 1|0>: the failures under the traffic
# running, all at once (UDP, which does not back off) or one at a time
# (TCP: each one costs a retransmission; the next waits until the stream
# has recovered, since one hitting the retransmission doubles TCP's timeout);
# checks they were consumed, each dropping exactly one packet.
inject() {
	d0=$(cat $S/tx_dropped)
	if [ $3 = 1 ]; then
		echo $2 > $knob
		check "$1: all $2 failures consumed under load" wait_for 20 consumed
	else
		i=0
		while [ $i -lt $2 ]; do
			echo 1 > $knob
			wait_for 10 consumed || break
			i=$((i + 1))
			# TCP recovers before the next failure, so that none hits
			# its retransmission (each such doubles the timeout).
			pr=$(cat $S/tx_packets)
			recovered() { [ $(($(cat $S/tx_packets) - pr)) -gt 50 ]; }
			wait_for 10 recovered
		done
		check "$1: all $2 failures consumed under load, one at a time" test $i = $2
	fi
	left=$(cat $knob)
	echo 0 > $knob
	# The stream goes on past the failures: within 15 s, since TCP may be
	# in a retransmission timeout whose backoff doubled with each failure
	# that hit a retransmission (seen: 2 s without a packet on a busy host).
	p1=$(cat $S/tx_packets)
	d1=$(cat $S/tx_dropped)
	went_on() { [ $(($(cat $S/tx_packets) - p1)) -gt 100 ]; }
	t1=$(date +%s)
	wait_for 15 went_on
	p2=$(cat $S/tx_packets)
	diag "$1: failures left $left; tx_dropped $d0 -> $d1; tx_packets $p1 -> $p2 within $(($(date +%s) - t1)) s"
	check "$1: tx_dropped grew by exactly the $2 injected failures" test $((d1 - d0)) = $2
	check "$1: traffic went on after the failures" test $((p2 - p1)) -gt 100
}
unwound() { cat "$(dirname $knob)/tx_map_unwound"; }
# Linear packets (UDP): the head mapping fails.
p0=$(cat $S/tx_packets)
udp_stream 30M 60 500
pid=$!
inject udp 50 1
killall iperf3 2> /dev/null
wait $pid
# TCP's packets carry page fragments: the last fragment's mapping fails,
# after the head's and the others' (with TSO: GSO packets mapped per segment).
tso_on() { ethtool -k "$IF" | grep -q '^tcp-segmentation-offload: on'; }
modes=sg
ethtool -K "$IF" tso on > /dev/null 2>&1
# (On the i.MX6UL, whose DMA needs aligned buffers, TSO copies each frame
# whole and maps nothing: no mapping there to fail.)
tso_on && [ "$NXP_BOARD" != arm-imx6ul ] && modes="tso sg"
for mode in $modes; do
	[ $mode = sg ] && ethtool -K "$IF" tso off > /dev/null 2>&1
	diag "$mode: $(ethtool -k "$IF" | grep -E '^(tcp-segmentation-offload|scatter-gather):' | tr '\n' ' ')"
	u0=$(unwound)
	p0=$(cat $S/tx_packets)
	# (The host's server may still be busy with the last mode's killed
	# client: a client it refuses is started again.)
	try=0
	while :; do
		iperf3 -c $HOST_IP -t 60 -w 128K -f m > /tmp/iperf.out 2>&1 &
		pid=$!
		wait_for 10 flowing && break
		try=$((try + 1))
		grep -q "server is busy" /tmp/iperf.out && [ $try -lt 5 ] || break
		diag "$mode: the host's server was busy, try $((try + 1))"
		killall iperf3 2> /dev/null
		wait $pid
		sleep 1
	done
	check "$mode: TCP flowing before the failures" flowing
	inject "TCP $mode" 10 0
	u1=$(unwound)
	diag "TCP $mode: $((u1 - u0)) of the failures hit a packet after other mappings or descriptors"
	# With TSO every data packet is a GSO packet; without it, parts that
	# copy unaligned buffers (the i.MX6UL) send TCP's packets linear.
	[ $mode = tso ] && check "TCP tso: the unwinding of a partly mapped packet ran" test $((u1 - u0)) -gt 0
	# (`iperf3` is lib.sh's wrapper, so $pid is not iperf3's own.)
	killall iperf3 2> /dev/null
	wait $pid
	sed "s/^/#   /" /tmp/iperf.out | tail -3
	check "TCP $mode: BQL has nothing in flight once traffic stopped" wait_for 5 drained
done
ethtool -K "$IF" tso on > /dev/null 2>&1
# The host's iperf3 server takes a moment to see the killed client go (it
# answers "busy" meanwhile).
sleep 3
tcp_xfer tcp_after 3
# DMA-API debugging (the debug kernels) reports a mapping left at unload;
# it prints only its first error per boot, so its error count is compared.
D=/sys/kernel/debug/dma-api
e0=$(cat $D/error_count 2> /dev/null)
check "unloaded" unload_driver
if [ -n "$e0" ]; then
	diag "DMA-API debugging: errors $e0 -> $(cat $D/error_count), disabled $(cat $D/disabled)"
	check "DMA-API debugging on and no mapping left behind" test "$(cat $D/error_count)" = "$e0" -a "$(cat $D/disabled)" = N
fi
check "loaded again" load_driver
check "interface up again" netif_up
check "ping afterwards" ping -c 3 -W 3 $HOST_IP
finish
