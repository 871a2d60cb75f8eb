// SPDX-License-Identifier: GPL-2.0

//! The ENET's IEEE 1588 timer as the device's PTP hardware clock, and the
//! hardware timestamps of its frames (`fec_ptp.c`). The arithmetic is in
//! [`ptp_clock`](crate::fec::ptp_clock).
//!
//! The timer runs from probe on, across link changes and while the
//! interface is down: every MAC reset (which stops it and clears its
//! registers) saves the clock's time first and starts the timer again from
//! it, with the frequency correction in force, as the C driver does.

use crate::fec::{
    driver::Fec,
    pps::Outputs,
    ptp_clock::{
        self,
        atcr,
        Correction,
        TimeCounter, //
    },
    quirks::Quirks,
    regs::{
        self,
        ecr, //
    }, //
};
use crate::netdev::ptp::{
    mono_ns,
    real_ns,
    HwTstamp, //
};
use core::sync::atomic::Ordering;
use kernel::{
    prelude::*,
    time::{
        delay::udelay,
        Delta, //
    },
};

/// The clock's state, under `Fec::ptp`'s lock with the timer registers.
pub(crate) struct PtpState {
    /// The counter extended to 64-bit nanoseconds.
    pub(super) tc: TimeCounter,
    /// The frequency correction in force.
    corr: Correction,
    /// While a MAC reset has the timer stopped (cleared): the clock's time
    /// and the monotonic time when it stopped. The clock's operations then
    /// work on it, and the timer starts from it again.
    pub(super) saved: Option<(u64, u64)>,
    /// The PPS and periodic output (`fec/pps.rs`).
    pub(super) out: Outputs,
}

impl PtpState {
    /// A clock not started yet, of a timer adding `inc` ns per cycle.
    pub(crate) const fn new(inc: u32) -> Self {
        Self {
            tc: TimeCounter::new(0, 0),
            corr: ptp_clock::correction(inc, 0),
            saved: None,
            out: Outputs::INIT,
        }
    }
}

impl<'a> Fec<'a> {
    /// Whether the ENET has a PTP clock (a `ptp` clock in the device tree
    /// the timer can count).
    pub(crate) fn has_ptp(&self) -> bool {
        self.ptp_inc != 0
    }

    /// The timer's value now (`fec_ptp_read()`), under the clock's lock.
    pub(super) fn ptp_counter(&self) -> u32 {
        let v = self.regs.read(regs::ATCR);
        self.regs.write(regs::ATCR, v | atcr::CAPTURE);
        if self.variant.quirks.has(Quirks::BUG_CAPTURE) {
            udelay(Delta::from_micros(1));
        }
        self.regs.read(regs::ATVR)
    }

    /// Before a MAC reset stops the timer: keeps the clock's time
    /// (`fec_ptp_save_state()`).
    pub(crate) fn ptp_save(&self) {
        if !self.has_ptp() {
            return;
        }
        let mut s = self.ptp.lock();
        if s.saved.is_none() {
            let ns = s.tc.read(self.ptp_counter());
            s.saved = Some((ns, mono_ns()));
        }
    }

    /// The clock's time now: from the timer, or while it is stopped, from
    /// the time saved and the time since.
    pub(super) fn ptp_now(&self, s: &mut PtpState) -> u64 {
        match s.saved {
            Some((ns, at)) => ns.wrapping_add(mono_ns().wrapping_sub(at)),
            None => s.tc.read(self.ptp_counter()),
        }
    }

    /// The timer's first start, at probe (`fec_ptp_init()`): the MAC,
    /// enabled for MDIO only, gets its 1588 function too.
    pub(crate) fn ptp_init(&self) {
        if !self.has_ptp() {
            return;
        }
        let ecntl = self.regs.read(regs::ECNTRL);
        self.regs.write(regs::ECNTRL, ecntl | ecr::EN1588);
        self.ptp_start();
    }

    /// Starts the timer (the MAC enabled), from the time saved before a
    /// reset plus the time since, or the wall-clock time the first time
    /// (`fec_ptp_start_cyclecounter()`, `fec_ptp_restore_state()`).
    pub(crate) fn ptp_start(&self) {
        if !self.has_ptp() {
            return;
        }
        let mut s = self.ptp.lock();
        self.program_correction(s.corr);
        self.regs.write(regs::ATPER, ptp_clock::COUNTER_PERIOD);
        self.regs.write(regs::ATCR, atcr::ENABLE | atcr::PERIOD_RST);
        let ns = match s.saved {
            Some(_) => self.ptp_now(&mut s),
            None => real_ns(),
        };
        s.saved = None;
        self.ptp_set_locked(&mut s, ns);
    }

    /// Programs the timer's increments for the correction `c`, under the
    /// clock's lock.
    fn program_correction(&self, c: Correction) {
        self.regs
            .write(regs::ATINC, ptp_clock::atinc(self.ptp_inc, c.corr_ns));
        self.regs.write(regs::ATCOR, c.atcor);
    }

    /// The clock reads `ns` from now on: the counter set to match and the
    /// outputs programmed for the new time, or while the timer is stopped,
    /// the time it is to start from.
    fn ptp_set_locked(&self, s: &mut PtpState, ns: u64) {
        if s.saved.is_some() {
            s.saved = Some((ns, mono_ns()));
            return;
        }
        let counter = ns as u32 & ptp_clock::COUNTER_MASK;
        self.regs.write(regs::ATVR, counter);
        s.tc = TimeCounter::new(counter, ns);
        self.outputs_restart(s);
    }

    /// The clock's time of a timestamp `ts` the MAC took (`fec_enet_hwtstamp()`).
    pub(crate) fn ptp_time(&self, ts: u32) -> u64 {
        self.ptp.lock().tc.cyc2time(ts)
    }

    /// The clock's counter state, to convert the timestamps of one Rx poll
    /// with one hold of its lock ([`TimeCounter::cyc2time`]: valid for
    /// timestamps within half a counter period of its last read, as the
    /// frames of the poll are).
    pub(crate) fn ptp_timecounter(&self) -> TimeCounter {
        self.ptp.lock().tc
    }

    /// `NetDriver::ptp_adjfine` (`fec_ptp_adjfine()`): the correction
    /// programmed after the time so far was read at the old rate.
    pub(crate) fn ptp_adjfine(&self, scaled_ppm: i64) -> Result {
        let ppb = ptp_clock::scaled_ppm_to_ppb(scaled_ppm);
        if ppb.unsigned_abs() > ptp_clock::MAX_ADJ_PPB as u64 {
            return Err(ERANGE);
        }
        let c = ptp_clock::correction(self.ptp_inc, ppb);
        let mut s = self.ptp.lock();
        // (While the timer is stopped the correction waits for its start.)
        if s.saved.is_none() {
            s.tc.read(self.ptp_counter());
            self.program_correction(c);
        }
        s.corr = c;
        Ok(())
    }

    /// `NetDriver::ptp_adjtime`: the outputs follow the new time.
    pub(crate) fn ptp_adjtime(&self, delta: i64) {
        let mut s = self.ptp.lock();
        match &mut s.saved {
            Some((ns, _)) => *ns = ns.wrapping_add(delta as u64),
            None => {
                s.tc.adjust(delta);
                self.outputs_restart(&mut s);
            }
        }
    }

    /// `NetDriver::ptp_gettime`.
    pub(crate) fn ptp_gettime(&self) -> u64 {
        let mut s = self.ptp.lock();
        self.ptp_now(&mut s)
    }

    /// `NetDriver::ptp_settime`: the outputs follow the new time.
    pub(crate) fn ptp_settime(&self, ns: u64) {
        let mut s = self.ptp.lock();
        self.ptp_set_locked(&mut s, ns);
    }

    /// The hardware timestamping configuration.
    pub(crate) fn hwtstamp(&self) -> HwTstamp {
        HwTstamp {
            tx: self.hwts_tx.load(Ordering::Relaxed),
            rx: self.hwts_rx.load(Ordering::Relaxed),
        }
    }

    /// Sets it: the Tx path and the Rx poll read it per frame.
    pub(crate) fn set_hwtstamp(&self, cfg: HwTstamp) {
        self.hwts_tx.store(cfg.tx, Ordering::Relaxed);
        self.hwts_rx.store(cfg.rx, Ordering::Relaxed);
    }
}
