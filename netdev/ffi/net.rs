// SPDX-License-Identifier: GPL-2.0

//! Declarations of the networking shim (`netdev/shim_net.c`,
//! `netdev/shim_net.h`), for drivers built with `--cfg nxp_net`.
//!
//! Each function mirrors the prototype in `shim_net.h`; see there for what it
//! wraps. Only the safe wrappers of [`crate::netdev`] call these.

use kernel::{
    bindings,
    ffi::{
        c_char,
        c_int,
        c_long,
        c_uint,
        c_void, //
    },
};

/// Declares opaque C types only ever handled by pointer.
macro_rules! opaque {
    ($($(#[$m:meta])* $name:ident;)*) => {$(
        $(#[$m])*
        #[repr(C)]
        pub(crate) struct $name {
            _data: [u8; 0],
            _marker: core::marker::PhantomData<(*mut u8, core::marker::PhantomPinned)>,
        }
    )*};
}

opaque! {
    /// `struct net_device`.
    NetDevice;
    /// `struct netdev_queue`.
    NetdevQueue;
    /// `struct sk_buff`.
    SkBuff;
    /// `struct page`.
    Page;
    /// `struct page_pool`.
    PagePool;
    /// `struct netlink_ext_ack`.
    NetlinkExtAck;
    /// `struct xdp_rxq_info`.
    XdpRxqInfo;
    /// `struct xdp_frame`.
    XdpFrame;
    /// `struct bpf_prog`.
    BpfProg;
    /// `struct xdp_buff` (of an XSK pool).
    XdpBuff;
    /// `struct xsk_buff_pool`.
    XskBuffPool;
    /// `struct nxp_napi` of `shim_net.c`: a `napi_struct` with its Rust owner.
    NxpNapi;
    /// `struct nxp_irq` of `shim_net.c`: a requested IRQ with its Rust owner.
    NxpIrq;
    /// `struct nxp_mdio` of `shim_net.c`: an MDIO bus with Rust accessors.
    NxpMdio;
}

/// `nxp_mdio_read_t` of `shim_net.h`.
pub(crate) type MdioRead = unsafe extern "C" fn(ops: *mut c_void, addr: c_int, reg: c_int) -> c_int;
/// `nxp_mdio_write_t` of `shim_net.h`.
pub(crate) type MdioWrite =
    unsafe extern "C" fn(ops: *mut c_void, addr: c_int, reg: c_int, val: u16) -> c_int;

/// `struct nxp_tx_info` of `shim_net.h`.
#[repr(C)]
#[derive(Default, Clone, Copy)]
pub(crate) struct NxpTxInfo {
    pub(crate) csum: c_int,
    pub(crate) gso: c_int,
    pub(crate) l3: c_uint,
    pub(crate) l4: c_uint,
    pub(crate) hdr_len: c_uint,
    pub(crate) mss: c_uint,
    pub(crate) phcs: u16,
    pub(crate) udp: bool,
    pub(crate) vlan: bool,
    pub(crate) tci: u16,
}
// The C side asserts the same size.
const _: () = assert!(core::mem::size_of::<NxpTxInfo>() == 32);

/// `struct nxp_skb_layout` of `shim_net.h`: where some members of
/// `struct sk_buff` sit, as byte offsets from its start.
#[repr(C)]
pub(crate) struct NxpSkbLayout {
    pub(crate) ip_summed: u16,
    pub(crate) protocol: u16,
    pub(crate) network_header: u16,
    pub(crate) transport_header: u16,
    pub(crate) csum_start: u16,
    pub(crate) csum_offset: u16,
    pub(crate) vlan_all: u16,
    pub(crate) vlan_tci: u16,
    pub(crate) ip_summed_shift: u8,
}

/// `struct nxp_stats` of `shim_net.h`.
#[repr(C)]
#[derive(Default, Clone, Copy)]
pub(crate) struct NxpStats {
    pub(crate) rx_packets: u64,
    pub(crate) tx_packets: u64,
    pub(crate) rx_bytes: u64,
    pub(crate) tx_bytes: u64,
    pub(crate) rx_errors: u64,
    pub(crate) tx_errors: u64,
    pub(crate) rx_dropped: u64,
    pub(crate) tx_dropped: u64,
    pub(crate) rx_crc_errors: u64,
    pub(crate) rx_frame_errors: u64,
    pub(crate) rx_length_errors: u64,
    pub(crate) rx_over_errors: u64,
    pub(crate) multicast: u64,
}

/// `struct nxp_coalesce` of `shim_net.h`.
#[repr(C)]
#[derive(Default, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NxpCoalesce {
    pub(crate) rx_usecs: u32,
    pub(crate) rx_frames: u32,
    pub(crate) tx_usecs: u32,
    pub(crate) tx_frames: u32,
    /// Adaptive coalescing (net DIM) per direction: the values in use
    /// are DIM's; the four above are the fixed ones, used when it is off.
    pub(crate) rx_adaptive: bool,
    pub(crate) tx_adaptive: bool,
}
// The C side asserts the same size.
const _: () = assert!(core::mem::size_of::<NxpCoalesce>() == 20);

/// `struct nxp_std_stats` of `shim_net.h`: a counter left at
/// `NXP_STAT_NONE` (all ones) is one the device does not keep.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NxpStdStats {
    pub(crate) tx_pause: u64,
    pub(crate) rx_pause: u64,
    pub(crate) rx_packets: u64,
    pub(crate) rx_bytes: u64,
    pub(crate) rx_alloc_fail: u64,
    pub(crate) tx_packets: u64,
    pub(crate) tx_bytes: u64,
    pub(crate) tx_stop: u64,
    pub(crate) tx_wake: u64,
    /// TSO packets the driver segments and the frames made of them
    /// (the qstats' `tx-hw-gso-packets` / `-wire-packets`).
    pub(crate) tx_gso_packets: u64,
    pub(crate) tx_gso_wire_packets: u64,
    /// Device-wide only: the IEEE 802.3 MAC counters (`ethtool -S
    /// --groups eth-mac`), as `struct ethtool_eth_mac_stats` names them.
    pub(crate) mac_tx_ok: u64,
    pub(crate) mac_tx_1col: u64,
    pub(crate) mac_tx_mcol: u64,
    pub(crate) mac_rx_ok: u64,
    pub(crate) mac_rx_fcs: u64,
    pub(crate) mac_rx_align: u64,
    pub(crate) mac_tx_octets: u64,
    pub(crate) mac_tx_deferred: u64,
    pub(crate) mac_tx_late_col: u64,
    pub(crate) mac_tx_xs_col: u64,
    pub(crate) mac_tx_mac_err: u64,
    pub(crate) mac_tx_carrier: u64,
    pub(crate) mac_rx_octets: u64,
    pub(crate) mac_rx_mac_err: u64,
    pub(crate) mac_tx_mcast: u64,
    pub(crate) mac_tx_bcast: u64,
    pub(crate) mac_rx_mcast: u64,
    pub(crate) mac_rx_bcast: u64,
    pub(crate) mac_tx_xs_defer: u64,
    pub(crate) mac_rx_len_err: u64,
    /// Device-wide only: the RMON counters (`--groups rmon`), with the
    /// frame length histograms over [`RMON_RANGES`] (`NXP_STAT_NONE`
    /// in `rmon_rx_hist[0]`: no histograms).
    pub(crate) rmon_undersize: u64,
    pub(crate) rmon_oversize: u64,
    pub(crate) rmon_fragments: u64,
    pub(crate) rmon_jabbers: u64,
    pub(crate) rmon_rx_hist: [u64; RMON_RANGES],
    pub(crate) rmon_tx_hist: [u64; RMON_RANGES],
}

/// `NXP_RMON_RANGES`: 64, 65-127, 128-255, 256-511, 512-1023,
/// 1024-2047, 2048 and longer.
pub(crate) const RMON_RANGES: usize = 7;

/// `struct nxp_rings` of `shim_net.h`.
#[repr(C)]
#[derive(Default, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NxpRings {
    pub(crate) rx_max: u32,
    pub(crate) tx_max: u32,
    pub(crate) rx: u32,
    pub(crate) tx: u32,
}

/// `struct nxp_pause` of `shim_net.h` (booleans as 0/1).
#[repr(C)]
#[derive(Default, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NxpPause {
    pub(crate) autoneg: u32,
    pub(crate) rx: u32,
    pub(crate) tx: u32,
}

/// Feature flags of `nxp_netdev_setup()` (`NXP_F_*`).
pub(crate) const NXP_F_SG: u32 = 1 << 0;
pub(crate) const NXP_F_IP_CSUM: u32 = 1 << 1;
pub(crate) const NXP_F_RXCSUM: u32 = 1 << 2;
pub(crate) const NXP_F_HIGHDMA: u32 = 1 << 3;
pub(crate) const NXP_F_IPV6_CSUM: u32 = 1 << 4;
pub(crate) const NXP_F_TSO: u32 = 1 << 5;
pub(crate) const NXP_F_VLAN_RX: u32 = 1 << 6;
pub(crate) const NXP_F_VLAN_TX: u32 = 1 << 7;
/// A received frame's 802.1Q TCI for `nxp_rx_gro()` (0: none).
pub(crate) const NXP_RX_VLAN: u32 = 1 << 16;

/// `NXP_XDP_*` of `shim_net.h`: what `nxp_xdp_run()` did with a frame.
pub(crate) const NXP_XDP_PASS: c_int = 0;
pub(crate) const NXP_XDP_DROP: c_int = 1;
pub(crate) const NXP_XDP_TX: c_int = 2;
pub(crate) const NXP_XDP_TX_ERR: c_int = 3;
pub(crate) const NXP_XDP_REDIRECT: c_int = 4;
pub(crate) const NXP_XDP_REDIRECT_ERR: c_int = 5;

/// `NXP_TX_SENT_*` of `shim_net.h`: what `nxp_tx_sent()` returns.
pub(crate) const NXP_TX_SENT_KICK: u32 = 0x1;
pub(crate) const NXP_TX_SENT_STOPPED: u32 = 0x2;

/// `NXP_LOG_*` of `shim_net.h`: the level of `nxp_netdev_log()`.
pub(crate) const NXP_LOG_ERR: u32 = 0;
pub(crate) const NXP_LOG_WARN: u32 = 1;
pub(crate) const NXP_LOG_INFO: u32 = 2;
pub(crate) const NXP_PTP_PPS: u32 = 0;
pub(crate) const NXP_PTP_PEROUT: u32 = 1;

#[allow(improper_ctypes)]
extern "C" {
    /// The shim's `nxp_skb_layout`, a constant.
    pub(crate) static nxp_skb_layout: NxpSkbLayout;

    pub(crate) fn nxp_netdev_alloc(
        parent: *mut bindings::device,
        txqs: c_uint,
        rxqs: c_uint,
        rs: *mut c_void,
    ) -> *mut NetDevice;
    pub(crate) fn nxp_netdev_set_rs(dev: *mut NetDevice, rs: *mut c_void);
    pub(crate) fn nxp_netdev_free(dev: *mut NetDevice);
    pub(crate) fn nxp_netdev_register(dev: *mut NetDevice) -> c_int;
    pub(crate) fn nxp_netdev_unregister(dev: *mut NetDevice);
    pub(crate) fn nxp_netdev_set_wol_supported(dev: *mut NetDevice, wake: u32);
    pub(crate) fn nxp_netdev_set_ptp(dev: *mut NetDevice, max_adj: i32, pps: bool, n_per_out: u32);
    pub(crate) fn nxp_netdev_ptp_pps_event(dev: *mut NetDevice);
    pub(crate) fn nxp_netdev_suspend(dev: *mut NetDevice) -> c_int;
    pub(crate) fn nxp_netdev_resume(dev: *mut NetDevice) -> c_int;
    pub(crate) fn nxp_netdev_set_mac(dev: *mut NetDevice, mac: *const u8);
    pub(crate) fn nxp_netdev_get_mac(dev: *const NetDevice, mac: *mut u8);
    pub(crate) fn nxp_netdev_setup(
        dev: *mut NetDevice,
        hw_features: u32,
        features: u32,
        min_mtu: c_uint,
        max_mtu: c_uint,
        needed_headroom: c_uint,
        watchdog_ms: c_uint,
    );
    pub(crate) fn nxp_netdev_set_pcp_queues(dev: *mut NetDevice, map: *const u8) -> c_int;
    pub(crate) fn nxp_netdev_set_tso_max_segs(dev: *mut NetDevice, segs: c_uint);
    pub(crate) fn nxp_netdev_mtu(dev: *const NetDevice) -> c_uint;
    pub(crate) fn nxp_netdev_set_mtu(dev: *mut NetDevice, mtu: c_uint);
    pub(crate) fn nxp_netdev_promisc(dev: *const NetDevice) -> bool;
    pub(crate) fn nxp_netdev_allmulti(dev: *const NetDevice) -> bool;
    pub(crate) fn nxp_netif_carrier(dev: *mut NetDevice, on: bool);
    pub(crate) fn nxp_netif_carrier_ok(dev: *const NetDevice) -> bool;
    pub(crate) fn nxp_netif_tx_wake_all(dev: *mut NetDevice);
    pub(crate) fn nxp_local_bh_disable();
    pub(crate) fn nxp_local_bh_enable();
    pub(crate) fn nxp_netif_tx_disable(dev: *mut NetDevice);
    pub(crate) fn nxp_netif_trans_update(dev: *mut NetDevice);
    pub(crate) fn nxp_txq_trans_update(txq: *mut NetdevQueue);
    pub(crate) fn nxp_txq_claim_bql(dev: *mut NetDevice, idx: c_uint) -> c_int;
    pub(crate) fn nxp_txq_release_bql(dev: *mut NetDevice, idx: c_uint);

    pub(crate) fn nxp_napi_add(
        dev: *mut NetDevice,
        id: c_uint,
        tx: bool,
        irq: c_int,
    ) -> *mut NxpNapi;
    pub(crate) fn nxp_napi_del(n: *mut NxpNapi);
    pub(crate) fn nxp_napi_enable(n: *mut NxpNapi);
    pub(crate) fn nxp_napi_disable(n: *mut NxpNapi);
    pub(crate) fn nxp_napi_schedule(n: *mut NxpNapi) -> bool;
    pub(crate) fn nxp_irq_mask_take_schedule(
        m: *mut super::NxpIrqMask,
        reg: *mut c_void,
        be: bool,
        irqs_off: bool,
        bits: u32,
        n: *mut NxpNapi,
    ) -> u32;
    pub(crate) fn nxp_napi_complete_done(n: *mut NxpNapi, work: c_int) -> bool;
    pub(crate) fn nxp_napi_dim_set(n: *mut NxpNapi, on: bool, usecs: *mut u32, frames: *mut u32);
    pub(crate) fn nxp_napi_dim_poll(n: *mut NxpNapi, packets: u32, bytes: u32);
    pub(crate) fn nxp_napi_tx_timer_arm(n: *mut NxpNapi, usecs: u32);
    pub(crate) fn nxp_napi_tx_timer_cancel(n: *mut NxpNapi);
    pub(crate) fn nxp_queue_set_napi(dev: *mut NetDevice, queue: c_uint, tx: bool, n: *mut NxpNapi);
    pub(crate) fn nxp_napi_link_queue(n: *mut NxpNapi, queue: c_uint, tx: bool);

    pub(crate) fn nxp_irq_request(
        irq: c_uint,
        name: *const c_char,
        dev: *mut NetDevice,
        id: c_uint,
        err: *mut c_int,
    ) -> *mut NxpIrq;
    pub(crate) fn nxp_irq_set_wake(i: *mut NxpIrq, on: bool) -> c_int;
    pub(crate) fn nxp_irq_free(i: *mut NxpIrq);

    pub(crate) fn nxp_netdev_txq(dev: *mut NetDevice, idx: c_uint) -> *mut NetdevQueue;
    pub(crate) fn nxp_tx_sent(txq: *mut NetdevQueue, bytes: c_uint) -> u32;
    pub(crate) fn nxp_xmit_more() -> bool;
    pub(crate) fn nxp_txq_bql_inflight(txq: *mut NetdevQueue) -> i64;
    pub(crate) fn nxp_txq_maybe_stop(
        txq: *mut NetdevQueue,
        produced: *const u32,
        consumed: *const u32,
        size: u32,
        stop: u32,
        start: u32,
    ) -> c_int;
    pub(crate) fn nxp_txq_completed_wake(
        txq: *mut NetdevQueue,
        pkts: c_uint,
        bytes: c_uint,
        produced: *const u32,
        consumed: *const u32,
        size: u32,
        start: u32,
        halted: bool,
    ) -> c_int;
    pub(crate) fn nxp_txq_reset(txq: *mut NetdevQueue);
    pub(crate) fn nxp_txq_lock_bh(txq: *mut NetdevQueue);
    pub(crate) fn nxp_txq_unlock_bh(txq: *mut NetdevQueue);
    pub(crate) fn nxp_extack_msg(extack: *mut NetlinkExtAck, msg: *const c_char);
    pub(crate) fn nxp_netdev_log(dev: *const NetDevice, level: u32, args: *const c_void);

    pub(crate) fn nxp_skb_frag_len(skb: *const SkBuff, i: c_uint) -> c_uint;
    pub(crate) fn nxp_skb_tx_info(skb: *const SkBuff, ti: *mut NxpTxInfo);
    pub(crate) fn nxp_skb_tx_timestamp(skb: *mut SkBuff);
    pub(crate) fn nxp_skb_tstamp_tx(skb: *mut SkBuff, ns: u64);
    pub(crate) fn nxp_skb_push_bytes(
        pskb: *mut *mut SkBuff,
        src: *const c_void,
        len: c_uint,
    ) -> bool;
    pub(crate) fn nxp_skb_vlan_push_inside(pskb: *mut *mut SkBuff) -> bool;
    pub(crate) fn nxp_skb_free_any(skb: *mut SkBuff);
    pub(crate) fn nxp_skb_consume(skb: *mut SkBuff, budget: c_int);

    pub(crate) fn nxp_dma_alloc_coherent(
        dev: *mut bindings::device,
        size: usize,
        dma: *mut u64,
    ) -> *mut c_void;
    pub(crate) fn nxp_dma_free_coherent(
        dev: *mut bindings::device,
        size: usize,
        cpu: *mut c_void,
        dma: u64,
    );
    pub(crate) fn nxp_dma_map_skb_head(
        dev: *mut bindings::device,
        skb: *mut SkBuff,
        len: c_uint,
        addr: *mut u64,
    ) -> bool;
    pub(crate) fn nxp_dma_map_skb_frag(
        dev: *mut bindings::device,
        skb: *mut SkBuff,
        i: c_uint,
        len: *mut c_uint,
        addr: *mut u64,
    ) -> bool;
    pub(crate) fn nxp_dma_unmap_single_to_dev(dev: *mut bindings::device, addr: u64, len: c_uint);
    pub(crate) fn nxp_dma_unmap_page_to_dev(dev: *mut bindings::device, addr: u64, len: c_uint);
    pub(crate) fn nxp_dma_sync_for_cpu(dev: *mut bindings::device, addr: u64, len: c_uint);
    pub(crate) fn nxp_dma_may_sync() -> bool;
    pub(crate) fn nxp_dma_wmb();
    pub(crate) fn nxp_dma_rmb();
    pub(crate) fn nxp_wmb();

    pub(crate) fn nxp_page_pool_create(
        dev: *mut bindings::device,
        n: *mut NxpNapi,
        size: c_uint,
        offset: c_uint,
        max_len: c_uint,
        queue: c_uint,
        rxq: *mut *mut XdpRxqInfo,
    ) -> *mut PagePool;
    pub(crate) fn nxp_page_pool_destroy(pp: *mut PagePool, rxq: *mut XdpRxqInfo);
    pub(crate) fn nxp_pp_put(pp: *mut PagePool, page: *mut Page, napi: bool);
    pub(crate) fn nxp_pp_alloc_biased(
        pp: *mut PagePool,
        nr: c_long,
        va: *mut *mut c_void,
        dma: *mut u64,
    ) -> *mut Page;
    pub(crate) fn nxp_pp_reusable(page: *mut Page, bias: c_long) -> bool;
    pub(crate) fn nxp_pp_ref_add(page: *mut Page, nr: c_long);
    pub(crate) fn nxp_pp_unref(pp: *mut PagePool, page: *mut Page, nr: c_long);
    pub(crate) fn nxp_pp_sync_for_device(
        pp: *mut PagePool,
        page: *mut Page,
        off: c_uint,
        len: c_uint,
    );
    pub(crate) fn nxp_skb_shinfo_size() -> c_uint;
    pub(crate) fn nxp_rx_build_skb(
        va: *mut c_void,
        truesize: c_uint,
        headroom: c_uint,
        len: c_uint,
    ) -> *mut SkBuff;
    pub(crate) fn nxp_rx_add_frag(
        skb: *mut SkBuff,
        page: *mut Page,
        va: *mut c_void,
        len: c_uint,
        truesize: c_uint,
    ) -> c_int;
    pub(crate) fn nxp_rx_trim(skb: *mut SkBuff, len: c_uint) -> c_int;
    pub(crate) fn nxp_rx_gro(
        n: *mut NxpNapi,
        dev: *mut NetDevice,
        skb: *mut SkBuff,
        csum_ok: bool,
        vlan: u32,
        hwts: u64,
    );
    pub(crate) fn nxp_netdev_vlan_rx(dev: *const NetDevice) -> bool;
    pub(crate) fn nxp_xdp_prog(dev: *mut NetDevice) -> *mut BpfProg;
    pub(crate) fn nxp_xdp_run(
        prog: *mut BpfProg,
        rxq: *mut XdpRxqInfo,
        va: *mut c_void,
        truesize: c_uint,
        off: *mut c_uint,
        len: *mut c_uint,
        frame: *mut *mut XdpFrame,
    ) -> c_int;
    pub(crate) fn nxp_xdp_flush();
    pub(crate) fn nxp_xdp_tx_error(dev: *mut NetDevice, frame: *mut XdpFrame);
    pub(crate) fn nxp_xdp_return_frame(frame: *mut XdpFrame);
    pub(crate) fn nxp_xdp_frame_data(frame: *const XdpFrame, len: *mut c_uint) -> *mut c_void;
    pub(crate) fn nxp_dma_map_single(
        dev: *mut bindings::device,
        va: *mut c_void,
        len: c_uint,
        addr: *mut u64,
    ) -> bool;
    pub(crate) fn nxp_netdev_set_xdp_features(dev: *mut NetDevice, on: bool, zc: bool);
    pub(crate) fn nxp_xsk_pool_dma_map(pool: *mut XskBuffPool, dev: *mut bindings::device)
        -> c_int;
    pub(crate) fn nxp_xsk_pool_dma_unmap(pool: *mut XskBuffPool);
    pub(crate) fn nxp_xsk_pool_rx_frame_size(pool: *mut XskBuffPool) -> u32;
    pub(crate) fn nxp_xsk_rxq_create(
        pool: *mut XskBuffPool,
        dev: *mut NetDevice,
        queue: u32,
    ) -> *mut XdpRxqInfo;
    pub(crate) fn nxp_xsk_rxq_destroy(rxq: *mut XdpRxqInfo);
    pub(crate) fn nxp_xsk_buff_alloc(pool: *mut XskBuffPool, dma: *mut u64) -> *mut XdpBuff;
    pub(crate) fn nxp_xsk_buff_free(xdp: *mut XdpBuff);
    pub(crate) fn nxp_xsk_rx(
        prog: *mut BpfProg,
        n: *mut NxpNapi,
        xdp: *mut XdpBuff,
        shift: c_uint,
        len: c_uint,
        frame: *mut *mut XdpFrame,
    ) -> c_int;
    pub(crate) fn nxp_xsk_set_rx_need_wakeup(pool: *mut XskBuffPool, on: bool) -> bool;
    pub(crate) fn nxp_xsk_set_tx_need_wakeup(pool: *mut XskBuffPool);
    pub(crate) fn nxp_xsk_tx_peek(pool: *mut XskBuffPool, max: u32) -> u32;
    pub(crate) fn nxp_xsk_tx_desc(pool: *mut XskBuffPool, i: u32, len: *mut u32) -> u64;
    pub(crate) fn nxp_xsk_tx_completed(pool: *mut XskBuffPool, n: u32);
    pub(crate) fn nxp_rx_build_gro(
        n: *mut NxpNapi,
        dev: *mut NetDevice,
        va: *mut c_void,
        truesize: c_uint,
        headroom: c_uint,
        len: c_uint,
        csum_ok: bool,
        vlan: u32,
        hwts: u64,
    ) -> bool;

    pub(crate) fn nxp_phy_connect(dev: *mut NetDevice, np: *mut bindings::device_node) -> c_int;
    pub(crate) fn nxp_phy_disconnect(dev: *mut NetDevice, np: *mut bindings::device_node);
    pub(crate) fn nxp_phy_start(dev: *mut NetDevice);
    pub(crate) fn nxp_phy_init_hw(dev: *mut NetDevice);
    pub(crate) fn nxp_phy_stop(dev: *mut NetDevice);
    pub(crate) fn nxp_phy_mac_caps(dev: *mut NetDevice, gbit: bool, asym_pause: bool);
    pub(crate) fn nxp_phy_state(dev: *mut NetDevice, speed: *mut c_int, full: *mut bool) -> bool;
    pub(crate) fn nxp_phy_print_status(dev: *mut NetDevice);
    pub(crate) fn nxp_phy_support_eee(dev: *mut NetDevice);
    pub(crate) fn nxp_phy_tx_lpi(dev: *mut NetDevice, timer_us: *mut u32) -> bool;
    pub(crate) fn nxp_phy_pause(dev: *mut NetDevice) -> bool;
    pub(crate) fn nxp_phy_set_sym_pause(dev: *mut NetDevice, rx: bool, tx: bool, autoneg: bool);
    pub(crate) fn nxp_phy_set_asym_pause(dev: *mut NetDevice, rx: bool, tx: bool);
    pub(crate) fn nxp_phy_validate_pause(dev: *mut NetDevice, rx: bool, tx: bool) -> bool;
    pub(crate) fn nxp_phy_resolve_pause(dev: *mut NetDevice) -> u8;
    pub(crate) fn nxp_phy_start_aneg(dev: *mut NetDevice) -> c_int;

    pub(crate) fn nxp_mdio_register(
        parent: *mut bindings::device,
        np: *mut bindings::device_node,
        id: *const c_char,
        ops: *mut c_void,
        rd: MdioRead,
        wr: MdioWrite,
        err: *mut c_int,
    ) -> *mut NxpMdio;
    pub(crate) fn nxp_mdio_unregister(m: *mut NxpMdio);

    pub(crate) fn nxp_netdev_mc_copy(
        dev: *mut NetDevice,
        buf: *mut u8,
        max: c_uint,
        locked: bool,
    ) -> c_uint;
    pub(crate) fn nxp_skb_clear_csum(skb: *mut SkBuff) -> c_int;
    pub(crate) fn nxp_skb_dma_aligned(skb: *const SkBuff, mask: c_uint) -> bool;
    pub(crate) fn nxp_skb_copy_aligned(skb: *mut SkBuff, align: c_uint) -> *mut SkBuff;
    pub(crate) fn nxp_skb_copy_bits(
        skb: *const SkBuff,
        offset: c_uint,
        to: *mut c_void,
        len: c_uint,
    ) -> c_int;
}
