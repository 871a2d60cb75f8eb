#!/bin/sh
# MTU bounds and Rx modes: the largest MTU the driver reports is accepted and
# carries a frame of that size, one more is rejected and changes nothing;
# promiscuous and all-multicast modes switch on and off with traffic flowing.
# timeout: 90
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
max=$(ip -d link show $IF | sed -n 's/.*maxmtu \([0-9]*\).*/\1/p')
min=$(ip -d link show $IF | sed -n 's/.*minmtu \([0-9]*\).*/\1/p')
diag "minmtu $min maxmtu $max"
check "maxmtu reported" test -n "$max"
[ -n "$max" ] || finish
check "mtu $((max + 1)) rejected" sh -c "! ip link set $IF mtu $((max + 1)) 2> /dev/null"
check "mtu unchanged (1500)" test "$(cat /sys/class/net/$IF/mtu)" = 1500
check "mtu $((min - 1)) rejected" sh -c "! ip link set $IF mtu $((min - 1)) 2> /dev/null"
# Frames up to 1960 bytes of IP packet (what fits the fec buffers).
big=$max
[ $big -gt 1960 ] && big=1960
# set_mtu <mtu>: live; the C fec refuses that (EBUSY) while the interface
# is up, so for it the interface is cycled.
set_mtu() {
	ip link set $IF mtu $1 && return 0
	[ "$NXP_DRIVER/$NXP_MAC" = c/enet ] || return 1
	diag "C fec: no live MTU change, cycling the interface"
	ip link set $IF down && ip link set $IF mtu $1 && ip link set $IF up
}
check "mtu $big accepted" set_mtu $big
link_back
check "mtu reads back $big" test "$(cat /sys/class/net/$IF/mtu)" = $big
# ICMP payload + 28 bytes of headers = one $big-byte IP packet sent unfragmented
# (the host's 1500-byte reply comes back in fragments).
tx0=$(cat /sys/class/net/$IF/statistics/tx_bytes)
check "ping with a $big-byte packet" ping -c 3 -W 3 -s $((big - 28)) $HOST_IP
tx1=$(cat /sys/class/net/$IF/statistics/tx_bytes)
check "tx_bytes grew by at least 3 full frames" test $((tx1 - tx0)) -ge $((3 * big))
check "mtu back to 1500" set_mtu 1500
link_back
check "traffic at mtu 1500" ping -c 2 -W 3 $HOST_IP
# Our drivers' promiscuous bit: ENET RCR (0x84), eTSEC RCTRL (0x300), bit 3.
rcr() {
	case "$NXP_MAC" in
	enet) reg 0x84 ;;
	etsec) reg 0x300 ;;
	esac
}
check "promisc on" ip link set $IF promisc on
check "promisc flag set" sh -c "ip link show $IF | grep -q PROMISC"
if [ "$NXP_DRIVER" = rust ]; then
	v=$(rcr)
	diag "RCR/RCTRL $v"
	check "promiscuous bit set in the MAC" test $((v & 8)) = 8
fi
check "traffic in promiscuous mode" ping -c 2 -W 3 $HOST_IP
check "promisc off" ip link set $IF promisc off
if [ "$NXP_DRIVER" = rust ]; then
	v=$(rcr)
	check "promiscuous bit clear in the MAC" test $((v & 8)) = 0
fi
# gianfar_rs publishes how many of the 256 group hash bits it set.
gbits() { cat "$(dbgdir)/gaddr_bits" 2> /dev/null; }
check "allmulticast on" ip link set $IF allmulticast on
[ "$NXP_DRIVER/$NXP_MAC" = rust/etsec ] && check "all 256 hash bits set" test $(($(gbits))) = 256
check "traffic with allmulticast" ping -c 2 -W 3 $HOST_IP
check "allmulticast off" ip link set $IF allmulticast off
if [ "$NXP_DRIVER/$NXP_MAC" = rust/etsec ]; then
	n=$(($(gbits)))
	diag "hash bits for $(ip maddr show dev $IF | grep -c link) multicast addresses: $n"
	check "hash bits from the multicast list only" test $n -gt 0 -a $n -lt 256
fi
check "multicast address added" ip maddr add 01:00:5e:01:02:03 dev $IF
check "multicast address listed" sh -c "ip maddr show dev $IF | grep -q 01:00:5e:01:02:03"
check "multicast address removed" ip maddr del 01:00:5e:01:02:03 dev $IF
check "traffic after Rx mode changes" ping -c 2 -W 3 $HOST_IP
finish
