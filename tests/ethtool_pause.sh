#!/bin/sh
# ethtool -a/-A: pause settings read back, combinations the MAC cannot do are
# rejected and change nothing, traffic flows after each change. The ENET
# pauses both directions or neither; the eTSEC each on its own, advertised
# as such.
# timeout: 90
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
if ! ethtool -a $IF > /tmp/pause 2>&1; then
	check "ethtool -a answers" false
	finish
fi
sed 's/^/#   /' /tmp/pause
get() { ethtool -a $IF | awk -v k="$1:" '$1 == k { print $2 }'; }
snap() { echo "$(get Autonegotiate) $(get RX) $(get TX)"; }
# Our drivers' flow control enable bits: ENET RCR[FCE]; eTSEC MACCFG1[Rx_Flow|Tx_Flow].
flow() {
	case "$NXP_DRIVER/$NXP_MAC" in
	rust/enet) echo $(($(reg 0x84) & 32)) ;;
	rust/etsec) echo $(($(reg 0x500) & 48)) ;;
	*) echo unknown ;;
	esac
}
before=$(snap)
if [ "$NXP_MAC" = enet ]; then
	check "rx on tx off rejected (both or neither)" sh -c "! ethtool -A $IF autoneg off rx on tx off"
	check "rejection changed nothing" test "$(snap)" = "$before"
fi
if [ "$NXP_MAC" = etsec ]; then
	# The eTSEC pauses each direction on its own: the PHY advertises
	# Pause + Asym_Pause for receive-only, Asym_Pause alone for
	# transmit-only (802.3 Annex 28B), as the C gianfar does.
	adv() { ethtool $IF | sed -n 's/^[[:space:]]*Advertised pause frame use:[[:space:]]*//p'; }
	check "rx on tx off accepted" ethtool -A $IF autoneg on rx on tx off
	check "advertises receive-only pause ($(adv))" test "$(adv)" = "Symmetric Receive-only"
	check "rx off tx on accepted" ethtool -A $IF autoneg on rx off tx on
	check "advertises transmit-only pause ($(adv))" test "$(adv)" = "Transmit-only"
	check "traffic after the asymmetric settings" ping -c 2 -W 3 $HOST_IP
fi
check "pause forced on" ethtool -A $IF autoneg off rx on tx on
check "reads back off/on/on" test "$(snap)" = "off on on"
link_back
[ $NXP_DRIVER = rust ] && check "flow control on in the MAC ($(flow))" test "$(flow)" != 0
check "traffic with pause on" ping -c 2 -W 3 $HOST_IP
check "pause forced off" ethtool -A $IF autoneg off rx off tx off
check "reads back off/off/off" test "$(snap)" = "off off off"
link_back
[ $NXP_DRIVER = rust ] && check "flow control off in the MAC" test "$(flow)" = 0
check "traffic with pause off" ping -c 2 -W 3 $HOST_IP
# (ethtool fails when nothing changes.)
[ "$(snap)" = "$before" ] || check "back to $before" sh -c "ethtool -A $IF autoneg $(echo $before | cut -d' ' -f1) rx $(echo $before | cut -d' ' -f2) tx $(echo $before | cut -d' ' -f3)"
check "reads back $before" test "$(snap)" = "$before"
link_back
check "traffic after restoring" ping -c 2 -W 3 $HOST_IP
finish
