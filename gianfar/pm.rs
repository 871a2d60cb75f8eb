// SPDX-License-Identifier: GPL-2.0

//! System sleep and Wake-on-LAN (`gfar_suspend()`, `gfar_resume()`): a
//! running controller is closed, or with Wake-on-LAN on halted in magic
//! packet mode with its rings and interrupts kept (the PHY stopped but
//! powered); either way it is rebuilt on resume as after a reset
//! (`gfar_restore()`). The C gianfar's wake-up
//! on filer rules (`fsl,wake-on-filer`, wake on unicast) is not offered.

use crate::gianfar::{
    driver::{
        Etsec,
        Gfar,
        GianfarRs, //
    },
    regs::{
        self,
        ievent,
        imask,
        maccfg1,
        maccfg2, //
    },
};
use crate::netdev::{
    net::NetDriver,
    pm::SystemSleep, //
};
use core::sync::atomic::Ordering;
use kernel::prelude::*;

impl SystemSleep for GianfarRs {
    fn suspend(data: Pin<&Etsec>) -> Result {
        data.net.suspend()
    }

    fn resume(data: Pin<&Etsec>) -> Result {
        data.net.resume()
    }
}

impl<'a> Gfar<'a> {
    /// Quiesces the running controller for system sleep: closed, or with
    /// `wake` halted with magic packet detection on. Under RTNL, the device
    /// detached.
    pub(crate) fn sleep(&self, wake: bool) {
        if !self.up.swap(false, Ordering::AcqRel) {
            return;
        }
        // The PHY's state machine stops with the controller (its link-down
        // report done before MACCFG2 is armed below); with Wake-on-LAN on,
        // phylib keeps the PHY powered, its link up for the magic packet.
        self.halt_all();
        if !wake {
            self.release();
            return;
        }
        self.wol_sleep.store(true, Ordering::Release);
        // The receiver on, its DMA halted: the MAC only watches for a
        // magic packet, whose event wakes the system.
        let r = &self.groups[0].regs;
        self.groups[0].set_imask(imask::MAG);
        r.write(regs::MACCFG2, r.read(regs::MACCFG2) | maccfg2::MPEN);
        r.write(regs::MACCFG1, r.read(regs::MACCFG1) | maccfg1::RX_EN);
    }

    /// Brings the controller back after [`Gfar::sleep`]. Under RTNL.
    pub(crate) fn wake(&self) -> Result {
        if self.wol_sleep.swap(false, Ordering::AcqRel) {
            let r = &self.groups[0].regs;
            self.groups[0].set_imask(0);
            r.write(regs::MACCFG2, r.read(regs::MACCFG2) & !maccfg2::MPEN);
            r.write(regs::IEVENT, ievent::MAG);
            // What the sleep kept goes, as after a close.
            self.release();
        }
        // The PHY may have lost its settings; `open` starts it.
        self.dev.phy_init_hw();
        self.open()
    }
}
