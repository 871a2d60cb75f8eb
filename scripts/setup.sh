#!/bin/sh
# Host set-up for a fresh Debian 12 machine (run as root; idempotent, unattended).
#
# Adds the Debian suites the project needs (pinned low so bookworm stays the
# default; no foreign dpkg architecture), installs the cross compilers, libclang
# and LLVM (the Clang-built debug kernels),
# QEMU 10, the host network tools, a Rust toolchain whose library source matches
# rustc exactly, bindgen-cli, the Linux source and a host netperf.
set -eu
. "$(dirname "$0")/env.sh"

[ "$(id -u)" = 0 ] || die "setup.sh must run as root (it installs packages)"
export DEBIAN_FRONTEND=noninteractive
mkdir -p "$NXP_CACHE/dl" "$NXP_TOOLS/bin" "$NXP_CACHE/src"

SRCS=/etc/apt/sources.list.d/nxp-rfl.sources
# The Debian archive this machine already uses (its own apt sources name it).
DEB_URI=$(debian_archive_uri) || die "no Debian archive found in /etc/apt/sources.list{,.d}"
PIN=/etc/apt/preferences.d/nxp-rfl
want_srcs=$(cat <<E2
# Added by nxp-rfl scripts/setup.sh.
# bookworm deb-src: busybox source for the guest images.
Types: deb-src
URIs: $DEB_URI
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

# bookworm-backports: QEMU 10. trixie(-backports): linux-source-7.3, rust-src,
# and sources of the guest tools. All pinned low in preferences.d/nxp-rfl.
Types: deb deb-src
URIs: $DEB_URI
Suites: bookworm-backports trixie trixie-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
E2
)
want_pin=$(cat <<'E2'
# Added by nxp-rfl scripts/setup.sh: never prefer these suites over bookworm.
Package: *
Pin: release n=trixie
Pin-Priority: 50

Package: *
Pin: release n=trixie-backports
Pin-Priority: 50

Package: *
Pin: release n=bookworm-backports
Pin-Priority: 100
E2
)
changed=0
if [ "$(cat $SRCS 2>/dev/null)" != "$want_srcs" ]; then echo "$want_srcs" > $SRCS; changed=1; fi
if [ "$(cat $PIN 2>/dev/null)" != "$want_pin" ]; then echo "$want_pin" > $PIN; changed=1; fi

have_index() { apt-cache madison "$1" 2>/dev/null | grep -q "$2"; }
if [ $changed = 1 ] || ! have_index linux-source-7.3 trixie-backports || ! have_index qemu-system-ppc bookworm-backports; then
	step "apt-get update"
	# Unrelated third-party sources may be unreachable here; what we need is checked below.
	apt-get update -q || echo "apt-get update reported errors; continuing"
fi
have_index linux-source-7.3 trixie-backports || die "trixie-backports index missing (apt-get update failed?)"

HOST_PKGS="build-essential dpkg-dev flex bison bc libelf-dev libssl-dev cpio kmod rsync python3 file
 xz-utils zstd curl gcc-arm-linux-gnueabihf libc6-dev-armhf-cross gcc-powerpc-linux-gnu libc6-dev-powerpc-cross
 gcc-aarch64-linux-gnu libc6-dev-arm64-cross
 libclang-19-dev clang-19 lld-19 llvm-19 u-boot-tools autoconf automake libtool pkg-config texinfo
 iproute2 iperf3 ethtool procps psmisc python3-matplotlib mmdebstrap socat iputils-ping dkms"
QEMU_PKGS="qemu-system-arm qemu-system-ppc"
missing=""
for p in $HOST_PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
	step "apt-get install$missing"
	apt-get install -y -qq --no-install-recommends $missing > /dev/null
fi
qv() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || true; }
case "$(qv qemu-system-ppc) $(qv qemu-system-arm)" in
*bpo12*" "*bpo12*) ;;
*)
	step "apt-get install QEMU from $QEMU_SUITE"
	apt-get install -y -q --no-install-recommends -t "$QEMU_SUITE" $QEMU_PKGS
	;;
esac
qemu-system-arm --version | head -1

step "Rust toolchain"
rustv=$(rustc --version 2>/dev/null | awk '{print $2}') || true
vge() { [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -1)" = "$2" ]; }
if [ -n "$rustv" ] && vge "$rustv" "$RUST_MIN"; then
	# rustup's rustc: fetch Debian's rust-src of exactly the same version.
	srcver=$(apt-cache madison rust-src | awk -v v="$rustv" '$3 ~ "^"v"\\+dfsg" {print $3; exit}')
	[ -n "$srcver" ] || die "rustc $rustv is installed but Debian has no rust-src $rustv+dfsg*;
  install a rustc that matches one of: $(apt-cache madison rust-src | awk '{print $3}' | tr '\n' ' ')"
	libsrc=$NXP_CACHE/rust-src-$rustv
	if [ ! -d "$libsrc/usr/src/rustc-$rustv/library" ]; then
		(cd "$NXP_CACHE/dl" && apt-get download -q "rust-src=$srcver")
		rm -rf "$libsrc.tmp" && dpkg-deb -x "$NXP_CACHE/dl/rust-src_$(echo "$srcver" | sed 's/^[0-9]*://')_all.deb" "$libsrc.tmp"
		mv "$libsrc.tmp" "$libsrc"
	fi
	echo "export RUST_LIB_SRC=$libsrc/usr/src/rustc-$rustv/library" > "$NXP_CACHE/rust-env.sh"
else
	# No usable rustup toolchain: Debian's rustc-web set (bookworm-security), whose
	# library source is found through the sysroot.
	apt-get install -y -q --no-install-recommends rustc-web cargo-web rust-web-src rustfmt-web
	: > "$NXP_CACHE/rust-env.sh"
fi
. "$NXP_CACHE/rust-env.sh"
echo "rustc $(rustc --version | awk '{print $2}') library ${RUST_LIB_SRC:-from sysroot}"

if ! "$NXP_TOOLS/bin/bindgen" --version 2>/dev/null | grep -q "$BINDGEN_VER"; then
	step "bindgen-cli $BINDGEN_VER"
	cargo install -q --locked bindgen-cli --version "$BINDGEN_VER" --root "$NXP_TOOLS"
fi
bindgen --version

step "Linux source ($KERNEL_PKG)"
"$NXP_TOP/scripts/kernel-source.sh" > /dev/null

if [ ! -x "$NXP_TOOLS/bin/netserver" ]; then
	step "host netperf (Debian has no bookworm build)"
	"$NXP_TOP/scripts/build-userland.sh" host
fi
step "setup done"
