// SPDX-License-Identifier: GPL-2.0

//! Rx ring bookkeeping shared by both drivers: the page_pool buffer each
//! descriptor owns, the next descriptor to look at, and the frame path
//! (refill first, sync, `build_skb`, GRO). The descriptor format stays with
//! each driver ([`RxDescs`]); the index math is `ring.rs`. The rings an
//! AF_XDP socket's buffers fill are [`xsk`].

mod stats;
#[cfg(nxp_fec)]
pub(crate) mod xsk;

pub(crate) use stats::{
    Delivery,
    RxCounts,
    RxStats, //
};

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
            RxPage,
            RxSkb,
            SlotPage, //
        },
        poll::{
            Polled,
            RxNapi, //
        },
        xdp::{
            XdpCounts,
            XdpDone,
            XdpFrame,
            XdpPoll,
            XdpVerdict,
            XDP_PACKET_HEADROOM, //
        },
    },
    ring::RingSize,
    vlan::{
        RxVlan,
        VLAN_HLEN, //
    },
};

/// A driver's Rx descriptors, as the shared bookkeeping needs them.
pub(crate) trait RxDescs {
    /// Hands descriptor `i` to the hardware, empty (WRAP on the ring's last
    /// one), with a new buffer at bus address `addr` (the driver's headroom
    /// included), or with the buffer it has (`None`).
    fn arm(&self, i: usize, addr: Option<DmaAddr>, last_in_ring: bool);
}

/// What the MAC says of a received frame besides its length.
#[derive(Clone, Copy)]
pub(crate) struct RxMeta {
    /// Its checksums were verified (`CHECKSUM_UNNECESSARY`).
    pub(crate) csum_ok: bool,
    /// Its VLAN tag.
    pub(crate) vlan: RxVlan,
    /// Its hardware timestamp, in ns of the device's PTP clock.
    pub(crate) tstamp: Option<u64>,
}

impl RxMeta {
    /// Nothing said: the stack checks the checksums, a tag stays in the
    /// frame.
    pub(crate) const NONE: RxMeta = RxMeta {
        csum_ok: false,
        vlan: RxVlan::None,
        tstamp: None,
    };
}

/// The XDP side of an Rx poll, for [`RxBook::deliver`]: the program, the
/// poll's counts, and the driver's `XDP_TX` (which queues a frame on its Tx
/// ring, or gives it back when there is no room).
pub(crate) struct XdpRx<'p, 'a> {
    pub(crate) poll: &'p mut XdpPoll<'a>,
    pub(crate) counts: &'p mut XdpCounts,
    pub(crate) tx: &'p mut dyn FnMut(XdpFrame) -> core::result::Result<(), XdpFrame>,
}

/// A frame that spans several buffers (longer than the hardware's buffer
/// length), gathered descriptor by descriptor, across NAPI polls if its
/// last descriptor is not filled yet.
enum Gather {
    /// No frame in progress.
    Idle,
    /// The pieces so far: the first buffer is the skb's head, the later ones
    /// its page fragments; `bytes` as the descriptors counted them (from the
    /// headroom on), `meta` what the MAC said of it in the first buffer.
    Frame {
        skb: RxSkb,
        bytes: u32,
        meta: RxMeta,
    },
    /// The frame lost a piece (`why`): its descriptors are re-armed up to
    /// its last one, where [`RxBook::finish`] reports `why`.
    Discard { bytes: u32, why: Delivery },
}

/// The buffers of an Rx ring of `size` descriptors, from a page_pool.
///
/// # Invariants
///
/// `bufs` has an entry per descriptor: every descriptor owns a page, whose
/// current buffer it is armed with. The buffers of the frame being gathered
/// are owned by its skb, none of them by a descriptor.
pub(crate) struct RxBook<'a> {
    size: RingSize,
    bufs: KVec<SlotPage>,
    pool: PagePool<'a>,
    /// Bytes in front of the device's data in each buffer.
    headroom: u32,
    /// Next descriptor to look at (free-running).
    next: u32,
    /// The multi-buffer frame in progress.
    gather: Gather,
}

impl<'a> RxBook<'a> {
    /// A pool of buffers for `napi`'s ring (Rx queue `queue`), each written
    /// by the device `headroom` bytes in, at most `buf_len` bytes; every
    /// descriptor armed.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new<D: RxDescs>(
        descs: &D,
        dma: &DmaDevice,
        napi: &RxNapi<'a>,
        queue: u32,
        size: RingSize,
        headroom: u32,
        buf_len: u32,
    ) -> Result<Self> {
        let n = size.get() as usize;
        let pool = PagePool::new(dma, napi, queue, size.get(), headroom, buf_len)?;
        let mut bufs = KVec::with_capacity(n, GFP_KERNEL)?;
        for i in 0..n {
            let Some(page) = pool.alloc_slot() else {
                // Give back the pages taken so far, or the pool never goes.
                for page in bufs.drain_all() {
                    pool.release(page);
                }
                return Err(ENOMEM);
            };
            descs.arm(i, Some(page.dma() + u64::from(headroom)), i == n - 1);
            // Cannot fail: the capacity is there.
            bufs.push(page, GFP_KERNEL)?;
        }
        // INVARIANT: a buffer per descriptor.
        Ok(Self {
            size,
            bufs,
            pool,
            headroom,
            next: 0,
            gather: Gather::Idle,
        })
    }

    /// Bytes in front of the device's data in each buffer.
    #[cfg_attr(nxp_fec, expect(dead_code))]
    pub(crate) fn headroom(&self) -> u32 {
        self.headroom
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
    /// reset, which rewinds the hardware's ring pointer). A frame in
    /// progress is dropped.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn rewind<D: RxDescs>(&mut self, descs: &D) {
        self.abandon();
        for i in 0..self.size.get() as usize {
            self.rearm(descs, i);
        }
        self.next = 0;
    }

    /// Bytes gathered so far of a frame spanning buffers, as its
    /// descriptors counted them; `None` when no such frame is in progress.
    pub(crate) fn gathered(&self) -> Option<u32> {
        match &self.gather {
            Gather::Idle => None,
            Gather::Frame { bytes, .. } | Gather::Discard { bytes, .. } => Some(*bytes),
        }
    }

    /// Drops the frame in progress, if any (its last descriptor reported an
    /// error, or never came); returns whether there was one.
    ///
    /// The caller counts it.
    pub(crate) fn abandon(&mut self) -> bool {
        // Dropping the skb returns its buffers to the pool.
        !matches!(
            core::mem::replace(&mut self.gather, Gather::Idle),
            Gather::Idle
        )
    }

    /// Adds the buffer of descriptor `i`, not the last of its frame, to the
    /// frame in progress: the device wrote `len` bytes from the headroom on.
    /// The first buffer of a frame becomes the skb's head, starting
    /// `data_off` bytes in; `csum_ok(buf)` reads the checksum verdict there.
    /// As with [`RxBook::deliver`], the descriptor gets a new buffer first;
    /// without one (or if `no_buffer()`, asked only when a buffer is to be
    /// taken) the frame is discarded and the buffer re-armed.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gather<D: RxDescs>(
        &mut self,
        descs: &D,
        i: usize,
        len: u32,
        data_off: u32,
        no_buffer: impl FnOnce() -> bool,
        meta: impl FnOnce(&RxPage) -> RxMeta,
    ) {
        let bytes = self.gathered().unwrap_or(0).saturating_add(len);
        if let Gather::Discard { why, .. } = self.gather {
            self.rearm(descs, i);
            self.gather = Gather::Discard { bytes, why };
            return;
        }
        let Some(page) = self.swap_buffer(descs, i, no_buffer()) else {
            self.abandon();
            self.gather = Gather::Discard {
                bytes,
                why: Delivery::NoBuffer,
            };
            return;
        };
        let _ = self.pool.sync_for_cpu(&page, self.headroom, len);
        self.gather = match core::mem::replace(&mut self.gather, Gather::Idle) {
            Gather::Frame { mut skb, meta, .. } => match skb.add_frag(page, self.headroom, len) {
                Ok(()) => Gather::Frame { skb, bytes, meta },
                Err(page) => {
                    self.pool.put(page);
                    Gather::Discard {
                        bytes,
                        why: Delivery::Dropped,
                    }
                }
            },
            _ => {
                let m = meta(&page);
                let Some(head) = len.checked_sub(data_off) else {
                    // Shorter than the part in front of the frame.
                    self.pool.put(page);
                    self.gather = Gather::Discard {
                        bytes,
                        why: Delivery::Dropped,
                    };
                    return;
                };
                match self.pool.build_skb(page, self.headroom + data_off, head) {
                    Ok(skb) => Gather::Frame {
                        skb,
                        bytes,
                        meta: m,
                    },
                    Err(page) => {
                        self.pool.put(page);
                        Gather::Discard {
                            bytes,
                            why: Delivery::Dropped,
                        }
                    }
                }
            }
        };
    }

    /// Re-arms descriptor `i`, a piece of `len` bytes of a frame that spans
    /// buffers which the driver refuses (a length no descriptor may
    /// report, or any piece where frames stay within one buffer): the frame
    /// is dropped, up to its last descriptor.
    pub(crate) fn skip<D: RxDescs>(&mut self, descs: &D, i: usize, len: u32) {
        let bytes = self.gathered().unwrap_or(0).saturating_add(len);
        self.abandon();
        self.rearm(descs, i);
        self.gather = Gather::Discard {
            bytes,
            why: Delivery::Dropped,
        };
    }

    /// Completes the frame in progress with the buffer of descriptor `i`,
    /// its last, holding `piece` bytes of it from the headroom on (0: none
    /// the frame keeps, such as the FCS alone; the buffer stays with the
    /// descriptor), and hands its first `frame_len` bytes to GRO on `napi`
    /// (the FCS trimmed off the end). Returns what became of the frame and
    /// its checksum verdict.
    #[allow(clippy::too_many_arguments)]
    #[cfg_attr(nxp_fec, expect(dead_code))]
    pub(crate) fn finish<D: RxDescs>(
        &mut self,
        descs: &D,
        i: usize,
        piece: u32,
        frame_len: u32,
        no_buffer: impl FnOnce() -> bool,
        napi: Polled<'_>,
        dev: NetDev<'_>,
    ) -> (Delivery, bool) {
        if piece > 0 {
            self.gather(descs, i, piece, 0, no_buffer, |_| RxMeta::NONE);
        } else {
            self.rearm(descs, i);
        }
        match core::mem::replace(&mut self.gather, Gather::Idle) {
            Gather::Frame { mut skb, meta, .. } => {
                if skb.trim(frame_len).is_err() {
                    return (Delivery::Dropped, false);
                }
                // (A tag the MAC left in a frame that spans buffers stays
                // there, for the stack.)
                let vlan = match meta.vlan {
                    RxVlan::Stripped(tci) => Some(tci),
                    RxVlan::None | RxVlan::InFrame => None,
                };
                skb.receive(napi, dev, meta.csum_ok, vlan, meta.tstamp);
                (Delivery::Delivered, meta.csum_ok)
            }
            Gather::Discard { why, .. } => (why, false),
            Gather::Idle => (Delivery::Dropped, false),
        }
    }

    /// Gives descriptor `i` a new buffer (the next one of its page, or a
    /// new page) and returns its old one; `None` (descriptor re-armed with
    /// its buffer) when the pool has none or `no_buffer` is set.
    #[inline(always)]
    fn swap_buffer<D: RxDescs>(&mut self, descs: &D, i: usize, no_buffer: bool) -> Option<RxPage> {
        let last = self.size.is_last(i as u32);
        let Some(slot) = self.bufs.get_mut(i) else {
            // Cannot happen: a slot per descriptor (type invariant).
            return None;
        };
        if no_buffer {
            self.rearm(descs, i);
            return None;
        }
        // The next buffer of the slot's page, if the stack gave it back; a
        // new page otherwise.
        if let Some(old) = self.pool.reuse(slot) {
            descs.arm(i, Some(slot.dma() + u64::from(self.headroom)), last);
            return Some(old);
        }
        let Some(new) = self.pool.alloc_slot() else {
            self.rearm(descs, i);
            return None;
        };
        descs.arm(i, Some(new.dma() + u64::from(self.headroom)), last);
        let old = core::mem::replace(slot, new);
        Some(self.pool.retire(old))
    }

    /// Hands the frame in descriptor `i`'s buffer to GRO on `napi`: the
    /// `data_len` bytes at `data_off` past the headroom, of which the device
    /// wrote `sync_len` (from the headroom on). The descriptor gets a new
    /// buffer first; with none (or `no_buffer`, for fault injection) the
    /// frame is dropped and its buffer re-armed. `csum_ok(buf)` tells
    /// whether the MAC verified the checksums (it may read the buffer, which
    /// is synced for the CPU by then). With `xdp`, on a ring whose buffers
    /// leave XDP's headroom, the program sees the frame first.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(crate) fn deliver<D: RxDescs>(
        &mut self,
        descs: &D,
        i: usize,
        sync_len: u32,
        data_off: u32,
        data_len: u32,
        no_buffer: bool,
        meta: impl FnOnce(&RxPage) -> RxMeta,
        napi: Polled<'_>,
        dev: NetDev<'_>,
        xdp: Option<XdpRx<'_, '_>>,
    ) -> (Delivery, bool) {
        let Some(page) = self.swap_buffer(descs, i, no_buffer) else {
            return (Delivery::NoBuffer, false);
        };
        // (Cannot fail: the range lies in the buffer.)
        let _ = self.pool.sync_for_cpu(&page, self.headroom, sync_len);
        let m = meta(&page);
        let ok = m.csum_ok;
        let (mut off, mut len) = (self.headroom + data_off, data_len);
        let mut page = page;
        if let Some(x) = xdp {
            if off >= XDP_PACKET_HEADROOM {
                match self.run_xdp(x, page, off, len, dev) {
                    Some((p, o, l)) => (page, off, len) = (p, o, l),
                    None => return (Delivery::Xdp, false),
                }
            }
        }
        // A tag still in the frame comes out after the program saw it (as
        // in the C fec).
        let vlan = match m.vlan {
            RxVlan::None => None,
            RxVlan::Stripped(tci) => Some(tci),
            RxVlan::InFrame => page.strip_vlan(off, len).inspect(|_| {
                off += VLAN_HLEN;
                len -= VLAN_HLEN;
            }),
        };
        match self
            .pool
            .receive(page, off, len, napi, dev, ok, vlan, m.tstamp)
        {
            Ok(()) => (Delivery::Delivered, ok),
            Err(page) => {
                self.pool.put(page);
                (Delivery::Dropped, ok)
            }
        }
    }

    /// Runs the XDP program on a frame and carries out its verdict but
    /// `XDP_PASS`: returns the buffer and the frame's new place in it
    /// then, `None` if the program took the frame.
    #[inline(always)]
    fn run_xdp(
        &self,
        x: XdpRx<'_, '_>,
        page: RxPage,
        off: u32,
        len: u32,
        dev: NetDev<'_>,
    ) -> Option<(RxPage, u32, u32)> {
        let done = match self.pool.run_xdp(x.poll, page, off, len) {
            (XdpVerdict::Pass { off, len }, Some(p)) => {
                x.counts.pass += 1;
                return Some((p, off, len));
            }
            (XdpVerdict::Tx(frame), _) => XdpDone::Tx(frame),
            (XdpVerdict::Redirected, _) => XdpDone::Redirected,
            (v, p) => {
                if let Some(p) = p {
                    self.pool.put(p);
                }
                match v {
                    XdpVerdict::TxError => XdpDone::TxError,
                    XdpVerdict::RedirectError => XdpDone::RedirectError,
                    _ => XdpDone::Dropped,
                }
            }
        };
        x.counts.count(done, x.tx, dev);
        None
    }
}

impl Drop for RxBook<'_> {
    fn drop(&mut self) {
        self.abandon();
        for page in self.bufs.drain_all() {
            self.pool.release(page);
        }
    }
}
