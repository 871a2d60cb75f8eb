// SPDX-License-Identifier: GPL-2.0

//! Rust driver for the Freescale/NXP eTSEC Ethernet controller (`gianfar_rs`).
//!
//! A drop-in replacement for the C `gianfar` driver on MPC85xx, P1010, P1020,
//! P2020 (PowerPC e500) and LS1021A (ARM) boards: it binds to the same
//! device-tree nodes, `fsl,etsec2` (multi-group: one `queue-group` child per
//! interrupt group, each with its own register page and Tx, Rx and error
//! interrupts) and `gianfar` with `device_type = "network"` (single group).
//!
//! Layout: under `gianfar/`, the hardware as data (`regs`, `desc`,
//! `coalesce`, `filter`) and the driver by concern: `driver` (the state, its
//! interrupt groups, probe), `mac` (initialising and programming the MAC,
//! starting and stopping DMA, ring memory, interrupts, flow control), `tx`
//! and `rx` (the rings and their paths), `ops` (the `net_device` operations,
//! NAPI polls, interrupts), `ethtool` and `stats`. Rings, NAPI rules and the
//! qdisc contract are shared with `fec_rs` (`ring.rs`, `txring.rs`,
//! `rxring.rs`, `napi.rs`, `qdisc_hooks.rs`); all C calls go through the
//! wrapper layer `netdev.rs`.
//!
//! Data path: per group one Tx and one Rx ring, a Tx-confirmation NAPI and
//! an Rx NAPI, each interrupt handler masking only its own half of IMASK.
//! Rx buffers are half pages of a page_pool turned into skbs with
//! `build_skb` and fed to GRO; jumbo frames (MTU up to 9576) span buffers,
//! added as page fragments. Tx uses scatter-gather, the frame control block
//! for IPv4 checksums, BQL, stop-in-advance / wake-with-hysteresis and a
//! doorbell rung once per xmit batch.

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

/// The eTSEC: its hardware as data (register map, descriptors, coalescing
/// units) and the driver, split by concern.
#[deny(unsafe_code)]
mod gianfar {
    pub(crate) mod coalesce;
    pub(crate) mod desc;
    pub(crate) mod filter;
    pub(crate) mod regs;

    pub(crate) mod driver;
    pub(crate) mod ethtool;
    pub(crate) mod mac;
    pub(crate) mod ops;
    pub(crate) mod pm;
    pub(crate) mod rx;
    pub(crate) mod stats;
    pub(crate) mod tx;
    pub(crate) mod xdp;
}

use gianfar::driver::GianfarRs;

// The platform driver with its system sleep callbacks (`gianfar::pm`).
kernel::module_driver!(<T>, netdev::pm::Adapter<T>, {
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
});
