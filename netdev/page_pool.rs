// SPDX-License-Identifier: GPL-2.0

//! Rx buffers from a page_pool, turned into skbs with `napi_build_skb()` and
//! handed to GRO.
//!
//! C header: [`include/net/page_pool/helpers.h`](srctree/include/net/page_pool/helpers.h)

use core::ptr::NonNull;
use kernel::prelude::*;

use super::{
    dma::{
        DmaAddr,
        DmaDevice, //
    },
    ffi,
    net::NetDev,
    poll::Napi, //
};

/// A page_pool for one Rx ring, mapped for the device, synced for it on
/// recycle.
///
/// # Invariants
///
/// `0` is a page_pool created by the shim and owned by this value.
pub(crate) struct PagePool(NonNull<ffi::PagePool>);

// SAFETY: page_pool calls are allowed from any CPU (the NAPI-direct recycle
// path only from the pool's NAPI, which `put(.., napi = true)` documents).
unsafe impl Send for PagePool {}
// SAFETY: See `Send`.
unsafe impl Sync for PagePool {}

/// One page of a pool, owned by an Rx descriptor slot.
///
/// # Invariants
///
/// `page` is a page of the pool it was allocated from, mapped at `dma`.
pub(crate) struct RxPage {
    page: NonNull<ffi::Page>,
    dma: DmaAddr,
}

// SAFETY: The page is owned by whoever holds the token.
unsafe impl Send for RxPage {}

impl RxPage {
    /// Bus address of the start of the page.
    pub(crate) fn dma(&self) -> DmaAddr {
        self.dma
    }

    /// Copies `N` bytes at `off` out of the page (`None` past its end). The
    /// device must be done with them and they must be synced for the CPU
    /// ([`DmaDevice::sync_for_cpu`]).
    pub(crate) fn read<const N: usize>(&self, off: u32) -> Option<[u8; N]> {
        let end = u32::try_from(N).ok()?.checked_add(off)?;
        if end > page_size() {
            return None;
        }
        let mut buf = [0u8; N];
        // SAFETY: The page is ours (token) and lowmem (page_pool pages are);
        // `off + N` is within it; `buf` is writable for `N` bytes.
        unsafe {
            ffi::nxp_page_read(
                self.page.as_ptr(),
                off,
                buf.as_mut_ptr().cast(),
                N as kernel::ffi::c_uint,
            )
        };
        Some(buf)
    }
}

/// A received frame as an skb, not yet handed to the stack.
///
/// # Invariants
///
/// `0` is a valid skb owned by this value (freed on drop, or handed to the
/// stack by [`RxSkb::receive`]).
pub(crate) struct RxSkb(NonNull<ffi::SkBuff>);

impl PagePool {
    /// A pool of `size` pages for `napi`'s ring; the device writes at
    /// `offset` into each page, at most `max_len` bytes.
    pub(crate) fn new(
        dev: &DmaDevice,
        napi: &Napi,
        size: u32,
        offset: u32,
        max_len: u32,
    ) -> Result<Self> {
        // SAFETY: Valid device and NAPI instance.
        let pp = unsafe {
            ffi::nxp_page_pool_create(dev.raw_device(), napi.as_raw(), size, offset, max_len)
        };
        if pp.is_null() || kernel::error::from_err_ptr(pp).is_err() {
            return Err(ENOMEM);
        }
        // INVARIANT: created by the shim, owned by the new value.
        NonNull::new(pp).map(Self).ok_or(ENOMEM)
    }

    /// A page for an Rx descriptor, or `None` when memory is short.
    pub(crate) fn alloc(&self) -> Option<RxPage> {
        let mut dma = 0;
        // SAFETY: Valid pool; `dma` is writable.
        let p = unsafe { ffi::nxp_pp_alloc(self.0.as_ptr(), &mut dma) };
        // INVARIANT: a page of this pool, mapped at `dma`.
        NonNull::new(p).map(|page| RxPage { page, dma })
    }

    /// Returns a page to the pool; `napi` if called from the pool's NAPI.
    pub(crate) fn put(&self, page: RxPage, napi: bool) {
        // SAFETY: The page belongs to this pool (token invariant).
        unsafe { ffi::nxp_pp_put(self.0.as_ptr(), page.page.as_ptr(), napi) }
    }

    /// Builds an skb around `len` bytes at `headroom` in `page`, whose
    /// recycling goes back to this pool. On failure the page is returned.
    pub(crate) fn build_skb(
        &self,
        page: RxPage,
        truesize: u32,
        headroom: u32,
        len: u32,
    ) -> core::result::Result<RxSkb, RxPage> {
        // SAFETY: The page is ours; `headroom + len <= truesize <= PAGE_SIZE`
        // is the caller's Rx ring geometry.
        let skb = unsafe { ffi::nxp_rx_build_skb(page.page.as_ptr(), truesize, headroom, len) };
        match NonNull::new(skb) {
            // INVARIANT: a new skb, owned by us.
            Some(skb) => Ok(RxSkb(skb)),
            None => Err(page),
        }
    }
}

impl Drop for PagePool {
    fn drop(&mut self) {
        // SAFETY: By the type invariant we own the pool; pages still in skbs
        // keep it alive inside the kernel until they return.
        unsafe { ffi::nxp_page_pool_destroy(self.0.as_ptr()) }
    }
}

impl RxSkb {
    /// Sets the protocol and hands the frame to GRO on `napi`.
    pub(crate) fn receive(self, napi: &Napi, dev: NetDev, csum_ok: bool) {
        let skb = self.0.as_ptr();
        core::mem::forget(self);
        // SAFETY: A valid skb we own, handed over to the stack.
        unsafe { ffi::nxp_rx_gro(napi.as_raw(), dev.as_raw(), skb, csum_ok) }
    }
}

impl Drop for RxSkb {
    fn drop(&mut self) {
        // SAFETY: A valid skb we own; its page returns to the pool.
        unsafe { ffi::nxp_skb_free_any(self.0.as_ptr()) }
    }
}

/// `PAGE_SIZE`.
pub(crate) fn page_size() -> u32 {
    // SAFETY: Reads a constant.
    unsafe { ffi::nxp_page_size() }
}
