// SPDX-License-Identifier: GPL-2.0
// expect: E0624
// what: driver code making a NAPI poll context outside a poll (to complete an instance, free Tx skbs to the NAPI cache or hand frames to GRO from elsewhere)

use crate::netdev::poll::PollCtx;

pub(crate) fn misuse() -> i32 {
    let poll = PollCtx::new(64);
    poll.budget()
}
