#!/bin/sh
# Allocation failures injected site by site (the kernel's fail-nth, through
# scripts/guest/failnth.c) into the driver's probe of each port, bringing the
# interface up, an MTU change that rebuilds the Rx rings and a ring change:
# each injected call succeeds or fails with an errno and leaves the old
# state or exactly the new one; afterwards a normal load binds every port,
# the interface comes up and carries traffic, and kmemleak finds nothing
# of the driver's. Needs the debug kernels (fail-nth, failslab,
# fail_page_alloc, kmemleak).
# timeout: 900
# alloc-warnings: expected
. /usr/share/nxp/tests/lib.sh
[ -e /proc/self/fail-nth ] && [ -d /sys/kernel/debug/failslab ] && [ -d /sys/kernel/debug/fail_page_alloc ] ||
	skip "no fail-nth, failslab or fail_page_alloc (the debug kernels have them)"
mod=${MODULES##* }
ko=$MODDIR/$mod.ko
[ -f "$ko" ] || skip "no $ko to load by path"
check "interface up" netif_up
IF=$(netif)
ports=$(bound_list)
diag "$mod: ports $ports"
KL=/sys/kernel/debug/kmemleak
# What leaked before the walk is reported by this scan and then cleared.
[ -w $KL ] && echo scan > $KL && echo clear > $KL
walk() { # <description> <failnth args...>
	wd=$1
	shift
	failnth "$@" > /tmp/walk.out 2>&1
	wrc=$?
	cat /tmp/walk.out
	check "$wd: every injected failure handled" test $wrc = 0
}
# The walk over each port's probe (a bind of the device to the loaded
# driver; FAULT_WALK_LOAD=1: always, 0: never, insmod: over the module load
# instead) runs by default where the machine's platform code registers no
# PHY fixups (see below: i.MX6Q/DL and i.MX7D do; there FAULT_WALK_LOAD=1
# reaches the kernel's bug). On the i.MX7D it found a probe
# of fec1 that failed after registering its MDIO bus while fec2 bound a PHY
# on that bus from the deferred-probe work, keeping it after the bus was
# freed (a device-link WARNING, then a use-after-free Oops at unload): a PHY
# on another device's bus is now used only once that device has bound
# (netdev/shim_net.c, nxp_link_bus_owner). The walk also reaches a bug of
# the kernel's own: phylib's phy_device_create() ignores a failed
# dev_set_name(), and where platform code has registered PHY fixups
# (mach-imx7d.c, i.MX7D) phy_scan_fixups() then dereferences the NULL name.
# A walk over the module load (FAULT_WALK_LOAD=insmod) reaches the kernel's
# module loader too: on 32-bit ARM a failed allocation in
# unwind_table_add() Oopses in module_finalize(), which does not check it
# (arch/arm/kernel/module.c; seen 2026-12-05 on the i.MX6UL), and a failed
# one in jump_label_add_module() WARNs by design ("jump_label may not work
# properly") and again in its clean-up (seen 2026-12-04 on the i.MX8M
# Plus); tests/run.sh counts those among the allocation warnings. The
# probe walk leaves the loader out: the module is loaded first. Through the
# MDIO bus a probe registers, the walk reaches the SMSC PHY driver's probe
# (the QEMU boards' PHY): when its devm_clk_get_optional_enabled_with_rate()
# fails after getting no clock (none in the device tree), the clock code
# puts the absent clock back and WARNs twice (devm_clk_match(),
# devm_clk_put(); drivers/clk/clk-devres.c; seen 2026-12-07 on the i.MX8M
# Plus); tests/run.sh counts those among the allocation warnings too.
if [ -z "${FAULT_WALK_LOAD:-}" ]; then
	FAULT_WALK_LOAD=1
	# (mach-imx7d.c and mach-imx6q.c register fixups for these machines.)
	tr '\0' '\n' < /proc/device-tree/compatible 2> /dev/null |
		grep -qxE 'fsl,imx7d|fsl,imx6q|fsl,imx6dl' && FAULT_WALK_LOAD=0
fi
DRV=/sys/bus/platform/drivers/$DRV_NAME
case $FAULT_WALK_LOAD in
insmod)
	check "unloaded" unload_driver
	walk "module load and probe" insmod "$ko" "$mod"
	check "a normal load binds every port ($ports)" load_driver
	;;
1)
	# One port at a time, the others bound (a port may use the PHY on
	# another's MDIO bus; unbinding that one unbinds it too).
	bind_all() { for b in $ports; do [ -e "$DRV/$b" ] || echo "$b" > $DRV/bind; done; }
	for p in $ports; do
		bind_all
		echo "$p" > $DRV/unbind
		walk "probe of $p" bind "$DRV_NAME" "$p"
	done
	bind_all
	;;
*)
	diag "probe walk left out: the platform registers PHY fixups, whose kernel bug the walk reaches (FAULT_WALK_LOAD=1: run it anyway)"
	;;
esac
check "every port bound ($ports)" wait_for 10 all_bound "$ports"
wait_for 10 netif > /dev/null
IF=$(netif)
ip addr replace $GUEST_IP/24 dev "$IF"
ip link set "$IF" down
walk "interface up" up "$IF"
ip link set "$IF" up
check "carrier up, traffic" link_back
max=$(ip -d link show "$IF" | sed -n 's/.*maxmtu \([0-9]*\).*/\1/p')
mtu=1800
[ "${max:-0}" -lt $mtu ] && mtu=${max:-1400}
[ "$mtu" -gt 1500 ] || mtu=1400
walk "MTU 1500 -> $mtu" mtu "$IF" $mtu
set -- $(ethtool -g "$IF" | awk '/^Current/ { c = 1 } c && ($1 == "TX:" || $1 == "RX:") { print $2 }')
txmax=$(ethtool -g "$IF" | awk '$1 == "TX:" { print $2; exit }')
diag "rings RX ${1:-?} TX ${2:-?}, TX at most ${txmax:-?}"
tx=512
[ "${txmax:-0}" -lt 1024 ] && tx=128
walk "ring change to TX $tx, RX 128" rings "$IF" $tx 128
check "carrier up, traffic afterwards" link_back
check "ping afterwards" ping -c 3 -W 3 $HOST_IP
tcp_xfer tcp_after 3
if [ -w $KL ]; then
	# Objects younger than 5 s are not reported yet.
	sleep 6
	echo scan > $KL
	awk -v m="$mod" '/^unreferenced object/ { if (b != "") print b; b = $0; next } { b = b "\n" $0 }
		END { if (b != "") print b }' $KL > /tmp/leaks
	n=$(grep -c '^unreferenced object' /tmp/leaks)
	ours=$(grep -c -E "\[$mod\]|page_pool|alloc_netdev|napi" /tmp/leaks)
	diag "kmemleak: $n unreferenced objects since the walk began, $ours lines of them naming $mod, page_pool, netdev or NAPI allocations"
	[ "$ours" = 0 ] || head -40 /tmp/leaks | sed 's/^/#   /'
	check "kmemleak: none of the driver's" test "$ours" = 0
fi
finish
