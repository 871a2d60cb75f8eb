// SPDX-License-Identifier: GPL-2.0
// expect: E0624
// what: BQL told of bytes sent outside ndo_start_xmit (its xmit context, with the queue's xmit lock held, cannot be made elsewhere)

use crate::netdev::net::{
    TxQueue,
    XmitCtx, //
};

pub(crate) fn misuse(txq: TxQueue<'_>) {
    let xmit = XmitCtx::new();
    let _ = txq.sent(&xmit, 1500);
}
