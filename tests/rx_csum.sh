#!/bin/sh
# Rx checksum offload switched with `ethtool -K rx off|on`, as the C drivers
# allow: the setting reads back and traffic to the
# guest flows in both states (with it off the stack verifies every frame;
# the fec drivers also restart the MAC to change its checksum discard). The
# host sends TCP for a few seconds each time: bytes must arrive and
# retransmissions stay under 1 % (a frame dropped or mis-marked shows up).
# timeout: 120
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
rxcsum() { ethtool -k $IF | sed -n 's/^rx-checksumming: //p'; }
r=$(rxcsum)
diag "rx-checksumming: $r"
case $r in
*fixed*) skip "$DRV_NAME cannot switch Rx checksumming ($r)" ;;
esac
check "Rx checksumming on by default" test "$r" = on

# receive <name> <seconds>: TCP from the host to the guest.
receive() {
	iperf3 -c $HOST_IP -t $2 -w 128K -f m -R > /tmp/iperf.$1 2>&1
	rc=$?
	sed 's/^/#   /' /tmp/iperf.$1 | tail -4
	check "$1: iperf3 completed" test $rc = 0
	# The sender (the host) reports its retransmissions.
	set -- $1 $(awk '$NF == "sender" { print $(NF-5), $(NF-3), $(NF-1) }' /tmp/iperf.$1)
	diag "$1: $2 MBytes, $3 Mbit/s, $4 retransmits"
	check "$1: bytes arrived" awk -v mb="${2:-0}" 'BEGIN { exit !(mb > 0) }'
	check "$1: retransmits under 1 % of the segments" \
		awk -v mb="${2:-0}" -v re="${4:-1}" 'BEGIN { exit !(re * 100 <= mb * 1048576 / 1448) }'
}

check "ethtool -K rx off" ethtool -K $IF rx off
check "reads back off" test "$(rxcsum)" = off
wait_for 15 carrier_up $IF
wait_for 10 ping -c 1 -W 1 $HOST_IP
receive rx-csum-off 3
check "ethtool -K rx on" ethtool -K $IF rx on
check "reads back on" test "$(rxcsum)" = on
wait_for 15 carrier_up $IF
wait_for 10 ping -c 1 -W 1 $HOST_IP
receive rx-csum-on 3
# Switching while down takes effect at the next open.
ip link set $IF down
check "ethtool -K rx off while down" ethtool -K $IF rx off
check "interface up again" netif_up
check "still off after open" test "$(rxcsum)" = off
receive rx-csum-off-reopened 2
check "ethtool -K rx on (back)" ethtool -K $IF rx on
wait_for 15 carrier_up $IF
check "traffic afterwards" wait_for 10 ping -c 1 -W 1 $HOST_IP
finish
