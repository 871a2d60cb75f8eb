// SPDX-License-Identifier: GPL-2.0

//! The `net_device` operations, NAPI polls and interrupts.

use crate::coalesce_dim::{
    self,
    Dir, //
};
use crate::fec::{
    coalesce::Itr,
    driver::{
        rx_buf_len,
        Cfg,
        Fec,
        DBG_FORCE_TX_ALIGN,
        NAPI_TX, //
    },
    pps::PPS_IRQ,
    quirks::Quirks,
    regs::{
        self,
        ievent,
        rcr, //
    }, //
};
use crate::knobs::DBG_STALL_TX;
use crate::napi::{
    self,
    PollEnd, //
};
use crate::netdev::{
    net::{
        netdev_err,
        netdev_info,
        ExtAck,
        IrqContext,
        NetDev,
        NetDriver,
        RxModeCtx,
        Stats,
        TxVerdict,
        XmitCtx, //
    },
    poll::PollCtx,
    ptp::{
        HwTstamp,
        PtpRequest, //
    },
    skb::Skb,
    xdp::XdpXmitQueue,
    xsk::XskPoolRef,
    MacAddr, //
};
use core::sync::atomic::Ordering;
use kernel::{
    prelude::*,
    sync::atomic::Relaxed, //
};

#[vtable]
impl<'a> NetDriver for Fec<'a> {
    fn netdev(&self) -> NetDev<'_> {
        self.dev
    }

    fn open(&self) -> Result {
        // The register clocks on until `stop` (`fec_enet_open()`).
        let on = self.power.get()?;
        *self.link.lock() = (0, false);
        {
            let _hw = self.hw_lock.lock();
            self.bring_up()?;
        }
        *self.open_power.lock() = Some(on);
        self.dev.phy_start();
        Ok(())
    }

    fn stop(&self) {
        // Before taking `hw_lock`: phy_stop() may report the link down
        // through adjust_link(), which takes it.
        self.dev.phy_stop();
        {
            let _hw = self.hw_lock.lock();
            self.bring_down();
        }
        self.dev.carrier(false);
        // Nothing touches the registers until the next open but the paths
        // that resume the ENET themselves.
        let on = self.open_power.lock().take();
        drop(on);
    }

    // Inline into the shim's entry point: one call less per packet.
    #[inline(always)]
    fn start_xmit(&self, skb: Skb, queue: u32, xmit: &XmitCtx) -> TxVerdict {
        // The stack caps the queue index to the device's queues.
        match self.txs.get(queue as usize) {
            Some(q) => self.xmit(q, xmit, skb),
            None => {
                drop(skb);
                self.tx_drop()
            }
        }
    }

    fn gso_ok(&self, segs: u32, nr_frags: u32) -> bool {
        self.tso && !self.debug.is_set(DBG_FORCE_TX_ALIGN) && self.tso_limit.fits(segs, nr_frags)
    }

    fn get_stats64(&self, s: &mut Stats) {
        let st = &self.stats;
        (s.tx_packets, s.tx_bytes) = self.tx_totals(|t| (&t.packets, &t.bytes));
        s.tx_dropped = st.tx_dropped.load(Relaxed);
        st.rx.report(s);
    }

    fn set_rx_mode(&self, ctx: &RxModeCtx) {
        if self.up.load(Ordering::Acquire) {
            self.program_rx_mode(Some(ctx));
        }
    }

    fn change_mtu(&self, mtu: u32) -> Result {
        // Across 1500 bytes the Rx buffers change size: the rings are
        // rebuilt (RTNL is held, as for open/stop, so `up` is stable).
        let old = self.dev.mtu();
        if self.up.load(Ordering::Acquire) && rx_buf_len(mtu) != rx_buf_len(old) {
            return self.restart_with(|_, apply| self.dev.set_mtu(if apply { mtu } else { old }));
        }
        // Otherwise only the frame length limit changes, live.
        // `hw_lock`: not across a MAC restart, which rewrites RCR.
        let _hw = self.hw_lock.lock();
        self.dev.set_mtu(mtu);
        if self.up.load(Ordering::Acquire) {
            let _g = self.rcr_lock.lock();
            let v = self.regs.read(regs::R_CNTRL) & !rcr::MAX_FL_MASK;
            self.regs.write(regs::R_CNTRL, v | self.max_fl());
        }
        Ok(())
    }

    fn set_mac_address(&self, mac: MacAddr) -> Result {
        let _hw = self.hw_lock.lock();
        self.dev.set_mac(mac);
        // A MAC that is down gets it at its start (`fec_set_mac_address()`).
        if self.up.load(Ordering::Acquire) {
            self.program_mac(mac);
        }
        Ok(())
    }

    #[inline]
    fn poll(&self, id: u32, poll: &PollCtx) -> i32 {
        let budget = poll.budget();
        if let Some(q) = id
            .checked_sub(NAPI_TX)
            .and_then(|i| self.txs.get(i as usize))
        {
            // Acknowledge first, so that completions after the reclaim raise
            // the interrupt again once unmasked.
            self.regs.write(regs::IEVENT, q.event());
            let done =
                q.tx.napi
                    .polled(poll)
                    .is_none_or(|polled| self.clean_tx(q, &polled));
            match napi::tx_end(done, budget) {
                PollEnd::Continue(v) => v,
                PollEnd::Complete(v) => {
                    if q.tx.napi.complete_done(poll, v) {
                        self.unmask(q.event());
                    }
                    v
                }
            }
        } else {
            // Combined mode (the C fec's design, kept for comparison): this
            // one NAPI also reclaims Tx, of every ring.
            let (ack, sources) = if self.combined_napi {
                let tx = self.tx_events();
                (ievent::RXF | tx, ievent::RXF_0 | tx)
            } else {
                (ievent::RXF, ievent::RXF_0)
            };
            self.regs.write(regs::IEVENT, ack);
            let mut tx_done = true;
            if self.combined_napi {
                if let Some(polled) = self.rx_napi.polled(poll) {
                    for q in self.txs.iter() {
                        tx_done &= self.clean_tx(q, &polled);
                    }
                }
            }
            let mut work = self.clean_rx(poll, napi::rx_quota(budget));
            if !tx_done {
                // An AF_XDP socket has more to send: poll again.
                work = napi::rx_quota(budget);
            }
            match napi::rx_end(work, budget) {
                PollEnd::Continue(v) => v,
                PollEnd::Complete(v) => {
                    if self.rx_napi.complete_done(poll, v) {
                        self.unmask(sources);
                    }
                    v
                }
            }
        }
    }

    #[inline]
    fn irq(&self, id: u32, ctx: &IrqContext) -> bool {
        if id == PPS_IRQ {
            return self.pps_interrupt();
        }
        let ev = self.regs.read(regs::IEVENT);
        // The enabled frame events, their sources masked in the same hold of
        // the lock; the NAPIs they go to are scheduled after it. Masked even
        // if a NAPI cannot be scheduled (running, or disabled for a
        // restart): the event stays pending for the poll or the `resume()`
        // that unmasks it.
        // IMASK holds only the rings' own events (RXF_0, TXFn of each Tx
        // ring), so `tx` has the bits of the rings that completed frames.
        let group = if self.combined_napi {
            ievent::RXF_0 | self.tx_events()
        } else {
            0
        };
        let hit = self
            .imask
            .take(&self.regs, ctx, ev & (ievent::RXF | ievent::TXF), group);
        let (rx, tx) = (hit & ievent::RXF != 0, hit & ievent::TXF);
        // A magic packet's wake-up event (unmasked only while asleep with
        // Wake-on-LAN, `fec/pm.rs`): acknowledged, as the C fec does every
        // event.
        let woke = ev & ievent::WAKEUP != 0;
        if woke {
            self.regs.write(regs::IEVENT, ievent::WAKEUP);
        }
        if self.combined_napi {
            if rx || tx != 0 {
                self.rx_napi.schedule();
            }
        } else {
            if rx {
                self.rx_napi.schedule();
            }
            for q in self.txs.iter().filter(|q| tx & q.event() != 0) {
                q.tx.napi.schedule();
            }
        }
        rx || tx != 0 || woke
    }

    fn xdp_setup(&self, on: bool, ext: &mut ExtAck<'_>) -> Result {
        Fec::xdp_setup(self, on, ext)
    }

    fn xdp_xmit(&self, frames: &mut XdpXmitQueue<'_>, flush: bool) {
        Fec::xdp_xmit(self, frames, flush)
    }

    fn xsk_setup(&self, pool: Option<XskPoolRef>, queue: u16) -> Result {
        Fec::xsk_setup(self, pool, queue)
    }

    fn xsk_wakeup(&self, queue: u32, rx: bool, tx: bool) -> Result {
        Fec::xsk_wakeup(self, queue, rx, tx)
    }

    fn set_rx_csum(&self, on: bool) -> Result {
        // The MAC's checksum discard (RACC) changes with a restart, as in
        // the C driver; a MAC without a link gets it at its next start.
        let _hw = self.hw_lock.lock();
        self.rx_csum.store(on, Ordering::Relaxed);
        if self.up.load(Ordering::Acquire) && self.link.lock().0 != 0 {
            self.restart_live(true);
        }
        Ok(())
    }

    fn suspend(&self, wake: bool) -> Result {
        self.sleep(wake)
    }

    fn resume(&self) -> Result {
        self.wake()
    }

    // The PTP clock runs whether the interface is up or not (unlike the C
    // fec's, which refuses while it is down): each operation resumes the
    // ENET for its register accesses.
    fn ptp_adjfine(&self, scaled_ppm: i64) -> Result {
        let _on = self.power.get()?;
        Fec::ptp_adjfine(self, scaled_ppm)
    }

    fn ptp_adjtime(&self, delta: i64) -> Result {
        let _on = self.power.get()?;
        Fec::ptp_adjtime(self, delta);
        Ok(())
    }

    fn ptp_gettime(&self) -> Result<u64> {
        let _on = self.power.get()?;
        Ok(Fec::ptp_gettime(self))
    }

    fn ptp_settime(&self, ns: u64) -> Result {
        let _on = self.power.get()?;
        Fec::ptp_settime(self, ns);
        Ok(())
    }

    fn ptp_enable(&self, req: PtpRequest) -> Result {
        let _on = self.power.get()?;
        Fec::ptp_enable(self, req)
    }

    fn ptp_keep(&self) -> u32 {
        match self.power.get() {
            Ok(_on) => Fec::ptp_keep(self),
            // (Tried again in a second.)
            Err(_) => 1000,
        }
    }

    fn ptp_stop(&self) {
        Fec::ptp_stop(self)
    }

    fn hwtstamp_get(&self) -> HwTstamp {
        self.hwtstamp()
    }

    fn hwtstamp_set(&self, cfg: HwTstamp) -> Result {
        self.set_hwtstamp(cfg);
        Ok(())
    }

    fn reset(&self) {
        // After a Tx timeout: rebuild the rings and restart the MAC; the PHY
        // keeps running. A reset also ends an injected Tx stall (as it would
        // unstick real hardware).
        if self.debug.clear(DBG_STALL_TX) {
            netdev_info!(self.dev, "reset ends the injected Tx stall\n");
        }
        if let Err(e) = self.restart_with(|_, _| {}) {
            netdev_err!(self.dev, "reset failed ({e:?})\n");
        }
    }

    fn dim_apply(&self, id: u32, usecs: u32, frames: u32) {
        // (DIM runs on Tx queue 0's NAPI only, see `set_coalesce`.)
        let dir = if id >= NAPI_TX { Dir::Tx } else { Dir::Rx };
        let itr = Itr::adaptive(usecs, frames, self.itr_rate);
        if coalesce_dim::apply(&self.cfg, |c: &mut Cfg| &mut c.coal, dir, itr) {
            self.program_coalescing();
        }
    }

    fn adjust_link(&self) {
        let new = self.dev.phy_link().unwrap_or((0, false));
        let changed = {
            let mut link = self.link.lock();
            core::mem::replace(&mut *link, new) != new
        };
        // Speed and duplex live in ECR/RCR/TCR, which the MAC takes only
        // across a reset (`fec_restart()`): restart a running data path.
        let _hw = self.hw_lock.lock();
        let up = self.up.load(Ordering::Acquire);
        if changed && up {
            self.stats.link_restarts.add(1, Relaxed);
            self.restart_live(new.0 != 0);
        }
        // EEE: the LPI timers follow what the link resolved, at every call
        // with the link up (a new EEE setting comes this way too).
        if up && new.0 != 0 && self.variant.quirks.has(Quirks::HAS_EEE) {
            self.program_lpi();
        }
        drop(_hw);
        if changed && self.msglevel.link() {
            self.dev.phy_print_status();
        }
    }
}
