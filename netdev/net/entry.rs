// SPDX-License-Identifier: GPL-2.0

//! Entry points called by the shim's trampolines (through the functions
//! [`declare_net_driver!`] generates).
//!
//! # Safety
//!
//! For all of them `rs` must be the `rs` pointer of a net_device registered
//! by a [`Registration`] whose driver state is `T`, i.e. point to its live
//! `T`.

use super::*;
use crate::netdev::ptp::{
    HWTSTAMP_FILTER_ALL,
    HWTSTAMP_FILTER_NONE,
    HWTSTAMP_TX_OFF,
    HWTSTAMP_TX_ON, //
};
use kernel::ffi::c_long;

/// # Safety
///
/// See the module documentation.
unsafe fn state<'a, T: NetDriver>(rs: *mut c_void) -> &'a T {
    // The state is `T` at another lifetime of its device (stored as
    // `'static`): the lifetime changes neither the layout nor the code
    // (`DeclaredNetDriver::State<'a>: NetDriver` is generic over it).
    // SAFETY: The caller passes the boxed state of a live registration,
    // whose device outlives the callback.
    unsafe { &*rs.cast::<T>() }
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn open<T: NetDriver>(rs: *mut c_void) -> c_int {
    // SAFETY: Caller contract.
    from_result(|| unsafe { state::<T>(rs) }.open().map(|()| 0))
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn stop<T: NetDriver>(rs: *mut c_void) -> c_int {
    // SAFETY: Caller contract.
    unsafe { state::<T>(rs) }.stop();
    0
}

/// # Safety
///
/// See the module documentation; `skb` is an skb the stack hands over.
#[inline(always)]
pub(crate) unsafe fn start_xmit<T: NetDriver>(
    rs: *mut c_void,
    skb: *mut ffi::SkBuff,
    queue: c_uint,
) -> c_int {
    // SAFETY: The stack passes ownership of a valid skb.
    let Some(skb) = (unsafe { Skb::from_raw(skb) }) else {
        return 0;
    };
    // SAFETY: This is `ndo_start_xmit`; `xmit` is a local.
    let xmit = unsafe { XmitCtx::new() };
    // SAFETY: Caller contract.
    match unsafe { state::<T>(rs) }.start_xmit(skb, queue, &xmit) {
        TxVerdict::Ok => 0,
        TxVerdict::Busy(skb) => {
            // The stack keeps ownership on NETDEV_TX_BUSY.
            let _ = skb.into_raw();
            1
        }
    }
}

/// # Safety
///
/// See the module documentation; `stats` is valid for writes.
pub(crate) unsafe fn get_stats64<T: NetDriver>(rs: *mut c_void, stats: *mut Stats) {
    // SAFETY: Caller contract.
    unsafe { state::<T>(rs).get_stats64(&mut *stats) }
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn set_rx_mode<T: NetDriver>(rs: *mut c_void) {
    // SAFETY: This is `ndo_set_rx_mode`; `ctx` is a local.
    let ctx = unsafe { RxModeCtx::new() };
    // SAFETY: Caller contract.
    unsafe { state::<T>(rs) }.set_rx_mode(&ctx)
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn change_mtu<T: NetDriver>(rs: *mut c_void, mtu: c_int) -> c_int {
    from_result(|| {
        let mtu = u32::try_from(mtu)?;
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.change_mtu(mtu).map(|()| 0)
    })
}

/// # Safety
///
/// See the module documentation; `mac` points to ETH_ALEN bytes.
pub(crate) unsafe fn set_mac_address<T: NetDriver>(rs: *mut c_void, mac: *const u8) -> c_int {
    // SAFETY: `mac` points to ETH_ALEN readable bytes.
    let mac = MacAddr(unsafe { *mac.cast::<[u8; 6]>() });
    // SAFETY: Caller contract.
    from_result(|| unsafe { state::<T>(rs) }.set_mac_address(mac).map(|()| 0))
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn poll<T: NetDriver>(
    rs: *mut c_void,
    n: *mut ffi::NxpNapi,
    id: c_uint,
    budget: c_int,
) -> c_int {
    // SAFETY: This is the poll callback of the instance `n`; `ctx` is a
    // local.
    let ctx = unsafe { PollCtx::new(budget, n) };
    // SAFETY: Caller contract.
    unsafe { state::<T>(rs) }.poll(id, &ctx)
}

/// # Safety
///
/// See the module documentation; if `irqs_off`, local interrupts must
/// stay disabled for the whole call.
pub(crate) unsafe fn irq<T: NetDriver>(rs: *mut c_void, id: c_uint, irqs_off: bool) -> c_int {
    // SAFETY: If `irqs_off`, interrupts stay off for the call (caller
    // contract), which outlives `ctx`, a local.
    let ctx = unsafe { IrqContext::new(irqs_off) };
    // SAFETY: Caller contract.
    c_int::from(unsafe { state::<T>(rs) }.irq(id, &ctx))
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn adjust_link<T: NetDriver>(rs: *mut c_void) {
    // SAFETY: Caller contract.
    unsafe { state::<T>(rs) }.adjust_link()
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn reset<T: NetDriver>(rs: *mut c_void) {
    // SAFETY: Caller contract.
    unsafe { state::<T>(rs) }.reset()
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn dim_apply<T: NetDriver>(rs: *mut c_void, id: c_uint, usecs: u32, frames: u32) {
    // SAFETY: Caller contract.
    unsafe { state::<T>(rs) }.dim_apply(id, usecs, frames)
}

/// # Safety
///
/// See the module documentation; `c` is valid for writes.
pub(crate) unsafe fn get_coalesce<T: NetDriver>(rs: *mut c_void, c: *mut Coalesce) -> c_int {
    from_result(|| {
        // SAFETY: Caller contract.
        let v = unsafe { state::<T>(rs) }.get_coalesce()?;
        // SAFETY: `c` is the shim's local.
        unsafe { *c = v };
        Ok(0)
    })
}

/// # Safety
///
/// See the module documentation; `c` is valid for reads, `extack` null or
/// the request's, valid for writes during the call.
pub(crate) unsafe fn set_coalesce<T: NetDriver>(
    rs: *mut c_void,
    c: *const Coalesce,
    extack: *mut ffi::NetlinkExtAck,
) -> c_int {
    // SAFETY: Caller contract: `rs` is a live registration's state,
    // `extack` null or the request's.
    let mut ext = unsafe { ExtAck::from_raw(extack, state::<T>(rs).netdev()) };
    // SAFETY: Caller contract; `c` is the shim's local.
    from_result(|| unsafe { state::<T>(rs).set_coalesce(&*c, &mut ext) }.map(|()| 0))
}

/// # Safety
///
/// See the module documentation; `r` is valid for writes.
pub(crate) unsafe fn get_rings<T: NetDriver>(rs: *mut c_void, r: *mut Rings) {
    // SAFETY: Caller contract; `r` is the shim's local.
    unsafe { *r = state::<T>(rs).get_rings() }
}

/// # Safety
///
/// See the module documentation; `r` is valid for reads, `extack` null or
/// the request's, valid for writes during the call.
pub(crate) unsafe fn set_rings<T: NetDriver>(
    rs: *mut c_void,
    r: *const Rings,
    extack: *mut ffi::NetlinkExtAck,
) -> c_int {
    // SAFETY: Caller contract: `rs` is a live registration's state,
    // `extack` null or the request's.
    let mut ext = unsafe { ExtAck::from_raw(extack, state::<T>(rs).netdev()) };
    // SAFETY: Caller contract; `r` is the shim's local.
    from_result(|| unsafe { state::<T>(rs).set_rings(&*r, &mut ext) }.map(|()| 0))
}

/// # Safety
///
/// See the module documentation; `p` is valid for writes.
pub(crate) unsafe fn get_pause<T: NetDriver>(rs: *mut c_void, p: *mut Pause) -> c_int {
    // SAFETY: Caller contract.
    match unsafe { state::<T>(rs) }.get_pause() {
        // SAFETY: `p` is the shim's local.
        Ok(v) => unsafe {
            *p = v;
            0
        },
        Err(e) => e.to_errno(),
    }
}

/// # Safety
///
/// See the module documentation; `p` is valid for reads.
pub(crate) unsafe fn set_pause<T: NetDriver>(rs: *mut c_void, p: *const Pause) -> c_int {
    // SAFETY: Caller contract; `p` is the shim's local.
    from_result(|| unsafe { state::<T>(rs).set_pause(&*p) }.map(|()| 0))
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn stats_count<T: NetDriver>(rs: *mut c_void) -> c_uint {
    // SAFETY: Caller contract.
    unsafe { state::<T>(rs) }.stat_names().len() as c_uint
}

/// # Safety
///
/// See the module documentation; `i < stats_count`.
pub(crate) unsafe fn stat_name<T: NetDriver>(
    rs: *mut c_void,
    i: c_uint,
) -> *const kernel::ffi::c_char {
    // SAFETY: Caller contract.
    let names = unsafe { state::<T>(rs) }.stat_names();
    names
        .get(i as usize)
        .map_or(c"".as_char_ptr(), |n| n.as_char_ptr())
}

/// # Safety
///
/// See the module documentation; `data` holds `n` writable `u64`s.
pub(crate) unsafe fn stats<T: NetDriver>(rs: *mut c_void, data: *mut u64, n: c_uint) {
    // SAFETY: The shim passes ethtool's buffer of `n` counters.
    let out = unsafe { core::slice::from_raw_parts_mut(data, n as usize) };
    out.fill(0);
    // SAFETY: Caller contract.
    unsafe { state::<T>(rs) }.stats(out)
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn regs_len<T: NetDriver>(rs: *mut c_void) -> c_uint {
    // SAFETY: Caller contract.
    unsafe { state::<T>(rs) }.regs_len() * 4
}

/// # Safety
///
/// See the module documentation; `buf` holds `words` writable `u32`s.
pub(crate) unsafe fn regs<T: NetDriver>(rs: *mut c_void, buf: *mut u32, words: c_uint) {
    // SAFETY: The shim passes ethtool's buffer of `regs_len` bytes.
    let out = unsafe { core::slice::from_raw_parts_mut(buf, words as usize) };
    // SAFETY: Caller contract.
    unsafe { state::<T>(rs) }.regs(out)
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn get_msglevel<T: NetDriver>(rs: *mut c_void) -> u32 {
    // SAFETY: Caller contract.
    unsafe { state::<T>(rs) }.msglevel()
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn set_msglevel<T: NetDriver>(rs: *mut c_void, level: u32) {
    // SAFETY: Caller contract.
    unsafe { state::<T>(rs) }.set_msglevel(level)
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn gso_ok<T: NetDriver>(rs: *mut c_void, segs: c_uint, nr_frags: c_uint) -> bool {
    // SAFETY: Caller contract.
    unsafe { state::<T>(rs) }.gso_ok(segs, nr_frags)
}

/// # Safety
///
/// See the module documentation; `st` is valid for reads and writes.
pub(crate) unsafe fn std_stats<T: NetDriver>(rs: *mut c_void, queue: c_int, st: *mut StdStats) {
    let q = u32::try_from(queue).ok();
    // SAFETY: Caller contract; `st` is the shim's local.
    unsafe { state::<T>(rs).std_stats(q, &mut *st) }
}

/// # Safety
///
/// See the module documentation; `extack` is null or valid.
pub(crate) unsafe fn xdp_setup<T: NetDriver>(
    rs: *mut c_void,
    on: bool,
    extack: *mut ffi::NetlinkExtAck,
) -> c_int {
    // SAFETY: Caller contract.
    let mut ext = unsafe { ExtAck::from_raw(extack, state::<T>(rs).netdev()) };
    from_result(|| {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.xdp_setup(on, &mut ext)?;
        Ok(0)
    })
}

/// # Safety
///
/// See the module documentation; `frames` holds `n` valid frames the
/// caller hands over up to the count returned.
pub(crate) unsafe fn xdp_xmit<T: NetDriver>(
    rs: *mut c_void,
    frames: *mut *mut ffi::XdpFrame,
    n: c_int,
    flush: bool,
) -> c_int {
    let n = usize::try_from(n).unwrap_or(0);
    if frames.is_null() || n == 0 {
        return 0;
    }
    // SAFETY: `frames` holds `n` pointers (caller contract).
    let frames = unsafe { core::slice::from_raw_parts(frames, n) };
    // SAFETY: The caller hands the frames over as the driver takes them.
    let mut q = unsafe { XdpXmitQueue::new(frames) };
    // SAFETY: Caller contract.
    unsafe { state::<T>(rs) }.xdp_xmit(&mut q, flush);
    c_int::try_from(q.sent()).unwrap_or(0)
}

/// # Safety
///
/// See the module documentation; `pool` is null or a pool the core
/// binds to the device until it unbinds it.
pub(crate) unsafe fn xsk_setup<T: NetDriver>(
    rs: *mut c_void,
    pool: *mut ffi::XskBuffPool,
    queue: u16,
) -> c_int {
    from_result(|| {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.xsk_setup(XskPoolRef::from_raw(pool), queue)?;
        Ok(0)
    })
}

/// # Safety
///
/// See the module documentation.
#[cfg(not(nxp_no_xsk))]
pub(crate) unsafe fn xsk_wakeup<T: NetDriver>(
    rs: *mut c_void,
    queue: u32,
    rx: bool,
    tx: bool,
) -> c_int {
    from_result(|| {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.xsk_wakeup(queue, rx, tx)?;
        Ok(0)
    })
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn set_rx_csum<T: NetDriver>(rs: *mut c_void, on: bool) -> c_int {
    from_result(|| {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.set_rx_csum(on)?;
        Ok(0)
    })
}

/// `ndo_set_features` for `NETIF_F_HW_VLAN_CTAG_RX` and `_TX`.
///
/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn set_vlan<T: NetDriver>(rs: *mut c_void, rx: bool, tx: bool) -> c_int {
    from_result(|| {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.set_vlan(rx, tx)?;
        Ok(0)
    })
}

/// # Safety
///
/// See the module documentation; called under RTNL with the device up and
/// detached.
pub(crate) unsafe fn suspend<T: NetDriver>(rs: *mut c_void, wake: bool) -> c_int {
    from_result(|| {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.suspend(wake)?;
        Ok(0)
    })
}

/// # Safety
///
/// See the module documentation; called under RTNL with the device up and
/// suspended by [`suspend`].
pub(crate) unsafe fn resume<T: NetDriver>(rs: *mut c_void) -> c_int {
    from_result(|| {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.resume()?;
        Ok(0)
    })
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn ptp_adjfine<T: NetDriver>(rs: *mut c_void, scaled_ppm: c_long) -> c_int {
    from_result(|| {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.ptp_adjfine(scaled_ppm as i64)?;
        Ok(0)
    })
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn ptp_adjtime<T: NetDriver>(rs: *mut c_void, delta: i64) -> c_int {
    from_result(|| {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.ptp_adjtime(delta)?;
        Ok(0)
    })
}

/// # Safety
///
/// See the module documentation; `ns` is valid for a write.
pub(crate) unsafe fn ptp_gettime<T: NetDriver>(rs: *mut c_void, ns: *mut u64) -> c_int {
    from_result(|| {
        // SAFETY: Caller contract.
        let t = unsafe { state::<T>(rs) }.ptp_gettime()?;
        // SAFETY: Caller contract.
        unsafe { ns.write(t) };
        Ok(0)
    })
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn ptp_settime<T: NetDriver>(rs: *mut c_void, ns: u64) -> c_int {
    from_result(|| {
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.ptp_settime(ns)?;
        Ok(0)
    })
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn ptp_keep<T: NetDriver>(rs: *mut c_void) -> c_uint {
    // SAFETY: Caller contract.
    unsafe { state::<T>(rs) }.ptp_keep().min(1000)
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn ptp_enable<T: NetDriver>(
    rs: *mut c_void,
    kind: u32,
    on: bool,
    start: i64,
    period: i64,
    flags: u32,
) -> c_int {
    from_result(|| {
        let req = PtpRequest::from_parts(kind, on, start, period, flags).ok_or(EOPNOTSUPP)?;
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.ptp_enable(req)?;
        Ok(0)
    })
}

/// # Safety
///
/// See the module documentation.
pub(crate) unsafe fn ptp_stop<T: NetDriver>(rs: *mut c_void) {
    // SAFETY: Caller contract.
    unsafe { state::<T>(rs) }.ptp_stop();
}

/// `ndo_hwtstamp_get`.
///
/// # Safety
///
/// See the module documentation; `tx` and `rx` are valid for writes.
pub(crate) unsafe fn hwtstamp_get<T: NetDriver>(
    rs: *mut c_void,
    tx: *mut u32,
    rx: *mut u32,
) -> c_int {
    // SAFETY: Caller contract.
    let cfg = unsafe { state::<T>(rs) }.hwtstamp_get();
    // SAFETY: Caller contract.
    unsafe {
        tx.write(if cfg.tx {
            HWTSTAMP_TX_ON
        } else {
            HWTSTAMP_TX_OFF
        });
        rx.write(if cfg.rx {
            HWTSTAMP_FILTER_ALL
        } else {
            HWTSTAMP_FILTER_NONE
        });
    }
    0
}

/// `ndo_hwtstamp_set`: Tx timestamps off or on (else `ERANGE`, as the C
/// fec), Rx timestamps of no frame or of all (any filter but none widened
/// to all, and `rx` rewritten so).
///
/// # Safety
///
/// See the module documentation; `rx` is valid for reads and writes,
/// `extack` null or valid.
pub(crate) unsafe fn hwtstamp_set<T: NetDriver>(
    rs: *mut c_void,
    tx: u32,
    rx: *mut u32,
    extack: *mut ffi::NetlinkExtAck,
) -> c_int {
    // SAFETY: Caller contract.
    let mut ext = unsafe { ExtAck::from_raw(extack, state::<T>(rs).netdev()) };
    from_result(|| {
        let tx = match tx {
            HWTSTAMP_TX_OFF => false,
            HWTSTAMP_TX_ON => true,
            _ => {
                ext.error(format_args!("Tx timestamping is off or on"));
                return Err(ERANGE);
            }
        };
        // SAFETY: Caller contract.
        let on = unsafe { rx.read() } != HWTSTAMP_FILTER_NONE;
        // SAFETY: Caller contract.
        unsafe { state::<T>(rs) }.hwtstamp_set(HwTstamp { tx, rx: on })?;
        // SAFETY: Caller contract.
        unsafe {
            rx.write(if on {
                HWTSTAMP_FILTER_ALL
            } else {
                HWTSTAMP_FILTER_NONE
            })
        };
        Ok(0)
    })
}
