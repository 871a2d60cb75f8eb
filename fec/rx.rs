// SPDX-License-Identifier: GPL-2.0

//! The Rx ring and its path: receive, refill, delivery to GRO.

use crate::fec::{
    desc::{
        self,
        RxStatus, //
    },
    driver::{
        Fec,
        DBG_FAIL_RX_ALLOC,
        RX_HEADROOM,
        RX_HEADROOM_XDP, //
    },
    regs, //
};
use crate::netdev::{
    dma::{
        self,
        DescMem,
        DmaAddr,
        DmaDevice, //
    },
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
use kernel::{
    prelude::*,
    sync::atomic::Relaxed, //
};

/// The Rx ring: its descriptors and buffers.
pub(crate) struct RxRing {
    pub(crate) book: RxBook,
    pub(crate) bds: RxBds,
    /// Buffer length the MAC may fill (MRBR).
    pub(crate) buf_len: u32,
}

/// The Rx descriptors of a ring (enhanced ENET layout).
pub(crate) struct RxBds(pub(crate) DescMem);

impl RxRing {
    /// A ring of `size` buffers of `buf_len` bytes, laid out for XDP if
    /// `xdp`.
    pub(crate) fn new(
        dma: &DmaDevice,
        napi: &Napi,
        size: RingSize,
        buf_len: u32,
        xdp: bool,
    ) -> Result<RxRing> {
        let bds = RxBds(DescMem::new(dma, size.get() as usize * desc::BD_SIZE)?);
        let headroom = if xdp { RX_HEADROOM_XDP } else { RX_HEADROOM };
        Ok(RxRing {
            book: RxBook::new(&bds, dma, napi, 0, size, headroom, buf_len)?,
            bds,
            buf_len,
        })
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

impl Fec {
    /// Rx of at most `quota` frames; returns the frames handled.
    pub(crate) fn clean_rx(&self, quota: u32) -> u32 {
        let mut guard = self.rx.lock();
        let Some(rx) = (*guard).as_mut() else {
            return 0;
        };
        let rx_csum = self.rx_csum.load(Ordering::Relaxed);
        let mut work = 0;
        let mut n = RxCounts::default();
        // XDP: the program for this poll, and the frames it sends back,
        // queued on the Tx ring and handed to the MAC once at the end.
        let rcu = kernel::sync::rcu::read_lock();
        let mut xdp = self.dev.xdp_prog(&rcu).map(XdpPoll::new);
        let mut xc = XdpCounts::default();
        let xq = self.xdp_txq();
        let mut send = |f| self.xdp_tx_frame(xq, f);
        while work < quota {
            let i = rx.book.slot();
            let bd = rx.bds.0.desc::<{ desc::BD_SIZE }>(i * desc::BD_SIZE);
            let sc = u16::from_le(bd.read16(desc::BD_SC));
            if sc & desc::rx::EMPTY != 0 {
                break;
            }
            // The rest of the descriptor is valid once it is ours.
            dma::dma_rmb();
            let datlen = u16::from_le(bd.read16(desc::BD_DATLEN));
            let status = desc::rx_status(sc, datlen);
            match status {
                RxStatus::Empty => break,
                // Pieces of a frame longer than a buffer (MAX_FL and FTRL
                // keep frames within one): dropped, counted once, at their
                // end.
                RxStatus::Partial => rx.book.skip(&rx.bds, i, u32::from(datlen)),
                RxStatus::Frame { .. } if rx.book.gathered().is_some() => {
                    rx.book.abandon();
                    n.errors += 1;
                    n.length_errors += 1;
                    rx.book.rearm(&rx.bds, i);
                }
                RxStatus::Frame { len } => {
                    let esc = u32::from_le(bd.read32(desc::BD_ESC));
                    let prot = u32::from_le(bd.read32(desc::BD_PROT));
                    let csum_ok = rx_csum && desc::rx_csum_ok(esc, prot);
                    // The frame follows the two shift bytes (RACC[SHIFT16]).
                    // `fail_rx_alloc` in debugfs injects refill failures.
                    let (d, ok) = rx.book.deliver(
                        &rx.bds,
                        i,
                        len + desc::RX_SHIFT,
                        desc::RX_SHIFT,
                        len,
                        self.debug.take(DBG_FAIL_RX_ALLOC),
                        |_| csum_ok,
                        &self.rx_napi,
                        self.dev,
                        xdp.as_mut().map(|poll| XdpRx {
                            poll,
                            counts: &mut xc,
                            tx: &mut send,
                        }),
                    );
                    match d {
                        Delivery::Delivered => {
                            n.packets += 1;
                            n.bytes += len;
                            n.csum_ok += u32::from(ok);
                        }
                        Delivery::Xdp => {
                            n.packets += 1;
                            n.bytes += len;
                        }
                        Delivery::NoBuffer => {
                            n.dropped += 1;
                            n.alloc_failures += 1;
                        }
                        Delivery::Dropped => n.dropped += 1,
                    }
                }
                RxStatus::Error { flags } => {
                    rx.book.abandon();
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
                    rx.book.rearm(&rx.bds, i);
                }
            }
            rx.book.advance();
            work += 1;
        }
        drop(guard);
        // Redirects are flushed before the RCU read lock goes.
        drop(xdp);
        drop(rcu);
        if xc.tx_queued() > 0 {
            self.xdp_tx_kick(xq);
        }
        self.xdp_stats.add_rx(&xc);
        if work > 0 {
            // Descriptors were handed back: let the DMA continue.
            self.regs.write(regs::R_DES_ACTIVE_0, 0);
        }
        self.rx_napi.dim_poll(n.packets, n.bytes);
        let st = &self.stats;
        for (c, v) in [
            (&st.rx_packets, n.packets),
            (&st.rx_bytes, n.bytes),
            (&st.rx_errors, n.errors),
            (&st.rx_dropped, n.dropped),
            (&st.rx_crc_errors, n.crc_errors),
            (&st.rx_length_errors, n.length_errors),
            (&st.rx_frame_errors, n.frame_errors),
            (&st.rx_fifo_errors, n.fifo_errors),
            (&st.rx_csum_ok, n.csum_ok),
            (&st.rx_alloc_failures, n.alloc_failures),
        ] {
            if v != 0 {
                c.add(u64::from(v), Relaxed);
            }
        }
        work
    }
}
