#!/bin/sh
# Rx buffers come back: every page_pool page the driver hands to the stack
# returns to its pool after a ring change, an ifdown and an rmmod, each done
# with TCP flowing into the guest (pages held in socket queues meanwhile).
# Read through the netdev netlink family (ppstat): a pool its driver
# destroyed stays listed, "detached", until its last page is back, so one
# still listed with pages in flight once the traffic has stopped is a leak.
# Skipped for a driver with no page_pool (the C gianfar).
# timeout: 200
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
ifindex=$(cat /sys/class/net/$IF/ifindex)
if ! ppstat > /tmp/pp 2>&1; then
	sed 's/^/#   /' /tmp/pp
	check "ppstat lists the page pools" false
	finish
fi
grep -q " ifindex=$ifindex " /tmp/pp || skip "$DRV_NAME uses no page_pool"
diag "pools of $IF: $(grep -c " ifindex=$ifindex " /tmp/pp)"

# Pools destroyed with pages still out (all of them, whichever device).
stranded() { ppstat | grep "detached=1" | grep -v " inflight=0 "; }
none_stranded() { [ -z "$(stranded)" ]; }
rx_traffic() { iperf3 -c $HOST_IP -p 5202 -t 60 -w 128K -R > /dev/null 2>&1 & }
stop_traffic() { killall -9 iperf3 > /dev/null 2>&1; sleep 1; }
report() {
	diag "still out after the traffic stopped:"
	ppstat | sed 's/^/#   /'
	# TCP sockets keep out-of-order segments until they are destroyed.
	{ grep TCP: /proc/net/sockstat; netstat -tan 2> /dev/null; } | sed 's/^/#   /'
}

cur() { ethtool -g $IF | awk -v k="$1:" '/^Current/ { c = 1 } c && $1 == k { print $2; exit }'; }
if ethtool -g $IF > /dev/null 2>&1; then
	rx0=$(cur RX)
	rx_traffic
	sleep 3
	check "ring change under traffic" ethtool -G $IF rx $((rx0 / 2))
	sleep 2
	stop_traffic
	wait_for 30 none_stranded || report
	check "pages of the old rings back" none_stranded
	check "ring size restored" ethtool -G $IF rx $rx0
	link_back
fi

# The device comes back before the traffic stops: a TCP socket closed
# while it is gone stays orphaned (FIN_WAIT1, its out-of-order segments
# with it) until it can reach the host, which is not a leak.
rx_traffic
sleep 3
check "ifdown under traffic" ip link set $IF down
check "ifup" ip link set $IF up
link_back
stop_traffic
wait_for 30 none_stranded || report
check "pages back after ifdown" none_stranded

rx_traffic
sleep 3
check "rmmod under traffic" unload_driver
check "reload and bring up" netif_up
stop_traffic
wait_for 30 none_stranded || report
check "pages back after rmmod" none_stranded
check "traffic after reload" ping -c 3 -W 3 $HOST_IP
finish
