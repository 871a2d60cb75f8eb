#!/bin/sh
# ethtool -g/-G: sizes set read back and traffic flows on the new rings; bad
# sizes (not a power of two, too large, too small for two maximal packets)
# are rejected and change nothing.
# timeout: 120
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
if ! ethtool -g $IF > /tmp/ring 2>&1; then
	[ "$NXP_DRIVER/$NXP_MAC" = c/enet ] && skip "the C fec has no ring parameters"
	check "ethtool -g answers" false
	finish
fi
maxv() { ethtool -g $IF | awk -v k="$1:" '$1 == k { print $2; exit }'; }
diag "max rx $(maxv RX) tx $(maxv TX), current rx $(cur RX) tx $(cur TX)"
rx0=$(cur RX) tx0=$(cur TX)
check "ethtool -G rx 128 tx 128" ethtool -G $IF rx 128 tx 128
check "rx reads back 128" test "$(cur RX)" = 128
check "tx reads back 128" test "$(cur TX)" = 128
link_back
check "traffic on resized rings" ping -c 3 -W 3 $HOST_IP
before="$(cur RX) $(cur TX)"
# Ours say why, with the limits (the C gianfar logs it, without a message
# for the request: any text passes for the C drivers).
check "rx 100 (not a power of two) rejected, saying why" \
	refused 'rx 100: not a power of two \(powers of two, tx [0-9]+\.\.[0-9]+, rx [0-9]+\.\.[0-9]+\)' -G $IF rx 100
diag "$(head -1 /tmp/ethtool.out)"
cp /tmp/ethtool.out /tmp/ring-msg
# (Above the maximum the kernel refuses before the driver, with its own
# message.)
check "tx above the maximum rejected, saying why" \
	refused 'exceeds maximum' -G $IF tx $(( $(maxv TX) * 2 ))
if [ "$NXP_DRIVER" = rust ]; then
	# C gianfar accepts rings too small for two maximal packets.
	check "tx 16 (below two maximal packets) rejected, saying why" refused 'tx 16, rx [0-9]+: too small \(' -G $IF tx 16
	# The kernel log says it too, naming the device (netdev_info()), for
	# an ethtool without netlink as well.
	check "the refusal logged with the device's name" \
		sh -c "dmesg | tail -5 | grep -E '$DRV_NAME [^ ]+ $IF: tx 16, rx [0-9]+: too small'"
	# The Tx minimum the messages name (the rx 100 one above, asked with
	# the current Tx ring) is the smallest size accepted.
	tmin=$(sed -n 's/.*(powers of two, tx \([0-9]*\)\.\..*/\1/p' /tmp/ring-msg | head -1)
	diag "Tx minimum said: ${tmin:-none (an ethtool without netlink gets no message)}"
	[ -n "$tmin" ] && check "tx below the minimum said ($tmin) rejected" refused 'too small' -G $IF tx $((tmin / 2))
	check "rejections changed nothing" test "$(cur RX) $(cur TX)" = "$before"
	if [ -n "$tmin" ] && [ "$tmin" != "$(cur TX)" ]; then
		check "tx at the minimum said ($tmin) accepted" ethtool -G $IF tx $tmin
		check "tx reads back $tmin" test "$(cur TX)" = "$tmin"
		ethtool -G $IF tx "${before#* }" > /dev/null 2>&1
	fi
fi
check "rejections changed nothing" test "$(cur RX) $(cur TX)" = "$before"
check "ethtool -G largest rings" ethtool -G $IF rx $(maxv RX) tx $(maxv TX)
check "largest rings read back" test "$(cur RX) $(cur TX)" = "$(maxv RX) $(maxv TX)"
link_back
check "traffic on the largest rings" ping -c 3 -W 3 $HOST_IP
# (ethtool fails when nothing changes: only when the defaults are not the maximum.)
[ "$rx0 $tx0" = "$(cur RX) $(cur TX)" ] || check "ethtool -G back to rx $rx0 tx $tx0" ethtool -G $IF rx $rx0 tx $tx0
check "initial sizes read back" test "$(cur RX) $(cur TX)" = "$rx0 $tx0"
link_back
check "traffic after restoring" ping -c 3 -W 3 $HOST_IP
finish
