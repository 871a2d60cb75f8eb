#!/bin/sh
# Our driver in place of the C one, set up as a board user does it
# (Documentation/networking/device_drivers/ethernet/freescale/): the module
# matches every device the C driver's aliases match; installed under
# /lib/modules/<version>/updates/ with the C modules under kernel/, depmod
# run and the C drivers blacklisted (packaging/modprobe.d/nxp-rfl.conf),
# modprobe of a port's modalias, as udev runs it, loads ours and the
# interface carries traffic; and a running C driver is swapped for ours
# without a reboot (unbind, driver_override, bind) and back again.
# timeout: 240
. /usr/share/nxp/tests/lib.sh
[ "$NXP_DRIVER" = rust ] || skip "the swap is tested from our driver's side (the C driver's run has nothing to replace)"
case $NXP_MAC in
etsec) C_MODS="fsl_pq_mdio gianfar_driver" C_MAIN=gianfar_driver C_DRV=fsl-gianfar ;;
enet) C_MODS=fec C_MAIN=fec C_DRV=fec ;;
*) skip "unknown controller" ;;
esac
RS=$MODULES
kver=$(uname -r)
L=/lib/modules/$kver
conf=/usr/share/nxp/nxp-rfl.conf
[ -f "$conf" ] || skip "no packaged modprobe.d file in the image"
command -v modprobe > /dev/null && command -v depmod > /dev/null && command -v modinfo > /dev/null ||
	skip "no modprobe, depmod and modinfo here"

# 1. The aliases: every device the C driver's of: aliases match, ours match
# too (an alias with its wildcards filled in, as a device's modalias, is
# matched by one of ours), but for the SoCs fec_rs does not support
# (README, "Status": i.MX25/27/28, Vybrid, S32V234).
NOT_OURS="fsl,imx25-fec fsl,imx27-fec fsl,imx28-fec fsl,mvf600-fec fsl,s32v234-fec"
# (From the module's .modinfo strings: busybox's modinfo takes names only.)
aliases() { tr '\0' '\n' < "$1" | sed -n 's/^alias=\(of:.*\)/\1/p' | sort -u; }
aliases "$MODDIR/$C_MAIN.ko" > /tmp/al.c
aliases "$MODDIR/$RS.ko" > /tmp/al.rs
diag "C $C_MAIN: $(wc -l < /tmp/al.c) of: aliases, $RS: $(wc -l < /tmp/al.rs)"
check "the C driver has of: aliases" test -s /tmp/al.c
ours() { # <modalias>: matched by one of our aliases
	while read -r p; do
		# shellcheck disable=SC2254 # the alias is a glob
		case "$1" in $p) return 0 ;; esac
	done < /tmp/al.rs
	return 1
}
uncovered=
while read -r a; do
	ours "$(echo "$a" | tr '*' x)" && continue
	c=$(echo "$a" | sed -n 's/^of:N[^T]*T[^C]*C\([^C*]*\).*/\1/p')
	case " $NOT_OURS " in *" $c "*) diag "not ours: $a" ;; *) uncovered="$uncovered $a" ;; esac
done < /tmp/al.c
check "every device an alias of $C_MAIN matches, $RS's match too${uncovered:+ (not:$uncovered)}" test -z "$uncovered"

# 2. Installed as a package installs it, the C drivers blacklisted.
unload_driver
for m in $(echo "$C_MODS" | tr ' ' '\n' | sed '1!G;h;$!d'); do loaded "$m" && rmmod "$m"; done
mkdir -p "$L/updates" "$L/kernel/nxp-c" /etc/modprobe.d
cp "$MODDIR/$RS.ko" "$L/updates/"
for m in $C_MODS; do cp "$MODDIR/$m.ko" "$L/kernel/nxp-c/"; done
cp "$conf" /etc/modprobe.d/nxp-rfl.conf
depmod -a
# The ports: the platform devices whose modalias one of ours matches.
# up_traffic <modules> <driver>: netif_up and a ping through that driver.
up_traffic() {
	_m=$MODULES _d=$DRV_NAME
	MODULES=$1 DRV_NAME=$2
	netif_up && link_back
	_r=$?
	MODULES=$_m DRV_NAME=$_d
	return $_r
}
ports=
for d in /sys/bus/platform/devices/*; do
	[ -r "$d/modalias" ] || continue
	a=$(cat "$d/modalias")
	while read -r p; do
		# shellcheck disable=SC2254 # the alias is a glob
		case "$a" in $p) ports="$ports ${d##*/}" && break ;; esac
	done < /tmp/al.rs
done
ports=$(echo $ports)
diag "ports: $ports"
check "ports found by modalias" test -n "$ports"
for p in $ports; do
	modprobe "$(cat /sys/bus/platform/devices/$p/modalias)" 2> /tmp/mp.err || diag "modprobe $p: $(cat /tmp/mp.err)"
done
check "modprobe by modalias loaded $RS" loaded "$RS"
check "and not the blacklisted $C_MAIN" sh -c "! grep -q '^$C_MAIN ' /proc/modules"
check "every port bound to $RS" wait_for 10 all_bound "$ports"
check "interface up, traffic" up_traffic "$RS" "$RS"

# 3. A running C driver swapped for ours and back, without a reboot. Where
# the C driver allows no unbind (the C fec: suppress_bind_attrs), its
# module is removed instead (a C fec built into the kernel cannot give its
# ports up: initcall_blacklist=fec_driver_init at boot, see the manual).
swap() { # <from driver> <to driver>: every port
	for p in $ports; do
		[ -e "/sys/bus/platform/drivers/$1/$p" ] || continue
		if [ -e "/sys/bus/platform/drivers/$1/unbind" ]; then
			echo "$p" > "/sys/bus/platform/drivers/$1/unbind"
		else
			diag "$1 allows no unbind: its module removed"
			for m in $(echo "$C_MODS" | tr ' ' '\n' | sed '1!G;h;$!d'); do loaded "$m" && rmmod "$m"; done
			break
		fi
	done
	for p in $ports; do
		echo "$2" > "/sys/bus/platform/devices/$p/driver_override"
		if [ -e "/sys/bus/platform/drivers/$2/bind" ]; then
			echo "$p" > "/sys/bus/platform/drivers/$2/bind" 2> /dev/null ||
				diag "bind $p to $2 returned an error (a deferred probe is retried)"
		fi
	done
	# A driver without a bind file probes the ports when it loads.
	if [ "$2" = "$C_DRV" ] && [ ! -e "/sys/bus/platform/drivers/$2/bind" ]; then
		for m in $C_MODS; do loaded "$m" || modprobe "$m"; done
	fi
}
bound_to() { # <driver>: every port bound to it
	for p in $ports; do
		[ -e "/sys/bus/platform/drivers/$1/$p" ] || return 1
	done
}
rmmod "$RS"
for m in $C_MODS; do modprobe "$m" || insmod "$L/kernel/nxp-c/$m.ko"; done
check "the C driver bound every port" wait_for 10 bound_to "$C_DRV"
nothing_bound() { [ -z "$(bound_devices)" ]; }
check "$RS loaded beside it, bound to nothing" sh -c "modprobe $RS"
check "(nothing bound to $RS)" nothing_bound
swap "$C_DRV" "$RS"
check "swapped to $RS: every port bound" wait_for 10 bound_to "$RS"
check "$RS: interface up, traffic" up_traffic "$RS" "$RS"
if [ -e "/sys/bus/platform/drivers/$C_DRV/unbind" ]; then
	swap "$RS" "$C_DRV"
	check "swapped back to $C_MAIN: every port bound" wait_for 10 bound_to "$C_DRV"
	check "$C_MAIN: interface up, traffic" up_traffic "$C_MODS" "$C_DRV"
else
	# Back to a C driver without unbind is a reload of its module, which
	# the C fec fails where one port's MDIO bus serves the others (the
	# i.MX6UL; Documentation/design.md): its own module_load run shows it.
	diag "back to $C_MAIN left out: it allows no unbind, so that would be a reload of its module"
fi

# Back to how the other tests expect the machine: no override, nothing
# installed, our driver loaded from the test directory.
for p in $ports; do
	[ -e "/sys/bus/platform/drivers/$C_DRV/$p" ] && [ -e "/sys/bus/platform/drivers/$C_DRV/unbind" ] &&
		echo "$p" > "/sys/bus/platform/drivers/$C_DRV/unbind"
	echo > "/sys/bus/platform/devices/$p/driver_override"
done
rmmod "$RS" 2> /dev/null
for m in $(echo "$C_MODS" | tr ' ' '\n' | sed '1!G;h;$!d'); do loaded "$m" && rmmod "$m"; done
rm -rf "$L/updates" "$L/kernel/nxp-c" /etc/modprobe.d/nxp-rfl.conf
depmod -a
check "$RS loads again from the test directory" netif_up
finish
