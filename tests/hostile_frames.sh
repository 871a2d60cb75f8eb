#!/bin/sh
# Hostile frames from the wire: while the guest receives a TCP stream, the
# host side of the tap sends malformed frames as fast as the board takes
# them (scripts/hostile-frames.py, through the remote agent): bare
# Ethernet headers, 802.3 frames without LLC, truncated and inconsistent
# IPv4, UDP and TCP headers, bad checksums, VLAN-in-VLAN and VLAN 4095,
# giants past the MTU and past the Rx buffer. None may reach a socket:
# every datagram of theirs goes to a closed UDP port, so one delivered
# counts in the guest's Udp NoPorts. The giants are dropped by the driver
# and counted in rx_length_errors; the short ICMP echo requests mixed in
# (42-byte frames) must get through. Afterwards the stream has finished and
# the link works. Bad FCS cannot be sent: QEMU's models compute the FCS.
# timeout: 150
. /usr/share/nxp/tests/lib.sh
[ "${REMOTE_TYPE:-}" = nxp ] ||
	skip "needs the emulated boards' remote end (REMOTE_TYPE=nxp) to send the frames"
check "interface up" netif_up
IF=$(netif)
MAC=$(cat /sys/class/net/$IF/address)
SECS=6
KINDS=all
# The debug kernels receive far slower: a lower rate keeps the shell and
# the TCP stream beside the flood going (the single-core i.MX6UL). QEMU's
# eTSEC has no flow control: a flood that fills its Rx ring can end QEMU
# (README, "What the emulated boards cannot show"): there the frames come
# at 1,000 a second (at 3,000 QEMU crashed in three boots of three on the
# debug kernel beside another guest, 2026-12-03) and the TCP stream is
# paced at 20 Mbit/s, as in tests/control_storm.sh.
RATE=10000 TCP_RATE=
[ -e /sys/kernel/debug/kmemleak ] && RATE=3000
[ "$NXP_MAC" = etsec ] && RATE=1000 TCP_RATE="-b 20M"
# (tests/jumbo.sh: the C gianfar's skb_over_panic on frames spanning buffers.)
if [ "$NXP_DRIVER/$NXP_MAC" = c/etsec ]; then
	KINDS=-giant-mtu,giant-buf
	diag "no giants for the C gianfar: it panics (skb_over_panic) on frames that span Rx buffers"
fi
# snmp <protocol> <field>: a counter of /proc/net/snmp.
snmp() {
	awk -v p="$1:" -v f="$2" '$1 == p {
		if (!h) { for (i = 2; i <= NF; i++) if ($i == f) c = i; h = 1; next }
		print c ? $c : "none" }' /proc/net/snmp
}
st() { cat /sys/class/net/$IF/statistics/$1; }
# sent <kind>: frames of that kind the sender handed to the tap.
sent() { awk -v k="$1" '$1 == "sent" && $2 == k { n = $3 } END { print n + 0 }' /tmp/remote.out; }
udp0=$(($(snmp Udp NoPorts) + $(snmp Udp InDatagrams)))
echo0=$(snmp Icmp InEchos)
iph0=$(($(snmp Ip InHdrErrors) + $(snmp Ip InTruncatedPkts)))
len0=$(st rx_length_errors)
rxp0=$(st rx_packets)
iperf3 -c $HOST_IP -R -w 128K $TCP_RATE -f m -t $((SECS + 4)) > /tmp/iperf.out 2>&1 &
ipid=$!
sleep 2
check "hostile frames sent for $SECS s, $RATE frames/s" \
	remote_run $((SECS + 10)) python3 \$NXP_TOP/scripts/hostile-frames.py tap0 $MAC $SECS $RATE $KINDS
diag "$(grep '^sent ' /tmp/remote.out | tr '\n' ' ')"
grep -q '^sent ' /tmp/remote.out || sed 's/^/#   remote: /' /tmp/remote.out | tail -15
wait $ipid
irc=$?
# Receiver line: ... <bytes> <unit> <rate> Mbits/sec receiver (-f m)
rx_rate=$(awk '$NF == "receiver" && $(NF-1) == "Mbits/sec" { print $(NF-2) }' /tmp/iperf.out)
diag "TCP stream received beside them: ${rx_rate:-no} Mbit/s"
check "the TCP stream received beside them finished" \
	awk -v rc=$irc -v r="${rx_rate:-0}" 'BEGIN { exit !(rc == 0 && r > 0) }'
udp1=$(($(snmp Udp NoPorts) + $(snmp Udp InDatagrams)))
echo1=$(snmp Icmp InEchos)
iph1=$(($(snmp Ip InHdrErrors) + $(snmp Ip InTruncatedPkts)))
len1=$(st rx_length_errors)
giants=$(($(sent giant-mtu) + $(sent giant-buf)))
echos=$(sent echo)
diag "rx_packets +$(($(st rx_packets) - rxp0)), rx_length_errors +$((len1 - len0)) (giants sent $giants)," \
	"Icmp InEchos +$((echo1 - echo0)) (sent $echos), Ip header errors +$((iph1 - iph0))," \
	"Udp NoPorts+InDatagrams +$((udp1 - udp0)), Udp InErrors $(snmp Udp InErrors), InCsumErrors $(snmp Udp InCsumErrors)"
check "no hostile datagram reached the UDP port lookup" test $((udp1 - udp0)) = 0
[ "$KINDS" = all ] && check "the giants were dropped and counted as length errors" \
	test $((len1 - len0)) -gt 0 -a $((len1 - len0)) -le "$giants"
check "the short echo requests among them were received" \
	test $((echo1 - echo0)) -gt 0 -a $((echo1 - echo0)) -le "$echos"
check "the malformed IPv4 headers reached IP and were dropped there" test $((iph1 - iph0)) -gt 0
check "carrier up, traffic afterwards" link_back
check "ping afterwards" ping -c 3 -W 3 $HOST_IP
finish
