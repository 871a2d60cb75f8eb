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
    pm::SystemSleep,
    poll::Napi, //
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

impl Gfar {
    /// Quiesces the running controller for system sleep: closed, or with
    /// `wake` halted with magic packet detection on. Under RTNL, the device
    /// detached.
    pub(crate) fn sleep(&self, wake: bool) {
        if !wake {
            self.stop();
            return;
        }
        if !self.up.swap(false, Ordering::AcqRel) {
            return;
        }
        self.wol_sleep.store(true, Ordering::Release);
        self.quiesce();
        // The PHY's state machine stops (its link-down report done before
        // MACCFG2 is armed below); with Wake-on-LAN on, phylib keeps the
        // PHY powered, its link up for the magic packet.
        self.dev.phy_stop();
        self.halt();
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
            self.free_irqs();
            self.free_rings();
            self.dev.carrier(false);
        }
        // The PHY may have lost its settings; `open` starts it.
        self.dev.phy_init_hw();
        self.open()
    }

    /// Stops the data path's NAPIs and queues (the first steps of a close).
    pub(crate) fn quiesce(&self) {
        // NAPIs first, then the queues: a last Tx poll after a queue is
        // disabled could wake it again, and xmit would then race with the
        // ring teardown.
        for g in self.groups.iter() {
            Napi::unlink_queue(self.dev, g.index as u32, false);
            Napi::unlink_queue(self.dev, g.index as u32, true);
            g.rx_napi.disable();
            g.tx.napi.disable();
        }
        self.dev.tx_disable();
    }
}
