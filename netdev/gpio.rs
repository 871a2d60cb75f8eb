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

/// A device-managed output GPIO.
///
/// # Invariants
///
/// `0` is a GPIO descriptor obtained with `devm_gpiod_get_optional()` for a
/// device that stays bound while this value is used (the driver keeps it in
/// its bound data, or only uses it during probe).
pub(crate) struct OutputGpio(NonNull<ffi::GpioDesc>);

// SAFETY: GPIO descriptors may be used from any thread.
unsafe impl Send for OutputGpio {}
// SAFETY: `set` goes through the GPIO core, which serializes.
unsafe impl Sync for OutputGpio {}

impl OutputGpio {
    /// The optional GPIO `con_id` of `dev`, configured as an output and
    /// driven to the logical level `asserted` at once; `None` if the device
    /// tree has none.
    pub(crate) fn get_optional(
        dev: &device::Device<device::Bound>,
        con_id: &CStr,
        asserted: bool,
    ) -> Result<Option<Self>> {
        let mut g = core::ptr::null_mut();
        // SAFETY: `dev` is a bound device, `con_id` NUL-terminated, `g`
        // writable; the descriptor is released when `dev` unbinds.
        kernel::error::to_result(unsafe {
            ffi::nxp_gpiod_get_optional_out(raw_dev(dev), con_id.as_char_ptr(), asserted, &mut g)
        })?;
        // INVARIANT: a devm descriptor of the bound `dev`.
        Ok(NonNull::new(g).map(Self))
    }

    /// Drives the line to the logical level `asserted` (may sleep).
    pub(crate) fn set(&self, asserted: bool) {
        // SAFETY: A valid descriptor (type invariant).
        unsafe { ffi::nxp_gpiod_set_value_cansleep(self.0.as_ptr(), asserted.into()) }
    }
}
