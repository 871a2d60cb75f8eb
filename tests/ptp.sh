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
# off, none does.
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
finish
