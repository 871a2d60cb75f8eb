#!/bin/sh
# Software Tx timestamps (SO_TIMESTAMPING, SOF_TIMESTAMPING_TX_SOFTWARE):
# `ethtool -T` lists software-transmit, and each of 20 UDP datagrams sent to
# the host comes back on the socket's error queue with its timestamp, which
# the driver gives as it hands the packet to its hardware
# (skb_tx_timestamp(), as both C drivers).
# timeout: 60
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
ethtool -T $IF > /tmp/tsinfo 2>&1
diag "ethtool -T: $(tr '\n\t' '  ' < /tmp/tsinfo)"
check "ethtool -T: software-transmit" grep -q "software-transmit" /tmp/tsinfo
check "20 datagrams, each with its Tx timestamp" txtstamp $HOST_IP 9 20
finish
