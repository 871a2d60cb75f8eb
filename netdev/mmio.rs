// SPDX-License-Identifier: GPL-2.0

//! Register windows with an explicit byte order.
//!
//! eTSEC registers are big-endian on every CPU (PowerPC and the little-endian
//! ARM of LS1021A); ENET registers are little-endian. The kernel crate's `Io`
//! only has little-endian accessors, so both drivers use [`Mmio`].

use core::{
    marker::PhantomData,
    ptr::NonNull, //
};
use kernel::{
    device::{
        self,
        Bound, //
    },
    error::to_result,
    ffi::c_void,
    platform,
    prelude::*, //
};

use super::{
    ffi,
    of, //
};

/// A 32-bit register at a fixed offset in a window of `W` bytes.
///
/// # Invariants
///
/// The offset is 4-byte aligned and `offset + 4 <= W`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Reg<const W: usize>(usize);

impl<const W: usize> Reg<W> {
    /// A register at `offset`.
    ///
    /// # Panics
    ///
    /// Panics if `offset` is unaligned or outside the window. Register maps
    /// define their registers in `const` items, so this is a build error there.
    pub(crate) const fn new(offset: usize) -> Self {
        assert!(offset % 4 == 0 && offset + 4 <= W);
        // INVARIANT: checked just above.
        Self(offset)
    }

    /// The `index`-th register of an array starting here, `stride` bytes apart,
    /// or `None` if it falls outside the window.
    pub(crate) const fn at(self, index: usize, stride: usize) -> Option<Self> {
        let off = self.0 + index * stride;
        if off % 4 == 0 && off + 4 <= W {
            // INVARIANT: checked just above.
            Some(Self(off))
        } else {
            None
        }
    }

    /// The byte offset of the register.
    pub(crate) const fn offset(self) -> usize {
        self.0
    }
}

/// Byte order of a register window.
pub(crate) trait ByteOrder {
    /// Reads a 32-bit register.
    ///
    /// # Safety
    ///
    /// `addr` must be a 4-byte aligned address inside a live MMIO mapping.
    unsafe fn read(addr: *mut c_void) -> u32;

    /// Writes a 32-bit register.
    ///
    /// # Safety
    ///
    /// `addr` must be a 4-byte aligned address inside a live MMIO mapping.
    unsafe fn write(addr: *mut c_void, val: u32);
}

/// Big-endian registers (`ioread32be`/`iowrite32be`).
pub(crate) enum BigEndian {}

/// Little-endian registers (`readl`/`writel`).
pub(crate) enum LittleEndian {}

impl ByteOrder for BigEndian {
    unsafe fn read(addr: *mut c_void) -> u32 {
        // SAFETY: The caller guarantees `addr` is inside a live mapping.
        unsafe { ffi::nxp_read32_be(addr) }
    }

    unsafe fn write(addr: *mut c_void, val: u32) {
        // SAFETY: The caller guarantees `addr` is inside a live mapping.
        unsafe { ffi::nxp_write32_be(val, addr) }
    }
}

impl ByteOrder for LittleEndian {
    unsafe fn read(addr: *mut c_void) -> u32 {
        // SAFETY: The caller guarantees `addr` is inside a live mapping.
        unsafe { ffi::nxp_read32_le(addr) }
    }

    unsafe fn write(addr: *mut c_void, val: u32) {
        // SAFETY: The caller guarantees `addr` is inside a live mapping.
        unsafe { ffi::nxp_write32_le(val, addr) }
    }
}

/// A device-managed MMIO window of at least `W` bytes with byte order `E`.
///
/// The mapping is released by devres when the device is unbound, which is
/// after the driver's data (where an `Mmio` lives) has been dropped; the
/// lifetime `'a` ties the window to that binding.
///
/// # Invariants
///
/// `base` is the start of a live MMIO mapping of `size >= W` bytes that stays
/// mapped for `'a`.
pub(crate) struct Mmio<'a, E: ByteOrder, const W: usize> {
    base: NonNull<c_void>,
    start: u64,
    size: u64,
    _p: PhantomData<(&'a device::Device<Bound>, E)>,
}

// SAFETY: The window is plain MMIO; any thread may access it, and 32-bit
// register accesses are single bus transactions.
unsafe impl<E: ByteOrder, const W: usize> Send for Mmio<'_, E, W> {}
// SAFETY: See `Send`; `&Mmio` only allows register accesses.
unsafe impl<E: ByteOrder, const W: usize> Sync for Mmio<'_, E, W> {}

impl<'a, E: ByteOrder, const W: usize> Mmio<'a, E, W> {
    fn from_raw(base: *mut c_void, res: &ffi::NxpRes) -> Result<Self> {
        let base = NonNull::new(base).ok_or(EINVAL)?;
        if res.size < W as u64 {
            return Err(EINVAL);
        }
        // INVARIANT: the callers pass a devres mapping of `res.size >= W` bytes
        // of a device bound for `'a`.
        Ok(Self {
            base,
            start: res.start,
            size: res.size,
            _p: PhantomData,
        })
    }

    /// Maps memory resource `index` of a bound platform device.
    pub(crate) fn map_platform(pdev: &'a platform::Device<Bound>, index: u32) -> Result<Self> {
        let mut base = core::ptr::null_mut();
        let mut res = ffi::NxpRes::default();
        // SAFETY: `pdev` is a bound platform device; `base` and `res` are valid
        // for writes.
        to_result(unsafe {
            ffi::nxp_devm_ioremap_platform(super::raw_pdev(pdev), index, &mut base, &mut res)
        })?;
        Self::from_raw(base, &res)
    }

    /// Maps address `index` (the `reg` property) of a device-tree node on
    /// behalf of a bound device, e.g. a gianfar `queue-group` child node.
    pub(crate) fn map_of(
        dev: &'a device::Device<Bound>,
        np: &of::Node,
        index: u32,
    ) -> Result<Self> {
        let mut base = core::ptr::null_mut();
        let mut res = ffi::NxpRes::default();
        let index = i32::try_from(index)?;
        // SAFETY: `dev` is bound and `np` holds a node reference; `base` and
        // `res` are valid for writes.
        to_result(unsafe {
            ffi::nxp_devm_ioremap_of(super::raw_dev(dev), np.as_raw(), index, &mut base, &mut res)
        })?;
        Self::from_raw(base, &res)
    }

    /// Physical start address of the window.
    pub(crate) fn start(&self) -> u64 {
        self.start
    }

    /// Size of the window in bytes.
    pub(crate) fn size(&self) -> u64 {
        self.size
    }

    /// Reads a register.
    #[inline]
    pub(crate) fn read(&self, reg: Reg<W>) -> u32 {
        // SAFETY: By the invariants of `Reg` and `Self`, the address is aligned
        // and inside the live mapping.
        unsafe { E::read(self.base.as_ptr().byte_add(reg.offset())) }
    }

    /// Writes a register.
    #[inline]
    pub(crate) fn write(&self, reg: Reg<W>, val: u32) {
        // SAFETY: By the invariants of `Reg` and `Self`, the address is aligned
        // and inside the live mapping.
        unsafe { E::write(self.base.as_ptr().byte_add(reg.offset()), val) }
    }
}
