// SPDX-License-Identifier: GPL-2.0

//! Rust driver for the Freescale/NXP i.MX ENET Ethernet controller (`fec_rs`).
//!
//! A drop-in replacement for the C `fec` driver on i.MX6Q/6SX/6UL/7D/8M/8QM
//! boards: it binds to the same device-tree compatibles (see
//! [`fec::quirks`]).
//!
//! Layout: under `fec/`, the hardware as data (`regs`, `desc`, `coalesce`,
//! `quirks`, `filter`) and the driver by concern: `driver` (the state, probe),
//! `mac` (programming the MAC, bringing the data path up and down, the
//! interrupt mask, MDIO), `tx` and `rx` (the rings and their paths), `ops`
//! (the `net_device` operations, NAPI polls, interrupts), `ethtool` and
//! `stats`. Rings, NAPI rules and the qdisc contract are shared with
//! `gianfar_rs` (`ring.rs`, `txring.rs`, `rxring.rs`, `napi.rs`,
//! `qdisc_hooks.rs`); all C calls go through the wrapper layer `netdev.rs`.
//!
//! Data path: a Tx ring per Tx queue (one, or three on the AVB parts, chosen
//! by VLAN priority as the C fec), each with its Tx-confirmation NAPI, and
//! one Rx ring with its Rx NAPI (ring 0 of the ENET), the interrupt handler
//! masking only the half (TXF or RXF) whose NAPI it schedules. Enhanced
//! descriptors (`ECR[EN1588]`). Rx buffers are page_pool pages turned into
//! skbs with `build_skb` and fed to GRO. Tx uses
//! scatter-gather, IPv4 checksum insertion, BQL, stop-in-advance /
//! wake-with-hysteresis and a doorbell rung once per xmit batch. The MDIO bus
//! is registered with phylib from the controller's `mdio` node.

// The shared layer is one source for both drivers; what only one of them
// uses is marked so item by item (`nxp_gianfar`, `nxp_fec`: Kbuild). Only
// the wrapper layer (`netdev`) may use `unsafe`.
#[deny(unsafe_code)]
mod coalesce_dim;
#[deny(unsafe_code)]
mod crc;
#[deny(unsafe_code)]
mod knobs;
#[deny(unsafe_code)]
mod napi;
mod netdev;
#[deny(unsafe_code)]
mod qdisc_hooks;
#[deny(unsafe_code)]
mod ring;
#[deny(unsafe_code)]
mod rxring;
#[deny(unsafe_code)]
mod tso;
#[deny(unsafe_code)]
mod txring;
#[deny(unsafe_code)]
mod vlan;

/// The ENET: its hardware as data (register map, descriptors, coalescing
/// units, variants) and the driver, split by concern.
#[deny(unsafe_code)]
mod fec {
    pub(crate) mod coalesce;
    pub(crate) mod desc;
    pub(crate) mod filter;
    pub(crate) mod ptp_clock;
    pub(crate) mod quirks;
    pub(crate) mod regs;

    pub(crate) mod driver;
    pub(crate) mod ethtool;
    pub(crate) mod mac;
    pub(crate) mod ops;
    pub(crate) mod pm;
    pub(crate) mod pps;
    pub(crate) mod probe;
    pub(crate) mod ptp;
    pub(crate) mod rx;
    pub(crate) mod stats;
    pub(crate) mod tx;
    pub(crate) mod xdp;
}

use fec::probe::FecRs;

// The platform driver with its system sleep callbacks (`fec::pm`).
kernel::module_driver!(<T>, netdev::pm::Adapter<T>, {
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
});
