#!/bin/sh
# ICMP to the host: 56 bytes, 1472 bytes (a full 1500-byte frame), and 8000
# bytes (IPv4 fragments both ways).
# timeout: 90
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
for s in 56 1472 8000; do
	check "ping -s $s" ping -c 5 -W 3 -s $s $HOST_IP
done
finish
