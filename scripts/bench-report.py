#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench-report.py <results.tsv> <report.md> <plot.png>

Summarizes the benchmark results of scripts/bench.sh: per set (main run and
sweeps), metric and driver the median, min-max and count of the runs, and
the Rust/C ratio of the medians; a Markdown report and a PNG plot of the
main set (medians with min-max bars).
"""
import statistics
import sys
from collections import defaultdict

UNITS = {
    "tcp_tx_mbps": "iperf3 TCP tx (Mbit/s)",
    "tcp_rx_mbps": "iperf3 TCP rx (Mbit/s)",
    "netperf_stream_mbps": "netperf TCP_STREAM (Mbit/s)",
    "netperf_maerts_mbps": "netperf TCP_MAERTS (Mbit/s)",
    "udp64_tx_kpps": "UDP 64 B tx (kpps at the host)",
    "udp64_rx_kpps": "UDP 64 B rx (kpps, host flood)",
    "xdp_drop_kpps": "XDP_DROP (kpps, host flood)",
    "xdp_tx_kpps": "XDP_TX (kpps, host flood)",
    "xdp_redirect_kpps": "XDP_REDIRECT to the same port (kpps, host flood)",
    "xsk_rxdrop_kpps": "AF_XDP zero-copy rx-drop (kpps, host flood)",
    "xsk_txonly_kpps": "AF_XDP zero-copy tx-only, 60 B (kpps completed)",
    "udp64_rx_paced_kpps": "UDP 64 B rx (kpps, paced host flood)",
    "xdp_drop_paced_kpps": "XDP_DROP (kpps, paced host flood)",
    "xdp_tx_paced_kpps": "XDP_TX (kpps, paced host flood)",
    "xdp_redirect_paced_kpps": "XDP_REDIRECT to the same port (kpps, paced host flood)",
    "netperf_stream_1k_mbps": "netperf TCP_STREAM, 1 KiB sends (Mbit/s)",
    "netperf_stream_4k_mbps": "netperf TCP_STREAM, 4 KiB sends (Mbit/s)",
    "netperf_maerts_1k_mbps": "netperf TCP_MAERTS, 1 KiB sends (Mbit/s)",
    "netperf_maerts_4k_mbps": "netperf TCP_MAERTS, 4 KiB sends (Mbit/s)",
    "tcp_rr_1_tps": "netperf TCP_RR 1 B (transactions/s)",
    "tcp_rr_1k_tps": "netperf TCP_RR 1 KiB (transactions/s)",
    "udp_rr_1_tps": "netperf UDP_RR 1 B (transactions/s)",
    "udp_rr_1k_tps": "netperf UDP_RR 1 KiB (transactions/s)",
}
# Higher is better for rates; lower for CPU use and service demand.
LOWER_BETTER = ("_cpu", "_sd", "_hsd", "_upf")


def label(metric):
    for suffix, what in (("_cpu", "guest CPU %"), ("_hsd", "host vCPU time us/KB"),
                         ("_sd", "service demand us/KB"), ("_upf", "guest CPU us per frame")):
        if metric.endswith(suffix):
            return f"{UNITS.get(metric[: -len(suffix)], metric[: -len(suffix)])}: {what}"
    return UNITS.get(metric, metric)


def main():
    tsv, md, png = sys.argv[1:4]
    header = []
    data = defaultdict(list)  # (set, metric, driver) -> values
    order = []
    with open(tsv) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#"):
                header.append(line[2:])
                continue
            if line.startswith("set\t") or not line:
                continue
            st, _rnd, drv, metric, value = line.split("\t")
            key = (st, metric)
            if key not in order:
                order.append(key)
            data[(st, metric, drv)].append(float(value))

    out = ["# Benchmark: Rust vs C driver", ""]
    out += [f"- {h}" for h in header]
    out += [
        "",
        "Median of the runs, [min-max] and run count; ratio = second column's median /"
        " first's (Rust / C; in the NAPI sweep combined / split); for CPU use and service"
        " demand lower is better.",
        "",
    ]
    sets = []
    for st, _ in order:
        if st not in sets:
            sets.append(st)
    for st in sets:
        drivers = []
        for (s2, _m, drv) in data:
            if s2 == st and drv not in drivers:
                drivers.append(drv)
        # C first where present.
        drivers.sort(key=lambda d: (d != "c", d != "rust-split", d))
        title = {"main": "main run", "apps": "applications' loads: small sends, request/response",
                 "napi": "sweep: split vs combined NAPI (ours)",
                 "xdp": "XDP and AF_XDP: the receive loads"}.get(st, "sweep: " + st)
        names = {"c": "C", "rust": "Rust", "rust-split": "Rust, split NAPI", "rust-combined": "Rust, combined NAPI"}
        out += [f"## {title}", ""]
        out += ["| metric | " + " | ".join(names.get(d, d) for d in drivers) + " | ratio |",
                "|---|" + "---|" * (len(drivers) + 1)]
        for s2, metric in order:
            if s2 != st:
                continue
            cells = []
            meds = []
            for drv in drivers:
                v = data.get((st, metric, drv), [])
                if v:
                    meds.append(statistics.median(v))
                    cells.append(f"{meds[-1]:.1f} [{min(v):.1f}-{max(v):.1f}] n={len(v)}")
                else:
                    meds.append(None)
                    cells.append("-")
            ratio = "-"
            if len(meds) == 2 and meds[0] and meds[1] is not None:
                ratio = f"{meds[1] / meds[0]:.2f}"
            out.append(f"| {label(metric)} | " + " | ".join(cells) + f" | {ratio} |")
        out.append("")
    with open(md, "w") as f:
        f.write("\n".join(out))

    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no plot", file=sys.stderr)
        return
    # The main run, and the rates of the applications' and XDP loads (on a
    # paced flood the cost per frame, the rate being the offered one).
    plotted = [(s2, m) for s2, m in order
               if s2 == "main"
               or (s2 in ("apps", "xdp") and not m.endswith(LOWER_BETTER) and "_paced" not in m)
               or (s2 == "xdp" and "_paced" in m and m.endswith("_upf"))]
    metrics = [m for _s2, m in plotted]
    if not metrics:
        return
    # A grid, four panels a row, each readable on its own.
    cols = min(4, len(metrics))
    rows = (len(metrics) + cols - 1) // cols
    fig, grid = plt.subplots(rows, cols, figsize=(3.2 * cols, 2.9 * rows), squeeze=False)
    axes = [ax for row in grid for ax in row]
    for ax in axes[len(metrics):]:
        ax.axis("off")
    for ax, (st, metric) in zip(axes, plotted):
        for i, drv in enumerate(("c", "rust")):
            v = data.get((st, metric, drv), [])
            if not v:
                continue
            med = statistics.median(v)
            ax.bar(i, med, color=("#888888", "#b7410e")[i],
                   yerr=[[med - min(v)], [max(v) - med]], capsize=4)
        ax.set_xticks([0, 1], ["C", "Rust"])
        ax.set_title(label(metric), fontsize=8, wrap=True)
        ax.tick_params(labelsize=8)
    fig.suptitle(header[0] if header else "benchmark", fontsize=8)
    fig.tight_layout()
    fig.savefig(png, dpi=110)


if __name__ == "__main__":
    main()
