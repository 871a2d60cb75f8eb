#!/bin/sh
# EEE (`ethtool --show-eee` / `--set-eee`) as the C fec offers it: on the
# ENETs with LPI timers (i.MX8M, `fsl,imx8mq-fec`) the PHY's EEE abilities and
# settings are reported while the interface runs, a setting is taken, and
# nothing is reported while it is down; elsewhere (and on the eTSEC, which has no
# EEE) the request is refused as unsupported. Needs ethtool with netlink
# for the settings (the ppce500's has none, skipped there).
# timeout: 60
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
grep -q "netlink error" "$(command -v ethtool)" || skip "this ethtool has no netlink"
ethtool --show-eee $IF > /tmp/eee.out 2>&1
rc=$?
sed 's/^/#   /' /tmp/eee.out
case "$NXP_BOARD" in
arm64-imx8mp)
	check "EEE reported on an ENET with LPI timers" test $rc = 0
	check "EEE status given" grep -q "EEE status" /tmp/eee.out
	# (phylib takes a setting the PHY cannot honour and keeps reporting
	# "not supported", with the C fec as with ours.)
	check "EEE off accepted" ethtool --set-eee $IF eee off
	check "link back" link_back
	check "EEE still reported" sh -c "ethtool --show-eee $IF | grep -q 'EEE status'"
	check "down: EEE not reported (ENETDOWN)" sh -c "ip link set $IF down && ! ethtool --show-eee $IF > /dev/null 2>&1"
	ip link set $IF up
	check "link back" link_back
	;;
*)
	check "EEE refused on a MAC without LPI timers" test $rc != 0
	check "as unsupported" grep -qi "not supported" /tmp/eee.out
	;;
esac
check "pings" ping -c 2 -W 2 $HOST_IP
finish
