#!/bin/sh
# make soak: the robustness tests at length, on our drivers (SOAK_DRIVERS,
# default "rust"; "rust c" adds the C baseline) and every board (BOARDS):
# tests/control_storm.sh for SOAK_SECS (default 1800) of control operations
# under two-way TCP, tests/rmmod_traffic.sh with SOAK_RELOADS (default 200)
# unload/load cycles under traffic, tests/updown_traffic.sh with SOAK_FLAPS
# (default 100) link flaps, tests/random_set.sh with SOAK_RANDOM_OPS (default
# 1000) random set requests, and tests/fault_walk.sh with every fault site
# (FAILNTH_ALL=1) on the debug kernel (SOAK_FAULT_WALK=0: not; SOAK_MAIN=0:
# only the walk). The two
# one-core boards run side by side. SOAK_OPS names the storm's operations
# (tests/control_storm.sh's CONTROL_OPS; default all). The ppce500 leaves
# the storm out (SOAK_STORM=1: run it): under its two-way traffic it ends
# QEMU's eTSEC model (SIGSEGV) within minutes, with any mix of operations
# tried (README). Prints the TAP lines of each run and
# "soak: N passed, N failed"; logs in $NXP_OUT/<board>/console-soak-*.log.
set -e
. "$(dirname "$0")/env.sh"
SECS=${SOAK_SECS:-1800}
RELOADS=${SOAK_RELOADS:-200}
FLAPS=${SOAK_FLAPS:-100}
OPS=${SOAK_RANDOM_OPS:-1000}
RES=$NXP_OUT/soak
rm -rf "$RES" && mkdir -p "$RES"
run() { # <board> <driver> <debug: 0|1> <timeout> <tests> <env...>: TAP lines to $RES/<board>
	b=$1 d=$2 dbg=$3 tmo=$4 tests=$5
	shift 5
	board_vars "$b"
	if [ "$dbg" = 1 ]; then export NXP_DEBUG=1; else unset NXP_DEBUG; fi
	kdir=$("$NXP_TOP/scripts/build-kernel.sh" "$b")
	ul=$("$NXP_TOP/scripts/build-userland.sh" "$b")
	mo=$(NXP_KDIR=$kdir "$NXP_TOP/scripts/build-modules.sh" "$b")
	img=$NXP_OUT/$b${NXP_DEBUG:+-debug}/initramfs-soak.cpio.gz
	"$NXP_TOP/scripts/mkinitramfs.sh" "$b" "$kdir" "$mo" "$ul" "$img"
	log=$NXP_OUT/$b/console-soak-$d${NXP_DEBUG:+-debug}.log
	mkdir -p "$NXP_OUT/$b"
	"$NXP_TOP/scripts/run-board.sh" "$b" "$img" "$kdir" "$log" $((tmo + 300)) -- \
		"NXP_BOARD=$b" "NXP_DRIVER=$d" "NXP_PORT=$PORT" "NXP_TESTS='$tests'" \
		"NXP_TIMEOUT=$tmo" "$@" || true
	sed -n 's/^NXP-TAP //p' "$log" | grep -E '^(not )?ok ' | sed "s/^/$b $d${NXP_DEBUG:+-debug}: /" > "$RES/last-$b"
	cat "$RES/last-$b" >> "$RES/tally-$b"
	[ "$(wc -l < "$RES/last-$b")" -ge "$(echo $tests | wc -w)" ] ||
		echo "$b $d: not ok - the guest ended before every test ran" >> "$RES/tally-$b"
	cat "$RES/last-$b"
}
soak_board() { # <board>
	mkdir -p "$NXP_OUT/$1" "$NXP_CACHE/kbuild"
	: > "$RES/tally-$1"
	ops=${SOAK_OPS:-} storm=control_storm
	[ "$1" != ppc-e500 ] || [ "${SOAK_STORM:-0}" = 1 ] || storm=
	for d in ${SOAK_DRIVERS:-rust}; do
		[ "${SOAK_MAIN:-1}" = 1 ] || break
		run "$1" "$d" 0 $((SECS + RELOADS * 10 + FLAPS * 5 + OPS + 600)) \
			"$storm rmmod_traffic updown_traffic random_set" \
			"CONTROL_SECS=$SECS" "RELOADS=$RELOADS" "FLAPS=$FLAPS" "RANDOM_OPS=$OPS" \
			${ops:+"CONTROL_OPS=$ops"}
	done
	# (The walk over module load where the platform allows it:
	# tests/fault_walk.sh.)
	[ "${SOAK_FAULT_WALK:-1}" = 0 ] || run "$1" rust 1 3600 fault_walk FAILNTH_ALL=1
}
# Two one-core boards side by side, as in scripts/test.sh (run_paired).
run_paired soak_board ${BOARDS:-$NXP_BOARDS}
passed=$(cat "$RES"/tally-* | grep -c ': ok ' || true)
failed=$(cat "$RES"/tally-* | grep -c 'not ok ' || true)
echo "soak: $passed passed, $failed failed"
[ "$failed" = 0 ]
