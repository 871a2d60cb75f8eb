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
#include <linux/mfd/syscon.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_irq.h>
#include <linux/of_net.h>
#include <linux/phy.h>
#include <linux/platform_device.h>
#include <linux/pm_clock.h>
#include <linux/pm_runtime.h>
#include <linux/regmap.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include "shim.h"
#include "shim_irq_mask.h"

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

void nxp_spin_lock_init(spinlock_t *lock, const char *name, struct lock_class_key *key)
{
#ifdef CONFIG_DEBUG_SPINLOCK
# if defined(CONFIG_PREEMPT_RT)
	__spin_lock_init(lock, name, key, false);
# else
	__raw_spin_lock_init(spinlock_check(lock), name, key, LD_WAIT_CONFIG);
# endif
#else
	spin_lock_init(lock);
#endif
}

void nxp_spin_lock(spinlock_t *lock)
{
	spin_lock(lock);
}

void nxp_spin_unlock(spinlock_t *lock)
{
	spin_unlock(lock);
}

bool nxp_spin_trylock(spinlock_t *lock)
{
	return spin_trylock(lock);
}

void nxp_spin_assert_held(spinlock_t *lock)
{
	lockdep_assert_held(lock);
}

struct nxp_irq_mask *nxp_irq_mask_alloc(void)
{
	struct nxp_irq_mask *m = kzalloc(sizeof(*m), GFP_KERNEL);

	if (m)
		spin_lock_init(&m->lock);
	return m;
}

void nxp_irq_mask_free(struct nxp_irq_mask *m)
{
	kfree(m);
}

u32 nxp_irq_mask_update(struct nxp_irq_mask *m, void __iomem *reg, bool be, u32 clear, u32 set)
{
	unsigned long flags = nxp_irq_mask_lock(m, false);
	u32 v = (m->val & ~clear) | set;

	m->val = v;
	nxp_irq_mask_write(v, reg, be);
	nxp_irq_mask_unlock(m, false, flags);
	return v;
}

u32 nxp_irq_mask_take(struct nxp_irq_mask *m, void __iomem *reg, bool be, bool irqs_off,
		      u32 events, u32 group)
{
	return __nxp_irq_mask_take(m, reg, be, irqs_off, events, group);
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

/* A bit of a system controller's register named by the property <&syscon
 * reg bit> of np, as fec_enet_init_stop_mode() reads "fsl,stop-mode": 0
 * with *map NULL if the property names no node; an errno if its cells are
 * missing or the syscon has no regmap. A regmap syscon.c creates for a
 * "syscon" node is never freed (the i.MX GPRs are such). */
int nxp_syscon_bit_of(struct device_node *np, const char *prop,
		      struct regmap **map, u32 *reg, u32 *bit)
{
	struct device_node *syscon;
	struct regmap *m;
	u32 v[3];
	int ret;

	*map = NULL;
	syscon = of_parse_phandle(np, prop, 0);
	if (!syscon)
		return 0;
	ret = of_property_read_u32_array(np, prop, v, ARRAY_SIZE(v));
	if (!ret) {
		m = syscon_node_to_regmap(syscon);
		if (IS_ERR(m)) {
			ret = PTR_ERR(m);
		} else {
			*map = m;
			*reg = v[1];
			*bit = v[2];
		}
	}
	of_node_put(syscon);
	return ret;
}

int nxp_regmap_update_bits(struct regmap *map, u32 reg, u32 mask, u32 val)
{
	return regmap_update_bits(map, reg, mask, val);
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

#ifdef CONFIG_PM_CLK
static int nxp_clk_on(struct device *dev)
{
	return pm_clk_resume(dev);
}

static int nxp_clk_off(struct device *dev)
{
	return pm_clk_suspend(dev);
}
#else
/* No PM clock list (the PowerPC kernels, whose eTSEC drivers have no runtime
 * PM): nxp_rpm_enable() fails before it would use one. */
static int nxp_clk_on(struct device *dev)
{
	return -EOPNOTSUPP;
}

static int nxp_clk_off(struct device *dev)
{
	return 0;
}
#endif

/* Runtime PM with the clocks @clocks (@n names) of @dev gated while it is
 * runtime-suspended: they go on the device's PM clock list (released with
 * the device's resources), which the runtime callbacks below turn off and
 * on, and run from here on. Autosuspend after @autosuspend_ms of disuse.
 * On success the device is runtime-active and the caller holds a usage
 * reference (the C fec's probe sequence), to give back with nxp_rpm_put().
 */
int nxp_rpm_enable(struct device *dev, const char *const *clocks, int n, int autosuspend_ms)
{
	int i, err;

	err = devm_pm_clk_create(dev);
	if (err)
		return err;
	for (i = 0; i < n; i++) {
		err = pm_clk_add(dev, clocks[i]);
		if (err)
			return err;
	}
	err = nxp_clk_on(dev);
	if (err)
		return err;
	pm_runtime_set_autosuspend_delay(dev, autosuspend_ms);
	pm_runtime_use_autosuspend(dev);
	pm_runtime_get_noresume(dev);
	pm_runtime_set_active(dev);
	pm_runtime_enable(dev);
	return 0;
}

/* Undoes nxp_rpm_enable() once no usage reference is left: runtime PM off
 * with the device resumed, then its clocks off. */
void nxp_rpm_disable(struct device *dev)
{
	int err = pm_runtime_get_sync(dev);

	pm_runtime_put_noidle(dev);
	pm_runtime_disable(dev);
	pm_runtime_dont_use_autosuspend(dev);
	/* After a failed resume the clocks are off already. */
	if (err >= 0)
		nxp_clk_off(dev);
	pm_runtime_set_suspended(dev);
}

/* A usage reference: the device resumed (its clocks on) until the matching
 * nxp_rpm_put(). May sleep. */
int nxp_rpm_get(struct device *dev)
{
	return pm_runtime_resume_and_get(dev);
}

/* Gives a usage reference back; the device suspends after the autosuspend
 * delay once none is left. Does not sleep. */
void nxp_rpm_put(struct device *dev)
{
	pm_runtime_put_autosuspend(dev);
}

/* System sleep: the device suspended whatever its usage (its clocks off),
 * and back as it was. */
int nxp_rpm_force_suspend(struct device *dev)
{
	return pm_runtime_force_suspend(dev);
}

int nxp_rpm_force_resume(struct device *dev)
{
	return pm_runtime_force_resume(dev);
}

/* The runtime PM callbacks of a driver using nxp_rpm_enable(). */
int nxp_rpm_runtime_suspend(struct device *dev)
{
	return nxp_clk_off(dev);
}

int nxp_rpm_runtime_resume(struct device *dev)
{
	return nxp_clk_on(dev);
}

/* Debug builds: a register access at @offset of a device whose clocks
 * runtime PM has gated is a bug (on silicon the access hangs or reads
 * garbage; QEMU does not mind, so this check is what shows it). */
void nxp_rpm_check(struct device *dev, unsigned long offset)
{
	dev_WARN_ONCE(dev, pm_runtime_status_suspended(dev),
		      "register %#lx accessed while runtime-suspended\n", offset);
}
