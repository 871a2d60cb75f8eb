#!/bin/sh
# ethtool -c/-C: values set read back, out-of-range values are rejected with
# an error and change nothing. For our drivers the value programmed into the
# hardware is checked too (QEMU ignores coalescing, so it is exposed in -S).
# timeout: 90
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
check "traffic after coalescing changes" ping -c 3 -W 3 $HOST_IP
finish
