#!/bin/sh
# VLAN: an 802.1Q interface on the tested port (VLAN 100, 10.77.100.2/24)
# pings a VLAN peer on the host's end of the link (10.77.100.1:
# scripts/vlan-peer.py, started through the remote agent on a packet socket
# of tap0, since the host's kernel may have no VLAN devices): ARP and echo
# requests go out tagged, replies come back tagged, small ones and 1500-byte
# IP packets (1518-byte frames without the FCS: the controller's maximum
# frame length must count the tag both ways; QEMU's ENET counts the two
# RACC[SHIFT16] bytes against that maximum, so there the largest tagged
# frame it delivers is 1516 bytes, and the large pings are 2 bytes
# shorter: README). Where the driver offers VLAN
# Rx offload (`rx-vlan-offload`: the C fec and fec_rs on the ENETs that flag
# tagged frames, the C gianfar and gianfar_rs through the Rx FCB), it is
# switched over and back, read back, with the pings in either state. (QEMU's
# models flag no tag and take none out, README: there the tags reach the
# stack in the frames either way.) VLAN Tx offload, where offered, is
# switched on and back off.
# timeout: 180
. /usr/share/nxp/tests/lib.sh
[ "${REMOTE_TYPE:-}" = nxp ] ||
	skip "needs the emulated boards' remote end (REMOTE_TYPE=nxp) for its VLAN peer"
check "interface up" netif_up
IF=$(netif)
VHOST=10.77.100.1
# ICMP payload of the large pings, and their frames with the tag.
BIG=1472 FRAME=1518
[ "$NXP_MAC" = etsec ] || BIG=1470 FRAME=1516
feature() { ethtool -k $IF | awk '$1 == "rx-vlan-offload:" { print $2 }'; }
fixed() { ethtool -k $IF | awk '$1 == "rx-vlan-offload:" { print $3 }'; }
peer() { grep -oE "$1 [0-9]+" /tmp/remote.out | grep -oE '[0-9]+$'; }
# pings <name>: the guest pings the peer over VLAN 100, 2 small and 2
# large packets, while the peer answers for at most 20 s; every reply
# back, and the peer saw tagged frames of $FRAME bytes.
pings() {
	# (ARP again each time: the peer answers it tagged too.)
	ip neigh flush dev $IF.100 2> /dev/null
	(
		sleep 1
		ping -c 2 -W 3 $VHOST > /tmp/vping.small 2>&1
		ping -c 2 -W 3 -s $BIG $VHOST > /tmp/vping.big 2>&1
	) &
	pp=$!
	remote_run 40 python3 \$NXP_TOP/scripts/vlan-peer.py tap0 100 $VHOST 20 ||
		diag "$1: the VLAN peer failed: $(tail -3 /tmp/remote.out | tr '\n' ' ')"
	wait $pp
	diag "$1: the peer: $(grep -oE '(tagged frames|largest|arp replies|echo replies) [0-9]+' /tmp/remote.out | tr '\n' ',')"
	check "$1: small pings answered" grep -qE " 2 (packets )?received" /tmp/vping.small
	check "$1: $((BIG + 28))-byte pings answered" grep -qE " 2 (packets )?received" /tmp/vping.big
	check "$1: the peer received $FRAME-byte tagged frames" test "$(peer largest)" = $FRAME
	check "$1: the peer answered ARP and echo requests" \
		test "$(peer 'arp replies')" -ge 1 -a "$(peer 'echo replies')" -ge 4
}

# The busybox guests load the kernel's 802.1Q module themselves.
ip link add link $IF name $IF.100 type vlan id 100 2> /dev/null ||
	{ insmod /lib/modules/nxp/8021q.ko 2> /dev/null || modprobe 8021q 2> /dev/null; } ||
	diag "no 802.1Q module to load"
[ -d /sys/class/net/$IF.100 ] ||
	check "VLAN 100 on $IF" ip link add link $IF name $IF.100 type vlan id 100
check "its address" ip addr add 10.77.100.2/24 dev $IF.100
check "up" ip link set $IF.100 up
check "VLAN interface MTU 1500" test "$(cat /sys/class/net/$IF.100/mtu)" = 1500
diag "rx-vlan-offload: $(feature) $(fixed)"
pings "offload_$(feature)"
if [ "$(fixed)" != "[fixed]" ]; then
	was=$(feature)
	other=off
	[ "$was" = off ] && other=on
	check "rx-vlan-offload $other" ethtool -K $IF rxvlan $other
	check "reads back $other" test "$(feature)" = $other
	check "link back" link_back
	pings "offload_$other"
	check "rx-vlan-offload $was again" ethtool -K $IF rxvlan $was
	check "reads back $was" test "$(feature)" = $was
	check "link back" link_back
else
	diag "VLAN Rx offload not offered by this driver here"
fi
# VLAN Tx offload (`tx-vlan-offload`; the C gianfar and gianfar_rs through
# the Tx FCB and TCTRL[VLINS], off by default): switched on and off, read
# back, the register programmed (`ethtool -d`), untagged traffic in either
# state, tagged traffic again once off. QEMU's eTSEC ignores the FCB's tag
# and sends the frame as it is (README), so tagged traffic is left out
# while insertion is on.
txv() { ethtool -k $IF | awk '$1 == "tx-vlan-offload:" { print $2 (($3 == "[fixed]") ? " fixed" : "") }'; }
# vlins <0|1>: TCTRL[VLINS] (TCTRL at offset 0x100 of the register dump)
# reads so.
vlins() {
	v=$(ethtool -d $IF raw on | od -An -tx4 -j 256 -N 4 | tr -d ' ')
	echo "TCTRL 0x$v"
	[ -n "$v" ] && [ $(((0x$v >> 12) & 1)) = $1 ]
}
if [ "$NXP_MAC" = etsec ] && [ "$(txv)" = off ]; then
	# Both VLAN offloads switched in one call, and back.
	rxw=$(feature) rxo=off
	[ "$rxw" = off ] && rxo=on
	check "ethtool -K txvlan on rxvlan $rxo" ethtool -K $IF txvlan on rxvlan $rxo
	check "reads back on, and rx-vlan-offload $rxo" test "$(txv)/$(feature)" = on/$rxo
	check "link back" link_back
	[ "$NXP_DRIVER" = rust ] && check "TCTRL[VLINS] set" vlins 1
	check "untagged traffic with VLAN insertion on" ping -c 2 -W 2 $HOST_IP
	check "ethtool -K txvlan off rxvlan $rxw" ethtool -K $IF txvlan off rxvlan $rxw
	check "reads back off, and rx-vlan-offload $rxw" test "$(txv)/$(feature)" = off/$rxw
	check "link back" link_back
	[ "$NXP_DRIVER" = rust ] && check "TCTRL[VLINS] clear" vlins 0
	pings "txvlan_off"
else
	diag "tx-vlan-offload: $(txv)"
fi
check "VLAN interface removed" ip link del $IF.100
check "untagged traffic afterwards" ping -c 2 -W 2 $HOST_IP
finish
