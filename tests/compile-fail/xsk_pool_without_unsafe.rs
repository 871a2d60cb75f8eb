// SPDX-License-Identifier: GPL-2.0
// expect: E0133
// what: an AF_XDP pool taken from its name without the unsafe contract of its lifetime (bound now, dropped before its unbinding returns)

use crate::netdev::xsk::XskPoolRef;

pub(crate) fn misuse(pool: XskPoolRef) {
    let _pool = pool.get();
}
