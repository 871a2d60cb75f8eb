// SPDX-License-Identifier: GPL-2.0

//! 802.1Q tags of received frames (shared by both drivers): the tag a MAC
//! flags but leaves in the frame is taken out in place, as the C fec's
//! `fec_enet_rx_vlan()` does, and goes to the skb's VLAN field.
//!
//! Pure logic, also built on the host for `cargo test` (tests/host).

/// Length of an 802.1Q tag (`VLAN_HLEN`).
pub(crate) const VLAN_HLEN: u32 = 4;
/// The 802.1Q tag protocol identifier (`ETH_P_8021Q`).
pub(crate) const ETH_P_8021Q: u16 = 0x8100;
/// Offset of the EtherType (or tag protocol identifier) in a frame.
const TYPE_OFF: usize = 12;

/// The VLAN tag of a received frame, as the MAC reports it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum RxVlan {
    /// None reported (an untagged frame, or VLAN offload off: a tag stays
    /// in the frame for the stack).
    None,
    /// The frame carries an 802.1Q tag, still in its data (the ENET's
    /// `BD_ENET_RX_VLAN`): [`strip`] takes it out.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    InFrame,
    /// The MAC took the tag out of the frame; its TCI.
    #[cfg_attr(nxp_fec, expect(dead_code))]
    Stripped(u16),
}

/// Takes the 802.1Q tag out of `frame` in place: the two addresses move up
/// by the tag's length, so that the frame then starts [`VLAN_HLEN`] bytes
/// later with its addresses and inner EtherType. Returns the tag's TCI;
/// `None` (the frame untouched) if the frame has no 802.1Q tag after its
/// addresses or is too short to hold one.
pub(crate) fn strip(frame: &mut [u8]) -> Option<u16> {
    let hlen = VLAN_HLEN as usize;
    // Addresses, the tag and the inner EtherType.
    if frame.len() < TYPE_OFF + hlen + 2 {
        return None;
    }
    if u16::from_be_bytes([frame[TYPE_OFF], frame[TYPE_OFF + 1]]) != ETH_P_8021Q {
        return None;
    }
    let tci = u16::from_be_bytes([frame[TYPE_OFF + 2], frame[TYPE_OFF + 3]]);
    frame.copy_within(0..TYPE_OFF, hlen);
    Some(tci)
}
