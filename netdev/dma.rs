// SPDX-License-Identifier: GPL-2.0

//! DMA: descriptor memory shared with the device, streaming mappings of Tx
//! buffers, and the barriers that order descriptor accesses.
//!
//! C header: [`include/linux/dma-mapping.h`](srctree/include/linux/dma-mapping.h)

use core::ptr::NonNull;
use kernel::{
    device,
    ffi::c_uint,
    prelude::*,
    sync::aref::ARef, //
};

use super::{
    ffi,
    raw_dev,
    skb::Skb, //
};

/// A bus address.
pub(crate) type DmaAddr = u64;

/// The device that does DMA, kept alive while mappings exist.
#[derive(Clone)]
pub(crate) struct DmaDevice(ARef<device::Device>);

impl DmaDevice {
    pub(crate) fn new(dev: &device::Device) -> Self {
        Self(dev.into())
    }

    fn raw(&self) -> *mut kernel::bindings::device {
        raw_dev(&self.0)
    }

    /// Maps the linear part of `skb` (its first `len` bytes) for the device
    /// to read.
    pub(crate) fn map_head(&self, skb: &Skb, len: u32) -> Result<DmaAddr> {
        // SAFETY: Valid device and skb; `len <= headlen` is the caller's
        // business only for correctness, the mapping covers `skb->data`.
        let a = unsafe { ffi::nxp_dma_map_skb_head(self.raw(), skb.as_raw(), len) };
        self.check(a)
    }

    /// Maps fragment `i` of `skb` for the device to read; returns the address
    /// and the length.
    pub(crate) fn map_frag(&self, skb: &Skb, i: u32) -> Result<(DmaAddr, u32)> {
        if i >= skb.nr_frags() {
            return Err(EINVAL);
        }
        let mut len: c_uint = 0;
        // SAFETY: Valid device and skb, `i < nr_frags`.
        let a = unsafe { ffi::nxp_dma_map_skb_frag(self.raw(), skb.as_raw(), i, &mut len) };
        Ok((self.check(a)?, len))
    }

    fn check(&self, a: DmaAddr) -> Result<DmaAddr> {
        // SAFETY: Valid device.
        if unsafe { ffi::nxp_dma_mapping_error(self.raw(), a) } {
            Err(ENOMEM)
        } else {
            Ok(a)
        }
    }

    /// Unmaps what [`DmaDevice::map_head`] mapped.
    pub(crate) fn unmap_head(&self, a: DmaAddr, len: u32) {
        // SAFETY: Valid device; `a`/`len` came from `map_head` (driver contract).
        unsafe { ffi::nxp_dma_unmap_single_to_dev(self.raw(), a, len) }
    }

    /// Unmaps what [`DmaDevice::map_frag`] mapped.
    pub(crate) fn unmap_frag(&self, a: DmaAddr, len: u32) {
        // SAFETY: Valid device; `a`/`len` came from `map_frag` (driver contract).
        unsafe { ffi::nxp_dma_unmap_page_to_dev(self.raw(), a, len) }
    }

    /// Makes `len` bytes the device wrote at `a` visible to the CPU.
    pub(crate) fn sync_for_cpu(&self, a: DmaAddr, len: u32) {
        // SAFETY: Valid device; `a` is in a page_pool mapping (driver contract).
        unsafe { ffi::nxp_dma_sync_for_cpu(self.raw(), a, len) }
    }

    pub(crate) fn raw_device(&self) -> *mut kernel::bindings::device {
        self.raw()
    }
}

/// Orders descriptor writes before the write that hands a descriptor to the
/// device (`dma_wmb()`).
pub(crate) fn dma_wmb() {
    // SAFETY: A barrier.
    unsafe { ffi::nxp_dma_wmb() }
}

/// Orders the read of a descriptor's ownership bit before reads of its other
/// fields (`dma_rmb()`).
pub(crate) fn dma_rmb() {
    // SAFETY: A barrier.
    unsafe { ffi::nxp_dma_rmb() }
}

/// Orders memory writes before an MMIO doorbell write (`wmb()`).
pub(crate) fn wmb() {
    // SAFETY: A barrier.
    unsafe { ffi::nxp_wmb() }
}

/// Coherent memory holding a descriptor ring, accessed with volatile 16- and
/// 32-bit loads and stores in CPU byte order (the driver converts).
///
/// # Invariants
///
/// `cpu` is a coherent allocation of `size` bytes at bus address `dma` owned
/// by this value for `dev`.
pub(crate) struct DescMem {
    dev: DmaDevice,
    cpu: NonNull<u8>,
    dma: DmaAddr,
    size: usize,
}

// SAFETY: Coherent memory may be accessed from any CPU; the drivers order
// accesses with the barriers above and their ring protocol.
unsafe impl Send for DescMem {}
// SAFETY: See `Send`; shared access is volatile word access only.
unsafe impl Sync for DescMem {}

impl DescMem {
    /// Allocates `size` zeroed bytes of coherent memory.
    pub(crate) fn new(dev: &DmaDevice, size: usize) -> Result<Self> {
        let mut dma = 0;
        // SAFETY: Valid device; `dma` is writable.
        let cpu = unsafe { ffi::nxp_dma_alloc_coherent(dev.raw(), size, &mut dma) };
        let cpu = NonNull::new(cpu.cast::<u8>()).ok_or(ENOMEM)?;
        // INVARIANT: just allocated, owned by the new value.
        Ok(Self {
            dev: dev.clone(),
            cpu,
            dma,
            size,
        })
    }

    /// Bus address of the start.
    pub(crate) fn dma(&self) -> DmaAddr {
        self.dma
    }

    fn ptr<T>(&self, off: usize) -> *mut T {
        let sz = core::mem::size_of::<T>();
        assert!(
            off % sz == 0 && off + sz <= self.size,
            "descriptor access out of bounds"
        );
        // SAFETY: In bounds of the allocation (checked above).
        unsafe { self.cpu.as_ptr().add(off).cast::<T>() }
    }

    /// Reads the `u32` at byte offset `off`.
    ///
    /// # Panics
    ///
    /// Panics if `off` is unaligned or out of bounds (a driver bug).
    #[inline]
    pub(crate) fn read32(&self, off: usize) -> u32 {
        // SAFETY: Aligned and in bounds of the live allocation (`ptr` checks).
        unsafe { self.ptr::<u32>(off).read_volatile() }
    }

    /// Writes the `u32` at byte offset `off`.
    ///
    /// # Panics
    ///
    /// Panics if `off` is unaligned or out of bounds (a driver bug).
    #[inline]
    pub(crate) fn write32(&self, off: usize, v: u32) {
        // SAFETY: Aligned and in bounds of the live allocation (`ptr` checks).
        unsafe { self.ptr::<u32>(off).write_volatile(v) }
    }

    /// Reads the `u16` at byte offset `off`.
    ///
    /// # Panics
    ///
    /// Panics if `off` is unaligned or out of bounds (a driver bug).
    #[inline]
    pub(crate) fn read16(&self, off: usize) -> u16 {
        // SAFETY: Aligned and in bounds of the live allocation (`ptr` checks).
        unsafe { self.ptr::<u16>(off).read_volatile() }
    }

    /// Writes the `u16` at byte offset `off`.
    ///
    /// # Panics
    ///
    /// Panics if `off` is unaligned or out of bounds (a driver bug).
    #[inline]
    pub(crate) fn write16(&self, off: usize, v: u16) {
        // SAFETY: Aligned and in bounds of the live allocation (`ptr` checks).
        unsafe { self.ptr::<u16>(off).write_volatile(v) }
    }
}

impl Drop for DescMem {
    fn drop(&mut self) {
        // SAFETY: By the type invariant we own this allocation.
        unsafe {
            ffi::nxp_dma_free_coherent(
                self.dev.raw(),
                self.size,
                self.cpu.as_ptr().cast(),
                self.dma,
            )
        }
    }
}
