// SPDX-License-Identifier: GPL-2.0
/*
 * C shim, networking part; see shim_net.h. Plain wrappers and the ops tables
 * whose trampolines call the Rust entry points (nxp_rs_*). No driver logic.
 */
#include <linux/dim.h>
#include <linux/dma-mapping.h>
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/ethtool.h>
#include <linux/interrupt.h>
#include <linux/ip.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/of.h>
#include <linux/of_mdio.h>
#include <linux/of_net.h>
#include <linux/phy.h>
#include <linux/pm_wakeup.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/net_tstamp.h>
#include <linux/rtnetlink.h>
#include <linux/workqueue.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <net/netdev_queues.h>
#include <net/tcp.h>
#include <net/page_pool/helpers.h>
#include <net/selftests.h>
#include <net/xdp.h>
#include <net/xdp_sock_drv.h>
#include <linux/bpf.h>
#include <linux/bpf_trace.h>
#include <linux/filter.h>

#include "shim.h"
#include "shim_irq_mask.h"
#include "shim_net.h"

/* netdev_priv() of our net_devices. */
struct nxp_priv {
	void *rs;			/* the Rust driver state */
	struct device_node *phy_np;	/* PHY (or fixed-link) node, referenced */
	bool fixed_link;
	struct work_struct reset_work;	/* nxp_ndo_tx_timeout() */
	struct net_device *dev;
	struct bpf_prog *xdp_prog;	/* attached XDP program (RCU-freed) */
	bool eee;			/* the MAC has EEE (LPI timers) */
	bool pcp_select;		/* Tx queue by VLAN priority: */
	u8 pcp_queue[8];		/* the queue of each PCP */
	u32 wol_supported;		/* WAKE_* the MAC can wake on */
	u32 wolopts;			/* WAKE_* asked for (ethtool -s wol) */
	bool has_ptp;			/* the driver has a PTP clock: */
	struct ptp_clock_info ptp_info;	/* its operations (nxp_netdev_set_ptp()) */
	struct ptp_clock *ptp;		/* registered with the device (or NULL) */
	unsigned long bql_owned;	/* Tx queues with a BQL owner in Rust */
	/* The device's handles whose callbacks or pointers reach the driver
	 * state or the device (struct nxp_irq, nxp_napi, nxp_rxq), under
	 * @res_lock: Rust frees them on drop, but a handle leaked with
	 * mem::forget() is safe Rust, so nxp_netdev_free() releases what is
	 * left (nxp_netdev_sweep()). */
	spinlock_t res_lock;
	struct list_head irqs, napis, rxqs;
};

/* A registered XDP queue info (a page pool's, with the pool, or an AF_XDP
 * ring's), on its device's list. The Rust side holds &info. */
struct nxp_rxq {
	struct xdp_rxq_info info;
	struct page_pool *pool;		/* destroyed with it, or NULL */
	struct net_device *dev;
	struct list_head node;
};

static void nxp_res_add(struct net_device *dev, struct list_head *node,
			struct list_head *list)
{
	struct nxp_priv *priv = netdev_priv(dev);
	unsigned long flags;

	spin_lock_irqsave(&priv->res_lock, flags);
	list_add_tail(node, list);
	spin_unlock_irqrestore(&priv->res_lock, flags);
}

static void nxp_res_del(struct net_device *dev, struct list_head *node)
{
	struct nxp_priv *priv = netdev_priv(dev);
	unsigned long flags;

	spin_lock_irqsave(&priv->res_lock, flags);
	list_del(node);
	spin_unlock_irqrestore(&priv->res_lock, flags);
}

static void nxp_netdev_detach(struct net_device *dev);

static void *rs_of(const struct net_device *dev)
{
	return READ_ONCE(((struct nxp_priv *)netdev_priv(dev))->rs);
}

/* Adaptive coalescing (net DIM, see struct nxp_napi): the MACs' coalescing
 * timers start at the first frame after an interrupt, net DIM's "start
 * from CQE" mode, whose profiles are the devices' defaults. */
#define NXP_DIM_MODE DIM_CQ_PERIOD_MODE_START_FROM_CQE
static void nxp_napi_dim_work(struct work_struct *work);

/* --- net_device_ops trampolines ------------------------------------------ */

static int nxp_ndo_open(struct net_device *dev)
{
	return nxp_rs_ndo_open(rs_of(dev));
}

static int nxp_ndo_stop(struct net_device *dev)
{
	return nxp_rs_ndo_stop(rs_of(dev));
}

static netdev_tx_t nxp_ndo_start_xmit(struct sk_buff *skb, struct net_device *dev)
{
	return nxp_rs_ndo_start_xmit(rs_of(dev), skb, skb_get_queue_mapping(skb)) ?
		NETDEV_TX_BUSY : NETDEV_TX_OK;
}

/* GSO packets the driver cannot take in one piece (too many descriptors
 * for the current ring, or segmentation not possible right now) go through
 * software GSO instead. */
static netdev_features_t nxp_ndo_features_check(struct sk_buff *skb, struct net_device *dev,
						netdev_features_t features)
{
	features = vlan_features_check(skb, features);
	if (skb_is_gso(skb) &&
	    !nxp_rs_ndo_gso_ok(rs_of(dev), skb_shinfo(skb)->gso_segs, skb_shinfo(skb)->nr_frags))
		features &= ~NETIF_F_GSO_MASK;
	return features;
}

/* Called only with several Tx queues. With a priority map (the AVB ENETs,
 * fec_enet_select_queue()), a VLAN-tagged packet goes to the queue of its
 * PCP, whether the tag is in the frame or still in the skb, and the rest to
 * queue 0; without one the stack picks. */
static u16 nxp_ndo_select_queue(struct net_device *dev, struct sk_buff *skb,
				struct net_device *sb_dev)
{
	struct nxp_priv *priv = netdev_priv(dev);
	u16 tci;

	if (!priv->pcp_select)
		return netdev_pick_tx(dev, skb, sb_dev);
	if (eth_type_vlan(skb->protocol) &&
	    skb_headlen(skb) >= VLAN_ETH_HLEN)
		tci = ntohs(skb_vlan_eth_hdr(skb)->h_vlan_TCI);
	else if (skb_vlan_tag_present(skb))
		tci = skb_vlan_tag_get(skb);
	else
		return 0;
	return priv->pcp_queue[tci >> VLAN_PRIO_SHIFT];
}

static void nxp_ndo_get_stats64(struct net_device *dev, struct rtnl_link_stats64 *s)
{
	struct nxp_stats st = {};

	nxp_rs_ndo_get_stats64(rs_of(dev), &st);
	s->rx_packets = st.rx_packets;
	s->tx_packets = st.tx_packets;
	s->rx_bytes = st.rx_bytes;
	s->tx_bytes = st.tx_bytes;
	s->rx_errors = st.rx_errors;
	s->tx_errors = st.tx_errors;
	s->rx_dropped = st.rx_dropped;
	s->tx_dropped = st.tx_dropped;
	s->rx_crc_errors = st.rx_crc_errors;
	s->rx_frame_errors = st.rx_frame_errors;
	s->rx_length_errors = st.rx_length_errors;
	s->rx_over_errors = st.rx_over_errors;
	s->multicast = st.multicast;
}

/* The Tx watchdog: the device is reset (nxp_rs_reset(), from a work item:
 * ndo_tx_timeout runs in atomic context). */
static void nxp_ndo_tx_timeout(struct net_device *dev, unsigned int txqueue)
{
	struct nxp_priv *priv = netdev_priv(dev);

	netdev_warn(dev, "Tx timeout on queue %u, resetting\n", txqueue);
	schedule_work(&priv->reset_work);
}

static void nxp_ndo_set_rx_mode(struct net_device *dev)
{
	nxp_rs_ndo_set_rx_mode(rs_of(dev));
}

/* NETIF_F_RXCSUM and the VLAN offloads need the driver; the core records
 * every change in dev->features once this returns 0. Both VLAN offloads in
 * one call (one restart where the driver needs one), first: the one that
 * may fail, before a change that cannot. */
static int nxp_ndo_set_features(struct net_device *dev, netdev_features_t features)
{
	netdev_features_t changed = dev->features ^ features;
	int err;

	if (changed & (NETIF_F_HW_VLAN_CTAG_RX | NETIF_F_HW_VLAN_CTAG_TX)) {
		err = nxp_rs_ndo_set_vlan(rs_of(dev), !!(features & NETIF_F_HW_VLAN_CTAG_RX),
					  !!(features & NETIF_F_HW_VLAN_CTAG_TX));
		if (err)
			return err;
	}
	if (changed & NETIF_F_RXCSUM)
		return nxp_rs_ndo_set_rx_csum(rs_of(dev), !!(features & NETIF_F_RXCSUM));
	return 0;
}

static int nxp_ndo_change_mtu(struct net_device *dev, int new_mtu)
{
	return nxp_rs_ndo_change_mtu(rs_of(dev), new_mtu);
}

static int nxp_ndo_set_mac_address(struct net_device *dev, void *p)
{
	struct sockaddr *addr = p;

	if (!is_valid_ether_addr(addr->sa_data))
		return -EADDRNOTAVAIL;
	return nxp_rs_ndo_set_mac_address(rs_of(dev), addr->sa_data);
}

/* XDP_SETUP_PROG: the driver first makes its Rx rings fit the new mode
 * (XDP headroom with a program, none without), then the program is swapped
 * in. A program replacing another needs no ring change. The Rx path only
 * runs a program on rings built for XDP, so the order is only about when
 * frames start and stop seeing it. */
static int nxp_ndo_bpf(struct net_device *dev, struct netdev_bpf *bpf)
{
	struct nxp_priv *priv = netdev_priv(dev);
	struct bpf_prog *old;
	int err;

	switch (bpf->command) {
	case XDP_SETUP_PROG:
		if (!!bpf->prog != !!priv->xdp_prog) {
			err = nxp_rs_xdp_setup(priv->rs, !!bpf->prog, bpf->extack);
			if (err)
				return err;
		}
		old = xchg(&priv->xdp_prog, bpf->prog);
		if (old)
			bpf_prog_put(old);
		return 0;
	case XDP_SETUP_XSK_POOL:
		return nxp_rs_xsk_setup(priv->rs, bpf->xsk.pool, bpf->xsk.queue_id);
	default:
		return -EOPNOTSUPP;
	}
}

static int nxp_ndo_xdp_xmit(struct net_device *dev, int n, struct xdp_frame **frames,
			    u32 flags)
{
	if (unlikely(flags & ~XDP_XMIT_FLAGS_MASK))
		return -EINVAL;
	return nxp_rs_ndo_xdp_xmit(rs_of(dev), frames, n, !!(flags & XDP_XMIT_FLUSH));
}

/* AF_XDP zero-copy: the socket has frames to send or buffers to fill
 * (flags XDP_WAKEUP_RX / XDP_WAKEUP_TX). */
#ifndef NXP_NO_XSK
static int nxp_ndo_xsk_wakeup(struct net_device *dev, u32 queue, u32 flags)
{
	return nxp_rs_xsk_wakeup(rs_of(dev), queue, flags & XDP_WAKEUP_RX,
				 flags & XDP_WAKEUP_TX);
}
#endif

/* Hardware timestamping (SIOCSHWTSTAMP, ethtool's tsconfig): only with a
 * registered PTP clock. Under RTNL. */
static int nxp_ndo_hwtstamp_get(struct net_device *dev,
				struct kernel_hwtstamp_config *cfg)
{
	struct nxp_priv *priv = netdev_priv(dev);
	u32 tx, rx;
	int err;

	if (!priv->ptp)
		return -EOPNOTSUPP;
	err = nxp_rs_hwtstamp_get(priv->rs, &tx, &rx);
	if (err)
		return err;
	cfg->flags = 0;
	cfg->tx_type = tx;
	cfg->rx_filter = rx;
	return 0;
}

static int nxp_ndo_hwtstamp_set(struct net_device *dev,
				struct kernel_hwtstamp_config *cfg,
				struct netlink_ext_ack *extack)
{
	struct nxp_priv *priv = netdev_priv(dev);
	u32 rx = cfg->rx_filter;
	int err;

	if (!priv->ptp)
		return -EOPNOTSUPP;
	err = nxp_rs_hwtstamp_set(priv->rs, cfg->tx_type, &rx, extack);
	if (!err)
		cfg->rx_filter = rx;
	return err;
}

static const struct net_device_ops nxp_netdev_ops = {
	.ndo_open		= nxp_ndo_open,
	.ndo_stop		= nxp_ndo_stop,
	.ndo_start_xmit		= nxp_ndo_start_xmit,
	.ndo_select_queue	= nxp_ndo_select_queue,
	.ndo_features_check	= nxp_ndo_features_check,
	.ndo_set_features	= nxp_ndo_set_features,
	.ndo_get_stats64	= nxp_ndo_get_stats64,
	.ndo_tx_timeout		= nxp_ndo_tx_timeout,
	.ndo_set_rx_mode	= nxp_ndo_set_rx_mode,
	.ndo_change_mtu		= nxp_ndo_change_mtu,
	.ndo_set_mac_address	= nxp_ndo_set_mac_address,
	.ndo_validate_addr	= eth_validate_addr,
	.ndo_eth_ioctl		= phy_do_ioctl_running,
	.ndo_bpf		= nxp_ndo_bpf,
	.ndo_xdp_xmit		= nxp_ndo_xdp_xmit,
	.ndo_hwtstamp_get	= nxp_ndo_hwtstamp_get,
	.ndo_hwtstamp_set	= nxp_ndo_hwtstamp_set,
#ifndef NXP_NO_XSK
	.ndo_xsk_wakeup		= nxp_ndo_xsk_wakeup,
#endif
};

/* --- ethtool_ops ------------------------------------------------------------ */

static void nxp_get_drvinfo(struct net_device *dev, struct ethtool_drvinfo *info)
{
	struct device *parent = dev->dev.parent;

	strscpy(info->driver, THIS_MODULE->name, sizeof(info->driver));
	if (parent)
		strscpy(info->bus_info, dev_name(parent), sizeof(info->bus_info));
}

static_assert(sizeof(struct nxp_coalesce) == 20);	/* ffi::NxpCoalesce */

static int nxp_get_coalesce(struct net_device *dev, struct ethtool_coalesce *ec,
			    struct kernel_ethtool_coalesce *kec,
			    struct netlink_ext_ack *extack)
{
	struct nxp_coalesce c = {};
	int err = nxp_rs_get_coalesce(rs_of(dev), &c);

	if (err)
		return err;
	ec->rx_coalesce_usecs = c.rx_usecs;
	ec->rx_max_coalesced_frames = c.rx_frames;
	ec->tx_coalesce_usecs = c.tx_usecs;
	ec->tx_max_coalesced_frames = c.tx_frames;
	ec->use_adaptive_rx_coalesce = c.rx_adaptive;
	ec->use_adaptive_tx_coalesce = c.tx_adaptive;
	return 0;
}

static int nxp_set_coalesce(struct net_device *dev, struct ethtool_coalesce *ec,
			    struct kernel_ethtool_coalesce *kec,
			    struct netlink_ext_ack *extack)
{
	struct nxp_coalesce c = {
		.rx_usecs = ec->rx_coalesce_usecs,
		.rx_frames = ec->rx_max_coalesced_frames,
		.tx_usecs = ec->tx_coalesce_usecs,
		.tx_frames = ec->tx_max_coalesced_frames,
		.rx_adaptive = !!ec->use_adaptive_rx_coalesce,
		.tx_adaptive = !!ec->use_adaptive_tx_coalesce,
	};

	return nxp_rs_set_coalesce(rs_of(dev), &c, extack);
}

static void nxp_get_ringparam(struct net_device *dev, struct ethtool_ringparam *rp,
			      struct kernel_ethtool_ringparam *krp,
			      struct netlink_ext_ack *extack)
{
	struct nxp_rings r = {};

	nxp_rs_get_rings(rs_of(dev), &r);
	rp->rx_max_pending = r.rx_max;
	rp->tx_max_pending = r.tx_max;
	rp->rx_pending = r.rx;
	rp->tx_pending = r.tx;
}

static int nxp_set_ringparam(struct net_device *dev, struct ethtool_ringparam *rp,
			     struct kernel_ethtool_ringparam *krp,
			     struct netlink_ext_ack *extack)
{
	struct nxp_rings r = { .rx = rp->rx_pending, .tx = rp->tx_pending };

	if (rp->rx_mini_pending || rp->rx_jumbo_pending) {
		NL_SET_ERR_MSG(extack, "no mini or jumbo Rx rings");
		return -EINVAL;
	}
	return nxp_rs_set_rings(rs_of(dev), &r, extack);
}

static void nxp_get_pauseparam(struct net_device *dev, struct ethtool_pauseparam *pp)
{
	struct nxp_pause p = {};

	if (nxp_rs_get_pause(rs_of(dev), &p))
		return;
	pp->autoneg = p.autoneg;
	pp->rx_pause = p.rx;
	pp->tx_pause = p.tx;
}

static int nxp_set_pauseparam(struct net_device *dev, struct ethtool_pauseparam *pp)
{
	struct nxp_pause p = {
		.autoneg = pp->autoneg, .rx = pp->rx_pause, .tx = pp->tx_pause,
	};

	return nxp_rs_set_pause(rs_of(dev), &p);
}

/* ETH_SS_TEST: the kernel's generic self-tests (`ethtool -t`), as the C fec
 * offers them: carrier and duplex, then frames looped back through the PHY. */
static int nxp_get_sset_count(struct net_device *dev, int sset)
{
	switch (sset) {
	case ETH_SS_STATS:
		return nxp_rs_stats_count(rs_of(dev));
	case ETH_SS_TEST:
		return IS_ENABLED(CONFIG_NET_SELFTESTS) ? net_selftest_get_count() : -EOPNOTSUPP;
	default:
		return -EOPNOTSUPP;
	}
}

static void nxp_get_strings(struct net_device *dev, u32 sset, u8 *data)
{
	unsigned int i, n = nxp_rs_stats_count(rs_of(dev));

	if (sset == ETH_SS_TEST) {
		net_selftest_get_strings(data);
		return;
	}
	if (sset != ETH_SS_STATS)
		return;
	for (i = 0; i < n; i++)
		ethtool_puts(&data, nxp_rs_stat_name(rs_of(dev), i));
}

static void nxp_get_ethtool_stats(struct net_device *dev, struct ethtool_stats *st,
				  u64 *data)
{
	nxp_rs_stats(rs_of(dev), data, nxp_rs_stats_count(rs_of(dev)));
}

static int nxp_get_regs_len(struct net_device *dev)
{
	return nxp_rs_regs_len(rs_of(dev));
}

static void nxp_get_regs(struct net_device *dev, struct ethtool_regs *regs, void *buf)
{
	unsigned int len = nxp_rs_regs_len(rs_of(dev));

	regs->version = 0;
	memset(buf, 0, len);
	nxp_rs_regs(rs_of(dev), buf, len / sizeof(u32));
}

/*
 * Queues: as many pairs of an Rx and a Tx queue as both counts have, each
 * one "combined" channel (queue i's Rx and Tx served together, by one
 * interrupt on the ENET, by one interrupt group on the eTSEC), and the
 * queues beyond in one direction only (the AVB ENETs' Tx rings 1 and 2) as
 * Rx-only or Tx-only channels. The counts are fixed: `ethtool -L` accepts
 * only the current ones.
 */
static void nxp_get_channels(struct net_device *dev, struct ethtool_channels *ch)
{
	unsigned int rx = dev->real_num_rx_queues, tx = dev->real_num_tx_queues;
	unsigned int both = min(rx, tx);

	ch->max_combined = ch->combined_count = both;
	ch->max_rx = ch->rx_count = rx - both;
	ch->max_tx = ch->tx_count = tx - both;
}

static int nxp_set_channels(struct net_device *dev, struct ethtool_channels *ch)
{
	struct ethtool_channels cur = {};

	nxp_get_channels(dev, &cur);
	if (ch->combined_count != cur.combined_count || ch->rx_count != cur.rx_count ||
	    ch->tx_count != cur.tx_count || ch->other_count)
		return -EINVAL;
	return 0;
}

static void nxp_std_stats(struct net_device *dev, int queue, struct nxp_std_stats *s)
{
	memset(s, 0xff, sizeof(*s));
	nxp_rs_std_stats(rs_of(dev), queue, s);
}

static void nxp_get_pause_stats(struct net_device *dev, struct ethtool_pause_stats *ps)
{
	struct nxp_std_stats s;

	nxp_std_stats(dev, -1, &s);
	/* ETHTOOL_STAT_NOT_SET is the same all-ones value. */
	ps->tx_pause_frames = s.tx_pause;
	ps->rx_pause_frames = s.rx_pause;
}

static void nxp_get_eth_mac_stats(struct net_device *dev, struct ethtool_eth_mac_stats *m)
{
	struct nxp_std_stats s;

	if (m->src != ETHTOOL_MAC_STATS_SRC_AGGREGATE)
		return;
	nxp_std_stats(dev, -1, &s);
	/* Counters the device does not keep stay ETHTOOL_STAT_NOT_SET (the
	 * same all-ones value as NXP_STAT_NONE). */
	m->FramesTransmittedOK = s.mac_tx_ok;
	m->SingleCollisionFrames = s.mac_tx_1col;
	m->MultipleCollisionFrames = s.mac_tx_mcol;
	m->FramesReceivedOK = s.mac_rx_ok;
	m->FrameCheckSequenceErrors = s.mac_rx_fcs;
	m->AlignmentErrors = s.mac_rx_align;
	m->OctetsTransmittedOK = s.mac_tx_octets;
	m->FramesWithDeferredXmissions = s.mac_tx_deferred;
	m->LateCollisions = s.mac_tx_late_col;
	m->FramesAbortedDueToXSColls = s.mac_tx_xs_col;
	m->FramesLostDueToIntMACXmitError = s.mac_tx_mac_err;
	m->CarrierSenseErrors = s.mac_tx_carrier;
	m->OctetsReceivedOK = s.mac_rx_octets;
	m->FramesLostDueToIntMACRcvError = s.mac_rx_mac_err;
	m->MulticastFramesXmittedOK = s.mac_tx_mcast;
	m->BroadcastFramesXmittedOK = s.mac_tx_bcast;
	m->MulticastFramesReceivedOK = s.mac_rx_mcast;
	m->BroadcastFramesReceivedOK = s.mac_rx_bcast;
	m->FramesWithExcessiveDeferral = s.mac_tx_xs_defer;
	m->InRangeLengthErrors = s.mac_rx_len_err;
}

static const struct ethtool_rmon_hist_range nxp_rmon_ranges[] = {
	{    0,    64 },
	{   65,   127 },
	{  128,   255 },
	{  256,   511 },
	{  512,  1023 },
	{ 1024,  2047 },
	{ 2048, 65535 },
	{}
};
static_assert(ARRAY_SIZE(nxp_rmon_ranges) == NXP_RMON_RANGES + 1);

static void nxp_get_rmon_stats(struct net_device *dev, struct ethtool_rmon_stats *r,
			       const struct ethtool_rmon_hist_range **ranges)
{
	struct nxp_std_stats s;
	int i;

	if (r->src != ETHTOOL_MAC_STATS_SRC_AGGREGATE)
		return;
	nxp_std_stats(dev, -1, &s);
	r->undersize_pkts = s.rmon_undersize;
	r->oversize_pkts = s.rmon_oversize;
	r->fragments = s.rmon_fragments;
	r->jabbers = s.rmon_jabbers;
	if (s.rmon_rx_hist[0] == NXP_STAT_NONE)
		return;
	for (i = 0; i < NXP_RMON_RANGES; i++) {
		r->hist[i] = s.rmon_rx_hist[i];
		r->hist_tx[i] = s.rmon_tx_hist[i];
	}
	*ranges = nxp_rmon_ranges;
}

/* EEE: the PHY's abilities and settings, on MACs with LPI timers (as the
 * C fec: only while the interface runs). */
static int nxp_get_eee(struct net_device *dev, struct ethtool_keee *e)
{
	if (!((struct nxp_priv *)netdev_priv(dev))->eee || !dev->phydev)
		return -EOPNOTSUPP;
	if (!netif_running(dev))
		return -ENETDOWN;
	return phy_ethtool_get_eee(dev->phydev, e);
}

static int nxp_set_eee(struct net_device *dev, struct ethtool_keee *e)
{
	if (!((struct nxp_priv *)netdev_priv(dev))->eee || !dev->phydev)
		return -EOPNOTSUPP;
	if (!netif_running(dev))
		return -ENETDOWN;
	return phy_ethtool_set_eee(dev->phydev, e);
}

static u32 nxp_get_msglevel(struct net_device *dev)
{
	return nxp_rs_get_msglevel(rs_of(dev));
}

static void nxp_set_msglevel(struct net_device *dev, u32 level)
{
	nxp_rs_set_msglevel(rs_of(dev), level);
}

/* Wake-on-LAN: what the driver declared (nxp_netdev_set_wol_supported()),
 * through the net_device's wakeup setting as the C fec. Under RTNL. */
static void nxp_get_wol(struct net_device *dev, struct ethtool_wolinfo *wol)
{
	struct nxp_priv *priv = netdev_priv(dev);

	wol->supported = priv->wol_supported;
	wol->wolopts = priv->wolopts;
}

static int nxp_set_wol(struct net_device *dev, struct ethtool_wolinfo *wol)
{
	struct nxp_priv *priv = netdev_priv(dev);
	int err;

	if (!priv->wol_supported)
		return -EOPNOTSUPP;
	/* (The ethtool core refuses these first, with an extack message.) */
	if (wol->wolopts & ~priv->wol_supported)
		return -EINVAL;
	err = device_set_wakeup_enable(&dev->dev, wol->wolopts != 0);
	if (err)
		return err;
	priv->wolopts = wol->wolopts;
	return 0;
}

/* Timestamping: software Tx timestamps (the Tx path calls
 * skb_tx_timestamp()), and with a PTP clock the hardware's, of every frame
 * or none (as fec_enet_get_ts_info()). */
static int nxp_get_ts_info(struct net_device *dev, struct kernel_ethtool_ts_info *info)
{
	struct nxp_priv *priv = netdev_priv(dev);

	if (!priv->ptp)
		return ethtool_op_get_ts_info(dev, info);
	info->so_timestamping = SOF_TIMESTAMPING_TX_SOFTWARE |
				SOF_TIMESTAMPING_TX_HARDWARE |
				SOF_TIMESTAMPING_RX_HARDWARE |
				SOF_TIMESTAMPING_RAW_HARDWARE;
	info->phc_index = ptp_clock_index(priv->ptp);
	info->tx_types = BIT(HWTSTAMP_TX_OFF) | BIT(HWTSTAMP_TX_ON);
	info->rx_filters = BIT(HWTSTAMP_FILTER_NONE) | BIT(HWTSTAMP_FILTER_ALL);
	return 0;
}

static const struct ethtool_ops nxp_ethtool_ops = {
	.supported_coalesce_params = ETHTOOL_COALESCE_USECS |
				     ETHTOOL_COALESCE_MAX_FRAMES |
				     ETHTOOL_COALESCE_USE_ADAPTIVE |
				     ETHTOOL_COALESCE_RX_PROFILE |
				     ETHTOOL_COALESCE_TX_PROFILE,
	.get_drvinfo		= nxp_get_drvinfo,
	.get_coalesce		= nxp_get_coalesce,
	.set_coalesce		= nxp_set_coalesce,
	.get_ringparam		= nxp_get_ringparam,
	.set_ringparam		= nxp_set_ringparam,
	.get_pauseparam		= nxp_get_pauseparam,
	.set_pauseparam		= nxp_set_pauseparam,
	.get_pause_stats	= nxp_get_pause_stats,
	.get_eth_mac_stats	= nxp_get_eth_mac_stats,
	.get_rmon_stats		= nxp_get_rmon_stats,
	.get_channels		= nxp_get_channels,
	.set_channels		= nxp_set_channels,
	.get_sset_count		= nxp_get_sset_count,
	.get_strings		= nxp_get_strings,
	.get_ethtool_stats	= nxp_get_ethtool_stats,
	.get_regs_len		= nxp_get_regs_len,
	.get_regs		= nxp_get_regs,
	.get_msglevel		= nxp_get_msglevel,
	.set_msglevel		= nxp_set_msglevel,
	.get_link		= ethtool_op_get_link,
	.get_link_ksettings	= phy_ethtool_get_link_ksettings,
	.set_link_ksettings	= phy_ethtool_set_link_ksettings,
	.nway_reset		= phy_ethtool_nway_reset,
	.self_test		= net_selftest,
	.get_eee		= nxp_get_eee,
	.set_eee		= nxp_set_eee,
	.get_wol		= nxp_get_wol,
	.set_wol		= nxp_set_wol,
	.get_ts_info		= nxp_get_ts_info,
};

/* --- per-queue statistics (netdev_stat_ops) ------------------------------- */

/*
 * The drivers count from registration on and never reset, per queue pair,
 * and the number of queues never changes: the queues hold the device's
 * whole history, and the base (what no live queue holds) is zero for every
 * counter they keep.
 */
/* @dst = @val, for a counter @kept (not NXP_STAT_NONE) by the driver. */
#define NXP_QSTAT(dst, kept, val) do {			\
	if ((kept) != NXP_STAT_NONE)			\
		(dst) = (val);				\
} while (0)

static void nxp_qstats_rx(struct netdev_queue_stats_rx *rx,
			  const struct nxp_std_stats *s, bool base)
{
	NXP_QSTAT(rx->packets, s->rx_packets, base ? 0 : s->rx_packets);
	NXP_QSTAT(rx->bytes, s->rx_bytes, base ? 0 : s->rx_bytes);
	NXP_QSTAT(rx->alloc_fail, s->rx_alloc_fail, base ? 0 : s->rx_alloc_fail);
}

static void nxp_qstats_tx(struct netdev_queue_stats_tx *tx,
			  const struct nxp_std_stats *s, bool base)
{
	NXP_QSTAT(tx->packets, s->tx_packets, base ? 0 : s->tx_packets);
	NXP_QSTAT(tx->bytes, s->tx_bytes, base ? 0 : s->tx_bytes);
	NXP_QSTAT(tx->stop, s->tx_stop, base ? 0 : s->tx_stop);
	NXP_QSTAT(tx->wake, s->tx_wake, base ? 0 : s->tx_wake);
	/* The TSO the drivers do is the device's as the stack sees it. */
	NXP_QSTAT(tx->hw_gso_packets, s->tx_gso_packets, base ? 0 : s->tx_gso_packets);
	NXP_QSTAT(tx->hw_gso_wire_packets, s->tx_gso_wire_packets,
		  base ? 0 : s->tx_gso_wire_packets);
}

static void nxp_queue_stats_rx(struct net_device *dev, int idx,
			       struct netdev_queue_stats_rx *rx)
{
	struct nxp_std_stats s;

	nxp_std_stats(dev, idx, &s);
	nxp_qstats_rx(rx, &s, false);
}

static void nxp_queue_stats_tx(struct net_device *dev, int idx,
			       struct netdev_queue_stats_tx *tx)
{
	struct nxp_std_stats s;

	nxp_std_stats(dev, idx, &s);
	nxp_qstats_tx(tx, &s, false);
}

/* Zero for every counter queue 0 keeps. */
static void nxp_base_stats(struct net_device *dev, struct netdev_queue_stats_rx *rx,
			   struct netdev_queue_stats_tx *tx)
{
	struct nxp_std_stats s;

	nxp_std_stats(dev, 0, &s);
	nxp_qstats_rx(rx, &s, true);
	nxp_qstats_tx(tx, &s, true);
}

static const struct netdev_stat_ops nxp_stat_ops = {
	.get_queue_stats_rx	= nxp_queue_stats_rx,
	.get_queue_stats_tx	= nxp_queue_stats_tx,
	.get_base_stats		= nxp_base_stats,
};

/* --- net_device ----------------------------------------------------------- */

/* Runs the driver's reset (stop + open) under RTNL, if the device is up. */
static void nxp_reset_work(struct work_struct *work)
{
	struct nxp_priv *priv = container_of(work, struct nxp_priv, reset_work);

	rtnl_lock();
	/* Not while suspended (detached): resume restarts the device. */
	if (netif_running(priv->dev) && netif_device_present(priv->dev))
		nxp_rs_reset(priv->rs);
	rtnl_unlock();
}

struct net_device *nxp_netdev_alloc(struct device *parent, unsigned int txqs,
				    unsigned int rxqs, void *rs)
{
	struct net_device *dev;
	struct nxp_priv *priv;

	dev = alloc_etherdev_mqs(sizeof(*priv), txqs, rxqs);
	if (!dev)
		return NULL;
	SET_NETDEV_DEV(dev, parent);
	priv = netdev_priv(dev);
	priv->rs = rs;
	priv->dev = dev;
	INIT_WORK(&priv->reset_work, nxp_reset_work);
	spin_lock_init(&priv->res_lock);
	INIT_LIST_HEAD(&priv->irqs);
	INIT_LIST_HEAD(&priv->napis);
	INIT_LIST_HEAD(&priv->rxqs);
	dev->netdev_ops = &nxp_netdev_ops;
	dev->ethtool_ops = &nxp_ethtool_ops;
	dev->stat_ops = &nxp_stat_ops;
	/* The DIM profiles, which ethtool may change (the work is our own). */
	if (net_dim_init_irq_moder(dev, DIM_PROFILE_RX | DIM_PROFILE_TX,
				   DIM_COALESCE_USEC | DIM_COALESCE_PKTS,
				   NXP_DIM_MODE, NXP_DIM_MODE,
				   nxp_napi_dim_work, nxp_napi_dim_work)) {
		/* (Left dangling by its error path.) */
		dev->irq_moder = NULL;
		free_netdev(dev);
		return NULL;
	}
	return dev;
}

void nxp_netdev_set_rs(struct net_device *dev, void *rs)
{
	((struct nxp_priv *)netdev_priv(dev))->rs = rs;
}

/* --- PTP hardware clock --------------------------------------------------- */

static void *ptp_rs(struct ptp_clock_info *info)
{
	return container_of(info, struct nxp_priv, ptp_info)->rs;
}

static int nxp_ptp_adjfine(struct ptp_clock_info *info, long scaled_ppm)
{
	return nxp_rs_ptp_adjfine(ptp_rs(info), scaled_ppm);
}

static int nxp_ptp_adjtime(struct ptp_clock_info *info, s64 delta)
{
	return nxp_rs_ptp_adjtime(ptp_rs(info), delta);
}

static int nxp_ptp_gettimex64(struct ptp_clock_info *info, struct timespec64 *ts,
			      struct ptp_system_timestamp *sts)
{
	u64 ns;
	int err;

	ptp_read_system_prets(sts);
	err = nxp_rs_ptp_gettime(ptp_rs(info), &ns);
	ptp_read_system_postts(sts);
	if (!err)
		*ts = ns_to_timespec64(ns);
	return err;
}

static int nxp_ptp_settime64(struct ptp_clock_info *info, const struct timespec64 *ts)
{
	return nxp_rs_ptp_settime(ptp_rs(info), timespec64_to_ns(ts));
}

static s64 ptp_time_ns(const struct ptp_clock_time *t)
{
	struct timespec64 ts = { .tv_sec = t->sec, .tv_nsec = t->nsec };

	return timespec64_to_ns(&ts);
}

/* The PPS and periodic outputs (the PTP core checked the channel index). */
static int nxp_ptp_enable(struct ptp_clock_info *info, struct ptp_clock_request *rq, int on)
{
	switch (rq->type) {
	case PTP_CLK_REQ_PPS:
		return nxp_rs_ptp_enable(ptp_rs(info), NXP_PTP_PPS, on, 0, 0, 0);
	case PTP_CLK_REQ_PEROUT:
		/* (The one periodic output: the core checked the index.) */
		return nxp_rs_ptp_enable(ptp_rs(info), NXP_PTP_PEROUT, on,
					 ptp_time_ns(&rq->perout.start),
					 ptp_time_ns(&rq->perout.period), rq->perout.flags);
	default:
		return -EOPNOTSUPP;
	}
}

/* The clock's periodic work (a counter that wraps within seconds) from the
 * PTP core's worker, which runs again as the driver says (at most a second
 * later). */
static long nxp_ptp_aux_work(struct ptp_clock_info *info)
{
	return msecs_to_jiffies(nxp_rs_ptp_keep(ptp_rs(info)));
}

/* The driver has a PTP hardware clock, adjustable by up to @max_adj ppb,
 * with a PPS output (@pps) and @n_per_out periodic outputs (its operations
 * the nxp_rs_ptp_* entry points): registered with the device, hardware
 * timestamping offered. Before nxp_netdev_register(). */
void nxp_netdev_set_ptp(struct net_device *dev, s32 max_adj, bool pps, u32 n_per_out)
{
	struct nxp_priv *priv = netdev_priv(dev);
	struct ptp_clock_info *info = &priv->ptp_info;

	info->owner = THIS_MODULE;
	snprintf(info->name, sizeof(info->name), "%s ptp", THIS_MODULE->name);
	info->max_adj = max_adj;
	info->pps = pps;
	info->n_per_out = n_per_out;
	info->adjfine = nxp_ptp_adjfine;
	info->adjtime = nxp_ptp_adjtime;
	info->gettimex64 = nxp_ptp_gettimex64;
	info->settime64 = nxp_ptp_settime64;
	info->enable = nxp_ptp_enable;
	info->do_aux_work = nxp_ptp_aux_work;
	priv->has_ptp = true;
}

/* A pulse of the PPS output, to the PTP core (from the driver's interrupt
 * handler, which nxp_rs_ptp_stop() ends before the clock goes). */
void nxp_netdev_ptp_pps_event(struct net_device *dev)
{
	struct nxp_priv *priv = netdev_priv(dev);
	struct ptp_clock *ptp = READ_ONCE(priv->ptp);
	struct ptp_clock_event event = { .type = PTP_CLOCK_PPS };

	if (ptp)
		ptp_clock_event(ptp, &event);
}

/* Registers the PTP clock (a failure leaves the device without one, as the
 * C fec) and then the device. */
int nxp_netdev_register(struct net_device *dev)
{
	struct nxp_priv *priv = netdev_priv(dev);
	int err;

	if (priv->has_ptp) {
		struct ptp_clock *ptp = ptp_clock_register(&priv->ptp_info, dev->dev.parent);

		if (IS_ERR(ptp)) {
			dev_err(dev->dev.parent, "no PTP clock: %pe\n", ptp);
		} else if (ptp) {
			WRITE_ONCE(priv->ptp, ptp);
			ptp_schedule_worker(ptp, HZ);
		}
	}
	err = register_netdev(dev);
	if (err && priv->ptp) {
		struct ptp_clock *ptp = priv->ptp;

		WRITE_ONCE(priv->ptp, NULL);
		nxp_rs_ptp_stop(priv->rs);
		ptp_clock_unregister(ptp);
	}
	if (err)
		nxp_netdev_detach(dev);
	return err;
}

void nxp_netdev_unregister(struct net_device *dev)
{
	struct nxp_priv *priv = netdev_priv(dev);
	struct ptp_clock *ptp;

	/* The clock goes first (its operations reach the driver's state);
	 * the ethtool and ndo paths that read the pointer run under RTNL. */
	rtnl_lock();
	ptp = priv->ptp;
	WRITE_ONCE(priv->ptp, NULL);
	rtnl_unlock();
	if (ptp) {
		/* Its outputs off and their interrupt freed first. */
		nxp_rs_ptp_stop(priv->rs);
		ptp_clock_unregister(ptp);
	}
	unregister_netdev(dev);
	/* Closed and unregistered: no new reset can be scheduled. */
	cancel_work_sync(&priv->reset_work);
	nxp_netdev_detach(dev);
}

/* The MAC can wake the system on @wake (WAKE_* bits; 0: it cannot). */
void nxp_netdev_set_wol_supported(struct net_device *dev, u32 wake)
{
	struct nxp_priv *priv = netdev_priv(dev);

	priv->wol_supported = wake;
	priv->wolopts &= wake;
	device_set_wakeup_capable(&dev->dev, wake != 0);
}

/*
 * System sleep (the platform driver's dev_pm_ops, netdev/pm.rs): a running
 * device is detached (its queues stopped, the Tx watchdog and the reset work
 * kept off) and the driver quiesces it, armed to wake the system if Wake-on-
 * LAN is on; resume restarts it and attaches it again. A device that is down
 * sleeps as it is. Process context.
 */
int nxp_netdev_suspend(struct net_device *dev)
{
	struct nxp_priv *priv = netdev_priv(dev);
	int err = 0;

	rtnl_lock();
	if (netif_running(dev) && netif_device_present(dev)) {
		netif_device_detach(dev);
		err = nxp_rs_suspend(priv->rs, priv->wolopts &&
				     device_may_wakeup(&dev->dev));
		if (err)
			netif_device_attach(dev);
	}
	rtnl_unlock();
	return err;
}

int nxp_netdev_resume(struct net_device *dev)
{
	struct nxp_priv *priv = netdev_priv(dev);
	int err = 0;

	rtnl_lock();
	if (netif_running(dev) && !netif_device_present(dev)) {
		err = nxp_rs_resume(priv->rs);
		/* Attached even on failure: the device is then up without a
		 * data path, as after a failed reset, and ip link down/up (or
		 * the next reset) retries. */
		netif_device_attach(dev);
	}
	rtnl_unlock();
	return err;
}

void nxp_netdev_set_mac(struct net_device *dev, const u8 *mac)
{
	eth_hw_addr_set(dev, mac);
}

void nxp_netdev_get_mac(const struct net_device *dev, u8 *mac)
{
	ether_addr_copy(mac, dev->dev_addr);
}

static netdev_features_t nxp_features(u32 f)
{
	netdev_features_t r = 0;

	if (f & NXP_F_SG)
		r |= NETIF_F_SG;
	if (f & NXP_F_IP_CSUM)
		r |= NETIF_F_IP_CSUM;
	if (f & NXP_F_IPV6_CSUM)
		r |= NETIF_F_IPV6_CSUM;
	if (f & NXP_F_RXCSUM)
		r |= NETIF_F_RXCSUM;
	if (f & NXP_F_HIGHDMA)
		r |= NETIF_F_HIGHDMA;
	if (f & NXP_F_TSO)
		r |= NETIF_F_TSO;
	if (f & NXP_F_VLAN_RX)
		r |= NETIF_F_HW_VLAN_CTAG_RX;
	if (f & NXP_F_VLAN_TX)
		r |= NETIF_F_HW_VLAN_CTAG_TX;
	return r;
}

/* The most segments per GSO packet the driver takes (it follows the Tx ring
 * size); gso_max_segs follows unless the user set it lower. Probe or RTNL. */
int nxp_netdev_set_pcp_queues(struct net_device *dev, const u8 *map)
{
	struct nxp_priv *priv = netdev_priv(dev);
	int i;

	for (i = 0; i < 8; i++)
		if (map[i] >= dev->num_tx_queues)
			return -EINVAL;
	memcpy(priv->pcp_queue, map, sizeof(priv->pcp_queue));
	priv->pcp_select = true;
	return 0;
}

void nxp_netdev_set_tso_max_segs(struct net_device *dev, unsigned int segs)
{
	bool at_cap = READ_ONCE(dev->gso_max_segs) >= dev->tso_max_segs;

	netif_set_tso_max_segs(dev, segs);
	if (at_cap)
		WRITE_ONCE(dev->gso_max_segs, segs);
}

void nxp_netdev_setup(struct net_device *dev, u32 hw_features, u32 features,
		      unsigned int min_mtu, unsigned int max_mtu,
		      unsigned int needed_headroom, unsigned int watchdog_ms)
{
	dev->hw_features = nxp_features(hw_features);
	dev->features = nxp_features(features);
	dev->min_mtu = min_mtu;
	dev->max_mtu = max_mtu;
	dev->needed_headroom = needed_headroom;
	dev->watchdog_timeo = msecs_to_jiffies(watchdog_ms);
}

unsigned int nxp_netdev_mtu(const struct net_device *dev)
{
	return READ_ONCE(dev->mtu);
}

void nxp_netdev_set_mtu(struct net_device *dev, unsigned int mtu)
{
	WRITE_ONCE(dev->mtu, mtu);
}

bool nxp_netdev_promisc(const struct net_device *dev)
{
	return dev->flags & IFF_PROMISC;
}

bool nxp_netdev_allmulti(const struct net_device *dev)
{
	return dev->flags & IFF_ALLMULTI;
}

bool nxp_netif_carrier_ok(const struct net_device *dev)
{
	return netif_carrier_ok(dev);
}

void nxp_netif_carrier(struct net_device *dev, bool on)
{
	if (on)
		netif_carrier_on(dev);
	else
		netif_carrier_off(dev);
}

void nxp_netif_tx_wake_all(struct net_device *dev)
{
	netif_tx_wake_all_queues(dev);
}

void nxp_local_bh_disable(void)
{
	local_bh_disable();
}

void nxp_local_bh_enable(void)
{
	local_bh_enable();
}

void nxp_netif_tx_disable(struct net_device *dev)
{
	netif_tx_disable(dev);
}

void nxp_netif_trans_update(struct net_device *dev)
{
	netif_trans_update(dev);
}

/* --- NAPI ------------------------------------------------------------------ */

/* A NAPI instance; the Rust state is found through the net_device, and @id
 * tells the driver which of its pollers this is. It carries the instance's
 * adaptive coalescing (net DIM): the driver adds each poll's packets and
 * bytes (nxp_napi_dim_poll()), net_dim() decides, and the work hands the new
 * profile to the driver (nxp_rs_dim_apply()). @dim_lock serializes the DIM
 * state between the poll, the work and ethtool. */
struct nxp_napi {
	struct napi_struct napi;
	unsigned int id;
	bool tx;
	bool enabled;		/* for nxp_netdev_sweep() */
	struct list_head node;	/* on nxp_priv.napis */
	bool dim_on;
	u8 dim_applied;		/* the profile the driver was last given */
	u16 dim_events;
	u64 dim_packets, dim_bytes;
	spinlock_t dim_lock;
	struct dim dim;
	/* Tx completions owed to packets that requested no interrupt
	 * (nxp_napi_tx_timer_arm()). */
	struct hrtimer tx_timer;
};

/* Profile @ix of the device's DIM profiles (net DIM's defaults, or what
 * `ethtool -C rx-profile|tx-profile` set). */
static struct dim_cq_moder nxp_dim_moder(const struct nxp_napi *n, u8 ix)
{
	struct dim_irq_moder *moder = n->napi.dev->irq_moder;
	struct dim_cq_moder m, *p;

	rcu_read_lock();
	p = n->tx ? rcu_dereference(moder->tx_profile) :
		    rcu_dereference(moder->rx_profile);
	m = p[ix];
	rcu_read_unlock();
	return m;
}

static void nxp_napi_dim_work(struct work_struct *work)
{
	struct dim *dim = container_of(work, struct dim, work);
	struct nxp_napi *n = container_of(dim, struct nxp_napi, dim);
	struct dim_cq_moder m;
	unsigned long flags;
	void *rs;
	bool on;
	u8 ix;

	spin_lock_irqsave(&n->dim_lock, flags);
	on = n->dim_on;
	ix = dim->profile_ix;
	m = nxp_dim_moder(n, ix);
	spin_unlock_irqrestore(&n->dim_lock, flags);
	rs = rs_of(n->napi.dev);
	if (on && rs)
		nxp_rs_dim_apply(rs, n->id, m.usec, m.pkts);
	spin_lock_irqsave(&n->dim_lock, flags);
	n->dim_applied = ix;
	dim->state = DIM_START_MEASURE;
	spin_unlock_irqrestore(&n->dim_lock, flags);
}

/* Switches adaptive coalescing on (from the default profile, whose values go
 * to *usecs and *frames) or off; may sleep (waits for a running work). */
void nxp_napi_dim_set(struct nxp_napi *n, bool on, u32 *usecs, u32 *frames)
{
	struct dim_cq_moder m;
	unsigned long flags;

	spin_lock_irqsave(&n->dim_lock, flags);
	if (on && !n->dim_on) {
		/* A fresh DIM: off, no work is pending (switching off and
		 * disabling cancel it, and only polls with DIM on schedule it). */
		memset(&n->dim, 0, sizeof(n->dim));
		INIT_WORK(&n->dim.work, nxp_napi_dim_work);
		n->dim.profile_ix = NET_DIM_DEF_PROFILE_CQE;
		n->dim_applied = NET_DIM_DEF_PROFILE_CQE;
		n->dim.mode = NXP_DIM_MODE;
	}
	n->dim_on = on;
	m = nxp_dim_moder(n, n->dim.profile_ix);
	spin_unlock_irqrestore(&n->dim_lock, flags);
	if (!on)
		cancel_work_sync(&n->dim.work);
	*usecs = m.usec;
	*frames = m.pkts;
}

/* One poll's work for the DIM sample; net_dim() may schedule the work. Any
 * context (netpoll polls with interrupts off). */
void nxp_napi_dim_poll(struct nxp_napi *n, u32 packets, u32 bytes)
{
	struct dim_sample s;
	unsigned long flags;

	spin_lock_irqsave(&n->dim_lock, flags);
	if (n->dim_on) {
		n->dim_events++;
		n->dim_packets += packets;
		n->dim_bytes += bytes;
		dim_update_sample(n->dim_events, n->dim_packets, n->dim_bytes, &s);
		net_dim(&n->dim, &s);
	}
	spin_unlock_irqrestore(&n->dim_lock, flags);
}

static int nxp_napi_poll(struct napi_struct *napi, int budget)
{
	struct nxp_napi *n = container_of(napi, struct nxp_napi, napi);
	void *rs = rs_of(napi->dev);

	/* A leaked instance, scheduled after its driver state went. */
	if (unlikely(!rs)) {
		napi_complete_done(napi, 0);
		return 0;
	}
	return nxp_rs_napi_poll(rs, n, n->id, budget);
}

static enum hrtimer_restart nxp_napi_tx_timer(struct hrtimer *t)
{
	struct nxp_napi *n = container_of(t, struct nxp_napi, tx_timer);

	napi_schedule(&n->napi);
	return HRTIMER_NORESTART;
}

/*
 * Schedules @n at the latest @usecs from now (with a tenth as slack), unless
 * that is pending already: a bound on the wait of Tx completions whose
 * packets requested no interrupt. Called after the packet is published to
 * the poll; a callback running now does not count as pending (its poll may
 * have read the ring before the packet).
 *
 * The barrier pairs with the one in nxp_napi_tx_timer_cancel(): either the
 * poll that cancels sees the packet, or this sees the timer cancelled.
 */
void nxp_napi_tx_timer_arm(struct nxp_napi *n, u32 usecs)
{
	smp_mb();
	if (!hrtimer_is_queued(&n->tx_timer))
		hrtimer_start_range_ns(&n->tx_timer, us_to_ktime(usecs),
				       (u64)usecs * (NSEC_PER_USEC / 10), HRTIMER_MODE_REL);
}

/*
 * Cancels a pending nxp_napi_tx_timer_arm() when a poll found nothing in
 * flight; the caller then reads the ring again and re-arms if a packet came
 * meanwhile (see the barrier above).
 */
void nxp_napi_tx_timer_cancel(struct nxp_napi *n)
{
	if (hrtimer_is_queued(&n->tx_timer))
		hrtimer_try_to_cancel(&n->tx_timer);
	smp_mb();
}

struct nxp_napi *nxp_napi_add(struct net_device *dev, unsigned int id, bool tx,
			      int irq)
{
	struct nxp_napi *n = kzalloc(sizeof(*n), GFP_KERNEL);

	if (!n)
		return NULL;
	n->id = id;
	n->tx = tx;
	spin_lock_init(&n->dim_lock);
	INIT_WORK(&n->dim.work, nxp_napi_dim_work);
	hrtimer_setup(&n->tx_timer, nxp_napi_tx_timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	if (tx)
		netif_napi_add_tx(dev, &n->napi, nxp_napi_poll);
	else
		netif_napi_add(dev, &n->napi, nxp_napi_poll);
	if (irq > 0)
		netif_napi_set_irq(&n->napi, irq);
	nxp_res_add(dev, &n->node, &((struct nxp_priv *)netdev_priv(dev))->napis);
	return n;
}

static void nxp_napi_release(struct nxp_napi *n)
{
	hrtimer_cancel(&n->tx_timer);
	cancel_work_sync(&n->dim.work);
	netif_napi_del(&n->napi);
	kfree(n);
}

void nxp_napi_del(struct nxp_napi *n)
{
	nxp_res_del(n->napi.dev, &n->node);
	nxp_napi_release(n);
}

void nxp_napi_enable(struct nxp_napi *n)
{
	napi_enable(&n->napi);
	WRITE_ONCE(n->enabled, true);
}

/* Only polls schedule the DIM work: once disabled, none is left to run. A
 * work cancelled before it ran would leave DIM in DIM_APPLY_NEW_PROFILE,
 * where net_dim() decides nothing more, on a profile the driver never got:
 * DIM goes back to the profile in use and measures afresh. */
void nxp_napi_disable(struct nxp_napi *n)
{
	unsigned long flags;

	napi_disable(&n->napi);
	WRITE_ONCE(n->enabled, false);
	/* An xmit may arm it again until the queue is stopped (after this):
	 * a disabled instance ignores the callback's napi_schedule(), and
	 * nxp_napi_del() cancels it for good. */
	hrtimer_cancel(&n->tx_timer);
	if (cancel_work_sync(&n->dim.work)) {
		spin_lock_irqsave(&n->dim_lock, flags);
		n->dim.profile_ix = n->dim_applied;
		n->dim.state = DIM_START_MEASURE;
		spin_unlock_irqrestore(&n->dim_lock, flags);
	}
}

/* napi_schedule(), in its _irqoff form if @irqs_off. */
static inline bool __nxp_napi_schedule(struct nxp_napi *n, bool irqs_off)
{
	if (!napi_schedule_prep(&n->napi))
		return false;
	if (irqs_off)
		__napi_schedule_irqoff(&n->napi);
	else
		__napi_schedule(&n->napi);
	return true;
}

/* napi_schedule(), in its _irqoff form when interrupts are off (handlers). */
bool nxp_napi_schedule(struct nxp_napi *n)
{
	return __nxp_napi_schedule(n, irqs_disabled());
}

/* A handler's whole work for a source that one NAPI instance serves, in one
 * call: nxp_irq_mask_take(@bits, @bits), then @n scheduled (its _irqoff form
 * with @irqs_off). Returns what nxp_irq_mask_take() does. */
u32 nxp_irq_mask_take_schedule(struct nxp_irq_mask *m, void __iomem *reg, bool be,
			       bool irqs_off, u32 bits, struct nxp_napi *n)
{
	u32 hit = __nxp_irq_mask_take(m, reg, be, irqs_off, bits, bits);

	__nxp_napi_schedule(n, irqs_off);
	return hit;
}

bool nxp_napi_complete_done(struct nxp_napi *n, int work)
{
	return napi_complete_done(&n->napi, work);
}

/* netif_queue_set_napi() does not check the index: one past the device's
 * queues is a driver bug, warned about and ignored. */
void nxp_queue_set_napi(struct net_device *dev, unsigned int queue, bool tx,
			struct nxp_napi *n)
{
	unsigned int nr = tx ? dev->num_tx_queues : dev->num_rx_queues;

	if (WARN_ONCE(queue >= nr, "%s: %s queue %u of %u\n", netdev_name(dev),
		      tx ? "tx" : "rx", queue, nr))
		return;
	netif_queue_set_napi(dev, queue,
			     tx ? NETDEV_QUEUE_TYPE_TX : NETDEV_QUEUE_TYPE_RX,
			     n ? &n->napi : NULL);
}

/* Queue @queue of the instance's own device, linked to it. */
void nxp_napi_link_queue(struct nxp_napi *n, unsigned int queue, bool tx)
{
	nxp_queue_set_napi(n->napi.dev, queue, tx, n);
}

/* --- IRQs ------------------------------------------------------------------- */

struct nxp_irq {
	unsigned int irq;
	struct net_device *dev;
	unsigned int id;
	struct list_head node;	/* on nxp_priv.irqs */
};

static irqreturn_t nxp_irq_handler(int irq, void *cookie)
{
	struct nxp_irq *i = cookie;
	void *rs = rs_of(i->dev);

	if (unlikely(!rs))
		return IRQ_NONE;
	/* Off in a hard handler, and in a forced-threaded one unless
	 * PREEMPT_RT: the driver then takes its irq-safe locks plainly. */
	return nxp_rs_irq(rs, i->id, irqs_disabled()) ? IRQ_HANDLED : IRQ_NONE;
}

/* Request @irq for interrupt source @id of @dev's driver; NULL on failure
 * (the error is stored in *err). */
struct nxp_irq *nxp_irq_request(unsigned int irq, const char *name,
				struct net_device *dev, unsigned int id, int *err)
{
	struct nxp_irq *i = kzalloc(sizeof(*i), GFP_KERNEL);

	*err = -ENOMEM;
	if (!i)
		return NULL;
	i->irq = irq;
	i->dev = dev;
	i->id = id;
	*err = request_irq(irq, nxp_irq_handler, 0, name, i);
	if (*err) {
		kfree(i);
		return NULL;
	}
	nxp_res_add(dev, &i->node, &((struct nxp_priv *)netdev_priv(dev))->irqs);
	return i;
}

/* Arm (or disarm) the line to wake the system, its handler kept from
 * running meanwhile (the C fec's wake IRQ handling around suspend). */
int nxp_irq_set_wake(struct nxp_irq *i, bool on)
{
	int err;

	if (on) {
		disable_irq(i->irq);
		err = enable_irq_wake(i->irq);
		if (err)
			enable_irq(i->irq);
		return err;
	}
	err = disable_irq_wake(i->irq);
	enable_irq(i->irq);
	return err;
}

void nxp_irq_free(struct nxp_irq *i)
{
	nxp_res_del(i->dev, &i->node);
	free_irq(i->irq, i);
	kfree(i);
}

/* --- Tx queues, BQL ----------------------------------------------------------- */

/* Tx queue @idx; an index past the queues is a driver bug: queue 0 then. */
struct netdev_queue *nxp_netdev_txq(struct net_device *dev, unsigned int idx)
{
	if (WARN_ONCE(idx >= dev->num_tx_queues, "Tx queue %u of %u\n", idx,
		      dev->num_tx_queues))
		idx = 0;
	return netdev_get_tx_queue(dev, idx);
}

/* Reports @bytes to BQL; true when the doorbell must be rung now. */
bool nxp_xmit_more(void)
{
	return netdev_xmit_more();
}

u32 nxp_tx_sent(struct netdev_queue *txq, unsigned int bytes)
{
	bool kick = __netdev_tx_sent_queue(txq, bytes, netdev_xmit_more());

	return (kick ? NXP_TX_SENT_KICK : 0) |
	       (netif_xmit_stopped(txq) ? NXP_TX_SENT_STOPPED : 0);
}

/*
 * BQL's bytes in flight on @txq: reported sent, not yet completed; -1
 * without BQL.
 */
s64 nxp_txq_bql_inflight(struct netdev_queue *txq)
{
#ifdef CONFIG_BQL
	return (u32)(READ_ONCE(txq->dql.num_queued) - READ_ONCE(txq->dql.num_completed));
#else
	return -1;
#endif
}

/* Free descriptors from the ring's free-running counters (re-read each use). */
#define NXP_FREE(p, c, size) ((size) - (READ_ONCE(*(p)) - READ_ONCE(*(c))))

int nxp_txq_maybe_stop(struct netdev_queue *txq, const u32 *produced,
		       const u32 *consumed, u32 size, u32 stop, u32 start)
{
	return netif_txq_maybe_stop(txq, NXP_FREE(produced, consumed, size),
				    stop, start);
}

int nxp_txq_completed_wake(struct netdev_queue *txq, unsigned int pkts,
			   unsigned int bytes, const u32 *produced,
			   const u32 *consumed, u32 size, u32 start, bool halted)
{
	/* Progress, as the watchdog of a stopped queue sees it. */
	if (pkts)
		txq_trans_cond_update(txq);
	return __netif_txq_completed_wake(txq, pkts, bytes,
					  NXP_FREE(produced, consumed, size),
					  start, halted);
}

void nxp_txq_trans_update(struct netdev_queue *txq)
{
	txq_trans_cond_update(txq);
}

/*
 * Claims Tx queue @idx of @dev for one owner of its BQL completions (Rust's
 * BqlTxQueue): -EINVAL past the device's queues, -EBUSY if it has one.
 */
int nxp_txq_claim_bql(struct net_device *dev, unsigned int idx)
{
	struct nxp_priv *priv = netdev_priv(dev);

	if (idx >= dev->num_tx_queues || idx >= BITS_PER_LONG)
		return -EINVAL;
	return test_and_set_bit(idx, &priv->bql_owned) ? -EBUSY : 0;
}

void nxp_txq_release_bql(struct net_device *dev, unsigned int idx)
{
	struct nxp_priv *priv = netdev_priv(dev);

	clear_bit(idx, &priv->bql_owned);
}

void nxp_txq_reset(struct netdev_queue *txq)
{
	netdev_tx_reset_queue(txq);
}

/* The queue's xmit lock, as the stack holds it around ndo_start_xmit. */
void nxp_txq_lock_bh(struct netdev_queue *txq)
{
	__netif_tx_lock_bh(txq);
}

void nxp_txq_unlock_bh(struct netdev_queue *txq)
{
	__netif_tx_unlock_bh(txq);
}

/* The reply's error message (copied: Rust formats it on its stack). */
void nxp_extack_msg(struct netlink_ext_ack *extack, const char *msg)
{
	NL_SET_ERR_MSG_FMT(extack, "%s", msg);
}

/*
 * A message about @dev at @level (NXP_LOG_*), as netdev_err() and the like
 * print it (the driver's and the device's names first); @args is Rust's
 * `fmt::Arguments`, which the "%pA" format prints.
 */
void nxp_netdev_log(const struct net_device *dev, u32 level, const void *args)
{
	switch (level) {
	case NXP_LOG_ERR:
		netdev_err(dev, "%pA", args);
		break;
	case NXP_LOG_WARN:
		netdev_warn(dev, "%pA", args);
		break;
	default:
		netdev_info(dev, "%pA", args);
		break;
	}
}

/* --- skbs ------------------------------------------------------------------- */

/* Size of fragment @i, 0 past the last. */
unsigned int nxp_skb_frag_len(const struct sk_buff *skb, unsigned int i)
{
	if (i >= skb_shinfo(skb)->nr_frags)
		return 0;
	return skb_frag_size(&skb_shinfo(skb)->frags[i]);
}

/* ip_summed is the sixth and seventh bit of the byte that starts at
 * __pkt_type_offset (after pkt_type:3, ignore_df:1, dst_pending_confirm:1),
 * counted from the most significant bit where bit-fields start there, as the
 * kernel counts for PKT_TYPE_MAX. */
#ifdef __BIG_ENDIAN_BITFIELD
#define NXP_IP_SUMMED_SHIFT	1
#else
#define NXP_IP_SUMMED_SHIFT	5
#endif

const struct nxp_skb_layout nxp_skb_layout = {
	.ip_summed		= PKT_TYPE_OFFSET,
	.protocol		= offsetof(struct sk_buff, protocol),
	.network_header		= offsetof(struct sk_buff, network_header),
	.transport_header	= offsetof(struct sk_buff, transport_header),
	.csum_start		= offsetof(struct sk_buff, csum_start),
	.csum_offset		= offsetof(struct sk_buff, csum_offset),
	.vlan_all		= offsetof(struct sk_buff, vlan_all),
	.vlan_tci		= offsetof(struct sk_buff, vlan_tci),
	.ip_summed_shift	= NXP_IP_SUMMED_SHIFT,
};

/* What the Tx path needs to know of a GSO @skb (the Rust side reads the
 * same of the others in place, through nxp_skb_layout), in one call: the checksum offload
 * it asks for (csum 1: IPv4 TCP or UDP, with the header offsets, protocol
 * and the pseudo-header sum the stack left in the checksum field, raw, in
 * network byte order; 0: none; -1: a partial checksum of another kind, the
 * caller must fall back to software) and its GSO (gso 1: TCP/IPv4, with the
 * length of all headers and the MSS; 0: not GSO; -1: another GSO type). */
void nxp_skb_tx_info(const struct sk_buff *skb, struct nxp_tx_info *ti)
{
	bool partial = skb->ip_summed == CHECKSUM_PARTIAL;

	/* The Rust side reads ip_summed through nxp_skb_layout for packets
	 * that are not GSO; each GSO packet checks that it reads right. */
	WARN_ON_ONCE(((*((const u8 *)skb + PKT_TYPE_OFFSET) >> NXP_IP_SUMMED_SHIFT) & 3) !=
		     skb->ip_summed);
	ti->csum = 0;
	ti->gso = 0;
	/* Only with NETIF_F_HW_VLAN_CTAG_TX on is a tag left in the skb. */
	ti->vlan = skb_vlan_tag_present(skb);
	ti->tci = ti->vlan ? skb_vlan_tag_get(skb) : 0;
	if (partial) {
		if (skb->protocol != htons(ETH_P_IP)) {
			ti->csum = -1;
		} else {
			ti->csum = 1;
			ti->l3 = skb_network_offset(skb);
			ti->l4 = skb_transport_offset(skb);
			ti->udp = ip_hdr(skb)->protocol == IPPROTO_UDP;
			ti->phcs = *(u16 *)(skb_checksum_start(skb) + skb->csum_offset);
		}
	}
	if (!skb_is_gso(skb))
		return;
	if (!(skb_shinfo(skb)->gso_type & SKB_GSO_TCPV4) ||
	    vlan_get_protocol(skb) != htons(ETH_P_IP) || !partial) {
		ti->gso = -1;
		return;
	}
	ti->gso = 1;
	ti->l3 = skb_network_offset(skb);
	ti->l4 = skb_transport_offset(skb);
	ti->hdr_len = skb_tcp_all_headers(skb);
	ti->mss = skb_shinfo(skb)->gso_size;
}

/* skb_tx_timestamp(): the software (and PHY) Tx timestamps a socket asked
 * for, as @skb goes to the hardware; the caller saw one asked for. */
void nxp_skb_tx_timestamp(struct sk_buff *skb)
{
	skb_tx_timestamp(skb);
}

/* The hardware Tx timestamp @ns (PTP clock nanoseconds) of a sent @skb, to
 * its socket. */
void nxp_skb_tstamp_tx(struct sk_buff *skb, u64 ns)
{
	struct skb_shared_hwtstamps hw = { .hwtstamp = ns_to_ktime(ns) };

	skb_tstamp_tx(skb, &hw);
}

/* Moves *@pskb's 802.1Q tag from the skb into the frame
 * (`__vlan_hwaccel_push_inside()`). On failure the skb is freed, *@pskb set
 * to NULL and false returned. */
bool nxp_skb_vlan_push_inside(struct sk_buff **pskb)
{
	*pskb = __vlan_hwaccel_push_inside(*pskb);
	return *pskb != NULL;
}

/* Prepends the @len bytes at @src to *@pskb's data, copying the head first
 * if its headroom is short or shared with a clone. On failure the skb is
 * freed, *@pskb set to NULL and false returned. */
bool nxp_skb_push_bytes(struct sk_buff **pskb, const void *src, unsigned int len)
{
	struct sk_buff *skb = *pskb;

	if (unlikely(skb_cow_head(skb, len))) {
		dev_kfree_skb_any(skb);
		*pskb = NULL;
		return false;
	}
	memcpy(skb_push(skb, len), src, len);
	return true;
}

void nxp_skb_free_any(struct sk_buff *skb)
{
	dev_kfree_skb_any(skb);
}

void nxp_skb_consume(struct sk_buff *skb, int budget)
{
	napi_consume_skb(skb, budget);
}

/* --- DMA ------------------------------------------------------------------- */

void *nxp_dma_alloc_coherent(struct device *dev, size_t size, u64 *dma)
{
	dma_addr_t d;
	void *p = dma_alloc_coherent(dev, size, &d, GFP_KERNEL);

	*dma = d;
	return p;
}

void nxp_dma_free_coherent(struct device *dev, size_t size, void *cpu, u64 dma)
{
	dma_free_coherent(dev, size, cpu, dma);
}

/* The nxp_dma_map_*() wrappers below return false on a mapping error (@addr
 * is then meaningless). */
bool nxp_dma_map_skb_head(struct device *dev, struct sk_buff *skb, unsigned int len, u64 *addr)
{
	dma_addr_t a = dma_map_single(dev, skb->data, len, DMA_TO_DEVICE);

	*addr = a;
	return !dma_mapping_error(dev, a);
}

bool nxp_dma_map_skb_frag(struct device *dev, struct sk_buff *skb, unsigned int i,
			  unsigned int *len, u64 *addr)
{
	const skb_frag_t *frag = &skb_shinfo(skb)->frags[i];
	dma_addr_t a;

	*len = skb_frag_size(frag);
	a = skb_frag_dma_map(dev, frag, 0, *len, DMA_TO_DEVICE);
	*addr = a;
	return !dma_mapping_error(dev, a);
}

void nxp_dma_unmap_single_to_dev(struct device *dev, u64 addr, unsigned int len)
{
	dma_unmap_single(dev, addr, len, DMA_TO_DEVICE);
}

void nxp_dma_unmap_page_to_dev(struct device *dev, u64 addr, unsigned int len)
{
	dma_unmap_page(dev, addr, len, DMA_TO_DEVICE);
}

void nxp_dma_sync_for_cpu(struct device *dev, u64 addr, unsigned int len)
{
	dma_sync_single_for_cpu(dev, addr, len, DMA_FROM_DEVICE);
}

/* Whether this kernel ever syncs streaming DMA (CONFIG_DMA_NEED_SYNC: a
 * non-coherent architecture, swiotlb, dma_map_ops (ARCH_HAS_DMA_OPS) or
 * DMA-API debugging). Without it every dma_sync_*() is empty. */
bool nxp_dma_may_sync(void)
{
	return IS_ENABLED(CONFIG_DMA_NEED_SYNC);
}

void nxp_dma_wmb(void)
{
	dma_wmb();
}

void nxp_dma_rmb(void)
{
	dma_rmb();
}

void nxp_wmb(void)
{
	wmb();
}

/* --- page_pool Rx ----------------------------------------------------------- */

struct page_pool *nxp_page_pool_create(struct device *dev, struct nxp_napi *n,
				       unsigned int size, unsigned int offset,
				       unsigned int max_len, unsigned int queue,
				       struct xdp_rxq_info **rxqp)
{
	struct page_pool_params pp = {
		.order = 0,
		.flags = PP_FLAG_DMA_MAP | PP_FLAG_DMA_SYNC_DEV,
		.pool_size = size,
		.nid = NUMA_NO_NODE,
		.dev = dev,
		.napi = n ? &n->napi : NULL,
		.netdev = n ? n->napi.dev : NULL,
		.dma_dir = DMA_FROM_DEVICE,
		.offset = offset,
		.max_len = max_len,
	};
	struct nxp_rxq *rxq;
	struct page_pool *pool;
	int err;

	*rxqp = NULL;
	pool = page_pool_create(&pp);
	if (IS_ERR(pool) || !n)
		return pool;
	/* The XDP view of the ring: its queue and memory model (frames that
	 * XDP sends or redirects go back to this pool). */
	rxq = kzalloc(sizeof(*rxq), GFP_KERNEL);
	if (!rxq) {
		err = -ENOMEM;
		goto err_pool;
	}
	err = xdp_rxq_info_reg(&rxq->info, n->napi.dev, queue, 0);
	if (err)
		goto err_free;
	err = xdp_rxq_info_reg_mem_model(&rxq->info, MEM_TYPE_PAGE_POOL, pool);
	if (err)
		goto err_unreg;
	rxq->pool = pool;
	rxq->dev = n->napi.dev;
	nxp_res_add(rxq->dev, &rxq->node, &((struct nxp_priv *)netdev_priv(rxq->dev))->rxqs);
	*rxqp = &rxq->info;
	return pool;

err_unreg:
	xdp_rxq_info_unreg(&rxq->info);
err_free:
	kfree(rxq);
err_pool:
	page_pool_destroy(pool);
	return ERR_PTR(err);
}

/* The queue info unregistered, and its pool's registration dropped (the
 * pool goes when its last page is back). */
static void nxp_rxq_release(struct nxp_rxq *q)
{
	xdp_rxq_info_unreg(&q->info);
	if (q->pool)
		page_pool_destroy(q->pool);
	kfree(q);
}

/* @rxq: what nxp_page_pool_create() gave with @pp (NULL for a pool of no
 * NAPI instance). */
void nxp_page_pool_destroy(struct page_pool *pp, struct xdp_rxq_info *rxq)
{
	struct nxp_rxq *q;

	if (!rxq) {
		page_pool_destroy(pp);
		return;
	}
	q = container_of(rxq, struct nxp_rxq, info);
	WARN_ON_ONCE(q->pool != pp);
	nxp_res_del(q->dev, &q->node);
	nxp_rxq_release(q);
}

/* Rx page reuse: a descriptor slot holds a whole pool page and hands its
 * buffers out in turn, keeping a bias of page_pool references so that a
 * buffer goes to an skb without an atomic operation (as the i40e/ice
 * pagecnt_bias, with page_pool references instead of page references). */

/* A pool page with @nr references (the caller's bias): its address and
 * its bus address. */
struct page *nxp_pp_alloc_biased(struct page_pool *pp, long nr, void **va, u64 *dma)
{
	struct page *page = page_pool_dev_alloc_pages(pp);

	if (page) {
		if (nr > 1)
			page_pool_fragment_page(page, nr);
		*va = page_address(page);
		*dma = page_pool_get_dma_addr(page);
	}
	return page;
}

/* Whether a slot holding @bias references to pool page @page may hand its
 * next buffer to the device: no skb holds a page_pool reference (the
 * acquire orders the check after every earlier user's last access and
 * makes a page reference taken before the last unref visible), nothing
 * holds a plain page reference (splice, or pskb_expand_head() of a clone,
 * take those; page_pool itself refuses to recycle such pages), and the page
 * is reusable here (local node, not from the pfmemalloc reserves, whose
 * skbs ordinary sockets drop): the C gianfar's page_count() check. */
bool nxp_pp_reusable(struct page *page, long bias)
{
	return atomic_long_read_acquire(netmem_get_pp_ref_count_ref(page_to_netmem(page))) ==
		       bias &&
	       page_ref_count(page) == 1 && dev_page_is_reusable(page);
}

/* Adds @nr references to pool page @page, which the caller holds one of. */
void nxp_pp_ref_add(struct page *page, long nr)
{
	atomic_long_add(nr, netmem_get_pp_ref_count_ref(page_to_netmem(page)));
}

/* Drops @nr references to pool page @page; the page goes back to @pp if
 * they were the last. */
void nxp_pp_unref(struct page_pool *pp, struct page *page, long nr)
{
	if (page_pool_unref_page(page, nr) == 0)
		page_pool_put_unrefed_page(pp, page, -1, false);
}

/* Hands @len bytes at @off in pool page @page back to the device (a
 * buffer reused without going through the pool, which would sync it). */
void nxp_pp_sync_for_device(struct page_pool *pp, struct page *page, unsigned int off,
			    unsigned int len)
{
	dma_sync_single_range_for_device(pp->p.dev, page_pool_get_dma_addr(page), off, len,
					 page_pool_get_dma_dir(pp));
}

/* With @napi false the pool itself decides whether direct recycling is safe
 * (page_pool_napi_local()). */
void nxp_pp_put(struct page_pool *pp, struct page *page, bool napi)
{
	page_pool_put_full_page(pp, page, napi);
}

unsigned int nxp_skb_shinfo_size(void)
{
	return SKB_DATA_ALIGN(sizeof(struct skb_shared_info));
}

struct sk_buff *nxp_rx_build_skb(void *va, unsigned int truesize, unsigned int headroom,
				 unsigned int len)
{
	struct sk_buff *skb = napi_build_skb(va, truesize);

	if (unlikely(!skb))
		return NULL;
	skb_reserve(skb, headroom);
	skb_put(skb, len);
	skb_mark_for_recycle(skb);
	return skb;
}

/* Appends @len bytes at @va (in pool page @page) to @skb as a page fragment
 * of truesize @truesize; the skb takes the page reference. -E2BIG when the
 * skb has no fragment slot left (the reference stays with the caller). */
int nxp_rx_add_frag(struct sk_buff *skb, struct page *page, void *va, unsigned int len,
		    unsigned int truesize)
{
	unsigned int nr = skb_shinfo(skb)->nr_frags;

	if (unlikely(nr >= MAX_SKB_FRAGS))
		return -E2BIG;
	skb_add_rx_frag(skb, nr, page, (u8 *)va - (u8 *)page_address(page), len, truesize);
	return 0;
}

/* Trims @skb (head and page fragments) to @len bytes. */
int nxp_rx_trim(struct sk_buff *skb, unsigned int len)
{
	return pskb_trim(skb, len);
}

void nxp_rx_gro(struct nxp_napi *n, struct net_device *dev, struct sk_buff *skb,
		bool csum_ok, u32 vlan, u64 hwts)
{
	if (hwts)
		skb_hwtstamps(skb)->hwtstamp = ns_to_ktime(hwts);
	skb->protocol = eth_type_trans(skb, dev);
	if (csum_ok)
		skb->ip_summed = CHECKSUM_UNNECESSARY;
	if (vlan & NXP_RX_VLAN)
		__vlan_hwaccel_put_tag(skb, htons(ETH_P_8021Q), vlan & 0xffff);
	napi_gro_receive(&n->napi, skb);
}

/* VLAN Rx offload on (NETIF_F_HW_VLAN_CTAG_RX; the user's to toggle). */
bool nxp_netdev_vlan_rx(const struct net_device *dev)
{
	return !!(READ_ONCE(dev->features) & NETIF_F_HW_VLAN_CTAG_RX);
}

/* nxp_rx_build_skb() and nxp_rx_gro() in one call: the per-frame path of a
 * frame in one buffer. False (the page reference stays with the caller) if
 * no skb could be built. */
bool nxp_rx_build_gro(struct nxp_napi *n, struct net_device *dev, void *va,
		      unsigned int truesize, unsigned int headroom, unsigned int len,
		      bool csum_ok, u32 vlan, u64 hwts)
{
	struct sk_buff *skb = nxp_rx_build_skb(va, truesize, headroom, len);

	if (unlikely(!skb))
		return false;
	nxp_rx_gro(n, dev, skb, csum_ok, vlan, hwts);
	return true;
}

/* --- XDP -------------------------------------------------------------------- */

/* The attached program, for one NAPI poll (the caller holds the RCU read
 * lock: a detached program is freed after a grace period). */
struct bpf_prog *nxp_xdp_prog(struct net_device *dev)
{
	return READ_ONCE(((struct nxp_priv *)netdev_priv(dev))->xdp_prog);
}

/* Runs @prog on the frame of *@len bytes at *@off in the pool buffer at @va
 * (@truesize bytes, of the ring of @rxq) and carries out what it says but
 * XDP_TX, which the driver sends:
 *   NXP_XDP_PASS	for the stack: *@off, *@len as the program left them;
 *   NXP_XDP_DROP	dropped (also XDP_ABORTED and unknown actions, traced):
 *			the caller recycles the buffer;
 *   NXP_XDP_TX		*@frame is the frame (in the buffer) to send back;
 *   NXP_XDP_TX_ERR	no frame could be made of it: the caller recycles;
 *   NXP_XDP_REDIRECT	redirected: the buffer is gone;
 *   NXP_XDP_REDIRECT_ERR  not redirected: the caller recycles.
 * A redirect must be followed by nxp_xdp_flush() before the poll ends. */
int nxp_xdp_run(struct bpf_prog *prog, struct xdp_rxq_info *rxq, void *va,
		unsigned int truesize, unsigned int *off, unsigned int *len,
		struct xdp_frame **frame)
{
	struct xdp_buff xdp;
	u32 act;

	xdp_init_buff(&xdp, truesize, rxq);
	xdp_prepare_buff(&xdp, va, *off, *len, false);
	act = bpf_prog_run_xdp(prog, &xdp);
	switch (act) {
	case XDP_PASS:
		*off = xdp.data - xdp.data_hard_start;
		*len = xdp.data_end - xdp.data;
		return NXP_XDP_PASS;
	case XDP_TX:
		*frame = xdp_convert_buff_to_frame(&xdp);
		if (unlikely(!*frame)) {
			trace_xdp_exception(rxq->dev, prog, act);
			return NXP_XDP_TX_ERR;
		}
		return NXP_XDP_TX;
	case XDP_REDIRECT:
		if (unlikely(xdp_do_redirect(rxq->dev, &xdp, prog))) {
			trace_xdp_exception(rxq->dev, prog, act);
			return NXP_XDP_REDIRECT_ERR;
		}
		return NXP_XDP_REDIRECT;
	default:
		bpf_warn_invalid_xdp_action(rxq->dev, prog, act);
		fallthrough;
	case XDP_ABORTED:
		trace_xdp_exception(rxq->dev, prog, act);
		fallthrough;
	case XDP_DROP:
		return NXP_XDP_DROP;
	}
}

void nxp_xdp_flush(void)
{
	xdp_do_flush();
}

/* An XDP frame the driver could not send (XDP_TX, in its Rx NAPI). */
void nxp_xdp_tx_error(struct net_device *dev, struct xdp_frame *frame)
{
	trace_xdp_exception(dev, NULL, XDP_TX);
	xdp_return_frame_rx_napi(frame);
}

/* A sent frame, or one of ndo_xdp_xmit's the driver gives back. */
void nxp_xdp_return_frame(struct xdp_frame *frame)
{
	xdp_return_frame(frame);
}

/* The one buffer of @frame; NULL for a frame of several (not advertised:
 * no NETDEV_XDP_ACT_NDO_XMIT_SG). */
void *nxp_xdp_frame_data(const struct xdp_frame *frame, unsigned int *len)
{
	if (unlikely(xdp_frame_has_frags(frame)))
		return NULL;
	*len = frame->len;
	return frame->data;
}

bool nxp_dma_map_single(struct device *dev, void *va, unsigned int len, u64 *addr)
{
	dma_addr_t a = dma_map_single(dev, va, len, DMA_TO_DEVICE);

	if (unlikely(dma_mapping_error(dev, a)))
		return false;
	*addr = a;
	return true;
}

/* The driver runs programs (all actions) and takes frames redirected to it,
 * with or without a program of its own. */
void nxp_netdev_set_xdp_features(struct net_device *dev, bool on, bool zc)
{
	xdp_features_t f = NETDEV_XDP_ACT_BASIC | NETDEV_XDP_ACT_REDIRECT |
			   NETDEV_XDP_ACT_NDO_XMIT;

	if (zc)
		f |= NETDEV_XDP_ACT_XSK_ZEROCOPY;
	xdp_set_features_flag(dev, on ? f : 0);
}

/* --- AF_XDP zero-copy ------------------------------------------------------- */

/* The pool's buffers mapped for @dev (before its rings use them). */
int nxp_xsk_pool_dma_map(struct xsk_buff_pool *pool, struct device *dev)
{
	return xsk_pool_dma_map(pool, dev, 0);
}

/* After the last ring using the pool is gone. */
void nxp_xsk_pool_dma_unmap(struct xsk_buff_pool *pool)
{
	xsk_pool_dma_unmap(pool, 0);
}

/* Bytes the device may write in one buffer of the pool (from the data on). */
u32 nxp_xsk_pool_rx_frame_size(struct xsk_buff_pool *pool)
{
	return xsk_pool_get_rx_frame_size(pool);
}

/* The XDP queue info of an Rx ring filled from @pool, registered (and set
 * as the pool's, which XSKMAP redirects check); NULL on failure. */
struct xdp_rxq_info *nxp_xsk_rxq_create(struct xsk_buff_pool *pool,
					struct net_device *dev, u32 queue)
{
	struct nxp_rxq *rxq = kzalloc(sizeof(*rxq), GFP_KERNEL);

	if (!rxq)
		return NULL;
	if (xdp_rxq_info_reg(&rxq->info, dev, queue, 0))
		goto free;
	if (xdp_rxq_info_reg_mem_model(&rxq->info, MEM_TYPE_XSK_BUFF_POOL, NULL))
		goto unreg;
	xsk_pool_set_rxq_info(pool, &rxq->info);
	rxq->dev = dev;
	nxp_res_add(dev, &rxq->node, &((struct nxp_priv *)netdev_priv(dev))->rxqs);
	return &rxq->info;
unreg:
	xdp_rxq_info_unreg(&rxq->info);
free:
	kfree(rxq);
	return NULL;
}

void nxp_xsk_rxq_destroy(struct xdp_rxq_info *rxq)
{
	struct nxp_rxq *q = container_of(rxq, struct nxp_rxq, info);

	nxp_res_del(q->dev, &q->node);
	nxp_rxq_release(q);
}

/* A buffer of the pool's fill ring and the bus address its data starts at
 * (XDP_PACKET_HEADROOM and the socket's headroom in); NULL if empty. */
struct xdp_buff *nxp_xsk_buff_alloc(struct xsk_buff_pool *pool, u64 *dma)
{
	struct xdp_buff *xdp = xsk_buff_alloc(pool);

	if (xdp)
		*dma = xsk_buff_xdp_get_dma(xdp);
	return xdp;
}

void nxp_xsk_buff_free(struct xdp_buff *xdp)
{
	xsk_buff_free(xdp);
}

/* A frame of @len bytes the device wrote @shift bytes into the pool buffer
 * @xdp: runs @prog (if any; none passes every frame) and carries out its
 * verdict, the buffer always consumed:
 *   NXP_XDP_PASS	copied into an skb for GRO (the buffer back to the pool);
 *   NXP_XDP_DROP	dropped (also XDP_ABORTED, unknown actions, and a
 *			pass that found no skb memory);
 *   NXP_XDP_TX		*@frame is a copy of it to send back;
 *   NXP_XDP_TX_ERR	no copy could be made;
 *   NXP_XDP_REDIRECT	redirected (into the socket, or copied elsewhere);
 *   NXP_XDP_REDIRECT_ERR  refused (the socket's Rx ring full, ...).
 * From the Rx NAPI poll; a redirect needs nxp_xdp_flush() before it ends. */
int nxp_xsk_rx(struct bpf_prog *prog, struct nxp_napi *n, struct xdp_buff *xdp,
	       unsigned int shift, unsigned int len, struct xdp_frame **frame)
{
	struct net_device *dev = n->napi.dev;
	struct sk_buff *skb;
	u32 act = XDP_PASS;

	xsk_buff_set_size(xdp, shift + len);
	xdp->data += shift;
	xdp->data_meta = xdp->data;
	xsk_buff_dma_sync_for_cpu(xdp);
	if (prog)
		act = bpf_prog_run_xdp(prog, xdp);
	switch (act) {
	case XDP_PASS:
		skb = xdp_build_skb_from_zc(xdp);
		if (unlikely(!skb)) {
			xsk_buff_free(xdp);
			return NXP_XDP_DROP;
		}
		napi_gro_receive(&n->napi, skb);
		return NXP_XDP_PASS;
	case XDP_TX:
		*frame = xdp_convert_buff_to_frame(xdp);
		if (unlikely(!*frame)) {
			trace_xdp_exception(dev, prog, act);
			xsk_buff_free(xdp);
			return NXP_XDP_TX_ERR;
		}
		return NXP_XDP_TX;
	case XDP_REDIRECT:
		if (unlikely(xdp_do_redirect(dev, xdp, prog))) {
			trace_xdp_exception(dev, prog, act);
			xsk_buff_free(xdp);
			return NXP_XDP_REDIRECT_ERR;
		}
		return NXP_XDP_REDIRECT;
	default:
		bpf_warn_invalid_xdp_action(dev, prog, act);
		fallthrough;
	case XDP_ABORTED:
		trace_xdp_exception(dev, prog, act);
		fallthrough;
	case XDP_DROP:
		xsk_buff_free(xdp);
		return NXP_XDP_DROP;
	}
}

/* The socket is to wake the Rx NAPI (its fill ring ran dry) or not; false
 * if it takes no such requests. */
bool nxp_xsk_set_rx_need_wakeup(struct xsk_buff_pool *pool, bool on)
{
	if (!xsk_uses_need_wakeup(pool))
		return false;
	if (on)
		xsk_set_rx_need_wakeup(pool);
	else
		xsk_clear_rx_need_wakeup(pool);
	return true;
}

/* The socket is to wake the Tx NAPI for what it queues next. */
void nxp_xsk_set_tx_need_wakeup(struct xsk_buff_pool *pool)
{
	if (xsk_uses_need_wakeup(pool))
		xsk_set_tx_need_wakeup(pool);
}

/* Takes up to @max frames off the socket's Tx ring (all must be sent);
 * returns how many, then nxp_xsk_tx_desc() for each. */
u32 nxp_xsk_tx_peek(struct xsk_buff_pool *pool, u32 max)
{
	return xsk_tx_peek_release_desc_batch(pool, max);
}

/* Frame @i of the last nxp_xsk_tx_peek(): its bus address (synced for the
 * device) and *@len. */
u64 nxp_xsk_tx_desc(struct xsk_buff_pool *pool, u32 i, u32 *len)
{
	struct xdp_desc *d = &pool->tx_descs[i];
	dma_addr_t dma = xsk_buff_raw_get_dma(pool, d->addr);

	xsk_buff_raw_dma_sync_for_device(pool, dma, d->len);
	*len = d->len;
	return dma;
}

/* @n frames of the socket's were sent (their completion ring entries). */
void nxp_xsk_tx_completed(struct xsk_buff_pool *pool, u32 n)
{
	xsk_tx_completed(pool, n);
}

/* --- PHY -------------------------------------------------------------------- */

static void nxp_adjust_link(struct net_device *dev)
{
	void *rs = rs_of(dev);

	if (rs)
		nxp_rs_adjust_link(rs);
}

static int __nxp_phy_connect(struct net_device *dev, struct device_node *np);
/* The MAC has EEE: its PHY may advertise it (after nxp_phy_connect()). */
void nxp_phy_support_eee(struct net_device *dev)
{
	((struct nxp_priv *)netdev_priv(dev))->eee = true;
	if (dev->phydev)
		phy_support_eee(dev->phydev);
}

/* Whether the MAC is to enter LPI (the link's EEE resolved on, Tx LPI
 * enabled), and after how many microseconds idle. From adjust_link. */
bool nxp_phy_tx_lpi(struct net_device *dev, u32 *timer_us)
{
	struct phy_device *phydev = dev->phydev;

	if (!phydev || !phydev->enable_tx_lpi)
		return false;
	*timer_us = phydev->eee_cfg.tx_lpi_timer;
	return true;
}

static void __nxp_phy_disconnect(struct net_device *dev, struct device_node *np);

/* Connect the PHY of controller node @np: its phy-handle, or a fixed link.
 * Called from probe, outside RTNL, which phylib's attach/detach want held. */
int nxp_phy_connect(struct net_device *dev, struct device_node *np)
{
	int err;

	rtnl_lock();
	err = __nxp_phy_connect(dev, np);
	rtnl_unlock();
	return err;
}

void nxp_phy_disconnect(struct net_device *dev, struct device_node *np)
{
	rtnl_lock();
	__nxp_phy_disconnect(dev, np);
	rtnl_unlock();
}

/* A PHY on another device's MDIO bus (another controller's, or an MDIO
 * controller's) is used only once that device has bound: a bus registered by
 * a probe that fails later is freed with the PHY attached to us (the i.MX7D
 * fec1 failing after its MDIO bus registered, fec2 probing from the deferred
 * work meanwhile). An owner that binds while we defer triggers our probe
 * again (the driver core retries a probe that deferred while a trigger
 * happened). A bound owner gets a managed link: the driver core then unbinds
 * us first when it unbinds, while its bus still works; the link goes when we
 * unbind or fail to probe (AUTOREMOVE_CONSUMER). The driver core refuses a
 * link where the owner depends on us (an MDIO controller that is our child
 * device): then, as for an owner without a driver, no probe of its can fail
 * under us and none is made. */
static int nxp_link_bus_owner(struct net_device *dev, struct phy_device *phydev)
{
	struct device *owner = phydev->mdio.bus->parent;
	struct device *self = dev->dev.parent;
	struct device_link *link;
	enum dl_dev_state st;

	if (!owner || owner == self)
		return 0;
	st = READ_ONCE(owner->links.status);
	/* An owner without a driver has no probe to fail under us. */
	if (st == DL_DEV_NO_DRIVER && !READ_ONCE(owner->driver))
		return 0;
	/* Probing, unbinding, or a failed probe being cleaned up (its status
	 * is reset before its devres is released). */
	if (st != DL_DEV_DRIVER_BOUND || !device_is_bound(owner)) {
		netdev_dbg(dev, "MDIO bus owner %s not bound\n", dev_name(owner));
		return -EPROBE_DEFER;
	}
	link = device_link_add(self, owner, DL_FLAG_AUTOREMOVE_CONSUMER);
	if (!link) {
		netdev_warn(dev, "no device link to the MDIO bus owner %s\n",
			    dev_name(owner));
		return 0;
	}
	/* The owner began to unbind after the check. */
	if (READ_ONCE(link->status) != DL_STATE_CONSUMER_PROBE)
		return -EPROBE_DEFER;
	return 0;
}

static int __nxp_phy_connect(struct net_device *dev, struct device_node *np)
{
	struct nxp_priv *priv = netdev_priv(dev);
	phy_interface_t iface;
	struct phy_device *phydev;
	int err;

	if (of_get_phy_mode(np, &iface))
		iface = PHY_INTERFACE_MODE_GMII;
	priv->phy_np = of_parse_phandle(np, "phy-handle", 0);
	priv->fixed_link = false;
	if (!priv->phy_np && of_phy_is_fixed_link(np)) {
		err = of_phy_register_fixed_link(np);
		if (err)
			return err;
		priv->phy_np = of_node_get(np);
		priv->fixed_link = true;
	}
	if (!priv->phy_np)
		return -ENODEV;
	if (!priv->fixed_link) {
		/* The PHY may sit on another controller's MDIO bus that is not
		 * registered yet (i.MX7D: fec2's PHY is on fec1's bus). */
		phydev = of_phy_find_device(priv->phy_np);
		if (!phydev) {
			of_node_put(priv->phy_np);
			priv->phy_np = NULL;
			return -EPROBE_DEFER;
		}
		err = nxp_link_bus_owner(dev, phydev);
		put_device(&phydev->mdio.dev);
		if (err) {
			of_node_put(priv->phy_np);
			priv->phy_np = NULL;
			return err;
		}
	}
	phydev = of_phy_connect(dev, priv->phy_np, nxp_adjust_link, 0, iface);
	if (!phydev) {
		__nxp_phy_disconnect(dev, np);
		return -ENODEV;
	}
	/* System sleep stops and restarts the PHY with the MAC
	 * (nxp_netdev_suspend()), as the C fec: the MDIO bus's own PM must
	 * not suspend it behind the running state machine. */
	phydev->mac_managed_pm = true;
	return 0;
}

/* What the MAC can do, for the PHY's advertisement: no 1000BASE-T half
 * duplex, 100 Mbit/s at most without @gbit, symmetric or asymmetric pause. */
void nxp_phy_mac_caps(struct net_device *dev, bool gbit, bool asym_pause)
{
	struct phy_device *phydev = dev->phydev;

	if (!phydev)
		return;
	phy_remove_link_mode(phydev, ETHTOOL_LINK_MODE_1000baseT_Half_BIT);
	if (!gbit)
		phy_set_max_speed(phydev, SPEED_100);
	if (asym_pause)
		phy_support_asym_pause(phydev);
	else
		phy_support_sym_pause(phydev);
}

static void __nxp_phy_disconnect(struct net_device *dev, struct device_node *np)
{
	struct nxp_priv *priv = netdev_priv(dev);

	if (dev->phydev)
		phy_disconnect(dev->phydev);
	if (priv->fixed_link)
		of_phy_deregister_fixed_link(np);
	of_node_put(priv->phy_np);
	priv->phy_np = NULL;
	priv->fixed_link = false;
}

/* Without a connected PHY (a driver bug) these warn and do nothing. */
void nxp_phy_start(struct net_device *dev)
{
	if (!WARN_ON_ONCE(!dev->phydev))
		phy_start(dev->phydev);
}

/* Re-initializes the PHY, which may have lost its settings during system
 * sleep (fec_resume()); phylib logs an error, and the PHY is used as it
 * is. */
void nxp_phy_init_hw(struct net_device *dev)
{
	if (!WARN_ON_ONCE(!dev->phydev))
		phy_init_hw(dev->phydev);
}

void nxp_phy_stop(struct net_device *dev)
{
	if (!WARN_ON_ONCE(!dev->phydev))
		phy_stop(dev->phydev);
}

/* Link state of the attached PHY: true if up, with speed and duplex. */
bool nxp_phy_state(struct net_device *dev, int *speed, bool *full_duplex)
{
	struct phy_device *phydev = dev->phydev;

	if (!phydev)
		return false;
	*speed = phydev->speed;
	*full_duplex = phydev->duplex == DUPLEX_FULL;
	return phydev->link;
}

/* Whether the link partner agreed to symmetric pause (after autoneg). */
bool nxp_phy_pause(struct net_device *dev)
{
	return dev->phydev && dev->phydev->pause;
}

/* Advertise symmetric pause as asked (phylib renegotiates if needed). */
void nxp_phy_set_sym_pause(struct net_device *dev, bool rx, bool tx, bool autoneg)
{
	if (dev->phydev)
		phy_set_sym_pause(dev->phydev, rx, tx, autoneg);
}

/*
 * Advertise Rx and Tx pause separately, as the C gianfar (802.3 Annex 28B:
 * the Pause and Asym_Pause bits), leaving the rest of the advertisement as
 * it is; phylib renegotiates if it changed.
 */
void nxp_phy_set_asym_pause(struct net_device *dev, bool rx, bool tx)
{
	if (dev->phydev)
		phy_set_asym_pause(dev->phydev, rx, tx);
}

/* Whether the PHY can advertise this pause combination. */
bool nxp_phy_validate_pause(struct net_device *dev, bool rx, bool tx)
{
	struct ethtool_pauseparam pp = { .rx_pause = rx, .tx_pause = tx };

	return dev->phydev && phy_validate_pause(dev->phydev, &pp);
}

/*
 * The flow control both ends agreed on: mii_resolve_flowctrl_fdx() of our
 * advertisement and the link partner's Pause/Asym_Pause bits
 * (FLOW_CTRL_TX, FLOW_CTRL_RX), as the C gianfar's gfar_get_flowctrl_cfg().
 */
u8 nxp_phy_resolve_pause(struct net_device *dev)
{
	struct phy_device *phydev = dev->phydev;
	u16 rmt = 0;

	if (!phydev)
		return 0;
	if (phydev->pause)
		rmt |= LPA_PAUSE_CAP;
	if (phydev->asym_pause)
		rmt |= LPA_PAUSE_ASYM;
	return mii_resolve_flowctrl_fdx(linkmode_adv_to_lcl_adv_t(phydev->advertising), rmt);
}

int nxp_phy_start_aneg(struct net_device *dev)
{
	return dev->phydev ? phy_start_aneg(dev->phydev) : -ENODEV;
}

void nxp_phy_print_status(struct net_device *dev)
{
	if (dev->phydev)
		phy_print_status(dev->phydev);
}

/* --- MDIO bus ---------------------------------------------------------------- */

struct nxp_mdio {
	struct mii_bus *bus;
	void *ops;
	nxp_mdio_read_t read;
	nxp_mdio_write_t write;
};

static int nxp_mdio_read(struct mii_bus *bus, int addr, int reg)
{
	struct nxp_mdio *m = bus->priv;

	return m->read(m->ops, addr, reg);
}

static int nxp_mdio_write(struct mii_bus *bus, int addr, int reg, u16 val)
{
	struct nxp_mdio *m = bus->priv;

	return m->write(m->ops, addr, reg, val);
}

/* Registers a clause-22 MDIO bus named @id under @parent whose PHYs are
 * described by @np (NULL: the bus is scanned). */
struct nxp_mdio *nxp_mdio_register(struct device *parent, struct device_node *np,
				   const char *id, void *ops, nxp_mdio_read_t rd,
				   nxp_mdio_write_t wr, int *err)
{
	struct nxp_mdio *m = kzalloc(sizeof(*m), GFP_KERNEL);

	*err = -ENOMEM;
	if (!m)
		return NULL;
	m->bus = mdiobus_alloc();
	if (!m->bus)
		goto free;
	m->ops = ops;
	m->read = rd;
	m->write = wr;
	m->bus->name = "nxp_rs_mii_bus";
	m->bus->read = nxp_mdio_read;
	m->bus->write = nxp_mdio_write;
	m->bus->priv = m;
	m->bus->parent = parent;
	strscpy(m->bus->id, id, MII_BUS_ID_SIZE);
	*err = of_mdiobus_register(m->bus, np);
	if (*err)
		goto free_bus;
	return m;
free_bus:
	mdiobus_free(m->bus);
free:
	kfree(m);
	return NULL;
}

void nxp_mdio_unregister(struct nxp_mdio *m)
{
	mdiobus_unregister(m->bus);
	mdiobus_free(m->bus);
	kfree(m);
}

/* --- Rx filter ----------------------------------------------------------------- */

/* Copies up to @max multicast addresses of @dev into @buf (ETH_ALEN each);
 * returns how many the device has. @locked: the caller (ndo_set_rx_mode)
 * holds the address list lock; otherwise it is taken here. */
unsigned int nxp_netdev_mc_copy(struct net_device *dev, u8 *buf, unsigned int max,
				bool locked)
{
	struct netdev_hw_addr *ha;
	unsigned int n = 0;

	if (!locked)
		netif_addr_lock_bh(dev);
	netdev_for_each_mc_addr(ha, dev) {
		if (n < max)
			ether_addr_copy(buf + n * ETH_ALEN, ha->addr);
		n++;
	}
	if (!locked)
		netif_addr_unlock_bh(dev);
	return n;
}

/* --- Tx checksum --------------------------------------------------------------- */

/* For a MAC that inserts the IPv4 header and TCP/UDP checksums itself
 * (`fec_enet_clear_csum()`): zero both fields of a CHECKSUM_PARTIAL skb. */
int nxp_skb_clear_csum(struct sk_buff *skb)
{
	if (skb->ip_summed != CHECKSUM_PARTIAL)
		return 0;
	if (unlikely(skb_cow_head(skb, 0)))
		return -ENOMEM;
	if (skb->protocol == htons(ETH_P_IP))
		ip_hdr(skb)->check = 0;
	*(__sum16 *)(skb->head + skb->csum_start + skb->csum_offset) = 0;
	return 0;
}

/* --- Tx buffer alignment ---------------------------------------------------- */

/* Whether every buffer of @skb (head and fragments) starts on a multiple of
 * @mask + 1 bytes. */
bool nxp_skb_dma_aligned(const struct sk_buff *skb, unsigned int mask)
{
	const struct skb_shared_info *sh = skb_shinfo(skb);
	unsigned int i;

	if ((unsigned long)skb->data & mask)
		return false;
	for (i = 0; i < sh->nr_frags; i++)
		if (skb_frag_off(&sh->frags[i]) & mask)
			return false;
	return true;
}

/* @len bytes of @skb's data from @offset on (head and fragments) to @to. */
int nxp_skb_copy_bits(const struct sk_buff *skb, unsigned int offset, void *to,
		      unsigned int len)
{
	if (offset > INT_MAX || len > INT_MAX)
		return -EINVAL;
	return skb_copy_bits(skb, offset, to, len);
}

/* A linear copy of @skb whose data starts on an @align-byte boundary (a power
 * of two), for MACs whose DMA needs aligned buffers (the C fec's tx_bounce).
 * Consumes @skb; returns NULL (and frees @skb) when memory is short. */
struct sk_buff *nxp_skb_copy_aligned(struct sk_buff *skb, unsigned int align)
{
	struct sk_buff *n = alloc_skb(skb->len + align, GFP_ATOMIC);

	if (!n) {
		dev_kfree_skb_any(skb);
		return NULL;
	}
	skb_reserve(n, PTR_ALIGN(n->data, align) - n->data);
	if (skb_copy_bits(skb, 0, skb_put(n, skb->len), skb->len)) {
		dev_kfree_skb_any(n);
		dev_kfree_skb_any(skb);
		return NULL;
	}
	n->dev = skb->dev;
	n->protocol = skb->protocol;
	n->priority = skb->priority;
	skb_set_queue_mapping(n, skb_get_queue_mapping(skb));
	/* A hardware Tx timestamp asked for goes to the original's socket: the
	 * copy holds a reference to it, as skb_clone_sk() (the caller gave the
	 * software timestamps from the original already). */
	if ((skb_shinfo(skb)->tx_flags & SKBTX_HW_TSTAMP_NOBPF) && skb->sk &&
	    refcount_inc_not_zero(&skb->sk->sk_refcnt)) {
		n->sk = skb->sk;
		n->destructor = sock_efree;
		skb_shinfo(n)->tx_flags |= SKBTX_HW_TSTAMP_NOBPF;
		skb_shinfo(n)->tskey = skb_shinfo(skb)->tskey;
	}
	dev_consume_skb_any(skb);
	return n;
}

/* --- The end of a driver state -------------------------------------------- */

/* The driver state is about to go (unregistered, or never registered): the
 * callbacks that a handle may still make (an interrupt, a NAPI poll or its
 * DIM work, of a handle the driver leaked or that is dropped after this)
 * find no state from here on, and those running now have ended when this
 * returns. */
static void nxp_netdev_detach(struct net_device *dev)
{
	struct nxp_priv *priv = netdev_priv(dev);
	struct nxp_irq *i;
	struct nxp_napi *n;

	WRITE_ONCE(priv->rs, NULL);
	/* Nothing adds or removes a handle meanwhile: no operation runs on
	 * an unregistered device, and the state that owns the handles is
	 * dropped after this returns. A line still requested now is one the
	 * state keeps or leaked: off (which waits for a running handler), so
	 * that a leaked one still asserted does not count as unhandled. */
	list_for_each_entry(i, &priv->irqs, node)
		disable_irq(i->irq);
	/* NAPI polls (softirq, threaded or busy polls: with BHs off) are RCU
	 * readers. */
	synchronize_net();
	list_for_each_entry(n, &priv->napis, node)
		flush_work(&n->dim.work);
}

/* Releases the shim's part of the handles the driver leaked (see struct
 * nxp_priv; the Rust side of a leaked value stays leaked): interrupts first
 * (their handlers schedule the NAPIs), then the NAPIs disabled, then the
 * pools (whose destroy wants their NAPI disabled), then the NAPIs deleted.
 * The state is gone (nxp_netdev_detach()): none of them reaches it. */
static void nxp_netdev_sweep(struct net_device *dev)
{
	struct nxp_priv *priv = netdev_priv(dev);
	struct nxp_irq *i, *in;
	struct nxp_rxq *q, *qn;
	struct nxp_napi *n, *nn;

	/* No other user is left: the lists change without the lock. */
	list_for_each_entry_safe(i, in, &priv->irqs, node) {
		netdev_err(dev, "IRQ %u leaked by the driver: freed\n", i->irq);
		list_del(&i->node);
		free_irq(i->irq, i);
		kfree(i);
	}
	list_for_each_entry(n, &priv->napis, node) {
		if (n->enabled) {
			napi_disable(&n->napi);
			n->enabled = false;
		}
	}
	list_for_each_entry_safe(q, qn, &priv->rxqs, node) {
		netdev_err(dev, "Rx queue %u's %s leaked by the driver: released\n",
			   q->info.queue_index, q->pool ? "page pool" : "XDP queue info");
		list_del(&q->node);
		nxp_rxq_release(q);
	}
	list_for_each_entry_safe(n, nn, &priv->napis, node) {
		netdev_err(dev, "NAPI instance %u leaked by the driver: deleted\n", n->id);
		list_del(&n->node);
		nxp_napi_release(n);
	}
}

/* Process context, without RTNL (the profiles are RTNL-protected). */
void nxp_netdev_free(struct net_device *dev)
{
	nxp_netdev_sweep(dev);
	rtnl_lock();
	net_dim_free_irq_moder(dev);
	rtnl_unlock();
	free_netdev(dev);
}
