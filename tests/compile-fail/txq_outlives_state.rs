// SPDX-License-Identifier: GPL-2.0
// expect: E0521
// what: a Tx queue handle taken out of the driver state for longer than the state lives (its BQL and stop/wake calls would reach a freed net_device)

use crate::{
    gianfar::driver::{
        Etsec,
        Gfar, //
    },
    netdev::net::TxQueue, //
};

fn keep(_txq: TxQueue<'static>) {}

pub(crate) fn misuse(etsec: &Etsec) {
    etsec
        .net
        .with_state(|s: &Gfar<'_>| keep(*s.groups[0].tx.lane.txq));
}
