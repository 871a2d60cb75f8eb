// SPDX-License-Identifier: GPL-2.0

//! XDP: the Rx buffer layout a program needs, and the frames XDP sends
//! (`XDP_TX` from the Rx poll, `ndo_xdp_xmit` for redirects) on the Tx
//! rings the stack uses, the one of the sending CPU's number (modulo the
//! Tx queues), as the C fec.

use crate::fec::{
    desc::{
        self,
        TxFlags, //
    },
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
};
use crate::ring::Cursor;
use core::sync::atomic::Ordering;
use kernel::prelude::*;

impl Fec {
    /// Lays the Rx buffers out for XDP (`on`) or for the stack alone: a
    /// running interface gets new rings (the link stays up; frames in the
    /// rings are dropped, as on any ring change).
    pub(crate) fn xdp_setup(&self, on: bool, ext: &mut ExtAck<'_>) -> Result {
        if self.cfg.lock().xdp == on {
            return Ok(());
        }
        self.restart_with(|cfg, apply| cfg.xdp = if apply { on } else { !on })
            .inspect_err(|e| {
                ext.error(
                    "fec_rs",
                    format_args!("no Rx ring for XDP could be built ({e:?})"),
                );
            })
    }

    /// `XDP_TX` from the Rx poll: queues `f` on Tx queue `q` without the
    /// doorbell ([`Fec::xdp_tx_kick`] once per poll), or gives it back.
    pub(crate) fn xdp_tx_frame(
        &self,
        q: &TxPath,
        f: XdpFrame,
    ) -> core::result::Result<(), XdpFrame> {
        let mut guard = q.ring.lock();
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
    pub(crate) fn xdp_txq(&self) -> &TxPath {
        let cpu = kernel::cpu::CpuId::current().as_u32() as usize;
        // (`txs` is never empty, see `Fec::txs`.)
        &self.txs[cpu % self.txs.len()]
    }

    /// Hands the frames XDP queued on Tx queue `q` to the MAC.
    pub(crate) fn xdp_tx_kick(&self, q: &TxPath) {
        // XDP shares the stack's queue: its frames count as progress for the
        // Tx watchdog.
        q.txq.trans_update();
        // Descriptors must be in memory before the doorbell.
        dma::wmb();
        self.kick_tx(q);
    }

    /// `ndo_xdp_xmit`: frames redirected to this device.
    pub(crate) fn xdp_xmit(&self, q: &mut XdpXmitQueue<'_>, flush: bool) {
        let txq = self.xdp_txq();
        let sent = {
            let mut guard = txq.ring.lock();
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
        q: &TxPath,
        tx: &mut TxRing,
        f: XdpFrame,
    ) -> core::result::Result<(), XdpFrame> {
        let size = tx.size;
        let produced = q.produced.load(Ordering::Relaxed);
        let c = Cursor {
            produced,
            consumed: q.consumed.load(Ordering::Acquire),
        };
        let (addr, len) = tx.book.map_frame(&self.dma, f, c, tx.thresholds.stop())?;
        let i = size.slot(produced);
        let flags = TxFlags {
            last: true,
            wrap: size.is_last(produced),
            interrupt: true,
            csum: false,
        };
        tx.bds.fill(i, addr, len, desc::tx_esc(flags), None);
        // The rest of the descriptor before READY.
        dma::dma_wmb();
        tx.bds.set_sc(i, desc::tx_sc(flags));
        q.produced
            .store(produced.wrapping_add(1), Ordering::Release);
        Ok(())
    }
}
