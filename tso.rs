// SPDX-License-Identifier: GPL-2.0

//! Software TSO, the pure part: how a TCP GSO packet is cut into frames and
//! what each frame's headers say. Shared by the drivers whose MAC inserts
//! checksums but does not segment (the C `fec` does the same with
//! `net/core/tso.c`); the driver maps the payload in place and points one
//! descriptor at a per-slot header copy and one or more at the payload.
//!
//! Pure logic, also built on the host for `cargo test` (tests/host).

/// Size of one per-descriptor header buffer (`TSO_HEADER_SIZE`).
pub(crate) const HDR_SIZE: u32 = 256;

/// At most this many segments per packet (`FEC_MAX_TSO_SEGS` of the C fec;
/// the stack is told with `netif_set_tso_max_segs()`).
pub(crate) const MAX_SEGS: u32 = 100;

/// Descriptors a GSO packet of `segs` segments and `nr_frags` page
/// fragments takes at most: a header and a payload descriptor per segment,
/// plus one more each time a segment's payload crosses into the next
/// buffer (`tso_count_descs()`).
pub(crate) const fn count_descs(segs: u32, nr_frags: u32) -> u32 {
    segs * 2 + nr_frags
}

/// Descriptors one packet may take on a Tx ring of `ring` descriptors: a
/// quarter of the ring, at least `min` (a packet without TSO) and at most
/// what [`MAX_SEGS`] segments of `max_frags` fragments take. The queue
/// stops while fewer are free, so larger packets go through software GSO.
pub(crate) const fn ring_max_descs(ring: u32, min: u32, max_frags: u32) -> u32 {
    let cap = count_descs(MAX_SEGS, max_frags);
    let q = ring / 4;
    if q < min {
        min
    } else if q > cap {
        cap
    } else {
        q
    }
}

/// Segments per packet that always fit `descs` descriptors whatever the
/// fragments (at most `max_frags`): what the stack is told to build, at
/// least 1 and at most [`MAX_SEGS`].
pub(crate) const fn max_segs(descs: u32, max_frags: u32) -> u32 {
    let s = descs.saturating_sub(max_frags) / 2;
    if s < 1 {
        1
    } else if s > MAX_SEGS {
        MAX_SEGS
    } else {
        s
    }
}

/// Fewer segments per packet than this are not worth building: the stack's
/// per-packet TCP work would cost more than software GSO of full-size
/// packets.
pub(crate) const MIN_STACK_SEGS: u32 = 4;

/// The segment limit the stack is told (`tso_max_segs`) for packets of up
/// to `descs` descriptors: [`max_segs`], unless the ring is so small that
/// only packets of fewer than [`MIN_STACK_SEGS`] segments always fit. Then
/// TCP builds full-size packets (up to [`MAX_SEGS`]) and those that do not
/// fit go through software GSO (`ndo_features_check`), as for a driver
/// without TSO, instead of TCP sending one-segment packets.
pub(crate) const fn stack_max_segs(descs: u32, max_frags: u32) -> u32 {
    let s = max_segs(descs, max_frags);
    if s < MIN_STACK_SEGS {
        MAX_SEGS
    } else {
        s
    }
}

/// A TCP/IPv4 GSO packet as the driver sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// Offset of the IPv4 header.
    pub(crate) l3: u32,
    /// Offset of the TCP header.
    pub(crate) l4: u32,
    /// Length of all headers (MAC, IP, TCP).
    pub(crate) hdr_len: u32,
    /// Segment payload size (MSS).
    pub(crate) mss: u32,
    /// Payload bytes of the whole packet.
    pub(crate) payload: u32,
    /// Number of segments (computed once: a division, which 32-bit ARM
    /// kernels do in software).
    segs: u32,
}

/// Why a packet cannot be segmented here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LayoutError {
    /// Headers out of order, longer than a header buffer, or no payload.
    Malformed,
}

impl Layout {
    /// Checks the offsets of a packet of `len` bytes.
    pub(crate) fn new(
        l3: u32,
        l4: u32,
        hdr_len: u32,
        mss: u32,
        len: u32,
    ) -> Result<Self, LayoutError> {
        // IPv4 header 20..60 bytes, TCP header 20..60 bytes.
        let ok = l3 < l4
            && l4 - l3 >= 20
            && hdr_len >= l4 + 20
            && hdr_len - l4 <= 60
            && hdr_len <= HDR_SIZE
            && mss > 0
            && len > hdr_len;
        if !ok {
            return Err(LayoutError::Malformed);
        }
        let payload = len - hdr_len;
        Ok(Self {
            l3,
            l4,
            hdr_len,
            mss,
            payload,
            segs: payload.div_ceil(mss),
        })
    }

    /// Number of segments.
    pub(crate) const fn segs(&self) -> u32 {
        self.segs
    }

    /// Payload bytes of segment `seg`.
    pub(crate) const fn seg_len(&self, seg: u32) -> u32 {
        let start = seg * self.mss;
        let left = self.payload - start;
        if left < self.mss {
            left
        } else {
            self.mss
        }
    }

    /// Writes segment `seg`'s headers into `hdr` (at least `hdr_len`
    /// bytes): the packet's own headers `template` with the IPv4 total
    /// length and ID (+1 per segment), TCP sequence number (+MSS per
    /// segment), PSH/FIN/RST only on the last segment (`tso_build_hdr()`).
    /// The checksums stay as they are (zeroed for the MAC to insert).
    /// `hdr` is only written (it may be uncached DMA memory).
    pub(crate) fn build_header(&self, template: &[u8], hdr: &mut [u8], seg: u32) {
        let (n, l3, l4) = (self.hdr_len as usize, self.l3 as usize, self.l4 as usize);
        // The IPv4 and TCP headers are at least 20 bytes each, in order
        // (`new`): each field below then lies in a 20-byte view, checked
        // once (this runs once per segment). Other layouts are not built.
        let (Some(t), Some(h)) = (template.get(..n), hdr.get_mut(..n)) else {
            return;
        };
        let (Some(tip), Some(ttcp)) = (t.get(l3..l3 + 20), t.get(l4..l4 + 20)) else {
            return;
        };
        h.copy_from_slice(t);
        let (front, back) = h.split_at_mut(l4);
        let (Some(ip), Some(tcp)) = (front.get_mut(l3..l3 + 20), back.get_mut(..20)) else {
            return;
        };
        let len = self.seg_len(seg);
        let tot = (self.hdr_len - self.l3 + len) as u16;
        ip[2..4].copy_from_slice(&tot.to_be_bytes());
        let id = u16::from_be_bytes([tip[4], tip[5]]).wrapping_add(seg as u16);
        ip[4..6].copy_from_slice(&id.to_be_bytes());
        let seq =
            u32::from_be_bytes([ttcp[4], ttcp[5], ttcp[6], ttcp[7]]).wrapping_add(seg * self.mss);
        tcp[4..8].copy_from_slice(&seq.to_be_bytes());
        if seg + 1 < self.segs() {
            // PSH 0x08, RST 0x04, FIN 0x01.
            tcp[13] = ttcp[13] & !0x0d;
        }
    }
}

impl Layout {
    /// The TCP pseudo-header checksum of segment `seg` (source and
    /// destination address from `hdr`, protocol, TCP length), folded but not
    /// complemented, as bytes in memory: what the stack leaves in the TCP
    /// checksum field of a `CHECKSUM_PARTIAL` packet, for MACs that take it
    /// from the driver (the eTSEC's frame control block).
    #[cfg_attr(nxp_fec, expect(dead_code))]
    pub(crate) fn pseudo_csum(&self, hdr: &[u8], seg: u32) -> [u8; 2] {
        let l3 = self.l3 as usize;
        let tcp_len = self.hdr_len - self.l4 + self.seg_len(seg);
        let mut sum: u32 = 6 + tcp_len;
        for w in hdr[l3 + 12..l3 + 20].chunks_exact(2) {
            sum += u32::from(u16::from_be_bytes([w[0], w[1]]));
        }
        while sum > 0xffff {
            sum = (sum & 0xffff) + (sum >> 16);
        }
        (sum as u16).to_be_bytes()
    }
}

/// Walks the payload buffers of a packet (the rest of the linear part, then
/// each page fragment) in pieces of at most a segment's remaining bytes.
///
/// # Invariants
///
/// `off <= len` (the offset into the current buffer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Chunker {
    /// Current buffer: 0 for the linear part, `f + 1` for fragment `f`.
    buf: u32,
    off: u32,
    len: u32,
}

/// One piece of payload: `len` bytes at `off` of buffer `buf`; `first` when
/// the piece starts that buffer (the driver maps the buffer then).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Chunk {
    pub(crate) buf: u32,
    pub(crate) off: u32,
    pub(crate) len: u32,
    pub(crate) first: bool,
}

impl Chunker {
    /// Starts at the payload of the linear part (`linear` bytes of it).
    pub(crate) const fn new(linear: u32) -> Self {
        Self {
            buf: 0,
            off: 0,
            len: linear,
        }
    }

    /// The next piece of at most `want` bytes (`want > 0`); `buf_len(b)`
    /// gives the length of fragment buffer `b` (1-based) or `None` past the
    /// last. `None` when the payload is exhausted.
    pub(crate) fn next(
        &mut self,
        want: u32,
        buf_len: impl Fn(u32) -> Option<u32>,
    ) -> Option<Chunk> {
        while self.off == self.len {
            self.buf += 1;
            self.len = buf_len(self.buf)?;
            self.off = 0;
        }
        let len = if want < self.len - self.off {
            want
        } else {
            self.len - self.off
        };
        let c = Chunk {
            buf: self.buf,
            off: self.off,
            len,
            first: self.off == 0,
        };
        // INVARIANT: `len <= self.len - self.off`.
        self.off += len;
        Some(c)
    }
}
