// SPDX-License-Identifier: GPL-2.0

//! Network devices: the driver operations, registration, and the C entry
//! points the shim's `net_device_ops` trampolines call.
//!
//! C header: [`include/linux/netdevice.h`](srctree/include/linux/netdevice.h)

use core::ptr::NonNull;
use kernel::{
    device,
    error::{
        from_result,
        to_result, //
    },
    ffi::{
        c_int,
        c_uint,
        c_void, //
    },
    interrupt::LocalInterruptDisabled,
    prelude::*,
    sync::{
        atomic::{
            Atomic,
            Relaxed, //
        },
        SpinLockIrq, //
    },
    types::NotThreadSafe, //
};

use super::{
    ffi,
    of::Node,
    raw_dev,
    skb::Skb,
    xdp::XdpXmitQueue,
    xsk::XskPoolRef,
    MacAddr, //
};

use crate::ring::RingConfig;

pub(crate) use ffi::{
    NxpCoalesce as Coalesce,
    NxpPause as Pause,
    NxpRings as Rings,
    NxpStats as Stats,
    NxpStdStats as StdStats, //
};

/// A registered or registering `struct net_device`.
///
/// # Invariants
///
/// `0` points to a `net_device` allocated by [`Registration::new`], which
/// frees it only after the driver state (the only holder of `NetDev` copies
/// besides the registration itself) has been dropped.
#[derive(Clone, Copy)]
pub(crate) struct NetDev(NonNull<ffi::NetDevice>);

// SAFETY: A `net_device` may be used from any thread; the methods below are
// the kernel's thread-safe accessors.
unsafe impl Send for NetDev {}
// SAFETY: See `Send`.
unsafe impl Sync for NetDev {}

/// Features a driver offers (`NETIF_F_*` through the shim's `NXP_F_*`).
#[derive(Clone, Copy, Default)]
pub(crate) struct Features {
    /// Scatter-gather.
    pub(crate) sg: bool,
    /// IPv4 TCP/UDP Tx checksum.
    pub(crate) ip_csum: bool,
    /// IPv6 TCP/UDP Tx checksum.
    pub(crate) ipv6_csum: bool,
    /// Rx checksum.
    pub(crate) rxcsum: bool,
    /// DMA to high memory.
    pub(crate) highdma: bool,
    /// TCP/IPv4 segmentation (done by the driver: see `tso.rs`).
    pub(crate) tso: bool,
}

impl Features {
    fn bits(self) -> u32 {
        let mut b = 0;
        for (on, bit) in [
            (self.sg, ffi::NXP_F_SG),
            (self.ip_csum, ffi::NXP_F_IP_CSUM),
            (self.ipv6_csum, ffi::NXP_F_IPV6_CSUM),
            (self.rxcsum, ffi::NXP_F_RXCSUM),
            (self.highdma, ffi::NXP_F_HIGHDMA),
            (self.tso, ffi::NXP_F_TSO),
        ] {
            if on {
                b |= bit;
            }
        }
        b
    }
}

/// Static set-up of a `net_device` before registration.
pub(crate) struct Setup {
    /// Features the user may toggle.
    pub(crate) hw_features: Features,
    /// Features on at registration.
    pub(crate) features: Features,
    /// MTU bounds.
    pub(crate) min_mtu: u32,
    pub(crate) max_mtu: u32,
    /// Headroom the driver needs in front of Tx frames.
    pub(crate) needed_headroom: u32,
    /// Tx watchdog timeout.
    pub(crate) watchdog_ms: u32,
}

impl NetDev {
    pub(crate) fn as_raw(self) -> *mut ffi::NetDevice {
        self.0.as_ptr()
    }

    /// Applies the static set-up (before registration).
    pub(crate) fn setup(self, s: &Setup) {
        // SAFETY: By the type invariant the net_device is valid.
        unsafe {
            ffi::nxp_netdev_setup(
                self.as_raw(),
                s.hw_features.bits(),
                s.features.bits(),
                s.min_mtu,
                s.max_mtu,
                s.needed_headroom,
                s.watchdog_ms,
            )
        }
    }

    /// Selects Tx queues by VLAN priority: a tagged packet goes to
    /// `map[pcp]`, others to queue 0 (`ndo_select_queue`, consulted with
    /// several Tx queues only). Every entry must name a Tx queue (`EINVAL`).
    pub(crate) fn set_pcp_queues(self, map: &[u8; 8]) -> Result {
        // SAFETY: Valid net_device (type invariant); `map` is 8 readable
        // bytes. The shim checks every entry before it copies the map, so
        // each byte a concurrent queue selection reads is a valid queue.
        to_result(unsafe { ffi::nxp_netdev_set_pcp_queues(self.as_raw(), map.as_ptr()) })
    }

    /// Most segments the stack may put in one GSO packet for this device.
    pub(crate) fn set_tso_max_segs(self, segs: u32) {
        // SAFETY: Valid net_device (type invariant).
        unsafe { ffi::nxp_netdev_set_tso_max_segs(self.as_raw(), segs) }
    }

    /// Sets the device's MAC address.
    pub(crate) fn set_mac(self, mac: MacAddr) {
        // SAFETY: Valid net_device; `mac` is ETH_ALEN bytes.
        unsafe { ffi::nxp_netdev_set_mac(self.as_raw(), mac.0.as_ptr()) }
    }

    /// The device's MAC address.
    pub(crate) fn mac(self) -> MacAddr {
        let mut m = [0u8; 6];
        // SAFETY: Valid net_device; `m` is writable for ETH_ALEN bytes.
        unsafe { ffi::nxp_netdev_get_mac(self.as_raw(), m.as_mut_ptr()) };
        MacAddr(m)
    }

    /// The current MTU.
    pub(crate) fn mtu(self) -> u32 {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_netdev_mtu(self.as_raw()) }
    }

    /// Sets the MTU (from `ndo_change_mtu`, under RTNL).
    pub(crate) fn set_mtu(self, mtu: u32) {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_netdev_set_mtu(self.as_raw(), mtu) }
    }

    /// `IFF_PROMISC` and `IFF_ALLMULTI`.
    pub(crate) fn promisc(self) -> bool {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_netdev_promisc(self.as_raw()) }
    }

    pub(crate) fn allmulti(self) -> bool {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_netdev_allmulti(self.as_raw()) }
    }

    /// Reports the carrier (link) state to the stack.
    pub(crate) fn carrier(self, on: bool) {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_netif_carrier(self.as_raw(), on) }
    }

    /// Whether the stack sees the carrier (link) up.
    pub(crate) fn carrier_ok(self) -> bool {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_netif_carrier_ok(self.as_raw()) }
    }

    /// Wakes all Tx queues (and their qdiscs, which may hold packets queued
    /// while the device was restarting).
    pub(crate) fn tx_wake_all(self) {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_netif_tx_wake_all(self.as_raw()) }
    }

    /// Stops all Tx queues and waits for running xmits to finish.
    pub(crate) fn tx_disable(self) {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_netif_tx_disable(self.as_raw()) }
    }

    /// Schedules [`NetDriver::reset`] in process context under RTNL (from any
    /// context, e.g. `ndo_tx_timeout`).
    pub(crate) fn schedule_reset(self) {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_netdev_schedule_reset(self.as_raw()) }
    }

    /// Tells the Tx watchdog the device made progress.
    pub(crate) fn trans_update(self) {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_netif_trans_update(self.as_raw()) }
    }

    /// Tx queue `idx` (an index past the device's queues is a driver bug:
    /// the shim warns once and gives queue 0).
    pub(crate) fn txq(self, idx: u32) -> TxQueue {
        // SAFETY: Valid net_device; the shim bounds the index.
        let q = unsafe { ffi::nxp_netdev_txq(self.as_raw(), idx) };
        // INVARIANT: a queue of a live net_device lives as long as it.
        TxQueue(NonNull::new(q).expect("netdev_get_tx_queue() never returns NULL"))
    }

    /// Connects the PHY of controller node `np` (`phy-handle` or
    /// `fixed-link`); link changes call [`NetDriver::adjust_link`].
    pub(crate) fn phy_connect(self, np: &Node) -> Result {
        // SAFETY: Valid net_device and node.
        to_result(unsafe { ffi::nxp_phy_connect(self.as_raw(), np.as_raw()) })
    }

    /// Restricts the connected PHY's advertisement to what the MAC can do:
    /// no 1000BASE-T half duplex, at most 100 Mbit/s without `gbit`,
    /// symmetric pause only unless `asym_pause`.
    pub(crate) fn phy_mac_caps(self, gbit: bool, asym_pause: bool) {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_phy_mac_caps(self.as_raw(), gbit, asym_pause) }
    }

    /// Undoes [`NetDev::phy_connect`].
    pub(crate) fn phy_disconnect(self, np: &Node) {
        // SAFETY: Valid net_device and node.
        unsafe { ffi::nxp_phy_disconnect(self.as_raw(), np.as_raw()) }
    }

    /// Starts / stops the PHY state machine (a PHY must be connected).
    pub(crate) fn phy_start(self) {
        // SAFETY: Valid net_device with a connected PHY (driver contract).
        unsafe { ffi::nxp_phy_start(self.as_raw()) }
    }

    pub(crate) fn phy_stop(self) {
        // SAFETY: Valid net_device with a connected PHY (driver contract).
        unsafe { ffi::nxp_phy_stop(self.as_raw()) }
    }

    /// The PHY's link: `Some((speed_mbps, full_duplex))` when up.
    pub(crate) fn phy_link(self) -> Option<(u32, bool)> {
        let mut speed: c_int = 0;
        let mut full = false;
        // SAFETY: Valid net_device; outputs are writable.
        let up = unsafe { ffi::nxp_phy_state(self.as_raw(), &mut speed, &mut full) };
        up.then_some((speed.try_into().unwrap_or(0), full))
    }

    /// Whether the PHY resolved symmetric pause with the link partner.
    pub(crate) fn phy_pause(self) -> bool {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_phy_pause(self.as_raw()) }
    }

    /// The multicast filter: `all` when `IFF_ALLMULTI` is set or the list
    /// is longer than 64 addresses, otherwise `add` applied to an empty
    /// filter for each address. `in_set_rx_mode` as for [`NetDev::mc_list`].
    pub(crate) fn mc_filter<H: Default>(
        self,
        in_set_rx_mode: bool,
        all: H,
        mut add: impl FnMut(&mut H, &[u8; 6]),
    ) -> H {
        if self.allmulti() {
            return all;
        }
        let mut list = [[0u8; 6]; 64];
        let n = self.mc_list(&mut list, in_set_rx_mode);
        if n > list.len() {
            return all;
        }
        let mut h = H::default();
        for a in &list[..n] {
            add(&mut h, a);
        }
        h
    }

    /// Copies the multicast addresses into `out`; returns how many the
    /// device has (more than `out.len()` means some were left out).
    /// `in_set_rx_mode`: called from [`NetDriver::set_rx_mode`], which runs
    /// with the address list locked; otherwise it is locked here.
    pub(crate) fn mc_list(self, out: &mut [[u8; 6]], in_set_rx_mode: bool) -> usize {
        let max = u32::try_from(out.len()).unwrap_or(u32::MAX);
        // SAFETY: Valid net_device; `out` is writable for `max * ETH_ALEN`
        // bytes (`[[u8; 6]]` is contiguous).
        let n = unsafe {
            ffi::nxp_netdev_mc_copy(self.as_raw(), out.as_mut_ptr().cast(), max, in_set_rx_mode)
        };
        n as usize
    }

    /// Advertises symmetric pause `rx`/`tx` (with `autoneg`) on the PHY.
    pub(crate) fn phy_set_sym_pause(self, rx: bool, tx: bool, autoneg: bool) {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_phy_set_sym_pause(self.as_raw(), rx, tx, autoneg) }
    }

    /// Advertises Rx and Tx pause separately (Pause and Asym_Pause bits),
    /// keeping the rest of the advertisement; renegotiates if it changed.
    pub(crate) fn phy_set_asym_pause(self, rx: bool, tx: bool) {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_phy_set_asym_pause(self.as_raw(), rx, tx) }
    }

    /// Whether the attached PHY can advertise this pause combination (false
    /// without a PHY).
    pub(crate) fn phy_validate_pause(self, rx: bool, tx: bool) -> bool {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_phy_validate_pause(self.as_raw(), rx, tx) }
    }

    /// The pause directions both ends agreed on from their advertisements,
    /// `(rx, tx)` (802.3 Annex 28B resolution).
    pub(crate) fn phy_resolved_pause(self) -> (bool, bool) {
        // SAFETY: Valid net_device.
        let f = u32::from(unsafe { ffi::nxp_phy_resolve_pause(self.as_raw()) });
        (
            f & kernel::bindings::FLOW_CTRL_RX != 0,
            f & kernel::bindings::FLOW_CTRL_TX != 0,
        )
    }

    /// Restarts autonegotiation.
    pub(crate) fn phy_start_aneg(self) -> Result {
        // SAFETY: Valid net_device.
        to_result(unsafe { ffi::nxp_phy_start_aneg(self.as_raw()) })
    }

    /// Logs the link state the way phylib drivers do.
    pub(crate) fn phy_print_status(self) {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_phy_print_status(self.as_raw()) }
    }

    /// The MAC has EEE: `ethtool --show-eee/--set-eee` reach the PHY, which
    /// may advertise it. After [`NetDev::phy_connect`], before registration.
    pub(crate) fn phy_support_eee(self) {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_phy_support_eee(self.as_raw()) }
    }

    /// With the link's EEE on and Tx LPI enabled, the idle time (us) after
    /// which the MAC is to enter LPI. From `adjust_link`.
    pub(crate) fn phy_tx_lpi(self) -> Option<u32> {
        let mut us = 0;
        // SAFETY: Valid net_device; `us` is a local.
        unsafe { ffi::nxp_phy_tx_lpi(self.as_raw(), &mut us) }.then_some(us)
    }
}

/// Bottom halves (softirqs, hence NAPI) disabled on this CPU while alive.
///
/// Process-context code that takes a lock also taken by a NAPI poll must
/// hold one: the stock kernel crate has no `spin_lock_bh()`.
pub(crate) struct BhDisabled(core::marker::PhantomData<*mut ()>);

impl BhDisabled {
    /// `local_bh_disable()`.
    pub(crate) fn new() -> Self {
        // SAFETY: Paired with `local_bh_enable()` in `drop`, on the same CPU
        // (the guard is `!Send`).
        unsafe { ffi::nxp_local_bh_disable() };
        Self(core::marker::PhantomData)
    }
}

impl Drop for BhDisabled {
    fn drop(&mut self) {
        // SAFETY: Paired with the `local_bh_disable()` of `new`.
        unsafe { ffi::nxp_local_bh_enable() };
    }
}

/// The context of an interrupt handler ([`NetDriver::irq`]).
///
/// # Invariants
///
/// If `irqs_off`, local interrupts stay disabled on this CPU for as long as
/// the value exists (the handler was entered with them off and never
/// enables them); the value never leaves this CPU.
pub(crate) struct IrqContext {
    irqs_off: bool,
    _cpu_local: NotThreadSafe,
}

impl IrqContext {
    /// Runs `f` on the data of `lock`, held. With interrupts already off
    /// (a hard interrupt handler, or a forced-threaded one outside
    /// PREEMPT_RT) the lock is taken as a plain spinlock, as C's
    /// `spin_lock()` in a handler; otherwise with interrupts disabled.
    #[inline(always)]
    pub(crate) fn locked<T: Unpin, R>(
        &self,
        lock: &SpinLockIrq<T>,
        f: impl FnOnce(&mut T) -> R,
    ) -> R {
        if self.irqs_off {
            // SAFETY: By the type invariant local interrupts stay disabled
            // while `self` exists, which covers the token's use here.
            let token = unsafe { LocalInterruptDisabled::assume_disabled() };
            f(&mut lock.lock_with(token))
        } else {
            f(&mut lock.lock())
        }
    }
}

/// A Tx queue (`struct netdev_queue`) and its BQL state.
///
/// # Invariants
///
/// Points to a Tx queue of a live `net_device`.
#[derive(Clone, Copy)]
pub(crate) struct TxQueue(NonNull<ffi::NetdevQueue>);

// SAFETY: As for `NetDev`: the pointer is valid on any CPU for the
// `net_device`'s lifetime; each method asks the same context of its caller
// (the queue's xmit lock held, or the queue stopped) wherever the value
// lives.
unsafe impl Send for TxQueue {}
// SAFETY: See `Send`.
unsafe impl Sync for TxQueue {}

/// A Tx ring's free-running counters, read by the kernel's lockless
/// stop/wake helpers (`netif_txq_maybe_stop()`, `netif_txq_completed_wake()`).
pub(crate) struct TxCounters<'a> {
    /// Descriptors produced (written by xmit).
    pub(crate) produced: &'a core::sync::atomic::AtomicU32,
    /// Descriptors consumed (written by completion).
    pub(crate) consumed: &'a core::sync::atomic::AtomicU32,
    /// Ring size.
    pub(crate) size: u32,
    /// The queue's stop and wake counts (qstats `tx-stop`, `tx-wake`).
    pub(crate) flow: &'a TxFlowStats,
}

/// How often a Tx queue was stopped because its ring was full, and woken
/// again by completions (a stop undone at once by a racing completion
/// counts as neither).
pub(crate) struct TxFlowStats {
    /// Stops that held.
    stops: Atomic<u64>,
    /// Wakes by completions.
    wakes: Atomic<u64>,
}

impl TxFlowStats {
    /// Both counts at zero.
    pub(crate) const fn new() -> Self {
        Self {
            stops: Atomic::new(0),
            wakes: Atomic::new(0),
        }
    }

    /// Reports both counts as the queue's qstats `tx-stop` and `tx-wake`.
    pub(crate) fn report(&self, s: &mut StdStats) {
        s.tx_stop = self.stops.load(Relaxed);
        s.tx_wake = self.wakes.load(Relaxed);
    }
}

/// `netdev_xmit_more()`: whether the stack will hand the driver another
/// packet right after the one its xmit has (the doorbell may wait for it).
/// Meaningful in `ndo_start_xmit` only; elsewhere a stale per-CPU flag.
pub(crate) fn xmit_more() -> bool {
    // SAFETY: The helper reads a per-CPU flag, in any context.
    unsafe { ffi::nxp_xmit_more() }
}

/// What [`TxQueue::sent`] found after reporting a packet to BQL.
#[derive(Clone, Copy)]
pub(crate) struct Sent {
    /// The doorbell must be rung now: the end of an xmit batch, or BQL
    /// stopped the queue.
    pub(crate) kick: bool,
    /// The queue is stopped (by BQL, or by the driver earlier).
    pub(crate) stopped: bool,
}

impl TxQueue {
    /// Reports `bytes` queued to BQL: whether the doorbell must be rung now
    /// and whether the queue is stopped.
    pub(crate) fn sent(self, bytes: u32) -> Sent {
        // SAFETY: Valid queue (type invariant); called from xmit.
        let r = unsafe { ffi::nxp_tx_sent(self.0.as_ptr(), bytes) };
        Sent {
            kick: r & ffi::NXP_TX_SENT_KICK != 0,
            stopped: r & ffi::NXP_TX_SENT_STOPPED != 0,
        }
    }

    /// Progress on the queue as its Tx watchdog sees it (`XDP` frames
    /// sent on a ring the stack shares).
    pub(crate) fn trans_update(self) {
        // SAFETY: Valid queue (type invariant); the helper writes its
        // `trans_start` with WRITE_ONCE(), allowed in any context.
        unsafe { ffi::nxp_txq_trans_update(self.0.as_ptr()) }
    }

    /// BQL's bytes in flight on the queue (reported sent, not yet
    /// completed); `None` in a kernel without BQL. A snapshot: exact only
    /// while neither xmit nor completion reports to BQL.
    pub(crate) fn bql_inflight(self) -> Option<u32> {
        // SAFETY: Valid queue (type invariant); the helper only reads two
        // counters with READ_ONCE(), which is allowed in any context.
        let v = unsafe { ffi::nxp_txq_bql_inflight(self.0.as_ptr()) };
        u32::try_from(v).ok()
    }

    /// Stops the queue if fewer than `stop` descriptors are free (in advance
    /// of the next packet), re-checking against a racing completion; see
    /// `netif_txq_maybe_stop()`. Returns true if the queue is left stopped.
    #[inline(always)]
    pub(crate) fn maybe_stop(self, c: &TxCounters<'_>, stop: u32, start: u32) -> bool {
        // The common case, room for the next packet, as the C helper's first
        // test (the same unordered reads), inline in xmit without the call.
        let in_flight = c
            .produced
            .load(core::sync::atomic::Ordering::Relaxed)
            .wrapping_sub(c.consumed.load(core::sync::atomic::Ordering::Relaxed));
        if c.size.wrapping_sub(in_flight) >= stop {
            return false;
        }
        self.stop_slow(c, stop, start)
    }

    /// [`TxQueue::maybe_stop`] once the ring is short of room: the C helper
    /// stops the queue and re-checks.
    #[cold]
    #[inline(never)]
    fn stop_slow(self, c: &TxCounters<'_>, stop: u32, start: u32) -> bool {
        // SAFETY: Valid queue; the counters are live `u32`s read atomically by
        // the C helper.
        let res = unsafe {
            ffi::nxp_txq_maybe_stop(
                self.0.as_ptr(),
                c.produced.as_ptr(),
                c.consumed.as_ptr(),
                c.size,
                stop,
                start,
            )
        };
        // 0: stopped; -1: stopped and restarted at once; 1: not stopped.
        if res == 0 {
            c.flow.stops.add(1, Relaxed);
        }
        res == 0
    }

    /// Reports a completion round to BQL and wakes the queue if at least
    /// `start` descriptors are free, unless the driver keeps it stopped
    /// (`halted`: the MAC is down and the queue must stay off until it is
    /// restarted); see `__netif_txq_completed_wake()`. A round that
    /// completed packets also tells the Tx watchdog the queue made progress.
    pub(crate) fn completed_wake(
        self,
        pkts: u32,
        bytes: u32,
        c: &TxCounters<'_>,
        start: u32,
        halted: bool,
    ) {
        // SAFETY: As for `maybe_stop`.
        let res = unsafe {
            ffi::nxp_txq_completed_wake(
                self.0.as_ptr(),
                pkts,
                bytes,
                c.produced.as_ptr(),
                c.consumed.as_ptr(),
                c.size,
                start,
                halted,
            )
        };
        // 0: the queue was stopped and is woken.
        if res == 0 {
            c.flow.wakes.add(1, Relaxed);
        }
    }

    /// Resets BQL after the ring was emptied.
    pub(crate) fn reset(self) {
        // SAFETY: Valid queue.
        unsafe { ffi::nxp_txq_reset(self.0.as_ptr()) }
    }
}

impl Rings {
    /// The ring configuration `ethtool -G` asks for, for a driver whose
    /// packets take at most `descs(n)` descriptors on a Tx ring of `n` and
    /// whose rings hold at most `max`; rejected otherwise (`EINVAL`, the
    /// limits said in `ext` and logged as `driver`).
    pub(crate) fn config(
        &self,
        driver: &str,
        descs: impl Fn(u32) -> u32,
        max: u32,
        ext: &mut ExtAck<'_>,
    ) -> Result<RingConfig> {
        RingConfig::new(self.tx, self.rx, &descs, max).map_err(|e| {
            ext.error(
                driver,
                format_args!(
                    "tx {}, rx {}: {} (powers of two, tx {}..{}, rx {}..{})",
                    self.tx,
                    self.rx,
                    match e {
                        crate::ring::SizeError::NotPowerOfTwo => "not a power of two",
                        crate::ring::SizeError::TooSmall => "too small",
                        crate::ring::SizeError::TooLarge => "too large",
                    },
                    RingConfig::min_tx(&descs, max),
                    max,
                    crate::ring::MIN_RX_RING,
                    max
                ),
            );
            EINVAL
        })
    }
}

/// The netlink extended acknowledgement of a configuration request: its
/// message tells the user why a value was rejected (`ethtool` prints it).
/// Requests through the ioctl interface have none; their messages go to the
/// kernel log only.
///
/// # Invariants
///
/// `ptr` is null or points to the `netlink_ext_ack` of the request being
/// handled, valid for writes for `'a`.
pub(crate) struct ExtAck<'a> {
    ptr: *mut ffi::NetlinkExtAck,
    _request: core::marker::PhantomData<&'a mut ffi::NetlinkExtAck>,
}

impl ExtAck<'_> {
    /// # Safety
    ///
    /// `ptr` is null or points to a `netlink_ext_ack` valid for writes for
    /// the lifetime the caller gives the result.
    pub(crate) unsafe fn from_raw(ptr: *mut ffi::NetlinkExtAck) -> Self {
        // INVARIANT: The caller's guarantee.
        Self {
            ptr,
            _request: core::marker::PhantomData,
        }
    }

    /// Logs `msg` as `driver`'s and makes it the request's error message
    /// (its first 79 bytes, the kernel's `NETLINK_MAX_FMTMSG_LEN`).
    pub(crate) fn error(&mut self, driver: &str, msg: core::fmt::Arguments<'_>) {
        pr_info!("{driver}: {msg}\n");
        if self.ptr.is_null() {
            return;
        }
        let mut buf = MsgBuf {
            buf: [0; MSG_LEN],
            len: 0,
        };
        let _ = core::fmt::write(&mut buf, msg);
        // SAFETY: By the type invariant `ptr` is the request's; `buf` is
        // NUL-terminated (`MsgBuf` keeps its last byte 0), and the shim
        // copies it.
        unsafe { ffi::nxp_extack_msg(self.ptr, buf.buf.as_ptr().cast()) };
    }
}

/// `NETLINK_MAX_FMTMSG_LEN`: an extack message, its NUL included.
const MSG_LEN: usize = 80;

/// A message formatted on the stack, cut at `MSG_LEN - 1` bytes (on a
/// character boundary), NUL-terminated.
struct MsgBuf {
    buf: [u8; MSG_LEN],
    len: usize,
}

impl core::fmt::Write for MsgBuf {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        for c in s.chars() {
            let mut enc = [0u8; 4];
            let e = c.encode_utf8(&mut enc).as_bytes();
            if self.len + e.len() > MSG_LEN - 1 {
                return Err(core::fmt::Error);
            }
            self.buf[self.len..self.len + e.len()].copy_from_slice(e);
            self.len += e.len();
        }
        Ok(())
    }
}

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
pub(crate) trait NetDriver: EthtoolOps + Send + Sync + Sized + 'static {
    /// `ndo_open`.
    fn open(&self) -> Result;
    /// `ndo_stop`.
    fn stop(&self);
    /// `ndo_start_xmit` for Tx queue `queue`.
    fn start_xmit(&self, skb: Skb, queue: u32) -> TxVerdict;
    /// `ndo_get_stats64`.
    fn get_stats64(&self, stats: &mut Stats);
    /// `ndo_tx_timeout`.
    fn tx_timeout(&self, queue: u32);
    /// `ndo_set_rx_mode`.
    fn set_rx_mode(&self);
    /// `ndo_change_mtu`; the stack already checked the bounds of [`Setup`].
    fn change_mtu(&self, mtu: u32) -> Result;
    /// `ndo_set_mac_address`, with an already validated address.
    fn set_mac_address(&self, mac: MacAddr) -> Result;
    /// NAPI poll of the instance created with `id`.
    fn poll(&self, id: u32, budget: i32) -> i32;
    /// Interrupt of the source requested with `id`; true if handled. `ctx`
    /// takes the handler's `SpinLockIrq`s without touching the interrupt
    /// state when it is already off.
    fn irq(&self, id: u32, ctx: &IrqContext) -> bool;
    /// phylib reports a link change.
    fn adjust_link(&self);
    /// Restarts a running device (scheduled by [`NetDev::schedule_reset`]);
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

    /// `ethtool -K rx on|off`: whether the driver reports the MAC's Rx
    /// checksum verdicts to the stack. Only asked when the setting changes,
    /// and only of drivers that offer `rxcsum` in `hw_features`; on an error
    /// the feature keeps its old value.
    /// Makes the Rx rings fit XDP (`on`: before a first program is
    /// attached) or the stack alone (after the last one went); under RTNL.
    /// A refusal says why in `ext` and changes nothing.
    fn xdp_setup(&self, _on: bool, ext: &mut ExtAck<'_>) -> Result {
        ext.error("nxp-rfl", format_args!("XDP is not supported"));
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

    fn set_rx_csum(&self, _on: bool) -> Result {
        Err(EOPNOTSUPP)
    }
}

/// A [`NetDriver`] whose C entry points [`declare_net_driver!`] defined: the
/// only state type a [`Registration`] may register, since the shim hands
/// every registered device's state to those entry points, which take it as
/// this type.
///
/// # Safety
///
/// Implemented only by `declare_net_driver!`, for the type whose entry
/// points it defines (their symbols are global, so a module has one such
/// type at most).
pub(crate) unsafe trait DeclaredNetDriver: NetDriver {}

/// A registered network device with its driver state `T`.
///
/// # Invariants
///
/// `dev` was allocated by the shim with `rs` equal to `state` and is
/// registered; `state` comes from `KBox::into_raw` and is owned by this value
/// (turned back into a box, and dropped, in `drop`).
pub(crate) struct Registration<T: NetDriver> {
    dev: NetDev,
    state: NonNull<T>,
}

// SAFETY: The state is `Send + Sync` (`NetDriver` bound); the net_device may
// be unregistered from any thread.
unsafe impl<T: NetDriver> Send for Registration<T> {}
// SAFETY: `&Registration` only hands out `&T`, which is `Sync`.
unsafe impl<T: NetDriver> Sync for Registration<T> {}

impl<T: DeclaredNetDriver> Registration<T> {
    /// Allocates a net_device with `txqs`/`rxqs` queues under `parent`,
    /// builds the driver state with `init` and registers the device; `T` is
    /// the type the entry points were declared for ([`DeclaredNetDriver`]).
    pub(crate) fn new(
        parent: &device::Device,
        txqs: u32,
        rxqs: u32,
        init: impl FnOnce(NetDev) -> Result<T>,
    ) -> Result<Self> {
        // SAFETY: `parent` is a valid device; `rs` is set below, before
        // registration makes the device reachable.
        let raw =
            unsafe { ffi::nxp_netdev_alloc(raw_dev(parent), txqs, rxqs, core::ptr::null_mut()) };
        let dev = NetDev(NonNull::new(raw).ok_or(ENOMEM)?);
        let free = |dev: NetDev| {
            // SAFETY: `dev` was allocated above and is not registered.
            unsafe { ffi::nxp_netdev_free(dev.as_raw()) }
        };
        let state = match init(dev).and_then(|s| KBox::new(s, GFP_KERNEL).map_err(Into::into)) {
            Ok(s) => s,
            Err(e) => {
                free(dev);
                return Err(e);
            }
        };
        // The state is handed to C as a raw pointer and never moved again.
        let state = NonNull::new(KBox::into_raw(state)).ok_or(ENOMEM)?;
        // SAFETY: `state` is a heap allocation that stays put until `drop`
        // (or the error path below) turns it back into a box.
        unsafe { ffi::nxp_netdev_set_rs(dev.as_raw(), state.as_ptr().cast()) };
        // SAFETY: The device is fully set up.
        if let Err(e) = to_result(unsafe { ffi::nxp_netdev_register(dev.as_raw()) }) {
            // SAFETY: From `KBox::into_raw` above; C never used it (the device
            // was not registered).
            drop(unsafe { KBox::from_raw(state.as_ptr()) });
            free(dev);
            return Err(e);
        }
        // INVARIANT: allocated, `rs` set to the boxed state, registered.
        Ok(Self { dev, state })
    }
}

impl<T: NetDriver> Registration<T> {
    /// The driver state.
    pub(crate) fn state(&self) -> &T {
        // SAFETY: By the type invariant `state` is a live box owned by `self`.
        unsafe { self.state.as_ref() }
    }

    /// The net_device.
    pub(crate) fn dev(&self) -> NetDev {
        self.dev
    }
}

impl<T: NetDriver> Drop for Registration<T> {
    fn drop(&mut self) {
        // SAFETY: Registered by the type invariant. Unregistering closes the
        // device (ndo_stop), after which no callback runs.
        unsafe { ffi::nxp_netdev_unregister(self.dev.as_raw()) };
        // The state's drop releases its NAPIs and DMA memory while the
        // net_device still exists.
        // SAFETY: By the type invariant `state` came from `KBox::into_raw` and
        // is owned by us; after unregistering, C no longer uses it.
        drop(unsafe { KBox::from_raw(self.state.as_ptr()) });
        // SAFETY: Unregistered, and no `NetDev` copy outlives the state.
        unsafe { ffi::nxp_netdev_free(self.dev.as_raw()) };
    }
}

/// Entry points called by the shim's trampolines (through the functions
/// [`declare_net_driver!`] generates).
///
/// # Safety
///
/// For all of them `rs` must be the `rs` pointer of a net_device registered
/// by [`Registration<T>`], i.e. point to its live `T`.
pub(crate) mod entry {
    use super::*;

    /// # Safety
    ///
    /// See the module documentation.
    unsafe fn state<'a, T: NetDriver>(rs: *mut c_void) -> &'a T {
        // SAFETY: The caller passes the boxed `T` of a live registration.
        unsafe { &*rs.cast::<T>() }
    }

    /// # Safety
    ///
    /// See the module documentation.
    pub(crate) unsafe fn open<T: NetDriver>(rs: *mut c_void) -> c_int {
        // SAFETY: Caller contract.
        from_result(|| unsafe { state::<T>(rs) }.open().map(|()| 0))
    }

    /// # Safety
    ///
    /// See the module documentation.
    pub(crate) unsafe fn stop<T: NetDriver>(rs: *mut c_void) -> c_int {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.stop();
        0
    }

    /// # Safety
    ///
    /// See the module documentation; `skb` is an skb the stack hands over.
    #[inline(always)]
    pub(crate) unsafe fn start_xmit<T: NetDriver>(
        rs: *mut c_void,
        skb: *mut ffi::SkBuff,
        queue: c_uint,
    ) -> c_int {
        // SAFETY: The stack passes ownership of a valid skb.
        let Some(skb) = (unsafe { Skb::from_raw(skb) }) else {
            return 0;
        };
        // SAFETY: Caller contract.
        match unsafe { state::<T>(rs) }.start_xmit(skb, queue) {
            TxVerdict::Ok => 0,
            TxVerdict::Busy(skb) => {
                // The stack keeps ownership on NETDEV_TX_BUSY.
                let _ = skb.into_raw();
                1
            }
        }
    }

    /// # Safety
    ///
    /// See the module documentation; `stats` is valid for writes.
    pub(crate) unsafe fn get_stats64<T: NetDriver>(rs: *mut c_void, stats: *mut Stats) {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs).get_stats64(&mut *stats) }
    }

    /// # Safety
    ///
    /// See the module documentation.
    pub(crate) unsafe fn tx_timeout<T: NetDriver>(rs: *mut c_void, queue: c_uint) {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.tx_timeout(queue)
    }

    /// # Safety
    ///
    /// See the module documentation.
    pub(crate) unsafe fn set_rx_mode<T: NetDriver>(rs: *mut c_void) {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.set_rx_mode()
    }

    /// # Safety
    ///
    /// See the module documentation.
    pub(crate) unsafe fn change_mtu<T: NetDriver>(rs: *mut c_void, mtu: c_int) -> c_int {
        from_result(|| {
            let mtu = u32::try_from(mtu)?;
            // SAFETY: Caller contract.
            unsafe { state::<T>(rs) }.change_mtu(mtu).map(|()| 0)
        })
    }

    /// # Safety
    ///
    /// See the module documentation; `mac` points to ETH_ALEN bytes.
    pub(crate) unsafe fn set_mac_address<T: NetDriver>(rs: *mut c_void, mac: *const u8) -> c_int {
        // SAFETY: `mac` points to ETH_ALEN readable bytes.
        let mac = MacAddr(unsafe { *mac.cast::<[u8; 6]>() });
        // SAFETY: Caller contract.
        from_result(|| unsafe { state::<T>(rs) }.set_mac_address(mac).map(|()| 0))
    }

    /// # Safety
    ///
    /// See the module documentation.
    pub(crate) unsafe fn poll<T: NetDriver>(rs: *mut c_void, id: c_uint, budget: c_int) -> c_int {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.poll(id, budget)
    }

    /// # Safety
    ///
    /// See the module documentation; if `irqs_off`, local interrupts must
    /// stay disabled for the whole call.
    pub(crate) unsafe fn irq<T: NetDriver>(rs: *mut c_void, id: c_uint, irqs_off: bool) -> c_int {
        // INVARIANT: if `irqs_off`, interrupts stay off for the call (caller
        // contract), which outlives `ctx`, a local.
        let ctx = IrqContext {
            irqs_off,
            _cpu_local: NotThreadSafe,
        };
        // SAFETY: Caller contract.
        c_int::from(unsafe { state::<T>(rs) }.irq(id, &ctx))
    }

    /// # Safety
    ///
    /// See the module documentation.
    pub(crate) unsafe fn adjust_link<T: NetDriver>(rs: *mut c_void) {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.adjust_link()
    }

    /// # Safety
    ///
    /// See the module documentation.
    pub(crate) unsafe fn reset<T: NetDriver>(rs: *mut c_void) {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.reset()
    }

    /// # Safety
    ///
    /// See the module documentation.
    pub(crate) unsafe fn dim_apply<T: NetDriver>(
        rs: *mut c_void,
        id: c_uint,
        usecs: u32,
        frames: u32,
    ) {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.dim_apply(id, usecs, frames)
    }

    /// # Safety
    ///
    /// See the module documentation; `c` is valid for writes.
    pub(crate) unsafe fn get_coalesce<T: NetDriver>(rs: *mut c_void, c: *mut Coalesce) -> c_int {
        from_result(|| {
            // SAFETY: Caller contract.
            let v = unsafe { state::<T>(rs) }.get_coalesce()?;
            // SAFETY: `c` is the shim's local.
            unsafe { *c = v };
            Ok(0)
        })
    }

    /// # Safety
    ///
    /// See the module documentation; `c` is valid for reads, `extack` null or
    /// the request's, valid for writes during the call.
    pub(crate) unsafe fn set_coalesce<T: NetDriver>(
        rs: *mut c_void,
        c: *const Coalesce,
        extack: *mut ffi::NetlinkExtAck,
    ) -> c_int {
        // SAFETY: Caller contract: `extack` is null or the request's.
        let mut ext = unsafe { ExtAck::from_raw(extack) };
        // SAFETY: Caller contract; `c` is the shim's local.
        from_result(|| unsafe { state::<T>(rs).set_coalesce(&*c, &mut ext) }.map(|()| 0))
    }

    /// # Safety
    ///
    /// See the module documentation; `r` is valid for writes.
    pub(crate) unsafe fn get_rings<T: NetDriver>(rs: *mut c_void, r: *mut Rings) {
        // SAFETY: Caller contract; `r` is the shim's local.
        unsafe { *r = state::<T>(rs).get_rings() }
    }

    /// # Safety
    ///
    /// See the module documentation; `r` is valid for reads, `extack` null or
    /// the request's, valid for writes during the call.
    pub(crate) unsafe fn set_rings<T: NetDriver>(
        rs: *mut c_void,
        r: *const Rings,
        extack: *mut ffi::NetlinkExtAck,
    ) -> c_int {
        // SAFETY: Caller contract: `extack` is null or the request's.
        let mut ext = unsafe { ExtAck::from_raw(extack) };
        // SAFETY: Caller contract; `r` is the shim's local.
        from_result(|| unsafe { state::<T>(rs).set_rings(&*r, &mut ext) }.map(|()| 0))
    }

    /// # Safety
    ///
    /// See the module documentation; `p` is valid for writes.
    pub(crate) unsafe fn get_pause<T: NetDriver>(rs: *mut c_void, p: *mut Pause) -> c_int {
        // SAFETY: Caller contract.
        match unsafe { state::<T>(rs) }.get_pause() {
            // SAFETY: `p` is the shim's local.
            Ok(v) => unsafe {
                *p = v;
                0
            },
            Err(e) => e.to_errno(),
        }
    }

    /// # Safety
    ///
    /// See the module documentation; `p` is valid for reads.
    pub(crate) unsafe fn set_pause<T: NetDriver>(rs: *mut c_void, p: *const Pause) -> c_int {
        // SAFETY: Caller contract; `p` is the shim's local.
        from_result(|| unsafe { state::<T>(rs).set_pause(&*p) }.map(|()| 0))
    }

    /// # Safety
    ///
    /// See the module documentation.
    pub(crate) unsafe fn stats_count<T: NetDriver>(rs: *mut c_void) -> c_uint {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.stat_names().len() as c_uint
    }

    /// # Safety
    ///
    /// See the module documentation; `i < stats_count`.
    pub(crate) unsafe fn stat_name<T: NetDriver>(
        rs: *mut c_void,
        i: c_uint,
    ) -> *const kernel::ffi::c_char {
        // SAFETY: Caller contract.
        let names = unsafe { state::<T>(rs) }.stat_names();
        names
            .get(i as usize)
            .map_or(c"".as_char_ptr(), |n| n.as_char_ptr())
    }

    /// # Safety
    ///
    /// See the module documentation; `data` holds `n` writable `u64`s.
    pub(crate) unsafe fn stats<T: NetDriver>(rs: *mut c_void, data: *mut u64, n: c_uint) {
        // SAFETY: The shim passes ethtool's buffer of `n` counters.
        let out = unsafe { core::slice::from_raw_parts_mut(data, n as usize) };
        out.fill(0);
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.stats(out)
    }

    /// # Safety
    ///
    /// See the module documentation.
    pub(crate) unsafe fn regs_len<T: NetDriver>(rs: *mut c_void) -> c_uint {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.regs_len() * 4
    }

    /// # Safety
    ///
    /// See the module documentation; `buf` holds `words` writable `u32`s.
    pub(crate) unsafe fn regs<T: NetDriver>(rs: *mut c_void, buf: *mut u32, words: c_uint) {
        // SAFETY: The shim passes ethtool's buffer of `regs_len` bytes.
        let out = unsafe { core::slice::from_raw_parts_mut(buf, words as usize) };
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.regs(out)
    }

    /// # Safety
    ///
    /// See the module documentation.
    pub(crate) unsafe fn get_msglevel<T: NetDriver>(rs: *mut c_void) -> u32 {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.msglevel()
    }

    /// # Safety
    ///
    /// See the module documentation.
    pub(crate) unsafe fn set_msglevel<T: NetDriver>(rs: *mut c_void, level: u32) {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.set_msglevel(level)
    }

    /// # Safety
    ///
    /// See the module documentation.
    pub(crate) unsafe fn gso_ok<T: NetDriver>(
        rs: *mut c_void,
        segs: c_uint,
        nr_frags: c_uint,
    ) -> bool {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.gso_ok(segs, nr_frags)
    }

    /// # Safety
    ///
    /// See the module documentation; `st` is valid for reads and writes.
    pub(crate) unsafe fn std_stats<T: NetDriver>(rs: *mut c_void, queue: c_int, st: *mut StdStats) {
        let q = u32::try_from(queue).ok();
        // SAFETY: Caller contract; `st` is the shim's local.
        unsafe { state::<T>(rs).std_stats(q, &mut *st) }
    }

    /// # Safety
    ///
    /// See the module documentation; `extack` is null or valid.
    pub(crate) unsafe fn xdp_setup<T: NetDriver>(
        rs: *mut c_void,
        on: bool,
        extack: *mut ffi::NetlinkExtAck,
    ) -> c_int {
        // SAFETY: Caller contract.
        let mut ext = unsafe { ExtAck::from_raw(extack) };
        from_result(|| {
            // SAFETY: Caller contract.
            unsafe { state::<T>(rs) }.xdp_setup(on, &mut ext)?;
            Ok(0)
        })
    }

    /// # Safety
    ///
    /// See the module documentation; `frames` holds `n` valid frames the
    /// caller hands over up to the count returned.
    pub(crate) unsafe fn xdp_xmit<T: NetDriver>(
        rs: *mut c_void,
        frames: *mut *mut ffi::XdpFrame,
        n: c_int,
        flush: bool,
    ) -> c_int {
        let n = usize::try_from(n).unwrap_or(0);
        if frames.is_null() || n == 0 {
            return 0;
        }
        // SAFETY: `frames` holds `n` pointers (caller contract).
        let frames = unsafe { core::slice::from_raw_parts(frames, n) };
        // SAFETY: The caller hands the frames over as the driver takes them.
        let mut q = unsafe { XdpXmitQueue::new(frames) };
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.xdp_xmit(&mut q, flush);
        c_int::try_from(q.sent()).unwrap_or(0)
    }

    /// # Safety
    ///
    /// See the module documentation; `pool` is null or a pool the core
    /// binds to the device until it unbinds it.
    pub(crate) unsafe fn xsk_setup<T: NetDriver>(
        rs: *mut c_void,
        pool: *mut ffi::XskBuffPool,
        queue: u16,
    ) -> c_int {
        from_result(|| {
            // SAFETY: Caller contract.
            unsafe { state::<T>(rs) }.xsk_setup(XskPoolRef::from_raw(pool), queue)?;
            Ok(0)
        })
    }

    /// # Safety
    ///
    /// See the module documentation.
    pub(crate) unsafe fn xsk_wakeup<T: NetDriver>(
        rs: *mut c_void,
        queue: u32,
        rx: bool,
        tx: bool,
    ) -> c_int {
        from_result(|| {
            // SAFETY: Caller contract.
            unsafe { state::<T>(rs) }.xsk_wakeup(queue, rx, tx)?;
            Ok(0)
        })
    }

    /// # Safety
    ///
    /// See the module documentation.
    pub(crate) unsafe fn set_rx_csum<T: NetDriver>(rs: *mut c_void, on: bool) -> c_int {
        from_result(|| {
            // SAFETY: Caller contract.
            unsafe { state::<T>(rs) }.set_rx_csum(on)?;
            Ok(0)
        })
    }
}

/// Generates the `nxp_rs_*` entry points of the shim for the driver state
/// type `$t` (one per module; the symbols are local to the module).
macro_rules! declare_net_driver {
    ($t:ty) => {
        // SAFETY: The entry points below are `$t`'s.
        unsafe impl $crate::netdev::net::DeclaredNetDriver for $t {}

        mod nxp_rs_entry_points {
            use super::*;
            use kernel::ffi::{
                c_int,
                c_uint,
                c_void, //
            };
            use $crate::netdev::{
                ffi,
                net::{
                    entry,
                    Coalesce,
                    Pause,
                    Rings,
                    Stats,
                    StdStats, //
                },
            };

            // The shim calls each of these only with the `rs` pointer of a
            // device registered by `Registration<$t>` (the contract of
            // `entry`), and pointer arguments valid as documented there.
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_open(rs: *mut c_void) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::open::<$t>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_stop(rs: *mut c_void) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::stop::<$t>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_start_xmit(
                rs: *mut c_void,
                skb: *mut ffi::SkBuff,
                queue: c_uint,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; the stack hands over `skb`.
                unsafe { entry::start_xmit::<$t>(rs, skb, queue) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_get_stats64(rs: *mut c_void, stats: *mut Stats) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; `stats` is the shim's local.
                unsafe { entry::get_stats64::<$t>(rs, stats) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_tx_timeout(rs: *mut c_void, queue: c_uint) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::tx_timeout::<$t>(rs, queue) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_set_rx_mode(rs: *mut c_void) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::set_rx_mode::<$t>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_change_mtu(rs: *mut c_void, mtu: c_int) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::change_mtu::<$t>(rs, mtu) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_set_mac_address(
                rs: *mut c_void,
                mac: *const u8,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; the shim passes a validated ETH_ALEN address.
                unsafe { entry::set_mac_address::<$t>(rs, mac) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_napi_poll(
                rs: *mut c_void,
                id: c_uint,
                budget: c_int,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::poll::<$t>(rs, id, budget) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; if
            /// `irqs_off`, local interrupts are disabled for the whole call.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_irq(rs: *mut c_void, id: c_uint, irqs_off: bool) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::irq::<$t>(rs, id, irqs_off) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_adjust_link(rs: *mut c_void) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::adjust_link::<$t>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_reset(rs: *mut c_void) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::reset::<$t>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_dim_apply(
                rs: *mut c_void,
                id: c_uint,
                usecs: u32,
                frames: u32,
            ) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::dim_apply::<$t>(rs, id, usecs, frames) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_get_coalesce(rs: *mut c_void, c: *mut Coalesce) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; `c` is the shim's local.
                unsafe { entry::get_coalesce::<$t>(rs, c) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_set_coalesce(
                rs: *mut c_void,
                c: *const Coalesce,
                extack: *mut ffi::NetlinkExtAck,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; `c` is the
                // shim's local, `extack` null or the request's.
                unsafe { entry::set_coalesce::<$t>(rs, c, extack) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_get_rings(rs: *mut c_void, r: *mut Rings) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; `r` is the shim's local.
                unsafe { entry::get_rings::<$t>(rs, r) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_set_rings(
                rs: *mut c_void,
                r: *const Rings,
                extack: *mut ffi::NetlinkExtAck,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; `r` is the
                // shim's local, `extack` null or the request's.
                unsafe { entry::set_rings::<$t>(rs, r, extack) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_get_pause(rs: *mut c_void, p: *mut Pause) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; `p` is the shim's local.
                unsafe { entry::get_pause::<$t>(rs, p) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_set_pause(rs: *mut c_void, p: *const Pause) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; `p` is the shim's local.
                unsafe { entry::set_pause::<$t>(rs, p) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_stats_count(rs: *mut c_void) -> c_uint {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::stats_count::<$t>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_stat_name(
                rs: *mut c_void,
                i: c_uint,
            ) -> *const kernel::ffi::c_char {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; the shim passes `i < count`.
                unsafe { entry::stat_name::<$t>(rs, i) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_stats(rs: *mut c_void, data: *mut u64, n: c_uint) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; ethtool's buffer holds `n` counters.
                unsafe { entry::stats::<$t>(rs, data, n) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_regs_len(rs: *mut c_void) -> c_uint {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::regs_len::<$t>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_regs(rs: *mut c_void, buf: *mut u32, words: c_uint) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; ethtool's buffer holds `words` words.
                unsafe { entry::regs::<$t>(rs, buf, words) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_get_msglevel(rs: *mut c_void) -> u32 {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::get_msglevel::<$t>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_set_msglevel(rs: *mut c_void, level: u32) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::set_msglevel::<$t>(rs, level) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_gso_ok(
                rs: *mut c_void,
                segs: c_uint,
                nr_frags: c_uint,
            ) -> bool {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::gso_ok::<$t>(rs, segs, nr_frags) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_set_rx_csum(rs: *mut c_void, on: bool) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::set_rx_csum::<$t>(rs, on) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`;
            /// `extack` is null or valid.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_xdp_setup(
                rs: *mut c_void,
                on: bool,
                extack: *mut ffi::NetlinkExtAck,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::xdp_setup::<$t>(rs, on, extack) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`;
            /// `frames` holds `n` frames handed over up to the count returned.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_xdp_xmit(
                rs: *mut c_void,
                frames: *mut *mut ffi::XdpFrame,
                n: c_int,
                flush: bool,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::xdp_xmit::<$t>(rs, frames, n, flush) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`;
            /// `pool` is null or a pool bound until it is unbound.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_xsk_setup(
                rs: *mut c_void,
                pool: *mut ffi::XskBuffPool,
                queue: u16,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::xsk_setup::<$t>(rs, pool, queue) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_xsk_wakeup(
                rs: *mut c_void,
                queue: u32,
                rx: bool,
                tx: bool,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::xsk_wakeup::<$t>(rs, queue, rx, tx) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; `st`
            /// is valid for reads and writes.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_std_stats(
                rs: *mut c_void,
                queue: c_int,
                st: *mut StdStats,
            ) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; `st` is the shim's local.
                unsafe { entry::std_stats::<$t>(rs, queue, st) }
            }
        }
    };
}
pub(crate) use declare_net_driver;
