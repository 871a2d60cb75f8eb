#!/bin/sh
# Byte queue limits: the sysfs knobs exist and, for a driver with BQL, the
# limit adapts under traffic (it stays 0 for drivers without BQL, like C fec).
# timeout: 90
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
B=/sys/class/net/$IF/queues/tx-0/byte_queue_limits
check "BQL sysfs present" test -r $B/limit -a -r $B/inflight
if [ "$NXP_DRIVER/$NXP_MAC" = c/enet ]; then
	skip "the C fec driver has no BQL"
fi
iperf3 -c $HOST_IP -t 4 > /dev/null 2>&1
diag "limit=$(cat $B/limit) inflight=$(cat $B/inflight) limit_max=$(cat $B/limit_max)"
check "BQL limit adapted under traffic" sh -c "[ \$(cat $B/limit) -gt 0 ]"
finish
