#!/bin/sh
# iperf3 TCP for 5 s each way against the host; the rate must be nonzero.
# Fixed 128 KiB socket buffers: comparable runs, and a window that fits the
# Rx ring (QEMU's eTSEC model has no flow control and drops the overflow).
# Prints "# metric:" lines the host collects.
# timeout: 150
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
rate() { # <iperf3 output file> <sender|receiver>: Mbit/s of the summary line
	awk -v w="$2" '$NF == w { for (i = 1; i < NF; i++) if ($(i+1) ~ /bits\/sec/) { v = $i; u = $(i+1) } }
		END { if (u ~ /^G/) v *= 1000; if (u ~ /^K/) v /= 1000; if (u ~ /^bits/) v /= 1000000; print v + 0 }' "$1"
}
for dir in tx rx; do
	flag=
	[ $dir = rx ] && flag=-R
	iperf3 -c $HOST_IP -t 5 -w 128K -f m $flag > /tmp/iperf.$dir 2>&1
	rc=$?
	sed 's/^/#   /' /tmp/iperf.$dir | tail -4
	r=$(rate /tmp/iperf.$dir receiver)
	echo "# metric: iperf3_${dir}_mbps=$r"
	check "iperf3 $dir completed" test $rc = 0
	check "iperf3 $dir rate > 0" awk -v r="$r" 'BEGIN { exit !(r > 0) }'
done
finish
