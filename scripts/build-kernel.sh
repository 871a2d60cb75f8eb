#!/bin/sh
# build-kernel.sh <board>
#
# The board's test kernel, one build at a time on this machine: every caller
# (make check and its builds ahead, demo, bench, profile, soak, the
# packaging tests, module builds) takes the lock $NXP_CACHE/kbuild/.lock
# around scripts/build-kernel-nolock.sh, which builds the kernel or finds it
# in the cache and prints its build directory. (That script's text is part
# of the kernels' cache key, which is why the lock is taken here.) A caller
# that already holds a kernel's directory passes it to build-modules.sh as
# NXP_KDIR instead of asking again.
set -eu
. "$(dirname "$0")/env.sh"
mkdir -p "$NXP_CACHE/kbuild"
exec flock "$NXP_CACHE/kbuild/.lock" "$NXP_TOP/scripts/build-kernel-nolock.sh" "$@"
