#!/bin/sh
# ethtool -l/-L and the standard statistics: the driver reports its queue
# pairs as combined channels (one per interrupt group) and accepts only that
# count; a larger or a split one is rejected and changes nothing. Where
# ethtool speaks netlink, the pause frame counters are reported (`ethtool -I
# -a`); the kernel's suites check them and the per-queue statistics further
# (tests/upstream.list: stats.py).
# timeout: 90
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
if ! ethtool -l $IF > /tmp/ch 2>&1; then
	[ "$NXP_DRIVER" = c ] && skip "the C driver has no channel parameters"
	check "ethtool -l answers" false
	finish
fi
sed 's/^/#   /' /tmp/ch
# ch <field>: "<maximum>/<current>" of that row of `ethtool -l`.
ch() { ethtool -l $IF | awk -v k="$1:" '/^Pre-set/ { s = "max" } /^Current/ { s = "cur" } $1 == k { v[s] = $2 } END { print v["max"] "/" v["cur"] }'; }
n=$(ch Combined)
diag "combined max/current: $n"
check "one combined channel per queue pair (max = current >= 1)" sh -c "[ '${n%/*}' = '${n#*/}' ] && [ '${n#*/}' -ge 1 ]"
check "combined $((${n#*/} + 1)) rejected" sh -c "! ethtool -L $IF combined $((${n#*/} + 1))"
check "rx 1 tx 1 (split channels) rejected" sh -c "! ethtool -L $IF rx 1 tx 1"
check "rejections changed nothing" test "$(ch Combined)" = "$n"
check "traffic after the rejections" ping -c 3 -W 3 $HOST_IP
if ethtool -I -a $IF > /tmp/pause 2>&1 && grep -q "Statistics" /tmp/pause; then
	sed 's/^/#   /' /tmp/pause
	check "pause frame counters reported" grep -qE "(tx|rx)_pause_frames: [0-9]+" /tmp/pause
else
	diag "no pause statistics from this ethtool (ioctl only): $(head -1 /tmp/pause)"
fi
finish
