// SPDX-License-Identifier: GPL-2.0

//! Registration of a network device with its driver state.

use super::*;

/// A registered network device with the driver state of `D`.
///
/// # Invariants
///
/// `dev` was allocated by the shim with `rs` equal to `state` and is
/// registered; `state` comes from `KBox::leak` of a pinned box and is
/// owned by this value (turned back into a box, and dropped in place, in
/// `drop`): it never moves. The state was built for a `net_device` lifetime
/// of the caller's choice; `'static` in the fields only names the types:
/// the device lives until `drop` frees it, and `&self` hands out the
/// state and the device with `&self`'s lifetime only.
pub(crate) struct Registration<D: DeclaredNetDriver> {
    dev: NetDev<'static>,
    state: NonNull<D::State<'static>>,
}

// SAFETY: The state is `Send + Sync` (the `NetDriver` bound of
// `DeclaredNetDriver::State`); the net_device may be unregistered from any
// thread.
unsafe impl<D: DeclaredNetDriver> Send for Registration<D> {}
// SAFETY: `&Registration` only hands out `&D::State`, which is `Sync`.
unsafe impl<D: DeclaredNetDriver> Sync for Registration<D> {}

impl<D: DeclaredNetDriver> Registration<D> {
    /// Allocates a net_device with `txqs`/`rxqs` queues under `parent`,
    /// builds the driver state with `init` (pinned in a box), runs `attach`
    /// on it (the last fallible step: the PHY) and registers the device.
    ///
    /// `init` builds the state for whatever lifetime `'a` of the device it
    /// is given: it can keep the device's handles in the state only.
    pub(crate) fn new(
        parent: &device::Device,
        txqs: u32,
        rxqs: u32,
        init: impl for<'a> FnOnce(NetDev<'a>) -> Result<Pin<KBox<D::State<'a>>>>,
        attach: impl for<'a> FnOnce(&D::State<'a>) -> Result,
    ) -> Result<Self> {
        // SAFETY: `parent` is a valid device; `rs` is set below, before
        // registration makes the device reachable.
        let raw =
            unsafe { ffi::nxp_netdev_alloc(raw_dev(parent), txqs, rxqs, core::ptr::null_mut()) };
        let dev: NetDev<'static> = NetDev(NonNull::new(raw).ok_or(ENOMEM)?, PhantomData);
        let free = |dev: NetDev<'_>| {
            // SAFETY: `dev` was allocated above and is not registered.
            unsafe { ffi::nxp_netdev_free(dev.as_raw()) }
        };
        // The state is built for the device's lifetime as this value will
        // keep it (`'static` in the type only; see the type invariant).
        let state = match init(dev) {
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
        let state = NonNull::from(KBox::leak(state));
        // SAFETY: `state` is a heap allocation that stays put until `drop`
        // (or the error path below) turns it back into a box.
        unsafe { ffi::nxp_netdev_set_rs(dev.as_raw(), state.as_ptr().cast()) };
        // SAFETY: The device is fully set up.
        if let Err(e) = to_result(unsafe { ffi::nxp_netdev_register(dev.as_raw()) }) {
            // SAFETY: From `KBox::leak` above; the failed registration
            // detached it from the shim (no callback reaches it).
            drop(unsafe { KBox::from_raw(state.as_ptr()) });
            free(dev);
            return Err(e);
        }
        // INVARIANT: allocated, `rs` set to the boxed state, registered.
        Ok(Self { dev, state })
    }

    /// Runs `f` on the driver state. `f` takes the state for any lifetime
    /// of its device, as the driver's operations do: it can read the state
    /// but store nothing of its caller's in it (a reference to a local
    /// would dangle in a later callback).
    pub(crate) fn with_state<R>(&self, f: impl for<'a> FnOnce(&D::State<'a>) -> R) -> R {
        // SAFETY: By the type invariant `state` is a live box owned by
        // `self`, whose device lives at least as long as `&self`; `f` is
        // generic over the device's lifetime, so the one it is given makes
        // no difference to it.
        f(unsafe { self.state.as_ref() })
    }

    /// The net_device.
    pub(crate) fn dev(&self) -> NetDev<'_> {
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

impl<D: DeclaredNetDriver> Drop for Registration<D> {
    fn drop(&mut self) {
        // SAFETY: Registered by the type invariant. Unregistering closes the
        // device (ndo_stop) and detaches the state: no callback reaches it
        // after this, not even one of a handle the state leaked.
        unsafe { ffi::nxp_netdev_unregister(self.dev.as_raw()) };
        // The state's drop releases its NAPIs and DMA memory while the
        // net_device still exists.
        // SAFETY: By the type invariant `state` came from `KBox::leak` and
        // is owned by us; after unregistering, C no longer uses it.
        drop(unsafe { KBox::from_raw(self.state.as_ptr()) });
        // SAFETY: Unregistered; the state, the only holder of the device's
        // handles (they cannot outlive it: `DeclaredNetDriver`), is gone.
        // The shim releases the handles it leaked, if any.
        unsafe { ffi::nxp_netdev_free(self.dev.as_raw()) };
    }
}
