// SPDX-License-Identifier: GPL-2.0

//! The driver state of one ENET: its constants, settings and construction.

use crate::coalesce_dim::Coalescing;
use crate::fec::{
    coalesce::Itr,
    desc,
    pps::PpsOutput,
    ptp::PtpState,
    quirks::{
        Quirks,
        Variant, //
    },
    regs,
    rx::RxRing,
    stats::FecStats,
    tx::TxPath, //
};
use crate::knobs::{
    self,
    Debug, //
};
use crate::netdev::{
    debugfs::{
        Knob,
        Value, //
    },
    dma::DmaDevice,
    net::{
        Features,
        MsgLevel,
        NetDev,
        Setup, //
    },
    of::{
        Node,
        PhyInterface, //
    },
    poll::{
        Irq,
        RxNapi, //
    },
    rpm::{
        Powered,
        Rpm, //
    },
    sync::{
        new_shim_spinlock,
        ShimSpinLock, //
    },
    syscon::SysconBit,
    xdp::XdpStats,
    xsk::XskPoolRef,
    MacAddr, //
};
use crate::ring::RingConfig;
use crate::txring::TsoLimit;
use core::sync::atomic::AtomicBool;
use kernel::{
    new_mutex,
    new_spinlock,
    new_spinlock_irq,
    prelude::*,
    sync::{
        Arc,
        Mutex,
        SpinLock,
        SpinLockIrq, //
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
    /// Interrupt coalescing (`ethtool -C`, fixed or adaptive).
    pub(crate) coal: Coalescing<Itr>,
    pub(crate) pause: PauseCfg,
}

impl Cfg {
    /// The settings of a new device: rings `rings`, no XDP, the C driver's
    /// default coalescing, pause as autonegotiated.
    fn new(rings: RingConfig) -> Self {
        Cfg {
            rings,
            xdp: false,
            xsk: None,
            coal: Coalescing::new(Itr::DEFAULT, Itr::DEFAULT),
            pause: PauseCfg {
                autoneg: true,
                enable: false,
            },
        }
    }
}

/// What probe finds of an ENET before its `net_device` exists.
pub(crate) struct Hw {
    pub(crate) dma: DmaDevice,
    pub(crate) node: Node,
    pub(crate) variant: &'static Variant,
    pub(crate) regs: Arc<regs::Regs>,
    pub(crate) irq_lines: KVec<u32>,
    pub(crate) itr_rate: u32,
    pub(crate) clk_ref_rate: u32,
    pub(crate) mscr: u32,
    pub(crate) phy_if: PhyInterface,
    pub(crate) csum: bool,
    pub(crate) tso: bool,
    pub(crate) rings: RingConfig,
    pub(crate) combined_napi: bool,
    pub(crate) tx_queues: usize,
    /// Nanoseconds the 1588 timer adds per cycle of its clock (0: no PTP
    /// clock).
    pub(crate) ptp_inc: u32,
    /// The PPS and periodic output (none without a PTP clock or the line
    /// of its events).
    pub(crate) pps: Option<PpsOutput>,
    /// Runtime PM of the register clocks.
    pub(crate) power: Rpm,
    /// The SoC's stop-mode request for the ENET (`fsl,stop-mode`).
    pub(crate) stop_mode: Option<SysconBit>,
}

/// The driver state of one ENET (the `net_device`'s private part).
#[pin_data(PinnedDrop)]
pub(crate) struct Fec<'a> {
    /// The interrupt of the PPS and periodic output, requested when one is
    /// first turned on (`fec/pps.rs`) and freed before the PTP clock goes
    /// (first field: freed before the rest of the state in any case), with
    /// the register clocks kept on for its handler meanwhile.
    #[pin]
    pub(crate) pps_irq: Mutex<Option<(Irq<'a>, Powered)>>,
    /// Runtime PM of the register clocks: every register access outside
    /// probe holds a [`Powered`] reference, that of the open interface
    /// (`open_power`) or its own (MDIO, the PTP clock), or runs where the
    /// kernel holds one (every ethtool operation).
    pub(crate) power: Rpm,
    /// The register clocks kept on while the interface is open.
    #[pin]
    pub(crate) open_power: Mutex<Option<Powered>>,
    pub(crate) dev: NetDev<'a>,
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
    /// IMASK, its read-modify-write updates serialized between the Rx and
    /// Tx halves (hard interrupt and softirq context), its value cached:
    /// the handler and the polls then never read the register (each MMIO
    /// access is costly, most of all under emulation).
    pub(crate) imask: regs::ImaskReg,
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
    pub(crate) txs: KVec<TxPath<'a>>,
    /// The Rx ring, used by the Rx NAPI (and by the set-up paths with NAPI
    /// off).
    #[pin]
    pub(crate) rx: ShimSpinLock<Option<RxRing<'a>>>,
    /// Interrupts requested while the interface is up.
    #[pin]
    pub(crate) irqs: SpinLock<KVec<Irq<'a>>>,
    // The NAPIs are dropped after the rings (a ring's page pool points at
    // its NAPI).
    pub(crate) rx_napi: RxNapi<'a>,
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
    pub(crate) msglevel: MsgLevel,
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
    /// Suspending (or suspended) with Wake-on-LAN: a MAC stop leaves the
    /// MAC in sleep mode, watching for a magic packet (`fec/pm.rs`).
    pub(crate) wol_sleep: AtomicBool,
    /// The wake-up interrupt line is armed (`fec/pm.rs`).
    pub(crate) wake_armed: AtomicBool,
    /// The bit of the SoC's general purpose registers that asks the SoC to
    /// keep the ENET clocked in its stop mode (`fsl,stop-mode`), set while
    /// suspended with Wake-on-LAN (`fec/pm.rs`).
    pub(crate) stop_mode: Option<SysconBit>,
    /// The 1588 timer's increment per cycle (0: no PTP clock) and the
    /// clock's state, whose lock also guards the timer's registers
    /// (`fec/ptp.rs`).
    pub(crate) ptp_inc: u32,
    #[pin]
    pub(crate) ptp: SpinLockIrq<PtpState>,
    pub(crate) pps: Option<PpsOutput>,
    /// Hardware timestamps of the frames sent that ask for one, and of
    /// every frame received (`SIOCSHWTSTAMP`).
    pub(crate) hwts_tx: AtomicBool,
    pub(crate) hwts_rx: AtomicBool,
}

/// Sets `ndev` up for the ENET `hw`: its features (all offered, all on;
/// VLAN Rx offload where the ENET flags tagged frames,
/// `FEC_QUIRK_HAS_VLAN`, as the C fec), MTU range and watchdog, the MAC
/// address `mac`, its XDP features and, on the AVB parts with several Tx
/// queues, the queue of each VLAN priority. Returns the limit software TSO
/// keeps on the packets the stack builds.
fn setup_netdev(ndev: NetDev<'_>, hw: &Hw, mac: MacAddr) -> Result<TsoLimit> {
    let features = Features {
        sg: true,
        ip_csum: hw.csum,
        rxcsum: hw.csum,
        tso: hw.tso,
        vlan_rx: hw.variant.quirks.has(Quirks::HAS_VLAN),
        ..Default::default()
    };
    ndev.setup(&Setup {
        hw_features: features,
        features,
        min_mtu: MIN_MTU,
        max_mtu: MAX_MTU,
        needed_headroom: 0,
        watchdog_ms: TX_TIMEOUT_MS,
    });
    let tso_limit = TsoLimit::new();
    if hw.tso {
        tso_limit.set(ndev, hw.rings.thresholds.stop());
    }
    ndev.set_mac(mac);
    ndev.set_xdp_features(true, true);
    if hw.tx_queues > 1 && hw.variant.quirks.has(Quirks::HAS_AVB) {
        ndev.set_pcp_queues(&PCP_QUEUES)?;
    }
    Ok(tso_limit)
}

impl<'a> Fec<'a> {
    /// Sets `ndev` up for the ENET `hw` and builds its driver state (debugfs
    /// directory `id`, MAC address `mac`); the PHY is not connected yet.
    pub(crate) fn new(
        ndev: NetDev<'a>,
        hw: Hw,
        id: &CStr,
        mac: MacAddr,
    ) -> Result<impl PinInit<Self, Error>> {
        let tso_limit = setup_netdev(ndev, &hw, mac)?;
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
            ptp_inc,
            pps,
            power,
            stop_mode,
        } = hw;
        let first_irq = irq_lines.first().copied();
        let rx_napi = RxNapi::new(ndev, NAPI_RX, first_irq)?;
        let mut txs = KVec::with_capacity(tx_queues, GFP_KERNEL)?;
        for i in 0..tx_queues {
            let combined = combined_napi.then_some(&*rx_napi);
            txs.push(
                TxPath::new(ndev, i, NAPI_TX + i as u32, first_irq, combined)?,
                GFP_KERNEL,
            )?;
        }
        // Named like the MDIO bus, after the register base.
        let debug = knobs::create(id, c"itr_clock_hz", c"force_tx_align")?;
        debug.set(DBG_ITR_RATE, itr_rate);
        let cfg = Cfg::new(rings);
        let ptp_state = PtpState::new(ptp_inc);
        let imask = regs::ImaskReg::new(regs::IMASK)?;
        Ok(try_pin_init!(Fec {
            pps_irq <- new_mutex!(None),
            power,
            open_power <- new_mutex!(None),
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
            imask,
            hw_lock <- new_mutex!(()),
            rcr_lock <- new_spinlock_irq!(()),
            tx_halted: AtomicBool::new(false),
            txs,
            rx <- new_shim_spinlock!(None),
            irqs <- new_spinlock!(KVec::new()),
            rx_napi,
            stats: FecStats::default(),
            xdp_stats: XdpStats::new(),
            cfg <- new_spinlock!(cfg),
            debug,
            tso,
            tso_limit,
            msglevel: MsgLevel::new(),
            up: AtomicBool::new(false),
            link <- new_spinlock!((0, false)),
            rx_csum: AtomicBool::new(csum),
            combined_napi,
            wol_sleep: AtomicBool::new(false),
            wake_armed: AtomicBool::new(false),
            stop_mode,
            ptp_inc,
            ptp <- new_spinlock_irq!(ptp_state),
            pps,
            hwts_tx: AtomicBool::new(false),
            hwts_rx: AtomicBool::new(false),
        }? Error))
    }
}

// (`pinned_drop` implements the `unsafe` trait `PinnedDrop` for us.)
#[allow(unsafe_code)]
#[pinned_drop]
impl<'a> PinnedDrop for Fec<'a> {
    fn drop(self: Pin<&mut Self>) {
        self.dev.phy_disconnect(&self.node);
    }
}
