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
# Environment: BENCH_BOARDS (default: all of $NXP_BOARDS), BENCH_ROUNDS (5),
# BENCH_SECS (10 s per measurement), BENCH_SWEEPS (1), BENCH_SWEEP_ROUNDS
# (3), BENCH_OUT, BENCH_ONLY=napi (only our driver, split vs combined NAPI,
# BENCH_ROUNDS rounds; results in <board>-napi.*), BENCH_ONLY=xdp (only the
# receive, XDP and AF_XDP loads, C and ours alternating; on the ppce500 the
# flood paced to BENCH_ETSEC_PPS; results in <board>-xdp.*), BENCH_APPS (1: also
# netperf with 1 and 4 KiB sends and TCP_RR / UDP_RR, set "apps", in each
# round after the main set), BENCH_PIN (1: on a guest
# with several CPUs, traffic on the last CPU and NIC interrupts on CPU0; 0:
# the scheduler places them), BENCH_KDIR (the kernel's build directory, for
# one board: a caller that holds it, as the test command does from the
# kernels it built ahead; else from build-kernel.sh, through its lock).
# `BENCH_ROUNDS=1 BENCH_SECS=2 BENCH_SWEEPS=0` is the smoke run the test
# command uses.
set -eu
. "$(dirname "$0")/env.sh"
boards=${BENCH_BOARDS:-$NXP_BOARDS}
rounds=${BENCH_ROUNDS:-5}
secs=${BENCH_SECS:-10}
sweeps=${BENCH_SWEEPS:-1}
srounds=${BENCH_SWEEP_ROUNDS:-3}
[ -z "${BENCH_KDIR:-}" ] || [ "$(echo $boards | wc -w)" = 1 ] ||
	die "BENCH_KDIR is one board's kernel: set BENCH_BOARDS to that board"
outdir=${BENCH_OUT:-$NXP_TOP/Documentation/bench}
mkdir -p "$outdir"

# vcpu_ticks <qemu pid>: CPU time (clock ticks, user + system) of the
# process's vCPU threads ("CPU n/TCG", or "ALL CPUs/TCG" for a one-thread TCG,
# with -name debug-threads=on).
vcpu_ticks() {
	pid=$1 sum=0
	for d in /proc/$pid/task/*; do
		case "$(cat "$d/comm" 2> /dev/null)" in *"/TCG") ;; *) continue ;; esac
		# Fields after "(comm) ": state is the first, utime the 12th, stime the 13th.
		# shellcheck disable=SC2046 # words wanted
		set -- $(sed 's/^.*) //' "$d/stat" 2> /dev/null)
		[ $# -ge 13 ] && sum=$((sum + ${12} + ${13}))
	done
	echo $sum
}

# host_marks <console log> <QEMU pid file> <run-board pid>: while the board
# runs, answers each "NXP-BENCH-MARK <set> <round> <driver> <metric>
# start|stop" the guest prints around a transfer with "<set> <round> <driver>
# <metric> <start|stop> <vCPU ticks> <host time, s>". The guest sleeps 0.5 s
# after each mark, so the polling here (every 0.2 s) falls into idle time.
# Only whole mark lines count (the console is written a byte at a time).
host_marks() {
	n=0 qpid=
	while grep -qs '^State:[[:space:]]*[^Z]' "/proc/$3/status"; do
		[ -n "$qpid" ] || qpid=$(cat "$2" 2> /dev/null) || qpid=
		m=$(grep -cE "$MARK_RE" "$1" 2> /dev/null) || m=0
		if [ -n "$qpid" ] && [ "$m" -gt "$n" ]; then
			t=$(vcpu_ticks "$qpid") w=$(date +%s.%N)
			grep -E "$MARK_RE" "$1" | sed -n "$((n + 1)),${m}p" | tr -d '\r' |
				while read -r _ st rnd drv met ev; do echo "$st $rnd $drv $met $ev $t $w"; done
			n=$m
		fi
		sleep 0.2
	done
	[ -n "$qpid" ] || echo "bench.sh: no QEMU pid in $2: no host vCPU times" >&2
}
MARK_RE='^NXP-BENCH-MARK [^ ]+ [^ ]+ [^ ]+ [^ ]+ (start|stop)'

# host_sd <console log> <marks>: per transfer with a Mbit/s rate, the host CPU
# time of QEMU's vCPU threads per KB moved (us/KB) as metric <metric>_hsd,
# in the results' TSV format. Under TCG this is what the emulated CPUs cost
# the host; the guest's own accounting (_cpu, _sd) misses what happens while
# it counts itself idle (Documentation/bench/README.md, "Two CPU measures").
host_sd() {
	hz=$(getconf CLK_TCK)
	{
		sed -n 's/^NXP-BENCH \([^ ]*\) \([^ ]*\) \([^ ]*\) \([^ ]*_mbps\) \([0-9.]*\)\r*$/rate \1 \2 \3 \4 \5/p' "$1"
		sed 's/^/mark /' "$2"
	} | awk -v hz="$hz" -v secs="$secs" '
		$1 == "rate" { rate[$2 " " $3 " " $4 " " $5] = $6; next }
		$1 == "mark" && $6 == "start" { t0[$2 " " $3 " " $4 " " $5] = $7; next }
		$1 == "mark" && $6 == "stop" { k = $2 " " $3 " " $4 " " $5; if (k in t0) dt[k] = $7 - t0[k]; order[++n] = k }
		END {
			for (i = 1; i <= n; i++) {
				k = order[i]
				# (No vCPU time: no thread found, not a measurement.)
				if (!(k in rate) || rate[k] <= 0 || !(k in dt) || dt[k] <= 0) continue
				split(k, f, " ")
				kb = rate[k] * secs * 1e6 / 8 / 1024
				printf "%s\t%s\t%s\t%s_hsd\t%.2f\n", f[1], f[2], f[3], f[4], dt[k] / hz * 1e6 / kb
			}
		}'
}

step "set-up"
"$NXP_TOP/scripts/setup.sh" > "$NXP_OUT.setup.log" 2>&1 || { tail -30 "$NXP_OUT.setup.log"; die "setup failed"; }
for board in $boards; do
	board_vars "$board"
	step "$board: kernel, userland, modules"
	kdir=${BENCH_KDIR:-$("$NXP_TOP/scripts/build-kernel.sh" "$board")}
	ul=$("$NXP_TOP/scripts/build-userland.sh" "$board")
	mo=$(NXP_KDIR=$kdir "$NXP_TOP/scripts/build-modules.sh" "$board")
	img=$NXP_OUT/$board/initramfs.cpio.gz
	"$NXP_TOP/scripts/mkinitramfs.sh" "$board" "$kdir" "$mo" "$ul" "$img"
	log=$NXP_OUT/$board/console-bench.log
	marks=$NXP_OUT/$board/bench-marks.txt
	# Per measurement: the transfer, plus about 6 s of set-up and marks; per
	# driver load about 10 s; the warm-up about 60 s.
	# The applications' loads add 8 measurements a round.
	nm=11
	[ "${BENCH_APPS:-1}" = 1 ] && nm=19
	[ "${BENCH_ONLY:-}" = xdp ] && nm=6
	tmo=$((rounds * 2 * (nm * (secs + 6) + 10) + 360))
	[ "$sweeps" = 1 ] && tmo=$((tmo + srounds * 2 * (14 * (secs + 9) + 30)))
	step "$board: $rounds rounds of c and rust, ${secs}s per measurement, sweeps $sweeps (at most $((tmo / 60)) min; console log $log)"
	set +e
	# Thread names, so that the host can tell QEMU's vCPU threads apart,
	# and QEMU's pid.
	pidf=$NXP_OUT/$board/qemu-bench.pid
	rm -f "$pidf"
	NXP_QEMU_EXTRA="${NXP_QEMU_EXTRA:-} -name debug-threads=on -pidfile $pidf" \
		"$NXP_TOP/scripts/run-board.sh" "$board" "$img" "$kdir" "$log" $tmo -- \
		"NXP_BOARD=$board" "NXP_PORT=$PORT" "BENCH_ROUNDS=$rounds" "BENCH_SECS=$secs" \
		"BENCH_SWEEPS=$sweeps" "BENCH_SWEEP_ROUNDS=$srounds" "BENCH_ONLY=${BENCH_ONLY:-}" \
		"BENCH_PIN=${BENCH_PIN:-1}" "BENCH_APPS=${BENCH_APPS:-1}" \
		"BENCH_ETSEC_PPS=${BENCH_ETSEC_PPS:-2000}" \
		"NXP_CMD='sh /usr/share/nxp/bench.sh'" &
	rpid=$!
	# (A background job ignores SIGINT: pass an interrupt on to the run.)
	trap 'kill -TERM $rpid 2> /dev/null' INT TERM
	host_marks "$log" "$pidf" "$rpid" > "$marks"
	wait $rpid
	rc=$?
	trap - INT TERM
	set -e
	[ $rc = 0 ] || { grep '^NXP-HOST\|NXP-BENCH-ERROR' "$log" || true; die "benchmark run failed (rc $rc); console log: $log"; }
	name=$board${BENCH_ONLY:+-$BENCH_ONLY}
	raw=$outdir/$name.tsv
	{
		echo "# nxp-rfl benchmark, $(date -u +%Y-%m-%dT%H:%MZ)"
		echo "# command: BENCH_BOARDS=$board BENCH_ROUNDS=$rounds BENCH_SECS=$secs BENCH_SWEEPS=$sweeps BENCH_SWEEP_ROUNDS=$srounds BENCH_APPS=${BENCH_APPS:-1}${BENCH_ONLY:+ BENCH_ONLY=$BENCH_ONLY}${BENCH_PIN:+ BENCH_PIN=$BENCH_PIN} scripts/bench.sh"
		echo "# host: $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1), $(nproc) CPUs"
		case $ARCH in powerpc) q=qemu-system-ppc ;; arm64) q=qemu-system-aarch64 ;; *) q=qemu-system-arm ;; esac
		echo "# qemu: $($q --version | head -1)"
		echo "# guest: $(sed -n 's/^NXP-BENCH-INFO //p' "$log" | head -1)"
		sed -n 's/^NXP-BENCH-INFO \(c\|rust\): /# driver \1: /p' "$log"
		echo "set	round	driver	metric	value"
		sed -n 's/^NXP-BENCH //p' "$log" | tr ' ' '\t'
		host_sd "$log" "$marks"
	} > "$raw"
	# Debian's python3 (with python3-matplotlib from setup.sh), not whatever else is first in PATH.
	/usr/bin/python3 "$NXP_TOP/scripts/bench-report.py" "$raw" "$outdir/$name.md" "$outdir/$name.png"
	step "$board: $outdir/$name.md"
	cat "$outdir/$name.md"
done
