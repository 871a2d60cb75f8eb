#!/bin/sh
# Prints the path of the project's Linux source tree, creating it on first use:
# Debian's linux-source-7.3 (trixie-backports, arch all) plus kernel/patches/*.
# The tree is keyed by the patch set, so changing a patch makes a new tree.
set -eu
. "$(dirname "$0")/env.sh"

pristine=$NXP_CACHE/src/linux-$KERNEL_VER
if [ ! -f "$pristine/Makefile" ]; then
	(cd "$NXP_CACHE/dl" && ls ${KERNEL_PKG}_*.deb > /dev/null 2>&1 || apt-get download -q $KERNEL_PKG) >&2
	deb=$(ls "$NXP_CACHE"/dl/${KERNEL_PKG}_*.deb | tail -1)
	rm -rf "$pristine.tmp" && mkdir -p "$pristine.tmp"
	dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/src/$KERNEL_PKG.tar.xz | tar -xJ -C "$pristine.tmp"
	mv "$pristine.tmp/$KERNEL_PKG" "$pristine" && rmdir "$pristine.tmp"
	grep -q "^SUBLEVEL = ${KERNEL_VER##*.}" "$pristine/Makefile" || die "unexpected kernel version in $deb"
fi
key=$(cat "$NXP_TOP"/kernel/patches/*.patch | sha256sum | cut -c1-12)
tree=$NXP_CACHE/src/linux-$KERNEL_VER-$key
if [ ! -f "$tree/.nxp-patched" ]; then
	rm -rf "$tree" && cp -al "$pristine" "$tree"
	for p in "$NXP_TOP"/kernel/patches/*.patch; do
		# patch(1) writes new files, so the hard-linked pristine tree stays intact.
		patch -s -d "$tree" -p1 < "$p" >&2
	done
	touch "$tree/.nxp-patched"
fi
echo "$tree"
