#!/bin/sh
# Safety: an IRQ handle leaked with `mem::forget` (safe Rust) must not
# outlive its device. Our drivers' debugfs knob `leak_irqs` makes the next
# release of the interface's IRQ handles (its close, here) forget them
# instead of freeing them: the lines stay requested while the interface is
# down. Unloading the driver must then keep the lines from the freed driver
# state and free them with the device (the log names each line), so that
# the driver loads again, requests the same lines and passes traffic. The
# runner checks the kernel log for splats (KASAN on the debug kernels of
# the ARM boards).
# timeout: 120
. /usr/share/nxp/tests/lib.sh
[ "$NXP_DRIVER" = rust ] || skip "the C drivers' IRQs are not Rust values"
check "interface up" netif_up
IF=$(netif)
knob=$(dbgdir)/leak_irqs
[ -e "$knob" ] || skip "no debugfs knob (CONFIG_DEBUG_FS off?)"
# The IRQ numbers of our drivers' lines in /proc/interrupts (their names end
# the line; fec_rs's PPS line, requested at probe, is left out), all ports.
ours() { awk '$NF ~ /^(fec_rs|gianfar_rs_(tx|rx|err))$/ { sub(":", "", $1); print $1 }' /proc/interrupts | sort -n | tr '\n' ' '; }
nlines() { echo $1 | wc -w; }
all_up=$(ours)
# A plain close frees the interface's own lines: which they are.
check "down" ip link set $IF down
others=$(ours)
check "up again" netif_up
mine=$(nlines "$all_up")
mine=$((mine - $(nlines "$others")))
diag "lines of $IF: $mine (all ports, $IF up: $all_up; $IF down: ${others:-none})"
check "the interface's close frees its lines" test "$mine" -gt 0
echo 1 > $knob
check "down, its IRQ handles leaked" ip link set $IF down
diag "lines with $IF down now: $(ours)"
check "the knob was taken by the close" test "$(cat $knob)" = 0
check "the leaked lines stay requested" test "$(ours)" = "$all_up"
check "unload" unload_driver
freed=$(dmesg | grep -c "IRQ [0-9]* leaked by the driver: freed")
diag "lines freed as leaked: $freed"
check "the release freed and logged each leaked line" test "$freed" = "$mine"
# (A line with no handler left is not listed.)
left=
for i in $all_up; do
	grep -q "^ *$i:" /proc/interrupts && left="$left $i"
done
check "none of the lines is left requested${left:+ (left:$left)}" test -z "$left"
check "reload and bring up" netif_up
check "the interface's lines are requested again" test "$(nlines "$(ours)")" -ge "$mine"
check "traffic afterwards" ping -c 3 -W 3 $HOST_IP
finish
