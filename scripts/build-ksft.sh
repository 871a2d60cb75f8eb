#!/bin/sh
# build-ksft.sh <board|host>
#
# The kernel's network driver suites (tools/testing/selftests/drivers/net and
# drivers/net/hw) from the project's Linux source, for a guest with a Debian
# userland: the Python tests and their libraries (net/lib/py, the YNL
# library tools/net/ynl/pyynl and its specs Documentation/netlink/specs) in
# the kernel tree's own layout, so that they run "in tree" as a developer
# runs them, their C helpers cross-built against the kernel's UAPI
# headers, and their XDP programs built by clang. With "host", the helpers a test deploys to its remote end, built
# for this machine (the remote end of the emulated boards is the host side
# of the tap: scripts/remote-agent.py). Prints the directory (the tree is
# under linux/, host helpers under bin/). Cached, keyed by this script and
# the source tree.
set -eu
. "$(dirname "$0")/env.sh"
what=${1:?usage: build-ksft.sh <board|host>}
if [ "$what" = host ]; then
	ARCH=x86 CROSS= DEB_ARCH=host
else
	board_vars "$what"
	[ -n "$DEB_ARCH" ] || die "$BOARD has no Debian userland: the suites need python3"
fi
src=$("$NXP_TOP/scripts/kernel-source.sh")
key=$({
	cat "$0"
	echo "$src"
	"${CROSS}gcc" --version | head -1
} | sha256sum | cut -c1-12)
out=$NXP_CACHE/ksft/$DEB_ARCH-$key
if [ -f "$out/.done" ]; then echo "$out"; exit 0; fi
rm -rf "$out" && mkdir -p "$out"
step "kernel network suites for $DEB_ARCH (log: $out/build.log)" >&2
exec 3>&2 2> "$out/build.log"
# The UAPI headers of this kernel (the helpers use options newer than the
# cross C library's headers).
hdr=$out/hdr
make -s -C "$src" O="$out/hdrbuild" ARCH="$ARCH" INSTALL_HDR_PATH="$hdr" headers_install > /dev/null ||
	{ tail -20 "$out/build.log" >&3; die "headers_install failed"; }
rm -rf "$out/hdrbuild"
K=$src/tools/testing/selftests
cc() { # <output> <source> [flags]: one helper, as the suites' Makefiles build it
	o=$1 s=$2
	shift 2
	"${CROSS}gcc" -O2 -g -Wall -Wl,--no-as-needed -isystem "$hdr/include" -I"$K" -I"$K/net/lib" \
		"$@" -o "$o" "$s" ||
		{ tail -20 "$out/build.log" >&3; die "building $(basename "$o") failed"; }
}
if [ "$what" = host ]; then
	mkdir -p "$out/bin"
	# What the tests deploy to the remote end: their senders and receivers.
	cc "$out/bin/csum" "$K/net/lib/csum.c"
	cc "$out/bin/gro" "$K/net/lib/gro.c"
	cc "$out/bin/so_txtime" "$K/drivers/net/so_txtime.c"
else
	t=$out/linux
	# The suites, their libraries and the YNL specs, in the tree's layout.
	(cd "$src" && tar -cf - \
		tools/testing/selftests/drivers/net/lib \
		tools/testing/selftests/drivers/net/hw/lib \
		tools/testing/selftests/net/lib/py \
		tools/testing/selftests/net/lib.sh \
		tools/testing/selftests/kselftest/ktap_helpers.sh \
		tools/net/ynl/pyynl \
		Documentation/netlink/specs \
		$(cd "$src" && ls tools/testing/selftests/drivers/net/*.py tools/testing/selftests/drivers/net/hw/*.py \
			tools/testing/selftests/drivers/net/settings tools/testing/selftests/drivers/net/hw/settings)) |
		(mkdir -p "$t" && tar -xf - -C "$t")
	[ -f "$t/tools/testing/selftests/drivers/net/stats.py" ] && [ -d "$t/tools/net/ynl/pyynl" ] ||
		{ tail -20 "$out/build.log" >&3; die "copying the suites failed"; }
	# The C helpers the tests run locally.
	d=$t/tools/testing/selftests
	cc "$d/drivers/net/napi_id_helper" "$K/drivers/net/napi_id_helper.c"
	cc "$d/drivers/net/so_txtime" "$K/drivers/net/so_txtime.c"
	cc "$d/net/lib/csum" "$K/net/lib/csum.c"
	cc "$d/net/lib/gro" "$K/net/lib/gro.c"
	cc "$d/net/lib/xdp_helper" "$K/net/lib/xdp_helper.c"
	# The XDP programs (clang's BPF target; libbpf's headers from the
	# tree, its generated helper definitions made as libbpf's build makes them).
	mkdir -p "$out/bpfinc/bpf"
	cp "$src/tools/lib/bpf/bpf_helpers.h" "$src/tools/lib/bpf/bpf_endian.h" "$out/bpfinc/bpf/"
	python3 "$src/scripts/bpf_doc.py" --header --file "$src/include/uapi/linux/bpf.h" \
		> "$out/bpfinc/bpf/bpf_helper_defs.h" ||
		{ tail -20 "$out/build.log" >&3; die "bpf_helper_defs.h failed"; }
	for b in "$K"/net/lib/*.bpf.c "$K"/drivers/net/hw/*.bpf.c; do
		o=$d/${b#"$K"/}
		clang-19 -O2 -g --target=bpf -I"$K/bpf" -isystem "$hdr/include" -I"$out/bpfinc" \
			-c "$b" -o "${o%.c}.o" ||
			{ tail -20 "$out/build.log" >&3; die "building $(basename "$b") failed"; }
	done
	rm -rf "$out/bpfinc"
	"${CROSS}strip" "$d/drivers/net/napi_id_helper" "$d/drivers/net/so_txtime" "$d/net/lib/csum" \
		"$d/net/lib/gro" "$d/net/lib/xdp_helper"
	find "$t" -name __pycache__ -prune -exec rm -rf {} +
fi
rm -rf "$hdr"
touch "$out/.done"
exec 2>&3
echo "$out"
