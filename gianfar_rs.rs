// SPDX-License-Identifier: GPL-2.0

//! Rust driver for the Freescale/NXP eTSEC Ethernet controller (`gianfar_rs`).
//!
//! A drop-in replacement for the C `gianfar` driver on MPC85xx, P1010, P1020,
//! P2020 (PowerPC e500) and LS1021A (ARM) boards: it binds to the same
//! device-tree nodes, `fsl,etsec2` (multi-group: one `queue-group` child per
//! interrupt group, each with its own register page and Tx, Rx and error
//! interrupts) and `gianfar` with `device_type = "network"` (single group).
//!
//! Layout: this crate root holds probe and the driver's operations; the
//! hardware description is data under `gianfar/`; rings, NAPI rules and the
//! qdisc contract are shared with `fec_rs` (`ring.rs`, `napi.rs`,
//! `qdisc_hooks.rs`); all C calls go through the wrapper layer `netdev.rs`.
//!
//! Data path: per group one Tx and one Rx ring, a Tx-confirmation NAPI and
//! an Rx NAPI, each interrupt handler masking only its own half of IMASK.
//! Rx buffers are half pages of a page_pool turned into skbs with `build_skb` and fed
//! to GRO; jumbo frames (MTU up to 9586) span buffers, added as page fragments. Tx uses scatter-gather, the frame control block for IPv4
//! checksums, BQL, stop-in-advance / wake-with-hysteresis and a doorbell
//! rung once per xmit batch.

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

/// eTSEC hardware: register map, descriptors, coalescing units.
mod gianfar {
    // `ethtool -C` uses all of it; this stage uses the defaults only.
    #[allow(dead_code)]
    pub(crate) mod coalesce;
    #[allow(dead_code)]
    pub(crate) mod desc;
    pub(crate) mod filter;
    pub(crate) mod regs;
}

use core::sync::atomic::{
    AtomicBool,
    AtomicU32,
    Ordering, //
};
use gianfar::{
    coalesce::{
        self,
        Ic, //
    },
    desc::{
        self,
        RxStatus, //
    },
    filter::GroupHash,
    regs::{
        self,
        dmactrl,
        ecntrl,
        ievent,
        imask,
        maccfg1,
        maccfg2,
        queue,
        rctrl,
        tctrl, //
    },
};
use kernel::{
    device::Core,
    new_spinlock, new_spinlock_irq, of, platform,
    prelude::*,
    sync::{
        atomic::{
            Atomic,
            Relaxed, //
        },
        SpinLock,
        SpinLockIrq, //
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
    of::Node,
    page_pool::RxPage,
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

/// How the device tree describes the controller (`enum gfar_mode` in C).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// `gianfar`: registers and interrupts on the node itself.
    SingleGroup,
    /// `fsl,etsec2`: one `queue-group` child node per interrupt group.
    MultiGroup,
}

/// Most interrupt groups an eTSEC has (`MAXGROUPS`).
const MAX_GROUPS: usize = 2;

/// Default ring sizes (`DEFAULT_TX_RING_SIZE`, `DEFAULT_RX_RING_SIZE`).
const DEFAULT_TX_RING: u32 = 256;
const DEFAULT_RX_RING: u32 = 256;
/// Largest rings (`GFAR_TX_MAX_RING_SIZE`, `GFAR_RX_MAX_RING_SIZE`).
const MAX_RING: u32 = 256;

/// Default link speed assumed for coalescing before a PHY reports one.
const DEFAULT_SPEED_MBPS: u32 = 1000;

/// Rx buffer geometry: 2 KiB page_pool buffers (half a page, as the C
/// driver's `GFAR_RXB_TRUESIZE`), written `RX_HEADROOM` bytes into (eTSEC
/// needs 64-byte aligned buffers, `RXBUF_ALIGNMENT`), `RX_BUF_LEN` bytes
/// each (MRBLR, a multiple of 64); longer frames span buffers.
const RX_HEADROOM: u32 = 64;
const RX_BUF_LEN: u32 = 1536;
/// The most a descriptor reports for its own buffer: MRBLR on the eTSEC;
/// QEMU's model writes the Rx FCB and padding on top of MRBLR bytes in a
/// frame's first buffer, and up to the FCS's 4 bytes more (the buffers have
/// the room).
const RX_BUF_SPACE: u32 = RX_BUF_LEN + desc::RX_PREFIX + desc::FCS_LEN;
// The IP header of a received frame is 4-byte aligned.
const _: () = assert!((RX_HEADROOM + desc::RX_PREFIX + desc::ETH_HLEN) % 4 == 0);
/// Largest MTU: its frames with a VLAN tag and the FCS stay 2 bytes below
/// MAXFRM (eTSEC74: frames of MAXFRM or MAXFRM - 1 bytes are flagged
/// truncated; QEMU flags frames of MAXFRM). The C driver's
/// `GFAR_JUMBO_FRAME_SIZE - ETH_HLEN` (9586) admits MTUs whose full-size
/// frames MAXFRM refuses.
const MAX_MTU: u32 = desc::MAX_FRAME - desc::ETH_HLEN - desc::VLAN_HLEN - desc::FCS_LEN - 2;
const _: () = assert!(desc::maxfrm(MAX_MTU) == desc::MAX_FRAME);
/// Smallest MTU (`ETH_MIN_MTU`).
const MIN_MTU: u32 = 68;
/// Tx watchdog (`TX_TIMEOUT`, 5 s).
const TX_TIMEOUT_MS: u32 = 5000;

/// Interrupt sources of a group, as `id`s passed to [`NetDriver::irq`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    Tx = 0,
    Rx = 1,
    Err = 2,
}

const fn irq_id(group: usize, s: Source) -> u32 {
    (group as u32) * 4 + s as u32
}

/// NAPI instances of a group, as `id`s passed to [`NetDriver::poll`].
const fn napi_id(group: usize, tx: bool) -> u32 {
    (group as u32) * 2 + tx as u32
}

/// A Tx ring: its descriptors and the shared bookkeeping.
struct TxRing {
    size: RingSize,
    thresholds: qdisc_hooks::TxThresholds,
    bds: TxBds,
    book: TxBook,
    /// Software TSO: per descriptor a buffer for a frame control block and
    /// a segment's headers (`tso::HDR_SIZE` bytes).
    hdrs: TxBufMem,
}

/// The Tx descriptors of a ring (big-endian eTSEC layout).
struct TxBds(DescMem);

/// An Rx ring: its descriptors and buffers.
struct RxRing {
    book: RxBook,
    bds: RxBds,
    /// The frame being gathered has QEMU's eTSEC lengths
    /// ([`desc::rx_model_lengths`]).
    model_lengths: bool,
}

/// The Rx descriptors of a ring (big-endian eTSEC layout).
struct RxBds(DescMem);

/// One interrupt group: a register page, its interrupts, its two NAPIs and
/// its rings.
struct Group {
    index: usize,
    regs: regs::Regs,
    irq_tx: u32,
    irq_rx: Option<u32>,
    irq_err: Option<u32>,
    /// IMASK as last written, under the lock that serializes its updates
    /// between the Rx and Tx halves (hard interrupt and softirq context):
    /// `grp->grplock` in C. Cached, so masking needs no MMIO read.
    imask_lock: Pin<KBox<SpinLockIrq<u32>>>,
    /// The group's Tx queue of the `net_device` (looked up once).
    txq: TxQueue,
    /// Tx ring counters, read locklessly by the stop/wake helpers.
    tx_produced: AtomicU32,
    tx_consumed: AtomicU32,
    /// The Tx queue's stops and wakes.
    tx_flow: TxFlowStats,
    /// The Tx ring, taken by xmit (under the queue lock) and by the Tx NAPI.
    tx: Pin<KBox<SpinLock<Option<TxRing>>>>,
    /// The Rx ring, used by the Rx NAPI only (and by open/stop with NAPI off).
    rx: Pin<KBox<SpinLock<Option<RxRing>>>>,
    /// Interrupts requested while the interface is up.
    irqs: Pin<KBox<SpinLock<KVec<Irq>>>>,
    // The NAPIs are dropped after the rings (a ring's page pool points at
    // its NAPI).
    rx_napi: Napi,
    tx_napi: Napi,
    /// Errors reported by the error interrupt.
    err_events: AtomicU32,
    /// Counters, updated once per poll (or per dropped packet), read by
    /// `ndo_get_stats64` without taking the ring locks.
    stats: GroupStats,
}

/// 64-bit counters of a group (`atomic64_t`, also on 32-bit CPUs).
struct GroupStats {
    rx_packets: Atomic<u64>,
    rx_bytes: Atomic<u64>,
    rx_errors: Atomic<u64>,
    rx_dropped: Atomic<u64>,
    rx_crc_errors: Atomic<u64>,
    rx_length_errors: Atomic<u64>,
    tx_packets: Atomic<u64>,
    tx_bytes: Atomic<u64>,
    tx_dropped: Atomic<u64>,
    /// GSO packets segmented by the driver (software TSO), and the frames
    /// made of them.
    tx_tso_packets: Atomic<u64>,
    tx_tso_frames: Atomic<u64>,
    /// Times the Rx ring ran out of buffers and the hardware halted it.
    rx_ring_halts: Atomic<u64>,
    /// Frames whose checksums the parser checked and found good.
    rx_csum_ok: Atomic<u64>,
    /// Rx buffer allocations that failed (the frame was dropped).
    rx_alloc_failures: Atomic<u64>,
}

impl Default for GroupStats {
    fn default() -> Self {
        let z = || Atomic::new(0u64);
        GroupStats {
            rx_packets: z(),
            rx_bytes: z(),
            rx_errors: z(),
            rx_dropped: z(),
            rx_crc_errors: z(),
            rx_length_errors: z(),
            tx_packets: z(),
            tx_bytes: z(),
            tx_dropped: z(),
            tx_tso_packets: z(),
            tx_tso_frames: z(),
            rx_ring_halts: z(),
            rx_csum_ok: z(),
            rx_alloc_failures: z(),
        }
    }
}

/// Settings changed through ethtool.
#[derive(Clone, Copy)]
struct Cfg {
    rings: RingConfig,
    tx_ic: Ic,
    rx_ic: Ic,
    pause: PauseCfg,
}

/// Pause (flow control) settings of `ethtool -A` (the C defaults: both
/// directions, autonegotiated).
#[derive(Clone, Copy)]
struct PauseCfg {
    autoneg: bool,
    rx: bool,
    tx: bool,
}

/// The driver state of one eTSEC (the `net_device`'s private part).
struct Gfar {
    dev: NetDev,
    dma: DmaDevice,
    node: Node,
    mode: Mode,
    groups: KVec<Group>,
    /// Taken under RTNL (ethtool, open) and briefly elsewhere.
    cfg: Pin<KBox<SpinLock<Cfg>>>,
    /// Packets the current Tx rings take in one piece, for `gso_ok`.
    tso_limit: TsoLimit,
    msglevel: AtomicU32,
    /// Interface up (between a successful open and stop).
    up: AtomicBool,
    /// Last link state seen by `adjust_link`: speed (0 = down) and duplex.
    link: Pin<KBox<SpinLock<(u32, bool)>>>,
    /// One NAPI for Rx and Tx completion per group (module parameter
    /// `combined_napi`, for comparisons; the Tx NAPIs then stay idle).
    combined_napi: bool,
    /// Rx checksum offload on (`NETIF_F_RXCSUM`, `ethtool -K rx`): the
    /// parser's verdicts in the Rx FCB go to the stack. The parser itself
    /// always runs (it only reports, it drops nothing), so switching needs
    /// no restart.
    rx_csum: AtomicBool,
    /// Serializes read-modify-write of RCTRL (`ndo_set_rx_mode` runs in
    /// atomic context); taken after the address list lock, never before.
    rctrl_lock: Pin<KBox<SpinLockIrq<()>>>,
    /// debugfs `gianfar_rs-<base>/`: TXIC/RXIC as last written (QEMU does
    /// not keep them) and two fault-injection knobs: Rx allocation failures
    /// and a stalled transmitter (no doorbells until the Tx-timeout reset
    /// clears it).
    debug: DebugDir<3, 4>,
}

/// debugfs values and knobs.
const DBG_TXIC: usize = 0;
const DBG_RXIC: usize = 1;
const DBG_GADDR_SET: usize = 2;
const DBG_FAIL_RX_ALLOC: usize = 0;
const DBG_STALL_TX: usize = 1;
const DBG_FAIL_RX_ALLOC_SKIP: usize = 2;
const DBG_FAIL_TX_MAP: usize = 3;

/// The platform driver's data for a bound eTSEC.
struct Etsec {
    net: Registration<Gfar>,
}

/// The platform driver.
struct GianfarRs;

kernel::of_device_table!(
    OF_TABLE,
    <GianfarRs as platform::Driver>::IdInfo,
    [
        (of::DeviceId::new(c"fsl,etsec2"), Mode::MultiGroup),
        (of::DeviceId::new(c"gianfar"), Mode::SingleGroup),
    ]
);

netdev::net::declare_net_driver!(Gfar);

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

impl Group {
    fn new(index: usize, hw: GroupHw, dev: NetDev) -> Result<Group> {
        let rx_irq = hw.irq_rx.or(Some(hw.irq_tx));
        Ok(Group {
            index,
            rx_napi: Napi::new(dev, napi_id(index, false), false, rx_irq)?,
            tx_napi: Napi::new(dev, napi_id(index, true), true, Some(hw.irq_tx))?,
            regs: hw.regs,
            irq_tx: hw.irq_tx,
            irq_rx: hw.irq_rx,
            irq_err: hw.irq_err,
            imask_lock: KBox::pin_init(new_spinlock_irq!(0), GFP_KERNEL)?,
            txq: dev.txq(index as u32),
            tx_produced: AtomicU32::new(0),
            tx_consumed: AtomicU32::new(0),
            tx_flow: TxFlowStats::new(),
            tx: KBox::pin_init(new_spinlock!(None), GFP_KERNEL)?,
            rx: KBox::pin_init(new_spinlock!(None), GFP_KERNEL)?,
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
    fn schedule(&self, napi: &Napi, mask: u32, ctx: &IrqContext) {
        ctx.locked(&self.imask_lock, |v| {
            *v &= !mask;
            self.regs.write(regs::IMASK, *v);
        });
        napi.schedule();
    }

    /// Sets `bits` of IMASK (unmasks those sources).
    fn unmask(&self, bits: u32) {
        let mut v = self.imask_lock.lock();
        *v |= bits;
        self.regs.write(regs::IMASK, *v);
    }

    /// Writes IMASK (and its cached copy).
    fn set_imask(&self, bits: u32) {
        let mut v = self.imask_lock.lock();
        *v = bits;
        self.regs.write(regs::IMASK, bits);
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

    #[inline]
    fn txq(&self) -> TxQueue {
        self.txq
    }
}

impl TxRing {
    fn new(dma: &DmaDevice, cfg: &RingConfig) -> Result<TxRing> {
        let size = cfg.tx;
        let n = size.get() as usize;
        let bds = TxBds(DescMem::new(dma, n * desc::BD_SIZE)?);
        for i in 0..n {
            bds.idle(i, i == n - 1);
        }
        Ok(TxRing {
            size,
            thresholds: cfg.thresholds,
            bds,
            book: TxBook::new(size)?,
            hdrs: TxBufMem::new(dma, n * tso::HDR_SIZE as usize)?,
        })
    }
}

impl TxBds {
    #[inline]
    fn bd(&self, slot: usize) -> Desc<'_, { desc::BD_SIZE }> {
        self.0.desc(slot * desc::BD_SIZE)
    }

    fn lstatus(&self, slot: usize) -> u32 {
        u32::from_be(self.bd(slot).read32(desc::BD_LSTATUS))
    }

    #[inline]
    fn set_lstatus(&self, slot: usize, v: u32) {
        self.bd(slot).write32(desc::BD_LSTATUS, v.to_be());
    }

    /// Points descriptor `slot` at `addr`, then sets its `lstatus` if given
    /// (not for a packet's first descriptor, whose READY bit comes last).
    #[inline]
    fn fill(&self, slot: usize, addr: DmaAddr, lstatus: Option<u32>) {
        let bd = self.bd(slot);
        // eTSEC descriptors hold 32-bit addresses (TBDBPH gives the high
        // bits, 0 here: the DMA mask of the platform device is 32 bits).
        bd.write32(desc::BD_BUFPTR, (addr as u32).to_be());
        if let Some(v) = lstatus {
            bd.write32(desc::BD_LSTATUS, v.to_be());
        }
    }
}

impl TxDescs for TxBds {
    fn busy(&self, i: usize) -> bool {
        desc::tx_busy(self.lstatus(i))
    }

    fn idle(&self, i: usize, last_in_ring: bool) {
        self.fill(i, 0, Some(desc::tx_idle(last_in_ring)));
    }
}

impl RxRing {
    fn new(dma: &DmaDevice, napi: &Napi, size: RingSize) -> Result<RxRing> {
        let bds = RxBds(DescMem::new(dma, size.get() as usize * desc::BD_SIZE)?);
        Ok(RxRing {
            book: RxBook::new(&bds, dma, napi, size, RX_HEADROOM, RX_BUF_SPACE)?,
            bds,
            model_lengths: false,
        })
    }
}

impl RxDescs for RxBds {
    fn arm(&self, i: usize, addr: Option<DmaAddr>, last_in_ring: bool) {
        let bd = self.0.desc::<{ desc::BD_SIZE }>(i * desc::BD_SIZE);
        if let Some(a) = addr {
            bd.write32(desc::BD_BUFPTR, (a as u32).to_be());
        }
        // The buffer address must be visible before the descriptor is empty.
        dma::dma_wmb();
        bd.write32(desc::BD_LSTATUS, desc::rx_empty(last_in_ring).to_be());
    }
}

impl Gfar {
    /// Applies a setting that needs the controller restarted (`apply(true)`):
    /// a running controller is stopped, the setting applied and the
    /// controller opened again; if it cannot open with the new setting, the
    /// old one comes back (`apply(false)`) and it opens with that. Under
    /// RTNL.
    fn restart_with(&self, what: &str, apply: impl Fn(bool)) -> Result {
        let up = self.up.load(Ordering::Acquire);
        if up {
            self.stop();
        }
        apply(true);
        if up {
            if let Err(e) = self.open() {
                apply(false);
                pr_err!("gianfar_rs: restart with new {what} failed ({e:?}), restoring\n");
                self.open()?;
                return Err(e);
            }
        }
        Ok(())
    }

    /// Resets the MAC and programs everything but the rings and the start
    /// (`gfar_mac_reset()` and the parts of `gfar_hw_init()` that matter).
    fn mac_init(&self) {
        let r = &self.groups[0].regs;
        r.write(regs::MACCFG1, maccfg1::SOFT_RESET);
        kernel::time::delay::udelay(kernel::time::Delta::from_micros(3));
        r.write(regs::MACCFG1, 0);
        kernel::time::delay::udelay(kernel::time::Delta::from_micros(3));
        // Frames up to the MTU's (the C driver admits 9600 bytes whatever
        // the MTU); an MTU change restarts the controller.
        r.write(regs::MAXFRM, desc::maxfrm(self.dev.mtu()));
        r.write(regs::MRBLR, RX_BUF_LEN);
        r.write(regs::MINFLR, regs::MINFLR_INIT);
        r.write(regs::MACCFG2, maccfg2::INIT | maccfg2::IF_GMII);
        // Individual hash: nothing beyond the station address. Group hash:
        // from the multicast list (`program_rx_mode`).
        for i in 0..8 {
            if let Some(reg) = regs::IGADDR0.at(i, 4) {
                r.write(reg, 0);
            }
        }
        // Rx checksum checking: each frame then starts with an Rx FCB, and
        // the padding behind it.
        r.write(
            regs::RCTRL,
            rctrl::CHECKSUMMING | rctrl::padding(desc::RX_PAD),
        );
        self.program_rx_mode(false);
        r.write(regs::TCTRL, tctrl::CSUM);
        self.program_mac(self.dev.mac());
        for g in self.groups.iter() {
            g.regs.write(regs::IEVENT, ievent::ALL);
            g.set_imask(0);
        }
        self.program_coalescing();
        r.write(regs::ECNTRL, ecntrl::INIT);
        r.write(regs::ATTR, regs::ATTR_INIT);
        r.write(regs::ATTRELI, 0);
        r.write(regs::FIFO_TX_THR, regs::FIFO_TX_THR_DEFAULT);
        r.write(regs::FIFO_TX_STARVE, regs::FIFO_TX_STARVE_DEFAULT);
        r.write(
            regs::FIFO_TX_STARVE_SHUTOFF,
            regs::FIFO_TX_STARVE_OFF_DEFAULT,
        );
    }

    /// Station address: MACSTNADDR1 holds bytes 5..2, MACSTNADDR2 bytes 1..0
    /// in its upper half (`gfar_set_mac_for_addr()`).
    fn program_mac(&self, mac: MacAddr) {
        let m = mac.0;
        let r = &self.groups[0].regs;
        r.write(
            regs::MACSTNADDR1,
            u32::from_be_bytes([m[5], m[4], m[3], m[2]]),
        );
        r.write(regs::MACSTNADDR2, u32::from_be_bytes([m[1], m[0], 0, 0]));
    }

    /// Promiscuous mode and the multicast hash (`gfar_set_multi()`).
    fn program_rx_mode(&self, in_set_rx_mode: bool) {
        // The address list first (it takes the list lock unless the caller
        // holds it), then the registers under `rctrl_lock`.
        let hash = self
            .dev
            .mc_filter(in_set_rx_mode, GroupHash::ALL, GroupHash::add);
        let r = &self.groups[0].regs;
        let _g = self.rctrl_lock.lock();
        let mut v = r.read(regs::RCTRL) & !rctrl::PROM;
        if self.dev.promisc() {
            v |= rctrl::PROM;
        }
        r.write(regs::RCTRL, v);
        for (i, w) in hash.0.iter().enumerate() {
            if let Some(reg) = regs::GADDR0.at(i, 4) {
                r.write(reg, *w);
            }
        }
        self.debug
            .set(DBG_GADDR_SET, hash.0.iter().map(|w| w.count_ones()).sum());
    }

    /// Writes the coalescing registers: per ring in multi-group mode, the
    /// single-group registers otherwise (`gfar_configure_coalescing()`).
    fn program_coalescing(&self) {
        let cfg = *self.cfg.lock();
        for g in self.groups.iter() {
            let (tx, rx) = match self.mode {
                Mode::MultiGroup => (regs::TXIC0.at(g.index, 4), regs::RXIC0.at(g.index, 4)),
                Mode::SingleGroup => (Some(regs::TXIC), Some(regs::RXIC)),
            };
            let r = &self.groups[0].regs;
            if let (Some(tx), Some(rx)) = (tx, rx) {
                r.write(tx, 0);
                r.write(tx, cfg.tx_ic.register());
                r.write(rx, 0);
                r.write(rx, cfg.rx_ic.register());
            }
        }
        self.debug.set(DBG_TXIC, cfg.tx_ic.register());
        self.debug.set(DBG_RXIC, cfg.rx_ic.register());
    }

    /// Gracefully stops the DMA and disables Rx/Tx (`gfar_halt()`).
    fn halt(&self) {
        let r = &self.groups[0].regs;
        for g in self.groups.iter() {
            g.set_imask(0);
            g.regs.write(regs::IEVENT, ievent::ALL);
        }
        r.write(regs::RQUEUE, 0);
        r.write(regs::TQUEUE, 0);
        let v = r.read(regs::DMACTRL);
        r.write(regs::DMACTRL, v | dmactrl::GRS | dmactrl::GTS);
        // Graceful stop completes within a frame time; bound the wait.
        for _ in 0..1000 {
            let ev = r.read(regs::IEVENT);
            if ev & (ievent::GRSC | ievent::GTSC) == ievent::GRSC | ievent::GTSC {
                break;
            }
            kernel::time::delay::udelay(kernel::time::Delta::from_micros(10));
        }
        let v = r.read(regs::MACCFG1);
        r.write(regs::MACCFG1, v & !(maccfg1::RX_EN | maccfg1::TX_EN));
    }

    /// Enables the queues, DMA, MAC and interrupts (`gfar_start()`).
    fn start(&self) {
        let r = &self.groups[0].regs;
        let (mut rq, mut tq) = (0, 0);
        for g in self.groups.iter() {
            rq |= queue::RQUEUE_EN0 >> g.index;
            tq |= queue::TQUEUE_EN0 >> g.index;
        }
        r.write(regs::RQUEUE, rq);
        r.write(regs::TQUEUE, tq);
        let v = r.read(regs::DMACTRL) | dmactrl::INIT;
        r.write(regs::DMACTRL, v & !(dmactrl::GRS | dmactrl::GTS));
        for g in self.groups.iter() {
            g.regs.write(regs::TSTAT, queue::THALT0 >> g.index);
            g.regs.write(regs::RSTAT, queue::RHALT0 >> g.index);
        }
        let v = r.read(regs::MACCFG1);
        r.write(regs::MACCFG1, v | maccfg1::RX_EN | maccfg1::TX_EN);
        for g in self.groups.iter() {
            g.regs.write(regs::IEVENT, ievent::ALL);
            g.set_imask(imask::DEFAULT);
        }
        self.dev.trans_update();
    }

    /// Allocates and installs the rings of every group.
    fn alloc_rings(&self) -> Result {
        let cfg = self.cfg.lock().rings;
        self.tso_limit.set(self.dev, cfg.thresholds.stop());
        for g in self.groups.iter() {
            let tx = TxRing::new(&self.dma, &cfg)?;
            let rx = RxRing::new(&self.dma, &g.rx_napi, cfg.rx)?;
            let r = &self.groups[0].regs;
            // Base addresses of ring n sit 8 bytes apart; high bits are 0.
            if let (Some(tb), Some(rb)) = (regs::TBASE0.at(g.index, 8), regs::RBASE0.at(g.index, 8))
            {
                r.write(regs::TBASEH, 0);
                r.write(tb, tx.bds.0.dma() as u32);
                r.write(regs::RBASEH, 0);
                r.write(rb, rx.bds.0.dma() as u32);
            }
            g.tx_produced.store(0, Ordering::Relaxed);
            g.tx_consumed.store(0, Ordering::Relaxed);
            let _bh = BhDisabled::new();
            *g.tx.lock() = Some(tx);
            *g.rx.lock() = Some(rx);
        }
        Ok(())
    }

    /// Frees the rings: unsent skbs and Rx pages are released.
    fn free_rings(&self) {
        for g in self.groups.iter() {
            // Take the rings out under the locks (softirqs off: the NAPIs use
            // these locks), tear them down with no lock held (freeing DMA
            // memory and page pools may sleep).
            let (tx, rx) = {
                let _bh = BhDisabled::new();
                let tx = g.tx.lock().take();
                let rx = g.rx.lock().take();
                (tx, rx)
            };
            if let Some(mut tx) = tx {
                let c = Cursor {
                    produced: g.tx_produced.load(Ordering::Acquire),
                    consumed: g.tx_consumed.load(Ordering::Acquire),
                };
                let (consumed, _) = tx.book.flush(&tx.bds, &self.dma, c);
                g.tx_consumed.store(consumed, Ordering::Release);
            }
            g.txq().reset();
            drop(rx);
        }
    }

    fn request_irqs(&self) -> Result {
        for g in self.groups.iter() {
            let mut irqs = KVec::new();
            irqs.push(
                Irq::request(
                    g.irq_tx,
                    c"gianfar_rs_tx",
                    self.dev,
                    irq_id(g.index, Source::Tx),
                )?,
                GFP_KERNEL,
            )?;
            if let Some(rx) = g.irq_rx {
                irqs.push(
                    Irq::request(rx, c"gianfar_rs_rx", self.dev, irq_id(g.index, Source::Rx))?,
                    GFP_KERNEL,
                )?;
            }
            if let Some(er) = g.irq_err {
                irqs.push(
                    Irq::request(
                        er,
                        c"gianfar_rs_err",
                        self.dev,
                        irq_id(g.index, Source::Err),
                    )?,
                    GFP_KERNEL,
                )?;
            }
            let old = core::mem::replace(&mut *g.irqs.lock(), irqs);
            drop(old);
        }
        Ok(())
    }

    fn free_irqs(&self) {
        for g in self.groups.iter() {
            let irqs = core::mem::take(&mut *g.irqs.lock());
            drop(irqs);
        }
    }

    /// Tx confirmation of group `g`: reclaims every packet the hardware has
    /// sent, reports to BQL and wakes the queue with hysteresis.
    fn clean_tx(&self, g: &Group, budget: i32) {
        let mut guard = g.tx.lock();
        let Some(tx) = (*guard).as_mut() else {
            return;
        };
        let size = tx.size;
        let wake = tx.thresholds.wake();
        let c = Cursor {
            produced: g.tx_produced.load(Ordering::Acquire),
            consumed: g.tx_consumed.load(Ordering::Relaxed),
        };
        let r = tx.book.reclaim(&tx.bds, &self.dma, c, budget);
        g.tx_consumed.store(r.consumed, Ordering::Release);
        drop(guard);
        let (pkts, bytes) = (r.pkts, r.bytes);
        if pkts > 0 {
            g.stats.tx_packets.add(u64::from(pkts), Relaxed);
            g.stats.tx_bytes.add(u64::from(bytes), Relaxed);
        }
        let c = g.counters(size);
        // The queue is off only while the NAPIs are too (`stop()`).
        g.txq().completed_wake(pkts, bytes, &c, wake, false);
    }

    /// Rx of group `g`, at most `quota` frames; returns the frames handled.
    fn clean_rx(&self, g: &Group, quota: u32) -> u32 {
        let mut guard = g.rx.lock();
        let Some(rx) = (*guard).as_mut() else {
            return 0;
        };
        let rx_csum = self.rx_csum.load(Ordering::Relaxed);
        let mut work = 0;
        let mut n = RxCounts::default();
        while work < quota {
            let i = rx.book.slot();
            let bd = rx.bds.0.desc::<{ desc::BD_SIZE }>(i * desc::BD_SIZE);
            let status = desc::rx_status(u32::from_be(bd.read32(desc::BD_LSTATUS)));
            if status == RxStatus::Empty {
                break;
            }
            // The length and buffer are valid once the descriptor is ours.
            dma::dma_rmb();
            // Each frame follows its Rx FCB, whose first half-word has the
            // parser's checksum results, and the padding that aligns its IP
            // header. `fail_rx_alloc` in debugfs injects refill failures.
            let prefix = desc::RX_PREFIX;
            let csum_ok = |b: &RxPage| {
                rx_csum
                    && b.read::<2>(RX_HEADROOM)
                        .is_some_and(|f| desc::rx_csum_ok(u16::from_be_bytes(f)))
            };
            // `fail_rx_alloc_skip` lets that many allocations through first.
            let no_buffer = || {
                self.debug.is_set(DBG_FAIL_RX_ALLOC)
                    && !self.debug.take(DBG_FAIL_RX_ALLOC_SKIP)
                    && self.debug.take(DBG_FAIL_RX_ALLOC)
            };
            // A frame's first descriptor while one is in progress: the last
            // descriptor of that one was lost (overrun), drop it.
            if matches!(
                status,
                RxStatus::Partial { first: true, .. }
                    | RxStatus::Last { first: true, .. }
                    | RxStatus::Error { first: true, .. }
            ) && rx.book.abandon()
            {
                n.dropped += 1;
            }
            let delivered = match status {
                // One buffer of a frame longer than a buffer (jumbo frames).
                RxStatus::Partial { len, .. } => {
                    let ok = match rx.book.gathered() {
                        None => {
                            rx.model_lengths = desc::rx_model_lengths(len, RX_BUF_LEN);
                            len >= prefix + desc::ETH_HLEN && len <= RX_BUF_SPACE
                        }
                        Some(_) => len > 0 && len <= RX_BUF_SPACE,
                    };
                    if ok {
                        rx.book.gather(&rx.bds, i, len, prefix, no_buffer, csum_ok);
                    } else {
                        rx.book.skip(&rx.bds, i, len);
                    }
                    None
                }
                // A frame in one buffer.
                RxStatus::Last { len, .. } if rx.book.gathered().is_none() => {
                    match desc::rx_frame_len(len, prefix) {
                        Some(flen) if len <= RX_BUF_SPACE => {
                            let (d, ok) = rx.book.deliver(
                                &rx.bds,
                                i,
                                len,
                                prefix,
                                flen,
                                no_buffer(),
                                csum_ok,
                                &g.rx_napi,
                                self.dev,
                            );
                            Some((d, ok, flen))
                        }
                        _ => {
                            n.errors += 1;
                            n.length_errors += 1;
                            rx.book.rearm(&rx.bds, i);
                            None
                        }
                    }
                }
                // The last buffer of a frame that spans buffers.
                RxStatus::Last { len, .. } => {
                    let so_far = rx.book.gathered().unwrap_or(0);
                    let frame = desc::rx_last_piece(len, so_far, rx.model_lengths)
                        .filter(|&p| p <= RX_BUF_SPACE)
                        .and_then(|p| Some((p, desc::rx_frame_len(so_far + p, prefix)?)));
                    match frame {
                        Some((piece, flen)) => {
                            // A last buffer with nothing but (part of) the
                            // FCS keeps its buffer: nothing of it is kept.
                            let keep = if piece > desc::FCS_LEN { piece } else { 0 };
                            let (d, ok) = rx
                                .book
                                .finish(&rx.bds, i, keep, flen, no_buffer, &g.rx_napi, self.dev);
                            Some((d, ok, flen))
                        }
                        None => {
                            rx.book.abandon();
                            n.errors += 1;
                            n.length_errors += 1;
                            rx.book.rearm(&rx.bds, i);
                            None
                        }
                    }
                }
                RxStatus::Error { flags, .. } => {
                    rx.book.abandon();
                    n.errors += 1;
                    if flags & desc::rx::CRCERR != 0 {
                        n.crc_errors += 1;
                    }
                    if flags & (desc::rx::LARGE | desc::rx::SHORT | desc::rx::TRUNCATED) != 0 {
                        n.length_errors += 1;
                    }
                    rx.book.rearm(&rx.bds, i);
                    None
                }
                RxStatus::Empty => unreachable!(),
            };
            match delivered {
                Some((Delivery::Delivered, ok, flen)) => {
                    n.packets += 1;
                    n.bytes += flen;
                    n.csum_ok += u32::from(ok);
                }
                Some((Delivery::NoBuffer, ..)) => {
                    n.dropped += 1;
                    n.alloc_failures += 1;
                }
                Some((Delivery::Dropped, ..)) => n.dropped += 1,
                None => {}
            }
            rx.book.advance();
            work += 1;
        }
        drop(guard);
        let st = &g.stats;
        for (c, v) in [
            (&st.rx_packets, n.packets),
            (&st.rx_bytes, n.bytes),
            (&st.rx_errors, n.errors),
            (&st.rx_dropped, n.dropped),
            (&st.rx_crc_errors, n.crc_errors),
            (&st.rx_length_errors, n.length_errors),
            (&st.rx_csum_ok, n.csum_ok),
            (&st.rx_alloc_failures, n.alloc_failures),
        ] {
            if v != 0 {
                c.add(u64::from(v), Relaxed);
            }
        }
        work
    }
}

impl NetDriver for Gfar {
    fn open(&self) -> Result {
        self.mac_init();
        if let Err(e) = self.alloc_rings() {
            self.free_rings();
            return Err(e);
        }
        if let Err(e) = self.request_irqs() {
            self.free_irqs();
            self.free_rings();
            return Err(e);
        }
        for g in self.groups.iter() {
            g.rx_napi.enable();
            g.tx_napi.enable();
            g.rx_napi.link_queue(self.dev, g.index as u32, false);
            g.tx_napi.link_queue(self.dev, g.index as u32, true);
        }
        self.up.store(true, Ordering::Release);
        self.start();
        *self.link.lock() = (0, false);
        self.dev.phy_start();
        self.dev.tx_wake_all();
        Ok(())
    }

    fn stop(&self) {
        // Idempotent: after a failed reopen (reset, ring change) the device is
        // still administratively up but already stopped here.
        if !self.up.swap(false, Ordering::AcqRel) {
            return;
        }
        // NAPIs first, then the queues: a last Tx poll after a queue is
        // disabled could wake it again, and xmit would then race with the
        // ring teardown.
        for g in self.groups.iter() {
            Napi::unlink_queue(self.dev, g.index as u32, false);
            Napi::unlink_queue(self.dev, g.index as u32, true);
            g.rx_napi.disable();
            g.tx_napi.disable();
        }
        self.dev.tx_disable();
        self.dev.phy_stop();
        self.halt();
        self.free_irqs();
        self.free_rings();
        self.dev.carrier(false);
    }

    fn start_xmit(&self, skb: Skb, queue: u32) -> TxVerdict {
        let Some(g) = self.groups.get(queue as usize) else {
            return TxVerdict::Ok;
        };
        let off = skb.offloads();
        // A TCP/IPv4 GSO packet (TSO on): segmented here, see `tso.rs`.
        let gso = match off.gso {
            Ok(Some(l)) if l.hdr_len + desc::FCB_LEN as u32 <= tso::HDR_SIZE => Some(l),
            Ok(None) => None,
            _ => {
                drop(skb);
                return self.tx_drop(g);
            }
        };
        let nfrags = skb.nr_frags();
        let nbds = txring::packet_descs(gso.as_ref(), nfrags);

        let mut guard = g.tx.lock();
        let Some(tx) = (*guard).as_mut() else {
            drop(guard);
            drop(skb);
            return self.tx_drop(g);
        };
        let size = tx.size;
        let t = tx.thresholds;
        if nbds > t.stop() {
            // A GSO packet checked against a larger ring before a ring
            // change: it can never fit in advance.
            drop(guard);
            drop(skb);
            return self.tx_drop(g);
        }
        let produced = g.tx_produced.load(Ordering::Relaxed);
        let c = Cursor {
            produced,
            consumed: g.tx_consumed.load(Ordering::Acquire),
        };
        if c.free(size) < nbds {
            // The queue is stopped in advance, so this is a bug path: hand
            // the untouched skb back and stop the queue.
            drop(guard);
            pr_err!("gianfar_rs: Tx ring full while the queue was awake\n");
            g.txq().maybe_stop(&g.counters(size), t.stop(), t.wake());
            return TxVerdict::Busy(skb);
        }

        // Checksum offload: push the frame control block in front (with
        // TSO each frame's header copy gets its own).
        let (skb, fcb) = match off.csum {
            CsumRequest::Ipv4 { .. } if gso.is_some() => (skb, true),
            CsumRequest::Ipv4 { l3, l4, udp, phcs } => {
                let fcb = desc::tx_fcb_csum(l3 as u8, (l4 - l3) as u8, udp, phcs);
                let Some(skb) = skb.push_front(&fcb) else {
                    drop(guard);
                    return self.tx_drop(g);
                };
                (skb, true)
            }
            CsumRequest::None if gso.is_none() => (skb, false),
            // Only IPv4 checksums are advertised (GSO packets always ask for
            // one); anything else is a bug.
            _ => {
                drop(guard);
                drop(skb);
                return self.tx_drop(g);
            }
        };
        let bytes = skb.len();

        // Map the head and the fragments (or, with TSO, each segment's
        // header copy and payload) straight into their slots; the other
        // descriptors may be READY before the first one, since the hardware
        // starts at the first. On a mapping failure, the book undoes what
        // was mapped so far.
        let headlen = skb.headlen();
        let last_slot = size.get() as usize - 1;
        let first_slot = size.slot(produced);
        let bds = &tx.bds;
        // `fail_tx_map` in debugfs injects mapping failures.
        let fail_map = self.debug.take(DBG_FAIL_TX_MAP);
        let mapped = match &gso {
            None => tx
                .book
                .map_packet(bds, &self.dma, &skb, produced, bytes, fail_map, |i, addr, len, f| {
                    let lst = (f > 0)
                        .then(|| desc::tx_lstatus(len, false, f == nfrags, false, i == last_slot));
                    bds.fill(i, addr, lst);
                })
                .map(|(_, n)| {
                    (
                        n,
                        desc::tx_lstatus(headlen, true, nfrags == 0, fcb, first_slot == last_slot),
                    )
                }),
            Some(l) => {
                let mut first_lst = 0;
                tx.book
                    .map_tso(
                        bds,
                        &self.dma,
                        &skb,
                        l,
                        produced,
                        bytes,
                        TsoHeaders {
                            mem: &mut tx.hdrs,
                            prefix: desc::FCB_LEN,
                        },
                        fail_map,
                        |buf, template, seg| {
                            // The frame control block, and in the headers the
                            // pseudo-header checksum in the TCP checksum
                            // field (as the stack leaves it) and a zero IPv4
                            // header checksum (the MAC's: CIP).
                            let (fcb, hdr) = buf.split_at_mut(desc::FCB_LEN);
                            let ph = l.pseudo_csum(template, seg);
                            let c = (l.l4 + 16) as usize;
                            hdr[c..c + 2].copy_from_slice(&ph);
                            let c = (l.l3 + 10) as usize;
                            hdr[c..c + 2].fill(0);
                            fcb.copy_from_slice(&desc::tx_fcb(
                                l.l3 as u8,
                                (l.l4 - l.l3) as u8,
                                false,
                                true,
                                u16::from_ne_bytes(ph),
                            ));
                        },
                        |i, addr, len, bd| {
                            let (first, last, int) = match bd {
                                TsoBd::Header => (true, false, false),
                                TsoBd::Payload => (false, false, false),
                                TsoBd::EndOfFrame => (false, true, false),
                                TsoBd::EndOfPacket => (false, true, true),
                            };
                            let lst =
                                desc::tx_lstatus_int(len, first, last, int, first, i == last_slot);
                            if i == first_slot {
                                first_lst = lst;
                                bds.fill(i, addr, None);
                            } else {
                                bds.fill(i, addr, Some(lst));
                            }
                        },
                    )
                    .map(|n| (n, first_lst))
            }
        };
        let Ok((nbds, first_lst)) = mapped else {
            drop(guard);
            drop(skb);
            return self.tx_drop(g);
        };
        tx.book.set_skb(produced, skb);
        if let Some(l) = &gso {
            g.stats.tx_tso_packets.add(1, Relaxed);
            g.stats.tx_tso_frames.add(u64::from(l.segs()), Relaxed);
        }
        // Report to BQL before the packet can complete: the Tx NAPI only
        // reclaims up to the published producer counter, so this precedes
        // any completion of it.
        let txq = g.txq();
        let kick = txq.sent(bytes);
        dma::dma_wmb();
        tx.bds.set_lstatus(first_slot, first_lst);
        g.tx_produced
            .store(produced.wrapping_add(nbds), Ordering::Release);
        drop(guard);

        let stopped = txq.maybe_stop(&g.counters(size), t.stop(), t.wake());
        // `stall_tx` in debugfs simulates a stuck transmitter.
        if qdisc_hooks::doorbell(!kick, stopped) && !self.debug.is_set(DBG_STALL_TX) {
            // Descriptors must be in memory before the doorbell.
            dma::wmb();
            self.groups[0]
                .regs
                .write(regs::TSTAT, queue::THALT0 >> g.index);
        }
        TxVerdict::Ok
    }

    fn set_rx_csum(&self, on: bool) -> Result {
        self.rx_csum.store(on, Ordering::Relaxed);
        Ok(())
    }

    fn gso_ok(&self, segs: u32, nr_frags: u32) -> bool {
        self.tso_limit.fits(segs, nr_frags)
    }

    fn get_stats64(&self, s: &mut Stats) {
        for g in self.groups.iter() {
            let st = &g.stats;
            s.tx_packets += st.tx_packets.load(Relaxed);
            s.tx_bytes += st.tx_bytes.load(Relaxed);
            s.tx_dropped += st.tx_dropped.load(Relaxed);
            s.rx_packets += st.rx_packets.load(Relaxed);
            s.rx_bytes += st.rx_bytes.load(Relaxed);
            s.rx_errors += st.rx_errors.load(Relaxed);
            s.rx_dropped += st.rx_dropped.load(Relaxed);
            s.rx_crc_errors += st.rx_crc_errors.load(Relaxed);
            s.rx_length_errors += st.rx_length_errors.load(Relaxed);
            s.rx_over_errors += u64::from(g.err_events.load(Ordering::Relaxed));
        }
    }

    fn tx_timeout(&self, queue: u32) {
        pr_warn!("gianfar_rs: Tx timeout on queue {queue}, resetting\n");
        self.dev.schedule_reset();
    }

    fn set_rx_mode(&self) {
        if self.up.load(Ordering::Acquire) {
            self.program_rx_mode(true);
        }
    }

    fn change_mtu(&self, mtu: u32) -> Result {
        // MAXFRM follows the MTU: a running controller is stopped and
        // started again (`gfar_change_mtu()`).
        let old = self.dev.mtu();
        self.restart_with("MTU", |apply| {
            self.dev.set_mtu(if apply { mtu } else { old })
        })
    }

    fn set_mac_address(&self, mac: MacAddr) -> Result {
        self.dev.set_mac(mac);
        self.program_mac(mac);
        Ok(())
    }

    fn poll(&self, id: u32, budget: i32) -> i32 {
        let Some(g) = self.groups.get((id / 2) as usize) else {
            return 0;
        };
        if id % 2 == 1 {
            // Tx confirmation: acknowledge first, so that completions after
            // the reclaim raise the interrupt again once unmasked.
            g.regs.write(regs::IEVENT, ievent::TX);
            self.clean_tx(g, budget);
            match napi::tx_end(true, budget) {
                PollEnd::Continue(v) => v,
                PollEnd::Complete(v) => {
                    if g.tx_napi.complete_done(v) {
                        g.unmask(imask::TX);
                    }
                    v
                }
            }
        } else {
            // Combined mode (the C gianfar before the split, kept for
            // comparison): this one NAPI also reclaims Tx.
            let (ack, sources) = if self.combined_napi {
                (ievent::RX | ievent::TX, imask::RX | imask::TX)
            } else {
                (ievent::RX, imask::RX)
            };
            g.regs.write(regs::IEVENT, ack);
            if self.combined_napi {
                self.clean_tx(g, budget);
            }
            let work = self.clean_rx(g, napi::rx_quota(budget));
            match napi::rx_end(work, budget) {
                PollEnd::Continue(v) => v,
                PollEnd::Complete(v) => {
                    if g.rx_napi.complete_done(v) {
                        self.resume_rx(g);
                        g.unmask(sources);
                    }
                    v
                }
            }
        }
    }

    fn irq(&self, id: u32, ctx: &IrqContext) -> bool {
        let Some(g) = self.groups.get((id / 4) as usize) else {
            return false;
        };
        let single_line = g.irq_rx.is_none();
        let src = id % 4;
        let mut handled = false;
        if self.combined_napi && (src != Source::Err as u32 || single_line) {
            g.schedule(&g.rx_napi, imask::RX | imask::TX, ctx);
            handled = true;
        } else {
            if src == Source::Rx as u32 || single_line {
                g.schedule(&g.rx_napi, imask::RX, ctx);
                handled = true;
            }
            if src == Source::Tx as u32 {
                g.schedule(&g.tx_napi, imask::TX, ctx);
                handled = true;
            }
        }
        if src == Source::Err as u32 || single_line {
            let ev = g.regs.read(regs::IEVENT) & ievent::ERR;
            if ev != 0 {
                g.regs.write(regs::IEVENT, ev);
                g.err_events.fetch_add(1, Ordering::Relaxed);
                handled = true;
            }
        }
        handled
    }

    fn get_coalesce(&self) -> Result<Coalesce> {
        let cfg = *self.cfg.lock();
        let speed = self.speed();
        let (rx_usecs, rx_frames) = cfg.rx_ic.to_ethtool(speed);
        let (tx_usecs, tx_frames) = cfg.tx_ic.to_ethtool(speed);
        Ok(Coalesce {
            rx_usecs,
            rx_frames,
            tx_usecs,
            tx_frames,
        })
    }

    fn set_coalesce(&self, c: &Coalesce, ext: &mut ExtAck<'_>) -> Result {
        let speed = self.speed();
        let mut check = |dir: &str, usecs, frames| {
            Ic::from_ethtool(usecs, frames, speed).map_err(|e| {
                ext.error(
                    "gianfar_rs",
                    format_args!(
                        "{dir} {usecs} us / {frames} frames: {} (max {} frames, {} us)",
                        match e {
                            coalesce::Invalid::Usecs => "time out of range",
                            coalesce::Invalid::Frames => "frames out of range",
                            coalesce::Invalid::Ticks => "too long at this speed",
                        },
                        coalesce::MAX_FRAMES,
                        coalesce::max_usecs(speed),
                    ),
                );
                EINVAL
            })
        };
        let rx_ic = check("rx", c.rx_usecs, c.rx_frames)?;
        let tx_ic = check("tx", c.tx_usecs, c.tx_frames)?;
        {
            let mut cfg = self.cfg.lock();
            cfg.rx_ic = rx_ic;
            cfg.tx_ic = tx_ic;
        }
        // Unlike C, which restarts the controller, the registers are
        // written live: a new value takes effect with the next interrupt.
        self.program_coalescing();
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
            "gianfar_rs",
            txring::max_packet_descs(true, r.tx),
            MAX_RING,
            ext,
        )?;
        let old = self.cfg.lock().rings;
        self.restart_with("rings", |apply| {
            self.cfg.lock().rings = if apply { new } else { old }
        })
    }

    fn stat_names(&self) -> &'static [&'static CStr] {
        &STAT_NAMES
    }

    fn stats(&self, out: &mut [u64]) {
        let mut s = Stats::default();
        self.get_stats64(&mut s);
        let cfg = *self.cfg.lock();
        let vals = [
            s.rx_packets,
            s.rx_bytes,
            s.rx_errors,
            s.rx_dropped,
            s.rx_crc_errors,
            s.rx_length_errors,
            s.tx_packets,
            s.tx_bytes,
            s.tx_dropped,
            s.rx_over_errors,
            u64::from(cfg.tx_ic.register()),
            u64::from(cfg.rx_ic.register()),
            self.groups
                .iter()
                .map(|g| g.stats.rx_ring_halts.load(Relaxed))
                .sum(),
            self.groups
                .iter()
                .map(|g| g.stats.rx_csum_ok.load(Relaxed))
                .sum(),
            self.groups
                .iter()
                .map(|g| g.stats.tx_tso_packets.load(Relaxed))
                .sum(),
            self.groups
                .iter()
                .map(|g| g.stats.tx_tso_frames.load(Relaxed))
                .sum(),
        ];
        for (o, v) in out.iter_mut().zip(vals) {
            *o = v;
        }
        // RMON counters follow, read live from the first group's page.
        let r = &self.groups[0].regs;
        for (k, o) in out.iter_mut().skip(vals.len()).enumerate() {
            if let Some(reg) = regs::RMON_FIRST.at(k, 4) {
                *o = u64::from(r.read(reg));
            }
        }
    }

    fn std_stats(&self, queue: Option<u32>, s: &mut StdStats) {
        match queue {
            // The RMON pause frame counters, on the first group's page.
            None => {
                let r = &self.groups[0].regs;
                s.tx_pause = u64::from(r.read(regs::RMON_TXPF));
                s.rx_pause = u64::from(r.read(regs::RMON_RXPF));
            }
            // Queue pair i is group i's.
            Some(i) => {
                if let Some(g) = self.groups.get(i as usize) {
                    let st = &g.stats;
                    s.rx_packets = st.rx_packets.load(Relaxed);
                    s.rx_bytes = st.rx_bytes.load(Relaxed);
                    s.rx_alloc_fail = st.rx_alloc_failures.load(Relaxed);
                    s.tx_packets = st.tx_packets.load(Relaxed);
                    s.tx_bytes = st.tx_bytes.load(Relaxed);
                    s.tx_gso_packets = st.tx_tso_packets.load(Relaxed);
                    s.tx_gso_wire_packets = st.tx_tso_frames.load(Relaxed);
                    g.tx_flow.report(s);
                }
            }
        }
    }

    fn regs_len(&self) -> u32 {
        (regs::WINDOW / 4) as u32
    }

    fn regs(&self, out: &mut [u32]) {
        let r = &self.groups[0].regs;
        for (k, o) in out.iter_mut().enumerate() {
            if let Some(reg) = regs::TSEC_ID.at(k, 4) {
                *o = r.read(reg);
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
        // A reset also ends an injected Tx stall (as it would unstick real
        // hardware).
        if self.debug.clear(DBG_STALL_TX) {
            pr_info!("gianfar_rs: reset ends the injected Tx stall\n");
        }
        // `reset_gfar()`: a full stop and start, rings reallocated.
        self.stop();
        if let Err(e) = self.open() {
            pr_err!("gianfar_rs: reset failed to reopen ({e:?})\n");
        }
    }

    fn adjust_link(&self) {
        let new = self.dev.phy_link().map_or((0, false), |(s, d)| (s, d));
        let mut link = self.link.lock();
        if *link == new {
            return;
        }
        *link = new;
        drop(link);
        let (speed, full) = new;
        if speed != 0 {
            let r = &self.groups[0].regs;
            let mut m2 = r.read(regs::MACCFG2) & !(maccfg2::IF_MASK | maccfg2::FULL_DUPLEX);
            m2 |= if speed == 1000 {
                maccfg2::IF_GMII
            } else {
                maccfg2::IF_MII
            };
            if full {
                m2 |= maccfg2::FULL_DUPLEX;
            }
            r.write(regs::MACCFG2, m2);
            let mut ec = r.read(regs::ECNTRL) & !ecntrl::R100;
            if speed == 100 {
                ec |= ecntrl::R100;
            }
            r.write(regs::ECNTRL, ec);
        }
        self.program_flow();
        self.dev.phy_print_status();
    }

    fn get_pause(&self) -> Result<Pause> {
        let p = self.cfg.lock().pause;
        Ok(Pause {
            autoneg: p.autoneg.into(),
            rx: p.rx.into(),
            tx: p.tx.into(),
        })
    }

    fn set_pause(&self, p: &Pause) -> Result {
        let new = PauseCfg {
            autoneg: p.autoneg != 0,
            rx: p.rx != 0,
            tx: p.tx != 0,
        };
        // As the C gianfar: what the PHY cannot advertise is refused, and Rx
        // and Tx are advertised separately (Pause/Asym_Pause), the rest of
        // the advertisement (`ethtool -s .. advertise`) left alone.
        if !self.dev.phy_validate_pause(new.rx, new.tx) {
            return Err(EINVAL);
        }
        self.cfg.lock().pause = new;
        self.dev.phy_set_asym_pause(new.rx, new.tx);
        self.program_flow();
        Ok(())
    }
}

/// `ethtool -S` counter names: software counters, the programmed coalescing
/// registers (QEMU ignores them, so this is where they can be checked), then
/// the RMON MIB counters (0x680..=0x73c).
static STAT_NAMES: [&CStr; 16 + 48] = [
    c"rx_packets",
    c"rx_bytes",
    c"rx_errors",
    c"rx_dropped",
    c"rx_crc_errors",
    c"rx_length_errors",
    c"tx_packets",
    c"tx_bytes",
    c"tx_dropped",
    c"error_interrupts",
    c"txic_programmed",
    c"rxic_programmed",
    c"rx_ring_halts",
    c"rx_csum_ok",
    c"tx_tso_packets",
    c"tx_tso_frames",
    c"rmon_tr64",
    c"rmon_tr127",
    c"rmon_tr255",
    c"rmon_tr511",
    c"rmon_tr1k",
    c"rmon_trmax",
    c"rmon_trmgv",
    c"rmon_rbyt",
    c"rmon_rpkt",
    c"rmon_rfcs",
    c"rmon_rmca",
    c"rmon_rbca",
    c"rmon_rxcf",
    c"rmon_rxpf",
    c"rmon_rxuo",
    c"rmon_raln",
    c"rmon_rflr",
    c"rmon_rcde",
    c"rmon_rcse",
    c"rmon_rund",
    c"rmon_rovr",
    c"rmon_rfrg",
    c"rmon_rjbr",
    c"rmon_rdrp",
    c"rmon_tbyt",
    c"rmon_tpkt",
    c"rmon_tmca",
    c"rmon_tbca",
    c"rmon_txpf",
    c"rmon_tdfr",
    c"rmon_tedf",
    c"rmon_tscl",
    c"rmon_tmcl",
    c"rmon_tlcl",
    c"rmon_txcl",
    c"rmon_tncl",
    c"rmon_res1",
    c"rmon_tdrp",
    c"rmon_tjbr",
    c"rmon_tfcs",
    c"rmon_txcf",
    c"rmon_tovr",
    c"rmon_tund",
    c"rmon_tfrg",
    c"rmon_car1",
    c"rmon_car2",
    c"rmon_cam1",
    c"rmon_cam2",
];

impl Gfar {
    /// MACCFG1 Rx/Tx flow control for the current link and pause settings
    /// (`gfar_get_flowctrl_cfg()`): off at half duplex or without a link;
    /// autonegotiated, what both ends' advertisements resolve to.
    fn program_flow(&self) {
        let p = self.cfg.lock().pause;
        let link = self.link.lock();
        let (speed, full) = *link;
        let (rx, tx) = if speed == 0 || !full {
            (false, false)
        } else if p.autoneg {
            self.dev.phy_resolved_pause()
        } else {
            (p.rx, p.tx)
        };
        let r = &self.groups[0].regs;
        let mut v = r.read(regs::MACCFG1) & !(maccfg1::RX_FLOW | maccfg1::TX_FLOW);
        if rx {
            v |= maccfg1::RX_FLOW;
        }
        if tx {
            v |= maccfg1::TX_FLOW;
        }
        r.write(regs::MACCFG1, v);
        drop(link);
    }

    /// Current link speed for the coalescing tick math (1000 before a link).
    fn speed(&self) -> u32 {
        match self.link.lock().0 {
            0 => DEFAULT_SPEED_MBPS,
            s => s,
        }
    }

    /// Restarts Rx ring `g` if the hardware halted it for lack of empty
    /// descriptors (RSTAT QHLTn, cleared by writing 1).
    ///
    /// The write is repeated when the ring was halted: on silicon the second
    /// write is a no-op, while QEMU's eTSEC model only resumes reception on a
    /// QHLT write that finds the bit already clear. With the single write of
    /// the C driver, the model keeps the halt until the next Rx interrupt,
    /// which never comes, so Rx stalls for good after an overrun (seen with
    /// `iperf3 -R`).
    fn resume_rx(&self, g: &Group) {
        let qhlt = queue::RHALT0 >> g.index;
        let halted = g.regs.read(regs::RSTAT) & qhlt != 0;
        g.regs.write(regs::RSTAT, qhlt);
        if halted {
            g.regs.write(regs::RSTAT, qhlt);
            g.stats.rx_ring_halts.add(1, Relaxed);
        }
    }

    fn tx_drop(&self, g: &Group) -> TxVerdict {
        g.stats.tx_dropped.add(1, Relaxed);
        TxVerdict::Ok
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
        let dev = pdev.as_ref();
        let mode = *info.ok_or(ENODEV)?;
        // SAFETY: The first thing probe does: no DMA allocation or mapping of
        // this device exists yet, and none runs before probe makes them.
        unsafe { dma::set_desc_addr_mask(pdev) }?;
        let node = Node::of_device(dev).ok_or(ENODEV)?;
        // "gianfar" also names the MDIO nodes of some SoCs; only
        // `device_type = "network"` is an Ethernet controller (as in C).
        if mode == Mode::SingleGroup && !node.is_type(c"network") {
            return Err(ENODEV);
        }

        let mut hw = KVec::new();
        match mode {
            Mode::SingleGroup => hw.push(GroupHw::probe(&node)?, GFP_KERNEL)?,
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

        let mac = match node.mac_address() {
            Ok(mac) => {
                dev_info!(dev, "mac {mac} (device tree)\n");
                mac
            }
            Err(_) => {
                let mac = MacAddr::random();
                dev_info!(dev, "mac {mac} (random: none in the device tree)\n");
                mac
            }
        };
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

        // A packet takes one BD per fragment plus one for the linear part
        // (the frame control block is pushed into the headroom, not a BD);
        // with software TSO a share of the ring.
        let rings = RingConfig::new(
            DEFAULT_TX_RING,
            DEFAULT_RX_RING,
            txring::max_packet_descs(true, DEFAULT_TX_RING),
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
        let dma = DmaDevice::new(dev);
        let net = Registration::new(dev, ngroups, ngroups, move |ndev| {
            ndev.setup(&Setup {
                hw_features: Features {
                    sg: true,
                    ip_csum: true,
                    rxcsum: true,
                    tso: true,
                    ..Default::default()
                },
                features: Features {
                    sg: true,
                    ip_csum: true,
                    rxcsum: true,
                    highdma: true,
                    tso: true,
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
            let mut groups = KVec::with_capacity(hw.len(), GFP_KERNEL)?;
            for (i, h) in hw.into_iter().enumerate() {
                groups.push(Group::new(i, h, ndev)?, GFP_KERNEL)?;
            }
            let cfg = KBox::pin_init(
                new_spinlock!(Cfg {
                    rings,
                    tx_ic: Ic::DEFAULT_TX,
                    rx_ic: Ic::DEFAULT_RX,
                    pause: PauseCfg {
                        autoneg: true,
                        rx: true,
                        tx: true,
                    },
                }),
                GFP_KERNEL,
            )?;
            let link = KBox::pin_init(new_spinlock!((0, false)), GFP_KERNEL)?;
            let debug = DebugDir::new(
                &debug_name,
                [c"txic0", c"rxic0", c"gaddr_bits"],
                [c"fail_rx_alloc", c"stall_tx", c"fail_rx_alloc_skip", c"fail_tx_map"],
            )?;
            let rctrl_lock = KBox::pin_init(new_spinlock_irq!(()), GFP_KERNEL)?;
            // Last, after every fallible step: from here on `Gfar`'s drop
            // disconnects the PHY (an error after the connect would leave
            // it attached to a freed net_device).
            ndev.phy_connect(&node)?;
            ndev.phy_mac_caps(true, true);
            Ok(Gfar {
                dev: ndev,
                dma,
                node,
                mode,
                groups,
                cfg,
                tso_limit,
                msglevel: AtomicU32::new(0),
                up: AtomicBool::new(false),
                link,
                rctrl_lock,
                combined_napi,
                rx_csum: AtomicBool::new(true),
                debug,
            })
        })?;
        dev_info!(
            dev,
            "registered, {} Tx / {} Rx queue(s)\n",
            ngroups,
            ngroups
        );
        Ok(Etsec { net })
    }
}

impl Drop for Gfar {
    fn drop(&mut self) {
        self.dev.phy_disconnect(&self.node);
    }
}

impl Drop for Etsec {
    fn drop(&mut self) {
        pr_info!(
            "gianfar_rs: releasing {:?} controller {} ({} group(s))\n",
            self.net.state().mode,
            self.net.dev().mac(),
            self.net.state().groups.len()
        );
    }
}

kernel::module_platform_driver! {
    type: GianfarRs,
    name: "gianfar_rs",
    authors: ["nxp-rfl developers"],
    description: "Rust driver for the Freescale/NXP eTSEC (gianfar) Ethernet controller",
    license: "GPL v2",
    params: {
        combined_napi: bool {
            default: false,
            description: "One NAPI per group for Rx and Tx completion, as gianfar before the split (for comparisons)",
        },
    },
}
