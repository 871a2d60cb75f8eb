// SPDX-License-Identifier: GPL-2.0

//! Taking an 802.1Q tag out of a received frame in place.

use crate::vlan::{
    strip,
    ETH_P_8021Q,
    VLAN_HLEN, //
};

const DST: [u8; 6] = [0x52, 0x54, 0x00, 0x12, 0x34, 0x57];
const SRC: [u8; 6] = [0x02, 0x00, 0x00, 0x00, 0x00, 0x01];

/// A frame: addresses, then `tags` (TPID, TCI) pairs, EtherType IPv4, and
/// `payload` bytes counting up.
fn frame(tags: &[(u16, u16)], payload: usize) -> Vec<u8> {
    let mut f = Vec::new();
    f.extend_from_slice(&DST);
    f.extend_from_slice(&SRC);
    for &(tpid, tci) in tags {
        f.extend_from_slice(&tpid.to_be_bytes());
        f.extend_from_slice(&tci.to_be_bytes());
    }
    f.extend_from_slice(&0x0800u16.to_be_bytes());
    f.extend((0..payload).map(|i| i as u8));
    f
}

#[test]
fn tagged_frame_loses_its_tag() {
    // PCP 5, DEI 0, VID 100.
    let tci = (5 << 13) | 100;
    let mut f = frame(&[(ETH_P_8021Q, tci)], 46);
    assert_eq!(strip(&mut f), Some(tci));
    // From VLAN_HLEN on: the untagged frame, byte for byte.
    assert_eq!(&f[VLAN_HLEN as usize..], &frame(&[], 46)[..]);
}

#[test]
fn every_tci_value_read_back() {
    for tci in [0u16, 1, 0x0fff, 0x1000, 0xe064, 0xffff] {
        let mut f = frame(&[(ETH_P_8021Q, tci)], 0);
        assert_eq!(strip(&mut f), Some(tci), "TCI {tci:#06x}");
    }
}

#[test]
fn untagged_frame_untouched() {
    let mut f = frame(&[], 46);
    let before = f.clone();
    assert_eq!(strip(&mut f), None);
    assert_eq!(f, before);
}

#[test]
fn other_tag_protocols_untouched() {
    // 802.1ad (QinQ outer tag) and a bogus TPID: not 802.1Q, left in.
    for tpid in [0x88a8u16, 0x9100, 0x0801] {
        let mut f = frame(&[(tpid, 7)], 10);
        let before = f.clone();
        assert_eq!(strip(&mut f), None, "TPID {tpid:#06x}");
        assert_eq!(f, before);
    }
}

#[test]
fn double_tag_loses_the_outer_one_only() {
    let mut f = frame(&[(ETH_P_8021Q, 10), (ETH_P_8021Q, 20)], 4);
    assert_eq!(strip(&mut f), Some(10));
    assert_eq!(
        &f[VLAN_HLEN as usize..],
        &frame(&[(ETH_P_8021Q, 20)], 4)[..]
    );
}

#[test]
fn frames_too_short_for_a_tag_untouched() {
    let full = frame(&[(ETH_P_8021Q, 3)], 0);
    // Addresses, TPID, TCI and the inner EtherType: 18 bytes at least.
    for len in 0..18 {
        let mut f = full[..len].to_vec();
        let before = f.clone();
        assert_eq!(strip(&mut f), None, "{len} bytes");
        assert_eq!(f, before);
    }
    let mut f = full[..18].to_vec();
    assert_eq!(strip(&mut f), Some(3));
}
