// SPDX-License-Identifier: GPL-2.0
// expect: E0277
// what: a Tx queue's xmit lock guard sent to another thread (it must be unlocked on the CPU that took it, with its bottom halves)

use crate::netdev::net::TxQueue;

fn needs_send<T: Send>(_: T) {}

pub(crate) fn misuse(q: TxQueue<'_>) {
    needs_send(q.lock_xmit());
}
