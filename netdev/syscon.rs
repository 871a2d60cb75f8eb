// SPDX-License-Identifier: GPL-2.0

//! One bit of a system controller's register, named in the device tree by a
//! property `<&syscon reg bit>`: the i.MX ENET's stop-mode request in the
//! SoC's general purpose registers (`fsl,stop-mode`), say.
//!
//! C headers: [`include/linux/mfd/syscon.h`](srctree/include/linux/mfd/syscon.h),
//! [`include/linux/regmap.h`](srctree/include/linux/regmap.h)

use core::ptr::NonNull;
use kernel::{
    error::to_result,
    prelude::*, //
};

use super::{
    ffi,
    of::Node, //
};

/// A bit of a syscon register.
///
/// # Invariants
///
/// `map` is a syscon's regmap that lives as long as the system: one that
/// `drivers/mfd/syscon.c` created for a `"syscon"` node (it keeps every one
/// for the system's life; the i.MX GPRs are such), or one a provider
/// registered and keeps while its users run (the C fec relies on the same).
/// `bit` is below 32.
pub(crate) struct SysconBit {
    map: NonNull<ffi::Regmap>,
    reg: u32,
    bit: u32,
}

// SAFETY: A regmap may be used from any thread; a syscon's regmap has its
// own lock, which serializes the read-modify-write of `set`.
unsafe impl Send for SysconBit {}
// SAFETY: As for `Send`: `set` goes through the regmap's lock.
unsafe impl Sync for SysconBit {}

impl SysconBit {
    /// The bit the property `name` of `node` names; `None` without the
    /// property. Fails as the C fec's probe does (`fec_enet_init_stop_mode()`)
    /// if the property lacks its cells or the node it names is no syscon,
    /// and with `EINVAL` for a bit past 31.
    pub(crate) fn of_property(node: &Node, name: &CStr) -> Result<Option<Self>> {
        let mut map = core::ptr::null_mut();
        let (mut reg, mut bit) = (0, 0);
        // SAFETY: `node` is a valid node, `name` NUL-terminated, the three
        // outputs writable.
        to_result(unsafe {
            ffi::nxp_syscon_bit_of(
                node.as_raw(),
                name.as_char_ptr(),
                &mut map,
                &mut reg,
                &mut bit,
            )
        })?;
        let Some(map) = NonNull::new(map) else {
            return Ok(None);
        };
        if bit >= 32 {
            return Err(EINVAL);
        }
        // INVARIANT: a syscon's regmap (the shim's contract), `bit` checked.
        Ok(Some(Self { map, reg, bit }))
    }

    /// The register's offset in the syscon.
    pub(crate) fn reg(&self) -> u32 {
        self.reg
    }

    /// The bit's number in the register.
    pub(crate) fn bit(&self) -> u32 {
        self.bit
    }

    /// Sets (`on`) or clears the bit, leaving the register's other bits
    /// alone (a read-modify-write under the regmap's lock). The caller must
    /// be able to sleep: a regmap on a bus takes a mutex (the MMIO syscons
    /// of the i.MX SoCs take a spinlock).
    pub(crate) fn set(&self, on: bool) -> Result {
        let mask = 1u32 << self.bit;
        let val = if on { mask } else { 0 };
        // SAFETY: `map` is a regmap that outlives its users (type
        // invariant).
        to_result(unsafe { ffi::nxp_regmap_update_bits(self.map.as_ptr(), self.reg, mask, val) })
    }
}
