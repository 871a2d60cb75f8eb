// SPDX-License-Identifier: GPL-2.0

//! The `net_device` operations, NAPI polls and interrupts.

use crate::coalesce_dim::{
    self,
    Dir, //
};
use crate::gianfar::{
    coalesce::Ic,
    driver::{
        napi_id,
        Cfg,
        Gfar,
        Source, //
    },
    regs::{
        self,
        ecntrl,
        ievent,
        imask,
        maccfg2, //
    },
    xdp::xdp_mtu_ok, //
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
    skb::Skb,
    xdp::XdpXmitQueue,
    MacAddr, //
};
use core::sync::atomic::Ordering;
use kernel::{
    prelude::*,
    sync::atomic::Relaxed, //
};

#[vtable]
impl<'a> NetDriver for Gfar<'a> {
    fn netdev(&self) -> NetDev<'_> {
        self.dev
    }

    fn open(&self) -> Result {
        self.mac_init();
        self.alloc_rings().inspect_err(|_| self.free_rings())?;
        self.request_irqs().inspect_err(|_| {
            self.free_irqs();
            self.free_rings();
        })?;
        for g in self.groups.iter() {
            g.rx_napi.enable();
            g.tx.napi.enable();
            g.rx_napi.link_queue(g.index as u32, false);
            g.tx.napi.link_queue(g.index as u32, true);
        }
        self.up.store(true, Ordering::Release);
        self.start();
        *self.link.lock() = (0, false);
        self.dev.phy_start();
        self.dev.tx_wake_all();
        Ok(())
    }

    fn stop(&self) {
        // Idempotent: after a failed reopen (reset, ring change) the device is
        // still administratively up but already stopped here.
        if !self.up.swap(false, Ordering::AcqRel) {
            return;
        }
        self.halt_all();
        self.release();
    }

    // Inline into the shim's entry point: one call less per packet.
    #[inline(always)]
    fn start_xmit(&self, skb: Skb, queue: u32, xmit: &XmitCtx) -> TxVerdict {
        self.xmit(skb, queue, xmit)
    }

    fn xdp_setup(&self, on: bool, ext: &mut ExtAck<'_>) -> Result {
        Gfar::xdp_setup(self, on, ext)
    }

    fn xdp_xmit(&self, frames: &mut XdpXmitQueue<'_>, flush: bool) {
        Gfar::xdp_xmit(self, frames, flush)
    }

    fn set_rx_csum(&self, on: bool) -> Result {
        self.rx_csum.store(on, Ordering::Relaxed);
        Ok(())
    }

    fn set_vlan(&self, rx: bool, tx: bool) -> Result {
        // `RCTRL[VLEX]` and `TCTRL[VLINS]` are programmed with the MAC
        // (`gfar_set_features()` resets the controller too).
        let was = (
            self.vlan_rx.load(Ordering::Relaxed),
            self.vlan_tx.load(Ordering::Relaxed),
        );
        self.restart_with("VLAN offloads", |apply| {
            let (r, t) = if apply { (rx, tx) } else { was };
            self.vlan_rx.store(r, Ordering::Relaxed);
            self.vlan_tx.store(t, Ordering::Relaxed);
        })
    }

    fn gso_ok(&self, segs: u32, nr_frags: u32) -> bool {
        self.tso_limit.fits(segs, nr_frags)
    }

    fn get_stats64(&self, s: &mut Stats) {
        for g in self.groups.iter() {
            let st = &g.stats;
            s.tx_packets += g.tx.lane.stats.packets.load(Relaxed);
            s.tx_bytes += g.tx.lane.stats.bytes.load(Relaxed);
            s.tx_dropped += st.tx_dropped.load(Relaxed);
            st.rx.report(s);
            s.rx_over_errors += u64::from(g.err_events.load(Ordering::Relaxed));
        }
    }

    fn set_rx_mode(&self, ctx: &RxModeCtx) {
        if self.up.load(Ordering::Acquire) {
            self.program_rx_mode(Some(ctx));
        }
    }

    fn change_mtu(&self, mtu: u32) -> Result {
        // MAXFRM follows the MTU: a running controller is stopped and
        // started again (`gfar_change_mtu()`).
        let old = self.dev.mtu();
        if self.cfg.lock().xdp && !xdp_mtu_ok(mtu) {
            netdev_info!(
                self.dev,
                "MTU {mtu} too large for the attached XDP program\n"
            );
            return Err(EINVAL);
        }
        self.restart_with("MTU", |apply| {
            self.dev.set_mtu(if apply { mtu } else { old })
        })
    }

    fn set_mac_address(&self, mac: MacAddr) -> Result {
        self.dev.set_mac(mac);
        self.program_mac(mac);
        Ok(())
    }

    #[inline]
    fn poll(&self, id: u32, poll: &PollCtx) -> i32 {
        let budget = poll.budget();
        let Some(g) = self.groups.get((id / 2) as usize) else {
            return 0;
        };
        if id % 2 == 1 {
            // Tx confirmation: acknowledge first, so that completions after
            // the reclaim raise the interrupt again once unmasked.
            g.regs.write(regs::IEVENT, ievent::TX);
            if let Some(polled) = g.tx.napi.polled(poll) {
                self.clean_tx(g, &polled);
            }
            match napi::tx_end(true, budget) {
                PollEnd::Continue(v) => v,
                PollEnd::Complete(v) => {
                    if g.tx.napi.complete_done(poll, v) {
                        g.unmask(imask::TX);
                    }
                    v
                }
            }
        } else {
            // Combined mode (the C gianfar before the split, kept for
            // comparison): this one NAPI also reclaims Tx.
            let (ack, sources) = if self.combined_napi {
                (ievent::RX | ievent::TX, imask::RX | imask::TX)
            } else {
                (ievent::RX, imask::RX)
            };
            g.regs.write(regs::IEVENT, ack);
            if self.combined_napi {
                if let Some(polled) = g.rx_napi.polled(poll) {
                    self.clean_tx(g, &polled);
                }
            }
            let work = self.clean_rx(g, poll, napi::rx_quota(budget));
            match napi::rx_end(work, budget) {
                PollEnd::Continue(v) => v,
                PollEnd::Complete(v) => {
                    if g.rx_napi.complete_done(poll, v) {
                        g.unmask(sources);
                    }
                    v
                }
            }
        }
    }

    fn dim_apply(&self, id: u32, usecs: u32, frames: u32) {
        // DIM runs on the first group's NAPIs only (`set_coalesce`).
        const RX0: u32 = napi_id(0, false);
        const TX0: u32 = napi_id(0, true);
        let dir = match id {
            RX0 => Dir::Rx,
            TX0 => Dir::Tx,
            _ => return,
        };
        let ic = Ic::adaptive(usecs, frames, self.speed());
        if coalesce_dim::apply(&self.cfg, |c: &mut Cfg| &mut c.coal, dir, ic) {
            self.program_coalescing();
        }
    }

    #[inline]
    fn irq(&self, id: u32, ctx: &IrqContext) -> bool {
        let Some(g) = self.groups.get((id / 4) as usize) else {
            return false;
        };
        let single_line = g.irq_rx.is_none();
        let src = id % 4;
        let mut handled = false;
        if self.combined_napi && (src != Source::Err as u32 || single_line) {
            g.schedule(&g.rx_napi, imask::RX | imask::TX, ctx);
            handled = true;
        } else {
            if src == Source::Rx as u32 || single_line {
                g.schedule(&g.rx_napi, imask::RX, ctx);
                handled = true;
            }
            if src == Source::Tx as u32 {
                g.schedule(&g.tx.napi, imask::TX, ctx);
                handled = true;
            }
        }
        if src == Source::Err as u32 || single_line {
            let ev = g.regs.read(regs::IEVENT) & ievent::ERR;
            if ev != 0 {
                g.regs.write(regs::IEVENT, ev);
                // (A magic packet's wake-up event is no error.)
                if ev & !ievent::MAG != 0 {
                    g.err_events.fetch_add(1, Ordering::Relaxed);
                }
                handled = true;
            }
        }
        handled
    }

    fn suspend(&self, wake: bool) -> Result {
        self.sleep(wake);
        Ok(())
    }

    fn resume(&self) -> Result {
        self.wake()
    }

    fn reset(&self) {
        // A reset also ends an injected Tx stall (as it would unstick real
        // hardware).
        if self.debug.clear(DBG_STALL_TX) {
            netdev_info!(self.dev, "reset ends the injected Tx stall\n");
        }
        // `reset_gfar()`: a full stop and start, rings reallocated.
        self.stop();
        if let Err(e) = self.open() {
            netdev_err!(self.dev, "reset failed to reopen ({e:?})\n");
        }
    }

    fn adjust_link(&self) {
        let new = self.dev.phy_link().map_or((0, false), |(s, d)| (s, d));
        let mut link = self.link.lock();
        if *link == new {
            return;
        }
        *link = new;
        drop(link);
        let (speed, full) = new;
        if speed != 0 {
            let r = &self.groups[0].regs;
            let mut m2 = r.read(regs::MACCFG2) & !(maccfg2::IF_MASK | maccfg2::FULL_DUPLEX);
            m2 |= if speed == 1000 {
                maccfg2::IF_GMII
            } else {
                maccfg2::IF_MII
            };
            if full {
                m2 |= maccfg2::FULL_DUPLEX;
            }
            r.write(regs::MACCFG2, m2);
            let mut ec = r.read(regs::ECNTRL) & !ecntrl::R100;
            if speed == 100 {
                ec |= ecntrl::R100;
            }
            r.write(regs::ECNTRL, ec);
        }
        self.program_flow();
        if self.msglevel.link() {
            self.dev.phy_print_status();
        }
    }
}
