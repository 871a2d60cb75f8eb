// SPDX-License-Identifier: GPL-2.0

//! The platform driver and its probe: clocks, interrupt lines, the MAC
//! address, the PHY's reset and MDIO bus, then the `net_device`.

use crate::fec::{
    coalesce::Itr,
    driver::{
        Fec,
        Hw,
        DEFAULT_RX_RING,
        DEFAULT_TX_RING,
        MAX_IRQS,
        MAX_RING,
        MAX_TX_QUEUES, //
    },
    mac::FecMdio,
    pps::PpsOutput,
    ptp_clock,
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
};
use crate::module_parameters;
use crate::netdev::{
    dma::{
        self,
        DmaDevice, //
    },
    gpio::OutputGpio,
    mdio::MdioBus,
    mmio::Mmio,
    net::{
        netdev_info,
        Registration, //
    },
    of::Node,
    ptp::PtpOutputs,
    rpm::RuntimePm,
    syscon::SysconBit,
    MacAddr, //
};
use crate::ring::RingConfig;
use crate::{
    netdev,
    txring, //
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
    of,
    platform,
    prelude::*,
    sync::Arc,
    time::{
        delay::{
            fsleep,
            udelay, //
        },
        Delta, //
    }, //
};

/// An optional clock enabled for as long as the value lives (an absent one
/// is a no-op).
struct EnabledClk(OptionalClk);

impl EnabledClk {
    fn clk(&self) -> &Clk {
        &self.0
    }

    fn get_optional(dev: &device::Device, name: &CStr) -> Result<Self> {
        let c = OptionalClk::get(dev, Some(name))?;
        // (Enabled before it is wrapped: a clock that failed to enable is
        // not disabled on drop.)
        c.prepare_enable()?;
        Ok(Self(c))
    }
}

impl Drop for EnabledClk {
    fn drop(&mut self) {
        self.clk().disable_unprepare();
    }
}

/// The platform driver's data for a bound ENET. Fields drop in order: the
/// net_device (and its PHY) before the MDIO bus, then runtime PM (the
/// register clocks off), the other clocks last.
pub(crate) struct Enet {
    net: Registration<FecNet>,
    _mdio: MdioBus<FecMdio>,
    pub(crate) rpm: RuntimePm,
    _clks: KVec<EnabledClk>,
}

/// The ENET's register clocks run only while runtime PM has it resumed;
/// it suspends this long after its last use (`FEC_MDIO_PM_TIMEOUT`).
const AUTOSUSPEND_MS: u32 = 100;

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

crate::netdev::net::declare_net_driver!(FecNet => Fec);

/// The register block is clocked by "ipg" (registers, MDC) and "ahb" (bus,
/// also the coalescing timer): both must run for any access. Runtime PM
/// gates them while the ENET is unused: down, between MDIO transfers and
/// the PTP clock's or ethtool's reads (`fec_runtime_suspend()`).
const REGISTER_CLOCKS: [&CStr; 2] = [c"ipg", c"ahb"];

/// The rate of clock `name` of `dev` (0 if the clock has none).
fn clk_rate(dev: &device::Device, name: &CStr) -> Result<u32> {
    Ok(u32::try_from(Clk::get(dev, Some(name))?.rate().0).unwrap_or(u32::MAX))
}

/// Enables the other clocks of an ENET, all optional, for as long as it is
/// bound: they clock the PHY interface (`fec_enet_clk_enable()`: the RMII
/// reference the ENET may drive, RGMII's 2x Tx clock) and the 1588 timer
/// ("ptp", so that the PTP clock runs whether the interface is up or not).
fn enable_clocks(dev: &device::Device<device::Bound>) -> Result<KVec<EnabledClk>> {
    let mut clks = KVec::new();
    for name in [c"enet_out", c"enet_clk_ref", c"enet_2x_txclk", c"ptp"] {
        clks.push(EnabledClk::get_optional(dev, name)?, GFP_KERNEL)?;
    }
    Ok(clks)
}

/// The 1588 timer's increment for a "ptp" clock of `rate` Hz (0: none),
/// or 0 without a PTP clock: parts without enhanced descriptors have no
/// timer, and the timer counts whole nanoseconds of 1 to 127 per cycle.
fn ptp_inc(dev: &device::Device, variant: &Variant, rate: usize) -> u32 {
    if !variant.quirks.has(Quirks::HAS_BUFDESC_EX) || rate == 0 {
        return 0;
    }
    match u32::try_from(rate).ok().and_then(ptp_clock::increment) {
        Some(inc) => {
            dev_info!(dev, "PTP clock {rate} Hz, {inc} ns per cycle\n");
            inc
        }
        None => {
            dev_err!(
                dev,
                "ptp clock {rate} Hz unusable for the 1588 timer: no PTP clock\n"
            );
            0
        }
    }
}

/// The interrupt lines the driver requests (`fec_enet_get_irq_cnt()`: two
/// lines are int0 and PPS (i.MX6Q/6UL); more are int0..int2 and PPS
/// (i.MX6SX/7D/8M)), and the line of the 1588 timer's compare events: the
/// one named "pps", else the first after those (`fec_ptp_init()`).
fn irq_lines(pdev: &platform::Device<device::Bound>) -> Result<(KVec<u32>, Option<u32>)> {
    let mut lines = netdev::platform_irqs(pdev, MAX_IRQS as u32 + 1)?;
    let n = match lines.len() {
        0 => {
            dev_err!(pdev.as_ref(), "no interrupt\n");
            return Err(ENXIO);
        }
        2 => 1,
        n => n.min(MAX_IRQS),
    };
    let pps = netdev::platform_irq_byname(pdev, c"pps")?.or_else(|| lines.get(n).copied());
    lines.truncate(n);
    Ok((lines, pps))
}

/// The PPS and periodic output of a part with a PTP clock: the timer's
/// compare channel (`fsl,pps-channel`, 0 by default) and the line of its
/// events; none without that line.
fn pps_output(dev: &device::Device, node: &Node, line: Option<u32>) -> Option<PpsOutput> {
    let channel = node.read_u32(c"fsl,pps-channel").unwrap_or(0);
    if channel >= ptp_clock::CHANNELS {
        dev_warn!(dev, "invalid fsl,pps-channel {channel}: no PPS output\n");
        return None;
    }
    line.and_then(|line| PpsOutput::new(line, channel))
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

/// The checksum and TSO offloads `variant` offers and the default rings
/// (logged, with the default coalescing for an ITR clock of `itr_rate`).
fn offloads_and_rings(
    dev: &device::Device,
    variant: &Variant,
    itr_rate: u32,
) -> Result<(bool, bool, RingConfig)> {
    let csum = variant.quirks.has(Quirks::HAS_CSUM);
    // Software TSO as in C; where the DMA needs aligned buffers, with each
    // frame copied whole (`Fec::tso_frames`).
    let tso = csum;
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
    Ok((csum, tso, rings))
}

/// Connects the PHY of a built `Fec` and tells it the MAC's abilities: the
/// last step of probe before registering, since from here on `Fec`'s drop
/// disconnects the PHY.
fn attach_phy(state: &Fec<'_>) -> Result {
    let q = state.variant.quirks;
    state.dev.phy_connect(&state.node)?;
    state.dev.phy_mac_caps(q.has(Quirks::HAS_GBIT), false);
    // The PTP clock, its timer running from now on (`fec_ptp_init()`).
    if state.has_ptp() {
        state.ptp_init();
        let outputs = PtpOutputs {
            pps: state.pps.is_some(),
            periodic: u32::from(state.pps.is_some()),
        };
        state.dev.set_ptp(ptp_clock::MAX_ADJ_PPB, outputs);
    }
    if q.has(Quirks::HAS_EEE) {
        state.dev.phy_support_eee();
    }
    // Wake-on-LAN where the board wires the ENET's wake-up (`fsl,magic-packet`).
    if state.node.read_bool(c"fsl,magic-packet") {
        state.dev.set_wol_magic();
    }
    Ok(())
}

impl platform::Driver for FecRs {
    type IdInfo = &'static Variant;
    type Data<'bound> = Enet;
    const OF_ID_TABLE: Option<of::IdTable<Self::IdInfo>> = Some(&OF_TABLE);

    fn probe<'bound>(
        pdev: &'bound platform::Device<Core<'_>>,
        info: Option<&'bound Self::IdInfo>,
    ) -> impl PinInit<Self::Data<'bound>, Error> + 'bound {
        // SAFETY: The first thing probe does: no DMA allocation or mapping of
        // this device exists yet, and none runs before probe makes them.
        #[allow(unsafe_code)]
        let (dev, variant, node) = unsafe { dma::probe_start(pdev, info) }?;
        // The SoC's stop-mode request for Wake-on-LAN, as the C fec's
        // probe reads it (and fails without the GPR it names).
        let stop_mode = SysconBit::of_property(&node, c"fsl,stop-mode")
            .inspect_err(|e| dev_err!(dev, "fsl,stop-mode: no GPR bit ({e:?})\n"))?;

        let ipg_rate = clk_rate(dev, REGISTER_CLOCKS[0])?;
        let itr_rate = clk_rate(dev, REGISTER_CLOCKS[1])?;
        // The register clocks on, and kept on until probe ends.
        let (rpm, _probing) = RuntimePm::enable(dev, &REGISTER_CLOCKS, AUTOSUSPEND_MS)?;
        let clks = enable_clocks(dev)?;
        // `enet_clk_ref` (optional: no clock has rate 0).
        let clk_ref_rate = u32::try_from(clks[1].clk().rate().0).unwrap_or(u32::MAX);
        let ptp_inc = ptp_inc(dev, variant, clks[3].clk().rate().0);
        let Some(mscr) = regs::mscr(ipg_rate) else {
            dev_err!(dev, "ipg clock {ipg_rate} Hz too fast for the MII speed\n");
            return Err(EINVAL);
        };

        let regs = Mmio::map(&node, 0, c"fec_rs")?.checked_by(&rpm.rpm());
        let regs = Arc::new(regs, GFP_KERNEL)?;
        let (irq_lines, pps_line) = irq_lines(pdev)?;
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
        let bus = FecMdio {
            regs: regs.clone(),
            dev: dev.as_ref().into(),
            power: rpm.rpm(),
        };
        let mdio = MdioBus::register(dev, mdio_np.as_ref(), &id, bus)?;

        let (csum, tso, rings) = offloads_and_rings(dev, variant, itr_rate)?;
        let phy_if = node.phy_interface();
        let tx_queues = tx_queues(dev, &node, variant);
        let pps = if ptp_inc != 0 {
            pps_output(dev, &node, pps_line)
        } else {
            None
        };
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
            ptp_inc,
            pps,
            power: rpm.rpm(),
            stop_mode,
        };
        let net = register(dev, hw, &id, mac)?;
        Ok(Enet {
            net,
            _mdio: mdio,
            rpm,
            _clks: clks,
        })
    }
}

/// Registers the network device of `hw` with its driver state (debugfs
/// directory `id`, address `mac`) and says what it got.
fn register(dev: &device::Device, hw: Hw, id: &CStr, mac: MacAddr) -> Result<Registration<FecNet>> {
    let (tx_queues, phy_if) = (hw.tx_queues, hw.phy_if);
    let net = Registration::new(
        dev,
        tx_queues as u32,
        1,
        move |ndev| KBox::pin_init(Fec::new(ndev, hw, id, mac)?, GFP_KERNEL),
        attach_phy,
    )?;
    dev_info!(
        dev,
        "registered {}, phy-mode {:?}, {tx_queues} Tx / 1 Rx queue\n",
        net.dev().mac(),
        phy_if
    );
    if let Some((reg, bit)) =
        net.with_state(|s: &Fec<'_>| s.stop_mode.as_ref().map(|m| (m.reg(), m.bit())))
    {
        dev_info!(
            dev,
            "stop-mode request for Wake-on-LAN: GPR {:#x} bit {}\n",
            reg,
            bit
        );
    }
    Ok(net)
}

impl Enet {
    /// The registered network device.
    pub(crate) fn net(&self) -> &Registration<FecNet> {
        &self.net
    }
}

impl Drop for Enet {
    fn drop(&mut self) {
        let variant = self.net.with_state(|s| s.variant.name);
        netdev_info!(
            self.net.dev(),
            "releasing {} ENET {}\n",
            variant,
            self.net.dev().mac()
        );
    }
}
