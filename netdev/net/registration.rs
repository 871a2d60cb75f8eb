// SPDX-License-Identifier: GPL-2.0

//! Registration of a network device with its driver state.

use super::*;

/// A registered network device with its driver state `T`.
///
/// # Invariants
///
/// `dev` was allocated by the shim with `rs` equal to `state` and is
/// registered; `state` comes from `KBox::into_raw` of a pinned box and is
/// owned by this value (turned back into a box, and dropped in place, in
/// `drop`): it never moves.
pub(crate) struct Registration<T: NetDriver> {
    dev: NetDev,
    state: NonNull<T>,
}

// SAFETY: The state is `Send + Sync` (`NetDriver` bound); the net_device may
// be unregistered from any thread.
unsafe impl<T: NetDriver> Send for Registration<T> {}
// SAFETY: `&Registration` only hands out `&T`, which is `Sync`.
unsafe impl<T: NetDriver> Sync for Registration<T> {}

impl<T: DeclaredNetDriver> Registration<T> {
    /// Allocates a net_device with `txqs`/`rxqs` queues under `parent`,
    /// builds the driver state in place with the initializer `init` returns,
    /// runs `attach` on it (the last fallible step: the PHY) and registers
    /// the device; `T` is the type the entry points were declared for
    /// ([`DeclaredNetDriver`]).
    pub(crate) fn new<I: PinInit<T, Error>>(
        parent: &device::Device,
        txqs: u32,
        rxqs: u32,
        init: impl FnOnce(NetDev) -> Result<I>,
        attach: impl FnOnce(&T) -> Result,
    ) -> Result<Self> {
        // SAFETY: `parent` is a valid device; `rs` is set below, before
        // registration makes the device reachable.
        let raw =
            unsafe { ffi::nxp_netdev_alloc(raw_dev(parent), txqs, rxqs, core::ptr::null_mut()) };
        let dev = NetDev(NonNull::new(raw).ok_or(ENOMEM)?);
        let free = |dev: NetDev| {
            // SAFETY: `dev` was allocated above and is not registered.
            unsafe { ffi::nxp_netdev_free(dev.as_raw()) }
        };
        let state = match init(dev).and_then(|i| KBox::pin_init(i, GFP_KERNEL)) {
            Ok(s) => s,
            Err(e) => {
                free(dev);
                return Err(e);
            }
        };
        if let Err(e) = attach(&state) {
            drop(state);
            free(dev);
            return Err(e);
        }
        // SAFETY: The box is handed to C as a raw pointer and only turned
        // back into a box to be dropped in place: its contents never move.
        let state = unsafe { Pin::into_inner_unchecked(state) };
        let state = NonNull::new(KBox::into_raw(state)).ok_or(ENOMEM)?;
        // SAFETY: `state` is a heap allocation that stays put until `drop`
        // (or the error path below) turns it back into a box.
        unsafe { ffi::nxp_netdev_set_rs(dev.as_raw(), state.as_ptr().cast()) };
        // SAFETY: The device is fully set up.
        if let Err(e) = to_result(unsafe { ffi::nxp_netdev_register(dev.as_raw()) }) {
            // SAFETY: From `KBox::into_raw` above; C never used it (the device
            // was not registered).
            drop(unsafe { KBox::from_raw(state.as_ptr()) });
            free(dev);
            return Err(e);
        }
        // INVARIANT: allocated, `rs` set to the boxed state, registered.
        Ok(Self { dev, state })
    }
}

impl<T: NetDriver> Registration<T> {
    /// The driver state.
    pub(crate) fn state(&self) -> &T {
        // SAFETY: By the type invariant `state` is a live box owned by `self`.
        unsafe { self.state.as_ref() }
    }

    /// The net_device.
    pub(crate) fn dev(&self) -> NetDev {
        self.dev
    }

    /// System sleep: a running device is detached and
    /// [`NetDriver::suspend`]ed (under RTNL). From the parent device's
    /// `dev_pm_ops` ([`crate::netdev::pm`]).
    pub(crate) fn suspend(&self) -> Result {
        // SAFETY: Registered by the type invariant.
        to_result(unsafe { ffi::nxp_netdev_suspend(self.dev.as_raw()) })
    }

    /// Undoes [`Registration::suspend`]: [`NetDriver::resume`] and the
    /// device attached again.
    pub(crate) fn resume(&self) -> Result {
        // SAFETY: Registered by the type invariant.
        to_result(unsafe { ffi::nxp_netdev_resume(self.dev.as_raw()) })
    }
}

impl<T: NetDriver> Drop for Registration<T> {
    fn drop(&mut self) {
        // SAFETY: Registered by the type invariant. Unregistering closes the
        // device (ndo_stop), after which no callback runs.
        unsafe { ffi::nxp_netdev_unregister(self.dev.as_raw()) };
        // The state's drop releases its NAPIs and DMA memory while the
        // net_device still exists.
        // SAFETY: By the type invariant `state` came from `KBox::into_raw` and
        // is owned by us; after unregistering, C no longer uses it.
        drop(unsafe { KBox::from_raw(self.state.as_ptr()) });
        // SAFETY: Unregistered, and no `NetDev` copy outlives the state.
        unsafe { ffi::nxp_netdev_free(self.dev.as_raw()) };
    }
}
