// SPDX-License-Identifier: GPL-2.0

//! DMA: descriptor memory shared with the device, streaming mappings of Tx
//! buffers, and the barriers that order descriptor accesses.
//!
//! C header: [`include/linux/dma-mapping.h`](srctree/include/linux/dma-mapping.h)

use core::ptr::NonNull;
use kernel::{
    device::{
        self,
        Core, //
    },
    dma::{
        Device as _,
        DmaMask, //
    },
    ffi::c_uint,
    platform,
    prelude::*,
    sync::aref::ARef, //
};

use super::{
    ffi,
    of::Node,
    raw_dev,
    skb::Skb, //
};

/// A bus address.
pub(crate) type DmaAddr = u64;

/// Limits the device's streaming and coherent DMA to the 32-bit bus addresses
/// both controllers' buffer descriptors hold (the C fec's
/// `dma_set_mask_and_coherent(dev, DMA_BIT_MASK(32))`), so that no mapping is
/// ever truncated on a 64-bit platform. Fails, with a message, if the platform
/// cannot give such addresses.
///
/// # Safety
///
/// No DMA allocation or mapping for `pdev` may exist or be made concurrently:
/// call it first in probe.
unsafe fn set_desc_addr_mask(pdev: &platform::Device<Core<'_>>) -> Result {
    // SAFETY: The caller guarantees that no DMA allocation or mapping of the
    // device exists or runs concurrently.
    unsafe { pdev.dma_set_mask_and_coherent(DmaMask::new::<32>()) }
        .inspect_err(|e| dev_err!(pdev.as_ref(), "no 32-bit DMA for the descriptors: {e:?}\n"))
}

/// What each driver's probe starts with: the device, the match data of the
/// compatible it was bound by (`ENODEV` without), its device-tree node
/// (`ENODEV` without) and the descriptors' DMA mask
/// ([`set_desc_addr_mask`]).
///
/// # Safety
///
/// As for [`set_desc_addr_mask`]: no DMA allocation or mapping for `pdev`
/// may exist or be made concurrently (call it first in probe).
pub(crate) unsafe fn probe_start<'b, 'c, T: Copy>(
    pdev: &'b platform::Device<Core<'c>>,
    info: Option<&T>,
) -> Result<(&'b device::Device<Core<'c>>, T, Node)> {
    let info = *info.ok_or(ENODEV)?;
    // SAFETY: The caller's guarantee.
    unsafe { set_desc_addr_mask(pdev) }?;
    let dev = pdev.as_ref();
    let node = Node::of_device(dev).ok_or(ENODEV)?;
    Ok((dev, info, node))
}

/// A streaming mapping of a Tx buffer for the device to read, unmapped by
/// [`DmaDevice::unmap`] (dropping it leaks the mapping, which is safe).
///
/// # Invariants
///
/// `addr`/`len` were mapped, as a page if `page` and as a single buffer
/// otherwise, on the device `dev`, and are still mapped.
pub(crate) struct TxMap {
    addr: DmaAddr,
    len: u32,
    page: bool,
    dev: *mut kernel::bindings::device,
}

// SAFETY: A mapping may be unmapped from any CPU; `dev` is only compared.
unsafe impl Send for TxMap {}

impl TxMap {
    /// The bus address the device reads from.
    pub(crate) fn addr(&self) -> DmaAddr {
        self.addr
    }

    /// The mapped length.
    pub(crate) fn len(&self) -> u32 {
        self.len
    }
}

/// The device that does DMA, kept alive while mappings exist.
#[derive(Clone)]
pub(crate) struct DmaDevice(ARef<device::Device>);

impl DmaDevice {
    pub(crate) fn new(dev: &device::Device) -> Self {
        Self(dev.into())
    }

    pub(super) fn raw(&self) -> *mut kernel::bindings::device {
        raw_dev(&self.0)
    }

    /// Maps the first `len` bytes of the linear part of `skb` for the device
    /// to read.
    #[inline]
    pub(crate) fn map_head(&self, skb: &Skb, len: u32) -> Result<TxMap> {
        if len > skb.headlen() {
            return Err(EINVAL);
        }
        let mut a = 0;
        // SAFETY: Valid device and skb; `len <= headlen`; `a` is writable.
        let ok = unsafe { ffi::nxp_dma_map_skb_head(self.raw(), skb.as_raw(), len, &mut a) };
        self.mapped(ok, a, len, false)
    }

    /// Maps fragment `i` of `skb` for the device to read.
    pub(crate) fn map_frag(&self, skb: &Skb, i: u32) -> Result<TxMap> {
        if i >= skb.nr_frags() {
            return Err(EINVAL);
        }
        let mut len: c_uint = 0;
        let mut a = 0;
        let (dev, skb) = (self.raw(), skb.as_raw());
        // SAFETY: Valid device and skb, `i < nr_frags`; `len` and `a` are
        // writable.
        let ok = unsafe { ffi::nxp_dma_map_skb_frag(dev, skb, i, &mut len, &mut a) };
        self.mapped(ok, a, len, true)
    }

    /// Maps the `len` bytes at `va` for the device to read.
    ///
    /// # Safety
    ///
    /// `va` is `len` bytes of lowmem that outlive the mapping (the caller
    /// unmaps before it lets them go).
    pub(crate) unsafe fn map_single(&self, va: *mut u8, len: u32) -> Result<TxMap> {
        let mut a = 0;
        // SAFETY: Valid device; the buffer as the caller guarantees; `a` is
        // writable.
        let ok = unsafe { ffi::nxp_dma_map_single(self.raw(), va.cast(), len, &mut a) };
        self.mapped(ok, a, len, false)
    }

    /// The mapping at `a` the shim made (`ok`: no mapping error).
    #[inline]
    fn mapped(&self, ok: bool, a: DmaAddr, len: u32, page: bool) -> Result<TxMap> {
        if !ok {
            return Err(ENOMEM);
        }
        // INVARIANT: just mapped on this device, as a page if `page`.
        Ok(TxMap {
            addr: a,
            len,
            page,
            dev: self.raw(),
        })
    }

    /// Unmaps a Tx buffer. A mapping of another device is left alone (and
    /// leaked, with a warning) rather than unmapped on the wrong one.
    #[inline]
    pub(crate) fn unmap(&self, m: TxMap) {
        if m.dev != self.raw() {
            pr_warn!("Tx mapping of another device not unmapped\n");
            return;
        }
        // SAFETY: By the `TxMap` invariant the mapping was made on this
        // device with this address, length and kind, and is consumed here.
        unsafe {
            if m.page {
                ffi::nxp_dma_unmap_page_to_dev(self.raw(), m.addr, m.len)
            } else {
                ffi::nxp_dma_unmap_single_to_dev(self.raw(), m.addr, m.len)
            }
        }
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

/// Coherent memory holding a descriptor ring, accessed one descriptor at a
/// time ([`DescMem::desc`]) with volatile 16- and 32-bit loads and stores
/// in CPU byte order (the driver converts).
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

    /// The `N`-byte descriptor at byte offset `off`, checked once: its
    /// field accessors take offsets within it, which the compiler checks
    /// against `N` when they are constants (one bounds check per descriptor
    /// on the hot paths instead of one per field).
    ///
    /// # Panics
    ///
    /// Panics if `off` is not 4-byte aligned or the descriptor is out of
    /// bounds (a driver bug).
    #[inline(always)]
    pub(crate) fn desc<const N: usize>(&self, off: usize) -> Desc<'_, N> {
        assert!(
            off % 4 == 0 && off <= self.size && N <= self.size - off,
            "descriptor access out of bounds"
        );
        // INVARIANT: `N` bytes at a 4-byte aligned offset of the allocation
        // (checked above), borrowed from `self`.
        Desc {
            // SAFETY: In bounds of the allocation (checked above).
            base: unsafe { self.cpu.add(off) },
            _mem: core::marker::PhantomData,
        }
    }
}

/// One descriptor of `N` bytes in a [`DescMem`], accessed with volatile
/// loads and stores in CPU byte order at offsets within the descriptor.
///
/// # Panics
///
/// The accessors panic on an offset that is unaligned or outside the
/// descriptor (a driver bug); with a constant offset the check folds away.
///
/// # Invariants
///
/// `base` points to `N` bytes at a 4-byte aligned offset of a live
/// [`DescMem`] allocation borrowed for `'a`.
pub(crate) struct Desc<'a, const N: usize> {
    base: NonNull<u8>,
    _mem: core::marker::PhantomData<&'a DescMem>,
}

impl<const N: usize> Desc<'_, N> {
    #[inline]
    fn ptr<T>(&self, off: usize) -> *mut T {
        let sz = core::mem::size_of::<T>();
        assert!(
            off % sz == 0 && off <= N && sz <= N - off,
            "descriptor field out of bounds"
        );
        // SAFETY: In bounds of the descriptor (checked above), which lies in
        // the allocation (type invariant); aligned since the descriptor is
        // 4-byte aligned and `off` a multiple of the size (at most 4).
        unsafe { self.base.as_ptr().add(off).cast::<T>() }
    }

    /// Reads the `u32` at byte offset `off` of the descriptor.
    #[inline]
    pub(crate) fn read32(&self, off: usize) -> u32 {
        // SAFETY: Aligned and in bounds (`ptr` checks).
        unsafe { self.ptr::<u32>(off).read_volatile() }
    }

    /// Writes the `u32` at byte offset `off` of the descriptor.
    #[inline]
    pub(crate) fn write32(&self, off: usize, v: u32) {
        // SAFETY: Aligned and in bounds (`ptr` checks).
        unsafe { self.ptr::<u32>(off).write_volatile(v) }
    }

    /// Reads the `u16` at byte offset `off` of the descriptor.
    #[inline]
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn read16(&self, off: usize) -> u16 {
        // SAFETY: Aligned and in bounds (`ptr` checks).
        unsafe { self.ptr::<u16>(off).read_volatile() }
    }

    /// Writes the `u16` at byte offset `off` of the descriptor.
    #[inline]
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn write16(&self, off: usize, v: u16) {
        // SAFETY: Aligned and in bounds (`ptr` checks).
        unsafe { self.ptr::<u16>(off).write_volatile(v) }
    }
}

/// Coherent memory the device only reads (software TSO's per-descriptor
/// header copies): the CPU writes it through `&mut`, one writer at a time.
///
/// # Invariants
///
/// The device never writes to the allocation.
pub(crate) struct TxBufMem(DescMem);

impl TxBufMem {
    /// Allocates `size` zeroed bytes of coherent memory for buffers the
    /// device reads.
    pub(crate) fn new(dev: &DmaDevice, size: usize) -> Result<Self> {
        // INVARIANT: only Tx descriptors point the device at it.
        Ok(Self(DescMem::new(dev, size)?))
    }

    /// Bus address of the start, for descriptors the device reads the
    /// buffers through (never one it writes through: invariant).
    pub(crate) fn dma(&self) -> DmaAddr {
        self.0.dma
    }

    /// The `len` bytes at byte offset `off`, for the CPU to write while no
    /// descriptor hands them to the device (ordered before the hand-over by
    /// `dma_wmb()`). Reading them back may be slow (uncached on
    /// non-coherent SoCs).
    ///
    /// # Panics
    ///
    /// Panics if the range is out of bounds (a driver bug).
    pub(crate) fn bytes_mut(&mut self, off: usize, len: usize) -> &mut [u8] {
        let m = &self.0;
        assert!(
            off <= m.size && len <= m.size - off,
            "coherent buffer access out of bounds"
        );
        // The bytes are initialized (zeroed at allocation, only ever written
        // as bytes); `&mut self` excludes other CPU access to them.
        // SAFETY: In bounds of the live allocation (checked above), see
        // above; the device never writes it (invariant).
        unsafe { core::slice::from_raw_parts_mut(m.cpu.as_ptr().add(off), len) }
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
