// SPDX-License-Identifier: GPL-2.0

//! The driver state of one eTSEC and its interrupt groups, the platform
//! driver and its probe.

use crate::coalesce_dim::Coalescing;
use crate::gianfar::{
    coalesce::Ic,
    desc,
    regs::{self},
    rx::RxRing,
    stats::GroupStats,
    tx::TxBds, //
};
use crate::knobs::{
    self,
    Debug, //
};
use crate::module_parameters;
use crate::netdev::{
    debugfs::{
        Knob,
        Value, //
    },
    dma::{
        self,
        DmaDevice, //
    },
    mmio::Mmio,
    net::{
        netdev_info,
        Features,
        IrqContext,
        MsgLevel,
        NetDev,
        Registration,
        Setup, //
    },
    of::{
        machine_is_compatible,
        Node, //
    },
    poll::{
        Irq,
        Napi,
        RxNapi, //
    },
    sync::{
        new_shim_spinlock,
        ShimSpinLock, //
    },
    xdp::XdpStats,
    MacAddr, //
};
use crate::ring::RingConfig;
use crate::txring::{
    self,
    path::TxChannel,
    TsoLimit, //
};
use core::sync::atomic::{
    AtomicBool,
    AtomicU32, //
};
use kernel::{
    device::{
        self,
        Core, //
    },
    new_spinlock,
    new_spinlock_irq,
    of,
    platform,
    prelude::*,
    sync::{
        SpinLock,
        SpinLockIrq, //
    }, //
};

/// How the device tree describes the controller (`enum gfar_mode` in C).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mode {
    /// `gianfar`: registers and interrupts on the node itself.
    SingleGroup,
    /// `fsl,etsec2`: one `queue-group` child node per interrupt group.
    MultiGroup,
}

/// Most interrupt groups an eTSEC has (`MAXGROUPS`).
pub(crate) const MAX_GROUPS: usize = 2;

/// Default ring sizes (`DEFAULT_TX_RING_SIZE`, `DEFAULT_RX_RING_SIZE`).
pub(crate) const DEFAULT_TX_RING: u32 = 256;
pub(crate) const DEFAULT_RX_RING: u32 = 256;
/// Largest rings (`GFAR_TX_MAX_RING_SIZE`, `GFAR_RX_MAX_RING_SIZE`).
pub(crate) const MAX_RING: u32 = 256;

/// Default link speed assumed for coalescing before a PHY reports one.
pub(crate) const DEFAULT_SPEED_MBPS: u32 = 1000;

/// Rx buffer geometry: 2 KiB page_pool buffers (half a page, as the C
/// driver's `GFAR_RXB_TRUESIZE`), written `RX_HEADROOM` bytes into (eTSEC
/// needs 64-byte aligned buffers, `RXBUF_ALIGNMENT`), `RX_BUF_LEN` bytes
/// each (MRBLR, a multiple of 64); longer frames span buffers.
pub(crate) const RX_HEADROOM: u32 = 64;
/// The headroom with an XDP program: `XDP_PACKET_HEADROOM` (64-byte aligned
/// too) in front of the frame control block; the buffers are whole pages.
pub(crate) const RX_HEADROOM_XDP: u32 = crate::netdev::xdp::XDP_PACKET_HEADROOM;
pub(crate) const RX_BUF_LEN: u32 = 1536;
/// The most a descriptor reports for its own buffer: MRBLR on the eTSEC;
/// QEMU's model writes the Rx FCB and padding on top of MRBLR bytes in a
/// frame's first buffer, and up to the FCS's 4 bytes more (the buffers have
/// the room).
pub(crate) const RX_BUF_SPACE: u32 = RX_BUF_LEN + desc::RX_PREFIX + desc::FCS_LEN;
// The IP header of a received frame is 4-byte aligned.
const _: () = assert!((RX_HEADROOM + desc::RX_PREFIX + desc::ETH_HLEN) % 4 == 0);
/// Largest MTU: its frames with a VLAN tag and the FCS stay 2 bytes below
/// MAXFRM (eTSEC74: frames of MAXFRM or MAXFRM - 1 bytes are flagged
/// truncated; QEMU flags frames of MAXFRM). The C driver's
/// `GFAR_JUMBO_FRAME_SIZE - ETH_HLEN` (9586) admits MTUs whose full-size
/// frames MAXFRM refuses.
pub(crate) const MAX_MTU: u32 =
    desc::MAX_FRAME - desc::ETH_HLEN - desc::VLAN_HLEN - desc::FCS_LEN - 2;
const _: () = assert!(desc::maxfrm(MAX_MTU) == desc::MAX_FRAME);
/// Smallest MTU (`ETH_MIN_MTU`).
pub(crate) const MIN_MTU: u32 = 68;
/// Tx watchdog (`TX_TIMEOUT`, 5 s).
pub(crate) const TX_TIMEOUT_MS: u32 = 5000;

/// Interrupt sources of a group, as `id`s passed to [`NetDriver::irq`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    Tx = 0,
    Rx = 1,
    Err = 2,
}

pub(crate) const fn irq_id(group: usize, s: Source) -> u32 {
    (group as u32) * 4 + s as u32
}

/// NAPI instances of a group, as `id`s passed to [`NetDriver::poll`].
pub(crate) const fn napi_id(group: usize, tx: bool) -> u32 {
    (group as u32) * 2 + tx as u32
}

/// One interrupt group: a register page, its interrupts, its two NAPIs and
/// its rings.
pub(crate) struct Group<'a> {
    pub(crate) index: usize,
    pub(crate) regs: regs::Regs,
    pub(crate) irq_tx: u32,
    pub(crate) irq_rx: Option<u32>,
    pub(crate) irq_err: Option<u32>,
    /// IMASK, its updates serialized between the Rx and Tx halves (hard
    /// interrupt and softirq context): `grp->grplock` in C. Cached, so
    /// masking needs no MMIO read.
    pub(crate) imask: regs::ImaskReg,
    /// The group's Tx queue of the `net_device`, its ring and NAPI.
    pub(crate) tx: TxChannel<'a, TxBds>,
    /// The Rx ring, used by the Rx NAPI only (and by open/stop with NAPI off).
    pub(crate) rx: Pin<KBox<ShimSpinLock<Option<RxRing<'a>>>>>,
    /// Interrupts requested while the interface is up.
    pub(crate) irqs: Pin<KBox<SpinLock<KVec<Irq<'a>>>>>,
    // The NAPIs are dropped after the rings (a ring's page pool points at
    // its NAPI).
    pub(crate) rx_napi: RxNapi<'a>,
    /// Errors reported by the error interrupt.
    pub(crate) err_events: AtomicU32,
    /// Counters, updated once per poll (or per dropped packet), read by
    /// `ndo_get_stats64` without taking the ring locks.
    pub(crate) stats: GroupStats,
}

/// Settings changed through ethtool.
#[derive(Clone, Copy)]
pub(crate) struct Cfg {
    pub(crate) rings: RingConfig,
    /// Rx buffers laid out for XDP (an XDP program is attached).
    pub(crate) xdp: bool,
    /// Interrupt coalescing (`ethtool -C`, fixed or adaptive).
    pub(crate) coal: Coalescing<Ic>,
    pub(crate) pause: PauseCfg,
}

/// Pause (flow control) settings of `ethtool -A` (the C defaults: both
/// directions, autonegotiated).
#[derive(Clone, Copy)]
pub(crate) struct PauseCfg {
    pub(crate) autoneg: bool,
    pub(crate) rx: bool,
    pub(crate) tx: bool,
}

/// The driver state of one eTSEC (the `net_device`'s private part).
#[pin_data(PinnedDrop)]
pub(crate) struct Gfar<'a> {
    pub(crate) dev: NetDev<'a>,
    pub(crate) dma: DmaDevice,
    pub(crate) node: Node,
    pub(crate) mode: Mode,
    pub(crate) groups: KVec<Group<'a>>,
    /// Taken under RTNL (ethtool, open) and briefly elsewhere.
    #[pin]
    pub(crate) cfg: SpinLock<Cfg>,
    /// Packets the current Tx rings take in one piece, for `gso_ok`.
    pub(crate) tso_limit: TsoLimit,
    pub(crate) msglevel: MsgLevel,
    /// Interface up (between a successful open and stop).
    pub(crate) up: AtomicBool,
    /// Last link state seen by `adjust_link`: speed (0 = down) and duplex.
    #[pin]
    pub(crate) link: SpinLock<(u32, bool)>,
    /// One NAPI for Rx and Tx completion per group (module parameter
    /// `combined_napi`, for comparisons; the Tx NAPIs then stay idle).
    pub(crate) combined_napi: bool,
    /// Rx checksum offload on (`NETIF_F_RXCSUM`, `ethtool -K rx`): the
    /// parser's verdicts in the Rx FCB go to the stack. The parser itself
    /// always runs (it only reports, it drops nothing), so switching needs
    /// no restart.
    pub(crate) rx_csum: AtomicBool,
    /// VLAN tag extraction on (`NETIF_F_HW_VLAN_CTAG_RX`, `ethtool -K
    /// rxvlan`; on by default, as in the C gianfar): `RCTRL[VLEX]`, set
    /// when the MAC is programmed, so a switch restarts the controller.
    pub(crate) vlan_rx: AtomicBool,
    /// VLAN tag insertion on (`NETIF_F_HW_VLAN_CTAG_TX`, `ethtool -K
    /// txvlan`; off by default, as in the C gianfar): `TCTRL[VLINS]`, set
    /// when the MAC is programmed, so a switch restarts the controller;
    /// packets then come with their tag in the skb, for the Tx FCB.
    pub(crate) vlan_tx: AtomicBool,
    /// Serializes read-modify-write of RCTRL (`ndo_set_rx_mode` runs in
    /// atomic context); taken after the address list lock, never before.
    #[pin]
    pub(crate) rctrl_lock: SpinLockIrq<()>,
    /// debugfs `gianfar_rs-<base>/`: TXIC/RXIC as last written (QEMU does
    /// not keep them), the hash filter bits set, the Tx mapping failures
    /// injected after other mappings, and test knobs: Rx allocation failures
    /// (and how many to let pass first), a stalled transmitter (no doorbells
    /// until the Tx-timeout reset clears it), and Tx mapping failures.
    pub(crate) debug: Debug,
    /// The XDP counters of all groups.
    pub(crate) xdp_stats: XdpStats,
    /// Running on QEMU's eTSEC model (the machine QEMU's ppce500 describes,
    /// `fsl,qemu-e500`): the workarounds of [`Gfar::resume_rx`] that would
    /// not be safe on silicon apply.
    pub(crate) qemu_model: bool,
    /// Asleep in magic packet mode (`gianfar/pm.rs`): halted with the
    /// rings and interrupts kept, the PHY running.
    pub(crate) wol_sleep: AtomicBool,
}

/// The driver's own debugfs value and knob (the others: [`crate::knobs`]).
pub(crate) const DBG_GADDR_SET: Value<2> = Value;
pub(crate) const DBG_FAIL_RX_ALLOC_SKIP: Knob<2> = Knob;

/// The platform driver's data for a bound eTSEC.
pub(crate) struct Etsec {
    pub(crate) net: Registration<GfarNet>,
}

/// The platform driver.
pub(crate) struct GianfarRs;

kernel::of_device_table!(
    OF_TABLE,
    <GianfarRs as platform::Driver>::IdInfo,
    [
        (of::DeviceId::new(c"fsl,etsec2"), Mode::MultiGroup),
        (of::DeviceId::new(c"gianfar"), Mode::SingleGroup),
    ]
);

crate::netdev::net::declare_net_driver!(GfarNet => Gfar);

/// What probe finds of a group before the net_device exists.
struct GroupHw {
    regs: regs::Regs,
    irq_tx: u32,
    irq_rx: Option<u32>,
    irq_err: Option<u32>,
}

impl GroupHw {
    /// Maps the registers and interrupts described by `np` (the controller
    /// node or one of its `queue-group` children).
    fn probe(np: &Node) -> Result<GroupHw> {
        Ok(GroupHw {
            regs: Mmio::map(np, 0, c"gianfar_rs")?,
            irq_tx: np.irq(0)?,
            irq_rx: np.irq(1).ok(),
            irq_err: np.irq(2).ok(),
        })
    }
}

impl<'a> Group<'a> {
    /// Group `index` of `dev` on `hw`: its NAPIs, its Tx channel (reclaimed
    /// by the Rx NAPI with `combined_napi`), no rings yet.
    fn new(index: usize, hw: GroupHw, dev: NetDev<'a>, combined_napi: bool) -> Result<Self> {
        let rx_irq = hw.irq_rx.or(Some(hw.irq_tx));
        let rx_napi = RxNapi::new(dev, napi_id(index, false), rx_irq)?;
        let tx = TxChannel::new(
            dev,
            index as u32,
            Napi::new(dev, napi_id(index, true), true, Some(hw.irq_tx))?,
            combined_napi.then_some(&*rx_napi),
        )?;
        Ok(Group {
            index,
            rx_napi,
            regs: hw.regs,
            irq_tx: hw.irq_tx,
            irq_rx: hw.irq_rx,
            irq_err: hw.irq_err,
            imask: regs::ImaskReg::new(regs::IMASK)?,
            tx,
            rx: KBox::pin_init(new_shim_spinlock!(None), GFP_KERNEL)?,
            irqs: KBox::pin_init(new_spinlock!(KVec::new()), GFP_KERNEL)?,
            err_events: AtomicU32::new(0),
            stats: GroupStats::default(),
        })
    }

    /// From an interrupt handler: schedules `napi` with its sources `mask`
    /// masked. If it cannot be scheduled (already running, or disabled) the
    /// sources are masked all the same: the events stay pending for the poll
    /// that unmasks them.
    #[inline]
    pub(crate) fn schedule(&self, napi: &Napi<'_>, mask: u32, ctx: &IrqContext) {
        // (All of `mask` masked, whichever of its sources is unmasked.)
        self.imask.take_schedule(&self.regs, ctx, mask, napi);
    }

    /// Sets `bits` of IMASK (unmasks those sources).
    pub(crate) fn unmask(&self, bits: u32) {
        self.imask.unmask(&self.regs, bits);
    }

    /// Writes IMASK (and its cached copy).
    pub(crate) fn set_imask(&self, bits: u32) {
        self.imask.set(&self.regs, bits);
    }
}

/// What probe finds of an eTSEC before its `net_device` exists.
struct Hw {
    dma: DmaDevice,
    node: Node,
    mode: Mode,
    groups: KVec<GroupHw>,
    rings: RingConfig,
    combined_napi: bool,
}

impl GroupHw {
    /// The groups of the controller `node` describes in `mode`: the node
    /// itself, or up to [`MAX_GROUPS`] `queue-group` children; each logged.
    fn probe_all(dev: &device::Device, node: &Node, mode: Mode) -> Result<KVec<GroupHw>> {
        let mut hw = KVec::new();
        match mode {
            Mode::SingleGroup => hw.push(GroupHw::probe(node)?, GFP_KERNEL)?,
            Mode::MultiGroup => {
                for child in node.children_named(c"queue-group") {
                    if hw.len() == MAX_GROUPS {
                        dev_warn!(
                            dev,
                            "more than {MAX_GROUPS} queue groups, ignoring the rest\n"
                        );
                        break;
                    }
                    hw.push(GroupHw::probe(&child)?, GFP_KERNEL)?;
                }
            }
        }
        if hw.is_empty() {
            dev_err!(dev, "no queue-group node\n");
            return Err(ENODEV);
        }
        for (i, g) in hw.iter().enumerate() {
            dev_info!(
                dev,
                "group {i}: regs {:#x}+{:#x} (TSEC_ID {:#010x} TSEC_ID2 {:#010x}), irq tx {} rx {:?} err {:?}\n",
                g.regs.start(),
                g.regs.size(),
                g.regs.read(regs::TSEC_ID),
                g.regs.read(regs::TSEC_ID2),
                g.irq_tx,
                g.irq_rx,
                g.irq_err
            );
        }
        Ok(hw)
    }
}

/// The MAC address: the device tree's, else a random one.
fn mac_address(dev: &device::Device, node: &Node) -> MacAddr {
    match node.mac_address() {
        Ok(mac) => {
            dev_info!(dev, "mac {mac} (device tree)\n");
            mac
        }
        Err(_) => {
            let mac = MacAddr::random();
            dev_info!(dev, "mac {mac} (random: none in the device tree)\n");
            mac
        }
    }
}

impl<'a> Gfar<'a> {
    /// Sets `ndev` up for the eTSEC `hw` and builds its driver state
    /// (debugfs directory `debug_name`, MAC address `mac`); the PHY is not
    /// connected yet.
    fn new(
        ndev: NetDev<'a>,
        hw: Hw,
        debug_name: &CStr,
        mac: MacAddr,
    ) -> Result<impl PinInit<Self, Error>> {
        let Hw {
            dma,
            node,
            mode,
            groups: groups_hw,
            rings,
            combined_napi,
        } = hw;
        ndev.setup(&Setup {
            hw_features: Features {
                sg: true,
                ip_csum: true,
                rxcsum: true,
                tso: true,
                vlan_rx: true,
                vlan_tx: true,
                ..Default::default()
            },
            features: Features {
                sg: true,
                ip_csum: true,
                rxcsum: true,
                highdma: true,
                tso: true,
                vlan_rx: true,
                ..Default::default()
            },
            min_mtu: MIN_MTU,
            max_mtu: MAX_MTU,
            needed_headroom: desc::FCB_LEN as u32,
            watchdog_ms: TX_TIMEOUT_MS,
        });
        let tso_limit = TsoLimit::new();
        tso_limit.set(ndev, rings.thresholds.stop());
        ndev.set_mac(mac);
        ndev.set_xdp_features(true, false);
        let mut groups = KVec::with_capacity(groups_hw.len(), GFP_KERNEL)?;
        for (i, h) in groups_hw.into_iter().enumerate() {
            groups.push(Group::new(i, h, ndev, combined_napi)?, GFP_KERNEL)?;
        }
        let cfg = Cfg {
            rings,
            xdp: false,
            coal: Coalescing::new(Ic::DEFAULT_RX, Ic::DEFAULT_TX),
            pause: PauseCfg {
                autoneg: true,
                rx: true,
                tx: true,
            },
        };
        let debug = knobs::create(debug_name, c"gaddr_bits", c"fail_rx_alloc_skip")?;
        Ok(try_pin_init!(Gfar {
            dev: ndev,
            dma,
            node,
            mode,
            groups,
            xdp_stats: XdpStats::new(),
            cfg <- new_spinlock!(cfg),
            tso_limit,
            msglevel: MsgLevel::new(),
            up: AtomicBool::new(false),
            link <- new_spinlock!((0, false)),
            rctrl_lock <- new_spinlock_irq!(()),
            combined_napi,
            rx_csum: AtomicBool::new(true),
            vlan_rx: AtomicBool::new(true),
            vlan_tx: AtomicBool::new(false),
            debug,
            qemu_model: machine_is_compatible(c"fsl,qemu-e500"),
            wol_sleep: AtomicBool::new(false),
        }? Error))
    }
}

impl platform::Driver for GianfarRs {
    type IdInfo = Mode;
    type Data<'bound> = Etsec;
    const OF_ID_TABLE: Option<of::IdTable<Self::IdInfo>> = Some(&OF_TABLE);

    fn probe<'bound>(
        pdev: &'bound platform::Device<Core<'_>>,
        info: Option<&'bound Self::IdInfo>,
    ) -> impl PinInit<Self::Data<'bound>, Error> + 'bound {
        // SAFETY: The first thing probe does: no DMA allocation or mapping of
        // this device exists yet, and none runs before probe makes them.
        #[allow(unsafe_code)]
        let (dev, mode, node) = unsafe { dma::probe_start(pdev, info) }?;
        // "gianfar" also names the MDIO nodes of some SoCs; only
        // `device_type = "network"` is an Ethernet controller (as in C).
        if mode == Mode::SingleGroup && !node.is_type(c"network") {
            return Err(ENODEV);
        }

        let hw = GroupHw::probe_all(dev, &node, mode)?;
        let mac = mac_address(dev, &node);

        // A packet takes one BD per fragment plus one for the linear part
        // (the frame control block is pushed into the headroom, not a BD);
        // with software TSO a share of the ring.
        let rings = RingConfig::new(
            DEFAULT_TX_RING,
            DEFAULT_RX_RING,
            |n| txring::max_packet_descs(true, n),
            MAX_RING,
        )
        .map_err(|_| EINVAL)?;
        dev_info!(dev, "rings: {rings}\n");
        let (tx_us, tx_frames) = Ic::DEFAULT_TX.to_ethtool(DEFAULT_SPEED_MBPS);
        dev_info!(
            dev,
            "{:?}, {} group(s); default Tx coalescing {tx_frames} frames / {tx_us} us\n",
            mode,
            hw.len()
        );

        let debug_name =
            kernel::str::CString::try_from_fmt(fmt!("gianfar_rs-{:x}", hw[0].regs.start()))?;
        let combined_napi = module_parameters::combined_napi.value();
        if combined_napi {
            dev_info!(dev, "combined Rx/Tx NAPI (combined_napi=1)\n");
        }
        let ngroups = hw.len() as u32;
        let hw = Hw {
            dma: DmaDevice::new(dev),
            node,
            mode,
            groups: hw,
            rings,
            combined_napi,
        };
        // Last, after every fallible step: from here on `Gfar`'s drop
        // disconnects the PHY (an error after the connect would leave it
        // attached to a freed net_device).
        let attach = |state: &Gfar<'_>| -> Result {
            state.dev.phy_connect(&state.node)?;
            state.dev.phy_mac_caps(true, true);
            // Magic packet wake-up: every eTSEC (`model = "eTSEC"`), or
            // as the device tree says (`FSL_GIANFAR_DEV_HAS_MAGIC_PACKET`).
            if state.node.string_is(c"model", c"eTSEC") || state.node.read_bool(c"fsl,magic-packet")
            {
                state.dev.set_wol_magic();
            }
            Ok(())
        };
        let net = Registration::new(
            dev,
            ngroups,
            ngroups,
            move |ndev| KBox::pin_init(Gfar::new(ndev, hw, &debug_name, mac)?, GFP_KERNEL),
            attach,
        )?;
        dev_info!(
            dev,
            "registered, {} Tx / {} Rx queue(s)\n",
            ngroups,
            ngroups
        );
        Ok(Etsec { net })
    }
}

// (`pinned_drop` implements the `unsafe` trait `PinnedDrop` for us.)
#[allow(unsafe_code)]
#[pinned_drop]
impl<'a> PinnedDrop for Gfar<'a> {
    fn drop(self: Pin<&mut Self>) {
        self.dev.phy_disconnect(&self.node);
    }
}

impl Drop for Etsec {
    fn drop(&mut self) {
        let (mode, groups) = self.net.with_state(|s| (s.mode, s.groups.len()));
        netdev_info!(
            self.net.dev(),
            "releasing {:?} controller {} ({} group(s))\n",
            mode,
            self.net.dev().mac(),
            groups
        );
    }
}
