#!/bin/sh
# Control operations under load: while TCP runs both ways (to and from the
# host's two iperf3 servers), loop every control operation the driver has,
# in a shuffled order, once each in both states and then for CONTROL_SECS
# seconds more (default 10; `make soak` runs 1800): ring and coalescing changes, pause on and off, MTU changes
# (across 1500 where the controller allows), Rx checksum and TSO toggles,
# an XDP program (XDP_PASS) attached and detached, link flaps (down/up)
# and a driver reload. Each operation must be accepted
# and the carrier back within 15 s; between reloads the interface counters
# never go backwards. Our drivers check at every Tx completion meanwhile
# that BQL's bytes in flight are the bytes on the Tx ring (debugfs knob
# check_bql; counts bql_checks, bql_mismatch): none may differ; and that
# no xmit came while a ring was being rebuilt (count xmit_no_ring). Afterwards BQL has nothing in flight, the settings are
# the initial ones and traffic flows. An operation the driver lacks (its
# first try fails) is left out and said so; CONTROL_OPS names the ones to
# run (default all; spaces or commas).
# timeout: 180
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
SECS=${CONTROL_SECS:-10}
st() { cat /sys/class/net/$IF/statistics/$1; }
coal() { ethtool -c $IF | awk -v k="$1:" '$1 == k { print $2 }'; }
# The initial settings.
c0="rx-usecs $(coal rx-usecs) rx-frames $(coal rx-frames) tx-usecs $(coal tx-usecs) tx-frames $(coal tx-frames)"
c1="rx-usecs 32 rx-frames 22 tx-usecs 32 tx-frames 22"
[ "$(coal rx-frames)" = 22 ] || [ "$(coal tx-frames)" = 22 ] && c1="rx-usecs 48 rx-frames 12 tx-usecs 48 tx-frames 12"
# Ours switch adaptive coalescing (net DIM) with it: its work item against
# restarts, reloads and the NAPIs' disable.
c0v=$c0
if [ "$NXP_DRIVER" = rust ]; then
	c0="$c0 adaptive-rx off adaptive-tx off"
	c1="$c1 adaptive-rx on adaptive-tx on"
fi
g0="rx $(cur RX) tx $(cur TX)"
g1="rx 128 tx $(cur TX)"
[ "$(cur RX)" = 128 ] && g1="rx 256 tx $(cur TX)"
max=$(ip -d link show $IF | sed -n 's/.*maxmtu \([0-9]*\).*/\1/p')
CS_OPS=$(echo "${CONTROL_OPS:-ring coal pause mtu csum tso xdp flap reload}" | tr , ' ')
mtus="1400 1500"
# (On the eTSEC an MTU above 1512 spans Rx buffers, which XDP does not
# take: with the XDP operation its MTUs stay under that.)
if [ "${max:-0}" -ge 1800 ]; then
	case "$NXP_MAC $CS_OPS " in etsec*" xdp "*) ;; *) mtus="1400 1500 1800 1500" ;; esac
fi
tso_fixed=$(ethtool -k $IF | awk '$1 == "tcp-segmentation-offload:" { print ($3 == "[fixed]") }')
# One operation, its two states: op_<name> <0|1>.
op_ring() { if [ $1 = 1 ]; then ethtool -G $IF $g1; else ethtool -G $IF $g0; fi; }
op_coal() { if [ $1 = 1 ]; then ethtool -C $IF $c1; else ethtool -C $IF $c0; fi; }
op_pause() { if [ $1 = 1 ]; then ethtool -A $IF autoneg off rx off tx off; else ethtool -A $IF autoneg on rx on tx on; fi; }
mtu_i=0
op_mtu() {
	set -- $mtus
	shift $mtu_i
	ip link set $IF mtu $1 || return 1
	set -- $mtus
	mtu_i=$(((mtu_i + 1) % $#))
}
op_csum() { if [ $1 = 1 ]; then ethtool -K $IF rx off; else ethtool -K $IF rx on; fi; }
op_tso() { if [ $1 = 1 ]; then ethtool -K $IF tso off; else ethtool -K $IF tso on; fi; }
op_xdp() { if [ $1 = 1 ]; then xdpload $IF pass; else xdpload $IF off; fi; }
op_flap() { ip link set $IF down && ip link set $IF up; }
op_reload() {
	bql_sum
	unload_driver && netif_up && IF=$(netif) && fresh && bql_on
}
# The BQL check of our drivers, summed over reloads (each starts at 0).
bqlc=0 bqlm=0 noring=0
bql_on() { [ -n "$(dbgdir)" ] && echo 1 > "$(dbgdir)/check_bql" || true; }
bql_sum() {
	d=$(dbgdir) || return 0
	# (Mismatches first: checks may go on while this reads.)
	bqlm=$((bqlm + $(cat $d/bql_mismatch)))
	bqlc=$((bqlc + $(cat $d/bql_checks)))
	noring=$((noring + $(cat $d/xmit_no_ring)))
	echo 0 > $d/check_bql
}
# After a reload every setting is the driver's default again: state 0.
fresh() {
	for f in ring coal pause csum tso xdp; do eval "st_$f=0"; done
	mtu_i=0
}
# The operations this driver has: each one tried once (and undone). Ours
# may leave one out only as unsupported (the kernel's "not supported", or
# no feature to change); any other refusal or a lost link fails.
ops= missing=
for o in $CS_OPS; do
	case $o in tso) [ "$tso_fixed" = 1 ] && continue ;; esac
	if op_$o 1 > /tmp/op.out 2>&1 && link_back > /dev/null 2>&1 && op_$o 0 > /tmp/op.out 2>&1 && link_back > /dev/null 2>&1; then
		ops="$ops $o"
	else
		diag "left out: $o ($(head -1 /tmp/op.out))"
		grep -qiE "not supported|Could not change any device features" /tmp/op.out ||
			missing="$missing $o"
		op_$o 0 > /dev/null 2>&1
		link_back > /dev/null 2>&1
	fi
done
[ "$(ip -o link show $IF | sed -n 's/.* mtu \([0-9]*\) .*/\1/p')" = 1500 ] || ip link set $IF mtu 1500
mtu_i=0
diag "operations: $ops; for $SECS s"
check "operations to run" test -n "$ops"
[ "$NXP_DRIVER" = rust ] && check "no operation left out but as unsupported" test -z "$missing"
# Traffic both ways, restarted when a stream ends (a reload ends them).
# QEMU's eTSEC has no Rx flow control, and a full-rate stream into it
# beside controller resets ends QEMU (SIGSEGV, with the C gianfar too;
# README, "What the emulated boards cannot show"): there both are paced
# (20 Mbit/s: 100 still crashed it).
rate=
[ "$NXP_MAC" = etsec ] && rate="-b 20M"
traffic() {
	{ [ -n "${tpid:-}" ] && kill -0 $tpid 2> /dev/null; } ||
		{ iperf3 -c $HOST_IP -p 5202 -t $((SECS + 30)) -w 128K $rate > /dev/null 2>&1 & tpid=$!; }
	{ [ -n "${rpid:-}" ] && kill -0 $rpid 2> /dev/null; } ||
		{ iperf3 -c $HOST_IP -R -t $((SECS + 30)) -w 128K $rate > /dev/null 2>&1 & rpid=$!; }
}
counters() { echo "$(st rx_packets) $(st tx_packets) $(st rx_bytes) $(st tx_bytes)"; }
# monotonic <before> <after>: no counter went backwards.
monotonic() {
	set -- $1 $2
	[ $5 -ge $1 ] && [ $6 -ge $2 ] && [ $7 -ge $3 ] && [ $8 -ge $4 ]
}
bql_on
traffic
sleep 2
nops=0 refusals=0 stuckn=0 backn=0
fresh
cs_t0=$(date +%s)
prev=$(counters)
while [ $(($(date +%s) - cs_t0)) -lt $SECS ] && [ -n "$ops" ]; do
	# A shuffled pass over the operations (awk's rand, seeded by the time).
	for o in $(echo $ops | tr ' ' '\n' | awk 'BEGIN { srand() } { print rand(), $0 }' | sort -n | cut -d' ' -f2); do
		[ $(($(date +%s) - cs_t0)) -lt $SECS ] || break
		eval "cs_state=\$((1 - \${st_$o:-0}))"
		eval "st_$o=$cs_state"
		nops=$((nops + 1))
		if ! op_$o $cs_state > /tmp/op.out 2>&1; then
			refusals=$((refusals + 1))
			diag "$o $cs_state refused: $(head -1 /tmp/op.out)"
		fi
		if ! link_back > /dev/null 2>&1; then
			stuckn=$((stuckn + 1))
			diag "$o $cs_state: no carrier or no traffic within 25 s"
		fi
		now=$(counters)
		if [ $o = reload ]; then
			:
		elif ! monotonic "$prev" "$now"; then
			backn=$((backn + 1))
			diag "$o $cs_state: counters went backwards: $prev -> $now"
		fi
		prev=$now
		traffic
	done
done
diag "$nops operations in $(($(date +%s) - cs_t0)) s"
killall iperf3 > /dev/null 2>&1
bql_sum
check "every operation accepted" test $refusals = 0
check "carrier and traffic back after each" test $stuckn = 0
check "counters never went backwards" test $backn = 0
if [ "$NXP_DRIVER" = rust ]; then
	diag "BQL checked at $bqlc Tx completions, $bqlm mismatches"
	check "BQL checked during the storm" test $bqlc -gt 0
	check "BQL in flight equals the bytes on the Tx ring at every check" test $bqlm = 0
	# (debugfs xmit_no_ring: xmit calls that found the Tx ring being
	# rebuilt or freed, which stopping the queue first rules out.)
	check "no xmit while a ring was being rebuilt ($noring)" test $noring = 0
fi
# Back to the initial settings (each op's state 0).
for o in $ops; do
	case $o in flap | reload | mtu) continue ;; esac
	op_$o 0 > /dev/null 2>&1
done
ip link set $IF mtu 1500
check "carrier up" link_back
B=/sys/class/net/$IF/queues/tx-0/byte_queue_limits
drained() { [ "$(cat $B/inflight)" = 0 ]; }
check "BQL has nothing in flight once traffic stopped" wait_for 5 drained
check "coalescing back to the initial values" test "rx-usecs $(coal rx-usecs) rx-frames $(coal rx-frames) tx-usecs $(coal tx-usecs) tx-frames $(coal tx-frames)" = "$c0v"
[ "$NXP_DRIVER" = rust ] && check "adaptive coalescing off again" test "$(ethtool -c $IF | awk '$1 == "Adaptive" { print $3 "/" $5 }')" = off/off
case " $ops " in *" ring "*) check "rings back to the initial sizes" test "rx $(cur RX) tx $(cur TX)" = "$g0" ;; esac
check "ping afterwards" ping -c 3 -W 3 $HOST_IP
tcp_xfer tcp_after 3
finish
