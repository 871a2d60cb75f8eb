// SPDX-License-Identifier: GPL-2.0

//! ENET coalescing math against the C driver's formula.

use crate::fec::coalesce::*;

/// ITR (AHB) clock rates of i.MX parts and a few odd ones.
const RATES: [u32; 6] = [
    24_000_000,
    66_000_000,
    125_000_000,
    133_333_333,
    200_000_000,
    266_000_000,
];

/// `fec_enet_us_to_itr_clock()`: `us * (itr_clk_rate / 64000) / 1000` in
/// `int`; `None` where the C product overflows.
fn c_us_to_itr_clock(us: u32, rate: u32) -> Option<u32> {
    let per = (rate / 64000) as i32;
    let us = i32::try_from(us).ok()?;
    us.checked_mul(per).map(|p| (p / 1000) as u32)
}

#[test]
fn conversion_matches_c_over_full_range() {
    for rate in RATES {
        let mut us = 0u32;
        while let Some(c) = c_us_to_itr_clock(us, rate) {
            assert_eq!(usecs_to_units(us, rate), Some(c), "us {us} rate {rate}");
            let r = Itr::new(us, 200, rate);
            assert_eq!(r.is_ok(), c <= 0xffff, "us {us} rate {rate}");
            if c > 0x1_0000 {
                break;
            }
            us += 1;
        }
    }
}

#[test]
fn stored_verbatim_and_register_layout() {
    let rate = 133_333_333;
    let itr = Itr::new(1000, 200, rate).unwrap();
    assert_eq!(itr, Itr::DEFAULT);
    let units = 1000 * (rate / 64000) / 1000;
    assert_eq!(
        itr.register(rate),
        ITR_EN | ITR_CLK_SEL | (200 << 20) | units
    );
}

#[test]
fn limits_and_enable_rule() {
    let rate = 125_000_000;
    assert_eq!(Itr::new(10, 256, rate), Err(Invalid::Frames));
    assert_eq!(Itr::new(u32::MAX, 1, rate), Err(Invalid::Usecs));
    // Largest time at 125 MHz: 1953 units per ms.
    let max_us = (0xffff * 1000 + 999) / (rate / 64000);
    assert!(Itr::new(max_us, 2, rate).is_ok());
    assert_eq!(Itr::new(max_us + 1, 2, rate), Err(Invalid::Usecs));
    for frames in 0..=MAX_FRAMES {
        for us in [0u32, 1, 2, 1000] {
            let itr = Itr::new(us, frames, rate).unwrap();
            let on = usecs_to_units(us, rate).unwrap() > 0 && frames > 1;
            assert_eq!(itr.enabled(rate), on, "us {us} frames {frames}");
            assert_eq!(itr.register(rate) != 0, on);
        }
    }
    // rx-frames 1 or a time below one unit silently disables, as in C.
    assert_eq!(Itr::new(1000, 1, rate).unwrap().register(rate), 0);
    assert_eq!(Itr::new(0, 200, rate).unwrap().register(rate), 0);
}

#[test]
fn max_usecs_is_the_last_that_fits() {
    for rate in [
        24_000_000,
        66_000_000,
        125_000_000,
        240_000_000,
        64_000,
        1_000_000,
    ] {
        let m = max_usecs(rate);
        assert!(usecs_to_units(m, rate).unwrap() <= MAX_UNITS, "rate {rate}");
        assert!(
            usecs_to_units(m + 1, rate).unwrap() > MAX_UNITS,
            "rate {rate}"
        );
        assert!(Itr::new(m, 1, rate).is_ok() && Itr::new(m + 1, 1, rate).is_err());
    }
    // An ITR clock below 64 kHz never fills the field.
    assert_eq!(max_usecs(32_000), u32::MAX);
}

/// The LPI timer conversion is the C driver's `us * (rate / 1000) / 1000`
/// wherever that fits, and saturates where it would not.
#[test]
fn lpi_cycles_match_c_and_saturate() {
    for rate in [25_000_000u32, 50_000_000, 125_000_000, 250_000_000] {
        for us in [0u32, 1, 7, 999, 1000, 1001, 25_000, 65_535] {
            let c = u64::from(us) * u64::from(rate / 1000) / 1000;
            let want = u32::try_from(c).unwrap_or(u32::MAX);
            assert_eq!(lpi_cycles(us, rate), want, "us {us} rate {rate}");
        }
    }
    assert_eq!(lpi_cycles(u32::MAX, 250_000_000), u32::MAX);
    assert_eq!(lpi_cycles(u32::MAX, u32::MAX), u32::MAX);
    assert_eq!(lpi_cycles(1000, 0), 0);
}

/// net DIM's "start from CQE" profiles (lib/dim/net_dim.c), Rx and Tx.
const DIM_PROFILES: [(u32, u32); 10] = [
    (2, 256),
    (8, 128),
    (16, 64),
    (32, 64),
    (64, 64),
    (5, 128),
    (8, 64),
    (16, 32),
    (32, 32),
    (64, 32),
];

#[test]
fn adaptive_profiles_stay_on_and_in_range() {
    for rate in RATES {
        for (us, frames) in DIM_PROFILES {
            let itr = Itr::adaptive(us, frames, rate);
            assert!(itr.enabled(rate), "{us} us / {frames} at {rate}");
            assert!(itr.frames <= MAX_FRAMES && itr.frames >= 2);
            // Taken as it is, or raised to one timer unit.
            let units = usecs_to_units(itr.usecs, rate).unwrap();
            assert!((1..=MAX_UNITS).contains(&units));
            assert!(itr.usecs == us || usecs_to_units(us, rate) == Some(0));
            // A fixed setting would be accepted with the same values.
            assert_eq!(Itr::new(itr.usecs, itr.frames, rate), Ok(itr));
        }
    }
    // 24 MHz: one unit is 2.67 us, so 2 us becomes 3 us.
    assert_eq!(Itr::adaptive(2, 256, 24_000_000).usecs, 3);
    assert_eq!(Itr::adaptive(2, 256, 24_000_000).frames, 255);
    // Beyond the timer field: the longest time.
    let r = 24_000_000;
    assert_eq!(Itr::adaptive(u32::MAX, 1, r).usecs, max_usecs(r));
    assert_eq!(Itr::adaptive(u32::MAX, 1, r).frames, 2);
}
