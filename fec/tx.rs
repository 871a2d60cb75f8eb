// SPDX-License-Identifier: GPL-2.0

//! The Tx ring and its path: xmit, completion, the doorbell.

use crate::fec::{
    desc::{
        self,
        TxFlags, //
    },
    driver::{
        Fec,
        DBG_FORCE_TX_ALIGN,
        MAX_TX_QUEUES, //
    },
    quirks::Quirks,
    regs, //
};
use crate::knobs::DBG_STALL_TX;
use crate::netdev::{
    dma::{
        self,
        Desc,
        DescMem,
        DmaAddr,
        DmaDevice, //
    },
    net::{
        NetDev,
        TxVerdict,
        XmitCtx, //
    },
    poll::{
        Napi,
        Polled, //
    },
    skb::{
        CsumRequest,
        Skb, //
    }, //
};
use crate::ring::RingSize;
use crate::txring::{
    path::{
        self,
        TxChannel,
        TxFormat,
        XmitParts,
        XmitPath, //
    },
    TsoBd,
    TsoFrames,
    TxDescs,
    TxPacket,
    TxStats, //
};
use core::sync::atomic::Ordering;
use kernel::{
    prelude::*,
    sync::atomic::{
        Atomic,
        Relaxed, //
    },
};

/// The Tx ring: its descriptors and the shared bookkeeping.
pub(crate) type TxRing = path::TxRing<TxBds>;

/// The Tx descriptors of a ring (enhanced ENET layout) and the frame class
/// every one of them carries in its extended status (`desc::tx_class`: the
/// ring's index on the AVB parts, 0 elsewhere).
pub(crate) struct TxBds {
    pub(crate) mem: DescMem,
    class: u32,
}

/// One Tx queue of the ENET and its ring: ring 0 on every part, rings 1
/// and 2 on the AVB parts with `fsl,num-tx-queues` (VLAN priorities go
/// there, see `FEC_PCP_QUEUES`). Each has its BQL queue, its counters and
/// its own Tx-confirmation NAPI.
pub(crate) struct TxPath<'a> {
    /// The ring's index: its descriptor start and doorbell registers and
    /// its interrupt event.
    index: usize,
    /// The `net_device`'s Tx queue of the same index, its ring and NAPI.
    pub(crate) tx: TxChannel<'a, TxBds>,
}

impl<'a> TxPath<'a> {
    /// Tx queue `index` of `dev` (below [`MAX_TX_QUEUES`]), its NAPI
    /// instance `napi_id` on interrupt line `irq`; its ring reclaimed by
    /// `combined` instead where that Rx NAPI does it.
    pub(crate) fn new(
        dev: NetDev<'a>,
        index: usize,
        napi_id: u32,
        irq: Option<u32>,
        combined: Option<&Napi<'_>>,
    ) -> Result<Self> {
        if index >= MAX_TX_QUEUES {
            return Err(EINVAL);
        }
        let napi = Napi::new(dev, napi_id, true, irq)?;
        Ok(TxPath {
            index,
            tx: TxChannel::new(dev, index as u32, napi, combined)?,
        })
    }

    /// The ring's index (the queue's).
    pub(crate) fn index(&self) -> u32 {
        self.index as u32
    }

    /// The ring's registers and event.
    pub(crate) fn regs(&self) -> &'static regs::TxRingRegs {
        &regs::TX_RINGS[self.index]
    }

    /// The doorbell register.
    fn doorbell(&self) -> regs::Reg {
        self.regs().doorbell
    }

    /// The ring's frame transmitted event (IEVENT/IMASK bit).
    pub(crate) fn event(&self) -> u32 {
        self.regs().event
    }
}

impl TxBds {
    /// `n` descriptors of frame class `class`.
    pub(crate) fn new(dma: &DmaDevice, n: usize, class: u32) -> Result<Self> {
        Ok(TxBds {
            mem: DescMem::new(dma, n * desc::BD_SIZE)?,
            class,
        })
    }

    pub(crate) fn bd(&self, i: usize) -> Desc<'_, { desc::BD_SIZE }> {
        self.mem.desc(i * desc::BD_SIZE)
    }

    pub(crate) fn sc(&self, i: usize) -> u16 {
        u16::from_le(self.bd(i).read16(desc::BD_SC))
    }

    /// Fills descriptor `i` for a buffer, then its status word `sc` if
    /// given (not for a packet's first descriptor, whose READY bit comes
    /// last).
    #[inline(always)]
    pub(crate) fn fill(&self, i: usize, addr: DmaAddr, len: u32, esc: u32, sc: Option<u16>) {
        let bd = self.bd(i);
        // ENET descriptors hold 32-bit addresses; the platform device's DMA
        // mask is 32 bits.
        bd.write32(desc::BD_BUFADDR, (addr as u32).to_le());
        bd.write16(desc::BD_DATLEN, (len as u16).to_le());
        bd.write32(desc::BD_ESC, (esc | self.class).to_le());
        bd.write32(desc::BD_BDU, 0);
        if let Some(sc) = sc {
            bd.write16(desc::BD_SC, sc.to_le());
        }
    }

    /// Hands the hardware a frame of one buffer (an XDP or AF_XDP frame)
    /// at ring counter `at` of a ring of `size`: `len` bytes at `addr`,
    /// with a completion interrupt, READY written last.
    pub(crate) fn put_frame(&self, size: RingSize, at: u32, addr: DmaAddr, len: u32) {
        let i = size.slot(at);
        let flags = TxFlags {
            last: true,
            wrap: size.is_last(at),
            interrupt: true,
            ..TxFlags::NONE
        };
        self.fill(i, addr, len, desc::tx_esc(flags), None);
        // The rest of the descriptor before READY.
        dma::dma_wmb();
        self.set_sc(i, desc::tx_sc(flags));
    }

    pub(crate) fn set_sc(&self, i: usize, sc: u16) {
        self.bd(i).write16(desc::BD_SC, sc.to_le());
    }

    /// Makes descriptor `i`, the last of a packet filled with options
    /// `opt` but not yet reachable by the DMA, request a completion
    /// interrupt.
    pub(crate) fn request_irq(&self, i: usize, opt: TxOpt) {
        let f = TxFlags {
            interrupt: true,
            csum: opt.csum,
            timestamp: opt.timestamp,
            ..TxFlags::NONE
        };
        self.bd(i)
            .write32(desc::BD_ESC, (desc::tx_esc(f) | self.class).to_le());
    }

    /// The 1588 timer's value the MAC wrote back to descriptor `i`, if it
    /// was asked to (`TS` in its extended status).
    pub(crate) fn timestamp(&self, i: usize) -> Option<u32> {
        let bd = self.bd(i);
        let esc = u32::from_le(bd.read32(desc::BD_ESC));
        desc::tx_timestamped(esc).then(|| u32::from_le(bd.read32(desc::BD_TS)))
    }
}

/// What the MAC does for a packet besides sending it.
#[derive(Clone, Copy)]
pub(crate) struct TxOpt {
    /// Inserts the IPv4 header and TCP/UDP checksums.
    pub(crate) csum: bool,
    /// Timestamps it (PTP).
    pub(crate) timestamp: bool,
}

impl TxDescs for TxBds {
    fn busy(&self, i: usize) -> bool {
        desc::tx_busy(self.sc(i))
    }

    fn idle(&self, i: usize, last_in_ring: bool) {
        self.fill(i, 0, 0, 0, Some(desc::tx_idle(last_in_ring)));
    }
}

impl<'a> Fec<'a> {
    /// `ndo_start_xmit` on Tx queue `q`.
    #[inline(always)]
    pub(crate) fn xmit(&self, q: &TxPath<'a>, xmit: &XmitCtx, mut skb: Skb) -> TxVerdict {
        // Checksum insertion: the MAC fills in the IPv4 header and TCP/UDP
        // checksums of fields the driver zeroes (IPv4 only is advertised).
        let off = skb.offloads();
        let csum = match off.csum {
            CsumRequest::None => false,
            CsumRequest::Ipv4 { .. } => true,
            CsumRequest::Other => {
                drop(skb);
                return self.tx_drop();
            }
        };
        // A TCP/IPv4 GSO packet (TSO on): segmented here, see `tso.rs`.
        let gso = match off.gso {
            Ok(g) => g,
            Err(_) => {
                drop(skb);
                return self.tx_drop();
            }
        };
        if csum && skb.clear_csum_fields().is_err() {
            drop(skb);
            return self.tx_drop();
        }
        // Parts whose DMA needs aligned buffers get an aligned linear copy
        // when needed (`force_tx_align` in debugfs exercises this on the
        // others; `gso_ok` keeps GSO packets away meanwhile).
        let mask = if self.debug.is_set(DBG_FORCE_TX_ALIGN) {
            0xf
        } else {
            self.variant.quirks.tx_align_mask()
        };
        // (A GSO packet's frames are copied whole where the DMA needs it;
        // asked only on the parts that need aligned buffers.)
        if mask != 0
            && !(gso.is_some() && self.tso_frames() == Some(TsoFrames::Copied))
            && !skb.dma_aligned(mask)
        {
            if gso.is_some() {
                drop(skb);
                return self.tx_drop();
            }
            // The software timestamps the socket asked for are given now,
            // from the original (the copy keeps only its socket and a
            // hardware timestamp request).
            skb.tx_timestamp();
            match skb.copy_aligned(mask + 1) {
                Some(s) => {
                    skb = s;
                    self.stats.tx_bounced.add(1, Relaxed);
                }
                None => return self.tx_drop(),
            }
        }

        // A hardware timestamp, if the socket asked for one and it is on
        // (not of a TSO packet's frames; a copy asks for the original's
        // socket).
        let timestamp =
            gso.is_none() && self.hwts_tx.load(Ordering::Relaxed) && skb.hw_tstamp_start();
        path::xmit(&FecTx { fec: self, q }, xmit, skb, gso, |skb| {
            let bytes = skb.len();
            Some((skb, TxOpt { csum, timestamp }, bytes))
        })
    }

    /// Rings the Tx doorbell (`fec_txq_trigger_xmit()`): with ERR007885 the
    /// write is skipped while TDAR still reads active (a write right after
    /// the DMA cleared it may be lost otherwise).
    #[inline(always)]
    pub(crate) fn kick_tx(&self, q: &TxPath<'a>) {
        // `stall_tx` in debugfs simulates a stuck transmitter.
        if self.debug.is_set(DBG_STALL_TX) {
            return;
        }
        let tdar = q.doorbell();
        if self.variant.quirks.has(Quirks::ERR007885) && (0..4).all(|_| self.regs.read(tdar) != 0) {
            return;
        }
        self.regs.write(tdar, 0);
    }

    /// Tx confirmation: reclaims every packet the hardware has sent, reports
    /// to BQL and wakes the queue with hysteresis; on a ring with an
    /// AF_XDP socket, sends what the socket queued. Returns false if the
    /// socket has more to send than this poll took. From the poll `polled`
    /// of the NAPI that reclaims the ring.
    pub(crate) fn clean_tx(&self, q: &TxPath<'a>, polled: &Polled<'_>) -> bool {
        let more = |tx: &mut TxRing| {
            tx.xsk.is_some().then(|| {
                tx.xsk_completed();
                self.xsk_xmit(q, tx)
            })
        };
        path::clean(&FecTx { fec: self, q }, polled, more, |pending| {
            // ERR006358: the transmitter may stop with descriptors still
            // ready.
            if pending
                && self.variant.quirks.has(Quirks::ERR006358)
                && !self.debug.is_set(DBG_STALL_TX)
                && self.regs.read(q.doorbell()) == 0
            {
                self.regs.write(q.doorbell(), 0);
            }
        })
    }

    /// The frame events of every Tx ring.
    pub(crate) fn tx_events(&self) -> u32 {
        self.txs.iter().fold(0, |m, q| m | q.event())
    }

    /// Two counters `pick` selects, each summed over the Tx queues.
    pub(crate) fn tx_totals(
        &self,
        pick: impl Fn(&TxStats) -> (&Atomic<u64>, &Atomic<u64>),
    ) -> (u64, u64) {
        self.txs.iter().fold((0, 0), |(a, b), q| {
            let (x, y) = pick(&q.tx.lane.stats);
            (a + x.load(Relaxed), b + y.load(Relaxed))
        })
    }

    /// How software TSO builds frames on this part: where its DMA needs
    /// aligned buffers, each frame copied whole (`None`: no TSO).
    pub(crate) fn tso_frames(&self) -> Option<TsoFrames> {
        self.tso
            .then_some(if self.variant.quirks.tx_align_mask() != 0 {
                TsoFrames::Copied
            } else {
                TsoFrames::InPlace
            })
    }

    pub(crate) fn tx_drop(&self) -> TxVerdict {
        self.stats.tx_dropped.add(1, Relaxed);
        TxVerdict::Ok
    }
}

/// A Tx queue of the ENET as the shared xmit sequence sees it.
struct FecTx<'s, 'a> {
    fec: &'s Fec<'a>,
    q: &'s TxPath<'a>,
}

impl XmitPath for FecTx<'_, '_> {
    type Format = TxBds;

    /// (Drops counted for the device: the ENET's queues share them.)
    #[inline]
    fn parts(&self) -> XmitParts<'_, TxBds> {
        XmitParts {
            channel: &self.q.tx,
            dma: &self.fec.dma,
            debug: &self.fec.debug,
            dropped: &self.fec.stats.tx_dropped,
        }
    }

    #[inline(always)]
    fn kick(&self) {
        // Descriptors must be in memory before the doorbell.
        dma::wmb();
        self.fec.kick_tx(self.q);
    }

    fn halted(&self) -> bool {
        self.fec.tx_halted.load(Ordering::Acquire)
    }

    /// The hardware Tx timestamp of a packet sent with one
    /// (`fec_enet_tx_queue()`): its skb is marked for it and its last
    /// descriptor asked for it (`TS`, which the MAC leaves in place; the
    /// skb's shared flags alone may come from a clone sent without it).
    /// The skb's flags first: the descriptor is in uncached memory.
    #[inline]
    fn completed(&self, bds: &TxBds, skb: &Skb, last: usize) {
        if !skb.hw_tstamp_in_progress() {
            return;
        }
        if let Some(ts) = bds.timestamp(last) {
            skb.tstamp_tx(self.fec.ptp_time(ts));
        }
    }
}

impl TxFormat for TxBds {
    type Opt = TxOpt;
    /// The first descriptor is also the packet's last.
    type First = bool;

    /// (Checksums inserted and timestamps requested as `opt` says; the
    /// first descriptor's status says whether it is also its frame's last.)
    #[inline(always)]
    fn map(ring: &mut TxRing, dma: &DmaDevice, pkt: TxPacket<'_, TxOpt>) -> Result<(u32, bool)> {
        let TxPacket {
            skb,
            gso,
            produced,
            opt,
            how,
        } = pkt;
        let nfrags = skb.nr_frags();
        let size = ring.size;
        let bytes = skb.len();
        let last_slot = size.get() as usize - 1;
        let first_slot = size.slot(produced);
        let bds = &ring.bds;
        let fail = how.fail;
        match (gso, &mut ring.hdrs) {
            (None, _) => {
                let (_, n) = ring.book.map_packet(
                    bds,
                    dma,
                    skb,
                    produced,
                    bytes,
                    fail,
                    // (Inlined: LLVM kept it out of line, a call of 44
                    // instructions per packet on the i.MX7D.)
                    #[inline(always)]
                    |i, addr, len, f| {
                        let last = f == nfrags;
                        let flags = TxFlags {
                            last,
                            wrap: i == last_slot,
                            interrupt: last && how.irq,
                            csum: opt.csum,
                            timestamp: opt.timestamp,
                        };
                        let sc = (f > 0).then(|| desc::tx_sc(flags));
                        bds.fill(i, addr, len, desc::tx_esc(flags), sc);
                    },
                )?;
                Ok((n, nfrags == 0))
            }
            // (A frame copied whole is one descriptor: the first may be
            // its frame's last too.)
            (Some(l), Some(hdrs)) => ring.book.map_tso(
                bds,
                dma,
                skb,
                l,
                produced,
                bytes,
                hdrs.headers(0),
                fail,
                |_, _, _| (),
                |i, addr, len, bd| {
                    let (last, interrupt) = match bd {
                        TsoBd::Header | TsoBd::Payload => (false, false),
                        TsoBd::EndOfFrame | TsoBd::Frame => (true, false),
                        TsoBd::EndOfPacket | TsoBd::LastFrame => (true, true),
                    };
                    let flags = TxFlags {
                        last,
                        wrap: i == last_slot,
                        interrupt,
                        csum: true,
                        timestamp: false,
                    };
                    let sc = (i != first_slot).then(|| desc::tx_sc(flags));
                    bds.fill(i, addr, len, desc::tx_esc(flags), sc);
                },
            ),
            // TSO packets come only with TSO on, which has header buffers.
            (Some(_), None) => Err(EINVAL),
        }
    }

    fn request_irq(&self, size: RingSize, produced: u32, nbds: u32, opt: TxOpt, _: &mut bool) {
        self.request_irq(size.slot(produced.wrapping_add(nbds - 1)), opt);
    }

    #[inline(always)]
    fn hand_over(&self, size: RingSize, produced: u32, first_is_last: bool) {
        self.set_sc(
            size.slot(produced),
            desc::tx_sc(TxFlags {
                last: first_is_last,
                wrap: size.is_last(produced),
                ..TxFlags::NONE
            }),
        );
    }
}
