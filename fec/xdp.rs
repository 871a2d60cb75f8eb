// SPDX-License-Identifier: GPL-2.0

//! XDP: the Rx buffer layout a program needs, and the frames XDP sends
//! (`XDP_TX` from the Rx poll, `ndo_xdp_xmit` for redirects) on the Tx
//! rings the stack uses, the one of the sending CPU's number (modulo the
//! Tx queues), as the C fec.

use crate::fec::{
    driver::Fec,
    tx::{
        TxPath,
        TxRing, //
    }, //
};
use crate::netdev::{
    dma,
    net::ExtAck,
    xdp::{
        XdpFrame,
        XdpXmitQueue, //
    },
    xsk::XskPoolRef,
};
use crate::ring::Cursor;
use core::sync::atomic::Ordering;
use kernel::prelude::*;

/// AF_XDP frames one Tx poll takes off the socket at most (the C fec's
/// `FEC_XSK_TX_BUDGET_MAX`).
const XSK_TX_BUDGET: u32 = 256;

impl<'a> Fec<'a> {
    /// Lays the Rx buffers out for XDP (`on`) or for the stack alone: a
    /// running interface gets new rings (the link stays up; frames in the
    /// rings are dropped, as on any ring change).
    pub(crate) fn xdp_setup(&self, on: bool, ext: &mut ExtAck<'_>) -> Result {
        if self.cfg.lock().xdp == on {
            return Ok(());
        }
        self.restart_with(|cfg, apply| cfg.xdp = if apply { on } else { !on })
            .inspect_err(|e| {
                ext.error(format_args!("no Rx ring for XDP could be built ({e:?})"));
            })
    }

    /// `XDP_TX` from the Rx poll: queues `f` on Tx queue `q` without the
    /// doorbell ([`Fec::xdp_tx_kick`] once per poll), or gives it back.
    pub(crate) fn xdp_tx_frame(
        &self,
        q: &TxPath<'a>,
        f: XdpFrame,
    ) -> core::result::Result<(), XdpFrame> {
        let mut guard = q.tx.ring.lock();
        let Some(tx) = (*guard).as_mut() else {
            return Err(f);
        };
        self.xdp_queue(q, tx, f)
    }

    /// The Tx queue of the XDP frames this CPU sends: the CPU's number
    /// modulo the Tx queues (the C fec's `fec_enet_xdp_get_tx_queue`), so
    /// the CPUs' NAPIs and redirects share no ring where there are as many
    /// queues as CPUs. (Called in softirq context, where the CPU stays the
    /// same until the caller is done with the queue.)
    pub(crate) fn xdp_txq(&self) -> &TxPath<'a> {
        let cpu = kernel::cpu::CpuId::current().as_u32() as usize;
        // (`txs` is never empty, see `Fec::txs`.)
        &self.txs[cpu % self.txs.len()]
    }

    /// Hands the frames XDP queued on Tx queue `q` to the MAC.
    pub(crate) fn xdp_tx_kick(&self, q: &TxPath<'a>) {
        // XDP shares the stack's queue: its frames count as progress for the
        // Tx watchdog.
        q.tx.lane.txq.trans_update();
        // Descriptors must be in memory before the doorbell.
        dma::wmb();
        self.kick_tx(q);
    }

    /// `ndo_xdp_xmit`: frames redirected to this device.
    pub(crate) fn xdp_xmit(&self, q: &mut XdpXmitQueue<'_>, flush: bool) {
        let txq = self.xdp_txq();
        let sent = {
            let mut guard = txq.tx.ring.lock();
            match (*guard).as_mut() {
                Some(tx) => q.send_all(&self.xdp_stats, |f| self.xdp_queue(txq, tx, f)),
                // The rings are being rebuilt: every frame is refused.
                None => q.send_all(&self.xdp_stats, Err),
            }
        };
        if sent > 0 && flush {
            self.xdp_tx_kick(txq);
        }
    }

    /// Queues one frame as a single descriptor, in the room XDP may take
    /// ([`TxBook::map_frame`](crate::txring::TxBook::map_frame)).
    fn xdp_queue(
        &self,
        q: &TxPath<'a>,
        tx: &mut TxRing,
        f: XdpFrame,
    ) -> core::result::Result<(), XdpFrame> {
        let size = tx.size;
        let produced = q.tx.lane.produced.load(Ordering::Relaxed);
        let c = Cursor {
            produced,
            consumed: q.tx.lane.consumed.load(Ordering::Acquire),
        };
        let (addr, len) = tx.book.map_frame(&self.dma, f, c, tx.thresholds.stop())?;
        tx.bds.put_frame(size, produced, addr, len);
        q.tx.lane
            .produced
            .store(produced.wrapping_add(1), Ordering::Release);
        Ok(())
    }

    /// `XDP_SETUP_XSK_POOL`: an AF_XDP socket binds its pool to queue 0
    /// (`Some`) in zero-copy mode, or unbinds it. The pool is mapped for the
    /// device first, then a running interface gets new rings filled from it
    /// (the link stays up); unbinding rebuilds the rings with pages first,
    /// then unmaps it. Queue 0 only: the only Rx ring (QEMU models no other,
    /// and the Rx rings 1 and 2 of the AVB parts are not used).
    // (`unsafe`: the pool's lifetime, `XskPoolRef::get`.)
    #[allow(unsafe_code)]
    pub(crate) fn xsk_setup(&self, pool: Option<XskPoolRef>, queue: u16) -> Result {
        if queue != 0 {
            return Err(ERANGE);
        }
        let old = self.cfg.lock().xsk;
        match pool {
            Some(new) => {
                if old.is_some() {
                    return Err(EBUSY);
                }
                // SAFETY: Being bound now; dropped at once.
                unsafe { new.get() }.dma_map(&self.dma)?;
                self.restart_with(|cfg, apply| cfg.xsk = if apply { Some(new) } else { None })
                    .inspect_err(|_| {
                        // SAFETY: Still bound (its command has not
                        // returned); no ring uses it (the old ones are
                        // back).
                        unsafe { new.get() }.dma_unmap();
                    })
            }
            None => {
                let Some(old) = old else {
                    return Ok(());
                };
                // Without the pool, whether or not the new rings come up:
                // the pool goes when this returns.
                let r = self.restart_with(|cfg, _| cfg.xsk = None);
                // SAFETY: Bound until this returns; no ring uses it now.
                unsafe { old.get() }.dma_unmap();
                r
            }
        }
    }

    /// `ndo_xsk_wakeup`: schedules the Rx poll (buffers to fill) and Tx
    /// ring 0's (frames to send) for the socket bound to `queue`.
    pub(crate) fn xsk_wakeup(&self, queue: u32, rx: bool, tx: bool) -> Result {
        if !self.up.load(Ordering::Acquire) || !self.dev.carrier_ok() {
            return Err(ENETDOWN);
        }
        if queue != 0 {
            return Err(ERANGE);
        }
        if self.cfg.lock().xsk.is_none() {
            return Err(EINVAL);
        }
        if rx || (tx && self.combined_napi) {
            self.rx_napi.schedule();
        }
        if tx && !self.combined_napi {
            self.txs[0].tx.napi.schedule();
        }
        Ok(())
    }

    /// Sends what the AF_XDP socket of Tx ring `tx` (queue `q`, its lock
    /// held) queued, in the room above the queue's stop threshold, at most
    /// a poll's budget; true if that was all of it.
    pub(crate) fn xsk_xmit(&self, q: &TxPath<'a>, tx: &mut TxRing) -> bool {
        let TxRing {
            size,
            thresholds,
            bds,
            book,
            xsk,
            ..
        } = tx;
        let Some(pool) = xsk.as_ref() else {
            return true;
        };
        // As the C fec: the socket wakes us for every frame it queues (the
        // completions of frames in flight do too).
        pool.tx_need_wakeup();
        let size = *size;
        let stop = thresholds.stop();
        let c = Cursor {
            produced: q.tx.lane.produced.load(Ordering::Relaxed),
            consumed: q.tx.lane.consumed.load(Ordering::Acquire),
        };
        let room = book.xsk_room(c, stop).min(XSK_TX_BUDGET);
        if room == 0 {
            // The ring is full: its completions bring us back.
            return true;
        }
        let mut p = c.produced;
        let n = pool.tx_take(room, |addr, len| {
            let cur = Cursor { produced: p, ..c };
            if !book.map_xsk(cur, stop, len) {
                // (Cannot happen: `room` is free.)
                return;
            }
            bds.put_frame(size, p, addr, len);
            p = p.wrapping_add(1);
        });
        q.tx.lane.produced.store(p, Ordering::Release);
        if n > 0 {
            self.xdp_tx_kick(q);
        }
        n < room
    }
}
