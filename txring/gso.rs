// SPDX-License-Identifier: GPL-2.0

//! Software TSO on the Tx ring: how many descriptors a packet may take,
//! the limit the stack builds GSO packets to, and the mapping of a GSO
//! packet's frames (a header copy per frame, the payload in place; or each
//! frame copied whole, for DMA that needs aligned buffers).

use core::sync::atomic::{
    AtomicU32,
    Ordering, //
};
use kernel::prelude::*;

use super::{
    TxBook,
    TxDescs, //
};
use crate::{
    netdev::{
        dma::{
            DmaAddr,
            DmaDevice,
            TxBufMem, //
        },
        net::NetDev,
        skb::Skb,
    },
    tso,
};

/// Descriptors one packet may take on a Tx ring of `ring` descriptors (the
/// queue's stop threshold): a descriptor per fragment plus the linear part,
/// with software TSO a share of the ring (`tso::ring_max_descs`).
pub(crate) fn max_packet_descs(tso: bool, ring: u32) -> u32 {
    let frags = crate::netdev::max_skb_frags();
    if tso {
        tso::ring_max_descs(ring, frags + 1, frags)
    } else {
        frags + 1
    }
}

/// The largest packet, in descriptors, the current Tx ring takes in one
/// piece (its stop threshold), read by `ndo_features_check` without the
/// ring lock. Setting it also tells the stack how many GSO segments fit.
pub(crate) struct TsoLimit(AtomicU32);

impl TsoLimit {
    pub(crate) const fn new() -> Self {
        Self(AtomicU32::new(0))
    }

    /// A Tx ring whose packets may take `stop` descriptors: the stack builds
    /// GSO packets that fit it from now on, or on a ring too small for that
    /// full-size ones, segmented in software where they do not fit (probe,
    /// or under RTNL).
    pub(crate) fn set(&self, dev: NetDev<'_>, stop: u32) {
        self.0.store(stop, Ordering::Relaxed);
        dev.set_tso_max_segs(tso::stack_max_segs(stop, crate::netdev::max_skb_frags()));
    }

    /// Whether a GSO packet of `segs` segments and `nr_frags` fragments
    /// fits the ring in one piece (`NetDriver::gso_ok`).
    pub(crate) fn fits(&self, segs: u32, nr_frags: u32) -> bool {
        tso::count_descs(segs, nr_frags) <= self.0.load(Ordering::Relaxed)
    }
}

/// Descriptors a packet takes at most: one per buffer, or for a GSO packet
/// of layout `gso` the software-TSO bound.
pub(crate) fn packet_descs(gso: Option<&tso::Layout>, nr_frags: u32) -> u32 {
    match gso {
        Some(l) => tso::count_descs(l.segs(), nr_frags),
        None => nr_frags + 1,
    }
}

/// Bytes of a per-descriptor buffer of [`TsoFrames::Copied`]: a whole frame
/// (the C fec's `FEC_ENET_TX_FRSIZE` bounce buffers).
pub(crate) const COPY_SIZE: usize = 2048;

/// Where software TSO builds a segment's frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TsoFrames {
    /// The headers in a per-descriptor buffer of `tso::HDR_SIZE` bytes, the
    /// payload DMA-mapped in place: a header descriptor and one or more
    /// payload descriptors per frame.
    InPlace,
    /// Headers and payload copied to a per-descriptor buffer of
    /// [`COPY_SIZE`] bytes, one descriptor per frame: for DMA that needs
    /// aligned buffers, which payload in place seldom is (the C fec copies
    /// such payload to its `tx_bounce` buffers).
    Copied,
}

impl TsoFrames {
    /// Bytes of the per-descriptor buffer.
    pub(crate) const fn slot_size(self) -> usize {
        match self {
            TsoFrames::InPlace => tso::HDR_SIZE as usize,
            TsoFrames::Copied => COPY_SIZE,
        }
    }
}

/// Descriptors whose buffers share one coherent allocation: a ring's buffers
/// come in pieces of at most 128 KiB, which memory fragmentation spares.
const CHUNK_SLOTS: usize = 64;

/// A Tx ring's buffers for software TSO: one of `frames.slot_size()` bytes
/// per descriptor.
pub(crate) struct TsoBufs {
    chunks: KVec<TxBufMem>,
    frames: TsoFrames,
}

impl TsoBufs {
    /// The buffers of a ring of `n` descriptors.
    pub(crate) fn new(dma: &DmaDevice, n: usize, frames: TsoFrames) -> Result<Self> {
        let mut chunks = KVec::with_capacity(n.div_ceil(CHUNK_SLOTS), GFP_KERNEL)?;
        let mut left = n;
        while left > 0 {
            let k = left.min(CHUNK_SLOTS);
            chunks.push(TxBufMem::new(dma, k * frames.slot_size())?, GFP_KERNEL)?;
            left -= k;
        }
        Ok(Self { chunks, frames })
    }

    /// The view `map_tso` takes, the headers after `prefix` bytes the
    /// driver fills.
    pub(crate) fn headers(&mut self, prefix: usize) -> TsoHeaders<'_> {
        TsoHeaders { bufs: self, prefix }
    }

    /// The first `len` bytes of descriptor `i`'s buffer, for the CPU to
    /// write (see [`TxBufMem::bytes_mut`]), and the buffer's bus address.
    ///
    /// # Panics
    ///
    /// Panics if `i` is past the ring or `len` past the buffer (a driver
    /// bug).
    fn slot(&mut self, i: usize, len: usize) -> (&mut [u8], DmaAddr) {
        let size = self.frames.slot_size();
        assert!(len <= size, "TSO buffer overrun");
        let m = &mut self.chunks[i / CHUNK_SLOTS];
        let off = (i % CHUNK_SLOTS) * size;
        let dma = m.dma() + off as DmaAddr;
        (m.bytes_mut(off, len), dma)
    }
}

/// The per-frame buffers of software TSO as `map_tso` uses them, the
/// headers after `prefix` bytes the driver fills (the eTSEC's frame control
/// block; 0 for the ENET).
pub(crate) struct TsoHeaders<'a> {
    bufs: &'a mut TsoBufs,
    prefix: usize,
}

/// What a descriptor of a software-TSO packet holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TsoBd {
    /// A segment's headers (first descriptor of a frame).
    Header,
    /// Payload, more of the frame follows.
    Payload,
    /// The last payload of a frame.
    EndOfFrame,
    /// The last payload of the packet's last frame.
    EndOfPacket,
    /// A whole frame, not the packet's last ([`TsoFrames::Copied`]).
    Frame,
    /// The packet's last frame, whole ([`TsoFrames::Copied`]).
    LastFrame,
}

impl TxBook {
    /// Software TSO: maps the TCP/IPv4 GSO packet `skb` of layout `l` as
    /// one frame per segment, each a header descriptor and one or more
    /// payload descriptors, from counter `first` on. Each frame's headers
    /// are the packet's, made the segment's by [`tso::Layout::build_header`]
    /// and `finish(buf, template, seg)` (which sees them after `hdrs.prefix`
    /// bytes for the driver, and the packet's own headers `template`: `buf`
    /// is DMA memory, better written than read), in descriptor `i`'s buffer
    /// of `hdrs`. `fill(i, addr,
    /// len, bd)` writes a descriptor (the first one must not be handed to
    /// the hardware yet). The payload is mapped in place, each buffer once.
    /// Returns the descriptor count, at most `tso::count_descs(segs,
    /// nr_frags)`, and whether the first descriptor is its frame's last
    /// (frames copied whole). On a mapping failure (or headers that do not fit)
    /// everything is undone as in [`TxBook::map_packet`], which also says
    /// what `fail_last` does.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn map_tso<D: TxDescs>(
        &mut self,
        descs: &D,
        dma: &DmaDevice,
        skb: &Skb,
        l: &tso::Layout,
        first: u32,
        bytes: u32,
        hdrs: TsoHeaders<'_>,
        fail_last: bool,
        mut finish: impl FnMut(&mut [u8], &[u8], u32),
        mut fill: impl FnMut(usize, DmaAddr, u32, TsoBd),
    ) -> Result<(u32, bool)> {
        if hdrs.bufs.frames == TsoFrames::Copied {
            return match self.map_tso_copied(hdrs, skb, l, first, bytes, fill, finish) {
                Ok(n) => Ok((n, true)),
                Err(e) => {
                    let _ = self.release(descs, dma, first, true);
                    Err(e)
                }
            };
        }
        let n = l.hdr_len as usize;
        let hlen = hdrs.prefix + n;
        let template = skb.head(l.hdr_len).ok_or(EINVAL)?;
        if hlen > tso::HDR_SIZE as usize {
            return Err(EINVAL);
        }
        let linear = skb.headlen() - l.hdr_len;
        let mut chunks = tso::Chunker::new(linear);
        let segs = l.segs();
        // Bus address of the current payload buffer's first byte.
        let mut base: DmaAddr = 0;
        let mut k = 0u32;
        self.begin(first, bytes, None);
        for seg in 0..segs {
            let i = self.size.slot(first.wrapping_add(k));
            let (buf, addr) = hdrs.bufs.slot(i, hlen);
            l.build_header(template, &mut buf[hdrs.prefix..], seg);
            finish(buf, template, seg);
            let len = hlen as u32;
            self.push(first, k, None);
            fill(i, addr, len, TsoBd::Header);
            k += 1;
            let mut left = l.seg_len(seg);
            while left > 0 {
                let Some(c) = chunks.next(left, |b| skb.frag_len(b - 1)) else {
                    // Shorter than its layout says: not a valid GSO packet.
                    let _ = self.release(descs, dma, first, true);
                    return Err(EINVAL);
                };
                let map = if c.first {
                    // Buffers are mapped in order: the last is the last
                    // fragment, or the linear part without fragments.
                    let m = if fail_last && c.buf == skb.nr_frags() {
                        Err(ENOMEM)
                    } else if c.buf == 0 {
                        dma.map_head(skb, skb.headlen())
                    } else {
                        dma.map_frag(skb, c.buf - 1)
                    };
                    match m {
                        Ok(m) => {
                            // The linear part's payload follows the headers.
                            base = m.addr()
                                + if c.buf == 0 {
                                    DmaAddr::from(l.hdr_len)
                                } else {
                                    0
                                };
                            Some(m)
                        }
                        Err(e) => {
                            let _ = self.release(descs, dma, first, true);
                            return Err(e);
                        }
                    }
                } else {
                    None
                };
                left -= c.len;
                let i = self.size.slot(first.wrapping_add(k));
                self.push(first, k, map);
                let bd = if left > 0 {
                    TsoBd::Payload
                } else if seg + 1 < segs {
                    TsoBd::EndOfFrame
                } else {
                    TsoBd::EndOfPacket
                };
                fill(i, base + DmaAddr::from(c.off), c.len, bd);
                k += 1;
            }
        }
        Ok((k, false))
    }

    /// [`TxBook::map_tso`] with [`TsoFrames::Copied`]: each frame, headers
    /// and payload, copied to descriptor `i`'s buffer of `hdrs`, one
    /// descriptor per frame (`TsoBd::Frame`, `TsoBd::LastFrame`). Maps
    /// nothing; fails with `EINVAL` (nothing done) on a frame longer than
    /// a buffer, or, the descriptors recorded so far left to the caller to
    /// release, on a packet shorter than its layout.
    #[allow(clippy::too_many_arguments)]
    fn map_tso_copied(
        &mut self,
        hdrs: TsoHeaders<'_>,
        skb: &Skb,
        l: &tso::Layout,
        first: u32,
        bytes: u32,
        mut fill: impl FnMut(usize, DmaAddr, u32, TsoBd),
        mut finish: impl FnMut(&mut [u8], &[u8], u32),
    ) -> Result<u32> {
        let hlen = hdrs.prefix + l.hdr_len as usize;
        let template = skb.head(l.hdr_len).ok_or(EINVAL)?;
        let segs = l.segs();
        // Every segment but the last carries a full MSS: the first is the
        // longest.
        if hlen + l.seg_len(0) as usize > COPY_SIZE {
            return Err(EINVAL);
        }
        self.begin(first, bytes, None);
        let mut from = l.hdr_len;
        for seg in 0..segs {
            let i = self.size.slot(first.wrapping_add(seg));
            let plen = l.seg_len(seg);
            let len = hlen + plen as usize;
            let (buf, addr) = hdrs.bufs.slot(i, len);
            let (head, payload) = buf.split_at_mut(hlen);
            l.build_header(template, &mut head[hdrs.prefix..], seg);
            finish(head, template, seg);
            // (Fails only on a packet shorter than its layout says: not a
            // valid GSO packet.)
            skb.copy_bits(from, payload)?;
            from += plen;
            self.push(first, seg, None);
            let bd = if seg + 1 < segs {
                TsoBd::Frame
            } else {
                TsoBd::LastFrame
            };
            fill(i, addr, len as u32, bd);
        }
        Ok(segs)
    }
}
