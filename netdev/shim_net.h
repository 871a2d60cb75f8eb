/* SPDX-License-Identifier: GPL-2.0 */
/*
 * C shim, networking part: net_device with its ops tables, NAPI, IRQs,
 * skbs, DMA, page_pool, BQL and the Tx queue helpers, PHY connection.
 * The Rust entry points the trampolines call (nxp_rs_*) are generated in each
 * driver crate by netdev::declare_net_driver!.
 */
#ifndef NXP_RFL_SHIM_NET_H
#define NXP_RFL_SHIM_NET_H

#include <linux/types.h>

struct device;
struct device_node;
struct net_device;
struct netdev_queue;
struct nxp_napi;
struct nxp_irq_mask;
struct nxp_irq;
struct page;
struct page_pool;
struct sk_buff;
struct xdp_frame;
struct xdp_rxq_info;
struct xdp_buff;
struct xsk_buff_pool;
struct bpf_prog;
struct netlink_ext_ack;

/* Feature flags as the Rust side names them (mapped to NETIF_F_* here). */
#define NXP_F_SG	(1u << 0)
#define NXP_F_IP_CSUM	(1u << 1)
#define NXP_F_RXCSUM	(1u << 2)
#define NXP_F_HIGHDMA	(1u << 3)
#define NXP_F_IPV6_CSUM	(1u << 4)
#define NXP_F_TSO	(1u << 5)
#define NXP_F_VLAN_RX	(1u << 6)	/* NETIF_F_HW_VLAN_CTAG_RX */
#define NXP_F_VLAN_TX	(1u << 7)	/* NETIF_F_HW_VLAN_CTAG_TX */

/* A received frame's 802.1Q TCI for nxp_rx_gro() (0: none). */
#define NXP_RX_VLAN	(1u << 16)

/* See nxp_skb_tx_info(). Layout shared with Rust. */
struct nxp_tx_info {
	int csum;
	int gso;
	unsigned int l3, l4, hdr_len, mss;
	u16 phcs;
	bool udp;
	bool vlan;	/* an 802.1Q tag for the MAC to insert: tci */
	u16 tci;
};
static_assert(sizeof(struct nxp_tx_info) == 32);

/* Where the members of struct sk_buff that a packet's Tx offloads are read
 * from sit (nxp_skb_layout): byte offsets from the start of the skb. They are
 * members of anonymous unions, which the kernel's Rust bindings name by
 * position, and the position changes with the configuration. ip_summed is a
 * bit-field: the offset of its byte and the shift of its lowest bit there.
 * Layout shared with Rust. */
struct nxp_skb_layout {
	u16 ip_summed;
	u16 protocol;
	u16 network_header;
	u16 transport_header;
	u16 csum_start;
	u16 csum_offset;
	u16 vlan_all;
	u16 vlan_tci;
	u8 ip_summed_shift;
};
extern const struct nxp_skb_layout nxp_skb_layout;

/* Statistics handed to ndo_get_stats64. Layout shared with Rust. */
struct nxp_stats {
	u64 rx_packets, tx_packets, rx_bytes, tx_bytes;
	u64 rx_errors, tx_errors, rx_dropped, tx_dropped;
	u64 rx_crc_errors, rx_frame_errors, rx_length_errors, rx_over_errors;
	u64 multicast;
};

/* ethtool coalescing and ring parameters. Layouts shared with Rust. */
struct nxp_coalesce {
	u32 rx_usecs, rx_frames, tx_usecs, tx_frames;
	bool rx_adaptive, tx_adaptive;	/* net DIM chooses the values in use */
};

struct nxp_rings {
	u32 rx_max, tx_max, rx, tx;
};

struct nxp_pause {
	u32 autoneg, rx, tx;
};

/*
 * Standard statistics: the pause frames of `ethtool -I -a` (device-wide) and
 * the counters of the netdev family's qstats (per queue pair: Rx and Tx
 * queue i). Layout shared with Rust; NXP_STAT_NONE marks a counter the
 * device does not keep.
 */
#define NXP_STAT_NONE	(~0ULL)
struct nxp_std_stats {
	u64 tx_pause, rx_pause;
	u64 rx_packets, rx_bytes, rx_alloc_fail;
	u64 tx_packets, tx_bytes, tx_stop, tx_wake;
	u64 tx_gso_packets, tx_gso_wire_packets;
	/* Device-wide (queue -1) only: the IEEE 802.3 MAC counters of
	 * `ethtool -S --groups eth-mac` and the RMON ones of `rmon` (its
	 * histograms over NXP_RMON_RANGES, NXP_STAT_NONE in rx_hist[0]: none). */
	u64 mac_tx_ok, mac_tx_1col, mac_tx_mcol, mac_rx_ok, mac_rx_fcs, mac_rx_align;
	u64 mac_tx_octets, mac_tx_deferred, mac_tx_late_col, mac_tx_xs_col, mac_tx_mac_err;
	u64 mac_tx_carrier, mac_rx_octets, mac_rx_mac_err, mac_tx_mcast, mac_tx_bcast;
	u64 mac_rx_mcast, mac_rx_bcast, mac_tx_xs_defer, mac_rx_len_err;
	u64 rmon_undersize, rmon_oversize, rmon_fragments, rmon_jabbers;
	u64 rmon_rx_hist[7], rmon_tx_hist[7];
};
/* The RMON histogram ranges: 64, 65-127, ..., 1024-2047, 2048 and longer. */
#define NXP_RMON_RANGES	7

/* Rust entry points (per module). */
int nxp_rs_ndo_open(void *rs);
int nxp_rs_ndo_stop(void *rs);
int nxp_rs_ndo_start_xmit(void *rs, struct sk_buff *skb, unsigned int queue);
void nxp_rs_ndo_get_stats64(void *rs, struct nxp_stats *stats);
void nxp_rs_ndo_set_rx_mode(void *rs);
int nxp_rs_ndo_change_mtu(void *rs, int mtu);
int nxp_rs_ndo_set_mac_address(void *rs, const u8 *mac);
int nxp_rs_napi_poll(void *rs, struct nxp_napi *n, unsigned int id, int budget);
int nxp_rs_irq(void *rs, unsigned int id, bool irqs_off);
void nxp_rs_adjust_link(void *rs);
void nxp_rs_reset(void *rs);
void nxp_rs_dim_apply(void *rs, unsigned int id, u32 usecs, u32 frames);
int nxp_rs_get_coalesce(void *rs, struct nxp_coalesce *c);
int nxp_rs_set_coalesce(void *rs, const struct nxp_coalesce *c,
			struct netlink_ext_ack *extack);
void nxp_rs_get_rings(void *rs, struct nxp_rings *r);
int nxp_rs_set_rings(void *rs, const struct nxp_rings *r,
		     struct netlink_ext_ack *extack);
int nxp_rs_get_pause(void *rs, struct nxp_pause *p);
int nxp_rs_set_pause(void *rs, const struct nxp_pause *p);
unsigned int nxp_rs_stats_count(void *rs);
const char *nxp_rs_stat_name(void *rs, unsigned int i);
void nxp_rs_stats(void *rs, u64 *data, unsigned int n);
unsigned int nxp_rs_regs_len(void *rs);
void nxp_rs_regs(void *rs, u32 *buf, unsigned int words);
u32 nxp_rs_get_msglevel(void *rs);
void nxp_rs_set_msglevel(void *rs, u32 level);
bool nxp_rs_ndo_gso_ok(void *rs, unsigned int segs, unsigned int nr_frags);
int nxp_rs_ndo_set_rx_csum(void *rs, bool on);
int nxp_rs_ndo_set_vlan(void *rs, bool rx, bool tx);
int nxp_rs_suspend(void *rs, bool wake);
int nxp_rs_resume(void *rs);
int nxp_rs_ptp_adjfine(void *rs, long scaled_ppm);
int nxp_rs_ptp_adjtime(void *rs, s64 delta);
int nxp_rs_ptp_gettime(void *rs, u64 *ns);
int nxp_rs_ptp_settime(void *rs, u64 ns);
int nxp_rs_ptp_enable(void *rs, u32 kind, bool on, s64 start, s64 period, u32 flags);
unsigned int nxp_rs_ptp_keep(void *rs);
void nxp_rs_ptp_stop(void *rs);
int nxp_rs_hwtstamp_get(void *rs, u32 *tx_type, u32 *rx_filter);
int nxp_rs_hwtstamp_set(void *rs, u32 tx_type, u32 *rx_filter,
			struct netlink_ext_ack *extack);
void nxp_rs_std_stats(void *rs, int queue, struct nxp_std_stats *s);
int nxp_rs_xdp_setup(void *rs, bool on, struct netlink_ext_ack *extack);
int nxp_rs_ndo_xdp_xmit(void *rs, struct xdp_frame **frames, int n, bool flush);
int nxp_rs_xsk_setup(void *rs, struct xsk_buff_pool *pool, u16 queue);
/* Only in modules built without NXP_NO_XSK (drivers without AF_XDP
 * zero-copy: no ndo_xsk_wakeup). */
int nxp_rs_xsk_wakeup(void *rs, u32 queue, bool rx, bool tx);

/* net_device */
struct net_device *nxp_netdev_alloc(struct device *parent, unsigned int txqs,
				    unsigned int rxqs, void *rs);
void nxp_netdev_set_rs(struct net_device *dev, void *rs);
void nxp_netdev_free(struct net_device *dev);
int nxp_netdev_register(struct net_device *dev);
void nxp_netdev_unregister(struct net_device *dev);
void nxp_netdev_set_wol_supported(struct net_device *dev, u32 wake);
/* nxp_rs_ptp_enable()'s kinds of request: the PPS output, a periodic output. */
#define NXP_PTP_PPS		0
#define NXP_PTP_PEROUT		1
void nxp_netdev_set_ptp(struct net_device *dev, s32 max_adj, bool pps, u32 n_per_out);
void nxp_netdev_ptp_pps_event(struct net_device *dev);
int nxp_netdev_suspend(struct net_device *dev);
int nxp_netdev_resume(struct net_device *dev);
void nxp_netdev_set_mac(struct net_device *dev, const u8 *mac);
void nxp_netdev_get_mac(const struct net_device *dev, u8 *mac);
void nxp_netdev_setup(struct net_device *dev, u32 hw_features, u32 features,
		      unsigned int min_mtu, unsigned int max_mtu,
		      unsigned int needed_headroom, unsigned int watchdog_ms);
unsigned int nxp_netdev_mtu(const struct net_device *dev);
void nxp_netdev_set_mtu(struct net_device *dev, unsigned int mtu);
bool nxp_netdev_promisc(const struct net_device *dev);
bool nxp_netdev_allmulti(const struct net_device *dev);
void nxp_netif_carrier(struct net_device *dev, bool on);
bool nxp_netif_carrier_ok(const struct net_device *dev);
void nxp_netif_tx_wake_all(struct net_device *dev);
void nxp_local_bh_disable(void);
void nxp_local_bh_enable(void);
void nxp_netif_tx_disable(struct net_device *dev);
void nxp_netif_trans_update(struct net_device *dev);
void nxp_txq_trans_update(struct netdev_queue *txq);
int nxp_txq_claim_bql(struct net_device *dev, unsigned int idx);
void nxp_txq_release_bql(struct net_device *dev, unsigned int idx);

/* NAPI */
struct nxp_napi *nxp_napi_add(struct net_device *dev, unsigned int id, bool tx,
			      int irq);
void nxp_napi_del(struct nxp_napi *n);
void nxp_napi_enable(struct nxp_napi *n);
void nxp_napi_disable(struct nxp_napi *n);
bool nxp_napi_schedule(struct nxp_napi *n);
/* nxp_irq_mask_take(@bits, @bits) and @n scheduled, from a handler. */
u32 nxp_irq_mask_take_schedule(struct nxp_irq_mask *m, void __iomem *reg, bool be,
			       bool irqs_off, u32 bits, struct nxp_napi *n);
bool nxp_napi_complete_done(struct nxp_napi *n, int work);
void nxp_napi_dim_set(struct nxp_napi *n, bool on, u32 *usecs, u32 *frames);
void nxp_napi_dim_poll(struct nxp_napi *n, u32 packets, u32 bytes);
void nxp_napi_tx_timer_arm(struct nxp_napi *n, u32 usecs);
void nxp_napi_tx_timer_cancel(struct nxp_napi *n);
void nxp_queue_set_napi(struct net_device *dev, unsigned int queue, bool tx,
			struct nxp_napi *n);
void nxp_napi_link_queue(struct nxp_napi *n, unsigned int queue, bool tx);

/* IRQs */
struct nxp_irq *nxp_irq_request(unsigned int irq, const char *name,
				struct net_device *dev, unsigned int id, int *err);
int nxp_irq_set_wake(struct nxp_irq *i, bool on);
void nxp_irq_free(struct nxp_irq *i);

/* Tx queues, BQL */
struct netdev_queue *nxp_netdev_txq(struct net_device *dev, unsigned int idx);
/* nxp_tx_sent(): the doorbell is due; the queue is stopped (BQL). */
#define NXP_TX_SENT_KICK	0x1
#define NXP_TX_SENT_STOPPED	0x2
u32 nxp_tx_sent(struct netdev_queue *txq, unsigned int bytes);
bool nxp_xmit_more(void);
s64 nxp_txq_bql_inflight(struct netdev_queue *txq);
int nxp_txq_maybe_stop(struct netdev_queue *txq, const u32 *produced,
		       const u32 *consumed, u32 size, u32 stop, u32 start);
int nxp_txq_completed_wake(struct netdev_queue *txq, unsigned int pkts,
			   unsigned int bytes, const u32 *produced,
			   const u32 *consumed, u32 size, u32 start, bool halted);
void nxp_txq_reset(struct netdev_queue *txq);
void nxp_txq_lock_bh(struct netdev_queue *txq);
void nxp_txq_unlock_bh(struct netdev_queue *txq);
void nxp_extack_msg(struct netlink_ext_ack *extack, const char *msg);
#define NXP_LOG_ERR	0
#define NXP_LOG_WARN	1
#define NXP_LOG_INFO	2
void nxp_netdev_log(const struct net_device *dev, u32 level, const void *args);

/* skbs */
unsigned int nxp_skb_frag_len(const struct sk_buff *skb, unsigned int i);
void nxp_skb_tx_info(const struct sk_buff *skb, struct nxp_tx_info *ti);
void nxp_skb_tx_timestamp(struct sk_buff *skb);
void nxp_skb_tstamp_tx(struct sk_buff *skb, u64 ns);
int nxp_netdev_set_pcp_queues(struct net_device *dev, const u8 *map);
void nxp_netdev_set_tso_max_segs(struct net_device *dev, unsigned int segs);
bool nxp_skb_push_bytes(struct sk_buff **pskb, const void *src, unsigned int len);
bool nxp_skb_vlan_push_inside(struct sk_buff **pskb);
void nxp_skb_free_any(struct sk_buff *skb);
void nxp_skb_consume(struct sk_buff *skb, int budget);

/* DMA */
void *nxp_dma_alloc_coherent(struct device *dev, size_t size, u64 *dma);
void nxp_dma_free_coherent(struct device *dev, size_t size, void *cpu, u64 dma);
bool nxp_dma_map_skb_head(struct device *dev, struct sk_buff *skb, unsigned int len, u64 *addr);
bool nxp_dma_map_skb_frag(struct device *dev, struct sk_buff *skb, unsigned int i,
			  unsigned int *len, u64 *addr);
void nxp_dma_unmap_single_to_dev(struct device *dev, u64 addr, unsigned int len);
void nxp_dma_unmap_page_to_dev(struct device *dev, u64 addr, unsigned int len);
void nxp_dma_sync_for_cpu(struct device *dev, u64 addr, unsigned int len);
bool nxp_dma_may_sync(void);
void nxp_dma_wmb(void);
void nxp_dma_rmb(void);
void nxp_wmb(void);

/* page_pool Rx */
struct page_pool *nxp_page_pool_create(struct device *dev, struct nxp_napi *n,
				       unsigned int size, unsigned int offset,
				       unsigned int max_len, unsigned int queue,
				       struct xdp_rxq_info **rxqp);
void nxp_page_pool_destroy(struct page_pool *pp, struct xdp_rxq_info *rxq);
void nxp_pp_put(struct page_pool *pp, struct page *page, bool napi);
struct page *nxp_pp_alloc_biased(struct page_pool *pp, long nr, void **va, u64 *dma);
bool nxp_pp_reusable(struct page *page, long bias);
void nxp_pp_ref_add(struct page *page, long nr);
void nxp_pp_unref(struct page_pool *pp, struct page *page, long nr);
void nxp_pp_sync_for_device(struct page_pool *pp, struct page *page, unsigned int off,
			    unsigned int len);
unsigned int nxp_skb_shinfo_size(void);
struct sk_buff *nxp_rx_build_skb(void *va, unsigned int truesize,
				 unsigned int headroom, unsigned int len);
int nxp_rx_add_frag(struct sk_buff *skb, struct page *page, void *va, unsigned int len,
		    unsigned int truesize);
int nxp_rx_trim(struct sk_buff *skb, unsigned int len);
void nxp_rx_gro(struct nxp_napi *n, struct net_device *dev, struct sk_buff *skb,
		bool csum_ok, u32 vlan, u64 hwts);
bool nxp_rx_build_gro(struct nxp_napi *n, struct net_device *dev, void *va,
		      unsigned int truesize, unsigned int headroom, unsigned int len,
		      bool csum_ok, u32 vlan, u64 hwts);
bool nxp_netdev_vlan_rx(const struct net_device *dev);

/* XDP: what nxp_xdp_run() did with a frame. */
#define NXP_XDP_PASS		0
#define NXP_XDP_DROP		1
#define NXP_XDP_TX		2
#define NXP_XDP_TX_ERR		3
#define NXP_XDP_REDIRECT	4
#define NXP_XDP_REDIRECT_ERR	5
struct bpf_prog *nxp_xdp_prog(struct net_device *dev);
int nxp_xdp_run(struct bpf_prog *prog, struct xdp_rxq_info *rxq, void *va,
		unsigned int truesize, unsigned int *off, unsigned int *len,
		struct xdp_frame **frame);
void nxp_xdp_flush(void);
void nxp_xdp_tx_error(struct net_device *dev, struct xdp_frame *frame);
void nxp_xdp_return_frame(struct xdp_frame *frame);
void *nxp_xdp_frame_data(const struct xdp_frame *frame, unsigned int *len);
bool nxp_dma_map_single(struct device *dev, void *va, unsigned int len, u64 *addr);
void nxp_netdev_set_xdp_features(struct net_device *dev, bool on, bool zc);

/* AF_XDP zero-copy: an XSK buffer pool on a queue's rings. */
int nxp_xsk_pool_dma_map(struct xsk_buff_pool *pool, struct device *dev);
void nxp_xsk_pool_dma_unmap(struct xsk_buff_pool *pool);
u32 nxp_xsk_pool_rx_frame_size(struct xsk_buff_pool *pool);
struct xdp_rxq_info *nxp_xsk_rxq_create(struct xsk_buff_pool *pool,
					struct net_device *dev, u32 queue);
void nxp_xsk_rxq_destroy(struct xdp_rxq_info *rxq);
struct xdp_buff *nxp_xsk_buff_alloc(struct xsk_buff_pool *pool, u64 *dma);
void nxp_xsk_buff_free(struct xdp_buff *xdp);
int nxp_xsk_rx(struct bpf_prog *prog, struct nxp_napi *n, struct xdp_buff *xdp,
	       unsigned int shift, unsigned int len, struct xdp_frame **frame);
bool nxp_xsk_set_rx_need_wakeup(struct xsk_buff_pool *pool, bool on);
void nxp_xsk_set_tx_need_wakeup(struct xsk_buff_pool *pool);
u32 nxp_xsk_tx_peek(struct xsk_buff_pool *pool, u32 max);
u64 nxp_xsk_tx_desc(struct xsk_buff_pool *pool, u32 i, u32 *len);
void nxp_xsk_tx_completed(struct xsk_buff_pool *pool, u32 n);

/* PHY */
int nxp_phy_connect(struct net_device *dev, struct device_node *np);
void nxp_phy_disconnect(struct net_device *dev, struct device_node *np);
void nxp_phy_start(struct net_device *dev);
void nxp_phy_init_hw(struct net_device *dev);
void nxp_phy_stop(struct net_device *dev);
void nxp_phy_mac_caps(struct net_device *dev, bool gbit, bool asym_pause);
bool nxp_phy_state(struct net_device *dev, int *speed, bool *full_duplex);
bool nxp_phy_pause(struct net_device *dev);
void nxp_phy_set_sym_pause(struct net_device *dev, bool rx, bool tx, bool autoneg);
void nxp_phy_set_asym_pause(struct net_device *dev, bool rx, bool tx);
bool nxp_phy_validate_pause(struct net_device *dev, bool rx, bool tx);
u8 nxp_phy_resolve_pause(struct net_device *dev);
int nxp_phy_start_aneg(struct net_device *dev);
void nxp_phy_print_status(struct net_device *dev);
void nxp_phy_support_eee(struct net_device *dev);
bool nxp_phy_tx_lpi(struct net_device *dev, u32 *timer_us);

/* MDIO bus whose accessors are Rust functions. */
struct nxp_mdio;
typedef int (*nxp_mdio_read_t)(void *ops, int addr, int reg);
typedef int (*nxp_mdio_write_t)(void *ops, int addr, int reg, u16 val);
struct nxp_mdio *nxp_mdio_register(struct device *parent, struct device_node *np,
				   const char *id, void *ops, nxp_mdio_read_t rd,
				   nxp_mdio_write_t wr, int *err);
void nxp_mdio_unregister(struct nxp_mdio *m);

/* Rx filter */
unsigned int nxp_netdev_mc_copy(struct net_device *dev, u8 *buf, unsigned int max,
				bool locked);

/* Tx checksum insertion by the MAC: clear the fields it fills in. */
int nxp_skb_clear_csum(struct sk_buff *skb);

/* Tx buffer alignment */
bool nxp_skb_dma_aligned(const struct sk_buff *skb, unsigned int mask);
struct sk_buff *nxp_skb_copy_aligned(struct sk_buff *skb, unsigned int align);
int nxp_skb_copy_bits(const struct sk_buff *skb, unsigned int offset, void *to,
		      unsigned int len);

#endif /* NXP_RFL_SHIM_NET_H */
