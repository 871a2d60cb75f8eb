// SPDX-License-Identifier: GPL-2.0

//! ENET multicast hash: `ether_crc_le()` and the table bit, against values
//! computed with zlib (`~crc32(addr)`).

use crate::crc::ether_crc_le;
use crate::fec::filter::{hash_bit, GroupHash};

#[test]
fn crc_matches_zlib() {
    assert_eq!(ether_crc_le(&[0x01, 0x00, 0x5e, 0, 0, 1]), 0xd9b4_c5fe);
    assert_eq!(ether_crc_le(&[0x33, 0x33, 0, 0, 0, 1]), 0x5d55_d99f);
    assert_eq!(ether_crc_le(&[0x01, 0x00, 0x5e, 1, 2, 3]), 0x044e_ac67);
    assert_eq!(ether_crc_le(&[]), 0xffff_ffff);
}

#[test]
fn hash_bits() {
    assert_eq!(hash_bit(&[0x01, 0x00, 0x5e, 0, 0, 1]), 54);
    assert_eq!(hash_bit(&[0x33, 0x33, 0, 0, 0, 1]), 23);
    assert_eq!(hash_bit(&[0x01, 0x00, 0x5e, 1, 2, 3]), 1);
    let mut h = GroupHash::default();
    h.add(&[0x01, 0x00, 0x5e, 0, 0, 1]);
    h.add(&[0x33, 0x33, 0, 0, 0, 1]);
    assert_eq!(
        h,
        GroupHash {
            high: 1 << 22,
            low: 1 << 23
        }
    );
    assert_eq!(GroupHash::ALL.high, u32::MAX);
}
