// SPDX-License-Identifier: GPL-2.0

//! The PTP clock's PPS and periodic output (`fec_ptp_enable_pps()`,
//! `fec_ptp_pps_perout()`, `fec_pps_interrupt()`): a compare channel of the
//! 1588 timer pulses its output at every full second of the clock (PPS,
//! each pulse also an event to the PTP core), or toggles it every half
//! period from a start time (the periodic output). Every compare event
//! interrupts; the handler writes the compare value after next (the
//! channel holds two). One of the two at a time, as the C driver.
//!
//! A periodic output starting further ahead than the 31-bit counter
//! reaches is programmed by the clock's periodic work once its start is
//! within reach, judged on the clock's own time (the C driver arms an
//! hrtimer for a second before the start). Both outputs are programmed
//! again after a MAC reset and after the clock is set or stepped (the C
//! driver resumes the PPS output after a reset only). The arithmetic is in
//! [`ptp_clock`](crate::fec::ptp_clock).

use crate::fec::{
    driver::Fec,
    ptp::PtpState,
    ptp_clock::{
        self,
        atcr,
        div_u64,
        tcsr, //
    },
    regs,
};
use crate::netdev::{
    net::{
        netdev_err,
        netdev_warn_once, //
    },
    poll::Irq,
    ptp::PtpRequest, //
};
use kernel::prelude::*;

/// The source of the output's interrupt in `NetDriver::irq` (after the
/// ENET's own lines, which are numbered from 0).
pub(crate) const PPS_IRQ: u32 = 0x100;

/// Tries to read back a channel's mode cleared or its event flag cleared
/// (the C driver loops until it reads so).
const CLEAR_TRIES: u32 = 100;

/// The compare channel the outputs use, and the line of its events.
#[derive(Clone, Copy)]
pub(crate) struct PpsOutput {
    pub(crate) line: u32,
    tcsr: regs::Reg,
    tccr: regs::Reg,
}

impl PpsOutput {
    /// Channel `channel` (below [`ptp_clock::CHANNELS`]), its events on
    /// Linux IRQ `line`.
    pub(crate) fn new(line: u32, channel: u32) -> Option<Self> {
        let i = usize::try_from(channel).ok()?;
        Some(Self {
            line,
            tcsr: regs::TCSR0.at(i, regs::TIMER_CHANNEL_STRIDE)?,
            tccr: regs::TCCR0.at(i, regs::TIMER_CHANNEL_STRIDE)?,
        })
    }
}

/// A periodic output asked for.
#[derive(Clone, Copy)]
struct Perout {
    /// Clock time of its first edge, and between two edges of one kind.
    start: u64,
    period: u64,
    /// Between two compares: half the period.
    reload: u32,
    /// Programmed into the channel; else waiting for its start to come
    /// within the counter's reach, or for the timer's start.
    armed: bool,
}

/// What the outputs do, under the clock's lock ([`PtpState`]).
pub(crate) struct Outputs {
    /// The PPS output is on (`pps_enable`).
    pps: bool,
    /// The periodic output (`perout_enable`).
    perout: Option<Perout>,
    /// The compare value after the two the channel holds, and the time
    /// between compares (`next_counter`, `reload_period`).
    next: u32,
    reload: u32,
    /// The clock is going ([`Fec::ptp_stop`]): no output is turned on.
    closed: bool,
}

impl Outputs {
    /// Both off.
    pub(crate) const INIT: Self = Self {
        pps: false,
        perout: None,
        next: 0,
        reload: 0,
        closed: false,
    };
}

/// Milliseconds, rounded up, in `ns` (at most `u32::MAX`).
fn ms_of(ns: u64) -> u32 {
    u32::try_from(div_u64(ns.saturating_add(999_999), 1_000_000)).unwrap_or(u32::MAX)
}

impl<'a> Fec<'a> {
    /// `NetDriver::ptp_enable` (`fec_ptp_enable()`).
    pub(crate) fn ptp_enable(&self, req: PtpRequest) -> Result {
        let Some(out) = self.pps else {
            return Err(EOPNOTSUPP);
        };
        match req {
            PtpRequest::Pps { on } => {
                if on {
                    self.pps_irq_request(out)?;
                }
                self.pps_set(out, on)
            }
            PtpRequest::Perout { flags, .. } if flags != 0 => Err(EOPNOTSUPP),
            PtpRequest::Perout {
                on, start, period, ..
            } => {
                let Some(reload) = ptp_clock::perout_reload(period) else {
                    netdev_err!(
                        self.dev,
                        "the period of the periodic output must be 4 s at most\n"
                    );
                    return Err(EOPNOTSUPP);
                };
                if on && reload != 0 {
                    self.pps_irq_request(out)?;
                    self.perout_start(out, start, period.unsigned_abs(), reload)
                } else {
                    self.perout_stop(out);
                    Ok(())
                }
            }
        }
    }

    /// Requests the outputs' interrupt, unless it is requested already or
    /// the clock is going (`ENODEV`). Its handler reads the registers: the
    /// ENET stays resumed while it is requested.
    fn pps_irq_request(&self, out: PpsOutput) -> Result {
        let mut irq = self.pps_irq.lock();
        if irq.is_none() {
            if self.ptp.lock().out.closed {
                return Err(ENODEV);
            }
            let on = self.power.get()?;
            let line = Irq::request(out.line, c"fec_rs-pps", self.dev, PPS_IRQ)?;
            *irq = Some((line, on));
        }
        Ok(())
    }

    /// The PPS output on or off (`fec_ptp_enable_pps()`).
    fn pps_set(&self, out: PpsOutput, on: bool) -> Result {
        let mut s = self.ptp.lock();
        if on && s.out.closed {
            return Err(ENODEV);
        }
        if s.out.perout.is_some() {
            netdev_err!(self.dev, "the periodic output is on\n");
            return Err(EBUSY);
        }
        if s.out.pps == on {
            return Ok(());
        }
        s.out.pps = on;
        if !on {
            self.regs.write(out.tcsr, 0);
        } else if s.saved.is_none() {
            // (While a MAC reset has the timer stopped, its start programs
            // it.)
            self.pps_program(&mut s, out);
        }
        Ok(())
    }

    /// Programs the PPS output: its first pulse at the second full second
    /// of the clock from now.
    fn pps_program(&self, s: &mut PtpState, out: PpsOutput) {
        let counter = self.ptp_counter();
        let ns = s.tc.read(counter);
        let first = ptp_clock::pps_first_compare(counter, ns);
        self.arm(
            s,
            out,
            first,
            ptp_clock::PPS_RELOAD_NS,
            tcsr::TMODE_PULSE_HIGH,
        );
    }

    /// Starts the channel in mode `mode` with its first compare at counter
    /// value `first` and one every `reload` ns after it.
    fn arm(&self, s: &mut PtpState, out: PpsOutput, first: u32, reload: u32, mode: u32) {
        // Any event cleared, and the mode cleared before the first compare
        // value is written, as the reference manual advises (a channel
        // still in a compare mode would take the write as its next value).
        self.regs.write(out.tcsr, tcsr::TF);
        let mut v = self.regs.read(out.tcsr);
        let mut tries = 0;
        while v & tcsr::TMODE_MASK != 0 {
            if tries == CLEAR_TRIES {
                netdev_warn_once!(self.dev, "timer channel's mode does not clear\n");
                break;
            }
            self.regs.write(out.tcsr, v & !tcsr::TMODE_MASK);
            v = self.regs.read(out.tcsr);
            tries += 1;
        }
        self.regs.write(out.tccr, first);
        let second = ptp_clock::next_compare(first, reload);
        // Compare events also at the counter's period wrap.
        let a = self.regs.read(regs::ATCR);
        self.regs.write(regs::ATCR, a | atcr::PINPER);
        let c = self.regs.read(out.tcsr);
        self.regs.write(out.tcsr, tcsr::compare(c, mode));
        // The channel's second value, written after the mode.
        self.regs.write(out.tccr, second);
        s.out.next = ptp_clock::next_compare(second, reload);
        s.out.reload = reload;
    }

    /// Turns the periodic output on from clock time `start` with `period`
    /// ns between edges of one kind (`reload` between compares).
    fn perout_start(&self, out: PpsOutput, start: i64, period: u64, reload: u32) -> Result {
        let mut s = self.ptp.lock();
        if s.out.closed {
            return Err(ENODEV);
        }
        if s.out.pps {
            netdev_err!(self.dev, "the PPS output is on\n");
            return Err(EBUSY);
        }
        if s.out.perout.is_some() {
            netdev_err!(self.dev, "the periodic output is on already\n");
            return Err(EBUSY);
        }
        let now = self.ptp_now(&mut s);
        let start = u64::try_from(start).unwrap_or(0);
        if start <= now {
            netdev_err!(
                self.dev,
                "the start time must be later than the clock's time\n"
            );
            return Err(EINVAL);
        }
        if start < now.saturating_add(ptp_clock::PEROUT_MARGIN_NS) {
            netdev_err!(
                self.dev,
                "the start time of the periodic output is too close\n"
            );
            return Err(EINVAL);
        }
        s.out.perout = Some(Perout {
            start,
            period,
            reload,
            armed: false,
        });
        self.perout_arm(&mut s, out)
    }

    /// Programs the periodic output asked for: at once if its start is
    /// within the counter's reach, else later ([`Fec::ptp_keep`]). A start
    /// closer than the margin the write needs turns it off (`EINVAL`).
    /// Nothing while the timer is stopped: its start programs it.
    fn perout_arm(&self, s: &mut PtpState, out: PpsOutput) -> Result {
        let Some(mut p) = s.out.perout else {
            return Ok(());
        };
        p.armed = false;
        s.out.perout = Some(p);
        if s.saved.is_some() {
            return Ok(());
        }
        let counter = self.ptp_counter();
        let now = s.tc.read(counter);
        if p.start.saturating_sub(now) > ptp_clock::MAX_COMPARE_AHEAD_NS {
            return Ok(());
        }
        if p.start < now.saturating_add(ptp_clock::PEROUT_MARGIN_NS) {
            netdev_err!(
                self.dev,
                "the start time of the periodic output passed; output off\n"
            );
            s.out.perout = None;
            self.regs.write(out.tcsr, 0);
            return Err(EINVAL);
        }
        let first = ptp_clock::perout_compare(p.start, now, counter);
        self.arm(s, out, first, p.reload, tcsr::TMODE_TOGGLE);
        p.armed = true;
        s.out.perout = Some(p);
        Ok(())
    }

    /// Turns the periodic output off (`fec_ptp_pps_disable()`).
    fn perout_stop(&self, out: PpsOutput) {
        let mut s = self.ptp.lock();
        // (The channel is the PPS output's if that is on.)
        if s.out.perout.take().is_some() {
            self.regs.write(out.tcsr, 0);
        }
    }

    /// After the timer started again (a MAC reset) or the clock was set or
    /// stepped: the PPS output programmed again, the periodic output at its
    /// first edge a safe margin from now (`fec_ptp_restore_state()`), the
    /// channel off if neither is on (a reset of the multi-queue parts
    /// leaves it as it was).
    pub(crate) fn outputs_restart(&self, s: &mut PtpState) {
        let Some(out) = self.pps else {
            return;
        };
        if s.out.pps {
            self.pps_program(s, out);
        } else if let Some(mut p) = s.out.perout {
            let now = s.tc.read(self.ptp_counter());
            let not_before = now.saturating_add(ptp_clock::PEROUT_MARGIN_NS * 2);
            p.start = ptp_clock::perout_resume(p.start, p.period, not_before);
            s.out.perout = Some(p);
            // (A start twice the margin away is refused only on a clock
            // stepped to the end of its range.)
            let _ = self.perout_arm(s, out);
        } else {
            self.regs.write(out.tcsr, 0);
        }
    }

    /// `NetDriver::ptp_keep`: the periodic read of the counter, and the
    /// periodic output programmed once its start comes within the counter's
    /// reach. Returns the milliseconds until the next call.
    pub(crate) fn ptp_keep(&self) -> u32 {
        let mut s = self.ptp.lock();
        let now = self.ptp_now(&mut s);
        let (Some(out), Some(p)) = (self.pps, s.out.perout) else {
            return 1000;
        };
        if p.armed || s.saved.is_some() {
            return 1000;
        }
        let ahead = p.start.saturating_sub(now);
        if ahead > ptp_clock::MAX_COMPARE_AHEAD_NS {
            // (Called again when it is within reach, on a clock that runs
            // at its nominal rate.)
            return ms_of(ahead - ptp_clock::MAX_COMPARE_AHEAD_NS).min(1000);
        }
        // (A start too close by now turns the output off, with a message.)
        let _ = self.perout_arm(&mut s, out);
        1000
    }

    /// `NetDriver::ptp_stop`: both outputs off for good, their interrupt
    /// freed (`fec_ptp_stop()`); the channel's register cleared if the
    /// ENET can be resumed for it (the interrupt goes all the same).
    pub(crate) fn ptp_stop(&self) {
        let Some(out) = self.pps else {
            return;
        };
        let powered = self.power.get().ok();
        {
            let mut s = self.ptp.lock();
            s.out.closed = true;
            s.out.pps = false;
            s.out.perout = None;
            if powered.is_some() {
                self.regs.write(out.tcsr, 0);
            }
        }
        // After `closed`: no request makes a new one.
        drop(self.pps_irq.lock().take());
    }

    /// The outputs' interrupt (`fec_pps_interrupt()`): a compare event
    /// loads the compare value after next, and a PPS pulse goes to the PTP
    /// core. False if the channel had no event (QEMU's model raises the
    /// line for the MAC's events too).
    pub(crate) fn pps_interrupt(&self) -> bool {
        let Some(out) = self.pps else {
            return false;
        };
        let mut s = self.ptp.lock();
        let v = self.regs.read(out.tcsr);
        if v & tcsr::TF == 0 {
            return false;
        }
        self.regs.write(out.tccr, s.out.next);
        let mut tries = 0;
        loop {
            self.regs.write(out.tcsr, v);
            if self.regs.read(out.tcsr) & tcsr::TF == 0 {
                break;
            }
            tries += 1;
            if tries == CLEAR_TRIES {
                netdev_warn_once!(self.dev, "timer channel's event flag does not clear\n");
                break;
            }
        }
        s.out.next = ptp_clock::next_compare(s.out.next, s.out.reload);
        if s.out.pps {
            // Under the clock's lock: `ptp_stop` turns `pps` off under it
            // before the clock goes.
            self.dev.ptp_pps_event();
        }
        true
    }
}
