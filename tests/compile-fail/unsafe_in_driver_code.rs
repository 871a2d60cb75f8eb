// SPDX-License-Identifier: GPL-2.0
// expect: unsafe_code
// what: an unsafe block in driver code (only the wrapper layer, netdev/, may use unsafe)

pub(crate) fn misuse(p: *const u32) -> u32 {
    // SAFETY: (none: the block itself must not compile here)
    unsafe { *p }
}
