#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The remote end of the kernel's network suites on an emulated board.

remote-agent.py <address> <port> <token-file> <bin-dir>

The suites (tools/testing/selftests/drivers/net) run commands on a "remote"
host that sends traffic to the interface under test; upstream reaches it
over ssh or as a local network namespace. Here the remote is the host side
of the board's tap: scripts/run-board.sh starts this agent inside the test
namespace, listening on the tap's address only, and the guest's
`REMOTE_TYPE=nxp` (tests/ksft/remote_nxp.py) sends each command to it.

Protocol, one TCP connection per command: the client sends one JSON line,
{"token": T, "cmd": C} to run `bash -c C`, or {"token": T, "deploy": NAME}
to learn where the host build of helper NAME is (the guest's binaries are
of another architecture). A command's output comes back as frames of a
kind byte (b"o" stdout, b"e" stderr, b"x" exit status as a signed 32-bit
integer, as subprocess reports it: negative for a signal) and a 32-bit
big-endian length. The client sends b"T" to have the command's process
group terminated (SIGTERM), and closing the connection kills it. A request
without the token of this run (written by run-board.sh, readable only by
root) is refused.
"""

import hmac
import json
import os
import signal
import socket
import struct
import subprocess
import sys
import threading


def send_frame(sock, lock, kind, data):
    with lock:
        sock.sendall(kind + struct.pack(">I", len(data)) + data)


def pump(stream, sock, lock, kind):
    try:
        while True:
            data = os.read(stream.fileno(), 65536)
            if not data:
                break
            send_frame(sock, lock, kind, data)
    except OSError:
        pass


def kill_group(proc, sig):
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        pass


def serve(conn, token, bin_dir):
    try:
        run(conn, token, bin_dir)
    except OSError:
        pass
    finally:
        conn.close()


def run(conn, token, bin_dir):
    lock = threading.Lock()
    f = conn.makefile("rb")
    # The request line (up to 16 MiB: the suites pass data inline in their
    # commands) comes first and soon, or the connection is dropped.
    conn.settimeout(10)
    try:
        req = json.loads(f.readline(1 << 24))
    except ValueError:
        return
    conn.settimeout(None)
    if not isinstance(req, dict) or not hmac.compare_digest(str(req.get("token", "")), token):
        send_frame(conn, lock, b"e", b"remote-agent: bad token\n")
        send_frame(conn, lock, b"x", struct.pack(">i", 255))
        return
    if "deploy" in req:
        path = os.path.join(bin_dir, os.path.basename(req["deploy"]))
        if os.access(path, os.X_OK):
            send_frame(conn, lock, b"o", path.encode())
            send_frame(conn, lock, b"x", struct.pack(">i", 0))
        else:
            send_frame(conn, lock, b"e", f"no host build of {req['deploy']}\n".encode())
            send_frame(conn, lock, b"x", struct.pack(">i", 1))
        return
    proc = subprocess.Popen(["bash", "-c", req["cmd"]], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)

    def control():
        # b"T": terminate; end of stream: the client is gone, kill.
        while True:
            try:
                b = f.read(1)
            except (OSError, ValueError):
                b = b""
            if b == b"T":
                kill_group(proc, signal.SIGTERM)
                continue
            if not b:
                if proc.poll() is None:
                    kill_group(proc, signal.SIGKILL)
                return

    threading.Thread(target=control, daemon=True).start()
    pumps = [threading.Thread(target=pump, args=(proc.stdout, conn, lock, b"o")),
             threading.Thread(target=pump, args=(proc.stderr, conn, lock, b"e"))]
    for p in pumps:
        p.start()
    for p in pumps:
        p.join()
    rc = proc.wait()
    try:
        send_frame(conn, lock, b"x", struct.pack(">i", rc))
        conn.shutdown(socket.SHUT_WR)
    except OSError:
        pass
    # The client closes once it has the status; the control thread then
    # sees the end of the stream (serve() closes our end).


def main():
    addr, port, token_file, bin_dir = sys.argv[1:5]
    with open(token_file) as fp:
        token = fp.read().strip()
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((addr, int(port)))
    srv.listen(64)
    while True:
        conn, _ = srv.accept()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        threading.Thread(target=serve, args=(conn, token, bin_dir), daemon=True).start()


if __name__ == "__main__":
    main()
