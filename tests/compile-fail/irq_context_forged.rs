// SPDX-License-Identifier: GPL-2.0
// expect: E0624
// what: driver code making its own interrupt-handler context (only the wrapper layer's entry point may, with interrupts known to be off)

use crate::netdev::net::IrqContext;

pub(crate) fn misuse() {
    // SAFETY: (none: the call itself must not compile)
    let _ctx = unsafe { IrqContext::new(true) };
}
