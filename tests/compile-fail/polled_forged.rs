// SPDX-License-Identifier: GPL-2.0
// expect: E0451
// what: one NAPI instance's poll passed off as another's (frames handed to GRO, and Tx completions reported to BQL, on an instance that is not being polled)

use crate::netdev::poll::{
    Napi,
    PollCtx,
    Polled, //
};

pub(crate) fn misuse<'a>(napi: &'a Napi, poll: &'a PollCtx) -> Polled<'a> {
    Polled { napi, poll }
}
