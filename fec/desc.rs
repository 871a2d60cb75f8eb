// SPDX-License-Identifier: GPL-2.0

//! ENET enhanced (32-byte) buffer descriptors (`struct bufdesc_ex` in
//! `drivers/net/ethernet/freescale/fec.h`, the ARM layout).
//!
//! Pure logic, also built on the host for `cargo test` (tests/host).
//!
//! With `ECR[BYTESWP]` set, the ENET reads and writes descriptors in the
//! CPU's little-endian order: fields are stored with `to_le`/`from_le`.
//! Enhanced descriptors are used only if `ECR[EN1588]` is set; in that mode
//! interrupts are raised only for descriptors with `TX_INT` / `RX_INT` set in
//! their extended status word.

/// Size of one enhanced descriptor.
pub(crate) const BD_SIZE: usize = 32;
/// Byte offsets of the fields.
pub(crate) const BD_DATLEN: usize = 0;
pub(crate) const BD_SC: usize = 2;
pub(crate) const BD_BUFADDR: usize = 4;
pub(crate) const BD_ESC: usize = 8;
pub(crate) const BD_PROT: usize = 12;
pub(crate) const BD_BDU: usize = 16;
/// The 1588 timer's value when the frame's first bit passed (written back by
/// the MAC on a Tx descriptor with `TS`, on every Rx descriptor).
pub(crate) const BD_TS: usize = 20;

/// Length of the frame check sequence the ENET leaves at the end of a frame.
pub(crate) const FCS_LEN: u32 = 4;
/// Bytes `RACC[SHIFT16]` inserts in front of a received frame (to align the
/// IP header).
pub(crate) const RX_SHIFT: u32 = 2;

/// Ethernet header length (`ETH_HLEN`): the shortest frame the stack takes.
pub(crate) const ETH_HLEN: u32 = 14;

/// Control/status bits of a Tx descriptor (`BD_ENET_TX_*`).
pub(crate) mod tx {
    pub(crate) const READY: u16 = 0x8000;
    pub(crate) const WRAP: u16 = 0x2000;
    pub(crate) const LAST: u16 = 0x0800;
    /// Append the CRC.
    pub(crate) const TC: u16 = 0x0400;
    /// Extended status: interrupt on completion.
    pub(crate) const INT: u32 = 0x4000_0000;
    /// Extended status: timestamp the frame (written back to `BD_TS`).
    pub(crate) const TS: u32 = 0x2000_0000;
    /// Extended status: insert the TCP/UDP checksum.
    pub(crate) const PINS: u32 = 0x1000_0000;
    /// Extended status: insert the IPv4 header checksum.
    pub(crate) const IINS: u32 = 0x0800_0000;
}

/// Control/status bits of an Rx descriptor (`BD_ENET_RX_*`).
pub(crate) mod rx {
    pub(crate) const EMPTY: u16 = 0x8000;
    pub(crate) const WRAP: u16 = 0x2000;
    pub(crate) const LAST: u16 = 0x0800;
    /// Missed (promiscuous mode only): not an error, left out of a frame's
    /// error bits (the host tests check it).
    #[cfg_attr(not(test), expect(dead_code))]
    pub(crate) const MISS: u16 = 0x0100;
    /// Frame longer than the maximum frame length.
    pub(crate) const LG: u16 = 0x0020;
    /// Non-octet aligned frame.
    pub(crate) const NO: u16 = 0x0010;
    /// Frame shorter than the minimum.
    pub(crate) const SH: u16 = 0x0008;
    /// CRC error.
    pub(crate) const CR: u16 = 0x0004;
    /// FIFO overrun.
    pub(crate) const OV: u16 = 0x0002;
    /// Truncated (collision).
    pub(crate) const CL: u16 = 0x0001;
    /// Error bits the driver checks on the last descriptor of a frame.
    pub(crate) const ERRORS: u16 = LG | NO | SH | CR | OV | CL;
    /// Extended status: interrupt on reception.
    pub(crate) const INT: u32 = 0x0080_0000;
    /// Extended status: IP header checksum error.
    pub(crate) const ICE: u32 = 0x0000_0020;
    /// Extended status: protocol (TCP/UDP) checksum error.
    pub(crate) const PCR: u32 = 0x0000_0010;
    /// Extended status: the frame carries an 802.1Q tag, left in its data
    /// (`BD_ENET_RX_VLAN`).
    pub(crate) const VLAN: u32 = 0x0000_0004;
}

/// Control/status of an idle Tx descriptor (the last one carries WRAP).
pub(crate) const fn tx_idle(last_in_ring: bool) -> u16 {
    if last_in_ring {
        tx::WRAP
    } else {
        0
    }
}

/// What a Tx descriptor says besides its buffer ([`tx_sc`], [`tx_esc`]).
#[derive(Clone, Copy)]
pub(crate) struct TxFlags {
    /// The last buffer of its frame.
    pub(crate) last: bool,
    /// The last descriptor of the ring.
    pub(crate) wrap: bool,
    /// An interrupt on completion (the last buffer of a frame; with software
    /// TSO, of a packet's last frame only).
    pub(crate) interrupt: bool,
    /// IP and protocol checksums inserted by the MAC.
    pub(crate) csum: bool,
    /// The frame's hardware timestamp written back (PTP).
    pub(crate) timestamp: bool,
}

impl TxFlags {
    /// No flag set.
    pub(crate) const NONE: TxFlags = TxFlags {
        last: false,
        wrap: false,
        interrupt: false,
        csum: false,
        timestamp: false,
    };
}

/// Control/status of a Tx descriptor handed to the hardware: READY, the
/// CRC appended, LAST on the final buffer of a frame, WRAP at the ring end.
pub(crate) const fn tx_sc(f: TxFlags) -> u16 {
    let mut v = tx::READY | tx::TC | tx_idle(f.wrap);
    if f.last {
        v |= tx::LAST;
    }
    v
}

/// Extended status of a Tx descriptor: the completion interrupt, checksum
/// insertion and the timestamp when asked for.
pub(crate) const fn tx_esc(f: TxFlags) -> u32 {
    let mut v = 0;
    if f.interrupt {
        v |= tx::INT;
    }
    if f.csum {
        v |= tx::PINS | tx::IINS;
    }
    if f.timestamp {
        v |= tx::TS;
    }
    v
}

/// Whether a Tx descriptor's extended status asked for a timestamp (the
/// MAC then wrote it to `BD_TS` when it sent the frame).
pub(crate) const fn tx_timestamped(esc: u32) -> bool {
    esc & tx::TS != 0
}

/// The frame class field of a Tx descriptor's extended status on the AVB
/// ENETs (`FEC_TX_BD_FTYPE`): the index of the ring it is on.
pub(crate) const fn tx_class(ring: u32) -> u32 {
    (ring & 0xf) << 20
}

/// Whether the hardware still owns a Tx descriptor.
pub(crate) const fn tx_busy(sc: u16) -> bool {
    sc & tx::READY != 0
}

/// Control/status of an Rx descriptor handed to the hardware.
pub(crate) const fn rx_empty(last_in_ring: bool) -> u16 {
    if last_in_ring {
        rx::EMPTY | rx::WRAP
    } else {
        rx::EMPTY
    }
}

/// What an Rx descriptor holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RxStatus {
    /// Still owned by the hardware.
    Empty,
    /// A part of a frame that continues in the next descriptor (longer
    /// than one buffer).
    Partial,
    /// The last (normally the only) descriptor of a frame without errors:
    /// `len` bytes of frame, without the shift bytes and the FCS.
    Frame { len: u32 },
    /// The last descriptor of a frame with the given error bits.
    Error { flags: u16 },
}

/// Decodes an Rx descriptor's control/status and length.
pub(crate) const fn rx_status(sc: u16, datlen: u16) -> RxStatus {
    if sc & rx::EMPTY != 0 {
        return RxStatus::Empty;
    }
    if sc & rx::LAST == 0 {
        return RxStatus::Partial;
    }
    if sc & rx::ERRORS != 0 {
        return RxStatus::Error {
            flags: sc & rx::ERRORS,
        };
    }
    let len = datlen as u32;
    if len < RX_SHIFT + ETH_HLEN + FCS_LEN {
        // Shorter than an Ethernet header: a runt, whatever the MAC let
        // through (the stack's `eth_type_trans()` must not see it).
        return RxStatus::Error { flags: rx::SH };
    }
    RxStatus::Frame {
        len: len - RX_SHIFT - FCS_LEN,
    }
}

/// Whether the hardware checked the checksums of a received frame and found
/// them good.
///
/// The ENET reports IP header and protocol checksum errors in the extended
/// status (`ICE`, `PCR`) and writes the header length, protocol and payload
/// checksum it computed into the `prot` word of every IP frame it
/// classifies. The driver clears `prot` when it arms a descriptor, so a zero
/// `prot` means no check was made (a non-IP frame, or QEMU's model, which
/// writes neither word): then the stack verifies the checksum itself. The C
/// driver looks at `ICE`/`PCR` only and so marks every frame good under QEMU.
pub(crate) const fn rx_csum_ok(esc: u32, prot: u32) -> bool {
    prot != 0 && esc & (rx::ICE | rx::PCR) == 0
}

/// Whether the ENET found an 802.1Q tag in a received frame (its extended
/// status); the tag stays in the frame, for the driver to take out. The
/// driver arms each descriptor with only `INT` in the extended status, so a
/// model that never writes it (QEMU's) reports no tag.
pub(crate) const fn rx_vlan(esc: u32) -> bool {
    esc & rx::VLAN != 0
}
