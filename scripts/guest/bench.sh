#!/bin/sh
# Guest side of the benchmark (scripts/bench.sh): alternates the C driver and
# ours (c rust c rust ...: a drift over the run hits both alike), and for
# each run measures throughput and the guest's CPU cost. Every result is a line
#   NXP-BENCH <set> <round> <driver> <metric> <value>
# which the host collects. Settings (run.conf): BENCH_ROUNDS, BENCH_SECS,
# BENCH_SWEEPS (1: also the ring / coalescing / BQL / Rx checksum / NAPI
# sweeps).
. /usr/share/nxp/tests/lib.sh
ROUNDS=${BENCH_ROUNDS:-5}
SECS=${BENCH_SECS:-10}
NCPU=$(grep -c ^processor /proc/cpuinfo)

out() { echo "NXP-BENCH $SET $ROUND $DRV $1 $2"; }

# CPU time of the whole guest from /proc/stat (jiffies): "busy total".
cpu() { awk '/^cpu / { t = 0; for (i = 2; i <= NF; i++) t += $i; print t - $5 - $6, t }' /proc/stat; }

# measure <name> <command...>: runs a transfer, prints its rate (from the
# command's "rate" on stdout, Mbit/s or kpps) with the guest CPU use (%, all
# CPUs = 100) and the service demand (us of CPU per KB moved; Mbit/s only).
measure() {
	name=$1
	shift
	# The host reads its vCPU threads' CPU time at each mark (scripts/bench.sh).
	echo "NXP-BENCH-MARK $SET $ROUND $DRV $name start"
	sleep 0.5
	set -- $(cpu) "$@"
	b0=$1 t0=$2
	shift 2
	r=$("$@")
	set -- $(cpu)
	echo "NXP-BENCH-MARK $SET $ROUND $DRV $name stop"
	sleep 0.5
	busy=$(($1 - b0)) total=$(($2 - t0))
	# A load the driver or the remote end does not offer (XDP with the C
	# gianfar) gives no value at all, rather than a rate of 0.
	if [ -z "$r" ]; then
		echo "NXP-BENCH-INFO $DRV: no $name here"
		return 0
	fi
	# (A rate is a number; anything else is the load's complaint.)
	case $r in
	*[!0-9.]* | .*)
		echo "NXP-BENCH-INFO $DRV: no $name here: $r"
		return 0
		;;
	esac
	out "$name" "$r"
	awk -v b=$busy -v t=$total -v r="$r" -v s=$SECS -v n=$NCPU -v m="$name" 'BEGIN {
		if (t <= 0) exit
		u = 100 * b / t
		printf "NXP-BENCH %s %s %s %s_cpu %.1f\n", ENVIRON["SET"], ENVIRON["ROUND"], ENVIRON["DRV"], m, u
		# CPU-seconds spent = u/100 * n * s; KB moved = r * s * 1e6 / 8 / 1024.
		if (m !~ /kpps|tps/ && r > 0)
			printf "NXP-BENCH %s %s %s %s_sd %.2f\n", ENVIRON["SET"], ENVIRON["ROUND"], ENVIRON["DRV"], m, (u / 100 * n * s * 1e6) / (r * s * 1e6 / 8 / 1024)
		# Frames: guest CPU us per frame (frames = r * 1000 * s), the cost
		# where the rate is the offered one (a paced flood).
		if (m ~ /kpps/ && r > 0)
			printf "NXP-BENCH %s %s %s %s_upf %.2f\n", ENVIRON["SET"], ENVIRON["ROUND"], ENVIRON["DRV"], m, (u / 100 * n * s * 1e6) / (r * 1000 * s)
	}'
}
export SET ROUND DRV

iperf_rate() { # Mbit/s of the receiver summary line
	awk '$NF == "receiver" { for (i = 1; i < NF; i++) if ($(i+1) ~ /bits\/sec/) { v = $i; u = $(i+1) } }
		END { if (u ~ /^G/) v *= 1000; if (u ~ /^K/) v /= 1000; print v + 0 }'
}
# With more than one CPU (the i.MX7D) the traffic process runs on the last
# CPU and the NIC's interrupts, hence its NAPI polls, on CPU0 (pin_irqs),
# for both drivers alike. Left to the scheduler, the process lands on the
# interrupts' CPU in some runs and not in others: one CPU then does all the
# work (50 % busy of two) or the two share it (60 %), and rates split into
# two groups, 430-520 against 650-750 Mbit/s of TCP tx for either driver
# (2026-11-30, 3 runs per driver and placement), which medians of 9 rounds
# did not tame. BENCH_PIN=0 leaves placement to the scheduler.
PIN_A= PIN_T=
if [ "$NCPU" -gt 1 ] && [ "${BENCH_PIN:-1}" = 1 ]; then
	PIN_A="-A $((NCPU - 1))" PIN_T="-T $((NCPU - 1)),"
fi
pin_irqs() { # the interrupts of $IF's controller to CPU0
	[ -n "$PIN_A" ] || return 0
	for i in $(awk -v p="$IF|$DRV_NAME|fec|gianfar|ethernet" '$1 ~ /^[0-9]+:$/ && $NF ~ p { sub(":", "", $1); print $1 }' /proc/interrupts); do
		echo 1 > /proc/irq/$i/smp_affinity 2> /dev/null || true
	done
}
tcp_tx() { iperf3 -c $HOST_IP -t $SECS -w 128K -f m $PIN_A 2> /dev/null | iperf_rate; }
tcp_rx() { iperf3 -c $HOST_IP -t $SECS -w 128K -f m -R $PIN_A 2> /dev/null | iperf_rate; }
# netperf with fixed 128 KiB socket buffers on both ends; THROUGHPUT in Mbit/s.
np() { netperf -H $HOST_IP -t $1 -l $SECS -P 0 $PIN_T -- -s 128K -S 128K -o THROUGHPUT 2> /dev/null | tail -1 | tr -d ' '; }
np_stream() { np TCP_STREAM; }
np_maerts() { np TCP_MAERTS; }
# 64-byte UDP datagrams from the guest as fast as it can: datagrams the host
# received per second, in thousands.
udp64() {
	iperf3 -c $HOST_IP -u -l 64 -b 0 -t $SECS $PIN_A 2> /dev/null |
		awk -v s=$SECS '$NF == "receiver" { split($(NF-2), a, "/"); print (a[2] - a[1]) / s / 1000 }'
}

# The host floods the guest with 64-byte UDP datagrams to port 9 for $SECS
# (scripts/udp-flood.c, through the remote agent): thousands of frames a
# second counted by the driver in $1 (a counter of `ethtool -S`, or the
# interface's rx_packets). Nothing when the remote end is not ours, or on
# the emulated eTSEC.
# FLOOD_PPS paces the flood (frames a second; empty: unpaced).
# flood_runs: whether a flood can run here. QEMU's eTSEC model has no Rx flow
# control and segfaults under an unpaced flood (README, "What the emulated
# boards cannot show"): on the ppce500 only paced (BENCH_ONLY=xdp).
flood_runs() { [ "$NXP_MAC" != etsec ] || [ -n "${FLOOD_PPS:-}" ]; }
flood_rate() {
	flood_runs || return 0
	fk=$1
	c() {
		if [ "$fk" = rx_packets ]; then
			cat /sys/class/net/$IF/statistics/rx_packets
		else
			ethtool -S $IF | awk -v k="$fk:" '$1 == k { print $2 }'
		fi
	}
	f0=$(c)
	remote_run $((SECS + 10)) "\$NXP_HOST_TOOLS/udp-flood $GUEST_IP 9 $SECS 18 ${FLOOD_PPS:-0}" || return 0
	f1=$(c)
	awk -v a="$f0" -v b="$f1" -v s=$SECS 'BEGIN { print (b - a) / s / 1000 }'
}
udp64_rx() { flood_rate rx_packets; }

# TCP as applications write it, and request/response (the "apps" set,
# BENCH_APPS=1): netperf with the same fixed socket buffers and a given
# send size (TCP_STREAM `-m <size>`; TCP_MAERTS `-m ,<size>`, the remote's
# sends), and the transaction rate of TCP_RR and UDP_RR (`-r <req>,<resp>`).
# THROUGHPUT is Mbit/s for the streams and transactions/s for *_RR.
np_app() { # <test> <test-specific options...>
	t=$1
	shift
	netperf -H $HOST_IP -t $t -l $SECS -P 0 $PIN_T -- -s 128K -S 128K "$@" -o THROUGHPUT 2> /dev/null | tail -1 | tr -d ' '
}
np_stream_1k() { np_app TCP_STREAM -m 1K; }
np_stream_4k() { np_app TCP_STREAM -m 4K; }
np_maerts_1k() { np_app TCP_MAERTS -m ,1K; }
np_maerts_4k() { np_app TCP_MAERTS -m ,4K; }
tcp_rr_1() { np_app TCP_RR -r 1,1; }
tcp_rr_1k() { np_app TCP_RR -r 1K,1K; }
udp_rr_1() { np_app UDP_RR -r 1,1; }
udp_rr_1k() { np_app UDP_RR -r 1K,1K; }
run_apps() {
	measure netperf_stream_1k_mbps np_stream_1k
	measure netperf_stream_4k_mbps np_stream_4k
	measure netperf_maerts_1k_mbps np_maerts_1k
	measure netperf_maerts_4k_mbps np_maerts_4k
	measure tcp_rr_1_tps tcp_rr_1
	measure tcp_rr_1k_tps tcp_rr_1k
	measure udp_rr_1_tps udp_rr_1
	measure udp_rr_1k_tps udp_rr_1k
}
# XDP in driver mode (scripts/guest/xdpload.c) on the flood's port: frames
# dropped, or sent back, per second. The program is attached before the
# measurement and detached after it (the attach loads and verifies it and
# may rebuild the Rx ring: CPU time that is not the frames'). Nothing where
# the driver has no XDP, or where no flood runs.
xdp_measure() { # <metric> <action> <counter>
	if ! flood_runs || ! xdpload $IF $2 > /dev/null 2>&1; then
		echo "NXP-BENCH-INFO $DRV: no $1 here"
		return 0
	fi
	measure $1 flood_rate $3
	xdpload $IF off > /dev/null 2>&1
}
# AF_XDP in zero-copy mode on Rx queue 0 (xdpload's "xsk"; the ENET only,
# the eTSEC model takes no unpaced flood): the frames per second a socket
# receives from the host's flood (its program redirects them, it drops
# them; from its first frame to its last), and the 60-byte frames per second
# it sends from its own memory (completed). Nothing where the driver refuses
# a zero-copy socket or the socket receives nothing.
xsk_rxdrop() {
	[ "$NXP_MAC" = etsec ] && return 0
	XSK_FIRST_WAIT_MS=$(((SECS + 10) * 1000)) xdpload $IF xsk:zc 1000000000 > /tmp/xsk.out 2>&1 &
	x=$!
	# Ready within 20 s: the program's attach and the socket's bind each
	# rebuild the rings (a full test run once took more than 5 s here).
	k=0
	while ! grep -q "xsk ready" /tmp/xsk.out && kill -0 $x 2> /dev/null && [ $k -lt 200 ]; do
		sleep 0.1
		k=$((k + 1))
	done
	if ! grep -q "xsk ready" /tmp/xsk.out; then
		kill $x 2> /dev/null
		wait $x
		echo "NXP-BENCH-INFO $DRV: no AF_XDP socket ready after $((k / 10)) s: $(tr '\n' ' ' < /tmp/xsk.out)" >&2
		return 0
	fi
	remote_run $((SECS + 10)) "\$NXP_HOST_TOOLS/udp-flood $GUEST_IP 9 $SECS" > /dev/null
	wait $x
	xsk_rate received
}
xsk_txonly() {
	[ "$NXP_MAC" = etsec ] && return 0
	ping -c 1 -W 2 $HOST_IP > /dev/null 2>&1
	mac=$(awk -v ip=$HOST_IP '$1 == ip { print $4 }' /proc/net/arp)
	[ -n "$mac" ] || return 0
	xdpload $IF xsk:zc:txonly $SECS $mac $GUEST_IP $HOST_IP > /tmp/xsk.out 2>&1 || return 0
	xsk_rate completed
}
xsk_rate() { # <count>: kpps from xdpload's "<count> N ... span_us U"
	awk -v k=$1 '{ for (i = 1; i < NF; i++) v[$i] = $(i + 1) }
		END { if (v[k] > 0 && v["span_us"] > 0) printf "%.1f\n", v[k] / v["span_us"] * 1000 }' /tmp/xsk.out
}

# The XDP set (BENCH_ONLY=xdp): the receive loads alone, the stack's as
# the reference. On the ppce500 the flood is paced (BENCH_ETSEC_PPS, default
# 2000 frames a second, the rate the xdp test sends there): the rates are
# then the offered one, and the guest's CPU per frame (_upf) is the figure;
# the metrics say so (_paced). Its AF_XDP loads do not run (the model takes
# no unpaced flood, zero-copy is the ENET's).
run_xdp() {
	[ "$NXP_MAC" = etsec ] && FLOOD_PPS=${BENCH_ETSEC_PPS:-2000}
	run_rx_loads
	FLOOD_PPS=
}
# The receive loads, of the main set and the XDP set (names with _paced
# under a paced flood).
run_rx_loads() {
	p=
	[ -n "${FLOOD_PPS:-}" ] && p=_paced
	measure udp64_rx${p}_kpps udp64_rx
	xdp_measure xdp_drop${p}_kpps drop rx_xdp_drop
	xdp_measure xdp_tx${p}_kpps tx rx_xdp_tx
	xdp_measure xdp_redirect${p}_kpps redirect rx_xdp_redirect
	measure xsk_rxdrop_kpps xsk_rxdrop
	measure xsk_txonly_kpps xsk_txonly
}

run_all() {
	measure tcp_tx_mbps tcp_tx
	measure tcp_rx_mbps tcp_rx
	measure netperf_stream_mbps np_stream
	measure netperf_maerts_mbps np_maerts
	measure udp64_tx_kpps udp64
	run_rx_loads
}

up() { # <driver>: load it and bring the interface up
	DRV=$1
	select_driver $DRV
	netif_up || { echo "NXP-BENCH-ERROR $DRV: interface did not come up"; return 1; }
	IF=$(netif)
	pin_irqs
}
down() { unload_driver; }

echo "NXP-BENCH-INFO kernel $(uname -r) cpus $NCPU rounds $ROUNDS secs $SECS${PIN_A:+ traffic on CPU $((NCPU - 1)), NIC interrupts on CPU0}"
# Warm-up, not reported: the first transfers after boot pay for QEMU
# translating the code they run for the first time (host CPU the guest does
# not see) and for TCP's first windows.
for kind in c rust; do
	[ "${BENCH_ONLY:-}" = napi ] && [ $kind = c ] && continue
	up $kind || continue
	iperf3 -c $HOST_IP -t 2 -w 128K $PIN_A > /dev/null 2>&1
	iperf3 -c $HOST_IP -t 2 -w 128K -R $PIN_A > /dev/null 2>&1
	iperf3 -c $HOST_IP -u -l 64 -b 0 -t 1 $PIN_A > /dev/null 2>&1
	down
done
# (Loop variables must not be `d`, `n` or `np`: lib.sh's netif() uses those.)
if [ "${BENCH_ONLY:-}" != napi ]; then
	for ROUND in $(seq 1 $ROUNDS); do
		for kind in c rust; do
			SET=main
			up $kind || continue
			[ $ROUND = 1 ] && echo "NXP-BENCH-INFO $kind: $(ethtool -i $IF | head -1), rings $(ethtool -g $IF 2> /dev/null | awk '/^Current/ { c = 1 } c && /^(RX|TX):/ { printf "%s%s ", $1, $2 }')"
			if [ "${BENCH_ONLY:-}" = xdp ]; then
				SET=xdp
				run_xdp
				down
				continue
			fi
			run_all
			if [ "${BENCH_APPS:-0}" = 1 ]; then
				SET=apps
				run_apps
			fi
			down
		done
	done
fi

# Split vs combined NAPI: our driver loaded normally, then with its
# `combined_napi` module parameter (the C drivers' design), alternating.
napi_sweep() {
	for ROUND in $(seq 1 $1); do
		for mode in split combined; do
			p=
			[ $mode = combined ] && p=combined_napi=1
			for m in $MODULES; do insmod $MODDIR/$m.ko $p || break; done
			up rust || continue
			SET=napi DRV=rust-$mode
			measure tcp_tx_mbps tcp_tx
			measure tcp_rx_mbps tcp_rx
			measure udp64_tx_kpps udp64
			down
		done
	done
}
if [ "${BENCH_ONLY:-}" = napi ]; then
	select_driver rust
	napi_sweep $ROUNDS
	exit 0
fi

[ "${BENCH_SWEEPS:-0}" = 1 ] && [ "${BENCH_ONLY:-}" != xdp ] || exit 0
SROUNDS=${BENCH_SWEEP_ROUNDS:-3}
for ROUND in $(seq 1 $SROUNDS); do
	for kind in c rust; do
		up $kind || continue
		# Tx ring size, where the driver lets it be set.
		max=$(ethtool -g $IF 2> /dev/null | awk '$1 == "TX:" { print $2; exit }')
		for ring in 64 256 512 1024; do
			[ -n "$max" ] && [ $ring -le $max ] || continue
			ethtool -G $IF tx $ring 2> /dev/null || continue
			link_back
			SET=txring$ring
			measure tcp_tx_mbps tcp_tx
		done
		[ -n "$max" ] && ethtool -G $IF tx $max 2> /dev/null
		link_back
		# Coalescing: the drivers' defaults, then the P1010 tuning.
		c0="rx-usecs $(ethtool -c $IF | awk '$1 == "rx-usecs:" { print $2 }') rx-frames $(ethtool -c $IF | awk '$1 == "rx-frames:" { print $2 }') tx-usecs $(ethtool -c $IF | awk '$1 == "tx-usecs:" { print $2 }') tx-frames $(ethtool -c $IF | awk '$1 == "tx-frames:" { print $2 }')"
		if ethtool -C $IF rx-usecs 32 rx-frames 22 tx-usecs 32 tx-frames 22 2> /dev/null; then
			SET=coal22x32
			measure tcp_tx_mbps tcp_tx
			measure tcp_rx_mbps tcp_rx
			ethtool -C $IF $c0 2> /dev/null
		fi
		# BQL off: a minimum limit no queue reaches.
		bql=/sys/class/net/$IF/queues/tx-0/byte_queue_limits
		if [ -w $bql/limit_min ]; then
			lmin=$(cat $bql/limit_min)
			echo 1879048192 > $bql/limit_min
			SET=bqloff
			measure tcp_tx_mbps tcp_tx
			measure udp64_tx_kpps udp64
			echo $lmin > $bql/limit_min
		fi
		# Rx checksum offload off: the stack verifies every frame. Under
		# QEMU the C fec marks every frame verified although the model
		# checks nothing (ours trusts only frames the MAC classified, so
		# QEMU's get the stack's check anyway): this set compares the two
		# drivers doing the same checksum work.
		if ethtool -K $IF rx off 2> /dev/null; then
			link_back
			SET=rxcsumoff
			measure tcp_rx_mbps tcp_rx
			measure netperf_maerts_mbps np_maerts
			ethtool -K $IF rx on 2> /dev/null
		fi
		down
	done
done
select_driver rust
napi_sweep $SROUNDS
