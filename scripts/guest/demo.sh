#!/bin/sh
# Guest side of `make demo` (scripts/demo.sh): for each driver of
# NXP_DEMO_DRIVERS (ours first, then the in-tree C baseline), load it, show
# what it found, push iperf3 traffic both ways and show its ethtool view;
# then a side-by-side summary. Output lines are prefixed "NXP-DEMO ".
. /usr/share/nxp/tests/lib.sh
say() { echo "NXP-DEMO $*"; }
run() { say "\$ $*"; "$@" 2>&1 | sed 's/^/NXP-DEMO   /'; }
rate() { # <iperf3 output file>: Mbit/s of the receiver summary line
	awk '$NF == "receiver" { for (i = 1; i < NF; i++) if ($(i+1) ~ /bits\/sec/) { v = $i; u = $(i+1) } }
		END { if (u ~ /^G/) v *= 1000; if (u ~ /^K/) v /= 1000; print v + 0 }' "$1"
}

say "board $NXP_BOARD, kernel $(uname -r), $(grep -c ^processor /proc/cpuinfo) CPU(s)"
summary=
for drv in ${NXP_DEMO_DRIVERS:-rust c}; do
	select_driver $drv
	say "== $drv driver: $MODULES"
	if ! netif_up; then
		say "interface did not come up"
		exit 1
	fi
	IF=$(netif)
	if [ $drv = rust ]; then
		dmesg | grep " $MODULES\| $MODULES:" | sed 's/^\[[^]]*\] //; s/^/NXP-DEMO   /'
	fi
	run ip -br addr show $IF
	line="$drv ($MODULES):"
	for dir in tx rx; do
		flag=
		[ $dir = rx ] && flag=-R
		say "-- iperf3 $dir (guest $( [ $dir = tx ] && echo '->' || echo '<-' ) host), 10 s, 128 KiB socket buffers"
		iperf3 -c $HOST_IP -t 10 -w 128K -f m $flag > /tmp/demo.$dir 2>&1
		grep -E "sender|receiver|error" /tmp/demo.$dir | sed 's/^/NXP-DEMO   /'
		line="$line $dir $(rate /tmp/demo.$dir) Mbit/s"
	done
	summary="$summary
$line"
	run ethtool -i $IF
	run ethtool -c $IF
	ethtool -S $IF > /tmp/demo.stats 2>&1 && say "\$ ethtool -S $IF (first 20 of $(($(wc -l < /tmp/demo.stats) - 1)))" &&
		sed -n '2,21p' /tmp/demo.stats | sed 's/^/NXP-DEMO   /'
	unload_driver
done
say "== summary (single 10 s runs, one after the other: an illustration, not a benchmark)"
echo "$summary" | sed '/^$/d; s/^/NXP-DEMO   /'
