// SPDX-License-Identifier: GPL-2.0

//! Tx ring bookkeeping shared by both drivers: which DMA mapping each
//! descriptor uses, the skb and BQL bytes of each packet, mapping a packet
//! into consecutive descriptors, reclaiming completed packets and flushing
//! the ring. The descriptor format stays with each driver ([`TxDescs`]);
//! the index math is `ring.rs`. The xmit and completion sequences built on it are
//! [`path`].

mod gso;
pub(crate) mod path;

pub(crate) use self::gso::{
    max_packet_descs,
    packet_descs,
    TsoBd,
    TsoBufs,
    TsoFrames,
    TsoLimit, //
};

use core::sync::atomic::{
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

use crate::{
    netdev::{
        dma::{
            DmaAddr,
            DmaDevice,
            TxMap, //
        },
        net::StdStats,
        poll::{
            Napi,
            PollCtx, //
        },
        skb::Skb,
        xdp::XdpFrame,
    },
    qdisc_hooks::{
        self,
        TxIrqBatch,
        TxTimer, //
    },
    ring::{
        Cursor,
        RingSize, //
    },
};

/// A Tx queue's own counters (`atomic64_t`, also on 32-bit CPUs): its
/// xmit counts the packets it segments, its completion what was sent.
pub(crate) struct TxStats {
    pub(crate) packets: Atomic<u64>,
    pub(crate) bytes: Atomic<u64>,
    /// GSO packets segmented by the driver (software TSO), and the frames
    /// made of them.
    pub(crate) tso_packets: Atomic<u64>,
    pub(crate) tso_frames: Atomic<u64>,
}

impl Default for TxStats {
    fn default() -> Self {
        let z = || Atomic::new(0u64);
        TxStats {
            packets: z(),
            bytes: z(),
            tso_packets: z(),
            tso_frames: z(),
        }
    }
}

impl TxStats {
    /// A GSO packet the driver segments into `segs` frames.
    #[inline]
    pub(crate) fn tso(&self, segs: u32) {
        self.tso_packets.add(1, Relaxed);
        self.tso_frames.add(u64::from(segs), Relaxed);
    }

    /// A completion round: `packets` of `bytes` sent.
    #[inline]
    pub(crate) fn sent(&self, packets: u64, bytes: u64) {
        if packets > 0 {
            self.packets.add(packets, Relaxed);
            self.bytes.add(bytes, Relaxed);
        }
    }

    /// The queue's Tx counters in its qstats.
    pub(crate) fn report(&self, s: &mut StdStats) {
        s.tx_packets = self.packets.load(Relaxed);
        s.tx_bytes = self.bytes.load(Relaxed);
        s.tx_gso_packets = self.tso_packets.load(Relaxed);
        s.tx_gso_wire_packets = self.tso_frames.load(Relaxed);
    }
}

/// Whether Tx completion interrupts come in batches
/// ([`TxIrqBatch`]): only on a machine with one CPU, and not with one NAPI
/// for both directions (`combined_napi`, the C drivers' design, kept as
/// they have it).
pub(crate) fn irq_batches(combined_napi: bool) -> bool {
    !combined_napi && crate::netdev::single_cpu()
}

/// Applies a Tx poll's [`TxTimer`] decision to `napi`, the Tx NAPI, after
/// the reclaim left the ring's consumer counter at `consumed`; `produced`
/// is the ring's producer counter and `kick` rings the doorbell.
pub(crate) fn tx_timer(
    napi: &Napi<'_>,
    t: TxTimer,
    produced: &AtomicU32,
    consumed: u32,
    kick: impl FnOnce(),
) {
    match t {
        TxTimer::Keep => (),
        TxTimer::Cancel => {
            napi.tx_timer_cancel();
            // (After the cancel's barrier: a packet published meanwhile
            // may have seen the timer still pending.)
            if produced.load(Ordering::Relaxed) != consumed {
                napi.tx_timer_arm(qdisc_hooks::TX_IRQ_WAIT_US);
            }
        }
        TxTimer::Rearm => {
            kick();
            napi.tx_timer_arm(qdisc_hooks::TX_IRQ_WAIT_US);
        }
    }
}

/// How xmit hands a packet over: what its last descriptor requests and
/// whether a test injects a mapping failure.
#[derive(Clone, Copy)]
pub(crate) struct HandOver {
    /// The last descriptor requests a completion interrupt
    /// ([`TxIrqBatch`]).
    pub(crate) irq: bool,
    /// The packet's last mapping is to fail (debugfs `fail_tx_map`).
    pub(crate) fail: bool,
}

/// A packet to map into a ring's descriptors
/// ([`TxFormat::map`](path::TxFormat::map)).
#[derive(Clone, Copy)]
pub(crate) struct TxPacket<'a, O> {
    pub(crate) skb: &'a Skb,
    /// Its software-TSO layout (none: the packet goes as it is).
    pub(crate) gso: Option<&'a crate::tso::Layout>,
    /// The counter of its first descriptor.
    pub(crate) produced: u32,
    /// What the driver's format needs beyond the skb.
    pub(crate) opt: O,
    pub(crate) how: HandOver,
}

/// A driver's Tx descriptors, as the shared bookkeeping needs them.
pub(crate) trait TxDescs {
    /// Whether the hardware still owns descriptor `i`.
    fn busy(&self, i: usize) -> bool;
    /// Gives descriptor `i` back to software, empty (WRAP on the ring's
    /// last one).
    fn idle(&self, i: usize, last_in_ring: bool);
}

/// One descriptor's bookkeeping.
#[derive(Default)]
struct TxSlot {
    /// The mapping the descriptor uses.
    map: Option<TxMap>,
    /// On the first descriptor of a packet: the skb (or the XDP frame,
    /// which BQL does not see), its descriptor count and the bytes reported
    /// to BQL.
    skb: Option<Skb>,
    frame: Option<XdpFrame>,
    /// On an AF_XDP zero-copy frame's descriptor: its length (the socket's
    /// buffer stays mapped by its pool).
    xsk: Option<u32>,
    nbds: u32,
    bytes: u32,
}

/// The bookkeeping of a Tx ring of `size` descriptors, indexed by the
/// free-running producer/consumer counters of `ring.rs`.
///
/// # Invariants
///
/// A slot that is not the first of a packet in flight holds no skb, no XDP
/// frame and zero `nbds` and `bytes`: only the first slot of a packet gets
/// an skb or counts ([`TxBook::begin`], [`TxBook::set_skb`],
/// [`TxBook::push`]) and [`TxBook::release`] clears them.
pub(crate) struct TxBook {
    size: RingSize,
    slots: KVec<TxSlot>,
    /// Which packets request a completion interrupt.
    pub(crate) irq: TxIrqBatch,
    /// AF_XDP zero-copy frames released (sent or flushed) since the driver
    /// last took the count ([`TxBook::take_xsk_done`]).
    xsk_done: u32,
}

impl Reclaimed {
    /// Packets and bytes sent, for the statistics: XDP frames included.
    pub(crate) fn sent(&self) -> (u64, u64) {
        (
            u64::from(self.pkts) + u64::from(self.xdp_pkts),
            u64::from(self.bytes) + u64::from(self.xdp_bytes),
        )
    }
}

/// What a reclaim found.
pub(crate) struct Reclaimed {
    /// The consumer counter after it.
    pub(crate) consumed: u32,
    /// Packets and bytes completed (for BQL and the statistics).
    pub(crate) pkts: u32,
    pub(crate) bytes: u32,
    /// XDP frames and their bytes completed (statistics only).
    pub(crate) xdp_pkts: u32,
    pub(crate) xdp_bytes: u32,
}

impl TxBook {
    /// The book of a ring of `size` descriptors whose packets request
    /// their completion interrupts in batches (`batch`, see
    /// [`irq_batches`]) or each.
    pub(crate) fn new(size: RingSize, batch: bool) -> Result<Self> {
        let n = size.get() as usize;
        let mut slots = KVec::with_capacity(n, GFP_KERNEL)?;
        for _ in 0..n {
            slots.push(TxSlot::default(), GFP_KERNEL)?;
        }
        // INVARIANT: every slot starts empty.
        Ok(Self {
            size,
            slots,
            irq: TxIrqBatch::new(batch),
            xsk_done: 0,
        })
    }

    /// Starts the bookkeeping of a packet at counter `first` that reports
    /// `bytes` to BQL, its first descriptor reading from `map` (`None`:
    /// memory the driver owns, or not known yet); [`TxBook::push`] then
    /// records its other descriptors. (The slot is found and written once;
    /// it is returned for what else the caller records there.)
    #[inline(always)]
    fn begin(&mut self, first: u32, bytes: u32, map: Option<TxMap>) -> &mut TxSlot {
        let s = &mut self.slots[self.size.slot(first)];
        // The slot holds no skb and no XDP frame (type invariant: released
        // ones were taken), so nothing is dropped here (no call).
        debug_assert!(s.skb.is_none() && s.frame.is_none());
        // INVARIANT: the first slot of the new packet.
        s.map = map;
        s.xsk = None;
        s.nbds = 1;
        s.bytes = bytes;
        s
    }

    /// Records descriptor `k` of the packet at `first`, reading from `map`
    /// (`None`: memory the driver owns, such as TSO headers), and makes the
    /// packet `k + 1` descriptors long.
    #[inline(always)]
    fn push(&mut self, first: u32, k: u32, map: Option<TxMap>) {
        let i0 = self.size.slot(first);
        // Only the mapping changes: a slot after the first holds no skb and
        // no counts (type invariant).
        let i = if k == 0 {
            i0
        } else {
            self.size.slot(first.wrapping_add(k))
        };
        self.slots[i].map = map;
        self.slots[i0].nbds = k + 1;
    }

    /// Maps `skb`'s head (its first `headlen` bytes) and fragments for the
    /// descriptors from counter `first` on, calling `fill(i, addr, len,
    /// frag)` for each (`frag` 0 is the head) so the driver writes its
    /// descriptor; the head's should not be handed to the hardware yet.
    /// Returns the head's address and the descriptor count. On a mapping
    /// failure everything mapped so far is undone (the descriptors made
    /// idle) and the skb is left to the caller. With `fail_last` (a test's
    /// injected fault, the drivers' debugfs `fail_tx_map`) the packet's last
    /// mapping fails as a real one would, after all the others were made.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn map_packet<D: TxDescs>(
        &mut self,
        descs: &D,
        dma: &DmaDevice,
        skb: &Skb,
        first: u32,
        bytes: u32,
        fail_last: bool,
        mut fill: impl FnMut(usize, DmaAddr, u32, u32),
    ) -> Result<(DmaAddr, u32)> {
        let nfrags = skb.nr_frags();
        if fail_last && nfrags == 0 {
            return Err(ENOMEM);
        }
        let head = dma.map_head(skb, skb.headlen())?;
        let i0 = self.size.slot(first);
        let (addr0, len0) = (head.addr(), head.len());
        self.begin(first, bytes, Some(head));
        fill(i0, addr0, len0, 0);
        for f in 0..nfrags {
            let m = if fail_last && f + 1 == nfrags {
                Err(ENOMEM)
            } else {
                dma.map_frag(skb, f)
            };
            let map = match m {
                Ok(m) => m,
                Err(e) => {
                    let _ = self.release(descs, dma, first, true);
                    return Err(e);
                }
            };
            let i = self.size.slot(first.wrapping_add(f + 1));
            let (addr, len) = (map.addr(), map.len());
            self.push(first, f + 1, Some(map));
            fill(i, addr, len, f + 1);
        }
        Ok((addr0, nfrags + 1))
    }

    /// Maps the XDP frame `frame` for the next descriptor, at `c.produced`
    /// (one buffer, none of its bytes reported to BQL) and keeps it until
    /// it completes; returns the descriptor's address and length for the
    /// driver to fill it in, or the frame if it cannot be mapped or has no
    /// room. XDP takes only the room above the queue's stop threshold
    /// `stop`: while the stack's queue is awake its next packet always fits
    /// (the queue is stopped in advance), and the frames never stop or wake
    /// it.
    pub(crate) fn map_frame(
        &mut self,
        dma: &DmaDevice,
        frame: XdpFrame,
        c: Cursor,
        stop: u32,
    ) -> core::result::Result<(DmaAddr, u32), XdpFrame> {
        if c.free(self.size) <= stop {
            return Err(frame);
        }
        let first = c.produced;
        let Some(map) = frame.map(dma) else {
            return Err(frame);
        };
        let (addr, len) = (map.addr(), map.len());
        self.begin(first, 0, Some(map)).frame = Some(frame);
        Ok((addr, len))
    }

    /// Records an AF_XDP zero-copy frame of `len` bytes (its pool's memory,
    /// mapped by the pool) for the next descriptor, at `c.produced`, if it
    /// has room: as XDP frames ([`TxBook::map_frame`]) it takes only the
    /// room above the queue's stop threshold `stop`, and none of its bytes
    /// count for BQL. Its completion is counted for the socket
    /// ([`TxBook::take_xsk_done`]).
    // (fec_rs only, as AF_XDP zero-copy.)
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn map_xsk(&mut self, c: Cursor, stop: u32, len: u32) -> bool {
        if c.free(self.size) <= stop {
            return false;
        }
        self.begin(c.produced, 0, None).xsk = Some(len);
        true
    }

    /// Descriptors free for AF_XDP frames at cursor `c`: the room above the
    /// stop threshold `stop`.
    // (fec_rs only, as AF_XDP zero-copy.)
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn xsk_room(&self, c: Cursor, stop: u32) -> u32 {
        c.free(self.size).saturating_sub(stop)
    }

    /// AF_XDP zero-copy frames released since the last call: the socket's
    /// completions due.
    pub(crate) fn take_xsk_done(&mut self) -> u32 {
        core::mem::take(&mut self.xsk_done)
    }

    /// Bytes of the packets on the ring: reported to BQL and not reclaimed
    /// yet (only a packet's first slot counts them, type invariant). At most
    /// the ring's size times the largest packet (64 KiB), so a `u32` holds
    /// it.
    pub(crate) fn bytes_on_ring(&self) -> u32 {
        self.slots.iter().map(|s| s.bytes).sum()
    }

    /// Hands the packet mapped at `first` its skb (freed on completion).
    #[inline]
    pub(crate) fn set_skb(&mut self, first: u32, skb: Skb) {
        self.slots[self.size.slot(first)].skb = Some(skb);
    }

    /// Unmaps and releases the descriptors of the packet at `first`;
    /// returns its skb, descriptor count and BQL bytes, and the length of
    /// the XDP frame it was (0 if none: the frame is returned here). With `idle` the
    /// descriptors are made idle too (a packet the hardware may not have
    /// finished); descriptors the hardware gave back keep their contents
    /// until they are filled again, which rewrites every field.
    #[inline(always)]
    fn release<D: TxDescs>(
        &mut self,
        descs: &D,
        dma: &DmaDevice,
        first: u32,
        idle: bool,
    ) -> (Option<Skb>, u32, u32, u32) {
        let nbds = self.slots[self.size.slot(first)].nbds.max(1);
        let mut skb = None;
        let mut bytes = 0;
        let mut xdp_len = 0;
        let mut xsk = false;
        for k in 0..nbds {
            let c = first.wrapping_add(k);
            let i = self.size.slot(c);
            let s = &mut self.slots[i];
            if let Some(m) = s.map.take() {
                if s.frame.is_some() {
                    xdp_len = m.len();
                }
                dma.unmap(m);
            }
            if k == 0 {
                skb = s.skb.take();
                bytes = s.bytes;
                // Unmapped above: the frame may go back to its memory.
                drop(s.frame.take());
                if let Some(len) = s.xsk.take() {
                    xdp_len = len;
                    xsk = true;
                }
            }
            debug_assert!(k == 0 || (s.skb.is_none() && s.frame.is_none() && s.xsk.is_none()));
            // INVARIANT: the packet's slots are left without counts (and the
            // first without its skb, taken above).
            s.nbds = 0;
            s.bytes = 0;
            if idle {
                descs.idle(i, self.size.is_last(c));
            }
        }
        if xsk {
            self.xsk_done += 1;
        }
        (skb, nbds, bytes, xdp_len)
    }

    /// Reclaims, from `c.consumed` on, every packet whose last descriptor
    /// the hardware has given back, freeing its skb (from the Tx NAPI's
    /// `poll`) after `done(descs, skb, last)` saw it with its last
    /// descriptor's slot (what the hardware wrote back there, such as a
    /// timestamp, is still in place).
    pub(crate) fn reclaim<D: TxDescs>(
        &mut self,
        descs: &D,
        dma: &DmaDevice,
        c: Cursor,
        poll: &PollCtx,
        mut done: impl FnMut(&D, &Skb, usize),
    ) -> Reclaimed {
        let mut r = Reclaimed {
            consumed: c.consumed,
            pkts: 0,
            bytes: 0,
            xdp_pkts: 0,
            xdp_bytes: 0,
        };
        while c.produced.wrapping_sub(r.consumed) > 0 {
            let first = self.size.slot(r.consumed);
            let nbds = self.slots[first].nbds.max(1);
            let last = self.size.slot(r.consumed.wrapping_add(nbds - 1));
            if descs.busy(last) {
                break;
            }
            // Read the rest of the descriptors only after seeing them done.
            crate::netdev::dma::dma_rmb();
            let (skb, n, b, xdp_len) = self.release(descs, dma, r.consumed, false);
            r.consumed = r.consumed.wrapping_add(n);
            if let Some(skb) = skb {
                done(descs, &skb, last);
                skb.consume(poll);
            } else if xdp_len > 0 {
                r.xdp_pkts += 1;
                r.xdp_bytes += xdp_len;
                continue;
            }
            r.pkts += 1;
            r.bytes += b;
        }
        r
    }

    /// Releases every packet still in flight between the ring's counters
    /// `produced` and `consumed` (the hardware is stopped), leaves the
    /// consumer counter after them and returns how many there were.
    pub(crate) fn flush<D: TxDescs>(
        &mut self,
        descs: &D,
        dma: &DmaDevice,
        produced: &AtomicU32,
        consumed: &AtomicU32,
    ) -> u64 {
        let mut c = Cursor {
            produced: produced.load(Ordering::Acquire),
            consumed: consumed.load(Ordering::Acquire),
        };
        let mut n = 0;
        while c.in_flight() > 0 {
            let (skb, k, _, _) = self.release(descs, dma, c.consumed, true);
            drop(skb);
            c.consumed = c.consumed.wrapping_add(k);
            n += 1;
        }
        self.irq.reset();
        consumed.store(c.consumed, Ordering::Release);
        n
    }
}
