#!/usr/bin/env python3
"""vlan-peer.py <if> <vid> <ipv4 address> <max seconds>

A VLAN peer on a packet socket, for hosts whose kernel has no VLAN devices:
on <if> it answers ARP requests and ICMP echo requests for <ipv4 address>
that come tagged with VLAN <vid>, tagged alike, from <if>'s own MAC address.
The tag of a received frame comes from PACKET_AUXDATA when the kernel took
it out of the frame, or from the frame itself. Runs until 2 s pass without
such a frame after the first one (pings come a second apart), or <max
seconds> in all. Prints "tagged
frames <n>" (frames of VLAN <vid> received), "largest <n>" (the longest of
them, tag included, FCS not), "arp replies <n>", "echo replies <n>", then
"done". The host side of the test tap runs it for tests/vlan.sh."""

import fcntl
import select
import socket
import struct
import sys
import time

ETH_P_ALL = 0x0003
ETH_P_8021Q = 0x8100
ETH_P_ARP = 0x0806
ETH_P_IP = 0x0800
SOL_PACKET = 263
PACKET_AUXDATA = 8
PACKET_OUTGOING = 4
TP_STATUS_VLAN_VALID = 0x10
AUX = struct.Struct("=IIIHHHH")  # struct tpacket_auxdata
SIOCGIFHWADDR = 0x8927


def csum(b):
    """The Internet checksum of b."""
    if len(b) % 2:
        b += b"\0"
    s = sum(struct.unpack(f"!{len(b) // 2}H", b))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def hwaddr(s, ifname):
    req = struct.pack("256s", ifname.encode()[:15])
    return fcntl.ioctl(s.fileno(), SIOCGIFHWADDR, req)[18:24]


def main():
    ifname, vid = sys.argv[1], int(sys.argv[2])
    me, max_secs = socket.inet_aton(sys.argv[3]), float(sys.argv[4])
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
    s.setsockopt(SOL_PACKET, PACKET_AUXDATA, 1)
    s.bind((ifname, ETH_P_ALL))
    mac = hwaddr(s, ifname)
    tagged = largest = arps = echoes = 0
    end = time.monotonic() + max_secs
    last = None
    while True:
        now = time.monotonic()
        if now >= end or (last is not None and now - last >= 2):
            break
        if not select.select([s], [], [], 0.1)[0]:
            continue
        data, anc, _, addr = s.recvmsg(65536, socket.CMSG_SPACE(AUX.size))
        if addr[2] == PACKET_OUTGOING or len(data) < 14:
            continue
        tci, extra = None, 0
        for level, kind, val in anc:
            if level == SOL_PACKET and kind == PACKET_AUXDATA and len(val) >= AUX.size:
                status, _, _, _, _, vtci, _ = AUX.unpack_from(val)
                if status & TP_STATUS_VLAN_VALID:
                    tci, extra = vtci, 4
        (proto,) = struct.unpack_from("!H", data, 12)
        payload = data[14:]
        if tci is None and proto == ETH_P_8021Q and len(data) >= 18:
            tci, proto = struct.unpack_from("!HH", data, 14)
            payload = data[18:]
        if tci is None or tci & 0xFFF != vid:
            continue
        tagged += 1
        largest = max(largest, len(data) + extra)
        last = time.monotonic()
        src = data[6:12]
        head = src + mac + struct.pack("!HH", ETH_P_8021Q, vid)
        if proto == ETH_P_ARP and len(payload) >= 28:
            op, sha, spa, tpa = (struct.unpack_from("!H", payload, 6)[0],
                                 payload[8:14], payload[14:18], payload[24:28])
            if op == 1 and tpa == me:
                arp = struct.pack("!HHBBH", 1, ETH_P_IP, 6, 4, 2) + mac + me + sha + spa
                s.send(head + struct.pack("!H", ETH_P_ARP) + arp)
                arps += 1
        elif proto == ETH_P_IP and len(payload) >= 20:
            ihl = (payload[0] & 0x0F) * 4
            if payload[9] != 1 or payload[16:20] != me or len(payload) < ihl + 8:
                continue
            (total,) = struct.unpack_from("!H", payload, 2)
            icmp = bytearray(payload[ihl:total])
            if icmp[0] != 8:
                continue
            icmp[0] = 0
            icmp[2:4] = b"\0\0"
            icmp[2:4] = struct.pack("!H", csum(bytes(icmp)))
            ip = bytearray(payload[:ihl])
            ip[8] = 64
            ip[12:16], ip[16:20] = payload[16:20], payload[12:16]
            ip[10:12] = b"\0\0"
            ip[10:12] = struct.pack("!H", csum(bytes(ip)))
            s.send(head + struct.pack("!H", ETH_P_IP) + bytes(ip) + bytes(icmp))
            echoes += 1
    print(f"tagged frames {tagged}")
    print(f"largest {largest}")
    print(f"arp replies {arps}")
    print(f"echo replies {echoes}")
    print("done")


if __name__ == "__main__":
    main()
