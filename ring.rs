// SPDX-License-Identifier: GPL-2.0

//! Descriptor ring geometry and index arithmetic, shared by both drivers.
//!
//! Pure logic, also built on the host for `cargo test` (tests/host).
//!
//! Rings have a power-of-two number of descriptors. The producer and the
//! consumer each keep a free-running `u32` counter; a counter maps to a slot by
//! masking, and `produced - consumed` (wrapping) is the number of descriptors
//! in flight. This needs no "one slot kept empty" rule and no modulo.

/// Why a ring size was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SizeError {
    /// Not a power of two.
    NotPowerOfTwo,
    /// Smaller than the ring's minimum.
    TooSmall,
    /// Larger than the ring's maximum.
    TooLarge,
}

/// Limits of a ring: its hardware (or design) minimum and maximum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Limits {
    /// Smallest accepted size.
    pub(crate) min: u32,
    /// Largest accepted size.
    pub(crate) max: u32,
}

/// A validated ring size.
///
/// # Invariants
///
/// The size is a nonzero power of two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RingSize(u32);

impl RingSize {
    /// Validates `size` against `limits` (`ethtool -G` input).
    pub(crate) fn new(size: u32, limits: Limits) -> Result<Self, SizeError> {
        if size < limits.min {
            return Err(SizeError::TooSmall);
        }
        if size > limits.max {
            return Err(SizeError::TooLarge);
        }
        if !size.is_power_of_two() {
            return Err(SizeError::NotPowerOfTwo);
        }
        // INVARIANT: a power of two was checked above.
        Ok(Self(size))
    }

    /// Number of descriptors.
    pub(crate) const fn get(self) -> u32 {
        self.0
    }

    /// Slot of a free-running counter.
    #[inline]
    pub(crate) const fn slot(self, counter: u32) -> usize {
        (counter & (self.0 - 1)) as usize
    }

    /// Whether the slot of `counter` is the last one (the wrap bit of many
    /// descriptor formats belongs there).
    #[inline]
    pub(crate) const fn is_last(self, counter: u32) -> bool {
        counter & (self.0 - 1) == self.0 - 1
    }
}

/// Producer/consumer position of a ring.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Cursor {
    /// Descriptors handed to the hardware so far (free-running).
    pub(crate) produced: u32,
    /// Descriptors reclaimed from the hardware so far (free-running).
    pub(crate) consumed: u32,
}

impl Cursor {
    /// Descriptors owned by the hardware or awaiting reclaim.
    #[inline]
    pub(crate) const fn in_flight(self) -> u32 {
        self.produced.wrapping_sub(self.consumed)
    }

    /// Descriptors the producer may still fill.
    #[inline]
    pub(crate) const fn free(self, size: RingSize) -> u32 {
        size.get().saturating_sub(self.in_flight())
    }
}

/// A driver's validated ring configuration: sizes and Tx stop/wake thresholds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RingConfig {
    /// Tx descriptors.
    pub(crate) tx: RingSize,
    /// Rx descriptors.
    pub(crate) rx: RingSize,
    /// Tx queue stop/wake thresholds for `tx`.
    pub(crate) thresholds: crate::qdisc_hooks::TxThresholds,
    /// Tx limits (the minimum holds the thresholds' worth of descriptors).
    pub(crate) tx_limits: Limits,
}

/// Smallest Rx ring accepted by either driver.
pub(crate) const MIN_RX_RING: u32 = 8;

impl RingConfig {
    /// Validates `tx` and `rx` for packets of up to `descs(n)` descriptors
    /// on a Tx ring of `n` (the share a TSO packet may take grows with the
    /// ring) and rings of at most `max` descriptors (`ethtool -G` input).
    pub(crate) fn new(
        tx: u32,
        rx: u32,
        descs: impl Fn(u32) -> u32,
        max: u32,
    ) -> Result<Self, SizeError> {
        use crate::qdisc_hooks::TxThresholds;
        let tx_limits = Limits {
            min: Self::min_tx(&descs, max),
            max,
        };
        let tx = RingSize::new(tx, tx_limits)?;
        let rx = RingSize::new(
            rx,
            Limits {
                min: MIN_RX_RING,
                max,
            },
        )?;
        let thresholds =
            TxThresholds::new(tx.get(), descs(tx.get())).map_err(|_| SizeError::TooSmall)?;
        Ok(Self {
            tx,
            rx,
            thresholds,
            tx_limits,
        })
    }

    /// The smallest Tx ring (a power of two up to `max`) that holds the
    /// stop/wake thresholds of its own packets (`descs`); `max` doubled if
    /// none does (every size is then too small).
    pub(crate) fn min_tx(descs: &impl Fn(u32) -> u32, max: u32) -> u32 {
        use crate::qdisc_hooks::TxThresholds;
        let mut n: u32 = 1;
        while n <= max {
            if n >= TxThresholds::min_ring(descs(n)) {
                return n;
            }
            match n.checked_mul(2) {
                Some(m) => n = m,
                None => break,
            }
        }
        max.saturating_mul(2)
    }
}
