#!/bin/sh
# ethtool answers the queries users run: -i, -k, -c, -g, -S.
# timeout: 60
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
finish
