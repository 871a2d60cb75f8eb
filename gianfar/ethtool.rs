// SPDX-License-Identifier: GPL-2.0

//! The ethtool operations.

use crate::gianfar::{
    coalesce::{
        self,
        Ic, //
    },
    driver::{
        Gfar,
        Group,
        PauseCfg,
        MAX_RING, //
    },
    regs::{self},
    stats::{
        RMON_COUNT,
        STAT_NAMES,
        SW_COUNT, //
    },
};
use crate::knobs::{
    DBG_RXIC,
    DBG_TXIC, //
};
use crate::netdev::net::{
    Coalesce,
    EthtoolOps,
    ExtAck,
    NetDriver,
    Pause,
    Rings,
    Stats,
    StdStats, //
};
use crate::{
    coalesce_dim,
    txring, //
};
use kernel::{
    prelude::*,
    sync::atomic::{
        Atomic,
        Relaxed, //
    },
};

impl<'a> EthtoolOps for Gfar<'a> {
    fn get_coalesce(&self) -> Result<Coalesce> {
        let cfg = *self.cfg.lock();
        let speed = self.speed();
        let (rx_usecs, rx_frames) = cfg.coal.rx.to_ethtool(speed);
        let (tx_usecs, tx_frames) = cfg.coal.tx.to_ethtool(speed);
        Ok(Coalesce {
            rx_usecs,
            rx_frames,
            tx_usecs,
            tx_frames,
            rx_adaptive: cfg.coal.adaptive().0,
            tx_adaptive: cfg.coal.adaptive().1,
        })
    }

    fn set_coalesce(&self, c: &Coalesce, ext: &mut ExtAck<'_>) -> Result {
        let speed = self.speed();
        let mut check = |dir: &str, usecs, frames| {
            Ic::from_ethtool(usecs, frames, speed).map_err(|e| {
                ext.error(format_args!(
                    "{dir} {usecs} us / {frames} frames: {} (max {} frames, {} us)",
                    match e {
                        coalesce::Invalid::Usecs => "time out of range",
                        coalesce::Invalid::Frames => "frames out of range",
                        coalesce::Invalid::Ticks => "too long at this speed",
                    },
                    coalesce::MAX_FRAMES,
                    coalesce::max_usecs(speed),
                ));
                EINVAL
            })
        };
        let rx_ic = check("rx", c.rx_usecs, c.rx_frames)?;
        let tx_ic = check("tx", c.tx_usecs, c.tx_frames)?;
        coalesce_dim::check_tx(ext, c.tx_adaptive, self.combined_napi)?;
        {
            let mut cfg = self.cfg.lock();
            cfg.coal.rx = rx_ic;
            cfg.coal.tx = tx_ic;
        }
        // DIM runs on the first group's NAPIs and sets every group (the
        // settings are the device's, as the fixed ones).
        let g = &self.groups[0];
        let to_ic = |(us, frames)| Ic::adaptive(us, frames, speed);
        coalesce_dim::switch_pair(
            &self.cfg,
            (&g.rx_napi, &g.tx.napi),
            (c.rx_adaptive, c.tx_adaptive),
            |c| &mut c.coal,
            to_ic,
        );
        // Unlike C, which restarts the controller, the registers are
        // written live: a new value takes effect with the next interrupt.
        self.program_coalescing();
        Ok(())
    }

    fn get_rings(&self) -> Rings {
        Rings::of(self.cfg.lock().rings, MAX_RING)
    }

    fn set_rings(&self, r: &Rings, ext: &mut ExtAck<'_>) -> Result {
        let new = r.config(|n| txring::max_packet_descs(true, n), MAX_RING, ext)?;
        let old = self.cfg.lock().rings;
        self.restart_with("rings", |apply| {
            self.cfg.lock().rings = if apply { new } else { old }
        })
    }

    fn stat_names(&self) -> &'static [&'static CStr] {
        &STAT_NAMES
    }

    fn stats(&self, out: &mut [u64]) {
        let mut s = Stats::default();
        self.get_stats64(&mut s);
        // A counter summed over the groups.
        let groups = |c: for<'g> fn(&'g Group<'a>) -> &'g Atomic<u64>| -> u64 {
            self.groups.iter().map(|g| c(g).load(Relaxed)).sum()
        };
        let vals: [u64; SW_COUNT] = [
            s.rx_packets,
            s.rx_bytes,
            s.rx_errors,
            s.rx_dropped,
            s.rx_crc_errors,
            s.rx_length_errors,
            s.tx_packets,
            s.tx_bytes,
            s.tx_dropped,
            s.rx_over_errors,
            // What `program_coalescing` last wrote: DIM's profile while
            // adaptive coalescing is on, the fixed settings otherwise.
            u64::from(self.debug.get(DBG_TXIC)),
            u64::from(self.debug.get(DBG_RXIC)),
            groups(|g| &g.stats.rx_ring_halts),
            groups(|g| &g.stats.rx_ring_resyncs),
            groups(|g| &g.stats.rx.csum_ok),
            groups(|g| &g.tx.lane.stats.tso_packets),
            groups(|g| &g.tx.lane.stats.tso_frames),
        ];
        for (o, v) in out.iter_mut().zip(vals) {
            *o = v;
        }
        // RMON counters follow, read live from the first group's page.
        let r = &self.groups[0].regs;
        for (k, o) in out.iter_mut().skip(vals.len()).take(RMON_COUNT).enumerate() {
            if let Some(reg) = regs::RMON_FIRST.at(k, 4) {
                *o = u64::from(r.read(reg));
            }
        }
        // Then the XDP counters.
        let xdp = self.xdp_stats.values();
        for (o, v) in out.iter_mut().skip(vals.len() + RMON_COUNT).zip(xdp) {
            *o = v;
        }
    }

    fn std_stats(&self, queue: Option<u32>, s: &mut StdStats) {
        match queue {
            // The RMON pause frame counters, on the first group's page.
            None => {
                let r = &self.groups[0].regs;
                s.tx_pause = u64::from(r.read(regs::RMON_TXPF));
                s.rx_pause = u64::from(r.read(regs::RMON_RXPF));
                self.rmon_std_stats(s);
            }
            // Queue pair i is group i's.
            Some(i) => {
                if let Some(g) = self.groups.get(i as usize) {
                    g.stats.rx.report_queue(s);
                    g.tx.lane.stats.report(s);
                    g.tx.lane.flow.report(s);
                }
            }
        }
    }

    fn regs_len(&self) -> u32 {
        (regs::WINDOW / 4) as u32
    }

    fn regs(&self, out: &mut [u32]) {
        let r = &self.groups[0].regs;
        for (k, o) in out.iter_mut().enumerate() {
            if let Some(reg) = regs::TSEC_ID.at(k, 4) {
                *o = r.read(reg);
            }
        }
    }

    fn msglevel(&self) -> u32 {
        self.msglevel.get()
    }

    fn set_msglevel(&self, level: u32) {
        self.msglevel.set(level)
    }

    fn get_pause(&self) -> Result<Pause> {
        let p = self.cfg.lock().pause;
        Ok(Pause {
            autoneg: p.autoneg.into(),
            rx: p.rx.into(),
            tx: p.tx.into(),
        })
    }

    fn set_pause(&self, p: &Pause) -> Result {
        let new = PauseCfg {
            autoneg: p.autoneg != 0,
            rx: p.rx != 0,
            tx: p.tx != 0,
        };
        // As the C gianfar: what the PHY cannot advertise is refused, and Rx
        // and Tx are advertised separately (Pause/Asym_Pause), the rest of
        // the advertisement (`ethtool -s .. advertise`) left alone.
        if !self.dev.phy_validate_pause(new.rx, new.tx) {
            return Err(EINVAL);
        }
        self.cfg.lock().pause = new;
        self.dev.phy_set_asym_pause(new.rx, new.tx);
        self.program_flow();
        Ok(())
    }
}

impl<'a> Gfar<'a> {
    /// The IEEE 802.3 and RMON counters the eTSEC's RMON block keeps
    /// (reference manual, "RMON MIB registers"), read live from the first
    /// group's page. Its frame length counters (TR64 .. TRMGV) count
    /// received and transmitted frames together, so no histogram is given;
    /// nor the counters that include bad frames (RPKT, TPKT).
    fn rmon_std_stats(&self, s: &mut StdStats) {
        let r = &self.groups[0].regs;
        let rmon = |k: usize| {
            regs::RMON_FIRST
                .at(k, 4)
                .map_or(u64::MAX, |reg| u64::from(r.read(reg)))
        };
        s.mac_rx_octets = rmon(7); // RBYT
        s.mac_rx_fcs = rmon(9); // RFCS
        s.mac_rx_mcast = rmon(10); // RMCA
        s.mac_rx_bcast = rmon(11); // RBCA
        s.mac_rx_align = rmon(15); // RALN
        s.mac_rx_len_err = rmon(16); // RFLR
        s.rmon_undersize = rmon(19); // RUND
        s.rmon_oversize = rmon(20); // ROVR
        s.rmon_fragments = rmon(21); // RFRG
        s.rmon_jabbers = rmon(22); // RJBR
        s.mac_tx_octets = rmon(24); // TBYT
        s.mac_tx_mcast = rmon(26); // TMCA
        s.mac_tx_bcast = rmon(27); // TBCA
        s.mac_tx_deferred = rmon(29); // TDFR
        s.mac_tx_xs_defer = rmon(30); // TEDF
        s.mac_tx_1col = rmon(31); // TSCL
        s.mac_tx_mcol = rmon(32); // TMCL
        s.mac_tx_late_col = rmon(33); // TLCL
        s.mac_tx_xs_col = rmon(34); // TXCL
    }
}
