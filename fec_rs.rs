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
//! Current stage: probe enables the ENET clocks, maps the registers, resolves
//! the interrupts and the MAC address and reports them; the data path is not
//! there yet, so no network interface is registered.

// The shared layer is one source for both drivers; each driver uses its own
// subset of it, so unused items there are expected.
#[allow(dead_code)]
mod napi;
#[allow(dead_code)]
mod netdev;
#[allow(dead_code)]
mod qdisc_hooks;
#[allow(dead_code)]
mod ring;

/// ENET hardware: register map, coalescing units, variants.
mod fec {
    // `ethtool -C` uses all of it; this stage uses the defaults only.
    #[allow(dead_code)]
    pub(crate) mod coalesce;
    pub(crate) mod quirks;
    pub(crate) mod regs;
}

use fec::{
    coalesce::Itr,
    quirks::{
        self,
        Quirks,
        Variant, //
    },
    regs, //
};
use kernel::{
    clk::Clk,
    device::Core,
    of,
    platform,
    prelude::*, //
};
use netdev::{
    mmio::Mmio,
    of::Node,
    MacAddr, //
};
use ring::RingConfig;

/// Most interrupt lines of an ENET (`FEC_IRQ_NUM` plus the PPS line).
const MAX_IRQS: u32 = 4;

/// Default ring sizes (`TX_RING_SIZE`, `RX_RING_SIZE` with 4 KiB pages).
const DEFAULT_TX_RING: u32 = 1024;
const DEFAULT_RX_RING: u32 = 256;
/// Largest rings the driver accepts.
const MAX_RING: u32 = 4096;

/// A clock enabled for as long as the value lives.
struct EnabledClk(Clk);

impl EnabledClk {
    fn get(dev: &kernel::device::Device, name: &CStr) -> Result<Self> {
        let clk = Clk::get(dev, Some(name))?;
        clk.prepare_enable()?;
        Ok(Self(clk))
    }
}

impl Drop for EnabledClk {
    fn drop(&mut self) {
        self.0.disable_unprepare();
    }
}

/// A bound ENET controller.
struct Enet {
    variant: &'static Variant,
    regs: regs::Regs,
    irqs: KVec<u32>,
    mac: MacAddr,
    // Dropped after `regs` is no longer used; the registers need these clocks.
    _clk_ahb: EnabledClk,
    _clk_ipg: EnabledClk,
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

/// The MAC address the bootloader (or QEMU) left in PALR/PAUR, as the C
/// driver's `fec_get_mac()` reads it.
fn mac_from_regs(regs: &regs::Regs) -> MacAddr {
    let lo = regs.read(regs::ADDR_LOW).to_be_bytes();
    let hi = (regs.read(regs::ADDR_HIGH) >> 16) as u16;
    let hi = hi.to_be_bytes();
    MacAddr([lo[0], lo[1], lo[2], lo[3], hi[0], hi[1]])
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
        let node = Node::of_device(dev).ok_or(ENODEV)?;

        // The register block is clocked by "ipg" (registers) and "ahb" (bus,
        // also the coalescing timer): both must run before any access.
        let clk_ipg = EnabledClk::get(dev, c"ipg")?;
        let clk_ahb = EnabledClk::get(dev, c"ahb")?;
        let itr_rate = u32::try_from(clk_ahb.0.rate().0).unwrap_or(u32::MAX);

        let regs = Mmio::map(&node, 0, c"fec_rs")?;
        let irqs = netdev::platform_irqs(pdev, MAX_IRQS)?;
        if irqs.is_empty() {
            dev_err!(dev, "no interrupt\n");
            return Err(ENXIO);
        }

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
            &irqs[..]
        );
        // One BD per fragment plus one for the linear part.
        let max_descs = netdev::max_skb_frags() + 1;
        let rings = RingConfig::new(DEFAULT_TX_RING, DEFAULT_RX_RING, max_descs, MAX_RING)
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

        Ok(Enet {
            variant,
            regs,
            irqs,
            mac,
            _clk_ahb: clk_ahb,
            _clk_ipg: clk_ipg,
        })
    }
}

impl Drop for Enet {
    fn drop(&mut self) {
        pr_info!(
            "fec_rs: releasing {} ENET {} (IMASK {:#x}, {} irqs)\n",
            self.variant.name,
            self.mac,
            self.regs.read(regs::IMASK),
            self.irqs.len()
        );
    }
}

kernel::module_platform_driver! {
    type: FecRs,
    name: "fec_rs",
    authors: ["nxp-rfl developers"],
    description: "Rust driver for the Freescale/NXP i.MX ENET (fec) Ethernet controller",
    license: "GPL v2",
}
