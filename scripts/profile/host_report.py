#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""host_report.py <meta> <report.md> <secs> <driver>=<run dir>...

Where the host's CPU time goes while an emulated board moves traffic, from
scripts/profile.sh runs with PROFILE_HOST_PERF=1. Each run directory holds
perf.txt (`perf script -F comm,ip,sym,dso` of a whole-host `perf record -a
-F 999` over the measurement window) and info (the guest's NXP-PROFILE lines:
rate_mbps, cpu_busy_s, irqs). Samples are grouped by thread kind (QEMU's vCPU
threads, QEMU's main/I-O thread, the host's traffic peers, idle, the rest)
and by function; code QEMU translated from the guest's (perf's [JIT] or
perf-<pid>.map) is one entry. Host CPU milliseconds per MB of payload moved
(10^6 bytes) make two drivers comparable at different rates.
"""
import re
import sys
from collections import defaultdict

TOP = 25
HZ = 999  # perf record -F
LINE = re.compile(r"^\s*(.*?)\s+([0-9a-f]+)\s+(.*?)\s+\((.*)\)\s*$")


def kind(comm):
    if comm.endswith("/TCG"):
        return "vCPU"
    if comm.startswith("qemu-system") or comm in ("qemu-system-arm", "qemu-system-ppc") or comm.startswith("worker"):
        return "QEMU main/IO"
    if comm.startswith(("iperf3", "netserver", "netperf")):
        return "traffic peer"
    if comm.startswith("swapper"):
        return "idle"
    return "other"


def where(sym, dso):
    if "[JIT]" in dso or re.search(r"perf-\d+\.map", dso) or dso.startswith("//anon"):
        return "(guest code translated by QEMU)"
    if dso.startswith("[kernel"):
        return f"{sym} [host kernel]" if sym != "[unknown]" else "[host kernel]"
    if dso.startswith("["):
        return f"{sym} {dso}"
    base = dso.rsplit("/", 1)[-1]
    if sym == "[unknown]":
        return f"({base}, no symbol)"
    return f"{sym} ({base})" if not base.startswith("qemu-system") else sym


def load(run):
    info = {}
    with open(f"{run}/info") as f:
        for line in f:
            p = line.split(None, 1)
            if len(p) == 2:
                info[p[0]] = p[1].strip()
    kinds, syms = defaultdict(int), defaultdict(int)
    total = 0
    with open(f"{run}/perf.txt", errors="replace") as f:
        for line in f:
            m = LINE.match(line)
            if not m:
                continue
            comm, _ip, sym, dso = m.groups()
            k = kind(comm)
            total += 1
            kinds[k] += 1
            if k != "idle":
                syms[(k, where(sym, dso))] += 1
    return info, kinds, syms, total


def main():
    meta, out, secs = sys.argv[1], sys.argv[2], float(sys.argv[3])
    runs = [a.split("=", 1) for a in sys.argv[4:]]
    hdr, board, load_name = [], "", ""
    with open(meta) as f:
        for line in f:
            if line.startswith("- "):
                hdr.append(line.rstrip("\n"))
            elif line.startswith("board "):
                board = line.split()[1]
            elif line.startswith("load "):
                load_name = line.split()[1]
    data = {d: load(r) for d, r in runs}
    names = [d for d, _ in runs]

    def mb(d):
        info = data[d][0]
        return float(info.get("rate_mbps", 0)) * secs / 8

    def ms_per_mb(d, n):
        m = mb(d)
        return n / HZ * 1000 / m if m else 0.0

    o = [f"# Host profile: {board}, {load_name}", ""] + hdr + [""]
    o.append(
        "Host CPU time while the guest moves traffic: `perf record -a -F 999` on the whole host (2 CPUs) over the "
        "same window as the instruction-count profile, no plugin loaded. vCPU: QEMU's TCG threads (guest code and "
        "what it calls: softmmu, MMIO into device models, interrupt delivery); QEMU main/IO: the main loop (tap "
        "reads, timers, device callbacks); traffic peer: the host's iperf3/netperf; the host kernel's share of each "
        "thread is in its rows (tap, softirq). ms/MB: host CPU milliseconds per MB (10^6 bytes) of payload."
    )
    o += ["", "## Totals", "", "| | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    o.append("| rate (Mbit/s) | " + " | ".join(f"{float(data[d][0].get('rate_mbps', 0)):.1f}" for d in names) + " |")
    o.append("| MB moved | " + " | ".join(f"{mb(d):.1f}" for d in names) + " |")

    def irq_mb(d):
        m = mb(d)
        return float(data[d][0].get("irqs", 0)) / m if m else 0.0

    o.append("| guest interrupts per MB | " + " | ".join(f"{irq_mb(d):.1f}" for d in names) + " |")
    o.append(
        "| guest CPU busy (%) | "
        + " | ".join(
            f"{100 * float(data[d][0].get('cpu_busy_s', 0)) / max(float(data[d][0].get('cpu_total_s', 1)), 0.01):.0f}"
            for d in names
        )
        + " |"
    )
    for k in ("vCPU", "QEMU main/IO", "traffic peer", "other", "idle"):
        o.append(f"| host {k}: ms/MB (share of samples) | " + " | ".join(
            f"{ms_per_mb(d, data[d][1][k]):.2f} ({100 * data[d][1][k] / max(data[d][3], 1):.0f} %)" for d in names) + " |")
    busy = {d: sum(v for k, v in data[d][1].items() if k != "idle") for d in names}
    o.append("| host busy, all threads: ms/MB | " + " | ".join(f"{ms_per_mb(d, busy[d]):.2f}" for d in names) + " |")

    for d in names:
        o += ["", f"## Top {TOP} host functions: {d}", "", "| # | thread | function | ms/MB | share of busy |",
              "|---:|---|---|---:|---:|"]
        top = sorted(data[d][2].items(), key=lambda kv: -kv[1])[:TOP]
        for i, ((k, s), n) in enumerate(top, 1):
            o.append(f"| {i} | {k} | `{s[:90]}` | {ms_per_mb(d, n):.3f} | {100 * n / max(busy[d], 1):.1f} % |")

    if len(names) >= 2:
        a, b = names[0], names[1]
        keys = set(data[a][2]) | set(data[b][2])
        diff = sorted(keys, key=lambda k: -abs(ms_per_mb(b, data[b][2].get(k, 0)) - ms_per_mb(a, data[a][2].get(k, 0))))
        o += ["", f"## Biggest differences in host ms per MB: {b} - {a}", "",
              f"| thread | function | {a} | {b} | {b} - {a} |", "|---|---|---:|---:|---:|"]
        for k in diff[:TOP]:
            x, y = ms_per_mb(a, data[a][2].get(k, 0)), ms_per_mb(b, data[b][2].get(k, 0))
            o.append(f"| {k[0]} | `{k[1][:90]}` | {x:.3f} | {y:.3f} | {y - x:+.3f} |")
    with open(out, "w") as f:
        f.write("\n".join(o) + "\n")


if __name__ == "__main__":
    main()
