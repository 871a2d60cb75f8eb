// SPDX-License-Identifier: GPL-2.0

//! The Ethernet CRC-32 the MAC hash filters index with (shared by both
//! drivers).
//!
//! Pure logic, also built on the host for `cargo test` (tests/host).

/// `ether_crc_le()`: CRC-32 (reflected polynomial 0xedb88320), initial value
/// all ones, no final inversion.
pub(crate) const fn ether_crc_le(data: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    let mut i = 0;
    while i < data.len() {
        let mut b = data[i];
        let mut k = 0;
        while k < 8 {
            let mix = (crc ^ b as u32) & 1;
            crc >>= 1;
            if mix != 0 {
                crc ^= 0xedb8_8320;
            }
            b >>= 1;
            k += 1;
        }
        i += 1;
    }
    crc
}

/// `ether_crc()`: the same CRC with its bits in the opposite order (the
/// kernel defines it as `bitrev32(crc32_le(~0, ...))`).
#[cfg_attr(nxp_fec, expect(dead_code))]
pub(crate) const fn ether_crc(data: &[u8]) -> u32 {
    ether_crc_le(data).reverse_bits()
}
