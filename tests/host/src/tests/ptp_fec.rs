// SPDX-License-Identifier: GPL-2.0

//! The ENET PTP clock's arithmetic against the C driver's (`fec_ptp.c`).

use crate::fec::ptp_clock::*;

/// `fec_ptp_adjfine()`'s search, in u64 arithmetic as the C code does it
/// (for ppb != 0): (corr_ns, ATCOR).
fn c_adjfine(inc: u32, ppb: i64) -> (u32, u32) {
    let (neg, ppb) = (ppb < 0, ppb.unsigned_abs());
    let mut lhs: u64 = 1_000_000_000;
    let rhs = ppb * u64::from(inc);
    let (mut corr_inc, mut corr_period) = (0u32, 0u32);
    let mut i = 1;
    while i <= inc {
        if lhs >= rhs {
            corr_inc = i;
            corr_period = (lhs / rhs) as u32;
            break;
        }
        lhs += 1_000_000_000;
        i += 1;
    }
    if i > inc {
        corr_inc = inc;
        corr_period = 1;
    }
    let corr_ns = if neg { inc - corr_inc } else { inc + corr_inc };
    let p = if corr_period > 1 {
        corr_period - 1
    } else {
        corr_period
    };
    (corr_ns, p)
}

#[test]
fn increment_of_clock_rates() {
    // i.MX7D/8MP ENET PTP clocks (enet_ptp_ref) and QEMU's fixed clocks.
    assert_eq!(increment(125_000_000), Some(8));
    assert_eq!(increment(100_000_000), Some(10));
    assert_eq!(increment(66_000_000), Some(15));
    assert_eq!(increment(24_000_000), Some(41));
    // Slower than 1/63 ns (a corrected increment would not fit its
    // field) or faster than 1 GHz: unusable.
    assert_eq!(increment(15_873_015), Some(63));
    assert_eq!(increment(15_000_000), None);
    assert_eq!(increment(7_000_000), None);
    assert_eq!(increment(2_000_000_000), None);
    assert_eq!(increment(0), None);
}

#[test]
fn atinc_fields() {
    assert_eq!(atinc(8, 8), 0x0808);
    assert_eq!(atinc(8, 9), 0x0908);
    assert_eq!(atinc(8, 0), 0x0008);
    // Out-of-range bits do not spill into the other field.
    assert_eq!(atinc(0x80 | 8, 0x80 | 7), 0x0708);
}

#[test]
fn scaled_ppm_matches_kernel() {
    // scaled_ppm_to_ppb(): 1 ppm = 65536 scaled_ppm = 1000 ppb.
    assert_eq!(scaled_ppm_to_ppb(65536), 1000);
    assert_eq!(scaled_ppm_to_ppb(-65536), -1000);
    assert_eq!(scaled_ppm_to_ppb(0), 0);
    assert_eq!(scaled_ppm_to_ppb(65536 * 250_000), 250_000_000);
}

#[test]
fn div_matches_hardware_division() {
    let vals = [
        1u64,
        2,
        3,
        7,
        1_000_000_000,
        8_000_000_000,
        u64::MAX,
        1 << 63,
        12345678901234,
    ];
    for &a in &vals {
        for &b in &vals {
            assert_eq!(div_u64(a, b), a / b, "{a} / {b}");
        }
    }
}

#[test]
fn correction_matches_c_adjfine() {
    for inc in [8u32, 10, 15, 41] {
        for ppb in [
            1i64,
            -1,
            7,
            100,
            -100,
            999,
            12_345,
            -12_345,
            1_000_000,
            31_250_000,
            -99_999_999,
            250_000_000,
            -250_000_000,
        ] {
            let c = correction(inc, ppb);
            assert_eq!(
                (c.corr_ns, c.atcor),
                c_adjfine(inc, ppb),
                "inc {inc} ppb {ppb}"
            );
            // The corrected increment stays a valid field value.
            assert!(c.corr_ns <= INC_MASK, "inc {inc} ppb {ppb}");
        }
    }
}

#[test]
fn correction_rate_is_close() {
    // corr_inc extra ns every (atcor + 1) cycles of inc ns: a relative rate
    // within 1 % of small offsets (the C search's resolution).
    let inc = 8u32;
    for ppb in [1_000i64, 50_000, 1_000_000, -1_000_000] {
        let c = correction(inc, ppb);
        let extra = f64::from(c.corr_ns as i32 - inc as i32);
        let rate = extra / (f64::from(c.atcor + 1) * f64::from(inc)) * 1e9;
        assert!(
            (rate - ppb as f64).abs() <= ppb.unsigned_abs() as f64 * 0.01,
            "ppb {ppb}: {rate}"
        );
    }
}

#[test]
fn zero_offset_takes_correction_off() {
    assert_eq!(
        correction(8, 0),
        Correction {
            corr_ns: 8,
            atcor: 0
        }
    );
}

#[test]
fn time_counter_extends_across_wraps() {
    let mut tc = TimeCounter::new(COUNTER_MASK - 10, 1_000);
    // Wraps: 11 counts to 0, 5 more.
    assert_eq!(tc.read(5), 1_016);
    // Reads once a second for an hour: nothing lost.
    let mut c = 5u32;
    let mut ns = 0;
    for _ in 0..3600 {
        c = (c + 1_000_000_000) & COUNTER_MASK;
        ns = tc.read(c);
    }
    assert_eq!(ns, 1_016 + 3600 * 1_000_000_000);
}

#[test]
fn time_counter_timestamps_before_and_after_last_read() {
    let mut tc = TimeCounter::new(100, 5_000_000_000);
    let now = tc.read(1_000_100);
    assert_eq!(now, 5_001_000_000);
    // A timestamp taken before the read (counter below the last value,
    // also across a wrap).
    assert_eq!(tc.cyc2time(100), 5_000_000_000);
    let mut w = TimeCounter::new(10, 7_000);
    assert_eq!(w.cyc2time(COUNTER_MASK - 9), 6_980);
    w.read(20);
    assert_eq!(w.cyc2time(30), 7_020);
    // After it.
    assert_eq!(tc.cyc2time(1_000_200), now + 100);
}

#[test]
fn time_counter_adjust() {
    let mut tc = TimeCounter::new(0, 10_000);
    tc.adjust(-3_000);
    assert_eq!(tc.read(0), 7_000);
    tc.adjust(1_000_000_000);
    assert_eq!(tc.read(500), 1_000_007_500);
}

/// `fec_ptp_enable_pps()`'s first compare value, in its u32 arithmetic.
fn c_pps_first(counter: u32, ns: u64) -> u32 {
    let tv_nsec = (ns % 1_000_000_000) as u32;
    let mut val = 1_000_000_000u32 - tv_nsec + counter;
    val = val.wrapping_add(1_000_000_000);
    val & 0x7fff_ffff
}

#[test]
fn pps_first_compare_matches_c() {
    for &(counter, ns) in &[
        (0u32, 0u64),
        (0x7fff_ffff, 999_999_999),
        (123_456_789, 1_700_000_000_123_456_789),
        (0x4000_0000, 5_000_000_000),
        (1, u64::MAX / 3),
    ] {
        assert_eq!(
            pps_first_compare(counter, ns),
            c_pps_first(counter, ns),
            "{counter} {ns}"
        );
    }
    // The pulse is at a full second of the clock, 1 to 2 s ahead.
    let (counter, ns) = (1_000, 7_250_000_000u64);
    let cmp = pps_first_compare(counter, ns);
    assert_eq!(
        u64::from(delta(counter, cmp)),
        8_000_000_000 - ns + 1_000_000_000
    );
    // The events after it follow a second apart, across the counter's wrap.
    assert_eq!(
        next_compare(0x7fff_fff0, PPS_RELOAD_NS),
        (0x7fff_fff0u32 + PPS_RELOAD_NS) & 0x7fff_ffff
    );
}

#[test]
fn perout_period_limits() {
    assert_eq!(perout_reload(0), Some(0));
    assert_eq!(perout_reload(1_000_000_000), Some(500_000_000));
    assert_eq!(perout_reload(1), Some(0));
    assert_eq!(perout_reload(4_000_000_000), Some(2_000_000_000));
    assert_eq!(perout_reload(4_000_000_001), None);
    assert_eq!(perout_reload(-1), None);
    assert_eq!(perout_reload(i64::MAX), None);
}

#[test]
fn perout_compare_is_start_in_counter_terms() {
    // `fec_ptp_pps_perout()`: (stime - curr_time + ptp_hc) & mask.
    let c = |s: u64, n: u64, h: u32| ((s - n + u64::from(h)) & 0x7fff_ffff) as u32;
    for &(start, now, counter) in &[
        (10_000_000_000u64, 9_000_000_000u64, 5u32),
        (10_000_000_000, 8_000_000_000, 0x7fff_0000),
        (
            1_700_000_002_000_000_000,
            1_700_000_000_000_000_001,
            0x1234_5678,
        ),
    ] {
        assert_eq!(perout_compare(start, now, counter), c(start, now, counter));
    }
}

#[test]
fn perout_resumes_on_its_period() {
    assert_eq!(perout_resume(10, 4, 5), 10);
    assert_eq!(perout_resume(10, 4, 10), 10);
    assert_eq!(perout_resume(10, 4, 11), 14);
    assert_eq!(perout_resume(10, 4, 14), 14);
    assert_eq!(perout_resume(10, 4, 15), 18);
    let p = 2_000_000_000u64;
    let r = perout_resume(1_000_000_000, p, 1_700_000_000_000_000_001);
    assert!(r >= 1_700_000_000_000_000_001 && r - p < 1_700_000_000_000_000_001);
    assert_eq!((r - 1_000_000_000) % p, 0);
}

#[test]
fn tcsr_compare_modes() {
    // `fec_ptp_enable_pps()`: TF and TIE set, TDRE and the old mode cleared.
    let old = tcsr::TDRE | tcsr::TMODE_MASK | (1 << 8);
    assert_eq!(
        tcsr::compare(old, tcsr::TMODE_PULSE_HIGH),
        (1 << 8) | 0x80 | 0x40 | (0x0f << 2)
    );
    assert_eq!(
        tcsr::compare(0, tcsr::TMODE_TOGGLE),
        0x80 | 0x40 | (0x05 << 2)
    );
}
