// SPDX-License-Identifier: GPL-2.0

//! The macro that declares a driver's C entry points.

/// Generates the `nxp_rs_*` entry points of the shim for the driver state
/// type `$t` (generic over its device's lifetime; one per module, the
/// symbols are local to the module) and names the driver `$d`, the
/// [`DeclaredNetDriver`](crate::netdev::net::DeclaredNetDriver) whose
/// [`Registration`](crate::netdev::net::Registration) registers it. The
/// expansion is the wrapper layer's `unsafe` code, allowed where the driver
/// code around it denies `unsafe_code`.
macro_rules! declare_net_driver {
    ($d:ident => $t:ident) => {
        #[doc = concat!(
            "The driver whose state is [`", stringify!($t), "`]: ",
            "the type its `Registration` is declared with."
        )]
        pub(crate) enum $d {}

        // SAFETY: The entry points below are `$t`'s, and take it at any
        // lifetime of its device: `$t<'a>` is a `NetDriver` for every `'a`
        // (the trait's bound), so no code of it depends on which.
        #[allow(unsafe_code)]
        unsafe impl $crate::netdev::net::DeclaredNetDriver for $d {
            type State<'a> = $t<'a>;
        }

        #[allow(unsafe_code)]
        mod nxp_rs_entry_points {
            use super::*;
            use kernel::ffi::{
                c_int,
                c_uint,
                c_void, //
            };
            use $crate::netdev::{
                ffi,
                net::{
                    entry,
                    Coalesce,
                    Pause,
                    Rings,
                    Stats,
                    StdStats, //
                },
            };

            // `ndo_xsk_wakeup` is in the module's C table (Kbuild: no
            // `nxp_no_xsk`) exactly when the driver implements it.
            const _: () = assert!(
                <$t<'static> as $crate::netdev::net::NetDriver>::HAS_XSK_WAKEUP == cfg!(not(nxp_no_xsk)),
                "ndo_xsk_wakeup: the driver's NetDriver::xsk_wakeup and Kbuild's nxp_no_xsk disagree"
            );

            // The definitions below against `shim_net.h` (see `ffi::check`).
            #[cfg(nxp_ffi_check)]
            $crate::netdev::ffi::check::entry_points!();

            // The shim calls each of these only with the `rs` pointer of a
            // device registered by `Registration<$d>` (the contract of
            // `entry`), and pointer arguments valid as documented there.
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_open(rs: *mut c_void) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::open::<$t<'_>>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_stop(rs: *mut c_void) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::stop::<$t<'_>>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_start_xmit(
                rs: *mut c_void,
                skb: *mut ffi::SkBuff,
                queue: c_uint,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; the stack hands over `skb`.
                unsafe { entry::start_xmit::<$t<'_>>(rs, skb, queue) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_get_stats64(rs: *mut c_void, stats: *mut Stats) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; `stats` is the shim's local.
                unsafe { entry::get_stats64::<$t<'_>>(rs, stats) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_set_rx_mode(rs: *mut c_void) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::set_rx_mode::<$t<'_>>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_change_mtu(rs: *mut c_void, mtu: c_int) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::change_mtu::<$t<'_>>(rs, mtu) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_set_mac_address(
                rs: *mut c_void,
                mac: *const u8,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; the shim passes a validated ETH_ALEN address.
                unsafe { entry::set_mac_address::<$t<'_>>(rs, mac) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_napi_poll(
                rs: *mut c_void,
                n: *mut $crate::netdev::ffi::NxpNapi,
                id: c_uint,
                budget: c_int,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::poll::<$t<'_>>(rs, n, id, budget) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; if
            /// `irqs_off`, local interrupts are disabled for the whole call.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_irq(rs: *mut c_void, id: c_uint, irqs_off: bool) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::irq::<$t<'_>>(rs, id, irqs_off) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_adjust_link(rs: *mut c_void) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::adjust_link::<$t<'_>>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_reset(rs: *mut c_void) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::reset::<$t<'_>>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_dim_apply(
                rs: *mut c_void,
                id: c_uint,
                usecs: u32,
                frames: u32,
            ) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::dim_apply::<$t<'_>>(rs, id, usecs, frames) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_get_coalesce(rs: *mut c_void, c: *mut Coalesce) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; `c` is the shim's local.
                unsafe { entry::get_coalesce::<$t<'_>>(rs, c) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_set_coalesce(
                rs: *mut c_void,
                c: *const Coalesce,
                extack: *mut ffi::NetlinkExtAck,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; `c` is the
                // shim's local, `extack` null or the request's.
                unsafe { entry::set_coalesce::<$t<'_>>(rs, c, extack) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_get_rings(rs: *mut c_void, r: *mut Rings) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; `r` is the shim's local.
                unsafe { entry::get_rings::<$t<'_>>(rs, r) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_set_rings(
                rs: *mut c_void,
                r: *const Rings,
                extack: *mut ffi::NetlinkExtAck,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; `r` is the
                // shim's local, `extack` null or the request's.
                unsafe { entry::set_rings::<$t<'_>>(rs, r, extack) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_get_pause(rs: *mut c_void, p: *mut Pause) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; `p` is the shim's local.
                unsafe { entry::get_pause::<$t<'_>>(rs, p) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_set_pause(rs: *mut c_void, p: *const Pause) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; `p` is the shim's local.
                unsafe { entry::set_pause::<$t<'_>>(rs, p) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_stats_count(rs: *mut c_void) -> c_uint {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::stats_count::<$t<'_>>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_stat_name(
                rs: *mut c_void,
                i: c_uint,
            ) -> *const kernel::ffi::c_char {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; the shim passes `i < count`.
                unsafe { entry::stat_name::<$t<'_>>(rs, i) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_stats(rs: *mut c_void, data: *mut u64, n: c_uint) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; ethtool's buffer holds `n` counters.
                unsafe { entry::stats::<$t<'_>>(rs, data, n) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_regs_len(rs: *mut c_void) -> c_uint {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::regs_len::<$t<'_>>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_regs(rs: *mut c_void, buf: *mut u32, words: c_uint) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; ethtool's buffer holds `words` words.
                unsafe { entry::regs::<$t<'_>>(rs, buf, words) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_get_msglevel(rs: *mut c_void) -> u32 {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::get_msglevel::<$t<'_>>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_set_msglevel(rs: *mut c_void, level: u32) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::set_msglevel::<$t<'_>>(rs, level) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; pointer
            /// arguments are valid for the access `entry` documents.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_gso_ok(
                rs: *mut c_void,
                segs: c_uint,
                nr_frags: c_uint,
            ) -> bool {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::gso_ok::<$t<'_>>(rs, segs, nr_frags) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_set_rx_csum(rs: *mut c_void, on: bool) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::set_rx_csum::<$t<'_>>(rs, on) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_set_vlan(rs: *mut c_void, rx: bool, tx: bool) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::set_vlan::<$t<'_>>(rs, rx, tx) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_suspend(rs: *mut c_void, wake: bool) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::suspend::<$t<'_>>(rs, wake) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_resume(rs: *mut c_void) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::resume::<$t<'_>>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ptp_adjfine(rs: *mut c_void, scaled_ppm: kernel::ffi::c_long) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::ptp_adjfine::<$t<'_>>(rs, scaled_ppm) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ptp_adjtime(rs: *mut c_void, delta: i64) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::ptp_adjtime::<$t<'_>>(rs, delta) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`;
            /// `ns` is valid for a write.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ptp_gettime(rs: *mut c_void, ns: *mut u64) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::ptp_gettime::<$t<'_>>(rs, ns) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ptp_settime(rs: *mut c_void, ns: u64) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::ptp_settime::<$t<'_>>(rs, ns) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ptp_keep(rs: *mut c_void) -> kernel::ffi::c_uint {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::ptp_keep::<$t<'_>>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ptp_enable(
                rs: *mut c_void,
                kind: u32,
                on: bool,
                start: i64,
                period: i64,
                flags: u32,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::ptp_enable::<$t<'_>>(rs, kind, on, start, period, flags) }
            }
            /// # Safety
            ///
            /// `rs` is the live state of a device `Registration` set it for
            /// (registered, or failing to register).
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ptp_stop(rs: *mut c_void) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::ptp_stop::<$t<'_>>(rs) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`;
            /// `tx` and `rx` are valid for writes.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_hwtstamp_get(rs: *mut c_void, tx: *mut u32, rx: *mut u32) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::hwtstamp_get::<$t<'_>>(rs, tx, rx) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`;
            /// `rx` is valid for reads and writes, `extack` null or valid.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_hwtstamp_set(
                rs: *mut c_void,
                tx: u32,
                rx: *mut u32,
                extack: *mut ffi::NetlinkExtAck,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::hwtstamp_set::<$t<'_>>(rs, tx, rx, extack) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`;
            /// `extack` is null or valid.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_xdp_setup(
                rs: *mut c_void,
                on: bool,
                extack: *mut ffi::NetlinkExtAck,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::xdp_setup::<$t<'_>>(rs, on, extack) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`;
            /// `frames` holds `n` frames handed over up to the count returned.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_ndo_xdp_xmit(
                rs: *mut c_void,
                frames: *mut *mut ffi::XdpFrame,
                n: c_int,
                flush: bool,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::xdp_xmit::<$t<'_>>(rs, frames, n, flush) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`;
            /// `pool` is null or a pool bound until it is unbound.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_xsk_setup(
                rs: *mut c_void,
                pool: *mut ffi::XskBuffPool,
                queue: u16,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::xsk_setup::<$t<'_>>(rs, pool, queue) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`.
            #[cfg(not(nxp_no_xsk))]
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_xsk_wakeup(
                rs: *mut c_void,
                queue: u32,
                rx: bool,
                tx: bool,
            ) -> c_int {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract.
                unsafe { entry::xsk_wakeup::<$t<'_>>(rs, queue, rx, tx) }
            }
            /// # Safety
            ///
            /// `rs` is the state of a device registered by `Registration`; `st`
            /// is valid for reads and writes.
            #[no_mangle]
            unsafe extern "C" fn nxp_rs_std_stats(
                rs: *mut c_void,
                queue: c_int,
                st: *mut StdStats,
            ) {
                // SAFETY: The caller (the shim) guarantees the `# Safety` contract; `st` is the shim's local.
                unsafe { entry::std_stats::<$t<'_>>(rs, queue, st) }
            }
        }
    };
}
pub(crate) use declare_net_driver;
