// SPDX-License-Identifier: GPL-2.0

//! eTSEC multicast hash filter (`gfar_set_hash_for_addr()` with the 8-bit
//! hash of the group address registers GADDR0..7, which every TSEC/eTSEC
//! has).
//!
//! Pure logic, also built on the host for `cargo test` (tests/host).
//!
//! A multicast frame is accepted when the bit chosen by the top eight bits
//! of the (big-endian) CRC-32 of its destination address is set: the top
//! three bits pick the register, the next five the bit, counted from the
//! most significant one.

use crate::crc::ether_crc;

/// The register (0..=7) and the mask of a multicast address's hash bit.
pub(crate) const fn hash_bit(addr: &[u8; 6]) -> (usize, u32) {
    let crc = ether_crc(addr);
    let bit = (crc >> 24) & 0x1f;
    ((crc >> 29) as usize, 1 << (31 - bit))
}

/// The group hash table (GADDR0..7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct GroupHash(pub(crate) [u32; 8]);

impl GroupHash {
    /// Every multicast frame accepted (`IFF_ALLMULTI`).
    pub(crate) const ALL: GroupHash = GroupHash([u32::MAX; 8]);

    /// Adds an address to the filter.
    pub(crate) fn add(&mut self, addr: &[u8; 6]) {
        let (reg, mask) = hash_bit(addr);
        self.0[reg] |= mask;
    }
}
