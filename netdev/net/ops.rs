// SPDX-License-Identifier: GPL-2.0

//! The driver operations: the `net_device_ops` and ethtool operations a
//! driver implements.

use super::*;

/// What `ndo_start_xmit` tells the stack.
pub(crate) enum TxVerdict {
    /// The skb was consumed (sent or dropped and counted).
    Ok,
    /// The ring was full although the queue was awake: a driver bug. The skb
    /// is handed back to the stack, which requeues it.
    Busy(Skb),
}

/// The ethtool operations of a network driver (and the standard statistics
/// of the netdev family), called under RTNL (or the netdev instance lock)
/// through the `net_device` the state was registered with.
pub(crate) trait EthtoolOps {
    /// `ethtool -c`.
    fn get_coalesce(&self) -> Result<Coalesce> {
        Err(EOPNOTSUPP)
    }
    /// `ethtool -C`: invalid values are rejected with `EINVAL` and a
    /// message in `ext`, and change nothing.
    fn set_coalesce(&self, _c: &Coalesce, _ext: &mut ExtAck<'_>) -> Result {
        Err(EOPNOTSUPP)
    }
    /// `ethtool -a`.
    fn get_pause(&self) -> Result<Pause> {
        Err(EOPNOTSUPP)
    }
    /// `ethtool -A`: unsupported combinations are rejected with `EINVAL`
    /// and change nothing.
    fn set_pause(&self, _p: &Pause) -> Result {
        Err(EOPNOTSUPP)
    }
    /// `ethtool -g`.
    fn get_rings(&self) -> Rings;
    /// `ethtool -G` (`rx`, `tx` set): invalid sizes are rejected with
    /// `EINVAL` and a message in `ext`, and change nothing.
    fn set_rings(&self, r: &Rings, ext: &mut ExtAck<'_>) -> Result;
    /// Names of the `ethtool -S` counters.
    fn stat_names(&self) -> &'static [&'static CStr];
    /// Values of the `ethtool -S` counters, in the order of `stat_names`.
    fn stats(&self, out: &mut [u64]);
    /// `ethtool -d`: number of 32-bit registers dumped, and the dump.
    fn regs_len(&self) -> u32 {
        0
    }
    fn regs(&self, _out: &mut [u32]) {}
    /// `ethtool -s msglvl`.
    fn msglevel(&self) -> u32;
    fn set_msglevel(&self, level: u32);

    /// The standard statistics, counted from registration on: with `queue`
    /// `None` the device-wide pause frames (`ethtool -I -a`), with
    /// `Some(i)` the counters of Rx and Tx queue `i` (the netdev family's
    /// qstats; `i` below the queue count of [`Registration::new`]). `s`
    /// comes with every counter at `NXP_STAT_NONE` (not kept); the driver sets those it
    /// keeps. Called with RTNL or the netdev instance lock held.
    fn std_stats(&self, _queue: Option<u32>, _s: &mut StdStats) {}
}

/// The operations of a network driver; its ethtool operations are its
/// [`EthtoolOps`].
///
/// All methods are called through the `net_device` the state was registered
/// with, by the stack's usual contexts: RTNL for open/stop/MTU/MAC/timeouts,
/// the Tx queue lock for xmit, softirq for NAPI polls, hardirq for interrupts.
///
/// A `#[vtable]` trait: `HAS_XSK_WAKEUP` says whether the driver has
/// `ndo_xsk_wakeup`, which is in its module's C table only then (Kbuild's
/// `nxp_no_xsk`, checked against it by `declare_net_driver!`).
#[vtable]
pub(crate) trait NetDriver: EthtoolOps + Send + Sync + Sized {
    /// The net_device this state drives (for messages about it).
    fn netdev(&self) -> NetDev<'_>;
    /// `ndo_open`.
    fn open(&self) -> Result;
    /// `ndo_stop`.
    fn stop(&self);
    /// `ndo_start_xmit` for Tx queue `queue` (under its xmit lock, `xmit`).
    fn start_xmit(&self, skb: Skb, queue: u32, xmit: &XmitCtx) -> TxVerdict;
    /// `ndo_get_stats64`.
    fn get_stats64(&self, stats: &mut Stats);
    /// `ndo_set_rx_mode`.
    fn set_rx_mode(&self, ctx: &RxModeCtx);
    /// `ndo_change_mtu`; the stack already checked the bounds of [`Setup`].
    fn change_mtu(&self, mtu: u32) -> Result;
    /// `ndo_set_mac_address`, with an already validated address.
    fn set_mac_address(&self, mac: MacAddr) -> Result;
    /// NAPI poll of the instance created with `id` (its budget in `ctx`).
    fn poll(&self, id: u32, ctx: &PollCtx) -> i32;
    /// Interrupt of the source requested with `id`; true if handled. `ctx`
    /// takes the handler's `SpinLockIrq`s without touching the interrupt
    /// state when it is already off.
    fn irq(&self, id: u32, ctx: &IrqContext) -> bool;
    /// phylib reports a link change.
    fn adjust_link(&self);
    /// Restarts a running device (after the Tx watchdog fired: the shim
    /// reports it and schedules this);
    /// called under RTNL.
    fn reset(&self);

    /// Adaptive coalescing of the NAPI instance created with `id` chose a
    /// new profile: `usecs` and `frames` for its direction (see
    /// [`Napi::set_adaptive`](super::poll::Napi::set_adaptive)). Called
    /// from a work item (process context, no lock held) while the instance
    /// is enabled and adaptive coalescing on.
    fn dim_apply(&self, _id: u32, _usecs: u32, _frames: u32) {}

    /// Whether a GSO packet of `segs` segments and `nr_frags` page
    /// fragments may come in one piece (`ndo_features_check`); if not, the
    /// stack segments it in software first. Only asked for GSO packets.
    fn gso_ok(&self, _segs: u32, _nr_frags: u32) -> bool {
        true
    }

    /// Makes the Rx rings fit XDP (`on`: before a first program is
    /// attached) or the stack alone (after the last one went); under RTNL.
    /// A refusal says why in `ext` and changes nothing.
    fn xdp_setup(&self, _on: bool, ext: &mut ExtAck<'_>) -> Result {
        ext.error(format_args!("XDP is not supported"));
        Err(EOPNOTSUPP)
    }

    /// `ndo_xdp_xmit`: queues what fits of `frames`, in order, and rings the
    /// doorbell if `flush`.
    fn xdp_xmit(&self, _frames: &mut XdpXmitQueue<'_>, _flush: bool) {}

    /// `XDP_SETUP_XSK_POOL`: binds the XSK pool `pool` to queue `queue`
    /// (`None`: unbinds the queue's). Only asked of drivers that advertise
    /// zero-copy ([`NetDev::set_xdp_features`]); under RTNL. A bound pool
    /// lives until the call that unbinds it, and the driver must be done
    /// with it when that call returns (see [`XskPoolRef::get`]).
    fn xsk_setup(&self, _pool: Option<XskPoolRef>, _queue: u16) -> Result {
        Err(EOPNOTSUPP)
    }

    /// `ndo_xsk_wakeup`: the socket bound to `queue` queued frames to send
    /// (`tx`) or buffers to fill (`rx`); the driver schedules the NAPI
    /// polls that take them.
    fn xsk_wakeup(&self, _queue: u32, _rx: bool, _tx: bool) -> Result {
        Err(EOPNOTSUPP)
    }

    /// `ethtool -K rx on|off`: whether the driver reports the MAC's Rx
    /// checksum verdicts to the stack. Only asked when the setting changes,
    /// and only of drivers that offer `rxcsum` in `hw_features`; on an error
    /// the feature keeps its old value.
    fn set_rx_csum(&self, _on: bool) -> Result {
        Err(EOPNOTSUPP)
    }

    /// VLAN offloads switched (`ethtool -K rxvlan` / `txvlan`, possibly
    /// both at once), under RTNL, before the device's features change: `rx`
    /// and `tx` are the features as they are to be. The default suits a
    /// driver that reads the Rx feature per frame
    /// ([`NetDev::vlan_rx`](super::NetDev::vlan_rx)) and offers no Tx
    /// insertion.
    fn set_vlan(&self, _rx: bool, tx: bool) -> Result {
        if tx {
            Err(EOPNOTSUPP)
        } else {
            Ok(())
        }
    }

    /// System sleep of a running device, under RTNL, its queues stopped
    /// (the device is detached): quiesce it, and if `wake` (Wake-on-LAN on,
    /// [`NetDev::set_wol_magic`](super::NetDev::set_wol_magic)) arm
    /// it to wake the system. An error aborts the suspend. The default, for
    /// a driver without Wake-on-LAN, closes the device as `ndo_stop`.
    fn suspend(&self, wake: bool) -> Result {
        if wake {
            return Err(EOPNOTSUPP);
        }
        self.stop();
        Ok(())
    }

    /// Resume after [`suspend`](NetDriver::suspend), under RTNL: the data
    /// path running again (the device is then attached, whatever the
    /// result). The default opens the device as `ndo_open`.
    fn resume(&self) -> Result {
        self.open()
    }

    /// The PTP clock of a driver that declared one
    /// ([`NetDev::set_ptp`](super::NetDev::set_ptp)), from the PTP core in
    /// process context: runs the clock `scaled_ppm` (parts per million
    /// with a 16-bit binary fraction, within the declared maximum) fast,
    /// or slow if negative.
    fn ptp_adjfine(&self, _scaled_ppm: i64) -> Result {
        Err(EOPNOTSUPP)
    }
    /// Shifts the PTP clock by `delta` ns.
    fn ptp_adjtime(&self, _delta: i64) -> Result {
        Err(EOPNOTSUPP)
    }
    /// The PTP clock's time, in ns.
    fn ptp_gettime(&self) -> Result<u64> {
        Err(EOPNOTSUPP)
    }
    /// Sets the PTP clock to `ns`.
    fn ptp_settime(&self, _ns: u64) -> Result {
        Err(EOPNOTSUPP)
    }
    /// Turns a PTP clock's output on or off ([`PtpRequest`]; the outputs
    /// the driver declared with the clock). Process context; may sleep.
    fn ptp_enable(&self, _req: PtpRequest) -> Result {
        Err(EOPNOTSUPP)
    }
    /// The PTP clock's periodic work while it is registered (its hardware
    /// counter may wrap within seconds): returns the milliseconds until the
    /// next call (1000 at most).
    fn ptp_keep(&self) -> u32 {
        1000
    }
    /// The PTP clock is about to be unregistered (or failed to be, with
    /// the device): its outputs off, their interrupts ended, and no output
    /// turned on again after this (process context, may sleep).
    fn ptp_stop(&self) {}

    /// The hardware timestamping configuration (only asked of a driver with
    /// a registered PTP clock), under RTNL.
    fn hwtstamp_get(&self) -> HwTstamp {
        HwTstamp::default()
    }
    /// Configures hardware timestamping, under RTNL.
    fn hwtstamp_set(&self, _cfg: HwTstamp) -> Result {
        Err(EOPNOTSUPP)
    }
}

/// A driver whose C entry points [`declare_net_driver!`] defined, naming its
/// state type [`State`](Self::State): the only state a [`Registration`]
/// may register, since the shim hands every registered device's state to
/// those entry points, which take it as that type.
///
/// The state is generic over the lifetime of its `net_device` (`'a`): it
/// holds the handles tied to it ([`NetDev`], [`TxQueue`], NAPI instances,
/// interrupts, page pools), and since a registration builds it for any
/// `'a` ([`Registration::new`]), none of them can be kept past the
/// registration (a handle leaked with `mem::forget` is released when the
/// device is freed, see [`NetDev`]).
///
/// # Safety
///
/// Implemented only by `declare_net_driver!`, for the type whose entry
/// points it defines (their symbols are global, so a module has one such
/// type at most).
pub(crate) unsafe trait DeclaredNetDriver {
    /// The driver state on a `net_device` that lives for `'a`.
    type State<'a>: NetDriver + 'a;
}
