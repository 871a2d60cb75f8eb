// SPDX-License-Identifier: GPL-2.0

//! The ENET's IEEE 1588 timer as a PTP hardware clock: the arithmetic
//! (`fec_ptp.c`'s cycle counter, time counter and frequency correction).
//!
//! Pure logic, also built on the host for `cargo test` (tests/host).
//!
//! The timer adds `inc` nanoseconds per cycle of the PTP clock to a counter
//! that wraps at [`COUNTER_PERIOD`] (31 bits, about 2.1 s). The driver
//! extends it to 64-bit nanoseconds in a [`TimeCounter`] read at least once
//! a second. A frequency correction makes the timer add `corr_ns` instead of
//! `inc` once every `ATCOR` cycles.

/// The counter's period (`FEC_COUNTER_PERIOD`, ATPER): it counts
/// nanoseconds modulo 2^31.
pub(crate) const COUNTER_PERIOD: u32 = 1 << 31;
/// The counter's bits (`CLOCKSOURCE_MASK(31)`).
pub(crate) const COUNTER_MASK: u32 = COUNTER_PERIOD - 1;
/// The largest frequency adjustment the clock offers, in ppb (`max_adj`).
pub(crate) const MAX_ADJ_PPB: i32 = 250_000_000;
const NSEC_PER_SEC: u64 = 1_000_000_000;

/// Timer control bits (ATCR, `FEC_T_CTRL_*`).
pub(crate) mod atcr {
    /// Latch the counter into ATVR.
    pub(crate) const CAPTURE: u32 = 1 << 11;
    /// Reset the counter when it reaches the period (ATPER).
    pub(crate) const PERIOD_RST: u32 = 0x30;
    /// Compare events of the channels also at the period's wrap.
    pub(crate) const PINPER: u32 = 1 << 7;
    /// Run the timer.
    pub(crate) const ENABLE: u32 = 1 << 0;
}

/// The increment fields of ATINC: `inc` in bits 0..6, the corrected
/// increment in bits 8..14.
pub(crate) const INC_MASK: u32 = 0x7f;
const INC_CORR_SHIFT: u32 = 8;

/// The nanoseconds the timer adds per cycle of a PTP clock of `rate_hz`
/// (`1000000000 / cycle_speed`), if the clock suits the timer: 1 to 63 ns
/// per cycle (15.9 MHz to 1 GHz), so that a corrected cycle's increment, up
/// to twice that, fits its 7-bit field too.
pub(crate) const fn increment(rate_hz: u32) -> Option<u32> {
    if rate_hz == 0 {
        return None;
    }
    let inc = NSEC_PER_SEC as u32 / rate_hz;
    if inc == 0 || inc > INC_MASK / 2 {
        None
    } else {
        Some(inc)
    }
}

/// The ATINC value for `inc` ns per cycle, corrected cycles adding
/// `corr_ns`.
pub(crate) const fn atinc(inc: u32, corr_ns: u32) -> u32 {
    (inc & INC_MASK) | ((corr_ns & INC_MASK) << INC_CORR_SHIFT)
}

/// `scaled_ppm_to_ppb()`: a frequency offset in ppm with a 16-bit binary
/// fraction, in parts per billion.
pub(crate) const fn scaled_ppm_to_ppb(scaled_ppm: i64) -> i64 {
    ((1 + scaled_ppm) * 125) >> 13
}

/// `a / b` for `b != 0`, by shift and subtract: a 32-bit kernel has no
/// 64-bit division for modules to call (`div64_u64()` in C).
pub(crate) const fn div_u64(a: u64, b: u64) -> u64 {
    let mut q = 0u64;
    let mut r = 0u64;
    let mut i = 64;
    while i > 0 {
        i -= 1;
        r = (r << 1) | ((a >> i) & 1);
        if r >= b {
            r -= b;
            q |= 1 << i;
        }
    }
    q
}

/// A frequency correction of the timer: the increment of a corrected cycle
/// and the ATCOR value (one corrected cycle in `atcor + 1`; 0 corrects
/// none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Correction {
    pub(crate) corr_ns: u32,
    pub(crate) atcor: u32,
}

/// The correction that runs a timer of `inc` ns per cycle `ppb` parts per
/// billion fast (slow if negative), as `fec_ptp_adjfine()` finds it: the
/// smallest `corr_inc` (1..inc) extra nanoseconds every `period` cycles with
/// `corr_inc / (inc * period)` closest above `ppb / 10^9`; beyond that,
/// `inc` extra in every cycle. Unlike the C driver, an offset of 0 takes
/// the correction off (the C driver keeps the previous one).
pub(crate) const fn correction(inc: u32, ppb: i64) -> Correction {
    if ppb == 0 || inc == 0 {
        return Correction {
            corr_ns: inc,
            atcor: 0,
        };
    }
    let neg = ppb < 0;
    let ppb = ppb.unsigned_abs();
    let rhs = ppb * inc as u64;
    let mut lhs = NSEC_PER_SEC;
    let mut corr_inc = inc;
    let mut period = 1;
    let mut i = 1;
    while i <= inc {
        if lhs >= rhs {
            corr_inc = i;
            period = div_u64(lhs, rhs);
            break;
        }
        lhs += NSEC_PER_SEC;
        i += 1;
    }
    let corr_ns = if neg { inc - corr_inc } else { inc + corr_inc };
    let period = if period > u32::MAX as u64 {
        u32::MAX
    } else {
        period as u32
    };
    Correction {
        corr_ns,
        atcor: if period > 1 { period - 1 } else { period },
    }
}

/// The counter's advance from `from` to `to` (modulo its period).
pub(crate) const fn delta(from: u32, to: u32) -> u32 {
    to.wrapping_sub(from) & COUNTER_MASK
}

/// The 31-bit counter extended to 64-bit nanoseconds (`struct timecounter`
/// with `FEC_CC_MULT` and a shift of 31: one count is one nanosecond).
///
/// # Invariants
///
/// `last` is a counter value (below [`COUNTER_PERIOD`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct TimeCounter {
    last: u32,
    ns: u64,
}

impl TimeCounter {
    /// The clock reads `ns` at counter value `cycles` (`timecounter_init()`).
    pub(crate) const fn new(cycles: u32, ns: u64) -> Self {
        Self {
            last: cycles & COUNTER_MASK,
            ns,
        }
    }

    /// The time at counter value `cycles`, read now (`timecounter_read()`):
    /// at most one period after the last read.
    pub(crate) fn read(&mut self, cycles: u32) -> u64 {
        self.ns = self.ns.wrapping_add(u64::from(delta(self.last, cycles)));
        self.last = cycles & COUNTER_MASK;
        self.ns
    }

    /// The time of a timestamp `cycles` taken within half a period of the
    /// last read, before or after it (`timecounter_cyc2time()`).
    pub(crate) const fn cyc2time(&self, cycles: u32) -> u64 {
        let d = delta(self.last, cycles);
        if d > COUNTER_MASK / 2 {
            self.ns.wrapping_sub(delta(cycles, self.last) as u64)
        } else {
            self.ns.wrapping_add(d as u64)
        }
    }

    /// Shifts the clock by `delta` ns (`timecounter_adjtime()`).
    pub(crate) fn adjust(&mut self, delta: i64) {
        self.ns = self.ns.wrapping_add(delta as u64);
    }
}

/// The timer's compare channels (TCSR/TCCR 0..3, `MAX_TIMER_CHANNEL`).
pub(crate) const CHANNELS: u32 = 4;
/// The PPS output's time between two pulses (`PPS_OUPUT_RELOAD_PERIOD`).
pub(crate) const PPS_RELOAD_NS: u32 = NSEC_PER_SEC as u32;
/// The longest period of the periodic output (`FEC_PTP_MAX_NSEC_PERIOD`):
/// a compare value half a period ahead must fit the 31-bit counter.
pub(crate) const MAX_PEROUT_PERIOD_NS: u64 = 4_000_000_000;
/// How far ahead a compare value can be written (`FEC_PTP_MAX_NSEC_COUNTER`):
/// a periodic output starting later is programmed once its start is that
/// close.
pub(crate) const MAX_COMPARE_AHEAD_NS: u64 = COUNTER_PERIOD as u64;
/// How long before its start a periodic output is programmed at the
/// latest: a start closer than that may pass before the compare value is
/// written (100 ms, as the C driver).
pub(crate) const PEROUT_MARGIN_NS: u64 = 100_000_000;

/// Timer channel control bits (TCSR, `FEC_T_*`).
pub(crate) mod tcsr {
    /// DMA request on a compare event (off here).
    pub(crate) const TDRE: u32 = 1 << 0;
    /// The channel's mode (bits 2..5).
    pub(crate) const TMODE_MASK: u32 = 0x3c;
    /// Mode: toggle the output on compare (the periodic output, a half
    /// period between two compares).
    pub(crate) const TMODE_TOGGLE: u32 = 0x05 << 2;
    /// Mode: a high pulse on compare (the PPS output).
    pub(crate) const TMODE_PULSE_HIGH: u32 = 0x0f << 2;
    /// Interrupt on a compare event.
    pub(crate) const TIE: u32 = 1 << 6;
    /// A compare event happened (write 1 to clear).
    pub(crate) const TF: u32 = 1 << 7;

    /// The TCSR value of a channel in mode `mode` (one of the `TMODE_*`
    /// values), its interrupt on and any pending event cleared, from the
    /// channel's value `old` (`fec_ptp_enable_pps()`).
    pub(crate) const fn compare(old: u32, mode: u32) -> u32 {
        (old & !(TDRE | TMODE_MASK)) | TF | TIE | (mode & TMODE_MASK)
    }
}

/// `ns` modulo a second, without a 64-bit division.
const fn sub_second(ns: u64) -> u32 {
    (ns - div_u64(ns, NSEC_PER_SEC) * NSEC_PER_SEC) as u32
}

/// The compare value of a PPS output's first pulse, given the counter
/// value `counter` at clock time `ns` (`fec_ptp_enable_pps()`): the
/// second after the next full second of the clock, so that the next full
/// second cannot pass before the value is written.
pub(crate) const fn pps_first_compare(counter: u32, ns: u64) -> u32 {
    let to_next = NSEC_PER_SEC as u32 - sub_second(ns);
    to_next
        .wrapping_add(NSEC_PER_SEC as u32)
        .wrapping_add(counter)
        & COUNTER_MASK
}

/// The compare value `reload` ns after `cmp`: the next event.
pub(crate) const fn next_compare(cmp: u32, reload: u32) -> u32 {
    cmp.wrapping_add(reload) & COUNTER_MASK
}

/// The periodic output's time between two compares, half its period
/// `period_ns` (the output toggles on each), or `None` if the period is
/// longer than the timer allows ([`MAX_PEROUT_PERIOD_NS`]; a negative
/// period is too). 0 stops the output.
pub(crate) const fn perout_reload(period_ns: i64) -> Option<u32> {
    if period_ns < 0 || period_ns as u64 > MAX_PEROUT_PERIOD_NS {
        None
    } else {
        Some((period_ns as u64 / 2) as u32)
    }
}

/// The compare value of a periodic output's first edge at clock time
/// `start`, given the counter value `counter` at clock time `now`
/// (`fec_ptp_pps_perout()`; `start` is at most [`MAX_COMPARE_AHEAD_NS`]
/// ahead).
pub(crate) const fn perout_compare(start: u64, now: u64, counter: u32) -> u32 {
    ((start.wrapping_sub(now) as u32).wrapping_add(counter)) & COUNTER_MASK
}

/// The first edge of a periodic output that started at `start` with
/// `period` ns between edges of the same kind, at or after `not_before`:
/// where it resumes after the timer was stopped (a MAC reset) or the clock
/// was set. Saturates at the end of the clock's range.
pub(crate) const fn perout_resume(start: u64, period: u64, not_before: u64) -> u64 {
    if start >= not_before || period == 0 {
        return start;
    }
    let periods = div_u64((not_before - start).saturating_add(period - 1), period);
    start.saturating_add(periods.saturating_mul(period))
}
