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

    /// Publishes read-only value `i`.
    pub(crate) fn set(&self, i: usize, v: u32) {
        if let Some(x) = self.vals.x32.get(i) {
            x.store(v, Ordering::Relaxed);
        }
    }

    /// Adds `v` to read-only value `i` (a count the driver publishes).
    pub(crate) fn add(&self, i: usize, v: u32) {
        if let Some(x) = self.vals.x32.get(i) {
            x.fetch_add(v, Ordering::Relaxed);
        }
    }

    /// Read-only value `i`.
    pub(crate) fn get(&self, i: usize) -> u32 {
        self.vals
            .x32
            .get(i)
            .map_or(0, |x| x.load(Ordering::Relaxed))
    }

    /// Whether knob `i` is positive.
    pub(crate) fn is_set(&self, i: usize) -> bool {
        self.vals
            .knobs
            .get(i)
            .is_some_and(|k| k.load(Ordering::Relaxed) > 0)
    }

    /// Sets knob `i` back to 0; true if it was positive.
    pub(crate) fn clear(&self, i: usize) -> bool {
        self.vals
            .knobs
            .get(i)
            .is_some_and(|k| k.swap(0, Ordering::Relaxed) > 0)
    }

    /// Takes one unit from knob `i` if it is positive; true if it was.
    pub(crate) fn take(&self, i: usize) -> bool {
        self.vals.knobs.get(i).is_some_and(|k| {
            k.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |v| {
                (v > 0).then(|| v - 1)
            })
            .is_ok()
        })
    }
}

impl<const X: usize, const K: usize> Drop for DebugDir<X, K> {
    fn drop(&mut self) {
        // SAFETY: By the type invariant; after this no file reaches `vals`.
        unsafe { ffi::nxp_debugfs_remove(self.dir) };
    }
}
