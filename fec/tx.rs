// SPDX-License-Identifier: GPL-2.0

//! The Tx ring and its path: xmit, completion, the doorbell.

use crate::fec::{
    desc::{
        self,
        TxFlags, //
    },
    driver::{
        Fec,
        DBG_BQL,
        DBG_CHECK_BQL,
        DBG_FORCE_TX_ALIGN,
        DBG_STALL_TX,
        DBG_TX_MAP,
        DBG_XMIT_NO_RING, //
        MAX_TX_QUEUES,
    },
    quirks::Quirks,
    regs, //
};
use crate::netdev::{
    dma::{
        self,
        Desc,
        DescMem,
        DmaAddr,
        DmaDevice,
        TxBufMem, //
    },
    net::{
        self,
        NetDev,
        TxCounters,
        TxFlowStats,
        TxQueue,
        TxVerdict, //
    },
    poll::Napi,
    skb::{
        CsumRequest,
        Skb, //
    },
    xsk::XskPool, //
};
use crate::qdisc_hooks::TxThresholds;
use crate::ring::{
    Cursor,
    RingConfig,
    RingSize, //
};
use crate::txring::{
    HandOver,
    TsoBd,
    TsoHeaders,
    TxBook,
    TxDescs,
    TxStats, //
};
use crate::{
    qdisc_hooks,
    tso,
    txring, //
};
use core::sync::atomic::{
    AtomicU32,
    Ordering, //
};
use kernel::{
    new_spinlock,
    prelude::*,
    sync::{
        atomic::{
            Atomic,
            Relaxed, //
        },
        SpinLock, //
    }, //
};

/// The Tx ring: its descriptors and the shared bookkeeping.
pub(crate) struct TxRing {
    pub(crate) size: RingSize,
    pub(crate) thresholds: TxThresholds,
    pub(crate) bds: TxBds,
    pub(crate) book: TxBook,
    /// Software TSO: a header buffer of `tso::HDR_SIZE` bytes per
    /// descriptor (on parts with TSO).
    pub(crate) hdrs: Option<TxBufMem>,
    /// The XSK pool whose frames this ring sends (AF_XDP zero-copy).
    pub(crate) xsk: Option<XskPool>,
}

/// The Tx descriptors of a ring (enhanced ENET layout) and the frame class
/// every one of them carries in its extended status (`desc::tx_class`: the
/// ring's index on the AVB parts, 0 elsewhere).
pub(crate) struct TxBds {
    pub(crate) mem: DescMem,
    class: u32,
}

impl TxRing {
    /// A ring for `cfg` (with TSO header buffers if `tso`), requesting Tx
    /// completion interrupts in batches if `batch` (`txring::irq_batches`),
    /// its descriptors of frame class `class` (`desc::tx_class`).
    pub(crate) fn new(
        dma: &DmaDevice,
        cfg: &RingConfig,
        tso: bool,
        batch: bool,
        class: u32,
    ) -> Result<TxRing> {
        let size = cfg.tx;
        let n = size.get() as usize;
        let bds = TxBds {
            mem: DescMem::new(dma, n * desc::BD_SIZE)?,
            class,
        };
        for i in 0..n {
            bds.idle(i, i == n - 1);
        }
        let hdrs = if tso {
            Some(TxBufMem::new(dma, n * tso::HDR_SIZE as usize)?)
        } else {
            None
        };
        Ok(TxRing {
            size,
            thresholds: cfg.thresholds,
            bds,
            book: TxBook::new(size, batch)?,
            hdrs,
            xsk: None,
        })
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

/// One Tx queue of the ENET and its ring: ring 0 on every part, rings 1
/// and 2 on the AVB parts with `fsl,num-tx-queues` (VLAN priorities go
/// there, see `FEC_PCP_QUEUES`). Each has its BQL queue, its counters and
/// its own Tx-confirmation NAPI.
pub(crate) struct TxPath {
    /// The ring's index: its descriptor start and doorbell registers and
    /// its interrupt event.
    index: usize,
    /// The `net_device`'s Tx queue of the same index.
    pub(crate) txq: TxQueue,
    /// Ring counters, read locklessly by the stop/wake helpers.
    pub(crate) produced: AtomicU32,
    pub(crate) consumed: AtomicU32,
    /// The queue's stops and wakes.
    pub(crate) flow: TxFlowStats,
    /// The ring, taken by xmit (under the queue lock) and by the NAPI.
    pub(crate) ring: Pin<KBox<SpinLock<Option<TxRing>>>>,
    pub(crate) napi: Napi,
    /// The queue's counters (qstats), summed for the device's.
    pub(crate) stats: TxStats,
}

impl TxPath {
    /// Tx queue `index` of `dev` (below [`MAX_TX_QUEUES`]), its NAPI
    /// instance `napi_id` on interrupt line `irq`.
    pub(crate) fn new(dev: NetDev, index: usize, napi_id: u32, irq: Option<u32>) -> Result<Self> {
        if index >= MAX_TX_QUEUES {
            return Err(EINVAL);
        }
        Ok(TxPath {
            index,
            txq: dev.txq(index as u32),
            produced: AtomicU32::new(0),
            consumed: AtomicU32::new(0),
            flow: TxFlowStats::new(),
            ring: KBox::pin_init(new_spinlock!(None), GFP_KERNEL)?,
            napi: Napi::new(dev, napi_id, true, irq)?,
            stats: TxStats::default(),
        })
    }

    /// The ring's index (the queue's).
    pub(crate) fn index(&self) -> u32 {
        self.index as u32
    }

    /// The ring's registers and event.
    pub(crate) fn regs(&self) -> &'static regs::TxRingRegs {
        &regs::TX_RINGS[self.index]
    }

    /// The doorbell register.
    fn doorbell(&self) -> regs::Reg {
        self.regs().doorbell
    }

    /// The ring's frame transmitted event (IEVENT/IMASK bit).
    pub(crate) fn event(&self) -> u32 {
        self.regs().event
    }

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

impl TxBds {
    pub(crate) fn bd(&self, i: usize) -> Desc<'_, { desc::BD_SIZE }> {
        self.mem.desc(i * desc::BD_SIZE)
    }

    pub(crate) fn sc(&self, i: usize) -> u16 {
        u16::from_le(self.bd(i).read16(desc::BD_SC))
    }

    /// Fills descriptor `i` for a buffer, then its status word `sc` if
    /// given (not for a packet's first descriptor, whose READY bit comes
    /// last).
    #[inline]
    pub(crate) fn fill(&self, i: usize, addr: DmaAddr, len: u32, esc: u32, sc: Option<u16>) {
        let bd = self.bd(i);
        // ENET descriptors hold 32-bit addresses; the platform device's DMA
        // mask is 32 bits.
        bd.write32(desc::BD_BUFADDR, (addr as u32).to_le());
        bd.write16(desc::BD_DATLEN, (len as u16).to_le());
        bd.write32(desc::BD_ESC, (esc | self.class).to_le());
        bd.write32(desc::BD_BDU, 0);
        if let Some(sc) = sc {
            bd.write16(desc::BD_SC, sc.to_le());
        }
    }

    /// Hands the hardware a frame of one buffer (an XDP or AF_XDP frame)
    /// at ring counter `at` of a ring of `size`: `len` bytes at `addr`,
    /// with a completion interrupt, READY written last.
    pub(crate) fn put_frame(&self, size: RingSize, at: u32, addr: DmaAddr, len: u32) {
        let i = size.slot(at);
        let flags = TxFlags {
            last: true,
            wrap: size.is_last(at),
            interrupt: true,
            csum: false,
        };
        self.fill(i, addr, len, desc::tx_esc(flags), None);
        // The rest of the descriptor before READY.
        dma::dma_wmb();
        self.set_sc(i, desc::tx_sc(flags));
    }

    pub(crate) fn set_sc(&self, i: usize, sc: u16) {
        self.bd(i).write16(desc::BD_SC, sc.to_le());
    }

    /// Makes descriptor `i`, the last of a packet filled (with checksum
    /// insertion if `csum`) but not yet reachable by the DMA, request a
    /// completion interrupt.
    pub(crate) fn request_irq(&self, i: usize, csum: bool) {
        let f = TxFlags {
            interrupt: true,
            csum,
            ..TxFlags::NONE
        };
        self.bd(i)
            .write32(desc::BD_ESC, (desc::tx_esc(f) | self.class).to_le());
    }
}

impl TxDescs for TxBds {
    fn busy(&self, i: usize) -> bool {
        desc::tx_busy(self.sc(i))
    }

    fn idle(&self, i: usize, last_in_ring: bool) {
        self.fill(i, 0, 0, 0, Some(desc::tx_idle(last_in_ring)));
    }
}

impl Fec {
    /// `ndo_start_xmit` on Tx queue `q`.
    #[inline(always)]
    pub(crate) fn xmit(&self, q: &TxPath, mut skb: Skb) -> TxVerdict {
        // Checksum insertion: the MAC fills in the IPv4 header and TCP/UDP
        // checksums of fields the driver zeroes (IPv4 only is advertised).
        let off = skb.offloads();
        let csum = match off.csum {
            CsumRequest::None => false,
            CsumRequest::Ipv4 { .. } => true,
            CsumRequest::Other => {
                drop(skb);
                return self.tx_drop();
            }
        };
        // A TCP/IPv4 GSO packet (TSO on): segmented here, see `tso.rs`.
        let gso = match off.gso {
            Ok(g) => g,
            Err(_) => {
                drop(skb);
                return self.tx_drop();
            }
        };
        if csum && skb.clear_csum_fields().is_err() {
            drop(skb);
            return self.tx_drop();
        }
        // Parts whose DMA needs aligned buffers get an aligned linear copy
        // when needed (`force_tx_align` in debugfs exercises this on the
        // others; `gso_ok` keeps GSO packets away meanwhile).
        let mask = if self.debug.is_set(DBG_FORCE_TX_ALIGN) {
            0xf
        } else {
            self.variant.quirks.tx_align_mask()
        };
        if mask != 0 && !skb.dma_aligned(mask) {
            if gso.is_some() {
                drop(skb);
                return self.tx_drop();
            }
            match skb.copy_aligned(mask + 1) {
                Some(s) => {
                    skb = s;
                    self.stats.tx_bounced.add(1, Relaxed);
                }
                None => return self.tx_drop(),
            }
        }

        let nfrags = skb.nr_frags();
        let nbds = txring::packet_descs(gso.as_ref(), nfrags);
        let mut guard = q.ring.lock();
        let Some(tx) = (*guard).as_mut() else {
            // The rings are being rebuilt or freed: the queue should have
            // been stopped first (debugfs `xmit_no_ring` counts breaches).
            self.debug.add(DBG_XMIT_NO_RING, 1);
            drop(guard);
            drop(skb);
            return self.tx_drop();
        };
        let size = tx.size;
        let t = tx.thresholds;
        if nbds > t.stop() {
            // A GSO packet checked against a larger ring before a ring
            // change: it can never fit in advance.
            drop(guard);
            drop(skb);
            return self.tx_drop_in_batch(q);
        }
        let produced = q.produced.load(Ordering::Relaxed);
        let c = Cursor {
            produced,
            consumed: q.consumed.load(Ordering::Acquire),
        };
        if c.free(size) < nbds {
            // The queue is stopped in advance, so this is a bug path: hand
            // the skb back and stop the queue.
            drop(guard);
            pr_err!("fec_rs: Tx ring full while the queue was awake\n");
            q.txq.maybe_stop(&q.counters(size), t.stop(), t.wake());
            return TxVerdict::Busy(skb);
        }
        let bytes = skb.len();

        // Map the head and the fragments (or, with TSO, each segment's
        // header copy and payload) straight into their slots; the other
        // descriptors may be READY before the first one, since the DMA stops
        // at the first until it is (one barrier before that READY orders
        // them all, as in C). On a mapping failure, the book undoes what was
        // mapped so far.
        let first_slot = size.slot(produced);
        // Whether the packet requests a completion interrupt.
        let mut irq = tx
            .book
            .irq
            .wants(nbds, gso.is_some(), c.free(size) - nbds, t.stop());
        // `fail_tx_map` in debugfs injects mapping failures.
        let fail_map = DBG_TX_MAP.arm(&self.debug);
        let mapped = tx.map(
            &self.dma,
            &skb,
            gso.as_ref(),
            produced,
            csum,
            HandOver {
                irq,
                fail: fail_map,
            },
        );
        let Ok((nbds, first_is_last)) = mapped else {
            DBG_TX_MAP.unwound(&self.debug, fail_map, nfrags, gso.is_some());
            drop(guard);
            drop(skb);
            return self.tx_drop_in_batch(q);
        };
        tx.book.set_skb(produced, skb);
        if let Some(l) = &gso {
            q.stats.tso(l.segs());
        }
        // Report to BQL before the packet can complete: the Tx NAPI only
        // reclaims up to the published producer counter.
        let txq = q.txq;
        let sent = txq.sent(bytes);
        if sent.stopped && !irq {
            // BQL stopped the queue: its wake must not wait for the timer.
            irq = true;
            tx.bds
                .request_irq(size.slot(produced.wrapping_add(nbds - 1)), csum);
        }
        tx.book.irq.handed(nbds, irq);
        dma::dma_wmb();
        tx.bds.set_sc(
            first_slot,
            desc::tx_sc(TxFlags {
                last: first_is_last,
                wrap: size.is_last(produced),
                ..TxFlags::NONE
            }),
        );
        q.produced
            .store(produced.wrapping_add(nbds), Ordering::Release);
        drop(guard);
        if !irq {
            q.napi.tx_timer_arm(qdisc_hooks::TX_IRQ_WAIT_US);
        }

        let stopped = txq.maybe_stop(&q.counters(size), t.stop(), t.wake());
        if qdisc_hooks::doorbell(!sent.kick, stopped) {
            // Descriptors must be in memory before the doorbell.
            dma::wmb();
            self.kick_tx(q);
        }
        TxVerdict::Ok
    }

    /// Rings the Tx doorbell (`fec_txq_trigger_xmit()`): with ERR007885 the
    /// write is skipped while TDAR still reads active (a write right after
    /// the DMA cleared it may be lost otherwise).
    pub(crate) fn kick_tx(&self, q: &TxPath) {
        // `stall_tx` in debugfs simulates a stuck transmitter.
        if self.debug.is_set(DBG_STALL_TX) {
            return;
        }
        let tdar = q.doorbell();
        if self.variant.quirks.has(Quirks::ERR007885) && (0..4).all(|_| self.regs.read(tdar) != 0) {
            return;
        }
        self.regs.write(tdar, 0);
    }

    /// Tx confirmation: reclaims every packet the hardware has sent, reports
    /// to BQL and wakes the queue with hysteresis; on a ring with an
    /// AF_XDP socket, sends what the socket queued. Returns false if the
    /// socket has more to send than this poll took.
    pub(crate) fn clean_tx(&self, q: &TxPath, budget: i32) -> bool {
        let mut guard = q.ring.lock();
        let Some(tx) = (*guard).as_mut() else {
            return true;
        };
        // debugfs `check_bql`: the last poll has reported to BQL all it
        // reclaimed, and xmit reports under this lock, so BQL must count
        // exactly the packets on the ring (those this poll reclaims too).
        if self.debug.is_set(DBG_CHECK_BQL) {
            txring::check_bql(&self.debug, DBG_BQL, &tx.book, q.txq);
        }
        let size = tx.size;
        let wake = tx.thresholds.wake();
        let c = Cursor {
            produced: q.produced.load(Ordering::Acquire),
            consumed: q.consumed.load(Ordering::Relaxed),
        };
        let r = tx.book.reclaim(&tx.bds, &self.dma, c, budget);
        q.consumed.store(r.consumed, Ordering::Release);
        let (c, done) = if tx.xsk.is_some() {
            tx.xsk_completed();
            let done = self.xsk_xmit(q, tx);
            // (Its frames are in flight too.)
            let produced = q.produced.load(Ordering::Relaxed);
            (Cursor { produced, ..c }, done)
        } else {
            (c, true)
        };
        let pending = c.produced != r.consumed;
        // (Not while the transmitter is halted for a link change.)
        let halted = self.tx_halted.load(Ordering::Acquire);
        let timer = tx.book.irq.after_reclaim(pending, !halted);
        drop(guard);
        txring::tx_timer(&q.napi, timer, &q.produced, r.consumed, || self.kick_tx(q));
        let (pkts, bytes) = (r.pkts, r.bytes);
        // ERR006358: the transmitter may stop with descriptors still ready.
        if pending
            && self.variant.quirks.has(Quirks::ERR006358)
            && !self.debug.is_set(DBG_STALL_TX)
            && self.regs.read(q.doorbell()) == 0
        {
            self.regs.write(q.doorbell(), 0);
        }
        // XDP frames count as sent packets, not for BQL.
        let (sent, sent_bytes) = r.sent();
        q.stats.sent(sent, sent_bytes);
        q.napi.dim_poll(r.pkts + r.xdp_pkts, r.bytes + r.xdp_bytes);
        let c = q.counters(size);
        q.txq.completed_wake(pkts, bytes, &c, wake, halted);
        done
    }

    /// The frame events of every Tx ring.
    pub(crate) fn tx_events(&self) -> u32 {
        self.txs.iter().fold(0, |m, q| m | q.event())
    }

    /// Two counters `pick` selects, each summed over the Tx queues.
    pub(crate) fn tx_totals(
        &self,
        pick: impl Fn(&TxStats) -> (&Atomic<u64>, &Atomic<u64>),
    ) -> (u64, u64) {
        self.txs.iter().fold((0, 0), |(a, b), q| {
            let (x, y) = pick(&q.stats);
            (a + x.load(Relaxed), b + y.load(Relaxed))
        })
    }

    pub(crate) fn tx_drop(&self) -> TxVerdict {
        self.stats.tx_dropped.add(1, Relaxed);
        TxVerdict::Ok
    }

    /// Drops a packet that reached the ring's lock with the ring in place:
    /// packets before it in an xmit batch wait for a doorbell, which at the
    /// batch's end this one can no longer ring.
    fn tx_drop_in_batch(&self, q: &TxPath) -> TxVerdict {
        if !net::xmit_more() && !self.tx_halted.load(Ordering::Acquire) {
            self.kick_tx(q);
        }
        self.tx_drop()
    }
}

impl TxRing {
    /// Maps `skb` (checksums inserted if `csum`) or, with `gso`, its
    /// software-TSO frames into the descriptors from counter `produced` on:
    /// every descriptor but the first handed to the hardware. Returns the
    /// descriptor count and whether the first is also the last of its
    /// frame, for the caller to hand it over last. The packet's last
    /// descriptor requests a completion interrupt if `how.irq` (a TSO packet's
    /// always does). With `how.fail`, the last mapping fails as a test asked
    /// (see [`TxBook::map_packet`]).
    #[inline(always)]
    fn map(
        &mut self,
        dma: &DmaDevice,
        skb: &Skb,
        gso: Option<&tso::Layout>,
        produced: u32,
        csum: bool,
        how: HandOver,
    ) -> Result<(u32, bool)> {
        let nfrags = skb.nr_frags();
        let size = self.size;
        let bytes = skb.len();
        let last_slot = size.get() as usize - 1;
        let first_slot = size.slot(produced);
        let bds = &self.bds;
        let fail = how.fail;
        match (gso, &mut self.hdrs) {
            (None, _) => self
                .book
                .map_packet(bds, dma, skb, produced, bytes, fail, |i, addr, len, f| {
                    let last = f == nfrags;
                    let flags = TxFlags {
                        last,
                        wrap: i == last_slot,
                        interrupt: last && how.irq,
                        csum,
                    };
                    let sc = (f > 0).then(|| desc::tx_sc(flags));
                    bds.fill(i, addr, len, desc::tx_esc(flags), sc);
                })
                .map(|(_, n)| (n, nfrags == 0)),
            (Some(l), Some(hdrs)) => self
                .book
                .map_tso(
                    bds,
                    dma,
                    skb,
                    l,
                    produced,
                    bytes,
                    TsoHeaders {
                        mem: hdrs,
                        prefix: 0,
                    },
                    fail,
                    |_, _, _| (),
                    |i, addr, len, bd| {
                        let (last, interrupt) = match bd {
                            TsoBd::Header | TsoBd::Payload => (false, false),
                            TsoBd::EndOfFrame => (true, false),
                            TsoBd::EndOfPacket => (true, true),
                        };
                        let flags = TxFlags {
                            last,
                            wrap: i == last_slot,
                            interrupt,
                            csum: true,
                        };
                        let sc = (i != first_slot).then(|| desc::tx_sc(flags));
                        bds.fill(i, addr, len, desc::tx_esc(flags), sc);
                    },
                )
                .map(|n| (n, false)),
            // TSO packets come only with TSO on, which has header buffers.
            (Some(_), None) => Err(EINVAL),
        }
    }
}
