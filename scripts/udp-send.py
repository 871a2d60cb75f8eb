#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""udp-send.py <address> <port> <count> [<payload bytes> [<per second> [<seconds>]]]

Sends <count> UDP datagrams (0: no limit) of <payload bytes> (default 18:
a 64-byte frame) to <address>:<port>, paced at <per second> (default 2000;
0: as fast as it can), for at most <seconds> (default: no limit), and
prints how many it sent. The tests and the benchmark run it on the emulated
boards' host end (through scripts/remote-agent.py): paced for loads whose
every frame they count, unpaced as the 64-byte receive load.
"""

import socket
import sys
import time


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    addr, port, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    size = int(sys.argv[4]) if len(sys.argv) > 4 else 18
    rate = float(sys.argv[5]) if len(sys.argv) > 5 else 2000.0
    secs = float(sys.argv[6]) if len(sys.argv) > 6 else 0.0
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    payload = bytes(size)
    dst = (addr, port)
    start = time.monotonic()
    end = start + secs if secs > 0 else None
    sent = 0
    i = 0
    while count == 0 or i < count:
        if rate > 0:
            # Paced: never more than `rate` a second, so that no queue
            # between here and the guest's ring overflows.
            ahead = start + i / rate - time.monotonic()
            if ahead > 0:
                time.sleep(ahead)
        if end is not None and (i & 255) == 0 and time.monotonic() >= end:
            break
        i += 1
        try:
            s.sendto(payload, dst)
            sent += 1
        except OSError:
            # A full queue (ENOBUFS) when unpaced: the frame is lost, as on
            # a wire.
            pass
    print(sent)


if __name__ == "__main__":
    main()
