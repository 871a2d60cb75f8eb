#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Allocation failures injected into one operation, site by site.

failnth.py <op> <args...> : one walk, for tests/fault_walk.sh

The kernel's fail-nth (Documentation/fault-injection/fault-injection.rst)
fails the n-th allocation site a task passes after writing n to
/proc/thread-self/fail-nth (with failslab and fail_page_alloc told to
consider every allocation). This helper writes n and issues the
operation's system call right after, so the sites it counts are the
kernel's on behalf of that call: module load with the probe it runs,
bringing the interface up, an MTU change, a ring change. It first counts
the sites of one uninjected call, then injects at the first 16 sites and
at up to 32 more spread evenly over the rest (all of them with
FAILNTH_ALL=1). Each injected call must either succeed or fail with an
errno; afterwards the state read back must be the old one or exactly the
new one, and the operation is undone for the next round. Prints one line
per injection and a summary; exits 1 if a check failed.

ops:
  insmod <module.ko> <module name>  load (the driver probes its ports);
                                    unloaded again after each round
  up <ifname>                       bring the interface up (down again)
  mtu <ifname> <mtu>                change the MTU (back to the old one)
  rings <ifname> <tx> <rx>          ethtool -G (back to the old sizes)
"""

import ctypes
import errno
import fcntl
import os
import platform
import socket
import struct
import sys

libc = ctypes.CDLL(None, use_errno=True)
SYS_FINIT_MODULE = {"armv7l": 379, "aarch64": 273, "ppc": 353}
SYS_DELETE_MODULE = {"armv7l": 129, "aarch64": 106, "ppc": 129}
SIOCGIFFLAGS, SIOCSIFFLAGS, SIOCGIFMTU, SIOCSIFMTU = 0x8913, 0x8914, 0x8921, 0x8922
SIOCETHTOOL = 0x8946
ETHTOOL_GRINGPARAM, ETHTOOL_SRINGPARAM = 0x10, 0x11
IFF_UP = 1
FAIL_ATTRS = ("failslab", "fail_page_alloc")
DBG = "/sys/kernel/debug"


class IfReq(ctypes.Structure):
    class U(ctypes.Union):
        _fields_ = [("flags", ctypes.c_short), ("ivalue", ctypes.c_int),
                    ("data", ctypes.c_void_p), ("pad", ctypes.c_char * 24)]
    _fields_ = [("name", ctypes.c_char * 16), ("u", U)]


class Ring(ctypes.Structure):
    _fields_ = [(n, ctypes.c_uint32) for n in (
        "cmd", "rx_max", "rx_mini_max", "rx_jumbo_max", "tx_max",
        "rx", "rx_mini", "rx_jumbo", "tx")]


def setup_attrs():
    """failslab and fail_page_alloc: every allocation is a site, silently."""
    for a in FAIL_ATTRS:
        for f, v in (("probability", "0"), ("times", "-1"), ("verbose", "0"),
                     ("ignore-gfp-wait", "N"), ("task-filter", "N")):
            with open(f"{DBG}/{a}/{f}", "w") as fp:
                fp.write(v)
    with open(f"{DBG}/fail_page_alloc/min-order", "w") as fp:
        fp.write("0")


class Walk:
    def __init__(self):
        self.nth = os.open("/proc/thread-self/fail-nth", os.O_RDWR)

    def call(self, n, fn):
        """fn() with the n-th site failing (n = 0: none). Returns fn's
        errno (0 for success) and whether the n-th site was reached."""
        if n:
            os.write(self.nth, b"%d" % n)
        ctypes.set_errno(0)
        rc = fn()
        err = ctypes.get_errno() if rc < 0 else 0
        left = int(os.pread(self.nth, 32, 0) or b"0")
        os.write(self.nth, b"0")
        return err, n == 0 or left == 0

    def count(self, fn):
        """Sites passed by one uninjected call."""
        big = 1 << 30
        os.write(self.nth, b"%d" % big)
        ctypes.set_errno(0)
        rc = fn()
        err = ctypes.get_errno() if rc < 0 else 0
        left = int(os.pread(self.nth, 32, 0) or b"0")
        os.write(self.nth, b"0")
        return err, big - left


def ioctl_fn(sock, req, arg):
    def fn():
        try:
            fcntl.ioctl(sock, req, arg)
            return 0
        except OSError as e:
            ctypes.set_errno(e.errno)
            return -1
    return fn


def ifreq(name):
    r = IfReq()
    r.name = name.encode()
    return r


def get_flags(sock, name):
    r = ifreq(name)
    fcntl.ioctl(sock, SIOCGIFFLAGS, r)
    return r.u.flags & 0xFFFF


def get_mtu(sock, name):
    r = ifreq(name)
    fcntl.ioctl(sock, SIOCGIFMTU, r)
    return r.u.ivalue


def get_rings(sock, name):
    ring = Ring(cmd=ETHTOOL_GRINGPARAM)
    r = ifreq(name)
    r.u.data = ctypes.addressof(ring)
    fcntl.ioctl(sock, SIOCETHTOOL, r)
    return ring.tx, ring.rx


def op_for(argv):
    """(call, check, undo) for the operation in argv."""
    op = argv[0]
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    mach = platform.machine()
    if op == "insmod":
        path, name = argv[1], argv[2]
        img = os.open(path, os.O_RDONLY)
        nr = SYS_FINIT_MODULE[mach]
        empty = ctypes.c_char_p(b"")

        def call():
            os.lseek(img, 0, 0)
            return libc.syscall(nr, img, empty, 0)

        def loaded():
            return os.path.exists(f"/sys/module/{name}")

        def check(err):
            # Loaded with its ports probed (or a probe that failed cleanly
            # and left the port unbound), or not loaded at all.
            return loaded() == (err == 0)

        def undo(err):
            if loaded():
                ctypes.set_errno(0)
                if libc.syscall(SYS_DELETE_MODULE[mach], name.encode(), os.O_NONBLOCK) < 0:
                    return f"unload failed: errno {ctypes.get_errno()}"
            return None
        return call, check, undo
    name = argv[1]
    if op == "up":
        r = ifreq(name)
        r.u.flags = get_flags(sock, name) | IFF_UP
        down = ifreq(name)
        down.u.flags = get_flags(sock, name) & ~IFF_UP

        def check(err):
            return bool(get_flags(sock, name) & IFF_UP) == (err == 0)

        def undo(err):
            fcntl.ioctl(sock, SIOCSIFFLAGS, down)
        return ioctl_fn(sock, SIOCSIFFLAGS, r), check, undo
    if op == "mtu":
        old, new = get_mtu(sock, name), int(argv[2])
        r = ifreq(name)
        r.u.ivalue = new
        back = ifreq(name)
        back.u.ivalue = old

        def check(err):
            return get_mtu(sock, name) == (new if err == 0 else old)

        def undo(err):
            fcntl.ioctl(sock, SIOCSIFMTU, back)
        return ioctl_fn(sock, SIOCSIFMTU, r), check, undo
    if op == "rings":
        old = get_rings(sock, name)
        new = (int(argv[2]), int(argv[3]))

        def ring_req(tx, rx):
            ring = Ring(cmd=ETHTOOL_GRINGPARAM)
            r = ifreq(name)
            r.u.data = ctypes.addressof(ring)
            fcntl.ioctl(sock, SIOCETHTOOL, r)
            ring.cmd, ring.tx, ring.rx = ETHTOOL_SRINGPARAM, tx, rx
            # The request points at the ring's memory: it keeps it alive.
            r.ring = ring
            return r
        set_req = ring_req(*new)
        back_req = ring_req(*old)

        def check(err):
            return get_rings(sock, name) == (new if err == 0 else old)

        def undo(err):
            fcntl.ioctl(sock, SIOCETHTOOL, back_req)
        return ioctl_fn(sock, SIOCETHTOOL, set_req), check, undo
    sys.exit(f"unknown op {op}")


def sites(total):
    first = list(range(1, min(total, 16) + 1))
    if os.environ.get("FAILNTH_ALL") == "1" or total <= 48:
        return list(range(1, total + 1))
    rest = total - 16
    return first + sorted({16 + 1 + (i * rest) // 32 for i in range(32)})


def main():
    setup_attrs()
    call, check, undo = op_for(sys.argv[1:])
    w = Walk()
    err, total = w.count(call)
    print(f"# {' '.join(sys.argv[1:])}: {total} allocation sites without injection, errno {err}")
    bad = 0
    if err or not check(err):
        print(f"# FAIL - the uninjected call: errno {err}, state {'ok' if check(err) else 'wrong'}")
        bad += 1
    msg = undo(err)
    if msg:
        print(f"# FAIL - undoing the uninjected call: {msg}")
        return 1
    failed = {}
    for n in sites(total):
        err, reached = w.call(n, call)
        ok = check(err)
        msg = undo(err)
        name = errno.errorcode.get(err, str(err)) if err else "ok"
        failed[name] = failed.get(name, 0) + 1
        if not ok or msg:
            print(f"# FAIL - site {n}: errno {err}, state read back {'ok' if ok else 'neither old nor new'}"
                  f"{', ' + msg if msg else ''}")
            bad += 1
        elif not reached:
            print(f"# site {n}: not reached")
    print(f"# {len(sites(total))} injections: " +
          ", ".join(f"{k} {v}" for k, v in sorted(failed.items())))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
