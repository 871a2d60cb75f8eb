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

/// The outputs of a PTP clock (`ptp_clock_info`'s `pps`, `n_per_out`).
#[derive(Clone, Copy, Default)]
pub(crate) struct PtpOutputs {
    /// A pulse-per-second output whose pulses reach the PTP core
    /// ([`NetDev::ptp_pps_event`](super::net::NetDev::ptp_pps_event)).
    pub(crate) pps: bool,
    /// The number of periodic outputs.
    pub(crate) periodic: u32,
}

/// A request to a PTP clock's outputs (`ptp_clock_request`, from the PTP
/// core's `enable`, which has checked the output's index).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(nxp_gianfar, expect(dead_code))]
pub(crate) enum PtpRequest {
    /// The PPS output on or off (`PTP_CLK_REQ_PPS`).
    Pps { on: bool },
    /// The periodic output (`PTP_CLK_REQ_PEROUT`; one per clock): on from clock time
    /// `start` ns with an edge of the same kind every `period` ns, or off
    /// (`on` false). `flags` are the request's `PTP_PEROUT_*` flags. Times
    /// as the user gave them, which may be negative.
    Perout {
        on: bool,
        start: i64,
        period: i64,
        flags: u32,
    },
}

impl PtpRequest {
    /// The request the shim passes as its parts (`nxp_rs_ptp_enable()`);
    /// `None` for a kind it does not know.
    pub(crate) fn from_parts(
        kind: u32,
        on: bool,
        start: i64,
        period: i64,
        flags: u32,
    ) -> Option<Self> {
        match kind {
            super::ffi::NXP_PTP_PPS => Some(Self::Pps { on }),
            super::ffi::NXP_PTP_PEROUT => Some(Self::Perout {
                on,
                start,
                period,
                flags,
            }),
            _ => None,
        }
    }
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
