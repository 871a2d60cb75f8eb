#!/bin/sh
# Rx buffers come back: every page_pool page the driver hands to the stack
# returns to its pool after a ring change, an ifdown and an rmmod, each done
# with TCP flowing into the guest (pages held in socket queues meanwhile).
# Read through the netdev netlink family (ppstat): a pool its driver
# destroyed stays listed, "detached", until its last page is back, so one
# still listed with pages in flight once the traffic has stopped is a leak;
# a pool never destroyed outlives the interface going down (or, moved to
# the loopback device, the rmmod). Skipped for a driver whose pools are not
# listed (the C gianfar has none; the C fec creates its pools without a
# net_device).
# timeout: 300
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
ifindex=$(cat /sys/class/net/$IF/ifindex)

# pp: the pool list in /tmp/pp (fails, and says why, if ppstat fails).
pp() {
	ppstat > /tmp/pp 2>&1 && return 0
	sed 's/^/#   ppstat: /' /tmp/pp
	return 1
}
if ! pp; then
	check "ppstat lists the page pools" false
	finish
fi
grep -q " ifindex=$ifindex " /tmp/pp || skip "no page_pool of $IF listed ($DRV_NAME)"
diag "pools of $IF: $(grep -c " ifindex=$ifindex " /tmp/pp)"
# Pools from before this test (earlier tests of this boot) are left out.
old_ids=$(sed -n 's/^id=\([0-9]*\) .*/\1/p' /tmp/pp | tr '\n' ' ')
new_pools() { awk -v old=" $old_ids " '{ id = $1; sub("id=", "", id) } index(old, " " id " ") == 0' /tmp/pp; }
[ -n "$(grep -v " ifindex=$ifindex " /tmp/pp)" ] && diag "other pools at the start: $(grep -v " ifindex=$ifindex " /tmp/pp | tr '\n' ';')"

# Pools destroyed with pages still out.
none_stranded() { pp && [ -z "$(new_pools | grep "detached=1" | grep -v " inflight=0 ")" ]; }
# No pool of interface index $1 (0: moved to the loopback device) is live.
none_live() { pp && [ -z "$(new_pools | grep " ifindex=$1 " | grep "detached=0")" ]; }
rxb() { cat /sys/class/net/$IF/statistics/rx_bytes; }
# (awk: the byte counter may be past what 32-bit shell arithmetic holds)
rx_grew() { awk -v a="$(rxb)" -v b="$b0" 'BEGIN { exit !(a > b + 1000000) }'; }
# Rx traffic from the host, running when this returns (the first transfer
# of a boot may take seconds to start on a cold TCG guest).
rx_traffic() {
	b0=$(rxb)
	iperf3 -c $HOST_IP -p 5202 -t 60 -w 128K -R > /dev/null 2>&1 &
	wait_for 10 rx_grew
	check "$1: traffic flowing in" rx_grew
	sleep 2
}
stop_traffic() { killall -9 iperf3 > /dev/null 2>&1; sleep 1; }
report() {
	diag "still out after the traffic stopped:"
	sed 's/^/#   /' /tmp/pp
	# TCP sockets keep out-of-order segments until they are destroyed.
	{ grep TCP: /proc/net/sockstat; netstat -tan 2> /dev/null; } | sed 's/^/#   /'
}

if ethtool -g $IF > /dev/null 2>&1; then
	rx0=$(cur RX)
	rx_traffic "ring change"
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
rx_traffic "ifdown"
check "ifdown under traffic" ip link set $IF down
check "no live pool while down" none_live $ifindex
check "ifup" ip link set $IF up
link_back
stop_traffic
wait_for 30 none_stranded || report
check "pages back after ifdown" none_stranded

rx_traffic "rmmod"
check "rmmod under traffic" unload_driver
check "no live pool after rmmod" none_live 0
check "reload and bring up" netif_up
stop_traffic
wait_for 30 none_stranded || report
check "pages back after rmmod" none_stranded
check "traffic after reload" ping -c 3 -W 3 $HOST_IP
finish
