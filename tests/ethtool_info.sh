#!/bin/sh
# ethtool answers the queries users run: -i, -k, -c, -g, -S; and the
# message level (`ethtool -s msglvl`, not in the C fec) reads back and
# decides whether a link change is logged ("<if>: Link is Up"): off at 0,
# on at the default (0x3f, the C gianfar's).
# timeout: 90
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
check "ethtool -i names the driver" sh -c "ethtool -i $IF | grep -E '^driver: '"
ethtool -i $IF | sed 's/^/#   /'
check "ethtool -k" ethtool -k $IF
check "ethtool -c" ethtool -c $IF
ethtool -c $IF | grep -E 'usecs:|frames:' | grep -vE 'irq|low|high|sample' | sed 's/^/#   /'
if [ "$NXP_DRIVER/$NXP_MAC" = c/enet ]; then
	diag "ethtool -g: the C fec has no ring parameters"
else
	check "ethtool -g" ethtool -g $IF
	ethtool -g $IF | sed 's/^/#   /' | head -12
fi
check "ethtool -S has counters" sh -c "[ \$(ethtool -S $IF | wc -l) -gt 3 ]"
if [ "$NXP_DRIVER/$NXP_MAC" = c/enet ]; then
	diag "ethtool -s msglvl: the C fec has no message level"
else
	# level_is <hex>: ethtool shows the message level <hex>.
	level_is() {
		l=$(ethtool $IF | sed -n 's/.*Current message level: *\(0x[0-9a-f]*\).*/\1/p')
		echo "message level: $l"
		[ "$l" = "$1" ]
	}
	links() { dmesg | grep -c "$IF: Link is Up"; }
	# flap_logged <n>: down and up; <n> more "Link is Up" lines logged.
	flap_logged() {
		l0=$(links)
		ip link set $IF down && ip link set $IF up && link_back || return 1
		sleep 1
		echo "Link is Up lines: $l0 -> $(links)"
		[ $(($(links) - l0)) -eq "$1" ]
	}
	check "message level 0x0000003f by default" level_is 0x0000003f
	ethtool -s $IF msglvl 0
	check "msglvl 0 reads back" level_is 0x00000000
	check "msglvl 0: a link change is not logged" flap_logged 0
	ethtool -s $IF msglvl 0x3f
	check "msglvl 0x3f reads back" level_is 0x0000003f
	check "msglvl 0x3f: a link change is logged" flap_logged 1
fi
finish
