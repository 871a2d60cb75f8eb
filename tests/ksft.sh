#!/bin/sh
# ksft.sh <test name>: one file of the kernel's network driver suites
# (tests/upstream.list), in HW mode on the interface under test: the driver
# loaded, the interface up with its address, and the configuration the
# suites read (their net.config keys) in the environment: NETIF, LOCAL_V4,
# REMOTE_V4, and REMOTE_TYPE / REMOTE_ARGS, the remote end (on the emulated
# boards REMOTE_TYPE=nxp: scripts/remote-agent.py on the host side of the
# tap; on a real board e.g. ssh). Prints the file's KTAP output; the runner
# (tests/run.sh) makes one TAP line of each case. Exit: the file's status.
. /usr/share/nxp/tests/lib.sh
KS=${NXP_KSFT_DIR:-/usr/share/nxp/ksft/linux/tools/testing/selftests}
set -- $(awk -v t="$1" '$1 == t { $1 = $3 = ""; print }' /usr/share/nxp/tests/upstream.list)
[ -n "${1:-}" ] || { echo "# not in tests/upstream.list"; exit 1; }
[ -f "$KS/$1" ] || skip "the kernel's network suites are not installed here ($KS)"
command -v python3 > /dev/null || skip "no python3 in this guest"
f=$1
shift
# The modules the file needs (its config fragment has them built in).
for m in "$@"; do
	modprobe "$m" || { diag "modprobe $m failed"; exit 1; }
done
# netconsole's dynamic targets live in configfs.
if [ -d /sys/kernel/config ] && ! grep -q " /sys/kernel/config " /proc/mounts; then
	mount -t configfs configfs /sys/kernel/config
fi
netif_up || { diag "the interface did not come up"; exit 1; }
[ -n "${REMOTE_TYPE:-}" ] || skip "no remote end configured (REMOTE_TYPE, REMOTE_ARGS)"
export NETIF="$IF" LOCAL_V4="$GUEST_IP" REMOTE_V4="$HOST_IP" REMOTE_TYPE REMOTE_ARGS
cd "$KS/$(dirname "$f")" && exec python3 "./$(basename "$f")"
