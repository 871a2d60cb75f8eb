// SPDX-License-Identifier: GPL-2.0

//! A spinlock for the data paths' rings whose lock and unlock are calls
//! inside the module.
//!
//! The kernel crate's [`SpinLock`](kernel::sync::SpinLock) reaches
//! `spin_lock()` through the kernel's Rust helpers: from a loadable module
//! each is a call through a PLT stub, and every lock also calls
//! `rust_helper_spin_assert_is_held()`, which is empty without lockdep. The
//! Tx ring's lock is taken once per packet, the Rx ring's once per poll.
//! [`ShimSpinLock`] is the same `spinlock_t` and the same [`Lock`], its
//! backend the shim's copies of those helpers: direct calls, and the
//! assertion only with lockdep.

use kernel::{
    bindings,
    ffi::c_char,
    sync::lock::{
        Backend,
        Lock, //
    },
};

use super::ffi;

/// A `spinlock_t` taken through the shim ([`ShimSpinBackend`]); made by
/// [`new_shim_spinlock!`].
pub(crate) type ShimSpinLock<T> = Lock<T, ShimSpinBackend>;

/// The backend of [`ShimSpinLock`].
pub(crate) struct ShimSpinBackend;

// SAFETY: The underlying `spinlock_t` ensures mutual exclusion, as for the
// kernel crate's `SpinLockBackend`, whose helpers the shim's functions
// copy; `relock` uses the default implementation that always calls the
// same locking method.
unsafe impl Backend for ShimSpinBackend {
    type State = bindings::spinlock_t;
    type GuardState = ();

    #[inline]
    unsafe fn init(ptr: *mut Self::State, name: *const c_char, key: *mut bindings::lock_class_key) {
        // SAFETY: The caller guarantees that `ptr` is valid for writes and
        // that `name` and `key` stay valid for reads indefinitely.
        unsafe { ffi::nxp_spin_lock_init(ptr, name, key) }
    }

    #[inline]
    unsafe fn lock(ptr: *mut Self::State) -> Self::GuardState {
        // SAFETY: The caller guarantees that `ptr` points to an initialised
        // lock.
        unsafe { ffi::nxp_spin_lock(ptr) }
    }

    #[inline]
    unsafe fn unlock(ptr: *mut Self::State, _guard_state: &Self::GuardState) {
        // SAFETY: The caller guarantees that `ptr` is valid and that it owns
        // the lock.
        unsafe { ffi::nxp_spin_unlock(ptr) }
    }

    #[inline]
    unsafe fn try_lock(ptr: *mut Self::State) -> Option<Self::GuardState> {
        // SAFETY: The caller guarantees that `ptr` points to an initialised
        // lock.
        unsafe { ffi::nxp_spin_trylock(ptr) }.then_some(())
    }

    #[inline]
    unsafe fn assert_is_held(_ptr: *mut Self::State) {
        // SAFETY: The caller guarantees that `_ptr` points to an initialised
        // lock.
        #[cfg(CONFIG_LOCKDEP)]
        unsafe {
            ffi::nxp_spin_assert_held(_ptr)
        }
    }
}

/// A [`ShimSpinLock`] holding `$inner`, with its own lockdep class and,
/// optionally, a name (as `new_spinlock!`).
macro_rules! new_shim_spinlock {
    ($inner:expr $(, $name:literal)? $(,)?) => {
        $crate::netdev::sync::ShimSpinLock::new(
            $inner,
            ::kernel::optional_name!($($name)?),
            ::kernel::static_lock_class!(),
        )
    };
}
pub(crate) use new_shim_spinlock;
