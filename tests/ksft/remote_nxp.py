# SPDX-License-Identifier: GPL-2.0
"""REMOTE_TYPE=nxp for the kernel's network suites (drivers/net/lib/py).

The remote end of an emulated board is the host side of its tap, where
scripts/remote-agent.py runs in the test namespace. REMOTE_ARGS is
"<address>:<port>:<token>". Remote.cmd() returns an object that behaves as
the subprocess.Popen the suites' cmd()/bkg() expect (poll, wait, terminate,
kill, communicate, returncode, stdout/stderr to close); the command runs
under `bash -c` on the host, as with the upstream ssh and netns types.
Remote.deploy() names the host's own build of a helper, because the
guest's binaries are of another architecture.
"""

import json
import socket
import struct
import subprocess
import threading


class _Stream:
    """Stands for Popen's pipe objects, which the suites only close."""

    def close(self):
        pass


class _Proc:
    def __init__(self, addr, port, request, argv):
        self.args = argv
        self.pid = None
        self.returncode = None
        self.stdout = _Stream()
        self.stderr = _Stream()
        self._out = bytearray()
        self._err = bytearray()
        self._done = threading.Event()
        self._sock = socket.create_connection((addr, port), timeout=15)
        self._sock.settimeout(None)
        self._sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._sock.sendall(json.dumps(request).encode() + b"\n")
        threading.Thread(target=self._reader, daemon=True).start()

    def _recv(self, n):
        buf = bytearray()
        while len(buf) < n:
            chunk = self._sock.recv(n - len(buf))
            if not chunk:
                raise EOFError
            buf += chunk
        return bytes(buf)

    def _reader(self):
        try:
            while True:
                kind = self._recv(1)
                (length,) = struct.unpack(">I", self._recv(4))
                data = self._recv(length)
                if kind == b"o":
                    self._out += data
                elif kind == b"e":
                    self._err += data
                elif kind == b"x":
                    (self.returncode,) = struct.unpack(">i", data)
                    break
        except (EOFError, OSError):
            self._err += b"remote_nxp: connection to the remote agent lost\n"
            self.returncode = 255
        self._done.set()
        try:
            self._sock.close()
        except OSError:
            pass

    def poll(self):
        return self.returncode if self._done.is_set() else None

    def wait(self, timeout=None):
        if not self._done.wait(timeout):
            raise subprocess.TimeoutExpired(self.args, timeout)
        return self.returncode

    def terminate(self):
        if not self._done.is_set():
            try:
                self._sock.sendall(b"T")
            except OSError:
                pass

    def kill(self):
        # The agent kills the command when the connection closes.
        if not self._done.is_set():
            try:
                self._sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def communicate(self, input=None, timeout=None):
        self.wait(timeout)
        return bytes(self._out), bytes(self._err)


class Remote:
    def __init__(self, name, dir_path):
        self.dir_path = dir_path
        addr, port, self._token = name.split(":", 2)
        self._addr = addr
        self._port = int(port)

    def cmd(self, comm):
        return _Proc(self._addr, self._port, {"token": self._token, "cmd": comm}, comm)

    def deploy(self, what):
        what = str(what)
        p = _Proc(self._addr, self._port, {"token": self._token, "deploy": what}, what)
        out, err = p.communicate(timeout=30)
        if p.returncode != 0:
            raise FileNotFoundError(err.decode().strip())
        return out.decode()
