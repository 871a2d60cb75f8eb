// SPDX-License-Identifier: GPL-2.0

//! A per-device debugfs directory: read-only values the driver publishes
//! (what it programmed into registers QEMU does not keep) and writable
//! knobs (fault injection for tests).

use core::sync::atomic::{
    AtomicI32,
    AtomicU32,
    Ordering, //
};
use kernel::{
    bindings,
    prelude::*, //
};

use super::ffi;

/// Read-only value `I` of a [`DebugDir`]: a type of its own, so that a knob
/// cannot be passed for it, and checked against the directory's size when
/// the driver is built.
#[derive(Clone, Copy)]
pub(crate) struct Value<const I: usize>;

/// Writable knob `I` of a [`DebugDir`] (see [`Value`]).
#[derive(Clone, Copy)]
pub(crate) struct Knob<const I: usize>;

/// The values behind the files; boxed so their addresses stay put.
struct Values<const X: usize, const K: usize> {
    x32: [AtomicU32; X],
    knobs: [AtomicI32; K],
}

/// `/sys/kernel/debug/<name>/` with `X` read-only hex values and `K`
/// writable integer knobs.
///
/// # Invariants
///
/// `dir` was returned by `debugfs_create_dir()` (possibly an error pointer,
/// which debugfs accepts everywhere) and its files point into `vals`; it is
/// removed in `drop` before `vals` is freed.
pub(crate) struct DebugDir<const X: usize, const K: usize> {
    dir: *mut bindings::dentry,
    vals: KBox<Values<X, K>>,
}

// SAFETY: debugfs directories may be removed from any thread; the values are
// atomics.
unsafe impl<const X: usize, const K: usize> Send for DebugDir<X, K> {}
// SAFETY: Only atomics are reachable through `&DebugDir`.
unsafe impl<const X: usize, const K: usize> Sync for DebugDir<X, K> {}

impl<const X: usize, const K: usize> DebugDir<X, K> {
    /// Creates the directory `name` with the files `x32` (hex, 0444) and
    /// `knobs` (0600), all starting at 0. debugfs being unavailable is not
    /// an error: the values then just have no files.
    pub(crate) fn new(name: &CStr, x32: [&CStr; X], knobs: [&CStr; K]) -> Result<Self> {
        let vals = KBox::new(
            Values {
                x32: [const { AtomicU32::new(0) }; X],
                knobs: [const { AtomicI32::new(0) }; K],
            },
            GFP_KERNEL,
        )?;
        // SAFETY: `name` is NUL-terminated (copied by debugfs).
        let dir = unsafe { ffi::nxp_debugfs_create_dir(name.as_char_ptr()) };
        for (n, v) in x32.iter().zip(vals.x32.iter()) {
            // SAFETY: `dir` is a debugfs directory (or error pointer); `v`
            // lives in `vals`, which outlives the file (removed first in
            // `drop`). `AtomicU32` has the layout of `u32`; debugfs reads it
            // with a plain load, as C reads such values.
            unsafe { ffi::nxp_debugfs_create_x32(dir, n.as_char_ptr(), v.as_ptr()) };
        }
        for (n, v) in knobs.iter().zip(vals.knobs.iter()) {
            // SAFETY: As above; `AtomicI32` has the layout of `atomic_t`,
            // which debugfs accesses with atomic_read()/atomic_set().
            unsafe { ffi::nxp_debugfs_create_atomic(dir, n.as_char_ptr(), v.as_ptr().cast()) };
        }
        // INVARIANT: the files point into `vals`, owned by the new value.
        Ok(Self { dir, vals })
    }

    /// Publishes read-only value `I`.
    pub(crate) fn set<const I: usize>(&self, _: Value<I>, v: u32) {
        const { assert!(I < X) };
        self.vals.x32[I].store(v, Ordering::Relaxed);
    }

    /// Adds `v` to read-only value `I` (a count the driver publishes).
    pub(crate) fn add<const I: usize>(&self, _: Value<I>, v: u32) {
        const { assert!(I < X) };
        self.vals.x32[I].fetch_add(v, Ordering::Relaxed);
    }

    /// Read-only value `I`.
    pub(crate) fn get<const I: usize>(&self, _: Value<I>) -> u32 {
        const { assert!(I < X) };
        self.vals.x32[I].load(Ordering::Relaxed)
    }

    /// Whether knob `I` is positive.
    pub(crate) fn is_set<const I: usize>(&self, _: Knob<I>) -> bool {
        const { assert!(I < K) };
        self.vals.knobs[I].load(Ordering::Relaxed) > 0
    }

    /// Sets knob `I` back to 0; true if it was positive.
    pub(crate) fn clear<const I: usize>(&self, _: Knob<I>) -> bool {
        const { assert!(I < K) };
        self.vals.knobs[I].swap(0, Ordering::Relaxed) > 0
    }

    /// Takes one unit from knob `I` if it is positive; true if it was.
    pub(crate) fn take<const I: usize>(&self, _: Knob<I>) -> bool {
        const { assert!(I < K) };
        self.vals.knobs[I]
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |v| {
                (v > 0).then(|| v - 1)
            })
            .is_ok()
    }
}

impl<const X: usize, const K: usize> Drop for DebugDir<X, K> {
    fn drop(&mut self) {
        // SAFETY: By the type invariant; after this no file reaches `vals`.
        unsafe { ffi::nxp_debugfs_remove(self.dir) };
    }
}
