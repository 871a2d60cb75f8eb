// SPDX-License-Identifier: GPL-2.0

//! ENET variants and their quirks, per device-tree compatible
//! (`fec_devinfo` in `drivers/net/ethernet/freescale/fec_main.c`).
//!
//! `fec_rs` supports the ENET-MAC parts with enhanced (extended) buffer
//! descriptors: i.MX6Q/DL, 6SX, 6UL/ULL, 7D, 8MQ/MM/MN/MP, 8QM/QXP. The
//! i.MX7D and i.MX8M device trees list `fsl,imx6sx-fec` / `fsl,imx8mq-fec` as
//! fallbacks, which is how they match here, as with the C driver.

/// Quirk flags (`FEC_QUIRK_*`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Quirks(u32);

impl Quirks {
    /// ENET MAC (as opposed to the legacy FEC).
    pub(crate) const ENET_MAC: Quirks = Quirks(1 << 0);
    /// Gigabit capable.
    pub(crate) const HAS_GBIT: Quirks = Quirks(1 << 3);
    /// Enhanced (32-byte) buffer descriptors.
    pub(crate) const HAS_BUFDESC_EX: Quirks = Quirks(1 << 4);
    /// Checksum offload.
    pub(crate) const HAS_CSUM: Quirks = Quirks(1 << 5);
    /// VLAN tag extraction.
    pub(crate) const HAS_VLAN: Quirks = Quirks(1 << 6);
    /// ERR006358: keep the transmitter running.
    pub(crate) const ERR006358: Quirks = Quirks(1 << 7);
    /// AVB: three Tx/Rx rings with credit-based shaping.
    pub(crate) const HAS_AVB: Quirks = Quirks(1 << 8);
    /// ERR007885: TDAR may be missed right after a write; re-read it.
    pub(crate) const ERR007885: Quirks = Quirks(1 << 9);
    /// Timestamp capture bug.
    pub(crate) const BUG_CAPTURE: Quirks = Quirks(1 << 10);
    /// Receive accelerator (RACC).
    pub(crate) const HAS_RACC: Quirks = Quirks(1 << 12);
    /// Interrupt coalescing registers (TXICn/RXICn).
    pub(crate) const HAS_COALESCE: Quirks = Quirks(1 << 13);
    /// Clear the MII speed register after setup.
    pub(crate) const CLEAR_SETUP_MII: Quirks = Quirks(1 << 17);
    /// Several Tx/Rx queues.
    pub(crate) const HAS_MULTI_QUEUES: Quirks = Quirks(1 << 19);
    /// Energy efficient Ethernet.
    pub(crate) const HAS_EEE: Quirks = Quirks(1 << 20);
    /// The wake-up event comes on the third interrupt line.
    pub(crate) const WAKEUP_FROM_INT2: Quirks = Quirks(1 << 22);
    /// PM QoS during operation.
    pub(crate) const HAS_PMQOS: Quirks = Quirks(1 << 23);
    /// Clause 45 MDIO.
    pub(crate) const HAS_MDIO_C45: Quirks = Quirks(1 << 24);
    /// Jumbo frames.
    pub(crate) const JUMBO_FRAME: Quirks = Quirks(1 << 25);

    /// The union of two sets.
    pub(crate) const fn or(self, other: Quirks) -> Quirks {
        Quirks(self.0 | other.0)
    }

    /// Whether every flag of `other` is set.
    pub(crate) const fn has(self, other: Quirks) -> bool {
        self.0 & other.0 == other.0
    }

    /// The alignment mask of Tx buffers: the ENET-MAC parts without AVB DMA
    /// need 16-byte aligned buffers (`fep->tx_align` in C).
    pub(crate) const fn tx_align_mask(self) -> u32 {
        if self.has(Quirks::HAS_MULTI_QUEUES) {
            0
        } else {
            0xf
        }
    }

    /// The raw flag bits (for logs).
    pub(crate) const fn bits(self) -> u32 {
        self.0
    }
}

/// One supported ENET variant.
#[derive(Debug)]
pub(crate) struct Variant {
    /// SoC family name, for logs.
    pub(crate) name: &'static str,
    /// Quirks of the variant.
    pub(crate) quirks: Quirks,
}

const fn q(list: &[Quirks]) -> Quirks {
    let mut acc = Quirks(0);
    let mut i = 0;
    while i < list.len() {
        acc = acc.or(list[i]);
        i += 1;
    }
    acc
}

/// `fsl,imx6q-fec` (`fec_imx6q_info`): no coalescing, single queue.
pub(crate) const IMX6Q: Variant = Variant {
    name: "i.MX6Q",
    quirks: q(&[
        Quirks::ENET_MAC,
        Quirks::HAS_GBIT,
        Quirks::HAS_BUFDESC_EX,
        Quirks::HAS_CSUM,
        Quirks::HAS_VLAN,
        Quirks::ERR006358,
        Quirks::HAS_RACC,
        Quirks::CLEAR_SETUP_MII,
        Quirks::HAS_PMQOS,
        Quirks::HAS_MDIO_C45,
    ]),
};

/// `fsl,imx6sx-fec` (`fec_imx6sx_info`; also i.MX7D).
pub(crate) const IMX6SX: Variant = Variant {
    name: "i.MX6SX/7D",
    quirks: q(&[
        Quirks::ENET_MAC,
        Quirks::HAS_GBIT,
        Quirks::HAS_BUFDESC_EX,
        Quirks::HAS_CSUM,
        Quirks::HAS_VLAN,
        Quirks::HAS_AVB,
        Quirks::ERR007885,
        Quirks::BUG_CAPTURE,
        Quirks::HAS_RACC,
        Quirks::HAS_COALESCE,
        Quirks::CLEAR_SETUP_MII,
        Quirks::HAS_MULTI_QUEUES,
        Quirks::HAS_MDIO_C45,
    ]),
};

/// `fsl,imx6ul-fec` (`fec_imx6ul_info`).
pub(crate) const IMX6UL: Variant = Variant {
    name: "i.MX6UL",
    quirks: q(&[
        Quirks::ENET_MAC,
        Quirks::HAS_GBIT,
        Quirks::HAS_BUFDESC_EX,
        Quirks::HAS_CSUM,
        Quirks::HAS_VLAN,
        Quirks::ERR007885,
        Quirks::BUG_CAPTURE,
        Quirks::HAS_RACC,
        Quirks::HAS_COALESCE,
        Quirks::CLEAR_SETUP_MII,
        Quirks::HAS_MDIO_C45,
    ]),
};

/// `fsl,imx8mq-fec` (`fec_imx8mq_info`; also i.MX8MM/MN/MP): i.MX6SX plus
/// EEE, waking on the third interrupt line.
pub(crate) const IMX8MQ: Variant = Variant {
    name: "i.MX8MQ",
    quirks: IMX6SX
        .quirks
        .or(Quirks::HAS_EEE)
        .or(Quirks::WAKEUP_FROM_INT2),
};

/// `fsl,imx8qm-fec` (`fec_imx8qm_info`; also i.MX8QXP): i.MX6SX plus jumbo frames.
pub(crate) const IMX8QM: Variant = Variant {
    name: "i.MX8QM",
    quirks: IMX6SX.quirks.or(Quirks::JUMBO_FRAME),
};
