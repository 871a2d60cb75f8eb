// SPDX-License-Identifier: GPL-2.0
// expect: E0423
// what: driver code claiming a NAPI instance held disabled without holding it (to reset BQL while the instance's completions report to it)

use crate::netdev::{
    net::TxQueue,
    poll::NapiOff, //
};

pub(crate) fn misuse(q: TxQueue) {
    let off = NapiOff(todo!());
    q.lock_xmit().reset_bql(&off);
}
