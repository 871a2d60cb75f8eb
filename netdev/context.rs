// SPDX-License-Identifier: GPL-2.0

//! Calling contexts proven by value: bottom halves disabled, and the
//! contexts of an interrupt handler, a NAPI poll, `ndo_start_xmit` and
//! `ndo_set_rx_mode`. Only the wrapper layer's entry points make the last
//! four. A leaf of the wrapper layer: it needs only the shim.

use kernel::{
    sync::rcu,
    types::NotThreadSafe, //
};

use super::ffi;

/// Bottom halves (softirqs, hence NAPI) disabled on this CPU while alive.
///
/// Process-context code that takes a lock also taken by a NAPI poll must
/// hold one: the stock kernel crate has no `spin_lock_bh()`.
pub(crate) struct BhDisabled(core::marker::PhantomData<*mut ()>);

impl BhDisabled {
    /// `local_bh_disable()`.
    pub(crate) fn new() -> Self {
        // SAFETY: Paired with `local_bh_enable()` in `drop`, on the same CPU
        // (the guard is `!Send`).
        unsafe { ffi::nxp_local_bh_disable() };
        Self(core::marker::PhantomData)
    }
}

impl Drop for BhDisabled {
    fn drop(&mut self) {
        // SAFETY: Paired with the `local_bh_disable()` of `new`.
        unsafe { ffi::nxp_local_bh_enable() };
    }
}

/// The context of an interrupt handler ([`NetDriver::irq`](super::net::NetDriver::irq)).
///
/// # Invariants
///
/// If `irqs_off`, local interrupts stay disabled on this CPU for as long as
/// the value exists (the handler was entered with them off and never
/// enables them); the value never leaves this CPU.
pub(crate) struct IrqContext {
    irqs_off: bool,
    _cpu_local: NotThreadSafe,
}

impl IrqContext {
    /// The context of the handler being entered.
    ///
    /// # Safety
    ///
    /// If `irqs_off`, local interrupts stay disabled on this CPU for as long
    /// as the result exists.
    pub(in crate::netdev) unsafe fn new(irqs_off: bool) -> Self {
        // INVARIANT: The caller's guarantee; `NotThreadSafe` keeps the value
        // on this CPU.
        Self {
            irqs_off,
            _cpu_local: NotThreadSafe,
        }
    }

    /// Whether local interrupts are off for as long as the value exists
    /// (then a lock shared with other contexts may be taken as a plain
    /// spinlock, as C's `spin_lock()` in a handler).
    pub(in crate::netdev) fn irqs_off(&self) -> bool {
        self.irqs_off
    }
}

/// The context of `ndo_set_rx_mode` ([`NetDriver::set_rx_mode`](super::net::NetDriver::set_rx_mode)): the
/// stack holds the device's address list lock (`netif_addr_lock_bh()`), so
/// the multicast list is read without taking it
/// ([`NetDev::mc_filter`](super::net::NetDev::mc_filter)).
///
/// # Invariants
///
/// Exists only within an `ndo_set_rx_mode` call on this CPU, and never
/// leaves it (`NotThreadSafe`).
pub(crate) struct RxModeCtx {
    _cpu: NotThreadSafe,
}

impl RxModeCtx {
    /// The context of the `ndo_set_rx_mode` call being entered.
    ///
    /// # Safety
    ///
    /// Called by `ndo_set_rx_mode`, and the result dropped before it
    /// returns.
    pub(in crate::netdev) unsafe fn new() -> Self {
        // INVARIANT: the caller's guarantee.
        Self {
            _cpu: NotThreadSafe,
        }
    }
}

/// The context of a NAPI poll ([`NetDriver::poll`](super::net::NetDriver::poll)):
/// what only a poll may do takes it (completing its instance, freeing Tx
/// skbs into the NAPI cache, handing frames to GRO).
///
/// # Invariants
///
/// Exists only within a NAPI poll callback (softirq context, or netpoll with
/// a budget of 0) on this CPU, and never leaves it (`NotThreadSafe`);
/// `napi` is the instance being polled.
pub(crate) struct PollCtx {
    budget: i32,
    napi: *mut ffi::NxpNapi,
    _cpu: NotThreadSafe,
}

impl PollCtx {
    /// The context of the poll of instance `napi` being entered with
    /// `budget`.
    ///
    /// # Safety
    ///
    /// Called by the poll callback of `napi`, and the result dropped before
    /// it returns.
    pub(in crate::netdev) unsafe fn new(budget: i32, napi: *mut ffi::NxpNapi) -> Self {
        // INVARIANT: the caller's guarantee.
        Self {
            budget,
            napi,
            _cpu: NotThreadSafe,
        }
    }

    /// The instance being polled (compared, never dereferenced here).
    pub(in crate::netdev) fn napi(&self) -> *mut ffi::NxpNapi {
        self.napi
    }

    /// The poll's budget (0: netpoll, no Rx work).
    pub(crate) fn budget(&self) -> i32 {
        self.budget
    }
}

/// The context of `ndo_start_xmit` ([`NetDriver::start_xmit`](super::net::NetDriver::start_xmit)): the stack
/// holds the queue's xmit lock. What only xmit may do takes it (reporting
/// to BQL, `netdev_xmit_more()`).
///
/// # Invariants
///
/// Exists only within an `ndo_start_xmit` call on this CPU, and never leaves
/// it (`NotThreadSafe`).
pub(crate) struct XmitCtx {
    _cpu: NotThreadSafe,
}

impl XmitCtx {
    /// The context of the `ndo_start_xmit` call being entered.
    ///
    /// # Safety
    ///
    /// Called by `ndo_start_xmit`, and the result dropped before it returns.
    pub(in crate::netdev) unsafe fn new() -> Self {
        // INVARIANT: the caller's guarantee.
        Self {
            _cpu: NotThreadSafe,
        }
    }

    /// `netdev_xmit_more()`: whether the stack hands the driver another
    /// packet right after this one (the doorbell may wait for it).
    pub(crate) fn more(&self) -> bool {
        // SAFETY: The helper reads a per-CPU flag, in any context;
        // meaningful here (in xmit).
        unsafe { ffi::nxp_xmit_more() }
    }
}

/// A value that proves an RCU read-side critical section for as long as it
/// is borrowed: what RCU protects, read under it, stays alive that long.
///
/// # Safety
///
/// A value of an implementing type exists only inside an RCU read-side
/// critical section on its CPU, and never leaves that CPU.
pub(crate) unsafe trait RcuReader {}

// SAFETY: The guard holds `rcu_read_lock()` while it lives, and is not
// `Send`.
unsafe impl RcuReader for rcu::Guard {}

// SAFETY: A NAPI poll runs with bottom halves disabled (softirq, threaded
// NAPI, busy polling) or interrupts disabled (netpoll), and that is an RCU
// read-side critical section: the RCU flavours are one since Linux 4.20,
// and on PREEMPT_RT `local_bh_disable()` takes the RCU read lock. (The C
// drivers read their XDP program in the poll so.) A `PollCtx` exists only
// within the poll, on its CPU (type invariant).
unsafe impl RcuReader for PollCtx {}
