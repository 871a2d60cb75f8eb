// SPDX-License-Identifier: GPL-2.0
// expect: E0521
// what: a driver's state initializer keeping its net_device handle outside the state (it would outlive the registration)

use crate::{
    gianfar::driver::GfarNet,
    netdev::net::{
        NetDev,
        Registration, //
    },
};
use kernel::{
    device::Device,
    prelude::*, //
};

pub(crate) fn misuse(parent: &Device, kept: &mut Option<NetDev<'static>>) -> Result {
    let _reg = Registration::<GfarNet>::new(
        parent,
        1,
        1,
        |dev| {
            *kept = Some(dev);
            Err(ENOMEM)
        },
        |_| Ok(()),
    )?;
    Ok(())
}
