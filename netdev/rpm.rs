// SPDX-License-Identifier: GPL-2.0

//! Runtime power management of a platform device: its clocks gated while
//! nothing uses it.
//!
//! [`RuntimePm::enable`] puts the named clocks on the device's PM clock list
//! and turns runtime PM on, with autosuspend. Whoever accesses the device's
//! registers holds a [`Powered`] reference meanwhile ([`Rpm::get`]); once
//! none is left the device suspends after the delay, and the platform
//! driver's runtime callbacks gate the clocks
//! ([`SystemSleep::RUNTIME_PM`](super::pm::SystemSleep::RUNTIME_PM)).
//!
//! C header: [`include/linux/pm_runtime.h`](srctree/include/linux/pm_runtime.h)

use kernel::{
    device,
    error::to_result,
    prelude::*,
    sync::aref::ARef, //
};

use super::{
    ffi,
    raw_dev, //
};

/// A device's runtime PM, to take [`Powered`] references with.
#[derive(Clone)]
pub(crate) struct Rpm(ARef<device::Device>);

impl Rpm {
    /// The device resumed (waiting for it, so this may sleep) and kept so
    /// until the reference is dropped. Fails if it cannot resume, or once
    /// its [`RuntimePm`] is gone.
    pub(crate) fn get(&self) -> Result<Powered> {
        // SAFETY: `self.0` holds a reference on the device.
        to_result(unsafe { ffi::nxp_rpm_get(raw_dev(&self.0)) })?;
        // INVARIANT: the usage reference was taken just above.
        Ok(Powered(self.0.clone()))
    }

    /// Debug builds: warns (once) if the device is runtime-suspended, for a
    /// register access at `offset` ([`crate::netdev::mmio::Mmio`]).
    #[cfg(nxp_rpm_check)]
    pub(crate) fn check(&self, offset: usize) {
        // SAFETY: `self.0` holds a reference on the device.
        unsafe { ffi::nxp_rpm_check(raw_dev(&self.0), offset) }
    }
}

/// The device resumed, its clocks running, for as long as this lives.
///
/// # Invariants
///
/// Holds one usage reference of the device's runtime PM.
pub(crate) struct Powered(ARef<device::Device>);

impl Drop for Powered {
    fn drop(&mut self) {
        // SAFETY: Gives back the usage reference this value holds (type
        // invariant); `self.0` holds a reference on the device.
        unsafe { ffi::nxp_rpm_put(raw_dev(&self.0)) }
    }
}

/// Runtime PM of a bound device: on from [`RuntimePm::enable`], off when
/// this is dropped (the device resumed, then its clocks turned off).
///
/// # Invariants
///
/// Runtime PM of the device was enabled by `nxp_rpm_enable()` and only the
/// drop of this value disables it.
pub(crate) struct RuntimePm(Rpm);

impl RuntimePm {
    /// Turns runtime PM of `dev` on, with `clocks` (names of its clocks)
    /// gated while it is suspended and `autosuspend_ms` of disuse before it
    /// suspends. The clocks run from here on, and the returned reference
    /// keeps them so (as a probe holds one until it ends).
    pub(crate) fn enable(
        dev: &device::Device<device::Bound>,
        clocks: &[&'static CStr],
        autosuspend_ms: u32,
    ) -> Result<(Self, Powered)> {
        let mut names = KVec::with_capacity(clocks.len(), GFP_KERNEL)?;
        for c in clocks {
            names.push(c.as_char_ptr(), GFP_KERNEL)?;
        }
        let n = i32::try_from(names.len())?;
        let ms = i32::try_from(autosuspend_ms)?;
        // SAFETY: `dev` is bound; `names` holds `n` C strings that live for
        // the call.
        to_result(unsafe { ffi::nxp_rpm_enable(raw_dev(dev), names.as_ptr(), n, ms) })?;
        let dev: ARef<device::Device> = dev.as_ref().into();
        // INVARIANT: enabled just above; the usage reference is the one
        // `nxp_rpm_enable()` took.
        Ok((Self(Rpm(dev.clone())), Powered(dev)))
    }

    /// A handle to take [`Powered`] references with.
    pub(crate) fn rpm(&self) -> Rpm {
        self.0.clone()
    }

    /// System sleep: the device suspended whatever its references (its
    /// clocks off); undone by [`RuntimePm::force_resume`].
    pub(crate) fn force_suspend(&self) -> Result {
        // SAFETY: `self.0 .0` holds a reference on the device, whose runtime
        // PM is enabled (type invariant).
        to_result(unsafe { ffi::nxp_rpm_force_suspend(raw_dev(&self.0 .0)) })
    }

    /// Back from system sleep: the device as it was before
    /// [`RuntimePm::force_suspend`].
    pub(crate) fn force_resume(&self) -> Result {
        // SAFETY: As in `force_suspend`.
        to_result(unsafe { ffi::nxp_rpm_force_resume(raw_dev(&self.0 .0)) })
    }
}

impl Drop for RuntimePm {
    fn drop(&mut self) {
        // SAFETY: Runtime PM of the device was enabled by `nxp_rpm_enable()`
        // and is disabled only here (type invariant).
        unsafe { ffi::nxp_rpm_disable(raw_dev(&self.0 .0)) }
    }
}
