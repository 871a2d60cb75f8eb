#!/bin/sh
# Guest-side test runner (kselftest style). Runs each named test of tests/ with
# a timeout and prints one TAP line per test, prefixed with "NXP-TAP " so the
# host can pick them out of the console. A test fails if it exits 1, times out,
# or if the kernel logged a splat (WARNING, BUG, Oops, leak) while it ran.
# Exit code: 0 when no test failed.
#
# Environment (from run.conf): NXP_DRIVER (c|rust), NXP_BOARD, NXP_PORT.
T=/usr/share/nxp/tests
. $T/lib.sh
n=0
failed=0
echo "NXP-TAP TAP version 13"
echo "NXP-TAP 1..$#"
for t in "$@"; do
	n=$((n + 1))
	dmesg -c > /dev/null
	to=$(sed -n 's/^# timeout: *//p' "$T/$t.sh")
	timeout -s KILL "${to:-120}" sh "$T/$t.sh" > /tmp/out.$t 2>&1
	rc=$?
	# A killed test leaves its children (iperf3, ping) running: stop them.
	killall -9 iperf3 netperf ping > /dev/null 2>&1
	# Test knobs of our drivers back to 0, whatever the test left.
	for k in /sys/kernel/debug/*_rs-*/fail_rx_alloc /sys/kernel/debug/*_rs-*/fail_rx_alloc_skip /sys/kernel/debug/*_rs-*/stall_tx /sys/kernel/debug/*_rs-*/force_tx_align; do
		[ -w "$k" ] && echo 0 > "$k"
	done
	sed 's/^/NXP-TAP #   /' /tmp/out.$t
	splat=$(dmesg | grep -E "$SPLAT_RE" | head -5)
	if [ -n "$splat" ] && [ $rc != 4 ]; then
		echo "$splat" | sed 's/^/NXP-TAP #   kernel: /'
		rc=1
	fi
	case $rc in
	0) echo "NXP-TAP ok $n $t" ;;
	4) echo "NXP-TAP ok $n $t # SKIP $(grep '^SKIP:' /tmp/out.$t | head -1 | cut -c6-)" ;;
	137) echo "NXP-TAP not ok $n $t # timeout after ${to:-120}s"; failed=$((failed + 1)) ;;
	*) echo "NXP-TAP not ok $n $t"; failed=$((failed + 1)) ;;
	esac
	# A test that crashed the driver must not poison the next one.
	if [ $rc != 0 ] && [ $rc != 4 ]; then
		dmesg | tail -40 | sed 's/^/NXP-TAP #   dmesg: /'
		# The interface's state, for a failure that left no kernel message.
		if i=$(netif); then
			{
				ip -s link show "$i"
				ethtool -S "$i" 2> /dev/null | grep -vE ': 0$' | head -30
				grep -iE "eth|enet|fec|gfar" /proc/interrupts
				echo "BQL inflight $(cat /sys/class/net/$i/queues/tx-0/byte_queue_limits/inflight 2> /dev/null)"
			} 2>&1 | sed 's/^/NXP-TAP #   state: /'
		fi
	fi
done
[ $failed = 0 ]
