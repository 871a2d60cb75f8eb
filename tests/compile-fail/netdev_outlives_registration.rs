// SPDX-License-Identifier: GPL-2.0
// expect: E0505
// what: a registration dropped while a handle of its net_device is still in use (the handle would reach a freed net_device)

use crate::gianfar::driver::Etsec;

pub(crate) fn misuse(etsec: Etsec) {
    let dev = etsec.net.dev();
    drop(etsec);
    dev.tx_wake_all();
}
