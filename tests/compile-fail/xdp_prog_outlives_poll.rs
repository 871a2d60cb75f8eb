// SPDX-License-Identifier: GPL-2.0
// expect: E0521
// what: the XDP program read in a NAPI poll kept past the poll (the RCU read-side section that keeps a detached program alive ends with the poll)

use crate::netdev::{
    net::NetDev,
    poll::PollCtx,
    xdp::XdpProg, //
};

fn keep(_prog: XdpProg<'static>) {}

pub(crate) fn misuse(dev: NetDev<'_>, poll: &PollCtx) {
    if let Some(prog) = dev.xdp_prog(poll) {
        keep(prog);
    }
}
