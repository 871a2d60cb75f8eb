#!/bin/sh
# ethtool -t: the kernel's generic self-tests (net_selftest), as the C fec
# offers them: the carrier and PHY checks pass, loopback is switched on and
# off again, and the interface works afterwards. The frames of the loopback
# tests need a PHY that loops them back, which the emulated boards' PHY
# models do not (they time out, -110, with the C fec as with ours; README):
# their results are printed, not graded. The C gianfar has no self-tests:
# skipped there.
# timeout: 90
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
n=$(ethtool -i $IF | awk '$1 == "supports-test:" { print $2 }')
[ "$n" = yes ] || skip "$DRV_NAME offers no self-tests"
ethtool -t $IF > /tmp/st.out 2>&1
rc=$?
sed 's/^/#   /' /tmp/st.out
# res <n>: the result of test <n>.
res() { awk -v k="$1." '$1 == k { print $NF }' /tmp/st.out; }
check "ethtool -t ran the tests" grep -q "The test result is" /tmp/st.out
check "1. Carrier: pass" test "$(res 1)" = 0
check "2. PHY dev is present: pass" test "$(res 2)" = 0
check "3. PHY internal loopback, enable: pass" test "$(res 3)" = 0
check "8. PHY internal loopback, disable: pass" test "$(res 8)" = 0
diag "ethtool -t exit status $rc"
check "link back after the tests" link_back
check "pings after the tests" ping -c 2 -W 2 $HOST_IP
finish
