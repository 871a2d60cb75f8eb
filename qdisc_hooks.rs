// SPDX-License-Identifier: GPL-2.0

//! The driver side of the qdisc contract, shared by both drivers.
//!
//! Pure logic, also built on the host for `cargo test` (tests/host).
//!
//! `Documentation/networking/driver.rst` asks a driver to stop its queue in
//! advance, while a maximal packet still fits, and to wake it only once there
//! is room for a few such packets again (hysteresis), so that the qdisc never
//! spins against a queue that flaps and `NETDEV_TX_BUSY` never happens in
//! normal operation. The kernel helpers that implement the lockless protocol
//! (`netif_txq_maybe_stop()`, `netif_txq_completed_wake()`) take the two
//! thresholds computed here.

/// Why Tx thresholds cannot be met by a ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ThresholdError {
    /// The ring cannot hold the wake threshold's worth of descriptors.
    RingTooSmall,
}

/// Stop and wake thresholds of a Tx ring, in free descriptors.
///
/// # Invariants
///
/// `stop >= max_descs`, `wake >= stop + max_descs` and `wake <= ring size`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TxThresholds {
    stop: u32,
    wake: u32,
}

impl TxThresholds {
    /// Thresholds for a ring of `ring_size` descriptors where one packet may
    /// need up to `max_descs` descriptors (`MAX_SKB_FRAGS + 1` plus any
    /// per-packet extras of the hardware).
    ///
    /// Stop when fewer than `max_descs` are free (the next packet might not
    /// fit); wake when two maximal packets fit: the first leaves the queue
    /// awake, the second still fits the stop reserve (the fec lesson: no
    /// wake without room for two maximal packets). More hysteresis only
    /// idles the hardware: on a 64-entry ring, waking at 54 free let the
    /// ring drain to 10 descriptors in flight before refilling.
    pub(crate) fn new(ring_size: u32, max_descs: u32) -> Result<Self, ThresholdError> {
        let stop = max_descs;
        let wake = stop + max_descs;
        if wake > ring_size {
            return Err(ThresholdError::RingTooSmall);
        }
        // INVARIANT: by construction and the check above.
        Ok(Self { stop, wake })
    }

    /// The smallest ring offered for packets of `max_descs` descriptors:
    /// room for three maximal packets, rounded up to a power of two.
    pub(crate) const fn min_ring(max_descs: u32) -> u32 {
        (3 * max_descs).next_power_of_two()
    }

    /// Free descriptors below which the queue is stopped (`stop_thrs`).
    pub(crate) const fn stop(self) -> u32 {
        self.stop
    }

    /// Free descriptors from which a stopped queue is woken (`start_thrs`).
    pub(crate) const fn wake(self) -> u32 {
        self.wake
    }

    /// Whether xmit must stop the queue after queueing, with `free` left.
    pub(crate) const fn should_stop(self, free: u32) -> bool {
        free < self.stop
    }

    /// Whether completion may wake a stopped queue with `free` descriptors.
    pub(crate) const fn should_wake(self, free: u32) -> bool {
        free >= self.wake
    }
}

/// Whether xmit must ring the doorbell now: at the end of a batch
/// (`!xmit_more`), or when the queue was just stopped, since no further
/// packet of the batch will come to ring it (`__netdev_tx_sent_queue()`).
pub(crate) const fn doorbell(xmit_more: bool, queue_stopped: bool) -> bool {
    !xmit_more || queue_stopped
}
