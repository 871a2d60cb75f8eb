// SPDX-License-Identifier: GPL-2.0

//! Socket buffers handed to the driver for transmission.
//!
//! C header: [`include/linux/skbuff.h`](srctree/include/linux/skbuff.h)

use core::ptr::NonNull;
use kernel::ffi::c_uint;

use super::{
    ffi,
    net::NetDev, //
};
use crate::tso;

/// An owned `struct sk_buff`.
///
/// Dropping an `Skb` frees it (`dev_kfree_skb_any()`, safe in any context);
/// a ring takes ownership with [`Skb::into_raw`] and gives it back with
/// [`Skb::from_raw`] on completion.
///
/// # Invariants
///
/// `0` is a valid skb this value owns.
pub(crate) struct Skb(NonNull<ffi::SkBuff>);

// SAFETY: An skb owned by the driver may move between CPUs (xmit, completion).
unsafe impl Send for Skb {}

/// Tx checksum offload the stack asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CsumRequest {
    /// No offload (`CHECKSUM_NONE` or already complete).
    None,
    /// IPv4 TCP or UDP: header offsets from the start of the frame.
    Ipv4 {
        /// Network header offset.
        l3: u32,
        /// Transport header offset.
        l4: u32,
        /// UDP rather than TCP.
        udp: bool,
        /// The pseudo-header checksum the stack left in the L4 checksum
        /// field, as stored in memory (network byte order).
        phcs: u16,
    },
    /// A partial checksum the hardware cannot do: software fallback needed.
    Other,
}

impl Skb {
    /// Takes ownership of a raw skb (NULL gives `None`).
    ///
    /// # Safety
    ///
    /// `skb` must be NULL or a valid skb whose ownership the caller hands over.
    pub(crate) unsafe fn from_raw(skb: *mut ffi::SkBuff) -> Option<Self> {
        // INVARIANT: the caller hands over a valid skb.
        NonNull::new(skb).map(Self)
    }

    /// Gives up ownership without freeing.
    pub(crate) fn into_raw(self) -> *mut ffi::SkBuff {
        let p = self.0.as_ptr();
        core::mem::forget(self);
        p
    }

    pub(crate) fn as_raw(&self) -> *mut ffi::SkBuff {
        self.0.as_ptr()
    }

    /// The skb's fields, read in place (no call: `len` and `data_len` are
    /// plain members of `struct sk_buff`).
    #[inline]
    fn fields(&self) -> *const kernel::bindings::sk_buff {
        self.as_raw().cast_const().cast()
    }

    /// Total length.
    #[inline]
    pub(crate) fn len(&self) -> u32 {
        // SAFETY: Valid skb (type invariant), owned by us, so nothing writes
        // it concurrently.
        unsafe { (*self.fields()).len }
    }

    /// Length of the linear part (`skb_headlen()`).
    #[inline]
    pub(crate) fn headlen(&self) -> u32 {
        // SAFETY: As for `len`.
        let (len, data_len) = unsafe { ((*self.fields()).len, (*self.fields()).data_len) };
        len - data_len
    }

    /// Number of page fragments.
    pub(crate) fn nr_frags(&self) -> u32 {
        // SAFETY: Valid skb.
        unsafe { ffi::nxp_skb_nr_frags(self.as_raw()) }
    }

    /// Length of page fragment `i`, `None` past the last.
    pub(crate) fn frag_len(&self, i: u32) -> Option<u32> {
        if i >= self.nr_frags() {
            return None;
        }
        // SAFETY: Valid skb, `i < nr_frags`.
        Some(unsafe { ffi::nxp_skb_frag_len(self.as_raw(), i) })
    }

    /// The first `len` bytes of the linear part (headers), `None` if it is
    /// shorter.
    pub(crate) fn head(&self, len: u32) -> Option<&[u8]> {
        if len > self.headlen() {
            return None;
        }
        // SAFETY: Valid skb; its linear data has `headlen >= len` bytes,
        // which stay in place while `self` is borrowed (only `&mut self`
        // methods change the skb).
        Some(unsafe { core::slice::from_raw_parts(ffi::nxp_skb_data(self.as_raw()), len as usize) })
    }

    /// For a TCP/IPv4 GSO packet: its layout for segmentation in the
    /// driver (`Ok(None)` for a packet that is not GSO; `EINVAL` for another
    /// GSO type or inconsistent headers).
    pub(crate) fn tso_layout(&self) -> kernel::error::Result<Option<tso::Layout>> {
        let (mut l3, mut l4, mut hdr, mut mss): (c_uint, c_uint, c_uint, c_uint) = (0, 0, 0, 0);
        // SAFETY: Valid skb; outputs are writable.
        match unsafe { ffi::nxp_skb_tso_info(self.as_raw(), &mut l3, &mut l4, &mut hdr, &mut mss) }
        {
            0 => Ok(None),
            1 if hdr <= self.headlen() => tso::Layout::new(l3, l4, hdr, mss, self.len())
                .map(Some)
                .map_err(|_| kernel::error::code::EINVAL),
            _ => Err(kernel::error::code::EINVAL),
        }
    }

    /// The checksum offload requested for this skb.
    pub(crate) fn csum_request(&self) -> CsumRequest {
        let (mut l3, mut l4, mut udp, mut phcs): (c_uint, c_uint, bool, u16) = (0, 0, false, 0);
        // SAFETY: Valid skb; outputs are writable.
        match unsafe {
            ffi::nxp_skb_csum_offload(self.as_raw(), &mut l3, &mut l4, &mut udp, &mut phcs)
        } {
            0 => CsumRequest::None,
            1 => CsumRequest::Ipv4 { l3, l4, udp, phcs },
            _ => CsumRequest::Other,
        }
    }

    /// For a MAC that computes the IPv4 header and TCP/UDP checksums itself:
    /// zeroes both fields when a checksum is requested (`CHECKSUM_PARTIAL`).
    /// Fails (skb untouched) if a cloned head could not be copied.
    pub(crate) fn clear_csum_fields(&mut self) -> kernel::error::Result {
        // SAFETY: Valid skb we own.
        kernel::error::to_result(unsafe { ffi::nxp_skb_clear_csum(self.as_raw()) })
    }

    /// Whether every buffer (head and fragments) starts on a multiple of
    /// `mask + 1` bytes.
    pub(crate) fn dma_aligned(&self, mask: u32) -> bool {
        // SAFETY: Valid skb.
        unsafe { ffi::nxp_skb_dma_aligned(self.as_raw(), mask) }
    }

    /// A linear copy whose data starts on an `align`-byte boundary (a power
    /// of two), replacing this skb; `None` (skb freed) when memory is short.
    pub(crate) fn copy_aligned(self, align: u32) -> Option<Self> {
        // SAFETY: We own a valid skb; the shim consumes it and returns a new
        // one we own, or NULL.
        unsafe { Self::from_raw(ffi::nxp_skb_copy_aligned(self.into_raw(), align)) }
    }

    /// Makes `headroom` bytes in front of the data writable, copying the
    /// head if needed; on failure the skb is freed and `None` returned.
    pub(crate) fn with_headroom(self, dev: NetDev, headroom: u32) -> Option<Self> {
        let mut p = self.into_raw();
        // SAFETY: `p` is a valid skb we own; the shim either keeps it valid
        // (possibly replaced) or frees it and sets it to NULL.
        unsafe {
            ffi::nxp_skb_ensure_headroom(&mut p, dev.as_raw(), headroom);
            Self::from_raw(p)
        }
    }

    /// Prepends `N` zeroed bytes and returns them for filling in; `None`
    /// (skb unchanged) without `N` bytes of private headroom (see
    /// [`Skb::with_headroom`]).
    pub(crate) fn push_zeroed<const N: usize>(&mut self) -> Option<&mut [u8; N]> {
        // SAFETY: Valid skb; the shim checks the headroom.
        let p = unsafe { ffi::nxp_skb_push_zeroed(self.as_raw(), N as c_uint) };
        // SAFETY: Non-NULL, `p` points to `N` writable bytes at the new start
        // of the skb's data, which `self` borrows mutably.
        NonNull::new(p).map(|p| unsafe { &mut *p.as_ptr().cast::<[u8; N]>() })
    }

    /// Frees a transmitted skb from NAPI context (`napi_consume_skb()`).
    pub(crate) fn consume(self, budget: i32) {
        // SAFETY: Valid skb we own; `budget` is the NAPI budget (0 = netpoll).
        unsafe { ffi::nxp_skb_consume(self.into_raw(), budget) }
    }
}

impl Drop for Skb {
    fn drop(&mut self) {
        // SAFETY: By the type invariant we own a valid skb.
        unsafe { ffi::nxp_skb_free_any(self.as_raw()) }
    }
}
