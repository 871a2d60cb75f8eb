#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""report.py <meta> <report.md> <symbols.tsv> <driver>=<run dir>...

Per-function profile of the guest kernel from scripts/profile.sh runs. Each run
directory holds the insncount plugin's dumps (tb.start, tb.stop: cumulative
"vaddr ninsns execcount" per translation block), the guest's text symbols
(kallsyms: "addr type name [module]"), its NXP-PROFILE lines (info:
rate_mbps, secs, load, driver) and the sizes of the driver modules' functions
(sizes: "module name size", from the .ko files). The instructions of the measurement window
(stop - start) of each TB are attributed to the symbol containing its start
address. <meta> holds "key value" lines: board, load, modules_<driver>
(the driver's own modules), and header lines ("- ..." in the report).

Writes a Markdown report (per driver: totals, rate, instructions per MB moved,
top symbols; then the symbols whose instructions per MB differ most between
the first two drivers) and the per-symbol TSV.
"""
import bisect
import re
import subprocess
import sys
from collections import defaultdict

TOP = 30
# Idle-loop functions: instructions there are the guest waiting, not work.
IDLE = {
    "arch_cpu_idle", "cpu_v7_do_idle", "default_idle_call", "do_idle", "cpu_idle_poll",
    "cpu_startup_entry", "e500_idle", "ppc_idle", "generic_idle", "cpu_idle",
}
# Lock acquisition: a vCPU waiting for a lock spins here (ARM's WFE does not
# stop a TCG vCPU), the longer when the holder's host thread is descheduled.
LOCK_RE = re.compile(r"^(_raw_(spin|read|write)_(try)?lock|queued_(spin|read|write)_lock_slowpath"
                     r"|mutex_spin_on_owner|osq_lock|rwsem_spin_on_owner)")
# The kernel's Rust helpers: C wrappers of inline functions and macros that
# only Rust code calls (a Rust module's locks, atomics, RCU), so their
# instructions are the Rust driver's overhead outside its module.
HELPER_RE = re.compile(r"^rust_helper_")
FAR = 1 << 20  # a TB this far past its nearest symbol is not in it


def read_dump(path):
    blocks, user = {}, 0
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                m = re.search(r"user_insns=(\d+)", line)
                if m:
                    user = int(m.group(1))
                continue
            a, n, c = line.split()
            blocks[(int(a, 16), int(n))] = int(c)
    return blocks, user


def read_syms(path):
    syms = {}
    with open(path) as f:
        for line in f:
            p = line.split()
            # ARM mapping symbols ($a, $t, $d) of modules are no functions.
            if len(p) < 3 or p[2].startswith("$"):
                continue
            addr = int(p[0], 16)
            mod = p[3].strip("[]") if len(p) > 3 else ""
            # Aliases at one address: the global one, else the shortest name
            # (memset rather than ARM's mmioset).
            rank = (p[1] not in "TW", len(p[2]))
            if addr not in syms or rank < syms[addr][3]:
                syms[addr] = (p[2], mod, p[1], rank)
    addrs = sorted(syms)
    return addrs, [syms[a][:2] for a in addrs]


def demangle(names):
    """Rust v0 symbols (_R...) through binutils' c++filt, crate hashes dropped."""
    rust = sorted({n for n in names if n.startswith("_R")})
    out = {}
    if rust:
        try:
            r = subprocess.run(["c++filt"], input="\n".join(rust) + "\n", capture_output=True,
                               text=True, check=True)
            for m, d in zip(rust, r.stdout.splitlines()):
                out[m] = re.sub(r"\[[0-9a-f]{8,16}\]", "", d)
        except (OSError, subprocess.CalledProcessError):
            pass
    return out


def short(name, width=90):
    return name if len(name) <= width else name[: width - 1] + "…"


def read_sizes(path):
    """Function sizes of the driver's modules (nm -S of the .ko): "module name size"."""
    sizes = {}
    try:
        with open(path) as f:
            for line in f:
                m, n, z = line.split()
                sizes[(n, m)] = int(z, 16)
    except FileNotFoundError:
        pass
    return sizes


def profile(run):
    start, ustart = read_dump(f"{run}/tb.start")
    stop, ustop = read_dump(f"{run}/tb.stop")
    addrs, syms = read_syms(f"{run}/kallsyms")
    sizes = read_sizes(f"{run}/sizes")
    info = {}
    with open(f"{run}/info") as f:
        for line in f:
            k, _, v = line.strip().partition(" ")
            info[k] = v
    per = defaultdict(int)  # symbol -> instructions
    calls = defaultdict(int)  # symbol -> executions of the block at its start
    for key, c in stop.items():
        d = c - start.get(key, 0)
        if d <= 0:
            continue
        a, n = key
        i = bisect.bisect_right(addrs, a) - 1
        if i < 0 or a - addrs[i] > FAR:
            # (The ARM vector page: 32-bit guests only.)
            sym = ("[vectors]" if 0xFFFF0000 <= a < 1 << 32 else "[unknown]", "")
        else:
            sym = syms[i]
            if a == addrs[i]:
                calls[sym] += d
            elif sym[1] and a - addrs[i] >= sizes.get(sym, FAR):
                # Past the module's functions: on ppc32 its PLT, the stubs
                # every call from the module to the kernel goes through.
                sym = ("[PLT stubs: module calls into the kernel]", sym[1])
        per[sym] += n * d
    return per, calls, ustop - ustart, info


def fmt_m(n):
    return f"{n / 1e6:,.1f}"


def main():
    meta_path, md_path, tsv_path = sys.argv[1:4]
    runs = [a.split("=", 1) for a in sys.argv[4:]]
    meta, header = {}, []
    with open(meta_path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("- "):
                header.append(line)
            elif line:
                k, _, v = line.partition(" ")
                meta[k] = v

    res = {}
    for drv, run in runs:
        per, calls, user, info = profile(run)
        rate = float(info.get("rate_mbps", 0))
        secs = float(info.get("secs", 0))
        mb = rate * secs / 8  # 10^6 bytes of payload
        own = set(meta.get(f"modules_{drv}", "").split())
        res[drv] = dict(per=per, calls=calls, user=user, info=info, rate=rate, secs=secs, mb=mb,
                        own=own)

    names = demangle({s[0] for r in res.values() for s in r["per"]})

    def label(sym):
        return names.get(sym[0], sym[0])

    def where(sym, own):
        if not sym[1]:
            return "kernel"
        return f"**{sym[1]}** (driver)" if sym[1] in own else sym[1]

    board, load = meta.get("board", "?"), meta.get("load", "?")
    out = [f"# Kernel profile: {board}, {load}", ""]
    out += header
    out += [
        "",
        "Guest instructions executed in the kernel (modules included) during the"
        " measurement window, counted per translation block by the QEMU TCG plugin"
        " `scripts/profile/insncount.c` and attributed to the kallsyms symbol containing"
        " the block's start (all vCPUs added up). Under TCG the guest CPU is the"
        " bottleneck, and instructions stand for its work; not for all of its time: a"
        " halted (idle) vCPU executes none, and the device models (a Tx doorbell write"
        " sends the frames there and then) run in QEMU between two guest instructions."
        " The guest's own busy time (/proc/stat) is shown beside, for that reason."
        " MB = 10^6 bytes of payload moved"
        " (iperf3 receiver rate × duration); per-MB figures are in thousands of"
        " instructions (k/MB). Calls: executions of the block at the symbol's address"
        " (function entries). Driver modules in **bold**.",
        "",
    ]
    out += ["## Totals", "",
            "| | " + " | ".join(res) + " |",
            "|---|" + "---:|" * len(res)]

    def row(title, f):
        out.append(f"| {title} | " + " | ".join(f(r) for r in res.values()) + " |")

    def idle(r):
        return sum(v for s, v in r["per"].items() if not s[1] and s[0] in IDLE)

    def own(r):
        return sum(v for s, v in r["per"].items() if s[1] in r["own"])

    def kernel(r):
        return sum(r["per"].values())

    def locks(r):
        return sum(v for s, v in r["per"].items() if LOCK_RE.match(s[0]))

    def helpers(r):
        return sum(v for s, v in r["per"].items() if not s[1] and HELPER_RE.match(s[0]))

    def per_mb(n, r):
        return f"{n / r['mb'] / 1e3:,.0f}" if r["mb"] else "-"

    row("driver", lambda r: r["info"].get("driver", "").split("driver: ")[-1] or "-")
    def info(r, k):
        return float(r["info"].get(k, 0))

    def mips(r):
        b = info(r, "cpu_busy_s")
        return f"{(kernel(r) + r['user']) / b / 1e6:,.0f}" if b else "-"

    row("rate (Mbit/s)", lambda r: f"{r['rate']:.1f}")
    row("transfer (s) / MB moved", lambda r: f"{r['secs']:.0f} / {r['mb']:.1f}")
    row("guest CPU busy during the transfer (%, all CPUs = 100)",
        lambda r: f"{100 * info(r, 'cpu_busy_s') / info(r, 'cpu_total_s'):.0f}"
        if info(r, "cpu_total_s") else "-")
    row("interrupts per MB",
        lambda r: f"{info(r, 'irqs') / r['mb']:,.1f}" if r["mb"] and "irqs" in r["info"] else "-")
    row("kernel instructions (M)", lambda r: fmt_m(kernel(r)))
    row("… of which in the idle loop (M)", lambda r: fmt_m(idle(r)))
    row("… of which driver module (M)", lambda r: fmt_m(own(r)))
    row("user-space instructions (M)", lambda r: fmt_m(r["user"]))
    row("M instructions per busy CPU-second", mips)
    row("kernel k/MB (idle excluded)", lambda r: per_mb(kernel(r) - idle(r), r))
    row("… lock acquisition, spinning included (`_raw_*_lock*`, …) k/MB", lambda r: per_mb(locks(r), r))
    row("… driver module k/MB", lambda r: per_mb(own(r), r))
    row("… the kernel's Rust helpers (`rust_helper_*`, called by Rust code only) k/MB",
        lambda r: per_mb(helpers(r), r))
    row("… rest of the kernel k/MB",
        lambda r: per_mb(kernel(r) - idle(r) - own(r) - locks(r) - helpers(r), r))
    row("user space k/MB", lambda r: per_mb(r["user"], r))
    out.append("")

    for drv, r in res.items():
        tot = kernel(r)
        out += [f"## Top {TOP} symbols: {drv}", "",
                "| # | symbol | where | M insns | share | k/MB | calls/MB | insns/call |",
                "|---:|---|---|---:|---:|---:|---:|---:|"]
        top = sorted(r["per"].items(), key=lambda kv: -kv[1])[:TOP]
        for i, (s, v) in enumerate(top, 1):
            c = r["calls"].get(s, 0)
            cmb = f"{c / r['mb']:,.0f}" if r["mb"] else "-"
            ipc = f"{v / c:,.0f}" if c else "-"
            out.append(f"| {i} | `{short(label(s))}` | {where(s, r['own'])} | {fmt_m(v)} |"
                       f" {100 * v / tot:.1f} % | {per_mb(v, r)} | {cmb} | {ipc} |")
        out.append("")

    if len(res) >= 2:
        a, b = list(res)[:2]
        ra, rb = res[a], res[b]
        if ra["mb"] and rb["mb"]:
            keys = set(ra["per"]) | set(rb["per"])
            diff = []
            for s in keys:
                x = ra["per"].get(s, 0) / ra["mb"] / 1e3
                y = rb["per"].get(s, 0) / rb["mb"] / 1e3
                cx = ra["calls"].get(s, 0) / ra["mb"]
                cy = rb["calls"].get(s, 0) / rb["mb"]
                diff.append((y - x, s, x, y, cx, cy))
            diff.sort(key=lambda t: -abs(t[0]))
            out += [f"## Biggest differences in instructions per MB: {b} - {a}", "",
                    f"Thousands of instructions per MB moved (positive: {b} spends more), and"
                    " calls per MB.", "",
                    f"| symbol | where | {a} k/MB | {b} k/MB | {b} - {a} | {a} calls/MB |"
                    f" {b} calls/MB |",
                    "|---|---|---:|---:|---:|---:|---:|"]
            for d, s, x, y, cx, cy in diff[:TOP]:
                w = where(s, ra["own"] | rb["own"])
                out.append(f"| `{short(label(s))}` | {w} | {x:,.1f} | {y:,.1f} | {d:+,.1f} |"
                           f" {cx:,.0f} | {cy:,.0f} |")
            out.append("")
            # The drivers' own functions never share a name; the rest of the
            # kernel does, and shows what each driver makes the stack do.
            out += [f"## Biggest differences outside the driver modules: {b} - {a}", "",
                    f"| symbol | {a} k/MB | {b} k/MB | {b} - {a} | {a} calls/MB | {b} calls/MB |",
                    "|---|---:|---:|---:|---:|---:|"]
            rest = [t for t in diff if t[1][1] not in ra["own"] | rb["own"]]
            for d, s, x, y, cx, cy in rest[:TOP // 2]:
                out.append(f"| `{short(label(s))}`{' [' + s[1] + ']' if s[1] else ''} | {x:,.1f} |"
                           f" {y:,.1f} | {d:+,.1f} | {cx:,.0f} | {cy:,.0f} |")
            out.append("")
            # The drivers' own functions side by side, by rank.
            out += ["## Driver module functions side by side", "",
                    f"| # | {a} | k/MB | {b} | k/MB |", "|---:|---|---:|---|---:|"]
            mods = [sorted(((v, s) for s, v in r["per"].items() if s[1] in r["own"]),
                           key=lambda t: -t[0])[:TOP // 2] for r in (ra, rb)]
            for i in range(max(len(mods[0]), len(mods[1]))):
                cells = []
                for r, m in zip((ra, rb), mods):
                    if i < len(m):
                        cells += [f"`{short(label(m[i][1]), 70)}`", per_mb(m[i][0], r)]
                    else:
                        cells += ["", ""]
                out.append(f"| {i + 1} | " + " | ".join(cells) + " |")
            out.append("")

    with open(md_path, "w") as f:
        f.write("\n".join(out))
    with open(tsv_path, "w") as f:
        f.write("board\tload\tdriver\tsymbol\tmodule\tinsns\tcalls\tshare\tk_per_mb\n")
        for drv, r in res.items():
            tot = kernel(r) or 1
            for s, v in sorted(r["per"].items(), key=lambda kv: -kv[1]):
                kmb = f"{v / r['mb'] / 1e3:.2f}" if r["mb"] else ""
                f.write(f"{board}\t{load}\t{drv}\t{label(s)}\t{s[1]}\t{v}\t{r['calls'].get(s, 0)}"
                        f"\t{v / tot:.5f}\t{kmb}\n")


if __name__ == "__main__":
    main()
