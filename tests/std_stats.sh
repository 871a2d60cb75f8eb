#!/bin/sh
# Standard statistics (`ethtool -S --groups eth-mac rmon`, neither C
# driver has them): the IEEE 802.3 MAC and RMON groups are reported from
# the MAC's counters, each the same value as that counter under its own
# name in `ethtool -S` (the ENET's MIB, the eTSEC's RMON block); the ENET
# adds the frame length histograms for both directions. The emulated
# boards' MAC models keep no such counters (all read 0), so this checks the
# groups and their sources, not counting (README). Needs ethtool with
# netlink: the ppce500's has none, skipped there.
# timeout: 60
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
grep -q "netlink error" "$(command -v ethtool)" || skip "this ethtool has no netlink (no --groups)"
ping -c 3 -i 0.2 $HOST_IP > /dev/null
if ! ethtool -S $IF --groups eth-mac rmon > /tmp/std.out 2>&1 || ! grep -q '^eth-mac-' /tmp/std.out; then
	sed 's/^/#   /' /tmp/std.out
	[ "$NXP_DRIVER" = c ] && skip "$DRV_NAME reports no standard MAC statistics"
	check "eth-mac and rmon groups reported" false
	finish
fi
ethtool -S $IF > /tmp/drv.out
std() { awk -v k="$1:" '$1 == k { print $2 }' /tmp/std.out; }
drv() { awk -v k="$1:" '$1 == k { print $2 }' /tmp/drv.out; }
# same <standard name> <driver counter name>
same() {
	a=$(std "$1") b=$(drv "$2")
	[ -n "$a" ] && [ "$a" = "$b" ] || { echo "$1 '$a', $2 '$b'"; return 1; }
}
case $NXP_MAC in
enet)
	check "18 eth-mac counters" test "$(grep -c '^eth-mac-' /tmp/std.out)" = 18
	check "both RMON histograms, 7 ranges each" test "$(grep -c '^[rt]x-rmon-etherStatsPkts' /tmp/std.out)" = 14
	check "FramesReceivedOK from IEEE_rx_frame_ok" same eth-mac-FramesReceivedOK IEEE_rx_frame_ok
	check "FramesTransmittedOK from IEEE_tx_frame_ok" same eth-mac-FramesTransmittedOK IEEE_tx_frame_ok
	check "OctetsReceivedOK from IEEE_rx_octets_ok" same eth-mac-OctetsReceivedOK IEEE_rx_octets_ok
	check "FrameCheckSequenceErrors from IEEE_rx_crc" same eth-mac-FrameCheckSequenceErrors IEEE_rx_crc
	check "UndersizePkts from rx_undersize" same rmon-etherStatsUndersizePkts rx_undersize
	check "rx 64-byte frames from rx_64byte" same rx-rmon-etherStatsPkts64Octets rx_64byte
	check "tx 1024-2047-byte frames from tx_1024to2047byte" same tx-rmon-etherStatsPkts1024to2047Octets tx_1024to2047byte
	;;
etsec)
	check "the eth-mac counters the eTSEC keeps" test "$(grep -c '^eth-mac-' /tmp/std.out)" -ge 15
	check "no histogram (its counters mix both directions)" sh -c "! grep -q 'rmon-etherStatsPkts' /tmp/std.out"
	check "OctetsReceivedOK from rmon_rbyt" same eth-mac-OctetsReceivedOK rmon_rbyt
	check "FrameCheckSequenceErrors from rmon_rfcs" same eth-mac-FrameCheckSequenceErrors rmon_rfcs
	check "UndersizePkts from rmon_rund" same rmon-etherStatsUndersizePkts rmon_rund
	;;
esac
finish
