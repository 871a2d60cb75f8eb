#!/bin/sh
# Robustness: take the interface down and up FLAPS times (default 5; make
# soak: 100) while iperf3 sends; afterwards the link comes back, traffic
# flows and the counters only grew.
# timeout: 150
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
rx0=$(cat /sys/class/net/$IF/statistics/rx_packets)
flaps=${FLAPS:-5}
iperf3 -c $HOST_IP -p 5202 -t $((flaps * 3 + 15)) -w 128K > /dev/null 2>&1 &
i=0
while [ $i -lt $flaps ]; do
	i=$((i + 1))
	sleep 2
	ip link set $IF down
	sleep 1
	ip link set $IF up
done
killall -9 iperf3 > /dev/null 2>&1
check "carrier back" link_back
check "traffic after flaps" ping -c 3 -W 3 $HOST_IP
rx1=$(cat /sys/class/net/$IF/statistics/rx_packets)
diag "rx_packets $rx0 -> $rx1"
check "counters kept counting" test "$rx1" -gt "$rx0"
finish
