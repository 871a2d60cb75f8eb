// SPDX-License-Identifier: GPL-2.0

//! XDP (which the C gianfar does not have): the Rx buffer layout a program
//! needs, and the frames XDP sends (`XDP_TX` from a group's Rx poll on that
//! group's Tx ring, `ndo_xdp_xmit` on the first group's) on the Tx rings
//! the stack uses.

use crate::gianfar::{
    desc::{
        self,
        TxFlags, //
    },
    driver::{
        Gfar,
        Group,
        RX_BUF_LEN, //
    },
    regs::{
        self,
        queue, //
    },
    tx::TxRing, //
};
use crate::knobs::DBG_STALL_TX;
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

/// Whether frames of `mtu` fit one Rx buffer, as XDP needs (a VLAN tag
/// included: the MAC's frame length limit, MAXFRM).
pub(crate) fn xdp_mtu_ok(mtu: u32) -> bool {
    desc::maxfrm(mtu) <= RX_BUF_LEN
}

impl<'a> Gfar<'a> {
    /// Lays the Rx buffers out for XDP (`on`) or for the stack alone: a
    /// running interface gets new rings (frames in them are dropped, as on
    /// any ring change). Jumbo frames span buffers, which XDP here does not
    /// take.
    pub(crate) fn xdp_setup(&self, on: bool, ext: &mut ExtAck<'_>) -> Result {
        if on && !xdp_mtu_ok(self.dev.mtu()) {
            ext.error(format_args!(
                "MTU {} too large for XDP (frames must fit one buffer)",
                self.dev.mtu()
            ));
            return Err(EINVAL);
        }
        if self.cfg.lock().xdp == on {
            return Ok(());
        }
        self.restart_with("XDP", |apply| {
            self.cfg.lock().xdp = if apply { on } else { !on }
        })
        .inspect_err(|e| {
            ext.error(format_args!("no Rx ring for XDP could be built ({e:?})"));
        })
    }

    /// `XDP_TX` from group `g`'s Rx poll: queues `f` on the group's Tx ring
    /// without the doorbell ([`Gfar::xdp_tx_kick`] once per poll), or gives
    /// it back.
    pub(crate) fn xdp_tx_frame(
        &self,
        g: &Group<'a>,
        f: XdpFrame,
    ) -> core::result::Result<(), XdpFrame> {
        let mut guard = g.tx.ring.lock();
        let Some(tx) = (*guard).as_mut() else {
            return Err(f);
        };
        self.xdp_queue(g, tx, f)
    }

    /// Hands the frames XDP queued on group `g`'s ring to the MAC.
    pub(crate) fn xdp_tx_kick(&self, g: &Group<'a>) {
        // XDP shares the stack's queue: its frames count as progress for the
        // Tx watchdog.
        g.tx.lane.txq.trans_update();
        // `stall_tx` in debugfs simulates a stuck transmitter.
        if self.debug.is_set(DBG_STALL_TX) {
            return;
        }
        // Descriptors must be in memory before the doorbell.
        dma::wmb();
        self.groups[0]
            .regs
            .write(regs::TSTAT, queue::THALT0 >> g.index);
    }

    /// `ndo_xdp_xmit`: frames redirected to this device, sent on the first
    /// group's ring.
    pub(crate) fn xdp_xmit(&self, q: &mut XdpXmitQueue<'_>, flush: bool) {
        let Some(g) = self.groups.first() else {
            return;
        };
        let sent = {
            let mut guard = g.tx.ring.lock();
            match (*guard).as_mut() {
                Some(tx) => q.send_all(&self.xdp_stats, |f| self.xdp_queue(g, tx, f)),
                // The rings are being rebuilt: every frame is refused.
                None => q.send_all(&self.xdp_stats, Err),
            }
        };
        if sent > 0 && flush {
            self.xdp_tx_kick(g);
        }
    }

    /// Queues one frame as a single descriptor, without a frame control
    /// block, in the room XDP may take
    /// ([`TxBook::map_frame`](crate::txring::TxBook::map_frame)).
    fn xdp_queue(
        &self,
        g: &Group<'a>,
        tx: &mut TxRing,
        f: XdpFrame,
    ) -> core::result::Result<(), XdpFrame> {
        let size = tx.size;
        let produced = g.tx.lane.produced.load(Ordering::Relaxed);
        let c = Cursor {
            produced,
            consumed: g.tx.lane.consumed.load(Ordering::Acquire),
        };
        let (addr, len) = tx.book.map_frame(&self.dma, f, c, tx.thresholds.stop())?;
        let i = size.slot(produced);
        tx.bds.fill(i, addr, None);
        let lst = desc::tx_lstatus(
            len,
            TxFlags {
                first: true,
                last: true,
                interrupt: true,
                toe: false,
                wrap: size.is_last(produced),
            },
        );
        // The buffer address before READY.
        dma::dma_wmb();
        tx.bds.set_lstatus(i, lst);
        g.tx.lane
            .produced
            .store(produced.wrapping_add(1), Ordering::Release);
        Ok(())
    }
}
