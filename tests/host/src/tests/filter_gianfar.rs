// SPDX-License-Identifier: GPL-2.0

//! eTSEC multicast hash: `ether_crc()` (bit-reversed `ether_crc_le()`, as
//! the kernel defines it) and the GADDR register/bit, against values
//! computed with zlib.

use crate::crc::ether_crc;
use crate::gianfar::filter::{hash_bit, GroupHash};

#[test]
fn crc_is_the_bit_reversed_le_crc() {
    assert_eq!(ether_crc(&[0x01, 0x00, 0x5e, 0, 0, 1]), 0x7fa3_2d9b);
    assert_eq!(ether_crc(&[0x33, 0x33, 0, 0, 0, 1]), 0xf99b_aaba);
    assert_eq!(ether_crc(&[0x01, 0x00, 0x5e, 1, 2, 3]), 0xe635_7220);
}

#[test]
fn gaddr_bits() {
    // Register = top 3 bits, bit = next 5, counted from the MSB.
    assert_eq!(hash_bit(&[0x01, 0x00, 0x5e, 0, 0, 1]), (3, 1 << 0));
    assert_eq!(hash_bit(&[0x33, 0x33, 0, 0, 0, 1]), (7, 1 << 6));
    assert_eq!(hash_bit(&[0x01, 0x00, 0x5e, 1, 2, 3]), (7, 1 << 25));
    let mut h = GroupHash::default();
    h.add(&[0x33, 0x33, 0, 0, 0, 1]);
    h.add(&[0x01, 0x00, 0x5e, 1, 2, 3]);
    assert_eq!(h.0, [0, 0, 0, 0, 0, 0, 0, (1 << 6) | (1 << 25)]);
    assert_eq!(GroupHash::ALL.0, [u32::MAX; 8]);
}
