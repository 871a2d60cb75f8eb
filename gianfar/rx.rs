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
    page_pool::RxPage,
    poll::Napi,
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
    XdpRx, //
};
use core::sync::atomic::Ordering;
use kernel::prelude::*;

/// An Rx ring: its descriptors and buffers.
pub(crate) struct RxRing {
    pub(crate) book: RxBook,
    pub(crate) bds: RxBds,
    /// The frame being gathered has QEMU's eTSEC lengths
    /// ([`desc::rx_model_lengths`]).
    pub(crate) model_lengths: bool,
}

/// The Rx descriptors of a ring (big-endian eTSEC layout).
pub(crate) struct RxBds(pub(crate) DescMem);

impl RxRing {
    /// Rx queue `queue`'s ring of `size` buffers, laid out for XDP if
    /// `xdp`.
    pub(crate) fn new(
        dma: &DmaDevice,
        napi: &Napi,
        queue: u32,
        size: RingSize,
        xdp: bool,
    ) -> Result<RxRing> {
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
impl Gfar {
    /// Rx of group `g`, at most `quota` frames; returns the frames handled.
    pub(crate) fn clean_rx(&self, g: &Group, quota: u32) -> u32 {
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
        let rcu = kernel::sync::rcu::read_lock();
        let mut xdp = self.dev.xdp_prog(&rcu).map(XdpPoll::new);
        let mut xc = XdpCounts::default();
        let mut send = |f| self.xdp_tx_frame(g, f);
        let headroom = rx.book.headroom();
        while work < quota {
            let i = rx.book.slot();
            let bd = rx.bds.0.desc::<{ desc::BD_SIZE }>(i * desc::BD_SIZE);
            let status = desc::rx_status(u32::from_be(bd.read32(desc::BD_LSTATUS)));
            if status == RxStatus::Empty {
                // All the MAC wrote is handled: restart the ring if it
                // halted, and go on if that brought more.
                // Rings sit below 4 GiB (RBASEH is 0, see `alloc_rings`).
                let at = (rx.bds.0.dma() as u32).wrapping_add((i * desc::BD_SIZE) as u32);
                self.resume_rx(g, at);
                if desc::rx_status(u32::from_be(bd.read32(desc::BD_LSTATUS))) == RxStatus::Empty {
                    break;
                }
                continue;
            }
            // The length and buffer are valid once the descriptor is ours.
            dma::dma_rmb();
            // Each frame follows its Rx FCB, whose first half-word has the
            // parser's checksum results, and the padding that aligns its IP
            // header. `fail_rx_alloc` in debugfs injects refill failures.
            let prefix = desc::RX_PREFIX;
            let csum_ok = |b: &RxPage| {
                rx_csum
                    && b.read::<2>(headroom)
                        .is_some_and(|f| desc::rx_csum_ok(u16::from_be_bytes(f)))
            };
            // `fail_rx_alloc_skip` lets that many allocations through first.
            let no_buffer = || {
                self.debug.is_set(DBG_FAIL_RX_ALLOC)
                    && !self.debug.take(DBG_FAIL_RX_ALLOC_SKIP)
                    && self.debug.take(DBG_FAIL_RX_ALLOC)
            };
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
                // One buffer of a frame longer than a buffer (jumbo frames).
                RxStatus::Partial { len, .. } => {
                    let ok = match rx.book.gathered() {
                        None => {
                            rx.model_lengths = desc::rx_model_lengths(len, RX_BUF_LEN);
                            len >= prefix + desc::ETH_HLEN && len <= RX_BUF_SPACE
                        }
                        Some(_) => len > 0 && len <= RX_BUF_SPACE,
                    };
                    if ok {
                        rx.book.gather(&rx.bds, i, len, prefix, no_buffer, csum_ok);
                    } else {
                        rx.book.skip(&rx.bds, i, len);
                    }
                    None
                }
                // A frame in one buffer.
                RxStatus::Last { len, .. } if rx.book.gathered().is_none() => {
                    match desc::rx_frame_len(len, prefix) {
                        Some(flen) if len <= RX_BUF_SPACE => {
                            let (d, ok) = rx.book.deliver(
                                &rx.bds,
                                i,
                                len,
                                prefix,
                                flen,
                                no_buffer(),
                                csum_ok,
                                &g.rx_napi,
                                self.dev,
                                xdp.as_mut().map(|poll| XdpRx {
                                    poll,
                                    counts: &mut xc,
                                    tx: &mut send,
                                }),
                            );
                            Some((d, ok, flen))
                        }
                        _ => {
                            n.errors += 1;
                            n.length_errors += 1;
                            rx.book.rearm(&rx.bds, i);
                            None
                        }
                    }
                }
                // The last buffer of a frame that spans buffers.
                RxStatus::Last { len, .. } => {
                    let so_far = rx.book.gathered().unwrap_or(0);
                    let frame = desc::rx_last_piece(len, so_far, rx.model_lengths)
                        .filter(|&p| p <= RX_BUF_SPACE)
                        .and_then(|p| Some((p, desc::rx_frame_len(so_far + p, prefix)?)));
                    match frame {
                        Some((piece, flen)) => {
                            // A last buffer with nothing but (part of) the
                            // FCS keeps its buffer: nothing of it is kept.
                            let keep = if piece > desc::FCS_LEN { piece } else { 0 };
                            let (d, ok) = rx
                                .book
                                .finish(&rx.bds, i, keep, flen, no_buffer, &g.rx_napi, self.dev);
                            Some((d, ok, flen))
                        }
                        None => {
                            rx.book.abandon();
                            n.errors += 1;
                            n.length_errors += 1;
                            rx.book.rearm(&rx.bds, i);
                            None
                        }
                    }
                }
                RxStatus::Error { flags, .. } => {
                    rx.book.abandon();
                    n.errors += 1;
                    if flags & desc::rx::CRCERR != 0 {
                        n.crc_errors += 1;
                    }
                    if flags & (desc::rx::LARGE | desc::rx::SHORT | desc::rx::TRUNCATED) != 0 {
                        n.length_errors += 1;
                    }
                    rx.book.rearm(&rx.bds, i);
                    None
                }
                RxStatus::Empty => unreachable!(),
            };
            match delivered {
                Some((Delivery::Delivered, ok, flen)) => {
                    n.packets += 1;
                    n.bytes += flen;
                    n.csum_ok += u32::from(ok);
                }
                // Received, then sent, redirected or dropped by XDP.
                Some((Delivery::Xdp, _, flen)) => {
                    n.packets += 1;
                    n.bytes += flen;
                }
                Some((Delivery::NoBuffer, ..)) => {
                    n.dropped += 1;
                    n.alloc_failures += 1;
                }
                Some((Delivery::Dropped, ..)) => n.dropped += 1,
                None => {}
            }
            rx.book.advance();
            work += 1;
        }
        drop(guard);
        // Redirects are flushed before the RCU read lock goes.
        drop(xdp);
        drop(rcu);
        if xc.tx_queued() > 0 {
            self.xdp_tx_kick(g);
        }
        self.xdp_stats.add_rx(&xc);
        g.rx_napi.dim_poll(n.packets, n.bytes);
        g.stats.rx.add(&n);
        work
    }
}
