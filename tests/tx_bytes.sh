#!/bin/sh
# Tx byte counters count the frames as they go on the wire, as the C
# drivers do: over at least 500 UDP datagrams of 1000 bytes (iperf3, checksum
# offload on) tx_bytes grows by what the host's end of the link receives,
# give or take the frames around the counter reads and the padding of
# frames under 60 bytes (which make the host's count larger). The eTSEC's
# frame control block, pushed in front of each offloaded frame and
# stripped by the MAC, must not count (8 bytes a frame: 4000 or more here).
# timeout: 90
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
host_rx() {
	remote_run 10 cat /sys/class/net/tap0/statistics/rx_bytes || return 1
	tr -dc 0-9 < /tmp/remote.out
}
h0=$(host_rx) || skip "no remote end of ours (REMOTE_TYPE=nxp) to count what arrives"
g0=$(cat /sys/class/net/$IF/statistics/tx_bytes)
check "500 UDP datagrams of 1000 bytes" iperf3 -c $HOST_IP -u -l 1000 -k 500 -b 20M
sleep 1
g1=$(cat /sys/class/net/$IF/statistics/tx_bytes)
h1=$(host_rx)
dg=$((g1 - g0)) dh=$((h1 - h0))
diag "tx_bytes +$dg, received by the host +$dh (difference $((dg - dh)))"
check "at least the datagrams' frames counted" test $dg -ge $((500 * 1042))
check "tx_bytes within 2000 bytes above what the host received" test $((dg - dh)) -lt 2000
finish
