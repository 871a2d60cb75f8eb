#!/usr/bin/env python3
"""vlan-count.py <if> <ethertype, hex> <max seconds>

Counts the frames of one EtherType that <if> receives, per VLAN ID and
priority (PCP), on a packet socket: the tag comes from PACKET_AUXDATA when
the kernel took it out of the frame, or from the frame itself. Runs until
1.5 s pass without such a frame after the first one, or <max seconds> in
all. Prints one line per tag, "vlan <vid> pcp <pcp> frames <n>" ("vlan
none pcp none" for untagged frames), "socket drops <n>" (frames the socket
lost), then "done". The host side of the
test tap runs it for tests/tx_queues.sh (the host kernel may have no VLAN
devices)."""

import select
import socket
import struct
import sys
import time

ETH_P_ALL = 0x0003
SOL_PACKET = 263
PACKET_AUXDATA = 8
SO_RCVBUFFORCE = 33
PACKET_STATISTICS = 6
PACKET_OUTGOING = 4
TP_STATUS_VLAN_VALID = 0x10
AUX = struct.Struct("=IIIHHHH")  # struct tpacket_auxdata


def main():
    ifname, etype, max_secs = sys.argv[1], int(sys.argv[2], 16), float(sys.argv[3])
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
    # Room for a whole burst (1,500 small frames take about 1.2 MB of
    # socket memory) while this reader waits for a CPU.
    try:
        s.setsockopt(socket.SOL_SOCKET, SO_RCVBUFFORCE, 16 << 20)
    except OSError:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16 << 20)
    s.setsockopt(SOL_PACKET, PACKET_AUXDATA, 1)
    s.bind((ifname, ETH_P_ALL))
    counts = {}
    end = time.monotonic() + max_secs
    last = None
    while True:
        now = time.monotonic()
        if now >= end or (last is not None and now - last >= 1.5):
            break
        if not select.select([s], [], [], 0.1)[0]:
            continue
        data, anc, _, addr = s.recvmsg(2048, socket.CMSG_SPACE(AUX.size))
        if addr[2] == PACKET_OUTGOING or len(data) < 14:
            continue
        tci = None
        for level, kind, val in anc:
            if level == SOL_PACKET and kind == PACKET_AUXDATA and len(val) >= AUX.size:
                status, _, _, _, _, vtci, _ = AUX.unpack_from(val)
                if status & TP_STATUS_VLAN_VALID:
                    tci = vtci
        (proto,) = struct.unpack_from("!H", data, 12)
        if tci is None and proto == 0x8100 and len(data) >= 18:
            tci, proto = struct.unpack_from("!HH", data, 14)
        if proto != etype:
            continue
        key = (tci & 0xFFF, tci >> 13) if tci is not None else ("none", "none")
        counts[key] = counts.get(key, 0) + 1
        last = time.monotonic()
    for (vid, pcp), n in sorted(counts.items(), key=str):
        print(f"vlan {vid} pcp {pcp} frames {n}")
    # Frames the socket itself lost (struct tpacket_stats: packets, drops).
    _, drops = struct.unpack("II", s.getsockopt(SOL_PACKET, PACKET_STATISTICS, 8))
    print(f"socket drops {drops}")
    print("done")


if __name__ == "__main__":
    main()
