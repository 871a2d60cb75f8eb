// SPDX-License-Identifier: GPL-2.0

//! MDIO buses whose clause-22 accessors are written in Rust ([`MdioOps`]),
//! registered with phylib from a device-tree `mdio` node so that PHYs on it
//! can be found through `phy-handle` (also by other controllers).

use core::ptr::NonNull;
use kernel::{
    device,
    ffi::{
        c_int,
        c_void, //
    },
    prelude::*, //
};

use super::{
    ffi,
    of::Node,
    raw_dev, //
};

/// Clause-22 register access of an MDIO bus controller.
pub(crate) trait MdioOps: Send + Sync + 'static {
    /// Reads register `reg` of the PHY at `addr`.
    fn read(&self, addr: u32, reg: u32) -> Result<u16>;
    /// Writes `val` to register `reg` of the PHY at `addr`.
    fn write(&self, addr: u32, reg: u32, val: u16) -> Result;
}

/// A registered MDIO bus.
///
/// # Invariants
///
/// `bus` was registered by `nxp_mdio_register` with `ops` (a stable heap
/// allocation owned by this value) as its accessor context, and stays
/// registered until `drop`, which unregisters it before `ops` is freed.
pub(crate) struct MdioBus<T: MdioOps> {
    bus: NonNull<ffi::NxpMdio>,
    ops: NonNull<T>,
}

// SAFETY: The bus may be unregistered from any thread; `T` is `Send + Sync`.
unsafe impl<T: MdioOps> Send for MdioBus<T> {}
// SAFETY: `&MdioBus` gives access to nothing but `&T`, which is `Sync`.
unsafe impl<T: MdioOps> Sync for MdioBus<T> {}

/// # Safety
///
/// `ops` must be the context of a bus registered by [`MdioBus::register`].
unsafe extern "C" fn read_tramp<T: MdioOps>(ops: *mut c_void, addr: c_int, reg: c_int) -> c_int {
    // SAFETY: The context is the live `T` of the registered bus (the bus is
    // unregistered before it is freed).
    let ops = unsafe { &*ops.cast::<T>() };
    match ops.read(addr as u32, reg as u32) {
        Ok(v) => c_int::from(v),
        Err(e) => e.to_errno(),
    }
}

/// # Safety
///
/// `ops` must be the context of a bus registered by [`MdioBus::register`].
unsafe extern "C" fn write_tramp<T: MdioOps>(
    ops: *mut c_void,
    addr: c_int,
    reg: c_int,
    val: u16,
) -> c_int {
    // SAFETY: As in `read_tramp`.
    let ops = unsafe { &*ops.cast::<T>() };
    match ops.write(addr as u32, reg as u32, val) {
        Ok(()) => 0,
        Err(e) => e.to_errno(),
    }
}

impl<T: MdioOps> MdioBus<T> {
    /// Registers a bus `id` under `parent` with the PHYs described by `np`
    /// (scanned if `None`), accessed through `ops`.
    pub(crate) fn register(
        parent: &device::Device<device::Bound>,
        np: Option<&Node>,
        id: &CStr,
        ops: T,
    ) -> Result<Self> {
        let ops = NonNull::new(KBox::into_raw(KBox::new(ops, GFP_KERNEL)?)).ok_or(ENOMEM)?;
        let mut err = 0;
        // SAFETY: `parent` is a bound device, `np` a valid node or NULL, `id`
        // NUL-terminated (copied by the shim); `ops` stays valid until the
        // bus is unregistered (type invariant).
        let bus = unsafe {
            ffi::nxp_mdio_register(
                raw_dev(parent),
                np.map_or(core::ptr::null_mut(), Node::as_raw),
                id.as_char_ptr(),
                ops.as_ptr().cast(),
                read_tramp::<T>,
                write_tramp::<T>,
                &mut err,
            )
        };
        match NonNull::new(bus) {
            // INVARIANT: registered with `ops` as context.
            Some(bus) => Ok(Self { bus, ops }),
            None => {
                // SAFETY: From `KBox::into_raw` above; the failed registration
                // dropped every use of it.
                drop(unsafe { KBox::from_raw(ops.as_ptr()) });
                Err(Error::from_errno(if err < 0 { err } else { -12 }))
            }
        }
    }
}

impl<T: MdioOps> Drop for MdioBus<T> {
    fn drop(&mut self) {
        // SAFETY: Registered (type invariant); after this no accessor runs.
        unsafe { ffi::nxp_mdio_unregister(self.bus.as_ptr()) };
        // SAFETY: From `KBox::into_raw` in `register`, no longer used by C.
        drop(unsafe { KBox::from_raw(self.ops.as_ptr()) });
    }
}
