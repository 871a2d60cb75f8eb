// SPDX-License-Identifier: GPL-2.0

//! Adaptive interrupt coalescing (the kernel's net DIM), shared by both
//! drivers: `ethtool -C adaptive-rx|adaptive-tx on|off` and the profiles DIM
//! chooses.
//!
//! A driver keeps its settings in a [`Coalescing`]: per direction, beside
//! the fixed settings (`ethtool -C rx-usecs ...`), the settings DIM chose
//! last, `Some` exactly while DIM is on for that direction; it programs
//! [`Coalescing::in_use`]: switched off, the fixed settings come back. DIM itself runs per NAPI instance
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
/// DIM would have nothing to measure. Checked before anything changes.
pub(crate) fn check_tx(ext: &mut ExtAck<'_>, tx_adaptive: bool, combined_napi: bool) -> Result {
    if tx_adaptive && combined_napi {
        ext.error(format_args!(
            "adaptive-tx needs the Tx NAPI (combined_napi=0)"
        ));
        return Err(EINVAL);
    }
    Ok(())
}

/// A device's interrupt coalescing settings `V` per direction: the fixed
/// ones (`ethtool -C rx-usecs ...`) and, while adaptive coalescing is on in
/// that direction, the ones DIM chose last, programmed instead.
#[derive(Clone, Copy)]
pub(crate) struct Coalescing<V> {
    /// The fixed settings.
    pub(crate) rx: V,
    pub(crate) tx: V,
    /// DIM's, `Some` exactly while it is on.
    rx_dim: Option<V>,
    tx_dim: Option<V>,
}

/// A direction of coalescing.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dir {
    Rx,
    Tx,
}

impl<V: Copy> Coalescing<V> {
    /// The fixed settings `rx` and `tx`, adaptive coalescing off.
    pub(crate) const fn new(rx: V, tx: V) -> Self {
        Self {
            rx,
            tx,
            rx_dim: None,
            tx_dim: None,
        }
    }

    /// The settings to program, (Rx, Tx): DIM's where it is on.
    pub(crate) fn in_use(&self) -> (V, V) {
        (
            self.rx_dim.unwrap_or(self.rx),
            self.tx_dim.unwrap_or(self.tx),
        )
    }

    /// Whether adaptive coalescing is on, (Rx, Tx).
    pub(crate) fn adaptive(&self) -> (bool, bool) {
        (self.rx_dim.is_some(), self.tx_dim.is_some())
    }

    fn dim(&mut self, d: Dir) -> &mut Option<V> {
        match d {
            Dir::Rx => &mut self.rx_dim,
            Dir::Tx => &mut self.tx_dim,
        }
    }
}

/// Where the driver's configuration `C` holds its [`Coalescing`].
pub(crate) type Slot<C, V> = fn(&mut C) -> &mut Coalescing<V>;

/// Switches adaptive coalescing of `napi` (direction `dir` of the settings
/// `slot` selects in `cfg`) on or off; `to_hw` turns DIM's (microseconds,
/// frames) into the driver's settings. Nothing happens if it already is.
/// The caller programs the hardware afterwards. Under RTNL (ethtool); may
/// sleep.
pub(crate) fn switch<C: Unpin, V: Copy>(
    cfg: &SpinLock<C>,
    napi: &Napi<'_>,
    on: bool,
    slot: Slot<C, V>,
    dir: Dir,
    to_hw: impl Fn((u32, u32)) -> V,
) {
    if on == napi.adaptive() {
        return;
    }
    if on {
        let start = to_hw(napi.set_adaptive(true));
        *slot(&mut cfg.lock()).dim(dir) = Some(start);
    } else {
        // First, so that a profile DIM is handing over right now is
        // dropped ([`apply`]); `set_adaptive` then waits for that work.
        *slot(&mut cfg.lock()).dim(dir) = None;
        napi.set_adaptive(false);
    }
}

/// [`switch`] for both directions: `napis` and `on` are the Rx one's and
/// the Tx one's.
pub(crate) fn switch_pair<C: Unpin, V: Copy>(
    cfg: &SpinLock<C>,
    napis: (&Napi<'_>, &Napi<'_>),
    on: (bool, bool),
    slot: Slot<C, V>,
    to_hw: impl Fn((u32, u32)) -> V,
) {
    switch(cfg, napis.0, on.0, slot, Dir::Rx, &to_hw);
    switch(cfg, napis.1, on.1, slot, Dir::Tx, &to_hw);
}

/// Takes DIM's new settings `v` for direction `dir`: true if DIM is still
/// on there, so that the driver programs them.
pub(crate) fn apply<C: Unpin, V: Copy>(
    cfg: &SpinLock<C>,
    slot: Slot<C, V>,
    dir: Dir,
    v: V,
) -> bool {
    match slot(&mut cfg.lock()).dim(dir) {
        Some(cur) => {
            *cur = v;
            true
        }
        None => false,
    }
}
