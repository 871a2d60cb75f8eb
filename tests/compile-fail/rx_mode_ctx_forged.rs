// SPDX-License-Identifier: GPL-2.0
// expect: E0624
// what: the multicast list read as if its lock were held outside ndo_set_rx_mode (a data race with address changes)

use crate::netdev::net::{
    NetDev,
    RxModeCtx, //
};

pub(crate) fn misuse(dev: NetDev<'_>) -> usize {
    let ctx = RxModeCtx::new();
    let mut list = [[0u8; 6]; 4];
    dev.mc_list(&mut list, Some(&ctx))
}
