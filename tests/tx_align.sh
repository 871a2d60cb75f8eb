#!/bin/sh
# fec_rs on the i.MX6Q/6UL (no AVB DMA) copies Tx packets whose buffers are
# not 16-byte aligned. The emulated i.MX7D does not need it; the debugfs knob
# `force_tx_align` turns the copy on there so that it is exercised: TCP from
# the guest (the host verifies every checksum) and pings of several sizes.
# timeout: 90
. /usr/share/nxp/tests/lib.sh
[ "$NXP_DRIVER/$NXP_MAC" = rust/enet ] || skip "only fec_rs has the aligned Tx copy"
check "interface up" netif_up
IF=$(netif)
knob=$(dbgdir)/force_tx_align
[ -e "$knob" ] || skip "no debugfs knob (CONFIG_DEBUG_FS off?)"
bounced() { ethtool -S $IF | awk '$1 == "sw_tx_bounced:" { print $2 }'; }
b0=$(bounced)
echo 1 > $knob
for s in 1 13 100 1000 1472; do
	check "ping -s $s with aligned copies" ping -c 2 -W 3 -s $s $HOST_IP
done
iperf3 -c $HOST_IP -t 5 -w 128K -f m > /tmp/iperf.out 2>&1
rc=$?
sed 's/^/#   /' /tmp/iperf.out | tail -4
check "iperf3 tx with aligned copies" test $rc = 0
b1=$(bounced)
echo 0 > $knob
diag "packets copied: $((b1 - b0))"
check "packets were copied" test $((b1 - b0)) -gt 1000
check "traffic without the copy again" ping -c 2 -W 3 $HOST_IP
finish
