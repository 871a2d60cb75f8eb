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
    // (The rule the C helpers apply; the host tests check it.)
    #[cfg_attr(not(test), expect(dead_code))]
    pub(crate) const fn should_stop(self, free: u32) -> bool {
        free < self.stop
    }

    /// Whether completion may wake a stopped queue with `free` descriptors.
    // (The rule the C helpers apply; the host tests check it.)
    #[cfg_attr(not(test), expect(dead_code))]
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

/// Descriptors a Tx ring hands to the hardware between two that request a
/// completion interrupt ([`TxIrqBatch`]).
pub(crate) const TX_IRQ_EVERY: u32 = 16;

/// How long, in microseconds, a packet whose descriptors request no
/// completion interrupt may wait for its Tx completion: a timer started at
/// such a packet schedules the Tx NAPI at the latest this long after
/// (the `tx-usecs` default of stmmac, whose descriptors work the same way).
pub(crate) const TX_IRQ_WAIT_US: u32 = 1000;

/// Which packets request a Tx completion interrupt.
///
/// Both MACs have an interrupt bit per descriptor; the C drivers set it on
/// every frame and leave the rate to the MAC's interrupt coalescing. Here a
/// packet's last descriptor requests one only when
///
/// * [`TX_IRQ_EVERY`] descriptors have been handed over since the last one
///   that did (the completion that interrupt reports reclaims all before
///   it: rings complete in order),
/// * the ring will be close to its stop threshold after the packet, or the
///   queue is stopped after it (BQL, or the ring: the wake must not wait),
/// * it is a TSO packet (TCP's small queues wait for its completion),
/// * or it is the queue's first since an Rx poll delivered frames: it may
///   answer them (request/response), its sender then waits on the peer,
///   not on the ring, and the timer would cost every transaction its
///   events (ppce500, netperf UDP_RR, 2026-12-07: 0.69 of the C gianfar's
///   rate with the timer for such packets, 0.98 with an interrupt for
///   every packet; medians of four boots).
///
/// Every other packet leaves the driver a timer of [`TX_IRQ_WAIT_US`] to
/// start, which bounds its wait. A completion interrupt then covers up to
/// sixteen packets instead of one (with coalescing in the MAC as well, on
/// silicon the coalescing counts those interrupts).
///
/// Only on a machine with one CPU: with several, the interrupt takes the
/// completion work to its own CPU, and the timer, which runs where the
/// packet was sent, would bring it back onto the sending CPU (i.MX7D,
/// traffic on CPU1 and the NIC's interrupts on CPU0, 2026-12-04: 64-byte UDP
/// tx 15.7 kpps with batches against the C fec's 19.8, medians of 3 and 4
/// rounds). There every packet requests its interrupt, as in the C drivers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TxIrqBatch {
    /// Descriptors handed over since the last that requested an interrupt.
    pending: u32,
    /// Descriptors per interrupt: [`TX_IRQ_EVERY`], or 1 without batches.
    every: u32,
}

impl TxIrqBatch {
    /// Interrupts in batches (`batch`) or for every packet.
    pub(crate) const fn new(batch: bool) -> Self {
        Self {
            pending: 0,
            every: if batch { TX_IRQ_EVERY } else { 1 },
        }
    }

    /// Forgets the packets handed over (the ring was flushed).
    pub(crate) fn reset(&mut self) {
        self.pending = 0;
    }

    /// Whether a packet of `nbds` descriptors (`tso`: a TSO packet;
    /// `answer`: the first since frames were received) requests an
    /// interrupt, decided before it is mapped: `free_after` descriptors
    /// stay free after it on a ring whose queue stops below `stop` free.
    pub(crate) const fn wants(
        self,
        nbds: u32,
        tso: bool,
        answer: bool,
        free_after: u32,
        stop: u32,
    ) -> bool {
        tso || answer || self.pending + nbds >= self.every || free_after < stop + TX_IRQ_EVERY
    }

    /// Whether interrupts come in batches (else every packet requests one,
    /// and whether it answers a receive does not matter).
    pub(crate) const fn batches(self) -> bool {
        self.every > 1
    }

    /// Whether packets may request completion interrupts at all: not with
    /// batches while the transmitter is stalled through debugfs
    /// (`stall_tx`, `stalled`: no doorbells, so no interrupts either). The
    /// timer then covers every packet, and its polls ring the doorbell
    /// again once the transmitter may go; a packet that had requested one
    /// would wait for an interrupt that never comes.
    pub(crate) const fn may_request(self, stalled: bool) -> bool {
        !(stalled && self.batches())
    }

    /// Records a packet of `nbds` descriptors handed to the hardware, which
    /// requested an interrupt (`irq`) or not.
    pub(crate) fn handed(&mut self, nbds: u32, irq: bool) {
        self.pending = if irq { 0 } else { self.pending + nbds };
    }

    /// Descriptors handed over since the last that requested an interrupt.
    // (The rule the C helpers apply; the host tests check it.)
    #[cfg_attr(not(test), expect(dead_code))]
    pub(crate) const fn pending(self) -> u32 {
        self.pending
    }

    /// What a Tx poll does with the completion timer after reclaiming,
    /// with packets still `in_flight` or none, on a transmitter that may
    /// send (`may_send`; not while it is halted for a link change).
    pub(crate) const fn after_reclaim(self, in_flight: bool, may_send: bool) -> TxTimer {
        if self.every == 1 {
            // No batches: every packet requested its interrupt.
            TxTimer::Keep
        } else if !in_flight {
            TxTimer::Cancel
        } else if self.pending > 0 && may_send {
            // The last packets requested no interrupt and the hardware is
            // not done with them: only the timer comes back for them.
            TxTimer::Rearm
        } else {
            TxTimer::Keep
        }
    }
}

/// The completion timer after a Tx poll ([`TxIrqBatch::after_reclaim`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TxTimer {
    /// Leave it as it is.
    Keep,
    /// Nothing in flight: no completion is owed to it (unless a packet
    /// came since the poll read the ring).
    Cancel,
    /// Start it again, and ring the doorbell (a packet dropped after one
    /// sent with `xmit_more` leaves those before it unannounced).
    Rearm,
}
