// SPDX-License-Identifier: GPL-2.0
// expect: E0451
// what: driver code claiming a NAPI instance held disabled without holding it (to reset BQL while the instance's completions report to it)

use crate::netdev::{
    net::BqlTxQueue,
    poll::{
        Napi,
        NapiOff, //
    },
};
use kernel::sync::MutexGuard;

pub(crate) fn misuse(q: &BqlTxQueue<'_>, napi: &Napi<'_>, some_guard: MutexGuard<'_, bool>) {
    let off = NapiOff {
        _enabled: some_guard,
        id: napi.id(),
    };
    q.reset(&q.lock_xmit(), &off);
}
