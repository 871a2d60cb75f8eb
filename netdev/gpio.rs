// SPDX-License-Identifier: GPL-2.0

//! Output GPIOs named in the device tree (`<con_id>-gpios`), such as a PHY
//! reset line.

use core::ptr::NonNull;
use kernel::{
    device,
    prelude::*, //
};

use super::{
    ffi,
    raw_dev, //
};

/// A device-managed output GPIO, borrowed from the bound device for `'a`.
///
/// # Invariants
///
/// `desc` is a GPIO descriptor obtained with `devm_gpiod_get_optional()` for
/// a device that stays bound for `'a` (the devm resource lives until unbind).
pub(crate) struct OutputGpio<'a> {
    desc: NonNull<ffi::GpioDesc>,
    _dev: core::marker::PhantomData<&'a device::Device<device::Bound>>,
}

// SAFETY: GPIO descriptors may be used from any thread.
unsafe impl Send for OutputGpio<'_> {}
// SAFETY: `set` goes through the GPIO core, which serializes.
unsafe impl Sync for OutputGpio<'_> {}

impl<'a> OutputGpio<'a> {
    /// The optional GPIO `con_id` of `dev`, configured as an output and
    /// driven to the logical level `asserted` at once; `None` if the device
    /// tree has none.
    pub(crate) fn get_optional(
        dev: &'a device::Device<device::Bound>,
        con_id: &CStr,
        asserted: bool,
    ) -> Result<Option<Self>> {
        let mut g = core::ptr::null_mut();
        // SAFETY: `dev` is a bound device, `con_id` NUL-terminated, `g`
        // writable; the descriptor is released when `dev` unbinds.
        kernel::error::to_result(unsafe {
            ffi::nxp_gpiod_get_optional_out(raw_dev(dev), con_id.as_char_ptr(), asserted, &mut g)
        })?;
        // INVARIANT: a devm descriptor of `dev`, bound for `'a`.
        Ok(NonNull::new(g).map(|desc| Self {
            desc,
            _dev: core::marker::PhantomData,
        }))
    }

    /// Drives the line to the logical level `asserted` (may sleep).
    pub(crate) fn set(&self, asserted: bool) {
        // SAFETY: A valid descriptor (type invariant).
        unsafe { ffi::nxp_gpiod_set_value_cansleep(self.desc.as_ptr(), asserted.into()) }
    }
}
