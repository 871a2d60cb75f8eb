// SPDX-License-Identifier: GPL-2.0

//! Counters: the driver's own, read locklessly, and the names `ethtool -S`
//! gives them and the MIB counters.

use crate::fec::regs;
use crate::netdev::xdp::XDP_STAT_NAMES;
use crate::rxring::RxStats;
use kernel::{
    prelude::*,
    sync::atomic::Atomic, //
};

/// 64-bit counters (`atomic64_t`, also on 32-bit CPUs), added once per poll
/// and read by `ndo_get_stats64` without taking the ring locks; the Tx
/// queues count their packets themselves (`TxStats`).
pub(crate) struct FecStats {
    /// The Rx ring's.
    pub(crate) rx: RxStats,
    pub(crate) tx_dropped: Atomic<u64>,
    /// Packets still in the Tx ring when the MAC was reset (link change).
    pub(crate) tx_flushed: Atomic<u64>,
    /// Packets copied to meet the Tx buffer alignment.
    pub(crate) tx_bounced: Atomic<u64>,
    /// MAC restarts for link changes.
    pub(crate) link_restarts: Atomic<u64>,
}

impl Default for FecStats {
    fn default() -> Self {
        let z = || Atomic::new(0u64);
        FecStats {
            rx: RxStats::default(),
            tx_dropped: z(),
            tx_flushed: z(),
            tx_bounced: z(),
            link_restarts: z(),
        }
    }
}

/// `ethtool -S` counter names: driver counters, the coalescing registers as
/// written (QEMU keeps no value, so this is where they can be checked), then
/// the MIB counters and the XDP counters under the C driver's names.
pub(crate) static STAT_NAMES: [&CStr; 20 + regs::MIB_COUNT + XDP_STATS] = {
    let drv: [&CStr; 20] = [
        c"sw_rx_packets",
        c"sw_rx_bytes",
        c"sw_rx_errors",
        c"sw_rx_dropped",
        c"sw_rx_crc_errors",
        c"sw_rx_length_errors",
        c"sw_rx_frame_errors",
        c"sw_rx_fifo_errors",
        c"sw_rx_csum_ok",
        c"sw_tx_packets",
        c"sw_tx_bytes",
        c"sw_tx_dropped",
        c"sw_tx_flushed",
        c"sw_tx_bounced",
        c"sw_tx_tso_packets",
        c"sw_tx_tso_frames",
        c"sw_link_restarts",
        c"sw_rx_alloc_failures",
        c"txic_programmed",
        c"rxic_programmed",
    ];
    let mut all = [c""; 20 + regs::MIB_COUNT + XDP_STATS];
    let mut i = 0;
    while i < all.len() {
        all[i] = if i < drv.len() {
            drv[i]
        } else if i < drv.len() + regs::MIB_COUNT {
            regs::MIB[i - drv.len()].0
        } else {
            XDP_STAT_NAMES[i - drv.len() - regs::MIB_COUNT]
        };
        i += 1;
    }
    all
};

/// The XDP counters at the end of [`STAT_NAMES`].
const XDP_STATS: usize = XDP_STAT_NAMES.len();
