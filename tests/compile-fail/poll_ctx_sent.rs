// SPDX-License-Identifier: GPL-2.0
// expect: E0277
// what: a NAPI poll's context handed to another thread (a work item would outlive the poll)

use crate::netdev::poll::PollCtx;

fn needs_send<T: Send>(_: T) {}

pub(crate) fn misuse(poll: &PollCtx) {
    needs_send(poll);
}
