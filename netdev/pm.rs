// SPDX-License-Identifier: GPL-2.0

//! System sleep (and the runtime PM callbacks) for platform drivers.
//!
//! The stock `kernel::platform` adapter registers no `dev_pm_ops`. [`Adapter`]
//! registers the platform driver as `kernel::platform::Adapter` does, with
//! the system sleep callbacks of [`SystemSleep`] in `driver.pm` (the C
//! drivers' `SYSTEM_SLEEP_PM_OPS(suspend, resume)`: suspend, freeze and
//! poweroff; resume, thaw and restore), and with [`SystemSleep::RUNTIME_PM`]
//! the runtime callbacks of [`super::rpm`]. A crate root names it in place of
//! `kernel::module_platform_driver!`:
//!
//! ```ignore
//! kernel::module_driver!(<T>, crate::netdev::pm::Adapter<T>, { type: MyDriver, ... });
//! ```
//!
//! C header: [`include/linux/pm.h`](srctree/include/linux/pm.h)

use core::marker::PhantomData;
use kernel::{
    bindings,
    device,
    driver::{
        DriverLayout,
        RegistrationOps, //
    },
    error::from_result,
    ffi::c_int,
    platform,
    prelude::*,
    types::Opaque,
    ThisModule, //
};

/// A platform driver with system sleep callbacks, each given the driver
/// data its probe returned, in process context, with the device bound.
pub(crate) trait SystemSleep: platform::Driver + 'static {
    /// The system goes to sleep (or hibernates). An error aborts it.
    fn suspend(data: Pin<&Self::Data<'_>>) -> Result;
    /// The system is back.
    fn resume(data: Pin<&Self::Data<'_>>) -> Result;

    /// Whether the driver uses runtime PM through
    /// [`RuntimePm`](super::rpm::RuntimePm): its runtime callbacks then
    /// gate the clocks that enabled it.
    const RUNTIME_PM: bool = false;
}

/// The registration of platform driver `T` with `T`'s [`SystemSleep`]
/// callbacks.
pub(crate) struct Adapter<T: SystemSleep>(PhantomData<T>);

// SAFETY: The layout is `kernel::platform::Adapter<T>`'s, whose registration
// this one runs: `struct platform_driver`, `T`'s data, the embedded
// `struct device_driver` at the same offset.
unsafe impl<T: SystemSleep> DriverLayout for Adapter<T> {
    type DriverType = bindings::platform_driver;
    type DriverData<'bound> = T::Data<'bound>;
    const DEVICE_DRIVER_OFFSET: usize =
        <platform::Adapter<T> as DriverLayout>::DEVICE_DRIVER_OFFSET;
}

impl<T: SystemSleep> Adapter<T> {
    const PM_OPS: bindings::dev_pm_ops = bindings::dev_pm_ops {
        suspend: Some(Self::suspend_callback),
        resume: Some(Self::resume_callback),
        freeze: Some(Self::suspend_callback),
        thaw: Some(Self::resume_callback),
        poweroff: Some(Self::suspend_callback),
        restore: Some(Self::resume_callback),
        runtime_suspend: Self::RUNTIME_SUSPEND,
        runtime_resume: Self::RUNTIME_RESUME,
        // SAFETY: All-zero is a valid `dev_pm_ops`: no callback.
        ..unsafe { core::mem::zeroed() }
    };

    /// The runtime callbacks ([`SystemSleep::RUNTIME_PM`]): the PM clock
    /// list turned off and on. They use no driver data, so they may run
    /// before probe has returned (and it has set the data) and after
    /// remove.
    const RUNTIME_SUSPEND: Option<unsafe extern "C" fn(*mut bindings::device) -> c_int> =
        if T::RUNTIME_PM {
            Some(super::ffi::nxp_rpm_runtime_suspend)
        } else {
            None
        };
    const RUNTIME_RESUME: Option<unsafe extern "C" fn(*mut bindings::device) -> c_int> =
        if T::RUNTIME_PM {
            Some(super::ffi::nxp_rpm_runtime_resume)
        } else {
            None
        };

    /// Runs `f` on the driver data of the bound device `dev`.
    ///
    /// # Safety
    ///
    /// `dev` is a platform device bound to `T` (its probe returned, its
    /// remove has not begun), valid for the call.
    unsafe fn with_data(
        dev: *mut bindings::device,
        f: impl FnOnce(Pin<&T::Data<'_>>) -> Result,
    ) -> c_int {
        // SAFETY: `dev` is valid for the call (caller contract); the PM core
        // calls these callbacks under the device lock, so the device stays
        // bound for the call and its data in place.
        let dev = unsafe { &*dev.cast::<device::Device<device::CoreInternal<'_>>>() };
        from_result(|| {
            // SAFETY: Bound to `T` (caller contract): probe stored a
            // `Pin<KBox<T::Data>>` with `set_drvdata`, which remove has not
            // taken back.
            let data = unsafe { dev.drvdata_borrow::<T::Data<'_>>() };
            f(data)?;
            Ok(0)
        })
    }

    /// # Safety
    ///
    /// Called by the PM core only, with a device bound to this driver.
    unsafe extern "C" fn suspend_callback(dev: *mut bindings::device) -> c_int {
        // SAFETY: `driver.pm` of our driver: `dev` is bound to `T`.
        unsafe { Self::with_data(dev, T::suspend) }
    }

    /// # Safety
    ///
    /// Called by the PM core only, with a device bound to this driver.
    unsafe extern "C" fn resume_callback(dev: *mut bindings::device) -> c_int {
        // SAFETY: `driver.pm` of our driver: `dev` is bound to `T`.
        unsafe { Self::with_data(dev, T::resume) }
    }
}

// SAFETY: `register` registers through `kernel::platform::Adapter<T>`, and
// `unregister` unregisters through it, after its successful registration.
unsafe impl<T: SystemSleep> RegistrationOps for Adapter<T> {
    unsafe fn register(
        pdrv: &Opaque<Self::DriverType>,
        name: &'static CStr,
        module: &'static ThisModule,
    ) -> Result {
        // SAFETY: Before registration nothing else reads the struct; the
        // ops are a promoted constant, valid for the module's life.
        unsafe { (*pdrv.get()).driver.pm = &Self::PM_OPS };
        // SAFETY: Our caller's contract is the inner registration's.
        unsafe { <platform::Adapter<T> as RegistrationOps>::register(pdrv, name, module) }
    }

    unsafe fn unregister(pdrv: &Opaque<Self::DriverType>) {
        // SAFETY: Registered by `register` above (caller contract).
        unsafe { <platform::Adapter<T> as RegistrationOps>::unregister(pdrv) }
    }
}
