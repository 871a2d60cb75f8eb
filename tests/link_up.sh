#!/bin/sh
# Link comes up: interface registered, carrier, operstate, speed/duplex reported.
# timeout: 60
. /usr/share/nxp/tests/lib.sh
check "interface up with carrier" netif_up
IF=$(netif)
diag "interface $IF speed $(cat /sys/class/net/$IF/speed 2>/dev/null) duplex $(cat /sys/class/net/$IF/duplex 2>/dev/null)"
check "operstate is up" grep -qx up /sys/class/net/$IF/operstate
check "speed reported" sh -c "[ \$(cat /sys/class/net/$IF/speed) -gt 0 ]"
check "duplex full" grep -qx full /sys/class/net/$IF/duplex
check "MAC address set" sh -c "! grep -qx 00:00:00:00:00:00 /sys/class/net/$IF/address"
finish
