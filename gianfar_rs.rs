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
//! Current stage: probe maps every group's registers, resolves its
//! interrupts and the MAC address, and reports them; the data path is not
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

/// eTSEC hardware: register map, coalescing units.
mod gianfar {
    // `ethtool -C` uses all of it; this stage uses the defaults only.
    #[allow(dead_code)]
    pub(crate) mod coalesce;
    pub(crate) mod regs;
}

use gianfar::{
    coalesce::Ic,
    regs, //
};
use kernel::{
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

/// One interrupt group: a register page and its interrupts.
struct Group<'a> {
    regs: regs::Regs<'a>,
    /// Tx, Rx and error interrupts; a single-interrupt part has only the first.
    irq_tx: u32,
    irq_rx: Option<u32>,
    irq_err: Option<u32>,
}

/// A bound eTSEC controller.
struct Etsec<'a> {
    mode: Mode,
    groups: KVec<Group<'a>>,
    mac: MacAddr,
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

impl Group<'_> {
    /// Maps the registers and interrupts described by `np` (the controller
    /// node or one of its `queue-group` children).
    fn probe<'a>(pdev: &'a platform::Device<Core<'_>>, np: &Node) -> Result<Group<'a>> {
        let regs = Mmio::map_of(pdev.as_ref(), np, 0)?;
        let irq_tx = np.irq(0)?;
        Ok(Group {
            regs,
            irq_tx,
            irq_rx: np.irq(1).ok(),
            irq_err: np.irq(2).ok(),
        })
    }
}

impl platform::Driver for GianfarRs {
    type IdInfo = Mode;
    type Data<'bound> = Etsec<'bound>;
    const OF_ID_TABLE: Option<of::IdTable<Self::IdInfo>> = Some(&OF_TABLE);

    fn probe<'bound>(
        pdev: &'bound platform::Device<Core<'_>>,
        info: Option<&'bound Self::IdInfo>,
    ) -> impl PinInit<Self::Data<'bound>, Error> + 'bound {
        let dev = pdev.as_ref();
        let mode = *info.ok_or(ENODEV)?;
        let node = Node::of_device(dev).ok_or(ENODEV)?;
        // "gianfar" also names the MDIO nodes of some SoCs; only
        // `device_type = "network"` is an Ethernet controller (as in C).
        if mode == Mode::SingleGroup && !node.is_type(c"network") {
            return Err(ENODEV);
        }

        let mut groups = KVec::new();
        match mode {
            Mode::SingleGroup => groups.push(Group::probe(pdev, &node)?, GFP_KERNEL)?,
            Mode::MultiGroup => {
                for child in node.children_named(c"queue-group") {
                    if groups.len() == MAX_GROUPS {
                        dev_warn!(
                            dev,
                            "more than {MAX_GROUPS} queue groups, ignoring the rest\n"
                        );
                        break;
                    }
                    groups.push(Group::probe(pdev, &child)?, GFP_KERNEL)?;
                }
            }
        }
        if groups.is_empty() {
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

        for (i, g) in groups.iter().enumerate() {
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
        // (the frame control block is pushed into the headroom, not a BD).
        let max_descs = netdev::max_skb_frags() + 1;
        let rings = RingConfig::new(DEFAULT_TX_RING, DEFAULT_RX_RING, max_descs, MAX_RING)
            .map_err(|_| EINVAL)?;
        dev_info!(dev, "rings: {rings}\n");
        let (tx_us, tx_frames) = Ic::DEFAULT_TX.to_ethtool(DEFAULT_SPEED_MBPS);
        dev_info!(
            dev,
            "{:?}, {} group(s); default Tx coalescing {tx_frames} frames / {tx_us} us\n",
            mode,
            groups.len()
        );

        Ok(Etsec { mode, groups, mac })
    }
}

impl Drop for Etsec<'_> {
    fn drop(&mut self) {
        pr_info!(
            "gianfar_rs: releasing {:?} controller {} ({} group(s))\n",
            self.mode,
            self.mac,
            self.groups.len()
        );
    }
}

kernel::module_platform_driver! {
    type: GianfarRs,
    name: "gianfar_rs",
    authors: ["nxp-rfl developers"],
    description: "Rust driver for the Freescale/NXP eTSEC (gianfar) Ethernet controller",
    license: "GPL v2",
}
