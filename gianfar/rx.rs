// SPDX-License-Identifier: GPL-2.0

//! The Rx rings and their path: receive, refill, delivery to GRO.

use crate::gianfar::{
    desc::{
        self,
        RxStatus, //
    },
    driver::{
        Gfar,
        Group,
        DBG_FAIL_RX_ALLOC_SKIP,
        RX_BUF_LEN,
        RX_BUF_SPACE,
        RX_HEADROOM,
        RX_HEADROOM_XDP, //
    }, //
};
use crate::knobs::DBG_FAIL_RX_ALLOC;
use crate::netdev::{
    dma::{
        self,
        DescMem,
        DmaAddr,
        DmaDevice, //
    },
    net::NetDev,
    page_pool::RxPage,
    poll::{
        PollCtx,
        Polled,
        RxNapi, //
    },
    xdp::{
        XdpCounts,
        XdpPoll, //
    }, //
};
use crate::ring::RingSize;
use crate::rxring::{
    Delivery,
    RxBook,
    RxCounts,
    RxDescs,
    RxMeta,
    XdpRx, //
};
use crate::vlan::RxVlan;
use core::sync::atomic::Ordering;
use kernel::prelude::*;

/// An Rx ring: its descriptors and buffers.
pub(crate) struct RxRing<'a> {
    pub(crate) book: RxBook<'a>,
    pub(crate) bds: RxBds,
    /// The frame being gathered has QEMU's eTSEC lengths
    /// ([`desc::rx_model_lengths`]).
    pub(crate) model_lengths: bool,
}

/// The Rx descriptors of a ring (big-endian eTSEC layout).
pub(crate) struct RxBds(pub(crate) DescMem);

impl<'a> RxRing<'a> {
    /// Rx queue `queue`'s ring of `size` buffers, laid out for XDP if
    /// `xdp`.
    pub(crate) fn new(
        dma: &DmaDevice,
        napi: &RxNapi<'a>,
        queue: u32,
        size: RingSize,
        xdp: bool,
    ) -> Result<Self> {
        let bds = RxBds(DescMem::new(dma, size.get() as usize * desc::BD_SIZE)?);
        let headroom = if xdp { RX_HEADROOM_XDP } else { RX_HEADROOM };
        Ok(RxRing {
            book: RxBook::new(&bds, dma, napi, queue, size, headroom, RX_BUF_SPACE)?,
            bds,
            model_lengths: false,
        })
    }
}

impl RxDescs for RxBds {
    fn arm(&self, i: usize, addr: Option<DmaAddr>, last_in_ring: bool) {
        let bd = self.0.desc::<{ desc::BD_SIZE }>(i * desc::BD_SIZE);
        if let Some(a) = addr {
            bd.write32(desc::BD_BUFPTR, (a as u32).to_be());
        }
        // The buffer address must be visible before the descriptor is empty.
        dma::dma_wmb();
        bd.write32(desc::BD_LSTATUS, desc::rx_empty(last_in_ring).to_be());
    }
}
/// Counts a frame the MAC reported with error `flags`.
#[inline]
fn count_error(n: &mut RxCounts, flags: u16) {
    n.errors += 1;
    if flags & desc::rx::CRCERR != 0 {
        n.crc_errors += 1;
    }
    if flags & (desc::rx::LARGE | desc::rx::SHORT | desc::rx::TRUNCATED) != 0 {
        n.length_errors += 1;
    }
}

impl<'a> RxRing<'a> {
    /// One buffer of a frame longer than a buffer (jumbo frames), `len`
    /// bytes in descriptor `i`, marked the frame's first or not: gathered,
    /// or skipped with the frame if its length cannot be or it starts
    /// nowhere (the rest of a frame whose start was lost, such as the one
    /// QEMU's model holds over a restart).
    #[allow(clippy::too_many_arguments)]
    #[cold]
    #[inline(never)]
    fn piece(
        &mut self,
        i: usize,
        len: u32,
        first: bool,
        no_buffer: impl FnOnce() -> bool,
        meta: impl FnOnce(&RxPage) -> RxMeta,
        qemu_model: bool,
    ) {
        let prefix = desc::RX_PREFIX;
        let ok = match self.book.gathered() {
            None => {
                self.model_lengths = desc::rx_model_lengths(len, RX_BUF_LEN, qemu_model);
                first && len >= prefix + desc::ETH_HLEN && len <= RX_BUF_SPACE
            }
            Some(_) => len > 0 && len <= RX_BUF_SPACE,
        };
        if ok {
            self.book.gather(&self.bds, i, len, prefix, no_buffer, meta);
        } else {
            self.book.skip(&self.bds, i, len);
        }
    }

    /// The last buffer of a frame that spans buffers, `len` as descriptor
    /// `i` reports it: the frame goes to GRO on `napi`, or is dropped as a
    /// length error. Returns what became of a frame of how many bytes, with
    /// its checksum verdict.
    #[cold]
    #[inline(never)]
    fn last_piece(
        &mut self,
        i: usize,
        len: u32,
        no_buffer: impl FnOnce() -> bool,
        napi: Polled<'_>,
        dev: NetDev<'_>,
    ) -> Option<(Delivery, bool, u32)> {
        let so_far = self.book.gathered().unwrap_or(0);
        let frame = desc::rx_last_piece(len, so_far, self.model_lengths)
            .filter(|&p| p <= RX_BUF_SPACE)
            .and_then(|p| Some((p, desc::rx_frame_len(so_far + p, desc::RX_PREFIX)?)));
        let Some((piece, flen)) = frame else {
            self.book.abandon();
            self.book.rearm(&self.bds, i);
            return Some((Delivery::LengthError, false, 0));
        };
        // A last buffer with nothing but (part of) the FCS keeps its
        // buffer: nothing of it is kept.
        let keep = if piece > desc::FCS_LEN { piece } else { 0 };
        let (d, ok) = self
            .book
            .finish(&self.bds, i, keep, flen, no_buffer, napi, dev);
        Some((d, ok, flen))
    }

    /// A frame in one buffer, `len` bytes in descriptor `i`: to the XDP
    /// program of `xdp` if there is one, else to GRO on `napi`; dropped as
    /// a length error if it cannot be a frame. Returns what became of a
    /// frame of how many bytes, with its checksum verdict. (The counts of
    /// the poll are the caller's, kept out of the calls: in registers, not
    /// zeroed in memory by a `memset()` call per poll.)
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn whole(
        &mut self,
        i: usize,
        len: u32,
        no_buffer: impl FnOnce() -> bool,
        meta: impl FnOnce(&RxPage) -> RxMeta,
        napi: Polled<'_>,
        dev: NetDev<'_>,
        xdp: Option<XdpRx<'_, '_>>,
    ) -> Option<(Delivery, bool, u32)> {
        let prefix = desc::RX_PREFIX;
        match desc::rx_frame_len(len, prefix) {
            Some(flen) if len <= RX_BUF_SPACE => {
                let (d, ok) = self.book.deliver(
                    &self.bds,
                    i,
                    len,
                    prefix,
                    flen,
                    no_buffer(),
                    meta,
                    napi,
                    dev,
                    xdp,
                );
                Some((d, ok, flen))
            }
            _ => {
                self.book.rearm(&self.bds, i);
                Some((Delivery::LengthError, false, 0))
            }
        }
    }

    /// A frame the MAC reported with error `flags` in descriptor `i`: the
    /// frame in progress abandoned, the buffer kept (the caller counts the
    /// error).
    #[cold]
    #[inline(never)]
    fn error(&mut self, i: usize) {
        self.book.abandon();
        self.book.rearm(&self.bds, i);
    }

    /// The status of descriptor `i`.
    #[inline(always)]
    fn status(&self, i: usize) -> RxStatus {
        let bd = self.bds.0.desc::<{ desc::BD_SIZE }>(i * desc::BD_SIZE);
        desc::rx_status(u32::from_be(bd.read32(desc::BD_LSTATUS)))
    }
}

/// What the Rx FCB in front of a frame in `b` (`headroom` bytes in) says:
/// the parser's checksum verdict (taken if `rx_csum`) and the tag VLAN
/// extraction took out (a tag taken out always goes to the skb, whatever
/// the feature says now). The padding that aligns the IP header follows it.
fn rx_meta(b: &RxPage, headroom: u32, rx_csum: bool) -> RxMeta {
    let fcb = b.read::<{ desc::FCB_LEN }>(headroom);
    RxMeta {
        csum_ok: rx_csum && fcb.is_some_and(|f| desc::rx_csum_ok(u16::from_be_bytes([f[0], f[1]]))),
        vlan: match fcb.and_then(desc::rx_fcb_vlan) {
            Some(tci) => RxVlan::Stripped(tci),
            None => RxVlan::None,
        },
        tstamp: None,
    }
}

impl<'a> Gfar<'a> {
    /// The status of descriptor `i` of group `g`'s ring `rx`, `None` if the
    /// MAC has not written it: all it wrote is handled then, so the ring is
    /// restarted if it halted, and looked at again in case that brought
    /// more.
    fn rx_status(&self, g: &Group<'a>, rx: &RxRing<'_>, i: usize) -> Option<RxStatus> {
        let status = rx.status(i);
        if status != RxStatus::Empty {
            return Some(status);
        }
        // Rings sit below 4 GiB (RBASEH is 0, see `alloc_rings`).
        let at = (rx.bds.0.dma() as u32).wrapping_add((i * desc::BD_SIZE) as u32);
        self.resume_rx(g, at, || rx.status(i) == RxStatus::Empty);
        Some(rx.status(i)).filter(|&s| s != RxStatus::Empty)
    }

    /// Rx of group `g`, at most `quota` frames; returns the frames handled.
    pub(crate) fn clean_rx(&self, g: &Group<'a>, poll: &PollCtx, quota: u32) -> u32 {
        let Some(napi) = g.rx_napi.polled(poll) else {
            return 0;
        };
        let mut guard = g.rx.lock();
        let Some(rx) = (*guard).as_mut() else {
            return 0;
        };
        let rx_csum = self.rx_csum.load(Ordering::Relaxed);
        let mut work = 0;
        let mut n = RxCounts::default();
        // XDP: the program for this poll, and the frames it sends back,
        // queued on the group's Tx ring and handed to the MAC once at the
        // end.
        let mut xdp = self.dev.xdp_prog(poll).map(XdpPoll::new);
        let mut xc = XdpCounts::default();
        let mut send = |f| self.xdp_tx_frame(g, f);
        let headroom = rx.book.headroom();
        let meta = |b: &RxPage| rx_meta(b, headroom, rx_csum);
        // `fail_rx_alloc` in debugfs injects refill failures;
        // `fail_rx_alloc_skip` lets that many allocations through first.
        let no_buffer = || {
            self.debug.is_set(DBG_FAIL_RX_ALLOC)
                && !self.debug.take(DBG_FAIL_RX_ALLOC_SKIP)
                && self.debug.take(DBG_FAIL_RX_ALLOC)
        };
        while work < quota {
            let i = rx.book.slot();
            let Some(status) = self.rx_status(g, rx, i) else {
                break;
            };
            // The length and buffer are valid once the descriptor is ours.
            dma::dma_rmb();
            // A frame's first descriptor while one is in progress: the last
            // descriptor of that one was lost (overrun), drop it.
            if matches!(
                status,
                RxStatus::Partial { first: true, .. }
                    | RxStatus::Last { first: true, .. }
                    | RxStatus::Error { first: true, .. }
            ) && rx.book.abandon()
            {
                n.dropped += 1;
            }
            let delivered = match status {
                // With XDP, frames stay within one buffer (the MTU is
                // limited): a longer one is dropped, never passed unseen.
                RxStatus::Partial { len, .. } if xdp.is_some() => {
                    rx.book.skip(&rx.bds, i, len);
                    None
                }
                RxStatus::Partial { len, first } => {
                    rx.piece(i, len, first, no_buffer, meta, self.qemu_model);
                    None
                }
                RxStatus::Last { len, .. } if rx.book.gathered().is_none() => {
                    let xdp = xdp.as_mut().map(|poll| XdpRx {
                        poll,
                        counts: &mut xc,
                        tx: &mut send,
                    });
                    rx.whole(i, len, no_buffer, meta, napi, self.dev, xdp)
                }
                RxStatus::Last { len, .. } => rx.last_piece(i, len, no_buffer, napi, self.dev),
                RxStatus::Error { flags, .. } => {
                    rx.error(i);
                    count_error(&mut n, flags);
                    None
                }
                RxStatus::Empty => unreachable!(),
            };
            if let Some((d, ok, flen)) = delivered {
                n.count(d, ok, flen);
            }
            rx.book.advance();
            work += 1;
        }
        drop(guard);
        // Redirects are flushed within the poll (its RCU read-side
        // section).
        drop(xdp);
        if xc.tx_queued() > 0 {
            self.xdp_tx_kick(g);
        }
        self.xdp_stats.add_rx(&xc);
        g.rx_napi.dim_poll(n.packets, n.bytes);
        g.stats.rx.add(&n);
        if n.packets > 0 {
            g.tx.lane.received();
        }
        work
    }
}
