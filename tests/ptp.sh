#!/bin/sh
# The PTP hardware clock and hardware timestamps, where the controller has
# them (the ENETs' IEEE 1588 timer; skipped where `ethtool -T` names no
# clock). `ethtool -T` names the clock with hardware Tx/Rx timestamps of
# every frame (Tx types off/on, Rx filters none/all); the clock is set,
# stepped both ways and read back, takes frequency offsets within its range,
# and keeps its time over the interface's down and up (each resets the
# MAC, which stops the timer); SIOCSHWTSTAMP widens a PTP filter to all
# frames and refuses a Tx type it does not offer (ERANGE); with it on, each
# datagram sent comes back on the socket's error queue with a hardware Tx
# timestamp and each received one carries a hardware Rx timestamp; with it
# off, none does. The PPS and periodic output take and refuse requests as
# the C fec's do.
# QEMU's ENET model keeps the timer's registers without counting and
# writes no timestamp into the descriptors: the clock stands still between
# the driver's own updates, and of the timestamps only their conversion to
# the clock's time is checked (within a minute of it), not that they are
# the frames' own (README).
# timeout: 120
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
ethtool -T $IF > /tmp/tsinfo 2>&1
diag "ethtool -T: $(tr '\n\t' '  ' < /tmp/tsinfo)"
N=$(sed -n 's/^PTP Hardware Clock: *\([0-9][0-9]*\).*/\1/p; s/^Hardware timestamp provider index: *\([0-9][0-9]*\).*/\1/p' /tmp/tsinfo | head -1)
[ -n "$N" ] || skip "no PTP hardware clock"
PHC=/dev/ptp$N
check "ethtool -T: hardware-transmit, hardware-receive, hardware-raw-clock" \
	sh -c "grep -q hardware-transmit /tmp/tsinfo && grep -q hardware-receive /tmp/tsinfo && grep -q hardware-raw-clock /tmp/tsinfo"
check "ethtool -T: Tx types off and on, Rx filters none and all" \
	sh -c "grep -A2 'Transmit Timestamp Modes' /tmp/tsinfo | grep -qw on && grep -A2 'Receive Filter Modes' /tmp/tsinfo | grep -qw all"
check "$PHC exists" test -c $PHC

# phc_in <lo> <hi>: the clock reads between <lo> and <hi> seconds.
phc_in() {
	t=$(phc $PHC get) || return 1
	s=${t%%.*}
	echo "clock reads $t s, expected $1..$2"
	[ "$s" -ge "$1" ] && [ "$s" -le "$2" ]
}
check "set to 1000 s" phc $PHC set 1000
check "reads 1000 s" phc_in 1000 1010
check "stepped by +5 s" phc $PHC step 5
check "reads 1005 s" phc_in 1005 1015
check "stepped by -3 s" phc $PHC step -3
check "reads 1002 s" phc_in 1002 1012
check "frequency +100 ppm, -100 ppm, 0 taken" \
	sh -c "phc $PHC freq 100000 && phc $PHC freq -100000 && phc $PHC freq 0"
check "set to 2000 s" phc $PHC set 2000
ip link set $IF down
sleep 1
ip link set $IF up
check "link back after down/up" link_back
check "time kept over down/up (2000 s and the time since)" phc_in 2000 2060

# Timestamping configuration (SIOCSHWTSTAMP, read back with SIOCGHWTSTAMP).
check "Tx on, Rx PTPv2 events: widened to all frames" \
	sh -c "txtstamp -C $IF 1 12 | tee /dev/stderr | grep -qx 'tx 1 rx 1'"
# refused_cfg <tx> <rx> <pattern>: SIOCSHWTSTAMP fails with an error
# matching <pattern>.
refused_cfg() {
	txtstamp -C $IF "$1" "$2" > /tmp/cfg.out && return 1
	cat /tmp/cfg.out
	grep -q "$3" /tmp/cfg.out
}
check "one-step sync refused (ERANGE)" refused_cfg 2 1 "out of range"
# stamped_at <file> <lo> <hi>: the last timestamp in <file> is between
# <lo> and <hi> seconds of the clock (the MAC's raw timer value converted
# to the clock's time).
stamped_at() {
	cat "$1"
	s=$(sed -n 's/.* last \([0-9]*\)$/\1/p' "$1")
	[ -n "$s" ] && [ "$s" -ge "$2" ] && [ "$s" -le "$3" ]
}
check "set to 3000 s" phc $PHC set 3000
check "20 datagrams sent, each with a hardware Tx timestamp" \
	sh -c "txtstamp -H $HOST_IP 9 20 > /tmp/tx.out"
check "Tx timestamps on the clock's time" stamped_at /tmp/tx.out 2998 3060
# rx_stamped <n>: the host sends <n> datagrams; each arrives with a
# hardware Rx timestamp.
rx_stamped() {
	txtstamp -R 9 "$1" 20 > /tmp/rx.out 2>&1 &
	rp=$!
	wait_for 5 grep -q listening /tmp/rx.out
	remote_run 30 python3 \$NXP_TOP/scripts/udp-send.py $GUEST_IP 9 "$1" 18 100 > /dev/null
	wait $rp
	st=$?
	cat /tmp/rx.out
	return $st
}
check "10 datagrams received, each with a hardware Rx timestamp" rx_stamped 10
check "Rx timestamps on the clock's time" stamped_at /tmp/rx.out 2998 3060
check "timestamping off" sh -c "txtstamp -C $IF 0 0 | grep -qx 'tx 0 rx 0'"
check "off: 3 datagrams sent, none with a hardware Tx timestamp" \
	sh -c "txtstamp -H $HOST_IP 9 3 | grep -x 'sent 3 stamped 0'"
rx_unstamped() { rx_stamped "$1"; grep -qx "received $1 stamped 0" /tmp/rx.out; }
check "off: 3 datagrams received, none with a hardware Rx timestamp" rx_unstamped 3

# The PPS and periodic output (one at a time), as the C fec: the requests
# and their errors (EBUSY for the other output on, EINVAL for a start not
# ahead or too close (the C fec: EPERM), EOPNOTSUPP for a period over 4 s
# or flags); with fec_rs both outputs are programmed again after a MAC
# reset, and turning the periodic output off leaves the PPS output alone
# (the C fec's clears the channel). QEMU's timer does not
# count, so no pulse comes; with fec_rs the compare channel's registers are
# read back (`ethtool -d`; the C fec does not dump them): the mode and its
# interrupt, and the second compare value from the clock's frozen time.
check "outputs: PPS and one periodic output" sh -c "phc $PHC caps | tee /dev/stderr | grep -qx 'pps 1 perout 1'"
# errno_is <name> <command...>: the command fails with errno <name>.
errno_is() {
	e=$1
	shift
	"$@" 2> /tmp/err.out && return 1
	cat /tmp/err.out
	grep -q "($e)" /tmp/err.out
}
TCSR0=0x608 TCCR0=0x60c ATVR=0x404
# channel <mode|pps|0> [ns ahead of the counter]: (fec_rs) TCSR0 holds the
# mode with its interrupt (0: nothing), TCCR0 the counter plus <ns> (31
# bits); "pps": the pulse mode, its second compare at the second full
# second after the one ahead of the clock's (frozen) time.
channel() {
	[ "$NXP_DRIVER" = rust ] || return 0
	# (One dump: the three registers of one moment.)
	ethtool -d $IF raw on > /tmp/regs || return 1
	at() { dd if=/tmp/regs bs=1 skip=$(($1)) count=4 2> /dev/null | od -An -tu4 | tr -d ' '; }
	t=$(at $TCSR0) c=$(at $TCCR0) a=$(at $ATVR) m=$1 d=${2:-0}
	echo "TCSR0 $t TCCR0 $c ATVR $a"
	if [ "$m" = pps ]; then
		ns=$(phc $PHC get | sed 's/.*\.0*\([0-9]\)/\1/')
		echo "clock $(phc $PHC get)"
		m=0x3c d=$((3000000000 - ns))
	fi
	if [ "$m" = 0 ]; then
		[ "$t" = 0 ]
	else
		[ "$t" = $((m | 0x40)) ] && [ "$c" = $(((a + d) & 0x7fffffff)) ]
	fi
}
# phc_ns: the clock's time in ns.
phc_ns() {
	phc $PHC get | {
		IFS=. read -r sec nsec
		nsec=$(echo "$nsec" | sed 's/^0*//')
		echo $((sec * 1000000000 + ${nsec:-0}))
	}
}
# perout_resumed <start ns> <period ns>: (fec_rs) the channel toggles from
# the output's first edge at least 200 ms after the clock's time, an edge
# of <start> plus whole periods; its second compare half a period later.
perout_resumed() {
	now=$(phc_ns) nb=$(($(phc_ns) + 200000000)) s=$1
	[ "$s" -ge "$nb" ] || s=$((s + (nb - s + $2 - 1) / $2 * $2))
	echo "clock $now ns, next edge $s ns"
	channel 0x14 $((s - now + $2 / 2))
}
check "set to 4000 s (a full second)" phc $PHC set 4000
check "PPS on" phc $PHC pps on
check "PPS: pulse mode, compares at 4002 s and 4003 s" channel pps
check "PPS on again (nothing to do)" phc $PHC pps on
check "periodic output refused while PPS is on (EBUSY)" errno_is EBUSY phc $PHC perout 1500 1000000000
if [ "$NXP_DRIVER" = rust ]; then
	ip link set $IF down && ip link set $IF up
	check "link back" link_back
	check "PPS programmed again after a MAC reset" channel pps
fi
check "PPS off" phc $PHC pps off
check "PPS off: channel off" channel 0 0
check "periodic output: a start in the past refused (EINVAL)" errno_is EINVAL phc $PHC perout -1000 1000000000
check "periodic output: a period over 4 s refused (EOPNOTSUPP)" errno_is EOPNOTSUPP phc $PHC perout 1500 5000000000
check "periodic output: flags refused (EOPNOTSUPP, by the PTP core)" errno_is EOPNOTSUPP phc $PHC perout 1500 1000000000 2
PEROUT_START=$(($(phc_ns) + 1500000000))
check "periodic output on, 1.5 s ahead, 1 s period" phc $PHC perout 1500 1000000000
check "periodic output: toggle mode, compares 1.5 s and 2 s ahead" channel 0x14 2000000000
check "PPS refused while the periodic output is on (EBUSY)" errno_is EBUSY phc $PHC pps on
check "periodic output on again refused (EBUSY)" errno_is EBUSY phc $PHC perout 1500 1000000000
if [ "$NXP_DRIVER" = rust ]; then
	ip link set $IF down && ip link set $IF up
	check "link back" link_back
	check "periodic output programmed again after a MAC reset, on its period" \
		perout_resumed $PEROUT_START 1000000000
fi
check "periodic output off" phc $PHC perout off
check "periodic output off: channel off" channel 0 0
# (The C fec refuses it with -1, EPERM.)
too_close=EINVAL
[ "$NXP_DRIVER" = c ] && too_close=EPERM
check "periodic output: a start 50 ms ahead refused ($too_close)" errno_is $too_close phc $PHC perout 50 1000000000
check "PPS on again" phc $PHC pps on
perout_off_keeps_pps() { phc $PHC perout off && channel pps; }
check "periodic output off while PPS is on (fec_rs: PPS left on)" perout_off_keeps_pps
check "PPS off" phc $PHC pps off
check "periodic output 10 s ahead (programmed once within the counter's reach)" phc $PHC perout 10000 2000000000
check "not programmed yet" channel 0 0
check "PPS refused while it waits (EBUSY)" errno_is EBUSY phc $PHC pps on
check "periodic output off" phc $PHC perout off
# The driver unloaded with the PPS output on (its interrupt requested):
# the clock goes with the output off, then a fresh load works. (Not the C
# fec: its reload WARNs on its own, tests/rmmod_traffic.sh.)
if [ "$NXP_DRIVER" = rust ]; then
	check "PPS on" phc $PHC pps on
	check "unloaded with the PPS output on" unload_driver
	check "loaded again, interface up" netif_up
fi
finish
