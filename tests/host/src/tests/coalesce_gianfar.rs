// SPDX-License-Identifier: GPL-2.0

//! eTSEC coalescing math against the C driver's formulas, over the whole
//! input range at all three speeds.

use crate::gianfar::coalesce::*;

const SPEEDS: [(u32, u32); 3] = [(1000, 512), (100, 2560), (10, 25600)];

/// `gfar_usecs2ticks()`: `DIV_ROUND_UP(usecs * 1000, count)` in `unsigned int`.
fn c_usecs2ticks(usecs: u32, count: u32) -> u32 {
    (usecs * 1000).div_ceil(count)
}

/// `gfar_ticks2usecs()`: `(ticks * count) / 1000` in `unsigned int`.
fn c_ticks2usecs(ticks: u32, count: u32) -> u32 {
    ticks * count / 1000
}

/// `mk_ic_value(count, time)`.
fn c_mk_ic_value(count: u32, time: u32) -> u32 {
    0x8000_0000 | ((count << 21) & 0x1fe0_0000) | (time & 0xffff)
}

#[test]
fn tick_conversion_matches_c_over_full_range() {
    for (speed, count) in SPEEDS {
        assert_eq!(ns_per_tick(speed), count);
        for usecs in 0..=MAX_USECS {
            let c_ticks = c_usecs2ticks(usecs, count);
            assert_eq!(
                usecs_to_ticks(usecs, speed),
                c_ticks,
                "usecs {usecs} @{speed}"
            );
            match Ic::from_ethtool(usecs, 16, speed) {
                Ok(ic) => {
                    assert!(c_ticks <= 0xffff);
                    assert_eq!(u32::from(ic.ticks), c_ticks);
                    if usecs > 0 {
                        assert_eq!(ic.register(), c_mk_ic_value(16, c_ticks));
                    } else {
                        // Zero time: coalescing off, register written 0 (as C).
                        assert_eq!(ic.register(), 0);
                    }
                    let (u, f) = ic.to_ethtool(speed);
                    assert_eq!(u, c_ticks2usecs(c_ticks, count).min(MAX_USECS));
                    assert_eq!(f, 16);
                }
                // Where C would mask the tick count to 16 bits, we refuse.
                Err(e) => {
                    assert_eq!(e, Invalid::Ticks);
                    assert!(c_ticks > 0xffff, "usecs {usecs} @{speed}");
                }
            }
        }
    }
}

#[test]
fn readback_is_stable_after_one_round_trip() {
    for (speed, count) in SPEEDS {
        for usecs in (0..=MAX_USECS).step_by(7) {
            let Ok(ic) = Ic::from_ethtool(usecs, 22, speed) else {
                continue;
            };
            let (u1, f1) = ic.to_ethtool(speed);
            // Read back differs from what was set by less than one tick...
            assert!(
                u1.abs_diff(usecs) * 1000 < count,
                "{usecs} -> {u1} @{speed}"
            );
            // ...and setting the read-back value again is a fixed point.
            let ic2 = Ic::from_ethtool(u1, f1, speed).unwrap();
            assert_eq!(ic2.to_ethtool(speed), (u1, f1));
        }
    }
}

#[test]
fn known_values() {
    // At 100 Mbit/s, 1 us is one 2.56 us tick and reads back as 2 us.
    let ic = Ic::from_ethtool(1, 1, 100).unwrap();
    assert_eq!(ic.ticks, 1);
    assert_eq!(ic.to_ethtool(100), (2, 1));
    // The historical P1010 tuning: 22 frames / 32 us at 1G = 63 ticks.
    let ic = Ic::from_ethtool(32, 22, 1000).unwrap();
    assert_eq!((ic.frames, ic.ticks), (22, 63));
    assert_eq!(ic.register(), 0x8000_0000 | (22 << 21) | 63);
    // Largest time at 1G: 33553 us = 65533 ticks; 33554 us needs 65536.
    assert!(Ic::from_ethtool(33553, 1, 1000).is_ok());
    assert_eq!(Ic::from_ethtool(33554, 1, 1000), Err(Invalid::Ticks));
}

/// `max_usecs` is exactly the boundary `from_ethtool` enforces.
#[test]
fn max_usecs_is_the_boundary() {
    assert_eq!(max_usecs(1000), 33553);
    for (speed, _) in SPEEDS {
        let max = max_usecs(speed);
        assert!(Ic::from_ethtool(max, 1, speed).is_ok(), "{speed}: {max}");
        if max < MAX_USECS {
            assert_eq!(Ic::from_ethtool(max + 1, 1, speed), Err(Invalid::Ticks));
        } else {
            assert_eq!(Ic::from_ethtool(max + 1, 1, speed), Err(Invalid::Usecs));
        }
    }
}

#[test]
fn limits_and_enable_rule() {
    assert_eq!(Ic::from_ethtool(MAX_USECS + 1, 1, 10), Err(Invalid::Usecs));
    assert_eq!(
        Ic::from_ethtool(10, MAX_FRAMES + 1, 1000),
        Err(Invalid::Frames)
    );
    assert_eq!(
        Ic::from_ethtool(u32::MAX, u32::MAX, 1000),
        Err(Invalid::Usecs)
    );
    for frames in 0..=MAX_FRAMES {
        for usecs in [0, 1, 10, 1000] {
            let ic = Ic::from_ethtool(usecs, frames, 1000).unwrap();
            assert_eq!(ic.enabled, usecs > 0 && frames > 0);
            if ic.enabled {
                assert_eq!(
                    ic.register(),
                    c_mk_ic_value(frames, c_usecs2ticks(usecs, 512))
                );
            } else {
                assert_eq!(ic.register(), 0);
            }
        }
    }
}

#[test]
fn c_defaults() {
    // ethtool -c at 1G on the C driver: tx 10 us / 16 frames on, rx 10 us / 0 off.
    assert_eq!(Ic::DEFAULT_TX.to_ethtool(1000), (10, 16));
    assert_eq!(Ic::DEFAULT_RX.to_ethtool(1000), (10, 0));
    assert_eq!(Ic::DEFAULT_TX.register(), c_mk_ic_value(16, 21));
    assert_eq!(Ic::DEFAULT_RX.register(), 0);
}

#[test]
fn adaptive_profiles_stay_on_and_in_range() {
    for speed in [10, 100, 1000] {
        for (us, frames) in [(2, 256), (8, 128), (64, 64), (5, 128), (64, 32)] {
            let ic = Ic::adaptive(us, frames, speed);
            assert!(ic.enabled);
            assert_eq!(u32::from(ic.frames), frames.min(MAX_FRAMES));
            assert_eq!(u32::from(ic.ticks), usecs_to_ticks(us, speed));
            assert_eq!(Ic::from_ethtool(us, frames.min(MAX_FRAMES), speed), Ok(ic));
        }
        // Out of range both ways: one frame and one tick at least, the
        // longest time at most.
        let lo = Ic::adaptive(0, 0, speed);
        assert_eq!((lo.enabled, lo.frames), (true, 1));
        assert!(lo.ticks >= 1);
        let hi = Ic::adaptive(u32::MAX, u32::MAX, speed);
        assert_eq!(u32::from(hi.frames), MAX_FRAMES);
        assert_eq!(
            Ok(hi),
            Ic::from_ethtool(max_usecs(speed), MAX_FRAMES, speed)
        );
    }
    // 2 us at 1 Gbit/s: 4 ticks of 512 ns.
    assert_eq!(
        Ic::adaptive(2, 256, 1000).register(),
        IC_ICEN | 255 << IC_ICFT_SHIFT | 4
    );
}
