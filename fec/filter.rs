// SPDX-License-Identifier: GPL-2.0

//! ENET multicast hash filter (`set_multicast_list()` in `fec_main.c`).
//!
//! Pure logic, also built on the host for `cargo test` (tests/host).
//!
//! A multicast frame is accepted when the bit chosen by the top six bits of
//! the little-endian CRC-32 of its destination address is set in the 64-bit
//! group hash table (GAUR:GALR).

use crate::crc::ether_crc_le;

/// The hash table bit (0..=63) of a multicast address.
pub(crate) const fn hash_bit(addr: &[u8; 6]) -> u32 {
    (ether_crc_le(addr) >> 26) & 0x3f
}

/// The group hash table as (high, low) register values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct GroupHash {
    pub(crate) high: u32,
    pub(crate) low: u32,
}

impl GroupHash {
    /// Every multicast frame accepted (`IFF_ALLMULTI`).
    pub(crate) const ALL: GroupHash = GroupHash {
        high: u32::MAX,
        low: u32::MAX,
    };

    /// Adds an address to the filter.
    pub(crate) fn add(&mut self, addr: &[u8; 6]) {
        let bit = hash_bit(addr);
        if bit > 31 {
            self.high |= 1 << (bit - 32);
        } else {
            self.low |= 1 << bit;
        }
    }
}
