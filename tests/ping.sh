#!/bin/sh
# ICMP to the host: 56 bytes, 1472 bytes (a full 1500-byte frame), and 8000
# bytes (IPv4 fragments both ways), five of each, 200 ms apart.
# timeout: 90
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
for s in 56 1472 8000; do
	check "ping -s $s" ping -c 5 -i 0.2 -W 3 -s $s $HOST_IP
done
finish
