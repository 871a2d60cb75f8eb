// SPDX-License-Identifier: GPL-2.0

//! Adaptive interrupt coalescing (the kernel's net DIM), shared by both
//! drivers: `ethtool -C adaptive-rx|adaptive-tx on|off` and the profiles DIM
//! chooses.
//!
//! A driver keeps, per direction, beside its fixed settings (`ethtool -C
//! rx-usecs ...`) the settings DIM chose last, `Some` exactly while DIM is
//! on for that direction, and programs `dim.unwrap_or(fixed)`: switched off,
//! the fixed settings come back. DIM itself runs per NAPI instance
//! ([`Napi::set_adaptive`], [`Napi::dim_poll`]) and hands its choices to
//! [`NetDriver::dim_apply`](crate::netdev::net::NetDriver::dim_apply), which
//! takes them with [`apply`].

use crate::netdev::{
    net::ExtAck,
    poll::Napi, //
};
use kernel::{
    prelude::*,
    sync::SpinLock, //
};

/// Refuses adaptive Tx coalescing (`tx_adaptive`) on a device without a Tx
/// NAPI instance (`combined_napi`: Tx completions in the Rx poll), where
/// DIM would have nothing to measure; `driver` names the module in the
/// message. Checked before anything changes.
pub(crate) fn check_tx(
    ext: &mut ExtAck<'_>,
    driver: &str,
    tx_adaptive: bool,
    combined_napi: bool,
) -> Result {
    if tx_adaptive && combined_napi {
        ext.error(
            driver,
            format_args!("adaptive-tx needs the Tx NAPI (combined_napi=0)"),
        );
        return Err(EINVAL);
    }
    Ok(())
}

/// A direction's "settings DIM chose last" in the driver's configuration `C`.
pub(crate) type Slot<C, V> = fn(&mut C) -> &mut Option<V>;

/// Switches adaptive coalescing of `napi` (the direction whose settings
/// `slot` selects in `cfg`) on or off; `to_hw` turns DIM's (microseconds,
/// frames) into the driver's settings. Nothing happens if it already is.
/// The caller programs the hardware afterwards. Under RTNL (ethtool); may
/// sleep.
pub(crate) fn switch<C: Unpin, V>(
    cfg: &SpinLock<C>,
    napi: &Napi,
    on: bool,
    slot: Slot<C, V>,
    to_hw: impl Fn((u32, u32)) -> V,
) {
    if on == napi.adaptive() {
        return;
    }
    if on {
        let start = to_hw(napi.set_adaptive(true));
        *slot(&mut cfg.lock()) = Some(start);
    } else {
        // First, so that a profile DIM is handing over right now is
        // dropped ([`apply`]); `set_adaptive` then waits for that work.
        *slot(&mut cfg.lock()) = None;
        napi.set_adaptive(false);
    }
}

/// [`switch`] for both directions: `napis`, `on` and `slots` are the Rx
/// one's and the Tx one's.
pub(crate) fn switch_pair<C: Unpin, V>(
    cfg: &SpinLock<C>,
    napis: (&Napi, &Napi),
    on: (bool, bool),
    slots: (Slot<C, V>, Slot<C, V>),
    to_hw: impl Fn((u32, u32)) -> V,
) {
    switch(cfg, napis.0, on.0, slots.0, &to_hw);
    switch(cfg, napis.1, on.1, slots.1, &to_hw);
}

/// Takes DIM's new settings `v` for `slot`'s direction: true if DIM is
/// still on there, so that the driver programs them.
pub(crate) fn apply<C: Unpin, V>(cfg: &SpinLock<C>, slot: Slot<C, V>, v: V) -> bool {
    match slot(&mut cfg.lock()) {
        Some(cur) => {
            *cur = v;
            true
        }
        None => false,
    }
}
