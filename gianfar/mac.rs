// SPDX-License-Identifier: GPL-2.0

//! The MAC: initialising and programming it, starting and stopping the
//! DMA, the rings' memory, interrupts and flow control.

use crate::gianfar::{
    desc,
    driver::{
        irq_id,
        Gfar,
        Group,
        Mode,
        Source,
        DBG_GADDR_SET,
        DEFAULT_SPEED_MBPS,
        RX_BUF_LEN, //
    },
    filter::GroupHash,
    regs::{
        self,
        dmactrl,
        ecntrl,
        ievent,
        imask,
        maccfg1,
        maccfg2,
        queue,
        rctrl,
        tctrl, //
    },
    rx::RxRing,
    tx::{
        TxBds,
        TxRing, //
    },
};
use crate::knobs::{
    self,
    DBG_LEAK_IRQS,
    DBG_RXIC,
    DBG_TXIC, //
};
use crate::netdev::{
    dma,
    net::{
        netdev_err,
        BhDisabled,
        NetDriver,
        RxModeCtx, //
    },
    poll::{
        Irq,
        Napi, //
    },
    MacAddr, //
};
use crate::txring::{
    self,
    TsoFrames, //
};
use core::sync::atomic::Ordering;
use kernel::{
    prelude::*,
    sync::atomic::Relaxed, //
};

impl<'a> Gfar<'a> {
    /// Applies a setting that needs the controller restarted (`apply(true)`):
    /// a running controller is stopped, the setting applied and the
    /// controller opened again; if it cannot open with the new setting, the
    /// old one comes back (`apply(false)`) and it opens with that. Under
    /// RTNL.
    pub(crate) fn restart_with(&self, what: &str, apply: impl Fn(bool)) -> Result {
        let up = self.up.load(Ordering::Acquire);
        if up {
            self.stop();
        }
        apply(true);
        if up {
            if let Err(e) = self.open() {
                apply(false);
                netdev_err!(
                    self.dev,
                    "restart with new {what} failed ({e:?}), restoring\n"
                );
                self.open()?;
                return Err(e);
            }
        }
        Ok(())
    }

    /// Resets the MAC and programs everything but the rings and the start
    /// (`gfar_mac_reset()` and the parts of `gfar_hw_init()` that matter).
    pub(crate) fn mac_init(&self) {
        let r = &self.groups[0].regs;
        r.write(regs::MACCFG1, maccfg1::SOFT_RESET);
        kernel::time::delay::udelay(kernel::time::Delta::from_micros(3));
        r.write(regs::MACCFG1, 0);
        kernel::time::delay::udelay(kernel::time::Delta::from_micros(3));
        // Frames up to the MTU's (the C driver admits 9600 bytes whatever
        // the MTU); an MTU change restarts the controller.
        r.write(regs::MAXFRM, desc::maxfrm(self.dev.mtu()));
        r.write(regs::MRBLR, RX_BUF_LEN);
        r.write(regs::MINFLR, regs::MINFLR_INIT);
        r.write(regs::MACCFG2, maccfg2::INIT | maccfg2::IF_GMII);
        // Individual hash: nothing beyond the station address. Group hash:
        // from the multicast list (`program_rx_mode`).
        for i in 0..8 {
            if let Some(reg) = regs::IGADDR0.at(i, 4) {
                r.write(reg, 0);
            }
        }
        // Rx checksum checking: each frame then starts with an Rx FCB, and
        // the padding behind it; VLAN tags extracted into it if on.
        let vlex = if self.vlan_rx.load(Ordering::Relaxed) {
            rctrl::VLEX
        } else {
            0
        };
        r.write(
            regs::RCTRL,
            rctrl::CHECKSUMMING | vlex | rctrl::padding(desc::RX_PAD),
        );
        self.program_rx_mode(None);
        // Checksum generation; VLAN tags inserted from the Tx FCB if on.
        let vlins = if self.vlan_tx.load(Ordering::Relaxed) {
            tctrl::VLINS
        } else {
            0
        };
        r.write(regs::TCTRL, tctrl::CSUM | vlins);
        self.program_mac(self.dev.mac());
        for g in self.groups.iter() {
            g.regs.write(regs::IEVENT, ievent::ALL);
            g.set_imask(0);
        }
        self.program_coalescing();
        r.write(regs::ECNTRL, ecntrl::INIT);
        r.write(regs::ATTR, regs::ATTR_INIT);
        r.write(regs::ATTRELI, 0);
        r.write(regs::FIFO_TX_THR, regs::FIFO_TX_THR_DEFAULT);
        r.write(regs::FIFO_TX_STARVE, regs::FIFO_TX_STARVE_DEFAULT);
        r.write(
            regs::FIFO_TX_STARVE_SHUTOFF,
            regs::FIFO_TX_STARVE_OFF_DEFAULT,
        );
    }

    /// Station address: MACSTNADDR1 holds bytes 5..2, MACSTNADDR2 bytes 1..0
    /// in its upper half (`gfar_set_mac_for_addr()`).
    pub(crate) fn program_mac(&self, mac: MacAddr) {
        let m = mac.0;
        let r = &self.groups[0].regs;
        r.write(
            regs::MACSTNADDR1,
            u32::from_be_bytes([m[5], m[4], m[3], m[2]]),
        );
        r.write(regs::MACSTNADDR2, u32::from_be_bytes([m[1], m[0], 0, 0]));
    }

    /// Promiscuous mode and the multicast hash (`gfar_set_multi()`).
    pub(crate) fn program_rx_mode(&self, rx_mode: Option<&RxModeCtx>) {
        // The address list first (it takes the list lock unless the caller
        // holds it), then the registers under `rctrl_lock`.
        let hash = self.dev.mc_filter(rx_mode, GroupHash::ALL, GroupHash::add);
        let r = &self.groups[0].regs;
        let _g = self.rctrl_lock.lock();
        let mut v = r.read(regs::RCTRL) & !rctrl::PROM;
        if self.dev.promisc() {
            v |= rctrl::PROM;
        }
        r.write(regs::RCTRL, v);
        for (i, w) in hash.0.iter().enumerate() {
            if let Some(reg) = regs::GADDR0.at(i, 4) {
                r.write(reg, *w);
            }
        }
        self.debug
            .set(DBG_GADDR_SET, hash.0.iter().map(|w| w.count_ones()).sum());
    }

    /// Writes the coalescing registers: per ring in multi-group mode, the
    /// single-group registers otherwise (`gfar_configure_coalescing()`).
    ///
    /// The registers are written under the configuration's lock: the two
    /// directions' DIM works and `ethtool -C` each write both, and a writer
    /// holding an older copy must not overwrite a newer value.
    pub(crate) fn program_coalescing(&self) {
        let cfg = self.cfg.lock();
        let (rx_ic, tx_ic) = cfg.coal.in_use();
        for g in self.groups.iter() {
            let (tx, rx) = match self.mode {
                Mode::MultiGroup => (regs::TXIC0.at(g.index, 4), regs::RXIC0.at(g.index, 4)),
                Mode::SingleGroup => (Some(regs::TXIC), Some(regs::RXIC)),
            };
            let r = &self.groups[0].regs;
            if let (Some(tx), Some(rx)) = (tx, rx) {
                r.write(tx, 0);
                r.write(tx, tx_ic.register());
                r.write(rx, 0);
                r.write(rx, rx_ic.register());
            }
        }
        self.debug.set(DBG_TXIC, tx_ic.register());
        self.debug.set(DBG_RXIC, rx_ic.register());
    }

    /// Gracefully stops the DMA and disables Rx/Tx (`gfar_halt()`).
    pub(crate) fn halt(&self) {
        let r = &self.groups[0].regs;
        for g in self.groups.iter() {
            g.set_imask(0);
            g.regs.write(regs::IEVENT, ievent::ALL);
        }
        r.write(regs::RQUEUE, 0);
        r.write(regs::TQUEUE, 0);
        let v = r.read(regs::DMACTRL);
        r.write(regs::DMACTRL, v | dmactrl::GRS | dmactrl::GTS);
        // Graceful stop completes within a frame time; bound the wait.
        for _ in 0..1000 {
            let ev = r.read(regs::IEVENT);
            if ev & (ievent::GRSC | ievent::GTSC) == ievent::GRSC | ievent::GTSC {
                break;
            }
            kernel::time::delay::udelay(kernel::time::Delta::from_micros(10));
        }
        let v = r.read(regs::MACCFG1);
        r.write(regs::MACCFG1, v & !(maccfg1::RX_EN | maccfg1::TX_EN));
    }

    /// Stops the running controller, the first half of a close: NAPIs and
    /// queues off, the PHY's state machine stopped, the DMA and MAC halted;
    /// rings and interrupts kept.
    pub(crate) fn halt_all(&self) {
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
        self.dev.phy_stop();
        self.halt();
    }

    /// The second half of a close: interrupts and rings freed, the carrier
    /// off.
    pub(crate) fn release(&self) {
        self.free_irqs();
        self.free_rings();
        self.dev.carrier(false);
    }

    /// Enables the queues, DMA, MAC and interrupts (`gfar_start()`).
    pub(crate) fn start(&self) {
        let r = &self.groups[0].regs;
        let (mut rq, mut tq) = (0, 0);
        for g in self.groups.iter() {
            rq |= queue::RQUEUE_EN0 >> g.index;
            tq |= queue::TQUEUE_EN0 >> g.index;
        }
        r.write(regs::RQUEUE, rq);
        r.write(regs::TQUEUE, tq);
        let v = r.read(regs::DMACTRL) | dmactrl::INIT;
        r.write(regs::DMACTRL, v & !(dmactrl::GRS | dmactrl::GTS));
        for g in self.groups.iter() {
            g.regs.write(regs::TSTAT, queue::THALT0 >> g.index);
            g.regs.write(regs::RSTAT, queue::RHALT0 >> g.index);
        }
        let v = r.read(regs::MACCFG1);
        r.write(regs::MACCFG1, v | maccfg1::RX_EN | maccfg1::TX_EN);
        for g in self.groups.iter() {
            g.regs.write(regs::IEVENT, ievent::ALL);
            g.set_imask(imask::DEFAULT);
        }
        self.dev.trans_update();
    }

    /// Allocates and installs the rings of every group.
    pub(crate) fn alloc_rings(&self) -> Result {
        let (cfg, xdp) = {
            let c = self.cfg.lock();
            (c.rings, c.xdp)
        };
        self.tso_limit.set(self.dev, cfg.thresholds.stop());
        for g in self.groups.iter() {
            let bds = |n| TxBds::new(&self.dma, n);
            let batch = txring::irq_batches(self.combined_napi);
            let tx = TxRing::new(&self.dma, &cfg, bds, Some(TsoFrames::InPlace), batch)?;
            let rx = RxRing::new(&self.dma, &g.rx_napi, g.index as u32, cfg.rx, xdp)?;
            let r = &self.groups[0].regs;
            // Base addresses of ring n sit 8 bytes apart; high bits are 0.
            if let (Some(tb), Some(rb)) = (regs::TBASE0.at(g.index, 8), regs::RBASE0.at(g.index, 8))
            {
                r.write(regs::TBASEH, 0);
                r.write(tb, tx.bds.0.dma() as u32);
                r.write(regs::RBASEH, 0);
                r.write(rb, rx.bds.0.dma() as u32);
            }
            let _bh = BhDisabled::new();
            g.tx.install(tx);
            *g.rx.lock() = Some(rx);
        }
        Ok(())
    }

    /// Frees the rings: unsent skbs and Rx pages are released.
    pub(crate) fn free_rings(&self) {
        for g in self.groups.iter() {
            // Take the rings out under the locks (softirqs off: the NAPIs use
            // these locks), tear them down with no lock held (freeing DMA
            // memory and page pools may sleep).
            let (_, tx) = g.tx.empty(&self.dma, true, &g.rx_napi);
            // (A guard in the block's tail expression would outlive `_bh`.)
            let rx = {
                let _bh = BhDisabled::new();
                let rx = g.rx.lock().take();
                rx
            };
            drop(tx);
            drop(rx);
        }
    }

    pub(crate) fn request_irqs(&self) -> Result {
        for g in self.groups.iter() {
            let mut irqs = KVec::new();
            irqs.push(
                Irq::request(
                    g.irq_tx,
                    c"gianfar_rs_tx",
                    self.dev,
                    irq_id(g.index, Source::Tx),
                )?,
                GFP_KERNEL,
            )?;
            if let Some(rx) = g.irq_rx {
                irqs.push(
                    Irq::request(rx, c"gianfar_rs_rx", self.dev, irq_id(g.index, Source::Rx))?,
                    GFP_KERNEL,
                )?;
            }
            if let Some(er) = g.irq_err {
                irqs.push(
                    Irq::request(
                        er,
                        c"gianfar_rs_err",
                        self.dev,
                        irq_id(g.index, Source::Err),
                    )?,
                    GFP_KERNEL,
                )?;
            }
            let old = core::mem::replace(&mut *g.irqs.lock(), irqs);
            drop(old);
        }
        Ok(())
    }

    pub(crate) fn free_irqs(&self) {
        let leak = self.debug.take(DBG_LEAK_IRQS);
        for g in self.groups.iter() {
            let irqs = core::mem::take(&mut *g.irqs.lock());
            knobs::free_irqs(irqs, leak);
        }
    }

    /// MACCFG1 Rx/Tx flow control for the current link and pause settings
    /// (`gfar_get_flowctrl_cfg()`): off at half duplex or without a link;
    /// autonegotiated, what both ends' advertisements resolve to.
    pub(crate) fn program_flow(&self) {
        let p = self.cfg.lock().pause;
        let link = self.link.lock();
        let (speed, full) = *link;
        let (rx, tx) = if speed == 0 || !full {
            (false, false)
        } else if p.autoneg {
            self.dev.phy_resolved_pause()
        } else {
            (p.rx, p.tx)
        };
        let r = &self.groups[0].regs;
        let mut v = r.read(regs::MACCFG1) & !(maccfg1::RX_FLOW | maccfg1::TX_FLOW);
        if rx {
            v |= maccfg1::RX_FLOW;
        }
        if tx {
            v |= maccfg1::TX_FLOW;
        }
        r.write(regs::MACCFG1, v);
        drop(link);
    }

    /// Current link speed for the coalescing tick math (1000 before a link).
    pub(crate) fn speed(&self) -> u32 {
        match self.link.lock().0 {
            0 => DEFAULT_SPEED_MBPS,
            s => s,
        }
    }

    /// Restarts Rx ring `g` if the hardware halted it for lack of empty
    /// descriptors (RSTAT QHLTn, cleared by writing 1). Called by
    /// [`Gfar::clean_rx`] once it has handled every descriptor the MAC
    /// wrote, with the bus address `next` of the one it reads next, empty
    /// as long as `next_empty` says so; it reads that one again afterwards.
    ///
    /// Workarounds for QEMU's eTSEC model, no-ops on silicon:
    /// - The model steps its RxBD pointer past the full descriptor it halted
    ///   on, and would resume one descriptor ahead of the driver, which waits
    ///   on its descriptor until the model has gone round the whole ring: Rx
    ///   stalls (TCP's window is spent long before). Silicon stops on that
    ///   descriptor, which the driver has since emptied and reads next, so
    ///   the pointer is set back to `next` only when it differs (counted as
    ///   `rx_ring_resyncs`).
    /// - The model only resumes on a QHLT write that finds the bit clear, so
    ///   the write is repeated when the ring halted (with the single write of
    ///   the C driver, the model keeps the halt until the next Rx interrupt,
    ///   which never comes).
    /// - The model clears a halt its own resumption raised (the rest of a
    ///   frame still did not fit) along with the one written: RSTAT then
    ///   shows no halt, and no interrupt comes for the buffers written
    ///   before it. Hence the write on every call, which resumes such a
    ///   frame, and the caller's second look at `next`.
    /// - The model halts from its own thread: a halt that comes between the
    ///   read of RSTAT and that write is cleared unseen, and the ring would
    ///   then resume one descriptor ahead (read from the model's code, not
    ///   seen in a test). On the model (`qemu_model`), the pointer is
    ///   therefore checked on every call: elsewhere than `next` while `next`
    ///   is still empty, it can only be such a halt, since the model moves
    ///   it only as it fills descriptors. (Not on silicon, where the pointer
    ///   may run ahead of a descriptor's status write and is left alone
    ///   while the ring runs.)
    pub(crate) fn resume_rx(&self, g: &Group<'a>, next: u32, next_empty: impl FnOnce() -> bool) {
        let qhlt = queue::RHALT0 >> g.index;
        let halted = g.regs.read(regs::RSTAT) & qhlt != 0;
        if halted || self.qemu_model {
            // The RxBD pointers are on the first group's page, as the bases.
            let r = &self.groups[0].regs;
            if let Some(ptr) = regs::RBPTR0.at(g.index, 8) {
                let at = r.read(ptr) & !7;
                // (The descriptor read after the pointer: a fill of `next`
                // the pointer shows is seen there.)
                dma::dma_rmb();
                if at != next && (halted || next_empty()) {
                    r.write(ptr, next);
                    g.stats.rx_ring_resyncs.add(1, Relaxed);
                }
            }
        }
        g.regs.write(regs::RSTAT, qhlt);
        if halted {
            g.regs.write(regs::RSTAT, qhlt);
            g.stats.rx_ring_halts.add(1, Relaxed);
        }
    }
}
