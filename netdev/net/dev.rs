// SPDX-License-Identifier: GPL-2.0

//! The `struct net_device` handle: its features, set-up, carrier, PHY and
//! statistics helpers.

use super::*;

/// A registered or registering `struct net_device`, alive for `'a`.
///
/// The lifetime ties every handle to its [`Registration`]: the driver state
/// a registration builds is generic over it (`DeclaredNetDriver::State`),
/// so a copy kept anywhere else, in a `static` or a longer-lived variable,
/// does not compile. A handle leaked with `mem::forget` (an `Irq`, a `Napi`,
/// a `PagePool`) cannot reach a freed state either: unregistering detaches
/// the state from the shim's callbacks, and freeing the device releases the
/// shim's part of what was leaked ([`Registration`]).
///
/// # Invariants
///
/// `0` points to a `net_device` allocated by [`Registration::new`] that is
/// not freed before `'a` ends; the registration's own copy, typed
/// `'static`, is the exception its type invariant describes.
#[derive(Clone, Copy)]
pub(crate) struct NetDev<'a>(
    pub(super) NonNull<ffi::NetDevice>,
    pub(super) PhantomData<&'a ffi::NetDevice>,
);

// SAFETY: A `net_device` may be used from any thread; the methods below are
// the kernel's thread-safe accessors.
unsafe impl Send for NetDev<'_> {}
// SAFETY: See `Send`.
unsafe impl Sync for NetDev<'_> {}

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
    /// 802.1Q tags of received frames to the skb's VLAN field.
    pub(crate) vlan_rx: bool,
    /// 802.1Q tags of sent packets left in the skb's VLAN field, for the
    /// MAC to insert ([`TxOffloads::vlan`](crate::netdev::skb::TxOffloads::vlan)).
    pub(crate) vlan_tx: bool,
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
            (self.vlan_rx, ffi::NXP_F_VLAN_RX),
            (self.vlan_tx, ffi::NXP_F_VLAN_TX),
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

/// The level of a message about a device ([`NetDev::log`]).
#[derive(Clone, Copy)]
pub(crate) enum LogLevel {
    /// `netdev_err()`.
    Err,
    /// `netdev_warn()`.
    Warn,
    /// `netdev_info()`.
    Info,
}

/// Prints a message about a [`NetDev`] at a [`LogLevel`], prefixed with the
/// driver's and the device's names as `netdev_printk()` prints them (the
/// macros below).
macro_rules! netdev_log {
    ($level:ident, $dev:expr, $($f:tt)*) => {
        $crate::netdev::net::NetDev::log(
            $dev,
            $crate::netdev::net::LogLevel::$level,
            ::kernel::prelude::fmt!($($f)*),
        )
    };
}
/// Prints an error message about a [`NetDev`] (`netdev_err()`).
macro_rules! netdev_err {
    ($($t:tt)*) => { $crate::netdev::net::netdev_log!(Err, $($t)*) };
}
/// Prints a warning about a [`NetDev`] (`netdev_warn()`).
macro_rules! netdev_warn {
    ($($t:tt)*) => { $crate::netdev::net::netdev_log!(Warn, $($t)*) };
}
/// Prints a warning about a [`NetDev`] once per call site
/// (`netdev_warn_once()`).
macro_rules! netdev_warn_once {
    ($($t:tt)*) => { ::kernel::do_once_lite! { $crate::netdev::net::netdev_log!(Warn, $($t)*) } };
}
/// Prints an informational message about a [`NetDev`] (`netdev_info()`).
macro_rules! netdev_info {
    ($($t:tt)*) => { $crate::netdev::net::netdev_log!(Info, $($t)*) };
}
pub(crate) use {
    netdev_err,
    netdev_info,
    netdev_log,
    netdev_warn,
    netdev_warn_once, //
};

impl<'a> NetDev<'a> {
    pub(crate) fn as_raw(self) -> *mut ffi::NetDevice {
        self.0.as_ptr()
    }

    /// Prints `args` at `level`, prefixed with the driver's and the
    /// device's names (the [`netdev_err!`] family).
    pub(crate) fn log(self, level: LogLevel, args: core::fmt::Arguments<'_>) {
        let level = match level {
            LogLevel::Err => ffi::NXP_LOG_ERR,
            LogLevel::Warn => ffi::NXP_LOG_WARN,
            LogLevel::Info => ffi::NXP_LOG_INFO,
        };
        // SAFETY: Valid net_device (type invariant); the "%pA" format the
        // shim prints with takes a pointer to `fmt::Arguments`, read during
        // the call only.
        unsafe {
            ffi::nxp_netdev_log(
                self.as_raw(),
                level,
                core::ptr::from_ref(&args).cast::<c_void>(),
            )
        }
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
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
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

    /// Whether VLAN Rx offload is on (the user toggles it:
    /// `ethtool -K rxvlan`).
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn vlan_rx(self) -> bool {
        // SAFETY: Valid net_device; the helper reads one field.
        unsafe { ffi::nxp_netdev_vlan_rx(self.as_raw()) }
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
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
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

    /// The MAC can wake the system on a magic packet: `ethtool -s wol g`
    /// is offered (and `wol d`), and [`NetDriver::suspend`] is told when it
    /// is on. Before registration.
    pub(crate) fn set_wol_magic(self) {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_netdev_set_wol_supported(self.as_raw(), kernel::bindings::WAKE_MAGIC) }
    }

    /// The driver has a PTP hardware clock that can be adjusted by up to
    /// `max_adj_ppb`, with the outputs `outputs` (its `NetDriver::ptp_*`
    /// methods): registered with the device, with hardware timestamping
    /// offered (`NetDriver::hwtstamp_*`; `ethtool -T` names the clock).
    /// Before registration.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn set_ptp(self, max_adj_ppb: i32, outputs: PtpOutputs) {
        // SAFETY: Valid net_device, not registered yet (the clock's
        // operations reach the state only once registration set it).
        unsafe {
            ffi::nxp_netdev_set_ptp(self.as_raw(), max_adj_ppb, outputs.pps, outputs.periodic)
        }
    }

    /// A pulse of the PTP clock's PPS output, to the PTP core (which hands
    /// it to its PPS source). From the output's interrupt handler; the
    /// driver's [`NetDriver::ptp_stop`] turns the output off before the
    /// clock goes, and nothing happens once it is gone.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn ptp_pps_event(self) {
        // SAFETY: Valid net_device; the shim reads its clock pointer once
        // (NULL once unregistered) and the driver's `ptp_stop` ends this
        // caller's handler before the clock is unregistered.
        unsafe { ffi::nxp_netdev_ptp_pps_event(self.as_raw()) }
    }

    /// Tells the Tx watchdog the device made progress.
    pub(crate) fn trans_update(self) {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_netif_trans_update(self.as_raw()) }
    }

    /// Tx queue `idx` (an index past the device's queues is a driver bug:
    /// the shim warns once and gives queue 0).
    pub(crate) fn txq(self, idx: u32) -> TxQueue<'a> {
        // SAFETY: Valid net_device; the shim bounds the index.
        let q = unsafe { ffi::nxp_netdev_txq(self.as_raw(), idx) };
        // INVARIANT: a queue of a live net_device lives as long as it.
        TxQueue(
            NonNull::new(q).expect("netdev_get_tx_queue() never returns NULL"),
            PhantomData,
        )
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

    /// Starts / stops the PHY state machine; without a connected PHY (a
    /// driver bug) the shim warns and does nothing.
    pub(crate) fn phy_start(self) {
        // SAFETY: Valid net_device; the shim checks for the PHY.
        unsafe { ffi::nxp_phy_start(self.as_raw()) }
    }

    /// Re-initializes the PHY after system sleep, which may have reset it
    /// (its settings, interrupts), before [`NetDev::phy_start`].
    pub(crate) fn phy_init_hw(self) {
        // SAFETY: Valid net_device; the shim checks for the PHY.
        unsafe { ffi::nxp_phy_init_hw(self.as_raw()) }
    }

    pub(crate) fn phy_stop(self) {
        // SAFETY: Valid net_device; the shim checks for the PHY.
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
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn phy_pause(self) -> bool {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_phy_pause(self.as_raw()) }
    }

    /// The multicast filter: `all` when `IFF_ALLMULTI` is set or the list
    /// is longer than 64 addresses, otherwise `add` applied to an empty
    /// filter for each address. `rx_mode`: called from
    /// [`NetDriver::set_rx_mode`], which runs with the address list locked;
    /// otherwise it is locked here.
    pub(crate) fn mc_filter<H: Default>(
        self,
        rx_mode: Option<&RxModeCtx>,
        all: H,
        mut add: impl FnMut(&mut H, &[u8; 6]),
    ) -> H {
        if self.allmulti() {
            return all;
        }
        let mut list = [[0u8; 6]; 64];
        let n = self.mc_list(&mut list, rx_mode);
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
    /// `rx_mode` as for [`NetDev::mc_filter`].
    pub(crate) fn mc_list(self, out: &mut [[u8; 6]], rx_mode: Option<&RxModeCtx>) -> usize {
        let max = u32::try_from(out.len()).unwrap_or(u32::MAX);
        // SAFETY: Valid net_device; `out` is writable for `max * ETH_ALEN`
        // bytes (`[[u8; 6]]` is contiguous); the list is locked by the stack
        // with `rx_mode` (`RxModeCtx`), by the shim without.
        let n = unsafe {
            ffi::nxp_netdev_mc_copy(
                self.as_raw(),
                out.as_mut_ptr().cast(),
                max,
                rx_mode.is_some(),
            )
        };
        n as usize
    }

    /// Advertises symmetric pause `rx`/`tx` (with `autoneg`) on the PHY.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn phy_set_sym_pause(self, rx: bool, tx: bool, autoneg: bool) {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_phy_set_sym_pause(self.as_raw(), rx, tx, autoneg) }
    }

    /// Advertises Rx and Tx pause separately (Pause and Asym_Pause bits),
    /// keeping the rest of the advertisement; renegotiates if it changed.
    #[cfg_attr(nxp_fec, expect(dead_code))]
    pub(crate) fn phy_set_asym_pause(self, rx: bool, tx: bool) {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_phy_set_asym_pause(self.as_raw(), rx, tx) }
    }

    /// Whether the attached PHY can advertise this pause combination (false
    /// without a PHY).
    #[cfg_attr(nxp_fec, expect(dead_code))]
    pub(crate) fn phy_validate_pause(self, rx: bool, tx: bool) -> bool {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_phy_validate_pause(self.as_raw(), rx, tx) }
    }

    /// The pause directions both ends agreed on from their advertisements,
    /// `(rx, tx)` (802.3 Annex 28B resolution).
    #[cfg_attr(nxp_fec, expect(dead_code))]
    pub(crate) fn phy_resolved_pause(self) -> (bool, bool) {
        // SAFETY: Valid net_device.
        let f = u32::from(unsafe { ffi::nxp_phy_resolve_pause(self.as_raw()) });
        (
            f & kernel::bindings::FLOW_CTRL_RX != 0,
            f & kernel::bindings::FLOW_CTRL_TX != 0,
        )
    }

    /// Restarts autonegotiation.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
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
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn phy_support_eee(self) {
        // SAFETY: Valid net_device.
        unsafe { ffi::nxp_phy_support_eee(self.as_raw()) }
    }

    /// With the link's EEE on and Tx LPI enabled, the idle time (us) after
    /// which the MAC is to enter LPI. From `adjust_link`.
    #[cfg_attr(nxp_gianfar, expect(dead_code))]
    pub(crate) fn phy_tx_lpi(self) -> Option<u32> {
        let mut us = 0;
        // SAFETY: Valid net_device; `us` is a local.
        unsafe { ffi::nxp_phy_tx_lpi(self.as_raw(), &mut us) }.then_some(us)
    }
}
