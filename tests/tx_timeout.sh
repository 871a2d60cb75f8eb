#!/bin/sh
# Robustness: a transmitter that stops (simulated through our drivers'
# debugfs knob `stall_tx`: no doorbells) fills BQL, the stack's watchdog
# reports a Tx timeout, the driver resets and traffic recovers by itself.
# timeout: 90
. /usr/share/nxp/tests/lib.sh
[ "$NXP_DRIVER" = rust ] || skip "the C drivers have no way to stall their transmitter"
check "interface up" netif_up
IF=$(netif)
knob=$(ls -d /sys/kernel/debug/${MODULES}-*/stall_tx 2> /dev/null | head -1)
[ -n "$knob" ] || skip "no debugfs knob (CONFIG_DEBUG_FS off?)"
timeouts() { dmesg | grep -c "$IF.*transmit queue 0 timed out"; }
t0=$(timeouts)
# UDP at a fixed rate fills BQL's budget (or the ring) once the doorbells
# stop; TCP would wait for ACKs with less in flight than BQL allows.
iperf3 -c $HOST_IP -p 5202 -u -b 200M -t 20 > /tmp/iperf.out 2>&1 &
pid=$!
sleep 2
echo 1 > $knob
fired() { [ $(timeouts) -gt $t0 ]; }
check "watchdog reported a Tx timeout" wait_for 20 fired
dmesg | grep "$IF.*timed out\|Tx timeout\|Tx stall" | tail -3 | sed 's/^/# /'
cleared() { [ "$(cat $knob)" = 0 ]; }
check "the reset ended the stall" wait_for 10 cleared
check "carrier up after the reset" wait_for 15 carrier_up $IF
wait_for 10 ping -c 1 -W 1 $HOST_IP
tx0=$(cat /sys/class/net/$IF/statistics/tx_packets)
sleep 3
tx1=$(cat /sys/class/net/$IF/statistics/tx_packets)
diag "tx_packets over 3 s after the reset: $((tx1 - tx0))"
check "the UDP stream resumed" test $((tx1 - tx0)) -gt 100
kill $pid 2> /dev/null
wait $pid 2> /dev/null
# Never leave the transmitter stalled for the tests that follow.
echo 0 > $knob
check "traffic after the reset" ping -c 3 -W 3 $HOST_IP
finish
