// SPDX-License-Identifier: GPL-2.0

//! The ethtool operations.

use crate::fec::{
    coalesce::{
        self,
        Itr, //
    },
    driver::{
        Fec,
        PauseCfg,
        MAX_RING, //
    },
    quirks::Quirks,
    regs,
    stats::STAT_NAMES, //
};
use crate::knobs::{
    DBG_RXIC,
    DBG_TXIC, //
};
use crate::netdev::net::{
    netdev_info,
    Coalesce,
    EthtoolOps,
    ExtAck,
    Pause,
    Rings,
    StdStats, //
};
use crate::{
    coalesce_dim,
    txring, //
};
use core::sync::atomic::Ordering;
use kernel::{
    prelude::*,
    sync::atomic::Relaxed, //
};

impl<'a> EthtoolOps for Fec<'a> {
    fn get_coalesce(&self) -> Result<Coalesce> {
        self.has_coalesce()?;
        let cfg = *self.cfg.lock();
        Ok(Coalesce {
            rx_usecs: cfg.coal.rx.usecs,
            rx_frames: cfg.coal.rx.frames,
            tx_usecs: cfg.coal.tx.usecs,
            tx_frames: cfg.coal.tx.frames,
            rx_adaptive: cfg.coal.adaptive().0,
            tx_adaptive: cfg.coal.adaptive().1,
        })
    }

    fn set_coalesce(&self, c: &Coalesce, ext: &mut ExtAck<'_>) -> Result {
        if let Err(e) = self.has_coalesce() {
            ext.error(format_args!("this ENET has no interrupt coalescing"));
            return Err(e);
        }
        let rate = self.itr_rate;
        let max_us = coalesce::max_usecs(rate);
        let mut check = |dir: &str, usecs, frames| {
            Itr::new(usecs, frames, rate).map_err(|e| {
                ext.error(format_args!(
                    "{dir} {usecs} us / {frames} frames: {} (max {} frames, {max_us} us)",
                    match e {
                        coalesce::Invalid::Frames => "frames out of range",
                        coalesce::Invalid::Usecs => "time out of range",
                    },
                    coalesce::MAX_FRAMES,
                ));
                EINVAL
            })
        };
        let rx_itr = check("rx", c.rx_usecs, c.rx_frames)?;
        let tx_itr = check("tx", c.tx_usecs, c.tx_frames)?;
        coalesce_dim::check_tx(ext, c.tx_adaptive, self.combined_napi)?;
        {
            let mut cfg = self.cfg.lock();
            cfg.coal.rx = rx_itr;
            cfg.coal.tx = tx_itr;
        }
        let rate = self.itr_rate;
        let to_itr = |(us, frames)| Itr::adaptive(us, frames, rate);
        // DIM runs on Tx queue 0's NAPI, where the stack's untagged traffic
        // goes, and sets every ring (the setting is the device's, as the
        // fixed one).
        coalesce_dim::switch_pair(
            &self.cfg,
            (&self.rx_napi, &self.txs[0].tx.napi),
            (c.rx_adaptive, c.tx_adaptive),
            |c| &mut c.coal,
            to_itr,
        );
        // Live, as in C; `restart_hw` applies them again after a reset.
        if self.up.load(Ordering::Acquire) {
            self.program_coalescing();
        }
        Ok(())
    }

    fn get_pause(&self) -> Result<Pause> {
        let p = self.cfg.lock().pause;
        Ok(Pause {
            autoneg: p.autoneg.into(),
            rx: p.enable.into(),
            tx: p.enable.into(),
        })
    }

    fn set_pause(&self, p: &Pause) -> Result {
        if p.rx != p.tx {
            netdev_info!(self.dev, "Rx and Tx pause can only be switched together\n");
            return Err(EINVAL);
        }
        let new = PauseCfg {
            autoneg: p.autoneg != 0,
            enable: p.rx != 0,
        };
        let old = core::mem::replace(&mut self.cfg.lock().pause, new);
        self.dev
            .phy_set_sym_pause(new.enable, new.enable, new.autoneg);
        if new.autoneg {
            // The new advertisement takes effect with a renegotiation; the
            // resulting link change restarts the MAC. If the PHY refuses,
            // nothing changes: the old settings and advertisement return.
            if let Err(e) = self.dev.phy_start_aneg() {
                self.cfg.lock().pause = old;
                self.dev
                    .phy_set_sym_pause(old.enable, old.enable, old.autoneg);
                return Err(e);
            }
        }
        let _hw = self.hw_lock.lock();
        if self.up.load(Ordering::Acquire) && self.link.lock().0 != 0 {
            self.restart_live(true);
        }
        Ok(())
    }

    fn get_rings(&self) -> Rings {
        Rings::of(self.cfg.lock().rings, MAX_RING)
    }

    fn set_rings(&self, r: &Rings, ext: &mut ExtAck<'_>) -> Result {
        let new = r.config(|n| txring::max_packet_descs(self.tso, n), MAX_RING, ext)?;
        let old = self.cfg.lock().rings;
        self.restart_with(|cfg, apply| cfg.rings = if apply { new } else { old })
    }

    fn stat_names(&self) -> &'static [&'static CStr] {
        &STAT_NAMES
    }

    fn stats(&self, out: &mut [u64]) {
        let st = &self.stats;
        let (tx_packets, tx_bytes) = self.tx_totals(|t| (&t.packets, &t.bytes));
        let (tso_packets, tso_frames) = self.tx_totals(|t| (&t.tso_packets, &t.tso_frames));
        let vals = [
            st.rx.packets.load(Relaxed),
            st.rx.bytes.load(Relaxed),
            st.rx.errors.load(Relaxed),
            st.rx.dropped.load(Relaxed),
            st.rx.crc_errors.load(Relaxed),
            st.rx.length_errors.load(Relaxed),
            st.rx.frame_errors.load(Relaxed),
            st.rx.fifo_errors.load(Relaxed),
            st.rx.csum_ok.load(Relaxed),
            tx_packets,
            tx_bytes,
            st.tx_dropped.load(Relaxed),
            st.tx_flushed.load(Relaxed),
            st.tx_bounced.load(Relaxed),
            tso_packets,
            tso_frames,
            st.link_restarts.load(Relaxed),
            st.rx.alloc_failures.load(Relaxed),
            u64::from(self.debug.get(DBG_TXIC)),
            u64::from(self.debug.get(DBG_RXIC)),
        ];
        for (o, v) in out.iter_mut().zip(vals) {
            *o = v;
        }
        // The MIB counters follow, read live, then the XDP counters. (Like
        // every ethtool operation this runs with the ENET resumed: the
        // ethtool core resumes the net_device's parent around each.)
        for (o, (_, reg)) in out.iter_mut().skip(vals.len()).zip(regs::MIB.iter()) {
            *o = u64::from(self.regs.read(*reg));
        }
        let xdp = self.xdp_stats.values();
        for (o, v) in out.iter_mut().skip(vals.len() + regs::MIB.len()).zip(xdp) {
            *o = v;
        }
    }

    fn std_stats(&self, queue: Option<u32>, s: &mut StdStats) {
        match queue {
            // The MIB's IEEE 802.3 flow-control frame counters, read live
            // (ethtool's pause, MAC and RMON statistics: resumed by the
            // ethtool core).
            None => {
                s.tx_pause = u64::from(self.regs.read(regs::MIB_TX_FDXFC));
                s.rx_pause = u64::from(self.regs.read(regs::MIB_RX_FDXFC));
                self.mib_std_stats(s);
            }
            // Queue `i`: Rx queue 0 has the device's Rx counters, each Tx
            // queue its own.
            Some(i) => {
                if i == 0 {
                    self.stats.rx.report_queue(s);
                }
                if let Some(q) = self.txs.get(i as usize) {
                    q.tx.lane.stats.report(s);
                    q.tx.lane.flow.report(s);
                }
            }
        }
    }

    fn regs_len(&self) -> u32 {
        (regs::WINDOW / 4) as u32
    }

    fn regs(&self, out: &mut [u32]) {
        // The C driver's register list; the rest of the window reads 0.
        let avb: &[regs::Reg] = if self.variant.quirks.has(Quirks::HAS_MULTI_QUEUES) {
            &regs::DUMP_AVB
        } else {
            &[]
        };
        // RACC where the part has it (the C driver's list has it for all
        // i.MX parts).
        let racc: &[regs::Reg] = if self.variant.quirks.has(Quirks::HAS_RACC) {
            &[regs::RACC]
        } else {
            &[]
        };
        let mib = regs::MIB.iter().map(|(_, r)| *r);
        // The 1588 timer's registers (not in the C driver's list).
        let timer: &[regs::Reg] = if self.has_ptp() {
            &regs::DUMP_TIMER
        } else {
            &[]
        };
        let dump = Iterator::chain(Iterator::chain(regs::DUMP.iter(), avb), racc);
        let dump = Iterator::chain(dump, timer);
        for reg in Iterator::chain(dump.copied(), mib) {
            if let Some(o) = out.get_mut(reg.offset() / 4) {
                *o = self.regs.read(reg);
            }
        }
    }

    fn msglevel(&self) -> u32 {
        self.msglevel.get()
    }

    fn set_msglevel(&self, level: u32) {
        self.msglevel.set(level)
    }
}

impl<'a> Fec<'a> {
    pub(crate) fn has_coalesce(&self) -> Result {
        if self.variant.quirks.has(Quirks::HAS_COALESCE) {
            Ok(())
        } else {
            Err(EOPNOTSUPP)
        }
    }
}

impl<'a> Fec<'a> {
    /// The IEEE 802.3 and RMON counters of the MIB (reference manual,
    /// "MIB block counters memory map"), read live.
    fn mib_std_stats(&self, s: &mut StdStats) {
        let mib = |off: usize| u64::from(self.regs.read(regs::Reg::new(off)));
        s.mac_tx_ok = mib(0x24c); // IEEE_T_FRAME_OK
        s.mac_tx_1col = mib(0x250); // IEEE_T_1COL
        s.mac_tx_mcol = mib(0x254); // IEEE_T_MCOL
        s.mac_tx_deferred = mib(0x258); // IEEE_T_DEF
        s.mac_tx_late_col = mib(0x25c); // IEEE_T_LCOL
        s.mac_tx_xs_col = mib(0x260); // IEEE_T_EXCOL
        s.mac_tx_mac_err = mib(0x264); // IEEE_T_MACERR
        s.mac_tx_carrier = mib(0x268); // IEEE_T_CSERR
        s.mac_tx_octets = mib(0x274); // IEEE_T_OCTETS_OK
        s.mac_tx_bcast = mib(0x208); // RMON_T_BC_PKT
        s.mac_tx_mcast = mib(0x20c); // RMON_T_MC_PKT
        s.mac_rx_ok = mib(0x2cc); // IEEE_R_FRAME_OK
        s.mac_rx_fcs = mib(0x2d0); // IEEE_R_CRC
        s.mac_rx_align = mib(0x2d4); // IEEE_R_ALIGN
        s.mac_rx_mac_err = mib(0x2d8); // IEEE_R_MACERR
        s.mac_rx_octets = mib(0x2e0); // IEEE_R_OCTETS_OK
        s.mac_rx_bcast = mib(0x288); // RMON_R_BC_PKT
        s.mac_rx_mcast = mib(0x28c); // RMON_R_MC_PKT
        s.rmon_undersize = mib(0x294); // RMON_R_UNDERSIZE
        s.rmon_oversize = mib(0x298); // RMON_R_OVERSIZE
        s.rmon_fragments = mib(0x29c); // RMON_R_FRAG
        s.rmon_jabbers = mib(0x2a0); // RMON_R_JAB
                                     // RMON_R_P64 .. RMON_R_P_GTE2048 and their Tx counterparts.
        for (k, (rx, tx)) in s
            .rmon_rx_hist
            .iter_mut()
            .zip(s.rmon_tx_hist.iter_mut())
            .enumerate()
        {
            *rx = mib(0x2a8 + 4 * k);
            *tx = mib(0x228 + 4 * k);
        }
    }
}
