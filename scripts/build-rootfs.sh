#!/bin/sh
# build-rootfs.sh <board>
#
# The Debian userland of an ARM guest (armhf or arm64): the packages below
# from the Debian archive this machine uses (trixie), unpacked by mmdebstrap's
# "extract" variant into a tarball. Nothing runs in the foreign architecture
# and the host gets no foreign dpkg architecture: mmdebstrap keeps its own
# apt state, and no maintainer script is run (none of these packages needs
# one to work from an initramfs). scripts/mkinitramfs.sh puts the tree under
# the guest's / and adds the project's own files. Prints the directory
# holding root.tar. Cached, keyed by this script (the package list).
set -eu
. "$(dirname "$0")/env.sh"
board_vars "${1:?usage: build-rootfs.sh <board>}"
[ -n "$DEB_ARCH" ] || die "$BOARD has no Debian userland (its image is cross-built: build-userland.sh)"

SUITE=trixie
# What our tests and the kernel's network suites run: busybox for the small
# tools and /init, bash and coreutils (kselftest's runner wants
# `timeout --foreground`), python3 with PyYAML (the YNL library of the
# suites), ethtool with netlink and JSON output, iproute2 with JSON,
# iputils' ping (the suites use its options), the traffic tools, jq, bpftool
# and kmod.
NEWER=forky
PKGS="busybox bash coreutils python3 python3-yaml ethtool/$NEWER iproute2 iputils-ping iperf3 netperf socat jq bpftool kmod"

key=$(cat "$0" | sha256sum | cut -c1-12)
out=$NXP_CACHE/rootfs/$DEB_ARCH-$key
if [ -f "$out/.done" ]; then echo "$out"; exit 0; fi
uri=$(debian_archive_uri) || die "no Debian archive in this machine's apt sources"
command -v mmdebstrap > /dev/null || die "mmdebstrap missing (scripts/setup.sh installs it)"
rm -rf "$out" && mkdir -p "$out"
step "Debian $SUITE userland for $DEB_ARCH (log: $out/build.log)" >&2
# Everything from trixie but ethtool, which comes from forky (Debian's
# testing suite, pinned below trixie: only what is asked for by name comes
# from it): trixie's 6.14 has no JSON output for `ethtool -l`, which the
# suites read. The archive's testing Release file carries a Valid-Until date
# that a mirror snapshot may be past; that check is off for this build.
mmdebstrap --variant=extract --arch="$DEB_ARCH" --include="$(echo $PKGS | tr ' ' ,)" \
	--aptopt="APT::Default-Release \"$SUITE\"" --aptopt='Acquire::Check-Valid-Until "false"' \
	"$SUITE" "$out/raw.tar" "deb $uri $SUITE main" "deb $uri $NEWER main" > "$out/build.log" 2>&1 ||
	{ tail -30 "$out/build.log" >&2; die "mmdebstrap for $DEB_ARCH failed"; }
# What a guest never reads (documentation, translations, iconv modules, PAM,
# Python's own tests) stays out of the image: half its size.
t=$out/tree
mkdir -p "$t"
tar -xf "$out/raw.tar" -C "$t" --exclude=./dev --exclude=./usr/share/doc --exclude=./usr/share/man \
	--exclude=./usr/share/info --exclude=./usr/share/locale --exclude=./usr/share/lintian \
	--exclude='./usr/lib/*/gconv' --exclude='./usr/lib/*/security' --exclude='./usr/lib/python3*/test' \
	--exclude='./usr/lib/python3*/idlelib' --exclude='./usr/lib/python3*/tkinter' \
	--exclude='./usr/lib/python3*/ensurepip' --exclude='./usr/lib/python3*/pydoc_data'
tar -cf "$out/root.tar" -C "$t" .
rm -rf "$t" "$out/raw.tar"
tar -tf "$out/root.tar" > "$out/files"
for b in usr/bin/busybox usr/bin/ping usr/bin/python3 usr/sbin/ethtool usr/bin/ip usr/bin/iperf3 usr/bin/netperf usr/bin/jq; do
	grep -qx "\./$b" "$out/files" || die "$b missing from the $DEB_ARCH userland"
done
touch "$out/.done"
echo "$out"
