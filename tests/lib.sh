# shellcheck shell=sh
# Helpers sourced by every guest test (POSIX sh, busybox ash).
#
# A test prints diagnostics as "# ..." lines and exits 0 (pass), 1 (fail) or
# 4 (skip, kselftest's KSFT_SKIP). The driver under test comes from the
# environment: NXP_DRIVER=c|rust, NXP_BOARD (scripts/env.sh: ppc-e500,
# arm-imx7, arm-imx6ul, arm64-imx8mp), and NXP_PORT, the platform device of
# the port cabled to the host (default: the driver's first interface).
# NXP_MAC is the controller family the board has: etsec or enet (derived
# from NXP_BOARD; on another board, set it).
#
# On a real board the tests read the configuration the kernel's own network
# suites use (tools/testing/selftests/drivers/net/net.config), from the
# environment or from the file NXP_NET_CONFIG (default /etc/nxp/net.config):
# NETIF, the interface under test; LOCAL_V4, its address; REMOTE_V4, the
# peer, which runs `iperf3 -s`, `iperf3 -s -p 5202` and `netserver`. The
# emulated boards' defaults are the test namespace's: 10.77.0.2 and the
# host side of the tap, 10.77.0.1. NXP_MODDIR (default /lib/modules/nxp)
# holds the modules; a module not found there is loaded with modprobe.

NXP_NET_CONFIG=${NXP_NET_CONFIG:-/etc/nxp/net.config}
if [ -f "$NXP_NET_CONFIG" ]; then
	# Read as the kernel's suites read it (not run as shell): KEY=value
	# lines, '#' starts a comment, blanks around the line ignored; the
	# file's values win over the environment's, as there.
	while IFS= read -r l || [ -n "$l" ]; do
		l=$(echo "${l%%#*}" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
		case "$l" in *=*) ;; *) continue ;; esac
		v=${l#*=}
		case "${l%%=*}" in
		NETIF) NETIF=$v ;;
		LOCAL_V4) LOCAL_V4=$v ;;
		REMOTE_V4) REMOTE_V4=$v ;;
		REMOTE_TYPE) REMOTE_TYPE=$v ;;
		REMOTE_ARGS) REMOTE_ARGS=$v ;;
		esac
	done < "$NXP_NET_CONFIG"
fi
HOST_IP=${REMOTE_V4:-10.77.0.1}
GUEST_IP=${LOCAL_V4:-10.77.0.2}
NETIF=${NETIF:-}
KSFT_SKIP=4
SPLAT_RE='WARNING:|BUG:|Oops|Unable to handle|kernel BUG|unreferenced object|Call Trace:|Call trace:|self-detected stall|blocked for more than'
FAILED=0
MODDIR=${NXP_MODDIR:-/lib/modules/nxp}

case "${NXP_BOARD:-}" in
ppc-e500) NXP_MAC=etsec ;;
arm-imx* | arm64-imx*) NXP_MAC=enet ;;
*) NXP_MAC=${NXP_MAC:-} ;;
esac

# select_driver <c|rust>: the modules and platform driver name to use.
select_driver() {
	case "$NXP_MAC/$1" in
	etsec/c) MODULES="fsl_pq_mdio gianfar_driver" DRV_NAME=fsl-gianfar ;;
	etsec/rust) MODULES="gianfar_rs" DRV_NAME=gianfar_rs ;;
	enet/c) MODULES="fec" DRV_NAME=fec ;;
	enet/rust) MODULES="fec_rs" DRV_NAME=fec_rs ;;
	*) echo "# NXP_DRIVER (c or rust) and NXP_BOARD or NXP_MAC (etsec or enet) not set" ;;
	esac
}
select_driver "${NXP_DRIVER:-}"

# Bounded transfers: a stream that stalls fails the test (or the measurement)
# after its own duration plus 20 s, instead of hanging until the runner kills
# the whole test. `timeout` runs the real binaries (found by PATH).
xfer_secs() { # <flag> <args...>: the value after <flag>, else 10
	f=$1
	shift
	s=10 p=
	for a in "$@"; do
		[ "$p" = "$f" ] && s=$a
		p=$a
	done
	echo "${s%%[!0-9]*}"
}
iperf3() { timeout -s KILL $(($(xfer_secs -t "$@") + 20)) iperf3 "$@"; }
netperf() { timeout -s KILL $(($(xfer_secs -l "$@") + 20)) netperf "$@"; }

diag() { echo "# $*"; }
skip() { echo "SKIP: $*"; exit $KSFT_SKIP; }

# check <description> <command...>: run a check, record a failure. A check
# that took 3 s or more says how long (where a test's time goes).
check() {
	desc=$1
	shift
	ck_t0=$(date +%s)
	if "$@" > /tmp/check.out 2>&1; then
		ck_dt=$(($(date +%s) - ck_t0))
		if [ $ck_dt -ge 3 ]; then echo "# ok - $desc ($ck_dt s)"; else echo "# ok - $desc"; fi
	else
		echo "# FAIL - $desc"
		sed 's/^/#     /' /tmp/check.out | tail -15
		FAILED=1
	fi
}

finish() { exit $FAILED; }

# Kernel module names as lsmod shows them (dashes become underscores).
loaded() { grep -q "^$(echo "$1" | tr - _) " /proc/modules; }

load_driver() {
	for m in $MODULES; do
		loaded "$m" && continue
		if [ -f "$MODDIR/$m.ko" ]; then
			insmod "$MODDIR/$m.ko" || return 1
		else
			modprobe "$m" || return 1
		fi
	done
}

unload_driver() {
	for m in $(echo "$MODULES" | tr ' ' '\n' | sed '1!G;h;$!d'); do
		if loaded "$m"; then rmmod "$m" || return 1; fi
	done
}

# Devices bound to the driver under test, as platform device names.
bound_devices() {
	ls /sys/bus/platform/drivers/$DRV_NAME 2> /dev/null | grep -E '^[0-9a-f]+\.|ethernet' || true
}

# The same on one line; some_bound, all_bound <list> (each one in the list is
# bound): conditions for wait_for.
bound_list() { echo $(bound_devices); }
some_bound() { [ -n "$(bound_devices)" ]; }
all_bound() {
	for b in $1; do
		bound_devices | grep -qx "$b" || return 1
	done
}

# The network interface of the driver under test on the port cabled to the
# host (NETIF, or the one on NXP_PORT; else its first interface), or nothing.
netif() {
	if [ -n "$NETIF" ]; then
		d=$(readlink "/sys/class/net/$NETIF/device/driver" 2> /dev/null) || return 1
		[ "${d##*/}" = "$DRV_NAME" ] || return 1
		echo "$NETIF"
		return 0
	fi
	for n in /sys/class/net/*; do
		d=$(readlink "$n/device/driver" 2> /dev/null) || continue
		[ "${d##*/}" = "$DRV_NAME" ] || continue
		if [ -n "${NXP_PORT:-}" ]; then
			np=$(readlink "$n/device")
			[ "${np##*/}" = "$NXP_PORT" ] || continue
		fi
		echo "${n##*/}"
		return 0
	done
	return 1
}

# The kernel's YNL CLI and netdev family spec (the guests with the kernel's
# suites installed).
YNL_KS=/usr/share/nxp/ksft/linux
YNL=$YNL_KS/tools/net/ynl/pyynl/cli.py
YNL_SPEC=$YNL_KS/Documentation/netlink/specs/netdev.yaml
have_ynl() { [ -f "$YNL" ] && command -v python3 > /dev/null; }
# qstat_q <ifname> <rx|tx> <queue> <counter>: a counter of that queue in the
# netdev qstats ("none" where the driver keeps none, or without YNL).
qstat_q() {
	have_ynl || { echo none; return; }
	python3 $YNL --spec $YNL_SPEC --no-schema --dump qstats-get --output-json \
		--json "{\"ifindex\": $(cat /sys/class/net/$1/ifindex), \"scope\": [\"queue\"]}" 2> /dev/null |
		python3 -c 'import json, sys
q = [x for x in json.load(sys.stdin) if x.get("queue-type") == sys.argv[1] and x.get("queue-id") == int(sys.argv[2])]
print(q[0].get(sys.argv[3], "none") if q else "none")' "$2" "$3" "$4" 2> /dev/null || echo none
}
# qstat_txq <ifname> <queue> <counter>: the same, of a Tx queue.
qstat_txq() { qstat_q "$1" tx "$2" "$3"; }

# dbgdir: our driver's debugfs directory for $IF (NXP_PORT's interface), or
# nothing. The directories are named <driver>-<register base>; with several
# ports bound, the one whose base is the platform device's unit address
# (its name before the dot, as the i.MX device trees name them).
dbgdir() {
	set -- /sys/kernel/debug/$DRV_NAME-*
	[ -d "$1" ] || return 1
	if [ $# = 1 ]; then
		echo "$1"
		return 0
	fi
	p=$(readlink "/sys/class/net/$IF/device") || return 1
	p=${p##*/}
	p=$(echo "${p%%.*}" | sed 's/^0*//')
	for d in "$@"; do
		if [ "${d##*-}" = "$p" ]; then
			echo "$d"
			return 0
		fi
	done
	return 1
}

# wait_for <seconds> <command...>: poll a condition every 0.2 s.
wait_for() {
	t=$(($1 * 5))
	shift
	while [ $t -gt 0 ]; do
		"$@" > /dev/null 2>&1 && return 0
		sleep 0.2
		t=$((t - 1))
	done
	return 1
}

# tcp_xfer <name> <seconds> [iperf3 options]: TCP with the host from the
# guest (`-R`: to it) for that long; checks that iperf3 completed, that
# bytes arrived and that the sender's retransmissions stayed under 1 % of
# the segments (the host verifies every checksum, so bad frames show as a
# retransmission storm or a stalled stream). XFER_HOST and XFER_MSS
# (default $HOST_IP, 1448) choose another peer and segment size.
tcp_xfer() {
	xn=$1 xs=$2
	shift 2
	iperf3 -c ${XFER_HOST:-$HOST_IP} -t $xs -w 128K -f m "$@" > /tmp/iperf.$xn 2>&1
	xrc=$?
	sed 's/^/#   /' /tmp/iperf.$xn | tail -4
	check "$xn: iperf3 completed" test $xrc = 0
	# Sender line: ... <amount> <unit> <rate> Mbits/sec <retr> sender; the
	# amount in MBytes (`-f m` sets the rate's unit, not always the
	# amount's: over 1 GiB it reads GBytes).
	set -- $(awk '$NF == "sender" {
		v = $(NF-5); u = $(NF-4)
		if (u == "GBytes") v *= 1024; else if (u == "KBytes") v /= 1024; else if (u == "Bytes") v /= 1048576
		print v, $(NF-3), $(NF-1) }' /tmp/iperf.$xn)
	diag "$xn: $1 MBytes, $2 Mbit/s, $3 retransmits"
	check "$xn: bytes arrived" awk -v mb="${1:-0}" 'BEGIN { exit !(mb > 0) }'
	check "$xn: retransmits under 1 % of the segments" \
		awk -v mb="${1:-0}" -v re="${3:-1}" -v mss="${XFER_MSS:-1448}" \
		'BEGIN { exit !(re * 100 <= mb * 1048576 / mss) }'
}

# reg <offset>: a register of $IF from its raw register dump (`ethtool -d
# raw on`: each register at its own offset, CPU byte order), in decimal.
reg() {
	ethtool -d $IF raw on > /tmp/regs &&
		dd if=/tmp/regs bs=1 skip=$(($1)) count=4 2> /dev/null | od -An -tu4 | tr -d ' '
}

# cur <RX|TX>: the ring's current size ("Current hardware settings").
cur() { ethtool -g $IF | awk -v k="$1:" '/^Current/ { c = 1 } c && $1 == k { print $2; exit }'; }

carrier_up() { [ "$(cat /sys/class/net/$1/carrier 2> /dev/null)" = 1 ]; }

# link_back [peer]: after a restart of $IF (ring, MTU, pause or link
# change), wait for its carrier, then for the peer (default the host) to
# answer a ping. Fails if either does not come within its time.
link_back() {
	wait_for 15 carrier_up "$IF" || { diag "$IF: no carrier"; return 1; }
	wait_for 10 ping -c 1 -W 1 "${1:-$HOST_IP}"
}

# remote_run <seconds> <command...>: run a command on the remote end, the
# emulated boards' scripts/remote-agent.py (REMOTE_TYPE=nxp; status 2 for
# another remote type), within <seconds>; its exit status is ours and its
# standard output and error go to /tmp/remote.out (as text, with the
# protocol's framing bytes removed). On the host the command runs under
# bash in the test namespace, with NXP_TOP the project's tree. It must
# not hold quotes or backslashes (it travels as a JSON string). The
# request stays open while the command runs (the agent kills a command
# whose client has gone), through busybox's nc, which every guest has.
remote_run() {
	[ "${REMOTE_TYPE:-}" = nxp ] || return 2
	rsecs=$1
	shift
	ra=$REMOTE_ARGS
	raddr=${ra%%:*}
	ra=${ra#*:}
	rport=${ra%%:*}
	rtok=${ra#*:}
	rm -f /tmp/remote.fifo /tmp/remote.raw
	mkfifo /tmp/remote.fifo || return 1
	{
		printf '{"token": "%s", "cmd": "%s"}\n' "$rtok" "$*"
		exec sleep $((rsecs + 30))
	} > /tmp/remote.fifo &
	rw=$!
	timeout $((rsecs + 30)) busybox nc "$raddr" "$rport" < /tmp/remote.fifo > /tmp/remote.raw
	kill $rw 2> /dev/null
	wait $rw 2> /dev/null
	rm -f /tmp/remote.fifo
	tr -d '\000-\011\013-\037\177-\377' < /tmp/remote.raw > /tmp/remote.out
	# The last frame: "x", length 4, the status as a big-endian int32.
	set -- $(tail -c 9 /tmp/remote.raw | od -An -tu1)
	[ $# = 9 ] && [ "$1" = 120 ] && [ "$5" = 4 ] || return 1
	[ "$6$7$8" = 000 ] || return 1
	return "$9"
}

# udp_stream <rate> <seconds> <frames>: a UDP stream to the host's second
# iperf3 server (port 5202) in the background (its pid in $!, its output in
# /tmp/iperf.out), checked flowing once <frames> more frames left $IF (its
# control connection got through). `iperf3` is the wrapper above, so $! is
# not iperf3's own: stop the stream with `killall iperf3`.
udp_stream() {
	us_p0=$(cat /sys/class/net/$IF/statistics/tx_packets)
	us_min=$3
	iperf3 -c $HOST_IP -p 5202 -u -b "$1" -t "$2" > /tmp/iperf.out 2>&1 &
	check "UDP stream flowing" wait_for 10 udp_flowing
}
udp_flowing() { [ $(($(cat /sys/class/net/$IF/statistics/tx_packets) - us_p0)) -gt "$us_min" ]; }

# refused <pattern> <ethtool args...>: ethtool refuses the change, and
# where it speaks netlink its error (ethtool prints the kernel's extack as
# "netlink error: <message>") matches the extended regex <pattern> for our
# drivers; the C drivers need only some error text (they give no message
# of their own). The ppce500's ethtool is built without netlink: there
# only the refusal counts. The output is left in /tmp/ethtool.out.
refused() {
	rp=$1
	[ "${NXP_DRIVER:-}" = rust ] || rp=
	shift
	if ethtool "$@" > /tmp/ethtool.out 2>&1; then
		echo "ethtool $* was accepted"
		return 1
	fi
	cat /tmp/ethtool.out
	grep -q "netlink error" "$(command -v ethtool)" || return 0
	grep -E "netlink error: .*$rp" /tmp/ethtool.out
}

# Load the driver, configure 10.77.0.2/24 and wait for link; sets IF.
netif_up() {
	load_driver || return 1
	wait_for 10 netif || { diag "no interface bound to $DRV_NAME"; return 1; }
	IF=$(netif)
	ip link set "$IF" up || return 1
	ip addr replace $GUEST_IP/24 dev "$IF" || return 1
	# The host tap answers ARP right away; allow the PHY state machine to settle.
	link_back || [ "$(cat /sys/class/net/$IF/carrier 2> /dev/null)" = 1 ]
}
# Note: tests must not clear the kernel log (dmesg -c): the runner reads it
# after each test to catch splats.
