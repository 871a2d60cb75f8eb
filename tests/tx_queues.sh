#!/bin/sh
# The AVB ENETs' Tx queues (i.MX7D, i.MX8M Plus: `fsl,num-tx-queues = <3>`):
# the device has the C driver's three Tx queues, each ring with its own
# BQL queue, and a VLAN-tagged frame leaves on the queue of its priority
# (PCP 0-1 queue 0, 2-4 queue 1, 5-7 queue 2: fec_enet_vlan_pri_to_queue)
# whether the tag is still in the skb (a VLAN interface whose egress map
# gives every packet one PCP) or already in the frame (tagged frames on a
# packet socket of the interface itself). The frames carry a local
# experimental EtherType to the host side of the tap, where a packet
# socket counts them per tag (scripts/vlan-count.py): every frame the
# guest sent arrived, with its tag. Per queue,
# the qdisc (mq) counts them on the right queue and none on the others,
# BQL returns to 0, and, where the driver keeps per-queue statistics
# (qstats over netdev netlink, ours), that queue's tx-packets count them.
# 1,500 frames per case wrap rings of 1,024 descriptors.
# timeout: 150
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
nq=$(ls -d /sys/class/net/$IF/queues/tx-* | wc -l)
# The queues the device tree asks for (a big-endian u32).
dtq=$(od -An -tu1 /sys/class/net/$IF/device/of_node/fsl,num-tx-queues 2> /dev/null | awk '{ print $4 }')
[ "${dtq:-1}" -gt 1 ] || skip "one Tx queue on this controller (device tree: ${dtq:-no} fsl,num-tx-queues)"
check "$dtq Tx queues, as the device tree asks (got $nq)" test "$nq" = "$dtq"
[ "$nq" = 3 ] || finish
[ "${REMOTE_TYPE:-}" = nxp ] ||
	skip "needs the emulated boards' remote end (REMOTE_TYPE=nxp) to count the frames"
if ethtool -l $IF > /tmp/ch 2>&1; then
	sed 's/^/#   /' /tmp/ch
	# Current: one combined channel (Rx 0 with Tx 0) and two Tx-only ones.
	cur=$(awk '/^Current/ { c = 1 } c && $1 ~ /^(RX|TX|Combined):$/ { printf "%s%s ", $1, $2 }' /tmp/ch)
	check "ethtool -l: combined 1, tx 2 (got: $cur)" test "$cur" = "RX:n/a TX:2 Combined:1 " -o "$cur" = "RX:0 TX:2 Combined:1 "
	check "ethtool -L tx 1 rejected" sh -c "! ethtool -L $IF tx 1 2> /dev/null"
elif [ "$NXP_DRIVER" = c ]; then
	diag "the C driver has no channel parameters"
else
	check "ethtool -l answers" false
fi
MAC=$(cat /sys/class/net/$IF/address)
ping -c 1 -W 3 $HOST_IP > /dev/null 2>&1 || true
HMAC=$(ip neigh show $HOST_IP dev $IF | awk '{ for (i = 1; i < NF; i++) if ($i == "lladdr") print $(i + 1) }')
check "the host's MAC is known ($HMAC)" test -n "$HMAC"
N=1500
cat > /tmp/vlan-send.py << 'EOF'
# vlan-send.py <if> <dst> <src> <n> [<pcp> <vid>]: n 60-byte frames of
# EtherType 0x88b5 (local experimental) on a packet socket of <if>, with
# an 802.1Q tag in the frame if <pcp> is given; prints the number sent.
import socket, struct, sys, time
ifn, dst, src, n = sys.argv[1], bytes.fromhex(sys.argv[2].replace(":", "")), \
    bytes.fromhex(sys.argv[3].replace(":", "")), int(sys.argv[4])
tag = b""
if len(sys.argv) > 5:
    tag = struct.pack("!HH", 0x8100, int(sys.argv[5]) << 13 | int(sys.argv[6]))
s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)
s.bind((ifn, 0))
sent = 0
for i in range(n):
    f = dst + src + tag + struct.pack("!HI", 0x88B5, i)
    f += bytes(60 - len(f)) if len(f) < 60 else b""
    for _ in range(100):
        try:
            s.send(f)
            sent += 1
            break
        except OSError:
            # A full qdisc: the queue is stopped, wait for its wake.
            time.sleep(0.002)
print(sent)
EOF
# qdisc_sent <queue>: packets the queue's child qdisc (under mq) sent.
qdisc_sent() {
	tc -s qdisc show dev $IF | awk -v p="parent :$(($1 + 1))" '
		index($0, p " ") || $0 ~ p "$" { f = 1; next }
		f && $1 == "Sent" { print $4; exit }'
}
# qstat_tx <queue>: tx-packets of that Tx queue ("none" without qstats).
qstat_tx() { qstat_txq $IF $1 tx-packets; }
bql_idle() { [ "$(cat /sys/class/net/$IF/queues/tx-$1/byte_queue_limits/inflight)" = 0 ]; }
cleanup() { for v in 100 103 105 107; do ip link del $IF.$v 2> /dev/null; done; }
trap cleanup EXIT
# case_run <how: vlan|inband> <pcp> <queue>
case_run() {
	how=$1 pcp=$2 q=$3 vid=$((100 + $2))
	if [ $how = vlan ]; then
		ip link add link $IF name $IF.$vid type vlan id $vid egress-qos-map 0:$pcp
		[ -e /proc/sys/net/ipv6/conf/$IF.$vid ] && echo 1 > /proc/sys/net/ipv6/conf/$IF.$vid/disable_ipv6
		ip link set $IF.$vid up
		args="$IF.$vid $HMAC $MAC $N"
	else
		args="$IF $HMAC $MAC $N $pcp $vid"
	fi
	i=0
	while [ $i -lt 3 ]; do eval "d$i=\$(qdisc_sent $i)"; i=$((i + 1)); done
	s0=$(qstat_tx $q)
	# The host side counts the frames per VLAN tag while they come.
	remote_run 30 python3 \$NXP_TOP/scripts/vlan-count.py tap0 88b5 25 > /dev/null 2>&1 &
	rpid=$!
	sleep 2
	sent=$(python3 /tmp/vlan-send.py $args)
	wait $rpid
	# (The agent's stream framing may precede a line.)
	got=$(grep -o "vlan $vid pcp $pcp frames [0-9]*" /tmp/remote.out | awk '{ print $6 }')
	grep -q 'done' /tmp/remote.out || sed 's/^/#   remote: /' /tmp/remote.out | tail -5
	wait_for 10 bql_idle $q
	deltas= ok_other=1
	i=0
	while [ $i -lt 3 ]; do
		eval "a=\$d$i"
		b=$(qdisc_sent $i)
		dlt=$((${b:-0} - ${a:-0}))
		deltas="$deltas q$i:+$dlt"
		[ $i = $q ] && dq=$dlt
		# The other queues: at most the stack's own few packets meanwhile
		# (ARP, neighbour discovery; more on the slower debug kernels).
		[ $i != $q ] && [ $dlt -ge 100 ] && ok_other=0
		i=$((i + 1))
	done
	drops=$(grep -o "socket drops [0-9]*" /tmp/remote.out | awk '{ print $3 }')
	diag "$how PCP $pcp: sent $sent, the host received ${got:-0} with VLAN $vid PCP $pcp (its socket lost ${drops:-?}); qdiscs$deltas"
	check "$how PCP $pcp: all $N frames sent" test "$sent" = $N
	check "$how PCP $pcp: the host received every frame, with its tag" test "${got:-0}" = "$sent"
	check "$how PCP $pcp: queue $q's qdisc sent them" test "${dq:-0}" -ge "$sent"
	check "$how PCP $pcp: no other queue carried them" test $ok_other = 1
	check "$how PCP $pcp: queue $q's BQL in flight back to 0" bql_idle $q
	s1=$(qstat_tx $q)
	if [ "$s0" != none ] && [ "$s1" != none ]; then
		diag "qstats tx-packets of queue $q: $s0 -> $s1"
		check "$how PCP $pcp: queue $q's tx-packets (qstats) count them" test $((s1 - s0)) -ge "$sent"
	fi
	[ $how = vlan ] && ip link del $IF.$vid
}
case_run vlan 0 0
case_run vlan 3 1
case_run vlan 5 2
case_run inband 7 2
check "traffic on queue 0 afterwards" ping -c 3 -W 3 $HOST_IP
finish
