// SPDX-License-Identifier: GPL-2.0

//! The Rx ring and its path: receive, refill, delivery to GRO.

use crate::fec::{
    desc::{
        self,
        RxStatus, //
    },
    driver::{
        Fec,
        RX_HEADROOM,
        RX_HEADROOM_XDP, //
    },
    regs, //
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
    poll::{
        PollCtx,
        Polled,
        RxNapi, //
    },
    xdp::{
        XdpCounts,
        XdpDone,
        XdpPoll, //
    },
    xsk::XskPool, //
};
use crate::ring::RingSize;
use crate::rxring::{
    xsk::{
        XskBook,
        XskDescs, //
    },
    RxBook,
    RxCounts,
    RxDescs,
    RxMeta,
    XdpRx, //
};
use crate::vlan::RxVlan;
use core::sync::atomic::Ordering;
use kernel::prelude::*;

/// Where an Rx ring's buffers come from.
pub(crate) enum RxBufs<'a> {
    /// Pages of the ring's own page_pool.
    Pages(RxBook<'a>),
    /// The XSK pool of an AF_XDP socket bound in zero-copy mode.
    Xsk(XskBook<'a>),
}

/// The Rx ring: its descriptors and buffers.
pub(crate) struct RxRing<'a> {
    pub(crate) bufs: RxBufs<'a>,
    pub(crate) bds: RxBds,
    /// Buffer length the MAC may fill (MRBR).
    pub(crate) buf_len: u32,
}

/// The Rx descriptors of a ring (enhanced ENET layout).
pub(crate) struct RxBds(pub(crate) DescMem);

impl<'a> RxRing<'a> {
    /// A ring of `size` buffers of `buf_len` bytes, laid out for XDP if
    /// `xdp`; with `xsk` the buffers of that pool instead (as many bytes
    /// as they take, `buf_len` at most).
    pub(crate) fn new(
        dma: &DmaDevice,
        napi: &RxNapi<'a>,
        size: RingSize,
        buf_len: u32,
        xdp: bool,
        xsk: Option<(XskPool, NetDev<'a>)>,
    ) -> Result<Self> {
        let bds = RxBds(DescMem::new(dma, size.get() as usize * desc::BD_SIZE)?);
        if let Some((pool, dev)) = xsk {
            // MRBR: a multiple of 64 bytes (the FCS and the shift bytes
            // included, as the pool's frame size counts them).
            let buf_len = buf_len.min(pool.rx_frame_size() & !63);
            let book = XskBook::new(&bds, dev, 0, size.get() as usize, pool)?;
            return Ok(RxRing {
                bufs: RxBufs::Xsk(book),
                bds,
                buf_len,
            });
        }
        let headroom = if xdp { RX_HEADROOM_XDP } else { RX_HEADROOM };
        Ok(RxRing {
            bufs: RxBufs::Pages(RxBook::new(&bds, dma, napi, 0, size, headroom, buf_len)?),
            bds,
            buf_len,
        })
    }

    /// Re-arms every descriptor and restarts at the first one (after a MAC
    /// reset).
    pub(crate) fn rewind(&mut self) {
        match &mut self.bufs {
            RxBufs::Pages(book) => book.rewind(&self.bds),
            RxBufs::Xsk(book) => book.rewind(&self.bds),
        }
    }
}

impl RxBds {
    /// What the MAC left in descriptor `i`, and its data length; the rest
    /// of a descriptor that is not `Empty` may be read after this.
    fn status(&self, i: usize) -> (RxStatus, u16) {
        let bd = self.0.desc::<{ desc::BD_SIZE }>(i * desc::BD_SIZE);
        let sc = u16::from_le(bd.read16(desc::BD_SC));
        if sc & desc::rx::EMPTY != 0 {
            return (RxStatus::Empty, 0);
        }
        // The rest of the descriptor is valid once it is ours.
        dma::dma_rmb();
        let datlen = u16::from_le(bd.read16(desc::BD_DATLEN));
        (desc::rx_status(sc, datlen), datlen)
    }
}

/// Counts a frame the MAC reported with the error bits `flags`.
#[inline]
fn count_error(n: &mut RxCounts, flags: u16) {
    n.errors += 1;
    if flags & desc::rx::OV != 0 {
        n.fifo_errors += 1;
    } else {
        if flags & (desc::rx::LG | desc::rx::SH) != 0 {
            n.length_errors += 1;
        }
        if flags & desc::rx::CR != 0 {
            n.crc_errors += 1;
        }
        if flags & (desc::rx::NO | desc::rx::CL) != 0 {
            n.frame_errors += 1;
        }
    }
}

impl XskDescs for RxBds {
    fn disarm(&self, i: usize, last_in_ring: bool) {
        let bd = self.0.desc::<{ desc::BD_SIZE }>(i * desc::BD_SIZE);
        bd.write16(
            desc::BD_SC,
            (if last_in_ring { desc::rx::WRAP } else { 0 }).to_le(),
        );
    }
}

impl RxDescs for RxBds {
    fn arm(&self, i: usize, addr: Option<DmaAddr>, last_in_ring: bool) {
        let bd = self.0.desc::<{ desc::BD_SIZE }>(i * desc::BD_SIZE);
        if let Some(a) = addr {
            bd.write32(desc::BD_BUFADDR, (a as u32).to_le());
        }
        bd.write16(desc::BD_DATLEN, 0);
        bd.write32(desc::BD_ESC, desc::rx::INT.to_le());
        bd.write32(desc::BD_PROT, 0);
        bd.write32(desc::BD_BDU, 0);
        // The rest of the descriptor must be visible before it is empty.
        dma::dma_wmb();
        bd.write16(desc::BD_SC, desc::rx_empty(last_in_ring).to_le());
    }
}

impl<'a> Fec<'a> {
    /// Rx of at most `quota` frames; returns the frames handled.
    pub(crate) fn clean_rx(&self, poll: &PollCtx, quota: u32) -> u32 {
        let Some(napi) = self.rx_napi.polled(poll) else {
            return 0;
        };
        let mut guard = self.rx.lock();
        let Some(rx) = (*guard).as_mut() else {
            return 0;
        };
        let RxRing { bufs, bds, .. } = rx;
        let book = match bufs {
            RxBufs::Pages(book) => book,
            RxBufs::Xsk(book) => {
                let (work, n) = self.clean_rx_xsk(book, bds, napi, quota);
                drop(guard);
                self.rx_done(work, &n);
                return work;
            }
        };
        let rx_csum = self.rx_csum.load(Ordering::Relaxed);
        // Hardware timestamps on: the clock's state once for the poll.
        let tc = self
            .hwts_rx
            .load(Ordering::Relaxed)
            .then(|| self.ptp_timecounter());
        let mut work = 0;
        let mut n = RxCounts::default();
        // XDP: the program for this poll, and the frames it sends back,
        // queued on the Tx ring and handed to the MAC once at the end.
        let mut xdp = self.dev.xdp_prog(poll).map(XdpPoll::new);
        let mut xc = XdpCounts::default();
        // (Only a program sends: without one, no CPU number and division
        // per poll.)
        let xq = if xdp.is_some() {
            self.xdp_txq()
        } else {
            &self.txs[0]
        };
        let mut send = |f| self.xdp_tx_frame(xq, f);
        while work < quota {
            let i = book.slot();
            let (status, datlen) = bds.status(i);
            match status {
                RxStatus::Empty => break,
                // Pieces of a frame longer than a buffer (MAX_FL and FTRL
                // keep frames within one): dropped, counted once, at their
                // end.
                RxStatus::Partial => book.skip(bds, i, u32::from(datlen)),
                RxStatus::Frame { .. } if book.gathered().is_some() => {
                    book.abandon();
                    n.length_error();
                    book.rearm(bds, i);
                }
                RxStatus::Frame { len } => {
                    let bd = bds.0.desc::<{ desc::BD_SIZE }>(i * desc::BD_SIZE);
                    let esc = u32::from_le(bd.read32(desc::BD_ESC));
                    let prot = u32::from_le(bd.read32(desc::BD_PROT));
                    let meta = RxMeta {
                        csum_ok: rx_csum && desc::rx_csum_ok(esc, prot),
                        // (Offload on: read only for a flagged frame.)
                        vlan: if desc::rx_vlan(esc) && self.dev.vlan_rx() {
                            RxVlan::InFrame
                        } else {
                            RxVlan::None
                        },
                        tstamp: tc.map(|tc| tc.cyc2time(u32::from_le(bd.read32(desc::BD_TS)))),
                    };
                    // The frame follows the two shift bytes (RACC[SHIFT16]).
                    // `fail_rx_alloc` in debugfs injects refill failures.
                    let (d, ok) = book.deliver(
                        bds,
                        i,
                        len + desc::RX_SHIFT,
                        desc::RX_SHIFT,
                        len,
                        self.debug.take(DBG_FAIL_RX_ALLOC),
                        |_| meta,
                        napi,
                        self.dev,
                        xdp.as_mut().map(|poll| XdpRx {
                            poll,
                            counts: &mut xc,
                            tx: &mut send,
                        }),
                    );
                    n.count(d, ok, len);
                }
                RxStatus::Error { flags } => {
                    book.abandon();
                    count_error(&mut n, flags);
                    book.rearm(bds, i);
                }
            }
            book.advance();
            work += 1;
        }
        drop(guard);
        // Redirects are flushed within the poll (its RCU read-side
        // section).
        drop(xdp);
        if xc.tx_queued() > 0 {
            self.xdp_tx_kick(xq);
        }
        self.xdp_stats.add_rx(&xc);
        self.rx_done(work, &n);
        work
    }

    /// The end of an Rx poll that handled `work` descriptors with counts
    /// `n`: the DMA goes on, DIM and the statistics learn the counts.
    /// (Inlined: the poll's counts then stay in registers, not zeroed in
    /// memory by a `memset()` call per poll.)
    #[inline(always)]
    fn rx_done(&self, work: u32, n: &RxCounts) {
        if work > 0 {
            // Descriptors were handed back: let the DMA continue.
            self.regs.write(regs::R_DES_ACTIVE_0, 0);
        }
        self.rx_napi.dim_poll(n.packets, n.bytes);
        self.stats.rx.add(n);
        if n.packets > 0 {
            // (One Rx ring serves every Tx queue's answers.)
            for q in self.txs.iter() {
                q.tx.lane.received();
            }
        }
    }

    /// Rx of at most `quota` frames into the buffers of an AF_XDP socket
    /// (zero-copy): returns the descriptors handled, counting a refill of
    /// descriptors left without a buffer as one, and the poll's counts.
    fn clean_rx_xsk(
        &self,
        book: &mut XskBook<'_>,
        bds: &RxBds,
        napi: Polled<'_>,
        quota: u32,
    ) -> (u32, RxCounts) {
        let mut work = 0;
        let mut n = RxCounts::default();
        let mut xdp = self.dev.xdp_prog(napi.ctx()).map(XdpPoll::new);
        let mut xc = XdpCounts::default();
        let xq = self.xdp_txq();
        // The socket must wake us when its fill ring ran dry.
        let mut dry = false;
        while work < quota {
            let i = book.slot();
            if book.is_hole(i) {
                // The fill ring was short: the hardware stopped here. Arm
                // what it has now (the doorbell follows, `work`).
                work += u32::from(book.fill(bds) > 0);
                dry = book.is_hole(i);
                break;
            }
            match bds.status(i).0 {
                RxStatus::Empty => break,
                // A frame longer than the buffer: dropped, counted once,
                // at its end.
                RxStatus::Partial => {
                    book.discarding = true;
                    book.rearm(bds, i);
                }
                RxStatus::Frame { .. } if book.discarding => {
                    book.discarding = false;
                    n.length_error();
                    book.rearm(bds, i);
                }
                RxStatus::Frame { len } => {
                    match book.deliver(bds, i, desc::RX_SHIFT, len, napi, xdp.as_mut()) {
                        None => {
                            dry = true;
                            n.dropped += 1;
                            n.alloc_failures += 1;
                        }
                        Some(done) => {
                            n.packets += 1;
                            n.bytes += len;
                            if xdp.is_some() {
                                xc.count(done, &mut |f| self.xdp_tx_frame(xq, f), self.dev);
                            } else if let XdpDone::Dropped = done {
                                // No skb for it.
                                n.dropped += 1;
                            }
                        }
                    }
                }
                RxStatus::Error { flags } => {
                    book.discarding = false;
                    count_error(&mut n, flags);
                    book.rearm(bds, i);
                }
            }
            book.advance();
            work += 1;
        }
        if dry && !book.pool().rx_need_wakeup(true) {
            // No wake-up will come: poll on until the socket fills.
            work = quota;
        } else if !dry {
            book.pool().rx_need_wakeup(false);
        }
        // Redirects are flushed within the poll (its RCU read-side
        // section).
        drop(xdp);
        if xc.tx_queued() > 0 {
            self.xdp_tx_kick(xq);
        }
        self.xdp_stats.add_rx(&xc);
        (work, n)
    }
}
