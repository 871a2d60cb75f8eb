// SPDX-License-Identifier: GPL-2.0

//! The Tx rings and their path: xmit, completion, the doorbell.

use crate::gianfar::{
    desc::{
        self,
        TxFlags, //
    },
    driver::{
        Gfar,
        Group,
        DBG_BQL,
        DBG_CHECK_BQL,
        DBG_STALL_TX,
        DBG_TX_MAP,
        DBG_XMIT_NO_RING, //
    },
    regs::{
        self,
        queue, //
    }, //
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
        TxVerdict, //
    },
    skb::{
        CsumRequest,
        Skb, //
    }, //
};
use crate::qdisc_hooks;
use crate::ring::{
    Cursor,
    RingConfig,
    RingSize, //
};
use crate::tso;
use crate::txring::{
    self,
    HandOver,
    TsoBd,
    TsoHeaders,
    TxBook,
    TxDescs, //
};
use core::sync::atomic::Ordering;
use kernel::{
    prelude::*,
    sync::atomic::Relaxed, //
};

/// A Tx ring: its descriptors and the shared bookkeeping.
pub(crate) struct TxRing {
    pub(crate) size: RingSize,
    pub(crate) thresholds: qdisc_hooks::TxThresholds,
    pub(crate) bds: TxBds,
    pub(crate) book: TxBook,
    /// Software TSO: per descriptor a buffer for a frame control block and
    /// a segment's headers (`tso::HDR_SIZE` bytes).
    pub(crate) hdrs: TxBufMem,
}

/// The Tx descriptors of a ring (big-endian eTSEC layout).
pub(crate) struct TxBds(pub(crate) DescMem);

impl TxRing {
    /// A ring for `cfg`, requesting Tx completion interrupts in batches if
    /// `batch` (`txring::irq_batches`).
    pub(crate) fn new(dma: &DmaDevice, cfg: &RingConfig, batch: bool) -> Result<TxRing> {
        let size = cfg.tx;
        let n = size.get() as usize;
        let bds = TxBds(DescMem::new(dma, n * desc::BD_SIZE)?);
        for i in 0..n {
            bds.idle(i, i == n - 1);
        }
        Ok(TxRing {
            size,
            thresholds: cfg.thresholds,
            bds,
            book: TxBook::new(size, batch)?,
            hdrs: TxBufMem::new(dma, n * tso::HDR_SIZE as usize)?,
        })
    }
}

impl TxBds {
    #[inline]
    pub(crate) fn bd(&self, slot: usize) -> Desc<'_, { desc::BD_SIZE }> {
        self.0.desc(slot * desc::BD_SIZE)
    }

    pub(crate) fn lstatus(&self, slot: usize) -> u32 {
        u32::from_be(self.bd(slot).read32(desc::BD_LSTATUS))
    }

    #[inline]
    pub(crate) fn set_lstatus(&self, slot: usize, v: u32) {
        self.bd(slot).write32(desc::BD_LSTATUS, v.to_be());
    }

    /// Makes descriptor `slot`, filled but not yet reachable by the
    /// hardware, request a completion interrupt.
    pub(crate) fn request_irq(&self, slot: usize) {
        let v = self.lstatus(slot);
        self.set_lstatus(slot, v | desc::lflag(desc::tx::INTERRUPT));
    }

    /// Points descriptor `slot` at `addr`, then sets its `lstatus` if given
    /// (not for a packet's first descriptor, whose READY bit comes last).
    #[inline]
    pub(crate) fn fill(&self, slot: usize, addr: DmaAddr, lstatus: Option<u32>) {
        let bd = self.bd(slot);
        // eTSEC descriptors hold 32-bit addresses (TBDBPH gives the high
        // bits, 0 here: the DMA mask of the platform device is 32 bits).
        bd.write32(desc::BD_BUFPTR, (addr as u32).to_be());
        if let Some(v) = lstatus {
            bd.write32(desc::BD_LSTATUS, v.to_be());
        }
    }
}

impl TxDescs for TxBds {
    fn busy(&self, i: usize) -> bool {
        desc::tx_busy(self.lstatus(i))
    }

    fn idle(&self, i: usize, last_in_ring: bool) {
        self.fill(i, 0, Some(desc::tx_idle(last_in_ring)));
    }
}

impl Gfar {
    /// `ndo_start_xmit` for Tx queue `queue`.
    #[inline(always)]
    pub(crate) fn xmit(&self, skb: Skb, queue: u32) -> TxVerdict {
        let Some(g) = self.groups.get(queue as usize) else {
            return TxVerdict::Ok;
        };
        let off = skb.offloads();
        // A TCP/IPv4 GSO packet (TSO on): segmented here, see `tso.rs`.
        let gso = match off.gso {
            Ok(Some(l)) if l.hdr_len + desc::FCB_LEN as u32 <= tso::HDR_SIZE => Some(l),
            Ok(None) => None,
            _ => {
                drop(skb);
                return self.tx_drop(g);
            }
        };
        let nfrags = skb.nr_frags();
        let nbds = txring::packet_descs(gso.as_ref(), nfrags);

        let mut guard = g.tx.lock();
        let Some(tx) = (*guard).as_mut() else {
            // The rings are being rebuilt or freed: the queue should have
            // been stopped first (debugfs `xmit_no_ring` counts breaches).
            self.debug.add(DBG_XMIT_NO_RING, 1);
            drop(guard);
            drop(skb);
            return self.tx_drop(g);
        };
        let size = tx.size;
        let t = tx.thresholds;
        if nbds > t.stop() {
            // A GSO packet checked against a larger ring before a ring
            // change: it can never fit in advance.
            drop(guard);
            drop(skb);
            return self.tx_drop_in_batch(g);
        }
        let produced = g.tx_produced.load(Ordering::Relaxed);
        let c = Cursor {
            produced,
            consumed: g.tx_consumed.load(Ordering::Acquire),
        };
        if c.free(size) < nbds {
            // The queue is stopped in advance, so this is a bug path: hand
            // the untouched skb back and stop the queue.
            drop(guard);
            pr_err!("gianfar_rs: Tx ring full while the queue was awake\n");
            g.txq().maybe_stop(&g.counters(size), t.stop(), t.wake());
            return TxVerdict::Busy(skb);
        }

        // Checksum offload: push the frame control block in front (with
        // TSO each frame's header copy gets its own).
        let (skb, fcb) = match off.csum {
            CsumRequest::Ipv4 { .. } if gso.is_some() => (skb, true),
            CsumRequest::Ipv4 { l3, l4, udp, phcs } => {
                let fcb = desc::tx_fcb_csum(l3 as u8, (l4 - l3) as u8, udp, phcs);
                let Some(skb) = skb.push_front(&fcb) else {
                    drop(guard);
                    return self.tx_drop_in_batch(g);
                };
                (skb, true)
            }
            CsumRequest::None if gso.is_none() => (skb, false),
            // Only IPv4 checksums are advertised (GSO packets always ask for
            // one); anything else is a bug.
            _ => {
                drop(guard);
                drop(skb);
                return self.tx_drop_in_batch(g);
            }
        };
        // The packet's bytes for BQL and the statistics: without the frame
        // control block, as the C gianfar counts (see `TxRing::map`).
        let bytes = wire_len(&skb, fcb && gso.is_none());

        // Map the head and the fragments (or, with TSO, each segment's
        // header copy and payload) straight into their slots; the other
        // descriptors may be READY before the first one, since the hardware
        // starts at the first. On a mapping failure, the book undoes what
        // was mapped so far.
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
            fcb,
            HandOver {
                irq,
                fail: fail_map,
            },
        );
        let Ok((nbds, mut first_lst)) = mapped else {
            DBG_TX_MAP.unwound(&self.debug, fail_map, nfrags, gso.is_some());
            drop(guard);
            drop(skb);
            return self.tx_drop_in_batch(g);
        };
        tx.book.set_skb(produced, skb);
        if let Some(l) = &gso {
            g.stats.tx.tso(l.segs());
        }
        // Report to BQL before the packet can complete: the Tx NAPI only
        // reclaims up to the published producer counter, so this precedes
        // any completion of it.
        let txq = g.txq();
        let sent = txq.sent(bytes);
        if sent.stopped && !irq {
            // BQL stopped the queue: its wake must not wait for the timer.
            irq = true;
            if nbds == 1 {
                first_lst |= desc::lflag(desc::tx::INTERRUPT);
            } else {
                tx.bds
                    .request_irq(size.slot(produced.wrapping_add(nbds - 1)));
            }
        }
        tx.book.irq.handed(nbds, irq);
        dma::dma_wmb();
        tx.bds.set_lstatus(first_slot, first_lst);
        g.tx_produced
            .store(produced.wrapping_add(nbds), Ordering::Release);
        drop(guard);
        if !irq {
            g.tx_napi.tx_timer_arm(qdisc_hooks::TX_IRQ_WAIT_US);
        }

        let stopped = txq.maybe_stop(&g.counters(size), t.stop(), t.wake());
        if qdisc_hooks::doorbell(!sent.kick, stopped) {
            self.kick_tx(g);
        }
        TxVerdict::Ok
    }

    /// Rings group `g`'s Tx doorbell: clears its queue's halt bit in TSTAT.
    fn kick_tx(&self, g: &Group) {
        // `stall_tx` in debugfs simulates a stuck transmitter.
        if !self.debug.is_set(DBG_STALL_TX) {
            // Descriptors must be in memory before the doorbell.
            dma::wmb();
            self.groups[0]
                .regs
                .write(regs::TSTAT, queue::THALT0 >> g.index);
        }
    }

    /// Tx confirmation of group `g`: reclaims every packet the hardware has
    /// sent, reports to BQL and wakes the queue with hysteresis.
    pub(crate) fn clean_tx(&self, g: &Group, budget: i32) {
        let mut guard = g.tx.lock();
        let Some(tx) = (*guard).as_mut() else {
            return;
        };
        // debugfs `check_bql`: the last poll has reported to BQL all it
        // reclaimed, and xmit reports under this lock, so BQL must count
        // exactly the packets on the ring (those this poll reclaims too).
        if self.debug.is_set(DBG_CHECK_BQL) {
            txring::check_bql(&self.debug, DBG_BQL, &tx.book, g.txq());
        }
        let size = tx.size;
        let wake = tx.thresholds.wake();
        let c = Cursor {
            produced: g.tx_produced.load(Ordering::Acquire),
            consumed: g.tx_consumed.load(Ordering::Relaxed),
        };
        let r = tx.book.reclaim(&tx.bds, &self.dma, c, budget);
        g.tx_consumed.store(r.consumed, Ordering::Release);
        let timer = tx.book.irq.after_reclaim(r.consumed != c.produced, true);
        drop(guard);
        txring::tx_timer(&g.tx_napi, timer, &g.tx_produced, r.consumed, || {
            self.kick_tx(g)
        });
        let (pkts, bytes) = (r.pkts, r.bytes);
        // XDP frames count as sent packets, not for BQL.
        let (sent, sent_bytes) = r.sent();
        g.stats.tx.sent(sent, sent_bytes);
        g.tx_napi
            .dim_poll(r.pkts + r.xdp_pkts, r.bytes + r.xdp_bytes);
        let c = g.counters(size);
        // The queue is off only while the NAPIs are too (`stop()`).
        g.txq().completed_wake(pkts, bytes, &c, wake, false);
    }

    pub(crate) fn tx_drop(&self, g: &Group) -> TxVerdict {
        g.stats.tx_dropped.add(1, Relaxed);
        TxVerdict::Ok
    }

    /// Drops a packet that reached the ring's lock with the ring in place:
    /// packets before it in an xmit batch wait for a doorbell, which at the
    /// batch's end this one can no longer ring.
    fn tx_drop_in_batch(&self, g: &Group) -> TxVerdict {
        if !net::xmit_more() {
            self.kick_tx(g);
        }
        self.tx_drop(g)
    }
}

/// The length of `skb` on the wire: without the frame control block pushed
/// in front of it (`fcb_pushed`; with TSO each frame's header copy carries
/// its own instead).
#[inline(always)]
fn wire_len(skb: &Skb, fcb_pushed: bool) -> u32 {
    if fcb_pushed {
        skb.len() - desc::FCB_LEN as u32
    } else {
        skb.len()
    }
}

impl TxRing {
    /// Maps `skb` (a frame control block in front if `fcb`) or, with `gso`,
    /// its software-TSO frames into the descriptors from counter `produced`
    /// on: every descriptor but the first handed to the hardware. Returns
    /// the descriptor count and the first one's `lstatus`, for the caller
    /// to write last. The packet's last descriptor requests a completion
    /// interrupt if `how.irq` (a TSO packet's always does). With `how.fail`, the
    /// last mapping fails as a test asked (see [`TxBook::map_packet`]).
    #[inline(always)]
    fn map(
        &mut self,
        dma: &DmaDevice,
        skb: &Skb,
        gso: Option<&tso::Layout>,
        produced: u32,
        fcb: bool,
        how: HandOver,
    ) -> Result<(u32, u32)> {
        let nfrags = skb.nr_frags();
        let size = self.size;
        let bytes = wire_len(skb, fcb && gso.is_none());
        let headlen = skb.headlen();
        let last_slot = size.get() as usize - 1;
        let first_slot = size.slot(produced);
        let bds = &self.bds;
        let fail = how.fail;
        match gso {
            None => self
                .book
                .map_packet(bds, dma, skb, produced, bytes, fail, |i, addr, len, f| {
                    let last = f == nfrags;
                    let lst = (f > 0).then(|| {
                        desc::tx_lstatus(
                            len,
                            TxFlags {
                                last,
                                interrupt: last && how.irq,
                                wrap: i == last_slot,
                                ..TxFlags::NONE
                            },
                        )
                    });
                    bds.fill(i, addr, lst);
                })
                .map(|(_, n)| {
                    let last = nfrags == 0;
                    let f = TxFlags {
                        first: true,
                        last,
                        interrupt: last && how.irq,
                        toe: fcb,
                        wrap: first_slot == last_slot,
                    };
                    (n, desc::tx_lstatus(headlen, f))
                }),
            Some(l) => {
                let mut first_lst = 0;
                self.book
                    .map_tso(
                        bds,
                        dma,
                        skb,
                        l,
                        produced,
                        bytes,
                        TsoHeaders {
                            mem: &mut self.hdrs,
                            prefix: desc::FCB_LEN,
                        },
                        fail,
                        |buf, template, seg| {
                            // The frame control block, and in the headers the
                            // pseudo-header checksum in the TCP checksum
                            // field (as the stack leaves it) and a zero IPv4
                            // header checksum (the MAC's: CIP).
                            let (fcb, hdr) = buf.split_at_mut(desc::FCB_LEN);
                            let ph = l.pseudo_csum(template, seg);
                            let c = (l.l4 + 16) as usize;
                            hdr[c..c + 2].copy_from_slice(&ph);
                            let c = (l.l3 + 10) as usize;
                            hdr[c..c + 2].fill(0);
                            fcb.copy_from_slice(&desc::tx_fcb(
                                l.l3 as u8,
                                (l.l4 - l.l3) as u8,
                                false,
                                true,
                                u16::from_ne_bytes(ph),
                            ));
                        },
                        |i, addr, len, bd| {
                            let (first, last, interrupt) = match bd {
                                TsoBd::Header => (true, false, false),
                                TsoBd::Payload => (false, false, false),
                                TsoBd::EndOfFrame => (false, true, false),
                                TsoBd::EndOfPacket => (false, true, true),
                            };
                            // Each frame's header buffer leads with its FCB.
                            let f = TxFlags {
                                first,
                                last,
                                interrupt,
                                toe: first,
                                wrap: i == last_slot,
                            };
                            let lst = desc::tx_lstatus(len, f);
                            if i == first_slot {
                                first_lst = lst;
                                bds.fill(i, addr, None);
                            } else {
                                bds.fill(i, addr, Some(lst));
                            }
                        },
                    )
                    .map(|n| (n, first_lst))
            }
        }
    }
}
