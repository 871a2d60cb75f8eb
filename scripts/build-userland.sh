#!/bin/sh
# build-userland.sh <board|host>
#
# The guest userland of a board. ARM boards get Debian's own binaries
# (scripts/build-rootfs.sh). The ppce500 has none (Debian has no 32-bit
# powerpc), so its tools are cross-built here, statically, from Debian
# source packages (a foreign dpkg architecture is not allowed): busybox,
# iproute2's `ip`, ethtool, iperf3, netperf/netserver. "host" builds
# netperf/netserver for the host side (Debian packages netperf only from
# trixie, linked against a newer glibc).
# Prints the directory holding bin/ (or root.tar) on success. Cached by
# source versions + this script.
set -eu
. "$(dirname "$0")/env.sh"
target=${1:?usage: build-userland.sh <board|host>}
JOBS=${JOBS:-$(nproc)}

# Debian source packages. The mirror reachable here lacks some source files
# (iperf3's and libmnl's tarballs, netperf's .dsc), so: busybox, iproute2 and
# ethtool come whole from bookworm; netperf from trixie's orig + debian tarballs;
# iperf3 from its orig tarball in Debian's pool, pinned by hash. ethtool is
# built without netlink (libmnl's source is missing); its ioctl interface
# covers -i/-k/-c/-C/-g/-G/-S/-d/-a/-A/-s.
BUSYBOX=busybox/bookworm
IPROUTE2=iproute2/bookworm
ETHTOOL=ethtool/bookworm
NETPERF=netperf/trixie
IPERF3_URL=$(debian_archive_uri)/pool/main/i/iperf3/iperf3_3.20.orig.tar.gz
IPERF3_SHA256=84640ea0f43831850434e50134d0554b7a94f97fb02e2488ffbe252c9fb05a56

# fetch_src <pkg/suite>: unpack a Debian source package once; print its directory.
# Works without the .dsc: unpacks the orig tarball and applies debian/patches.
fetch_src() {
	pkg=${1%/*}
	d=$NXP_CACHE/src/deb-$pkg
	if [ ! -f "$d/.done" ]; then
		rm -rf "$d" && mkdir -p "$d/dl"
		(cd "$d/dl" && apt-get source -q --download-only "$1" > /dev/null 2>&1) || true
		orig=$(ls "$d"/dl/*.orig.tar.* 2> /dev/null | grep -v '\.asc$' | head -1)
		deb=$(ls "$d"/dl/*.debian.tar.* 2> /dev/null | head -1)
		[ -n "$orig" ] && [ -n "$deb" ] || { echo "apt-get source $1: tarballs missing" >&2; return 1; }
		mkdir -p "$d/x" && tar -xf "$orig" -C "$d/x"
		mv "$d"/x/* "$d/src" && rmdir "$d/x"
		tar -xf "$deb" -C "$d/src"
		if [ -f "$d/src/debian/patches/series" ]; then
			grep -v '^#' "$d/src/debian/patches/series" | while read -r p _; do
				[ -n "$p" ] && patch -s -d "$d/src" -p1 < "$d/src/debian/patches/$p"
			done
		fi
		touch "$d/.done"
	fi
	echo "$d/src"
}

fetch_iperf3() {
	d=$NXP_CACHE/src/iperf3
	if [ ! -f "$d/.done" ]; then
		rm -rf "$d" && mkdir -p "$d"
		curl -fsSL -o "$d/iperf3.tar.gz" "$IPERF3_URL" || { echo "download of $IPERF3_URL failed" >&2; return 1; }
		echo "$IPERF3_SHA256  $d/iperf3.tar.gz" | sha256sum -c --quiet - >&2 || return 1
		tar -xzf "$d/iperf3.tar.gz" -C "$d" && mv "$d"/iperf-* "$d/src"
		touch "$d/.done"
	fi
	echo "$d/src"
}

# src <fetcher> <args>: like $(...) but fails the script when fetching fails.
src() { "$@" > /tmp/nxp-src.$$ || die "fetching source ($*) failed"; cat /tmp/nxp-src.$$; rm -f /tmp/nxp-src.$$; }

build_netperf() { # <builddir> <configure --host args...>
	b=$1; shift
	n=$(src fetch_src $NETPERF)
	rm -rf "$b" && cp -a "$n" "$b"
	# The Debian tarball carries old autotools output; regenerate for cross builds.
	(cd "$b" && autoreconf -fi -I src/missing/m4 > /dev/null 2>&1) || die "netperf: autoreconf failed"
	(cd "$b" && ./configure -q --enable-demo "$@" ac_cv_func_setpgrp_void=yes > /dev/null &&
		make -s -j"$JOBS" CFLAGS="-O2 -fcommon -w" > /dev/null)
}

if [ "$target" = host ]; then
	mkdir -p "$NXP_CACHE/build"
	b=$NXP_CACHE/build/netperf-host
	build_netperf "$b"
	install -m755 "$b/src/netperf" "$b/src/netserver" "$NXP_TOOLS/bin/"
	echo "$NXP_TOOLS"
	exit 0
fi

board_vars "$target"
[ -z "$DEB_ARCH" ] || exec "$NXP_TOP/scripts/build-rootfs.sh" "$target"
key=$(cat "$0" | sha256sum | cut -c1-12)
out=$NXP_CACHE/userland/$ARCH-$key
if [ -f "$out/.done" ]; then echo "$out"; exit 0; fi
log=$NXP_CACHE/userland/$ARCH-$key.log
mkdir -p "$out/bin" "$NXP_CACHE/build"
B=$NXP_CACHE/build/userland-$ARCH
rm -rf "$B" && mkdir -p "$B"
step "cross-building guest userland for $ARCH (log: $log)" >&2
export CC=${CROSS}gcc AR=${CROSS}ar RANLIB=${CROSS}ranlib STRIP=${CROSS}strip
build_all() {
	# busybox: Debian's static configuration.
	bb=$(src fetch_src $BUSYBOX)
	mkdir -p "$B/busybox"
	# Run PATH programs (iproute2's ip) rather than same-named applets.
	sed -e 's/^CONFIG_FEATURE_PREFER_APPLETS=y/# CONFIG_FEATURE_PREFER_APPLETS is not set/' \
		-e 's/^CONFIG_FEATURE_SH_STANDALONE=y/# CONFIG_FEATURE_SH_STANDALONE is not set/' \
		"$bb/debian/config/pkg/static" > "$B/busybox/.config"
	{ yes "" || true; } | make -s -C "$bb" O="$B/busybox" CROSS_COMPILE=$CROSS oldconfig > /dev/null
	make -s -C "$bb" O="$B/busybox" CROSS_COMPILE=$CROSS -j"$JOBS"
	install -m755 "$B/busybox/busybox" "$out/bin/"

	# ethtool (ioctl interface).
	cp -a "$(src fetch_src $ETHTOOL)" "$B/ethtool"
	(cd "$B/ethtool" && ./configure -q --host=$GNU_HOST --disable-netlink LDFLAGS=-static &&
		make -s -j"$JOBS")
	install -m755 "$B/ethtool/ethtool" "$out/bin/"

	# iperf3
	cp -a "$(src fetch_iperf3)" "$B/iperf3"
	(cd "$B/iperf3" && ./configure -q --host=$GNU_HOST --disable-shared --enable-static \
		--enable-static-bin --without-openssl --without-sctp &&
		make -s -j"$JOBS")
	install -m755 "$B/iperf3/src/iperf3" "$out/bin/"

	# iproute2: only ip(8).
	cp -a "$(src fetch_src $IPROUTE2)" "$B/iproute2"
	(cd "$B/iproute2" && PKG_CONFIG=false ./configure > /dev/null &&
		make -s -j"$JOBS" SUBDIRS="lib ip" LDFLAGS=-static SHARED_LIBS=n CC="$CC" AR="$AR")
	install -m755 "$B/iproute2/ip/ip" "$out/bin/"

	# netperf / netserver
	build_netperf "$B/netperf" --host=$GNU_HOST LDFLAGS=-static
	install -m755 "$B/netperf/src/netperf" "$B/netperf/src/netserver" "$out/bin/"

	$STRIP "$out"/bin/* 2> /dev/null || true
}
# Not "build_all || ...": that would switch off set -e inside it.
set +e
(set -e; build_all) > "$log" 2>&1
rc=$?
set -e
[ $rc = 0 ] || { tail -40 "$log" >&2; die "userland build for $ARCH failed (see $log)"; }
for f in "$out"/bin/*; do
	file "$f" | grep -q "statically linked" || die "$f is not static"
done
touch "$out/.done"
echo "$out"
