// SPDX-License-Identifier: GPL-2.0

//! Rx ring bookkeeping for AF_XDP zero-copy: the socket's buffer each
//! descriptor owns, the descriptors its fill ring had none for, and the
//! frame path (refill first, then the program on the frame in the old
//! buffer). The pool and its buffers are `netdev/xsk.rs`.

use kernel::prelude::*;

use super::RxDescs;
use crate::netdev::{
    net::NetDev,
    poll::Polled,
    xdp::{
        XdpDone,
        XdpPoll, //
    },
    xsk::{
        XskBuf,
        XskPool,
        XskRxq, //
    },
};

/// The descriptors of an Rx ring filled from an XSK pool: as
/// [`RxDescs`], and also left without a buffer.
pub(crate) trait XskDescs: RxDescs {
    /// Makes descriptor `i` one the hardware stops at (no buffer); WRAP on
    /// the ring's last one.
    fn disarm(&self, i: usize, last_in_ring: bool);
}

/// The buffers of an Rx ring of `n` descriptors from an XSK pool.
///
/// # Invariants
///
/// `bufs[i]` is `Some` exactly for `i < filled`, and those descriptors are
/// armed with their buffer; the others stop the hardware (disarmed). The
/// pool's rxq info (`_rxq`) is registered while the book lives.
pub(crate) struct XskBook<'a> {
    // The buffers go back to the pool before the rxq info goes (field
    // order).
    bufs: KVec<Option<XskBuf>>,
    filled: usize,
    pool: XskPool,
    _rxq: XskRxq<'a>,
    /// Next descriptor to look at (free-running).
    next: u32,
    /// A frame longer than a buffer is being skipped (until its last
    /// descriptor).
    pub(crate) discarding: bool,
}

impl<'a> XskBook<'a> {
    /// The book of an Rx ring of `n` descriptors (Rx queue `queue` of
    /// `dev`) filled from `pool`, every descriptor the fill ring has a
    /// buffer for armed, the others disarmed.
    pub(crate) fn new<D: XskDescs>(
        descs: &D,
        dev: NetDev<'a>,
        queue: u32,
        n: usize,
        pool: XskPool,
    ) -> Result<Self> {
        let rxq = pool.rxq(dev, queue)?;
        let mut bufs = KVec::with_capacity(n, GFP_KERNEL)?;
        for _ in 0..n {
            bufs.push(None, GFP_KERNEL)?;
        }
        let mut book = Self {
            bufs,
            filled: 0,
            pool,
            _rxq: rxq,
            next: 0,
            discarding: false,
        };
        for i in 0..n {
            descs.disarm(i, i + 1 == n);
        }
        book.fill(descs);
        Ok(book)
    }

    /// The pool.
    pub(crate) fn pool(&self) -> &XskPool {
        &self.pool
    }

    /// Arms the descriptors without a buffer, in ring order, as far as the
    /// fill ring goes; returns how many it armed.
    pub(crate) fn fill<D: XskDescs>(&mut self, descs: &D) -> u32 {
        let n = self.bufs.len();
        let mut armed = 0;
        while self.filled < n {
            let Some(b) = self.pool.alloc() else {
                break;
            };
            let i = self.filled;
            descs.arm(i, Some(b.dma()), i + 1 == n);
            // INVARIANT: armed with its buffer, the next one in order.
            self.bufs[i] = Some(b);
            self.filled += 1;
            armed += 1;
        }
        armed
    }

    /// The descriptor to look at next.
    pub(crate) fn slot(&self) -> usize {
        // (`bufs` is never empty: rings have at least one descriptor.)
        self.next as usize % self.bufs.len()
    }

    /// Whether descriptor `i` has no buffer (the fill ring ran dry before
    /// it): the hardware stopped there.
    pub(crate) fn is_hole(&self, i: usize) -> bool {
        i >= self.filled
    }

    /// Moves on to the next descriptor.
    pub(crate) fn advance(&mut self) {
        self.next = self.next.wrapping_add(1);
    }

    /// Hands descriptor `i` back to the hardware with the buffer it has.
    pub(crate) fn rearm<D: XskDescs>(&self, descs: &D, i: usize) {
        descs.arm(i, None, i + 1 == self.bufs.len());
    }

    /// Re-arms every descriptor with a buffer and restarts at the first one
    /// (after a MAC reset).
    pub(crate) fn rewind<D: XskDescs>(&mut self, descs: &D) {
        let n = self.bufs.len();
        for i in 0..n {
            if i < self.filled {
                self.rearm(descs, i);
            } else {
                descs.disarm(i, i + 1 == n);
            }
        }
        self.discarding = false;
        self.next = 0;
    }

    /// Delivers the `len` bytes the device wrote `shift` bytes into the
    /// buffer of descriptor `i` (its frame complete): the descriptor first
    /// gets a new buffer from the fill ring, then the frame in the old one
    /// is received ([`XskBuf::receive`]). With the fill ring empty the
    /// frame is dropped, its buffer re-armed, and `None` returned. From the
    /// ring's NAPI poll.
    pub(crate) fn deliver<D: XskDescs>(
        &mut self,
        descs: &D,
        i: usize,
        shift: u32,
        len: u32,
        napi: Polled<'_>,
        xdp: Option<&mut XdpPoll<'_>>,
    ) -> Option<XdpDone> {
        let Some(new) = self.pool.alloc() else {
            self.rearm(descs, i);
            return None;
        };
        descs.arm(i, Some(new.dma()), i + 1 == self.bufs.len());
        // INVARIANT: the descriptor is armed with its new buffer.
        let old = self.bufs[i].replace(new)?;
        Some(old.receive(shift, len, napi, xdp))
    }
}
