/* SPDX-License-Identifier: GPL-2.0 */
/*
 * C shim of the nxp-rfl drivers: out-of-line wrappers for the static inline
 * kernel helpers and macros the Rust drivers need, plus the few kernel APIs
 * whose headers the stock Rust bindings do not include (netdevice.h, of_net.h,
 * of_address.h, of_irq.h). Linked into each driver module (composite object);
 * every function here is called only from netdev/ffi.rs.
 */
#ifndef NXP_RFL_SHIM_H
#define NXP_RFL_SHIM_H

#include <linux/spinlock_types.h>
#include <linux/types.h>

struct device;
struct device_node;
struct platform_device;

/* A mapped MMIO resource as the Rust side sees it. Layout shared with ffi.rs. */
struct nxp_res {
	u64 start;
	u64 size;
};

/* Device tree. */
struct device_node *nxp_dev_of_node(struct device *dev);
struct device_node *nxp_of_next_child_named(struct device_node *parent,
					    struct device_node *prev,
					    const char *name);
struct device_node *nxp_of_node_get(struct device_node *np);
void nxp_of_node_put(struct device_node *np);
bool nxp_of_node_is_type(const struct device_node *np, const char *type);
int nxp_of_get_mac_address(struct device_node *np, u8 *mac);
unsigned int nxp_of_irq(struct device_node *np, int index);
int nxp_of_read_u32(const struct device_node *np, const char *name, u32 *out);
struct device_node *nxp_of_child_named(struct device_node *np, const char *name);

/* PHY interface class of a controller node's phy-mode (NXP_PHY_IF_*). */
#define NXP_PHY_IF_MII		0
#define NXP_PHY_IF_RMII		1
#define NXP_PHY_IF_RGMII	2
int nxp_of_phy_if(struct device_node *np);

/* GPIOs (device-managed). */
struct gpio_desc;
int nxp_gpiod_get_optional_out(struct device *dev, const char *con_id,
			       bool high, struct gpio_desc **out);
void nxp_gpiod_set_value_cansleep(struct gpio_desc *g, int value);

/* System controller registers (syscon regmaps). */
struct regmap;
int nxp_syscon_bit_of(struct device_node *np, const char *prop,
		      struct regmap **map, u32 *reg, u32 *bit);
int nxp_regmap_update_bits(struct regmap *map, u32 reg, u32 mask, u32 val);

/* MMIO mappings of device-tree resources (request + ioremap, and back). */
int nxp_ioremap_of(struct device_node *np, int index, const char *name,
		   void __iomem **base, struct nxp_res *res);
void nxp_iounmap_resource(void __iomem *base, const struct nxp_res *res);
int nxp_platform_irq(struct platform_device *pdev, unsigned int index);
int nxp_platform_irq_byname(struct platform_device *pdev, const char *name);

/* Register access with explicit byte order. */
u32 nxp_read32_be(const void __iomem *addr);
void nxp_write32_be(u32 val, void __iomem *addr);
u32 nxp_read32_le(const void __iomem *addr);
void nxp_write32_le(u32 val, void __iomem *addr);

/* A spinlock_t taken and released through calls inside the module (the
 * kernel's Rust helpers, rust_helper___spin_lock_init() and the rest, as
 * the module's own functions: no PLT stub, and no lockdep assertion call
 * where lockdep is off). */
struct lock_class_key;
void nxp_spin_lock_init(spinlock_t *lock, const char *name, struct lock_class_key *key);
void nxp_spin_lock(spinlock_t *lock);
void nxp_spin_unlock(spinlock_t *lock);
bool nxp_spin_trylock(spinlock_t *lock);
void nxp_spin_assert_held(spinlock_t *lock);

/* An interrupt mask register's value, cached beside the spinlock that
 * serializes its read-modify-write updates between the hard interrupt
 * handlers, the NAPI polls and process context (grp->grplock in the C
 * gianfar). Each update is one call: the lock taken with interrupts off (or
 * as a plain spinlock with @irqs_off, in a handler that runs with them off),
 * the value changed, the register written (big-endian if @be), the lock
 * released.
 *   nxp_irq_mask_update: clears @clear, then sets @set; returns the value.
 *   nxp_irq_mask_take:   the sources among @events that are unmasked (the
 *                        return value) are masked, or all of @group if it
 *                        is not 0 and one of them was; the register is
 *                        written only if one was. */
struct nxp_irq_mask;
struct nxp_irq_mask *nxp_irq_mask_alloc(void);
void nxp_irq_mask_free(struct nxp_irq_mask *m);
u32 nxp_irq_mask_update(struct nxp_irq_mask *m, void __iomem *reg, bool be, u32 clear, u32 set);
u32 nxp_irq_mask_take(struct nxp_irq_mask *m, void __iomem *reg, bool be, bool irqs_off,
		      u32 events, u32 group);

/* debugfs: a directory at the debugfs root with read-only hex u32 files and
 * writable atomic_t knobs (the values live in the caller's memory). */
struct dentry;
struct dentry *nxp_debugfs_create_dir(const char *name);
void nxp_debugfs_create_x32(struct dentry *dir, const char *name, u32 *val);
void nxp_debugfs_create_atomic(struct dentry *dir, const char *name, void *atomic);
void nxp_debugfs_remove(struct dentry *dir);

/* Runtime PM of a device whose clocks (the PM clock list) are gated while
 * it is runtime-suspended. */
int nxp_rpm_enable(struct device *dev, const char *const *clocks, int n, int autosuspend_ms);
void nxp_rpm_disable(struct device *dev);
int nxp_rpm_get(struct device *dev);
void nxp_rpm_put(struct device *dev);
int nxp_rpm_force_suspend(struct device *dev);
int nxp_rpm_force_resume(struct device *dev);
int nxp_rpm_runtime_suspend(struct device *dev);
int nxp_rpm_runtime_resume(struct device *dev);
void nxp_rpm_check(struct device *dev, unsigned long offset);

/* Packets. */
unsigned int nxp_max_skb_frags(void);
bool nxp_single_cpu(void);

/* Ethernet addresses. */
void nxp_random_ether_addr(u8 *mac);

#endif /* NXP_RFL_SHIM_H */
