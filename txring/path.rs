// SPDX-License-Identifier: GPL-2.0

//! The Tx path shared by both drivers.
//!
//! - [`xmit`] (`ndo_start_xmit` once the packet's offloads are checked):
//!   take the ring, check the room, map the packet behind its first
//!   descriptor, report to BQL, hand the first descriptor over after one
//!   barrier, publish the producer counter, stop the queue in advance and
//!   ring the doorbell unless more packets follow.
//! - [`clean`] (the Tx-confirmation poll): reclaim what the hardware sent,
//!   decide on the completion timer, report to BQL and wake the queue with
//!   hysteresis.
//!
//! The descriptor format stays with each driver ([`XmitRing`]), its
//! queue's registers and debugfs knobs too ([`XmitPath`]).

use core::sync::atomic::{
    AtomicBool,
    AtomicU32,
    Ordering, //
};
use kernel::{
    prelude::*,
    sync::atomic::{
        Atomic,
        Relaxed, //
    },
};

use super::{
    HandOver,
    TsoBufs,
    TsoFrames,
    TxBook,
    TxDescs,
    TxPacket,
    TxStats, //
};
use crate::{
    knobs::{
        Debug,
        DBG_BQL_CHECKS,
        DBG_BQL_MISMATCH,
        DBG_CHECK_BQL,
        DBG_FAIL_TX_MAP,
        DBG_STALL_TX,
        DBG_TX_MAP_UNWOUND,
        DBG_XMIT_NO_RING, //
    },
    netdev::{
        dma::{
            self,
            DmaDevice, //
        },
        net::{
            netdev_err,
            netdev_warn,
            BqlTxQueue,
            NetDev,
            TxCounters,
            TxFlowStats,
            TxVerdict,
            XmitCtx, //
        },
        poll::{
            Napi,
            Polled, //
        },
        skb::Skb,
        sync::{
            new_shim_spinlock,
            ShimSpinLock, //
        },
        xsk::XskPool,
    },
    qdisc_hooks::{
        self,
        TxThresholds, //
    },
    ring::{
        Cursor,
        RingConfig,
        RingSize, //
    },
    tso,
};

/// The lockless side of a Tx queue, shared by its xmit and its Tx NAPI: the
/// stack's queue (BQL, stop/wake) with the NAPI that reports its
/// completions, the ring's free-running counters (read by the stop/wake
/// helpers without the ring's lock), and the queue's statistics.
pub(crate) struct TxLane<'a> {
    pub(crate) txq: BqlTxQueue<'a>,
    /// Descriptors handed to the hardware (written by xmit).
    pub(crate) produced: AtomicU32,
    /// Descriptors reclaimed (written by the Tx NAPI).
    pub(crate) consumed: AtomicU32,
    /// The queue's stops and wakes.
    pub(crate) flow: TxFlowStats,
    /// The queue's counters (qstats), summed for the device's.
    pub(crate) stats: TxStats,
    /// Frames were received since the queue's last packet: set by the Rx
    /// polls ([`TxLane::received`]), taken by xmit ([`TxLane::answers`]).
    answer: AtomicBool,
}

impl<'a> TxLane<'a> {
    /// The lane of `txq`, its ring empty.
    pub(crate) fn new(txq: BqlTxQueue<'a>) -> Self {
        Self {
            txq,
            produced: AtomicU32::new(0),
            consumed: AtomicU32::new(0),
            flow: TxFlowStats::new(),
            stats: TxStats::default(),
            answer: AtomicBool::new(false),
        }
    }

    /// An Rx poll delivered frames: the queue's next packet may answer
    /// them ([`TxIrqBatch::wants`](crate::qdisc_hooks::TxIrqBatch::wants)).
    /// (Written only when it changes: the Rx polls do not dirty the line
    /// xmit reads for every poll, and without batches, where xmit never
    /// clears it, not at all after the first.)
    #[inline]
    pub(crate) fn received(&self) {
        if !self.answer.load(Ordering::Relaxed) {
            self.answer.store(true, Ordering::Relaxed);
        }
    }

    /// Whether frames were received since the queue's last packet, which
    /// then answers them; called by xmit, once per packet. (A hint, not a
    /// count: an Rx poll between the load and the store is missed, and
    /// then the packet after this one answers it.)
    #[inline]
    fn answers(&self) -> bool {
        let a = self.answer.load(Ordering::Relaxed);
        if a {
            self.answer.store(false, Ordering::Relaxed);
        }
        a
    }

    /// Sets the counters back to an empty ring's: the hardware starts at
    /// the first descriptor again.
    pub(crate) fn rewind(&self) {
        self.produced.store(0, Ordering::Relaxed);
        self.consumed.store(0, Ordering::Release);
    }

    /// The counters of a ring of `size` descriptors, for the stop/wake
    /// helpers.
    #[inline]
    pub(crate) fn counters(&self, size: RingSize) -> TxCounters<'_> {
        TxCounters {
            produced: &self.produced,
            consumed: &self.consumed,
            size: size.get(),
            flow: &self.flow,
        }
    }
}

/// A Tx queue's ring and what serves it: the lane xmit and the Tx NAPI
/// share, the ring (taken by xmit under the stack's queue lock and by the
/// NAPI; `None` while it is rebuilt or freed), and the Tx-confirmation
/// NAPI instance (dropped after the ring, field order), idle where the Rx
/// NAPI reclaims the ring (combined mode).
pub(crate) struct TxChannel<'a, D> {
    pub(crate) lane: TxLane<'a>,
    pub(crate) ring: Pin<KBox<ShimSpinLock<Option<TxRing<D>>>>>,
    pub(crate) napi: Napi<'a>,
}

impl<'a, D: TxFormat> TxChannel<'a, D> {
    /// The channel of Tx queue `index` of `dev` with its Tx-confirmation
    /// instance `napi`, without a ring yet; its completions reported by
    /// `napi`'s polls, or by those of `combined` (an Rx NAPI that reclaims
    /// the ring too).
    pub(crate) fn new(
        dev: NetDev<'a>,
        index: u32,
        napi: Napi<'a>,
        combined: Option<&Napi<'_>>,
    ) -> Result<Self> {
        Ok(Self {
            lane: TxLane::new(BqlTxQueue::new(dev, index, combined.unwrap_or(&napi))?),
            ring: KBox::pin_init(new_shim_spinlock!(None), GFP_KERNEL)?,
            napi,
        })
    }

    /// Installs a new, empty ring (its counters back at 0), under the
    /// queue's xmit lock: in place of a ring [`TxChannel::empty`] took.
    pub(crate) fn install(&self, ring: TxRing<D>) {
        let _xmit = self.lane.txq.lock_xmit();
        let mut guard = self.ring.lock();
        self.lane.rewind();
        *guard = Some(ring);
    }

    /// Empties the ring: every packet on it dropped ([`TxRing::flush`]),
    /// the counters rewound (the hardware restarts at the first
    /// descriptor) and BQL reset, in one hold of the queue's xmit lock and
    /// the ring's, so that no packet queued in between is forgotten with
    /// them. With `take` the ring is taken out too, to be freed with no
    /// lock held. Returns the packets dropped and the ring taken.
    ///
    /// BQL is reset only with the NAPI that reclaims the ring off (its
    /// completions report to BQL too: the channel's own, or `rx_napi` in
    /// combined mode): with it on, a warning and BQL left as it is.
    pub(crate) fn empty(
        &self,
        dma: &DmaDevice,
        take: bool,
        rx_napi: &Napi<'_>,
    ) -> (u64, Option<TxRing<D>>) {
        let completer = if self.lane.txq.completed_by(&self.napi) {
            &self.napi
        } else {
            rx_napi
        };
        let off = completer.held_off();
        let xmit = self.lane.txq.lock_xmit();
        let mut guard = self.ring.lock();
        let flushed = (*guard).as_mut().map_or(0, |tx| tx.flush(dma, &self.lane));
        self.lane.rewind();
        match &off {
            Some(off) if self.lane.txq.reset(&xmit, off) => {}
            Some(_) => netdev_warn!(
                self.lane.txq.dev(),
                "Tx ring emptied, but its NAPI is not the one given: BQL not reset\n"
            ),
            None => netdev_warn!(
                self.lane.txq.dev(),
                "Tx ring emptied with its NAPI on: BQL not reset\n"
            ),
        }
        let ring = if take { (*guard).take() } else { None };
        drop(guard);
        drop(xmit);
        (flushed, ring)
    }
}

/// A Tx ring of descriptors of format `D` and its bookkeeping.
pub(crate) struct TxRing<D> {
    pub(crate) size: RingSize,
    pub(crate) thresholds: TxThresholds,
    pub(crate) bds: D,
    pub(crate) book: TxBook,
    /// Software TSO: a buffer per descriptor, for the frame headers or
    /// whole frames (with TSO).
    pub(crate) hdrs: Option<TsoBufs>,
    /// The XSK pool whose frames this ring sends (AF_XDP zero-copy).
    pub(crate) xsk: Option<XskPool>,
}

impl<D: TxFormat> TxRing<D> {
    /// A ring for `cfg`, its descriptors made by `bds` (given their count)
    /// and all idle, with the buffers of software TSO building frames as
    /// `tso` says (none: no TSO), requesting Tx
    /// completion interrupts in batches if `batch` ([`super::irq_batches`]).
    pub(crate) fn new(
        dma: &DmaDevice,
        cfg: &RingConfig,
        bds: impl FnOnce(usize) -> Result<D>,
        tso: Option<TsoFrames>,
        batch: bool,
    ) -> Result<Self> {
        let size = cfg.tx;
        let n = size.get() as usize;
        let bds = bds(n)?;
        for i in 0..n {
            bds.idle(i, i == n - 1);
        }
        let hdrs = tso.map(|f| TsoBufs::new(dma, n, f)).transpose()?;
        Ok(Self {
            size,
            thresholds: cfg.thresholds,
            bds,
            book: TxBook::new(size, batch)?,
            hdrs,
            xsk: None,
        })
    }

    /// Drops every packet still on the ring (unmapped, freed; an AF_XDP
    /// socket's frames completed), `lane` its queue's counters; returns how
    /// many packets that was.
    pub(crate) fn flush(&mut self, dma: &DmaDevice, lane: &TxLane<'_>) -> u64 {
        let n = self
            .book
            .flush(&self.bds, dma, &lane.produced, &lane.consumed);
        self.xsk_completed();
        n
    }

    /// Hands the AF_XDP frames released since the last call (sent or
    /// flushed) back to their socket.
    pub(crate) fn xsk_completed(&mut self) {
        let n = self.book.take_xsk_done();
        if let Some(p) = &self.xsk {
            p.tx_completed(n);
        }
    }
}

/// A driver's Tx descriptor format, as the xmit sequence needs it.
pub(crate) trait TxFormat: TxDescs + Unpin + Sized {
    /// What the mapping needs to know of the packet beyond its skb
    /// (checksum insertion, a frame control block in front).
    type Opt: Copy;
    /// The first descriptor's status, written last ([`TxFormat::hand_over`]).
    type First;

    /// Maps the packet's skb or, with a TSO layout, its software-TSO
    /// frames into the descriptors of `ring` from its counter on, every
    /// descriptor but the first handed to the hardware; returns the
    /// descriptor count and the first one's status. The last descriptor
    /// requests a completion interrupt if `how.irq` (a TSO packet's
    /// always does); with `how.fail` the last mapping fails as a test
    /// asked ([`TxBook::map_packet`]). On failure nothing stays mapped.
    fn map(
        ring: &mut TxRing<Self>,
        dma: &DmaDevice,
        pkt: TxPacket<'_, Self::Opt>,
    ) -> Result<(u32, Self::First)>;
    /// Makes the packet of `nbds` descriptors from `produced` on (a ring
    /// of `size`), mapped without it, request a completion interrupt (its
    /// first descriptor's status `first` not written yet).
    fn request_irq(
        &self,
        size: RingSize,
        produced: u32,
        nbds: u32,
        opt: Self::Opt,
        first: &mut Self::First,
    );
    /// Hands the first descriptor (at `produced`, on a ring of `size`)
    /// over with status `first`.
    fn hand_over(&self, size: RingSize, produced: u32, first: Self::First);
}

/// A Tx queue and the parts of its device the shared sequence uses.
pub(crate) struct XmitParts<'s, F: TxFormat> {
    /// The queue's ring, lane and NAPI.
    pub(crate) channel: &'s TxChannel<'s, F>,
    /// The DMA device the ring maps for.
    pub(crate) dma: &'s DmaDevice,
    /// The device's debugfs directory (its Tx path's knobs and counts).
    pub(crate) debug: &'s Debug,
    /// The device's (or the queue's) count of dropped packets.
    pub(crate) dropped: &'s Atomic<u64>,
}

/// A driver's Tx queue as the xmit sequence needs it: its ring, lane and
/// NAPI, its doorbell, its drop counter and its debugfs knobs.
pub(crate) trait XmitPath {
    /// The descriptor format.
    type Format: TxFormat;

    /// The queue and the parts of its device the sequence uses.
    fn parts(&self) -> XmitParts<'_, Self::Format>;
    /// Rings the doorbell, the descriptors written to memory first.
    fn kick(&self);
    /// Whether the transmitter is halted (for a link change): a dropped
    /// packet does not kick it, and the queue is not woken.
    fn halted(&self) -> bool {
        false
    }
    /// A sent packet's skb, before it is freed, with the slot of its last
    /// descriptor in `bds` (as the hardware wrote it back): for a
    /// hardware Tx timestamp.
    #[inline(always)]
    fn completed(&self, _bds: &Self::Format, _skb: &Skb, _last: usize) {}
}

/// Drops a packet that reached the ring's lock with the ring in place:
/// packets before it in an xmit batch wait for a doorbell, which at the
/// batch's end this one can no longer ring.
pub(crate) fn drop_in_batch<P: XmitPath>(p: &P, xmit: &XmitCtx) -> TxVerdict {
    if !xmit.more() && !p.halted() {
        p.kick();
    }
    p.parts().dropped.add(1, Relaxed);
    TxVerdict::Ok
}

/// A packet mapped for the ring ([`map`]).
struct Mapped<F> {
    /// Its descriptors.
    nbds: u32,
    /// The first descriptor's status, to be written last.
    first: F,
    /// It requests a completion interrupt.
    irq: bool,
    /// Completion interrupts may be requested now (not while a test stalls
    /// the transmitter).
    may_irq: bool,
}

/// Maps `skb` (with TSO layout `gso`, `nbds` descriptors) into the ring's
/// descriptors from `c.produced` on, with the options `opt`, requesting a
/// completion interrupt where the batching wants one: the head and the
/// fragments (or, with TSO, each segment's header copy and payload) go
/// straight into their slots; the other descriptors may be handed over
/// before the first one, since the hardware stops at the first until it is
/// (one barrier before it orders them all, as in C). On a mapping failure
/// the book undoes what was mapped so far and `None` is returned.
#[inline(always)]
fn map<P: XmitPath>(
    p: &P,
    tx: &mut TxRing<P::Format>,
    skb: &Skb,
    gso: Option<&tso::Layout>,
    c: Cursor,
    nbds: u32,
    opt: <P::Format as TxFormat>::Opt,
) -> Option<Mapped<<P::Format as TxFormat>::First>> {
    let (size, t) = (tx.size, tx.thresholds);
    let XmitParts {
        channel,
        dma,
        debug,
        ..
    } = p.parts();
    let may_irq = tx.book.irq.may_request(debug.is_set(DBG_STALL_TX));
    // (Without batches the flag is neither needed nor cleared: the Rx
    // polls, which write it only when it changes, then leave it alone.)
    let answer = tx.book.irq.batches() && channel.lane.answers();
    let irq = may_irq
        && tx
            .book
            .irq
            .wants(nbds, gso.is_some(), answer, c.free(size) - nbds, t.stop());
    // Mapping failures a test injects.
    let fail = debug.take(DBG_FAIL_TX_MAP);
    let how = HandOver { irq, fail };
    let pkt = TxPacket {
        skb,
        gso,
        produced: c.produced,
        opt,
        how,
    };
    match P::Format::map(tx, dma, pkt) {
        Ok((nbds, first)) => Some(Mapped {
            nbds,
            first,
            irq,
            may_irq,
        }),
        Err(_) => {
            if fail && (skb.nr_frags() > 0 || gso.is_some()) {
                debug.add(DBG_TX_MAP_UNWOUND, 1);
            }
            None
        }
    }
}

/// Sends `skb` (a GSO packet with TSO layout `gso`) on `p`'s ring. Under
/// the ring's lock, with room checked, `prepare` gets the skb and returns
/// it as it is to go out, the mapping's options and the packet's bytes for
/// BQL, or `None` to drop it (having consumed it). A full ring hands the
/// skb back untouched ([`TxVerdict::Busy`]): the queue is stopped in
/// advance, so that is a bug.
#[inline(always)]
pub(crate) fn xmit<P: XmitPath>(
    p: &P,
    xmit: &XmitCtx,
    skb: Skb,
    gso: Option<tso::Layout>,
    prepare: impl FnOnce(Skb) -> Option<(Skb, <P::Format as TxFormat>::Opt, u32)>,
) -> TxVerdict {
    let nfrags = skb.nr_frags();
    let nbds = super::packet_descs(gso.as_ref(), nfrags);
    let parts = p.parts();
    let lane = &parts.channel.lane;
    let mut guard = parts.channel.ring.lock();
    let Some(tx) = (*guard).as_mut() else {
        // The rings are being rebuilt or freed: the queue should have been
        // stopped first.
        parts.debug.add(DBG_XMIT_NO_RING, 1);
        drop(guard);
        drop(skb);
        parts.dropped.add(1, Relaxed);
        return TxVerdict::Ok;
    };
    let size = tx.size;
    let t = tx.thresholds;
    if nbds > t.stop() {
        // A GSO packet checked against a larger ring before a ring change:
        // it can never fit in advance.
        drop(guard);
        drop(skb);
        return drop_in_batch(p, xmit);
    }
    let produced = lane.produced.load(Ordering::Relaxed);
    let c = Cursor {
        produced,
        consumed: lane.consumed.load(Ordering::Acquire),
    };
    if c.free(size) < nbds {
        drop(guard);
        netdev_err!(lane.txq.dev(), "Tx ring full while the queue was awake\n");
        lane.txq.maybe_stop(lane.counters(size), t.stop(), t.wake());
        return TxVerdict::Busy(skb);
    }
    let Some((mut skb, opt, bytes)) = prepare(skb) else {
        drop(guard);
        return drop_in_batch(p, xmit);
    };

    let Some(Mapped {
        nbds,
        mut first,
        mut irq,
        may_irq,
    }) = map(p, tx, &skb, gso.as_ref(), c, nbds, opt)
    else {
        drop(guard);
        drop(skb);
        return drop_in_batch(p, xmit);
    };
    // Timestamped as it goes to the hardware, before a completion can
    // free it.
    skb.tx_timestamp();
    tx.book.set_skb(produced, skb);
    if let Some(l) = &gso {
        lane.stats.tso(l.segs());
    }
    // Report to BQL before the packet can complete: the Tx NAPI only
    // reclaims up to the published producer counter.
    let sent = lane.txq.sent(xmit, bytes);
    if sent.stopped && !irq && may_irq {
        // BQL stopped the queue: its wake must not wait for the timer.
        irq = true;
        tx.bds.request_irq(size, produced, nbds, opt, &mut first);
    }
    tx.book.irq.handed(nbds, irq);
    dma::dma_wmb();
    tx.bds.hand_over(size, produced, first);
    lane.produced
        .store(produced.wrapping_add(nbds), Ordering::Release);
    drop(guard);
    if !irq {
        parts.channel.napi.tx_timer_arm(qdisc_hooks::TX_IRQ_WAIT_US);
    }

    let stopped = lane.txq.maybe_stop(lane.counters(size), t.stop(), t.wake());
    if qdisc_hooks::doorbell(!sent.kick, stopped) {
        p.kick();
    }
    TxVerdict::Ok
}

/// The Tx-confirmation poll of `p`'s ring (from the poll `polled` of the
/// NAPI that reclaims it; from another's, such as netpoll's poll of the
/// idle Tx NAPI in combined mode, nothing is done): reclaims every
/// packet the hardware has sent, decides on the completion timer, reports
/// to BQL and wakes the queue with hysteresis.
/// `more`, under the ring's lock after the reclaim, may put more on the
/// ring (an AF_XDP socket's frames): it returns `None` if it did not, else
/// whether it did all it had to. Returns false if `more` did not: the poll
/// is to go on. `pending` then sees whether the ring is still busy (after
/// the ring's lock is dropped).
#[inline(always)]
pub(crate) fn clean<P: XmitPath>(
    p: &P,
    polled: &Polled<'_>,
    more: impl FnOnce(&mut TxRing<P::Format>) -> Option<bool>,
    pending: impl FnOnce(bool),
) -> bool {
    let parts = p.parts();
    let (ch, dma, debug) = (parts.channel, parts.dma, parts.debug);
    let lane = &ch.lane;
    if !lane.txq.completes_in(polled) {
        return true;
    }
    let mut guard = ch.ring.lock();
    let Some(tx) = (*guard).as_mut() else {
        return true;
    };
    if debug.is_set(DBG_CHECK_BQL) {
        check_bql(debug, &tx.book, &lane.txq);
    }
    let size = tx.size;
    let wake = tx.thresholds.wake();
    let c = Cursor {
        produced: lane.produced.load(Ordering::Acquire),
        consumed: lane.consumed.load(Ordering::Relaxed),
    };
    let r = tx
        .book
        .reclaim(&tx.bds, dma, c, polled.ctx(), |bds, skb, i| {
            p.completed(bds, skb, i)
        });
    lane.consumed.store(r.consumed, Ordering::Release);
    let (produced, done) = match more(tx) {
        // (What it put on the ring is in flight too.)
        Some(done) => (lane.produced.load(Ordering::Relaxed), done),
        None => (c.produced, true),
    };
    let busy = produced != r.consumed;
    let halted = p.halted();
    let timer = tx.book.irq.after_reclaim(busy, !halted);
    drop(guard);
    super::tx_timer(&ch.napi, timer, &lane.produced, r.consumed, || p.kick());
    pending(busy);
    // XDP frames count as sent packets, not for BQL.
    let (sent, sent_bytes) = r.sent();
    lane.stats.sent(sent, sent_bytes);
    ch.napi.dim_poll(r.pkts + r.xdp_pkts, r.bytes + r.xdp_bytes);
    lane.txq
        .completed_wake(polled, r.pkts, r.bytes, &lane.counters(size), wake, halted);
    done
}

/// The BQL check (debugfs knob `check_bql`): compares BQL's bytes in flight
/// on `txq` with the bytes on the ring of `book`, counting in `debug`. The
/// two match exactly where xmit reports to BQL under the lock that `book`
/// is borrowed from and every completion reclaimed so far has been
/// reported: at the start of a Tx-confirmation poll (the one that reports).
fn check_bql(debug: &Debug, book: &TxBook, txq: &BqlTxQueue<'_>) {
    let Some(inflight) = txq.bql_inflight() else {
        return;
    };
    debug.add(DBG_BQL_CHECKS, 1);
    // (A `u32`: formatting a `u64` divides 64-bit numbers, which the
    // kernel's Rust support on 32-bit PowerPC turns into a panic.)
    let on_ring = book.bytes_on_ring();
    if inflight != on_ring {
        if debug.get(DBG_BQL_MISMATCH) == 0 {
            netdev_warn!(
                txq.dev(),
                "BQL has {inflight} bytes in flight, the Tx ring {on_ring}\n"
            );
        }
        debug.add(DBG_BQL_MISMATCH, 1);
    }
}
