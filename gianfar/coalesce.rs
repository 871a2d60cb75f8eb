// SPDX-License-Identifier: GPL-2.0

//! eTSEC interrupt coalescing: ethtool values and the TXIC/RXIC registers.
//!
//! Pure logic, also built on the host for `cargo test` (tests/host).
//!
//! The coalescing timer counts in ticks of 64 interface clocks, so a tick's
//! length depends on the link speed (`gianfar.h`: `GFAR_GBIT_TIME` 512 ns,
//! `GFAR_100_TIME` 2560 ns, `GFAR_10_TIME` 25600 ns). Like the C driver
//! (`gianfar_ethtool.c`: `gfar_usecs2ticks`, `gfar_ticks2usecs`) a set rounds
//! microseconds up to ticks and a get truncates ticks to microseconds, so a
//! value read back may differ from the one set by less than one tick (at
//! 100 Mbit/s, 1 us reads back as 2); reading back and setting that value
//! again is stable. Unlike the C driver, which masks an oversized tick count to 16
//! bits and so programs a much shorter timer than asked, a time that does not
//! fit the 16-bit ICTT field at the current speed is rejected.

/// Largest `*-usecs` value accepted (`GFAR_MAX_COAL_USECS`).
pub(crate) const MAX_USECS: u32 = 0xffff;
/// Largest `*-frames` value accepted (`GFAR_MAX_COAL_FRAMES`, the 8-bit ICFT).
pub(crate) const MAX_FRAMES: u32 = 0xff;

/// Interrupt coalescing enable (`IC_ICEN`).
pub(crate) const IC_ICEN: u32 = 0x8000_0000;
/// Frame count threshold field (`IC_ICFT_MASK`, `IC_ICFT_SHIFT`).
pub(crate) const IC_ICFT_MASK: u32 = 0x1fe0_0000;
pub(crate) const IC_ICFT_SHIFT: u32 = 21;
/// Timer threshold field in ticks (`IC_ICTT_MASK`).
pub(crate) const IC_ICTT_MASK: u32 = 0x0000_ffff;

/// Nanoseconds per coalescing tick at a link speed in Mbit/s; unknown speeds
/// count as 10 Mbit/s, as in the C driver.
pub(crate) const fn ns_per_tick(speed_mbps: u32) -> u32 {
    match speed_mbps {
        1000 => 512,
        100 => 2560,
        _ => 25600,
    }
}

/// Microseconds to ticks, rounding up so that a nonzero time stays nonzero.
/// `usecs` must be at most [`MAX_USECS`] (65.5 M ns fit in `u32`; 32-bit
/// kernels have no 64-bit division in modules).
pub(crate) const fn usecs_to_ticks(usecs: u32, speed_mbps: u32) -> u32 {
    let usecs = if usecs > MAX_USECS { MAX_USECS } else { usecs };
    (usecs * 1000).div_ceil(ns_per_tick(speed_mbps))
}

/// The largest `*-usecs` value [`Ic::from_ethtool`] takes at a link speed:
/// [`MAX_USECS`], or less where its ticks would overflow the 16-bit ICTT
/// field (33553 us at 1 Gbit/s).
pub(crate) const fn max_usecs(speed_mbps: u32) -> u32 {
    // 0xffff * 25600 fits in u32.
    let usecs = IC_ICTT_MASK * ns_per_tick(speed_mbps) / 1000;
    if usecs > MAX_USECS {
        MAX_USECS
    } else {
        usecs
    }
}

/// Ticks (16 bits) to microseconds, truncating.
pub(crate) const fn ticks_to_usecs(ticks: u16, speed_mbps: u32) -> u32 {
    // 0xffff * 25600 fits in u32.
    ticks as u32 * ns_per_tick(speed_mbps) / 1000
}

/// Why a coalescing request was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Invalid {
    /// More than [`MAX_USECS`] microseconds.
    Usecs,
    /// More than [`MAX_FRAMES`] frames.
    Frames,
    /// The time needs more ticks than the 16-bit ICTT field holds at this speed.
    Ticks,
}

/// Coalescing settings of one direction of one ring, as the hardware sees them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ic {
    /// Coalescing is on (both a time and a frame count were given).
    pub(crate) enabled: bool,
    /// Frame count threshold (ICFT).
    pub(crate) frames: u8,
    /// Timer threshold in ticks (ICTT).
    pub(crate) ticks: u16,
}

impl Ic {
    /// C default for Tx: on, 16 frames, 21 ticks (`DEFAULT_TXCOUNT`, `DEFAULT_TXTIME`).
    pub(crate) const DEFAULT_TX: Ic = Ic {
        enabled: true,
        frames: 16,
        ticks: 21,
    };
    /// C default for Rx: off, 0 frames, 21 ticks (`DEFAULT_RXCOUNT`, `DEFAULT_RXTIME`).
    pub(crate) const DEFAULT_RX: Ic = Ic {
        enabled: false,
        frames: 0,
        ticks: 21,
    };

    /// Settings for `ethtool -C ... {rx,tx}-usecs usecs {rx,tx}-frames frames`
    /// at the given link speed. Coalescing is enabled only if both are nonzero
    /// (the C driver's rule).
    pub(crate) fn from_ethtool(usecs: u32, frames: u32, speed_mbps: u32) -> Result<Ic, Invalid> {
        if usecs > MAX_USECS {
            return Err(Invalid::Usecs);
        }
        if frames > MAX_FRAMES {
            return Err(Invalid::Frames);
        }
        let ticks = usecs_to_ticks(usecs, speed_mbps);
        let ticks = u16::try_from(ticks).map_err(|_| Invalid::Ticks)?;
        Ok(Ic {
            enabled: usecs != 0 && frames != 0,
            // Lossless: `frames <= MAX_FRAMES` was checked above.
            frames: frames as u8,
            ticks,
        })
    }

    /// The settings for a profile adaptive coalescing chose (net DIM's
    /// microseconds and frames) at a link speed, brought into the
    /// hardware's range: on, at most [`MAX_FRAMES`] frames and the longest
    /// time the tick field holds, at least one frame and one tick.
    pub(crate) fn adaptive(usecs: u32, frames: u32, speed_mbps: u32) -> Ic {
        let usecs = usecs.clamp(1, max_usecs(speed_mbps));
        let ticks = usecs_to_ticks(usecs, speed_mbps).min(IC_ICTT_MASK);
        Ic {
            enabled: true,
            // Lossless: clamped to MAX_FRAMES (8 bits) and IC_ICTT_MASK.
            frames: frames.clamp(1, MAX_FRAMES) as u8,
            ticks: ticks as u16,
        }
    }

    /// The `(usecs, frames)` that `ethtool -c` reports. The time is capped at
    /// [`MAX_USECS`] (at 10 Mbit/s the largest tick count is 65536 us, which
    /// C reports and then refuses to take back).
    pub(crate) fn to_ethtool(self, speed_mbps: u32) -> (u32, u32) {
        (
            ticks_to_usecs(self.ticks, speed_mbps).min(MAX_USECS),
            u32::from(self.frames),
        )
    }

    /// The value programmed into TXIC/RXIC: 0 when coalescing is off.
    pub(crate) fn register(self) -> u32 {
        if self.enabled {
            IC_ICEN
                | ((u32::from(self.frames) << IC_ICFT_SHIFT) & IC_ICFT_MASK)
                | (u32::from(self.ticks) & IC_ICTT_MASK)
        } else {
            0
        }
    }
}
