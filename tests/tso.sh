#!/bin/sh
# TCP segmentation offload. With TSO on, the stack hands the driver TCP
# packets of up to 64 KiB and the driver cuts them into frames (software
# TSO, as the C fec does: a header copy per frame, payload mapped in place;
# gianfar_rs does the same, the C gianfar has no TSO; on the i.MX6UL, whose
# DMA needs aligned buffers, fec_rs copies each frame whole instead).
# The host verifies every frame's checksums and sequence numbers, so bad
# headers show as a retransmission storm or a stalled stream: the rate must
# be nonzero and retransmissions under 1 % of the segments. `ethtool -K tso
# off` switches to the stack's own segmentation (no driver TSO packets) and
# back; on a 64-entry Tx ring the driver takes only packets that fit its
# stop threshold and the stack segments the rest.
# timeout: 150
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
tso() { ethtool -k $IF | sed -n 's/^tcp-segmentation-offload: //p'; }
rust() { [ "$NXP_DRIVER" = rust ]; }
t=$(tso)
diag "tcp-segmentation-offload: $t"
# (The C gianfar says "off" without "[fixed]" but refuses "on".)
if [ "$t" != on ] && ! { ethtool -K $IF tso on > /dev/null 2>&1 && [ "$(tso)" = on ]; }; then
	skip "$DRV_NAME has no TSO (tcp-segmentation-offload: $t)"
fi
rust && check "TSO on by default" test "$t" = on
# Driver counters of ours (sw_tx_tso_* in fec_rs, tx_tso_* in gianfar_rs;
# the C fec has none for TSO).
stat() { ethtool -S $IF | awk -v k="$1:" '$1 == k || $1 == "sw_" k { print $2 }'; }
tso_pkts() { stat tx_tso_packets; }

t0=$(tso_pkts)
tcp_xfer tso-on 5
if rust; then
	t1=$(tso_pkts)
	diag "driver TSO packets: $((t1 - t0)), frames: $(stat tx_tso_frames)"
	check "the driver segmented packets" test $((t1 - t0)) -gt 100
fi

check "ethtool -K tso off" ethtool -K $IF tso off
check "TSO reads back off" test "$(tso)" = off
t1=$(tso_pkts)
tcp_xfer tso-off 3
rust && check "no driver TSO with tso off" test "$(tso_pkts)" = "$t1"
check "ethtool -K tso on" ethtool -K $IF tso on
check "TSO reads back on" test "$(tso)" = on

if rust; then
	tx0=$(ethtool -g $IF | awk '/^Current/ { c = 1 } c && $1 == "TX:" { print $2 }')
	check "ethtool -G tx 64" ethtool -G $IF tx 64
	link_back
	t1=$(tso_pkts)
	tcp_xfer small-ring 3
	diag "driver TSO packets on the 64-entry ring: $(($(tso_pkts) - t1))"
	check "ethtool -G tx $tx0 (back)" ethtool -G $IF tx $tx0
	link_back
fi
check "traffic afterwards" ping -c 2 -W 3 $HOST_IP
finish
