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
    error::to_result,
    ffi::c_void,
    prelude::*, //
};

use super::{
    context::IrqContext,
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
    /// Big-endian (the shim's `be` arguments).
    const BIG: bool;

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
#[cfg_attr(nxp_fec, expect(dead_code))]
pub(crate) enum BigEndian {}

/// Little-endian registers (`readl`/`writel`).
#[cfg_attr(nxp_gianfar, expect(dead_code))]
pub(crate) enum LittleEndian {}

impl ByteOrder for BigEndian {
    const BIG: bool = true;

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
    const BIG: bool = false;

    unsafe fn read(addr: *mut c_void) -> u32 {
        // SAFETY: The caller guarantees `addr` is inside a live mapping.
        unsafe { ffi::nxp_read32_le(addr) }
    }

    unsafe fn write(addr: *mut c_void, val: u32) {
        // SAFETY: The caller guarantees `addr` is inside a live mapping.
        unsafe { ffi::nxp_write32_le(val, addr) }
    }
}

/// An MMIO window of at least `W` bytes with byte order `E`, owned: the
/// memory region is requested and mapped on creation, unmapped and released on
/// drop. Owning the mapping (rather than leaving it to devres) lets the
/// driver's runtime state be `'static` and shared with the netdev callbacks,
/// which the driver stops before it drops the state.
///
/// # Invariants
///
/// `base` is the start of a live MMIO mapping of `res.size >= W` bytes, owned
/// by this value, of the requested memory region `res`.
pub(crate) struct Mmio<E: ByteOrder, const W: usize> {
    base: NonNull<c_void>,
    res: ffi::NxpRes,
    _e: PhantomData<E>,
    /// Debug builds: the runtime PM that gates the window's clocks, checked
    /// at every access ([`Mmio::checked_by`]).
    #[cfg(nxp_rpm_check)]
    rpm: Option<super::rpm::Rpm>,
}

// SAFETY: The window is plain MMIO; any thread may access it, and 32-bit
// register accesses are single bus transactions.
unsafe impl<E: ByteOrder, const W: usize> Send for Mmio<E, W> {}
// SAFETY: See `Send`; `&Mmio` only allows register accesses.
unsafe impl<E: ByteOrder, const W: usize> Sync for Mmio<E, W> {}

impl<E: ByteOrder, const W: usize> Mmio<E, W> {
    /// Maps address `index` (the `reg` property) of a device-tree node: the
    /// controller node itself or, for gianfar, one of its `queue-group`
    /// children. `name` labels the region in `/proc/iomem`.
    pub(crate) fn map(np: &of::Node, index: u32, name: &'static CStr) -> Result<Self> {
        let mut base = core::ptr::null_mut();
        let mut res = ffi::NxpRes::default();
        let index = i32::try_from(index)?;
        // SAFETY: `np` holds a node reference; `name` is a static C string;
        // `base` and `res` are valid for writes.
        to_result(unsafe {
            ffi::nxp_ioremap_of(np.as_raw(), index, name.as_char_ptr(), &mut base, &mut res)
        })?;
        let Some(base) = NonNull::new(base) else {
            return Err(ENOMEM);
        };
        // INVARIANT: the shim mapped `res` at `base`; ownership passes to `this`.
        let this = Self {
            base,
            res,
            _e: PhantomData,
            #[cfg(nxp_rpm_check)]
            rpm: None,
        };
        if this.res.size < W as u64 {
            // Dropping `this` unmaps the too-small window.
            return Err(EINVAL);
        }
        Ok(this)
    }

    /// The window of a device whose clocks `rpm` gates. Debug builds
    /// (`nxp_rpm_check`, see Kbuild) then warn at an access while the device
    /// is runtime-suspended: QEMU answers it, silicon would not.
    #[cfg(nxp_fec)]
    #[cfg_attr(not(nxp_rpm_check), expect(unused_mut, unused_variables))]
    pub(crate) fn checked_by(mut self, rpm: &super::rpm::Rpm) -> Self {
        #[cfg(nxp_rpm_check)]
        {
            self.rpm = Some(rpm.clone());
        }
        self
    }

    #[inline]
    fn check(&self, _reg: Reg<W>) {
        #[cfg(nxp_rpm_check)]
        if let Some(rpm) = &self.rpm {
            rpm.check(_reg.offset());
        }
    }

    /// Physical start address of the window.
    pub(crate) fn start(&self) -> u64 {
        self.res.start
    }

    /// Size of the window in bytes.
    pub(crate) fn size(&self) -> u64 {
        self.res.size
    }

    /// Reads a register.
    #[inline]
    pub(crate) fn read(&self, reg: Reg<W>) -> u32 {
        self.check(reg);
        // SAFETY: By the invariants of `Reg` and `Self`, the address is aligned
        // and inside the live mapping.
        unsafe { E::read(self.base.as_ptr().byte_add(reg.offset())) }
    }

    /// Writes a register.
    #[inline]
    pub(crate) fn write(&self, reg: Reg<W>, val: u32) {
        self.check(reg);
        // SAFETY: By the invariants of `Reg` and `Self`, the address is aligned
        // and inside the live mapping.
        unsafe { E::write(self.base.as_ptr().byte_add(reg.offset()), val) }
    }

    /// The address of `reg`, for the shim (valid while `self` lives).
    #[inline]
    fn addr(&self, reg: Reg<W>) -> *mut c_void {
        self.check(reg);
        // SAFETY: By the invariants of `Reg` and `Self`, the offset lies
        // inside the mapping.
        unsafe { self.base.as_ptr().byte_add(reg.offset()) }
    }
}

/// An interrupt mask register, its value cached beside the spinlock that
/// serializes its read-modify-write updates between the hard interrupt
/// handlers, the NAPI polls and process context (`grp->grplock` in the C
/// gianfar). An update is one call into the shim, which takes the lock,
/// changes the value, writes the register and releases the lock: no
/// register read, and none of the lock's calls through the kernel's Rust
/// helpers.
///
/// # Invariants
///
/// `raw` is a live `struct nxp_irq_mask`, owned by this value.
pub(crate) struct IrqMask<E: ByteOrder, const W: usize> {
    raw: NonNull<ffi::NxpIrqMask>,
    reg: Reg<W>,
    _e: PhantomData<E>,
}

// SAFETY: The shim's mask is a spinlock and the value it guards; any thread
// may take the lock.
unsafe impl<E: ByteOrder, const W: usize> Send for IrqMask<E, W> {}
// SAFETY: See `Send`; every access takes the lock.
unsafe impl<E: ByteOrder, const W: usize> Sync for IrqMask<E, W> {}

impl<E: ByteOrder, const W: usize> IrqMask<E, W> {
    /// The mask register `reg`, every source masked (its cached value 0;
    /// the register is written by the first update).
    pub(crate) fn new(reg: Reg<W>) -> Result<Self> {
        // SAFETY: No precondition; the result is checked for NULL.
        let raw = NonNull::new(unsafe { ffi::nxp_irq_mask_alloc() }).ok_or(ENOMEM)?;
        // INVARIANT: the shim allocated it; ownership passes to the value.
        Ok(Self {
            raw,
            reg,
            _e: PhantomData,
        })
    }

    /// Clears `clear`, then sets `set` in the mask and writes it to the
    /// register of `mmio`; returns the new value.
    #[inline]
    pub(crate) fn update(&self, mmio: &Mmio<E, W>, clear: u32, set: u32) -> u32 {
        // SAFETY: `raw` is live (type invariant); the address is inside
        // `mmio`'s mapping, which the borrow keeps.
        unsafe {
            ffi::nxp_irq_mask_update(self.raw.as_ptr(), mmio.addr(self.reg), E::BIG, clear, set)
        }
    }

    /// Unmasks `bits`.
    #[inline]
    pub(crate) fn unmask(&self, mmio: &Mmio<E, W>, bits: u32) {
        self.update(mmio, 0, bits);
    }

    /// Masks `bits`.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    #[inline]
    pub(crate) fn mask(&self, mmio: &Mmio<E, W>, bits: u32) {
        self.update(mmio, bits, 0);
    }

    /// Sets the mask to `bits`.
    #[inline]
    pub(crate) fn set(&self, mmio: &Mmio<E, W>, bits: u32) {
        self.update(mmio, u32::MAX, bits);
    }

    /// From an interrupt handler (`ctx`): masks the sources among `events`
    /// that are unmasked, or all of `group` (if not 0) if one of them is,
    /// and returns those among `events` that were.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    #[inline]
    pub(crate) fn take(&self, mmio: &Mmio<E, W>, ctx: &IrqContext, events: u32, group: u32) -> u32 {
        // SAFETY: `raw` is live (type invariant); the address is inside
        // `mmio`'s mapping, which the borrow keeps; with `irqs_off` local
        // interrupts stay off for the call (`IrqContext`'s invariant), so
        // the shim may take the lock as a plain spinlock.
        unsafe {
            ffi::nxp_irq_mask_take(
                self.raw.as_ptr(),
                mmio.addr(self.reg),
                E::BIG,
                ctx.irqs_off(),
                events,
                group,
            )
        }
    }
}

impl<E: ByteOrder, const W: usize> IrqMask<E, W> {
    /// The shim's mask, the address of its register in `mmio` and whether
    /// that is big-endian, for the shim's calls that take the mask with
    /// more ([`IrqMask::take_schedule`]).
    #[inline]
    pub(super) fn shim_parts(
        &self,
        mmio: &Mmio<E, W>,
    ) -> (*mut ffi::NxpIrqMask, *mut c_void, bool) {
        (self.raw.as_ptr(), mmio.addr(self.reg), E::BIG)
    }
}

impl<E: ByteOrder, const W: usize> Drop for IrqMask<E, W> {
    fn drop(&mut self) {
        // SAFETY: Owned and live (type invariant); nothing uses it after.
        unsafe { ffi::nxp_irq_mask_free(self.raw.as_ptr()) };
    }
}

impl<E: ByteOrder, const W: usize> Drop for Mmio<E, W> {
    fn drop(&mut self) {
        // SAFETY: By the type invariant this value owns the mapping of `res`.
        unsafe { ffi::nxp_iounmap_resource(self.base.as_ptr(), &self.res) };
    }
}
