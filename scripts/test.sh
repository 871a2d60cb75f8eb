#!/bin/sh
# The project's test command (README, .ci/run): every test, from a fresh
# machine. Sets the machine up, runs the host unit tests and static checks,
# then boots each emulated board once per driver (C baseline and ours) and
# runs the guest tests, then runs our drivers' tests once more on each
# board's debug kernel, and ends with a smoke run of the benchmark. Prints one
# TAP stream per board (and per debug kernel) and ends with "N passed, N
# failed, N skipped". Exit status 0 only if nothing failed.
#
# Environment: BOARDS (default: all of $NXP_BOARDS), UPSTREAM_BOARDS (the
# boards that run the kernel's network suites; empty: none), NXP_DEBUG=1 for the debug
# kernels in the main pass (the debug pass is then skipped), NXP_DEBUG_PASS=0
# to skip the debug pass, NXP_TESTS_C / NXP_TESTS_RUST to override the guest
# test lists, NXP_PARALLEL=0 to run one job at a time (by default the
# one-core boards' jobs run two at a time on a host with two CPUs or more:
# "scheduling" below).
set -eu
. "$(dirname "$0")/env.sh"
BOARDS=${BOARDS:-$NXP_BOARDS}
# Guest tests per board and driver: all of them, for the C baseline and ours
# (a test that does not apply to a controller skips itself with the reason).
ALL_TESTS="module_load link_up ping iperf_tcp tx_bytes tx_timestamp ptp runtime_pm ethtool_info ethtool_selftest std_stats eee bql ethtool_coalesce ethtool_ring ethtool_pause"
ALL_TESTS="$ALL_TESTS channels random_set mtu_rxmode jumbo vlan tso rx_csum tx_align rx_alloc_fail tx_map_fail tx_timeout tx_flow tx_irq tx_queues load_changes ring_changes_traffic control_storm hostile_frames link_modes updown_traffic suspend rmmod_traffic leaked_handles combined_napi page_pool xdp fault_walk autoload"
# Left out of the debug pass: tests of values reported and refused, whose
# control paths tests/control_storm.sh runs there under load (ring,
# coalescing, pause, MTU, offloads, link flaps, reloads), plain pings and
# TCP (which tso, page_pool and the traffic tests drive too), tagged pings
# (QEMU's models take no tag out, so they take the plain path), link mode
# changes (control_storm flaps the link under load) and the queue's
# stop/wake counts (its two-way TCP stops and wakes the queue), the Tx
# queue selection by VLAN priority (the AVB rings 1 and 2 carry XDP frames
# from the second CPU in xdp), the self-tests and the autoload set-up
# (module aliases, modprobe, driver_override);
# the rest exercise the data path and its teardown, where the debug
# kernels' checks (KASAN, lockdep, kmemleak, DMA-API) find what the normal
# kernels do not.
DEBUG_SKIP="ping iperf_tcp tx_bytes tx_timestamp ethtool_info ethtool_selftest std_stats eee ethtool_coalesce ethtool_pause channels random_set link_modes tx_flow tx_queues vlan autoload"
# On a KASAN kernel (about 2.5 times slower under QEMU) also the tests of
# link, flow and control paths, which the other debug kernels run, and the
# single ring, MTU and reset changes: KASAN's part is the memory the data
# path, its rings and their teardown touch (under traffic: ring changes,
# rmmod, page_pool; and the allocation failures of fault_walk).
KASAN_SKIP="link_up ptp bql combined_napi rx_csum tx_flow tx_irq tx_queues load_changes control_storm link_modes updown_traffic ethtool_ring mtu_rxmode jumbo tx_align tx_timeout"
# Single-queue data paths and teardown (queue 0, Rx ring 0, the driver's
# own handles): the i.MX7D's debug job skips them where the i.MX6UL's and
# the i.MX8M Plus's run them (tests_for). Its probe with two ports on one
# MDIO bus, fault_walk's multi-queue probe, XDP from the second CPU, ring
# changes, suspend, rmmod and page_pool under traffic stay.
IMX7_DEBUG_SHARED="runtime_pm tso rx_alloc_fail tx_map_fail hostile_frames leaked_handles"
# The kernel's network suites (tests/upstream.list) follow on the boards
# they are graded on, in the main pass: the i.MX8M Plus and the i.MX7D,
# with ours and with the C fec as the baseline (about 1.5 and 2 minutes of
# each board's job, 2026-12-06).
UPSTREAM_BOARDS=${UPSTREAM_BOARDS-"arm-imx7 arm64-imx8mp"}
UPSTREAM_C_BOARDS=${UPSTREAM_C_BOARDS-"arm-imx7 arm64-imx8mp"}
# The board whose kernel the compile-fail tests build against.
CF_BOARD=arm-imx7
case " $BOARDS " in *" $CF_BOARD "*) ;; *) CF_BOARD=${BOARDS%% *} ;; esac
UPSTREAM_TESTS=$(awk '!/^#/ && NF { print $1 }' "$NXP_TOP/tests/upstream.list" | tr '\n' ' ')
in_boards() { case " $BOARDS " in *" $1 "*) return 0 ;; esac; return 1; }
tests_for() { # <board> <driver>
	up=
	case " $UPSTREAM_BOARDS " in *" $1 "*) [ -n "$TAG" ] || up=$UPSTREAM_TESTS ;; esac
	case " $UPSTREAM_C_BOARDS " in *" $1 "*) ;; *) [ "$2" != c ] || up= ;; esac
	all=$ALL_TESTS
	if [ -n "$TAG" ]; then
		skip=$DEBUG_SKIP
		case " $DEBUG_CONFIGS " in *" kasan "*) skip="$skip $KASAN_SKIP" ;; esac
		# The i.MX6UL boots the i.MX7D's debug kernel and modules, whose
		# job runs the link, flow and control paths; the i.MX6UL's runs
		# the data path and teardown with its own quirks (one queue pair,
		# no AVB), the list of the KASAN kernels.
		case $1 in arm-imx6ul) skip="$skip $KASAN_SKIP" ;; esac
		# Of those, the i.MX7D's job (on the critical path, phase 3
		# below) leaves out the ones that take no other path with its
		# second core and AVB queues, when both the i.MX6UL's job (the
		# same kernel and modules) and the i.MX8M Plus's (two cores,
		# lockdep and KASAN) run them: about 110 s.
		if [ "$1" = arm-imx7 ] && in_boards arm-imx6ul && in_boards arm64-imx8mp; then
			skip="$skip $IMX7_DEBUG_SHARED"
		fi
		all=
		for t in $ALL_TESTS; do
			case " $skip " in *" $t "*) ;; *) all="$all $t" ;; esac
		done
	fi
	case "$2" in
	c) echo "${NXP_TESTS_C:-$all $up}" ;;
	rust) echo "${NXP_TESTS_RUST:-$all $up}" ;;
	esac
}

TAG= # suffix of console logs and test names (debug kernel pass)
T0=$(date +%s)
mkdir -p "$NXP_OUT"
RES=$NXP_OUT/results
rm -rf "$RES" && mkdir -p "$RES"
pass=0 fail=0 skip=0 todo_n=0 failed_list=

# tap_stream <name> <file with "ok/not ok ..." lines>: print as one TAP stream
# with its own numbering and plan, and count.
tap_stream() {
	echo "TAP version 13"
	echo "# $1"
	n=0 subs=
	while IFS= read -r l; do
		case "$l" in
		"# "*"# FAIL - "*)
			# A failed check inside a test: named with it if it fails.
			subs="$subs
#     ${l##*# FAIL - }"
			echo "$l"
			;;
		"ok "* | "not ok "*)
			n=$((n + 1))
			st=${l%% *}
			[ "$st" = not ] && st="not ok" || st=ok
			rest=$(echo "$l" | sed -E 's/^(not )?ok [0-9]+ //')
			echo "$st $n $rest"
			case "$st $rest" in
			"not ok"*"# TODO"*) todo_n=$((todo_n + 1)) ;;
			"not ok"*)
				fail=$((fail + 1))
				failed_list="$failed_list
#   $1: $rest$subs"
				;;
			*"# SKIP"*) skip=$((skip + 1)) ;;
			*) pass=$((pass + 1)) ;;
			esac
			subs=
			;;
		*) echo "$l" ;;
		esac
	done < "$2"
	echo "1..$n"
}

elapsed() { echo "$(($(date +%s) - T0))s"; }

# run_guest_tests <board> <driver> <tests>: boots the board and runs the tests
# there, printing their TAP lines (driver-prefixed). If the guest dies (QEMU
# exit, panic, hang), the test it was in fails and a fresh boot runs the
# tests still to do (six boots at most). An emulator crash (QEMU killed by a
# signal) is QEMU's fault, not the guest's: the ppce500 eTSEC model
# segfaults now and then under TCP traffic, with the C gianfar and with ours
# alike (in 4 of 12 runs of tests/bql.sh with ours on 2026-12-01, none of 5
# with the C gianfar, whose TCP tx is slower, before that test used 128 KiB
# socket buffers as the others do). That test runs again in a
# fresh boot, up to twice, and fails if QEMU crashes every time. The
# C driver is the baseline, not the product: its failures are printed as
# TODO (TAP: reported, not counted).
run_guest_tests() {
	todo=$3 boot=0 retried=
	while [ -n "$todo" ] && [ $boot -lt 6 ]; do
		boot=$((boot + 1))
		tmo=0
		for t in $todo; do
			case $t in
			ksft_*) x=$(awk -v t="$t" '$1 == t { print $3 }' "$NXP_TOP/tests/upstream.list") ;;
			*) x=$(sed -n 's/^# timeout: *//p' "$NXP_TOP/tests/$t.sh") ;;
			esac
			tmo=$((tmo + ${x:-120}))
		done
		mkdir -p "$NXP_OUT/$1"
		log=$NXP_OUT/$1/console-$2$TAG.log
		[ $boot = 1 ] || log=$NXP_OUT/$1/console-$2$TAG-boot$boot.log
		step "$1: guest tests with the $2 driver ($(elapsed)): $todo" >&2
		rc=0
		"$NXP_TOP/scripts/run-board.sh" "$1" "$img" "$kdir" "$log" $((tmo + 240)) -- \
			"NXP_BOARD=$1" "NXP_DRIVER=$2" "NXP_PORT=$PORT" "NXP_TESTS='$todo'" || rc=$?
		sed -n 's/^NXP-TAP //p' "$log" | grep -vE '^(TAP version|1\.\.)' |
			sed -E "s/^((not )?ok [0-9]+ )/\1$2$TAG: /" | baseline "$2"
		grep -h '# metric:' "$log" | sed "s/.*# metric: /$1 $2$TAG /" >> "$RES/metrics.txt" || true
		# Tests with a result; with rc 2 the next one is the test the guest
		# died in.
		ran=$(sed -n 's/^NXP-TAP //p' "$log" | sed -nE 's/^(not )?ok [0-9]+ ([a-z0-9_]+).*/\2/p')
		rest=
		for t in $todo; do
			echo "$ran" | grep -qx "$t" || rest="$rest $t"
		done
		if [ $rc != 2 ]; then
			# A run that ended otherwise (the runner itself stopped) must
			# not pass for the tests it never ran.
			for t in $rest; do
				echo "not ok 0 $2$TAG: $t (no result: the guest run ended with status $rc; console log: $log)"
			done | baseline "$2"
			break
		fi
		dead=$(echo $rest | cut -d' ' -f1)
		why=$(grep '^NXP-HOST' "$log" | tail -1)
		sig=$(echo "$why" | sed -n 's/.*QEMU exited (status \([0-9]*\)).*/\1/p')
		if [ -n "$dead" ] && [ "${sig:-0}" -ge 128 ] &&
			[ "$(echo $retried | tr ' ' '\n' | grep -cx "$dead")" -lt 2 ]; then
			retried="$retried $dead"
			echo "# $2$TAG: $dead: QEMU crashed (signal $((sig - 128))) during this test; a fresh boot runs it again (console log: $log)"
			todo=$(echo $rest)
			continue
		fi
		{
			echo "not ok 0 $2$TAG: ${dead:-guest} (the guest died: $why)"
			echo "#   console log kept: $log"
			grep -vE '^NXP-TAP' "$log" | tail -40 | sed 's/^/#   /'
		} | baseline "$2"
		todo=$(echo $rest | cut -s -d' ' -f2-)
	done
}

# baseline <driver>: for the C driver, failures become TODO lines.
baseline() {
	if [ "$1" = c ]; then
		sed -E '/^not ok /{s/ # (.*)$/ (\1)/; s/$/ # TODO C baseline failure, not counted/}'
	else
		cat
	fi
}

step "set-up" >&2
"$NXP_TOP/scripts/setup.sh" > "$NXP_OUT/setup.log" 2>&1 || { tail -30 "$NXP_OUT/setup.log"; die "setup failed"; }

# Kernels missing from the cache (a first run) are built ahead, one at a time
# and at the lowest CPU priority, in the order the passes below need them:
# each board's tests then run while the next kernels build. With every
# kernel cached this ends at once.
# A job waits for its kernel in the record of the builds ahead, not for
# build-kernel.sh's lock: a job does not wait for another kernel's build
# (the cold run at 07fd0d0: the i.MX7D's debug job, last but one, waited 6
# minutes for the i.MX8M Plus's debug kernel with its own built).
kernel() { # <board> <debug: 0|1>: prints the kernel's build directory
	while ! kernel_ready "$1" "$2"; do sleep 5; done
	if [ -s "$RES/kdir-$1-$2" ]; then
		cat "$RES/kdir-$1-$2"
		return 0
	fi
	NXP_DEBUG=$2 "$NXP_TOP/scripts/build-kernel.sh" "$1"
}
# kernel_ready <board> <debug>: the builds ahead have that kernel (or are
# done, and a build in progress elsewhere holds the lock).
kernel_ready() { [ -s "$RES/kdir-$1-$2" ] || [ -f "$RES/ahead.done" ]; }
# The boards whose emulated cores fit the host's CPUs twice over share a
# lane of their own (lane_boards, scheduling below); the others are
# lone_boards.
lane_boards= lone_boards=
for b in $BOARDS; do
	if fits_twice "$b"; then
		lane_boards="$lane_boards $b"
	else
		lone_boards="$lone_boards $b"
	fi
done
# The debug kernels of the lone boards first: their debug jobs end the run,
# one after the other, while the lane boards' run in a side lane beside
# them (the cold run at b896660: the i.MX8M Plus's KASAN kernel, built
# last, was done at minute 81 and its job ended the run 13 minutes later).
ahead=
for b in $BOARDS; do ahead="$ahead $b:${NXP_DEBUG:-0}"; done
if [ "${NXP_DEBUG_PASS:-1}" = 1 ] && [ "${NXP_DEBUG:-0}" != 1 ]; then
	for b in $lone_boards $lane_boards; do ahead="$ahead $b:1"; done
fi
# kernel_id <board> <debug>: what makes the board's kernel (boards with the
# same one, the i.MX6UL and the i.MX7D, share its build).
kernel_id() { (NXP_DEBUG=$2 board_vars "$1" && echo "$KCONF $DEBUG_CONFIGS $KARGS $KTARGETS"); }
{
	for k in $ahead; do
		kb=${k%:*} kd=${k#*:}
		kf=$RES/kdir-$kb-$kd
		# (Recorded with another board's, the same kernel.)
		[ ! -s "$kf" ] || continue
		echo "ahead: $kb (debug $kd)" >&2
		if NXP_DEBUG=$kd nice -n 19 "$NXP_TOP/scripts/build-kernel.sh" "$kb" > "$kf.tmp"; then
			id=$(kernel_id "$kb" "$kd")
			for b in $BOARDS; do
				if [ "$b" != "$kb" ] && [ "$(kernel_id "$b" "$kd")" = "$id" ]; then
					cp "$kf.tmp" "$RES/kdir-$b-$kd.tmp"
					mv "$RES/kdir-$b-$kd.tmp" "$RES/kdir-$b-$kd"
				fi
			done
			mv "$kf.tmp" "$kf"
		else
			rm -f "$kf.tmp"
		fi
	done
	: > "$RES/ahead.done"
} 2> "$RES/kernels-ahead.log" &
AHEAD=$!

# --- host: unit tests and static checks --------------------------------------
step "host unit tests and static checks ($(elapsed))" >&2
H=$RES/host.tap
: > "$H"
if (cd "$NXP_TOP/tests/host" && cargo test --offline 2>&1) > "$RES/cargo-test.log"; then :; fi
grep -E '^test .* \.\.\. ' "$RES/cargo-test.log" | while read -r _ name _ result; do
	case $result in
	ok) echo "ok 0 unit: $name" ;;
	ignored) echo "ok 0 unit: $name # SKIP ignored" ;;
	*) echo "not ok 0 unit: $name" ;;
	esac
done >> "$H"
grep -q '^test result: ok' "$RES/cargo-test.log" && echo "ok 0 unit: cargo test (all)" >> "$H" ||
	{ echo "not ok 0 unit: cargo test (all)"; sed 's/^/#   /' "$RES/cargo-test.log" | tail -30; } >> "$H"

RS_FILES=$(cd "$NXP_TOP" && git ls-files '*.rs' 2> /dev/null || find . -name '*.rs' -not -path './tests/host/target/*')
if (cd "$NXP_TOP" && rustfmt --check --config-path .rustfmt.toml $RS_FILES) > "$RES/rustfmt.log" 2>&1; then
	echo "ok 0 static: rustfmt --check (kernel .rustfmt.toml)" >> "$H"
else
	{ echo "not ok 0 static: rustfmt --check"; sed 's/^/#   /' "$RES/rustfmt.log" | head -30; } >> "$H"
fi
if (cd "$NXP_TOP/tests/host" && cargo clippy --offline --all-targets -- -D warnings) > "$RES/clippy-host.log" 2>&1; then
	echo "ok 0 static: cargo clippy (host build of the pure logic)" >> "$H"
else
	{ echo "not ok 0 static: cargo clippy (host)"; sed 's/^/#   /' "$RES/clippy-host.log" | tail -30; } >> "$H"
fi
tap_stream "host: unit tests and static checks" "$H"

# --- packaging -------------------------------------------------------------------
# DKMS, the Yocto recipe's and Buildroot's build steps, the native build and
# the preflight, against a kernel of each architecture among BOARDS: module
# builds only, at the lowest CPU priority beside the guests (its kernels
# come through the build lock, as the passes' do). It starts when the
# builds ahead are done: on a first run the kernels, built at the same
# priority, are what the boards wait for, and the run's last minutes
# leave CPU time spare.
P=$RES/packaging.tap
pk= pkc=
for b in $BOARDS; do
	k=$(board_vars "$b" && echo "$KCONF")
	case " $pkc " in *" $k "*) ;; *) pk="$pk $b" pkc="$pkc $k" ;; esac
done
(while [ ! -f "$RES/ahead.done" ]; do sleep 5; done
PKG_BOARDS=$pk nice -n 19 "$NXP_TOP/scripts/packaging-test.sh" > "$P" 2> "$RES/packaging.log" ||
	{ echo "not ok 0 pkg: scripts/packaging-test.sh stopped (status $?)"; tail -20 "$RES/packaging.log" | sed 's/^/#   /'; } >> "$P") &
PKG=$!

# --- boards --------------------------------------------------------------------
# main_board <board>: builds for the board and runs every guest test with
# the C driver (TAP lines to $RES/<board>.tap); rust_board runs ours.
main_board() {
	board_vars "$1"
	B=$RES/$1.tap
	: > "$B"
	step "$1: kernel, userland, modules ($(elapsed))" >&2
	if ! kdir=$(kernel "$1" "${NXP_DEBUG:-0}" 2> "$RES/$1-kernel.log"); then
		{ echo "not ok 0 build: $1 kernel"; sed 's/^/#   /' "$RES/$1-kernel.log" | tail -30; } >> "$B"
		return 0
	fi
	echo "ok 0 build: $1 kernel ($(basename "$kdir"))" >> "$B"
	if ! ul=$("$NXP_TOP/scripts/build-userland.sh" "$1" 2> "$RES/$1-userland.log"); then
		{ echo "not ok 0 build: $1 guest userland"; sed 's/^/#   /' "$RES/$1-userland.log" | tail -30; } >> "$B"
		return 0
	fi
	echo "ok 0 build: $1 guest userland" >> "$B"
	if mo=$(NXP_KDIR=$kdir "$NXP_TOP/scripts/build-modules.sh" "$1" 2> "$RES/$1-modules.log"); then
		echo "ok 0 build: $1 modules warning-free ($(cd "$mo" && ls *.ko | tr '\n' ' ')), checked against the shim's headers ($(sed 's/^ffi-gen: //' "$mo/ffi-gen.log"))" >> "$B"
	else
		{ echo "not ok 0 build: $1 modules"; sed 's/^/#   /' "$RES/$1-modules.log" | tail -40; } >> "$B"
		mo=$(mktemp -d)
	fi
	if NXP_KDIR=$kdir "$NXP_TOP/scripts/build-modules.sh" "$1" CLIPPY=1 > /dev/null 2> "$RES/$1-clippy.log"; then
		echo "ok 0 static: $1 modules clippy-clean" >> "$B"
	else
		{ echo "not ok 0 static: $1 modules clippy"; sed 's/^/#   /' "$RES/$1-clippy.log" | tail -40; } >> "$B"
	fi
	# The wrapper layer's misuse tests (tests/compile-fail), once: the
	# code is the same on every architecture.
	if [ "$1" = "$CF_BOARD" ]; then
		"$NXP_TOP/scripts/compile-fail.sh" "$1" "$kdir" >> "$B" 2> "$RES/$1-compile-fail.log" ||
			{ echo "not ok 0 compile-fail: scripts/compile-fail.sh stopped"; sed 's/^/#   /' "$RES/$1-compile-fail.log" | tail -20; } >> "$B"
	fi
	img=$NXP_OUT/$1/initramfs.cpio.gz
	"$NXP_TOP/scripts/mkinitramfs.sh" "$1" "$kdir" "$mo" "$ul" "$img"
	echo "$kdir" > "$RES/$1.kdir"
	run_guest_tests "$1" c "$(tests_for "$1" c)" >> "$B"
}

# rust_board <board>: every guest test with our driver, in the image
# main_board built (TAP lines to $RES/<board>-rust.tap, which join the
# board's stream). A job of its own, so that the scheduler can place it
# apart from the board's C run.
rust_board() {
	board_vars "$1"
	B=$RES/$1-rust.tap
	: > "$B"
	if ! kdir=$(cat "$RES/$1.kdir" 2> /dev/null); then
		echo "not ok 0 rust: no tests with our driver (the board's build failed, above)" >> "$B"
		return 0
	fi
	img=$NXP_OUT/$1/initramfs.cpio.gz
	run_guest_tests "$1" rust "$(tests_for "$1" rust)" >> "$B"
}

# debug_board <board>: our driver once more, every test but DEBUG_SKIP, on
# the board's debug kernel (TAP lines to $RES/<board>-debug.tap).
debug_board() {
	board_vars "$1"
	B=$RES/$1-debug.tap
	: > "$B"
	step "$1: debug kernel and modules ($(elapsed))" >&2
	if ! kdir=$(kernel "$1" 1 2> "$RES/$1-debug-kernel.log"); then
		{ echo "not ok 0 build: $1 debug kernel"; sed 's/^/#   /' "$RES/$1-debug-kernel.log" | tail -30; } >> "$B"
		return 0
	fi
	echo "ok 0 build: $1 debug kernel ($(basename "$kdir"))" >> "$B"
	ul=$("$NXP_TOP/scripts/build-userland.sh" "$1" 2> /dev/null) || ul=
	if [ -n "$ul" ] && mo=$(NXP_DEBUG=1 NXP_KDIR=$kdir "$NXP_TOP/scripts/build-modules.sh" "$1" 2> "$RES/$1-debug-modules.log"); then
		echo "ok 0 build: $1 modules for the debug kernel" >> "$B"
		img=$NXP_OUT/$1-debug/initramfs.cpio.gz
		"$NXP_TOP/scripts/mkinitramfs.sh" "$1" "$kdir" "$mo" "$ul" "$img"
		# No more emulated cores than the host has CPUs (a thread
		# each): the i.MX8M Plus's four cores on two CPUs spent their
		# time spinning on locks held by a preempted core; with two,
		# its KASAN job took 591 s instead of 855, truly parallel all
		# the same (2026-12-06). (This runs in run_job's subshell.)
		export NXP_VCPUS="$(nproc)"
		run_guest_tests "$1" rust "$(tests_for "$1" rust)" >> "$B"
	else
		{ echo "not ok 0 build: $1 modules for the debug kernel"; sed 's/^/#   /' "$RES/$1-debug-modules.log" | tail -40; } >> "$B"
	fi
}

# bench_board <board>: the benchmark's smoke run on the board, one round of
# 2 s per load, and its checks (TAP lines to $RES/<board>-bench.tap): the
# benchmark's machinery and every load, not a measurement (`make bench`
# measures).
bench_board() {
	B=$RES/$1-bench.tap
	: > "$B"
	step "$1: benchmark smoke run ($(elapsed))" >&2
	# The kernel as the other jobs take it (the builds' record):
	# build-kernel.sh's lock is held while later kernels build.
	kd=$(kernel "$1" "${NXP_DEBUG:-0}" 2> /dev/null) || kd=
	if ! BENCH_KDIR=$kd BENCH_BOARDS=$1 BENCH_ROUNDS=1 BENCH_SECS=2 BENCH_SWEEPS=0 BENCH_APPS=0 BENCH_OUT="$smoke" \
		nice -n "${SMOKE_NICE:-0}" "$NXP_TOP/scripts/bench.sh" > "$RES/$1-bench.log" 2>&1; then
		{ echo "not ok 0 bench: $1 smoke run failed"; tail -30 "$RES/$1-bench.log" | sed 's/^/#   /'; } >> "$B"
		return 0
	fi
	# Every rate of the main set measured for each driver, and the report made.
	if grep -q '^| iperf3 TCP tx (Mbit/s) | [0-9]' "$smoke/$1.md" && [ -s "$smoke/$1.png" ]; then
		echo "ok 0 bench: $1 report (Markdown table and plot)" >> "$B"
	else
		{ echo "not ok 0 bench: $1 report missing"; sed 's/^/#   /' "$smoke/$1.md" 2> /dev/null | head -20; } >> "$B"
	fi
	for drv in c rust; do
		rates=$(smoke_metrics "$1" $drv '_mbps$|_kpps$' '%s ')
		at_least 5 "$rates" "$1 $drv: every rate measured ($rates)" \
			"$1 $drv: rates missing (measured: $rates)" | baseline $drv >> "$B"
		# The host's CPU time per KB, one per TCP transfer (host marks).
		hsd=$(smoke_metrics "$1" $drv '_hsd$' '%s=%s ')
		at_least 4 "$hsd" "$1 $drv: host vCPU time per KB for each TCP transfer ($hsd)" \
			"$1 $drv: host vCPU time per KB missing (got: $hsd)" | baseline $drv >> "$B"
	done
	# AF_XDP zero-copy rates on the ENET (fec_rs; the C fec's socket
	# receives nothing here, so its column may stay empty).
	case $1 in
	ppc-*) ;;
	*)
		xsk=$(smoke_metrics "$1" rust '^xsk_.*_kpps$' '%s=%s ')
		at_least 2 "$xsk" "$1 rust: AF_XDP zero-copy rx-drop and tx-only rates ($xsk)" \
			"$1 rust: AF_XDP zero-copy rates missing (got: $xsk)" >> "$B"
		;;
	esac
}

# smoke_metrics <board> <driver> <name regex> <printf format>: the main
# set's metrics of the smoke run measured (above 0) for the driver, each
# printed with the format (name, value).
smoke_metrics() {
	awk -F'\t' -v d="$2" -v re="$3" -v f="$4" \
		'$1 == "main" && $3 == d && $4 ~ re && $5 > 0 { printf f, $4, $5 }' "$smoke/$1.tsv"
}

# at_least <n> <words> <ok text> <failure text>: a benchmark TAP line, ok
# with <n> words or more.
at_least() {
	if [ $(echo $2 | wc -w) -ge "$1" ]; then
		echo "ok 0 bench: $3"
	else
		echo "not ok 0 bench: $4"
	fi
}

# --- scheduling -----------------------------------------------------------------
# Each board has up to four jobs: main_board (the builds and the C driver's
# run), rust_board (ours), debug_board (ours on the board's debug kernel)
# and bench_board (the smoke run of the benchmark, on one board per MAC).
# One board's jobs run one after the other; each QEMU runs in its own
# network namespace (scripts/run-board.sh). Three phases:
# 1. The boards whose emulated cores fit the host's CPUs twice over (the
#    one-core ppce500 and i.MX6UL on two CPUs) share a lane of two
#    workers: their C runs and the first one's Rust run.
# 2. The other boards' main jobs, C then ours, side by side in a lane of
#    two, each QEMU in one host thread (below); beside them, a third
#    worker runs the one-core boards' other jobs (Rust runs and debug
#    jobs), one at a time.
# 3. Those boards' debug jobs, one at a time, alone, with a host thread per
#    emulated core (below); beside them, at the lowest CPU priority, the
#    benchmark smoke runs.
# One thread per guest beside others: in the second phase, each QEMU runs
# all its guest's cores in one host thread, and a third one slows them
# little. The debug jobs, a host thread per guest core, kept the host's
# CPUs only 55 and 43 % busy alone (i.MX7D, i.MX8M Plus; sampled every 10
# s, 2026-12-07), but the one-core boards' jobs beside them made them a
# quarter to a third slower (a preempted guest core holding a lock the
# others spin on): 63.6 minutes in all, against 66 with those jobs in the
# first phase's lane and 58.4 with them in the second phase, whose main
# jobs then took 23.0 minutes instead of 21.7 (f406a6f).
# A job waits for its board's job before it (a mode after the board:
# "after": the C run; "main": the Rust run too), and a debug job for its
# kernel from the builds ahead (a first run); a job that cannot run yet
# goes back to the end of its lane's queue.

# run_job <function> <board>: one job in a subshell; a job that stops early
# (a failed image build) fails its board's stream. The markers say which of
# the board's jobs are done, for those waiting.
run_job() {
	case $1 in
	main_board) rj_sfx= ;;
	rust_board) rj_sfx=-rust ;;
	debug_board) rj_sfx=-debug ;;
	bench_board) rj_sfx=-bench ;;
	esac
	(
		TAG=
		[ "$1" != debug_board ] || TAG=-debug
		"$1" "$2"
	) || echo "not ok 0 $2$rj_sfx: the board's job stopped early (status $?)" >> "$RES/$2$rj_sfx.tap"
	case $1 in
	main_board) : > "$RES/$2.c-done" ;;
	rust_board) : > "$RES/$2.main-done" ;;
	esac
}

# run_lane <name> <workers> <job...>: jobs "<function>:<board>[:<mode>]",
# in order, <workers> at a time; a job that cannot run yet (above) goes
# back to the end of the queue.
run_lane() {
	lq=$RES/lane-$1.queue
	lw=$2
	shift 2
	printf '%s\n' "$@" > "$lq"
	lane_worker() {
		while j=$(flock "$lq.lock" sh -c 'head -n 1 "$1" && sed -i 1d "$1"' _ "$lq") && [ -n "$j" ]; do
			lf=${j%%:*} lb=${j#*:}
			lm=
			case $lb in *:*) lm=${lb##*:} lb=${lb%:*} ;; esac
			need=
			case $lm in
			after) need=c-done ;;
			main) need=main-done ;;
			esac
			if { [ -n "$need" ] && [ ! -f "$RES/$lb.$need" ]; } ||
				{ [ "$lf" = debug_board ] && ! kernel_ready "$lb" 1; }; then
				# That job runs on another worker, or its kernel builds.
				flock "$lq.lock" sh -c 'echo "$2" >> "$1"' _ "$lq" "$j"
				sleep 2
				continue
			fi
			run_job "$lf" "$lb"
		done
	}
	lp=
	while [ "$lw" -gt 1 ]; do
		lane_worker &
		lp="$lp $!"
		lw=$((lw - 1))
	done
	lane_worker
	for p in $lp; do wait "$p" || true; done
}

DEBUG_PASS=0
if [ "${NXP_DEBUG_PASS:-1}" = 1 ] && [ "${NXP_DEBUG:-0}" != 1 ]; then DEBUG_PASS=1; fi
# The benchmark's smoke run: two boards, one per MAC (the ppce500's eTSEC
# and the i.MX7D's ENET), of those this run has.
SMOKE_BOARDS=
for b in ppc-e500 arm-imx7; do
	case " $BOARDS " in *" $b "*) SMOKE_BOARDS="$SMOKE_BOARDS $b" ;; esac
done
[ -n "$SMOKE_BOARDS" ] || SMOKE_BOARDS=$BOARDS
smoke=$NXP_OUT/bench-smoke
rm -rf "$smoke"

# Phase 1. The lane's second worker is done with the i.MX6UL's C run about
# when the first is with the ppce500's (3.4 and 4.6 minutes); the first
# then runs the ppce500's Rust run (6.2). The i.MX6UL's Rust run (8.8) and
# the debug jobs (6.6 each) go to the second phase's third worker.
jobs= side=
for b in $lane_boards; do jobs="$jobs main_board:$b"; done
for b in $lane_boards; do
	case $jobs in
	*rust_board:*) side="$side rust_board:$b:after" ;;
	*) jobs="$jobs rust_board:$b:after" ;;
	esac
done
if [ $DEBUG_PASS = 1 ]; then
	for b in $lane_boards; do side="$side debug_board:$b:main"; done
fi
[ -z "$jobs" ] || run_lane one-core 2 $jobs

# Phase 2. The other boards (two and four emulated cores) kept the host's
# two CPUs only 41 to 61 % busy each when they ran alone (sampled every
# 10 s, 2026-12-05), so their main jobs run side by side as well, each board
# in its own namespace. Side by side, each QEMU runs its guest's cores in
# one host thread (NXP_TCG_THREAD=single): with a thread per core, six
# threads on two CPUs preempt guest cores that hold a lock while the others
# spin on it, and the transfers fell to a tenth (iperf3 on the i.MX7D,
# fec_rs, 2026-12-06: 144/211 Mbit/s tx/rx beside the i.MX8M Plus,
# 1519/1232 alone; with one thread each, side by side, 675/953).
# NXP_PARALLEL=0: every job alone.
# The third worker's lane goes on into the third phase when a debug kernel
# it waits for is still building (a first run).
jobs=
for b in $lone_boards; do jobs="$jobs main_board:$b"; done
for b in $lone_boards; do jobs="$jobs rust_board:$b:after"; done
SIDE=
if [ -n "$side" ] && [ -n "$jobs" ]; then
	run_lane side 1 $side &
	SIDE=$!
	side=
fi
if [ "${NXP_PARALLEL:-1}" = 1 ] && [ "$(nproc)" -ge 2 ]; then
	export NXP_TCG_THREAD=single
	[ -z "$jobs" ] || run_lane multi-core 2 $jobs
	unset NXP_TCG_THREAD
else
	[ -z "$jobs" ] || run_lane multi-core 1 $jobs
fi
[ -n "$SIDE" ] || [ -z "$side" ] || run_lane side 2 $side

# bench_smoke: the smoke runs, one after the other, a multi-core board's
# QEMU in one host thread.
bench_smoke() {
	for b in $SMOKE_BOARDS; do
		case " $lone_boards " in
		*" $b "*) (
			export NXP_TCG_THREAD=single
			run_job bench_board "$b"
		) ;;
		*) run_job bench_board "$b" ;;
		esac
	done
}

# Phase 3: the debug kernels (kernel/configs/debug.config: lockdep,
# sleep-in-atomic checks, KMEMLEAK, SLUB debug, DMA-API debug, Rust
# overflow checks; KASAN where the board's Rust support allows it,
# kernel/configs/kasan.config); a splat fails the test it happened in
# (tests/run.sh). NXP_DEBUG_PASS=0 skips this pass; with NXP_DEBUG=1 the
# main pass already ran on these kernels. The multi-core boards' debug
# jobs run alone, a thread per core, the first whose kernel is built
# first: lockdep and KASAN are there to catch what truly parallel cores
# do, a debug kernel in one thread slowed TCP enough to fail a test's
# timing (tx_map_fail), and side by side they gained little (1,008 s for
# both against 1,143 one after the other). They leave about 40 % of the
# host's CPU time idle, which the benchmark smoke runs take at the lowest
# priority (a smoke run checks the benchmark's machinery and that every
# load gives a rate, not the rates); without this phase they run at the
# end, alone.
BENCH=
if [ $DEBUG_PASS = 1 ] && [ -n "$lone_boards" ]; then
	if [ "${NXP_PARALLEL:-1}" = 1 ]; then
		(
			SMOKE_NICE=19
			bench_smoke
		) &
		BENCH=$!
	fi
	left=$lone_boards
	while [ -n "$left" ]; do
		pick=
		for b in $left; do
			if kernel_ready "$b" 1; then
				pick=$b
				break
			fi
		done
		if [ -z "$pick" ]; then
			sleep 5
			continue
		fi
		run_job debug_board "$pick"
		p3left=
		for b in $left; do [ "$b" = "$pick" ] || p3left="$p3left $b"; done
		left=$p3left
	done
fi
[ -z "$SIDE" ] || wait $SIDE || true

# (Done by now unless a kernel failed to build, which its pass reported.)
wait $AHEAD || true
if [ -n "$BENCH" ]; then
	wait $BENCH || true
else
	bench_smoke
fi
wait $PKG || true

# --- results, in the order of BOARDS ----------------------------------------------
for b in $BOARDS; do
	cat "$RES/$b-rust.tap" >> "$RES/$b.tap" 2> /dev/null || true
	tap_stream "board $b" "$RES/$b.tap"
done
if [ $DEBUG_PASS = 1 ]; then
	for b in $BOARDS; do
		tap_stream "board $b, debug kernel" "$RES/$b-debug.tap"
	done
fi
tap_stream "packaging (DKMS, Yocto, Buildroot, native build)" "$P"
S=$RES/bench.tap
: > "$S"
for b in $SMOKE_BOARDS; do cat "$RES/$b-bench.tap" >> "$S" 2> /dev/null || echo "not ok 0 bench: $b smoke run missing" >> "$S"; done
tap_stream "benchmark smoke run" "$S"
step "done in $(elapsed)" >&2
if [ -s "$RES/metrics.txt" ]; then
	echo "# metrics (board driver name=value):"
	sed 's/^/#   /' "$RES/metrics.txt"
fi
# The failures again, last, where a log cut to its tail still shows them.
[ -z "$failed_list" ] || echo "# failed:$failed_list"
sum="$pass passed, $fail failed"
[ $skip = 0 ] || sum="$sum, $skip skipped"
[ $todo_n = 0 ] || sum="$sum, $todo_n C-baseline failures (TODO, not counted)"
echo "$sum"
[ $fail = 0 ]
