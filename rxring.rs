// SPDX-License-Identifier: GPL-2.0

//! Rx ring bookkeeping shared by both drivers: the page_pool buffer each
//! descriptor owns, the next descriptor to look at, and the frame path
//! (refill first, sync, `build_skb`, GRO). The descriptor format stays with
//! each driver ([`RxDescs`]); the index math is `ring.rs`.

use kernel::prelude::*;

use crate::{
    netdev::{
        dma::{
            DmaAddr,
            DmaDevice, //
        },
        net::NetDev,
        page_pool::{
            PagePool,
            RxPage, //
        },
        poll::Napi,
    },
    ring::RingSize,
};

/// A driver's Rx descriptors, as the shared bookkeeping needs them.
pub(crate) trait RxDescs {
    /// Hands descriptor `i` to the hardware, empty (WRAP on the ring's last
    /// one), with a new buffer at bus address `addr` (the driver's headroom
    /// included), or with the buffer it has (`None`).
    fn arm(&self, i: usize, addr: Option<DmaAddr>, last_in_ring: bool);
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
}

/// The buffers of an Rx ring of `size` descriptors, from a page_pool.
///
/// # Invariants
///
/// Every entry of `bufs` is `Some` (every descriptor owns a buffer), except
/// inside [`RxBook::deliver`].
pub(crate) struct RxBook {
    size: RingSize,
    bufs: KVec<Option<RxPage>>,
    pool: PagePool,
    /// Bytes in front of the device's data in each buffer.
    headroom: u32,
    /// Next descriptor to look at (free-running).
    next: u32,
}

impl RxBook {
    /// A pool of buffers for `napi`'s ring, each written by the device
    /// `headroom` bytes in, at most `buf_len` bytes; every descriptor armed.
    pub(crate) fn new<D: RxDescs>(
        descs: &D,
        dma: &DmaDevice,
        napi: &Napi,
        size: RingSize,
        headroom: u32,
        buf_len: u32,
    ) -> Result<Self> {
        let n = size.get() as usize;
        let pool = PagePool::new(dma, napi, size.get(), headroom, buf_len)?;
        let mut bufs = KVec::with_capacity(n, GFP_KERNEL)?;
        for i in 0..n {
            let page = pool.alloc().ok_or(ENOMEM)?;
            descs.arm(i, Some(page.dma() + u64::from(headroom)), i == n - 1);
            bufs.push(Some(page), GFP_KERNEL)?;
        }
        // INVARIANT: a buffer per descriptor.
        Ok(Self {
            size,
            bufs,
            pool,
            headroom,
            next: 0,
        })
    }

    /// The descriptor to look at next.
    pub(crate) fn slot(&self) -> usize {
        self.size.slot(self.next)
    }

    /// Moves on to the next descriptor.
    pub(crate) fn advance(&mut self) {
        self.next = self.next.wrapping_add(1);
    }

    /// Hands descriptor `i` back to the hardware with the buffer it has.
    pub(crate) fn rearm<D: RxDescs>(&self, descs: &D, i: usize) {
        descs.arm(i, None, self.size.is_last(i as u32));
    }

    /// Re-arms every descriptor and restarts at the first one (after a MAC
    /// reset, which rewinds the hardware's ring pointer).
    pub(crate) fn rewind<D: RxDescs>(&mut self, descs: &D) {
        for i in 0..self.size.get() as usize {
            self.rearm(descs, i);
        }
        self.next = 0;
    }

    /// Hands the frame in descriptor `i`'s buffer to GRO on `napi`: the
    /// `data_len` bytes at `data_off` past the headroom, of which the device
    /// wrote `sync_len` (from the headroom on). The descriptor gets a new
    /// buffer first; with none (or `no_buffer`, for fault injection) the
    /// frame is dropped and its buffer re-armed. `csum_ok(buf)` tells
    /// whether the MAC verified the checksums (it may read the buffer, which
    /// is synced for the CPU by then).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn deliver<D: RxDescs>(
        &mut self,
        descs: &D,
        i: usize,
        sync_len: u32,
        data_off: u32,
        data_len: u32,
        no_buffer: bool,
        csum_ok: impl FnOnce(&RxPage) -> bool,
        napi: &Napi,
        dev: NetDev,
    ) -> (Delivery, bool) {
        let last = self.size.is_last(i as u32);
        let new = if no_buffer { None } else { self.pool.alloc() };
        let Some(new) = new else {
            self.rearm(descs, i);
            return (Delivery::NoBuffer, false);
        };
        let Some(page) = self.bufs[i].take() else {
            // Not reached (invariant): the new buffer takes the empty slot.
            descs.arm(i, Some(new.dma() + u64::from(self.headroom)), last);
            self.bufs[i] = Some(new);
            return (Delivery::Dropped, false);
        };
        // (Cannot fail: the range lies in the buffer.)
        let _ = self.pool.sync_for_cpu(&page, self.headroom, sync_len);
        let ok = csum_ok(&page);
        let d = match self
            .pool
            .build_skb(page, self.headroom + data_off, data_len)
        {
            Ok(skb) => {
                skb.receive(napi, dev, ok);
                Delivery::Delivered
            }
            Err(page) => {
                self.pool.put(page);
                Delivery::Dropped
            }
        };
        descs.arm(i, Some(new.dma() + u64::from(self.headroom)), last);
        // INVARIANT: the slot has a buffer again.
        self.bufs[i] = Some(new);
        (d, ok)
    }
}

impl Drop for RxBook {
    fn drop(&mut self) {
        for b in self.bufs.iter_mut() {
            if let Some(page) = b.take() {
                self.pool.put(page);
            }
        }
    }
}
