#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""udp-send.py <address> <port> <count> [<payload bytes> [<per second>]]

Sends <count> UDP datagrams of <payload bytes> (default 18: a 64-byte
frame) to <address>:<port>, paced at <per second> (default 2000), and
prints how many it sent. The tests run it on the emulated boards' host end
(through scripts/remote-agent.py) for loads whose every frame they count.
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
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    payload = bytes(size)
    start = time.monotonic()
    sent = 0
    for i in range(count):
        # Paced: never more than `rate` a second, so that no queue between
        # here and the guest's ring overflows.
        ahead = start + i / rate - time.monotonic()
        if ahead > 0:
            time.sleep(ahead)
        try:
            s.sendto(payload, (addr, port))
            sent += 1
        except OSError:
            pass
    print(sent)


if __name__ == "__main__":
    main()
