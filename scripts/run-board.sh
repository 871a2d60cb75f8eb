#!/bin/sh
# run-board.sh <board> <image.cpio.gz> <kdir> <log> [timeout-s] -- <run.conf lines...>
#
# Boots an emulated board in QEMU inside a network namespace created for this
# run (tap0 = 10.77.0.1/24 on the host side, the guest uses 10.77.0.2/24; an
# iperf3 server and netserver listen on the host side; 10.77.1.1/24 with an
# iperf3 server is the jumbo-frame peer; on the boards with a Debian
# userland scripts/remote-agent.py is the remote end of the kernel's network
# suites), passes run.conf to the
# guest, waits for "NXP-DONE rc=N end", and always cleans up QEMU and the namespace.
# Exit: the guest's rc; 2 on timeout, kernel panic or a guest that died early.
#
# NXP_QEMU_EXTRA: extra QEMU options, appended as words (default none), e.g.
# a TCG plugin (scripts/profile.sh); QEMU then gets up to 10 s after SIGTERM
# to run its exit handlers before it is killed. NXP_TCG_THREAD=single: one
# host thread runs all the guest's cores in turn (QEMU's -accel
# tcg,thread=single) instead of one thread each, for a multi-core board that
# shares the host with another (scripts/test.sh). NXP_VCPUS=<n>: at most n
# emulated cores on a multi-core board (the debug pass: no more QEMU threads
# than the host has CPUs, scripts/test.sh).
set -eu
. "$(dirname "$0")/env.sh"
board_vars "$1"
image=$2 kdir=$3 log=$4 tmo=${5:-600}
shift 5
[ "${1:-}" = -- ] && shift

ns=nxp-$BOARD-$$
work=$(mktemp -d)
qpid=
cleanup() {
	set +e
	# Everything this run started lives in its namespace: QEMU, iperf3, netserver.
	if ip netns list | grep -qw "$ns"; then
		for p in $(ip netns pids "$ns" 2> /dev/null); do kill "$p" 2> /dev/null; done
		if [ -n "${NXP_QEMU_EXTRA:-}" ] && [ -n "$qpid" ]; then
			w=100
			# (`ip netns pids` does not list a QEMU that exited and awaits its wait.)
			while [ $w -gt 0 ] && ip netns pids "$ns" 2> /dev/null | grep -qx "$qpid"; do
				sleep 0.1
				w=$((w - 1))
			done
		fi
		sleep 0.5
		for p in $(ip netns pids "$ns" 2> /dev/null); do kill -9 "$p" 2> /dev/null; done
		ip netns del "$ns" 2> /dev/null
	fi
	[ -n "$qpid" ] && kill -9 "$qpid" 2> /dev/null
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Per-run settings as a second cpio appended to the image.
mkdir -p "$work/root/etc/nxp"
for l in "$@"; do echo "$l"; done > "$work/root/etc/nxp/run.conf"
# The addresses in the format of the kernel's network suites (their
# drivers/net/net.config), which the guest tests read as well (tests/lib.sh).
# The remote end of the suites: scripts/remote-agent.py on the host side of
# the tap, which runs what the guest asks with this run's token.
od -An -tx1 -N16 /dev/urandom | tr -d ' \n' > "$work/token"
chmod 600 "$work/token"
printf '%s\n' "# The test namespace of scripts/run-board.sh." LOCAL_V4=10.77.0.2 REMOTE_V4=10.77.0.1 \
	REMOTE_TYPE=nxp "REMOTE_ARGS=10.77.0.1:7999:$(cat "$work/token")" > "$work/root/etc/nxp/net.config"
(cd "$work/root" && find . | cpio -o -H newc --owner=0:0 --quiet | gzip) > "$work/extra.cpio.gz"
cat "$image" "$work/extra.cpio.gz" > "$work/initrd.cpio.gz"

ip netns add "$ns"
ipn() { ip netns exec "$ns" "$@"; }
ipn ip link set lo up
for t in tap0 tap1; do
	ipn ip tuntap add dev $t mode tap
	ipn ip link set $t up
done
ipn ip addr add 10.77.0.1/24 dev tap0
# Jumbo frames (tests/jumbo.sh) use a second subnet on the same tap: tap0
# takes 9000-byte frames and 10.77.1.0/24 sends them, while the route of
# 10.77.0.0/24 keeps 1500 bytes, so that every other test and the benchmark
# talk to a 1500-byte host (its big ICMP replies come back fragmented).
ipn ip link set tap0 mtu 9000
ipn ip route replace 10.77.0.0/24 dev tap0 proto kernel scope link src 10.77.0.1 mtu 1500
ipn ip addr add 10.77.1.1/24 dev tap0
ipn iperf3 -s -D -B 10.77.0.1 > /dev/null
ipn iperf3 -s -D -B 10.77.1.1 > /dev/null
# A second server for background traffic in robustness tests (port 5202).
ipn iperf3 -s -D -B 10.77.0.1 -p 5202 > /dev/null
ipn netserver -L 10.77.0.1 > /dev/null 2>&1
# The agent serves every board (our own tests send hostile frames through
# it, tests/hostile_frames.sh); the host builds of the suites' helpers only
# where the suites run (the Debian guests).
hostbin=$work/no-helpers
[ -n "$DEB_ARCH" ] && hostbin=$("$NXP_TOP/scripts/build-ksft.sh" host)/bin
# The benchmark's 64-byte receive load (scripts/udp-flood.c), for this
# machine: the agent's commands find it in $NXP_HOST_TOOLS.
mkdir -p "$work/host-tools"
gcc -O2 -Wall -o "$work/host-tools/udp-flood" "$NXP_TOP/scripts/udp-flood.c" ||
	die "building udp-flood failed"
ipn env NXP_TOP="$NXP_TOP" NXP_HOST_TOOLS="$work/host-tools" python3 "$NXP_TOP/scripts/remote-agent.py" 10.77.0.1 7999 \
	"$work/token" "$hostbin" > "$work/agent.log" 2>&1 &

smp=$VCPUS
[ -z "${NXP_VCPUS:-}" ] || [ "$NXP_VCPUS" -ge "$smp" ] || smp=$NXP_VCPUS
case $BOARD in
ppc-e500)
	set -- qemu-system-ppc -M ppce500 -cpu e500v2 -m 512 \
		-kernel "$kdir/vmlinux" -append "console=ttyS0" \
		-netdev tap,id=n0,ifname=tap0,script=no,downscript=no \
		-device eTSEC,netdev=n0,mac=52:54:00:12:34:56
	;;
arm-imx7)
	set -- qemu-system-arm -M mcimx7d-sabre -smp "$smp" -m 512M \
		-kernel "$kdir/$KIMAGE" -dtb "$kdir/$DTB" \
		-append "console=ttymxc0,115200" \
		-nic tap,ifname=tap0,script=no,downscript=no,mac=52:54:00:12:34:57 \
		-nic tap,ifname=tap1,script=no,downscript=no,mac=52:54:00:12:34:58
	;;
arm-imx6ul)
	# One Cortex-A7. The first -nic is ENET1 (fec1, its PHY at 2 on
	# ENET2's MDIO bus), on tap1; the second ENET2 (fec2, PHY 1), the
	# port under test, on tap0.
	set -- qemu-system-arm -M mcimx6ul-evk -m 512M \
		-kernel "$kdir/$KIMAGE" -dtb "$kdir/$DTB" \
		-append "console=ttymxc0,115200" \
		-nic tap,ifname=tap1,script=no,downscript=no,mac=52:54:00:12:34:59 \
		-nic tap,ifname=tap0,script=no,downscript=no,mac=52:54:00:12:34:5a
	;;
arm64-imx8mp)
	# Four Cortex-A53 (or NXP_VCPUS), ENET1 only (EQOS is not emulated); the console is
	# UART2. The device tree as QEMU's documentation of the machine asks
	# (kernel/dts/imx8mp-evk-qemu.sh).
	dtb=$work/imx8mp-evk-qemu.dtb
	"$NXP_TOP/kernel/dts/imx8mp-evk-qemu.sh" "$kdir" "$kdir/$DTB" "$dtb"
	set -- qemu-system-aarch64 -M imx8mp-evk -smp "$smp" -m 1G \
		-kernel "$kdir/$KIMAGE" -dtb "$dtb" \
		-append "console=ttymxc1,115200" -serial null -serial mon:stdio \
		-nic tap,ifname=tap0,script=no,downscript=no,mac=52:54:00:12:34:5b
	;;
esac
[ -z "${NXP_TCG_THREAD:-}" ] || set -- "$@" -accel "tcg,thread=$NXP_TCG_THREAD"
# `ip netns exec` execs QEMU, so $! is QEMU itself.
# shellcheck disable=SC2086 # NXP_QEMU_EXTRA is a list of words
ip netns exec "$ns" "$@" ${NXP_QEMU_EXTRA:-} -initrd "$work/initrd.cpio.gz" -nographic -no-reboot < /dev/null > "$log" 2>&1 &
qpid=$!

start=$(date +%s)
rc=2
while :; do
	# (The console arrives a byte at a time: wait for the whole line.)
	if grep -qE "^NXP-DONE rc=[0-9]+ end" "$log" 2> /dev/null; then
		rc=$(sed -n 's/^NXP-DONE rc=\([0-9]*\).*/\1/p' "$log" | tail -1)
		break
	fi
	if grep -qE "Kernel panic - not syncing|Rebooting in" "$log"; then
		sleep 2
		printf "\nNXP-HOST: %s\n" "kernel panic" >> "$log"
		break
	fi
	if ! kill -0 "$qpid" 2> /dev/null; then
		st=0
		wait "$qpid" || st=$?
		qpid=
		printf "\nNXP-HOST: %s\n" "QEMU exited (status $st) before the guest finished" >> "$log"
		break
	fi
	if [ $(($(date +%s) - start)) -ge "$tmo" ]; then
		printf "\nNXP-HOST: %s\n" "timeout after $tmo s (guest hung?)" >> "$log"
		break
	fi
	sleep 1
done
exit "$rc"
