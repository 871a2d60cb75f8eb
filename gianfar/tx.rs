// SPDX-License-Identifier: GPL-2.0

//! The Tx rings and their path: xmit, completion, the doorbell.

use crate::gianfar::{
    desc::{
        self,
        TxFlags, //
    },
    driver::{
        Gfar,
        Group, //
    },
    regs::{
        self,
        queue, //
    }, //
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
        TxVerdict,
        XmitCtx, //
    },
    poll::Polled,
    skb::{
        CsumRequest,
        Skb, //
    }, //
};
use crate::ring::RingSize;
use crate::tso;
use crate::txring::{
    path::{
        self,
        TxFormat,
        XmitParts,
        XmitPath, //
    },
    HandOver,
    TsoBd,
    TxDescs,
    TxPacket, //
};
use kernel::{
    prelude::*,
    sync::atomic::Relaxed, //
};

/// A Tx ring: its descriptors and the shared bookkeeping; its TSO header
/// buffers hold a frame control block and a segment's headers each.
pub(crate) type TxRing = path::TxRing<TxBds>;

/// The Tx descriptors of a ring (big-endian eTSEC layout).
pub(crate) struct TxBds(pub(crate) DescMem);

impl TxBds {
    /// `n` descriptors.
    pub(crate) fn new(dma: &DmaDevice, n: usize) -> Result<Self> {
        Ok(TxBds(DescMem::new(dma, n * desc::BD_SIZE)?))
    }

    #[inline]
    pub(crate) fn bd(&self, slot: usize) -> Desc<'_, { desc::BD_SIZE }> {
        self.0.desc(slot * desc::BD_SIZE)
    }

    pub(crate) fn lstatus(&self, slot: usize) -> u32 {
        u32::from_be(self.bd(slot).read32(desc::BD_LSTATUS))
    }

    #[inline]
    pub(crate) fn set_lstatus(&self, slot: usize, v: u32) {
        self.bd(slot).write32(desc::BD_LSTATUS, v.to_be());
    }

    /// Makes descriptor `slot`, filled but not yet reachable by the
    /// hardware, request a completion interrupt.
    pub(crate) fn request_irq(&self, slot: usize) {
        let v = self.lstatus(slot);
        self.set_lstatus(slot, v | desc::lflag(desc::tx::INTERRUPT));
    }

    /// Points descriptor `slot` at `addr`, then sets its `lstatus` if given
    /// (not for a packet's first descriptor, whose READY bit comes last).
    #[inline]
    pub(crate) fn fill(&self, slot: usize, addr: DmaAddr, lstatus: Option<u32>) {
        let bd = self.bd(slot);
        // eTSEC descriptors hold 32-bit addresses (TBDBPH gives the high
        // bits, 0 here: the DMA mask of the platform device is 32 bits).
        bd.write32(desc::BD_BUFPTR, (addr as u32).to_be());
        if let Some(v) = lstatus {
            bd.write32(desc::BD_LSTATUS, v.to_be());
        }
    }
}

impl TxDescs for TxBds {
    fn busy(&self, i: usize) -> bool {
        desc::tx_busy(self.lstatus(i))
    }

    fn idle(&self, i: usize, last_in_ring: bool) {
        self.fill(i, 0, Some(desc::tx_idle(last_in_ring)));
    }
}

impl<'a> Gfar<'a> {
    /// `ndo_start_xmit` for Tx queue `queue`.
    #[inline(always)]
    pub(crate) fn xmit(&self, mut skb: Skb, queue: u32, xmit: &XmitCtx) -> TxVerdict {
        let Some(g) = self.groups.get(queue as usize) else {
            return TxVerdict::Ok;
        };
        let mut off = skb.offloads();
        if off.vlan.is_some() && !self.vlan_tx.load(core::sync::atomic::Ordering::Relaxed) {
            // Tagged for insertion just before `ethtool -K txvlan off`
            // took effect (the queue wakes with the controller before the
            // core clears the feature): without TCTRL[VLINS] the MAC would
            // send it untagged, so the tag goes into the frame here.
            let Some(s) = skb.vlan_push_inside() else {
                return self.tx_drop(g);
            };
            skb = s;
            off = skb.offloads();
        }
        // A TCP/IPv4 GSO packet (TSO on): segmented here, see `tso.rs`.
        let gso = match off.gso {
            Ok(Some(l)) if l.hdr_len + desc::FCB_LEN as u32 <= tso::HDR_SIZE => Some(l),
            Ok(None) => None,
            _ => {
                drop(skb);
                return self.tx_drop(g);
            }
        };
        let tso = gso.is_some();
        let vlan = off.vlan;
        // Checksum offload and VLAN insertion: the frame control block,
        // worked out before the ring is taken.
        let front = match off.csum {
            // (Each frame's header copy gets its own.)
            CsumRequest::Ipv4 { .. } if tso => Front::PerFrame,
            CsumRequest::Ipv4 { l3, l4, udp, phcs } => {
                let fcb = desc::tx_fcb_csum(l3 as u8, (l4 - l3) as u8, udp, phcs);
                Front::Push(desc::tx_fcb_vlan(fcb, vlan))
            }
            CsumRequest::None if !tso && vlan.is_some() => {
                Front::Push(desc::tx_fcb_vlan([0; desc::FCB_LEN], vlan))
            }
            CsumRequest::None if !tso => Front::Bare,
            // Only IPv4 checksums are advertised (GSO packets always ask
            // for one); anything else is a bug.
            _ => Front::Refused,
        };
        // (The closure inlined: LLVM kept it out of line, a call of 52
        // instructions per packet.)
        path::xmit(
            &GfarTx { gfar: self, g },
            xmit,
            skb,
            gso,
            #[inline(always)]
            |skb| {
                let (skb, fcb) = match front {
                    Front::Push(b) => (skb.push_front(&b)?, true),
                    Front::PerFrame => (skb, true),
                    Front::Bare => (skb, false),
                    Front::Refused => return None,
                };
                // The packet's bytes for BQL and the statistics: without the
                // frame control block, as the C gianfar counts (see
                // `TxRing::map`).
                let bytes = wire_len(&skb, fcb && !tso);
                Some((skb, TxOpt { fcb, vlan }, bytes))
            },
        )
    }

    /// Rings group `g`'s Tx doorbell: clears its queue's halt bit in TSTAT.
    #[inline(always)]
    fn kick_tx(&self, g: &Group<'a>) {
        // `stall_tx` in debugfs simulates a stuck transmitter.
        if !self.debug.is_set(DBG_STALL_TX) {
            // Descriptors must be in memory before the doorbell.
            dma::wmb();
            self.groups[0]
                .regs
                .write(regs::TSTAT, queue::THALT0 >> g.index);
        }
    }

    /// Tx confirmation of group `g`: reclaims every packet the hardware has
    /// sent, reports to BQL and wakes the queue with hysteresis. From the
    /// poll `polled` of the NAPI that reclaims the ring.
    pub(crate) fn clean_tx(&self, g: &Group<'a>, polled: &Polled<'_>) {
        path::clean(&GfarTx { gfar: self, g }, polled, |_| None, |_| ());
    }

    pub(crate) fn tx_drop(&self, g: &Group<'a>) -> TxVerdict {
        g.stats.tx_dropped.add(1, Relaxed);
        TxVerdict::Ok
    }
}

/// A group's Tx queue as the shared xmit sequence sees it.
struct GfarTx<'s, 'a> {
    gfar: &'s Gfar<'a>,
    g: &'s Group<'a>,
}

impl XmitPath for GfarTx<'_, '_> {
    type Format = TxBds;

    #[inline]
    fn parts(&self) -> XmitParts<'_, TxBds> {
        let (gfar, g) = (self.gfar, self.g);
        XmitParts {
            channel: &g.tx,
            dma: &gfar.dma,
            debug: &gfar.debug,
            dropped: &g.stats.tx_dropped,
        }
    }

    #[inline(always)]
    fn kick(&self) {
        self.gfar.kick_tx(self.g);
    }
}

/// The frame control block of a packet to send.
#[derive(Clone, Copy)]
enum Front {
    /// This one, pushed in front of the packet.
    Push([u8; desc::FCB_LEN]),
    /// One per TSO frame, in its header buffer.
    PerFrame,
    /// None.
    Bare,
    /// An offload the MAC does not have: the packet is dropped.
    Refused,
}

/// What a packet's mapping needs beyond its skb.
#[derive(Clone, Copy)]
pub(crate) struct TxOpt {
    /// A frame control block is in front of the packet (checksum offload,
    /// VLAN insertion).
    fcb: bool,
    /// The 802.1Q tag the MAC inserts (with TSO, each frame's FCB asks).
    vlan: Option<u16>,
}

impl TxFormat for TxBds {
    type Opt = TxOpt;
    /// The first descriptor's `lstatus`.
    type First = u32;

    /// (A frame control block in front if `opt.fcb`; the first
    /// descriptor's status is its `lstatus`.)
    #[inline(always)]
    fn map(ring: &mut TxRing, dma: &DmaDevice, pkt: TxPacket<'_, TxOpt>) -> Result<(u32, u32)> {
        let (skb, at, how) = (pkt.skb, pkt.produced, pkt.how);
        let bytes = wire_len(skb, pkt.opt.fcb && pkt.gso.is_none());
        match pkt.gso {
            None => map_packet(ring, dma, skb, at, bytes, pkt.opt.fcb, how),
            Some(l) => map_tso(ring, dma, skb, l, at, bytes, pkt.opt.vlan, how),
        }
    }

    fn request_irq(&self, size: RingSize, produced: u32, nbds: u32, _: TxOpt, first: &mut u32) {
        if nbds == 1 {
            *first |= desc::lflag(desc::tx::INTERRUPT);
        } else {
            self.request_irq(size.slot(produced.wrapping_add(nbds - 1)));
        }
    }

    #[inline(always)]
    fn hand_over(&self, size: RingSize, produced: u32, first: u32) {
        self.set_lstatus(size.slot(produced), first);
    }
}

/// The length of `skb` on the wire: without the frame control block pushed
/// in front of it (`fcb_pushed`; with TSO each frame's header copy carries
/// its own instead).
#[inline(always)]
fn wire_len(skb: &Skb, fcb_pushed: bool) -> u32 {
    if fcb_pushed {
        skb.len() - desc::FCB_LEN as u32
    } else {
        skb.len()
    }
}

/// [`TxFormat::map`] of a packet sent as it is: its head and fragments,
/// `bytes` on the wire, a frame control block in front if `fcb`.
#[inline(always)]
fn map_packet(
    ring: &mut TxRing,
    dma: &DmaDevice,
    skb: &Skb,
    produced: u32,
    bytes: u32,
    fcb: bool,
    how: HandOver,
) -> Result<(u32, u32)> {
    let nfrags = skb.nr_frags();
    let last_slot = ring.size.get() as usize - 1;
    let first_slot = ring.size.slot(produced);
    let bds = &ring.bds;
    let (_, n) = ring.book.map_packet(
        bds,
        dma,
        skb,
        produced,
        bytes,
        how.fail,
        |i, addr, len, f| {
            let last = f == nfrags;
            let lst = (f > 0).then(|| {
                desc::tx_lstatus(
                    len,
                    TxFlags {
                        last,
                        interrupt: last && how.irq,
                        wrap: i == last_slot,
                        ..TxFlags::NONE
                    },
                )
            });
            bds.fill(i, addr, lst);
        },
    )?;
    let last = nfrags == 0;
    let f = TxFlags {
        first: true,
        last,
        interrupt: last && how.irq,
        toe: fcb,
        wrap: first_slot == last_slot,
    };
    Ok((n, desc::tx_lstatus(skb.headlen(), f)))
}

/// [`TxFormat::map`] of a TSO packet as the frames of layout `l`, each
/// header buffer led by its frame control block (which asks for the 802.1Q
/// tag `vlan` if there is one); the packet's last descriptor always
/// requests a completion interrupt.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn map_tso(
    ring: &mut TxRing,
    dma: &DmaDevice,
    skb: &Skb,
    l: &tso::Layout,
    produced: u32,
    bytes: u32,
    vlan: Option<u16>,
    how: HandOver,
) -> Result<(u32, u32)> {
    let last_slot = ring.size.get() as usize - 1;
    let first_slot = ring.size.slot(produced);
    // (Every ring has them: TSO is always offered.)
    let Some(hdrs) = ring.hdrs.as_mut() else {
        return Err(EINVAL);
    };
    let bds = &ring.bds;
    let mut first_lst = 0;
    let hdrs = hdrs.headers(desc::FCB_LEN);
    let fill = |i, addr, len, bd| {
        let (first, last, interrupt) = match bd {
            TsoBd::Header => (true, false, false),
            TsoBd::Payload => (false, false, false),
            TsoBd::EndOfFrame => (false, true, false),
            TsoBd::EndOfPacket => (false, true, true),
            TsoBd::Frame => (true, true, false),
            TsoBd::LastFrame => (true, true, true),
        };
        // Each frame's header buffer leads with its FCB.
        let f = TxFlags {
            first,
            last,
            interrupt,
            toe: first,
            wrap: i == last_slot,
        };
        let lst = desc::tx_lstatus(len, f);
        if i == first_slot {
            first_lst = lst;
            bds.fill(i, addr, None);
        } else {
            bds.fill(i, addr, Some(lst));
        }
    };
    ring.book
        .map_tso(
            bds,
            dma,
            skb,
            l,
            produced,
            bytes,
            hdrs,
            how.fail,
            |buf, template, seg| tso_header(l, buf, template, seg, vlan),
            fill,
        )
        .map(|(n, _)| (n, first_lst))
}

/// A TSO frame's header buffer `buf` (its frame control block, then the
/// headers of `template` for segment `seg`): in the headers the
/// pseudo-header checksum in the TCP checksum field (as the stack leaves
/// it) and a zero IPv4 header checksum (the MAC's: CIP); the FCB asks for
/// the 802.1Q tag `vlan` if there is one.
#[inline(always)]
fn tso_header(l: &tso::Layout, buf: &mut [u8], template: &[u8], seg: u32, vlan: Option<u16>) {
    let (fcb, hdr) = buf.split_at_mut(desc::FCB_LEN);
    let ph = l.pseudo_csum(template, seg);
    let c = (l.l4 + 16) as usize;
    hdr[c..c + 2].copy_from_slice(&ph);
    let c = (l.l3 + 10) as usize;
    hdr[c..c + 2].fill(0);
    fcb.copy_from_slice(&desc::tx_fcb_vlan(
        desc::tx_fcb(
            l.l3 as u8,
            (l.l4 - l.l3) as u8,
            false,
            true,
            u16::from_ne_bytes(ph),
        ),
        vlan,
    ));
}
