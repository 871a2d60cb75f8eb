// SPDX-License-Identifier: GPL-2.0

//! eTSEC buffer descriptors and the Tx frame control block.
//!
//! Pure logic, also built on the host for `cargo test` (tests/host).
//!
//! A buffer descriptor (`struct txbd8` / `struct rxbd8` in `gianfar.h`) is
//! 8 bytes: a big-endian 32-bit word holding the 16-bit status flags above a
//! 16-bit length (`lstatus`), then the big-endian 32-bit buffer address. The
//! driver reads and writes whole words; these helpers build and decode the
//! CPU-order values (the byte swap happens at the memory access).

/// Size of a buffer descriptor.
pub(crate) const BD_SIZE: usize = 8;
/// Offset of `lstatus` and of the buffer pointer in a descriptor.
pub(crate) const BD_LSTATUS: usize = 0;
pub(crate) const BD_BUFPTR: usize = 4;

/// Puts status flags in the upper half of `lstatus` (`BD_LFLAG`).
pub(crate) const fn lflag(flags: u16) -> u32 {
    (flags as u32) << 16
}

/// Length field of `lstatus` (`BD_LENGTH_MASK`).
pub(crate) const BD_LENGTH_MASK: u32 = 0xffff;

/// Tx descriptor status flags (`TXBD_*`).
pub(crate) mod tx {
    /// Owned by the hardware.
    pub(crate) const READY: u16 = 0x8000;
    /// Last descriptor of the ring.
    pub(crate) const WRAP: u16 = 0x2000;
    /// Interrupt when transmitted.
    pub(crate) const INTERRUPT: u16 = 0x1000;
    /// Last descriptor of the frame.
    pub(crate) const LAST: u16 = 0x0800;
    /// Append the CRC.
    pub(crate) const CRC: u16 = 0x0400;
    /// The frame starts with a frame control block (first descriptor).
    pub(crate) const TOE: u16 = 0x0002;
}

/// Rx descriptor status flags (`RXBD_*`).
pub(crate) mod rx {
    /// Owned by the hardware (empty, waiting for a frame).
    pub(crate) const EMPTY: u16 = 0x8000;
    /// Last descriptor of the ring.
    pub(crate) const WRAP: u16 = 0x2000;
    /// Interrupt when filled.
    pub(crate) const INTERRUPT: u16 = 0x1000;
    /// Last descriptor of the frame.
    pub(crate) const LAST: u16 = 0x0800;
    /// First descriptor of the frame.
    pub(crate) const FIRST: u16 = 0x0400;
    /// Frame errors.
    pub(crate) const LARGE: u16 = 0x0020;
    pub(crate) const NONOCTET: u16 = 0x0010;
    pub(crate) const SHORT: u16 = 0x0008;
    pub(crate) const CRCERR: u16 = 0x0004;
    pub(crate) const OVERRUN: u16 = 0x0002;
    pub(crate) const TRUNCATED: u16 = 0x0001;
    /// Any error (`RXBD_ERR`).
    pub(crate) const ERR: u16 = LARGE | SHORT | NONOCTET | CRCERR | OVERRUN | TRUNCATED;
}

/// Length of the frame check sequence the eTSEC leaves at the end of a frame.
pub(crate) const FCS_LEN: u32 = 4;

/// The longest frame accepted at the largest MTU, FCS included
/// (`GFAR_JUMBO_FRAME_SIZE`); frames longer than an Rx buffer span several.
pub(crate) const MAX_FRAME: u32 = 9600;

/// 802.1Q tag length (`VLAN_HLEN`).
pub(crate) const VLAN_HLEN: u32 = 4;

/// MAXFRM for an MTU: its frames with a VLAN tag and the FCS, and 2 bytes
/// more (eTSEC74: frames of MAXFRM or MAXFRM - 1 bytes are flagged
/// truncated), at most [`MAX_FRAME`]. Longer frames come with `LG` set and
/// are dropped. The C driver programs 9600 whatever the MTU, so that frames
/// of up to 9596 bytes reach the stack at an MTU of 1500.
pub(crate) const fn maxfrm(mtu: u32) -> u32 {
    let overhead = ETH_HLEN + VLAN_HLEN + FCS_LEN + 2;
    if mtu < MAX_FRAME - overhead {
        mtu + overhead
    } else {
        MAX_FRAME
    }
}

/// Ethernet header length (`ETH_HLEN`).
pub(crate) const ETH_HLEN: u32 = 14;

/// What a Tx descriptor says of its buffer, flag by flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TxFlags {
    /// The first buffer of its frame: the MAC appends the CRC.
    pub(crate) first: bool,
    /// The last buffer of its frame.
    pub(crate) last: bool,
    /// An interrupt on completion (the last buffer of a frame; with software
    /// TSO, of a packet's last frame only).
    pub(crate) interrupt: bool,
    /// A frame control block leads the frame (TOE; first buffers only).
    pub(crate) toe: bool,
    /// The last descriptor of the ring.
    pub(crate) wrap: bool,
}

impl TxFlags {
    /// No flag set.
    pub(crate) const NONE: TxFlags = TxFlags {
        first: false,
        last: false,
        interrupt: false,
        toe: false,
        wrap: false,
    };
}

/// `lstatus` of a Tx descriptor handed to the hardware: `len` bytes with
/// the flags `f`.
pub(crate) const fn tx_lstatus(len: u32, f: TxFlags) -> u32 {
    let mut v = tx::READY;
    if f.first {
        v |= tx::CRC;
        if f.toe {
            v |= tx::TOE;
        }
    }
    if f.last {
        v |= tx::LAST;
    }
    if f.interrupt {
        v |= tx::INTERRUPT;
    }
    if f.wrap {
        v |= tx::WRAP;
    }
    lflag(v) | (len & BD_LENGTH_MASK)
}

/// `lstatus` of an idle Tx descriptor (only the wrap flag kept).
pub(crate) const fn tx_idle(wrap: bool) -> u32 {
    if wrap {
        lflag(tx::WRAP)
    } else {
        0
    }
}

/// Whether the hardware still owns a Tx descriptor.
pub(crate) const fn tx_busy(lstatus: u32) -> bool {
    lstatus & lflag(tx::READY) != 0
}

/// `lstatus` of an Rx descriptor given to the hardware.
pub(crate) const fn rx_empty(wrap: bool) -> u32 {
    let mut f = rx::EMPTY | rx::INTERRUPT;
    if wrap {
        f |= rx::WRAP;
    }
    lflag(f)
}

/// A filled Rx descriptor, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RxStatus {
    /// Still owned by the hardware.
    Empty,
    /// Not the last descriptor of its frame (the frame spans buffers): its
    /// buffer holds `len` bytes; `first` if it starts the frame.
    Partial {
        /// Bytes in this descriptor's buffer.
        len: u32,
        /// First descriptor of the frame.
        first: bool,
    },
    /// The last descriptor of a good frame, reporting `len` bytes: the whole
    /// frame (its Rx FCB and FCS included) on the eTSEC, see
    /// [`rx_last_piece`] for frames that span buffers.
    Last {
        /// The length field.
        len: u32,
        /// Also the first descriptor of the frame (the eTSEC marks a frame
        /// in one buffer so; QEMU's model does not).
        first: bool,
    },
    /// The last descriptor of a frame the hardware flagged as bad
    /// (`RXBD_ERR` bits).
    Error {
        /// The error flags.
        flags: u16,
        /// Also the first descriptor of the frame.
        first: bool,
    },
}

/// Decodes the `lstatus` of an Rx descriptor.
pub(crate) const fn rx_status(lstatus: u32) -> RxStatus {
    let flags = (lstatus >> 16) as u16;
    let len = lstatus & BD_LENGTH_MASK;
    // The eTSEC clears EMPTY when it closes a descriptor, and the driver
    // arms descriptors without LAST. QEMU's eTSEC model, when a frame's FCS
    // spills over into a buffer of its own, closes that last descriptor
    // with LAST and its length but leaves EMPTY set (it clears EMPTY only
    // with data written): EMPTY with LAST is such a filled descriptor.
    if flags & rx::EMPTY != 0 && flags & rx::LAST == 0 {
        return RxStatus::Empty;
    }
    let first = flags & rx::FIRST != 0;
    if flags & rx::LAST == 0 {
        return RxStatus::Partial { len, first };
    }
    if flags & rx::ERR != 0 {
        return RxStatus::Error {
            flags: flags & rx::ERR,
            first,
        };
    }
    RxStatus::Last { len, first }
}

/// Whether a frame whose first buffer (not its last) holds `first_len`
/// bytes comes from QEMU's eTSEC model, out of buffers of `buf_len` bytes
/// (MRBLR), on a machine that is QEMU's (`qemu_machine`) or not. The eTSEC
/// fills a frame's first buffer with exactly MRBLR bytes, its Rx FCB and
/// padding included; the model writes those on top of MRBLR bytes, except
/// where the frame ends there: a frame of MRBLR bytes with its FCB, whose
/// FCS goes alone into a second buffer, looks like the eTSEC's in its first
/// buffer, so on QEMU's machine every frame has the model's lengths (TCP at
/// MTU 9000 stalled on such a segment, retransmitted and dropped each time,
/// 2026-12-05).
pub(crate) const fn rx_model_lengths(first_len: u32, buf_len: u32, qemu_machine: bool) -> bool {
    qemu_machine || first_len > buf_len
}

/// Bytes in the last buffer of a frame that spans buffers, whose last
/// descriptor reports `reported` and whose earlier buffers hold `so_far`;
/// `None` if the report is impossible.
///
/// The eTSEC reports the whole frame's length in the last descriptor, which
/// exceeds what the earlier buffers hold. QEMU's eTSEC model (`model`, see
/// [`rx_model_lengths`]) reports the last buffer's own bytes instead.
pub(crate) const fn rx_last_piece(reported: u32, so_far: u32, model: bool) -> Option<u32> {
    if model {
        Some(reported)
    } else if reported > so_far {
        Some(reported - so_far)
    } else {
        None
    }
}

/// Length handed to the stack of a received frame of `total` bytes
/// (`prefix` bytes of Rx FCB and padding in front, the FCS at the end), or
/// `None` for a frame shorter than an Ethernet header or longer than
/// [`MAX_FRAME`].
pub(crate) const fn rx_frame_len(total: u32, prefix: u32) -> Option<u32> {
    if total < prefix + ETH_HLEN + FCS_LEN || total > prefix + MAX_FRAME {
        None
    } else {
        Some(total - prefix - FCS_LEN)
    }
}

/// Length of the Tx frame control block (`GMAC_FCB_LEN`).
pub(crate) const FCB_LEN: usize = 8;

/// Padding the eTSEC puts between the Rx FCB and the frame (`RCTRL[PAL]`),
/// so that the IP header behind the 14-byte Ethernet header is 4-byte
/// aligned. The C driver pads `8 + DEFAULT_PADDING` (10) bytes on eTSECs with
/// a timer, room for Rx timestamps, which this driver does not take.
pub(crate) const RX_PAD: u32 = 2;

/// Bytes in front of a received frame in its first buffer: the Rx FCB and
/// the padding.
pub(crate) const RX_PREFIX: u32 = FCB_LEN as u32 + RX_PAD;

/// Frame control block flags (`TXFCB_*`).
pub(crate) mod fcb {
    /// IP header present.
    pub(crate) const IP: u8 = 0x40;
    /// TCP or UDP header present.
    pub(crate) const TUP: u8 = 0x10;
    /// UDP rather than TCP.
    pub(crate) const UDP: u8 = 0x08;
    /// Compute the IPv4 header checksum.
    pub(crate) const CIP: u8 = 0x04;
    /// Compute the TCP/UDP checksum.
    pub(crate) const CTU: u8 = 0x02;
    /// Take the pseudo-header checksum from `phcs` instead of computing it.
    pub(crate) const NPH: u8 = 0x01;
    /// Insert the 802.1Q tag `vlctl` (with `TCTRL[VLINS]`).
    pub(crate) const VLN: u8 = 0x80;
}

/// The Tx frame control block asking for an IPv4 TCP/UDP checksum, as C's
/// `gfar_tx_checksum()` builds it: `l3os` is the IP header offset within the
/// frame (after the FCB), `l4os` the IP header length, `phcs` the
/// pseudo-header checksum as stored in the packet (network order bytes).
pub(crate) const fn tx_fcb_csum(l3os: u8, l4os: u8, udp: bool, phcs: u16) -> [u8; FCB_LEN] {
    tx_fcb(l3os, l4os, udp, false, phcs)
}

/// [`tx_fcb_csum`] that also has the IPv4 header checksum computed
/// (`cip`): for the frames of software TSO, whose IP headers differ from
/// the packet's (the stack computed only the packet's).
pub(crate) const fn tx_fcb(l3os: u8, l4os: u8, udp: bool, cip: bool, phcs: u16) -> [u8; FCB_LEN] {
    let mut flags = fcb::IP | fcb::TUP | fcb::CTU | fcb::NPH;
    if udp {
        flags |= fcb::UDP;
    }
    if cip {
        flags |= fcb::CIP;
    }
    let p = phcs.to_ne_bytes();
    // flags, ptp, l4os, l3os, phcs (2), vlctl (2)
    [flags, 0, l4os, l3os, p[0], p[1], 0, 0]
}

/// The Tx frame control block `f` with the MAC asked to insert the 802.1Q
/// tag `tci` into its frame, if there is one (C's `gfar_tx_vlan()`); an FCB
/// of zeros asks nothing else.
pub(crate) const fn tx_fcb_vlan(mut f: [u8; FCB_LEN], tci: Option<u16>) -> [u8; FCB_LEN] {
    if let Some(tci) = tci {
        let t = tci.to_be_bytes();
        f[0] |= fcb::VLN;
        f[6] = t[0];
        f[7] = t[1];
    }
    f
}

/// Rx frame control block flags (`RXFCB_*`, the first big-endian half-word).
pub(crate) mod rxfcb {
    /// IPv4 header checksum checked / TCP or UDP checksum checked.
    pub(crate) const CIP: u16 = 0x0800;
    pub(crate) const CTU: u16 = 0x0400;
    /// Errors in those checksums.
    pub(crate) const EIP: u16 = 0x0200;
    pub(crate) const ETU: u16 = 0x0100;
    pub(crate) const CSUM_MASK: u16 = CIP | CTU | EIP | ETU;
    /// The MAC took an 802.1Q tag out of the frame (`RCTRL[VLEX]`); its
    /// TCI is in the FCB's `vlctl`.
    pub(crate) const VLN: u16 = 0x8000;
}

/// The TCI of the tag the MAC took out of a received frame, from its Rx
/// frame control block (`struct rxfcb`: flags, rq, pro, reserved, vlctl;
/// big-endian); `None` if it took none.
pub(crate) const fn rx_fcb_vlan(fcb: [u8; FCB_LEN]) -> Option<u16> {
    if u16::from_be_bytes([fcb[0], fcb[1]]) & rxfcb::VLN != 0 {
        Some(u16::from_be_bytes([fcb[6], fcb[7]]))
    } else {
        None
    }
}

/// Whether the parser checked both the IPv4 header and the TCP/UDP checksum
/// of a received frame and found them good (`gfar_rx_checksum()`).
pub(crate) const fn rx_csum_ok(fcb_flags: u16) -> bool {
    fcb_flags & rxfcb::CSUM_MASK == rxfcb::CIP | rxfcb::CTU
}
