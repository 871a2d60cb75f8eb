// SPDX-License-Identifier: GPL-2.0

//! The driver state of one ENET, the platform driver and its probe.

use crate::fec::{
    coalesce::Itr,
    desc,
    mac::FecMdio,
    quirks::{
        self,
        Quirks,
        Variant, //
    },
    regs::{
        self,
        ecr,
        ievent, //
    },
    rx::RxRing,
    stats::FecStats,
    tx::TxPath, //
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
    gpio::OutputGpio,
    mdio::MdioBus,
    mmio::Mmio,
    net::{
        Features,
        NetDev,
        Registration,
        Setup, //
    },
    of::{
        Node,
        PhyInterface, //
    },
    poll::{
        Irq,
        Napi, //
    },
    xdp::XdpStats,
    xsk::XskPoolRef,
    MacAddr, //
};
use crate::ring::RingConfig;
use crate::txring::TsoLimit;
use crate::{
    netdev,
    txring, //
};
use core::sync::atomic::{
    AtomicBool,
    AtomicU32, //
};
use kernel::{
    clk::{
        Clk,
        OptionalClk, //
    },
    device::{
        self,
        Core, //
    },
    new_mutex,
    new_spinlock,
    new_spinlock_irq,
    of,
    platform,
    prelude::*,
    sync::{
        Arc,
        Mutex,
        SpinLock,
        SpinLockIrq, //
    },
    time::{
        delay::{
            fsleep,
            udelay, //
        },
        Delta, //
    }, //
};

/// Interrupt lines of an ENET the driver requests (`FEC_IRQ_NUM`); the PPS
/// line, last in the device tree, belongs to PTP.
pub(crate) const MAX_IRQS: usize = 3;

/// Tx rings of the AVB ENETs (`FEC_ENET_MAX_TX_QS`); the others have one.
pub(crate) const MAX_TX_QUEUES: usize = regs::TX_RINGS.len();

/// The Tx queue of each VLAN priority on the AVB ENETs
/// (`fec_enet_vlan_pri_to_queue`): frames without a tag go to queue 0.
pub(crate) const PCP_QUEUES: [u8; 8] = [0, 0, 1, 1, 1, 2, 2, 2];

/// Default ring sizes (`TX_RING_SIZE`, `RX_RING_SIZE` with 4 KiB pages).
pub(crate) const DEFAULT_TX_RING: u32 = 1024;
pub(crate) const DEFAULT_RX_RING: u32 = 256;
/// Largest rings the driver accepts.
pub(crate) const MAX_RING: u32 = 4096;

/// Rx buffer geometry: one frame per page_pool buffer, written
/// `RX_HEADROOM` bytes into it (64-byte aligned, as the AVB ENETs require),
/// at most `RX_BUF_LEN` bytes (MRBR, `PKT_MAXBUF_SIZE` of the C driver); up
/// to a 1512-byte MTU only `RX_BUF_LEN_SMALL`, which with the headroom and
/// `build_skb`'s shared info fits half a page: half the truesize per frame
/// of the C driver's whole pages, so a socket buffer holds twice the frames.
pub(crate) const RX_HEADROOM: u32 = 128;
/// The headroom with an XDP program (`XDP_PACKET_HEADROOM`, 64-byte
/// aligned too): the buffers are whole pages then, as in the C driver.
pub(crate) const RX_HEADROOM_XDP: u32 = crate::netdev::xdp::XDP_PACKET_HEADROOM;
pub(crate) const RX_BUF_LEN: u32 = 1984;
pub(crate) const RX_BUF_LEN_SMALL: u32 = 1536;

/// The Rx buffer length (MRBR) for frames of `mtu`.
pub(crate) fn rx_buf_len(mtu: u32) -> u32 {
    if mtu + VLAN_ETH_HLEN + desc::FCS_LEN + desc::RX_SHIFT <= RX_BUF_LEN_SMALL {
        RX_BUF_LEN_SMALL
    } else {
        RX_BUF_LEN
    }
}
/// Ethernet header with a VLAN tag.
pub(crate) const VLAN_ETH_HLEN: u32 = 18;
/// Largest MTU whose frames (with a VLAN tag, the FCS and the two shift
/// bytes) fit one Rx buffer.
pub(crate) const MAX_MTU: u32 = RX_BUF_LEN - desc::RX_SHIFT - VLAN_ETH_HLEN - desc::FCS_LEN;
/// Smallest MTU (`ETH_MIN_MTU`).
pub(crate) const MIN_MTU: u32 = 68;
/// Tx watchdog (`TX_TIMEOUT`, 2 s).
pub(crate) const TX_TIMEOUT_MS: u32 = 2000;
/// MDIO transfer timeout (`FEC_MII_TIMEOUT`), polled every 2 us.
pub(crate) const MII_TIMEOUT_US: u32 = 30000;

/// The driver's own debugfs value and knob (the others: [`crate::knobs`]).
pub(crate) const DBG_ITR_RATE: Value<2> = Value;
pub(crate) const DBG_FORCE_TX_ALIGN: Knob<2> = Knob;

/// NAPI instances, as `id`s passed to [`NetDriver::poll`]: Rx, then Tx
/// queue `i`'s as `NAPI_TX + i`.
pub(crate) const NAPI_RX: u32 = 0;
pub(crate) const NAPI_TX: u32 = 1;

/// A clock enabled for as long as the value lives.
struct EnabledClk(ClkRef);

/// A required or an optional clock (an absent optional one is a no-op).
enum ClkRef {
    Required(Clk),
    Optional(OptionalClk),
}

impl EnabledClk {
    fn clk(&self) -> &Clk {
        match &self.0 {
            ClkRef::Required(c) => c,
            ClkRef::Optional(c) => c,
        }
    }

    fn enable(c: ClkRef) -> Result<Self> {
        let e = Self(c);
        e.clk().prepare_enable()?;
        Ok(e)
    }

    fn get(dev: &device::Device, name: &CStr) -> Result<Self> {
        Self::enable(ClkRef::Required(Clk::get(dev, Some(name))?))
    }

    fn get_optional(dev: &device::Device, name: &CStr) -> Result<Self> {
        Self::enable(ClkRef::Optional(OptionalClk::get(dev, Some(name))?))
    }
}

impl Drop for EnabledClk {
    fn drop(&mut self) {
        self.clk().disable_unprepare();
    }
}

/// Pause (flow control) settings of `ethtool -A`: the ENET pauses both
/// directions or neither.
#[derive(Clone, Copy)]
pub(crate) struct PauseCfg {
    /// Follow what autonegotiation resolves.
    pub(crate) autoneg: bool,
    /// Pause on regardless of autonegotiation.
    pub(crate) enable: bool,
}

/// Settings changed through ethtool.
#[derive(Clone, Copy)]
pub(crate) struct Cfg {
    pub(crate) rings: RingConfig,
    /// Rx buffers laid out for XDP (an XDP program is attached).
    pub(crate) xdp: bool,
    /// The XSK pool of an AF_XDP socket bound to queue 0 in zero-copy mode:
    /// the Rx ring receives into its buffers, Tx ring 0 sends its frames.
    pub(crate) xsk: Option<XskPoolRef>,
    /// The fixed coalescing settings (`ethtool -C`).
    pub(crate) tx_itr: Itr,
    pub(crate) rx_itr: Itr,
    /// With adaptive coalescing on, the settings it chose last (in use
    /// instead of the fixed ones).
    pub(crate) tx_dim: Option<Itr>,
    pub(crate) rx_dim: Option<Itr>,
    pub(crate) pause: PauseCfg,
}

/// The driver state of one ENET (the `net_device`'s private part).
#[pin_data(PinnedDrop)]
pub(crate) struct Fec {
    pub(crate) dev: NetDev,
    pub(crate) dma: DmaDevice,
    pub(crate) node: Node,
    pub(crate) variant: &'static Variant,
    pub(crate) regs: Arc<regs::Regs>,
    pub(crate) irq_lines: KVec<u32>,
    /// Rate of the coalescing timer clock (AHB).
    pub(crate) itr_rate: u32,
    /// Rate of the reference clock (`enet_clk_ref`, 0 without one), which
    /// counts the EEE LPI timers.
    pub(crate) clk_ref_rate: u32,
    /// MII speed register value (MDC and hold time).
    pub(crate) mscr: u32,
    pub(crate) phy_if: PhyInterface,
    /// Serializes read-modify-write of IMASK between the Rx and Tx halves
    /// (hard interrupt and softirq context).
    /// Guards IMASK and holds its value: the handler and the polls then
    /// never read the register (each MMIO access is costly, most of all
    /// under emulation).
    #[pin]
    pub(crate) imask_lock: SpinLockIrq<u32>,
    /// Serializes read-modify-write of RCR (promiscuous bit from
    /// `ndo_set_rx_mode`, atomic context) with its rewrites; taken after
    /// the address list lock, never before it.
    #[pin]
    pub(crate) rcr_lock: SpinLockIrq<()>,
    /// Serializes bringing the data path up and down (open, stop, ring
    /// changes, resets) with MAC restarts on link changes.
    #[pin]
    pub(crate) hw_lock: Mutex<()>,
    /// Set while the link is down with the MAC stopped and the NAPIs on:
    /// completions must not wake the queue then (`restart_live`).
    pub(crate) tx_halted: AtomicBool,
    /// The Tx queues and their rings, each with its NAPI; never empty
    /// (probe makes at least one), so `txs[0]` is always there.
    pub(crate) txs: KVec<TxPath>,
    /// The Rx ring, used by the Rx NAPI (and by the set-up paths with NAPI
    /// off).
    #[pin]
    pub(crate) rx: SpinLock<Option<RxRing>>,
    /// Interrupts requested while the interface is up.
    #[pin]
    pub(crate) irqs: SpinLock<KVec<Irq>>,
    // The NAPIs are dropped after the rings (a ring's page pool points at
    // its NAPI).
    pub(crate) rx_napi: Napi,
    pub(crate) stats: FecStats,
    pub(crate) xdp_stats: XdpStats,
    #[pin]
    pub(crate) cfg: SpinLock<Cfg>,
    /// debugfs `fec_rs-<base>/`: TXIC0/RXIC0 as last written (QEMU does not
    /// keep them), the ITR clock rate, the Tx mapping failures injected
    /// after other mappings, and test knobs: Rx allocation failures, a
    /// stalled transmitter (no doorbells until the Tx-timeout reset clears
    /// it), the Tx alignment copy of the non-AVB parts, and Tx mapping
    /// failures.
    pub(crate) debug: Debug,
    /// Software TSO offered (parts with checksum insertion and no Tx
    /// alignment constraint).
    pub(crate) tso: bool,
    /// Packets the current Tx ring takes in one piece, for `gso_ok`.
    pub(crate) tso_limit: TsoLimit,
    pub(crate) msglevel: AtomicU32,
    /// Data path up (between a successful bring-up and bring-down).
    pub(crate) up: AtomicBool,
    /// Last link state seen by `adjust_link`: speed (0 = down) and duplex.
    #[pin]
    pub(crate) link: SpinLock<(u32, bool)>,
    /// Rx checksum offload on (`NETIF_F_RXCSUM`, `ethtool -K rx`): the
    /// MAC discards frames with bad IP or TCP/UDP checksums and the driver
    /// reports the good ones verified. Written under `hw_lock` only.
    pub(crate) rx_csum: AtomicBool,
    /// One NAPI for Rx and Tx completion (module parameter
    /// `combined_napi`, for comparisons; the Tx NAPI then stays idle).
    pub(crate) combined_napi: bool,
}

/// The platform driver's data for a bound ENET. Fields drop in order: the
/// net_device (and its PHY) before the MDIO bus, the clocks last.
pub(crate) struct Enet {
    net: Registration<Fec>,
    _mdio: MdioBus<FecMdio>,
    _clks: KVec<EnabledClk>,
}

/// The platform driver.
pub(crate) struct FecRs;

kernel::of_device_table!(
    OF_TABLE,
    <FecRs as platform::Driver>::IdInfo,
    [
        (of::DeviceId::new(c"fsl,imx6q-fec"), &quirks::IMX6Q),
        (of::DeviceId::new(c"fsl,imx6sx-fec"), &quirks::IMX6SX),
        (of::DeviceId::new(c"fsl,imx6ul-fec"), &quirks::IMX6UL),
        (of::DeviceId::new(c"fsl,imx8mq-fec"), &quirks::IMX8MQ),
        (of::DeviceId::new(c"fsl,imx8qm-fec"), &quirks::IMX8QM),
    ]
);

crate::netdev::net::declare_net_driver!(Fec);

/// Enables the clocks of an ENET. The register block is clocked by "ipg"
/// (registers, MDC) and "ahb" (bus, also the coalescing timer): both must
/// run before any access. The optional ones clock the PHY interface
/// (`fec_enet_clk_enable()`: the RMII reference the ENET may drive, RGMII's
/// 2x Tx clock).
fn enable_clocks(dev: &device::Device<device::Bound>) -> Result<KVec<EnabledClk>> {
    let mut clks = KVec::new();
    clks.push(EnabledClk::get(dev, c"ipg")?, GFP_KERNEL)?;
    clks.push(EnabledClk::get(dev, c"ahb")?, GFP_KERNEL)?;
    for name in [c"enet_out", c"enet_clk_ref", c"enet_2x_txclk"] {
        clks.push(EnabledClk::get_optional(dev, name)?, GFP_KERNEL)?;
    }
    Ok(clks)
}

/// The interrupt lines the driver requests (`fec_enet_get_irq_cnt()`: two
/// lines are int0 and PPS (i.MX6Q/6UL); more are int0..int2 and PPS
/// (i.MX6SX/7D/8M)).
fn irq_lines(pdev: &platform::Device<device::Bound>) -> Result<KVec<u32>> {
    let mut lines = netdev::platform_irqs(pdev, MAX_IRQS as u32 + 1)?;
    let n = match lines.len() {
        0 => {
            dev_err!(pdev.as_ref(), "no interrupt\n");
            return Err(ENXIO);
        }
        2 => 1,
        n => n.min(MAX_IRQS),
    };
    lines.truncate(n);
    Ok(lines)
}

/// The Tx queues (`fec_enet_get_queue_num()`): `fsl,num-tx-queues` on the
/// multi-queue parts, 1 to 3, else 1. (Rx uses ring 0 only: QEMU's ENET
/// models no other Rx ring.)
fn tx_queues(dev: &device::Device, node: &Node, variant: &Variant) -> usize {
    let n = node.read_u32(c"fsl,num-tx-queues").unwrap_or(1) as usize;
    if !variant.quirks.has(Quirks::HAS_MULTI_QUEUES) {
        return 1;
    }
    if !(1..=MAX_TX_QUEUES).contains(&n) {
        dev_warn!(dev, "invalid fsl,num-tx-queues {n}, falling back to 1\n");
        return 1;
    }
    n
}

/// The MAC address and where it came from, in the order of `fec_get_mac()`:
/// the device tree, then the registers, then a random address.
fn mac_address(node: &Node, regs: &regs::Regs) -> (MacAddr, &'static str) {
    match node.mac_address() {
        Ok(mac) => (mac, "device tree"),
        Err(_) => match mac_from_regs(regs) {
            mac if mac.is_valid() => (mac, "registers"),
            _ => (MacAddr::random(), "random"),
        },
    }
}

/// Leaves the MAC quiet and enabled for MDIO (as the C driver leaves it
/// when down), the MII clock at `mscr`.
fn quiesce_for_mdio(regs: &regs::Regs, variant: &Variant, mscr: u32) {
    regs.write(regs::IMASK, 0);
    if variant.quirks.has(Quirks::HAS_MULTI_QUEUES) {
        regs.write(regs::ECNTRL, 0);
    } else {
        regs.write(regs::ECNTRL, ecr::RESET);
        udelay(Delta::from_micros(10));
    }
    regs.write(regs::ECNTRL, ecr::ETHEREN);
    if variant.quirks.has(Quirks::CLEAR_SETUP_MII) {
        // Writing MSCR with MMFR non-zero raises a spurious MII event.
        regs.write(regs::MII_DATA, 0);
    }
    regs.write(regs::MII_SPEED, mscr);
    regs.write(regs::IEVENT, ievent::MII);
}

/// The MAC address the bootloader (or QEMU) left in PALR/PAUR, as the C
/// driver's `fec_get_mac()` reads it.
fn mac_from_regs(regs: &regs::Regs) -> MacAddr {
    let lo = regs.read(regs::ADDR_LOW).to_be_bytes();
    let hi = (regs.read(regs::ADDR_HIGH) >> 16) as u16;
    let hi = hi.to_be_bytes();
    MacAddr([lo[0], lo[1], lo[2], lo[3], hi[0], hi[1]])
}

/// Pulses the PHY reset line, if the device tree has one (`fec_reset_phy()`:
/// `phy-reset-gpios`, `phy-reset-duration` in ms, `phy-reset-post-delay`).
fn reset_phy(dev: &device::Device<device::Bound>, node: &Node) -> Result {
    let mut ms = node.read_u32(c"phy-reset-duration").unwrap_or(1);
    // A sane reset lasts less than a second.
    if ms > 1000 {
        ms = 1;
    }
    let post = node.read_u32(c"phy-reset-post-delay").unwrap_or(0);
    if post > 1000 {
        dev_err!(dev, "phy-reset-post-delay {post} ms out of range\n");
        return Err(EINVAL);
    }
    let Some(gpio) = OutputGpio::get_optional(dev, c"phy-reset", true)? else {
        return Ok(());
    };
    fsleep(Delta::from_millis(i64::from(ms)));
    gpio.set(false);
    if post > 0 {
        fsleep(Delta::from_millis(i64::from(post)));
    }
    dev_info!(dev, "PHY reset ({ms} ms)\n");
    Ok(())
}

/// What probe finds of an ENET before its `net_device` exists.
struct Hw {
    dma: DmaDevice,
    node: Node,
    variant: &'static Variant,
    regs: Arc<regs::Regs>,
    irq_lines: KVec<u32>,
    itr_rate: u32,
    clk_ref_rate: u32,
    mscr: u32,
    phy_if: PhyInterface,
    csum: bool,
    tso: bool,
    rings: RingConfig,
    combined_napi: bool,
    tx_queues: usize,
}

impl Fec {
    /// Sets `ndev` up for the ENET `hw` and builds its driver state (debugfs
    /// directory `id`, MAC address `mac`); the PHY is not connected yet.
    fn new(ndev: NetDev, hw: Hw, id: &CStr, mac: MacAddr) -> Result<impl PinInit<Fec, Error>> {
        let Hw {
            dma,
            node,
            variant,
            regs,
            irq_lines,
            itr_rate,
            clk_ref_rate,
            mscr,
            phy_if,
            csum,
            tso,
            rings,
            combined_napi,
            tx_queues,
        } = hw;
        ndev.setup(&Setup {
            hw_features: Features {
                sg: true,
                ip_csum: csum,
                rxcsum: csum,
                tso,
                ..Default::default()
            },
            features: Features {
                sg: true,
                ip_csum: csum,
                rxcsum: csum,
                tso,
                ..Default::default()
            },
            min_mtu: MIN_MTU,
            max_mtu: MAX_MTU,
            needed_headroom: 0,
            watchdog_ms: TX_TIMEOUT_MS,
        });
        let tso_limit = TsoLimit::new();
        if tso {
            tso_limit.set(ndev, rings.thresholds.stop());
        }
        ndev.set_mac(mac);
        ndev.set_xdp_features(true, true);
        if tx_queues > 1 && variant.quirks.has(Quirks::HAS_AVB) {
            ndev.set_pcp_queues(&PCP_QUEUES)?;
        }
        let first_irq = irq_lines.first().copied();
        let mut txs = KVec::with_capacity(tx_queues, GFP_KERNEL)?;
        for i in 0..tx_queues {
            txs.push(
                TxPath::new(ndev, i, NAPI_TX + i as u32, first_irq)?,
                GFP_KERNEL,
            )?;
        }
        // Named like the MDIO bus, after the register base.
        let debug = knobs::create(id, c"itr_clock_hz", c"force_tx_align")?;
        debug.set(DBG_ITR_RATE, itr_rate);
        let cfg = Cfg {
            rings,
            xdp: false,
            xsk: None,
            tx_itr: Itr::DEFAULT,
            rx_itr: Itr::DEFAULT,
            tx_dim: None,
            rx_dim: None,
            pause: PauseCfg {
                autoneg: true,
                enable: false,
            },
        };
        let rx_napi = Napi::new(ndev, NAPI_RX, false, first_irq)?;
        Ok(try_pin_init!(Fec {
            dev: ndev,
            dma,
            node,
            variant,
            regs,
            irq_lines,
            itr_rate,
            clk_ref_rate,
            mscr,
            phy_if,
            imask_lock <- new_spinlock_irq!(0),
            hw_lock <- new_mutex!(()),
            rcr_lock <- new_spinlock_irq!(()),
            tx_halted: AtomicBool::new(false),
            txs,
            rx <- new_spinlock!(None),
            irqs <- new_spinlock!(KVec::new()),
            rx_napi,
            stats: FecStats::default(),
            xdp_stats: XdpStats::new(),
            cfg <- new_spinlock!(cfg),
            debug,
            tso,
            tso_limit,
            msglevel: AtomicU32::new(0),
            up: AtomicBool::new(false),
            link <- new_spinlock!((0, false)),
            rx_csum: AtomicBool::new(csum),
            combined_napi,
        }? Error))
    }
}

impl platform::Driver for FecRs {
    type IdInfo = &'static Variant;
    type Data<'bound> = Enet;
    const OF_ID_TABLE: Option<of::IdTable<Self::IdInfo>> = Some(&OF_TABLE);

    fn probe<'bound>(
        pdev: &'bound platform::Device<Core<'_>>,
        info: Option<&'bound Self::IdInfo>,
    ) -> impl PinInit<Self::Data<'bound>, Error> + 'bound {
        let dev = pdev.as_ref();
        let variant = *info.ok_or(ENODEV)?;
        // SAFETY: The first thing probe does: no DMA allocation or mapping of
        // this device exists yet, and none runs before probe makes them.
        unsafe { dma::set_desc_addr_mask(pdev) }?;
        let node = Node::of_device(dev).ok_or(ENODEV)?;

        let clks = enable_clocks(dev)?;
        let ipg_rate = u32::try_from(clks[0].clk().rate().0).unwrap_or(u32::MAX);
        let itr_rate = u32::try_from(clks[1].clk().rate().0).unwrap_or(u32::MAX);
        // `enet_clk_ref` (optional: no clock has rate 0).
        let clk_ref_rate = u32::try_from(clks[3].clk().rate().0).unwrap_or(u32::MAX);
        let Some(mscr) = regs::mscr(ipg_rate) else {
            dev_err!(dev, "ipg clock {ipg_rate} Hz too fast for the MII speed\n");
            return Err(EINVAL);
        };

        let regs = Arc::new(Mmio::map(&node, 0, c"fec_rs")?, GFP_KERNEL)?;
        let irq_lines = irq_lines(pdev)?;
        let (mac, source) = mac_address(&node, &regs);
        dev_info!(dev, "mac {mac} ({source})\n");
        dev_info!(
            dev,
            "{} ENET, quirks {:#x}: regs {:#x}+{:#x}, irq {:?}\n",
            variant.name,
            variant.quirks.bits(),
            regs.start(),
            regs.size(),
            &irq_lines[..]
        );

        reset_phy(dev, &node)?;

        quiesce_for_mdio(&regs, variant, mscr);

        // The MDIO bus: PHYs described under `mdio` (scanned without one).
        let mdio_np = node.child(c"mdio");
        let id = kernel::str::CString::try_from_fmt(fmt!("fec_rs-{:x}", regs.start()))?;
        let mdio = MdioBus::register(dev, mdio_np.as_ref(), &id, FecMdio { regs: regs.clone() })?;

        let csum = variant.quirks.has(Quirks::HAS_CSUM);
        // Software TSO as in C, where buffers need no alignment copy.
        let tso = csum && variant.quirks.tx_align_mask() == 0;
        let rings = RingConfig::new(
            DEFAULT_TX_RING,
            DEFAULT_RX_RING,
            |n| txring::max_packet_descs(tso, n),
            MAX_RING,
        )
        .map_err(|_| EINVAL)?;
        dev_info!(dev, "rings: {rings}\n");
        if variant.quirks.has(Quirks::HAS_COALESCE) {
            let d = Itr::DEFAULT;
            dev_info!(
                dev,
                "ITR clock {itr_rate} Hz; default coalescing {} frames / {} us -> {:#010x}\n",
                d.frames,
                d.usecs,
                d.register(itr_rate)
            );
        }
        let phy_if = node.phy_interface();
        let tx_queues = tx_queues(dev, &node, variant);
        let combined_napi = module_parameters::combined_napi.value();
        if combined_napi {
            dev_info!(dev, "combined Rx/Tx NAPI (combined_napi=1)\n");
        }

        let hw = Hw {
            dma: DmaDevice::new(dev),
            node,
            variant,
            regs,
            irq_lines,
            itr_rate,
            clk_ref_rate,
            mscr,
            phy_if,
            csum,
            tso,
            rings,
            combined_napi,
            tx_queues,
        };
        let init = move |ndev| Fec::new(ndev, hw, &id, mac);
        // Last: from here on `Fec`'s drop disconnects the PHY.
        let attach = |state: &Fec| {
            state.dev.phy_connect(&state.node)?;
            state
                .dev
                .phy_mac_caps(variant.quirks.has(Quirks::HAS_GBIT), false);
            if variant.quirks.has(Quirks::HAS_EEE) {
                state.dev.phy_support_eee();
            }
            Ok(())
        };
        let net = Registration::new(dev, tx_queues as u32, 1, init, attach)?;
        dev_info!(
            dev,
            "registered {}, phy-mode {:?}, {tx_queues} Tx / 1 Rx queue\n",
            net.dev().mac(),
            phy_if
        );
        Ok(Enet {
            net,
            _mdio: mdio,
            _clks: clks,
        })
    }
}

#[pinned_drop]
impl PinnedDrop for Fec {
    fn drop(self: Pin<&mut Self>) {
        self.dev.phy_disconnect(&self.node);
    }
}

impl Drop for Enet {
    fn drop(&mut self) {
        pr_info!(
            "fec_rs: releasing {} ENET {}\n",
            self.net.state().variant.name,
            self.net.dev().mac()
        );
    }
}
