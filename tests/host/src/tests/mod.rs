// SPDX-License-Identifier: GPL-2.0

mod coalesce_fec;
mod coalesce_gianfar;
mod desc_fec;
mod desc_gianfar;
mod filter_fec;
mod filter_gianfar;
mod napi;
mod ptp_fec;
mod qdisc;
mod ring;
mod tso;
mod vlan;
