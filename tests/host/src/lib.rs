// SPDX-License-Identifier: GPL-2.0

//! Host build of the drivers' pure-logic files, for `cargo test`.
//!
//! These are the very files the kernel modules compile (`#[path]` below); they
//! depend only on `core`, so they build here unchanged.

#![allow(dead_code)]

#[path = "../../../ring.rs"]
pub mod ring;

#[path = "../../../qdisc_hooks.rs"]
pub mod qdisc_hooks;

#[path = "../../../napi.rs"]
pub mod napi;

#[path = "../../../crc.rs"]
pub mod crc;

#[path = "../../../tso.rs"]
pub mod tso;

#[path = "../../../vlan.rs"]
pub mod vlan;

#[path = "../../../gianfar/coalesce.rs"]
pub mod gianfar_coalesce;

#[path = "../../../gianfar/desc.rs"]
pub mod gianfar_desc;

#[path = "../../../gianfar/filter.rs"]
pub mod gianfar_filter;

#[path = "../../../fec/coalesce.rs"]
pub mod fec_coalesce;

#[path = "../../../fec/desc.rs"]
pub mod fec_desc;

#[path = "../../../fec/filter.rs"]
pub mod fec_filter;

#[path = "../../../fec/ptp_clock.rs"]
pub mod fec_ptp_clock;

/// The hardware modules under the paths the drivers use.
pub mod gianfar {
    pub use super::gianfar_coalesce as coalesce;
    pub use super::gianfar_desc as desc;
    pub use super::gianfar_filter as filter;
}

/// The hardware modules under the paths the drivers use.
pub mod fec {
    pub use super::fec_coalesce as coalesce;
    pub use super::fec_desc as desc;
    pub use super::fec_filter as filter;
    pub use super::fec_ptp_clock as ptp_clock;
}

#[cfg(test)]
mod tests;
