// SPDX-License-Identifier: GPL-2.0

//! NAPI instances and interrupt lines of a network device.
//!
//! Both call back into the driver through the `net_device`:
//! [`NetDriver::poll`](super::net::NetDriver::poll) with the instance's `id`,
//! [`NetDriver::irq`](super::net::NetDriver::irq) with the line's `id`.

use core::{
    marker::PhantomData,
    ptr::NonNull,
    sync::atomic::{
        AtomicBool,
        Ordering, //
    }, //
};
use kernel::{
    error::to_result,
    new_mutex,
    prelude::*,
    sync::{
        Arc,
        Mutex,
        MutexGuard, //
    }, //
};

pub(crate) use super::context::PollCtx;
use super::{
    context::IrqContext,
    ffi,
    mmio::{
        ByteOrder,
        IrqMask,
        Mmio, //
    },
    net::NetDev, //
};

/// A NAPI instance in a poll: where the poll hands frames to GRO
/// ([`Napi::polled`]).
///
/// # Invariants
///
/// `poll` is the context of a poll of `napi`.
#[derive(Clone, Copy)]
pub(crate) struct Polled<'a> {
    napi: &'a Napi<'a>,
    poll: &'a PollCtx,
}

impl Polled<'_> {
    /// The instance, for the shim (GRO on it is allowed: in a poll).
    pub(crate) fn as_raw(&self) -> *mut ffi::NxpNapi {
        self.napi.as_raw()
    }

    /// Which instance polls.
    pub(crate) fn id(&self) -> NapiId {
        self.napi.id()
    }

    /// The poll's context.
    pub(crate) fn ctx(&self) -> &PollCtx {
        self.poll
    }
}

/// Which NAPI instance something belongs to ([`Napi::id`]): for checks that
/// two values pair up, never to reach the instance.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct NapiId(usize);

/// A NAPI instance held disabled ([`Napi::held_off`]).
///
/// # Invariants
///
/// Holds the lock of the instance's `enabled` flag, which is false: the
/// instance is disabled (`napi_disable()` returned, so no poll of it runs)
/// and stays so while the value lives; `id` is that instance's.
pub(crate) struct NapiOff<'a> {
    _enabled: MutexGuard<'a, bool>,
    id: NapiId,
}

impl NapiOff<'_> {
    /// The instance held disabled.
    pub(crate) fn id(&self) -> NapiId {
        self.id
    }
}

/// A NAPI instance (`struct napi_struct` in a shim container) of a
/// `net_device` alive for `'a` ([`NetDev`]).
///
/// # Invariants
///
/// `raw` was added to a net_device alive for `'a` by `nxp_napi_add()` and
/// is owned by this value (deleted on drop). `enabled` says whether it is enabled; it
/// changes only with the lock held, around `napi_enable()` /
/// `napi_disable()`, so the two never run twice in a row or at once (the
/// kernel BUGs on a second enable and waits forever in a second disable).
pub(crate) struct Napi<'a> {
    raw: NonNull<ffi::NxpNapi>,
    _dev: PhantomData<NetDev<'a>>,
    enabled: Pin<KBox<Mutex<bool>>>,
    /// Adaptive coalescing is on (a copy of the shim's flag, so that a poll
    /// without it makes no call).
    dim_on: AtomicBool,
}

// SAFETY: NAPI calls are made from any CPU; the kernel serializes polls.
unsafe impl Send for Napi<'_> {}
// SAFETY: See `Send`; the methods are the kernel's concurrent-safe NAPI API,
// and enable/disable are serialized by `enabled`'s lock.
unsafe impl Sync for Napi<'_> {}

impl<'a> Napi<'a> {
    /// Adds a NAPI instance to `dev`, disabled: Tx confirmation (`tx`,
    /// excluded from busy polling) or Rx; linked to `irq` for netlink.
    pub(crate) fn new(dev: NetDev<'a>, id: u32, tx: bool, irq: Option<u32>) -> Result<Self> {
        let enabled = KBox::pin_init(new_mutex!(false), GFP_KERNEL)?;
        let irq = irq.and_then(|i| i32::try_from(i).ok()).unwrap_or(-1);
        // SAFETY: `dev` is a live net_device.
        let n = unsafe { ffi::nxp_napi_add(dev.as_raw(), id, tx, irq) };
        // INVARIANT: added by the shim (disabled, as netif_napi_add() leaves
        // it), owned by the new value.
        NonNull::new(n)
            .map(|raw| Self {
                raw,
                _dev: PhantomData,
                enabled,
                dim_on: AtomicBool::new(false),
            })
            .ok_or(ENOMEM)
    }

    pub(crate) fn as_raw(&self) -> *mut ffi::NxpNapi {
        self.raw.as_ptr()
    }

    /// The instance's identity (its shim container's address, unique among
    /// live instances).
    pub(crate) fn id(&self) -> NapiId {
        NapiId(self.raw.as_ptr() as usize)
    }

    /// The instance in its poll `poll`: where the poll hands frames to GRO
    /// and which the reports of a poll name. `None` if `poll` is another
    /// instance's.
    pub(crate) fn polled<'p>(&'p self, poll: &'p PollCtx) -> Option<Polled<'p>> {
        // INVARIANT: `poll` is this instance's poll (checked).
        (poll.napi() == self.as_raw()).then_some(Polled { napi: self, poll })
    }

    /// The instance held disabled: `None` if it is enabled. While the
    /// value lives nobody can enable it, so its poll does not run. May
    /// sleep.
    pub(crate) fn held_off(&self) -> Option<NapiOff<'_>> {
        let on = self.enabled.lock();
        // INVARIANT: The flag's lock is held and the flag is false; the id
        // is this instance's.
        (!*on).then_some(NapiOff {
            _enabled: on,
            id: self.id(),
        })
    }

    /// `napi_enable()`, unless the instance is enabled already. May sleep.
    pub(crate) fn enable(&self) {
        let mut on = self.enabled.lock();
        if !*on {
            // SAFETY: Valid instance, disabled (type invariant).
            unsafe { ffi::nxp_napi_enable(self.as_raw()) };
            *on = true;
        }
    }

    /// `napi_disable()` (which waits for a running poll), unless the
    /// instance is disabled already. May sleep.
    pub(crate) fn disable(&self) {
        let mut on = self.enabled.lock();
        if *on {
            // SAFETY: Valid instance, enabled (type invariant).
            unsafe { ffi::nxp_napi_disable(self.as_raw()) };
            *on = false;
        }
    }

    /// Schedules the instance unless it is already scheduled or disabled
    /// (`napi_schedule()`, the `_irqoff` form in interrupt handlers); true
    /// if it was scheduled now.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn schedule(&self) -> bool {
        // SAFETY: Valid instance (type invariant).
        unsafe { ffi::nxp_napi_schedule(self.as_raw()) }
    }

    /// `napi_complete_done()`: true if the instance is done and the driver
    /// must unmask its interrupt source. From the instance's own poll.
    pub(crate) fn complete_done(&self, _poll: &PollCtx, work: i32) -> bool {
        // SAFETY: Valid instance, from a poll (`PollCtx`).
        unsafe { ffi::nxp_napi_complete_done(self.as_raw(), work) }
    }

    /// Switches the instance's adaptive coalescing (the kernel's net DIM) on
    /// or off. While it is on, DIM samples what [`Napi::dim_poll`] reports
    /// and hands each new profile to
    /// [`NetDriver::dim_apply`](super::net::NetDriver::dim_apply) (from a
    /// work item, which disabling the instance or switching DIM off waits
    /// for). Returns the profile DIM starts from (or, when switched off,
    /// the one it had) as (microseconds, frames). May sleep.
    pub(crate) fn set_adaptive(&self, on: bool) -> (u32, u32) {
        let (mut usecs, mut frames) = (0, 0);
        self.dim_on.store(on, Ordering::Relaxed);
        // SAFETY: Valid instance (type invariant); the out pointers are
        // locals. The shim serializes the DIM state with its own lock.
        unsafe { ffi::nxp_napi_dim_set(self.as_raw(), on, &mut usecs, &mut frames) };
        (usecs, frames)
    }

    /// Whether adaptive coalescing is on.
    pub(crate) fn adaptive(&self) -> bool {
        self.dim_on.load(Ordering::Relaxed)
    }

    /// Reports one poll's completed packets and bytes to adaptive
    /// coalescing (nothing when it is off). Meant for the instance's own
    /// poll, once per poll; from elsewhere it only skews DIM's measurement.
    pub(crate) fn dim_poll(&self, packets: u32, bytes: u32) {
        if self.dim_on.load(Ordering::Relaxed) {
            // SAFETY: Valid instance (type invariant); the shim takes its
            // DIM lock, in any context.
            unsafe { ffi::nxp_napi_dim_poll(self.as_raw(), packets, bytes) };
        }
    }

    /// Schedules the instance at the latest `usecs` from now, unless that
    /// is pending already: the bound on the wait of Tx completions whose
    /// packets requested no interrupt (`qdisc_hooks::TxIrqBatch`). Call it
    /// after publishing the packet to the poll (a full barrier comes
    /// first). Disabling the instance cancels it.
    pub(crate) fn tx_timer_arm(&self, usecs: u32) {
        // SAFETY: Valid instance (type invariant); hrtimers may be started
        // in any context.
        unsafe { ffi::nxp_napi_tx_timer_arm(self.as_raw(), usecs) }
    }

    /// Cancels a pending [`Napi::tx_timer_arm`] (no completion is owed);
    /// one whose callback is running goes on. A full barrier follows: the
    /// caller reads the ring again afterwards and re-arms if a packet was
    /// published meanwhile (whose xmit may have seen the timer pending).
    pub(crate) fn tx_timer_cancel(&self) {
        // SAFETY: Valid instance (type invariant); `hrtimer_try_to_cancel()`
        // does not wait, so any context is fine.
        unsafe { ffi::nxp_napi_tx_timer_cancel(self.as_raw()) }
    }

    /// Links queue `queue` of the instance's device (Tx or Rx) to this
    /// instance for netlink; an index past the device's queues is a bug the
    /// shim warns about and ignores. (The device is the instance's own: a
    /// queue of another device could outlive the instance.)
    pub(crate) fn link_queue(&self, queue: u32, tx: bool) {
        // SAFETY: Valid instance of a live device (the shim bounds the
        // index); called under RTNL (open/stop).
        unsafe { ffi::nxp_napi_link_queue(self.as_raw(), queue, tx) }
    }

    /// Removes the netlink link of queue `queue`.
    pub(crate) fn unlink_queue(dev: NetDev<'_>, queue: u32, tx: bool) {
        // SAFETY: Valid device (the shim bounds the index); NULL removes the
        // link; called under RTNL.
        unsafe { ffi::nxp_queue_set_napi(dev.as_raw(), queue, tx, core::ptr::null_mut()) }
    }
}

impl Drop for Napi<'_> {
    fn drop(&mut self) {
        // netif_napi_del() wants the instance disabled.
        self.disable();
        // SAFETY: By the type invariant we own the instance, now disabled.
        unsafe { ffi::nxp_napi_del(self.as_raw()) }
    }
}

impl<E: ByteOrder, const W: usize> IrqMask<E, W> {
    /// From an interrupt handler (`ctx`): masks `bits` ([`IrqMask::take`]
    /// with `bits` as both events and group) and schedules `napi`, in one
    /// shim call (the work of a handler whose source one NAPI instance
    /// serves); returns the bits that were unmasked.
    #[cfg_attr(nxp_fec, expect(dead_code))]
    #[inline]
    pub(crate) fn take_schedule(
        &self,
        mmio: &Mmio<E, W>,
        ctx: &IrqContext,
        bits: u32,
        napi: &Napi<'_>,
    ) -> u32 {
        let (m, reg, be) = self.shim_parts(mmio);
        // With `irqs_off` local interrupts stay off for the call
        // (`IrqContext`'s invariant): the shim takes the lock plainly.
        // SAFETY: Mask and register valid while the borrows of `self` and
        // `mmio` last; `napi` valid (type invariant); see above.
        unsafe { ffi::nxp_irq_mask_take_schedule(m, reg, be, ctx.irqs_off(), bits, napi.as_raw()) }
    }
}

/// An Rx NAPI instance, shared with the page pools of its rings: a pool
/// recycles buffers straight to the instance's CPU and reads the instance
/// for that on every skb free and at its destroy, so it holds a reference
/// and the instance goes only after the last pool ([`PagePool`]). Not
/// `Clone`: driver code owns it once, as a [`Napi`].
///
/// [`PagePool`]: super::page_pool::PagePool
pub(crate) struct RxNapi<'a>(pub(super) Arc<Napi<'a>>);

impl<'a> RxNapi<'a> {
    /// [`Napi::new`] for Rx.
    pub(crate) fn new(dev: NetDev<'a>, id: u32, irq: Option<u32>) -> Result<Self> {
        Ok(Self(Arc::new(Napi::new(dev, id, false, irq)?, GFP_KERNEL)?))
    }
}

impl<'a> core::ops::Deref for RxNapi<'a> {
    type Target = Napi<'a>;

    fn deref(&self) -> &Napi<'a> {
        &self.0
    }
}

/// A requested interrupt line of a `net_device`'s driver, freed on drop:
/// its handler calls the driver state, so it does not outlive the device
/// (`'a`, [`NetDev`]).
///
/// # Invariants
///
/// `0` was requested by `nxp_irq_request()` for a net_device alive for
/// `'a` and is owned by this value.
pub(crate) struct Irq<'a>(NonNull<ffi::NxpIrq>, PhantomData<NetDev<'a>>);

// SAFETY: free_irq() may be called from any thread in process context.
unsafe impl Send for Irq<'_> {}
// SAFETY: No methods take `&self`.
unsafe impl Sync for Irq<'_> {}

impl<'a> Irq<'a> {
    /// Requests Linux IRQ `irq` as source `id` of `dev`'s driver.
    pub(crate) fn request(irq: u32, name: &'static CStr, dev: NetDev<'a>, id: u32) -> Result<Self> {
        let mut err = 0;
        let (name, dev) = (name.as_char_ptr(), dev.as_raw());
        // SAFETY: `dev` is a live net_device whose driver state is set; `name`
        // is static.
        let i = unsafe { ffi::nxp_irq_request(irq, name, dev, id, &mut err) };
        // INVARIANT: requested by the shim, owned by the new value.
        NonNull::new(i)
            .map(|i| Self(i, PhantomData))
            .ok_or_else(|| Error::from_errno(err))
    }

    /// Arms the line to wake the system from sleep (`enable_irq_wake()`),
    /// its handler kept off until it is disarmed (`on == false`).
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn set_wake(&mut self, on: bool) -> Result {
        // SAFETY: By the type invariant the request is live and ours.
        to_result(unsafe { ffi::nxp_irq_set_wake(self.0.as_ptr(), on) })
    }
}

impl Drop for Irq<'_> {
    fn drop(&mut self) {
        // SAFETY: By the type invariant we own the request; free_irq() waits
        // for a running handler.
        unsafe { ffi::nxp_irq_free(self.0.as_ptr()) }
    }
}
