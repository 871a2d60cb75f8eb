#!/bin/sh
# bench.sh: side-by-side benchmark of our drivers against the in-tree C
# drivers (README: `make bench`). Per board, one boot; the guest alternates
# the C driver and ours (c rust c rust ...) for BENCH_ROUNDS rounds and
# measures iperf3 TCP tx/rx, netperf TCP_STREAM/TCP_MAERTS (128 KiB socket
# buffers) and 64-byte UDP from the guest, each with the guest's CPU use and
# the service demand; with BENCH_SWEEPS=1 also the Tx ring, coalescing, BQL,
# Rx checksum and split/combined NAPI sweeps. Writes, per board, the raw results and a
# Markdown report with a PNG plot to BENCH_OUT (default Documentation/bench).
#
# Environment: BENCH_BOARDS (default "arm-imx7 ppc-e500"), BENCH_ROUNDS (5),
# BENCH_SECS (10 s per measurement), BENCH_SWEEPS (1), BENCH_SWEEP_ROUNDS
# (3), BENCH_OUT, BENCH_ONLY=napi (only our driver, split vs combined NAPI,
# BENCH_ROUNDS rounds; results in <board>-napi.*), BENCH_PIN (1: on a guest
# with several CPUs, traffic on the last CPU and NIC interrupts on CPU0; 0:
# the scheduler places them). `BENCH_ROUNDS=1 BENCH_SECS=2 BENCH_SWEEPS=0` is the smoke
# run the test command uses.
set -eu
. "$(dirname "$0")/env.sh"
boards=${BENCH_BOARDS:-"arm-imx7 ppc-e500"}
rounds=${BENCH_ROUNDS:-5}
secs=${BENCH_SECS:-10}
sweeps=${BENCH_SWEEPS:-1}
srounds=${BENCH_SWEEP_ROUNDS:-3}
outdir=${BENCH_OUT:-$NXP_TOP/Documentation/bench}
mkdir -p "$outdir"

step "set-up"
"$NXP_TOP/scripts/setup.sh" > "$NXP_OUT.setup.log" 2>&1 || { tail -30 "$NXP_OUT.setup.log"; die "setup failed"; }
for board in $boards; do
	board_vars "$board"
	step "$board: kernel, userland, modules"
	kdir=$("$NXP_TOP/scripts/build-kernel.sh" "$board")
	ul=$("$NXP_TOP/scripts/build-userland.sh" "$board")
	mo=$("$NXP_TOP/scripts/build-modules.sh" "$board")
	img=$NXP_OUT/$board/initramfs.cpio.gz
	"$NXP_TOP/scripts/mkinitramfs.sh" "$board" "$kdir" "$mo" "$ul" "$img"
	log=$NXP_OUT/$board/console-bench.log
	# Per measurement: the transfer, plus about 5 s of set-up; per driver
	# load about 10 s.
	tmo=$((rounds * 2 * (5 * (secs + 5) + 10) + 300))
	[ "$sweeps" = 1 ] && tmo=$((tmo + srounds * 2 * (14 * (secs + 8) + 30)))
	step "$board: $rounds rounds of c and rust, ${secs}s per measurement, sweeps $sweeps (at most $((tmo / 60)) min; console log $log)"
	set +e
	"$NXP_TOP/scripts/run-board.sh" "$board" "$img" "$kdir" "$log" $tmo -- \
		"NXP_BOARD=$board" "BENCH_ROUNDS=$rounds" "BENCH_SECS=$secs" \
		"BENCH_SWEEPS=$sweeps" "BENCH_SWEEP_ROUNDS=$srounds" "BENCH_ONLY=${BENCH_ONLY:-}" \
		"BENCH_PIN=${BENCH_PIN:-1}" \
		"NXP_CMD='sh /usr/share/nxp/bench.sh'"
	rc=$?
	set -e
	[ $rc = 0 ] || { grep '^NXP-HOST\|NXP-BENCH-ERROR' "$log" || true; die "benchmark run failed (rc $rc); console log: $log"; }
	name=$board${BENCH_ONLY:+-$BENCH_ONLY}
	raw=$outdir/$name.tsv
	{
		echo "# nxp-rfl benchmark, $(date -u +%Y-%m-%dT%H:%MZ)"
		echo "# command: BENCH_BOARDS=$board BENCH_ROUNDS=$rounds BENCH_SECS=$secs BENCH_SWEEPS=$sweeps BENCH_SWEEP_ROUNDS=$srounds${BENCH_ONLY:+ BENCH_ONLY=$BENCH_ONLY}${BENCH_PIN:+ BENCH_PIN=$BENCH_PIN} scripts/bench.sh"
		echo "# host: $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1), $(nproc) CPUs"
		q=qemu-system-arm
		[ "$board" = ppc-e500 ] && q=qemu-system-ppc
		echo "# qemu: $($q --version | head -1)"
		echo "# guest: $(sed -n 's/^NXP-BENCH-INFO //p' "$log" | head -1)"
		sed -n 's/^NXP-BENCH-INFO \(c\|rust\): /# driver \1: /p' "$log"
		echo "set	round	driver	metric	value"
		sed -n 's/^NXP-BENCH //p' "$log" | tr ' ' '\t'
	} > "$raw"
	# Debian's python3 (with python3-matplotlib from setup.sh), not whatever else is first in PATH.
	/usr/bin/python3 "$NXP_TOP/scripts/bench-report.py" "$raw" "$outdir/$name.md" "$outdir/$name.png"
	step "$board: $outdir/$name.md"
	cat "$outdir/$name.md"
done
