#!/bin/sh
# Guest-side test runner (kselftest style). Runs each named test of tests/ with
# a timeout and prints one TAP line per test, prefixed with "NXP-TAP " so the
# host can pick them out of the console; a file of the kernel's suites
# (tests/upstream.list, tests/ksft.sh) prints a line per case. A test fails if it exits 1, times out,
# or if the kernel logged a splat (WARNING, BUG, Oops, leak) while it ran.
# Exit code: 0 when no test failed.
#
# Environment (from run.conf): NXP_DRIVER (c|rust), NXP_BOARD, NXP_PORT.
T=/usr/share/nxp/tests
. $T/lib.sh
n=0
failed=0
# ksft_limit <case>: the reason tests/upstream.limits gives for this board, if any.
ksft_limit() {
	while read -r b c r; do
		case "$b" in "#"* | "") continue ;; esac
		# shellcheck disable=SC2254 # globs from the file
		case "${NXP_BOARD:-}" in $b) ;; *) continue ;; esac
		# shellcheck disable=SC2254
		case "$1" in $c) echo "$r" && return ;; esac
	done < $T/upstream.limits
}
# ksft_cases <test> <rc> <splat>: the TAP lines of an upstream file's run.
ksft_cases() {
	kc=0 kf=0 kraw=0 n=$((n - 1))
	while IFS= read -r l; do
		case "$l" in
		"ok "* | "not ok "*) ;;
		*) continue ;;
		esac
		st=ok
		rest=$(echo "$l" | sed -E 's/^(not )?ok [0-9]+ [^.# ]*\.?//; s/ # XFAIL/ # SKIP XFAIL/')
		case "$l" in "not ok "*)
			st="not ok" kf=$((kf + 1)) kraw=$((kraw + 1))
			# A case listed in tests/upstream.limits: a skip, with its reason.
			c=$(echo "$l" | sed -E 's/^not ok [0-9]+ //; s/ .*//')
			why=$(ksft_limit "$c")
			if [ -n "$why" ]; then
				st=ok kf=$((kf - 1))
				rest="${rest%% \#*} # SKIP cannot pass here: $why"
			fi
			;;
		esac
		n=$((n + 1)) kc=$((kc + 1))
		echo "NXP-TAP $st $n $1: $rest"
	done < /tmp/out.$1
	# The file fails as a whole if the kernel splatted, if it was stopped
	# (timeout) or ended otherwise than by its own verdict (0, 1: a case
	# failed, 4: all skipped), if fewer cases ran than its plan ("1..N")
	# announced, or if it exited with a failure no case line shows.
	plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\).*/\1/p' /tmp/out.$1 | head -1)
	case $2 in 0 | 1 | 4) rcok=1 ;; *) rcok=0 ;; esac
	if [ -n "$3" ] || [ $rcok = 0 ] || { [ -n "$plan" ] && [ $kc -lt "$plan" ]; } ||
		{ [ $2 = 1 ] && [ $kraw = 0 ]; } || { [ $kc = 0 ] && [ $2 != 4 ]; }; then
		why="exit status $2"
		[ -n "$plan" ] && [ $kc -lt "$plan" ] && why="$kc of $plan cases ran, exit status $2"
		case $2 in 124 | 137) why="timeout after ${to:-120}s, $kc of ${plan:-?} cases ran" ;; esac
		[ -n "$3" ] && why="kernel splat"
		n=$((n + 1)) kf=$((kf + 1))
		echo "NXP-TAP not ok $n $1: ($why)"
	elif [ $kc = 0 ]; then
		n=$((n + 1))
		echo "NXP-TAP ok $n $1 # SKIP $(grep -E '^SKIP:|# SKIP' /tmp/out.$1 | head -1 | sed -E 's/^SKIP: *//; s/.*# SKIP *//')"
	fi
	[ $kf = 0 ] || failed=$((failed + 1))
}
# A test whose header says "# alloc-warnings: expected" injects allocation
# failures: the stack dumps the allocators print about them (from
# warn_alloc), the jump-label code's WARNINGs on a failed allocation at
# module load, and the clock code's two WARNINGs when a PHY driver's
# devm_clk_get_optional_enabled_with_rate() fails after getting no clock
# (tests/fault_walk.sh) are not splats; every other one still is.
no_alloc_warnings() {
	awk '/WARNING: at (jump_label_(module_notify|del_module)|devm_clk_match|devm_clk_get_optional_enabled_with_rate)\+/ { next }
		/Call [Tt]race:/ { if (held != "") print held; held = $0; n = 0; next }
		held != "" { n++; if ($0 ~ /warn_alloc|jump_label_(module_notify|del_module)\+|devm_clk_get_optional_enabled_with_rate\+/) { held = ""; next } if (n >= 6) { print held; held = "" } }
		{ print } END { if (held != "") print held }'
}
echo "NXP-TAP TAP version 13"
for t in "$@"; do
	n=$((n + 1))
	dmesg -c > /dev/null
	case $t in
	ksft_*)
		to=$(awk -v t="$t" '$1 == t { print $3 }' $T/upstream.list)
		set -- sh "$T/ksft.sh" "$t"
		;;
	*)
		to=$(sed -n 's/^# timeout: *//p' "$T/$t.sh")
		# make soak runs tests at length (scripts/soak.sh).
		[ -n "${NXP_TIMEOUT:-}" ] && to=$NXP_TIMEOUT
		set -- sh "$T/$t.sh"
		;;
	esac
	t0=$(date +%s)
	case $t in
	# The kernel's suites clean up (their defer queue) on SIGTERM.
	ksft_*) timeout -s TERM -k 15 "${to:-120}" "$@" > /tmp/out.$t 2>&1 ;;
	*) timeout -s KILL "${to:-120}" "$@" > /tmp/out.$t 2>&1 ;;
	esac
	rc=$?
	echo "# $t took $(($(date +%s) - t0)) s" >> /tmp/out.$t
	# A killed test leaves its children (iperf3, ping) running: stop them.
	killall -9 iperf3 netperf ping socat python3 > /dev/null 2>&1
	# Test knobs of our drivers back to 0, whatever the test left.
	for k in /sys/kernel/debug/*_rs-*/fail_rx_alloc /sys/kernel/debug/*_rs-*/fail_rx_alloc_skip /sys/kernel/debug/*_rs-*/stall_tx /sys/kernel/debug/*_rs-*/force_tx_align /sys/kernel/debug/*_rs-*/fail_tx_map /sys/kernel/debug/*_rs-*/check_bql /sys/kernel/debug/*_rs-*/leak_irqs; do
		[ -w "$k" ] && echo 0 > "$k"
	done
	sed 's/^/NXP-TAP #   /' /tmp/out.$t
	if grep -q '^# alloc-warnings: expected' "$T/$t.sh" 2> /dev/null; then
		splat=$(dmesg | no_alloc_warnings | grep -E "$SPLAT_RE" | head -5)
	else
		splat=$(dmesg | grep -E "$SPLAT_RE" | head -5)
	fi
	if [ -n "$splat" ] && [ $rc != 4 ]; then
		echo "$splat" | sed 's/^/NXP-TAP #   kernel: /'
		rc=1
	fi
	case $t in ksft_*)
		# An upstream file: one TAP line per case ("<file>.<case>" in
		# its KTAP output; XFAIL, a case that does not apply, is a skip),
		# and a failure line for what the cases do not show.
		ksft_cases "$t" "$rc" "$splat"
		continue
		;;
	esac
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
echo "NXP-TAP 1..$n"
[ $failed = 0 ]
