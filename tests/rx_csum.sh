#!/bin/sh
# Rx checksum offload switched with `ethtool -K rx off|on`, as the C drivers
# allow: the setting reads back, traffic to the guest flows in both states
# (with it off the stack verifies every frame), and switching while the
# interface is down holds at the next open. On the ENET the switch also
# turns the MAC's discard of frames with bad IP or TCP/UDP checksums
# (RACC IPDIS/PRODIS, read from the register dump) off and back on. The
# eTSEC's parser only reports, so there the switch is what the driver tells
# the stack, which QEMU (no Rx checksum results at all) cannot show; the
# drivers' "checksum verified" counter must not move while it is off.
# The host sends TCP for a few seconds each time: bytes must arrive and
# retransmissions stay under 1 %.
# timeout: 120
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
rxcsum() { ethtool -k $IF | sed -n 's/^rx-checksumming: //p'; }
r=$(rxcsum)
diag "rx-checksumming: $r"
case $r in
*fixed*) skip "$DRV_NAME cannot switch Rx checksumming ($r)" ;;
esac
check "Rx checksumming on by default" test "$r" = on
# Put it back whatever happens (a later test must not inherit "off").
trap 'ethtool -K $IF rx on > /dev/null 2>&1' EXIT

# ENET RACC (0x1c4) IPDIS|PRODIS, on the i.MX boards.
discard() { echo $(($(reg 0x1c4) & 6)); }
enet() { [ "$NXP_MAC" = enet ]; }
# Our drivers' counter of frames passed up as verified (none in the C ones).
verified() { ethtool -S $IF | awk '$1 == "rx_csum_ok:" || $1 == "sw_rx_csum_ok:" { print $2 }'; }

# relinked <label>: the interface is back after a restart.
relinked() { check "$1: carrier, host reachable" link_back; }

enet && check "checksum discard on (RACC $(reg 0x1c4))" test "$(discard)" = 6
check "ethtool -K rx off" ethtool -K $IF rx off
check "reads back off" test "$(rxcsum)" = off
relinked rx-off
enet && check "checksum discard off (RACC $(reg 0x1c4))" test "$(discard)" = 0
v0=$(verified)
tcp_xfer rx-csum-off 3 -R
[ -n "$v0" ] && check "no frame passed up as verified while off" test "$(verified)" = "$v0"
check "ethtool -K rx on" ethtool -K $IF rx on
check "reads back on" test "$(rxcsum)" = on
relinked rx-on
enet && check "checksum discard back on" test "$(discard)" = 6
tcp_xfer rx-csum-on 3 -R
# Switching while down takes effect at the next open.
ip link set $IF down
check "ethtool -K rx off while down" ethtool -K $IF rx off
check "interface up again" netif_up
check "still off after open" test "$(rxcsum)" = off
enet && check "checksum discard off after open" test "$(discard)" = 0
tcp_xfer rx-csum-off-reopened 2 -R
check "ethtool -K rx on (back)" ethtool -K $IF rx on
relinked end
finish
