// SPDX-License-Identifier: GPL-2.0

//! Tx ring bookkeeping shared by both drivers: which DMA mapping each
//! descriptor uses, the skb and BQL bytes of each packet, mapping a packet
//! into consecutive descriptors, reclaiming completed packets and flushing
//! the ring. The descriptor format stays with each driver ([`TxDescs`]);
//! the index math is `ring.rs`.

use kernel::prelude::*;

use crate::{
    netdev::{
        dma::{
            DmaAddr,
            DmaDevice,
            TxMap, //
        },
        skb::Skb,
    },
    ring::{
        Cursor,
        RingSize, //
    },
};

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
    /// On the first descriptor of a packet: the skb, its descriptor count
    /// and the bytes reported to BQL.
    skb: Option<Skb>,
    nbds: u32,
    bytes: u32,
}

/// The bookkeeping of a Tx ring of `size` descriptors, indexed by the
/// free-running producer/consumer counters of `ring.rs`.
pub(crate) struct TxBook {
    size: RingSize,
    slots: KVec<TxSlot>,
}

/// What a reclaim found.
pub(crate) struct Reclaimed {
    /// The consumer counter after it.
    pub(crate) consumed: u32,
    /// Packets and bytes completed (for BQL and the statistics).
    pub(crate) pkts: u32,
    pub(crate) bytes: u32,
}

impl TxBook {
    pub(crate) fn new(size: RingSize) -> Result<Self> {
        let n = size.get() as usize;
        let mut slots = KVec::with_capacity(n, GFP_KERNEL)?;
        for _ in 0..n {
            slots.push(TxSlot::default(), GFP_KERNEL)?;
        }
        Ok(Self { size, slots })
    }

    /// Maps `skb`'s head (its first `headlen` bytes) and fragments for the
    /// descriptors from counter `first` on, calling `fill(i, addr, len,
    /// frag)` for each (`frag` 0 is the head) so the driver writes its
    /// descriptor; the head's should not be handed to the hardware yet.
    /// Returns the head's address and the descriptor count. On a mapping
    /// failure everything mapped so far is undone (the descriptors made
    /// idle) and the skb is left to the caller.
    pub(crate) fn map_packet<D: TxDescs>(
        &mut self,
        descs: &D,
        dma: &DmaDevice,
        skb: &Skb,
        first: u32,
        bytes: u32,
        mut fill: impl FnMut(usize, DmaAddr, u32, u32),
    ) -> Result<(DmaAddr, u32)> {
        let nfrags = skb.nr_frags();
        let head = dma.map_head(skb, skb.headlen())?;
        let i0 = self.size.slot(first);
        let (addr0, len0) = (head.addr(), head.len());
        self.slots[i0] = TxSlot {
            map: Some(head),
            skb: None,
            nbds: 1,
            bytes,
        };
        fill(i0, addr0, len0, 0);
        for f in 0..nfrags {
            let map = match dma.map_frag(skb, f) {
                Ok(m) => m,
                Err(e) => {
                    let _ = self.release(descs, dma, first);
                    return Err(e);
                }
            };
            let i = self.size.slot(first.wrapping_add(f + 1));
            let (addr, len) = (map.addr(), map.len());
            self.slots[i] = TxSlot {
                map: Some(map),
                ..TxSlot::default()
            };
            self.slots[i0].nbds = f + 2;
            fill(i, addr, len, f + 1);
        }
        Ok((addr0, nfrags + 1))
    }

    /// Hands the packet mapped at `first` its skb (freed on completion).
    pub(crate) fn set_skb(&mut self, first: u32, skb: Skb) {
        self.slots[self.size.slot(first)].skb = Some(skb);
    }

    /// Unmaps and releases the descriptors of the packet at `first`;
    /// returns its skb, descriptor count and BQL bytes.
    pub(crate) fn release<D: TxDescs>(
        &mut self,
        descs: &D,
        dma: &DmaDevice,
        first: u32,
    ) -> (Option<Skb>, u32, u32) {
        let nbds = self.slots[self.size.slot(first)].nbds.max(1);
        let mut skb = None;
        let mut bytes = 0;
        for k in 0..nbds {
            let c = first.wrapping_add(k);
            let i = self.size.slot(c);
            let s = &mut self.slots[i];
            if let Some(m) = s.map.take() {
                dma.unmap(m);
            }
            if k == 0 {
                skb = s.skb.take();
                bytes = s.bytes;
            }
            *s = TxSlot::default();
            descs.idle(i, self.size.is_last(c));
        }
        (skb, nbds, bytes)
    }

    /// Reclaims, from `c.consumed` on, every packet whose last descriptor
    /// the hardware has given back, freeing its skb (`budget`: the NAPI
    /// budget, 0 in netpoll).
    pub(crate) fn reclaim<D: TxDescs>(
        &mut self,
        descs: &D,
        dma: &DmaDevice,
        c: Cursor,
        budget: i32,
    ) -> Reclaimed {
        let mut r = Reclaimed {
            consumed: c.consumed,
            pkts: 0,
            bytes: 0,
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
            let (skb, n, b) = self.release(descs, dma, r.consumed);
            if let Some(skb) = skb {
                skb.consume(budget);
            }
            r.consumed = r.consumed.wrapping_add(n);
            r.pkts += 1;
            r.bytes += b;
        }
        r
    }

    /// Releases every packet still in flight (the hardware is stopped);
    /// returns the consumer counter after them and how many there were.
    pub(crate) fn flush<D: TxDescs>(
        &mut self,
        descs: &D,
        dma: &DmaDevice,
        c: Cursor,
    ) -> (u32, u64) {
        let mut c = c;
        let mut n = 0;
        while c.in_flight() > 0 {
            let (skb, k, _) = self.release(descs, dma, c.consumed);
            drop(skb);
            c.consumed = c.consumed.wrapping_add(k);
            n += 1;
        }
        (c.consumed, n)
    }
}
