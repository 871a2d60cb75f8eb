#!/bin/sh
# mkinitramfs.sh <board> <kdir> <rust-module-dir> <userland-dir> <out.cpio.gz>
#
# Guest root file system: the board's userland (a Debian tree, or busybox
# and the static tools: ip, ethtool, iperf3, netperf), ppstat, the C
# baseline modules from the kernel build, our Rust modules, tests/ and, with
# a Debian userland, the kernel's network suites (scripts/build-ksft.sh). Per-run settings are appended by run-board.sh as a second cpio.
set -eu
. "$(dirname "$0")/env.sh"
board_vars "$1"
kdir=$2 rsdir=$3 ul=$4 out=$5
r=$(mktemp -d)
trap 'rm -rf "$r"' EXIT
if [ -f "$ul/root.tar" ]; then
	# A Debian userland (scripts/build-rootfs.sh), merged /usr as Debian
	# has it; busybox gives /bin/sh and the applets no package brings.
	tar -xf "$ul/root.tar" -C "$r" --exclude=./dev
	for d in bin sbin lib; do
		rm -rf "${r:?}/$d" && ln -s usr/$d "$r/$d"
	done
	[ -e "$r/usr/bin/sh" ] || ln -s busybox "$r/usr/bin/sh"
	mkdir -p "$r"/etc/nxp "$r"/usr/lib/modules/nxp "$r"/usr/share/nxp/tests "$r"/proc \
		"$r"/sys "$r"/dev "$r"/tmp "$r"/root
else
	mkdir -p "$r"/bin "$r"/sbin "$r"/usr/bin "$r"/usr/sbin "$r"/etc/nxp "$r"/lib/modules/nxp \
		"$r"/usr/share/nxp/tests "$r"/proc "$r"/sys "$r"/dev "$r"/tmp "$r"/root
	install -m755 "$ul/bin/busybox" "$r/bin/busybox"
	ln -s busybox "$r/bin/sh"
	for t in ip ethtool; do install -m755 "$ul/bin/$t" "$r/usr/sbin/"; done
	for t in iperf3 netperf netserver; do install -m755 "$ul/bin/$t" "$r/usr/bin/"; done
fi
# ppstat: the page_pool netlink dump the leak test reads (one small C file).
${CROSS}gcc -static -O2 -Wall -o "$r/usr/sbin/ppstat" "$NXP_TOP/scripts/guest/ppstat.c" ||
	die "building ppstat failed"
# failnth: allocation failures injected site by site (tests/fault_walk.sh).
${CROSS}gcc -static -O2 -Wall -o "$r/usr/sbin/failnth" "$NXP_TOP/scripts/guest/failnth.c" ||
	die "building failnth failed"
# xdpload: XDP programs attached in driver mode without libbpf (tests/xdp.sh).
${CROSS}gcc -static -O2 -Wall -o "$r/usr/sbin/xdpload" "$NXP_TOP/scripts/guest/xdpload.c" ||
	die "building xdpload failed"
# txtstamp: software and hardware timestamps through the socket API, and the
# hardware timestamping configuration (tests/tx_timestamp.sh, tests/ptp.sh).
${CROSS}gcc -static -O2 -Wall -o "$r/usr/sbin/txtstamp" "$NXP_TOP/scripts/guest/txtstamp.c" ||
	die "building txtstamp failed"
# phc: a PTP hardware clock read, set, stepped and tuned (tests/ptp.sh).
${CROSS}gcc -static -O2 -Wall -o "$r/usr/sbin/phc" "$NXP_TOP/scripts/guest/phc.c" ||
	die "building phc failed"
install -m755 "$NXP_TOP/scripts/guest/init" "$r/init"
install -m755 "$NXP_TOP/scripts/guest/demo.sh" "$r/usr/share/nxp/demo.sh"
install -m755 "$NXP_TOP/scripts/guest/bench.sh" "$r/usr/share/nxp/bench.sh"
install -m755 "$NXP_TOP/scripts/guest/profile.sh" "$r/usr/share/nxp/profile.sh"
cp "$NXP_TOP"/tests/*.sh "$NXP_TOP"/tests/upstream.* "$r/usr/share/nxp/tests/"
# The packages' modprobe.d file, which tests/autoload.sh installs.
install -m644 "$NXP_TOP/packaging/modprobe.d/nxp-rfl.conf" "$r/usr/share/nxp/nxp-rfl.conf"
# The kernel's network driver suites, where the guest has python3.
if [ -n "$DEB_ARCH" ]; then
	ks=$("$NXP_TOP/scripts/build-ksft.sh" "$BOARD")
	mkdir -p "$r/usr/share/nxp/ksft" && cp -a "$ks/linux" "$r/usr/share/nxp/ksft/"
	# Our remote type: the test namespace's host end (scripts/remote-agent.py).
	install -m644 "$NXP_TOP/tests/ksft/remote_nxp.py" \
		"$r/usr/share/nxp/ksft/linux/tools/testing/selftests/drivers/net/lib/py/"
fi
mkdir -p "$r/var/run"
for m in $C_DRIVER; do
	f=$(find "$kdir/drivers" -name "$m.ko" | head -1)
	[ -n "$f" ] || die "C module $m.ko not found in $kdir"
	cp "$f" "$r/lib/modules/nxp/"
done
cp "$kdir/samples/rust/rust_minimal.ko" "$r/lib/modules/nxp/"
# The busybox images get the kernel's 802.1Q module beside them
# (tests/vlan.sh loads it; the Debian ones get every module below).
if [ -z "$DEB_ARCH" ] && [ -e "$kdir/net/8021q/8021q.ko" ]; then
	cp "$kdir/net/8021q/8021q.ko" "$r/lib/modules/nxp/"
fi
# The kernel's other modules (qdiscs, VLAN, MACsec: what the tests load
# with modprobe), except the Ethernet drivers under test, which the tests
# load themselves from the directory above.
if [ -n "$DEB_ARCH" ]; then
	make -s -C "$kdir" $KARGS $(kdir_kargs "$kdir") INSTALL_MOD_PATH="$r/usr" INSTALL_MOD_STRIP=1 modules_install > /dev/null ||
		die "modules_install failed"
	kver=$(cat "$kdir/include/config/kernel.release")
	rm -rf "$r/usr/lib/modules/$kver/kernel/drivers/net/ethernet/freescale" \
		"$r/usr/lib/modules/$kver/build" "$r/usr/lib/modules/$kver/source"
	depmod -b "$r/usr" "$kver"
fi
for f in "$rsdir"/*.ko; do [ -e "$f" ] && cp "$f" "$r/lib/modules/nxp/"; done
echo "root:x:0:0:root:/root:/bin/sh" > "$r/etc/passwd"
echo "root:x:0:" > "$r/etc/group"
printf '127.0.0.1 localhost\n10.77.0.1 host\n' > "$r/etc/hosts"
(cd "$r" && find . | LC_ALL=C sort | cpio -o -H newc --owner=0:0 --quiet | gzip -6) > "$out"
