// SPDX-License-Identifier: GPL-2.0
// expect: E0423
// what: driver code claiming a NAPI instance held disabled without holding it (to reset BQL while the instance's completions report to it)

use crate::netdev::{
    net::TxQueue,
    poll::NapiOff, //
};
use kernel::sync::MutexGuard;

pub(crate) fn misuse(q: TxQueue, some_guard: MutexGuard<'_, bool>) {
    let off = NapiOff(some_guard);
    q.lock_xmit().reset_bql(&off);
}
