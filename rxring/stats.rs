// SPDX-License-Identifier: GPL-2.0

//! What became of received frames: the outcome of each, the counts of one
//! Rx poll and the ring's counters they are added to.

use kernel::sync::atomic::{
    Atomic,
    Relaxed, //
};

use crate::netdev::net::{
    Stats,
    StdStats, //
};

/// Counts of one Rx poll, added to the driver's statistics at its end;
/// counts a driver keeps no statistic for stay zero. 32 bits: a poll takes
/// at most a NAPI budget of descriptors, 64 of at most 64 KiB.
#[derive(Default)]
pub(crate) struct RxCounts {
    pub(crate) packets: u32,
    pub(crate) bytes: u32,
    pub(crate) errors: u32,
    pub(crate) dropped: u32,
    pub(crate) crc_errors: u32,
    pub(crate) length_errors: u32,
    pub(crate) frame_errors: u32,
    pub(crate) fifo_errors: u32,
    pub(crate) csum_ok: u32,
    pub(crate) alloc_failures: u32,
}

impl RxCounts {
    /// Counts a frame of `len` bytes by what became of it (`csum_ok`: the
    /// MAC verified its checksums).
    #[inline]
    pub(crate) fn count(&mut self, d: Delivery, csum_ok: bool, len: u32) {
        match d {
            Delivery::Delivered => {
                self.packets += 1;
                self.bytes += len;
                self.csum_ok += u32::from(csum_ok);
            }
            // Received, then sent, redirected or dropped by XDP.
            Delivery::Xdp => {
                self.packets += 1;
                self.bytes += len;
            }
            Delivery::NoBuffer => {
                self.dropped += 1;
                self.alloc_failures += 1;
            }
            Delivery::Dropped => self.dropped += 1,
            Delivery::LengthError => self.length_error(),
        }
    }

    /// Counts a frame dropped for an impossible length.
    #[inline]
    pub(crate) fn length_error(&mut self) {
        self.errors += 1;
        self.length_errors += 1;
    }
}

/// An Rx ring's counters (`atomic64_t`, also on 32-bit CPUs): its polls'
/// [`RxCounts`], added once per poll and read by `ndo_get_stats64` without
/// the ring's lock.
pub(crate) struct RxStats {
    pub(crate) packets: Atomic<u64>,
    pub(crate) bytes: Atomic<u64>,
    pub(crate) errors: Atomic<u64>,
    pub(crate) dropped: Atomic<u64>,
    pub(crate) crc_errors: Atomic<u64>,
    pub(crate) length_errors: Atomic<u64>,
    pub(crate) frame_errors: Atomic<u64>,
    pub(crate) fifo_errors: Atomic<u64>,
    /// Frames whose checksums the MAC verified.
    pub(crate) csum_ok: Atomic<u64>,
    /// Rx buffer allocations that failed (the frame was dropped).
    pub(crate) alloc_failures: Atomic<u64>,
}

impl Default for RxStats {
    fn default() -> Self {
        let z = || Atomic::new(0u64);
        RxStats {
            packets: z(),
            bytes: z(),
            errors: z(),
            dropped: z(),
            crc_errors: z(),
            length_errors: z(),
            frame_errors: z(),
            fifo_errors: z(),
            csum_ok: z(),
            alloc_failures: z(),
        }
    }
}

impl RxStats {
    /// Adds the counts of a poll. (Inlined, so that the poll's counts stay
    /// in registers, not zeroed in memory by a `memset()` call per poll.)
    #[inline(always)]
    pub(crate) fn add(&self, n: &RxCounts) {
        for (c, v) in [
            (&self.packets, n.packets),
            (&self.bytes, n.bytes),
            (&self.errors, n.errors),
            (&self.dropped, n.dropped),
            (&self.crc_errors, n.crc_errors),
            (&self.length_errors, n.length_errors),
            (&self.frame_errors, n.frame_errors),
            (&self.fifo_errors, n.fifo_errors),
            (&self.csum_ok, n.csum_ok),
            (&self.alloc_failures, n.alloc_failures),
        ] {
            if v != 0 {
                c.add(u64::from(v), Relaxed);
            }
        }
    }

    /// Adds the counters to the device's (`ndo_get_stats64`); FIFO
    /// overruns count as `rx_over_errors`.
    pub(crate) fn report(&self, s: &mut Stats) {
        s.rx_packets += self.packets.load(Relaxed);
        s.rx_bytes += self.bytes.load(Relaxed);
        s.rx_errors += self.errors.load(Relaxed);
        s.rx_dropped += self.dropped.load(Relaxed);
        s.rx_crc_errors += self.crc_errors.load(Relaxed);
        s.rx_length_errors += self.length_errors.load(Relaxed);
        s.rx_frame_errors += self.frame_errors.load(Relaxed);
        s.rx_over_errors += self.fifo_errors.load(Relaxed);
    }

    /// Reports the counters as the Rx queue's qstats.
    pub(crate) fn report_queue(&self, s: &mut StdStats) {
        s.rx_packets = self.packets.load(Relaxed);
        s.rx_bytes = self.bytes.load(Relaxed);
        s.rx_alloc_fail = self.alloc_failures.load(Relaxed);
    }
}

/// What became of a received frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Delivery {
    /// Handed to GRO (with the checksum verdict given).
    Delivered,
    /// Dropped: no new buffer (the frame's buffer went back to the
    /// hardware, so the ring never runs dry).
    NoBuffer,
    /// Dropped: no skb could be built around it.
    Dropped,
    /// Taken by the XDP program: sent back, redirected or dropped (as its
    /// [`XdpCounts`] say).
    Xdp,
    /// Dropped for an impossible length (a length error).
    #[cfg_attr(nxp_fec, expect(dead_code))]
    LengthError,
}
