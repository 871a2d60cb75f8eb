// SPDX-License-Identifier: GPL-2.0

//! System sleep and Wake-on-LAN (`fec_suspend()`, `fec_resume()`): the data
//! path is quiesced with its rings and interrupts kept, and with Wake-on-LAN
//! on the MAC sleeps watching for a magic packet, its wake-up interrupt
//! armed; then runtime PM turns the register clocks off. Runtime PM itself
//! (the clocks off while the ENET is unused) is set up by probe
//! (`fec/probe.rs`).

use crate::fec::{
    driver::Fec,
    probe::{
        Enet,
        FecRs, //
    },
    quirks::Quirks,
    regs::{
        self,
        ecr,
        ievent, //
    },
};
use crate::netdev::{
    net::netdev_warn,
    pm::SystemSleep, //
};
use core::sync::atomic::Ordering;
use kernel::prelude::*;

impl SystemSleep for FecRs {
    fn suspend(data: Pin<&Enet>) -> Result {
        data.net().suspend()?;
        // The register clocks off whatever holds them (an open interface),
        // as `fec_suspend()` does.
        if let Err(e) = data.rpm.force_suspend() {
            let _ = data.net().resume();
            return Err(e);
        }
        Ok(())
    }

    fn resume(data: Pin<&Enet>) -> Result {
        data.rpm.force_resume()?;
        data.net().resume()
    }

    const RUNTIME_PM: bool = true;
}

impl<'a> Fec<'a> {
    /// Quiesces the running data path for system sleep; with `wake`, the
    /// MAC is left in sleep mode with magic packet detection and its
    /// wake-up interrupt armed. Under RTNL, the device detached.
    pub(crate) fn sleep(&self, wake: bool) -> Result {
        // Before the PHY stops: the link-down restart it causes then leaves
        // the MAC asleep instead of resetting it (`FEC_WOL_FLAG_SLEEP_ON`),
        // with the station address and receive settings magic packet
        // detection needs.
        self.wol_sleep.store(wake, Ordering::Release);
        // Before `hw_lock`: phy_stop() reports the link down through
        // adjust_link(), which takes it.
        self.dev.phy_stop();
        let _hw = self.hw_lock.lock();
        if !self.up.load(Ordering::Acquire) {
            // A failed reset left the data path down: nothing runs, and
            // nothing can wake the system.
            if wake {
                netdev_warn!(
                    self.dev,
                    "suspending with the data path down: no Wake-on-LAN\n"
                );
            }
            return Ok(());
        }
        self.quiesce();
        self.stop_hw();
        if wake {
            // The line armed first (its handler then off), and the event
            // unmasked only on an armed line: an event with nothing to wake
            // would only interrupt the sleep.
            match self.set_wake_irq(true) {
                Ok(true) => {
                    self.wake_armed.store(true, Ordering::Release);
                    self.imask.set(&self.regs, ievent::WAKEUP);
                }
                // Asleep without a wake-up line: as the C fec, the
                // suspend goes on (the system then wakes by other means).
                Ok(false) => netdev_warn!(self.dev, "wake-up interrupt not armed (no line)\n"),
                Err(e) => netdev_warn!(self.dev, "wake-up interrupt not armed ({e:?})\n"),
            }
            // The SoC asked to keep the ENET clocked in its stop mode, so
            // that a magic packet can wake it (`fec_enet_stop_mode()`).
            if let Some(s) = &self.stop_mode {
                if let Err(e) = s.set(true) {
                    netdev_warn!(self.dev, "stop-mode request failed ({e:?})\n");
                }
            }
        }
        Ok(())
    }

    /// Restarts the data path after [`Fec::sleep`]. Under RTNL.
    pub(crate) fn wake(&self) -> Result {
        let r = {
            let _hw = self.hw_lock.lock();
            if self.wol_sleep.swap(false, Ordering::AcqRel) {
                // The wake-up event masked and acknowledged before its line
                // is back: the handler does not know it.
                self.imask.set(&self.regs, 0);
                self.regs.write(regs::IEVENT, ievent::WAKEUP);
                // The stop-mode request withdrawn (a no-op if the data path
                // was down at the suspend and none was made).
                if let Some(s) = &self.stop_mode {
                    if let Err(e) = s.set(false) {
                        netdev_warn!(self.dev, "stop-mode release failed ({e:?})\n");
                    }
                }
            }
            if self.wake_armed.swap(false, Ordering::AcqRel) {
                if let Err(e) = self.set_wake_irq(false) {
                    netdev_warn!(self.dev, "wake-up interrupt not disarmed ({e:?})\n");
                }
            }
            if self.up.load(Ordering::Acquire) {
                // The MAC reset ends sleep mode (MAGICEN, SLEEP).
                self.restart_running();
                Ok(())
            } else {
                self.bring_up()
            }
        };
        // The PHY, which may have lost its settings, after the MAC (as
        // `fec_resume()`), and started whatever the data path did: it was
        // stopped by the suspend, and the next close stops it again.
        self.dev.phy_init_hw();
        self.dev.phy_start();
        r
    }

    /// Sleep mode with magic packet detection on the configured MAC, in
    /// place of its reset (`fec_ctrl_reset()` with Wake-on-LAN).
    pub(crate) fn enter_sleep_mode(&self) {
        let v = self.regs.read(regs::ECNTRL) | ecr::MAGICEN | ecr::SLEEP;
        self.regs.write(regs::ECNTRL, v);
    }

    /// Arms (or disarms) the interrupt line the wake-up event comes on, if
    /// it is requested (`fec_enet_get_wakeup_irq()`): whether there was one.
    /// `hw_lock` held.
    fn set_wake_irq(&self, on: bool) -> Result<bool> {
        let line = if self.variant.quirks.has(Quirks::WAKEUP_FROM_INT2) {
            2
        } else {
            0
        };
        // Out of the lock for the call, which may sleep; `hw_lock` keeps
        // `free_irqs` away meanwhile.
        let mut irqs = core::mem::take(&mut *self.irqs.lock());
        let r = irqs
            .get_mut(line)
            .map_or(Ok(false), |irq| irq.set_wake(on).map(|()| true));
        *self.irqs.lock() = irqs;
        r
    }
}
