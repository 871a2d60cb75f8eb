// SPDX-License-Identifier: GPL-2.0

//! Counters: each group's own, read locklessly, and the names `ethtool -S`
//! gives them and the MIB counters.

use crate::netdev::xdp::XDP_STAT_NAMES;
use crate::rxring::RxStats;
use kernel::{
    prelude::*,
    sync::atomic::Atomic, //
};

/// 64-bit counters of a group (`atomic64_t`, also on 32-bit CPUs).
pub(crate) struct GroupStats {
    /// The group's Rx ring's.
    pub(crate) rx: RxStats,
    pub(crate) tx_dropped: Atomic<u64>,
    /// Times the Rx ring ran out of buffers and the hardware halted it.
    pub(crate) rx_ring_halts: Atomic<u64>,
    /// Halts after which the ring's RxBD pointer was not at the driver's
    /// next descriptor and was set back to it (QEMU's eTSEC model steps past
    /// the full descriptor it halted on; silicon stops on it, so this stays
    /// 0 there).
    pub(crate) rx_ring_resyncs: Atomic<u64>,
}

impl Default for GroupStats {
    fn default() -> Self {
        let z = || Atomic::new(0u64);
        GroupStats {
            rx: RxStats::default(),
            tx_dropped: z(),
            rx_ring_halts: z(),
            rx_ring_resyncs: z(),
        }
    }
}

/// `ethtool -S` counter names: software counters, the programmed coalescing
/// registers (QEMU ignores them, so this is where they can be checked), then
/// the RMON MIB counters (0x680..=0x73c), then the XDP counters under the C
/// fec's names.
pub(crate) static STAT_NAMES: [&CStr; SW_COUNT + RMON_COUNT + XDP_STAT_NAMES.len()] = {
    let mut all = [c""; SW_COUNT + RMON_COUNT + XDP_STAT_NAMES.len()];
    let mut i = 0;
    while i < all.len() {
        all[i] = if i < BASE_NAMES.len() {
            BASE_NAMES[i]
        } else {
            XDP_STAT_NAMES[i - BASE_NAMES.len()]
        };
        i += 1;
    }
    all
};

/// Software counters and programmed registers in `ethtool -S`.
pub(crate) const SW_COUNT: usize = 17;

/// RMON counters in `ethtool -S`.
pub(crate) const RMON_COUNT: usize = 48;

const BASE_NAMES: [&CStr; SW_COUNT + RMON_COUNT] = [
    c"rx_packets",
    c"rx_bytes",
    c"rx_errors",
    c"rx_dropped",
    c"rx_crc_errors",
    c"rx_length_errors",
    c"tx_packets",
    c"tx_bytes",
    c"tx_dropped",
    c"error_interrupts",
    c"txic_programmed",
    c"rxic_programmed",
    c"rx_ring_halts",
    c"rx_ring_resyncs",
    c"rx_csum_ok",
    c"tx_tso_packets",
    c"tx_tso_frames",
    c"rmon_tr64",
    c"rmon_tr127",
    c"rmon_tr255",
    c"rmon_tr511",
    c"rmon_tr1k",
    c"rmon_trmax",
    c"rmon_trmgv",
    c"rmon_rbyt",
    c"rmon_rpkt",
    c"rmon_rfcs",
    c"rmon_rmca",
    c"rmon_rbca",
    c"rmon_rxcf",
    c"rmon_rxpf",
    c"rmon_rxuo",
    c"rmon_raln",
    c"rmon_rflr",
    c"rmon_rcde",
    c"rmon_rcse",
    c"rmon_rund",
    c"rmon_rovr",
    c"rmon_rfrg",
    c"rmon_rjbr",
    c"rmon_rdrp",
    c"rmon_tbyt",
    c"rmon_tpkt",
    c"rmon_tmca",
    c"rmon_tbca",
    c"rmon_txpf",
    c"rmon_tdfr",
    c"rmon_tedf",
    c"rmon_tscl",
    c"rmon_tmcl",
    c"rmon_tlcl",
    c"rmon_txcl",
    c"rmon_tncl",
    c"rmon_res1",
    c"rmon_tdrp",
    c"rmon_tjbr",
    c"rmon_tfcs",
    c"rmon_txcf",
    c"rmon_tovr",
    c"rmon_tund",
    c"rmon_tfrg",
    c"rmon_car1",
    c"rmon_car2",
    c"rmon_cam1",
    c"rmon_cam2",
];
