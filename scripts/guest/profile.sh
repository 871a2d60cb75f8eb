#!/bin/sh
# Guest side of the profile (scripts/profile.sh): loads one driver
# (NXP_DRIVER=c|rust), brings its interface up, warms the path up with a short
# transfer, then runs one workload between two marks the host turns into
# counter dumps of the QEMU plugin:
#   NXP-PROFILE-MARK start|stop     (the guest then idles 2 s: time for the dump)
#   NXP-PROFILE <key> <value>       rate_mbps, secs, load, driver; cpu_busy_s,
#                                   cpu_total_s (all CPUs, /proc/stat) and irqs
#                                   (interrupts) during the transfer
#   NXP-KSYM <addr> <type> <name> [module]   text symbols of /proc/kallsyms
# Settings (run.conf): PROFILE_LOAD (tcp_tx: iperf3 from the guest, tcp_rx:
# iperf3 -R, udp_tx: 64-byte UDP datagrams from the guest as fast as it
# can, udp_rx: 64-byte frames from the host's flood tool through the remote
# agent, as the benchmark's, paced to PROFILE_PPS frames a second, by default
# 2000 on the eTSEC, whose model takes no unpaced flood, and unpaced on the
# ENET; tcp_rr, udp_rr: netperf TCP_RR, UDP_RR with 1-byte requests and
# responses, the payload rate counting 2 bytes a transaction),
# PROFILE_SECS (20), PROFILE_BQL_MIN (BQL limit_min, where the driver
# has BQL), PROFILE_TXRING (Tx ring size, `ethtool -G tx`, where the driver
# has ring parameters).
. /usr/share/nxp/tests/lib.sh
LOAD=${PROFILE_LOAD:-tcp_tx}
SECS=${PROFILE_SECS:-20}

case $LOAD in
tcp_tx) R= ;;
tcp_rx) R=-R ;;
udp_tx) R="-u -l 64 -b 0" ;;
tcp_rr | udp_rr) R= ;;
udp_rx)
	R=
	[ "$NXP_MAC" = etsec ] && PPS=${PROFILE_PPS:-2000} || PPS=${PROFILE_PPS:-0}
	;;
*)
	echo "NXP-PROFILE-ERROR unknown PROFILE_LOAD '$LOAD' (tcp_tx, tcp_rx, udp_tx, udp_rx, tcp_rr or udp_rr)"
	exit 1
	;;
esac

# CPU seconds of the whole guest from /proc/stat (USER_HZ = 100), busy and
# total, and the interrupt count.
cpu() { awk '/^cpu / { t = 0; for (i = 2; i <= NF; i++) t += $i; print t - $5 - $6, t } /^intr / { print $2 }' /proc/stat; }

iperf_rate() { # Mbit/s of the receiver summary line
	awk '$NF == "receiver" { for (i = 1; i < NF; i++) if ($(i+1) ~ /bits\/sec/) { v = $i; u = $(i+1) } }
		END { if (u ~ /^G/) v *= 1000; if (u ~ /^K/) v /= 1000; print v + 0 }'
}

netif_up || { echo "NXP-PROFILE-ERROR $NXP_DRIVER: interface did not come up"; exit 1; }
echo "NXP-PROFILE driver $NXP_DRIVER $(ethtool -i "$IF" | head -1)"
echo "NXP-PROFILE load $LOAD"
echo "NXP-PROFILE secs $SECS"
bql=/sys/class/net/$IF/queues/tx-0/byte_queue_limits
if [ -n "${PROFILE_BQL_MIN:-}" ] && [ -w $bql/limit_min ]; then
	echo "$PROFILE_BQL_MIN" > $bql/limit_min && echo "NXP-PROFILE bql_limit_min $PROFILE_BQL_MIN"
fi
if [ -n "${PROFILE_TXRING:-}" ]; then
	ethtool -G "$IF" tx "$PROFILE_TXRING" 2> /dev/null
	link_back
	echo "NXP-PROFILE tx_ring $(ethtool -g "$IF" 2> /dev/null | awk '/^Current/ { c = 1 } c && $1 == "TX:" { print $2; exit }')"
fi
# Several CPUs: iperf3 on the last one, the NIC's interrupts on CPU0, as in
# the benchmark (scripts/guest/bench.sh).
PIN=
NCPU=$(grep -c ^processor /proc/cpuinfo)
if [ "$NCPU" -gt 1 ]; then
	PIN="-A $((NCPU - 1))"
	for i in $(awk -v p="$IF|$DRV_NAME|fec|gianfar|ethernet" '$1 ~ /^[0-9]+:$/ && $NF ~ p { sub(":", "", $1); print $1 }' /proc/interrupts); do
		echo 1 > /proc/irq/$i/smp_affinity 2> /dev/null || true
	done
	echo "NXP-PROFILE pinned iperf3 on CPU $((NCPU - 1)), NIC interrupts on CPU0"
fi
# udp_rx: the flood of 64-byte frames (18 bytes of UDP payload each) for
# $1 seconds; prints the payload's Mbit/s that the interface received.
flood() {
	p0=$(cat /sys/class/net/$IF/statistics/rx_packets)
	remote_run $(($1 + 10)) "\$NXP_HOST_TOOLS/udp-flood $GUEST_IP 9 $1 18 $PPS" || return 1
	p1=$(cat /sys/class/net/$IF/statistics/rx_packets)
	awk -v a="$p0" -v b="$p1" -v s="$1" 'BEGIN { print (b - a) * 18 * 8 / s / 1000000 }'
}
# tcp_rr, udp_rr: netperf for $1 seconds; prints the payload's Mbit/s (a
# transaction moves 2 bytes).
rr() {
	case $LOAD in tcp_rr) t=TCP_RR ;; *) t=UDP_RR ;; esac
	netperf -H $HOST_IP -t $t -l "$1" -P 0 -- -r 1,1 2> /dev/null |
		awk 'NF >= 6 { print $6 * 2 * 8 / 1000000; exit }'
}
# Warm-up (not counted): TCP windows, page pools, slab caches, QEMU's
# translated code.
if [ "$LOAD" = tcp_rr ] || [ "$LOAD" = udp_rr ]; then
	rr 3 > /dev/null
elif [ "$LOAD" = udp_rx ]; then
	[ "$PPS" = 0 ] || echo "NXP-PROFILE flood_pps $PPS"
	flood 3 > /dev/null || { echo "NXP-PROFILE-ERROR no remote end of ours for the flood"; exit 1; }
else
	iperf3 -c $HOST_IP -t 3 -w 128K $R $PIN > /dev/null 2>&1
fi
sleep 1

echo "NXP-PROFILE-MARK start"
sleep 2
set -- $(cpu)
if [ "$LOAD" = tcp_rr ] || [ "$LOAD" = udp_rr ]; then
	rate=$(rr "$SECS")
elif [ "$LOAD" = udp_rx ]; then
	rate=$(flood "$SECS")
else
	rate=$(iperf3 -c $HOST_IP -t "$SECS" -w 128K -f m $R $PIN 2> /dev/null | iperf_rate)
fi
set -- "$@" $(cpu)
echo "NXP-PROFILE-MARK stop"
sleep 2
echo "NXP-PROFILE rate_mbps ${rate:-0}"
awk -v b="$4" -v b0="$1" -v t="$5" -v t0="$2" 'BEGIN { printf "NXP-PROFILE cpu_busy_s %.2f\nNXP-PROFILE cpu_total_s %.2f\n", (b - b0) / 100, (t - t0) / 100 }'
echo "NXP-PROFILE irqs $(($6 - $3))"

# Symbols, module ones included (addresses need kptr_restrict 0).
echo 0 > /proc/sys/kernel/kptr_restrict
awk '$2 ~ /^[tTwW]$/ { print "NXP-KSYM " $0 }' /proc/kallsyms
echo "NXP-PROFILE ksyms-end"
[ "${rate:-0}" != 0 ]
