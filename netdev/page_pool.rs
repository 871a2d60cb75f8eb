// SPDX-License-Identifier: GPL-2.0

//! Rx buffers from a page_pool, turned into skbs with `napi_build_skb()` and
//! handed to GRO.
//!
//! C header: [`include/net/page_pool/helpers.h`](srctree/include/net/page_pool/helpers.h)

use core::ptr::NonNull;
use kernel::{
    prelude::*,
    sync::Arc, //
};

use super::{
    dma::{
        DmaAddr,
        DmaDevice, //
    },
    ffi,
    net::NetDev,
    poll::{
        Napi,
        Polled,
        RxNapi, //
    },
    xdp::{
        XdpPoll,
        XdpVerdict, //
    }, //
};
use crate::vlan;

mod rx_skb;
use rx_skb::vlan_arg;
pub(crate) use rx_skb::RxSkb;

/// A page_pool for one Rx ring, mapped for the device, synced for it on
/// recycle. Its buffers are whole pages, or fragments of `buf` bytes (two
/// per 4 KiB page for 2 KiB buffers: half the truesize per frame, so a
/// socket's receive buffer holds twice the frames, as with the C gianfar's
/// half-page buffers).
///
/// # Invariants
///
/// `pp` is a page_pool created by the shim for `dev` and owned by this
/// value, with `rxq` (if any) its registered XDP queue info; `buf` is the page size or a smaller power of two; `shinfo` is
/// `SKB_DATA_ALIGN(sizeof(struct skb_shared_info))`; `may_sync` is false
/// only if the kernel never syncs streaming DMA (every sync is empty).
pub(crate) struct PagePool<'a> {
    pp: NonNull<ffi::PagePool>,
    rxq: Option<NonNull<ffi::XdpRxqInfo>>,
    dev: DmaDevice,
    /// The NAPI instance the pool recycles to directly (`p.napi`, read on
    /// skb frees and at destroy): a reference of it, dropped after the pool
    /// is destroyed ([`Drop`] first, then the fields), so that the
    /// instance is deleted only after the pool forgot it.
    _napi: Arc<Napi<'a>>,
    buf: u32,
    /// Buffers per page (`PAGE_SIZE / buf`).
    pieces: u32,
    shinfo: u32,
    may_sync: bool,
}

// SAFETY: page_pool calls are allowed from any CPU (returns never ask for
// direct recycling; the pool decides whether it is safe, see `put`).
unsafe impl Send for PagePool<'_> {}
// SAFETY: See `Send`.
unsafe impl Sync for PagePool<'_> {}

/// One Rx buffer of a pool (a page or a part of one), on its way from an Rx
/// descriptor slot ([`SlotPage`]) to an skb.
///
/// # Invariants
///
/// `page` is a (lowmem) page of the pool `pool`; the buffer is the `len`
/// bytes at `va` in it, mapped at `dma`, and holds one reference of the page.
pub(crate) struct RxPage {
    page: NonNull<ffi::Page>,
    va: NonNull<u8>,
    dma: DmaAddr,
    len: u32,
    pool: NonNull<ffi::PagePool>,
}

// SAFETY: The page is owned by whoever holds the token.
unsafe impl Send for RxPage {}

impl RxPage {
    /// Copies `N` bytes at `off` out of the buffer (`None` past its end).
    /// The device must be done with them and they must be synced for the
    /// CPU ([`PagePool::sync_for_cpu`]).
    #[cfg_attr(nxp_fec, expect(dead_code))]
    pub(crate) fn read<const N: usize>(&self, off: u32) -> Option<[u8; N]> {
        let end = u32::try_from(N).ok()?.checked_add(off)?;
        if end > self.len {
            return None;
        }
        let mut buf = [0u8; N];
        // SAFETY: The buffer is ours (token), `off + N` lies within it, and
        // the device is done with it (caller); `buf` is a distinct local.
        unsafe {
            core::ptr::copy_nonoverlapping(self.va.as_ptr().add(off as usize), buf.as_mut_ptr(), N)
        };
        Some(buf)
    }

    /// Takes the 802.1Q tag out of the frame of `len` bytes at `off` in
    /// the buffer, in place ([`vlan::strip`]): the frame then starts
    /// [`vlan::VLAN_HLEN`] bytes later. Returns the tag's TCI; `None` (the
    /// frame untouched) if it has none or the range is not in the buffer.
    /// The device must be done with the buffer (synced for the CPU).
    pub(crate) fn strip_vlan(&mut self, off: u32, len: u32) -> Option<u16> {
        let end = off.checked_add(len)?;
        if end > self.len {
            return None;
        }
        // SAFETY: The buffer is ours (token, held mutably here), `off + len`
        // lies within it, and the device is done with it (caller).
        let frame = unsafe {
            core::slice::from_raw_parts_mut(self.va.as_ptr().add(off as usize), len as usize)
        };
        vlan::strip(frame)
    }
}

/// References a slot's page keeps while it hands out buffers: a buffer
/// goes to an skb with one of them, without an atomic operation; topped up
/// (one atomic add) when they run low.
const BIAS: i16 = 1 << 14;

/// A whole pool page owned by an Rx descriptor slot, whose buffers (of the
/// pool's buffer size) the slot hands out in turn, as the C gianfar reuses
/// the halves of its pages: see [`PagePool::reuse`].
///
/// # Invariants
///
/// `page` is a (lowmem) page of the pool `pool`, at `va`, mapped at `dma`;
/// this value holds `bias >= 1` of its page_pool references (more than one
/// only if the page holds several buffers); the buffer at `off`, a multiple
/// of the buffer size below the page size, is referenced by nothing but
/// the slot (no skb, no page reference) and synced for the device. Dropping
/// the value leaks the page (safe); rings give it back with
/// [`PagePool::release`].
pub(crate) struct SlotPage {
    page: NonNull<ffi::Page>,
    va: NonNull<u8>,
    dma: DmaAddr,
    off: u32,
    bias: i16,
    pool: NonNull<ffi::PagePool>,
}

// SAFETY: The page is owned by whoever holds the value.
unsafe impl Send for SlotPage {}

impl SlotPage {
    /// Bus address of the current buffer.
    pub(crate) fn dma(&self) -> DmaAddr {
        self.dma + DmaAddr::from(self.off)
    }

    /// The current buffer (`len` bytes at `off`) as a token holding one of
    /// the slot's references; the caller takes that reference out of the
    /// bias (or gives up the slot).
    #[inline]
    fn current(&self, len: u32) -> RxPage {
        // INVARIANT: a buffer of `len` bytes in a page of `pool`, mapped at
        // `dma + off`; the caller hands it one of the slot's references.
        // SAFETY: `off` lies in the page (type invariant).
        let va = unsafe { self.va.add(self.off as usize) };
        RxPage {
            page: self.page,
            va,
            dma: self.dma(),
            len,
            pool: self.pool,
        }
    }
}

impl<'a> PagePool<'a> {
    /// A pool for `napi`'s ring (Rx queue `queue`) of `size` buffers; the device writes at
    /// `offset` into each buffer, at most `max_len` bytes. A buffer is the
    /// smallest power of two that holds that and the `skb_shared_info`
    /// of `build_skb`, at most a page.
    pub(crate) fn new(
        dev: &DmaDevice,
        napi: &RxNapi<'a>,
        queue: u32,
        size: u32,
        offset: u32,
        max_len: u32,
    ) -> Result<Self> {
        let page = page_size();
        // SAFETY: Reads a constant.
        let shinfo = unsafe { ffi::nxp_skb_shinfo_size() };
        // SAFETY: Reads a constant.
        let may_sync = unsafe { ffi::nxp_dma_may_sync() };
        let need = offset.checked_add(max_len).ok_or(EINVAL)?;
        if need > page {
            return Err(EINVAL);
        }
        let buf = need
            .saturating_add(shinfo)
            .checked_next_power_of_two()
            .unwrap_or(page)
            .min(page);
        // With fragments the pool syncs whole pages for the device.
        let (offset, max_len) = if buf < page {
            (0, page)
        } else {
            (offset, max_len)
        };
        let mut rxq = core::ptr::null_mut();
        // SAFETY: Valid device and NAPI instance; `rxq` is a local.
        let pp = unsafe {
            ffi::nxp_page_pool_create(
                dev.raw_device(),
                napi.as_raw(),
                size,
                offset,
                max_len,
                queue,
                &mut rxq,
            )
        };
        if pp.is_null() || kernel::error::from_err_ptr(pp).is_err() {
            return Err(ENOMEM);
        }
        let pp = NonNull::new(pp).ok_or(ENOMEM)?;
        // INVARIANT: created by the shim for `dev`, owned by the new value;
        // `buf` a power of two of at most a page; `shinfo` and `may_sync`
        // read above.
        Ok(Self {
            pp,
            rxq: NonNull::new(rxq),
            dev: dev.clone(),
            _napi: napi.0.clone(),
            buf,
            pieces: page / buf,
            shinfo,
            may_sync,
        })
    }

    /// A page for an Rx descriptor slot, its first buffer current, or `None`
    /// when memory is short.
    pub(crate) fn alloc_slot(&self) -> Option<SlotPage> {
        let bias = if self.pieces > 1 { BIAS } else { 1 };
        let mut dma = 0;
        let mut va = core::ptr::null_mut();
        let pp = self.pp.as_ptr();
        // SAFETY: Valid pool; `va` and `dma` are writable.
        let p = unsafe { ffi::nxp_pp_alloc_biased(pp, bias.into(), &mut va, &mut dma) };
        let page = NonNull::new(p)?;
        // INVARIANT: a page of this pool, at `va` (the shim sets it with the
        // page), mapped at `dma`, with `bias` references, none in an skb; the
        // pool synced it for the device.
        Some(SlotPage {
            page,
            va: NonNull::new(va.cast())?,
            dma,
            off: 0,
            bias,
            pool: self.pp,
        })
    }

    /// Takes the current buffer of `slot` out, for an skb, and makes the
    /// next buffer of its page current, if that and every other buffer of
    /// the page are back from the stack: nothing but the slot references
    /// the page (checked before the current one leaves: a buffer that went
    /// to the stack in this very poll may come back at any time, and must
    /// not be mistaken for an older one). `None` if not (or the page holds a
    /// single buffer): the slot then needs a new page
    /// ([`PagePool::retire`]).
    #[inline]
    pub(crate) fn reuse(&self, slot: &mut SlotPage) -> Option<RxPage> {
        if self.pieces < 2 || slot.pool != self.pp {
            return None;
        }
        // SAFETY: A page of this pool (`SlotPage` invariant).
        if !unsafe { ffi::nxp_pp_reusable(slot.page.as_ptr(), slot.bias.into()) } {
            return None;
        }
        let buf = slot.current(self.buf);
        slot.bias -= 1;
        if slot.bias < 2 {
            // SAFETY: A page of this pool, of which `slot` holds references.
            unsafe { ffi::nxp_pp_ref_add(slot.page.as_ptr(), (BIAS - slot.bias).into()) };
            slot.bias = BIAS;
        }
        slot.off = (slot.off + self.buf) % page_size();
        if self.may_sync {
            // SAFETY: The buffer at `off` lies in the page, mapped by this
            // pool, and nothing but the slot references the page.
            unsafe {
                ffi::nxp_pp_sync_for_device(
                    self.pp.as_ptr(),
                    slot.page.as_ptr(),
                    slot.off,
                    self.buf,
                )
            };
        }
        // INVARIANT: nothing else references the new current buffer, synced
        // for the device; `bias >= 1` references stay with the slot.
        Some(buf)
    }

    /// Takes the current buffer of `slot`, a page the slot gives up, out for
    /// an skb, and drops the slot's other references to the page (which goes
    /// back to the pool once the stack is done with its buffers).
    pub(crate) fn retire(&self, slot: SlotPage) -> RxPage {
        let buf = slot.current(self.buf);
        if slot.bias > 1 && slot.pool == self.pp {
            // SAFETY: A page of this pool; the slot's references but the
            // one `buf` holds are dropped (the page stays referenced by it).
            unsafe {
                ffi::nxp_pp_unref(self.pp.as_ptr(), slot.page.as_ptr(), (slot.bias - 1).into())
            };
        }
        buf
    }

    /// Drops every reference of `slot` (a ring being freed), its current
    /// buffer included.
    pub(crate) fn release(&self, slot: SlotPage) {
        if slot.pool != self.pp {
            pr_warn!("Rx page of another pool not returned\n");
            return;
        }
        // SAFETY: A page of this pool, of which the slot holds `bias`
        // references; its current buffer is in no skb.
        unsafe { ffi::nxp_pp_unref(self.pp.as_ptr(), slot.page.as_ptr(), slot.bias.into()) };
    }

    /// Returns a buffer to the pool (its page is recycled once all its
    /// fragments are back). Direct recycling into the pool's NAPI cache
    /// happens when the pool finds it safe (called from its NAPI on its
    /// CPU). A buffer of another pool is leaked with a warning rather than
    /// put into the wrong one.
    pub(crate) fn put(&self, page: RxPage) {
        if page.pool != self.pp {
            pr_warn!("Rx page of another pool not returned\n");
            return;
        }
        // SAFETY: The page belongs to this pool (checked above); the token
        // holds one of its references.
        unsafe { ffi::nxp_pp_put(self.pp.as_ptr(), page.page.as_ptr(), false) }
    }

    /// Makes `len` bytes at `off` in buffer `page`, written by the device,
    /// visible to the CPU; out-of-buffer ranges (or another pool's buffer)
    /// are refused. Nothing to do on a kernel that never syncs.
    #[inline]
    pub(crate) fn sync_for_cpu(&self, page: &RxPage, off: u32, len: u32) -> Result {
        let end = off.checked_add(len).ok_or(EINVAL)?;
        if end > page.len || page.pool != self.pp {
            return Err(EINVAL);
        }
        if !self.may_sync {
            return Ok(());
        }
        // SAFETY: `off..off + len` lies in the buffer, mapped on this pool's
        // device at `page.dma` (token invariant).
        unsafe { ffi::nxp_dma_sync_for_cpu(self.dev.raw_device(), page.dma + u64::from(off), len) };
        Ok(())
    }

    /// Builds an skb around `len` bytes at `headroom` in buffer `page`
    /// (truesize: the buffer), whose recycling goes back to this pool. On
    /// failure, or if the frame and the `skb_shared_info` would not fit in
    /// the buffer, the buffer is returned.
    pub(crate) fn build_skb(
        &self,
        page: RxPage,
        headroom: u32,
        len: u32,
    ) -> core::result::Result<RxSkb, RxPage> {
        if !self.fits_skb(&page, headroom, len) {
            return Err(page);
        }
        let va = page.va.as_ptr().cast();
        // SAFETY: The buffer is ours and of this pool; `headroom + len` plus
        // the shared info fit in it (checked above).
        let skb = unsafe { ffi::nxp_rx_build_skb(va, page.len, headroom, len) };
        match NonNull::new(skb) {
            // SAFETY: A new skb, owned by us (it took the buffer's page
            // reference), built around this pool's buffer, which the shim
            // marked for recycling.
            Some(skb) => Ok(unsafe { RxSkb::new(skb) }),
            None => Err(page),
        }
    }

    /// Whether an skb around `len` bytes at `headroom` in buffer `page`, with
    /// its `skb_shared_info`, fits in the buffer, and the buffer is this
    /// pool's.
    #[inline]
    fn fits_skb(&self, page: &RxPage, headroom: u32, len: u32) -> bool {
        headroom
            .checked_add(len)
            .and_then(|end| end.checked_add(self.shinfo))
            .is_some_and(|end| end <= page.len)
            && page.pool == self.pp
    }

    /// A one-buffer frame straight to the stack: [`PagePool::build_skb`]
    /// and [`RxSkb::receive`] in one call (the per-frame fast path). On
    /// failure the buffer is returned.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn receive(
        &self,
        page: RxPage,
        headroom: u32,
        len: u32,
        napi: Polled<'_>,
        dev: NetDev<'_>,
        csum_ok: bool,
        vlan: Option<u16>,
        tstamp: Option<u64>,
    ) -> core::result::Result<(), RxPage> {
        if !self.fits_skb(&page, headroom, len) {
            return Err(page);
        }
        // SAFETY: Our buffer of this pool, `headroom + len` and the shared
        // info in it (checked above); `napi`, `dev` live, called from `napi`'s
        // poll (Rx rings drain only there) as GRO wants; on success the skb
        // holds the page reference and the stack owns the skb.
        let ok = unsafe {
            ffi::nxp_rx_build_gro(
                napi.as_raw(),
                dev.as_raw(),
                page.va.as_ptr().cast(),
                page.len,
                headroom,
                len,
                csum_ok,
                vlan_arg(vlan),
                tstamp.unwrap_or(0),
            )
        };
        if !ok {
            return Err(page);
        }
        // The page reference went with the skb, recycled into the pool when
        // the stack frees it.
        #[allow(clippy::forget_non_drop)]
        core::mem::forget(page);
        Ok(())
    }
}

impl PagePool<'_> {
    /// Runs `xdp`'s program on the `len` bytes at `off` in buffer `page`
    /// (written by the device and synced for the CPU), at least
    /// `XDP_PACKET_HEADROOM` bytes in, from this pool's NAPI poll. The
    /// buffer comes back unless the program sent or redirected it; a pool
    /// without an XDP queue (or a frame outside the buffer) passes it
    /// unchanged.
    pub(crate) fn run_xdp(
        &self,
        xdp: &mut XdpPoll<'_>,
        page: RxPage,
        off: u32,
        len: u32,
    ) -> (XdpVerdict, Option<RxPage>) {
        let Some(rxq) = self.rxq else {
            return (XdpVerdict::Pass { off, len }, Some(page));
        };
        if !self.fits_skb(&page, off, len) {
            return (XdpVerdict::Pass { off, len }, Some(page));
        }
        // SAFETY: A buffer of this pool (checked by `fits_skb`) that the
        // token owns, synced for the CPU (caller), `off + len` and the
        // shared info in it; from the pool's NAPI poll (caller).
        let v = unsafe { xdp.run(rxq, page.va.as_ptr(), page.len, off, len) };
        match v {
            // The frame owns the buffer now, or the redirect took it: the
            // page reference went with it.
            XdpVerdict::Tx(_) | XdpVerdict::Redirected => {
                #[allow(clippy::forget_non_drop)]
                core::mem::forget(page);
                (v, None)
            }
            _ => (v, Some(page)),
        }
    }
}

impl Drop for PagePool<'_> {
    fn drop(&mut self) {
        let rxq = self.rxq.map_or(core::ptr::null_mut(), |r| r.as_ptr());
        // SAFETY: By the type invariant we own the pool and its XDP queue
        // info; pages still in skbs or XDP frames keep it alive inside the
        // kernel until they return.
        unsafe { ffi::nxp_page_pool_destroy(self.pp.as_ptr(), rxq) }
    }
}

/// `PAGE_SIZE`.
pub(crate) const fn page_size() -> u32 {
    kernel::page::PAGE_SIZE as u32
}
