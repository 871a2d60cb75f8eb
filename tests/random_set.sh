#!/bin/sh
# Random values fed to every set operation the driver has: ethtool -C
# (times and frame counts), -G (ring sizes), -A (pause), -L (channels) and
# the MTU, drawn from each one's boundaries (0, 1, the limits and one past
# them, powers of two and their neighbours, 2^32 - 1) and at random. After
# each request the whole state is read back: a request that was accepted
# shows exactly what was asked (coalescing times within one hardware tick
# where the driver converts them), everything else as it was; a refused one
# changed nothing at all. Then, with the initial configuration restored,
# the interface must carry traffic.
# RANDOM_SEED repeats a run (the seed is printed); RANDOM_OPS sets the
# number of requests (default 30; 1000 in make soak).
# timeout: 240
. /usr/share/nxp/tests/lib.sh
check "interface up" netif_up
IF=$(netif)
seed=${RANDOM_SEED:-$(od -An -N3 -tu4 /dev/urandom | tr -d ' ')}
nops=${RANDOM_OPS:-30}
diag "seed $seed (RANDOM_SEED=$seed repeats this run), $nops requests"

field() { # <ethtool option> <section start or -> <key>: a value ethtool reports
	ethtool $1 "$IF" 2> /dev/null | awk -v s="$2" -v k="$3:" \
		's == "-" || $0 ~ "^" s { c = 1 } c && $1 == k { print $2; exit }'
}
# Which operations this driver has (a refusal of the read is "none").
ops=mtu
ethtool -c "$IF" > /dev/null 2>&1 && [ -n "$(field -c - rx-usecs)" ] && ops="$ops coal"
ethtool -g "$IF" > /dev/null 2>&1 && [ -n "$(field -g Current RX)" ] && ops="$ops ring"
ethtool -a "$IF" > /dev/null 2>&1 && [ -n "$(field -a - RX)" ] && ops="$ops pause"
ethtool -l "$IF" > /dev/null 2>&1 && ops="$ops chan"
diag "operations: $ops"
maxmtu=$(ip -d link show "$IF" | sed -n 's/.*maxmtu \([0-9]*\).*/\1/p')
minmtu=$(ip -d link show "$IF" | sed -n 's/.*minmtu \([0-9]*\).*/\1/p')
rxmax=$(field -g - RX) txmax=$(field -g - TX)
diag "MTU ${minmtu:-?}..${maxmtu:-?}, rings at most rx ${rxmax:-?} tx ${txmax:-?}"
chan_fields="RX TX Other Combined"

# fields <ethtool option> <section start or -> <keys...>: the values ethtool
# reports for the keys, in their order, from one call.
fields() {
	fo=$1 fs=$2
	shift 2
	ethtool $fo "$IF" 2> /dev/null | awk -v s="$fs" -v keys="$*" '
	BEGIN { n = split(keys, k, " ") }
	s == "-" || $0 ~ "^" s { c = 1 }
	c { for (i = 1; i <= n; i++) if ($1 == k[i] ":" && !(i in v)) v[i] = $2 }
	END { for (i = 1; i <= n; i++) printf "%s ", (i in v) ? v[i] : "?" }'
}
coal() { fields -c - rx-usecs rx-frames tx-usecs tx-frames; }
ring() { fields -g Current RX TX; }
pause() { fields -a - Autonegotiate RX TX; }
chan() { fields -l Current $chan_fields; }
mtu() { cat /sys/class/net/$IF/mtu; }
state() {
	for o in $ops; do
		printf '%s: %s; ' $o "$($o)"
	done
}
# The tick of a driver that converts coalescing times (the eTSEC's depends
# on the link speed: 0.512 us at 1 Gbit/s, 2.56 us at 100, 25.6 us at 10;
# the ENET keeps the value as set).
tol=0
if [ "$NXP_MAC" = etsec ]; then
	case "$(cat /sys/class/net/$IF/speed 2> /dev/null)" in
	1000) tol=1 ;;
	100) tol=3 ;;
	*) tol=26 ;;
	esac
fi

# The requests, one per line: "<op> <ethtool or ip arguments>", from awk's
# generator seeded with $seed.
awk -v seed="$seed" -v n="$nops" -v ops="$ops" -v minmtu="${minmtu:-68}" -v maxmtu="${maxmtu:-1500}" \
	-v rxmax="${rxmax:-4096}" -v txmax="${txmax:-4096}" '
function pick(a, k) { return a[int(rand() * k) + 1] }
# A value near the interesting ones of a range [lo, hi]. (No "^": busybox
# awk has no math library in the guests.)
function val(lo, hi,   r, p, e) {
	r = rand()
	if (r < 0.15) return lo
	if (r < 0.25) return hi
	if (r < 0.35) return hi + 1
	if (r < 0.42) return (lo > 0 ? lo - 1 : 0)
	if (r < 0.47) return "4294967295"  # a string: no float on a 32-bit awk
	if (r < 0.70) { p = 1; for (e = int(rand() * 17); e > 0; e--) p *= 2; return p + int(rand() * 3) - 1 }
	return lo + int(rand() * (hi - lo + 1))
}
function onoff() { return rand() < 0.5 ? "on" : "off" }
BEGIN {
	srand(seed)
	k = split(ops, op, " ")
	for (i = 0; i < n; i++) {
		o = pick(op, k)
		if (o == "mtu") print "mtu " val(minmtu, maxmtu)
		else if (o == "coal") {
			s = ""
			split("rx-usecs tx-usecs", us, " "); split("rx-frames tx-frames", fr, " ")
			for (j = 1; j <= 2; j++) {
				if (rand() < 0.6) s = s " " us[j] " " val(0, 65535)
				if (rand() < 0.6) s = s " " fr[j] " " val(0, 255)
			}
			if (s == "") s = " rx-frames " val(0, 255)
			print "coal" s
		} else if (o == "ring") {
			s = ""
			if (rand() < 0.7) s = s " rx " val(16, rxmax)
			if (rand() < 0.7 || s == "") s = s " tx " val(16, txmax)
			print "ring" s
		} else if (o == "pause")
			print "pause autoneg " onoff() " rx " onoff() " tx " onoff()
		else if (o == "chan") {
			f = rand()
			if (f < 0.4) print "chan combined " val(0, 4)
			else if (f < 0.7) print "chan rx " val(0, 4) " tx " val(0, 4)
			else print "chan tx " val(0, 4)
		}
	}
}' > /tmp/random.ops

# expect <op> <args>: what the state of <op> must read with the request
# accepted, as a pattern of awk's checks: prints "<position> <value>" pairs.
expect() {
	o=$1
	shift
	case $o in
	coal) pos="rx-usecs:1 rx-frames:2 tx-usecs:3 tx-frames:4" ;;
	ring) pos="rx:1 tx:2" ;;
	pause) pos="autoneg:1 rx:2 tx:3" ;;
	chan) pos="rx:1 tx:2 other:3 combined:4" ;;
	esac
	while [ $# -ge 2 ]; do
		for p in $pos; do
			[ "${p%:*}" = "$1" ] && echo "${p#*:} $2"
		done
		shift 2
	done
}
# matches <before> <now> <tolerance> <positions> <pairs>: the state of one
# operation now has each asked field (the pairs) as asked and every other
# field as before; times (the fields at <positions>) within the tolerance,
# asked or not (a driver that converts them may round one it rewrites).
matches() {
	echo "$1|$2" | awk -F'|' -v tol="$3" -v tpos=" $4 " -v pairs="$5" '
	{ nb = split($1, b, " "); nn = split($2, g, " ")
	  if (nb != nn) exit 1
	  for (k = 1; k <= nn; k++) w[k] = b[k]
	  n = split(pairs, p, " ")
	  for (i = 1; i < n; i += 2) w[p[i]] = p[i + 1]
	  for (k = 1; k <= nn; k++) {
		got = g[k]; want = w[k]
		if (got == "n/a") got = 0  # a channel count the device has none of
		if (want == "n/a") want = 0
		t = index(tpos, " " k " ") ? tol : 0
		if (want ~ /^[0-9]+$/ && got ~ /^[0-9]+$/) { d = got - want; if (d < 0) d = -d; if (d > t) exit 1 }
		else if (tolower(got) != tolower(want)) exit 1
	  } }'
}

initial=$(state)
initial_coal=$(coal) initial_ring=$(ring) initial_pause=$(pause) initial_mtu=$(mtu)
diag "initial state: $initial"
i=0 acc=0 ref=0 bad=0
while read -r o args; do
	i=$((i + 1))
	before=$(state)
	op_before=$($o)
	case $o in
	mtu) cmd="ip link set dev $IF mtu $args" ;;
	coal) cmd="ethtool -C $IF $args" ;;
	ring) cmd="ethtool -G $IF $args" ;;
	pause) cmd="ethtool -A $IF $args" ;;
	chan) cmd="ethtool -L $IF $args" ;;
	esac
	if $cmd > /tmp/random.out 2>&1; then
		acc=$((acc + 1))
		after=$(state)
		# Every other operation's state as it was.
		others_b=$(echo "$before" | tr ';' '\n' | grep -v "^ *$o:")
		others_a=$(echo "$after" | tr ';' '\n' | grep -v "^ *$o:")
		now=$($o)
		case $o in
		mtu) ok=$([ "$now" = "$args" ] && echo y) ;;
		coal) ok=$(matches "$op_before" "$now" $tol "1 3" "$(expect $o $args)" && echo y) ;;
		*) ok=$(matches "$op_before" "$now" 0 "" "$(expect $o $args)" && echo y) ;;
		esac
		if [ "$ok" != y ] || [ "$others_b" != "$others_a" ]; then
			bad=$((bad + 1))
			diag "#$i accepted, state wrong: $cmd"
			diag "  before: $before"
			diag "  after:  $after"
		fi
	else
		ref=$((ref + 1))
		after=$(state)
		if [ "$after" != "$before" ]; then
			bad=$((bad + 1))
			diag "#$i refused ($(head -1 /tmp/random.out)), yet the state changed: $cmd"
			diag "  before: $before"
			diag "  after:  $after"
		fi
	fi
done < /tmp/random.ops
diag "$i requests: $acc accepted, $ref refused"
check "every request left the old state or exactly the new one" test $bad = 0
check "some requests were accepted and some refused" test $acc -gt 0 -a $ref -gt 0
# Back to the configuration of the start (each part only where it
# changed: ethtool refuses a request that changes nothing), then traffic.
set -- $initial_coal
[ "$(coal)" = "$initial_coal" ] || ethtool -C "$IF" rx-usecs $1 rx-frames $2 tx-usecs $3 tx-frames $4
set -- $initial_ring
[ "$(ring)" = "$initial_ring" ] || ethtool -G "$IF" rx $1 tx $2
set -- $initial_pause
[ "$(pause)" = "$initial_pause" ] || ethtool -A "$IF" autoneg $1 rx $2 tx $3
ip link set dev "$IF" mtu $initial_mtu
check "initial configuration restored" test "$(state)" = "$initial"
check "carrier up, traffic afterwards" link_back
tcp_xfer tcp_after 3
finish
