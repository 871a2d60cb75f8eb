#!/bin/sh
# Safety: an IRQ handle leaked with `mem::forget` (safe Rust) must not
# outlive its device. Our drivers' debugfs knob `leak_irqs` makes the next
# close forget its IRQ handles instead of freeing them: the lines stay
# requested while the device is down. Unloading the driver must then detach
# the freed driver state from them and free them with the device (the log
# names each line), so that the driver loads again, requests the same lines
# and passes traffic. The runner checks the kernel log for splats (KASAN on
# the debug kernels of the ARM boards).
# timeout: 120
. /usr/share/nxp/tests/lib.sh
[ "$NXP_DRIVER" = rust ] || skip "the C drivers' IRQs are not Rust values"
check "interface up" netif_up
IF=$(netif)
knob=$(dbgdir)/leak_irqs
[ -e "$knob" ] || skip "no debugfs knob (CONFIG_DEBUG_FS off?)"
# Our drivers' lines in /proc/interrupts (their names end the line; fec_rs's
# PPS line, requested at probe, is left out).
ours() { awk '$NF ~ /^(fec_rs|gianfar_rs_(tx|rx|err))$/' /proc/interrupts | wc -l; }
up=$(ours)
diag "$up lines requested with $IF up"
check "the driver's lines are requested" test "$up" -gt 0
echo 1 > $knob
check "down" ip link set $IF down
down=$(ours)
diag "$down lines requested with $IF down, its handles leaked"
check "the knob was taken by the close" test "$(cat $knob)" = 0
check "the leaked lines stay requested" test "$down" = "$up"
check "unload" unload_driver
freed=$(dmesg | grep -c "IRQ [0-9]* leaked by the driver: freed")
diag "lines freed as leaked: $freed"
check "the release logged the leaked lines" test "$freed" -ge 1
check "no line of ours is left requested" test "$(ours)" = 0
check "reload and bring up" netif_up
check "the lines are requested again" test "$(ours)" -ge "$up"
check "traffic afterwards" ping -c 3 -W 3 $HOST_IP
finish
