// SPDX-License-Identifier: GPL-2.0

//! PTP hardware clocks and hardware timestamping: what a driver's clock
//! needs of the kernel's clocks, and the timestamping configuration.
//!
//! The clock itself is registered by the shim with the device
//! ([`NetDev::set_ptp`](super::net::NetDev::set_ptp)); its operations are
//! the driver's `NetDriver::ptp_*` methods.
//!
//! C header: [`include/linux/ptp_clock_kernel.h`](srctree/include/linux/ptp_clock_kernel.h)

use kernel::bindings;

/// Hardware timestamping as `SIOCSHWTSTAMP` and ethtool's tsconfig set
/// it, for the MACs here: of every frame sent with a request (`tx`,
/// `HWTSTAMP_TX_ON`) and of every frame received (`rx`,
/// `HWTSTAMP_FILTER_ALL`: any filter asked for is widened to all frames).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct HwTstamp {
    pub(crate) tx: bool,
    pub(crate) rx: bool,
}

/// `HWTSTAMP_TX_OFF`, `HWTSTAMP_TX_ON` (`uapi/linux/net_tstamp.h`).
pub(crate) const HWTSTAMP_TX_OFF: u32 = 0;
pub(crate) const HWTSTAMP_TX_ON: u32 = 1;
/// `HWTSTAMP_FILTER_NONE`, `HWTSTAMP_FILTER_ALL`.
pub(crate) const HWTSTAMP_FILTER_NONE: u32 = 0;
pub(crate) const HWTSTAMP_FILTER_ALL: u32 = 1;

/// Wall-clock time in ns (`ktime_get_real_ns()`): where a PTP clock starts.
#[cfg_attr(nxp_gianfar, expect(dead_code))]
pub(crate) fn real_ns() -> u64 {
    // SAFETY: Callable from any context but NMI.
    let t = unsafe { bindings::ktime_get_real() };
    t.max(0) as u64
}

/// Monotonic time in ns (`ktime_get_ns()`): how long a clock was stopped.
#[cfg_attr(nxp_gianfar, expect(dead_code))]
pub(crate) fn mono_ns() -> u64 {
    // SAFETY: Callable from any context but NMI.
    let t = unsafe { bindings::ktime_get() };
    t.max(0) as u64
}
