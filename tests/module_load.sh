#!/bin/sh
# Module load, bind by device-tree compatible, unload: the driver binds to the
# board's controller, reports what it found, and leaves nothing behind.
# timeout: 120
. /usr/share/nxp/tests/lib.sh

unload_driver
check "driver not bound before load" test -z "$(bound_devices)"
check "insmod $MODULES" load_driver
check "platform device bound to $DRV_NAME" wait_for 10 some_bound
# The port under test, whose probe may wait for another port's MDIO bus.
check "interface of the tested port registered" wait_for 10 netif
# (Another port may still be probing: let the list settle.)
sleep 1
first=$(bound_list)
diag "bound: $first"
dmesg | sed 's/^/#   /' | tail -12
if [ "$NXP_DRIVER" = rust ]; then
	# Our probe logs the mapped register window, the IRQs and the MAC address.
	check "probe logged register window" sh -c "dmesg | grep -E '$DRV_NAME.*regs'"
	check "probe logged IRQs" sh -c "dmesg | grep -E '$DRV_NAME.*irq'"
	check "probe logged MAC" sh -c "dmesg | grep -iE '$DRV_NAME.*mac [0-9a-f]{2}(:[0-9a-f]{2}){5}'"
fi
check "rmmod" unload_driver
check "driver unbound after rmmod" test -z "$(bound_devices)"
check "driver directory gone" test ! -e /sys/bus/platform/drivers/$DRV_NAME
# Every port comes back on each reload (a port whose MDIO bus or PHY was
# left registered would fail its next probe).
# (After a failed cycle the next would only wait out the same timeouts.)
for i in 1 2 3; do
	before=$FAILED FAILED=0
	check "reload cycle $i: $first bound again" sh -c ". /usr/share/nxp/tests/lib.sh;
		load_driver && wait_for 10 netif && wait_for 10 all_bound '$first' && unload_driver"
	[ $FAILED = 0 ] || break
	FAILED=$before
done
finish
