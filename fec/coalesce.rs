// SPDX-License-Identifier: GPL-2.0

//! ENET interrupt coalescing: ethtool values and the TXICn/RXICn registers.
//!
//! Pure logic, also built on the host for `cargo test` (tests/host).
//!
//! The timer counts in units of 64 cycles of the ITR clock (the AHB clock,
//! `FEC_ITR_CLK_SEL`): `cycles = usecs * (rate / 64000) / 1000`, the C
//! driver's `fec_enet_us_to_itr_clock()` (whose `int` math overflows for huge
//! values; this one does not). As in C, the values are stored verbatim, so
//! `ethtool -c` returns exactly what was set, and a direction is enabled only
//! if its time converts to at least one unit and its frame count is above 1.

/// Largest `*-frames` value (8-bit ICFT field).
pub(crate) const MAX_FRAMES: u32 = 255;
/// Largest timer value in ITR units (16-bit ICTT field).
pub(crate) const MAX_UNITS: u32 = 0xffff;
/// C defaults for both directions (`FEC_ITR_ICFT_DEFAULT`, `FEC_ITR_ICTT_DEFAULT`).
pub(crate) const DEFAULT_FRAMES: u32 = 200;
pub(crate) const DEFAULT_USECS: u32 = 1000;

/// Coalescing enable (`FEC_ITR_EN`).
pub(crate) const ITR_EN: u32 = 1 << 31;
/// Timer clock is the ENET system clock (`FEC_ITR_CLK_SEL`).
pub(crate) const ITR_CLK_SEL: u32 = 1 << 30;
/// Frame count threshold field (`FEC_ITR_ICFT`).
pub(crate) const ITR_ICFT_SHIFT: u32 = 20;
pub(crate) const ITR_ICFT_MASK: u32 = 0xff << ITR_ICFT_SHIFT;
/// Timer threshold field (`FEC_ITR_ICTT`).
pub(crate) const ITR_ICTT_MASK: u32 = 0xffff;

/// Microseconds to ITR timer units for an ITR clock of `rate_hz`; `None`
/// when the product overflows `u32`, far beyond [`MAX_UNITS`] (32-bit
/// kernels have no 64-bit division in modules, so the math stays in `u32`).
pub(crate) const fn usecs_to_units(usecs: u32, rate_hz: u32) -> Option<u32> {
    match usecs.checked_mul(rate_hz / 64000) {
        Some(p) => Some(p / 1000),
        None => None,
    }
}

/// The longest time in microseconds the timer field holds at `rate_hz`
/// (the largest `usecs` whose [`usecs_to_units`] is at most [`MAX_UNITS`]).
pub(crate) const fn max_usecs(rate_hz: u32) -> u32 {
    match ((MAX_UNITS + 1) * 1000 - 1).checked_div(rate_hz / 64000) {
        Some(us) => us,
        None => u32::MAX,
    }
}

/// Why a coalescing request was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Invalid {
    /// More than [`MAX_FRAMES`] frames.
    Frames,
    /// The time does not fit the 16-bit timer field at this clock rate.
    Usecs,
}

/// Coalescing settings of one direction, as set through ethtool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Itr {
    /// Timer threshold in microseconds.
    pub(crate) usecs: u32,
    /// Frame count threshold.
    pub(crate) frames: u32,
}

impl Itr {
    /// The C driver's defaults: 200 frames, 1000 us.
    pub(crate) const DEFAULT: Itr = Itr {
        usecs: DEFAULT_USECS,
        frames: DEFAULT_FRAMES,
    };

    /// Validates `ethtool -C` values against the hardware fields at the ITR
    /// clock rate `rate_hz`.
    pub(crate) fn new(usecs: u32, frames: u32, rate_hz: u32) -> Result<Itr, Invalid> {
        if frames > MAX_FRAMES {
            return Err(Invalid::Frames);
        }
        match usecs_to_units(usecs, rate_hz) {
            Some(u) if u <= MAX_UNITS => Ok(Itr { usecs, frames }),
            _ => Err(Invalid::Usecs),
        }
    }

    /// The settings for a profile adaptive coalescing chose (net DIM's
    /// microseconds and frames), brought into the hardware's range at
    /// `rate_hz`: at most [`MAX_FRAMES`] and the longest time, at least two
    /// frames and one timer unit, so that coalescing stays on.
    pub(crate) fn adaptive(usecs: u32, frames: u32, rate_hz: u32) -> Itr {
        let per_ms = rate_hz / 64000;
        // The shortest time of one unit: ceil(1000 / per_ms).
        let min_us = if per_ms == 0 {
            1
        } else {
            1000u32.div_ceil(per_ms)
        };
        let max_us = max_usecs(rate_hz);
        Itr {
            usecs: usecs.max(min_us).min(max_us),
            frames: frames.clamp(2, MAX_FRAMES),
        }
    }

    /// Timer units of these settings at `rate_hz` (0 when out of range).
    fn units(self, rate_hz: u32) -> u32 {
        match usecs_to_units(self.usecs, rate_hz) {
            Some(u) if u <= MAX_UNITS => u,
            _ => 0,
        }
    }

    /// Whether these settings turn coalescing on at `rate_hz`.
    pub(crate) fn enabled(self, rate_hz: u32) -> bool {
        self.units(rate_hz) > 0 && self.frames > 1
    }

    /// The value programmed into TXICn/RXICn at `rate_hz`: 0 when off.
    pub(crate) fn register(self, rate_hz: u32) -> u32 {
        if !self.enabled(rate_hz) {
            return 0;
        }
        // `new()` bounded both fields; the masks only document the layout.
        let units = self.units(rate_hz);
        ITR_EN
            | ITR_CLK_SEL
            | ((self.frames << ITR_ICFT_SHIFT) & ITR_ICFT_MASK)
            | (units & ITR_ICTT_MASK)
    }
}

/// EEE: `us` microseconds in cycles of the reference clock of `rate_hz`
/// (`fec_enet_us_to_tx_cycle()`: `us * (rate / 1000) / 1000`), without
/// its `int` overflow: saturated at `u32::MAX`. 32-bit arithmetic only
/// (no 64-bit division on 32-bit ARM).
pub(crate) fn lpi_cycles(us: u32, rate_hz: u32) -> u32 {
    let khz = rate_hz / 1000;
    let part = match (us % 1000).checked_mul(khz) {
        Some(c) => c / 1000,
        None => return u32::MAX,
    };
    match (us / 1000).checked_mul(khz) {
        Some(a) => a.saturating_add(part),
        None => u32::MAX,
    }
}
