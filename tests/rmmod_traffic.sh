#!/bin/sh
# Robustness: unload the driver while iperf3 pushes traffic into the guest and
# pings go out (one iperf3 server listens on the host), then
# load it again and check that traffic flows; RELOADS times (default 1;
# make soak: 200). No splat (WARNING, BUG, leak)
# may appear: the runner checks the kernel log after every test.
# timeout: 120
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
i=0
while [ $i -lt "${RELOADS:-1}" ]; do
	i=$((i + 1))
	iperf3 -c $HOST_IP -p 5202 -t 30 -w 128K -R > /dev/null 2>&1 &
	ping -q -s 1400 $HOST_IP > /dev/null 2>&1 &
	sleep 4
	check "rmmod under traffic ($i)" unload_driver
	killall -9 iperf3 ping > /dev/null 2>&1
	check "interface gone ($i)" sh -c "! netif"
	check "reload and bring up ($i)" netif_up
	check "traffic after reload ($i)" ping -c 3 -W 3 $HOST_IP
	[ $FAILED = 0 ] || break
done
diag "$i reload cycles"
finish
