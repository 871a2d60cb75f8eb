#!/bin/sh
# profile.sh: where the guest's kernel CPU time goes, per function (module
# functions included), for the C driver and ours under the same traffic
# (README: `make profile`). There is no perf in the guest; instead QEMU runs
# the TCG plugin scripts/profile/insncount.c, which counts the instructions
# executed per kernel translation block. One boot per driver and workload
# (only that driver's module is ever loaded, so module addresses are
# unambiguous); the guest (scripts/guest/profile.sh) prints a mark before and
# after the transfer, on which this script has the plugin dump its counters,
# and then its kallsyms. scripts/profile/report.py maps the difference of the
# two dumps to symbols and writes, per board and workload, a Markdown report
# and the per-symbol TSV to PROFILE_OUT.
#
# Environment: PROFILE_BOARD (default arm-imx7), PROFILE_DRIVERS ("c rust"),
# PROFILE_LOAD (tcp_tx, tcp_rx, udp_tx and udp_rx (64-byte UDP), tcp_rr and udp_rr (netperf, 1-byte requests), or several: "tcp_tx tcp_rx"), PROFILE_SECS (20),
# PROFILE_OUT (Documentation/profile), PROFILE_SMP (vCPUs of the i.MX7D and
# the i.MX8M Plus, default 1, see below; the others have one), PROFILE_BQL_MIN (BQL's
# limit_min during the run where the driver has BQL; 1879048192 takes BQL
# out of play), PROFILE_TXRING (Tx ring size, `ethtool -G tx`, where the
# driver has ring parameters), PROFILE_PPS (udp_rx: the flood's frames a
# second; default 2000 on the ppce500, unpaced elsewhere), PROFILE_HOST_PERF=1: instead of the plugin, host `perf record
# -a` over the same window (where the host's time goes, per thread and
# function: QEMU's vCPU and I/O threads, the device models, the host's side
# of the traffic), reported by scripts/profile/host_report.py to
# PROFILE_OUT/host/<board>-<load>.md.
set -eu
. "$(dirname "$0")/env.sh"
board=${PROFILE_BOARD:-arm-imx7}
drivers=${PROFILE_DRIVERS:-"c rust"}
loads=${PROFILE_LOAD:-tcp_tx}
secs=${PROFILE_SECS:-20}
outdir=${PROFILE_OUT:-$NXP_TOP/Documentation/profile}
# One vCPU by default: with two, a vCPU waiting for a lock spins (WFE does
# not stop a TCG vCPU) for as long as the holder's host thread takes, and on a
# 2-core host that thread competes with the other vCPU, iperf3 and QEMU's I/O
# thread. The lock functions then took up to 95 % of the instructions, varying
# with the host's load, and hid the per-packet costs this profile is for.
smp=${PROFILE_SMP:-1}
hostperf=${PROFILE_HOST_PERF:-0}
[ "$hostperf" = 1 ] && outdir=$outdir/host
mkdir -p "$outdir"

# build_plugin: prints the path of insncount.so, built on first use against
# the qemu-plugin.h of the installed QEMU: taken from the orig tarball of
# Debian's source of exactly that version (Debian ships neither plugins nor the
# header). The header includes <glib.h>, hence libglib2.0-dev.
build_plugin() {
	qver=$(dpkg-query -W -f='${Version}' qemu-system-common)
	up=${qver#*:}
	d=$NXP_TOOLS/qemu-plugin-${up%-*}
	h=$d/include/qemu-plugin.h
	if [ ! -f "$h" ]; then
		rm -rf "$d/dl" && mkdir -p "$d/dl" "$d/include"
		# Only the orig tarball is needed (the mirror may lack the .dsc, then apt-get fails).
		(cd "$d/dl" && apt-get source -q --download-only "qemu=$qver" > /dev/null 2>&1) || true
		orig=$(ls "$d"/dl/qemu_*.orig.tar.* 2> /dev/null | grep -v '\.asc$' | head -1)
		[ -n "$orig" ] || die "apt-get source qemu=$qver: no orig tarball"
		tar -xf "$orig" -O --wildcards '*/include/qemu/qemu-plugin.h' > "$h.tmp"
		grep -q '^#define QEMU_PLUGIN_VERSION' "$h.tmp" || die "no qemu-plugin.h in $orig"
		mv "$h.tmp" "$h"
		rm -rf "$d/dl"
	fi
	src=$NXP_TOP/scripts/profile/insncount.c
	so=$d/insncount.so
	if [ ! -f "$so" ] || [ "$src" -nt "$so" ]; then
		if ! pkg-config --exists glib-2.0; then
			[ "$(id -u)" = 0 ] || die "libglib2.0-dev is needed (apt-get install libglib2.0-dev)"
			apt-get install -y -q --no-install-recommends libglib2.0-dev > /dev/null
		fi
		# shellcheck disable=SC2046 # pkg-config prints words
		gcc -O2 -Wall -Werror -shared -fPIC -I"$d/include" $(pkg-config --cflags glib-2.0) \
			-o "$so.tmp" "$src" $(pkg-config --libs glib-2.0) >&2
		mv "$so.tmp" "$so"
	fi
	echo "$so"
}

# alive <pid>: the process exists and has not exited (a zombie has).
alive() { grep -qs '^State:[[:space:]]*[^Z]' "/proc/$1/status"; }

step "set-up"
"$NXP_TOP/scripts/setup.sh" > "$NXP_OUT.setup.log" 2>&1 || { tail -30 "$NXP_OUT.setup.log"; die "setup failed"; }
if [ "$hostperf" = 1 ]; then
	if ! command -v perf > /dev/null; then
		[ "$(id -u)" = 0 ] || die "PROFILE_HOST_PERF=1 needs the host's perf (apt-get install linux-perf)"
		apt-get install -y -q --no-install-recommends linux-perf > /dev/null
	fi
else
	so=$(build_plugin)
fi
board_vars "$board"
step "$board: kernel, userland, modules"
# (NXP_KDIR: a caller that has the kernel, as for build-modules.sh.)
kdir=${NXP_KDIR:-$("$NXP_TOP/scripts/build-kernel.sh" "$board")}
ul=$("$NXP_TOP/scripts/build-userland.sh" "$board")
mo=$(NXP_KDIR=$kdir "$NXP_TOP/scripts/build-modules.sh" "$board")
img=$NXP_OUT/$board/initramfs-profile.cpio.gz
"$NXP_TOP/scripts/mkinitramfs.sh" "$board" "$kdir" "$mo" "$ul" "$img"
# Kernel addresses: ARM modules sit just below PAGE_OFFSET (0xc0000000);
# ppc32 user space reaches up to 0xc0000000, its modules are above; arm64's
# kernel, modules included, lives in the upper half of the address space.
min=0xbf000000
[ "$ARCH" = powerpc ] && min=0xc0000000
[ "$ARCH" = arm64 ] && min=0xffff000000000000
case $ARCH in powerpc) q=qemu-system-ppc ;; arm64) q=qemu-system-aarch64 ;; *) q=qemu-system-arm ;; esac
extra=
smpvar=
case $BOARD in
arm-imx7 | arm64-imx8mp)
	extra="-smp $smp"
	smpvar=" PROFILE_SMP=$smp"
	;;
esac
tmo=$((secs + 600))

for load in $loads; do
	meta=$NXP_OUT/$board/profile/$load.meta
	mkdir -p "$NXP_OUT/$board/profile"
	{
		echo "board $board"
		echo "load $load"
		echo "- command: PROFILE_BOARD=$board PROFILE_DRIVERS=\"$drivers\" PROFILE_LOAD=$load PROFILE_SECS=$secs$smpvar${PROFILE_BQL_MIN:+ PROFILE_BQL_MIN=$PROFILE_BQL_MIN}${PROFILE_TXRING:+ PROFILE_TXRING=$PROFILE_TXRING}${PROFILE_PPS:+ PROFILE_PPS=$PROFILE_PPS}${PROFILE_HOST_PERF:+ PROFILE_HOST_PERF=$PROFILE_HOST_PERF} scripts/profile.sh, $(date -u +%Y-%m-%dT%H:%MZ)"
		echo "- sources: $(git -C "$NXP_TOP" log -1 --format='%h %s' 2> /dev/null | cut -c1-72)$(git -C "$NXP_TOP" status --porcelain -- . \
			':(exclude)scripts' ':(exclude)Documentation' ':(exclude)tests' ':(exclude)README.md' 2> /dev/null |
			grep -q . && echo ' (driver sources modified)')"
		echo "- host: $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1), $(nproc) CPUs; $($q --version | head -1)"
	} > "$meta"
	set --
	for drv in $drivers; do
		run=$NXP_OUT/$board/profile/$load-$drv
		rm -rf "$run" && mkdir -p "$run"
		log=$run/console.log
		tb=$run/tb
		plugin=
		if [ "$hostperf" = 1 ]; then
			# Thread names (CPU n/TCG, the main loop) for perf.
			plugin="-name debug-threads=on"
			step "$board: $drv driver, $load for ${secs}s, host perf (console log $log)"
		else
			step "$board: $drv driver, $load for ${secs}s under the plugin (console log $log)"
			plugin="-plugin $so,outfile=$tb,min=$min"
		fi
		NXP_QEMU_EXTRA="$extra $plugin" \
			"$NXP_TOP/scripts/run-board.sh" "$board" "$img" "$kdir" "$log" $tmo -- \
			"NXP_BOARD=$board" "NXP_DRIVER=$drv" "NXP_PORT=$PORT" "PROFILE_LOAD=$load" "PROFILE_SECS=$secs" \
			"PROFILE_BQL_MIN=${PROFILE_BQL_MIN:-}" "PROFILE_TXRING=${PROFILE_TXRING:-}" "PROFILE_PPS=${PROFILE_PPS:-}" \
			"NXP_CMD='sh /usr/share/nxp/profile.sh'" &
		rpid=$!
		# Each new mark in the console log: have the plugin dump its counters
		# to $tb.<mark> (it polls for $tb.trigger), and wait for the dump.
		seen= ppid=
		while alive $rpid; do
			for m in $(sed -n 's/^NXP-PROFILE-MARK \([a-z]*\).*/\1/p' "$log" 2> /dev/null); do
				case " $seen " in *" $m "*) continue ;; esac
				seen="$seen $m"
				if [ "$hostperf" = 1 ]; then
					# The whole host, 999 samples/s per CPU, for the window.
					case $m in
					start)
						perf record -a -F 999 -o "$run/perf.data" > "$run/perf-record.log" 2>&1 &
						ppid=$!
						# (Not left recording if this script dies.)
						trap 'kill -INT $ppid 2> /dev/null' EXIT
						;;
					stop)
						[ -n "$ppid" ] && kill -INT $ppid && wait $ppid || true
						trap - EXIT
						;;
					esac
					: > "$tb.$m"
					echo "    host perf at '$m'"
					continue
				fi
				echo "$m" > "$tb.trigger.tmp" && mv "$tb.trigger.tmp" "$tb.trigger"
				t=50
				while [ ! -f "$tb.$m" ] && [ $t -gt 0 ] && alive $rpid; do sleep 0.1; t=$((t - 1)); done
				[ -f "$tb.$m" ] && echo "    counters at '$m' dumped"
			done
			sleep 0.1
		done
		rc=0
		wait $rpid || rc=$?
		if [ $rc != 0 ] || [ ! -f "$tb.start" ] || [ ! -f "$tb.stop" ]; then
			grep -a '^NXP-HOST\|NXP-PROFILE-ERROR' "$log" || true
			die "$drv: profile run failed (rc $rc); console log: $log"
		fi
		sed -n 's/^NXP-KSYM //p' "$log" | tr -d '\r' > "$run/kallsyms"
		sed -n 's/^NXP-PROFILE //p' "$log" | tr -d '\r' > "$run/info"
		mods=$RS_DRIVER
		[ "$drv" = c ] && mods=$C_DRIVER
		echo "modules_$drv $mods" >> "$meta"
		# Function sizes of the driver's modules: code past the last one is not in it.
		for m in $mods; do
			f=$(find "$mo" "$kdir/drivers" -name "$m.ko" | head -1)
			[ -n "$f" ] && ${CROSS}nm -S --defined-only "$f" | awk -v m=$m 'NF == 4 && $3 ~ /^[tTwW]$/ { print m, $4, $2 }'
		done > "$run/sizes"
		kline=$(sed -n 's/^NXP-BOOTED \([^ ]*\) \([^ ]*\) \(.*\)/- guest: Linux \1 \2, \3/p' "$log" | tr -d '\r' | head -1)
		echo "    $(grep rate_mbps "$run/info"), $(wc -l < "$run/kallsyms") symbols"
		set -- "$@" "$drv=$run"
	done
	echo "$kline" >> "$meta"
	if [ "$hostperf" = 1 ]; then
		for a in "$@"; do
			r=${a#*=}
			[ -s "$r/perf.data" ] || { cat "$r/perf-record.log" >&2 2> /dev/null; die "no host perf data in $r"; }
			perf script -i "$r/perf.data" -F comm,ip,sym,dso 2> "$r/perf-script.log" > "$r/perf.txt" ||
				{ tail -5 "$r/perf-script.log" >&2; die "perf script failed for $r"; }
		done
		/usr/bin/python3 "$NXP_TOP/scripts/profile/host_report.py" "$meta" "$outdir/$board-$load.md" "$secs" "$@"
		step "$board $load: $outdir/$board-$load.md"
		sed -n '/^## Totals/,/^## /p' "$outdir/$board-$load.md" | sed '$d'
		continue
	fi
	/usr/bin/python3 "$NXP_TOP/scripts/profile/report.py" "$meta" "$outdir/$board-$load.md" "$outdir/$board-$load.tsv" "$@"
	step "$board $load: $outdir/$board-$load.md"
	sed -n '/^## Totals/,/^## Top/p' "$outdir/$board-$load.md" | sed '$d'
done
