// SPDX-License-Identifier: GPL-2.0

//! A received frame as an skb built around page_pool buffers, until it is
//! handed to GRO.

use core::ptr::NonNull;
use kernel::prelude::*;

use super::RxPage;
use crate::netdev::{
    ffi,
    net::NetDev,
    poll::Polled, //
};

/// A received frame as an skb, not yet handed to the stack.
///
/// # Invariants
///
/// `0` is a valid skb owned by this value (freed on drop, or handed to the
/// stack by [`RxSkb::receive`]), built around a pool buffer, marked for
/// page_pool recycling and never cloned.
pub(crate) struct RxSkb(NonNull<ffi::SkBuff>);

// SAFETY: The skb is owned by whoever holds the value (a frame being
// gathered waits between NAPI polls, which may run on another CPU).
unsafe impl Send for RxSkb {}

impl RxSkb {
    /// Takes ownership of `skb`.
    ///
    /// # Safety
    ///
    /// `skb` is a valid skb the caller owns, built around a buffer of a
    /// page_pool, marked for recycling and not cloned.
    pub(super) unsafe fn new(skb: NonNull<ffi::SkBuff>) -> Self {
        // INVARIANT: As the caller guarantees.
        Self(skb)
    }
}

impl RxSkb {
    /// Appends the `len` bytes at `off` in buffer `page` (written by the
    /// device and synced for the CPU) as a page fragment of the skb: the
    /// next piece of a frame that spans buffers. If the range lies outside
    /// the buffer, or the skb has no fragment slot left, the buffer is
    /// returned.
    pub(crate) fn add_frag(&mut self, page: RxPage, off: u32, len: u32) -> Result<(), RxPage> {
        let fits = off.checked_add(len).is_some_and(|end| end <= page.len);
        if !fits || len == 0 {
            return Err(page);
        }
        // SAFETY: `self.0` is our skb, marked for page_pool recycling (type
        // invariant), so its fragments return to their pool; `off..off + len`
        // lies in the buffer at `page.va`, in the pool page `page.page`,
        // whose reference moves to the skb.
        let r = unsafe {
            ffi::nxp_rx_add_frag(
                self.0.as_ptr(),
                page.page.as_ptr(),
                page.va.as_ptr().add(off as usize).cast(),
                len,
                page.len,
            )
        };
        if r != 0 {
            return Err(page);
        }
        // The skb holds the page reference now (its frees recycle it into
        // the pool: `skb_mark_for_recycle` at `build_skb`): the token goes
        // without returning it.
        #[allow(clippy::forget_non_drop)]
        core::mem::forget(page);
        Ok(())
    }

    /// Trims the frame to its first `len` bytes (the FCS off the end of a
    /// frame whose last buffer may hold only part of it).
    pub(crate) fn trim(&mut self, len: u32) -> Result {
        // SAFETY: `self.0` is our skb, not cloned (type invariant), so
        // trimming needs no allocation; dropped fragments are recycled.
        kernel::error::to_result(unsafe { ffi::nxp_rx_trim(self.0.as_ptr(), len) })
    }
}

impl RxSkb {
    /// Sets the protocol, the VLAN tag (`vlan`, the TCI of a tag the MAC
    /// took out) and the hardware timestamp (`tstamp`, ns of the device's
    /// PTP clock) and hands the frame to GRO on `napi`.
    pub(crate) fn receive(
        self,
        napi: Polled<'_>,
        dev: NetDev<'_>,
        csum_ok: bool,
        vlan: Option<u16>,
        tstamp: Option<u64>,
    ) {
        let skb = self.0.as_ptr();
        core::mem::forget(self);
        let ts = tstamp.unwrap_or(0);
        // SAFETY: A valid skb we own, handed over to the stack.
        unsafe {
            ffi::nxp_rx_gro(
                napi.as_raw(),
                dev.as_raw(),
                skb,
                csum_ok,
                vlan_arg(vlan),
                ts,
            )
        }
    }
}

/// A frame's VLAN TCI as `nxp_rx_gro()` takes it.
pub(super) fn vlan_arg(vlan: Option<u16>) -> u32 {
    vlan.map_or(0, |tci| ffi::NXP_RX_VLAN | u32::from(tci))
}

impl Drop for RxSkb {
    fn drop(&mut self) {
        // SAFETY: A valid skb we own; its page returns to the pool.
        unsafe { ffi::nxp_skb_free_any(self.0.as_ptr()) }
    }
}
