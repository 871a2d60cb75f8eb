// SPDX-License-Identifier: GPL-2.0
/*
 * C shim of the nxp-rfl drivers; see shim.h. Each function is a plain
 * out-of-line wrapper: no driver logic lives here.
 */
#include <linux/atomic.h>
#include <linux/debugfs.h>
#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/gpio/consumer.h>
#include <linux/etherdevice.h>
#include <linux/io.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_irq.h>
#include <linux/of_net.h>
#include <linux/phy.h>
#include <linux/platform_device.h>
#include <linux/skbuff.h>
#include <linux/string.h>

#include "shim.h"

/* The device's node, with a reference the caller must put. */
struct device_node *nxp_dev_of_node(struct device *dev)
{
	return of_node_get(dev->of_node);
}

/* Next child of @parent named @name after @prev (NULL: the first one), with a
 * reference the caller must put. The caller's reference on @prev is kept. */
struct device_node *nxp_of_next_child_named(struct device_node *parent,
					    struct device_node *prev,
					    const char *name)
{
	/* of_get_next_child() puts the node it starts from. */
	struct device_node *np = of_node_get(prev);

	while ((np = of_get_next_child(parent, np)))
		if (of_node_name_eq(np, name))
			return np;
	return NULL;
}

struct device_node *nxp_of_node_get(struct device_node *np)
{
	return of_node_get(np);
}

void nxp_of_node_put(struct device_node *np)
{
	of_node_put(np);
}

bool nxp_of_node_is_type(const struct device_node *np, const char *type)
{
	return of_node_is_type(np, type);
}

int nxp_of_get_mac_address(struct device_node *np, u8 *mac)
{
	return of_get_mac_address(np, mac);
}

unsigned int nxp_of_irq(struct device_node *np, int index)
{
	return irq_of_parse_and_map(np, index);
}

/* Map memory resource @index of @np: request the region, then ioremap it.
 * nxp_iounmap_resource() undoes both. */
int nxp_ioremap_of(struct device_node *np, int index, const char *name,
		   void __iomem **base, struct nxp_res *res)
{
	struct resource r;
	void __iomem *p;
	int ret;

	ret = of_address_to_resource(np, index, &r);
	if (ret)
		return ret;
	if (!request_mem_region(r.start, resource_size(&r), name))
		return -EBUSY;
	p = ioremap(r.start, resource_size(&r));
	if (!p) {
		release_mem_region(r.start, resource_size(&r));
		return -ENOMEM;
	}
	*base = p;
	res->start = r.start;
	res->size = resource_size(&r);
	return 0;
}

void nxp_iounmap_resource(void __iomem *base, const struct nxp_res *res)
{
	iounmap(base);
	release_mem_region(res->start, res->size);
}

int nxp_platform_irq(struct platform_device *pdev, unsigned int index)
{
	return platform_get_irq_optional(pdev, index);
}

int nxp_platform_irq_byname(struct platform_device *pdev, const char *name)
{
	return platform_get_irq_byname_optional(pdev, name);
}

u32 nxp_read32_be(const void __iomem *addr)
{
	return ioread32be(addr);
}

void nxp_write32_be(u32 val, void __iomem *addr)
{
	iowrite32be(val, addr);
}

u32 nxp_read32_le(const void __iomem *addr)
{
	return readl(addr);
}

void nxp_write32_le(u32 val, void __iomem *addr)
{
	writel(val, addr);
}

bool nxp_single_cpu(void)
{
	return num_possible_cpus() == 1;
}

unsigned int nxp_max_skb_frags(void)
{
	return MAX_SKB_FRAGS;
}

void nxp_random_ether_addr(u8 *mac)
{
	eth_random_addr(mac);
}

int nxp_of_read_u32(const struct device_node *np, const char *name, u32 *out)
{
	return of_property_read_u32(np, name, out);
}

/* The child of @np called @name, with a reference the caller must put. */
struct device_node *nxp_of_child_named(struct device_node *np, const char *name)
{
	return of_get_child_by_name(np, name);
}

int nxp_of_phy_if(struct device_node *np)
{
	phy_interface_t iface;

	if (of_get_phy_mode(np, &iface))
		return NXP_PHY_IF_MII;
	if (phy_interface_mode_is_rgmii(iface))
		return NXP_PHY_IF_RGMII;
	if (iface == PHY_INTERFACE_MODE_RMII)
		return NXP_PHY_IF_RMII;
	return NXP_PHY_IF_MII;
}

/* An optional output GPIO of @dev (device-managed), driven to @high (the
 * logical, asserted level) at once; *out is NULL if the DT has none. */
int nxp_gpiod_get_optional_out(struct device *dev, const char *con_id,
			       bool high, struct gpio_desc **out)
{
	struct gpio_desc *g = devm_gpiod_get_optional(dev, con_id,
						     high ? GPIOD_OUT_HIGH : GPIOD_OUT_LOW);

	if (IS_ERR(g))
		return PTR_ERR(g);
	*out = g;
	return 0;
}

void nxp_gpiod_set_value_cansleep(struct gpio_desc *g, int value)
{
	gpiod_set_value_cansleep(g, value);
}

struct dentry *nxp_debugfs_create_dir(const char *name)
{
	/* An error pointer is a valid parent (files are then not created) and
	 * a valid argument of debugfs_remove(). */
	return debugfs_create_dir(name, NULL);
}

void nxp_debugfs_create_x32(struct dentry *dir, const char *name, u32 *val)
{
	debugfs_create_x32(name, 0444, dir, val);
}

void nxp_debugfs_create_atomic(struct dentry *dir, const char *name, void *atomic)
{
	debugfs_create_atomic_t(name, 0600, dir, atomic);
}

void nxp_debugfs_remove(struct dentry *dir)
{
	debugfs_remove(dir);
}
