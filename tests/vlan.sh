#!/bin/sh
# VLAN: an 802.1Q interface on the tested port (VLAN 100, 10.77.100.2/24)
# talks to one on the host's end of the link (tap0.100, 10.77.100.1, made
# here in the test namespace through the remote agent): pings, and TCP both
# ways at the VLAN's full MTU of 1500 (1518-byte frames with the FCS: the
# controller's maximum frame length must count the tag). Where the driver
# offers VLAN Rx offload (`rx-vlan-offload`: the C fec and fec_rs on the
# ENETs that flag tagged frames, the C gianfar through its Rx FCB), it is
# switched off and on again, read back, with traffic each time; the host
# counts the tagged frames it received. (QEMU's models flag no tag and strip
# none, README: there the tags reach the stack in the frames either way.)
# timeout: 120
. /usr/share/nxp/tests/lib.sh
[ "${REMOTE_TYPE:-}" = nxp ] ||
	skip "needs the emulated boards' remote end (REMOTE_TYPE=nxp) for its VLAN interface"
check "interface up" netif_up
IF=$(netif)
VHOST=10.77.100.1
feature() { ethtool -k $IF | awk '$1 == "rx-vlan-offload:" { print $2 }'; }
fixed() { ethtool -k $IF | awk '$1 == "rx-vlan-offload:" { print $3 }'; }
host_rx() {
	remote_run 10 cat /sys/class/net/tap0.100/statistics/rx_packets || return 1
	tr -dc '0-9' < /tmp/remote.out
}
# traffic <name>: pings and 2 s of TCP each way over VLAN 100; the host's
# VLAN interface received frames meanwhile.
traffic() {
	h0=$(host_rx)
	check "$1: pings over VLAN 100" wait_for 10 ping -c 1 -W 1 $VHOST
	XFER_HOST=$VHOST tcp_xfer "$1-tx" 2
	XFER_HOST=$VHOST tcp_xfer "$1-rx" 2 -R
	h1=$(host_rx)
	diag "$1: the host's VLAN 100 interface received $((h1 - h0)) frames"
	check "$1: the host received tagged frames" test $((h1 - h0)) -gt 100
}

check "the host's VLAN 100 interface" remote_run 10 \
	"ip link del tap0.100 2> /dev/null; ip link add link tap0 name tap0.100 type vlan id 100 && ip addr add $VHOST/24 dev tap0.100 && ip link set tap0.100 up"
check "VLAN 100 on $IF" ip link add link $IF name $IF.100 type vlan id 100
check "its address" ip addr add 10.77.100.2/24 dev $IF.100
check "up" ip link set $IF.100 up
check "VLAN interface MTU 1500" test "$(cat /sys/class/net/$IF.100/mtu)" = 1500
diag "rx-vlan-offload: $(feature) $(fixed)"
traffic "offload $(feature)"
if [ "$(fixed)" != "[fixed]" ]; then
	was=$(feature)
	other=off
	[ "$was" = off ] && other=on
	check "rx-vlan-offload $other" ethtool -K $IF rxvlan $other
	check "reads back $other" test "$(feature)" = $other
	traffic "offload $other"
	check "rx-vlan-offload $was again" ethtool -K $IF rxvlan $was
	check "reads back $was" test "$(feature)" = $was
	traffic "offload $was again"
else
	diag "VLAN Rx offload not offered by this driver here"
fi
check "VLAN interface removed" ip link del $IF.100
remote_run 10 ip link del tap0.100 || diag "the host's VLAN interface stays"
check "untagged traffic afterwards" ping -c 2 -W 2 $HOST_IP
finish
