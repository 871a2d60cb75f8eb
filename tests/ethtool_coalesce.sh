#!/bin/sh
# ethtool -c/-C: values set read back, out-of-range values are rejected with
# an error and change nothing. For our drivers the value programmed into the
# hardware is checked too (QEMU ignores coalescing, so it is exposed in -S
# and debugfs), and adaptive coalescing (net DIM, which the C drivers lack):
# under traffic the programmed values move among DIM's profiles, and the
# fixed ones come back when it is switched off.
# timeout: 150
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
coal() { ethtool -c $IF | awk -v k="$1:" '$1 == k { print $2 }'; }
snapshot() { echo "$(coal rx-usecs) $(coal rx-frames) $(coal tx-usecs) $(coal tx-frames)"; }
diag "defaults: rx-usecs rx-frames tx-usecs tx-frames = $(snapshot)"
check "ethtool -c answers" ethtool -c $IF

# The P1010 tuning of the netdev history: 22 frames / 32 us both ways.
check "ethtool -C 22 frames / 32 us" ethtool -C $IF rx-usecs 32 rx-frames 22 tx-usecs 32 tx-frames 22
set -- $(snapshot)
diag "after set: $*"
check "rx-frames reads back 22" test "$2" = 22
check "tx-frames reads back 22" test "$4" = 22
# gianfar converts to 64-clock ticks (32 us -> 63 ticks -> 32 us at 1G);
# fec stores the value verbatim.
check "rx-usecs reads back 32" test "$1" = 32
check "tx-usecs reads back 32" test "$3" = 32
if [ "$NXP_DRIVER/$NXP_MAC" = rust/etsec ]; then
	# ICEN | 22 << 21 | 63 ticks = 0x82c0003f
	check "TXIC programmed 0x82c0003f" sh -c "ethtool -S $IF | grep -qE 'txic_programmed: 2193621055$'"
	check "RXIC programmed 0x82c0003f" sh -c "ethtool -S $IF | grep -qE 'rxic_programmed: 2193621055$'"
	dbg=$(dbgdir)
	check "debugfs txic0 0x82c0003f" test "$(cat $dbg/txic0)" = 0x82c0003f
	check "debugfs rxic0 0x82c0003f" test "$(cat $dbg/rxic0)" = 0x82c0003f
fi
stat() { ethtool -S $IF | awk -v k="$1:" '$1 == k { print $2 }'; }
if [ "$NXP_DRIVER/$NXP_MAC" = rust/enet ]; then
	# ITR units of 64 AHB cycles: EN | CLK_SEL | 22 << 20 | units(32 us).
	dbg=$(dbgdir)
	rate=$(($(cat $dbg/itr_clock_hz)))
	diag "ITR clock $rate Hz ($dbg)"
	want=$(( (1 << 31) | (1 << 30) | (22 << 20) | (32 * (rate / 64000) / 1000) ))
	check "TXIC0 programmed $want" test "$(stat txic_programmed)" = "$want"
	check "RXIC0 programmed $want" test "$(stat rxic_programmed)" = "$want"
	# The C enable rule: one frame (or no time) turns a direction off.
	check "rx-frames 1 accepted" ethtool -C $IF rx-frames 1
	check "rx-frames reads back 1" test "$(coal rx-frames)" = 1
	check "RXIC0 off (0) with 1 frame" test "$(stat rxic_programmed)" = 0
	check "TXIC0 unchanged" test "$(stat txic_programmed)" = "$want"
	check "rx-frames 22 again" ethtool -C $IF rx-frames 22
	check "RXIC0 back on" test "$(stat rxic_programmed)" = "$want"
	check "debugfs txic0 = -S value" test $(($(cat $dbg/txic0))) = "$want"
	check "debugfs rxic0 = -S value" test $(($(cat $dbg/rxic0))) = "$want"
fi

before=$(snapshot)
# Ours say why, with the limits (any text passes for the C drivers).
check "rx-frames 256 rejected, saying why" \
	refused 'rx [0-9]+ us / 256 frames: frames out of range \(max 255 frames, [0-9]+ us\)' -C $IF rx-frames 256
diag "$(head -1 /tmp/ethtool.out)"
check "tx-frames 1000 rejected, saying why" refused 'tx [0-9]+ us / 1000 frames: frames out of range' -C $IF tx-frames 1000
# gianfar: at most 0xffff us. fec: at most 0xffff units of 64 AHB cycles
# (174 ms with the 24 MHz clock of the emulated i.MX7D).
big=70000
[ "$NXP_MAC" = enet ] && big=200000
check "rx-usecs $big rejected, saying why" refused "rx $big us / [0-9]+ frames: time out of range \\(max 255 frames, [0-9]+ us\\)" -C $IF rx-usecs $big
diag "$(head -1 /tmp/ethtool.out)"
check "rejections changed nothing" test "$(snapshot)" = "$before"

# --- adaptive coalescing ------------------------------------------------------
adaptive() { ethtool -c $IF | awk '$1 == "Adaptive" { print $3 "/" $5 }'; }
# DIM's profiles (usecs,frames each): the kernel's "start from CQE" set,
# or, where the kernel's YNL tool is (the guests with the upstream suites;
# trixie's ethtool 6.14 has no rx-profile yet), a set of our own through
# ETHTOOL_A_COALESCE_RX_PROFILE / TX_PROFILE.
rx_prof="2,256 8,128 16,64 32,64 64,64"
tx_prof="5,128 8,64 16,32 32,32 64,32"
KS=/usr/share/nxp/ksft/linux
ynl_coal() { # <JSON attributes after the header>
	python3 $KS/tools/net/ynl/pyynl/cli.py --no-schema --spec $KS/Documentation/netlink/specs/ethtool.yaml \
		--do coalesce-set --json "{\"header\": {\"dev-name\": \"$IF\"}, $1}"
}
profiles() { # <"usecs,frames ..."> [comps]: a profile nest's JSON
	printf '{"irq-moderation": ['
	sep=
	for p in $1; do
		printf '%s{"usec": %s, "pkts": %s%s}' "$sep" ${p%,*} ${p#*,} "${2:+, \"comps\": $2}"
		sep=", "
	done
	printf ']}'
}
if [ "$NXP_DRIVER" = rust ] && [ -f $KS/tools/net/ynl/pyynl/cli.py ]; then
	mine_rx="4,100 12,80 24,60 40,40 80,20"
	mine_tx="6,90 10,70 20,50 40,30 90,10"
	check "rx-profile and tx-profile set (YNL)" ynl_coal "\"rx-profile\": $(profiles "$mine_rx"), \"tx-profile\": $(profiles "$mine_tx")"
	rx_prof=$mine_rx tx_prof=$mine_tx
	if ynl_coal "\"rx-profile\": $(profiles "$mine_rx" 1)" > /tmp/ynl.out 2>&1; then
		check "a completion count in a profile refused (the MACs have none)" false
	else
		check "a completion count in a profile refused (the MACs have none)" grep -q "Operation not supported\|EOPNOTSUPP\|95" /tmp/ynl.out
	fi
fi
if ! ethtool -C $IF adaptive-rx on adaptive-tx on > /tmp/ethtool.out 2>&1; then
	diag "adaptive coalescing refused ($(head -1 /tmp/ethtool.out)): the $NXP_DRIVER driver has none"
	[ "$NXP_DRIVER" = c ] || check "ethtool -C adaptive-rx on adaptive-tx on" false
else
	check "adaptive RX and TX read back on" test "$(adaptive)" = on/on
	check "the fixed values read back unchanged" test "$(snapshot)" = "$before"
	# The register value of a profile (net DIM's "start from CQE" set).
	dbg=$(dbgdir)
	if [ "$NXP_MAC" = enet ]; then
		per=$(($(cat $dbg/itr_clock_hz) / 64000))
		profile() { # <usecs> <frames>: as Itr::adaptive programs it
			us=$1 min=$(((1000 + per - 1) / per)) fr=$2
			[ $us -ge $min ] || us=$min
			[ $fr -le 255 ] || fr=255
			echo $(( (1 << 31) | (1 << 30) | (fr << 20) | (us * per / 1000) ))
		}
	else
		profile() { # <usecs> <frames> at 1 Gbit/s, as Ic::adaptive
			fr=$2
			[ $fr -le 255 ] || fr=255
			echo $(( (1 << 31) | (fr << 21) | ((($1 * 1000) + 511) / 512) ))
		}
	fi
	set_of() { for p in $1; do printf ' %s' "$(profile ${p%,*} ${p#*,})"; done; echo ' '; }
	rx_set=$(set_of "$rx_prof")
	tx_set=$(set_of "$tx_prof")
	second() { set -- $1; echo "$(profile ${2%,*} ${2#*,})"; }
	check "DIM's starting Rx profile (the second) programmed" test $(($(cat $dbg/rxic0))) = "$(second "$rx_prof")"
	check "DIM's starting Tx profile (the second) programmed" test $(($(cat $dbg/txic0))) = "$(second "$tx_prof")"
	# Traffic both ways, the programmed values sampled all along.
	: > /tmp/dim.rx
	: > /tmp/dim.tx
	# (A transfer the host's server refused, busy with the one before, is
	# tried once more; the output is shown on failure.)
	dim_xfer() { iperf3 -c $HOST_IP -t 4 -w 128K "$@" >> /tmp/iperf.dim 2>&1 ||
		{ sleep 1; iperf3 -c $HOST_IP -t 4 -w 128K "$@" >> /tmp/iperf.dim 2>&1; }; }
	: > /tmp/iperf.dim
	{ dim_xfer && dim_xfer -R; } &
	xp=$!
	while kill -0 $xp 2> /dev/null; do
		echo $(($(cat $dbg/rxic0))) >> /tmp/dim.rx
		echo $(($(cat $dbg/txic0))) >> /tmp/dim.tx
		sleep 0.2
	done
	wait $xp
	xrc=$?
	[ $xrc = 0 ] || grep -E "error|busy|refused" /tmp/iperf.dim | sed 's/^/iperf3: /' | head -5 | while read -r l; do diag "$l"; done
	check "traffic under adaptive coalescing" test $xrc = 0
	rxv=$(sort -u /tmp/dim.rx | tr '\n' ' ')
	txv=$(sort -u /tmp/dim.tx | tr '\n' ' ')
	diag "Rx values programmed: $rxv (of $(wc -l < /tmp/dim.rx) samples; profiles:$rx_set)"
	diag "Tx values programmed: $txv (profiles:$tx_set)"
	check "Rx: DIM moved to another profile under traffic" test $(echo $rxv | wc -w) -ge 2
	check "Tx: DIM moved to another profile under traffic" test $(echo $txv | wc -w) -ge 2
	in_set() { for v in $1; do case "$2" in *" $v "*) ;; *) return 1 ;; esac; done; }
	check "Rx: every value programmed is one of DIM's profiles" in_set "$rxv" "$rx_set"
	check "Tx: every value programmed is one of DIM's profiles" in_set "$txv" "$tx_set"
	check "ethtool -C adaptive-rx off adaptive-tx off" ethtool -C $IF adaptive-rx off adaptive-tx off
	check "adaptive RX and TX read back off" test "$(adaptive)" = off/off
	if [ "$NXP_MAC" = enet ]; then
		fixed=$want
	else
		fixed=$(( 0x82c0003f ))
	fi
	check "fixed Rx value programmed again" test $(($(cat $dbg/rxic0))) = "$fixed"
	check "fixed Tx value programmed again" test $(($(cat $dbg/txic0))) = "$fixed"
	check "the fixed values still read back" test "$(snapshot)" = "$before"
fi
check "traffic after coalescing changes" ping -c 3 -W 3 $HOST_IP
finish
