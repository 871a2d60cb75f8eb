#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Malformed frames from the wire, for tests/hostile_frames.sh.

hostile-frames.py <ifname> <guest-mac> <seconds> [<frames per second> [<kinds>]]

Run on the host side of a board's tap (through scripts/remote-agent.py, in
the test namespace): sends, round-robin and as fast as the socket takes
them, frames that no receiver may hand to the stack as data, addressed to
the guest's MAC from the host's address (10.77.0.1 -> 10.77.0.2):

  runt        a bare 14-byte Ethernet header (IPv4, ARP, IPv6), no payload
              (shorter ones cannot be sent: the kernel's packet sockets
              refuse frames below an Ethernet header, and QEMU's tap backend
              pads every frame to 60 bytes before the MAC model sees it)
  llc0        type/length 0, an 802.3 frame with no LLC header
  ip-trunc    an IPv4 header cut after 10 bytes
  ip-ihl      IHL below 5
  ip-long     total length past the frame's end
  ip-short    total length below the header's
  ip-csum     a bad header checksum
  udp-trunc   a UDP header cut after 4 bytes
  udp-len     a UDP length past the datagram's end
  udp-csum    a bad UDP checksum (to a closed port)
  tcp-trunc   a TCP header cut after 8 bytes
  tcp-doff    a TCP data offset below 5
  qinq        UDP inside 802.1ad + 802.1Q tags (no VLAN device is set up)
  vid4095     UDP with the reserved VLAN ID 4095
  giant-mtu   a valid UDP datagram in a 1600-byte frame (past a 1500 MTU)
  giant-buf   valid UDP datagrams in 4000- and 9014-byte frames (past any
              Rx buffer of a 1500 MTU)

and, as the one kind that must get through, `echo`: ICMP echo requests in
42-byte frames (which QEMU pads to 60). Every UDP datagram goes to the closed
port 9, so one delivered shows in the guest's Udp NoPorts; every TCP
segment to a closed port as well (a reset would come back).

The rate (default 10000 frames/s, above what the emulated boards receive)
is a cap: a tap whose reader falls behind drops what does not fit, so
"sent" counts frames handed to the tap, at most what the guest saw.

<kinds> (default: all) is a comma-separated list of the kinds to send, or
of the kinds not to send after a "-" ("-giant-buf,qinq").

Prints one line per kind, "sent <kind> <frames>", at the end.
"""

import errno
import socket
import struct
import sys
import time

SRC_MAC = bytes.fromhex("020000770001")
SRC_IP = socket.inet_aton("10.77.0.1")
DST_IP = socket.inet_aton("10.77.0.2")


def csum(data):
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def ip4(proto, payload, tot_len=None, ihl=5, bad_csum=False):
    tot = 20 + len(payload) if tot_len is None else tot_len
    h = struct.pack("!BBHHHBBH4s4s", 0x40 | ihl, 0, tot, 0x1234, 0x4000, 64, proto, 0,
                    SRC_IP, DST_IP)
    c = csum(h)
    if bad_csum:
        c ^= 0x5555
    return h[:10] + struct.pack("!H", c) + h[12:] + payload


def udp(payload, length=None, bad_csum=False):
    ln = 8 + len(payload) if length is None else length
    h = struct.pack("!HHHH", 40000, 9, ln, 0)
    if not bad_csum:
        return h + payload  # checksum 0: none (IPv4)
    pseudo = SRC_IP + DST_IP + struct.pack("!BBH", 0, 17, 8 + len(payload))
    c = csum(pseudo + h + payload) ^ 0x5555 or 1
    return h[:6] + struct.pack("!H", c) + payload


def tcp(doff=5, cut=None):
    h = struct.pack("!HHIIBBHHH", 40000, 9, 1, 0, doff << 4, 0x02, 1024, 0, 0)
    return h if cut is None else h[:cut]


def icmp_echo(seq):
    h = struct.pack("!BBHHH", 8, 0, 0, 0x4E58, seq & 0xFFFF)
    return h[:2] + struct.pack("!H", csum(h)) + h[4:]


def frames(dst):
    eth = dst + SRC_MAC
    ipv4 = eth + b"\x08\x00"
    big = b"x" * 9000

    def giant(size):
        # A frame of `size` bytes (no FCS) carrying one valid datagram.
        return ipv4 + ip4(17, udp(big[:size - 14 - 28]))

    return {
        "runt": [eth + t for t in (b"\x08\x00", b"\x08\x06", b"\x86\xdd")],
        "llc0": [eth + b"\0\0"],
        "ip-trunc": [ipv4 + ip4(17, udp(b"abcd"))[:10]],
        "ip-ihl": [ipv4 + ip4(17, udp(b"abcd"), ihl=3)],
        "ip-long": [ipv4 + ip4(17, udp(b"abcd"), tot_len=1400)],
        "ip-short": [ipv4 + ip4(17, udp(b"abcd"), tot_len=12)],
        "ip-csum": [ipv4 + ip4(17, udp(b"abcd"), bad_csum=True)],
        "udp-trunc": [ipv4 + ip4(17, udp(b"")[:4])],
        "udp-len": [ipv4 + ip4(17, udp(b"abcd", length=400))],
        "udp-csum": [ipv4 + ip4(17, udp(b"abcdefgh" * 8, bad_csum=True))],
        "tcp-trunc": [ipv4 + ip4(6, tcp(cut=8))],
        "tcp-doff": [ipv4 + ip4(6, tcp(doff=3))],
        "qinq": [eth + b"\x88\xa8\x00\x05\x81\x00\x00\x07\x08\x00" + ip4(17, udp(b"abcd"))],
        "vid4095": [eth + b"\x81\x00\x0f\xff\x08\x00" + ip4(17, udp(b"abcd"))],
        "giant-mtu": [giant(1600)],
        "giant-buf": [giant(4000), giant(9014)],
    }


def send(s, frame):
    """1 if the tap took the frame, 0 if its queue was full (ENOBUFS with
    some qdiscs; others drop silently, and the frame counts as sent)."""
    try:
        s.send(frame)
        return 1
    except OSError as e:
        if e.errno not in (errno.ENOBUFS, errno.EAGAIN):
            raise
        return 0


def main():
    ifname, mac, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
    rate = float(sys.argv[4]) if len(sys.argv) > 4 else 10000.0
    dst = bytes.fromhex(mac.replace(":", ""))
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)
    s.bind((ifname, 0))
    kinds = frames(dst)
    pick = sys.argv[5] if len(sys.argv) > 5 else "all"
    if pick != "all":
        names = set(pick.lstrip("-").split(","))
        unknown = names - set(kinds)
        if unknown:
            sys.exit(f"unknown kinds: {', '.join(sorted(unknown))}")
        kinds = {k: v for k, v in kinds.items() if (k in names) != pick.startswith("-")}
    sent = {k: 0 for k in kinds}
    sent["echo"] = 0
    seq = 0
    per_round = sum(len(fl) for fl in kinds.values()) + 1
    start = time.monotonic()
    end = start + seconds
    while (now := time.monotonic()) < end:
        ahead = start + seq * per_round / rate - now
        if ahead > 0:
            time.sleep(ahead)
        for k, fl in kinds.items():
            for f in fl:
                sent[k] += send(s, f)
        seq += 1
        sent["echo"] += send(s, dst + SRC_MAC + b"\x08\x00" + ip4(1, icmp_echo(seq)))
    sys.stdout.write("\n" + "".join(f"sent {k} {n}\n" for k, n in sent.items()))


if __name__ == "__main__":
    main()
