// SPDX-License-Identifier: GPL-2.0

//! Tx queues: BQL, the lockless stop/wake helpers and their counters.

use super::*;
use crate::netdev::poll::{
    Napi,
    NapiId,
    NapiOff,
    Polled, //
};
use kernel::types::NotThreadSafe;

/// A Tx queue (`struct netdev_queue`) and its BQL state, of a
/// `net_device` alive for `'a` (see [`NetDev`]).
///
/// # Invariants
///
/// Points to a Tx queue of a `net_device` that lives for `'a`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct TxQueue<'a>(
    pub(super) NonNull<ffi::NetdevQueue>,
    pub(super) PhantomData<NetDev<'a>>,
);

// SAFETY: As for `NetDev`: the pointer is valid on any CPU for the
// `net_device`'s lifetime; each method asks the same context of its caller
// (the queue's xmit lock held, or the queue stopped) wherever the value
// lives.
unsafe impl Send for TxQueue<'_> {}
// SAFETY: See `Send`.
unsafe impl Sync for TxQueue<'_> {}

/// A Tx ring's free-running counters, read by the kernel's lockless
/// stop/wake helpers (`netif_txq_maybe_stop()`, `netif_txq_completed_wake()`).
pub(crate) struct TxCounters<'a> {
    /// Descriptors produced (written by xmit).
    pub(crate) produced: &'a core::sync::atomic::AtomicU32,
    /// Descriptors consumed (written by completion).
    pub(crate) consumed: &'a core::sync::atomic::AtomicU32,
    /// Ring size.
    pub(crate) size: u32,
    /// The queue's stop and wake counts (qstats `tx-stop`, `tx-wake`).
    pub(crate) flow: &'a TxFlowStats,
}

/// How often a Tx queue was stopped because its ring was full, and woken
/// again by completions (a stop undone at once by a racing completion
/// counts as neither).
pub(crate) struct TxFlowStats {
    /// Stops that held.
    stops: Atomic<u64>,
    /// Wakes by completions.
    wakes: Atomic<u64>,
}

impl TxFlowStats {
    /// Both counts at zero.
    pub(crate) const fn new() -> Self {
        Self {
            stops: Atomic::new(0),
            wakes: Atomic::new(0),
        }
    }

    /// Reports both counts as the queue's qstats `tx-stop` and `tx-wake`.
    pub(crate) fn report(&self, s: &mut StdStats) {
        s.tx_stop = self.stops.load(Relaxed);
        s.tx_wake = self.wakes.load(Relaxed);
    }
}

/// What [`TxQueue::sent`] found after reporting a packet to BQL.
#[derive(Clone, Copy)]
pub(crate) struct Sent {
    /// The doorbell must be rung now: the end of an xmit batch, or BQL
    /// stopped the queue.
    pub(crate) kick: bool,
    /// The queue is stopped (by BQL, or by the driver earlier).
    pub(crate) stopped: bool,
}

impl<'a> TxQueue<'a> {
    /// Reports `bytes` queued to BQL: whether the doorbell must be rung now
    /// and whether the queue is stopped.
    pub(crate) fn sent(self, _xmit: &XmitCtx, bytes: u32) -> Sent {
        // SAFETY: Valid queue (type invariant); from xmit (`XmitCtx`), under
        // the queue's xmit lock.
        let r = unsafe { ffi::nxp_tx_sent(self.0.as_ptr(), bytes) };
        Sent {
            kick: r & ffi::NXP_TX_SENT_KICK != 0,
            stopped: r & ffi::NXP_TX_SENT_STOPPED != 0,
        }
    }

    /// Progress on the queue as its Tx watchdog sees it (`XDP` frames
    /// sent on a ring the stack shares).
    pub(crate) fn trans_update(self) {
        // SAFETY: Valid queue (type invariant); the helper writes its
        // `trans_start` with WRITE_ONCE(), allowed in any context.
        unsafe { ffi::nxp_txq_trans_update(self.0.as_ptr()) }
    }

    /// BQL's bytes in flight on the queue (reported sent, not yet
    /// completed); `None` in a kernel without BQL. A snapshot: exact only
    /// while neither xmit nor completion reports to BQL.
    pub(crate) fn bql_inflight(self) -> Option<u32> {
        // SAFETY: Valid queue (type invariant); the helper only reads two
        // counters with READ_ONCE(), which is allowed in any context.
        let v = unsafe { ffi::nxp_txq_bql_inflight(self.0.as_ptr()) };
        u32::try_from(v).ok()
    }

    /// Stops the queue if fewer than `stop` descriptors are free (in advance
    /// of the next packet), re-checking against a racing completion; see
    /// `netif_txq_maybe_stop()`. Returns true if the queue is left stopped.
    #[inline(always)]
    // (`c` by value: a `TxCounters` built for the call stays in registers,
    // made in memory only on the way to the slow path.)
    pub(crate) fn maybe_stop(self, c: TxCounters<'_>, stop: u32, start: u32) -> bool {
        // The common case, room for the next packet, as the C helper's first
        // test (the same unordered reads), inline in xmit without the call.
        let in_flight = c
            .produced
            .load(core::sync::atomic::Ordering::Relaxed)
            .wrapping_sub(c.consumed.load(core::sync::atomic::Ordering::Relaxed));
        if c.size.wrapping_sub(in_flight) >= stop {
            return false;
        }
        self.stop_slow(&c, stop, start)
    }

    /// [`TxQueue::maybe_stop`] once the ring is short of room: the C helper
    /// stops the queue and re-checks.
    #[cold]
    #[inline(never)]
    fn stop_slow(self, c: &TxCounters<'_>, stop: u32, start: u32) -> bool {
        // SAFETY: Valid queue; the counters are live `u32`s read atomically by
        // the C helper.
        let res = unsafe {
            ffi::nxp_txq_maybe_stop(
                self.0.as_ptr(),
                c.produced.as_ptr(),
                c.consumed.as_ptr(),
                c.size,
                stop,
                start,
            )
        };
        // 0: stopped; -1: stopped and restarted at once; 1: not stopped.
        if res == 0 {
            c.flow.stops.add(1, Relaxed);
        }
        res == 0
    }

    /// Takes the queue's xmit lock, as the stack holds it around
    /// `ndo_start_xmit` (`__netif_tx_lock_bh()`; bottom halves off).
    pub(crate) fn lock_xmit(self) -> TxXmitLocked<'a> {
        // SAFETY: Valid queue (type invariant); process or softirq context
        // (a spinlock taken with bottom halves off).
        unsafe { ffi::nxp_txq_lock_bh(self.0.as_ptr()) };
        // INVARIANT: Locked just now, on this CPU.
        TxXmitLocked {
            q: self,
            _cpu_local: NotThreadSafe,
        }
    }
}

/// A Tx queue's xmit lock held ([`TxQueue::lock_xmit`]): `ndo_start_xmit`
/// does not run on the queue, nor do bottom halves on this CPU, until the
/// value is dropped.
///
/// # Invariants
///
/// Holds `q`'s xmit lock, taken on this CPU (`!Send`: unlocked there).
pub(crate) struct TxXmitLocked<'a> {
    q: TxQueue<'a>,
    _cpu_local: NotThreadSafe,
}

impl Drop for TxXmitLocked<'_> {
    fn drop(&mut self) {
        // SAFETY: Locked by `lock_xmit` on this CPU (type invariant).
        unsafe { ffi::nxp_txq_unlock_bh(self.q.0.as_ptr()) }
    }
}

/// A Tx queue and the NAPI instance whose polls report its completions to
/// BQL (the queue's Tx-confirmation NAPI, or the Rx NAPI where one instance
/// serves both): the one reporter of completions, and the one to hold off
/// while BQL is reset. Dereferences to the queue.
///
/// # Invariants
///
/// `txq` is queue `index` of `dev`, which this value alone owns among the
/// queue's `BqlTxQueue`s (claimed in the shim until it is dropped), and
/// `completer` is fixed at creation: completions are reported to BQL only
/// from a poll of that instance, and BQL is reset only with that instance
/// held disabled and the queue's xmit lock held.
pub(crate) struct BqlTxQueue<'a> {
    txq: TxQueue<'a>,
    dev: NetDev<'a>,
    index: u32,
    completer: NapiId,
}

impl<'a> BqlTxQueue<'a> {
    /// Tx queue `index` of `dev`, its completions reported by
    /// `completer`'s polls: `EBUSY` if the queue has such an owner already,
    /// `EINVAL` past the device's queues.
    pub(crate) fn new(dev: NetDev<'a>, index: u32, completer: &Napi<'_>) -> Result<Self> {
        // SAFETY: Valid net_device (type invariant of `NetDev`).
        to_result(unsafe { ffi::nxp_txq_claim_bql(dev.as_raw(), index) })?;
        // INVARIANT: Claimed just now; the queue is `index` of `dev`.
        Ok(Self {
            txq: dev.txq(index),
            dev,
            index,
            completer: completer.id(),
        })
    }

    /// The queue's device (for messages about it).
    pub(crate) fn dev(&self) -> NetDev<'a> {
        self.dev
    }

    /// Whether `napi` reports this queue's completions.
    pub(crate) fn completed_by(&self, napi: &Napi<'_>) -> bool {
        napi.id() == self.completer
    }

    /// Whether `polled` is the poll that reports this queue's completions.
    pub(crate) fn completes_in(&self, polled: &Polled<'_>) -> bool {
        polled.id() == self.completer
    }

    /// Reports a completion round to BQL and wakes the queue if at least
    /// `start` descriptors are free, unless the driver keeps it stopped
    /// (`halted`: the MAC is down and the queue must stay off until it is
    /// restarted); see `__netif_txq_completed_wake()`. A round that
    /// completed packets also tells the Tx watchdog the queue made progress.
    /// From a poll of the queue's completer (`polled`); from any other
    /// poll nothing is reported, a bug the log tells once.
    pub(crate) fn completed_wake(
        &self,
        polled: &Polled<'_>,
        pkts: u32,
        bytes: u32,
        c: &TxCounters<'_>,
        start: u32,
        halted: bool,
    ) {
        if !self.completes_in(polled) {
            netdev_warn_once!(self.dev, "Tx completions from another NAPI not reported\n");
            return;
        }
        // SAFETY: Valid queue; from a poll of its one completer, this value
        // its one owner (type invariants): one completion report at a time.
        // The counters are read with READ_ONCE().
        let res = unsafe {
            ffi::nxp_txq_completed_wake(
                self.txq.0.as_ptr(),
                pkts,
                bytes,
                c.produced.as_ptr(),
                c.consumed.as_ptr(),
                c.size,
                start,
                halted,
            )
        };
        // 0: the queue was stopped and is woken.
        if res == 0 {
            c.flow.wakes.add(1, Relaxed);
        }
    }

    /// Resets BQL (`netdev_tx_reset_queue()`) once the ring is emptied:
    /// xmit does not report to it meanwhile (`xmit`, this queue's lock
    /// held), nor do completions (`off`, the completer held disabled).
    /// Returns false, with nothing reset, if either is another queue's or
    /// another instance's.
    pub(crate) fn reset(&self, xmit: &TxXmitLocked<'_>, off: &NapiOff<'_>) -> bool {
        if xmit.q != self.txq || off.id() != self.completer {
            return false;
        }
        // SAFETY: Valid queue (type invariant of `TxQueue`); neither of
        // BQL's two reporters runs on it (see above, and the type
        // invariant).
        unsafe { ffi::nxp_txq_reset(self.txq.0.as_ptr()) };
        true
    }
}

impl Drop for BqlTxQueue<'_> {
    fn drop(&mut self) {
        // SAFETY: Valid net_device; the queue was claimed by `new`.
        unsafe { ffi::nxp_txq_release_bql(self.dev.as_raw(), self.index) }
    }
}

impl<'a> core::ops::Deref for BqlTxQueue<'a> {
    type Target = TxQueue<'a>;

    fn deref(&self) -> &TxQueue<'a> {
        &self.txq
    }
}
