// SPDX-License-Identifier: GPL-2.0
// expect: E0277
// what: a bottom-halves-off guard sent to another thread (it must be dropped on the CPU that disabled them)

use crate::netdev::net::BhDisabled;

fn needs_send<T: Send>(_: T) {}

pub(crate) fn misuse() {
    needs_send(BhDisabled::new());
}
