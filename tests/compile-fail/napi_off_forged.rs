// SPDX-License-Identifier: GPL-2.0
// expect: E0423
// what: driver code claiming a NAPI instance held disabled without holding it (to reset BQL while the instance's completions report to it)

use crate::netdev::{
    net::BqlTxQueue,
    poll::NapiOff, //
};
use kernel::sync::MutexGuard;

pub(crate) fn misuse(q: &BqlTxQueue, some_guard: MutexGuard<'_, bool>) {
    let off = NapiOff(some_guard);
    q.reset(&q.lock_xmit(), &off);
}
