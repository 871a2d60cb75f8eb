// SPDX-License-Identifier: GPL-2.0

//! The MAC: programming it, starting and stopping the data path, the
//! interrupt mask, and the MDIO controller.

use crate::fec::{
    coalesce, desc,
    driver::{
        rx_buf_len,
        Cfg,
        Fec,
        MII_TIMEOUT_US,
        VLAN_ETH_HLEN, //
    },
    filter::GroupHash,
    quirks::Quirks,
    regs::{
        self,
        ecr,
        ievent,
        mmfr,
        racc,
        rcr, //
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
    mdio::MdioOps,
    net::{
        netdev_err,
        netdev_warn,
        BhDisabled,
        RxModeCtx, //
    },
    of::PhyInterface,
    poll::{
        Irq,
        Napi, //
    },
    rpm::Rpm,
    MacAddr, //
};
use crate::txring;
use core::sync::atomic::Ordering;
use kernel::{
    device,
    prelude::*,
    sync::{
        aref::ARef,
        atomic::Relaxed,
        Arc, //
    },
    time::{
        delay::udelay,
        Delta, //
    }, //
};

impl<'a> Fec<'a> {
    /// Stops the MAC (`fec_ctrl_reset()`): the AVB parts are disabled rather
    /// than reset (a reset would also reset their AXI side).
    ///
    /// A hard reset also clears MSCR: it is written again at once, since
    /// phylib may be talking to the PHY meanwhile.
    pub(crate) fn ctrl_reset(&self) {
        if self.variant.quirks.has(Quirks::HAS_MULTI_QUEUES) {
            self.regs.write(regs::ECNTRL, 0);
        } else {
            self.regs.write(regs::ECNTRL, ecr::RESET);
            udelay(Delta::from_micros(10));
            self.regs.write(regs::MII_SPEED, self.mscr);
        }
    }

    /// Station address: PALR holds bytes 0..3, PAUR bytes 4..5 in its upper
    /// half.
    pub(crate) fn program_mac(&self, mac: MacAddr) {
        let m = mac.0;
        self.regs
            .write(regs::ADDR_LOW, u32::from_be_bytes([m[0], m[1], m[2], m[3]]));
        self.regs
            .write(regs::ADDR_HIGH, u32::from_be_bytes([m[4], m[5], 0, 0]));
    }

    /// RCR's maximum frame length for the current MTU.
    pub(crate) fn max_fl(&self) -> u32 {
        ((self.dev.mtu() + VLAN_ETH_HLEN + desc::FCS_LEN) << rcr::MAX_FL_SHIFT) & rcr::MAX_FL_MASK
    }

    /// Promiscuous mode and the multicast hash (`set_multicast_list()`).
    pub(crate) fn program_rx_mode(&self, rx_mode: Option<&RxModeCtx>) {
        // The address list first (it takes the list lock unless the caller
        // holds it), then the registers under `rcr_lock`.
        let hash = self.dev.mc_filter(rx_mode, GroupHash::ALL, GroupHash::add);
        let _g = self.rcr_lock.lock();
        let mut v = self.regs.read(regs::R_CNTRL) & !rcr::PROMISC;
        if self.dev.promisc() {
            v |= rcr::PROMISC;
        }
        self.regs.write(regs::R_CNTRL, v);
        self.regs.write(regs::GRP_HASH_TABLE_HIGH, hash.high);
        self.regs.write(regs::GRP_HASH_TABLE_LOW, hash.low);
    }

    /// Writes the coalescing registers (`fec_enet_itr_coal_set()`), all
    /// three rings' on multi-queue parts.
    ///
    /// The registers are written under the configuration's lock: the two
    /// directions' DIM works and `ethtool -C` each write both, and a writer
    /// holding an older copy must not overwrite a newer value.
    pub(crate) fn program_coalescing(&self) {
        if !self.variant.quirks.has(Quirks::HAS_COALESCE) {
            return;
        }
        let cfg = self.cfg.lock();
        let (rx, tx) = cfg.coal.in_use();
        let (tx, rx) = (tx.register(self.itr_rate), rx.register(self.itr_rate));
        self.regs.write(regs::TXIC0, tx);
        self.regs.write(regs::RXIC0, rx);
        if self.variant.quirks.has(Quirks::HAS_MULTI_QUEUES) {
            for r in [regs::TXIC1, regs::TXIC2] {
                self.regs.write(r, tx);
            }
            for r in [regs::RXIC1, regs::RXIC2] {
                self.regs.write(r, rx);
            }
        }
        self.debug.set(DBG_TXIC, tx);
        self.debug.set(DBG_RXIC, rx);
    }

    /// Resets and programs the MAC for the current link and starts it
    /// (`fec_restart()`). The data path must be quiet: NAPIs disabled, Tx
    /// stopped, rings installed. Interrupts stay masked (see `resume`).
    pub(crate) fn restart_hw(&self) {
        let (speed, full) = *self.link.lock();
        let q = self.variant.quirks;
        self.ptp_save();
        self.ctrl_reset();
        self.program_mac(self.dev.mac());
        self.regs.write(regs::IEVENT, ievent::ALL_BUT_MII);
        self.reset_rings();
        {
            let _bh = BhDisabled::new();
            if let Some(rx) = self.rx.lock().as_ref() {
                self.regs.write(regs::R_DES_START_0, rx.bds.0.dma() as u32);
                self.regs.write(regs::R_BUFF_SIZE_0, rx.buf_len);
                if q.has(Quirks::HAS_RACC) {
                    self.regs.write(regs::FTRL, rx.buf_len);
                }
            }
            for q in self.txs.iter() {
                // The guard goes before `_bh` (see `reset_rings`).
                let tx_guard = q.tx.ring.lock();
                if let Some(tx) = (*tx_guard).as_ref() {
                    self.regs.write(q.regs().start, tx.bds.mem.dma() as u32);
                }
                drop(tx_guard);
                // Rings 1 and 2 (AVB): their DMA class on, each with half
                // the bandwidth when the credit-based shaper runs
                // (`fec_enet_enable_ring()`).
                if let Some(cfg) = q.regs().dma_cfg {
                    self.regs.write(cfg, regs::DMA_CLASS_EN | regs::IDLE_SLOPE);
                }
            }
        }

        let mut rcntl = rcr::MII | self.max_fl();
        // Full duplex unless the PHY says half.
        if speed != 0 && !full {
            rcntl |= rcr::DRT;
            self.regs.write(regs::X_CNTRL, 0);
        } else {
            self.regs.write(regs::X_CNTRL, regs::TCR_FDEN);
        }
        self.regs.write(regs::MII_SPEED, self.mscr);
        if q.has(Quirks::HAS_RACC) {
            let mut v = self.regs.read(regs::RACC) | racc::SHIFT16;
            if self.rx_csum.load(Ordering::Relaxed) {
                v |= racc::IPDIS | racc::PRODIS;
            } else {
                v &= !(racc::IPDIS | racc::PRODIS);
            }
            self.regs.write(regs::RACC, v);
        }
        let mut ecntl = ecr::ETHEREN | ecr::BYTESWP | ecr::EN1588;
        // ENET-MAC: length check, interface mode, speed.
        rcntl |= rcr::NLC;
        match self.phy_if {
            PhyInterface::Rgmii => rcntl |= rcr::RGMII,
            PhyInterface::Rmii => rcntl |= rcr::RMII,
            PhyInterface::Mii => {}
        }
        match speed {
            1000 => ecntl |= ecr::SPEED,
            100 | 0 => {}
            _ => rcntl |= rcr::R10BASET,
        }
        // Pause: forced on, or on when autonegotiation resolved it (the C
        // default: autonegotiated).
        let pause = self.cfg.lock().pause;
        if pause.enable || (pause.autoneg && self.dev.phy_pause()) {
            rcntl |= rcr::FLOWCTL;
            self.regs.write(regs::R_FIFO_RSEM, regs::RSEM_V);
            self.regs.write(regs::R_FIFO_RSFL, regs::RSFL_V);
            self.regs.write(regs::R_FIFO_RAEM, regs::RAEM_V);
            self.regs.write(regs::R_FIFO_RAFL, regs::RAFL_V);
            self.regs.write(regs::OPD, regs::OPD_V);
        }
        {
            let _g = self.rcr_lock.lock();
            self.regs.write(regs::R_CNTRL, rcntl);
        }
        self.program_rx_mode(None);
        self.regs.write(regs::HASH_TABLE_HIGH, 0);
        self.regs.write(regs::HASH_TABLE_LOW, 0);
        self.regs.write(regs::X_WMRK, regs::TXWMRK_STRFWD);
        // MIB counters on.
        self.regs.write(regs::MIB_CTRLSTAT, 0);
        self.regs.write(regs::ECNTRL, ecntl);
        self.regs.write(regs::R_DES_ACTIVE_0, 0);
        self.ptp_start();
        self.program_coalescing();
        self.dev.trans_update();
    }

    /// Enables NAPI and then the frame interrupts (after `restart_hw`).
    pub(crate) fn resume(&self) {
        self.rx_napi.enable();
        for q in self.txs.iter() {
            q.tx.napi.enable();
        }
        self.unmask(self.tx_events() | ievent::RXF_0);
    }

    /// Gracefully stops the transmitter and resets the MAC, leaving it
    /// enabled for MDIO (`fec_stop()`); asleep instead when suspending with
    /// Wake-on-LAN.
    pub(crate) fn stop_hw(&self) {
        if self.link.lock().0 != 0 {
            self.regs.write(regs::X_CNTRL, 1);
            udelay(Delta::from_micros(10));
            if self.regs.read(regs::IEVENT) & ievent::GRA == 0 {
                netdev_warn!(self.dev, "graceful transmit stop did not complete\n");
            }
        }
        self.imask.set(&self.regs, 0);
        if self.wol_sleep.load(Ordering::Acquire) {
            // Suspending with Wake-on-LAN: asleep, not reset.
            self.enter_sleep_mode();
            self.regs.write(regs::IEVENT, ievent::ALL_BUT_MII);
            return;
        }
        let _g = self.rcr_lock.lock();
        let rmii = self.regs.read(regs::R_CNTRL) & rcr::RMII;
        self.ptp_save();
        self.ctrl_reset();
        self.regs.write(regs::MII_SPEED, self.mscr);
        // The PTP clock's timer runs on (`fec_stop()`).
        let ptp = if self.has_ptp() { ecr::EN1588 } else { 0 };
        self.regs.write(regs::ECNTRL, ecr::ETHEREN | ptp);
        self.regs.write(regs::R_CNTRL, rmii);
        drop(_g);
        self.ptp_start();
        self.regs.write(regs::IEVENT, ievent::ALL_BUT_MII);
    }

    /// Empties the Tx rings (their packets are dropped and counted) and
    /// re-arms the Rx ring from its first descriptor. NAPIs must be off.
    pub(crate) fn reset_rings(&self) {
        for q in self.txs.iter() {
            let (flushed, _) = q.tx.empty(&self.dma, false, &self.rx_napi);
            if flushed > 0 {
                self.stats.tx_flushed.add(flushed, Relaxed);
                self.stats.tx_dropped.add(flushed, Relaxed);
            }
        }
        let _bh = BhDisabled::new();
        // The guard goes before `_bh` turns softirqs back on (a lock guard in
        // a tail expression would outlive `_bh`).
        let mut rx_guard = self.rx.lock();
        if let Some(rx) = (*rx_guard).as_mut() {
            rx.rewind();
        }
        drop(rx_guard);
    }

    /// Allocates and installs the rings.
    // (`unsafe`: an AF_XDP pool's lifetime, `XskPoolRef::get`.)
    #[allow(unsafe_code)]
    pub(crate) fn alloc_rings(&self) -> Result {
        let (cfg, xdp, xsk) = {
            let c = self.cfg.lock();
            (c.rings, c.xdp, c.xsk)
        };
        // SAFETY: A pool in the configuration is bound; the rings are
        // dropped before the command unbinding it returns (`xsk_setup`
        // rebuilds them without it first).
        let mut tx_pool = xsk.map(|p| unsafe { p.get() });
        let mut txs = KVec::with_capacity(self.txs.len(), GFP_KERNEL)?;
        for q in self.txs.iter() {
            // On the AVB parts every descriptor names its ring's class.
            let class = if self.variant.quirks.has(Quirks::HAS_AVB) {
                desc::tx_class(q.index())
            } else {
                0
            };
            let batch = txring::irq_batches(self.combined_napi);
            let bds = |n| TxBds::new(&self.dma, n, class);
            let mut tx = TxRing::new(&self.dma, &cfg, bds, self.tso_frames(), batch)?;
            if q.index() == 0 {
                tx.xsk = tx_pool.take();
            }
            txs.push(tx, GFP_KERNEL)?;
        }
        if self.tso {
            self.tso_limit.set(self.dev, cfg.thresholds.stop());
        }
        // SAFETY: As above.
        let rx_pool = xsk.map(|p| (unsafe { p.get() }, self.dev));
        let rx = RxRing::new(
            &self.dma,
            &self.rx_napi,
            cfg.rx,
            rx_buf_len(self.dev.mtu()),
            xdp,
            rx_pool,
        )?;
        let _bh = BhDisabled::new();
        for (q, tx) in self.txs.iter().zip(txs) {
            q.tx.install(tx);
        }
        *self.rx.lock() = Some(rx);
        Ok(())
    }

    /// Frees the rings: unsent skbs and Rx pages are released.
    pub(crate) fn free_rings(&self) {
        // Take the rings out under the locks (softirqs off: the NAPIs use
        // these locks), tear them down with no lock held (freeing DMA memory
        // and page pools may sleep).
        for q in self.txs.iter() {
            let (_, tx) = q.tx.empty(&self.dma, true, &self.rx_napi);
            drop(tx);
        }
        let rx = {
            let _bh = BhDisabled::new();
            let rx = self.rx.lock().take();
            rx
        };
        drop(rx);
    }

    pub(crate) fn request_irqs(&self) -> Result {
        let mut irqs = KVec::new();
        for (i, &line) in self.irq_lines.iter().enumerate() {
            irqs.push(
                Irq::request(line, c"fec_rs", self.dev, i as u32)?,
                GFP_KERNEL,
            )?;
        }
        let old = core::mem::replace(&mut *self.irqs.lock(), irqs);
        drop(old);
        Ok(())
    }

    pub(crate) fn free_irqs(&self) {
        let irqs = core::mem::take(&mut *self.irqs.lock());
        knobs::free_irqs(irqs, self.debug.take(DBG_LEAK_IRQS));
    }

    /// Brings the data path up: rings, interrupts, NAPIs, MAC. `hw_lock`
    /// held.
    pub(crate) fn bring_up(&self) -> Result {
        self.alloc_rings().inspect_err(|_| self.free_rings())?;
        self.request_irqs().inspect_err(|_| {
            self.free_irqs();
            self.free_rings();
        })?;
        // The MAC runs from here on whatever the link, as after open (and
        // `fec_restart()`): with the link down the carrier is off, and what
        // still reaches the ring (a socket bypassing the qdisc) is sent and
        // completed, so the queue may be woken and completions may wake it.
        self.restart_hw();
        self.tx_halted.store(false, Ordering::Release);
        self.resume();
        self.rx_napi.link_queue(0, false);
        for q in self.txs.iter() {
            q.tx.napi.link_queue(q.index(), true);
        }
        self.up.store(true, Ordering::Release);
        self.dev.tx_wake_all();
        Ok(())
    }

    /// Takes the data path down; idempotent. `hw_lock` held.
    pub(crate) fn bring_down(&self) {
        if !self.up.swap(false, Ordering::AcqRel) {
            return;
        }
        // NAPIs first, then the queue: a last Tx poll after the queue is
        // disabled could wake it again, and xmit would then race with the
        // ring teardown (the C fec's order around `fec_restart()`).
        Napi::unlink_queue(self.dev, 0, false);
        for q in self.txs.iter() {
            Napi::unlink_queue(self.dev, q.index(), true);
        }
        self.disable_napis();
        self.dev.tx_disable();
        self.stop_hw();
        self.free_irqs();
        self.free_rings();
    }

    /// Stops and restarts a running data path with new settings applied by
    /// `apply` (ring sizes); on failure restores the old settings.
    pub(crate) fn restart_with(&self, apply: impl Fn(&mut Cfg, bool)) -> Result {
        let _hw = self.hw_lock.lock();
        let up = self.up.load(Ordering::Acquire);
        if up {
            self.bring_down();
        }
        apply(&mut self.cfg.lock(), true);
        if up {
            if let Err(e) = self.bring_up() {
                apply(&mut self.cfg.lock(), false);
                netdev_err!(
                    self.dev,
                    "restart with new settings failed ({e:?}), restoring\n"
                );
                self.bring_up()?;
                return Err(e);
            }
        }
        Ok(())
    }

    /// Programs the EEE LPI timers (`fec_enet_eee_mode_set()`): with Tx
    /// LPI on, sleep and wake after the PHY's LPI timer in reference clock
    /// cycles; otherwise 0 (no LPI). `hw_lock` held, data path up.
    pub(crate) fn program_lpi(&self) {
        let cycles = self
            .dev
            .phy_tx_lpi()
            .map_or(0, |us| coalesce::lpi_cycles(us, self.clk_ref_rate));
        self.regs.write(regs::LPI_SLEEP, cycles);
        self.regs.write(regs::LPI_WAKE, cycles);
    }

    /// Restarts the MAC of a running data path (new link or pause
    /// settings): Tx and NAPI paused around `restart_hw`, or the MAC stopped
    /// when the link is down. `hw_lock` held, data path up.
    pub(crate) fn restart_live(&self, link_up: bool) {
        self.quiesce();
        if link_up {
            self.restart_running();
        } else {
            // The queue stays stopped until the link is back (and the MAC
            // restarted): nothing may go into the ring of a stopped MAC, so
            // no completion may wake it (an interrupt that was already
            // running when `mask()` ran can still schedule the Tx NAPI).
            self.stop_hw();
            self.tx_halted.store(true, Ordering::Release);
            self.rx_napi.enable();
            for q in self.txs.iter() {
                q.tx.napi.enable();
            }
        }
    }

    /// Pauses a running data path: its events masked, NAPIs and queues
    /// off, the rings and interrupts kept. Masked first: an event of the
    /// pause stays pending in EIR and fires once `resume()` unmasks it.
    /// NAPIs before the queue (see `bring_down`).
    pub(crate) fn quiesce(&self) {
        self.mask(self.tx_events() | ievent::RXF_0);
        self.disable_napis();
        self.dev.tx_disable();
    }

    /// Restarts a data path paused by [`Fec::quiesce`]: the MAC reset and
    /// programmed, the rings from their start, NAPIs, events and queues
    /// on.
    pub(crate) fn restart_running(&self) {
        self.restart_hw();
        self.tx_halted.store(false, Ordering::Release);
        self.resume();
        self.dev.tx_wake_all();
    }

    fn disable_napis(&self) {
        self.rx_napi.disable();
        for q in self.txs.iter() {
            q.tx.napi.disable();
        }
    }

    pub(crate) fn mask(&self, bits: u32) {
        self.imask.mask(&self.regs, bits);
    }

    pub(crate) fn unmask(&self, bits: u32) {
        self.imask.unmask(&self.regs, bits);
    }
}

/// The MDIO controller of an ENET (MMFR/MSCR and the MII event), and the
/// ENET's platform device (messages name it).
pub(crate) struct FecMdio {
    pub(crate) regs: Arc<regs::Regs>,
    pub(crate) dev: ARef<device::Device>,
    /// Each transfer resumes the ENET (`fec_enet_mdio_read_c22()`).
    pub(crate) power: Rpm,
}

impl FecMdio {
    /// Waits for the end of a management frame and acknowledges it
    /// (`fec_enet_mdio_wait()`).
    fn wait(&self) -> Result {
        for _ in 0..MII_TIMEOUT_US / 2 {
            if self.regs.read(regs::IEVENT) & ievent::MII != 0 {
                self.regs.write(regs::IEVENT, ievent::MII);
                return Ok(());
            }
            udelay(Delta::from_micros(2));
        }
        dev_err!(self.dev, "MDIO timeout\n");
        Err(ETIMEDOUT)
    }
}

impl MdioOps for FecMdio {
    fn read(&self, addr: u32, reg: u32) -> Result<u16> {
        let _on = self.power.get()?;
        self.regs
            .write(regs::MII_DATA, mmfr::frame(mmfr::OP_READ, addr, reg, 0));
        self.wait()?;
        Ok(self.regs.read(regs::MII_DATA) as u16)
    }

    fn write(&self, addr: u32, reg: u32, val: u16) -> Result {
        let _on = self.power.get()?;
        self.regs
            .write(regs::MII_DATA, mmfr::frame(mmfr::OP_WRITE, addr, reg, val));
        self.wait()
    }
}
