// SPDX-License-Identifier: GPL-2.0

//! Rust driver for the Freescale/NXP i.MX ENET Ethernet controller (`fec_rs`).
//!
//! A drop-in replacement for the C `fec` driver on i.MX6Q/6SX/6UL/7D/8M/8QM
//! boards: it binds to the same device-tree compatibles (see
//! [`fec::quirks`]).
//!
//! Layout: this crate root holds probe and the driver's operations; the
//! hardware description is data under `fec/`; rings, NAPI rules and the qdisc
//! contract are shared with `gianfar_rs` (`ring.rs`, `napi.rs`,
//! `qdisc_hooks.rs`); all C calls go through the wrapper layer `netdev.rs`.
//!
//! Data path: one Tx ring with its Tx-confirmation NAPI and one Rx ring with
//! its Rx NAPI (ring 0 of the ENET; the AVB rings 1 and 2 are not used), the
//! interrupt handler masking only the half (TXF or RXF) whose NAPI it
//! schedules. Enhanced descriptors (`ECR[EN1588]`). Rx buffers are page_pool
//! pages turned into skbs with `build_skb` and fed to GRO. Tx uses
//! scatter-gather, IPv4 checksum insertion, BQL, stop-in-advance /
//! wake-with-hysteresis and a doorbell rung once per xmit batch. The MDIO bus
//! is registered with phylib from the controller's `mdio` node.

// The shared layer is one source for both drivers; each driver uses its own
// subset of it, so unused items there are expected.
#[allow(dead_code)]
mod crc;
#[allow(dead_code)]
mod napi;
#[allow(dead_code)]
mod netdev;
#[allow(dead_code)]
mod qdisc_hooks;
#[allow(dead_code)]
mod ring;
#[allow(dead_code)]
mod rxring;
#[allow(dead_code)]
mod tso;
mod txring;

/// ENET hardware: register map, descriptors, coalescing units, variants.
mod fec {
    pub(crate) mod coalesce;
    #[allow(dead_code)]
    pub(crate) mod desc;
    pub(crate) mod filter;
    pub(crate) mod quirks;
    pub(crate) mod regs;
}

use core::sync::atomic::{
    AtomicBool,
    AtomicU32,
    Ordering, //
};
use fec::{
    coalesce::{
        self,
        Itr, //
    },
    desc::{
        self,
        RxStatus, //
    },
    filter::GroupHash,
    quirks::{
        self,
        Quirks,
        Variant, //
    },
    regs::{
        self,
        ecr,
        ievent,
        mmfr,
        racc,
        rcr, //
    },
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
    new_mutex, new_spinlock, new_spinlock_irq, of, platform,
    prelude::*,
    sync::{
        atomic::{
            Atomic,
            Relaxed, //
        },
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
    },
};
use napi::PollEnd;
use netdev::{
    debugfs::DebugDir,
    dma::{
        self,
        Desc,
        DescMem,
        DmaAddr,
        DmaDevice,
        TxBufMem, //
    },
    gpio::OutputGpio,
    mdio::{
        MdioBus,
        MdioOps, //
    },
    mmio::Mmio,
    net::{
        BhDisabled,
        Coalesce,
        ExtAck,
        Features,
        IrqContext,
        NetDev,
        NetDriver,
        Pause,
        Registration,
        Rings,
        Setup,
        Stats,
        StdStats,
        TxCounters,
        TxFlowStats,
        TxQueue,
        TxVerdict, //
    },
    of::{
        Node,
        PhyInterface, //
    },
    poll::{
        Irq,
        Napi, //
    },
    skb::{
        CsumRequest,
        Skb, //
    },
    MacAddr, //
};
use qdisc_hooks::TxThresholds;
use ring::{
    Cursor,
    RingConfig,
    RingSize, //
};
use rxring::{
    Delivery,
    RxBook,
    RxCounts,
    RxDescs, //
};
use txring::{
    TsoBd,
    TsoHeaders,
    TsoLimit,
    TxBook,
    TxDescs, //
};

/// Interrupt lines of an ENET the driver requests (`FEC_IRQ_NUM`); the PPS
/// line, last in the device tree, belongs to PTP.
const MAX_IRQS: usize = 3;

/// Default ring sizes (`TX_RING_SIZE`, `RX_RING_SIZE` with 4 KiB pages).
const DEFAULT_TX_RING: u32 = 1024;
const DEFAULT_RX_RING: u32 = 256;
/// Largest rings the driver accepts.
const MAX_RING: u32 = 4096;

/// Rx buffer geometry: one frame per page_pool buffer, written
/// `RX_HEADROOM` bytes into it (64-byte aligned, as the AVB ENETs require),
/// at most `RX_BUF_LEN` bytes (MRBR, `PKT_MAXBUF_SIZE` of the C driver); up
/// to a 1500-byte MTU only `RX_BUF_LEN_SMALL`, which with the headroom and
/// `build_skb`'s shared info fits half a page: half the truesize per frame
/// of the C driver's whole pages, so a socket buffer holds twice the frames.
const RX_HEADROOM: u32 = 128;
const RX_BUF_LEN: u32 = 1984;
const RX_BUF_LEN_SMALL: u32 = 1536;

/// The Rx buffer length (MRBR) for frames of `mtu`.
fn rx_buf_len(mtu: u32) -> u32 {
    if mtu + VLAN_ETH_HLEN + desc::FCS_LEN + desc::RX_SHIFT <= RX_BUF_LEN_SMALL {
        RX_BUF_LEN_SMALL
    } else {
        RX_BUF_LEN
    }
}
/// Ethernet header with a VLAN tag.
const VLAN_ETH_HLEN: u32 = 18;
/// Largest MTU whose frames (with a VLAN tag, the FCS and the two shift
/// bytes) fit one Rx buffer.
const MAX_MTU: u32 = RX_BUF_LEN - desc::RX_SHIFT - VLAN_ETH_HLEN - desc::FCS_LEN;
/// Smallest MTU (`ETH_MIN_MTU`).
const MIN_MTU: u32 = 68;
/// Tx watchdog (`TX_TIMEOUT`, 2 s).
const TX_TIMEOUT_MS: u32 = 2000;
/// MDIO transfer timeout (`FEC_MII_TIMEOUT`), polled every 2 us.
const MII_TIMEOUT_US: u32 = 30000;

/// debugfs values and knobs.
const DBG_TXIC: usize = 0;
const DBG_RXIC: usize = 1;
const DBG_ITR_RATE: usize = 2;
const DBG_FAIL_RX_ALLOC: usize = 0;
const DBG_STALL_TX: usize = 1;
const DBG_FORCE_TX_ALIGN: usize = 2;
const DBG_FAIL_TX_MAP: usize = 3;

/// NAPI instances, as `id`s passed to [`NetDriver::poll`].
const NAPI_RX: u32 = 0;
const NAPI_TX: u32 = 1;

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

/// The MDIO controller of an ENET (MMFR/MSCR and the MII event).
struct FecMdio {
    regs: Arc<regs::Regs>,
}

impl FecMdio {
    /// Waits for the end of a management frame and acknowledges it
    /// (`fec_enet_mdio_wait()`).
    fn wait(&self) -> Result {
        for _ in 0..MII_TIMEOUT_US / 2 {
            if self.regs.read(regs::IEVENT) & ievent::MII != 0 {
                self.regs.write(regs::IEVENT, ievent::MII);
                return Ok(());
            }
            udelay(Delta::from_micros(2));
        }
        pr_err!("fec_rs: MDIO timeout\n");
        Err(ETIMEDOUT)
    }
}

impl MdioOps for FecMdio {
    fn read(&self, addr: u32, reg: u32) -> Result<u16> {
        self.regs
            .write(regs::MII_DATA, mmfr::frame(mmfr::OP_READ, addr, reg, 0));
        self.wait()?;
        Ok(self.regs.read(regs::MII_DATA) as u16)
    }

    fn write(&self, addr: u32, reg: u32, val: u16) -> Result {
        self.regs
            .write(regs::MII_DATA, mmfr::frame(mmfr::OP_WRITE, addr, reg, val));
        self.wait()
    }
}

/// The Tx ring: its descriptors and the shared bookkeeping.
struct TxRing {
    size: RingSize,
    thresholds: TxThresholds,
    bds: TxBds,
    book: TxBook,
    /// Software TSO: a header buffer of `tso::HDR_SIZE` bytes per
    /// descriptor (on parts with TSO).
    hdrs: Option<TxBufMem>,
}

/// The Tx descriptors of a ring (enhanced ENET layout).
struct TxBds(DescMem);

impl TxRing {
    fn new(dma: &DmaDevice, cfg: &RingConfig, tso: bool) -> Result<TxRing> {
        let size = cfg.tx;
        let n = size.get() as usize;
        let bds = TxBds(DescMem::new(dma, n * desc::BD_SIZE)?);
        for i in 0..n {
            bds.idle(i, i == n - 1);
        }
        let hdrs = if tso {
            Some(TxBufMem::new(dma, n * tso::HDR_SIZE as usize)?)
        } else {
            None
        };
        Ok(TxRing {
            size,
            thresholds: cfg.thresholds,
            bds,
            book: TxBook::new(size)?,
            hdrs,
        })
    }
}

impl TxBds {
    fn bd(&self, i: usize) -> Desc<'_, { desc::BD_SIZE }> {
        self.0.desc(i * desc::BD_SIZE)
    }

    fn sc(&self, i: usize) -> u16 {
        u16::from_le(self.bd(i).read16(desc::BD_SC))
    }

    /// Fills descriptor `i` for a buffer, then its status word `sc` if
    /// given (not for a packet's first descriptor, whose READY bit comes
    /// last).
    #[inline]
    fn fill(&self, i: usize, addr: DmaAddr, len: u32, esc: u32, sc: Option<u16>) {
        let bd = self.bd(i);
        // ENET descriptors hold 32-bit addresses; the platform device's DMA
        // mask is 32 bits.
        bd.write32(desc::BD_BUFADDR, (addr as u32).to_le());
        bd.write16(desc::BD_DATLEN, (len as u16).to_le());
        bd.write32(desc::BD_ESC, esc.to_le());
        bd.write32(desc::BD_BDU, 0);
        if let Some(sc) = sc {
            bd.write16(desc::BD_SC, sc.to_le());
        }
    }

    fn set_sc(&self, i: usize, sc: u16) {
        self.bd(i).write16(desc::BD_SC, sc.to_le());
    }
}

impl TxDescs for TxBds {
    fn busy(&self, i: usize) -> bool {
        desc::tx_busy(self.sc(i))
    }

    fn idle(&self, i: usize, last_in_ring: bool) {
        self.fill(i, 0, 0, 0, Some(desc::tx_idle(last_in_ring)));
    }
}

/// The Rx ring: its descriptors and buffers.
struct RxRing {
    book: RxBook,
    bds: RxBds,
    /// Buffer length the MAC may fill (MRBR).
    buf_len: u32,
}

/// The Rx descriptors of a ring (enhanced ENET layout).
struct RxBds(DescMem);

impl RxRing {
    fn new(dma: &DmaDevice, napi: &Napi, size: RingSize, buf_len: u32) -> Result<RxRing> {
        let bds = RxBds(DescMem::new(dma, size.get() as usize * desc::BD_SIZE)?);
        Ok(RxRing {
            book: RxBook::new(&bds, dma, napi, size, RX_HEADROOM, buf_len)?,
            bds,
            buf_len,
        })
    }
}

impl RxDescs for RxBds {
    fn arm(&self, i: usize, addr: Option<DmaAddr>, last_in_ring: bool) {
        let bd = self.0.desc::<{ desc::BD_SIZE }>(i * desc::BD_SIZE);
        if let Some(a) = addr {
            bd.write32(desc::BD_BUFADDR, (a as u32).to_le());
        }
        bd.write16(desc::BD_DATLEN, 0);
        bd.write32(desc::BD_ESC, desc::rx::INT.to_le());
        bd.write32(desc::BD_PROT, 0);
        bd.write32(desc::BD_BDU, 0);
        // The rest of the descriptor must be visible before it is empty.
        dma::dma_wmb();
        bd.write16(desc::BD_SC, desc::rx_empty(last_in_ring).to_le());
    }
}

/// 64-bit counters (`atomic64_t`, also on 32-bit CPUs), added once per poll
/// and read by `ndo_get_stats64` without taking the ring locks.
struct FecStats {
    rx_packets: Atomic<u64>,
    rx_bytes: Atomic<u64>,
    rx_errors: Atomic<u64>,
    rx_dropped: Atomic<u64>,
    rx_crc_errors: Atomic<u64>,
    rx_length_errors: Atomic<u64>,
    rx_frame_errors: Atomic<u64>,
    rx_fifo_errors: Atomic<u64>,
    rx_csum_ok: Atomic<u64>,
    /// Rx buffer allocations that failed (the frame was dropped).
    rx_alloc_failures: Atomic<u64>,
    tx_packets: Atomic<u64>,
    tx_bytes: Atomic<u64>,
    tx_dropped: Atomic<u64>,
    /// Packets still in the Tx ring when the MAC was reset (link change).
    tx_flushed: Atomic<u64>,
    /// Packets copied to meet the Tx buffer alignment.
    tx_bounced: Atomic<u64>,
    /// GSO packets segmented by the driver (software TSO), and the frames
    /// made of them.
    tx_tso_packets: Atomic<u64>,
    tx_tso_frames: Atomic<u64>,
    /// MAC restarts for link changes.
    link_restarts: Atomic<u64>,
}

impl Default for FecStats {
    fn default() -> Self {
        let z = || Atomic::new(0u64);
        FecStats {
            rx_packets: z(),
            rx_bytes: z(),
            rx_errors: z(),
            rx_dropped: z(),
            rx_crc_errors: z(),
            rx_length_errors: z(),
            rx_frame_errors: z(),
            rx_fifo_errors: z(),
            rx_csum_ok: z(),
            rx_alloc_failures: z(),
            tx_packets: z(),
            tx_bytes: z(),
            tx_dropped: z(),
            tx_flushed: z(),
            tx_bounced: z(),
            tx_tso_packets: z(),
            tx_tso_frames: z(),
            link_restarts: z(),
        }
    }
}

/// Pause (flow control) settings of `ethtool -A`: the ENET pauses both
/// directions or neither.
#[derive(Clone, Copy)]
struct PauseCfg {
    /// Follow what autonegotiation resolves.
    autoneg: bool,
    /// Pause on regardless of autonegotiation.
    enable: bool,
}

/// Settings changed through ethtool.
#[derive(Clone, Copy)]
struct Cfg {
    rings: RingConfig,
    tx_itr: Itr,
    rx_itr: Itr,
    pause: PauseCfg,
}

/// The driver state of one ENET (the `net_device`'s private part).
struct Fec {
    dev: NetDev,
    dma: DmaDevice,
    node: Node,
    variant: &'static Variant,
    regs: Arc<regs::Regs>,
    irq_lines: KVec<u32>,
    /// Rate of the coalescing timer clock (AHB).
    itr_rate: u32,
    /// MII speed register value (MDC and hold time).
    mscr: u32,
    phy_if: PhyInterface,
    /// Serializes read-modify-write of IMASK between the Rx and Tx halves
    /// (hard interrupt and softirq context).
    /// Guards IMASK and holds its value: the handler and the polls then
    /// never read the register (each MMIO access is costly, most of all
    /// under emulation).
    imask_lock: Pin<KBox<SpinLockIrq<u32>>>,
    /// Serializes read-modify-write of RCR (promiscuous bit from
    /// `ndo_set_rx_mode`, atomic context) with its rewrites; taken after
    /// the address list lock, never before it.
    rcr_lock: Pin<KBox<SpinLockIrq<()>>>,
    /// Serializes bringing the data path up and down (open, stop, ring
    /// changes, resets) with MAC restarts on link changes.
    hw_lock: Pin<KBox<Mutex<()>>>,
    /// The (only) Tx queue of the `net_device` (looked up once).
    txq: TxQueue,
    /// Tx ring counters, read locklessly by the stop/wake helpers.
    tx_produced: AtomicU32,
    tx_consumed: AtomicU32,
    /// Set while the link is down with the MAC stopped and the NAPIs on:
    /// completions must not wake the queue then (`restart_live`).
    tx_halted: AtomicBool,
    /// The Tx queue's stops and wakes.
    tx_flow: TxFlowStats,
    /// The Tx ring, taken by xmit (under the queue lock) and by the Tx NAPI.
    tx: Pin<KBox<SpinLock<Option<TxRing>>>>,
    /// The Rx ring, used by the Rx NAPI (and by the set-up paths with NAPI
    /// off).
    rx: Pin<KBox<SpinLock<Option<RxRing>>>>,
    /// Interrupts requested while the interface is up.
    irqs: Pin<KBox<SpinLock<KVec<Irq>>>>,
    // The NAPIs are dropped after the rings (a ring's page pool points at
    // its NAPI).
    rx_napi: Napi,
    tx_napi: Napi,
    stats: FecStats,
    cfg: Pin<KBox<SpinLock<Cfg>>>,
    /// debugfs `fec_rs-<base>/`: TXIC0/RXIC0 as last written (QEMU does not
    /// keep them), the ITR clock rate, and test knobs: Rx allocation
    /// failures, a stalled transmitter (no doorbells until the Tx-timeout
    /// reset clears it), and the Tx alignment copy of the non-AVB parts.
    debug: DebugDir<3, 4>,
    /// Software TSO offered (parts with checksum insertion and no Tx
    /// alignment constraint).
    tso: bool,
    /// Packets the current Tx ring takes in one piece, for `gso_ok`.
    tso_limit: TsoLimit,
    msglevel: AtomicU32,
    /// Data path up (between a successful bring-up and bring-down).
    up: AtomicBool,
    /// Last link state seen by `adjust_link`: speed (0 = down) and duplex.
    link: Pin<KBox<SpinLock<(u32, bool)>>>,
    /// Rx checksum offload on (`NETIF_F_RXCSUM`, `ethtool -K rx`): the
    /// MAC discards frames with bad IP or TCP/UDP checksums and the driver
    /// reports the good ones verified. Written under `hw_lock` only.
    rx_csum: AtomicBool,
    /// One NAPI for Rx and Tx completion (module parameter
    /// `combined_napi`, for comparisons; the Tx NAPI then stays idle).
    combined_napi: bool,
}

/// The platform driver's data for a bound ENET. Fields drop in order: the
/// net_device (and its PHY) before the MDIO bus, the clocks last.
struct Enet {
    net: Registration<Fec>,
    _mdio: MdioBus<FecMdio>,
    _clks: KVec<EnabledClk>,
}

/// The platform driver.
struct FecRs;

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

netdev::net::declare_net_driver!(Fec);

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

impl Fec {
    /// Stops the MAC (`fec_ctrl_reset()`): the AVB parts are disabled rather
    /// than reset (a reset would also reset their AXI side).
    ///
    /// A hard reset also clears MSCR: it is written again at once, since
    /// phylib may be talking to the PHY meanwhile.
    fn ctrl_reset(&self) {
        if self.variant.quirks.has(Quirks::HAS_MULTI_QUEUES) {
            self.regs.write(regs::ECNTRL, 0);
        } else {
            self.regs.write(regs::ECNTRL, ecr::RESET);
            udelay(Delta::from_micros(10));
            self.regs.write(regs::MII_SPEED, self.mscr);
        }
    }

    /// Station address: PALR holds bytes 0..3, PAUR bytes 4..5 in its upper
    /// half.
    fn program_mac(&self, mac: MacAddr) {
        let m = mac.0;
        self.regs
            .write(regs::ADDR_LOW, u32::from_be_bytes([m[0], m[1], m[2], m[3]]));
        self.regs
            .write(regs::ADDR_HIGH, u32::from_be_bytes([m[4], m[5], 0, 0]));
    }

    /// RCR's maximum frame length for the current MTU.
    fn max_fl(&self) -> u32 {
        ((self.dev.mtu() + VLAN_ETH_HLEN + desc::FCS_LEN) << rcr::MAX_FL_SHIFT) & rcr::MAX_FL_MASK
    }

    /// Promiscuous mode and the multicast hash (`set_multicast_list()`).
    fn program_rx_mode(&self, in_set_rx_mode: bool) {
        // The address list first (it takes the list lock unless the caller
        // holds it), then the registers under `rcr_lock`.
        let hash = self
            .dev
            .mc_filter(in_set_rx_mode, GroupHash::ALL, GroupHash::add);
        let _g = self.rcr_lock.lock();
        let mut v = self.regs.read(regs::R_CNTRL) & !rcr::PROMISC;
        if self.dev.promisc() {
            v |= rcr::PROMISC;
        }
        self.regs.write(regs::R_CNTRL, v);
        self.regs.write(regs::GRP_HASH_TABLE_HIGH, hash.high);
        self.regs.write(regs::GRP_HASH_TABLE_LOW, hash.low);
    }

    /// Writes the coalescing registers (`fec_enet_itr_coal_set()`), all
    /// three rings' on multi-queue parts.
    fn program_coalescing(&self) {
        if !self.variant.quirks.has(Quirks::HAS_COALESCE) {
            return;
        }
        let cfg = *self.cfg.lock();
        let tx = cfg.tx_itr.register(self.itr_rate);
        let rx = cfg.rx_itr.register(self.itr_rate);
        self.regs.write(regs::TXIC0, tx);
        self.regs.write(regs::RXIC0, rx);
        if self.variant.quirks.has(Quirks::HAS_MULTI_QUEUES) {
            for r in [regs::TXIC1, regs::TXIC2] {
                self.regs.write(r, tx);
            }
            for r in [regs::RXIC1, regs::RXIC2] {
                self.regs.write(r, rx);
            }
        }
        self.debug.set(DBG_TXIC, tx);
        self.debug.set(DBG_RXIC, rx);
    }

    /// Resets and programs the MAC for the current link and starts it
    /// (`fec_restart()`). The data path must be quiet: NAPIs disabled, Tx
    /// stopped, rings installed. Interrupts stay masked (see `resume`).
    fn restart_hw(&self) {
        let (speed, full) = *self.link.lock();
        let q = self.variant.quirks;
        self.ctrl_reset();
        self.program_mac(self.dev.mac());
        self.regs.write(regs::IEVENT, ievent::ALL_BUT_MII);
        self.reset_rings();
        {
            let _bh = BhDisabled::new();
            if let Some(rx) = self.rx.lock().as_ref() {
                self.regs.write(regs::R_DES_START_0, rx.bds.0.dma() as u32);
                self.regs.write(regs::R_BUFF_SIZE_0, rx.buf_len);
                if q.has(Quirks::HAS_RACC) {
                    self.regs.write(regs::FTRL, rx.buf_len);
                }
            }
            // The guard goes before `_bh` (see `reset_rings`).
            let tx_guard = self.tx.lock();
            if let Some(tx) = (*tx_guard).as_ref() {
                self.regs.write(regs::X_DES_START_0, tx.bds.0.dma() as u32);
            }
            drop(tx_guard);
        }

        let mut rcntl = rcr::MII | self.max_fl();
        // Full duplex unless the PHY says half.
        if speed != 0 && !full {
            rcntl |= rcr::DRT;
            self.regs.write(regs::X_CNTRL, 0);
        } else {
            self.regs.write(regs::X_CNTRL, regs::TCR_FDEN);
        }
        self.regs.write(regs::MII_SPEED, self.mscr);
        if q.has(Quirks::HAS_RACC) {
            let mut v = self.regs.read(regs::RACC) | racc::SHIFT16;
            if self.rx_csum.load(Ordering::Relaxed) {
                v |= racc::IPDIS | racc::PRODIS;
            } else {
                v &= !(racc::IPDIS | racc::PRODIS);
            }
            self.regs.write(regs::RACC, v);
        }
        let mut ecntl = ecr::ETHEREN | ecr::BYTESWP | ecr::EN1588;
        // ENET-MAC: length check, interface mode, speed.
        rcntl |= rcr::NLC;
        match self.phy_if {
            PhyInterface::Rgmii => rcntl |= rcr::RGMII,
            PhyInterface::Rmii => rcntl |= rcr::RMII,
            PhyInterface::Mii => {}
        }
        match speed {
            1000 => ecntl |= ecr::SPEED,
            100 | 0 => {}
            _ => rcntl |= rcr::R10BASET,
        }
        // Pause: forced on, or on when autonegotiation resolved it (the C
        // default: autonegotiated).
        let pause = self.cfg.lock().pause;
        if pause.enable || (pause.autoneg && self.dev.phy_pause()) {
            rcntl |= rcr::FLOWCTL;
            self.regs.write(regs::R_FIFO_RSEM, regs::RSEM_V);
            self.regs.write(regs::R_FIFO_RSFL, regs::RSFL_V);
            self.regs.write(regs::R_FIFO_RAEM, regs::RAEM_V);
            self.regs.write(regs::R_FIFO_RAFL, regs::RAFL_V);
            self.regs.write(regs::OPD, regs::OPD_V);
        }
        {
            let _g = self.rcr_lock.lock();
            self.regs.write(regs::R_CNTRL, rcntl);
        }
        self.program_rx_mode(false);
        self.regs.write(regs::HASH_TABLE_HIGH, 0);
        self.regs.write(regs::HASH_TABLE_LOW, 0);
        self.regs.write(regs::X_WMRK, regs::TXWMRK_STRFWD);
        // MIB counters on.
        self.regs.write(regs::MIB_CTRLSTAT, 0);
        self.regs.write(regs::ECNTRL, ecntl);
        self.regs.write(regs::R_DES_ACTIVE_0, 0);
        self.program_coalescing();
        self.dev.trans_update();
    }

    /// Enables NAPI and then the frame interrupts (after `restart_hw`).
    fn resume(&self) {
        self.rx_napi.enable();
        self.tx_napi.enable();
        self.unmask(ievent::TXF_0 | ievent::RXF_0);
    }

    /// Gracefully stops the transmitter and resets the MAC, leaving it
    /// enabled for MDIO (`fec_stop()`).
    fn stop_hw(&self) {
        if self.link.lock().0 != 0 {
            self.regs.write(regs::X_CNTRL, 1);
            udelay(Delta::from_micros(10));
            if self.regs.read(regs::IEVENT) & ievent::GRA == 0 {
                pr_warn!("fec_rs: graceful transmit stop did not complete\n");
            }
        }
        {
            let mut m = self.imask_lock.lock();
            *m = 0;
            self.regs.write(regs::IMASK, 0);
        }
        let _g = self.rcr_lock.lock();
        let rmii = self.regs.read(regs::R_CNTRL) & rcr::RMII;
        self.ctrl_reset();
        self.regs.write(regs::MII_SPEED, self.mscr);
        self.regs.write(regs::ECNTRL, ecr::ETHEREN);
        self.regs.write(regs::R_CNTRL, rmii);
        drop(_g);
        self.regs.write(regs::IEVENT, ievent::ALL_BUT_MII);
    }

    /// Empties the Tx ring (its packets are dropped and counted) and
    /// re-arms the Rx ring from its first descriptor. NAPIs must be off.
    fn reset_rings(&self) {
        let _bh = BhDisabled::new();
        let mut tx_guard = self.tx.lock();
        if let Some(tx) = (*tx_guard).as_mut() {
            let c = Cursor {
                produced: self.tx_produced.load(Ordering::Acquire),
                consumed: self.tx_consumed.load(Ordering::Acquire),
            };
            let (_, flushed) = tx.book.flush(&tx.bds, &self.dma, c);
            // The hardware restarts at the first descriptor.
            self.tx_produced.store(0, Ordering::Relaxed);
            self.tx_consumed.store(0, Ordering::Release);
            if flushed > 0 {
                self.stats.tx_flushed.add(flushed, Relaxed);
                self.stats.tx_dropped.add(flushed, Relaxed);
            }
        }
        // BQL forgets the flushed packets in the same hold of the ring lock:
        // no packet queued in between may be forgotten with them.
        self.txq().reset();
        drop(tx_guard);
        // The guard goes before `_bh` turns softirqs back on (a lock guard in
        // a tail expression would outlive `_bh`).
        let mut rx_guard = self.rx.lock();
        if let Some(rx) = (*rx_guard).as_mut() {
            rx.book.rewind(&rx.bds);
        }
        drop(rx_guard);
    }

    /// Allocates and installs the rings.
    fn alloc_rings(&self) -> Result {
        let cfg = self.cfg.lock().rings;
        let tx = TxRing::new(&self.dma, &cfg, self.tso)?;
        if self.tso {
            self.tso_limit.set(self.dev, cfg.thresholds.stop());
        }
        let rx = RxRing::new(&self.dma, &self.rx_napi, cfg.rx, rx_buf_len(self.dev.mtu()))?;
        self.tx_produced.store(0, Ordering::Relaxed);
        self.tx_consumed.store(0, Ordering::Relaxed);
        let _bh = BhDisabled::new();
        *self.tx.lock() = Some(tx);
        *self.rx.lock() = Some(rx);
        Ok(())
    }

    /// Frees the rings: unsent skbs and Rx pages are released.
    fn free_rings(&self) {
        // Take the rings out under the locks (softirqs off: the NAPIs use
        // these locks), tear them down with no lock held (freeing DMA memory
        // and page pools may sleep).
        let (tx, rx) = {
            let _bh = BhDisabled::new();
            let tx = self.tx.lock().take();
            let rx = self.rx.lock().take();
            (tx, rx)
        };
        if let Some(mut tx) = tx {
            let c = Cursor {
                produced: self.tx_produced.load(Ordering::Acquire),
                consumed: self.tx_consumed.load(Ordering::Acquire),
            };
            let (consumed, _) = tx.book.flush(&tx.bds, &self.dma, c);
            self.tx_consumed.store(consumed, Ordering::Release);
        }
        self.txq().reset();
        drop(rx);
    }

    fn request_irqs(&self) -> Result {
        let mut irqs = KVec::new();
        for (i, &line) in self.irq_lines.iter().enumerate() {
            irqs.push(
                Irq::request(line, c"fec_rs", self.dev, i as u32)?,
                GFP_KERNEL,
            )?;
        }
        let old = core::mem::replace(&mut *self.irqs.lock(), irqs);
        drop(old);
        Ok(())
    }

    fn free_irqs(&self) {
        let irqs = core::mem::take(&mut *self.irqs.lock());
        drop(irqs);
    }

    /// Brings the data path up: rings, interrupts, NAPIs, MAC. `hw_lock`
    /// held.
    fn bring_up(&self) -> Result {
        if let Err(e) = self.alloc_rings() {
            self.free_rings();
            return Err(e);
        }
        if let Err(e) = self.request_irqs() {
            self.free_irqs();
            self.free_rings();
            return Err(e);
        }
        // The MAC runs from here on whatever the link, as after open (and
        // `fec_restart()`): with the link down the carrier is off, and what
        // still reaches the ring (a socket bypassing the qdisc) is sent and
        // completed, so the queue may be woken and completions may wake it.
        self.restart_hw();
        self.tx_halted.store(false, Ordering::Release);
        self.resume();
        self.rx_napi.link_queue(self.dev, 0, false);
        self.tx_napi.link_queue(self.dev, 0, true);
        self.up.store(true, Ordering::Release);
        self.dev.tx_wake_all();
        Ok(())
    }

    /// Takes the data path down; idempotent. `hw_lock` held.
    fn bring_down(&self) {
        if !self.up.swap(false, Ordering::AcqRel) {
            return;
        }
        // NAPIs first, then the queue: a last Tx poll after the queue is
        // disabled could wake it again, and xmit would then race with the
        // ring teardown (the C fec's order around `fec_restart()`).
        Napi::unlink_queue(self.dev, 0, false);
        Napi::unlink_queue(self.dev, 0, true);
        self.rx_napi.disable();
        self.tx_napi.disable();
        self.dev.tx_disable();
        self.stop_hw();
        self.free_irqs();
        self.free_rings();
    }

    /// Stops and restarts a running data path with new settings applied by
    /// `apply` (ring sizes); on failure restores the old settings.
    fn restart_with(&self, apply: impl Fn(&mut Cfg, bool)) -> Result {
        let _hw = self.hw_lock.lock();
        let up = self.up.load(Ordering::Acquire);
        if up {
            self.bring_down();
        }
        apply(&mut self.cfg.lock(), true);
        if up {
            if let Err(e) = self.bring_up() {
                apply(&mut self.cfg.lock(), false);
                pr_err!("fec_rs: restart with new settings failed ({e:?}), restoring\n");
                self.bring_up()?;
                return Err(e);
            }
        }
        Ok(())
    }

    /// Restarts the MAC of a running data path (new link or pause
    /// settings): Tx and NAPI paused around `restart_hw`, or the MAC stopped
    /// when the link is down. `hw_lock` held, data path up.
    fn restart_live(&self, link_up: bool) {
        // Masked first: an event of the restart window stays pending in EIR
        // and fires once `resume()` unmasks it. NAPIs before the queue (see
        // `bring_down`).
        self.mask(ievent::TXF_0 | ievent::RXF_0);
        self.rx_napi.disable();
        self.tx_napi.disable();
        self.dev.tx_disable();
        if link_up {
            self.restart_hw();
            self.tx_halted.store(false, Ordering::Release);
            self.resume();
            self.dev.tx_wake_all();
        } else {
            // The queue stays stopped until the link is back (and the MAC
            // restarted): nothing may go into the ring of a stopped MAC, so
            // no completion may wake it (an interrupt that was already
            // running when `mask()` ran can still schedule the Tx NAPI).
            self.stop_hw();
            self.tx_halted.store(true, Ordering::Release);
            self.rx_napi.enable();
            self.tx_napi.enable();
        }
    }

    #[inline]
    fn txq(&self) -> TxQueue {
        self.txq
    }

    #[inline]
    fn counters(&self, size: RingSize) -> TxCounters<'_> {
        TxCounters {
            produced: &self.tx_produced,
            consumed: &self.tx_consumed,
            size: size.get(),
            flow: &self.tx_flow,
        }
    }

    fn mask(&self, bits: u32) {
        let mut m = self.imask_lock.lock();
        *m &= !bits;
        self.regs.write(regs::IMASK, *m);
    }

    fn unmask(&self, bits: u32) {
        let mut m = self.imask_lock.lock();
        *m |= bits;
        self.regs.write(regs::IMASK, *m);
    }

    /// Rings the Tx doorbell (`fec_txq_trigger_xmit()`): with ERR007885 the
    /// write is skipped while TDAR still reads active (a write right after
    /// the DMA cleared it may be lost otherwise).
    fn kick_tx(&self) {
        // `stall_tx` in debugfs simulates a stuck transmitter.
        if self.debug.is_set(DBG_STALL_TX) {
            return;
        }
        if self.variant.quirks.has(Quirks::ERR007885)
            && (0..4).all(|_| self.regs.read(regs::X_DES_ACTIVE_0) != 0)
        {
            return;
        }
        self.regs.write(regs::X_DES_ACTIVE_0, 0);
    }

    /// Tx confirmation: reclaims every packet the hardware has sent, reports
    /// to BQL and wakes the queue with hysteresis.
    fn clean_tx(&self, budget: i32) {
        let mut guard = self.tx.lock();
        let Some(tx) = (*guard).as_mut() else {
            return;
        };
        let size = tx.size;
        let wake = tx.thresholds.wake();
        let c = Cursor {
            produced: self.tx_produced.load(Ordering::Acquire),
            consumed: self.tx_consumed.load(Ordering::Relaxed),
        };
        let r = tx.book.reclaim(&tx.bds, &self.dma, c, budget);
        self.tx_consumed.store(r.consumed, Ordering::Release);
        let pending = c.produced != r.consumed;
        drop(guard);
        let (pkts, bytes) = (r.pkts, r.bytes);
        // ERR006358: the transmitter may stop with descriptors still ready.
        if pending
            && self.variant.quirks.has(Quirks::ERR006358)
            && !self.debug.is_set(DBG_STALL_TX)
            && self.regs.read(regs::X_DES_ACTIVE_0) == 0
        {
            self.regs.write(regs::X_DES_ACTIVE_0, 0);
        }
        if pkts > 0 {
            self.stats.tx_packets.add(u64::from(pkts), Relaxed);
            self.stats.tx_bytes.add(u64::from(bytes), Relaxed);
        }
        let c = self.counters(size);
        let halted = self.tx_halted.load(Ordering::Acquire);
        self.txq().completed_wake(pkts, bytes, &c, wake, halted);
    }

    /// Rx of at most `quota` frames; returns the frames handled.
    fn clean_rx(&self, quota: u32) -> u32 {
        let mut guard = self.rx.lock();
        let Some(rx) = (*guard).as_mut() else {
            return 0;
        };
        let rx_csum = self.rx_csum.load(Ordering::Relaxed);
        let mut work = 0;
        let mut n = RxCounts::default();
        while work < quota {
            let i = rx.book.slot();
            let bd = rx.bds.0.desc::<{ desc::BD_SIZE }>(i * desc::BD_SIZE);
            let sc = u16::from_le(bd.read16(desc::BD_SC));
            if sc & desc::rx::EMPTY != 0 {
                break;
            }
            // The rest of the descriptor is valid once it is ours.
            dma::dma_rmb();
            let datlen = u16::from_le(bd.read16(desc::BD_DATLEN));
            let status = desc::rx_status(sc, datlen);
            match status {
                RxStatus::Empty => break,
                // Pieces of a frame longer than a buffer (MAX_FL and FTRL
                // keep frames within one): dropped, counted once, at their
                // end.
                RxStatus::Partial => rx.book.skip(&rx.bds, i, u32::from(datlen)),
                RxStatus::Frame { .. } if rx.book.gathered().is_some() => {
                    rx.book.abandon();
                    n.errors += 1;
                    n.length_errors += 1;
                    rx.book.rearm(&rx.bds, i);
                }
                RxStatus::Frame { len } => {
                    let esc = u32::from_le(bd.read32(desc::BD_ESC));
                    let prot = u32::from_le(bd.read32(desc::BD_PROT));
                    let csum_ok = rx_csum && desc::rx_csum_ok(esc, prot);
                    // The frame follows the two shift bytes (RACC[SHIFT16]).
                    // `fail_rx_alloc` in debugfs injects refill failures.
                    let (d, ok) = rx.book.deliver(
                        &rx.bds,
                        i,
                        len + desc::RX_SHIFT,
                        desc::RX_SHIFT,
                        len,
                        self.debug.take(DBG_FAIL_RX_ALLOC),
                        |_| csum_ok,
                        &self.rx_napi,
                        self.dev,
                    );
                    match d {
                        Delivery::Delivered => {
                            n.packets += 1;
                            n.bytes += len;
                            n.csum_ok += u32::from(ok);
                        }
                        Delivery::NoBuffer => {
                            n.dropped += 1;
                            n.alloc_failures += 1;
                        }
                        Delivery::Dropped => n.dropped += 1,
                    }
                }
                RxStatus::Error { flags } => {
                    rx.book.abandon();
                    n.errors += 1;
                    if flags & desc::rx::OV != 0 {
                        n.fifo_errors += 1;
                    } else {
                        if flags & (desc::rx::LG | desc::rx::SH) != 0 {
                            n.length_errors += 1;
                        }
                        if flags & desc::rx::CR != 0 {
                            n.crc_errors += 1;
                        }
                        if flags & (desc::rx::NO | desc::rx::CL) != 0 {
                            n.frame_errors += 1;
                        }
                    }
                    rx.book.rearm(&rx.bds, i);
                }
            }
            rx.book.advance();
            work += 1;
        }
        drop(guard);
        if work > 0 {
            // Descriptors were handed back: let the DMA continue.
            self.regs.write(regs::R_DES_ACTIVE_0, 0);
        }
        let st = &self.stats;
        for (c, v) in [
            (&st.rx_packets, n.packets),
            (&st.rx_bytes, n.bytes),
            (&st.rx_errors, n.errors),
            (&st.rx_dropped, n.dropped),
            (&st.rx_crc_errors, n.crc_errors),
            (&st.rx_length_errors, n.length_errors),
            (&st.rx_frame_errors, n.frame_errors),
            (&st.rx_fifo_errors, n.fifo_errors),
            (&st.rx_csum_ok, n.csum_ok),
            (&st.rx_alloc_failures, n.alloc_failures),
        ] {
            if v != 0 {
                c.add(u64::from(v), Relaxed);
            }
        }
        work
    }

    fn tx_drop(&self) -> TxVerdict {
        self.stats.tx_dropped.add(1, Relaxed);
        TxVerdict::Ok
    }

    fn has_coalesce(&self) -> Result {
        if self.variant.quirks.has(Quirks::HAS_COALESCE) {
            Ok(())
        } else {
            Err(EOPNOTSUPP)
        }
    }
}

impl NetDriver for Fec {
    fn open(&self) -> Result {
        *self.link.lock() = (0, false);
        {
            let _hw = self.hw_lock.lock();
            self.bring_up()?;
        }
        self.dev.phy_start();
        Ok(())
    }

    fn stop(&self) {
        // Before taking `hw_lock`: phy_stop() may report the link down
        // through adjust_link(), which takes it.
        self.dev.phy_stop();
        {
            let _hw = self.hw_lock.lock();
            self.bring_down();
        }
        self.dev.carrier(false);
    }

    fn start_xmit(&self, mut skb: Skb, _queue: u32) -> TxVerdict {
        // Checksum insertion: the MAC fills in the IPv4 header and TCP/UDP
        // checksums of fields the driver zeroes (IPv4 only is advertised).
        let off = skb.offloads();
        let csum = match off.csum {
            CsumRequest::None => false,
            CsumRequest::Ipv4 { .. } => true,
            CsumRequest::Other => {
                drop(skb);
                return self.tx_drop();
            }
        };
        // A TCP/IPv4 GSO packet (TSO on): segmented here, see `tso.rs`.
        let gso = match off.gso {
            Ok(g) => g,
            Err(_) => {
                drop(skb);
                return self.tx_drop();
            }
        };
        if csum && skb.clear_csum_fields().is_err() {
            drop(skb);
            return self.tx_drop();
        }
        // Parts whose DMA needs aligned buffers get an aligned linear copy
        // when needed (`force_tx_align` in debugfs exercises this on the
        // others; `gso_ok` keeps GSO packets away meanwhile).
        let mask = if self.debug.is_set(DBG_FORCE_TX_ALIGN) {
            0xf
        } else {
            self.variant.quirks.tx_align_mask()
        };
        if mask != 0 && !skb.dma_aligned(mask) {
            if gso.is_some() {
                drop(skb);
                return self.tx_drop();
            }
            match skb.copy_aligned(mask + 1) {
                Some(s) => {
                    skb = s;
                    self.stats.tx_bounced.add(1, Relaxed);
                }
                None => return self.tx_drop(),
            }
        }

        let nfrags = skb.nr_frags();
        let nbds = txring::packet_descs(gso.as_ref(), nfrags);
        let mut guard = self.tx.lock();
        let Some(tx) = (*guard).as_mut() else {
            drop(guard);
            drop(skb);
            return self.tx_drop();
        };
        let size = tx.size;
        let t = tx.thresholds;
        if nbds > t.stop() {
            // A GSO packet checked against a larger ring before a ring
            // change: it can never fit in advance.
            drop(guard);
            drop(skb);
            return self.tx_drop();
        }
        let produced = self.tx_produced.load(Ordering::Relaxed);
        let c = Cursor {
            produced,
            consumed: self.tx_consumed.load(Ordering::Acquire),
        };
        if c.free(size) < nbds {
            // The queue is stopped in advance, so this is a bug path: hand
            // the skb back and stop the queue.
            drop(guard);
            pr_err!("fec_rs: Tx ring full while the queue was awake\n");
            self.txq()
                .maybe_stop(&self.counters(size), t.stop(), t.wake());
            return TxVerdict::Busy(skb);
        }
        let bytes = skb.len();

        // Map the head and the fragments (or, with TSO, each segment's
        // header copy and payload) straight into their slots; the other
        // descriptors may be READY before the first one, since the DMA stops
        // at the first until it is (one barrier before that READY orders
        // them all, as in C). On a mapping failure, the book undoes what was
        // mapped so far.
        let last_slot = size.get() as usize - 1;
        let first_slot = size.slot(produced);
        let bds = &tx.bds;
        // `fail_tx_map` in debugfs injects mapping failures.
        let fail_map = self.debug.take(DBG_FAIL_TX_MAP);
        let mapped = match (&gso, &mut tx.hdrs) {
            (None, _) => tx
                .book
                .map_packet(bds, &self.dma, &skb, produced, bytes, fail_map, |i, addr, len, f| {
                    let last = f == nfrags;
                    let sc = (f > 0).then(|| desc::tx_sc(last, i == last_slot));
                    bds.fill(i, addr, len, desc::tx_esc(last, csum), sc);
                })
                .map(|(_, n)| (n, nfrags == 0)),
            (Some(l), Some(hdrs)) => tx
                .book
                .map_tso(
                    bds,
                    &self.dma,
                    &skb,
                    l,
                    produced,
                    bytes,
                    TsoHeaders {
                        mem: hdrs,
                        prefix: 0,
                    },
                    fail_map,
                    |_, _, _| (),
                    |i, addr, len, bd| {
                        let (eof, int) = match bd {
                            TsoBd::Header | TsoBd::Payload => (false, false),
                            TsoBd::EndOfFrame => (true, false),
                            TsoBd::EndOfPacket => (true, true),
                        };
                        let sc = (i != first_slot).then(|| desc::tx_sc(eof, i == last_slot));
                        bds.fill(i, addr, len, desc::tx_esc(int, true), sc);
                    },
                )
                .map(|n| (n, false)),
            // TSO packets come only with TSO on, which has header buffers.
            (Some(_), None) => Err(EINVAL),
        };
        let Ok((nbds, first_is_last)) = mapped else {
            drop(guard);
            drop(skb);
            return self.tx_drop();
        };
        tx.book.set_skb(produced, skb);
        if let Some(l) = &gso {
            self.stats.tx_tso_packets.add(1, Relaxed);
            self.stats.tx_tso_frames.add(u64::from(l.segs()), Relaxed);
        }
        // Report to BQL before the packet can complete: the Tx NAPI only
        // reclaims up to the published producer counter.
        let txq = self.txq();
        let kick = txq.sent(bytes);
        dma::dma_wmb();
        tx.bds.set_sc(
            first_slot,
            desc::tx_sc(first_is_last, size.is_last(produced)),
        );
        self.tx_produced
            .store(produced.wrapping_add(nbds), Ordering::Release);
        drop(guard);

        let stopped = txq.maybe_stop(&self.counters(size), t.stop(), t.wake());
        if qdisc_hooks::doorbell(!kick, stopped) {
            // Descriptors must be in memory before the doorbell.
            dma::wmb();
            self.kick_tx();
        }
        TxVerdict::Ok
    }

    fn gso_ok(&self, segs: u32, nr_frags: u32) -> bool {
        self.tso && !self.debug.is_set(DBG_FORCE_TX_ALIGN) && self.tso_limit.fits(segs, nr_frags)
    }

    fn get_stats64(&self, s: &mut Stats) {
        let st = &self.stats;
        s.tx_packets = st.tx_packets.load(Relaxed);
        s.tx_bytes = st.tx_bytes.load(Relaxed);
        s.tx_dropped = st.tx_dropped.load(Relaxed);
        s.rx_packets = st.rx_packets.load(Relaxed);
        s.rx_bytes = st.rx_bytes.load(Relaxed);
        s.rx_errors = st.rx_errors.load(Relaxed);
        s.rx_dropped = st.rx_dropped.load(Relaxed);
        s.rx_crc_errors = st.rx_crc_errors.load(Relaxed);
        s.rx_length_errors = st.rx_length_errors.load(Relaxed);
        s.rx_frame_errors = st.rx_frame_errors.load(Relaxed);
        s.rx_over_errors = st.rx_fifo_errors.load(Relaxed);
    }

    fn tx_timeout(&self, queue: u32) {
        pr_warn!("fec_rs: Tx timeout on queue {queue}, resetting\n");
        self.dev.schedule_reset();
    }

    fn set_rx_mode(&self) {
        if self.up.load(Ordering::Acquire) {
            self.program_rx_mode(true);
        }
    }

    fn change_mtu(&self, mtu: u32) -> Result {
        // Across 1500 bytes the Rx buffers change size: the rings are
        // rebuilt (RTNL is held, as for open/stop, so `up` is stable).
        let old = self.dev.mtu();
        if self.up.load(Ordering::Acquire) && rx_buf_len(mtu) != rx_buf_len(old) {
            return self.restart_with(|_, apply| self.dev.set_mtu(if apply { mtu } else { old }));
        }
        // Otherwise only the frame length limit changes, live.
        // `hw_lock`: not across a MAC restart, which rewrites RCR.
        let _hw = self.hw_lock.lock();
        self.dev.set_mtu(mtu);
        if self.up.load(Ordering::Acquire) {
            let _g = self.rcr_lock.lock();
            let v = self.regs.read(regs::R_CNTRL) & !rcr::MAX_FL_MASK;
            self.regs.write(regs::R_CNTRL, v | self.max_fl());
        }
        Ok(())
    }

    fn set_mac_address(&self, mac: MacAddr) -> Result {
        let _hw = self.hw_lock.lock();
        self.dev.set_mac(mac);
        self.program_mac(mac);
        Ok(())
    }

    fn poll(&self, id: u32, budget: i32) -> i32 {
        if id == NAPI_TX {
            // Acknowledge first, so that completions after the reclaim raise
            // the interrupt again once unmasked.
            self.regs.write(regs::IEVENT, ievent::TXF);
            self.clean_tx(budget);
            match napi::tx_end(true, budget) {
                PollEnd::Continue(v) => v,
                PollEnd::Complete(v) => {
                    if self.tx_napi.complete_done(v) {
                        self.unmask(ievent::TXF_0);
                    }
                    v
                }
            }
        } else {
            // Combined mode (the C fec's design, kept for comparison): this
            // one NAPI also reclaims Tx.
            let (ack, sources) = if self.combined_napi {
                (ievent::RXF | ievent::TXF, ievent::RXF_0 | ievent::TXF_0)
            } else {
                (ievent::RXF, ievent::RXF_0)
            };
            self.regs.write(regs::IEVENT, ack);
            if self.combined_napi {
                self.clean_tx(budget);
            }
            let work = self.clean_rx(napi::rx_quota(budget));
            match napi::rx_end(work, budget) {
                PollEnd::Continue(v) => v,
                PollEnd::Complete(v) => {
                    if self.rx_napi.complete_done(v) {
                        self.unmask(sources);
                    }
                    v
                }
            }
        }
    }

    fn irq(&self, _id: u32, ctx: &IrqContext) -> bool {
        let ev = self.regs.read(regs::IEVENT);
        // The enabled frame events, their sources masked in the same hold of
        // the lock; the NAPIs they go to are scheduled after it. Masked even
        // if a NAPI cannot be scheduled (running, or disabled for a
        // restart): the event stays pending for the poll or the `resume()`
        // that unmasks it.
        let (rx, tx) = ctx.locked(&self.imask_lock, |m| {
            let ev = ev & *m;
            let (rx, tx) = (ev & ievent::RXF != 0, ev & ievent::TXF != 0);
            let bits = if self.combined_napi {
                if rx || tx {
                    ievent::RXF_0 | ievent::TXF_0
                } else {
                    0
                }
            } else {
                (if rx { ievent::RXF_0 } else { 0 }) | (if tx { ievent::TXF_0 } else { 0 })
            };
            if bits != 0 {
                *m &= !bits;
                self.regs.write(regs::IMASK, *m);
            }
            (rx, tx)
        });
        if self.combined_napi {
            if rx || tx {
                self.rx_napi.schedule();
            }
        } else {
            if rx {
                self.rx_napi.schedule();
            }
            if tx {
                self.tx_napi.schedule();
            }
        }
        rx || tx
    }

    fn get_coalesce(&self) -> Result<Coalesce> {
        self.has_coalesce()?;
        let cfg = *self.cfg.lock();
        Ok(Coalesce {
            rx_usecs: cfg.rx_itr.usecs,
            rx_frames: cfg.rx_itr.frames,
            tx_usecs: cfg.tx_itr.usecs,
            tx_frames: cfg.tx_itr.frames,
        })
    }

    fn set_coalesce(&self, c: &Coalesce, ext: &mut ExtAck<'_>) -> Result {
        if let Err(e) = self.has_coalesce() {
            ext.error(
                "fec_rs",
                format_args!("this ENET has no interrupt coalescing"),
            );
            return Err(e);
        }
        let rate = self.itr_rate;
        let max_us = coalesce::max_usecs(rate);
        let mut check = |dir: &str, usecs, frames| {
            Itr::new(usecs, frames, rate).map_err(|e| {
                ext.error(
                    "fec_rs",
                    format_args!(
                        "{dir} {usecs} us / {frames} frames: {} (max {} frames, {max_us} us)",
                        match e {
                            coalesce::Invalid::Frames => "frames out of range",
                            coalesce::Invalid::Usecs => "time out of range",
                        },
                        coalesce::MAX_FRAMES,
                    ),
                );
                EINVAL
            })
        };
        let rx_itr = check("rx", c.rx_usecs, c.rx_frames)?;
        let tx_itr = check("tx", c.tx_usecs, c.tx_frames)?;
        {
            let mut cfg = self.cfg.lock();
            cfg.rx_itr = rx_itr;
            cfg.tx_itr = tx_itr;
        }
        // Live, as in C; `restart_hw` applies them again after a reset.
        if self.up.load(Ordering::Acquire) {
            self.program_coalescing();
        }
        Ok(())
    }

    fn get_pause(&self) -> Result<Pause> {
        let p = self.cfg.lock().pause;
        Ok(Pause {
            autoneg: p.autoneg.into(),
            rx: p.enable.into(),
            tx: p.enable.into(),
        })
    }

    fn set_pause(&self, p: &Pause) -> Result {
        if p.rx != p.tx {
            pr_info!("fec_rs: Rx and Tx pause can only be switched together\n");
            return Err(EINVAL);
        }
        let new = PauseCfg {
            autoneg: p.autoneg != 0,
            enable: p.rx != 0,
        };
        let old = core::mem::replace(&mut self.cfg.lock().pause, new);
        self.dev
            .phy_set_sym_pause(new.enable, new.enable, new.autoneg);
        if new.autoneg {
            // The new advertisement takes effect with a renegotiation; the
            // resulting link change restarts the MAC. If the PHY refuses,
            // nothing changes: the old settings and advertisement return.
            if let Err(e) = self.dev.phy_start_aneg() {
                self.cfg.lock().pause = old;
                self.dev
                    .phy_set_sym_pause(old.enable, old.enable, old.autoneg);
                return Err(e);
            }
        }
        let _hw = self.hw_lock.lock();
        if self.up.load(Ordering::Acquire) && self.link.lock().0 != 0 {
            self.restart_live(true);
        }
        Ok(())
    }

    fn set_rx_csum(&self, on: bool) -> Result {
        // The MAC's checksum discard (RACC) changes with a restart, as in
        // the C driver; a MAC without a link gets it at its next start.
        let _hw = self.hw_lock.lock();
        self.rx_csum.store(on, Ordering::Relaxed);
        if self.up.load(Ordering::Acquire) && self.link.lock().0 != 0 {
            self.restart_live(true);
        }
        Ok(())
    }

    fn get_rings(&self) -> Rings {
        let r = self.cfg.lock().rings;
        Rings {
            rx_max: MAX_RING,
            tx_max: MAX_RING,
            rx: r.rx.get(),
            tx: r.tx.get(),
        }
    }

    fn set_rings(&self, r: &Rings, ext: &mut ExtAck<'_>) -> Result {
        let new = r.config(
            "fec_rs",
            txring::max_packet_descs(self.tso, r.tx),
            MAX_RING,
            ext,
        )?;
        let old = self.cfg.lock().rings;
        self.restart_with(|cfg, apply| cfg.rings = if apply { new } else { old })
    }

    fn stat_names(&self) -> &'static [&'static CStr] {
        &STAT_NAMES
    }

    fn stats(&self, out: &mut [u64]) {
        let st = &self.stats;
        let vals = [
            st.rx_packets.load(Relaxed),
            st.rx_bytes.load(Relaxed),
            st.rx_errors.load(Relaxed),
            st.rx_dropped.load(Relaxed),
            st.rx_crc_errors.load(Relaxed),
            st.rx_length_errors.load(Relaxed),
            st.rx_frame_errors.load(Relaxed),
            st.rx_fifo_errors.load(Relaxed),
            st.rx_csum_ok.load(Relaxed),
            st.tx_packets.load(Relaxed),
            st.tx_bytes.load(Relaxed),
            st.tx_dropped.load(Relaxed),
            st.tx_flushed.load(Relaxed),
            st.tx_bounced.load(Relaxed),
            st.tx_tso_packets.load(Relaxed),
            st.tx_tso_frames.load(Relaxed),
            st.link_restarts.load(Relaxed),
            st.rx_alloc_failures.load(Relaxed),
            u64::from(self.debug.get(DBG_TXIC)),
            u64::from(self.debug.get(DBG_RXIC)),
        ];
        for (o, v) in out.iter_mut().zip(vals) {
            *o = v;
        }
        // The MIB counters follow, read live.
        for (o, (_, reg)) in out.iter_mut().skip(vals.len()).zip(regs::MIB.iter()) {
            *o = u64::from(self.regs.read(*reg));
        }
    }

    fn std_stats(&self, queue: Option<u32>, s: &mut StdStats) {
        match queue {
            // The MIB's IEEE 802.3 flow-control frame counters, read live.
            None => {
                s.tx_pause = u64::from(self.regs.read(regs::MIB_TX_FDXFC));
                s.rx_pause = u64::from(self.regs.read(regs::MIB_RX_FDXFC));
            }
            // One queue pair: the device's counters.
            Some(_) => {
                let st = &self.stats;
                s.rx_packets = st.rx_packets.load(Relaxed);
                s.rx_bytes = st.rx_bytes.load(Relaxed);
                s.rx_alloc_fail = st.rx_alloc_failures.load(Relaxed);
                s.tx_packets = st.tx_packets.load(Relaxed);
                s.tx_bytes = st.tx_bytes.load(Relaxed);
                s.tx_gso_packets = st.tx_tso_packets.load(Relaxed);
                s.tx_gso_wire_packets = st.tx_tso_frames.load(Relaxed);
                self.tx_flow.report(s);
            }
        }
    }

    fn regs_len(&self) -> u32 {
        (regs::WINDOW / 4) as u32
    }

    fn regs(&self, out: &mut [u32]) {
        // The C driver's register list; the rest of the window reads 0.
        let avb: &[regs::Reg] = if self.variant.quirks.has(Quirks::HAS_MULTI_QUEUES) {
            &regs::DUMP_AVB
        } else {
            &[]
        };
        // RACC where the part has it (the C driver's list has it for all
        // i.MX parts).
        let racc: &[regs::Reg] = if self.variant.quirks.has(Quirks::HAS_RACC) {
            &[regs::RACC]
        } else {
            &[]
        };
        let mib = regs::MIB.iter().map(|(_, r)| *r);
        let dump = Iterator::chain(Iterator::chain(regs::DUMP.iter(), avb), racc);
        for reg in Iterator::chain(dump.copied(), mib) {
            if let Some(o) = out.get_mut(reg.offset() / 4) {
                *o = self.regs.read(reg);
            }
        }
    }

    fn msglevel(&self) -> u32 {
        self.msglevel.load(Ordering::Relaxed)
    }

    fn set_msglevel(&self, level: u32) {
        self.msglevel.store(level, Ordering::Relaxed)
    }

    fn reset(&self) {
        // After a Tx timeout: rebuild the rings and restart the MAC; the PHY
        // keeps running. A reset also ends an injected Tx stall (as it would
        // unstick real hardware).
        if self.debug.clear(DBG_STALL_TX) {
            pr_info!("fec_rs: reset ends the injected Tx stall\n");
        }
        if let Err(e) = self.restart_with(|_, _| {}) {
            pr_err!("fec_rs: reset failed ({e:?})\n");
        }
    }

    fn adjust_link(&self) {
        let new = self.dev.phy_link().unwrap_or((0, false));
        {
            let mut link = self.link.lock();
            if *link == new {
                return;
            }
            *link = new;
        }
        // Speed and duplex live in ECR/RCR/TCR, which the MAC takes only
        // across a reset (`fec_restart()`): restart a running data path.
        {
            let _hw = self.hw_lock.lock();
            if self.up.load(Ordering::Acquire) {
                self.stats.link_restarts.add(1, Relaxed);
                self.restart_live(new.0 != 0);
            }
        }
        self.dev.phy_print_status();
    }
}

/// `ethtool -S` counter names: driver counters, the coalescing registers as
/// written (QEMU keeps no value, so this is where they can be checked), then
/// the MIB counters under the C driver's names.
static STAT_NAMES: [&CStr; 20 + regs::MIB_COUNT] = {
    let drv: [&CStr; 20] = [
        c"sw_rx_packets",
        c"sw_rx_bytes",
        c"sw_rx_errors",
        c"sw_rx_dropped",
        c"sw_rx_crc_errors",
        c"sw_rx_length_errors",
        c"sw_rx_frame_errors",
        c"sw_rx_fifo_errors",
        c"sw_rx_csum_ok",
        c"sw_tx_packets",
        c"sw_tx_bytes",
        c"sw_tx_dropped",
        c"sw_tx_flushed",
        c"sw_tx_bounced",
        c"sw_tx_tso_packets",
        c"sw_tx_tso_frames",
        c"sw_link_restarts",
        c"sw_rx_alloc_failures",
        c"txic_programmed",
        c"rxic_programmed",
    ];
    let mut all = [c""; 20 + regs::MIB_COUNT];
    let mut i = 0;
    while i < all.len() {
        all[i] = if i < drv.len() {
            drv[i]
        } else {
            regs::MIB[i - drv.len()].0
        };
        i += 1;
    }
    all
};

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

        // The register block is clocked by "ipg" (registers, MDC) and "ahb"
        // (bus, also the coalescing timer): both must run before any access.
        // The optional ones clock the PHY interface (`fec_enet_clk_enable()`:
        // the RMII reference the ENET may drive, RGMII's 2x Tx clock).
        let mut clks = KVec::new();
        clks.push(EnabledClk::get(dev, c"ipg")?, GFP_KERNEL)?;
        clks.push(EnabledClk::get(dev, c"ahb")?, GFP_KERNEL)?;
        for name in [c"enet_out", c"enet_clk_ref", c"enet_2x_txclk"] {
            clks.push(EnabledClk::get_optional(dev, name)?, GFP_KERNEL)?;
        }
        let ipg_rate = u32::try_from(clks[0].clk().rate().0).unwrap_or(u32::MAX);
        let itr_rate = u32::try_from(clks[1].clk().rate().0).unwrap_or(u32::MAX);
        let Some(mscr) = regs::mscr(ipg_rate) else {
            dev_err!(dev, "ipg clock {ipg_rate} Hz too fast for the MII speed\n");
            return Err(EINVAL);
        };

        let regs = Arc::new(Mmio::map(&node, 0, c"fec_rs")?, GFP_KERNEL)?;
        // `fec_enet_get_irq_cnt()`: two lines are int0 and PPS (i.MX6Q/6UL);
        // more are int0..int2 and PPS (i.MX6SX/7D/8M).
        let mut irq_lines = netdev::platform_irqs(pdev, MAX_IRQS as u32 + 1)?;
        let n = match irq_lines.len() {
            0 => {
                dev_err!(dev, "no interrupt\n");
                return Err(ENXIO);
            }
            2 => 1,
            n => n.min(MAX_IRQS),
        };
        irq_lines.truncate(n);

        // Same order as fec_get_mac(): device tree, then the registers, then
        // a random address.
        let (mac, source) = match node.mac_address() {
            Ok(mac) => (mac, "device tree"),
            Err(_) => match mac_from_regs(&regs) {
                mac if mac.is_valid() => (mac, "registers"),
                _ => (MacAddr::random(), "random"),
            },
        };
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

        // Quiet MAC, enabled for MDIO (as the C driver leaves it when down).
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
            txring::max_packet_descs(tso, DEFAULT_TX_RING),
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
        let combined_napi = module_parameters::combined_napi.value();
        if combined_napi {
            dev_info!(dev, "combined Rx/Tx NAPI (combined_napi=1)\n");
        }

        let dma = DmaDevice::new(dev);
        let net = Registration::new(dev, 1, 1, move |ndev| {
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
            let first_irq = irq_lines.first().copied();
            // Named like the MDIO bus, after the register base.
            let debug = DebugDir::new(
                &id,
                [c"txic0", c"rxic0", c"itr_clock_hz"],
                [c"fail_rx_alloc", c"stall_tx", c"force_tx_align", c"fail_tx_map"],
            )?;
            debug.set(DBG_ITR_RATE, itr_rate);
            let cfg = KBox::pin_init(
                new_spinlock!(Cfg {
                    rings,
                    tx_itr: Itr::DEFAULT,
                    rx_itr: Itr::DEFAULT,
                    pause: PauseCfg {
                        autoneg: true,
                        enable: false,
                    },
                }),
                GFP_KERNEL,
            )?;
            let state = Fec {
                dev: ndev,
                dma,
                node,
                variant,
                regs,
                irq_lines,
                itr_rate,
                mscr,
                phy_if,
                imask_lock: KBox::pin_init(new_spinlock_irq!(0), GFP_KERNEL)?,
                hw_lock: KBox::pin_init(new_mutex!(()), GFP_KERNEL)?,
                rcr_lock: KBox::pin_init(new_spinlock_irq!(()), GFP_KERNEL)?,
                txq: ndev.txq(0),
                tx_produced: AtomicU32::new(0),
                tx_consumed: AtomicU32::new(0),
                tx_halted: AtomicBool::new(false),
                tx_flow: TxFlowStats::new(),
                tx: KBox::pin_init(new_spinlock!(None), GFP_KERNEL)?,
                rx: KBox::pin_init(new_spinlock!(None), GFP_KERNEL)?,
                irqs: KBox::pin_init(new_spinlock!(KVec::new()), GFP_KERNEL)?,
                rx_napi: Napi::new(ndev, NAPI_RX, false, first_irq)?,
                tx_napi: Napi::new(ndev, NAPI_TX, true, first_irq)?,
                stats: FecStats::default(),
                cfg,
                debug,
                tso,
                tso_limit,
                msglevel: AtomicU32::new(0),
                up: AtomicBool::new(false),
                link: KBox::pin_init(new_spinlock!((0, false)), GFP_KERNEL)?,
                rx_csum: AtomicBool::new(csum),
                combined_napi,
            };
            // Last: from here on `Fec`'s drop disconnects the PHY.
            ndev.phy_connect(&state.node)?;
            ndev.phy_mac_caps(variant.quirks.has(Quirks::HAS_GBIT), false);
            Ok(state)
        })?;
        dev_info!(
            dev,
            "registered {}, phy-mode {:?}, 1 Tx / 1 Rx queue\n",
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

impl Drop for Fec {
    fn drop(&mut self) {
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

kernel::module_platform_driver! {
    type: FecRs,
    name: "fec_rs",
    authors: ["nxp-rfl developers"],
    description: "Rust driver for the Freescale/NXP i.MX ENET (fec) Ethernet controller",
    license: "GPL v2",
    params: {
        combined_napi: bool {
            default: false,
            description: "One NAPI for Rx and Tx completion, as the C fec (for comparisons)",
        },
    },
}
